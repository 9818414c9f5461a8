//! Agents for Orgy: the `heuristic` agent, [`OrgyHeuristic`]. As dealer it names its longest
//! suit trumps (the stronger pips breaking ties); in play it follows the shared rules of thumb
//! ([`rule_of_thumb`]) where nothing is at stake and plays for the Orgy cards where they are:
//! it leads a court card that can no longer be beaten, leads a master pip into a suit whose
//! court cards are still out, wins tricks holding court cards (with a court card of its own
//! when one wins), and when it cannot win, sheds its court cards only on a player they give no
//! points and never on the game's leader.
//!
//! `pimc` and `cheat` use the double-dummy solver ([`DoubleDummy`]); it counts tricks, not the
//! Orgy cards in them, so in Orgy it plays a proxy of the real objective. Its exact search
//! has a node limit here ([`ORGY_NODE_LIMIT`]): an early-trick position whose search passes
//! it is valued by a depth-limited search, so `cheat` is exact in the later tricks only.
//!
//! ```
//! use cardsim_agents::{catalog, AgentSpec};
//! use cardsim_agents::games::orgy::Orgy;
//! let cat = catalog::<Orgy>();
//! let agent = cat.build(&"heuristic".parse::<AgentSpec>().unwrap()).unwrap();
//! assert_eq!(agent.label(), "heuristic");
//! ```

use crate::search::{hands_and_scores, CutoffValue};
use crate::tricks::{rule_of_thumb, DoubleDummy, TableView};
use crate::{Agent, AgentKind, GameAgents, PerfectInfoSolver, SearchDefaults};
use cardsim_engine::cards::{Card, CardSet, Suit};
use cardsim_engine::games::orgy::{
    orgy_order, orgy_score, OrgyAction, OrgyObservation, MALES, ORGY_CARDS,
};
use cardsim_engine::tricks::{CardOrder, Teams, TrickTaking};
use cardsim_engine::Seat;
use rand::RngCore;

pub use cardsim_engine::games::orgy::Orgy;

impl GameAgents for Orgy {
    /// A playout ends with its hand, valued by the points each side gained (each player scores its chain of Orgy cards: at most 9).
    fn hand_end() -> Option<CutoffValue<Self>> {
        Some(|g, start, now| {
            let score = |s: &<Self as cardsim_engine::Game>::State, seat: Seat| {
                f64::from(s.scores()[seat.index()])
            };
            hands_and_scores(g, start, now, |s| s.hands_played(), score, 9.0)
        })
    }

    fn game_agents() -> Vec<AgentKind<Orgy>> {
        vec![AgentKind::without_settings::<OrgyHeuristic>(
            "heuristic",
            "names its longest suit trumps; plays for the court cards: leads a court that cannot \
                   be beaten or a master into a suit with courts out, wins tricks holding courts, \
                   sheds its courts only where they score nothing and never on the leader; else \
                   the classical rules of thumb",
        )]
    }

    /// The double-dummy solver with a node limit of [`ORGY_NODE_LIMIT`]: Orgy's exact
    /// searches of early tricks can run for minutes (three players against one, equal courts),
    /// so past the limit a depth-limited search values the cards.
    fn exact_solver() -> Option<Box<dyn PerfectInfoSolver<Orgy>>> {
        Some(Box::new(
            DoubleDummy::new().with_node_limit(ORGY_NODE_LIMIT),
        ))
    }

    /// `pimc` samples 4 worlds: with the solver's node limit ([`ORGY_NODE_LIMIT`]) a game
    /// with 4 worlds a decision took 22.9 CPU seconds and one with 8 worlds 42.3 (seed 0, `pimc`
    /// in every seat, 8 and 7 hands), so 8 would leave a long game over the goal of 60 s
    /// (issue #26; `docs/experiments.md`).
    fn search_defaults() -> SearchDefaults {
        SearchDefaults {
            worlds: 4,
            ..SearchDefaults::STANDARD
        }
    }
}

/// The search nodes after which Orgy's double-dummy solver gives up an exact search and
/// values the cards by a depth-limited one ([`DoubleDummy::with_node_limit`]): a decision
/// costs at most about twice this.
pub const ORGY_NODE_LIMIT: u64 = 300_000;

/// The suit a dealer holding `hand` names trumps: the longest, the higher pips (ace 1 to
/// ten 10) breaking ties.
///
/// ```
/// use cardsim_agents::games::orgy::trump_for;
/// use cardsim_engine::cards::Suit;
/// let hand = "TS 9S 2S AH 2H 3H KC QC JC 4D 5D 6D 7D".parse().unwrap();
/// assert_eq!(trump_for(hand), Suit::Diamonds); // four diamonds
/// ```
pub fn trump_for(hand: CardSet) -> Suit {
    let order = orgy_order(None);
    Suit::ALL
        .into_iter()
        .max_by_key(|&s| {
            let cards = hand.of_suit(s);
            let pips: u32 = cards.iter().map(|c| u32::from(order.strength(c))).sum();
            (cards.len(), pips)
        })
        .expect("four suits")
}

/// An Orgy player that plays for the court cards (see the module docs), from the observation
/// alone.
#[derive(Clone, Copy, Debug, Default)]
pub struct OrgyHeuristic;

struct Table<'a> {
    obs: &'a OrgyObservation,
    order: &'a CardOrder,
    hand: CardSet,
    legal: CardSet,
}

impl Table<'_> {
    /// Cards of `suit` that other players may still hold.
    fn outstanding(&self, suit: Suit) -> CardSet {
        let record = self.obs.play.record();
        (record.deck() - record.played() - self.hand) & self.order.suit_cards(suit)
    }

    fn trump_outstanding(&self) -> CardSet {
        self.order
            .trump()
            .map_or(CardSet::EMPTY, |t| self.outstanding(t))
    }

    /// True when no card anyone else may hold beats `card` if it is led.
    fn unbeatable_lead(&self, card: Card) -> bool {
        let o = self.order;
        let suit = o.suit_of(card);
        let k = o.strength(card);
        let beaten_in_suit = self.outstanding(suit).iter().any(|c| o.strength(c) > k);
        let trumped = !o.is_trump(card) && !self.trump_outstanding().is_empty();
        !beaten_in_suit && !trumped
    }

    fn lowest(&self, cards: CardSet) -> Option<Card> {
        cards
            .iter()
            .min_by_key(|&c| (self.order.strength(c), self.order.is_trump(c), c.index()))
    }

    fn highest(&self, cards: CardSet) -> Option<Card> {
        cards
            .iter()
            .max_by_key(|&c| (self.order.strength(c), c.index()))
    }

    /// The points `court` adds to `seat`'s orgy on top of `extra` (cards coming with it).
    fn gift(&self, seat: Seat, extra: CardSet, court: Card) -> u32 {
        let mine = self.obs.captured[seat.index()] | extra;
        orgy_score(mine.with(court)) - orgy_score(mine)
    }

    /// True when `seat` has the game's highest score (alone or shared) and is not us.
    fn is_leader(&self, seat: Seat) -> bool {
        let top = *self.obs.scores.iter().max().expect("four seats");
        seat != self.obs.seat && self.obs.scores[seat.index()] == top && top > 0
    }

    fn lead(&self) -> Option<Card> {
        let o = self.order;
        // A court card nobody can beat takes itself (and any courts that follow).
        let courts = self.legal & ORGY_CARDS;
        if let Some(c) = courts.iter().find(|&c| self.unbeatable_lead(c)) {
            return Some(c);
        }
        // A master pip card led into a suit whose court cards are still out draws them,
        // unless someone may ruff it: has shown out of the suit, or the suit is short.
        let master = |c: Card| {
            let suit = o.suit_of(c);
            let k = o.strength(c);
            let out = self.outstanding(suit);
            let shown_out = Seat::all(4)
                .filter(|&s| s != self.obs.seat)
                .any(|s| (self.obs.play.record().excluded(s) & out) == out && !out.is_empty());
            let ruff = !o.is_trump(c)
                && !self.trump_outstanding().is_empty()
                && (shown_out || out.len() < 3);
            !out.iter().any(|x| o.strength(x) > k) && !ruff
        };
        self.legal
            .iter()
            .filter(|&c| !ORGY_CARDS.contains(c) && master(c))
            .filter(|&c| !(self.outstanding(o.suit_of(c)) & ORGY_CARDS).is_empty())
            .max_by_key(|&c| (self.outstanding(o.suit_of(c)) & ORGY_CARDS).len())
    }

    /// A losing card: a court card where it gives no points and the taker does not lead the
    /// game (or where every card is a court), else the lowest pip card.
    fn shed(&self, losers: CardSet, taker: Option<Seat>, extra: CardSet) -> Card {
        let pips = losers - ORGY_CARDS;
        let courts = losers & ORGY_CARDS;
        let cost = |c: Card| taker.map_or(1, |t| self.gift(t, extra, c));
        if let Some(t) = taker {
            if !self.is_leader(t) {
                // Jacks and Kings before Queens, which are scarcer.
                let free = courts
                    .iter()
                    .filter(|&c| cost(c) == 0)
                    .min_by_key(|&c| (!MALES.contains(c), c.index()));
                if let Some(c) = free {
                    return c;
                }
            }
        }
        if let Some(c) = self.lowest(pips) {
            return c;
        }
        courts
            .iter()
            .min_by_key(|&c| (cost(c), !MALES.contains(c), c.index()))
            .expect("a legal card")
    }
}

impl OrgyHeuristic {
    fn card(&self, obs: &OrgyObservation, legal: CardSet) -> Card {
        if legal.len() == 1 {
            return legal.lowest().expect("one card");
        }
        let play = &obs.play;
        let t = Table {
            obs,
            order: play.order(),
            hand: obs.hand(),
            legal,
        };
        let o = t.order;
        let trick = play.trick();
        let view = TableView {
            seat: obs.seat,
            teams: Teams::solo(4),
            play,
            hand: t.hand,
            visible: CardSet::EMPTY,
            legal,
            declarer: false,
        };
        let Some(led) = trick.led() else {
            if let Some(c) = t.lead() {
                return c;
            }
            let c = rule_of_thumb(&view);
            if ORGY_CARDS.contains(c) {
                // Never lead a court card that will be taken: lead a low pip card instead.
                if let Some(p) = t.lowest(legal - ORGY_CARDS) {
                    return p;
                }
            }
            return c;
        };
        let led_suit = o.suit_of(led);
        let (taker, best) = trick.winner(o).expect("a led trick");
        let winners: CardSet = legal
            .iter()
            .filter(|&c| o.beats(c, best, led_suit))
            .collect();
        let last = trick.len() + 1 == play.active().0.count_ones() as usize;
        let in_trick = trick.card_set() & ORGY_CARDS;
        // Courts of the led suit that the players still to come may hold.
        let coming = if last {
            CardSet::EMPTY
        } else {
            t.outstanding(led_suit) & ORGY_CARDS
        };
        let stake = !in_trick.is_empty() || !coming.is_empty();
        if !winners.is_empty() {
            // A court card of ours that wins keeps itself: play it.
            if let Some(c) = (winners & ORGY_CARDS).iter().next() {
                if last || t.unbeatable_lead(c) {
                    return c;
                }
            }
            if stake {
                let pick = if last {
                    t.lowest(winners)
                } else {
                    // Win as surely as we can: the highest card of the suit, or the cheapest
                    // trump that no outstanding trump beats (else the highest trump).
                    let follow = winners & o.suit_cards(led_suit);
                    if !follow.is_empty() {
                        t.highest(follow)
                    } else {
                        let sure: CardSet = winners
                            .iter()
                            .filter(|&c| {
                                t.trump_outstanding()
                                    .iter()
                                    .all(|x| o.strength(x) < o.strength(c))
                            })
                            .collect();
                        t.lowest(sure).or_else(|| t.highest(winners))
                    }
                };
                return pick.expect("a winner");
            }
        }
        let losers = legal - winners;
        if losers.is_empty() {
            return rule_of_thumb(&view);
        }
        if !stake && !last {
            // Nothing at stake yet: the rules of thumb, unless they throw a court away.
            let c = rule_of_thumb(&view);
            if !ORGY_CARDS.contains(c) {
                return c;
            }
        }
        t.shed(losers, last.then_some(taker), in_trick)
    }
}

impl Agent<Orgy> for OrgyHeuristic {
    fn choose(
        &mut self,
        _: &Orgy,
        _: Seat,
        obs: &OrgyObservation,
        legal: &[OrgyAction],
        _: &mut dyn RngCore,
    ) -> OrgyAction {
        if obs.trump.is_none() {
            return OrgyAction::Trump(trump_for(obs.hand()));
        }
        let cards: CardSet = legal.iter().filter_map(|&a| Orgy::card(a)).collect();
        OrgyAction::Play(self.card(obs, cards))
    }

    fn label(&self) -> String {
        "heuristic".into()
    }
}

#[cfg(test)]
mod tests;
