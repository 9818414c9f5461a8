//! Command-line parsing (clap) into validated requests.

use crate::experiments;
use cardsim_agents::split_specs;
use cardsim_engine::Params;
use cardsim_sim::{find_game, games, print, Manifest, Plan, Request, Shard, SimConfig};
use clap::{Args, Parser, Subcommand};
use std::ffi::OsString;
use std::path::{Path, PathBuf};

/// cardsim: card-game AI research and bulk simulation.
#[derive(Parser, Debug)]
#[command(name = "cardsim", version, about, propagate_version = true)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand, Debug)]
enum Command {
    /// List the games (players, parameters) and the agents each offers.
    List,
    /// Play many games in parallel and write CSV statistics.
    Simulate(SimulateArgs),
    /// Run a named experiment (`cardsim experiment list` shows them).
    Experiment(ExperimentArgs),
    /// Decide Seahaven Towers deals or positions with the exact solver.
    Solve(crate::solve::SolveArgs),
    /// Double-dummy tables of bridge deals: tricks for each declarer in each strain.
    Dd(crate::dd::DdArgs),
    /// Play every pairing of a list of agents on duplicate deals: a cross-table of win shares
    /// and Bradley-Terry ratings, with 95% intervals.
    Tournament(TournamentArgs),
    /// Replay game records (`simulate --records F`) through the rules: every action must be
    /// legal and every outcome must come out the same.
    Replay(ReplayArgs),
    /// Combine the shards of a run (`simulate`, `tournament` or `experiment` with
    /// `--shard I/N --out F`) into the files one unsplit run writes, byte for byte.
    Merge(MergeArgs),
}

#[derive(Args, Debug)]
struct TournamentArgs {
    /// Game name (see `cardsim list`).
    #[arg(long)]
    game: String,
    /// Number of players (default: the game's).
    #[arg(long)]
    players: Option<usize>,
    /// The agents, comma-separated specs (at least two, all different).
    #[arg(long)]
    agents: String,
    /// Games per pairing (the most, with --stop-early), rounded up to whole deals (default
    /// 1000; with --deal/--deals, each deal once in every seating).
    #[arg(long)]
    games: Option<u64>,
    /// Play this deal (the game's deal text) in every game of every pairing instead of deals
    /// from the seed.
    #[arg(
        long,
        value_name = "TEXT",
        conflicts_with = "deals",
        allow_hyphen_values = true
    )]
    deal: Option<String>,
    /// Play the deals of FILE in turn (one deal text per line, or a records file), each in
    /// every seating of every pairing.
    #[arg(long, value_name = "FILE")]
    deals: Option<PathBuf>,
    /// Stop a pairing once its 95% interval excludes an even match (checked after each batch).
    #[arg(long)]
    stop_early: bool,
    /// Deals per batch with --stop-early.
    #[arg(long, default_value_t = 100)]
    batch: u64,
    #[command(flatten)]
    run: RunArgs,
    /// Rule parameter `key=value` (repeatable).
    #[arg(long = "param", value_name = "KEY=VALUE")]
    params: Vec<String>,
    /// CSV of the cross-table and ratings.
    #[arg(long)]
    out: Option<PathBuf>,
    /// SVG heat map of the cross-table.
    #[arg(long, value_name = "FILE.svg")]
    plot: Option<PathBuf>,
    /// Play only share I of N (0-based) of the pairings; needs `--out`, and writes a manifest
    /// beside it for `cardsim merge`.
    #[arg(long, value_name = "I/N")]
    shard: Option<Shard>,
}

#[derive(Args, Debug)]
struct ReplayArgs {
    /// A records file (JSON lines).
    records: PathBuf,
    /// No progress bar.
    #[arg(long)]
    quiet: bool,
}

#[derive(Args, Debug)]
struct MergeArgs {
    /// The shards' per-game CSV files (each with its `.shard.json` manifest beside it), in
    /// any order.
    #[arg(required = true, value_name = "SHARD.csv")]
    shards: Vec<PathBuf>,
    /// Merged per-game CSV; for experiment shards, the experiment's result CSV (default:
    /// `<experiment>.csv`).
    #[arg(long)]
    out: Option<PathBuf>,
    /// Merged summary CSV.
    #[arg(long)]
    summary: Option<PathBuf>,
    /// Experiment shards: also draw the merged result's plot (as `experiment --plot`).
    #[arg(long, value_name = "FILE.svg")]
    plot: Option<PathBuf>,
    /// No progress bar.
    #[arg(long)]
    quiet: bool,
}

#[derive(Args, Debug)]
struct SimulateArgs {
    /// Game name (see `cardsim list`).
    #[arg(long)]
    game: String,
    /// Number of players (default: the number of agent specs when several are given, else the
    /// game's default).
    #[arg(long)]
    players: Option<usize>,
    /// Agent specs, one for all seats or one per seat, comma-separated: `name[:key=value,...]`.
    #[arg(long)]
    agents: Option<String>,
    /// Number of games (default 10000; with --deal/--deals, one game per deal, or one per
    /// deal and seating with --duplicate).
    #[arg(long)]
    games: Option<u64>,
    /// Play this deal (the game's deal text, as its rules doc shows it) in every game instead
    /// of deals from the seed; chance after the deal still comes from the seed.
    #[arg(
        long,
        value_name = "TEXT",
        conflicts_with = "deals",
        allow_hyphen_values = true
    )]
    deal: Option<String>,
    /// Play the deals of FILE in turn: one deal text per line, or a records file (JSON lines)
    /// whose `deal` fields are played. The per-game CSV gains a `deal` column (the deal's
    /// number in the list, from 0).
    #[arg(long, value_name = "FILE")]
    deals: Option<PathBuf>,
    /// Play on from a recorded position: replay the deal and the first `--at` moves of a
    /// record of FILE (a `--records` file) through the rules, then let the agents play on;
    /// chance after the position comes from the seed. Each game's record begins with the
    /// original deal and those moves, so it replays with `cardsim replay`.
    #[arg(long, value_name = "FILE", conflicts_with_all = ["deal", "deals"])]
    from_record: Option<PathBuf>,
    /// With --from-record: how many of the record's moves to replay (0 = its deal).
    #[arg(long, value_name = "K", requires = "from_record")]
    at: Option<usize>,
    /// With --from-record: which record of the file, counting records from 0 (default 0).
    #[arg(long, value_name = "N", requires = "from_record")]
    record_index: Option<usize>,
    #[command(flatten)]
    run: RunArgs,
    /// Per-game CSV (one row per game and seat).
    #[arg(long)]
    out: Option<PathBuf>,
    /// Summary CSV (one row per agent and per seat, and per team in a partnership game).
    #[arg(long)]
    summary: Option<PathBuf>,
    /// Game records: one JSON line per game with the deal, every action and the outcome
    /// (`cardsim replay` checks them; the README gives the schema).
    #[arg(long, value_name = "FILE.jsonl")]
    records: Option<PathBuf>,
    /// Rule parameter `key=value` (repeatable; see `cardsim list`).
    #[arg(long = "param", value_name = "KEY=VALUE")]
    params: Vec<String>,
    /// Rotate the seating from game to game (the default for multi-player games).
    #[arg(long, overrides_with = "no_rotate")]
    rotate: bool,
    /// Keep every agent in the seat it was given.
    #[arg(long)]
    no_rotate: bool,
    /// Duplicate: play every deal once in each distinct seating of the agents (consecutive
    /// games share a deal; `--games` must be a multiple of the number of seatings), so the
    /// luck of the cards cancels out.
    #[arg(long)]
    duplicate: bool,
    /// Play only shard I of N (0-based) of the games, e.g. `--shard 3/8`; needs `--out`, and
    /// writes a manifest beside it for `cardsim merge`. Any split plays the same games.
    #[arg(long, value_name = "I/N")]
    shard: Option<Shard>,
}

#[derive(Args, Debug)]
struct ExperimentArgs {
    /// Experiment name, or `list`.
    name: String,
    /// Games per configuration (default: the experiment's own); `--deals` is the same option,
    /// for the experiments that count deals.
    #[arg(long, alias = "deals")]
    games: Option<u64>,
    #[command(flatten)]
    run: RunArgs,
    /// Result CSV (default: `<experiment>.csv`); with `--shard`, the shard's rows.
    #[arg(long)]
    out: Option<PathBuf>,
    /// Also draw the results as an SVG plot (`cardsim experiment list` says which
    /// experiments draw one).
    #[arg(long, value_name = "FILE.svg")]
    plot: Option<PathBuf>,
    /// Play only share I of N (0-based) of every configuration's games, e.g. `--shard 3/8`;
    /// needs `--out`, which gets the shard's rows and a manifest beside it for
    /// `cardsim merge`. Any split plays the same games.
    #[arg(long, value_name = "I/N")]
    shard: Option<Shard>,
    /// Play only this game (repeatable; `cardsim experiment list` says which experiments
    /// take it), e.g. `--game bridge --game pig`.
    #[arg(long = "game", value_name = "NAME")]
    game: Vec<String>,
    /// Measure only this agent (repeatable; `cardsim experiment list` says which experiments
    /// take it), e.g. `--agent pimc --agent cheat`.
    #[arg(long = "agent", value_name = "NAME")]
    agent: Vec<String>,
}

/// The most games (or deals) an experiment plays per configuration: some experiments keep a
/// row per game in memory until they write their result.
const MAX_EXPERIMENT_GAMES: u64 = 10_000_000;

/// Seed, threads and progress: the settings of every command that plays games.
#[derive(Args, Debug)]
struct RunArgs {
    /// Master seed: the same seed gives the same files for any thread count.
    #[arg(long, default_value_t = 0)]
    seed: u64,
    /// Worker threads (0 = one per core).
    #[arg(long, default_value_t = 0)]
    threads: usize,
    /// No progress bar.
    #[arg(long)]
    quiet: bool,
}

impl RunArgs {
    /// Rejects a thread count no machine can use.
    fn checked(&self) -> Result<&RunArgs, String> {
        if self.threads > 1024 {
            return Err(format!(
                "--threads {} is too many; use 0 (all cores) to 1024",
                self.threads
            ));
        }
        Ok(self)
    }
}

/// Parses `args` and runs the command; `Err` is the one-line message for stderr.
pub fn run(args: impl IntoIterator<Item = OsString>) -> Result<(), String> {
    let cli = match Cli::try_parse_from(args) {
        Ok(cli) => cli,
        Err(e) if !e.use_stderr() => {
            // --help and --version
            return print(&e.to_string()).map_err(|e| e.to_string());
        }
        Err(e) => {
            let text = e.to_string();
            let first = text
                .lines()
                .next()
                .unwrap_or("bad arguments")
                .trim_start_matches("error: ");
            return Err(format!("{first} (see cardsim --help)"));
        }
    };
    match cli.command {
        Command::List => print(&list()).map_err(|e| e.to_string()),
        Command::Simulate(args) => simulate(args),
        Command::Experiment(args) => experiment(args),
        Command::Solve(args) => crate::solve::run(args),
        Command::Dd(args) => crate::dd::run(args),
        Command::Merge(args) => merge(args),
        Command::Replay(args) => replay(args),
        Command::Tournament(args) => tournament(args),
    }
}

fn tournament(args: TournamentArgs) -> Result<(), String> {
    let run = args.run.checked()?;
    let deals = match (&args.deal, &args.deals) {
        (Some(text), _) => vec![text.clone()],
        (None, Some(path)) => {
            let entry = find_game(&args.game).map_err(|e| e.to_string())?;
            cardsim_sim::read_deals(path, entry.info.name).map_err(|e| e.to_string())?
        }
        (None, None) => Vec::new(),
    };
    let games = match args.games {
        Some(g) => g,
        None if deals.is_empty() => 1000,
        None => 0, // one round of the deals
    };
    let config = cardsim_sim::TournamentConfig {
        game: args.game,
        players: args.players,
        params: Params::parse(&args.params).map_err(|e| e.to_string())?,
        agents: split_specs(&args.agents).map_err(|e| e.to_string())?,
        games,
        seed: run.seed,
        threads: run.threads,
        quiet: run.quiet,
        stop_early: args.stop_early,
        batch: args.batch,
        shard: args.shard,
        deals,
    };
    if args.shard.is_some() && args.out.is_none() {
        return Err(
            "--shard needs --out: the shard's files are what `cardsim merge` combines".into(),
        );
    }
    let mut plan = Plan::new();
    plan_outputs(&mut plan, args.out.as_deref(), args.shard.is_some())?;
    plan.output_opt("--plot", args.plot.as_deref())
        .map_err(|e| e.to_string())?;
    let out = args
        .out
        .as_deref()
        .map(cardsim_sim::AtomicCsv::create)
        .transpose()
        .map_err(|e| e.to_string())?;
    let started = std::time::Instant::now();
    let t = cardsim_sim::run_tournament(&config).map_err(|e| e.to_string())?;
    print(&t.table()).map_err(|e| e.to_string())?;
    eprintln!("tournament in {:.1} s", started.elapsed().as_secs_f64());
    if let (Some(out), Some(path)) = (out, &args.out) {
        t.write_csv(out).map_err(|e| e.to_string())?;
        if config.shard.is_some() {
            cardsim_sim::TournamentShard::of(&config, &t)
                .write_beside(path)
                .map_err(|e| e.to_string())?;
        }
        eprintln!("wrote the cross-table and ratings to {}", path.display());
    }
    if let Some(path) = &args.plot {
        let title = format!("{}: row agent's win share against the column agent", t.game);
        crate::plot::heat_map(path, &title, &t.agents, |i, j| t.pairing(i, j).map(|p| p.0))?;
        eprintln!("wrote {}", path.display());
    }
    Ok(())
}

/// Declares `--out` in `plan`, and with `sharded` the manifest written beside it.
///
/// # Errors
/// The plan's message; a shard on standard output (its manifest needs a file beside it).
pub fn plan_outputs(plan: &mut Plan, out: Option<&Path>, sharded: bool) -> Result<(), String> {
    let e = |e: cardsim_sim::SimError| e.to_string();
    plan.output_opt("--out", out).map_err(e)?;
    if let (Some(out), true) = (out, sharded) {
        if out.as_os_str() == "-" {
            return Err(
                "--shard needs --out FILE, not -: the shard's manifest goes beside it".into(),
            );
        }
        plan.output("the shard manifest", &Manifest::path_for(out))
            .map_err(e)?;
    }
    Ok(())
}

fn replay(args: ReplayArgs) -> Result<(), String> {
    let report = cardsim_sim::replay(&args.records, args.quiet).map_err(|e| e.to_string())?;
    for e in &report.errors {
        eprintln!("error: {}: {e}", args.records.display());
    }
    print(&format!(
        "{}: {} records replayed exactly, {} bad\n",
        args.records.display(),
        report.ok,
        report.errors.len()
    ))
    .map_err(|e| e.to_string())?;
    if report.errors.is_empty() {
        Ok(())
    } else {
        Err(format!(
            "{} of {} records in {} do not replay (listed above)",
            report.errors.len(),
            report.ok + report.errors.len() as u64,
            args.records.display()
        ))
    }
}

fn merge(args: MergeArgs) -> Result<(), String> {
    if let Some(name) = args
        .shards
        .first()
        .and_then(|p| experiments::shard::experiment_of(p))
    {
        return merge_experiment(&name, args);
    }
    if let Some(p) = args
        .shards
        .iter()
        .find(|p| experiments::shard::experiment_of(p).is_some())
    {
        return Err(format!(
            "{} is an experiment's shard and {} is not; merge the shards of one run at a time",
            p.display(),
            args.shards[0].display()
        ));
    }
    if args.plot.is_some() {
        return Err("--plot works with experiment shards only".into());
    }
    let e = |e: cardsim_sim::SimError| e.to_string();
    let mut plan = Plan::new();
    for shard in &args.shards {
        plan.input("shard", shard).map_err(e)?;
        plan.input("shard manifest", &Manifest::path_for(shard))
            .map_err(e)?;
    }
    plan.output_opt("--out", args.out.as_deref()).map_err(e)?;
    plan.output_opt("--summary", args.summary.as_deref())
        .map_err(e)?;
    if args
        .shards
        .first()
        .is_some_and(|p| cardsim_sim::is_tournament_shard(p))
    {
        if args.summary.is_some() {
            return Err("tournament shards merge into --out only (no --summary)".into());
        }
        let t = cardsim_sim::merge_tournament(&args.shards, args.out.as_deref())
            .map_err(|e| e.to_string())?;
        print(&t.table()).map_err(|e| e.to_string())?;
        if let Some(p) = &args.out {
            eprintln!("wrote the cross-table and ratings to {}", p.display());
        }
        return Ok(());
    }
    let report = cardsim_sim::merge(
        &args.shards,
        args.out.as_deref(),
        args.summary.as_deref(),
        args.quiet,
    )
    .map_err(|e| e.to_string())?;
    print(&report.table()).map_err(|e| e.to_string())?;
    eprintln!(
        "merged {} shards: {} games",
        args.shards.len(),
        report.games
    );
    for (what, path) in [("per-game rows", &args.out), ("summary", &args.summary)] {
        if let Some(p) = path {
            eprintln!("wrote {what} to {}", p.display());
        }
    }
    Ok(())
}

/// Merges the shards of experiment `name` into its result CSV (`--out`, default
/// `<experiment>.csv`), table and plot.
fn merge_experiment(name: &str, args: MergeArgs) -> Result<(), String> {
    if args.summary.is_some() {
        return Err("experiment shards merge into --out (and --plot) only, not --summary".into());
    }
    let exp = experiments::find(name)?;
    check_plot(&exp, args.plot.as_deref())?;
    // The run's games and seed come from the shards' manifests.
    let settings = experiments::Settings {
        games: None,
        seed: 0,
        threads: 0,
        out: args
            .out
            .unwrap_or_else(|| PathBuf::from(format!("{}.csv", exp.name))),
        quiet: args.quiet,
        plot: args.plot,
        mode: experiments::Mode::Merge(args.shards),
        games_named: Vec::new(),
        agents_named: Vec::new(),
    };
    (exp.run)(&settings)
}

/// Checks that experiment `exp` draws a plot when one is asked for (the experiment checks
/// that it can be written).
fn check_plot(exp: &experiments::Experiment, plot: Option<&std::path::Path>) -> Result<(), String> {
    if plot.is_some() && !experiments::PLOTTED.contains(&exp.name) {
        return Err(format!(
            "experiment {} draws no plot; --plot works with {}",
            exp.name,
            experiments::PLOTTED.join(", ")
        ));
    }
    Ok(())
}

/// Checks `--game`: only with the experiments that take it, not with `--shard` (a shard plays
/// a share of every game, so that `cardsim merge` can put them together), and each name a game
/// of `cardsim list`.
fn check_game_filter(
    exp: &experiments::Experiment,
    names: &[String],
    shard: bool,
) -> Result<(), String> {
    check_filter(exp, names, shard, "game", experiments::GAME_FILTERED)?;
    for name in names {
        find_game(name).map_err(|e| format!("--game: {e}"))?;
    }
    Ok(())
}

/// Checks `--agent`: only with the experiments that take it, not with `--shard` (as
/// `--game`), and each name one of the agents they measure.
fn check_agent_filter(
    exp: &experiments::Experiment,
    names: &[String],
    shard: bool,
) -> Result<(), String> {
    check_filter(exp, names, shard, "agent", experiments::AGENT_FILTERED)?;
    for name in names {
        if !experiments::MEASURED_AGENTS.contains(&name.as_str()) {
            return Err(format!(
                "--agent: unknown agent {name:?}; allowed: {}",
                experiments::MEASURED_AGENTS.join(", ")
            ));
        }
    }
    Ok(())
}

/// What `--game` and `--agent` (`what`) share: given at all, only with the experiments in
/// `takers`, and never with `--shard`.
fn check_filter(
    exp: &experiments::Experiment,
    names: &[String],
    shard: bool,
    what: &str,
    takers: &[&str],
) -> Result<(), String> {
    if names.is_empty() {
        return Ok(());
    }
    if !takers.contains(&exp.name) {
        return Err(format!(
            "experiment {} plays fixed {what}s; --{what} works with {}",
            exp.name,
            takers.join(", ")
        ));
    }
    if shard {
        return Err(format!(
            "--{what} with --shard: a shard plays a share of every {what}"
        ));
    }
    Ok(())
}

fn simulate(args: SimulateArgs) -> Result<(), String> {
    let entry = find_game(&args.game).map_err(|e| e.to_string())?;
    let params = Params::parse(&args.params).map_err(|e| e.to_string())?;
    let agents = match &args.agents {
        Some(list) => split_specs(list).map_err(|e| e.to_string())?,
        None => Vec::new(),
    };
    let run = args.run.checked()?;
    let mut plan = Plan::new();
    plan_outputs(&mut plan, args.out.as_deref(), args.shard.is_some())?;
    for (what, path) in [("--summary", &args.summary), ("--records", &args.records)] {
        plan.output_opt(what, path.as_deref())
            .map_err(|e| e.to_string())?;
    }
    if let Some(path) = &args.deals {
        plan.input("--deals", path).map_err(|e| e.to_string())?;
    }
    let deals = match (&args.deal, &args.deals) {
        (Some(text), _) => vec![text.clone()],
        (None, Some(path)) => {
            cardsim_sim::read_deals(path, entry.info.name).map_err(|e| e.to_string())?
        }
        (None, None) => Vec::new(),
    };
    let position = match &args.from_record {
        Some(path) => {
            plan.input("--from-record", path)
                .map_err(|e| e.to_string())?;
            let at = args.at.ok_or(
                "--from-record needs --at K: how many of the record's moves to replay (0 for \
                 its deal)",
            )?;
            Some(read_position(path, args.record_index.unwrap_or(0), at)?)
        }
        None => None,
    };
    // A position is played under the record's rules.
    let (players, params) = match &position {
        Some(p) if !args.params.is_empty() => {
            return Err(format!(
                "--param cannot be used with --from-record: the record's rules ({}) are played",
                p.record.params.join(" ")
            ))
        }
        Some(p) => (
            Some(args.players.unwrap_or(p.record.players)),
            Params::parse(&p.record.params).map_err(|e| e.to_string())?,
        ),
        None => (args.players, params),
    };
    let games = match args.games {
        Some(g) => g,
        None if position.is_some() => 1,
        None if deals.is_empty() => 10_000,
        None => {
            let period = if args.duplicate && agents.len() > 1 {
                cardsim_sim::duplicate_period(&agents) as u64
            } else {
                1
            };
            deals.len() as u64 * period
        }
    };
    let config = SimConfig::default()
        .games(games)
        .deals(deals)
        .position(position)
        .seed(run.seed)
        .threads(run.threads)
        .rotate(!args.no_rotate)
        .duplicate(args.duplicate)
        .shard(args.shard)
        .quiet(run.quiet);
    let request = Request {
        players,
        params,
        agents,
        config,
        out: args.out,
        summary: args.summary,
        records: args.records,
    };
    let started = std::time::Instant::now();
    let report = (entry.simulate)(&request).map_err(|e| e.to_string())?;
    print(&report.table()).map_err(|e| e.to_string())?;
    let secs = started.elapsed().as_secs_f64();
    eprintln!(
        "{} games in {secs:.2} s ({:.0} games/s)",
        report.games,
        report.games as f64 / secs.max(1e-9)
    );
    for (what, path) in [
        ("per-game rows", &request.out),
        ("summary", &request.summary),
        ("game records", &request.records),
    ] {
        if let Some(p) = path {
            eprintln!("wrote {what} to {}", p.display());
        }
    }
    Ok(())
}

/// Record number `index` (counting non-blank lines from 0) of the records file `path`, at
/// move `at`; the game's rules check the position when the run is set up.
fn read_position(path: &Path, index: usize, at: usize) -> Result<cardsim_sim::Position, String> {
    let text = std::fs::read_to_string(path)
        .map_err(|e| format!("--from-record: cannot read {}: {e}", path.display()))?;
    let line = text
        .lines()
        .filter(|l| !l.trim().is_empty())
        .nth(index)
        .ok_or_else(|| {
            format!(
                "--from-record: {} has no record number {index} (counting from 0)",
                path.display()
            )
        })?;
    let record: cardsim_sim::Record = serde_json::from_str(line).map_err(|e| {
        format!(
            "--from-record: record {index} of {} is not a game record: {e}",
            path.display()
        )
    })?;
    if at > record.moves.len() {
        return Err(format!(
            "--at {at} is past the {} moves of record {index} of {}",
            record.moves.len(),
            path.display()
        ));
    }
    Ok(cardsim_sim::Position { record, at })
}

fn experiment(args: ExperimentArgs) -> Result<(), String> {
    if args.name == "list" {
        return print(&experiments::list()).map_err(|e| e.to_string());
    }
    let exp = experiments::find(&args.name)?;
    let run = args.run.checked()?;
    if let Some(games) = args.games.filter(|&g| g > MAX_EXPERIMENT_GAMES) {
        return Err(format!(
            "--games {games} is more than {MAX_EXPERIMENT_GAMES}, the most an experiment plays \
             per configuration (some keep a row per game in memory)"
        ));
    }
    let mode = match args.shard {
        None => experiments::Mode::Whole,
        Some(shard) => {
            if args.out.is_none() {
                return Err(
                    "--shard needs --out: the shard's rows are what `cardsim merge` combines"
                        .into(),
                );
            }
            if args.plot.is_some() {
                return Err(
                    "--plot with --shard: a shard has no result to draw; give --plot to `cardsim merge`"
                        .into(),
                );
            }
            experiments::Mode::Shard(shard)
        }
    };
    check_plot(&exp, args.plot.as_deref())?;
    check_game_filter(&exp, &args.game, args.shard.is_some())?;
    check_agent_filter(&exp, &args.agent, args.shard.is_some())?;
    let settings = experiments::Settings {
        games: args.games,
        seed: run.seed,
        threads: run.threads,
        out: args
            .out
            .unwrap_or_else(|| PathBuf::from(format!("{}.csv", exp.name))),
        quiet: run.quiet,
        plot: args.plot,
        mode,
        games_named: args.game,
        agents_named: args.agent,
    };
    (exp.run)(&settings)
}

/// The text of `cardsim list`.
pub fn list() -> String {
    let mut s =
        String::from("Games (use with simulate --game NAME; parameters with --param KEY=VALUE):\n");
    for g in games() {
        let i = g.info;
        s.push_str(&format!(
            "\n  {:<16} {}  players {}-{} (default {})\n",
            i.name, i.title, i.min_players, i.max_players, i.default_players
        ));
        for p in i.params {
            let pair = format!("{}={}", p.key, p.default);
            s.push_str(&format!(
                "      --param {pair:<16} {} ({})\n",
                p.help, p.kind
            ));
        }
        s.push_str(&format!(
            "      statistics: moves, {}\n",
            i.stats.join(", ")
        ));
        s.push_str("      agents:\n");
        for (name, help, params) in (g.agents)() {
            s.push_str(&format!("        {name:<10} {help}\n"));
            for p in params {
                let pair = format!("{}={}", p.key, p.default);
                s.push_str(&format!("          {pair:<16} {} ({})\n", p.help, p.kind));
            }
        }
        let shared = (g.shared_settings)();
        if !shared.is_empty() {
            s.push_str("      every agent also takes:\n");
            for p in shared {
                let pair = format!("{}={}", p.key, p.default);
                s.push_str(&format!("          {pair:<16} {} ({})\n", p.help, p.kind));
            }
        }
    }
    s
}
