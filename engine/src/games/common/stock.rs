//! A face-down stock of a single 52-card deck.

use crate::cards::{Card, CardSet};
use arrayvec::ArrayVec;
use rand::seq::SliceRandom;
use rand::Rng;

/// The most cards a [`Stock`] holds: one 52-card deck.
pub const STOCK_CAPACITY: usize = 52;

/// A face-down stock of distinct cards, drawn from the top (the end of [`Stock::as_slice`]).
/// It lives inline (no heap), so drawing and rebuilding it never allocate.
///
/// ```
/// use cardsim_engine::games::common::Stock;
/// use cardsim_engine::{Card, CardSet};
/// let c = |s: &str| s.parse::<Card>().unwrap();
/// // Listed top first: the ace is drawn first.
/// let mut stock = Stock::from_top(["AS", "2H", "3D"].map(c));
/// let mut hand: CardSet = [c("KC")].into_iter().collect();
/// assert_eq!(stock.draw_up_to(&mut hand, 3), 2);
/// assert_eq!(hand, [c("KC"), c("AS"), c("2H")].into_iter().collect());
/// assert_eq!(stock.draw(), Some(c("3D")));
/// assert!(stock.is_empty() && stock.draw().is_none());
/// ```
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash)]
pub struct Stock {
    cards: ArrayVec<Card, STOCK_CAPACITY>,
}

impl Stock {
    /// The cards of `cards` in a uniformly random order.
    pub fn shuffled<R: Rng + ?Sized>(cards: CardSet, rng: &mut R) -> Stock {
        let mut stock = Stock::default();
        stock.refill(cards, rng);
        stock
    }

    /// A stock in a known order, the first card listed on top (drawn first).
    ///
    /// # Panics
    /// With more than [`STOCK_CAPACITY`] cards.
    pub fn from_top(cards: impl IntoIterator<Item = Card>) -> Stock {
        let mut v: ArrayVec<Card, STOCK_CAPACITY> = cards.into_iter().collect();
        v.reverse();
        Stock { cards: v }
    }

    /// Adds `cards` to the stock and shuffles the whole of it (a stock rebuilt from the
    /// played cards is usually empty first).
    pub fn refill<R: Rng + ?Sized>(&mut self, cards: CardSet, rng: &mut R) {
        self.cards.extend(cards.iter());
        self.cards.shuffle(rng);
    }

    /// Cards left.
    pub fn len(&self) -> usize {
        self.cards.len()
    }

    /// True when no card is left.
    pub fn is_empty(&self) -> bool {
        self.cards.is_empty()
    }

    /// The cards, bottom first (the top card is last).
    pub fn as_slice(&self) -> &[Card] {
        &self.cards
    }

    /// The cards as a set.
    pub fn cards(&self) -> CardSet {
        self.cards.iter().copied().collect()
    }

    /// Takes the top card.
    pub fn draw(&mut self) -> Option<Card> {
        self.cards.pop()
    }

    /// Draws into `hand` until it holds `size` cards or the stock is empty; returns how many
    /// were drawn.
    pub fn draw_up_to(&mut self, hand: &mut CardSet, size: usize) -> usize {
        let mut drawn = 0;
        while hand.len() < size {
            let Some(c) = self.cards.pop() else { break };
            hand.insert(c);
            drawn += 1;
        }
        drawn
    }

    /// Empties the stock.
    pub fn clear(&mut self) {
        self.cards.clear();
    }
}
