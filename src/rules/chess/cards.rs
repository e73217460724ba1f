//! Playing artifacts (issue #8): which card plays are possible, what each does to the state, and
//! their notation. A card is spent (hand → played pile) when its action is carried out, even if
//! the attempt it caused fails; every card play is progress.
//!
//! Cards done so far: File Shift, Teleport, Acceleration, Knight's Leap, King's Stride, Mass
//! Attack, Fury (movement); Statue, Heir, Explosive Ram, Zombie Pawn, Resurrection, Barricade,
//! Demolition, Balm, Poison Dart, Shield, Scouting, Trophy (actions); Seize and Restriction
//! (keep the move, open the response window); Cancel (in a window or at the start of a turn).
//!
//! Decisions where the spec is silent:
//! - A card move that brings a pawn to its last rank promotes it (one action per piece chosen);
//!   a pawn may teleport or leap back to its own home rank and stays a pawn there. An
//!   Acceleration that promotes leaves no en-passant chance.
//! - File Shift may move the king (never into check). King's Stride: when the attack on the
//!   second step fails, the king stays on its first step (which was checked to be safe).
//! - Mass Attack needs at least one pawn able to step; Trophy needs at least one kind in the
//!   pool and draws two (or the one left); each is equally likely ([`card_chances`]).
//! - One shield per side at a time (a new Shield replaces it); a shield or Restriction ends
//!   when its piece leaves the board. A piece under Restriction still gives check.
//! - A piece under Restriction makes no action of its own on its side's next turn, by the
//!   board or by a card: no move, attempt or card move (File Shift, Teleport, Acceleration,
//!   Knight's Leap, Fury); a restricted pawn stays behind in a Mass Attack as a blocked one
//!   does (the card is not playable if no other pawn can step); a restricted rook does not
//!   castle. Cards that act *on* the piece stay open: Explosive Ram may sacrifice a restricted
//!   rook (the rook does not move, attack with dice or heal; it leaves the board as a piece
//!   turned to stone does, and the card, not the rook, demotes its neighbours), and Balm,
//!   Shield, Heir and Statue may be aimed at it.
//! - Poison Dart's "attacks" are the normal attacks (as for check), not card moves. A piece
//!   under Restriction counts: it still attacks its squares, as it still gives check; the card
//!   wounds, without dice and without the piece moving.
//! - A Seize played as a window answer opens no further window and cannot be cancelled.
//! - Cancel restores the state from just before the artifact, dice generator included, then
//!   spends both cards; the progress clock restarts (a card was played).
//! - The Cancel chance lasts until the first action of the side that may play it, passes in a
//!   window aside: after a Seize or Restriction whose window was passed, the opener's normal
//!   move keeps it, so Cancel at the start of the next turn still undoes that artifact (the
//!   "turn just before" is the opener's, window and normal move together). Everything from
//!   before the artifact comes back, the normal move included, and the opener acts again. The
//!   same holds when the opener acts again in check after a failed card attack. The chance is
//!   part of the position for repetitions (not of the position string).
//! - The lone-kings draw waits while the side to act holds Cancel and has a Cancel chance (an
//!   artifact, or the opener's move after a passed window, that left the kings alone): it may
//!   bring the pieces back first. Any other action ends the chance and the draw comes then.
//!   A side holding Cancel without a chance, or a chance without Cancel, holds nothing back.
//! - Resurrection or Zombie Pawn hold the lone-kings draw back only with a pawn in that
//!   colour's reserve: with only kings on the board an empty reserve stays empty.

use super::artifact::Artifact;
use super::bits;
use super::board::{Colour, Piece, Role, Square};
use super::movegen;
use super::state::{Action, State};
use serde::{Deserialize, Serialize};
use std::fmt;

/// A move granted by a movement card: the piece on `from` goes to `to`; `attack` when an enemy
/// stands there (an attempt, with dice).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct CardMove {
    pub from: Square,
    pub to: Square,
    pub attack: bool,
    pub promotion: Option<Role>,
}

/// One artifact played, with what it is aimed at.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Play {
    FileShift(CardMove),
    Teleport(CardMove),
    Acceleration(CardMove),
    KnightsLeap(CardMove),
    /// A normal capture attempt with one extra attacker die.
    Fury(CardMove),
    Statue(Square),
    Heir(Square),
    Resurrection(Square),
    Barricade(Square),
    Demolition(Square),
    Balm(Square),
    PoisonDart(Square),
    Shield(Square),
    Scouting,
    /// The king steps to `via` (empty), then on to `m.to`, where it may attack.
    KingsStride {
        via: Square,
        m: CardMove,
    },
    /// Every own pawn steps forward where the square was free; the promotion chosen for each
    /// pawn reaching the last rank, by file.
    MassAttack([Option<Role>; 8]),
    /// The own rook sacrificed on this square.
    ExplosiveRam(Square),
    ZombiePawn,
    Trophy,
    /// Take this kind from the other side's played pile.
    Seize(Artifact),
    /// This enemy piece may not move, attack or heal on its side's next turn.
    Restriction(Square),
    Cancel,
}

impl Play {
    pub fn artifact(&self) -> Artifact {
        match self {
            Play::FileShift(_) => Artifact::FileShift,
            Play::Teleport(_) => Artifact::Teleport,
            Play::Acceleration(_) => Artifact::Acceleration,
            Play::KnightsLeap(_) => Artifact::KnightsLeap,
            Play::Fury(_) => Artifact::Fury,
            Play::Statue(_) => Artifact::Statue,
            Play::Heir(_) => Artifact::Heir,
            Play::Resurrection(_) => Artifact::Resurrection,
            Play::Barricade(_) => Artifact::Barricade,
            Play::Demolition(_) => Artifact::Demolition,
            Play::Balm(_) => Artifact::Balm,
            Play::PoisonDart(_) => Artifact::PoisonDart,
            Play::Shield(_) => Artifact::Shield,
            Play::Scouting => Artifact::Scouting,
            Play::KingsStride { .. } => Artifact::KingsStride,
            Play::MassAttack(_) => Artifact::MassAttack,
            Play::ExplosiveRam(_) => Artifact::ExplosiveRam,
            Play::ZombiePawn => Artifact::ZombiePawn,
            Play::Trophy => Artifact::Trophy,
            Play::Seize(_) => Artifact::Seize,
            Play::Restriction(_) => Artifact::Restriction,
            Play::Cancel => Artifact::Cancel,
        }
    }

    /// The move of a movement card.
    pub fn card_move(&self) -> Option<CardMove> {
        match *self {
            Play::FileShift(m)
            | Play::Teleport(m)
            | Play::Acceleration(m)
            | Play::KnightsLeap(m)
            | Play::Fury(m)
            | Play::KingsStride { m, .. } => Some(m),
            _ => None,
        }
    }

    /// The square a single-square card is aimed at.
    pub fn target(&self) -> Option<Square> {
        match *self {
            Play::Statue(s)
            | Play::Heir(s)
            | Play::Resurrection(s)
            | Play::Barricade(s)
            | Play::Demolition(s)
            | Play::Balm(s)
            | Play::PoisonDart(s)
            | Play::ExplosiveRam(s)
            | Play::Restriction(s)
            | Play::Shield(s) => Some(s),
            _ => self.card_move().map(|m| m.to),
        }
    }

    /// Builds a play of `artifact` from its parts, as read from notation.
    fn build(artifact: Artifact, mv: Option<CardMove>, sq: Option<Square>) -> Option<Play> {
        Some(match (artifact, mv, sq) {
            (Artifact::FileShift, Some(m), None) => Play::FileShift(m),
            (Artifact::Teleport, Some(m), None) => Play::Teleport(m),
            (Artifact::Acceleration, Some(m), None) => Play::Acceleration(m),
            (Artifact::KnightsLeap, Some(m), None) => Play::KnightsLeap(m),
            (Artifact::Fury, Some(m), None) => Play::Fury(m),
            (Artifact::Statue, None, Some(s)) => Play::Statue(s),
            (Artifact::Heir, None, Some(s)) => Play::Heir(s),
            (Artifact::Resurrection, None, Some(s)) => Play::Resurrection(s),
            (Artifact::Barricade, None, Some(s)) => Play::Barricade(s),
            (Artifact::Demolition, None, Some(s)) => Play::Demolition(s),
            (Artifact::Balm, None, Some(s)) => Play::Balm(s),
            (Artifact::PoisonDart, None, Some(s)) => Play::PoisonDart(s),
            (Artifact::Shield, None, Some(s)) => Play::Shield(s),
            (Artifact::ExplosiveRam, None, Some(s)) => Play::ExplosiveRam(s),
            (Artifact::Restriction, None, Some(s)) => Play::Restriction(s),
            (Artifact::Cancel, None, None) => Play::Cancel,
            (Artifact::Scouting, None, None) => Play::Scouting,
            (Artifact::ZombiePawn, None, None) => Play::ZombiePawn,
            (Artifact::Trophy, None, None) => Play::Trophy,
            _ => return None,
        })
    }

    /// What the card's notation takes after its code.
    pub(crate) fn shape(artifact: Artifact) -> Shape {
        match artifact {
            Artifact::FileShift
            | Artifact::Teleport
            | Artifact::Acceleration
            | Artifact::KnightsLeap
            | Artifact::Fury => Shape::Move,
            Artifact::Statue
            | Artifact::Heir
            | Artifact::Resurrection
            | Artifact::Barricade
            | Artifact::Demolition
            | Artifact::Balm
            | Artifact::PoisonDart
            | Artifact::ExplosiveRam
            | Artifact::Restriction
            | Artifact::Shield => Shape::Square,
            Artifact::Scouting | Artifact::ZombiePawn | Artifact::Trophy | Artifact::Cancel => {
                Shape::Nothing
            }
            Artifact::Seize => Shape::Card,
            Artifact::KingsStride => Shape::Stride,
            Artifact::MassAttack => Shape::Mass,
        }
    }

    pub(crate) fn from_parts(
        artifact: Artifact,
        mv: Option<CardMove>,
        sq: Option<Square>,
    ) -> Option<Play> {
        Play::build(artifact, mv, sq)
    }
}

/// What follows a card's code in the notation.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Shape {
    /// `e2e4`, `e4xd5`, `e7e8r`.
    Move,
    /// One square.
    Square,
    Nothing,
    /// `e1e2e3` or `e1e2xd3`: the king's square, the first step, the second.
    Stride,
    /// Nothing, or the promotions by file: `br,gn`.
    Mass,
    /// An artifact's code: `seize fury`.
    Card,
}

impl fmt::Display for CardMove {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let x = if self.attack { "x" } else { "" };
        write!(f, "{}{x}{}", self.from, self.to)?;
        if let Some(r) = self.promotion {
            write!(f, "{}", r.letter())?;
        }
        Ok(())
    }
}

/// `teleport e2xe4`, `balm d2`, `scouting`, `kings-stride e1e2xd3`, `mass-attack br,gn` (the
/// file of each pawn that promotes, then its new piece).
impl fmt::Display for Play {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.artifact().code())?;
        if let Play::Seize(card) = self {
            return write!(f, " {card}");
        }
        if let Play::KingsStride { via, m } = self {
            let x = if m.attack { "x" } else { "" };
            return write!(f, " {}{via}{x}{}", m.from, m.to);
        }
        if let Play::MassAttack(promotions) = self {
            let mut first = true;
            for (file, role) in promotions.iter().enumerate() {
                if let Some(r) = role {
                    f.write_str(if first { " " } else { "," })?;
                    first = false;
                    write!(f, "{}{}", (b'a' + file as u8) as char, r.letter())?;
                }
            }
            return Ok(());
        }
        if let Some(m) = self.card_move() {
            write!(f, " {m}")
        } else if let Some(s) = self.target() {
            write!(f, " {s}")
        } else {
            Ok(())
        }
    }
}

/// Pushes a card move, split by promotion when a pawn lands on its last rank.
fn push_move(
    out: &mut Vec<Action>,
    piece: Piece,
    from: Square,
    to: Square,
    attack: bool,
    make: fn(CardMove) -> Play,
) {
    if piece.role == Role::Pawn && to.rank() == piece.colour.last_rank() {
        for r in Role::PROMOTIONS {
            out.push(Action::Play(make(CardMove {
                from,
                to,
                attack,
                promotion: Some(r),
            })));
        }
    } else {
        out.push(Action::Play(make(CardMove {
            from,
            to,
            attack,
            promotion: None,
        })));
    }
}

/// Whether a card move may land on `to`: `Some(false)` on a free square, `Some(true)` on an
/// enemy that is not a king (an attack), `None` otherwise.
fn landing(state: &State, to: Square, us: Colour) -> Option<bool> {
    let board = state.board();
    if board.is_impassable(to) {
        return None;
    }
    match board.get(to) {
        None => Some(false),
        Some(p) if p.colour != us && p.role != Role::King => Some(true),
        Some(_) => None,
    }
}

/// The answers in an open response window: pass, Cancel, or a Seize of the card just played.
pub(crate) fn window_answers(state: &State) -> Vec<Action> {
    let mut out = vec![Action::Pass];
    let Some(window) = state.window() else {
        return out;
    };
    let hand = state.hand(state.turn());
    if hand.contains(Artifact::Cancel) && state.cancelable().is_some() {
        out.push(Action::Play(Play::Cancel));
    }
    let held = hand.contains(window.card) && window.card != Artifact::Seize;
    if hand.contains(Artifact::Seize) && !held {
        out.push(Action::Play(Play::Seize(window.card)));
    }
    out
}

/// Every card play of the side to act, before the own-king test.
pub(crate) fn pseudo_plays(state: &State, out: &mut Vec<Action>) {
    let us = state.turn();
    let hand = state.hand(us);
    let start = out.len();
    pseudo_plays_unrestricted(state, us, hand, out);
    // A piece under Restriction makes no card move either.
    if let Some(r) = state.restricted(us) {
        let mut i = start;
        while i < out.len() {
            let from_restricted =
                matches!(out[i], Action::Play(p) if p.card_move().is_some_and(|m| m.from == r));
            if from_restricted {
                out.remove(i);
            } else {
                i += 1;
            }
        }
    }
}

fn pseudo_plays_unrestricted(
    state: &State,
    us: Colour,
    hand: super::artifact::ArtifactSet,
    out: &mut Vec<Action>,
) {
    if hand.is_empty() {
        return;
    }
    let board = state.board();
    let ours: Vec<(Square, Piece)> = board.pieces().filter(|(_, p)| p.colour == us).collect();
    for card in hand.iter() {
        match card {
            Artifact::FileShift => {
                for &(from, p) in &ours {
                    for df in [-1, 1] {
                        if let Some(to) = from.offset(df, 0)
                            && board.is_free(to)
                        {
                            push_move(out, p, from, to, false, Play::FileShift);
                        }
                    }
                }
            }
            Artifact::Teleport | Artifact::KnightsLeap => {
                let (table, make): (&[u64; 64], fn(CardMove) -> Play) =
                    if card == Artifact::Teleport {
                        (&bits::WITHIN_TWO, Play::Teleport)
                    } else {
                        (&bits::KNIGHT, Play::KnightsLeap)
                    };
                let kings = board.role_bits(Role::King);
                let landable = !(board.color_bits(us) | board.impassable_bits() | kings);
                let enemy = board.color_bits(us.other());
                for &(from, p) in ours.iter().filter(|(_, p)| p.role != Role::King) {
                    for t in bits::Bits(table[from.index()] & landable) {
                        if let Some(to) = Square::from_index(t) {
                            push_move(out, p, from, to, enemy >> t & 1 == 1, make);
                        }
                    }
                }
            }
            Artifact::Acceleration => {
                for &(from, p) in ours.iter().filter(|(_, p)| p.role == Role::Pawn) {
                    let f = us.forward();
                    if let (Some(one), Some(two)) = (from.offset(0, f), from.offset(0, 2 * f))
                        && board.is_free(one)
                        && board.is_free(two)
                    {
                        push_move(out, p, from, two, false, Play::Acceleration);
                    }
                }
            }
            Artifact::Fury => {
                let mut normal = Vec::new();
                movegen::pseudo_attempts(state, &mut normal);
                for a in normal {
                    if let Action::Attempt {
                        from,
                        to,
                        promotion,
                    } = a
                    {
                        out.push(Action::Play(Play::Fury(CardMove {
                            from,
                            to,
                            attack: true,
                            promotion,
                        })));
                    }
                }
            }
            Artifact::Statue => {
                for (sq, _) in board.pieces().filter(|(_, p)| p.role == Role::Pawn) {
                    out.push(Action::Play(Play::Statue(sq)));
                }
            }
            Artifact::Heir => {
                for &(sq, p) in &ours {
                    if p.role == Role::Pawn && !p.heir {
                        out.push(Action::Play(Play::Heir(sq)));
                    }
                }
            }
            Artifact::Resurrection if state.reserve(us) > 0 => {
                for file in 0..8 {
                    if let Some(sq) = Square::new(file, us.pawn_rank())
                        && board.is_free(sq)
                    {
                        out.push(Action::Play(Play::Resurrection(sq)));
                    }
                }
            }
            Artifact::Barricade => {
                let kings: Vec<Square> =
                    Colour::BOTH.iter().filter_map(|c| board.king(*c)).collect();
                for sq in Square::all() {
                    let home = sq.rank() == 0 || sq.rank() == 7;
                    let by_king = kings.iter().any(|k| k.distance(sq) <= 1);
                    if board.is_free(sq) && !home && !by_king {
                        out.push(Action::Play(Play::Barricade(sq)));
                    }
                }
            }
            Artifact::Demolition => {
                for sq in board.impassable().iter() {
                    out.push(Action::Play(Play::Demolition(sq)));
                }
            }
            Artifact::Balm => {
                for &(sq, p) in &ours {
                    if p.wounded {
                        out.push(Action::Play(Play::Balm(sq)));
                    }
                }
            }
            Artifact::PoisonDart => {
                for (sq, p) in board.pieces() {
                    if p.colour != us
                        && p.role != Role::King
                        && !p.wounded
                        && movegen::is_attacked(board, sq, us)
                    {
                        out.push(Action::Play(Play::PoisonDart(sq)));
                    }
                }
            }
            Artifact::Shield => {
                for &(sq, p) in &ours {
                    if p.role != Role::King {
                        out.push(Action::Play(Play::Shield(sq)));
                    }
                }
            }
            Artifact::Scouting => out.push(Action::Play(Play::Scouting)),
            Artifact::KingsStride => kings_stride(state, us, out),
            Artifact::MassAttack => mass_attack(state, us, out),
            Artifact::ExplosiveRam => {
                for &(sq, p) in &ours {
                    if p.role == Role::Rook {
                        out.push(Action::Play(Play::ExplosiveRam(sq)));
                    }
                }
            }
            Artifact::ZombiePawn if !zombie_squares(state, us).is_empty() => {
                out.push(Action::Play(Play::ZombiePawn));
            }
            Artifact::Trophy if !trophy_pool(state).is_empty() => {
                out.push(Action::Play(Play::Trophy))
            }
            Artifact::Seize => {
                let mut seen = super::artifact::ArtifactSet::EMPTY;
                for &card in state.played(us.other()) {
                    // After spending its own Seize, a hand may take a Seize back.
                    let held = hand.contains(card) && card != Artifact::Seize;
                    if !held && seen.insert(card) {
                        out.push(Action::Play(Play::Seize(card)));
                    }
                }
            }
            Artifact::Restriction => {
                for (sq, p) in board.pieces() {
                    if p.colour != us && p.role != Role::King {
                        out.push(Action::Play(Play::Restriction(sq)));
                    }
                }
            }
            Artifact::Cancel if state.cancelable().is_some() => {
                out.push(Action::Play(Play::Cancel));
            }
            _ => {}
        }
    }
}

/// Carries out a card play (already known legal) with the attempt's result for attacking
/// movement cards. The card is spent first.
/// `chance`, when given, decides Zombie Pawn's square or Trophy's draw instead of the
/// generator (the engine's chance nodes).
pub(crate) fn play_card(
    state: &mut State,
    play: &Play,
    result: Option<super::AttemptResult>,
    chance: Option<CardChance>,
) {
    let us = state.turn;
    state.hands[us.index()].remove(play.artifact());
    state.played[us.index()].push(play.artifact());
    match *play {
        Play::KingsStride { via, m } => {
            let king = state.board.take(m.from);
            state.board.set(via, king);
            state.castling.touch(m.from);
            if m.attack {
                let attempt = Action::Attempt {
                    from: via,
                    to: m.to,
                    promotion: None,
                };
                state.resolve_attempt(&attempt, result.unwrap_or(super::AttemptResult::Miss));
            } else {
                let king = state.board.take(via);
                state.board.set(m.to, king);
            }
        }
        Play::MassAttack(promotions) => {
            for (from, to) in mass_steps(state, us) {
                let Some(mut pawn) = state.board.take(from) else {
                    continue;
                };
                if to.rank() == us.last_rank()
                    && let Some(r) = promotions[to.file() as usize]
                {
                    pawn.role = r;
                    pawn.heir = false;
                }
                state.board.set(to, Some(pawn));
            }
        }
        Play::ExplosiveRam(rook) => {
            state.board.set(rook, None);
            state.castling.touch(rook);
            for (df, dr) in super::movegen::KING_STEPS {
                let Some(sq) = rook.offset(df, dr) else {
                    continue;
                };
                edit(state, sq, |p| {
                    if p.colour != us {
                        p.role = match p.role {
                            Role::Rook => Role::Bishop,
                            Role::Bishop | Role::Knight => Role::Pawn,
                            other => other,
                        };
                    }
                });
            }
        }
        Play::ZombiePawn => {
            let squares = zombie_squares(state, us);
            if !squares.is_empty() {
                let sq = match chance {
                    Some(CardChance::Rises(sq)) if squares.contains(&sq) => sq,
                    _ => squares[state.dice.below(squares.len() as u64) as usize],
                };
                state.reserves[us.index()] = state.reserves[us.index()].saturating_sub(1);
                state.board.set(sq, Some(Piece::new(us, Role::Pawn)));
            }
        }
        Play::Trophy => {
            if let Some(CardChance::Draws(drawn)) = chance {
                for card in drawn.iter() {
                    state.hands[us.index()].insert(card);
                }
                return;
            }
            let mut pool = trophy_pool(state);
            for _ in 0..2 {
                if pool.is_empty() {
                    break;
                }
                let card = pool.swap_remove(state.dice.below(pool.len() as u64) as usize);
                state.hands[us.index()].insert(card);
            }
        }
        Play::FileShift(m)
        | Play::Teleport(m)
        | Play::Acceleration(m)
        | Play::KnightsLeap(m)
        | Play::Fury(m) => {
            if m.attack {
                let attempt = Action::Attempt {
                    from: m.from,
                    to: m.to,
                    promotion: m.promotion,
                };
                state.resolve_attempt(&attempt, result.unwrap_or(super::AttemptResult::Miss));
            } else {
                let Some(mut piece) = state.board.take(m.from) else {
                    return;
                };
                if let Some(r) = m.promotion {
                    piece.role = r;
                    piece.heir = false;
                }
                state.board.set(m.to, Some(piece));
                state.castling.touch(m.from);
            }
        }
        Play::Statue(sq) => {
            state.board.set(sq, None);
            state.board.set_impassable(sq, true);
        }
        Play::Heir(sq) => edit(state, sq, |p| p.heir = true),
        Play::Resurrection(sq) => {
            state.reserves[us.index()] = state.reserves[us.index()].saturating_sub(1);
            state.board.set(sq, Some(Piece::new(us, Role::Pawn)));
        }
        Play::Barricade(sq) => state.board.set_impassable(sq, true),
        Play::Demolition(sq) => state.board.set_impassable(sq, false),
        Play::Balm(sq) => edit(state, sq, |p| p.wounded = false),
        Play::PoisonDart(sq) => edit(state, sq, |p| p.wounded = true),
        Play::Shield(sq) => state.shields[us.index()] = Some(sq),
        Play::Scouting => state.scouted[us.index()] = true,
        Play::Seize(card) => {
            let pile = &mut state.played[us.other().index()];
            if let Some(i) = pile.iter().rposition(|c| *c == card) {
                pile.remove(i);
            }
            state.hands[us.index()].insert(card);
        }
        Play::Restriction(sq) => state.restricted[us.other().index()] = Some(sq),
        // Cancel restores a whole earlier state: `State::play` carries it out.
        Play::Cancel => {}
    }
}

/// King's Stride: two king steps, the first to a free square not attacked, the second to a free
/// square or an enemy (an attack). The end square's safety is judged with the other actions.
fn kings_stride(state: &State, us: Colour, out: &mut Vec<Action>) {
    let board = state.board();
    let Some(from) = board.king(us) else {
        return;
    };
    let mut without_king = *board;
    without_king.set(from, None);
    for (df, dr) in super::movegen::KING_STEPS {
        let Some(via) = from.offset(df, dr) else {
            continue;
        };
        if !board.is_free(via) || movegen::is_attacked(&without_king, via, us.other()) {
            continue;
        }
        for (df2, dr2) in super::movegen::KING_STEPS {
            let Some(to) = via.offset(df2, dr2) else {
                continue;
            };
            if to == from {
                continue;
            }
            if let Some(attack) = landing(state, to, us) {
                out.push(Action::Play(Play::KingsStride {
                    via,
                    m: CardMove {
                        from,
                        to,
                        attack,
                        promotion: None,
                    },
                }));
            }
        }
    }
}

/// The steps of a Mass Attack: every own pawn whose square ahead is free before the card. A
/// pawn under Restriction stays, as a blocked one does.
pub(crate) fn mass_steps(state: &State, us: Colour) -> Vec<(Square, Square)> {
    let board = state.board();
    let held = state.restricted(us);
    board
        .pieces()
        .filter(|&(sq, p)| p.colour == us && p.role == Role::Pawn && Some(sq) != held)
        .filter_map(|(from, _)| {
            let to = from.offset(0, us.forward())?;
            board.is_free(to).then_some((from, to))
        })
        .collect()
}

/// Mass Attack, once for each choice of promotions (three per pawn reaching the last rank).
fn mass_attack(state: &State, us: Colour, out: &mut Vec<Action>) {
    let steps = mass_steps(state, us);
    if steps.is_empty() {
        return;
    }
    let promoting: Vec<usize> = steps
        .iter()
        .filter(|(_, to)| to.rank() == us.last_rank())
        .map(|(_, to)| to.file() as usize)
        .collect();
    let choices = 3usize.pow(promoting.len() as u32);
    for mut code in 0..choices {
        let mut promotions = [None; 8];
        for &file in &promoting {
            promotions[file] = Some(Role::PROMOTIONS[code % 3]);
            code /= 3;
        }
        out.push(Action::Play(Play::MassAttack(promotions)));
    }
}

/// The squares a Zombie Pawn may rise on: empty, passable squares of the own 3rd and 4th ranks.
/// Empty when the reserve is empty or when any of them would leave either king in check (the
/// card is then not playable at all).
pub(crate) fn zombie_squares(state: &State, us: Colour) -> Vec<Square> {
    if state.reserve(us) == 0 {
        return Vec::new();
    }
    let board = state.board();
    let squares: Vec<Square> = Square::all()
        .filter(|&s| matches!(us.relative_rank(s), 2 | 3) && board.is_free(s))
        .collect();
    let safe = squares.iter().all(|&s| {
        let mut b = *board;
        b.set(s, Some(Piece::new(us, Role::Pawn)));
        Colour::BOTH.iter().all(|&c| !movegen::in_check(&b, c))
    });
    if safe { squares } else { Vec::new() }
}

/// The kinds Trophy draws from: in neither hand and in neither played pile.
pub(crate) fn trophy_pool(state: &State) -> Vec<Artifact> {
    Artifact::ALL
        .into_iter()
        .filter(|&a| {
            Colour::BOTH
                .iter()
                .all(|&c| !state.hand(c).contains(a) && !state.played(c).contains(&a))
        })
        .collect()
}

fn edit(state: &mut State, sq: Square, change: impl FnOnce(&mut Piece)) {
    if let Some(mut p) = state.board.get(sq) {
        change(&mut p);
        state.board.set(sq, Some(p));
    }
}

/// The en-passant square an Acceleration leaves behind (as a two-square pawn move does).
pub(crate) fn passed_square(play: &Play) -> Option<Square> {
    match play {
        // A pawn that promoted on arrival is no pawn to take en passant.
        Play::Acceleration(m) if m.promotion.is_none() => {
            let mid = (m.from.rank() + m.to.rank()) / 2;
            Square::new(m.from.file(), mid)
        }
        _ => None,
    }
}

/// One result of a card's chance: where a Zombie Pawn rises, or which kinds Trophy draws.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum CardChance {
    Rises(Square),
    Draws(super::artifact::ArtifactSet),
}

/// The results of a card's chance with their exact probabilities (each square or pair of kinds
/// equally likely); empty for a card without chance. Dice chances are
/// [`State::attempt_odds`].
pub fn card_chances(state: &State, play: &Play) -> Vec<(CardChance, super::dice::Fraction)> {
    use super::dice::Fraction;
    let us = state.turn();
    match play {
        Play::ZombiePawn => {
            let squares = zombie_squares(state, us);
            let n = squares.len() as u64;
            squares
                .into_iter()
                .map(|s| (CardChance::Rises(s), Fraction::reduced(1, n)))
                .collect()
        }
        Play::Trophy => {
            // The Trophy itself goes to the played pile first, so it is never drawn.
            let pool: Vec<Artifact> = trophy_pool(state)
                .into_iter()
                .filter(|a| *a != Artifact::Trophy)
                .collect();
            if pool.len() < 2 {
                return pool
                    .iter()
                    .map(|a| {
                        (
                            CardChance::Draws([*a].into_iter().collect()),
                            Fraction::reduced(1, 1),
                        )
                    })
                    .collect();
            }
            let pairs = (pool.len() * (pool.len() - 1) / 2) as u64;
            let mut out = Vec::new();
            for i in 0..pool.len() {
                for j in i + 1..pool.len() {
                    let drawn = [pool[i], pool[j]].into_iter().collect();
                    out.push((CardChance::Draws(drawn), Fraction::reduced(1, pairs)));
                }
            }
            out
        }
        _ => Vec::new(),
    }
}
