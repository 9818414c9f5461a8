//! Dealing, and sampling hidden hands consistent with what the table has seen.

use crate::cards::{Card, CardSet};
use rand::seq::SliceRandom;
use rand::Rng;

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
/// exclusions leave a card nowhere to go).
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
    let total: usize = hands.iter().map(|h| h.count).sum();
    if total > unseen.len() {
        return None;
    }
    let mut buckets: Vec<HiddenHand> = hands.to_vec();
    if total < unseen.len() {
        buckets.push(HiddenHand {
            count: unseen.len() - total,
            excluded: CardSet::EMPTY,
        });
    }
    let m = buckets.len();
    if m == 0 {
        return Some(Vec::new());
    }
    if m > 16 {
        return greedy(unseen, &buckets, rng, 1000);
    }
    // Group the cards by the set of buckets that may hold them.
    let mut classes: Vec<(u16, Vec<Card>)> = Vec::new();
    for c in unseen {
        let mut allowed = 0u16;
        for (i, b) in buckets.iter().enumerate() {
            if !b.excluded.contains(c) {
                allowed |= 1 << i;
            }
        }
        if allowed == 0 {
            return None;
        }
        match classes.iter_mut().find(|(a, _)| *a == allowed) {
            Some((_, v)) => v.push(c),
            None => classes.push((allowed, vec![c])),
        }
    }
    let full = (1u16 << m) - 1;
    if classes.len() == 1 && classes[0].0 == full {
        // Nothing constrains the deal: a plain shuffle.
        let mut cards = classes.pop().map(|(_, v)| v).unwrap_or_default();
        cards.shuffle(rng);
        let mut out = Vec::with_capacity(m);
        let mut at = 0;
        for b in &buckets {
            out.push(cards[at..at + b.count].iter().copied().collect());
            at += b.count;
        }
        return Some(out);
    }
    let states: usize = buckets.iter().map(|b| b.count + 1).product();
    if states.saturating_mul(classes.len() + 1) <= 1 << 22 {
        return Exact::new(&buckets, &classes).sample(rng);
    }
    for _ in 0..1000 {
        if let Some(d) = rejection(unseen, &buckets, rng) {
            return Some(d);
        }
    }
    greedy(unseen, &buckets, rng, 1000)
}

/// One plain shuffle-and-deal, kept only if it respects every exclusion.
fn rejection<R: Rng + ?Sized>(
    unseen: CardSet,
    buckets: &[HiddenHand],
    rng: &mut R,
) -> Option<Vec<CardSet>> {
    let cards = shuffled(unseen, rng);
    let mut out = Vec::with_capacity(buckets.len());
    let mut at = 0;
    for b in buckets {
        let hand: CardSet = cards[at..at + b.count].iter().copied().collect();
        if !hand.is_disjoint(b.excluded) {
            return None;
        }
        out.push(hand);
        at += b.count;
    }
    Some(out)
}

/// Most constrained cards first, each to a random bucket that may take it, weighted by free
/// room; restarts on a dead end.
fn greedy<R: Rng + ?Sized>(
    unseen: CardSet,
    buckets: &[HiddenHand],
    rng: &mut R,
    tries: usize,
) -> Option<Vec<CardSet>> {
    let mut cards = shuffled(unseen, rng);
    cards.sort_by_key(|&c| buckets.iter().filter(|b| !b.excluded.contains(c)).count());
    'attempt: for _ in 0..tries {
        let mut room: Vec<usize> = buckets.iter().map(|b| b.count).collect();
        let mut out = vec![CardSet::EMPTY; buckets.len()];
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
        return Some(out);
    }
    None
}

/// Exact uniform sampling by counting: the number of deals of classes `j..` that fill a
/// vector of remaining counts exactly, memoized over mixed-radix encoded count vectors.
struct Exact<'a> {
    buckets: &'a [HiddenHand],
    classes: &'a [(u16, Vec<Card>)],
    radix: Vec<usize>,
    states: usize,
    memo: Vec<f64>,
    fact: [f64; 65],
}

impl<'a> Exact<'a> {
    fn new(buckets: &'a [HiddenHand], classes: &'a [(u16, Vec<Card>)]) -> Exact<'a> {
        let mut radix = Vec::with_capacity(buckets.len());
        let mut r = 1;
        for b in buckets {
            radix.push(r);
            r *= b.count + 1;
        }
        let mut fact = [1.0f64; 65];
        for i in 1..65 {
            fact[i] = fact[i - 1] * i as f64;
        }
        Exact {
            buckets,
            classes,
            radix,
            states: r,
            memo: vec![f64::NAN; r * (classes.len() + 1)],
            fact,
        }
    }

    fn digit(&self, state: usize, i: usize) -> usize {
        state / self.radix[i] % (self.buckets[i].count + 1)
    }

    /// Ways to deal classes `j..` so that bucket `i` gets exactly digit `i` of `state`.
    fn ways(&mut self, j: usize, state: usize) -> f64 {
        let slot = j * self.states + state;
        if !self.memo[slot].is_nan() {
            return self.memo[slot];
        }
        let v = if j == self.classes.len() {
            if state == 0 {
                1.0
            } else {
                0.0
            }
        } else {
            let mut allocs = Vec::new();
            self.allocations(j, state, &mut allocs);
            allocs
                .iter()
                .map(|&(w, next)| w * self.ways(j + 1, next))
                .sum()
        };
        self.memo[slot] = v;
        v
    }

    /// Every split of class `j` among its allowed buckets that fits in `state`: `(number of
    /// ways to choose which cards go where, state after)`.
    fn allocations(&self, j: usize, state: usize, out: &mut Vec<(f64, usize)>) {
        let (allowed, cards) = &self.classes[j];
        let n = cards.len();
        let open: Vec<usize> = (0..self.buckets.len())
            .filter(|&i| allowed >> i & 1 == 1)
            .collect();
        let mut split = vec![0usize; open.len()];
        self.split(&open, 0, n, state, &mut split, out);
    }

    fn split(
        &self,
        open: &[usize],
        k: usize,
        left: usize,
        state: usize,
        split: &mut [usize],
        out: &mut Vec<(f64, usize)>,
    ) {
        if k == open.len() {
            if left == 0 {
                let n: usize = split.iter().sum();
                let mut w = self.fact[n];
                let mut next = state;
                for (q, &i) in open.iter().enumerate() {
                    w /= self.fact[split[q]];
                    next -= split[q] * self.radix[i];
                }
                out.push((w, next));
            }
            return;
        }
        let i = open[k];
        let cap = self.digit(state, i).min(left);
        if k + 1 == open.len() {
            if left <= cap {
                split[k] = left;
                self.split(open, k + 1, 0, state, split, out);
            }
            return;
        }
        for a in 0..=cap {
            split[k] = a;
            self.split(open, k + 1, left - a, state, split, out);
        }
    }

    fn sample<R: Rng + ?Sized>(mut self, rng: &mut R) -> Option<Vec<CardSet>> {
        let mut state: usize = self
            .buckets
            .iter()
            .enumerate()
            .map(|(i, b)| b.count * self.radix[i])
            .sum();
        let total = self.ways(0, state);
        if total <= 0.0 {
            return None;
        }
        let mut out = vec![CardSet::EMPTY; self.buckets.len()];
        let mut allocs = Vec::new();
        for j in 0..self.classes.len() {
            allocs.clear();
            self.allocations(j, state, &mut allocs);
            let weights: Vec<f64> = allocs
                .iter()
                .map(|&(w, next)| w * self.ways(j + 1, next))
                .collect();
            let sum: f64 = weights.iter().sum();
            let mut pick = rng.random::<f64>() * sum;
            let mut chosen = allocs.len() - 1;
            for (q, &w) in weights.iter().enumerate() {
                if pick < w {
                    chosen = q;
                    break;
                }
                pick -= w;
            }
            // Skip allocations of weight zero picked by rounding at the end.
            while weights[chosen] == 0.0 && chosen > 0 {
                chosen -= 1;
            }
            let next = allocs[chosen].1;
            let mut cards = self.classes[j].1.clone();
            cards.shuffle(rng);
            let mut at = 0;
            for (i, slot) in out.iter_mut().enumerate() {
                let take = self.digit(state, i) - self.digit(next, i);
                slot.extend(cards[at..at + take].iter().copied());
                at += take;
            }
            state = next;
        }
        Some(out)
    }
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
