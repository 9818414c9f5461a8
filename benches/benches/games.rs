//! Whole games per second on one core, for every registered game, with `random` and with
//! `heuristic` in every seat, played through the simulator's own per-game code
//! ([`cardsim_sim::GameEntry::move_loops`]: agents built from their specs once and reset
//! before each game, the agents' RNG seeded, the deal, the move loop, the record), one game
//! after another on the bench's thread. A new game in `cardsim_sim::games()` gets its rows without a line here.
//!
//! Each iteration plays one batch of games with fixed seeds; criterion reports games per
//! second (`thrpt`). The batch is checked first: every game ends, and a second run makes
//! exactly the same moves, so a broken or nondeterministic game is not timed.
//!
//! `cargo bench -p cardsim-benches --bench games` (the README's table); pass a filter such
//! as `bridge` to run some rows only.

use cardsim_agents::AgentSpec;
use cardsim_engine::Params;
use cardsim_sim::{games, GameEntry, Played, Request, SimConfig};
use criterion::{black_box, criterion_group, criterion_main, BenchmarkId, Criterion, Throughput};
use std::time::Duration;

/// Games per timed batch: enough that a batch takes milliseconds, not microseconds.
/// Random play in Spoons and Pig almost never assembles four of a kind, so nearly every game
/// runs to the 10,000-decision cap: 20 such games already take tens of milliseconds, and a
/// batch of 1,000 (played twice by the checks before timing) would take minutes.
fn batch(game: &str, agent: &str) -> u64 {
    match (game, agent) {
        ("spoons" | "pig", "random") => 20,
        (_, "random") => 1000,
        _ => 50,
    }
}

/// The rule variants timed besides each game's defaults: Bridge single deals (the
/// OpenSpiel comparison: one deal, auction and play, per game) and Trash for four.
fn variants(entry: &GameEntry) -> Vec<(String, Option<usize>, Params)> {
    let info = entry.info;
    let mut out = vec![(String::new(), None, Params::new())];
    match info.name {
        "bridge" => out.push((
            "scoring=deal".into(),
            None,
            Params::new().set("scoring", "deal"),
        )),
        "trash" => out.push(("4 players".into(), Some(4), Params::new())),
        _ => {}
    }
    out
}

fn play(entry: &GameEntry, request: &Request) -> Played {
    (entry.move_loops)(black_box(request), &mut |moves| moves())
        .unwrap_or_else(|e| panic!("{}: {e}", entry.info.name))
}

fn bench(c: &mut Criterion) {
    let mut group = c.benchmark_group("games");
    group
        .sample_size(10)
        .warm_up_time(Duration::from_millis(500))
        .measurement_time(Duration::from_secs(3));
    for entry in games() {
        let agents: Vec<&str> = (entry.agents)()
            .iter()
            .map(|&(name, _, _)| name)
            .filter(|&name| name == "random" || name == "heuristic")
            .collect();
        for (label, players, params) in variants(&entry) {
            for &agent in &agents {
                let games = batch(entry.info.name, agent);
                let request = Request {
                    players,
                    params: params.clone(),
                    agents: vec![agent.parse::<AgentSpec>().unwrap()],
                    config: SimConfig::default()
                        .games(games)
                        .seed(1)
                        .threads(1)
                        .quiet(true),
                    ..Request::default()
                };
                let first = play(&entry, &request);
                assert_eq!(first.games, games);
                assert!(first.moves >= games, "{}: {first:?}", entry.info.name);
                assert_eq!(
                    play(&entry, &request),
                    first,
                    "the same seeds, the same games"
                );
                let name = if label.is_empty() {
                    format!("{} {agent}", entry.info.name)
                } else {
                    format!("{} {label} {agent}", entry.info.name)
                };
                group.throughput(Throughput::Elements(games));
                group.bench_with_input(BenchmarkId::from_parameter(name), &request, |b, r| {
                    b.iter(|| {
                        let played = play(&entry, r);
                        assert_eq!(played.moves, first.moves);
                        played
                    })
                });
            }
        }
    }
    group.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
