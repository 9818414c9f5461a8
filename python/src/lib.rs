//! # cardsim (Python)
//!
//! The `cardsim` Python package's native module, `cardsim._cardsim`: every game with an
//! encoding, the agents and the simulator, shaped like OpenSpiel's `pyspiel`.
//!
//! - [`erased`]: the type-erased games, states and agents (plain Rust, no Python object), so
//!   Rust code in this crate can step a batch of states with the GIL released;
//! - [`table`]: the games offered, one line per game;
//! - the Python classes (`Game`, `State`, `Agent`) and functions, which only convert and
//!   forward.
//!
//! The crate is tested from Python (`python/tests`, which `.ci/run` runs); this example is
//! compiled, not run, as running it needs the Python library.
//!
//! ```no_run
//! use cardsim_engine::Params;
//! let entry = _cardsim::table::find("trash").unwrap();
//! let game = (entry.load)(None, &Params::new()).unwrap();
//! let mut state = game.new_state(7);
//! let mut legal = Vec::new();
//! while state.turn() != _cardsim::erased::Turn::Terminal {
//!     state.legal_actions_into(None, &mut legal).unwrap();
//!     state.apply(legal[0]).unwrap();
//! }
//! assert!((state.returns().iter().sum::<f64>() - 1.0).abs() < 1e-9);
//! ```

pub mod erased;
pub mod error;
pub mod learner;
mod py_agent;
mod py_game;
mod py_sim;
mod py_vector;
pub mod table;

use pyo3::prelude::*;

/// The native module: classes `Game`, `State`, `Agent`; functions `game_names`,
/// `load_game`, `simulate_csv`; constants `TERMINAL`, `SIMULTANEOUS`.
#[pymodule]
fn _cardsim(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_class::<py_game::Game>()?;
    m.add_class::<py_game::State>()?;
    m.add_class::<py_agent::Agent>()?;
    m.add_class::<py_vector::Episode>()?;
    m.add_class::<py_vector::VectorEnv>()?;
    m.add_function(wrap_pyfunction!(py_game::game_names, m)?)?;
    m.add_function(wrap_pyfunction!(py_game::load_game, m)?)?;
    m.add_function(wrap_pyfunction!(py_game::_restore_state, m)?)?;
    m.add_function(wrap_pyfunction!(py_sim::simulate_csv, m)?)?;
    m.add("TERMINAL", py_game::TERMINAL)?;
    m.add("SIMULTANEOUS", py_game::SIMULTANEOUS)?;
    Ok(())
}
