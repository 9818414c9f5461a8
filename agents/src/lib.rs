//! # cardsim-agents
//!
//! The [`Agent`] interface, the agents that work for every game ([`RandomAgent`], the search
//! agents of [`search`]), the per-game agents, and the catalog that builds agents from
//! command-line specs such as `random` or `heuristic` ([`AgentSpec`], [`catalog`]).
//!
//! - [`games`]: one module per game of `cardsim_engine::games`, mirroring the engine: its
//!   [`GameAgents`] (heuristics, exact solver) and its agent tests.
//! - [`tricks`]: agent code shared by the trick-taking games: the card-play rules of thumb
//!   (partners from the game's teams, any table size) and the double-dummy solver.
//! - [`search`]: ISMCTS, determinized search and the honesty check of determinizations.
//! - `rummy`: heuristic pieces shared by the rummy games' agents (Gin Rummy, Tong-Its).
//!
//! # The Agent contract
//! An agent is handed what its seat may know, never the full state: the game's rules, its
//! seat, the seat's [`Game::observe`] observation and the legal actions, plus an RNG. It cannot
//! read hidden cards because it never receives them; search agents sample full states with
//! [`Game::determinize`] from the observation. Its choice must depend only on those inputs, so
//! that the same agent with the same RNG chooses the same action in two states its seat cannot
//! tell apart ([`same_information_same_choice`] checks this for any game).
//!
//! ```
//! use cardsim_agents::{catalog, Agent, AgentSpec};
//! use cardsim_engine::{games::trash::Trash, Game, Params, ToMove};
//! use rand::SeedableRng;
//! let game = Trash::new(2, &Params::new()).unwrap();
//! let mut agent = catalog::<Trash>().build(&"random".parse::<AgentSpec>().unwrap()).unwrap();
//! let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(1);
//! let state = game.deal(&mut rng);
//! let ToMove::Seat(seat) = game.to_move(&state) else { unreachable!() };
//! let mut legal = Vec::new();
//! game.legal_actions(&state, &mut legal);
//! let action = agent.choose(&game, seat, &game.observe(&state, seat), &legal, &mut rng);
//! assert!(legal.contains(&action));
//! ```
#![warn(missing_docs)]

mod agent;
mod catalog;
pub mod games;
mod random;
pub mod reaction;
mod rummy;
pub mod search;
mod spec;
mod testing;
pub mod tricks;
mod veto;

pub use agent::{decide, Agent, IllegalChoice, SeatView};
pub use catalog::{catalog, AgentCatalog, AgentKind, GameAgents, SearchDefaults};
pub use random::RandomAgent;
pub use search::{Cheat, Ismcts, PerfectInfoSolver, Pimc, Uct};
pub use spec::{split_specs, AgentError, AgentSpec};
pub use testing::same_information_same_choice;
pub use veto::{Deferral, Position, PositionOf, Veto};

#[doc(no_inline)]
pub use cardsim_engine::Game;
