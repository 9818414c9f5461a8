//! Agents for Hasenpfeffer: the `heuristic` agent, [`HasenpfefferHeuristic`], which counts the
//! tricks its hand should take in its best trump suit (joker, bowers, high trumps, plain aces,
//! a share of its partner's), bids the lowest bid it can afford, names its best suit after
//! taking the widow, discards to shorten a plain suit and plays by the rules of thumb of the
//! trick-taking games ([`rule_of_thumb`]).
//!
//! ```
//! use cardsim_agents::{catalog, AgentSpec};
//! use cardsim_agents::games::hasenpfeffer::Hasenpfeffer;
//! let cat = catalog::<Hasenpfeffer>();
//! let agent = cat.build(&"heuristic".parse::<AgentSpec>().unwrap()).unwrap();
//! assert_eq!(agent.label(), "heuristic");
//! ```

use crate::search::{hands_and_scores, CutoffValue, Rollout};
use crate::tricks::auction::{others_bid, BidsByPlayout};
use crate::tricks::{rule_of_thumb, DoubleDummy, TableView};
use crate::{Agent, AgentKind, GameAgents, PerfectInfoSolver};
use cardsim_engine::cards::{Card, CardSet, Rank, Suit};
use cardsim_engine::games::hasenpfeffer::{
    HasenpfefferAction, HasenpfefferObservation, HasenpfefferState, Phase,
};
use cardsim_engine::params::ParamSpec;
use cardsim_engine::{BySeat, Game, Seat};
use rand::RngCore;

pub use cardsim_engine::games::hasenpfeffer::Hasenpfeffer;

impl GameAgents for Hasenpfeffer {
    /// A playout ends with its hand, valued by the points each side gained (a trick a point, a set contract lost: at most 6 either way).
    fn hand_end() -> Option<CutoffValue<Self>> {
        Some(hand_gain)
    }

    /// The heuristic plays every seat to the end of the hand ([`Rollout::HandEnd`]): random
    /// card play makes every bid look alike, so with random playouts the search passed
    /// many of the hands the heuristic bids on (issue #26). ISMCTS's tree stops at the
    /// other seats' bids, trump naming and discards ([`others_bid`]): the heuristic makes
    /// them from each seat's sampled hand.
    fn default_rollout() -> Option<Rollout<Self>> {
        Some(Rollout::HandEnd {
            agent: Box::new(HasenpfefferHeuristic::default()),
            value: hand_gain,
            leaf: Some(others_bid::<Hasenpfeffer>),
            margin: None,
        })
    }

    fn game_agents() -> Vec<AgentKind<Hasenpfeffer>> {
        vec![AgentKind {
            name: "heuristic",
            help: "counts its likely tricks in its best trump suit (joker and right bower 1, left \
                   bower 0.8, ace of trumps 0.7, other trumps 0.45, plain aces 0.75, plus `partner` \
                   for its partner's share), bids the lowest bid it can afford, names its best suit \
                   with the widow, discards to shorten a plain suit; plays by the trick-game rules \
                   of thumb",
            params: HEURISTIC_PARAMS,
            build: |spec| {
                let partner = spec.settings(HEURISTIC_PARAMS)?.float("partner")?;
                Ok(Box::new(HasenpfefferHeuristic { partner }))
            },
        }]
    }

    fn exact_solver() -> Option<Box<dyn PerfectInfoSolver<Hasenpfeffer>>> {
        Some(Box::new(DoubleDummy::new()))
    }

    /// Before the play each bid, trump suit and discard is valued by the heuristic's playout
    /// of every seat to the end of the hand ([`BidsByPlayout`]), not by UCT seeing the world
    /// whole.
    fn world_solver() -> Option<Box<dyn PerfectInfoSolver<Hasenpfeffer>>> {
        Some(Box::new(BidsByPlayout::new(
            Box::new(DoubleDummy::new()),
            Box::new(HasenpfefferHeuristic::default()),
            hand_gain,
        )))
    }
}

/// The hand's value from `start`: once it is over (and the game is not), the points each
/// side gained, scaled by 6 (see [`hands_and_scores`]).
fn hand_gain(
    g: &Hasenpfeffer,
    start: &HasenpfefferState,
    now: &HasenpfefferState,
) -> Option<BySeat<f64>> {
    let score = |s: &HasenpfefferState, seat: Seat| f64::from(s.scores()[Game::team(g, seat)]);
    hands_and_scores(g, start, now, |s| s.deals(), score, 6.0)
}

/// The heuristic's settings.
const HEURISTIC_PARAMS: &[ParamSpec] = &[ParamSpec::float(
    "partner",
    "1.0",
    0.0,
    6.0,
    "tricks counted on from the partner's hand when bidding",
)];

/// The tricks `hand` should take by itself with `trump` as trumps: joker and right bower 1,
/// left bower 0.8, ace of trumps 0.7, king 0.55, other trumps 0.45 (0.8 each from the fourth
/// trump on, long trumps being sure tricks), each plain ace 0.75 and each plain king with a second card of its suit 0.3.
pub fn expected_tricks(hand: CardSet, trump: Suit) -> f64 {
    let order = Hasenpfeffer::order(trump);
    let trumps = hand & order.trump_cards();
    let mut v = 0.0;
    let mut n = 0;
    // Highest trumps first (at most eight: a fixed walk, no allocation).
    let mut rest = trumps;
    while let Some(c) = rest.iter().max_by_key(|&c| order.strength(c)) {
        rest.remove(c);
        n += 1;
        let right = !c.is_joker() && c.rank() == Rank::Jack && c.suit() == trump;
        v += if c.is_joker() || right {
            1.0
        } else if c.rank() == Rank::Jack || n >= 4 {
            0.8 // the left bower, or a long trump
        } else {
            match c.rank() {
                Rank::Ace => 0.7,
                Rank::King => 0.55,
                _ => 0.45,
            }
        };
    }
    for c in hand - trumps {
        let suit_len = (hand & order.suit_cards(order.suit_of(c))).len();
        match c.rank() {
            Rank::Ace => v += 0.75,
            Rank::King if suit_len >= 2 => v += 0.3,
            _ => {}
        }
    }
    v
}

/// The best trump suit for `hand` and its [`expected_tricks`].
pub fn best_suit(hand: CardSet) -> (Suit, f64) {
    Suit::ALL
        .into_iter()
        .map(|s| (s, expected_tricks(hand, s)))
        .fold((Suit::Clubs, f64::NEG_INFINITY), |a, b| {
            if b.1 > a.1 {
                b
            } else {
                a
            }
        })
}

/// The card the declarer discards from his seven with `trump` named: a plain singleton
/// below an ace (to make a void), else the lowest plain card below an ace, else the lowest
/// trump that is not the joker.
pub fn best_discard(hand: CardSet, trump: Suit) -> Card {
    let order = Hasenpfeffer::order(trump);
    let choosable = hand - CardSet::from_card(Card::JOKER);
    let plain = choosable - order.trump_cards();
    let low = |cards: CardSet| cards.iter().min_by_key(|&c| (order.strength(c), c.index()));
    let singletons: CardSet = plain
        .iter()
        .filter(|&c| {
            c.rank() != Rank::Ace && (plain & order.suit_cards(order.suit_of(c))).len() == 1
        })
        .collect();
    let non_aces: CardSet = plain.iter().filter(|&c| c.rank() != Rank::Ace).collect();
    low(singletons)
        .or_else(|| low(non_aces))
        .or_else(|| low(plain))
        .or_else(|| low(choosable))
        .expect("a card to discard")
}

/// A Hasenpfeffer player: bids on its counted tricks, rules of thumb in play, from the
/// observation alone.
#[derive(Clone, Copy, Debug)]
pub struct HasenpfefferHeuristic {
    /// Tricks counted on from the partner's hand when bidding.
    pub partner: f64,
}

impl Default for HasenpfefferHeuristic {
    fn default() -> Self {
        HasenpfefferHeuristic { partner: 1.0 }
    }
}

impl Agent<Hasenpfeffer> for HasenpfefferHeuristic {
    fn choose(
        &mut self,
        game: &Hasenpfeffer,
        seat: Seat,
        obs: &HasenpfefferObservation,
        legal: &[HasenpfefferAction],
        _: &mut dyn RngCore,
    ) -> HasenpfefferAction {
        use HasenpfefferAction as A;
        let hand = obs.hand();
        match obs.phase {
            Phase::Bid => {
                let (_, tricks) = best_suit(hand);
                // The widow adds a card: a small bonus.
                let afford = (tricks + self.partner + 0.2).floor();
                legal
                    .iter()
                    .copied()
                    .find(|&a| matches!(a, A::Bid(n) if f64::from(n) <= afford))
                    .unwrap_or(A::Pass)
            }
            Phase::Trump => A::Trump(best_suit(hand).0),
            Phase::Discard => A::Discard(best_discard(hand, obs.trump.expect("trumps are named"))),
            Phase::Play => {
                let (declarer, _) = obs.contract().expect("a declarer in play");
                let mut visible = CardSet::EMPTY;
                if obs.forced
                    && seat != declarer
                    && !obs.play.record().played().contains(Card::JOKER)
                {
                    visible.insert(Card::JOKER);
                }
                let view = TableView::new(game, seat, &obs.play, legal, Some(declarer), visible);
                A::Play(rule_of_thumb(&view))
            }
            Phase::Over => legal[0],
        }
    }

    fn label(&self) -> String {
        "heuristic".into()
    }
}

#[cfg(test)]
mod tests;
