//! [`Trick`]: the cards played to one trick, in order, with who played them.

use crate::cards::{Card, CardSet, Suit};
use crate::seat::{Seat, MAX_SEATS};
use crate::tricks::{CardOrder, TieBreak};
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
        // As `order.beats` card by card, by comparing powers: selects, not branches.
        let last_wins_ties = order.tie_break() == TieBreak::LastPlayed;
        let mut best = 0;
        let mut top = order.power(self.cards[0], led);
        for i in 1..self.len() {
            let p = order.power(self.cards[i], led);
            let better = p > top || (last_wins_ties && p == top);
            best = if better { i } else { best };
            top = if better { p } else { top };
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cards::Rank;
    use rand::seq::SliceRandom;
    use rand::{Rng, SeedableRng};

    /// The winner as the rules say it: each card in turn against the best so far.
    fn by_beats(t: &Trick, order: &CardOrder) -> Option<(Seat, Card)> {
        let led = order.suit_of(t.led()?);
        let mut best = (t.seats()[0], t.cards()[0]);
        for (s, c) in t.plays().skip(1) {
            if order.beats(c, best.1, led) {
                best = (s, c);
            }
        }
        Some(best)
    }

    #[test]
    fn the_winner_is_the_card_that_beats_all_before_it() {
        let orders = [
            CardOrder::ace_high(None),
            CardOrder::ace_high(Some(Suit::Hearts)),
            CardOrder::euchre(Suit::Clubs, Some(Card::JOKER)),
            // Courts of strength 0, first (or last) played of equals winning.
            CardOrder::from_fn(Some(Suit::Spades), TieBreak::FirstPlayed, |c| {
                (
                    c.suit(),
                    if c.rank() >= Rank::Jack {
                        0
                    } else {
                        c.rank().number()
                    },
                )
            }),
            CardOrder::from_fn(None, TieBreak::LastPlayed, |c| {
                (Suit::Clubs, c.rank().number())
            }),
        ];
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(5);
        let mut deck: Vec<Card> = Card::all52().chain([Card::JOKER]).collect();
        for _ in 0..2000 {
            deck.shuffle(&mut rng);
            let n = rng.random_range(0..=MAX_SEATS);
            let mut t = Trick::new(Seat::new(0));
            for (i, &c) in deck[..n].iter().enumerate() {
                t.push(Seat::new(i), c);
            }
            for order in &orders {
                assert_eq!(t.winner(order), by_beats(&t, order), "{t}");
            }
        }
    }
}
