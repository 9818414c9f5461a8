//! The double-dummy solver: full 20-result tables of fixed random deals, checked against the
//! tables DDS 2.9 computed for them, and one mid-trick evaluation of every card.
//!
//! `DDS_BENCH_DEALS=N` adds N generated deals (seed 2024), unchecked, for a wider sample than
//! the five fixed ones: it prints the median and 95th percentile of the time per 20-result
//! table and per single strain from the opening lead (East leading, a fresh solver each).

use cardsim_agents::games::bridge::{dd_table_with, DDS_REFERENCE};
use cardsim_agents::tricks::dds::{self, Position, Solver};
use cardsim_engine::cards::CardSet;
use cardsim_engine::games::bridge::pbn::Deal;
use cardsim_engine::games::bridge::Strain;
use cardsim_engine::tricks::{shuffled, CardOrder, Obligation, Trick};
use cardsim_engine::{Seat, SeatMask};
use criterion::{black_box, criterion_group, criterion_main, Criterion};
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;
use std::time::Duration;

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
    let deals: Vec<(Deal, [[u8; 5]; 4])> = DDS_REFERENCE
        .iter()
        .map(|(p, t)| (p.parse().expect("valid PBN"), *t))
        .collect();
    // Check before timing: the bench must not time a wrong solver.
    let mut solver = Solver::new();
    for (deal, table) in &deals {
        assert_eq!(dd_table_with(&mut solver, deal).tricks, *table, "{deal}");
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
                sum += dd_table_with(&mut s, deal)
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
        let pct = |times: &mut Vec<f64>, p: f64| {
            times.sort_by(f64::total_cmp);
            times[((times.len() - 1) as f64 * p).round() as usize]
        };
        let mut times = Vec::with_capacity(extra.len());
        let mut s = Solver::new();
        for d in &extra {
            let t = std::time::Instant::now();
            black_box(dd_table_with(&mut s, d));
            times.push(t.elapsed().as_secs_f64() * 1e3);
        }
        println!(
            "dds: {} generated deals, time per 20-result table: median {:.1} ms, p95 {:.1} ms, max {:.1} ms",
            times.len(),
            pct(&mut times, 0.5),
            pct(&mut times, 0.95),
            pct(&mut times, 1.0)
        );
        // Each strain from the opening lead (East leads, North-South counted), cold table.
        let mut singles = Vec::with_capacity(5 * extra.len());
        for d in &extra {
            for strain in Strain::ALL {
                let pos = Position::new(
                    d.hands(),
                    Trick::new(Seat::new(1)),
                    CardOrder::ace_high(strain.trump()),
                    Obligation::FollowSuit,
                )
                .with_side(SeatMask(0b0101));
                let mut s = Solver::new();
                let t = std::time::Instant::now();
                black_box(s.solve(&pos).expect("solvable"));
                singles.push(t.elapsed().as_secs_f64() * 1e3);
            }
        }
        println!(
            "dds: {} single-strain solves from the opening lead: median {:.1} ms, p95 {:.1} ms",
            singles.len(),
            pct(&mut singles, 0.5),
            pct(&mut singles, 0.95)
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
