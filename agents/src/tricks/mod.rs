//! Agent code shared by the trick-taking games:
//!
//! - [`rule_of_thumb`] and its [`TableView`]: the classical card-play rules of thumb, for any
//!   player count, with partners taken from the game's
//!   [`Teams`](cardsim_engine::tricks::Teams) (none when every seat plays for itself);
//! - [`dds`]: the double-dummy solver, and [`DoubleDummy`], the exact solver that `pimc` and
//!   `cheat` use for every game that implements the engine's
//!   [`TrickTaking`](cardsim_engine::tricks::TrickTaking) view;
//! - [`choose_trump`]: naming trumps from the first cards of a hand (Omi, Court Piece);
//! - [`auction`]: the search agents' bidding in the games with an auction (Euchre,
//!   Hasenpfeffer).
//!
//! A game of the family gets both by implementing `TrickTaking` beside its state in the engine
//! and building a [`TableView`] from its observation in its agents module.

pub mod auction;
pub mod dds;
mod double_dummy;
mod rules;
#[cfg(test)]
pub(crate) mod testing;
mod trump_choice;

pub use double_dummy::DoubleDummy;
pub use rules::{rule_of_thumb, TableView};
pub use trump_choice::{choose_trump, trump_value};
