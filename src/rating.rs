//! Ratings per game (issue "Players who are somebody"): Glicko-2, computed by the `skillratings`
//! crate, not by a formula of our own. A rating is its number, its deviation (how sure it is)
//! and its volatility; a new player starts at 1500 ± 350. A rating whose deviation is over
//! [`PROVISIONAL_DEVIATION`] is provisional and marked so (as the large sites do). Bots are not
//! rated: the callers never pass a bot's rating here.

use serde::{Deserialize, Serialize};
use skillratings::Outcomes;
use skillratings::glicko2::{Glicko2Config, Glicko2Rating, glicko2, glicko2_rating_period};

/// A rating whose deviation is over this is provisional.
pub const PROVISIONAL_DEVIATION: f64 = 110.0;

/// One player's rating at one game.
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
pub struct Rating {
    pub rating: f64,
    pub deviation: f64,
    pub volatility: f64,
    /// Rated games played.
    pub games: u32,
}

impl Default for Rating {
    /// A new player's: 1500 ± 350, volatility 0.06, no games.
    fn default() -> Rating {
        let r = Glicko2Rating::new();
        Rating {
            rating: r.rating,
            deviation: r.deviation,
            volatility: r.volatility,
            games: 0,
        }
    }
}

impl Rating {
    /// Whether the rating is still provisional (its deviation over [`PROVISIONAL_DEVIATION`]).
    pub fn provisional(&self) -> bool {
        self.deviation > PROVISIONAL_DEVIATION
    }

    /// As shown beside a name: `1523?` while provisional, `1523 ±64` after.
    pub fn shown(&self) -> String {
        let r = self.rating.round() as i64;
        if self.provisional() {
            format!("{r}?")
        } else {
            format!("{r} ±{}", self.deviation.round() as i64)
        }
    }

    fn glicko(&self) -> Glicko2Rating {
        Glicko2Rating {
            rating: self.rating,
            deviation: self.deviation,
            volatility: self.volatility,
        }
    }

    fn with(self, g: Glicko2Rating) -> Rating {
        Rating {
            rating: g.rating,
            deviation: g.deviation,
            volatility: g.volatility,
            games: self.games + 1,
        }
    }
}

/// How a rated game ended, for its first player.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Score {
    Win,
    Loss,
    Draw,
}

impl Score {
    fn outcome(self) -> Outcomes {
        match self {
            Score::Win => Outcomes::WIN,
            Score::Loss => Outcomes::LOSS,
            Score::Draw => Outcomes::DRAW,
        }
    }
}

/// The system's constant τ (how fast volatility may change): the crate's default, 0.5, inside
/// Glickman's "reasonable choices between 0.3 and 1.2".
fn config() -> Glicko2Config {
    Glicko2Config::new()
}

/// Both players' ratings after one rated game between them, `score` being the first's.
pub fn after_game(first: Rating, second: Rating, score: Score) -> (Rating, Rating) {
    let (a, b) = glicko2(
        &first.glicko(),
        &second.glicko(),
        &score.outcome(),
        &config(),
    );
    (first.with(a), second.with(b))
}

/// A player's rating after a rating period of several games (`results`: each opponent's rating
/// and the player's score against them), as Glickman's paper computes it.
pub fn after_period(player: Rating, results: &[(Rating, Score)]) -> Rating {
    let results: Vec<(Glicko2Rating, Outcomes)> = results
        .iter()
        .map(|(r, s)| (r.glicko(), s.outcome()))
        .collect();
    let g = glicko2_rating_period(&player.glicko(), &results, &config());
    Rating {
        games: player.games + results.len() as u32,
        ..player.with(g)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn rated(rating: f64, deviation: f64) -> Rating {
        Rating {
            rating,
            deviation,
            ..Rating::default()
        }
    }

    /// Glickman's worked example ("Example of the Glicko-2 system", glicko2.pdf): a player at
    /// 1500 ± 200 (volatility 0.06) beats a 1400 ± 30 and loses to a 1550 ± 100 and a
    /// 1700 ± 300, with τ = 0.5: 1464.06 ± 151.52, volatility 0.05999.
    #[test]
    fn glickmans_published_example_comes_out_as_published() {
        let after = after_period(
            rated(1500.0, 200.0),
            &[
                (rated(1400.0, 30.0), Score::Win),
                (rated(1550.0, 100.0), Score::Loss),
                (rated(1700.0, 300.0), Score::Loss),
            ],
        );
        assert!((after.rating - 1464.06).abs() < 0.01, "{after:?}");
        assert!((after.deviation - 151.52).abs() < 0.01, "{after:?}");
        assert!((after.volatility - 0.05999).abs() < 0.00001, "{after:?}");
        assert_eq!(after.games, 3);
    }

    #[test]
    fn a_game_moves_both_ratings_and_counts_once() {
        let (a, b) = after_game(Rating::default(), Rating::default(), Score::Win);
        assert!(a.rating > 1500.0 && b.rating < 1500.0, "{a:?} {b:?}");
        assert!(
            (a.rating - 1500.0 + (b.rating - 1500.0)).abs() < 1e-9,
            "even players: even change"
        );
        assert!(a.deviation < 350.0 && b.deviation < 350.0);
        assert_eq!((a.games, b.games), (1, 1));
        let (c, d) = after_game(Rating::default(), Rating::default(), Score::Draw);
        assert!((c.rating - 1500.0).abs() < 1e-9 && (d.rating - 1500.0).abs() < 1e-9);
        // An upset moves more than the expected result.
        let strong = rated(1800.0, 80.0);
        let weak = rated(1400.0, 80.0);
        let (upset, _) = after_game(weak, strong, Score::Win);
        let (expected, _) = after_game(strong, weak, Score::Win);
        assert!(upset.rating - 1400.0 > expected.rating - 1800.0);
    }

    #[test]
    fn a_new_rating_is_provisional_and_shown_so() {
        let new = Rating::default();
        assert!(new.provisional());
        assert_eq!(new.shown(), "1500?");
        let settled = rated(1523.4, 64.2);
        assert!(!settled.provisional());
        assert_eq!(settled.shown(), "1523 ±64");
    }
}
