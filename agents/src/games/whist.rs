//! Agents for Whist: the `heuristic` agent, [`WhistHeuristic`], which plays by the card-play
//! rules of thumb of the trick-taking games ([`rule_of_thumb`]).
//!
//! ```
//! use cardsim_agents::{catalog, AgentSpec};
//! use cardsim_agents::games::whist::Whist;
//! let cat = catalog::<Whist>();
//! let agent = cat.build(&"heuristic".parse::<AgentSpec>().unwrap()).unwrap();
//! assert_eq!(agent.label(), "heuristic");
//! assert!(cat.build(&"heuristic:x=1".parse::<AgentSpec>().unwrap()).is_err());
//! ```

use crate::tricks::{rule_of_thumb, DoubleDummy, TableView};
use crate::{Agent, AgentKind, GameAgents, PerfectInfoSolver};
use cardsim_engine::cards::{Card, CardSet};
use cardsim_engine::games::whist::WhistObservation;
use cardsim_engine::Seat;
use rand::RngCore;

pub use cardsim_engine::games::whist::Whist;

impl GameAgents for Whist {
    fn game_agents() -> Vec<AgentKind<Whist>> {
        vec![AgentKind {
            name: "heuristic",
            help: "classical rules of thumb: lead from the longest suit, return partner's lead, second \
                   hand low, third hand high, cover an honour with an honour, trump when void and it \
                   helps (no settings)",
            build: |spec| {
                spec.check_keys(&[])?;
                Ok(Box::new(WhistHeuristic))
            },
        }]
    }

    fn exact_solver() -> Option<Box<dyn PerfectInfoSolver<Whist>>> {
        Some(Box::new(DoubleDummy::new()))
    }
}

/// A Whist player following the classical rules of thumb ([`rule_of_thumb`]), from the
/// observation alone.
///
/// ```
/// use cardsim_agents::games::whist::{Whist, WhistHeuristic};
/// use cardsim_agents::Agent;
/// use cardsim_engine::{Game, Params, ToMove};
/// use rand::SeedableRng;
/// let game = Whist::new(4, &Params::new()).unwrap();
/// let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(3);
/// let mut state = game.deal(&mut rng);
/// let mut legal = Vec::new();
/// while let ToMove::Seat(seat) = game.to_move(&state) {
///     game.legal_actions(&state, &mut legal);
///     let a = WhistHeuristic.choose(&game, seat, &game.observe(&state, seat), &legal, &mut rng);
///     game.apply(&mut state, a, &mut rng);
/// }
/// assert!(game.outcome(&state).is_some());
/// ```
#[derive(Clone, Copy, Debug, Default)]
pub struct WhistHeuristic;

impl Agent<Whist> for WhistHeuristic {
    fn choose(
        &mut self,
        _: &Whist,
        seat: Seat,
        obs: &WhistObservation,
        legal: &[Card],
        _: &mut dyn RngCore,
    ) -> Card {
        let mut visible = CardSet::EMPTY;
        if !obs.play.record().played().contains(obs.trump_card) && seat != obs.dealer {
            visible.insert(obs.trump_card);
        }
        let view = TableView {
            seat,
            teams: Whist::teams(),
            play: &obs.play,
            hand: obs.hand(),
            visible,
            legal: legal.iter().copied().collect(),
            declarer: false,
        };
        rule_of_thumb(&view)
    }

    fn label(&self) -> String {
        "heuristic".into()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{same_information_same_choice, Agent, RandomAgent};
    use cardsim_engine::{Game, Params, ToMove};
    use rand::SeedableRng;
    use rand_chacha::ChaCha8Rng;

    #[test]
    fn the_heuristic_decides_from_the_observation_only() {
        let game = Whist::new(4, &Params::new()).unwrap();
        let compared = same_information_same_choice(&game, &mut WhistHeuristic, 0..4, 3, 40);
        assert!(compared > 100);
    }

    /// Heuristic partners against random partners, seats swapped every other game.
    #[test]
    fn the_heuristic_beats_random() {
        let game = Whist::new(4, &Params::new()).unwrap();
        let mut wins = 0.0;
        let n = 60;
        let mut legal = Vec::new();
        for g in 0..n {
            let mut rng = ChaCha8Rng::seed_from_u64(g);
            let mut state = game.deal(&mut rng);
            let heuristic_team = (g % 2) as usize;
            while let ToMove::Seat(seat) = game.to_move(&state) {
                game.legal_actions(&state, &mut legal);
                let obs = game.observe(&state, seat);
                let a = if seat.index() % 2 == heuristic_team {
                    WhistHeuristic.choose(&game, seat, &obs, &legal, &mut rng)
                } else {
                    RandomAgent.choose(&game, seat, &obs, &legal, &mut rng)
                };
                game.apply(&mut state, a, &mut rng);
            }
            let o = game.outcome(&state).unwrap();
            wins += o[Seat::new(heuristic_team)].win * 2.0;
        }
        assert!(wins / n as f64 > 0.8, "heuristic team won {wins} of {n}");
    }
}
