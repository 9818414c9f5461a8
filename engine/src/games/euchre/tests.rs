use super::*;
use crate::conformance;
use crate::deal_text::DealText;
use crate::encoding::{Encoding, Tensor};
use crate::tricks::testing::{apply_all, assert_deal_texts_read_back, play_strongest};
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
    relay(g, &mut s, hands, upcard);
    s
}

/// Replaces the cards of a hand not yet bid on (whoever deals it) with these hands (by seat)
/// and upcard, the rest in the stub; the dealer's left to speak and lead.
fn relay(g: &Euchre, s: &mut EuchreState, hands: [&str; 4], upcard: &str) {
    assert_eq!(s.phase(), Phase::Order);
    let hands = hands.map(cards);
    s.upcard = card(upcard);
    s.play = TrickPlay::new(
        4,
        &hands,
        s.dealer().next(4),
        CardOrder::euchre(s.upcard.suit(), None),
        Obligation::FollowSuit,
    )
    .with_deck(g.deck());
    g.check_invariants(s).unwrap();
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

/// The deal text reads back for both decks; the kitty is the stub less the upcard; a short
/// hand, a card twice (in the kitty too, or the upcard again), a card outside the deck and a
/// missing field are refused.
#[test]
fn the_deal_text_reads_back() {
    for params in [&[][..], &["deck=24"]] {
        let g = game(params);
        assert_deal_texts_read_back(&g);
        for seed in 0..5 {
            let s = g.deal(&mut ChaCha8Rng::seed_from_u64(seed));
            let text = g.print_deal(&s);
            assert!(
                text.contains(&format!("; upcard: {}; kitty: ", s.upcard())),
                "{text}"
            );
            let (_, kitty) = text.split_once("; kitty: ").unwrap();
            let kitty: CardSet = kitty.parse().unwrap();
            assert_eq!(
                kitty,
                s.stub(g.deck()) - CardSet::from_card(s.upcard()),
                "{text}"
            );
        }
    }
    let g = game(&[]);
    let s = g.deal(&mut ChaCha8Rng::seed_from_u64(3));
    let text = g.print_deal(&s);
    let seat0 = s.play().hand(Seat::new(0));
    let c = seat0.iter().next().unwrap();
    let mut short = s.clone();
    short
        .play
        .set_hand(Seat::new(0), seat0 - CardSet::from_card(c));
    let short = g.print_deal(&short);
    assert!(g.parse_deal(&short).is_err(), "{short}");
    assert!(g.parse_deal(&format!("{text} {c}")).is_err());
    assert!(g.parse_deal(&format!("{text} {}", s.upcard())).is_err());
    // The 32-card deal has sevens and eights, which the 24-card deck has not.
    assert!(game(&["deck=24"]).parse_deal(&text).is_err());
    let (no_kitty, _) = text.split_once("; kitty: ").unwrap();
    assert!(g.parse_deal(no_kitty).is_err());
}

/// Every invariant, broken alone in a real position, is refused; the real positions (the
/// dealer discarding, trumps ordered up and called, a lone hand against a lone defender, the
/// upcard played) pass.
#[test]
fn broken_states_fail_the_invariants() {
    let g = game(&["lone_defender=true"]);
    let fresh = position(&g, HANDS, "QD");
    let mut pickup = fresh.clone();
    apply_all(&g, &mut pickup, &[A::Pass, A::OrderUp]);
    let mut alone = pickup.clone();
    apply_all(&g, &mut alone, &[A::Discard(card("7D"))]);
    let mut play = alone.clone();
    apply_all(&g, &mut play, &[A::WithPartner]);
    let mut upcard_played = play.clone();
    // Seat 0 leads the A♥; the dealer, void in hearts, trumps with the upcard.
    apply_all(
        &g,
        &mut upcard_played,
        &["AH", "7H", "9H", "QD"].map(|c| A::Play(card(c))),
    );
    assert!(!upcard_played.taken_up);
    let mut called = fresh.clone();
    apply_all(&g, &mut called, &[A::Pass; 4]);
    apply_all(&g, &mut called, &[A::Call(Suit::Spades)]);
    let mut lone = called.clone();
    apply_all(&g, &mut lone, &[A::Alone, A::DefendAlone]);
    assert_eq!(lone.play().active(), SeatMask(0b0011));

    let bad = |what: &str, base: &EuchreState, edit: &dyn Fn(&mut EuchreState)| {
        let mut s = base.clone();
        edit(&mut s);
        assert!(g.check_invariants(&s).is_err(), "{what} passes");
    };
    // Moves `c` from `from`'s hand to `to`'s (`None`: the stub).
    let give = |s: &mut EuchreState, c: &str, from: usize, to: Option<usize>| {
        let c = CardSet::from_card(card(c));
        let f = Seat::new(from);
        s.play.set_hand(f, s.play.hand(f) - c);
        if let Some(t) = to.map(Seat::new) {
            s.play.set_hand(t, s.play.hand(t) | c);
        }
    };
    bad("the record's deck not the game's", &fresh, &|s| {
        s.play = s.play.with_deck(game(&["deck=24"]).deck());
    });
    bad("a card short in the stub", &fresh, &|s| {
        give(s, "JS", 0, None);
    });
    bad("a dealer discarding from five cards", &pickup, &|s| {
        give(s, "7D", 3, Some(0));
    });
    bad("a stub short while the dealer discards", &pickup, &|s| {
        give(s, "JS", 0, None);
    });
    bad(
        "the taken-up upcard not in the dealer's hand",
        &alone,
        &|s| {
            let other = (s.stub(g.deck()) - cards("QD 7D")).iter().next().unwrap();
            give(s, "QD", 3, None);
            s.play.set_hand(
                Seat::new(3),
                s.play.hand(Seat::new(3)) | CardSet::from_card(other),
            );
        },
    );
    bad("the upcard in another hand", &fresh, &|s| {
        give(s, "JS", 0, None);
        s.play
            .set_hand(Seat::new(0), s.play.hand(Seat::new(0)) | cards("QD"));
    });
    bad("the discard in a hand", &alone, &|s| {
        s.discard = Some(card("JS"))
    });
    bad("play without trumps", &play, &|s| s.trump = None);
    bad("a trump suit the card order does not have", &play, &|s| {
        s.trump = Some(Suit::Hearts);
    });
    bad("a lone hand with the partner playing", &play, &|s| {
        s.alone = true
    });
    bad("a lone defender's partner playing", &lone, &|s| {
        s.lone_defender = None;
    });
    bad("the turned-down suit called", &called, &|s| {
        s.trump = Some(Suit::Diamonds);
    });
    bad("play on after the target", &fresh, &|s| s.scores = [5, 0]);
    bad("play on after the target, team 1", &upcard_played, &|s| {
        s.scores = [4, 6];
    });
}

/// The accessors show the state: before and after a lone hand against a lone defender is
/// made, each seat's own hand, the options read back and the partnerships.
#[test]
fn the_accessors_show_the_state() {
    let g = game(&["lone_defender=true", "max_deals=7", "target=9"]);
    assert_eq!((g.max_deals(), g.target()), (7, 9));
    assert_eq!(game(&[]).max_deals(), 500);
    let mut s = position(&g, HANDS, "QH");
    assert_eq!(
        (s.alone(), s.lone_defender(), s.trump(), s.maker()),
        (false, None, None, None)
    );
    assert_eq!(
        (s.phase(), s.upcard(), s.dealer()),
        (Phase::Order, card("QH"), Seat::new(3))
    );
    for seat in Seat::all(4) {
        let obs = g.observe(&s, seat);
        assert_eq!(obs.hand(), cards(HANDS[seat.index()]));
        assert_eq!(g.team(seat), seat.index() % 2);
        assert_eq!(TrickTaking::teams(&g).team(seat), seat.index() % 2);
    }
    apply_all(&g, &mut s, &[A::Pass; 4]);
    apply_all(&g, &mut s, &[A::Call(Suit::Spades), A::Alone]);
    assert!(s.alone());
    assert_eq!(s.lone_defender(), None);
    apply_all(&g, &mut s, &[A::DefendAlone]);
    assert_eq!(
        (s.alone(), s.lone_defender(), s.trump(), s.maker()),
        (
            true,
            Some(Seat::new(1)),
            Some(Suit::Spades),
            Some(Seat::new(0))
        )
    );
    assert_eq!((s.phase(), s.discard(), s.deals()), (Phase::Play, None, 0));
    let obs = g.observe(&s, Seat::new(1));
    assert_eq!((obs.alone, obs.lone_defender), (true, Some(Seat::new(1))));
    assert_eq!(obs.hand(), cards(HANDS[1]));
}

/// The statistics, column by column, over a scripted game: a deal passed out, a march by the
/// dealer's side, a lone hand euchred by a lone defender (the dealer's side making), and a
/// lone march after the dealer took up the upcard.
#[test]
fn stats_count_every_column() {
    let g = game(&["lone_defender=true", "target=100"]);
    let names = Euchre::INFO.stats;
    let mut out = vec![7.0];
    let stats = |s: &EuchreState, out: &mut Vec<f64>| {
        g.stats(s, out);
        assert_eq!(out.len(), names.len());
    };
    let col = |out: &[f64], name: &str| out[names.iter().position(|&n| n == name).unwrap()];
    let mut s = position(&g, HANDS, "QH");
    stats(&s, &mut out);
    assert_eq!(out, vec![0.0; names.len()]);
    // Deal 1 (dealer 3): everyone passes twice.
    apply_all(&g, &mut s, &[A::Pass; 8]);
    // Deal 2 (dealer 0): the dealer names spades in round 2 and marches with his partner.
    assert_eq!(s.dealer(), Seat::new(0));
    relay(&g, &mut s, HANDS, "QH");
    apply_all(&g, &mut s, &[A::Pass; 7]);
    apply_all(&g, &mut s, &[A::Call(Suit::Spades), A::WithPartner]);
    play_strongest(&g, &mut s);
    assert_eq!(s.scores(), [2, 0]);
    // Deal 3 (dealer 1): seat 3 calls diamonds alone with nothing; seat 0 defends alone.
    relay(
        &g,
        &mut s,
        [
            "AD KD QD TD AH",
            "7C 7H 8H 9H 8S",
            "7D AS KS QS 8D",
            "9S JD JH 9C 8C",
        ],
        "QH",
    );
    apply_all(&g, &mut s, &[A::Pass; 5]);
    apply_all(
        &g,
        &mut s,
        &[A::Call(Suit::Diamonds), A::Alone, A::DefendAlone],
    );
    assert_eq!(s.play().active(), SeatMask(0b1001));
    play_strongest(&g, &mut s);
    assert_eq!(s.scores(), [6, 0]);
    // Deal 4 (dealer 2): seat 3 orders up the Q♠, the dealer discards, seat 3 goes alone, both
    // defenders pass, and the right and left bowers, A♠ K♠ and A♥ take all five.
    relay(
        &g,
        &mut s,
        [
            "7S 8S 9S 7H 8H",
            "QD TD 9H TH JH",
            "7D 8D 9D KD JD",
            "JS JC AS KS AH",
        ],
        "QS",
    );
    apply_all(
        &g,
        &mut s,
        &[
            A::OrderUp,
            A::Discard(card("7D")),
            A::Alone,
            A::Pass,
            A::Pass,
        ],
    );
    play_strongest(&g, &mut s);
    assert_eq!(s.scores(), [6, 4]);
    assert_eq!(s.deals(), 4);
    stats(&s, &mut out);
    let want = [
        ("hands", 3.0),
        ("redeals", 1.0),
        ("euchres", 1.0),
        ("marches", 2.0),
        ("lone_hands", 2.0),
        ("lone_marches", 1.0),
        ("lone_defences", 1.0),
        ("makers_points", 6.0),
        ("dealer_side_makes", 2.0),
        ("points_team0", 6.0),
        ("points_team1", 4.0),
    ];
    for (name, v) in want {
        assert_eq!(col(&out, name), v, "{name}");
    }
    assert_eq!(want.len(), names.len());
}

/// The trick view: the card play only while cards are played (not while trumps are made,
/// between hands or at the end), each action's card (a discard is none), the partnerships;
/// every move public but the discard; the moves' names.
#[test]
fn the_trick_view_and_the_moves_names() {
    let g = game(&["target=1"]);
    let mut s = position(&g, HANDS, "QH");
    assert!(g.trick_play(&s).is_none());
    apply_all(&g, &mut s, &[A::Pass; 4]);
    apply_all(&g, &mut s, &[A::Call(Suit::Spades)]);
    assert!(g.trick_play(&s).is_none());
    apply_all(&g, &mut s, &[A::WithPartner]);
    assert_eq!(g.trick_play(&s).map(|p| p.to_play()), Some(Seat::new(0)));
    assert_eq!(TrickTaking::teams(&g), Teams::alternating(4, 2));
    play_strongest(&g, &mut s);
    assert_eq!(s.phase(), Phase::Over);
    assert!(g.trick_play(&s).is_none());
    // Between hands of a longer game.
    let g = game(&[]);
    let mut s = position(&g, HANDS, "QH");
    apply_all(&g, &mut s, &[A::Pass; 4]);
    apply_all(&g, &mut s, &[A::Call(Suit::Spades), A::WithPartner]);
    play_strongest(&g, &mut s);
    assert_eq!((s.phase(), s.deals()), (Phase::Order, 1));
    assert!(g.trick_play(&s).is_none());

    let c = card("TD");
    assert_eq!(<Euchre as TrickTaking>::card(A::Play(c)), Some(c));
    assert_eq!(<Euchre as TrickTaking>::card(A::Discard(c)), None);
    assert_eq!(<Euchre as TrickTaking>::card(A::Pass), None);
    let named = [
        (A::Pass, "pass"),
        (A::OrderUp, "order-up"),
        (A::Discard(c), "discard TD"),
        (A::Keep, "keep"),
        (A::Call(Suit::Hearts), "call H"),
        (A::Alone, "alone"),
        (A::WithPartner, "with-partner"),
        (A::DefendAlone, "defend-alone"),
        (A::Play(c), "TD"),
    ];
    for (a, name) in named {
        assert_eq!(a.to_string().replace('♥', "H"), name);
        for viewer in Seat::all(4) {
            let seen = g.observe_action(&s, a, viewer);
            assert_eq!(seen, Some(a).filter(|_| !matches!(a, A::Discard(_))));
        }
    }
}

/// The observation's scalars from the observer's side: the scores over `target` (ours
/// first), the deals over ten, the seat to decide only while trumps are made; the text shows
/// who decides while trumps are made and the trick once cards are played.
#[test]
fn the_observation_scales_scores_and_deals_from_the_observers_side() {
    let g = game(&["target=8"]);
    let mut s = position(&g, HANDS, "QH");
    s.scores = [3, 1];
    s.deals = 2;
    let encode = |s: &EuchreState, seat: usize| {
        let mut t = Tensor::new();
        g.encode_observation(&g.observe(s, Seat::new(seat)), &mut t);
        t
    };
    let t = encode(&s, 1);
    assert_eq!(t.get("scores").unwrap(), &[1.0 / 8.0, 3.0 / 8.0]);
    assert_eq!(t.get("deals").unwrap(), &[0.2]);
    // Seat 0 to decide: three places to seat 1's left.
    assert_eq!(t.get("turn").unwrap(), &[0.0, 0.0, 0.0, 1.0]);
    let t = encode(&s, 2);
    assert_eq!(t.get("scores").unwrap(), &[3.0 / 8.0, 1.0 / 8.0]);
    let text = g.observation_string(&g.observe(&s, Seat::new(1)));
    assert!(text.contains("to decide: "), "{text}");
    assert!(!text.contains("trick"), "{text}");
    apply_all(&g, &mut s, &[A::Pass; 4]);
    apply_all(&g, &mut s, &[A::Call(Suit::Spades), A::WithPartner]);
    let t = encode(&s, 1);
    assert_eq!(t.get("turn").unwrap(), &[0.0; 4]);
    let text = g.observation_string(&g.observe(&s, Seat::new(1)));
    assert!(!text.contains("to decide: "), "{text}");
    assert!(
        text.contains("trick: ") && text.contains("tricks won: "),
        "{text}"
    );
}

/// Determinizations in every phase of a hand, for every seat, are positions the observer
/// cannot tell from the real one, and the dealer has a face-down discard in them exactly when
/// he has one: not before he takes the upcard up, nor when he declines it or trumps are
/// called; after he discards, also once he has played the upcard.
#[test]
fn determinizations_have_a_discard_exactly_when_the_dealer_made_one() {
    let g = game(&[]);
    let fresh = position(&g, HANDS, "QD");
    let mut pickup = fresh.clone();
    apply_all(&g, &mut pickup, &[A::Pass, A::OrderUp]);
    let mut discarded = pickup.clone();
    apply_all(&g, &mut discarded, &[A::Discard(card("7D"))]);
    let mut upcard_played = discarded.clone();
    apply_all(&g, &mut upcard_played, &[A::WithPartner]);
    apply_all(
        &g,
        &mut upcard_played,
        &["AH", "7H", "9H", "QD"].map(|c| A::Play(card(c))),
    );
    let mut kept = fresh.clone();
    apply_all(
        &g,
        &mut kept,
        &[A::Pass, A::Pass, A::Pass, A::OrderUp, A::Keep],
    );
    let mut called = fresh.clone();
    apply_all(&g, &mut called, &[A::Pass; 4]);
    apply_all(&g, &mut called, &[A::Call(Suit::Spades), A::WithPartner]);
    let mut rng = ChaCha8Rng::seed_from_u64(6);
    for s in [fresh, pickup, discarded, upcard_played, kept, called] {
        for seat in Seat::all(4) {
            let obs = g.observe(&s, seat);
            for _ in 0..20 {
                let d = g.determinize(&obs, &mut rng);
                g.check_invariants(&d).unwrap();
                assert_eq!(g.observe(&d, seat), obs);
                assert_eq!(
                    d.discard().is_some(),
                    s.discard().is_some(),
                    "{:?} seen by {seat}",
                    s.phase()
                );
            }
        }
    }
}

/// The ids of the module docs' table: every card its index, each other action its own id
/// from 64 on, so a policy head of `num_distinct_actions` outputs means one action per id.
#[test]
fn action_ids_follow_the_documented_table() {
    let g = game(&[]);
    assert_eq!(g.num_distinct_actions(), 74);
    for c in ["9C", "JD", "AS"].map(card) {
        assert_eq!(g.action_id(A::Play(c)), c.index());
        assert_eq!(g.action_id(A::Discard(c)), c.index());
    }
    assert_eq!(g.action_id(A::Play(card("AS"))), 63);
    let calls = Suit::ALL.map(|s| g.action_id(A::Call(s)));
    assert_eq!(calls, [67, 68, 69, 70]);
    let others = [
        A::Pass,
        A::OrderUp,
        A::Keep,
        A::Alone,
        A::WithPartner,
        A::DefendAlone,
    ];
    assert_eq!(others.map(|a| g.action_id(a)), [64, 65, 66, 71, 72, 73]);
}
