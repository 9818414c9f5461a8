//! Playout policies: how a search finishes a game from the edge of its tree.

use super::tree::rewards;
use crate::Agent;
use cardsim_engine::{BySeat, Game, RaceEntry, ToMove};
use rand::Rng;
use rand_chacha::ChaCha8Rng;
use std::fmt;

/// A playout longer than this many actions is cut short and scored as a draw (equal shares):
/// a guard against a game that does not end under the playout policy.
pub const MAX_PLAYOUT_MOVES: usize = 1_000_000;

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
        }
    }
}

impl<G: Game> Rollout<G> {
    /// The setting's text: `random`, or the agent's label.
    pub fn label(&self) -> String {
        match self {
            Rollout::Random => "random".into(),
            Rollout::Agent(a) => a.label(),
        }
    }

    /// Plays `state` to the end and returns each seat's reward (its win share). `legal` is
    /// scratch space.
    pub(crate) fn play_out(
        &mut self,
        game: &G,
        state: &mut G::State,
        legal: &mut Vec<G::Action>,
        rng: &mut ChaCha8Rng,
    ) -> BySeat<f64> {
        let mut entries: Vec<RaceEntry<G::Action>> = Vec::new();
        for _ in 0..MAX_PLAYOUT_MOVES {
            match game.to_move(state) {
                ToMove::Over => break,
                ToMove::Seat(seat) => {
                    game.legal_actions(state, legal);
                    let a = if legal.len() == 1 {
                        legal[0]
                    } else {
                        match self {
                            Rollout::Random => legal[rng.random_range(0..legal.len())],
                            Rollout::Agent(agent) => {
                                agent.choose(game, seat, &game.observe(state, seat), legal, rng)
                            }
                        }
                    };
                    game.apply(state, a, rng);
                }
                ToMove::Race(mask) => {
                    // Races are rare (a few games); a small buffer per race is acceptable.
                    entries.clear();
                    for seat in mask.iter() {
                        game.race_actions(state, seat, legal);
                        if legal.is_empty() {
                            continue;
                        }
                        let (action, reaction) = match self {
                            Rollout::Random => {
                                (legal[rng.random_range(0..legal.len())], rng.random::<f64>())
                            }
                            Rollout::Agent(agent) => {
                                let a = agent.choose(
                                    game,
                                    seat,
                                    &game.observe(state, seat),
                                    legal,
                                    rng,
                                );
                                (a, agent.reaction_time(rng))
                            }
                        };
                        entries.push(RaceEntry {
                            seat,
                            action,
                            reaction,
                        });
                    }
                    game.apply_race(state, &entries, rng);
                }
            }
        }
        rewards(game, state)
    }
}
