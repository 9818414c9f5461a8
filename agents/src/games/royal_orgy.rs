//! Agents for Royal Orgy: the `heuristic` agent, [`RoyalOrgyHeuristic`]. It always lays down
//! its best-scoring meld; while the stock lasts it leads its least useful card and, following,
//! weighs each card by the points and captures of the trick, the meld winning would let it lay
//! down, and what the card is still worth (melds it belongs to, its power to win later);
//! once the stock is gone every card is known, and it plays each trick for the most points
//! against the other's best reply.
//!
//! With three players it bids solo when its measured chance of taking 36 card points is
//! worth the declarations at stake, discards cheap cards of short suits, and plays the tricks
//! as a partnership: wins cheaply, gives points to a partner who holds the trick, leads Kings
//! and master trumps (see `docs/rules/royal-orgy.md`).
//!
//! There is no exact solver: `pimc` and `cheat` use their perfect-information UCT fallback.
//!
//! ```
//! use cardsim_agents::{catalog, AgentSpec};
//! use cardsim_agents::games::royal_orgy::RoyalOrgy;
//! let cat = catalog::<RoyalOrgy>();
//! let agent = cat.build(&"heuristic".parse::<AgentSpec>().unwrap()).unwrap();
//! assert_eq!(agent.label(), "heuristic");
//! ```

use crate::search::{hands_and_scores, CutoffValue};
use crate::{Agent, AgentKind, GameAgents};
use cardsim_engine::cards::{TarotCard, TarotSet};
use cardsim_engine::games::royal_orgy::{
    beats, capture, card_points, melds, Meld, MeldKind, RoyalOrgyAction, RoyalOrgyObservation,
};
use cardsim_engine::Seat;
use rand::RngCore;

pub use cardsim_engine::games::royal_orgy::RoyalOrgy;

impl GameAgents for RoyalOrgy {
    /// A playout ends with its hand, valued by the points each side gained (melds, captures and card points: about 100 a hand).
    fn hand_end() -> Option<CutoffValue<Self>> {
        Some(|g, start, now| {
            let score = |s: &<Self as cardsim_engine::Game>::State, seat: Seat| {
                f64::from(s.scores()[seat.index()])
            };
            hands_and_scores(g, start, now, |s| s.hands_played(), score, 100.0)
        })
    }

    fn game_agents() -> Vec<AgentKind<RoyalOrgy>> {
        vec![AgentKind::without_settings::<RoyalOrgyHeuristic>(
            "heuristic",
            "lays down its best meld; with the stock, leads its least useful card and follows \
             to win tricks worth their points, captures and the meld they open, keeping meld \
             cards and high trumps; after the stock (all cards known) plays each trick for the \
             most points against the best reply; with three players bids solo when its \
             measured chance of making 36 is worth the declarations at stake, discards low \
             cards of short suits, and plays tricks as a partnership (win cheaply, give \
             points to a winning partner, lead Kings and master trumps)",
        )]
    }
}

/// A Royal Orgy player from the observation alone (see the module docs).
#[derive(Clone, Copy, Debug, Default)]
pub struct RoyalOrgyHeuristic;

fn points(c: TarotCard) -> f64 {
    f64::from(card_points(TarotSet::from_card(c)))
}

fn capture_points(a: TarotCard, b: TarotCard) -> f64 {
    capture(a, b)
        .and_then(MeldKind::capture_points)
        .map_or(0.0, f64::from)
}

/// How well `c` wins tricks later: trumps by number, suit cards by rank.
fn power(c: TarotCard) -> f64 {
    match c.trump_number() {
        Some(n) => 2.0 + f64::from(n) / 3.0,
        None => (c.index() % 8) as f64 / 2.0,
    }
}

/// The best meld `seat` may lay down from `held`/`table` with `used`: its points, cards and
/// how many of them come from the hand (fewer shows less), best first.
fn best_meld(obs: &RoyalOrgyObservation, held: TarotSet, table: TarotSet) -> Option<Meld> {
    let mut best: Option<(u32, usize, Meld)> = None;
    melds(held, table, obs.view.used_all(), |m| {
        let p = meld_points(obs, m);
        let fresh = (m.cards - table).len();
        if best.is_none_or(|(bp, bf, _)| p > bp || (p == bp && fresh < bf)) {
            best = Some((p, fresh, m));
        }
    });
    best.map(|(_, _, m)| m)
}

/// Meld points under the game's sequence rule.
fn meld_points(obs: &RoyalOrgyObservation, m: Meld) -> u32 {
    m.points(obs.sequence)
}

/// For every card, the most points of a meld open now that contains it.
fn meld_keep(obs: &RoyalOrgyObservation, held: TarotSet, table: TarotSet) -> [u32; 54] {
    let mut best = [0; 54];
    melds(held, table, obs.view.used_all(), |m| {
        let p = meld_points(obs, m);
        for c in m.cards {
            best[c.index()] = best[c.index()].max(p);
        }
    });
    best
}

/// The legal replies of a hand `held` to `led` once the stock is gone.
fn replies(held: TarotSet, led: TarotCard) -> TarotSet {
    let follow = held.of_follow(led.follows());
    if !follow.is_empty() {
        follow
    } else if !held.trumps().is_empty() {
        held.trumps()
    } else {
        held
    }
}

impl RoyalOrgyHeuristic {
    /// Lays down the best-scoring meld (fewest cards from the hand breaking ties).
    fn meld(&self, obs: &RoyalOrgyObservation) -> RoyalOrgyAction {
        let me = obs.seat;
        best_meld(obs, obs.view.held(me), obs.view.table(me))
            .map_or(RoyalOrgyAction::Pass, RoyalOrgyAction::Meld)
    }

    fn stock_card(&self, obs: &RoyalOrgyObservation, legal: TarotSet) -> TarotCard {
        let me = obs.seat;
        let held = obs.view.held(me);
        let table = obs.view.table(me);
        // What a card is still worth to keep: the melds it is in, and its power later.
        let keep = meld_keep(obs, held, table);
        let future = |c: TarotCard| f64::from(keep[c.index()]) + power(c);
        let Some(led) = obs.view.led() else {
            // Lead the least useful card: no points, no meld, low.
            return legal
                .iter()
                .min_by(|&a, &b| {
                    (future(a) + 2.0 * points(a))
                        .total_cmp(&(future(b) + 2.0 * points(b)))
                        .then(a.cmp(&b))
                })
                .expect("a legal card");
        };
        let value = |c: TarotCard| {
            let stake = points(led) + points(c) + capture_points(led, c);
            let v = if beats(c, led) {
                let after = best_meld(obs, held.without(c), table.without(c))
                    .map_or(0.0, |m| f64::from(meld_points(obs, m)));
                stake + after
            } else {
                // The other player also earns the right to meld.
                -stake - 4.0
            };
            v - future(c)
        };
        legal
            .iter()
            .max_by(|&a, &b| value(a).total_cmp(&value(b)).then(b.cmp(&a)))
            .expect("a legal card")
    }

    /// After the stock every card is known: the other's hand is what this seat cannot see.
    fn final_card(&self, obs: &RoyalOrgyObservation, legal: TarotSet) -> TarotCard {
        let theirs = obs.unseen();
        let last = obs.hand().len() == 1 && obs.view.led().is_none()
            || obs.hand().len() == 1 && theirs.is_empty();
        let stake = |a: TarotCard, b: TarotCard| {
            points(a) + points(b) + capture_points(a, b) + 1.0 + f64::from(u8::from(last))
        };
        let value = |c: TarotCard| match obs.view.led() {
            Some(led) => {
                let s = stake(led, c);
                (if beats(c, led) { s } else { -s }) - 0.05 * power(c)
            }
            None => {
                let worst = replies(theirs, c)
                    .iter()
                    .map(|r| {
                        let s = stake(c, r);
                        if beats(r, c) {
                            -s
                        } else {
                            s
                        }
                    })
                    .fold(f64::INFINITY, f64::min);
                let worst = if worst.is_finite() { worst } else { 0.0 };
                worst - 0.05 * power(c)
            }
        };
        legal
            .iter()
            .max_by(|&a, &b| value(a).total_cmp(&value(b)).then(b.cmp(&a)))
            .expect("a legal card")
    }
}

impl Agent<RoyalOrgy> for RoyalOrgyHeuristic {
    fn choose(
        &mut self,
        _game: &RoyalOrgy,
        _seat: Seat,
        obs: &RoyalOrgyObservation,
        legal: &[RoyalOrgyAction],
        _rng: &mut dyn RngCore,
    ) -> RoyalOrgyAction {
        if legal.len() == 1 {
            return legal[0];
        }
        if obs.view.players() == 3 {
            return three::choose(obs, legal);
        }
        if obs.view.melder().is_some() {
            let a = self.meld(obs);
            debug_assert!(legal.contains(&a));
            return a;
        }
        let cards: TarotSet = legal
            .iter()
            .filter_map(|a| match a {
                RoyalOrgyAction::Play(c) => Some(*c),
                _ => None,
            })
            .collect();
        let c = if obs.view.stock_phase() {
            self.stock_card(obs, cards)
        } else {
            self.final_card(obs, cards)
        };
        RoyalOrgyAction::Play(c)
    }

    fn label(&self) -> String {
        "heuristic".into()
    }
}

mod three;

#[cfg(test)]
mod tests;
