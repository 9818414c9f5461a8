//! Everything that can go wrong in a simulation request.

use cardsim_agents::AgentError;
use cardsim_engine::ConfigError;
use std::path::PathBuf;

/// A simulation error; its message is one line naming what is wrong and what is allowed.
#[derive(Debug, thiserror::Error)]
pub enum SimError {
    /// No game of that name.
    #[error("unknown game {name:?}; allowed: {allowed}")]
    UnknownGame {
        /// The name given.
        name: String,
        /// The game names.
        allowed: String,
    },
    /// Bad player count or rule parameter.
    #[error(transparent)]
    Config(#[from] ConfigError),
    /// Bad agent spec.
    #[error(transparent)]
    Agent(#[from] AgentError),
    /// The number of agent specs does not fit the number of seats.
    #[error(
        "{game} with {players} players needs 1 agent spec (for every seat) or {players}, got {got}"
    )]
    AgentCount {
        /// The game.
        game: &'static str,
        /// Seats.
        players: usize,
        /// Specs given.
        got: usize,
    },
    /// Zero games requested, or another bad setting.
    #[error("{0}")]
    Setting(String),
    /// An output file cannot be written.
    #[error("cannot write {path}: {source}")]
    Output {
        /// The path.
        path: PathBuf,
        /// The cause.
        source: std::io::Error,
    },
    /// A game did not end (a rules bug); the run is abandoned.
    #[error("game {index} ran past {max_moves} actions without ending")]
    TooLong {
        /// The game's index.
        index: u64,
        /// The limit.
        max_moves: u64,
    },
    /// An agent returned an action that is not legal (an agent bug).
    #[error("agent {agent} chose the illegal action {action} in game {index}")]
    IllegalChoice {
        /// The agent's label.
        agent: String,
        /// The action.
        action: String,
        /// The game's index.
        index: u64,
    },
}
