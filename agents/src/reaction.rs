//! The reaction-time model of the real-time games (races): every agent of such a game takes
//! three more settings, `rt_mean`, `rt_spread` and `errors`, applied by a wrapper around it.
//!
//! - **Reaction time**: each race entry's time is drawn from a log-normal distribution with
//!   mean `rt_mean` seconds and standard deviation `rt_spread` seconds (`rt_spread=0`: always
//!   exactly `rt_mean`). Log-normal is the usual shape of human simple reaction times: positive,
//!   skewed to the slow side.
//! - **Errors**: in a race, with probability `errors` the agent's choice is replaced by another
//!   of its legal race actions, uniformly (in Ratscrew: a slap when there is nothing to slap, or
//!   a real slap missed). Turn decisions are never affected.
//!
//! The wrapper draws from the agent's RNG only in races, so games without races play exactly
//! as the bare agent would.

use crate::{Agent, SeatView};
use cardsim_engine::params::ParamSpec;
use cardsim_engine::{Game, Seat, ToMove};
use rand::{Rng, RngCore};

/// The three settings every agent of a real-time game takes.
pub const REACTION: &[ParamSpec] = &[
    ParamSpec::float(
        "rt_mean",
        "0.5",
        0.001,
        60.0,
        "real-time games: mean reaction time in seconds (log-normal)",
    ),
    ParamSpec::float(
        "rt_spread",
        "0.1",
        0.0,
        60.0,
        "real-time games: standard deviation of the reaction time in seconds",
    ),
    ParamSpec::float(
        "errors",
        "0",
        0.0,
        1.0,
        "real-time games: probability that a race decision is swapped for another legal one \
         (a false slap, a missed slap)",
    ),
];

/// A log-normal reaction-time distribution given by its mean and standard deviation.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct ReactionModel {
    /// Mean reaction time, seconds.
    pub mean: f64,
    /// Standard deviation, seconds.
    pub spread: f64,
    /// Probability of a wrong race decision.
    pub errors: f64,
}

impl Default for ReactionModel {
    fn default() -> Self {
        ReactionModel {
            mean: 0.5,
            spread: 0.1,
            errors: 0.0,
        }
    }
}

impl ReactionModel {
    /// One reaction time in seconds.
    pub fn sample(&self, rng: &mut dyn RngCore) -> f64 {
        if self.spread <= 0.0 {
            return self.mean;
        }
        // Log-normal with E = mean, SD = spread: sigma² = ln(1 + (sd/mean)²),
        // mu = ln(mean) - sigma²/2. The normal deviate by Box-Muller.
        let s2 = (1.0 + (self.spread / self.mean).powi(2)).ln();
        let mu = self.mean.ln() - s2 / 2.0;
        let u1: f64 = 1.0 - rng.random::<f64>(); // (0, 1]
        let u2: f64 = rng.random::<f64>();
        let z = (-2.0 * u1.ln()).sqrt() * (std::f64::consts::TAU * u2).cos();
        (mu + s2.sqrt() * z).exp()
    }

    /// `action`, or with probability `errors` another of `legal`, uniformly.
    fn err<A: Copy + PartialEq>(&self, action: A, legal: &[A], rng: &mut dyn RngCore) -> A {
        if self.errors <= 0.0 || legal.len() < 2 || rng.random::<f64>() >= self.errors {
            return action;
        }
        let others = legal.iter().filter(|&&a| a != action).count();
        if others == 0 {
            return action;
        }
        let k = rng.random_range(0..others);
        *legal
            .iter()
            .filter(|&&a| a != action)
            .nth(k)
            .expect("k < others")
    }
}

/// An agent with a reaction-time model (see the module docs).
pub struct Reacting<G: Game> {
    inner: Box<dyn Agent<G>>,
    model: ReactionModel,
    label: String,
}

impl<G: Game> Reacting<G> {
    /// `inner` reacting with `model` (which `inner` is told of, through
    /// [`Agent::set_reaction_model`]); `label` is the whole spec.
    pub fn new(mut inner: Box<dyn Agent<G>>, model: ReactionModel, label: String) -> Self {
        inner.set_reaction_model(model);
        Reacting {
            inner,
            model,
            label,
        }
    }
}

impl<G: Game> Agent<G> for Reacting<G> {
    fn choose(
        &mut self,
        game: &G,
        seat: Seat,
        obs: &G::Observation,
        legal: &[G::Action],
        rng: &mut dyn RngCore,
    ) -> G::Action {
        self.inner.choose(game, seat, obs, legal, rng)
    }

    fn act(
        &mut self,
        view: &SeatView<'_, G>,
        legal: &[G::Action],
        rng: &mut dyn RngCore,
    ) -> G::Action {
        let action = self.inner.act(view, legal, rng);
        if matches!(view.to_move(), ToMove::Race(_)) {
            self.model.err(action, legal, rng)
        } else {
            action
        }
    }

    fn label(&self) -> String {
        self.label.clone()
    }

    fn reaction_time(&mut self, rng: &mut dyn RngCore) -> f64 {
        self.model.sample(rng)
    }

    fn set_reaction_model(&mut self, model: ReactionModel) {
        self.model = model;
        self.inner.set_reaction_model(model);
    }

    fn reset(&mut self) {
        self.inner.reset()
    }

    fn solver_nodes(&self) -> Option<u64> {
        self.inner.solver_nodes()
    }

    fn perfect_information(&self) -> bool {
        self.inner.perfect_information()
    }

    fn choose_with_state(
        &mut self,
        game: &G,
        seat: Seat,
        state: &G::State,
        legal: &[G::Action],
        rng: &mut dyn RngCore,
    ) -> G::Action {
        let action = self.inner.choose_with_state(game, seat, state, legal, rng);
        if matches!(game.to_move(state), ToMove::Race(_)) {
            self.model.err(action, legal, rng)
        } else {
            action
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use rand::SeedableRng;
    use rand_chacha::ChaCha8Rng;

    #[test]
    fn reaction_times_have_the_declared_mean_and_spread() {
        let m = ReactionModel {
            mean: 0.4,
            spread: 0.1,
            errors: 0.0,
        };
        let mut rng = ChaCha8Rng::seed_from_u64(1);
        let n = 200_000;
        let xs: Vec<f64> = (0..n).map(|_| m.sample(&mut rng)).collect();
        let mean = xs.iter().sum::<f64>() / n as f64;
        let var = xs.iter().map(|x| (x - mean).powi(2)).sum::<f64>() / n as f64;
        assert!((mean - 0.4).abs() < 0.002, "{mean}");
        assert!((var.sqrt() - 0.1).abs() < 0.002, "{}", var.sqrt());
        assert!(xs.iter().all(|&x| x > 0.0));
        let fixed = ReactionModel { spread: 0.0, ..m };
        assert_eq!(fixed.sample(&mut rng), 0.4);
    }

    #[test]
    fn errors_swap_the_choice_at_the_declared_rate() {
        let m = ReactionModel {
            errors: 0.2,
            ..ReactionModel::default()
        };
        let mut rng = ChaCha8Rng::seed_from_u64(2);
        let n = 100_000;
        let swapped = (0..n)
            .filter(|_| m.err(1u8, &[0, 1], &mut rng) == 0)
            .count();
        let rate = swapped as f64 / n as f64;
        assert!((rate - 0.2).abs() < 0.005, "{rate}");
        // One legal action: nothing to swap to.
        assert_eq!(m.err(1u8, &[1], &mut rng), 1);
    }
}
