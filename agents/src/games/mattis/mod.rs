//! Agents for Mattis and Myllymatti (one core, [`TwoPart`]): the `heuristic` agent,
//! [`MattisHeuristic`], for both.
//!
//! ```
//! use cardsim_agents::{catalog, AgentSpec};
//! use cardsim_agents::games::mattis::{Mattis, Myllymatti};
//! let agent = catalog::<Mattis>().build(&"heuristic".parse::<AgentSpec>().unwrap()).unwrap();
//! assert_eq!(agent.label(), "heuristic");
//! assert!(catalog::<Myllymatti>().build(&"heuristic".parse::<AgentSpec>().unwrap()).is_ok());
//! ```

use crate::{Agent, AgentKind, GameAgents, Position, PositionOf};
use cardsim_engine::games::common::{BeatMove, Run};
use cardsim_engine::games::mattis::{Half, MattisAction, MattisObservation, TwoPart, Variant};
use cardsim_engine::{Card, CardSet, Rank, Seat, Suit};
use rand::RngCore;
use std::collections::HashMap;
use std::hash::{Hash, Hasher};

pub use cardsim_engine::games::mattis::Mattis;
pub use cardsim_engine::games::myllymatti::Myllymatti;

impl<V: Variant> GameAgents for TwoPart<V> {
    /// The second half's positions ([`second_half_position`]): the search agents, like the
    /// heuristic, do not choose again what they chose before in a position met again, so
    /// players who each lead the card the next one cannot beat stop passing it round (search
    /// agents in every seat reached the move cap so, in 1 of 20 four-player games).
    fn search_position() -> Option<PositionOf<Self>> {
        Some(second_half_position)
    }

    fn game_agents() -> Vec<AgentKind<TwoPart<V>>> {
        vec![AgentKind::without_settings::<MattisHeuristic>(
            "heuristic",
            "first half: as the last to play, takes a trick worth having (high cards) with its \
             lowest winning card, else throws its lowest card; second half: leads its lowest \
             non-trump (as the longest run from it) and beats with the cheapest play, trumps \
             last, picking up only when it cannot beat",
        )]
    }
}

/// A sensible player of the Mattis family, deciding from the observation alone.
///
/// - **First half** (building the hand): a card is worth more the higher it is (two -6, eight
///   0, ace +6), since high cards beat in the second half and low ones are hard to get rid of.
///   When it is the last to play in the round and can win outright, it takes the trick with
///   its lowest winning card if the cards it would take (those on the table and its own) are
///   worth more than nothing; otherwise, and whenever others are still to play, it throws its
///   lowest card (so its low cards end in the winner's hand), avoiding a tie with the highest
///   card on the table when it can. It never plays blind.
/// - **Second half:** it leads its lowest card that is not trump (as the longest run
///   starting there, to shed more), and beats with the cheapest play: a non-trump before a
///   trump, then the lowest, then the longest. It picks up only when it cannot beat.
/// - **No walking in circles:** players who each lead a card the next one cannot beat pass
///   the same cards round for ever (three players left, no trumps among them: each leads
///   the low diamond it was just handed, and the next picks it up). So it remembers the
///   second-half positions it chose in this game (its hand, the table, every hand's size and
///   known cards); when it is to choose again in one it chose in earlier in the game, it
///   makes its next choice in the order above (the `k`-th time, the `k`-th choice, round the
///   list), which breaks the cycle. [`Agent::reset`] forgets them.
///
/// Ties go to the lowest card, so the choice depends on the observation (and the positions
/// led from earlier in the game) only.
#[derive(Clone, Debug)]
pub struct MattisHeuristic {
    /// Per second-half position chosen in (a hash of the observation without the counts):
    /// the move count when it was last seen, and how many times it was seen at later counts.
    seen: HashMap<u64, (u32, u32)>,
}

/// Positions remembered without growing the table (a game rarely reaches more); the room is
/// taken when the agent is built, so the move loop does not allocate.
const REMEMBERED: usize = 1 << 12;

impl Default for MattisHeuristic {
    fn default() -> Self {
        MattisHeuristic {
            seen: HashMap::with_capacity(REMEMBERED),
        }
    }
}

/// The rank's position two (0) to ace (12).
fn pos(r: Rank) -> i32 {
    Rank::ALL.iter().position(|&x| x == r).unwrap_or(0) as i32
}

/// A card's worth as part of a second-half hand: -6 for a two up to +6 for an ace.
pub fn worth(c: Card) -> i32 {
    pos(c.rank()) - 6
}

impl MattisHeuristic {
    /// The first-half choice: a card of `hand`.
    pub fn first_half(obs: &MattisObservation, hand: CardSet) -> Option<Card> {
        let v = &obs.view;
        let me = obs.seat;
        let still_to_play = v
            .contenders()
            .iter()
            .filter(|&s| s != me && !round_played(obs, s))
            .count();
        let best = v
            .contenders()
            .iter()
            .filter_map(|s| round_card(obs, s))
            .map(|c| c.rank())
            .max();
        let lowest = hand.iter().min_by_key(|c| (pos(c.rank()), c.index()))?;
        if still_to_play == 0 {
            if let Some(best) = best {
                let table: i32 = Seat::all(MAX)
                    .map(|s| v.table_of(s))
                    .fold(CardSet::EMPTY, |a, b| a | b)
                    .iter()
                    .map(worth)
                    .sum();
                let win = hand
                    .iter()
                    .filter(|c| c.rank() > best)
                    .min_by_key(|c| (pos(c.rank()), c.index()));
                if let Some(w) = win {
                    if table + worth(w) > 0 {
                        return Some(w);
                    }
                }
                // Throw the lowest card that does not tie the best, if there is one.
                return hand
                    .iter()
                    .filter(|c| c.rank() != best)
                    .min_by_key(|c| (pos(c.rank()), c.index()))
                    .or(Some(lowest));
            }
        }
        Some(lowest)
    }

    /// The preference key of a second-half play, lower is better.
    pub fn beat_key(run: Run, trump: Suit) -> (bool, i32, i32, usize) {
        (
            run.suit() == trump,
            pos(run.low.rank()),
            -(run.len as i32),
            run.low.index(),
        )
    }
}

const MAX: usize = cardsim_engine::MAX_SEATS;

/// A second-half position as the seat to move sees it ([`GameAgents::search_position`]),
/// `None` in the first half (which cannot go round: every trick takes cards out of play). The
/// key hashes the seat, its hand, the table, every seat's hand size and known cards, who is
/// out, and the trump suit, without the running counts; the clock is the second half's plays
/// and pick-ups so far.
pub fn second_half_position(obs: &MattisObservation) -> Option<Position> {
    if obs.view.half() != Half::Second {
        return None;
    }
    let b = obs.view.beating();
    let mut h = std::collections::hash_map::DefaultHasher::new();
    obs.seat.hash(&mut h);
    b.table().hash(&mut h);
    obs.hand().hash(&mut h);
    b.trump().hash(&mut h);
    for s in Seat::all(MAX) {
        obs.hand_sizes[s].hash(&mut h);
        b.known(s).hash(&mut h);
        b.out().is_out(s).hash(&mut h);
    }
    let t = b.tally();
    Some(Position {
        key: h.finish(),
        clock: u64::from(t.plays + t.pickups),
    })
}

impl MattisHeuristic {
    /// How many times this second-half position was reached before, at earlier moves of the
    /// game (asking twice at the same move counts once).
    fn repeats(&mut self, obs: &MattisObservation) -> u32 {
        let Some(p) = second_half_position(obs) else {
            return 0;
        };
        let now = p.clock as u32;
        let entry = self.seen.entry(p.key).or_insert((now, 0));
        if entry.0 != now {
            *entry = (now, entry.1 + 1);
        }
        entry.1
    }
}

fn round_card(obs: &MattisObservation, s: Seat) -> Option<Card> {
    obs.view.round_card(s)
}

fn round_played(obs: &MattisObservation, s: Seat) -> bool {
    round_card(obs, s).is_some()
}

impl<V: Variant> Agent<TwoPart<V>> for MattisHeuristic {
    fn choose(
        &mut self,
        _game: &TwoPart<V>,
        _seat: Seat,
        obs: &MattisObservation,
        legal: &[MattisAction],
        _rng: &mut dyn RngCore,
    ) -> MattisAction {
        match obs.view.half() {
            Half::First => {
                let hand: CardSet = legal
                    .iter()
                    .filter_map(|a| match a {
                        MattisAction::Card(c) => Some(*c),
                        _ => None,
                    })
                    .collect();
                match Self::first_half(obs, hand) {
                    Some(c) => MattisAction::Card(c),
                    None => legal[0],
                }
            }
            Half::Second => {
                let trump = obs.view.beating().trump();
                let key = |a: &MattisAction| match a {
                    MattisAction::Beat(BeatMove::Play(r)) => (0, Self::beat_key(*r, trump)),
                    _ => (1, (false, 0, 0, 0)),
                };
                if legal.len() > 1 {
                    // The k-th choice in a position chosen in k times before.
                    let k = self.repeats(obs) as usize;
                    if k > 0 {
                        // The action of rank k (mod the count) in the order of `key`, ties in
                        // the order listed, found without sorting a copy.
                        let rank = k % legal.len();
                        let ranked = |i: usize| (key(&legal[i]), i);
                        return *(0..legal.len())
                            .find(|&i| {
                                (0..legal.len()).filter(|&j| ranked(j) < ranked(i)).count() == rank
                            })
                            .map(|i| &legal[i])
                            .expect("every rank below the count is some action's");
                    }
                }
                *legal
                    .iter()
                    .min_by_key(|a| key(a))
                    .expect("legal actions are never empty")
            }
        }
    }

    fn label(&self) -> String {
        "heuristic".into()
    }

    fn reset(&mut self) {
        self.seen.clear();
    }
}

#[cfg(test)]
mod tests;
