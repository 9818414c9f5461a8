//! [`Trick`]: the cards played to one trick, in order, with who played them.

use crate::cards::{Card, CardSet, Suit};
use crate::seat::{Seat, MAX_SEATS};
use crate::tricks::CardOrder;
use std::fmt;

/// One trick: its leader and the cards played so far, in play order, each with its seat.
/// Inline and `Copy` (no heap), for up to [`MAX_SEATS`] plays.
///
/// ```
/// use cardsim_engine::cards::Suit;
/// use cardsim_engine::tricks::{CardOrder, Trick};
/// use cardsim_engine::Seat;
/// let mut t = Trick::new(Seat::new(1));
/// for (i, c) in ["KH", "AH", "2S", "3H"].iter().enumerate() {
///     t.push(Seat::new(1).left(i, 4), c.parse().unwrap());
/// }
/// assert_eq!(t.len(), 4);
/// assert_eq!(t.led().unwrap().to_string(), "KH");
/// assert_eq!(t.winner(&CardOrder::ace_high(None)).unwrap().0, Seat::new(2));
/// assert_eq!(t.winner(&CardOrder::ace_high(Some(Suit::Spades))).unwrap().0, Seat::new(3));
/// assert_eq!(t.to_string(), "1: KH AH 2S 3H");
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct Trick {
    leader: Seat,
    len: u8,
    cards: [Card; MAX_SEATS],
    seats: [Seat; MAX_SEATS],
}

impl Trick {
    /// An empty trick that `leader` leads to.
    pub const fn new(leader: Seat) -> Trick {
        Trick {
            leader,
            len: 0,
            cards: [Card::JOKER; MAX_SEATS],
            seats: [Seat::new(0); MAX_SEATS],
        }
    }

    /// The seat that leads (or led) to this trick.
    pub const fn leader(&self) -> Seat {
        self.leader
    }

    /// Number of cards played to it.
    pub const fn len(&self) -> usize {
        self.len as usize
    }

    /// True before the lead.
    pub const fn is_empty(&self) -> bool {
        self.len == 0
    }

    /// The cards in play order.
    pub fn cards(&self) -> &[Card] {
        &self.cards[..self.len as usize]
    }

    /// The seats that played, in play order.
    pub fn seats(&self) -> &[Seat] {
        &self.seats[..self.len as usize]
    }

    /// `(seat, card)` pairs in play order.
    pub fn plays(&self) -> impl DoubleEndedIterator<Item = (Seat, Card)> + ExactSizeIterator + '_ {
        self.seats()
            .iter()
            .copied()
            .zip(self.cards().iter().copied())
    }

    /// The cards as a set.
    pub fn card_set(&self) -> CardSet {
        self.cards().iter().copied().collect()
    }

    /// The card led, if any.
    pub const fn led(&self) -> Option<Card> {
        if self.len == 0 {
            None
        } else {
            Some(self.cards[0])
        }
    }

    /// The effective suit led under `order`, if any card was led.
    pub fn led_suit(&self, order: &CardOrder) -> Option<Suit> {
        self.led().map(|c| order.suit_of(c))
    }

    /// The card `seat` played to this trick, if it did.
    pub fn card_of(&self, seat: Seat) -> Option<Card> {
        self.plays().find(|&(s, _)| s == seat).map(|(_, c)| c)
    }

    /// Adds `seat`'s play of `card`.
    ///
    /// # Panics
    /// If the trick already holds [`MAX_SEATS`] cards.
    pub fn push(&mut self, seat: Seat, card: Card) {
        assert!(
            (self.len as usize) < MAX_SEATS,
            "a trick holds at most one card per seat"
        );
        self.cards[self.len as usize] = card;
        self.seats[self.len as usize] = seat;
        self.len += 1;
    }

    /// The seat and card currently winning (or that won) the trick under `order`; `None` for
    /// an empty trick.
    pub fn winner(&self, order: &CardOrder) -> Option<(Seat, Card)> {
        let led = order.suit_of(self.led()?);
        let mut best = 0;
        for i in 1..self.len() {
            if order.beats(self.cards[i], self.cards[best], led) {
                best = i;
            }
        }
        Some((self.seats[best], self.cards[best]))
    }
}

impl Default for Trick {
    fn default() -> Self {
        Trick::new(Seat::new(0))
    }
}

impl fmt::Display for Trick {
    /// `leader: card card ...`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}:", self.leader)?;
        for c in self.cards() {
            write!(f, " {c}")?;
        }
        Ok(())
    }
}

impl fmt::Debug for Trick {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Trick({self})")
    }
}
