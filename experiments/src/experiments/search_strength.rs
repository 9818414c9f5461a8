//! `whist-search`, `bridge-search`, `trash-search`: how strong are the search agents, and how
//! does their strength grow with the budget?
//!
//! Each matchup pits agent A against agent B in duplicate: every deal is played once with A
//! in the first seat (and its partner's) and once with the seating rotated, so the luck of
//! the cards cancels out. One sample per deal: A's win share over its seats and tables, and
//! the difference of A's and B's mean scores. The interval is the normal one over deals.

use super::shard::{self, Emit, Part, Sharded};
use super::{Experiment, Settings};
use crate::plot::{self, Axes, Point, Series};
use cardsim_agents::{split_specs, GameAgents};
use cardsim_engine::games::bridge::Bridge;
use cardsim_engine::games::trash::Trash;
use cardsim_engine::games::whist::Whist;
use cardsim_engine::{Game, Params};
use cardsim_sim::{align_table, AtomicCsv, GameRecord, MeanInterval, SimConfig, Simulation};
use std::ops::Range;

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
pub(super) type Matchups = &'static [(&'static str, &'static str, u64)];

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
    let m = Duels {
        name: "whist-search",
        game,
        matchups: WHIST_MATCHUPS,
        player: |x: &str| x.to_string(),
    };
    shard::drive(&m, m.name, s)
}

fn run_bridge(s: &Settings) -> Result<(), String> {
    let game = Bridge::new(
        4,
        &Params::parse(&["scoring=deal"]).map_err(|e| e.to_string())?,
    )
    .map_err(|e| e.to_string())?;
    let m = Duels {
        name: "bridge-search",
        game,
        matchups: BRIDGE_MATCHUPS,
        player: |x: &str| format!("bid-heuristic:play={}", x.replacen(':', ",", 1)),
    };
    shard::drive(&m, m.name, s)
}

fn run_trash(s: &Settings) -> Result<(), String> {
    let game = Trash::new(2, &Params::new()).map_err(|e| e.to_string())?;
    let m = Duels {
        name: "trash-search",
        game,
        matchups: TRASH_MATCHUPS,
        player: |x: &str| x.to_string(),
    };
    shard::drive(&m, m.name, s)
}

/// One matchup's result.
struct Duel {
    a: String,
    b: String,
    win: MeanInterval,
    lead: MeanInterval,
    seconds: f64,
}

/// A's win share and A's score lead over B over one deal (a block of games).
fn tally(records: &[GameRecord]) -> (f64, f64) {
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
    (w / records.len() as f64, sa / na - sb / nb)
}

/// The matchups of one game: the parts are the matchups, a sample is one duplicate deal
/// (A's win share over its tables, and A's score lead).
pub(super) struct Duels<G, F> {
    pub name: &'static str,
    pub game: G,
    pub matchups: Matchups,
    /// The spec that plays agent `x` in this game.
    pub player: F,
}

impl<G: GameAgents, F: Fn(&str) -> String> Duels<G, F> {
    /// The specs of matchup `k`, seated A, B, A, B, ...
    fn specs(&self, k: usize) -> Result<Vec<cardsim_agents::AgentSpec>, String> {
        let (a, b, _) = self.matchups[k];
        let (pa, pb) = ((self.player)(a), (self.player)(b));
        let list: Vec<String> = (0..self.game.players())
            .map(|i| if i % 2 == 0 { pa.clone() } else { pb.clone() })
            .collect();
        split_specs(&list.join(",")).map_err(|e| e.to_string())
    }
}

/// Per matchup: A's win share and score lead over its deals.
pub(super) type DuelTally = Vec<(MeanInterval, MeanInterval)>;

/// A deal's sample columns: A's win share and A's score lead.
pub(super) const DUEL_COLUMNS: &[&str] = &["a_win", "a_lead"];

/// Adds one deal's sample (in [`DUEL_COLUMNS`]) to matchup `part`.
pub(super) fn add_deal(acc: &mut DuelTally, part: usize, x: &[Option<f64>]) {
    let (win, lead) = &mut acc[part];
    win.add(x[0].unwrap_or(f64::NAN));
    lead.add(x[1].unwrap_or(f64::NAN));
}

/// The progress note of matchup `part`.
pub(super) fn duel_note(acc: &DuelTally, part: usize) -> String {
    format!(", A's win share {:.3}", acc[part].0.mean())
}

impl<G: GameAgents, F: Fn(&str) -> String> Sharded for Duels<G, F> {
    type Acc = DuelTally;

    fn columns(&self) -> &'static [&'static str] {
        DUEL_COLUMNS
    }

    fn parts(&self, s: &Settings) -> Result<Vec<Part>, String> {
        Ok(self
            .matchups
            .iter()
            .map(|&(a, b, deals)| Part {
                name: format!("{a} vs {b}"),
                samples: s.games.unwrap_or(deals),
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
        let specs = self.specs(part)?;
        let period = cardsim_sim::duplicate_period(&specs) as u64;
        let config = SimConfig::default()
            .seed(s.seed)
            .threads(s.threads)
            .quiet(true)
            .duplicate(true);
        let config = shard::games_of(config, &range, period);
        let sim = Simulation::new(self.game.clone(), &specs, config).map_err(e)?;
        let mut block = Vec::new();
        sim.run(|r| {
            block.push(r.clone());
            if block.len() as u64 == period {
                let (w, lead) = tally(&block);
                block.clear();
                emit(vec![Some(w), Some(lead)]).map_err(cardsim_sim::SimError::Setting)?;
            }
            Ok(())
        })
        .map_err(e)
    }

    fn start(&self, parts: &[Part]) -> Self::Acc {
        vec![Default::default(); parts.len()]
    }

    fn add(&self, acc: &mut Self::Acc, part: usize, x: &[Option<f64>]) {
        add_deal(acc, part, x)
    }

    fn note(&self, acc: &Self::Acc, part: usize) -> String {
        duel_note(acc, part)
    }

    fn finish(
        &self,
        s: &Settings,
        parts: &[Part],
        acc: Self::Acc,
        seconds: &[f64],
    ) -> Result<(), String> {
        let duels: Vec<Duel> = self
            .matchups
            .iter()
            .zip(acc)
            .zip(seconds)
            .map(|((&(a, b, _), (win, lead)), &seconds)| Duel {
                a: a.to_string(),
                b: b.to_string(),
                win,
                lead,
                seconds,
            })
            .collect();
        report::<G>(self.name, s, parts, &duels)
    }
}

fn report<G: GameAgents>(
    name: &str,
    s: &Settings,
    parts: &[Part],
    duels: &[Duel],
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
    for (d, part) in duels.iter().zip(parts) {
        let (win, lead, seconds) = (&d.win, &d.lead, d.seconds);
        let (wl, wh) = win.interval();
        let (ll, lh) = lead.interval();
        out.write([
            d.a.clone(),
            d.b.clone(),
            part.samples.to_string(),
            format!("{:.6}", win.mean()),
            format!("{wl:.6}"),
            format!("{wh:.6}"),
            format!("{:.6}", lead.mean()),
            format!("{ll:.6}"),
            format!("{lh:.6}"),
            format!("{seconds:.2}"),
        ])
        .map_err(e)?;
    }
    out.commit().map_err(e)?;
    if let Some(path) = &s.plot {
        budget_plot(path, name, duels)?;
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
    for d in duels {
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
    super::show(
        &format!(
            "{name}: {} duplicate deals per matchup unless given, seed {}",
            G::INFO.name,
            s.seed
        ),
        &align_table(&rows),
    )?;
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::experiments::Mode;
    use cardsim_sim::Shard;

    /// Cheap matchups with the experiments' machinery (the real ones take minutes).
    const CHEAP: Matchups = &[("heuristic", "random", 3), ("random", "heuristic", 2)];

    /// The CSV without its measured `seconds` column.
    fn untimed(path: &std::path::Path) -> String {
        std::fs::read_to_string(path)
            .unwrap()
            .lines()
            .map(|l| l.rsplit_once(',').unwrap().0.to_string() + "\n")
            .collect()
    }

    #[test]
    fn shards_of_the_matchups_merge_into_the_whole_run() {
        let dir = tempfile::tempdir().unwrap();
        let game = Whist::new(4, &Params::parse(&["target=1"]).unwrap()).unwrap();
        let m = Duels {
            name: "whist-search",
            game,
            matchups: CHEAP,
            player: |x: &str| x.to_string(),
        };
        let settings = |out: &str, mode: Mode| Settings {
            seed: 9,
            mode,
            ..Settings::for_test(dir.path().join(out), &[])
        };
        shard::drive(&m, m.name, &settings("whole.csv", Mode::Whole)).unwrap();
        let whole = untimed(&dir.path().join("whole.csv"));
        assert_eq!(whole.lines().count(), 3, "{whole}");
        for count in [2, 4] {
            let mut files = Vec::new();
            for index in 0..count {
                let f = format!("s{count}-{index}.csv");
                let mode = Mode::Shard(Shard { index, count });
                shard::drive(&m, m.name, &settings(&f, mode)).unwrap();
                files.push(dir.path().join(f));
            }
            let merged = format!("merged{count}.csv");
            shard::drive(&m, m.name, &settings(&merged, Mode::Merge(files))).unwrap();
            assert_eq!(untimed(&dir.path().join(merged)), whole, "{count} shards");
        }
    }
}
