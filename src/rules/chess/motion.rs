//! What an applied action did to the board, piece by piece: which pieces travelled where and how,
//! which left the board and why, which appeared, which changed in place, which squares became
//! impassable or passable again, and the whole-board effect to play. The rules say it, so a view
//! animates from [`Motions`] alone and never guesses from a board diff (the path of a move is
//! the rules' business, as in Ash & Walnut).
//!
//! Decisions:
//! - A failed attempt moves nothing: a miss changes nothing, a wound is a [`Change`] of the
//!   defender ([`Alteration::Wounded`], naming the square the blow came from). King's Stride is
//!   the one exception: its first step is made before the attack, so a failed attack leaves the
//!   king travelling to its first step only.
//! - A promotion is part of the pawn's [`Motion`]: `piece` is the pawn that left, `becomes` the
//!   piece that lands. A view may swap the model on arrival.
//! - Explosive Ram removes only the sacrificed rook ([`Cause::Blasted`] at its own square); the
//!   enemies around it stay on their squares and are demoted in place ([`Alteration::Demoted`]).
//! - Cancel is read from the boards: the state before the cancelled artifact comes back whole,
//!   and that artifact may have been followed by a normal move (after a passed window, or in
//!   check), so the rules cannot name one action to undo. Every piece that is not where it was
//!   goes home in a straight [`Hop::Slide`] (however far), pieces taken come back and pieces
//!   that rose go, each marked as rewound, with [`BoardEffect::Rewind`]. Pieces of one kind are
//!   paired nearest first: which of two like pieces went where is not kept by the rules.
//! - Every square that changed is told once as a square a piece left (a [`Motion`]'s `from` or a
//!   [`Removal`]), once as a square a piece came to (a `to` or an [`Arrival`]), or once as a
//!   [`Change`]; a capture's square is both left by the victim and reached by the captor. No
//!   square that did not change is named, except a stride's `via`.

use super::board::{Board, Piece, Role, Square};
use super::cards::{self, Play};
use super::dice::AttemptResult;
use super::movegen;
use super::state::{Action, Record, State};

/// How a piece travels from its square to its new one.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Hop {
    /// Along the board: a plain move, a stride, a pawn, a piece going home in a rewind.
    Slide,
    /// Through the air: a knight, Teleport and Knight's Leap jump over whatever stands between.
    Arc,
    /// Over a neighbour: the rook of castling jumps the king.
    Over,
}

/// One piece travelling.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Motion {
    /// The piece as it stood on `from`.
    pub piece: Piece,
    /// The piece as it stands on `to`: the same, or promoted, or (in a rewind) as it was before.
    pub becomes: Piece,
    pub from: Square,
    pub to: Square,
    /// A square passed on the way (King's Stride's first step), when the path is two legs.
    pub via: Option<Square>,
    pub hop: Hop,
}

impl Motion {
    /// The length of the path in king steps, both legs counted.
    pub fn steps(&self) -> u8 {
        match self.via {
            Some(v) => self.from.distance(v) + v.distance(self.to),
            None => self.from.distance(self.to),
        }
    }
}

/// Why a piece left the board.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Cause {
    /// Taken by the piece attacking from `by` (its own square, or a stride's first step).
    Captured { by: Square },
    /// Blown up by Explosive Ram: the sacrificed rook itself, standing on `at`.
    Blasted { at: Square },
    /// Turned to stone by Statue: its square becomes impassable ([`Motions::blocked`]).
    Petrified,
    /// Taken off by Cancel: it was not there before the cancelled artifact.
    Rewound,
    /// Gone for a reason the rules did not name (never, while the rules and this file agree).
    Gone,
}

/// One piece leaving the board.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Removal {
    pub square: Square,
    /// The piece as it stood there.
    pub piece: Piece,
    pub cause: Cause,
}

/// Where a piece that appears without travelling comes from.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Origin {
    /// Resurrection: a pawn back from the reserve on the square chosen.
    Resurrected,
    /// Zombie Pawn: a pawn from the reserve on a square drawn at random.
    Risen,
    /// Brought back by Cancel.
    Rewound,
    /// Appeared for a reason the rules did not name (never, while they agree).
    Appeared,
}

/// One piece appearing on a square.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Arrival {
    pub square: Square,
    pub piece: Piece,
    pub cause: Origin,
}

/// Why a piece changed where it stands.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Alteration {
    /// Wounded by an attempt from `by`, or by Poison Dart (`None`: no piece strikes).
    Wounded { by: Option<Square> },
    /// Healed by its king or by Balm.
    Healed,
    /// Made an Heir.
    MadeHeir,
    /// Demoted by Explosive Ram on `at` (rook to bishop, bishop or knight to pawn).
    Demoted { at: Square },
    /// Put back as it was by Cancel (a wound, an Heir mark or a demotion undone).
    Rewound,
    /// Changed for a reason the rules did not name (never, while they agree).
    Altered,
}

/// One piece changed in place: its shape or its marks, not its square or colour.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Change {
    pub square: Square,
    pub was: Piece,
    pub now: Piece,
    pub cause: Alteration,
}

/// A whole-board effect the view plays with the motions.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum BoardEffect {
    /// Explosive Ram's blast on the rook's square.
    Blast(Square),
    /// Cancel: the board returns to where it was.
    Rewind,
}

/// Everything one action did to the board (see the module's notes).
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash)]
pub struct Motions {
    pub moves: Vec<Motion>,
    pub removed: Vec<Removal>,
    pub arrived: Vec<Arrival>,
    pub changed: Vec<Change>,
    /// Squares made impassable (Statue, Barricade, or a Demolition cancelled).
    pub blocked: Vec<Square>,
    /// Squares made passable again (Demolition, or a Statue or Barricade cancelled).
    pub opened: Vec<Square>,
    pub effect: Option<BoardEffect>,
}

impl Motions {
    /// The longest travel in king steps (a stride's two legs added), at least 1 when any piece
    /// travels and 0 when none does: the table times one animation by one clock from it.
    /// Removals, arrivals and changes do not travel and do not count.
    pub fn longest(&self) -> u8 {
        self.moves
            .iter()
            .map(|m| m.steps().max(1))
            .max()
            .unwrap_or(0)
    }

    /// Whether nothing on the board changed (a miss, a heal of nothing, a card off the board).
    pub fn is_empty(&self) -> bool {
        self.moves.is_empty()
            && self.removed.is_empty()
            && self.arrived.is_empty()
            && self.changed.is_empty()
            && self.blocked.is_empty()
            && self.opened.is_empty()
    }

    /// The board `board` becomes when these motions are carried out on it: what a view shows
    /// once every animation has ended (the rules' own board after the action, when `board` is
    /// the one before it).
    pub fn applied(&self, board: &Board) -> Board {
        let mut out = *board;
        for &s in &self.opened {
            out.set_impassable(s, false);
        }
        for r in &self.removed {
            out.set(r.square, None);
        }
        // Every mover leaves before any lands: a piece may land where another just left.
        for m in &self.moves {
            out.set(m.from, None);
        }
        for m in &self.moves {
            out.set(m.to, Some(m.becomes));
        }
        for c in &self.changed {
            out.set(c.square, Some(c.now));
        }
        for a in &self.arrived {
            out.set(a.square, Some(a.piece));
        }
        for &s in &self.blocked {
            out.set_impassable(s, true);
        }
        out
    }

    fn travel(&mut self, piece: Piece, from: Square, to: Square, via: Option<Square>, hop: Hop) {
        self.moves.push(Motion {
            piece,
            becomes: piece,
            from,
            to,
            via,
            hop,
        });
    }

    /// A travel that may end in a promotion (the Heir mark is lost, the wound kept).
    fn promoting(
        &mut self,
        piece: Piece,
        from: Square,
        to: Square,
        promotion: Option<Role>,
        hop: Hop,
    ) {
        self.travel(piece, from, to, None, hop);
        if let (Some(role), Some(m)) = (promotion, self.moves.last_mut()) {
            m.becomes.role = role;
            m.becomes.heir = false;
        }
    }

    /// A change of the piece on `sq`, told only when it changes something.
    fn change(&mut self, board: &Board, sq: Square, cause: Alteration, edit: impl Fn(&mut Piece)) {
        let Some(was) = board.get(sq) else {
            return;
        };
        let mut now = was;
        edit(&mut now);
        if now != was {
            self.changed.push(Change {
                square: sq,
                was,
                now,
                cause,
            });
        }
    }
}

/// How a piece travels by its own move: a knight jumps, everything else slides.
fn natural_hop(piece: Piece) -> Hop {
    if piece.role == Role::Knight {
        Hop::Arc
    } else {
        Hop::Slide
    }
}

/// What `record`'s action did between `before` and `after` (the states on either side of it,
/// as [`State::apply`] and its kin return them).
///
/// The card rules are read from the action; the boards are compared only for what the action
/// does not say (Zombie Pawn's square, Cancel's rewind). Should the two ever disagree (a rule
/// changed here but not there), the motions are read from the boards alone, with the causes
/// left unnamed, so that a view still ends on the rules' board.
pub fn motions(before: &State, record: &Record, after: &State) -> Motions {
    let (b, a) = (before.board(), after.board());
    if record.action == Action::Play(Play::Cancel) {
        let mut out = compared(b, a, true);
        out.effect = Some(BoardEffect::Rewind);
        return out;
    }
    let out = told(before, record, after);
    if out.applied(b) == *a {
        return out;
    }
    let mut read = compared(b, a, false);
    read.effect = out.effect;
    read
}

/// The motions as the rules of the action tell them.
fn told(before: &State, record: &Record, after: &State) -> Motions {
    let b = before.board();
    let mut out = Motions::default();
    match record.action {
        Action::Move {
            from,
            to,
            promotion,
        } => {
            let Some(piece) = b.get(from) else {
                return out;
            };
            if movegen::is_castling(b, from, to) {
                out.travel(piece, from, to, None, Hop::Slide);
                let (rf, rt) = if to.file() == 6 { (7, 5) } else { (0, 3) };
                if let (Some(rf), Some(rt)) =
                    (Square::new(rf, from.rank()), Square::new(rt, to.rank()))
                    && let Some(rook) = b.get(rf)
                {
                    out.travel(rook, rf, rt, None, Hop::Over);
                }
            } else {
                out.promoting(piece, from, to, promotion, natural_hop(piece));
            }
        }
        Action::Attempt {
            from,
            to,
            promotion,
        } => attempt(&mut out, before, record, from, None, to, promotion, None),
        Action::Heal { target, .. } => {
            out.change(b, target, Alteration::Healed, |p| p.wounded = false);
        }
        Action::Pass => {}
        Action::Play(play) => card(&mut out, before, record, after, play),
    }
    out
}

/// A capture attempt by the piece on `from`, striking from `via` when it stepped there first
/// (King's Stride), or from `from`. `hop`, when given, overrides the piece's own way of moving.
#[allow(clippy::too_many_arguments)]
fn attempt(
    out: &mut Motions,
    before: &State,
    record: &Record,
    from: Square,
    via: Option<Square>,
    to: Square,
    promotion: Option<Role>,
    hop: Option<Hop>,
) {
    let b = before.board();
    let Some(attacker) = b.get(from) else {
        return;
    };
    let aimed = Action::Attempt {
        from,
        to,
        promotion: None,
    };
    let Some((victim_sq, victim)) = before.attempt_defender(&aimed) else {
        return;
    };
    let by = via.unwrap_or(from);
    // The rules read a missing result as a miss.
    match record.result.unwrap_or(AttemptResult::Miss) {
        AttemptResult::Success => {
            out.removed.push(Removal {
                square: victim_sq,
                piece: victim,
                cause: Cause::Captured { by },
            });
            match via {
                Some(v) => out.travel(attacker, from, to, Some(v), Hop::Slide),
                None => {
                    let hop = hop.unwrap_or(natural_hop(attacker));
                    out.promoting(attacker, from, to, promotion, hop);
                }
            }
        }
        failed => {
            if let Some(v) = via {
                out.travel(attacker, from, v, None, Hop::Slide);
            }
            if failed == AttemptResult::Wound {
                out.change(b, victim_sq, Alteration::Wounded { by: Some(by) }, |p| {
                    p.wounded = true;
                });
            }
        }
    }
}

/// What an artifact did.
fn card(out: &mut Motions, before: &State, record: &Record, after: &State, play: Play) {
    let b = before.board();
    let us = record.actor;
    match play {
        Play::FileShift(m)
        | Play::Acceleration(m)
        | Play::Teleport(m)
        | Play::KnightsLeap(m)
        | Play::Fury(m) => {
            // Teleport and Knight's Leap jump, whatever the piece; File Shift and Acceleration
            // slide it (one file aside, or straight ahead); Fury moves as the piece does.
            let hop = match play {
                Play::Teleport(_) | Play::KnightsLeap(_) => Some(Hop::Arc),
                Play::FileShift(_) | Play::Acceleration(_) => Some(Hop::Slide),
                _ => None,
            };
            if m.attack {
                attempt(out, before, record, m.from, None, m.to, m.promotion, hop);
            } else if let Some(piece) = b.get(m.from) {
                let hop = hop.unwrap_or(natural_hop(piece));
                out.promoting(piece, m.from, m.to, m.promotion, hop);
            }
        }
        Play::KingsStride { via, m } => {
            if m.attack {
                attempt(out, before, record, m.from, Some(via), m.to, None, None);
            } else if let Some(king) = b.get(m.from) {
                out.travel(king, m.from, m.to, Some(via), Hop::Slide);
            }
        }
        Play::MassAttack(promotions) => {
            for (from, to) in cards::mass_steps(before, us) {
                let Some(pawn) = b.get(from) else {
                    continue;
                };
                let promotion = if to.rank() == us.last_rank() {
                    promotions[to.file() as usize]
                } else {
                    None
                };
                out.promoting(pawn, from, to, promotion, Hop::Slide);
            }
        }
        Play::ExplosiveRam(at) => {
            if let Some(rook) = b.get(at) {
                out.removed.push(Removal {
                    square: at,
                    piece: rook,
                    cause: Cause::Blasted { at },
                });
            }
            for (df, dr) in movegen::KING_STEPS {
                let Some(sq) = at.offset(df, dr) else {
                    continue;
                };
                if b.get(sq).is_some_and(|p| p.colour != us) {
                    out.change(b, sq, Alteration::Demoted { at }, |p| {
                        p.role = match p.role {
                            Role::Rook => Role::Bishop,
                            Role::Bishop | Role::Knight => Role::Pawn,
                            other => other,
                        };
                    });
                }
            }
            out.effect = Some(BoardEffect::Blast(at));
        }
        Play::ZombiePawn => {
            // The square is drawn by the dice generator: the one empty before and ours after.
            let a = after.board();
            let pawn = Piece::new(us, Role::Pawn);
            if let Some(sq) = Square::all().find(|&s| b.get(s).is_none() && a.get(s) == Some(pawn))
            {
                out.arrived.push(Arrival {
                    square: sq,
                    piece: pawn,
                    cause: Origin::Risen,
                });
            }
        }
        Play::Resurrection(sq) => out.arrived.push(Arrival {
            square: sq,
            piece: Piece::new(us, Role::Pawn),
            cause: Origin::Resurrected,
        }),
        Play::Statue(sq) => {
            if let Some(pawn) = b.get(sq) {
                out.removed.push(Removal {
                    square: sq,
                    piece: pawn,
                    cause: Cause::Petrified,
                });
            }
            out.blocked.push(sq);
        }
        Play::Barricade(sq) => out.blocked.push(sq),
        Play::Demolition(sq) => out.opened.push(sq),
        Play::Balm(sq) => out.change(b, sq, Alteration::Healed, |p| p.wounded = false),
        Play::PoisonDart(sq) => {
            out.change(b, sq, Alteration::Wounded { by: None }, |p| {
                p.wounded = true
            });
        }
        Play::Heir(sq) => out.change(b, sq, Alteration::MadeHeir, |p| p.heir = true),
        // Off the board: hands, piles, shields, Restrictions, the window. Cancel is read
        // from the boards by `motions`.
        Play::Shield(_)
        | Play::Scouting
        | Play::Trophy
        | Play::Seize(_)
        | Play::Restriction(_)
        | Play::Cancel => {}
    }
}

/// The motions read from two boards alone: `rewind` for Cancel (causes named as rewound),
/// otherwise the fallback with unnamed causes.
///
/// A square holding a piece of the same colour on both boards changed in place (in one action,
/// or the rewind of one, no piece of a colour replaces another of that colour). Otherwise the
/// pieces that left are paired with the pieces that came of their colour: the same kind first,
/// then a pawn and a promoted piece either way, the nearest first; a king never changes kind.
fn compared(b: &Board, a: &Board, rewind: bool) -> Motions {
    let mut out = Motions::default();
    let mut left: Vec<(Square, Piece)> = Vec::new();
    let mut came: Vec<(Square, Piece)> = Vec::new();
    for s in Square::all() {
        let (was, now) = (b.get(s), a.get(s));
        if was == now {
            continue;
        }
        match (was, now) {
            (Some(was), Some(now)) if was.colour == now.colour => out.changed.push(Change {
                square: s,
                was,
                now,
                cause: if rewind {
                    Alteration::Rewound
                } else {
                    Alteration::Altered
                },
            }),
            _ => {
                left.extend(was.map(|p| (s, p)));
                came.extend(now.map(|p| (s, p)));
            }
        }
    }
    let fits = |x: Piece, y: Piece| {
        x.colour == y.colour
            && (x.role == y.role
                || (x.role != Role::King
                    && y.role != Role::King
                    && (x.role == Role::Pawn || y.role == Role::Pawn)))
    };
    let mut pairs: Vec<(bool, u8, usize, usize)> = Vec::new();
    for (i, &(ls, lp)) in left.iter().enumerate() {
        for (j, &(cs, cp)) in came.iter().enumerate() {
            if fits(lp, cp) {
                pairs.push((lp.role != cp.role, ls.distance(cs), i, j));
            }
        }
    }
    pairs.sort();
    let mut left_done = vec![false; left.len()];
    let mut came_done = vec![false; came.len()];
    for (_, _, i, j) in pairs {
        if left_done[i] || came_done[j] {
            continue;
        }
        left_done[i] = true;
        came_done[j] = true;
        let ((from, piece), (to, becomes)) = (left[i], came[j]);
        out.moves.push(Motion {
            piece,
            becomes,
            from,
            to,
            via: None,
            hop: Hop::Slide,
        });
    }
    for (&(square, piece), _) in left.iter().zip(&left_done).filter(|(_, d)| !**d) {
        out.removed.push(Removal {
            square,
            piece,
            cause: if rewind { Cause::Rewound } else { Cause::Gone },
        });
    }
    for (&(square, piece), _) in came.iter().zip(&came_done).filter(|(_, d)| !**d) {
        out.arrived.push(Arrival {
            square,
            piece,
            cause: if rewind {
                Origin::Rewound
            } else {
                Origin::Appeared
            },
        });
    }
    for s in Square::all() {
        match (b.is_impassable(s), a.is_impassable(s)) {
            (false, true) => out.blocked.push(s),
            (true, false) => out.opened.push(s),
            _ => {}
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::chess::{
        Artifact, ArtifactSet, Colour, Dice, DiceRng, DiceSet, parse_position,
    };

    fn pos(text: &str) -> State {
        parse_position(text).unwrap_or_else(|e| panic!("{text}: {e}"))
    }

    /// A position with white holding `hand`.
    fn with_hand(fen: &str, hand: &str) -> State {
        pos(&format!("{fen} - - - 0/0 {hand}/- -/-"))
    }

    fn sq(s: &str) -> Square {
        Square::parse(s).unwrap_or_else(|| panic!("{s}"))
    }

    fn dice(a: &[u8], d: &[u8]) -> Option<Dice> {
        Some(Dice {
            attacker: DiceSet::new(a)?,
            defender: DiceSet::new(d)?,
        })
    }

    fn success() -> Option<Dice> {
        dice(&[6, 6, 6], &[1, 1])
    }

    fn wound() -> Option<Dice> {
        dice(&[1, 1, 1], &[6, 6])
    }

    fn miss() -> Option<Dice> {
        dice(&[1, 1, 2], &[2, 2])
    }

    /// Plays `action` with these dice, checks its motions as the property test does, and
    /// returns the state after and the motions.
    fn run(state: &State, action: &str, d: Option<Dice>) -> (State, Motions) {
        let parsed: Action = action.parse().unwrap_or_else(|e| panic!("{action}: {e}"));
        let (after, record) = state
            .apply_with_dice(&parsed, d)
            .unwrap_or_else(|e| panic!("{action}: {e}"));
        let m = motions(state, &record, &after);
        check(state, &record, &after, &m);
        (after, m)
    }

    fn piece(colour: Colour, role: Role) -> Piece {
        Piece::new(colour, role)
    }

    fn slide(p: Piece, from: &str, to: &str, hop: Hop) -> Motion {
        Motion {
            piece: p,
            becomes: p,
            from: sq(from),
            to: sq(to),
            via: None,
            hop,
        }
    }

    /// Everything the motions promise about one applied action.
    fn check(before: &State, record: &Record, after: &State, m: &Motions) {
        let (b, a) = (before.board(), after.board());
        let action = record.action;
        assert_eq!(m.applied(b), *a, "{action}: {m:?}");
        if action != Action::Play(Play::Cancel) {
            assert_eq!(
                told(before, record, after),
                *m,
                "{action}: read from the boards, not told by the rules"
            );
        }
        let mut leaves = [0u8; 64];
        let mut comes = [0u8; 64];
        let mut changes = [0u8; 64];
        let mut walls = [0u8; 64];
        for mv in &m.moves {
            assert_ne!(
                mv.from, mv.to,
                "{action}: a piece listed as moving stands still"
            );
            assert_eq!(b.get(mv.from), Some(mv.piece), "{action}: {mv:?}");
            assert_eq!(a.get(mv.to), Some(mv.becomes), "{action}: {mv:?}");
            assert_eq!(mv.piece.colour, mv.becomes.colour);
            leaves[mv.from.index()] += 1;
            comes[mv.to.index()] += 1;
        }
        for r in &m.removed {
            assert_eq!(b.get(r.square), Some(r.piece), "{action}: {r:?}");
            leaves[r.square.index()] += 1;
        }
        for ar in &m.arrived {
            assert_eq!(a.get(ar.square), Some(ar.piece), "{action}: {ar:?}");
            comes[ar.square.index()] += 1;
        }
        for c in &m.changed {
            assert_eq!(b.get(c.square), Some(c.was), "{action}: {c:?}");
            assert_eq!(a.get(c.square), Some(c.now), "{action}: {c:?}");
            assert_ne!(c.was, c.now, "{action}: a change that changes nothing");
            assert_eq!(c.was.colour, c.now.colour);
            changes[c.square.index()] += 1;
        }
        for s in m.blocked.iter().chain(&m.opened) {
            walls[s.index()] += 1;
        }
        for s in Square::all() {
            let i = s.index();
            let changed = b.get(s) != a.get(s) || b.is_impassable(s) != a.is_impassable(s);
            let named = leaves[i] + comes[i] + changes[i] + walls[i] > 0;
            assert_eq!(
                changed, named,
                "{action}: {s} changed {changed}, named {named}"
            );
            assert!(leaves[i] <= 1, "{action}: two pieces leave {s}");
            assert!(comes[i] <= 1, "{action}: two pieces come to {s}");
            assert!(
                changes[i] == 0 || leaves[i] + comes[i] == 0 && changes[i] == 1,
                "{action}: {s} changed in place and more"
            );
            assert!(walls[i] <= 1);
        }
        assert_eq!(m.longest() == 0, m.moves.is_empty());
        let effect = match action {
            Action::Play(Play::ExplosiveRam(at)) => Some(BoardEffect::Blast(at)),
            Action::Play(Play::Cancel) => Some(BoardEffect::Rewind),
            _ => None,
        };
        assert_eq!(m.effect, effect, "{action}");
    }

    /// Random games, artifacts on: half of them with every card in both hands, and a card
    /// chosen whenever a coin says so, so that every card (Cancel too) is played many times.
    #[test]
    fn motions_rebuild_the_board_after_every_action_of_random_games() {
        let mut played = ArtifactSet::EMPTY;
        let mut results = [0usize; 3];
        let mut actions = 0;
        for seed in 0..60u64 {
            let mut state = <State as crate::rules::Game>::opening(seed);
            if seed % 2 == 0 {
                let all: ArtifactSet = Artifact::ALL.into_iter().collect();
                state.hands = [all; 2];
            }
            let mut rng = DiceRng::new(seed.wrapping_mul(7919).wrapping_add(13));
            for _ in 0..80 {
                let legal = state.legal_actions();
                if legal.is_empty() {
                    break;
                }
                let cards: Vec<Action> = legal
                    .iter()
                    .copied()
                    .filter(|a| matches!(a, Action::Play(_)))
                    .collect();
                let action = if !cards.is_empty() && rng.below(2) == 0 {
                    cards[rng.below(cards.len() as u64) as usize]
                } else {
                    legal[rng.below(legal.len() as u64) as usize]
                };
                let (after, record) = state
                    .apply(&action)
                    .unwrap_or_else(|e| panic!("seed {seed}: {action}: {e}"));
                let m = motions(&state, &record, &after);
                check(&state, &record, &after, &m);
                if let Action::Play(p) = action {
                    played.insert(p.artifact());
                }
                if let Some(r) = record.result {
                    results[AttemptResult::ALL.iter().position(|x| *x == r).unwrap_or(0)] += 1;
                }
                actions += 1;
                state = after;
            }
        }
        assert!(actions > 3000, "{actions} actions");
        assert!(results.iter().all(|n| *n > 0), "every result: {results:?}");
        for card in Artifact::ALL {
            assert!(played.contains(card), "{card} never played");
        }
    }

    #[test]
    fn a_plain_move_slides_and_nothing_else() {
        let s = pos("4k3/8/8/8/8/8/4P3/4K3 w - - 0 1");
        let (_, m) = run(&s, "e2e4", None);
        let pawn = piece(Colour::White, Role::Pawn);
        assert_eq!(m.moves, [slide(pawn, "e2", "e4", Hop::Slide)]);
        assert!(m.removed.is_empty() && m.arrived.is_empty() && m.changed.is_empty());
        assert_eq!((m.longest(), m.effect), (2, None));
    }

    #[test]
    fn a_knight_arcs() {
        let s = pos("4k3/8/8/8/8/8/8/1N2K3 w - - 0 1");
        let (_, m) = run(&s, "b1c3", None);
        let knight = piece(Colour::White, Role::Knight);
        assert_eq!(m.moves, [slide(knight, "b1", "c3", Hop::Arc)]);
        assert_eq!(m.longest(), 2);
    }

    #[test]
    fn castling_slides_the_king_and_hops_the_rook_over() {
        let s = pos("4k3/8/8/8/8/8/8/R3K2R w KQ - 0 1");
        let (king, rook) = (
            piece(Colour::White, Role::King),
            piece(Colour::White, Role::Rook),
        );
        let (_, m) = run(&s, "e1g1", None);
        assert_eq!(
            m.moves,
            [
                slide(king, "e1", "g1", Hop::Slide),
                slide(rook, "h1", "f1", Hop::Over)
            ]
        );
        assert_eq!(m.longest(), 2);
        let (_, m) = run(&s, "e1c1", None);
        assert_eq!(
            m.moves,
            [
                slide(king, "e1", "c1", Hop::Slide),
                slide(rook, "a1", "d1", Hop::Over)
            ]
        );
        assert_eq!(m.longest(), 3, "the rook goes furthest");
    }

    #[test]
    fn en_passant_takes_the_pawn_passed_by() {
        let s = pos("4k3/3p4/8/4P3/8/8/8/4K3 b - - 0 1");
        let (s, _) = run(&s, "d7d5", None);
        let (_, m) = run(&s, "e5xd6", success());
        let pawn = piece(Colour::White, Role::Pawn);
        assert_eq!(m.moves, [slide(pawn, "e5", "d6", Hop::Slide)]);
        assert_eq!(
            m.removed,
            [Removal {
                square: sq("d5"),
                piece: piece(Colour::Black, Role::Pawn),
                cause: Cause::Captured { by: sq("e5") },
            }]
        );
        // Failing, the pawn on d5 is wounded where it stands.
        let (_, m) = run(&s, "e5xd6", wound());
        assert!(m.moves.is_empty());
        assert_eq!(m.changed[0].square, sq("d5"));
    }

    #[test]
    fn an_attempt_moves_only_when_it_succeeds() {
        let s = pos("4k3/8/3p4/8/4N3/8/8/4K3 w - - 0 1");
        let knight = piece(Colour::White, Role::Knight);
        let victim = piece(Colour::Black, Role::Pawn);
        let (_, m) = run(&s, "e4xd6", success());
        assert_eq!(m.moves, [slide(knight, "e4", "d6", Hop::Arc)]);
        assert_eq!(
            m.removed,
            [Removal {
                square: sq("d6"),
                piece: victim,
                cause: Cause::Captured { by: sq("e4") },
            }]
        );
        // A wound: both stay, the defender is marked.
        let (_, m) = run(&s, "e4xd6", wound());
        assert!(m.moves.is_empty() && m.removed.is_empty());
        let hurt = Piece {
            wounded: true,
            ..victim
        };
        assert_eq!(
            m.changed,
            [Change {
                square: sq("d6"),
                was: victim,
                now: hurt,
                cause: Alteration::Wounded { by: Some(sq("e4")) },
            }]
        );
        assert_eq!(m.longest(), 0);
        // A miss: nothing at all.
        let (_, m) = run(&s, "e4xd6", miss());
        assert!(m.is_empty());
        assert_eq!(m.longest(), 0);
    }

    #[test]
    fn a_promotion_lands_as_the_new_piece_keeping_its_wound() {
        let s = pos("4k3/1P6/8/8/8/8/8/4K3 w - - 0 1 b7 - - 0/0 -/- -/-");
        let (_, m) = run(&s, "b7b8r", None);
        let pawn = Piece {
            wounded: true,
            ..piece(Colour::White, Role::Pawn)
        };
        assert_eq!(m.moves.len(), 1);
        assert_eq!(
            (m.moves[0].piece, m.moves[0].becomes.role),
            (pawn, Role::Rook)
        );
        assert!(m.moves[0].becomes.wounded);
    }

    #[test]
    fn kings_stride_goes_by_its_first_step_and_stops_there_when_the_attack_fails() {
        let s = with_hand("4k3/8/8/8/8/3r4/8/4K3 w - - 0 1", "kings-stride");
        let king = piece(Colour::White, Role::King);
        let (_, m) = run(&s, "kings-stride e1f2g2", None);
        assert_eq!(m.moves.len(), 1);
        assert_eq!(m.moves[0].via, Some(sq("f2")));
        assert_eq!((m.moves[0].from, m.moves[0].to), (sq("e1"), sq("g2")));
        assert_eq!(m.longest(), 2, "two legs of one step");
        let (_, m) = run(&s, "kings-stride e1e2xd3", success());
        assert_eq!(
            m.moves,
            [Motion {
                via: Some(sq("e2")),
                ..slide(king, "e1", "d3", Hop::Slide)
            }]
        );
        assert_eq!(m.removed[0].cause, Cause::Captured { by: sq("e2") });
        let (_, m) = run(&s, "kings-stride e1e2xd3", wound());
        assert_eq!(m.moves, [slide(king, "e1", "e2", Hop::Slide)]);
        assert_eq!(
            m.changed[0].cause,
            Alteration::Wounded { by: Some(sq("e2")) }
        );
        assert_eq!(m.longest(), 1);
        let (_, m) = run(&s, "kings-stride e1e2xd3", miss());
        assert_eq!(m.moves, [slide(king, "e1", "e2", Hop::Slide)]);
        assert!(m.changed.is_empty());
    }

    #[test]
    fn mass_attack_moves_every_free_pawn() {
        let s = with_hand("4k3/1P4P1/8/8/8/3p4/3PP3/4K3 w - - 0 1", "mass-attack");
        let (_, m) = run(&s, "mass-attack br,gn", None);
        let mut ends: Vec<(Square, Square, Role)> = m
            .moves
            .iter()
            .map(|mv| (mv.from, mv.to, mv.becomes.role))
            .collect();
        ends.sort();
        assert_eq!(
            ends,
            [
                (sq("e2"), sq("e3"), Role::Pawn),
                (sq("b7"), sq("b8"), Role::Rook),
                (sq("g7"), sq("g8"), Role::Knight),
            ]
        );
        assert!(m.moves.iter().all(|mv| mv.hop == Hop::Slide));
    }

    #[test]
    fn explosive_ram_blasts_its_rook_and_demotes_in_place() {
        let s = pos("4k3/8/8/2rnb3/3R4/2N5/8/4K3 w - - 0 1 c5 - - 0/0 explosive-ram/- -/-");
        let (_, m) = run(&s, "explosive-ram d4", None);
        let at = sq("d4");
        assert_eq!(
            m.removed,
            [Removal {
                square: at,
                piece: piece(Colour::White, Role::Rook),
                cause: Cause::Blasted { at },
            }]
        );
        let mut demoted: Vec<(Square, Role, Role, bool)> = m
            .changed
            .iter()
            .map(|c| {
                assert_eq!(c.cause, Alteration::Demoted { at });
                (c.square, c.was.role, c.now.role, c.now.wounded)
            })
            .collect();
        demoted.sort();
        assert_eq!(
            demoted,
            [
                (sq("c5"), Role::Rook, Role::Bishop, true),
                (sq("d5"), Role::Knight, Role::Pawn, false),
                (sq("e5"), Role::Bishop, Role::Pawn, false),
            ]
        );
        assert!(m.moves.is_empty());
        assert_eq!((m.effect, m.longest()), (Some(BoardEffect::Blast(at)), 0));
    }

    #[test]
    fn cancel_sends_every_piece_home_however_far() {
        // A Teleport that took a pawn: the knight goes back, the pawn comes back.
        let s = pos("4k3/8/8/8/2p5/8/N7/4K3 w - - 0 1 - - - 0/0 teleport/cancel -/-");
        let (won, m) = run(&s, "teleport a2xc4", success());
        assert_eq!(m.moves[0].hop, Hop::Arc, "a teleport jumps");
        let (_, m) = run(&won, "cancel", None);
        let knight = piece(Colour::White, Role::Knight);
        assert_eq!(m.moves, [slide(knight, "c4", "a2", Hop::Slide)]);
        assert_eq!(
            m.arrived,
            [Arrival {
                square: sq("c4"),
                piece: piece(Colour::Black, Role::Pawn),
                cause: Origin::Rewound,
            }]
        );
        assert_eq!(m.effect, Some(BoardEffect::Rewind));
        // A failed one: the wound is taken back in place.
        let (failed, _) = run(&s, "teleport a2xc4", wound());
        let (_, m) = run(&failed, "cancel", None);
        assert!(m.moves.is_empty());
        assert_eq!(m.changed.len(), 1);
        assert_eq!(m.changed[0].cause, Alteration::Rewound);
        assert!(!m.changed[0].now.wounded);
        // Restriction, a passed window, then the rook's long move: all of it undone.
        let s = pos("1n2k3/8/8/8/8/8/8/R3K3 w - - 0 1 - - - 0/0 restriction/cancel -/-");
        let (s, m) = run(&s, "restriction b8", None);
        assert!(m.is_empty());
        let (s, _) = run(&s, "pass", None);
        let (s, _) = run(&s, "a1a7", None);
        let (_, m) = run(&s, "cancel", None);
        let rook = piece(Colour::White, Role::Rook);
        assert_eq!(m.moves, [slide(rook, "a7", "a1", Hop::Slide)]);
        assert_eq!(m.longest(), 6);
    }

    #[test]
    fn cancel_takes_back_a_risen_pawn_and_a_promotion() {
        let s = pos("4k3/8/8/8/8/8/8/R3K3 w - - 0 1 - - - 1/0 zombie-pawn/cancel -/-");
        let (risen, m) = run(&s, "zombie-pawn", None);
        assert_eq!(m.arrived.len(), 1);
        let (_, m) = run(&risen, "cancel", None);
        assert_eq!(m.removed.len(), 1);
        assert_eq!(m.removed[0].cause, Cause::Rewound);
        let s = pos("4k3/1P6/8/8/8/8/8/4K3 w - - 0 1 - - - 0/0 teleport/cancel -/-");
        let (up, _) = run(&s, "teleport b7b8n", None);
        let (_, m) = run(&up, "cancel", None);
        assert_eq!(m.moves.len(), 1);
        assert_eq!(
            (m.moves[0].piece.role, m.moves[0].becomes.role),
            (Role::Knight, Role::Pawn),
            "the knight goes home a pawn"
        );
    }

    #[test]
    fn movement_cards_slide_or_jump_as_their_rules_say() {
        let s = with_hand("4k3/8/8/8/8/8/R7/4K3 w - - 0 1", "teleport");
        let (_, m) = run(&s, "teleport a2c4", None);
        let rook = piece(Colour::White, Role::Rook);
        assert_eq!(m.moves, [slide(rook, "a2", "c4", Hop::Arc)], "even a rook");
        let s = with_hand("4k3/8/8/8/8/8/3NP3/4K3 w - - 0 1", "file-shift");
        let (_, m) = run(&s, "file-shift d2c2", None);
        let knight = piece(Colour::White, Role::Knight);
        assert_eq!(
            m.moves,
            [slide(knight, "d2", "c2", Hop::Slide)],
            "even a knight"
        );
        assert_eq!(m.longest(), 1);
        let s = with_hand("4k3/8/8/3p4/8/4P3/8/4K3 w - - 0 1", "acceleration");
        let (_, m) = run(&s, "acceleration e3e5", None);
        let pawn = piece(Colour::White, Role::Pawn);
        assert_eq!(m.moves, [slide(pawn, "e3", "e5", Hop::Slide)]);
        let s = with_hand("4k3/8/8/8/8/8/8/2B1K3 w - - 0 1", "knights-leap");
        let (_, m) = run(&s, "knights-leap c1d3", None);
        let bishop = piece(Colour::White, Role::Bishop);
        assert_eq!(m.moves, [slide(bishop, "c1", "d3", Hop::Arc)]);
    }

    #[test]
    fn pawns_arrive_from_the_reserve() {
        let s = pos("4k3/8/8/8/8/8/8/4K3 w - - 0 1 - - - 1/0 resurrection/- -/-");
        let (_, m) = run(&s, "resurrection a2", None);
        assert_eq!(
            m.arrived,
            [Arrival {
                square: sq("a2"),
                piece: piece(Colour::White, Role::Pawn),
                cause: Origin::Resurrected,
            }]
        );
        assert_eq!(m.longest(), 0);
        let s = pos("4k3/8/8/8/8/8/8/R3K3 w - - 0 1 - - - 1/0 zombie-pawn/- -/-");
        let (after, m) = run(&s, "zombie-pawn", None);
        assert_eq!(m.arrived.len(), 1);
        let at = m.arrived[0].square;
        assert!(matches!(at.rank(), 2 | 3));
        assert_eq!(
            after.board().get(at),
            Some(piece(Colour::White, Role::Pawn))
        );
        assert_eq!(m.arrived[0].cause, Origin::Risen);
    }

    #[test]
    fn marks_and_stones_change_in_place() {
        let s = with_hand("4k3/8/8/3p4/8/8/4P3/4K3 w - - 0 1", "statue");
        let (_, m) = run(&s, "statue d5", None);
        assert_eq!(m.removed[0].cause, Cause::Petrified);
        assert_eq!(m.blocked, [sq("d5")]);
        let s = pos("4k3/8/8/8/8/8/P7/4K3 w - - 0 1 - - d4 0/0 demolition/- -/-");
        let (_, m) = run(&s, "demolition d4", None);
        assert_eq!(m.opened, [sq("d4")]);
        assert!(m.moves.is_empty() && m.changed.is_empty());
        let s = with_hand("4k3/8/8/p7/8/8/R7/4K3 w - - 0 1", "poison-dart");
        let (_, m) = run(&s, "poison-dart a5", None);
        assert_eq!(m.changed[0].cause, Alteration::Wounded { by: None });
        assert!(m.changed[0].now.wounded);
        let s = with_hand("4k3/8/8/8/2p5/3P4/8/4K3 w - - 0 1", "heir");
        let (_, m) = run(&s, "heir d3", None);
        assert_eq!(m.changed[0].cause, Alteration::MadeHeir);
        assert!(m.changed[0].now.heir);
        let s = pos("4k3/8/8/8/8/8/3N4/4K3 w - - 5 1 d2 - - 0/0 -/- -/-");
        let (_, m) = run(&s, "heal e1d2", None);
        assert_eq!(m.changed[0].cause, Alteration::Healed);
        assert_eq!(m.longest(), 0);
    }
}
