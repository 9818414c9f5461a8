//! The 54-card Tarock deck: [`TarotCard`] and [`TarotSet`].

use super::{Element64, Set64, Suit};
use std::fmt;
use std::str::FromStr;

/// A card of the 54-card French-suited Tarock deck (sets of them: [`TarotSet`]): four suits
/// of eight (four pips and the extended court Page, Knight, Queen, King) and 22 trumps, the
/// Sküs being trump 22 (the Fool, where a tarot deck has one, serves as trump 22).
///
/// # Bit layout
///
/// A [`TarotCard`] is an index in `0..54` over the same [`Set64`] machinery as
/// [`Card`](super::Card):
/// suit `s` (clubs 0, diamonds 1, hearts 2, spades 3) owns bits `8s..8s+8`, and inside a suit
/// the slot is the card's strength, low to high:
///
/// | slot | 0 | 1 | 2 | 3 | 4 | 5 | 6 | 7 |
/// |------|---|---|---|---|---|---|---|---|
/// | black suits (clubs, spades) | 7 | 8 | 9 | 10 | Page (J) | Knight (C) | Queen | King |
/// | red suits (diamonds, hearts) | 4 | 3 | 2 | 1 | Page (J) | Knight (C) | Queen | King |
///
/// (the red pips rank in reverse, the 1 highest, as in every Tarock game). Trump `n` (1..=22)
/// is bit `31 + n`, so trumps too compare by bit order and a 54-card set is one `u64`.
///
/// Text: a suit card is its rank then its suit (`KS`, `QH`, `CD` for the Knight of diamonds,
/// `JC` for the Page of clubs, `7S`, `TS` or `10S`, `1H` to `4H`); a trump is its number then
/// `T` (`1T`, `21T`, `22T` for the Sküs).
///
/// ```
/// use cardsim_engine::cards::{Suit, TarotCard, TarotSet};
/// let hand: TarotSet = "KS QS 1H 4H 21T 22T".parse().unwrap();
/// assert_eq!(hand.len(), 6);
/// assert_eq!(hand.trumps().len(), 2);
/// assert_eq!(hand.of_suit(Suit::Hearts).to_string(), "4H 1H"); // the 1 ranks above the 4
/// assert_eq!(TarotSet::DECK.len(), 54);
/// ```
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct TarotCard(u8);

/// The four court cards of a Tarock suit, low to high.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Court {
    /// The Page (Jack, *valet*), written `J`.
    Page = 4,
    /// The Knight (*cavalier*), written `C`.
    Knight = 5,
    /// The Queen, written `Q`.
    Queen = 6,
    /// The King, written `K`.
    King = 7,
}

impl Court {
    /// The four courts, low to high.
    pub const ALL: [Court; 4] = [Court::Page, Court::Knight, Court::Queen, Court::King];

    /// The letter of the court: `J`, `C`, `Q`, `K`.
    pub const fn char(self) -> char {
        match self {
            Court::Page => 'J',
            Court::Knight => 'C',
            Court::Queen => 'Q',
            Court::King => 'K',
        }
    }
}

impl TarotCard {
    /// Number of cards in the deck.
    pub const COUNT: usize = 54;
    /// The Sküs, trump 22, the highest card.
    pub const SKUS: TarotCard = TarotCard(53);

    /// The card at `index`, or `None` if `index >= 54`.
    pub const fn try_from_index(index: u8) -> Option<TarotCard> {
        if index < 54 {
            Some(TarotCard(index))
        } else {
            None
        }
    }

    /// The card at `index`.
    ///
    /// # Panics
    /// If `index >= 54`.
    pub const fn from_index(index: u8) -> TarotCard {
        match TarotCard::try_from_index(index) {
            Some(c) => c,
            None => panic!("no tarot card at this index"),
        }
    }

    /// Trump `n` (1..=22).
    ///
    /// # Panics
    /// If `n` is not in 1..=22.
    pub const fn trump(n: u8) -> TarotCard {
        assert!(n >= 1 && n <= 22, "trumps are numbered 1 to 22");
        TarotCard(31 + n)
    }

    /// The court card `court` of `suit`.
    pub const fn court(court: Court, suit: Suit) -> TarotCard {
        TarotCard((suit as u8) * 8 + court as u8)
    }

    /// The pip of `suit` in slot `slot` (0..4, low to high: 7 8 9 10 in black, 4 3 2 1 in
    /// red).
    ///
    /// # Panics
    /// If `slot >= 4`.
    pub const fn pip_slot(slot: u8, suit: Suit) -> TarotCard {
        assert!(slot < 4, "four pips a suit");
        TarotCard((suit as u8) * 8 + slot)
    }

    /// The index `0..54` (the card's bit).
    pub const fn index(self) -> usize {
        self.0 as usize
    }

    /// The single-bit mask of this card.
    pub const fn bit(self) -> u64 {
        1 << self.0
    }

    /// True for the 22 trumps.
    pub const fn is_trump(self) -> bool {
        self.0 >= 32
    }

    /// The trump's number (1..=22), or `None` for a suit card.
    pub const fn trump_number(self) -> Option<u8> {
        if self.is_trump() {
            Some(self.0 - 31)
        } else {
            None
        }
    }

    /// The suit, or `None` for a trump.
    pub const fn suit(self) -> Option<Suit> {
        if self.is_trump() {
            None
        } else {
            Some(Suit::from_index(self.0 / 8))
        }
    }

    /// The court rank, or `None` for a pip or a trump.
    pub const fn court_rank(self) -> Option<Court> {
        if self.is_trump() {
            return None;
        }
        match self.0 % 8 {
            4 => Some(Court::Page),
            5 => Some(Court::Knight),
            6 => Some(Court::Queen),
            7 => Some(Court::King),
            _ => None,
        }
    }

    /// The printed number of a pip (7 to 10 in black, 1 to 4 in red), or `None`.
    pub const fn pip(self) -> Option<u8> {
        if self.is_trump() || self.0 % 8 >= 4 {
            return None;
        }
        let slot = self.0 % 8;
        if Suit::from_index(self.0 / 8).is_red() {
            Some(4 - slot)
        } else {
            Some(7 + slot)
        }
    }

    /// The "suit" a card follows as: its suit, or `None` for a trump (the trumps form a
    /// fifth suit of their own).
    pub const fn follows(self) -> Option<Suit> {
        self.suit()
    }

    /// All 54 cards in index order.
    pub fn all() -> impl Iterator<Item = TarotCard> {
        (0..54).map(TarotCard)
    }
}

impl Element64 for TarotCard {
    #[inline]
    fn to_index(self) -> u8 {
        self.0
    }
    #[inline]
    fn from_index_unchecked(index: u8) -> Self {
        TarotCard(index)
    }
}

/// Why a tarot card could not be parsed.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("invalid tarot card {token:?}: expected a court (J, C, Q, K) or pip (7-10 or T in black, 1-4 in red) then a suit (C, D, H, S), e.g. CD or 1H, or a trump number then T, e.g. 21T")]
pub struct ParseTarotCardError {
    /// The rejected text.
    pub token: String,
}

impl FromStr for TarotCard {
    type Err = ParseTarotCardError;

    fn from_str(s: &str) -> Result<TarotCard, ParseTarotCardError> {
        let err = || ParseTarotCardError {
            token: s.to_string(),
        };
        let t = s.trim().to_ascii_uppercase();
        if t.len() < 2 || !t.is_ascii() {
            return Err(err());
        }
        let (rank, last) = t.split_at(t.len() - 1);
        let last = last.chars().next().ok_or_else(err)?;
        if last == 'T' && rank.chars().all(|c| c.is_ascii_digit()) {
            let n: u8 = rank.parse().map_err(|_| err())?;
            return if (1..=22).contains(&n) {
                Ok(TarotCard::trump(n))
            } else {
                Err(err())
            };
        }
        let suit = Suit::from_char(last).ok_or_else(err)?;
        let slot = match rank {
            "J" => 4,
            "C" => 5,
            "Q" => 6,
            "K" => 7,
            "T" | "10" if !suit.is_red() => 3,
            "7" | "8" | "9" if !suit.is_red() => rank.parse::<u8>().map_err(|_| err())? - 7,
            "1" | "2" | "3" | "4" if suit.is_red() => 4 - rank.parse::<u8>().map_err(|_| err())?,
            _ => return Err(err()),
        };
        Ok(TarotCard((suit as u8) * 8 + slot))
    }
}

impl fmt::Display for TarotCard {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if let Some(n) = self.trump_number() {
            return write!(f, "{n}T");
        }
        let suit = self.suit().expect("a suit card").char();
        match (self.court_rank(), self.pip()) {
            (Some(c), _) => write!(f, "{}{suit}", c.char()),
            (None, Some(10)) => write!(f, "T{suit}"),
            (None, Some(p)) => write!(f, "{p}{suit}"),
            (None, None) => unreachable!("a suit card is a court or a pip"),
        }
    }
}

impl fmt::Debug for TarotCard {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(self, f)
    }
}

/// A set of [`TarotCard`]s in one `u64` (see [`TarotCard`] for the layout).
pub type TarotSet = Set64<TarotCard>;

impl TarotSet {
    /// The whole 54-card deck.
    pub const DECK: TarotSet = TarotSet::from_bits((1 << 54) - 1);
    /// The 22 trumps.
    pub const TRUMPS: TarotSet = TarotSet::from_bits(((1 << 22) - 1) << 32);
    /// The 32 suit cards.
    pub const SUIT_CARDS: TarotSet = TarotSet::from_bits((1 << 32) - 1);

    /// The eight cards of `suit`.
    pub const fn suit_mask(suit: Suit) -> TarotSet {
        TarotSet::from_bits(0xFF << (8 * suit as u32))
    }
    /// The four cards of `court`.
    pub const fn court_mask(court: Court) -> TarotSet {
        TarotSet::from_bits(0x0101_0101 << court as u32)
    }
    /// The cards of `suit` in this set.
    pub const fn of_suit(self, suit: Suit) -> TarotSet {
        self.intersection(TarotSet::suit_mask(suit))
    }
    /// The trumps in this set.
    pub const fn trumps(self) -> TarotSet {
        self.intersection(TarotSet::TRUMPS)
    }
    /// The cards that follow as `follows` (a suit, or `None` for the trumps).
    pub const fn of_follow(self, follows: Option<Suit>) -> TarotSet {
        match follows {
            Some(s) => self.of_suit(s),
            None => self.trumps(),
        }
    }
}

impl FromStr for TarotSet {
    type Err = ParseTarotCardError;
    /// Cards separated by whitespace or commas, in any order; `-` or nothing is the empty set.
    /// A card given twice is an error.
    fn from_str(s: &str) -> Result<TarotSet, ParseTarotCardError> {
        let mut set = TarotSet::EMPTY;
        for token in s
            .split(|c: char| c.is_whitespace() || c == ',')
            .filter(|t| !t.is_empty() && *t != "-")
        {
            let c: TarotCard = token.parse()?;
            if !set.insert(c) {
                return Err(ParseTarotCardError {
                    token: format!("{token} (twice)"),
                });
            }
        }
        Ok(set)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_card_round_trips_through_text() {
        let mut all = TarotSet::EMPTY;
        for c in TarotCard::all() {
            let text = c.to_string();
            assert_eq!(text.parse::<TarotCard>(), Ok(c), "{text}");
            assert_eq!(text.to_lowercase().parse::<TarotCard>(), Ok(c), "{text}");
            assert!(all.insert(c));
        }
        assert_eq!(all, TarotSet::DECK);
        assert_eq!("10S".parse::<TarotCard>().unwrap().to_string(), "TS");
        for bad in ["", "T", "0T", "23T", "7H", "1S", "TD", "5H", "KX", "AS"] {
            assert!(bad.parse::<TarotCard>().is_err(), "{bad}");
        }
    }

    #[test]
    fn the_deck_has_four_suits_of_eight_and_22_trumps() {
        assert_eq!(TarotSet::DECK.len(), 54);
        assert_eq!(TarotSet::TRUMPS.len(), 22);
        assert_eq!(TarotSet::SUIT_CARDS | TarotSet::TRUMPS, TarotSet::DECK);
        for s in Suit::ALL {
            let cards = TarotSet::DECK.of_suit(s);
            assert_eq!(cards.len(), 8);
            assert!(cards.iter().all(|c| c.suit() == Some(s)));
        }
        for k in Court::ALL {
            let cards = TarotSet::court_mask(k);
            assert_eq!(cards.len(), 4);
            assert!(cards.iter().all(|c| c.court_rank() == Some(k)));
        }
        assert_eq!(TarotCard::SKUS, "22T".parse().unwrap());
        assert_eq!(TarotSet::TRUMPS.highest(), Some(TarotCard::SKUS));
        assert_eq!(TarotSet::TRUMPS.lowest(), Some(TarotCard::trump(1)));
    }

    #[test]
    fn suit_cards_rank_by_index_red_pips_reversed() {
        let order = |s: &str| -> Vec<String> {
            let set: TarotSet = s.parse().unwrap();
            set.iter().map(|c| c.to_string()).collect()
        };
        assert_eq!(
            order("KS QS CS JS TS 9S 8S 7S"),
            ["7S", "8S", "9S", "TS", "JS", "CS", "QS", "KS"]
        );
        assert_eq!(
            order("KH QH CH JH 1H 2H 3H 4H"),
            ["4H", "3H", "2H", "1H", "JH", "CH", "QH", "KH"]
        );
    }
}
