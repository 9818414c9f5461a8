//! Whole games and single hands of Gin Rummy, random and heuristic.

use cardsim_agents::games::gin_rummy::GinHeuristic;
use cardsim_agents::Agent;
use cardsim_engine::games::gin_rummy::GinRummy;
use cardsim_engine::{Game, Params, ToMove};
use criterion::{criterion_group, criterion_main, Criterion, Throughput};
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

/// Plays one game; `heuristic` picks the heuristic for both seats, else random. Returns the
/// hands played.
fn play(
    game: &GinRummy,
    heuristic: bool,
    seed: u64,
    legal: &mut Vec<<GinRummy as Game>::Action>,
) -> u32 {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let mut st = game.deal(&mut rng);
    while let ToMove::Seat(seat) = game.to_move(&st) {
        game.legal_actions(&st, legal);
        let a = if heuristic {
            let obs = game.observe(&st, seat);
            GinHeuristic.choose(game, seat, &obs, legal, &mut rng)
        } else {
            legal[rng.random_range(0..legal.len())]
        };
        game.apply(&mut st, a, &mut rng);
    }
    st.hands_played
}

fn bench(c: &mut Criterion) {
    let mut group = c.benchmark_group("gin-rummy");
    let mut legal = Vec::new();
    for (name, params) in [("game", &[][..]), ("hand", &["target=0"][..])] {
        let game = GinRummy::new(2, &Params::parse(params).unwrap()).unwrap();
        for heuristic in [false, true] {
            let label = format!("{} {name}", if heuristic { "heuristic" } else { "random" });
            let hands: u32 = (0..16).map(|s| play(&game, heuristic, s, &mut legal)).sum();
            println!("{label}: {:.1} hands per game", hands as f64 / 16.0);
            group.throughput(Throughput::Elements(1));
            let mut seed = 0;
            group.bench_function(label, |b| {
                b.iter(|| {
                    seed += 1;
                    play(&game, heuristic, seed, &mut legal)
                })
            });
        }
    }
    group.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
