//! Mattis and Myllymatti agents: the heuristic's choices, its strength against random
//! (placements, not only wins), honesty, exact determinization beliefs, and the search agents.

use super::*;
use crate::search::honesty::check_random_games;
use crate::testing::{in_turn, play_against_random, play_with_agents};
use crate::{catalog, same_information_same_choice, AgentSpec, RandomAgent};
use cardsim_engine::games::mattis::MattisState;
use cardsim_engine::{Game, Params, ToMove};
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;

fn c(s: &str) -> Card {
    s.parse().unwrap()
}

#[test]
fn catalog_builds_the_heuristic_for_both_games() {
    for (kinds, name) in [
        (catalog::<Mattis>().kinds().len(), "mattis"),
        (catalog::<Myllymatti>().kinds().len(), "myllymatti"),
    ] {
        assert!(
            kinds >= 6,
            "{name}: random, heuristic and the search agents"
        );
    }
    assert!(catalog::<Mattis>()
        .build(&"heuristic:x=1".parse::<AgentSpec>().unwrap())
        .is_err());
}

#[test]
fn the_heuristic_prefers_cheap_non_trump_beats_and_long_low_runs() {
    let key = |s: &str, len| MattisHeuristic::beat_key(Run::new(c(s), len), Suit::Spades);
    assert!(key("9H", 1) < key("2S", 1), "a heart before a trump");
    assert!(key("9H", 1) < key("TH", 1));
    assert!(
        key("5H", 3) < key("5H", 1),
        "the longer run from the same card"
    );
    assert_eq!(worth(c("2C")), -6);
    assert_eq!(worth(c("AS")), 6);
}

#[test]
fn same_information_same_choice_for_random_and_heuristic() {
    for players in [3, 5] {
        let game = Mattis::new(players, &Params::new()).unwrap();
        let n = same_information_same_choice(&game, &mut MattisHeuristic::default(), 0..4, 3, 40);
        assert!(n > 100, "{players} players: only {n} comparisons");
        let n = same_information_same_choice(&game, &mut RandomAgent, 0..4, 3, 40);
        assert!(n > 100, "{players} players: only {n} comparisons");
    }
    let game = Myllymatti::new(3, &Params::new()).unwrap();
    let n = same_information_same_choice(&game, &mut MattisHeuristic::default(), 0..4, 3, 40);
    assert!(n > 100, "myllymatti: only {n} comparisons");
}

/// Plays one game with the heuristic in `hero` and random elsewhere; the hero's place.
fn hero_place<V: Variant>(game: &TwoPart<V>, hero: Seat, seed: u64) -> u8 {
    let mut agent = MattisHeuristic::default();
    play_against_random(game, &mut agent, |s| s == hero, seed)[hero].place
}

fn mean_place<V: Variant>(game: &TwoPart<V>, games: u64) -> (f64, f64) {
    let n = game.players();
    let places: Vec<u8> = (0..games)
        .map(|i| hero_place(game, Seat::new(i as usize % n), i))
        .collect();
    let last = places.iter().filter(|&&p| p as usize == n).count() as f64 / games as f64;
    let mean = places.iter().map(|&p| p as f64).sum::<f64>() / games as f64;
    (mean, last)
}

/// Random in the hero's seat: mean place (n + 1) / 2 and the mattis 1/n of the time. Measured
/// (600 games each): Mattis 3 players mean place 1.22, mattis 3%; 5 players 1.79, 0.3%;
/// Myllymatti 1.04, never the mattis.
#[test]
fn heuristic_places_better_than_random() {
    for players in [3, 5] {
        let game = Mattis::new(players, &Params::new()).unwrap();
        let (mean, last) = mean_place(&game, 600);
        let random_mean = (players as f64 + 1.0) / 2.0;
        assert!(
            mean < random_mean - 0.5 && last < 0.3 / players as f64,
            "mattis {players}: mean place {mean:.3}, mattis {last:.3}"
        );
    }
    let game = Myllymatti::new(3, &Params::new()).unwrap();
    let (mean, last) = mean_place(&game, 600);
    assert!(
        mean < 1.4 && last < 0.1,
        "myllymatti: mean place {mean:.3}, mattis {last:.3}"
    );
}

/// Where each card is: a seat's hand (its index), the stock (20), or public (21: won piles,
/// the table, discards).
fn places(st: &MattisState, out: &mut Vec<u32>) {
    out.clear();
    for card in Card::all52() {
        let mut loc = 21;
        for s in Seat::all(cardsim_engine::MAX_SEATS) {
            if st.hand_of(s).contains(card) {
                loc = s.index() as u32;
            }
        }
        if st.stock().cards().contains(card) {
            loc = 20;
        }
        out.push(loc);
    }
}

/// The exact belief, computed by enumerating every way to give the unseen cards to the hidden
/// slots (the other hands' unknown parts, the stock) that keeps each card out of the hands
/// that showed they had none of it; small positions only.
fn belief(obs: &MattisObservation, place: usize, value: u32) -> f64 {
    let card = Card::all52().nth(place).unwrap();
    let players = 3;
    let mut known = CardSet::EMPTY;
    let mut slots: Vec<(u32, usize, CardSet)> = Vec::new();
    for s in Seat::all(players) {
        let visible = obs.view.hand_of(s);
        known |= visible;
        if s == obs.seat {
            continue;
        }
        let hidden = obs.hand_sizes[s] as usize - visible.len();
        let excluded = match obs.view.half() {
            Half::First => CardSet::EMPTY,
            Half::Second => obs.view.beating().excluded(s),
        };
        slots.push((s.index() as u32, hidden, excluded));
    }
    if obs.view.half() == Half::First {
        slots.push((20, obs.stock as usize, CardSet::EMPTY));
    }
    let mut public = CardSet::EMPTY;
    match obs.view.half() {
        Half::First => {
            for s in Seat::all(players) {
                public |= obs.view.won(s) | obs.view.table_of(s);
            }
        }
        Half::Second => {
            let b = obs.view.beating();
            public = b.discards() | b.table_cards();
        }
    }
    if obs.view.hand_of(obs.seat).contains(card) {
        return f64::from(value == obs.seat.index() as u32);
    }
    for s in Seat::all(players) {
        if obs.view.hand_of(s).contains(card) {
            return f64::from(value == s.index() as u32);
        }
    }
    if public.contains(card) {
        return f64::from(value == 21);
    }
    let unseen: Vec<Card> = (CardSet::FULL_DECK - known - public).iter().collect();
    // Without exclusions: proportional to the slot sizes.
    if slots.iter().all(|s| s.2.is_empty()) {
        let total: usize = slots.iter().map(|s| s.1).sum();
        return slots
            .iter()
            .find(|s| s.0 == value)
            .map_or(0.0, |s| s.1 as f64 / total as f64);
    }
    fn count(cards: &[Card], slots: &mut [(u32, usize, CardSet)], fix: Option<(Card, u32)>) -> f64 {
        let Some((&first, rest)) = cards.split_first() else {
            return 1.0;
        };
        let mut total = 0.0;
        for i in 0..slots.len() {
            let (id, room, ex) = slots[i];
            if room == 0 || ex.contains(first) {
                continue;
            }
            if let Some((fc, fid)) = fix {
                if fc == first && fid != id {
                    continue;
                }
            }
            slots[i].1 -= 1;
            total += count(rest, slots, fix);
            slots[i].1 += 1;
        }
        total
    }
    let all = count(&unseen, &mut slots.clone(), None);
    count(&unseen, &mut slots.clone(), Some((card, value))) / all
}

#[test]
fn determinizations_are_honest_in_myllymatti() {
    let game = Myllymatti::new(3, &Params::new()).unwrap();
    let report = check_random_games(&game, 0..4, 9, 300, places, belief).unwrap();
    assert!(report.positions >= 40, "{report:?}");
    assert!(report.truth_bias().abs() < 5.0 && report.worst_chi_square < 5.0);
}

/// Mattis's second half hides the cards left in hands at the end of the first, and a forced
/// pick-up shows which cards a hand lacks: the belief counts exactly.
#[test]
fn determinizations_are_honest_in_mattis() {
    let game = Mattis::new(3, &Params::new()).unwrap();
    let report = check_random_games(&game, 0..6, 7, 300, places, belief).unwrap();
    assert!(report.positions >= 60, "{report:?}");
    assert!(report.truth_bias().abs() < 5.0 && report.worst_chi_square < 5.0);
}

fn search_agents_play<G: GameAgents>(game: &G) {
    let specs = [
        "ismcts:iters=20",
        "mo-ismcts:iters=20",
        "pimc:worlds=2,iters=10",
        "cheat:iters=20",
    ];
    let (st, decisions) = play_with_agents(game, &specs, in_turn, 2);
    assert!(decisions > 0 && game.outcome(&st).is_some());
}

#[test]
fn search_agents_play_whole_games() {
    search_agents_play(&Mattis::new(3, &Params::new()).unwrap());
    search_agents_play(&Myllymatti::new(3, &Params::new()).unwrap());
}

/// Heuristics in every seat finish every game by the rules: the seeds that used to reach
/// the move cap (in Mattis with eight players, three players left passing the same low cards
/// round, e.g. seed 51) now end.
#[test]
fn heuristics_finish_every_game() {
    finish_every_game(&Mattis::new(8, &Params::new()).unwrap(), 300);
    finish_every_game(&Mattis::new(4, &Params::new()).unwrap(), 300);
    finish_every_game(&Myllymatti::new(3, &Params::new()).unwrap(), 1000);
}

fn finish_every_game<V: Variant>(game: &TwoPart<V>, games: u64) {
    let mut legal = Vec::new();
    let mut agents: Vec<MattisHeuristic> = vec![MattisHeuristic::default(); game.players()];
    for seed in 0..games {
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        let mut state = game.deal(&mut rng);
        agents.iter_mut().for_each(Agent::<TwoPart<V>>::reset);
        let mut moves = 0u64;
        while let ToMove::Seat(seat) = game.to_move(&state) {
            game.legal_actions(&state, &mut legal);
            let obs = game.observe(&state, seat);
            let a = agents[seat.index()].choose(game, seat, &obs, &legal, &mut rng);
            game.apply(&mut state, a, &mut rng);
            moves += 1;
            assert!(
                moves < 20_000,
                "seed {seed}: still going after {moves} moves"
            );
        }
        // Over by the rules: one loser, the mattis, or the players left sharing the loss.
        assert!(game.outcome(&state).is_some(), "seed {seed}");
    }
}

/// Game 6 of `cardsim simulate --game mattis --agents ismcts --games 20 --seed 0`: its deal
/// and first 243 moves, after which seat 0 is out and seats 1 to 3 each lead the diamond just
/// handed to them, the next one picking it up, to the move cap.
const LOOP_DEAL: &str = "hands: TC 7H 2S / 5D 6H JH / 8D 9D TH / 3C 2D AD; stock: 5S 3D 4S 7D \
    6S QH 5H 8H 9H QD 3H JS KH 8C AH AC TD 4C 9S TS 9C AS 3S 6D KS 5C KC 4D 8S 6C JD KD 2C \
    2H 7S QS 4H QC JC 7C";
const LOOP_MOVES: &str = "2S blind 9D 2D 8D 3C blind 6H blind 5H 7H 5D 3D 4S 3H blind JS \
    blind blind blind TS blind AH AC QD 7D 3S TC 8H 8C 6D JH TH AD JD KC 2C QH KD QS 4H QC 7S \
    5C 2H 6C KS 4D 8S AS 3D 5D AC take take take 6D-7D 5C 7C AC 5S-6S 8S JC-QC take take take \
    JD 4C take 9C KC take take take 3D 5D 8D-9D QD QC-KC take 4S-6S 3C JC KC 4H 4C 9C take TC \
    take take take 7S JS 9C TC 4D KD 4C take take 6C take take TS QS 4C 6C 5H-6H AH 2C take \
    take take 3S 9S take KS 8C take take take 2H 5H-6H 7H TH KD QC take take 4H 8H KH QC 4D AD \
    take take AH 8C take take KS 2C take 8C take take AH take 8S AS take take 2S-3S 8C take \
    take 2D take 2S-3S 9S 2C take take 8C take take KS AS 2C 8C 2S-3S 8S-9S take take 2D 4D KD \
    take take take TD JD take KD AD take take take 2S-3S 8S-9S take take AH take JH QH take AH \
    take take JH take TD AD take take 4D take TD JD KD take take AD take take 3H 9H QH AH \
    8S-9S take JH take TD JD take KD AD take take take 4D JD KD AD JH take 2D take JH";

/// The search agents remember the second-half positions they chose in: from the position
/// where `ismcts` players passed two diamonds round to the move cap, `pimc` players (4 worlds
/// of 50 iterations, which passed them round to the cap in 5 of 5 games before) finish
/// within a few hundred moves, and so does `cheat`.
#[test]
fn search_agents_do_not_pass_the_same_cards_round() {
    use cardsim_engine::DealText;
    let game = Mattis::new(4, &Params::new()).unwrap();
    let mut legal = Vec::new();
    for spec in ["pimc:worlds=4,iters=50", "cheat:iters=50"] {
        for seed in 0..3 {
            let mut rng = ChaCha8Rng::seed_from_u64(seed);
            let mut state = game.parse_deal(LOOP_DEAL).unwrap();
            for m in LOOP_MOVES.split_whitespace() {
                game.legal_actions(&state, &mut legal);
                let a = *legal.iter().find(|a| a.to_string() == m).unwrap();
                game.apply(&mut state, a, &mut rng);
            }
            let mut agents: Vec<_> = (0..4)
                .map(|_| {
                    catalog::<Mattis>()
                        .build(&spec.parse::<AgentSpec>().unwrap())
                        .unwrap()
                })
                .collect();
            let mut moves = 0;
            while let ToMove::Seat(seat) = game.to_move(&state) {
                game.legal_actions(&state, &mut legal);
                let obs = game.observe(&state, seat);
                let a = agents[seat.index()].choose(&game, seat, &obs, &legal, &mut rng);
                game.apply(&mut state, a, &mut rng);
                moves += 1;
                assert!(
                    moves < 500,
                    "{spec}, seed {seed}: still going after {moves} moves"
                );
            }
        }
    }
}
