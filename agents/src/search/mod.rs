//! Search agents that work for every game through the [`Game`](cardsim_engine::Game) trait
//! alone: [`Ismcts`] (single- and multi-observer), determinized search [`Pimc`], and the unfair [`Cheat`]
//! baseline.
//!
//! - [`Ismcts`]: single-observer Information Set MCTS. Every iteration samples a state from
//!   the seat's observation ([`Game::determinize`](cardsim_engine::Game::determinize)) and
//!   descends one tree of information sets with availability-counting UCB.
//! - [`Ismcts::multi_observer`]: multi-observer ISMCTS, one tree per seat (see below).
//! - [`Pimc`]: samples `worlds` determinizations and values each legal action in each with a
//!   [`PerfectInfoSolver`]: [`Uct`] by default, or the game's exact solver where it has one
//!   ([`crate::GameAgents::exact_solver`], the hook for the double-dummy solver).
//! - [`Cheat`]: the same solver run on the true state; not fair, an upper bound.
//! - Races (real-time games): the three decide a race by flat Monte Carlo over the seat's race
//!   actions, since a tree of one mover's choices does not start at a race; the playouts follow
//!   the agent's [`Rollout`] (with `rollout=auto`, the default, the game's own playout where it
//!   offers one through [`crate::GameAgents::default_rollout`], random otherwise).
//! - [`honesty`]: the generic check that determinizations are consistent with what a seat
//!   saw and do not leak where hidden cards really are.
//!
//! All searches keep their trees in arenas of nodes linked by `u32` indices and reuse them
//! and their scratch buffers from decision to decision: after warm-up a search allocates
//! nothing beyond what the game's own `determinize`, `clone` and `observe` do. A search
//! draws its randomness from one ChaCha8 stream seeded by one `u64` of the caller's RNG, so
//! it is reproducible from its seed (unless it has a time limit).
//!
//! # Rewards
//! A search backs up one reward in `[0, 1]` per seat. A finished game is worth its side's
//! win share ([`side_rewards`]: the win shares of the seat and its partners added up), so a
//! won game is worth 1 to each partner and a lost one 0; a game cut short is worth every side
//! the same. A playout that stops at the end of a hand ([`Rollout::HandEnd`],
//! [`Rollout::Cutoff`]) is worth the hand's value, on the same scale ([`gain_share`]: 0.5 for
//! a level hand, towards 1 for a good one), so the two can be backed up into one tree: near
//! the end of a match a line that wins it outweighs any hand.
//!
//! The catalog offers them for every game as `ismcts`, `mo-ismcts`, `pimc` and `cheat`, e.g.
//! `ismcts:iters=1000,c=0.7,rollout=heuristic` or `pimc:worlds=50,ms=200` (see
//! [`crate::catalog`]).
//!
//! # Multi-observer ISMCTS
//! [`Ismcts::multi_observer`] keeps one tree per seat. Each iteration samples one determinization and
//! descends all the trees together: the seat to move selects in its own tree, and every
//! other seat's tree branches on what that seat saw of the move,
//! [`Game::observe_action`](cardsim_engine::Game::observe_action): the action itself when it
//! is public, one shared child when the seat only saw that a move was made. So an opponent's
//! replies are planned in a tree of what the opponent knows, and a secret move (a card passed
//! face down) is not answered as if it had been seen, which is the known weakness of
//! SO-ISMCTS. A game that does not override `observe_action` has all other seats' moves
//! hidden from each tree: correct, only conservative. Trash, Whist, Bridge and Seahaven
//! declare every move public, and there MO-ISMCTS makes the same choices as SO-ISMCTS from
//! the same seed (at the cost of the extra trees).
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

mod base;
mod cheat;
mod hand_end;
pub mod honesty;
mod ismcts;
mod pimc;
mod race;
mod reward;
mod rollout;
mod settings;
mod tree;
mod uct;

#[cfg(test)]
mod tests;

pub use cheat::Cheat;
#[cfg(test)]
pub(crate) use hand_end::testing::check_hand_ends;
pub use hand_end::{auto_rollout, gain_share, hands_and_scores};
pub use ismcts::Ismcts;
pub use pimc::Pimc;
pub use reward::side_rewards;
pub use rollout::{CutoffValue, Rollout, TreeLeaf, MAX_PLAYOUT_MOVES};
pub use settings::{PimcSettings, SearchSettings};
pub use uct::{PerfectInfoSolver, Uct};
