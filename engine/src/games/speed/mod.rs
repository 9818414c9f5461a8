//! Speed: two players race to empty their hands and stocks onto two shared discard piles,
//! each card one rank above or below the pile's top, round the corner (K-A-2).
//!
//! - **Players:** 2. **Deck:** 52. Each player: a hand of 5 (seen by its owner) and a stock of
//!   15 face down; two talons of 5 face down; two discard piles of one card each, turned up to
//!   start.
//! - **Play in real time:** each player looking for a play has a clock ([`SpeedClock`]): its
//!   play lands its reaction time after it started looking (after its own last play, or when
//!   a card that fits first reached a pile). Every decision is a race in which each player
//!   with a card that fits enters a play; the play that lands first is applied, and its player
//!   starts looking again at once, so a fast player plays again and again while a slow one is
//!   still looking. Plays landing at exactly the same moment are applied in a random order, a
//!   later one only if it still fits. A hand is refilled to 5 from its stock at once after
//!   each play.
//! - **Stalemate:** when neither player can play, one card from each talon is turned onto the
//!   discard pile on its side, again until someone can play. An empty talon is rebuilt by
//!   shuffling the discard pile on its side (all of it) face down.
//! - **End:** the first player with no cards in hand or stock wins. A game that runs past
//!   `cap` decisions, or past `stuck` stalemate turns without a play, is a draw.
//!
//! Rulings where the page is silent are in `docs/rules/speed.md`.

pub mod encoding;
#[cfg(test)]
mod tests;

use crate::cards::{Card, CardSet};
use crate::game::{
    check_players, rank_by_score, ConfigError, Game, GameInfo, Outcome, ParamSpec, Params,
    RaceEntry, ToMove,
};
use crate::games::common::fastest_first;
use crate::seat::{Seat, SeatMask};
use arrayvec::ArrayVec;
use rand::seq::SliceRandom;
use rand::Rng;
use std::fmt;

/// An ordered pile of cards, bottom first (the last card is the top).
pub type Pile = ArrayVec<Card, 52>;

/// Cards in a full hand.
pub const HAND: usize = 5;

/// Everything public about a Speed position.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SpeedPublic {
    /// The two discard piles, bottom first: every card in them was seen face up.
    pub piles: [Pile; 2],
    /// Cards in each talon.
    pub talon_sizes: [u8; 2],
    /// The cards of a talon rebuilt from a discard pile (seen when they were played), or
    /// `None` for an original talon whose cards nobody has seen.
    pub talon_known: [Option<CardSet>; 2],
    /// Cards in each player's hand and stock.
    pub hand_sizes: [u8; 2],
    /// Cards in each stock.
    pub stock_sizes: [u8; 2],
    /// The winner, once the game is over.
    pub winner: Option<Seat>,
    /// The game stopped at the `stuck` limit.
    pub stuck: bool,
    /// Stalemate turns since the last play.
    pub since_play: u32,
    /// Counters: plays, plays dropped because the other player covered the pile first,
    /// stalemate turns, talons rebuilt.
    pub counts: [u32; 4],
}

/// Real time in a Speed game, in whole nanoseconds from the deal: when the last play landed,
/// and when each player looking for a play will put one down. Nobody sees it (a player does
/// not know how long the other has been looking); determinizations start it afresh.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct SpeedClock {
    /// When the last play landed.
    pub now: u64,
    /// When each player's play lands: `None` while it has no play in view (it starts looking
    /// when a card that fits reaches a pile, or at once after its own play).
    pub due: [Option<u64>; 2],
}

impl SpeedClock {
    /// `seconds` in whole nanoseconds (a negative or not-a-number time is 0).
    pub fn nanos(seconds: f64) -> u64 {
        // `as` saturates: NaN and negatives give 0, overflow the largest value.
        (seconds * 1e9).round() as u64
    }
}

/// A Speed position.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SpeedState {
    /// What everyone sees.
    pub public: SpeedPublic,
    /// Each player's hand.
    pub hands: [CardSet; 2],
    /// Each player's stock, bottom first (the last card is drawn next).
    pub stocks: [Pile; 2],
    /// The talons, bottom first (the last card is turned next).
    pub talons: [Pile; 2],
    /// Real time: when each player's play lands.
    pub clock: SpeedClock,
}

/// What a seat knows: its hand and everything public.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SpeedObservation {
    /// The observing seat.
    pub seat: Seat,
    /// Its hand.
    pub hand: CardSet,
    /// The public position.
    pub public: SpeedPublic,
}

/// A play: a card from the hand onto discard pile 0 or 1.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct SpeedAction {
    /// The card.
    pub card: Card,
    /// The pile.
    pub pile: u8,
}

impl fmt::Display for SpeedAction {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} on {}", self.card, self.pile)
    }
}

/// True when `a` may go on `b`: one rank up or down, king and ace adjacent.
pub fn fits(a: Card, b: Card) -> bool {
    let (x, y) = (a.rank().number(), b.rank().number());
    let d = (x + 13 - y) % 13;
    d == 1 || d == 12
}

/// Speed for two players.
#[derive(Clone, Copy, Debug)]
pub struct Speed {
    cap: u64,
    stuck: u32,
}

impl Speed {
    /// The plays `hand` has onto the piles, into `out`.
    pub fn plays(hand: CardSet, piles: &[Pile; 2], out: &mut Vec<SpeedAction>) {
        out.clear();
        for c in hand.iter() {
            for (i, p) in piles.iter().enumerate() {
                if p.last().is_some_and(|&t| fits(c, t)) {
                    out.push(SpeedAction {
                        card: c,
                        pile: i as u8,
                    });
                }
            }
        }
    }

    /// True when `hand` has a play.
    pub fn can_play(hand: CardSet, piles: &[Pile; 2]) -> bool {
        hand.iter()
            .any(|c| piles.iter().any(|p| p.last().is_some_and(|&t| fits(c, t))))
    }

    fn sync(s: &mut SpeedState) {
        for i in 0..2 {
            s.public.hand_sizes[i] = s.hands[i].len() as u8;
            s.public.stock_sizes[i] = s.stocks[i].len() as u8;
            s.public.talon_sizes[i] = s.talons[i].len() as u8;
        }
    }

    fn refill(s: &mut SpeedState, p: usize) {
        while s.hands[p].len() < HAND {
            let Some(c) = s.stocks[p].pop() else { break };
            s.hands[p].insert(c);
        }
    }

    /// Stalemate turns until someone can play (or the game is stuck). A determinized state in
    /// which neither hand can play reaches the stalemate through a race with no entries.
    fn settle<R: Rng + ?Sized>(&self, s: &mut SpeedState, rng: &mut R) {
        Self::sync(s);
        if s.public.winner.is_some() {
            return;
        }
        while !(0..2).any(|p| Self::can_play(s.hands[p], &s.public.piles)) {
            if s.public.since_play >= self.stuck {
                s.public.stuck = true;
                return;
            }
            for i in 0..2 {
                if s.talons[i].is_empty() {
                    let pile = std::mem::take(&mut s.public.piles[i]);
                    s.talons[i] = pile;
                    s.talons[i].shuffle(rng);
                    s.public.talon_known[i] = Some(s.talons[i].iter().copied().collect());
                    s.public.counts[3] += 1;
                }
                let c = s.talons[i].pop().expect("a talon or its pile holds cards");
                if let Some(k) = &mut s.public.talon_known[i] {
                    k.remove(c);
                }
                s.public.piles[i].push(c);
            }
            s.public.counts[2] += 1;
            s.public.since_play += 1;
            // Nobody had a play in view; each starts looking when the new tops are turned.
            s.clock.due = [None; 2];
        }
        Self::sync(s);
    }

    /// The seats with a play now.
    pub fn seats_that_can_play(&self, s: &SpeedState) -> SeatMask {
        let mut m = 0u16;
        for p in 0..2 {
            if Self::can_play(s.hands[p], &s.public.piles) {
                m |= 1 << p;
            }
        }
        SeatMask(m)
    }

    /// A position from given hands, stocks, talons and piles (each bottom first), for tests;
    /// `rng` shuffles a rebuilt talon if the position starts in a stalemate.
    pub fn position<R: Rng + ?Sized>(
        &self,
        rng: &mut R,
        hands: [&[Card]; 2],
        stocks: [&[Card]; 2],
        talons: [&[Card]; 2],
        piles: [&[Card]; 2],
    ) -> SpeedState {
        let pile = |cs: &[Card]| cs.iter().copied().collect::<Pile>();
        let mut s = SpeedState {
            public: SpeedPublic {
                piles: [pile(piles[0]), pile(piles[1])],
                talon_sizes: [0; 2],
                talon_known: [None; 2],
                hand_sizes: [0; 2],
                stock_sizes: [0; 2],
                winner: None,
                stuck: false,
                since_play: 0,
                counts: [0; 4],
            },
            hands: [
                hands[0].iter().copied().collect(),
                hands[1].iter().copied().collect(),
            ],
            stocks: [pile(stocks[0]), pile(stocks[1])],
            talons: [pile(talons[0]), pile(talons[1])],
            clock: SpeedClock::default(),
        };
        self.settle(&mut s, rng);
        s
    }
}

impl Game for Speed {
    type State = SpeedState;
    type Action = SpeedAction;
    type Observation = SpeedObservation;

    const INFO: GameInfo = GameInfo {
        name: "speed",
        title: "Speed",
        min_players: 2,
        max_players: 2,
        default_players: 2,
        params: &[
            ParamSpec::int(
                "cap",
                "20000",
                1,
                i64::MAX,
                "decisions after which the game is a draw",
            ),
            ParamSpec::int(
                "stuck",
                "1000",
                1,
                u32::MAX as i64,
                "stalemate turns in a row without a play after which the game is a draw",
            ),
        ],
        stats: &["plays", "collisions", "stalemates", "rebuilt_talons"],
    };

    fn new(players: usize, params: &Params) -> Result<Self, ConfigError> {
        check_players(&Self::INFO, players)?;
        params.check_keys(&Self::INFO)?;
        Ok(Speed {
            cap: params.int(&Self::INFO, "cap")?,
            stuck: params.int(&Self::INFO, "stuck")?,
        })
    }

    fn players(&self) -> usize {
        2
    }

    fn deal<R: Rng + ?Sized>(&self, rng: &mut R) -> SpeedState {
        let mut deck: ArrayVec<Card, 52> = Card::all52().collect();
        deck.shuffle(rng);
        let mut it = deck.into_iter();
        let mut take = |n: usize| -> Pile { it.by_ref().take(n).collect() };
        let h0 = take(HAND);
        let h1 = take(HAND);
        let stocks = [take(15), take(15)];
        let talons = [take(5), take(5)];
        let piles = [take(1), take(1)];
        let mut s = SpeedState {
            public: SpeedPublic {
                piles,
                talon_sizes: [0; 2],
                talon_known: [None; 2],
                hand_sizes: [0; 2],
                stock_sizes: [0; 2],
                winner: None,
                stuck: false,
                since_play: 0,
                counts: [0; 4],
            },
            hands: [h0.iter().copied().collect(), h1.iter().copied().collect()],
            stocks,
            talons,
            clock: SpeedClock::default(),
        };
        self.settle(&mut s, rng);
        s
    }

    fn to_move(&self, s: &SpeedState) -> ToMove {
        if s.public.winner.is_some() || s.public.stuck {
            ToMove::Over
        } else {
            // Both seats: whether the other can play depends on its hidden hand. A seat with
            // no play has no race actions and sits the race out.
            ToMove::Race(SeatMask::all(2))
        }
    }

    fn legal_actions(&self, _: &SpeedState, out: &mut Vec<SpeedAction>) {
        // Speed has no turns: every decision is a race.
        out.clear();
    }

    fn apply<R: Rng + ?Sized>(&self, _: &mut SpeedState, _: SpeedAction, _: &mut R) {
        panic!("Speed has no turns: every decision is a race");
    }

    fn race_actions(&self, s: &SpeedState, seat: Seat, out: &mut Vec<SpeedAction>) {
        Self::plays(s.hands[seat.index()], &s.public.piles, out);
    }

    fn apply_race<R: Rng + ?Sized>(
        &self,
        s: &mut SpeedState,
        entries: &[RaceEntry<SpeedAction>],
        rng: &mut R,
    ) {
        // At most two entries. A player without an entry has no play: it is not looking.
        let entries = &entries[..entries.len().min(2)];
        let mut landing: ArrayVec<RaceEntry<SpeedAction>, 2> = ArrayVec::new();
        let mut looking = [false; 2];
        for e in entries {
            let p = e.seat.index() & 1;
            looking[p] = true;
            // A player already looking keeps the time its play lands; a player that starts
            // looking now lands its reaction time from now. It plays the card it chose on
            // the piles as they are when it lands (it watches them while it looks).
            let now = s.clock.now;
            let due = *s.clock.due[p].get_or_insert_with(|| now + SpeedClock::nanos(e.reaction));
            landing.push(RaceEntry {
                reaction: due as f64,
                ..*e
            });
        }
        for (p, &l) in looking.iter().enumerate() {
            if !l {
                s.clock.due[p] = None;
            }
        }
        // The first play to land is applied; one landing at exactly the same moment after it,
        // in a random order, if it still fits. A later one waits for its time.
        let order = fastest_first(&landing, rng);
        let Some(&first) = order.first() else {
            self.settle(s, rng);
            return;
        };
        let at = landing[first].reaction;
        s.clock.now = at as u64;
        for i in order {
            let e = &landing[i];
            if e.reaction != at || s.public.winner.is_some() {
                break;
            }
            let p = e.seat.index();
            s.clock.due[p] = None;
            let a = e.action;
            let pile = &s.public.piles[a.pile as usize & 1];
            let ok = s.hands[p].contains(a.card) && pile.last().is_some_and(|&t| fits(a.card, t));
            if !ok {
                s.public.counts[1] += 1;
                continue;
            }
            s.hands[p].remove(a.card);
            s.public.piles[a.pile as usize].push(a.card);
            Self::refill(s, p);
            s.public.counts[0] += 1;
            s.public.since_play = 0;
            if s.hands[p].is_empty() && s.stocks[p].is_empty() {
                s.public.winner = Some(e.seat);
            }
        }
        self.settle(s, rng);
    }

    fn observe(&self, s: &SpeedState, seat: Seat) -> SpeedObservation {
        SpeedObservation {
            seat,
            hand: s.hands[seat.index()],
            public: s.public.clone(),
        }
    }

    fn determinize<R: Rng + ?Sized>(&self, o: &SpeedObservation, rng: &mut R) -> SpeedState {
        let me = o.seat.index();
        let mut seen = o.hand;
        for p in &o.public.piles {
            seen = seen.union(p.iter().copied().collect());
        }
        for k in o.public.talon_known.iter().flatten() {
            seen = seen.union(*k);
        }
        let mut pool: ArrayVec<Card, 52> = CardSet::FULL_DECK.difference(seen).iter().collect();
        pool.shuffle(rng);
        let mut it = pool.into_iter();
        let mut take = |n: u8| -> Pile { it.by_ref().take(n as usize).collect() };
        let pb = &o.public;
        let mut hands = [CardSet::EMPTY; 2];
        hands[me] = o.hand;
        hands[1 - me] = take(pb.hand_sizes[1 - me]).iter().copied().collect();
        let stocks = [take(pb.stock_sizes[0]), take(pb.stock_sizes[1])];
        let mut talons: [Pile; 2] = Default::default();
        for (i, talon) in talons.iter_mut().enumerate() {
            *talon = match pb.talon_known[i] {
                Some(k) => {
                    let mut t: Pile = k.iter().collect();
                    t.shuffle(rng);
                    t
                }
                None => take(pb.talon_sizes[i]),
            };
        }
        SpeedState {
            public: o.public.clone(),
            hands,
            stocks,
            talons,
            // Hidden from every seat: in a sample both players start looking now.
            clock: SpeedClock::default(),
        }
    }

    fn outcome(&self, s: &SpeedState) -> Option<Outcome> {
        if s.public.stuck {
            return Some(rank_by_score(&[0.0, 0.0]));
        }
        s.public.winner?;
        // Score: cards got rid of (of 20).
        let left = |p: usize| (s.hands[p].len() + s.stocks[p].len()) as f64;
        Some(rank_by_score(&[20.0 - left(0), 20.0 - left(1)]))
    }

    fn stats(&self, s: &SpeedState, out: &mut Vec<f64>) {
        out.clear();
        out.extend(s.public.counts.iter().map(|&c| f64::from(c)));
    }

    fn check_invariants(&self, s: &SpeedState) -> Result<(), String> {
        let mut all = CardSet::EMPTY;
        let mut n = 0;
        let mut add = |c: Card| {
            all.insert(c);
            n += 1;
        };
        for p in 0..2 {
            s.hands[p].iter().for_each(&mut add);
            s.stocks[p].iter().copied().for_each(&mut add);
            s.talons[p].iter().copied().for_each(&mut add);
            s.public.piles[p].iter().copied().for_each(&mut add);
        }
        if n != 52 || all != CardSet::FULL_DECK {
            return Err(format!("{n} cards, {} distinct", all.len()));
        }
        for p in 0..2 {
            if s.hands[p].len() > HAND {
                return Err(format!("hand {p} holds {}", s.hands[p].len()));
            }
            if s.hands[p].len() < HAND && !s.stocks[p].is_empty() {
                return Err(format!("hand {p} not refilled"));
            }
            if let Some(k) = s.public.talon_known[p] {
                if k != s.talons[p].iter().copied().collect() {
                    return Err(format!("talon {p} differs from its known cards"));
                }
            }
            if s.public.piles[p].is_empty() {
                return Err(format!("discard pile {p} empty"));
            }
            if s.clock.due[p].is_some_and(|d| d < s.clock.now) {
                return Err(format!("player {p}'s play is due before now"));
            }
        }
        Ok(())
    }

    fn move_cap(&self) -> Option<u64> {
        Some(self.cap)
    }

    fn observe_action(&self, _: &SpeedState, action: SpeedAction, _: Seat) -> Option<SpeedAction> {
        Some(action)
    }
}
mod deal_text;
