//! Hasenpfeffer: Euchre with a joker, a one-round auction for the right to name trumps and a
//! widow, six tricks a hand, game to 10 points.
//!
//! - **Players:** 4, partners opposite: seats 0 and 2 (team 0) against seats 1 and 3 (team 1).
//! - **Deck:** 25 cards, nine to ace in four suits and a joker. Six cards each; the 25th card
//!   lies face down as the widow.
//! - **Bidding:** one round from the dealer's left ([`Auction`]): pass or bid a number of tricks
//!   from `min_bid` (1) to 6, above the standing bid; the dealer speaks last. If all four pass,
//!   the holder of the joker shows it and is held to a bid of 3; if the joker is the widow, the
//!   hand is void and the next dealer deals.
//! - **The declarer** (the high bidder) takes the widow into hand, names trumps, discards one
//!   card face down (not the joker) and leads.
//! - **Play:** follow suit if able; trumps rank joker, right bower (jack of trumps), left bower
//!   (the other jack of the same colour, a trump), A K Q 10 9 ([`CardOrder::euchre`] with the
//!   joker); plain suits ace high.
//! - **Scoring:** declarers who take at least their contract score one point a trick, else lose
//!   the contract; defenders always score one point a trick. The first side to `target` (10)
//!   wins; when both sides reach it on the same hand the declarers win. `max_deals` stops an
//!   unending game, the higher score winning (equal scores draw).
//!
//! The first dealer is seat 3, so seat 0 bids first; the deal passes left.
//! Rulings are in `docs/rules/hasenpfeffer.md`.
//!
//! ```
//! use cardsim_engine::games::hasenpfeffer::Hasenpfeffer;
//! use cardsim_engine::{Game, Params, ToMove};
//! use rand::SeedableRng;
//! let game = Hasenpfeffer::new(4, &Params::new()).unwrap();
//! let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(1);
//! let mut state = game.deal(&mut rng);
//! let mut legal = Vec::new();
//! while let ToMove::Seat(_) = game.to_move(&state) {
//!     game.legal_actions(&state, &mut legal);
//!     game.apply(&mut state, legal[0], &mut rng);
//! }
//! assert!(game.outcome(&state).is_some());
//! ```

use crate::cards::{Card, CardSet, Rank, Suit};
use crate::game::{check_players, ConfigError, Game, GameInfo, Outcome, ParamSpec, Params, ToMove};
use crate::games::common::Auction;
use crate::games::common::ToTarget;
use crate::seat::MAX_SEATS;
use crate::seat::{BySeat, Seat, SeatMask};
use crate::tricks::{
    sample_deal_into, CardOrder, HiddenHand, Obligation, Teams, TrickPlay, TrickTaking,
};
use arrayvec::ArrayVec;
use rand::seq::SliceRandom;
use rand::Rng;
use std::fmt;

#[cfg(test)]
mod tests;

/// The bid the joker's holder is held to when all four pass.
pub const FORCED_BID: u8 = 3;

/// The rules of Hasenpfeffer with its options.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Hasenpfeffer {
    /// The match's end: `target` points, at most `max_deals` deals.
    end: ToTarget<i32>,
    min_bid: u8,
}

/// Where a hand stands.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Phase {
    /// The auction.
    Bid,
    /// The declarer, holding the widow, names trumps.
    Trump,
    /// The declarer discards a card face down.
    Discard,
    /// The tricks.
    Play,
    /// The game is over.
    Over,
}

/// A Hasenpfeffer move.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum HasenpfefferAction {
    /// Pass in the auction.
    Pass,
    /// Bid this many tricks.
    Bid(u8),
    /// The declarer names this suit trumps.
    Trump(Suit),
    /// The declarer discards this card face down.
    Discard(Card),
    /// Play a card to the trick.
    Play(Card),
}

impl fmt::Display for HasenpfefferAction {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            HasenpfefferAction::Pass => write!(f, "pass"),
            HasenpfefferAction::Bid(n) => write!(f, "bid {n}"),
            HasenpfefferAction::Trump(s) => write!(f, "trump {s}"),
            HasenpfefferAction::Discard(c) => write!(f, "discard {c}"),
            HasenpfefferAction::Play(c) => write!(f, "{c}"),
        }
    }
}

/// Counts over the game, for the statistics columns.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct HasenpfefferTally {
    /// Hands played out.
    pub hands: u32,
    /// Hands void because all passed and the joker was the widow.
    pub void_hands: u32,
    /// Hands in which all passed and the joker's holder was held to 3.
    pub forced_bids: u32,
    /// Contracts made.
    pub made: u32,
    /// Contracts lost.
    pub set: u32,
    /// Hands in which the declarers took all six tricks.
    pub sweeps: u32,
    /// Sum of the contracts played.
    pub contract_sum: u32,
    /// Tricks the declarers took, summed over the hands.
    pub declarer_tricks: u32,
}

/// A Hasenpfeffer game in progress.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct HasenpfefferState {
    scores: [i32; 2],
    dealer: Seat,
    deals: u32,
    phase: Phase,
    auction: Auction,
    forced: bool,
    trump: Option<Suit>,
    /// The hands (the widow is the one card in no hand while bidding; the declarer's discard
    /// the one card in no hand and not played in play) and, in [`Phase::Play`], the tricks.
    play: TrickPlay,
    winner: Option<usize>,
    tally: HasenpfefferTally,
}

impl HasenpfefferState {
    /// Points of team 0 (seats 0, 2) and team 1 (seats 1, 3).
    pub const fn scores(&self) -> [i32; 2] {
        self.scores
    }
    /// The dealer of the current hand.
    pub const fn dealer(&self) -> Seat {
        self.dealer
    }
    /// Where the hand stands.
    pub const fn phase(&self) -> Phase {
        self.phase
    }
    /// The auction of the current hand.
    pub const fn auction(&self) -> &Auction {
        &self.auction
    }
    /// The declarer and the contract, once the auction is over.
    pub fn contract(&self) -> Option<(Seat, u8)> {
        self.auction.high().filter(|_| self.phase != Phase::Bid)
    }
    /// True when all passed and the joker's holder was held to 3 (the joker shown).
    pub const fn forced(&self) -> bool {
        self.forced
    }
    /// The trump suit, once named.
    pub const fn trump(&self) -> Option<Suit> {
        self.trump
    }
    /// The hands and the play of the hand.
    pub const fn play(&self) -> &TrickPlay {
        &self.play
    }
    /// Deals so far, void ones included, the current one not counted.
    pub const fn deals(&self) -> u32 {
        self.deals
    }
    /// The game's counts.
    pub const fn tally(&self) -> &HasenpfefferTally {
        &self.tally
    }
    /// The winning side once the game is over (`None` for a draw at `max_deals`).
    pub const fn winner(&self) -> Option<usize> {
        self.winner
    }
    /// The cards in no hand and not played: the widow while bidding, nothing while the
    /// declarer holds seven, the declarer's discard in play.
    pub fn stub(&self) -> CardSet {
        self.play.unheld(Hasenpfeffer::DECK)
    }
}

/// What one seat knows: everything public and its own hand (and, for the declarer, the
/// discard).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct HasenpfefferObservation {
    /// The observing seat.
    pub seat: Seat,
    /// Points of team 0 and team 1.
    pub scores: [i32; 2],
    /// The dealer.
    pub dealer: Seat,
    /// Deals so far.
    pub deals: u32,
    /// Where the hand stands.
    pub phase: Phase,
    /// The auction (public).
    pub auction: Auction,
    /// True when the joker's holder was held to 3: the joker was shown.
    pub forced: bool,
    /// The trump suit, once named.
    pub trump: Option<Suit>,
    /// The declarer's discard: only the declarer sees it.
    pub discard: Option<Card>,
    /// The hands (only the observer's) and the play.
    pub play: TrickPlay,
    /// The game's counts (public).
    pub tally: HasenpfefferTally,
}

impl HasenpfefferObservation {
    /// The observer's hand.
    pub fn hand(&self) -> CardSet {
        self.play.hand(self.seat)
    }
    /// The declarer and the contract, once the auction is over.
    pub fn contract(&self) -> Option<(Seat, u8)> {
        self.auction.high().filter(|_| self.phase != Phase::Bid)
    }
}

impl Hasenpfeffer {
    /// The 25 cards: nine to ace in four suits and the joker.
    pub const DECK: CardSet = CardSet::from_bits(
        CardSet::with_ranks(&[
            Rank::Nine,
            Rank::Ten,
            Rank::Jack,
            Rank::Queen,
            Rank::King,
            Rank::Ace,
        ])
        .bits()
            | Card::JOKER.bit(),
    );

    /// The partnerships: seats 0 and 2 against 1 and 3.
    pub fn teams() -> Teams {
        Teams::alternating(4, 2)
    }
    /// Points that win the game.
    pub const fn target(&self) -> i32 {
        self.end.target
    }

    /// The lowest bid.
    pub const fn min_bid(&self) -> u8 {
        self.min_bid
    }
    /// Deals after which an unfinished game stops.
    pub const fn max_deals(&self) -> u32 {
        self.end.max_deals
    }
    /// The card order with `trump` as trumps: joker, right bower, left bower, A K Q 10 9.
    pub fn order(trump: Suit) -> CardOrder {
        CardOrder::euchre(trump, Some(Card::JOKER))
    }

    fn new_hand<R: Rng + ?Sized>(&self, state: &mut HasenpfefferState, dealer: Seat, rng: &mut R) {
        let mut cards = [Card::JOKER; 25];
        for (slot, c) in cards.iter_mut().zip(Self::DECK) {
            *slot = c;
        }
        cards.shuffle(rng);
        let mut hands = [CardSet::EMPTY; 4];
        for (i, &c) in cards[..24].iter().enumerate() {
            hands[dealer.left(1 + i % 4, 4).index()].insert(c);
        }
        state.play = TrickPlay::new(
            4,
            &hands,
            dealer.next(4),
            CardOrder::ace_high(None),
            Obligation::FollowSuit,
        )
        .with_deck(Self::DECK);
        state.dealer = dealer;
        state.phase = Phase::Bid;
        state.auction = Auction::new(dealer.next(4), 4);
        state.forced = false;
        state.trump = None;
    }

    fn rebuild(hands: &[CardSet; 4], leader: Seat, order: CardOrder) -> TrickPlay {
        TrickPlay::new(4, hands, leader, order, Obligation::FollowSuit).with_deck(Self::DECK)
    }

    /// The auction is over with a declarer: he takes the widow.
    fn take_widow(&self, state: &mut HasenpfefferState) {
        let (declarer, _) = state.auction.high().expect("a declarer");
        let widow = state.stub();
        let mut hands = state.play.hands_array();
        hands[declarer.index()] |= widow;
        state.play = Self::rebuild(&hands, declarer, CardOrder::ace_high(None));
        state.phase = Phase::Trump;
    }

    /// The result of a hand for the declarers: their points (tricks if made, minus the
    /// contract if not) and the defenders' points (their tricks).
    pub fn hand_points(contract: u8, declarer_tricks: usize) -> (i32, i32) {
        let defenders = 6 - declarer_tricks as i32;
        if declarer_tricks >= usize::from(contract) {
            (declarer_tricks as i32, defenders)
        } else {
            (-i32::from(contract), defenders)
        }
    }

    fn end_of_deal<R: Rng + ?Sized>(&self, state: &mut HasenpfefferState, rng: &mut R) {
        state.deals += 1;
        if state.winner.is_some() {
            state.phase = Phase::Over;
            return;
        }
        if state.deals >= self.end.max_deals {
            state.phase = Phase::Over;
            let [a, b] = state.scores;
            state.winner = match a.cmp(&b) {
                std::cmp::Ordering::Greater => Some(0),
                std::cmp::Ordering::Less => Some(1),
                std::cmp::Ordering::Equal => None,
            };
            return;
        }
        let next = state.dealer.next(4);
        self.new_hand(state, next, rng);
    }

    fn score_hand<R: Rng + ?Sized>(&self, state: &mut HasenpfefferState, rng: &mut R) {
        let (declarer, contract) = state.auction.high().expect("a declarer");
        let teams = Self::teams();
        let dt = teams.team(declarer);
        let tricks = state.play.team_tricks(&teams, dt);
        let (d, f) = Self::hand_points(contract, tricks);
        state.scores[dt] += d;
        state.scores[1 - dt] += f;
        let t = &mut state.tally;
        t.hands += 1;
        t.contract_sum += u32::from(contract);
        t.declarer_tricks += tricks as u32;
        if tricks >= usize::from(contract) {
            t.made += 1;
        } else {
            t.set += 1;
        }
        if tricks == 6 {
            t.sweeps += 1;
        }
        // Both sides at the target: the declarers win.
        if state.scores[dt] >= self.end.target {
            state.winner = Some(dt);
        } else if state.scores[1 - dt] >= self.end.target {
            state.winner = Some(1 - dt);
        }
        self.end_of_deal(state, rng);
    }
}

impl Game for Hasenpfeffer {
    type State = HasenpfefferState;
    type Action = HasenpfefferAction;
    type Observation = HasenpfefferObservation;

    const INFO: GameInfo = GameInfo {
        name: "hasenpfeffer",
        title: "Hasenpfeffer",
        min_players: 4,
        max_players: 4,
        default_players: 4,
        params: &[
            ParamSpec::int("target", "10", 1, 1000, "points that win the game"),
            ParamSpec::int(
                "min_bid",
                "1",
                1,
                3,
                "the lowest bid (the page allows 1; some play 3, as go_trumpcards does)",
            ),
            ParamSpec::int(
                "max_deals",
                "500",
                1,
                1_000_000,
                "deals (void ones included) after which an unfinished game stops, the higher score winning",
            ),
        ],
        stats: &[
            "hands",
            "void_hands",
            "forced_bids",
            "made",
            "set",
            "sweeps",
            "contract_sum",
            "declarer_tricks",
            "points_team0",
            "points_team1",
        ],
    };

    fn new(players: usize, params: &Params) -> Result<Self, ConfigError> {
        let info = &Self::INFO;
        check_players(info, players)?;
        params.check_keys(info)?;
        Ok(Hasenpfeffer {
            end: ToTarget::from_params(params, info)?,
            min_bid: params.int(info, "min_bid")?,
        })
    }

    fn players(&self) -> usize {
        4
    }

    fn deal<R: Rng + ?Sized>(&self, rng: &mut R) -> HasenpfefferState {
        let mut s = HasenpfefferState {
            scores: [0, 0],
            dealer: Seat::new(3),
            deals: 0,
            phase: Phase::Bid,
            auction: Auction::new(Seat::new(0), 4),
            forced: false,
            trump: None,
            play: TrickPlay::new(
                4,
                &[CardSet::EMPTY; 4],
                Seat::new(0),
                CardOrder::ace_high(None),
                Obligation::FollowSuit,
            ),
            winner: None,
            tally: HasenpfefferTally::default(),
        };
        self.new_hand(&mut s, Seat::new(3), rng);
        s
    }

    fn to_move(&self, state: &HasenpfefferState) -> ToMove {
        match state.phase {
            Phase::Over => ToMove::Over,
            Phase::Play => ToMove::Seat(state.play.to_play()),
            Phase::Bid => ToMove::Seat(state.auction.turn().expect("a seat to bid")),
            Phase::Trump | Phase::Discard => {
                ToMove::Seat(state.auction.high().expect("a declarer").0)
            }
        }
    }

    fn legal_actions(&self, state: &HasenpfefferState, out: &mut Vec<HasenpfefferAction>) {
        out.clear();
        match state.phase {
            Phase::Bid => {
                out.push(HasenpfefferAction::Pass);
                let low = state.auction.lowest_bid(self.min_bid);
                out.extend((low..=6).map(HasenpfefferAction::Bid));
            }
            Phase::Trump => out.extend(Suit::ALL.map(HasenpfefferAction::Trump)),
            Phase::Discard => {
                let declarer = state.auction.high().expect("a declarer").0;
                let hand = state.play.hand(declarer) - CardSet::from_card(Card::JOKER);
                out.extend(hand.iter().map(HasenpfefferAction::Discard));
            }
            Phase::Play => out.extend(state.play.legal().iter().map(HasenpfefferAction::Play)),
            Phase::Over => {}
        }
    }

    fn legal_count(&self, state: &HasenpfefferState) -> Option<usize> {
        matches!(state.phase, Phase::Play).then(|| state.play.legal_count())
    }

    fn nth_legal(&self, state: &HasenpfefferState, n: usize) -> HasenpfefferAction {
        HasenpfefferAction::Play(state.play.nth_legal(n))
    }

    fn apply<R: Rng + ?Sized>(
        &self,
        state: &mut HasenpfefferState,
        action: HasenpfefferAction,
        rng: &mut R,
    ) {
        use HasenpfefferAction as A;
        match (state.phase, action) {
            (Phase::Bid, A::Pass | A::Bid(_)) => {
                match action {
                    A::Bid(n) => state.auction.bid(n),
                    _ => state.auction.pass(),
                }
                if state.auction.is_over() {
                    if state.auction.high().is_some() {
                        self.take_widow(state);
                    } else if let Some(holder) =
                        Seat::all(4).find(|&s| state.play.hand(s).contains(Card::JOKER))
                    {
                        state.auction.force(holder, FORCED_BID);
                        state.forced = true;
                        state.tally.forced_bids += 1;
                        self.take_widow(state);
                    } else {
                        state.tally.void_hands += 1;
                        self.end_of_deal(state, rng);
                    }
                }
            }
            (Phase::Trump, A::Trump(suit)) => {
                state.trump = Some(suit);
                state.phase = Phase::Discard;
            }
            (Phase::Discard, A::Discard(card)) => {
                let declarer = state.auction.high().expect("a declarer").0;
                let mut hands = state.play.hands_array();
                hands[declarer.index()].remove(card);
                let trump = state.trump.expect("trumps named");
                state.play = Self::rebuild(&hands, declarer, Self::order(trump));
                state.phase = Phase::Play;
            }
            (Phase::Play, A::Play(card)) => {
                state.play.play(card);
                if state.play.is_over() {
                    self.score_hand(state, rng);
                }
            }
            (phase, a) => panic!("{a} is not a move in phase {phase:?}"),
        }
    }

    fn observe(&self, state: &HasenpfefferState, seat: Seat) -> HasenpfefferObservation {
        let declarer = state.auction.high().map(|(s, _)| s);
        let discard = if state.phase == Phase::Play && declarer == Some(seat) {
            state.stub().lowest()
        } else {
            None
        };
        HasenpfefferObservation {
            seat,
            scores: state.scores,
            dealer: state.dealer,
            deals: state.deals,
            phase: state.phase,
            auction: state.auction,
            forced: state.forced,
            trump: state.trump,
            discard,
            play: state.play.masked(SeatMask(1 << seat.index())),
            tally: state.tally,
        }
    }

    fn determinize<R: Rng + ?Sized>(
        &self,
        obs: &HasenpfefferObservation,
        rng: &mut R,
    ) -> HasenpfefferState {
        // The hidden bins: the other three hands and the card out of play (the widow while
        // bidding, nothing while the declarer holds seven, the declarer's discard in play,
        // which cannot be the joker). The observer's own discard is known.
        let me = obs.seat;
        let played = obs.play.record().played();
        let declarer = obs
            .auction
            .high()
            .map(|(s, _)| s)
            .filter(|_| obs.phase != Phase::Bid);
        let mut known = BySeat::<CardSet>::default();
        if obs.forced && !played.contains(Card::JOKER) {
            if let Some(d) = declarer.filter(|&d| d != me) {
                known[d] = CardSet::from_card(Card::JOKER);
            }
        }
        let mut unseen = Self::DECK - played - obs.hand();
        if let Some(d) = obs.discard {
            unseen.remove(d);
        }
        let mut spec: ArrayVec<HiddenHand, 4> = ArrayVec::new();
        for s in Seat::all(4).filter(|&s| s != me) {
            unseen -= known[s];
            spec.push(HiddenHand {
                count: obs.play.hand_len(s) - known[s].len(),
                excluded: obs.play.record().excluded(s),
            });
        }
        let out_of_play = match obs.phase {
            Phase::Bid => 1,
            Phase::Play if obs.discard.is_none() => 1,
            _ => 0,
        };
        spec.push(HiddenHand {
            count: out_of_play,
            excluded: if obs.phase == Phase::Play {
                CardSet::from_card(Card::JOKER)
            } else {
                CardSet::EMPTY
            },
        });
        let mut deal = [CardSet::EMPTY; MAX_SEATS + 1];
        let ok = sample_deal_into(unseen, &spec, &mut deal, rng);
        assert!(
            ok,
            "an observation of a real Hasenpfeffer game has a consistent deal"
        );
        // Every hidden hand now fully known: resampling just places them.
        for (i, s) in Seat::all(4).filter(|&s| s != me).enumerate() {
            known[s] |= deal[i];
        }
        let mut play = obs.play;
        let placed = play.resample(SeatMask(1 << me.index()), &known, rng);
        debug_assert!(placed);
        HasenpfefferState {
            scores: obs.scores,
            dealer: obs.dealer,
            deals: obs.deals,
            phase: obs.phase,
            auction: obs.auction,
            forced: obs.forced,
            trump: obs.trump,
            play,
            winner: None,
            tally: obs.tally,
        }
    }

    /// Every move is public except the declarer's discard, seen by the others only as "a
    /// card".
    fn observe_action(
        &self,
        _state: &HasenpfefferState,
        action: HasenpfefferAction,
        _viewer: Seat,
    ) -> Option<HasenpfefferAction> {
        match action {
            HasenpfefferAction::Discard(_) => None,
            a => Some(a),
        }
    }

    fn outcome(&self, state: &HasenpfefferState) -> Option<Outcome> {
        if state.phase != Phase::Over {
            return None;
        }
        let [a, b] = match state.winner {
            Some(0) => [1.0, 0.0],
            Some(_) => [0.0, 1.0],
            None => [0.0, 0.0],
        };
        let mut o = Self::teams().outcome(4, &[a, b]);
        for s in Seat::all(4) {
            o[s].score = f64::from(state.scores[s.index() % 2]);
        }
        Some(o)
    }

    fn stats(&self, state: &HasenpfefferState, out: &mut Vec<f64>) {
        out.clear();
        let t = &state.tally;
        out.extend(
            [
                t.hands,
                t.void_hands,
                t.forced_bids,
                t.made,
                t.set,
                t.sweeps,
                t.contract_sum,
                t.declarer_tricks,
            ]
            .map(f64::from),
        );
        out.extend(state.scores.map(f64::from));
    }

    fn check_invariants(&self, state: &HasenpfefferState) -> Result<(), String> {
        let played = state.play.record().played();
        let stub = state.stub();
        state.play.check_deal(Self::DECK, stub.len())?;
        let t = &state.tally;
        if t.made + t.set != t.hands {
            return Err("hands are neither made nor set".into());
        }
        if state.phase == Phase::Over {
            return Ok(());
        }
        let want_stub = if state.phase == Phase::Trump || state.phase == Phase::Discard {
            0
        } else {
            1
        };
        if stub.len() != want_stub {
            return Err(format!(
                "{} cards out of play, expected {want_stub}",
                stub.len()
            ));
        }
        if state.phase != Phase::Bid {
            let (declarer, contract) = state.auction.high().ok_or("no declarer")?;
            if !((self.min_bid..=6).contains(&contract) || state.forced && contract == FORCED_BID) {
                return Err(format!("contract {contract} out of range"));
            }
            if matches!(state.phase, Phase::Trump | Phase::Discard)
                && state.play.hand(declarer).len() != 7
            {
                return Err("the declarer should hold seven cards".into());
            }
            if state.phase == Phase::Play {
                let trump = state.trump.ok_or("play without trumps")?;
                if *state.play.order() != Self::order(trump) {
                    return Err("the card order is not the trump order".into());
                }
                if stub.contains(Card::JOKER) {
                    return Err("the joker was discarded".into());
                }
            }
            if state.forced && !(state.play.hand(declarer) | played).contains(Card::JOKER) {
                return Err("the forced bidder does not hold the joker".into());
            }
        }
        if self.end.reached(&state.scores) {
            return Err("a side reached the target but the game goes on".into());
        }
        Ok(())
    }

    fn move_cap(&self) -> Option<u64> {
        // A deal takes at most 4 bids, a trump, a discard and 24 cards.
        Some(u64::from(self.end.max_deals) * 30)
    }

    /// Partners sit across the table: seats 0 and 2 against 1 and 3.
    fn team(&self, seat: Seat) -> usize {
        Hasenpfeffer::teams().team(seat)
    }
}

impl TrickTaking for Hasenpfeffer {
    fn trick_play<'s>(&self, state: &'s HasenpfefferState) -> Option<&'s TrickPlay> {
        Some(&state.play).filter(|p| state.phase == Phase::Play && !p.is_over())
    }

    fn teams(&self) -> Teams {
        Hasenpfeffer::teams()
    }

    fn card(action: HasenpfefferAction) -> Option<Card> {
        match action {
            HasenpfefferAction::Play(c) => Some(c),
            _ => None,
        }
    }
}
mod deal_text;
pub mod encoding;
