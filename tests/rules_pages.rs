//! The players' rules pages, `assets/rules/<game>.<lang>.md`: all nine are there, they use only
//! the Markdown the game draws and only known figure markers (the same ones in every language),
//! they carry no developer notes, each speaks its language's words for the pieces, creatures and
//! artifacts (taken from the game's own strings where the game has them), Snēlab's pages keep both
//! mottos and treat the starting purse as a setting, Artifact Chess's odds table says what
//! the dice really give, and every page has its section on the online table, in the words of
//! the glossary and of the game's online screens.

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
            "hive-move-jay",
            "hive-move-squirrel",
            "hive-move-hedgehog",
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
fn hive_pages_name_the_three_expansion_creatures_as_the_game_does() {
    // The creatures' names and the lobby's toggles in the game's own strings, and each
    // creature's figure under its own heading.
    for lang in Lang::ALL {
        let s = Strings::new(lang);
        let keys = [
            "hive.creature.jay",
            "hive.creature.squirrel",
            "hive.creature.hedgehog",
            "hive.lobby.creatures",
            "lobby.quick",
            "lobby.open",
        ];
        let words: Vec<&str> = keys.iter().map(|k| s.t(k)).collect();
        assert_words("hive", lang, &words);
        let text = page("hive", lang);
        for (key, figure) in [
            ("hive.creature.jay", "hive-move-jay"),
            ("hive.creature.squirrel", "hive-move-squirrel"),
            ("hive.creature.hedgehog", "hive-move-hedgehog"),
        ] {
            let heading = format!("### {}", s.t(key));
            // The heading's own text, to the next heading of any level.
            let body: Vec<&str> = text
                .lines()
                .skip_while(|l| *l != heading)
                .skip(1)
                .take_while(|l| !l.starts_with('#'))
                .collect();
            assert!(!body.is_empty(), "{}: no {heading:?}", name("hive", lang));
            let body = body.join("\n");
            assert!(
                body.contains(&format!("::: figure {figure}")),
                "{}: {figure} under {heading:?}",
                name("hive", lang)
            );
        }
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

/// A language's texts the players read, as (where, text) pairs: its rules pages and the words of
/// its `.ftl` files (without comments and message names).
fn texts_of(lang: Lang) -> Vec<(String, String)> {
    let mut out: Vec<(String, String)> = GAMES
        .into_iter()
        .map(|g| (name(g, lang), page(g, lang)))
        .collect();
    let dir = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("assets/i18n")
        .join(lang.code());
    let mut files: Vec<_> = std::fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "ftl"))
        .collect();
    files.sort();
    assert!(files.len() >= 5, "{}: the strings' files", dir.display());
    for path in files {
        let text = std::fs::read_to_string(&path).unwrap();
        let words: Vec<&str> = text
            .lines()
            .map(|l| {
                if l.trim_start().starts_with('#') {
                    ""
                } else {
                    l
                }
            })
            .map(|l| match l.split_once(" = ") {
                Some((id, rest)) if !id.contains(' ') || id.trim_start().starts_with('.') => rest,
                _ => l,
            })
            .collect();
        let shown = format!(
            "{}/{}",
            lang.code(),
            path.file_name().unwrap().to_string_lossy()
        );
        out.push((shown, words.join("\n")));
    }
    out
}

/// The table "Words not used" of `docs/glossary.md`: (language, words not used, words to use).
fn ruled_out() -> Vec<(Lang, Vec<String>, Vec<String>)> {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("docs/glossary.md");
    let text = std::fs::read_to_string(&path).unwrap();
    let (_, table) = text
        .split_once("## Words not used")
        .expect("docs/glossary.md has its table of words not used");
    let list = |cell: &str| -> Vec<String> {
        cell.split(',')
            .map(|w| w.trim().to_string())
            .filter(|w| !w.is_empty())
            .collect()
    };
    table
        .lines()
        .filter(|l| l.starts_with("| ") && !l.starts_with("| lang"))
        .map(|l| {
            let cells: Vec<&str> = l.trim_matches('|').split('|').map(str::trim).collect();
            let lang = Lang::ALL
                .into_iter()
                .find(|l| l.code() == cells[0])
                .unwrap_or_else(|| panic!("docs/glossary.md: no language {:?}", cells[0]));
            (lang, list(cells[1]), list(cells[2]))
        })
        .collect()
}

/// One term per idea: a word the glossary rules out appears nowhere in its language's strings or
/// rules pages (as a whole word, in any case), and the word it names instead is used.
#[test]
fn no_word_the_glossary_rules_out() {
    let rows = ruled_out();
    assert!(
        rows.len() >= 15,
        "only {} rows of words not used",
        rows.len()
    );
    let mut found = Vec::new();
    for lang in Lang::ALL {
        let texts: Vec<(String, String)> = texts_of(lang)
            .into_iter()
            .map(|(at, t)| (at, t.to_lowercase()))
            .collect();
        for (_, not, use_instead) in rows.iter().filter(|(l, ..)| *l == lang) {
            for word in not {
                let w = word.to_lowercase();
                for (at, text) in &texts {
                    for i in whole(text, &w) {
                        let line = text[..i].lines().count().max(1);
                        found.push(format!("{at}:{line}: {word:?} (use {use_instead:?})"));
                    }
                }
            }
            assert!(
                use_instead.iter().any(|u| {
                    let u = u.to_lowercase();
                    texts.iter().any(|(_, t)| !whole(t, &u).is_empty())
                }),
                "{}: none of {use_instead:?} is used anywhere",
                lang.code()
            );
        }
    }
    assert!(
        found.is_empty(),
        "words the glossary rules out:\n{}",
        found.join("\n")
    );
}

/// The check above catches what it is meant to: a ruled-out word in a sentence, in any case.
#[test]
fn the_glossary_check_finds_a_ruled_out_word() {
    let rows = ruled_out();
    let (_, not, _) = rows
        .iter()
        .find(|(l, ..)| *l == Lang::Ru)
        .expect("a Russian row");
    let sentence = format!("Бросьте {} ещё раз.", not[0].to_uppercase()).to_lowercase();
    assert_eq!(whole(&sentence, &not[0].to_lowercase()).len(), 1);
    // Inside a longer word it is not that word.
    assert!(whole("костюм", "кости").is_empty());
}

/// The heading of each page's section on the online table, by language.
fn online_heading(lang: Lang) -> &'static str {
    match lang {
        Lang::En => "## At the online table",
        Lang::Pt => "## Na mesa online",
        Lang::Ru => "## За онлайн-столом",
    }
}

/// The lines under `heading` up to the next heading of its level (or a higher one).
fn section(text: &str, heading: &str) -> Option<String> {
    let mut lines = text.lines().skip_while(|l| *l != heading);
    lines.next()?;
    let body: Vec<&str> = lines
        .take_while(|l| !(l.starts_with("## ") || l.starts_with("# ")))
        .collect();
    Some(body.join("\n"))
}

#[test]
fn every_page_says_how_to_play_at_the_online_table() {
    for game in GAMES {
        let mut bullets = Vec::new();
        for lang in Lang::ALL {
            let text = page(game, lang);
            let page = name(game, lang);
            let heading = online_heading(lang);
            assert_eq!(
                text.lines().filter(|l| *l == heading).count(),
                1,
                "{page}: one section {heading:?}"
            );
            let body = section(&text, heading).unwrap();
            // The glossary's words for the clock, the seed and its fingerprint.
            let glossary: [&str; 3] = match lang {
                Lang::En => ["clock", "seed", "fingerprint"],
                Lang::Pt => ["cronômetro", "semente", "impressão digital"],
                Lang::Ru => ["часы", "зерно", "отпечаток"],
            };
            // The online screens' own words for what the player presses.
            let strings = Strings::new(lang);
            let ui = [
                "menu.online",
                "online.title",
                "lobby.open",
                "lobby.open_button",
                "lobby.public",
                "lobby.private",
                "online.open",
                "online.fill",
                "online.copy_code",
                "online.code",
                "online.join",
                "lobby.tab.lobby",
                "lobby.quick",
                "lobby.find",
                "lobby.play_bot",
                "lobby.watch",
                "lobby.watch_code",
                "lobby.your_games",
                "key.title",
                "menu.settings",
                "online.offer.takeback",
                "online.rematch",
                "hive.verify.title",
            ];
            let words: Vec<&str> = glossary
                .into_iter()
                .chain(ui.iter().map(|k| strings.t(k)))
                .collect();
            let missing: Vec<&&str> = words
                .iter()
                .filter(|w| whole(&body, w).is_empty())
                .collect();
            assert!(
                missing.is_empty(),
                "{page}: the online section lacks {missing:?}"
            );
            bullets.push(body.lines().filter(|l| l.starts_with("- ")).count());
        }
        assert!(
            (6..=13).contains(&bullets[0]),
            "{game}: a short online section, not {} bullets",
            bullets[0]
        );
        assert!(
            bullets.iter().all(|&b| b == bullets[0]),
            "{game}: the online section has the same bullets in every language: {bullets:?}"
        );
    }
}
