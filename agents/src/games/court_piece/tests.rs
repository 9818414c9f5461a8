use super::*;
use crate::same_information_same_choice;
use crate::tricks::testing::check_stock_honesty;
use crate::tricks::testing::partnership_wins_against_random;
use crate::tricks::testing::{assert_honest, assert_solver_exact};
use cardsim_engine::games::court_piece::CourtPieceState;
use cardsim_engine::tricks::TrickPlay;
use cardsim_engine::{Game, Params, ToMove};
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

fn game(params: &[&str]) -> CourtPiece {
    CourtPiece::new(4, &Params::parse(params).unwrap()).unwrap()
}

/// The play and the seat of an observation, for [`check_stock_honesty`].
fn obs_play(o: &CourtPieceObservation) -> (&TrickPlay, Seat) {
    (&o.play, o.seat)
}

#[test]
fn trumps_from_five_cards_and_always_play_on() {
    let mut rng = ChaCha8Rng::seed_from_u64(1);
    let g = game(&[]);
    let s = g.deal(&mut rng);
    let mut legal = Vec::new();
    g.legal_actions(&s, &mut legal);
    let seat = s.caller();
    let a = CourtPieceHeuristic.choose(&g, seat, &g.observe(&s, seat), &legal, &mut rng);
    assert_eq!(
        a,
        CourtPieceAction::Trump(choose_trump(s.play().hand(seat)))
    );
    // Find a first-seven court in random play and check the answer.
    for seed in 0..200 {
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        let mut s = g.deal(&mut rng);
        while let ToMove::Seat(seat) = g.to_move(&s) {
            g.legal_actions(&s, &mut legal);
            if s.phase() == Phase::Court {
                let a =
                    CourtPieceHeuristic.choose(&g, seat, &g.observe(&s, seat), &legal, &mut rng);
                assert_eq!(a, CourtPieceAction::PlayOn);
                return;
            }
            let a = CourtPieceHeuristic.choose(&g, seat, &g.observe(&s, seat), &legal, &mut rng);
            g.apply(&mut s, a, &mut rng);
        }
    }
    panic!("no first-seven court in 200 heuristic games");
}

#[test]
fn the_heuristic_decides_from_the_observation_only() {
    let compared =
        same_information_same_choice(&game(&["deals=2"]), &mut CourtPieceHeuristic, 0..4, 3, 80);
    assert!(compared > 100, "{compared}");
}

#[test]
fn the_heuristic_beats_random() {
    let n = 200;
    let wins = partnership_wins_against_random(&game(&[]), &mut CourtPieceHeuristic, n, 900);
    // Random partnerships would win half (100 +- 7 games, draws counting half).
    assert!(wins / n as f64 > 0.8, "heuristic side won {wins} of {n}");
}

/// The double-dummy solver on Court Piece's 13-card hands in the last tricks (a hand played
/// on after a first-seven court included): every card's value is what brute force through the
/// game's rules gives its side.
#[test]
fn the_solver_values_court_piece_cards_exactly() {
    let game = game(&[]);
    let mut dd = DoubleDummy::<CourtPiece>::new();
    let mut legal = Vec::new();
    let mut checked = 0;
    for seed in 0..60u64 {
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        let mut state = game.deal(&mut rng);
        let target = 1 + 40 + rng.random_range(0..4);
        let mut moves = 0;
        while moves < target && state.deals() == 0 {
            game.legal_actions(&state, &mut legal);
            let a = if legal.contains(&CourtPieceAction::PlayOn) {
                CourtPieceAction::PlayOn
            } else {
                legal[rng.random_range(0..legal.len())]
            };
            game.apply(&mut state, a, &mut rng);
            moves += 1;
        }
        if state.deals() != 0 || state.phase() != Phase::Play {
            continue;
        }
        assert_solver_exact(
            &game,
            &mut dd,
            &state,
            &mut rng,
            format_args!("seed {seed}"),
        );
        checked += 1;
    }
    assert!(checked >= 40, "{checked}");
}

/// Determinizations are exact: while trumps are named, the others' five cards come uniformly
/// from the 47 the seat has not seen and 32 stay undealt; in play, the hidden hands respect
/// the shown voids.
#[test]
fn determinizations_are_honest_with_the_undealt_cards_and_voids() {
    let g = game(&["deals=1"]);
    let (report, voids) = check_stock_honesty(&g, 0..4, 4, 200, CourtPieceState::play, obs_play);
    assert_honest(&report, 40);
    assert!(voids > 10, "voids must bind: {voids}");
}

/// A playout's hand ends with the hand's result: the side that won it (seven tricks or more,
/// or the first seven) is valued 2/3 and the other 1/3, 5/6 and 1/6 when the winners also
/// scored a court (the first seven tricks or seven hands in a row), 1 and 0 with two courts
/// or more (all thirteen, or both courts).
#[test]
fn a_playout_ends_with_the_hand_valued_by_its_winner_and_courts() {
    let g = game(&[]);
    let teams = CourtPiece::teams();
    let (mut courts, mut decided) = (0, 0);
    let hands = crate::search::check_hand_ends(&g, 0..15, |start, before, after, v| {
        assert_eq!(after.deals(), start.deals() + 1);
        let gained = [0, 1].map(|t| after.courts()[t] - start.courts()[t]);
        // The winner: the side that took the first seven, or seven tricks of the twelve
        // before the last card (a 6-6 hand is decided by the last trick: skipped).
        let tricks = [0, 1].map(|t| before.play().team_tricks(&teams, t));
        let Some(winner) = before.seven().or((0..2).find(|&t| tricks[t] >= 7)) else {
            return;
        };
        decided += 1;
        assert_eq!(gained[1 - winner], 0, "only the winners score courts");
        if gained[winner] > 0 {
            courts += 1;
        }
        let share = match gained[winner] {
            0 => 2.0 / 3.0,
            1 => 5.0 / 6.0,
            _ => 1.0,
        };
        for seat in Seat::all(4) {
            let expected = if teams.team(seat) == winner {
                share
            } else {
                1.0 - share
            };
            assert!((v[seat] - expected).abs() < 1e-12, "{seat:?} {gained:?}");
        }
    });
    // Twenty deals a game, the last scored by the game's outcome.
    assert_eq!(hands, 15 * 19);
    assert!(decided > 200 && courts >= 5, "{decided} {courts}");
}

/// Regression (issue #26): to the playout, a hand in which the winners took all thirteen
/// after playing on (52 courts) is worth more than the same hand stopped after the first
/// seven (one court), and the defenders' loss is greater. With every court counted and the
/// value clamped at 1, both were worth 1 and 0, so the search neither played for all
/// thirteen nor defended against it.
#[test]
fn all_thirteen_is_worth_more_to_a_playout_than_one_court() {
    let g = game(&[]);
    let value = CourtPiece::hand_end().unwrap();
    let teams = CourtPiece::teams();
    let mut legal = Vec::new();
    let mut checked = 0;
    for seed in 0..300 {
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        let mut s = g.deal(&mut rng);
        let (mut start, mut at_court) = (s.clone(), None);
        while let ToMove::Seat(seat) = g.to_move(&s) {
            if s.phase() == Phase::Court {
                at_court = Some(s.clone());
            }
            g.legal_actions(&s, &mut legal);
            let a = CourtPieceHeuristic.choose(&g, seat, &g.observe(&s, seat), &legal, &mut rng);
            let thirteen = s.tally().all_thirteen;
            g.apply(&mut s, a, &mut rng);
            if s.deals() == start.deals() {
                continue;
            }
            if let (true, Some(court)) = (s.tally().all_thirteen > thirteen, at_court.take()) {
                if let Some(all) = value(&g, &start, &s) {
                    let mut stopped = court.clone();
                    g.apply(&mut stopped, CourtPieceAction::Stop, &mut rng);
                    let one = value(&g, &start, &stopped).unwrap();
                    let winner = court.seven().unwrap();
                    for seat in Seat::all(4) {
                        if teams.team(seat) == winner {
                            assert!(all[seat] > one[seat], "seed {seed}: {all:?} {one:?}");
                        } else {
                            assert!(all[seat] < one[seat], "seed {seed}: {all:?} {one:?}");
                        }
                    }
                    checked += 1;
                }
            }
            start = s.clone();
            at_court = None;
        }
    }
    assert!(checked >= 4, "{checked}");
}

/// The default playout (`rollout=auto`) is the heuristic to the end of the hand, and the
/// search keeps the heuristic's choice unless another beats it by two standard errors.
#[test]
fn rollout_auto_plays_the_heuristic_to_the_end_of_the_hand_with_a_margin() {
    let rollout = crate::search::auto_rollout::<CourtPiece>();
    let crate::search::Rollout::HandEnd { agent, margin, .. } = rollout else {
        panic!("rollout=auto is {rollout:?}, not the end of the hand");
    };
    assert_eq!(agent.label(), "heuristic");
    assert_eq!(margin, Some(2.0));
}

/// Issue #26 §1: at Court Piece's defaults `pimc`'s dearest decisions, the opening leads, stay
/// within its node budget (each world searched within what is left of it). Before, with four
/// whole worlds and no budget, these six leads cost 0.86 to 4.56 million nodes.
#[test]
fn the_opening_leads_stay_within_the_node_budget() {
    let g = game(&[]);
    let leads = (0..6).map(|seed| {
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        let mut s = g.deal(&mut rng);
        // The caller names trumps as the heuristic would; then the opening lead.
        let caller = s.caller();
        let mut legal = Vec::new();
        g.legal_actions(&s, &mut legal);
        let trump =
            CourtPieceHeuristic.choose(&g, caller, &g.observe(&s, caller), &legal, &mut rng);
        g.apply(&mut s, trump, &mut rng);
        (s, rng)
    });
    crate::tricks::testing::assert_pimc_within_node_budget(&g, leads);
}
