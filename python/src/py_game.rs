//! The Python classes `Game` and `State` and the functions `game_names` and `load_game`:
//! thin conversions over [`crate::erased`].

use crate::erased::{DynGame, DynState, Origin, Replay, Turn};
use crate::error::CoreError;
use crate::table;
use cardsim_engine::Params;
use numpy::{IntoPyArray, PyArray1, PyArrayMethods, PyReadwriteArray1};
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use pyo3::types::{PyBool, PyDict, PyString, PyTuple};
use std::sync::Arc;

/// `current_player()` once the game is over (as in pyspiel).
pub const TERMINAL: i64 = -4;
/// `current_player()` during a race, where several seats may act at once (as pyspiel's
/// simultaneous nodes).
pub const SIMULTANEOUS: i64 = -2;

impl From<CoreError> for PyErr {
    fn from(e: CoreError) -> PyErr {
        PyValueError::new_err(e.0)
    }
}

/// A seed argument: `None` is 0; a negative or too large integer is a `ValueError`.
pub(crate) fn seed_arg(seed: Option<&Bound<'_, PyAny>>) -> PyResult<u64> {
    let Some(obj) = seed else { return Ok(0) };
    match obj.extract::<u64>() {
        Ok(s) => Ok(s),
        Err(e) => match obj.extract::<i128>() {
            Ok(v) => Err(PyValueError::new_err(format!(
                "seed {v} is out of range: use 0 to {}",
                u64::MAX
            ))),
            Err(_) => Err(e),
        },
    }
}

/// A seat argument checked against the game's players.
fn seat_arg(seat: i64, players: usize) -> Result<usize, CoreError> {
    match usize::try_from(seat) {
        Ok(s) if s < players => Ok(s),
        _ => Err(CoreError(format!(
            "seat {seat} is out of range: the game has {players} players (seats 0 to {})",
            players - 1
        ))),
    }
}

/// An action id argument; a negative one is illegal everywhere.
fn action_arg(action: i64) -> Result<usize, CoreError> {
    usize::try_from(action).map_err(|_| {
        cardsim_engine::IllegalAction {
            action: format!("id {action}"),
            reason: "not a legal action",
        }
        .into()
    })
}

/// Reads `params`: a dict of keys to values (`True`/`False` for flags, numbers, strings).
pub(crate) fn params_arg(base: Params, params: Option<&Bound<'_, PyDict>>) -> PyResult<Params> {
    let mut out = base;
    if let Some(d) = params {
        for (k, v) in d.iter() {
            let key: String = k
                .extract()
                .map_err(|_| PyValueError::new_err("parameter names must be strings"))?;
            let value = if let Ok(b) = v.cast::<PyBool>() {
                if b.is_true() { "true" } else { "false" }.to_string()
            } else if let Ok(s) = v.cast::<PyString>() {
                s.to_string()
            } else {
                v.str()?.to_string()
            };
            out = out.set(&key, value);
        }
    }
    Ok(out)
}

/// The game string of a name and parameters: `name` or `name(key=value,...)`.
fn game_string(name: &str, params: &Params) -> String {
    if params.pairs().is_empty() {
        name.to_string()
    } else {
        let items: Vec<String> = params
            .pairs()
            .iter()
            .map(|(k, v)| format!("{k}={v}"))
            .collect();
        format!("{name}({})", items.join(","))
    }
}

/// The names of the games the package offers, in the order of `cardsim list`.
#[pyfunction]
pub fn game_names() -> Vec<&'static str> {
    table::games().iter().map(|e| e.info.name).collect()
}

/// Configures a game: `name` (or a game string `name(key=value,...)`), players (the game's
/// default when `None`) and rule parameters.
#[pyfunction]
#[pyo3(signature = (name, players=None, params=None))]
pub fn load_game(
    name: &str,
    players: Option<i64>,
    params: Option<&Bound<'_, PyDict>>,
) -> PyResult<Game> {
    let (name, base) = table::parse_game_string(name)?;
    let params = params_arg(base, params)?;
    let entry = table::find(&name)?;
    let players = match players {
        None => None,
        Some(p) => Some(usize::try_from(p).map_err(|_| {
            CoreError(format!(
                "{} takes {} to {} players, not {p}",
                entry.info.name, entry.info.min_players, entry.info.max_players
            ))
        })?),
    };
    let game = (entry.load)(players, &params)?;
    Ok(Game {
        inner: Arc::from(game),
    })
}

/// A configured game (see `load_game`).
#[pyclass(module = "cardsim", frozen)]
pub struct Game {
    pub(crate) inner: Arc<dyn DynGame>,
}

#[pymethods]
impl Game {
    /// The game's name.
    #[getter]
    fn name(&self) -> &'static str {
        self.inner.info().name
    }

    /// The rule parameters given, as strings.
    #[getter]
    fn params(&self) -> Vec<(String, String)> {
        self.inner.params().pairs().to_vec()
    }

    /// Players.
    fn num_players(&self) -> usize {
        self.inner.players()
    }

    /// Action ids are `0..num_distinct_actions()`.
    fn num_distinct_actions(&self) -> usize {
        self.inner.num_distinct_actions()
    }

    /// True for a real-time game (Egyptian Ratscrew, Speed, Spoons, Pig): several seats may
    /// act at once in a race.
    fn is_real_time(&self) -> bool {
        self.inner.real_time()
    }

    /// The observation tensor's shape: `[length]`.
    fn observation_tensor_shape(&self) -> Vec<usize> {
        vec![self.inner.tensor_len()]
    }

    /// The observation tensor's length.
    fn observation_tensor_size(&self) -> usize {
        self.inner.tensor_len()
    }

    /// The observation tensor's segments: `(name, offset, length)`.
    fn observation_tensor_layout(&self) -> Vec<(&'static str, usize, usize)> {
        self.inner
            .layout()
            .iter()
            .map(|s| (s.name, s.offset, s.len))
            .collect()
    }

    /// The state dealt from `seed`, or described by the deal text `deal` (chance after the
    /// deal still comes from `seed`).
    #[pyo3(signature = (seed=None, deal=None))]
    fn new_initial_state(
        &self,
        seed: Option<&Bound<'_, PyAny>>,
        deal: Option<&str>,
    ) -> PyResult<State> {
        let seed = seed_arg(seed)?;
        let inner = match deal {
            None => self.inner.new_state(seed),
            Some(text) => self.inner.state_from_deal(text, seed)?,
        };
        Ok(State::new(inner, Some(self.inner.clone())))
    }

    fn __str__(&self) -> String {
        game_string(self.inner.info().name, self.inner.params())
    }

    fn __repr__(&self) -> String {
        format!(
            "cardsim.load_game({:?}, players={})",
            self.__str__(),
            self.inner.players()
        )
    }

    fn __reduce__(slf: &Bound<'_, Self>) -> PyResult<(Py<PyAny>, (String, usize))> {
        let py = slf.py();
        let load = py.import("cardsim")?.getattr("load_game")?.unbind();
        let g = slf.get();
        Ok((load, (g.__str__(), g.inner.players())))
    }
}

/// A state of a game, with its own chance RNG.
#[pyclass(module = "cardsim")]
pub struct State {
    pub(crate) inner: Box<dyn DynState>,
    /// Its configured game, for pickling (`None` for a simulator's view, which cannot be
    /// rebuilt).
    game: Option<Arc<dyn DynGame>>,
}

/// A [`Replay`] as plain Python values: `(origin, history, races)`, the origin
/// `("seed", seed)`, `("deal", text, seed)` or `("resample", replay, seat, seed)`.
fn replay_to_py<'py>(py: Python<'py>, r: &Replay) -> PyResult<Bound<'py, PyTuple>> {
    let origin = match &r.origin {
        Origin::Seed(seed) => ("seed", *seed).into_pyobject(py)?,
        Origin::Deal { text, seed } => ("deal", text.as_str(), *seed).into_pyobject(py)?,
        Origin::Resample { parent, seat, seed } => {
            ("resample", replay_to_py(py, parent)?, *seat, *seed).into_pyobject(py)?
        }
        Origin::View => {
            return Err(PyValueError::new_err(
                "a state the simulator drew for an agent cannot be pickled (copy it instead)",
            ))
        }
    };
    (origin, r.history.clone(), r.races.clone()).into_pyobject(py)
}

/// Reads what [`replay_to_py`] wrote.
fn replay_from_py(obj: &Bound<'_, PyAny>) -> PyResult<Replay> {
    type Races = Vec<(u64, Vec<(usize, usize, f64)>)>;
    let (origin, history, races): (Bound<'_, PyAny>, Vec<usize>, Races) = obj.extract()?;
    let kind: String = origin.get_item(0)?.extract()?;
    let origin = match kind.as_str() {
        "seed" => Origin::Seed(origin.extract::<(String, u64)>()?.1),
        "deal" => {
            let (_, text, seed): (String, String, u64) = origin.extract()?;
            Origin::Deal { text, seed }
        }
        "resample" => {
            let (_, parent, seat, seed): (String, Bound<'_, PyAny>, usize, u64) =
                origin.extract()?;
            Origin::Resample {
                parent: Arc::new(replay_from_py(&parent)?),
                seat,
                seed,
            }
        }
        other => {
            return Err(PyValueError::new_err(format!(
                "not a pickled cardsim state: unknown origin {other:?}"
            )))
        }
    };
    Ok(Replay {
        origin,
        history,
        races,
    })
}

/// What `State.__reduce__` returns: the function that rebuilds a state, and its arguments
/// (the game and the replay).
type Reduced<'py> = (Bound<'py, PyAny>, (Game, Bound<'py, PyTuple>));

/// Rebuilds a pickled state: `replay` (what `State.__reduce__` gives) applied in `game`.
#[pyfunction]
pub fn _restore_state(game: &Game, replay: &Bound<'_, PyAny>) -> PyResult<State> {
    let replay = replay_from_py(replay)?;
    let inner = game.inner.restore(&replay)?;
    Ok(State::new(inner, Some(game.inner.clone())))
}

impl State {
    /// `inner`, a state of `game` (`None` for a state that cannot be pickled).
    pub(crate) fn new(inner: Box<dyn DynState>, game: Option<Arc<dyn DynGame>>) -> State {
        State { inner, game }
    }

    fn seat(&self, seat: i64) -> Result<usize, CoreError> {
        seat_arg(seat, self.inner.players())
    }

    fn seat_opt(&self, seat: Option<i64>) -> Result<Option<usize>, CoreError> {
        seat.map(|s| self.seat(s)).transpose()
    }
}

#[pymethods]
impl State {
    /// The seat to move, `TERMINAL` once the game is over, `SIMULTANEOUS` during a race.
    fn current_player(&self) -> i64 {
        match self.inner.turn() {
            Turn::Seat(s) => s as i64,
            Turn::Race(_) => SIMULTANEOUS,
            Turn::Terminal => TERMINAL,
        }
    }

    /// True once the game is over.
    fn is_terminal(&self) -> bool {
        self.inner.turn() == Turn::Terminal
    }

    /// True during a race.
    fn is_simultaneous_node(&self) -> bool {
        matches!(self.inner.turn(), Turn::Race(_))
    }

    /// Always false: chance is inside the engine.
    fn is_chance_node(&self) -> bool {
        false
    }

    /// The seats in the race under way (empty outside races).
    fn race_seats(&self) -> Vec<usize> {
        match self.inner.turn() {
            Turn::Race(seats) => seats,
            _ => Vec::new(),
        }
    }

    /// Players.
    fn num_players(&self) -> usize {
        self.inner.players()
    }

    /// Actions (and races) applied so far.
    fn move_number(&self) -> u64 {
        self.inner.move_number()
    }

    /// The ids the seat to move (or `player`) may choose now, ascending.
    #[pyo3(signature = (player=None))]
    fn legal_actions(&self, player: Option<i64>) -> PyResult<Vec<usize>> {
        let mut out = Vec::new();
        self.inner
            .legal_actions_into(self.seat_opt(player)?, &mut out)?;
        Ok(out)
    }

    /// `legal_actions` as a bool array of `num_distinct_actions()` entries.
    #[pyo3(signature = (player=None))]
    fn legal_actions_mask<'py>(
        &self,
        py: Python<'py>,
        player: Option<i64>,
    ) -> PyResult<Bound<'py, PyArray1<bool>>> {
        let mut ids = Vec::new();
        self.inner
            .legal_actions_into(self.seat_opt(player)?, &mut ids)?;
        let mut mask = vec![false; self.inner.num_distinct_actions()];
        for id in ids {
            mask[id] = true;
        }
        Ok(mask.into_pyarray(py))
    }

    /// Applies the action with id `action` for the seat to move.
    fn apply_action(&mut self, action: i64) -> PyResult<()> {
        self.inner.apply(action_arg(action)?)?;
        Ok(())
    }

    /// A seat's race actions (empty when the seat is not racing).
    fn race_actions(&self, player: i64) -> PyResult<Vec<usize>> {
        let mut out = Vec::new();
        let seat = self.seat(player)?;
        if matches!(self.inner.turn(), Turn::Race(_)) {
            self.inner.legal_actions_into(Some(seat), &mut out)?;
        }
        Ok(out)
    }

    /// Applies a race: `(seat, action, reaction)` for each seat that acts, the fastest
    /// reaction first in the rules' eyes.
    fn apply_race(&mut self, entries: Vec<(i64, i64, f64)>) -> PyResult<()> {
        let players = self.inner.players();
        let entries = entries
            .into_iter()
            .map(|(s, a, r)| Ok((seat_arg(s, players)?, action_arg(a)?, r)))
            .collect::<Result<Vec<_>, CoreError>>()?;
        self.inner.apply_race(&entries)?;
        Ok(())
    }

    /// The text of a legal action. `player` is accepted for pyspiel's two-argument form and
    /// checked, but an id names the same action for every seat.
    #[pyo3(signature = (player_or_action, action=None))]
    fn action_to_string(&self, player_or_action: i64, action: Option<i64>) -> PyResult<String> {
        let id = match action {
            Some(a) => {
                if player_or_action >= 0 {
                    self.seat(player_or_action)?;
                }
                a
            }
            None => player_or_action,
        };
        let id = usize::try_from(id)
            .map_err(|_| CoreError(format!("action id {id} is not legal here")))?;
        Ok(self.inner.action_to_string(id)?)
    }

    /// The id of the legal action written `text`. `player` as in `action_to_string`.
    #[pyo3(signature = (player_or_text, text=None))]
    fn string_to_action(
        &self,
        player_or_text: &Bound<'_, PyAny>,
        text: Option<&str>,
    ) -> PyResult<usize> {
        let text = match text {
            Some(t) => {
                self.seat(player_or_text.extract::<i64>()?)?;
                t.to_string()
            }
            None => player_or_text.extract::<String>()?,
        };
        Ok(self.inner.string_to_action(&text)?)
    }

    /// Each seat's win share: they sum to 1 at the end (split on ties; a patience gives 1
    /// for a win, 0 for a loss); all 0 before.
    fn returns(&self) -> Vec<f64> {
        self.inner.returns()
    }

    /// Each seat's final score; all 0 before the end.
    fn scores(&self) -> Vec<f64> {
        self.inner.scores()
    }

    /// What `player` knows, as text.
    fn observation_string(&self, player: i64) -> PyResult<String> {
        Ok(self.inner.observation_string(self.seat(player)?)?)
    }

    /// What `player` knows, as a float32 array of the game's tensor shape (written into
    /// `out` when given, which is returned).
    #[pyo3(signature = (player, out=None))]
    fn observation_tensor<'py>(
        &self,
        py: Python<'py>,
        player: i64,
        out: Option<Bound<'py, PyArray1<f32>>>,
    ) -> PyResult<Bound<'py, PyArray1<f32>>> {
        let seat = self.seat(player)?;
        match out {
            Some(arr) => {
                {
                    let mut rw: PyReadwriteArray1<'_, f32> = arr.try_readwrite().map_err(|e| {
                        PyValueError::new_err(format!("out cannot be written: {e}"))
                    })?;
                    let slice = rw.as_slice_mut().map_err(|_| {
                        PyValueError::new_err("out must be a contiguous float32 array")
                    })?;
                    self.inner.observation_tensor_into(seat, slice)?;
                }
                Ok(arr)
            }
            None => {
                let mut v = vec![0.0f32; self.inner.tensor_len()];
                self.inner.observation_tensor_into(seat, &mut v)?;
                Ok(v.into_pyarray(py))
            }
        }
    }

    /// The ids applied so far (a race's entries in the order given).
    fn history(&self) -> Vec<usize> {
        self.inner.history().to_vec()
    }

    /// A state drawn from what `player` knows (the game's determinization), its chance
    /// seeded by `seed`; its history starts empty.
    #[pyo3(signature = (player, seed=None))]
    fn resample_from_infostate(
        &self,
        player: i64,
        seed: Option<&Bound<'_, PyAny>>,
    ) -> PyResult<State> {
        let seed = seed_arg(seed)?;
        Ok(State::new(
            self.inner.resample(self.seat(player)?, seed)?,
            self.game.clone(),
        ))
    }

    /// An independent copy.
    fn clone(&self) -> State {
        State::new(self.inner.clone_box(), self.game.clone())
    }

    /// Pickles as the game, where the state started (seed, deal text, or the state and seat
    /// it was resampled from) and the actions and races applied since, replayed on loading.
    fn __reduce__<'py>(&self, py: Python<'py>) -> PyResult<Reduced<'py>> {
        let Some(game) = &self.game else {
            return Err(PyValueError::new_err(
                "a state the simulator drew for an agent cannot be pickled (copy it instead)",
            ));
        };
        let restore = py.import("cardsim")?.getattr("_restore_state")?;
        let game = Game {
            inner: game.clone(),
        };
        Ok((restore, (game, replay_to_py(py, &self.inner.replay())?)))
    }

    fn __copy__(&self) -> State {
        self.clone()
    }

    fn __deepcopy__(&self, _memo: &Bound<'_, PyAny>) -> State {
        self.clone()
    }

    fn __str__(&self) -> String {
        self.inner.text()
    }

    fn __repr__(&self) -> String {
        let turn = match self.inner.turn() {
            Turn::Seat(s) => format!("seat {s} to move"),
            Turn::Race(seats) => format!("race of seats {seats:?}"),
            Turn::Terminal => "terminal".to_string(),
        };
        format!(
            "<cardsim.State {} move {}, {turn}>",
            self.inner.game_name(),
            self.inner.move_number()
        )
    }
}
