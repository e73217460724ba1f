//! "Verify a game": checks an Ash & Walnut game record against the commit–reveal rules and the
//! game's rules — the seed against its fingerprint, the colour rule, every move's legality,
//! every timeout move against the deterministic choice, and the recorded result. It lives in the
//! match layer because a timeout move is the engine's fixed-depth choice.
//!
//! A record with offers (an online table's draw and takeback offers, [`Note`]) gets one more
//! check, `offers`, which every game's verifier runs the same way ([`Offers`]): each answer
//! answers a standing offer of the other side, each note stands where the record says (`at`),
//! and an agreed draw (Snēlab and Artifact Chess: a takeback too) follows an accepted offer.
//! A record without offers is checked exactly as before.

use crate::ai::hive::timeout_move;
use crate::fair::{self, SeatOrder};
use crate::i18n::Explain;
use crate::i18n::{Message, msg};
use crate::rules::hive::record::{
    GameRecord, Note, Offer, OfferEvent, RecordedEntry, RecordedResult, colour_word,
};
use crate::rules::hive::state::State;
use std::ops::RangeInclusive;

/// One check of a verification: a stable name (`fingerprint`, `colour rule`, `moves`,
/// `timeout moves`, `result`, `offers` for a record with offers; Artifact Chess's records also
/// `armies`, `deal`, `actions`, and `record` for a text that cannot be read:
/// `super::chess_record`; `signatures` for a record with a `# signed` section:
/// [`super::signed::check`]), whether it passed, and what was found, in words.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Check {
    pub name: &'static str,
    pub passed: bool,
    pub detail: Message,
}

impl Check {
    /// The check's title in words ("Fingerprint", "Impressão digital").
    pub fn title(&self) -> Message {
        msg(match self.name {
            "fingerprint" => "verify.check.fingerprint",
            "colour rule" => "verify.check.colour_rule",
            "moves" => "verify.check.moves",
            "timeout moves" => "verify.check.timeout_moves",
            "coin" => "verify.check.coin",
            "armies" => "verify.check.armies",
            "deal" => "verify.check.deal",
            "actions" => "verify.check.actions",
            "record" => "verify.check.record",
            "offers" => "verify.check.offers",
            "signatures" => "verify.check.signatures",
            _ => "verify.check.result",
        })
    }
}

fn seat_word(s: SeatOrder) -> Message {
    msg(match s {
        SeatOrder::First => "verify.seat.first",
        SeatOrder::Second => "verify.seat.second",
    })
}

fn result_word(r: RecordedResult) -> Message {
    match r {
        RecordedResult::Win(c) => {
            msg("verify.result.win").with_words("colour", crate::i18n::Explain::explain(&c))
        }
        RecordedResult::Draw => msg("verify.result.draw"),
        RecordedResult::InProgress => msg("verify.result.in_progress"),
    }
}

/// The game a record's text is of, by its first line that is not blank: the header each game
/// writes (`# Snēlab case record`, `# Artifact Chess game record`); anything else is read as Ash & Walnut's (whose records
/// from before the header are still read).
pub fn game_of(text: &str) -> crate::rules::GameKind {
    let first = text.lines().map(str::trim).find(|l| !l.is_empty());
    match first {
        Some(l) if l == crate::play::snelab::record::HEADER => crate::rules::GameKind::Snelab,
        Some(l) if l == crate::play::chess_record::HEADER => crate::rules::GameKind::Chess,
        _ => crate::rules::GameKind::Hive,
    }
}

/// Reads a record of any game served online and runs its checks; a record that cannot be read
/// is the error, naming its line (an Artifact Chess record that cannot be read is one failed
/// check, `record`, naming its line). A record that ends in a `# signed` section (an online
/// table's chain of signed actions and its seal) is read without it by the game's own reader
/// and gets one more check, `signatures` ([`super::signed::check`]); a record without the
/// section is checked exactly as before.
pub fn verify_text(text: &str) -> Result<Vec<Check>, crate::rules::hive::record::RecordError> {
    use crate::play::snelab::record as snelab;
    use crate::rules::GameKind;
    let game = game_of(text);
    let body = super::signed::body(text);
    let mut checks = match game {
        GameKind::Snelab => snelab::verify(&snelab::CaseRecord::parse(body)?),
        // Artifact Chess's reader splits off the section itself.
        GameKind::Chess => return Ok(crate::play::chess_record::verify_text(text)),
        GameKind::Hive => verify(&GameRecord::parse(body)?),
    };
    checks.extend(super::signed::check(text, game));
    Ok(checks)
}

/// The `fingerprint` check every game's record starts with: SHA-256 of the revealed seed must
/// be the fingerprint shown at the start.
pub fn fingerprint_check(seed: &crate::fair::Seed, fingerprint: &str) -> Check {
    let ok = fair::matches(seed, fingerprint);
    Check {
        name: "fingerprint",
        passed: ok,
        detail: if ok {
            msg("verify.fingerprint.ok")
        } else {
            msg("verify.fingerprint.bad")
                .with("actual", seed.fingerprint())
                .with("recorded", fingerprint.trim())
        },
    }
}

/// A record's offers followed in order, as each game's verifier meets them: the draw and
/// takeback offers standing, the offer just accepted (its takeback or agreed draw must follow
/// before any action), and the first problem found. Sides are the game's (`S`).
pub struct Offers<S> {
    /// The side whose draw offer, and whose takeback offer, stands.
    standing: [Option<S>; 2],
    /// The offer accepted by the last note, and who made it.
    accepted: Option<(Offer, S)>,
    problem: Option<Message>,
    notes: usize,
    /// Whether the record has anything for the `offers` check to look at.
    present: bool,
}

fn slot(offer: Offer) -> usize {
    match offer {
        Offer::Draw => 0,
        Offer::Takeback => 1,
    }
}

/// No offers: a record without them.
impl<S> Default for Offers<S> {
    fn default() -> Offers<S> {
        Offers {
            standing: [None, None],
            accepted: None,
            problem: None,
            notes: 0,
            present: false,
        }
    }
}

impl<S: Copy + PartialEq + Explain> Offers<S> {
    /// The offers of a record that has some (`present`: offers, an agreed draw, or takebacks
    /// that need an offer), which gets the `offers` check; a record without is checked as
    /// before.
    pub fn new(present: bool) -> Offers<S> {
        Offers {
            present,
            ..Offers::default()
        }
    }

    fn fail(&mut self, problem: Message) {
        if self.problem.is_none() {
            self.problem = Some(problem);
        }
    }

    /// An offer line, its text `text` as the record writes it, met where `standing` allows the
    /// values of its `at` (the actions standing there).
    pub fn note(&mut self, note: &Note<S>, text: &str, standing: RangeInclusive<u64>) {
        self.notes += 1;
        if !standing.contains(&note.at) {
            self.fail(
                msg("verify.offers.at")
                    .with("text", text)
                    .with("standing", standing.end()),
            );
        }
        let standing = &mut self.standing[slot(note.offer)];
        match note.event {
            OfferEvent::Made => *standing = Some(note.by),
            OfferEvent::Accepted | OfferEvent::Declined => match standing.take() {
                Some(offerer) if offerer != note.by => {
                    if note.event == OfferEvent::Accepted {
                        self.accepted = Some((note.offer, offerer));
                    }
                }
                _ => self.fail(msg("verify.offers.unanswered").with("text", text)),
            },
        }
    }

    /// An action: an accepted offer must have been carried out before it.
    pub fn action(&mut self) {
        self.accepted = None;
    }

    /// `side` takes back its last action: a takeback it asked for and the other side accepted,
    /// just before.
    pub fn take_back(&mut self, side: S) {
        match self.accepted.take() {
            Some((Offer::Takeback, by)) if by == side => {}
            _ => self
                .fail(msg("verify.offers.takeback_unoffered").with_words("side", side.explain())),
        }
    }

    /// A takeback that needs no offer (Ash & Walnut's `takeback N` of a game at one device):
    /// the side whose accepted takeback it carries out, if one was just accepted.
    pub fn take_back_if_accepted(&mut self) -> Option<S> {
        match self.accepted {
            Some((Offer::Takeback, by)) => {
                self.accepted = None;
                Some(by)
            }
            _ => None,
        }
    }

    /// A takeback carried out the wrong way for the offer it follows (`why`).
    pub fn bad_take_back(&mut self, why: Message) {
        self.fail(why);
    }

    /// The draw was agreed: a draw offer was just accepted.
    pub fn agree(&mut self) {
        match self.accepted.take() {
            Some((Offer::Draw, _)) => {}
            _ => self.fail(msg("verify.offers.agreed_unoffered")),
        }
    }

    /// The `offers` check, for a record that has offers, takebacks to check or an agreed
    /// draw. When the replay `broke` off at a bad move, the offers after it were not followed:
    /// the check fails, as the result's does.
    pub fn check(self, broke: bool) -> Option<Check> {
        if !self.present {
            return None;
        }
        let problem = match self.problem {
            None if broke => Some(msg("verify.offers.after_illegal")),
            p => p,
        };
        Some(Check {
            name: "offers",
            passed: problem.is_none(),
            detail: problem.unwrap_or_else(|| msg("verify.offers.ok").with("count", self.notes)),
        })
    }
}

/// The checks of one record, in order. Every check is run (a failed fingerprint does not hide
/// an illegal move); checks after an illegal move cover the moves before it.
pub fn verify(record: &GameRecord) -> Vec<Check> {
    let mut checks = vec![fingerprint_check(&record.seed, &record.fingerprint)];
    let seat = fair::ash_seat(&record.seed);
    let seat_name = &record.seats[match seat {
        SeatOrder::First => 0,
        SeatOrder::Second => 1,
    }];
    checks.push(Check {
        name: "colour rule",
        passed: seat == record.ash,
        detail: msg("verify.colour_rule")
            .with_words("seat", seat_word(seat))
            .with("name", seat_name)
            .with_words("recorded", seat_word(record.ash)),
    });
    let mut state = State::new_game(record.game);
    let mut bad_move = None;
    let mut bad_timeout = None;
    let mut timeouts = 0;
    let mut moves = 0;
    let mut resigned = None;
    let mut agreed = false;
    let mut offers = Offers::new(
        record
            .entries
            .iter()
            .any(|e| matches!(e, RecordedEntry::Offer(_) | RecordedEntry::Agreed)),
    );
    for e in &record.entries {
        let m = match e {
            RecordedEntry::Move(m) => m,
            RecordedEntry::TakeBack(n) => {
                if *n > state.ply() {
                    bad_move = Some(
                        msg("verify.takeback.bad")
                            .with("count", n)
                            .with("played", state.ply()),
                    );
                    break;
                }
                for _ in 0..*n {
                    // Proven above: at least `n` moves were played.
                    let _ = state.undo();
                }
                // An online takeback is the asking side's own last move alone.
                if let Some(by) = offers.take_back_if_accepted()
                    && (*n != 1 || state.to_move() != by)
                {
                    offers.bad_take_back(
                        msg("verify.offers.takeback_other").with_words("side", by.explain()),
                    );
                }
                continue;
            }
            RecordedEntry::Resign(c) => {
                resigned = Some(*c);
                continue;
            }
            RecordedEntry::Offer(n) => {
                let text = format!("offer {}", n.words(colour_word));
                let ply = state.ply() as u64;
                offers.note(n, &text, ply..=ply);
                continue;
            }
            RecordedEntry::Agreed => {
                agreed = true;
                offers.agree();
                continue;
            }
        };
        offers.action();
        moves += 1;
        let mv = match state.parse_move(&m.text) {
            Ok(mv) => mv,
            Err(e) => {
                bad_move = Some(
                    msg("verify.moves.bad")
                        .with("number", moves)
                        .with("text", &m.text)
                        .with_words("why", crate::i18n::Explain::explain(&e)),
                );
                break;
            }
        };
        if m.timeout {
            timeouts += 1;
            let expected = timeout_move(&state);
            if bad_timeout.is_none() && expected != Some(mv) {
                let want = expected.map_or("-".to_string(), |e| state.move_string(e));
                bad_timeout = Some(
                    msg("verify.timeouts.bad")
                        .with("number", moves)
                        .with("text", &m.text)
                        .with("expected", want),
                );
            }
        }
        // Proven legal by `parse_move` just above.
        let _ = state.play(mv);
    }
    checks.push(Check {
        name: "moves",
        passed: bad_move.is_none(),
        detail: bad_move
            .clone()
            .unwrap_or_else(|| msg("verify.moves.ok").with("count", moves)),
    });
    checks.push(Check {
        name: "timeout moves",
        passed: bad_timeout.is_none(),
        detail: bad_timeout.unwrap_or_else(|| msg("verify.timeouts.ok").with("count", timeouts)),
    });
    // A resignation ends a game still under way, the other colour winning; an agreed draw ends
    // it as a draw.
    let replayed = match resigned {
        Some(c) if state.outcome().is_none() => RecordedResult::Win(c.other()),
        _ if agreed && state.outcome().is_none() => RecordedResult::Draw,
        _ => RecordedResult::of(&state),
    };
    let result_ok = bad_move.is_none() && replayed == record.result;
    checks.push(Check {
        name: "result",
        passed: result_ok,
        detail: if bad_move.is_some() {
            msg("verify.result.after_illegal")
        } else {
            msg("verify.result.compare")
                .with_words("actual", result_word(replayed))
                .with_words("recorded", result_word(record.result))
        },
    });
    checks.extend(offers.check(bad_move.is_some()));
    checks
}
