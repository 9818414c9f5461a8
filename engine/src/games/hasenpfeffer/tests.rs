use super::*;
use crate::conformance;
use crate::tricks::testing::{apply_all, play_strongest};
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;
use HasenpfefferAction as A;

fn game(params: &[&str]) -> Hasenpfeffer {
    Hasenpfeffer::new(4, &Params::parse(params).unwrap()).unwrap()
}

fn cards(s: &str) -> CardSet {
    s.parse().unwrap()
}

fn card(s: &str) -> Card {
    s.parse().unwrap()
}

/// A fresh hand (dealer seat 3) with these hands; the widow is the card left over.
fn position(g: &Hasenpfeffer, hands: [&str; 4]) -> HasenpfefferState {
    let mut s = g.deal(&mut ChaCha8Rng::seed_from_u64(0));
    let hands = hands.map(cards);
    s.play = TrickPlay::new(
        4,
        &hands,
        Seat::new(0),
        CardOrder::ace_high(None),
        Obligation::FollowSuit,
    )
    .with_deck(Hasenpfeffer::DECK);
    g.check_invariants(&s).unwrap();
    s
}

/// Seat 0 strong in clubs with the joker; the widow is the 9 of hearts.
const HANDS: [&str; 4] = [
    "JK JC JS AC KC AH",
    "QC TC 9C KH QH TH",
    "AD KD QD JD TD 9D",
    "AS KS QS TS 9S JH",
];

#[test]
fn conformance_random_games_every_variant() {
    for params in [&[][..], &["min_bid=3"], &["target=20"], &["max_deals=2"]] {
        let g = game(params);
        let report = conformance::random_games(&g, 0..30, 100_000);
        assert_eq!(report.games, 30);
        assert!(report.determinizations > 0);
        for s in &report.stats {
            // hands = made + set; the defenders' and declarers' tricks make 6 a hand.
            assert_eq!(s[3] + s[4], s[0]);
            assert!(s[7] <= 6.0 * s[0] && s[5] <= s[3]);
            // A game stopped by `max_deals` need not reach the target (random bids drift
            // both sides below zero).
            if s[0] + s[1] < f64::from(g.max_deals()) {
                assert!(s[8] >= f64::from(g.target()) || s[9] >= f64::from(g.target()));
            }
        }
    }
}

#[test]
fn params_are_checked() {
    assert!(Hasenpfeffer::new(3, &Params::new()).is_err());
    assert!(Hasenpfeffer::new(4, &Params::parse(&["min_bid=4"]).unwrap()).is_err());
    assert!(Hasenpfeffer::new(4, &Params::parse(&["trumps=1"]).unwrap()).is_err());
    let g = game(&["target=15", "min_bid=2"]);
    assert_eq!((g.target(), g.min_bid()), (15, 2));
}

/// 25 cards (nine to ace and the joker); six each, the 25th the widow; seat 0 bids first.
#[test]
fn the_deal_gives_six_each_and_a_widow() {
    assert_eq!(Hasenpfeffer::DECK.len(), 25);
    assert!(Hasenpfeffer::DECK.contains(Card::JOKER));
    assert!(!Hasenpfeffer::DECK.contains(card("8S")));
    let g = game(&[]);
    for seed in 0..20 {
        let s = g.deal(&mut ChaCha8Rng::seed_from_u64(seed));
        for seat in Seat::all(4) {
            assert_eq!(s.play().hand(seat).len(), 6);
        }
        assert_eq!(s.stub().len(), 1);
        assert_eq!(g.to_move(&s), ToMove::Seat(Seat::new(0)));
        assert_eq!(s.dealer(), Seat::new(3));
    }
}

/// The page's ranking with clubs trumps: joker, J♣ (right), J♠ (left), A K Q 10 9 of clubs;
/// the J♠ follows as a club, not as a spade.
#[test]
fn the_joker_and_the_bowers_rank_as_on_the_page() {
    let o = Hasenpfeffer::order(Suit::Clubs);
    let ranked = ["JK", "JC", "JS", "AC", "KC", "QC", "TC", "9C"].map(card);
    for w in ranked.windows(2) {
        assert!(o.strength(w[0]) > o.strength(w[1]), "{} > {}", w[0], w[1]);
        assert!(o.is_trump(w[0]) && o.is_trump(w[1]));
    }
    assert_eq!(o.suit_of(card("JS")), Suit::Clubs);
    assert!(!o.is_trump(card("JH")) && !o.is_trump(card("AS")));
    let hand = cards("JS 9S");
    let mut t = crate::tricks::Trick::new(Seat::new(0));
    t.push(Seat::new(0), card("AS"));
    assert_eq!(Obligation::FollowSuit.legal(hand, &t, &o), cards("9S"));
    t.push(Seat::new(1), card("JS"));
    t.push(Seat::new(2), card("JK"));
    assert_eq!(t.winner(&o).unwrap().1, Card::JOKER);
}

/// The page's example: a contract of four with five tricks scores 5, with three −4; the
/// defenders score their tricks either way.
#[test]
fn the_page_scoring_examples() {
    assert_eq!(Hasenpfeffer::hand_points(4, 5), (5, 1));
    assert_eq!(Hasenpfeffer::hand_points(4, 3), (-4, 3));
    assert_eq!(Hasenpfeffer::hand_points(4, 4), (4, 2));
    assert_eq!(Hasenpfeffer::hand_points(6, 6), (6, 0));
    assert_eq!(Hasenpfeffer::hand_points(1, 0), (-1, 6));
}

/// Bids rise; each seat speaks once, the dealer last; no second round.
#[test]
fn one_round_of_rising_bids() {
    let g = game(&[]);
    let mut s = position(&g, HANDS);
    let mut legal = Vec::new();
    g.legal_actions(&s, &mut legal);
    assert_eq!(legal.len(), 7); // pass, 1..6
    apply_all(&g, &mut s, &[A::Bid(2)]);
    g.legal_actions(&s, &mut legal);
    assert_eq!(legal, [A::Pass, A::Bid(3), A::Bid(4), A::Bid(5), A::Bid(6)]);
    assert!(g
        .try_apply(&mut s.clone(), A::Bid(2), &mut ChaCha8Rng::seed_from_u64(0))
        .is_err());
    apply_all(&g, &mut s, &[A::Pass, A::Bid(4)]);
    assert_eq!(g.to_move(&s), ToMove::Seat(Seat::new(3)));
    apply_all(&g, &mut s, &[A::Pass]);
    // Seat 2 holds the four: it takes the widow (9H) and names trumps.
    assert_eq!(s.phase(), Phase::Trump);
    assert_eq!(g.to_move(&s), ToMove::Seat(Seat::new(2)));
    assert_eq!(s.play().hand(Seat::new(2)).len(), 7);
    assert!(s.play().hand(Seat::new(2)).contains(card("9H")));
    assert_eq!(s.contract(), Some((Seat::new(2), 4)));
    let g3 = game(&["min_bid=3"]);
    let s3 = position(&g3, HANDS);
    g3.legal_actions(&s3, &mut legal);
    assert_eq!(legal, [A::Pass, A::Bid(3), A::Bid(4), A::Bid(5), A::Bid(6)]);
}

/// The declarer takes the widow, names trumps, discards face down (any card but the joker;
/// the others see nothing) and leads; the play follows the trump order.
#[test]
fn the_declarer_takes_the_widow_names_trumps_discards_and_leads() {
    let g = game(&[]);
    let mut s = position(&g, HANDS);
    apply_all(&g, &mut s, &[A::Bid(5), A::Pass, A::Pass, A::Pass]);
    assert!(s.play().hand(Seat::new(0)).contains(card("9H")));
    apply_all(&g, &mut s, &[A::Trump(Suit::Clubs)]);
    let mut legal = Vec::new();
    g.legal_actions(&s, &mut legal);
    assert_eq!(legal.len(), 6); // seven cards but the joker
    assert!(!legal.contains(&A::Discard(Card::JOKER)));
    apply_all(&g, &mut s, &[A::Discard(card("9H"))]);
    assert_eq!(
        g.observe_action(&s, A::Discard(card("9H")), Seat::new(1)),
        None
    );
    assert_eq!(g.observe(&s, Seat::new(0)).discard, Some(card("9H")));
    assert_eq!(g.observe(&s, Seat::new(1)).discard, None);
    assert_eq!(s.phase(), Phase::Play);
    assert_eq!(g.to_move(&s), ToMove::Seat(Seat::new(0)));
    // Seat 0 (JK JC JS AC KC AH) leads trumps from the top: the defenders hold QC TC 9C.
    play_strongest(&g, &mut s);
    // Five trumps draw the three and the AH wins: six tricks to the declarers.
    assert_eq!(s.scores(), [6, 0]);
    assert_eq!(s.tally().sweeps, 1);
    assert_eq!(s.deals(), 1);
    assert_eq!(s.dealer(), Seat::new(0));
}

/// All pass: the joker's holder shows it and is held to 3 (public: others' determinizations
/// put the joker in his hand); the joker as the widow voids the hand.
#[test]
fn all_pass_forces_the_joker_or_voids_the_hand() {
    let g = game(&[]);
    let mut s = position(&g, HANDS);
    apply_all(&g, &mut s, &[A::Pass; 4]);
    assert!(s.forced());
    assert_eq!(s.contract(), Some((Seat::new(0), 3)));
    assert_eq!(s.phase(), Phase::Trump);
    let obs = g.observe(&s, Seat::new(1));
    let mut rng = ChaCha8Rng::seed_from_u64(3);
    for _ in 0..20 {
        let d = g.determinize(&obs, &mut rng);
        assert!(d.play().hand(Seat::new(0)).contains(Card::JOKER));
        g.check_invariants(&d).unwrap();
    }
    apply_all(
        &g,
        &mut s,
        &[A::Trump(Suit::Hearts), A::Discard(card("JS"))],
    );
    assert_eq!(s.tally().forced_bids, 1);

    // The joker in the widow.
    let hands = [
        "9H JC JS AC KC AH",
        "QC TC 9C KH QH TH",
        "AD KD QD JD TD 9D",
        "AS KS QS TS 9S JH",
    ];
    let mut s = position(&g, hands);
    assert_eq!(s.stub(), CardSet::from_card(Card::JOKER));
    apply_all(&g, &mut s, &[A::Pass; 4]);
    assert_eq!(s.tally().void_hands, 1);
    assert_eq!(s.deals(), 1);
    assert_eq!(s.dealer(), Seat::new(0));
    assert_eq!(s.phase(), Phase::Bid);
    assert_eq!(s.scores(), [0, 0]);
    assert_eq!(g.to_move(&s), ToMove::Seat(Seat::new(1)));
}

/// A failed contract costs its value; the defenders still score their tricks.
#[test]
fn a_set_contract_loses_its_value() {
    let g = game(&[]);
    let mut s = position(&g, HANDS);
    // Seat 1 bids six with hearts: it cannot make it.
    apply_all(&g, &mut s, &[A::Pass, A::Bid(6), A::Pass, A::Pass]);
    apply_all(
        &g,
        &mut s,
        &[A::Trump(Suit::Hearts), A::Discard(card("9C"))],
    );
    play_strongest(&g, &mut s);
    let [a, b] = s.scores();
    assert_eq!(b, -6);
    assert!(a > 0);
    assert_eq!(s.tally().set, 1);
}

/// Both sides reach 10 on the same hand: the declarers win even with fewer points.
#[test]
fn both_at_the_target_the_declarers_win() {
    let g = game(&[]);
    let mut s = position(&g, HANDS);
    s.scores = [9, 9];
    // Seat 1 bids 1 in hearts; its side needs one trick, the other side will take several.
    apply_all(&g, &mut s, &[A::Pass, A::Bid(1), A::Pass, A::Pass]);
    apply_all(
        &g,
        &mut s,
        &[A::Trump(Suit::Hearts), A::Discard(card("9C"))],
    );
    play_strongest(&g, &mut s);
    assert_eq!(s.phase(), Phase::Over);
    let [a, b] = s.scores();
    assert!(a >= 10 && b >= 10 && a > b, "{a} {b}");
    assert_eq!(s.winner(), Some(1));
    let o = g.outcome(&s).unwrap();
    assert_eq!(o[Seat::new(1)].win, 0.5);
    assert_eq!(o[Seat::new(0)].win, 0.0);
    assert_eq!(o[Seat::new(0)].score, f64::from(a));
}

#[test]
fn max_deals_ends_the_game_higher_score_winning() {
    let g = game(&["max_deals=1"]);
    let mut s = position(&g, HANDS);
    apply_all(&g, &mut s, &[A::Pass, A::Bid(1), A::Pass, A::Pass]);
    apply_all(
        &g,
        &mut s,
        &[A::Trump(Suit::Hearts), A::Discard(card("9C"))],
    );
    play_strongest(&g, &mut s);
    assert_eq!(s.phase(), Phase::Over);
    let [a, b] = s.scores();
    assert_eq!(s.winner(), Some(usize::from(b > a)));
}

/// Known counts from the fixed deal, derived by hand: depth 1, pass or bid 1..6 (7). Depth 2:
/// after a pass 7, after a bid of k the bids above it and a pass (7 - k): 7 + (6+5+4+3+2+1) =
/// 28. Depth 3: sums over the standing bid: 84. The declarer's phases: 4 trumps, then 6
/// discards (seven cards less the joker).
#[test]
fn perft_known_counts() {
    let g = game(&[]);
    let s = position(&g, HANDS);
    // Each seat may pass or bid above the standing bid: lines of n speakers counted by the
    // standing bid. f(n, b) = 1 + sum over bids above b.
    fn lines(n: u32, high: u8) -> u64 {
        if n == 0 {
            return 1;
        }
        lines(n - 1, high) + (high + 1..=6).map(|b| lines(n - 1, b)).sum::<u64>()
    }
    let table = conformance::perft::perft_table(&g, &s, 3);
    assert_eq!(table, vec![7, 28, 84]);
    assert_eq!(
        (1..=3).map(|n| lines(n, 0)).collect::<Vec<_>>(),
        [7, 28, 84]
    );
    // The whole auction: 4 speakers, lines(4, 0) = 210; each ends in a trump choice (4), the
    // all-pass line included (seat 0 holds the joker).
    assert_eq!(lines(4, 0), 210);
    assert_eq!(conformance::perft::perft(&g, &s, 5), 210 * 4);
    // Then the discards: seven cards, less the joker for seat 0 (who holds it). Seat 0 is the
    // declarer in 7 lines (its bid of 1..6 with three passes after, or four passes); the
    // other 203 lines give seven discards.
    assert_eq!(
        conformance::perft::perft(&g, &s, 6),
        7 * 4 * 6 + 203 * 4 * 7
    );

    // The first trick with clubs trumps, seat 0 leading JK JC JS AC KC AH (9H discarded).
    let mut s = position(&g, HANDS);
    apply_all(&g, &mut s, &[A::Bid(5), A::Pass, A::Pass, A::Pass]);
    apply_all(&g, &mut s, &[A::Trump(Suit::Clubs), A::Discard(card("9H"))]);
    // By hand: a trump lead (5 cards) meets QC TC 9C (3), no club in seat 2 (6 cards), none in
    // seat 3 (6): 5 x 3 x 6 x 6 = 540; the AH meets KH QH TH (3), no heart (6), the JH (1):
    // 18. 558.
    assert_eq!(conformance::perft::perft(&g, &s, 4), 558);
}

/// The soak: a million random games (both variants in turn), the contract checked after every
/// move (`conformance::soak_variants`; `SOAK_GAMES=N` for another count).
/// `cargo test --release -p cardsim-engine hasenpfeffer_soak -- --ignored`.
#[test]
#[ignore = "a million games: run by hand"]
fn hasenpfeffer_soak_a_million_random_games() {
    let variants = [game(&[]), game(&["min_bid=3"])];
    conformance::soak_a_million("hasenpfeffer", &variants);
}

#[test]
fn nth_legal_enumerates_the_legal_cards() {
    crate::tricks::testing::assert_counts_the_legal_actions::<Hasenpfeffer>();
}
