//! The cheating baseline: perfect-information search on the true state.

use super::race::race_action;
use super::rollout::{Rollout, Timing};
use super::uct::{argmax, PerfectInfoSolver};
use crate::reaction::ReactionModel;
use crate::Agent;
use cardsim_engine::{Game, Seat, ToMove};
use rand::RngCore;

/// **Not a fair agent.** It declares [`Agent::perfect_information`], so the simulator hands
/// it the true state, hidden cards included, and it plays the best action a
/// [`PerfectInfoSolver`] finds there. It is the upper-bound baseline that tells how much the
/// hidden information is worth (as the cheating player of the ISMCTS paper). In the catalog
/// its help text starts with `UNFAIR`, and its name in specs and CSV files is `cheat`.
///
/// Asked through [`Agent::choose`] (from an observation only, as a playout policy or a test
/// harness would), it cannot cheat and plays as in one sampled world: a determinization of
/// the observation.
///
/// ```
/// use cardsim_agents::search::{Cheat, SearchSettings, Uct};
/// use cardsim_agents::Agent;
/// use cardsim_engine::games::trash::Trash;
/// let agent = Cheat::<Trash>::new(Box::new(Uct::new(SearchSettings::default())));
/// assert!(agent.perfect_information());
/// assert!(agent.label().starts_with("cheat"));
/// ```
pub struct Cheat<G: Game> {
    solver: Box<dyn PerfectInfoSolver<G>>,
    /// [`Cheat::with_nodes`]'s budget of solver nodes a decision.
    nodes: Option<u64>,
    /// The values of the last decision searched within the budget.
    values: Vec<f64>,
    race_rollout: Rollout<G>,
    reaction: ReactionModel,
}

impl<G: Game> std::fmt::Debug for Cheat<G> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Cheat")
            .field("solver", &self.solver.label())
            .field("nodes", &self.nodes)
            .finish()
    }
}

impl<G: Game> Cheat<G> {
    /// The cheating agent with `solver`.
    pub fn new(solver: Box<dyn PerfectInfoSolver<G>>) -> Self {
        Cheat {
            solver,
            nodes: None,
            values: Vec::new(),
            race_rollout: Rollout::Random,
            reaction: ReactionModel::default(),
        }
    }

    /// Searches each decision within about `nodes` solver nodes (none: the solver's whole
    /// search), where the solver counts them ([`PerfectInfoSolver::nodes`]): the exact search
    /// of up to three quarters of them, and past that a depth-limited one within the rest
    /// ([`PerfectInfoSolver::evaluate_within`]). A decision whose exact search fits in those
    /// three quarters is searched exactly as without the budget.
    pub fn with_nodes(mut self, nodes: Option<u64>) -> Self {
        self.nodes = nodes;
        self
    }

    /// Replaces the playout policy of its race decisions (random by default).
    pub fn with_race_rollout(mut self, rollout: Rollout<G>) -> Self {
        self.race_rollout = rollout;
        self
    }
}

impl<G: Game> Agent<G> for Cheat<G> {
    fn choose(
        &mut self,
        game: &G,
        seat: Seat,
        obs: &G::Observation,
        legal: &[G::Action],
        rng: &mut dyn RngCore,
    ) -> G::Action {
        if legal.len() == 1 {
            return legal[0];
        }
        let world = game.determinize(obs, rng);
        self.choose_with_state(game, seat, &world, legal, rng)
    }

    fn perfect_information(&self) -> bool {
        true
    }

    fn choose_with_state(
        &mut self,
        game: &G,
        seat: Seat,
        state: &G::State,
        legal: &[G::Action],
        rng: &mut dyn RngCore,
    ) -> G::Action {
        if legal.len() == 1 {
            return legal[0];
        }
        if let ToMove::Race(_) = game.to_move(state) {
            return race_action(
                game,
                legal,
                1_000,
                &mut self.race_rollout,
                Timing::new(seat, self.reaction),
                rng,
                |_| state.clone(),
            );
        }
        match self.nodes {
            Some(nodes) if self.solver.nodes().is_some() => {
                let answered = self.solver.evaluate_within(
                    game,
                    state,
                    legal,
                    &mut self.values,
                    rng,
                    nodes,
                    true,
                );
                debug_assert!(answered, "a search that must answer answers");
                legal[argmax(&self.values)]
            }
            _ => self.solver.best_action(game, state, legal, rng),
        }
    }

    fn solver_nodes(&self) -> Option<u64> {
        self.solver.nodes()
    }

    fn set_reaction_model(&mut self, model: ReactionModel) {
        self.reaction = model;
    }

    fn label(&self) -> String {
        match self.nodes {
            Some(n) => format!("cheat:nodes={n},{}", self.solver.label()),
            None => format!("cheat:{}", self.solver.label()),
        }
    }
}
