//! Perfect-information search: the [`PerfectInfoSolver`] hook and its default, UCT.

use super::base::SearchCore;
use super::hand_end::auto_rollout;
use super::rollout::Rollout;
use super::settings::SearchSettings;
use super::tree::Observers;
use crate::GameAgents;
use cardsim_engine::{Game, ToMove};
use rand::RngCore;

/// A search that sees the whole state: it values each legal action of the seat to move.
/// `pimc` runs one in every sampled world and `cheat` runs one on the true state.
///
/// [`Uct`] works for every game. A game with an exact solver (the double-dummy solver of the
/// trick-taking games) provides it through [`crate::GameAgents::exact_solver`], and the
/// catalog's `pimc` and `cheat` then use it instead.
///
/// The trait is object safe (`Box<dyn PerfectInfoSolver<G>>`).
pub trait PerfectInfoSolver<G: Game>: Send {
    /// Writes into `values` (cleared first) one value per action of `legal`, in order, for
    /// the seat to move in `state`: higher is better for that seat. Values must be on the same
    /// scale in every state of a game (a side's win share, or tricks), since `pimc` adds them up over
    /// worlds. `legal` is `game.legal_actions(state)`.
    fn evaluate(
        &mut self,
        game: &G,
        state: &G::State,
        legal: &[G::Action],
        values: &mut Vec<f64>,
        rng: &mut dyn RngCore,
    );

    /// The best action of `legal` in `state` for the seat to move. The default takes the
    /// first action of highest value from [`PerfectInfoSolver::evaluate`].
    fn best_action(
        &mut self,
        game: &G,
        state: &G::State,
        legal: &[G::Action],
        rng: &mut dyn RngCore,
    ) -> G::Action {
        let mut values = Vec::with_capacity(legal.len());
        self.evaluate(game, state, legal, &mut values, rng);
        legal[argmax(&values)]
    }

    /// The solver's settings as spec text, e.g. `iters=1000,c=0.7,rollout=random`.
    fn label(&self) -> String;

    /// Search nodes this solver has visited so far, summed over every call, where it counts
    /// them (a measure of work that does not depend on the machine, for `pimc`'s `nodes`
    /// budget); `None` (the default) where it does not.
    fn nodes(&self) -> Option<u64> {
        None
    }

    /// [`PerfectInfoSolver::evaluate`] within about `nodes` more search nodes (for `pimc`'s
    /// budget a decision): `false`, with `values` unset, where the search passed them and was
    /// given up; with `must`, values always, approximate where the exact search would pass
    /// them. The default (a solver that counts no nodes) evaluates and answers `true`.
    #[allow(clippy::too_many_arguments)]
    fn evaluate_within(
        &mut self,
        game: &G,
        state: &G::State,
        legal: &[G::Action],
        values: &mut Vec<f64>,
        rng: &mut dyn RngCore,
        nodes: u64,
        must: bool,
    ) -> bool {
        let _ = (nodes, must);
        self.evaluate(game, state, legal, values, rng);
        true
    }
}

impl<G: Game, S: PerfectInfoSolver<G> + ?Sized> PerfectInfoSolver<G> for Box<S> {
    fn evaluate(
        &mut self,
        game: &G,
        state: &G::State,
        legal: &[G::Action],
        values: &mut Vec<f64>,
        rng: &mut dyn RngCore,
    ) {
        (**self).evaluate(game, state, legal, values, rng)
    }
    fn best_action(
        &mut self,
        game: &G,
        state: &G::State,
        legal: &[G::Action],
        rng: &mut dyn RngCore,
    ) -> G::Action {
        (**self).best_action(game, state, legal, rng)
    }
    fn label(&self) -> String {
        (**self).label()
    }
    fn nodes(&self) -> Option<u64> {
        (**self).nodes()
    }
    fn evaluate_within(
        &mut self,
        game: &G,
        state: &G::State,
        legal: &[G::Action],
        values: &mut Vec<f64>,
        rng: &mut dyn RngCore,
        nodes: u64,
        must: bool,
    ) -> bool {
        (**self).evaluate_within(game, state, legal, values, rng, nodes, must)
    }
}

/// The index of the first largest value (0 for an empty slice).
pub(crate) fn argmax(values: &[f64]) -> usize {
    let mut best = 0;
    for (i, &v) in values.iter().enumerate() {
        if v > values[best] {
            best = i;
        }
    }
    best
}

/// Perfect-information UCT: Monte Carlo tree search on the true state. Chance inside
/// [`Game::apply`] is re-drawn on every iteration and kept out of the tree (open loop), and
/// each seat backs up its side's win share ([`side_rewards`](super::side_rewards)). An action's value is its mean reward over the
/// iterations that tried it at the root; the best action is the most visited one.
///
/// ```
/// use cardsim_agents::search::{PerfectInfoSolver, SearchSettings, Uct};
/// use cardsim_engine::{games::trash::Trash, Game, Params, ToMove};
/// use rand::SeedableRng;
/// let game = Trash::new(2, &Params::new()).unwrap();
/// let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(1);
/// let state = game.deal(&mut rng);
/// assert!(matches!(game.to_move(&state), ToMove::Seat(_)));
/// let mut legal = Vec::new();
/// game.legal_actions(&state, &mut legal);
/// let mut values = Vec::new();
/// Uct::new(SearchSettings::default().iterations(100)).evaluate(&game, &state, &legal, &mut values, &mut rng);
/// assert_eq!(values.len(), legal.len());
/// assert!(values.iter().all(|v| (0.0..=1.0).contains(v)));
/// ```
#[derive(Debug)]
pub struct Uct<G: Game> {
    core: SearchCore<G>,
}

impl<G: Game> Uct<G> {
    /// A UCT search with random playouts.
    pub fn new(settings: SearchSettings) -> Self {
        Uct {
            core: SearchCore::new(settings, Observers::Single).on_true_state(),
        }
    }

    /// Replaces the playout policy.
    pub fn with_rollout(mut self, rollout: Rollout<G>) -> Self {
        self.core.rollout = rollout;
        self
    }

    /// The settings.
    pub fn settings(&self) -> &SearchSettings {
        &self.core.settings
    }

    /// Iterations run by the last search.
    pub fn last_iterations(&self) -> u32 {
        self.core.last_iterations()
    }

    fn run(&mut self, game: &G, state: &G::State, legal: &[G::Action], rng: &mut dyn RngCore) {
        let ToMove::Seat(seat) = game.to_move(state) else {
            panic!("a perfect-information search needs a seat to move");
        };
        self.core.run(game, seat, legal, rng, |_| state.clone());
    }
}

impl<G: GameAgents> Uct<G> {
    /// A UCT search with the game's default playout (`rollout=auto`, [`auto_rollout`]): in a
    /// game played hand by hand, random play to the end of the hand valued by the game's hand
    /// score. The exact solvers hand the positions they do not solve (an auction, naming
    /// trumps) to this search at the default settings, so their playouts end with the hand
    /// too.
    pub fn with_auto_rollout(settings: SearchSettings) -> Self {
        Uct::new(settings).with_rollout(auto_rollout::<G>())
    }
}

impl<G: Game> PerfectInfoSolver<G> for Uct<G> {
    /// # Panics
    /// If no seat is to move in `state`.
    fn evaluate(
        &mut self,
        game: &G,
        state: &G::State,
        legal: &[G::Action],
        values: &mut Vec<f64>,
        rng: &mut dyn RngCore,
    ) {
        self.run(game, state, legal, rng);
        values.clear();
        values.extend(self.core.root_stats(legal).iter().map(|s| s.mean));
    }

    /// # Panics
    /// If no seat is to move in `state`.
    fn best_action(
        &mut self,
        game: &G,
        state: &G::State,
        legal: &[G::Action],
        rng: &mut dyn RngCore,
    ) -> G::Action {
        self.run(game, state, legal, rng);
        self.core.best_root_action(legal)
    }

    fn label(&self) -> String {
        self.core.label()
    }
}
