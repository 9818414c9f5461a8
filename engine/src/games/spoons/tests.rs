use super::*;
use crate::conformance::{self, perft::perft_table};
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;

fn c(s: &str) -> Card {
    s.parse().unwrap()
}

fn set(list: &str) -> CardSet {
    list.split_whitespace().map(c).collect()
}

fn spoons(players: usize, params: &[&str]) -> Spoons {
    Spoons::new(players, &Params::parse(params).unwrap()).unwrap()
}

fn pig(players: usize, params: &[&str]) -> Pig {
    Pig::new(players, &Params::parse(params).unwrap()).unwrap()
}

fn rng() -> ChaCha8Rng {
    ChaCha8Rng::seed_from_u64(0)
}

/// A full-deck position: the listed hands, the stock (top first) and every other card in the
/// discard pile.
fn pos<V: SpoonsVariant>(
    g: &SpoonsGame<V>,
    dealer: usize,
    hands: &[&str],
    stock: &str,
    letters: &[u8],
) -> SpoonsState {
    let hands: Vec<CardSet> = hands.iter().map(|h| set(h)).collect();
    let stock: Vec<Card> = stock.split_whitespace().map(c).collect();
    let used = hands
        .iter()
        .fold(CardSet::EMPTY, |a, &h| a.union(h))
        .union(stock.iter().copied().collect());
    let discards = if g.matched() {
        CardSet::EMPTY
    } else {
        CardSet::FULL_DECK.difference(used)
    };
    let s = g.position(Seat::new(dealer), &hands, &stock, discards, letters);
    g.check_invariants(&s).unwrap();
    s
}

fn race<V: SpoonsVariant>(
    g: &SpoonsGame<V>,
    s: &mut SpoonsState,
    entries: &[(usize, SpoonsAction, f64)],
) {
    let entries: Vec<_> = entries
        .iter()
        .map(|&(seat, action, reaction)| RaceEntry {
            seat: Seat::new(seat),
            action,
            reaction,
        })
        .collect();
    for e in &entries {
        let mut legal = Vec::new();
        g.race_actions(s, e.seat, &mut legal);
        assert!(legal.contains(&e.action), "{} for {}", e.action, e.seat);
    }
    g.apply_race(s, &entries, &mut rng());
    g.check_invariants(s).unwrap();
}

fn pass(card: &str) -> SpoonsAction {
    SpoonsAction::Pass(c(card))
}

const GRAB: SpoonsAction = SpoonsAction::Grab;

fn actions<V: SpoonsVariant>(g: &SpoonsGame<V>, s: &SpoonsState, seat: usize) -> usize {
    let mut out = Vec::new();
    g.race_actions(s, Seat::new(seat), &mut out);
    out.len()
}

#[test]
fn four_of_a_kind_is_all_four_cards_of_a_rank() {
    assert_eq!(four_of_a_kind(set("7S 7H 7D 7C 2S")), Some(Rank::Seven));
    assert_eq!(four_of_a_kind(set("7S 7H 7D 2C 2S")), None);
}

#[test]
fn cards_pass_to_the_right_and_the_dealers_left_discards() {
    let g = spoons(4, &[]);
    // Dealer 0 has drawn its fifth card; the chain is 0 -> 3 -> 2 -> 1 -> discard pile.
    let mut s = pos(
        &g,
        0,
        &[
            "2S 3S 4S 5S 6S",
            "2H 3H 4H 5H",
            "2D 3D 4D 5D",
            "2C 3C 4C 5C",
        ],
        "9S 9H",
        &[],
    );
    assert_eq!(g.last_in_chain(&s.public), Seat::new(1));
    // Only the dealer has a card to pass (nobody holds four of a kind).
    assert_eq!(
        (0..4).map(|i| actions(&g, &s, i)).collect::<Vec<_>>(),
        [5, 0, 0, 0]
    );
    race(&g, &mut s, &[(0, pass("6S"), 0.5)]);
    assert!(s.hands[Seat::new(3)].contains(c("6S")));
    assert_eq!(s.hands[Seat::new(0)], set("2S 3S 4S 5S 9S"), "drew the top");
    assert_eq!(s.public.stock_size, 1);
    assert_eq!(s.public.tick, 1);
    race(&g, &mut s, &[(0, pass("9S"), 0.5), (3, pass("2C"), 0.4)]);
    race(
        &g,
        &mut s,
        &[
            (0, pass("9H"), 0.5),
            (3, pass("9S"), 0.4),
            (2, pass("2C"), 0.6),
        ],
    );
    assert!(s.hands[Seat::new(1)].contains(c("2C")));
    // Seat 1, last in the chain, discards; the dealer finds the stock empty and the discard
    // pile becomes the stock.
    assert_eq!(s.public.counts.restocks, 1);
    let discards_before = s.discards.len() + s.stock.len();
    race(
        &g,
        &mut s,
        &[
            (0, pass("2S"), 0.5),
            (3, pass("9H"), 0.4),
            (2, pass("9S"), 0.6),
            (1, pass("2C"), 0.3),
        ],
    );
    assert!(s.discards.contains(c("2C")));
    assert_eq!(s.discards.len() + s.stock.len(), discards_before);
    assert_eq!(s.public.counts.passes, 1 + 2 + 3 + 4);
}

#[test]
fn grabbing_needs_four_of_a_kind() {
    let g = spoons(3, &[]);
    // Seat 2 holds four sevens without a fifth card: it may only grab. Seat 1 holds no four
    // of a kind and no fifth card: nothing to do.
    let s = pos(
        &g,
        0,
        &["2S 3S 4S 5S 6S", "2H 3H 4H 5H", "7S 7H 7D 7C"],
        "9S",
        &[],
    );
    let mut out = Vec::new();
    g.race_actions(&s, Seat::new(2), &mut out);
    assert_eq!(out, [GRAB]);
    g.race_actions(&s, Seat::new(1), &mut out);
    assert!(out.is_empty());
    g.race_actions(&s, Seat::new(0), &mut out);
    assert!(!out.contains(&GRAB) && out.len() == 5);
}

#[test]
fn the_first_grab_stops_the_passing_and_the_slowest_gets_a_letter() {
    let g = spoons(4, &[]);
    let mut s = pos(
        &g,
        0,
        &[
            "2S 3S 4S 5S 6S",
            "2H 3H 4H 5H",
            "7S 7H 7D 7C",
            "2C 3C 4C 5C 9D",
        ],
        "9S",
        &[],
    );
    // The dealer's pass (0.3) lands; seat 2 grabs at 0.4; seat 3's pass at 0.5 is dropped.
    race(
        &g,
        &mut s,
        &[(0, pass("6S"), 0.3), (2, GRAB, 0.4), (3, pass("9D"), 0.5)],
    );
    assert_eq!(s.public.grabbed, Some(Seat::new(2)));
    assert!(s.pending[Seat::new(3)] == Some(c("6S")));
    assert!(s.hands[Seat::new(3)].contains(c("9D")));
    assert_eq!(
        g.to_move(&s),
        ToMove::Race(SeatMask(0b1011)),
        "the others race for two spoons"
    );
    assert_eq!(actions(&g, &s, 1), 1);
    race(
        &g,
        &mut s,
        &[(0, GRAB, 0.45), (1, GRAB, 0.61), (3, GRAB, 0.6)],
    );
    assert_eq!(s.public.letters.first(4), [0, 1, 0, 0]);
    assert_eq!(s.public.last_loser, Some(Seat::new(1)));
    // A new round: dealt by the next seat to the left.
    assert_eq!(s.public.dealer, Seat::new(1));
    assert_eq!(s.public.grabbed, None);
    assert_eq!(s.public.hand_sizes.first(4), [4, 5, 4, 4]);
    assert_eq!(s.public.counts.rounds, 1);
}

#[test]
fn of_two_grabs_in_a_tick_the_faster_is_first() {
    let g = spoons(3, &[]);
    let mut s = pos(
        &g,
        0,
        &["8S 8H 8D 8C 6S", "2H 3H 4H 5H", "7S 7H 7D 7C"],
        "9S",
        &[],
    );
    race(&g, &mut s, &[(0, GRAB, 0.5), (2, GRAB, 0.4)]);
    assert_eq!(s.public.grabbed, Some(Seat::new(2)));
    // Seat 0, holding four of a kind too, races seat 1 for the last spoon.
    race(&g, &mut s, &[(0, GRAB, 0.3), (1, GRAB, 0.2)]);
    assert_eq!(s.public.letters.first(3), [1, 0, 0]);
    assert_eq!(s.public.counts.slow_quads, 1);
}

#[test]
fn with_two_players_in_the_other_loses_at_once() {
    let g = spoons(3, &[]);
    // Seat 1 is out (five letters): seats 0 and 2 play for one spoon.
    let mut s = pos(
        &g,
        0,
        &["2S 3S 4S 5S 6S", "", "7S 7H 7D 7C"],
        "9S",
        &[4, 5, 0],
    );
    race(&g, &mut s, &[(0, pass("6S"), 0.3), (2, GRAB, 0.4)]);
    // Seat 0 spells SPOON and is out: seat 2 wins.
    assert_eq!(g.to_move(&s), ToMove::Over);
    let o = g.outcome(&s).unwrap();
    let places: Vec<u8> = o.first(3).iter().map(|r| r.place).collect();
    assert_eq!(places, [2, 3, 1]);
    assert_eq!(o[Seat::new(2)].win, 1.0);
}

#[test]
fn a_late_pass_of_a_four_of_a_kind_is_counted() {
    let g = spoons(3, &[]);
    let mut s = pos(
        &g,
        0,
        &["8S 8H 8D 8C 6S", "2H 3H 4H 5H", "7S 7H 2D 3C"],
        "9S",
        &[],
    );
    race(&g, &mut s, &[(0, pass("6S"), 0.5)]);
    assert_eq!(s.public.counts.late_grabs, 1);
    assert_eq!(actions(&g, &s, 0), 6, "still four eights: grab or pass any");
}

#[test]
fn pig_has_three_letters_and_a_covert_signal() {
    let g = pig(3, &[]);
    assert_eq!(g.letters(), 3);
    assert_eq!(Pig::INFO.name, "pig");
    // Seat 0 touches its nose. Seat 2, holding four of a kind itself, needs no noticing and
    // beats seat 1 despite a slower reaction: with `notice=60` seat 1 notices after a mean
    // minute.
    let g = pig(3, &["notice=60"]);
    let mut s = pos(
        &g,
        0,
        &["8S 8H 8D 8C 6S", "2H 3H 4H 5H", "7S 7H 7D 7C 2D"],
        "9S",
        &[2, 2, 2],
    );
    race(&g, &mut s, &[(0, GRAB, 0.3), (2, pass("2D"), 0.9)]);
    // Seat 2's pass came after the grab and was dropped.
    assert!(s.hands[Seat::new(2)].contains(c("2D")));
    race(&g, &mut s, &[(1, GRAB, 0.2), (2, GRAB, 0.9)]);
    assert_eq!(s.public.letters.first(3), [2, 3, 2]);
    assert!(s.public.out.is_out(Seat::new(1)));
    // Two players left, dealt by seat 2 (seat 1 is out).
    assert_eq!(s.public.dealer, Seat::new(2));
    assert_eq!(s.public.hand_sizes.first(3), [4, 0, 5]);
}

#[test]
fn spoons_notices_at_once() {
    // Spoons' default `notice=0`: the faster reaction wins whatever the hands.
    let g = spoons(3, &[]);
    let mut s = pos(
        &g,
        0,
        &["8S 8H 8D 8C 6S", "2H 3H 4H 5H", "7S 7H 7D 7C"],
        "9S",
        &[],
    );
    race(&g, &mut s, &[(0, GRAB, 0.3)]);
    race(&g, &mut s, &[(1, GRAB, 0.2), (2, GRAB, 0.9)]);
    assert_eq!(s.public.letters.first(3), [0, 0, 1]);
}

#[test]
fn a_matched_pack_passes_round_a_ring() {
    let g = spoons(3, &["deck=matched"]);
    let s = g.deal(&mut rng());
    assert_eq!(s.public.pack, set("AS AH AD AC KS KH KD KC QS QH QD QC"));
    assert_eq!((s.public.stock_size, s.public.discard_size), (0, 0));
    let mut s = pos(
        &g,
        0,
        &["AS AH KS QS", "AD KH KD QH", "AC KC QD QC"],
        "",
        &[],
    );
    assert_eq!((0..3).map(|i| actions(&g, &s, i)).sum::<usize>(), 12);
    race(
        &g,
        &mut s,
        &[
            (0, pass("QS"), 0.5),
            (1, pass("QH"), 0.5),
            (2, pass("AC"), 0.5),
        ],
    );
    // Seat 0 passes to seat 2, seat 2 to seat 1, seat 1 round to seat 0.
    assert_eq!(s.hands[Seat::new(0)], set("AS AH KS QH"));
    assert_eq!(s.hands[Seat::new(1)], set("AD KH KD AC"));
    assert_eq!(s.hands[Seat::new(2)], set("KC QD QC QS"));
}

#[test]
fn perft_counts_every_combination_of_passes() {
    // Full deck, three players, no hand with two cards of a rank, so no four of a kind can
    // form within three ticks. Tick 1: the dealer passes one of 5; tick 2: the dealer and
    // seat 2 (which got the card) each one of 5; tick 3: the dealer, seat 2 and seat 1.
    let g = spoons(3, &[]);
    let s = pos(
        &g,
        0,
        &["2S 3S 4S 5S 6S", "7H 8H 9H TH", "JD QD KD AD"],
        "7C 8C 9C",
        &[],
    );
    assert_eq!(perft_table(&g, &s, 3), [5, 5 * 25, 5 * 25 * 125]);
    // The matched ring: every hand of the pattern 2-1-1 passes one of 4; after one tick no
    // hand can hold four of a kind, so 64 and 64 * 64.
    let g = spoons(3, &["deck=matched"]);
    let s = pos(
        &g,
        0,
        &["AS AH KS QS", "AD KH KD QH", "AC KC QD QC"],
        "",
        &[],
    );
    assert_eq!(perft_table(&g, &s, 2), [64, 64 * 64]);
}

#[test]
fn random_games_conform() {
    for players in 3..=6 {
        let g = spoons(players, &["letters=1", "cap=200000"]);
        let report = conformance::random_games(&g, 0..6, 1_000_000);
        assert_eq!(report.games, 6);
        let g = pig(players, &["deck=matched", "cap=200000"]);
        let report = conformance::random_games(&g, 0..10, 1_000_000);
        assert_eq!(report.games, 10);
        let rounds: f64 = report.stats.iter().map(|s| s[0]).sum();
        assert!(rounds >= 10.0 * 3.0 * (players - 1) as f64, "{rounds}");
    }
}

#[test]
fn bad_parameters_are_refused() {
    assert!(Spoons::new(2, &Params::new()).is_err());
    assert!(Spoons::new(7, &Params::new()).is_err());
    assert!(Spoons::new(4, &Params::parse(&["deck=double"]).unwrap()).is_err());
    assert!(Pig::new(4, &Params::parse(&["letters=0"]).unwrap()).is_err());
}

/// The million-game soak (not in CI): `cargo test --release -p cardsim-engine spoons_soak --
/// --ignored`; `SOAK_GAMES=N` plays N games instead of a million (random play, matched pack;
/// random play with a full deck takes hundreds of ticks per four of a kind).
#[test]
#[ignore]
fn spoons_soak_a_million_random_games() {
    let n: u64 = std::env::var("SOAK_GAMES").map_or(1_000_000, |v| v.parse().unwrap());
    let report = conformance::random_games(&spoons(4, &["deck=matched"]), 0..n, 10_000_000);
    assert_eq!(report.games as u64, n);
    eprintln!("{n} games, {} draws, {} moves", report.draws, report.moves);
}
