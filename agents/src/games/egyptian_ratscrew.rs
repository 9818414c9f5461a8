//! Agents for Egyptian Ratscrew: the `heuristic` agent, [`RatscrewHeuristic`]. Every agent
//! of the game takes the reaction-time settings (`rt_mean`, `rt_spread`, `errors`) of
//! [`crate::reaction`].
//!
//! ```
//! use cardsim_agents::{catalog, AgentSpec};
//! use cardsim_agents::games::egyptian_ratscrew::Ratscrew;
//! let cat = catalog::<Ratscrew>();
//! let agent = cat.build(&"heuristic:rt_mean=0.3,errors=0.05".parse::<AgentSpec>().unwrap());
//! assert_eq!(agent.unwrap().label(), "heuristic:rt_mean=0.3,errors=0.05");
//! ```

use crate::{Agent, AgentKind, GameAgents};
use cardsim_engine::games::egyptian_ratscrew::{RatscrewAction, RatscrewObservation};
use cardsim_engine::Seat;
use rand::RngCore;

pub use cardsim_engine::games::egyptian_ratscrew::Ratscrew;

impl GameAgents for Ratscrew {
    fn game_agents() -> Vec<AgentKind<Ratscrew>> {
        vec![AgentKind::without_settings::<RatscrewHeuristic>(
            "heuristic",
            "slaps every real slap and never a false one (at its reaction time), and takes \
                   over a challenge when the chance of a face card times the pile outweighs the \
                   cards it risks",
        )]
    }

    const REAL_TIME: bool = true;
}

/// A sensible Ratscrew player, from the observation alone:
///
/// - in a slap race it slaps exactly when the pile's top is slappable under the game's rules;
/// - asked to continue the challenge of a player who ran out, owing `k` cards with `n` cards
///   in the pile, it continues when `p * n > (1 - p) * k`, `p = 1 - (9/13)^k` being the chance
///   of turning a face card in `k` cards of a full deck's mix.
#[derive(Clone, Copy, Debug, Default)]
pub struct RatscrewHeuristic;

impl Agent<Ratscrew> for RatscrewHeuristic {
    fn choose(
        &mut self,
        game: &Ratscrew,
        _: Seat,
        obs: &RatscrewObservation,
        legal: &[RatscrewAction],
        _: &mut dyn RngCore,
    ) -> RatscrewAction {
        let want = if legal.contains(&RatscrewAction::Slap) {
            if game.slappable(&obs.public.centre) {
                RatscrewAction::Slap
            } else {
                RatscrewAction::Pass
            }
        } else if legal.contains(&RatscrewAction::Continue) {
            let k = obs.public.challenge.map_or(1, |c| c.owed) as i32;
            let p = 1.0 - (9.0f64 / 13.0).powi(k);
            let n = obs.public.centre.len() as f64;
            if p * n > (1.0 - p) * f64::from(k) {
                RatscrewAction::Continue
            } else {
                RatscrewAction::Decline
            }
        } else {
            legal[0]
        };
        if legal.contains(&want) {
            want
        } else {
            legal[0]
        }
    }

    fn label(&self) -> String {
        "heuristic".into()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::search::honesty::check_random_games;
    use crate::{catalog, same_information_same_choice, AgentSpec, SeatView};
    use cardsim_engine::driver::{self, Policy, Scratch};
    use cardsim_engine::{Game, Params};
    use rand::{Rng, SeedableRng};
    use rand_chacha::ChaCha8Rng;

    fn game(players: usize, params: &[&str]) -> Ratscrew {
        Ratscrew::new(players, &Params::parse(params).unwrap()).unwrap()
    }

    /// Seats played by catalog agents, each with its own reaction time.
    struct Table(Vec<Box<dyn Agent<Ratscrew>>>);

    impl Policy<Ratscrew> for Table {
        type Error = std::convert::Infallible;
        fn choose<R: Rng>(
            &mut self,
            g: &Ratscrew,
            s: &<Ratscrew as Game>::State,
            seat: Seat,
            legal: &[RatscrewAction],
            rng: &mut R,
        ) -> Result<RatscrewAction, Self::Error> {
            let mut r = ChaCha8Rng::seed_from_u64(rng.random());
            Ok(self.0[seat.index()].act(&SeatView::new(g, s, seat), legal, &mut r))
        }
        fn race<R: Rng>(
            &mut self,
            g: &Ratscrew,
            s: &<Ratscrew as Game>::State,
            seat: Seat,
            legal: &[RatscrewAction],
            rng: &mut R,
        ) -> Result<(RatscrewAction, f64), Self::Error> {
            let mut r = ChaCha8Rng::seed_from_u64(rng.random());
            let agent = &mut self.0[seat.index()];
            let a = agent.act(&SeatView::new(g, s, seat), legal, &mut r);
            Ok((a, agent.reaction_time(&mut r)))
        }
    }

    /// Seat 0's mean win share over `n` two-player games of `a` against `b`.
    fn duel(a: &str, b: &str, n: u64) -> f64 {
        let g = game(2, &[]);
        let cat = catalog::<Ratscrew>();
        let build = |s: &str| cat.build(&s.parse::<AgentSpec>().unwrap()).unwrap();
        let mut total = 0.0;
        for seed in 0..n {
            let mut rng = ChaCha8Rng::seed_from_u64(seed);
            let mut s = g.deal(&mut rng);
            let mut table = Table(vec![build(a), build(b)]);
            let Ok(end) = driver::play(
                &g,
                &mut s,
                &mut table,
                &mut Scratch::new(),
                &mut rng,
                1 << 20,
            );
            total += end.outcome(&g, &s)[Seat::new(0)].win;
        }
        total / n as f64
    }

    #[test]
    fn the_heuristic_beats_random() {
        let w = duel("heuristic", "random", 200);
        assert!(w > 0.85, "{w}");
    }

    #[test]
    fn the_faster_heuristic_wins_more() {
        let w = duel("heuristic:rt_mean=0.4", "heuristic:rt_mean=0.6", 200);
        assert!(w > 0.6, "{w}");
        let w = duel("heuristic", "heuristic:errors=0.2", 200);
        assert!(w > 0.6, "{w}");
    }

    #[test]
    fn the_heuristic_decides_from_the_observation_only() {
        let g = game(3, &["sandwich=true"]);
        let compared = same_information_same_choice(&g, &mut RatscrewHeuristic, 0..4, 3, 200);
        assert!(compared > 300, "{compared}");
    }

    #[test]
    fn search_agents_play_ratscrew_races_honestly() {
        let g = game(2, &[]);
        for spec in ["ismcts:iters=20", "pimc:worlds=2,iters=10"] {
            let mut agent = catalog::<Ratscrew>()
                .build(&spec.parse::<AgentSpec>().unwrap())
                .unwrap();
            assert!(same_information_same_choice(&g, agent.as_mut(), 0..2, 2, 6) > 0);
        }
    }

    fn places(st: &<Ratscrew as Game>::State, out: &mut Vec<u32>) {
        out.clear();
        for s in Seat::all(3) {
            out.extend(st.stacks[s].iter().map(u32::from));
        }
    }

    /// Nobody sees any stack: each position holds any card not face up in the centre, evenly.
    fn belief(obs: &RatscrewObservation, _place: usize, value: u32) -> f64 {
        if obs.public.centre.iter().any(|c| u32::from(c) == value) {
            0.0
        } else {
            1.0 / (52 - obs.public.centre.len()) as f64
        }
    }

    #[test]
    fn determinizations_are_honest() {
        let g = game(3, &[]);
        let report = check_random_games(&g, 0..4, 25, 200, places, belief).unwrap();
        assert!(report.hidden_checks > 10_000, "{report:?}");
        // A belief that says a seat knows the order of its own stack is caught.
        let wrong = |o: &RatscrewObservation, place: usize, value: u32| {
            if place == 0 && value % 2 == 1 {
                0.0
            } else {
                belief(o, place, value)
            }
        };
        assert!(check_random_games(&g, 0..4, 25, 200, places, wrong).is_err());
    }
}
