//! Search agents that work for every game through the [`Game`](cardsim_engine::Game) trait
//! alone: [`Ismcts`], determinized search [`Pimc`], and the unfair [`Cheat`] baseline.
//!
//! - [`Ismcts`]: single-observer Information Set MCTS. Every iteration samples a state from
//!   the seat's observation ([`Game::determinize`](cardsim_engine::Game::determinize)) and
//!   descends one tree of information sets with availability-counting UCB.
//! - [`Pimc`]: samples `worlds` determinizations and values each legal action in each with a
//!   [`PerfectInfoSolver`]: [`Uct`] by default, or the game's exact solver where it has one
//!   ([`crate::GameAgents::exact_solver`], the hook for the double-dummy solver).
//! - [`Cheat`]: the same solver run on the true state; not fair, an upper bound.
//! - [`honesty`]: the generic check that determinizations are consistent with what a seat
//!   saw and do not leak where hidden cards really are.
//!
//! All searches keep their tree in one arena of nodes linked by `u32` indices and reuse it
//! and their scratch buffers from decision to decision: after warm-up a search allocates
//! nothing beyond what the game's own `determinize`, `clone` and `observe` do. A search
//! draws its randomness from one ChaCha8 stream seeded by one `u64` of the caller's RNG, so
//! it is reproducible from its seed (unless it has a time limit).
//!
//! The catalog offers them for every game as `ismcts`, `pimc` and `cheat`, e.g.
//! `ismcts:iters=1000,c=0.7,rollout=heuristic` (see [`crate::catalog`]).
//!
//! # Multi-observer ISMCTS
//! MO-ISMCTS (one tree per seat, each branching on what that seat sees of the others' moves)
//! is not provided. It needs, for every action, what each other seat observes of it (the
//! "action observation" of partially observable moves: a card passed face down, a discard
//! seen only as "a card"), and the `Game` trait has no such projection: it observes states,
//! not moves. Building the trees from whole observations instead would key every node on
//! chance outcomes too (observations include drawn cards) and compare observations with
//! `PartialEq`, turning an open-loop search into a closed-loop one at great cost. In every
//! game implemented so far all moves are public, where MO-ISMCTS and SO-ISMCTS coincide.
//!
//! ```
//! use cardsim_agents::search::{Ismcts, SearchSettings};
//! use cardsim_agents::Agent;
//! use cardsim_engine::{games::trash::Trash, Game, Params, ToMove};
//! use rand::SeedableRng;
//! let game = Trash::new(2, &Params::new()).unwrap();
//! let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(11);
//! let state = game.deal(&mut rng);
//! let ToMove::Seat(seat) = game.to_move(&state) else { unreachable!() };
//! let mut legal = Vec::new();
//! game.legal_actions(&state, &mut legal);
//! let obs = game.observe(&state, seat);
//! let mut agent = Ismcts::new(SearchSettings::default().iterations(30));
//! // The same seed gives the same choice.
//! let a = agent.choose(&game, seat, &obs, &legal, &mut rand_chacha::ChaCha8Rng::seed_from_u64(5));
//! let b = agent.choose(&game, seat, &obs, &legal, &mut rand_chacha::ChaCha8Rng::seed_from_u64(5));
//! assert_eq!(a, b);
//! assert!(legal.contains(&a));
//! ```

mod cheat;
pub mod honesty;
mod ismcts;
mod pimc;
mod rollout;
mod settings;
mod tree;
mod uct;

#[cfg(test)]
mod tests;

pub use cheat::Cheat;
pub use ismcts::Ismcts;
pub use pimc::Pimc;
pub use rollout::{Rollout, MAX_PLAYOUT_MOVES};
pub use settings::{PimcSettings, SearchSettings};
pub use uct::{PerfectInfoSolver, Uct};
