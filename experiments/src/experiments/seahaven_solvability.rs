//! `seahaven-solvability`: what share of Seahaven Towers deals can be won, and how close does
//! a careful player without search get?
//!
//! The exact solver decides deals `1..=N` (the toolkit's numbered deals); the `heuristic`
//! agent plays `N` games through the simulator (seed `--seed`), once with its default short
//! look-ahead and once judging each move by the position right after it (`lookahead=0`).
//! Both sets of deals are uniform random deals, so the rates estimate the same quantities; the
//! deals themselves differ.
//!
//! Files: `--out` (default `seahaven-solvability.csv`) holds one row per measured rate
//! (`measure,deals,successes,rate,ci_low,ci_high`); beside it, `<stem>-verdicts.csv` holds the
//! solver's row per deal (as `cardsim solve --out`) and `<stem>-games.csv` one row per
//! heuristic game (`agent,game,win,foundation,moves`).

use super::{Experiment, Settings};
use crate::solve::{solve_all, write_csv, Totals};
use cardsim_agents::games::seahaven::solver::SolverConfig;
use cardsim_agents::AgentSpec;
use cardsim_engine::games::seahaven::{Board, Seahaven};
use cardsim_engine::{Game, Params};
use cardsim_sim::{align_table, wilson_interval, AtomicCsv, SimConfig, Simulation};
use std::path::{Path, PathBuf};

/// The experiment's entry.
pub const EXPERIMENT: Experiment = Experiment {
    name: "seahaven-solvability",
    about: "Seahaven Towers: share of deals the exact solver wins (95% CI) next to the heuristic player's win rate",
    run,
};

const DEFAULT_DEALS: u64 = 10_000;
/// Node budget per deal: far above what any of deals 1..10,000 needs.
const MAX_NODES: u64 = 20_000_000;
const AGENTS: [&str; 2] = ["heuristic", "heuristic:lookahead=0"];

fn beside(out: &Path, suffix: &str) -> PathBuf {
    let stem = out.file_stem().map_or_else(
        || "seahaven-solvability".into(),
        |s| s.to_string_lossy().into_owned(),
    );
    out.with_file_name(format!("{stem}-{suffix}.csv"))
}

fn run(s: &Settings) -> Result<(), String> {
    let n = s.games.unwrap_or(DEFAULT_DEALS);
    if n == 0 || n > 1_000_000 {
        return Err(format!("--games {n}: give 1 to 1000000 deals"));
    }
    let e = |e: cardsim_sim::SimError| e.to_string();
    let verdicts_path = beside(&s.out, "verdicts");
    let games_path = beside(&s.out, "games");
    let mut summary = AtomicCsv::create(&s.out).map_err(e)?;
    let mut games_csv = AtomicCsv::create(&games_path).map_err(e)?;
    AtomicCsv::create(&verdicts_path).map_err(e)?;

    let boards: Vec<(u64, Board)> = (1..=n).map(|d| (d, Board::deal_number(d))).collect();
    let config = SolverConfig::default().max_nodes(Some(MAX_NODES));
    let started = std::time::Instant::now();
    let rows = solve_all(&boards, &config, s.threads, s.quiet)?;
    let solve_secs = started.elapsed().as_secs_f64();
    write_csv(&verdicts_path, &rows)?;
    let totals = Totals::of(&rows);
    if !s.quiet {
        eprintln!("seahaven-solvability: {n} deals decided in {solve_secs:.1} s");
    }

    summary
        .write(["measure", "deals", "successes", "rate", "ci_low", "ci_high"])
        .map_err(e)?;
    games_csv
        .write(["agent", "game", "win", "foundation", "moves"])
        .map_err(e)?;
    let decided = (totals.solved + totals.unsolvable) as f64;
    let mut table = vec![["measure", "deals", "rate", "95% CI"]
        .map(String::from)
        .to_vec()];
    let mut add =
        |name: String, deals: f64, wins: f64, out: &mut AtomicCsv| -> Result<(), String> {
            let (lo, hi) = wilson_interval(wins, deals);
            let rate = wins / deals.max(1.0);
            out.write([
                name.clone(),
                deals.to_string(),
                wins.to_string(),
                format!("{rate:.6}"),
                format!("{lo:.6}"),
                format!("{hi:.6}"),
            ])
            .map_err(e)?;
            table.push(vec![
                name,
                deals.to_string(),
                format!("{rate:.4}"),
                format!("[{lo:.4}, {hi:.4}]"),
            ]);
            Ok(())
        };
    add(
        "solvable (exact solver)".into(),
        decided,
        totals.solved as f64,
        &mut summary,
    )?;

    let game = Seahaven::new(1, &Params::new()).map_err(|e| e.to_string())?;
    for agent in AGENTS {
        let spec: AgentSpec = agent
            .parse()
            .map_err(|e: cardsim_agents::AgentError| e.to_string())?;
        let sim_config = SimConfig::default()
            .games(n)
            .seed(s.seed)
            .threads(s.threads)
            .quiet(s.quiet);
        let sim = Simulation::new(game, std::slice::from_ref(&spec), sim_config).map_err(e)?;
        let stat = |name: &str| Seahaven::INFO.stats.iter().position(|&x| x == name);
        let (found_i, moves_i) = (
            stat("foundation").expect("stat"),
            stat("moves_made").expect("stat"),
        );
        let mut wins = 0.0;
        sim.run(|r| {
            let seat = r.seats[0];
            wins += seat.win;
            games_csv.write([
                agent.to_string(),
                r.index.to_string(),
                seat.win.to_string(),
                r.stats[found_i].to_string(),
                r.stats[moves_i].to_string(),
            ])
        })
        .map_err(e)?;
        add(format!("wins ({agent})"), n as f64, wins, &mut summary)?;
    }
    summary.commit().map_err(e)?;
    games_csv.commit().map_err(e)?;

    println!("Seahaven Towers: exact solver on deals 1..={n}, heuristic on {n} simulated deals (seed {})", s.seed);
    print!("{}", align_table(&table));
    let [med, p95, max, _] = totals.millis;
    println!(
        "solver: {} solved, {} unsolvable, {} limit; ms per deal: median {med:.2}, p95 {p95:.2}, max {max:.1}",
        totals.solved, totals.unsolvable, totals.limit
    );
    for p in [&s.out, &verdicts_path, &games_path] {
        eprintln!("wrote {}", p.display());
    }
    Ok(())
}
