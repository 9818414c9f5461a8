//! The meld solver against brute force.

use super::*;
use rand::seq::IteratorRandom;
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;

/// Every meld of the deck, by listing: sets of 3 and 4, runs of 3 to 13 (wrapping when
/// `corner`).
fn all_melds(corner: bool) -> Vec<u64> {
    let mut v = Vec::new();
    for p in 0..13 {
        let rk = ACES << p;
        v.push(rk);
        for s in 0..4 {
            v.push(rk & !(1u64 << (16 * s + p)));
        }
    }
    for s in 0..4 {
        for start in 0..13 {
            for len in 3..=13 {
                if !corner && start + len > 13 {
                    continue;
                }
                if corner && len == 13 && start > 0 {
                    continue;
                }
                let mut m = 0u64;
                for k in 0..len {
                    m |= 1u64 << (16 * s + (start + k) % 13);
                }
                v.push(m);
            }
        }
    }
    v
}

fn brute(x: u64, melds: &[u64]) -> u32 {
    if x == 0 {
        return 0;
    }
    let low = x & x.wrapping_neg();
    // The lowest card is deadwood, or in some meld inside the hand.
    let mut best = value_low(low) + brute(x & !low, melds);
    for &m in melds {
        if m & low != 0 && m & x == m {
            best = best.min(brute(x & !m, melds));
        }
    }
    best
}

fn brute_layoff(x: u64, melds: &mut Vec<u64>, all: &[u64]) -> u32 {
    let mut best = brute(x, all);
    let mut m = x;
    while m != 0 {
        let c = m & m.wrapping_neg();
        m ^= c;
        for i in 0..melds.len() {
            let ext = melds[i] | c;
            if all.contains(&ext) && melds[i] & c == 0 {
                let old = melds[i];
                melds[i] = ext;
                best = best.min(brute_layoff(x & !c, melds, all));
                melds[i] = old;
            }
        }
    }
    best
}

fn random_hand(rng: &mut ChaCha8Rng, n: usize, pool: CardSet) -> CardSet {
    pool.iter().choose_multiple(rng, n).into_iter().collect()
}

/// A pool that makes melds likely: a few ranks in all suits and a stretch of one suit.
fn dense_pool(rng: &mut ChaCha8Rng) -> CardSet {
    let all: Vec<Card> = CardSet::FULL_DECK.iter().collect();
    let mut pool = CardSet::EMPTY;
    let lo = rand::Rng::random_range(rng, 0..9u64);
    for c in &all {
        let p = to_low(CardSet::from_card(*c)).trailing_zeros() % 16;
        if (p as u64) >= lo && (p as u64) < lo + 5 {
            pool.insert(*c);
        }
    }
    pool
}

#[test]
fn conversion_round_trips_and_values() {
    assert_eq!(to_low(CardSet::FULL_DECK), LANES);
    assert_eq!(from_low(LANES), CardSet::FULL_DECK);
    assert_eq!(value(CardSet::FULL_DECK), 4 * (45 + 40));
    assert_eq!(all_melds(false).len(), 65 + 4 * 66);
}

#[test]
fn deadwood_matches_brute_force_on_random_hands() {
    let mut rng = ChaCha8Rng::seed_from_u64(11);
    for corner in [false, true] {
        let melds = all_melds(corner);
        let rules = MeldRules {
            around_the_corner: corner,
        };
        for i in 0..6000 {
            let pool = if i % 2 == 0 {
                CardSet::FULL_DECK
            } else {
                dense_pool(&mut rng)
            };
            let n = 7 + i % 6;
            let hand = random_hand(&mut rng, n.min(pool.len()), pool);
            let want = brute(to_low(hand), &melds);
            assert_eq!(deadwood(hand, rules), want, "{hand} corner={corner}");
            let a = arrange(hand, rules);
            assert_eq!(a.deadwood, want);
            let mut union = a.unmatched;
            for m in &a.melds {
                assert!(is_meld(*m, rules), "{m} in {hand}");
                assert!(union.is_disjoint(*m));
                union |= *m;
            }
            assert_eq!(union, hand);
            assert_eq!(value(a.unmatched), want);
            let mut count = 0;
            min_arrangements(hand, rules, |b| {
                assert_eq!(b.deadwood, want);
                count += 1;
            });
            assert!(count >= 1);
        }
    }
}

#[test]
fn is_meld_agrees_with_the_list() {
    for corner in [false, true] {
        let rules = MeldRules {
            around_the_corner: corner,
        };
        let melds = all_melds(corner);
        let mut rng = ChaCha8Rng::seed_from_u64(5);
        for m in &melds {
            assert!(is_meld(from_low(*m), rules), "{}", from_low(*m));
        }
        for i in 0..5000 {
            let pool = dense_pool(&mut rng);
            let h = random_hand(&mut rng, 3 + i % 4, pool);
            assert_eq!(is_meld(h, rules), melds.contains(&to_low(h)), "{h}");
        }
    }
}

#[test]
fn layoff_matches_brute_force() {
    let mut rng = ChaCha8Rng::seed_from_u64(12);
    for corner in [false, true] {
        let rules = MeldRules {
            around_the_corner: corner,
        };
        let all = all_melds(corner);
        for i in 0..1500 {
            let pool = if i % 3 == 0 {
                CardSet::FULL_DECK
            } else {
                dense_pool(&mut rng)
            };
            let knocker = random_hand(&mut rng, 10.min(pool.len()), pool);
            let arr = arrange(knocker, rules);
            let rest = pool - knocker;
            let hand = random_hand(&mut rng, 10.min(rest.len()), rest);
            let (dw, laid) = layoff(hand, &arr.melds, rules);
            let mut ms: Vec<u64> = arr.melds.iter().map(|m| to_low(*m)).collect();
            let want = brute_layoff(to_low(hand), &mut ms, &all);
            assert_eq!(dw, want, "{hand} onto {:?}", arr.melds);
            assert!(laid.is_subset(hand));
            assert_eq!(deadwood(hand - laid, rules), dw);
        }
    }
}

#[test]
fn page_examples() {
    let r = MeldRules::STANDARD;
    let h = |s: &str| s.parse::<CardSet>().unwrap();
    // Sets of three or four, runs such as 5-6-7 of one suit.
    assert_eq!(deadwood(h("5H 6H 7H"), r), 0);
    assert_eq!(deadwood(h("5H 5C 5D 5S"), r), 0);
    assert_eq!(deadwood(h("5H 6C 7H"), r), 18);
    // Aces low, kings high, no K-A-2.
    assert_eq!(deadwood(h("AH 2H 3H"), r), 0);
    assert_eq!(deadwood(h("QH KH AH"), r), 21);
    assert_eq!(deadwood(h("KH AH 2H"), r), 13);
    // Ace 1, pictures 10, others face value.
    assert_eq!(value(h("AH KS QD JC TH 9C")), 50);
    // One card in a set and a run: the solver picks the better use.
    assert_eq!(deadwood(h("7H 7C 7D 8H 9H"), r), 14);
    assert_eq!(deadwood(h("7H 7C 7D 7S 8H 9H"), r), 0);
}

#[test]
fn meldable_cards_are_those_in_some_meld_of_the_hand() {
    // Against the list of every meld, over dense and random hands of 10 and 11 cards, with
    // and without around-the-corner runs.
    let mut rng = ChaCha8Rng::seed_from_u64(17);
    for corner in [false, true] {
        let all = all_melds(corner);
        let rules = MeldRules {
            around_the_corner: corner,
        };
        for i in 0..2_000 {
            let pool = if i % 2 == 0 {
                dense_pool(&mut rng)
            } else {
                CardSet::FULL_DECK
            };
            let hand = random_hand(&mut rng, 10 + i % 2, pool);
            let x = to_low(hand);
            let inside: u64 = all
                .iter()
                .filter(|&&m| m & x == m)
                .fold(0, |acc, m| acc | m);
            assert_eq!(meldable(hand, rules), from_low(inside), "{hand}");
            // Outside every meld means unmatched in the best arrangement.
            let loose = hand - meldable(hand, rules);
            assert!(loose.is_subset(arrange(hand, rules).unmatched), "{hand}");
        }
    }
}
