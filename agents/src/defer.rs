//! Decisions the search agents leave to another agent of the game
//! ([`GameAgents::search_defers`]): a wrapper that hands those decisions over and searches the
//! rest.

use crate::reaction::ReactionModel;
use crate::{Agent, GameAgents, SeatView};
use cardsim_engine::{Game, Seat};
use rand::RngCore;

/// The decisions a game's search agents leave to another agent, and that agent
/// ([`GameAgents::search_defers`]).
pub struct Deferral<G: Game> {
    /// True at a decision, judged from the seat's observation, that the search leaves to
    /// [`Deferral::agent`].
    pub defers: fn(&G::Observation) -> bool,
    /// Builds the agent that makes those decisions (one per search agent).
    pub agent: fn() -> Box<dyn Agent<G>>,
}

/// `agent`, with the decisions its game defers ([`GameAgents::search_defers`]) made by the
/// game's deferred-to agent; `agent` itself where the game defers none.
pub(crate) fn deferring<G: GameAgents>(agent: Box<dyn Agent<G>>) -> Box<dyn Agent<G>> {
    match G::search_defers() {
        None => agent,
        Some(d) => Box::new(Deferring {
            search: agent,
            defers: d.defers,
            other: (d.agent)(),
        }),
    }
}

/// A search agent that leaves the decisions `defers` picks out to `other`.
struct Deferring<G: Game> {
    search: Box<dyn Agent<G>>,
    defers: fn(&G::Observation) -> bool,
    other: Box<dyn Agent<G>>,
}

impl<G: Game> Agent<G> for Deferring<G> {
    fn choose(
        &mut self,
        game: &G,
        seat: Seat,
        obs: &G::Observation,
        legal: &[G::Action],
        rng: &mut dyn RngCore,
    ) -> G::Action {
        if (self.defers)(obs) {
            self.other.choose(game, seat, obs, legal, rng)
        } else {
            self.search.choose(game, seat, obs, legal, rng)
        }
    }

    fn act(
        &mut self,
        view: &SeatView<'_, G>,
        legal: &[G::Action],
        rng: &mut dyn RngCore,
    ) -> G::Action {
        if (self.defers)(view.observation()) {
            self.other.act(view, legal, rng)
        } else {
            self.search.act(view, legal, rng)
        }
    }

    fn label(&self) -> String {
        self.search.label()
    }

    fn reaction_time(&mut self, rng: &mut dyn RngCore) -> f64 {
        self.search.reaction_time(rng)
    }

    fn set_reaction_model(&mut self, model: ReactionModel) {
        self.search.set_reaction_model(model);
    }

    fn reset(&mut self) {
        self.search.reset();
        self.other.reset();
    }

    /// The search's count so far, which a deferred decision leaves as it was.
    fn solver_nodes(&self) -> Option<u64> {
        self.search.solver_nodes()
    }

    fn perfect_information(&self) -> bool {
        self.search.perfect_information()
    }

    fn choose_with_state(
        &mut self,
        game: &G,
        seat: Seat,
        state: &G::State,
        legal: &[G::Action],
        rng: &mut dyn RngCore,
    ) -> G::Action {
        let obs = game.observe(state, seat);
        if (self.defers)(&obs) {
            self.other.choose(game, seat, &obs, legal, rng)
        } else {
            self.search.choose_with_state(game, seat, state, legal, rng)
        }
    }
}
