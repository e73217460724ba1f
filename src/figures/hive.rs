//! Ash & Walnut's figures, built on small groups with the rules of `rules::hive`:
//!
//! - a creature's move ([`creature`]): an ash piece of that creature at the edge of a small
//!   group (ash's Elder on the table, ash to move); the marked cells are what the move generator
//!   gives for that piece (`words::move_destinations`), and for the Hare and the Fox the way there
//!   is the table's animation path (`words::move_path`).
//! - the room to slide ([`slide_room`]): the ash Elder beside a gap between two pieces, and the
//!   same group with one of them gone; the step into the gap is checked with the rules' slide
//!   check (`movegen::can_slide`), and the Elder's destinations marked as well.

use super::{Drawing, Figure};
use crate::i18n::msg;
use crate::rules::hive::movegen::can_slide;
use crate::rules::hive::words::{move_destinations, move_path};
use crate::rules::hive::{Colour, Creature, Direction, GameType, Hex, Move, Piece, State};

/// A tile as seen from above: the top piece of its stack.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Tile {
    pub hex: Hex,
    pub colour: Colour,
    pub creature: Creature,
    /// How many pieces the stack holds (1 for a tile on the table).
    pub height: usize,
    /// The piece the figure is about.
    pub subject: bool,
}

/// One sliding step, checked with the slide rule.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Step {
    pub from: Hex,
    pub to: Hex,
    /// Whether the piece has room to slide through.
    pub open: bool,
}

/// A small group with what its subject piece can do.
#[derive(Clone, Debug, PartialEq, Eq, Default)]
pub struct HivePanel {
    pub tiles: Vec<Tile>,
    /// Where the subject may go (a cell with a tile on it: the Owl climbs).
    pub destinations: Vec<Hex>,
    /// The way to some destinations, from the subject's cell to the landing.
    pub paths: Vec<Vec<Hex>>,
    pub steps: Vec<Step>,
}

impl HivePanel {
    pub fn subject(&self) -> Option<Tile> {
        self.tiles.iter().copied().find(|t| t.subject)
    }
}

/// One or more panels side by side.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct HiveFigure {
    pub panels: Vec<HivePanel>,
}

/// Plies played before a figure's position: ash to move, well past the opening's rules.
const PLY: usize = 12;

/// A position from tiles listed as `(q, r, colour, creature)`, numbering each creature's pieces
/// in order. `None` when the rules refuse it (not one group, too many of a creature).
fn setup(tiles: &[(i16, i16, Colour, Creature)]) -> Option<State> {
    let mut pieces = Vec::new();
    for (i, &(q, r, colour, creature)) in tiles.iter().enumerate() {
        let number = tiles[..i]
            .iter()
            .filter(|t| t.2 == colour && t.3 == creature)
            .count()
            + 1;
        pieces.push((
            Hex::new(q, r),
            [Piece::new(colour, creature, number as u8)?],
        ));
    }
    let stacks: Vec<(Hex, &[Piece])> = pieces.iter().map(|(h, p)| (*h, &p[..])).collect();
    let creatures: Vec<Creature> = tiles.iter().map(|t| t.3).collect();
    State::setup_game(GameType::with(&creatures), &stacks, PLY, None).ok()
}

/// The panel of `state` about the piece on `at`.
fn panel(state: &State, at: Hex) -> Option<HivePanel> {
    let board = state.board();
    let subject = board.top(at)?;
    let tiles = board
        .tops()
        .map(|(p, hex)| Tile {
            hex,
            colour: p.colour(),
            creature: p.creature(),
            height: board.height(hex),
            subject: p == subject,
        })
        .collect();
    let destinations = move_destinations(state, subject);
    let paths = match subject.creature() {
        Creature::Hare | Creature::Fox => destinations
            .iter()
            .map(|&to| {
                let m = Move::Shift {
                    piece: subject,
                    from: at,
                    to,
                };
                move_path(board, m).into_iter().map(|(h, _)| h).collect()
            })
            .collect(),
        _ => Vec::new(),
    };
    Some(HivePanel {
        tiles,
        destinations,
        paths,
        steps: Vec::new(),
    })
}

/// The group each creature's figure stands in; the subject is listed first.
fn group(c: Creature) -> Vec<(i16, i16, Colour, Creature)> {
    use Colour::{Ash, Walnut};
    use Creature::{Elder, Fox, Hare, Otter, Owl};
    match c {
        Creature::Elder => vec![
            (0, 0, Ash, Elder),
            (1, 0, Walnut, Elder),
            (2, -1, Walnut, Fox),
            (1, 1, Ash, Hare),
        ],
        Creature::Owl => vec![
            (0, 0, Ash, Owl),
            (0, 1, Ash, Elder),
            (1, 0, Walnut, Hare),
            (2, 0, Walnut, Elder),
        ],
        Creature::Hare => vec![
            (0, 0, Ash, Hare),
            (1, 0, Ash, Elder),
            (2, 0, Walnut, Owl),
            (0, 1, Walnut, Elder),
            (1, -1, Ash, Otter),
            (2, -2, Walnut, Fox),
        ],
        Creature::Fox => vec![
            (0, 0, Ash, Fox),
            (1, 0, Ash, Elder),
            (2, 0, Walnut, Elder),
            (2, 1, Walnut, Hare),
        ],
        // A ring of six around an empty cell: the Otter goes all round it but never in.
        Creature::Otter => vec![
            (-1, 0, Ash, Otter),
            (0, 0, Ash, Elder),
            (1, -1, Walnut, Hare),
            (2, -1, Walnut, Owl),
            (2, 0, Walnut, Elder),
            (1, 1, Ash, Hare),
            (0, 1, Walnut, Fox),
        ],
        // The Jay touches an Elder and a Hare: it may step as the one or jump as the other.
        Creature::Jay => vec![
            (0, 0, Ash, Creature::Jay),
            (1, 0, Ash, Elder),
            (2, 0, Walnut, Elder),
            (0, 1, Ash, Hare),
        ],
        // Up onto the group, along its top, and down on the far side.
        Creature::Squirrel => vec![
            (0, 0, Ash, Creature::Squirrel),
            (1, 0, Ash, Elder),
            (2, 0, Walnut, Elder),
            (2, -1, Walnut, Fox),
        ],
        Creature::Hedgehog => vec![
            (0, 0, Ash, Creature::Hedgehog),
            (1, 0, Ash, Elder),
            (2, 0, Walnut, Elder),
            (2, -1, Walnut, Hare),
        ],
    }
}

/// Where a creature of ash can go from the edge of a small group.
pub fn creature(c: Creature) -> Option<Figure> {
    let tiles = group(c);
    let (q, r, _, _) = *tiles.first()?;
    let state = setup(&tiles)?;
    let panel = panel(&state, Hex::new(q, r))?;
    if panel.destinations.is_empty() {
        return None;
    }
    let caption = match c {
        Creature::Elder => msg("figure.hive.elder"),
        Creature::Owl => msg("figure.hive.owl"),
        Creature::Hare => msg("figure.hive.hare"),
        Creature::Fox => msg("figure.hive.fox"),
        Creature::Otter => msg("figure.hive.otter"),
        Creature::Jay => msg("figure.hive.jay"),
        Creature::Squirrel => msg("figure.hive.squirrel"),
        Creature::Hedgehog => msg("figure.hive.hedgehog"),
    };
    Some(Figure {
        drawing: Drawing::Hive(HiveFigure {
            panels: vec![panel],
        }),
        caption,
        legend: Vec::new(),
    })
}

/// The ash Elder beside a gap: closed between two pieces, open once one of them is gone.
pub fn slide_room() -> Option<Figure> {
    use Colour::{Ash, Walnut};
    use Creature::{Elder, Fox, Hare, Owl};
    let elder = Hex::new(0, 0);
    let way = Direction::East;
    let gap = elder.step(way);
    // The two pieces that both touch the Elder's cell and the gap.
    let left = elder.step(way.turned(-1));
    let right = elder.step(way.turned(1));
    let ring = [
        (elder, Ash, Elder),
        (left, Walnut, Hare),
        (Hex::new(2, -1), Walnut, Elder),
        (Hex::new(2, 0), Ash, Owl),
        (Hex::new(1, 1), Walnut, Fox),
        (right, Ash, Hare),
    ];
    let mut panels = Vec::new();
    for without in [None, Some(right)] {
        let tiles: Vec<(i16, i16, Colour, Creature)> = ring
            .iter()
            .filter(|t| Some(t.0) != without)
            .map(|&(h, colour, creature)| (h.q, h.r, colour, creature))
            .collect();
        let state = setup(&tiles)?;
        let mut p = panel(&state, elder)?;
        p.steps.push(Step {
            from: elder,
            to: gap,
            open: can_slide(state.board(), elder, elder, way),
        });
        panels.push(p);
    }
    Some(Figure {
        drawing: Drawing::Hive(HiveFigure { panels }),
        caption: msg("figure.hive.slide_room"),
        legend: Vec::new(),
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::hive::movegen::{Scratch, piece_destinations};

    fn figure(f: Option<Figure>) -> HiveFigure {
        match f.expect("the figure builds").drawing {
            Drawing::Hive(h) => h,
            other => panic!("{other:?}"),
        }
    }

    /// The position a panel shows, rebuilt from its tiles.
    fn state(p: &HivePanel) -> State {
        let tiles: Vec<_> = p
            .tiles
            .iter()
            .map(|t| (t.hex.q, t.hex.r, t.colour, t.creature))
            .collect();
        setup(&tiles).unwrap()
    }

    #[test]
    fn each_creature_figure_marks_the_move_generators_destinations() {
        for c in Creature::ALL {
            let f = figure(creature(c));
            let [p] = &f.panels[..] else { panic!() };
            let s = p.subject().unwrap();
            assert_eq!(s.creature, c);
            assert_eq!(s.colour, Colour::Ash);
            let st = state(p);
            assert_eq!(st.to_move(), Colour::Ash);
            // The generator itself, asked directly for this piece.
            let piece = st.board().top(s.hex).unwrap();
            let mut out = Vec::new();
            piece_destinations(st.board(), piece, s.hex, &mut Scratch::new(), &mut out);
            out.sort();
            let mut drawn = p.destinations.clone();
            drawn.sort();
            assert_eq!(drawn, out, "{c:?}");
            assert!(!drawn.is_empty(), "{c:?}");
            // And they are the legal moves of the game.
            for to in &drawn {
                let m = Move::Shift {
                    piece,
                    from: s.hex,
                    to: *to,
                };
                assert!(st.is_legal(m), "{c:?} to {to:?}");
            }
        }
    }

    #[test]
    fn each_creature_shows_its_own_way_of_moving() {
        let dests = |c| figure(creature(c)).panels[0].clone();
        // The Elder: one step; the Owl climbs onto tiles; the Hare lands beyond a line.
        let elder = dests(Creature::Elder);
        assert!(
            elder
                .destinations
                .iter()
                .all(|d| d.distance(Hex::new(0, 0)) == 1)
        );
        let owl = dests(Creature::Owl);
        let on_tiles = owl
            .destinations
            .iter()
            .filter(|d| owl.tiles.iter().any(|t| t.hex == **d))
            .count();
        assert!(on_tiles >= 2, "the Owl climbs: {owl:?}");
        let hare = dests(Creature::Hare);
        assert_eq!(hare.paths.len(), hare.destinations.len());
        for path in &hare.paths {
            assert!(path.len() >= 3, "the Hare jumps over at least one piece");
            let (from, to) = (path[0], *path.last().unwrap());
            assert!(hare.destinations.contains(&to));
            assert!(
                from.distance(to) as usize == path.len() - 1,
                "a straight line"
            );
        }
        // The Fox: every way is exactly three steps.
        let fox = dests(Creature::Fox);
        assert!(!fox.paths.is_empty());
        for path in &fox.paths {
            assert_eq!(path.len(), 4, "{path:?}");
        }
        // The Otter goes all round the ring but never into the closed cell in its middle.
        let otter = dests(Creature::Otter);
        assert!(otter.destinations.len() >= 8);
        assert!(!otter.destinations.contains(&Hex::new(1, 0)));
    }

    #[test]
    fn the_slide_room_figure_agrees_with_the_slide_check_and_the_moves() {
        let f = figure(slide_room());
        assert_eq!(f.panels.len(), 2);
        let open: Vec<bool> = f.panels.iter().map(|p| p.steps[0].open).collect();
        assert_eq!(
            open,
            [false, true],
            "closed with both pieces, open with one"
        );
        for p in &f.panels {
            let step = p.steps[0];
            let st = state(p);
            let d = step.from.direction_to(step.to).unwrap();
            assert_eq!(can_slide(st.board(), step.from, step.from, d), step.open);
            // The Elder moves one step: the gap is a destination exactly when the step is open.
            assert_eq!(p.destinations.contains(&step.to), step.open);
            // Both pieces beside the step touch the Elder's cell and the gap.
            let beside = [d.turned(-1), d.turned(1)].map(|s| step.from.step(s));
            let occupied = beside
                .iter()
                .filter(|h| p.tiles.iter().any(|t| t.hex == **h))
                .count();
            assert_eq!(occupied, if step.open { 1 } else { 2 });
        }
    }
}
