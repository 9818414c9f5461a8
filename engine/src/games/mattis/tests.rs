//! Mattis's rules, position by position: hand-made positions from the page, known counts, the
//! whole game, and the generic conformance checks. The shared second half ([`Beating`]) is
//! tested here with Mattis's rules (runs, pick up the lowest, no declining).

use super::*;
use crate::conformance::{self, perft::perft};
use crate::games::common::testing::{legal_names as legal, play_named as play};
use crate::games::common::{beats, Run};
use crate::Suit;
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;

fn c(s: &str) -> Card {
    s.parse().unwrap()
}

fn cards(s: &str) -> CardSet {
    s.split_whitespace().map(c).collect()
}

fn game(players: usize) -> Mattis {
    Mattis::new(players, &Params::new()).unwrap()
}

fn rng() -> ChaCha8Rng {
    ChaCha8Rng::seed_from_u64(0)
}

const S0: Seat = Seat::new(0);
const S1: Seat = Seat::new(1);
const S2: Seat = Seat::new(2);
const S3: Seat = Seat::new(3);

/// A first-half position: the hands in seat order, the stock top first, `leader` to lead a
/// fresh trick; every other card is in the last seat's won pile.
fn first(g: &Mattis, hands: &[&str], stock: &str, leader: Seat) -> MattisState {
    let mut st = g.deal(&mut rng());
    st.stock = Stock::from_top(stock.split_whitespace().map(c));
    let mut used = st.stock.cards();
    st.won = BySeat::default();
    st.hands = BySeat::default();
    for (i, h) in hands.iter().enumerate() {
        st.hands[Seat::new(i)] = cards(h);
        assert!(cards(h).is_disjoint(used), "card twice");
        used |= cards(h);
    }
    st.won[Seat::new(g.n() - 1)] = CardSet::FULL_DECK - used;
    g.start_trick(&mut st, leader);
    if !st.stock.is_empty() {
        // (With an empty stock the caller still places the trump card.)
        g.check_invariants(&st).unwrap();
    }
    st
}

/// A second-half position: the hands (all known to everyone), trump, `leader` to lead; every
/// other card is discarded.
fn second(g: &Mattis, hands: &[&str], trump: Suit, leader: Seat) -> MattisState {
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
    st.table = BySeat::default();
    st.beat = Beating::new(g.n(), h, h, trump, leader);
    st.beat.discard(CardSet::FULL_DECK - used);
    g.check_invariants(&st).unwrap();
    st
}

fn places(g: &Mattis, st: &MattisState) -> Vec<u8> {
    let o = g.outcome(st).unwrap();
    o.first(g.n()).iter().map(|r| r.place).collect()
}

#[test]
fn config_and_errors() {
    assert_eq!(game(3).players(), 3);
    let err = |players, params: &[&str]| {
        Mattis::new(players, &Params::parse(params).unwrap())
            .unwrap_err()
            .to_string()
    };
    assert_eq!(err(2, &[]), "mattis takes 3 to 8 players, not 2");
    assert_eq!(err(9, &[]), "mattis takes 3 to 8 players, not 9");
    assert!(err(4, &["hand=4"]).contains("no parameter"));
}

#[test]
fn the_deal_gives_three_cards_each_and_seat_zero_leads() {
    for players in 3..=8 {
        let g = game(players);
        let st = g.deal(&mut ChaCha8Rng::seed_from_u64(players as u64));
        assert_eq!(st.stock.len(), 52 - 3 * players);
        assert!(Seat::all(players).all(|s| st.hands[s].len() == 3));
        assert_eq!(g.to_move(&st), ToMove::Seat(S0));
        // Any of the three cards, or blind.
        assert_eq!(legal(&g, &st).len(), 4);
        assert_eq!(legal(&g, &st)[3], "blind");
    }
}

#[test]
fn the_highest_rank_takes_the_trick_whatever_the_suit_and_draws_first() {
    let g = game(3);
    let mut st = first(
        &g,
        &["2H 9C KD", "5S 6S 7S", "QH 3D 4D"],
        "2C 3C 4C 5C 6C",
        S0,
    );
    play(&g, &mut st, "9C");
    play(&g, &mut st, "7S");
    play(&g, &mut st, "QH");
    // Seat 2's queen is highest: it takes the three cards, draws first (2C), then seat 0 (3C),
    // seat 1 (4C), and leads.
    assert_eq!(st.won[S2] & cards("9C 7S QH"), cards("9C 7S QH"));
    assert_eq!(st.hands[S2], cards("3D 4D 2C"));
    assert_eq!(st.hands[S0], cards("2H KD 3C"));
    assert_eq!(st.hands[S1], cards("5S 6S 4C"));
    assert_eq!((st.turn, st.leader, st.tally.tricks), (S2, S2, 1));
}

#[test]
fn tied_players_play_again_and_the_winner_takes_every_card() {
    let g = game(4);
    let mut st = first(
        &g,
        &["KH 2C 3C", "KS 4C 5C", "7D 8D 9D", "2S 3S TS"],
        "2D 3D 4D 5D 6D 6H 7H",
        S1,
    );
    play(&g, &mut st, "KS");
    play(&g, &mut st, "9D");
    play(&g, &mut st, "TS");
    play(&g, &mut st, "KH");
    // Kings tie: seats 1 and 0 play again, seat 1 first (the first tied from the leader).
    assert_eq!(st.contenders, SeatMask(0b11));
    assert_eq!((st.turn, st.tally.ties), (S1, 1));
    assert_eq!(legal(&g, &st), ["4C", "5C", "blind"]);
    play(&g, &mut st, "5C");
    assert_eq!(st.turn, S0);
    play(&g, &mut st, "3C");
    // Seat 1 wins all six cards; seat 1 and seat 0 each drew two, the others one.
    assert_eq!(st.won[S1], cards("KS 9D TS KH 5C 3C"));
    assert_eq!(st.hands[S1], cards("4C 2D 3D"));
    assert_eq!(st.hands[S2], cards("7D 8D 4D"));
    assert_eq!(st.hands[S3], cards("2S 3S 5D"));
    assert_eq!(st.hands[S0], cards("2C 6D 6H"));
    assert_eq!(st.stock.as_slice(), [c("7H")]);
    assert_eq!(st.turn, S1);
}

#[test]
fn a_tie_can_repeat_until_resolved() {
    let g = game(3);
    let mut st = first(&g, &["AH 5H 2C", "AS 5S 3C", "4D 6D 7D"], "8C 9C TC JC", S0);
    for a in ["AH", "AS", "7D", "5H", "5S", "2C", "3C"] {
        play(&g, &mut st, a);
    }
    assert_eq!(st.tally.ties, 2);
    // Seat 1 took all seven cards and drew three, seat 2 drew the last card (trump); seat 0
    // has none left, so the first half is over.
    assert_eq!(st.half, Half::Second);
    assert_eq!(st.beat.known(S1), cards("AH AS 7D 5H 5S 2C 3C"));
    assert_eq!(st.beat.hand(S1), cards("AH AS 7D 5H 5S 2C 3C 8C 9C TC"));
    assert_eq!((st.beat.trump(), st.beat.turn()), (Suit::Clubs, S2));
}

#[test]
fn blind_play_turns_the_top_card_while_two_or_more_are_left() {
    let g = game(3);
    let mut st = first(&g, &["2H 9C KD", "5S 6S 7S", "QH 3D 4D"], "AC 3C", S0);
    play(&g, &mut st, "blind");
    assert_eq!(st.table[S0], cards("AC"));
    assert_eq!(st.tally.blind, 1);
    assert_eq!(st.hands[S0].len(), 3);
    // One card left: no more blind play (it is the trump card).
    assert_eq!(legal(&g, &st), ["5S", "6S", "7S"]);
}

#[test]
fn the_last_card_is_shown_goes_to_the_drawers_pile_and_is_trump() {
    let g = game(3);
    let mut st = first(&g, &["2H 9C KD", "5S 6S 7S", "QH 3D 4D"], "AC 8H", S0);
    play(&g, &mut st, "2H");
    play(&g, &mut st, "7S");
    play(&g, &mut st, "3D");
    // Seat 1 wins and draws AC; seat 2 would draw the last card, 8H: it is trump and goes to
    // seat 2's pile, and seat 2 plays on with two cards, seat 0 with two.
    assert_eq!(st.hands[S1], cards("5S 6S AC"));
    assert_eq!((st.trump, st.maker), (Some(c("8H")), Some(S2)));
    assert!(st.won[S2].contains(c("8H")));
    assert_eq!((st.hands[S2].len(), st.hands[S0].len()), (2, 2));
    assert_eq!(legal(&g, &st), ["AC", "5S", "6S"]);
}

#[test]
fn the_first_half_ends_when_a_player_runs_out_and_the_trump_maker_leads() {
    let g = game(3);
    let mut st = first(&g, &["2H", "5S 6S", "QH 3D"], "", S1);
    st.trump = Some(c("8H"));
    st.maker = Some(S2);
    st.won[S2] = st.won[S2].with(c("8H"));
    play(&g, &mut st, "6S");
    play(&g, &mut st, "3D");
    play(&g, &mut st, "2H");
    // Seat 1 takes 6S 3D 2H; seat 0 has no card: the half ends. Hands join the won piles.
    assert_eq!(st.half, Half::Second);
    assert_eq!(st.beat.hand(S1), cards("6S 3D 2H 5S"));
    assert_eq!(st.beat.hand(S0), CardSet::EMPTY);
    assert_eq!(st.tally.blamattis, 1, "seat 0 won nothing");
    assert_eq!(g.to_move(&st), ToMove::Seat(S2));
    // Everyone saw the captured cards; seat 1's 5S, left in hand, nobody else saw.
    assert_eq!(st.beat.known(S1), cards("6S 3D 2H"));
    let obs = g.observe(&st, S0);
    assert_eq!(obs.view.beat.hand(S1), cards("6S 3D 2H"));
    assert_eq!(obs.hand_sizes[S1], 4);
}

/// Ruling (reviewed for issue #27): "each player puts any remaining cards in their hand into
/// their won-cards piles", so a blåmattis (no capture in the first half) who still holds cards
/// when another runs out starts the second half with them; only one who also has no card left
/// starts empty-handed, the page's "of course ... no cards".
#[test]
fn a_blamattis_keeps_the_cards_left_in_his_hand() {
    let g = game(3);
    let mut st = first(&g, &["2H 4C", "5S 6S", "QH"], "", S1);
    st.trump = Some(c("8H"));
    st.maker = Some(S2);
    st.won[S2] = st.won[S2].with(c("8H"));
    play(&g, &mut st, "6S");
    play(&g, &mut st, "QH");
    play(&g, &mut st, "2H");
    // The queen takes the trick; seat 2 has no card: the half ends with seat 0's 4C and
    // seat 1's 5S in hand, and neither has captured anything.
    assert_eq!(st.half, Half::Second);
    assert_eq!(st.tally.blamattis, 2, "seats 0 and 1 won nothing");
    assert_eq!(st.beat.hand(S0), cards("4C"), "a blåmattis keeps his card");
    assert_eq!(st.beat.hand(S1), cards("5S"), "a blåmattis keeps his card");
    assert!(cards("6S QH 2H 8H").is_subset(st.beat.hand(S2)));
}

#[test]
fn a_tied_player_with_no_card_ends_the_half_and_table_cards_go_back() {
    let g = game(3);
    let mut st = first(&g, &["KH", "KS 4C", "7D 8D"], "", S0);
    st.trump = Some(c("8H"));
    st.maker = Some(S1);
    st.won[S2] = st.won[S2].without(c("8H"));
    st.won[S1] = cards("8H");
    play(&g, &mut st, "KH");
    play(&g, &mut st, "KS");
    play(&g, &mut st, "8D");
    // Kings tie; seat 0 must play again and has nothing: the half ends, each takes back its
    // cards from the table.
    assert_eq!(st.half, Half::Second);
    assert_eq!(st.beat.hand(S0), cards("KH"));
    assert_eq!(st.beat.hand(S1), cards("KS 4C 8H"));
    assert_eq!(st.beat.known(S1), cards("KS 8H"));
    assert!(st.beat.hand(S2).contains(c("8D")) && st.beat.hand(S2).contains(c("7D")));
    assert_eq!(g.to_move(&st), ToMove::Seat(S1));
}

#[test]
fn a_tied_player_with_no_card_plays_blind_or_takes_the_last_card_as_trump() {
    let g = game(3);
    // Seat 0's only card ties: it must play blind.
    let mut st = first(&g, &["KH", "KS 4C 5C", "7D 8D 9D"], "2C 3C 4D", S0);
    play(&g, &mut st, "KH");
    play(&g, &mut st, "KS");
    play(&g, &mut st, "9D");
    assert_eq!(legal(&g, &st), ["blind"]);
    play(&g, &mut st, "blind");
    // Two cards left are still enough for a blind play (the second is the trump card).
    let mut st = first(&g, &["KH", "KS 4C 5C", "7D 8D 9D"], "2C 4D", S0);
    play(&g, &mut st, "KH");
    play(&g, &mut st, "KS");
    play(&g, &mut st, "9D");
    g.check_invariants(&st).unwrap();
    assert_eq!(legal(&g, &st), ["blind"]);
    // With only the last card left it takes it as trump and the half ends.
    let mut st = first(&g, &["KH", "KS 4C 5C", "7D 8D 9D"], "4D", S0);
    play(&g, &mut st, "KH");
    play(&g, &mut st, "KS");
    play(&g, &mut st, "9D");
    assert_eq!(st.half, Half::Second);
    assert_eq!((st.beat.trump(), st.beat.turn()), (Suit::Diamonds, S0));
    assert_eq!(st.beat.hand(S0), cards("KH 4D"));
}

#[test]
fn beating_is_by_a_higher_card_of_the_suit_or_a_trump_and_runs_by_their_ends() {
    let r = |s: &str, len| Run::new(c(s), len);
    let t = Suit::Spades;
    assert!(beats(r("9H", 1), r("8H", 1), t));
    assert!(!beats(r("7H", 1), r("8H", 1), t));
    assert!(!beats(r("AD", 1), r("8H", 1), t));
    assert!(beats(r("2S", 1), r("AH", 1), t));
    assert!(!beats(r("AH", 1), r("2S", 1), t));
    assert!(beats(r("3S", 1), r("2S", 1), t));
    // A run 5-7 of hearts: beaten by the eight, not by the seven; it beats the four only.
    assert!(beats(r("8H", 1), r("5H", 3), t));
    assert!(!beats(r("7H", 1), r("5H", 3), t));
    assert!(beats(r("5H", 3), r("4H", 1), t));
    assert!(!beats(r("5H", 3), r("6H", 1), t));
    // A higher run beats a lower one whatever their lengths; a trump run beats anything else.
    assert!(beats(r("8H", 2), r("5H", 3), t));
    assert!(beats(r("2S", 4), r("AH", 1), t));
    assert_eq!(r("JH", 3).to_string(), "JH-KH");
    assert_eq!(r("QH", 3).cards(), cards("QH KH AH"));
}

#[test]
fn the_leader_may_lead_any_card_or_run() {
    let g = game(3);
    let st = second(&g, &["5H 6H 7H 2S", "8H", "9H"], Suit::Spades, S0);
    assert_eq!(
        legal(&g, &st),
        ["5H", "5H-6H", "5H-7H", "6H", "6H-7H", "7H", "2S"]
    );
}

#[test]
fn a_player_must_beat_if_he_can_else_he_picks_up_the_lowest_play() {
    let g = game(3);
    let mut st = second(&g, &["5H 6H 7H 2S", "8H 3D", "9H KH 4D"], Suit::Spades, S0);
    play(&g, &mut st, "5H");
    assert_eq!(legal(&g, &st), ["8H"], "no pick-up while he can beat");
    play(&g, &mut st, "8H");
    assert_eq!(legal(&g, &st), ["9H", "KH"]);
    play(&g, &mut st, "9H");
    // Three plays: the trick is complete and discarded; seat 2 played last and leads.
    assert!(st.beat.table().is_empty());
    assert!(st.beat.discards().contains(c("9H")));
    assert_eq!(st.beat.turn(), S2);
    play(&g, &mut st, "4D");
    // Seat 0 has no diamond and no trump but 2S: it beats.
    assert_eq!(legal(&g, &st), ["2S"]);
    play(&g, &mut st, "2S");
    // Seat 1 cannot beat the trump: it picks up the lowest play (4D), and everyone knows it.
    assert_eq!(legal(&g, &st), ["take"]);
    play(&g, &mut st, "take");
    assert_eq!(st.beat.hand(S1), cards("3D 4D"));
    assert_eq!(st.beat.known(S1), cards("3D 4D"));
    assert_eq!(st.beat.table(), [(S0, Run::single(c("2S")))]);
    assert_eq!(st.beat.tally().forced_pickups, 1);
    // Seat 2 must now beat the 2S.
    assert_eq!(st.beat.turn(), S2);
    assert_eq!(legal(&g, &st), ["take"]);
}

#[test]
fn a_run_is_picked_up_whole() {
    let g = game(3);
    let mut st = second(&g, &["5H 6H 7H 2C", "8H 9H", "3D"], Suit::Spades, S0);
    play(&g, &mut st, "5H-7H");
    play(&g, &mut st, "8H-9H");
    play(&g, &mut st, "take");
    assert_eq!(st.beat.hand(S2), cards("3D 5H 6H 7H"));
    assert_eq!(st.beat.tally().runs, 2);
}

#[test]
fn players_go_out_as_they_empty_and_the_last_with_cards_is_the_mattis() {
    let g = game(3);
    let mut st = second(&g, &["5H", "8H 2C", "9H 3C"], Suit::Spades, S0);
    play(&g, &mut st, "5H");
    // Seat 0 is out at once and will be first.
    assert!(st.beat.out().is_out(S0));
    play(&g, &mut st, "8H");
    play(&g, &mut st, "9H");
    // The trick of three plays is complete and seat 2 leads its last card: it goes out, and
    // seat 1 is the last player with cards, the mattis, without another move.
    assert_eq!(st.beat.turn(), S2);
    play(&g, &mut st, "3C");
    assert!(st.beat.out().is_out(S2));
    assert_eq!(g.to_move(&st), ToMove::Over);
    assert_eq!(places(&g, &st), [1, 3, 2]);
    let mut stats = Vec::new();
    g.stats(&st, &mut stats);
    assert_eq!(*stats.last().unwrap(), 1.0, "the mattis kept one card");
}

#[test]
fn a_trick_ends_after_as_many_plays_as_players_at_its_start() {
    let g = game(4);
    let mut st = second(&g, &["5H 2C", "8H", "9H 4C", "TH 5C"], Suit::Spades, S0);
    play(&g, &mut st, "5H");
    play(&g, &mut st, "8H"); // seat 1 goes out; the trick still needs four plays
    assert!(st.beat.out().is_out(S1));
    play(&g, &mut st, "9H");
    assert_eq!(st.beat.turn(), S3);
    play(&g, &mut st, "TH");
    // Four plays: discarded; seat 3 leads.
    assert!(st.beat.table().is_empty());
    assert_eq!((st.beat.turn(), st.beat.need()), (S3, 3));
}

#[test]
fn an_empty_handed_player_picks_up_and_a_lead_passes_over_him() {
    let g = game(3);
    let mut st = second(&g, &["5H 6C", "", "9H 3C"], Suit::Spades, S0);
    play(&g, &mut st, "5H");
    assert_eq!(legal(&g, &st), ["take"]);
    play(&g, &mut st, "take");
    // Nothing left on the table: seat 2 (left of the taker) leads.
    assert_eq!(st.beat.turn(), S2);
    assert_eq!(st.beat.hand(S1), cards("5H"));
}

/// Known counts in the second half. Seat 0 leads from `5H 6H 7H 2S` (trump spades): the
/// hearts 5-7 give 3 singles and 3 runs, plus 2S: 7. Seat 1 holds `8H 9H 3S`, seat 2 `4D`.
/// Depth 2, per lead: a heart (any of the six, all topped at 7H or lower) is beaten by 8H,
/// 9H, 8H-9H and 3S: 4 each, except the lead 7H... also 4: 6 * 4 = 24; the lead 2S by 3S
/// only: 1. Total 25.
/// Depth 3: after a heart lead and a heart answer, seat 2 (4D only) picks up: 1 line each;
/// after 3S on a heart seat 2 must pick up too; after 2S then 3S likewise: 25.
#[test]
fn perft_second_half() {
    let g = game(3);
    let st = second(&g, &["5H 6H 7H 2S", "8H 9H 3S", "4D"], Suit::Spades, S0);
    assert_eq!(perft(&g, &st, 1), 7);
    assert_eq!(perft(&g, &st, 2), 25);
    assert_eq!(perft(&g, &st, 3), 25);
}

/// Known counts in the first half from a fixed position, derived independently: each seat
/// has three cards and `blind` (the stock holds four or more cards at every turn here), so
/// three plays give 4^3 = 64 lines. At depth 4, a line whose round is won outright gives the
/// winner's lead: 3 cards + blind = 4; a tie gives the first tied seat its cards left
/// (two after a card from hand, three after a blind one) + blind.
#[test]
fn perft_first_half() {
    let g = game(3);
    let hands = ["KH 5C 2D", "KS 5D 3D", "7D 8D 9D"];
    let stock = "KC 5H 4S 6S 7S 8S 9S";
    let st = first(&g, &hands, stock, S0);
    assert_eq!(perft(&g, &st, 3), 64);
    // Enumerate the 64 rounds: blind cards come off the stock top in the order played.
    let top: Vec<Card> = stock.split_whitespace().map(c).collect();
    let mut want = 0u64;
    let opts = |h: &str| -> Vec<Option<Card>> {
        let mut v: Vec<Option<Card>> = h.split_whitespace().map(|x| Some(c(x))).collect();
        v.push(None);
        v
    };
    for a in opts(hands[0]) {
        for b in opts(hands[1]) {
            for d in opts(hands[2]) {
                let mut next_blind = 0;
                let mut resolve = |x: Option<Card>| {
                    x.unwrap_or_else(|| {
                        next_blind += 1;
                        top[next_blind - 1]
                    })
                };
                let played = [resolve(a), resolve(b), resolve(d)];
                let best = played.iter().map(|x| x.rank()).max().unwrap();
                let tied: Vec<usize> = (0..3).filter(|&i| played[i].rank() == best).collect();
                want += if tied.len() == 1 {
                    4
                } else {
                    let first = tied[0];
                    let from_hand = [a, b, d][first].is_some();
                    (if from_hand { 2 } else { 3 }) + 1
                };
            }
        }
    }
    assert_eq!(perft(&g, &st, 4), want);
    // Some lines tie (KH with KS or the blind KC), so the count differs from 4^4.
    assert_ne!(want, 256);
}

#[test]
fn determinization_keeps_known_cards_and_what_a_forced_pick_up_showed() {
    let g = game(3);
    // A real second half: play random games into it, then check the samples.
    let mut checked = 0;
    for seed in 0..40 {
        let mut r = ChaCha8Rng::seed_from_u64(seed);
        let mut st = g.deal(&mut r);
        let mut legal = Vec::new();
        while g.to_move(&st) != ToMove::Over {
            if st.half == Half::Second {
                for me in Seat::all(3) {
                    let obs = g.observe(&st, me);
                    for _ in 0..20 {
                        let d = g.determinize(&obs, &mut r);
                        g.check_invariants(&d).unwrap();
                        assert_eq!(g.observe(&d, me), obs);
                        for s in Seat::all(3) {
                            assert!(st.beat.known(s).is_subset(d.beat.hand(s)));
                            let unknown = d.beat.hand(s) - d.beat.known(s);
                            assert!(unknown.is_disjoint(st.beat.excluded(s)));
                        }
                        checked += 1;
                    }
                }
            }
            g.legal_actions(&st, &mut legal);
            let a = legal[r.random_range(0..legal.len())];
            g.apply(&mut st, a, &mut r);
        }
    }
    assert!(checked > 1000);
}

/// Exact: at the deal, seat 0 sees its three cards; each other hand is a uniform 3 of the 49
/// unseen, the stock the other 43. One unseen card lies in seat 1's hand 3 times in 49.
#[test]
fn determinization_is_uniform_at_the_deal() {
    let g = game(3);
    let st = g.deal(&mut ChaCha8Rng::seed_from_u64(9));
    let obs = g.observe(&st, S0);
    let card = (CardSet::FULL_DECK - st.hands[S0]).lowest().unwrap();
    let n = 20_000;
    let mut r = ChaCha8Rng::seed_from_u64(4);
    let hits = (0..n)
        .filter(|_| g.determinize(&obs, &mut r).hands[S1].contains(card))
        .count();
    let p = 3.0 / 49.0;
    let sd = (n as f64 * p * (1.0 - p)).sqrt();
    assert!((hits as f64 - n as f64 * p).abs() < 4.0 * sd, "{hits}");
}

fn stat(r: &conformance::Report, name: &str) -> Vec<f64> {
    let i = Mattis::INFO.stats.iter().position(|&s| s == name).unwrap();
    r.stats.iter().map(|s| s[i]).collect()
}

#[test]
fn random_games_conform_for_every_player_count() {
    for players in 3..=8 {
        let g = game(players);
        let r = conformance::random_games(&g, 0..40, 100_000);
        assert_eq!((r.games, r.draws), (40, 0), "{players}");
        // Every game has exactly one mattis (or several empty-handed players sharing last).
        let loser = stat(&r, "loser_cards");
        assert!(loser.iter().all(|&x| x >= 0.0));
        assert!(stat(&r, "tricks").iter().all(|&x| x > 0.0));
    }
}

/// The soak: a million random games (3 to 8 players in turn) with the invariants checked
/// after every move. Not run in CI: `cargo test --release -p cardsim-engine mattis_soak --
/// --ignored` (`SOAK_GAMES=N` for another count).
#[test]
#[ignore]
fn mattis_soak() {
    let variants = (3..=8).map(game).collect::<Vec<_>>();
    conformance::soak_a_million("mattis (draws: games at the move cap)", &variants);
}

/// The deal text reads back for every player count; a short hand or a card twice is refused.
#[test]
fn the_deal_text_reads_back() {
    for players in 3..=8 {
        let g = game(players);
        for seed in 0..3 {
            let st = g.deal(&mut ChaCha8Rng::seed_from_u64(seed));
            let text = crate::deal_text::round_trip(&g, &st).unwrap();
            assert!(text.starts_with("hands: ") && text.contains("; stock: "));
        }
    }
    let g = game(3);
    let st = g.deal(&mut ChaCha8Rng::seed_from_u64(4));
    let first = st.hands[S0].iter().next().unwrap().to_string();
    crate::deal_text::assert_misplaced_card_refused(&g, &st, &first);
}

/// Every first-half invariant, broken alone in a real position, is refused; so are
/// first-half cards left over in the second half.
#[test]
fn broken_states_fail_the_invariants() {
    let g = game(3);
    let base = first(&g, &["2H 4C 9S", "5S 6S 7C", "QH KD 3C"], "AS AH AD", S0);
    let mut mid = base.clone();
    play(&g, &mut mid, "2H");
    g.check_invariants(&mid).unwrap();
    let bad = |what: &str, st0: &MattisState, edit: &dyn Fn(&mut MattisState)| {
        let mut st = st0.clone();
        edit(&mut st);
        assert!(g.check_invariants(&st).is_err(), "{what} passes");
    };
    bad("a card twice in the stock", &base, &|st| {
        st.stock = Stock::from_top(["AS", "AS", "AH", "AD"].map(c));
    });
    bad("a stock card in a hand", &base, &|st| {
        st.hands[S0] = cards("2H 4C AS");
        st.won[S2].insert(c("9S"));
    });
    bad("a seat beyond the players holding a card", &base, &|st| {
        st.won[S2].remove(c("2S"));
        st.won[Seat::new(5)].insert(c("2S"));
    });
    bad(
        "a seat beyond the players with a card on the table",
        &base,
        &|st| {
            st.won[S2].remove(c("2S"));
            st.table[Seat::new(4)].insert(c("2S"));
        },
    );
    bad("four cards in a hand", &base, &|st| {
        st.won[S2].remove(c("2S"));
        st.hands[S0].insert(c("2S"));
    });
    bad("a card lost", &base, &|st| {
        st.won[S2].remove(c("2S"));
    });
    bad("a trump with cards in the stock", &base, &|st| {
        st.won[S2].remove(c("AD"));
        st.trump = Some(c("AD"));
        st.maker = Some(S2);
        st.won[S2].insert(c("AD"));
        st.stock = Stock::from_top(["AS", "AH"].map(c));
    });
    bad("a maker without a trump", &base, &|st| st.maker = Some(S1));
    bad("the trump outside the maker's pile", &base, &|st| {
        st.stock = Stock::default();
        st.won[S2] |= cards("AS AH AD");
        st.trump = Some(c("AD"));
        st.maker = Some(S1);
    });
    bad("a seat not contending to play", &mid, &|st| {
        st.contenders = SeatMask(1 << 0 | 1 << 2);
    });
    bad("a seat to play that already played", &mid, &|st| {
        st.turn = S0
    });
    bad("a seat to play with nothing", &base, &|st| {
        st.won[S2] |= st.hands[S0] | cards("AS AH");
        st.hands[S0] = CardSet::EMPTY;
        st.stock = Stock::from_top(["AD"].map(c));
    });
    bad("a round card off the table", &mid, &|st| {
        st.table[S0] = CardSet::EMPTY;
        st.won[S2].insert(c("2H"));
    });
    // Second half.
    let st2 = second(&g, &["2H 4C", "5S 6S", "QH"], Suit::Hearts, S0);
    bad("a stock in the second half", &st2, &|st| {
        st.stock = Stock::from_top(["2S"].map(c));
    });
    bad("a first-half hand in the second half", &st2, &|st| {
        st.hands[S1] = cards("2S");
    });
}

/// The accessors show the state: in the first half the hands, piles, table and round, in the
/// second the beating's hands.
#[test]
fn the_accessors_show_the_state() {
    let g = game(3);
    let mut st = first(&g, &["2H 4C 9S", "5S 6S 7C", "QH KD 3C"], "AS AH AD", S0);
    play(&g, &mut st, "9S");
    assert_eq!(st.half(), Half::First);
    assert_eq!(st.hand_of(S0), cards("2H 4C"));
    assert_eq!(st.table_of(S0), cards("9S"));
    assert_eq!(st.round_card(S0), Some(c("9S")));
    assert_eq!(st.round_card(S1), None);
    assert_eq!(st.won(S2), st.won[S2]);
    assert_eq!(st.stock().len(), 3);
    assert_eq!((st.trump(), st.maker()), (None, None));
    assert_eq!(st.contenders(), SeatMask::all(3));
    assert_eq!(st.tally(), st.tally);
    let obs = g.observe(&st, S1);
    assert_eq!(obs.hand(), cards("5S 6S 7C"));
    play(&g, &mut st, "5S");
    play(&g, &mut st, "QH");
    assert_eq!(st.tally().tricks, 1, "the queen took the trick");
    // Once the last card is drawn it is trump, in its drawer's pile.
    let mut last = first(&g, &["2H 4C", "5S 6S", "QH"], "", S1);
    last.trump = Some(c("8H"));
    last.maker = Some(S2);
    assert_eq!((last.trump(), last.maker()), (Some(c("8H")), Some(S2)));
    let st2 = second(&g, &["2H 4C", "5S 6S", "QH"], Suit::Hearts, S0);
    assert_eq!(st2.half(), Half::Second);
    assert_eq!(st2.hand_of(S1), cards("5S 6S"));
    assert_eq!(st2.beating().hand(S2), cards("QH"));
    assert_eq!(g.observe(&st2, S2).hand(), cards("QH"));
}

/// The statistics, column by column, over a hand-played first half: a blind play, a tie, the
/// tricks, the blåmattis count; the second half's columns come from the beating.
#[test]
fn stats_count_the_first_half_column_by_column() {
    let names = Mattis::INFO.stats;
    let col = |out: &[f64], name: &str| out[names.iter().position(|&n| n == name).unwrap()];
    let g = game(3);
    let mut st = first(&g, &["2H 4C 9S", "5S 6S 7C", "QH KD 3C"], "AS AH AD 8D", S0);
    let mut out = vec![5.0];
    g.stats(&st, &mut out);
    assert_eq!(out, vec![0.0; names.len()]);
    // Seat 0 plays blind (the AS), seat 1 a seven, seat 2 the king: the ace takes it.
    play(&g, &mut st, "blind");
    play(&g, &mut st, "7C");
    play(&g, &mut st, "KD");
    g.stats(&st, &mut out);
    assert_eq!((col(&out, "blind_plays"), col(&out, "tricks")), (1.0, 1.0));
    assert_eq!(col(&out, "ties"), 0.0);
    assert_eq!(col(&out, "loser_cards"), 0.0, "the game goes on");
    // A tie of nines: the tied players play again, no trick yet.
    let mut st = first(&g, &["9H 4C", "9D 6S", "2C 3C"], "AS AH AD", S0);
    play(&g, &mut st, "9H");
    play(&g, &mut st, "9D");
    play(&g, &mut st, "2C");
    g.stats(&st, &mut out);
    assert_eq!((col(&out, "ties"), col(&out, "tricks")), (1.0, 0.0));
    // A whole game's columns: the beating's counts, and the mattis's cards at the end.
    let mut rng = ChaCha8Rng::seed_from_u64(11);
    let mut st = g.deal(&mut rng);
    let mut legal = Vec::new();
    let mut second_half_moves = 0;
    for _ in 0..MOVE_CAP {
        if g.to_move(&st) == ToMove::Over {
            break;
        }
        g.legal_actions(&st, &mut legal);
        g.apply(&mut st, legal[rng.random_range(0..legal.len())], &mut rng);
        if st.half == Half::Second && g.to_move(&st) != ToMove::Over {
            g.stats(&st, &mut out);
            assert_eq!(col(&out, "loser_cards"), 0.0, "no loser before the end");
            second_half_moves += 1;
        }
    }
    assert!(second_half_moves > 0);
    assert_eq!(g.to_move(&st), ToMove::Over);
    g.stats(&st, &mut out);
    let b = st.beat.tally();
    assert_eq!(
        (
            col(&out, "beat_tricks"),
            col(&out, "plays"),
            col(&out, "runs")
        ),
        (b.tricks as f64, b.plays as f64, b.runs as f64)
    );
    assert_eq!(
        (col(&out, "pickups"), col(&out, "forced_pickups")),
        (b.pickups as f64, b.forced_pickups as f64)
    );
    assert!(b.plays > 0 && b.tricks > 0);
    let loser = st.beat.out().active(3).next().unwrap();
    assert_eq!(col(&out, "loser_cards"), st.beat.hand(loser).len() as f64);
    assert!(col(&out, "loser_cards") > 0.0);
    assert_eq!(col(&out, "blamattis"), st.tally.blamattis as f64);
}

/// Every move is public; moves print as the page names them; random games end below the cap.
#[test]
fn moves_are_public_and_games_end_below_the_cap() {
    let g = game(8);
    let cap = g.move_cap().unwrap();
    let mut legal = Vec::new();
    let mut rng = ChaCha8Rng::seed_from_u64(2);
    let mut st = g.deal(&mut rng);
    let mut moves = 0;
    while g.to_move(&st) != ToMove::Over && moves < cap {
        g.legal_actions(&st, &mut legal);
        let a = legal[rng.random_range(0..legal.len())];
        for viewer in Seat::all(8) {
            assert_eq!(g.observe_action(&st, a, viewer), Some(a));
        }
        g.apply(&mut st, a, &mut rng);
        moves += 1;
    }
    assert!(moves * 5 < cap, "{moves}");
    assert_eq!(MattisAction::Blind.to_string(), "blind");
    assert_eq!(MattisAction::Card(c("TD")).to_string(), "TD");
}

/// The observation tensor from the observer's side: the half, whose turn, the leader and
/// contenders (first half only), the second half's table by seat, and the counts scaled as
/// documented (hand sizes and stock by 52, table plays and need by the players).
#[test]
fn the_observation_scales_each_count_as_documented() {
    use crate::encoding::{Encoding, Tensor};
    use crate::games::common::encoding::named;
    let encode = |g: &Mattis, st: &MattisState, seat: Seat| {
        let mut t = Tensor::new();
        g.encode_observation(&g.observe(st, seat), &mut t);
        t
    };
    // First half, three players: seat 0 has led the 2♥; seat 1 looks (seats 1, 2, 0).
    let g = game(3);
    let mut st = first(&g, &["2H 4C 9S", "5S 6S 7C", "QH KD 3C"], "AS AH AD 8D", S0);
    play(&g, &mut st, "2H");
    let t = encode(&g, &st, S1);
    assert_eq!(named(&t, "half"), [1.0, 0.0]);
    assert_eq!(named(&t, "turn"), [1.0, 0.0, 0.0]);
    assert_eq!(named(&t, "leader"), [0.0, 0.0, 1.0]);
    assert_eq!(named(&t, "contenders"), [1.0, 1.0, 1.0]);
    assert_eq!(
        named(&t, "hand_sizes"),
        [3.0 / 52.0, 3.0 / 52.0, 2.0 / 52.0]
    );
    assert_eq!(named(&t, "stock"), [4.0 / 52.0]);
    assert_eq!(
        (named(&t, "table.plays"), named(&t, "need")),
        (vec![0.0], vec![0.0])
    );
    assert_eq!(named(&t, "round")[2 * 64 + c("2H").index()], 1.0);

    // Second half, four players: seat 0 led the 5♥, seat 1 beat it with its last card and
    // went out; seat 2 looks (seats 2, 3, 0, 1).
    let g = game(4);
    let mut st = second(&g, &["5H 2C", "8H", "9H 4C", "TH 5C"], Suit::Spades, S0);
    play(&g, &mut st, "5H");
    play(&g, &mut st, "8H");
    let t = encode(&g, &st, S2);
    assert_eq!(named(&t, "half"), [0.0, 1.0]);
    assert_eq!(named(&t, "turn"), [1.0, 0.0, 0.0, 0.0]);
    assert_eq!(named(&t, "leader"), [0.0; 4]);
    assert_eq!(named(&t, "contenders"), [0.0; 4]);
    let table = named(&t, "table");
    let slot = |rel: usize, card: &str| table[rel * 64 + c(card).index()];
    assert_eq!((slot(2, "5H"), slot(3, "8H")), (1.0, 1.0));
    assert_eq!(
        table.iter().sum::<f32>(),
        2.0,
        "each card under the seat that played it"
    );
    assert_eq!(named(&t, "table.plays"), [0.5]);
    assert_eq!(named(&t, "need"), [1.0]);
    assert_eq!(named(&t, "out"), [0.0, 0.0, 0.0, 1.0]);
    assert_eq!(
        named(&t, "hand_sizes"),
        [2.0 / 52.0, 2.0 / 52.0, 1.0 / 52.0, 0.0]
    );
    assert_eq!(named(&t, "stock"), [0.0]);

    // Over: nobody's turn.
    let g = game(3);
    let mut st = second(&g, &["5H", "8H 2C", "9H 3C"], Suit::Spades, S0);
    for card in ["5H", "8H", "9H", "3C"] {
        play(&g, &mut st, card);
    }
    assert_eq!(g.to_move(&st), ToMove::Over);
    assert_eq!(named(&encode(&g, &st, S1), "turn"), [0.0; 3]);
}

/// The observation text names the half, the trump (its card in the first half, its suit in
/// the second), whose turn while the game goes on, and the second half's table in order.
#[test]
fn the_text_shows_the_half_the_trump_and_the_table() {
    use crate::encoding::Encoding;
    let text =
        |g: &Mattis, st: &MattisState, seat: Seat| g.observation_string(&g.observe(st, seat));
    let g = game(3);
    let mut st = first(&g, &["2H 4C 9S", "5S 6S 7C", "QH KD 3C"], "AS AH AD 8D", S0);
    play(&g, &mut st, "2H");
    let t = text(&g, &st, S1);
    assert!(
        t.contains("first half") && !t.contains("second half"),
        "{t}"
    );
    assert!(t.contains("trump card: -"), "{t}");

    let g = game(4);
    let mut st = second(&g, &["5H 2C", "8H", "9H 4C", "TH 5C"], Suit::Spades, S0);
    play(&g, &mut st, "5H");
    play(&g, &mut st, "8H");
    let t = text(&g, &st, S2);
    assert!(t.contains("second half"), "{t}");
    assert!(t.contains("trump: S") || t.contains("trump: ♠"), "{t}");
    assert!(t.contains("\nto play: 2\n"), "{t}");
    assert!(t.contains("table: 0:5H 1:8H\n"), "{t}");

    let g = game(3);
    let mut st = second(&g, &["5H", "8H 2C", "9H 3C"], Suit::Spades, S0);
    for card in ["5H", "8H", "9H", "3C"] {
        play(&g, &mut st, card);
    }
    let t = text(&g, &st, S1);
    assert!(!t.contains("\nto play:"), "{t}");
}
