//! `cardsim dd`: double-dummy tables of bridge deals.

use cardsim_agents::dds::{self, DdTable, Strain};
use cardsim_engine::cards::CardSet;
use cardsim_engine::pbn::Deal;
use cardsim_engine::tricks::shuffled;
use cardsim_sim::AtomicCsv;
use clap::Args;
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;
use rayon::prelude::*;
use std::path::PathBuf;
use std::time::Instant;

/// Arguments of `cardsim dd`.
#[derive(Args, Debug)]
pub struct DdArgs {
    /// One deal in PBN, e.g. "N:AKQ2.KJ4.T98.A73 JT9.AQ2.AKQ.KQJ2 876.T9876.765.T9 543.53.J432.8654".
    #[arg(long, conflicts_with_all = ["pbn_file", "random"])]
    pbn: Option<String>,
    /// A file with one PBN deal per line (blank lines and lines starting with `%` or `#` are
    /// skipped; `[Deal "..."]` tag lines are accepted).
    #[arg(long, value_name = "FILE", conflicts_with = "random")]
    pbn_file: Option<PathBuf>,
    /// Solve N random deals.
    #[arg(long, value_name = "N")]
    random: Option<usize>,
    /// Seed of the random deals.
    #[arg(long, default_value_t = 0)]
    seed: u64,
    /// CSV with `deal,declarer,strain,tricks` rows.
    #[arg(long, value_name = "FILE.csv")]
    out: Option<PathBuf>,
    /// Worker threads (0 = one per core).
    #[arg(long, default_value_t = 0)]
    threads: usize,
    /// Print only the timing summary, not the tables.
    #[arg(long)]
    quiet: bool,
}

/// The deals the arguments name.
fn deals(args: &DdArgs) -> Result<Vec<Deal>, String> {
    if let Some(text) = &args.pbn {
        return Ok(vec![text
            .parse::<Deal>()
            .map_err(|e| format!("--pbn: {e}"))?]);
    }
    if let Some(path) = &args.pbn_file {
        let text = std::fs::read_to_string(path)
            .map_err(|e| format!("cannot read {}: {e}", path.display()))?;
        let mut out = Vec::new();
        for (i, line) in text.lines().enumerate() {
            let mut line = line.trim();
            if line.is_empty() || line.starts_with('%') || line.starts_with('#') {
                continue;
            }
            if let Some(rest) = line.strip_prefix("[Deal") {
                line = rest.trim().trim_end_matches(']').trim();
            } else if line.starts_with('[') {
                continue;
            }
            let deal = line
                .parse::<Deal>()
                .map_err(|e| format!("{} line {}: {e}", path.display(), i + 1))?;
            out.push(deal);
        }
        if out.is_empty() {
            return Err(format!("{} holds no deal", path.display()));
        }
        return Ok(out);
    }
    if let Some(n) = args.random {
        if n == 0 {
            return Err("--random needs at least 1 deal".into());
        }
        let mut rng = ChaCha8Rng::seed_from_u64(args.seed);
        return Ok((0..n).map(|_| random_deal(&mut rng)).collect());
    }
    Err("give --pbn DEAL, --pbn-file FILE or --random N (see cardsim dd --help)".into())
}

/// A uniformly random deal.
pub fn random_deal(rng: &mut ChaCha8Rng) -> Deal {
    let cards = shuffled(CardSet::FULL_DECK, rng);
    let hands: Vec<CardSet> = cards
        .chunks(13)
        .map(|c| c.iter().copied().collect())
        .collect();
    Deal::new([hands[0], hands[1], hands[2], hands[3]]).expect("a shuffled deck deals 4 x 13")
}

/// Runs `cardsim dd`.
///
/// # Errors
/// A one-line message for a bad deal, file or setting.
pub fn run(args: DdArgs) -> Result<(), String> {
    if args.threads > 1024 {
        return Err(format!(
            "--threads {} is too many; use 0 (all cores) to 1024",
            args.threads
        ));
    }
    let deals = deals(&args)?;
    let mut out = args
        .out
        .as_deref()
        .map(AtomicCsv::create)
        .transpose()
        .map_err(|e| e.to_string())?;
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(args.threads)
        .build()
        .map_err(|e| format!("cannot start {} threads: {e}", args.threads))?;
    let started = Instant::now();
    let results: Vec<(DdTable, f64)> = pool.install(|| {
        deals
            .par_iter()
            .map(|d| {
                let t = Instant::now();
                let table = dds::dd_table(d);
                (table, t.elapsed().as_secs_f64())
            })
            .collect()
    });
    let wall = started.elapsed().as_secs_f64();
    if let Some(out) = out.as_mut() {
        out.write(["deal", "declarer", "strain", "tricks"])
            .map_err(|e| e.to_string())?;
    }
    for (deal, (table, _)) in deals.iter().zip(&results) {
        if !args.quiet {
            println!("{deal}\n{table}");
        }
        if let Some(out) = out.as_mut() {
            for (d, name) in ["N", "E", "S", "W"].iter().enumerate() {
                for strain in Strain::ALL {
                    let row = [
                        deal.to_string(),
                        name.to_string(),
                        strain.name().to_string(),
                        table.tricks[d][strain as usize].to_string(),
                    ];
                    out.write(row).map_err(|e| e.to_string())?;
                }
            }
        }
    }
    if let Some(out) = out {
        out.commit().map_err(|e| e.to_string())?;
    }
    let mut times: Vec<f64> = results.iter().map(|r| r.1).collect();
    times.sort_by(f64::total_cmp);
    let pct = |p: f64| times[((times.len() - 1) as f64 * p).round() as usize] * 1000.0;
    eprintln!(
        "{} deals in {wall:.2} s; per table: median {:.1} ms, p95 {:.1} ms, max {:.1} ms",
        deals.len(),
        pct(0.5),
        pct(0.95),
        pct(1.0)
    );
    if let Some(p) = &args.out {
        eprintln!("wrote {}", p.display());
    }
    Ok(())
}
