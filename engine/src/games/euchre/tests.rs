use super::*;
use crate::conformance;
use crate::tricks::testing::{apply_all, play_strongest};
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;
use EuchreAction as A;

fn game(params: &[&str]) -> Euchre {
    Euchre::new(4, &Params::parse(params).unwrap()).unwrap()
}

fn cards(s: &str) -> CardSet {
    s.parse().unwrap()
}

fn card(s: &str) -> Card {
    s.parse().unwrap()
}

/// A fresh hand (dealer seat 3) with these hands and upcard, the rest in the stub.
fn position(g: &Euchre, hands: [&str; 4], upcard: &str) -> EuchreState {
    let mut s = g.deal(&mut ChaCha8Rng::seed_from_u64(0));
    let hands = hands.map(cards);
    s.upcard = card(upcard);
    s.play = TrickPlay::new(
        4,
        &hands,
        Seat::new(0),
        CardOrder::euchre(s.upcard.suit(), None),
        Obligation::FollowSuit,
    )
    .with_deck(g.deck());
    g.check_invariants(&s).unwrap();
    s
}

/// Hands for a 32-card game: seat 0 strong in spades.
const HANDS: [&str; 4] = [
    "JS JC AS KS AH",
    "7S 8S 9S 7H 8H",
    "QS TS 9H TH JH",
    "7D 8D 9D TD JD",
];

#[test]
fn conformance_random_games_every_variant() {
    for params in [
        &[][..],
        &["deck=24"],
        &["stick_the_dealer=true"],
        &["dealer_pickup=mandatory"],
        &["lone_defender=true", "target=10"],
        &[
            "deck=24",
            "stick_the_dealer=true",
            "lone_defender=true",
            "dealer_pickup=mandatory",
        ],
        &["max_deals=3"],
    ] {
        let g = game(params);
        let report = conformance::random_games(&g, 0..25, 100_000);
        assert_eq!(report.games, 25);
        assert!(report.determinizations > 0);
        for s in &report.stats {
            let (p0, p1) = (s[9], s[10]);
            if g.max_deals() > 3 {
                assert!(p0 >= f64::from(g.target()) || p1 >= f64::from(g.target()));
            }
            // hands = euchres + made hands; points add up.
            assert!(s[2] <= s[0] && s[3] <= s[0] && s[5] <= s[4]);
            let defenders = p0 + p1 - s[7];
            assert!(defenders >= 2.0 * s[2] && defenders <= 4.0 * s[2], "{s:?}");
        }
    }
}

#[test]
fn nth_legal_enumerates_the_legal_actions_in_every_phase() {
    // Every turn of random games of every rule variant: ordering up, the dealer's pickup
    // (discards, and keeping when optional), calling with and without stick-the-dealer, going
    // alone, defending alone and card play.
    for params in [
        &[][..],
        &[
            "deck=24",
            "stick_the_dealer=true",
            "dealer_pickup=mandatory",
        ],
        &["lone_defender=true", "target=10"],
    ] {
        let counted = conformance::counted_actions(&game(params), 0..200, 100_000);
        assert!(counted > 200 * 20, "{params:?}: {counted}");
    }
}

#[test]
fn params_are_checked() {
    let g = game(&[]);
    assert_eq!(g.deck().len(), 32);
    assert_eq!(g.target(), 5);
    assert!(!g.stick_the_dealer && !g.mandatory_pickup && !g.lone_defender);
    assert_eq!(
        game(&["deck=24"]).deck(),
        cards("9C TC JC QC KC AC 9D TD JD QD KD AD 9H TH JH QH KH AH 9S TS JS QS KS AS")
    );
    for bad in [
        &["deck=52"][..],
        &["target=0"],
        &["dealer_pickup=maybe"],
        &["alone=1"],
    ] {
        assert!(
            Euchre::new(4, &Params::parse(bad).unwrap()).is_err(),
            "{bad:?}"
        );
    }
    assert!(Euchre::new(3, &Params::new()).is_err());
}

#[test]
fn the_deal_gives_five_each_and_turns_the_upcard() {
    for (params, n) in [(&[][..], 32), (&["deck=24"][..], 24)] {
        let g = game(params);
        for seed in 0..20 {
            let s = g.deal(&mut ChaCha8Rng::seed_from_u64(seed));
            assert_eq!(s.dealer(), Seat::new(3));
            assert_eq!(g.to_move(&s), ToMove::Seat(Seat::new(0)));
            let mut all = CardSet::EMPTY;
            for seat in Seat::all(4) {
                assert_eq!(s.play().hand(seat).len(), 5);
                all |= s.play().hand(seat);
            }
            let stub = s.stub(g.deck());
            assert_eq!(stub.len(), n - 20);
            assert!(stub.contains(s.upcard()));
            assert!((all | stub) == g.deck());
            let obs = g.observe(&s, Seat::new(1));
            assert_eq!(obs.upcard, s.upcard());
            assert_eq!(obs.play.hand(Seat::new(0)), CardSet::EMPTY);
        }
    }
}

/// "If clubs were trump, the J♣ would be the right bower, and the J♠ would be the left bower":
/// right bower, left bower, then A, K, Q, 10, 9, 8, 7 of trumps; other suits ace high.
#[test]
fn the_bowers_rank_as_on_the_page() {
    let o = CardOrder::euchre(Suit::Clubs, None);
    let trumps = ["JC", "JS", "AC", "KC", "QC", "TC", "9C", "8C", "7C"];
    for w in trumps.windows(2) {
        assert!(o.strength(card(w[0])) > o.strength(card(w[1])), "{w:?}");
    }
    assert_eq!(o.suit_of(card("JS")), Suit::Clubs);
    assert_eq!(o.suit_of(card("JH")), Suit::Hearts);
    assert_eq!(
        (o.trump_cards() & CardSet::with_ranks(&Rank::ALL[5..])).len(),
        9
    );
    // In spades (the left bower's own suit) a player with only the J♠ need not follow spades.
    let g = game(&[]);
    let mut s = position(
        &g,
        [
            "AS KD QD TD 9D",
            "JS 7H 8H 9H TH",
            "8S 9S TS 7D 8D",
            "QS KS 7S JD AD",
        ],
        "JC",
    );
    apply_all(
        &g,
        &mut s,
        &[
            A::OrderUp,
            A::Discard(card("JD")),
            A::WithPartner,
            A::Play(card("AS")),
        ],
    );
    let mut legal = Vec::new();
    g.legal_actions(&s, &mut legal);
    assert_eq!(
        legal.len(),
        5,
        "seat 1 holds no spade: the J♠ is a club: {legal:?}"
    );
    // ... and the J♠ (a trump) beats the A♠ led.
    apply_all(
        &g,
        &mut s,
        &[
            A::Play(card("JS")),
            A::Play(card("8S")),
            A::Play(card("7S")),
        ],
    );
    assert_eq!(s.play().tricks_won(Seat::new(1)), 1);
}

/// The page's scoring table, literal figures.
#[test]
fn the_page_scoring_table() {
    assert_eq!(Euchre::hand_points(3, false, false), (true, 1));
    assert_eq!(Euchre::hand_points(4, false, false), (true, 1));
    assert_eq!(Euchre::hand_points(5, false, false), (true, 2));
    assert_eq!(Euchre::hand_points(3, true, false), (true, 1));
    assert_eq!(Euchre::hand_points(4, true, false), (true, 1));
    assert_eq!(Euchre::hand_points(5, true, false), (true, 4));
    for t in 0..3 {
        assert_eq!(Euchre::hand_points(t, false, false), (false, 2));
        assert_eq!(Euchre::hand_points(t, true, false), (false, 2));
        // Ruling: a lone defender who euchres a lone hand scores 4.
        assert_eq!(Euchre::hand_points(t, true, true), (false, 4));
    }
}

/// Seat 0 orders spades up holding both bowers and the A K of spades and the A of hearts: a
/// march with his partner is 2, alone 4.
#[test]
fn a_march_scores_two_and_a_lone_march_four() {
    let g = game(&["target=100"]);
    let mut s = position(&g, HANDS, "QH");
    // The upcard's suit is hearts here; round 1 passes, then seat 0 names spades.
    apply_all(&g, &mut s, &[A::Pass, A::Pass, A::Pass, A::Pass]);
    assert_eq!(s.phase(), Phase::Call);
    let mut legal = Vec::new();
    g.legal_actions(&s, &mut legal);
    assert_eq!(
        legal,
        vec![
            A::Pass,
            A::Call(Suit::Clubs),
            A::Call(Suit::Diamonds),
            A::Call(Suit::Spades)
        ]
    );
    apply_all(&g, &mut s, &[A::Call(Suit::Spades), A::WithPartner]);
    play_strongest(&g, &mut s);
    assert_eq!(s.scores(), [2, 0]);
    assert_eq!(
        (
            s.tally().marches,
            s.tally().lone_hands,
            s.tally().makers_points
        ),
        (1, 0, 2)
    );

    let mut s = position(&g, HANDS, "QH");
    apply_all(
        &g,
        &mut s,
        &[
            A::Pass,
            A::Pass,
            A::Pass,
            A::Pass,
            A::Call(Suit::Spades),
            A::Alone,
        ],
    );
    assert_eq!(s.play().active(), SeatMask(0b1011), "seat 2 sits out");
    assert_eq!(s.play().to_play(), Seat::new(0), "the dealer's left leads");
    play_strongest(&g, &mut s);
    assert_eq!(s.scores(), [4, 0]);
    assert_eq!((s.tally().lone_marches, s.tally().lone_hands), (1, 1));
    assert_eq!(s.dealer(), Seat::new(0), "the deal passes left");
}

/// Seat 1 makes diamonds with nothing: euchred, the defenders score 2 (4 with a lone
/// defender against a lone hand). Seat 0 sits out when seat 2 defends alone, so the
/// dealer's partner (seat 1) leads.
#[test]
fn euchres_score_two_or_four_and_the_lead_skips_a_seat_out() {
    let g = game(&["target=100"]);
    let hands = [
        "7D AS KS QS 8D",
        "9S JD JH 9C 8C",
        "AD KD QD TD AH",
        "7C 7H 8H 9H 8S",
    ];
    let mut s = position(&g, hands, "QH");
    apply_all(&g, &mut s, &[A::Pass; 4]);
    apply_all(
        &g,
        &mut s,
        &[A::Pass, A::Call(Suit::Diamonds), A::WithPartner],
    );
    assert_eq!(s.maker(), Some(Seat::new(1)));
    play_strongest(&g, &mut s);
    assert_eq!(s.tally().euchres, 1);
    assert_eq!(s.scores(), [2, 0]);

    let g = game(&["target=100", "lone_defender=true"]);
    let mut s = position(&g, hands, "QH");
    apply_all(&g, &mut s, &[A::Pass; 4]);
    apply_all(&g, &mut s, &[A::Pass, A::Call(Suit::Diamonds), A::Alone]);
    assert_eq!(s.phase(), Phase::Defend);
    assert_eq!(
        g.to_move(&s),
        ToMove::Seat(Seat::new(2)),
        "the maker's left first"
    );
    apply_all(&g, &mut s, &[A::DefendAlone]);
    assert_eq!(s.play().active(), SeatMask(0b0110), "seats 3 and 0 sit out");
    assert_eq!(
        s.play().to_play(),
        Seat::new(1),
        "the dealer's left sits out: his partner leads"
    );
    play_strongest(&g, &mut s);
    assert_eq!(s.scores(), [4, 0]);
    assert_eq!((s.tally().lone_defences, s.tally().euchres), (1, 1));
    // Both defenders may decline; then the three play.
    let mut s = position(&g, hands, "QH");
    apply_all(&g, &mut s, &[A::Pass; 4]);
    apply_all(
        &g,
        &mut s,
        &[A::Pass, A::Call(Suit::Diamonds), A::Alone, A::Pass],
    );
    assert_eq!(g.to_move(&s), ToMove::Seat(Seat::new(0)));
    apply_all(&g, &mut s, &[A::Pass]);
    assert_eq!(s.play().active(), SeatMask(0b0111));
}

/// Round 1: seat 1 orders up; the dealer takes the upcard and discards face down. Only the
/// dealer sees the discard; everyone knows the dealer holds the upcard until he plays it.
#[test]
fn ordering_up_and_the_hidden_discard() {
    let g = game(&[]);
    let mut s = position(&g, HANDS, "QD");
    apply_all(&g, &mut s, &[A::Pass, A::OrderUp]);
    assert_eq!(
        (s.phase(), s.trump(), s.maker()),
        (Phase::Pickup, Some(Suit::Diamonds), Some(Seat::new(1)))
    );
    assert_eq!(g.to_move(&s), ToMove::Seat(Seat::new(3)));
    let mut legal = Vec::new();
    g.legal_actions(&s, &mut legal);
    // The five original cards (not the upcard), or keep them.
    assert_eq!(legal.len(), 6);
    assert!(!legal.contains(&A::Discard(card("QD"))) && legal.contains(&A::Keep));
    assert_eq!(
        g.observe_action(&s, A::Discard(card("7D")), Seat::new(0)),
        None
    );
    assert_eq!(g.observe_action(&s, A::Keep, Seat::new(0)), Some(A::Keep));
    assert_eq!(
        g.observe_action(&s, A::OrderUp, Seat::new(0)),
        Some(A::OrderUp)
    );
    apply_all(&g, &mut s, &[A::Discard(card("7D"))]);
    assert_eq!(s.play().hand(Seat::new(3)), cards("8D 9D TD JD QD"));
    assert_eq!(s.discard(), Some(card("7D")));
    assert_eq!(g.observe(&s, Seat::new(3)).discard, Some(card("7D")));
    let obs = g.observe(&s, Seat::new(0));
    assert_eq!(obs.discard, None);
    assert!(obs.taken_up);
    let mut rng = ChaCha8Rng::seed_from_u64(4);
    let mut discard_seen = 0;
    for _ in 0..200 {
        let d = g.determinize(&obs, &mut rng);
        g.check_invariants(&d).unwrap();
        assert!(d.play().hand(Seat::new(3)).contains(card("QD")));
        assert_eq!(g.observe(&d, Seat::new(0)), obs);
        discard_seen += usize::from(d.discard() == Some(card("7D")));
    }
    assert!(
        discard_seen < 60,
        "the discard is not leaked: {discard_seen}"
    );
    // The dealer's own determinizations keep his discard in the stub.
    let obs = g.observe(&s, Seat::new(3));
    for _ in 0..100 {
        let d = g.determinize(&obs, &mut rng);
        assert!(d.stub(g.deck()).contains(card("7D")));
        assert_eq!(d.discard(), Some(card("7D")));
    }
    // Then the maker plays with his partner; seat 0 leads.
    apply_all(&g, &mut s, &[A::WithPartner]);
    assert_eq!(s.play().to_play(), Seat::new(0));
}

/// Ruling: the dealer may decline the ordered-up card (the page's "may decline"); the upcard
/// stays on the stub and trumps stand. `dealer_pickup=mandatory` forbids it.
#[test]
fn the_dealer_may_decline_unless_pickup_is_mandatory() {
    let g = game(&[]);
    let mut s = position(&g, HANDS, "QD");
    apply_all(
        &g,
        &mut s,
        &[A::Pass, A::Pass, A::Pass, A::OrderUp, A::Keep],
    );
    assert_eq!(s.maker(), Some(Seat::new(3)));
    assert_eq!(s.play().hand(Seat::new(3)), cards("7D 8D 9D TD JD"));
    assert!(s.stub(g.deck()).contains(card("QD")));
    assert_eq!(s.trump(), Some(Suit::Diamonds));
    let obs = g.observe(&s, Seat::new(2));
    let mut rng = ChaCha8Rng::seed_from_u64(5);
    for _ in 0..50 {
        let d = g.determinize(&obs, &mut rng);
        assert!(
            d.stub(g.deck()).contains(card("QD")),
            "the declined upcard is public"
        );
    }
    let g = game(&["dealer_pickup=mandatory"]);
    let mut s = position(&g, HANDS, "QD");
    apply_all(&g, &mut s, &[A::OrderUp]);
    let mut legal = Vec::new();
    g.legal_actions(&s, &mut legal);
    assert_eq!(legal.len(), 5);
    assert!(!legal.contains(&A::Keep));
}

/// Round 2: the turned-down suit cannot be named; when all four pass again the hand is void
/// and the player to the dealer's left deals a new one. `stick_the_dealer` forces the dealer.
#[test]
fn all_pass_redeals_and_stick_the_dealer() {
    let g = game(&[]);
    let mut s = position(&g, HANDS, "QD");
    apply_all(&g, &mut s, &[A::Pass; 4]);
    assert!(s.turned_down);
    let mut legal = Vec::new();
    g.legal_actions(&s, &mut legal);
    assert!(!legal.contains(&A::Call(Suit::Diamonds)));
    apply_all(&g, &mut s, &[A::Pass; 3]);
    g.legal_actions(&s, &mut legal);
    assert!(legal.contains(&A::Pass));
    apply_all(&g, &mut s, &[A::Pass]);
    assert_eq!(
        (s.dealer(), s.deals(), s.tally().redeals, s.tally().hands),
        (Seat::new(0), 1, 1, 0)
    );
    assert_eq!(g.to_move(&s), ToMove::Seat(Seat::new(1)));
    assert_eq!(s.scores(), [0, 0]);

    let g = game(&["stick_the_dealer=true"]);
    let mut s = position(&g, HANDS, "QD");
    apply_all(&g, &mut s, &[A::Pass; 7]);
    g.legal_actions(&s, &mut legal);
    assert_eq!(
        legal,
        vec![
            A::Call(Suit::Clubs),
            A::Call(Suit::Hearts),
            A::Call(Suit::Spades)
        ]
    );
}

/// `max_deals` stops a game that might not end: all-pass deals count; equal scores draw.
#[test]
fn max_deals_ends_an_unending_game_as_a_draw() {
    let g = game(&["max_deals=2"]);
    let mut s = g.deal(&mut ChaCha8Rng::seed_from_u64(3));
    apply_all(&g, &mut s, &[A::Pass; 8]);
    assert_ne!(g.to_move(&s), ToMove::Over);
    apply_all(&g, &mut s, &[A::Pass; 8]);
    assert_eq!(g.to_move(&s), ToMove::Over);
    let o = g.outcome(&s).unwrap();
    assert_eq!(o[Seat::new(0)].win, 0.25);
    assert_eq!(g.move_cap(), Some(64));
}

/// The game ends as soon as a side reaches the target: from 4-4 a march wins 6-4.
#[test]
fn the_game_ends_at_the_target() {
    let g = game(&[]);
    let mut s = position(&g, HANDS, "QH");
    s.scores = [4, 4];
    apply_all(&g, &mut s, &[A::Pass; 4]);
    apply_all(&g, &mut s, &[A::Call(Suit::Spades), A::WithPartner]);
    play_strongest(&g, &mut s);
    assert_eq!(g.to_move(&s), ToMove::Over);
    assert_eq!(s.scores(), [6, 4]);
    let o = g.outcome(&s).unwrap();
    assert_eq!(
        (
            o[Seat::new(0)].win,
            o[Seat::new(2)].win,
            o[Seat::new(1)].win
        ),
        (0.5, 0.5, 0.0)
    );
}

/// Known counts from a fixed deal, derived by hand: depth 1, pass or order (2); depth 2, after
/// a pass 2, after an order the dealer's 5 discards or keep (6): 8; depth 3: pass-pass 2,
/// pass-order 6, order then 6 x (alone or not) 12: 20; depth 4: 2 + 6 + 12 + 6 x 2 x 5 (the
/// leader's five cards): 80. In play, each line of a trick is the leader's card times, for each
/// follower, the cards of the led (effective) suit or the whole hand if void.
#[test]
fn perft_known_counts() {
    let g = game(&[]);
    let s = position(&g, HANDS, "QD");
    assert_eq!(
        conformance::perft::perft_table(&g, &s, 4),
        vec![2, 8, 20, 80]
    );
    let g = game(&["dealer_pickup=mandatory", "lone_defender=true"]);
    // Mandatory: 5 discards; then alone (2), and after alone two defenders (Pass twice or
    // defend alone): depth 3: 2 + 5 + 10 = 17.
    assert_eq!(conformance::perft::perft(&g, &s, 3), 17);

    // The first trick with spades trumps, seat 0 leading.
    let g = game(&[]);
    let mut s = position(&g, HANDS, "QH");
    apply_all(&g, &mut s, &[A::Pass; 4]);
    apply_all(&g, &mut s, &[A::Call(Suit::Spades), A::WithPartner]);
    let o = *s.play().order();
    let hands: Vec<CardSet> = Seat::all(4).map(|x| s.play().hand(x)).collect();
    let mut expect = 0;
    for lead in hands[0] {
        let suit = o.suit_of(lead);
        let mut n = 1;
        for h in &hands[1..] {
            let follow = *h & o.suit_cards(suit);
            n *= if follow.is_empty() {
                h.len()
            } else {
                follow.len()
            };
        }
        expect += n;
    }
    // By hand: a spade lead (JS JC AS KS: 4 cards) meets 3 spades, 2 spades, 0 (five
    // diamonds, the JD a diamond): 4 x 3 x 2 x 5 = 120; the AH meets 2, 3, 5: 30. 150.
    assert_eq!(expect, 150);
    assert_eq!(conformance::perft::perft(&g, &s, 4), 150);
}

/// The inactive partner's cards stay in his hand, hidden to the others and out of play.
#[test]
fn the_lone_partner_sits_out_with_his_cards() {
    let g = game(&[]);
    let mut s = position(&g, HANDS, "QH");
    apply_all(&g, &mut s, &[A::Pass; 4]);
    apply_all(&g, &mut s, &[A::Call(Suit::Spades), A::Alone]);
    let mut rng = ChaCha8Rng::seed_from_u64(2);
    let mut legal = Vec::new();
    for _ in 0..14 {
        assert_ne!(g.to_move(&s), ToMove::Seat(Seat::new(2)));
        g.legal_actions(&s, &mut legal);
        let a = legal[0];
        g.apply(&mut s, a, &mut rng);
        g.check_invariants(&s).unwrap();
    }
    assert_eq!(s.play().hand(Seat::new(2)), cards(HANDS[2]));
    assert_eq!(s.deals(), 0);
    g.legal_actions(&s, &mut legal);
    g.apply(&mut s, legal[0], &mut rng);
    assert_eq!(s.deals(), 1);
}

/// The soak: a million random games (every variant in turn), the contract checked after every
/// move (`conformance::soak_variants`; `SOAK_GAMES=N` for another count). `cargo test --release -p cardsim-engine euchre_soak -- --ignored`.
#[test]
#[ignore = "a million games: run by hand"]
fn euchre_soak_a_million_random_games() {
    let variants = [
        game(&[]),
        game(&["deck=24", "stick_the_dealer=true"]),
        game(&["lone_defender=true", "dealer_pickup=mandatory"]),
        game(&["deck=24", "lone_defender=true", "target=10"]),
    ];
    conformance::soak_a_million("euchre", &variants);
}
