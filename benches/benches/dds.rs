//! The double-dummy solver: full 20-result tables of fixed random deals, checked against the
//! tables DDS 2.9 computed for them, and one mid-trick evaluation of every card.
//!
//! `DDS_BENCH_DEALS=N` adds N generated deals (seed 2024) to the timed set, unchecked, for a
//! wider sample than the five fixed ones.

use cardsim_agents::dds::{self, Position, Solver};
use cardsim_engine::cards::CardSet;
use cardsim_engine::pbn::Deal;
use cardsim_engine::tricks::{shuffled, CardOrder, Obligation, Trick};
use cardsim_engine::Seat;
use criterion::{black_box, criterion_group, criterion_main, Criterion};
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;
use std::time::Duration;

/// Random deals with the tables DDS 2.9 gave (declarer N E S W x strain C D H S NT).
const DEALS: &[(&str, [[u8; 5]; 4])] = &[
    (
        "N:AK862.T652.T7.KQ Q7.K3.AQ2.965432 9543.QJ984.83.J7 JT.A7.KJ9654.AT8",
        [
            [3, 3, 8, 8, 4],
            [10, 10, 5, 5, 8],
            [3, 3, 8, 8, 4],
            [10, 10, 5, 5, 8],
        ],
    ),
    (
        "N:A3.J76.K7.AKT654 Q62.AKQ42.A865.3 K8754.53.J932.87 JT9.T98.QT4.QJ92",
        [
            [8, 5, 4, 7, 5],
            [5, 7, 8, 6, 8],
            [8, 5, 4, 7, 5],
            [5, 8, 8, 6, 8],
        ],
    ),
    (
        "N:J42.Q.A42.AQJ653 A.A98643.QJT5.T4 K5.752.9763.K872 QT98763.KJT.K8.9",
        [
            [8, 5, 1, 4, 6],
            [4, 7, 11, 9, 6],
            [8, 5, 1, 4, 6],
            [4, 7, 11, 9, 6],
        ],
    ),
    (
        "N:T64.43.K63.AJ987 985.762.AJT92.QT AKQ7.KQT5.54.532 J32.AJ98.Q87.K64",
        [
            [8, 5, 6, 7, 6],
            [5, 8, 7, 5, 7],
            [8, 5, 6, 7, 6],
            [5, 8, 7, 5, 7],
        ],
    ),
    (
        "N:A532.43.J6.T7652 KT.AKT5.KQ874.J4 Q987.Q72.32.AK98 J64.J986.AT95.Q3",
        [
            [8, 4, 4, 8, 6],
            [5, 9, 9, 5, 7],
            [8, 4, 4, 8, 6],
            [5, 9, 9, 5, 7],
        ],
    ),
];

fn extra_deals() -> Vec<Deal> {
    let n: usize = std::env::var("DDS_BENCH_DEALS")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(0);
    let mut rng = ChaCha8Rng::seed_from_u64(2024);
    (0..n)
        .map(|_| {
            let cards = shuffled(CardSet::FULL_DECK, &mut rng);
            let h: Vec<CardSet> = cards
                .chunks(13)
                .map(|c| c.iter().copied().collect())
                .collect();
            Deal::new([h[0], h[1], h[2], h[3]]).expect("a full deal")
        })
        .collect()
}

fn bench(c: &mut Criterion) {
    let deals: Vec<(Deal, [[u8; 5]; 4])> = DEALS
        .iter()
        .map(|(p, t)| (p.parse().expect("valid PBN"), *t))
        .collect();
    // Check before timing: the bench must not time a wrong solver.
    let mut solver = Solver::new();
    for (deal, table) in &deals {
        assert_eq!(solver.dd_table(deal).tricks, *table, "{deal}");
    }
    let extra = extra_deals();
    let mut group = c.benchmark_group("dds");
    group
        .sample_size(10)
        .warm_up_time(Duration::from_millis(100))
        .measurement_time(Duration::from_secs(5));
    group.bench_function("20-result table, 5 fixed deals", |b| {
        b.iter(|| {
            let mut s = Solver::new();
            let mut sum = 0u32;
            for (deal, _) in black_box(&deals) {
                sum += s
                    .dd_table(deal)
                    .tricks
                    .iter()
                    .flatten()
                    .map(|&t| t as u32)
                    .sum::<u32>();
            }
            sum
        })
    });
    if !extra.is_empty() {
        // One table per deal, timed one by one, with the median and p95 printed.
        let mut times = Vec::with_capacity(extra.len());
        let mut s = Solver::new();
        for d in &extra {
            let t = std::time::Instant::now();
            black_box(s.dd_table(d));
            times.push(t.elapsed().as_secs_f64() * 1e3);
        }
        times.sort_by(f64::total_cmp);
        let pct = |p: f64| times[((times.len() - 1) as f64 * p).round() as usize];
        println!(
            "dds: {} generated deals, time per 20-result table: median {:.1} ms, p95 {:.1} ms, max {:.1} ms",
            times.len(),
            pct(0.5),
            pct(0.95),
            pct(1.0)
        );
    }
    // Every card of the player to move, mid-trick, in a full deal.
    let (deal, _) = &deals[0];
    let mut hands = deal.hands();
    let lead = hands[1].iter().next().expect("a card");
    hands[1].remove(lead);
    let mut trick = Trick::new(Seat::new(1));
    trick.push(Seat::new(1), lead);
    let pos = Position::new(
        hands,
        trick,
        CardOrder::ace_high(None),
        Obligation::FollowSuit,
    );
    let plays = dds::solve_plays(&pos).expect("solvable");
    assert_eq!(
        plays.len(),
        pos.obligation.legal(hands[2], &trick, &pos.order).len()
    );
    group.bench_function("every card of second hand, notrump", |b| {
        b.iter(|| {
            let mut s = Solver::new();
            s.solve_plays(black_box(&pos)).expect("solvable").len()
        })
    });
    group.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
