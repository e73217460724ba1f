//! The other side's hidden hand: deals consistent with what is public, for perfect-information
//! sampling.
//!
//! What is public: how many cards the other side holds, which kinds it has played (its pile),
//! and the state a Cancel would bring back (the hand then held the card just played as well).
//! Hands are dealt independently, so the engine's own cards say nothing about the other hand.
//! A deal is drawn uniformly from the kinds not in the other side's played pile (a kind it has
//! played can only be back in its hand by a Seize of a second copy from our pile — rare, and
//! only drawn when no other kind is left). Each deal is seeded, so the same view and seed give
//! the same deals.

use crate::rules::chess::{Artifact, ArtifactSet, Colour, DiceRng, State};

/// `count` guesses at the hand of `view`'s side not to be `me`, each of `size` kinds.
pub fn deals(view: &State, me: Colour, size: usize, count: usize, seed: u64) -> Vec<ArtifactSet> {
    let them = me.other();
    let played: ArtifactSet = view.played(them).iter().copied().collect();
    let fresh: Vec<Artifact> = Artifact::ALL
        .into_iter()
        .filter(|a| !played.contains(*a))
        .collect();
    let stale: Vec<Artifact> = Artifact::ALL
        .into_iter()
        .filter(|a| played.contains(*a))
        .collect();
    let mut rng = DiceRng::new(seed ^ 0xDEA1_5EED_0000_0017);
    (0..count)
        .map(|_| {
            let mut hand = ArtifactSet::EMPTY;
            for pool in [&fresh, &stale] {
                let mut pool = pool.clone();
                while hand.len() < size && !pool.is_empty() {
                    let i = rng.below(pool.len() as u64) as usize;
                    hand.insert(pool.swap_remove(i));
                }
            }
            hand
        })
        .collect()
}

/// The view with `hand` as the other side's hand, also in the state a Cancel would bring back
/// (where the other side still held the card it just played).
pub fn with_hand(view: &State, me: Colour, hand: ArtifactSet) -> State {
    let mut world = view.clone();
    let them = me.other();
    world.hands[them.index()] = hand;
    if let Some((card, before)) = &mut world.cancelable {
        let mut earlier = hand;
        if before.turn == them {
            earlier.insert(*card);
        }
        before.hands[them.index()] = earlier;
    }
    world
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::chess::parse_position;

    #[test]
    fn deals_have_the_public_size_avoid_the_played_pile_and_are_seeded() {
        let s = parse_position(
            "4k3/8/8/8/8/8/P7/4K3 w - - 0 1 - - - 0/0 balm/fury,shield,cancel cancel,trophy/-",
        )
        .unwrap();
        let view = s.view_for(Colour::Black);
        let d = deals(&view, Colour::Black, 3, 20, 5);
        assert_eq!(d, deals(&view, Colour::Black, 3, 20, 5));
        assert_ne!(d, deals(&view, Colour::Black, 3, 20, 6));
        for hand in &d {
            assert_eq!(hand.len(), 3);
            assert!(!hand.contains(Artifact::Cancel) && !hand.contains(Artifact::Trophy));
        }
        // Black's own Fury says nothing about white's hand: it is dealt too.
        assert!(d.iter().any(|h| h.contains(Artifact::Fury)));
        let world = with_hand(&view, Colour::Black, d[0]);
        assert_eq!(world.hand(Colour::White), d[0]);
        assert_eq!(world.hand(Colour::Black), s.hand(Colour::Black));
    }
}
