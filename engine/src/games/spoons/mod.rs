//! Spoons and Pig: pass cards round the table until someone holds four of a kind; then
//! everyone races to grab a spoon (Spoons) or to put a finger on the nose (Pig), and the last
//! gets a letter. One module plays both: [`Spoons`] and [`Pig`] are the same rules
//! ([`SpoonsGame`]) with different defaults (letters S-P-O-O-N or P-I-G, a loud grab or a
//! covert signal that takes a while to notice).
//!
//! - **Players:** 3 to 12: one 52-card deck up to six players and two shuffled together (104
//!   cards, identical cards possible) from seven (the page's "add a second deck"; `decks`), or
//!   `deck=matched`: four cards of one rank per player (aces down), as in Bicycle's Pig. Seat
//!   `s`'s right is seat `s - 1`.
//! - **Deal:** four cards to each player still in; with the full deck the rest is the stock,
//!   and the dealer draws its first card from it.
//! - **Passing (races):** real time is cut into *ticks*. In each tick every player still in
//!   races: a player holding five cards passes one face down to its right (the player to the
//!   dealer's left, last in the chain, discards onto the discard pile); a player holding four
//!   of a kind may grab instead (`Grab`). Entries are applied fastest first; the passed cards
//!   are picked up at the end of the tick, and the dealer draws again (an empty stock is
//!   replaced by the discard pile, shuffled). With `deck=matched` there is no stock: everyone
//!   holds four, passes one to the right and picks up the one from the left, every tick.
//! - **The grab:** the first grab stops the passing. Every other player still in then races to
//!   grab one of the spoons (one fewer than the players): each grabs at its reaction time,
//!   plus, for a player not holding four of a kind itself, a noticing delay drawn from an
//!   exponential distribution of mean `notice` seconds (0 for Spoons: a grab is loud; 1 for
//!   Pig: the signal is covert). The slowest gets a letter.
//! - **End:** a player with `letters` letters (5, S-P-O-O-N; Pig 3, P-I-G) is out, and a spoon
//!   with him; the deal passes left. The last player left wins; the others are placed by the
//!   order they went out.
//!
//! Rulings where the pages are silent are in `docs/rules/spoons.md` and `docs/rules/pig.md`.

pub mod encoding;
#[cfg(test)]
mod tests;

use crate::cards::{Card, CardMultiset, CardSet, Rank};
use crate::game::{
    check_players, ConfigError, Game, GameInfo, Outcome, ParamSpec, Params, RaceEntry, ToMove,
};
use crate::games::common::{Eliminations, StockOf};
use crate::seat::{BySeat, Seat, SeatMask};
use arrayvec::ArrayVec;
use rand::Rng;
use std::fmt;
use std::marker::PhantomData;

/// Most cards a hand holds (four and the card picked up).
pub const HAND: usize = 5;

/// Most cards in play: two decks.
pub const MAX_PACK: usize = 104;

/// A face-down stock of up to two decks (identical cards possible), drawn from the top (the
/// end of [`StockOf::as_slice`]): the shared [`StockOf`] a multiset with room for [`MAX_PACK`]
/// cards, so with one deck it shuffles and deals exactly as the one-deck [`Stock`] of the
/// other games.
///
/// [`Stock`]: crate::games::common::Stock
pub type SpoonsStock = StockOf<CardMultiset, MAX_PACK>;

/// A race action: pass a card to the right, or grab (Pig: touch the nose).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum SpoonsAction {
    /// Grab a spoon (Pig: put a finger on the nose).
    Grab,
    /// Pass this card face down to the right.
    Pass(Card),
}

impl fmt::Display for SpoonsAction {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SpoonsAction::Grab => write!(f, "grab"),
            SpoonsAction::Pass(c) => write!(f, "pass {c}"),
        }
    }
}

/// The counters of [`GameInfo::stats`], in order.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct SpoonsCounts {
    /// Rounds played (letters given).
    pub rounds: u32,
    /// Passing ticks.
    pub ticks: u32,
    /// Cards passed.
    pub passes: u32,
    /// Stocks rebuilt from the discard pile.
    pub restocks: u32,
    /// Passes made while holding four of a kind (a grab missed, made later or never).
    pub late_grabs: u32,
    /// Rounds lost by a player who held four of a kind at the grab.
    pub slow_quads: u32,
}

/// Everything public about a Spoons position.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SpoonsPublic {
    /// The cards in play this round (one or two whole decks, or the matched pack).
    pub pack: CardMultiset,
    /// This round's dealer.
    pub dealer: Seat,
    /// Letters per seat.
    pub letters: BySeat<u8>,
    /// Who is out, in order.
    pub out: Eliminations,
    /// The first grabber of this round, once someone has grabbed.
    pub grabbed: Option<Seat>,
    /// Seats holding a spoon (Pig: a finger on the nose).
    pub spoons: SeatMask,
    /// Cards in each hand.
    pub hand_sizes: BySeat<u8>,
    /// Seats with a passed card lying face down to their left, not yet picked up (only after
    /// a grab stopped a tick).
    pub pending: SeatMask,
    /// Cards in the stock.
    pub stock_size: u8,
    /// Cards in the discard pile.
    pub discard_size: u8,
    /// Ticks played this round.
    pub tick: u32,
    /// The last round's loser.
    pub last_loser: Option<Seat>,
    /// Counters for [`Game::stats`].
    pub counts: SpoonsCounts,
}

/// A Spoons position.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SpoonsState {
    /// What everyone sees.
    pub public: SpoonsPublic,
    /// Each hand (with two decks it may hold two identical cards).
    pub hands: BySeat<CardMultiset>,
    /// The card lying face down to each seat's left, passed in a tick a grab stopped.
    pub pending: BySeat<Option<Card>>,
    /// The stock (full deck only).
    pub stock: SpoonsStock,
    /// The discard pile (its order is lost: it is shuffled when it becomes the stock).
    pub discards: CardMultiset,
}

/// What a seat knows: its hand and everything public (it does not remember a card once it
/// has left its hand; see the rulings).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SpoonsObservation {
    /// The observing seat.
    pub seat: Seat,
    /// Its hand.
    pub hand: CardMultiset,
    /// The public position.
    pub public: SpoonsPublic,
}

/// Cards of rank `r` in `hand`, identical cards counted.
pub fn rank_count(hand: CardMultiset, r: Rank) -> usize {
    let mask = CardSet::rank_mask(r);
    let mut n = hand.support().intersection(mask).len();
    let mut k = 2;
    loop {
        let more = hand.at_least(k).intersection(mask).len();
        if more == 0 {
            return n;
        }
        n += more;
        k += 1;
    }
}

/// The rank of which `hand` holds four cards (or more), if any: with one deck all four of the
/// rank, with two any four, identical cards included (see the rulings).
pub fn four_of_a_kind(hand: CardMultiset) -> Option<Rank> {
    if hand.len() < 4 {
        return None;
    }
    if hand.at_least(2).is_empty() {
        let once = hand.support();
        return Rank::ALL
            .into_iter()
            .find(|&r| once.intersection(CardSet::rank_mask(r)).len() == 4);
    }
    Rank::ALL.into_iter().find(|&r| rank_count(hand, r) >= 4)
}

/// What distinguishes the games played by [`SpoonsGame`]: the name and the parameters'
/// defaults.
pub trait SpoonsVariant: Clone + Copy + fmt::Debug + Send + Sync + 'static {
    /// The game's description (its parameters are those of Spoons, with its own defaults).
    const INFO: GameInfo;
}

/// Spoons (`spoons`): letters S-P-O-O-N, a loud grab.
#[derive(Clone, Copy, Debug)]
pub struct SpoonsRules;

/// Pig (`pig`): letters P-I-G, a covert signal (a finger on the nose) that takes a while to
/// notice.
#[derive(Clone, Copy, Debug)]
pub struct PigRules;

const STATS: &[&str] = &[
    "rounds",
    "ticks",
    "passes",
    "restocks",
    "late_grabs",
    "slow_quads",
];

macro_rules! spoons_params {
    ($letters:literal, $notice:literal) => {
        &[
            ParamSpec::int(
                "letters",
                $letters,
                1,
                10,
                "letters that put a player out (SPOON = 5, PIG = 3)",
            ),
            ParamSpec::choice(
                "deck",
                "full",
                &["full", "matched"],
                "full: one 52-card deck, stock and discard pile; matched: four cards of one \
                 rank per player, passed round in a ring",
            ),
            ParamSpec::auto_or_int(
                "decks",
                "auto",
                1,
                2,
                "decks shuffled together with deck=full (auto: one up to 6 players, two from 7, \
                 as the page says); deck=matched takes one",
            ),
            ParamSpec::float(
                "notice",
                $notice,
                0.0,
                60.0,
                "mean seconds (exponential) a player without four of a kind takes to notice \
                 the first grab, on top of its reaction time",
            ),
            ParamSpec::int(
                "cap",
                "10000",
                1,
                i64::MAX,
                "decisions after which the game is a draw",
            ),
        ]
    };
}

impl SpoonsVariant for SpoonsRules {
    const INFO: GameInfo = GameInfo {
        name: "spoons",
        title: "Spoons",
        min_players: 3,
        max_players: MAX,
        default_players: 4,
        params: spoons_params!("5", "0"),
        stats: STATS,
    };
}

impl SpoonsVariant for PigRules {
    const INFO: GameInfo = GameInfo {
        name: "pig",
        title: "Pig",
        min_players: 3,
        max_players: MAX,
        default_players: 4,
        params: spoons_params!("3", "1"),
        stats: STATS,
    };
}

/// The rules of Spoons and Pig, `V` giving the name and defaults.
#[derive(Clone, Copy, Debug)]
pub struct SpoonsGame<V: SpoonsVariant> {
    players: usize,
    letters: u8,
    matched: bool,
    decks: u8,
    notice: f64,
    cap: u64,
    variant: PhantomData<V>,
}

/// Spoons.
pub type Spoons = SpoonsGame<SpoonsRules>;
/// Pig.
pub type Pig = SpoonsGame<PigRules>;

impl<V: SpoonsVariant> SpoonsGame<V> {
    /// True with `deck=matched` (ring passing, no stock).
    pub fn matched(&self) -> bool {
        self.matched
    }

    /// Decks in play (1 or 2; 1 with `deck=matched`).
    pub fn decks(&self) -> u8 {
        self.decks
    }

    /// Letters that put a player out.
    pub fn letters(&self) -> u8 {
        self.letters
    }

    /// The seat to `seat`'s right still in.
    fn right(&self, p: &SpoonsPublic, seat: Seat) -> Seat {
        p.out.next_active(seat, self.players, false)
    }

    /// The last seat of the passing chain (the dealer's left), which discards.
    pub fn last_in_chain(&self, p: &SpoonsPublic) -> Seat {
        p.out.next_active(p.dealer, self.players, true)
    }

    /// The seats still in.
    pub fn active(&self, p: &SpoonsPublic) -> SeatMask {
        let mut m = 0u16;
        for s in p.out.active(self.players) {
            m |= 1 << s.index();
        }
        SeatMask(m)
    }

    /// The pack of a round with `n` players in.
    pub fn pack(&self, n: usize) -> CardMultiset {
        if self.matched {
            CardMultiset::copies(CardSet::with_ranks(&Rank::ALL[Rank::ALL.len() - n..]), 1)
        } else {
            CardMultiset::copies(CardSet::FULL_DECK, self.decks)
        }
    }

    fn sync(s: &mut SpoonsState) {
        for (i, h) in s.hands.first(MAX).iter().enumerate() {
            s.public.hand_sizes[Seat::new(i)] = h.len() as u8;
        }
        let mut m = 0u16;
        for (i, c) in s.pending.first(MAX).iter().enumerate() {
            if c.is_some() {
                m |= 1 << i;
            }
        }
        s.public.pending = SeatMask(m);
        s.public.stock_size = s.stock.len() as u8;
        s.public.discard_size = s.discards.len() as u8;
    }

    /// Shuffles and deals a round to the players still in, `dealer` dealing.
    fn deal_round<R: Rng + ?Sized>(&self, s: &mut SpoonsState, rng: &mut R) {
        let n = s.public.out.remaining(self.players);
        let pack = self.pack(n);
        s.public.pack = pack;
        s.stock = SpoonsStock::shuffled(pack, rng);
        s.hands = BySeat::default();
        s.pending = BySeat::default();
        s.discards = CardMultiset::EMPTY;
        for seat in s.public.out.active(self.players) {
            s.stock.draw_up_to(&mut s.hands[seat], 4);
        }
        if !self.matched {
            let d = s.public.dealer;
            s.stock.draw_up_to(&mut s.hands[d], HAND);
        }
        s.public.grabbed = None;
        s.public.spoons = SeatMask(0);
        s.public.tick = 0;
        Self::sync(s);
    }

    /// A position for tests: the given hands (by seat), stock (top first) and discard pile,
    /// `dealer` dealing, letters and players out as given; passing phase.
    pub fn position(
        &self,
        dealer: Seat,
        hands: &[CardSet],
        stock_top_first: &[Card],
        discards: CardSet,
        letters: &[u8],
    ) -> SpoonsState {
        let hands: ArrayVec<CardMultiset, MAX> =
            hands.iter().map(|&h| CardMultiset::copies(h, 1)).collect();
        self.position_counted(
            dealer,
            &hands,
            stock_top_first,
            CardMultiset::copies(discards, 1),
            letters,
        )
    }

    /// [`SpoonsGame::position`] with counted hands and discard pile (two decks: identical
    /// cards possible).
    pub fn position_counted(
        &self,
        dealer: Seat,
        hands: &[CardMultiset],
        stock_top_first: &[Card],
        discards: CardMultiset,
        letters: &[u8],
    ) -> SpoonsState {
        let mut out = Eliminations::default();
        let mut l = BySeat::default();
        for (i, &k) in letters.iter().enumerate() {
            l[Seat::new(i)] = k;
            if k >= self.letters {
                out.eliminate(Seat::new(i));
            }
        }
        let n = out.remaining(self.players);
        let mut s = SpoonsState {
            public: SpoonsPublic {
                pack: self.pack(n),
                dealer,
                letters: l,
                out,
                grabbed: None,
                spoons: SeatMask(0),
                hand_sizes: BySeat::default(),
                pending: SeatMask(0),
                stock_size: 0,
                discard_size: 0,
                tick: 0,
                last_loser: None,
                counts: SpoonsCounts::default(),
            },
            hands: BySeat::default(),
            pending: BySeat::default(),
            stock: SpoonsStock::from_top(stock_top_first.iter().copied()),
            discards,
        };
        for (i, &h) in hands.iter().enumerate() {
            s.hands[Seat::new(i)] = h;
        }
        Self::sync(&mut s);
        s
    }

    /// The loser of a round takes a letter; out at the limit; then the next round or the end.
    fn lose<R: Rng + ?Sized>(&self, s: &mut SpoonsState, loser: Seat, rng: &mut R) {
        let p = &mut s.public;
        p.counts.rounds += 1;
        if four_of_a_kind(s.hands[loser]).is_some() {
            p.counts.slow_quads += 1;
        }
        p.letters[loser] += 1;
        p.last_loser = Some(loser);
        if p.letters[loser] >= self.letters {
            p.out.eliminate(loser);
        }
        if p.out.remaining(self.players) <= 1 {
            // Over: the hands stay as they were for the record.
            p.spoons = SeatMask(0);
            Self::sync(s);
            return;
        }
        p.dealer = p.out.next_active(p.dealer, self.players, true);
        self.deal_round(s, rng);
    }

    fn over(&self, p: &SpoonsPublic) -> bool {
        p.out.remaining(self.players) <= 1
    }

    /// Orders `entries` by reaction time (plus `extra`), equal times in a random order.
    fn order<R: Rng + ?Sized>(
        entries: &[RaceEntry<SpoonsAction>],
        extra: impl Fn(&RaceEntry<SpoonsAction>, &mut R) -> f64,
        rng: &mut R,
    ) -> ArrayVec<(f64, u32, usize), MAX> {
        let mut order: ArrayVec<(f64, u32, usize), MAX> = ArrayVec::new();
        for (i, e) in entries.iter().enumerate().take(MAX) {
            let t = e.reaction + extra(e, rng);
            order.push((t, rng.random::<u32>(), i));
        }
        order.sort_unstable_by(|a, b| a.0.total_cmp(&b.0).then(a.1.cmp(&b.1)));
        order
    }

    fn tick_end<R: Rng + ?Sized>(&self, s: &mut SpoonsState, rng: &mut R) {
        for seat in Seat::all(self.players) {
            if let Some(c) = s.pending[seat].take() {
                s.hands[seat].insert(c);
            }
        }
        if !self.matched {
            let d = s.public.dealer;
            if s.hands[d].len() < HAND {
                if s.stock.is_empty() {
                    let pile = std::mem::take(&mut s.discards);
                    s.stock.refill(pile, rng);
                    s.public.counts.restocks += 1;
                }
                s.stock.draw_up_to(&mut s.hands[d], HAND);
            }
        }
        s.public.tick += 1;
        s.public.counts.ticks += 1;
        Self::sync(s);
    }
}

/// Most players (two decks hold enough for twelve; the seats go no further).
const MAX: usize = 12;

impl<V: SpoonsVariant> Game for SpoonsGame<V> {
    type State = SpoonsState;
    type Action = SpoonsAction;
    type Observation = SpoonsObservation;

    const INFO: GameInfo = V::INFO;

    fn new(players: usize, params: &Params) -> Result<Self, ConfigError> {
        let info = &Self::INFO;
        check_players(info, players)?;
        params.check_keys(info)?;
        let matched = params.choice(info, "deck")? == "matched";
        let decks = match params.auto_or_int::<u8>(info, "decks")? {
            None if matched || players <= 6 => 1,
            None => 2,
            Some(2) if matched => {
                return Err(ConfigError::BadValue {
                    game: info.name,
                    key: "decks".into(),
                    value: "2".into(),
                    expected: "auto or 1 with deck=matched (four cards of a rank per player)"
                        .into(),
                })
            }
            Some(d) => d,
        };
        Ok(SpoonsGame {
            players,
            letters: params.int(info, "letters")?,
            matched,
            decks,
            notice: params.float(&Self::INFO, "notice")?,
            cap: params.int(&Self::INFO, "cap")?,
            variant: PhantomData,
        })
    }

    fn players(&self) -> usize {
        self.players
    }

    fn deal<R: Rng + ?Sized>(&self, rng: &mut R) -> SpoonsState {
        let mut s = self.position_counted(Seat::new(0), &[], &[], CardMultiset::EMPTY, &[]);
        self.deal_round(&mut s, rng);
        s
    }

    fn to_move(&self, s: &SpoonsState) -> ToMove {
        let p = &s.public;
        if self.over(p) {
            return ToMove::Over;
        }
        let active = self.active(p);
        if p.grabbed.is_some() {
            ToMove::Race(SeatMask(active.0 & !p.spoons.0))
        } else {
            // Every player still in: whether another can act depends on its hidden hand.
            ToMove::Race(active)
        }
    }

    fn legal_actions(&self, _: &SpoonsState, out: &mut Vec<SpoonsAction>) {
        // No turns: every decision is a race.
        out.clear();
    }

    fn apply<R: Rng + ?Sized>(&self, _: &mut SpoonsState, _: SpoonsAction, _: &mut R) {
        panic!("{} has no turns: every decision is a race", Self::INFO.name);
    }

    fn race_actions(&self, s: &SpoonsState, seat: Seat, out: &mut Vec<SpoonsAction>) {
        out.clear();
        let p = &s.public;
        if self.over(p) || p.out.is_out(seat) || p.spoons.contains(seat) {
            return;
        }
        if p.grabbed.is_some() {
            out.push(SpoonsAction::Grab);
            return;
        }
        let hand = s.hands[seat];
        if four_of_a_kind(hand).is_some() {
            out.push(SpoonsAction::Grab);
        }
        let full = if self.matched { 4 } else { HAND };
        if hand.len() >= full {
            // One action per distinct card: two identical cards are one choice.
            out.extend(hand.support().iter().map(SpoonsAction::Pass));
        }
    }

    fn apply_race<R: Rng + ?Sized>(
        &self,
        s: &mut SpoonsState,
        entries: &[RaceEntry<SpoonsAction>],
        rng: &mut R,
    ) {
        if s.public.grabbed.is_some() {
            // The grab race: the slowest (with its noticing delay) is left without a spoon.
            let notice = self.notice;
            let hands = s.hands;
            let order = Self::order(
                entries,
                |e, rng: &mut R| {
                    if notice > 0.0 && four_of_a_kind(hands[e.seat]).is_none() {
                        // Exponential with mean `notice`.
                        -notice * (1.0 - rng.random::<f64>()).ln()
                    } else {
                        0.0
                    }
                },
                rng,
            );
            let Some(&(_, _, last)) = order.last() else {
                return;
            };
            // Every other racer takes a spoon, but the round ends here: `lose` deals the next
            // round (or ends the game), which clears the spoons, so none is marked.
            let loser = entries[last].seat;
            self.lose(s, loser, rng);
            return;
        }
        let order = Self::order(entries, |_, _| 0.0, rng);
        let chain_end = self.last_in_chain(&s.public);
        for &(_, _, i) in &order {
            let e = entries[i];
            let seat = e.seat;
            match e.action {
                SpoonsAction::Grab => {
                    if four_of_a_kind(s.hands[seat]).is_some() {
                        s.public.grabbed = Some(seat);
                        s.public.spoons.0 |= 1 << seat.index();
                        break;
                    }
                }
                SpoonsAction::Pass(c) => {
                    if s.hands[seat].count(c) == 0 {
                        continue;
                    }
                    if four_of_a_kind(s.hands[seat]).is_some() {
                        s.public.counts.late_grabs += 1;
                    }
                    s.hands[seat].remove(c);
                    s.public.counts.passes += 1;
                    if !self.matched && seat == chain_end {
                        s.discards.insert(c);
                    } else {
                        let to = self.right(&s.public, seat);
                        debug_assert!(s.pending[to].is_none());
                        s.pending[to] = Some(c);
                    }
                }
            }
        }
        if s.public.grabbed.is_some() {
            Self::sync(s);
            // With two players in, the other is left without the one spoon at once.
            let left: ArrayVec<Seat, MAX> = s
                .public
                .out
                .active(self.players)
                .filter(|&x| !s.public.spoons.contains(x))
                .collect();
            if left.len() == 1 {
                self.lose(s, left[0], rng);
            }
        } else {
            self.tick_end(s, rng);
        }
    }

    fn observe(&self, s: &SpoonsState, seat: Seat) -> SpoonsObservation {
        SpoonsObservation {
            seat,
            hand: s.hands[seat],
            public: s.public.clone(),
        }
    }

    fn determinize<R: Rng + ?Sized>(&self, o: &SpoonsObservation, rng: &mut R) -> SpoonsState {
        let p = &o.public;
        let unseen = p
            .pack
            .checked_sub(o.hand)
            .expect("the hand is part of the pack");
        let mut pool = SpoonsStock::shuffled(unseen, rng);
        let mut s = SpoonsState {
            public: p.clone(),
            hands: BySeat::default(),
            pending: BySeat::default(),
            stock: SpoonsStock::default(),
            discards: CardMultiset::EMPTY,
        };
        s.hands[o.seat] = o.hand;
        for seat in Seat::all(self.players) {
            if seat != o.seat {
                pool.draw_up_to(&mut s.hands[seat], p.hand_sizes[seat] as usize);
            }
            if p.pending.contains(seat) {
                s.pending[seat] = pool.draw();
            }
        }
        let mut d = CardMultiset::EMPTY;
        pool.draw_up_to(&mut d, p.discard_size as usize);
        s.discards = d;
        // What is left is the stock, already in a uniformly random order.
        s.stock = pool;
        s
    }

    fn outcome(&self, s: &SpoonsState) -> Option<Outcome> {
        self.over(&s.public)
            .then(|| s.public.out.outcome(self.players))
    }

    fn stats(&self, s: &SpoonsState, out: &mut Vec<f64>) {
        out.clear();
        let c = &s.public.counts;
        out.extend(
            [
                c.rounds,
                c.ticks,
                c.passes,
                c.restocks,
                c.late_grabs,
                c.slow_quads,
            ]
            .map(f64::from),
        );
    }

    fn check_invariants(&self, s: &SpoonsState) -> Result<(), String> {
        let p = &s.public;
        p.out.check(self.players)?;
        let mut all = CardMultiset::EMPTY;
        let mut overflow = false;
        let mut add = |set: CardMultiset| match all.checked_add(set) {
            Some(sum) => all = sum,
            None => overflow = true,
        };
        for seat in Seat::all(self.players) {
            add(s.hands[seat]);
            add(s.pending[seat].into_iter().collect());
            if p.out.is_out(seat) && !s.hands[seat].is_empty() && !self.over(p) {
                return Err(format!("seat {seat} is out but holds cards"));
            }
            let limit = if self.matched { 4 } else { HAND };
            if s.hands[seat].len() > limit {
                return Err(format!("seat {seat} holds {}", s.hands[seat].len()));
            }
            if u32::from(p.letters[seat]) > u32::from(self.letters) {
                return Err(format!("seat {seat} has {} letters", p.letters[seat]));
            }
            if (p.letters[seat] >= self.letters) != p.out.is_out(seat) {
                return Err(format!("seat {seat}: letters and elimination disagree"));
            }
            if p.hand_sizes[seat] as usize != s.hands[seat].len() {
                return Err(format!("seat {seat}: hand size out of date"));
            }
            if p.pending.contains(seat) != s.pending[seat].is_some() {
                return Err(format!("seat {seat}: pending mark out of date"));
            }
        }
        add(s.stock.cards());
        add(s.discards);
        if overflow || all != p.pack {
            return Err(format!(
                "{} cards, {} distinct, pack of {}",
                all.len(),
                all.support().len(),
                p.pack.len()
            ));
        }
        if s.stock.len() != p.stock_size as usize || s.discards.len() != p.discard_size as usize {
            return Err("stock or discard size out of date".into());
        }
        if self.matched && !(s.stock.is_empty() && s.discards.is_empty()) {
            return Err("a matched pack has no stock".into());
        }
        if !self.over(p) {
            let n = p.out.remaining(self.players);
            if p.pack.len() != self.pack(n).len() {
                return Err("pack does not fit the players in".into());
            }
            if p.grabbed.is_none() && p.pending.0 != 0 {
                return Err("a card left pending between ticks".into());
            }
            if p.spoons.0.count_ones() as usize >= n {
                return Err("more spoons taken than there are".into());
            }
        }
        Ok(())
    }

    fn move_cap(&self) -> Option<u64> {
        Some(self.cap)
    }

    fn observe_action(
        &self,
        _: &SpoonsState,
        action: SpoonsAction,
        _: Seat,
    ) -> Option<SpoonsAction> {
        // A grab is seen by all; a card passed face down is not.
        (action == SpoonsAction::Grab).then_some(action)
    }
}
mod deal_text;
