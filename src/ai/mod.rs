//! Engines, one per game, behind one interface: a search is stepped by a node budget (so the
//! same seed gives the same answer however the work is sliced: on a worker thread, across
//! frames in the browser, or all at once on the command line), it has a best answer so far, and
//! it says when it is finished. One [`Level`] names how strong a bot plays in every game.

pub mod chess;
pub mod hive;
pub mod snelab;

use crate::rules::Game;
use rand::seq::IndexedRandom;
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use serde::{Deserialize, Serialize};
use std::fmt;

/// How strong a bot plays. Each engine maps the three levels onto its own budgets.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Level {
    Easy,
    #[default]
    Normal,
    Hard,
}

impl Level {
    pub const ALL: [Level; 3] = [Level::Easy, Level::Normal, Level::Hard];

    pub fn name(self) -> &'static str {
        match self {
            Level::Easy => "easy",
            Level::Normal => "normal",
            Level::Hard => "hard",
        }
    }

    pub fn parse(text: &str) -> Option<Level> {
        let text = text.to_ascii_lowercase();
        Level::ALL.into_iter().find(|l| l.name() == text)
    }

    /// The i18n key of the level's name ("Easy", "Fácil", "Лёгкий").
    pub fn key(self) -> &'static str {
        match self {
            Level::Easy => "level.easy",
            Level::Normal => "level.normal",
            Level::Hard => "level.hard",
        }
    }
}

impl fmt::Display for Level {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// Where a search stands after a step.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Step<A> {
    /// Not decided yet: step again.
    Thinking,
    /// The choice, final (every later step returns it again).
    Chosen(A),
    /// The side to act has no action at all (the game is over).
    NoAction,
}

impl<A: Copy> Step<A> {
    /// The decision, once there is one: `Some(Some(a))` chosen, `Some(None)` nothing to do.
    pub fn decision(self) -> Option<Option<A>> {
        match self {
            Step::Thinking => None,
            Step::Chosen(a) => Some(Some(a)),
            Step::NoAction => Some(None),
        }
    }
}

/// One search of one game's engine, for the side to act in the position it was made for.
pub trait Engine: Send + 'static {
    type Game: Game;

    /// A search of the bot at `level`; `seed` breaks ties and adds a level's noise.
    fn new(state: &Self::Game, level: Level, seed: u64) -> Self;

    /// Searches about `node_budget` more nodes. The result depends only on the position, the
    /// level and the seed, never on how the budget was sliced.
    fn step(&mut self, node_budget: u64) -> Step<<Self::Game as Game>::Action>;

    /// The best action found so far (for a caller whose clock ran out), if any.
    fn best_so_far(&self) -> Option<<Self::Game as Game>::Action>;

    /// Whether the search has decided.
    fn is_finished(&self) -> bool;

    /// Nodes searched so far.
    fn nodes(&self) -> u64;
}

/// A game's bots: its engine, and the simple players of self-play.
pub trait Bots: Game {
    type Engine: Engine<Game = Self>;

    /// One ply deep by the engine's static judgement (a baseline for self-play).
    fn greedy(&self, seed: u64) -> Option<Self::Action>;

    /// The game's previous engine at `level`, where a rewrite keeps it for comparison in
    /// self-play (`v1`); by default the current engine.
    fn previous(&self, level: Level, seed: u64) -> Option<Self::Action> {
        choose(self, level, seed)
    }
}

/// The engine's whole search in one call; `None` when the side to act has no action.
pub fn choose<G: Bots>(state: &G, level: Level, seed: u64) -> Option<G::Action> {
    let mut search = G::Engine::new(state, level, seed);
    loop {
        if let Some(d) = search.step(u64::MAX).decision() {
            return d;
        }
    }
}

/// Any legal action, uniformly, from the seed.
pub fn random<G: Game>(state: &G, seed: u64) -> Option<G::Action> {
    state
        .legal_actions()
        .choose(&mut ChaCha8Rng::seed_from_u64(seed))
        .copied()
}

/// A fresh seed for each decision of a game, from the game's seed and the ply.
pub fn seed_for(game_seed: u64, ply: u64) -> u64 {
    ChaCha8Rng::seed_from_u64(game_seed ^ ply.wrapping_mul(0x9E37_79B9_7F4A_7C15)).random()
}

/// Who acts for a side when nobody sits there: the engine at a level, or a simple player.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Player {
    Engine(Level),
    /// The game's previous engine ([`Bots::previous`]), for measuring a rewrite against it.
    Previous(Level),
    Greedy,
    Random,
}

impl Player {
    /// Reads `easy`, `normal`, `hard` (also as `bot:easy` …), `greedy`, `random`, or `v1`
    /// (the previous engine at normal; `v1:easy`, `v1:hard`).
    pub fn parse(text: &str) -> Option<Player> {
        let text = text.to_ascii_lowercase();
        let name = text.strip_prefix("bot:").unwrap_or(&text);
        match name {
            "greedy" => Some(Player::Greedy),
            "random" => Some(Player::Random),
            "v1" => Some(Player::Previous(Level::Normal)),
            _ => match name.strip_prefix("v1:") {
                Some(level) => Level::parse(level).map(Player::Previous),
                None => Level::parse(name).map(Player::Engine),
            },
        }
    }

    pub fn name(self) -> &'static str {
        match self {
            Player::Engine(l) => l.name(),
            Player::Previous(Level::Easy) => "v1:easy",
            Player::Previous(Level::Normal) => "v1",
            Player::Previous(Level::Hard) => "v1:hard",
            Player::Greedy => "greedy",
            Player::Random => "random",
        }
    }

    /// This player's action in `state`; `None` when there is none.
    pub fn choose<G: Bots>(self, state: &G, seed: u64) -> Option<G::Action> {
        match self {
            Player::Engine(level) => choose(state, level, seed),
            Player::Previous(level) => state.previous(level, seed),
            Player::Greedy => state.greedy(seed),
            Player::Random => random(state, seed),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn levels_and_players_read_their_names() {
        for l in Level::ALL {
            assert_eq!(Level::parse(l.name()), Some(l));
            assert_eq!(Player::parse(l.name()), Some(Player::Engine(l)));
            assert_eq!(
                Player::parse(&format!("bot:{}", l.name())),
                Some(Player::Engine(l))
            );
        }
        assert_eq!(Player::parse("greedy"), Some(Player::Greedy));
        assert_eq!(Player::parse("Random"), Some(Player::Random));
        for p in [
            Player::Previous(Level::Easy),
            Player::Previous(Level::Normal),
            Player::Previous(Level::Hard),
        ] {
            assert_eq!(Player::parse(p.name()), Some(p));
        }
        assert_eq!(Player::parse("v1:greedy"), None);
        for bad in ["", "strong", "bot:", "bot:greedy:x", "person"] {
            assert_eq!(Player::parse(bad), None, "{bad}");
        }
    }

    #[test]
    fn step_decisions() {
        assert_eq!(Step::<u8>::Thinking.decision(), None);
        assert_eq!(Step::Chosen(3u8).decision(), Some(Some(3)));
        assert_eq!(Step::<u8>::NoAction.decision(), Some(None));
    }
}
