//! Zobrist keys: one fixed random number per feature of a position, XOR-ed together. The tables
//! come from a constant seed (at compile time, or at first use in the browser), so keys are stable across builds (saved games keep
//! their repetition counts) and cost a few table lookups per piece.
//!
//! Two keys are built from them:
//! - [`super::State::key`], the repetition key: everything that makes two positions "the same"
//!   (a Cancel chance included, by its card), except the hands. Hands never change between two positions that could repeat (every card
//!   played or taken restarts the repetition count), so leaving them out changes no repetition —
//!   and it keys a position the same way whether the hidden hand is known, masked or guessed.
//! - [`super::State::search_key`], the engine's transposition key: the repetition key plus both
//!   hands and what a Cancel would bring back.

const GOLDEN: u64 = 0x9E37_79B9_7F4A_7C15;

const fn mix(mut z: u64) -> u64 {
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

const fn table<const N: usize>(seed: u64) -> [u64; N] {
    let mut t = [0u64; N];
    let mut s = seed;
    let mut i = 0;
    while i < N {
        s = s.wrapping_add(GOLDEN);
        t[i] = mix(s);
        i += 1;
    }
    t
}

/// The side to act (black).
pub(crate) const BLACK: u64 = mix(0xC4E5_5003);

// Built at compile time; in the browser at first use (`key_tables!`), 26 KB it does not carry.
key_tables! {
    /// Pieces: `[colour][role][wounded][heir][square]`, flattened.
    pub(crate) static PIECES: [u64; 2 * 5 * 2 * 2 * 64] = table(0xC4E5_5001);
    pub(crate) static IMPASSABLE: [u64; 64] = table(0xC4E5_5002);
    pub(crate) static CASTLING: [u64; 16] = table(0xC4E5_5004);
    pub(crate) static EN_PASSANT: [u64; 64] = table(0xC4E5_5005);
    /// Reserves: `[colour][count]` (counts above 15 share the last entry).
    pub(crate) static RESERVES: [u64; 2 * 16] = table(0xC4E5_5006);
    /// Played piles: `[colour][kind][count]` (each kind exists at most twice in a game, one per
    /// deal, so a pile holds it at most twice; larger counts would share the last entry).
    pub(crate) static PLAYED: [u64; 2 * 22 * 4] = table(0xC4E5_5007);
    /// Shields and Restrictions: `[colour][square]`.
    pub(crate) static SHIELDS: [u64; 2 * 64] = table(0xC4E5_5008);
    pub(crate) static RESTRICTED: [u64; 2 * 64] = table(0xC4E5_5009);
    pub(crate) static SCOUTED: [u64; 2] = table(0xC4E5_500A);
    /// An open window: `[opener][card]`.
    pub(crate) static WINDOW: [u64; 2 * 22] = table(0xC4E5_500B);
    /// A Cancel chance: `[colour that played the artifact][card]` (in the repetition key).
    pub(crate) static CANCEL_CHANCE: [u64; 2 * 22] = table(0xC4E5_500F);
    /// Hands: `[colour][kind]` (only in the search key).
    pub(crate) static HANDS: [u64; 2 * 22] = table(0xC4E5_500C);
    /// A Cancel available: `[card]`, mixed with the key of the state it would bring back.
    pub(crate) static CANCELABLE: [u64; 22] = table(0xC4E5_500D);
}

/// The index of a piece feature in [`PIECES`].
pub(crate) fn piece_index(
    colour: usize,
    role: usize,
    wounded: bool,
    heir: bool,
    sq: usize,
) -> usize {
    (((colour * 5 + role) * 2 + wounded as usize) * 2 + heir as usize) * 64 + sq
}

/// Mixes a key into another without cancelling (for the state a Cancel would bring back).
pub(crate) fn fold(key: u64) -> u64 {
    mix(key ^ 0xC4E5_500E)
}
