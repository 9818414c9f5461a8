//! No heap allocation in the simulator's move loop: for every registered game, at its
//! smallest, default and largest player counts, whole games with `random` in every seat and
//! with `heuristic` in every seat (where the game has one) allocate nothing between the end
//! of the deal and the end of the game. Building the agents and dealing may allocate.
//!
//! The counting allocator (`allocation_counter`, installed as this test binary's global
//! allocator) counts per thread, and the games are played on the test's own thread through
//! [`cardsim_sim::GameEntry::move_loops`], the simulator's own per-game code, so a newly
//! registered game is covered without a line here.

use cardsim_sim::{games, Request, SimConfig};

/// Games per (game, players, agent): several deals each, through rubbers and reshuffles.
const GAMES: u64 = 30;

#[test]
fn the_move_loop_allocates_nothing_for_random_and_heuristic_play() {
    // The counter must be live, or every count below would pass vacuously.
    let probe = allocation_counter::measure(|| {
        std::hint::black_box(Box::new(7u64));
    });
    assert_eq!(
        probe.count_total, 1,
        "the counting allocator is not installed"
    );

    let mut failures = Vec::new();
    let mut checked = 0;
    for entry in games() {
        let info = entry.info;
        let mut players = vec![info.min_players, info.default_players, info.max_players];
        players.dedup();
        let agents: Vec<&str> = (entry.agents)()
            .iter()
            .map(|&(name, _, _)| name)
            .filter(|&name| name == "random" || name == "heuristic")
            .collect();
        for &n in &players {
            for &agent in &agents {
                let request = Request {
                    players: Some(n),
                    agents: vec![agent.parse().unwrap()],
                    config: SimConfig::default().games(GAMES).seed(11).quiet(true),
                    ..Request::default()
                };
                let mut counts = Vec::with_capacity(GAMES as usize);
                let played = (entry.move_loops)(&request, &mut |moves| {
                    counts.push(allocation_counter::measure(&mut *moves).count_total);
                })
                .unwrap_or_else(|e| panic!("{} {n} players {agent}: {e}", info.name));
                assert_eq!(played.games, GAMES);
                assert!(
                    played.moves >= GAMES,
                    "{} {n} {agent}: {played:?}",
                    info.name
                );
                assert_eq!(counts.len() as u64, GAMES, "one move loop per game");
                checked += 1;
                let total: u64 = counts.iter().sum();
                if total > 0 {
                    let first = counts.iter().position(|&c| c > 0).unwrap();
                    failures.push(format!(
                        "{} with {n} players, {agent} everywhere: {total} allocations in \
                         {GAMES} games (first in game {first}: {})",
                        info.name, counts[first]
                    ));
                }
            }
        }
    }
    assert!(checked >= 8, "only {checked} configurations checked");
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}
