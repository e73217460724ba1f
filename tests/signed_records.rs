//! Signed records (issue #37, item 4): a short real game of each of the three games played
//! through the server's `Hosted` games, each accepted action signed in order as a table signs
//! it (a seat's own action by its key, the clock's, a bot's and a keyless seat's by the
//! server), the record sealed by `play::signed::sealed`; the honest record passes every check,
//! and each tampering fails the `signatures` check naming the line it broke.

use carved_tables::ai::Level;
use carved_tables::fair::Seed;
use carved_tables::fair::chess::{army_text, commitment};
use carved_tables::i18n::english;
use carved_tables::identity::{Identity, Signer, action_bytes};
use carved_tables::net::protocol::{OfferKind, SeatId, Side, TableOptions};
use carved_tables::play::Seat;
use carved_tables::play::chess::Draft;
use carved_tables::play::signed::{self, Chain, Entry, sealed};
use carved_tables::play::verify::{Check, verify_text};
use carved_tables::rules::chess::Colour;
use carved_tables::server::chess::Chess;
use carved_tables::server::game::{Accepted, Hosted, OfferEvent, Start};
use carved_tables::server::hive::Hive;
use carved_tables::server::snelab::Snelab;
use std::time::Duration;

const CODE: &str = "K7Q2MX";

fn server() -> Identity {
    Identity::from_secret([90; 32])
}

/// A seat's test key.
fn player(seat: usize) -> Identity {
    Identity::from_secret([seat as u8 + 1; 32])
}

/// A table's signing as the lead's table does it: `keyed` says which seats proved a key.
struct Signing {
    chain: Chain,
    ids: [Option<Identity>; 2],
}

impl Signing {
    fn new(keyed: [bool; 2]) -> Signing {
        let ids = [0, 1].map(|i| keyed[i].then(|| player(i)));
        let keys = [0, 1].map(|i| ids[i].as_ref().map(Identity::public));
        Signing {
            chain: Chain::new(CODE, keys, server().public()),
            ids,
        }
    }

    /// Signs `a`, played at `game`: by the seat's key for its own action, else the server.
    fn sign(&mut self, game: &impl Hosted, a: &Accepted) {
        let seat = game.seat_of(a.side);
        let (signer, id) = match &self.ids[seat.index()] {
            Some(id) if !a.timeout => (
                if seat == SeatId::First {
                    Signer::First
                } else {
                    Signer::Second
                },
                id.clone(),
            ),
            _ => (Signer::Server, server()),
        };
        self.push(signer, &id, &a.action);
    }

    /// Appends `action` signed by `id` as `signer`, whatever the rules.
    fn push(&mut self, signer: Signer, id: &Identity, action: &str) {
        let bytes = action_bytes(CODE, self.chain.next_n(), action, &self.chain.head());
        self.chain.entries.push(Entry {
            signer,
            action: action.to_string(),
            signature: id.sign(&bytes),
        });
    }

    fn record(&self, game: &impl Hosted) -> String {
        sealed(&game.record(), &self.chain, &server())
    }
}

fn start(seats: [Seat; 2], secret: u8) -> Start {
    Start {
        seats,
        names: ["Ana".into(), "Rui".into()],
        secret: Seed([secret; 32]),
        clock: Duration::from_secs(30),
        bot_seed: 3,
        options: TableOptions::default(),
    }
}

/// The `signatures` check of a text of any game.
fn signatures(text: &str) -> Option<Check> {
    let checks = match verify_text(text) {
        Ok(c) => c,
        Err(e) => panic!("unreadable: {e}\n{text}"),
    };
    let found: Vec<Check> = checks
        .into_iter()
        .filter(|c| c.name == "signatures")
        .collect();
    assert!(found.len() <= 1);
    found.into_iter().next()
}

/// Asserts that the `signatures` check fails naming `line` (from 1), with `words` in its
/// detail.
fn fails_at(text: &str, line: usize, words: &str) {
    let c = signatures(text).expect("a signatures check");
    let detail = english(&c.detail);
    assert!(!c.passed, "passed: {detail}\n{text}");
    assert!(
        detail.starts_with(&format!("line {line}: ")),
        "expected line {line}: {detail}\n{text}"
    );
    assert!(detail.contains(words), "expected `{words}`: {detail}");
}

fn lines(text: &str) -> Vec<String> {
    text.lines().map(str::to_string).collect()
}

fn join(lines: &[String]) -> String {
    lines.iter().map(|l| format!("{l}\n")).collect()
}

/// The 1-based line numbers of the `sign` lines.
fn sign_lines(text: &str) -> Vec<usize> {
    text.lines()
        .enumerate()
        .filter(|(_, l)| l.starts_with("sign "))
        .map(|(i, _)| i + 1)
        .collect()
}

/// The honest record passes every check; every tampering every game shares fails the
/// `signatures` check at the line it broke. `body_move`: the line (from 1) of an action of the
/// body, and another text for it; `result`: the result line's other words.
fn tamperings(text: &str, body_move: (usize, &str), result: (&str, &str)) {
    let checks = verify_text(text).unwrap();
    assert!(checks.iter().all(|c| c.passed), "{checks:#?}\n{text}");
    let sig = signatures(text).unwrap();
    assert!(english(&sig.detail).contains("each signed"), "{sig:?}");
    let all = lines(text);
    let signs = sign_lines(text);
    assert!(signs.len() >= 4, "{text}");
    let seal = all.len();
    assert!(all[seal - 1].starts_with("seal "));

    // A move changed in the body: the chain no longer matches it there.
    let (at, other) = body_move;
    let mut changed = all.clone();
    changed[at - 1] = other.to_string();
    fails_at(&join(&changed), at, "but the chain signed");

    // A move changed in the chain: its signature fails.
    let mut changed = all.clone();
    let l = &mut changed[signs[1] - 1];
    let (head, action) = l.rsplit_once(' ').unwrap();
    *l = format!("{head} {action}x");
    fails_at(
        &join(&changed),
        signs[1],
        "signature of action 2 does not verify",
    );

    // An entry removed: the next one is numbered out of turn (where the removed one stood).
    let mut removed = all.clone();
    removed.remove(signs[1] - 1);
    fails_at(&join(&removed), signs[1], "numbered 3 where action 2 comes");
    // Removed and the rest renumbered: the chain's hashes no longer match.
    let renumbered: Vec<String> = removed
        .iter()
        .scan(0, |n, l| {
            Some(match l.strip_prefix("sign ") {
                Some(rest) => {
                    *n += 1;
                    let (_, tail) = rest.split_once(' ').unwrap();
                    format!("sign {n} {tail}")
                }
                None => l.clone(),
            })
        })
        .collect();
    fails_at(&join(&renumbered), signs[1], "signature of action 2");

    // Two entries swapped.
    let mut swapped = all.clone();
    swapped.swap(signs[1] - 1, signs[2] - 1);
    fails_at(&join(&swapped), signs[1], "numbered 3 where action 2 comes");

    // A bad hex signature.
    let mut bad = all.clone();
    let words: Vec<&str> = bad[signs[0] - 1].splitn(5, ' ').collect();
    bad[signs[0] - 1] = format!("sign 1 {} {}zz {}", words[2], &words[3][..126], words[4]);
    fails_at(&join(&bad), signs[0], "not 128 hexadecimal digits");

    // The result changed: only the seal catches it.
    let changed = text.replace(result.0, result.1);
    assert_ne!(changed, text);
    fails_at(&changed, seal, "seal does not verify");

    // The seal of another record, or none.
    let mut unsealed = all.clone();
    unsealed.pop();
    fails_at(&join(&unsealed), seal - 1, "without its seal line");
    // Something after the seal.
    let mut after = all.clone();
    after.push("sign 99 server 00 x".into());
    fails_at(&join(&after), seal + 1, "nothing may follow the seal");

    // Another table's code: the first signature fails.
    let other = text.replace(&format!("code {CODE}\n"), "code ZZZZZZ\n");
    fails_at(&other, signs[0], "signature of action 1");

    // The section stripped entirely: an unsigned record, verified as before, without a
    // signatures check.
    let body = signed::body(text);
    assert!(!body.contains("# signed") && body.ends_with("\n"));
    let checks = verify_text(body).unwrap();
    assert!(checks.iter().all(|c| c.passed), "{checks:?}");
    assert!(checks.iter().all(|c| c.name != "signatures"));
    assert_eq!(signed::parse(body), Ok(None));
}

/// The line (from 1) of the `n`-th line starting with `prefix`.
fn nth_line(text: &str, prefix: &str, n: usize) -> usize {
    text.lines()
        .enumerate()
        .filter(|(_, l)| l.starts_with(prefix))
        .nth(n)
        .map(|(i, _)| i + 1)
        .unwrap_or_else(|| panic!("no {n}-th `{prefix}`:\n{text}"))
}

/// Re-signs entry `n` (from 1) with the key of seat `by` (labelled so), its signature valid.
fn resign_entry(text: &str, n: usize, by: usize) -> String {
    let (_, s) = signed::parse(text).unwrap().unwrap();
    let mut prev = carved_tables::identity::CHAIN_START;
    for e in &s.entries[..n - 1] {
        prev = carved_tables::identity::chain_next(&prev, &e.signature);
    }
    let e = &s.entries[n - 1];
    let id = player(by);
    let sig = id.sign(&action_bytes(CODE, n as u64, &e.action, &prev));
    let hex: String = sig.iter().map(|b| format!("{b:02x}")).collect();
    let word = if by == 0 { "first" } else { "second" };
    let mut all = lines(text);
    all[e.line - 1] = format!("sign {n} {word} {hex} {}", e.action);
    join(&all)
}

#[test]
fn an_ash_and_walnut_game_with_a_takeback_and_a_timeout_is_signed_and_bound() {
    let mut t = Hive::start(start([Seat::Remote, Seat::Remote], 9));
    let mut s = Signing::new([true, true]);
    let play = |t: &mut Hive, s: &mut Signing, side: Side, action: &str| {
        let a = t.submit(t.seat_of(side), action).unwrap();
        s.sign(t, &a);
    };
    play(&mut t, &mut s, Side::Ash, "wS1");
    play(&mut t, &mut s, Side::Walnut, "bS1 wS1-");
    // Walnut takes its move back: the taken-back move stays in the chain and the record.
    t.note_offer(Side::Walnut, OfferKind::Takeback, OfferEvent::Made);
    t.note_offer(Side::Ash, OfferKind::Takeback, OfferEvent::Accepted);
    t.take_back(Side::Walnut).unwrap();
    play(&mut t, &mut s, Side::Walnut, "bS1 -wS1");
    // The clock plays ash's move: the server signs it.
    let timeout = t.tick(f64::INFINITY).unwrap();
    assert!(timeout.timeout);
    s.sign(&t, &timeout);
    t.resign(t.seat_of(Side::Ash)).unwrap();
    let text = s.record(&t);
    assert!(
        text.contains("takeback 1\n") && text.contains("move timeout "),
        "{text}"
    );
    assert!(text.contains(" server "), "{text}");
    let second_move = nth_line(&text, "move ", 1);
    let result = text.lines().find(|l| l.starts_with("result ")).unwrap();
    let other = if result.contains("ash") {
        "result walnut wins"
    } else {
        "result ash wins"
    };
    tamperings(&text, (second_move, "move bS1 wS1\\"), (result, other));

    // Walnut's own move (entry 2) re-signed by ash's key and labelled first.
    let forged = resign_entry(&text, 2, t.seat_of(Side::Ash).index());
    fails_at(&forged, sign_lines(&text)[1], "must be signed by");
    // The clock's move (entry 4) labelled as ash's own, signed by ash's key.
    let ash = t.seat_of(Side::Ash).index();
    let forged = resign_entry(&text, 4, ash);
    fails_at(&forged, sign_lines(&text)[3], "played by the clock");
    // The body's timeout mark dropped: that move is now ash's own, yet the server signed it.
    let timeout_line = nth_line(&text, "move timeout ", 0);
    let mut unmarked = lines(&text);
    unmarked[timeout_line - 1] = unmarked[timeout_line - 1].replace("move timeout ", "move ");
    fails_at(
        &join(&unmarked),
        sign_lines(&text)[3],
        "must be signed by the",
    );
    // The taken-back move dropped from the body: the chain still has it.
    let taken = nth_line(&text, "move ", 1);
    let mut dropped = lines(&text);
    dropped.remove(taken - 1);
    let dropped = join(&dropped);
    fails_at(
        &dropped,
        nth_line(&dropped, "move ", 1),
        "but the chain signed",
    );
}

#[test]
fn a_snelab_case_against_the_bot_is_signed_by_the_server_for_the_bot_and_the_clock() {
    let mut t = Snelab::start(start([Seat::Remote, Seat::Bot(Level::Easy)], 4));
    // The person has a key; the bot's seat has none.
    let mut s = Signing::new([true, false]);
    let person = SeatId::First;
    let (mut turns, mut ticked) = (0, false);
    while t.outcome().is_none() && turns < 8 {
        turns += 1;
        let a = if let Some(job) = t.bot_turn() {
            let action = (job.think)().unwrap();
            t.play_bot(action).unwrap()
        } else if turns > 1 && !ticked {
            // The person's time runs out once.
            ticked = true;
            t.tick(f64::INFINITY).unwrap()
        } else {
            let legal = carved_tables::rules::snelab::legal_actions(t.game().state());
            t.submit(person, &legal[0].to_string()).unwrap()
        };
        s.sign(&t, &a);
    }
    if t.outcome().is_none() {
        t.resign(person).unwrap();
    }
    let text = s.record(&t);
    assert!(text.contains("move timeout "), "{text}");
    assert!(text.contains("key second none\n"), "{text}");
    let first_move = nth_line(&text, "move ", 0);
    let result = text.lines().find(|l| l.starts_with("result ")).unwrap();
    let other = if result.contains("south") {
        "result north wins"
    } else {
        "result south wins"
    };
    tamperings(&text, (first_move, "move zz-zz"), (result, other));
    // The bot's move claimed by the person's key: the bot's seat is the server's to sign.
    let (_, section) = signed::parse(&text).unwrap().unwrap();
    let bot = section
        .entries
        .iter()
        .position(|e| e.signer == Signer::Server)
        .unwrap();
    let forged = resign_entry(&text, bot + 1, 0);
    fails_at(&forged, section.entries[bot].line, "must be signed by");
    // A seat without a key cannot sign: the bot's move labelled second.
    let forged = resign_entry(&text, bot + 1, 1);
    fails_at(&forged, section.entries[bot].line, "has no key");
}

/// A seat's army of `colour`, its salt and its `ready`.
fn build(colour: Colour, seed: u64) -> (String, String, String) {
    let army = Draft::random(colour, seed).army().unwrap();
    let text = army_text(&army);
    let salt = Seed([seed as u8 + 1; 32]).to_hex();
    let value = Seed([seed as u8 + 9; 32]).to_hex();
    let ready = format!("ready {} {value}", commitment(&text, &salt));
    (text, salt, ready)
}

fn chess_seat(t: &Chess, c: Colour) -> SeatId {
    t.seat_of(Side::of_chess(c))
}

/// Plays `n` game actions, each side's first legal one.
fn chess_actions(t: &mut Chess, s: &mut Signing, n: usize) {
    for _ in 0..n {
        let Some(side) = t.to_move() else { return };
        let pick = t.game().unwrap().state().legal_actions()[0].to_string();
        let a = t.submit(t.seat_of(side), &pick).unwrap();
        s.sign(t, &a);
    }
}

#[test]
fn an_artifact_chess_game_binds_its_readies_reveals_and_actions() {
    let mut t = Chess::start(start([Seat::Remote, Seat::Remote], 7));
    let mut s = Signing::new([true, true]);
    let (wt, ws, wr) = build(Colour::White, 1);
    let (bt, bs, br) = build(Colour::Black, 2);
    let white = chess_seat(&t, Colour::White);
    let black = white.other();
    // Black readies first, white reveals first.
    for (seat, action) in [
        (black, br.clone()),
        (white, wr.clone()),
        (white, format!("reveal {wt} {ws}")),
        (black, format!("reveal {bt} {bs}")),
    ] {
        let a = t.submit(seat, &action).unwrap();
        assert_eq!(a.action, action);
        s.sign(&t, &a);
    }
    chess_actions(&mut t, &mut s, 3);
    let timeout = t.tick(f64::INFINITY).unwrap();
    assert!(timeout.timeout);
    s.sign(&t, &timeout);
    chess_actions(&mut t, &mut s, 2);
    if t.outcome().is_none() {
        t.resign(black).unwrap();
    }
    let text = s.record(&t);
    assert!(text.contains(" timeout "), "{text}");
    let action = nth_line(&text, "action ", 1);
    let colour = lines(&text)[action - 1]
        .split(' ')
        .nth(1)
        .unwrap()
        .to_string();
    let result = text.lines().find(|l| l.starts_with("result ")).unwrap();
    let flipped = if result.contains("white") {
        "result black wins"
    } else {
        "result white wins"
    };
    tamperings(
        &text,
        (action, &format!("action {colour} pass")),
        (result, flipped),
    );

    // White's commitment changed in the body: white's signed ready no longer matches it.
    let commit = nth_line(&text, "commit white ", 0);
    let mut changed = lines(&text);
    changed[commit - 1] = format!("commit white {}", "ab".repeat(32));
    fails_at(&join(&changed), commit, "but the chain signed");
    // Black's ready re-signed by white's key: by its text it is black's.
    let forged = resign_entry(&text, 1, white.index());
    fails_at(&forged, sign_lines(&text)[0], "must be signed by");
}

#[test]
fn an_artifact_chess_chain_out_of_the_tables_order_or_with_a_timed_out_army() {
    // The same steps signed in an order no table plays: white reveals before black is ready.
    let mut t = Chess::start(start([Seat::Remote, Seat::Remote], 7));
    let (wt, ws, wr) = build(Colour::White, 1);
    let (bt, bs, br) = build(Colour::Black, 2);
    let white = chess_seat(&t, Colour::White);
    let black = white.other();
    let mut played = Vec::new();
    for (seat, action) in [
        (white, wr.clone()),
        (black, br.clone()),
        (white, format!("reveal {wt} {ws}")),
        (black, format!("reveal {bt} {bs}")),
    ] {
        played.push(t.submit(seat, &action).unwrap());
    }
    t.resign(black).unwrap();
    let mut s = Signing::new([true, true]);
    for i in [0, 2, 1, 3] {
        s.sign(&t, &played[i]);
    }
    let text = s.record(&t);
    fails_at(&text, sign_lines(&text)[1], "cannot come here");
    let mut s = Signing::new([true, true]);
    for a in &played {
        s.sign(&t, a);
    }
    assert!(signatures(&s.record(&t)).unwrap().passed);

    // White's building time runs out: the server commits and reveals white's army for it, and
    // signs both; white's seat has a key all the same.
    let mut t = Chess::start(start([Seat::Remote, Seat::Remote], 7));
    let mut s = Signing::new([true, true]);
    let white = chess_seat(&t, Colour::White);
    let black = white.other();
    let a = t.submit(black, &br).unwrap();
    s.sign(&t, &a);
    let a = t.tick(f64::INFINITY).unwrap();
    assert!(a.timeout && a.action.starts_with("ready "));
    s.sign(&t, &a);
    let a = t.tick(f64::INFINITY).unwrap();
    assert!(a.timeout && a.action.starts_with("reveal "));
    s.sign(&t, &a);
    let a = t.submit(black, &format!("reveal {bt} {bs}")).unwrap();
    s.sign(&t, &a);
    chess_actions(&mut t, &mut s, 2);
    t.resign(black).unwrap();
    let text = s.record(&t);
    let checks = verify_text(&text).unwrap();
    assert!(checks.iter().all(|c| c.passed), "{checks:#?}\n{text}");
    // The server's ready for white claimed as white's own.
    let forged = resign_entry(&text, 2, white.index());
    fails_at(&forged, sign_lines(&text)[1], "played by the clock");
    // The verifier's server army is the server's.
    let seed = Seed([7; 32]);
    for c in Colour::BOTH {
        let (army, salt) = signed::server_army(&seed, c);
        assert_eq!(
            army,
            army_text(&carved_tables::server::chess::timeout_army(c))
        );
        assert_eq!(
            salt,
            carved_tables::server::chess::server_salt(&seed, c).to_hex()
        );
    }

    // Black never reveals: the clock's forfeit, bound to the result; the game's own record
    // cannot be replayed (nothing was dealt), but its signatures hold.
    let mut t = Chess::start(start([Seat::Remote, Seat::Remote], 7));
    let mut s = Signing::new([true, true]);
    let white = chess_seat(&t, Colour::White);
    let black = white.other();
    for (seat, action) in [
        (white, wr.clone()),
        (black, br.clone()),
        (white, format!("reveal {wt} {ws}")),
    ] {
        let a = t.submit(seat, &action).unwrap();
        s.sign(&t, &a);
    }
    let a = t.tick(f64::INFINITY).unwrap();
    assert_eq!(a.action, "forfeit");
    s.sign(&t, &a);
    let text = s.record(&t);
    let sig = signatures(&text).unwrap();
    assert!(sig.passed, "{}\n{text}", english(&sig.detail));
    // The clock's forfeit labelled as white's seat's own, signed by its key.
    let forged = resign_entry(&text, 4, white.index());
    fails_at(&forged, sign_lines(&text)[3], "played by the clock");
}

/// `tables verify FILE`: the signatures check printed like the others, and a failed one fails
/// the command.
#[test]
fn tables_verify_prints_the_signatures_check_and_fails_on_it() {
    let mut t = Hive::start(start([Seat::Remote, Seat::Remote], 9));
    let mut s = Signing::new([true, false]);
    for action in ["wS1", "bS1 wS1-", "wQ -wS1"] {
        let side = t.to_move().unwrap();
        let a = t.submit(t.seat_of(side), action).unwrap();
        s.sign(&t, &a);
    }
    t.resign(SeatId::First).unwrap();
    let text = s.record(&t);
    let run = |text: &str, name: &str| {
        let path = std::env::temp_dir().join(format!("{name}-{}.txt", std::process::id()));
        std::fs::write(&path, text).unwrap();
        let out = std::process::Command::new(env!("CARGO_BIN_EXE_tables"))
            .arg("verify")
            .arg(&path)
            .output()
            .unwrap();
        let _ = std::fs::remove_file(&path);
        (
            out.status.success(),
            String::from_utf8_lossy(&out.stdout).into_owned(),
        )
    };
    let (ok, printed) = run(&text, "signed-honest");
    assert!(ok, "{printed}");
    assert!(
        printed.contains("passed: signatures: 3 actions"),
        "{printed}"
    );
    assert!(printed.contains("the record is verified"), "{printed}");
    let signs = sign_lines(&text);
    let mut swapped = lines(&text);
    swapped.swap(signs[0] - 1, signs[1] - 1);
    let (ok, printed) = run(&join(&swapped), "signed-swapped");
    assert!(!ok, "{printed}");
    let line = signs[0];
    assert!(
        printed.contains(&format!(
            "FAILED: signatures: line {line}: numbered 2 where action 1 comes"
        )),
        "{printed}"
    );
    // The other checks still pass: only the chain is out of order.
    assert_eq!(printed.matches("FAILED").count(), 1, "{printed}");
}
