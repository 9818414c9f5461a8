//! Learner episodes: one learner's seat in a game whose other seats are cardsim agents, or
//! self-play (the learner acts for every seat), the core of the single-agent environments
//! (`gymnasium_env`) and of the `VectorEnv` class (`py_vector`).
//!
//! Plain Rust with no Python object, so a batch of episodes can be stepped on many threads
//! with the GIL released. A batch ([`Episodes`], made by [`DynGame::episodes`]) is type-erased
//! once; inside it every episode holds its game's concrete state and agents, so the loop over
//! the batch is compiled for the game, with no dynamic call per move.
//!
//! - The learner acts when one of its seats is to move, or in a race its seat takes part in
//!   (its race actions are its legal actions then, and it reacts in a fixed time,
//!   [`EpisodeRules::reaction`]). Every other decision, and the other seats' race entries, are
//!   made by their agents, each from its own seat's observation; an agent that draws
//!   uniformly (`random`) draws without the list of legal actions being built, the same
//!   draw it would make from the list. The seat whose decision is pending is the acting
//!   seat; the learner sees that seat's observation.
//! - The reward is the acting seat's win share ([`DynState::returns`]) when the game ends, 0
//!   before. An illegal action ends the episode with the penalty instead.
//! - Self-play (no learner seat in [`seat_specs`]) needs a turn-based game: one action per
//!   step cannot enter a race for several seats.
//! - An episode reset with seed `s` deals the game of seed `s` (as `cardsim deal --seed s`)
//!   and seeds the agent of seat `k` with a seed derived from `(s, k)`, so the same seed and
//!   the same actions replay the same episode.

use crate::erased::{DynGame, DynState, ErasedAgent, ErasedGame, ErasedState, RaceChoice, Turn};
use crate::error::CoreError;
use cardsim_agents::{catalog, AgentCatalog, AgentSpec, GameAgents};
use cardsim_engine::{DealText, Encoding, Game};
use rand::Rng;
use rand_chacha::ChaCha8Rng;
use rayon::prelude::*;
use std::convert::Infallible;

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

/// The learner's reaction time and penalty, the same for every episode of a batch.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct EpisodeRules {
    /// The learner's reaction time in races, in seconds.
    pub reaction: f64,
    /// The reward of an illegal action.
    pub penalty: f64,
}

/// The rows one step of a batch writes, `num_envs` of each: observations (`tensor_len`
/// entries a row), masks (`num_distinct_actions` a row), the acting seat.
pub struct Rows<'a> {
    /// Observation tensors, row after row.
    pub obs: &'a mut [f32],
    /// Legal-action masks, row after row.
    pub masks: &'a mut [bool],
    /// The seat whose observation and mask each row shows.
    pub current: &'a mut [i64],
}

/// What one step of a batch ended with, per environment.
pub struct Outcomes<'a> {
    /// Rewards: one column (the learner's), or one per seat in self-play.
    pub rewards: &'a mut [f32],
    /// The episode ended (and the environment started its next one).
    pub terminated: &'a mut [bool],
    /// The learner's action was illegal.
    pub illegal: &'a mut [bool],
}

/// A batch of learner episodes of one configured game (see the [module docs](self)).
pub trait Episodes: Send {
    /// Starts episode `i` with the deal of `seeds[i]` for every `i` and writes its first
    /// rows.
    ///
    /// # Errors
    /// An agent failing (it never should).
    fn reset_all(&mut self, seeds: &[u64], rows: Rows<'_>) -> Result<(), CoreError>;
    /// Plays `actions[i]` in episode `i` (a game over before the learner's first decision
    /// just ends), writes the outcomes, starts an ended episode again with the deal of
    /// `fresh[i]`, and writes the rows.
    ///
    /// # Errors
    /// An agent failing (it never should).
    fn step_all(
        &mut self,
        actions: &[i64],
        fresh: &[u64],
        rows: Rows<'_>,
        out: Outcomes<'_>,
    ) -> Result<(), CoreError>;
    /// Starts episode `i` with the deal of `seed`.
    ///
    /// # Errors
    /// An agent failing (it never should).
    fn reset(&mut self, i: usize, seed: u64) -> Result<(), CoreError>;
    /// Plays the learner's action `id` in episode `i`, then the agents' moves until the
    /// learner must act again or the game is over.
    ///
    /// # Errors
    /// The episode is already over, or an agent failed.
    fn step(&mut self, i: usize, id: usize) -> Result<StepResult, CoreError>;
    /// Writes episode `i`'s acting seat's observation tensor into `out`.
    ///
    /// # Errors
    /// `out` of the wrong length.
    fn observe(&self, i: usize, out: &mut [f32]) -> Result<(), CoreError>;
    /// Writes episode `i`'s legal-action mask into `out` (one entry per action id).
    fn mask(&self, i: usize, out: &mut [bool]);
    /// The ids the learner may choose now in episode `i` (empty once it is over).
    fn legal(&self, i: usize) -> &[usize];
    /// Episode `i` has ended (the game is over, or the learner played an illegal action).
    fn is_over(&self, i: usize) -> bool;
    /// The learner's seat whose decision is pending in episode `i`: the seat to move in
    /// self-play, the learner's seat otherwise (after a self-play game, the seat that acted
    /// last).
    fn acting(&self, i: usize) -> usize;
    /// Episode `i`'s state now.
    fn state(&self, i: usize) -> &dyn DynState;
}

/// A seed for seat `seat`'s agent in the episode of seed `seed` (splitmix64 of the pair).
fn agent_seed(seed: u64, seat: usize) -> u64 {
    let mut z = seed ^ (seat as u64 + 1).wrapping_mul(0x9E37_79B9_7F4A_7C15);
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

/// Who plays each seat: the learner at `learner` and `opponents[k]` at the others (one spec
/// for all, or one per other seat in seat order; `default` is the game's `heuristic` where
/// it has one, else `random`); with `learner` `None` the learner plays every seat
/// (self-play) and `opponents` is ignored. `None` marks the learner's seats.
///
/// # Errors
/// A seat out of range, the wrong number of specs, a malformed spec; self-play in a
/// real-time game.
pub fn seat_specs(
    game: &dyn DynGame,
    learner: Option<usize>,
    opponents: &[String],
) -> Result<Vec<Option<AgentSpec>>, CoreError> {
    let n = game.players();
    let Some(learner) = learner else {
        if game.real_time() {
            return Err(CoreError(format!(
                "self-play needs a turn-based game: {} has races, where several seats act \
                 at once (use pettingzoo_env(..., parallel=True))",
                game.info().name
            )));
        }
        return Ok(vec![None; n]);
    };
    if learner >= n {
        return Err(CoreError(format!(
            "seat {learner} is out of range: {} has {n} players (seats 0 to {})",
            game.info().name,
            n - 1
        )));
    }
    let others = n - 1;
    let specs: Vec<Option<&String>> = match opponents.len() {
        1 => (0..n)
            .map(|s| (s != learner).then_some(&opponents[0]))
            .collect(),
        k if k == others => {
            let mut it = opponents.iter();
            (0..n)
                .map(|s| (s != learner).then(|| it.next()).flatten())
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
    specs
        .into_iter()
        .map(|s| {
            s.map(|s| if s == "default" { default } else { s.as_str() })
                .map(str::parse::<AgentSpec>)
                .transpose()
                .map_err(CoreError::from)
        })
        .collect()
}

/// What every episode of a batch shares.
struct Table<G: Encoding + GameAgents> {
    game: ErasedGame<G>,
    catalog: AgentCatalog<G>,
    /// The spec of each seat's agent; `None` for the learner's seats.
    specs: Vec<Option<AgentSpec>>,
    rules: EpisodeRules,
}

/// One learner episode of `G`.
struct Episode<G: Encoding + GameAgents> {
    /// The learner's seat whose decision is pending.
    acting: usize,
    state: ErasedState<G>,
    agents: Vec<Option<ErasedAgent<G>>>,
    legal: Vec<usize>,
    over: bool,
}

/// A uniformly random legal action for the seat to move, drawn by `rng` exactly as
/// `legal[rng.random_range(0..legal.len())]` draws it from the listed actions (a draw even
/// when one action is legal), without listing them where the game counts them; `None`
/// where it does not.
fn uniform_action<G: Game>(game: &G, state: &G::State, rng: &mut ChaCha8Rng) -> Option<G::Action> {
    let mut drawn = false;
    let picked = game.pick_legal(state, |count| {
        drawn = true;
        Ok::<_, Infallible>(rng.random_range(0..count))
    });
    match picked? {
        Ok(action) => {
            if !drawn {
                // `pick_legal` answers a single legal action without asking; the list's
                // draw still takes its number.
                let _ = rng.random_range(0..1usize);
            }
            Some(action)
        }
        Err(never) => match never {},
    }
}

impl<G: Encoding + DealText + GameAgents> Episode<G> {
    fn new(table: &Table<G>, seed: u64) -> Result<Self, CoreError> {
        let mut episode = Episode {
            acting: 0,
            state: table.game.seeded(seed),
            agents: Vec::new(),
            legal: Vec::new(),
            over: false,
        };
        episode.reset(table, seed)?;
        Ok(episode)
    }

    /// Starts the episode of seed `seed`: deals, rebuilds the agents, and plays the agents'
    /// moves until the learner must act (or the game is over).
    fn reset(&mut self, table: &Table<G>, seed: u64) -> Result<(), CoreError> {
        self.state = table.game.seeded(seed);
        self.agents.clear();
        for (seat, spec) in table.specs.iter().enumerate() {
            let agent = spec
                .as_ref()
                .map(|s| {
                    table
                        .game
                        .typed_agent(&table.catalog, s, agent_seed(seed, seat))
                })
                .transpose()?;
            self.agents.push(agent);
        }
        self.over = false;
        // The learner's first seat until its first decision, whatever the last game did.
        self.acting = table.specs.iter().position(Option::is_none).unwrap_or(0);
        self.advance(table)
    }

    fn observe(&self, out: &mut [f32]) -> Result<(), CoreError> {
        self.state.observation_tensor_into(self.acting, out)
    }

    fn mask(&self, out: &mut [bool]) {
        out.fill(false);
        for &id in &self.legal {
            if let Some(m) = out.get_mut(id) {
                *m = true;
            }
        }
    }

    /// The result of a game that ended before the learner had to act: its win share, ended.
    fn ended(&self) -> StepResult {
        StepResult {
            reward: self.state.returns()[self.acting],
            seat: self.acting,
            terminated: true,
            illegal: false,
        }
    }

    fn step(&mut self, table: &Table<G>, id: usize) -> Result<StepResult, CoreError> {
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
                reward: table.rules.penalty,
                seat,
                terminated: true,
                illegal: true,
            });
        }
        match self.state.turn() {
            Turn::Seat(_) => self.state.apply(id)?,
            Turn::Race(seats) => {
                let entries = self.race_entries(table, &seats, Some(id))?;
                self.state.apply_race(&entries)?;
            }
            Turn::Terminal => unreachable!("a learner with legal actions has a decision"),
        }
        self.advance(table)?;
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
        table: &Table<G>,
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
                    entries.push((seat, id, table.rules.reaction));
                }
                continue;
            }
            let agent = self.agents[seat]
                .as_mut()
                .expect("every seat but the learner's has an agent");
            let (id, reaction) = agent.act(&self.state, Some(seat))?;
            entries.push((seat, id, reaction));
        }
        Ok(entries)
    }

    /// Plays the agents until the learner must act or the game is over; leaves the learner's
    /// legal ids in `self.legal` and the state's actions listed.
    fn advance(&mut self, table: &Table<G>) -> Result<(), CoreError> {
        loop {
            match self.state.turn() {
                Turn::Terminal => {
                    self.state.list();
                    self.over = true;
                    self.legal.clear();
                    return Ok(());
                }
                Turn::Seat(s) if table.specs[s].is_none() => {
                    self.state.list();
                    self.acting = s;
                    return self.state.legal_actions_into(None, &mut self.legal);
                }
                Turn::Seat(s) => {
                    let agent = self.agents[s]
                        .as_mut()
                        .expect("every seat but the learner's has an agent");
                    let uniform = if agent.is_uniform() {
                        let (game, state) = (self.state.game(), self.state.state());
                        uniform_action(game, state, agent.rng())
                    } else {
                        None
                    };
                    match uniform {
                        Some(action) => self.state.apply_unlisted(action),
                        None => {
                            self.state.list();
                            let (id, _) = agent.act(&self.state, None)?;
                            self.state.apply(id)?;
                        }
                    }
                }
                Turn::Race(seats) => {
                    self.state.list();
                    if seats.contains(&self.acting) {
                        self.state
                            .legal_actions_into(Some(self.acting), &mut self.legal)?;
                        if !self.legal.is_empty() {
                            return Ok(());
                        }
                    }
                    let entries = self.race_entries(table, &seats, None)?;
                    self.state.apply_race(&entries)?;
                }
            }
        }
    }

    /// Episode `self`'s part of a batch step: the action, the outcome, a restart with `seed`
    /// if it ended, and its rows.
    #[allow(clippy::too_many_arguments)]
    fn step_row(
        &mut self,
        table: &Table<G>,
        action: i64,
        seed: u64,
        obs: &mut [f32],
        mask: &mut [bool],
        rewards: &mut [f32],
        current: &mut i64,
    ) -> Result<(bool, bool), CoreError> {
        let id = usize::try_from(action).unwrap_or(usize::MAX);
        // A game can end before the learner acts (a reset into a game its seat has no
        // decision in): it ends now, whatever the action.
        let res = if self.over {
            self.ended()
        } else {
            self.step(table, id)?
        };
        rewards.fill(0.0);
        if rewards.len() == 1 {
            rewards[0] = res.reward as f32;
        } else if res.terminated && !res.illegal {
            for (r, v) in rewards.iter_mut().zip(self.state.returns()) {
                *r = v as f32;
            }
        } else {
            rewards[res.seat] = res.reward as f32;
        }
        if res.terminated {
            self.reset(table, seed)?;
        }
        self.observe(obs)?;
        self.mask(mask);
        *current = self.acting as i64;
        Ok((res.terminated, res.illegal))
    }
}

/// The episodes of a batch of `G` (what [`DynGame::episodes`] makes).
pub struct Batch<G: Encoding + GameAgents> {
    table: Table<G>,
    episodes: Vec<Episode<G>>,
}

/// Episodes per rayon task at least: a task steps a run of environments in one loop.
const MIN_RUN: usize = 16;

impl<G: Encoding + DealText + GameAgents> Batch<G> {
    /// One episode of `game` per seed, seats played as `specs` says.
    ///
    /// # Errors
    /// An agent the game does not have, or one failing at the start.
    pub fn new(
        game: ErasedGame<G>,
        specs: &[Option<AgentSpec>],
        seeds: &[u64],
        rules: EpisodeRules,
    ) -> Result<Self, CoreError> {
        let table = Table {
            game,
            catalog: catalog::<G>(),
            specs: specs.to_vec(),
            rules,
        };
        let episodes = seeds
            .iter()
            .map(|&seed| Episode::new(&table, seed))
            .collect::<Result<_, _>>()?;
        Ok(Batch { table, episodes })
    }
}

/// The row length of `data` split among `n` rows (1 at least, for `chunks`).
fn row_len<T>(data: &[T], n: usize) -> usize {
    (data.len() / n.max(1)).max(1)
}

impl<G: Encoding + DealText + GameAgents> Episodes for Batch<G> {
    fn reset_all(&mut self, seeds: &[u64], rows: Rows<'_>) -> Result<(), CoreError> {
        let n = self.episodes.len();
        let (l, a) = (row_len(rows.obs, n), row_len(rows.masks, n));
        let table = &self.table;
        self.episodes
            .par_iter_mut()
            .zip(seeds.par_iter())
            .zip(rows.obs.par_chunks_mut(l))
            .zip(rows.masks.par_chunks_mut(a))
            .zip(rows.current.par_iter_mut())
            .with_min_len(MIN_RUN)
            .try_for_each(|((((e, &seed), o), m), c)| {
                e.reset(table, seed)?;
                e.observe(o)?;
                e.mask(m);
                *c = e.acting as i64;
                Ok(())
            })
    }

    fn step_all(
        &mut self,
        actions: &[i64],
        fresh: &[u64],
        rows: Rows<'_>,
        out: Outcomes<'_>,
    ) -> Result<(), CoreError> {
        let n = self.episodes.len();
        let (l, a, k) = (
            row_len(rows.obs, n),
            row_len(rows.masks, n),
            row_len(out.rewards, n),
        );
        let table = &self.table;
        self.episodes
            .par_iter_mut()
            .zip(actions.par_iter().zip(fresh.par_iter()))
            .zip(rows.obs.par_chunks_mut(l))
            .zip(rows.masks.par_chunks_mut(a))
            .zip(rows.current.par_iter_mut())
            .zip(out.rewards.par_chunks_mut(k))
            .zip(
                out.terminated
                    .par_iter_mut()
                    .zip(out.illegal.par_iter_mut()),
            )
            .with_min_len(MIN_RUN)
            .try_for_each(|((((((e, (&act, &seed)), o), m), c), r), (t, x))| {
                (*t, *x) = e.step_row(table, act, seed, o, m, r, c)?;
                Ok(())
            })
    }

    fn reset(&mut self, i: usize, seed: u64) -> Result<(), CoreError> {
        self.episodes[i].reset(&self.table, seed)
    }

    fn step(&mut self, i: usize, id: usize) -> Result<StepResult, CoreError> {
        self.episodes[i].step(&self.table, id)
    }

    fn observe(&self, i: usize, out: &mut [f32]) -> Result<(), CoreError> {
        self.episodes[i].observe(out)
    }

    fn mask(&self, i: usize, out: &mut [bool]) {
        self.episodes[i].mask(out);
    }

    fn legal(&self, i: usize) -> &[usize] {
        &self.episodes[i].legal
    }

    fn is_over(&self, i: usize) -> bool {
        self.episodes[i].over
    }

    fn acting(&self, i: usize) -> usize {
        self.episodes[i].acting
    }

    fn state(&self, i: usize) -> &dyn DynState {
        &self.episodes[i].state
    }
}
