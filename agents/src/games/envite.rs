//! Agents for Envite: the `heuristic` agent, [`EnviteHeuristic`], and the exact solver of the
//! card play, [`EnviteSolver`].
//!
//! The heuristic values its hand (and the hands its captain sees) by its trumps and high plain
//! cards to negotiate the stake; in play it *trawls* (leads a trump) unless a partner is known
//! to hold no trump before an opponent is, leads its best card otherwise, lets a partner's
//! winning card stand, wins a trick as cheaply as it can, and otherwise sheds its lowest plain
//! card, keeping trumps for the next trawl.
//!
//! The shared double-dummy solver does not fit Envite (up to twelve places where it takes four,
//! and it counts tricks without the trawl rule, which ends a hand at once), so [`EnviteSolver`]
//! searches the card play itself: exact minimax over the rest of the hand, every hand visible,
//! each card valued 1 when it wins the hand for the mover's team (two tricks, or an opponent
//! failing a trawl) and 0 when it loses it.
//!
//! ```
//! use cardsim_agents::{catalog, AgentSpec};
//! use cardsim_agents::games::envite::Envite;
//! let cat = catalog::<Envite>();
//! let agent = cat.build(&"heuristic".parse::<AgentSpec>().unwrap()).unwrap();
//! assert_eq!(agent.label(), "heuristic");
//! ```

use crate::search::{hands_and_scores, CutoffValue, SearchSettings, Uct};
use crate::{Agent, AgentKind, GameAgents, PerfectInfoSolver};
use cardsim_engine::cards::{Card, CardSet, Rank};
use cardsim_engine::games::envite::{
    EnviteAction, EnviteObservation, EnviteState, Phase, LYING_DOWN,
};
use cardsim_engine::params::ParamSpec;
use cardsim_engine::tricks::{CardOrder, TrickPlay};
use cardsim_engine::{Game, Seat};
use rand::RngCore;

pub use cardsim_engine::games::envite::Envite;

impl GameAgents for Envite {
    /// A playout ends with its hand, valued by the stones each team gained, a game won
    /// counting as 12 and a game lost costing the loser the stones it had in it (a hand is
    /// worth 2 to 9 stones, or the game).
    fn hand_end() -> Option<CutoffValue<Self>> {
        Some(|g, start, now| {
            // A game is won at 12 stones (scores stop at 11, lying down).
            let stones = |s: &EnviteState, seat: Seat| {
                let team = Game::team(g, seat);
                f64::from((LYING_DOWN + 1) * s.games_won()[team] + s.scores()[team])
            };
            hands_and_scores(g, start, now, |s| s.tally().hands, stones, 6.0)
        })
    }

    fn game_agents() -> Vec<AgentKind<Envite>> {
        vec![AgentKind {
            name: "heuristic",
            help: "values its hand by trumps and high cards to raise, accept or fold the stake; \
                   trawls (leads a trump) unless a partner is known trumpless, lets a partner's \
                   winning card stand, wins tricks cheaply, sheds low plain cards",
            params: HEURISTIC_PARAMS,
            build: |spec| {
                let st = spec.settings(HEURISTIC_PARAMS)?;
                Ok(Box::new(EnviteHeuristic {
                    raise: st.float("raise")?,
                    accept: st.float("accept")?,
                }))
            },
        }]
    }

    fn exact_solver() -> Option<Box<dyn PerfectInfoSolver<Envite>>> {
        Some(Box::new(EnviteSolver::new()))
    }
}

/// The heuristic's settings.
const HEURISTIC_PARAMS: &[ParamSpec] = &[
    ParamSpec::float(
        "raise",
        "1.6",
        0.0,
        10.0,
        "hand value (trumps 0.6 to 1.1 by rank, plain kings 0.4, queens 0.25) per hand seen at which the captain raises",
    ),
    ParamSpec::float(
        "accept",
        "0.3",
        0.0,
        10.0,
        "hand value per hand seen at which the captain accepts a raise or plays when lying down",
    ),
];

/// The value of one card toward winning tricks: a trump 0.6 to 1.1 by its strength, a plain
/// king 0.4, queen 0.25, jack 0.1, other plain cards 0.
pub fn card_value(c: Card, order: &CardOrder) -> f64 {
    if order.is_trump(c) {
        0.6 + 0.5 * f64::from(order.strength(c)) / 16.0
    } else {
        match c.rank() {
            Rank::King => 0.4,
            Rank::Queen => 0.25,
            Rank::Jack => 0.1,
            _ => 0.0,
        }
    }
}

/// The value of `hand` ([`card_value`] summed).
pub fn hand_value(hand: CardSet, order: &CardOrder) -> f64 {
    hand.iter().map(|c| card_value(c, order)).sum()
}

/// The heuristic player.
#[derive(Clone, Copy, Debug)]
pub struct EnviteHeuristic {
    /// Value per visible hand at which the captain raises.
    pub raise: f64,
    /// Value per visible hand at which the captain accepts a raise (or plays lying down).
    pub accept: f64,
}

impl Default for EnviteHeuristic {
    fn default() -> Self {
        EnviteHeuristic {
            raise: 1.6,
            accept: 0.3,
        }
    }
}

impl EnviteHeuristic {
    /// The captain's view: the mean value of the hands it sees.
    fn strength(obs: &EnviteObservation) -> f64 {
        let order = obs.play.order();
        let mut total = 0.0;
        let mut hands = 0.0;
        for p in obs.sees.iter().filter(|p| p.index() < obs.play.players()) {
            total += hand_value(obs.play.hand(p), order);
            hands += 1.0;
        }
        total / f64::max(hands, 1.0)
    }

    fn negotiate(&self, obs: &EnviteObservation, legal: &[EnviteAction]) -> EnviteAction {
        let v = Self::strength(obs);
        let can_raise = legal.contains(&EnviteAction::Raise);
        match obs.phase {
            Phase::LyingDown => {
                if v >= self.accept {
                    EnviteAction::Accept
                } else {
                    EnviteAction::Fold
                }
            }
            _ if obs.pending.is_none() => {
                if v >= self.raise && can_raise {
                    EnviteAction::Raise
                } else {
                    EnviteAction::Pass
                }
            }
            _ => {
                if v >= self.raise + 0.3 && can_raise {
                    EnviteAction::Raise
                } else if v >= self.accept {
                    EnviteAction::Accept
                } else {
                    EnviteAction::Fold
                }
            }
        }
    }

    /// The first place after `me` in turn order known to hold no trump (shown void in trumps),
    /// and whether it is a partner.
    fn first_known_trumpless(play: &TrickPlay, me: Seat) -> Option<bool> {
        let n = play.players();
        let trumps = play.order().trump_cards() & play.record().deck();
        let mut p = me.next(n);
        while p != me {
            if play.hand_len(p) > 0 && trumps.is_subset(play.record().excluded(p)) {
                return Some(p.index() % 2 == me.index() % 2);
            }
            p = p.next(n);
        }
        None
    }

    fn play_card(obs: &EnviteObservation, legal: CardSet) -> Card {
        let play = &obs.play;
        let o = play.order();
        let me = obs.acting_place();
        let trumps = legal & o.trump_cards();
        let low = |cards: CardSet| cards.iter().min_by_key(|&c| (o.strength(c), c.index()));
        let high = |cards: CardSet| cards.iter().max_by_key(|&c| (o.strength(c), c.index()));
        let Some((winner, best)) = play.trick().winner(o) else {
            // Lead: trawl unless a partner is the first known trumpless player.
            if !trumps.is_empty() {
                return match Self::first_known_trumpless(play, me) {
                    Some(true) => high(legal - trumps).or(high(trumps)),
                    // An opponent will fail: any trump wins the hand.
                    Some(false) => low(trumps),
                    None => high(trumps),
                }
                .expect("a card");
            }
            return high(legal).expect("a card");
        };
        let led = o.suit_of(play.trick().led().expect("a lead"));
        let partner_winning = winner.index() % 2 == me.index() % 2;
        let beaters: CardSet = legal.iter().filter(|&c| o.beats(c, best, led)).collect();
        let plain = legal - trumps;
        let shed = || low(plain).or(low(legal)).expect("a card");
        if partner_winning {
            return shed();
        }
        // Beat it as cheaply as possible; with more opponents to come, as strongly.
        let to_come = play.players() - play.trick().len() - 1;
        let opponents_after = (1..=to_come)
            .filter(|&k| (me.index() + k) % 2 != me.index() % 2)
            .count();
        if !beaters.is_empty() {
            let c = if opponents_after > 0 {
                high(beaters)
            } else {
                low(beaters)
            };
            return c.expect("a card");
        }
        shed()
    }
}

impl Agent<Envite> for EnviteHeuristic {
    fn choose(
        &mut self,
        _: &Envite,
        _: Seat,
        obs: &EnviteObservation,
        legal: &[EnviteAction],
        _: &mut dyn RngCore,
    ) -> EnviteAction {
        if obs.phase != Phase::Play {
            let a = self.negotiate(obs, legal);
            debug_assert!(legal.contains(&a), "{a} not legal");
            return a;
        }
        let cards: CardSet = legal
            .iter()
            .filter_map(|&a| match a {
                EnviteAction::Play(c) => Some(c),
                _ => None,
            })
            .collect();
        EnviteAction::Play(Self::play_card(obs, cards))
    }

    fn label(&self) -> String {
        "heuristic".into()
    }
}

/// Exact perfect-information play of an Envite hand: each legal card is worth 1 when the
/// mover's team wins the hand with best play by both teams from there, else 0 (the hand's
/// result is all that card play decides). Outside card play it hands over to
/// perfect-information UCT.
pub struct EnviteSolver {
    fallback: Uct<Envite>,
    nodes: u64,
}

impl EnviteSolver {
    /// The solver, with perfect-information UCT at the default settings and the game's default
    /// playout ([`Uct::with_auto_rollout`]) outside card play.
    pub fn new() -> Self {
        EnviteSolver {
            fallback: Uct::with_auto_rollout(SearchSettings::default()),
            nodes: 0,
        }
    }

    /// Positions searched so far.
    pub fn nodes(&self) -> u64 {
        self.nodes
    }

    /// True when `team` wins the hand from `play` with best play by both teams.
    pub fn wins(&mut self, game: &Envite, play: &TrickPlay, team: usize) -> bool {
        self.nodes += 1;
        if let Some(w) = game.hand_winner(play) {
            return w == team;
        }
        let ours = play.to_play().index() % 2 == team;
        for c in Self::candidates(play) {
            let mut next = *play;
            next.play(c);
            if self.wins(game, &next, team) == ours {
                return ours;
            }
        }
        !ours
    }

    /// The legal cards with equivalent ones searched once: of two cards of one effective suit
    /// in the same hand with no unplayed card of another hand ranking between them, only the
    /// higher (they win and lose the same tricks, and a trawl asks only for a trump).
    fn candidates(play: &TrickPlay) -> CardSet {
        let o = play.order();
        let legal = play.legal();
        let live = play.record().deck() - play.record().played();
        let mine = play.hand(play.to_play());
        let others = (live - mine) | play.trick().card_set();
        let mut out = CardSet::EMPTY;
        for c in legal {
            let suit = o.suit_cards(o.suit_of(c));
            let k = o.strength(c);
            // Skip c if a legal card of ours just above it is equivalent.
            let above = (legal & suit)
                .iter()
                .filter(|&d| o.strength(d) > k)
                .min_by_key(|&d| o.strength(d));
            let equivalent = above.is_some_and(|d| {
                let kd = o.strength(d);
                !(others & suit)
                    .iter()
                    .any(|x| o.strength(x) > k && o.strength(x) < kd)
            });
            if !equivalent {
                out.insert(c);
            }
        }
        out
    }
}

impl Default for EnviteSolver {
    fn default() -> Self {
        Self::new()
    }
}

impl PerfectInfoSolver<Envite> for EnviteSolver {
    fn evaluate(
        &mut self,
        game: &Envite,
        state: &EnviteState,
        legal: &[EnviteAction],
        values: &mut Vec<f64>,
        rng: &mut dyn RngCore,
    ) {
        if state.phase() != Phase::Play {
            return self.fallback.evaluate(game, state, legal, values, rng);
        }
        let play = state.play();
        let team = play.to_play().index() % 2;
        values.clear();
        for &a in legal {
            let EnviteAction::Play(c) = a else {
                values.push(0.0);
                continue;
            };
            let mut next = *play;
            next.play(c);
            values.push(f64::from(u8::from(self.wins(game, &next, team))));
        }
    }

    fn label(&self) -> String {
        "solver=exact".into()
    }
}

#[cfg(test)]
mod tests;
