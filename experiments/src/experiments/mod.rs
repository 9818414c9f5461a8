//! Named experiments: each answers one question a user of the toolkit asks, with defaults
//! that finish in a few minutes on two cores.

/// Calls `$f::<G>($args)` for the game named `$name`, for every game of
/// [`cardsim_engine::with_every_game`] (the simulator's list too); an unknown name is an
/// `Err` with one line.
macro_rules! for_game {
    ($name:expr, $f:ident $args:tt) => {
        cardsim_engine::with_every_game!(game_dispatch; $name, $f, $args)
    };
}

/// [`for_game`]'s expansion: one `if` per game, then the error.
macro_rules! game_dispatch {
    ($name:expr, $f:ident, $args:tt; $($module:ident :: $game:ident),* $(,)?) => {{
        #[allow(unused_imports)]
        use cardsim_engine::Game as _;
        let name: &str = $name;
        $(if name == cardsim_engine::games::$module::$game::INFO.name {
            $f::<cardsim_engine::games::$module::$game> $args
        } else)* {
            Err(format!("no experiment knows the game {name}"))
        }
    }};
}

mod agent_cost;
mod euchre_seats;
mod reaction_speed;
mod seahaven_solvability;
mod search_strength;
pub mod shard;
mod strength;
mod trash_seats;

use cardsim_sim::Shard;
use std::path::PathBuf;

/// What a command does with an experiment.
#[derive(Clone, Debug, PartialEq)]
pub enum Mode {
    /// Play it all and write the result.
    Whole,
    /// Play one shard and write its rows and manifest to `out` ([`shard`]).
    Shard(Shard),
    /// Combine these shard files into the result (the settings come from their manifests).
    Merge(Vec<PathBuf>),
}

/// Settings common to every experiment.
pub struct Settings {
    /// Games per configuration; the experiment's default when `None`.
    pub games: Option<u64>,
    /// Master seed.
    pub seed: u64,
    /// Worker threads (0 = all cores).
    pub threads: usize,
    /// Result CSV.
    pub out: PathBuf,
    /// No progress bar.
    pub quiet: bool,
    /// SVG plot of the results, for the experiments in [`PLOTTED`].
    pub plot: Option<PathBuf>,
    /// Whole run, shard or merge.
    pub mode: Mode,
    /// The games to play (`--game`, for the experiments in [`GAME_FILTERED`]); empty: all.
    pub games_named: Vec<String>,
    /// The agents to measure (`--agent`, for the experiments in [`AGENT_FILTERED`]); empty:
    /// all.
    pub agents_named: Vec<String>,
}

impl Settings {
    /// The settings of a unit test: one whole run on one thread, quiet, seed 0, writing
    /// `out`, playing the games named in `games` (all when empty).
    #[cfg(test)]
    fn for_test(out: impl Into<PathBuf>, games: &[&str]) -> Settings {
        Settings {
            games: None,
            seed: 0,
            threads: 1,
            out: out.into(),
            quiet: true,
            plot: None,
            mode: Mode::Whole,
            games_named: games.iter().map(|g| g.to_string()).collect(),
            agents_named: Vec::new(),
        }
    }

    /// True when the game named `name` is played: no `--game` was given, or it names it.
    pub fn plays_game(&self, name: &str) -> bool {
        self.games_named.is_empty() || self.games_named.iter().any(|g| g == name)
    }

    /// True when the agent named `name` is measured: no `--agent` was given, or it names it.
    pub fn measures_agent(&self, name: &str) -> bool {
        self.agents_named.is_empty() || self.agents_named.iter().any(|a| a == name)
    }
}

/// The experiments that play only the games named by `--game` when it is given.
pub const GAME_FILTERED: &[&str] = &["agent-cost", "strength"];

/// The experiments that measure only the agents named by `--agent` when it is given.
pub const AGENT_FILTERED: &[&str] = &["agent-cost"];

/// The agents `--agent` may name: those [`AGENT_FILTERED`]'s experiments measure.
pub const MEASURED_AGENTS: &[&str] = &agent_cost::AGENTS;

/// The experiments that draw a plot with `--plot`.
pub const PLOTTED: &[&str] = &[
    "trash-seats",
    "whist-search",
    "bridge-search",
    "trash-search",
    "reaction-speed",
];

/// A named experiment.
pub struct Experiment {
    /// Its name on the command line.
    pub name: &'static str,
    /// The question it answers.
    pub about: &'static str,
    /// Runs it.
    pub run: fn(&Settings) -> Result<(), String>,
}

/// Every experiment.
pub fn all() -> Vec<Experiment> {
    vec![
        trash_seats::EXPERIMENT,
        seahaven_solvability::EXPERIMENT,
        search_strength::WHIST,
        search_strength::BRIDGE,
        search_strength::TRASH,
        euchre_seats::EXPERIMENT,
        reaction_speed::EXPERIMENT,
        agent_cost::EXPERIMENT,
        strength::EXPERIMENT,
    ]
}

/// The experiment named `name`.
pub fn find(name: &str) -> Result<Experiment, String> {
    let all = all();
    let names: Vec<&str> = all.iter().map(|e| e.name).collect();
    let allowed = format!("list, {}", names.join(", "));
    all.into_iter()
        .find(|e| e.name == name)
        .ok_or_else(|| format!("unknown experiment {name:?}; allowed: {allowed}"))
}

/// Prints an experiment's result: a title line, then the table (see [`cardsim_sim::print`]).
fn show(title: &str, table: &str) -> Result<(), String> {
    cardsim_sim::print(&format!("{title}\n{table}")).map_err(|e| e.to_string())
}

/// The text of `cardsim experiment list`.
pub fn list() -> String {
    let mut s = String::from("Experiments (run with: cardsim experiment NAME [--games N] [--seed S] [--threads T] [--out FILE] [--shard I/N]):\n");
    for e in all() {
        s.push_str(&format!("  {:<22} {}\n", e.name, e.about));
    }
    s.push_str(&format!("With --plot FILE.svg: {}.\n", PLOTTED.join(", ")));
    s.push_str(&format!(
        "With --game NAME (repeatable): {}.\n",
        GAME_FILTERED.join(", ")
    ));
    s.push_str(&format!(
        "With --agent NAME (repeatable): {}.\n",
        AGENT_FILTERED.join(", ")
    ));
    s
}
