//! [`TrickPlay`]: the play of one hand, trick by trick, with the public [`PlayRecord`]; and
//! [`Teams`].

use crate::cards::{Card, CardSet};
use crate::game::{rank_by_score, Outcome};
use crate::seat::{BySeat, Seat, SeatMask, MAX_SEATS};
use crate::tricks::{
    sample_deal_grouped_into, sample_deal_into, CardOrder, HiddenHand, Obligation, Trick,
};
use arrayvec::ArrayVec;
use rand::Rng;

/// Which team each seat plays for.
///
/// ```
/// use cardsim_engine::tricks::Teams;
/// use cardsim_engine::Seat;
/// let t = Teams::alternating(4, 2); // North-South against East-West
/// assert_eq!(t.team(Seat::new(2)), 0);
/// assert!(t.same(Seat::new(1), Seat::new(3)));
/// assert_eq!(t.members(1, 4).collect::<Vec<_>>(), [Seat::new(1), Seat::new(3)]);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Teams {
    team: BySeat<u8>,
    count: u8,
}

impl Teams {
    /// `teams` teams, seat `i` in team `i % teams`: partners sit across the table.
    ///
    /// # Panics
    /// If `teams` is zero.
    pub fn alternating(players: usize, teams: usize) -> Teams {
        assert!(teams > 0, "at least one team");
        Teams {
            team: BySeat::from_fn(|s| (s.index() % teams) as u8),
            count: teams.min(players) as u8,
        }
    }

    /// `seat` alone against all the other seats (team 0 and team 1): Nap's bidder against
    /// the table.
    ///
    /// ```
    /// use cardsim_engine::tricks::Teams;
    /// use cardsim_engine::Seat;
    /// let t = Teams::one_against_rest(5, Seat::new(2));
    /// assert_eq!((t.team(Seat::new(2)), t.team(Seat::new(4)), t.count()), (0, 1, 2));
    /// assert!(t.same(Seat::new(0), Seat::new(3)));
    /// ```
    pub fn one_against_rest(players: usize, seat: Seat) -> Teams {
        Teams {
            team: BySeat::from_fn(|s| u8::from(s != seat)),
            count: 2.min(players) as u8,
        }
    }

    /// Every seat for itself.
    pub fn solo(players: usize) -> Teams {
        Teams::alternating(players, players.max(1))
    }

    /// The team of `seat`.
    pub fn team(&self, seat: Seat) -> usize {
        self.team[seat] as usize
    }

    /// Number of teams.
    pub const fn count(&self) -> usize {
        self.count as usize
    }

    /// True when `a` and `b` play for the same team.
    pub fn same(&self, a: Seat, b: Seat) -> bool {
        self.team[a] == self.team[b]
    }

    /// The seats of `team` among `players`.
    pub fn members(&self, team: usize, players: usize) -> impl Iterator<Item = Seat> + '_ {
        Seat::all(players).filter(move |&s| self.team(s) == team)
    }

    /// The outcome of a game in which each team scored `scores[team]`: the `players` seats
    /// ranked by their teams' scores ([`rank_by_score`]), so partners share a place and a win.
    ///
    /// ```
    /// use cardsim_engine::tricks::Teams;
    /// use cardsim_engine::Seat;
    /// let o = Teams::alternating(4, 2).outcome(4, &[3.0, 7.0]);
    /// assert_eq!((o[Seat::new(1)].win, o[Seat::new(3)].win, o[Seat::new(0)].win), (0.5, 0.5, 0.0));
    /// assert_eq!(o[Seat::new(2)].score, 3.0);
    /// ```
    ///
    /// # Panics
    /// If a seat's team has no score in `scores`.
    pub fn outcome(&self, players: usize, scores: &[f64]) -> Outcome {
        let mut by_seat = [0.0; MAX_SEATS];
        for s in Seat::all(players) {
            by_seat[s.index()] = scores[self.team(s)];
        }
        rank_by_score(&by_seat[..players])
    }
}

/// What everyone at the table has seen of the play: the cards played by each seat and the
/// cards each seat has shown it cannot hold (voids, and whatever else an [`Obligation`]
/// reveals). Determinization samples hidden hands that avoid [`PlayRecord::excluded`].
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct PlayRecord {
    deck: CardSet,
    played: CardSet,
    by_seat: BySeat<CardSet>,
    led: BySeat<CardSet>,
    excluded: BySeat<CardSet>,
}

impl PlayRecord {
    /// An empty record for a hand played with the cards of `deck`.
    pub fn new(deck: CardSet) -> PlayRecord {
        PlayRecord {
            deck,
            ..PlayRecord::default()
        }
    }

    /// The cards of the game.
    pub const fn deck(&self) -> CardSet {
        self.deck
    }

    /// Every card played so far (the current trick included).
    pub const fn played(&self) -> CardSet {
        self.played
    }

    /// The cards `seat` has played.
    pub fn played_by(&self, seat: Seat) -> CardSet {
        self.by_seat[seat]
    }

    /// The cards `seat` has led to tricks.
    pub fn led_by(&self, seat: Seat) -> CardSet {
        self.led[seat]
    }

    /// The cards `seat` has shown it does not hold.
    pub fn excluded(&self, seat: Seat) -> CardSet {
        self.excluded[seat]
    }

    /// Adds a fact learnt outside the trick play: `seat` holds none of `cards`.
    pub fn exclude(&mut self, seat: Seat, cards: CardSet) {
        self.excluded[seat] |= cards;
    }

    /// Records `seat` playing `card` to `trick` (the trick before the play) under `order` and
    /// `obligation`.
    #[inline]
    pub fn note(
        &mut self,
        seat: Seat,
        card: Card,
        trick: &Trick,
        order: &CardOrder,
        obligation: Obligation,
    ) {
        self.played.insert(card);
        self.by_seat[seat].insert(card);
        if trick.is_empty() {
            self.led[seat].insert(card);
        }
        self.excluded[seat] |= obligation.excluded(trick, card, order, self.deck);
    }
}

/// The play of one hand of tricks: every seat's hand, the trick in progress, tricks won, the
/// last completed trick and the public record, under one [`CardOrder`] and [`Obligation`].
///
/// Game modules hold one of these for their play phase and add what is theirs (bidding,
/// scoring, exposed cards). A seat may sit out (Euchre's lone hands): only the `active` seats
/// play, in seat order to the left.
///
/// ```
/// use cardsim_engine::cards::{CardSet, Suit};
/// use cardsim_engine::tricks::{CardOrder, Obligation, TrickPlay};
/// use cardsim_engine::{BySeat, Seat};
/// let hands = ["AS 2H", "KS 3H", "QS 4H", "JS 5H"].map(|h| h.parse::<CardSet>().unwrap());
/// let order = CardOrder::ace_high(Some(Suit::Hearts));
/// let mut play = TrickPlay::new(4, &hands, Seat::new(0), order, Obligation::FollowSuit);
/// assert_eq!(play.legal().len(), 2);
/// for card in ["AS", "KS", "QS"] {
///     assert_eq!(play.play(card.parse().unwrap()), None);
/// }
/// assert_eq!(play.legal().to_string(), "JS"); // must follow
/// assert_eq!(play.play("JS".parse().unwrap()), Some(Seat::new(0)));
/// assert_eq!(play.to_play(), Seat::new(0));
/// play.play("2H".parse().unwrap());
/// play.play("3H".parse().unwrap());
/// play.play("4H".parse().unwrap());
/// assert_eq!(play.play("5H".parse().unwrap()), Some(Seat::new(3)));
/// assert!(play.is_over());
/// assert_eq!(play.tricks_won(Seat::new(0)) + play.tricks_won(Seat::new(3)), 2);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct TrickPlay {
    hands: BySeat<CardSet>,
    hand_len: BySeat<u8>,
    trick: Trick,
    last: Option<Trick>,
    won: BySeat<u8>,
    tricks: u8,
    record: PlayRecord,
    active: SeatMask,
    /// The number of seats in `active` (the cards in a full trick).
    active_len: u8,
    players: u8,
    order: CardOrder,
    obligation: Obligation,
    /// The seat to play next, kept up to date by every play (a function of the other fields).
    next: Seat,
}

impl TrickPlay {
    /// The play of a hand among `players` seats holding `hands` (one per seat), with `leader`
    /// leading to the first trick. The record's deck is the union of the hands.
    ///
    /// # Panics
    /// If `hands` has fewer than `players` entries.
    pub fn new(
        players: usize,
        hands: &[CardSet],
        leader: Seat,
        order: CardOrder,
        obligation: Obligation,
    ) -> TrickPlay {
        let mut h = BySeat::default();
        let mut hand_len = BySeat::default();
        let mut deck = CardSet::EMPTY;
        for s in Seat::all(players) {
            h[s] = hands[s.index()];
            hand_len[s] = h[s].len() as u8;
            deck |= hands[s.index()];
        }
        TrickPlay {
            hands: h,
            hand_len,
            trick: Trick::new(leader),
            last: None,
            won: BySeat::default(),
            tricks: 0,
            record: PlayRecord::new(deck),
            active: SeatMask::all(players),
            active_len: players as u8,
            players: players as u8,
            order,
            obligation,
            next: leader,
        }
    }

    /// A copy in which only the seats of `active` play (the others' cards stay in hand, unseen).
    pub fn with_active(mut self, active: SeatMask) -> TrickPlay {
        self.active = active;
        self.active_len = active.0.count_ones() as u8;
        self.next = match self.trick.seats().last() {
            None => self.trick.leader(),
            Some(&s) => self.next_active(s),
        };
        self
    }

    /// A copy whose record covers `deck` (cards of the game that are in no hand, such as a
    /// kitty, are then known to be somewhere unseen).
    pub fn with_deck(mut self, deck: CardSet) -> TrickPlay {
        self.record.deck = deck;
        self
    }

    /// Number of seats at the table.
    pub const fn players(&self) -> usize {
        self.players as usize
    }

    /// The seats that play.
    pub const fn active(&self) -> SeatMask {
        self.active
    }

    /// The card order.
    pub const fn order(&self) -> &CardOrder {
        &self.order
    }

    /// Changes the card order from the next play on (Ogórek's last trick).
    pub fn set_order(&mut self, order: CardOrder) {
        self.order = order;
    }

    /// The obligation.
    pub const fn obligation(&self) -> Obligation {
        self.obligation
    }

    /// The hand of `seat` (empty for a hidden hand of an observation).
    pub fn hand(&self, seat: Seat) -> CardSet {
        self.hands[seat]
    }

    /// The hands of seats `0..N`, for a game of a fixed `N` players.
    pub fn hands_array<const N: usize>(&self) -> [CardSet; N] {
        std::array::from_fn(|i| self.hand(Seat::new(i)))
    }

    /// How many cards `seat` holds, known to everyone even when the hand is hidden.
    pub fn hand_len(&self, seat: Seat) -> usize {
        self.hand_len[seat] as usize
    }

    /// The trick in progress (empty before a lead).
    pub const fn trick(&self) -> &Trick {
        &self.trick
    }

    /// The last completed trick.
    pub const fn last_trick(&self) -> Option<&Trick> {
        self.last.as_ref()
    }

    /// Tricks won so far by `seat`.
    pub fn tricks_won(&self, seat: Seat) -> usize {
        self.won[seat] as usize
    }

    /// Tricks won so far by the seats of `team`.
    pub fn team_tricks(&self, teams: &Teams, team: usize) -> usize {
        teams
            .members(team, self.players())
            .map(|s| self.tricks_won(s))
            .sum()
    }

    /// Tricks completed so far.
    pub const fn tricks_played(&self) -> usize {
        self.tricks as usize
    }

    /// The public record.
    pub const fn record(&self) -> &PlayRecord {
        &self.record
    }

    /// The public record, mutably (to add facts learnt outside the trick play).
    pub fn record_mut(&mut self) -> &mut PlayRecord {
        &mut self.record
    }

    /// True when every active hand is empty.
    pub fn is_over(&self) -> bool {
        self.trick.is_empty() && self.active.iter().all(|s| self.hand_len[s] == 0)
    }

    /// The seat to play next (the leader of an empty trick).
    #[inline]
    pub fn to_play(&self) -> Seat {
        self.next
    }

    /// The next active seat to the left of `seat`.
    pub fn next_active(&self, seat: Seat) -> Seat {
        let mut s = seat.next(self.players());
        while !self.active.contains(s) {
            s = s.next(self.players());
        }
        s
    }

    /// The cards the seat to play may play.
    #[inline]
    pub fn legal(&self) -> CardSet {
        self.obligation
            .legal(self.hands[self.to_play()], &self.trick, &self.order)
    }

    /// How many cards the seat to play may play: `legal().len()`.
    #[inline]
    pub fn legal_count(&self) -> usize {
        self.legal().len()
    }

    /// Card number `n` (from 0, in ascending card order) of [`TrickPlay::legal`]: what a
    /// trick-taking game's [`Game::nth_legal`](crate::Game::nth_legal) answers in card play.
    ///
    /// # Panics
    /// If `n` is not below [`TrickPlay::legal_count`].
    #[inline]
    pub fn nth_legal(&self, n: usize) -> Card {
        self.legal().nth(n).expect("n below the legal count")
    }

    /// Card number `pick(count)` of [`TrickPlay::legal`] (`count` cards, at least two; a single
    /// legal card is answered without asking): [`TrickPlay::legal_count`] and
    /// [`TrickPlay::nth_legal`] in one, the legal cards found once, for a trick-taking game's
    /// [`Game::pick_legal`](crate::Game::pick_legal).
    ///
    /// # Errors
    /// `pick`'s error.
    ///
    /// # Panics
    /// If `pick` answers a number not below `count`.
    #[inline]
    pub fn pick_legal<E>(&self, pick: impl FnOnce(usize) -> Result<usize, E>) -> Result<Card, E> {
        let legal = self.legal();
        let n = match legal.len() {
            1 => 0,
            count => pick(count)?,
        };
        Ok(legal.nth(n).expect("a number below the legal count"))
    }

    /// Replaces the hand of `seat` before the first card is played (a card taken up or
    /// discarded in the bidding, as in Euchre): what [`TrickPlay::new`] with the new hands
    /// would give, the deck of the record unchanged.
    ///
    /// # Panics
    /// In debug builds, if a card has been played.
    pub fn set_hand(&mut self, seat: Seat, hand: CardSet) {
        debug_assert!(self.record.played.is_empty(), "cards have been played");
        self.hands[seat] = hand;
        self.hand_len[seat] = hand.len() as u8;
    }

    /// Plays `card` for the seat to play; when it completes the trick, scores it and returns
    /// the winner, who leads next.
    ///
    /// The card must be one of [`TrickPlay::legal`] (checked in debug builds).
    pub fn play(&mut self, card: Card) -> Option<Seat> {
        debug_assert!(self.legal().contains(card), "illegal play {card}");
        let seat = self.to_play();
        self.record
            .note(seat, card, &self.trick, &self.order, self.obligation);
        self.hands[seat].remove(card);
        self.hand_len[seat] -= 1;
        self.trick.push(seat, card);
        if self.trick.len() < self.active_len as usize {
            self.next = self.next_active(seat);
            return None;
        }
        let (winner, _) = self.trick.winner(&self.order).expect("a full trick");
        self.won[winner] += 1;
        self.tricks += 1;
        self.last = Some(self.trick);
        self.trick = Trick::new(winner);
        self.next = winner;
        Some(winner)
    }

    /// A copy with the hands of the seats outside `visible` emptied (their sizes stay
    /// known): what a seat that sees only those hands may know.
    pub fn masked(&self, visible: SeatMask) -> TrickPlay {
        let mut out = *self;
        for s in Seat::all(self.players()) {
            if !visible.contains(s) {
                out.hands[s] = CardSet::EMPTY;
            }
        }
        out
    }

    /// The cards not played and not in any hand of `visible`: where the hidden hands' cards
    /// (and any unseen stock) come from.
    pub fn unseen(&self, visible: SeatMask) -> CardSet {
        let mut out = self.record.deck - self.record.played;
        for s in visible.iter().filter(|s| s.index() < self.players()) {
            out -= self.hands[s];
        }
        out
    }

    /// The cards of `deck` in no hand and not played: an undealt rest, a stub, a discard.
    pub fn unheld(&self, deck: CardSet) -> CardSet {
        let mut out = deck - self.record.played;
        for s in Seat::all(self.players()) {
            out -= self.hands[s];
        }
        out
    }

    /// Deals the cards unseen by the holder of `visible` to the other seats, uniformly among
    /// the deals that respect hand sizes, the record's exclusions and `known` (cards known to
    /// be in a hidden hand, such as Whist's exposed trump card, already placed there by the
    /// caller or not). Returns `false`, leaving the hands unchanged, if no deal is consistent.
    pub fn resample<R: Rng + ?Sized>(
        &mut self,
        visible: SeatMask,
        known: &BySeat<CardSet>,
        rng: &mut R,
    ) -> bool {
        self.resample_with(visible, known, rng, sample_deal_into)
    }

    /// [`TrickPlay::resample`] through [`sample_deal_grouped_into`]: the same distribution,
    /// much faster with many hidden hands (hands with the same exclusions are dealt as one),
    /// but other draws than [`TrickPlay::resample`] whenever two hands merge.
    pub fn resample_grouped<R: Rng + ?Sized>(
        &mut self,
        visible: SeatMask,
        known: &BySeat<CardSet>,
        rng: &mut R,
    ) -> bool {
        self.resample_with(visible, known, rng, sample_deal_grouped_into)
    }

    fn resample_with<R: Rng + ?Sized>(
        &mut self,
        visible: SeatMask,
        known: &BySeat<CardSet>,
        rng: &mut R,
        sample: fn(CardSet, &[HiddenHand], &mut [CardSet], &mut R) -> bool,
    ) -> bool {
        let mut hidden: ArrayVec<Seat, MAX_SEATS> = ArrayVec::new();
        let mut spec: ArrayVec<HiddenHand, MAX_SEATS> = ArrayVec::new();
        let mut all_known = CardSet::EMPTY;
        for s in Seat::all(self.players()).filter(|&s| !visible.contains(s)) {
            hidden.push(s);
            all_known |= known[s];
            spec.push(HiddenHand {
                count: self.hand_len(s).saturating_sub(known[s].len()),
                excluded: self.record.excluded(s),
            });
        }
        let unseen = self.unseen(visible) - all_known;
        let mut deal = [CardSet::EMPTY; MAX_SEATS + 1];
        if !sample(unseen, &spec, &mut deal, rng) {
            return false;
        }
        for (i, &s) in hidden.iter().enumerate() {
            self.hands[s] = deal[i] | known[s];
        }
        true
    }

    /// A world consistent with what `observer` knows of this play (its own hand and the public
    /// record, as in an observation): the cards it has not seen dealt to the other seats as
    /// [`TrickPlay::resample`] deals them, with nothing else known.
    ///
    /// # Panics
    /// If no deal is consistent, which never happens for an observation of a real game.
    pub fn determinized<R: Rng + ?Sized>(&self, observer: Seat, rng: &mut R) -> TrickPlay {
        let mut play = *self;
        let ok = play.resample(SeatMask(1 << observer.index()), &BySeat::default(), rng);
        assert!(ok, "an observation of a real game has a consistent deal");
        play
    }

    /// Checks the play as [`TrickPlay::check`] does, and that it is a deal of `deck`: the
    /// record's deck is `deck`, and the hands, the played cards and `set_aside` cards out of
    /// play (a stub, a discard) add up to it.
    ///
    /// # Errors
    /// The first inconsistency found.
    pub fn check_deal(&self, deck: CardSet, set_aside: usize) -> Result<(), String> {
        self.check()?;
        if self.record.deck != deck {
            return Err("the record's deck is not the game's deck".into());
        }
        let held: usize = Seat::all(self.players()).map(|s| self.hands[s].len()).sum();
        if held + set_aside + self.record.played.len() != deck.len() {
            return Err("cards are not conserved".into());
        }
        Ok(())
    }

    /// Checks that hands, tricks and the record agree: no card in two places, hand sizes
    /// right, the trick's cards played, tricks won adding up.
    ///
    /// # Errors
    /// The first inconsistency found.
    pub fn check(&self) -> Result<(), String> {
        let mut seen = CardSet::EMPTY;
        for s in Seat::all(self.players()) {
            let h = self.hands[s];
            if !h.is_disjoint(seen) {
                return Err(format!("seat {s}'s hand overlaps another"));
            }
            if !h.is_disjoint(self.record.played) {
                return Err(format!("seat {s} holds a played card"));
            }
            if !h.is_empty() && h.len() != self.hand_len(s) {
                return Err(format!(
                    "seat {s} holds {} cards, expected {}",
                    h.len(),
                    self.hand_len(s)
                ));
            }
            seen |= h;
        }
        if !self.trick.card_set().is_subset(self.record.played) {
            return Err("a card in the trick is not recorded as played".into());
        }
        let to_play = match self.trick.seats().last() {
            None => self.trick.leader(),
            Some(&s) => self.next_active(s),
        };
        if self.next != to_play {
            return Err(format!(
                "seat {} is marked to play, but it is seat {to_play}'s turn",
                self.next
            ));
        }
        let won: usize = Seat::all(self.players()).map(|s| self.tricks_won(s)).sum();
        if won != self.tricks_played() {
            return Err(format!(
                "{won} tricks won but {} played",
                self.tricks_played()
            ));
        }
        let in_play = self.active.0.count_ones() as usize;
        if self.record.played.len() != self.tricks_played() * in_play + self.trick.len() {
            return Err("played cards do not match the tricks".into());
        }
        if !(seen | self.record.played).is_subset(self.record.deck) {
            return Err("a card outside the deck".into());
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cards::Suit;
    use rand::seq::IndexedRandom;
    use rand::SeedableRng;
    use rand_chacha::ChaCha8Rng;

    /// `check_deal` wants the record's deck to be the game's and the hands, the played cards
    /// and the cards set aside to add up to it.
    #[test]
    fn check_deal_counts_hands_played_and_set_aside_cards() {
        let hands = ["AS KS", "QS JS", "AH KH", "QH JH"].map(|h| h.parse::<CardSet>().unwrap());
        let deck = hands.iter().fold(CardSet::EMPTY, |a, &h| a | h);
        let order = CardOrder::ace_high(None);
        let mut play = TrickPlay::new(4, &hands, Seat::new(0), order, Obligation::FollowSuit);
        play.check_deal(deck, 0).unwrap();
        assert!(
            play.check_deal(deck, 1).is_err(),
            "a card too many set aside"
        );
        let wider = deck | "AD".parse::<CardSet>().unwrap();
        assert!(
            play.check_deal(wider, 1).is_err(),
            "the record's deck is not the game's"
        );
        let stub = play.with_deck(wider);
        stub.check_deal(wider, 1).unwrap();
        assert!(stub.check_deal(wider, 0).is_err(), "a card unaccounted for");
        play.play("AS".parse().unwrap());
        play.check_deal(deck, 0).unwrap();
        assert!(play.check_deal(deck, 1).is_err());
    }

    /// A determinization keeps the observer's hand, whichever seat it is, and deals the others
    /// their sizes from the cards it has not seen.
    #[test]
    fn determinized_keeps_the_observers_hand() {
        let play = random_play(5);
        let mut rng = ChaCha8Rng::seed_from_u64(6);
        for me in Seat::all(4) {
            let world = play
                .masked(SeatMask(1 << me.index()))
                .determinized(me, &mut rng);
            world.check().unwrap();
            assert_eq!(world.hand(me), play.hand(me));
            for s in Seat::all(4) {
                assert_eq!(world.hand(s).len(), 13);
            }
        }
    }

    /// Partners share their side's place and win.
    #[test]
    fn a_partnership_outcome_ranks_each_seat_by_its_side() {
        let teams = Teams::alternating(4, 2);
        let o = teams.outcome(4, &[2.0, 5.0]);
        for s in Seat::all(4) {
            let side = teams.team(s);
            assert_eq!(o[s].score, [2.0, 5.0][side]);
            assert_eq!((o[s].place, o[s].win), [(3, 0.0), (1, 0.5)][side]);
        }
        let tie = teams.outcome(4, &[3.0, 3.0]);
        assert!(Seat::all(4).all(|s| tie[s].win == 0.25 && tie[s].place == 1));
    }

    fn random_play(seed: u64) -> TrickPlay {
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        let cards = crate::tricks::shuffled(CardSet::FULL_DECK, &mut rng);
        let hands: Vec<CardSet> = cards
            .chunks(13)
            .map(|c| c.iter().copied().collect())
            .collect();
        TrickPlay::new(
            4,
            &hands,
            Seat::new(1),
            CardOrder::ace_high(Some(Suit::Diamonds)),
            Obligation::FollowSuit,
        )
    }

    #[test]
    fn random_hands_conserve_cards_and_record_voids() {
        for seed in 0..20 {
            let mut rng = ChaCha8Rng::seed_from_u64(seed + 100);
            let mut play = random_play(seed);
            let mut tricks = 0;
            while !play.is_over() {
                play.check().unwrap();
                let seat = play.to_play();
                let legal: Vec<Card> = play.legal().iter().collect();
                let hand = play.hand(seat);
                let card = *legal.choose(&mut rng).unwrap();
                let led = play.trick().led();
                if play.play(card).is_some() {
                    tricks += 1;
                }
                // Every recorded exclusion is true of the real hand.
                for s in Seat::all(4) {
                    assert!(play.hand(s).is_disjoint(play.record().excluded(s)));
                }
                if let Some(l) = led {
                    if card.suit() != l.suit() {
                        assert!(hand.of_suit(l.suit()).is_empty(), "a revoke was allowed");
                        assert!(play
                            .record()
                            .excluded(seat)
                            .covers(CardSet::FULL_DECK.of_suit(l.suit())));
                    }
                }
            }
            play.check().unwrap();
            assert_eq!(tricks, 13);
            assert_eq!(Seat::all(4).map(|s| play.tricks_won(s)).sum::<usize>(), 13);
            assert_eq!(play.record().played(), CardSet::FULL_DECK);
        }
    }

    trait Superset {
        fn covers(self, other: CardSet) -> bool;
    }
    impl Superset for CardSet {
        fn covers(self, other: CardSet) -> bool {
            other.is_subset(self)
        }
    }

    #[test]
    fn resample_keeps_what_the_viewer_knows() {
        let mut rng = ChaCha8Rng::seed_from_u64(5);
        let mut play = random_play(3);
        for _ in 0..23 {
            let c = play.legal().iter().next().unwrap();
            play.play(c);
        }
        let viewer = Seat::new(2);
        let visible = SeatMask(1 << viewer.index());
        let masked = play.masked(visible);
        assert_eq!(masked.hand(Seat::new(0)), CardSet::EMPTY);
        assert_eq!(masked.hand_len(Seat::new(0)), play.hand_len(Seat::new(0)));
        for _ in 0..50 {
            let mut d = masked;
            assert!(d.resample(visible, &BySeat::default(), &mut rng));
            d.check().unwrap();
            assert_eq!(d.masked(visible), masked);
            assert_eq!(d.hand(viewer), play.hand(viewer));
            for s in Seat::all(4) {
                assert_eq!(d.hand_len(s), play.hand_len(s));
                assert!(d.hand(s).is_disjoint(d.record().excluded(s)));
            }
        }
        // A known card stays with its holder.
        let known_card = play.hand(Seat::new(0)).iter().next().unwrap();
        let mut known = BySeat::default();
        known[Seat::new(0)] = CardSet::from_card(known_card);
        let mut d = masked;
        assert!(d.resample(visible, &known, &mut rng));
        assert!(d.hand(Seat::new(0)).contains(known_card));
    }

    #[test]
    fn sitting_out_seats_are_skipped() {
        let hands = ["AS", "KS", "QS", "JS"].map(|h| h.parse::<CardSet>().unwrap());
        let mut play = TrickPlay::new(
            4,
            &hands,
            Seat::new(3),
            CardOrder::ace_high(None),
            Obligation::FollowSuit,
        )
        .with_active(SeatMask(0b1011));
        assert_eq!(play.to_play(), Seat::new(3));
        play.play("JS".parse().unwrap());
        assert_eq!(play.to_play(), Seat::new(0));
        play.play("AS".parse().unwrap());
        assert_eq!(play.to_play(), Seat::new(1));
        assert_eq!(play.play("KS".parse().unwrap()), Some(Seat::new(0)));
        assert!(play.is_over());
        play.check().unwrap();
    }
}
