//! The table of games the command line can run.

use crate::{fmt_num_pub, AtomicCsv, Report, SimConfig, SimError, Simulation};
use cardsim_agents::{catalog, AgentSpec, GameAgents};
use cardsim_engine::params::ParamSpec;
use cardsim_engine::{games, GameInfo, Params, Seat};
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
    /// Plays a request's games on the calling thread, one after another, as `simulate` plays
    /// them (no files, no threads), handing each game's move loop (everything from the end of
    /// the deal to the end of the game) to the hook, which must run it once.
    /// `sim/tests/alloc.rs` wraps the hook in an allocation counter; the games bench times
    /// the whole.
    pub move_loops: MoveLoops,
}

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

fn entry<G: GameAgents>() -> GameEntry {
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
        move_loops: move_loops::<G>,
    }
}

/// Every game, in the order `cardsim list` shows them: one line per game (see "Adding a game"
/// in `cardsim_engine::Game`).
pub fn games() -> Vec<GameEntry> {
    vec![
        entry::<games::trash::Trash>(),
        entry::<games::gin_rummy::GinRummy>(),
        entry::<games::whist::Whist>(),
        entry::<games::seahaven::Seahaven>(),
        entry::<games::bridge::Bridge>(),
        entry::<games::ninety_nine::NinetyNine>(),
        entry::<games::xeri::Xeri>(),
        entry::<games::euchre::Euchre>(),
        entry::<games::orgy::Orgy>(),
        entry::<games::egyptian_ratscrew::Ratscrew>(),
        entry::<games::speed::Speed>(),
        entry::<games::dingo::Dingo>(),
        entry::<games::ogorek::Ogorek>(),
    ]
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

/// The simulation a request asks for: players, rules, agents (the game's default when none
/// is given) and settings.
fn simulation<G: GameAgents>(req: &Request) -> Result<Simulation<G>, SimError> {
    // Without --players, a list of several agents sets the player count (too many is then
    // reported as a bad player count); a list shorter than the game's minimum leaves the
    // default, and the agent count is reported.
    let n = req.agents.len();
    let players = match req.players {
        Some(p) => p,
        None if n > 1 && n >= G::INFO.min_players => n,
        None => G::INFO.default_players,
    };
    let game = G::new(players, &req.params)?;
    let specs = if req.agents.is_empty() {
        let has_heuristic = catalog::<G>().kinds().iter().any(|k| k.name == "heuristic");
        vec![(if has_heuristic { "heuristic" } else { "random" }).parse::<AgentSpec>()?]
    } else {
        req.agents.clone()
    };
    Simulation::new(game, &specs, req.config.clone())
}

fn move_loops<G: GameAgents>(
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

fn run<G: GameAgents>(req: &Request) -> Result<Report, SimError> {
    let sim = simulation::<G>(req)?;
    let players = sim.game().players();
    let teams: Vec<usize> = Seat::all(players).map(|s| sim.game().team(s)).collect();
    // Open both files before playing, so a bad path fails at once and nothing half-written
    // is ever left behind.
    let mut out = req.out.as_deref().map(AtomicCsv::create).transpose()?;
    let summary = req.summary.as_deref().map(AtomicCsv::create).transpose()?;
    let labels = sim.labels();
    let mut report = Report::new(G::INFO.name, players, &labels, G::INFO.stats)
        .with_block(sim.block())
        .with_teams(&teams);
    if let Some(out) = out.as_mut() {
        let mut header = vec![
            "game", "seed", "seat", "agent", "score", "place", "win", "moves", "draw",
        ];
        header.extend(G::INFO.stats);
        out.write(header)?;
    }
    let seed = req.config.seed.to_string();
    sim.run(|record| {
        report.add(record, &labels);
        if let Some(out) = out.as_mut() {
            let index = record.index.to_string();
            let moves = record.moves.to_string();
            let draw = u8::from(record.draw).to_string();
            let stats: Vec<String> = record.stats.iter().map(|&x| fmt_num_pub(x)).collect();
            for (s, r) in record.seats.iter().enumerate() {
                let mut row = vec![
                    index.clone(),
                    seed.clone(),
                    s.to_string(),
                    labels[r.agent].clone(),
                    fmt_num_pub(r.score),
                    r.place.to_string(),
                    fmt_num_pub(r.win),
                    moves.clone(),
                    draw.clone(),
                ];
                row.extend(stats.iter().cloned());
                out.write(row)?;
            }
        }
        Ok(())
    })?;
    if let Some(out) = out {
        out.commit()?;
    }
    if let Some(summary) = summary {
        report.write_csv(summary)?;
    }
    Ok(report)
}
