//! Building the armies: the piece in hand, placing it where it breaks no rule (refused, with
//! why, elsewhere), picking a placed piece to take it off, a random army, Ready; at a hot seat
//! the first army hidden while the device is handed over; then the game begins with the
//! reveal.

use super::{Effect, Focus, Phase, Refusal, Table, Timing};
use crate::app::kit::pause_then;
use crate::play::Seat;
use crate::play::chess::{ChessGame, Draft};
use crate::rules::chess::{Army, ArmyError, Colour, Role, Square};

/// What the builder says of the army as it stands.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum BuildStatus {
    /// Only the king stands: allowed, but nothing is built yet (not shown as done).
    KingOnly { left: u32 },
    /// Every rule is kept; `left` points are still unspent.
    Legal { left: u32 },
    /// The rules broken, each named.
    Broken(Vec<ArmyError>),
}

/// The builder's verdict on `draft`.
pub fn build_status(draft: &Draft) -> BuildStatus {
    let problems = draft.problems();
    if !problems.is_empty() {
        return BuildStatus::Broken(problems);
    }
    let left = draft.left();
    if draft.placements.iter().all(|(r, _)| *r == Role::King) {
        BuildStatus::KingOnly { left }
    } else {
        BuildStatus::Legal { left }
    }
}

impl Table {
    /// The draft a person is building now.
    pub fn draft(&self) -> Option<&Draft> {
        match self.phase {
            Phase::Build(c) => Some(&self.drafts[c.index()]),
            _ => None,
        }
    }

    /// Whether the army of `colour` may be seen now: one's own while building; both once both
    /// are ready.
    pub fn army_visible(&self, colour: Colour) -> bool {
        match self.phase {
            Phase::Build(c) => c == colour,
            Phase::Pass(_) => false,
            Phase::Lobby => false,
            _ => true,
        }
    }

    /// The squares with a dot while building: where the piece in hand may go now.
    pub fn build_dots(&self) -> Vec<Square> {
        match (self.draft(), self.held) {
            (Some(d), Some(role)) => d.fitting_squares(role),
            _ => Vec::new(),
        }
    }

    pub(super) fn hold(&mut self, role: Option<Role>) -> Result<Vec<Effect>, Refusal> {
        self.building()?;
        self.held = role;
        Ok(vec![Effect::Picked])
    }

    /// A click on a square: the role in hand placed on an empty square, or the piece standing
    /// there picked.
    pub(super) fn build_at(&mut self, sq: Square) -> Result<Vec<Effect>, Refusal> {
        let colour = self.building()?;
        let draft = &mut self.drafts[colour.index()];
        if draft.at(sq).is_some() {
            // Picked, not removed: a second click on it changes nothing.
            self.build_pick = Some(sq);
        } else {
            let role = self.held.ok_or(Refusal::NothingHeld)?;
            draft.place(role, sq).map_err(Refusal::Draft)?;
            self.build_pick = None;
        }
        self.focus = Some(Focus::Build(sq));
        Ok(vec![Effect::Picked])
    }

    pub(super) fn take_off(&mut self, sq: Square) -> Result<Vec<Effect>, Refusal> {
        let colour = self.building()?;
        self.drafts[colour.index()]
            .remove(sq)
            .map_err(Refusal::Draft)?;
        if self.build_pick == Some(sq) {
            self.build_pick = None;
        }
        Ok(vec![Effect::Picked])
    }

    /// A role dropped on a square (a drag from the palette).
    pub(super) fn drop_on(&mut self, role: Role, sq: Square) -> Result<Vec<Effect>, Refusal> {
        let colour = self.building()?;
        self.drafts[colour.index()]
            .place(role, sq)
            .map_err(Refusal::Draft)?;
        self.build_pick = None;
        Ok(vec![Effect::Picked])
    }

    pub(super) fn random_army(&mut self, seed: u64) -> Result<Vec<Effect>, Refusal> {
        let colour = self.building()?;
        self.drafts[colour.index()] = Draft::random(colour, seed);
        self.build_pick = None;
        Ok(vec![Effect::Picked])
    }

    pub(super) fn clear_army(&mut self) -> Result<Vec<Effect>, Refusal> {
        let colour = self.building()?;
        self.drafts[colour.index()].clear();
        self.build_pick = None;
        Ok(vec![Effect::Picked])
    }

    /// The army is done: at a hot seat the device goes to the second person, else the game
    /// begins.
    pub(super) fn army_ready(
        &mut self,
        seed: u64,
        timing: &Timing,
    ) -> Result<Vec<Effect>, Refusal> {
        let colour = self.building()?;
        self.drafts[colour.index()].army().map_err(Refusal::Army)?;
        self.held = None;
        self.build_pick = None;
        self.focus = None;
        if self.hot_seat() && colour == Colour::White {
            self.phase = Phase::Pass(Colour::Black);
            return Ok(vec![Effect::Picked]);
        }
        self.begin(seed, timing)
    }

    /// Hot seat: the second person has the device and builds.
    pub(super) fn take_over(&mut self) -> Result<Vec<Effect>, Refusal> {
        match self.phase {
            Phase::Pass(next) => {
                self.phase = Phase::Build(next);
                self.held = Some(Role::Pawn);
                self.build_pick = None;
                Ok(vec![Effect::Picked])
            }
            _ => Err(Refusal::NotNow),
        }
    }

    /// Escape (or a click beside the board) puts the picked piece down.
    pub(super) fn put_down(&mut self) -> Result<Vec<Effect>, Refusal> {
        self.build_pick.take().ok_or(Refusal::NothingSelected)?;
        Ok(vec![Effect::Picked])
    }

    /// The army lesson: the builder opens with the lesson's start placed, the first piece it
    /// asks for in hand; a game in progress here is kept for Continue (refused while an online
    /// table is open). Every placement goes through the builder's own rules, whose refusals
    /// say why.
    pub(crate) fn learn_army(
        &mut self,
        lesson: crate::learn::chess::ArmyLesson,
    ) -> Result<Vec<Effect>, Refusal> {
        let saved = self.leave_game_for_lesson()?;
        self.saved = saved;
        self.clear_marks();
        self.rebuild_list();
        self.viewing = None;
        self.busy = 0.0;
        self.engine_army = None;
        self.build_pick = None;
        self.focus = None;
        let colour = lesson.colour;
        self.drafts = [Draft::new(Colour::White), Draft::new(Colour::Black)];
        self.drafts[colour.index()] = Draft {
            colour,
            placements: lesson.start.clone(),
        };
        self.held = lesson.intended.first().map(|(role, _)| *role);
        self.phase = Phase::Build(colour);
        self.army_lesson = Some(lesson);
        Ok(vec![Effect::Picked])
    }

    /// Whether the army lesson is on and done: its start kept, every rule kept, the whole
    /// budget spent.
    pub fn army_lesson_done(&self) -> Option<bool> {
        let lesson = self.army_lesson.as_ref()?;
        Some(lesson.done(&self.drafts[lesson.colour.index()].placements))
    }

    /// Show me: the pieces the lesson asks for that are not placed yet, placed.
    pub(crate) fn show_army(&mut self) -> Result<Vec<Effect>, Refusal> {
        let lesson = self.army_lesson.clone().ok_or(Refusal::NotNow)?;
        let draft = &mut self.drafts[lesson.colour.index()];
        for (role, sq) in lesson.intended {
            if draft.at(sq).is_none() {
                draft.place(role, sq).map_err(Refusal::Draft)?;
            }
        }
        self.build_pick = None;
        Ok(vec![Effect::Picked])
    }

    /// The army lesson's typical wrong addition, tried (the builder refuses it, saying why).
    pub(crate) fn try_army_wrong(&mut self) -> Result<Vec<Effect>, Refusal> {
        let (role, sq) = self.army_lesson.as_ref().ok_or(Refusal::NotNow)?.wrong;
        let held = self.held.replace(role);
        let tried = self.build_at(sq);
        self.held = held;
        tried
    }

    /// Staging: the reveal held for `seconds` (a player's lasts [`Timing::reveal`]).
    pub fn stage_reveal(&mut self, seconds: f32) {
        self.phase = Phase::Reveal { left: seconds };
    }

    fn building(&self) -> Result<Colour, Refusal> {
        match self.phase {
            Phase::Build(c) => Ok(c),
            _ => Err(Refusal::NotNow),
        }
    }

    /// Both armies are ready: the game begins with the reveal.
    pub(super) fn begin(&mut self, seed: u64, timing: &Timing) -> Result<Vec<Effect>, Refusal> {
        let army = |t: &Table, c: Colour| -> Result<Army, Refusal> {
            match &t.engine_army {
                Some(a) if a.colour() == c => Ok(a.clone()),
                _ => t.drafts[c.index()].army().map_err(Refusal::Army),
            }
        };
        let white = army(self, Colour::White)?;
        let black = army(self, Colour::Black)?;
        if let Some(a) = &self.engine_army {
            self.drafts[a.colour().index()] = draft_of(a);
        }
        let seats = if self.hot_seat() {
            [Seat::Person, Seat::Person]
        } else if self.colour == Colour::White {
            [Seat::Person, self.opponent]
        } else {
            [self.opponent, Seat::Person]
        };
        let game = ChessGame::new(
            white,
            black,
            self.artifacts,
            seats,
            seed,
            seed.rotate_left(17) ^ 0x9e37_79b9,
        )
        .with_window(timing.window);
        self.game = Some(game);
        self.army_lesson = None;
        self.clear_marks();
        self.rebuild_list();
        self.phase = pause_then(timing.reveal, |left| Phase::Reveal { left }, Phase::Play);
        Ok(vec![Effect::Revealed, Effect::Save])
    }
}

/// The draft an army was built from.
pub(super) fn draft_of(army: &Army) -> Draft {
    Draft {
        colour: army.colour(),
        placements: army.placements().to_vec(),
    }
}
