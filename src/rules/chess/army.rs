//! Army building and the set-up phase: the 15-point budget, the count limits, the bishops on
//! different colours, the placement ranks, the hidden set-ups, and the starting state.

use super::artifact::{Artifact, ArtifactSet};
use super::board::{Colour, Piece, Role, Square};
use super::dice::DiceRng;
use super::state::{Castling, State};
use crate::i18n::{Explain, Message, msg};
use serde::{Deserialize, Serialize};

/// The most points an army may cost.
pub const BUDGET: u32 = 15;

/// The most of each role an army may be built with (promotions may exceed them later).
pub fn count_limit(role: Role) -> usize {
    match role {
        Role::Pawn => 8,
        Role::Knight | Role::Bishop | Role::Rook => 2,
        Role::King => 1,
    }
}

/// The rule an army breaks.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ArmyError {
    /// Every army has exactly one king.
    NoKing,
    TooMany {
        role: Role,
        count: usize,
        max: usize,
    },
    OverBudget {
        points: u32,
    },
    /// Two bishops must stand on squares of different colours.
    BishopsSameColour {
        first: Square,
        second: Square,
    },
    /// The king, bishops, knights and rooks go on the home rank; pawns on the second rank or (one
    /// of them) the third.
    WrongRank {
        colour: Colour,
        role: Role,
        square: Square,
    },
    /// Only one pawn may be advanced to the third rank.
    TooManyAdvanced {
        first: Square,
        second: Square,
    },
    SquareTwice(Square),
}

impl Explain for ArmyError {
    fn explain(&self) -> Message {
        match *self {
            ArmyError::NoKing => msg("chess.army.no_king"),
            ArmyError::TooMany { role, count, max } => msg("chess.army.too_many")
                .with("kind", role.name())
                .with("count", count)
                .with("max", max),
            ArmyError::OverBudget { points } => msg("chess.army.over_budget")
                .with("points", points)
                .with("budget", BUDGET),
            ArmyError::BishopsSameColour { first, second } => msg("chess.army.bishops_same_colour")
                .with("first", first)
                .with("second", second),
            ArmyError::WrongRank {
                colour,
                role,
                square,
            } => wrong_rank(colour, role, square),
            ArmyError::TooManyAdvanced { first, second } => msg("chess.army.too_many_advanced")
                .with("colour", half(first).name())
                .with("first", first)
                .with("second", second),
            ArmyError::SquareTwice(sq) => msg("chess.army.square_twice").with("square", sq),
        }
    }
}

crate::display_in_english!(ArmyError);

/// The words for a piece set on a rank its kind may not stand on. `colour` picks the ranks the
/// sentence names (the second for White's pawns, the seventh for Black's); a piece's `kind`
/// (`knight`, `bishop`, `rook`, `king`) lets a language agree an article with it.
pub fn wrong_rank(colour: Colour, role: Role, square: Square) -> Message {
    let m = if role == Role::Pawn {
        msg("chess.army.pawn_rank")
    } else {
        msg("chess.army.piece_rank").with("kind", role.name())
    };
    m.with("colour", colour.name())
        .with_words("role", role.explain())
        .with("square", square)
}

/// Whose half of the board `sq` lies in: ranks 1–4 are White's, 5–8 Black's.
pub fn half(sq: Square) -> Colour {
    if Colour::White.relative_rank(sq) < 4 {
        Colour::White
    } else {
        Colour::Black
    }
}

/// A checked army of one colour: where each of its pieces starts.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Army {
    #[serde(rename = "color")]
    colour: Colour,
    placements: Vec<(Role, Square)>,
}

impl Army {
    /// Checks every building rule; the first broken one is the error.
    pub fn new(colour: Colour, placements: &[(Role, Square)]) -> Result<Army, ArmyError> {
        let mut seen = Vec::new();
        for &(_, sq) in placements {
            if seen.contains(&sq) {
                return Err(ArmyError::SquareTwice(sq));
            }
            seen.push(sq);
        }
        let count = |role: Role| placements.iter().filter(|(r, _)| *r == role).count();
        if count(Role::King) == 0 {
            return Err(ArmyError::NoKing);
        }
        for role in Role::ALL {
            let (n, max) = (count(role), count_limit(role));
            if n > max {
                return Err(ArmyError::TooMany {
                    role,
                    count: n,
                    max,
                });
            }
        }
        let points: u32 = placements.iter().map(|(r, _)| r.points()).sum();
        if points > BUDGET {
            return Err(ArmyError::OverBudget { points });
        }
        let mut advanced: Option<Square> = None;
        for &(role, sq) in placements {
            let rel = colour.relative_rank(sq);
            let ok = match role {
                Role::Pawn => rel == 1 || rel == 2,
                _ => rel == 0,
            };
            if !ok {
                return Err(ArmyError::WrongRank {
                    colour,
                    role,
                    square: sq,
                });
            }
            if role == Role::Pawn && rel == 2 {
                if let Some(first) = advanced {
                    return Err(ArmyError::TooManyAdvanced { first, second: sq });
                }
                advanced = Some(sq);
            }
        }
        let bishops: Vec<Square> = placements
            .iter()
            .filter(|(r, _)| *r == Role::Bishop)
            .map(|(_, s)| *s)
            .collect();
        if let [first, second] = bishops[..]
            && first.is_light() == second.is_light()
        {
            return Err(ArmyError::BishopsSameColour { first, second });
        }
        Ok(Army {
            colour,
            placements: placements.to_vec(),
        })
    }

    pub fn colour(&self) -> Colour {
        self.colour
    }

    pub fn placements(&self) -> &[(Role, Square)] {
        &self.placements
    }

    pub fn points(&self) -> u32 {
        self.placements.iter().map(|(r, _)| r.points()).sum()
    }

    /// A random army within the rules costing `min_points..=max_points` (clamped to the budget):
    /// random roles within the limits, then random squares — the king mostly on e1/e8 so that
    /// castling stays possible, bishops on one light and one dark square, and sometimes one pawn
    /// advanced.
    pub fn random(colour: Colour, rng: &mut DiceRng, min_points: u32, max_points: u32) -> Army {
        let max_points = max_points.min(BUDGET);
        let min_points = min_points.min(max_points);
        let roles = loop {
            let mut roles = vec![Role::King];
            let mut points = 0;
            loop {
                let fits: Vec<Role> = [Role::Pawn, Role::Knight, Role::Bishop, Role::Rook]
                    .into_iter()
                    .filter(|r| {
                        points + r.points() <= max_points
                            && roles.iter().filter(|x| *x == r).count() < count_limit(*r)
                    })
                    .collect();
                if fits.is_empty() || (points >= min_points && rng.below(4) == 0) {
                    break;
                }
                let role = fits[rng.below(fits.len() as u64) as usize];
                points += role.points();
                roles.push(role);
            }
            if points >= min_points {
                break roles;
            }
        };
        let home = colour.home_rank();
        let mut free: Vec<u8> = (0..8).collect();
        let mut take = |rng: &mut DiceRng, want: &dyn Fn(u8) -> bool| -> u8 {
            let options: Vec<usize> = (0..free.len()).filter(|&i| want(free[i])).collect();
            let i = options[rng.below(options.len() as u64) as usize];
            free.remove(i)
        };
        let mut placements = Vec::new();
        let king_file = if rng.below(4) != 0 {
            take(rng, &|f| f == 4)
        } else {
            take(rng, &|_| true)
        };
        placements.push((Role::King, king_file));
        let bishops = roles.iter().filter(|r| **r == Role::Bishop).count();
        let first_light = rng.below(2) == 0;
        for i in 0..bishops {
            let light = first_light ^ (i == 1);
            let f = take(rng, &|f| {
                Square::new(f, home).is_some_and(|s| s.is_light() == light)
            });
            placements.push((Role::Bishop, f));
        }
        for &r in &roles {
            if matches!(r, Role::Knight | Role::Rook) {
                placements.push((r, take(rng, &|_| true)));
            }
        }
        let mut pieces: Vec<(Role, Square)> = placements
            .into_iter()
            .filter_map(|(r, f)| Square::new(f, home).map(|s| (r, s)))
            .collect();
        let pawns = roles.iter().filter(|r| **r == Role::Pawn).count();
        let mut files: Vec<u8> = (0..8).collect();
        let advanced = if pawns > 0 && rng.below(3) == 0 {
            Some(rng.below(pawns as u64) as usize)
        } else {
            None
        };
        for i in 0..pawns {
            let f = files.remove(rng.below(files.len() as u64) as usize);
            let rank = if advanced == Some(i) {
                colour.pawn_rank() as i8 + colour.forward()
            } else {
                colour.pawn_rank() as i8
            };
            if let Some(sq) = Square::new(f, rank as u8) {
                pieces.push((Role::Pawn, sq));
            }
        }
        // The construction above follows every rule; checking again keeps that promise honest.
        Army::new(colour, &pieces).unwrap_or_else(|e| unreachable!("random army broke a rule: {e}"))
    }
}

/// The engine's army choices: `(rooks, bishops, knights, pawns)` and how often each is taken.
/// See [`Army::engine`].
pub const ENGINE_ARMIES: [((usize, usize, usize, usize), u64); 10] = [
    ((2, 0, 0, 5), 3),
    ((2, 0, 0, 4), 1),
    ((1, 1, 1, 4), 4),
    ((1, 0, 2, 4), 2),
    ((1, 2, 0, 4), 3),
    ((2, 1, 0, 2), 2),
    ((2, 0, 1, 2), 2),
    ((1, 1, 0, 7), 2),
    ((1, 0, 1, 7), 1),
    ((0, 2, 2, 3), 1),
];

impl Army {
    /// An army as the engine builds it, 14–15 points. The policy:
    /// - Every attacker rolls the same dice, so a piece is worth its reach and a pawn is a cheap
    ///   attacker and a cheap shield: one of [`ENGINE_ARMIES`], by weight — mostly a rook or
    ///   two with minor pieces and four or five pawns, sometimes a wall of seven pawns behind a
    ///   rook and a minor piece, rarely no rook at all (two rooks come with at least their two
    ///   pawns).
    /// - The king on e1/e8, rooks in the corners (so castling stays possible: both corners
    ///   with two rooks, the king's side three times in four with one), bishops on c and f
    ///   (one light, one dark), knights on b and g; with one bishop or one knight, its side is
    ///   drawn.
    /// - Pawns first in front of the rooks (set-ups are blind: a rook on an open file facing
    ///   the other side's rook may be attempted on the very first move, 77.9 % to succeed) and
    ///   of the king, then the centre and the king's sides (d, f, c, g, b, h, a, two neighbours
    ///   swapped now and then); half the time the d- or e-pawn advanced a square to open lines.
    pub fn engine(colour: Colour, rng: &mut DiceRng) -> Army {
        let total: u64 = ENGINE_ARMIES.iter().map(|(_, w)| w).sum();
        let mut pick = rng.below(total);
        let mut chosen = ENGINE_ARMIES[0].0;
        for &(army, w) in &ENGINE_ARMIES {
            if pick < w {
                chosen = army;
                break;
            }
            pick -= w;
        }
        let (rooks, bishops, knights, pawns) = chosen;
        let home = colour.home_rank();
        let at = |file: u8, rank: u8| {
            Square::new(file, rank).unwrap_or_else(|| unreachable!("file {file}, rank {rank}"))
        };
        let mut pieces = vec![(Role::King, at(4, home))];
        let side = |rng: &mut DiceRng, a: u8, b: u8| if rng.below(2) == 0 { a } else { b };
        match rooks {
            2 => pieces.extend([(Role::Rook, at(0, home)), (Role::Rook, at(7, home))]),
            1 => {
                let f = if rng.below(4) == 0 { 0 } else { 7 };
                pieces.push((Role::Rook, at(f, home)));
            }
            _ => {}
        }
        match bishops {
            2 => pieces.extend([(Role::Bishop, at(2, home)), (Role::Bishop, at(5, home))]),
            1 => pieces.push((Role::Bishop, at(side(rng, 2, 5), home))),
            _ => {}
        }
        match knights {
            2 => pieces.extend([(Role::Knight, at(1, home)), (Role::Knight, at(6, home))]),
            1 => pieces.push((Role::Knight, at(side(rng, 1, 6), home))),
            _ => {}
        }
        // First the files of the rooks (set-ups are blind: a rook facing an open file may be
        // attempted on the first move) and of the king, then the centre and the king's sides.
        let mut files: Vec<u8> = pieces
            .iter()
            .filter(|(r, _)| *r == Role::Rook)
            .map(|(_, s)| s.file())
            .collect();
        files.push(4);
        let mut rest: Vec<u8> = [3, 5, 2, 6, 1, 7, 0]
            .into_iter()
            .filter(|f| !files.contains(f))
            .collect();
        for i in 0..rest.len() - 1 {
            if rng.below(4) == 0 {
                rest.swap(i, i + 1);
            }
        }
        files.extend(rest);
        let mut chosen_files: Vec<u8> = files.into_iter().take(pawns).collect();
        chosen_files.sort();
        let advanced = if rng.below(2) == 0 {
            let centre: Vec<u8> = chosen_files
                .iter()
                .copied()
                .filter(|f| *f == 3 || *f == 4)
                .collect();
            (!centre.is_empty()).then(|| centre[rng.below(centre.len() as u64) as usize])
        } else {
            None
        };
        for f in chosen_files {
            let rank = if Some(f) == advanced {
                (colour.pawn_rank() as i8 + colour.forward()) as u8
            } else {
                colour.pawn_rank()
            };
            pieces.push((Role::Pawn, at(f, rank)));
        }
        Army::new(colour, &pieces).unwrap_or_else(|e| unreachable!("engine army broke a rule: {e}"))
    }
}

/// The state at the start of a game between two armies: white to move, castling rights where
/// the king stands on e1/e8 and a rook in a corner of its home rank.
pub fn start_state(white: &Army, black: &Army, seed: u64) -> State {
    start_state_with(white, black, DiceRng::new(seed))
}

/// [`start_state`] for the online game: the generator is the keyed stream of `key`
/// ([`DiceRng::keyed`]) from its first value, so the hands (white's dealt first, then black's:
/// [`deal`]), and after them every die, Trophy draw and Zombie Pawn square, are that stream's.
/// `crate::fair::chess::dice_key` says how the key is made.
pub fn start_state_keyed(white: &Army, black: &Army, key: [u8; 32]) -> State {
    start_state_with(white, black, DiceRng::keyed(key))
}

/// [`start_state`] with a given generator, which deals the hands before anything else.
fn start_state_with(white: &Army, black: &Army, rng: DiceRng) -> State {
    let mut state = State::bare();
    for army in [white, black] {
        for &(role, sq) in army.placements() {
            state.board.set(sq, Some(Piece::new(army.colour(), role)));
        }
        let colour = army.colour();
        let home = colour.home_rank();
        let is = |file: u8, role: Role| {
            army.placements()
                .iter()
                .any(|&(r, s)| r == role && Square::new(file, home) == Some(s))
        };
        if is(4, Role::King) {
            if is(7, Role::Rook) {
                state.castling.add(Castling::kingside(colour));
            }
            if is(0, Role::Rook) {
                state.castling.add(Castling::queenside(colour));
            }
        }
    }
    state.dice = rng;
    for colour in Colour::BOTH {
        state.hands[colour.index()] = deal(&mut state.dice);
    }
    state.settle()
}

/// The starting state for "Artifacts: off", the dice game without cards: [`start_state`] with
/// both hands emptied ([`State::without_artifacts`]). The hands are still dealt and then
/// dropped, so the generator stands where it stands in a game with cards: the same armies and
/// seed roll the same dice with artifacts on or off.
pub fn start_state_without_artifacts(white: &Army, black: &Army, seed: u64) -> State {
    start_state(white, black, seed).without_artifacts()
}

/// How many artifacts each hand is dealt.
pub const HAND_SIZE: usize = 5;

/// A hand of [`HAND_SIZE`] different kinds out of the 22, from the game's generator. Each hand
/// is dealt on its own, so both may hold the same kind.
pub fn deal(rng: &mut DiceRng) -> ArtifactSet {
    let mut kinds = Artifact::ALL.to_vec();
    let mut hand = ArtifactSet::EMPTY;
    for _ in 0..HAND_SIZE {
        let i = rng.below(kinds.len() as u64) as usize;
        hand.insert(kinds.swap_remove(i));
    }
    hand
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sq(s: &str) -> Square {
        Square::parse(s).unwrap()
    }

    #[test]
    fn the_king_alone_is_an_army() {
        let a = Army::new(Colour::White, &[(Role::King, sq("e1"))]).unwrap();
        assert_eq!(a.points(), 0);
    }

    #[test]
    fn each_building_rule_names_itself() {
        use Role::*;
        let w = Colour::White;
        let k = (King, sq("e1"));
        assert_eq!(Army::new(w, &[(Rook, sq("a1"))]), Err(ArmyError::NoKing));
        assert_eq!(
            Army::new(
                w,
                &[
                    k,
                    (Rook, sq("a1")),
                    (Rook, sq("h1")),
                    (Knight, sq("b1")),
                    (Bishop, sq("c1"))
                ]
            ),
            Err(ArmyError::OverBudget { points: 16 })
        );
        assert!(matches!(
            Army::new(
                w,
                &[
                    k,
                    (Knight, sq("b1")),
                    (Knight, sq("c1")),
                    (Knight, sq("d1"))
                ]
            ),
            Err(ArmyError::TooMany {
                role: Knight,
                count: 3,
                max: 2
            })
        ));
        assert_eq!(
            Army::new(w, &[k, (King, sq("d1"))]),
            Err(ArmyError::TooMany {
                role: King,
                count: 2,
                max: 1
            })
        );
        let nine: Vec<_> = (0..8)
            .map(|f| (Pawn, Square::new(f, 1).unwrap()))
            .chain([(Pawn, sq("a3")), k])
            .collect();
        assert!(matches!(
            Army::new(w, &nine),
            Err(ArmyError::TooMany {
                role: Pawn,
                count: 9,
                ..
            })
        ));
        assert_eq!(
            Army::new(w, &[k, (Bishop, sq("c1")), (Bishop, sq("a1"))]),
            Err(ArmyError::BishopsSameColour {
                first: sq("c1"),
                second: sq("a1")
            })
        );
        assert!(Army::new(w, &[k, (Bishop, sq("c1")), (Bishop, sq("f1"))]).is_ok());
        assert_eq!(
            Army::new(w, &[k, (Rook, sq("a2"))]),
            Err(ArmyError::WrongRank {
                colour: w,
                role: Rook,
                square: sq("a2")
            })
        );
        assert_eq!(
            Army::new(w, &[k, (Pawn, sq("a4"))]),
            Err(ArmyError::WrongRank {
                colour: w,
                role: Pawn,
                square: sq("a4")
            })
        );
        assert_eq!(
            Army::new(w, &[k, (Pawn, sq("a1"))]),
            Err(ArmyError::WrongRank {
                colour: w,
                role: Pawn,
                square: sq("a1")
            })
        );
        assert_eq!(
            Army::new(w, &[k, (Pawn, sq("a3")), (Pawn, sq("b3"))]),
            Err(ArmyError::TooManyAdvanced {
                first: sq("a3"),
                second: sq("b3")
            })
        );
        assert!(Army::new(w, &[k, (Pawn, sq("a3")), (Pawn, sq("b2"))]).is_ok());
        assert_eq!(
            Army::new(w, &[k, (Pawn, sq("e1"))]),
            Err(ArmyError::SquareTwice(sq("e1")))
        );
        // Black's ranks mirror white's.
        assert!(Army::new(Colour::Black, &[(King, sq("e8")), (Pawn, sq("d6"))]).is_ok());
        assert!(Army::new(Colour::Black, &[(King, sq("e1"))]).is_err());
    }

    #[test]
    fn random_armies_are_legal_and_varied() {
        let mut rng = DiceRng::new(7);
        let mut seen = std::collections::HashSet::new();
        for i in 0..200 {
            let colour = if i % 2 == 0 {
                Colour::White
            } else {
                Colour::Black
            };
            let a = Army::random(colour, &mut rng, 14, 15);
            assert!((14..=15).contains(&a.points()), "{a:?}");
            assert!(Army::new(colour, a.placements()).is_ok());
            let mut roles: Vec<Role> = a.placements().iter().map(|(r, _)| *r).collect();
            roles.sort();
            seen.insert(roles);
        }
        assert!(seen.len() > 10, "only {} different armies", seen.len());
    }

    #[test]
    fn engine_armies_are_legal_varied_and_cost_14_or_15() {
        let mut rng = DiceRng::new(11);
        let mut seen = std::collections::HashSet::new();
        for i in 0..400 {
            let colour = if i % 2 == 0 {
                Colour::White
            } else {
                Colour::Black
            };
            let a = Army::engine(colour, &mut rng);
            assert!((14..=15).contains(&a.points()), "{a:?}");
            assert!(Army::new(colour, a.placements()).is_ok());
            let mut placements = a.placements().to_vec();
            placements.sort();
            seen.insert(placements);
        }
        assert!(seen.len() > 40, "only {} different armies", seen.len());
        for ((r, b, n, p), _) in ENGINE_ARMIES {
            let points = 5 * r + 3 * (b + n) + p;
            assert!((14..=15).contains(&points), "{r} {b} {n} {p}");
        }
    }

    #[test]
    fn two_armies_start_with_white_to_move_castling_where_it_may_and_both_hands_dealt() {
        let white = Army::new(
            Colour::White,
            &[(Role::King, sq("e1")), (Role::Rook, sq("h1"))],
        )
        .unwrap();
        let black = Army::new(Colour::Black, &[(Role::King, sq("e8"))]).unwrap();
        let state = start_state(&white, &black, 1);
        assert_eq!(state.turn(), Colour::White);
        assert!(state.castling().has(Castling::kingside(Colour::White)));
        assert!(!state.castling().has(Castling::queenside(Colour::White)));
        assert_eq!(state.board().pieces().count(), 3);
        for c in Colour::BOTH {
            assert_eq!(state.hand(c).len(), HAND_SIZE);
        }
    }

    #[test]
    fn hands_are_dealt_independently_without_duplicates() {
        let mut rng = DiceRng::new(5);
        let mut same_kind_in_both = false;
        let mut all = ArtifactSet::EMPTY;
        for _ in 0..200 {
            let (a, b) = (deal(&mut rng), deal(&mut rng));
            assert_eq!(
                (a.len(), b.len()),
                (HAND_SIZE, HAND_SIZE),
                "five different kinds"
            );
            same_kind_in_both |= a.bits() & b.bits() != 0;
            all = a.iter().chain(b.iter()).chain(all.iter()).collect();
        }
        assert!(
            same_kind_in_both,
            "the second hand does not avoid the first"
        );
        assert_eq!(all.len(), 22, "every kind gets dealt");
    }

    /// Two engine armies and a game without cards from `seed`, as `Game::opening` builds one
    /// with cards.
    fn opening_without_artifacts(seed: u64) -> State {
        let mut rng = DiceRng::new(seed);
        let white = Army::engine(Colour::White, &mut rng);
        let black = Army::engine(Colour::Black, &mut rng);
        start_state_without_artifacts(&white, &black, rng.next_u64())
    }

    #[test]
    fn no_card_is_ever_legal_without_artifacts() {
        use crate::rules::chess::Action;
        let mut actions = 0;
        for seed in 1..=5 {
            let mut state = opening_without_artifacts(seed);
            let mut choose = DiceRng::new(seed ^ 0xfeed);
            for _ in 0..150 {
                assert!(state.artifacts_off());
                let legal = state.legal_actions();
                assert!(
                    legal
                        .iter()
                        .all(|a| !matches!(a, Action::Play(_) | Action::Pass)),
                    "a card in a game without cards: {state}"
                );
                if legal.is_empty() {
                    break;
                }
                let action = legal[choose.below(legal.len() as u64) as usize];
                state = state.apply(&action).unwrap().0;
                actions += 1;
            }
            for c in Colour::BOTH {
                assert!(state.hand(c).is_empty() && state.played(c).is_empty());
            }
        }
        assert!(actions >= 300, "only {actions} actions played");
    }

    #[test]
    fn artifacts_off_rolls_the_same_dice_as_on() {
        let mut rng = DiceRng::new(3);
        let white = Army::engine(Colour::White, &mut rng);
        let black = Army::engine(Colour::Black, &mut rng);
        let on = start_state(&white, &black, 42);
        let off = start_state_without_artifacts(&white, &black, 42);
        assert!(!on.artifacts_off() && off.artifacts_off());
        assert_eq!(off.dice_rng(), on.dice_rng(), "the same generator");
        assert_eq!(off.board(), on.board());
        assert_eq!(off, start_state_without_artifacts(&white, &black, 42));
    }

    #[test]
    fn the_end_is_judged_without_cards() {
        use crate::rules::chess::{End, parse_position};
        let pos = |t: &str| parse_position(t).unwrap_or_else(|e| panic!("{t}: {e}"));
        // Stalemated, but Scouting is still an action.
        let s = pos("k7/2K5/2N5/8/8/8/8/8 b - - 0 1 - - - 0/0 -/scouting -/-");
        assert_eq!(s.end(), None);
        assert_eq!(s.without_artifacts().end(), Some(End::Stalemate));
        // Mated by the rook, but a Barricade on the a-file would block the check.
        let s = pos("k7/2K5/8/8/8/8/8/R7 b - - 0 1 - - - 0/0 -/barricade -/-");
        assert_eq!(s.end(), None);
        assert_eq!(
            s.without_artifacts().end(),
            Some(End::Mate {
                winner: Colour::White
            })
        );
        // Two lone kings, but a Resurrection could bring a pawn back.
        let s = pos("4k3/8/8/8/8/8/8/4K3 w - - 0 1 - - - 1/0 resurrection/- -/-");
        assert_eq!(s.end(), None);
        assert_eq!(s.without_artifacts().end(), Some(End::BareKings));
    }

    #[test]
    fn a_game_without_artifacts_round_trips_in_notation() {
        use crate::rules::chess::parse_position;
        for seed in 1..=5 {
            let state = opening_without_artifacts(seed);
            let text = state.to_string();
            assert!(text.contains(" -/- -/- -/- - - -/-"), "{text}");
            let back = parse_position(&text).unwrap();
            assert_eq!(back.to_string(), text);
            assert!(back.artifacts_off());
            assert_eq!(back.legal_actions(), state.legal_actions());
            assert_eq!(back.with_dice_seed(0), state.clone().with_dice_seed(0));
        }
    }

    #[test]
    fn without_artifacts_drops_every_card_thing_off_the_board() {
        use crate::rules::chess::parse_position;
        let s = parse_position(
            "4k3/4p3/8/8/8/8/4P3/4K3 w - - 0 1 - e2 f5 0/0 balm/fury seize/restriction \
             e2/e7 wb b:restriction e2/-",
        )
        .unwrap();
        let off = s.without_artifacts();
        assert_eq!(
            off.to_string(),
            "4k3/4p3/8/8/8/8/4P3/4K3 b - - 0 1 - e2 f5 0/0 -/- -/- -/- - - -/-",
            "the window's opener acts; the Heir and the impassable square stay"
        );
        assert_eq!(off.cancelable(), None);
    }
}
