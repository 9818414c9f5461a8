//! Determinized search ("perfect information Monte Carlo").

use super::race::race_action_from;
use super::rollout::Rollout;
use super::settings::PimcSettings;
use super::uct::{argmax, PerfectInfoSolver};
use crate::reaction::ReactionModel;
use crate::{Agent, SeatView};
use cardsim_engine::{Game, Seat, ToMove};
use rand::{RngCore, SeedableRng};
use rand_chacha::ChaCha8Rng;
use std::time::Instant;

/// PIMC: samples [`PimcSettings::worlds`] determinizations of the seat's information set
/// (fewer when [`PimcSettings::time_limit`] runs out first or the solver has spent
/// [`PimcSettings::nodes`], but at least one; with a budget of nodes, each world is searched
/// within what is left of it: [`PerfectInfoSolver::evaluate_within`]), values every
/// legal action in each with a [`PerfectInfoSolver`] that sees the sampled world whole, and
/// plays the action with the best total. It suffers from strategy fusion and
/// non-locality (it assumes it will know the hidden cards from the next move on), which is
/// exactly what it is here to measure against ISMCTS.
///
/// Like [`super::Ismcts`], it reads only the observation and draws its randomness from one
/// `u64` of the caller's RNG, so its choice is reproducible (unless it has a time limit).
///
/// ```
/// use cardsim_agents::search::{Pimc, PimcSettings, SearchSettings, Uct};
/// use cardsim_agents::Agent;
/// use cardsim_engine::{games::trash::Trash, Game, Params, ToMove};
/// use rand::SeedableRng;
/// let game = Trash::new(2, &Params::parse(&["layout=3"]).unwrap()).unwrap();
/// let solver = Box::new(Uct::new(SearchSettings::default().iterations(20)));
/// let mut agent = Pimc::new(PimcSettings::default().worlds(5), solver);
/// let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(4);
/// let state = game.deal(&mut rng);
/// if let ToMove::Seat(seat) = game.to_move(&state) {
///     let mut legal = Vec::new();
///     game.legal_actions(&state, &mut legal);
///     let a = agent.choose(&game, seat, &game.observe(&state, seat), &legal, &mut rng);
///     assert!(legal.contains(&a));
/// }
/// ```
pub struct Pimc<G: Game> {
    settings: PimcSettings,
    solver: Box<dyn PerfectInfoSolver<G>>,
    values: Vec<f64>,
    totals: Vec<f64>,
    /// Per action, the sum over worlds of its squared value difference to the kept action
    /// (see [`Rollout::root_prior`]).
    diff_sq: Vec<f64>,
    worlds: u32,
    race_rollout: Rollout<G>,
    reaction: ReactionModel,
    open: bool,
}

impl<G: Game> std::fmt::Debug for Pimc<G> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Pimc")
            .field("settings", &self.settings)
            .field("solver", &self.solver.label())
            .finish()
    }
}

impl<G: Game> Pimc<G> {
    /// Determinized search with `solver` in every world.
    pub fn new(settings: PimcSettings, solver: Box<dyn PerfectInfoSolver<G>>) -> Self {
        Pimc {
            settings,
            solver,
            values: Vec::new(),
            totals: Vec::new(),
            diff_sq: Vec::new(),
            worlds: 0,
            race_rollout: Rollout::Random,
            reaction: ReactionModel::default(),
            open: false,
        }
    }

    /// With `true`, for a game without hidden information (every determinization is the true
    /// state): each decision asks the solver for its best action in the one world instead of
    /// summing its values over samples, so an exact solver plays its own line (summed values
    /// tie between the moves that keep a won game won, and the first of them may go round in
    /// circles).
    pub fn solve_open(mut self, open: bool) -> Self {
        self.open = open;
        self
    }

    /// Replaces the playout policy of its race decisions (random by default). Where it is
    /// a [`Rollout::HandEnd`] with a `margin`, its agent's choice is also the action the
    /// search keeps unless another beats it, world by world, by that many standard errors
    /// of the mean difference.
    pub fn with_race_rollout(mut self, rollout: Rollout<G>) -> Self {
        self.race_rollout = rollout;
        self
    }

    /// The settings.
    pub fn settings(&self) -> &PimcSettings {
        &self.settings
    }

    /// Worlds searched by the last decision.
    pub fn last_worlds(&self) -> u32 {
        self.worlds
    }

    /// Each legal action's value summed over the worlds of a search from `obs`, in the order
    /// of `legal`.
    pub fn analyse(
        &mut self,
        game: &G,
        obs: &G::Observation,
        legal: &[G::Action],
        rng: &mut dyn RngCore,
    ) -> Vec<f64> {
        self.run(game, obs, legal, None, rng);
        self.totals.clone()
    }

    /// Sums each action's values over the worlds, and with `keep` (an index of `legal`) the
    /// squares of their differences to `keep`'s.
    fn run(
        &mut self,
        game: &G,
        obs: &G::Observation,
        legal: &[G::Action],
        keep: Option<usize>,
        rng: &mut dyn RngCore,
    ) {
        let mut rng = ChaCha8Rng::seed_from_u64(rng.next_u64());
        self.totals.clear();
        self.totals.resize(legal.len(), 0.0);
        self.diff_sq.clear();
        self.diff_sq.resize(legal.len(), 0.0);
        let start = Instant::now();
        let nodes_before = self.solver.nodes();
        self.worlds = 0;
        while self.worlds < self.settings.worlds {
            if let Some(limit) = self.settings.time_limit {
                if self.worlds > 0 && start.elapsed() >= limit {
                    break;
                }
            }
            let mut left = None;
            if let (Some(budget), Some(before), Some(now)) =
                (self.settings.nodes, nodes_before, self.solver.nodes())
            {
                // The next world, at the mean cost of those so far, would pass the budget.
                let spent = now - before;
                if self.worlds > 0 && spent + spent / u64::from(self.worlds) > budget {
                    break;
                }
                left = Some(budget.saturating_sub(spent));
            }
            let world = game.determinize(obs, &mut rng);
            match left {
                // Within what is left of the budget: a world that would pass it is given up
                // (not counted), but the first is always valued.
                Some(nodes) => {
                    let first = self.worlds == 0;
                    if !self.solver.evaluate_within(
                        game,
                        &world,
                        legal,
                        &mut self.values,
                        &mut rng,
                        nodes,
                        first,
                    ) {
                        break;
                    }
                }
                None => self
                    .solver
                    .evaluate(game, &world, legal, &mut self.values, &mut rng),
            }
            self.worlds += 1;
            for (t, v) in self.totals.iter_mut().zip(&self.values) {
                *t += v;
            }
            if let Some(k) = keep {
                for (d, v) in self.diff_sq.iter_mut().zip(&self.values) {
                    *d += (v - self.values[k]).powi(2);
                }
            }
        }
    }

    /// After [`Pimc::run`] with `keep`: the action of highest total among those whose mean
    /// difference to `keep`'s over the worlds exceeds `z` standard errors; `keep` if none.
    fn index_over(&self, keep: usize, z: f64) -> usize {
        let n = f64::from(self.worlds);
        if self.worlds < 2 {
            return keep;
        }
        let mut best = keep;
        for (i, (&t, &sq)) in self.totals.iter().zip(&self.diff_sq).enumerate() {
            let mean = (t - self.totals[keep]) / n;
            let error = ((sq / n - mean * mean).max(0.0) / (n - 1.0)).sqrt();
            if mean > z * error && t > self.totals[best] {
                best = i;
            }
        }
        best
    }
}

impl<G: Game> Agent<G> for Pimc<G> {
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
        if self.open {
            self.worlds = 1;
            let world = game.determinize(obs, rng);
            return self.solver.best_action(game, &world, legal, rng);
        }
        if let Some((agent, z)) = self.race_rollout.root_prior() {
            let choice = agent.choose(game, seat, obs, legal, rng);
            if let Some(keep) = legal.iter().position(|&a| a == choice) {
                self.run(game, obs, legal, Some(keep), rng);
                return legal[self.index_over(keep, z)];
            }
        }
        self.run(game, obs, legal, None, rng);
        legal[argmax(&self.totals)]
    }

    fn act(
        &mut self,
        view: &SeatView<'_, G>,
        legal: &[G::Action],
        rng: &mut dyn RngCore,
    ) -> G::Action {
        if let ToMove::Race(_) = view.to_move() {
            // Twenty playouts per action in each world (random by default).
            return race_action_from(
                view,
                legal,
                self.settings.worlds.min(1_000) * 20 * legal.len() as u32,
                &mut self.race_rollout,
                self.reaction,
                rng,
            );
        }
        self.choose(view.game(), view.seat(), view.observation(), legal, rng)
    }

    fn solver_nodes(&self) -> Option<u64> {
        self.solver.nodes()
    }

    fn set_reaction_model(&mut self, model: ReactionModel) {
        self.reaction = model;
    }

    fn label(&self) -> String {
        format!("pimc:{},{}", self.settings.spec_text(), self.solver.label())
    }
}
