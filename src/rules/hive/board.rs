//! The pieces on the table: stacks on a wrapped grid, where each piece lies, what is still in
//! reserve, whose turn it is, and the move primitives (`apply` / `revert`) that the state, the
//! move generator and the engine share.
//!
//! With the Hedgehog (Hive's Pillbug) in the game, the position also holds the piece moved on
//! the last turn: it may not move, nor be carried, nor carry, on the next turn (it is
//! "stunned"). As in nokamute, only a move stuns: a placement or a pass stuns nothing.

use super::hex::{Direction, GRID_CELLS, Hex};
use super::piece::{
    BASE_PIECE_COUNT, Colour, Creature, GameType, PIECE_COUNT, PIECES_PER_BASE_SIDE, Piece,
};
use serde::{Deserialize, Serialize};

/// One turn: place a piece from the reserve, move a piece on the table, or pass (only when
/// nothing else is legal). Two moves are equal when the same piece ends on the same cell,
/// whatever reference piece a move string used to name that cell.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Move {
    Place { piece: Piece, to: Hex },
    Shift { piece: Piece, from: Hex, to: Hex },
    Pass,
}

impl Move {
    /// The piece that is placed or moved.
    pub fn piece(self) -> Option<Piece> {
        match self {
            Move::Place { piece, .. } | Move::Shift { piece, .. } => Some(piece),
            Move::Pass => None,
        }
    }

    /// Where the piece ends.
    pub fn to(self) -> Option<Hex> {
        match self {
            Move::Place { to, .. } | Move::Shift { to, .. } => Some(to),
            Move::Pass => None,
        }
    }
}

/// The highest stack possible: one piece under all four Owls and both Jays (a Jay on the group
/// climbs as an Owl).
pub const MAX_HEIGHT: usize = 7;

/// The pieces on one cell, bottom first. Only the top piece may move and it gives the stack
/// its colour.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Stack {
    height: u8,
    pieces: [u8; MAX_HEIGHT],
}

impl Stack {
    pub fn height(&self) -> usize {
        usize::from(self.height)
    }

    pub fn top(&self) -> Option<Piece> {
        match self.height {
            0 => None,
            h => Piece::from_index(usize::from(self.pieces[usize::from(h) - 1])),
        }
    }

    /// The pieces bottom first.
    pub fn pieces(&self) -> impl Iterator<Item = Piece> + '_ {
        self.pieces[..self.height()]
            .iter()
            .filter_map(|&i| Piece::from_index(usize::from(i)))
    }

    /// The index of the piece just below `level`, if there is one.
    #[inline]
    fn top_under(&self, level: usize) -> Option<usize> {
        (level > 0).then(|| usize::from(self.pieces[level - 1]))
    }
}

/// The set bits of a word, lowest first.
#[derive(Clone, Copy)]
pub(crate) struct Bits(pub u32);

impl Iterator for Bits {
    type Item = usize;
    #[inline]
    fn next(&mut self) -> Option<usize> {
        if self.0 == 0 {
            return None;
        }
        let i = self.0.trailing_zeros() as usize;
        self.0 &= self.0 - 1;
        Some(i)
    }
}

/// The table itself. Eq and Hash see the exact pieces (numbers included) and the ply count.
#[derive(Clone, PartialEq, Eq, Hash)]
pub struct Board {
    stacks: Box<[Stack; GRID_CELLS]>,
    /// Each cell's top in one byte, for the move generator: 0 when empty, else the top piece's
    /// index plus one in the low five bits and the height less one in the high three.
    grid: Box<[u8; GRID_CELLS]>,
    /// Each cell's ring of occupied neighbours: bit `d` set when the neighbour in direction
    /// `Direction::ALL[d]` holds a piece.
    rings: Box<[u8; GRID_CELLS]>,
    at: [Hex; PIECE_COUNT],
    /// Bit `i` set: piece `i` is on the table.
    placed: u32,
    /// Bit `i` set: piece `i` is on the table and on top of its stack.
    tops: u32,
    /// Plies played so far, passes included.
    ply: u16,
    /// Zobrist key of the stacks and the player to move (and, with the Hedgehog in the game,
    /// the stunned piece), kept up to date by `apply`/`revert`.
    hash: u64,
    /// Which expansion creatures are in the reserves.
    game: GameType,
    /// The piece moved on the last turn plus one (0: none), kept only with the Hedgehog in the
    /// game, where it matters.
    stunned: u8,
    /// The stunned piece before each move played, for `revert`.
    trail: Trail,
}

/// The stunned pieces before each move of a search. It says how the position was reached, not
/// what it is, so two boards compare equal and hash the same whatever their trails.
#[derive(Clone, Default)]
struct Trail(Vec<u8>);

impl PartialEq for Trail {
    fn eq(&self, _: &Trail) -> bool {
        true
    }
}

impl Eq for Trail {}

impl std::hash::Hash for Trail {
    fn hash<H: std::hash::Hasher>(&self, _: &mut H) {}
}

impl Default for Board {
    fn default() -> Self {
        Board::new()
    }
}

/// A deterministic 64-bit mix (splitmix64 finaliser) for the Zobrist keys.
pub(crate) const fn mix(mut z: u64) -> u64 {
    z = z.wrapping_add(0x9E37_79B9_7F4A_7C15);
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

/// The Zobrist key of a creature of a colour at a level of a grid cell. Pieces of the same
/// creature and colour share keys: swapping two Otters gives the same position.
#[inline]
pub(crate) fn zobrist(piece: Piece, cell: usize, level: usize) -> u64 {
    let creature = piece.creature().index();
    // The base game's keys are those from before the expansions (five creatures, five levels),
    // so its hashes and position keys are unchanged; the rest get keys of their own.
    if creature < 5 && level < 5 {
        let kind = piece.colour().index() * 5 + creature;
        return mix(((kind * 5 + level) * GRID_CELLS + cell) as u64);
    }
    let kind = piece.colour().index() * 8 + creature;
    mix((1 << 40) + ((kind * MAX_HEIGHT + level) * GRID_CELLS + cell) as u64)
}

/// The Zobrist key of a stunned piece (0 for none).
#[inline]
fn stun_key(stunned: u8) -> u64 {
    match stunned {
        0 => 0,
        s => mix((1 << 41) + u64::from(s)),
    }
}

/// Added to the key when walnut is to move.
pub(crate) const WALNUT_TO_MOVE: u64 = 0x5bd1_e995_7f4a_7c15;

/// The bits of the ash pieces in a piece set: the base eleven and the three expansion pieces.
pub(crate) const ASH_PIECES: u32 = ((1 << PIECES_PER_BASE_SIDE) - 1) | (0b111 << BASE_PIECE_COUNT);

/// A colour's pieces as a bit set (all expansions included).
#[inline]
pub(crate) const fn colour_pieces(c: Colour) -> u32 {
    match c {
        Colour::Ash => ASH_PIECES,
        Colour::Walnut => {
            (((1 << PIECES_PER_BASE_SIDE) - 1) << PIECES_PER_BASE_SIDE)
                | (0b111 << (BASE_PIECE_COUNT + 3))
        }
    }
}

impl Board {
    /// The empty table of the base game before the first move, ash to move.
    pub fn new() -> Board {
        Board::with_game(GameType::BASE)
    }

    /// The empty table of a game type before the first move, ash to move.
    pub fn with_game(game: GameType) -> Board {
        Board {
            stacks: Box::new([Stack::default(); GRID_CELLS]),
            grid: Box::new([0; GRID_CELLS]),
            rings: Box::new([0; GRID_CELLS]),
            at: [Hex::new(0, 0); PIECE_COUNT],
            placed: 0,
            tops: 0,
            ply: 0,
            hash: 0,
            game,
            stunned: 0,
            trail: Trail::default(),
        }
    }

    /// Which expansion creatures are in the reserves.
    #[inline]
    pub fn game_type(&self) -> GameType {
        self.game
    }

    /// The piece moved on the last turn, which may not move, be carried or carry on this turn
    /// (kept only with the Hedgehog in the game; `None` after a placement or a pass).
    #[inline]
    pub fn stunned(&self) -> Option<Piece> {
        match self.stunned {
            0 => None,
            s => Piece::from_index(usize::from(s) - 1),
        }
    }

    /// Sets the stunned piece (for hand-made positions and the game's start).
    pub(crate) fn set_stunned(&mut self, piece: Option<Piece>) {
        if !self.game.has(Creature::Hedgehog) {
            return;
        }
        self.hash ^= stun_key(self.stunned);
        self.stunned = piece.map_or(0, |p| p.index() as u8 + 1);
        self.hash ^= stun_key(self.stunned);
    }

    #[inline]
    pub fn stack(&self, h: Hex) -> &Stack {
        &self.stacks[h.cell()]
    }

    #[inline]
    pub fn height(&self, h: Hex) -> usize {
        self.cell_height(h.cell())
    }

    #[inline]
    pub fn occupied(&self, h: Hex) -> bool {
        self.grid[h.cell()] != 0
    }

    #[inline]
    pub fn top(&self, h: Hex) -> Option<Piece> {
        self.cell_top(h.cell())
    }

    /// The top byte of a storage cell (see the `grid` field).
    #[inline]
    pub(crate) fn code(&self, cell: usize) -> u8 {
        self.grid[cell & (GRID_CELLS - 1)]
    }

    #[inline]
    pub(crate) fn cell_height(&self, cell: usize) -> usize {
        match self.code(cell) {
            0 => 0,
            c => usize::from(c >> 5) + 1,
        }
    }

    #[inline]
    pub(crate) fn cell_top(&self, cell: usize) -> Option<Piece> {
        match self.code(cell) {
            0 => None,
            c => Piece::from_index(usize::from(c & 31) - 1),
        }
    }

    /// Bit `d` set: the neighbour in direction `d` (of [`Direction::ALL`]) is occupied.
    #[inline]
    pub(crate) fn neighbour_mask(&self, cell: usize) -> u8 {
        self.rings[cell & (GRID_CELLS - 1)]
    }

    /// A cell became occupied (`on`) or empty: its neighbours' rings change.
    #[inline]
    fn ring_update(&mut self, cell: usize, on: bool) {
        for (d, dir) in Direction::ALL.iter().enumerate() {
            let n = (cell + dir.cell_step()) & (GRID_CELLS - 1);
            let bit = 1 << ((d + 3) % 6);
            if on {
                self.rings[n] |= bit;
            } else {
                self.rings[n] &= !bit;
            }
        }
    }

    /// Pieces on the table that are on top of their stacks, as a bit set.
    #[inline]
    pub(crate) fn top_pieces(&self) -> u32 {
        self.tops
    }

    /// Where a piece lies, or `None` while it is in its player's reserve.
    #[inline]
    pub fn position(&self, p: Piece) -> Option<Hex> {
        (self.placed & (1 << p.index()) != 0).then(|| self.at[p.index()])
    }

    /// Where the piece of index `i` lies; meaningful only for a piece on the table.
    #[inline]
    pub(crate) fn at_index(&self, i: usize) -> Hex {
        self.at[i]
    }

    #[inline]
    pub fn is_placed(&self, p: Piece) -> bool {
        self.placed & (1 << p.index()) != 0
    }

    /// Whether a piece on the table is the top of its stack (only those may move).
    #[inline]
    pub fn is_on_top(&self, p: Piece) -> bool {
        self.tops & (1 << p.index()) != 0
    }

    /// Plies played so far, passes included.
    pub fn ply(&self) -> usize {
        usize::from(self.ply)
    }

    pub fn to_move(&self) -> Colour {
        if self.ply.is_multiple_of(2) {
            Colour::Ash
        } else {
            Colour::Walnut
        }
    }

    /// The turn number of the player to move: 1 on their first turn.
    pub fn turn_number(&self) -> usize {
        usize::from(self.ply) / 2 + 1
    }

    /// The Zobrist key of the stacks and the player to move (not translation-free).
    pub fn hash(&self) -> u64 {
        self.hash
    }

    /// The lowest-numbered piece of a creature still in a colour's reserve: the one a
    /// placement uses, as in standard notation.
    #[inline]
    pub fn next_in_reserve(&self, colour: Colour, creature: Creature) -> Option<Piece> {
        if !self.game.has(creature) {
            return None;
        }
        let first = Piece::new(colour, creature, 1)?.index();
        let slots = ((1u32 << creature.count()) - 1) << first;
        let free = slots & !self.placed;
        (free != 0).then(|| Piece::from_index(free.trailing_zeros() as usize))?
    }

    /// How many of a creature a colour still has in reserve.
    pub fn reserve_count(&self, colour: Colour, creature: Creature) -> usize {
        let Some(first) = Piece::new(colour, creature, 1).filter(|_| self.game.has(creature))
        else {
            return 0;
        };
        let slots = ((1u32 << creature.count()) - 1) << first.index();
        (slots & !self.placed).count_ones() as usize
    }

    /// Pieces on the table that are on top of their stacks: one per occupied cell, in the
    /// order of [`Piece::all`].
    pub fn tops(&self) -> impl Iterator<Item = (Piece, Hex)> + '_ {
        Bits(self.tops).filter_map(move |i| Some((Piece::from_index(i)?, self.at[i])))
    }

    /// Number of occupied cells.
    pub fn occupied_cells(&self) -> usize {
        self.tops.count_ones() as usize
    }

    /// How many of the six cells around a cell hold pieces.
    #[inline]
    pub fn occupied_neighbours(&self, h: Hex) -> usize {
        self.neighbour_mask(h.cell()).count_ones() as usize
    }

    /// Whether the Elder of `colour` is on the table with all six neighbours occupied.
    #[inline]
    pub fn elder_surrounded(&self, colour: Colour) -> bool {
        let e = Piece::elder(colour);
        self.is_placed(e) && self.neighbour_mask(self.at[e.index()].cell()) == 63
    }

    fn push(&mut self, p: Piece, h: Hex) {
        let cell = h.cell();
        let s = &mut self.stacks[cell];
        let level = s.height();
        debug_assert!(level < MAX_HEIGHT, "a stack holds at most seven pieces");
        s.pieces[level] = p.index() as u8;
        s.height += 1;
        if let Some(under) = s.top_under(level) {
            self.tops &= !(1 << under);
        }
        self.grid[cell] = (p.index() as u8 + 1) | ((level as u8) << 5);
        if level == 0 {
            self.ring_update(cell, true);
        }
        self.at[p.index()] = h;
        self.placed |= 1 << p.index();
        self.tops |= 1 << p.index();
        self.hash ^= zobrist(p, cell, level);
    }

    fn pop(&mut self, h: Hex) -> Option<Piece> {
        let cell = h.cell();
        let s = &mut self.stacks[cell];
        if s.height == 0 {
            return None;
        }
        s.height -= 1;
        let level = s.height();
        let p = Piece::from_index(usize::from(s.pieces[level]))?;
        s.pieces[level] = 0;
        self.grid[cell] = match s.top_under(level) {
            Some(under) => {
                self.tops |= 1 << under;
                (under as u8 + 1) | ((level as u8 - 1) << 5)
            }
            None => {
                self.ring_update(cell, false);
                0
            }
        };
        self.placed &= !(1 << p.index());
        self.tops &= !(1 << p.index());
        // Reserve pieces keep no stale cell, so equal tables compare equal.
        self.at[p.index()] = Hex::new(0, 0);
        self.hash ^= zobrist(p, cell, level);
        Some(p)
    }

    fn next_ply(&mut self) {
        self.ply += 1;
        self.hash ^= WALNUT_TO_MOVE;
    }

    fn previous_ply(&mut self) {
        self.ply -= 1;
        self.hash ^= WALNUT_TO_MOVE;
    }

    /// Puts a piece on top of a cell outside of play (for hand-made positions).
    pub(crate) fn put(&mut self, p: Piece, h: Hex) {
        self.push(p, h);
    }

    /// Sets the number of plies played (for hand-made positions).
    pub(crate) fn set_ply(&mut self, ply: u16) {
        if (ply ^ self.ply) & 1 == 1 {
            self.hash ^= WALNUT_TO_MOVE;
        }
        self.ply = ply;
    }

    /// Whether the occupied cells form one group.
    pub fn is_one_group(&self) -> bool {
        let cells: Vec<Hex> = self.tops().map(|(_, h)| h).collect();
        let Some(&first) = cells.first() else {
            return true;
        };
        let mut seen = vec![first];
        let mut i = 0;
        while i < seen.len() {
            let cur = seen[i];
            i += 1;
            for n in cur.neighbours() {
                // True coordinates, not the wrapped grid: far cells never count as touching.
                if cells.contains(&n) && !seen.contains(&n) {
                    seen.push(n);
                }
            }
        }
        seen.len() == cells.len()
    }

    /// Plays a move known to be legal here (from the generator). Not a legality check.
    pub fn apply(&mut self, m: Move) {
        match m {
            Move::Place { piece, to } => self.push(piece, to),
            Move::Shift { piece, from, to } => {
                let lifted = self.pop(from);
                debug_assert_eq!(lifted, Some(piece));
                self.push(piece, to);
            }
            Move::Pass => {}
        }
        if self.game.has(Creature::Hedgehog) {
            self.trail.0.push(self.stunned);
            let moved = match m {
                Move::Shift { piece, .. } => Some(piece),
                _ => None,
            };
            self.set_stunned(moved);
        }
        self.next_ply();
    }

    /// Takes back the last move played with [`Board::apply`].
    pub fn revert(&mut self, m: Move) {
        self.previous_ply();
        if self.game.has(Creature::Hedgehog) {
            let before = self.trail.0.pop().unwrap_or(0);
            self.set_stunned(
                before
                    .checked_sub(1)
                    .and_then(|i| Piece::from_index(usize::from(i))),
            );
        }
        match m {
            Move::Place { to, .. } => {
                self.pop(to);
            }
            Move::Shift { piece, from, to } => {
                self.pop(to);
                self.push(piece, from);
            }
            Move::Pass => {}
        }
    }

    /// A key for "the same position" in the repetition rule: the same creatures in the same
    /// stacks, the same reserves (implied by the table) and the same player to move. There is
    /// no board under the pieces, so a group that walked one cell over is the same position:
    /// cells are taken relative to the top-left occupied cell.
    pub fn position_key(&self) -> u64 {
        let Some(anchor) = self.tops().map(|(_, h)| (h.r, h.q)).min() else {
            return self.hash;
        };
        let mut key = if self.to_move() == Colour::Walnut {
            WALNUT_TO_MOVE
        } else {
            0
        };
        for (_, h) in self.tops() {
            let rel = Hex::new(h.q - anchor.1, h.r - anchor.0);
            for (level, p) in self.stack(h).pieces().enumerate() {
                key ^= zobrist(p, rel.cell(), level);
            }
        }
        key
    }
}
