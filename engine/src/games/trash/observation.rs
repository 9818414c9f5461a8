//! What a seat knows: [`TrashObservation`].

use super::{Decision, DiscardPile, PublicLayout};
use crate::cards::{Card, CardMultiset};
use crate::game::ToMove;
use crate::seat::{BySeat, Seat, MAX_SEATS};

/// What a seat knows: in Trash everything face up is public and nobody, the owner included,
/// knows the face-down cards or the stock order, so every seat sees the same.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TrashObservation {
    /// The observing seat.
    pub seat: Seat,
    /// Every seat's layout as everybody sees it (seats not playing have size 0).
    pub layouts: BySeat<PublicLayout>,
    /// Hands won by each seat.
    pub wins: BySeat<u8>,
    /// The seat whose turn it is, who holds [`TrashObservation::held`].
    pub turn: Seat,
    /// The card in that seat's hand.
    pub held: Option<Card>,
    /// The choice the seat to move faces; `None` once the game is over.
    pub decision: Option<Decision>,
    /// The game winner, once the game is over.
    pub winner: Option<Seat>,
    /// The discard pile.
    pub discards: DiscardPile,
    /// Cards left in the stock.
    pub stock: u16,
    /// The dealer of the current hand.
    pub dealer: Seat,
    /// The current hand, from 1 (the `hands` statistic).
    pub hand: u16,
    /// Turns begun so far (the `turns` statistic).
    pub turns: u32,
    /// Times the stock was rebuilt from the discards (the `reshuffles` statistic).
    pub reshuffles: u32,
}

impl TrashObservation {
    /// Every card anyone can see: face-up layout cards, the discard pile and the held card.
    pub fn visible(&self) -> CardMultiset {
        let mut all = self.discards.cards();
        if let Some(c) = self.held {
            all.insert(c);
        }
        for layout in self.layouts.first(MAX_SEATS) {
            all.extend(layout.face_up_cards());
        }
        all
    }

    /// Who acts next.
    pub fn to_move(&self) -> ToMove {
        match self.decision {
            Some(_) => ToMove::Seat(self.turn),
            None => ToMove::Over,
        }
    }
}
