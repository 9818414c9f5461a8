//! [`TrumpChooser`]: a deal in two batches with the trump suit named between them by one seat
//! who has seen only its first cards (Omi: four of eight; Court Piece: five of thirteen).
//!
//! The first batch is dealt into a [`TrickPlay`] whose record's deck is the whole deck, so the
//! undealt rest is a stock nobody has seen: [`TrickPlay::masked`] shows a seat only its own
//! first cards, and [`TrumpChooser::determinize`] deals the other seats' first cards uniformly
//! from the cards that seat has not seen, the rest staying undealt. Naming trumps
//! ([`TrumpChooser::complete`]) deals the undealt cards out (uniformly: they were never seen,
//! so dealing them now is the same as having dealt them at the start) and starts the play.
//! Nothing here allocates.
//!
//! ```
//! use cardsim_engine::cards::{CardSet, Suit};
//! use cardsim_engine::tricks::{CardOrder, Obligation, TrumpChooser};
//! use cardsim_engine::{Seat, SeatMask};
//! use rand::SeedableRng;
//! let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(1);
//! let chooser = TrumpChooser::new(CardSet::FULL_DECK, 4, 5); // Court Piece
//! let play = chooser.deal_first(Seat::new(1), &mut rng);
//! assert_eq!(play.hand(Seat::new(1)).len(), 5);
//! assert_eq!(chooser.undealt(&play).len(), 32);
//! // Seat 1 sees its five cards only; a determinization keeps them and deals the others.
//! let obs = play.masked(SeatMask(1 << 1));
//! let world = chooser.determinize(&obs, Seat::new(1), &mut rng);
//! assert_eq!(world.hand(Seat::new(1)), play.hand(Seat::new(1)));
//! assert_eq!(world.hand(Seat::new(3)).len(), 5);
//! // Seat 1 names spades: everyone gets thirteen cards and seat 1 leads.
//! let order = CardOrder::ace_high(Some(Suit::Spades));
//! let play = chooser.complete(&play, order, Obligation::FollowSuit, Seat::new(1), &mut rng);
//! assert!(Seat::all(4).all(|s| play.hand(s).len() == 13));
//! assert_eq!(play.to_play(), Seat::new(1));
//! ```

use crate::cards::{Card, CardSet, Suit};
use crate::seat::Seat;
use crate::tricks::{CardOrder, Obligation, TrickPlay};
use rand::Rng;

/// A deal of `deck` among `players` seats in two batches, `first` cards each before trumps are
/// named and the rest (an equal share each) after.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TrumpChooser {
    deck: CardSet,
    players: usize,
    first: usize,
}

impl TrumpChooser {
    /// The deal of `deck` (dealt out in full, an equal share each) among `players` seats,
    /// `first` cards each before trumps are named.
    ///
    /// # Panics
    /// If the deck does not divide equally, or `first` is more than a share.
    pub fn new(deck: CardSet, players: usize, first: usize) -> TrumpChooser {
        assert!(
            players > 0 && deck.len() % players == 0 && first * players <= deck.len(),
            "the deck must divide equally and the first batch fit in a share"
        );
        TrumpChooser {
            deck,
            players,
            first,
        }
    }

    /// The cards in play.
    pub const fn deck(&self) -> CardSet {
        self.deck
    }

    /// Cards each seat holds while trumps are being named.
    pub const fn first(&self) -> usize {
        self.first
    }

    /// Cards each seat holds once all are dealt.
    pub const fn hand_size(&self) -> usize {
        self.deck.len() / self.players
    }

    /// The suits the chooser may name: any of the four (there is no passing).
    pub const fn suits(&self) -> [Suit; 4] {
        Suit::ALL
    }

    /// Shuffles and deals the first batch, `first` cards to each seat starting with `leader`
    /// (the dealer's left), the rest staying undealt. The play is not started: there are no
    /// trumps yet and no card may be played before [`TrumpChooser::complete`].
    pub fn deal_first<R: Rng + ?Sized>(&self, leader: Seat, rng: &mut R) -> TrickPlay {
        let mut cards = [Card::from_index(0); 64];
        let mut n = 0;
        for c in self.deck {
            cards[n] = c;
            n += 1;
        }
        let mut hands = [CardSet::EMPTY; 12];
        // A partial Fisher-Yates shuffle: only the cards dealt now are drawn.
        for i in 0..self.first * self.players {
            let j = rng.random_range(i..n);
            cards.swap(i, j);
            hands[leader.left(i % self.players, self.players).index()].insert(cards[i]);
        }
        TrickPlay::new(
            self.players,
            &hands[..self.players],
            leader,
            CardOrder::ace_high(None),
            Obligation::FollowSuit,
        )
        .with_deck(self.deck)
    }

    /// The cards not yet dealt (while trumps are being named; empty afterwards).
    pub fn undealt(&self, play: &TrickPlay) -> CardSet {
        play.unheld(self.deck)
    }

    /// Trumps named: deals the undealt cards out, uniformly, until every seat holds its share,
    /// and returns the play of the hand under `order` with `leader` to lead.
    pub fn complete<R: Rng + ?Sized>(
        &self,
        play: &TrickPlay,
        order: CardOrder,
        obligation: Obligation,
        leader: Seat,
        rng: &mut R,
    ) -> TrickPlay {
        let mut rest = [Card::from_index(0); 64];
        let mut n = 0;
        for c in self.undealt(play) {
            rest[n] = c;
            n += 1;
        }
        let mut hands = [CardSet::EMPTY; 12];
        let mut i = 0;
        for (s, hand) in hands.iter_mut().enumerate().take(self.players) {
            *hand = play.hand(Seat::new(s));
            while hand.len() < self.hand_size() {
                let j = rng.random_range(i..n);
                rest.swap(i, j);
                hand.insert(rest[i]);
                i += 1;
            }
        }
        debug_assert_eq!(i, n, "every undealt card is dealt");
        TrickPlay::new(
            self.players,
            &hands[..self.players],
            leader,
            order,
            obligation,
        )
    }

    /// Trumps named `suit` in the usual way (Omi, Court Piece): [`TrumpChooser::complete`]
    /// with the cards ranked ace high, `suit` trumps, following suit when able and `leader`
    /// to lead.
    pub fn name_trumps<R: Rng + ?Sized>(
        &self,
        play: &TrickPlay,
        suit: Suit,
        leader: Seat,
        rng: &mut R,
    ) -> TrickPlay {
        let order = CardOrder::ace_high(Some(suit));
        self.complete(play, order, Obligation::FollowSuit, leader, rng)
    }

    /// A determinization of the first batch for `seat`, from `masked` (the play as `seat` sees
    /// it: its own first cards only): the other seats' first cards dealt uniformly from the
    /// cards `seat` has not seen, the rest staying undealt.
    ///
    /// # Panics
    /// If `masked` is not a first batch of this deal.
    pub fn determinize<R: Rng + ?Sized>(
        &self,
        masked: &TrickPlay,
        seat: Seat,
        rng: &mut R,
    ) -> TrickPlay {
        masked.determinized(seat, rng)
    }

    /// Checks a first batch: `first` cards in each hand, none played, the record over the
    /// whole deck.
    ///
    /// # Errors
    /// The first inconsistency found.
    pub fn check_first(&self, play: &TrickPlay) -> Result<(), String> {
        play.check()?;
        if play.record().deck() != self.deck || !play.record().played().is_empty() {
            return Err("the first batch's record is not the fresh deck".into());
        }
        for s in Seat::all(self.players) {
            let h = play.hand(s);
            if h.len() != self.first || !h.is_subset(self.deck) {
                return Err(format!(
                    "seat {s} holds {} cards before trumps, expected {}",
                    h.len(),
                    self.first
                ));
            }
        }
        if self.undealt(play).len() != self.deck.len() - self.first * self.players {
            return Err("cards are not conserved in the first batch".into());
        }
        Ok(())
    }

    /// Checks a completed deal: the play ([`TrickPlay::check_deal`]) deals the whole deck, and
    /// its card order's trump suit is `trump`, the suit named.
    ///
    /// # Errors
    /// The first inconsistency found.
    pub fn check_dealt(&self, play: &TrickPlay, trump: Option<Suit>) -> Result<(), String> {
        play.check_deal(self.deck, 0)?;
        if trump.is_none() || play.order().trump() != trump {
            return Err("the card order's trump is not the named suit".into());
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::seat::SeatMask;
    use rand::SeedableRng;
    use rand_chacha::ChaCha8Rng;

    /// The first batch is uniform: over many deals each card reaches each seat about as often
    /// as it stays undealt in proportion (4 of 32 for each seat, 16 of 32 undealt in Omi).
    #[test]
    fn the_first_batch_and_its_determinizations_are_uniform() {
        let deck = CardSet::with_ranks(&crate::cards::Rank::ALL[5..]);
        let ch = TrumpChooser::new(deck, 4, 4);
        let mut rng = ChaCha8Rng::seed_from_u64(7);
        let n = 8000;
        let probe: Card = "AS".parse().unwrap();
        let mut at = [0usize; 5];
        let mut det = [0usize; 5];
        for _ in 0..n {
            let play = ch.deal_first(Seat::new(1), &mut rng);
            ch.check_first(&play).unwrap();
            let holder = Seat::all(4).find(|&s| play.hand(s).contains(probe));
            at[holder.map_or(4, Seat::index)] += 1;
            // Seat 0's view of a deal in which it does not hold the probe.
            if holder != Some(Seat::new(0)) {
                let w = ch.determinize(&play.masked(SeatMask(1)), Seat::new(0), &mut rng);
                ch.check_first(&w).unwrap();
                assert_eq!(w.hand(Seat::new(0)), play.hand(Seat::new(0)));
                let h = Seat::all(4).find(|&s| w.hand(s).contains(probe));
                det[h.map_or(4, Seat::index)] += 1;
            }
        }
        // Expected n/8 per seat (1000, sd about 30) and n/2 undealt.
        for s in 0..4 {
            assert!((at[s] as f64 - 1000.0).abs() < 150.0, "{at:?}");
        }
        assert!((at[4] as f64 - 4000.0).abs() < 250.0, "{at:?}");
        // Given not in seat 0's hand: 4/28 each of three seats, 16/28 undealt.
        let m: usize = det.iter().sum();
        assert_eq!(det[0], 0);
        for &d in &det[1..4] {
            let e = m as f64 * 4.0 / 28.0;
            assert!((d as f64 - e).abs() < 5.0 * e.sqrt(), "{det:?}");
        }
    }

    /// Naming trumps starts an ace-high follow-suit play under them; `check_dealt` wants the
    /// whole deck dealt and the card order's trump to be the suit named.
    #[test]
    fn check_dealt_wants_the_whole_deck_and_the_named_trump() {
        let ch = TrumpChooser::new(CardSet::FULL_DECK, 4, 5);
        let mut rng = ChaCha8Rng::seed_from_u64(4);
        let first = ch.deal_first(Seat::new(1), &mut rng);
        assert!(
            ch.check_dealt(&first, None).is_err(),
            "the first batch only"
        );
        let play = ch.name_trumps(&first, Suit::Spades, Seat::new(1), &mut rng);
        assert_eq!(*play.order(), CardOrder::ace_high(Some(Suit::Spades)));
        assert_eq!(play.obligation(), Obligation::FollowSuit);
        assert_eq!(play.to_play(), Seat::new(1));
        ch.check_dealt(&play, Some(Suit::Spades)).unwrap();
        assert!(ch.check_dealt(&play, Some(Suit::Hearts)).is_err());
        assert!(ch.check_dealt(&play, None).is_err());
        let no_trump = ch.complete(
            &first,
            CardOrder::ace_high(None),
            Obligation::FollowSuit,
            Seat::new(1),
            &mut rng,
        );
        assert!(ch.check_dealt(&no_trump, None).is_err(), "no suit named");
    }

    #[test]
    fn completing_deals_the_rest_and_keeps_the_first_cards() {
        let ch = TrumpChooser::new(CardSet::FULL_DECK, 4, 5);
        let mut rng = ChaCha8Rng::seed_from_u64(3);
        let first = ch.deal_first(Seat::new(2), &mut rng);
        let order = CardOrder::ace_high(Some(Suit::Hearts));
        let play = ch.complete(
            &first,
            order,
            Obligation::FollowSuit,
            Seat::new(2),
            &mut rng,
        );
        play.check().unwrap();
        let mut all = CardSet::EMPTY;
        for s in Seat::all(4) {
            assert!(first.hand(s).is_subset(play.hand(s)));
            assert_eq!(play.hand(s).len(), 13);
            all |= play.hand(s);
        }
        assert_eq!(all, CardSet::FULL_DECK);
        assert_eq!(play.record().deck(), CardSet::FULL_DECK);
        assert_eq!(play.order().trump(), Some(Suit::Hearts));
        assert!(ch.undealt(&play).is_empty());
    }
}
