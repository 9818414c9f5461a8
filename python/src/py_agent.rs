//! The Python class `Agent`: any cardsim agent as a bot that picks an action for a state.

use crate::erased::DynAgent;
use crate::error::CoreError;
use crate::py_game::{seed_arg, Game, State};
use pyo3::prelude::*;
use std::sync::Mutex;

/// A cardsim agent (a spec such as `"ismcts:iters=1000"`) for one configured game.
#[pyclass(module = "cardsim", frozen)]
pub struct Agent {
    inner: Mutex<Box<dyn DynAgent>>,
    label: String,
}

impl Agent {
    fn run<T: Send>(
        &self,
        py: Python<'_>,
        f: impl FnOnce(&mut dyn DynAgent) -> Result<T, CoreError> + Send,
    ) -> PyResult<T> {
        py.detach(|| {
            let mut guard = self
                .inner
                .lock()
                .map_err(|_| CoreError("the agent failed in an earlier call".into()))?;
            f(guard.as_mut())
        })
        .map_err(PyErr::from)
    }
}

#[pymethods]
impl Agent {
    /// Builds the agent `spec` for `game`, its RNG seeded by `seed`.
    #[new]
    #[pyo3(signature = (game, spec, seed=None))]
    fn new(game: &Game, spec: &str, seed: Option<&Bound<'_, PyAny>>) -> PyResult<Agent> {
        let seed = seed_arg(seed)?;
        let inner = game.inner.agent(spec, seed)?;
        let label = inner.label();
        Ok(Agent {
            inner: Mutex::new(inner),
            label,
        })
    }

    /// The agent's spec.
    #[getter]
    fn label(&self) -> &str {
        &self.label
    }

    /// The action id the agent chooses for the seat to move (in a race, for `player`),
    /// from that seat's observation only. The GIL is released while it thinks.
    #[pyo3(signature = (state, player=None))]
    fn step(&self, py: Python<'_>, state: &State, player: Option<i64>) -> PyResult<usize> {
        let seat = player.map(seat_index).transpose()?;
        let s = &*state.inner;
        Ok(self.run(py, |a| a.step(s, seat))?.0)
    }

    /// In a race: `(action, reaction)` for `player`, ready for `State.apply_race`.
    fn race_step(&self, py: Python<'_>, state: &State, player: i64) -> PyResult<(usize, f64)> {
        let seat = seat_index(player)?;
        let s = &*state.inner;
        self.run(py, |a| a.step(s, Some(seat)))
    }

    /// Forgets what the agent learnt during a game; call it between games.
    fn reset(&self, py: Python<'_>) -> PyResult<()> {
        self.run(py, |a| {
            a.reset();
            Ok(())
        })
    }

    fn __repr__(&self) -> String {
        format!("cardsim.Agent({:?})", self.label)
    }
}

/// A seat number; a negative one is out of range (the state checks the upper bound).
fn seat_index(seat: i64) -> Result<usize, CoreError> {
    usize::try_from(seat).map_err(|_| CoreError(format!("seat {seat} is out of range")))
}
