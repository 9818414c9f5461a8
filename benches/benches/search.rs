//! Search speed: ISMCTS iterations per second and PIMC decisions per second at fixed
//! budgets, over fixed lists of decisions: Trash (2 players; the whole ten-hand match, and a
//! short two-hand match) and Whist (one hand to the target of 1 point, and the default game).
//!
//! A playout runs to the end of the whole game, so the iteration rate is mostly the game's
//! own speed over the rest of the match.
//!
//! Criterion's throughput for the `ismcts` benches is in iterations (elements) per second;
//! for `pimc` and `cheat` it is decisions per second.

use cardsim_agents::search::{Ismcts, Pimc, PimcSettings, SearchSettings, Uct};
use cardsim_agents::{Agent, PerfectInfoSolver};
use cardsim_engine::games::trash::Trash;
use cardsim_engine::games::whist::Whist;
use cardsim_engine::{Game, Params, Seat, ToMove};
use criterion::{black_box, criterion_group, criterion_main, BenchmarkId, Criterion, Throughput};
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

/// One decision: the seat, its observation, the true state and the legal actions.
struct Position<G: Game> {
    seat: Seat,
    obs: G::Observation,
    state: G::State,
    legal: Vec<G::Action>,
}

/// Every third decision with a real choice in random games from seeds `0..`, until `n` are
/// collected: a mix of early and late positions.
fn positions<G: Game>(game: &G, n: usize) -> Vec<Position<G>> {
    let mut out = Vec::new();
    let mut legal = Vec::new();
    for seed in 0.. {
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        let mut state = game.deal(&mut rng);
        let mut k = 0;
        while let ToMove::Seat(seat) = game.to_move(&state) {
            game.legal_actions(&state, &mut legal);
            // Decisions with a single legal action are never put to an agent.
            if legal.len() >= 2 && k % 3 == 0 {
                out.push(Position {
                    seat,
                    obs: game.observe(&state, seat),
                    state: state.clone(),
                    legal: legal.clone(),
                });
                if out.len() == n {
                    return out;
                }
            }
            k += 1;
            let a = legal[rng.random_range(0..legal.len())];
            game.apply(&mut state, a, &mut rng);
        }
    }
    unreachable!("seeds are endless")
}

fn bench_game<G: Game>(c: &mut Criterion, name: &str, game: &G) {
    let positions = positions(game, 32);
    assert_eq!(positions.len(), 32);
    assert!(
        positions.iter().all(|p| p.legal.len() >= 2),
        "only real choices"
    );
    let mut group = c.benchmark_group(format!("search/{name}"));
    group.sample_size(10);
    let mut rng = ChaCha8Rng::seed_from_u64(1);

    for iters in [100u32, 1_000] {
        let mut agent = Ismcts::new(SearchSettings::default().iterations(iters));
        // Guard: a decision runs exactly its budget and returns a legal action.
        let p = &positions[0];
        let a = agent.choose(game, p.seat, &p.obs, &p.legal, &mut rng);
        assert!(p.legal.contains(&a) && agent.last_iterations() == iters);
        group.throughput(Throughput::Elements(iters as u64));
        let mut i = 0;
        group.bench_function(BenchmarkId::new("ismcts iterations", iters), |b| {
            b.iter(|| {
                let p = &positions[i % positions.len()];
                i += 1;
                agent.choose(game, p.seat, black_box(&p.obs), &p.legal, &mut rng)
            })
        });
    }

    group.throughput(Throughput::Elements(1));
    for (worlds, iters) in [(10u32, 100u32), (20, 100)] {
        let solver = Box::new(Uct::new(SearchSettings::default().iterations(iters)));
        let mut agent = Pimc::new(PimcSettings::default().worlds(worlds), solver);
        let p = &positions[0];
        let totals = agent.analyse(game, &p.obs, &p.legal, &mut rng);
        assert_eq!(totals.len(), p.legal.len());
        assert!(totals.iter().all(|&t| (0.0..=worlds as f64).contains(&t)));
        let mut i = 0;
        group.bench_function(
            BenchmarkId::new("pimc decisions", format!("worlds={worlds},iters={iters}")),
            |b| {
                b.iter(|| {
                    let p = &positions[i % positions.len()];
                    i += 1;
                    agent.choose(game, p.seat, black_box(&p.obs), &p.legal, &mut rng)
                })
            },
        );
    }

    let mut uct = Uct::new(SearchSettings::default().iterations(1_000));
    let p = &positions[0];
    assert!(p
        .legal
        .contains(&uct.best_action(game, &p.state, &p.legal, &mut rng)));
    assert_eq!(uct.last_iterations(), 1_000);
    let mut i = 0;
    group.bench_function(BenchmarkId::new("cheat decisions", "iters=1000"), |b| {
        b.iter(|| {
            let p = &positions[i % positions.len()];
            i += 1;
            uct.best_action(game, black_box(&p.state), &p.legal, &mut rng)
        })
    });
    group.finish();
}

fn bench(c: &mut Criterion) {
    let trash = Trash::new(2, &Params::new()).expect("2-player Trash");
    bench_game(c, "trash-2p", &trash);
    let short = Trash::new(2, &Params::parse(&["layout=2"]).expect("params")).expect("short Trash");
    bench_game(c, "trash-2p-layout2", &short);
    let whist = Whist::new(4, &Params::parse(&["target=1"]).expect("params")).expect("Whist");
    bench_game(c, "whist-target1", &whist);
    let whist = Whist::new(4, &Params::new()).expect("Whist");
    bench_game(c, "whist", &whist);
}

criterion_group!(benches, bench);
criterion_main!(benches);
