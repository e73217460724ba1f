//! The 22 kinds of artifact (cards): their names, their kind and their notation code. Part 1
//! (issue #7) only names them, so hands and played piles can be stored, written and read; their
//! effects come with issue #8. Their words for players are i18n keys: the name
//! (`chess.card.<code>`, through [`Explain`]), the card's text ([`Artifact::text_key`],
//! `chess.card.<code>.text`) and its kind (`chess.card_kind.<kind>`).

use crate::i18n::{Explain, Message, msg};
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

    /// The Portuguese name (glossary words where it gives them).
    pub fn name_pt(self) -> &'static str {
        match self {
            Artifact::FileShift => "Troca de coluna",
            Artifact::Teleport => "Teletransporte",
            Artifact::Acceleration => "Aceleração",
            Artifact::KnightsLeap => "Salto do cavalo",
            Artifact::KingsStride => "Passo duplo",
            Artifact::Seize => "Confisco",
            Artifact::Restriction => "Restrição",
            Artifact::Cancel => "Anulação",
            Artifact::Statue => "Estátua",
            Artifact::Heir => "Herdeiro",
            Artifact::MassAttack => "Ataque em massa",
            Artifact::ExplosiveRam => "Aríete explosivo",
            Artifact::ZombiePawn => "Peão zumbi",
            Artifact::Resurrection => "Ressurreição",
            Artifact::Barricade => "Barricada",
            Artifact::Demolition => "Demolição",
            Artifact::Balm => "Bálsamo",
            Artifact::PoisonDart => "Dardo envenenado",
            Artifact::Shield => "Escudo",
            Artifact::Fury => "Fúria",
            Artifact::Scouting => "Reconhecimento",
            Artifact::Trophy => "Troféu",
        }
    }

    /// What the card does, in English.
    pub fn effect_en(self) -> &'static str {
        match self {
            Artifact::FileShift => {
                "one of your pieces steps one square left or right, onto an empty square only"
            }
            Artifact::Teleport => {
                "one of your non-king pieces jumps to any square within 2 king-steps; an enemy there is attacked (dice)"
            }
            Artifact::Acceleration => {
                "one of your pawns moves two squares straight forward from any rank, both squares empty; allows en passant next turn; may promote"
            }
            Artifact::KnightsLeap => {
                "one of your non-king pieces moves once as a knight (jumps over anything); may attack"
            }
            Artifact::KingsStride => {
                "your king makes two king steps in one action; the first to an empty square; it may attack on the second; never through or into check"
            }
            Artifact::Seize => {
                "take into your hand one card from the opponent's played pile (not a kind you hold); keeps your move"
            }
            Artifact::Restriction => {
                "an enemy non-king piece cannot move, attack or heal on the opponent's next turn; keeps your move"
            }
            Artifact::Cancel => {
                "undo the opponent's last artifact, in the response window or at the start of your turn; both cards are spent"
            }
            Artifact::Statue => {
                "a pawn of either colour turns to stone: it leaves the board without going to a reserve, and its square becomes impassable"
            }
            Artifact::Heir => {
                "one of your pawns becomes an Heir: it attacks on both diagonals forward and backward; lost on promotion"
            }
            Artifact::MassAttack => {
                "all your pawns advance one square at once where the square was free; blocked pawns stay; each promoting pawn chooses its piece"
            }
            Artifact::ExplosiveRam => {
                "sacrifice one of your rooks: every adjacent enemy non-king piece is demoted (rook to bishop, bishop or knight to pawn), keeping its wound"
            }
            Artifact::ZombiePawn => {
                "a pawn from your reserve rises on a random empty square of your 3rd or 4th rank; only if no possible square checks a king"
            }
            Artifact::Resurrection => {
                "return a pawn from your reserve to an empty square of your pawn rank"
            }
            Artifact::Barricade => {
                "make an empty square impassable for the rest of the game (not on a home rank, not next to a king)"
            }
            Artifact::Demolition => "clear one impassable square (barricade or statue)",
            Artifact::Balm => "heal one of your wounded pieces anywhere on the board",
            Artifact::PoisonDart => {
                "wound a healthy enemy non-king piece that one of your pieces attacks, without dice"
            }
            Artifact::Shield => {
                "one of your non-king pieces is shielded until your next turn: it defends with 3d6 (1d6 when wounded, instead of dying)"
            }
            Artifact::Fury => {
                "a normal capture attempt with one extra die (healthy 4d6, wounded 2d6)"
            }
            Artifact::Scouting => "see the opponent's unplayed cards for the rest of the game",
            Artifact::Trophy => {
                "draw two random kinds you do not hold from the kinds in neither hand nor played pile"
            }
        }
    }

    /// What the card does, in Russian.
    pub fn effect_ru(self) -> &'static str {
        match self {
            Artifact::FileShift => {
                "ваша фигура сдвигается на одну клетку влево или вправо, только на пустую клетку"
            }
            Artifact::Teleport => {
                "ваша фигура (не король) прыгает на любую клетку в пределах двух шагов короля; враг там атакуется (кубики)"
            }
            Artifact::Acceleration => {
                "ваша пешка идёт на две клетки прямо вперёд с любой горизонтали, обе клетки пусты; возможно взятие на проходе; возможно превращение"
            }
            Artifact::KnightsLeap => {
                "ваша фигура (не король) один раз ходит как конь, перепрыгивая всё; может атаковать"
            }
            Artifact::KingsStride => {
                "ваш король делает два шага за одно действие; первый — на пустую клетку; вторым может атаковать; никогда через шах или под шах"
            }
            Artifact::Seize => {
                "возьмите в руку одну карту из сыгранных соперником (не того вида, что у вас есть); ход сохраняется"
            }
            Artifact::Restriction => {
                "вражеская фигура (не король) не может ходить, атаковать и лечить в следующий ход соперника; ход сохраняется"
            }
            Artifact::Cancel => {
                "отменяет последний артефакт соперника — в окне ответа или в начале своего хода; обе карты расходуются"
            }
            Artifact::Statue => {
                "пешка любого цвета становится камнем: уходит с доски без запаса, её клетка становится непроходимой"
            }
            Artifact::Heir => {
                "ваша пешка становится Наследником: атакует по обеим диагоналям вперёд и назад; свойство теряется при превращении"
            }
            Artifact::MassAttack => {
                "все ваши пешки разом продвигаются на клетку, если она была свободна; заблокированные стоят; превращение выбирается для каждой"
            }
            Artifact::ExplosiveRam => {
                "пожертвуйте ладью: каждая соседняя вражеская фигура (не король) понижается — ладья в слона, слон или конь в пешку, ранение сохраняется"
            }
            Artifact::ZombiePawn => {
                "пешка из вашего запаса встаёт на случайную пустую клетку вашей 3-й или 4-й горизонтали; только если ни одна клетка не даёт шах"
            }
            Artifact::Resurrection => {
                "верните пешку из запаса на пустую клетку вашей пешечной горизонтали"
            }
            Artifact::Barricade => {
                "пустая клетка становится непроходимой до конца партии (не на домашней горизонтали, не рядом с королём)"
            }
            Artifact::Demolition => "очистите одну непроходимую клетку (баррикаду или статую)",
            Artifact::Balm => "вылечите свою раненую фигуру в любом месте доски",
            Artifact::PoisonDart => {
                "раньте здоровую вражескую фигуру (не короля), которую атакует ваша фигура, без кубиков"
            }
            Artifact::Shield => {
                "ваша фигура (не король) под щитом до вашего следующего хода: защищается 3d6 (раненая 1d6 вместо гибели)"
            }
            Artifact::Fury => "обычная попытка взятия с лишним кубиком (здоровая 4d6, раненая 2d6)",
            Artifact::Scouting => "вы видите несыгранные карты соперника до конца партии",
            Artifact::Trophy => {
                "возьмите два случайных вида, которых у вас нет, из тех, что не в руках и не в сыгранных"
            }
        }
    }

    /// The i18n key of the card's full text for players (`chess.card.<code>.text`): what the
    /// rules do when it is played, in a sentence or three. The name is [`Explain::explain`].
    pub fn text_key(self) -> &'static str {
        match self {
            Artifact::FileShift => "chess.card.file-shift.text",
            Artifact::Teleport => "chess.card.teleport.text",
            Artifact::Acceleration => "chess.card.acceleration.text",
            Artifact::KnightsLeap => "chess.card.knights-leap.text",
            Artifact::KingsStride => "chess.card.kings-stride.text",
            Artifact::Seize => "chess.card.seize.text",
            Artifact::Restriction => "chess.card.restriction.text",
            Artifact::Cancel => "chess.card.cancel.text",
            Artifact::Statue => "chess.card.statue.text",
            Artifact::Heir => "chess.card.heir.text",
            Artifact::MassAttack => "chess.card.mass-attack.text",
            Artifact::ExplosiveRam => "chess.card.explosive-ram.text",
            Artifact::ZombiePawn => "chess.card.zombie-pawn.text",
            Artifact::Resurrection => "chess.card.resurrection.text",
            Artifact::Barricade => "chess.card.barricade.text",
            Artifact::Demolition => "chess.card.demolition.text",
            Artifact::Balm => "chess.card.balm.text",
            Artifact::PoisonDart => "chess.card.poison-dart.text",
            Artifact::Shield => "chess.card.shield.text",
            Artifact::Fury => "chess.card.fury.text",
            Artifact::Scouting => "chess.card.scouting.text",
            Artifact::Trophy => "chess.card.trophy.text",
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

/// The card's name in the player's language (`chess.card.<code>`).
impl Explain for Artifact {
    fn explain(&self) -> Message {
        msg(match self {
            Artifact::FileShift => "chess.card.file-shift",
            Artifact::Teleport => "chess.card.teleport",
            Artifact::Acceleration => "chess.card.acceleration",
            Artifact::KnightsLeap => "chess.card.knights-leap",
            Artifact::KingsStride => "chess.card.kings-stride",
            Artifact::Seize => "chess.card.seize",
            Artifact::Restriction => "chess.card.restriction",
            Artifact::Cancel => "chess.card.cancel",
            Artifact::Statue => "chess.card.statue",
            Artifact::Heir => "chess.card.heir",
            Artifact::MassAttack => "chess.card.mass-attack",
            Artifact::ExplosiveRam => "chess.card.explosive-ram",
            Artifact::ZombiePawn => "chess.card.zombie-pawn",
            Artifact::Resurrection => "chess.card.resurrection",
            Artifact::Barricade => "chess.card.barricade",
            Artifact::Demolition => "chess.card.demolition",
            Artifact::Balm => "chess.card.balm",
            Artifact::PoisonDart => "chess.card.poison-dart",
            Artifact::Shield => "chess.card.shield",
            Artifact::Fury => "chess.card.fury",
            Artifact::Scouting => "chess.card.scouting",
            Artifact::Trophy => "chess.card.trophy",
        })
    }
}

/// The kind's name, as the card shows it (`chess.card_kind.<kind>`).
impl Explain for ArtifactKind {
    fn explain(&self) -> Message {
        msg(match self {
            ArtifactKind::Movement => "chess.card_kind.movement",
            ArtifactKind::KeepsMove => "chess.card_kind.keeps_move",
            ArtifactKind::Response => "chess.card_kind.response",
            ArtifactKind::Action => "chess.card_kind.action",
        })
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

/// A played pile: artifacts in the order played, stored inline (no allocation, so states copy
/// cheaply in the engine's search). A kind exists at most twice in a game (one per deal; Trophy
/// only draws kinds found nowhere), so [`Pile::CAPACITY`] is never reached.
#[derive(Clone, Copy)]
pub struct Pile {
    cards: [Artifact; Pile::CAPACITY],
    len: u8,
}

impl Pile {
    /// Every copy of every kind.
    pub const CAPACITY: usize = 44;

    pub const fn new() -> Pile {
        Pile {
            cards: [Artifact::FileShift; Pile::CAPACITY],
            len: 0,
        }
    }

    /// Adds a card on top (a full pile keeps what it has: it cannot fill up in a game).
    pub fn push(&mut self, a: Artifact) {
        if (self.len as usize) < Pile::CAPACITY {
            self.cards[self.len as usize] = a;
            self.len += 1;
        }
    }

    /// Takes out the card at `i`, keeping the order of the rest.
    pub fn remove(&mut self, i: usize) -> Artifact {
        let a = self.cards[i];
        self.cards.copy_within(i + 1..self.len as usize, i);
        self.len -= 1;
        a
    }
}

impl Default for Pile {
    fn default() -> Pile {
        Pile::new()
    }
}

impl std::ops::Deref for Pile {
    type Target = [Artifact];
    fn deref(&self) -> &[Artifact] {
        &self.cards[..self.len as usize]
    }
}

impl PartialEq for Pile {
    fn eq(&self, other: &Pile) -> bool {
        **self == **other
    }
}

impl Eq for Pile {}

impl std::hash::Hash for Pile {
    fn hash<H: std::hash::Hasher>(&self, state: &mut H) {
        (**self).hash(state)
    }
}

impl fmt::Debug for Pile {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_list().entries(self.iter()).finish()
    }
}

impl FromIterator<Artifact> for Pile {
    fn from_iter<I: IntoIterator<Item = Artifact>>(iter: I) -> Pile {
        let mut p = Pile::new();
        for a in iter {
            p.push(a);
        }
        p
    }
}

impl Serialize for Pile {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        (**self).serialize(s)
    }
}

impl<'de> Deserialize<'de> for Pile {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Pile, D::Error> {
        let cards: Vec<Artifact> = Deserialize::deserialize(d)?;
        if cards.len() > Pile::CAPACITY {
            return Err(serde::de::Error::invalid_length(
                cards.len(),
                &"at most 44 played cards",
            ));
        }
        Ok(cards.into_iter().collect())
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

    /// Every card's name, text and kind are worded in all three languages; Portuguese and
    /// Russian say them in their own words (not the English left in), and the names are the
    /// ones the rules pages and the figures use (`name_en`, `name_pt`, `name_ru`).
    #[test]
    fn every_card_is_worded_in_every_language() {
        use crate::i18n::{Lang, parse_strings};
        let words: Vec<_> = Lang::ALL
            .into_iter()
            .map(|l| {
                (
                    l,
                    parse_strings(l.source()).unwrap_or_else(|e| panic!("{e}")),
                )
            })
            .collect();
        let english = &words[0].1;
        let mut keys: Vec<(&str, Option<Artifact>)> = Vec::new();
        for a in Artifact::ALL {
            let name = a.explain();
            assert!(name.args.is_empty(), "{a}");
            assert_eq!(name.key, format!("chess.card.{}", a.code()));
            assert_eq!(a.text_key(), format!("chess.card.{}.text", a.code()));
            keys.push((name.key, Some(a)));
            keys.push((a.text_key(), None));
            keys.push((a.kind().explain().key, None));
        }
        for (lang, table) in &words {
            for &(key, named) in &keys {
                let id = crate::i18n::fluent_id(key);
                let text = table
                    .get(&id)
                    .unwrap_or_else(|| panic!("{}: no words for {key}", lang.code()));
                assert!(!text.trim().is_empty(), "{}: {key} is empty", lang.code());
                if *lang != Lang::En {
                    assert_ne!(text, &english[&id], "{}: {key} is English", lang.code());
                }
                if let Some(a) = named {
                    let expected = match lang {
                        Lang::En => a.name_en(),
                        Lang::Pt => a.name_pt(),
                        Lang::Ru => a.name_ru(),
                    };
                    assert_eq!(text, expected, "{}: {key}", lang.code());
                }
            }
        }
        // A card's text is a sentence or three for a player, ending as a sentence does.
        for a in Artifact::ALL {
            let text = &english[&crate::i18n::fluent_id(a.text_key())];
            assert!(text.len() > 30 && text.len() < 400, "{a}: {text}");
            assert!(text.ends_with('.') || text.ends_with(')'), "{a}: {text}");
        }
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
