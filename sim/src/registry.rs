//! The table of games the command line can run.

use crate::play::Prefix;
use crate::record::{position_of, replay_record, Record, RecordWriter};
use crate::shard::{per_game_header, per_game_rows, Manifest};
use crate::{AtomicCsv, GameRecord, Report, SimConfig, SimError, Simulation};
use cardsim_agents::{catalog, AgentSpec, GameAgents};
use cardsim_engine::params::ParamSpec;
use cardsim_engine::{games, DealText, GameInfo, Params, Seat};
use std::path::PathBuf;

/// What to simulate: the request a command line or experiment builds.
#[derive(Clone, Debug, Default)]
pub struct Request {
    /// Players; when `None`, the number of agent specs if more than one is given, else the
    /// game's default.
    pub players: Option<usize>,
    /// Rule parameters.
    pub params: Params,
    /// One spec for every seat, or one per seat; empty means the game's default
    /// (`heuristic` everywhere where the game has one, else `random`).
    pub agents: Vec<AgentSpec>,
    /// Games, seed, threads, rotation, progress.
    pub config: SimConfig,
    /// Per-game CSV destination.
    pub out: Option<PathBuf>,
    /// Summary CSV destination.
    pub summary: Option<PathBuf>,
    /// Game records destination (JSON lines, see [`crate::Record`]).
    pub records: Option<PathBuf>,
}

/// One kind of agent as `cardsim list` shows it: name, what it does, its settings.
pub type AgentInfo = (&'static str, &'static str, &'static [ParamSpec]);

/// One game in the table: its description, its agents and a type-erased runner.
#[derive(Clone, Copy)]
pub struct GameEntry {
    /// Name, players, parameters, statistics.
    pub info: GameInfo,
    /// The agents it offers.
    pub agents: fn() -> Vec<AgentInfo>,
    /// The settings every agent of the game takes besides its own (the reaction-time model of
    /// a real-time game).
    pub shared_settings: fn() -> &'static [ParamSpec],
    /// Runs a request, writing the files it names, and returns the summary.
    pub simulate: fn(&Request) -> Result<Report, SimError>,
    /// The empty report a request's run starts from, with its agents' labels (for rebuilding
    /// a run's summary from its per-game rows, as [`crate::merge`] does).
    pub report: EmptyReport,
    /// Plays a request's games (no files) and hands each record to the sink in game order.
    pub play: PlayRecords,
    /// Replays one game record through the rules ([`crate::replay_record`]).
    pub replay: fn(&Record) -> Result<(), String>,
    /// Plays a request's games on the calling thread, one after another, as `simulate` plays
    /// them (no files, no threads), handing each game's move loop (everything from the end of
    /// the deal to the end of the game) to the hook, which must run it once.
    /// `sim/tests/alloc.rs` wraps the hook in an allocation counter; the games bench times
    /// the whole.
    pub move_loops: MoveLoops,
    /// The deal text of the state a request's game deals from `seed` (stream 0), for
    /// `players` and `params`: `(text, Debug of the state)`.
    pub deal_text: DealTextOf,
    /// Reads a deal text for a request's players and parameters: the `Debug` of the state it
    /// describes, or the one-line reason it is not a deal.
    pub parse_deal: ParseDeal,
}

/// The type of [`GameEntry::deal_text`].
pub type DealTextOf = fn(&Request, u64) -> Result<(String, String), SimError>;

/// The type of [`GameEntry::parse_deal`].
pub type ParseDeal = fn(&Request, &str) -> Result<String, SimError>;

/// The type of [`GameEntry::report`]: the empty report and the agents' labels.
pub type EmptyReport = fn(&Request) -> Result<(Report, Vec<String>), SimError>;

/// The type of [`GameEntry::play`].
pub type PlayRecords =
    fn(&Request, &mut dyn FnMut(&GameRecord) -> Result<(), SimError>) -> Result<(), SimError>;

/// The type of [`GameEntry::move_loops`].
pub type MoveLoops = fn(&Request, &mut dyn FnMut(&mut dyn FnMut())) -> Result<Played, SimError>;

/// What [`GameEntry::move_loops`] played.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Played {
    /// Games.
    pub games: u64,
    /// Actions applied, over all games.
    pub moves: u64,
}

fn entry<G: GameAgents + DealText>() -> GameEntry {
    GameEntry {
        info: G::INFO,
        agents: || {
            catalog::<G>()
                .kinds()
                .iter()
                .map(|k| (k.name, k.help, k.params))
                .collect()
        },
        shared_settings: || catalog::<G>().shared_settings(),
        simulate: run::<G>,
        report: |req| {
            let sim = simulation::<G>(req)?;
            Ok(empty_report(&sim))
        },
        move_loops: move_loops::<G>,
        replay: replay_record::<G>,
        play: |req, sink| simulation::<G>(req)?.run(sink),
        deal_text: |req, seed| {
            let game = configured::<G>(req)?;
            let state = game.deal(&mut crate::game_rng(seed, 0));
            Ok((game.print_deal(&state), format!("{state:?}")))
        },
        parse_deal: |req, text| {
            let game = configured::<G>(req)?;
            let state = game
                .parse_deal(text)
                .map_err(|e| SimError::Setting(e.to_string()))?;
            Ok(format!("{state:?}"))
        },
    }
}

/// Every game, in the order `cardsim list` shows them: one line per game (see "Adding a game"
/// in `cardsim_engine::Game`).
pub fn games() -> Vec<GameEntry> {
    macro_rules! entries {
        ($($module:ident :: $game:ident),* $(,)?) => {
            vec![$(entry::<games::$module::$game>()),*]
        };
    }
    cardsim_engine::with_every_game!(entries)
}

/// The game named `name`.
///
/// # Errors
/// [`SimError::UnknownGame`] listing the names.
pub fn find_game(name: &str) -> Result<GameEntry, SimError> {
    let all = games();
    all.iter()
        .find(|g| g.info.name == name)
        .copied()
        .ok_or_else(|| SimError::UnknownGame {
            name: name.to_string(),
            allowed: all
                .iter()
                .map(|g| g.info.name)
                .collect::<Vec<_>>()
                .join(", "),
        })
}

/// The rules a request asks for: its players (without `--players`, a list of several agents
/// sets the player count, too many then being reported as a bad player count; a list shorter
/// than the game's minimum leaves the default, and the agent count is reported) and
/// parameters.
fn configured<G: GameAgents>(req: &Request) -> Result<G, SimError> {
    let n = req.agents.len();
    let players = match req.players {
        Some(p) => p,
        None if n > 1 && n >= G::INFO.min_players => n,
        None => G::INFO.default_players,
    };
    Ok(G::new(players, &req.params)?)
}

/// The simulation a request asks for: players, rules, agents (the game's default when none
/// is given), settings and the given deals, read before any game is played.
fn simulation<G: GameAgents + DealText>(req: &Request) -> Result<Simulation<G>, SimError> {
    let game = configured::<G>(req)?;
    let specs = if req.agents.is_empty() {
        let has_heuristic = catalog::<G>().kinds().iter().any(|k| k.name == "heuristic");
        vec![(if has_heuristic { "heuristic" } else { "random" }).parse::<AgentSpec>()?]
    } else {
        req.agents.clone()
    };
    let config = SimConfig {
        records: req.config.records || req.records.is_some(),
        ..req.config.clone()
    };
    let deals = req
        .config
        .deals
        .iter()
        .enumerate()
        .map(|(k, text)| {
            game.parse_deal(text).map_err(|e| {
                SimError::Setting(format!("deal {k} is not a {} deal: {e}", G::INFO.name))
            })
        })
        .collect::<Result<Vec<_>, _>>()?;
    if !deals.is_empty() && req.config.shard.is_some() {
        return Err(SimError::Setting(
            "--shard cannot be used with --deal/--deals".into(),
        ));
    }
    let position = match &req.config.position {
        None => None,
        Some(_) if !deals.is_empty() => {
            return Err(SimError::Setting(
                "--from-record cannot be used with --deal/--deals".into(),
            ))
        }
        Some(_) if req.config.shard.is_some() => {
            return Err(SimError::Setting(
                "--shard cannot be used with --from-record".into(),
            ))
        }
        Some(p) => {
            if p.record.game != G::INFO.name {
                return Err(SimError::Setting(format!(
                    "the record is a game of {}, not of {}",
                    p.record.game,
                    G::INFO.name
                )));
            }
            let (state, origin) = position_of(&game, p)
                .map_err(|e| SimError::Setting(format!("the record's position: {e}")))?;
            Some((
                state,
                Prefix {
                    deal: p.record.deal.clone(),
                    moves: p.record.moves[..p.at].to_vec(),
                    origin,
                },
            ))
        }
    };
    let sim = Simulation::new(game, &specs, config)?
        .with_deals(deals)
        .with_deal_text(|g, s| g.print_deal(s));
    Ok(match position {
        Some((state, prefix)) => sim.with_position(state, prefix),
        None => sim,
    })
}

fn move_loops<G: GameAgents + DealText>(
    req: &Request,
    around: &mut dyn FnMut(&mut dyn FnMut()),
) -> Result<Played, SimError> {
    let mut played = Played::default();
    simulation::<G>(req)?.run_here(around, |r| {
        played.games += 1;
        played.moves += r.moves;
        Ok(())
    })?;
    Ok(played)
}

/// The report a simulation starts from, and its agents' labels.
fn empty_report<G: GameAgents>(sim: &Simulation<G>) -> (Report, Vec<String>) {
    let players = sim.game().players();
    let teams: Vec<usize> = Seat::all(players).map(|s| sim.game().team(s)).collect();
    let labels = sim.labels();
    let report = Report::new(G::INFO.name, players, &labels, G::INFO.stats)
        .with_block(sim.block())
        .with_teams(&teams);
    (report, labels)
}

fn run<G: GameAgents + DealText>(req: &Request) -> Result<Report, SimError> {
    let sim = simulation::<G>(req)?;
    if req.config.shard.is_some() && req.out.is_none() {
        return Err(SimError::Setting(
            "--shard needs --out: the shard's per-game CSV is what `cardsim merge` combines".into(),
        ));
    }
    // Open both files before playing, so a bad path fails at once and nothing half-written
    // is ever left behind.
    let mut out = req.out.as_deref().map(AtomicCsv::create).transpose()?;
    let summary = req.summary.as_deref().map(AtomicCsv::create).transpose()?;
    let mut records = req
        .records
        .as_deref()
        .map(RecordWriter::create)
        .transpose()?;
    let (mut report, labels) = empty_report(&sim);
    // With given deals, each row says which deal the game played.
    let given = !req.config.deals.is_empty();
    if let Some(out) = out.as_mut() {
        let mut header = per_game_header(G::INFO.stats);
        if given {
            header.push("deal".into());
        }
        out.write(header)?;
    }
    let seed = req.config.seed;
    sim.run(|record| {
        report.add(record, &labels);
        if let Some(out) = out.as_mut() {
            let deal = sim
                .deal_of(record.index)
                .filter(|_| given)
                .map(|k| k.to_string());
            for mut row in per_game_rows(record, &labels, seed) {
                row.extend(deal.clone());
                out.write(row)?;
            }
        }
        if let Some(records) = records.as_mut() {
            let line = Record::of(
                G::INFO.name,
                &req.params,
                seed,
                &labels,
                G::INFO.stats,
                record,
            );
            records.write(&line)?;
        }
        Ok(())
    })?;
    if let Some(records) = records {
        records.commit()?;
    }
    if let Some(out) = out {
        out.commit()?;
    }
    if let (Some(path), Some(_)) = (&req.out, req.config.shard) {
        Manifest::of(req, G::INFO.name, sim.game().players(), sim.range()).write_beside(path)?;
    }
    if let Some(summary) = summary {
        report.write_csv(summary)?;
    }
    Ok(report)
}
