//! The meld solver: minimum deadwood of random 10- and 11-card hands, and a knock's lay-offs.

use cardsim_engine::melds::{arrange, deadwood, layoff, MeldRules};
use cardsim_engine::CardSet;
use criterion::{black_box, criterion_group, criterion_main, Criterion, Throughput};
use rand::seq::IteratorRandom;
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;

fn hands(n: usize, count: usize) -> Vec<CardSet> {
    let mut rng = ChaCha8Rng::seed_from_u64(7);
    (0..count)
        .map(|_| {
            CardSet::FULL_DECK
                .iter()
                .choose_multiple(&mut rng, n)
                .into_iter()
                .collect()
        })
        .collect()
}

fn bench(c: &mut Criterion) {
    let mut group = c.benchmark_group("melds");
    for n in [10usize, 11] {
        let hs = hands(n, 1024);
        group.throughput(Throughput::Elements(hs.len() as u64));
        for (name, corner) in [("deadwood", false), ("deadwood-corner", true)] {
            let rules = MeldRules {
                around_the_corner: corner,
            };
            group.bench_function(format!("{name}/{n}"), |b| {
                b.iter(|| {
                    hs.iter()
                        .map(|&h| deadwood(black_box(h), rules))
                        .sum::<u32>()
                })
            });
        }
    }
    let hs = hands(10, 1024);
    let pairs: Vec<(CardSet, CardSet)> = hs.chunks(2).map(|p| (p[0], p[1] - p[0])).collect();
    group.throughput(Throughput::Elements(pairs.len() as u64));
    group.bench_function("arrange+layoff/10", |b| {
        b.iter(|| {
            pairs
                .iter()
                .map(|&(k, d)| {
                    let a = arrange(black_box(k), MeldRules::STANDARD);
                    layoff(black_box(d), &a.melds, MeldRules::STANDARD).0
                })
                .sum::<u32>()
        })
    });
    group.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
