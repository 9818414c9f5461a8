//! Moves the search agents never make in a game ([`GameAgents::search_veto`]): a wrapper that
//! takes them out of the legal actions before the search sees them.

use crate::reaction::ReactionModel;
use crate::{Agent, GameAgents, SeatView};
use cardsim_engine::{Game, Seat};
use rand::RngCore;

/// True when a seat with this observation should never play this action (a game's
/// [`GameAgents::search_veto`]).
pub type Veto<G> = fn(&G, &<G as Game>::Observation, &<G as Game>::Action) -> bool;

/// `agent`, kept from the game's vetoed moves ([`GameAgents::search_veto`]) where it names
/// any; `agent` itself otherwise.
pub(crate) fn vetoing<G: GameAgents>(agent: Box<dyn Agent<G>>) -> Box<dyn Agent<G>> {
    match G::search_veto() {
        Some(veto) => Box::new(Vetoing {
            inner: agent,
            veto,
            allowed: Vec::new(),
        }),
        None => agent,
    }
}

/// An agent that chooses among the legal actions its game's [`Veto`] allows (all of them,
/// should it allow none). Everything else is the inner agent's.
struct Vetoing<G: Game> {
    inner: Box<dyn Agent<G>>,
    veto: Veto<G>,
    allowed: Vec<G::Action>,
}

impl<G: Game> Vetoing<G> {
    /// Whether the veto removes any of `legal`; if so, the rest is in `self.allowed`.
    fn filter(&mut self, game: &G, obs: &G::Observation, legal: &[G::Action]) -> bool {
        self.allowed.clear();
        self.allowed
            .extend(legal.iter().filter(|a| !(self.veto)(game, obs, a)));
        !self.allowed.is_empty() && self.allowed.len() < legal.len()
    }

    /// What `pick` makes the inner agent choose among the actions the veto allows, where it
    /// removes any of `legal`; among `legal` itself otherwise.
    fn pick(
        &mut self,
        game: &G,
        obs: &G::Observation,
        legal: &[G::Action],
        pick: impl FnOnce(&mut dyn Agent<G>, &[G::Action]) -> G::Action,
    ) -> G::Action {
        if !self.filter(game, obs, legal) {
            return pick(self.inner.as_mut(), legal);
        }
        let allowed = std::mem::take(&mut self.allowed);
        let a = pick(self.inner.as_mut(), &allowed);
        self.allowed = allowed;
        a
    }
}

impl<G: Game> Agent<G> for Vetoing<G> {
    fn choose(
        &mut self,
        game: &G,
        seat: Seat,
        obs: &G::Observation,
        legal: &[G::Action],
        rng: &mut dyn RngCore,
    ) -> G::Action {
        self.pick(game, obs, legal, |inner, legal| {
            inner.choose(game, seat, obs, legal, rng)
        })
    }

    fn act(
        &mut self,
        view: &SeatView<'_, G>,
        legal: &[G::Action],
        rng: &mut dyn RngCore,
    ) -> G::Action {
        self.pick(view.game(), view.observation(), legal, |inner, legal| {
            inner.act(view, legal, rng)
        })
    }

    fn label(&self) -> String {
        self.inner.label()
    }

    fn reaction_time(&mut self, rng: &mut dyn RngCore) -> f64 {
        self.inner.reaction_time(rng)
    }

    fn set_reaction_model(&mut self, model: ReactionModel) {
        self.inner.set_reaction_model(model);
    }

    fn reset(&mut self) {
        self.inner.reset();
    }

    fn solver_nodes(&self) -> Option<u64> {
        self.inner.solver_nodes()
    }

    fn perfect_information(&self) -> bool {
        self.inner.perfect_information()
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
        self.pick(game, &obs, legal, |inner, legal| {
            inner.choose_with_state(game, seat, state, legal, rng)
        })
    }
}
