//! Search speed: ISMCTS iterations per second and PIMC decisions per second at fixed
//! budgets, over fixed lists of decisions: Trash (2 players; the whole ten-hand match, and a
//! short two-hand match), Whist (one hand to the target of 1 point, and the default game) and
//! Bridge card play (one deal scored duplicate style, the contract from the auction of the
//! heuristic bidders).
//!
//! A playout runs to the end of the whole game, so the iteration rate is mostly the game's
//! own speed over the rest of the match.
//!
//! Criterion's throughput for the `ismcts` and `mo-ismcts` benches is in iterations
//! (elements) per second; for `pimc` and `cheat` it is decisions per second. `pimc exact` is
//! PIMC with the game's exact solver (the double-dummy solver for Whist and Bridge), the
//! catalog's default there.
//!
//! The default run is short (10 samples, 2 s each); for steadier figures of one bench, e.g.
//! `cargo bench -p cardsim-benches --bench search -- "whist-target1/ismcts" --measurement-time 10`.

use cardsim_agents::games::bridge::BridgeHeuristic;
use cardsim_agents::search::{Ismcts, Pimc, PimcSettings, SearchSettings, Uct};
use cardsim_agents::{Agent, GameAgents, PerfectInfoSolver};
use cardsim_engine::games::bridge::{Bridge, Phase};
use cardsim_engine::games::trash::Trash;
use cardsim_engine::games::whist::Whist;
use cardsim_engine::{Game, Params, Seat, ToMove};
use criterion::{black_box, criterion_group, criterion_main, BenchmarkId, Criterion, Throughput};
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use std::time::Duration;

/// One decision: the seat, its observation, the true state and the legal actions.
struct Position<G: Game> {
    seat: Seat,
    obs: G::Observation,
    state: G::State,
    legal: Vec<G::Action>,
}

/// Every third decision with a real choice in random games from seeds `0..`, until `n` are
/// collected: a mix of early and late positions. `start` brings a fresh deal to where the
/// positions begin (`false` to skip the deal).
fn positions<G: Game>(
    game: &G,
    n: usize,
    start: impl Fn(&G, &mut G::State, &mut ChaCha8Rng) -> bool,
) -> Vec<Position<G>> {
    let mut out = Vec::new();
    let mut legal = Vec::new();
    for seed in 0.. {
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        let mut state = game.deal(&mut rng);
        if !start(game, &mut state, &mut rng) {
            continue;
        }
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

/// Positions from the first move on.
fn from_the_deal<G: Game>(_: &G, _: &mut G::State, _: &mut ChaCha8Rng) -> bool {
    true
}

/// Bridge positions of the card play: the heuristic bidders' auction first (a deal they pass
/// out is skipped).
fn after_the_auction(
    game: &Bridge,
    state: &mut <Bridge as Game>::State,
    rng: &mut ChaCha8Rng,
) -> bool {
    let mut legal = Vec::new();
    while state.phase() == Phase::Auction {
        let ToMove::Seat(seat) = game.to_move(state) else {
            return false;
        };
        game.legal_actions(state, &mut legal);
        let call = BridgeHeuristic.choose(game, seat, &game.observe(state, seat), &legal, rng);
        game.apply(state, call, rng);
    }
    state.phase() == Phase::Play
}

/// Times one kind of decision over `positions`, cycling through them.
fn bench_decisions<G: Game>(
    group: &mut criterion::BenchmarkGroup<'_, criterion::measurement::WallTime>,
    id: BenchmarkId,
    positions: &[Position<G>],
    mut decide: impl FnMut(&Position<G>) -> G::Action,
) {
    let mut i = 0;
    group.bench_function(id, |b| {
        b.iter(|| {
            let p = &positions[i % positions.len()];
            i += 1;
            decide(black_box(p))
        })
    });
}

fn bench_game<G: GameAgents>(c: &mut Criterion, name: &str, game: &G, positions: &[Position<G>]) {
    assert_eq!(positions.len(), 32);
    assert!(
        positions.iter().all(|p| p.legal.len() >= 2),
        "only real choices"
    );
    let mut group = c.benchmark_group(format!("search/{name}"));
    group
        .sample_size(10)
        .warm_up_time(Duration::from_millis(500))
        .measurement_time(Duration::from_secs(2));
    let mut rng = ChaCha8Rng::seed_from_u64(1);

    type Make<G> = fn(SearchSettings) -> Ismcts<G>;
    let searches: [(&str, u32, Make<G>); 3] = [
        ("ismcts iterations", 100, Ismcts::new),
        ("ismcts iterations", 1_000, Ismcts::new),
        ("mo-ismcts iterations", 1_000, Ismcts::multi_observer),
    ];
    for (name, iters, make) in searches {
        let mut agent = make(SearchSettings::default().iterations(iters));
        // Guard: a decision runs exactly its budget and returns a legal action.
        let p = &positions[0];
        let a = agent.choose(game, p.seat, &p.obs, &p.legal, &mut rng);
        assert!(p.legal.contains(&a) && agent.last_iterations() == iters);
        group.throughput(Throughput::Elements(iters as u64));
        bench_decisions(&mut group, BenchmarkId::new(name, iters), positions, |p| {
            agent.choose(game, p.seat, &p.obs, &p.legal, &mut rng)
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
        assert_eq!(agent.last_worlds(), worlds);
        let id = BenchmarkId::new("pimc decisions", format!("worlds={worlds},iters={iters}"));
        bench_decisions(&mut group, id, positions, |p| {
            agent.choose(game, p.seat, &p.obs, &p.legal, &mut rng)
        });
    }

    if let Some(solver) = G::exact_solver() {
        let worlds = 10;
        let mut agent = Pimc::new(PimcSettings::default().worlds(worlds), solver);
        let p = &positions[0];
        let totals = agent.analyse(game, &p.obs, &p.legal, &mut rng);
        assert_eq!(totals.len(), p.legal.len());
        assert_eq!(agent.last_worlds(), worlds);
        let id = BenchmarkId::new("pimc exact decisions", format!("worlds={worlds}"));
        bench_decisions(&mut group, id, positions, |p| {
            agent.choose(game, p.seat, &p.obs, &p.legal, &mut rng)
        });
    }

    let mut uct = Uct::new(SearchSettings::default().iterations(1_000));
    let p = &positions[0];
    assert!(p
        .legal
        .contains(&uct.best_action(game, &p.state, &p.legal, &mut rng)));
    assert_eq!(uct.last_iterations(), 1_000);
    bench_decisions(
        &mut group,
        BenchmarkId::new("cheat decisions", "iters=1000"),
        positions,
        |p| uct.best_action(game, &p.state, &p.legal, &mut rng),
    );
    group.finish();
}

fn bench(c: &mut Criterion) {
    let trash = Trash::new(2, &Params::new()).expect("2-player Trash");
    bench_game(c, "trash-2p", &trash, &positions(&trash, 32, from_the_deal));
    let short = Trash::new(2, &Params::parse(&["layout=2"]).expect("params")).expect("short Trash");
    bench_game(
        c,
        "trash-2p-layout2",
        &short,
        &positions(&short, 32, from_the_deal),
    );
    let whist = Whist::new(4, &Params::parse(&["target=1"]).expect("params")).expect("Whist");
    bench_game(
        c,
        "whist-target1",
        &whist,
        &positions(&whist, 32, from_the_deal),
    );
    let whist = Whist::new(4, &Params::new()).expect("Whist");
    bench_game(c, "whist", &whist, &positions(&whist, 32, from_the_deal));
    let bridge =
        Bridge::new(4, &Params::parse(&["scoring=deal"]).expect("params")).expect("Bridge");
    let play = positions(&bridge, 32, after_the_auction);
    assert!(play
        .iter()
        .all(|p| p.state.phase() == Phase::Play && p.obs.phase == Phase::Play));
    bench_game(c, "bridge-deal-play", &bridge, &play);
}

criterion_group!(benches, bench);
criterion_main!(benches);
