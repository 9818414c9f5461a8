//! Agent code shared by the rummy games' heuristics (Gin Rummy, Tong-Its): the cards that may
//! share a meld with a card, and how much a player's pick-ups and refusals say it wants them.

use cardsim_engine::cards::{Card, CardSet};
use std::sync::OnceLock;

/// The cards that could share a meld with `c`: the same rank, and the cards within two of it
/// in its suit (ace low), from a table built once. `c` itself is not among them.
pub(crate) fn neighbours(c: Card) -> CardSet {
    static TABLE: OnceLock<[CardSet; 64]> = OnceLock::new();
    TABLE.get_or_init(|| {
        let mut t = [CardSet::EMPTY; 64];
        for c in CardSet::FULL_DECK.iter() {
            for other in CardSet::FULL_DECK.iter() {
                let d = (other.rank().number() as i32 - c.rank().number() as i32).abs();
                if other != c && (other.rank() == c.rank() || (other.suit() == c.suit() && d <= 2))
                {
                    t[c.index()].insert(other);
                }
            }
        }
        t
    })[c.index()]
}

/// How much a player seems to want the cards `near`: twice as many as it `took` from the
/// pile, less as many as it `spurned` (discarded, or refused from the pile).
pub(crate) fn interest(near: CardSet, took: CardSet, spurned: CardSet) -> i32 {
    2 * (near & took).len() as i32 - (near & spurned).len() as i32
}

#[cfg(test)]
mod tests {
    use super::*;

    fn cards(s: &str) -> CardSet {
        s.parse().unwrap()
    }

    #[test]
    fn neighbours_are_the_rank_and_two_either_side_in_suit_ace_low() {
        let c = |s: &str| s.parse::<Card>().unwrap();
        assert_eq!(neighbours(c("5H")), cards("5C 5D 5S 3H 4H 6H 7H"));
        assert_eq!(neighbours(c("AS")), cards("AC AD AH 2S 3S"));
        assert_eq!(neighbours(c("KD")), cards("KC KH KS JD QD"));
    }

    #[test]
    fn interest_counts_pick_ups_twice_against_refusals() {
        let near = cards("5C 5D 5S 3H 4H 6H 7H");
        assert_eq!(interest(near, cards("5C 4H KS"), cards("7H 2C")), 4 - 1);
        assert_eq!(interest(near, CardSet::EMPTY, cards("5S 6H")), -2);
    }
}
