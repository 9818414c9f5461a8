//! [`Census`]: the cards of a position counted place by place (hands, stock, pile, melds) and
//! checked to make up the deck, each card exactly once.

use crate::cards::{Card, CardSet};

/// Cards counted from every place they can lie: the distinct cards and how many were counted,
/// so that a card in two places shows as well as a missing one.
///
/// ```
/// use cardsim_engine::games::common::Census;
/// use cardsim_engine::CardSet;
/// let mut census = Census::default();
/// census.add_set(CardSet::SPADES | CardSet::HEARTS);
/// census.add_cards(&(CardSet::DIAMONDS | CardSet::CLUBS).iter().collect::<Vec<_>>());
/// assert!(census.check(CardSet::FULL_DECK).is_ok());
/// census.add_cards(&["AS".parse().unwrap()]);
/// assert!(census.check(CardSet::FULL_DECK).is_err());
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Census {
    all: CardSet,
    counted: usize,
}

impl Census {
    /// Counts the cards of `set` (a hand, a meld).
    pub fn add_set(&mut self, set: CardSet) {
        self.all |= set;
        self.counted += set.len();
    }

    /// Counts `cards` one by one (a stock, a pile).
    pub fn add_cards<'a>(&mut self, cards: impl IntoIterator<Item = &'a Card>) {
        for &c in cards {
            self.all.insert(c);
            self.counted += 1;
        }
    }

    /// Checks that the cards counted are `deck`, each counted once.
    ///
    /// # Errors
    /// "cards not conserved", with the count and the distinct cards, when they are not.
    pub fn check(&self, deck: CardSet) -> Result<(), String> {
        if self.all != deck || self.counted != deck.len() {
            return Err(format!(
                "cards not conserved: {} cards, {} distinct",
                self.counted,
                self.all.len()
            ));
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A missing card, a card counted twice (even with the count right) and a card outside the
    /// deck each fail the check; the whole deck once passes.
    #[test]
    fn the_deck_must_be_counted_exactly_once() {
        let deck = CardSet::FULL_DECK;
        let ace: Card = "AS".parse().unwrap();
        let whole = |skip: Option<Card>| {
            let mut c = Census::default();
            c.add_set(skip.map_or(deck, |s| deck.without(s)));
            c
        };
        assert_eq!(whole(None).check(deck), Ok(()));
        let missing = whole(Some(ace));
        assert_eq!(
            missing.check(deck),
            Err("cards not conserved: 51 cards, 51 distinct".into())
        );
        let mut twice = whole(Some("2C".parse().unwrap()));
        twice.add_cards(&[ace]);
        assert_eq!(
            twice.check(deck),
            Err("cards not conserved: 52 cards, 51 distinct".into())
        );
        let mut outside = whole(None);
        outside.add_cards(&[Card::JOKER]);
        assert!(outside.check(deck).is_err());
    }
}
