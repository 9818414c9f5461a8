//! [`SearchCore`]: what ISMCTS (both kinds) and perfect-information UCT share: settings, the
//! playout policy, the reusable tree and how one decision's search is run.

use super::rollout::{Rollout, Timing};
use super::settings::SearchSettings;
use super::tree::{Observers, RootStat, Tree};
use crate::reaction::ReactionModel;
use cardsim_engine::{Game, Seat};
use rand::{RngCore, SeedableRng};
use rand_chacha::ChaCha8Rng;

/// Settings, playout policy, tree and scratch of one tree-search agent.
#[derive(Debug)]
pub(crate) struct SearchCore<G: Game> {
    pub settings: SearchSettings,
    pub rollout: Rollout<G>,
    /// The agent's own reaction-time model in a real-time game (see [`Timing`]); `None`
    /// leaves every race in the playouts to the rollout policy.
    pub reaction: Option<ReactionModel>,
    tree: Tree<G>,
    stats: Vec<RootStat>,
}

impl<G: Game> SearchCore<G> {
    /// A search with random playouts whose tree is built for `observers`.
    pub fn new(settings: SearchSettings, observers: Observers) -> Self {
        SearchCore {
            settings,
            rollout: Rollout::Random,
            reaction: None,
            tree: Tree::new(observers),
            stats: Vec::new(),
        }
    }

    /// The same search on the true state (perfect-information UCT): its tree ignores
    /// [`Rollout::tree_leaf`], whose cut-offs are for trees of sampled worlds.
    pub fn on_true_state(mut self) -> Self {
        self.tree = self.tree.without_leaves();
        self
    }

    /// Iterations run by the last search.
    pub fn last_iterations(&self) -> u32 {
        self.tree.iterations()
    }

    /// Nodes in the tree(s) of the last search, the roots included.
    pub fn last_tree_size(&self) -> usize {
        self.tree.len()
    }

    /// Searches for `seat`, to move with `legal`, each iteration starting from `sample`. All
    /// randomness comes from one ChaCha8 stream seeded by one `u64` of `rng`.
    pub fn run(
        &mut self,
        game: &G,
        seat: Seat,
        legal: &[G::Action],
        rng: &mut dyn RngCore,
        sample: impl FnMut(&mut ChaCha8Rng) -> G::State,
    ) {
        let mut rng = ChaCha8Rng::seed_from_u64(rng.next_u64());
        self.tree.search(
            game,
            seat,
            legal,
            self.settings.budget(),
            self.settings.exploration,
            &mut self.rollout,
            self.reaction.map(|mine| Timing::new(seat, mine)),
            &mut rng,
            sample,
        );
    }

    /// The root statistics of the last search, in the order of `legal`.
    pub fn root_stats(&mut self, legal: &[G::Action]) -> &[RootStat] {
        self.tree.root_stats(legal, &mut self.stats);
        &self.stats
    }

    /// The most visited root action of the last search.
    pub fn best_root_action(&mut self, legal: &[G::Action]) -> G::Action {
        self.tree.best_root_action(legal, &mut self.stats)
    }

    /// The root action of the last search that replaces `keep` by more than `z` standard
    /// errors (see [`Rollout::root_prior`]), `keep` if none does.
    pub fn root_action_over(&mut self, legal: &[G::Action], keep: G::Action, z: f64) -> G::Action {
        self.tree.root_action_over(legal, keep, z, &mut self.stats)
    }

    /// The settings as spec text, e.g. `iters=1000,c=0.7,rollout=random`.
    pub fn label(&self) -> String {
        format!(
            "{},rollout={}",
            self.settings.spec_text(),
            self.rollout.label()
        )
    }
}
