//! `reaction-speed`: how much faster must you be to win a real-time game? Speed and Egyptian
//! Ratscrew, two heuristic players, one of them faster by a given margin of mean reaction time.

use super::shard::{self, Emit, Part, Sharded};
use super::{Experiment, Settings};
use crate::plot::{self, Axes, Point, Series};
use cardsim_agents::{AgentSpec, GameAgents};
use cardsim_engine::games::egyptian_ratscrew::Ratscrew;
use cardsim_engine::games::speed::Speed;
use cardsim_engine::{Game, Params};
use cardsim_sim::{align_table, simulate, wilson_interval, AtomicCsv, SimConfig};
use std::ops::Range;

/// The experiment's entry.
pub const EXPERIMENT: Experiment = Experiment {
    name: "reaction-speed",
    about:
        "Speed and Egyptian Ratscrew, heuristic against heuristic: the faster player's win rate \
            (95% CI) against the gap in mean reaction time (0 to 200 ms, both 500 ms +- 100 ms \
            log-normal otherwise)",
    run,
};

const DEFAULT_GAMES: u64 = 4_000;
/// Gaps in mean reaction time, milliseconds.
const GAPS_MS: [u32; 7] = [0, 10, 25, 50, 100, 150, 200];
/// The slower player's mean and both players' spread, milliseconds.
const MEAN_MS: u32 = 500;
const SPREAD_MS: u32 = 100;

/// The games, in the order of the parts.
const GAMES: [&str; 2] = [Speed::INFO.name, Ratscrew::INFO.name];

/// The faster player's and the slower player's specs for a gap of `gap_ms`.
fn specs(gap_ms: u32) -> [AgentSpec; 2] {
    let spec = |mean_ms: u32| -> AgentSpec {
        format!(
            "heuristic:rt_mean={},rt_spread={}",
            f64::from(mean_ms) / 1000.0,
            f64::from(SPREAD_MS) / 1000.0
        )
        .parse()
        .expect("valid spec")
    };
    [spec(MEAN_MS - gap_ms), spec(MEAN_MS)]
}

/// Plays games `range` of the gap's run (seats rotated), handing each game's faster player's
/// win share and whether it was drawn to `emit`.
fn measure<G: GameAgents>(
    game: G,
    gap_ms: u32,
    s: &Settings,
    range: Range<u64>,
    emit: &mut Emit<'_>,
) -> Result<(), String> {
    let config = SimConfig::default()
        .seed(s.seed)
        .threads(s.threads)
        .quiet(true);
    let config = shard::games_of(config, &range, 1);
    let records = simulate(game, &specs(gap_ms), config).map_err(|e| e.to_string())?;
    for r in &records {
        let win: f64 = r.seats.iter().filter(|x| x.agent == 0).map(|x| x.win).sum();
        emit(vec![Some(win), Some(f64::from(u8::from(r.draw)))])?;
    }
    Ok(())
}

fn run(s: &Settings) -> Result<(), String> {
    shard::drive(&ReactionSpeed, EXPERIMENT.name, s)
}

/// The parts are the games times the gaps; a sample is one game.
struct ReactionSpeed;

/// One part's sums: games, the faster player's wins, draws.
#[derive(Clone, Copy, Default)]
struct Count {
    games: u64,
    wins: f64,
    draws: u64,
}

impl Sharded for ReactionSpeed {
    type Acc = Vec<Count>;

    fn columns(&self) -> &'static [&'static str] {
        &["win", "draw"]
    }

    fn parts(&self, s: &Settings) -> Result<Vec<Part>, String> {
        let games = s.games.unwrap_or(DEFAULT_GAMES);
        Ok(GAMES
            .iter()
            .flat_map(|g| {
                GAPS_MS.iter().map(move |gap| Part {
                    name: format!("{g} gap {gap} ms"),
                    samples: games,
                })
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
        let gap = GAPS_MS[part % GAPS_MS.len()];
        if part < GAPS_MS.len() {
            let g = Speed::new(2, &Params::new()).map_err(|e| e.to_string())?;
            measure(g, gap, s, range, emit)
        } else {
            let g = Ratscrew::new(2, &Params::new()).map_err(|e| e.to_string())?;
            measure(g, gap, s, range, emit)
        }
    }

    fn start(&self, parts: &[Part]) -> Vec<Count> {
        vec![Count::default(); parts.len()]
    }

    fn add(&self, acc: &mut Vec<Count>, part: usize, x: &[Option<f64>]) {
        let c = &mut acc[part];
        c.games += 1;
        c.wins += x[0].unwrap_or(f64::NAN);
        c.draws += u64::from(x[1] == Some(1.0));
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
        "game", "gap_ms", "games", "win_rate", "ci_low", "ci_high", "draws",
    ])
    .map_err(e)?;
    let mut rows = vec![["game", "gap (ms)", "faster's win rate", "95% CI", "draws"]
        .map(String::from)
        .to_vec()];
    let parts = GAMES
        .iter()
        .flat_map(|g| GAPS_MS.iter().map(move |gap| (*g, *gap)));
    // Per game: (gap, win rate, interval), for the plot.
    let mut by_game: Vec<Vec<Point>> = vec![Vec::new(); GAMES.len()];
    for (i, ((name, gap), c)) in parts.zip(counts).enumerate() {
        let n = c.games as f64;
        let (lo, hi) = wilson_interval(c.wins, n);
        let (w, draws) = (c.wins / n, c.draws);
        by_game[i / GAPS_MS.len()].push(Point {
            x: f64::from(gap),
            y: w,
            lo,
            hi,
        });
        out.write([
            name.to_string(),
            gap.to_string(),
            games.to_string(),
            format!("{w:.6}"),
            format!("{lo:.6}"),
            format!("{hi:.6}"),
            draws.to_string(),
        ])
        .map_err(e)?;
        rows.push(vec![
            name.to_string(),
            gap.to_string(),
            format!("{w:.4}"),
            format!("[{lo:.4}, {hi:.4}]"),
            draws.to_string(),
        ]);
    }
    out.commit().map_err(e)?;
    if let Some(path) = &s.plot {
        let series: Vec<Series> = GAMES
            .iter()
            .zip(by_game)
            .map(|(name, points)| Series {
                name: (*name).into(),
                points,
            })
            .collect();
        let title = format!(
            "The faster heuristic's win rate against the gap in mean reaction time ({games} games each)"
        );
        let axes = Axes {
            title: &title,
            x: "gap in mean reaction time (ms; slower player 500 ms)",
            y: "faster player's win rate",
            log_x: false,
            reference: Some(0.5),
        };
        plot::intervals(path, &axes, &series)?;
        eprintln!("wrote {}", path.display());
    }
    super::show(
        &format!(
            "Faster heuristic against slower heuristic, 2 players, {games} games per gap, seats \
         rotated, seed {}; slower: {MEAN_MS} ms mean, both {SPREAD_MS} ms spread",
            s.seed
        ),
        &align_table(&rows),
    )?;
    eprintln!("wrote {}", s.out.display());
    Ok(())
}
