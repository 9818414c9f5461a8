//! Mattis: a Norwegian two-part game. First the players build their hands by winning tricks of
//! one card each; then they try to get rid of those cards by beating the last play or picking
//! up, and the last player holding cards is the *mattis* (the fool).
//!
//! - **Players:** 3 to 8. **Deck:** 52 cards, ace high. Each is dealt 3; the rest is the stock.
//! - **First half:** the dealer's left leads; every player in turn plays any card (no suit
//!   to follow), or, while the stock holds two or more cards, plays *blind* (the top card of
//!   the stock, committed). The highest rank wins, suits ignored; if two or more tie for
//!   highest, the tied players play again (cards stay on the table) until one is highest,
//!   and he takes every card on the table. Then everyone draws back to 3, the winner first;
//!   whoever would draw the last card shows it instead and puts it in his won pile: its suit
//!   is trump and he is the *trump maker*. The half ends when a player runs out of cards; the
//!   cards left in hands (unseen by the others) join their holders' won piles.
//! - **Second half** ([`Beating`], shared with Myllymatti): won piles are the hands; the trump
//!   maker leads any card or run (two or more consecutive cards of a suit); each play must
//!   beat the last (higher in its suit, or a trump); a player who cannot picks up the lowest
//!   play on the table (a whole run); a trick is complete with as many plays as players at its
//!   start, is discarded, and the last player leads. Players go out as their hands empty.
//! - **Outcome:** placements by going out ([`Beating::outcome`]): first out is first, the
//!   mattis last.
//!
//! The core here is shared with [`Myllymatti`](crate::games::myllymatti::Myllymatti), which
//! plays two-player tricks in the first half. Rulings where the pages are silent are in
//! `docs/rules/mattis.md` and `docs/rules/myllymatti.md`, each with its test.
//!
//! ```
//! use cardsim_engine::games::mattis::Mattis;
//! use cardsim_engine::{Game, Params, ToMove};
//! use rand::{seq::IndexedRandom, SeedableRng};
//! let game = Mattis::new(4, &Params::new()).unwrap();
//! let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(5);
//! let mut state = game.deal(&mut rng);
//! let mut legal = Vec::new();
//! while let ToMove::Seat(_) = game.to_move(&state) {
//!     game.legal_actions(&state, &mut legal);
//!     game.apply(&mut state, *legal.choose(&mut rng).unwrap(), &mut rng);
//! }
//! let outcome = game.outcome(&state).unwrap();
//! assert_eq!(outcome.first(4).iter().filter(|r| r.place == 4).count(), 1);
//! ```

use crate::cards::{Card, CardSet};
use crate::game::{check_players, ConfigError, Game, GameInfo, Outcome, Params, ToMove};
use crate::games::common::{BeatMove, BeatRules, Beating, Stock, Take};
use crate::seat::{BySeat, Seat, SeatMask, MAX_SEATS};
use crate::tricks::{sample_deal_into, HiddenHand};
use arrayvec::ArrayVec;
use rand::Rng;
use std::fmt;
use std::marker::PhantomData;

/// Cards in a first-half hand.
pub const HAND: usize = 3;

/// The most decisions in one game before it is called a draw. Real games take a few hundred;
/// the second half can in principle pass cards back and forth for ever.
pub const MOVE_CAP: u64 = 20_000;

/// What differs between the games of the family.
pub trait Variant: Clone + Copy + fmt::Debug + Default + Send + Sync + 'static {
    /// The game's description.
    const INFO: GameInfo;
    /// First-half tricks are played by the leader and the player to his left only, a tie is a
    /// *bounce* (Myllymatti); else every player plays and the tied players play again (Mattis).
    const PAIRS: bool;
    /// The second half's rules.
    const BEAT: BeatRules;
    /// The cards left in hands at the end of the first half are shown (Myllymatti).
    const EXPOSE: bool;
}

/// The rules of Mattis ([`Variant`] for [`TwoPart`]).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct MattisRules;

impl Variant for MattisRules {
    const INFO: GameInfo = GameInfo {
        name: "mattis",
        title: "Mattis",
        min_players: 3,
        max_players: 8,
        default_players: 4,
        params: &[],
        stats: STATS_MATTIS,
    };
    const PAIRS: bool = false;
    const BEAT: BeatRules = BeatRules {
        runs: true,
        take: Take::Lowest,
        may_decline: false,
    };
    const EXPOSE: bool = false;
}

const STATS_MATTIS: &[&str] = &[
    "tricks",
    "ties",
    "blind_plays",
    "blamattis",
    "beat_tricks",
    "plays",
    "runs",
    "pickups",
    "forced_pickups",
    "loser_cards",
];

/// The two-part game for a [`Variant`]: [`Mattis`] or
/// [`Myllymatti`](crate::games::myllymatti::Myllymatti).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TwoPart<V: Variant> {
    players: u8,
    variant: PhantomData<V>,
}

/// Mattis.
///
/// ```
/// use cardsim_engine::games::mattis::Mattis;
/// use cardsim_engine::{Game, Params};
/// let err = Mattis::new(9, &Params::new()).unwrap_err();
/// assert_eq!(err.to_string(), "mattis takes 3 to 8 players, not 9");
/// ```
pub type Mattis = TwoPart<MattisRules>;

/// A move. In the first half: a card from the hand, or the top card of the stock played blind;
/// in the second half a [`BeatMove`]. Displayed `AS`, `blind`, `5H-7H`, `take`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum MattisAction {
    /// First half: play this card from the hand.
    Card(Card),
    /// First half: play the top card of the stock.
    Blind,
    /// Second half: a play or a pick-up.
    Beat(BeatMove),
}

impl fmt::Display for MattisAction {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            MattisAction::Card(c) => write!(f, "{c}"),
            MattisAction::Blind => write!(f, "blind"),
            MattisAction::Beat(m) => write!(f, "{m}"),
        }
    }
}

/// Which half is being played.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Half {
    /// Building the hands.
    First,
    /// Playing them out ([`Beating`]).
    Second,
}

/// Running statistics of the first half.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Tally {
    /// Tricks won in the first half.
    pub tricks: u32,
    /// Ties replayed (Mattis) or bounces (Myllymatti).
    pub ties: u32,
    /// Cards played blind.
    pub blind: u32,
    /// Players who won no trick in the first half (*blåmattis*).
    pub blamattis: u32,
}

/// A complete position. In the first half the stock, the hands, the won piles and the table
/// partition the deck; in the second half the [`Beating`] holds every card.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MattisState {
    pub(crate) half: Half,
    pub(crate) stock: Stock,
    pub(crate) hands: BySeat<CardSet>,
    /// Won piles (everyone saw these cards played, and the trump card shown).
    pub(crate) won: BySeat<CardSet>,
    /// Cards on the table in the trick in progress, by who played them.
    pub(crate) table: BySeat<CardSet>,
    /// The card each player in the current round has played.
    pub(crate) round: BySeat<Option<Card>>,
    /// Who plays in the current round.
    pub(crate) contenders: SeatMask,
    pub(crate) leader: Seat,
    pub(crate) turn: Seat,
    pub(crate) trump: Option<Card>,
    pub(crate) maker: Option<Seat>,
    pub(crate) beat: Beating,
    pub(crate) tally: Tally,
}

impl MattisState {
    /// The half being played.
    pub fn half(&self) -> Half {
        self.half
    }
    /// `seat`'s cards (first-half hand, or second-half hand).
    pub fn hand_of(&self, seat: Seat) -> CardSet {
        match self.half {
            Half::First => self.hands[seat],
            Half::Second => self.beat.hand(seat),
        }
    }
    /// `seat`'s won pile in the first half.
    pub fn won(&self, seat: Seat) -> CardSet {
        self.won[seat]
    }
    /// The cards each player has on the table in the first-half trick in progress.
    pub fn table_of(&self, seat: Seat) -> CardSet {
        self.table[seat]
    }
    /// The stock.
    pub fn stock(&self) -> &Stock {
        &self.stock
    }
    /// The trump card, once drawn.
    pub fn trump(&self) -> Option<Card> {
        self.trump
    }
    /// The trump maker, once the last card is drawn.
    pub fn maker(&self) -> Option<Seat> {
        self.maker
    }
    /// The second half (meaningful once it has started).
    pub fn beating(&self) -> &Beating {
        &self.beat
    }
    /// The players of the current first-half round.
    pub fn contenders(&self) -> SeatMask {
        self.contenders
    }
    /// The card `seat` has played in the current first-half round, if any.
    pub fn round_card(&self, seat: Seat) -> Option<Card> {
        self.round[seat]
    }
    /// The first-half statistics.
    pub fn tally(&self) -> Tally {
        self.tally
    }
}

/// What one seat may know: the position with the other players' unknown cards and the stock's
/// order taken out (`view`), every hand's size and the stock's size. In the first half the
/// others' hands are wholly unknown; in the second half each hand shows the cards everyone saw
/// go into it (captured, picked up, and in Myllymatti the exposed rest), and the cards each
/// player showed it had not, by picking up when it could not beat.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MattisObservation {
    /// The observer.
    pub seat: Seat,
    /// The position as the observer sees it.
    pub view: MattisState,
    /// Every seat's number of cards in hand.
    pub hand_sizes: BySeat<u8>,
    /// Cards in the stock.
    pub stock: u8,
}

impl MattisObservation {
    /// The observer's cards.
    pub fn hand(&self) -> CardSet {
        self.view.hand_of(self.seat)
    }
}

impl<V: Variant> TwoPart<V> {
    fn n(&self) -> usize {
        self.players as usize
    }

    /// The next seat to the left.
    fn left(&self, s: Seat) -> Seat {
        s.next(self.n())
    }

    /// Draws `seat` back up to [`HAND`]; the last card of the stock goes to its won pile
    /// instead and fixes trump.
    fn draw_up(st: &mut MattisState, seat: Seat) {
        while st.hands[seat].len() < HAND {
            match st.stock.len() {
                0 => break,
                1 => {
                    let c = st.stock.draw().expect("one card left");
                    st.won[seat].insert(c);
                    st.trump = Some(c);
                    st.maker = Some(seat);
                }
                _ => {
                    let c = st.stock.draw().expect("cards left");
                    st.hands[seat].insert(c);
                }
            }
        }
    }

    /// Draws for everyone in `order` (a first seat, then to its left), `count` seats.
    fn draw_round(&self, st: &mut MattisState, first: Seat, count: usize) {
        let mut s = first;
        for _ in 0..count {
            Self::draw_up(st, s);
            s = self.left(s);
        }
    }

    /// Starts a first-half trick (or, in Myllymatti, a bounce replay) led by `leader`.
    pub(crate) fn start_trick(&self, st: &mut MattisState, leader: Seat) {
        st.leader = leader;
        st.round = BySeat::default();
        st.contenders = if V::PAIRS {
            SeatMask(1 << leader.index() | 1 << self.left(leader).index())
        } else {
            SeatMask::all(self.n())
        };
        st.turn = leader;
        self.settle(st);
    }

    /// A player to play with no card in hand plays blind if he may; if only the last card is
    /// left he takes it as the trump card; with none left the first half ends.
    fn settle(&self, st: &mut MattisState) {
        if st.half != Half::First || !st.hands[st.turn].is_empty() || st.stock.len() >= 2 {
            return;
        }
        if st.stock.len() == 1 {
            Self::draw_up(st, st.turn);
        }
        self.end_first_half(st);
    }

    /// Ends the first half: table cards go back to who played them, hands and won piles
    /// become the second half's hands, the trump maker leads.
    fn end_first_half(&self, st: &mut MattisState) {
        let mut hands = BySeat::<CardSet>::default();
        let mut known = BySeat::<CardSet>::default();
        let trump = st.trump.expect("the last card has been drawn");
        for s in Seat::all(self.n()) {
            if (st.won[s] - CardSet::from_card(trump)).is_empty() {
                st.tally.blamattis += 1;
            }
            hands[s] = st.hands[s] | st.won[s] | st.table[s];
            known[s] = if V::EXPOSE {
                hands[s]
            } else {
                st.won[s] | st.table[s]
            };
        }
        st.hands = BySeat::default();
        st.won = BySeat::default();
        st.table = BySeat::default();
        st.round = BySeat::default();
        st.contenders = SeatMask::default();
        st.half = Half::Second;
        let maker = st.maker.expect("the trump maker");
        st.beat = Beating::new(self.n(), hands, known, trump.suit(), maker);
    }

    /// The next contender of the round after `s` that has not played, going left.
    fn next_contender(&self, st: &MattisState, s: Seat) -> Option<Seat> {
        let mut x = s;
        for _ in 0..self.n() {
            x = self.left(x);
            if st.contenders.contains(x) && st.round[x].is_none() {
                return Some(x);
            }
        }
        None
    }

    /// Every contender has played: the highest rank takes the table, or the tie is replayed.
    fn resolve(&self, st: &mut MattisState) {
        let best = st
            .contenders
            .iter()
            .filter_map(|s| st.round[s])
            .map(|c| c.rank())
            .max()
            .expect("a round was played");
        let tied = SeatMask(
            st.contenders
                .iter()
                .filter(|&s| st.round[s].is_some_and(|c| c.rank() == best))
                .fold(0u16, |m, s| m | 1 << s.index()),
        );
        if tied.iter().count() > 1 {
            st.tally.ties += 1;
            if V::PAIRS {
                // A bounce: both draw, leader first, and the same pair plays again.
                let leader = st.leader;
                self.draw_round(st, leader, 2);
                self.start_trick(st, leader);
            } else {
                // The tied players play again, the first of them from the leader's seat on.
                st.contenders = tied;
                st.round = BySeat::default();
                let mut s = st.leader;
                while !tied.contains(s) {
                    s = self.left(s);
                }
                st.turn = s;
                self.settle(st);
            }
            return;
        }
        let winner = tied.iter().next().expect("one winner");
        let mut all = CardSet::EMPTY;
        for s in Seat::all(self.n()) {
            all |= st.table[s];
            st.table[s] = CardSet::EMPTY;
        }
        st.won[winner] |= all;
        st.tally.tricks += 1;
        if V::PAIRS {
            // The two players draw, winner first.
            self.draw_round(st, winner, 1);
            let loser = st.contenders.iter().find(|&s| s != winner).expect("a pair");
            self.draw_round(st, loser, 1);
            self.start_trick(st, winner);
        } else {
            self.draw_round(st, winner, self.n());
            // The half ends as soon as a player has run out.
            if Seat::all(self.n()).any(|s| st.hands[s].is_empty()) {
                // After drawing, an empty hand means an empty stock.
                debug_assert!(
                    st.stock.len() != 1,
                    "a hand ran out with a card in the stock"
                );
                if st.stock.is_empty() {
                    self.end_first_half(st);
                    return;
                }
            }
            self.start_trick(st, winner);
        }
    }

    /// The hand sizes of the half being played.
    fn sizes(st: &MattisState) -> BySeat<u8> {
        match st.half {
            Half::First => BySeat::from_fn(|s| st.hands[s].len() as u8),
            Half::Second => st.beat.hand_sizes(),
        }
    }
}

impl<V: Variant> Game for TwoPart<V> {
    type State = MattisState;
    type Action = MattisAction;
    type Observation = MattisObservation;

    const INFO: GameInfo = V::INFO;

    fn new(players: usize, params: &Params) -> Result<Self, ConfigError> {
        check_players(&Self::INFO, players)?;
        params.check_keys(&Self::INFO)?;
        Ok(TwoPart {
            players: players as u8,
            variant: PhantomData,
        })
    }

    fn players(&self) -> usize {
        self.n()
    }

    /// Seat 0 leads the first trick (the last seat deals).
    fn deal<R: Rng + ?Sized>(&self, rng: &mut R) -> MattisState {
        let mut st = MattisState {
            half: Half::First,
            stock: Stock::shuffled(CardSet::FULL_DECK, rng),
            hands: BySeat::default(),
            won: BySeat::default(),
            table: BySeat::default(),
            round: BySeat::default(),
            contenders: SeatMask::default(),
            leader: Seat::new(0),
            turn: Seat::new(0),
            trump: None,
            maker: None,
            beat: Beating::default(),
            tally: Tally::default(),
        };
        for s in Seat::all(self.n()) {
            st.stock.draw_up_to(&mut st.hands[s], HAND);
        }
        self.start_trick(&mut st, Seat::new(0));
        st
    }

    fn to_move(&self, st: &MattisState) -> ToMove {
        match st.half {
            Half::First => ToMove::Seat(st.turn),
            Half::Second if st.beat.is_over() => ToMove::Over,
            Half::Second => ToMove::Seat(st.beat.turn()),
        }
    }

    /// First half: every card in hand, lowest first, then `blind` while the stock holds two
    /// or more cards. Second half: see [`Beating::legal`].
    fn legal_actions(&self, st: &MattisState, out: &mut Vec<MattisAction>) {
        out.clear();
        match st.half {
            Half::First => {
                out.extend(st.hands[st.turn].iter().map(MattisAction::Card));
                if st.stock.len() >= 2 {
                    out.push(MattisAction::Blind);
                }
            }
            Half::Second => {
                st.beat
                    .legal_each(&V::BEAT, |m| out.push(MattisAction::Beat(m)));
            }
        }
    }

    /// # Panics
    /// If `action` is not legal.
    fn apply<R: Rng + ?Sized>(&self, st: &mut MattisState, action: MattisAction, _rng: &mut R) {
        match (st.half, action) {
            (Half::First, MattisAction::Card(_) | MattisAction::Blind) => {
                let seat = st.turn;
                let card = match action {
                    MattisAction::Card(c) => {
                        assert!(st.hands[seat].remove(c), "{seat} does not hold {c}");
                        c
                    }
                    _ => {
                        assert!(st.stock.len() >= 2, "no blind play from the last card");
                        st.tally.blind += 1;
                        st.stock.draw().expect("stock")
                    }
                };
                st.table[seat].insert(card);
                st.round[seat] = Some(card);
                match self.next_contender(st, seat) {
                    Some(next) => {
                        st.turn = next;
                        self.settle(st);
                    }
                    None => self.resolve(st),
                }
            }
            (Half::Second, MattisAction::Beat(m)) => st.beat.apply(&V::BEAT, m),
            _ => panic!("illegal action {action} in the {:?} half", st.half),
        }
    }

    fn observe(&self, st: &MattisState, seat: Seat) -> MattisObservation {
        let mut view = st.clone();
        view.stock.clear();
        for s in Seat::all(self.n()) {
            if s != seat {
                view.hands[s] = CardSet::EMPTY;
            }
        }
        if st.half == Half::Second {
            view.beat = st.beat.masked(seat);
        }
        MattisObservation {
            seat,
            view,
            hand_sizes: Self::sizes(st),
            stock: st.stock.len() as u8,
        }
    }

    /// Uniform over the states the observer cannot tell apart. First half: the unseen cards
    /// (not in its hand, a won pile or on the table) are dealt uniformly to the other hands by
    /// their sizes and the rest, in a uniformly random order, is the stock. Second half: the
    /// unseen cards are dealt uniformly to the unknown parts of the other hands, keeping out of
    /// each the cards its player showed it had not (by a forced pick-up).
    ///
    /// # Panics
    /// If the observation's sizes do not fit its unseen cards.
    fn determinize<R: Rng + ?Sized>(&self, obs: &MattisObservation, rng: &mut R) -> MattisState {
        let n = self.n();
        let mut st = obs.view.clone();
        let mut out = [CardSet::EMPTY; MAX_SEATS + 1];
        match st.half {
            Half::First => {
                let mut seen = st.hands[obs.seat];
                for s in Seat::all(n) {
                    seen |= st.won[s] | st.table[s];
                }
                let unseen = CardSet::FULL_DECK - seen;
                let hidden: ArrayVec<HiddenHand, MAX_SEATS> = Seat::all(n)
                    .map(|s| HiddenHand {
                        count: if s == obs.seat {
                            0
                        } else {
                            obs.hand_sizes[s] as usize
                        },
                        excluded: CardSet::EMPTY,
                    })
                    .collect();
                assert!(
                    sample_deal_into(unseen, &hidden, &mut out, rng),
                    "the observation's hand sizes do not fit its unseen cards"
                );
                for s in Seat::all(n).filter(|&s| s != obs.seat) {
                    st.hands[s] = out[s.index()];
                }
                assert_eq!(out[n].len(), obs.stock as usize, "stock size");
                st.stock = Stock::shuffled(out[n], rng);
            }
            Half::Second => {
                let unseen = st.beat.unseen();
                let hidden = st.beat.hidden_hands(obs.seat, &obs.hand_sizes);
                assert!(
                    sample_deal_into(unseen, hidden.first(n), &mut out, rng),
                    "no deal fits the observation"
                );
                for s in Seat::all(n).filter(|&s| s != obs.seat) {
                    st.beat.add_hidden(s, out[s.index()]);
                }
            }
        }
        st
    }

    /// Every move is public: cards are played face up, a blind card is turned up, pick-ups
    /// are seen.
    fn observe_action(
        &self,
        _state: &MattisState,
        action: MattisAction,
        _viewer: Seat,
    ) -> Option<MattisAction> {
        Some(action)
    }

    fn outcome(&self, st: &MattisState) -> Option<Outcome> {
        (st.half == Half::Second && st.beat.is_over()).then(|| st.beat.outcome())
    }

    fn stats(&self, st: &MattisState, out: &mut Vec<f64>) {
        out.clear();
        let t = st.tally;
        let b = st.beat.tally();
        let loser_cards = if st.half == Half::Second && st.beat.is_over() {
            st.beat
                .out()
                .active(self.n())
                .map(|s| st.beat.hand(s).len() as f64)
                .sum()
        } else {
            0.0
        };
        out.extend([
            t.tricks as f64,
            t.ties as f64,
            t.blind as f64,
            t.blamattis as f64,
            b.tricks as f64,
            b.plays as f64,
            b.runs as f64,
            b.pickups as f64,
            b.forced_pickups as f64,
            loser_cards,
        ]);
    }

    fn move_cap(&self) -> Option<u64> {
        Some(MOVE_CAP)
    }

    fn check_invariants(&self, st: &MattisState) -> Result<(), String> {
        let n = self.n();
        match st.half {
            Half::First => {
                let mut all = st.stock.cards();
                if all.len() != st.stock.len() {
                    return Err("the stock repeats a card".into());
                }
                for s in Seat::all(MAX_SEATS) {
                    for part in [st.hands[s], st.won[s], st.table[s]] {
                        if !part.is_disjoint(all) {
                            return Err(format!("seat {s}'s cards overlap others"));
                        }
                        all |= part;
                    }
                    if s.index() >= n && !(st.hands[s] | st.won[s] | st.table[s]).is_empty() {
                        return Err(format!("seat {s} is not in the game"));
                    }
                    if s.index() < n {
                        let h = st.hands[s].len();
                        if h > HAND {
                            return Err(format!("seat {s} holds {h} cards"));
                        }
                    }
                }
                if all != CardSet::FULL_DECK {
                    return Err(format!("cards not conserved: {} in play", all.len()));
                }
                if st.trump.is_some() != st.stock.is_empty()
                    || st.trump.is_some() != st.maker.is_some()
                {
                    return Err("the trump card is drawn exactly when the stock is empty".into());
                }
                if let (Some(t), Some(m)) = (st.trump, st.maker) {
                    if !st.won[m].contains(t) {
                        return Err("the trump card is not in the maker's pile".into());
                    }
                }
                if !st.contenders.contains(st.turn) || st.round[st.turn].is_some() {
                    return Err(format!("seat {} is not due to play", st.turn));
                }
                if st.hands[st.turn].is_empty() && st.stock.len() < 2 {
                    return Err(format!("seat {} to play has nothing to play", st.turn));
                }
                let played: CardSet = Seat::all(n).filter_map(|s| st.round[s]).collect();
                let table: CardSet = Seat::all(n).fold(CardSet::EMPTY, |a, s| a | st.table[s]);
                if !played.is_subset(table) {
                    return Err("a card of the round is not on the table".into());
                }
            }
            Half::Second => {
                let all = st.beat.check()?;
                if all != CardSet::FULL_DECK {
                    return Err(format!("cards not conserved: {} in play", all.len()));
                }
                if !st.stock.is_empty() || Seat::all(n).any(|s| !st.hands[s].is_empty()) {
                    return Err("first-half cards left in the second half".into());
                }
            }
        }
        Ok(())
    }
}

mod deal_text;
pub mod encoding;
#[cfg(test)]
mod tests;
