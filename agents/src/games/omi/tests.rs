use super::*;
use crate::same_information_same_choice;
use crate::tricks::testing::assert_solver_exact;
use crate::tricks::testing::check_stock_honesty;
use crate::tricks::testing::{
    assert_honest, partnership_wins_against_random, spec_partnership_wins,
};
use cardsim_engine::cards::Suit;
use cardsim_engine::games::omi::OmiState;
use cardsim_engine::tricks::TrickPlay;
use cardsim_engine::{Game, Params};
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

fn game(params: &[&str]) -> Omi {
    Omi::new(4, &Params::parse(params).unwrap()).unwrap()
}

/// The play and the seat of an observation, for [`check_stock_honesty`].
fn obs_play(o: &OmiObservation) -> (&TrickPlay, Seat) {
    (&o.play, o.seat)
}

#[test]
fn trumps_from_four_cards_by_length_then_honours() {
    let hand = |s: &str| s.parse::<CardSet>().unwrap();
    assert_eq!(choose_trump(hand("7S 8S 9S AH")), Suit::Spades);
    assert_eq!(choose_trump(hand("7S 8S AH KH")), Suit::Hearts);
    assert_eq!(choose_trump(hand("7S 8S AD 7H")), Suit::Spades);
    let mut rng = ChaCha8Rng::seed_from_u64(1);
    let g = game(&[]);
    let s = g.deal(&mut rng);
    let mut legal = Vec::new();
    g.legal_actions(&s, &mut legal);
    let seat = s.declarer();
    let a = OmiHeuristic.choose(&g, seat, &g.observe(&s, seat), &legal, &mut rng);
    assert_eq!(a, OmiAction::Trump(choose_trump(s.play().hand(seat))));
}

#[test]
fn the_heuristic_decides_from_the_observation_only() {
    let compared = same_information_same_choice(&game(&[]), &mut OmiHeuristic, 0..4, 3, 60);
    assert!(compared > 100, "{compared}");
}

#[test]
fn the_heuristic_beats_random() {
    let n = 300;
    let wins = partnership_wins_against_random(&game(&[]), &mut OmiHeuristic, n, 700);
    // Random partnerships would win half (150 +- 8.7 games).
    assert!(wins / n as f64 > 0.8, "heuristic side won {wins} of {n}");
}

#[test]
fn pimc_with_the_solver_beats_random() {
    let n = 20;
    let wins = spec_partnership_wins(&game(&["target=3"]), "pimc:worlds=8", n, 700);
    assert!(wins >= 14.0, "pimc side won {wins} of {n}");
}

/// The double-dummy solver on Omi's 32-card hands: every card's value is what brute force
/// through the game's rules gives its side (from the fifth trick on, some mid-trick, to keep brute force
/// quick).
#[test]
fn the_solver_values_omi_cards_exactly() {
    let game = game(&[]);
    let mut dd = DoubleDummy::<Omi>::new();
    let mut legal = Vec::new();
    for seed in 0..30u64 {
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        let mut state = game.deal(&mut rng);
        for _ in 0..1 + 18 + rng.random_range(0..4) {
            game.legal_actions(&state, &mut legal);
            let a = legal[rng.random_range(0..legal.len())];
            game.apply(&mut state, a, &mut rng);
        }
        assert_solver_exact(
            &game,
            &mut dd,
            &state,
            &mut rng,
            format_args!("seed {seed}"),
        );
    }
}

/// Determinizations are exact: while trumps are named, the others' four cards come uniformly
/// from the 28 the seat has not seen and 16 stay undealt; in play, the hidden hands respect
/// the shown voids.
#[test]
fn determinizations_are_honest_with_the_undealt_cards_and_voids() {
    let g = game(&["target=2"]);
    let (report, voids) = check_stock_honesty(&g, 0..4, 3, 300, OmiState::play, obs_play);
    assert_honest(&report, 40);
    assert!(voids > 10, "voids must bind: {voids}");
}

/// The determinization of the trump choice is checked on its own too: the declarer's
/// observation at every fresh deal.
#[test]
fn the_choosers_determinizations_are_honest() {
    let g = game(&["target=1"]);
    // every = 40: only the first decision of each game (the trump choice) and few others.
    let (report, _) = check_stock_honesty(&g, 0..12, 40, 400, OmiState::play, obs_play);
    assert_honest(&report, 12);
}
