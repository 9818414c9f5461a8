//! A single card.

use super::{Rank, Suit};
use std::fmt;
use std::str::FromStr;

/// A playing card: a suited rank or a joker, packed as its bit index `lane * 16 + slot`
/// (see the [module docs](super) for the layout).
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Card(u8);

impl Card {
    /// Number of distinct bit positions (the size of a [`CardSet`](super::CardSet)).
    pub const SLOTS: usize = 64;
    /// The first joker (slot 0 of the clubs lane), written `JK`.
    pub const JOKER: Card = Card(0);

    /// The card of `rank` in `suit`.
    pub const fn new(rank: Rank, suit: Suit) -> Card {
        Card((suit as u8) << 4 | rank as u8)
    }

    /// Joker number `n` (0..4), or `None` if `n >= 4`.
    pub const fn try_joker(n: u8) -> Option<Card> {
        if n < 4 {
            Some(Card(n << 4))
        } else {
            None
        }
    }

    /// The card at bit `index`, or `None` if no card lives there (index >= 64 or slot 1).
    pub const fn try_from_index(index: u8) -> Option<Card> {
        if index < 64 && index & 15 != 1 {
            Some(Card(index))
        } else {
            None
        }
    }

    /// The card at bit `index`.
    ///
    /// # Panics
    /// If no card lives at `index` (see [`Card::try_from_index`]).
    pub const fn from_index(index: u8) -> Card {
        match Card::try_from_index(index) {
            Some(c) => c,
            None => panic!("no card at this bit index"),
        }
    }

    /// The bit index `0..64`.
    pub const fn index(self) -> usize {
        self.0 as usize
    }

    /// The suit lane. For a joker this is the lane it is stored in, not a playing suit.
    pub const fn suit(self) -> Suit {
        Suit::from_index(self.0 >> 4)
    }

    /// The rank, or `None` for a joker.
    pub const fn try_rank(self) -> Option<Rank> {
        Rank::try_from_slot(self.0 & 15)
    }

    /// The rank.
    ///
    /// # Panics
    /// If the card is a joker.
    pub const fn rank(self) -> Rank {
        Rank::from_slot(self.0 & 15)
    }

    /// True for the jokers.
    pub const fn is_joker(self) -> bool {
        self.0 & 15 == 0
    }

    /// The single-bit mask of this card.
    pub const fn bit(self) -> u64 {
        1 << self.0
    }

    /// All 52 cards of the French deck, clubs first, two to ace within a suit.
    pub fn all52() -> impl Iterator<Item = Card> {
        Suit::ALL
            .into_iter()
            .flat_map(|s| Rank::ALL.into_iter().map(move |r| Card::new(r, s)))
    }
}

/// Why a card could not be parsed.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("invalid card {token:?}: expected rank (2-9, T or 10, J, C, Q, K, A) then suit (C, D, H, S), e.g. AS or 10D, or JK for a joker")]
pub struct ParseCardError {
    /// The rejected text.
    pub token: String,
}

impl FromStr for Card {
    type Err = ParseCardError;

    fn from_str(s: &str) -> Result<Card, ParseCardError> {
        let err = || ParseCardError {
            token: s.to_string(),
        };
        let t = s.trim();
        let upper = t.to_ascii_uppercase();
        match upper.as_str() {
            "JK" | "JK1" | "JOKER" => return Ok(Card::JOKER),
            "JK2" => return Ok(Card(16)),
            "JK3" => return Ok(Card(32)),
            "JK4" => return Ok(Card(48)),
            _ => {}
        }
        let mut chars = t.chars();
        let suit_char = chars.next_back().ok_or_else(err)?;
        let suit = Suit::from_char(suit_char).ok_or_else(err)?;
        let rank = Rank::from_token(chars.as_str()).ok_or_else(err)?;
        Ok(Card::new(rank, suit))
    }
}

impl fmt::Display for Card {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.is_joker() {
            match self.0 >> 4 {
                0 => f.write_str("JK"),
                n => write!(f, "JK{}", n + 1),
            }
        } else {
            write!(f, "{}{}", self.rank().char(), self.suit().char())
        }
    }
}

impl fmt::Debug for Card {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(self, f)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_card_round_trips_through_text() {
        for i in 0..64u8 {
            if let Some(c) = Card::try_from_index(i) {
                let text = c.to_string();
                assert_eq!(text.parse::<Card>(), Ok(c), "{text}");
                assert_eq!(text.to_lowercase().parse::<Card>(), Ok(c), "{text}");
            }
        }
        assert_eq!(Card::all52().count(), 52);
    }

    #[test]
    fn ten_accepts_both_spellings() {
        let t: Card = "TD".parse().unwrap();
        assert_eq!("10D".parse::<Card>().unwrap(), t);
        assert_eq!(t.rank(), Rank::Ten);
        assert_eq!(t.suit(), Suit::Diamonds);
        assert_eq!(t.to_string(), "TD");
    }

    #[test]
    fn bad_cards_are_rejected_with_the_token() {
        for bad in ["", "A", "1S", "11H", "AX", "ZS", "JK5", "10", "S"] {
            let e = bad.parse::<Card>().unwrap_err();
            assert_eq!(e.token, bad);
            assert!(e.to_string().contains("expected rank"));
        }
    }

    #[test]
    fn layout_is_ace_high_within_a_lane() {
        let a = Card::new(Rank::Ace, Suit::Spades);
        let k = Card::new(Rank::King, Suit::Spades);
        assert_eq!(a.index(), 63);
        assert!(a > k);
        assert_eq!(Card::new(Rank::Two, Suit::Clubs).index(), 2);
        assert!(Card::JOKER.is_joker());
        assert_eq!(Card::try_from_index(1), None);
    }
}
