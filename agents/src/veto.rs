//! A game's guards on its search agents, in one wrapper: the decisions they leave to another
//! agent ([`GameAgents::search_defers`]), the moves they never make
//! ([`GameAgents::search_veto`]), and the moves they do not make again in a position they
//! chose in before ([`GameAgents::search_position`]), taken out of the legal actions before
//! the search sees them.

use crate::reaction::ReactionModel;
use crate::{Agent, GameAgents, SeatView};
use cardsim_engine::{Game, Seat};
use rand::RngCore;
use std::collections::HashMap;

/// True when a seat with this observation should never play this action (a game's
/// [`GameAgents::search_veto`]).
pub type Veto<G> = fn(&G, &<G as Game>::Observation, &<G as Game>::Action) -> bool;

/// The decisions a game's search agents leave to another agent, and that agent
/// ([`GameAgents::search_defers`]).
pub struct Deferral<G: Game> {
    /// True at a decision, judged from the seat's observation, that the search leaves to
    /// [`Deferral::agent`].
    pub defers: fn(&G::Observation) -> bool,
    /// Builds the agent that makes those decisions (one per search agent).
    pub agent: fn() -> Box<dyn Agent<G>>,
}

/// A position a seat is to choose in, as a game's [`GameAgents::search_position`] names it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Position {
    /// What the seat sees, hashed without the running counts that would make every position
    /// new: equal keys are the same position met again.
    pub key: u64,
    /// The moves made so far in the game, to tell a position met again (a later clock) from
    /// the same decision asked twice (the same clock).
    pub clock: u64,
}

/// The position of a seat with this observation ([`GameAgents::search_position`]), `None`
/// where play cannot go round in circles.
pub type PositionOf<G> = fn(&<G as Game>::Observation) -> Option<Position>;

/// The search agent `agent` with its game's guards: the decisions the game defers
/// ([`GameAgents::search_defers`]) made by the other agent, and the rest kept from vetoed moves
/// ([`GameAgents::search_veto`]) and from choosing again what it chose before in a position met
/// again ([`GameAgents::search_position`]), where the game names any; `agent` itself otherwise.
pub(crate) fn guarded<G: GameAgents>(agent: Box<dyn Agent<G>>) -> Box<dyn Agent<G>> {
    let defer = G::search_defers();
    if defer.is_none() && G::search_veto().is_none() && G::search_position().is_none() {
        return agent;
    }
    Box::new(Guarded {
        inner: agent,
        defer: defer.map(|d| Deferred {
            defers: d.defers,
            agent: (d.agent)(),
        }),
        veto: G::search_veto(),
        position: G::search_position(),
        seen: HashMap::new(),
        asked: None,
        allowed: Vec::new(),
    })
}

/// What a seat chose in one position: at the latest clock it was met, and at earlier ones.
#[derive(Clone, Debug)]
struct Chosen<A> {
    /// The clock at which the position was last met.
    clock: u64,
    /// The choice made then (`None` until it is made).
    last: Option<A>,
    /// The choices made at earlier clocks, since the last round through every action.
    earlier: Vec<A>,
}

/// A [`Deferral`] with its agent built.
struct Deferred<G: Game> {
    defers: fn(&G::Observation) -> bool,
    agent: Box<dyn Agent<G>>,
}

/// An agent that leaves the decisions its game defers to the other agent, and otherwise
/// chooses among the legal actions its game's [`Veto`] allows (all of them, should it allow
/// none), and in a position it met at an earlier clock among those it did not choose there
/// before (all it may play, once it has chosen each: a new round). Everything else is the
/// inner agent's.
struct Guarded<G: Game> {
    inner: Box<dyn Agent<G>>,
    /// The game's deferred decisions and the agent that makes them.
    defer: Option<Deferred<G>>,
    veto: Option<Veto<G>>,
    position: Option<PositionOf<G>>,
    /// Per position key met in this game, what was chosen there.
    seen: HashMap<u64, Chosen<G::Action>>,
    /// The key of the decision being made, to record its choice.
    asked: Option<u64>,
    allowed: Vec<G::Action>,
}

impl<G: Game> Guarded<G> {
    /// Whether the veto or the memory removes any of `legal`; if so, the rest is in
    /// `self.allowed`. Notes the decision's position in `self.asked`.
    fn filter(&mut self, game: &G, obs: &G::Observation, legal: &[G::Action]) -> bool {
        self.allowed.clear();
        match self.veto {
            Some(veto) => self
                .allowed
                .extend(legal.iter().filter(|a| !veto(game, obs, a))),
            None => self.allowed.extend_from_slice(legal),
        }
        if self.allowed.is_empty() {
            self.allowed.extend_from_slice(legal);
        }
        self.asked = None;
        if let Some(p) = self.position.and_then(|f| f(obs)) {
            self.asked = Some(p.key);
            let seen = self.seen.entry(p.key).or_insert(Chosen {
                clock: p.clock,
                last: None,
                earlier: Vec::new(),
            });
            if seen.clock != p.clock {
                seen.clock = p.clock;
                if let Some(a) = seen.last.take() {
                    seen.earlier.push(a);
                }
            }
            if self.allowed.iter().all(|a| seen.earlier.contains(a)) {
                // Every action chosen here before: a new round.
                seen.earlier.clear();
            }
            let earlier = &seen.earlier;
            self.allowed.retain(|a| !earlier.contains(a));
        }
        self.allowed.len() < legal.len()
    }

    /// The agent the game leaves this decision to, if it leaves it.
    fn deferred_to(&mut self, obs: &G::Observation) -> Option<&mut dyn Agent<G>> {
        match &mut self.defer {
            Some(d) if (d.defers)(obs) => Some(d.agent.as_mut()),
            _ => None,
        }
    }

    /// What `pick` makes the inner agent choose among the actions the veto and the memory
    /// allow, where they remove any of `legal`; among `legal` itself otherwise. The choice is
    /// remembered for its position.
    fn pick(
        &mut self,
        game: &G,
        obs: &G::Observation,
        legal: &[G::Action],
        pick: impl FnOnce(&mut dyn Agent<G>, &[G::Action]) -> G::Action,
    ) -> G::Action {
        let a = if self.filter(game, obs, legal) {
            let allowed = std::mem::take(&mut self.allowed);
            let a = pick(self.inner.as_mut(), &allowed);
            self.allowed = allowed;
            a
        } else {
            pick(self.inner.as_mut(), legal)
        };
        if let Some(seen) = self.asked.and_then(|k| self.seen.get_mut(&k)) {
            seen.last = Some(a);
        }
        a
    }
}

impl<G: Game> Agent<G> for Guarded<G> {
    fn choose(
        &mut self,
        game: &G,
        seat: Seat,
        obs: &G::Observation,
        legal: &[G::Action],
        rng: &mut dyn RngCore,
    ) -> G::Action {
        if let Some(other) = self.deferred_to(obs) {
            return other.choose(game, seat, obs, legal, rng);
        }
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
        if let Some(other) = self.deferred_to(view.observation()) {
            return other.act(view, legal, rng);
        }
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
        if let Some(d) = &mut self.defer {
            d.agent.reset();
        }
        self.seen.clear();
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
        if let Some(other) = self.deferred_to(&obs) {
            return other.choose(game, seat, &obs, legal, rng);
        }
        self.pick(game, &obs, legal, |inner, legal| {
            inner.choose_with_state(game, seat, state, legal, rng)
        })
    }
}
