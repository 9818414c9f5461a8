//! `trash-seats`: how much does seat order matter in Trash?

use super::{Experiment, Settings};
use crate::plot::{self, Axes, Point, Series};
use cardsim_agents::AgentSpec;
use cardsim_engine::games::trash::Trash;
use cardsim_engine::{Game, Params};
use cardsim_sim::{align_table, AtomicCsv, Report, SimConfig, Simulation};

/// The experiment's entry.
pub const EXPERIMENT: Experiment = Experiment {
    name: "trash-seats",
    about: "Trash, 2 to 8 players, heuristic agents in every seat: win rate of each seat (95% CI) and hands per game",
    run,
};

const DEFAULT_GAMES: u64 = 50_000;
const PLAYERS: std::ops::RangeInclusive<usize> = 2..=8;

fn run(s: &Settings) -> Result<(), String> {
    let games = s.games.unwrap_or(DEFAULT_GAMES);
    let mut out = AtomicCsv::create(&s.out).map_err(|e| e.to_string())?;
    let e = |e: cardsim_sim::SimError| e.to_string();
    out.write([
        "players",
        "seat",
        "games",
        "wins",
        "win_rate",
        "ci_low",
        "ci_high",
        "mean_hands",
        "mean_turns",
    ])
    .map_err(e)?;
    let mut rows = vec![[
        "players",
        "seat",
        "win rate",
        "95% CI",
        "mean hands",
        "mean turns",
    ]
    .map(String::from)
    .to_vec()];
    let spec: AgentSpec = "heuristic".parse().expect("valid spec");
    // Per seat: (players, win rate x players, interval), for the plot.
    let mut by_seat: Vec<Vec<Point>> = vec![Vec::new(); *PLAYERS.end()];
    for players in PLAYERS {
        let game = Trash::new(players, &Params::new()).map_err(|e| e.to_string())?;
        let config = SimConfig::default()
            .games(games)
            .seed(s.seed)
            .threads(s.threads)
            .rotate(false)
            .quiet(s.quiet);
        let sim = Simulation::new(game, std::slice::from_ref(&spec), config).map_err(e)?;
        let labels = vec![spec.to_string(); players];
        let mut report = Report::new(Trash::INFO.name, players, &labels, Trash::INFO.stats);
        sim.run(|r| {
            report.add(r, &labels);
            Ok(())
        })
        .map_err(e)?;
        let mean = |name: &str| {
            report
                .stat_names
                .iter()
                .position(|n| n == name)
                .map_or(f64::NAN, |i| report.stat_means[i])
        };
        let (hands, turns) = (mean("hands"), mean("turns"));
        for row in &report.by_seat {
            let t = &row.tally;
            let (lo, hi) = t.interval();
            if let Ok(seat) = row.seat.parse::<usize>() {
                let n = players as f64;
                by_seat[seat].push(Point {
                    x: n,
                    y: t.win_rate() * n,
                    lo: lo * n,
                    hi: hi * n,
                });
            }
            out.write([
                players.to_string(),
                row.seat.clone(),
                t.games.to_string(),
                format!("{}", t.wins),
                format!("{:.6}", t.win_rate()),
                format!("{lo:.6}"),
                format!("{hi:.6}"),
                format!("{hands:.4}"),
                format!("{turns:.2}"),
            ])
            .map_err(e)?;
            rows.push(vec![
                players.to_string(),
                row.seat.clone(),
                format!("{:.4}", t.win_rate()),
                format!("[{lo:.4}, {hi:.4}]"),
                format!("{hands:.2}"),
                format!("{turns:.1}"),
            ]);
        }
        if !s.quiet {
            eprintln!("trash-seats: {players} players done ({games} games)");
        }
    }
    out.commit().map_err(e)?;
    if let Some(path) = &s.plot {
        let series: Vec<Series> = by_seat
            .into_iter()
            .enumerate()
            .map(|(seat, points)| Series {
                name: if seat == 0 {
                    "seat 0 (plays first)".into()
                } else {
                    format!("seat {seat}")
                },
                points,
            })
            .collect();
        let title = format!("Trash: each seat's win rate x players ({games} games each)");
        let axes = Axes {
            title: &title,
            x: "players",
            y: "win rate x players (1 = fair)",
            log_x: false,
            reference: Some(1.0),
        };
        plot::intervals(path, &axes, &series)?;
        eprintln!("wrote {}", path.display());
    }
    println!("Trash seat advantage: heuristic agents in every seat, {games} games per player count, seed {}", s.seed);
    print!("{}", align_table(&rows));
    eprintln!("wrote {}", s.out.display());
    Ok(())
}
