//! A small fuzz of every parser (`tables fuzz` runs the million per target), and every input
//! that ever made one fail, kept as a regression case. Without Bevy, a few seconds.

use carved_tables::cli::fuzz::{Target, Verdict, check, corpus, fuzz};
use std::path::Path;

fn corpus_dir() -> &'static Path {
    Path::new(concat!(env!("CARGO_MANIFEST_DIR"), "/tests/corpus"))
}

#[test]
fn every_target_has_a_corpus_and_fuzzes_clean() {
    for target in Target::ALL {
        let files = corpus(corpus_dir(), target);
        assert!(!files.is_empty(), "no corpus for {}", target.name());
        let r = fuzz(target, 2_000, 7, Some(corpus_dir()));
        assert!(
            r.failures == 0 && r.bad_seeds.is_empty(),
            "{}: {:?} {:?}",
            target.name(),
            r.examples,
            r.bad_seeds
        );
        assert!(r.read > 0 && r.refused > 0, "{}: {r:?}", target.name());
    }
}

#[test]
fn the_corpus_files_are_checked_one_by_one() {
    for target in Target::ALL {
        for (path, input) in corpus(corpus_dir(), target) {
            let name = path.file_name().unwrap().to_string_lossy().into_owned();
            let verdict = check(target, &input);
            assert!(verdict.is_ok(), "{}: {verdict:?}", path.display());
            // Files named `valid-*` must read; `crash-*` and `bad-*` may be refused.
            if name.starts_with("valid") {
                assert_eq!(verdict, Ok(Verdict::Read), "{}", path.display());
            }
        }
    }
}

#[test]
fn target_names_read_back() {
    for t in Target::ALL {
        assert_eq!(Target::parse(t.name()), Some(t));
        assert!(
            carved_tables::cli::HELP.contains(t.name()),
            "{} not in HELP",
            t.name()
        );
    }
    assert_eq!(Target::parse("nope"), None);
}

#[test]
fn deep_nesting_is_refused_not_a_stack_overflow() {
    for (target, open) in [
        (Target::Theme, "("),
        (Target::Theme, "["),
        (Target::I18n, "{\"a\":"),
        (Target::I18n, "["),
        (Target::SaveSettings, "{\"version\":1,\"data\":["),
        (Target::SavePurse, "["),
        (Target::SaveCase, "{\"a\":"),
    ] {
        let input = open.repeat(100_000);
        assert_eq!(
            check(target, &input),
            Ok(Verdict::Refused),
            "{}",
            target.name()
        );
    }
}

/// Inputs that once failed, beyond the corpus files named `crash-*`.
#[test]
fn regressions() {
    for (target, input) in [
        // `bestmove time` with hours beyond u64 seconds overflowed.
        (
            Target::Uhp,
            "newgame\nbestmove time 5000000000000000000:00:00",
        ),
        // A purse whose last case number is the largest overflowed when a case opened.
        (
            Target::SavePurse,
            r#"{"version":1,"data":{"coins":100,"start":100,"books":[],"next_opener":null,"open_case":null,"last_id":18446744073709551615}}"#,
        ),
    ] {
        assert!(check(target, input).is_ok(), "{}: {input}", target.name());
    }
}
