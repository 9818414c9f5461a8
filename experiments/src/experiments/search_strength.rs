//! `whist-search`, `bridge-search`, `trash-search`: how strong are the search agents, and how
//! does their strength grow with the budget?
//!
//! Each matchup pits agent A against agent B in duplicate: every deal is played once with A
//! in the first seat (and its partner's) and once with the seating rotated, so the luck of
//! the cards cancels out. One sample per deal: A's win share over its seats and tables, and
//! the difference of A's and B's mean scores. The interval is the normal one over deals.

use super::{Experiment, Settings};
use crate::plot::{self, Axes, Point, Series};
use cardsim_agents::{split_specs, GameAgents};
use cardsim_engine::games::bridge::Bridge;
use cardsim_engine::games::trash::Trash;
use cardsim_engine::games::whist::Whist;
use cardsim_engine::{Game, Params};
use cardsim_sim::{align_table, AtomicCsv, GameRecord, MeanInterval, SimConfig, Simulation};
use std::time::Instant;

/// Whist card play.
pub const WHIST: Experiment = Experiment {
    name: "whist-search",
    about: "Whist, one hand per game, duplicate: ismcts at 100/1,000/10,000 iterations, pimc (double dummy) at 1/10/30 worlds and cheat against random, heuristic and each other (A's win share and score lead, 95% CI)",
    run: run_whist,
};

/// Bridge card play from the contracts of the heuristic bidders.
pub const BRIDGE: Experiment = Experiment {
    name: "bridge-search",
    about: "Bridge card play (single deals, heuristic bidding at every seat, duplicate): ismcts, pimc and cheat against random, heuristic and each other (A's win share and score lead in points, 95% CI)",
    run: run_bridge,
};

/// Trash.
pub const TRASH: Experiment = Experiment {
    name: "trash-search",
    about: "Trash, 2 players, duplicate: what ismcts (10 to 3,000 iterations), pimc and cheat gain over the heuristic (A's win share, 95% CI)",
    run: run_trash,
};

/// Matchups `(A, B, deals)` with `deals` the default number of deals.
type Matchups = &'static [(&'static str, &'static str, u64)];

const WHIST_MATCHUPS: Matchups = &[
    ("heuristic", "random", 400),
    ("ismcts:iters=100", "random", 200),
    ("ismcts:iters=1000", "random", 100),
    ("pimc:worlds=10", "random", 40),
    ("ismcts:iters=100", "heuristic", 400),
    ("ismcts:iters=1000", "heuristic", 400),
    ("ismcts:iters=10000", "heuristic", 100),
    ("pimc:worlds=1", "heuristic", 400),
    ("pimc:worlds=10", "heuristic", 100),
    ("pimc:worlds=30", "heuristic", 40),
    ("cheat", "heuristic", 400),
    ("pimc:worlds=10", "ismcts:iters=1000", 100),
    (
        "pimc:solver=uct,worlds=10,iters=100",
        "ismcts:iters=1000",
        200,
    ),
    ("cheat", "ismcts:iters=1000", 200),
    ("cheat", "pimc:worlds=10", 100),
];

const BRIDGE_MATCHUPS: Matchups = &[
    ("heuristic", "random", 200),
    ("ismcts:iters=1000", "random", 100),
    ("ismcts:iters=100", "heuristic", 400),
    ("ismcts:iters=1000", "heuristic", 200),
    ("ismcts:iters=10000", "heuristic", 50),
    ("pimc:worlds=1", "heuristic", 400),
    ("pimc:worlds=10", "heuristic", 100),
    ("cheat", "heuristic", 400),
    ("pimc:worlds=10", "ismcts:iters=1000", 100),
    ("cheat", "ismcts:iters=1000", 200),
    ("cheat", "pimc:worlds=10", 100),
];

const TRASH_MATCHUPS: Matchups = &[
    ("ismcts:iters=10", "heuristic", 1000),
    ("ismcts:iters=100", "heuristic", 1000),
    ("ismcts:iters=1000", "heuristic", 1000),
    ("ismcts:iters=3000", "heuristic", 300),
    ("pimc:worlds=10,iters=100", "heuristic", 1000),
    ("cheat:iters=1000", "heuristic", 1000),
];

fn run_whist(s: &Settings) -> Result<(), String> {
    let game = Whist::new(4, &Params::parse(&["target=1"]).map_err(|e| e.to_string())?)
        .map_err(|e| e.to_string())?;
    run_matchups("whist-search", game, WHIST_MATCHUPS, |x| x.to_string(), s)
}

fn run_bridge(s: &Settings) -> Result<(), String> {
    let game = Bridge::new(
        4,
        &Params::parse(&["scoring=deal"]).map_err(|e| e.to_string())?,
    )
    .map_err(|e| e.to_string())?;
    let card_player = |x: &str| format!("bid-heuristic:play={}", x.replacen(':', ",", 1));
    run_matchups("bridge-search", game, BRIDGE_MATCHUPS, card_player, s)
}

fn run_trash(s: &Settings) -> Result<(), String> {
    let game = Trash::new(2, &Params::new()).map_err(|e| e.to_string())?;
    run_matchups("trash-search", game, TRASH_MATCHUPS, |x| x.to_string(), s)
}

/// One matchup's result.
struct Duel {
    a: String,
    b: String,
    win: MeanInterval,
    lead: MeanInterval,
    seconds: f64,
}

/// A's win share and A's score lead over B, one sample per deal (a block of games).
fn tally(records: &[GameRecord], win: &mut MeanInterval, lead: &mut MeanInterval) {
    let (mut w, mut na, mut sa, mut nb, mut sb) = (0.0, 0.0, 0.0, 0.0, 0.0);
    for r in records {
        for seat in &r.seats {
            if seat.agent % 2 == 0 {
                w += seat.win;
                sa += seat.score;
                na += 1.0;
            } else {
                sb += seat.score;
                nb += 1.0;
            }
        }
    }
    // A game's win shares add up to 1 (partners split a win), so A's share of the deal's
    // wins is its total over the tables.
    win.add(w / records.len() as f64);
    lead.add(sa / na - sb / nb);
}

fn run_matchups<G: GameAgents>(
    name: &str,
    game: G,
    matchups: Matchups,
    player: impl Fn(&str) -> String,
    s: &Settings,
) -> Result<(), String> {
    let mut out = AtomicCsv::create(&s.out).map_err(|e| e.to_string())?;
    let e = |e: cardsim_sim::SimError| e.to_string();
    out.write([
        "a",
        "b",
        "deals",
        "a_win",
        "win_ci_low",
        "win_ci_high",
        "a_lead",
        "lead_ci_low",
        "lead_ci_high",
        "seconds",
    ])
    .map_err(e)?;
    let players = game.players();
    let mut duels = Vec::new();
    for &(a, b, default_deals) in matchups {
        let deals = s.games.unwrap_or(default_deals);
        let (pa, pb) = (player(a), player(b));
        let list: Vec<String> = (0..players)
            .map(|i| if i % 2 == 0 { pa.clone() } else { pb.clone() })
            .collect();
        let specs = split_specs(&list.join(",")).map_err(|e| e.to_string())?;
        let period = cardsim_sim::duplicate_period(&specs) as u64;
        let config = SimConfig::default()
            .seed(s.seed)
            .threads(s.threads)
            .quiet(true)
            .duplicate(true)
            .games(deals * period);
        let sim = Simulation::new(game.clone(), &specs, config).map_err(e)?;
        let (mut win, mut lead) = (MeanInterval::default(), MeanInterval::default());
        let mut block = Vec::new();
        let start = Instant::now();
        sim.run(|r| {
            block.push(r.clone());
            if block.len() as u64 == period {
                tally(&block, &mut win, &mut lead);
                block.clear();
            }
            Ok(())
        })
        .map_err(e)?;
        let seconds = start.elapsed().as_secs_f64();
        if !s.quiet {
            eprintln!(
                "{name}: {a} vs {b}: {deals} deals in {seconds:.1} s, A's win share {:.3}",
                win.mean()
            );
        }
        let (wl, wh) = win.interval();
        let (ll, lh) = lead.interval();
        out.write([
            a.to_string(),
            b.to_string(),
            deals.to_string(),
            format!("{:.6}", win.mean()),
            format!("{wl:.6}"),
            format!("{wh:.6}"),
            format!("{:.6}", lead.mean()),
            format!("{ll:.6}"),
            format!("{lh:.6}"),
            format!("{seconds:.2}"),
        ])
        .map_err(e)?;
        duels.push(Duel {
            a: a.to_string(),
            b: b.to_string(),
            win,
            lead,
            seconds,
        });
    }
    out.commit().map_err(e)?;
    if let Some(path) = &s.plot {
        budget_plot(path, name, &duels)?;
    }
    let mut rows = vec![[
        "A",
        "B",
        "deals",
        "A win share",
        "95% CI",
        "A score lead",
        "95% CI",
        "seconds",
    ]
    .map(String::from)
    .to_vec()];
    for d in &duels {
        let (wl, wh) = d.win.interval();
        let (ll, lh) = d.lead.interval();
        rows.push(vec![
            d.a.clone(),
            d.b.clone(),
            d.win.count().to_string(),
            format!("{:.3}", d.win.mean()),
            format!("[{wl:.3}, {wh:.3}]"),
            format!("{:.2}", d.lead.mean()),
            format!("[{ll:.2}, {lh:.2}]"),
            format!("{:.0}", d.seconds),
        ]);
    }
    println!(
        "{name}: {} duplicate deals per matchup unless given, seed {}",
        G::INFO.name,
        s.seed
    );
    print!("{}", align_table(&rows));
    eprintln!("wrote {}", s.out.display());
    Ok(())
}

/// The budget curve: the win share of `ismcts` at each iteration budget against each opponent
/// it met, with 95% intervals.
fn budget_plot(path: &std::path::Path, name: &str, duels: &[Duel]) -> Result<(), String> {
    let mut series: Vec<Series> = Vec::new();
    for d in duels {
        let Some(iters) =
            d.a.strip_prefix("ismcts:iters=")
                .and_then(|x| x.parse::<f64>().ok())
        else {
            continue;
        };
        let (lo, hi) = d.win.interval();
        let point = Point {
            x: iters,
            y: d.win.mean(),
            lo,
            hi,
        };
        let label = format!("ismcts against {}", d.b);
        match series.iter_mut().find(|s| s.name == label) {
            Some(s) => s.points.push(point),
            None => series.push(Series {
                name: label,
                points: vec![point],
            }),
        }
    }
    for s in &mut series {
        s.points.sort_by(|a, b| a.x.total_cmp(&b.x));
    }
    let title = format!("{name}: ismcts win share against its budget (duplicate deals)");
    let axes = Axes {
        title: &title,
        x: "ismcts iterations per decision",
        y: "ismcts win share (95% CI)",
        log_x: true,
        reference: Some(0.5),
    };
    plot::intervals(path, &axes, &series)?;
    eprintln!("wrote {}", path.display());
    Ok(())
}
