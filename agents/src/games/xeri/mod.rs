//! Agents for Xeri: the `heuristic` agent, [`XeriHeuristic`].
//!
//! ```
//! use cardsim_agents::{catalog, AgentSpec};
//! use cardsim_agents::games::xeri::Xeri;
//! let agent = catalog::<Xeri>().build(&"heuristic".parse::<AgentSpec>().unwrap()).unwrap();
//! assert_eq!(agent.label(), "heuristic");
//! ```

use crate::search::{hands_and_scores, CutoffValue, Rollout};
use crate::{Agent, AgentKind, GameAgents};
use cardsim_engine::games::xeri::{capture, card_points, XeriObservation};
use cardsim_engine::{Card, CardSet, Game, Rank, Seat};
use rand::RngCore;

pub use cardsim_engine::games::xeri::Xeri;

impl GameAgents for Xeri {
    /// A playout ends with its hand, valued by who won it (the game counts hands won, not
    /// points): the winner gains one hand, the loser none, a tied hand neither.
    fn hand_end() -> Option<CutoffValue<Self>> {
        Some(hand_won)
    }

    /// The heuristic plays both seats to the end of the hand ([`Rollout::HandEnd`]), and the
    /// search keeps the heuristic's own card unless another root card beats it by two
    /// standard errors (issue #26): with random playouts the search was only level with the
    /// heuristic.
    fn default_rollout() -> Option<Rollout<Self>> {
        Some(Rollout::HandEnd {
            agent: Box::new(XeriHeuristic),
            value: hand_won,
            leaf: None,
            margin: Some(2.0),
        })
    }

    fn game_agents() -> Vec<AgentKind<Xeri>> {
        vec![AgentKind::without_settings::<XeriHeuristic>(
            "heuristic",
            "captures whenever it can by rank (a xeri first), with a jack only for a pile of \
                   three or more cards, two or more points, or a lone jack; otherwise discards the \
                   non-jack whose rank has the most copies already seen, the fewest points first",
        )]
    }
}

/// The hand's value from `start`: once it is over (and the game is not), 1 to its winner.
fn hand_won(
    g: &Xeri,
    start: &<Xeri as Game>::State,
    now: &<Xeri as Game>::State,
) -> Option<cardsim_engine::BySeat<f64>> {
    let won = |s: &<Xeri as Game>::State, seat: Seat| f64::from(s.hands_won(seat));
    hands_and_scores(g, start, now, |s| u32::from(s.hand_number()), won, 1.0)
}

/// A sensible Xeri player, deciding from the observation alone:
///
/// - it captures with a card of the top card's rank whenever it can (a xeri when the pile is
///   one card);
/// - it captures with a jack only when the pile is worth it: three cards or more, two points or
///   more, or a lone jack (the jack-on-jack xeri);
/// - otherwise it discards the non-jack card least likely to be matched: the rank with the most
///   copies already seen (in its hand, the pile and the captures), then the fewest points, then
///   the lowest card; a jack only when it holds nothing else.
#[derive(Clone, Copy, Debug, Default)]
pub struct XeriHeuristic;

impl XeriHeuristic {
    /// How many cards of `rank` the observer has seen (its hand, the pile, the captures).
    pub fn seen(obs: &XeriObservation, rank: Rank) -> usize {
        let seen = obs.hand | obs.pile | obs.caps[Seat::new(0)].won | obs.caps[Seat::new(1)].won;
        (seen & CardSet::rank_mask(rank)).len()
    }

    /// The preference key of playing `card`, lower is better.
    pub fn key(obs: &XeriObservation, card: Card) -> (u8, i32, u32, usize) {
        let (takes, xeri) = capture(card, obs.top, obs.pile.len());
        let jack = card.rank() == Rank::Jack;
        let pile_points = card_points(obs.pile);
        let worth = obs.pile.len() >= 3 || pile_points >= 2 || xeri;
        let class = match (takes, jack) {
            (true, _) if xeri => 0,
            (true, false) => 1,
            (true, true) if worth => 2,
            (_, false) => 3,
            (_, true) => 4,
        };
        (
            class,
            -(Self::seen(obs, card.rank()) as i32),
            card_points(CardSet::from_card(card)),
            card.index(),
        )
    }
}

impl Agent<Xeri> for XeriHeuristic {
    fn choose(
        &mut self,
        _game: &Xeri,
        _seat: Seat,
        obs: &XeriObservation,
        legal: &[Card],
        _rng: &mut dyn RngCore,
    ) -> Card {
        *legal
            .iter()
            .min_by_key(|&&c| Self::key(obs, c))
            .expect("legal actions are never empty")
    }

    fn label(&self) -> String {
        "heuristic".into()
    }
}

#[cfg(test)]
mod tests;
