//! Race decisions for the search agents: flat Monte Carlo over the seat's race actions.
//!
//! A race has no seat to move, so the trees of ISMCTS and UCT (which branch on one mover's
//! choices) do not start there. Instead each race action is tried in turn on a sampled state:
//! the searching seat enters it, every other seat in the race enters an action of the
//! search's [`Rollout`], the race is resolved, and the game is played out with the rollout.
//! The action with the best mean reward for the seat is chosen. The rollout is random unless
//! set otherwise (`rollout=heuristic`, or the game's own playout with `rollout=auto`, the
//! default, where the game offers one: Spoons and Pig).
//!
//! Reaction times, in that first race and in every race of the playout, follow the
//! reaction-time model ([`Timing`]): the searching seat reacts with its own `rt_mean` and
//! `rt_spread`, every other seat as the typical player (0.5 s mean, 0.1 s spread). So a fast
//! searcher plans on winning most races, and a slow one on losing them.

use super::rollout::{Rollout, Timing};
use crate::reaction::ReactionModel;
use crate::SeatView;
use cardsim_engine::driver::{Policy, Scratch};
use cardsim_engine::{Game, RaceEntry, ToMove};
use rand::{Rng, RngCore, SeedableRng};
use rand_chacha::ChaCha8Rng;

/// The race action of the view's seat, by [`race_action`] over determinizations of its
/// observation: what `ismcts` and `pimc` play in a race.
pub(crate) fn race_action_from<G: Game>(
    view: &SeatView<'_, G>,
    legal: &[G::Action],
    playouts: u32,
    rollout: &mut Rollout<G>,
    reaction: ReactionModel,
    rng: &mut dyn RngCore,
) -> G::Action {
    let (game, obs) = (view.game(), view.observation());
    let timing = Timing::new(view.seat(), reaction);
    race_action(game, legal, playouts, rollout, timing, rng, |r| {
        game.determinize(obs, r)
    })
}

/// The race action of `timing.me` with the best mean reward over `playouts` playouts (at
/// least one per action), each from `sample(rng)`, the other seats and the playout following
/// `rollout`, every reaction time drawn from `timing`. Actions tied for the best mean are
/// settled by the rollout policy's own choice for the seat in the first sample, when it is
/// one of them, else at random among them. With the rollout's
/// [`race_margin`](Rollout::race_margin) `z`, that own choice stands unless another action's
/// mean beats it by more than `z` standard errors of the difference (then the best such).
/// Reproducible from one `u64` of `rng`.
pub(crate) fn race_action<G: Game>(
    game: &G,
    legal: &[G::Action],
    playouts: u32,
    rollout: &mut Rollout<G>,
    timing: Timing,
    rng: &mut dyn RngCore,
    mut sample: impl FnMut(&mut ChaCha8Rng) -> G::State,
) -> G::Action {
    if legal.len() == 1 {
        return legal[0];
    }
    let seat = timing.me;
    let mut rng = ChaCha8Rng::seed_from_u64(rng.next_u64());
    let mut scratch = Scratch::new();
    let mut totals = vec![0.0; legal.len()];
    let mut squares = vec![0.0; legal.len()];
    let playouts = (playouts as usize).max(legal.len());
    let mut first = None;
    for k in 0..playouts {
        let i = k % legal.len();
        let mut state = sample(&mut rng);
        if first.is_none() {
            first = Some(state.clone());
        }
        let ToMove::Race(mask) = game.to_move(&state) else {
            unreachable!("a sample of a race position is a race");
        };
        let mut entries: Vec<RaceEntry<G::Action>> = Vec::with_capacity(mask.iter().count());
        for s in mask.iter() {
            let action = if s == seat {
                legal[i]
            } else {
                game.race_actions(&state, s, &mut scratch.legal);
                if scratch.legal.is_empty() {
                    continue;
                }
                let Ok((action, _)) = rollout.race(game, &state, s, &scratch.legal, &mut rng);
                action
            };
            let reaction = timing.of(s).sample(&mut rng);
            entries.push(RaceEntry {
                seat: s,
                action,
                reaction,
            });
        }
        // A hand valued from the search's root is valued from the race position.
        let root = rollout.hand_end().map(|_| state.clone());
        game.apply_race(&mut state, &entries, &mut rng);
        let rewards = rollout.play_out(
            game,
            &mut state,
            &mut scratch,
            &mut rng,
            Some(timing),
            root.as_ref(),
        );
        totals[i] += rewards[seat];
        squares[i] += rewards[seat] * rewards[seat];
    }
    // Every action had the same number of playouts (or one fewer), so means compare fairly.
    let tries = |i: usize| ((playouts - i).div_ceil(legal.len())) as f64;
    let mean = |i: usize| totals[i] / tries(i);
    if let Some(z) = rollout.race_margin() {
        let state = first.as_ref().expect("at least one playout was sampled");
        let Ok((keep, _)) = rollout.race(game, state, seat, legal, &mut rng);
        if let Some(k) = legal.iter().position(|&a| a == keep) {
            // The squared standard error of action i's mean.
            let error_sq = |i: usize| {
                let n = tries(i);
                let variance = (squares[i] / n - mean(i) * mean(i)).max(0.0);
                variance / (n - 1.0).max(1.0)
            };
            let mut best = k;
            for i in 0..legal.len() {
                let margin = z * (error_sq(i) + error_sq(k)).sqrt();
                if mean(i) - mean(k) > margin && mean(i) > mean(best) {
                    best = i;
                }
            }
            return legal[best];
        }
    }
    let best = (0..legal.len()).map(mean).fold(f64::NEG_INFINITY, f64::max);
    let tied = (0..legal.len()).filter(|&i| mean(i) == best).count();
    let nth_tied = |k: usize| {
        (0..legal.len())
            .filter(|&i| mean(i) == best)
            .nth(k)
            .expect("k is below the count of tied actions")
    };
    if tied == 1 {
        return legal[nth_tied(0)];
    }
    // Tied (the playouts could not tell the actions apart): the playout policy's own choice
    // for the seat, if it is among them, else one of them at random; never simply the first
    // listed, which in Spoons is a card of the lowest suit, passed whatever the hand.
    let state = first.expect("at least one playout was sampled");
    let Ok((preferred, _)) = rollout.race(game, &state, seat, legal, &mut rng);
    match legal.iter().position(|&a| a == preferred) {
        Some(i) if mean(i) == best => legal[i],
        _ => legal[nth_tied(rng.random_range(0..tied))],
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use cardsim_engine::games::speed::Speed;
    use cardsim_engine::{Params, Seat};

    /// Seat 0's mean reward over random Speed playouts from fresh deals, seat 0 reacting in
    /// exactly `mine` seconds and seat 1 as the typical player.
    fn seat0_share(mine: f64) -> f64 {
        let game = Speed::new(2, &Params::new()).unwrap();
        let timing = Timing::new(
            Seat::new(0),
            ReactionModel {
                mean: mine,
                spread: 0.0,
                errors: 0.0,
            },
        );
        let mut rng = ChaCha8Rng::seed_from_u64(9);
        let mut scratch = Scratch::new();
        let n = 100;
        let mut total = 0.0;
        for _ in 0..n {
            let mut state = game.deal(&mut rng);
            let r = Rollout::Random.play_out(
                &game,
                &mut state,
                &mut scratch,
                &mut rng,
                Some(timing),
                None,
            );
            total += r[Seat::new(0)];
        }
        total / f64::from(n)
    }

    /// The playouts' races follow the timing: a searching seat that reacts five times faster
    /// than the typical player wins nearly every playout, five times slower nearly none
    /// (uniform reaction times for both seats, as before, gave about half either way).
    #[test]
    fn playout_races_follow_the_searchers_reaction_time() {
        let fast = seat0_share(0.1);
        let slow = seat0_share(2.5);
        assert!(fast > 0.9, "{fast}");
        assert!(slow < 0.1, "{slow}");
    }
}
