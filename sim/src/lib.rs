//! # cardsim-sim
//!
//! Runs many games in parallel (rayon) and turns them into CSV statistics.
//!
//! - Reproducible: game `i` draws all its randomness (deal, chance, agents) from a ChaCha8
//!   stream seeded from `(seed, i)`, and results are written in game order, so the same seed
//!   gives byte-identical files for any thread count.
//! - Seating: one agent spec per seat, or one for all seats; with rotation the seating of game
//!   `i` is shifted cyclically by `i`, so every agent sits in every seat equally often and
//!   partners stay partners.
//! - Output: a long per-game CSV (one row per game and seat) and a summary per agent and per
//!   seat with 95% Wilson intervals, both written through [`output`] (atomically for a regular
//!   file: temporary file, then rename; `-` is standard output).
//!   In a partnership game ([`cardsim_engine::Game::team`]) the summary adds team rows: each
//!   agent pairing's and each side's win rate, a win counting 1 for the partnership, with
//!   intervals of one sample per game (per deal in duplicate).
//!
//! ```
//! use cardsim_sim::{games, Request, SimConfig};
//! let trash = cardsim_sim::find_game("trash").unwrap();
//! let request = Request {
//!     players: Some(2),
//!     agents: cardsim_agents::split_specs("heuristic,random").unwrap(),
//!     config: SimConfig::default().games(20).seed(1).threads(1).quiet(true),
//!     ..Request::default()
//! };
//! let report = (trash.simulate)(&request).unwrap();
//! assert_eq!(report.games, 20);
//! assert_eq!(report.by_agent.len(), 2);
//! ```
#![warn(missing_docs)]

mod config;
mod error;
pub mod output;
mod pipeline;
mod play;
mod record;
mod registry;
mod runner;
mod shard;
mod stats;
mod summary;
mod tournament;

pub use config::{check_games, Shard, SimConfig, MAX_GAMES};
pub use error::SimError;
pub use output::{
    install_signal_handlers, print, stdout_carries_data, write_file, AtomicCsv, Output, Plan,
};
pub use play::{play_game, play_game_with, GameRecord, SeatRecord, MAX_STATS};
pub use record::{
    position_of, read_deals, replay, replay_record, Entry, Move, Origin, Position, Record,
    RecordWriter, ReplayReport, SeatOutcome, Trace, RECORDS_VERSION,
};
pub use registry::{
    find_game, games, AgentInfo, EmptyReport, GameEntry, MoveLoops, PlayRecords, Played, Request,
};
pub use runner::{duplicate_period, game_rng, seating, simulate, Simulation};
pub use shard::{
    check_cover, check_rows, check_settings, fmt_exact, merge, per_game_header, per_game_rows,
    write_manifest, Checksums, Manifest, Sealed,
};
pub use stats::{wilson_interval, MeanInterval, Tally};
pub use summary::align as align_table;
pub use summary::{Report, SummaryRow};
pub use tournament::{
    bradley_terry, is_tournament_shard, merge_tournament, run_tournament, Pairing, Rating,
    Tournament, TournamentConfig, TournamentShard, TOURNAMENT_SHARD,
};
