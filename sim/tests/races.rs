//! The simulator on the engine's test race game (Snap): races are played through the
//! driver with each agent's choice and reaction time, and games stopped at the game's move
//! cap are draws, not errors.

use cardsim_agents::AgentSpec;
use cardsim_engine::conformance::snap::Snap;
use cardsim_engine::{Game, Params};
use cardsim_sim::{simulate, SimConfig};

fn specs(list: &[&str]) -> Vec<AgentSpec> {
    list.iter().map(|s| s.parse().unwrap()).collect()
}

#[test]
fn races_are_played_and_capped_games_are_draws() {
    let game = Snap::new(3, &Params::parse(&["cap=30"]).unwrap()).unwrap();
    let config = SimConfig::default()
        .games(200)
        .seed(5)
        .threads(2)
        .quiet(true);
    let records = simulate(game, &specs(&["random"]), config).unwrap();
    assert_eq!(records.len(), 200);
    let draws = records.iter().filter(|r| r.draw).count();
    assert!(draws > 0 && draws < 200, "{draws} draws");
    for r in &records {
        let wins: f64 = r.seats.iter().map(|s| s.win).sum();
        assert!((wins - 1.0).abs() < 1e-9);
        if r.draw {
            assert!(r.seats.iter().all(|s| s.place == 1));
        }
        assert!(r.moves <= 30);
    }
    // Slaps were won: races reached the game and were resolved.
    assert!(records.iter().any(|r| r.stats[0] > 0.0));
}

#[test]
fn race_games_are_reproducible_for_any_thread_count() {
    let run = |threads| {
        let game = Snap::new(2, &Params::new()).unwrap();
        let config = SimConfig::default()
            .games(60)
            .seed(9)
            .threads(threads)
            .quiet(true);
        simulate(game, &specs(&["ismcts:iters=30", "random"]), config).unwrap()
    };
    assert_eq!(run(1), run(2));
}
