//! Rummy melds over the 52-card deck: sets (three or four of a rank) and runs (three or more
//! consecutive cards of one suit, ace low; K-A-2 only with [`MeldRules::around_the_corner`]),
//! the minimum-deadwood arrangement of a hand, and lay-offs onto another player's melds.
//!
//! Deadwood counts ace 1, two to ten at face value, jack, queen and king 10.
//!
//! The solver is exact and allocation free. Given which cards go into sets, the best runs are
//! forced: every maximal stretch of three or more consecutive cards of a suit is one run (runs
//! have no upper length). So it enumerates only the set choices of the ranks held three or four
//! times (at most a handful, fewer after discarding choices that cannot matter) and finds the
//! runs of each with a few shifts of a bit mask (four suits at once).
//!
//! ```
//! use cardsim_engine::melds::{arrange, deadwood, MeldRules};
//! use cardsim_engine::CardSet;
//! let hand: CardSet = "AS 2S 3S 7H 7D 7C KD QD JD 5C".parse().unwrap();
//! assert_eq!(deadwood(hand, MeldRules::STANDARD), 5);
//! let a = arrange(hand, MeldRules::STANDARD);
//! assert_eq!(a.melds.len(), 3);
//! assert_eq!(a.unmatched, "5C".parse().unwrap());
//! // K-A-2 is a run only around the corner.
//! let corner: CardSet = "KS AS 2S".parse().unwrap();
//! assert_eq!(deadwood(corner, MeldRules::STANDARD), 13);
//! assert_eq!(deadwood(corner, MeldRules { around_the_corner: true }), 0);
//! ```

use crate::cards::{Card, CardSet};
use arrayvec::ArrayVec;

/// Which runs are melds.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct MeldRules {
    /// King and ace are consecutive (Q-K-A, K-A-2 are runs).
    pub around_the_corner: bool,
}

impl MeldRules {
    /// Ace low only: A-2-3 is a run, Q-K-A and K-A-2 are not.
    pub const STANDARD: MeldRules = MeldRules {
        around_the_corner: false,
    };
}

/// The most melds an arrangement can hold (13 cards would be four; hands hold at most 11).
pub const MAX_MELDS: usize = 8;

/// A hand arranged into melds and deadwood.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Arrangement {
    /// The total value of the unmatched cards.
    pub deadwood: u32,
    /// The melds, sets first (by rank), then runs (by suit and rank, ace low).
    pub melds: ArrayVec<CardSet, MAX_MELDS>,
    /// The cards in no meld.
    pub unmatched: CardSet,
}

// The ace-low layout used inside: suit lane `s` at bits `16 s ..16 s + 13`, bit 0 the ace,
// bit 12 the king.
const LANES: u64 = 0x1FFF_1FFF_1FFF_1FFF;
const ACES: u64 = 0x0001_0001_0001_0001;

/// The ace-low mask of `set` (jokers and knights are dropped).
#[inline]
pub(crate) fn to_low(set: CardSet) -> u64 {
    let x = set.bits();
    ((x >> 1) & 0x07FE_07FE_07FE_07FE) | ((x >> 2) & 0x1800_1800_1800_1800) | ((x >> 15) & ACES)
}

/// The card set of an ace-low mask.
#[inline]
pub(crate) fn from_low(x: u64) -> CardSet {
    CardSet::from_bits(
        ((x & 0x07FE_07FE_07FE_07FE) << 1)
            | ((x & 0x1800_1800_1800_1800) << 2)
            | ((x & ACES) << 15),
    )
}

/// Lane masks of the ranks worth at least `k + 1` points, `k = 0..10`.
const GE: [u64; 10] = {
    let mut t = [0u64; 10];
    let mut k = 0;
    while k < 10 {
        t[k] = ((0x1FFF >> k) << k) * ACES;
        k += 1;
    }
    t
};

/// Total deadwood value of an ace-low mask.
#[inline]
fn value_low(x: u64) -> u32 {
    let mut v = 0;
    let mut k = 0;
    while k < 10 {
        v += (x & GE[k]).count_ones();
        k += 1;
    }
    v
}

/// The deadwood value of one card: ace 1, two to ten face value, pictures 10.
///
/// ```
/// use cardsim_engine::melds::card_value;
/// assert_eq!(card_value("AH".parse().unwrap()), 1);
/// assert_eq!(card_value("7H".parse().unwrap()), 7);
/// assert_eq!(card_value("QH".parse().unwrap()), 10);
/// ```
pub fn card_value(card: Card) -> u32 {
    value_low(to_low(CardSet::from_card(card)))
}

/// The total deadwood value of `cards`, melded or not.
pub fn value(cards: CardSet) -> u32 {
    value_low(to_low(cards))
}

/// Rotates each 13-bit lane down by one (bit `p` takes bit `p + 1`, the ace takes the king
/// when `corner`).
#[inline]
fn down(x: u64, corner: bool) -> u64 {
    let d = (x >> 1) & LANES;
    if corner {
        d | ((x & ACES) << 12)
    } else {
        d
    }
}

#[inline]
fn up(x: u64, corner: bool) -> u64 {
    let u = (x << 1) & LANES;
    if corner {
        u | ((x >> 12) & ACES)
    } else {
        u
    }
}

/// The cards of `x` that lie in a stretch of three or more consecutive cards of a suit.
#[inline]
fn run_cover(x: u64, corner: bool) -> u64 {
    let d1 = down(x, corner);
    let r = x & d1 & down(d1, corner);
    let u1 = up(r, corner);
    r | u1 | up(u1, corner)
}

/// Ranks (bit `p`, ace low) held at least three times.
#[inline]
fn set_ranks(x: u64) -> u16 {
    let a = x & 0x1FFF;
    let b = (x >> 16) & 0x1FFF;
    let c = (x >> 32) & 0x1FFF;
    let d = (x >> 48) & 0x1FFF;
    ((a & b & (c | d)) | (c & d & (a | b))) as u16
}

struct Search {
    x: u64,
    cover: u64,
    corner: bool,
    best: u32,
    chosen: u64,
}

impl Search {
    fn go(&mut self, ranks: u16, chosen: u64) {
        if self.best == 0 {
            return;
        }
        if ranks == 0 {
            let rest = self.x & !chosen;
            let dw = value_low(rest & !run_cover(rest, self.corner));
            if dw < self.best {
                self.best = dw;
                self.chosen = chosen;
            }
            return;
        }
        let p = ranks.trailing_zeros();
        let ranks = ranks & (ranks - 1);
        let rk = self.x & (ACES << p);
        let q = rk & self.cover;
        self.go(ranks, chosen | rk);
        if q != 0 {
            let four = rk.count_ones() == 4;
            if !four || q.count_ones() >= 2 {
                self.go(ranks, chosen);
            }
            if four {
                let mut m = q;
                while m != 0 {
                    let c = m & m.wrapping_neg();
                    m ^= c;
                    self.go(ranks, chosen | (rk & !c));
                }
            }
        }
    }
}

/// The least deadwood over every arrangement of `low`, and the set cards of one best
/// arrangement.
#[inline]
fn solve_low(x: u64, corner: bool) -> (u32, u64) {
    let ranks = set_ranks(x);
    if ranks == 0 {
        return (value_low(x & !run_cover(x, corner)), 0);
    }
    let mut s = Search {
        x,
        cover: run_cover(x, corner),
        corner,
        best: u32::MAX,
        chosen: 0,
    };
    s.go(ranks, 0);
    (s.best, s.chosen)
}

/// The least deadwood of `hand` over all its arrangements into melds.
#[inline]
pub fn deadwood(hand: CardSet, rules: MeldRules) -> u32 {
    solve_low(to_low(hand), rules.around_the_corner).0
}

/// The cards of `hand` that belong to some meld of `hand` (a set, or a run of three or more).
/// Every other card is deadwood however `hand`, or any part of it, is arranged, so the value
/// of the rest bounds the deadwood of every part from below.
///
/// ```
/// use cardsim_engine::melds::{meldable, MeldRules};
/// use cardsim_engine::CardSet;
/// let hand: CardSet = "AS 2S 3S 4S 7H 7D 7C 8H KD QD 5C".parse().unwrap();
/// let melds: CardSet = "AS 2S 3S 4S 7H 7D 7C".parse().unwrap();
/// assert_eq!(meldable(hand, MeldRules::STANDARD), melds);
/// ```
pub fn meldable(hand: CardSet, rules: MeldRules) -> CardSet {
    let x = to_low(hand);
    let corner = rules.around_the_corner;
    // Runs: each card that starts three in a row, and the two after it.
    let next = down(x, corner);
    let starts = x & next & down(next, corner);
    let runs = starts | up(starts, corner) | up(up(starts, corner), corner);
    // Sets: the ranks held in three or four suits.
    let [a, b, c, d] = [0, 16, 32, 48].map(|s| (x >> s) & 0x1FFF);
    let three = (a & b & (c | d)) | (c & d & (a | b));
    from_low((runs | (three * ACES)) & x)
}

/// Splits the cards of a run cover into its maximal stretches (each a run).
fn push_runs(cover: u64, corner: bool, melds: &mut ArrayVec<CardSet, MAX_MELDS>) {
    for s in 0..4 {
        let lane = (cover >> (16 * s)) & 0x1FFF;
        if lane == 0 {
            continue;
        }
        if lane == 0x1FFF {
            melds.push(from_low(lane << (16 * s)));
            continue;
        }
        // Start each stretch at a card whose predecessor is absent.
        let starts = lane & !up(lane, corner);
        let mut st = starts;
        while st != 0 {
            let b = st.trailing_zeros();
            st &= st - 1;
            let mut run = 0u64;
            let mut p = b;
            while lane & (1 << p) != 0 && run & (1 << p) == 0 {
                run |= 1 << p;
                p = if p == 12 && corner { 0 } else { p + 1 };
                if p > 12 {
                    break;
                }
            }
            melds.push(from_low(run << (16 * s)));
        }
    }
}

fn arrangement_of(x: u64, sets: u64, corner: bool) -> Arrangement {
    let rest = x & !sets;
    let cover = run_cover(rest, corner);
    let mut melds = ArrayVec::new();
    let mut ranks = set_ranks(sets);
    while ranks != 0 {
        let p = ranks.trailing_zeros();
        ranks &= ranks - 1;
        melds.push(from_low(sets & (ACES << p)));
    }
    push_runs(cover, corner, &mut melds);
    let unmatched = rest & !cover;
    Arrangement {
        deadwood: value_low(unmatched),
        melds,
        unmatched: from_low(unmatched),
    }
}

/// One minimum-deadwood arrangement of `hand`.
pub fn arrange(hand: CardSet, rules: MeldRules) -> Arrangement {
    let x = to_low(hand);
    let (_, sets) = solve_low(x, rules.around_the_corner);
    arrangement_of(x, sets, rules.around_the_corner)
}

/// Calls `f` with every minimum-deadwood arrangement of `hand` that differs in which cards
/// form sets (how a long run is cut into runs never matters, so each stretch is one run).
pub fn min_arrangements(hand: CardSet, rules: MeldRules, mut f: impl FnMut(&Arrangement)) {
    let corner = rules.around_the_corner;
    let x = to_low(hand);
    let (best, _) = solve_low(x, corner);
    let ranks = set_ranks(x);
    // Every choice per rank: nothing, the whole rank, or the rank less one card.
    fn rec(
        x: u64,
        ranks: u16,
        sets: u64,
        corner: bool,
        best: u32,
        f: &mut dyn FnMut(&Arrangement),
    ) {
        if ranks == 0 {
            let a = arrangement_of(x, sets, corner);
            if a.deadwood == best {
                f(&a);
            }
            return;
        }
        let p = ranks.trailing_zeros();
        let rest = ranks & (ranks - 1);
        let rk = x & (ACES << p);
        rec(x, rest, sets, corner, best, f);
        rec(x, rest, sets | rk, corner, best, f);
        if rk.count_ones() == 4 {
            let mut m = rk;
            while m != 0 {
                let c = m & m.wrapping_neg();
                m ^= c;
                rec(x, rest, sets | (rk & !c), corner, best, f);
            }
        }
    }
    rec(x, ranks, 0, corner, best, &mut f);
}

/// True when `meld` is a set or a run under `rules`.
pub fn is_meld(meld: CardSet, rules: MeldRules) -> bool {
    let x = to_low(meld);
    let n = x.count_ones();
    if n < 3 || meld.len() != n as usize {
        return false;
    }
    let ranks = set_ranks(x);
    if ranks.count_ones() == 1 && (x & !(ACES << ranks.trailing_zeros())) == 0 {
        return true;
    }
    (x & LANES) == x && run_cover(x, rules.around_the_corner) == x && {
        let lanes = (0..4).filter(|s| (x >> (16 * s)) & 0x1FFF != 0).count();
        // One suit and one stretch.
        let starts = x & !up(x, rules.around_the_corner);
        lanes == 1 && (starts.count_ones() == 1 || x.count_ones() == 13)
    }
}

/// The choices of cards of `hand` to lay off onto `meld`, one after another (each extending the
/// meld as laid so far): for a set of three, its missing card; for a run, a prefix of the chain
/// of held cards extending its top end, of its bottom end, or both. The empty choice first.
fn layoff_choices(meld: u64, hand: u64, corner: bool, out: &mut ArrayVec<u64, 64>) {
    out.push(0);
    let n = meld.count_ones();
    let ranks = set_ranks(meld);
    if ranks != 0 {
        if n == 3 {
            let c = hand & (ACES << ranks.trailing_zeros()) & !meld;
            if c != 0 {
                out.push(c);
            }
        }
        return; // a full set takes nothing
    }
    let chain = |step: fn(u64, bool) -> u64| {
        let mut v: ArrayVec<u64, 13> = ArrayVec::new();
        let mut cur = meld;
        let mut laid = 0u64;
        loop {
            let next = step(cur, corner) & !cur & hand;
            if next == 0 || cur.count_ones() >= 13 {
                break;
            }
            laid |= next;
            cur |= next;
            v.push(laid);
        }
        v
    };
    let ups = chain(up);
    let downs = chain(down);
    for &u in &ups {
        out.push(u);
    }
    for &d in &downs {
        out.push(d);
        for &u in &ups {
            if u & d == 0 && (meld | u | d).count_ones() <= 13 {
                out.push(u | d);
            }
        }
    }
}

/// The defender's side of a knock: the least deadwood of `hand` after laying off cards onto
/// `melds` (the knocker's), and the cards laid off to reach it. Lay-offs chain (a card may
/// extend a run already extended by a laid-off card); cards laid off are not counted, and the
/// rest of the hand is arranged into its own best melds.
///
/// ```
/// use cardsim_engine::melds::{layoff, MeldRules};
/// use cardsim_engine::CardSet;
/// let knocker: [CardSet; 2] = ["4H 5H 6H".parse().unwrap(), "9C 9D 9S".parse().unwrap()];
/// let hand: CardSet = "7H 8H 9H KC 3D".parse().unwrap();
/// // 7-8-9H is a run of its own (deadwood 13); laying off 7H and 8H and keeping 9H costs 22.
/// assert_eq!(layoff(hand, &knocker, MeldRules::STANDARD).0, 13);
/// let hand: CardSet = "7H 8H 9H TH KC".parse().unwrap();
/// assert_eq!(layoff(hand, &knocker, MeldRules::STANDARD).0, 10);
/// let hand: CardSet = "7H 9H KC".parse().unwrap();
/// // 7H and 9H both lay off (9H onto the set).
/// assert_eq!(layoff(hand, &knocker, MeldRules::STANDARD), (10, "7H 9H".parse().unwrap()));
/// ```
pub fn layoff(hand: CardSet, melds: &[CardSet], rules: MeldRules) -> (u32, CardSet) {
    let corner = rules.around_the_corner;
    let x = to_low(hand);
    let mut choices: ArrayVec<ArrayVec<u64, 64>, MAX_MELDS> = ArrayVec::new();
    for m in melds {
        let mut c = ArrayVec::new();
        layoff_choices(to_low(*m), x, corner, &mut c);
        choices.push(c);
    }
    let mut best = (solve_low(x, corner).0, 0u64);
    fn rec(choices: &[ArrayVec<u64, 64>], x: u64, laid: u64, corner: bool, best: &mut (u32, u64)) {
        match choices.split_first() {
            None => {
                if laid != 0 {
                    let dw = solve_low(x & !laid, corner).0;
                    if dw < best.0 {
                        *best = (dw, laid);
                    }
                }
            }
            Some((first, rest)) => {
                for &c in first {
                    if c & laid == 0 {
                        rec(rest, x, laid | c, corner, best);
                    }
                }
            }
        }
    }
    rec(&choices, x, 0, corner, &mut best);
    (best.0, from_low(best.1))
}

#[cfg(test)]
mod tests;
