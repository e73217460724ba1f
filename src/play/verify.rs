//! "Verify a game": checks an Ash & Walnut game record against the commit–reveal rules and the
//! game's rules — the seed against its fingerprint, the colour rule, every move's legality,
//! every timeout move against the deterministic choice, and the recorded result. It lives in the
//! match layer because a timeout move is the engine's fixed-depth choice.

use crate::ai::hive::timeout_move;
use crate::fair::{self, SeatOrder};
use crate::i18n::{Message, msg};
use crate::rules::hive::record::{GameRecord, RecordedEntry, RecordedResult};
use crate::rules::hive::state::State;

/// One check of a verification: a stable name (`fingerprint`, `colour rule`, `moves`,
/// `timeout moves`, `result`; Artifact Chess's records also `armies`, `deal`, `actions`, and
/// `record` for a text that cannot be read: `super::chess_record`), whether it passed, and what
/// was found, in words.
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
/// check, `record`, naming its line).
pub fn verify_text(text: &str) -> Result<Vec<Check>, crate::rules::hive::record::RecordError> {
    use crate::play::snelab::record as snelab;
    match game_of(text) {
        crate::rules::GameKind::Snelab => Ok(snelab::verify(&snelab::CaseRecord::parse(text)?)),
        crate::rules::GameKind::Chess => Ok(crate::play::chess_record::verify_text(text)),
        _ => Ok(verify(&GameRecord::parse(text)?)),
    }
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
    let mut state = State::new();
    let mut bad_move = None;
    let mut bad_timeout = None;
    let mut timeouts = 0;
    let mut moves = 0;
    let mut resigned = None;
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
                continue;
            }
            RecordedEntry::Resign(c) => {
                resigned = Some(*c);
                continue;
            }
        };
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
    // A resignation ends a game still under way; the other colour wins.
    let replayed = match resigned {
        Some(c) if state.outcome().is_none() => RecordedResult::Win(c.other()),
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
    checks
}
