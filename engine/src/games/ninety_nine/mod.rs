//! Ninety-Nine: play a card, add its value to a running count, and do not be the one who
//! cannot stay at or below 99; three lost hands and you are out, the last player in wins.
//!
//! - **Players:** 2 to 6. Each starts with `tokens` tokens (default 3).
//! - **Deck:** one 52-card deck. Each active player is dealt `hand` cards (default 4); the
//!   rest is the stock.
//! - **Play:** in turn, a player plays a card face up, the count changes by its value, and the
//!   player draws back up to the hand size from the stock. Values: ace +1 or +11 (player's
//!   choice), 2 +2, 3 +3 and the next player is skipped, 4 counts 0 and reverses the order of
//!   play (with more than two players in), 5 to 8 their face value, 9 makes the count 99, 10
//!   +10 or -10 (player's choice), jack and queen +10, king 0.
//! - **Losing a token:** a player who cannot play any card without taking the count above 99
//!   loses a token (this is forced, not a decision) and a new hand is dealt; a player with no
//!   tokens left is out. The game ends when one player is left.
//! - **Outcome:** placement by elimination order ([`Eliminations`]): the last player in is
//!   first, the first player out is last; a seat's score is the number of seats that went
//!   out before it.
//!
//! Rulings where the page is silent (the deal, the stock running out, a count below zero, the
//! skip with two players) are in `docs/rules/ninety-nine.md`, each with its test.
//!
//! ```
//! use cardsim_engine::games::ninety_nine::{Count, NinetyNine, NinetyNineAction};
//! use cardsim_engine::{Game, Params, ToMove};
//! use rand::{seq::IndexedRandom, SeedableRng};
//! let game = NinetyNine::new(4, &Params::new()).unwrap();
//! let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(5);
//! let mut state = game.deal(&mut rng);
//! let mut legal = Vec::new();
//! while let ToMove::Seat(_) = game.to_move(&state) {
//!     game.legal_actions(&state, &mut legal);
//!     game.apply(&mut state, *legal.choose(&mut rng).unwrap(), &mut rng);
//! }
//! let outcome = game.outcome(&state).unwrap();
//! assert_eq!(outcome.first(4).iter().filter(|r| r.place == 1).count(), 1);
//! let ace = NinetyNineAction { card: "AS".parse().unwrap(), count: Count::Add(11) };
//! assert_eq!(ace.to_string(), "AS+11");
//! ```

use crate::cards::{Card, CardSet, Rank};
use crate::game::{check_players, ConfigError, Game, GameInfo, Outcome, ParamSpec, Params, ToMove};
use crate::games::common::{Eliminations, Stock};
use crate::seat::{BySeat, Seat, MAX_SEATS};
use arrayvec::ArrayVec;
use rand::seq::SliceRandom;
use rand::Rng;
use std::fmt;

/// The count a player may not exceed.
pub const LIMIT: i32 = 99;

/// The most decisions in one game before it is called a draw: far beyond any real game (a few
/// hundred plays), but a rebuilt stock makes the game unbounded in principle.
pub const MOVE_CAP: u64 = 100_000;

/// What happens when a player must draw and the stock is empty.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Exhausted {
    /// The played cards except the top one are shuffled into a new stock (`stock=reshuffle`).
    Reshuffle,
    /// Play goes on without drawing; hands shrink, and a player with no card cannot play
    /// (`stock=play-on`).
    PlayOn,
}

/// The rules of Ninety-Nine for a player count and variant settings.
///
/// ```
/// use cardsim_engine::games::ninety_nine::NinetyNine;
/// use cardsim_engine::{Game, Params};
/// let g = NinetyNine::new(3, &Params::parse(&["hand=3", "tokens=2"]).unwrap()).unwrap();
/// assert_eq!((g.hand_size(), g.tokens()), (3, 2));
/// let err = NinetyNine::new(7, &Params::new()).unwrap_err();
/// assert_eq!(err.to_string(), "ninety-nine takes 2 to 6 players, not 7");
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct NinetyNine {
    players: u8,
    hand: u8,
    tokens: u8,
    negative: bool,
    exhausted: Exhausted,
}

/// How a card changes the count.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Count {
    /// Adds this (negative for a ten played as -10; 0 for a four or a king).
    Add(i8),
    /// A nine: the count becomes 99.
    NinetyNine,
}

/// A move: play `card` with the value `count` (for an ace or a ten, the player's choice).
/// Displayed as the card and the change: `AS+11`, `TD-10`, `KC+0`, `9H=99`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct NinetyNineAction {
    /// The card played.
    pub card: Card,
    /// What it does to the count.
    pub count: Count,
}

impl fmt::Display for NinetyNineAction {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.count {
            Count::Add(v) => write!(f, "{}{v:+}", self.card),
            Count::NinetyNine => write!(f, "{}=99", self.card),
        }
    }
}

impl NinetyNineAction {
    /// The count after playing this on `count`.
    pub fn result(self, count: i32) -> i32 {
        match self.count {
            Count::Add(v) => count + v as i32,
            Count::NinetyNine => LIMIT,
        }
    }
}

/// The values a card may take, in the order they are offered: ace +1 then +11, ten +10 then
/// -10, a nine [`Count::NinetyNine`], every other card its one fixed value.
///
/// ```
/// use cardsim_engine::games::ninety_nine::{values, Count};
/// use cardsim_engine::Rank;
/// assert_eq!(values(Rank::Ace).as_slice(), [Count::Add(1), Count::Add(11)]);
/// assert_eq!(values(Rank::Ten).as_slice(), [Count::Add(10), Count::Add(-10)]);
/// assert_eq!(values(Rank::Nine).as_slice(), [Count::NinetyNine]);
/// assert_eq!(values(Rank::Four).as_slice(), [Count::Add(0)]);
/// assert_eq!(values(Rank::Queen).as_slice(), [Count::Add(10)]);
/// ```
pub fn values(rank: Rank) -> ArrayVec<Count, 2> {
    let mut out = ArrayVec::new();
    match rank {
        Rank::Ace => out.extend([Count::Add(1), Count::Add(11)]),
        Rank::Ten => out.extend([Count::Add(10), Count::Add(-10)]),
        Rank::Nine => out.push(Count::NinetyNine),
        Rank::Four | Rank::King => out.push(Count::Add(0)),
        Rank::Jack | Rank::Knight | Rank::Queen => out.push(Count::Add(10)),
        r => out.push(Count::Add(r.number() as i8)),
    }
    out
}

/// A complete position. Cards are one deck: the active players' hands, the played cards and
/// the stock partition it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct NinetyNineState {
    pub(crate) stock: Stock,
    /// Cards played this hand since the stock was last rebuilt, the top card included.
    pub(crate) pile: CardSet,
    pub(crate) top: Option<Card>,
    /// The cards put into the stock when it was last rebuilt this hand; the whole deck before.
    pub(crate) restock: CardSet,
    pub(crate) hands: BySeat<CardSet>,
    pub(crate) tokens: BySeat<u8>,
    pub(crate) out: Eliminations,
    pub(crate) count: i32,
    pub(crate) clockwise: bool,
    pub(crate) turn: Seat,
    pub(crate) dealer: Seat,
    pub(crate) hand: u16,
    pub(crate) over: bool,
    pub(crate) tally: Tally,
}

/// Running statistics of a game.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Tally {
    /// Cards played.
    pub plays: u32,
    /// Stocks rebuilt from the played cards.
    pub reshuffles: u32,
    /// Nines played.
    pub nines: u32,
    /// Fours that reversed the order of play.
    pub reversals: u32,
    /// Threes that skipped a player.
    pub skips: u32,
    /// Sum of the counts at which a player could not play (one per hand ended).
    pub bust_counts: u32,
}

impl NinetyNineState {
    /// The running count.
    pub fn count(&self) -> i32 {
        self.count
    }
    /// `seat`'s cards.
    pub fn hand_of(&self, seat: Seat) -> CardSet {
        self.hands[seat]
    }
    /// `seat`'s tokens.
    pub fn tokens_of(&self, seat: Seat) -> u8 {
        self.tokens[seat]
    }
    /// The stock.
    pub fn stock(&self) -> &Stock {
        &self.stock
    }
    /// Who is out, in order.
    pub fn eliminations(&self) -> Eliminations {
        self.out
    }
    /// The seat to play (meaningless once the game is over).
    pub fn turn(&self) -> Seat {
        self.turn
    }
    /// True while play goes to the left (seat `s + 1`).
    pub fn clockwise(&self) -> bool {
        self.clockwise
    }
    /// The hand number, from 1.
    pub fn hand_number(&self) -> u16 {
        self.hand
    }
    /// The running statistics.
    pub fn tally(&self) -> Tally {
        self.tally
    }
}

/// What one seat may know: its own cards, the count, the order of play, every card played since
/// the stock was last rebuilt (and which cards went into it), each hand's size, the tokens and
/// who is out.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct NinetyNineObservation {
    /// The observer.
    pub seat: Seat,
    /// Its cards.
    pub hand: CardSet,
    /// Every seat's number of cards.
    pub hand_sizes: BySeat<u8>,
    /// Cards played since the stock was last rebuilt, the top card included.
    pub pile: CardSet,
    /// The last card played this hand.
    pub top: Option<Card>,
    /// The cards that went into the stock when it was last rebuilt this hand (the whole deck
    /// before): the stock holds only cards of this set.
    pub restock: CardSet,
    /// Cards left in the stock.
    pub stock: u8,
    /// Tokens per seat.
    pub tokens: BySeat<u8>,
    /// Who is out.
    pub out: Eliminations,
    /// The running count.
    pub count: i32,
    /// The order of play.
    pub clockwise: bool,
    /// The seat to play.
    pub turn: Seat,
    /// The dealer of this hand.
    pub dealer: Seat,
    /// The hand number.
    pub hand_number: u16,
    /// True once one player is left.
    pub over: bool,
    /// The public statistics.
    pub tally: Tally,
}

impl NinetyNineObservation {
    /// The cards the observer has not seen: not in its hand nor played since the last rebuild.
    pub fn unseen(&self) -> CardSet {
        CardSet::FULL_DECK - self.hand - self.pile
    }
}

impl NinetyNine {
    fn n(&self) -> usize {
        self.players as usize
    }

    /// The hand size players draw back up to.
    pub const fn hand_size(&self) -> u8 {
        self.hand
    }

    /// Tokens each player starts with.
    pub const fn tokens(&self) -> u8 {
        self.tokens
    }

    /// True when a ten may take the count below zero (`negative=true`).
    pub const fn negative_allowed(&self) -> bool {
        self.negative
    }

    /// What happens when the stock runs out.
    pub const fn exhausted(&self) -> Exhausted {
        self.exhausted
    }

    /// True when `count` may be reached by a play.
    fn allowed(&self, count: i32) -> bool {
        count <= LIMIT && (self.negative || count >= 0)
    }

    /// Writes the plays open to a player holding `hand` at `count`, ascending by card.
    fn plays_into(&self, hand: CardSet, count: i32, out: &mut Vec<NinetyNineAction>) {
        out.clear();
        for card in hand.iter() {
            for v in values(card.rank()) {
                let a = NinetyNineAction { card, count: v };
                if self.allowed(a.result(count)) {
                    out.push(a);
                }
            }
        }
    }

    /// True when a player holding `hand` has a play at `count`.
    fn can_play(&self, hand: CardSet, count: i32) -> bool {
        hand.iter().any(|card| {
            values(card.rank())
                .iter()
                .any(|&v| self.allowed(NinetyNineAction { card, count: v }.result(count)))
        })
    }

    /// Shuffles the whole deck and deals a new hand: the dealer's left leads.
    fn deal_hand<R: Rng + ?Sized>(&self, st: &mut NinetyNineState, rng: &mut R) {
        st.stock = Stock::shuffled(CardSet::FULL_DECK, rng);
        st.hands = BySeat::default();
        let n = self.n();
        let mut seat = st.dealer;
        for _ in 0..st.out.remaining(n) {
            seat = st.out.next_active(seat, n, true);
            st.stock.draw_up_to(&mut st.hands[seat], self.hand as usize);
        }
        st.pile = CardSet::EMPTY;
        st.top = None;
        st.restock = CardSet::FULL_DECK;
        st.count = 0;
        st.clockwise = true;
        st.turn = st.out.next_active(st.dealer, n, true);
    }

    /// Draws the mover back up to the hand size, rebuilding the stock first if it is empty
    /// and the rules say so.
    fn draw<R: Rng + ?Sized>(&self, st: &mut NinetyNineState, seat: Seat, rng: &mut R) {
        if st.stock.is_empty() && self.exhausted == Exhausted::Reshuffle {
            let top = st.top.map_or(CardSet::EMPTY, CardSet::from_card);
            let rest = st.pile - top;
            if !rest.is_empty() {
                st.stock.refill(rest, rng);
                st.restock = rest;
                st.pile = top;
                st.tally.reshuffles += 1;
            }
        }
        st.stock.draw_up_to(&mut st.hands[seat], self.hand as usize);
    }

    /// Settles the seat to move: one that cannot play loses a token, and the next hand is dealt
    /// (or the game ends).
    fn settle<R: Rng + ?Sized>(&self, st: &mut NinetyNineState, rng: &mut R) {
        let seat = st.turn;
        if self.can_play(st.hands[seat], st.count) {
            return;
        }
        let n = self.n();
        st.tally.bust_counts += st.count.max(0) as u32;
        st.tokens[seat] -= 1;
        if st.tokens[seat] == 0 {
            st.out.eliminate(seat);
            // Its cards are shown and thrown in (a new hand collects them anyway).
            st.pile |= st.hands[seat];
            st.hands[seat] = CardSet::EMPTY;
        }
        if st.out.remaining(n) == 1 {
            st.over = true;
            return;
        }
        st.hand += 1;
        st.dealer = st.out.next_active(st.dealer, n, true);
        self.deal_hand(st, rng);
    }

    /// The count of cards held by every seat, as the observation shows them.
    fn hand_sizes(st: &NinetyNineState) -> BySeat<u8> {
        BySeat::from_fn(|s| st.hands[s].len() as u8)
    }
}

impl Game for NinetyNine {
    type State = NinetyNineState;
    type Action = NinetyNineAction;
    type Observation = NinetyNineObservation;

    const INFO: GameInfo = GameInfo {
        name: "ninety-nine",
        title: "Ninety-Nine",
        min_players: 2,
        max_players: 6,
        default_players: 3,
        params: &[
            ParamSpec::int(
                "tokens",
                "3",
                1,
                9,
                "tokens each player starts with; a player who loses them all is out",
            ),
            ParamSpec::int(
                "hand",
                "4",
                1,
                8,
                "cards dealt to each player, and drawn back up to after every play \
                 (the page: 4; many other sources: 3)",
            ),
            ParamSpec::flag(
                "negative",
                "true",
                "a ten may be played as -10 even when that takes the count below zero",
            ),
            ParamSpec::choice(
                "stock",
                "reshuffle",
                &["reshuffle", "play-on"],
                "an empty stock is rebuilt from the played cards but the top one (reshuffle), \
                 or play goes on without drawing (play-on)",
            ),
        ],
        stats: &[
            "hands",
            "plays",
            "reshuffles",
            "nines",
            "reversals",
            "skips",
            "bust_count",
            "winner_tokens",
        ],
    };

    fn new(players: usize, params: &Params) -> Result<Self, ConfigError> {
        let info = &Self::INFO;
        check_players(info, players)?;
        params.check_keys(info)?;
        Ok(NinetyNine {
            players: players as u8,
            hand: params.int(info, "hand")?,
            tokens: params.int(info, "tokens")?,
            negative: params.flag(info, "negative")?,
            exhausted: match params.choice(info, "stock")? {
                "play-on" => Exhausted::PlayOn,
                _ => Exhausted::Reshuffle,
            },
        })
    }

    fn players(&self) -> usize {
        self.n()
    }

    fn deal<R: Rng + ?Sized>(&self, rng: &mut R) -> NinetyNineState {
        let mut st = NinetyNineState {
            stock: Stock::default(),
            pile: CardSet::EMPTY,
            top: None,
            restock: CardSet::FULL_DECK,
            hands: BySeat::default(),
            tokens: BySeat::from_fn(|s| if s.index() < self.n() { self.tokens } else { 0 }),
            out: Eliminations::default(),
            count: 0,
            clockwise: true,
            turn: Seat::new(0),
            dealer: Seat::new(self.n() - 1),
            hand: 1,
            over: false,
            tally: Tally::default(),
        };
        self.deal_hand(&mut st, rng);
        st
    }

    fn to_move(&self, st: &NinetyNineState) -> ToMove {
        if st.over {
            ToMove::Over
        } else {
            ToMove::Seat(st.turn)
        }
    }

    fn legal_actions(&self, st: &NinetyNineState, out: &mut Vec<NinetyNineAction>) {
        if st.over {
            out.clear();
            return;
        }
        self.plays_into(st.hands[st.turn], st.count, out);
    }

    /// # Panics
    /// If `action` is not legal.
    fn apply<R: Rng + ?Sized>(
        &self,
        st: &mut NinetyNineState,
        action: NinetyNineAction,
        rng: &mut R,
    ) {
        let seat = st.turn;
        let card = action.card;
        assert!(
            !st.over
                && st.hands[seat].contains(card)
                && values(card.rank()).contains(&action.count)
                && self.allowed(action.result(st.count)),
            "illegal Ninety-Nine action {action} at count {}",
            st.count
        );
        st.hands[seat].remove(card);
        st.pile.insert(card);
        st.top = Some(card);
        st.count = action.result(st.count);
        st.tally.plays += 1;
        self.draw(st, seat, rng);
        let n = self.n();
        match card.rank() {
            Rank::Nine => st.tally.nines += 1,
            Rank::Four if st.out.remaining(n) > 2 => {
                st.clockwise = !st.clockwise;
                st.tally.reversals += 1;
            }
            _ => {}
        }
        let mut next = st.out.next_active(seat, n, st.clockwise);
        if card.rank() == Rank::Three {
            next = st.out.next_active(next, n, st.clockwise);
            st.tally.skips += 1;
        }
        st.turn = next;
        self.settle(st, rng);
    }

    fn observe(&self, st: &NinetyNineState, seat: Seat) -> NinetyNineObservation {
        NinetyNineObservation {
            seat,
            hand: st.hands[seat],
            hand_sizes: Self::hand_sizes(st),
            pile: st.pile,
            top: st.top,
            restock: st.restock,
            stock: st.stock.len() as u8,
            tokens: st.tokens,
            out: st.out,
            count: st.count,
            clockwise: st.clockwise,
            turn: st.turn,
            dealer: st.dealer,
            hand_number: st.hand,
            over: st.over,
            tally: st.tally,
        }
    }

    /// Uniform over the states the observer cannot tell apart: the stock is a uniformly random
    /// arrangement of a uniformly chosen subset of the unseen cards that went into it at its
    /// last rebuild (any unseen card before one), and the other unseen cards are dealt
    /// uniformly to the other hands by their known sizes, redealt until the player to move
    /// holds a card it can play (which everyone knows, since otherwise the hand would be over).
    ///
    /// # Panics
    /// If the observation's sizes do not fit its unseen cards.
    fn determinize<R: Rng + ?Sized>(
        &self,
        obs: &NinetyNineObservation,
        rng: &mut R,
    ) -> NinetyNineState {
        let unseen = obs.unseen();
        let stock_len = obs.stock as usize;
        let (stock, hands) = loop {
            let mut candidates: ArrayVec<Card, 52> = (unseen & obs.restock).iter().collect();
            candidates.shuffle(rng);
            assert!(candidates.len() >= stock_len, "too few cards for the stock");
            let stock = Stock::from_top(candidates[..stock_len].iter().copied());
            let mut rest: ArrayVec<Card, 52> = (unseen - stock.cards()).iter().collect();
            rest.shuffle(rng);
            let mut hands = BySeat::<CardSet>::default();
            hands[obs.seat] = obs.hand;
            let mut i = 0;
            for s in Seat::all(self.n()).filter(|&s| s != obs.seat) {
                let k = obs.hand_sizes[s] as usize;
                hands[s] = rest[i..i + k].iter().copied().collect();
                i += k;
            }
            assert_eq!(i, rest.len(), "hand sizes must match the unseen cards");
            // Everyone knows the player to move can play (else the hand would have ended):
            // rejecting the samples where it cannot keeps the others uniform.
            if obs.over || self.can_play(hands[obs.turn], obs.count) {
                break (stock, hands);
            }
        };
        NinetyNineState {
            stock,
            pile: obs.pile,
            top: obs.top,
            restock: obs.restock,
            hands,
            tokens: obs.tokens,
            out: obs.out,
            count: obs.count,
            clockwise: obs.clockwise,
            turn: obs.turn,
            dealer: obs.dealer,
            hand: obs.hand_number,
            over: obs.over,
            tally: obs.tally,
        }
    }

    /// Every play is public: the card goes face up and its value is announced.
    fn observe_action(
        &self,
        _state: &NinetyNineState,
        action: NinetyNineAction,
        _viewer: Seat,
    ) -> Option<NinetyNineAction> {
        Some(action)
    }

    fn outcome(&self, st: &NinetyNineState) -> Option<Outcome> {
        st.over.then(|| st.out.outcome(self.n()))
    }

    fn stats(&self, st: &NinetyNineState, out: &mut Vec<f64>) {
        out.clear();
        let t = &st.tally;
        let ended = st.hand as u32 - u32::from(!st.over);
        let winner_tokens = if st.over {
            st.out.active(self.n()).map(|s| st.tokens[s] as f64).sum()
        } else {
            0.0
        };
        out.extend([
            st.hand as f64,
            t.plays as f64,
            t.reshuffles as f64,
            t.nines as f64,
            t.reversals as f64,
            t.skips as f64,
            if ended == 0 {
                0.0
            } else {
                t.bust_counts as f64 / ended as f64
            },
            winner_tokens,
        ]);
    }

    fn move_cap(&self) -> Option<u64> {
        Some(MOVE_CAP)
    }

    fn check_invariants(&self, st: &NinetyNineState) -> Result<(), String> {
        let n = self.n();
        st.out.check(n)?;
        // The hands, the played cards and the stock partition the deck.
        let mut all = st.pile;
        let stock = st.stock.cards();
        if stock.len() != st.stock.len() || !stock.is_disjoint(all) {
            return Err("the stock repeats a card or holds a played card".into());
        }
        all |= stock;
        for seat in Seat::all(MAX_SEATS) {
            let h = st.hands[seat];
            if !h.is_disjoint(all) {
                return Err(format!("seat {seat}'s hand overlaps other cards"));
            }
            all |= h;
            let active = seat.index() < n && !st.out.is_out(seat);
            if !active && !h.is_empty() {
                return Err(format!("seat {seat} holds cards but is not in"));
            }
            let want = self.hand as usize;
            if active && !st.over {
                let ok = match self.exhausted {
                    Exhausted::Reshuffle => h.len() == want,
                    Exhausted::PlayOn => {
                        h.len() <= want && (h.len() == want || st.stock.is_empty())
                    }
                };
                if !ok {
                    return Err(format!("seat {seat} holds {} cards", h.len()));
                }
            }
            let tokens_ok = if !active {
                st.tokens[seat] == 0
            } else {
                (1..=self.tokens).contains(&st.tokens[seat])
            };
            if !tokens_ok {
                return Err(format!("seat {seat} has {} tokens", st.tokens[seat]));
            }
        }
        if all != CardSet::FULL_DECK {
            return Err(format!("cards not conserved: {} in play", all.len()));
        }
        if !stock.is_subset(st.restock) {
            return Err("the stock holds a card that did not go into it".into());
        }
        if st.top.is_some_and(|c| !st.pile.contains(c)) || (st.top.is_none() != st.pile.is_empty())
        {
            return Err("the top card is not on the pile".into());
        }
        if !self.allowed(st.count) {
            return Err(format!("count {} out of range", st.count));
        }
        // One token is lost per hand ended; the game ends with one player left.
        let lost: usize = Seat::all(n)
            .map(|s| (self.tokens - st.tokens[s]) as usize)
            .sum();
        if lost != st.hand as usize - usize::from(!st.over) {
            return Err(format!("{lost} tokens lost in hand {}", st.hand));
        }
        if st.over != (st.out.remaining(n) == 1) {
            return Err("the game is over exactly when one player is left".into());
        }
        if !st.over {
            if st.out.is_out(st.turn) || st.out.is_out(st.dealer) || st.turn.index() >= n {
                return Err(format!("turn {} or dealer {} is out", st.turn, st.dealer));
            }
            if !self.can_play(st.hands[st.turn], st.count) {
                return Err(format!("seat {} to move cannot play", st.turn));
            }
        }
        Ok(())
    }
}

mod deal_text;
pub mod encoding;
#[cfg(test)]
mod tests;
