//! Nap (Napoleon): five cards each, one round of bids for the number of tricks to win (or
//! *misère*, to lose them all), the first card led making trumps; every player settles with
//! the bidder.
//!
//! - **Players:** 3 to 7, as the page says, each for himself.
//! - **Deck:** ace to nine for three players (24 cards), eights added for four, sevens
//!   for five, sixes for six, fives for seven; `joker=true` adds a joker, the highest trump.
//!   Five cards each; the rest is set aside unseen.
//! - **Bidding:** one round from the dealer's left ([`Auction`]), each passing or overcalling:
//!   Two (2 credits) < Three (3) < Mis (3: lose every trick) < Four (4) < Nap (10: all five) <
//!   Wellington (20, only over Nap) < Blücher (40, only over Wellington); `top` removes the
//!   last two. If all pass the next dealer deals (`all_pass=dealer`: the dealer must bid).
//! - **Play:** the bidder leads; the suit of the first card led is trumps (a joker led first:
//!   the bidder names the suit), except at *mis*, played without trumps (the joker, if used,
//!   is then a trump suit of its own: [`CardOrder::with_lone_trump`]). Follow suit if able.
//! - **Settling:** a bid of *n* tricks is made with at least *n* tricks, *mis* with none, Nap and
//!   above with all five. Made: every other player pays the bidder the bid's credits; lost:
//!   the bidder pays every other player. All five tricks are played.
//! - **Game end** (the page has none): after the hand in which someone reaches `target`
//!   credits (20); `max_deals` stops an unending game. Players rank by credits.
//!
//! The first dealer is the last seat, so seat 0 bids first; the deal passes left. Rulings are
//! in `docs/rules/nap.md`.
//!
//! ```
//! use cardsim_engine::games::nap::Nap;
//! use cardsim_engine::{Game, Params, ToMove};
//! use rand::SeedableRng;
//! let game = Nap::new(5, &Params::parse(&["joker=true"]).unwrap()).unwrap();
//! let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(1);
//! let mut state = game.deal(&mut rng);
//! let mut legal = Vec::new();
//! while let ToMove::Seat(_) = game.to_move(&state) {
//!     game.legal_actions(&state, &mut legal);
//!     game.apply(&mut state, legal[legal.len() - 1], &mut rng);
//! }
//! assert!(game.outcome(&state).is_some());
//! ```

use crate::cards::{Card, CardSet, Rank, Suit};
use crate::game::{
    check_players, rank_by_score, ConfigError, Game, GameInfo, Outcome, ParamSpec, Params, ToMove,
};
use crate::games::common::Auction;
use crate::games::common::ToTarget;
use crate::seat::{Seat, SeatMask, MAX_SEATS};
use crate::tricks::{CardOrder, Obligation, Teams, TrickPlay, TrickTaking};
use rand::seq::SliceRandom;
use rand::Rng;
use std::fmt;

#[cfg(test)]
mod tests;

/// Cards in each hand (and tricks in a hand).
pub const HAND: usize = 5;

/// The strength of the joker: above every suited card.
const JOKER_STRENGTH: u8 = 20;

/// A Nap bid, in rising order.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum NapBid {
    /// Win at least two tricks (2 credits).
    Two = 1,
    /// Win at least three tricks (3 credits).
    Three = 2,
    /// *Misère*: lose every trick, played without trumps (3 credits).
    Mis = 3,
    /// Win at least four tricks (4 credits).
    Four = 4,
    /// Win all five (10 credits).
    Nap = 5,
    /// Win all five (20 credits); only over Nap.
    Wellington = 6,
    /// Win all five (40 credits); only over Wellington.
    Blucher = 7,
}

impl NapBid {
    /// Every bid, lowest first.
    pub const ALL: [NapBid; 7] = [
        NapBid::Two,
        NapBid::Three,
        NapBid::Mis,
        NapBid::Four,
        NapBid::Nap,
        NapBid::Wellington,
        NapBid::Blucher,
    ];

    /// The bid of auction level `level` (1..=7).
    pub fn from_level(level: u8) -> NapBid {
        NapBid::ALL[usize::from(level) - 1]
    }

    /// Its auction level.
    pub const fn level(self) -> u8 {
        self as u8
    }

    /// The credits each other player pays (or is paid).
    pub const fn credits(self) -> i32 {
        match self {
            NapBid::Two => 2,
            NapBid::Three | NapBid::Mis => 3,
            NapBid::Four => 4,
            NapBid::Nap => 10,
            NapBid::Wellington => 20,
            NapBid::Blucher => 40,
        }
    }

    /// True when `tricks` taken by the bidder make the bid.
    pub const fn made(self, tricks: usize) -> bool {
        match self {
            NapBid::Two => tricks >= 2,
            NapBid::Three => tricks >= 3,
            NapBid::Mis => tricks == 0,
            NapBid::Four => tricks >= 4,
            NapBid::Nap | NapBid::Wellington | NapBid::Blucher => tricks == HAND,
        }
    }
}

impl fmt::Display for NapBid {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            NapBid::Two => "two",
            NapBid::Three => "three",
            NapBid::Mis => "mis",
            NapBid::Four => "four",
            NapBid::Nap => "nap",
            NapBid::Wellington => "wellington",
            NapBid::Blucher => "blucher",
        })
    }
}

/// The rules of Nap with its options.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Nap {
    players: usize,
    deck: CardSet,
    joker: bool,
    top: NapBid,
    dealer_must_bid: bool,
    /// The match's end: `target` points, at most `max_deals` deals.
    end: ToTarget<i32>,
}

/// Where a hand stands.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Phase {
    /// The auction.
    Bid,
    /// The bidder led the joker to the first trick and names trumps.
    NameTrump,
    /// The tricks.
    Play,
    /// The game is over.
    Over,
}

/// A Nap move.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum NapAction {
    /// Pass in the auction.
    Pass,
    /// Bid.
    Bid(NapBid),
    /// After leading the joker to the first trick, name this suit trumps.
    NameTrump(Suit),
    /// Play a card to the trick.
    Play(Card),
}

impl fmt::Display for NapAction {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            NapAction::Pass => write!(f, "pass"),
            NapAction::Bid(b) => write!(f, "{b}"),
            NapAction::NameTrump(s) => write!(f, "trump {s}"),
            NapAction::Play(c) => write!(f, "{c}"),
        }
    }
}

/// Counts over the game, for the statistics columns.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct NapTally {
    /// Hands played out.
    pub hands: u32,
    /// Deals thrown in because all passed.
    pub redeals: u32,
    /// Bids made.
    pub made: u32,
    /// Bids lost.
    pub lost: u32,
    /// *Mis* bids played.
    pub mis: u32,
    /// Bids of Nap or above played.
    pub naps: u32,
    /// Bids of Nap or above made.
    pub naps_made: u32,
    /// Wellington and Blücher bids played.
    pub wellingtons: u32,
    /// Credits that changed hands.
    pub credits_moved: u32,
}

/// A Nap game in progress.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct NapState {
    scores: [i32; MAX_SEATS],
    dealer: Seat,
    deals: u32,
    phase: Phase,
    auction: Auction,
    trump: Option<Suit>,
    /// The hands and, in play, the tricks (the unused stub is every deck card in no hand and
    /// not played).
    play: TrickPlay,
    tally: NapTally,
}

impl NapState {
    /// Credits of each seat (they sum to zero).
    pub fn scores(&self) -> &[i32] {
        &self.scores[..self.play.players()]
    }
    /// The dealer of the current hand.
    pub const fn dealer(&self) -> Seat {
        self.dealer
    }
    /// Where the hand stands.
    pub const fn phase(&self) -> Phase {
        self.phase
    }
    /// The auction.
    pub const fn auction(&self) -> &Auction {
        &self.auction
    }
    /// The bidder and his bid once the auction is over.
    pub fn contract(&self) -> Option<(Seat, NapBid)> {
        contract(self.phase, &self.auction)
    }
    /// The trump suit, once the first card is led (never at *mis*).
    pub const fn trump(&self) -> Option<Suit> {
        self.trump
    }
    /// The hands and the play.
    pub const fn play(&self) -> &TrickPlay {
        &self.play
    }
    /// Deals so far (thrown-in ones included), the current one not counted.
    pub const fn deals(&self) -> u32 {
        self.deals
    }
    /// The game's counts.
    pub const fn tally(&self) -> &NapTally {
        &self.tally
    }
}

fn contract(phase: Phase, auction: &Auction) -> Option<(Seat, NapBid)> {
    auction
        .high()
        .filter(|_| phase != Phase::Bid)
        .map(|(s, l)| (s, NapBid::from_level(l)))
}

/// What one seat knows: its hand and everything public.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct NapObservation {
    /// The observing seat.
    pub seat: Seat,
    /// Credits of each seat.
    pub scores: [i32; MAX_SEATS],
    /// The dealer.
    pub dealer: Seat,
    /// Deals so far.
    pub deals: u32,
    /// Where the hand stands.
    pub phase: Phase,
    /// The auction.
    pub auction: Auction,
    /// The trump suit, once made.
    pub trump: Option<Suit>,
    /// The hands (only the observer's) and the play.
    pub play: TrickPlay,
    /// The game's counts.
    pub tally: NapTally,
}

impl NapObservation {
    /// The observer's hand.
    pub fn hand(&self) -> CardSet {
        self.play.hand(self.seat)
    }
    /// The bidder and his bid once the auction is over.
    pub fn contract(&self) -> Option<(Seat, NapBid)> {
        contract(self.phase, &self.auction)
    }
}

impl Nap {
    /// The deck for `players` (and the joker if `joker`).
    pub fn deck_for(players: usize, joker: bool) -> CardSet {
        let lowest = match players {
            0..=3 => 7, // nine
            n => 10 - n,
        };
        let mut deck = CardSet::with_ranks(&Rank::ALL[lowest..]);
        if joker {
            deck.insert(Card::JOKER);
        }
        deck
    }
    /// The cards in play.
    pub const fn deck(&self) -> CardSet {
        self.deck
    }
    /// True when the deck has the joker.
    pub const fn joker(&self) -> bool {
        self.joker
    }
    /// Credits that end the game.
    pub const fn target(&self) -> i32 {
        self.end.target
    }

    /// Deals after which an unfinished game stops.
    pub const fn max_deals(&self) -> u32 {
        self.end.max_deals
    }

    /// The card order with `trump` as trumps (the joker, if used, above the ace).
    pub fn trump_order(&self, trump: Suit) -> CardOrder {
        let o = CardOrder::ace_high(Some(trump));
        if self.joker {
            o.with_card(Card::JOKER, trump, JOKER_STRENGTH)
        } else {
            o
        }
    }

    /// The order of a *mis* hand: no trumps, the joker (if used) a trump suit of its own.
    pub fn mis_order(&self) -> CardOrder {
        let o = CardOrder::ace_high(None);
        if self.joker {
            o.with_lone_trump(Card::JOKER, JOKER_STRENGTH)
        } else {
            o
        }
    }

    /// The order before the first lead of a trump hand: no trumps yet (only the lead is
    /// played under it, and a lead is always free).
    fn open_order(&self) -> CardOrder {
        self.mis_order()
    }

    fn new_hand<R: Rng + ?Sized>(&self, state: &mut NapState, dealer: Seat, rng: &mut R) {
        let n = self.players;
        let mut cards = [Card::JOKER; 41];
        let len = self.deck.len();
        for (slot, c) in cards.iter_mut().zip(self.deck) {
            *slot = c;
        }
        let cards = &mut cards[..len];
        cards.shuffle(rng);
        let mut hands = [CardSet::EMPTY; MAX_SEATS];
        for (i, &c) in cards[..HAND * n].iter().enumerate() {
            hands[dealer.left(1 + i % n, n).index()].insert(c);
        }
        state.play = TrickPlay::new(
            n,
            &hands[..n],
            dealer.next(n),
            self.open_order(),
            Obligation::FollowSuit,
        )
        .with_deck(self.deck);
        state.dealer = dealer;
        state.phase = Phase::Bid;
        state.auction = Auction::new(dealer.next(n), n);
        state.trump = None;
    }

    /// The bids open to the seat to speak.
    fn biddable(&self, auction: &Auction) -> impl Iterator<Item = NapBid> + '_ {
        let high = auction.high().map(|(_, l)| NapBid::from_level(l));
        let low = auction.lowest_bid(1);
        (low..=self.top.level())
            .map(NapBid::from_level)
            .filter(move |&b| match b {
                NapBid::Wellington => high == Some(NapBid::Nap),
                NapBid::Blucher => high == Some(NapBid::Wellington),
                _ => true,
            })
    }

    /// The auction is over with a bidder: he leads.
    fn start_play(&self, state: &mut NapState) {
        let (bidder, bid) = contract(Phase::Play, &state.auction).expect("a bidder");
        let n = self.players;
        let hands: [CardSet; MAX_SEATS] = std::array::from_fn(|i| {
            if i < n {
                state.play.hand(Seat::new(i))
            } else {
                CardSet::EMPTY
            }
        });
        let order = if bid == NapBid::Mis {
            self.mis_order()
        } else {
            self.open_order()
        };
        state.play = TrickPlay::new(n, &hands[..n], bidder, order, Obligation::FollowSuit)
            .with_deck(self.deck);
        state.phase = Phase::Play;
    }

    /// Credits moving for a hand: each other player's payment to the bidder (negative when
    /// the bidder pays).
    pub fn payment(bid: NapBid, bidder_tricks: usize) -> i32 {
        if bid.made(bidder_tricks) {
            bid.credits()
        } else {
            -bid.credits()
        }
    }

    fn end_of_deal<R: Rng + ?Sized>(&self, state: &mut NapState, rng: &mut R) {
        state.deals += 1;
        if self.end.is_over(&state.scores, state.deals) {
            state.phase = Phase::Over;
            return;
        }
        let next = state.dealer.next(self.players);
        self.new_hand(state, next, rng);
    }

    fn settle<R: Rng + ?Sized>(&self, state: &mut NapState, rng: &mut R) {
        let (bidder, bid) = state.contract().expect("a bidder");
        let tricks = state.play.tricks_won(bidder);
        let pay = Self::payment(bid, tricks);
        for s in Seat::all(self.players).filter(|&s| s != bidder) {
            state.scores[s.index()] -= pay;
            state.scores[bidder.index()] += pay;
        }
        let t = &mut state.tally;
        t.hands += 1;
        t.credits_moved += pay.unsigned_abs() * (self.players as u32 - 1);
        if pay > 0 {
            t.made += 1;
        } else {
            t.lost += 1;
        }
        if bid == NapBid::Mis {
            t.mis += 1;
        }
        if bid >= NapBid::Nap {
            t.naps += 1;
            t.naps_made += u32::from(pay > 0);
        }
        if bid >= NapBid::Wellington {
            t.wellingtons += 1;
        }
        self.end_of_deal(state, rng);
    }
}

impl Game for Nap {
    type State = NapState;
    type Action = NapAction;
    type Observation = NapObservation;

    const INFO: GameInfo = GameInfo {
        name: "nap",
        title: "Nap",
        min_players: 3,
        max_players: 7,
        default_players: 4,
        params: &[
            ParamSpec::flag(
                "joker",
                "false",
                "add a joker, the highest trump (at mis a trump of its own): the page's option",
            ),
            ParamSpec::choice(
                "top",
                "blucher",
                &["nap", "wellington", "blucher"],
                "the highest bid allowed: nap drops Wellington and Blücher, wellington drops Blücher",
            ),
            ParamSpec::choice(
                "all_pass",
                "redeal",
                &["redeal", "dealer"],
                "when all pass: redeal by the next dealer, or the dealer may not pass (must bid at least Two)",
            ),
            ParamSpec::int(
                "target",
                "20",
                1,
                100_000,
                "credits that end the game (the page has no end): the game ends after the hand in which a player reaches them",
            ),
            ParamSpec::int(
                "max_deals",
                "1000",
                1,
                1_000_000,
                "deals (thrown-in ones included) after which an unfinished game stops, ranked by credits",
            ),
        ],
        stats: &[
            "hands",
            "redeals",
            "made",
            "lost",
            "mis",
            "naps",
            "naps_made",
            "wellingtons",
            "credits_moved",
        ],
    };

    fn new(players: usize, params: &Params) -> Result<Self, ConfigError> {
        let info = &Self::INFO;
        check_players(info, players)?;
        params.check_keys(info)?;
        let joker = params.flag(info, "joker")?;
        let top = match params.choice(info, "top")? {
            "nap" => NapBid::Nap,
            "wellington" => NapBid::Wellington,
            _ => NapBid::Blucher,
        };
        Ok(Nap {
            players,
            deck: Self::deck_for(players, joker),
            joker,
            top,
            dealer_must_bid: params.choice(info, "all_pass")? == "dealer",
            end: ToTarget::from_params(params, info)?,
        })
    }

    fn players(&self) -> usize {
        self.players
    }

    fn deal<R: Rng + ?Sized>(&self, rng: &mut R) -> NapState {
        let n = self.players;
        let last = Seat::new(n - 1);
        let mut s = NapState {
            scores: [0; MAX_SEATS],
            dealer: last,
            deals: 0,
            phase: Phase::Bid,
            auction: Auction::new(Seat::new(0), n),
            trump: None,
            play: TrickPlay::new(
                n,
                &[CardSet::EMPTY; MAX_SEATS][..n],
                Seat::new(0),
                CardOrder::ace_high(None),
                Obligation::FollowSuit,
            ),
            tally: NapTally::default(),
        };
        self.new_hand(&mut s, last, rng);
        s
    }

    fn to_move(&self, state: &NapState) -> ToMove {
        match state.phase {
            Phase::Over => ToMove::Over,
            Phase::Bid => ToMove::Seat(state.auction.turn().expect("a seat to bid")),
            Phase::NameTrump => ToMove::Seat(state.play.trick().leader()),
            Phase::Play => ToMove::Seat(state.play.to_play()),
        }
    }

    fn legal_actions(&self, state: &NapState, out: &mut Vec<NapAction>) {
        out.clear();
        match state.phase {
            Phase::Bid => {
                let forced = self.dealer_must_bid
                    && state.auction.high().is_none()
                    && state.auction.turn() == Some(state.dealer);
                if !forced {
                    out.push(NapAction::Pass);
                }
                out.extend(self.biddable(&state.auction).map(NapAction::Bid));
            }
            Phase::NameTrump => out.extend(Suit::ALL.map(NapAction::NameTrump)),
            Phase::Play => out.extend(state.play.legal().iter().map(NapAction::Play)),
            Phase::Over => {}
        }
    }

    fn legal_count(&self, state: &NapState) -> Option<usize> {
        matches!(state.phase, Phase::Play).then(|| state.play.legal_count())
    }

    fn nth_legal(&self, state: &NapState, n: usize) -> NapAction {
        NapAction::Play(state.play.nth_legal(n))
    }

    fn apply<R: Rng + ?Sized>(&self, state: &mut NapState, action: NapAction, rng: &mut R) {
        match (state.phase, action) {
            (Phase::Bid, NapAction::Pass) => {
                state.auction.pass();
                if state.auction.is_over() {
                    if state.auction.high().is_some() {
                        self.start_play(state);
                    } else {
                        state.tally.redeals += 1;
                        self.end_of_deal(state, rng);
                    }
                }
            }
            (Phase::Bid, NapAction::Bid(b)) => {
                state.auction.bid(b.level());
                if state.auction.is_over() {
                    self.start_play(state);
                }
            }
            (Phase::NameTrump, NapAction::NameTrump(suit)) => {
                state.trump = Some(suit);
                state.play.set_order(self.trump_order(suit));
                state.phase = Phase::Play;
            }
            (Phase::Play, NapAction::Play(card)) => {
                let first_lead = state.play.tricks_played() == 0 && state.play.trick().is_empty();
                let mis = state.contract().is_some_and(|(_, b)| b == NapBid::Mis);
                state.play.play(card);
                if first_lead && !mis {
                    if card.is_joker() {
                        state.phase = Phase::NameTrump;
                    } else {
                        state.trump = Some(card.suit());
                        state.play.set_order(self.trump_order(card.suit()));
                    }
                }
                if state.play.is_over() {
                    self.settle(state, rng);
                }
            }
            (phase, a) => panic!("{a} is not a move in phase {phase:?}"),
        }
    }

    fn observe(&self, state: &NapState, seat: Seat) -> NapObservation {
        NapObservation {
            seat,
            scores: state.scores,
            dealer: state.dealer,
            deals: state.deals,
            phase: state.phase,
            auction: state.auction,
            trump: state.trump,
            play: state.play.masked(SeatMask(1 << seat.index())),
            tally: state.tally,
        }
    }

    fn determinize<R: Rng + ?Sized>(&self, obs: &NapObservation, rng: &mut R) -> NapState {
        let play = obs.play.determinized(obs.seat, rng);
        NapState {
            scores: obs.scores,
            dealer: obs.dealer,
            deals: obs.deals,
            phase: obs.phase,
            auction: obs.auction,
            trump: obs.trump,
            play,
            tally: obs.tally,
        }
    }

    /// Every move is public.
    fn observe_action(
        &self,
        _state: &NapState,
        action: NapAction,
        _viewer: Seat,
    ) -> Option<NapAction> {
        Some(action)
    }

    fn outcome(&self, state: &NapState) -> Option<Outcome> {
        if state.phase != Phase::Over {
            return None;
        }
        let mut scores = [0.0; MAX_SEATS];
        for (i, s) in scores.iter_mut().enumerate().take(self.players) {
            *s = f64::from(state.scores[i]);
        }
        Some(rank_by_score(&scores[..self.players]))
    }

    fn stats(&self, state: &NapState, out: &mut Vec<f64>) {
        out.clear();
        let t = &state.tally;
        out.extend(
            [
                t.hands,
                t.redeals,
                t.made,
                t.lost,
                t.mis,
                t.naps,
                t.naps_made,
                t.wellingtons,
                t.credits_moved,
            ]
            .map(f64::from),
        );
    }

    fn check_invariants(&self, state: &NapState) -> Result<(), String> {
        let n = self.players;
        state.play.check()?;
        if state.play.record().deck() != self.deck {
            return Err("the record's deck is not the game's deck".into());
        }
        if state.scores.iter().sum::<i32>() != 0 || state.scores[n..].iter().any(|&s| s != 0) {
            return Err("credits do not sum to zero".into());
        }
        let t = &state.tally;
        if t.made + t.lost != t.hands || t.naps_made > t.naps || t.wellingtons > t.naps {
            return Err("the tally does not add up".into());
        }
        if state.phase == Phase::Over {
            return Ok(());
        }
        let played = state.play.record().played();
        let in_hands: usize = Seat::all(n).map(|s| state.play.hand_len(s)).sum();
        if in_hands + played.len() != HAND * n {
            return Err(format!(
                "{in_hands} cards in hands and {} played, expected {}",
                played.len(),
                HAND * n
            ));
        }
        for s in Seat::all(n) {
            if !state.play.hand(s).is_subset(self.deck) {
                return Err(format!("seat {s} holds a card outside the deck"));
            }
        }
        let contract = state.contract();
        match (state.phase, contract) {
            (Phase::Bid, _) => {
                if state.trump.is_some() || !played.is_empty() {
                    return Err("trumps or cards before the auction ends".into());
                }
            }
            (_, None) => return Err("play without a bidder".into()),
            (_, Some((_, bid))) => {
                let order = state.play.order();
                if bid == NapBid::Mis {
                    if state.trump.is_some() || *order != self.mis_order() {
                        return Err("a mis hand has trumps".into());
                    }
                } else if let Some(t) = state.trump {
                    if *order != self.trump_order(t) {
                        return Err("the card order is not the trump order".into());
                    }
                } else if !(played.is_empty() || state.phase == Phase::NameTrump) {
                    return Err("cards played without trumps".into());
                }
                if bid > self.top {
                    return Err(format!("{bid} is above the top bid"));
                }
            }
        }
        if self.end.reached(&state.scores) {
            return Err("a player reached the target but the game goes on".into());
        }
        Ok(())
    }

    fn move_cap(&self) -> Option<u64> {
        // A deal takes at most one bid a seat, a trump naming and five cards a seat.
        Some(u64::from(self.end.max_deals) * (6 * self.players as u64 + 1))
    }
}

impl TrickTaking for Nap {
    fn trick_play<'s>(&self, state: &'s NapState) -> Option<&'s TrickPlay> {
        Some(&state.play).filter(|p| state.phase == Phase::Play && !p.is_over())
    }

    /// Every player for himself (the bidder plays against all the others; agents that
    /// evaluate card play use the contract, see `cardsim_agents::games::nap`).
    fn teams(&self) -> Teams {
        Teams::solo(self.players)
    }

    fn card(action: NapAction) -> Option<Card> {
        match action {
            NapAction::Play(c) => Some(c),
            _ => None,
        }
    }
}
mod deal_text;
pub mod encoding;
