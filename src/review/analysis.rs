//! The analysis board's engine-free core: a position read from the game's notation
//! ([`read`]) or taken from a replay, written back as notation for copying ([`notation`]),
//! and the engine's [`Analysis`] of it: the evaluation and the best line, built one engine
//! search at a time so the app can run it off the frame and drop it whenever the position
//! changes. For the other tools: Ash & Walnut's UHP GameString ([`uhp`]) and Artifact
//! Chess's FEN where a chess tool can hold the position ([`fen`]).
//!
//! # The evaluation and the line
//!
//! The evaluation is [`super::eval::judge`]'s: the same engine, limits, seed and mapping as the
//! review's graph, so a position scores the same on the analysis board as on the graph. It is
//! an expected score in `[0, 1]` for the first side (South, ash, white).
//!
//! The best line asks the engine for its choice in the position, plays it, and asks again in
//! the next position, up to the number of plies asked for ([`DEFAULT_PLIES`]). It ends early
//! when the game ends, when the engine has no action, or — Artifact Chess — when the engine's
//! choice is decided by chance (a capture attempt, a Zombie Pawn, a Trophy): the line stops
//! there and shows that action with the exact odds of its results ([`LineEnd::Chance`]).
//! Following the most likely result instead would show a line after a roll that has not been
//! made (even a healthy 3d6 against 2d6 attempt fails to capture 22 % of the time), and the
//! board lets the person play whichever result they want to look at. An attempt whose result
//! is certain (on a wounded defender) is no chance, and the line goes on.
//!
//! # Cost
//!
//! Each [`Analysis::step`] is one search at the review's limits (about 20 000 nodes at most, two
//! or three plies deep), so one step costs what one position of a review costs; a line of `n`
//! plies is `n` steps. The evaluation and the engine's choice are known after the first step.
//! docs/review.md gives measured times.

use super::eval::{self, Progress, Reviewed};
use super::replay::Line;
use crate::rules::GameKind;
use crate::rules::chess::{
    CardChance, Colour, Fraction, Odds, Role, Square, State as ChessState, card_chances,
};
use crate::rules::hive::state::State as HiveState;
use crate::rules::snelab::Position;
use std::fmt;

/// The length of the best line when the caller does not say: six plies (three moves a side).
pub const DEFAULT_PLIES: usize = 6;

/// Why a typed position could not be read, in words.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ReadError {
    /// Nothing but blanks.
    Empty(GameKind),
    /// The game's own reader refused it (its words).
    Position { game: GameKind, why: String },
}

impl fmt::Display for ReadError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ReadError::Empty(game) => write!(f, "no {game} position given"),
            ReadError::Position { game, why } => {
                write!(f, "cannot read the {game} position: {why}")
            }
        }
    }
}

impl std::error::Error for ReadError {}

/// Why a position cannot be written in its game's notation.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum NoNotation {
    /// An Ash & Walnut position set up by hand (a lesson, a puzzle): a GameString holds only
    /// the moves from the empty table.
    HiveSetup,
}

impl fmt::Display for NoNotation {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            NoNotation::HiveSetup => f.write_str(
                "this Ash & Walnut position was set up by hand, and a GameString holds only \
                 moves from the empty table",
            ),
        }
    }
}

impl std::error::Error for NoNotation {}

/// What decides the result of an action by chance (only Artifact Chess has any).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Chance {
    /// A capture attempt (plain, or a card's attacking move): the exact odds of its results.
    Attempt(Odds),
    /// A card whose result is drawn: Zombie Pawn's square or Trophy's cards, each equally
    /// likely.
    Card(Vec<(CardChance, Fraction)>),
}

impl fmt::Display for Chance {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Chance::Attempt(odds) => {
                let parts: Vec<String> = odds
                    .outcomes()
                    .map(|(r, p)| format!("{} {:.0} % ({p})", r.name(), p.to_f64() * 100.0))
                    .collect();
                write!(f, "dice decide: {}", parts.join(", "))
            }
            Chance::Card(results) => match results.first() {
                Some((CardChance::Rises(_), _)) => write!(
                    f,
                    "the pawn rises on one of {} squares, each equally likely",
                    results.len()
                ),
                _ => write!(
                    f,
                    "the cards drawn are one of {} draws, each equally likely",
                    results.len()
                ),
            },
        }
    }
}

/// A game the analysis board serves: the review's engine, plus its notation for copying and
/// the chance that decides an action, if any.
pub trait Analysed: Reviewed {
    /// The position in the game's notation (what "copy as notation" copies).
    fn notation(&self) -> Result<String, NoNotation> {
        Ok(self.position_text())
    }

    /// What decides `action`'s result by chance, when more than one result can happen.
    fn chance(&self, action: &Self::Action) -> Option<Chance> {
        let _ = action;
        None
    }
}

impl Analysed for Position {}

impl Analysed for HiveState {
    fn notation(&self) -> Result<String, NoNotation> {
        uhp(self)
    }
}

impl Analysed for ChessState {
    fn chance(&self, action: &Self::Action) -> Option<Chance> {
        if let Some(odds) = self.attempt_odds(action) {
            return (odds.outcomes().count() > 1).then_some(Chance::Attempt(odds));
        }
        match action {
            crate::rules::chess::Action::Play(play) => {
                let results = card_chances(self, play);
                (results.len() > 1).then_some(Chance::Card(results))
            }
            _ => None,
        }
    }
}

/// Reads a position typed in the game's notation: a Snēlab court string
/// (`barjrab/7/7/7/7/7/BARJRAB S +a`), an Ash & Walnut UHP GameString
/// (`Base;InProgress;White[2];wS1;bS1 wS1-`), an Artifact Chess position string (its sixteen
/// fields, or twelve, fourteen, or a plain six-field FEN without queens). Blanks around the
/// text are ignored.
pub fn read<G: Analysed>(text: &str) -> Result<G, ReadError> {
    let text = text.trim();
    if text.is_empty() {
        return Err(ReadError::Empty(G::KIND));
    }
    G::parse_position(text).map_err(|e| ReadError::Position {
        game: G::KIND,
        why: crate::i18n::english(&crate::i18n::Explain::explain(&e)),
    })
}

/// The position in its game's notation, for copying ([`Analysed::notation`]).
pub fn notation<G: Analysed>(state: &G) -> Result<String, NoNotation> {
    state.notation()
}

/// An Ash & Walnut game as a UHP GameString (`Base;InProgress;White[3];wS1;bS1 wS1-;...`),
/// the form MzingaViewer and other UHP tools open; refused for a position set up by hand.
pub fn uhp(state: &HiveState) -> Result<String, NoNotation> {
    let start = state.start();
    if start.occupied_cells() > 0 || start.ply() > 0 {
        return Err(NoNotation::HiveSetup);
    }
    Ok(state.game_string())
}

/// Why the best line ended.
#[derive(Clone, Debug, PartialEq)]
pub enum LineEnd<A> {
    /// The line has the plies asked for.
    Plies,
    /// The game is over in the line's last position.
    Over,
    /// The engine has no action in the line's last position.
    NoAction,
    /// The engine's choice in the line's last position is decided by chance: the action, in
    /// notation, and its odds. It is not played.
    Chance {
        action: A,
        text: String,
        chance: Chance,
    },
}

/// The engine's analysis of one position: its evaluation and best line, one search a
/// [`Analysis::step`].
#[derive(Clone, Debug)]
pub struct Analysis<G: Analysed> {
    plies: usize,
    /// The best line so far, from the analysed position.
    line: Line<G>,
    /// The first side's expected score in each position of the line judged so far.
    scores: Vec<f64>,
    end: Option<LineEnd<G::Action>>,
}

impl<G: Analysed> Analysis<G> {
    /// An analysis of `state` with a best line of up to `plies` actions (at least one).
    pub fn new(state: G, plies: usize) -> Analysis<G> {
        Analysis {
            plies: plies.max(1),
            line: Line::new(state),
            scores: Vec::new(),
            end: None,
        }
    }

    /// Judges the line's last position and plays the engine's choice there (one search);
    /// nothing once done.
    pub fn step(&mut self) -> Progress {
        if self.end.is_some() {
            return self.progress();
        }
        let state = self.line.last();
        let j = eval::judge(state);
        let first = if state.to_move() == G::sides()[0] {
            j.score
        } else {
            1.0 - j.score
        };
        self.scores.push(first);
        let end = if state.outcome().is_some() {
            Some(LineEnd::Over)
        } else {
            match j.best {
                None => Some(LineEnd::NoAction),
                Some(action) => match state.chance(&action) {
                    Some(chance) => Some(LineEnd::Chance {
                        action,
                        text: state.action_text(&action),
                        chance,
                    }),
                    None => match self.line.play(action).map(|_| ()) {
                        // The engine chooses among the legal actions; a refusal would be a bug
                        // of the engine, and the line simply stops there.
                        Err(_) => Some(LineEnd::NoAction),
                        Ok(_) if self.line.len() >= self.plies => Some(LineEnd::Plies),
                        Ok(_) => None,
                    },
                },
            }
        };
        self.end = end;
        self.progress()
    }

    /// Steps until done.
    pub fn run(&mut self) {
        while !self.done() {
            self.step();
        }
    }

    pub fn done(&self) -> bool {
        self.end.is_some()
    }

    /// Searches made out of the most the line may need (it may end sooner).
    pub fn progress(&self) -> Progress {
        Progress {
            done: self.scores.len(),
            total: if self.done() {
                self.scores.len()
            } else {
                self.plies
            },
        }
    }

    /// The analysed position.
    pub fn position(&self) -> &G {
        &self.line.states[0]
    }

    /// The engine's evaluation of the position, as the first side's expected score (after the
    /// first step).
    pub fn evaluation(&self) -> Option<f64> {
        self.scores.first().copied()
    }

    /// The first side's expected score in each position of the line judged so far.
    pub fn scores(&self) -> &[f64] {
        &self.scores
    }

    /// The engine's choice in the position, once known.
    pub fn best(&self) -> Option<G::Action> {
        match (&self.end, self.line.actions.first()) {
            (_, Some(a)) => Some(*a),
            (Some(LineEnd::Chance { action, .. }), None) => Some(*action),
            _ => None,
        }
    }

    /// The best line so far, played through the rules (positions, actions, notation). An
    /// action decided by chance that ends it is not in it: see [`Analysis::end`].
    pub fn line(&self) -> &Line<G> {
        &self.line
    }

    /// The whole line in notation: the actions played, then the action left to chance.
    pub fn line_text(&self) -> Vec<String> {
        let mut out = self.line.notation.clone();
        if let Some(LineEnd::Chance { text, .. }) = &self.end {
            out.push(text.clone());
        }
        out
    }

    /// Why the line ended; `None` while it grows.
    pub fn end(&self) -> Option<&LineEnd<G::Action>> {
        self.end.as_ref()
    }
}

/// Something in an Artifact Chess position that an ordinary chess tool cannot hold, so the
/// position has no FEN.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Obstacle {
    /// Unplayed artifacts in a hand (a card could still change the game).
    Cards { colour: Colour, count: usize },
    /// A response window is open after Seize or Restriction.
    Window {
        opener: Colour,
        card: crate::rules::chess::Artifact,
    },
    /// A piece shielded until its side's next turn.
    Shield { colour: Colour, at: Square },
    /// A piece under Restriction for its side's next turn.
    Restriction { colour: Colour, at: Square },
    /// A wounded piece (it rolls fewer dice and dies without a roll).
    Wounded(Square),
    /// An Heir pawn: a piece ordinary chess has not.
    Heir(Square),
    /// An impassable square (a barricade or a statue).
    Impassable(Square),
    /// A pawn on its own first rank or the last rank, where chess has none.
    PawnOnEndRank(Square),
    /// An en-passant chance after a two-square pawn move from another rank than the pawns'
    /// own (Acceleration): chess has it only on the third and sixth ranks.
    EnPassant(Square),
    /// The side not to act stands in check (a blind set-up may start so): chess would take
    /// the king.
    CheckOnSideNotToAct(Colour),
}

impl fmt::Display for Obstacle {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Obstacle::Cards { colour, count } => {
                let s = if *count == 1 { "" } else { "s" };
                write!(f, "{} holds {count} artifact{s}", colour.name())
            }
            Obstacle::Window { opener, card } => write!(
                f,
                "a response window is open after {}'s {}",
                opener.name(),
                card.name_en()
            ),
            Obstacle::Shield { colour, at } => {
                write!(f, "{}'s piece on {at} is shielded", colour.name())
            }
            Obstacle::Restriction { colour, at } => {
                write!(f, "{}'s piece on {at} is under Restriction", colour.name())
            }
            Obstacle::Wounded(at) => write!(f, "the piece on {at} is wounded"),
            Obstacle::Heir(at) => write!(f, "the pawn on {at} is an Heir"),
            Obstacle::Impassable(at) => write!(f, "{at} is impassable"),
            Obstacle::PawnOnEndRank(at) => write!(f, "a pawn stands on {at}, an end rank"),
            Obstacle::EnPassant(at) => write!(
                f,
                "en passant on {at} follows a two-square move chess does not have"
            ),
            Obstacle::CheckOnSideNotToAct(colour) => write!(
                f,
                "{}'s king stands in check with the other side to act",
                colour.name()
            ),
        }
    }
}

/// Why an Artifact Chess position has no FEN: every obstacle, in a fixed order.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct NoFen(pub Vec<Obstacle>);

impl fmt::Display for NoFen {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("no FEN: ")?;
        for (i, o) in self.0.iter().enumerate() {
            if i > 0 {
                f.write_str("; ")?;
            }
            write!(f, "{o}")?;
        }
        Ok(())
    }
}

impl std::error::Error for NoFen {}

/// The position as a standard six-field FEN (placement, side to move, castling, en passant,
/// halfmove clock, fullmove number) for ordinary chess tools, or every [`Obstacle`] that
/// keeps a chess tool from holding it.
///
/// - Castling and en passant are the rules' own (classical castling; en passant after a
///   two-square pawn move); the halfmove clock is the rules' count of actions without
///   progress, which ends the game at 100 as chess's does.
/// - What is left out on purpose: the pawn reserves, the played piles and Scouting. With no
///   card in either hand no card can ever be played again, so none of them can change the
///   game. The dice are the game's own: a chess tool will take every capture as certain.
pub fn fen(state: &ChessState) -> Result<String, NoFen> {
    let mut obstacles = Vec::new();
    for colour in Colour::BOTH {
        let count = state.hand_size(colour);
        if count > 0 {
            obstacles.push(Obstacle::Cards { colour, count });
        }
    }
    if let Some(w) = state.window() {
        obstacles.push(Obstacle::Window {
            opener: w.opener,
            card: w.card,
        });
    }
    for colour in Colour::BOTH {
        if let Some(at) = state.shield(colour) {
            obstacles.push(Obstacle::Shield { colour, at });
        }
    }
    for colour in Colour::BOTH {
        if let Some(at) = state.restricted(colour) {
            obstacles.push(Obstacle::Restriction { colour, at });
        }
    }
    let board = state.board();
    obstacles.extend(
        board
            .pieces()
            .filter(|(_, p)| p.wounded)
            .map(|(s, _)| Obstacle::Wounded(s)),
    );
    obstacles.extend(
        board
            .pieces()
            .filter(|(_, p)| p.heir)
            .map(|(s, _)| Obstacle::Heir(s)),
    );
    obstacles.extend(board.impassable().iter().map(Obstacle::Impassable));
    obstacles.extend(
        board
            .pieces()
            .filter(|(s, p)| p.role == Role::Pawn && (s.rank() == 0 || s.rank() == 7))
            .map(|(s, _)| Obstacle::PawnOnEndRank(s)),
    );
    if let Some(ep) = state.en_passant() {
        // White to act: black's pawn passed over the sixth rank; black to act: the third.
        let rank = if state.turn() == Colour::White { 5 } else { 2 };
        if ep.rank() != rank {
            obstacles.push(Obstacle::EnPassant(ep));
        }
    }
    let other = state.turn().other();
    if crate::rules::chess::movegen::in_check(board, other) {
        obstacles.push(Obstacle::CheckOnSideNotToAct(other));
    }
    if !obstacles.is_empty() {
        return Err(NoFen(obstacles));
    }
    // The position string's first six fields are FEN's, written by the rules' own writer.
    let text = state.to_string();
    Ok(text.split(' ').take(6).collect::<Vec<_>>().join(" "))
}
