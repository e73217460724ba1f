//! The players' rules pages, `assets/rules/<game>.<lang>.md`: all nine are there, they use only
//! the Markdown the game draws and only known figure markers (the same ones in every language),
//! they carry no developer notes, each speaks its language's words for the pieces, creatures and
//! artifacts (taken from the game's own strings where the game has them), Snēlab's pages keep both
//! mottos and treat the starting purse as a setting, and Artifact Chess's odds table says what
//! the dice really give.

use carved_tables::i18n::{Lang, Strings};
use carved_tables::rules::chess::{Artifact, Odds};
use std::collections::BTreeSet;
use std::path::Path;

const GAMES: [&str; 3] = ["snelab", "hive", "chess"];

/// The pictures the game draws from its own data, per game, in page order.
fn figures(game: &str) -> &'static [&'static str] {
    match game {
        "snelab" => &[
            "snelab-route-bailiff",
            "snelab-route-advocate",
            "snelab-route-barrister",
            "snelab-route-justice",
            "snelab-payment",
        ],
        "hive" => &[
            "hive-slide-room",
            "hive-move-elder",
            "hive-move-owl",
            "hive-move-hare",
            "hive-move-fox",
            "hive-move-otter",
        ],
        "chess" => &["chess-odds", "chess-artifacts"],
        _ => &[],
    }
}

/// Marks the controls of a table that is still being built, for checking when it lands.
const CONTROLS_NOTE: &str = "<!-- controls: check against the table when it lands -->";

const MOTTOS: [&str; 2] = [
    "Snēlab keeps one law: nothing is taken that isn't repaid in equal measure.",
    "Snēlab's law: nothing is taken that is not repaid in equal measure.",
];

fn page(game: &str, lang: Lang) -> String {
    let path = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("assets/rules")
        .join(format!("{game}.{}.md", lang.code()));
    std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

fn pages() -> impl Iterator<Item = (&'static str, Lang, String)> {
    GAMES
        .into_iter()
        .flat_map(|g| Lang::ALL.into_iter().map(move |l| (g, l, page(g, l))))
}

fn name(game: &str, lang: Lang) -> String {
    format!("{game}.{}.md", lang.code())
}

/// Whether a line is a row of a table.
fn is_table_row(line: &str) -> bool {
    line.trim_start().starts_with('|')
}

#[test]
fn all_nine_pages_exist_and_open_with_a_title() {
    for (game, lang, text) in pages() {
        assert!(
            text.trim().len() > 1000,
            "{} is empty or too short",
            name(game, lang)
        );
        assert!(
            text.starts_with("# "),
            "{} does not open with its title",
            name(game, lang)
        );
    }
}

#[test]
fn figure_markers_are_known_and_the_same_in_every_language() {
    for game in GAMES {
        let mut first: Option<Vec<String>> = None;
        for lang in Lang::ALL {
            let text = page(game, lang);
            let mut found = Vec::new();
            for line in text.lines() {
                let t = line.trim();
                if !t.starts_with(":::") {
                    continue;
                }
                let figure = t
                    .strip_prefix("::: figure ")
                    .unwrap_or_else(|| panic!("{}: malformed marker {t:?}", name(game, lang)));
                assert!(
                    figures(game).contains(&figure),
                    "{}: unknown figure {figure:?}",
                    name(game, lang)
                );
                assert_eq!(line, t, "{}: a marker stands alone", name(game, lang));
                found.push(figure.to_string());
            }
            let wanted: Vec<String> = figures(game).iter().map(|f| f.to_string()).collect();
            let mut sorted = found.clone();
            sorted.sort();
            let mut wanted_sorted = wanted.clone();
            wanted_sorted.sort();
            assert_eq!(
                sorted,
                wanted_sorted,
                "{}: each of the game's figures once",
                name(game, lang)
            );
            match &first {
                None => first = Some(found),
                Some(en) => assert_eq!(
                    &found,
                    en,
                    "{}: figures in the English page's order",
                    name(game, lang)
                ),
            }
        }
    }
}

#[test]
fn no_developer_notes() {
    let phrases = [
        "engine takes",
        "keep a test",
        "edition 0",
        "issue #",
        "make the starting purse",
        ".md",
        "seeds/",
    ];
    for (game, lang, text) in pages() {
        let lower = text.to_lowercase();
        for p in phrases {
            assert!(
                !lower.contains(p),
                "{}: developer phrase {p:?}",
                name(game, lang)
            );
        }
        for p in ["TODO", "FIXME", "XXX"] {
            assert!(!text.contains(p), "{}: {p}", name(game, lang));
        }
        let words = lower.split(|c: char| !c.is_alphanumeric());
        for w in words {
            assert!(
                w != "spec" && w != "specs",
                "{}: mentions the spec",
                name(game, lang)
            );
        }
    }
}

#[test]
fn only_the_markdown_the_game_draws() {
    for (game, lang, text) in pages() {
        let page = name(game, lang);
        let mut notes = 0;
        for (i, line) in text.lines().enumerate() {
            let at = format!("{page}:{}", i + 1);
            if line == CONTROLS_NOTE {
                notes += 1;
                continue;
            }
            assert!(!line.contains('<'), "{at}: no HTML: {line:?}");
            assert!(
                !line.contains("](") && !line.contains("!["),
                "{at}: no links or images"
            );
            assert!(!line.starts_with("####"), "{at}: headings go to ### only");
            assert!(
                !line.starts_with(' ') || line.trim().is_empty(),
                "{at}: no nested lists or indented text"
            );
            assert!(
                !line.starts_with("* ") && !line.starts_with("+ "),
                "{at}: bullets are \"- \""
            );
            assert_eq!(line.matches('*').count() % 2, 0, "{at}: unbalanced *");
            assert_eq!(line.matches('`').count() % 2, 0, "{at}: unbalanced `");
        }
        // The tables built so far have their controls checked; the others keep the note.
        let wanted = if game == "chess" { 1 } else { 0 };
        assert_eq!(
            notes, wanted,
            "{page}: the controls note marks the controls of a table still being built"
        );
    }
}

#[test]
fn snelab_pages_keep_both_mottos() {
    for lang in Lang::ALL {
        let text = page("snelab", lang);
        for motto in MOTTOS {
            assert!(
                text.contains(&format!("*{motto}*")),
                "{}: motto {motto:?}",
                name("snelab", lang)
            );
        }
    }
}

/// Where `word` stands on its own in `text`: not inside a longer word or number.
fn whole(text: &str, word: &str) -> Vec<usize> {
    text.match_indices(word)
        .map(|(i, _)| i)
        .filter(|&i| {
            let before = text[..i].chars().next_back();
            let after = text[i + word.len()..].chars().next();
            !before.is_some_and(char::is_alphanumeric) && !after.is_some_and(char::is_alphanumeric)
        })
        .collect()
}

#[test]
fn the_starting_purse_is_a_setting() {
    for lang in Lang::ALL {
        let strings = Strings::new(lang);
        let settings = strings.t("menu.settings");
        let setting = strings.t("settings.starting_purse");
        let text = page("snelab", lang);
        let page = name("snelab", lang);
        assert!(
            text.lines()
                .any(|l| l.contains(settings) && l.contains(setting)),
            "{page}: says where the starting purse is set ({settings} → {setting})"
        );
        // 100 appears only as the setting's default, in brackets beside the setting's name.
        for line in text.lines() {
            for i in whole(line, "100") {
                let before = &line[..i];
                let bracketed = before.rfind('(') > before.rfind(')');
                assert!(
                    bracketed && line.contains(settings) && line.contains(setting),
                    "{page}: 100 only as the default of {setting}: {line:?}"
                );
            }
        }
    }
}

/// Asserts that every word is on the page, at least once as a word of its own (as named, so
/// in Russian at least once in the nominative).
fn assert_words(game: &str, lang: Lang, words: &[&str]) {
    let text = page(game, lang);
    let missing: Vec<&&str> = words
        .iter()
        .filter(|w| whole(&text, w).is_empty())
        .collect();
    assert!(missing.is_empty(), "{} lacks {missing:?}", name(game, lang));
}

#[test]
fn snelab_pages_use_the_games_words() {
    for lang in Lang::ALL {
        let s = Strings::new(lang);
        let keys = [
            "snelab.rank.bailiff",
            "snelab.rank.advocate",
            "snelab.rank.barrister",
            "snelab.rank.justice",
            "snelab.casino",
            "snelab.street",
            "snelab.reset",
            "snelab.cant_pay",
        ];
        let mut words: Vec<&str> = keys.iter().map(|k| s.t(k)).collect();
        // The rows and the Bar (the seeds' word for a player's pieces), from the glossary.
        words.extend(match lang {
            Lang::En => ["Bench", "Counter", "the Bar"],
            Lang::Pt => ["Tribunal", "Balcão", "a Barra"],
            Lang::Ru => ["Скамья судей", "Стойка", "Коллегия"],
        });
        assert_words("snelab", lang, &words);
    }
}

#[test]
fn hive_pages_use_the_glossary_words() {
    // The glossary's words; the game has no per-language creature names of its own yet.
    for (lang, words) in [
        (
            Lang::En,
            [
                "Elder",
                "Owl",
                "Hare",
                "Fox",
                "Otter",
                "ash",
                "walnut",
                "All my moves",
                "Verify a game",
                "fingerprint",
            ],
        ),
        (
            Lang::Pt,
            [
                "Ancião",
                "Coruja",
                "Lebre",
                "Raposa",
                "Lontra",
                "freixo",
                "nogueira",
                "Todas as minhas jogadas",
                "Verificar um jogo",
                "impressão digital",
            ],
        ),
        (
            Lang::Ru,
            [
                "Старейшина",
                "Сова",
                "Заяц",
                "Лиса",
                "Выдра",
                "ясень",
                "орех",
                "Все мои ходы",
                "Проверить партию",
                "отпечаток",
            ],
        ),
    ] {
        assert_words("hive", lang, &words);
    }
}

#[test]
fn chess_pages_name_all_22_artifacts() {
    for lang in Lang::ALL {
        let names: Vec<&str> = Artifact::ALL
            .into_iter()
            .map(|a| match lang {
                Lang::En => a.name_en(),
                Lang::Pt => a.name_pt(),
                Lang::Ru => a.name_ru(),
            })
            .collect();
        assert_words("chess", lang, &names);
        // Every card is described once, as a bullet that opens with its bold name.
        let text = page("chess", lang);
        for n in names {
            let bullets = text
                .lines()
                .filter(|l| l.starts_with(&format!("- **{n}** (")))
                .count();
            assert_eq!(bullets, 1, "{}: the card {n}", name("chess", lang));
        }
        let glossary: [&str; 5] = match lang {
            Lang::En => [
                "attempt",
                "wound",
                "heal",
                "impassable square",
                "response window",
            ],
            Lang::Pt => [
                "tentativa",
                "ferimento",
                "curar",
                "casa intransitável",
                "janela de resposta",
            ],
            Lang::Ru => [
                "попытка",
                "ранение",
                "непроходимые клетки",
                "окно ответа",
                "запас взятых пешек",
            ],
        };
        assert_words("chess", lang, &glossary);
    }
}

/// Each card's bullet on the page opens with the name and the kind the game shows on the card
/// (`chess.card.<code>`, `chess.card_kind.<kind>`), so the page and the table say the same.
#[test]
fn chess_pages_name_each_card_and_its_kind_as_the_game_does() {
    use carved_tables::i18n::Explain;
    for lang in Lang::ALL {
        let strings = Strings::new(lang);
        let text = page("chess", lang);
        for a in Artifact::ALL {
            let card = strings.say(&a.explain());
            let kind = strings.say(&a.kind().explain()).to_lowercase();
            let opening = format!("- **{card}** ({kind}): ");
            assert!(
                text.lines().any(|l| l.starts_with(&opening)),
                "{}: no bullet opening {opening:?}",
                name("chess", lang)
            );
        }
    }
}

/// The dice counts written in a cell as `3d6 … 2d6`.
fn dice_counts(cell: &str) -> Vec<u8> {
    cell.match_indices("d6")
        .filter_map(|(i, _)| {
            let digits: String = cell[..i]
                .chars()
                .rev()
                .take_while(|c| c.is_ascii_digit())
                .collect();
            digits.chars().rev().collect::<String>().parse().ok()
        })
        .collect()
}

/// A cell like `77.9%` or `77,9 %`, as `77.9`.
fn percent(cell: &str) -> Option<String> {
    let number = cell.strip_suffix('%')?.trim().replace(',', ".");
    Some(number)
}

#[test]
fn chess_odds_tables_match_the_dice() {
    let wanted: BTreeSet<(u8, u8)> = [3, 1, 4, 2]
        .into_iter()
        .flat_map(|a| [2, 3, 1].into_iter().map(move |d| (a, d)))
        .collect();
    for lang in Lang::ALL {
        let text = page("chess", lang);
        let mut seen = BTreeSet::new();
        for row in text.lines().filter(|l| is_table_row(l)) {
            let cells: Vec<&str> = row
                .trim()
                .trim_matches('|')
                .split('|')
                .map(str::trim)
                .collect();
            let shown: Vec<String> = cells.iter().filter_map(|c| percent(c)).collect();
            if shown.is_empty() {
                continue;
            }
            let dice: Vec<u8> = cells.iter().flat_map(|c| dice_counts(c)).collect();
            let [attacker, defender] = dice[..] else {
                panic!(
                    "{}: a row of odds names two dice counts: {row}",
                    name("chess", lang)
                );
            };
            let odds = Odds::exact(attacker, defender);
            let pct = |n: u64| format!("{:.1}", 100.0 * n as f64 / odds.total as f64);
            let truth = vec![pct(odds.success), pct(odds.wound), pct(odds.miss)];
            assert_eq!(
                shown,
                truth,
                "{}: {attacker}d6 against {defender}d6 (success, wound, miss)",
                name("chess", lang)
            );
            assert!(
                seen.insert((attacker, defender)),
                "{}: {attacker}d6 against {defender}d6 twice",
                name("chess", lang)
            );
        }
        assert_eq!(
            seen,
            wanted,
            "{}: every attack (plain, Fury, Shield) in the odds table",
            name("chess", lang)
        );
    }
}
