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
    /// The cards of the stock everybody knows, as a multiset since the stock is shuffled.
    /// Empty until the stock is rebuilt: the dealt stock is as unknown as the face-down
    /// layouts. A rebuilt stock is made of discards everybody saw face up, so from then on
    /// (until the next deal) it is all known, and each draw, shown face up in the drawer's
    /// hand, leaves it.
    pub stock_known: CardMultiset,
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

    /// The cards whose place nobody knows: the decks less every visible card and the known
    /// stock. They fill the face-down spots and the unknown rest of the stock.
    pub fn unknown(&self, all: CardMultiset) -> CardMultiset {
        all.checked_sub(self.visible())
            .and_then(|u| u.checked_sub(self.stock_known))
            .expect("the observation shows more cards than the decks hold")
    }

    /// Who acts next.
    pub fn to_move(&self) -> ToMove {
        match self.decision {
            Some(_) => ToMove::Seat(self.turn),
            None => ToMove::Over,
        }
    }
}
