//! Multi-observer Information Set Monte Carlo Tree Search (Cowling, Powley & Whitehouse,
//! 2012).

use super::base::SearchCore;
use super::rollout::Rollout;
use super::settings::SearchSettings;
use super::tree::Observers;
use crate::Agent;
use cardsim_engine::{Game, Seat};
use rand::RngCore;

/// MO-ISMCTS: one tree per seat. Each iteration samples one determinization of the deciding
/// seat's information set and descends every tree at once: the seat to move selects in its
/// own tree (UCB1 with availability counts, as in [`super::Ismcts`]), and every other seat's
/// tree follows the child for what that seat saw of the move
/// ([`Game::observe_action`](cardsim_engine::Game::observe_action)): the move itself when it
/// is public, one shared "a move was made" child when it is hidden. Each tree's nodes back up
/// the reward of the seat that moved, so a seat plans its own moves in the tree of what it
/// will know, not of what the searching seat knows.
///
/// Where every move is public (every game implemented so far says so), all trees branch
/// alike and the search chooses as SO-ISMCTS does, at a small extra cost per iteration. Its
/// settings, reproducibility and decision rule (the most visited root action of the deciding
/// seat's tree) are those of [`super::Ismcts`].
///
/// ```
/// use cardsim_agents::search::{MoIsmcts, SearchSettings};
/// use cardsim_agents::Agent;
/// use cardsim_engine::{games::whist::Whist, Game, Params, ToMove};
/// use rand::SeedableRng;
/// let game = Whist::new(4, &Params::parse(&["target=1"]).unwrap()).unwrap();
/// let mut agent = MoIsmcts::new(SearchSettings::default().iterations(100));
/// let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(3);
/// let state = game.deal(&mut rng);
/// let ToMove::Seat(seat) = game.to_move(&state) else { unreachable!() };
/// let mut legal = Vec::new();
/// game.legal_actions(&state, &mut legal);
/// let a = agent.choose(&game, seat, &game.observe(&state, seat), &legal, &mut rng);
/// assert!(legal.contains(&a));
/// assert_eq!(agent.last_iterations(), 100);
/// ```
#[derive(Debug)]
pub struct MoIsmcts<G: Game> {
    core: SearchCore<G>,
}

impl<G: Game> MoIsmcts<G> {
    /// An MO-ISMCTS agent with random playouts.
    pub fn new(settings: SearchSettings) -> Self {
        MoIsmcts {
            core: SearchCore::new(settings, Observers::Multi),
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

    /// Iterations run by the last decision.
    pub fn last_iterations(&self) -> u32 {
        self.core.last_iterations()
    }

    /// Nodes in all the trees of the last decision, the roots included.
    pub fn last_tree_size(&self) -> usize {
        self.core.last_tree_size()
    }

    /// Searches from `obs` and returns each legal action's root visits and the seat's mean
    /// reward over them (in its own tree), in the order of `legal`.
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

impl<G: Game> Agent<G> for MoIsmcts<G> {
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
        self.core
            .run(game, seat, legal, rng, |r| game.determinize(obs, r));
        self.core.best_root_action(legal)
    }

    fn label(&self) -> String {
        format!("mo-ismcts:{}", self.core.label())
    }
}
