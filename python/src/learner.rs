//! [`Episode`]: one learner's seat in a game whose other seats are cardsim agents, or
//! self-play (the learner acts for every seat), the core of the single-agent environments
//! (`gymnasium_env`) and of the `VectorEnv` class (`py_vector`).
//!
//! Plain Rust with no Python object, so a batch of episodes can be stepped on many threads
//! with the GIL released.
//!
//! - The learner acts when one of its seats is to move, or in a race its seat takes part in
//!   (its race actions are its legal actions then, and it reacts in a fixed time,
//!   [`Episode::reaction`]). Every other decision, and the other seats' race entries, are
//!   made by their agents, each from its own seat's observation. The seat whose decision is
//!   pending is [`Episode::acting`]; the learner sees that seat's observation.
//! - The reward is the acting seat's win share ([`DynState::returns`]) when the game ends, 0
//!   before. An illegal action ends the episode with the penalty instead.
//! - Self-play ([`Episode::new`] with no learner seat) needs a turn-based game: one action
//!   per step cannot enter a race for several seats.
//! - An episode reset with seed `s` deals the game of seed `s` (as `cardsim deal --seed s`)
//!   and seeds the agent of seat `k` with a seed derived from `(s, k)`, so the same seed and
//!   the same actions replay the same episode.

use crate::erased::{DynAgent, DynGame, DynState, RaceChoice, Turn};
use crate::error::CoreError;
use std::sync::Arc;

/// How one step of an episode ended for the learner.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct StepResult {
    /// The reward of the seat that acted ([`StepResult::seat`]) for this step.
    pub reward: f64,
    /// The seat the learner acted for.
    pub seat: usize,
    /// The game is over (or the learner's action was illegal).
    pub terminated: bool,
    /// The learner's action was not legal: the episode ended with the penalty.
    pub illegal: bool,
}

/// One learner seat against agents (or every seat: self-play), in one configured game.
pub struct Episode {
    game: Arc<dyn DynGame>,
    /// The spec of each seat's agent; `None` for the learner's seats.
    specs: Vec<Option<String>>,
    /// The learner's seat whose decision is pending (its seat, in a single-seat episode).
    acting: usize,
    /// The learner's reaction time in races, in seconds.
    pub reaction: f64,
    /// The reward of an illegal action.
    pub penalty: f64,
    state: Box<dyn DynState>,
    agents: Vec<Option<Box<dyn DynAgent>>>,
    legal: Vec<usize>,
    over: bool,
}

/// A seed for seat `seat`'s agent in the episode of seed `seed` (splitmix64 of the pair).
fn agent_seed(seed: u64, seat: usize) -> u64 {
    let mut z = seed ^ (seat as u64 + 1).wrapping_mul(0x9E37_79B9_7F4A_7C15);
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

impl Episode {
    /// The learner at `learner`, every other seat played by the agent `opponents[k]` (one spec
    /// for all, or one per other seat in seat order; `default` is the game's `heuristic` where
    /// it has one, else `random`), the game dealt from `seed`. With `learner` `None` the
    /// learner plays every seat (self-play) and `opponents` is ignored.
    ///
    /// # Errors
    /// A seat out of range, the wrong number of specs, a spec the game does not know;
    /// self-play in a real-time game.
    pub fn new(
        game: Arc<dyn DynGame>,
        learner: Option<usize>,
        opponents: &[String],
        seed: u64,
    ) -> Result<Episode, CoreError> {
        let n = game.players();
        let Some(learner) = learner else {
            if game.real_time() {
                return Err(CoreError(format!(
                    "self-play needs a turn-based game: {} has races, where several seats act \
                     at once (use pettingzoo_env(..., parallel=True))",
                    game.info().name
                )));
            }
            return Episode::with_specs(game, vec![None; n], 0, seed);
        };
        if learner >= n {
            return Err(CoreError(format!(
                "seat {learner} is out of range: {} has {n} players (seats 0 to {})",
                game.info().name,
                n - 1
            )));
        }
        let others = n - 1;
        let specs: Vec<Option<String>> = match opponents.len() {
            1 => (0..n)
                .map(|s| (s != learner).then(|| opponents[0].clone()))
                .collect(),
            k if k == others => {
                let mut it = opponents.iter();
                (0..n)
                    .map(|s| (s != learner).then(|| it.next().cloned()).flatten())
                    .collect()
            }
            k => {
                return Err(CoreError(format!(
                    "{} opponent specs given; {} with {n} players needs one for all or {others}",
                    k,
                    game.info().name
                )))
            }
        };
        let default = if game.agent("heuristic", 0).is_ok() {
            "heuristic"
        } else {
            "random"
        };
        let specs = specs
            .into_iter()
            .map(|s| s.map(|s| if s == "default" { default.into() } else { s }))
            .collect();
        Episode::with_specs(game, specs, learner, seed)
    }

    /// The episode of `seed` with each seat's agent spec (`None` for the learner's), `acting`
    /// the learner's first seat.
    fn with_specs(
        game: Arc<dyn DynGame>,
        specs: Vec<Option<String>>,
        acting: usize,
        seed: u64,
    ) -> Result<Episode, CoreError> {
        let state = game.new_state(seed);
        let mut episode = Episode {
            game,
            specs,
            acting,
            reaction: 0.5,
            penalty: -1.0,
            state,
            agents: Vec::new(),
            legal: Vec::new(),
            over: false,
        };
        episode.reset(seed)?;
        Ok(episode)
    }

    /// The configured game.
    pub fn game(&self) -> &Arc<dyn DynGame> {
        &self.game
    }

    /// The learner's seat whose decision is pending: the seat to move in self-play, the
    /// learner's seat otherwise (after a self-play game, the seat that acted last).
    pub fn acting(&self) -> usize {
        self.acting
    }

    /// Each seat's win share: they sum to 1 at the end, all 0 before (see
    /// [`DynState::returns`]).
    pub fn returns(&self) -> Vec<f64> {
        self.state.returns()
    }

    /// The state now.
    pub fn state(&self) -> &dyn DynState {
        &*self.state
    }

    /// Starts the episode of seed `seed`: deals, rebuilds the agents, and plays the agents'
    /// moves until the learner must act (or the game is over).
    ///
    /// # Errors
    /// An agent failing (it never should).
    pub fn reset(&mut self, seed: u64) -> Result<(), CoreError> {
        self.state = self.game.new_state(seed);
        self.agents = self
            .specs
            .iter()
            .enumerate()
            .map(|(seat, spec)| {
                spec.as_deref()
                    .map(|s| self.game.agent(s, agent_seed(seed, seat)))
                    .transpose()
            })
            .collect::<Result<_, _>>()?;
        self.over = false;
        // The learner's first seat until its first decision, whatever the last game did.
        self.acting = self.specs.iter().position(Option::is_none).unwrap_or(0);
        self.advance()
    }

    /// The episode has ended (the game is over, or the learner played an illegal action).
    pub fn is_over(&self) -> bool {
        self.over
    }

    /// The ids the learner may choose now (empty once the episode is over).
    pub fn legal(&self) -> &[usize] {
        &self.legal
    }

    /// Writes the acting seat's observation tensor into `out`.
    ///
    /// # Errors
    /// `out` of the wrong length.
    pub fn observe(&self, out: &mut [f32]) -> Result<(), CoreError> {
        self.state.observation_tensor_into(self.acting, out)
    }

    /// Writes the learner's legal-action mask into `out` (one entry per action id).
    pub fn mask(&self, out: &mut [bool]) {
        out.fill(false);
        for &id in &self.legal {
            if let Some(m) = out.get_mut(id) {
                *m = true;
            }
        }
    }

    /// The result of a game that ended before the learner had to act: its win share, ended.
    pub fn ended(&self) -> StepResult {
        StepResult {
            reward: self.state.returns()[self.acting],
            seat: self.acting,
            terminated: true,
            illegal: false,
        }
    }

    /// Plays the learner's action `id` and then the agents' moves until the learner must act
    /// again or the game is over.
    ///
    /// # Errors
    /// The episode is already over, or an agent failed.
    pub fn step(&mut self, id: usize) -> Result<StepResult, CoreError> {
        if self.over {
            return Err(CoreError(
                "the episode is over: reset it before stepping".into(),
            ));
        }
        let seat = self.acting;
        if !self.legal.contains(&id) {
            self.over = true;
            self.legal.clear();
            return Ok(StepResult {
                reward: self.penalty,
                seat,
                terminated: true,
                illegal: true,
            });
        }
        match self.state.turn() {
            Turn::Seat(_) => self.state.apply(id)?,
            Turn::Race(seats) => {
                let entries = self.race_entries(&seats, Some(id))?;
                self.state.apply_race(&entries)?;
            }
            Turn::Terminal => unreachable!("a learner with legal actions has a decision"),
        }
        self.advance()?;
        Ok(StepResult {
            reward: if self.over {
                self.state.returns()[seat]
            } else {
                0.0
            },
            seat,
            terminated: self.over,
            illegal: false,
        })
    }

    /// The entries of a race among `seats`: the learner's `learner_action` (if it takes part),
    /// every other racer's agent's choice.
    fn race_entries(
        &mut self,
        seats: &[usize],
        learner_action: Option<usize>,
    ) -> Result<Vec<RaceChoice>, CoreError> {
        let mut entries = Vec::with_capacity(seats.len());
        for &seat in seats {
            self.state.legal_actions_into(Some(seat), &mut self.legal)?;
            if self.legal.is_empty() {
                continue;
            }
            if seat == self.acting {
                if let Some(id) = learner_action {
                    entries.push((seat, id, self.reaction));
                }
                continue;
            }
            let agent = self.agents[seat]
                .as_mut()
                .expect("every seat but the learner's has an agent");
            let (id, reaction) = agent.step(&*self.state, Some(seat))?;
            entries.push((seat, id, reaction));
        }
        Ok(entries)
    }

    /// Plays the agents until the learner must act or the game is over; leaves the learner's
    /// legal ids in `self.legal`.
    fn advance(&mut self) -> Result<(), CoreError> {
        loop {
            match self.state.turn() {
                Turn::Terminal => {
                    self.over = true;
                    self.legal.clear();
                    return Ok(());
                }
                Turn::Seat(s) if self.specs[s].is_none() => {
                    self.acting = s;
                    return self.state.legal_actions_into(None, &mut self.legal);
                }
                Turn::Seat(s) => {
                    let agent = self.agents[s]
                        .as_mut()
                        .expect("every seat but the learner's has an agent");
                    let (id, _) = agent.step(&*self.state, None)?;
                    self.state.apply(id)?;
                }
                Turn::Race(seats) => {
                    if seats.contains(&self.acting) {
                        self.state
                            .legal_actions_into(Some(self.acting), &mut self.legal)?;
                        if !self.legal.is_empty() {
                            return Ok(());
                        }
                    }
                    let entries = self.race_entries(&seats, None)?;
                    self.state.apply_race(&entries)?;
                }
            }
        }
    }
}
