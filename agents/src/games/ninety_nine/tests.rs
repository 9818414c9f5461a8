//! Ninety-Nine's agents: the heuristic's choices, its strength against random (placements, not
//! only wins), honesty, and the search agents over whole games.

use super::*;
use crate::search::honesty::check_random_games;
use crate::testing::{in_turn, play_against_random, play_with_agents, SEARCH_AGENTS};
use crate::{catalog, same_information_same_choice, AgentSpec, RandomAgent};
use cardsim_engine::games::ninety_nine::{values, NinetyNineState};
use cardsim_engine::{Card, CardSet, Game, Params};

fn c(s: &str) -> Card {
    s.parse().unwrap()
}

fn act(card: &str, count: Count) -> NinetyNineAction {
    NinetyNineAction {
        card: c(card),
        count,
    }
}

#[test]
fn catalog_builds_the_heuristic() {
    let cat = catalog::<NinetyNine>();
    assert_eq!(
        cat.kinds().iter().filter(|k| k.name == "heuristic").count(),
        1
    );
    assert!(cat
        .build(&"heuristic:x=1".parse::<AgentSpec>().unwrap())
        .is_err());
}

#[test]
fn the_heuristic_keeps_its_savers_and_uses_the_one_that_leaves_the_count_lowest() {
    let key = |a, count| NinetyNineHeuristic::key(a, count);
    let pick = |legal: &[NinetyNineAction], count: i32| {
        *legal.iter().min_by_key(|&&a| key(a, count)).unwrap()
    };
    // At 50 with K, 9, 10, 7 and an ace: the ace as +1 (an ordinary card, lowest result).
    let legal = [
        act("7C", Count::Add(7)),
        act("9D", Count::NinetyNine),
        act("TD", Count::Add(10)),
        act("TD", Count::Add(-10)),
        act("KH", Count::Add(0)),
        act("AS", Count::Add(1)),
        act("AS", Count::Add(11)),
    ];
    assert_eq!(pick(&legal, 50), act("AS", Count::Add(1)));
    assert_eq!(pick(&legal[..5], 50), act("7C", Count::Add(7)));
    // Only savers: the ten as -10, then the king, then the ten as +10, the nine last.
    assert_eq!(pick(&legal[1..5], 95), act("TD", Count::Add(-10)));
    assert_eq!(pick(&legal[1..3], 50), act("TD", Count::Add(10)));
    assert_eq!(pick(&[legal[1], legal[4]], 95), act("KH", Count::Add(0)));
    assert_eq!(pick(&legal[1..2], 95), act("9D", Count::NinetyNine));
}

#[test]
fn same_information_same_choice_for_random_and_heuristic() {
    for players in [2, 4] {
        let game = NinetyNine::new(players, &Params::new()).unwrap();
        let n = same_information_same_choice(&game, &mut RandomAgent, 0..4, 3, 60);
        assert!(n > 100, "{players} players: only {n} comparisons");
        let n = same_information_same_choice(&game, &mut NinetyNineHeuristic, 0..4, 3, 60);
        assert!(n > 100, "{players} players: only {n} comparisons");
    }
}

/// Plays one game with `hero` in `hero_seat` and random elsewhere; the hero's place.
fn hero_place(game: &NinetyNine, hero_seat: Seat, seed: u64) -> u8 {
    play_against_random(game, &mut NinetyNineHeuristic, |s| s == hero_seat, seed)[hero_seat].place
}

#[test]
fn heuristic_places_better_than_random() {
    for (players, min_first, max_mean) in [(2, 0.58, 1.42), (3, 0.42, 1.8)] {
        let game = NinetyNine::new(players, &Params::new()).unwrap();
        let games = 1500;
        let places: Vec<u8> = (0..games)
            .map(|i| hero_place(&game, Seat::new(i as usize % players), i))
            .collect();
        let first = places.iter().filter(|&&p| p == 1).count() as f64 / games as f64;
        let mean = places.iter().map(|&p| p as f64).sum::<f64>() / games as f64;
        // Random in the hero's seat: first 1/players, mean place (players + 1) / 2.
        assert!(
            first > min_first && mean < max_mean,
            "{players} players: first {first:.3}, mean place {mean:.3}"
        );
    }
}

fn places(st: &NinetyNineState, out: &mut Vec<u32>) {
    out.clear();
    for s in Seat::all(2) {
        out.extend(st.hand_of(s).iter().map(|c| c.index() as u32));
    }
    out.extend(st.stock().as_slice().iter().map(|c| c.index() as u32));
}

/// Two players, one card each: the other seat's card is uniform over the unseen cards it could
/// hold (those not all of the stock could, and when it is to move, those it can play); each
/// stock position holds an unseen card with the probability that it is not in that hand.
fn belief(game: &NinetyNine) -> impl Fn(&NinetyNineObservation, usize, u32) -> f64 + '_ {
    move |obs, place, value| {
        let card = Card::from_index(value as u8);
        let me = obs.seat;
        let other = Seat::new(1 - me.index());
        let unseen = obs.unseen();
        let forced = unseen - obs.restock;
        let cands: CardSet = if !forced.is_empty() {
            forced
        } else if obs.turn == other {
            unseen
                .iter()
                .filter(|&c| {
                    values(c.rank()).iter().any(|&x| {
                        let r = NinetyNineAction { card: c, count: x }.result(obs.count);
                        r <= 99 && (game.negative_allowed() || r >= 0)
                    })
                })
                .collect()
        } else {
            unseen
        };
        let p_hand = |c: Card| {
            if cands.contains(c) {
                1.0 / cands.len() as f64
            } else {
                0.0
            }
        };
        let mine = if me.index() == 0 { 0 } else { 1 };
        match place {
            0 | 1 if place == mine => f64::from(obs.hand.contains(card)),
            0 | 1 => p_hand(card),
            _ if !unseen.contains(card) => 0.0,
            _ => (1.0 - p_hand(card)) / (unseen.len() - 1) as f64,
        }
    }
}

#[test]
fn determinizations_are_honest_with_one_card_each() {
    let game = NinetyNine::new(2, &Params::parse(&["hand=1"]).unwrap()).unwrap();
    let report = check_random_games(&game, 0..6, 3, 400, places, belief(&game)).unwrap();
    assert!(report.positions >= 40, "{report:?}");
    assert!(
        report.truth_bias().abs() < 5.0 && report.worst_chi_square < 5.0,
        "{report:?}"
    );
}

#[test]
fn search_agents_play_whole_games() {
    for players in [2, 3] {
        let game = NinetyNine::new(players, &Params::parse(&["tokens=1"]).unwrap()).unwrap();
        let (st, decisions) = play_with_agents(&game, &SEARCH_AGENTS, in_turn, players as u64);
        assert!(decisions > 0 && game.outcome(&st).is_some());
    }
}

/// A playout's hand ends when a player cannot stay at or below 99: that player lost a token
/// and is valued 0, each of the two others 0.75 (it gained nothing, the mean of the others
/// lost half a token).
#[test]
fn a_playout_ends_with_the_hand_valued_by_the_token_lost() {
    let game = NinetyNine::new(3, &Params::new()).unwrap();
    let mut eliminations = 0;
    let hands = crate::search::check_hand_ends(&game, 0..20, |start, _, after, v| {
        assert_eq!(after.hand_number(), start.hand_number() + 1);
        let lost: Vec<Seat> = Seat::all(3)
            .filter(|&s| after.tokens_of(s) < start.tokens_of(s))
            .collect();
        assert_eq!(lost.len(), 1, "one token a hand");
        assert_eq!(start.tokens_of(lost[0]) - after.tokens_of(lost[0]), 1);
        eliminations += u32::from(after.tokens_of(lost[0]) == 0);
        for s in Seat::all(3) {
            let expected = if s == lost[0] { 0.0 } else { 0.75 };
            assert_eq!(v[s], expected, "{s:?}");
        }
    });
    // Three tokens each: six to eight hands a game, the last one ending the game.
    assert!(hands >= 20 * 5, "{hands}");
    assert!(eliminations >= 20, "{eliminations}");
}
