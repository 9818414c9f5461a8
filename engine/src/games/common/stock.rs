//! A face-down stock: one 52-card deck of distinct cards, or (Spoons) several decks shuffled
//! together.

use crate::cards::{Card, CardMultiset, CardSet};
use arrayvec::ArrayVec;
use rand::seq::SliceRandom;
use rand::Rng;
use std::marker::PhantomData;

/// The most cards a [`Stock`] holds: one 52-card deck.
pub const STOCK_CAPACITY: usize = 52;

/// The cards a [`StockOf`] is built from and deals into: a [`CardSet`] (distinct cards) or a
/// [`CardMultiset`] (identical cards possible).
pub trait StockCards: FromIterator<Card> {
    /// Cards held, every copy counted.
    fn count(&self) -> usize;
    /// Adds one card.
    fn add(&mut self, c: Card);
    /// Every card (every copy), in the collection's own order.
    fn each(&self) -> impl Iterator<Item = Card> + '_;
}

/// [`StockCards`] for the card collections, which share the methods it needs.
macro_rules! stock_cards {
    ($($t:ty),*) => {$(
        impl StockCards for $t {
            fn count(&self) -> usize {
                self.len()
            }
            fn add(&mut self, c: Card) {
                self.insert(c);
            }
            fn each(&self) -> impl Iterator<Item = Card> + '_ {
                self.iter()
            }
        }
    )*};
}

stock_cards!(CardSet, CardMultiset);

/// A face-down stock of one 52-card deck of distinct cards: [`StockOf`] a [`CardSet`].
pub type Stock = StockOf<CardSet, STOCK_CAPACITY>;

/// A face-down stock of up to `N` cards, drawn from the top (the end of
/// [`StockOf::as_slice`]), built from and dealt into `H`: a [`CardSet`] ([`Stock`]), or a
/// [`CardMultiset`] where several decks are shuffled together. It lives inline (no heap), so
/// drawing and rebuilding it never allocate.
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
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct StockOf<H, const N: usize> {
    cards: ArrayVec<Card, N>,
    held: PhantomData<fn() -> H>,
}

impl<H, const N: usize> Default for StockOf<H, N> {
    fn default() -> Self {
        StockOf {
            cards: ArrayVec::new(),
            held: PhantomData,
        }
    }
}

impl<H: StockCards, const N: usize> StockOf<H, N> {
    /// The cards of `cards` (every copy) in a uniformly random order.
    pub fn shuffled<R: Rng + ?Sized>(cards: H, rng: &mut R) -> Self {
        let mut stock = Self::default();
        stock.refill(cards, rng);
        stock
    }

    /// A stock in a known order, the first card listed on top (drawn first).
    ///
    /// # Panics
    /// With more than `N` cards ([`STOCK_CAPACITY`] for a [`Stock`]).
    pub fn from_top(cards: impl IntoIterator<Item = Card>) -> Self {
        let mut v: ArrayVec<Card, N> = cards.into_iter().collect();
        v.reverse();
        StockOf {
            cards: v,
            held: PhantomData,
        }
    }

    /// Adds `cards` to the stock and shuffles the whole of it (a stock rebuilt from the
    /// played cards is usually empty first).
    pub fn refill<R: Rng + ?Sized>(&mut self, cards: H, rng: &mut R) {
        self.cards.extend(cards.each());
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

    /// The cards as a set (or multiset).
    pub fn cards(&self) -> H {
        self.cards.iter().copied().collect()
    }

    /// Takes the top card.
    pub fn draw(&mut self) -> Option<Card> {
        self.cards.pop()
    }

    /// Draws into `hand` until it holds `size` cards or the stock is empty; returns how many
    /// were drawn.
    pub fn draw_up_to(&mut self, hand: &mut H, size: usize) -> usize {
        let mut drawn = 0;
        while hand.count() < size {
            let Some(c) = self.cards.pop() else { break };
            hand.add(c);
            drawn += 1;
        }
        drawn
    }

    /// Empties the stock.
    pub fn clear(&mut self) {
        self.cards.clear();
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use rand::SeedableRng;
    use rand_chacha::ChaCha8Rng;

    /// Spoons' stock of several decks is the same stock: with one deck it shuffles and deals
    /// exactly as the one-deck [`Stock`], and with two it holds and deals every copy.
    #[test]
    fn a_multiset_stock_of_one_deck_deals_as_the_set_stock() {
        let mut set = Stock::shuffled(CardSet::FULL_DECK, &mut ChaCha8Rng::seed_from_u64(3));
        let one = CardMultiset::copies(CardSet::FULL_DECK, 1);
        let mut multi =
            StockOf::<CardMultiset, 104>::shuffled(one, &mut ChaCha8Rng::seed_from_u64(3));
        assert_eq!(set.as_slice(), multi.as_slice());
        let (mut a, mut b) = (CardSet::EMPTY, CardMultiset::default());
        assert_eq!(set.draw_up_to(&mut a, 5), 5);
        assert_eq!(multi.draw_up_to(&mut b, 5), 5);
        assert_eq!(b, a.iter().collect());
        assert_eq!(multi.cards(), set.cards().iter().collect());

        let two = CardMultiset::copies(CardSet::FULL_DECK, 2);
        let mut multi =
            StockOf::<CardMultiset, 104>::shuffled(two, &mut ChaCha8Rng::seed_from_u64(3));
        assert_eq!(multi.cards(), two);
        let mut hand = CardMultiset::default();
        assert_eq!(multi.draw_up_to(&mut hand, 200), 104);
        assert_eq!((hand, multi.is_empty()), (two, true));
    }
}
