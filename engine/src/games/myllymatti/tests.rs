//! Myllymatti's rules where they differ from Mattis's: two-player tricks and bounces in the
//! first half, exposed hands, and the second half's single cards, optional pick-up of the last
//! card. The shared parts are tested in `games::mattis`.

use super::*;
use crate::cards::{Card, CardSet};
use crate::conformance::{self, perft::perft};
use crate::game::{Game, Params, ToMove};
use crate::games::common::testing::{legal_names, play_named};
use crate::games::common::{Beating, Stock};
use crate::games::mattis::Half;
use crate::seat::{BySeat, Seat};
use crate::Suit;
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;

fn c(s: &str) -> Card {
    s.parse().unwrap()
}

fn cards(s: &str) -> CardSet {
    s.split_whitespace().map(c).collect()
}

fn game() -> Myllymatti {
    Myllymatti::new(3, &Params::new()).unwrap()
}

fn rng() -> ChaCha8Rng {
    ChaCha8Rng::seed_from_u64(0)
}

const S0: Seat = Seat::new(0);
const S1: Seat = Seat::new(1);
const S2: Seat = Seat::new(2);

/// A first-half position: hands, stock top first, `leader` to lead against its left; every
/// other card in seat 2's won pile.
fn first(hands: [&str; 3], stock: &str, leader: Seat) -> MattisState {
    let g = game();
    let mut st = g.deal(&mut rng());
    st.stock = Stock::from_top(stock.split_whitespace().map(c));
    let mut used = st.stock.cards();
    st.hands = BySeat::default();
    st.won = BySeat::default();
    for (i, h) in hands.iter().enumerate() {
        st.hands[Seat::new(i)] = cards(h);
        used |= cards(h);
    }
    st.won[S2] = CardSet::FULL_DECK - used;
    g.start_trick(&mut st, leader);
    st
}

fn second(hands: [&str; 3], trump: Suit, leader: Seat) -> MattisState {
    let g = game();
    let mut st = g.deal(&mut rng());
    let mut h = BySeat::<CardSet>::default();
    let mut used = CardSet::EMPTY;
    for (i, x) in hands.iter().enumerate() {
        h[Seat::new(i)] = cards(x);
        used |= cards(x);
    }
    st.half = Half::Second;
    st.stock = Stock::default();
    st.hands = BySeat::default();
    st.won = BySeat::default();
    st.beat = Beating::new(3, h, h, trump, leader);
    st.beat.discard(CardSet::FULL_DECK - used);
    g.check_invariants(&st).unwrap();
    st
}

fn legal(st: &MattisState) -> Vec<String> {
    legal_names(&game(), st)
}

fn play(st: &mut MattisState, a: &str) {
    play_named(&game(), st, a);
}

#[test]
fn three_players_only() {
    assert_eq!(game().players(), 3);
    for n in [2, 4] {
        assert!(Myllymatti::new(n, &Params::new()).is_err());
    }
    assert!(Myllymatti::new(3, &Params::parse(&["runs=true"]).unwrap()).is_err());
}

#[test]
fn a_trick_is_played_by_the_leader_and_his_left_and_the_winner_leads_against_his_left() {
    let mut st = first(["2H 9C KD", "5S 6S 7S", "QH 3D 4D"], "2C 3C 4C 5C", S0);
    play(&mut st, "9C");
    assert_eq!(g_turn(&st), S1, "seat 1 answers; seat 2 sits out");
    play(&mut st, "7S");
    // Seat 0 wins both cards, draws first (2C), then seat 1 (3C); seat 2 does not draw.
    assert_eq!(st.won[S0], cards("9C 7S"));
    assert_eq!(st.hands[S0], cards("2H KD 2C"));
    assert_eq!(st.hands[S1], cards("5S 6S 3C"));
    assert_eq!(st.hands[S2], cards("QH 3D 4D"));
    // Seat 0 leads again, against seat 1 (its left).
    assert_eq!(g_turn(&st), S0);
    play(&mut st, "2H");
    play(&mut st, "5S");
    // Seat 1 wins and leads against seat 2.
    assert_eq!(st.won[S1], cards("2H 5S"));
    assert_eq!(g_turn(&st), S1);
    play(&mut st, "6S");
    assert_eq!(g_turn(&st), S2);
}

fn g_turn(st: &MattisState) -> Seat {
    match game().to_move(st) {
        ToMove::Seat(s) => s,
        _ => panic!("over"),
    }
}

#[test]
fn a_bounce_leaves_the_cards_both_draw_and_the_same_pair_plays_again() {
    let mut st = first(["9H 2C 3C", "9S 4C 5C", "QH 3D 4D"], "6C 7C 8C TC JC", S0);
    play(&mut st, "9H");
    play(&mut st, "9S");
    assert_eq!(st.tally.ties, 1);
    assert_eq!(st.table[S0] | st.table[S1], cards("9H 9S"));
    // Both drew, the leader first; the leader leads again against the same player.
    assert_eq!(st.hands[S0], cards("2C 3C 6C"));
    assert_eq!(st.hands[S1], cards("4C 5C 7C"));
    assert_eq!(g_turn(&st), S0);
    play(&mut st, "2C");
    assert_eq!(g_turn(&st), S1);
    play(&mut st, "5C");
    // Seat 1 takes all four cards and leads against seat 2.
    assert_eq!(st.won[S1], cards("9H 9S 2C 5C"));
    assert_eq!(g_turn(&st), S1);
}

#[test]
fn blind_play_only_while_more_than_one_card_is_left_and_the_last_is_trump() {
    let mut st = first(["2H 9C KD", "5S 6S 7S", "QH 3D 4D"], "AC 8H", S0);
    assert_eq!(legal(&st).last().unwrap(), "blind");
    play(&mut st, "blind");
    // Seat 1 may not play blind from the last card.
    assert!(!legal(&st).contains(&"blind".to_string()));
    play(&mut st, "5S");
    // Seat 0's ace wins; it has three cards still, so seat 1 draws: the last card, 8H, goes to
    // its pile as trump.
    assert_eq!((st.trump, st.maker), (Some(c("8H")), Some(S1)));
    assert!(st.won[S1].contains(c("8H")));
    assert_eq!(st.hands[S1], cards("6S 7S"));
}

#[test]
fn the_half_ends_when_a_player_to_play_has_none_and_the_hands_are_shown() {
    let mut st = first(["KD", "5S", "QH 3D 4D"], "", S0);
    st.trump = Some(c("8H"));
    st.maker = Some(S2);
    st.won[S2] = st.won[S2].with(c("8H"));
    play(&mut st, "KD");
    play(&mut st, "5S");
    // Seat 0 wins and leads; it has no card: the half ends. Seat 2 never played.
    assert_eq!(st.half, Half::Second);
    assert_eq!(st.beat.hand(S0), cards("KD 5S"));
    assert!(cards("QH 3D 4D 8H").is_subset(st.beat.hand(S2)));
    // Hands are shown: everyone knows every card of every hand.
    for s in Seat::all(3) {
        assert_eq!(st.beat.known(s), st.beat.hand(s));
    }
    assert_eq!(g_turn(&st), S2, "the trump maker leads");
    let obs = game().observe(&st, S0);
    assert_eq!(obs.view.beat.hand(S1), st.beat.hand(S1));
}

#[test]
fn a_bounce_in_progress_goes_back_to_its_players_when_the_half_ends() {
    let mut st = first(["9H", "9S", "QH 3D 4D"], "", S0);
    st.trump = Some(c("8H"));
    st.maker = Some(S2);
    st.won[S2] = st.won[S2].with(c("8H"));
    play(&mut st, "9H");
    play(&mut st, "9S");
    // A bounce with nothing to draw; seat 0 must lead again and cannot.
    assert_eq!(st.half, Half::Second);
    assert_eq!(st.beat.hand(S0), cards("9H"));
    assert_eq!(st.beat.hand(S1), cards("9S"));
}

#[test]
fn a_player_may_take_the_last_card_even_when_he_could_beat() {
    let mut st = second(["5H 6H", "8H 2S", "4D 9H"], Suit::Spades, S0);
    // Single cards only: no 5H-6H run.
    assert_eq!(legal(&st), ["5H", "6H"]);
    play(&mut st, "5H");
    assert_eq!(legal(&st), ["8H", "2S", "take"]);
    play(&mut st, "8H");
    assert_eq!(legal(&st), ["9H", "take"]);
    play(&mut st, "take");
    // Seat 2 took the last card played (8H); seat 0 must beat the 5H.
    assert_eq!(st.beat.hand(S2), cards("4D 9H 8H"));
    assert_eq!(g_turn(&st), S0);
    assert_eq!(legal(&st), ["6H", "take"]);
    // A voluntary pick-up shows nothing about the other cards.
    assert!(st.beat.excluded(S2).is_empty());
}

#[test]
fn when_every_card_is_taken_the_player_left_of_the_last_taker_leads() {
    let mut st = second(["5H 6C", "2C 3D", "4D 9S"], Suit::Spades, S0);
    play(&mut st, "5H");
    play(&mut st, "take");
    assert!(st.beat.table().is_empty());
    assert_eq!(g_turn(&st), S2);
}

#[test]
fn a_trick_is_complete_with_as_many_cards_as_players() {
    let mut st = second(["5H 6C", "8H 3D", "9H 4D"], Suit::Spades, S0);
    play(&mut st, "5H");
    play(&mut st, "8H");
    play(&mut st, "9H");
    assert!(st.beat.table().is_empty());
    assert_eq!(st.beat.discards() & cards("5H 8H 9H"), cards("5H 8H 9H"));
    assert_eq!(g_turn(&st), S2);
}

/// Known counts: seat 0 leads `5H 6H` (no runs): 2. Seat 1 (`8H 2S`) answers each with 8H,
/// 2S or take: 6. Then seat 2 (`4D`) can only take after 8H or 2S; after a take by seat 1 the
/// table is empty and seat 2, left of the taker, leads its 4D: 1 each, 6.
#[test]
fn perft_second_half() {
    let st = second(["5H 6H", "8H 2S", "4D"], Suit::Spades, S0);
    let g = game();
    assert_eq!(perft(&g, &st, 1), 2);
    assert_eq!(perft(&g, &st, 2), 6);
    assert_eq!(perft(&g, &st, 3), 6);
}

/// Known counts in the first half: 3 cards + blind for each of the two players (4 * 4 = 16);
/// the third player never moves in the first trick.
#[test]
fn perft_first_half() {
    let st = first(["2H 9C KD", "5S 6S 7S", "QH 3D 4D"], "2C 3C 4C 5C 6C", S0);
    let g = game();
    assert_eq!(perft(&g, &st, 1), 4);
    assert_eq!(perft(&g, &st, 2), 16);
}

#[test]
fn random_games_conform() {
    let r = conformance::random_games(&game(), 0..200, 100_000);
    assert_eq!((r.games, r.draws), (200, 0));
}

/// The soak: `cargo test --release -p cardsim-engine myllymatti_soak -- --ignored`
/// (`SOAK_GAMES=N` for another count than a million).
#[test]
#[ignore]
fn myllymatti_soak() {
    let variants = [game()];
    conformance::soak_a_million("myllymatti (draws: games at the move cap)", &variants);
}
