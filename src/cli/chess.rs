//! `tables cards`: the 22 Artifact Chess artifacts, listed in a language.

use super::{CliError, Options};
use crate::rules::chess::{Artifact, ArtifactKind};
use std::io::Write;

/// Lists the 22 artifacts in the chosen language (`--lang en|pt|ru`, English by default). The
/// Portuguese list gives the Portuguese names with the English effects.
pub fn cards(options: &Options, out: &mut dyn Write) -> Result<(), CliError> {
    options.allow_only(&["lang"])?;
    let lang = options.str("lang").unwrap_or("en");
    if !["en", "pt", "ru"].contains(&lang) {
        return Err(CliError::Usage(format!(
            "`--lang` takes en, pt or ru, not `{lang}`"
        )));
    }
    for (i, card) in Artifact::ALL.into_iter().enumerate() {
        let (name, effect) = match lang {
            "ru" => (card.name_ru(), card.effect_ru()),
            "pt" => (card.name_pt(), card.effect_en()),
            _ => (card.name_en(), card.effect_en()),
        };
        let kind = match (card.kind(), lang) {
            (ArtifactKind::Movement, "ru") => "перемещение",
            (ArtifactKind::KeepsMove, "ru") => "ход сохраняется",
            (ArtifactKind::Response, "ru") => "ответ",
            (ArtifactKind::Action, "ru") => "действие",
            (ArtifactKind::Movement, "pt") => "movimento",
            (ArtifactKind::KeepsMove, "pt") => "mantém a jogada",
            (ArtifactKind::Response, "pt") => "resposta",
            (ArtifactKind::Action, "pt") => "ação",
            (ArtifactKind::Movement, _) => "movement",
            (ArtifactKind::KeepsMove, _) => "keeps move",
            (ArtifactKind::Response, _) => "response",
            (ArtifactKind::Action, _) => "action",
        };
        writeln!(out, "{:>2}. {name} ({kind}): {effect}", i + 1)?;
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn words(s: &str) -> Vec<String> {
        s.split_whitespace().map(str::to_string).collect()
    }

    #[test]
    fn cards_lists_the_22_artifacts_in_each_language() {
        for (lang, word) in [
            ("en", "Zombie Pawn"),
            ("ru", "Пешка-зомби"),
            ("pt", "Peão zumbi"),
        ] {
            let options = Options::parse(&words(&format!("--lang {lang}"))).unwrap();
            let mut out = Vec::new();
            cards(&options, &mut out).unwrap();
            let text = String::from_utf8(out).unwrap();
            assert_eq!(text.lines().count(), 22, "{lang}");
            assert!(text.contains(word), "{lang}: {text}");
        }
        let bad = Options::parse(&words("--lang de")).unwrap();
        assert!(matches!(
            cards(&bad, &mut Vec::new()),
            Err(CliError::Usage(_))
        ));
    }
}
