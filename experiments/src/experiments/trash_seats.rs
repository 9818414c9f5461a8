//! `trash-seats`: how much does seat order matter in Trash?

use super::shard::{self, Emit, Part, Sample, Sharded};
use super::{Experiment, Settings};
use crate::plot::{self, Axes, Point, Series};
use cardsim_agents::AgentSpec;
use cardsim_engine::games::trash::Trash;
use cardsim_engine::{Game, Params};
use cardsim_sim::{align_table, AtomicCsv, SimConfig, Simulation, Tally};
use std::ops::Range;

/// The experiment's entry.
pub const EXPERIMENT: Experiment = Experiment {
    name: "trash-seats",
    about: "Trash, 2 to 8 players, heuristic agents in every seat: win rate of each seat (95% CI) and hands per game",
    run,
};

const DEFAULT_GAMES: u64 = 50_000;
const PLAYERS: std::ops::RangeInclusive<usize> = 2..=8;
const MAX: usize = *PLAYERS.end();

/// A sample is one game: each seat's win, then the game's hands and turns.
const COLUMNS: &[&str] = &[
    "win0", "win1", "win2", "win3", "win4", "win5", "win6", "win7", "hands", "turns",
];

fn run(s: &Settings) -> Result<(), String> {
    shard::drive(&TrashSeats, EXPERIMENT.name, s)
}

struct TrashSeats;

/// One player count's sums, as the simulator's report keeps them: wins per seat, and running means of
/// hands and turns.
#[derive(Clone, Default)]
struct Count {
    games: u64,
    wins: [f64; MAX],
    hands: f64,
    turns: f64,
}

impl Sharded for TrashSeats {
    type Acc = Vec<Count>;

    fn columns(&self) -> &'static [&'static str] {
        COLUMNS
    }

    fn parts(&self, s: &Settings) -> Result<Vec<Part>, String> {
        let games = s.games.unwrap_or(DEFAULT_GAMES);
        Ok(PLAYERS
            .map(|p| Part {
                name: format!("{p} players"),
                samples: games,
            })
            .collect())
    }

    fn play(
        &self,
        s: &Settings,
        part: usize,
        range: Range<u64>,
        emit: &mut Emit<'_>,
    ) -> Result<(), String> {
        let e = |e: cardsim_sim::SimError| e.to_string();
        let players = *PLAYERS.start() + part;
        let spec: AgentSpec = "heuristic".parse().expect("valid spec");
        let game = Trash::new(players, &Params::new()).map_err(|e| e.to_string())?;
        let config = SimConfig::default()
            .seed(s.seed)
            .threads(s.threads)
            .rotate(false)
            .quiet(s.quiet);
        let config = shard::games_of(config, &range, 1);
        let sim = Simulation::new(game, std::slice::from_ref(&spec), config).map_err(e)?;
        let stat = |name: &str| Trash::INFO.stats.iter().position(|&n| n == name);
        let (hands, turns) = (stat("hands"), stat("turns"));
        sim.run(|r| {
            let mut x: Sample = vec![None; COLUMNS.len()];
            for (seat, v) in r.seats.iter().zip(&mut x) {
                *v = Some(seat.win);
            }
            x[MAX] = Some(hands.map_or(f64::NAN, |i| r.stats[i]));
            x[MAX + 1] = Some(turns.map_or(f64::NAN, |i| r.stats[i]));
            emit(x).map_err(cardsim_sim::SimError::Setting)
        })
        .map_err(e)
    }

    fn start(&self, parts: &[Part]) -> Vec<Count> {
        vec![Count::default(); parts.len()]
    }

    fn add(&self, acc: &mut Vec<Count>, part: usize, x: &[Option<f64>]) {
        let c = &mut acc[part];
        c.games += 1;
        for (w, v) in c.wins.iter_mut().zip(x) {
            *w += v.unwrap_or(0.0);
        }
        let k = c.games as f64;
        let value = |i: usize| x[i].unwrap_or(f64::NAN);
        c.hands += (value(MAX) - c.hands) / k;
        c.turns += (value(MAX + 1) - c.turns) / k;
    }

    fn finish(
        &self,
        s: &Settings,
        _parts: &[Part],
        acc: Vec<Count>,
        _seconds: &[f64],
    ) -> Result<(), String> {
        report(s, &acc)
    }
}

fn report(s: &Settings, counts: &[Count]) -> Result<(), String> {
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
    // Per seat: (players, win rate x players, interval), for the plot.
    let mut by_seat: Vec<Vec<Point>> = vec![Vec::new(); MAX];
    for (players, c) in PLAYERS.zip(counts) {
        let (hands, turns) = (c.hands, c.turns);
        for (seat, (&wins, points)) in c.wins.iter().zip(&mut by_seat).enumerate().take(players) {
            let t = Tally {
                games: c.games,
                wins,
                score: 0.0,
                place: 0.0,
            };
            let (lo, hi) = t.interval();
            let n = players as f64;
            points.push(Point {
                x: n,
                y: t.win_rate() * n,
                lo: lo * n,
                hi: hi * n,
            });
            out.write([
                players.to_string(),
                seat.to_string(),
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
                seat.to_string(),
                format!("{:.4}", t.win_rate()),
                format!("[{lo:.4}, {hi:.4}]"),
                format!("{hands:.2}"),
                format!("{turns:.1}"),
            ]);
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
    let title = format!(
        "Trash seat advantage: heuristic agents in every seat, {games} games per player \
         count, seed {}",
        s.seed
    );
    super::show(&title, &align_table(&rows))?;
    eprintln!("wrote {}", s.out.display());
    Ok(())
}
