//! Naming trumps from part of a hand (Omi's four cards, Court Piece's five): [`choose_trump`].

use cardsim_engine::cards::{CardSet, Rank, Suit};

/// What a suit is worth as trumps in a partial hand: six per card held in it, plus its
/// honours (ace 2, king 1.5, queen 1, jack 0.5: at most 5 together), so length comes first and
/// the honours break the ties between equally long suits.
pub fn trump_value(hand: CardSet, suit: Suit) -> f64 {
    (hand & CardSet::suit_mask(suit))
        .iter()
        .map(|c| {
            6.0 + match c.rank() {
                Rank::Ace => 2.0,
                Rank::King => 1.5,
                Rank::Queen => 1.0,
                Rank::Jack => 0.5,
                _ => 0.0,
            }
        })
        .sum()
}

/// The suit a player names trumps having seen only `hand` (the first cards of his deal): the
/// longest, the strongest in honours among the longest ([`trump_value`]); the first suit in
/// `Suit::ALL` order among exact ties.
///
/// ```
/// use cardsim_agents::tricks::choose_trump;
/// use cardsim_engine::cards::Suit;
/// assert_eq!(choose_trump("AH KH 7S 8S 9S".parse().unwrap()), Suit::Spades);
/// assert_eq!(choose_trump("AH 9H 7S KS".parse().unwrap()), Suit::Hearts);
/// ```
pub fn choose_trump(hand: CardSet) -> Suit {
    let mut best = (Suit::ALL[0], f64::NEG_INFINITY);
    for s in Suit::ALL {
        let v = trump_value(hand, s);
        if v > best.1 {
            best = (s, v);
        }
    }
    best.0
}
