//! Dealing, and sampling hidden hands consistent with what the table has seen.

use crate::cards::{Card, CardSet};
use arrayvec::ArrayVec;
use rand::seq::SliceRandom;
use rand::Rng;
use std::cell::RefCell;

/// The cards of `deck` in a uniformly random order.
pub fn shuffled<R: Rng + ?Sized>(deck: CardSet, rng: &mut R) -> Vec<Card> {
    let mut cards: Vec<Card> = deck.iter().collect();
    cards.shuffle(rng);
    cards
}

/// One hidden hand to fill: exactly `count` cards, none of them in `excluded` (its revealed
/// voids and other facts from [`PlayRecord`](crate::tricks::PlayRecord)).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct HiddenHand {
    /// How many cards it holds.
    pub count: usize,
    /// Cards it cannot hold.
    pub excluded: CardSet,
}

/// The most places (hidden hands plus the leftover) the exact sampler handles.
const MAX_EXACT: usize = 16;

/// The largest memo table (entries) kept between calls; a larger one is freed after use.
const KEEP_MEMO: usize = 1 << 18;

/// Deals the cards of `unseen` into `hands`, uniformly at random among all deals that give
/// every hand its exact count and no excluded card. Cards left over (when the counts add up to
/// fewer than `unseen.len()`: a stock or a widow nobody has seen) come back as one more set at
/// the end of the result, unconstrained.
///
/// Exactly uniform whenever the product of `count + 1` over the hands is at most about a
/// million (every game with up to four hidden hands of 13 cards, for instance). Beyond that it
/// tries rejection sampling, which stays uniform, and after 1000 rejections falls back to a
/// randomized greedy fill that is consistent but only approximately uniform.
///
/// Returns `None` when no consistent deal exists (the counts exceed the cards, or the
/// exclusions leave a card nowhere to go). [`sample_deal_into`] does the same without
/// allocating the result.
///
/// ```
/// use cardsim_engine::cards::CardSet;
/// use cardsim_engine::tricks::{sample_deal, HiddenHand};
/// use rand::SeedableRng;
/// let unseen: CardSet = "2H 3H 4H 2S 3S".parse().unwrap();
/// let hands = [
///     HiddenHand { count: 2, excluded: CardSet::HEARTS }, // showed out of hearts
///     HiddenHand { count: 3, excluded: CardSet::EMPTY },
/// ];
/// let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(3);
/// let deal = sample_deal(unseen, &hands, &mut rng).unwrap();
/// assert_eq!(deal[0].to_string(), "2S 3S");
/// assert_eq!(deal[1].to_string(), "2H 3H 4H");
/// ```
pub fn sample_deal<R: Rng + ?Sized>(
    unseen: CardSet,
    hands: &[HiddenHand],
    rng: &mut R,
) -> Option<Vec<CardSet>> {
    let mut out = vec![CardSet::EMPTY; hands.len() + 1];
    if !sample_deal_into(unseen, hands, &mut out, rng) {
        return None;
    }
    let total: usize = hands.iter().map(|h| h.count).sum();
    if total == unseen.len() {
        out.pop();
    }
    Some(out)
}

/// [`sample_deal`] into a buffer: hand `i` goes to `out[i]` and the leftover cards (empty when
/// there are none) to `out[hands.len()]`. Returns `false`, with `out` unspecified, when no
/// consistent deal exists.
///
/// It allocates nothing in the common cases: with no exclusion touching an unseen card the
/// deal is a plain partial shuffle on the stack; otherwise the exact sampler's counting table
/// is kept per thread and reused while the same question is asked again (as a search asks it
/// once per iteration), so only the first call for a new observation builds it.
///
/// # Panics
/// If `out` has fewer than `hands.len() + 1` entries.
///
/// ```
/// use cardsim_engine::cards::CardSet;
/// use cardsim_engine::tricks::{sample_deal_into, HiddenHand};
/// use rand::SeedableRng;
/// let unseen: CardSet = "2H 3H 4H 2S 3S".parse().unwrap();
/// let hands = [HiddenHand { count: 2, excluded: CardSet::HEARTS }];
/// let mut out = [CardSet::EMPTY; 2];
/// let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(3);
/// assert!(sample_deal_into(unseen, &hands, &mut out, &mut rng));
/// assert_eq!(out[0].to_string(), "2S 3S");
/// assert_eq!(out[1].to_string(), "2H 3H 4H"); // the leftover
/// ```
pub fn sample_deal_into<R: Rng + ?Sized>(
    unseen: CardSet,
    hands: &[HiddenHand],
    out: &mut [CardSet],
    rng: &mut R,
) -> bool {
    assert!(
        out.len() > hands.len(),
        "the output needs one set per hand and one for the leftover"
    );
    let total: usize = hands.iter().map(|h| h.count).sum();
    let n = unseen.len();
    if total > n {
        return false;
    }
    let leftover = n - total;
    out[hands.len()] = CardSet::EMPTY;
    // The leftover is one more, unconstrained, bucket when there is one.
    let m = hands.len() + usize::from(leftover > 0);
    let bucket = |i: usize| match hands.get(i) {
        Some(&h) => h,
        None => HiddenHand {
            count: leftover,
            excluded: CardSet::EMPTY,
        },
    };
    if hands.iter().all(|h| h.excluded.is_disjoint(unseen)) {
        // Nothing constrains the deal: a plain partial shuffle.
        let mut cards = Cards::of(unseen);
        for (i, slot) in out.iter_mut().enumerate().take(m) {
            *slot = cards.take(bucket(i).count, rng);
        }
        return true;
    }
    if m > MAX_EXACT {
        let buckets: Vec<HiddenHand> = (0..m).map(bucket).collect();
        return greedy(unseen, &buckets, out, rng, 1000);
    }
    let buckets: ArrayVec<HiddenHand, MAX_EXACT> = (0..m).map(bucket).collect();
    EXACT.with(|exact| {
        let mut exact = exact.borrow_mut();
        if !exact.prepare(unseen, &buckets) {
            return false;
        }
        let done = if exact.fits() {
            exact.sample(out, rng)
        } else {
            (0..1000).any(|_| rejection(unseen, &buckets, out, rng))
                || greedy(unseen, &buckets, out, rng, 1000)
        };
        exact.trim();
        done
    })
}

/// [`sample_deal_into`] with interchangeable hands dealt together: hands that exclude the same
/// unseen cards (hands with no exclusion among the unseen cards, and the leftover, above all)
/// are merged into one larger hand, the merged deal is sampled by [`sample_deal_into`], and
/// each merged hand's cards are then split among its members uniformly. The result has the
/// same distribution (uniform over the consistent deals; every split of a merged hand is
/// consistent, and each merged deal has the same number of splits), but the exact sampler's
/// table shrinks from a product over the hands to a product over the groups, which is what
/// makes it fast for many hidden hands (Ogórek's seven, Envite's eleven). When no two hands
/// merge it is [`sample_deal_into`] itself, with the same draws.
///
/// Allocates nothing beyond what [`sample_deal_into`] does.
///
/// # Panics
/// If `out` has fewer than `hands.len() + 1` entries.
///
/// ```
/// use cardsim_engine::cards::CardSet;
/// use cardsim_engine::tricks::{sample_deal_grouped_into, HiddenHand};
/// use rand::SeedableRng;
/// let unseen: CardSet = "2H 3H 4H 2S 3S 4S".parse().unwrap();
/// let free = HiddenHand { count: 2, excluded: CardSet::EMPTY };
/// let hands = [HiddenHand { count: 2, excluded: CardSet::HEARTS }, free, free];
/// let mut out = [CardSet::EMPTY; 4];
/// let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(3);
/// assert!(sample_deal_grouped_into(unseen, &hands, &mut out, &mut rng));
/// assert!((out[0] & CardSet::HEARTS).is_empty());
/// assert_eq!(out[0] | out[1] | out[2], unseen);
/// assert!(out[3].is_empty()); // no leftover
/// ```
pub fn sample_deal_grouped_into<R: Rng + ?Sized>(
    unseen: CardSet,
    hands: &[HiddenHand],
    out: &mut [CardSet],
    rng: &mut R,
) -> bool {
    let total: usize = hands.iter().map(|h| h.count).sum();
    if total > unseen.len() || hands.len() >= MAX_EXACT {
        // Nothing to deal, or more places than the groups can hold: the plain sampler.
        return sample_deal_into(unseen, hands, out, rng);
    }
    assert!(out.len() > hands.len(), "one set per hand and the leftover");
    // Group the hands (and the leftover, as the last place) by what they exclude of `unseen`.
    let leftover = unseen.len() - total;
    let places = hands.len() + usize::from(leftover > 0);
    let place = |i: usize| {
        hands.get(i).map_or(
            HiddenHand {
                count: leftover,
                excluded: CardSet::EMPTY,
            },
            |h| HiddenHand {
                count: h.count,
                excluded: h.excluded & unseen,
            },
        )
    };
    let mut groups: ArrayVec<HiddenHand, MAX_EXACT> = ArrayVec::new();
    let mut group_of = [0usize; MAX_EXACT];
    for (i, slot) in group_of.iter_mut().enumerate().take(places) {
        let p = place(i);
        *slot = match groups.iter().position(|g| g.excluded == p.excluded) {
            Some(g) => {
                groups[g].count += p.count;
                g
            }
            None => {
                groups.push(p);
                groups.len() - 1
            }
        };
    }
    if groups.len() == places {
        return sample_deal_into(unseen, hands, out, rng);
    }
    // Every card is placed (the leftover is a group), so the merged deal has no leftover.
    let mut merged = [CardSet::EMPTY; MAX_EXACT + 1];
    if !sample_deal_into(unseen, &groups, &mut merged, rng) {
        return false;
    }
    out[hands.len()] = CardSet::EMPTY;
    for (g, &set) in merged.iter().enumerate().take(groups.len()) {
        let mut cards = Cards::of(set);
        for i in (0..places).filter(|&i| group_of[i] == g) {
            out[i] = cards.take(place(i).count, rng);
        }
    }
    true
}

/// Cards to deal from, on the stack: [`Cards::take`] removes a uniform random subset.
struct Cards {
    cards: [Card; 64],
    len: usize,
}

impl Cards {
    fn of(set: CardSet) -> Cards {
        let mut cards = [Card::from_index(0); 64];
        let mut len = 0;
        for c in set {
            cards[len] = c;
            len += 1;
        }
        Cards { cards, len }
    }

    /// `k` of the remaining cards, uniformly (a partial Fisher-Yates shuffle); the last `k`
    /// are taken without drawing.
    fn take<R: Rng + ?Sized>(&mut self, k: usize, rng: &mut R) -> CardSet {
        debug_assert!(k <= self.len);
        let mut out = CardSet::EMPTY;
        if k == self.len {
            for &c in &self.cards[..self.len] {
                out.insert(c);
            }
            self.len = 0;
            return out;
        }
        for _ in 0..k {
            let j = rng.random_range(0..self.len);
            self.len -= 1;
            self.cards.swap(j, self.len);
            out.insert(self.cards[self.len]);
        }
        out
    }
}

/// One plain shuffle-and-deal, kept only if it respects every exclusion.
fn rejection<R: Rng + ?Sized>(
    unseen: CardSet,
    buckets: &[HiddenHand],
    out: &mut [CardSet],
    rng: &mut R,
) -> bool {
    let mut cards = Cards::of(unseen);
    for (i, b) in buckets.iter().enumerate() {
        out[i] = cards.take(b.count, rng);
        if !out[i].is_disjoint(b.excluded) {
            return false;
        }
    }
    true
}

/// Most constrained cards first, each to a random bucket that may take it, weighted by free
/// room; restarts on a dead end.
fn greedy<R: Rng + ?Sized>(
    unseen: CardSet,
    buckets: &[HiddenHand],
    out: &mut [CardSet],
    rng: &mut R,
    tries: usize,
) -> bool {
    let mut cards = shuffled(unseen, rng);
    cards.sort_by_key(|&c| buckets.iter().filter(|b| !b.excluded.contains(c)).count());
    let mut room: Vec<usize> = Vec::with_capacity(buckets.len());
    'attempt: for _ in 0..tries {
        room.clear();
        room.extend(buckets.iter().map(|b| b.count));
        out[..buckets.len()].fill(CardSet::EMPTY);
        for &c in &cards {
            let weight: usize = buckets
                .iter()
                .zip(&room)
                .filter(|(b, _)| !b.excluded.contains(c))
                .map(|(_, &r)| r)
                .sum();
            if weight == 0 {
                continue 'attempt;
            }
            let mut pick = rng.random_range(0..weight);
            for (i, b) in buckets.iter().enumerate() {
                if b.excluded.contains(c) {
                    continue;
                }
                if pick < room[i] {
                    room[i] -= 1;
                    out[i].insert(c);
                    break;
                }
                pick -= room[i];
            }
        }
        return true;
    }
    false
}

thread_local! {
    /// Each thread's exact sampler, kept for the next call with the same question.
    static EXACT: RefCell<Exact> = RefCell::new(Exact::default());
}

/// Exact uniform sampling by counting. The cards are grouped into classes by the set of
/// buckets that may hold them; `ways(j, r)` is the number of deals of classes `j..` that fill
/// the remaining counts `r` (a mixed-radix number) exactly, memoized. A deal then picks each
/// class's split among its buckets with probability proportional to its share of the deals,
/// and which cards of the class go where uniformly.
///
/// The table depends only on the question (unseen cards and buckets), so it is kept, and
/// reused while the next question is the same.
#[derive(Debug)]
struct Exact {
    /// The question the table answers.
    unseen: CardSet,
    buckets: ArrayVec<HiddenHand, MAX_EXACT>,
    ready: bool,
    /// The classes, in dealing order: `(allowed buckets, cards)`. The most permissive and
    /// largest class comes last, where its split is forced.
    classes: ArrayVec<(u16, CardSet), 64>,
    radix: [usize; MAX_EXACT],
    states: usize,
    memo: Vec<f64>,
    fact: [f64; 65],
}

impl Default for Exact {
    fn default() -> Self {
        let mut fact = [1.0f64; 65];
        for i in 1..65 {
            fact[i] = fact[i - 1] * i as f64;
        }
        Exact {
            unseen: CardSet::EMPTY,
            buckets: ArrayVec::new(),
            ready: false,
            classes: ArrayVec::new(),
            radix: [0; MAX_EXACT],
            states: 0,
            memo: Vec::new(),
            fact,
        }
    }
}

impl Exact {
    /// Sets up the classes for a question (kept when it is the last one asked). `false` when
    /// some card has no bucket that may hold it.
    fn prepare(&mut self, unseen: CardSet, buckets: &[HiddenHand]) -> bool {
        if self.ready && self.unseen == unseen && self.buckets.as_slice() == buckets {
            return true;
        }
        self.ready = false;
        self.unseen = unseen;
        self.buckets.clear();
        self.buckets.extend(buckets.iter().copied());
        self.classes.clear();
        for c in unseen {
            let mut allowed = 0u16;
            for (i, b) in buckets.iter().enumerate() {
                if !b.excluded.contains(c) {
                    allowed |= 1 << i;
                }
            }
            if allowed == 0 {
                return false;
            }
            match self.classes.iter_mut().find(|(a, _)| *a == allowed) {
                Some((_, set)) => {
                    set.insert(c);
                }
                None => self.classes.push((allowed, CardSet::from_card(c))),
            }
        }
        self.classes
            .sort_by_key(|&(a, set)| (a.count_ones(), set.len()));
        let mut r = 1usize;
        for (i, b) in buckets.iter().enumerate() {
            self.radix[i] = r;
            r = r.saturating_mul(b.count + 1);
        }
        self.states = r;
        if self.fits() {
            self.memo.clear();
            self.memo
                .resize(self.states * (self.classes.len() + 1), f64::NAN);
        }
        self.ready = true;
        true
    }

    /// True when the table is small enough to build.
    fn fits(&self) -> bool {
        self.states.saturating_mul(self.classes.len() + 1) <= 1 << 22
    }

    /// Frees a table too large to keep.
    fn trim(&mut self) {
        if self.memo.len() > KEEP_MEMO {
            self.memo = Vec::new();
            self.ready = false;
        }
    }

    fn digit(&self, state: usize, i: usize) -> usize {
        state / self.radix[i] % (self.buckets[i].count + 1)
    }

    /// The remaining counts at the start: every bucket's full count.
    fn full(&self) -> usize {
        self.buckets
            .iter()
            .enumerate()
            .map(|(i, b)| b.count * self.radix[i])
            .sum()
    }

    /// Deals into `out`; `false` when no deal is consistent.
    fn sample<R: Rng + ?Sized>(&mut self, out: &mut [CardSet], rng: &mut R) -> bool {
        let mut state = self.full();
        if ways(self, 0, state) <= 0.0 {
            return false;
        }
        out[..self.buckets.len()].fill(CardSet::EMPTY);
        let last = self.classes.len() - 1;
        for j in 0..self.classes.len() {
            let next = if j == last {
                // The last class takes whatever room is left.
                0
            } else {
                let total = ways(self, j, state);
                let mut pick = rng.random::<f64>() * total;
                let mut chosen = None;
                let mut fallback = 0;
                let memo = std::mem::take(&mut self.memo);
                let next_row = &memo[(j + 1) * self.states..(j + 2) * self.states];
                self.splits(j, state, &mut |w, next| {
                    let weight = w * next_row[next];
                    if weight > 0.0 {
                        fallback = next;
                        if pick < weight {
                            chosen = Some(next);
                            return true;
                        }
                        pick -= weight;
                    }
                    false
                });
                self.memo = memo;
                // Rounding can walk past the end: take the last split of nonzero weight.
                chosen.unwrap_or(fallback)
            };
            let mut cards = Cards::of(self.classes[j].1);
            for (i, slot) in out.iter_mut().enumerate().take(self.buckets.len()) {
                let take = self.digit(state, i) - self.digit(next, i);
                if take > 0 {
                    *slot |= cards.take(take, rng);
                }
            }
            state = next;
        }
        true
    }

    /// Calls `f(number of ways to choose the cards, state after)` for every split of class
    /// `j` among its allowed buckets that fits in `state`, until `f` returns `true`.
    fn splits(&self, j: usize, state: usize, f: &mut dyn FnMut(f64, usize) -> bool) {
        let (allowed, cards) = self.classes[j];
        let mut open = [0usize; MAX_EXACT];
        let mut k = 0;
        for i in 0..self.buckets.len() {
            if allowed >> i & 1 == 1 {
                open[k] = i;
                k += 1;
            }
        }
        let mut split = [0usize; MAX_EXACT];
        self.split(&open[..k], 0, cards.len(), state, &mut split, f);
    }

    /// Recursive part of [`Exact::splits`]: chooses how many cards go to `open[k]`; `true`
    /// when `f` asked to stop.
    fn split(
        &self,
        open: &[usize],
        k: usize,
        left: usize,
        state: usize,
        split: &mut [usize; MAX_EXACT],
        f: &mut dyn FnMut(f64, usize) -> bool,
    ) -> bool {
        let i = open[k];
        let cap = self.digit(state, i).min(left);
        if k + 1 == open.len() {
            if left > cap {
                return false;
            }
            split[k] = left;
            let n: usize = split[..open.len()].iter().sum();
            let mut w = self.fact[n];
            let mut next = state;
            for (q, &i) in open.iter().enumerate() {
                w /= self.fact[split[q]];
                next -= split[q] * self.radix[i];
            }
            return f(w, next);
        }
        for a in 0..=cap {
            split[k] = a;
            if self.split(open, k + 1, left - a, state, split, f) {
                return true;
            }
        }
        false
    }
}

/// Deals of classes `j..` that fill `state` exactly (memoized in `exact.memo`).
fn ways(exact: &mut Exact, j: usize, state: usize) -> f64 {
    let slot = j * exact.states + state;
    let known = exact.memo[slot];
    if !known.is_nan() {
        return known;
    }
    let v = if j == exact.classes.len() {
        if state == 0 {
            1.0
        } else {
            0.0
        }
    } else if j + 1 == exact.classes.len() {
        // The last class must fill exactly what is left.
        let (allowed, cards) = exact.classes[j];
        let mut w = exact.fact[cards.len()];
        let mut n = 0;
        for i in 0..exact.buckets.len() {
            let d = exact.digit(state, i);
            if d > 0 && allowed >> i & 1 == 0 {
                n = usize::MAX;
                break;
            }
            w /= exact.fact[d];
            n += d;
        }
        if n == cards.len() {
            w
        } else {
            0.0
        }
    } else {
        // Collect the splits first: the recursion needs the memo mutably.
        let mut splits: ArrayVec<(f64, usize), 64> = ArrayVec::new();
        let mut overflow: Vec<(f64, usize)> = Vec::new();
        exact.splits(j, state, &mut |w, next| {
            if splits.try_push((w, next)).is_err() {
                overflow.push((w, next));
            }
            false
        });
        splits
            .iter()
            .chain(&overflow)
            .map(|&(w, next)| w * ways(exact, j + 1, next))
            .sum()
    };
    exact.memo[slot] = v;
    v
}

#[cfg(test)]
mod tests {
    use super::*;
    use rand::SeedableRng;
    use rand_chacha::ChaCha8Rng;
    use std::collections::HashMap;

    fn set(s: &str) -> CardSet {
        s.parse().unwrap()
    }

    #[test]
    fn counts_and_exclusions_are_respected() {
        let mut rng = ChaCha8Rng::seed_from_u64(1);
        let unseen = CardSet::FULL_DECK - set("AS KS QS");
        let hands = [
            HiddenHand {
                count: 13,
                excluded: CardSet::SPADES,
            },
            HiddenHand {
                count: 13,
                excluded: CardSet::HEARTS | CardSet::CLUBS,
            },
            HiddenHand {
                count: 12,
                excluded: CardSet::EMPTY,
            },
        ];
        for _ in 0..200 {
            let d = sample_deal(unseen, &hands, &mut rng).unwrap();
            assert_eq!(d.len(), 4);
            assert_eq!(d[3].len(), 11); // the leftover stock
            let mut all = CardSet::EMPTY;
            for (i, h) in d.iter().enumerate() {
                assert!(all.is_disjoint(*h));
                all |= *h;
                if i < 3 {
                    assert_eq!(h.len(), hands[i].count);
                    assert!(h.is_disjoint(hands[i].excluded));
                }
            }
            assert_eq!(all, unseen);
        }
    }

    #[test]
    fn impossible_deals_are_none() {
        let mut rng = ChaCha8Rng::seed_from_u64(1);
        let unseen = set("2H 3H 2S");
        // Two hearts must go somewhere but only one hand may hold hearts, with room for one.
        let hands = [
            HiddenHand {
                count: 1,
                excluded: CardSet::EMPTY,
            },
            HiddenHand {
                count: 2,
                excluded: CardSet::HEARTS,
            },
        ];
        assert_eq!(sample_deal(unseen, &hands, &mut rng), None);
        assert_eq!(
            sample_deal(
                unseen,
                &[HiddenHand {
                    count: 4,
                    excluded: CardSet::EMPTY
                }],
                &mut rng
            ),
            None
        );
        let nowhere = [HiddenHand {
            count: 3,
            excluded: CardSet::HEARTS,
        }];
        assert_eq!(sample_deal(unseen, &nowhere, &mut rng), None);
    }

    /// Brute force: every consistent deal of 6 cards into hands of 2, 2, 2 with exclusions
    /// must come up about equally often.
    #[test]
    fn sampling_is_uniform_over_consistent_deals() {
        let unseen = set("2H 3H 4H 2S 3S 4S");
        let hands = [
            HiddenHand {
                count: 2,
                excluded: set("2H"),
            },
            HiddenHand {
                count: 2,
                excluded: CardSet::SPADES,
            },
            HiddenHand {
                count: 2,
                excluded: CardSet::EMPTY,
            },
        ];
        // Enumerate the consistent deals.
        let cards: Vec<Card> = unseen.iter().collect();
        let mut consistent = 0;
        for code in 0..3usize.pow(6) {
            let mut hs = [CardSet::EMPTY; 3];
            let mut x = code;
            for &c in &cards {
                hs[x % 3].insert(c);
                x /= 3;
            }
            if hs
                .iter()
                .zip(&hands)
                .all(|(h, s)| h.len() == s.count && h.is_disjoint(s.excluded))
            {
                consistent += 1;
            }
        }
        let mut rng = ChaCha8Rng::seed_from_u64(9);
        let mut seen: HashMap<Vec<u64>, usize> = HashMap::new();
        let n = 30_000;
        for _ in 0..n {
            let d = sample_deal(unseen, &hands, &mut rng).unwrap();
            *seen
                .entry(d.iter().map(|h| h.bits()).collect())
                .or_default() += 1;
        }
        assert_eq!(seen.len(), consistent);
        let expect = n as f64 / consistent as f64;
        for (&_, &k) in &seen {
            assert!(
                (k as f64 - expect).abs() < 5.0 * expect.sqrt(),
                "{k} vs {expect}"
            );
        }
    }

    /// Every consistent deal of `unseen` into `hands` (plus the leftover) by brute force, and
    /// a check that `n` samples hit each about equally often.
    fn assert_uniform(unseen: CardSet, hands: &[HiddenHand], n: usize, seed: u64) {
        assert_uniform_with(sample_deal_into, unseen, hands, n, seed);
    }

    type Sampler = fn(CardSet, &[HiddenHand], &mut [CardSet], &mut ChaCha8Rng) -> bool;

    fn assert_uniform_with(
        sample: Sampler,
        unseen: CardSet,
        hands: &[HiddenHand],
        n: usize,
        seed: u64,
    ) {
        let total: usize = hands.iter().map(|h| h.count).sum();
        let m = hands.len() + usize::from(total < unseen.len());
        let cards: Vec<Card> = unseen.iter().collect();
        let mut consistent = 0;
        for code in 0..m.pow(cards.len() as u32) {
            let mut hs = vec![CardSet::EMPTY; m];
            let mut x = code;
            for &c in &cards {
                hs[x % m].insert(c);
                x /= m;
            }
            let ok = hands
                .iter()
                .zip(&hs)
                .all(|(s, h)| h.len() == s.count && h.is_disjoint(s.excluded));
            consistent += usize::from(ok);
        }
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        let mut seen: HashMap<Vec<u64>, usize> = HashMap::new();
        let mut out = [CardSet::EMPTY; 8];
        for _ in 0..n {
            assert!(sample(unseen, hands, &mut out, &mut rng));
            let key: Vec<u64> = out[..m].iter().map(|h| h.bits()).collect();
            for (h, s) in out.iter().zip(hands) {
                assert!(h.len() == s.count && h.is_disjoint(s.excluded));
            }
            *seen.entry(key).or_default() += 1;
        }
        assert_eq!(seen.len(), consistent);
        let expect = n as f64 / consistent as f64;
        for &k in seen.values() {
            assert!(
                (k as f64 - expect).abs() < 5.0 * expect.sqrt(),
                "{k} vs {expect}"
            );
        }
    }

    #[test]
    fn sampling_with_a_leftover_and_several_void_classes_is_uniform() {
        let unseen = set("2H 3H 4H 2S 3S 2D 3D");
        let hands = [
            HiddenHand {
                count: 2,
                excluded: CardSet::HEARTS,
            },
            HiddenHand {
                count: 2,
                excluded: CardSet::SPADES | CardSet::DIAMONDS,
            },
            HiddenHand {
                count: 1,
                excluded: CardSet::DIAMONDS,
            },
        ];
        assert_uniform(unseen, &hands, 40_000, 5);
        // Unconstrained: the plain shuffle.
        let free = [HiddenHand {
            count: 2,
            excluded: CardSet::CLUBS,
        }; 2];
        assert_uniform(set("2H 3H 4H 2S 3S"), &free, 20_000, 6);
    }

    /// The grouped sampler deals hands with the same exclusions (among the unseen cards) as one
    /// and splits them after: still uniform over the consistent deals, leftover included.
    #[test]
    fn grouped_sampling_is_uniform() {
        let free = HiddenHand {
            count: 1,
            excluded: CardSet::EMPTY,
        };
        let hands = [
            HiddenHand {
                count: 2,
                excluded: CardSet::HEARTS,
            },
            free,
            // Excludes only cards that are not unseen: as free as `free`.
            HiddenHand {
                count: 1,
                excluded: CardSet::CLUBS,
            },
            HiddenHand {
                count: 1,
                excluded: CardSet::HEARTS,
            },
            HiddenHand {
                count: 1,
                excluded: CardSet::SPADES,
            },
        ];
        let unseen = set("2H 3H 4H 2S 3S 2D 3D");
        assert_uniform_with(sample_deal_grouped_into, unseen, &hands, 60_000, 7);
        // Nothing merges (the leftover is the only free place): the plain sampler's draws.
        let distinct = [hands[0], hands[4]];
        let (mut a, mut b) = ([CardSet::EMPTY; 3], [CardSet::EMPTY; 3]);
        let (mut r1, mut r2) = (ChaCha8Rng::seed_from_u64(8), ChaCha8Rng::seed_from_u64(8));
        for _ in 0..50 {
            assert!(sample_deal_into(unseen, &distinct, &mut a, &mut r1));
            assert!(sample_deal_grouped_into(unseen, &distinct, &mut b, &mut r2));
            assert_eq!(a, b);
        }
        // No consistent deal: three hearts for two places that take hearts.
        let tight = [hands[0], hands[3], hands[3], free];
        let mut out = [CardSet::EMPTY; 5];
        assert!(!sample_deal_grouped_into(
            set("2H 3H 4H 2S 3S"),
            &tight,
            &mut out,
            &mut ChaCha8Rng::seed_from_u64(9)
        ));
    }

    /// The exact sampler keeps its table for the next call: alternating questions must not
    /// answer one with the other's table.
    #[test]
    fn alternating_questions_get_their_own_answers() {
        let mut rng = ChaCha8Rng::seed_from_u64(8);
        let unseen = CardSet::FULL_DECK - set("AS KS QS JS");
        let a = [
            HiddenHand {
                count: 16,
                excluded: CardSet::SPADES,
            },
            HiddenHand {
                count: 16,
                excluded: CardSet::HEARTS,
            },
            HiddenHand {
                count: 16,
                excluded: CardSet::EMPTY,
            },
        ];
        let mut b = a;
        b[2].excluded = CardSet::CLUBS;
        b[0].count = 15;
        let mut out = [CardSet::EMPTY; 4];
        for k in 0..200 {
            let hands = if k % 3 == 0 { &b } else { &a };
            assert!(sample_deal_into(unseen, hands, &mut out, &mut rng));
            let mut all = CardSet::EMPTY;
            for (h, s) in out.iter().zip(hands) {
                assert_eq!(h.len(), s.count);
                assert!(h.is_disjoint(s.excluded));
                all |= *h;
            }
            assert_eq!(out[3].len(), unseen.len() - all.len());
            assert_eq!(all | out[3], unseen);
        }
    }

    #[test]
    fn many_hands_fall_back_consistently() {
        let mut rng = ChaCha8Rng::seed_from_u64(4);
        // Twelve hands of four: too many count vectors for the exact method.
        let hands: Vec<HiddenHand> = (0..12)
            .map(|i| HiddenHand {
                count: 4,
                excluded: if i % 2 == 0 {
                    CardSet::CLUBS
                } else {
                    CardSet::EMPTY
                },
            })
            .collect();
        let d = sample_deal(CardSet::FULL_DECK, &hands, &mut rng).unwrap();
        for (h, s) in d.iter().zip(&hands) {
            assert_eq!(h.len(), 4);
            assert!(h.is_disjoint(s.excluded));
        }
    }
}
