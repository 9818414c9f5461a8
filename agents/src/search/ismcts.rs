//! Single-observer Information Set Monte Carlo Tree Search (Cowling, Powley & Whitehouse,
//! 2012).

use super::base::SearchCore;
use super::race::race_action_from;
use super::rollout::Rollout;
use super::settings::SearchSettings;
use super::tree::Observers;
use super::uct::PerfectInfoSolver;
use crate::reaction::ReactionModel;
use crate::{Agent, SeatView};
use cardsim_engine::{Game, Seat, ToMove};
use rand::RngCore;

/// SO-ISMCTS: each iteration samples a determinization of the acting seat's information set
/// with [`Game::determinize`], descends one shared tree of information sets with UCB1 that
/// counts availability (an action legal in only some determinizations is judged by the
/// visits in which it was available), expands one node, plays out with the [`Rollout`]
/// policy and backs up every seat's own reward (its side's win share,
/// [`side_rewards`](super::side_rewards)) into the edges that seat chose. Multi-player and
/// partnership games need nothing more: each seat maximises its own reward, and a won game
/// is worth a whole win to each partner.
///
/// The decision is the most visited root action. The search draws all its randomness from
/// one ChaCha8 stream seeded by a single `u64` from the caller's RNG, and it reads only the
/// observation, so a fixed RNG gives a fixed choice in every state the seat cannot tell apart
/// (unless a time limit is set).
///
/// ```
/// use cardsim_agents::search::{Ismcts, SearchSettings};
/// use cardsim_agents::Agent;
/// use cardsim_engine::{games::trash::Trash, Game, Params, ToMove};
/// use rand::SeedableRng;
/// let game = Trash::new(2, &Params::parse(&["layout=3"]).unwrap()).unwrap();
/// let mut agent = Ismcts::new(SearchSettings::default().iterations(50));
/// let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(3);
/// let mut state = game.deal(&mut rng);
/// let mut legal = Vec::new();
/// while let ToMove::Seat(seat) = game.to_move(&state) {
///     game.legal_actions(&state, &mut legal);
///     let a = agent.choose(&game, seat, &game.observe(&state, seat), &legal, &mut rng);
///     assert!(legal.contains(&a));
///     game.apply(&mut state, a, &mut rng);
/// }
/// ```
pub struct Ismcts<G: Game> {
    core: SearchCore<G>,
    observers: Observers,
    open: Option<Box<dyn PerfectInfoSolver<G>>>,
}

impl<G: Game> std::fmt::Debug for Ismcts<G> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Ismcts")
            .field("core", &self.core)
            .field("observers", &self.observers)
            .field("open", &self.open.as_ref().map(|s| s.label()))
            .finish()
    }
}

impl<G: Game> Ismcts<G> {
    /// An SO-ISMCTS agent with random playouts.
    pub fn new(settings: SearchSettings) -> Self {
        Ismcts {
            core: SearchCore::new(settings, Observers::Single),
            observers: Observers::Single,
            open: None,
        }
    }

    /// An MO-ISMCTS agent (`mo-ismcts`) with random playouts: one tree per seat. Each
    /// iteration samples one determinization of the deciding seat's information set and
    /// descends every tree at once: the seat to move selects in its own tree, and every other
    /// seat's tree follows the child for what that seat saw of the move
    /// ([`Game::observe_action`](cardsim_engine::Game::observe_action)): the move itself when
    /// it is public, one shared "a move was made" child when it is hidden. Each tree backs up
    /// the reward of the seat that moved, so a seat plans its own moves in the tree of what it
    /// will know, not of what the searching seat knows. Where every move is public (every
    /// game implemented so far), all trees branch alike and it chooses as SO-ISMCTS does, at
    /// a small extra cost per iteration.
    ///
    /// ```
    /// use cardsim_agents::search::{Ismcts, SearchSettings};
    /// use cardsim_agents::Agent;
    /// use cardsim_engine::{games::whist::Whist, Game, Params, ToMove};
    /// use rand::SeedableRng;
    /// let game = Whist::new(4, &Params::parse(&["target=1"]).unwrap()).unwrap();
    /// let mut agent = Ismcts::multi_observer(SearchSettings::default().iterations(100));
    /// let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(3);
    /// let state = game.deal(&mut rng);
    /// let ToMove::Seat(seat) = game.to_move(&state) else { unreachable!() };
    /// let mut legal = Vec::new();
    /// game.legal_actions(&state, &mut legal);
    /// let a = agent.choose(&game, seat, &game.observe(&state, seat), &legal, &mut rng);
    /// assert!(legal.contains(&a));
    /// assert_eq!(agent.last_iterations(), 100);
    /// assert!(agent.label().starts_with("mo-ismcts:"));
    /// ```
    pub fn multi_observer(settings: SearchSettings) -> Self {
        Ismcts {
            core: SearchCore::new(settings, Observers::Multi),
            observers: Observers::Multi,
            open: None,
        }
    }

    /// Replaces the playout policy.
    pub fn with_rollout(mut self, rollout: Rollout<G>) -> Self {
        self.core.rollout = rollout;
        self
    }

    /// For a game without hidden information (every determinization is the true state): the
    /// exact solver whose best action it plays instead of searching (`None`: always search).
    /// The catalog sets the game's exact solver where [`crate::GameAgents::OPEN`] holds.
    pub fn with_open_solver(mut self, solver: Option<Box<dyn PerfectInfoSolver<G>>>) -> Self {
        self.open = solver;
        self
    }

    /// The settings.
    pub fn settings(&self) -> &SearchSettings {
        &self.core.settings
    }

    /// Iterations run by the last decision.
    pub fn last_iterations(&self) -> u32 {
        self.core.last_iterations()
    }

    /// Nodes in the tree (all the trees, for MO-ISMCTS) of the last decision, the roots
    /// included.
    pub fn last_tree_size(&self) -> usize {
        self.core.last_tree_size()
    }

    /// Searches from `obs` and returns each legal action's root visits and the seat's mean
    /// reward over them, in the order of `legal`.
    pub fn analyse(
        &mut self,
        game: &G,
        seat: Seat,
        obs: &G::Observation,
        legal: &[G::Action],
        rng: &mut dyn RngCore,
    ) -> Vec<(u32, f64)> {
        self.core
            .run(game, seat, legal, rng, |r| game.determinize(obs, r));
        let stats = self.core.root_stats(legal);
        stats.iter().map(|s| (s.visits, s.mean)).collect()
    }
}

impl<G: Game> Agent<G> for Ismcts<G> {
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
        if let Some(solver) = &mut self.open {
            let world = game.determinize(obs, rng);
            return solver.best_action(game, &world, legal, rng);
        }
        self.core
            .run(game, seat, legal, rng, |r| game.determinize(obs, r));
        if let Some((agent, z)) = self.core.rollout.root_prior() {
            let keep = agent.choose(game, seat, obs, legal, rng);
            return self.core.root_action_over(legal, keep, z);
        }
        self.core.best_root_action(legal)
    }

    fn act(
        &mut self,
        view: &SeatView<'_, G>,
        legal: &[G::Action],
        rng: &mut dyn RngCore,
    ) -> G::Action {
        if let ToMove::Race(_) = view.to_move() {
            return race_action_from(
                view,
                legal,
                self.core.settings.budget().iterations.min(100_000),
                &mut self.core.rollout,
                self.core.reaction.unwrap_or_default(),
                rng,
            );
        }
        self.choose(view.game(), view.seat(), view.observation(), legal, rng)
    }

    fn set_reaction_model(&mut self, model: ReactionModel) {
        self.core.reaction = Some(model);
    }

    fn label(&self) -> String {
        let name = match self.observers {
            Observers::Single => "ismcts",
            Observers::Multi => "mo-ismcts",
        };
        format!("{name}:{}", self.core.label())
    }
}
