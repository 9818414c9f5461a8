//! [`Encoding`]: stable integer action ids and fixed-shape observation tensors, what learning
//! code (the Python package, RL environments) needs from a game.
//!
//! - **Action ids.** Every action of a configured game has an id in
//!   `0..num_distinct_actions()`. The id is a function of the action alone, the same in every
//!   state, and two actions legal in one state (or open to one seat in one race) never share
//!   an id, so an id names one legal action wherever it is legal.
//! - **Observation tensors.** [`Encoding::encode_observation`] writes what one seat may know
//!   ([`Game::observe`]) as `f32`s into a [`Tensor`], segment by segment. The segments (names
//!   and lengths) depend only on the configured game, never on the position, so every
//!   observation of a game has the same flat length and layout; [`Tensor::segments`] documents
//!   it. Because the tensor is computed from the observation, it cannot show a card the seat
//!   does not see, and resampling the hidden cards ([`Game::determinize`]) leaves it unchanged.
//!
//! Conventions every game follows, so a learner sees the same shapes across games:
//! - a set of ordinary cards is one plane of [`Card::SLOTS`] (64) entries indexed by
//!   [`Card::index`] (`16 * suit + rank slot`; slot 0 of each suit is its joker, slot 1
//!   unused), written with [`Tensor::cards`]; counted cards (several decks) with
//!   [`Tensor::card_counts`];
//! - seats are written relative to the observer: entry `k` of a per-seat segment is the seat
//!   `k` places to the observer's left (`k = 0` is the observer), see [`relative`];
//! - counts and scores are scaled to roughly `[0, 1]` by a documented constant
//!   ([`Tensor::scalar`]), choices and phases are one-hot ([`Tensor::one_hot`]).
//!
//! [`check`] is the test every game's encoding passes.
//!
//! ```
//! use cardsim_engine::encoding::Tensor;
//! use cardsim_engine::CardSet;
//! let mut t = Tensor::new();
//! t.cards("hand", "AS KH".parse::<CardSet>().unwrap());
//! t.one_hot("phase", Some(1), 3);
//! t.scalar("score", 0.25);
//! assert_eq!(t.values().len(), 64 + 3 + 1);
//! assert_eq!(t.segments()[1].name, "phase");
//! assert_eq!(t.segments()[1].offset, 64);
//! assert_eq!(t.values()[65], 1.0);
//! ```

use crate::cards::{Card, CardMultiset, CardSet};
use crate::driver::{actions_of, RandomPolicy, Scratch, Step};
use crate::game::{Game, ToMove};
use crate::seat::{Seat, SeatMask};
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;
use std::collections::HashSet;

/// Stable action ids and observation tensors for a game (see the [module docs](self)).
pub trait Encoding: Game {
    /// How many action ids the game, as configured, uses: ids are `0..num_distinct_actions()`.
    fn num_distinct_actions(&self) -> usize;

    /// The id of `action`: the same in every state; distinct for the actions legal in one
    /// state.
    fn action_id(&self, action: Self::Action) -> usize;

    /// Writes `obs` into `out` (which the caller has cleared), segment by segment, always the
    /// same segments in the same order.
    fn encode_observation(&self, obs: &Self::Observation, out: &mut Tensor);

    /// Writes what `seat` knows in `state` into `out`: exactly what
    /// [`Encoding::encode_observation`] writes for [`Game::observe`]`(state, seat)`. The
    /// default builds the observation; a game overrides it to read the state in place
    /// (without copying its history), which is what a learner's batch calls at every step.
    /// [`check`] compares the two.
    fn encode_state(&self, state: &Self::State, seat: Seat, out: &mut Tensor) {
        self.encode_observation(&self.observe(state, seat), out);
    }

    /// A readable text of what a seat knows: several lines, the first naming the seat
    /// (`seat 1 of 4, dealer 0, trump H`), then one `label: value` line per piece of the
    /// position (`hand: AS KS 7S | QH 9H | 2C`, `trick: 2:KD 3:AD, 0 to play`,
    /// `tricks won: 0:3 1:5 2:0 3:1`).
    ///
    /// Cards are written as everywhere in cardsim (`AS`, `TD`, `JK`), hands by suit from the
    /// highest card (spades, hearts, diamonds, clubs; jokers first), piles in order with the
    /// top last, `-` for nothing. Seats are their absolute numbers, and `seat:value` pairs
    /// give one value per seat in seat order. Like the tensor, the text is a function of the
    /// observation alone, so it shows no card hidden from the seat, and it changes whenever
    /// the seat's tensor does.
    fn observation_string(&self, obs: &Self::Observation) -> String;
}

/// One named run of entries in a [`Tensor`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Segment {
    /// What the entries hold, e.g. `hand` or `trick.led`.
    pub name: &'static str,
    /// Index of the first entry.
    pub offset: usize,
    /// Number of entries.
    pub len: usize,
}

/// A flat `f32` observation being written, with its layout.
///
/// Reused between observations ([`Tensor::clear`]) it does not allocate. [`Tensor::over`]
/// writes into a slice the caller owns instead (a row of a batch array), allocating nothing.
#[derive(Debug, Default)]
pub struct Tensor<'a> {
    values: Values<'a>,
    segments: Vec<Segment>,
}

/// Where a [`Tensor`]'s entries go.
#[derive(Debug)]
enum Values<'a> {
    /// Its own buffer, segments recorded.
    Owned(Vec<f32>),
    /// The first `len` entries of a borrowed slice, segments not recorded.
    Borrowed { buf: &'a mut [f32], len: usize },
}

impl Default for Values<'_> {
    fn default() -> Self {
        Values::Owned(Vec::new())
    }
}

/// A copy owns its entries (a copy of a [`Tensor::over`] too).
impl Clone for Tensor<'_> {
    fn clone(&self) -> Self {
        Tensor {
            values: Values::Owned(self.values().to_vec()),
            segments: self.segments.clone(),
        }
    }
}

impl<'a> Tensor<'a> {
    /// An empty tensor.
    pub fn new() -> Tensor<'a> {
        Tensor::default()
    }

    /// A tensor that writes its entries into `buf`, from its start, after zeroing all of
    /// `buf`; it records no segments ([`Tensor::segments`] stays empty, the layout being the
    /// game's [`layout`]), so it allocates nothing.
    ///
    /// # Panics
    /// When more entries are written than `buf` holds.
    ///
    /// ```
    /// use cardsim_engine::encoding::Tensor;
    /// let mut row = [9.0f32; 4];
    /// let mut t = Tensor::over(&mut row);
    /// t.one_hot("phase", Some(1), 3);
    /// t.scalar("score", 0.5);
    /// assert_eq!(t.values(), &[0.0, 1.0, 0.0, 0.5]);
    /// assert!(t.segments().is_empty());
    /// ```
    pub fn over(buf: &'a mut [f32]) -> Tensor<'a> {
        // One fill of the whole row: the segments then only set their non-zero entries.
        buf.fill(0.0);
        Tensor {
            values: Values::Borrowed { buf, len: 0 },
            segments: Vec::new(),
        }
    }

    /// Empties the tensor, keeping its memory (a [`Tensor::over`] zeroes its slice again).
    pub fn clear(&mut self) {
        match &mut self.values {
            Values::Owned(v) => v.clear(),
            Values::Borrowed { buf, len } => {
                buf[..*len].fill(0.0);
                *len = 0;
            }
        }
        self.segments.clear();
    }

    /// The entries written so far.
    pub fn values(&self) -> &[f32] {
        match &self.values {
            Values::Owned(v) => v,
            Values::Borrowed { buf, len } => &buf[..*len],
        }
    }

    /// The segments written so far, in order (none for a [`Tensor::over`]).
    pub fn segments(&self) -> &[Segment] {
        &self.segments
    }

    fn open(&mut self, name: &'static str, len: usize) -> &mut [f32] {
        if let Values::Owned(v) = &self.values {
            let offset = v.len();
            self.segments.push(Segment { name, offset, len });
        }
        self.open_unrecorded(len)
    }

    /// The next `len` entries (still 0), the segment not recorded.
    fn open_unrecorded(&mut self, len: usize) -> &mut [f32] {
        match &mut self.values {
            Values::Owned(v) => {
                let offset = v.len();
                v.resize(offset + len, 0.0);
                &mut v[offset..]
            }
            Values::Borrowed { buf, len: written } => {
                // Still zero: `over` and `clear` zeroed the slice, and each entry is opened once.
                let offset = *written;
                *written += len;
                &mut buf[offset..offset + len]
            }
        }
    }

    /// A plane of [`Card::SLOTS`] entries: 1 where `set` holds the card.
    pub fn cards(&mut self, name: &'static str, set: CardSet) {
        self.bits(name, set.bits(), Card::SLOTS);
    }

    /// A plane of [`Card::SLOTS`] entries: how many copies of each card `cards` holds,
    /// divided by `scale` (the decks in play, so that a full count is 1).
    pub fn card_counts(&mut self, name: &'static str, cards: &CardMultiset, scale: f32) {
        let plane = self.open(name, Card::SLOTS);
        for c in cards.support().iter() {
            plane[c.index()] = f32::from(cards.count(c)) / scale;
        }
    }

    /// `len` entries: entry `i` is bit `i` of `bits` (for sets of other card types, seat
    /// masks and flags).
    pub fn bits(&mut self, name: &'static str, bits: u64, len: usize) {
        let plane = self.open(name, len);
        let mut b = bits;
        while b != 0 {
            let i = b.trailing_zeros() as usize;
            if i < len {
                plane[i] = 1.0;
            }
            b &= b - 1;
        }
    }

    /// `len` entries, all 0 but entry `index` (none for `None`).
    ///
    /// # Panics
    /// If `index` is `Some(i)` with `i >= len`.
    pub fn one_hot(&mut self, name: &'static str, index: Option<usize>, len: usize) {
        let plane = self.open(name, len);
        if let Some(i) = index {
            plane[i] = 1.0;
        }
    }

    /// `N` consecutive segments at once, named and sized by `segments`, as mutable slices
    /// (still 0), for an encoder that fills several of them in one pass.
    ///
    /// ```
    /// use cardsim_engine::encoding::Tensor;
    /// let mut t = Tensor::new();
    /// let [a, b] = t.split([("a", 2), ("b", 3)]);
    /// a[1] = 1.0;
    /// b[0] = 2.0;
    /// assert_eq!(t.values(), &[0.0, 1.0, 2.0, 0.0, 0.0]);
    /// assert_eq!(t.segments()[1].offset, 2);
    /// ```
    pub fn split<const N: usize>(
        &mut self,
        segments: [(&'static str, usize); N],
    ) -> [&mut [f32]; N] {
        let total = segments.iter().map(|&(_, len)| len).sum();
        if let Values::Owned(v) = &self.values {
            let mut offset = v.len();
            for (name, len) in segments {
                self.segments.push(Segment { name, offset, len });
                offset += len;
            }
        }
        let mut rest = self.open_unrecorded(total);
        segments.map(|(_, len)| {
            let (head, tail) = std::mem::take(&mut rest).split_at_mut(len);
            rest = tail;
            head
        })
    }

    /// One entry.
    pub fn scalar(&mut self, name: &'static str, value: f32) {
        self.open(name, 1)[0] = value;
    }

    /// `values.len()` entries, copied.
    pub fn values_of(&mut self, name: &'static str, values: &[f32]) {
        self.open(name, values.len()).copy_from_slice(values);
    }
}

/// `seat` as seen from `observer`: how many places to the observer's left it sits
/// (0 for the observer itself), the index of its entry in a per-seat segment.
///
/// ```
/// use cardsim_engine::{encoding::relative, Seat};
/// assert_eq!(relative(Seat::new(3), Seat::new(1), 4), 2);
/// assert_eq!(relative(Seat::new(0), Seat::new(1), 4), 3);
/// ```
pub fn relative(seat: Seat, observer: Seat, players: usize) -> usize {
    (seat.index() + players - observer.index()) % players
}

/// Per-seat segments, written relative to the observer: entry (or plane) `k` is the seat `k`
/// places to the observer's left ([`relative`]).
///
/// ```
/// use cardsim_engine::encoding::Tensor;
/// use cardsim_engine::{CardSet, Seat};
/// let mut t = Tensor::new();
/// let (observer, players) = (Seat::new(1), 3);
/// t.seat_one_hot("dealer", Some(Seat::new(0)), observer, players);
/// t.seat_values("score", observer, players, |s| s.index() as f32);
/// t.seat_cards("shown", observer, players, |s| {
///     if s == Seat::new(2) { "AS".parse::<CardSet>().unwrap() } else { CardSet::EMPTY }
/// });
/// assert_eq!(&t.values()[..3], &[0.0, 0.0, 1.0]); // seat 0 sits 2 places to seat 1's left
/// assert_eq!(&t.values()[3..6], &[1.0, 2.0, 0.0]);
/// let ace = "AS".parse::<cardsim_engine::Card>().unwrap();
/// assert_eq!(t.values()[6 + 64 + ace.index()], 1.0); // seat 2 is 1 place to the left
/// assert_eq!(t.get("score"), Some(&[1.0, 2.0, 0.0][..]));
/// ```
impl Tensor<'_> {
    /// The entries of the first segment named `name`, if there is one.
    pub fn get(&self, name: &str) -> Option<&[f32]> {
        let s = self.segments.iter().find(|s| s.name == name)?;
        Some(&self.values()[s.offset..s.offset + s.len])
    }

    /// `players` entries: 1 at the relative place of `seat` (all 0 for `None`).
    pub fn seat_one_hot(
        &mut self,
        name: &'static str,
        seat: Option<Seat>,
        observer: Seat,
        players: usize,
    ) {
        self.one_hot(name, seat.map(|s| relative(s, observer, players)), players);
    }

    /// `players` entries: `value(seat)` at each seat's relative place.
    pub fn seat_values(
        &mut self,
        name: &'static str,
        observer: Seat,
        players: usize,
        mut value: impl FnMut(Seat) -> f32,
    ) {
        let plane = self.open(name, players);
        for s in Seat::all(players) {
            plane[relative(s, observer, players)] = value(s);
        }
    }

    /// `players` entries: 1 at the relative place of each seat of `mask`.
    pub fn seat_mask(
        &mut self,
        name: &'static str,
        mask: SeatMask,
        observer: Seat,
        players: usize,
    ) {
        self.seat_values(name, observer, players, |s| {
            f32::from(u8::from(mask.contains(s)))
        });
    }

    /// `players` card planes of [`Card::SLOTS`] entries: plane `k` holds `cards(seat)` of the
    /// seat `k` places to the observer's left.
    pub fn seat_cards(
        &mut self,
        name: &'static str,
        observer: Seat,
        players: usize,
        mut cards: impl FnMut(Seat) -> CardSet,
    ) {
        let planes = self.open(name, players * Card::SLOTS);
        for s in Seat::all(players) {
            let plane = &mut planes[relative(s, observer, players) * Card::SLOTS..];
            for c in cards(s).iter() {
                plane[c.index()] = 1.0;
            }
        }
    }
}

/// The layout of `game`'s observation tensor: the segments of the first seat's observation of
/// the deal from seed 0.
pub fn layout<G: Encoding>(game: &G) -> Vec<Segment> {
    let state = game.deal(&mut ChaCha8Rng::seed_from_u64(0));
    let mut t = Tensor::new();
    game.encode_observation(&game.observe(&state, Seat::new(0)), &mut t);
    t.segments().to_vec()
}

/// Test support: `game` passes [`check`] with every one of the games of `seeds` played (within
/// `max_moves` moves), and its tensor is `len` entries long. Returns the report.
#[cfg(test)]
pub(crate) fn assert_checked<G: Encoding>(
    game: &G,
    seeds: std::ops::Range<u64>,
    max_moves: usize,
    len: usize,
) -> CheckReport {
    let games = seeds.clone().count();
    let report = check(game, seeds, max_moves);
    assert_eq!(report.games, games, "{report:?}");
    let total: usize = layout(game).iter().map(|s| s.len).sum();
    assert_eq!(total, len, "the tensor's length");
    report
}

/// What [`check`] saw.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct CheckReport {
    /// Games played.
    pub games: usize,
    /// Decisions and race entries whose action ids were checked.
    pub decisions: usize,
    /// Observations encoded and compared with a resampled state's.
    pub resamples: usize,
}

/// Plays random games from `seeds` and checks `game`'s encoding at every step: every legal
/// (or race) action's id is below [`Encoding::num_distinct_actions`] and distinct from the
/// others', and its text differs from theirs (so a text names one legal action); every seat's tensor has the layout of [`layout`], finite entries, the same values when written
/// through [`Tensor::over`] and when read from the state ([`Encoding::encode_state`]), and is
/// unchanged,
/// as is its observation string, when the hidden cards are resampled with
/// [`Game::determinize`]. Every observation string starts with `seat N of P`, holds no `{`
/// (no `Debug` struct syntax), and changes from one step to the next whenever the seat's
/// tensor does (so it leaves out nothing the tensor shows).
///
/// # Panics
/// On the first broken rule, naming the seed.
pub fn check<G: Encoding>(game: &G, seeds: std::ops::Range<u64>, max_moves: usize) -> CheckReport {
    let expected = layout(game);
    let n = game.num_distinct_actions();
    let mut report = CheckReport::default();
    let mut scratch = Scratch::new();
    let mut legal = Vec::new();
    let mut ids = HashSet::new();
    let mut texts = HashSet::new();
    let (mut t, mut u) = (Tensor::new(), Tensor::new());
    let mut row = Vec::new();
    // Per seat: its tensor and text at the previous step.
    let mut previous: Vec<(Vec<f32>, String)> = Vec::new();
    for seed in seeds {
        previous.clear();
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        let mut sample_rng = ChaCha8Rng::seed_from_u64(seed ^ 0xe1c0);
        let mut state = game.deal(&mut rng);
        for moves in 0..max_moves {
            let to_move = game.to_move(&state);
            if to_move == ToMove::Over {
                break;
            }
            let actors: Vec<Seat> = match to_move {
                ToMove::Seat(s) => vec![s],
                ToMove::Race(mask) => mask.iter().collect(),
                ToMove::Over => unreachable!(),
            };
            for &seat in &actors {
                actions_of(game, &state, to_move, seat, &mut legal);
                ids.clear();
                texts.clear();
                for &a in &legal {
                    let id = game.action_id(a);
                    assert!(id < n, "seed {seed}: action {a} has id {id} >= {n}");
                    assert!(
                        ids.insert(id),
                        "seed {seed}: two legal actions share id {id} ({a})"
                    );
                    assert!(
                        texts.insert(a.to_string()),
                        "seed {seed}: two legal actions are both written {a}"
                    );
                }
                report.decisions += 1;
            }
            for seat in Seat::all(game.players()) {
                let obs = game.observe(&state, seat);
                t.clear();
                game.encode_observation(&obs, &mut t);
                assert_eq!(t.segments(), &expected[..], "seed {seed}: layout changed");
                assert!(
                    t.values().iter().all(|v| v.is_finite()),
                    "seed {seed}: a tensor entry is not finite"
                );
                // Written straight into a caller's row (stale entries in it), the same values.
                row.clear();
                row.resize(t.values().len(), 7.0);
                let mut direct = Tensor::over(&mut row);
                game.encode_observation(&obs, &mut direct);
                assert_eq!(
                    direct.values(),
                    t.values(),
                    "seed {seed}: Tensor::over wrote other values"
                );
                // Read from the state in place, the same values and segments.
                u.clear();
                game.encode_state(&state, seat, &mut u);
                assert_eq!(
                    (u.values(), u.segments()),
                    (t.values(), t.segments()),
                    "seed {seed}: encode_state wrote other values than encode_observation"
                );
                let text = game.observation_string(&obs);
                assert!(
                    text.starts_with(&format!("seat {seat} of {}", game.players()))
                        && !text.contains('{'),
                    "seed {seed}: seat {seat}'s observation string is not the documented text:\n{text}"
                );
                match previous.get_mut(seat.index()) {
                    Some((before, before_text)) => {
                        assert!(
                            before.as_slice() == t.values() || *before_text != text,
                            "seed {seed}: seat {seat}'s tensor changed but not its text:\n{text}"
                        );
                        before.clear();
                        before.extend_from_slice(t.values());
                        *before_text = text;
                    }
                    None => previous.push((t.values().to_vec(), text)),
                }
                if moves % 5 == 0 {
                    let resampled = game.determinize(&obs, &mut sample_rng);
                    let again = game.observe(&resampled, seat);
                    u.clear();
                    game.encode_observation(&again, &mut u);
                    assert_eq!(
                        t.values(),
                        u.values(),
                        "seed {seed}: seat {seat}'s tensor changed when hidden cards were resampled"
                    );
                    assert_eq!(
                        game.observation_string(&obs),
                        game.observation_string(&again),
                        "seed {seed}: seat {seat}'s observation string changed on resampling"
                    );
                    report.resamples += 1;
                }
            }
            match crate::driver::step(game, &mut state, &mut RandomPolicy, &mut scratch, &mut rng) {
                Ok(Step::Moved) => {}
                Ok(Step::Over) => break,
                Err(never) => match never {},
            }
        }
        report.games += 1;
    }
    report
}
