//! A simulation thread builds its agents once and resets them before each game
//! ([`cardsim_agents::Agent::reset`]): every game must still be the game that agents fresh
//! from their specs play. For every registered game, with `random` and `heuristic` in every
//! seat and with the two mixed (so seats rotate between games), and with the search agents
//! on small budgets in a few games, the games of one run on one thread (agents reused from
//! game to game) are compared with the same games each run on its own (agents built for it).

use cardsim_sim::{games, GameEntry, GameRecord, Request, SimConfig};

/// Games per comparison.
const GAMES: u64 = 6;

/// The records of games `start..end` of `agents`, played on one thread.
fn records(entry: &GameEntry, agents: &str, start: u64, end: u64) -> Vec<GameRecord> {
    let request = Request {
        agents: cardsim_agents::split_specs(agents).unwrap(),
        config: SimConfig::default()
            .games(end)
            .start(start)
            .seed(5)
            .threads(1)
            .quiet(true),
        ..Request::default()
    };
    let mut out = Vec::new();
    (entry.play)(&request, &mut |r| {
        out.push(r.clone());
        Ok(())
    })
    .unwrap_or_else(|e| panic!("{} {agents}: {e}", entry.info.name));
    out
}

/// Checks that the games of one run are the games played one by one.
fn check(entry: &GameEntry, agents: &str, failures: &mut Vec<String>) {
    let together = records(entry, agents, 0, GAMES);
    assert_eq!(together.len() as u64, GAMES);
    for (i, game) in together.iter().enumerate() {
        let alone = records(entry, agents, i as u64, i as u64 + 1);
        if alone.as_slice() != std::slice::from_ref(game) {
            failures.push(format!(
                "{} with {agents}: game {i} differs when the agents played games before it",
                entry.info.name
            ));
            return;
        }
    }
}

#[test]
fn agents_reused_from_game_to_game_play_as_fresh_ones() {
    let mut failures = Vec::new();
    let mut checked = 0;
    for entry in games() {
        let has_heuristic = (entry.agents)()
            .iter()
            .any(|&(name, _, _)| name == "heuristic");
        let mut specs = vec!["random".to_string()];
        if has_heuristic {
            specs.push("heuristic".into());
            // Different agents in the seats: the seating rotates from game to game.
            let players = entry.info.default_players;
            let mixed: Vec<&str> = (0..players)
                .map(|s| if s % 2 == 0 { "heuristic" } else { "random" })
                .collect();
            specs.push(mixed.join(","));
        }
        if ["whist", "euchre", "trash"].contains(&entry.info.name) {
            specs.extend(
                [
                    "ismcts:iters=20",
                    "mo-ismcts:iters=20",
                    "pimc:worlds=2,solver=uct,iters=10",
                    "cheat:solver=uct,iters=20",
                ]
                .map(String::from),
            );
        }
        if entry.info.name == "euchre" {
            // The exact solver (double dummy) of a trick-taking game, kept small.
            specs.extend(["pimc:worlds=2", "cheat"].map(String::from));
        }
        for agents in &specs {
            check(&entry, agents, &mut failures);
            checked += 1;
        }
    }
    assert!(checked >= 60, "only {checked} configurations checked");
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}
