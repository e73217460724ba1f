//! "Verify a game": checks a game record against the commit–reveal rules and the game's rules —
//! the seed against its fingerprint, the colour rule, every move's legality, every timeout move
//! against the deterministic choice, and the recorded result.

use super::timeout_move;
use crate::fair::{self, SeatOrder};
use crate::rules::hive::record::{GameRecord, RecordedResult};
use crate::rules::hive::state::State;

/// One check of a verification, worded for the person reading the report.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Check {
    pub name: &'static str,
    pub passed: bool,
    pub detail: String,
}

/// The checks of one record, in order. Every check is run (a failed fingerprint does not hide
/// an illegal move); checks after an illegal move cover the moves before it.
pub fn verify(record: &GameRecord) -> Vec<Check> {
    let mut checks = Vec::new();
    let seat_word = |s: SeatOrder| match s {
        SeatOrder::First => "first",
        SeatOrder::Second => "second",
    };
    let fp_ok = fair::matches(&record.seed, &record.fingerprint);
    checks.push(Check {
        name: "fingerprint",
        passed: fp_ok,
        detail: if fp_ok {
            "SHA-256 of the seed equals the fingerprint shown at the start".into()
        } else {
            format!(
                "SHA-256 of the seed is {}, not the recorded {}",
                record.seed.fingerprint(),
                record.fingerprint.trim()
            )
        },
    });
    let seat = fair::ash_seat(&record.seed);
    checks.push(Check {
        name: "colour rule",
        passed: seat == record.ash,
        detail: format!(
            "the seed gives ash to the {} seat ({}); the record says {}",
            seat_word(seat),
            record.seats[match seat {
                SeatOrder::First => 0,
                SeatOrder::Second => 1,
            }],
            seat_word(record.ash)
        ),
    });
    let mut state = State::new();
    let mut bad_move = None;
    let mut bad_timeout = None;
    let mut timeouts = 0;
    for (i, m) in record.moves.iter().enumerate() {
        let mv = match state.parse_move(&m.text) {
            Ok(mv) => mv,
            Err(e) => {
                bad_move = Some(format!("move {} `{}`: {e}", i + 1, m.text));
                break;
            }
        };
        if m.timeout {
            timeouts += 1;
            let expected = timeout_move(&state);
            if bad_timeout.is_none() && expected != Some(mv) {
                let want = expected.map_or("none".to_string(), |e| state.move_string(e));
                bad_timeout = Some(format!(
                    "move {} `{}` was marked as a timeout move, but the deterministic choice is `{want}`",
                    i + 1,
                    m.text
                ));
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
            .unwrap_or_else(|| format!("all {} moves are legal", record.moves.len())),
    });
    checks.push(Check {
        name: "timeout moves",
        passed: bad_timeout.is_none(),
        detail: bad_timeout.unwrap_or_else(|| {
            format!("{timeouts} timeout moves, each the engine's fixed-depth choice")
        }),
    });
    let replayed = RecordedResult::of(&state);
    let result_ok = bad_move.is_none() && replayed == record.result;
    checks.push(Check {
        name: "result",
        passed: result_ok,
        detail: if bad_move.is_some() {
            "cannot follow from an illegal move list".into()
        } else {
            format!(
                "the moves give {:?}; the record says {:?}",
                replayed, record.result
            )
        },
    });
    checks
}
