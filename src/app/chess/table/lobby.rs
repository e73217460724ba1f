//! The lobby: the opponent (the engine at a level, or a person here), the person's colour, the
//! artifacts on or off; a new game's building begins, or the saved game is resumed.

use super::build::draft_of;
use super::{Effect, Phase, Refusal, Table};
use crate::play::Seat;
use crate::play::chess::{ChessGame, Draft};
use crate::rules::chess::{Army, Colour, Role};

impl Table {
    pub(super) fn choose(&mut self, seat: Seat) -> Result<Vec<Effect>, Refusal> {
        self.lobby()?;
        if seat == Seat::Remote {
            return Err(Refusal::NotNow);
        }
        self.opponent = seat;
        Ok(vec![Effect::Picked])
    }

    pub(super) fn choose_colour(&mut self, c: Colour) -> Result<Vec<Effect>, Refusal> {
        self.lobby()?;
        self.colour = c;
        Ok(vec![Effect::Picked])
    }

    pub(super) fn choose_artifacts(&mut self, on: bool) -> Result<Vec<Effect>, Refusal> {
        self.lobby()?;
        self.artifacts = on;
        Ok(vec![Effect::Picked])
    }

    pub(super) fn start(&mut self, seed: u64) -> Result<Vec<Effect>, Refusal> {
        self.lobby()?;
        self.start_building(seed);
        Ok(vec![Effect::Picked])
    }

    pub(super) fn continue_saved(&mut self) -> Result<Vec<Effect>, Refusal> {
        self.lobby()?;
        let game = self.saved.take().ok_or(Refusal::NothingSaved)?;
        self.resume(game);
        Ok(vec![Effect::Picked])
    }

    /// From the end (or the lobby) back to the lobby, the saved game cleared.
    pub(super) fn new_game(&mut self) -> Result<Vec<Effect>, Refusal> {
        match self.phase {
            Phase::Over | Phase::Lobby => {
                self.phase = Phase::Lobby;
                self.game = None;
                self.clear_marks();
                self.list.clear();
                Ok(vec![Effect::Save])
            }
            _ => Err(Refusal::NotNow),
        }
    }

    /// The lobby offers `game` to continue (a saved game, checked by the caller).
    pub fn offer_saved(&mut self, game: ChessGame) {
        self.saved = Some(game);
    }

    /// Staging: back to the lobby from whatever phase the table is in, the choices kept (a
    /// player leaves a game for the lobby only once it is over, through `Intent::NewGame`).
    pub fn stage_lobby(&mut self) {
        self.phase = Phase::Lobby;
    }

    /// Resumes a saved game (checked by the caller).
    pub fn resume(&mut self, game: ChessGame) {
        self.opponent = match (game.seat(Colour::White), game.seat(Colour::Black)) {
            (Seat::Person, Seat::Person) => Seat::Person,
            (Seat::Person, other) => {
                self.colour = Colour::White;
                other
            }
            (other, _) => {
                self.colour = Colour::Black;
                other
            }
        };
        self.artifacts = game.artifacts();
        self.clear_marks();
        self.drafts = [draft_of(&game.armies()[0]), draft_of(&game.armies()[1])];
        self.phase = if game.ending().is_some() {
            Phase::Over
        } else {
            Phase::Play
        };
        self.game = Some(game);
        self.saved = None;
        self.rebuild_list();
    }

    fn lobby(&self) -> Result<(), Refusal> {
        match self.phase {
            Phase::Lobby => Ok(()),
            _ => Err(Refusal::NotNow),
        }
    }

    pub(super) fn start_building(&mut self, seed: u64) {
        self.army_lesson = None;
        self.clear_marks();
        self.game = None;
        self.saved = None;
        self.list.clear();
        self.held = Some(Role::Pawn);
        self.build_pick = None;
        self.drafts = [Draft::new(Colour::White), Draft::new(Colour::Black)];
        let person = if self.hot_seat() {
            Colour::White
        } else {
            self.colour
        };
        self.engine_army = (!self.hot_seat()).then(|| {
            let mut rng = crate::rules::chess::DiceRng::new(seed ^ 0x5eed_a7e7);
            Army::engine(person.other(), &mut rng)
        });
        self.phase = Phase::Build(person);
    }
}
