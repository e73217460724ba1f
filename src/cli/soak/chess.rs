//! Artifact Chess under the soak: dealt armies with their hands (so every artifact, the
//! response windows and Cancel come up), the queenless reference start, and the match's course
//! (`play::Match`): a takeback after every action, and now and then a walk back through it.

use super::Soak;
use crate::play::{ClockSetting, Match, Seat};
use crate::rules::Game as _;
use crate::rules::chess::cards::CardMove;
use crate::rules::chess::{
    Action, Artifact, Colour, DiceRng, NO_PROGRESS_LIMIT, Play, Record, Role, Square, State,
    last_actor,
};
use rand::Rng;
use rand::seq::IndexedRandom;
use rand_chacha::ChaCha8Rng;

fn random_square(rng: &mut ChaCha8Rng) -> Square {
    Square::from_index(rng.random_range(0..64usize)).expect("0..64 is a square")
}

fn random_promotion(rng: &mut ChaCha8Rng) -> Option<Role> {
    match rng.random_range(0..6) {
        0 => Some(Role::Rook),
        1 => Some(Role::Bishop),
        2 => Some(Role::Knight),
        3 => Some(Role::ALL[rng.random_range(0..5)]),
        _ => None,
    }
}

fn random_artifact(rng: &mut ChaCha8Rng) -> Artifact {
    Artifact::ALL[rng.random_range(0..Artifact::ALL.len())]
}

fn random_card_move(rng: &mut ChaCha8Rng) -> CardMove {
    CardMove {
        from: random_square(rng),
        to: random_square(rng),
        attack: rng.random(),
        promotion: random_promotion(rng),
    }
}

/// Any play of any artifact, aimed anywhere.
fn random_play(rng: &mut ChaCha8Rng) -> Play {
    let card = random_artifact(rng);
    match card {
        Artifact::Seize => Play::Seize(random_artifact(rng)),
        Artifact::KingsStride => Play::KingsStride {
            via: random_square(rng),
            m: random_card_move(rng),
        },
        Artifact::MassAttack => {
            let mut promotions = [None; 8];
            for p in &mut promotions {
                if rng.random_ratio(1, 4) {
                    *p = random_promotion(rng);
                }
            }
            Play::MassAttack(promotions)
        }
        _ => Play::from_parts(card, Some(random_card_move(rng)), None)
            .or_else(|| Play::from_parts(card, None, Some(random_square(rng))))
            .or_else(|| Play::from_parts(card, None, None))
            .unwrap_or(Play::Cancel),
    }
}

/// A listed action changed a little: another square, another promotion, another card.
fn nudge(a: Action, rng: &mut ChaCha8Rng) -> Action {
    match a {
        Action::Move {
            from,
            to,
            promotion,
        } => match rng.random_range(0..3) {
            0 => Action::Move {
                from,
                to: random_square(rng),
                promotion,
            },
            1 => Action::Attempt {
                from,
                to,
                promotion,
            },
            _ => Action::Move {
                from,
                to,
                promotion: random_promotion(rng),
            },
        },
        Action::Attempt {
            from,
            to,
            promotion,
        } => match rng.random_range(0..3) {
            0 => Action::Move {
                from,
                to,
                promotion,
            },
            1 => Action::Attempt {
                from: random_square(rng),
                to,
                promotion,
            },
            _ => Action::Attempt {
                from,
                to,
                promotion: random_promotion(rng),
            },
        },
        Action::Heal { king, .. } => Action::Heal {
            king,
            target: random_square(rng),
        },
        Action::Play(p) => match p {
            Play::Seize(_) => Action::Play(Play::Seize(random_artifact(rng))),
            _ => match (p.card_move(), p.target()) {
                (Some(m), _) if rng.random() => {
                    let m = CardMove {
                        to: random_square(rng),
                        ..m
                    };
                    Action::Play(Play::from_parts(p.artifact(), Some(m), None).unwrap_or(p))
                }
                (None, Some(_)) if rng.random() => Action::Play(
                    Play::from_parts(p.artifact(), None, Some(random_square(rng))).unwrap_or(p),
                ),
                _ => Action::Play(random_play(rng)),
            },
        },
        Action::Pass => Action::Play(random_play(rng)),
    }
}

fn pieces_and_reserve(s: &State, c: Colour) -> usize {
    s.board().pieces().filter(|(_, p)| p.colour == c).count() + s.reserve(c) as usize
}

impl Soak for State {
    type Keep = Match<State>;
    const SAMPLE: usize = 6;
    const PROBES: usize = 6;

    fn soak_opening(rng: &mut ChaCha8Rng) -> State {
        if rng.random_ratio(1, 8) {
            State::start().with_dice_seed(rng.random())
        } else {
            State::opening(rng.random())
        }
    }

    fn opening_label(&self) -> &'static str {
        if self.hand(Colour::White).is_empty() && self.hand(Colour::Black).is_empty() {
            "games from the queenless start (no cards)"
        } else {
            "games from dealt armies and hands"
        }
    }

    fn action_label(&self, a: &Action) -> &'static str {
        match a {
            Action::Move {
                promotion: Some(_), ..
            } => "move with promotion",
            Action::Move { .. } => "move",
            Action::Attempt { .. } => "capture attempt",
            Action::Heal { .. } => "heal",
            Action::Play(Play::Cancel) if self.window().is_some() => "Cancel in a response window",
            Action::Play(Play::Cancel) => "Cancel at the start of a turn",
            Action::Play(Play::Seize(_)) if self.window().is_some() => {
                "Seize answering a response window"
            }
            Action::Play(Play::Seize(_)) | Action::Play(Play::Restriction(_)) => {
                "card opening a response window"
            }
            Action::Play(_) => "other card",
            Action::Pass => "pass in a response window",
        }
    }

    /// The key is always computed from the state; the last position seen must be this one's.
    fn hash_check(&self) -> Result<(), String> {
        let key = self.key();
        if self.seen.last() != Some(&key) {
            return Err(format!(
                "the last key seen {:?} is not the position's {key:#x}",
                self.seen.last()
            ));
        }
        if self.clone().key() != key || self.repetitions() == 0 {
            return Err("the key is not a function of the state".into());
        }
        Ok(())
    }

    fn count_check(&self, start: &State) -> Result<(), String> {
        let board = self.board();
        for c in Colour::BOTH {
            let kings: Vec<_> = board
                .pieces()
                .filter(|(_, p)| p.colour == c && p.role == Role::King)
                .collect();
            if kings.len() != 1 {
                return Err(format!("{c:?} has {} kings", kings.len()));
            }
            if kings[0].1.wounded || kings[0].1.heir {
                return Err(format!("{c:?}'s king is marked: {:?}", kings[0].1));
            }
            // Pieces leave the board (a capture, a Statue), pawns go to the reserve and come
            // back (Resurrection, Zombie Pawn), pieces change (promotion, Explosive Ram's
            // demotion): the pieces and the reserve together never grow.
            if pieces_and_reserve(self, c) > pieces_and_reserve(start, c) {
                return Err(format!(
                    "{c:?} has {} pieces on the board and in reserve, {} at the start",
                    pieces_and_reserve(self, c),
                    pieces_and_reserve(start, c)
                ));
            }
            if board.pieces().filter(|(_, p)| p.colour == c).count() > 16 {
                return Err(format!("{c:?} has more than 16 pieces"));
            }
            for (sq, p) in board.pieces() {
                if p.heir && p.role != Role::Pawn {
                    return Err(format!("an Heir mark on a {:?} on {sq}", p.role));
                }
            }
            for (what, sq) in [
                ("shield", self.shield(c)),
                ("restriction", self.restricted(c)),
            ] {
                if let Some(sq) = sq
                    && !board
                        .get(sq)
                        .is_some_and(|p| p.colour == c && p.role != Role::King)
                {
                    return Err(format!(
                        "{c:?}'s {what} on {sq}, where no piece of theirs is"
                    ));
                }
            }
        }
        for sq in board.impassable().iter() {
            if board.get(sq).is_some() {
                return Err(format!("a piece on the impassable {sq}"));
            }
        }
        if let Some(w) = self.window() {
            if w.opener == self.turn() {
                return Err("the opener of the window acts in it".into());
            }
            if !matches!(w.card, Artifact::Seize | Artifact::Restriction) {
                return Err(format!("a window opened by {:?}", w.card));
            }
        }
        if self.quiet_actions() > NO_PROGRESS_LIMIT {
            return Err(format!("{} actions without progress", self.quiet_actions()));
        }
        Ok(())
    }

    /// The position string keeps neither the dice generator, nor the positions seen, nor what
    /// Cancel would restore; a state read from it starts those afresh.
    fn text_view(&self) -> Option<State> {
        let mut v = self.clone();
        v.dice = DiceRng::new(0);
        v.cancelable = None;
        v.seen = vec![v.key()];
        v.end = v.judge_end();
        Some(v)
    }

    fn probe(&self, listed: &[Action], rng: &mut ChaCha8Rng) -> Action {
        if let Some(&a) = listed.choose(rng)
            && rng.random_bool(0.6)
        {
            return nudge(a, rng);
        }
        match rng.random_range(0..8) {
            0 => Action::Pass,
            1 => Action::Heal {
                king: random_square(rng),
                target: random_square(rng),
            },
            2 | 3 => Action::Play(random_play(rng)),
            4 | 5 => Action::Move {
                from: random_square(rng),
                to: random_square(rng),
                promotion: random_promotion(rng),
            },
            _ => Action::Attempt {
                from: random_square(rng),
                to: random_square(rng),
                promotion: random_promotion(rng),
            },
        }
    }

    fn keep_new(start: &State) -> Match<State> {
        Match::new(
            start.clone(),
            [Seat::Person, Seat::Person],
            ClockSetting::default(),
            0,
        )
    }

    /// The match plays the same action to the same state (the same dice) and keeps it in its
    /// course; taking it back restores the state before, generator and all, and playing it
    /// again rolls the same.
    fn keep_played(
        game: &mut Match<State>,
        before: &State,
        action: &Action,
        after: &State,
        record: &Record,
    ) -> Result<(), String> {
        if game.state() != before {
            return Err("the match's state is not the soak's".into());
        }
        let side = before.to_move();
        let play = |game: &mut Match<State>| {
            game.submit(side, *action)
                .map(|p| p.record)
                .map_err(|e| format!("the match refuses {action}: {e:?}"))
        };
        let r = play(game)?;
        if r != *record || game.state() != after {
            return Err(format!(
                "the match plays {action} otherwise: {r:?}, not {record:?}"
            ));
        }
        let n = game.record().len();
        match game.course().last() {
            Some(step) if step.record == r && step.after == *after => {}
            _ => return Err(format!("the course does not end with {action}")),
        }
        if game.after(n - 1) != Some(before) {
            return Err(format!(
                "the course does not hold the state before {action}"
            ));
        }
        game.take_back(1)
            .map_err(|e| format!("taking back {action}: {e:?}"))?;
        if game.state() != before || game.course().len() != n - 1 {
            return Err(format!(
                "taking back {action} does not restore the state before"
            ));
        }
        let again = play(game)?;
        if again != r || game.state() != after {
            return Err(format!(
                "{action} played again after a takeback rolls otherwise: {again:?}"
            ));
        }
        Ok(())
    }

    fn keep_undone(game: &mut Match<State>, from: &State, to: &State) -> Result<(), String> {
        if game.state() != from {
            return Err("the match's state is not the soak's".into());
        }
        game.take_back(1)
            .map_err(|e| format!("the match has nothing to take back: {e:?}"))?;
        if game.state() != to {
            return Err("a takeback does not restore the state before".into());
        }
        Ok(())
    }

    /// Reads earlier positions from the course, as the tables' history view does, from the
    /// latest back to a random one, and the mover's square of each.
    fn keep_wander(
        game: &mut Match<State>,
        states: &[State],
        rng: &mut ChaCha8Rng,
    ) -> Result<u64, String> {
        let last = states.len() - 1;
        if game.record().len() != last || game.course().len() != last {
            return Err(format!(
                "the match holds {} actions ({} in its course); the game has {last}",
                game.record().len(),
                game.course().len()
            ));
        }
        let back = rng.random_range(0..=last);
        let mut views = 0;
        for i in (last - back..=last).rev() {
            views += 1;
            if game.after(i) != Some(&states[i]) {
                return Err(format!("the course shows another position than number {i}"));
            }
            if let (Some(before), Some(step)) =
                (i.checked_sub(1), game.course().get(i.wrapping_sub(1)))
                && let Some(b) = game.after(before)
            {
                let _ = last_actor(b, &step.record, &step.after);
            }
        }
        if game.after(last + 1).is_some() {
            return Err("the course shows a position past the game".into());
        }
        Ok(views)
    }
}
