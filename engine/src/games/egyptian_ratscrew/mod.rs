//! Egyptian Ratscrew: turn cards onto a centre pile in turn; a face card or ace challenges the
//! next player to turn up another within 1-4 cards; slap a pair (and the variants) to take
//! the pile. With `slaps=false` and two players it is Beggar-my-neighbour.
//!
//! - **Players:** 2 to 8. **Deck:** `decks` 52-card decks (1 or 2) and `jokers` jokers (0-4),
//!   dealt out one at a time from seat 0 (some may hold one more card). Nobody sees any
//!   face-down stack, its owner included.
//! - **Flips:** forced (no decision): the seat to move turns its top card onto the centre.
//!   A jack, queen, king or ace challenges the next player in the game, who must turn up 1, 2,
//!   3 or 4 cards; a face card among them passes the challenge on; all number cards lose it,
//!   and the last face-card player takes the pile and leads.
//! - **Slaps:** after every flip every player still in (and, while two are in, every player out
//!   who has not lost the right) races: `Slap` or `Pass`, each with its reaction time. The
//!   fastest slap on a valid pattern (a pair on top; a joker on top; with `sandwich`, X-Y-X;
//!   with `run`, three consecutive ranks) takes the pile and leads. A slap on anything else
//!   costs each false slapper `penalty` cards from his stack, put dead at the bottom of the
//!   pile; a player out who slaps falsely is out for good.
//! - **Running out:** a player who must turn a card and has none is out. If he owed cards in a
//!   challenge, the next player still in decides: `Continue` it (turning the cards still owed)
//!   or `Decline` (the challenger takes the pile). When one player is left he takes the pile
//!   and wins; the others are placed by the order they went out (the last out second).
//! - **Endless games:** with slaps off the game is deterministic and can cycle (the endless
//!   Beggar-my-neighbour deal of Casella et al. 2024 is a test): each time a pile is taken the
//!   position (stacks, seat to lead, players out) is hashed and Brent's cycle detection, kept
//!   in the state without allocation, ends a repeating game as a draw. A move cap (`cap`)
//!   draws any game that runs too long.
//!
//! Rulings where the page is silent are in `docs/rules/egyptian-ratscrew.md`.

pub mod encoding;
mod records;
#[cfg(test)]
mod tests;

use crate::game::{
    check_players, rank_by_score, ConfigError, Game, GameInfo, Outcome, ParamSpec, Params,
    RaceEntry, ToMove,
};
use crate::games::common::fastest_first;
use crate::seat::{BySeat, Seat, SeatMask, MAX_SEATS};
use arrayvec::ArrayVec;
use rand::seq::SliceRandom;
use rand::Rng;
use std::fmt;

/// Room for every card of the largest pack (2 decks and 4 jokers = 108).
const ROOM: usize = 128;

/// A card: `0..52*decks` are standard cards (rank `c % 13`, 0 = two ... 12 = ace), above that
/// jokers.
pub type Card = u8;

/// Rank of a joker.
pub const JOKER: u8 = 13;
/// Rank of a jack (queen, king and ace follow).
pub const JACK: u8 = 9;

/// A stack of cards kept as a ring: take from the top, add to the bottom, both in O(1).
#[derive(Clone)]
pub struct Stack {
    buf: [Card; ROOM],
    head: u8,
    len: u8,
}

impl Default for Stack {
    fn default() -> Self {
        Stack {
            buf: [0; ROOM],
            head: 0,
            len: 0,
        }
    }
}

impl Stack {
    /// A stack from its cards, top (next out) first.
    pub fn from_top(cards: &[Card]) -> Stack {
        let mut s = Stack::default();
        for &c in cards {
            s.push_bottom(c);
        }
        s
    }
    /// Cards in it.
    pub fn len(&self) -> usize {
        self.len as usize
    }
    /// True when empty.
    pub fn is_empty(&self) -> bool {
        self.len == 0
    }
    /// The `i`-th card from the top.
    pub fn get(&self, i: usize) -> Card {
        self.buf[(self.head as usize + i) % ROOM]
    }
    /// The cards, top first.
    pub fn iter(&self) -> impl DoubleEndedIterator<Item = Card> + '_ {
        (0..self.len()).map(|i| self.get(i))
    }
    /// Takes the top card.
    pub fn pop_top(&mut self) -> Option<Card> {
        if self.len == 0 {
            return None;
        }
        let c = self.buf[self.head as usize];
        self.head = ((self.head as usize + 1) % ROOM) as u8;
        self.len -= 1;
        Some(c)
    }
    /// Puts a card on top.
    pub fn push_top(&mut self, c: Card) {
        self.head = ((self.head as usize + ROOM - 1) % ROOM) as u8;
        self.buf[self.head as usize] = c;
        self.len += 1;
    }
    /// Puts a card at the bottom.
    pub fn push_bottom(&mut self, c: Card) {
        self.buf[(self.head as usize + self.len()) % ROOM] = c;
        self.len += 1;
    }
    /// Empties it.
    pub fn clear(&mut self) {
        self.len = 0;
        self.head = 0;
    }
}

impl PartialEq for Stack {
    fn eq(&self, o: &Stack) -> bool {
        self.len == o.len && self.iter().eq(o.iter())
    }
}
impl Eq for Stack {}

impl fmt::Debug for Stack {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_list().entries(self.iter()).finish()
    }
}

/// A challenge in progress.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Challenge {
    /// Who played the last face card (takes the pile if the challenge is lost).
    pub challenger: Seat,
    /// Cards still to be turned by the challenged player.
    pub owed: u8,
}

/// Everything public about a position.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Public {
    /// The face-up centre pile: `centre.get(0)` is its bottom card (the first played, or a
    /// dead penalty card slid under it) and `centre.get(len - 1)` the card on top.
    pub centre: Stack,
    /// The seat to turn a card (or to decide on continuing a challenge).
    pub turn: Seat,
    /// A challenge in progress.
    pub challenge: Option<Challenge>,
    /// A lost challenge whose pile goes to this seat once the slap race after the last card
    /// is over (a slap preempts it).
    pub award: Option<Seat>,
    /// True while the players race to slap the card just turned.
    pub racing: bool,
    /// True while `turn` decides whether to continue the challenge of a player who ran out.
    pub deciding: bool,
    /// Players out of the game (they may slap back in unless `barred`).
    pub out: SeatMask,
    /// Players out for good (a false slap while out).
    pub barred: SeatMask,
    /// When each player last went out (1 = first), 0 if never.
    pub out_order: BySeat<u8>,
    /// How many players have gone out so far (counting returns).
    pub outs: u8,
    /// The game ended in a repeated position (a draw).
    pub cycle: bool,
    /// The game is over.
    pub over: bool,
    /// Counters: flips, piles won by slaps, false slaps, piles won by challenges, slap-ins.
    pub counts: [u32; 5],
    /// The cards left in the centre when the game ended, which the last player in took (0
    /// before the end; see [`Ratscrew::record_counts`]).
    pub last_pile: u8,
}

/// An Egyptian Ratscrew position.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RatscrewState {
    /// What everyone sees.
    pub public: Public,
    /// Each player's face-down stack, top (next to turn) first.
    pub stacks: BySeat<Stack>,
    brent_saved: u64,
    brent_power: u32,
    brent_lam: u32,
}

/// What a seat knows: everything face up and the stack sizes (nobody sees a stack's order).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RatscrewObservation {
    /// The observing seat.
    pub seat: Seat,
    /// The public position.
    pub public: Public,
    /// Each stack's size.
    pub sizes: BySeat<u8>,
}

/// A move.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum RatscrewAction {
    /// Turn the top card of one's stack (forced).
    Flip,
    /// Slap the pile (in a race).
    Slap,
    /// Let it go (in a race).
    Pass,
    /// Take over the challenge of a player who ran out.
    Continue,
    /// Let the challenger take the pile.
    Decline,
}

impl fmt::Display for RatscrewAction {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let s = match self {
            RatscrewAction::Flip => "flip",
            RatscrewAction::Slap => "slap",
            RatscrewAction::Pass => "pass",
            RatscrewAction::Continue => "continue",
            RatscrewAction::Decline => "decline",
        };
        f.write_str(s)
    }
}

/// Egyptian Ratscrew (and, with `slaps=false`, Beggar-my-neighbour).
#[derive(Clone, Copy, Debug)]
pub struct Ratscrew {
    players: usize,
    decks: u8,
    jokers: u8,
    slaps: bool,
    sandwich: bool,
    run: bool,
    penalty: u8,
    cap: u64,
}

impl Ratscrew {
    /// Cards in the pack.
    pub fn cards(&self) -> usize {
        52 * self.decks as usize + self.jokers as usize
    }

    /// The rank of a card: 0 = two ... 8 = ten, 9 = jack, 10 = queen, 11 = king, 12 = ace,
    /// [`JOKER`].
    pub fn rank(&self, c: Card) -> u8 {
        if (c as usize) < 52 * self.decks as usize {
            c % 13
        } else {
            JOKER
        }
    }

    /// Cards a face card demands (jack 1, queen 2, king 3, ace 4), 0 for others.
    pub fn demand(&self, c: Card) -> u8 {
        match self.rank(c) {
            r @ 9..=12 => r - 8,
            _ => 0,
        }
    }

    /// True when the top of the centre may be slapped under these rules.
    pub fn slappable(&self, centre: &Stack) -> bool {
        let n = centre.len();
        if n == 0 {
            return false;
        }
        let top = self.rank(centre.get(n - 1));
        if top == JOKER {
            return true;
        }
        if n >= 2 && self.rank(centre.get(n - 2)) == top {
            return true;
        }
        if n >= 3 {
            let third = self.rank(centre.get(n - 3));
            if self.sandwich && third == top {
                return true;
            }
            let mid = self.rank(centre.get(n - 2));
            if self.run && mid != JOKER && third != JOKER && is_run(third, mid, top) {
                return true;
            }
        }
        false
    }

    /// Players still in.
    fn active(&self, p: &Public) -> usize {
        self.players - p.out.0.count_ones() as usize
    }

    /// The next player still in after `from`.
    fn next_active(&self, p: &Public, from: Seat) -> Seat {
        (1..=self.players)
            .map(|k| from.left(k, self.players))
            .find(|&s| !p.out.contains(s))
            .unwrap_or(from)
    }

    /// The seats in the slap race: players in, and players out who are not barred. A race is
    /// run only while two or more players are in (`settle` ends the game first, and
    /// `check_invariants` refuses a position with fewer).
    fn racers(&self, p: &Public) -> SeatMask {
        SeatMask(SeatMask::all(self.players).0 & !p.barred.0)
    }

    /// `seat` takes the centre under its stack, first card played first out, and leads.
    fn take(&self, s: &mut RatscrewState, seat: Seat) {
        let centre = std::mem::take(&mut s.public.centre);
        for c in centre.iter() {
            s.stacks[seat].push_bottom(c);
        }
        s.public.turn = seat;
        s.public.challenge = None;
        s.public.award = None;
        if !self.slaps {
            self.check_cycle(s);
        }
    }

    /// Brent's cycle detection over the positions at each taken pile (slaps off only: the
    /// game is then deterministic, so a repeated position repeats for ever).
    fn check_cycle(&self, s: &mut RatscrewState) {
        let h = self.position_hash(s);
        s.brent_lam += 1;
        if h == s.brent_saved {
            s.public.cycle = true;
            s.public.over = true;
        } else if s.brent_lam == s.brent_power {
            s.brent_saved = h;
            s.brent_power = s.brent_power.saturating_mul(2);
            s.brent_lam = 0;
        }
    }

    /// A 64-bit hash of the stacks (as demands), the seat to lead and the players out (FNV-1a,
    /// then mixed).
    fn position_hash(&self, s: &RatscrewState) -> u64 {
        let mut h: u64 = 0xcbf2_9ce4_8422_2325;
        let mut eat = |b: u8| {
            h ^= u64::from(b);
            h = h.wrapping_mul(0x0000_0100_0000_01b3);
        };
        eat(s.public.turn.index() as u8);
        eat(s.public.out.0 as u8);
        eat((s.public.out.0 >> 8) as u8);
        for p in Seat::all(self.players) {
            eat(0xFF);
            for c in s.stacks[p].iter() {
                // With slaps off only a card's demand (0 for a number card) matters to the
                // play: positions equal up to which number card is where repeat for ever.
                eat(self.demand(c));
            }
        }
        // Never the "nothing saved" sentinel.
        (h ^ (h >> 29)).wrapping_mul(0xbf58_476d_1ce4_e5b9) | 1
    }

    fn go_out(&self, p: &mut Public, seat: Seat) {
        p.out.0 |= 1 << seat.index();
        p.outs += 1;
        p.out_order[seat] = p.outs;
    }

    /// Forced consequences: a pending award, players who must turn a card and have none, the
    /// end of the game.
    fn settle(&self, s: &mut RatscrewState) {
        if s.public.over || s.public.racing {
            return;
        }
        if let Some(w) = s.public.award {
            s.public.counts[3] += 1;
            self.take(s, w);
            if s.public.over {
                return;
            }
        }
        loop {
            if self.active(&s.public) <= 1 {
                let last = Seat::all(self.players).find(|&p| !s.public.out.contains(p));
                if let Some(w) = last {
                    let centre = std::mem::take(&mut s.public.centre);
                    s.public.last_pile = centre.len() as u8;
                    for c in centre.iter() {
                        s.stacks[w].push_bottom(c);
                    }
                    s.public.turn = w;
                }
                s.public.challenge = None;
                s.public.over = true;
                return;
            }
            if s.public.deciding {
                return;
            }
            let t = s.public.turn;
            if !s.stacks[t].is_empty() {
                return;
            }
            self.go_out(&mut s.public, t);
            if self.active(&s.public) <= 1 {
                continue;
            }
            let next = self.next_active(&s.public, t);
            s.public.turn = next;
            // While a challenge is on, every seat between the challenger and the seat to turn
            // is out, so the next player in is never the challenger here: he would be the only
            // player in, and the game ended above.
            debug_assert!(s.public.challenge.is_none_or(|ch| ch.challenger != next));
            if s.public.challenge.is_some() {
                s.public.deciding = true;
                return;
            }
        }
    }

    fn new_state(&self, stacks: BySeat<Stack>) -> RatscrewState {
        RatscrewState {
            public: Public {
                centre: Stack::default(),
                turn: Seat::new(0),
                challenge: None,
                award: None,
                racing: false,
                deciding: false,
                out: SeatMask::default(),
                barred: SeatMask::default(),
                out_order: BySeat::default(),
                outs: 0,
                cycle: false,
                over: false,
                counts: [0; 5],
                last_pile: 0,
            },
            stacks,
            brent_saved: 0,
            brent_power: 1,
            brent_lam: 0,
        }
    }

    /// A position from given stacks (top first), seat 0 to turn first: for tests and
    /// published deals.
    pub fn position(&self, stacks: &[&[Card]]) -> RatscrewState {
        let mut st = BySeat::<Stack>::default();
        for (i, cards) in stacks.iter().enumerate() {
            st[Seat::new(i)] = Stack::from_top(cards);
        }
        let mut s = self.new_state(st);
        self.settle(&mut s);
        s
    }

    /// True when the game ended in a repeated position.
    pub fn cycled(&self, s: &RatscrewState) -> bool {
        s.public.cycle
    }
}

/// Three ranks in a row, up or down, the ace high or low (no wrap from king to two).
fn is_run(a: u8, b: u8, c: u8) -> bool {
    let step = |x: i8, y: i8, z: i8| (y - x == 1 && z - y == 1) || (x - y == 1 && y - z == 1);
    let v = |r: u8, low: bool| if r == 12 && low { -1 } else { r as i8 };
    step(v(a, false), v(b, false), v(c, false)) || step(v(a, true), v(b, true), v(c, true))
}

impl Game for Ratscrew {
    type State = RatscrewState;
    type Action = RatscrewAction;
    type Observation = RatscrewObservation;

    const INFO: GameInfo = GameInfo {
        name: "egyptian-ratscrew",
        title: "Egyptian Ratscrew",
        min_players: 2,
        max_players: 8,
        default_players: 2,
        params: &[
            ParamSpec::int("decks", "1", 1, 2, "52-card decks shuffled together"),
            ParamSpec::int(
                "jokers",
                "0",
                0,
                4,
                "jokers added (a joker on top is slappable)",
            ),
            ParamSpec::flag(
                "slaps",
                "true",
                "slapping on (false: Beggar-my-neighbour, challenges only)",
            ),
            ParamSpec::flag(
                "sandwich",
                "false",
                "a sandwich (a pair split by one card, 7-4-7) is slappable",
            ),
            ParamSpec::flag(
                "run",
                "false",
                "three consecutive ranks up or down (4-5-6, Q-K-A, A-2-3) are slappable",
            ),
            ParamSpec::int("penalty", "1", 0, 5, "cards a false slap costs"),
            ParamSpec::int(
                "cap",
                "100000",
                1,
                i64::MAX,
                "decisions after which the game is a draw",
            ),
        ],
        stats: &[
            "flips",
            "slaps",
            "false_slaps",
            "challenge_piles",
            "slap_ins",
            "cycle",
            "cards",
            "tricks",
            "cycle_length",
        ],
    };

    fn new(players: usize, params: &Params) -> Result<Self, ConfigError> {
        check_players(&Self::INFO, players)?;
        params.check_keys(&Self::INFO)?;
        Ok(Ratscrew {
            players,
            decks: params.int(&Self::INFO, "decks")?,
            jokers: params.int(&Self::INFO, "jokers")?,
            slaps: params.flag(&Self::INFO, "slaps")?,
            sandwich: params.flag(&Self::INFO, "sandwich")?,
            run: params.flag(&Self::INFO, "run")?,
            penalty: params.int(&Self::INFO, "penalty")?,
            cap: params.int(&Self::INFO, "cap")?,
        })
    }

    fn players(&self) -> usize {
        self.players
    }

    fn deal<R: Rng + ?Sized>(&self, rng: &mut R) -> RatscrewState {
        let mut pack = [0u8; ROOM];
        let n = self.cards();
        for (i, c) in pack[..n].iter_mut().enumerate() {
            *c = i as u8;
        }
        pack[..n].shuffle(rng);
        let mut stacks = BySeat::<Stack>::default();
        for (i, &c) in pack[..n].iter().enumerate() {
            stacks[Seat::new(i % self.players)].push_bottom(c);
        }
        let mut s = self.new_state(stacks);
        self.settle(&mut s);
        s
    }

    fn to_move(&self, s: &RatscrewState) -> ToMove {
        if s.public.over {
            ToMove::Over
        } else if s.public.racing {
            ToMove::Race(self.racers(&s.public))
        } else {
            ToMove::Seat(s.public.turn)
        }
    }

    fn legal_actions(&self, s: &RatscrewState, out: &mut Vec<RatscrewAction>) {
        out.clear();
        if s.public.deciding {
            if !s.stacks[s.public.turn].is_empty() {
                out.push(RatscrewAction::Continue);
            }
            out.push(RatscrewAction::Decline);
        } else {
            out.push(RatscrewAction::Flip);
        }
    }

    fn apply<R: Rng + ?Sized>(&self, s: &mut RatscrewState, a: RatscrewAction, _: &mut R) {
        let t = s.public.turn;
        match a {
            RatscrewAction::Continue => {
                s.public.deciding = false;
                return;
            }
            RatscrewAction::Decline => {
                s.public.deciding = false;
                let ch = s.public.challenge.expect("a challenge to decline");
                s.public.counts[3] += 1;
                self.take(s, ch.challenger);
                self.settle(s);
                return;
            }
            RatscrewAction::Flip => {}
            _ => panic!("{a} is a race action"),
        }
        let c = s.stacks[t].pop_top().expect("the seat to flip holds cards");
        s.public.centre.push_bottom(c);
        s.public.counts[0] += 1;
        let demand = self.demand(c);
        if demand > 0 {
            s.public.challenge = Some(Challenge {
                challenger: t,
                owed: demand,
            });
            s.public.turn = self.next_active(&s.public, t);
        } else if let Some(ch) = &mut s.public.challenge {
            ch.owed -= 1;
            if ch.owed == 0 {
                s.public.award = Some(ch.challenger);
            }
        } else {
            s.public.turn = self.next_active(&s.public, t);
        }
        s.public.racing = self.slaps;
        self.settle(s);
    }

    fn race_actions(&self, _: &RatscrewState, _: Seat, out: &mut Vec<RatscrewAction>) {
        out.clear();
        out.extend([RatscrewAction::Slap, RatscrewAction::Pass]);
    }

    fn apply_race<R: Rng + ?Sized>(
        &self,
        s: &mut RatscrewState,
        entries: &[RaceEntry<RatscrewAction>],
        rng: &mut R,
    ) {
        s.public.racing = false;
        let slappers = || entries.iter().filter(|e| e.action == RatscrewAction::Slap);
        if self.slappable(&s.public.centre) {
            // The fastest slap takes the pile; an exact tie goes to one of them at random.
            let slaps: ArrayVec<RaceEntry<RatscrewAction>, MAX_SEATS> =
                slappers().take(MAX_SEATS).copied().collect();
            if let Some(&i) = fastest_first(&slaps, rng).first() {
                let e = &slaps[i];
                let w = e.seat;
                if s.public.out.contains(w) {
                    s.public.out.0 &= !(1 << w.index());
                    s.public.counts[4] += 1;
                }
                s.public.counts[1] += 1;
                self.take(s, w);
            }
        } else {
            for e in slappers() {
                s.public.counts[2] += 1;
                if s.public.out.contains(e.seat) {
                    s.public.barred.0 |= 1 << e.seat.index();
                } else {
                    for _ in 0..self.penalty {
                        let Some(c) = s.stacks[e.seat].pop_top() else {
                            break;
                        };
                        s.public.centre.push_top(c);
                    }
                }
            }
        }
        self.settle(s);
    }

    fn observe(&self, s: &RatscrewState, seat: Seat) -> RatscrewObservation {
        RatscrewObservation {
            seat,
            public: s.public.clone(),
            sizes: BySeat::from_fn(|p| s.stacks[p].len() as u8),
        }
    }

    fn determinize<R: Rng + ?Sized>(&self, o: &RatscrewObservation, rng: &mut R) -> RatscrewState {
        let mut seen = [false; ROOM];
        for c in o.public.centre.iter() {
            seen[c as usize] = true;
        }
        let mut hidden = [0u8; ROOM];
        let mut n = 0;
        for (c, _) in seen[..self.cards()].iter().enumerate().filter(|(_, &s)| !s) {
            hidden[n] = c as u8;
            n += 1;
        }
        hidden[..n].shuffle(rng);
        let mut stacks = BySeat::<Stack>::default();
        let mut k = 0;
        for p in Seat::all(self.players) {
            for _ in 0..o.sizes[p] {
                stacks[p].push_bottom(hidden[k]);
                k += 1;
            }
        }
        RatscrewState {
            public: o.public.clone(),
            stacks,
            brent_saved: 0,
            brent_power: 1,
            brent_lam: 0,
        }
    }

    fn outcome(&self, s: &RatscrewState) -> Option<Outcome> {
        if !s.public.over {
            return None;
        }
        let mut scores = [0.0; 8];
        if !s.public.cycle {
            for p in Seat::all(self.players) {
                scores[p.index()] = if s.public.out.contains(p) {
                    f64::from(s.public.out_order[p])
                } else {
                    f64::from(s.public.outs) + 1.0
                };
            }
        }
        Some(rank_by_score(&scores[..self.players]))
    }

    fn stats(&self, s: &RatscrewState, out: &mut Vec<f64>) {
        out.clear();
        out.extend(s.public.counts.iter().map(|&c| f64::from(c)));
        out.push(f64::from(u8::from(s.public.cycle)));
        let (cards, tricks) = self.record_counts(s);
        out.extend([f64::from(cards), f64::from(tricks)]);
        out.push(f64::from(self.cycle_length(s).unwrap_or(0)));
    }

    fn check_invariants(&self, s: &RatscrewState) -> Result<(), String> {
        let mut seen = [false; ROOM];
        let stacks = Seat::all(self.players).flat_map(|p| s.stacks[p].iter());
        let mut n = 0;
        for c in stacks.chain(s.public.centre.iter()) {
            if c as usize >= self.cards() || seen[c as usize] {
                return Err(format!("card {c} out of range or twice"));
            }
            seen[c as usize] = true;
            n += 1;
        }
        if n != self.cards() {
            return Err(format!("{n} cards of {}", self.cards()));
        }
        for p in Seat::all(self.players) {
            if s.public.out.contains(p) && !s.stacks[p].is_empty() {
                return Err(format!("{p:?} is out with cards"));
            }
        }
        if s.public.barred.0 & !s.public.out.0 != 0 {
            return Err("a barred player is in".into());
        }
        if s.public.over && !s.public.cycle && self.active(&s.public) != 1 {
            return Err("over without one player left".into());
        }
        if !s.public.over && self.active(&s.public) < 2 {
            return Err("fewer than two players in a running game".into());
        }
        if !s.public.over && s.public.out.contains(s.public.turn) {
            return Err("a player out is to move".into());
        }
        Ok(())
    }

    fn move_cap(&self) -> Option<u64> {
        Some(self.cap)
    }

    fn observe_action(
        &self,
        _: &RatscrewState,
        action: RatscrewAction,
        _: Seat,
    ) -> Option<RatscrewAction> {
        Some(action)
    }
}
mod deal_text;
