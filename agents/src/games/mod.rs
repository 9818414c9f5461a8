//! The per-game agents, one module per game of `cardsim_engine::games`: each implements
//! [`GameAgents`](crate::GameAgents) for its game (its heuristics, and its exact solver where
//! it has one) and keeps its game-specific agent tests.

pub mod bridge;
pub mod court_piece;
pub mod dingo;
pub mod egyptian_ratscrew;
pub mod envite;
pub mod euchre;
pub mod gin_rummy;
pub mod hasenpfeffer;
pub mod mattis;
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
