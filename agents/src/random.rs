//! The uniformly random agent.

use crate::{Agent, SeatView};
use cardsim_engine::{Game, Seat};
use rand::{Rng, RngCore};

/// Picks a legal action uniformly at random. The baseline every other agent is measured
/// against, and the default playout policy of the search agents.
#[derive(Clone, Copy, Debug, Default)]
pub struct RandomAgent;

impl<G: Game> Agent<G> for RandomAgent {
    fn choose(
        &mut self,
        _: &G,
        _: Seat,
        _: &G::Observation,
        legal: &[G::Action],
        rng: &mut dyn RngCore,
    ) -> G::Action {
        legal[rng.random_range(0..legal.len())]
    }
    fn act(
        &mut self,
        _: &SeatView<'_, G>,
        legal: &[G::Action],
        rng: &mut dyn RngCore,
    ) -> G::Action {
        // The observation is never built.
        legal[rng.random_range(0..legal.len())]
    }
    fn act_index(
        &mut self,
        _: &SeatView<'_, G>,
        legal: &[G::Action],
        rng: &mut dyn RngCore,
    ) -> Result<usize, G::Action> {
        // The same draw as `act`: a position, so nothing to look up.
        Ok(rng.random_range(0..legal.len()))
    }
    fn is_uniform(&self) -> bool {
        // Every choice above is this draw.
        true
    }
    fn label(&self) -> String {
        "random".into()
    }
}
