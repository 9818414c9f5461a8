//! Agents for Euchre: the `heuristic` agent, [`EuchreHeuristic`], which makes trumps by
//! counting its trumps (bowers first) and off-suit aces, goes alone with a very strong hand, and
//! plays its cards by the rules of thumb of the trick-taking games ([`rule_of_thumb`]).
//!
//! ```
//! use cardsim_agents::{catalog, AgentSpec};
//! use cardsim_agents::games::euchre::Euchre;
//! let cat = catalog::<Euchre>();
//! let agent = cat.build(&"heuristic".parse::<AgentSpec>().unwrap()).unwrap();
//! assert_eq!(agent.label(), "heuristic");
//! ```

use crate::search::{hands_and_scores, CutoffValue, Rollout};
use crate::tricks::auction::{others_bid, BidsByPlayout};
use crate::tricks::{rule_of_thumb, DoubleDummy, TableView};
use crate::{Agent, AgentKind, GameAgents, PerfectInfoSolver};
use cardsim_engine::cards::{Card, CardSet, Rank, Suit};
use cardsim_engine::games::euchre::{EuchreAction, EuchreObservation, EuchreState, Phase};
use cardsim_engine::params::ParamSpec;
use cardsim_engine::tricks::CardOrder;
use cardsim_engine::{BySeat, Game, Seat};
use rand::RngCore;

pub use cardsim_engine::games::euchre::Euchre;

impl GameAgents for Euchre {
    /// A playout ends with its hand, valued by the points each side gained (the side that made or set the contract scores 1, 2 or 4).
    fn hand_end() -> Option<CutoffValue<Self>> {
        Some(hand_gain)
    }

    /// The heuristic plays every seat to the end of the hand ([`Rollout::HandEnd`]): random
    /// card play makes every bid look alike, so with random playouts the search passed
    /// most of the hands the heuristic makes trumps on (issue #26). ISMCTS's tree stops at
    /// the other seats' bids and discards ([`others_bid`]): the heuristic makes them from
    /// each seat's sampled hand.
    fn default_rollout() -> Option<Rollout<Self>> {
        Some(Rollout::HandEnd {
            agent: Box::new(EuchreHeuristic::default()),
            value: hand_gain,
            leaf: Some(others_bid::<Euchre>),
            margin: None,
        })
    }

    fn game_agents() -> Vec<AgentKind<Euchre>> {
        vec![AgentKind {
            name: "heuristic",
            help: "standard Euchre bidding: orders up or calls with enough trump strength (bowers, \
                   high trumps, off-suit aces, voids; the upcard counted for the dealer's side), goes \
                   alone with the right bower, three trumps and nothing but aces outside, discards to \
                   make a void; plays by the trick-game rules of thumb",
            params: HEURISTIC_PARAMS,
            build: |spec| {
                let make = spec.settings(HEURISTIC_PARAMS)?.float("make")?;
                Ok(Box::new(EuchreHeuristic { make }))
            },
        }]
    }

    fn exact_solver() -> Option<Box<dyn PerfectInfoSolver<Euchre>>> {
        Some(Box::new(DoubleDummy::new()))
    }

    /// In the auction each bid is valued by the heuristic's playout of every seat to the
    /// end of the hand ([`BidsByPlayout`]), not by UCT seeing the world whole.
    fn world_solver() -> Option<Box<dyn PerfectInfoSolver<Euchre>>> {
        Some(Box::new(BidsByPlayout::new(
            Box::new(DoubleDummy::new()),
            Box::new(EuchreHeuristic::default()),
            hand_gain,
        )))
    }
}

/// The hand's value from `start`: once it is over (and the game is not), the points each
/// side gained, scaled by 4 (see [`hands_and_scores`]).
fn hand_gain(g: &Euchre, start: &EuchreState, now: &EuchreState) -> Option<BySeat<f64>> {
    let score = |s: &EuchreState, seat: Seat| f64::from(s.scores()[Game::team(g, seat)]);
    hands_and_scores(g, start, now, |s| s.deals(), score, 4.0)
}

/// Trump strength of `hand` with `trump` as trumps: right bower 3, left bower 2.5, ace 2, king
/// 1.6, queen 1.4, other trumps 1; each off-suit ace 1; each void in a plain suit 0.5 when
/// holding two trumps or more.
pub fn hand_value(hand: CardSet, trump: Suit) -> f64 {
    let order = CardOrder::euchre(trump, None);
    let mut v = 0.0;
    let mut trumps = 0;
    for c in hand {
        if order.is_trump(c) {
            trumps += 1;
            v += trump_card_value(c, trump);
        } else if c.rank() == Rank::Ace {
            v += 1.0;
        }
    }
    if trumps >= 2 {
        for s in Suit::ALL.into_iter().filter(|&s| s != trump) {
            if (hand & order.suit_cards(s)).is_empty() {
                v += 0.5;
            }
        }
    }
    v
}

fn trump_card_value(c: Card, trump: Suit) -> f64 {
    match c.rank() {
        Rank::Jack if c.suit() == trump => 3.0,
        Rank::Jack => 2.5,
        Rank::Ace => 2.0,
        Rank::King => 1.6,
        Rank::Queen => 1.4,
        _ => 1.0,
    }
}

/// The card the dealer discards for the upcard from `hand` (his five, upcard not included):
/// a plain singleton below an ace (to make a void), else the lowest plain card below an ace,
/// else the lowest card.
pub fn best_discard(hand: CardSet, trump: Suit) -> Card {
    let order = CardOrder::euchre(trump, None);
    let plain = hand - order.trump_cards();
    let low = |cards: CardSet| cards.iter().min_by_key(|&c| (order.strength(c), c.index()));
    let singletons = plain
        .iter()
        .filter(|&c| {
            c.rank() != Rank::Ace && (plain & order.suit_cards(order.suit_of(c))).len() == 1
        })
        .collect::<CardSet>();
    let non_aces = plain
        .iter()
        .filter(|&c| c.rank() != Rank::Ace)
        .collect::<CardSet>();
    low(singletons)
        .or_else(|| low(non_aces))
        .or_else(|| low(plain))
        .or_else(|| low(hand))
        .expect("a hand to discard from")
}

/// The dealer's hand with the upcard taken and the best discard made.
fn dealer_hand(hand: CardSet, upcard: Card) -> CardSet {
    let d = best_discard(hand, upcard.suit());
    (hand - CardSet::from_card(d)) | CardSet::from_card(upcard)
}

/// True when a lone hand is sound: the right bower, three trumps or more with the left bower
/// or the ace of trumps, and nothing but aces outside.
pub fn goes_alone(hand: CardSet, trump: Suit) -> bool {
    let order = CardOrder::euchre(trump, None);
    let trumps = hand & order.trump_cards();
    let right = Card::new(Rank::Jack, trump);
    let partner_suit = match trump {
        Suit::Clubs => Suit::Spades,
        Suit::Spades => Suit::Clubs,
        Suit::Diamonds => Suit::Hearts,
        Suit::Hearts => Suit::Diamonds,
    };
    let left = Card::new(Rank::Jack, partner_suit);
    let has = |c: Card| hand.contains(c);
    has(right)
        && trumps.len() >= 3
        && (has(left) || has(Card::new(Rank::Ace, trump)))
        && (hand - trumps).iter().all(|c| c.rank() == Rank::Ace)
}

/// Strength needed to make trumps, by default.
pub const MAKE: f64 = 5.0;

/// The heuristic's settings.
const HEURISTIC_PARAMS: &[ParamSpec] = &[ParamSpec::float(
    "make",
    "5.0",
    0.0,
    30.0,
    "hand value (right bower 3, left 2.5, ace of trumps 2, ..., plain aces 1) needed to order up or call",
)];

/// A Euchre player: standard bidding by counting trump strength, rules of thumb in play, from
/// the observation alone.
#[derive(Clone, Copy, Debug)]
pub struct EuchreHeuristic {
    /// Hand value ([`hand_value`]) needed to order up or call trumps.
    pub make: f64,
}

impl Default for EuchreHeuristic {
    fn default() -> Self {
        EuchreHeuristic { make: MAKE }
    }
}

impl EuchreHeuristic {
    fn bid(&self, obs: &EuchreObservation, legal: &[EuchreAction]) -> EuchreAction {
        let seat = obs.seat;
        let hand = obs.hand();
        let up = obs.upcard;
        let teams = Euchre::teams();
        match obs.phase {
            Phase::Order => {
                let trump = up.suit();
                let v = if seat == obs.dealer {
                    hand_value(dealer_hand(hand, up), trump)
                } else if teams.same(seat, obs.dealer) {
                    hand_value(hand, trump) + 0.5 + 0.5 * trump_card_value(up, trump)
                } else {
                    hand_value(hand, trump) - 0.6 * trump_card_value(up, trump)
                };
                if v >= self.make {
                    EuchreAction::OrderUp
                } else {
                    EuchreAction::Pass
                }
            }
            Phase::Pickup => {
                EuchreAction::Discard(best_discard(hand - CardSet::from_card(up), up.suit()))
            }
            Phase::Call => {
                let (best, v) = Suit::ALL
                    .into_iter()
                    .filter(|&s| s != up.suit())
                    .map(|s| (s, hand_value(hand, s)))
                    .fold((Suit::Clubs, f64::NEG_INFINITY), |a, b| {
                        if b.1 > a.1 {
                            b
                        } else {
                            a
                        }
                    });
                if v >= self.make || !legal.contains(&EuchreAction::Pass) {
                    EuchreAction::Call(best)
                } else {
                    EuchreAction::Pass
                }
            }
            Phase::Alone => {
                let trump = obs.trump.expect("trumps are made");
                if goes_alone(hand, trump) {
                    EuchreAction::Alone
                } else {
                    EuchreAction::WithPartner
                }
            }
            Phase::Defend => {
                let trump = obs.trump.expect("trumps are made");
                let order = CardOrder::euchre(trump, None);
                if (hand & order.trump_cards()).len() >= 3 && hand_value(hand, trump) >= 7.0 {
                    EuchreAction::DefendAlone
                } else {
                    EuchreAction::Pass
                }
            }
            Phase::Play | Phase::Over => legal[0],
        }
    }
}

impl Agent<Euchre> for EuchreHeuristic {
    fn choose(
        &mut self,
        game: &Euchre,
        seat: Seat,
        obs: &EuchreObservation,
        legal: &[EuchreAction],
        _: &mut dyn RngCore,
    ) -> EuchreAction {
        if obs.phase != Phase::Play {
            let a = self.bid(obs, legal);
            debug_assert!(legal.contains(&a), "{a} not legal");
            return a;
        }
        let mut visible = CardSet::EMPTY;
        if obs.taken_up && seat != obs.dealer {
            visible.insert(obs.upcard);
        }
        let maker = obs.maker.expect("a maker in play");
        let view = TableView::new(game, seat, &obs.play, legal, Some(maker), visible);
        EuchreAction::Play(rule_of_thumb(&view))
    }

    fn label(&self) -> String {
        "heuristic".into()
    }
}

#[cfg(test)]
mod tests;
