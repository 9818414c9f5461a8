//! Agents for Ogórek: the `heuristic` agent, [`OgorekHeuristic`], and the exact solver of a
//! deal with every hand visible, [`PenaltySolver`], that `pimc` and `cheat` use.
//!
//! ```
//! use cardsim_agents::{catalog, AgentSpec};
//! use cardsim_agents::games::ogorek::Ogorek;
//! let agent = catalog::<Ogorek>().build(&"heuristic".parse::<AgentSpec>().unwrap()).unwrap();
//! assert_eq!(agent.label(), "heuristic");
//! ```

mod solver;

use crate::search::{hands_and_scores, CutoffValue, PerfectInfoSolver};
use crate::{Agent, AgentKind, GameAgents};
use cardsim_engine::games::ogorek::{last_strength, OgorekAction, OgorekObservation, OgorekState};
use cardsim_engine::{CardSet, Rank, Seat};
use rand::RngCore;

pub use cardsim_engine::games::ogorek::Ogorek;
pub use solver::PenaltySolver;

impl GameAgents for Ogorek {
    /// A playout ends with its deal, valued by the penalty points each player took (a king
    /// in the last trick costs 13), a player put out in it counting as having taken the
    /// rest of the target.
    fn hand_end() -> Option<CutoffValue<Self>> {
        Some(|g, start, now| {
            let penalty = |s: &OgorekState, seat: Seat| {
                let out = s.eliminations().is_out(seat);
                -f64::from(if out { g.target() } else { s.total(seat) })
            };
            hands_and_scores(g, start, now, |s| u32::from(s.deal_number()), penalty, 13.0)
        })
    }

    fn game_agents() -> Vec<AgentKind<Ogorek>> {
        vec![AgentKind::without_settings::<OgorekHeuristic>(
            "heuristic",
            "whenever it has a choice plays its highest card by the last trick's order (kings \
             first, aces kept, since an ace is the lowest card of the last trick), so that it \
             ends with its lowest card; calls kontra holding two aces",
        )]
    }

    fn exact_solver() -> Option<Box<dyn PerfectInfoSolver<Ogorek>>> {
        Some(Box::new(PenaltySolver::new()))
    }
}

/// A sensible Ogórek player, deciding from the observation alone:
///
/// - only the last trick's highest card scores, and there the ace is the lowest card: so
///   whenever the obligation leaves a choice it plays the card that would be worst to keep,
///   the highest by the last trick's order (king, queen, ... two, the ace last). An ace also
///   beats everything in tricks one to five, so holding one always leaves a choice;
/// - leading high also makes the others, who cannot reach the card, throw their lowest cards
///   and keep their high ones for the end;
/// - it calls kontra (when the variant is on) holding two aces or more: one of them will
///   almost surely be its last card.
///
/// Ties go to the lowest card, so the choice depends on the observation only.
#[derive(Clone, Copy, Debug, Default)]
pub struct OgorekHeuristic;

impl Agent<Ogorek> for OgorekHeuristic {
    fn choose(
        &mut self,
        _game: &Ogorek,
        _seat: Seat,
        obs: &OgorekObservation,
        legal: &[OgorekAction],
        _rng: &mut dyn RngCore,
    ) -> OgorekAction {
        if legal.contains(&OgorekAction::Kontra) {
            let aces = (obs.hand() & CardSet::rank_mask(Rank::Ace)).len();
            return if aces >= 2 {
                OgorekAction::Kontra
            } else {
                OgorekAction::NoKontra
            };
        }
        *legal
            .iter()
            .max_by_key(|a| match a {
                OgorekAction::Play(c) => (last_strength(*c), u8::MAX - c.index() as u8),
                _ => (0, 0),
            })
            .expect("legal actions are never empty")
    }

    fn label(&self) -> String {
        "heuristic".into()
    }
}

#[cfg(test)]
mod tests;
