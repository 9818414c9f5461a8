//! One module per game. Each owns its state, actions, observation, scoring and tests, and
//! documents its player counts, deck, scoring and the rulings made where its rules page is
//! ambiguous (longer rulings live in `docs/rules/<game>.md`).

pub mod bridge;
pub mod common;
pub mod court_piece;
pub mod dingo;
pub mod egyptian_ratscrew;
pub mod envite;
pub mod euchre;
pub mod gin_rummy;
pub mod hasenpfeffer;
pub mod mattis;
pub mod myllymatti;
pub mod nap;
pub mod ninety_nine;
pub mod ogorek;
pub mod omi;
pub mod orgy;
pub mod royal_orgy;
pub mod seahaven;
pub mod speed;
pub mod spoons;
pub mod tong_its;
pub mod trash;
pub mod whist;
pub mod xeri;
