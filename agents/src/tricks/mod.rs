//! Agent code shared by the trick-taking games: the double-dummy solver ([`dds`]) and its
//! [`DoubleDummy`] adapter, the exact solver that `pimc` and `cheat` use for every game that
//! implements the engine's [`TrickTaking`](cardsim_engine::tricks::TrickTaking) view.

pub mod dds;
mod double_dummy;

pub use double_dummy::DoubleDummy;
