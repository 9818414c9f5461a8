//! Ninety-Nine's rules, position by position: the page's card table, hand-made positions with
//! a known next step, known counts, the whole game, and the generic conformance checks.

use super::*;
use crate::conformance::{self, perft::perft};
use crate::games::common::testing::{legal_names as legal, play_named as play};
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;

fn c(s: &str) -> Card {
    s.parse().unwrap()
}

fn cards(s: &str) -> CardSet {
    s.split_whitespace().map(c).collect()
}

fn game(players: usize, params: &[&str]) -> NinetyNine {
    NinetyNine::new(players, &Params::parse(params).unwrap()).unwrap()
}

/// A hand-made position: the hands of the players in seat order (an empty string for a seat
/// that is out), the stock top first; every other card is on the pile, `top` on top. Seat 0
/// is to play, the last seat dealt, every seat in has all its tokens.
fn position(g: &NinetyNine, hands: &[&str], stock: &str, top: &str, count: i32) -> NinetyNineState {
    assert_eq!(hands.len(), g.n());
    let mut st = NinetyNineState {
        stock: Stock::from_top(stock.split_whitespace().map(c)),
        pile: CardSet::EMPTY,
        top: None,
        restock: CardSet::FULL_DECK,
        hands: BySeat::default(),
        tokens: BySeat::default(),
        out: Eliminations::default(),
        count,
        clockwise: true,
        turn: Seat::new(0),
        dealer: Seat::new(g.n() - 1),
        hand: 1,
        over: false,
        tally: Tally::default(),
    };
    let mut used = st.stock.cards();
    for (i, h) in hands.iter().enumerate() {
        let seat = Seat::new(i);
        st.hands[seat] = cards(h);
        assert!(st.hands[seat].is_disjoint(used), "card dealt twice");
        used |= st.hands[seat];
        st.tokens[seat] = g.tokens;
    }
    for (i, h) in hands.iter().enumerate() {
        if h.is_empty() {
            st.tokens[Seat::new(i)] = 0;
            st.out.eliminate(Seat::new(i));
        }
    }
    // Those who went out lost tokens in earlier hands.
    st.hand = 1 + (st.out.out_count() as u16) * g.tokens as u16;
    st.pile = CardSet::FULL_DECK - used;
    if !top.is_empty() {
        st.top = Some(c(top));
        assert!(st.pile.contains(c(top)));
    }
    st
}

const S0: Seat = Seat::new(0);
const S1: Seat = Seat::new(1);
const S2: Seat = Seat::new(2);
const S3: Seat = Seat::new(3);

#[test]
fn config_and_errors() {
    let g = game(3, &[]);
    assert_eq!((g.players(), g.hand_size(), g.tokens()), (3, 4, 3));
    assert!(g.negative_allowed());
    assert_eq!(g.exhausted(), Exhausted::Reshuffle);
    let g = game(
        2,
        &["hand=3", "tokens=1", "negative=false", "stock=play-on"],
    );
    assert_eq!(
        (g.hand_size(), g.tokens(), g.negative_allowed()),
        (3, 1, false)
    );
    assert_eq!(g.exhausted(), Exhausted::PlayOn);
    let err = |players, params: &[&str]| {
        NinetyNine::new(players, &Params::parse(params).unwrap())
            .unwrap_err()
            .to_string()
    };
    assert_eq!(err(1, &[]), "ninety-nine takes 2 to 6 players, not 1");
    assert!(err(2, &["hand=9"]).contains("from 1 to 8"));
    assert!(err(2, &["tokens=0"]).contains("from 1 to 9"));
    assert!(err(2, &["stock=burn"]).contains("reshuffle"));
    assert!(err(2, &["jokers=2"]).contains("allowed: tokens, hand, negative, stock"));
}

#[test]
fn actions_display() {
    let a = |card: &str, count| {
        NinetyNineAction {
            card: c(card),
            count,
        }
        .to_string()
    };
    assert_eq!(a("AS", Count::Add(11)), "AS+11");
    assert_eq!(a("AS", Count::Add(1)), "AS+1");
    assert_eq!(a("TD", Count::Add(-10)), "TD-10");
    assert_eq!(a("KC", Count::Add(0)), "KC+0");
    assert_eq!(a("9H", Count::NinetyNine), "9H=99");
}

/// The page's table, rank by rank: the value(s) of every card.
#[test]
fn the_pages_card_values() {
    let table: [(Rank, &[i32]); 13] = [
        (Rank::Ace, &[1, 11]),
        (Rank::Two, &[2]),
        (Rank::Three, &[3]),
        (Rank::Four, &[0]),
        (Rank::Five, &[5]),
        (Rank::Six, &[6]),
        (Rank::Seven, &[7]),
        (Rank::Eight, &[8]),
        (Rank::Nine, &[]),
        (Rank::Ten, &[10, -10]),
        (Rank::Jack, &[10]),
        (Rank::Queen, &[10]),
        (Rank::King, &[0]),
    ];
    for (rank, adds) in table {
        let v = values(rank);
        if rank == Rank::Nine {
            assert_eq!(v.as_slice(), [Count::NinetyNine]);
            continue;
        }
        let got: Vec<i32> = v
            .iter()
            .map(|x| match x {
                Count::Add(k) => *k as i32,
                Count::NinetyNine => panic!(),
            })
            .collect();
        assert_eq!(got, adds, "{rank:?}");
    }
    // A nine makes the count 99 from anywhere, even from below zero.
    let nine = NinetyNineAction {
        card: c("9S"),
        count: Count::NinetyNine,
    };
    assert_eq!(
        (nine.result(0), nine.result(98), nine.result(-7)),
        (99, 99, 99)
    );
}

#[test]
fn the_count_may_stay_at_99() {
    // "It is perfectly fine for the count to equal 99": at 99 the zero cards, the nine and the
    // ten as -10 play; nothing that adds does, not even an ace.
    let g = game(2, &[]);
    let st = position(&g, &["KS 4H 9D AC", "TS QS 5H 2C"], "3C", "8D", 99);
    assert_eq!(legal(&g, &st), ["9D=99", "4H+0", "KS+0"]);
    let st = position(&g, &["TS QS 5H 2C", "KS 4H 9D AC"], "3C", "8D", 99);
    assert_eq!(legal(&g, &st), ["TS-10"]);
    // At 88, an ace may be 11 (to exactly 99), a ten only -10 or +10 to 98.
    let st = position(&g, &["AS TD 2C 3H", "KS 4H 9D QC"], "3C", "8D", 88);
    // Plays are listed by card: clubs, diamonds, hearts, spades, two to ace.
    assert_eq!(
        legal(&g, &st),
        ["2C+2", "TD+10", "TD-10", "3H+3", "AS+1", "AS+11"]
    );
}

#[test]
fn a_ten_below_zero_only_with_negative_allowed() {
    let st_of = |g: &NinetyNine| position(g, &["TS 5H", "KS 4H"], "3C", "8D", 6);
    let g = game(2, &["hand=2"]);
    assert_eq!(legal(&g, &st_of(&g)), ["5H+5", "TS+10", "TS-10"]);
    let mut st = st_of(&g);
    play(&g, &mut st, "TS-10");
    assert_eq!(st.count, -4);
    let g = game(2, &["hand=2", "negative=false"]);
    assert_eq!(legal(&g, &st_of(&g)), ["5H+5", "TS+10"]);
}

#[test]
fn a_play_adds_to_the_count_and_the_player_draws_back_to_four() {
    let g = game(3, &[]);
    let mut st = position(
        &g,
        &["AS 2S 5S 7S", "AH 2H 5H 7H", "AD 2D 5D 7D"],
        "KC QC",
        "8D",
        40,
    );
    play(&g, &mut st, "7S+7");
    assert_eq!(st.count, 47);
    assert_eq!(st.hands[S0], cards("AS 2S 5S KC"));
    assert_eq!((st.top, st.turn, st.stock.len()), (Some(c("7S")), S1, 1));
    play(&g, &mut st, "AH+11");
    assert_eq!((st.count, st.turn), (58, S2));
    assert_eq!(st.hands[S1], cards("2H 5H 7H QC"));
    assert_eq!(st.tally.plays, 2);
}

#[test]
fn a_three_skips_the_next_player() {
    let g = game(3, &[]);
    let hands = ["3S 2S 5S 7S", "AH 2H 5H 7H", "AD 2D 5D 7D"];
    let mut st = position(&g, &hands, "KC QC JC", "8D", 10);
    play(&g, &mut st, "3S+3");
    assert_eq!((st.count, st.turn, st.tally.skips), (13, S2, 1));
    // With two players the skip brings the turn back to the player of the three.
    let g = game(2, &[]);
    let mut st = position(&g, &hands[..2], "KC QC JC", "8D", 10);
    play(&g, &mut st, "3S+3");
    assert_eq!((st.count, st.turn), (13, S0));
}

#[test]
fn a_four_reverses_the_order_with_more_than_two_players() {
    let g = game(4, &[]);
    let hands = ["4S 2S 5S 7S", "AH 2H 5H 7H", "AD 2D 5D 7D", "AC 2C 5C 7C"];
    let mut st = position(&g, &hands, "KC QC JC", "8D", 10);
    play(&g, &mut st, "4S+0");
    assert_eq!((st.count, st.turn, st.clockwise), (10, S3, false));
    // Play goes on to the right, and a three skips to the right too.
    play(&g, &mut st, "2C+2");
    assert_eq!(st.turn, S2);
    st.hands[S2] = cards("3D 2D 5D 7D");
    st.pile = CardSet::FULL_DECK
        - st.stock.cards()
        - Seat::all(4)
            .map(|s| st.hands[s])
            .fold(CardSet::EMPTY, |a, b| a | b);
    play(&g, &mut st, "3D+3");
    assert_eq!(st.turn, S0, "seat 1 is skipped going right");
    // With two players a four changes nothing but the count.
    let g = game(2, &[]);
    let mut st = position(&g, &hands[..2], "KC QC JC", "8D", 10);
    play(&g, &mut st, "4S+0");
    assert_eq!((st.turn, st.clockwise, st.tally.reversals), (S1, true, 0));
}

#[test]
fn a_player_who_cannot_stay_at_99_loses_a_token_and_a_new_hand_is_dealt() {
    let g = game(3, &[]);
    let mut st = position(
        &g,
        &["9S 2S 5S 7S", "AH 2H 5H 7H", "AD 2D 5D 7D"],
        "KC QC JC",
        "8D",
        90,
    );
    play(&g, &mut st, "9S=99");
    // Seat 1 holds no card that keeps 99: it loses a token without a decision, and the next
    // hand is dealt by seat 0 (the deal passes left), so seat 1 leads it.
    assert_eq!(st.tokens[S1], 2);
    assert_eq!((st.hand, st.dealer, st.turn, st.count), (2, S0, S1, 0));
    assert_eq!(
        (st.top, st.pile, st.stock.len()),
        (None, CardSet::EMPTY, 40)
    );
    assert!(Seat::all(3).all(|s| st.hands[s].len() == 4));
    assert_eq!(st.tally.bust_counts, 99);
}

#[test]
fn the_last_token_puts_a_player_out_and_the_last_player_in_wins() {
    let g = game(3, &["tokens=1"]);
    let mut st = position(
        &g,
        &["9S 2S 5S 7S", "AH 2H 5H 7H", ""],
        "KC QC JC",
        "8D",
        90,
    );
    play(&g, &mut st, "9S=99");
    assert!(st.over);
    assert_eq!(g.to_move(&st), ToMove::Over);
    let o = g.outcome(&st).unwrap();
    let places: Vec<u8> = o.first(3).iter().map(|r| r.place).collect();
    assert_eq!(places, [1, 2, 3], "seat 2 went out first, then seat 1");
    assert_eq!(o[S0].win, 1.0);
    let scores: Vec<f64> = o.first(3).iter().map(|r| r.score).collect();
    assert_eq!(scores, [2.0, 1.0, 0.0]);
    let mut stats = Vec::new();
    g.stats(&st, &mut stats);
    assert_eq!(
        stats[NinetyNine::INFO
            .stats
            .iter()
            .position(|&s| s == "winner_tokens")
            .unwrap()],
        1.0
    );
}

#[test]
fn seats_out_are_skipped_in_play_and_in_the_deal() {
    let g = game(4, &[]);
    let mut st = position(
        &g,
        &["2S 3S 5S 7S", "", "AD 2D 5D 7D", "AC 2C 5C 7C"],
        "KC QC JC",
        "8D",
        10,
    );
    play(&g, &mut st, "2S+2");
    assert_eq!(st.turn, S2);
    // A three from seat 3 skips seat 0 and comes to seat 2, past seat 1 who is out.
    st.turn = S3;
    play(&g, &mut st, "2C+2");
    assert_eq!(st.turn, S0);
}

#[test]
fn an_empty_stock_is_rebuilt_from_the_played_cards_but_the_top_one() {
    let g = game(2, &[]);
    let mut st = position(&g, &["2S 3S 5S 7S", "AH 2H 5H 7H"], "", "8D", 10);
    let pile_before = st.pile;
    play(&g, &mut st, "7S+7");
    assert_eq!(st.tally.reshuffles, 1);
    assert_eq!(st.pile, CardSet::from_card(c("7S")));
    assert_eq!(st.restock, pile_before);
    assert_eq!(st.stock.len(), pile_before.len() - 1);
    assert_eq!(st.hands[S0].len(), 4);
    // The next player sees which cards went into the new stock.
    let obs = g.observe(&st, S1);
    assert_eq!(
        obs.unseen() & obs.restock,
        st.stock.cards() | (st.hands[S0] & pile_before)
    );
}

#[test]
fn with_play_on_hands_shrink_and_an_empty_hand_cannot_play() {
    let g = game(2, &["stock=play-on", "hand=2"]);
    let mut st = position(&g, &["2S 3S", "5H"], "", "8D", 10);
    play(&g, &mut st, "2S+2");
    assert_eq!(st.hands[S0], cards("3S"));
    play(&g, &mut st, "5H+5");
    play(&g, &mut st, "3S+3");
    // Seat 0's three skipped seat 1, whose hand is empty anyway; seat 0 now has no card.
    assert_eq!(st.tokens[S0], 2);
    assert_eq!((st.hand, st.count), (2, 0));
}

/// Known counts. At depth 1 the count of plays is, per card, the number of its values that
/// keep the count in range. Three two-player positions, worked out by hand:
/// - `AS TS 2C 3H` at 50: the ace 2 ways, the ten 2, the others 1: 6.
/// - then seat 1 `KS 4H 9D QC` answers each of the five plays other than the three: K, 4, 9
///   always, Q at any count up to 89: 4 each; after the three, the two-player skip gives seat
///   0 its own turn again with `AS TS 2C` and the drawn `5C`: 6 plays. 5 * 4 + 6 = 26.
/// - at 95 `AS TS 2C 3H`: AS+1, 2C, 3H, TS-10: 4.
#[test]
fn perft_known_counts() {
    let g = game(2, &[]);
    let st = position(
        &g,
        &["AS TS 2C 3H", "KS 4H 9D QC"],
        "5C 6C 7C 8C 5D 6D",
        "8D",
        50,
    );
    assert_eq!(perft(&g, &st, 1), 6);
    assert_eq!(perft(&g, &st, 2), 5 * 4 + 6);
    let st = position(
        &g,
        &["AS TS 2C 3H", "KS 4H 9D QC"],
        "5C 6C 7C 8C 5D 6D",
        "8D",
        95,
    );
    assert_eq!(perft(&g, &st, 1), 4);
    // From 95, seat 1 answers: after AS+1 (96), 2C (97), 3H (98, and seat 0 plays again),
    // TS-10 (85): K, 4, 9 always; Q only at 85. 3 + 3 + (seat 0 again) + 4.
    // After 3H the two-player skip gives seat 0 its own turn at 98 with AS TS 2C and the
    // drawn 5C: AS+1 and TS-10 only (2C would make 100, 5C 103).
    assert_eq!(perft(&g, &st, 2), 3 + 3 + 2 + 4);
}

/// Every play at the start of a hand: count 0, any value in range, so each card gives all its
/// values but a ten's -10 (with negative play allowed it does too).
#[test]
fn perft_at_a_fresh_deal_matches_the_formula_over_the_hand() {
    for seed in 0..20 {
        for (params, minus_ten) in [(&[][..], true), (&["negative=false"][..], false)] {
            let g = game(4, params);
            let st = g.deal(&mut ChaCha8Rng::seed_from_u64(seed));
            let want: u64 = st.hands[st.turn]
                .iter()
                .map(|card| match card.rank() {
                    Rank::Ace => 2,
                    Rank::Ten => 1 + u64::from(minus_ten),
                    _ => 1,
                })
                .sum();
            assert_eq!(perft(&g, &st, 1), want, "seed {seed}");
        }
    }
}

#[test]
fn the_first_hand_is_dealt_by_the_last_seat_and_led_by_seat_zero() {
    for players in 2..=6 {
        let g = game(players, &[]);
        let st = g.deal(&mut ChaCha8Rng::seed_from_u64(1));
        assert_eq!(
            (st.dealer, st.turn, st.count),
            (Seat::new(players - 1), S0, 0)
        );
        assert_eq!(st.stock.len(), 52 - 4 * players);
        g.check_invariants(&st).unwrap();
    }
}

#[test]
fn determinization_keeps_a_rebuilt_stock_to_its_cards() {
    let g = game(2, &[]);
    let mut st = position(&g, &["2S 3S 5S 7S", "AH 2H 5H 7H"], "", "8D", 10);
    play(&g, &mut st, "7S+7");
    // Seat 1 knows its four cards are none of the stock's; the stock holds only restock cards.
    let obs = g.observe(&st, S1);
    let mut r = ChaCha8Rng::seed_from_u64(3);
    for _ in 0..200 {
        let d = g.determinize(&obs, &mut r);
        g.check_invariants(&d).unwrap();
        assert_eq!(g.observe(&d, S1), obs);
        assert!(d.stock.cards().is_subset(obs.restock));
        // Seat 0's three kept cards (2S 3S 5S) were never in the restock, so they are in its
        // hand in every sample.
        assert!(cards("2S 3S 5S").is_subset(d.hands[S0]));
    }
}

/// Exact: at a fresh two-player deal, seat 0 sees its 4 cards; seat 1's hand is a uniform
/// 4 of the 48 unseen. Each unseen card lies in seat 1's hand with probability 4/48.
#[test]
fn determinization_is_uniform_at_a_fresh_deal() {
    let g = game(2, &[]);
    let st = g.deal(&mut ChaCha8Rng::seed_from_u64(9));
    let obs = g.observe(&st, S0);
    let card = obs.unseen().lowest().unwrap();
    let n = 24_000;
    let mut r = ChaCha8Rng::seed_from_u64(4);
    let hits = (0..n)
        .filter(|_| g.determinize(&obs, &mut r).hands[S1].contains(card))
        .count();
    let p = 4.0 / 48.0;
    let sd = (n as f64 * p * (1.0 - p)).sqrt();
    assert!((hits as f64 - n as f64 * p).abs() < 4.0 * sd, "{hits}");
}

#[test]
fn random_games_conform_for_every_player_count_and_variant() {
    for players in 2..=6 {
        let g = game(players, &[]);
        let r = conformance::random_games(&g, 0..30, 100_000);
        assert_eq!((r.games, r.draws), (30, 0));
    }
    for params in [
        &["stock=play-on"][..],
        &["negative=false", "hand=3"][..],
        &["hand=8", "tokens=1"][..],
        &["hand=1", "tokens=2", "stock=play-on"][..],
    ] {
        for players in [2, 3, 6] {
            let g = game(players, params);
            let r = conformance::random_games(&g, 0..15, 100_000);
            assert_eq!(r.games, 15, "{params:?}");
        }
    }
}

/// Over 200 random 3-player games, every one ends with one player left after 6 to 8 hands:
/// one token is lost per hand, the two losers lose 3 each and the winner 0 to 2.
#[test]
fn whole_games_last_between_six_and_eight_hands_with_three_players() {
    let g = game(3, &[]);
    let r = conformance::random_games(&g, 100..300, 100_000);
    let hands = NinetyNine::INFO
        .stats
        .iter()
        .position(|&s| s == "hands")
        .unwrap();
    let reshuffles = NinetyNine::INFO
        .stats
        .iter()
        .position(|&s| s == "reshuffles")
        .unwrap();
    for s in &r.stats {
        // Two players lose 3 tokens each, the winner 0 to 2: 6 to 8 hands.
        assert!((6.0..=8.0).contains(&s[hands]), "{s:?}");
    }
    // Random hands are short: none of these runs through the 40-card stock.
    assert!(r.stats.iter().all(|s| s[reshuffles] == 0.0));
}

/// The soak: a million random games (default rules, 2 to 6 players in turn) with the
/// invariants checked after every move. Not run in CI: `cargo test --release -p
/// cardsim-engine ninety_nine_soak -- --ignored` (`SOAK_GAMES=N` for another count).
#[test]
#[ignore]
fn ninety_nine_soak() {
    let variants = (2..=6).map(|n| game(n, &[])).collect::<Vec<_>>();
    conformance::soak_a_million("ninety-nine", &variants);
}

/// The deal text reads back for every player count and hand size; a hand of the wrong size or
/// a card twice is refused.
#[test]
fn the_deal_text_reads_back() {
    for n in 2..=6 {
        for hand in ["hand=1", "hand=4", "hand=8"] {
            let g = game(n, &[hand]);
            for seed in 0..3 {
                let st = g.deal(&mut ChaCha8Rng::seed_from_u64(seed));
                let text = crate::deal_text::round_trip(&g, &st).unwrap();
                assert!(text.starts_with("hands: ") && text.contains("; stock: "));
            }
        }
    }
    let g = game(3, &[]);
    let st = g.deal(&mut ChaCha8Rng::seed_from_u64(4));
    let first = st.hands[S0].iter().next().unwrap().to_string();
    crate::deal_text::assert_misplaced_card_refused(&g, &st, &first);
}

/// Every invariant, broken alone in a real position, is refused; the position itself passes.
#[test]
fn broken_states_fail_the_invariants() {
    let g = game(4, &["negative=false"]);
    let hands = ["2S 3S 5S 7S", "", "AD 2D 5D 7D", "AC 2C 5C 7C"];
    let base = position(&g, &hands, "KC QC JC", "8D", 10);
    g.check_invariants(&base).unwrap();
    let bad = |what: &str, edit: &dyn Fn(&mut NinetyNineState)| {
        let mut st = base.clone();
        edit(&mut st);
        assert!(g.check_invariants(&st).is_err(), "{what} passes");
    };
    bad("a card twice in the stock", &|st| {
        st.stock = Stock::from_top(["KC", "KC", "QC", "JC"].map(c));
    });
    bad("a played card in the stock", &|st| {
        st.stock = Stock::from_top(cards("KC QC JC 8D"));
    });
    bad("a card in two hands", &|st| {
        st.hands[S2].insert(c("2S"));
        st.hands[S2].remove(c("AD"));
        st.pile.insert(c("AD"));
    });
    bad("cards held by a seat that is out", &|st| {
        st.hands[S1].insert(c("KC"));
        st.stock = Stock::from_top(cards("QC JC"));
    });
    bad("cards held by a seat beyond the players", &|st| {
        st.hands[Seat::new(5)].insert(c("KC"));
        st.stock = Stock::from_top(cards("QC JC"));
    });
    bad("a hand of three", &|st| {
        st.hands[S0].remove(c("7S"));
        st.stock = Stock::from_top(cards("KC QC JC 7S"));
    });
    bad("a hand of five", &|st| {
        st.hands[S0].insert(c("KC"));
        st.stock = Stock::from_top(cards("QC JC"));
    });
    bad("a seat in without tokens", &|st| st.tokens[S2] = 0);
    bad("a seat with too many tokens", &|st| st.tokens[S2] = 4);
    bad("a seat out with tokens", &|st| st.tokens[S1] = 1);
    bad("a seat beyond the players with tokens", &|st| {
        st.tokens[Seat::new(4)] = 1;
    });
    bad("a card lost", &|st| {
        st.pile.remove(c("AH"));
    });
    bad("a stock card that did not go into it", &|st| {
        st.restock = CardSet::FULL_DECK - CardSet::from_card(c("QC"));
    });
    bad("the top card off the pile", &|st| st.top = Some(c("KC")));
    bad("no top card on a pile", &|st| st.top = None);
    bad("a count above 99", &|st| st.count = 100);
    bad("a count below zero without negative", &|st| st.count = -1);
    bad("a token lost without a hand ended", &|st| st.tokens[S0] = 2);
    bad("a hand ended without a token lost", &|st| st.hand += 1);
    bad("over with three in", &|st| st.over = true);
    bad("the turn with a seat that is out", &|st| st.turn = S1);
    bad("the deal with a seat that is out", &|st| st.dealer = S1);
    bad("the turn beyond the players", &|st| st.turn = Seat::new(5));
    bad("a player to move who cannot play", &|st| st.count = 99);
    // Play-on: a short hand is right only once the stock is empty.
    let g = game(2, &["stock=play-on"]);
    let mut st = position(&g, &["2S 3S 5S", "AH 2H 5H 7H"], "", "8D", 10);
    g.check_invariants(&st).unwrap();
    st.hands[S0].insert(c("9S"));
    st.hands[S0].insert(c("9H"));
    st.pile -= cards("9S 9H");
    assert!(g.check_invariants(&st).is_err(), "a hand of five");
    let mut st = position(&g, &["2S 3S 5S", "AH 2H 5H 7H"], "KC", "8D", 10);
    assert!(
        g.check_invariants(&st).is_err(),
        "a short hand with a stock"
    );
    st.stock = Stock::default();
    st.pile.insert(c("KC"));
    g.check_invariants(&st).unwrap();
}

/// What the accessors and the settings show is the position's.
#[test]
fn the_accessors_show_the_state_and_the_settings() {
    let g = game(
        4,
        &["tokens=5", "hand=3", "negative=false", "stock=play-on"],
    );
    assert_eq!(
        (
            g.tokens(),
            g.hand_size(),
            g.negative_allowed(),
            g.exhausted()
        ),
        (5, 3, false, Exhausted::PlayOn)
    );
    let d = game(3, &[]);
    assert!(d.negative_allowed() && d.exhausted() == Exhausted::Reshuffle);
    let mut st = g.deal(&mut ChaCha8Rng::seed_from_u64(2));
    let mut rng = ChaCha8Rng::seed_from_u64(3);
    let mut legal = Vec::new();
    for _ in 0..30 {
        if st.over {
            break;
        }
        g.legal_actions(&st, &mut legal);
        g.apply(&mut st, legal[0], &mut rng);
    }
    assert_eq!(st.count(), st.count);
    assert_eq!((st.turn(), st.clockwise()), (st.turn, st.clockwise));
    assert_eq!((st.hand_number(), st.tally()), (st.hand, st.tally));
    assert_eq!(st.eliminations(), st.out);
    assert_eq!(st.stock().as_slice(), st.stock.as_slice());
    for s in Seat::all(4) {
        assert_eq!(
            (st.hand_of(s), st.tokens_of(s)),
            (st.hands[s], st.tokens[s])
        );
    }
    assert!(st.tally().plays >= 1);
    // A seat out and play going anticlockwise show too.
    let g = game(4, &[]);
    let hands = ["2S 3S 5S 7S", "", "AD 2D 5D 7D", "AC 2C 5C 7C"];
    let mut st = position(&g, &hands, "KC QC JC", "8D", 10);
    st.clockwise = false;
    assert!(!st.clockwise());
    assert!(st.eliminations().is_out(S1) && !st.eliminations().is_out(S0));
}

/// The statistics, column by column: a hand ended at 99 (the count at a bust averaged over
/// the hands ended), and the winner's tokens once the game is over.
#[test]
fn stats_average_the_bust_count_and_show_the_winners_tokens() {
    let names = NinetyNine::INFO.stats;
    let column = |out: &[f64], name: &str| out[names.iter().position(|&n| n == name).unwrap()];
    let g = game(3, &[]);
    let mut st = position(
        &g,
        &["9S 2S 5S 7S", "AH 2H 5H 7H", "AD 2D 5D 7D"],
        "KC QC JC",
        "8D",
        90,
    );
    let mut out = vec![7.0];
    g.stats(&st, &mut out);
    assert_eq!(out.len(), names.len());
    assert_eq!(column(&out, "bust_count"), 0.0, "no hand ended yet");
    play(&g, &mut st, "9S=99");
    g.stats(&st, &mut out);
    assert_eq!(
        (
            column(&out, "hands"),
            column(&out, "plays"),
            column(&out, "nines")
        ),
        (2.0, 1.0, 1.0)
    );
    assert_eq!(column(&out, "bust_count"), 99.0);
    assert_eq!(column(&out, "winner_tokens"), 0.0);
    // A second hand ended at 13 (a four with more than two in reverses, a three skips).
    st.count = 10;
    st.hands[S1] = cards("4H 3H KH QH");
    st.hands[S0] = cards("AS 2S 5S 7S");
    st.hands[S2] = cards("AD 2D 5D 7D");
    let dealt = st.hands[S0] | st.hands[S1] | st.hands[S2];
    st.stock = Stock::from_top((CardSet::FULL_DECK - dealt).iter());
    g.check_invariants(&st).unwrap();
    play(&g, &mut st, "4H+0");
    g.stats(&st, &mut out);
    assert_eq!(
        (column(&out, "reversals"), column(&out, "skips")),
        (1.0, 0.0)
    );
    // Play goes back to seat 0; its three skips seat 1 (anticlockwise, seat 2 then seat 1).
    assert_eq!(st.turn, S0);
    st.hands[S0] = cards("3S 2S 5S 7S");
    let dealt = st.hands[S0] | st.hands[S1] | st.hands[S2];
    st.stock = Stock::from_top((CardSet::FULL_DECK - dealt - st.pile).iter());
    g.check_invariants(&st).unwrap();
    play(&g, &mut st, "3S+3");
    g.stats(&st, &mut out);
    assert_eq!(column(&out, "skips"), 1.0);
    assert_eq!(st.turn, S1);
    // The game over: the last player in keeps its tokens.
    let g = game(3, &["tokens=2"]);
    let mut st = position(
        &g,
        &["9S 2S 5S 7S", "AH 2H 5H 7H", ""],
        "KC QC JC",
        "8D",
        90,
    );
    st.tokens[S1] = 1;
    st.hand += 1;
    st.dealer = S1;
    g.check_invariants(&st).unwrap();
    play(&g, &mut st, "9S=99");
    assert!(st.over);
    g.stats(&st, &mut out);
    assert_eq!(column(&out, "winner_tokens"), 2.0);
    // Hands 1 and 2 lost by seat 2, hand 3 by seat 1, hand 4 by seat 1 again (the one this
    // test plays): four hands ended, one bust counted (at 99) in this position's tally.
    assert_eq!(column(&out, "hands"), 4.0);
    assert_eq!(column(&out, "bust_count"), 99.0 / 4.0);
}

/// Every move is public, and random games end far below the move cap.
#[test]
fn every_move_is_public_and_games_end_below_the_cap() {
    let g = game(6, &["tokens=9", "hand=1"]);
    let cap = g.move_cap().unwrap();
    let mut legal = Vec::new();
    for seed in 0..5 {
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        let mut st = g.deal(&mut rng);
        let mut moves = 0;
        while !st.over {
            g.legal_actions(&st, &mut legal);
            let a = legal[rng.random_range(0..legal.len())];
            for viewer in Seat::all(6) {
                assert_eq!(g.observe_action(&st, a, viewer), Some(a));
            }
            g.apply(&mut st, a, &mut rng);
            moves += 1;
        }
        assert!(moves > 0 && moves * 10 < cap, "{moves} moves");
    }
}

/// The observation's scalars, each scaled as documented: stock / 52, hand sizes / hand,
/// tokens / tokens, hand number / 20, the seats out, the direction and the end.
#[test]
fn the_observation_scales_each_count_as_documented() {
    use crate::encoding::{Encoding, Tensor};
    let g = game(4, &["tokens=2"]);
    let hands = ["2S 3S 5S", "", "AD 2D 5D 7D", "AC 2C 5C 7C"];
    let g3 = game(4, &["tokens=2", "stock=play-on"]);
    let mut st = position(&g3, &hands, "", "8D", 10);
    st.tokens[S2] = 1;
    st.hand += 1;
    st.clockwise = false;
    g3.check_invariants(&st).unwrap();
    let encode = |g: &NinetyNine, st: &NinetyNineState| {
        let mut t = Tensor::new();
        g.encode_observation(&g.observe(st, S3), &mut t);
        t
    };
    let t = encode(&g3, &st);
    // Seats from the observer (seat 3): 3, 0, 1, 2.
    assert_eq!(t.get("hand_sizes").unwrap(), &[1.0, 0.75, 0.0, 1.0]);
    assert_eq!(t.get("tokens").unwrap(), &[1.0, 1.0, 0.0, 0.5]);
    assert_eq!(t.get("out").unwrap(), &[0.0, 0.0, 1.0, 0.0]);
    assert_eq!(t.get("stock").unwrap(), &[0.0]);
    assert_eq!(t.get("hand_number").unwrap(), &[f32::from(st.hand) / 20.0]);
    assert_eq!(t.get("clockwise").unwrap(), &[0.0]);
    assert_eq!(t.get("over").unwrap(), &[0.0]);
    let st = g.deal(&mut ChaCha8Rng::seed_from_u64(1));
    let t = encode(&g, &st);
    assert_eq!(t.get("stock").unwrap(), &[36.0 / 52.0]);
    assert_eq!(t.get("clockwise").unwrap(), &[1.0]);
}
