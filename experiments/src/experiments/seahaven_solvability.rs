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

use super::shard::{self, Emit, Part, Sharded};
use super::{Experiment, Settings};
use crate::solve::{solve_all, write_verdicts, Totals, VerdictRow};
use cardsim_agents::games::seahaven::solver::{SolverConfig, Verdict};
use cardsim_agents::AgentSpec;
use cardsim_engine::games::seahaven::{Board, Seahaven};
use cardsim_engine::{Game, Params};
use cardsim_sim::{align_table, wilson_interval, AtomicCsv, SimConfig, Simulation};
use std::ops::Range;
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
    // `--out -` (standard output) puts the other files in the current folder.
    let named = Some(out).filter(|o| o.as_os_str() != "-");
    let stem = named.and_then(Path::file_stem).map_or_else(
        || "seahaven-solvability".into(),
        |s| s.to_string_lossy().into_owned(),
    );
    out.with_file_name(format!("{stem}-{suffix}.csv"))
}

fn run(s: &Settings) -> Result<(), String> {
    shard::drive(&Solvability, EXPERIMENT.name, s)
}

/// The parts: the solver over deals `1..=N` (sample `i` is deal `i + 1`), then each heuristic
/// over `N` simulated games.
struct Solvability;

/// The columns: the solver's (`verdict`: 0 solved, 1 unsolvable, 2 limit) then a game's.
const COLUMNS: &[&str] = &[
    "verdict",
    "nodes",
    "millis",
    "moves",
    "win",
    "foundation",
    "moves_made",
];

const VERDICTS: [Verdict; 3] = [Verdict::Solved, Verdict::Unsolvable, Verdict::Limit];

/// Everything the result files are made of.
#[derive(Default)]
struct Acc {
    verdicts: Vec<VerdictRow>,
    /// Per agent: its games' rows (`win, foundation, moves`) and its wins.
    games: [Vec<[f64; 3]>; 2],
    wins: [f64; 2],
}

impl Sharded for Solvability {
    type Acc = Acc;

    fn columns(&self) -> &'static [&'static str] {
        COLUMNS
    }

    fn parts(&self, s: &Settings) -> Result<Vec<Part>, String> {
        let n = s.games.unwrap_or(DEFAULT_DEALS);
        if n == 0 || n > 1_000_000 {
            return Err(format!("--games {n}: give 1 to 1000000 deals"));
        }
        let mut parts = vec![Part {
            name: "exact solver".into(),
            samples: n,
        }];
        parts.extend(AGENTS.iter().map(|a| Part {
            name: (*a).into(),
            samples: n,
        }));
        Ok(parts)
    }

    fn outputs(&self, s: &Settings) -> Vec<PathBuf> {
        vec![
            s.out.clone(),
            beside(&s.out, "verdicts"),
            beside(&s.out, "games"),
        ]
    }

    fn play(
        &self,
        s: &Settings,
        part: usize,
        range: Range<u64>,
        emit: &mut Emit<'_>,
    ) -> Result<(), String> {
        if part == 0 {
            let boards: Vec<(u64, Board)> = (range.start + 1..=range.end)
                .map(|d| (d, Board::deal_number(d)))
                .collect();
            let config = SolverConfig::default().max_nodes(Some(MAX_NODES));
            for row in solve_all(&boards, &config, s.threads, s.quiet)? {
                let r = VerdictRow::of(&row);
                let code = VERDICTS.iter().position(|&v| v == r.verdict).unwrap_or(2);
                emit(vec![
                    Some(code as f64),
                    Some(r.nodes as f64),
                    Some(r.millis),
                    r.moves.map(|m| m as f64),
                    None,
                    None,
                    None,
                ])?;
            }
            return Ok(());
        }
        let e = |e: cardsim_sim::SimError| e.to_string();
        let game = Seahaven::new(1, &Params::new()).map_err(|e| e.to_string())?;
        let spec: AgentSpec = AGENTS[part - 1]
            .parse()
            .map_err(|e: cardsim_agents::AgentError| e.to_string())?;
        let sim_config = SimConfig::default()
            .seed(s.seed)
            .threads(s.threads)
            .quiet(s.quiet);
        let sim_config = shard::games_of(sim_config, &range, 1);
        let sim = Simulation::new(game, std::slice::from_ref(&spec), sim_config).map_err(e)?;
        let stat = |name: &str| Seahaven::INFO.stats.iter().position(|&x| x == name);
        let (found_i, moves_i) = (
            stat("foundation").expect("stat"),
            stat("moves_made").expect("stat"),
        );
        sim.run(|r| {
            emit(vec![
                None,
                None,
                None,
                None,
                Some(r.seats[0].win),
                Some(r.stats[found_i]),
                Some(r.stats[moves_i]),
            ])
            .map_err(cardsim_sim::SimError::Setting)
        })
        .map_err(e)
    }

    fn start(&self, _parts: &[Part]) -> Acc {
        Acc::default()
    }

    fn add(&self, acc: &mut Acc, part: usize, x: &[Option<f64>]) {
        let v = |i: usize| x[i].unwrap_or(f64::NAN);
        if part == 0 {
            acc.verdicts.push(VerdictRow {
                deal: acc.verdicts.len() as u64 + 1,
                verdict: VERDICTS[(v(0) as usize).min(2)],
                nodes: v(1) as u64,
                millis: v(2),
                moves: x[3].map(|m| m as usize),
            });
        } else {
            let a = part - 1;
            acc.wins[a] += v(4);
            acc.games[a].push([v(4), v(5), v(6)]);
        }
    }

    fn finish(
        &self,
        s: &Settings,
        _parts: &[Part],
        acc: Acc,
        _seconds: &[f64],
    ) -> Result<(), String> {
        report(s, &acc)
    }
}

fn report(s: &Settings, acc: &Acc) -> Result<(), String> {
    let n = s.games.unwrap_or(DEFAULT_DEALS);
    let e = |e: cardsim_sim::SimError| e.to_string();
    let verdicts_path = beside(&s.out, "verdicts");
    let games_path = beside(&s.out, "games");
    let mut summary = AtomicCsv::create(&s.out).map_err(e)?;
    let mut games_csv = AtomicCsv::create(&games_path).map_err(e)?;
    write_verdicts(&verdicts_path, &acc.verdicts)?;
    let totals = Totals::of_verdicts(&acc.verdicts);

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
    for (a, agent) in AGENTS.iter().enumerate() {
        for (game, [win, found, moves]) in acc.games[a].iter().enumerate() {
            games_csv
                .write([
                    agent.to_string(),
                    game.to_string(),
                    win.to_string(),
                    found.to_string(),
                    moves.to_string(),
                ])
                .map_err(e)?;
        }
        add(
            format!("wins ({agent})"),
            n as f64,
            acc.wins[a],
            &mut summary,
        )?;
    }
    summary.commit().map_err(e)?;
    games_csv.commit().map_err(e)?;

    let title = format!(
        "Seahaven Towers: exact solver on deals 1..={n}, heuristic on {n} simulated deals \
         (seed {})",
        s.seed
    );
    let [med, p95, max, _] = totals.millis;
    let solver = format!(
        "solver: {} solved, {} unsolvable, {} limit; ms per deal: median {med:.2}, p95 \
         {p95:.2}, max {max:.1}",
        totals.solved, totals.unsolvable, totals.limit
    );
    super::show(&title, &format!("{}{solver}\n", align_table(&table)))?;
    for p in [&s.out, &verdicts_path, &games_path] {
        eprintln!("wrote {}", p.display());
    }
    Ok(())
}
