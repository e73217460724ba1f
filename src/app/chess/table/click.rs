//! The table's hands: what a click on the board means now ([`Table::click`], pure, so it is
//! tested without a window), and where the keyboard's focus may go and goes. The focus is the
//! keys' own view state (it changes nothing of the game and is never refused), so the keys
//! move it through these methods rather than through intents.

use super::{Focus, Intent, Phase, Table};
use crate::rules::chess::{Action, Square};

/// A click on the board (picking sends it): on a square (a piece's, a mark's or an empty
/// one's), or on nothing of the board.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ChessClicked {
    Square(Square),
    Nothing,
}

impl Table {
    /// What a click means now: while building, place the piece in hand on an empty square or
    /// pick a placed piece (never take it off: that is the "Take it off" button's, or
    /// Delete's), and a click beside the board puts the picked piece down; while the dice
    /// roll, skip to the result; with a card chosen, aim it at the square; in play, select one
    /// of your pieces, act on a dot or a ring, or deselect. `None`: a click that changes
    /// nothing.
    pub fn click(&self, click: ChessClicked) -> Option<Intent> {
        if self.roll.is_some() {
            return Some(Intent::SkipRoll);
        }
        if let Phase::Build(_) = self.phase {
            return match click {
                ChessClicked::Square(sq) => Some(Intent::BuildAt(sq)),
                ChessClicked::Nothing => self.build_pick.is_some().then_some(Intent::Select(None)),
            };
        }
        if !self.person_to_act() {
            return None;
        }
        let state = self.state()?;
        if self.card.is_some() {
            // A card is being aimed: a square is its target (or refused with why).
            return match click {
                ChessClicked::Square(sq) => Some(Intent::CardAt(sq)),
                ChessClicked::Nothing => None,
            };
        }
        let ChessClicked::Square(sq) = click else {
            return (self.selected.is_some()).then_some(Intent::Select(None));
        };
        let own = state
            .board()
            .get(sq)
            .is_some_and(|p| p.colour == state.turn());
        match &self.selected {
            Some((from, _)) if *from == sq => Some(Intent::Select(None)),
            Some((_, actions)) if actions.targets().contains(&sq) => Some(Intent::Target(sq)),
            _ if own => Some(Intent::Select(Some(sq))),
            Some(_) => Some(Intent::Select(None)),
            None => None,
        }
    }

    /// The pieces the person to act may select (each that has an action), a1 first.
    pub fn selectable(&self) -> Vec<Square> {
        let Some(state) = self.state() else {
            return Vec::new();
        };
        let mut out: Vec<Square> = state
            .legal_actions()
            .iter()
            .filter_map(Action::from)
            .filter(|s| {
                state
                    .board()
                    .get(*s)
                    .is_some_and(|p| p.colour == state.turn())
            })
            .collect();
        out.sort();
        out.dedup();
        out
    }

    /// Where the keyboard's focus may go now.
    pub fn focus_ring(&self) -> Vec<Focus> {
        if let Some(d) = self.draft() {
            let mut squares: Vec<Square> = Square::all().filter(|s| d.in_half(*s)).collect();
            // The near rank first for white, so the arrows go the way the board is seen.
            squares.sort_by_key(|s| (d.colour.relative_rank(*s), s.file()));
            return squares.into_iter().map(Focus::Build).collect();
        }
        match &self.selected {
            Some((_, actions)) => actions.targets().into_iter().map(Focus::Target).collect(),
            None => self.selectable().into_iter().map(Focus::Piece).collect(),
        }
    }

    /// Moves the keyboard focus `step` places along `ring` (wrapping).
    pub fn move_focus(&mut self, ring: &[Focus], step: i32) {
        self.focus = crate::app::kit::step_focus(self.focus, ring, step);
    }

    /// Tab: the focus moves `step` places among your pieces that can act, from the selected
    /// piece if there is one; the square it lands on (to select), if any.
    pub fn tab_piece(&mut self, step: i32) -> Option<Square> {
        let pieces: Vec<Focus> = self.selectable().into_iter().map(Focus::Piece).collect();
        if let Some((from, _)) = &self.selected {
            self.focus = Some(Focus::Piece(*from));
        }
        self.move_focus(&pieces, step);
        match self.focus {
            Some(Focus::Piece(sq)) => Some(sq),
            _ => None,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::super::Timing;
    use super::*;
    use crate::play::Seat;
    use crate::rules::chess::Colour;
    use ChessClicked::Nothing;

    fn sq(s: &str) -> Square {
        Square::parse(s).unwrap()
    }

    fn on(s: Square) -> ChessClicked {
        ChessClicked::Square(s)
    }

    fn act(t: &mut Table, intent: Intent) {
        t.handle(intent, 7, &Timing::INSTANT).unwrap();
    }

    /// A game between two people here, white to act.
    fn in_play(artifacts: bool) -> Table {
        let mut t = Table::default();
        act(&mut t, Intent::Artifacts(artifacts));
        act(&mut t, Intent::Choose(Seat::Person));
        for i in [
            Intent::Start,
            Intent::RandomArmy,
            Intent::Ready,
            Intent::TakeOver,
        ] {
            act(&mut t, i);
        }
        act(&mut t, Intent::RandomArmy);
        act(&mut t, Intent::Ready);
        assert!(t.person_to_act());
        t
    }

    #[test]
    fn a_click_in_the_lobby_or_at_the_hand_over_changes_nothing() {
        let mut t = Table::default();
        assert_eq!(t.click(on(sq("e2"))), None);
        assert_eq!(t.click(Nothing), None);
        act(&mut t, Intent::Choose(Seat::Person));
        act(&mut t, Intent::Start);
        act(&mut t, Intent::RandomArmy);
        act(&mut t, Intent::Ready);
        assert_eq!(t.phase, Phase::Pass(Colour::Black));
        assert_eq!(t.click(on(sq("e7"))), None);
    }

    #[test]
    fn while_building_a_square_places_or_picks_and_beside_the_board_puts_down() {
        let mut t = Table::default();
        act(&mut t, Intent::Start);
        for at in ["e1", "d2", "h8"] {
            assert_eq!(t.click(on(sq(at))), Some(Intent::BuildAt(sq(at))), "{at}");
        }
        assert_eq!(t.click(Nothing), None, "nothing picked");
        act(&mut t, Intent::BuildAt(sq("e1")));
        assert_eq!(t.build_pick, Some(sq("e1")));
        assert_eq!(t.click(Nothing), Some(Intent::Select(None)));
        assert_eq!(t.click(on(sq("e1"))), Some(Intent::BuildAt(sq("e1"))));
    }

    #[test]
    fn in_play_a_click_selects_acts_or_backs_out() {
        let mut t = in_play(false);
        let s = t.state().unwrap().clone();
        let theirs = s
            .board()
            .pieces()
            .find(|(_, p)| p.colour == Colour::Black)
            .map(|(at, _)| at)
            .unwrap();
        assert_eq!(t.click(on(theirs)), None, "not yours, nothing selected");
        assert_eq!(t.click(Nothing), None);
        let pieces = t.selectable();
        let from = pieces[0];
        assert_eq!(t.click(on(from)), Some(Intent::Select(Some(from))));
        act(&mut t, Intent::Select(Some(from)));
        assert_eq!(
            t.click(on(from)),
            Some(Intent::Select(None)),
            "again: put down"
        );
        let targets = t.selected.as_ref().unwrap().1.targets();
        for to in &targets {
            assert_eq!(t.click(on(*to)), Some(Intent::Target(*to)));
        }
        if let Some(other) = pieces.iter().find(|p| **p != from && !targets.contains(p)) {
            assert_eq!(t.click(on(*other)), Some(Intent::Select(Some(*other))));
        }
        let elsewhere = Square::all()
            .find(|q| s.board().get(*q).is_none() && !targets.contains(q))
            .unwrap();
        assert_eq!(t.click(on(elsewhere)), Some(Intent::Select(None)));
        assert_eq!(t.click(Nothing), Some(Intent::Select(None)));
    }

    #[test]
    fn on_the_engines_turn_a_click_changes_nothing() {
        let mut t = Table::default();
        act(&mut t, Intent::Colour(Colour::Black));
        act(&mut t, Intent::Start);
        act(&mut t, Intent::RandomArmy);
        act(&mut t, Intent::Ready);
        assert_eq!(t.phase, Phase::Play);
        assert!(!t.person_to_act(), "white is the engine's");
        let white = t.state().unwrap().board().king(Colour::White).unwrap();
        assert_eq!(t.click(on(white)), None);
        assert_eq!(t.click(Nothing), None);
    }

    #[test]
    fn while_the_dice_roll_any_click_skips_to_the_result() {
        let mut t = in_play(false);
        for i in 0..300 {
            let s = t.state().unwrap().clone();
            let attempt = s
                .legal_actions()
                .into_iter()
                .find(|a| s.attempt_dice(a).is_some_and(|d| d.defender > 0));
            if let Some(a) = attempt {
                t.handle(Intent::Act(a), 0, &Timing::PLAY).unwrap();
                assert!(t.roll.is_some());
                assert_eq!(t.click(Nothing), Some(Intent::SkipRoll));
                assert_eq!(t.click(on(sq("a1"))), Some(Intent::SkipRoll));
                return;
            }
            act(&mut t, Intent::Act(crate::ai::random(&s, i).unwrap()));
        }
        panic!("no attempt with dice in 300 actions");
    }

    #[test]
    fn with_a_card_chosen_every_square_aims_it() {
        let mut t = in_play(true);
        let s = t.state().unwrap().clone();
        let hand: Vec<_> = s.hand(s.turn()).iter().collect();
        let chosen = hand.into_iter().any(|card| {
            t.handle(Intent::Card(Some(card)), 0, &Timing::INSTANT)
                .is_ok()
                && t.card.is_some()
        });
        assert!(chosen, "a card of the opening hand can be taken");
        for at in ["a1", "e4", "h8"] {
            assert_eq!(t.click(on(sq(at))), Some(Intent::CardAt(sq(at))), "{at}");
        }
        assert_eq!(t.click(Nothing), None);
    }

    #[test]
    fn tab_goes_from_the_selected_piece_to_the_next_that_can_act() {
        let mut t = in_play(false);
        let pieces = t.selectable();
        assert!(pieces.len() >= 2);
        assert_eq!(t.tab_piece(1), Some(pieces[0]), "from nothing: the first");
        act(&mut t, Intent::Select(Some(pieces[1])));
        let next = t.tab_piece(1);
        assert_eq!(next, Some(pieces[2 % pieces.len()]));
        // Until the keys select it, the selected piece is where Tab starts from.
        assert_eq!(t.tab_piece(-1), Some(pieces[0]));
        act(&mut t, Intent::Select(next));
        assert_eq!(t.tab_piece(-1), Some(pieces[1]));
    }
}
