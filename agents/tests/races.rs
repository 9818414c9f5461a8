//! The agents' side of races, on the engine's test race game (Snap): the honesty check and
//! the same-information check drive races, and a search agent plays them.

use cardsim_agents::search::honesty::check_random_games;
use cardsim_agents::{catalog, same_information_same_choice, AgentSpec};
use cardsim_engine::conformance::snap::{Snap, CARDS};
use cardsim_engine::{Game, Params, Seat};

/// Places: every card position in the face-down piles, seat by seat.
fn places(st: &<Snap as Game>::State, out: &mut Vec<u32>) {
    out.clear();
    for s in Seat::all(3) {
        out.extend(st.piles[s].iter().map(|&c| u32::from(c)));
    }
}

/// Belief: nobody sees any pile, so each position holds any card not in the centre, evenly.
fn belief(obs: &<Snap as Game>::Observation, _place: usize, value: u32) -> f64 {
    if obs.centre.iter().any(|&c| u32::from(c) == value) {
        0.0
    } else {
        1.0 / f64::from(u32::from(CARDS) - obs.centre.len() as u32)
    }
}

#[test]
fn determinizations_in_races_are_honest() {
    let game = Snap::new(3, &Params::new()).unwrap();
    let report = check_random_games(&game, 0..6, 3, 200, places, belief).unwrap();
    assert!(report.hidden_checks > 1000, "{report:?}");
}

#[test]
fn a_leaky_belief_is_caught_in_races() {
    // A belief that claims the seat knows its own pile is contradicted by the samples.
    let game = Snap::new(3, &Params::new()).unwrap();
    let wrong = |obs: &<Snap as Game>::Observation, place: usize, value: u32| {
        if place == 0 && value % 2 == 1 {
            0.0
        } else {
            belief(obs, place, value)
        }
    };
    assert!(check_random_games(&game, 0..6, 3, 200, places, wrong).is_err());
}

#[test]
fn search_agents_choose_from_what_their_seat_sees_in_races() {
    let game = Snap::new(2, &Params::new()).unwrap();
    for spec in ["random", "ismcts:iters=50", "pimc:worlds=3,iters=20"] {
        let mut agent = catalog::<Snap>()
            .build(&spec.parse::<AgentSpec>().unwrap())
            .unwrap();
        let compared = same_information_same_choice(&game, agent.as_mut(), 0..4, 3, 8);
        assert!(compared > 0, "{spec}");
    }
}

#[test]
fn every_agent_of_a_race_game_takes_the_reaction_model() {
    use rand::SeedableRng;
    let cat = catalog::<Snap>();
    assert_eq!(cat.shared_settings().len(), 3);
    let build = |s: &str| cat.build(&s.parse::<AgentSpec>().unwrap());
    let mut fast = build("random:rt_mean=0.2,rt_spread=0").unwrap();
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(1);
    assert_eq!(fast.reaction_time(&mut rng), 0.2);
    assert_eq!(fast.label(), "random:rt_mean=0.2,rt_spread=0");
    let mut slow = build("ismcts:iters=10,rt_mean=2,rt_spread=0.5,errors=0.1").unwrap();
    let mean = (0..2000).map(|_| slow.reaction_time(&mut rng)).sum::<f64>() / 2000.0;
    assert!((mean - 2.0).abs() < 0.05, "{mean}");
    assert!(build("random:errors=2").is_err());
    assert!(build("random:rt_mean=0").is_err());
    assert!(build("random:speed=1").is_err());
    // Games without races take no reaction settings.
    let trash = catalog::<cardsim_engine::games::trash::Trash>();
    assert!(trash.shared_settings().is_empty());
    assert!(trash
        .build(&"random:rt_mean=0.2".parse::<AgentSpec>().unwrap())
        .is_err());
}
