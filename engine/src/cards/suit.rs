//! The four French suits.

use std::fmt;

/// One of the four French suits, in bridge order (clubs lowest).
///
/// The discriminant is the suit's 16-bit lane in a [`CardSet`](super::CardSet).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
#[repr(u8)]
pub enum Suit {
    /// ♣, lane 0.
    Clubs = 0,
    /// ♦, lane 1.
    Diamonds = 1,
    /// ♥, lane 2.
    Hearts = 2,
    /// ♠, lane 3.
    Spades = 3,
}

impl Suit {
    /// Number of suits.
    pub const COUNT: usize = 4;
    /// All suits in lane order.
    pub const ALL: [Suit; 4] = [Suit::Clubs, Suit::Diamonds, Suit::Hearts, Suit::Spades];

    /// The suit of lane `index`, or `None` if `index >= 4`.
    pub const fn try_from_index(index: u8) -> Option<Suit> {
        match index {
            0 => Some(Suit::Clubs),
            1 => Some(Suit::Diamonds),
            2 => Some(Suit::Hearts),
            3 => Some(Suit::Spades),
            _ => None,
        }
    }

    /// The suit of lane `index`.
    ///
    /// # Panics
    /// If `index >= 4`.
    pub const fn from_index(index: u8) -> Suit {
        match Suit::try_from_index(index) {
            Some(s) => s,
            None => panic!("suit index out of range"),
        }
    }

    /// The lane index `0..4`.
    pub const fn index(self) -> usize {
        self as usize
    }

    /// True for diamonds and hearts.
    pub const fn is_red(self) -> bool {
        matches!(self, Suit::Diamonds | Suit::Hearts)
    }

    /// The canonical one-letter name: `C`, `D`, `H`, `S`.
    pub const fn char(self) -> char {
        match self {
            Suit::Clubs => 'C',
            Suit::Diamonds => 'D',
            Suit::Hearts => 'H',
            Suit::Spades => 'S',
        }
    }

    /// Parses one letter (either case) or a suit symbol.
    pub const fn from_char(c: char) -> Option<Suit> {
        match c {
            'C' | 'c' | '♣' | '♧' => Some(Suit::Clubs),
            'D' | 'd' | '♦' | '♢' => Some(Suit::Diamonds),
            'H' | 'h' | '♥' | '♡' => Some(Suit::Hearts),
            'S' | 's' | '♠' | '♤' => Some(Suit::Spades),
            _ => None,
        }
    }
}

impl fmt::Display for Suit {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.char())
    }
}
