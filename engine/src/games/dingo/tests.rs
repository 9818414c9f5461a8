//! Dingo's rules: the discards and passes, every kind of hunt from the page, the scoring with
//! literal figures, the tie rule, known counts, determinization and the conformance checks.

use super::*;
use crate::conformance::{self, perft::perft};
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;

fn c(s: &str) -> Card {
    s.parse().unwrap()
}

fn cards(s: &str) -> CardSet {
    s.split_whitespace().map(c).collect()
}

fn rng() -> ChaCha8Rng {
    ChaCha8Rng::seed_from_u64(0)
}

const S: [Seat; 4] = [Seat::new(0), Seat::new(1), Seat::new(2), Seat::new(3)];

/// A position at the start of the hunts: the four six-card hands (all five aces among them);
/// the other 16 cards of the deck are the discards, four per seat, lowest cards first.
fn hunting(hands: [&str; 4]) -> DingoState {
    let g = Dingo;
    let mut st = g.deal(&mut rng());
    st.hands = hands.map(cards);
    let held = st.hands.iter().fold(CardSet::EMPTY, |a, &b| a | b);
    assert_eq!(held.len(), 24, "six cards each");
    let rest: Vec<Card> = (DECK - held).iter().collect();
    for s in 0..4 {
        st.discards[s] = rest[4 * s..4 * s + 4].iter().copied().collect();
    }
    st.step = SETUP_STEPS;
    Dingo::advance(&mut st);
    g.check_invariants(&st).unwrap();
    st
}

fn act(st: &mut DingoState, a: DingoAction) {
    Dingo.try_apply(st, a, &mut rng()).unwrap();
    Dingo.check_invariants(st).unwrap();
}

fn legal(st: &DingoState) -> Vec<DingoAction> {
    let mut v = Vec::new();
    Dingo.legal_actions(st, &mut v);
    v
}

fn wolf(s: &str) -> DingoAction {
    DingoAction::Wolf(c(s))
}

use DingoAction::NoWolf;

/// Seat 0's hand of fillers: cards of ranks whose hunts are not looked at (hearts 5 to 9 kept
/// with their blacks elsewhere would start other hunts; tests only look at the first hunts).
#[test]
fn config_and_errors() {
    assert!(Dingo::new(4, &Params::new()).is_ok());
    let err = |n, p: &[&str]| {
        Dingo::new(n, &Params::parse(p).unwrap())
            .unwrap_err()
            .to_string()
    };
    assert_eq!(err(3, &[]), "dingo takes 4 to 4 players, not 3");
    assert!(err(4, &["target=3"]).contains("no parameter"));
}

#[test]
fn the_deck_and_the_deal() {
    assert_eq!(DECK.len(), 40);
    assert!(DECK.contains(ACE_RABBIT) && !DECK.contains(c("2D")));
    assert_eq!(RABBITS.len(), 12);
    let g = Dingo;
    for seed in 0..50 {
        let st = g.deal(&mut ChaCha8Rng::seed_from_u64(seed));
        g.check_invariants(&st).unwrap();
        assert!(st.hands.iter().all(|h| h.len() == 10));
        assert_eq!(
            g.to_move(&st),
            ToMove::Seat(DEALER),
            "the dealer discards first"
        );
    }
}

#[test]
fn discards_passes_and_their_order() {
    let g = Dingo;
    let mut r = rng();
    let mut st = g.deal(&mut r);
    let mut order = Vec::new();
    let mut v = Vec::new();
    while st.step < SETUP_STEPS {
        let ToMove::Seat(seat) = g.to_move(&st) else {
            unreachable!()
        };
        g.legal_actions(&st, &mut v);
        match setup_step(st.step) {
            Setup::Discard { .. } => {
                // Never an ace.
                assert_eq!(v.len(), (st.hands[seat.index()] - ACES).len());
                order.push(format!("d{}", seat.index()));
            }
            Setup::Pass { to, .. } => {
                // Any card, aces included.
                assert_eq!(v.len(), st.hands[seat.index()].len());
                order.push(format!("{}>{}", seat.index(), to.index()));
            }
        }
        let a = v[v.len() / 2];
        g.apply(&mut st, a, &mut r);
        g.check_invariants(&st).unwrap();
    }
    assert_eq!(
        order.join(" "),
        "d3 d0 d1 d2 3>0 0>1 1>2 2>3 d3 d0 d1 d2 3>1 0>2 1>3 2>0 d3 d0 d1 d2 \
         3>2 0>3 1>0 2>1 d3 d0 d1 d2"
    );
    assert!(st
        .hands
        .iter()
        .all(|h| h.len() == 6 || st.hunt.dingo.is_some()));
    assert!(st.discards.iter().all(|d| d.len() == 4));
}

/// A pass between two seats that cannot hold a seat's passed card does not move it: in the
/// second round the dealer passes to seat 1 (who sees it received from two seats to its
/// right), then seat 0 (which never saw the card) passes to seat 2, and for the dealer the
/// card is still with seat 1 alone.
#[test]
fn a_pass_by_a_seat_without_the_card_leaves_where_it_may_be() {
    let g = Dingo;
    let mut r = rng();
    let mut st = g.deal(&mut r);
    let mut v = Vec::new();
    // d3 d0 d1 d2, the first round's passes, d3 d0 d1 d2.
    for _ in 0..12 {
        g.legal_actions(&st, &mut v);
        g.apply(&mut st, v[0], &mut r);
    }
    assert_eq!(g.to_move(&st), ToMove::Seat(S[3]));
    g.legal_actions(&st, &mut v);
    let DingoAction::Pass(card) = v[0] else {
        panic!("the dealer passes: {:?}", v[0])
    };
    act(&mut st, v[0]);
    assert!(st.hands[1].contains(card), "3>1 in the second round");
    assert_eq!(g.observe(&st, S[3]).reach[1], 0b0010);
    assert_eq!(g.observe(&st, S[3]).passed[1], Some(card));
    assert_eq!(g.observe(&st, S[1]).received[1], Some(card));
    assert_eq!(
        g.observe(&st, S[1]).passed[1],
        None,
        "seat 1 has not passed yet"
    );
    assert_eq!(g.to_move(&st), ToMove::Seat(S[0]));
    g.legal_actions(&st, &mut v);
    act(&mut st, v[0]);
    assert_eq!(g.observe(&st, S[3]).reach[1], 0b0010, "0>2 cannot move it");
    // The tensor shows each round's reach from the dealer's side (itself, 0, 1, 2): the first
    // round's card may be anywhere but with the dealer, the second's is with seat 1, the
    // third is not passed yet.
    use crate::encoding::{Encoding, Tensor};
    let mut t = Tensor::new();
    g.encode_observation(&g.observe(&st, S[3]), &mut t);
    assert_eq!(g.observe(&st, S[3]).reach[0], 0b0111);
    assert_eq!(
        crate::games::common::encoding::named(&t, "reach"),
        [0.0, 1.0, 1.0, 1.0, 0.0, 0.0, 1.0, 0.0, 0.0, 0.0, 0.0, 0.0]
    );
}

#[test]
fn a_passed_card_is_seen_by_its_receiver_only_and_may_be_passed_on() {
    let g = Dingo;
    let mut r = rng();
    let mut st = g.deal(&mut r);
    let mut v = Vec::new();
    for _ in 0..4 {
        g.legal_actions(&st, &mut v);
        g.apply(&mut st, v[0], &mut r);
    }
    // The dealer (3) passes to seat 0.
    let card = st.hands[3].iter().next().unwrap();
    let a = DingoAction::Pass(card);
    assert_eq!(g.observe_action(&st, a, S[0]), Some(a));
    assert_eq!(g.observe_action(&st, a, S[1]), None);
    assert_eq!(g.observe_action(&st, a, S[2]), None);
    act(&mut st, a);
    assert_eq!(g.observe(&st, S[0]).received[0], Some(card));
    assert_eq!(g.observe(&st, S[3]).passed[0], Some(card));
    assert_eq!(g.observe(&st, S[3]).reach[0], 0b0001);
    // Seat 0 passes the same card on to seat 1: the dealer now knows it is with 0 or 1.
    act(&mut st, DingoAction::Pass(card));
    assert!(st.hands[1].contains(card));
    assert_eq!(g.observe(&st, S[3]).reach[0], 0b0011);
    // Seat 1 passes something else to 2: for the dealer the card may be with 0, 1 or 2.
    let other = (st.hands[1] - CardSet::from_card(card))
        .iter()
        .next()
        .unwrap();
    act(&mut st, DingoAction::Pass(other));
    assert_eq!(g.observe(&st, S[3]).reach[0], 0b0111);
    // Seat 2 passes to the dealer: the dealer sees it, and it is not his card.
    let back = st.hands[2].iter().next().unwrap();
    act(&mut st, DingoAction::Pass(back));
    assert_eq!(g.observe(&st, S[3]).reach[0], 0b0111);
    assert_eq!(g.observe(&st, S[3]).received[0], Some(back));
    // Discards are public.
    let d = (st.hands[3] - ACES).iter().next().unwrap();
    assert_eq!(
        g.observe_action(&st, DingoAction::Discard(d), S[1]),
        Some(DingoAction::Discard(d))
    );
}

#[test]
fn one_wolf_catches_the_rabbit_and_the_dingo_scores() {
    // 2♥ with seat 0, 2♣ with seat 2, 2♠ discarded.
    let mut st = hunting([
        "2H AH 3C 4C 5C 6C",
        "AC 3S 4S 5S 6S 7S",
        "2C AS 7C 8C 9C TC",
        "AD 3H 4H 5H 6H 7H",
    ]);
    assert!(st.table.contains(c("2H")), "the dingo is played at once");
    assert_eq!(Dingo.to_move(&st), ToMove::Seat(S[1]));
    assert_eq!(legal(&st), [NoWolf], "seat 1 has no wolf but must say so");
    act(&mut st, NoWolf);
    assert_eq!(legal(&st), [wolf("2C"), NoWolf]);
    act(&mut st, wolf("2C"));
    // The other wolf is out: the hunt ends.
    assert_eq!(st.score[2], cards("2C 2D"));
    assert_eq!(st.score[0], cards("2H"));
    assert_eq!(st.hunt.index, 1);
    assert_eq!(st.tally.caught, 1);
}

#[test]
fn two_wolves_the_second_catches_and_the_first_goes_to_the_dingo() {
    // 3♥ with seat 1; 3♣ with seat 2, 3♠ with seat 0 (2♥ discarded: void first hunt).
    let mut st = hunting([
        "3S AH 4C 5C 6C 7C",
        "3H AC 4S 5S 6S 7S",
        "3C AS 8C 9C TC JC",
        "AD 4H 5H 6H 7H 8H",
    ]);
    assert_eq!(st.tally.void, 1, "the 2♥ was discarded");
    assert!(st.lost.contains(c("2D")));
    assert_eq!(st.hunt.index, 1);
    assert_eq!(Dingo.to_move(&st), ToMove::Seat(S[2]));
    act(&mut st, wolf("3C"));
    assert_eq!(Dingo.to_move(&st), ToMove::Seat(S[3]));
    act(&mut st, NoWolf);
    act(&mut st, wolf("3S"));
    assert_eq!(st.score[0], cards("3S 3D"));
    assert_eq!(st.score[1], cards("3H 3C"));
    assert!(st.score[2].is_empty());
    assert_eq!(st.tally.two_wolves, 1);
    assert_eq!(
        st.tally.caught, 1,
        "the rabbit was caught, by the second wolf"
    );
}

#[test]
fn no_wolf_the_rabbit_is_discarded_and_the_dingo_is_a_penalty() {
    let mut st = hunting([
        "2H AH 3C 4C 5C 6C",
        "2C AC 3S 4S 5S 6S",
        "2S AS 7C 8C 9C TC",
        "AD 3H 4H 5H 6H 7H",
    ]);
    act(&mut st, NoWolf);
    act(&mut st, NoWolf);
    act(&mut st, NoWolf);
    assert_eq!(st.penalty[0], cards("2H"));
    assert!(st.lost.contains(c("2D")));
    assert_eq!(st.tally.lone, 1);
    // The unplayed wolves stay in hand (worth nothing).
    assert!(st.hands[1].contains(c("2C")));
}

#[test]
fn a_player_with_both_wolves_plays_one_and_catches() {
    let mut st = hunting([
        "2H AH 3C 4C 5C 6C",
        "2C 2S AC 3S 4S 5S",
        "AS 6S 7C 8C 9C TC",
        "AD 3H 4H 5H 6H 7H",
    ]);
    assert_eq!(legal(&st), [wolf("2C"), wolf("2S"), NoWolf]);
    act(&mut st, wolf("2S"));
    // The other wolf is in the same hand: seats 2 and 3 are still asked (they cannot know).
    assert_eq!(legal(&st), [NoWolf]);
    act(&mut st, NoWolf);
    act(&mut st, NoWolf);
    assert_eq!(st.score[1], cards("2S 2D"));
    assert!(st.hands[1].contains(c("2C")));
}

#[test]
fn the_dingo_player_may_not_play_a_wolf() {
    let mut st = hunting([
        "2H 2C AH 3C 4C 5C",
        "AC 3S 4S 5S 6S 7S",
        "AS 6C 7C 8C 9C TC",
        "AD 3H 4H 5H 6H 7H",
    ]);
    // Seat 0 played the dingo; the others are asked; the hunt ends with no wolf.
    act(&mut st, NoWolf);
    act(&mut st, NoWolf);
    act(&mut st, NoWolf);
    assert_eq!(st.penalty[0], cards("2H"));
    assert!(st.hands[0].contains(c("2C")));
}

/// Hands with every heart 2 to K discarded or hunted without wolves, so that play reaches the
/// ace hunt after the seats pass in every earlier hunt.
fn to_the_ace_hunt(st: &mut DingoState) {
    while st.hunt.index < 12 {
        act(st, NoWolf);
    }
}

#[test]
fn the_ace_hunt_wolves_score_for_their_players_and_the_rabbit_follows_both() {
    let mut st = hunting([
        "AH 2C 3C 4C 5C 6C",
        "AC 2S 3S 4S 5S 6S",
        "AS 7C 8C 9C TC JC",
        "AD 7S 8S 9S TS JS",
    ]);
    // No hearts but the ace in hand: hunts 2 to K are void.
    assert_eq!(st.hunt.index, 12);
    assert_eq!(st.tally.void, 12);
    assert_eq!(Dingo.to_move(&st), ToMove::Seat(S[1]));
    act(&mut st, wolf("AC"));
    // One wolf down: seat 1 may go on (it might hold the other); it says it is done.
    assert_eq!(legal(&st), [NoWolf]);
    act(&mut st, NoWolf);
    act(&mut st, wolf("AS"));
    // Both wolves down: seat 3 plays the A♦ at once, and the dingo player's turn has
    // nothing left to do.
    assert!(st.over);
    assert_eq!(st.score[1], cards("AC"));
    assert_eq!(st.score[2], cards("AS"));
    assert_eq!(st.score[3], cards("AD"));
    assert_eq!(st.score[0], cards("AH"));
    assert_eq!(
        (st.tally.two_wolves, st.tally.caught),
        (1, 1),
        "a two-wolf ace hunt, its rabbit caught"
    );
    let pts: Vec<i32> = S.iter().map(|&s| st.points(s)).collect();
    assert_eq!(pts, [3, 3, 3, 10]);
    let o = Dingo.outcome(&st).unwrap();
    assert_eq!(o[S[3]].win, 1.0);
    assert_eq!(o[S[3]].score, 10.0);
}

#[test]
fn the_rabbit_holder_before_the_second_wolf_loses_it_to_his_penalty_pile() {
    let mut st = hunting([
        "AH 2C 3C 4C 5C 6C",
        "AD 2S 3S 4S 5S 6S",
        "AS 7C 8C 9C TC JC",
        "AC 7S 8S 9S TS JS",
    ]);
    act(&mut st, NoWolf); // seat 1: holds the rabbit, no wolves down yet
    act(&mut st, wolf("AS"));
    act(&mut st, NoWolf);
    act(&mut st, wolf("AC"));
    assert!(st.over);
    assert_eq!(st.penalty[1], cards("AD"));
    assert_eq!(st.points(S[1]), -3, "the A♦ counts 3 in a penalty pile");
    assert_eq!(
        (st.tally.two_wolves, st.tally.caught),
        (1, 0),
        "two wolves, the rabbit not caught"
    );
    assert_eq!(st.points(S[0]), 3);
}

#[test]
fn the_dingo_alone_in_the_ace_hunt_is_a_penalty_and_so_is_the_unplayed_rabbit() {
    let mut st = hunting([
        "AH 2C 3C 4C 5C 6C",
        "AD AC 3S 4S 5S 2S",
        "AS 7C 8C 9C TC JC",
        "7S 8S 9S TS JS QS",
    ]);
    act(&mut st, NoWolf);
    act(&mut st, NoWolf);
    act(&mut st, NoWolf);
    act(&mut st, NoWolf); // the dingo player's own last turn
    assert!(st.over);
    assert_eq!(st.penalty[0], cards("AH"));
    assert_eq!(st.penalty[1], cards("AD"));
    assert_eq!(st.tally.lone, 13 - 12);
    assert_eq!((st.tally.two_wolves, st.tally.caught), (0, 0));
}

#[test]
fn wolves_first_then_the_rabbit_in_one_turn() {
    let mut st = hunting([
        "AH 2C 3C 4C 5C 6C",
        "AD AC AS 2S 3S 4S",
        "5S 7C 8C 9C TC JC",
        "7S 8S 9S TS JS QS",
    ]);
    assert_eq!(legal(&st), [wolf("AC"), wolf("AS"), NoWolf]);
    act(&mut st, wolf("AS"));
    assert_eq!(legal(&st), [wolf("AC"), NoWolf]);
    act(&mut st, wolf("AC"));
    assert!(st.over, "the rabbit follows and nobody else can play");
    assert_eq!(st.score[1], cards("AC AS AD"));
    assert_eq!(st.points(S[1]), 16);
}

#[test]
fn the_dingo_player_plays_the_rabbit_in_his_last_turn() {
    let mut st = hunting([
        "AH AD 3C 4C 5C 6C",
        "AC 2S 3S 4S 5S 2C",
        "AS 7C 8C 9C TC JC",
        "7S 8S 9S TS JS QS",
    ]);
    act(&mut st, wolf("AC"));
    act(&mut st, NoWolf);
    act(&mut st, wolf("AS"));
    // Seat 3's turn began with both wolves down: it was not asked.
    assert!(st.over);
    assert_eq!(st.score[0], cards("AH AD"));
    assert_eq!(st.points(S[0]), 13);
}

#[test]
fn no_rabbit_is_shown_by_a_turn_that_ends_with_both_wolves_down() {
    let mut st = hunting([
        "AH 2C 3C 4C 5C 6C",
        "AC AS 2S 3S 4S 5S",
        "AD 7C 8C 9C TC JC",
        "7S 8S 9S TS JS QS",
    ]);
    act(&mut st, wolf("AC"));
    act(&mut st, wolf("AS"));
    // Seat 1 ended its turn with both down and did not play the A♦.
    assert!(st.over);
    assert_eq!(
        st.score[2],
        cards("AD"),
        "seat 2's turn began with both wolves down"
    );
}

#[test]
fn scoring_figures_and_the_tie_rule() {
    assert_eq!(pile_score(cards("AD AC KH 9S 2D")), 10 + 3 + 2 + 1 + 1);
    assert_eq!(pile_penalty(cards("AD AC KH 9S")), 3 + 3 + 2 + 1);
    // Two players tied on points: the highest rabbit in a score pile wins.
    let mut st = hunting([
        "AH 2C 3C 4C 5C 6C",
        "AD AC 3S 4S 5S 2S",
        "AS 7C 8C 9C TC JC",
        "7S 8S 9S TS JS QS",
    ]);
    to_the_ace_hunt(&mut st);
    while !st.over {
        act(&mut st, NoWolf);
    }
    st.penalty = [CardSet::EMPTY; 4];
    st.score = [
        cards("KD KC"), // 4 points, rabbit K
        cards("QD QC"), // 4 points, rabbit Q
        cards("KS TC"), // 4 points, no rabbit
        CardSet::EMPTY, // 0
    ];
    let o = Dingo.outcome(&st).unwrap();
    assert_eq!(o[S[0]].win, 1.0);
    assert_eq!((o[S[1]].place, o[S[2]].place, o[S[3]].place), (2, 3, 4));
    assert_eq!(o[S[0]].score, 4.0);
    // Tied with no rabbit: shared.
    st.score = [cards("KS"), cards("KC"), CardSet::EMPTY, CardSet::EMPTY];
    let o = Dingo.outcome(&st).unwrap();
    assert_eq!((o[S[0]].win, o[S[1]].win), (0.5, 0.5));
    // The rabbit only breaks ties: five points and the 2♦ beat four and the K♦.
    st.score = [
        cards("2D 3C 4C 5C 6C"),
        cards("KD KC"),
        CardSet::EMPTY,
        CardSet::EMPTY,
    ];
    let o = Dingo.outcome(&st).unwrap();
    assert_eq!((o[S[0]].win, o[S[1]].place), (1.0, 2));
}

#[test]
fn perft_counts_from_the_deal() {
    let g = Dingo;
    let st = g.deal(&mut ChaCha8Rng::seed_from_u64(4));
    // Four discards (each seat's non-aces, independent of the others' discards), then the
    // dealer passes any of his nine cards, then seat 0 any of its ten.
    let n = |s: usize| (st.hands[s] - ACES).len() as u64;
    let want = [
        1,
        n(3),
        n(3) * n(0),
        n(3) * n(0) * n(1),
        n(3) * n(0) * n(1) * n(2),
        n(3) * n(0) * n(1) * n(2) * 9,
        n(3) * n(0) * n(1) * n(2) * 9 * 10,
    ];
    for (d, &w) in want.iter().enumerate() {
        assert_eq!(perft(&g, &st, d as u32), w, "depth {d}");
    }
}

#[test]
fn conformance_random_games() {
    let r = conformance::random_games(&Dingo, 0..300, 10_000);
    assert_eq!(r.games, 300);
    let caught: f64 = r.stats.iter().map(|s| s[0]).sum();
    assert!(caught > 0.0);
}

/// The exact chance that each of the observer's passed cards is in each other hand, by
/// enumerating where those cards go and counting the ways to deal the rest.
fn passed_marginals(obs: &DingoObservation) -> Vec<(Card, [f64; 4])> {
    let unseen = obs.unseen();
    let me = obs.seat.index();
    let tracked: Vec<(Card, u8)> = (0..3)
        .filter_map(|r| obs.passed[r].map(|c| (c, obs.reach[r])))
        .filter(|(c, _)| unseen.contains(*c))
        .collect();
    let free = unseen.len() - tracked.len();
    let fact = |n: usize| (1..=n).map(|k| k as f64).product::<f64>();
    let mut out = vec![[0.0; 4]; tracked.len()];
    let mut total = 0.0;
    let combos = 4usize.pow(tracked.len() as u32);
    for code in 0..combos {
        let mut sizes = obs.hand_sizes.map(|x| x as i64);
        let mut ok = true;
        let mut places = vec![];
        for (i, &(_, m)) in tracked.iter().enumerate() {
            let s = code / 4usize.pow(i as u32) % 4;
            if s == me || m & 1 << s == 0 {
                ok = false;
            }
            sizes[s] -= 1;
            places.push(s);
        }
        if !ok || sizes.iter().any(|&x| x < 0) {
            continue;
        }
        // Free cards into the remaining room of the three other hands.
        let ways = fact(free)
            / (0..4)
                .filter(|&s| s != me)
                .map(|s| fact(sizes[s] as usize))
                .product::<f64>();
        total += ways;
        for (i, &s) in places.iter().enumerate() {
            out[i][s] += ways;
        }
    }
    tracked
        .iter()
        .zip(out)
        .map(|(&(c, _), p)| (c, p.map(|w| w / total)))
        .collect()
}

#[test]
fn determinization_keeps_passed_cards_where_they_may_be_with_the_right_odds() {
    let g = Dingo;
    let mut checked = 0;
    for seed in 0..6 {
        let mut r = ChaCha8Rng::seed_from_u64(seed);
        let mut st = g.deal(&mut r);
        let mut v = Vec::new();
        // Play the setup to its end (hands of six, passes done).
        while st.step < SETUP_STEPS {
            g.legal_actions(&st, &mut v);
            let a = v[r.random_range(0..v.len())];
            g.apply(&mut st, a, &mut r);
        }
        for seat in Seat::all(4) {
            let obs = g.observe(&st, seat);
            let marg = passed_marginals(&obs);
            let n = 3000;
            let mut counts = vec![[0usize; 4]; marg.len()];
            for k in 0..n {
                let d = g.determinize(&obs, &mut ChaCha8Rng::seed_from_u64(k));
                g.check_invariants(&d).unwrap();
                assert_eq!(g.observe(&d, seat), obs);
                for (i, &(card, p)) in marg.iter().enumerate() {
                    let s = (0..4).find(|&s| d.hands[s].contains(card)).unwrap();
                    assert!(p[s] > 0.0, "{card} sampled where it cannot be");
                    counts[i][s] += 1;
                }
            }
            for (i, &(_, p)) in marg.iter().enumerate() {
                for s in 0..4 {
                    let f = counts[i][s] as f64 / n as f64;
                    let sd = (p[s] * (1.0 - p[s]) / n as f64).sqrt();
                    assert!((f - p[s]).abs() <= 5.0 * sd + 1e-9, "{f} vs {}", p[s]);
                    checked += 1;
                }
            }
        }
    }
    assert!(checked > 50, "{checked}");
}

#[test]
fn the_ace_rabbit_is_kept_from_hands_shown_without_it() {
    // Seat 1 plays both black aces and does not play the A♦: it cannot hold it.
    let mut st = hunting([
        "AH 2C 3C 4C 5C 6C",
        "AC AS 2S 3S 4S 5S",
        "7C 8C 9C TC JC QC",
        "AD 7S 8S 9S TS JS",
    ]);
    act(&mut st, wolf("AC"));
    let before = st.clone();
    act(&mut st, wolf("AS"));
    // Seat 1's turn ended without the rabbit, seat 2 has none, seat 3 played it.
    assert!(st.over);
    assert_eq!(st.score[3], cards("AD"));
    // Mid-hunt, after the second wolf but before anyone else: the mask is public.
    let mut mid = before;
    mid.hunt.wolves[1] = Some((S[1], c("AS")));
    mid.hands[1].remove(c("AS"));
    mid.table.insert(c("AS"));
    mid.hunt.no_rabbit = 0b0010;
    mid.hunt.turn = 1;
    let obs = Dingo.observe(&mid, S[2]);
    for k in 0..200 {
        let d = Dingo.determinize(&obs, &mut ChaCha8Rng::seed_from_u64(k));
        assert!(!d.hands[1].contains(ACE_RABBIT));
    }
}

/// The soak: a million random games with invariants checked after every move
/// (`cargo test --release -p cardsim-engine dingo_soak -- --ignored`; `SOAK_GAMES=n` for n).
#[test]
#[ignore = "a million games: run by hand in release"]
fn dingo_soak() {
    let seeds: u64 = conformance::soak_games(1_000_000);
    let report = conformance::random_games(&Dingo, 0..seeds, 10_000);
    assert_eq!(report.games as u64, seeds);
}

/// The first hunt's opening: seat 0's 2♥ is the dingo, seat 1 is to say whether it has a
/// wolf (the 2♣ is seat 2's, the 2♠ a discard).
fn first_hunt() -> DingoState {
    hunting([
        "2H AH 3C 4C 5C 6C",
        "AC 3S 4S 5S 6S 7S",
        "2C AS 7C 8C 9C TC",
        "AD 3H 4H 5H 6H 7H",
    ])
}

/// Every invariant, broken alone in a real position, is refused with its own message.
#[test]
fn broken_positions_fail_the_invariants() {
    crate::games::common::testing::assert_each_corruption_refused_saying(
        &Dingo,
        &first_hunt(),
        &[
            ("a hand overlaps", |st| {
                st.hands[1].insert(c("2C"));
            }),
            ("a discard pile overlaps", |st| {
                st.discards[0].insert(c("3C"));
            }),
            ("a score pile overlaps", |st| {
                st.score[0].insert(c("3C"));
            }),
            ("a penalty pile overlaps", |st| {
                st.penalty[0].insert(c("3C"));
            }),
            ("the table overlaps", |st| {
                st.table.insert(c("3C"));
            }),
            ("the discarded rabbits overlaps", |st| {
                st.lost.insert(c("3C"));
            }),
            ("the rabbits to hunt overlaps", |st| {
                st.hands[0].insert(c("5D"));
            }),
            ("seat 0 discarded an ace", |st| {
                let low = st.discards[0].iter().next().unwrap();
                st.discards[0].remove(low);
                st.discards[0].insert(c("AH"));
                st.hands[0].remove(c("AH"));
                st.hands[0].insert(low);
            }),
            ("cards not conserved", |st| {
                st.hands[0].remove(c("3C"));
            }),
            ("seat 0 made 5 discards, not 4", |st| {
                st.hands[0].remove(c("3C"));
                st.discards[0].insert(c("3C"));
            }),
            ("no decision in the hunt", |st| st.hunt.dingo = None),
            ("red cards", |st| st.over = true),
        ],
    );
    // During the setup: hand sizes, where passed cards may be, and no hunt yet.
    let g = Dingo;
    let mut st = g.deal(&mut rng());
    let mut r = rng();
    for _ in 0..6 {
        let l = legal(&st);
        g.apply(&mut st, l[0], &mut r);
    }
    assert!(st.passes[3][0].is_some(), "step 4: the dealer passed left");
    crate::games::common::testing::assert_each_corruption_refused_saying(
        &Dingo,
        &st,
        &[
            ("seat 0 holds 8 cards", |st| {
                let card = st.hands[0].iter().next().unwrap();
                st.hands[0].remove(card);
                st.hands[1].insert(card);
            }),
            ("is where it cannot be", |st| st.reach[3][0] = 0),
            ("a hunt before the passes are over", |st| st.hunt.turn = 1),
        ],
    );
}

/// The statistics, column by column: the tally, the A♦ in a score pile, the winning score,
/// and how a tie at the top was settled.
#[test]
fn stats_count_every_column() {
    let g = Dingo;
    let mut st = first_hunt();
    st.tally = Tally {
        caught: 1,
        void: 2,
        lone: 3,
        two_wolves: 4,
    };
    let mut out = vec![9.0];
    g.stats(&st, &mut out);
    assert_eq!(out, [1.0, 2.0, 3.0, 4.0, 0.0, 0.0, 0.0, 0.0]);
    assert_eq!(out.len(), Dingo::INFO.stats.len());
    // The A♦ in a score pile; the top score is the highest, penalties counted.
    st.score[3] = cards("AD 2C");
    st.penalty[1] = cards("AS");
    g.stats(&st, &mut out);
    assert_eq!((out[4], out[5]), (1.0, 11.0));
    // Over: a tie on points settled by the higher rabbit...
    st.tally = Tally::default();
    st.over = true;
    st.score = [
        cards("2D 3C"),
        cards("3D 2C"),
        CardSet::EMPTY,
        CardSet::EMPTY,
    ];
    st.penalty = [CardSet::EMPTY; 4];
    g.stats(&st, &mut out);
    assert_eq!(out[5..], [2.0, 1.0, 0.0]);
    assert_eq!(g.outcome(&st).unwrap()[S[1]].win, 1.0);
    // ...or shared when neither has a rabbit.
    st.score = [
        cards("4C 3C"),
        cards("5C 2C"),
        CardSet::EMPTY,
        CardSet::EMPTY,
    ];
    g.stats(&st, &mut out);
    assert_eq!(out[5..], [2.0, 0.0, 1.0]);
    // A lone winner: neither.
    st.score = [
        cards("4C 3C TC"),
        cards("5C 2C"),
        CardSet::EMPTY,
        CardSet::EMPTY,
    ];
    g.stats(&st, &mut out);
    assert_eq!(out[5..], [4.0, 0.0, 0.0]);
    // Not over: no tie columns even when tied.
    st.over = false;
    st.score = [
        cards("2D 3C"),
        cards("3D 2C"),
        CardSet::EMPTY,
        CardSet::EMPTY,
    ];
    g.stats(&st, &mut out);
    assert_eq!(out[5..], [2.0, 0.0, 0.0]);
}

/// The card values, pile sums, best rabbit and the state's and hunt's accessors.
#[test]
fn the_accessors_and_the_card_values() {
    assert_eq!((score_points(c("AD")), penalty_points(c("AD"))), (10, 3));
    assert_eq!((score_points(c("AS")), penalty_points(c("AS"))), (3, 3));
    assert_eq!((score_points(c("TH")), penalty_points(c("KC"))), (2, 2));
    assert_eq!((score_points(c("9C")), penalty_points(c("2S"))), (1, 1));
    assert_eq!(pile_score(cards("AD TH 9C")), 13);
    assert_eq!(pile_penalty(cards("AD TH 9C")), 6);
    assert_eq!(best_rabbit(cards("AD 5D")), 14);
    assert_eq!(best_rabbit(cards("KD 5D AS")), 13);
    assert_eq!(best_rabbit(cards("AS KC")), 0);
    assert_eq!(best_rabbit(CardSet::EMPTY), 0);

    let mut st = first_hunt();
    assert_eq!(st.hand(S[0]), cards("AH 3C 4C 5C 6C"));
    assert_eq!(st.discards(S[0]).len(), 4);
    assert_eq!(st.step(), SETUP_STEPS);
    let h = st.hunt();
    assert_eq!(
        (h.rank(), h.dingo, h.wolf_count(), h.seat()),
        (Rank::Two, Some(S[0]), 0, Some(S[1]))
    );
    act(&mut st, NoWolf);
    assert_eq!(st.hunt().seat(), Some(S[2]));
    act(&mut st, wolf("2C"));
    assert_eq!(st.score_pile(S[2]), cards("2C 2D"));
    assert_eq!(st.score_pile(S[0]), cards("2H"));
    assert_eq!((st.points(S[2]), st.points(S[0])), (2, 1));
    assert_eq!(st.tally().caught, 1);
    assert_eq!(st.hunt().rank(), Rank::Three);
    st.penalty[0].insert(c("2S"));
    assert_eq!(st.penalty_pile(S[0]), cards("2S"));
    assert_eq!(st.points(S[0]), 0);
    // Two wolves down; the ace hunt's rank stays the ace past the last hunt.
    let mut h = Hunt {
        index: 13,
        ..Hunt::default()
    };
    assert_eq!(h.rank(), Rank::Ace);
    h.wolves = [Some((S[1], c("5C"))), Some((S[3], c("5S")))];
    assert_eq!(h.wolf_count(), 2);
    // Seat 1 cannot see the other hands: those are its unseen cards.
    let obs = Dingo.observe(&st, S[1]);
    assert_eq!(obs.unseen(), st.hand(S[0]) | st.hand(S[2]) | st.hand(S[3]));
}

/// The deal text reads back; a short hand and a diamond other than the ace are refused.
#[test]
fn the_deal_text_reads_back() {
    use crate::deal_text::{round_trip, DealText};
    let g = Dingo;
    for seed in 0..5 {
        let st = g.deal(&mut ChaCha8Rng::seed_from_u64(seed));
        let text = round_trip(&g, &st).unwrap();
        assert!(text.starts_with("N:"), "{text}");
        assert!(
            g.parse_deal(&text[..text.len() - 1]).is_err(),
            "a card short"
        );
        // A two of diamonds added to the first hand's diamonds.
        let first = text[2..].split(' ').next().unwrap();
        let mut suits: Vec<String> = first.split('.').map(String::from).collect();
        suits[2].push('2');
        let bad = text.replacen(first, &suits.join("."), 1);
        assert!(g.parse_deal(&bad).is_err(), "{bad}");
    }
}

/// The observation's counts are scaled as documented, from the observer's side.
#[test]
fn the_observation_scales_each_count_as_documented() {
    use crate::encoding::{Encoding, Tensor};
    use crate::games::common::encoding::named;
    let st = first_hunt();
    let mut obs = Dingo.observe(&st, S[1]);
    obs.score[2] = cards("AD TC");
    obs.penalty[0] = cards("AS");
    let mut t = Tensor::new();
    Dingo.encode_observation(&obs, &mut t);
    // Seats from seat 1: itself, 2, 3, 0.
    assert_eq!(named(&t, "hand_sizes"), [0.6, 0.6, 0.6, 0.5]);
    assert_eq!(named(&t, "points"), [0.0, 0.6, 0.0, -0.15]);
    assert_eq!(named(&t, "step"), [1.0]);
    assert_eq!(named(&t, "phase"), [0.0, 0.0, 1.0, 0.0]);
    let hunt = named(&t, "hunt");
    assert_eq!(
        (hunt.len(), hunt[0], hunt.iter().sum::<f32>()),
        (13, 1.0, 1.0)
    );
    assert_eq!(named(&t, "turn"), [1.0, 0.0, 0.0, 0.0]);
    assert_eq!(named(&t, "dingo"), [0.0, 0.0, 0.0, 1.0]);
    assert_eq!(named(&t, "hunt.turn"), [0.0]);
    // After seat 1's answer: seat 2 to play, one turn of the hunt over.
    let mut st2 = st.clone();
    act(&mut st2, NoWolf);
    let mut t = Tensor::new();
    Dingo.encode_observation(&Dingo.observe(&st2, S[1]), &mut t);
    assert_eq!(named(&t, "turn"), [0.0, 1.0, 0.0, 0.0]);
    assert_eq!(named(&t, "hunt.turn"), [0.25]);
    // In the setup: the step's share and who discards.
    let setup = Dingo.deal(&mut rng());
    let mut t = Tensor::new();
    Dingo.encode_observation(&Dingo.observe(&setup, S[0]), &mut t);
    assert_eq!(named(&t, "phase"), [1.0, 0.0, 0.0, 0.0]);
    assert_eq!(named(&t, "step"), [0.0]);
    assert_eq!(
        named(&t, "turn"),
        [0.0, 0.0, 0.0, 1.0],
        "the dealer discards first"
    );
    assert!(named(&t, "hunt").iter().all(|&x| x == 0.0));
    // Over: no turn, no hunt.
    let mut over = Dingo.observe(&st, S[1]);
    over.over = true;
    let mut t = Tensor::new();
    Dingo.encode_observation(&over, &mut t);
    assert_eq!(named(&t, "phase"), [0.0, 0.0, 0.0, 1.0]);
    assert!(named(&t, "turn").iter().all(|&x| x == 0.0));
    assert!(named(&t, "hunt").iter().all(|&x| x == 0.0));
}

/// The observation text at each phase: the setup step and who acts, each round's passed and
/// received card in order, where a passed card may be, the hunt's dingo, wolves, rabbit and
/// the seats shown without the A♦; and the no-rabbit plane of the tensor, from the observer's
/// side.
#[test]
fn the_text_and_tensor_show_each_phase() {
    use crate::encoding::{Encoding, Tensor};
    use crate::games::common::encoding::named;
    let g = Dingo;
    let mut r = rng();
    let mut st = g.deal(&mut r);
    let text = g.observation_string(&g.observe(&st, S[0]));
    assert!(
        text.starts_with("seat 0 of 4, setup step 0, 3 discards\n"),
        "{text}"
    );
    assert!(
        text.contains("\npassed: - - -\nreceived: - - -\n"),
        "{text}"
    );
    assert!(!text.contains("may be with"), "{text}");
    assert!(
        !text.contains("turns after the dingo"),
        "no hunt in the setup: {text}"
    );
    let mut v = Vec::new();
    // The four discards, the first round's passes, four discards, the dealer's second pass.
    for _ in 0..13 {
        g.legal_actions(&st, &mut v);
        g.apply(&mut st, v[0], &mut r);
    }
    let obs = g.observe(&st, S[3]);
    let (Some(p0), Some(p1), None) = (obs.passed[0], obs.passed[1], obs.passed[2]) else {
        panic!("the dealer has passed twice: {:?}", obs.passed)
    };
    let Some(r0) = obs.received[0] else {
        panic!("the dealer received in the first round")
    };
    let text = g.observation_string(&obs);
    assert!(text.contains(", setup step 13, 0 passes\n"), "{text}");
    for line in [
        format!("\npassed: {p0} {p1} -\n"),
        format!("\nreceived: {r0} - -\n"),
        "\npassed 0 may be with: 0 1 2\npassed 1 may be with: 1\ntable: ".into(),
    ] {
        assert!(text.contains(&line), "{line:?} in\n{text}");
    }
    // A hunt, with a wolf, the rabbit and two seats shown without it set by hand.
    let mut obs = g.observe(&first_hunt(), S[1]);
    obs.hunt.wolves[0] = Some((S[2], c("2C")));
    obs.hunt.rabbit = Some(S[3]);
    obs.hunt.no_rabbit = 0b0101;
    obs.score[2] = cards("AD TC");
    obs.penalty[0] = cards("AS");
    let text = g.observation_string(&obs);
    assert!(text.contains(", hunting 2, 1 to play\n"), "{text}");
    assert!(text.contains("\npoints: 0:-3 1:0 2:12 3:0\n"), "{text}");
    assert!(
        text.ends_with(
            "\ndingo: 0\nwolf 1: 2:2C\nrabbit: 3\nturns after the dingo: 0\n\
             shown without the rabbit: 0 2\n"
        ),
        "{text}"
    );
    let mut t = Tensor::new();
    g.encode_observation(&obs, &mut t);
    // Seats from seat 1: itself, 2, 3, 0.
    assert_eq!(named(&t, "no_rabbit"), [0.0, 1.0, 0.0, 1.0]);
    obs.hunt.index = HUNTS;
    let text = g.observation_string(&obs);
    assert!(text.contains(", hunts done, 1 to play\n"), "{text}");
}
