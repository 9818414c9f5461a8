//! The search tree shared by ISMCTS and perfect-information UCT: an arena of nodes linked by
//! indices, the selection rule (UCB1 with availability counts), expansion, playout and
//! backup of each seat's own reward.
//!
//! A node stands for the sequence of choices that leads to it from the root, not for a state:
//! chance (resolved inside [`Game::apply`]) and the hidden cards of the sampled state are not
//! in the tree ("open loop"). Children are keyed by the acting seat and its action, so a node
//! reached by different samples in which different seats act next keeps their statistics
//! apart. A decision with a single legal action is played through without a node.

use super::rollout::Rollout;
use cardsim_engine::{BySeat, Game, Seat, ToMove};
use rand::Rng;
use rand_chacha::ChaCha8Rng;
use std::time::{Duration, Instant};

/// No node: the end of a child list.
const NONE: u32 = u32::MAX;

/// How long a search runs: a number of iterations, a time limit, or both (whichever comes
/// first).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Budget {
    /// The most iterations.
    pub iterations: u32,
    /// The most wall-clock time.
    pub time: Option<Duration>,
}

/// One node: the statistics of the edge into it (the seat that acted and its action) and the
/// links of the child list.
#[derive(Clone, Copy, Debug)]
struct Node<A> {
    action: A,
    /// The seat that played `action` to reach this node; rewards are that seat's.
    seat: Seat,
    /// Iterations through this node.
    visits: u32,
    /// Times the action was legal when its parent was visited (the availability count).
    avail: u32,
    /// Sum of `seat`'s rewards over the visits.
    reward: f64,
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
}

/// A reusable search: the tree and the scratch buffers live across decisions, so after the
/// first few searches nothing is allocated but what the game itself allocates.
#[derive(Debug)]
pub(crate) struct Tree<G: Game> {
    nodes: Vec<Node<G::Action>>,
    path: Vec<u32>,
    legal: Vec<G::Action>,
    slots: Vec<u32>,
    iterations: u32,
}

impl<G: Game> Default for Tree<G> {
    fn default() -> Self {
        Tree {
            nodes: Vec::new(),
            path: Vec::new(),
            legal: Vec::new(),
            slots: Vec::new(),
            iterations: 0,
        }
    }
}

impl<G: Game> Clone for Tree<G> {
    /// A fresh, empty tree: the buffers are scratch space, not state worth copying.
    fn clone(&self) -> Self {
        Tree::default()
    }
}

impl<G: Game> Tree<G> {
    /// Runs a search for `seat`, to move with `legal` at the root. Each iteration starts from
    /// `sample(rng)`: a determinization for ISMCTS, a copy of the true state for
    /// perfect-information UCT. `c` is the UCB exploration constant (rewards are win shares
    /// in `[0, 1]`).
    #[allow(clippy::too_many_arguments)]
    pub fn search(
        &mut self,
        game: &G,
        seat: Seat,
        legal: &[G::Action],
        budget: Budget,
        c: f64,
        rollout: &mut Rollout<G>,
        rng: &mut ChaCha8Rng,
        mut sample: impl FnMut(&mut ChaCha8Rng) -> G::State,
    ) {
        self.nodes.clear();
        self.nodes.push(Node {
            action: legal[0],
            seat,
            visits: 0,
            avail: 0,
            reward: 0.0,
            first_child: NONE,
            next_sibling: NONE,
        });
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
            self.iterate(game, &mut state, c, rollout, rng);
            self.iterations += 1;
        }
    }

    /// Iterations run by the last search.
    pub fn iterations(&self) -> u32 {
        self.iterations
    }

    /// Nodes in the tree of the last search, the root included.
    pub fn len(&self) -> usize {
        self.nodes.len()
    }

    /// One iteration from `state`: select and expand, play out, back up.
    fn iterate(
        &mut self,
        game: &G,
        state: &mut G::State,
        c: f64,
        rollout: &mut Rollout<G>,
        rng: &mut ChaCha8Rng,
    ) {
        self.path.clear();
        self.path.push(0);
        let mut node = 0u32;
        while let ToMove::Seat(s) = game.to_move(state) {
            game.legal_actions(state, &mut self.legal);
            if self.legal.len() == 1 {
                game.apply(state, self.legal[0], rng);
                continue;
            }
            // Match the children acting for `s` to the legal actions of this sample.
            self.slots.clear();
            self.slots.resize(self.legal.len(), NONE);
            let mut untried = self.legal.len();
            let mut child = self.nodes[node as usize].first_child;
            while child != NONE {
                let ch = &self.nodes[child as usize];
                if ch.seat == s {
                    if let Some(i) = self.legal.iter().position(|&a| a == ch.action) {
                        self.slots[i] = child;
                        untried -= 1;
                    }
                }
                child = ch.next_sibling;
            }
            let (chosen, expanded) = if untried > 0 {
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
                let new = self.nodes.len() as u32;
                let parent = &mut self.nodes[node as usize];
                let next_sibling = std::mem::replace(&mut parent.first_child, new);
                self.nodes.push(Node {
                    action: self.legal[i],
                    seat: s,
                    visits: 0,
                    avail: 0,
                    reward: 0.0,
                    first_child: NONE,
                    next_sibling,
                });
                self.slots[i] = new;
                (i, true)
            } else {
                (NONE as usize, false)
            };
            for &ch in &self.slots {
                if ch != NONE {
                    self.nodes[ch as usize].avail += 1;
                }
            }
            let i = if expanded { chosen } else { self.select(c) };
            let a = self.legal[i];
            node = self.slots[i];
            self.path.push(node);
            game.apply(state, a, rng);
            if expanded {
                break;
            }
        }
        let rewards = rollout.play_out(game, state, &mut self.legal, rng);
        for &n in &self.path {
            let node = &mut self.nodes[n as usize];
            node.visits += 1;
            node.reward += rewards[node.seat];
        }
    }

    /// UCB1 over the matched children in `slots` (all tried), counting availability: the slot
    /// maximising `mean + c * sqrt(ln(avail) / visits)`, the first of equals.
    fn select(&self, c: f64) -> usize {
        let mut best = 0;
        let mut best_value = f64::NEG_INFINITY;
        for (i, &ch) in self.slots.iter().enumerate() {
            let n = &self.nodes[ch as usize];
            let visits = n.visits.max(1) as f64;
            let value = n.reward / visits + c * ((n.avail as f64).ln() / visits).sqrt();
            if value > best_value {
                best = i;
                best_value = value;
            }
        }
        best
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
            },
        );
        let Some(root) = self.nodes.first() else {
            return;
        };
        let mut child = root.first_child;
        while child != NONE {
            let ch = &self.nodes[child as usize];
            if ch.seat == root.seat {
                if let Some(i) = legal.iter().position(|&a| a == ch.action) {
                    out[i] = RootStat {
                        visits: ch.visits,
                        mean: ch.reward / ch.visits.max(1) as f64,
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
}

/// Each seat's reward for a finished game: its win share; equal shares when `state` is not
/// over (a playout cut short).
pub(crate) fn rewards<G: Game>(game: &G, state: &G::State) -> BySeat<f64> {
    match game.outcome(state) {
        Some(outcome) => BySeat::from_fn(|s| outcome[s].win),
        None => BySeat::from_fn(|_| 1.0 / game.players() as f64),
    }
}
