//! The 22 kinds of artifact (cards): their names, their kind and their notation code. Part 1
//! (issue #7) only names them, so hands and played piles can be stored, written and read; their
//! effects come with issue #8.

use serde::{Deserialize, Serialize};
use std::fmt;

/// One kind of artifact. Every hand holds at most one card of each kind.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub enum Artifact {
    FileShift,
    Teleport,
    Acceleration,
    KnightsLeap,
    KingsStride,
    Seize,
    Restriction,
    Cancel,
    Statue,
    Heir,
    MassAttack,
    ExplosiveRam,
    ZombiePawn,
    Resurrection,
    Barricade,
    Demolition,
    Balm,
    PoisonDart,
    Shield,
    Fury,
    Scouting,
    Trophy,
}

/// How an artifact is used.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum ArtifactKind {
    /// Replaces the normal move.
    Movement,
    /// Keeps the normal move, and opens the opponent's response window.
    KeepsMove,
    /// Played in a response window or at the start of one's own turn.
    Response,
    /// Uses the turn.
    Action,
}

impl Artifact {
    pub const ALL: [Artifact; 22] = [
        Artifact::FileShift,
        Artifact::Teleport,
        Artifact::Acceleration,
        Artifact::KnightsLeap,
        Artifact::KingsStride,
        Artifact::Seize,
        Artifact::Restriction,
        Artifact::Cancel,
        Artifact::Statue,
        Artifact::Heir,
        Artifact::MassAttack,
        Artifact::ExplosiveRam,
        Artifact::ZombiePawn,
        Artifact::Resurrection,
        Artifact::Barricade,
        Artifact::Demolition,
        Artifact::Balm,
        Artifact::PoisonDart,
        Artifact::Shield,
        Artifact::Fury,
        Artifact::Scouting,
        Artifact::Trophy,
    ];

    /// The word used in position strings and action notation (lower case, with hyphens).
    pub fn code(self) -> &'static str {
        match self {
            Artifact::FileShift => "file-shift",
            Artifact::Teleport => "teleport",
            Artifact::Acceleration => "acceleration",
            Artifact::KnightsLeap => "knights-leap",
            Artifact::KingsStride => "kings-stride",
            Artifact::Seize => "seize",
            Artifact::Restriction => "restriction",
            Artifact::Cancel => "cancel",
            Artifact::Statue => "statue",
            Artifact::Heir => "heir",
            Artifact::MassAttack => "mass-attack",
            Artifact::ExplosiveRam => "explosive-ram",
            Artifact::ZombiePawn => "zombie-pawn",
            Artifact::Resurrection => "resurrection",
            Artifact::Barricade => "barricade",
            Artifact::Demolition => "demolition",
            Artifact::Balm => "balm",
            Artifact::PoisonDart => "poison-dart",
            Artifact::Shield => "shield",
            Artifact::Fury => "fury",
            Artifact::Scouting => "scouting",
            Artifact::Trophy => "trophy",
        }
    }

    pub fn from_code(code: &str) -> Option<Artifact> {
        Artifact::ALL.into_iter().find(|a| a.code() == code)
    }

    pub fn name_en(self) -> &'static str {
        match self {
            Artifact::FileShift => "File Shift",
            Artifact::Teleport => "Teleport",
            Artifact::Acceleration => "Acceleration",
            Artifact::KnightsLeap => "Knight's Leap",
            Artifact::KingsStride => "King's Stride",
            Artifact::Seize => "Seize",
            Artifact::Restriction => "Restriction",
            Artifact::Cancel => "Cancel",
            Artifact::Statue => "Statue",
            Artifact::Heir => "Heir",
            Artifact::MassAttack => "Mass Attack",
            Artifact::ExplosiveRam => "Explosive Ram",
            Artifact::ZombiePawn => "Zombie Pawn",
            Artifact::Resurrection => "Resurrection",
            Artifact::Barricade => "Barricade",
            Artifact::Demolition => "Demolition",
            Artifact::Balm => "Balm",
            Artifact::PoisonDart => "Poison Dart",
            Artifact::Shield => "Shield",
            Artifact::Fury => "Fury",
            Artifact::Scouting => "Scouting",
            Artifact::Trophy => "Trophy",
        }
    }

    pub fn name_ru(self) -> &'static str {
        match self {
            Artifact::FileShift => "Смена вертикали",
            Artifact::Teleport => "Телепортация",
            Artifact::Acceleration => "Ускорение",
            Artifact::KnightsLeap => "Конский прыжок",
            Artifact::KingsStride => "Двойной шаг",
            Artifact::Seize => "Забрать карту",
            Artifact::Restriction => "Ограничение",
            Artifact::Cancel => "Отмена",
            Artifact::Statue => "Статуя",
            Artifact::Heir => "Наследник",
            Artifact::MassAttack => "Массовая атака",
            Artifact::ExplosiveRam => "Взрывной таран",
            Artifact::ZombiePawn => "Пешка-зомби",
            Artifact::Resurrection => "Воскрешение",
            Artifact::Barricade => "Баррикада",
            Artifact::Demolition => "Снос",
            Artifact::Balm => "Бальзам",
            Artifact::PoisonDart => "Отравленный дротик",
            Artifact::Shield => "Щит",
            Artifact::Fury => "Ярость",
            Artifact::Scouting => "Разведка",
            Artifact::Trophy => "Трофей",
        }
    }

    pub fn kind(self) -> ArtifactKind {
        match self {
            Artifact::FileShift
            | Artifact::Teleport
            | Artifact::Acceleration
            | Artifact::KnightsLeap
            | Artifact::KingsStride
            | Artifact::MassAttack
            | Artifact::Fury => ArtifactKind::Movement,
            Artifact::Seize | Artifact::Restriction => ArtifactKind::KeepsMove,
            Artifact::Cancel => ArtifactKind::Response,
            _ => ArtifactKind::Action,
        }
    }

    /// Cards that can bring pawns back to the board: holding one prevents the bare-kings draw.
    pub fn returns_pawns(self) -> bool {
        matches!(self, Artifact::Resurrection | Artifact::ZombiePawn)
    }
}

impl fmt::Display for Artifact {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.code())
    }
}

/// A hand: a set of artifact kinds, so a duplicate kind cannot even be written down.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct ArtifactSet(u32);

impl ArtifactSet {
    pub const EMPTY: ArtifactSet = ArtifactSet(0);

    pub fn contains(self, a: Artifact) -> bool {
        self.0 >> (a as u32) & 1 == 1
    }

    /// Adds a kind; `false` (and no change) when the hand already holds it.
    pub fn insert(&mut self, a: Artifact) -> bool {
        let had = self.contains(a);
        self.0 |= 1 << (a as u32);
        !had
    }

    pub fn remove(&mut self, a: Artifact) -> bool {
        let had = self.contains(a);
        self.0 &= !(1 << (a as u32));
        had
    }

    pub fn len(self) -> usize {
        self.0.count_ones() as usize
    }

    pub fn is_empty(self) -> bool {
        self.0 == 0
    }

    /// The kinds in the table's order.
    pub fn iter(self) -> impl Iterator<Item = Artifact> {
        Artifact::ALL.into_iter().filter(move |a| self.contains(*a))
    }

    pub fn bits(self) -> u32 {
        self.0
    }
}

impl FromIterator<Artifact> for ArtifactSet {
    fn from_iter<I: IntoIterator<Item = Artifact>>(iter: I) -> ArtifactSet {
        let mut s = ArtifactSet::EMPTY;
        for a in iter {
            s.insert(a);
        }
        s
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn twenty_two_distinct_codes_round_trip() {
        let mut codes: Vec<_> = Artifact::ALL.iter().map(|a| a.code()).collect();
        codes.sort();
        codes.dedup();
        assert_eq!(codes.len(), 22);
        for a in Artifact::ALL {
            assert_eq!(Artifact::from_code(a.code()), Some(a));
            assert!(!a.code().contains(['/', ',', ' ']), "{a}");
        }
        assert_eq!(Artifact::from_code("queen"), None);
    }

    #[test]
    fn a_hand_never_holds_a_kind_twice() {
        let mut hand = ArtifactSet::EMPTY;
        assert!(hand.insert(Artifact::Balm));
        assert!(!hand.insert(Artifact::Balm));
        assert_eq!(hand.len(), 1);
        assert!(hand.remove(Artifact::Balm));
        assert!(hand.is_empty());
    }
}
