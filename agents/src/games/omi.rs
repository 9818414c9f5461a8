//! Agents for Omi: the `heuristic` agent, [`OmiHeuristic`], which names trumps from its four
//! cards by length and honours ([`choose_trump`]) and plays its cards by the rules of thumb of
//! the trick-taking games ([`rule_of_thumb`]).
//!
//! ```
//! use cardsim_agents::{catalog, AgentSpec};
//! use cardsim_agents::games::omi::Omi;
//! let cat = catalog::<Omi>();
//! let agent = cat.build(&"heuristic".parse::<AgentSpec>().unwrap()).unwrap();
//! assert_eq!(agent.label(), "heuristic");
//! ```

use crate::search::{hands_and_scores, CutoffValue};
use crate::tricks::{choose_trump, rule_of_thumb, DoubleDummy, TableView};
use crate::{Agent, AgentKind, GameAgents, PerfectInfoSolver};
use cardsim_engine::cards::CardSet;
use cardsim_engine::games::omi::{OmiAction, OmiObservation, Phase};
use cardsim_engine::Seat;
use rand::RngCore;

pub use cardsim_engine::games::omi::Omi;

impl GameAgents for Omi {
    /// A playout ends with its hand, valued by the points each side gained (a side scores 1 to 3 points).
    fn hand_end() -> Option<CutoffValue<Self>> {
        Some(|g, start, now| {
            let score = |s: &<Self as cardsim_engine::Game>::State, seat: Seat| {
                f64::from(s.scores()[cardsim_engine::Game::team(g, seat)])
            };
            hands_and_scores(g, start, now, |s| s.deals(), score, 3.0)
        })
    }

    fn game_agents() -> Vec<AgentKind<Omi>> {
        vec![AgentKind::without_settings::<OmiHeuristic>(
            "heuristic",
            "names trumps from its four cards by length, then honours; plays by the trick-game \
             rules of thumb (the declarer's side drawing trumps)",
        )]
    }

    fn exact_solver() -> Option<Box<dyn PerfectInfoSolver<Omi>>> {
        Some(Box::new(DoubleDummy::new()))
    }
}

/// An Omi player: trumps by [`choose_trump`] on the first four cards, rules of thumb in play,
/// from the observation alone.
#[derive(Clone, Copy, Debug, Default)]
pub struct OmiHeuristic;

impl Agent<Omi> for OmiHeuristic {
    fn choose(
        &mut self,
        game: &Omi,
        seat: Seat,
        obs: &OmiObservation,
        legal: &[OmiAction],
        _: &mut dyn RngCore,
    ) -> OmiAction {
        if obs.phase == Phase::Trump {
            return OmiAction::Trump(choose_trump(obs.hand()));
        }
        let declarer = Some(obs.declarer());
        let view = TableView::new(game, seat, &obs.play, legal, declarer, CardSet::EMPTY);
        OmiAction::Play(rule_of_thumb(&view))
    }

    fn label(&self) -> String {
        "heuristic".into()
    }
}

#[cfg(test)]
mod tests;
