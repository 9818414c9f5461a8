//! The search trees shared by ISMCTS (single and multi-observer) and perfect-information UCT:
//! arenas of nodes linked by indices, the selection rule (UCB1 with availability counts),
//! expansion, playout and backup of each seat's own reward.
//!
//! A node stands for the sequence of choices that leads to it from the root, not for a state:
//! chance (resolved inside [`Game::apply`]) and the hidden cards of the sampled state are not
//! in the tree ("open loop"). Children are keyed by the acting seat and what the tree's owner
//! saw of its action, so a node reached by different samples in which different seats act
//! next keeps their statistics apart. A decision with a single legal action is played through
//! without a node.
//!
//! A [`Tree`] holds one arena ([`Observers::Single`]: SO-ISMCTS and UCT, every action seen
//! whole) or one per seat ([`Observers::Multi`]: MO-ISMCTS). With one arena per seat, every
//! iteration descends all of them at once: the seat to move selects in its own arena, and
//! every other seat's arena branches on [`Game::observe_action`], what that seat sees of the
//! move.

use super::rollout::{Rollout, Timing};
use cardsim_engine::driver::Scratch;
use cardsim_engine::{BySeat, Game, Seat, ToMove};
use rand::Rng;
use rand_chacha::ChaCha8Rng;
use std::time::{Duration, Instant};

/// No node: the end of a child list.
const NONE: u32 = u32::MAX;

/// Availability counts below this take their logarithm from a table.
const LN_TABLE: usize = 4096;

/// How long a search runs: a number of iterations, a time limit, or both (whichever comes
/// first).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Budget {
    /// The most iterations.
    pub iterations: u32,
    /// The most wall-clock time.
    pub time: Option<Duration>,
}

/// Who the tree is built for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Observers {
    /// One tree; every action is keyed whole (SO-ISMCTS, and UCT on a perfect-information
    /// state).
    Single,
    /// One tree per seat, each keyed by what its seat observes of every move (MO-ISMCTS).
    Multi,
}

/// One node: the statistics of the edge into it (the seat that acted and what the tree's
/// owner saw of its action) and the links of the child list.
#[derive(Clone, Copy, Debug)]
struct Node<A> {
    /// The action as the tree's owner saw it: `None` when it saw only that a move was made.
    key: Option<A>,
    /// The seat that acted to reach this node; rewards are that seat's.
    seat: Seat,
    /// Iterations through this node.
    visits: u32,
    /// Times the action was legal when its parent was visited (the availability count).
    avail: u32,
    /// Sum of `seat`'s rewards over the visits.
    reward: f64,
    /// Sum of their squares.
    reward_sq: f64,
    first_child: u32,
    next_sibling: u32,
}

/// The statistics of one root action after a search.
#[derive(Clone, Copy, Debug, PartialEq)]
pub(crate) struct RootStat {
    /// Iterations that chose the action at the root (0 when never tried).
    pub visits: u32,
    /// The mover's mean reward over them (0 when never tried).
    pub mean: f64,
    /// The variance of those rewards (0 when never tried).
    pub variance: f64,
}

impl RootStat {
    /// The standard error of [`RootStat::mean`] squared (infinite below two visits).
    fn error_sq(&self) -> f64 {
        if self.visits < 2 {
            f64::INFINITY
        } else {
            self.variance / f64::from(self.visits - 1)
        }
    }
}

/// One tree: an arena of nodes, the root at index 0.
#[derive(Clone, Debug)]
struct Arena<A> {
    nodes: Vec<Node<A>>,
}

impl<A: Copy + Eq> Arena<A> {
    /// Empties the arena and puts a root for `seat`.
    fn reset(&mut self, seat: Seat) {
        self.nodes.clear();
        self.nodes.push(Node {
            key: None,
            seat,
            visits: 0,
            avail: 0,
            reward: 0.0,
            reward_sq: 0.0,
            first_child: NONE,
            next_sibling: NONE,
        });
    }

    /// Adds a child of `parent` at the head of its list.
    fn add(&mut self, parent: u32, seat: Seat, key: Option<A>) -> u32 {
        let new = self.nodes.len() as u32;
        let next_sibling = std::mem::replace(&mut self.nodes[parent as usize].first_child, new);
        self.nodes.push(Node {
            key,
            seat,
            visits: 0,
            avail: 0,
            reward: 0.0,
            reward_sq: 0.0,
            first_child: NONE,
            next_sibling,
        });
        new
    }

    /// The child of `parent` for `seat` and `key`, added if missing.
    fn child(&mut self, parent: u32, seat: Seat, key: Option<A>) -> u32 {
        let mut child = self.nodes[parent as usize].first_child;
        while child != NONE {
            let ch = &self.nodes[child as usize];
            if ch.seat == seat && ch.key == key {
                return child;
            }
            child = ch.next_sibling;
        }
        self.add(parent, seat, key)
    }

    /// Matches the children of `parent` acting for `seat` to `legal`: `slots[i]` is the child
    /// for `legal[i]`, or `NONE`. Returns how many legal actions have no child.
    fn match_children(&self, parent: u32, seat: Seat, legal: &[A], slots: &mut Vec<u32>) -> usize {
        slots.clear();
        slots.resize(legal.len(), NONE);
        let mut untried = legal.len();
        let mut child = self.nodes[parent as usize].first_child;
        while child != NONE {
            let ch = &self.nodes[child as usize];
            if ch.seat == seat {
                if let Some(i) = ch.key.and_then(|k| legal.iter().position(|&a| a == k)) {
                    slots[i] = child;
                    untried -= 1;
                }
            }
            child = ch.next_sibling;
        }
        untried
    }

    /// UCB1 over the children in `slots` (all tried), counting availability: the slot
    /// maximising `mean + c * sqrt(ln(avail) / visits)`, the first of equals.
    fn select(&self, slots: &[u32], c: f64, ln: &[f64]) -> usize {
        let mut best = 0;
        let mut best_value = f64::NEG_INFINITY;
        for (i, &ch) in slots.iter().enumerate() {
            let n = &self.nodes[ch as usize];
            let visits = n.visits.max(1) as f64;
            let ln_avail = match ln.get(n.avail as usize) {
                Some(&x) => x,
                None => (n.avail as f64).ln(),
            };
            let value = n.reward / visits + c * (ln_avail / visits).sqrt();
            if value > best_value {
                best = i;
                best_value = value;
            }
        }
        best
    }

    /// Adds one visit with `rewards` to every node of `path`.
    fn backup(&mut self, path: &[u32], rewards: &BySeat<f64>) {
        for &n in path {
            let node = &mut self.nodes[n as usize];
            node.visits += 1;
            let r = rewards[node.seat];
            node.reward += r;
            node.reward_sq += r * r;
        }
    }
}

/// A reusable search: the trees and the scratch buffers live across decisions, so after the
/// first few searches nothing is allocated but what the game itself allocates.
#[derive(Debug)]
pub(crate) struct Tree<G: Game> {
    observers: Observers,
    /// One arena ([`Observers::Single`]) or one per seat.
    arenas: Vec<Arena<G::Action>>,
    /// Each arena's path of this iteration, and the node it is at.
    paths: Vec<Vec<u32>>,
    at: Vec<u32>,
    scratch: Scratch<G::Action>,
    slots: Vec<u32>,
    /// `ln(n)` for small `n`.
    ln: Vec<f64>,
    /// The arena holding the root seat's decisions.
    root: usize,
    /// This iteration's sampled root state, kept while the playout policy values the hand
    /// from the root ([`Rollout::hand_end`]).
    root_state: Option<G::State>,
    /// Whether the descent stops at [`Rollout::tree_leaf`]'s decisions: true for ISMCTS,
    /// false for perfect-information UCT, which sees the card drawn and every hand.
    leaves: bool,
    iterations: u32,
}

impl<G: Game> Default for Tree<G> {
    fn default() -> Self {
        Tree::new(Observers::Single)
    }
}

impl<G: Game> Clone for Tree<G> {
    /// A fresh, empty tree for the same observers: the buffers are scratch space, not state
    /// worth copying.
    fn clone(&self) -> Self {
        let mut tree = Tree::new(self.observers);
        tree.leaves = self.leaves;
        tree
    }
}

impl<G: Game> Tree<G> {
    /// An empty tree for `observers`.
    pub fn new(observers: Observers) -> Self {
        Tree {
            observers,
            arenas: Vec::new(),
            paths: Vec::new(),
            at: Vec::new(),
            scratch: Scratch::new(),
            slots: Vec::new(),
            ln: Vec::new(),
            root: 0,
            root_state: None,
            leaves: true,
            iterations: 0,
        }
    }

    /// The same tree, its descent ignoring [`Rollout::tree_leaf`]: for a search on the true
    /// state, where a decision after a draw is keyed by the one card the state deals (the
    /// leaf exists for open-loop trees of sampled worlds, whose nodes would mix every card).
    pub fn without_leaves(mut self) -> Self {
        self.leaves = false;
        self
    }

    /// Runs a search for `seat`, to move with `legal` at the root. Each iteration starts from
    /// `sample(rng)`: a determinization for ISMCTS, a copy of the true state for
    /// perfect-information UCT. `c` is the UCB exploration constant (rewards are in `[0, 1]`:
    /// a side's win share, or a hand's value on the same scale).
    #[allow(clippy::too_many_arguments)]
    pub fn search(
        &mut self,
        game: &G,
        seat: Seat,
        legal: &[G::Action],
        budget: Budget,
        c: f64,
        rollout: &mut Rollout<G>,
        timing: Option<Timing>,
        rng: &mut ChaCha8Rng,
        mut sample: impl FnMut(&mut ChaCha8Rng) -> G::State,
    ) {
        debug_assert!(!legal.is_empty());
        if self.ln.is_empty() {
            self.ln = (0..LN_TABLE).map(|n| (n as f64).ln()).collect();
        }
        let trees = match self.observers {
            Observers::Single => 1,
            Observers::Multi => game.players(),
        };
        self.root = match self.observers {
            Observers::Single => 0,
            Observers::Multi => seat.index(),
        };
        self.arenas
            .resize_with(trees, || Arena { nodes: Vec::new() });
        self.paths.resize_with(trees, Vec::new);
        self.at.resize(trees, 0);
        for arena in &mut self.arenas {
            arena.reset(seat);
        }
        let start = budget.time.map(|t| (Instant::now(), t));
        self.iterations = 0;
        while self.iterations < budget.iterations {
            if let Some((at, limit)) = start {
                // Checking the clock every few iterations keeps its cost out of the loop.
                if self.iterations % 8 == 0 && self.iterations > 0 && at.elapsed() >= limit {
                    break;
                }
            }
            let mut state = sample(rng);
            self.iterate(game, &mut state, c, rollout, timing, rng);
            self.iterations += 1;
        }
    }

    /// Iterations run by the last search.
    pub fn iterations(&self) -> u32 {
        self.iterations
    }

    /// Nodes in the trees of the last search, the roots included.
    pub fn len(&self) -> usize {
        self.arenas.iter().map(|a| a.nodes.len()).sum()
    }

    /// One iteration from `state`: select and expand, play out, back up. Where the playout
    /// policy values the hand from the root ([`Rollout::hand_end`]), the end of the root's
    /// hand ends the descent too, valued as the policy values it.
    fn iterate(
        &mut self,
        game: &G,
        state: &mut G::State,
        c: f64,
        rollout: &mut Rollout<G>,
        timing: Option<Timing>,
        rng: &mut ChaCha8Rng,
    ) {
        let multi = self.observers == Observers::Multi;
        for (path, at) in self.paths.iter_mut().zip(&mut self.at) {
            path.clear();
            path.push(0);
            *at = 0;
        }
        let hand_end = rollout.hand_end();
        if hand_end.is_some() {
            match &mut self.root_state {
                Some(root) => root.clone_from(state),
                None => self.root_state = Some(state.clone()),
            }
        }
        let root = self.root_state.as_ref().filter(|_| hand_end.is_some());
        // The end of the root's hand, once a move of the tree has reached it.
        let ended = |state: &G::State| hand_end.zip(root).and_then(|(v, r)| v(game, r, state));
        // A decision the tree cannot key (see [`Rollout::tree_leaf`]) is the playout's.
        let leaf = rollout.tree_leaf().filter(|_| self.leaves);
        let at_leaf = |state: &G::State| leaf.zip(root).is_some_and(|(l, r)| l(game, r, state));
        let mut valued = None;
        while let ToMove::Seat(s) = game.to_move(state) {
            game.legal_actions(state, &mut self.scratch.legal);
            if self.scratch.legal.len() == 1 {
                game.apply(state, self.scratch.legal[0], rng);
                valued = ended(state);
                if valued.is_some() || at_leaf(state) {
                    break;
                }
                continue;
            }
            // The mover decides in its own tree.
            let own = if multi { s.index() } else { 0 };
            let arena = &mut self.arenas[own];
            let node = self.at[own];
            let untried = arena.match_children(node, s, &self.scratch.legal, &mut self.slots);
            let expanded = untried > 0;
            let i = if expanded {
                // Expand one untried action, chosen uniformly.
                let k = rng.random_range(0..untried);
                let i = self
                    .slots
                    .iter()
                    .enumerate()
                    .filter(|&(_, &x)| x == NONE)
                    .nth(k)
                    .map(|(i, _)| i)
                    .expect("k < untried");
                self.slots[i] = arena.add(node, s, Some(self.scratch.legal[i]));
                i
            } else {
                0
            };
            for &ch in &self.slots {
                if ch != NONE {
                    arena.nodes[ch as usize].avail += 1;
                }
            }
            let i = if expanded {
                i
            } else {
                arena.select(&self.slots, c, &self.ln)
            };
            let a = self.scratch.legal[i];
            self.at[own] = self.slots[i];
            self.paths[own].push(self.slots[i]);
            if multi {
                // Every other seat's tree follows what that seat saw of the move.
                for t in (0..self.arenas.len()).filter(|&t| t != own) {
                    let key = game.observe_action(state, a, Seat::new(t));
                    let child = self.arenas[t].child(self.at[t], s, key);
                    self.at[t] = child;
                    self.paths[t].push(child);
                }
            }
            game.apply(state, a, rng);
            valued = ended(state);
            if expanded || valued.is_some() || at_leaf(state) {
                break;
            }
        }
        let rewards = match valued {
            Some(v) => v,
            None => rollout.play_out(game, state, &mut self.scratch, rng, timing, root),
        };
        for (arena, path) in self.arenas.iter_mut().zip(&self.paths) {
            arena.backup(path, &rewards);
        }
    }

    /// The statistics of each of `legal` at the root of the last search, in order, into `out`
    /// (cleared first). The root seat is the one the search was run for.
    pub fn root_stats(&self, legal: &[G::Action], out: &mut Vec<RootStat>) {
        out.clear();
        out.resize(
            legal.len(),
            RootStat {
                visits: 0,
                mean: 0.0,
                variance: 0.0,
            },
        );
        let Some(arena) = self.arenas.get(self.root) else {
            return;
        };
        let root = &arena.nodes[0];
        let mut child = root.first_child;
        while child != NONE {
            let ch = &arena.nodes[child as usize];
            if ch.seat == root.seat {
                if let Some(i) = ch.key.and_then(|k| legal.iter().position(|&a| a == k)) {
                    let n = ch.visits.max(1) as f64;
                    let mean = ch.reward / n;
                    out[i] = RootStat {
                        visits: ch.visits,
                        mean,
                        variance: (ch.reward_sq / n - mean * mean).max(0.0),
                    };
                }
            }
            child = ch.next_sibling;
        }
    }

    /// The most visited root action of the last search (ties to the higher mean, then to the
    /// first in `legal`); `legal[0]` if nothing was searched. `stats` is scratch space.
    pub fn best_root_action(&self, legal: &[G::Action], stats: &mut Vec<RootStat>) -> G::Action {
        self.root_stats(legal, stats);
        let mut best = 0;
        for (i, s) in stats.iter().enumerate() {
            let b = &stats[best];
            if s.visits > b.visits || (s.visits == b.visits && s.mean > b.mean) {
                best = i;
            }
        }
        legal[best]
    }

    /// The root action of the last search that replaces `keep` (one of `legal`, e.g. a
    /// heuristic's choice): the one of highest mean among those whose mean beats `keep`'s by
    /// more than `z` standard errors of the difference; `keep` when none does (or `keep` was
    /// never tried: the search has no evidence against it). `stats` is scratch space.
    pub fn root_action_over(
        &self,
        legal: &[G::Action],
        keep: G::Action,
        z: f64,
        stats: &mut Vec<RootStat>,
    ) -> G::Action {
        self.root_stats(legal, stats);
        let Some(k) = legal.iter().position(|&a| a == keep) else {
            return self.best_root_action(legal, stats);
        };
        let base = stats[k];
        let mut best = k;
        for (i, s) in stats.iter().enumerate() {
            let margin = z * (s.error_sq() + base.error_sq()).sqrt();
            if s.mean - base.mean > margin && s.mean > stats[best].mean {
                best = i;
            }
        }
        legal[best]
    }
}
