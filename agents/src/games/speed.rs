//! Agents for Speed: the `heuristic` agent, [`SpeedHeuristic`]. Every agent of the game takes
//! the reaction-time settings (`rt_mean`, `rt_spread`, `errors`) of [`crate::reaction`].
//!
//! ```
//! use cardsim_agents::{catalog, AgentSpec};
//! use cardsim_agents::games::speed::Speed;
//! let cat = catalog::<Speed>();
//! assert!(cat.build(&"heuristic:rt_mean=0.35".parse::<AgentSpec>().unwrap()).is_ok());
//! ```

use crate::{Agent, AgentKind, GameAgents};
use cardsim_engine::cards::CardSet;
use cardsim_engine::games::speed::{fits, SpeedAction, SpeedObservation};
use cardsim_engine::Seat;
use rand::RngCore;

pub use cardsim_engine::games::speed::Speed;

impl GameAgents for Speed {
    fn game_agents() -> Vec<AgentKind<Speed>> {
        vec![AgentKind::without_settings::<SpeedHeuristic>(
            "heuristic",
            "makes the play that leaves the other player the fewest possible plays (over \
                   the cards it may hold), then the one after which its own hand can go on \
                   longest",
        )]
    }

    const REAL_TIME: bool = true;
}

/// A sensible Speed player: the tops of the two piles are shared, so a play that opens
/// follow-ups opens them for both players. Of its plays it makes the one that leaves the other
/// player the fewest possible plays on the new tops (counted over every card it may hold:
/// those not in this hand, on the piles or in a rebuilt talon), then the one after which its
/// own hand could go on longest (the longest run of plays in a row onto the two piles); on a
/// tie the first in the legal list.
#[derive(Clone, Copy, Debug, Default)]
pub struct SpeedHeuristic;

impl Agent<Speed> for SpeedHeuristic {
    fn choose(
        &mut self,
        _: &Speed,
        _: Seat,
        obs: &SpeedObservation,
        legal: &[SpeedAction],
        _: &mut dyn RngCore,
    ) -> SpeedAction {
        let tops = [
            obs.public.piles[0].last().copied(),
            obs.public.piles[1].last().copied(),
        ];
        // The cards the other player may hold: neither in my hand, on the piles, nor in a
        // rebuilt talon; each is in the other hand with the same chance.
        let mut seen = obs.hand;
        for p in &obs.public.piles {
            seen = seen.union(p.iter().copied().collect());
        }
        for k in obs.public.talon_known.iter().flatten() {
            seen = seen.union(*k);
        }
        let unseen = CardSet::FULL_DECK.difference(seen);
        let score = |a: &SpeedAction| {
            let mut t = [tops[0].unwrap_or(a.card), tops[1].unwrap_or(a.card)];
            t[a.pile as usize] = a.card;
            let theirs: usize = unseen
                .without(a.card)
                .iter()
                .map(|c| t.iter().filter(|&&top| fits(c, top)).count())
                .sum();
            // Fewest plays left to the other player first, then the longest run for mine.
            (
                std::cmp::Reverse(theirs),
                chain(obs.hand.without(a.card), t),
            )
        };
        let mut best = legal[0];
        let mut best_n = score(&best);
        for a in &legal[1..] {
            let n = score(a);
            if n > best_n {
                best = *a;
                best_n = n;
            }
        }
        best
    }

    fn label(&self) -> String {
        "heuristic".into()
    }
}

/// The most cards `hand` can play in a row onto piles topped by `tops` (at most 5 deep).
fn chain(hand: cardsim_engine::cards::CardSet, tops: [cardsim_engine::cards::Card; 2]) -> usize {
    let mut best = 0;
    for c in hand.iter() {
        for p in 0..2 {
            if fits(c, tops[p]) {
                let mut t = tops;
                t[p] = c;
                best = best.max(1 + chain(hand.without(c), t));
                if best == hand.len() {
                    return best;
                }
            }
        }
    }
    best
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::same_information_same_choice;
    use crate::search::honesty::check_random_games;
    use cardsim_engine::cards::{Card, CardSet};
    use cardsim_engine::driver::{self, Policy, Scratch};
    use cardsim_engine::{Game, Params};
    use rand::{Rng, SeedableRng};
    use rand_chacha::ChaCha8Rng;

    fn game() -> Speed {
        Speed::new(2, &Params::new()).unwrap()
    }

    /// Seat 0's mean win share over `n` games of `a` against `b`.
    fn duel(a: &str, b: &str, n: u64) -> f64 {
        crate::testing::duel(&game(), a, b, n)
    }

    #[test]
    fn the_heuristic_keeps_follow_ups_open() {
        let g = game();
        let c = |s: &str| s.parse::<Card>().unwrap();
        // Piles 7S and KD; hand 8H 9C 6D. 8H on 7S leaves the other player the three unseen
        // sevens and three unseen nines on 8H; 6D on 7S leaves four fives and three sevens on
        // 6D (the queens and aces on KD either way). The heuristic plays 8H.
        let s = g.position(
            &mut ChaCha8Rng::seed_from_u64(0),
            [&[c("8H"), c("9C"), c("6D")], &[c("2C")]],
            [&[], &[]],
            [&[], &[]],
            [&[c("7S")], &[c("KD")]],
        );
        let mut legal = Vec::new();
        g.race_actions(&s, Seat::new(0), &mut legal);
        assert_eq!(legal.len(), 2);
        let obs = g.observe(&s, Seat::new(0));
        let mut rng = ChaCha8Rng::seed_from_u64(1);
        let a = SpeedHeuristic.choose(&g, Seat::new(0), &obs, &legal, &mut rng);
        assert_eq!(a.card, c("8H"));
    }

    /// At equal speed the heuristic beats random play (0.5664 of 20,000 seeded games in
    /// docs/rules/speed.md; this test wants more than 0.53 of 4,000); with reaction times
    /// equal to the microsecond every race is an exact tie, broken at random (never by
    /// seat), and the heuristic still wins (0.605 over 200 games).
    #[test]
    fn the_heuristic_beats_random_at_equal_speed() {
        let w = duel("heuristic", "random", 4000);
        assert!(w > 0.53, "{w}");
        let w = duel("heuristic:rt_spread=0", "random:rt_spread=0", 200);
        assert!(w > 0.55, "{w}");
    }

    /// A one-ply oracle for issue #26's bound: it sees the other hand and its own next stock
    /// card, and makes the play that leaves the other player no play, then one that leaves
    /// itself a play (ties at random). Seat 0; seat 1 plays at random; both react alike.
    struct Oracle(ChaCha8Rng);

    impl Policy<Speed> for Oracle {
        type Error = std::convert::Infallible;
        fn choose<R: Rng>(
            &mut self,
            _: &Speed,
            _: &<Speed as Game>::State,
            _: Seat,
            legal: &[SpeedAction],
            _: &mut R,
        ) -> Result<SpeedAction, Self::Error> {
            Ok(legal[0])
        }
        fn race<R: Rng>(
            &mut self,
            _: &Speed,
            s: &<Speed as Game>::State,
            seat: Seat,
            legal: &[SpeedAction],
            _: &mut R,
        ) -> Result<(SpeedAction, f64), Self::Error> {
            let r = &mut self.0;
            let time = crate::reaction::ReactionModel::default().sample(r);
            if seat.index() == 1 {
                return Ok((legal[r.random_range(0..legal.len())], time));
            }
            let has_play = |hand: CardSet, tops: [Card; 2]| {
                hand.iter().any(|c| tops.iter().any(|&t| fits(c, t)))
            };
            let score = |a: &SpeedAction| {
                let mut tops = [0, 1].map(|p| *s.public.piles[p].last().unwrap());
                tops[a.pile as usize] = a.card;
                let mut mine = s.hands[0].without(a.card);
                mine.extend(s.stocks[0].last().copied());
                (!has_play(s.hands[1], tops), has_play(mine, tops))
            };
            let best = legal.iter().map(score).max().unwrap();
            let ties: Vec<_> = legal.iter().filter(|a| score(a) == best).collect();
            Ok((*ties[r.random_range(0..ties.len())], time))
        }
    }

    /// A rule that sees the other hand but looks only one play ahead gains little from the
    /// choice of play: the one-ply [`Oracle`] wins about 0.60 against random play (0.599 over
    /// 20,000 games), short of issue #26's 0.65; only a search that also sees the other hand
    /// passes it (0.66, see `docs/rules/speed.md`).
    #[test]
    fn a_one_ply_oracle_stays_short_of_two_thirds() {
        let g = game();
        let n = 2000;
        let mut total = 0.0;
        for seed in 0..n {
            let mut rng = ChaCha8Rng::seed_from_u64(seed);
            let mut s = g.deal(&mut rng);
            let mut oracle = Oracle(ChaCha8Rng::seed_from_u64(seed + (1 << 32)));
            let Ok(end) = driver::play(
                &g,
                &mut s,
                &mut oracle,
                &mut Scratch::new(),
                &mut rng,
                1 << 20,
            );
            total += end.outcome(&g, &s)[Seat::new(0)].win;
        }
        let w = total / n as f64;
        // 2,000 games: a standard error of 0.011.
        assert!(w > 0.56 && w < 0.64, "{w}");
    }

    #[test]
    fn the_faster_player_wins_more() {
        let w = duel("heuristic:rt_mean=0.4", "heuristic:rt_mean=0.6", 200);
        assert!(w > 0.6, "{w}");
    }

    #[test]
    fn the_heuristic_decides_from_the_observation_only() {
        let compared = same_information_same_choice(&game(), &mut SpeedHeuristic, 0..4, 3, 100);
        assert!(compared > 200, "{compared}");
    }

    /// Place `k < 52`: where card `k` lies (0/1 hand of seat 0/1, 2/3 stock, 4/5 talon,
    /// 6 a discard pile); then the stocks' cards in order, top first.
    fn places(st: &<Speed as Game>::State, out: &mut Vec<u32>) {
        out.clear();
        out.resize(52, 6);
        let slot = |c: &Card| Card::all52().position(|d| d == *c).unwrap();
        for p in 0..2 {
            for c in st.hands[p].iter() {
                out[slot(&c)] = p as u32;
            }
            for c in &st.stocks[p] {
                out[slot(c)] = 2 + p as u32;
            }
            for c in &st.talons[p] {
                out[slot(c)] = 4 + p as u32;
            }
        }
        for p in 0..2 {
            out.extend(st.stocks[p].iter().rev().map(|c| slot(c) as u32));
        }
    }

    /// Each unseen card lies in a hidden place (the other hand, the stocks, an original talon)
    /// with probability proportional to its size; a rebuilt talon holds its known cards; the
    /// stock positions hold any unseen card evenly.
    fn belief(obs: &SpeedObservation, place: usize, value: u32) -> f64 {
        let me = obs.seat.index();
        let pb = &obs.public;
        let mut seen = obs.hand;
        for p in &pb.piles {
            seen = seen.union(p.iter().copied().collect());
        }
        let mut known_talons = CardSet::EMPTY;
        for k in pb.talon_known.iter().flatten() {
            known_talons = known_talons.union(*k);
        }
        let pool = CardSet::FULL_DECK.difference(seen).difference(known_talons);
        let n = pool.len() as f64;
        if place < 52 {
            let card = Card::all52().nth(place).unwrap();
            let truth = if obs.hand.contains(card) {
                me as u32
            } else if seen.contains(card) {
                6
            } else if let Some(t) =
                (0..2).find(|&t| pb.talon_known[t].is_some_and(|k| k.contains(card)))
            {
                4 + t as u32
            } else {
                let size = match value {
                    v if v == 1 - me as u32 => f64::from(pb.hand_sizes[1 - me]),
                    2 | 3 => f64::from(pb.stock_sizes[value as usize - 2]),
                    4 | 5 if pb.talon_known[value as usize - 4].is_none() => {
                        f64::from(pb.talon_sizes[value as usize - 4])
                    }
                    _ => 0.0,
                };
                return size / n;
            };
            return f64::from(u8::from(truth == value));
        }
        let card = Card::all52().nth(value as usize).unwrap();
        if pool.contains(card) {
            1.0 / n
        } else {
            0.0
        }
    }

    #[test]
    fn determinizations_are_honest() {
        let report = check_random_games(&game(), 0..6, 7, 200, places, belief).unwrap();
        assert!(report.hidden_checks > 10_000, "{report:?}");
    }
}
