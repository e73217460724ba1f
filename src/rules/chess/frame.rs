//! The gold frame after an action: the square of the piece that acted, read from the states
//! around it and the rules' record (what the move list marks and the board frames).

use super::board::{Colour, Role, Square};
use super::cards::{self, Play};
use super::dice::AttemptResult;
use super::state::{Action, Record, State};

/// The square the gold frame goes to after one action ("the last piece that moved or acted"),
/// from the state before it, its record and the state after it. Pure: it looks at nothing else,
/// and it never panics, whatever it is given (a record that does not fit the states gives some
/// square of the record, or `None`).
///
/// - A move, a pawn's double step, a promotion: where the piece ended (the new piece's square).
/// - Castling: where the king ended (`g1`, `c1` …), not the rook.
/// - A capture attempt that succeeded, en passant included: where the attacker ended (for en
///   passant, the square passed over). One that wounded or missed: where the attacker stands
///   (it did not move).
/// - A heal: the king's square (the king acted and stayed).
/// - File Shift, Teleport, Acceleration, Knight's Leap, Fury: as a move or an attempt — where
///   the piece ended, or where it stands when its attack wounded or missed.
/// - King's Stride: where the king ended — the second step, or the first (`via`) when its
///   attack on the second wounded or missed.
/// - Mass Attack: of the pawns that stepped, the one nearest the enemy king afterwards (king
///   steps; on a tie, the first square from a1 along the ranks), on its new square (promoted or
///   not); `None` if no pawn stepped.
/// - Zombie Pawn: the square where the pawn rose.
/// - Resurrection: the square where the pawn came back.
/// - Explosive Ram: the square where the rook stood (now empty): the blast's centre.
/// - A card aimed at one square without moving a piece (Statue, Heir, Barricade, Demolition,
///   Balm, Poison Dart, Shield, Restriction): that square — the pawn turned to stone (now
///   impassable), the new Heir, the barricade, the cleared square, the healed, wounded or
///   shielded piece, the restricted enemy.
/// - Cards that touch no square — Scouting, Trophy, Seize (in a turn or as a window's answer)
///   and Cancel (the board goes back to before the other side's artifact; nothing on it acted)
///   — and a Pass in a response window: `None` (no frame).
pub fn last_actor(before: &State, record: &Record, after: &State) -> Option<Square> {
    let succeeded = record.result == Some(AttemptResult::Success);
    match record.action {
        Action::Move { to, .. } => Some(to),
        Action::Attempt { from, to, .. } => Some(if succeeded { to } else { from }),
        Action::Heal { king, .. } => Some(king),
        Action::Pass => None,
        Action::Play(play) => match play {
            Play::FileShift(m)
            | Play::Teleport(m)
            | Play::Acceleration(m)
            | Play::KnightsLeap(m)
            | Play::Fury(m) => Some(if m.attack && !succeeded { m.from } else { m.to }),
            Play::KingsStride { via, m } => Some(if m.attack && !succeeded { via } else { m.to }),
            Play::MassAttack(_) => mass_attack_frame(before, record.actor, after),
            Play::ZombiePawn => risen_pawn(before, record.actor, after),
            Play::Resurrection(sq)
            | Play::ExplosiveRam(sq)
            | Play::Statue(sq)
            | Play::Heir(sq)
            | Play::Barricade(sq)
            | Play::Demolition(sq)
            | Play::Balm(sq)
            | Play::PoisonDart(sq)
            | Play::Shield(sq)
            | Play::Restriction(sq) => Some(sq),
            Play::Scouting | Play::Trophy | Play::Seize(_) | Play::Cancel => None,
        },
    }
}

/// Mass Attack's frame: of the pawns that stepped (judged on the state before), the one nearest
/// the enemy king after the card.
fn mass_attack_frame(before: &State, actor: Colour, after: &State) -> Option<Square> {
    let king = after.board().king(actor.other());
    cards::mass_steps(before, actor)
        .into_iter()
        .map(|(_, to)| to)
        .min_by_key(|to| (king.map_or(0, |k| k.distance(*to)), to.index()))
}

/// Zombie Pawn's frame: the square of the actor's 3rd or 4th rank empty before and holding one
/// of its pawns after.
fn risen_pawn(before: &State, actor: Colour, after: &State) -> Option<Square> {
    after
        .board()
        .pieces()
        .find(|(sq, p)| {
            p.colour == actor
                && p.role == Role::Pawn
                && matches!(actor.relative_rank(*sq), 2 | 3)
                && before.board().get(*sq).is_none()
        })
        .map(|(sq, _)| sq)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::chess::{Artifact, CardChance, parse_position};

    fn pos(text: &str) -> State {
        parse_position(text).unwrap_or_else(|e| panic!("{text}: {e}"))
    }

    /// A position with the Artifact Chess fields: wounds, heirs, impassable squares, reserves
    /// and hands (white/black).
    fn cards(fen: &str, extra: &str, hands: &str) -> State {
        pos(&format!("{fen} {extra} {hands} -/-"))
    }

    fn sq(s: &str) -> Square {
        Square::parse(s).unwrap()
    }

    fn act(s: &str) -> Action {
        s.parse().unwrap_or_else(|e| panic!("{s}: {e}"))
    }

    /// Plays `action` with the attempt's result forced (ignored for other actions) and returns
    /// the state after and the frame.
    fn frame_with(state: &State, action: &str, result: AttemptResult) -> (State, Option<Square>) {
        let (after, record) = state
            .apply_with_result(&act(action), result)
            .unwrap_or_else(|e| panic!("{action}: {e}"));
        let frame = last_actor(state, &record, &after);
        (after, frame)
    }

    fn frame(state: &State, action: &str) -> Option<Square> {
        frame_with(state, action, AttemptResult::Success).1
    }

    const SUCCESS: AttemptResult = AttemptResult::Success;
    const WOUND: AttemptResult = AttemptResult::Wound;
    const MISS: AttemptResult = AttemptResult::Miss;

    #[test]
    fn frame_of_plain_moves_castling_and_promotion() {
        let s = pos("4k3/8/8/8/8/8/P7/4K2R w K - 0 1");
        assert_eq!(frame(&s, "a2a3"), Some(sq("a3")));
        assert_eq!(frame(&s, "a2a4"), Some(sq("a4")), "a double step");
        assert_eq!(frame(&s, "h1h5"), Some(sq("h5")));
        assert_eq!(
            frame(&s, "e1g1"),
            Some(sq("g1")),
            "castling frames the king"
        );
        let s = pos("4k3/P7/8/8/8/8/8/4K3 w - - 0 1");
        assert_eq!(frame(&s, "a7a8r"), Some(sq("a8")), "the promoted piece");
    }

    #[test]
    fn frame_of_an_attempt_follows_its_result() {
        let s = pos("4k3/8/3p4/8/4N3/8/8/4K3 w - - 0 1");
        assert_eq!(frame_with(&s, "e4xd6", SUCCESS).1, Some(sq("d6")));
        assert_eq!(frame_with(&s, "e4xd6", WOUND).1, Some(sq("e4")));
        assert_eq!(frame_with(&s, "e4xd6", MISS).1, Some(sq("e4")));
        // A wounded defender dies without dice: the attacker takes the square.
        let s = pos("4k3/8/3p4/8/4N3/8/8/4K3 w - - 0 1 d6 - - 0/0 -/- -/-");
        let (after, record) = s.apply(&act("e4xd6")).unwrap();
        assert_eq!(last_actor(&s, &record, &after), Some(sq("d6")));
    }

    #[test]
    fn frame_of_en_passant() {
        let s = pos("4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 1");
        let (after, f) = frame_with(&s, "e5xd6", SUCCESS);
        assert_eq!(f, Some(sq("d6")), "the attacker ends on the square passed");
        assert!(after.board().get(sq("d5")).is_none());
        assert_eq!(frame_with(&s, "e5xd6", WOUND).1, Some(sq("e5")));
        assert_eq!(frame_with(&s, "e5xd6", MISS).1, Some(sq("e5")));
    }

    #[test]
    fn frame_of_a_heal_is_the_king() {
        let s = pos("4k3/8/8/8/8/8/3R4/4K3 w - - 0 1 d2 - - 0/0 -/- -/-");
        assert_eq!(frame(&s, "heal e1d2"), Some(sq("e1")));
    }

    #[test]
    fn frame_of_movement_cards() {
        let hand = "0/0 file-shift,teleport,acceleration,knights-leap,fury/-";
        let s = cards("4k3/8/3p4/8/4N3/P7/8/4K3 w - - 0 1", "- - -", hand);
        assert_eq!(frame(&s, "file-shift e4d4"), Some(sq("d4")));
        assert_eq!(frame(&s, "teleport e4e6"), Some(sq("e6")));
        assert_eq!(frame_with(&s, "teleport e4xd6", SUCCESS).1, Some(sq("d6")));
        assert_eq!(frame_with(&s, "teleport e4xd6", WOUND).1, Some(sq("e4")));
        assert_eq!(frame_with(&s, "teleport e4xd6", MISS).1, Some(sq("e4")));
        assert_eq!(frame(&s, "acceleration a3a5"), Some(sq("a5")));
        assert_eq!(frame(&s, "knights-leap e4g5"), Some(sq("g5")));
        assert_eq!(frame_with(&s, "knights-leap e4xd6", MISS).1, Some(sq("e4")));
        assert_eq!(
            frame_with(&s, "knights-leap e4xd6", SUCCESS).1,
            Some(sq("d6"))
        );
        assert_eq!(frame_with(&s, "fury e4xd6", SUCCESS).1, Some(sq("d6")));
        assert_eq!(frame_with(&s, "fury e4xd6", WOUND).1, Some(sq("e4")));
    }

    #[test]
    fn frame_of_kings_stride_follows_its_attack() {
        let s = cards(
            "4k3/8/8/8/8/3r4/8/4K3 w - - 0 1",
            "- - -",
            "0/0 kings-stride/-",
        );
        assert_eq!(frame(&s, "kings-stride e1f1g2"), Some(sq("g2")));
        let (after, f) = frame_with(&s, "kings-stride e1e2xd3", SUCCESS);
        assert_eq!(f, Some(sq("d3")));
        assert_eq!(after.board().king(Colour::White), Some(sq("d3")));
        for failed in [WOUND, MISS] {
            let (after, f) = frame_with(&s, "kings-stride e1e2xd3", failed);
            assert_eq!(f, Some(sq("e2")), "the king stays on its first step");
            assert_eq!(after.board().king(Colour::White), Some(sq("e2")));
        }
    }

    #[test]
    fn frame_of_mass_attack_is_the_pawn_nearest_the_enemy_king() {
        let hand = "0/0 mass-attack/-";
        // a3, d6 and h3: d6 is two king steps from e8.
        let s = cards("4k3/8/8/3P4/8/8/P6P/4K3 w - - 0 1", "- - -", hand);
        let (after, f) = frame_with(&s, "mass-attack", SUCCESS);
        assert_eq!(f, Some(sq("d6")));
        assert!(after.board().get(sq("d6")).is_some());
        // A promotion: the new rook on h8 is nearer than a3.
        let s = cards("4k3/7P/8/8/8/8/P7/4K3 w - - 0 1", "- - -", hand);
        assert_eq!(frame(&s, "mass-attack hr"), Some(sq("h8")));
        // A tie (b3 and h3 both five steps away): the first square from a1.
        let s = cards("4k3/8/8/8/8/8/1P5P/4K3 w - - 0 1", "- - -", hand);
        assert_eq!(frame(&s, "mass-attack"), Some(sq("b3")));
        // A blocked pawn stays and is not framed.
        let s = cards("4k3/8/8/8/8/p7/P6P/4K3 w - - 0 1", "- - -", hand);
        assert_eq!(frame(&s, "mass-attack"), Some(sq("h3")));
        // No pawn stepped (a record that cannot come from a legal play): no frame.
        let bare = pos("4k3/8/8/8/8/8/8/4K3 w - - 0 1");
        let record = Record {
            action: act("mass-attack"),
            dice: None,
            result: None,
            actor: Colour::White,
        };
        assert_eq!(last_actor(&bare, &record, &bare), None);
    }

    #[test]
    fn frame_of_zombie_pawn_is_where_it_rose() {
        let s = cards(
            "4k3/8/8/8/8/8/8/4K3 w - - 0 1",
            "- - -",
            "1/0 zombie-pawn/-",
        );
        let (after, record) = s
            .apply_with_chance(&act("zombie-pawn"), CardChance::Rises(sq("c4")))
            .unwrap();
        assert_eq!(last_actor(&s, &record, &after), Some(sq("c4")));
        // From the generator: wherever it rose.
        for seed in 0..8 {
            let s = s.clone().with_dice_seed(seed);
            let (after, record) = s.apply(&act("zombie-pawn")).unwrap();
            let f = last_actor(&s, &record, &after).expect("a frame");
            let p = after.board().get(f).expect("a pawn there");
            assert_eq!((p.colour, p.role), (Colour::White, Role::Pawn));
            assert!(s.board().get(f).is_none());
        }
    }

    #[test]
    fn frame_of_cards_aimed_at_one_square() {
        let s = cards(
            "4k3/8/8/3n4/8/8/P2R4/4K3 w - - 0 1",
            "d2 - f6",
            "1/0 resurrection,explosive-ram,statue,heir,barricade/-",
        );
        assert_eq!(frame(&s, "resurrection c2"), Some(sq("c2")));
        assert_eq!(frame(&s, "explosive-ram d2"), Some(sq("d2")));
        assert_eq!(frame(&s, "statue a2"), Some(sq("a2")));
        assert_eq!(frame(&s, "heir a2"), Some(sq("a2")));
        assert_eq!(frame(&s, "barricade c4"), Some(sq("c4")));
        let s = cards(
            "4k3/8/8/3n4/8/8/P2R4/4K3 w - - 0 1",
            "d2 - f6",
            "0/0 demolition,balm,poison-dart,shield,restriction/-",
        );
        assert_eq!(frame(&s, "demolition f6"), Some(sq("f6")));
        assert_eq!(frame(&s, "balm d2"), Some(sq("d2")));
        assert_eq!(frame(&s, "poison-dart d5"), Some(sq("d5")));
        assert_eq!(frame(&s, "shield a2"), Some(sq("a2")));
        assert_eq!(frame(&s, "restriction d5"), Some(sq("d5")));
    }

    #[test]
    fn no_frame_for_scouting_trophy_seize_cancel_and_pass() {
        // Black has played Balm (white may seize it).
        let s = pos("4k3/8/8/3n4/8/8/8/3RK3 w - - 0 1 - - - 0/0 \
             scouting,trophy,seize,restriction/cancel,seize -/balm");
        assert_eq!(frame(&s, "scouting"), None);
        assert_eq!(frame(&s, "trophy"), None);
        let (after, f) = frame_with(&s, "seize balm", SUCCESS);
        assert_eq!(f, None);
        assert!(after.window().is_some());
        assert_eq!(frame(&after, "pass"), None, "a pass in the window");
        assert_eq!(frame(&after, "cancel"), None, "Cancel in the window");
        // Restriction opens a window: black may answer with its own Seize of it.
        let (after, f) = frame_with(&s, "restriction d5", SUCCESS);
        assert_eq!(f, Some(sq("d5")));
        assert_eq!(frame(&after, "seize restriction"), None);
        // Cancel at the start of black's own turn, against the Scouting just played.
        let (after, _) = frame_with(&s, "scouting", SUCCESS);
        assert_eq!(after.cancelable(), Some(Artifact::Scouting));
        assert_eq!(frame(&after, "cancel"), None);
    }
}
