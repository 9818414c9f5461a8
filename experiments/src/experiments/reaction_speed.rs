//! `reaction-speed`: how much faster must you be to win a real-time game? Speed and Egyptian
//! Ratscrew, two heuristic players, one of them faster by a given margin of mean reaction time.

use super::{Experiment, Settings};
use cardsim_agents::{AgentSpec, GameAgents};
use cardsim_engine::games::egyptian_ratscrew::Ratscrew;
use cardsim_engine::games::speed::Speed;
use cardsim_engine::{Game, Params};
use cardsim_sim::{align_table, simulate, wilson_interval, AtomicCsv, SimConfig};

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

/// The faster player's win rate, its interval and the draws, over `games` games with seats
/// rotated.
fn measure<G: GameAgents>(
    game: G,
    gap_ms: u32,
    s: &Settings,
    games: u64,
) -> Result<(f64, f64, f64, u64), String> {
    let spec = |mean_ms: u32| -> AgentSpec {
        format!(
            "heuristic:rt_mean={},rt_spread={}",
            f64::from(mean_ms) / 1000.0,
            f64::from(SPREAD_MS) / 1000.0
        )
        .parse()
        .expect("valid spec")
    };
    let specs = [spec(MEAN_MS - gap_ms), spec(MEAN_MS)];
    let config = SimConfig::default()
        .games(games)
        .seed(s.seed)
        .threads(s.threads)
        .quiet(true);
    let records = simulate(game, &specs, config).map_err(|e| e.to_string())?;
    let wins: f64 = records
        .iter()
        .flat_map(|r| r.seats.iter().filter(|x| x.agent == 0).map(|x| x.win))
        .sum();
    let draws = records.iter().filter(|r| r.draw).count() as u64;
    let n = records.len() as f64;
    let (lo, hi) = wilson_interval(wins, n);
    Ok((wins / n, lo, hi, draws))
}

fn run(s: &Settings) -> Result<(), String> {
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
    for name in [Speed::INFO.name, Ratscrew::INFO.name] {
        for gap in GAPS_MS {
            let (w, lo, hi, draws) = if name == Speed::INFO.name {
                let g = Speed::new(2, &Params::new()).map_err(|e| e.to_string())?;
                measure(g, gap, s, games)?
            } else {
                let g = Ratscrew::new(2, &Params::new()).map_err(|e| e.to_string())?;
                measure(g, gap, s, games)?
            };
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
            if !s.quiet {
                eprintln!("reaction-speed: {name} gap {gap} ms done");
            }
        }
    }
    out.commit().map_err(e)?;
    println!(
        "Faster heuristic against slower heuristic, 2 players, {games} games per gap, seats \
         rotated, seed {}; slower: {MEAN_MS} ms mean, both {SPREAD_MS} ms spread",
        s.seed
    );
    print!("{}", align_table(&rows));
    eprintln!("wrote {}", s.out.display());
    Ok(())
}
