//! What Snēlab keeps on the device, as one value: the purse with its books and the case under
//! way. Written whole at every change (the stake taken, each move, the verdict), so a crash at
//! any moment leaves either the state before the change or the one after, never a purse that
//! disagrees with its case. When the game starts again the open case resumes; when its record
//! truly cannot be played on, its stake comes back.

use super::{CaseRecord, Event, Phase, ResumeError, Session, Settled};
use crate::i18n::{Explain, Message, msg};
use crate::play::snelab::purse::Purse;
use crate::save::{KeyValue, LoadStatus, Saved, load, load_keeping_damage};
use serde::{Deserialize, Serialize};

/// The purse and the case under way (if any), saved together under `snelab.purse`.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct SnelabSave {
    pub purse: Purse,
    /// The record of the purse's open case; `None` between cases.
    #[serde(default)]
    pub case: Option<CaseRecord>,
}

impl Saved for SnelabSave {
    const KEY: &'static str = "snelab.purse";
    const VERSION: u32 = 2;

    /// Version 1 saved the purse alone (its open case lived under `snelab.case`, which
    /// [`load_snelab`] reads once for such a save).
    fn migrate(version: u32, data: serde_json::Value) -> Option<SnelabSave> {
        (version == 1).then(|| {
            serde_json::from_value(data)
                .ok()
                .map(|purse| SnelabSave { purse, case: None })
        })?
    }
}

/// Reads Snēlab's save (a damaged one is kept aside in the store), taking the open case's
/// record from the older separate key when the save predates the single record.
pub fn load_snelab(store: &mut dyn KeyValue) -> (SnelabSave, LoadStatus) {
    let (mut save, status) = load_keeping_damage::<SnelabSave>(store);
    if let LoadStatus::Migrated { .. } = status
        && save.purse.open_case().is_some()
        && save.case.is_none()
    {
        let (record, old) = load::<CaseRecord>(store);
        if matches!(old, LoadStatus::Loaded | LoadStatus::Migrated { .. }) {
            save.case = Some(record);
        }
    }
    (save, status)
}

/// What became of the case found open when the game started.
#[derive(Clone, Debug, PartialEq)]
pub enum Restored {
    /// No case was open.
    Nothing,
    /// The case goes on where it stopped.
    Resumed { case: u64 },
    /// The record had already reached its verdict: it is settled now, as the rules gave it.
    Settled(Settled),
    /// The case could not be played on; its stake is back in the purse.
    StakeReturned { case: u64, why: ResumeError },
}

impl Restored {
    /// What to tell the player, if anything.
    pub fn notice(&self) -> Option<Message> {
        match self {
            Restored::Nothing | Restored::Resumed { .. } => None,
            Restored::Settled(s) => {
                Some(msg("snelab.restored.settled").with("purse", s.purse_after))
            }
            Restored::StakeReturned { case, why } => Some(
                msg("snelab.restored.stake_returned")
                    .with("case", *case)
                    .with_words("why", why.explain()),
            ),
        }
    }
}

impl Session {
    /// Everything to save now: the purse and the case under way, as one value.
    pub fn save(&self) -> SnelabSave {
        SnelabSave {
            purse: self.purse.clone(),
            case: self.record(),
        }
    }

    /// The session at the game's start, from its save: the starting purse setting applies (it
    /// is the purse of a player who has not played yet), the first case opens with a coin flip
    /// whoever lost last, and the case found open resumes — or, when its record cannot be
    /// played on, its stake comes back. `now` dates a verdict found in the record.
    pub fn restore(save: SnelabSave, start: u32, now: u64) -> (Session, Restored) {
        let SnelabSave { mut purse, case } = save;
        purse.apply_start_setting(start);
        purse.forget_opener();
        let mut session = Session::new(purse);
        let Some(open) = session.purse.open_case().cloned() else {
            return (session, Restored::Nothing);
        };
        let resumed = match &case {
            None => Err(ResumeError::Missing),
            Some(record) => session.resume(record),
        };
        let restored = match resumed {
            Ok(()) => Restored::Resumed { case: open.id },
            Err(ResumeError::AlreadyOver) => {
                // `resume` refused to reopen a finished case; settle it as its record says.
                let game = case.and_then(|r| r.game.replayed().ok());
                match game.as_ref().and_then(|g| g.outcome()) {
                    Some(verdict) => {
                        let end = super::CaseEnd::Verdict(verdict.reason);
                        let events = session.settle(open, verdict.winner, end, now);
                        session.phase = Phase::Lobby;
                        events
                            .into_iter()
                            .find_map(|e| match e {
                                Event::Settled(s) => Some(Restored::Settled(s)),
                                _ => None,
                            })
                            .unwrap_or(Restored::Nothing)
                    }
                    None => return_stake(&mut session, ResumeError::AlreadyOver),
                }
            }
            Err(why) => return_stake(&mut session, why),
        };
        (session, restored)
    }
}

fn return_stake(session: &mut Session, why: ResumeError) -> Restored {
    match session.purse.return_stake() {
        Some(open) => Restored::StakeReturned { case: open.id, why },
        None => Restored::Nothing,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::play::Seat;
    use crate::play::snelab::{CaseEnd, Coin, Stakes};
    use crate::rules::snelab::legal_actions;
    use crate::save::{MemoryStore, decode, encode, store};

    /// A hot-seat session playing `cases` casino cases, the saved text after every change (the
    /// table writes the save at each of them: the stake taken, each move, the verdict).
    fn saves_of_a_session(cases: u64) -> Vec<String> {
        let mut session = Session::new(Purse::new(100));
        session.setup.opponent = Seat::Person;
        let mut saves = vec![encode(&session.save())];
        for case in 0..cases {
            session.sit(Coin::Heads, case, 10 * case).unwrap();
            saves.push(encode(&session.save()));
            let mut i = 0;
            while session.phase() == Phase::Play {
                let actions = legal_actions(&session.pos());
                let a = actions[(i * 7 + case as usize) % actions.len()];
                session
                    .act(session.to_act().unwrap(), a, 10 * case + 1)
                    .unwrap();
                saves.push(encode(&session.save()));
                i += 1;
            }
            session.next_case().unwrap();
        }
        saves
    }

    #[test]
    fn a_crash_at_any_write_resumes_the_case_with_no_coin_lost_or_made() {
        let saves = saves_of_a_session(3);
        assert!(saves.len() > 20);
        for text in &saves {
            let (save, status) = decode::<SnelabSave>(Some(text));
            assert_eq!(status, LoadStatus::Loaded);
            let coins = save.purse.coins();
            let plies = save.case.as_ref().map(|r| r.game.actions().len());
            let open = save.purse.open_case().map(|o| o.id);
            let (session, restored) = Session::restore(save.clone(), 100, 99);
            // Everything the table wrote can be resumed: no stake ever comes back or is lost.
            match (open, restored) {
                (None, Restored::Nothing) => assert_eq!(session.phase(), Phase::Lobby),
                (Some(id), Restored::Resumed { case }) => {
                    assert_eq!(case, id);
                    assert_eq!(session.phase(), Phase::Play);
                    assert_eq!(session.record().map(|r| r.game.actions().len()), plies);
                }
                (open, r) => panic!("case {open:?} came back as {r:?} from {text}"),
            }
            assert_eq!(session.purse.coins(), coins);
            assert_eq!(session.purse.books(), save.purse.books());
            // The books chain: each case is the last purse, less the stake, plus what it paid.
            let mut purse = 100;
            for e in session.purse.books() {
                let paid = if e.winner == e.your_side { 22 } else { 0 };
                purse = purse - 12 + paid;
                assert_eq!(e.purse_after, purse);
            }
            let stake = open.map_or(0, |_| 12);
            assert_eq!(coins + stake, purse, "the purse agrees with its books");
        }
    }

    #[test]
    fn the_first_case_after_a_start_opens_with_a_coin_flip() {
        let saves = saves_of_a_session(2);
        let (save, _) = decode::<SnelabSave>(saves.last().map(String::as_str));
        assert!(
            !save.purse.needs_coin_flip(),
            "the loser opens the next case"
        );
        let (session, _) = Session::restore(save, 100, 0);
        assert!(session.purse.needs_coin_flip());
    }

    #[test]
    fn a_new_player_gets_the_starting_purse_setting() {
        let (fresh, _) = Session::restore(SnelabSave::default(), 120, 0);
        assert_eq!(fresh.purse.coins(), 120);
        let saves = saves_of_a_session(1);
        let (save, _) = decode::<SnelabSave>(saves.last().map(String::as_str));
        let coins = save.purse.coins();
        let (played, _) = Session::restore(save, 120, 0);
        assert_eq!((played.purse.coins(), played.purse.start()), (coins, 120));
    }

    #[test]
    fn an_open_case_without_its_record_gives_the_stake_back() {
        let mut purse = Purse::new(100);
        purse
            .start_case(
                &super::super::Setup::at(Stakes::Casino, crate::rules::snelab::Side::South),
                Coin::Heads,
                1,
            )
            .unwrap();
        let save = SnelabSave { purse, case: None };
        let (session, restored) = Session::restore(save, 100, 2);
        assert!(matches!(
            restored,
            Restored::StakeReturned {
                case: 1,
                why: ResumeError::Missing
            }
        ));
        assert!(restored.notice().is_some());
        assert_eq!(session.purse.coins(), 100);
        assert!(session.purse.books().is_empty());
        assert_eq!(session.phase(), Phase::Lobby);
    }

    #[test]
    fn a_record_that_reached_its_verdict_is_settled_once() {
        let mut session = Session::new(Purse::new(100));
        session.setup.opponent = Seat::Person;
        session.sit(Coin::Heads, 1, 1).unwrap();
        let mut save = session.save();
        while session.phase() == Phase::Play {
            let a = legal_actions(&session.pos())[0];
            session.act(session.to_act().unwrap(), a, 2).unwrap();
            if session.phase() == Phase::Play {
                save.case = session.record();
            }
        }
        // A record whose last move is the verdict, beside a purse that still has it open.
        let last = session.game().unwrap().clone();
        save.case.as_mut().unwrap().game = last;
        let (back, restored) = Session::restore(save, 100, 3);
        let Restored::Settled(s) = restored else {
            panic!("{restored:?}");
        };
        assert!(matches!(s.end, CaseEnd::Verdict(_)));
        assert_eq!(back.purse.books().len(), 1);
        assert_eq!(back.purse.coins(), s.purse_after);
        assert_eq!(back.phase(), Phase::Lobby);
    }

    #[test]
    fn a_save_from_before_the_single_record_reads_its_case_from_the_old_key() {
        let mut session = Session::new(Purse::new(100));
        session.setup.opponent = Seat::Person;
        session.sit(Coin::Tails, 1, 1).unwrap();
        let a = legal_actions(&session.pos())[0];
        session.act(session.to_act().unwrap(), a, 2).unwrap();
        let mut old = MemoryStore::default();
        old.values.insert(
            "snelab.purse".into(),
            format!(
                "{{\"version\":1,\"data\":{}}}",
                serde_json::to_string(&session.purse).unwrap()
            ),
        );
        store(&mut old, &session.record().unwrap()).unwrap();
        let (save, status) = load_snelab(&mut old);
        assert_eq!(status, LoadStatus::Migrated { from: 1 });
        assert_eq!(save, session.save());
        let (back, restored) = Session::restore(save, 100, 3);
        assert_eq!(restored, Restored::Resumed { case: 1 });
        assert_eq!(back.pos(), session.pos());
    }
}
