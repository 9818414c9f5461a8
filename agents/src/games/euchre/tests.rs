use super::*;
use crate::same_information_same_choice;
use crate::search::honesty::check_random_games;
use crate::testing::{choices, decisions_where, Decision};
use crate::tricks::testing::assert_solver_exact;
use crate::tricks::testing::{assert_honest, stub_places, MarginalCache6, StubView};
use crate::tricks::testing::{partnership_wins_against_random, spec_partnership_wins};
use cardsim_engine::games::euchre::EuchreState;
use cardsim_engine::tricks::TrickTaking;
use cardsim_engine::{Game, Params};
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

fn game(params: &[&str]) -> Euchre {
    Euchre::new(4, &Params::parse(params).unwrap()).unwrap()
}

fn cards(s: &str) -> CardSet {
    s.parse().unwrap()
}

#[test]
fn bidding_counts_trumps_bowers_and_aces() {
    // Right, left, ace of spades and two off aces: 3 + 2.5 + 2 + 1 + 1, and alone.
    let strong = cards("JS JC AS AH AD");
    assert_eq!(hand_value(strong, Suit::Spades), 10.0); // and 0.5 for the club void
    assert!(goes_alone(strong, Suit::Spades));
    // Without the right bower: no lone hand.
    assert!(!goes_alone(cards("JC AS KS AH AD"), Suit::Spades));
    // A king outside: no lone hand.
    assert!(!goes_alone(cards("JS JC AS KH AD"), Suit::Spades));
    // Two small trumps and nothing: 2 + a void (0.5 each for hearts with...): below MAKE.
    let weak = cards("9S TS 7H 8D 9D");
    assert!(hand_value(weak, Suit::Spades) < MAKE);
    // The left bower counts as a trump, not as a club.
    assert_eq!(hand_value(cards("JC"), Suit::Spades), 2.5);
    // The dealer discards a plain singleton to make a void, never a trump or an ace.
    assert_eq!(
        best_discard(cards("JS AS 9H TD QD"), Suit::Spades),
        "9H".parse().unwrap()
    );
    assert_eq!(
        best_discard(cards("JS AS AH TD QD"), Suit::Spades),
        "TD".parse().unwrap()
    );
}

#[test]
fn the_heuristic_decides_from_the_observation_only() {
    for params in [&[][..], &["lone_defender=true", "deck=24"]] {
        let game = game(params);
        let compared =
            same_information_same_choice(&game, &mut EuchreHeuristic::default(), 0..4, 3, 60);
        assert!(compared > 100);
    }
}

#[test]
fn the_heuristic_beats_random() {
    let n = 300;
    let wins = partnership_wins_against_random(&game(&[]), &mut EuchreHeuristic::default(), n, 500);
    // Random partnerships would win half (150 +- 8.7); the heuristic wins well over 90%.
    assert!(wins / n as f64 > 0.8, "heuristic side won {wins} of {n}");
}

#[test]
fn pimc_with_the_solver_beats_random() {
    let n = 20;
    let wins = spec_partnership_wins(
        &game(&["target=3", "stick_the_dealer=true"]),
        "pimc:worlds=8",
        n,
        500,
    );
    assert!(wins >= 14.0, "pimc side won {wins} of {n}");
}

/// The double-dummy solver on the real game's hands, lone hands and lone defences included
/// (the sitting-out partner keeps his cards): every card's value is what brute force through
/// the game's rules gives its side.
#[test]
fn the_solver_values_euchre_cards_exactly_with_lone_hands() {
    let game = game(&["lone_defender=true", "stick_the_dealer=true"]);
    let mut dd = DoubleDummy::<Euchre>::new();
    let mut legal = Vec::new();
    let mut lone = 0;
    for seed in 0..60u64 {
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        let mut state = game.deal(&mut rng);
        // Bid at random but go alone (and defend alone) on two seeds in three.
        while game.trick_play(&state).is_none() {
            game.legal_actions(&state, &mut legal);
            let a = if seed % 3 != 0 && legal.contains(&EuchreAction::Alone) {
                EuchreAction::Alone
            } else if seed % 3 == 1 && legal.contains(&EuchreAction::DefendAlone) {
                EuchreAction::DefendAlone
            } else {
                legal[rng.random_range(0..legal.len())]
            };
            game.apply(&mut state, a, &mut rng);
        }
        lone += usize::from(state.alone());
        // A few random cards, then compare.
        for _ in 0..rng.random_range(0..6) {
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
    assert!(lone >= 30, "lone hands tested: {lone}");
}

// -------------------------------------------------------------------------------------------
// Honesty of the determinizations: hidden hands, the stub (with the dealer's discard) and
// voids.
// -------------------------------------------------------------------------------------------

/// The exact chance of each unseen card being in each hidden hand or the stub, every deal of
/// the unseen cards consistent with the observation equally likely: hand sizes, shown voids,
/// the upcard with the dealer when taken up, the upcard or the observer's discard known in the
/// stub.
fn marginals(g: &Euchre, obs: &EuchreObservation) -> Vec<[f64; 6]> {
    let mut view = StubView::new(&obs.play, obs.seat, g.deck());
    if !obs.taken_up && !obs.play.record().played().contains(obs.upcard) {
        view.out.insert(obs.upcard);
    }
    if let Some(d) = obs.discard {
        view.out.insert(d);
    }
    if obs.taken_up && obs.seat != obs.dealer {
        view.fixed[obs.dealer.index()].insert(obs.upcard);
    }
    view.marginals()
}

#[test]
fn determinizations_are_honest_with_the_stub_the_discard_and_voids() {
    for params in [
        &["target=2"][..],
        &["target=2", "deck=24", "lone_defender=true"],
    ] {
        let g = game(params);
        let cache = MarginalCache6::new();
        let belief = |obs: &EuchreObservation, place: usize, value: u32| {
            cache.belief(obs, &obs.play, obs.seat, place, value, |o| marginals(&g, o))
        };
        let places =
            |st: &EuchreState, out: &mut Vec<u32>| stub_places(st.play(), CardSet::FULL_DECK, out);
        let report = check_random_games(&g, 0..4, 3, 300, places, belief).unwrap();
        assert_honest(&report, 40);
        let voids = cache.voids.get();
        assert!(voids > 10, "voids must bind: {voids}");
    }
}

/// The search agents' default playout (`rollout=auto`) is the heuristic's play to the end of
/// the hand (issue #26): random play made every bid look alike.
#[test]
fn rollout_auto_plays_the_heuristic_to_the_end_of_the_hand() {
    crate::testing::assert_auto_rollout_is_the_heuristic_to_the_hand_end::<Euchre>();
}

/// Deals (from seeds 0 and up) where the first seat passes and the dealer's partner holds
/// three trumps or more of the upcard's suit and a hand worth at least `strength` with what
/// the upcard adds to his side (as the heuristic counts it), with the seat's observation and
/// legal actions: up to `n` of them.
fn strong_partner_hands(n: usize, strength: f64) -> Vec<Decision<Euchre>> {
    let pass = |g: &Euchre, state: &mut EuchreState, rng: &mut ChaCha8Rng| {
        g.apply(state, EuchreAction::Pass, rng)
    };
    decisions_where(&game(&[]), n, pass, |seed, seat, obs| {
        assert_eq!(obs.phase, Phase::Order, "seed {seed}");
        assert!(Euchre::teams().same(seat, obs.dealer), "seed {seed}");
        let up = obs.upcard;
        let v = hand_value(obs.hand(), up.suit()) + 0.5 + 0.5 * trump_card_value(up, up.suit());
        let trumps = obs.hand() & CardOrder::euchre(up.suit(), None).trump_cards();
        v >= strength && trumps.len() >= 3
    })
}

/// Regression (issue #26, the search passing the hands the heuristic makes trumps on): the
/// dealer's partner, after a pass, orders up the upcard's suit with three trumps and a hand
/// worth 7 or more with the upcard (the heuristic orders up from 5). With random playouts
/// `ismcts` passed the first of these (`7C QC 8S TS AS`, the right bower turned up for its
/// partner).
#[test]
fn ismcts_orders_up_a_strong_hand() {
    let hands = strong_partner_hands(8, 7.0);
    assert_eq!(hands.len(), 8);
    for ((_, obs, _), a) in hands.iter().zip(choices(&game(&[]), "ismcts", &hands)) {
        assert_eq!(
            a,
            EuchreAction::OrderUp,
            "hand {} upcard {}",
            obs.hand(),
            obs.upcard
        );
    }
}

/// Deals (from seeds 0 and up) where the three others pass and the dealer, with the upcard
/// taken and the heuristic's discard made, holds three trumps or more and a hand worth at
/// least `strength` (as the heuristic counts it), with the dealer's observation and legal
/// actions: up to `n` of them.
fn strong_dealer_hands(n: usize, strength: f64) -> Vec<Decision<Euchre>> {
    let passes = |g: &Euchre, state: &mut EuchreState, rng: &mut ChaCha8Rng| {
        for _ in 0..3 {
            g.apply(state, EuchreAction::Pass, rng);
        }
    };
    decisions_where(&game(&[]), n, passes, |seed, seat, obs| {
        assert_eq!(obs.phase, Phase::Order, "seed {seed}");
        assert_eq!(seat, obs.dealer, "seed {seed}");
        let up = obs.upcard;
        let hand = dealer_hand(obs.hand(), up);
        let trumps = hand & CardOrder::euchre(up.suit(), None).trump_cards();
        hand_value(hand, up.suit()) >= strength && trumps.len() >= 3
    })
}

/// Regression (issue #26 §3): the dealer, after three passes, takes up the card with three
/// trumps and a hand worth 7 or more (the heuristic takes it up from 5). ISMCTS's tree chose
/// the other seats' bids from statistics shared by every hand they might hold, so passing
/// looked better than it is; it now leaves their bids to the heuristic playout, which sees
/// each seat's sampled hand. The old default (the tree searching every bid) passed one of
/// them, `JC AC JD AH KS` with `9H` turned up: the left bower, the ace and the nine of
/// hearts once the king of spades is discarded, with the jack and ace of clubs.
#[test]
fn ismcts_dealer_takes_up_a_strong_hand() {
    let hands = strong_dealer_hands(12, 7.0);
    assert_eq!(hands.len(), 12);
    let mut passed = Vec::new();
    for ((_, obs, _), a) in hands.iter().zip(choices(&game(&[]), "ismcts", &hands)) {
        if a != EuchreAction::OrderUp {
            passed.push(format!("{} with {}", obs.hand(), obs.upcard));
        }
    }
    assert!(passed.is_empty(), "passed: {passed:?}");
}

/// Regression (issue #26 §3, strategy fusion in the auction): `pimc` orders up the dealer's
/// partner's strong hands. Its old world solver, perfect-information UCT in the auction,
/// searched the bids after a pass seeing every hand (the partner's or its own later bid
/// then fits the world), so a pass looked as good as ordering up; it passed some of these.
/// Its worlds now value each bid by the heuristic's play of every seat to the hand's end.
#[test]
fn pimc_orders_up_a_strong_hand_without_fusing_the_later_bids() {
    use crate::search::{auto_rollout, PimcSettings};
    let g = game(&[]);
    let hands = strong_partner_hands(12, 6.0);
    assert_eq!(hands.len(), 12);
    let passes = |agent: &mut dyn Agent<Euchre>| {
        let mut passed = Vec::new();
        for (i, (seat, obs, legal)) in hands.iter().enumerate() {
            let mut rng = ChaCha8Rng::seed_from_u64(i as u64);
            if agent.choose(&g, *seat, obs, legal, &mut rng) != EuchreAction::OrderUp {
                passed.push(format!("{} with {}", obs.hand(), obs.upcard));
            }
        }
        passed
    };
    let mut pimc = crate::catalog::<Euchre>()
        .build(&"pimc".parse().unwrap())
        .unwrap();
    assert_eq!(passes(pimc.as_mut()), Vec::<String>::new());
    // The old default: the same worlds, UCT in the auction.
    let mut old = crate::Pimc::new(
        PimcSettings::default().worlds(20),
        Box::new(DoubleDummy::<Euchre>::new()),
    )
    .with_race_rollout(auto_rollout::<Euchre>());
    assert!(!passes(&mut old).is_empty());
}
