//! CardSet and CardMultiset operations.

use cardsim_engine::cards::{Card, CardMultiset, CardSet, Suit};
use criterion::{black_box, criterion_group, criterion_main, Criterion};
use rand::seq::SliceRandom;
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;

/// 64 fixed 13-card hands.
fn hands() -> Vec<CardSet> {
    let mut rng = ChaCha8Rng::seed_from_u64(1);
    let mut deck: Vec<Card> = Card::all52().collect();
    (0..64)
        .map(|_| {
            deck.shuffle(&mut rng);
            deck[..13].iter().copied().collect()
        })
        .collect()
}

fn bench(c: &mut Criterion) {
    let hands = hands();
    assert_eq!(hands.iter().map(|h| h.len()).sum::<usize>(), 64 * 13);
    c.bench_function("cardset/iterate 64 hands", |b| {
        b.iter(|| {
            let mut acc = 0usize;
            for h in black_box(&hands) {
                for card in h.iter() {
                    acc += card.index();
                }
            }
            acc
        })
    });
    c.bench_function("cardset/suit split + highest 64 hands", |b| {
        b.iter(|| {
            let mut acc = 0usize;
            for &h in black_box(&hands) {
                for s in Suit::ALL {
                    acc += h.of_suit(s).highest().map_or(0, |c| c.index());
                }
            }
            acc
        })
    });
    c.bench_function("cardset/union, difference, len 64 pairs", |b| {
        b.iter(|| {
            let mut acc = 0usize;
            for w in black_box(&hands).windows(2) {
                acc += ((w[0] | w[1]) - (w[0] & w[1])).len();
            }
            acc
        })
    });
    c.bench_function("cardset/collect 52 cards", |b| {
        b.iter(|| black_box(Card::all52()).collect::<CardSet>())
    });
    let two_decks = CardMultiset::copies(CardSet::FULL_DECK, 2);
    assert_eq!(two_decks.len(), 104);
    c.bench_function("multiset/remove + insert 64 hands", |b| {
        b.iter(|| {
            let mut m = black_box(two_decks);
            for &h in black_box(&hands) {
                for card in h {
                    m.remove(card);
                }
                for card in h {
                    m.insert(card);
                }
            }
            m.len()
        })
    });
}

criterion_group!(benches, bench);
criterion_main!(benches);
