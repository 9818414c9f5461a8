//! Tests of the search agents on tiny hand-made games with a known best move ([`guess`],
//! [`trap`], [`hide`]) and on a real game ([`settings`]: reproducibility, the catalog's specs,
//! time limits and rollouts). Each game's own search tests (honesty of its determinizations,
//! whole games) live beside its agents in `crate::games`.

mod guess;
mod hide;
mod partners;
mod settings;
mod trap;

use super::*;
use crate::{catalog, Agent, AgentError, AgentKind, AgentSpec, GameAgents};
use cardsim_engine::{
    check_players, rank_by_score, ConfigError, Game, GameInfo, Outcome, Params, Seat, ToMove,
};
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use std::fmt;

const S0: Seat = Seat::new(0);
const S1: Seat = Seat::new(1);

fn rng(seed: u64) -> ChaCha8Rng {
    ChaCha8Rng::seed_from_u64(seed)
}

/// A tiny game's move: a number.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
struct Pick(u8);

impl fmt::Display for Pick {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "pick {}", self.0)
    }
}

fn picks(n: u8, out: &mut Vec<Pick>) {
    out.clear();
    out.extend((0..n).map(Pick));
}

/// The outcome where `winner` wins a two-player game.
fn won_by(winner: Seat) -> Outcome {
    rank_by_score(&if winner == S0 { [1.0, 0.0] } else { [0.0, 1.0] })
}

fn build<G: GameAgents>(spec: &str) -> Box<dyn Agent<G>> {
    catalog::<G>()
        .build(&spec.parse::<AgentSpec>().unwrap())
        .unwrap()
}

fn build_err<G: GameAgents>(spec: &str) -> AgentError {
    match catalog::<G>().build(&spec.parse::<AgentSpec>().unwrap()) {
        Ok(a) => panic!("{spec} built {}", a.label()),
        Err(e) => e,
    }
}
