//! The generic "same information, same decision" check.

use crate::Agent;
use cardsim_engine::{Game, Seat, ToMove};
use rand::seq::IndexedRandom;
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;

/// Plays random games and, at every decision, checks that `agent` with a fixed RNG chooses the
/// same action in the true state and in `resamples` re-determinizations of it from the acting
/// seat's observation (states the seat cannot tell apart). Returns the number of decisions
/// compared.
///
/// # Panics
/// When the two choices differ, or when a determinization changes the seat's legal actions.
pub fn same_information_same_choice<G: Game>(
    game: &G,
    agent: &mut dyn Agent<G>,
    seeds: std::ops::Range<u64>,
    resamples: usize,
    max_decisions_per_game: usize,
) -> usize {
    let mut compared = 0;
    let mut legal = Vec::new();
    let mut legal_d = Vec::new();
    for seed in seeds {
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        let mut state = game.deal(&mut rng);
        let mut decisions = 0;
        while let ToMove::Seat(seat) = game.to_move(&state) {
            game.legal_actions(&state, &mut legal);
            if legal.len() > 1 && decisions < max_decisions_per_game {
                let choice = decide(game, agent, seat, &state, &legal, seed);
                for k in 0..resamples {
                    let mut sample_rng = ChaCha8Rng::seed_from_u64(seed * 1000 + k as u64);
                    let other = game.determinize(&game.observe(&state, seat), &mut sample_rng);
                    game.legal_actions(&other, &mut legal_d);
                    assert_eq!(
                        legal_d, legal,
                        "seed {seed}: determinization changed the legal actions"
                    );
                    let again = decide(game, agent, seat, &other, &legal_d, seed);
                    assert_eq!(
                        again,
                        choice,
                        "seed {seed}: {} chose differently in an indistinguishable state",
                        agent.label()
                    );
                    compared += 1;
                }
                decisions += 1;
            }
            let a = *legal.choose(&mut rng).expect("legal actions");
            game.apply(&mut state, a, &mut rng);
        }
    }
    compared
}

fn decide<G: Game>(
    game: &G,
    agent: &mut dyn Agent<G>,
    seat: Seat,
    state: &G::State,
    legal: &[G::Action],
    seed: u64,
) -> G::Action {
    let mut rng = ChaCha8Rng::seed_from_u64(seed ^ 0xA6E7);
    agent.choose(game, seat, &game.observe(state, seat), legal, &mut rng)
}
