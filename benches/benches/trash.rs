//! Full random games of Trash (2 and 4 players), and the heuristic agent's games.

use cardsim_agents::{catalog, Agent, AgentSpec};
use cardsim_engine::games::trash::Trash;
use cardsim_engine::{Game, Params, Seat, ToMove};
use criterion::{black_box, criterion_group, criterion_main, BenchmarkId, Criterion, Throughput};
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

/// Plays a whole game with uniformly random choices; returns the number of actions.
fn random_game(game: &Trash, seed: u64, legal: &mut Vec<<Trash as Game>::Action>) -> usize {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let mut state = game.deal(&mut rng);
    let mut moves = 0;
    while let ToMove::Seat(_) = game.to_move(&state) {
        game.legal_actions(&state, legal);
        let a = legal[rng.random_range(0..legal.len())];
        game.apply(&mut state, a, &mut rng);
        moves += 1;
    }
    moves
}

/// Plays a whole game with one agent in every seat.
fn agent_game(
    game: &Trash,
    agent: &mut dyn Agent<Trash>,
    seed: u64,
    legal: &mut Vec<<Trash as Game>::Action>,
) -> usize {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let mut state = game.deal(&mut rng);
    let mut moves = 0;
    while let ToMove::Seat(seat) = game.to_move(&state) {
        game.legal_actions(&state, legal);
        let obs = game.observe(&state, seat);
        let a = agent.choose(game, seat, &obs, legal, &mut rng);
        game.apply(&mut state, a, &mut rng);
        moves += 1;
    }
    moves
}

fn bench(c: &mut Criterion) {
    let mut group = c.benchmark_group("trash");
    let mut legal = Vec::new();
    for players in [2usize, 4] {
        let game = Trash::new(players, &Params::new()).unwrap();
        // Every game must end and make decisions; guards against timing broken code.
        assert!((0..16).all(|s| random_game(&game, s, &mut legal) > 0));
        group.throughput(Throughput::Elements(1));
        let mut seed = 0u64;
        group.bench_with_input(
            BenchmarkId::new("random game", players),
            &game,
            |b, game| {
                b.iter(|| {
                    seed += 1;
                    random_game(black_box(game), seed, &mut legal)
                })
            },
        );
        let mut heuristic = catalog::<Trash>()
            .build(&"heuristic".parse::<AgentSpec>().unwrap())
            .unwrap();
        group.bench_with_input(
            BenchmarkId::new("heuristic game", players),
            &game,
            |b, game| {
                b.iter(|| {
                    seed += 1;
                    agent_game(black_box(game), heuristic.as_mut(), seed, &mut legal)
                })
            },
        );
        let mut rng = ChaCha8Rng::seed_from_u64(9);
        group.bench_with_input(BenchmarkId::new("deal", players), &game, |b, game| {
            b.iter(|| game.deal(&mut rng))
        });
        let state = game.deal(&mut rng);

        group.bench_with_input(
            BenchmarkId::new("determinize", players),
            &game,
            |b, game| {
                let obs = game.observe(&state, Seat::new(0));
                b.iter(|| game.determinize(black_box(&obs), &mut rng))
            },
        );
    }
    group.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
