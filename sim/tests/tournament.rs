//! Tournaments: every pairing on duplicate deals, reproducible for any thread count, with
//! sequential stopping, and ratings that order the agents.

use cardsim_agents::split_specs;
use cardsim_engine::Params;
use cardsim_sim::{run_tournament, TournamentConfig};

fn config(game: &str, agents: &str, games: u64) -> TournamentConfig {
    TournamentConfig {
        game: game.into(),
        players: None,
        params: Params::new(),
        agents: split_specs(agents).unwrap(),
        games,
        seed: 4,
        threads: 1,
        quiet: true,
        stop_early: false,
        batch: 50,
        shard: None,
        deals: Vec::new(),
    }
}

#[test]
fn every_pairing_is_played_and_the_heuristic_rates_first() {
    let cfg = config("trash", "random,heuristic", 400);
    let t = run_tournament(&cfg).unwrap();
    assert_eq!(t.pairings.len(), 1);
    // Two seatings per deal (duplicate): 400 games.
    assert_eq!(t.pairings[0].games, 400);
    let (h, lo, hi, _) = t.pairing(1, 0).unwrap();
    let (r, ..) = t.pairing(0, 1).unwrap();
    assert!(
        (h + r - 1.0).abs() < 1e-12 && lo > 0.5 && hi < 0.85,
        "{h} [{lo}, {hi}]"
    );
    assert_eq!(t.ratings[0].agent, 1);
    assert!(
        t.ratings[0].elo - t.ratings[1].elo > 50.0,
        "{:?}",
        t.ratings
    );
    // The same for any thread count.
    let two = run_tournament(&TournamentConfig { threads: 2, ..cfg }).unwrap();
    assert_eq!(two, t);
}

#[test]
fn a_clear_pairing_stops_early() {
    let mut cfg = config("trash", "heuristic,random", 4000);
    cfg.stop_early = true;
    let t = run_tournament(&cfg).unwrap();
    let clear = &t.pairings[0];
    assert!(clear.stopped_early && clear.games < 4000, "{clear:?}");
    let (lo, hi) = clear.interval();
    assert!(lo > 0.5 || hi < 0.5);
    // The text names both agents and the early stop.
    let text = t.table();
    assert!(
        text.contains("stopped early") && text.contains("heuristic"),
        "{text}"
    );
}

#[test]
fn partnership_and_odd_tables_seat_both_agents_equally() {
    // Whist: heuristic partners against random partners.
    let mut cfg = config("whist", "heuristic,random", 40);
    cfg.params = Params::parse(&["target=1"]).unwrap();
    let t = run_tournament(&cfg).unwrap();
    assert_eq!(t.players, 4);
    assert!(t.pairing(0, 1).unwrap().0 > 0.6);
    // Ninety-Nine with 3 players: A,B,A and B,A,B on the same deals (3 rotations each).
    let t = run_tournament(&config("ninety-nine", "heuristic,random", 60)).unwrap();
    assert_eq!(t.pairings[0].games, 60);
    assert_eq!(t.pairings[0].share.count(), 10);
}

#[test]
fn bad_tournaments_are_refused() {
    let e = |cfg: TournamentConfig| run_tournament(&cfg).unwrap_err().to_string();
    assert!(e(config("trash", "random", 10)).contains("at least 2 agents"));
    assert!(e(config("trash", "random,random", 10)).contains("given twice"));
    assert!(e(config("trush", "random,heuristic", 10)).contains("unknown game"));
    assert!(e(config("trash", "random,nobody", 10)).contains("nobody"));
}

#[test]
fn tournament_shards_merge_into_the_whole_tournament() {
    use cardsim_sim::{merge_tournament, AtomicCsv, Shard, TournamentShard};
    let dir = tempfile::tempdir().unwrap();
    let cfg = config("trash", "heuristic,random,ismcts:iters=20", 40);
    let whole = dir.path().join("whole.csv");
    run_tournament(&cfg)
        .unwrap()
        .write_csv(AtomicCsv::create(&whole).unwrap())
        .unwrap();
    let mut shards = Vec::new();
    for index in (0..2).rev() {
        let c = TournamentConfig {
            shard: Some(Shard { index, count: 2 }),
            ..cfg.clone()
        };
        let t = run_tournament(&c).unwrap();
        let path = dir.path().join(format!("t{index}.csv"));
        t.write_csv(AtomicCsv::create(&path).unwrap()).unwrap();
        TournamentShard::of(&c, &t).write_beside(&path).unwrap();
        shards.push(path);
    }
    let merged = dir.path().join("merged.csv");
    let t = merge_tournament(&shards, Some(&merged)).unwrap();
    assert_eq!(t.pairings.len(), 3);
    assert_eq!(
        std::fs::read(&whole).unwrap(),
        std::fs::read(&merged).unwrap()
    );
    let e = merge_tournament(&shards[..1], None)
        .unwrap_err()
        .to_string();
    assert!(e.contains("shard 0/2 is missing"), "{e}");
}

/// Every win share of agent `spec` playing the one-player `game` alone on deals `0..deals`
/// of seed 4, as the tournament deals them.
fn alone(game: &str, spec: &str, deals: u64) -> Vec<f64> {
    let entry = cardsim_sim::find_game(game).unwrap();
    let request = cardsim_sim::Request {
        players: Some(1),
        agents: split_specs(spec).unwrap(),
        config: cardsim_sim::SimConfig::default()
            .games(deals)
            .seed(4)
            .threads(1)
            .duplicate(true)
            .quiet(true),
        ..cardsim_sim::Request::default()
    };
    let mut wins = Vec::new();
    (entry.play)(&request, &mut |r| {
        wins.push(r.seats[0].win);
        Ok(())
    })
    .unwrap();
    wins
}

/// Regression: `tournament --game seahaven` (one player) counted only the first agent's
/// wins, halved, and ranked random above heuristic. Now both agents play every deal and a
/// deal counts 1 for the agent that alone wins it, 1/2 when both or neither do.
#[test]
fn one_player_agents_are_compared_on_the_same_deals() {
    let deals = 40;
    let t = run_tournament(&config("seahaven", "random,heuristic", 2 * deals)).unwrap();
    let p = &t.pairings[0];
    assert_eq!((p.games, p.share.count()), (2 * deals, deals), "{p:?}");
    let (random, heuristic) = (
        alone("seahaven", "random", deals),
        alone("seahaven", "heuristic", deals),
    );
    let expected: f64 = random
        .iter()
        .zip(&heuristic)
        .map(|(r, h)| (1.0 + r - h) / 2.0)
        .sum::<f64>()
        / deals as f64;
    assert!(
        (p.win_rate() - expected).abs() < 1e-12,
        "{} {expected}",
        p.win_rate()
    );
    // Heuristic wins more deals than random.
    assert!(heuristic.iter().sum::<f64>() > random.iter().sum::<f64>());
    let (h, lo, hi, _) = t.pairing(1, 0).unwrap();
    assert!(h > 0.5 && lo <= h && h <= hi, "{h} [{lo}, {hi}]");
    assert_eq!(t.ratings[0].agent, 1, "{:?}", t.ratings);
    assert!(t.table().contains("one-player game"), "{}", t.table());
}

/// Regression: `tournament --games 1000000000000000000` aborted allocating 4 EB; counts past
/// what a tally holds exactly are refused before any game.
#[test]
fn counts_past_the_limit_are_refused() {
    let e = run_tournament(&config(
        "trash",
        "random,heuristic",
        1_000_000_000_000_000_000,
    ))
    .unwrap_err()
    .to_string();
    assert!(
        e.contains("--games 1000000000000000000 is more than"),
        "{e}"
    );
    let e = run_tournament(&config("trash", "random,heuristic", u64::MAX))
        .unwrap_err()
        .to_string();
    assert!(e.contains("more than"), "{e}");
}
