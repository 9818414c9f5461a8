//! Playout policies: how a search finishes a game from the edge of its tree.

use super::reward::{even_rewards, rewards};
use crate::reaction::ReactionModel;
use crate::{Agent, SeatView};
use cardsim_engine::driver::{self, Ending, Policy, Scratch, Step};
use cardsim_engine::{BySeat, Game, Seat};
use rand::Rng;
use rand_chacha::ChaCha8Rng;
use std::convert::Infallible;
use std::fmt;

/// A playout longer than this many actions is cut short and scored as a draw (equal shares
/// for every side):
/// a guard against a game that does not end under the playout policy.
pub const MAX_PLAYOUT_MOVES: usize = 1_000_000;

/// The cut-off of [`Rollout::Cutoff`] and [`Rollout::HandEnd`]: each seat's estimated reward
/// once play from the first state (where the playout began, or for [`Rollout::HandEnd`] the
/// root of the search) has reached the second at a natural break; `None` to play on.
pub type CutoffValue<G> = fn(&G, &<G as Game>::State, &<G as Game>::State) -> Option<BySeat<f64>>;

/// Where a search's tree stops under [`Rollout::HandEnd`]: true when, on the way from the
/// search's root (the first state) to the second, the tree has reached a decision it cannot
/// tell apart from others (one whose choices depend on a card drawn by chance or held
/// hidden, such as the discard after a draw from the stock): the playout policy makes it.
pub type TreeLeaf<G> = fn(&G, &<G as Game>::State, &<G as Game>::State) -> bool;

/// How fast each seat reacts in a search's simulated races: the searching seat with its own
/// reaction-time model, every other seat with the typical player's
/// ([`ReactionModel::default`]: 0.5 s mean, 0.1 s spread), since a search does not know the
/// others' speed.
#[derive(Clone, Copy, Debug, PartialEq)]
pub(crate) struct Timing {
    /// The searching seat.
    pub me: Seat,
    /// Its reaction-time model.
    pub mine: ReactionModel,
    /// Every other seat's.
    pub others: ReactionModel,
}

impl Timing {
    /// `me` reacting with `mine`, every other seat as the typical player.
    pub fn new(me: Seat, mine: ReactionModel) -> Self {
        Timing {
            me,
            mine,
            others: ReactionModel::default(),
        }
    }

    /// `seat`'s model.
    pub fn of(&self, seat: Seat) -> &ReactionModel {
        if seat == self.me {
            &self.mine
        } else {
            &self.others
        }
    }
}

/// A playout policy whose race entries take their reaction times from a [`Timing`].
struct Timed<'r, G: Game> {
    rollout: &'r mut Rollout<G>,
    timing: Timing,
}

impl<G: Game> Policy<G> for Timed<'_, G> {
    type Error = Infallible;

    fn choose<R: Rng>(
        &mut self,
        game: &G,
        state: &G::State,
        seat: Seat,
        legal: &[G::Action],
        rng: &mut R,
    ) -> Result<G::Action, Infallible> {
        self.rollout.choose(game, state, seat, legal, rng)
    }

    fn reaction_time<R: Rng>(&mut self, seat: Seat, rng: &mut R) -> f64 {
        // The policy's own time is still drawn, and set aside, so that the timing replaces
        // it without moving the playout's later draws.
        self.rollout.reaction_time(seat, rng);
        self.timing.of(seat).sample(rng)
    }
}

/// How a search plays a game out from the edge of its tree.
///
/// Every seat in a playout follows the same policy, seeing only its own observation when the
/// policy is an agent. Races are resolved with random actions and uniform reaction times, or
/// the agent's choice and reaction time.
pub enum Rollout<G: Game> {
    /// Uniformly random legal actions (fast, and the default).
    Random,
    /// The given agent plays every seat (e.g. the game's `heuristic`), from each seat's
    /// [`Game::observe`] observation.
    Agent(Box<dyn Agent<G>>),
    /// The agent plays every seat, as with [`Rollout::Agent`], until the game's `value`
    /// scores the position (at a natural break such as the end of a round) or the game ends:
    /// for games whose playouts to the end would be too long (Spoons and Pig offer their
    /// heuristic for one tick, the round then valued by hand progress, through
    /// [`GameAgents::default_rollout`](crate::GameAgents::default_rollout)).
    Cutoff {
        /// The policy of every seat.
        agent: Box<dyn Agent<G>>,
        /// Each seat's estimated reward once the playout, started at the first state, has
        /// reached the second one at a natural break; `None` to play on.
        value: CutoffValue<G>,
        /// The setting's text in the search's label.
        label: &'static str,
        /// With `Some(z)`, a search's race decision (flat Monte Carlo over its race actions)
        /// keeps the agent's own choice for the searching seat unless another race action
        /// beats it by more than `z` standard errors (`None`: the best mean). For a game whose
        /// cut-off values positions less well than its agent plays them (Pig: the valuation
        /// sees only each hand's longest rank), so that the search departs from the agent
        /// only on evidence.
        margin: Option<f64>,
    },
    /// The agent plays every seat until the hand the search's decision is in is over,
    /// valued by `value` from the root of the search (the game's
    /// [`hand_end`](crate::GameAgents::hand_end), `rollout=auto` in a game played hand by
    /// hand): the hand's end ends the tree's descent as well as the playout, so a move of the
    /// tree that ends the hand (a knock, the last card of a trick game) is valued by what the
    /// hand gained, not by the next hand's playout.
    HandEnd {
        /// The policy of every seat.
        agent: Box<dyn Agent<G>>,
        /// Each seat's reward once play from the search's root has ended its hand; `None`
        /// while the hand goes on.
        value: CutoffValue<G>,
        /// Where the tree's descent stops before the hand's end (`None`: at its expansions
        /// only). An open-loop tree keys a node by the moves that lead to it, not by the
        /// cards chance dealt on the way, so the statistics of a decision made after a draw
        /// mix every card that could have been drawn; a game whose decisions depend on such
        /// a card leaves them to the playout policy, which sees the card. Only ISMCTS's trees
        /// stop there: perfect-information UCT (`pimc`'s worlds, `cheat`) sees the card drawn
        /// and every hand, so its tree keys those decisions and searches them.
        leaf: Option<TreeLeaf<G>>,
        /// With `Some(z)`, a search plays the agent's own choice at its root unless another
        /// root action beats it by more than `z` standard errors (`None`: the search's best
        /// action). For a game whose search values positions less well than its heuristic
        /// plays them (Gin Rummy: the search deals the opponent a uniformly random hand,
        /// the heuristic opponent holds one built for melds), so that the search departs
        /// from the heuristic only on evidence.
        margin: Option<f64>,
    },
}

// Written out: a derived `Default` would require `G: Default`.
#[allow(clippy::derivable_impls)]
impl<G: Game> Default for Rollout<G> {
    fn default() -> Self {
        Rollout::Random
    }
}

impl<G: Game> fmt::Debug for Rollout<G> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Rollout::Random => f.write_str("Random"),
            Rollout::Agent(a) => write!(f, "Agent({})", a.label()),
            Rollout::Cutoff { agent, label, .. } => {
                write!(f, "Cutoff({}, {label})", agent.label())
            }
            Rollout::HandEnd { agent, .. } => write!(f, "HandEnd({})", agent.label()),
        }
    }
}

impl<G: Game> Rollout<G> {
    /// The setting's text: `random`, or the agent's label.
    pub fn label(&self) -> String {
        match self {
            Rollout::Random => "random".into(),
            Rollout::Agent(a) => a.label(),
            Rollout::Cutoff { label, .. } => (*label).into(),
            Rollout::HandEnd { .. } => "auto".into(),
        }
    }

    /// The value that ends a search at the end of its root's hand ([`Rollout::HandEnd`]).
    pub(crate) fn hand_end(&self) -> Option<CutoffValue<G>> {
        match self {
            Rollout::HandEnd { value, .. } => Some(*value),
            _ => None,
        }
    }

    /// The standard errors by which a race action must beat the agent's own choice to
    /// replace it ([`Rollout::Cutoff`]'s `margin`).
    pub(crate) fn race_margin(&self) -> Option<f64> {
        match self {
            Rollout::Cutoff { margin, .. } => *margin,
            _ => None,
        }
    }

    /// Where the tree's descent stops ([`Rollout::HandEnd`]'s `leaf`).
    pub(crate) fn tree_leaf(&self) -> Option<TreeLeaf<G>> {
        match self {
            Rollout::HandEnd { leaf, .. } => *leaf,
            _ => None,
        }
    }

    /// The agent whose own choice at a search's root stands unless another root action
    /// beats it by the returned number of standard errors ([`Rollout::HandEnd`]'s `margin`).
    pub(crate) fn root_prior(&mut self) -> Option<(&mut dyn Agent<G>, f64)> {
        match self {
            Rollout::HandEnd {
                agent,
                margin: Some(z),
                ..
            } => Some((agent.as_mut(), *z)),
            _ => None,
        }
    }

    /// Plays `state` to the end and returns each seat's reward: its side's win share
    /// ([`side_rewards`](super::side_rewards)), or the cut-off's value where the policy has one. `scratch`
    /// holds the driver's buffers. With a `timing`, every race entry's reaction time is drawn
    /// from it (the action still comes from the policy); without, from the policy. `root` is
    /// the state [`Rollout::HandEnd`] values the hand from (the search's root; `None`: `state`
    /// as it is now); the other policies ignore it.
    pub(crate) fn play_out(
        &mut self,
        game: &G,
        state: &mut G::State,
        scratch: &mut Scratch<G::Action>,
        rng: &mut ChaCha8Rng,
        timing: Option<Timing>,
        root: Option<&G::State>,
    ) -> BySeat<f64> {
        let value = match self {
            Rollout::Cutoff { value, .. } => Some((*value, None)),
            Rollout::HandEnd { value, .. } => Some((*value, root)),
            _ => None,
        };
        match timing {
            Some(timing) => {
                let mut timed = Timed {
                    rollout: self,
                    timing,
                };
                finish(game, state, &mut timed, scratch, rng, value)
            }
            None => finish(game, state, self, scratch, rng, value),
        }
    }
}

/// Plays `state` out with `policy`: to the end, or with a `value` (and the state it measures
/// from, `None` for `state` itself), as [`Rollout::Cutoff`] and [`Rollout::HandEnd`] do.
fn finish<G: Game, P: Policy<G, Error = Infallible>>(
    game: &G,
    state: &mut G::State,
    policy: &mut P,
    scratch: &mut Scratch<G::Action>,
    rng: &mut ChaCha8Rng,
    value: Option<(CutoffValue<G>, Option<&G::State>)>,
) -> BySeat<f64> {
    if let Some((value, from)) = value {
        return match from {
            Some(from) => play_to_cutoff(game, state, from, policy, scratch, rng, value),
            None => {
                let from = state.clone();
                play_to_cutoff(game, state, &from, policy, scratch, rng, value)
            }
        };
    }
    let Ok(end) = driver::play(game, state, policy, scratch, rng, MAX_PLAYOUT_MOVES as u64);
    match end {
        Ending::Over { .. } => rewards(game, state),
        // Drawn at the game's cap, or cut short: equal shares.
        Ending::Draw { .. } | Ending::Limit { .. } => even_rewards(game),
    }
}

/// [`Rollout::Cutoff`]'s and [`Rollout::HandEnd`]'s playout: step by step until `value`
/// scores the position as reached from `start`, the game ends (its rewards), or the game's
/// cap or [`MAX_PLAYOUT_MOVES`] is reached (equal shares).
fn play_to_cutoff<G: Game, P: Policy<G, Error = Infallible>>(
    game: &G,
    state: &mut G::State,
    start: &G::State,
    policy: &mut P,
    scratch: &mut Scratch<G::Action>,
    rng: &mut ChaCha8Rng,
    value: CutoffValue<G>,
) -> BySeat<f64> {
    let limit = game
        .move_cap()
        .unwrap_or(u64::MAX)
        .min(MAX_PLAYOUT_MOVES as u64);
    let mut moves = 0u64;
    while moves < limit {
        if let Some(v) = value(game, start, state) {
            return v;
        }
        let Ok(step) = driver::step(game, state, policy, scratch, rng);
        match step {
            Step::Over => return rewards(game, state),
            Step::Moved => moves += 1,
        }
    }
    rewards(game, state)
}

impl<G: Game> Policy<G> for Rollout<G> {
    type Error = Infallible;

    fn choose<R: Rng>(
        &mut self,
        game: &G,
        state: &G::State,
        seat: Seat,
        legal: &[G::Action],
        rng: &mut R,
    ) -> Result<G::Action, Infallible> {
        Ok(match self {
            Rollout::Random => legal[rng.random_range(0..legal.len())],
            Rollout::Agent(agent)
            | Rollout::Cutoff { agent, .. }
            | Rollout::HandEnd { agent, .. } => {
                agent.act(&SeatView::new(game, state, seat), legal, rng)
            }
        })
    }

    fn reaction_time<R: Rng>(&mut self, _seat: Seat, rng: &mut R) -> f64 {
        match self {
            Rollout::Random => rng.random::<f64>(),
            Rollout::Agent(agent)
            | Rollout::Cutoff { agent, .. }
            | Rollout::HandEnd { agent, .. } => agent.reaction_time(rng),
        }
    }
}
