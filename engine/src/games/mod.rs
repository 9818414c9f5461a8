//! One module per game. Each owns its state, actions, observation, scoring and tests, and
//! documents its player counts, deck, scoring and the rulings made where its rules page is
//! ambiguous (longer rulings live in `docs/rules/<game>.md`).

pub mod bridge;
pub mod common;
pub mod dingo;
pub mod egyptian_ratscrew;
pub mod euchre;
pub mod gin_rummy;
pub mod ninety_nine;
pub mod ogorek;
pub mod orgy;
pub mod seahaven;
pub mod speed;
pub mod trash;
pub mod whist;
pub mod xeri;
