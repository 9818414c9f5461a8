//! Test support for the trick games: hands laid out from a leader, the hands that force a
//! given number of tricks, the legal cards of a position, moves applied with the rules
//! checked, the legal-action count and deal-text checks each game runs, and ([`chooser`]) the
//! tests shared by the trump-chooser games.

pub(crate) mod chooser;

use crate::cards::{CardSet, Rank};
use crate::deal_text::DealText;
use crate::game::Game;
use crate::seat::Seat;
use crate::tricks::{CardOrder, Obligation, TrickPlay, TrickTaking};
use crate::Params;
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;

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

/// Applies `actions` in turn (with a fixed RNG), each checked legal ([`Game::try_apply`]) and
/// the state's invariants checked after it.
///
/// # Panics
/// At an illegal action or a broken invariant.
pub(crate) fn apply_all<G: Game>(game: &G, state: &mut G::State, actions: &[G::Action]) {
    let mut rng = ChaCha8Rng::seed_from_u64(9);
    for &a in actions {
        game.try_apply(state, a, &mut rng)
            .unwrap_or_else(|e| panic!("{a}: {e}"));
        game.check_invariants(state).unwrap();
    }
}

/// Plays the current hand's cards out ([`TrickTaking::trick_play`]), every seat playing its
/// strongest legal card (a trump before a plain card, then by strength; the last of equals),
/// the state's invariants checked after each.
///
/// # Panics
/// If the hand is not in card play, a legal action is not a card, or an invariant breaks.
pub(crate) fn play_strongest<G: TrickTaking>(game: &G, state: &mut G::State) {
    assert!(game.trick_play(state).is_some(), "not in card play");
    let mut rng = ChaCha8Rng::seed_from_u64(1);
    let mut legal = Vec::new();
    while let Some(play) = game.trick_play(state) {
        let o = *play.order();
        game.legal_actions(state, &mut legal);
        let best = legal
            .iter()
            .copied()
            .max_by_key(|&a| {
                let c = G::card(a).unwrap_or_else(|| panic!("{a:?} among the cards to play"));
                (o.is_trump(c), o.strength(c))
            })
            .expect("a legal card");
        game.apply(state, best, &mut rng);
        game.check_invariants(state).unwrap();
    }
}

/// At each player count `G` allows, random games (seeds 0..40) in which, at every turn where
/// the game counts its legal actions, the count is the list's length and
/// [`Game::nth_legal`] walks the list in order
/// ([`counted_actions`](crate::conformance::counted_actions)); the count must be used more
/// than 200 times at each player count.
pub(crate) fn assert_counts_the_legal_actions<G: Game>() {
    let info = G::INFO;
    for players in info.min_players..=info.max_players {
        let g = G::new(players, &Params::new()).unwrap();
        let counted = crate::conformance::counted_actions(&g, 0..40, 1_000_000);
        assert!(counted > 40 * 5, "{players} players: {counted}");
    }
}

/// The deals of seeds 0..10 print as deal texts that read back to the same deals
/// ([`round_trip`](crate::deal_text::round_trip)), each naming the first seat (`N:`).
pub(crate) fn assert_deal_texts_read_back<G: DealText>(g: &G) {
    for seed in 0..10 {
        let s = g.deal(&mut ChaCha8Rng::seed_from_u64(seed));
        let text = crate::deal_text::round_trip(g, &s).unwrap();
        assert!(text.starts_with("N:"), "{text}");
    }
}
