//! Agents for Ninety-Nine: the `heuristic` agent, [`NinetyNineHeuristic`].
//!
//! ```
//! use cardsim_agents::{catalog, AgentSpec};
//! use cardsim_agents::games::ninety_nine::NinetyNine;
//! let cat = catalog::<NinetyNine>();
//! let agent = cat.build(&"heuristic".parse::<AgentSpec>().unwrap()).unwrap();
//! assert_eq!(agent.label(), "heuristic");
//! ```

use crate::search::{hands_and_scores, CutoffValue};
use crate::{Agent, AgentKind, GameAgents};
use cardsim_engine::games::ninety_nine::{Count, NinetyNineAction, NinetyNineObservation};
use cardsim_engine::{Game, Rank, Seat};
use rand::RngCore;

pub use cardsim_engine::games::ninety_nine::NinetyNine;

impl GameAgents for NinetyNine {
    /// A playout ends with its hand (when a player cannot stay at or below 99), valued by
    /// the tokens each player kept: the player who lost one gains -1, the others 0.
    fn hand_end() -> Option<CutoffValue<Self>> {
        Some(|g, start, now| {
            let tokens = |s: &<Self as Game>::State, seat: Seat| f64::from(s.tokens_of(seat));
            hands_and_scores(g, start, now, |s| u32::from(s.hand_number()), tokens, 1.0)
        })
    }

    fn game_agents() -> Vec<AgentKind<NinetyNine>> {
        vec![AgentKind::without_settings::<NinetyNineHeuristic>(
            "heuristic",
            "plays the ordinary card that leaves the count lowest and keeps its savers \
                   (king, four, ten, nine) until nothing else stays at or below 99, then uses \
                   the one that leaves the count lowest (ten as -10, then king or four, the \
                   nine last)",
        )]
    }
}

/// A sensible Ninety-Nine player, deciding from the observation alone:
///
/// - a *saver* is a card that can always be played: a king or a four (0), a nine (to 99) or a
///   ten (as -10). It keeps them for the turn when no other card stays at or below 99;
/// - otherwise it plays the ordinary card (ace, two, three, five to eight, jack, queen) that
///   leaves the count lowest (an ace as +1), keeping the count away from 99;
/// - when only savers play, it uses the one that leaves the count lowest: a ten as -10, then
///   a king or four, and a nine only as the last resort; a ten as +10 only when it is safe
///   and nothing else is.
///
/// Ties go to the lowest card, so the choice depends on the observation only.
///
/// ```
/// use cardsim_agents::games::ninety_nine::{NinetyNine, NinetyNineHeuristic};
/// use cardsim_agents::Agent;
/// use cardsim_engine::{Game, Params, ToMove};
/// use rand::SeedableRng;
/// let game = NinetyNine::new(3, &Params::new()).unwrap();
/// let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(3);
/// let mut state = game.deal(&mut rng);
/// let mut legal = Vec::new();
/// while let ToMove::Seat(seat) = game.to_move(&state) {
///     game.legal_actions(&state, &mut legal);
///     let obs = game.observe(&state, seat);
///     let a = NinetyNineHeuristic.choose(&game, seat, &obs, &legal, &mut rng);
///     game.apply(&mut state, a, &mut rng);
/// }
/// assert!(game.outcome(&state).is_some());
/// ```
#[derive(Clone, Copy, Debug, Default)]
pub struct NinetyNineHeuristic;

/// True for a card that can always be played: king, four, nine, ten.
pub fn is_saver(rank: Rank) -> bool {
    matches!(rank, Rank::King | Rank::Four | Rank::Nine | Rank::Ten)
}

impl NinetyNineHeuristic {
    /// The preference key of a play at `count`, lower is better.
    pub fn key(a: NinetyNineAction, count: i32) -> (u8, i32, usize) {
        let saver = is_saver(a.card.rank());
        let class = match (saver, a.count) {
            (false, _) => 0,
            (true, Count::NinetyNine) => 3,
            (true, Count::Add(10)) => 2,
            (true, _) => 1,
        };
        (class, a.result(count), a.card.index())
    }
}

impl Agent<NinetyNine> for NinetyNineHeuristic {
    fn choose(
        &mut self,
        _game: &NinetyNine,
        _seat: Seat,
        obs: &NinetyNineObservation,
        legal: &[NinetyNineAction],
        _rng: &mut dyn RngCore,
    ) -> NinetyNineAction {
        *legal
            .iter()
            .min_by_key(|&&a| Self::key(a, obs.count))
            .expect("legal actions are never empty")
    }

    fn label(&self) -> String {
        "heuristic".into()
    }
}

#[cfg(test)]
mod tests;
