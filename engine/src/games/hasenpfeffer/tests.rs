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

/// `HANDS` with the joker and the 9 of hearts swapped: the joker is the widow.
const WIDOW: [&str; 4] = [
    "9H JC JS AC KC AH",
    "QC TC 9C KH QH TH",
    "AD KD QD JD TD 9D",
    "AS KS QS TS 9S JH",
];

/// `HANDS` from these scores: seat 1 bids `bid` (the others pass), names hearts and discards
/// the 9 of clubs; play is about to start.
fn seat_one_declares_hearts(g: &Hasenpfeffer, scores: [i32; 2], bid: u8) -> HasenpfefferState {
    let mut s = position(g, HANDS);
    s.scores = scores;
    apply_all(g, &mut s, &[A::Pass, A::Bid(bid), A::Pass, A::Pass]);
    apply_all(g, &mut s, &[A::Trump(Suit::Hearts), A::Discard(card("9C"))]);
    s
}

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
    let mut s = position(&g, WIDOW);
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
    // Seat 1 bids six with hearts: it cannot make it.
    let mut s = seat_one_declares_hearts(&g, [0, 0], 6);
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
    // Seat 1 bids 1 in hearts; its side needs one trick, the other side will take several.
    let mut s = seat_one_declares_hearts(&g, [9, 9], 1);
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
    let mut s = seat_one_declares_hearts(&g, [0, 0], 1);
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

/// A fresh game: no deal played, no score, no contract, no trumps, no winner, nothing
/// counted; the contract shows only once the auction is over, to the state and to every
/// observation; the bidding is public and a seat's observation holds its own hand.
#[test]
fn a_fresh_game_and_the_contract_once_the_auction_is_over() {
    let g = game(&[]);
    let mut s = position(&g, HANDS);
    assert_eq!((s.deals(), s.scores(), s.winner()), (0, [0, 0], None));
    assert!(!s.forced() && s.trump().is_none() && s.contract().is_none());
    assert_eq!(*s.tally(), HasenpfefferTally::default());
    let mut stats = Vec::new();
    g.stats(&s, &mut stats);
    assert_eq!(stats, [0.0; 10]);
    apply_all(&g, &mut s, &[A::Bid(2)]);
    // Seat 0 holds the standing bid, but the auction goes on: no contract yet, and the
    // widow is nobody's discard.
    assert_eq!(s.auction().high(), Some((Seat::new(0), 2)));
    assert_eq!(s.auction().spoken(), 1);
    assert_eq!(s.contract(), None);
    let obs = g.observe(&s, Seat::new(0));
    assert_eq!((obs.contract(), obs.discard), (None, None));
    assert_eq!(obs.hand(), cards(HANDS[0]));
    assert_eq!(g.observe(&s, Seat::new(1)).hand(), cards(HANDS[1]));
    let bid = A::Bid(3);
    assert_eq!(g.observe_action(&s, bid, Seat::new(2)), Some(bid));
    apply_all(&g, &mut s, &[A::Pass, A::Pass, A::Pass]);
    assert_eq!(s.contract(), Some((Seat::new(0), 2)));
    for seat in Seat::all(4) {
        assert_eq!(g.observe(&s, seat).contract(), Some((Seat::new(0), 2)));
    }
    apply_all(&g, &mut s, &[A::Trump(Suit::Diamonds)]);
    assert_eq!(s.trump(), Some(Suit::Diamonds));
    let play = A::Play(card("AS"));
    assert_eq!(g.observe_action(&s, play, Seat::new(1)), Some(play));
}

/// Each move's text: `pass`, `bid n`, `trump S`, `discard C`, and a played card alone.
#[test]
fn actions_print_as_documented() {
    let texts = [
        A::Pass,
        A::Bid(4),
        A::Trump(Suit::Hearts),
        A::Discard(card("9H")),
        A::Play(Card::JOKER),
    ]
    .map(|a| a.to_string());
    assert_eq!(
        texts,
        [
            "pass",
            "bid 4",
            &format!("trump {}", Suit::Hearts),
            "discard 9H",
            "JK"
        ]
    );
}

/// Partners sit across: seats 0 and 2 are team 0, 1 and 3 team 1, for `Game::team` and the
/// trick view alike.
#[test]
fn partners_sit_across_the_table() {
    let g = game(&[]);
    let teams = TrickTaking::teams(&g);
    for seat in Seat::all(4) {
        assert_eq!(g.team(seat), seat.index() % 2);
        assert_eq!(teams.team(seat), seat.index() % 2);
    }
}

/// The tally and the statistics columns after a sweep (made), a set contract, a forced bid
/// and a void hand, in that order.
#[test]
fn the_tally_and_the_statistics_count_each_hand() {
    let g = game(&["target=100"]);
    let mut stats = Vec::new();
    // Seat 0 bids five in clubs and takes all six tricks (see the declarer's test).
    let mut s = position(&g, HANDS);
    apply_all(&g, &mut s, &[A::Bid(5), A::Pass, A::Pass, A::Pass]);
    apply_all(&g, &mut s, &[A::Trump(Suit::Clubs), A::Discard(card("9H"))]);
    play_strongest(&g, &mut s);
    g.stats(&s, &mut stats);
    assert_eq!(
        stats,
        [1.0, 0.0, 0.0, 1.0, 0.0, 1.0, 5.0, 6.0, 6.0, 0.0],
        "hands, void, forced, made, set, sweeps, contracts, declarer tricks, points"
    );

    // Seat 1 bids six in hearts and is set: the defenders (team 0) score their tricks, and
    // the declarers took the rest.
    let mut s = seat_one_declares_hearts(&g, [0, 0], 6);
    play_strongest(&g, &mut s);
    let [a, b] = s.scores();
    assert!(a > 0 && b == -6, "{a} {b}");
    g.stats(&s, &mut stats);
    let declarer_tricks = f64::from(6 - a);
    assert_eq!(
        stats,
        [
            1.0,
            0.0,
            0.0,
            0.0,
            1.0,
            0.0,
            6.0,
            declarer_tricks,
            f64::from(a),
            -6.0
        ]
    );

    // All pass: seat 0 (the joker) is held to three.
    let mut s = position(&g, HANDS);
    apply_all(&g, &mut s, &[A::Pass; 4]);
    g.stats(&s, &mut stats);
    assert_eq!(stats[..3], [0.0, 0.0, 1.0]);

    // All pass with the joker the widow: the hand is void.
    let mut s = position(&g, WIDOW);
    apply_all(&g, &mut s, &[A::Pass; 4]);
    g.stats(&s, &mut stats);
    assert_eq!(stats, [0.0, 1.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0]);
}

/// The defenders reach the target on a hand the declarers do not: the defenders win, for
/// either side declaring.
#[test]
fn the_defenders_reaching_the_target_win() {
    let g = game(&[]);
    // Team 1 (seat 1) declares six in hearts and is set; team 0 reaches 10 from 9.
    let mut s = seat_one_declares_hearts(&g, [9, 0], 6);
    play_strongest(&g, &mut s);
    assert_eq!((s.phase(), s.winner()), (Phase::Over, Some(0)));
    assert_eq!(s.scores()[1], -6);
    let o = g.outcome(&s).unwrap();
    assert_eq!((o[Seat::new(0)].win, o[Seat::new(1)].win), (0.5, 0.0));
    // Each seat's score is its side's points.
    for seat in Seat::all(4) {
        assert_eq!(o[seat].score, f64::from(s.scores()[seat.index() % 2]));
    }

    // Team 0 (seat 0) declares six in spades against seat 3's five spades and is set; team
    // 1 reaches 10 from 9.
    let mut s = position(&g, HANDS);
    s.scores = [0, 9];
    apply_all(&g, &mut s, &[A::Bid(6), A::Pass, A::Pass, A::Pass]);
    apply_all(
        &g,
        &mut s,
        &[A::Trump(Suit::Spades), A::Discard(card("9H"))],
    );
    play_strongest(&g, &mut s);
    assert_eq!(s.scores()[0], -6);
    assert_eq!((s.phase(), s.winner()), (Phase::Over, Some(1)));
}

/// `max_deals` deals, void ones included, end the game; equal scores draw.
#[test]
fn max_deals_with_equal_scores_is_a_draw() {
    let g = game(&["max_deals=1"]);
    let mut s = position(&g, WIDOW);
    apply_all(&g, &mut s, &[A::Pass; 4]);
    assert_eq!((s.phase(), s.deals(), s.winner()), (Phase::Over, 1, None));
    assert_eq!(g.to_move(&s), ToMove::Over);
    let o = g.outcome(&s).unwrap();
    assert!(Seat::all(4).all(|seat| o[seat].win == o[Seat::new(0)].win));
    // With two deals allowed the void hand is followed by the next.
    let g = game(&["max_deals=2"]);
    let mut s = position(&g, WIDOW);
    apply_all(&g, &mut s, &[A::Pass; 4]);
    assert_eq!((s.phase(), s.deals()), (Phase::Bid, 1));
}

/// A deal takes at most 30 moves (four bids, trumps, a discard, 24 cards): the move cap is
/// 30 a deal.
#[test]
fn the_move_cap_is_thirty_moves_a_deal() {
    let g = game(&["max_deals=7"]);
    let mut s = position(&g, HANDS);
    let mut moves = 0;
    let mut legal = Vec::new();
    let mut rng = ChaCha8Rng::seed_from_u64(2);
    // Every seat bids (1, 2, 3, 4): the longest auction.
    for bid in 1..=4 {
        g.apply(&mut s, A::Bid(bid), &mut rng);
        moves += 1;
    }
    while s.deals() == 0 {
        g.legal_actions(&s, &mut legal);
        g.apply(&mut s, legal[0], &mut rng);
        moves += 1;
    }
    assert_eq!(moves, 30);
    assert_eq!(g.move_cap(), Some(7 * 30));
}

/// The observation scales the scores by `target` (our side first) and the deals by 10.
#[test]
fn the_observation_scales_scores_and_deals() {
    use crate::encoding::{Encoding, Tensor};
    let g = game(&[]);
    let mut s = position(&g, HANDS);
    s.scores = [3, -2];
    s.deals = 4;
    let mut t = Tensor::new();
    g.encode_observation(&g.observe(&s, Seat::new(1)), &mut t);
    assert_eq!(t.get("scores").unwrap(), &[-0.2, 0.3]);
    assert_eq!(t.get("deals").unwrap(), &[0.4]);
    let mut t = Tensor::new();
    g.encode_observation(&g.observe(&s, Seat::new(2)), &mut t);
    assert_eq!(t.get("scores").unwrap(), &[0.3, -0.2]);
}

/// The deal text reads back: random deals, the joker in a hand and the joker as the widow;
/// a joker field naming no seat is refused.
#[test]
fn the_deal_text_reads_back() {
    use crate::deal_text::{round_trip, DealText};
    let g = game(&[]);
    crate::tricks::testing::assert_deal_texts_read_back(&g);
    let s = position(&g, HANDS);
    let text = round_trip(&g, &s).unwrap();
    assert!(text.ends_with("; joker: N; widow: 9H"), "{text}");
    let text = round_trip(&g, &position(&g, WIDOW)).unwrap();
    assert!(text.ends_with("; joker: widow; widow: JK"), "{text}");
    for bad in ["X", "NE", ""] {
        let t = text.replace("joker: widow", &format!("joker: {bad}"));
        assert!(g.parse_deal(&t).is_err(), "{t}");
    }
}

/// Broken positions, each of which the invariant check must refuse.
#[test]
fn broken_positions_fail_the_invariants() {
    use crate::games::common::testing::assert_each_corruption_refused as check;
    // Moves `card` from seat `from` to seat `to`, the hands rebuilt in the state's order.
    fn move_card(s: &mut HasenpfefferState, c: &str, from: usize, to: usize) {
        let mut hands = s.play.hands_array::<4>();
        assert!(hands[from].remove(card(c)));
        hands[to].insert(card(c));
        s.play = Hasenpfeffer::rebuild(&hands, s.play.to_play(), *s.play.order());
    }
    let g = game(&[]);

    // Bidding.
    let bid = position(&g, HANDS);
    check(
        &g,
        &bid,
        &[
            ("a hand neither made nor set", |s| s.tally.made += 1),
            ("a side at the target", |s| s.scores = [10, 3]),
            ("the widow taken while bidding", |s| {
                let mut hands = s.play.hands_array::<4>();
                hands[0].insert(card("9H"));
                s.play = Hasenpfeffer::rebuild(&hands, Seat::new(0), *s.play.order());
            }),
        ],
    );

    // The declarer (seat 1) names trumps.
    let mut trump = position(&g, HANDS);
    apply_all(&g, &mut trump, &[A::Pass, A::Bid(2), A::Pass, A::Pass]);
    check(
        &g,
        &trump,
        &[
            ("the declarer short of a card", |s| move_card(s, "QC", 1, 0)),
            ("a card out of play", |s| {
                let mut hands = s.play.hands_array::<4>();
                hands[1].remove(card("QC"));
                s.play = Hasenpfeffer::rebuild(&hands, Seat::new(1), *s.play.order());
            }),
            ("no declarer", |s| s.auction = Auction::new(Seat::new(0), 4)),
            ("a contract above six", |s| s.auction.force(Seat::new(1), 7)),
            ("a forced bid without the joker", |s| s.forced = true),
        ],
    );
    // Under `min_bid=3` a contract of two is out of range.
    let g3 = game(&["min_bid=3"]);
    assert!(g3.check_invariants(&trump).is_err());

    // All passed: seat 0 holds the joker and is held to three.
    let mut forced = position(&g, HANDS);
    apply_all(&g, &mut forced, &[A::Pass; 4]);
    check(
        &g,
        &forced,
        &[
            ("the forced bidder without the joker", |s| {
                move_card(s, "JK", 0, 1);
                move_card(s, "QC", 1, 0);
            }),
            ("a forced bid above six", |s| {
                s.auction.force(Seat::new(0), 7)
            }),
        ],
    );

    // Seat 1 plays hearts, the 9C discarded.
    let mut play = trump.clone();
    apply_all(
        &g,
        &mut play,
        &[A::Trump(Suit::Hearts), A::Discard(card("9C"))],
    );
    check(
        &g,
        &play,
        &[
            ("play without trumps", |s| s.trump = None),
            ("another trump named", |s| s.trump = Some(Suit::Spades)),
            ("the joker discarded", |s| {
                let mut hands = s.play.hands_array::<4>();
                hands[0].remove(Card::JOKER);
                hands[0].insert(card("9C"));
                s.play = Hasenpfeffer::rebuild(&hands, Seat::new(1), *s.play.order());
            }),
            ("a side at the target", |s| s.scores = [0, 10]),
        ],
    );
}

/// The options read back as set.
#[test]
fn max_deals_reads_back() {
    assert_eq!(game(&["max_deals=7"]).max_deals(), 7);
    assert_eq!(game(&[]).max_deals(), 500);
}

/// The observation text: the hands while bidding and naming trumps; the trick line once the
/// cards are played (the declarer to lead); the shown joker after all passed.
#[test]
fn the_text_shows_the_trick_once_the_cards_are_played() {
    use crate::encoding::Encoding;
    let g = game(&[]);
    let mut s = position(&g, HANDS);
    apply_all(&g, &mut s, &[A::Pass, A::Bid(2), A::Pass, A::Pass]);
    apply_all(&g, &mut s, &[A::Trump(Suit::Hearts)]);
    let text = g.observation_string(&g.observe(&s, Seat::new(0)));
    assert!(!text.contains("trick"), "{text}");
    apply_all(&g, &mut s, &[A::Discard(card("9C"))]);
    let text = g.observation_string(&g.observe(&s, Seat::new(0)));
    assert!(text.contains("trick: -, 1 to lead"), "{text}");
    let mut s = position(&g, HANDS);
    apply_all(&g, &mut s, &[A::Pass; 4]);
    let text = g.observation_string(&g.observe(&s, Seat::new(2)));
    assert!(text.contains("joker: shown"), "{text}");
}

/// Determinizations deal the unseen cards at random: while bidding the joker may be the widow
/// like any unseen card; in play the declarer's unseen discard is never the joker.
#[test]
fn determinizations_place_the_widow_and_the_discard_as_the_rules_allow() {
    let g = game(&[]);
    let mut rng = ChaCha8Rng::seed_from_u64(4);
    // Seat 1 sees neither the joker (seat 0's) nor the widow: over 400 determinizations the
    // joker is the widow about one time in 19.
    let s = position(&g, HANDS);
    let obs = g.observe(&s, Seat::new(1));
    let widows = (0..400)
        .filter(|_| g.determinize(&obs, &mut rng).stub().contains(Card::JOKER))
        .count();
    assert!((5..=50).contains(&widows), "{widows}");
    // Seat 1 declares, seat 0 (the joker) sees no discard.
    let s = seat_one_declares_hearts(&g, [0, 0], 2);
    // Seat 2 sees neither the joker nor the discard: the joker goes to seat 0, 1 or 3 (six
    // unseen cards each), never to the discard; no bid was forced, so the declarer (seat 1)
    // is not known to hold it.
    let obs = g.observe(&s, Seat::new(2));
    let mut with_declarer = 0;
    for _ in 0..300 {
        let d = g.determinize(&obs, &mut rng);
        assert!(!d.stub().contains(Card::JOKER));
        g.check_invariants(&d).unwrap();
        with_declarer += usize::from(d.play().hand(Seat::new(1)).contains(Card::JOKER));
    }
    assert!((50..=150).contains(&with_declarer), "{with_declarer}");
}
