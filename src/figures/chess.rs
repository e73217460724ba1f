//! Artifact Chess's figures:
//!
//! - the odds of every kind of attempt ([`odds`]): for each attacker (healthy or wounded, with
//!   Fury or not) and each defender (healthy or wounded, under a Shield or not), a white rook
//!   faces a black knight in a position read by the rules' own notation, and the rules say how
//!   many dice each side rolls for that attempt (`State::attempt_dice`, on the plain attempt or
//!   the Fury card the legal actions offer); the odds are the dice's exact counts
//!   (`DiceCounts::odds`).
//! - the 22 artifacts ([`artifacts`]), grouped by kind, from the rules' card data. The cards'
//!   own pictures are not drawn yet: the front end draws one simple emblem per kind.

use super::{Drawing, Figure};
use crate::i18n::{Lang, Message, msg};
use crate::rules::chess::{
    Action, Artifact, ArtifactKind, DiceCounts, Odds, Play, Square, parse_position,
};

/// The attacker of an attempt.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Attacker {
    Healthy,
    Wounded,
    HealthyFury,
    WoundedFury,
}

impl Attacker {
    pub const ALL: [Attacker; 4] = [
        Attacker::Healthy,
        Attacker::Wounded,
        Attacker::HealthyFury,
        Attacker::WoundedFury,
    ];

    pub fn wounded(self) -> bool {
        matches!(self, Attacker::Wounded | Attacker::WoundedFury)
    }

    pub fn fury(self) -> bool {
        matches!(self, Attacker::HealthyFury | Attacker::WoundedFury)
    }

    /// The words of its row.
    pub fn label(self) -> Message {
        match self {
            Attacker::Healthy => msg("figure.chess.attacker.healthy"),
            Attacker::Wounded => msg("figure.chess.attacker.wounded"),
            Attacker::HealthyFury => msg("figure.chess.attacker.healthy_fury"),
            Attacker::WoundedFury => msg("figure.chess.attacker.wounded_fury"),
        }
    }
}

/// The defender of an attempt.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Defender {
    Healthy,
    HealthyShield,
    WoundedShield,
    Wounded,
}

impl Defender {
    pub const ALL: [Defender; 4] = [
        Defender::Healthy,
        Defender::HealthyShield,
        Defender::WoundedShield,
        Defender::Wounded,
    ];

    pub fn wounded(self) -> bool {
        matches!(self, Defender::Wounded | Defender::WoundedShield)
    }

    pub fn shield(self) -> bool {
        matches!(self, Defender::HealthyShield | Defender::WoundedShield)
    }

    /// The words of its column.
    pub fn label(self) -> Message {
        match self {
            Defender::Healthy => msg("figure.chess.defender.healthy"),
            Defender::HealthyShield => msg("figure.chess.defender.healthy_shield"),
            Defender::WoundedShield => msg("figure.chess.defender.wounded_shield"),
            Defender::Wounded => msg("figure.chess.defender.wounded"),
        }
    }
}

/// One kind of attempt: the dice each side rolls and the exact odds of the three results.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct OddsCell {
    pub attacker: Attacker,
    pub defender: Defender,
    pub dice: DiceCounts,
    pub odds: Odds,
}

/// Every attacker against every defender, row by row (attackers in [`Attacker::ALL`]'s order,
/// defenders in [`Defender::ALL`]'s).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct OddsFigure {
    pub cells: Vec<OddsCell>,
}

impl OddsFigure {
    pub fn cell(&self, attacker: Attacker, defender: Defender) -> Option<&OddsCell> {
        self.cells
            .iter()
            .find(|c| c.attacker == attacker && c.defender == defender)
    }
}

/// The position of one attempt: the white rook on d1 faces the black knight on d4, white to
/// act, holding Fury; wounds and Black's Shield as asked.
fn attempt_position(attacker: Attacker, defender: Defender) -> String {
    let mut wounds = Vec::new();
    if attacker.wounded() {
        wounds.push("d1");
    }
    if defender.wounded() {
        wounds.push("d4");
    }
    let wounds = if wounds.is_empty() {
        "-".to_string()
    } else {
        wounds.join(",")
    };
    let shield = if defender.shield() { "-/d4" } else { "-/-" };
    format!("4k3/8/8/8/3n4/8/8/3RK3 w - - 0 1 {wounds} - - 0/0 fury/- -/- {shield} - - -/-")
}

/// The dice of one kind of attempt, as the rules count them in its position.
fn dice(attacker: Attacker, defender: Defender) -> Option<DiceCounts> {
    let state = parse_position(&attempt_position(attacker, defender)).ok()?;
    let (from, to) = (Square::parse("d1")?, Square::parse("d4")?);
    let action = state.legal_actions().into_iter().find(|a| match *a {
        Action::Attempt { from: f, to: t, .. } => !attacker.fury() && f == from && t == to,
        Action::Play(Play::Fury(m)) => attacker.fury() && m.from == from && m.to == to,
        _ => false,
    })?;
    state.attempt_dice(&action)
}

/// The odds of every kind of attempt.
pub fn odds() -> Option<Figure> {
    let mut cells = Vec::new();
    for attacker in Attacker::ALL {
        for defender in Defender::ALL {
            let dice = dice(attacker, defender)?;
            cells.push(OddsCell {
                attacker,
                defender,
                dice,
                odds: dice.odds(),
            });
        }
    }
    Some(Figure {
        drawing: Drawing::Odds(OddsFigure { cells }),
        caption: msg("figure.chess.odds"),
        legend: Vec::new(),
    })
}

/// The artifacts of each kind, the kinds in the order the rules pages describe them.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ArtifactsFigure {
    pub groups: Vec<(ArtifactKind, Vec<Artifact>)>,
}

/// The kinds in page order.
pub const KINDS: [ArtifactKind; 4] = [
    ArtifactKind::Movement,
    ArtifactKind::KeepsMove,
    ArtifactKind::Response,
    ArtifactKind::Action,
];

/// A kind's name.
pub fn kind_name(kind: ArtifactKind) -> Message {
    match kind {
        ArtifactKind::Movement => msg("figure.chess.kind.movement"),
        ArtifactKind::KeepsMove => msg("figure.chess.kind.keeps_move"),
        ArtifactKind::Response => msg("figure.chess.kind.answer"),
        ArtifactKind::Action => msg("figure.chess.kind.action"),
    }
}

/// An artifact's name in `lang`, from the rules' card data.
pub fn artifact_name(artifact: Artifact, lang: Lang) -> &'static str {
    match lang {
        Lang::En => artifact.name_en(),
        Lang::Pt => artifact.name_pt(),
        Lang::Ru => artifact.name_ru(),
    }
}

/// The 22 artifacts, by kind.
pub fn artifacts() -> Figure {
    let groups = KINDS
        .into_iter()
        .map(|kind| {
            let cards = Artifact::ALL
                .into_iter()
                .filter(|a| a.kind() == kind)
                .collect();
            (kind, cards)
        })
        .collect();
    Figure {
        drawing: Drawing::Artifacts(ArtifactsFigure { groups }),
        caption: msg("figure.chess.artifacts"),
        legend: Vec::new(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::chess::AttemptResult;

    fn grid() -> OddsFigure {
        match odds().expect("the figure builds").drawing {
            Drawing::Odds(o) => o,
            other => panic!("{other:?}"),
        }
    }

    #[test]
    fn the_odds_follow_the_dice_rules() {
        let g = grid();
        assert_eq!(g.cells.len(), 16);
        for c in &g.cells {
            // The dice as the rules describe them: 3d6 or 1d6, Fury one more; 2d6 or none,
            // under a Shield 3d6 or 1d6.
            let attacker = if c.attacker.wounded() { 1 } else { 3 } + u8::from(c.attacker.fury());
            let defender = match (c.defender.wounded(), c.defender.shield()) {
                (false, false) => 2,
                (false, true) => 3,
                (true, true) => 1,
                (true, false) => 0,
            };
            assert_eq!(
                (c.dice.attacker, c.dice.defender),
                (attacker, defender),
                "{c:?}"
            );
            assert_eq!(c.odds, Odds::exact(attacker, defender));
            // The three results cover every throw.
            let o = c.odds;
            assert_eq!(o.success + o.wound + o.miss, o.total);
            let sum: f64 = AttemptResult::ALL
                .into_iter()
                .map(|r| o.of(r).to_f64())
                .sum();
            assert!((sum - 1.0).abs() < 1e-12, "{c:?}");
            if defender > 0 {
                assert_eq!(o.total, 6u64.pow(u32::from(attacker + defender)));
            }
        }
        // A wounded defender without a Shield dies without a roll.
        for a in Attacker::ALL {
            let c = g.cell(a, Defender::Wounded).unwrap();
            assert_eq!(c.odds.of(AttemptResult::Success).to_f64(), 1.0);
        }
        // Equal dice are a fair fight.
        let even = g.cell(Attacker::WoundedFury, Defender::Healthy).unwrap();
        assert_eq!(even.odds.success, even.odds.wound);
    }

    #[test]
    fn the_artifacts_are_all_22_once_by_kind() {
        let Drawing::Artifacts(f) = artifacts().drawing else {
            panic!()
        };
        let mut all: Vec<Artifact> = f.groups.iter().flat_map(|(_, c)| c.clone()).collect();
        assert_eq!(all.len(), 22);
        all.sort();
        all.dedup();
        assert_eq!(all.len(), 22);
        for (kind, cards) in &f.groups {
            assert!(!cards.is_empty());
            assert!(cards.iter().all(|c| c.kind() == *kind));
        }
        let kinds: Vec<ArtifactKind> = f.groups.iter().map(|(k, _)| *k).collect();
        assert_eq!(kinds, KINDS);
        for lang in Lang::ALL {
            for a in Artifact::ALL {
                assert!(!artifact_name(a, lang).is_empty());
            }
        }
    }
}
