//! Card ranks, including the tarot Knight.

use std::fmt;

/// A rank. The discriminant is the rank's slot in its suit lane: ace-high strength order.
///
/// Games that count the ace low use [`Rank::number`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
#[repr(u8)]
pub enum Rank {
    /// 2.
    Two = 2,
    /// 3.
    Three = 3,
    /// 4.
    Four = 4,
    /// 5.
    Five = 5,
    /// 6.
    Six = 6,
    /// 7.
    Seven = 7,
    /// 8.
    Eight = 8,
    /// 9.
    Nine = 9,
    /// 10, written `T` (or `10` on input).
    Ten = 10,
    /// Jack (knave, page).
    Jack = 11,
    /// Knight (cavalier) of tarot-style decks, written `C`; not in the 52-card deck.
    Knight = 12,
    /// Queen.
    Queen = 13,
    /// King.
    King = 14,
    /// Ace, the highest slot.
    Ace = 15,
}

impl Rank {
    /// Number of ranks in the 52-card deck.
    pub const COUNT: usize = 13;
    /// The 13 ranks of the 52-card deck, two to ace.
    pub const ALL: [Rank; 13] = [
        Rank::Two,
        Rank::Three,
        Rank::Four,
        Rank::Five,
        Rank::Six,
        Rank::Seven,
        Rank::Eight,
        Rank::Nine,
        Rank::Ten,
        Rank::Jack,
        Rank::Queen,
        Rank::King,
        Rank::Ace,
    ];

    /// The rank in lane slot `slot`, or `None` for slots 0, 1 and >= 16.
    pub const fn try_from_slot(slot: u8) -> Option<Rank> {
        Some(match slot {
            2 => Rank::Two,
            3 => Rank::Three,
            4 => Rank::Four,
            5 => Rank::Five,
            6 => Rank::Six,
            7 => Rank::Seven,
            8 => Rank::Eight,
            9 => Rank::Nine,
            10 => Rank::Ten,
            11 => Rank::Jack,
            12 => Rank::Knight,
            13 => Rank::Queen,
            14 => Rank::King,
            15 => Rank::Ace,
            _ => return None,
        })
    }

    /// The rank in lane slot `slot`.
    ///
    /// # Panics
    /// If `slot` is not in `2..16`.
    pub const fn from_slot(slot: u8) -> Rank {
        match Rank::try_from_slot(slot) {
            Some(r) => r,
            None => panic!("rank slot out of range"),
        }
    }

    /// The slot in the suit lane (`2..=15`).
    pub const fn slot(self) -> u8 {
        self as u8
    }

    /// The face number with the ace low: A=1, 2..10, J=11, Q=12, K=13. The Knight, which has no
    /// place in the French numbering, gives 0.
    pub const fn number(self) -> u8 {
        match self {
            Rank::Ace => 1,
            Rank::Knight => 0,
            Rank::Queen => 12,
            Rank::King => 13,
            r => r as u8,
        }
    }

    /// The rank whose ace-low face number is `n` (1 = ace ... 13 = king).
    pub const fn from_number(n: u8) -> Option<Rank> {
        match n {
            1 => Some(Rank::Ace),
            2..=11 => Rank::try_from_slot(n),
            12 => Some(Rank::Queen),
            13 => Some(Rank::King),
            _ => None,
        }
    }

    /// The canonical one-character name: `2`..`9`, `T`, `J`, `C`, `Q`, `K`, `A`.
    pub const fn char(self) -> char {
        match self {
            Rank::Two => '2',
            Rank::Three => '3',
            Rank::Four => '4',
            Rank::Five => '5',
            Rank::Six => '6',
            Rank::Seven => '7',
            Rank::Eight => '8',
            Rank::Nine => '9',
            Rank::Ten => 'T',
            Rank::Jack => 'J',
            Rank::Knight => 'C',
            Rank::Queen => 'Q',
            Rank::King => 'K',
            Rank::Ace => 'A',
        }
    }

    /// Parses a rank token: `2`..`9`, `T`/`10`, `J`, `C`, `Q`, `K`, `A` (either case).
    pub fn from_token(token: &str) -> Option<Rank> {
        Some(match token {
            "10" | "T" | "t" => Rank::Ten,
            "J" | "j" => Rank::Jack,
            "C" | "c" => Rank::Knight,
            "Q" | "q" => Rank::Queen,
            "K" | "k" => Rank::King,
            "A" | "a" => Rank::Ace,
            _ => {
                let b = token.as_bytes();
                if b.len() == 1 && (b'2'..=b'9').contains(&b[0]) {
                    Rank::from_slot(b[0] - b'0')
                } else {
                    return None;
                }
            }
        })
    }
}

impl fmt::Display for Rank {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.char())
    }
}
