//! Contract Bridge: an auction for the contract, then 13 tricks with dummy's hand exposed and
//! played by the declarer, scored as a rubber (or a single deal, duplicate style).
//!
//! - **Players:** 4; seats 0 and 2 (North-South, team 0) against seats 1 and 3 (East-West,
//!   team 1). Seats 0..4 are N, E, S, W in PBN output.
//! - **Deal:** 13 cards each. The first dealer is seat 0; the deal passes to the left after
//!   every deal, a passed-out one included.
//! - **Auction:** from the dealer, each seat in turn passes, bids (1C up to 7NT, higher than
//!   the last bid), doubles an opponent's bid or redoubles an opponent's double ([`Auction`]).
//!   Three passes after a bid end it; four opening passes throw the deal in and the next
//!   dealer deals. The declarer is the first of the contracting side to have named the
//!   strain; the partner is dummy.
//! - **Play:** the declarer's left-hand opponent leads; dummy's hand is then exposed to
//!   everyone, and whenever dummy is to play, the *declarer* chooses dummy's card
//!   ([`Game::to_move`] names the declarer, the legal actions are dummy's cards). Follow suit
//!   if able; highest trump, else highest card of the suit led, wins.
//! - **Scoring** (`scoring=rubber`, the default): trick scores below the line, game at 100,
//!   vulnerability after a game, overtricks, undertricks, honours, slams, insults and the
//!   700/500 rubber bonus, exactly as the rules page's tables ([`score_deal`], [`Rubber`]).
//!   The game ends with the rubber; each seat scores its side's total and the higher total
//!   wins. `scoring=deal` plays one deal scored duplicate style ([`duplicate_score`]), with
//!   vulnerability from `vul`; `slam=` and `penalty_vul=` apply to both scorings.
//!
//! Rulings where the page is ambiguous (whose vulnerability sets undertrick penalties,
//! whether slams must be bid, rubbers that never end) are in `docs/rules/contract-bridge.md`.
//! Deals and game records in Portable Bridge Notation are in [`pbn`].
//!
//! ```
//! use cardsim_engine::games::bridge::{Bridge, BridgeAction};
//! use cardsim_engine::{Game, Params, ToMove};
//! use rand::SeedableRng;
//! let game = Bridge::new(4, &Params::parse(&["scoring=deal"]).unwrap()).unwrap();
//! let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(1);
//! let mut state = game.deal(&mut rng);
//! let mut legal = Vec::new();
//! // Open 1NT, then everyone passes.
//! game.apply(&mut state, "1NT".parse().unwrap(), &mut rng);
//! for _ in 0..3 {
//!     game.apply(&mut state, "Pass".parse().unwrap(), &mut rng);
//! }
//! assert_eq!(state.contract().unwrap().to_string(), "1NT by 0");
//! while let ToMove::Seat(_) = game.to_move(&state) {
//!     game.legal_actions(&state, &mut legal);
//!     assert!(matches!(legal[0], BridgeAction::Play(_)));
//!     game.apply(&mut state, legal[0], &mut rng);
//! }
//! let o = game.outcome(&state).unwrap();
//! assert_eq!(o[cardsim_engine::Seat::new(0)].score, -o[cardsim_engine::Seat::new(1)].score);
//! ```

mod auction;
pub mod pbn;
mod scoring;

pub use auction::{
    Auction, AuctionEnd, Bid, Call, Contract, ParseCallError, Risk, Strain, MAX_CALLS,
};
pub use scoring::{
    duplicate_score, honours, overtrick_value, score_deal, trick_score, undertrick_penalty,
    DealScore, PenaltyVulnerability, Rubber, ScoringRules, SlamRule,
};

use crate::cards::{Card, CardSet};
use crate::game::{
    check_players, rank_by_score, ConfigError, Game, GameInfo, Outcome, ParamSpec, Params, ToMove,
};
use crate::seat::{BySeat, Seat, SeatMask};
use crate::tricks::{CardOrder, Obligation, Teams, Trick, TrickPlay, TrickTaking};
use arrayvec::ArrayVec;
use pbn::{seat_char, Deal, PbnRecord};
use rand::seq::SliceRandom;
use rand::Rng;
use std::fmt;
use std::str::FromStr;

/// A Bridge action: a call during the auction, a card during the play.
///
/// As text, calls are written `1C`..`7NT`, `Pass`, `X`, `XX` and cards suit first, as in PBN
/// play records (`H2` is the two of hearts, `2H` the bid).
///
/// ```
/// use cardsim_engine::games::bridge::{BridgeAction, Call};
/// let bid: BridgeAction = "2H".parse().unwrap();
/// let card: BridgeAction = "H2".parse().unwrap();
/// assert!(matches!(bid, BridgeAction::Call(Call::Bid(_))));
/// assert_eq!(card, BridgeAction::Play("2H".parse().unwrap()));
/// assert_eq!((bid.to_string(), card.to_string()), ("2H".to_string(), "H2".to_string()));
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum BridgeAction {
    /// A call.
    Call(Call),
    /// A card (from dummy's hand when dummy is to play).
    Play(Card),
}

impl fmt::Display for BridgeAction {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            BridgeAction::Call(c) => write!(f, "{c}"),
            BridgeAction::Play(c) => write!(f, "{}{}", c.suit().char(), c.rank().char()),
        }
    }
}

impl FromStr for BridgeAction {
    type Err = ParseCallError;
    /// A card suit first (`SA`, `H10`) or a call (`1NT`, `Pass`, `X`, `XX`).
    fn from_str(s: &str) -> Result<BridgeAction, ParseCallError> {
        let t = s.trim();
        let mut chars = t.chars();
        if let Some(suit) = chars.next().and_then(crate::cards::Suit::from_char) {
            if let Some(rank) = crate::cards::Rank::from_token(chars.as_str()) {
                return Ok(BridgeAction::Play(Card::new(rank, suit)));
            }
        }
        t.parse::<Call>().map(BridgeAction::Call)
    }
}

/// The 52 cards in ascending bit order, as `CardSet::FULL_DECK` iterates them.
const DECK: [Card; 52] = {
    let mut deck = [Card::JOKER; 52];
    let (mut i, mut n) = (0, 0);
    while i < 64 {
        if CardSet::FULL_DECK.bits() >> i & 1 == 1 {
            deck[n] = Card::from_index(i);
            n += 1;
        }
        i += 1;
    }
    deck
};

/// [`auction::ALL_CALLS`] as actions, so that the legal calls are copied as one slice.
const CALL_ACTIONS: [BridgeAction; 38] = {
    let mut all = [BridgeAction::Call(Call::Pass); 38];
    let mut i = 0;
    while i < 38 {
        all[i] = BridgeAction::Call(auction::ALL_CALLS[i]);
        i += 1;
    }
    all
};

/// The play of each card slot, by bit index (slots that hold no card: a joker's play, never
/// used).
const PLAY_ACTIONS: [BridgeAction; 64] = {
    let mut all = [BridgeAction::Play(Card::JOKER); 64];
    let mut i = 0;
    while i < 64 {
        if let Some(c) = Card::try_from_index(i as u8) {
            all[i] = BridgeAction::Play(c);
        }
        i += 1;
    }
    all
};

/// How the game is scored.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Scoring {
    /// A whole rubber.
    Rubber,
    /// One deal, duplicate style.
    Deal,
}

/// The rules of Contract Bridge with its scoring options.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Bridge {
    scoring: Scoring,
    rules: ScoringRules,
    vul: [bool; 2],
    max_deals: u32,
}

impl Bridge {
    /// The partnerships: North-South (seats 0, 2) against East-West (seats 1, 3).
    pub fn teams() -> Teams {
        Teams::alternating(4, 2)
    }

    /// Rubber or single deal.
    pub const fn scoring(&self) -> Scoring {
        self.scoring
    }

    /// The scoring options.
    pub const fn rules(&self) -> ScoringRules {
        self.rules
    }
}

/// Where a deal stands.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Phase {
    /// Calls are being made.
    Auction,
    /// Cards are being played.
    Play,
    /// The game is over.
    Over,
}

/// A Bridge game in progress.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BridgeState {
    phase: Phase,
    dealer: Seat,
    deals: u32,
    auction: Auction,
    contract: Option<Contract>,
    play: TrickPlay,
    rubber: Rubber,
    duplicate: i32,
    tally: [u32; 5],
    history: ArrayVec<Trick, 13>,
}

impl BridgeState {
    /// The phase.
    pub const fn phase(&self) -> Phase {
        self.phase
    }

    /// The dealer of the current deal.
    pub const fn dealer(&self) -> Seat {
        self.dealer
    }

    /// The auction of the current deal.
    pub const fn auction(&self) -> &Auction {
        &self.auction
    }

    /// The contract, once the auction is over.
    pub const fn contract(&self) -> Option<Contract> {
        self.contract
    }

    /// The play of the current deal (before the auction ends: the hands, no trick played).
    pub const fn play(&self) -> &TrickPlay {
        &self.play
    }

    /// The rubber score.
    pub const fn rubber(&self) -> &Rubber {
        &self.rubber
    }

    /// Deals dealt so far, passed-out ones included.
    pub const fn deals(&self) -> u32 {
        self.deals
    }

    /// Dummy's seat, once there is a contract.
    pub fn dummy(&self) -> Option<Seat> {
        self.contract.map(|k| k.declarer.left(2, 4))
    }

    /// True once the opening lead has been made (dummy's hand is then face up).
    pub fn dummy_exposed(&self) -> bool {
        self.phase == Phase::Play && !self.play.record().played().is_empty()
    }

    /// The four hands as dealt: what each seat holds plus what it has played.
    pub fn original_hands(&self) -> [CardSet; 4] {
        std::array::from_fn(|i| {
            let s = Seat::new(i);
            self.play.hand(s) | self.play.record().played_by(s)
        })
    }

    /// The current deal of `game` as a PBN record: deal, dealer, vulnerability, scoring,
    /// auction, contract and the tricks played so far. The vulnerability is the deal's own:
    /// the rubber's as it stands (a side is vulnerable once it has won a game), or `vul=` for
    /// a single deal; the scoring is `Rubber`, or `IMP` for a single deal (a duplicate
    /// scoring: PBN has no tag value for total points).
    pub fn pbn_record(&self, game: &Bridge) -> PbnRecord {
        let mut r = PbnRecord::default();
        r.tag("Board", self.deals);
        r.tag("Dealer", seat_char(self.dealer));
        let vul = match game.vulnerable(self) {
            [false, false] => "None",
            [true, false] => "NS",
            [false, true] => "EW",
            [true, true] => "All",
        };
        r.tag("Vulnerable", vul);
        if let Ok(d) = Deal::new(self.original_hands()) {
            r.tag("Deal", d.to_pbn_from(self.dealer));
        }
        r.tag(
            "Scoring",
            match game.scoring {
                Scoring::Rubber => "Rubber",
                Scoring::Deal => "IMP",
            },
        );
        match self.contract {
            Some(k) => {
                r.tag("Declarer", seat_char(k.declarer));
                let risk = match k.risk {
                    Risk::Undoubled => "",
                    Risk::Doubled => "X",
                    Risk::Redoubled => "XX",
                };
                r.tag("Contract", format!("{}{risk}", k.bid));
                let teams = Bridge::teams();
                if self.play.is_over() || self.phase == Phase::Over {
                    r.tag(
                        "Result",
                        self.play.team_tricks(&teams, teams.team(k.declarer)),
                    );
                }
            }
            None => r.tag("Contract", "Pass"),
        }
        r.auction = Some((
            self.dealer,
            self.auction.calls().iter().map(|c| c.to_string()).collect(),
        ));
        if let Some(k) = self.contract {
            let leader = k.declarer.next(4);
            let mut tricks = Vec::new();
            for t in &self.tricks() {
                let mut row = [None; 4];
                for (s, c) in t.plays() {
                    row[(s.index() + 4 - leader.index()) % 4] = Some(c);
                }
                tricks.push(row);
            }
            r.play = Some((leader, tricks));
        }
        r
    }

    /// The tricks of the current deal in order, the one in progress last (if started).
    pub fn tricks(&self) -> Vec<Trick> {
        let mut v = self.history.to_vec();
        if !self.play.trick().is_empty() {
            v.push(*self.play.trick());
        }
        v
    }
}

/// What one seat knows: the public score and auction, the contract, its own hand, dummy's
/// hand once it is exposed, and the play so far.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BridgeObservation {
    /// The observing seat.
    pub seat: Seat,
    /// The phase.
    pub phase: Phase,
    /// The dealer.
    pub dealer: Seat,
    /// Deals dealt so far.
    pub deals: u32,
    /// The rubber score (public).
    pub rubber: Rubber,
    /// The vulnerability of team 0 and team 1 this deal.
    pub vulnerable: [bool; 2],
    /// The auction.
    pub auction: Auction,
    /// The contract, once the auction is over.
    pub contract: Option<Contract>,
    /// Dummy's hand, once exposed (seat and cards).
    pub dummy: Option<(Seat, CardSet)>,
    /// The play, hands other than the observer's and an exposed dummy's emptied.
    pub play: TrickPlay,
    /// The completed tricks of the deal, in order (public).
    pub history: ArrayVec<Trick, 13>,
}

impl BridgeObservation {
    /// The observer's own hand.
    pub fn hand(&self) -> CardSet {
        self.play.hand(self.seat)
    }

    /// The hand whose card the observer chooses now: dummy's when the observer is declarer
    /// and dummy is to play, else its own.
    pub fn playing_hand(&self) -> Seat {
        match (self.phase, self.contract) {
            (Phase::Play, Some(k))
                if self.play.to_play() == k.declarer.left(2, 4) && self.seat == k.declarer =>
            {
                k.declarer.left(2, 4)
            }
            _ => self.seat,
        }
    }
}

fn fresh_play<R: Rng + ?Sized>(dealer: Seat, rng: &mut R) -> TrickPlay {
    // The same shuffle as `tricks::shuffled`, on the stack.
    let mut cards = DECK;
    cards.shuffle(rng);
    // One at a time from the dealer's left: card `i` goes to the seat `1 + i mod 4` places
    // to the dealer's left.
    let mut by_place = [0u64; 4];
    for round in cards.chunks_exact(4) {
        for (bits, c) in by_place.iter_mut().zip(round) {
            *bits |= c.bit();
        }
    }
    let hands: [CardSet; 4] =
        std::array::from_fn(|s| CardSet::from_bits(by_place[(s + 3 - dealer.index()) % 4]));
    TrickPlay::new(
        4,
        &hands,
        dealer.next(4),
        CardOrder::ace_high(None),
        Obligation::FollowSuit,
    )
}

impl Bridge {
    fn vulnerable(&self, state: &BridgeState) -> [bool; 2] {
        match self.scoring {
            Scoring::Rubber => [state.rubber.vulnerable(0), state.rubber.vulnerable(1)],
            Scoring::Deal => self.vul,
        }
    }

    fn start_deal<R: Rng + ?Sized>(&self, state: &mut BridgeState, dealer: Seat, rng: &mut R) {
        state.dealer = dealer;
        state.deals += 1;
        state.auction.restart(dealer);
        state.contract = None;
        state.play = fresh_play(dealer, rng);
        state.history.clear();
        state.phase = Phase::Auction;
    }

    /// Ends the current deal (passed out or played) and deals the next, or ends the game.
    fn next_deal<R: Rng + ?Sized>(&self, state: &mut BridgeState, rng: &mut R) {
        let done = match self.scoring {
            Scoring::Deal => true,
            Scoring::Rubber => state.rubber.is_over() || state.deals >= self.max_deals,
        };
        if done {
            if self.scoring == Scoring::Rubber {
                state.rubber.close_unfinished();
            }
            state.phase = Phase::Over;
            return;
        }
        let dealer = state.dealer.next(4);
        self.start_deal(state, dealer, rng);
    }

    fn finish_play<R: Rng + ?Sized>(&self, state: &mut BridgeState, rng: &mut R) {
        let k = state.contract.expect("a contract is being played");
        let teams = Bridge::teams();
        let side = teams.team(k.declarer);
        let tricks = state.play.team_tricks(&teams, side) as u8;
        let vul = self.vulnerable(state);
        if tricks >= k.tricks_needed() {
            state.tally[2] += 1;
        } else {
            state.tally[3] += 1;
        }
        match self.scoring {
            Scoring::Rubber => {
                let s = score_deal(&k, tricks, vul[side], vul[1 - side], &self.rules);
                let h = honours(&state.original_hands(), k.bid.strain());
                state.rubber.record(side, &s, h);
            }
            Scoring::Deal => {
                let s = duplicate_score(&k, tricks, vul[side], vul[1 - side], &self.rules);
                state.duplicate = if side == 0 { s } else { -s };
            }
        }
        self.next_deal(state, rng);
    }
}

impl Game for Bridge {
    type State = BridgeState;
    type Action = BridgeAction;
    type Observation = BridgeObservation;

    const INFO: GameInfo = GameInfo {
        name: "bridge",
        title: "Contract Bridge",
        min_players: 4,
        max_players: 4,
        default_players: 4,
        params: &[
            ParamSpec::choice("scoring", "rubber", &["rubber", "deal"], "rubber (a whole rubber) or deal (one deal, duplicate scores)"),
            ParamSpec::choice("vul", "none", &["none", "ns", "ew", "both"], "with scoring=deal: which sides are vulnerable"),
            ParamSpec::choice("slam", "bid", &["bid", "taken"], "slam premiums for slams bid and made (bid, the Laws) or for 12/13 tricks taken (taken, the page's wording); applies to scoring=rubber and scoring=deal"),
            ParamSpec::choice("penalty_vul", "declarer", &["declarer", "defenders"], "undertricks by the declarer's vulnerability (declarer, the Laws) or the defenders' (defenders, the page's headings); applies to scoring=rubber and scoring=deal"),
            ParamSpec::int("max_deals", "50", 1, 10_000, "deals after which an unfinished rubber is scored as the Laws score one"),
        ],
        stats: &["deals", "passed_out", "made", "failed", "doubled"],
    };

    fn new(players: usize, params: &Params) -> Result<Self, ConfigError> {
        let info = &Self::INFO;
        check_players(info, players)?;
        params.check_keys(info)?;
        let scoring = params.choice(info, "scoring")?;
        let vul = params.choice(info, "vul")?;
        let slam = params.choice(info, "slam")?;
        let pen = params.choice(info, "penalty_vul")?;
        let max_deals = params.int(info, "max_deals")?;
        Ok(Bridge {
            scoring: if scoring == "deal" {
                Scoring::Deal
            } else {
                Scoring::Rubber
            },
            rules: ScoringRules {
                slam: if slam == "taken" {
                    SlamRule::Taken
                } else {
                    SlamRule::Bid
                },
                penalty: if pen == "defenders" {
                    PenaltyVulnerability::Defenders
                } else {
                    PenaltyVulnerability::Declarer
                },
            },
            vul: match vul {
                "ns" => [true, false],
                "ew" => [false, true],
                "both" => [true, true],
                _ => [false, false],
            },
            max_deals,
        })
    }

    fn players(&self) -> usize {
        4
    }

    fn deal<R: Rng + ?Sized>(&self, rng: &mut R) -> BridgeState {
        // The first deal, as `start_deal` starts every later one.
        let dealer = Seat::new(0);
        BridgeState {
            phase: Phase::Auction,
            dealer,
            deals: 1,
            auction: Auction::new(dealer),
            contract: None,
            play: fresh_play(dealer, rng),
            rubber: Rubber::default(),
            duplicate: 0,
            tally: [0; 5],
            history: ArrayVec::new(),
        }
    }

    fn to_move(&self, state: &BridgeState) -> ToMove {
        match state.phase {
            Phase::Over => ToMove::Over,
            Phase::Auction => ToMove::Seat(state.auction.to_call()),
            Phase::Play => {
                let s = state.play.to_play();
                let k = state.contract.expect("a contract");
                if s == k.declarer.left(2, 4) {
                    ToMove::Seat(k.declarer)
                } else {
                    ToMove::Seat(s)
                }
            }
        }
    }

    fn legal_actions(&self, state: &BridgeState, out: &mut Vec<BridgeAction>) {
        out.clear();
        match state.phase {
            Phase::Over => {}
            Phase::Auction => {
                if let Some(legal) = state.auction.legal() {
                    out.push(CALL_ACTIONS[0]);
                    out.extend_from_slice(&CALL_ACTIONS[1 + legal.floor..36]);
                    if legal.double {
                        out.push(CALL_ACTIONS[36]);
                    }
                    if legal.redouble {
                        out.push(CALL_ACTIONS[37]);
                    }
                }
            }
            Phase::Play => {
                // All thirteen slots a hand can need are filled, then cut to the legal count:
                // a loop that ran once per legal card would mispredict its (random) exit, and
                // pushing card by card would make each push wait for the last one's length.
                let legal = state.play.legal();
                let mut cards = [PLAY_ACTIONS[0]; 13];
                let mut bits = legal.bits();
                for slot in &mut cards {
                    // Past the last legal card, bit 63's card, which is cut off.
                    *slot = PLAY_ACTIONS[(bits | 1 << 63).trailing_zeros() as usize];
                    bits &= bits.wrapping_sub(1);
                }
                out.extend_from_slice(&cards);
                out.truncate(legal.len());
            }
        }
    }

    fn legal_count(&self, state: &BridgeState) -> Option<usize> {
        Some(match state.phase {
            Phase::Over => 0,
            Phase::Auction => state.auction.legal().map_or(0, |l| l.count()),
            Phase::Play => state.play.legal_count(),
        })
    }

    fn nth_legal(&self, state: &BridgeState, n: usize) -> BridgeAction {
        match state.phase {
            Phase::Auction => {
                let legal = state.auction.legal().expect("an auction in progress");
                CALL_ACTIONS[legal.nth(n)]
            }
            _ => BridgeAction::Play(state.play.nth_legal(n)),
        }
    }

    #[inline]
    fn pick_legal<E>(
        &self,
        state: &BridgeState,
        pick: impl FnOnce(usize) -> Result<usize, E>,
    ) -> Option<Result<BridgeAction, E>> {
        match state.phase {
            Phase::Play => Some(state.play.pick_legal(pick).map(BridgeAction::Play)),
            _ => crate::game::pick_counted(self, state, pick),
        }
    }

    fn apply<R: Rng + ?Sized>(&self, state: &mut BridgeState, action: BridgeAction, rng: &mut R) {
        match (state.phase, action) {
            (Phase::Auction, BridgeAction::Call(call)) => {
                state.auction.push(call);
                match state.auction.end() {
                    None => {}
                    Some(AuctionEnd::PassedOut) => {
                        state.tally[1] += 1;
                        self.next_deal(state, rng);
                    }
                    Some(AuctionEnd::Contract(k)) => {
                        if k.risk != Risk::Undoubled {
                            state.tally[4] += 1;
                        }
                        state.contract = Some(k);
                        let hands: [CardSet; 4] =
                            std::array::from_fn(|i| state.play.hand(Seat::new(i)));
                        let order = CardOrder::ace_high(k.bid.strain().trump());
                        state.play = TrickPlay::new(
                            4,
                            &hands,
                            k.declarer.next(4),
                            order,
                            Obligation::FollowSuit,
                        );
                        state.phase = Phase::Play;
                    }
                }
            }
            (Phase::Play, BridgeAction::Play(card)) => {
                if state.play.play(card).is_some() {
                    state
                        .history
                        .push(*state.play.last_trick().expect("a trick was completed"));
                    if state.play.is_over() {
                        self.finish_play(state, rng);
                    }
                }
            }
            (phase, a) => panic!("action {a} does not fit the {phase:?} phase"),
        }
    }

    fn observe(&self, state: &BridgeState, seat: Seat) -> BridgeObservation {
        let mut visible = SeatMask(1 << seat.index());
        let mut dummy = None;
        if state.dummy_exposed() {
            let d = state.dummy().expect("a contract");
            visible.0 |= 1 << d.index();
            dummy = Some((d, state.play.hand(d)));
        }
        BridgeObservation {
            seat,
            phase: state.phase,
            dealer: state.dealer,
            deals: state.deals,
            rubber: state.rubber,
            vulnerable: self.vulnerable(state),
            auction: state.auction.clone(),
            contract: state.contract,
            dummy,
            play: state.play.masked(visible),
            history: state.history.clone(),
        }
    }

    fn determinize<R: Rng + ?Sized>(&self, obs: &BridgeObservation, rng: &mut R) -> BridgeState {
        let mut play = obs.play;
        let mut visible = SeatMask(1 << obs.seat.index());
        if let Some((d, _)) = obs.dummy {
            visible.0 |= 1 << d.index();
        }
        let ok = play.resample(visible, &BySeat::default(), rng);
        assert!(
            ok,
            "an observation of a real Bridge game always has a consistent deal"
        );
        BridgeState {
            phase: obs.phase,
            dealer: obs.dealer,
            deals: obs.deals,
            auction: obs.auction.clone(),
            contract: obs.contract,
            play,
            rubber: obs.rubber,
            duplicate: 0,
            tally: [0; 5],
            history: obs.history.clone(),
        }
    }

    /// Every move is public: calls are made aloud and every card is played face up.
    fn observe_action(
        &self,
        _state: &BridgeState,
        action: BridgeAction,
        _viewer: Seat,
    ) -> Option<BridgeAction> {
        Some(action)
    }

    fn outcome(&self, state: &BridgeState) -> Option<Outcome> {
        if state.phase != Phase::Over {
            return None;
        }
        let team = match self.scoring {
            Scoring::Rubber => {
                let t = state.rubber.totals();
                [t[0] as f64, t[1] as f64]
            }
            Scoring::Deal => [state.duplicate as f64, -state.duplicate as f64],
        };
        Some(rank_by_score(&[team[0], team[1], team[0], team[1]]))
    }

    fn stats(&self, state: &BridgeState, out: &mut Vec<f64>) {
        out.clear();
        out.push(state.deals as f64);
        out.extend(state.tally[1..].iter().map(|&x| x as f64));
    }

    fn check_invariants(&self, state: &BridgeState) -> Result<(), String> {
        state.play.check()?;
        let held: usize = Seat::all(4).map(|s| state.play.hand(s).len()).sum();
        if held + state.play.record().played().len() != 52 {
            return Err(format!(
                "{held} held and {} played: not 52",
                state.play.record().played().len()
            ));
        }
        match state.phase {
            Phase::Auction => {
                if state.contract.is_some() || state.auction.end().is_some() {
                    return Err("the auction is over but the phase is still the auction".into());
                }
                if !state.play.record().played().is_empty() {
                    return Err("cards played during the auction".into());
                }
            }
            Phase::Play => {
                let k = state.contract.ok_or("play without a contract")?;
                if state.play.order().trump() != k.bid.strain().trump() {
                    return Err("the card order's trump is not the contract's strain".into());
                }
                if state.history.len() != state.play.tricks_played() {
                    return Err("the trick history does not match the tricks played".into());
                }
            }
            Phase::Over => {}
        }
        Ok(())
    }

    /// North-South (seats 0, 2) against East-West (seats 1, 3).
    fn team(&self, seat: Seat) -> usize {
        Bridge::teams().team(seat)
    }
}

impl TrickTaking for Bridge {
    fn trick_play<'s>(&self, state: &'s BridgeState) -> Option<&'s TrickPlay> {
        (state.phase() == Phase::Play).then(|| state.play())
    }

    fn teams(&self) -> Teams {
        Bridge::teams()
    }

    fn card(action: BridgeAction) -> Option<Card> {
        match action {
            BridgeAction::Play(c) => Some(c),
            BridgeAction::Call(_) => None,
        }
    }
}

mod deal_text;
pub mod encoding;
#[cfg(test)]
mod tests;
