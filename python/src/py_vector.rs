//! The Python classes behind the learning environments: `Episode` (one learner seat against
//! cardsim agents, what `cardsim.gymnasium_env` wraps) and `VectorEnv` (many episodes stepped
//! at once on all cores, the GIL released, observations and masks written into arrays
//! allocated once).

use crate::error::CoreError;
use crate::learner::{seat_specs, EpisodeRules, Episodes, Outcomes, Rows, StepResult};
use crate::py_game::{seed_arg, Game, State};
use numpy::{PyArray1, PyArray2, PyArrayMethods, PyReadonlyArray1};
use pyo3::prelude::*;
use std::sync::{Arc, Mutex, MutexGuard};

/// Reads `opponents`: one spec for every other seat, or a list with one per other seat.
fn opponent_specs(opponents: Option<&Bound<'_, PyAny>>) -> PyResult<Vec<String>> {
    match opponents {
        None => Ok(vec!["default".into()]),
        Some(o) => {
            if let Ok(s) = o.extract::<String>() {
                Ok(vec![s])
            } else {
                o.extract::<Vec<String>>().map_err(|_| {
                    CoreError("opponents must be an agent spec or a list of specs".into()).into()
                })
            }
        }
    }
}

/// The value behind a mutex (poisoned only if an earlier call panicked, which the package
/// never lets happen).
fn locked<T>(m: &Mutex<T>) -> MutexGuard<'_, T> {
    m.lock().unwrap_or_else(|p| p.into_inner())
}

/// The value behind a mutex, borrowed mutably.
fn owned<T>(m: &mut Mutex<T>) -> &mut T {
    m.get_mut().unwrap_or_else(|p| p.into_inner())
}

/// Checks a finite, non-negative reaction time.
fn reaction_arg(reaction: f64) -> Result<f64, CoreError> {
    if reaction.is_finite() && reaction >= 0.0 {
        Ok(reaction)
    } else {
        Err(CoreError(format!(
            "reaction must be a finite number of seconds >= 0, not {reaction}"
        )))
    }
}

/// `(observations, action_masks)` of a batch.
type Batch<'py> = (Bound<'py, PyArray2<f32>>, Bound<'py, PyArray2<bool>>);

/// `(observations, action_masks, rewards, terminated, illegal, current_player)` of a batch
/// step.
type StepArrays<'py> = (
    Bound<'py, PyArray2<f32>>,
    Bound<'py, PyArray2<bool>>,
    Bound<'py, PyArray2<f32>>,
    Bound<'py, PyArray1<bool>>,
    Bound<'py, PyArray1<bool>>,
    Bound<'py, PyArray1<i64>>,
);

/// The `opponents` value that asks for self-play: the learner acts for every seat.
const SELF_PLAY: &str = "self";

/// One learner seat in a game whose other seats are cardsim agents (see
/// `cardsim.gymnasium_env`).
#[pyclass(module = "cardsim")]
pub struct Episode {
    /// A batch of one.
    core: Mutex<Box<dyn Episodes>>,
    game: Arc<dyn crate::erased::DynGame>,
}

#[pymethods]
impl Episode {
    /// The learner at `seat` of `game`; the other seats played by `opponents` (a spec for
    /// all, or one per other seat; `"default"` is the game's heuristic where it has one, else
    /// `random`); the first deal from `seed`.
    #[new]
    #[pyo3(signature = (game, seat=0, opponents=None, seed=None, reaction=0.5, penalty=-1.0))]
    fn new(
        py: Python<'_>,
        game: &Game,
        seat: usize,
        opponents: Option<&Bound<'_, PyAny>>,
        seed: Option<&Bound<'_, PyAny>>,
        reaction: f64,
        penalty: f64,
    ) -> PyResult<Episode> {
        let specs = opponent_specs(opponents)?;
        let seed = seed_arg(seed)?;
        let rules = EpisodeRules {
            reaction: reaction_arg(reaction)?,
            penalty,
        };
        let g = game.inner.clone();
        let core = py.detach(|| {
            let specs = seat_specs(&*g, Some(seat), &specs)?;
            g.episodes(&specs, &[seed], rules)
        })?;
        Ok(Episode {
            core: Mutex::new(core),
            game: game.inner.clone(),
        })
    }

    /// Starts the episode of seed `seed` and plays the agents until the learner must act.
    fn reset(&mut self, py: Python<'_>, seed: &Bound<'_, PyAny>) -> PyResult<()> {
        let seed = seed_arg(Some(seed))?;
        let core = owned(&mut self.core);
        py.detach(|| core.reset(0, seed)).map_err(PyErr::from)
    }

    /// Plays the learner's action and the agents' replies: `(reward, terminated, illegal)`.
    fn step(&mut self, py: Python<'_>, action: i64) -> PyResult<(f64, bool, bool)> {
        let core = owned(&mut self.core);
        let id = usize::try_from(action).unwrap_or(usize::MAX);
        let r: StepResult = py.detach(|| core.step(0, id))?;
        Ok((r.reward, r.terminated, r.illegal))
    }

    /// The learner's observation tensor (float32).
    fn observation<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyArray1<f32>>> {
        let core = locked(&self.core);
        let mut v = vec![0f32; self.game.tensor_len()];
        core.observe(0, &mut v)?;
        Ok(PyArray1::from_vec(py, v))
    }

    /// The learner's legal-action mask (bool, one entry per action id).
    fn action_mask<'py>(&self, py: Python<'py>) -> Bound<'py, PyArray1<bool>> {
        let core = locked(&self.core);
        let mut m = vec![false; self.game.num_distinct_actions()];
        core.mask(0, &mut m);
        PyArray1::from_vec(py, m)
    }

    /// The learner's legal action ids.
    fn legal_actions(&self) -> Vec<usize> {
        locked(&self.core).legal(0).to_vec()
    }

    /// The episode has ended.
    fn is_over(&self) -> bool {
        locked(&self.core).is_over(0)
    }

    /// The learner's seat.
    #[getter]
    fn seat(&self) -> usize {
        locked(&self.core).acting(0)
    }

    /// A copy of the game state (the whole state: for inspection and rendering, not for the
    /// learner's input).
    fn state(&self) -> State {
        let core = locked(&self.core);
        State::new(core.state(0).clone_box(), Some(self.game.clone()))
    }
}

/// Many episodes of one game stepped at once (EnvPool's idea, for card games).
#[pyclass(module = "cardsim")]
pub struct VectorEnv {
    episodes: Mutex<Box<dyn Episodes>>,
    /// Episodes started so far by each environment (its next episode's number).
    started: Vec<u64>,
    base: u64,
    /// The learner plays every seat.
    self_play: bool,
    obs: Py<PyArray2<f32>>,
    masks: Py<PyArray2<bool>>,
    /// One column (the learner's seat), or one per seat in self-play.
    rewards: Py<PyArray2<f32>>,
    terminated: Py<PyArray1<bool>>,
    illegal: Py<PyArray1<bool>>,
    /// The seat whose observation and mask each row shows.
    current: Py<PyArray1<i64>>,
}

/// The seed of environment `env`'s episode number `k` of `n` environments from `base`: every
/// episode of the batch gets its own seed, whatever order they end in.
fn episode_seed(base: u64, n: usize, env: usize, k: u64) -> u64 {
    base.wrapping_add(env as u64)
        .wrapping_add(k.wrapping_mul(n as u64))
}

impl VectorEnv {
    /// The seed of each environment's next episode.
    fn next_seeds(&self) -> Vec<u64> {
        let n = self.started.len();
        (0..n)
            .map(|i| episode_seed(self.base, n, i, self.started[i]))
            .collect()
    }
}

#[pymethods]
impl VectorEnv {
    /// `num_envs` games of `game`, the learner at `seat` in each, the other seats played by
    /// `opponents` (`"self"`: the learner plays every seat, self-play); environment `i`'s
    /// episode `k` (from 0) deals seed `seed + i + k * num_envs`, so every episode of the
    /// batch has its own deal.
    #[new]
    #[pyo3(signature = (game, num_envs, seat=0, opponents=None, seed=None, reaction=0.5, penalty=-1.0, threads=0))]
    #[allow(clippy::too_many_arguments)]
    fn new(
        py: Python<'_>,
        game: &Game,
        num_envs: usize,
        seat: usize,
        opponents: Option<&Bound<'_, PyAny>>,
        seed: Option<&Bound<'_, PyAny>>,
        reaction: f64,
        penalty: f64,
        threads: usize,
    ) -> PyResult<VectorEnv> {
        if num_envs == 0 || num_envs > 1 << 20 {
            return Err(CoreError(format!(
                "num_envs must be between 1 and {}, not {num_envs}",
                1 << 20
            ))
            .into());
        }
        if threads > 0 {
            // The first pool configured wins; later requests keep it (rayon's global pool).
            let _ = rayon::ThreadPoolBuilder::new()
                .num_threads(threads)
                .build_global();
        }
        let specs = opponent_specs(opponents)?;
        let self_play = specs.len() == 1 && specs[0] == SELF_PLAY;
        let learner = (!self_play).then_some(seat);
        let seed = seed_arg(seed)?;
        let rules = EpisodeRules {
            reaction: reaction_arg(reaction)?,
            penalty,
        };
        let g = game.inner.clone();
        let episodes = py.detach(|| {
            let specs = seat_specs(&*g, learner, &specs)?;
            let seeds: Vec<u64> = (0..num_envs as u64).map(|i| seed.wrapping_add(i)).collect();
            g.episodes(&specs, &seeds, rules)
        })?;
        let (l, a) = (g.tensor_len(), g.num_distinct_actions());
        let columns = if self_play { g.players() } else { 1 };
        Ok(VectorEnv {
            episodes: Mutex::new(episodes),
            started: vec![1; num_envs],
            base: seed,
            self_play,
            obs: PyArray2::zeros(py, [num_envs, l], false).unbind(),
            masks: PyArray2::zeros(py, [num_envs, a], false).unbind(),
            rewards: PyArray2::zeros(py, [num_envs, columns], false).unbind(),
            terminated: PyArray1::zeros(py, num_envs, false).unbind(),
            illegal: PyArray1::zeros(py, num_envs, false).unbind(),
            current: PyArray1::zeros(py, num_envs, false).unbind(),
        })
    }

    /// True when the learner plays every seat (`opponents="self"`).
    #[getter]
    fn self_play(&self) -> bool {
        self.self_play
    }

    /// The seat whose observation and mask each row shows now (int64; the array is the one
    /// `step`'s `info["current_player"]` gives, updated in place).
    #[getter]
    fn current_player<'py>(&self, py: Python<'py>) -> Bound<'py, PyArray1<i64>> {
        self.current.bind(py).clone()
    }

    /// Number of environments.
    #[getter]
    fn num_envs(&self) -> usize {
        self.started.len()
    }

    /// The seed of each environment's current episode.
    #[getter]
    fn episode_seeds(&self) -> Vec<u64> {
        let n = self.started.len();
        (0..n)
            .map(|i| episode_seed(self.base, n, i, self.started[i] - 1))
            .collect()
    }

    /// Starts a new episode in every environment (the next seeds of each, or, given `seed`,
    /// the first episodes of that seed); `(observations, action_masks)`.
    #[pyo3(signature = (seed=None))]
    fn reset<'py>(
        &mut self,
        py: Python<'py>,
        seed: Option<&Bound<'_, PyAny>>,
    ) -> PyResult<Batch<'py>> {
        if let Some(s) = seed {
            self.base = seed_arg(Some(s))?;
            self.started.fill(0);
        }
        let seeds = self.next_seeds();
        self.started.iter_mut().for_each(|k| *k += 1);
        let (obs, masks) = (self.obs.bind(py).clone(), self.masks.bind(py).clone());
        {
            let mut o = obs.readwrite();
            let mut m = masks.readwrite();
            let mut c = self.current.bind(py).readwrite();
            let (o, m, c) = (o.as_slice_mut()?, m.as_slice_mut()?, c.as_slice_mut()?);
            let episodes = owned(&mut self.episodes);
            py.detach(|| {
                episodes.reset_all(
                    &seeds,
                    Rows {
                        obs: o,
                        masks: m,
                        current: c,
                    },
                )
            })?;
        }
        Ok((obs, masks))
    }

    /// Plays one action per environment (an integer array of `num_envs` ids) and the agents'
    /// replies: `(observations, action_masks, rewards, terminated, illegal, current_player)`
    /// (rewards `[num_envs, 1]`, or `[num_envs, players]` in self-play). An environment
    /// whose episode ended starts its next one at once: its row of observations and mask is
    /// then the new episode's first. (A game that ended before the learner had a decision
    /// shows an all-false mask; the next step ends it, with its result, whatever the action.) The arrays are the same objects at every call,
    /// overwritten in place: copy what you keep.
    fn step<'py>(
        &mut self,
        py: Python<'py>,
        actions: PyReadonlyArray1<'py, i64>,
    ) -> PyResult<StepArrays<'py>> {
        let n = self.started.len();
        let actions = actions.as_slice()?.to_vec();
        if actions.len() != n {
            return Err(CoreError(format!(
                "step needs one action per environment: {n}, not {}",
                actions.len()
            ))
            .into());
        }
        let fresh = self.next_seeds();
        let obs = self.obs.bind(py).clone();
        let masks = self.masks.bind(py).clone();
        let rewards = self.rewards.bind(py).clone();
        let terminated = self.terminated.bind(py).clone();
        let illegal = self.illegal.bind(py).clone();
        let current = self.current.bind(py).clone();
        {
            let mut o = obs.readwrite();
            let mut m = masks.readwrite();
            let mut r = rewards.readwrite();
            let mut t = terminated.readwrite();
            let mut x = illegal.readwrite();
            let mut c = current.readwrite();
            let (o, m, r) = (o.as_slice_mut()?, m.as_slice_mut()?, r.as_slice_mut()?);
            let (t, x, c) = (t.as_slice_mut()?, x.as_slice_mut()?, c.as_slice_mut()?);
            let episodes = owned(&mut self.episodes);
            py.detach(|| {
                episodes.step_all(
                    &actions,
                    &fresh,
                    Rows {
                        obs: o,
                        masks: m,
                        current: c,
                    },
                    Outcomes {
                        rewards: r,
                        terminated: t,
                        illegal: x,
                    },
                )
            })?;
            // An ended episode started its environment's next one.
            for (k, &ended) in self.started.iter_mut().zip(t.iter()) {
                *k += u64::from(ended);
            }
        }
        Ok((obs, masks, rewards, terminated, illegal, current))
    }
}
