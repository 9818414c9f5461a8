//! Agents for Dingo: the `heuristic` agent, [`DingoHeuristic`], which is also the search
//! agents' default playout policy.
//!
//! ```
//! use cardsim_agents::{catalog, AgentSpec};
//! use cardsim_agents::games::dingo::Dingo;
//! let agent = catalog::<Dingo>().build(&"heuristic".parse::<AgentSpec>().unwrap()).unwrap();
//! assert_eq!(agent.label(), "heuristic");
//! ```

use crate::search::Rollout;
use crate::{Agent, AgentKind, GameAgents};
use cardsim_engine::games::dingo::{
    penalty_points, DingoAction, DingoObservation, DingoState, ACE_RABBIT, BLACK,
};
use cardsim_engine::{BySeat, Card, CardSet, Rank, Seat, Suit};
use rand::RngCore;

pub use cardsim_engine::games::dingo::Dingo;

impl GameAgents for Dingo {
    fn game_agents() -> Vec<AgentKind<Dingo>> {
        vec![AgentKind::without_settings::<DingoHeuristic>(
            "heuristic",
            "discards and passes hearts it cannot cover and wolves that cannot hunt, keeping \
             pairs of wolves and aces; plays a wolf when it will be the last one (a wolf \
             already down, or the other one out or unlikely to follow); in the ace hunt plays \
             its black aces unless that likely frees the A♦ for a player still to come",
        )]
    }

    /// The search agents' default playout (`rollout=auto`): the heuristic in every seat to
    /// the end of the deal. With random playouts (the default before, issue #26) wolves were
    /// played at random, so what a discard, a pass or a wolf is worth against players who
    /// play the last wolf was lost: `ismcts` and `pimc` won 0.30 and 0.33 of their seats'
    /// share against the heuristic; the hunts of a deal are few, so the heuristic's playouts
    /// cost little more.
    ///
    /// The search keeps the heuristic's choice unless another action beats it by two
    /// standard errors (`margin`; `pimc` compares world by world): `pimc`'s worlds show every
    /// hand, so who will play the other wolf is known in each, and its values favour plays
    /// the hidden cards do not support (it won 0.350 against the heuristic at 20 deals).
    /// The deal is the game, so the playout runs to the game's end (no hand-end value).
    fn default_rollout() -> Option<Rollout<Self>> {
        Some(Rollout::HandEnd {
            agent: Box::new(DingoHeuristic),
            value: deal_goes_on,
            leaf: None,
            margin: Some(2.0),
        })
    }
}

/// The hand-end value of Dingo's default playout: never, since the game is one deal,
/// scored by the game at its end.
fn deal_goes_on(_: &Dingo, _: &DingoState, _: &DingoState) -> Option<BySeat<f64>> {
    None
}

/// A sensible Dingo player, deciding from the observation alone:
///
/// - **discards and passes:** it gets rid of the card it values least ([`DingoHeuristic::keep`]):
///   a heart whose two wolves are out (a sure penalty) or that would strand its own wolves,
///   a wolf whose dingo is gone or is its own; it keeps wolves in pairs and all aces;
/// - **hunts 2 to K:** it plays a wolf when it will be the last: a wolf is already down (the
///   second catches), the other wolf is public or its own, or the other wolf is more likely
///   with a player who has already passed (or with the dingo player) than with one still to
///   come;
/// - **the ace hunt:** wolves score for whoever plays them, so it plays its black aces, except
///   the one that would put both down while the A♦ is likely with a player still to come (10
///   points for him against 3 for itself); holding the A♦, it plays all its wolves.
///
/// Ties go to the lowest card, so the choice depends on the observation only.
#[derive(Clone, Copy, Debug, Default)]
pub struct DingoHeuristic;

/// Every card every seat can see: discards, piles and the hunt's table.
fn public(obs: &DingoObservation) -> CardSet {
    let mut out = obs.table | obs.lost;
    for s in 0..4 {
        out |= obs.discards[s] | obs.score[s] | obs.penalty[s];
    }
    out
}

impl DingoHeuristic {
    /// How much the observer wants to keep `card` in its hand (higher: keep).
    pub fn keep(obs: &DingoObservation, card: Card) -> i32 {
        if card.rank() == Rank::Ace {
            return 100;
        }
        let rank = CardSet::rank_mask(card.rank());
        let blacks = rank & BLACK;
        let heart = Card::new(card.rank(), Suit::Hearts);
        let out = public(obs);
        let base = if card.suit() == Suit::Hearts {
            if !(obs.hand & blacks).is_empty() {
                -20 // it would strand our own wolves
            } else if (blacks & out).len() == 2 {
                -30 // nobody can cover it: a sure penalty
            } else {
                0
            }
        } else if out.contains(heart) {
            -40 // no dingo, no hunt: worthless
        } else if obs.hand.contains(heart) {
            -25 // our own dingo: it can never play
        } else if (obs.hand & blacks).len() == 2 {
            30 // a sure catch
        } else if !(blacks & out).is_empty() {
            20 // the other wolf is out: a sure catch
        } else {
            10
        };
        base * 10 + penalty_points(card) * if card.suit() == Suit::Hearts { -1 } else { 1 }
    }

    /// The chance, as the observer sees it, that an unseen card is in a hand of the seats of
    /// mask `seats` rather than another hand of mask `among` (by hand sizes).
    fn share(obs: &DingoObservation, seats: u8, among: u8) -> f64 {
        let size = |mask: u8| -> f64 {
            (0..4)
                .filter(|&s| mask & 1 << s != 0)
                .map(|s| f64::from(obs.hand_sizes[s]))
                .sum()
        };
        let all = size(among);
        if all == 0.0 {
            0.0
        } else {
            size(seats & among) / all
        }
    }

    fn hunt_choice(obs: &DingoObservation, legal: &[DingoAction]) -> DingoAction {
        let Some(mine) = legal.iter().find_map(|a| match a {
            DingoAction::Wolf(c) => Some(*c),
            _ => None,
        }) else {
            return DingoAction::NoWolf;
        };
        let hunt = obs.hunt;
        let dingo = hunt.dingo.expect("a hunt in progress");
        let me = obs.seat;
        // Seats whose turn comes after ours in this hunt (the dingo player's last turn is the
        // fourth, in the ace hunt only).
        let turns = if hunt.rank() == Rank::Ace { 4 } else { 3 };
        let mut later = 0u8;
        for k in hunt.turn as usize + 1..turns {
            let s = dingo.left(1 + k, 4);
            if s != me {
                later |= 1 << s.index();
            }
        }
        let others = 0b1111 & !(1u8 << me.index());
        let out = public(obs);
        if hunt.rank() != Rank::Ace {
            let other = (CardSet::rank_mask(hunt.rank()) & BLACK).without(mine);
            let other = other.iter().next().expect("two black cards");
            let play = hunt.wolf_count() == 1
                || out.contains(other)
                || obs.hand.contains(other)
                || Self::share(obs, later, others) < 0.5;
            return if play {
                DingoAction::Wolf(mine)
            } else {
                DingoAction::NoWolf
            };
        }
        // The ace hunt.
        let completes = hunt.wolf_count() == 1;
        if obs.hand.contains(ACE_RABBIT) || !completes || out.contains(ACE_RABBIT) {
            return DingoAction::Wolf(mine);
        }
        let candidates = others & !hunt.no_rabbit;
        if Self::share(obs, later, candidates) * 13.0 < 3.0 {
            DingoAction::Wolf(mine)
        } else {
            DingoAction::NoWolf
        }
    }
}

impl Agent<Dingo> for DingoHeuristic {
    fn choose(
        &mut self,
        _game: &Dingo,
        _seat: Seat,
        obs: &DingoObservation,
        legal: &[DingoAction],
        _rng: &mut dyn RngCore,
    ) -> DingoAction {
        match legal[0] {
            DingoAction::Discard(_) | DingoAction::Pass(_) => *legal
                .iter()
                .min_by_key(|a| match a {
                    DingoAction::Discard(c) | DingoAction::Pass(c) => {
                        (Self::keep(obs, *c), c.index())
                    }
                    _ => (i32::MAX, 0),
                })
                .expect("legal actions are never empty"),
            _ => Self::hunt_choice(obs, legal),
        }
    }

    fn label(&self) -> String {
        "heuristic".into()
    }
}

#[cfg(test)]
mod tests;
