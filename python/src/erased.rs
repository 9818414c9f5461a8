//! Type-erased games, states and agents: every game of the table behind one object-safe
//! interface, actions as ids and strings, observations as strings and tensors.
//!
//! This is the Rust API the Python classes forward to; it holds no Python object, so a batch
//! of states can be stepped from Rust with the GIL released (`Box<dyn DynState>` is `Send`).
//!
//! - A state carries its own chance RNG (`cardsim_sim::game_rng(seed, 0)`): the deal of seed
//!   `s` is the one `cardsim deal --seed s` prints, and a cloned state replays the same chance.
//! - A game with a move cap ([`Game::move_cap`]) is over, drawn, once that many actions have
//!   been applied, as in the simulator.

use crate::error::CoreError;
use crate::learner::{Batch, EpisodeRules, Episodes};
use cardsim_agents::{catalog, decide, Agent, AgentCatalog, AgentSpec, GameAgents};
use cardsim_engine::encoding::{Segment, Tensor};
use cardsim_engine::{
    driver, DealText, Encoding, Game, GameInfo, IllegalAction, Params, RaceEntry, Seat, ToMove,
};
use cardsim_sim::{GameRecord, Report, SimConfig, Simulation};
use rand::{RngCore, SeedableRng};
use rand_chacha::ChaCha8Rng;
use std::any::Any;
use std::sync::{Arc, Mutex};

/// Who acts in a state.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Turn {
    /// One seat chooses an action.
    Seat(usize),
    /// A race: these seats may act at once ([`DynState::apply_race`]).
    Race(Vec<usize>),
    /// The game is over.
    Terminal,
}

/// One race entry as ids: `(seat, action id, reaction time)`.
pub type RaceChoice = (usize, usize, f64);

/// Where a state started, so that it can be rebuilt ([`DynGame::restore`]).
#[derive(Clone, Debug, PartialEq)]
pub enum Origin {
    /// The deal of a seed ([`DynGame::new_state`]).
    Seed(u64),
    /// A deal text, chance after it from the seed ([`DynGame::state_from_deal`]).
    Deal {
        /// The deal text.
        text: String,
        /// The seed.
        seed: u64,
    },
    /// A state drawn from what `seat` knew in another state ([`DynState::resample`]).
    Resample {
        /// The state it was drawn from.
        parent: Arc<Replay>,
        /// The seat whose knowledge was kept.
        seat: usize,
        /// The seed of the draw.
        seed: u64,
    },
    /// A state drawn by the simulator for an agent (a Python callable's view), from a state
    /// the view may not know: it cannot be rebuilt.
    View,
}

/// How to rebuild a state: where it started and what was applied since.
#[derive(Clone, Debug, PartialEq)]
pub struct Replay {
    /// Where it started.
    pub origin: Origin,
    /// The action ids applied, race entries included ([`DynState::history`]).
    pub history: Vec<usize>,
    /// The races applied: the move number each was applied at, and its entries.
    pub races: Vec<(u64, Vec<RaceChoice>)>,
}

/// A configured game, type-erased.
pub trait DynGame: Send + Sync {
    /// The game's table entry: name, player range, parameters.
    fn info(&self) -> &GameInfo;
    /// Players.
    fn players(&self) -> usize;
    /// The parameters it was configured with.
    fn params(&self) -> &Params;
    /// Action ids are `0..num_distinct_actions()`.
    fn num_distinct_actions(&self) -> usize;
    /// True for a real-time game (one with races, where several seats may act at once).
    fn real_time(&self) -> bool;
    /// The observation tensor's segments.
    fn layout(&self) -> &[Segment];
    /// The observation tensor's flat length.
    fn tensor_len(&self) -> usize;
    /// The state dealt from `seed`, its chance RNG seeded by `seed`.
    fn new_state(&self, seed: u64) -> Box<dyn DynState>;
    /// The state a deal text describes; chance after the deal comes from `seed`.
    ///
    /// # Errors
    /// The one-line reason the text is not a deal of this game.
    fn state_from_deal(&self, deal: &str, seed: u64) -> Result<Box<dyn DynState>, CoreError>;
    /// The state `replay` describes: its origin rebuilt, then its actions and races applied.
    ///
    /// # Errors
    /// An origin that cannot be rebuilt ([`Origin::View`]), a bad deal or seat, an action or
    /// race not legal where the replay applies it.
    fn restore(&self, replay: &Replay) -> Result<Box<dyn DynState>, CoreError> {
        let mut state = match &replay.origin {
            Origin::Seed(seed) => self.new_state(*seed),
            Origin::Deal { text, seed } => self.state_from_deal(text, *seed)?,
            Origin::Resample { parent, seat, seed } => {
                self.restore(parent)?.resample(*seat, *seed)?
            }
            Origin::View => {
                return Err(CoreError(
                    "this state was drawn by the simulator for an agent and cannot be rebuilt"
                        .into(),
                ))
            }
        };
        let mut ids = replay.history.iter().copied();
        let mut races = replay.races.iter().peekable();
        loop {
            let now = state.move_number();
            if let Some((_, entries)) = races.next_if(|(at, _)| *at == now) {
                state.apply_race(entries)?;
                for _ in entries {
                    ids.next();
                }
            } else if let Some(id) = ids.next() {
                state.apply(id)?;
            } else {
                break;
            }
        }
        if races.next().is_some() {
            return Err(CoreError(
                "a race of the replay is not at a move it reaches".into(),
            ));
        }
        Ok(state)
    }
    /// `seeds.len()` learner episodes of this game (one per seed), each seat played as
    /// `specs` says (`None`: the learner), stepped by a loop compiled for the game.
    ///
    /// # Errors
    /// An agent the game does not have, or one failing at the start.
    fn episodes(
        &self,
        specs: &[Option<AgentSpec>],
        seeds: &[u64],
        rules: EpisodeRules,
    ) -> Result<Box<dyn Episodes>, CoreError>;
    /// The agent a spec such as `ismcts:iters=1000` names, its RNG seeded by `seed`.
    ///
    /// # Errors
    /// A malformed spec, an unknown agent or setting, a bad value.
    fn agent(&self, spec: &str, seed: u64) -> Result<Box<dyn DynAgent>, CoreError>;
    /// Plays `config.games` games with one agent per seat (or one for all), seated, seeded
    /// and summarised as the simulator does, on the calling thread: the report, the agents'
    /// labels and every game's record, in game order.
    ///
    /// # Errors
    /// The simulator's errors, or the first error of a [`SeatAgent::Function`].
    fn simulate(
        &self,
        agents: &[SeatAgent],
        config: SimConfig,
    ) -> Result<(Report, Vec<String>, Vec<GameRecord>), CoreError>;
}

/// A function that chooses an action id for a seat, given a state drawn from what the seat
/// knows (a Python callable, in the package).
pub type ChooseFn = dyn Fn(Box<dyn DynState>, usize) -> Result<usize, CoreError> + Send + Sync;

/// One agent of [`DynGame::simulate`].
#[derive(Clone)]
pub enum SeatAgent {
    /// A cardsim agent.
    Spec(AgentSpec),
    /// A function of the seat's view, labelled in the results.
    Function {
        /// Its label in the rows and the summary.
        label: String,
        /// The function.
        choose: Arc<ChooseFn>,
    },
}

/// A state of a configured game, type-erased, with its chance RNG and history.
pub trait DynState: Send + Sync {
    /// The concrete state, for [`DynAgent::step`].
    fn as_any(&self) -> &dyn Any;
    /// An independent copy (same RNG position: the same actions give the same chance).
    fn clone_box(&self) -> Box<dyn DynState>;
    /// The game's name.
    fn game_name(&self) -> &'static str;
    /// Players.
    fn players(&self) -> usize;
    /// Action ids are `0..num_distinct_actions()`.
    fn num_distinct_actions(&self) -> usize;
    /// The observation tensor's flat length.
    fn tensor_len(&self) -> usize;
    /// Who acts.
    fn turn(&self) -> Turn;
    /// Actions and races applied so far.
    fn move_number(&self) -> u64;
    /// The ids `seat` may choose now, ascending (`None`: the seat to move). In a race, a
    /// seat's race actions.
    ///
    /// # Errors
    /// A seat out of range, or `None` in a race.
    fn legal_actions_into(
        &self,
        seat: Option<usize>,
        out: &mut Vec<usize>,
    ) -> Result<(), CoreError>;
    /// Applies the action with id `id` for the seat to move.
    ///
    /// # Errors
    /// No seat to move (a race, the end), or `id` not legal here.
    fn apply(&mut self, id: usize) -> Result<(), CoreError>;
    /// Applies one race: every entry's action must be one of its seat's race actions.
    ///
    /// # Errors
    /// No race under way, a seat not in it or given twice, an illegal action, a reaction
    /// time that is not finite.
    fn apply_race(&mut self, entries: &[RaceChoice]) -> Result<(), CoreError>;
    /// The text of the action with id `id` among the actions legal now (any seat's).
    ///
    /// # Errors
    /// `id` legal for no seat now.
    fn action_to_string(&self, id: usize) -> Result<String, CoreError>;
    /// The id of the action legal now (any seat's) whose text is `text`.
    ///
    /// # Errors
    /// No legal action is written so.
    fn string_to_action(&self, text: &str) -> Result<usize, CoreError>;
    /// Each seat's win share (at the end they sum to 1 among several players, a patience is
    /// won 1 or lost 0; all 0 before).
    fn returns(&self) -> Vec<f64>;
    /// Each seat's final score (all 0 before the end).
    fn scores(&self) -> Vec<f64>;
    /// What `seat` knows, as text.
    ///
    /// # Errors
    /// A seat out of range.
    fn observation_string(&self, seat: usize) -> Result<String, CoreError>;
    /// What `seat` knows, written into `out` (of [`DynState::tensor_len`] entries).
    ///
    /// # Errors
    /// A seat out of range, or `out` of the wrong length.
    fn observation_tensor_into(&self, seat: usize, out: &mut [f32]) -> Result<(), CoreError>;
    /// The ids applied so far, race entries in the order given.
    fn history(&self) -> &[usize];
    /// How to rebuild this state ([`DynGame::restore`]).
    fn replay(&self) -> Replay;
    /// A state drawn from what `seat` knows ([`Game::determinize`] of its observation), its
    /// chance RNG seeded by `seed`; its history starts empty.
    ///
    /// # Errors
    /// A seat out of range.
    fn resample(&self, seat: usize, seed: u64) -> Result<Box<dyn DynState>, CoreError>;
    /// The state's `Debug` text.
    fn text(&self) -> String;
}

/// An agent of one configured game, type-erased, with its own RNG.
pub trait DynAgent: Send {
    /// The action the agent chooses for `seat` (`None`: the seat to move; a race needs the
    /// seat), and its reaction time (used in races).
    ///
    /// # Errors
    /// A state of another game or configuration, no decision for the seat, or an illegal
    /// choice.
    fn step(
        &mut self,
        state: &dyn DynState,
        seat: Option<usize>,
    ) -> Result<(usize, f64), CoreError>;
    /// Forgets what it learnt during a game (call between games).
    fn reset(&mut self);
    /// The agent's label (its spec).
    fn label(&self) -> String;
}

/// [`DynGame`] for a concrete game.
#[derive(Clone)]
pub struct ErasedGame<G: Encoding> {
    game: Arc<G>,
    params: Params,
    layout: Vec<Segment>,
    len: usize,
}

impl<G: Encoding + DealText + GameAgents> ErasedGame<G> {
    /// `G` for `players` (its default when `None`) and `params`.
    ///
    /// # Errors
    /// The game's own configuration error (players, unknown or bad parameters).
    pub fn new(players: Option<usize>, params: &Params) -> Result<Self, CoreError> {
        let game = G::new(players.unwrap_or(G::INFO.default_players), params)?;
        let layout = cardsim_engine::encoding::layout(&game);
        let len = layout.last().map_or(0, |s| s.offset + s.len);
        Ok(ErasedGame {
            game: Arc::new(game),
            params: params.clone(),
            layout,
            len,
        })
    }

    fn state(&self, state: G::State, rng: ChaCha8Rng, origin: Origin) -> ErasedState<G> {
        ErasedState::new(self.game.clone(), self.len, state, rng, 0, origin)
    }

    /// [`DynGame::new_state`], unboxed.
    pub(crate) fn seeded(&self, seed: u64) -> ErasedState<G> {
        let mut rng = cardsim_sim::game_rng(seed, 0);
        let state = self.game.deal(&mut rng);
        self.state(state, rng, Origin::Seed(seed))
    }

    /// [`DynGame::agent`], unboxed, from a parsed spec built by `catalog`.
    pub(crate) fn typed_agent(
        &self,
        catalog: &AgentCatalog<G>,
        spec: &AgentSpec,
        seed: u64,
    ) -> Result<ErasedAgent<G>, CoreError> {
        Ok(ErasedAgent {
            game: self.game.clone(),
            agent: catalog.build(spec)?,
            label: spec.to_string(),
            rng: ChaCha8Rng::seed_from_u64(seed),
            scratch: Vec::new(),
        })
    }
}

impl<G: Encoding + DealText + GameAgents> DynGame for ErasedGame<G> {
    fn info(&self) -> &GameInfo {
        &G::INFO
    }
    fn players(&self) -> usize {
        self.game.players()
    }
    fn params(&self) -> &Params {
        &self.params
    }
    fn num_distinct_actions(&self) -> usize {
        self.game.num_distinct_actions()
    }
    fn real_time(&self) -> bool {
        G::REAL_TIME
    }
    fn layout(&self) -> &[Segment] {
        &self.layout
    }
    fn tensor_len(&self) -> usize {
        self.len
    }
    fn new_state(&self, seed: u64) -> Box<dyn DynState> {
        Box::new(self.seeded(seed))
    }
    fn state_from_deal(&self, deal: &str, seed: u64) -> Result<Box<dyn DynState>, CoreError> {
        let state = self
            .game
            .parse_deal(deal)
            .map_err(|e| CoreError(format!("the deal is not a {} deal: {e}", G::INFO.name)))?;
        // As the simulator does with a given deal: the RNG deals first, so chance after the
        // deal is the stream the seed gives.
        let mut rng = cardsim_sim::game_rng(seed, 0);
        let _ = self.game.deal(&mut rng);
        let origin = Origin::Deal {
            text: deal.to_string(),
            seed,
        };
        Ok(Box::new(self.state(state, rng, origin)))
    }
    fn episodes(
        &self,
        specs: &[Option<AgentSpec>],
        seeds: &[u64],
        rules: EpisodeRules,
    ) -> Result<Box<dyn Episodes>, CoreError> {
        Ok(Box::new(Batch::new(self.clone(), specs, seeds, rules)?))
    }
    fn agent(&self, spec: &str, seed: u64) -> Result<Box<dyn DynAgent>, CoreError> {
        let spec: AgentSpec = spec.parse()?;
        Ok(Box::new(self.typed_agent(&catalog::<G>(), &spec, seed)?))
    }
    fn simulate(
        &self,
        agents: &[SeatAgent],
        config: SimConfig,
    ) -> Result<(Report, Vec<String>, Vec<GameRecord>), CoreError> {
        // The simulation with a stand-in spec for every function seats, places, seeds and
        // labels the games as `cardsim simulate` does.
        let stand_in: Vec<AgentSpec> = agents
            .iter()
            .map(|a| match a {
                SeatAgent::Spec(s) => Ok(s.clone()),
                SeatAgent::Function { .. } => "random".parse::<AgentSpec>(),
            })
            .collect::<Result<_, _>>()?;
        let sim = Simulation::new((*self.game).clone(), &stand_in, config)?;
        let players = self.game.players();
        let agents: Vec<SeatAgent> = match agents.len() {
            1 => vec![agents[0].clone(); players],
            _ => agents.to_vec(),
        };
        let mut labels = sim.labels();
        for (label, a) in labels.iter_mut().zip(&agents) {
            if let SeatAgent::Function { label: l, .. } = a {
                label.clone_from(l);
            }
        }
        let teams: Vec<usize> = Seat::all(players).map(|s| self.game.team(s)).collect();
        let report = Report::new(G::INFO.name, players, &labels, G::INFO.stats)
            .with_block(sim.block())
            .with_teams(&teams);
        let cat = catalog::<G>();
        let failure: Arc<Mutex<Option<CoreError>>> = Arc::default();
        let mut records = Vec::new();
        for index in sim.range() {
            let seating = sim.seating_of(index);
            let mut seated = Vec::with_capacity(players);
            for &k in &seating {
                seated.push(match &agents[k] {
                    SeatAgent::Spec(spec) => cat.build(spec)?,
                    SeatAgent::Function { label, choose } => Box::new(FunctionAgent {
                        game: self.game.clone(),
                        len: self.len,
                        label: label.clone(),
                        choose: choose.clone(),
                        failure: failure.clone(),
                    })
                        as Box<dyn Agent<G>>,
                });
            }
            let mut rng = sim.rng_of(index);
            let record = cardsim_sim::play_game(
                &*self.game,
                &mut seated,
                &seating,
                &mut rng,
                index,
                sim.config().max_moves,
            );
            if let Some(e) = failure.lock().ok().and_then(|mut f| f.take()) {
                return Err(e);
            }
            records.push(record?);
        }
        Ok((report, labels, records))
    }
}

/// A [`SeatAgent::Function`] at a table of the simulator: the function sees a state drawn
/// from the seat's observation, never the true state. Its first failure is kept in
/// `failure` (the game then goes on with the first legal action and the run stops after it).
struct FunctionAgent<G: Game> {
    game: Arc<G>,
    len: usize,
    label: String,
    choose: Arc<ChooseFn>,
    failure: Arc<Mutex<Option<CoreError>>>,
}

impl<G: Encoding + GameAgents> Agent<G> for FunctionAgent<G> {
    fn choose(
        &mut self,
        game: &G,
        seat: Seat,
        obs: &G::Observation,
        legal: &[G::Action],
        rng: &mut dyn RngCore,
    ) -> G::Action {
        let failed = |e: CoreError| {
            if let Ok(mut f) = self.failure.lock() {
                f.get_or_insert(e);
            }
            legal[0]
        };
        match self.failure.lock() {
            Ok(f) if f.is_none() => {}
            _ => return legal[0],
        }
        let state = game.determinize(obs, rng);
        let view = ErasedState::new(
            self.game.clone(),
            self.len,
            state,
            ChaCha8Rng::seed_from_u64(rng.next_u64()),
            0,
            Origin::View,
        );
        match (self.choose)(Box::new(view), seat.index()) {
            Ok(id) => match legal.iter().find(|&&a| game.action_id(a) == id) {
                Some(&a) => a,
                None => failed(CoreError(format!(
                    "agent {} chose the illegal action id {id}",
                    self.label
                ))),
            },
            Err(e) => failed(e),
        }
    }

    fn label(&self) -> String {
        self.label.clone()
    }
}

/// [`DynState`] for a concrete game.
#[derive(Clone)]
pub struct ErasedState<G: Game> {
    game: Arc<G>,
    len: usize,
    state: G::State,
    rng: ChaCha8Rng,
    history: Vec<usize>,
    moves: u64,
    /// Where the state started.
    origin: Origin,
    /// The races applied: the move number of each, and its entries.
    races: Vec<(u64, Vec<RaceChoice>)>,
    /// The legal actions of the seat to move in the game's order (what agents choose among;
    /// empty unless a seat is to move).
    actions: Vec<G::Action>,
    /// The same actions with their ids, by id.
    legal: Vec<(usize, G::Action)>,
    /// `actions` and `legal` are up to date (false only inside a learner episode's agent
    /// moves, [`ErasedState::apply_unlisted`], until [`ErasedState::list`]).
    listed: bool,
}

impl<G: Encoding> ErasedState<G> {
    /// The game.
    pub fn game(&self) -> &G {
        &self.game
    }

    /// The concrete state.
    pub fn state(&self) -> &G::State {
        &self.state
    }

    fn capped(&self) -> bool {
        self.game.move_cap().is_some_and(|cap| self.moves >= cap)
    }

    /// Who acts (the move cap reached: nobody).
    pub(crate) fn to_move(&self) -> ToMove {
        match self.game.to_move(&self.state) {
            _ if self.capped() => ToMove::Over,
            t => t,
        }
    }

    /// `state` of `game`, `moves` actions into the game, its chance drawn from `rng`, with an
    /// empty history.
    fn new(
        game: Arc<G>,
        len: usize,
        state: G::State,
        rng: ChaCha8Rng,
        moves: u64,
        origin: Origin,
    ) -> Self {
        let mut s = ErasedState {
            game,
            len,
            state,
            rng,
            history: Vec::new(),
            moves,
            origin,
            races: Vec::new(),
            actions: Vec::new(),
            legal: Vec::new(),
            listed: false,
        };
        s.refresh();
        s
    }

    /// Applies `action`, which must be legal for the seat to move, without listing the next
    /// legal actions: the lists stay empty until [`ErasedState::list`], which must come
    /// before the state is used through [`DynState`] or by an agent.
    pub(crate) fn apply_unlisted(&mut self, action: G::Action) {
        self.game.apply(&mut self.state, action, &mut self.rng);
        self.history.push(self.game.action_id(action));
        self.moves += 1;
        self.actions.clear();
        self.legal.clear();
        self.listed = false;
    }

    /// Lists the legal actions if [`ErasedState::apply_unlisted`] left them out.
    pub(crate) fn list(&mut self) {
        if !self.listed {
            self.refresh();
        }
    }

    /// Recomputes the legal actions of the seat to move, in the buffers the state keeps (no
    /// allocation once they have grown).
    fn refresh(&mut self) {
        self.listed = true;
        self.actions.clear();
        self.legal.clear();
        if let ToMove::Seat(_) = self.to_move() {
            self.game.legal_actions(&self.state, &mut self.actions);
            let game = &*self.game;
            self.legal
                .extend(self.actions.iter().map(|&a| (game.action_id(a), a)));
            if !self.legal.is_sorted_by_key(|&(id, _)| id) {
                self.legal.sort_unstable_by_key(|&(id, _)| id);
            }
        }
    }

    fn seat(&self, seat: usize) -> Result<Seat, CoreError> {
        let n = self.game.players();
        if seat < n {
            Ok(Seat::new(seat))
        } else {
            Err(CoreError(format!(
                "seat {seat} is out of range: {} has {n} players (seats 0 to {})",
                G::INFO.name,
                n - 1
            )))
        }
    }

    /// The race actions of `seat` with their ids, by id.
    fn race_actions(&self, seat: Seat) -> Vec<(usize, G::Action)> {
        let mut actions = Vec::new();
        driver::actions_of(&*self.game, &self.state, self.to_move(), seat, &mut actions);
        let mut v: Vec<_> = actions
            .into_iter()
            .map(|a| (self.game.action_id(a), a))
            .collect();
        v.sort_unstable_by_key(|&(id, _)| id);
        v
    }

    /// Every action legal now for any seat (the seat to move's, or every racer's).
    fn all_legal(&self) -> Vec<(usize, G::Action)> {
        match self.to_move() {
            ToMove::Seat(_) => self.legal.clone(),
            ToMove::Race(mask) => mask.iter().flat_map(|s| self.race_actions(s)).collect(),
            ToMove::Over => Vec::new(),
        }
    }

    fn outcome(&self) -> Option<cardsim_engine::Outcome> {
        match self.to_move() {
            ToMove::Over if self.capped() && self.game.to_move(&self.state) != ToMove::Over => {
                Some(driver::draw(self.game.players()))
            }
            ToMove::Over => self.game.outcome(&self.state),
            _ => None,
        }
    }
}

impl<G: Encoding + GameAgents> DynState for ErasedState<G> {
    fn as_any(&self) -> &dyn Any {
        self
    }
    fn clone_box(&self) -> Box<dyn DynState> {
        Box::new(self.clone())
    }
    fn game_name(&self) -> &'static str {
        G::INFO.name
    }
    fn players(&self) -> usize {
        self.game.players()
    }
    fn num_distinct_actions(&self) -> usize {
        self.game.num_distinct_actions()
    }
    fn tensor_len(&self) -> usize {
        self.len
    }
    fn turn(&self) -> Turn {
        match self.to_move() {
            ToMove::Seat(s) => Turn::Seat(s.index()),
            ToMove::Race(mask) => Turn::Race(mask.iter().map(Seat::index).collect()),
            ToMove::Over => Turn::Terminal,
        }
    }
    fn move_number(&self) -> u64 {
        self.moves
    }
    fn legal_actions_into(
        &self,
        seat: Option<usize>,
        out: &mut Vec<usize>,
    ) -> Result<(), CoreError> {
        out.clear();
        let seat = seat.map(|s| self.seat(s)).transpose()?;
        match (self.to_move(), seat) {
            (ToMove::Seat(_), None) => out.extend(self.legal.iter().map(|&(id, _)| id)),
            (ToMove::Seat(s), Some(p)) if s == p => {
                out.extend(self.legal.iter().map(|&(id, _)| id))
            }
            (ToMove::Race(_), None) => {
                return Err(CoreError(
                    "a race is under way: name the seat (legal_actions(seat)) and apply the \
                     race with apply_race"
                        .into(),
                ))
            }
            (ToMove::Race(_), Some(p)) => {
                out.extend(self.race_actions(p).into_iter().map(|(id, _)| id))
            }
            _ => {}
        }
        Ok(())
    }
    fn apply(&mut self, id: usize) -> Result<(), CoreError> {
        let reason = match self.to_move() {
            ToMove::Seat(_) => match self.legal.binary_search_by_key(&id, |&(i, _)| i) {
                Ok(k) => {
                    let action = self.legal[k].1;
                    self.game.apply(&mut self.state, action, &mut self.rng);
                    self.history.push(id);
                    self.moves += 1;
                    self.refresh();
                    return Ok(());
                }
                Err(_) => "not a legal action",
            },
            ToMove::Race(_) => "a race is under way: use apply_race",
            ToMove::Over => "the game is over",
        };
        Err(IllegalAction {
            action: format!("id {id}"),
            reason,
        }
        .into())
    }
    fn apply_race(&mut self, entries: &[RaceChoice]) -> Result<(), CoreError> {
        let ToMove::Race(mask) = self.to_move() else {
            return Err(CoreError("no race is under way: use apply_action".into()));
        };
        let mut race = Vec::with_capacity(entries.len());
        for &(seat, id, reaction) in entries {
            let s = self.seat(seat)?;
            if !mask.contains(s) {
                return Err(CoreError(format!("seat {seat} is not in the race")));
            }
            if race.iter().any(|e: &RaceEntry<G::Action>| e.seat == s) {
                return Err(CoreError(format!("seat {seat} is given twice")));
            }
            if !reaction.is_finite() {
                return Err(CoreError(format!(
                    "seat {seat}'s reaction time {reaction} is not a finite number"
                )));
            }
            let actions = self.race_actions(s);
            let Ok(k) = actions.binary_search_by_key(&id, |&(i, _)| i) else {
                return Err(IllegalAction {
                    action: format!("id {id}"),
                    reason: "not a race action of the seat",
                }
                .into());
            };
            race.push(RaceEntry {
                seat: s,
                action: actions[k].1,
                reaction,
            });
        }
        self.game.apply_race(&mut self.state, &race, &mut self.rng);
        self.history.extend(entries.iter().map(|&(_, id, _)| id));
        self.races.push((self.moves, entries.to_vec()));
        self.moves += 1;
        self.refresh();
        Ok(())
    }
    fn action_to_string(&self, id: usize) -> Result<String, CoreError> {
        self.all_legal()
            .into_iter()
            .find(|&(i, _)| i == id)
            .map(|(_, a)| a.to_string())
            .ok_or_else(|| CoreError(format!("action id {id} is not legal here")))
    }
    fn string_to_action(&self, text: &str) -> Result<usize, CoreError> {
        let all = self.all_legal();
        all.iter()
            .find(|(_, a)| a.to_string() == text)
            .map(|&(id, _)| id)
            .ok_or_else(|| {
                let legal: Vec<String> = all.iter().map(|(_, a)| a.to_string()).collect();
                CoreError(format!(
                    "no legal action is written {text:?}; legal: {}",
                    if legal.is_empty() {
                        "none".to_string()
                    } else {
                        legal.join(", ")
                    }
                ))
            })
    }
    fn returns(&self) -> Vec<f64> {
        let n = self.game.players();
        match self.outcome() {
            Some(o) => o.first(n).iter().map(|r| r.win).collect(),
            None => vec![0.0; n],
        }
    }
    fn scores(&self) -> Vec<f64> {
        let n = self.game.players();
        match self.outcome() {
            Some(o) => o.first(n).iter().map(|r| r.score).collect(),
            None => vec![0.0; n],
        }
    }
    fn observation_string(&self, seat: usize) -> Result<String, CoreError> {
        let s = self.seat(seat)?;
        Ok(self
            .game
            .observation_string(&self.game.observe(&self.state, s)))
    }
    fn observation_tensor_into(&self, seat: usize, out: &mut [f32]) -> Result<(), CoreError> {
        let s = self.seat(seat)?;
        if out.len() != self.len {
            return Err(CoreError(format!(
                "the observation tensor has {} entries, not {}",
                self.len,
                out.len()
            )));
        }
        // Straight into `out`: the layout is fixed per configured game, so the entries fill it;
        // read from the state in place (no observation built where the game reads it so).
        let mut t = Tensor::over(out);
        self.game.encode_state(&self.state, s, &mut t);
        debug_assert_eq!(t.values().len(), self.len);
        Ok(())
    }
    fn history(&self) -> &[usize] {
        &self.history
    }
    fn replay(&self) -> Replay {
        Replay {
            origin: self.origin.clone(),
            history: self.history.clone(),
            races: self.races.clone(),
        }
    }
    fn resample(&self, seat: usize, seed: u64) -> Result<Box<dyn DynState>, CoreError> {
        let s = self.seat(seat)?;
        let mut rng = cardsim_sim::game_rng(seed, 0);
        let obs = self.game.observe(&self.state, s);
        let state = self.game.determinize(&obs, &mut rng);
        Ok(Box::new(ErasedState::new(
            self.game.clone(),
            self.len,
            state,
            rng,
            self.moves,
            Origin::Resample {
                parent: Arc::new(self.replay()),
                seat,
                seed,
            },
        )))
    }
    fn text(&self) -> String {
        format!("{:?}", self.state)
    }
}

/// [`DynAgent`] for a concrete game.
pub struct ErasedAgent<G: Game> {
    game: Arc<G>,
    agent: Box<dyn Agent<G>>,
    label: String,
    rng: ChaCha8Rng,
    /// Race actions, listed here so that a step allocates nothing.
    scratch: Vec<G::Action>,
}

impl<G: Encoding + GameAgents> ErasedAgent<G> {
    /// The agent draws uniformly among the legal actions ([`Agent::is_uniform`]).
    pub(crate) fn is_uniform(&self) -> bool {
        self.agent.is_uniform()
    }

    /// The agent's RNG.
    pub(crate) fn rng(&mut self) -> &mut ChaCha8Rng {
        &mut self.rng
    }

    /// [`DynAgent::step`] on a state of the agent's own game (configuration unchecked); the
    /// state's legal actions must be listed.
    pub(crate) fn act(
        &mut self,
        st: &ErasedState<G>,
        seat: Option<usize>,
    ) -> Result<(usize, f64), CoreError> {
        debug_assert!(
            st.listed,
            "an agent asked on a state whose actions are not listed"
        );
        let to_move = st.to_move();
        let seat = match (to_move, seat) {
            (ToMove::Over, _) => return Err(CoreError("the game is over".into())),
            (ToMove::Seat(s), None) => s,
            (ToMove::Race(_), None) => {
                return Err(CoreError(
                    "a race is under way: name the seat the agent plays".into(),
                ))
            }
            (_, Some(p)) => st.seat(p)?,
        };
        // On its turn the seat's actions are the state's own list (in the game's order, as
        // the simulator hands them to agents); in a race they are listed into the agent's
        // buffer.
        let legal: &[G::Action] = match to_move {
            ToMove::Seat(s) if s == seat => &st.actions,
            _ => {
                driver::actions_of(&*st.game, &st.state, to_move, seat, &mut self.scratch);
                &self.scratch
            }
        };
        if legal.is_empty() {
            return Err(CoreError(format!(
                "seat {seat} has no decision to make now"
            )));
        }
        let game = &*st.game;
        let full_state = self.agent.perfect_information();
        let action = match decide(
            &mut *self.agent,
            game,
            &st.state,
            seat,
            legal,
            &mut self.rng,
            full_state,
        ) {
            Ok(i) => legal[i],
            Err(e) => {
                return Err(CoreError(format!(
                    "agent {} chose the illegal action {e}",
                    self.label
                )))
            }
        };
        let reaction = match to_move {
            ToMove::Race(_) => self.agent.reaction_time(&mut self.rng),
            _ => 0.0,
        };
        Ok((game.action_id(action), reaction))
    }
}

impl<G: Encoding + GameAgents> DynAgent for ErasedAgent<G> {
    fn step(
        &mut self,
        state: &dyn DynState,
        seat: Option<usize>,
    ) -> Result<(usize, f64), CoreError> {
        let Some(st) = state.as_any().downcast_ref::<ErasedState<G>>() else {
            return Err(CoreError(format!(
                "the agent plays {}, not {}",
                G::INFO.name,
                state.game_name()
            )));
        };
        if !Arc::ptr_eq(&self.game, &st.game)
            && format!("{:?}", self.game) != format!("{:?}", st.game)
        {
            return Err(CoreError(format!(
                "the agent plays {} with other players or parameters than the state's",
                G::INFO.name
            )));
        }
        self.act(st, seat)
    }
    fn reset(&mut self) {
        self.agent.reset();
    }
    fn label(&self) -> String {
        self.label.clone()
    }
}
