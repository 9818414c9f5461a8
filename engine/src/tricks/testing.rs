//! Test support for the trick games: hands laid out from a leader, the hands that force a
//! given number of tricks, and the legal cards of a position.

use crate::cards::{CardSet, Rank};
use crate::seat::Seat;
use crate::tricks::{CardOrder, Obligation, TrickPlay, TrickTaking};

/// The play of four `hands`, given from `leader` round to its left, under `order`, following
/// suit, `leader` to lead.
pub(crate) fn play_from(leader: Seat, hands: [CardSet; 4], order: CardOrder) -> TrickPlay {
    let mut by_seat = [CardSet::EMPTY; 4];
    for (i, h) in hands.into_iter().enumerate() {
        by_seat[leader.left(i, 4).index()] = h;
    }
    TrickPlay::new(4, &by_seat, leader, order, Obligation::FollowSuit)
}

/// Four hands of a deck of `ranks` (in order, two to ace) in which, spades trumps and the
/// first hand leading, the first hand's side takes exactly `x` tricks however they are
/// played: the first hand holds the top `x` spades and the lowest hearts, the second the other
/// spades and hearts, the third all the diamonds and the fourth all the clubs. The first hand
/// wins exactly the tricks it plays a spade to (its spades outrank the others' and are
/// trumps), the second all the others (its hearts outrank the first's and its spades are
/// trumps); diamonds and clubs never win.
pub(crate) fn forced(ranks: &[Rank], x: usize) -> [CardSet; 4] {
    let suit = |s: CardSet, ranks: &[Rank]| CardSet::with_ranks(ranks) & s;
    let (low, high) = ranks.split_at(ranks.len() - x);
    [
        suit(CardSet::SPADES, high) | suit(CardSet::HEARTS, low),
        suit(CardSet::SPADES, low) | suit(CardSet::HEARTS, high),
        suit(CardSet::DIAMONDS, ranks),
        suit(CardSet::CLUBS, ranks),
    ]
}

/// The cards `game` lets the seat to move play in `state`.
///
/// # Panics
/// If a legal action is not a card.
pub(crate) fn legal_cards<G: TrickTaking>(game: &G, state: &G::State) -> CardSet {
    let mut out = Vec::new();
    game.legal_actions(state, &mut out);
    out.into_iter()
        .map(|a| G::card(a).unwrap_or_else(|| panic!("{a:?} among the cards to play")))
        .collect()
}
