//! The position: [`TrashState`] (stock order, face-down cards and all) and its
//! [`DiscardPile`].

use super::{Decision, Layout, MAX_CARDS};
use crate::cards::{Card, CardMultiset};
use crate::seat::{BySeat, Seat};
use arrayvec::ArrayVec;

/// The discard pile. Only the most recent discard can be taken; once it is taken the pile has
/// no takeable card until the next discard, and the older cards matter only as a multiset
/// (they are reshuffled into the stock when it runs out). All of it is face up.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct DiscardPile {
    /// The most recent discard, if it is still there.
    pub top: Option<Card>,
    /// The older discards.
    pub rest: CardMultiset,
}

impl DiscardPile {
    /// Every card in the pile.
    pub fn cards(&self) -> CardMultiset {
        let mut all = self.rest;
        if let Some(c) = self.top {
            all.insert(c);
        }
        all
    }
}

/// A complete Trash position: stock order, face-down cards and all.
///
/// Cheap to clone and allocation-free: the stock is an inline array (drawn from the end), the
/// discard pile a top card plus a multiset, the layouts small `Copy` values.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TrashState {
    pub(super) stock: ArrayVec<Card, MAX_CARDS>,
    /// The cards everybody knows to be in the stock, in no order: all of it once the stock
    /// has been rebuilt from the (face-up) discards this hand, none of it before.
    pub(super) stock_known: CardMultiset,
    pub(super) discards: DiscardPile,
    pub(super) layouts: BySeat<Layout>,
    pub(super) wins: BySeat<u8>,
    /// The card in the hand of the seat whose turn it is.
    pub(super) held: Option<Card>,
    pub(super) turn: Seat,
    pub(super) dealer: Seat,
    pub(super) hand: u16,
    pub(super) decision: Option<Decision>,
    pub(super) winner: Option<Seat>,
    pub(super) turns: u32,
    pub(super) reshuffles: u32,
}

impl TrashState {
    /// The seat whose turn it is (after the game, the winner).
    pub fn turn(&self) -> Seat {
        self.turn
    }
    /// The choice the seat to move faces; `None` once the game is over.
    pub fn decision(&self) -> Option<Decision> {
        self.decision
    }
    /// The card in the hand of the seat whose turn it is.
    pub fn held(&self) -> Option<Card> {
        self.held
    }
    /// A seat's layout.
    pub fn layout(&self, seat: Seat) -> &Layout {
        &self.layouts[seat]
    }
    /// Hands a seat has won.
    pub fn wins(&self, seat: Seat) -> u8 {
        self.wins[seat]
    }
    /// The discard pile.
    pub fn discards(&self) -> &DiscardPile {
        &self.discards
    }
    /// The stock, the next card to draw last.
    pub fn stock(&self) -> &[Card] {
        &self.stock
    }
    /// The cards everybody knows to be in the stock (see
    /// [`TrashObservation::stock_known`](super::TrashObservation::stock_known)).
    pub fn stock_known(&self) -> CardMultiset {
        self.stock_known
    }
    /// The dealer of the current hand.
    pub fn dealer(&self) -> Seat {
        self.dealer
    }
    /// The current hand, from 1.
    pub fn hand(&self) -> u16 {
        self.hand
    }
    /// The game winner, once the game is over.
    pub fn winner(&self) -> Option<Seat> {
        self.winner
    }
}
