//! The [`Agent`] trait.

use crate::reaction::ReactionModel;
use cardsim_engine::{Game, Seat, ToMove};
use rand::RngCore;
use std::cell::OnceCell;
use std::fmt;

/// What an agent is handed at a decision: the rules, its seat, and its seat's observation,
/// built only when the agent first asks for it ([`SeatView::observation`]) and then kept.
///
/// The view borrows the full state but never hands it out: the only way to what lies in it
/// is [`Game::observe`] for the view's own seat, so an agent cannot see what its seat cannot.
/// An agent that never looks (`random`) costs the move loop nothing.
pub struct SeatView<'a, G: Game> {
    game: &'a G,
    state: &'a G::State,
    seat: Seat,
    observation: OnceCell<G::Observation>,
}

impl<'a, G: Game> SeatView<'a, G> {
    /// The view of `seat` on `state`.
    pub fn new(game: &'a G, state: &'a G::State, seat: Seat) -> Self {
        SeatView {
            game,
            state,
            seat,
            observation: OnceCell::new(),
        }
    }

    /// The rules.
    pub fn game(&self) -> &'a G {
        self.game
    }

    /// The deciding seat.
    pub fn seat(&self) -> Seat {
        self.seat
    }

    /// Who acts now (public): `Seat` of the deciding seat on its turn, `Race` in a race.
    pub fn to_move(&self) -> ToMove {
        self.game.to_move(self.state)
    }

    /// What the seat may know: `game.observe(state, seat)`, built on the first call.
    pub fn observation(&self) -> &G::Observation {
        self.observation
            .get_or_init(|| self.game.observe(self.state, self.seat))
    }
}

impl<G: Game> fmt::Debug for SeatView<'_, G> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        // Only what the seat may know: never the state.
        f.debug_struct("SeatView")
            .field("seat", &self.seat)
            .field("observation", &self.observation())
            .finish()
    }
}

/// A player: picks one of the legal actions from what its seat may know.
///
/// Only [`Agent::choose`] is required. The simulator and the playouts call [`Agent::act`],
/// whose default builds the seat's observation and calls `choose`; an agent that does not
/// need the observation (`random`) overrides `act` to skip building it. The trait is
/// object safe, so a simulation holds `Box<dyn Agent<G>>` per seat; `&mut A` and `Box<A>`
/// forward to `A`.
pub trait Agent<G: Game>: Send {
    /// Chooses one of `legal` (never empty) for `seat`, from `obs` = `game.observe(state, seat)`.
    fn choose(
        &mut self,
        game: &G,
        seat: Seat,
        obs: &G::Observation,
        legal: &[G::Action],
        rng: &mut dyn RngCore,
    ) -> G::Action;

    /// Chooses one of `legal` (never empty) for the view's seat. The default asks
    /// [`Agent::choose`] with the seat's observation.
    fn act(
        &mut self,
        view: &SeatView<'_, G>,
        legal: &[G::Action],
        rng: &mut dyn RngCore,
    ) -> G::Action {
        self.choose(view.game(), view.seat(), view.observation(), legal, rng)
    }

    /// Chooses as [`Agent::act`] does, answering with the chosen action's position in
    /// `legal`, or with the action itself when it is not in `legal` (an agent bug). The
    /// simulator asks this, so that a choice is checked for legality in the same step. The
    /// default asks [`Agent::act`] and looks the action up; an agent that chooses a position
    /// (`random`) overrides it and skips the search.
    ///
    /// # Errors
    /// The chosen action, when it is not one of `legal`.
    fn act_index(
        &mut self,
        view: &SeatView<'_, G>,
        legal: &[G::Action],
        rng: &mut dyn RngCore,
    ) -> Result<usize, G::Action> {
        let action = self.act(view, legal, rng);
        legal.iter().position(|a| *a == action).ok_or(action)
    }

    /// True for an agent whose every choice is `legal[rng.random_range(0..legal.len())]`
    /// with the RNG it is handed (`random`): the simulator then draws the position itself
    /// from the number of legal actions, without building the list where the game counts
    /// them ([`Game::legal_count`]). The default is false.
    fn is_uniform(&self) -> bool {
        false
    }

    /// The spec that builds this agent, e.g. `random` or `ismcts:iters=1000`.
    fn label(&self) -> String {
        "agent".to_string()
    }

    /// Seconds this agent takes to react in a real-time race (Speed, Ratscrew, Spoons, Pig).
    fn reaction_time(&mut self, _rng: &mut dyn RngCore) -> f64 {
        0.5
    }

    /// Tells the agent its own reaction-time model in a real-time game (the catalog's
    /// reaction-time wrapper calls it once, when the agent is built), so that a search can
    /// plan its races with it. The default ignores it.
    fn set_reaction_model(&mut self, _model: ReactionModel) {}

    /// Called before each new game, for agents that keep memory across moves.
    fn reset(&mut self) {}

    /// Search nodes its exact solver has visited so far, for an agent that searches with one
    /// that counts them (`pimc` and `cheat` with the double-dummy solver): a measure of work
    /// that does not depend on the machine. The default, `None`: not counted.
    fn solver_nodes(&self) -> Option<u64> {
        None
    }

    /// True for an unfair agent that must see the full state (the `cheat` baseline): the
    /// simulator then calls [`Agent::choose_with_state`] instead of [`Agent::choose`]. Fair
    /// agents keep the default, `false`.
    fn perfect_information(&self) -> bool {
        false
    }

    /// Chooses one of `legal` for `seat` from the full `state`, hidden cards included. Only
    /// called for agents whose [`Agent::perfect_information`] is `true`; the default forgets
    /// the hidden cards and calls [`Agent::choose`] with the seat's observation.
    fn choose_with_state(
        &mut self,
        game: &G,
        seat: Seat,
        state: &G::State,
        legal: &[G::Action],
        rng: &mut dyn RngCore,
    ) -> G::Action {
        self.choose(game, seat, &game.observe(state, seat), legal, rng)
    }
}

/// An agent's choice that is not one of the legal actions it was handed (an agent bug).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum IllegalChoice<A> {
    /// A position past the end of the list.
    Index {
        /// The position chosen.
        index: usize,
        /// How many legal actions there were.
        len: usize,
    },
    /// An action not in the list.
    Action(A),
}

impl<A: fmt::Display> fmt::Display for IllegalChoice<A> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            IllegalChoice::Index { index, len } => {
                write!(f, "number {index} of {len} legal actions")
            }
            IllegalChoice::Action(a) => write!(f, "{a}"),
        }
    }
}

/// Asks `agent` for `seat`'s choice among `legal` and checks it is one of them, giving its
/// position in `legal`. With `full_state` (an unfair perfect-information baseline such as
/// `cheat`, [`Agent::perfect_information`]) the agent is handed the whole state
/// ([`Agent::choose_with_state`]), otherwise only the seat's view ([`Agent::act_index`]).
/// The one place the simulator and the Python bindings ask an agent to move.
///
/// # Errors
/// [`IllegalChoice`] when the agent's choice is not in `legal`.
#[inline]
pub fn decide<G: Game, A: Agent<G> + ?Sized>(
    agent: &mut A,
    game: &G,
    state: &G::State,
    seat: Seat,
    legal: &[G::Action],
    rng: &mut dyn RngCore,
    full_state: bool,
) -> Result<usize, IllegalChoice<G::Action>> {
    let choice = if full_state {
        let action = agent.choose_with_state(game, seat, state, legal, rng);
        legal.iter().position(|a| *a == action).ok_or(action)
    } else {
        agent.act_index(&SeatView::new(game, state, seat), legal, rng)
    };
    match choice {
        Ok(index) if index < legal.len() => Ok(index),
        Ok(index) => Err(IllegalChoice::Index {
            index,
            len: legal.len(),
        }),
        Err(action) => Err(IllegalChoice::Action(action)),
    }
}

/// Forwards every method of [`Agent`] through a pointer type (`&mut A`, `Box<A>`).
macro_rules! forward_agent {
    ($($ptr:ty),*) => {$(
        impl<G: Game, A: Agent<G> + ?Sized> Agent<G> for $ptr {
            fn choose(
                &mut self,
                game: &G,
                seat: Seat,
                obs: &G::Observation,
                legal: &[G::Action],
                rng: &mut dyn RngCore,
            ) -> G::Action {
                (**self).choose(game, seat, obs, legal, rng)
            }
            fn act(
                &mut self,
                view: &SeatView<'_, G>,
                legal: &[G::Action],
                rng: &mut dyn RngCore,
            ) -> G::Action {
                (**self).act(view, legal, rng)
            }
            fn act_index(
                &mut self,
                view: &SeatView<'_, G>,
                legal: &[G::Action],
                rng: &mut dyn RngCore,
            ) -> Result<usize, G::Action> {
                (**self).act_index(view, legal, rng)
            }
            fn is_uniform(&self) -> bool {
                (**self).is_uniform()
            }
            fn label(&self) -> String {
                (**self).label()
            }
            fn reaction_time(&mut self, rng: &mut dyn RngCore) -> f64 {
                (**self).reaction_time(rng)
            }
            fn set_reaction_model(&mut self, model: ReactionModel) {
                (**self).set_reaction_model(model)
            }
            fn reset(&mut self) {
                (**self).reset()
            }
            fn solver_nodes(&self) -> Option<u64> {
                (**self).solver_nodes()
            }
            fn perfect_information(&self) -> bool {
                (**self).perfect_information()
            }
            fn choose_with_state(
                &mut self,
                game: &G,
                seat: Seat,
                state: &G::State,
                legal: &[G::Action],
                rng: &mut dyn RngCore,
            ) -> G::Action {
                (**self).choose_with_state(game, seat, state, legal, rng)
            }
        }
    )*};
}
forward_agent!(&mut A, Box<A>);

// Compile-time guard: the trait must stay object safe.
#[allow(dead_code)]
fn _object_safe(_: &dyn Agent<cardsim_engine::games::trash::Trash>) {}
