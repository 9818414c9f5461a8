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

use crate::search::{gain_share, CutoffValue, Rollout};
use crate::tricks::{choose_trump, rule_of_thumb, DoubleDummy, TableView};
use crate::{Agent, AgentKind, GameAgents, PerfectInfoSolver, SearchDefaults};
use cardsim_engine::cards::CardSet;
use cardsim_engine::games::court_piece::{
    CourtPieceAction, CourtPieceObservation, CourtPieceState, Phase,
};
use cardsim_engine::{BySeat, Game, Seat};
use rand::RngCore;

pub use cardsim_engine::games::court_piece::CourtPiece;

impl GameAgents for CourtPiece {
    /// A playout ends with its hand, valued by what each side gained in it: one for winning
    /// the hand (seven tricks or more, or the first seven) and one for each court it scored,
    /// at most [`COURTS_COUNTED`] (all thirteen after playing on, 52 courts, counts two),
    /// scale 3: a hand won is worth 2/3 to the winners, a hand won with a court 5/6, all
    /// thirteen 1.
    fn hand_end() -> Option<CutoffValue<Self>> {
        Some(hand_value)
    }

    /// The heuristic plays every seat to the end of the hand ([`Rollout::HandEnd`], valued
    /// by [`GameAgents::hand_end`]), and the search keeps the heuristic's own choice unless
    /// another action beats it by two standard errors: random play valued the cards and the
    /// trump suits nothing like the heuristic opponents play them (docs/experiments.md).
    fn default_rollout() -> Option<Rollout<Self>> {
        Some(Rollout::HandEnd {
            agent: Box::new(CourtPieceHeuristic),
            value: hand_value,
            leaf: None,
            margin: Some(2.0),
        })
    }

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

    /// `pimc` samples 4 worlds: each is a 13-card double-dummy search, and a 20-deal game with
    /// one world a decision took 8 CPU seconds (seed 0, `pimc` in every seat; issue #26);
    /// within 4,000,000 solver nodes a decision, which bounds the opening leads (as in Whist
    /// and Bridge) at no measured cost in strength (docs/experiments.md).
    fn search_defaults() -> SearchDefaults {
        SearchDefaults {
            worlds: 4,
            nodes: Some(4_000_000),
            ..SearchDefaults::STANDARD
        }
    }
}

/// The most courts one hand counts in a playout's value: all thirteen (52 courts) counts
/// two, so that it is worth more than a single court (issue #26: with every court counted
/// and the value clamped at 1, both were worth 1 to the winners, and the search neither
/// played for all thirteen nor defended against it), while a hand's value stays in scale.
pub const COURTS_COUNTED: u32 = 2;

/// [`GameAgents::hand_end`] for Court Piece: once the hand that `start` is in has ended and
/// the game goes on, [`gain_share`] of the hand won (the side on a run of hands after it,
/// [`CourtPieceState::streak`]) plus the courts scored since `start` (at most
/// [`COURTS_COUNTED`]), scale 3.
fn hand_value(
    game: &CourtPiece,
    start: &CourtPieceState,
    now: &CourtPieceState,
) -> Option<BySeat<f64>> {
    if now.deals() <= start.deals() || game.outcome(now).is_some() {
        return None;
    }
    let teams = CourtPiece::teams();
    let gain = |seat: Seat| {
        let team = teams.team(seat);
        let courts = (now.courts()[team] - start.courts()[team]).min(COURTS_COUNTED);
        f64::from(courts) + f64::from(u8::from(now.streak().0 == team))
    };
    Some(gain_share(game, gain, 3.0))
}

/// A Court Piece player: trumps by [`choose_trump`] on the first five cards, rules of thumb in
/// play, always playing on after a first-seven court, from the observation alone.
#[derive(Clone, Copy, Debug, Default)]
pub struct CourtPieceHeuristic;

impl Agent<CourtPiece> for CourtPieceHeuristic {
    fn choose(
        &mut self,
        game: &CourtPiece,
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
        let caller = Some(obs.caller());
        let view = TableView::new(game, seat, &obs.play, legal, caller, CardSet::EMPTY);
        CourtPieceAction::Play(rule_of_thumb(&view))
    }

    fn label(&self) -> String {
        "heuristic".into()
    }
}

#[cfg(test)]
mod tests;
