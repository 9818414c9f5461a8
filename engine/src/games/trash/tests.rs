//! Trash's rules, position by position: hand-made positions with a known next step, known
//! counts from a literal position, and the generic conformance checks over random games.

use super::*;
use crate::conformance;
use crate::games::common::testing::assert_each_corruption_refused_saying;
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;

fn c(s: &str) -> Card {
    s.parse().unwrap()
}

fn game(players: usize, params: &[&str]) -> Trash {
    Trash::new(players, &Params::parse(params).unwrap()).unwrap()
}

/// Four decks, so that hand-made positions may repeat filler cards.
fn roomy(players: usize) -> Trash {
    game(players, &["decks=4"])
}

fn rng() -> ChaCha8Rng {
    ChaCha8Rng::seed_from_u64(0)
}

/// A hand-made position. Each layout is written spot by spot: `7C` face up, `?7C` face down;
/// its size sets the seat's hands won. The stock is given in draw order, the top discard
/// is optional, and every other card goes to the older discards. No decision is pending:
/// call [`begin`] to start a seat's turn.
fn position(game: &Trash, layouts: &[&str], stock: &str, top: Option<&str>) -> TrashState {
    assert_eq!(layouts.len(), game.n());
    let mut st = TrashState {
        stock: stock.split_whitespace().rev().map(c).collect(),
        stock_known: CardMultiset::EMPTY,
        discards: DiscardPile {
            top: top.map(c),
            rest: CardMultiset::EMPTY,
        },
        layouts: BySeat::default(),
        wins: BySeat::default(),
        held: None,
        turn: Seat::new(0),
        dealer: Seat::new(0),
        hand: 1,
        decision: None,
        winner: None,
        turns: 0,
        reshuffles: 0,
    };
    let mut used: CardMultiset = st.stock.iter().copied().chain(st.discards.top).collect();
    for (i, text) in layouts.iter().enumerate() {
        let seat = Seat::new(i);
        let tokens: Vec<&str> = text.split_whitespace().collect();
        let cards: Vec<Card> = tokens
            .iter()
            .map(|t| c(t.trim_start_matches('?')))
            .collect();
        let mut layout = Layout::dealt(&cards);
        for (k, t) in tokens.iter().enumerate() {
            if !t.starts_with('?') {
                layout.put(k as u8 + 1, cards[k]);
            }
        }
        used.extend(cards);
        st.layouts[seat] = layout;
        st.wins[seat] = game.layout - layout.size;
    }
    st.discards.rest = game.cards().checked_sub(used).expect("too many copies");
    st.hand = st
        .wins
        .first(game.n())
        .iter()
        .map(|&w| w as u16)
        .sum::<u16>()
        + 1;
    st.dealer = Seat::new((st.hand as usize + 2 * game.n() - 2) % game.n());
    st.turns = st.hand as u32;
    st
}

/// Starts `seat`'s turn and plays the forced steps.
fn begin(game: &Trash, st: &mut TrashState, seat: Seat) {
    st.turn = seat;
    st.held = None;
    game.advance(st, &mut rng());
    game.check_invariants(st).unwrap();
}

fn legal(game: &Trash, st: &TrashState) -> Vec<TrashAction> {
    let mut out = Vec::new();
    game.legal_actions(st, &mut out);
    out
}

fn play(game: &Trash, st: &mut TrashState, a: TrashAction) {
    game.try_apply(st, a, &mut rng()).unwrap();
    game.check_invariants(st).unwrap();
}

const S0: Seat = Seat::new(0);
const S1: Seat = Seat::new(1);
use TrashAction::{Discard, DrawStock, Place, TakeDiscard};

/// A fresh layout whose face-down cards never play (turning one ends the turn).
const DOWN: &str = "?KC ?KD ?KH ?KS ?QC ?QD ?QH ?QS ?KC ?KD";
/// A layout that takes only eights, nines and jacks: the other seat in most tests, so
/// that it draws from the stock instead of taking discards.
const WAITING: &str = "AD 2D 3D 4D 5D 6D 7D ?KC ?KD TD";

#[test]
fn config_and_errors() {
    let g = game(2, &[]);
    assert_eq!((g.players(), g.decks(), g.layout_size()), (2, 1, 10));
    assert_eq!(game(12, &[]).decks(), 6);
    assert_eq!(game(3, &["decks=AUTO", "layout=1"]).decks(), 2);
    assert_eq!(game(3, &["decks=8"]).decks(), 8);
    let err = |players, params: &[&str]| {
        Trash::new(players, &Params::parse(params).unwrap())
            .unwrap_err()
            .to_string()
    };
    assert_eq!(err(1, &[]), "trash takes 2 to 12 players, not 1");
    assert_eq!(err(13, &[]), "trash takes 2 to 12 players, not 13");
    assert!(err(5, &["decks=2"]).contains("auto, or a whole number of decks from 3 to 8"));
    assert!(err(2, &["decks=9"]).contains("from 1 to 8"));
    assert!(err(2, &["decks=x"]).contains("\"x\""));
    assert!(err(2, &["layout=0"]).contains("a whole number from 1 to 10"));
    assert!(err(2, &["layout=11"]).contains("from 1 to 10"));
    assert!(err(2, &["jokers=2"]).contains("allowed: decks, layout"));
    assert_eq!(Trash::INFO.stats, ["hands", "turns", "reshuffles"]);
}

#[test]
fn actions_display() {
    let text: Vec<String> = [DrawStock, TakeDiscard, Place(7), Place(10), Discard]
        .iter()
        .map(|a| a.to_string())
        .collect();
    assert_eq!(text, ["draw", "take", "place 7", "place 10", "discard"]);
}

#[test]
fn first_hand_seat_zero_plays_and_the_last_seat_deals() {
    for players in [2, 5, 12] {
        let g = game(players, &[]);
        let mut first_turn_decisions = 0;
        for seed in 0..40 {
            let st = g.deal(&mut ChaCha8Rng::seed_from_u64(seed));
            g.check_invariants(&st).unwrap();
            if st.hand > 1 {
                // The first hand was won without a decision (rare, but a hand can be).
                continue;
            }
            assert_eq!(st.dealer, Seat::new(players - 1));
            // `deal` plays the forced turns up to the first decision. Turns go left one by
            // one from the first player, so after `turns` of them it is seat 0's turn again
            // exactly when seat 0 began: the seat to move is `turns - 1` seats left of it.
            assert_eq!(
                st.turn,
                Seat::new((st.turns as usize - 1) % players),
                "{players} players, seed {seed}: {} turns",
                st.turns
            );
            if st.turns == 1 {
                first_turn_decisions += 1;
                assert_eq!(st.turn, S0);
            }
        }
        assert!(first_turn_decisions > 0, "{players} players");
        // The deal itself, before any forced play: seat 0 is to play, with nothing in hand.
        let mut st = g.deal(&mut rng());
        st.hand = 1;
        st.dealer = Seat::new(players - 1);
        st.turn = Seat::new(players - 1);
        g.deal_hand(&mut st, &mut rng());
        assert_eq!((st.turn, st.held, st.decision), (S0, None, None));
    }
}

#[test]
fn a_queen_or_king_ends_the_turn() {
    let g = roomy(2);
    for face in ["QS", "KH"] {
        let mut st = position(&g, &[DOWN, WAITING], &format!("{face} JH"), None);
        begin(&g, &mut st, S0);
        // Seat 0 drew the face card and discarded it; seat 1 drew the jack.
        assert_eq!(st.layouts[S0].face_up(), 0);
        assert_eq!(st.discards.top, Some(c(face)));
        assert_eq!(
            (st.turn, st.held, st.decision),
            (S1, Some(c("JH")), Some(Decision::PlaceJack))
        );
        assert_eq!(st.turns, 2, "one turn from the builder, then seat 1's");
    }
}

#[test]
fn a_ten_ends_the_turn_of_a_nine_card_layout() {
    let g = roomy(2);
    let nine = "?KC ?KD ?KH ?KS ?QC ?QD ?QH ?QS ?KC";
    let mut st = position(&g, &[nine, WAITING], "TS JH", None);
    begin(&g, &mut st, S0);
    assert_eq!(st.layouts[S0].face_up(), 0);
    assert_eq!((st.turn, st.discards.top), (S1, Some(c("TS"))));
    // A ten-card layout places it, turns the king under it and stops there.
    let mut st = position(&g, &[DOWN, WAITING], "TS JH", None);
    begin(&g, &mut st, S0);
    assert_eq!(st.layouts[S0].spot(10), Spot::Natural(c("TS")));
    assert_eq!((st.turn, st.discards.top), (S1, Some(c("KD"))));
}

#[test]
fn a_natural_whose_spot_is_already_filled_ends_the_turn() {
    let g = roomy(2);
    let mut st = position(&g, &["AC ?KD ?KH", WAITING], "AH JH", None);
    begin(&g, &mut st, S0);
    assert_eq!((st.turn, st.discards.top), (S1, Some(c("AH"))));
    assert_eq!(st.layouts[S0].spot(1), Spot::Natural(c("AC")));
}

#[test]
fn a_jack_may_go_on_every_face_down_spot() {
    let g = roomy(2);
    let mut st = position(
        &g,
        &["AC ?KD 3H JS ?5C ?KS 7D 8D ?9H TH", WAITING],
        "JD JH",
        None,
    );
    begin(&g, &mut st, S0);
    assert_eq!(st.decision, Some(Decision::PlaceJack));
    assert_eq!(legal(&g, &st), [Place(2), Place(5), Place(6), Place(9)]);
    let before = st.clone();
    // On spot 6 it turns the king of spades, which is discarded.
    play(&g, &mut st, Place(6));
    assert_eq!(st.layouts[S0].spot(6), Spot::Jack(c("JD")));
    assert_eq!((st.turn, st.discards.top), (S1, Some(c("KS"))));
    // On spot 5 it turns the five of clubs, which may take the jack's place at once.
    let mut st = before;
    play(&g, &mut st, Place(5));
    assert_eq!(st.layouts[S0].spot(5), Spot::Jack(c("JD")));
    assert_eq!(
        (st.held, st.decision),
        (Some(c("5C")), Some(Decision::ReplaceJack(5)))
    );
    assert_eq!(legal(&g, &st), [Place(5), Discard]);
    play(&g, &mut st, Place(5));
    assert_eq!(st.layouts[S0].spot(5), Spot::Natural(c("5C")));
    assert_eq!(
        (st.held, st.decision),
        (Some(c("JD")), Some(Decision::PlaceJack))
    );
    assert_eq!(legal(&g, &st), [Place(2), Place(6), Place(9)]);
}

#[test]
fn a_jack_with_one_face_down_spot_is_placed_without_asking() {
    let g = roomy(2);
    // Seat 0 has one face-down spot left: the drawn jack completes the layout.
    let mut st = position(&g, &["AC ?KD", WAITING], "JD", None);
    assert_eq!((st.wins[S0], st.hand), (8, 9));
    begin(&g, &mut st, S0);
    assert_eq!((st.wins[S0], st.hand), (9, 10));
    assert_eq!(st.layouts[S0].size(), 1);
}

#[test]
fn replacing_a_jack_frees_it_for_a_face_down_spot() {
    let g = roomy(2);
    let mut st = position(&g, &["?KC ?KD JC ?KH ?QS ?KS", WAITING], "3H JH", None);
    begin(&g, &mut st, S0);
    assert_eq!(st.decision, Some(Decision::ReplaceJack(3)));
    assert_eq!(legal(&g, &st), [Place(3), Discard]);
    play(&g, &mut st, Place(3));
    assert_eq!(st.layouts[S0].spot(3), Spot::Natural(c("3H")));
    assert_eq!(
        (st.turn, st.held, st.decision),
        (S0, Some(c("JC")), Some(Decision::PlaceJack))
    );
    assert_eq!(
        legal(&g, &st),
        [Place(1), Place(2), Place(4), Place(5), Place(6)]
    );
    play(&g, &mut st, Place(4));
    assert_eq!(st.layouts[S0].spot(4), Spot::Jack(c("JC")));
    assert_eq!((st.turn, st.discards.top), (S1, Some(c("KH"))));
}

#[test]
fn declining_a_replacement_discards_and_passes_the_turn() {
    let g = roomy(2);
    // Seat 1's spot 3 is face down, so it takes the three without drawing; under it is a
    // jack, which stops at a decision.
    let mut st = position(
        &g,
        &["?KC ?KD JC ?KH", "?KC ?KD ?JS ?KH ?QS"],
        "3H 2C",
        None,
    );
    begin(&g, &mut st, S0);
    play(&g, &mut st, Discard);
    assert_eq!(st.layouts[S0].spot(3), Spot::Jack(c("JC")));
    assert_eq!(st.turn, S1);
    assert_eq!(st.discards.top, None, "taken by seat 1");
    assert_eq!(st.stock.as_slice(), [c("2C")], "seat 1 did not draw");
    assert_eq!(st.layouts[S1].spot(3), Spot::Natural(c("3H")));
    assert_eq!(
        (st.held, st.decision),
        (Some(c("JS")), Some(Decision::PlaceJack))
    );
    assert_eq!(legal(&g, &st), [Place(1), Place(2), Place(4), Place(5)]);
}

#[test]
fn a_jack_on_the_discard_pile_is_taken() {
    let g = roomy(2);
    let mut st = position(&g, &["?KC ?KD ?KH", DOWN], "2C", Some("JH"));
    begin(&g, &mut st, S0);
    assert_eq!(
        (st.held, st.decision, st.discards.top),
        (Some(c("JH")), Some(Decision::PlaceJack), None)
    );
    assert_eq!(st.stock.len(), 1);
}

#[test]
fn a_discard_that_only_replaces_a_jack_is_a_choice() {
    let g = roomy(2);
    let layout = "?KC ?KD JC ?KH ?QS";
    let mut st = position(&g, &[layout, WAITING], "QD JH", Some("3H"));
    begin(&g, &mut st, S0);
    assert_eq!((st.decision, st.held), (Some(Decision::TakeOrDraw), None));
    assert_eq!(legal(&g, &st), [TakeDiscard, DrawStock]);
    let before = st.clone();
    play(&g, &mut st, TakeDiscard);
    assert_eq!(st.layouts[S0].spot(3), Spot::Natural(c("3H")));
    assert_eq!(
        (st.held, st.decision),
        (Some(c("JC")), Some(Decision::PlaceJack))
    );
    assert_eq!(st.discards.top, None);
    // Drawing instead: the queen is discarded on top of the three.
    let mut st = before;
    play(&g, &mut st, DrawStock);
    assert_eq!((st.turn, st.discards.top), (S1, Some(c("QD"))));
    assert_eq!(st.layouts[S0].spot(3), Spot::Jack(c("JC")));
    assert_eq!(
        st.discards.rest.count(c("3H")),
        4,
        "the old top and the builder's three"
    );
}

#[test]
fn a_useless_discard_is_left_for_the_stock() {
    let g = roomy(2);
    let mut st = position(&g, &["?KC ?KD 3C ?KH", WAITING], "QD JS", Some("3H"));
    begin(&g, &mut st, S0);
    assert_eq!((st.turn, st.held), (S1, Some(c("JS"))));
    assert_eq!(st.discards.top, Some(c("QD")));
    assert_eq!(
        st.discards.rest.count(c("3H")),
        4,
        "the old top and the builder's three"
    );
}

#[test]
fn an_empty_stock_is_rebuilt_under_the_top_discard() {
    let g = roomy(2);
    let mut st = position(&g, &[DOWN, DOWN], "", Some("5D"));
    let rest = st.discards.rest;
    let mut r = rng();
    let drawn = Trash::draw(&mut st, &mut r);
    assert_eq!(st.discards.top, Some(c("5D")));
    assert!(st.discards.rest.is_empty());
    assert_eq!(st.reshuffles, 1);
    assert_eq!(st.stock.len() + 1, rest.len());
    let mut rebuilt: CardMultiset = st.stock.iter().copied().collect();
    rebuilt.insert(drawn);
    assert_eq!(rebuilt, rest);
    // With no takeable top, all the discards become the stock.
    let mut st = position(&g, &[DOWN, DOWN], "", None);
    let all = st.discards.rest.len();
    Trash::draw(&mut st, &mut r);
    assert_eq!(
        (st.stock.len() + 1, st.discards),
        (all, DiscardPile::default())
    );
    // Through a turn: seat 0 cannot use the five, so the stock is rebuilt at once.
    let mut st = position(&g, &[WAITING, WAITING], "", Some("5D"));
    begin(&g, &mut st, S0);
    assert_eq!(st.reshuffles, 1);
}

/// The face-down cards of every layout, as a multiset.
fn face_down_cards(g: &Trash, st: &TrashState) -> CardMultiset {
    Seat::all(g.n())
        .flat_map(|s| {
            let l = st.layouts[s];
            (1..=l.size)
                .filter(move |&k| l.spot(k) == Spot::FaceDown)
                .map(move |k| l.card(k))
        })
        .collect()
}

/// Checks what the observations say of the stock, and that determinizations deal the known
/// stock to the stock and only the rest to the face-down spots.
/// Positions without a pending decision (mid-turn, as the draw-and-discard loop leaves them)
/// skip the invariant checks, which require one.
fn check_stock_knowledge(g: &Trash, st: &TrashState, rebuilt: bool, seed: u64) {
    let valid = st.decision.is_some();
    if valid {
        g.check_invariants(st).unwrap();
    }
    let stock: CardMultiset = st.stock.iter().copied().collect();
    let known = if rebuilt { stock } else { CardMultiset::EMPTY };
    let down = face_down_cards(g, st);
    let mut r = ChaCha8Rng::seed_from_u64(seed);
    for seat in Seat::all(g.n()) {
        let obs = g.observe(st, seat);
        assert_eq!(obs.stock_known, known, "seat {seat}");
        assert_eq!(obs.stock as usize, st.stock.len());
        assert_eq!(
            obs.unknown(g.cards()),
            if rebuilt {
                down
            } else {
                down.checked_add(stock).unwrap()
            }
        );
        for _ in 0..4 {
            let d = g.determinize(&obs, &mut r);
            if valid {
                g.check_invariants(&d).unwrap();
            }
            assert_eq!(g.observe(&d, seat), obs);
            let d_stock: CardMultiset = d.stock.iter().copied().collect();
            if rebuilt {
                assert_eq!(d_stock, stock, "the rebuilt stock is known");
                assert_eq!(
                    face_down_cards(g, &d),
                    down,
                    "so the face-down cards are too"
                );
            } else {
                assert_eq!(
                    d_stock.checked_add(face_down_cards(g, &d)),
                    down.checked_add(stock)
                );
            }
        }
    }
}

#[test]
fn a_rebuilt_stock_is_known_to_everybody_until_the_next_deal() {
    let g = roomy(2);
    let mut st = position(&g, &[DOWN, DOWN], "7H KS", Some("5D"));
    let mut r = rng();
    // The dealt stock is unknown: it is shuffled with the face-down layouts.
    check_stock_knowledge(&g, &st, false, 1);
    // Draw and discard at once, turn after turn, until the stock has been rebuilt twice.
    let mut rebuilt = false;
    let mut first_rebuild = None;
    let mut checked_after_first = 0;
    while st.reshuffles < 2 {
        let (before, rest) = (st.reshuffles, st.discards.rest);
        let card = Trash::draw(&mut st, &mut r);
        if st.reshuffles > before {
            // The stock is rebuilt from the older discards, every one of them seen face up;
            // the drawn card leaves it at once.
            rebuilt = true;
            let mut stock: CardMultiset = st.stock.iter().copied().collect();
            stock.insert(card);
            assert_eq!(stock, rest);
            first_rebuild.get_or_insert(rest.len());
        }
        st.held = Some(card);
        g.discard(&mut st);
        if rebuilt {
            checked_after_first += 1;
        }
        check_stock_knowledge(&g, &st, rebuilt, st.turns as u64);
    }
    // The first rebuild takes every card but the layouts and the top discard (the king); the
    // second, every card drawn from it but the last, with the king under them.
    assert_eq!(first_rebuild, Some(208 - 20 - 1));
    assert!(checked_after_first > 180, "{checked_after_first}");
    // A new deal shuffles everything: the stock is unknown again.
    st.turn = S0;
    g.win_hand(&mut st, &mut r);
    assert!(st.stock_known.is_empty());
    check_stock_knowledge(&g, &st, false, 2);
}

/// The same through whole turns: seats draw from a rebuilt stock, place the cards drawn and
/// turn up face-down cards; what is known of the stock and the layouts stays exact.
#[test]
fn knowledge_of_a_rebuilt_stock_survives_play() {
    let g = roomy(2);
    let mut legal = Vec::new();
    let mut checked = 0;
    for seed in 0..20 {
        let mut r = ChaCha8Rng::seed_from_u64(seed);
        let mut st = position(&g, &[DOWN, DOWN], "", Some("QS"));
        let hand = st.hand;
        g.advance(&mut st, &mut r);
        while let ToMove::Seat(_) = g.to_move(&st) {
            if st.hand != hand {
                break;
            }
            check_stock_knowledge(&g, &st, true, seed);
            checked += 1;
            g.legal_actions(&st, &mut legal);
            let a = legal[r.random_range(0..legal.len())];
            g.apply(&mut st, a, &mut r);
        }
    }
    assert!(checked > 50, "only {checked} positions checked");
}

#[test]
fn a_hand_winner_plays_the_next_hand_one_card_shorter() {
    let g = roomy(3);
    let others = "?KC ?KD ?KH ?KS ?QC ?QD ?QH ?QS ?KC";
    let mut st = position(&g, &["AC ?QH 3C 4C", others, WAITING], "2C", None);
    assert_eq!((st.hand, st.dealer), (8, Seat::new(0)));
    begin(&g, &mut st, S0);
    assert_eq!(st.wins.first(3), [7, 1, 0]);
    assert_eq!((st.hand, st.dealer), (9, Seat::new(1)));
    let sizes: Vec<u8> = Seat::all(3).map(|s| st.layouts[s].size()).collect();
    assert_eq!(sizes, [3, 9, 10]);
    assert!(g.outcome(&st).is_none());
    // Right after the new deal, before any forced play, the seat left of the new dealer
    // is to play.
    let mut st = position(&g, &["AC ?QH 3C 4C", others, WAITING], "", None);
    st.turn = S0;
    g.win_hand(&mut st, &mut rng());
    assert_eq!((st.hand, st.dealer, st.turn), (9, S1, Seat::new(2)));
    assert_eq!((st.held, st.discards), (None, DiscardPile::default()));
}

#[test]
fn completing_a_one_card_layout_wins_the_game() {
    let g = roomy(3);
    for (layout, draw) in [("?KD", "AS"), ("?KD", "JH"), ("?AD", "AS")] {
        let mut st = position(&g, &[DOWN, layout, "?KC ?KD"], draw, Some("9C"));
        begin(&g, &mut st, S1);
        assert_eq!(g.to_move(&st), ToMove::Over, "{layout} {draw}");
        assert_eq!(st.winner, Some(S1));
        let o = g.outcome(&st).unwrap();
        assert_eq!((o[S1].place, o[S1].win, o[S1].score), (1, 1.0, 10.0));
        assert_eq!((o[Seat::new(2)].place, o[Seat::new(2)].score), (2, 8.0));
        assert_eq!((o[S0].place, o[S0].score), (3, 0.0));
        assert_eq!(legal(&g, &st), []);
    }
}

#[test]
fn observations_hide_face_down_cards_and_survive_determinization() {
    let g = roomy(2);
    let mut st = position(
        &g,
        &["AC ?KD 3H JS ?5C ?KS 7D 8D ?9H TH", WAITING],
        "JD",
        Some("QS"),
    );
    begin(&g, &mut st, S0);
    let obs = g.observe(&st, S0);
    assert_eq!(obs.layouts[S0].spot(2), Spot::FaceDown);
    assert_eq!(obs.layouts[S0].spot(4), Spot::Jack(c("JS")));
    assert_eq!(obs.layouts[S0].face_down(), 0b1_0011_0010);
    assert_eq!(obs.to_move(), ToMove::Seat(S0));
    assert_eq!(obs.held, Some(c("JD")));
    assert_eq!(obs.stock, 0);
    for seed in 0..20 {
        let d = g.determinize(&obs, &mut ChaCha8Rng::seed_from_u64(seed));
        g.check_invariants(&d).unwrap();
        assert_eq!(g.observe(&d, S0), obs);
        assert_eq!(legal(&g, &d), legal(&g, &st));
    }
}

/// Leaf counts of the decision tree from a literal position (perft). The stock is given
/// card by card and never runs out at these depths, so no chance is involved.
#[test]
fn known_counts_from_a_literal_position() {
    fn perft(g: &Trash, st: &TrashState, depth: u32) -> u64 {
        assert_eq!(st.reshuffles, 0);
        if depth == 0 || g.to_move(st) == ToMove::Over {
            return 1;
        }
        let mut total = 0;
        for a in legal(g, st) {
            let mut next = st.clone();
            play(g, &mut next, a);
            total += perft(g, &next, depth - 1);
        }
        total
    }
    let g = game(2, &["layout=4"]);
    let mut st = position(
        &g,
        &["?JC ?2D ?KH ?4S", "?5C ?QD ?QH ?QS"],
        "JD KC 3C JH 9C 9D JS QC KD",
        None,
    );
    begin(&g, &mut st, S0);
    // Seat 0 holds the drawn jack, with four face-down spots.
    assert_eq!(legal(&g, &st), [Place(1), Place(2), Place(3), Place(4)]);
    // Depth 2: on spot 1 the jack turns the jack of clubs (3 spots left); on 2 and 4 it
    // turns the natural card of that spot, which may replace it or be discarded; on 3 it
    // turns a king, and after seat 1 draws a king seat 0 draws the three, which again may
    // replace the jack or be discarded.
    // Depth 3: under spot 1, each of the 3 spots leads to a replace-or-discard choice (6);
    // under 2, 3 and 4, replacing leaves the freed jack 3 spots, and discarding hands the
    // card to seat 1 (its spot is face down) until seat 0 draws the jack of hearts with 3
    // face-down spots (3 + 3 each).
    let counts: Vec<u64> = (1..=3).map(|d| perft(&g, &st, d)).collect();
    assert_eq!(counts, [4, 9, 24]);
    // The shared perft agrees: no line ends the game at these depths.
    assert_eq!(conformance::perft::perft_table(&g, &st, 3), [4, 9, 24]);
}

/// Known counts (perft) from a constructed position where the top discard could only replace
/// a jack. Depth 1: take or draw (2). Depth 2: taking puts the three in the jack's place and
/// frees the jack for any of the four face-down spots (4); drawing gives seat 0 the queen of
/// diamonds, which it discards, and seat 1 (which cannot use a queen) draws the jack of
/// hearts, for its two face-down spots, 8 and 9 (2). From the take: the four spots, then,
/// since every one of them turns a king or queen that ends the turn and seat 1 draws and
/// throws away the queen, seat 0 draws the jack of hearts for its three face-down spots left
/// (4 x 3). (Deeper, the draw line rebuilds the stock, which is chance.)
#[test]
fn known_counts_from_a_take_or_draw_position() {
    let g = roomy(2);
    let mut st = position(&g, &["?KC ?KD JC ?KH ?QS", WAITING], "QD JH", Some("3H"));
    begin(&g, &mut st, S0);
    assert_eq!(st.decision, Some(Decision::TakeOrDraw));
    assert_eq!(conformance::perft::perft_table(&g, &st, 2), [2, 4 + 2]);
    // After taking, every line is forced until seat 0 places the jack of hearts.
    play(&g, &mut st, TakeDiscard);
    assert_eq!(conformance::perft::perft_table(&g, &st, 2), [4, 4 * 3]);
}

#[test]
fn random_games_conform_for_every_player_count() {
    for players in 2..=12 {
        let g = game(players, &[]);
        let report = conformance::random_games(&g, 0..8, 1_000_000);
        assert_eq!(report.games, 8);
        assert!(report.moves > 0 && report.determinizations > 0);
        for s in &report.stats {
            let (hands, turns) = (s[0], s[1]);
            // The winner won ten hands; every other seat at most nine.
            assert!(
                hands >= 10.0 && hands <= (9 * players + 1) as f64,
                "{players}: {s:?}"
            );
            assert!(turns >= hands, "{players}: {s:?}");
        }
    }
}

/// Random playouts from hand-made positions whose stock is empty, so the reshuffle path
/// (rare in whole games: hands end long before the stock runs out) meets determinization.
#[test]
fn random_playouts_through_reshuffles_keep_the_contract() {
    let mut legal = Vec::new();
    let mut reshuffles = 0;
    let g = game(2, &["decks=2"]);
    let layouts = [
        "AD 2D 3D 4D 5D 6D 7D ?KC ?KD TD",
        "AC 2C 3C JS ?4S ?KH 7C 8C ?9S TC",
    ];
    for (seed, top) in (0..40).zip([None, Some("5H"), Some("QS"), Some("4H")].iter().cycle()) {
        let mut r = ChaCha8Rng::seed_from_u64(seed);
        let mut st = position(&g, &layouts, "", *top);
        st.turn = Seat::new(seed as usize % 2);
        g.advance(&mut st, &mut r);
        while let ToMove::Seat(seat) = g.to_move(&st) {
            g.check_invariants(&st).unwrap();
            g.legal_actions(&st, &mut legal);
            for s in Seat::all(2) {
                let obs = g.observe(&st, s);
                let d = g.determinize(&obs, &mut r);
                g.check_invariants(&d).unwrap();
                assert_eq!(g.observe(&d, s), obs);
                assert_eq!(g.to_move(&d), ToMove::Seat(seat));
            }
            let a = legal[r.random_range(0..legal.len())];
            g.apply(&mut st, a, &mut r);
        }
        g.check_invariants(&st).unwrap();
        reshuffles += st.reshuffles;
    }
    // Nearly every playout starts with a reshuffle (39 of 40 with these seeds): a seat
    // that takes the top discard may win the hand before it draws.
    assert!(reshuffles >= 30, "only {reshuffles} reshuffles");
}

#[test]
fn short_random_games_conform() {
    for players in [2, 3, 7, 12] {
        let g = game(players, &["layout=2"]);
        let report = conformance::random_games(&g, 0..20, 100_000);
        assert_eq!(report.games, 20);
        assert!(report
            .stats
            .iter()
            .all(|s| (2.0..=(players + 1) as f64).contains(&s[0])));
    }
    // A one-card layout leaves no choices: the first seat to turn an ace or a jack wins.
    let g = game(4, &["layout=1", "decks=3"]);
    let report = conformance::random_games(&g, 0..20, 100_000);
    assert!(report.stats.iter().all(|s| s[0] == 1.0));
    assert_eq!(report.moves, 0);
    let g = game(3, &["decks=8", "layout=6"]);
    assert_eq!(conformance::random_games(&g, 0..8, 1_000_000).games, 8);
}

#[test]
fn invariants_hold_and_sizes_shrink_only_for_hand_winners() {
    let mut legal = Vec::new();
    for (players, params) in [
        (2, "layout=10"),
        (3, "layout=5"),
        (6, "layout=3"),
        (2, "decks=3"),
    ] {
        let g = game(players, &[params]);
        for seed in 0..12 {
            let mut r = ChaCha8Rng::seed_from_u64(seed);
            let mut st = g.deal(&mut r);
            let mut steps = 0;
            while let ToMove::Seat(_) = g.to_move(&st) {
                g.check_invariants(&st).unwrap();
                g.legal_actions(&st, &mut legal);
                assert!(legal.len() >= 2, "only real choices are asked");
                let before = st.clone();
                let a = legal[r.random_range(0..legal.len())];
                g.apply(&mut st, a, &mut r);
                let hands_ended = (st.hand - before.hand) as u8 + u8::from(st.winner.is_some());
                let mut shrunk = 0;
                for s in Seat::all(players) {
                    let won = st.wins[s] - before.wins[s];
                    let (was, now) = (before.layouts[s].size, st.layouts[s].size);
                    if st.winner == Some(s) {
                        assert_eq!(now, 1);
                    } else {
                        assert_eq!(was - now, won, "seat {s} shrank without winning");
                    }
                    shrunk += won;
                }
                assert_eq!(shrunk, hands_ended);
                steps += 1;
                assert!(steps < 1_000_000);
            }
            g.check_invariants(&st).unwrap();
            let o = g.outcome(&st).unwrap();
            let w = st.winner.unwrap();
            assert_eq!(o[w].score, g.layout_size() as f64);
            assert_eq!(o.first(players).iter().filter(|r| r.place == 1).count(), 1);
        }
    }
}

/// Seat 0 holds the jack of diamonds and chooses among four face-down spots (2, 5, 6, 9);
/// the jack of hearts is left in the stock.
fn jack_position(g: &Trash) -> TrashState {
    let layout = "AC ?KD 3H JS ?5C ?KS 7D 8D ?9H TH";
    let mut st = position(g, &[layout, WAITING], "JD JH", None);
    begin(g, &mut st, S0);
    assert_eq!(st.decision, Some(Decision::PlaceJack));
    st
}

/// Seat 0 (five spots, five hands won) may take the three of hearts in place of its jack or
/// draw the queen of diamonds; hand 6, dealt by seat 0.
fn take_position(g: &Trash) -> TrashState {
    let layout = "?KC ?KD JC ?KH ?QS";
    let mut st = position(g, &[layout, WAITING], "QD JH", Some("3H"));
    begin(g, &mut st, S0);
    assert_eq!(st.decision, Some(Decision::TakeOrDraw));
    st
}

/// Moves one copy of `card` from the older discards to the mover's hand.
fn hold(st: &mut TrashState, card: &str) {
    assert!(st.discards.rest.remove(c(card)));
    st.held = Some(c(card));
}

/// Sets the hand, dealer and turns that the seats' wins imply, so that only the broken part
/// of a position is wrong.
fn recount(g: &Trash, st: &mut TrashState) {
    let n = g.n();
    let won: u16 = st.wins.first(n).iter().map(|&w| u16::from(w)).sum();
    st.hand = won + u16::from(st.winner.is_none());
    st.dealer = Seat::new((st.hand as usize + 2 * n - 2) % n);
    st.turns = st.turns.max(u32::from(st.hand));
}

/// Every invariant, broken alone in a real position, is refused with its own message.
#[test]
fn broken_positions_fail_the_invariants() {
    let g = roomy(2);
    let jack = jack_position(&g);
    assert_each_corruption_refused_saying(
        &g,
        &jack,
        &[
            ("more than 15 copies of AS", |st| {
                st.stock.extend([c("AS"); 12]);
            }),
            ("the known stock", |st| {
                st.stock_known = [c("AS")].into_iter().collect()
            }),
            ("cards not conserved", |st| {
                st.stock.pop();
            }),
            ("out of range", |st| st.turn = Seat::new(2)),
            ("out of range", |st| st.dealer = Seat::new(2)),
            ("hands won", |st| st.hand = 2),
            ("dealt by seat", |st| st.dealer = S0),
            ("turns in", |st| st.turns = 0),
            ("is not playing", |st| st.wins[Seat::new(2)] = 1),
            ("is not playing", |st| {
                st.layouts[Seat::new(2)] = Layout::dealt(&[c("AS")]);
            }),
            ("won 10 hands of 10", |st| {
                st.wins[S1] = 10;
                recount(&roomy(2), st);
            }),
            ("won 11 hands of 10", |st| {
                st.wins[S1] = 11;
                recount(&roomy(2), st);
            }),
            ("has 10 spots after 1 hands won", |st| {
                st.wins[S1] = 1;
                recount(&roomy(2), st);
            }),
            ("layout is complete", |st| {
                st.layouts[S1].face_up |= spot_bit(8) | spot_bit(9);
            }),
            ("masks are out of range", |st| {
                st.layouts[S0].face_up |= spot_bit(11);
            }),
            ("masks are out of range", |st| {
                st.layouts[S0].jacks |= spot_bit(2);
            }),
            ("AC face up at spot 1", |st| {
                st.layouts[S0].jacks |= spot_bit(1)
            }),
            ("JS face up at spot 4", |st| {
                st.layouts[S0].jacks &= !spot_bit(4)
            }),
            ("face up at spot 1", |st| st.layouts[S0].cards.swap(0, 2)),
            ("decision", |st| st.decision = None),
            ("decision", |st| {
                let jack = st.held.take().unwrap();
                st.discards.rest.insert(jack);
                hold(st, "2C");
            }),
            ("decision", |st| {
                st.decision = Some(Decision::ReplaceJack(2))
            }),
        ],
    );
    // The known stock may be the whole stock; a jack with two face-down spots is a choice.
    let mut known = jack.clone();
    known.stock_known = known.stock.iter().copied().collect();
    g.check_invariants(&known).unwrap();

    // A smaller layout: nothing may lie beyond its size.
    let mut replace = position(&g, &["?KC ?KD JC ?KH ?QS ?KS", WAITING], "3H JH", None);
    begin(&g, &mut replace, S0);
    assert_eq!(replace.decision, Some(Decision::ReplaceJack(3)));
    assert_each_corruption_refused_saying(
        &g,
        &replace,
        &[
            ("beyond its size", |st| st.layouts[S0].cards[6] = c("AS")),
            ("decision", |st| {
                st.decision = Some(Decision::ReplaceJack(4))
            }),
            ("decision", |st| st.decision = Some(Decision::PlaceJack)),
        ],
    );

    // A jack held with one face-down spot left is placed without asking.
    let mut two_down = position(&g, &["AC ?KD ?KH", WAITING], "2C", None);
    two_down.turn = S0;
    hold(&mut two_down, "JD");
    two_down.decision = Some(Decision::PlaceJack);
    assert_each_corruption_refused_saying(
        &g,
        &two_down,
        &[("decision", |st| {
            let mut shorter = Layout::dealt(&[c("AC"), c("KD")]);
            shorter.put(1, c("AC"));
            st.layouts[S0] = shorter;
            st.discards.rest.insert(c("KH"));
            st.wins[S0] = 8;
            recount(&roomy(2), st);
        })],
    );

    // Take or draw: nothing in hand, and a top discard that only replaces a jack.
    assert_each_corruption_refused_saying(
        &g,
        &take_position(&g),
        &[
            ("decision", |st| hold(st, "2C")),
            ("decision", |st| {
                let top = st.discards.top.take().unwrap();
                st.discards.rest.insert(top);
            }),
            ("decision", |st| {
                let top = st.discards.top.replace(c("2C")).unwrap();
                st.discards.rest.insert(top);
                assert!(st.discards.rest.remove(c("2C")));
            }),
        ],
    );

    // A finished game: no decision, and the winner's one-card layout complete.
    let small = game(2, &["layout=1"]);
    let mut over = small.deal(&mut rng());
    let mut r = rng();
    for _ in 0..10_000 {
        if small.to_move(&over) == ToMove::Over {
            break;
        }
        let a = legal(&small, &over)[0];
        small.apply(&mut over, a, &mut r);
    }
    let w = over.winner.unwrap();
    assert_eq!(over.layouts[w].size(), 1);
    assert_each_corruption_refused_saying(
        &small,
        &over,
        &[
            ("decision", |st| st.decision = Some(Decision::TakeOrDraw)),
            ("layout is complete", |st| {
                let w = st.winner.unwrap();
                st.layouts[w].face_up = 0;
                st.layouts[w].jacks = 0;
            }),
            ("hands of 1", |st| st.winner = st.winner.map(|w| w.next(2))),
        ],
    );
}

/// The deal text reads back every position of random games (each decision, rebuilt stocks,
/// finished games); the short form plays the forced steps from the layouts as dealt; and
/// malformed texts are refused.
#[test]
fn the_deal_text_reads_back() {
    use crate::deal_text::{round_trip, DealText};
    let mut seen = [false; 5];
    for (players, params) in [
        (2, "layout=10"),
        (3, "layout=3"),
        (5, "decks=4"),
        (12, "layout=2"),
    ] {
        let g = game(players, &[params]);
        for seed in 0..3 {
            let mut r = ChaCha8Rng::seed_from_u64(seed);
            let mut st = g.deal(&mut r);
            for _ in 0..100_000 {
                let text = round_trip(&g, &st).unwrap();
                assert!(text.starts_with("hand: "), "{text}");
                let marks = [
                    st.decision == Some(Decision::PlaceJack),
                    matches!(st.decision, Some(Decision::ReplaceJack(_))),
                    st.decision == Some(Decision::TakeOrDraw),
                    st.winner.is_some(),
                    st.held.is_some() && st.discards.top.is_some(),
                ];
                for (s, m) in seen.iter_mut().zip(marks) {
                    *s |= m;
                }
                if st.winner.is_some() {
                    break;
                }
                let l = legal(&g, &st);
                g.apply(&mut st, l[r.random_range(0..l.len())], &mut r);
            }
        }
    }
    assert_eq!(seen, [true; 5], "every kind of position was read back");
    // A stock rebuilt from the discards, known to everybody.
    let g2 = roomy(2);
    let mut known = jack_position(&g2);
    known.stock_known = known.stock.iter().copied().collect();
    let text = round_trip(&g2, &known).unwrap();
    assert!(text.contains("; stock_known: JH;"), "{text}");
    // A stock rebuilt in play.
    let g2 = game(2, &["decks=2"]);
    let layouts = [
        "AD 2D 3D 4D 5D 6D 7D ?KC ?KD TD",
        "AC 2C 3C JS ?4S ?KH 7C 8C ?9S TC",
    ];
    let mut rebuilt = position(&g2, &layouts, "", None);
    g2.advance(&mut rebuilt, &mut rng());
    assert_eq!(rebuilt.reshuffles, 1);
    round_trip(&g2, &rebuilt).unwrap();

    // The short form: the layouts as dealt (every card face down) and the stock.
    let g = game(3, &[]);
    let mut dealt = g.deal(&mut rng());
    (dealt.hand, dealt.dealer, dealt.turns, dealt.reshuffles) = (1, Seat::new(2), 0, 0);
    dealt.wins = BySeat::default();
    dealt.winner = None;
    g.deal_hand(&mut dealt, &mut ChaCha8Rng::seed_from_u64(7));
    let layouts: Vec<String> = Seat::all(3)
        .map(|s| {
            let l = dealt.layouts[s];
            (1..=l.size())
                .map(|k| format!("?{}", l.card(k)))
                .collect::<Vec<_>>()
                .join(" ")
        })
        .collect();
    let stock: Vec<String> = dealt.stock.iter().rev().map(|c| c.to_string()).collect();
    let short = format!(
        "layouts: {}; stock: {}",
        layouts.join(" / "),
        stock.join(" ")
    );
    let mut expected = dealt.clone();
    g.advance(&mut expected, &mut ChaCha8Rng::seed_from_u64(0));
    assert_eq!(g.parse_deal(&short).unwrap(), expected);
    let first = layouts[0].split(' ').next().unwrap();
    let last_of_first = layouts[0].rsplit(' ').next().unwrap();
    let refused_short = [
        // A face-up card in a layout as dealt.
        short.replacen(first, &first[1..], 1),
        // A layout one card short (its card moved to the stock).
        short.replacen(&format!(" {last_of_first} /"), " /", 1) + " " + &last_of_first[1..],
        // A card missing from the stock.
        short.rsplit_once(' ').unwrap().0.to_string(),
        // An extra field.
        format!("{short}; hand: 1"),
    ];
    for bad in &refused_short {
        assert!(g.parse_deal(bad).is_err(), "{bad}");
    }

    // The whole position: each field checked.
    let g = roomy(2);
    let text = g.print_deal(&jack_position(&g));
    assert!(text.contains("; wins: 0 / 0;"), "{text}");
    assert!(text.contains("; decision: place-jack;"), "{text}");
    assert!(
        text.contains("; turn: 0;") && text.contains("; dealer: 1;"),
        "{text}"
    );
    let broken = [
        ("wins: 0 / 0", "wins: 11 / 0"),
        ("wins: 0 / 0", "wins: 1 / 0"),
        ("wins: 0 / 0", "wins: x / 0"),
        ("wins: 0 / 0", "wins: 0"),
        ("decision: place-jack", "decision: replace-jack 11"),
        ("decision: place-jack", "decision: replace-jack 0"),
        ("decision: place-jack", "decision: replace-jack x"),
        ("decision: place-jack", "decision: jump"),
        ("turn: 0", "turn: 2"),
        ("dealer: 1", "dealer: 2"),
        ("winner: -", "winner: 2"),
        ("hand: 1", "hand: x"),
        ("stock_known: -", "stock_known: AS"),
        ("held: JD", "held: ZZ"),
        ("layouts: AC", "layouts: AC AC"),
        ("turns: 1; ", ""),
    ];
    for (from, to) in broken {
        assert!(text.contains(from), "{from}: {text}");
        let bad = text.replacen(from, to, 1);
        assert!(g.parse_deal(&bad).is_err(), "{bad}");
    }
    // The decision and the known stock read back as written.
    let replace = text.replacen("decision: place-jack", "decision: replace-jack 4", 1);
    assert_eq!(
        g.parse_deal(&replace).unwrap().decision,
        Some(Decision::ReplaceJack(4))
    );
    let known = text.replacen("stock_known: -", "stock_known: JH", 1);
    assert_eq!(
        g.parse_deal(&known).unwrap().stock_known,
        [c("JH")].into_iter().collect()
    );
}

/// The statistics are the hand, the turns started and the reshuffles, in that order.
#[test]
fn stats_are_hands_turns_and_reshuffles() {
    let g = roomy(2);
    let mut st = take_position(&g);
    (st.hand, st.turns, st.reshuffles) = (6, 11, 2);
    let mut stats = Vec::new();
    g.stats(&st, &mut stats);
    assert_eq!(stats, [6.0, 11.0, 2.0]);
    // Counted in play: a turn passed, then a stock rebuilt.
    let mut st = position(&g, &[DOWN, WAITING], "QS JH", None);
    begin(&g, &mut st, S0);
    g.stats(&st, &mut stats);
    assert_eq!(stats, [1.0, 2.0, 0.0]);
    let mut st = position(&g, &[DOWN, WAITING], "", Some("5D"));
    begin(&g, &mut st, S0);
    g.stats(&st, &mut stats);
    assert_eq!(stats[2], 1.0);
}

/// The state's and the observation's accessors read back a known position.
#[test]
fn the_accessors_read_the_position() {
    let g = roomy(2);
    assert_eq!(g.cards().len(), 208);
    assert_eq!(g.cards().count(c("7H")), 4);
    assert_eq!(natural_spot(c("7H")), Some(7));
    assert_eq!(natural_spot(c("AC")), Some(1));
    for card in ["JS", "QS", "KS"] {
        assert_eq!(natural_spot(c(card)), None, "{card}");
    }
    assert_eq!(natural_spot(Card::JOKER), None);
    assert!(is_jack(c("JD")) && !is_jack(c("QD")) && !is_jack(Card::JOKER));

    let st = take_position(&g);
    assert_eq!(st.turn(), S0);
    assert_eq!(st.decision(), Some(Decision::TakeOrDraw));
    assert_eq!(st.held(), None);
    assert_eq!(st.layout(S0).spot(3), Spot::Jack(c("JC")));
    assert_eq!((st.wins(S0), st.wins(S1)), (5, 0));
    assert_eq!(st.discards().top, Some(c("3H")));
    assert_eq!(st.discards().cards().count(c("3H")), 4);
    assert_eq!(st.discards().cards().len(), st.discards().rest.len() + 1);
    assert_eq!(st.stock(), [c("JH"), c("QD")], "the next card drawn last");
    assert!(st.stock_known().is_empty());
    assert_eq!((st.hand(), st.dealer(), st.winner()), (6, S0, None));

    // A layout's masks and spots.
    let l = st.layout(S0);
    assert_eq!((l.size(), l.spots(), l.face_up()), (5, 0b11111, 0b00100));
    assert_eq!(
        (l.face_down(), l.jacks(), l.is_complete()),
        (0b11011, 0b00100, false)
    );
    assert_eq!((l.card(2), l.spot(2)), (c("KD"), Spot::FaceDown));
    assert_eq!(format!("{l:?}"), "[?KC ?KD JC ?KH ?QS]");
    let public = l.public();
    assert_eq!((public.size, public.face_down()), (5, 0b11011));
    assert_eq!(public.face_up_cards().collect::<Vec<_>>(), [c("JC")]);
    let mut full = Layout::dealt(&[c("AS")]);
    full.put(1, c("AS"));
    assert!(full.is_complete());

    // What seat 1 sees: everything face up, nothing face down, the stock's size only.
    let obs = g.observe(&st, S1);
    assert_eq!(obs.to_move(), ToMove::Seat(S0));
    let visible = obs.visible();
    assert_eq!(visible.count(c("3H")), 4, "the top and the older threes");
    let mut expected = st.discards().cards();
    for s in Seat::all(2) {
        expected.extend(st.layout(s).public().face_up_cards());
    }
    assert_eq!(visible, expected);
    assert_eq!(
        visible.count(c("KD")),
        st.discards().rest.count(c("KD")),
        "the face-down kings are not seen"
    );
    let unknown = obs.unknown(g.cards());
    let face_down: usize = Seat::all(2)
        .map(|s| st.layout(s).face_down().count_ones() as usize)
        .sum();
    assert_eq!(unknown.len(), face_down + st.stock().len());
    assert_eq!(unknown.len() + visible.len(), g.cards().len());
    let mut over = obs;
    over.decision = None;
    assert_eq!(over.to_move(), ToMove::Over);
}

/// The observation tensor's scalars and one-hots, from the observer's side, scaled as
/// documented in the encoding.
#[test]
fn the_observation_scales_each_count_as_documented() {
    use crate::encoding::{relative, Encoding, Tensor};
    use crate::games::common::encoding::named;
    let g = roomy(2);
    let mut st = take_position(&g);
    st.stock_known = st.stock.iter().copied().collect();
    let me = S1;
    let mut t = Tensor::new();
    g.encode_observation(&g.observe(&st, me), &mut t);
    let theirs = relative(S0, me, 2);
    assert_eq!(theirs, 1);
    assert_eq!(named(&t, "layout.size"), [1.0, 0.5]);
    assert_eq!(named(&t, "wins"), [0.0, 0.5]);
    assert_eq!(named(&t, "turn"), [0.0, 1.0]);
    assert_eq!(named(&t, "dealer"), [0.0, 1.0]);
    assert_eq!(named(&t, "decision"), [0.0, 0.0, 1.0]);
    assert!(named(&t, "held").iter().all(|&x| x == 0.0));
    let top = named(&t, "discard.top");
    assert_eq!(top[c("3H").index()], 1.0);
    assert_eq!(top.iter().sum::<f32>(), 1.0);
    let rest = named(&t, "discard.rest");
    assert_eq!(
        rest[c("3H").index()],
        0.75,
        "three older threes of four decks"
    );
    let known = named(&t, "stock.known");
    assert_eq!(
        (known[c("JH").index()], known[c("QD").index()]),
        (0.25, 0.25)
    );
    assert_eq!(known.iter().sum::<f32>(), 0.5);
    assert_eq!(named(&t, "stock"), [2.0 / 208.0]);
    assert_eq!(named(&t, "hand"), [6.0 / 20.0]);
    // Seat 0's layout, written second: the jack at spot 3, everything else face down.
    let jack = named(&t, "layout.jack");
    let down = named(&t, "layout.face_down");
    assert_eq!(jack[10 + 2], 1.0);
    assert_eq!(jack.iter().sum::<f32>(), 1.0);
    assert_eq!(down[10..15], [1.0, 1.0, 0.0, 1.0, 1.0]);
    // Seat 0 seen from itself: its own layout first, the turn at 0.
    let mut t = Tensor::new();
    g.encode_observation(&g.observe(&st, S0), &mut t);
    assert_eq!(named(&t, "layout.size"), [0.5, 1.0]);
    assert_eq!(named(&t, "turn"), [1.0, 0.0]);
    // A held card, and no turn once the game is over.
    let mut held = jack_position(&g);
    held.stock_known = CardMultiset::EMPTY;
    let mut t = Tensor::new();
    g.encode_observation(&g.observe(&held, S0), &mut t);
    assert_eq!(named(&t, "held")[c("JD").index()], 1.0);
    assert_eq!(named(&t, "decision"), [1.0, 0.0, 0.0]);
    let mut over = g.observe(&held, S0);
    over.decision = None;
    let mut t = Tensor::new();
    g.encode_observation(&over, &mut t);
    assert_eq!(named(&t, "turn"), [0.0, 0.0]);
    assert_eq!(named(&t, "decision"), [0.0, 0.0, 0.0]);
}
