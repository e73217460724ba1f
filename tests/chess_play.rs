//! Property tests over random play with real dice: the kings stay, no action leaves its own king
//! in check (except the check-continuation case), reserves add up, notation round-trips, undo
//! replays the same dice, and nothing panics.

use carved_tables::ai::{Level, Player};
use carved_tables::play::{ClockSetting, Match, Seat};
use carved_tables::rules::Game as _;
use carved_tables::rules::chess::{
    Action, Army, AttemptResult, Colour, DiceRng, Play, Role, State, movegen, parse_position,
    piece_actions, start_state,
};

fn pawn_total(state: &State, c: Colour) -> i64 {
    (state.board().count(c, Role::Pawn) + state.reserve(c) as usize) as i64
}

fn check_invariants(state: &State, expected_pawns: Option<[i64; 2]>) {
    let board = state.board();
    for c in Colour::BOTH {
        assert_eq!(board.count(c, Role::King), 1, "{c:?} king missing: {state}");
        if let Some(expected) = expected_pawns {
            assert_eq!(
                pawn_total(state, c),
                expected[c.index()],
                "{c:?} pawns do not add up: {state}"
            );
        }
    }
    for (sq, p) in board.pieces() {
        assert!(!board.is_impassable(sq));
        assert!(
            !(p.wounded && p.role == Role::King),
            "a wounded king: {state}"
        );
        assert!(!p.heir || p.role == Role::Pawn);
    }
    let text = state.to_string();
    let back = parse_position(&text).unwrap_or_else(|e| panic!("{text}: {e}"));
    assert_eq!(back.to_string(), text);
    assert_eq!(back.board(), state.board());
}

/// Plays `games` random games (cards included) of at most `max_actions` actions, checking the
/// invariants after every action; returns how many games reached their end.
fn random_games(games: u64, max_actions: usize, seed: u64) -> u64 {
    let mut rng = DiceRng::new(seed);
    let mut ended = 0;
    for game_no in 0..games {
        let w = Army::random(Colour::White, &mut rng, 14, 15);
        let b = Army::random(Colour::Black, &mut rng, 14, 15);
        let mut game = Match::new(
            start_state(&w, &b, rng.next_u64()),
            [Seat::Person, Seat::Person],
            ClockSetting::default(),
            0,
        );
        for _ in 0..max_actions {
            let state = game.state().clone();
            // Pawns on the board plus the reserve change only by promotions, statues and
            // demotions (counted for this one action).
            let totals = Colour::BOTH.map(|c| pawn_total(&state, c));
            let mut promotions = [0usize; 2];
            let mut statues = [0usize; 2];
            let mut demoted = [0usize; 2];
            let actions = state.legal_actions();
            if actions.is_empty() {
                assert!(state.end().is_some(), "no action but no end: {state}");
                ended += 1;
                break;
            }
            // Every action's notation reads back; the per-piece view lists the same board actions
            // (card plays are listed apart).
            for a in &actions {
                assert_eq!(a.to_string().parse::<Action>().as_ref(), Ok(a));
            }
            let by_piece: usize = state
                .board()
                .pieces()
                .filter(|(_, p)| p.colour == state.turn())
                .map(|(sq, _)| {
                    let pa = piece_actions(&state, sq);
                    pa.moves.len() + pa.attempts.len() + pa.heals.len()
                })
                .sum();
            let board_actions = actions
                .iter()
                .filter(|a| !matches!(a, Action::Play(_) | Action::Pass))
                .count();
            assert_eq!(by_piece, board_actions);
            let action = actions[rng.below(actions.len() as u64) as usize];
            let was_in_check = state.in_check();
            let record = game.submit(state.to_move(), action).unwrap().record;
            let after = game.state();
            if after.turn() == record.actor {
                assert!(was_in_check, "the same side acts again only out of a check");
                assert!(matches!(
                    record.result,
                    Some(AttemptResult::Wound | AttemptResult::Miss)
                ));
            } else if state.window().is_none() && action != Action::Play(Play::Cancel) {
                // (A window answer or Cancel moves nothing of the actor's: a king attacked since
                // a blind set-up stays attacked until its own turn.)
                assert!(
                    !movegen::in_check(after.board(), record.actor),
                    "{state} {action}"
                );
            }
            let promoted = match action {
                Action::Move { promotion, .. } => promotion.is_some(),
                Action::Attempt { promotion, .. } => {
                    promotion.is_some() && record.result == Some(AttemptResult::Success)
                }
                Action::Heal { .. } | Action::Pass => false,
                Action::Play(p) => p.card_move().is_some_and(|m| {
                    m.promotion.is_some()
                        && (!m.attack || record.result == Some(AttemptResult::Success))
                }),
            };
            if promoted {
                promotions[record.actor.index()] += 1;
            }
            if let Action::Play(Play::MassAttack(choice)) = action {
                promotions[record.actor.index()] += choice.iter().flatten().count();
            }
            // Explosive Ram turns adjacent enemy bishops and knights into pawns.
            if let Action::Play(Play::ExplosiveRam(rook)) = action {
                for sq in state.board().pieces().map(|(s, _)| s) {
                    let p = state.board().get(sq).unwrap();
                    if sq.distance(rook) == 1
                        && p.colour != record.actor
                        && matches!(p.role, Role::Bishop | Role::Knight)
                    {
                        demoted[p.colour.index()] += 1;
                    }
                }
            }
            // A statue takes a pawn off the board without a reserve.
            if let Action::Play(Play::Statue(sq)) = action {
                let pawn = state.board().get(sq).unwrap();
                statues[pawn.colour.index()] += 1;
            }
            // Cancel brings back a whole earlier state, checked when it stood.
            let expected = (action != Action::Play(Play::Cancel)).then(|| {
                [0, 1].map(|i| {
                    totals[i] - promotions[i] as i64 - statues[i] as i64 + demoted[i] as i64
                })
            });
            check_invariants(after, expected);
            // Now and then: undo and replay — the same dice come back.
            if rng.below(10) == 0 {
                let before = game.state().clone();
                let undone = game.course().last().unwrap().record;
                game.take_back(1).unwrap();
                let side = game.state().to_move();
                let again = game.submit(side, undone.action).unwrap().record;
                assert_eq!(again, undone, "game {game_no}");
                assert_eq!(game.state(), &before);
            }
        }
    }
    ended
}

#[test]
fn random_games_keep_every_invariant() {
    let ended = random_games(40, 400, 11);
    assert!(
        ended > 0,
        "some random games reach their end within 400 actions"
    );
}

/// The long run: `cargo test --no-default-features --release --test chess_play -- --ignored`.
#[test]
#[ignore]
fn thousand_random_games_end_and_keep_every_invariant() {
    assert_eq!(random_games(1000, 100_000, 2026), 1000, "every game ends");
}

#[test]
fn engine_games_end_and_stay_legal() {
    let mut rng = DiceRng::new(3);
    for g in 0..3 {
        let w = Army::random(Colour::White, &mut rng, 14, 15);
        let b = Army::random(Colour::Black, &mut rng, 14, 15);
        let mut state = start_state(&w, &b, g);
        for n in 0..600u64 {
            if state.end().is_some() {
                break;
            }
            let player = if state.turn() == Colour::White {
                Player::Engine(Level::Easy)
            } else {
                Player::Random
            };
            let action = player
                .choose(&state, n)
                .expect("a legal action while the game runs");
            state = state.apply(&action).unwrap().0;
        }
        assert_eq!(state.board().count(Colour::White, Role::King), 1);
        assert_eq!(state.board().count(Colour::Black, Role::King), 1);
    }
}
