//! Agents for Court Piece: the `heuristic` agent, [`CourtPieceHeuristic`], which names trumps
//! from its five cards by length and honours ([`choose_trump`]), plays its cards by the rules of
//! thumb of the trick-taking games ([`rule_of_thumb`]) and, having taken the first seven tricks,
//! always plays on for all thirteen (failing costs nothing).
//!
//! ```
//! use cardsim_agents::{catalog, AgentSpec};
//! use cardsim_agents::games::court_piece::CourtPiece;
//! let cat = catalog::<CourtPiece>();
//! let agent = cat.build(&"heuristic".parse::<AgentSpec>().unwrap()).unwrap();
//! assert_eq!(agent.label(), "heuristic");
//! ```

use crate::tricks::{choose_trump, rule_of_thumb, DoubleDummy, TableView};
use crate::{Agent, AgentKind, GameAgents, PerfectInfoSolver};
use cardsim_engine::cards::CardSet;
use cardsim_engine::games::court_piece::{CourtPieceAction, CourtPieceObservation, Phase};
use cardsim_engine::Seat;
use rand::RngCore;

pub use cardsim_engine::games::court_piece::CourtPiece;

impl GameAgents for CourtPiece {
    fn game_agents() -> Vec<AgentKind<CourtPiece>> {
        vec![AgentKind::without_settings::<CourtPieceHeuristic>(
            "heuristic",
            "names trumps from its five cards by length, then honours; plays by the trick-game \
             rules of thumb (the caller's side drawing trumps); after the first seven tricks \
             always plays on for all thirteen, which costs nothing",
        )]
    }

    fn exact_solver() -> Option<Box<dyn PerfectInfoSolver<CourtPiece>>> {
        Some(Box::new(DoubleDummy::new()))
    }
}

/// A Court Piece player: trumps by [`choose_trump`] on the first five cards, rules of thumb in
/// play, always playing on after a first-seven court, from the observation alone.
#[derive(Clone, Copy, Debug, Default)]
pub struct CourtPieceHeuristic;

impl Agent<CourtPiece> for CourtPieceHeuristic {
    fn choose(
        &mut self,
        _: &CourtPiece,
        seat: Seat,
        obs: &CourtPieceObservation,
        legal: &[CourtPieceAction],
        _: &mut dyn RngCore,
    ) -> CourtPieceAction {
        match obs.phase {
            Phase::Trump => return CourtPieceAction::Trump(choose_trump(obs.hand())),
            Phase::Court => return CourtPieceAction::PlayOn,
            Phase::Play | Phase::Over => {}
        }
        let view = TableView {
            seat,
            teams: CourtPiece::teams(),
            play: &obs.play,
            hand: obs.hand(),
            visible: CardSet::EMPTY,
            legal: legal
                .iter()
                .filter_map(|&a| match a {
                    CourtPieceAction::Play(c) => Some(c),
                    _ => None,
                })
                .collect(),
            declarer: CourtPiece::teams().same(seat, obs.caller()),
        };
        CourtPieceAction::Play(rule_of_thumb(&view))
    }

    fn label(&self) -> String {
        "heuristic".into()
    }
}

#[cfg(test)]
mod tests;
