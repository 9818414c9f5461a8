use super::*;
use crate::conformance;
use crate::deal_text::DealText;
use crate::tricks::testing::apply_all;
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;
use NapAction as A;
use NapBid as B;

fn game(players: usize, params: &[&str]) -> Nap {
    Nap::new(players, &Params::parse(params).unwrap()).unwrap()
}

fn cards(s: &str) -> CardSet {
    s.parse().unwrap()
}

fn card(s: &str) -> Card {
    s.parse().unwrap()
}

/// A fresh hand (dealer the last seat) with these hands.
fn position(g: &Nap, hands: &[&str]) -> NapState {
    let n = g.players();
    let mut s = g.deal(&mut ChaCha8Rng::seed_from_u64(0));
    let hands: Vec<CardSet> = hands.iter().map(|h| cards(h)).collect();
    s.play = TrickPlay::new(
        n,
        &hands,
        Seat::new(0),
        g.mis_order(),
        Obligation::FollowSuit,
    )
    .with_deck(g.deck());
    g.check_invariants(&s).unwrap();
    s
}

fn plays(g: &Nap, s: &mut NapState, cards_: &str) {
    let list: Vec<NapAction> = cards_
        .split_whitespace()
        .map(|c| A::Play(card(c)))
        .collect();
    apply_all(g, s, &list);
}

#[test]
fn conformance_random_games_every_player_count_and_variant() {
    for players in 3..=7 {
        for params in [
            &[][..],
            &["joker=true"],
            &["joker=true", "all_pass=dealer", "top=nap"],
            &["top=wellington", "target=5"],
        ] {
            let g = game(players, params);
            let report = conformance::random_games(&g, 0..12, 100_000);
            assert_eq!(report.games, 12);
            for s in &report.stats {
                assert_eq!(s[2] + s[3], s[0]);
            }
        }
    }
}

#[test]
fn params_are_checked() {
    assert!(Nap::new(1, &Params::new()).is_err());
    // The page: "for three to seven players"; two are refused, naming the range.
    let two = Nap::new(2, &Params::new()).unwrap_err();
    assert_eq!(two.to_string(), "nap takes 3 to 7 players, not 2");
    assert!(Nap::new(8, &Params::new()).is_err());
    assert!(Nap::new(4, &Params::parse(&["top=four"]).unwrap()).is_err());
    assert!(Nap::new(4, &Params::parse(&["jokers=1"]).unwrap()).is_err());
    let g = game(3, &["joker=true", "target=50"]);
    assert!(g.joker() && g.target() == 50);
    assert!(!game(3, &[]).joker());
}

/// The page's decks: A-9 for three (24 cards), eights for four, sevens for five, and so on;
/// the joker adds one. Five cards each.
#[test]
fn the_deck_grows_with_the_players_and_five_cards_each() {
    let sizes: Vec<usize> = (3..=7).map(|n| Nap::deck_for(n, false).len()).collect();
    assert_eq!(sizes, [24, 28, 32, 36, 40]);
    assert_eq!(Nap::deck_for(4, true).len(), 29);
    assert!(!Nap::deck_for(3, false).contains(card("8S")));
    assert!(Nap::deck_for(7, false).contains(card("5S")));
    assert!(!Nap::deck_for(7, false).contains(card("4S")));
    for n in 3..=7 {
        let g = game(n, &["joker=true"]);
        let s = g.deal(&mut ChaCha8Rng::seed_from_u64(n as u64));
        for seat in Seat::all(n) {
            assert_eq!(s.play().hand(seat).len(), 5);
        }
        assert_eq!(g.to_move(&s), ToMove::Seat(Seat::new(0)));
        assert_eq!(s.dealer(), Seat::new(n - 1));
    }
}

/// The bid ladder, its credits, and overcalls: Wellington only over Nap, Blücher only over
/// Wellington; `top` removes them.
#[test]
fn the_bid_ladder_and_its_overcalls() {
    assert_eq!(NapBid::ALL.map(NapBid::credits), [2, 3, 3, 4, 10, 20, 40]);
    assert!(B::Three < B::Mis && B::Mis < B::Four);
    let g = game(4, &[]);
    let mut s = g.deal(&mut ChaCha8Rng::seed_from_u64(1));
    let mut legal = Vec::new();
    g.legal_actions(&s, &mut legal);
    assert_eq!(
        legal,
        [
            A::Pass,
            A::Bid(B::Two),
            A::Bid(B::Three),
            A::Bid(B::Mis),
            A::Bid(B::Four),
            A::Bid(B::Nap)
        ]
    );
    apply_all(&g, &mut s, &[A::Bid(B::Mis)]);
    g.legal_actions(&s, &mut legal);
    assert_eq!(legal, [A::Pass, A::Bid(B::Four), A::Bid(B::Nap)]);
    apply_all(&g, &mut s, &[A::Bid(B::Nap)]);
    g.legal_actions(&s, &mut legal);
    assert_eq!(legal, [A::Pass, A::Bid(B::Wellington)]);
    apply_all(&g, &mut s, &[A::Bid(B::Wellington)]);
    g.legal_actions(&s, &mut legal);
    assert_eq!(legal, [A::Pass, A::Bid(B::Blucher)]);
    apply_all(&g, &mut s, &[A::Pass]);
    assert_eq!(s.contract(), Some((Seat::new(2), B::Wellington)));
    assert_eq!(s.phase(), Phase::Play);
    assert_eq!(g.to_move(&s), ToMove::Seat(Seat::new(2)));

    let g = game(4, &["top=nap"]);
    let mut s = g.deal(&mut ChaCha8Rng::seed_from_u64(1));
    apply_all(&g, &mut s, &[A::Bid(B::Nap)]);
    g.legal_actions(&s, &mut legal);
    assert_eq!(legal, [A::Pass]);
}

/// All pass: the next dealer deals (or, with `all_pass=dealer`, the dealer may not pass).
#[test]
fn all_pass_redeals_or_the_dealer_must_bid() {
    let g = game(3, &[]);
    let mut s = g.deal(&mut ChaCha8Rng::seed_from_u64(2));
    apply_all(&g, &mut s, &[A::Pass; 3]);
    assert_eq!(s.tally().redeals, 1);
    assert_eq!(s.dealer(), Seat::new(0));
    assert_eq!(g.to_move(&s), ToMove::Seat(Seat::new(1)));
    let g = game(3, &["all_pass=dealer"]);
    let mut s = g.deal(&mut ChaCha8Rng::seed_from_u64(2));
    apply_all(&g, &mut s, &[A::Pass; 2]);
    let mut legal = Vec::new();
    g.legal_actions(&s, &mut legal);
    assert!(!legal.contains(&A::Pass) && legal[0] == A::Bid(B::Two));
}

/// The first card led makes trumps; follow suit; settling: made, every other player pays the
/// bid; lost, the bidder pays each.
#[test]
fn the_first_lead_makes_trumps_and_every_player_settles() {
    let g = game(3, &[]);
    let hands = ["AS KS QS AH 9D", "JS TS KH QH 9C", "9S JH TH AD KD"];
    let mut s = position(&g, &hands);
    apply_all(&g, &mut s, &[A::Bid(B::Three), A::Pass, A::Pass]);
    assert_eq!(g.to_move(&s), ToMove::Seat(Seat::new(0)));
    plays(&g, &mut s, "AS");
    assert_eq!(s.trump(), Some(Suit::Spades));
    // Seat 1 must follow spades.
    let mut legal = Vec::new();
    g.legal_actions(&s, &mut legal);
    assert_eq!(legal, [A::Play(card("TS")), A::Play(card("JS"))]);
    // Seat 0 draws trumps (seat 2 throws hearts), then cashes the AH; seat 2's KD takes the
    // last trick: four tricks to the bidder.
    plays(&g, &mut s, "JS 9S KS TS JH QS 9C TH AH");
    assert_eq!(
        s.trump(),
        Some(Suit::Spades),
        "only the first lead makes trumps"
    );
    plays(&g, &mut s, "KH AD 9D QH KD");
    assert_eq!(s.deals(), 1);
    // Three made with four tricks: each of the two others pays 3.
    assert_eq!(s.scores(), [6, -3, -3]);
    assert_eq!(s.tally().made, 1);
    assert_eq!(Nap::payment(B::Nap, 4), -10);
    assert_eq!(Nap::payment(B::Nap, 5), 10);
    assert_eq!(Nap::payment(B::Mis, 0), 3);
    assert_eq!(Nap::payment(B::Mis, 1), -3);
    assert_eq!(Nap::payment(B::Blucher, 5), 40);
    assert_eq!(Nap::payment(B::Two, 3), 2);
    // Each bid's fewest tricks: n tricks for Two, Three and Four, all five from Nap up, none
    // at mis.
    let fewest = |b: NapBid| (0..=HAND).find(|&t| b.made(t));
    assert_eq!(
        B::ALL.map(fewest),
        [
            Some(2),
            Some(3),
            Some(0),
            Some(4),
            Some(5),
            Some(5),
            Some(5)
        ]
    );
    for b in B::ALL {
        let made: Vec<usize> = (0..=HAND).filter(|&t| b.made(t)).collect();
        match b {
            B::Mis => assert_eq!(made, [0]),
            _ => assert_eq!(made, (fewest(b).unwrap()..=HAND).collect::<Vec<_>>()),
        }
    }
}

/// A lost Nap: the bidder pays every other player ten.
#[test]
fn a_lost_nap_pays_everyone_ten() {
    let g = game(4, &[]);
    let hands = [
        "AS KS QS AH 8D",
        "JS TS KH QH 9C",
        "9S JH TH AD KD",
        "8S 8H 9H AC KC",
    ];
    let mut s = position(&g, &hands);
    apply_all(&g, &mut s, &[A::Bid(B::Nap), A::Pass, A::Pass, A::Pass]);
    let mut legal = Vec::new();
    let mut rng = ChaCha8Rng::seed_from_u64(4);
    while s.deals() == 0 {
        g.legal_actions(&s, &mut legal);
        g.apply(&mut s, legal[legal.len() - 1], &mut rng);
        g.check_invariants(&s).unwrap();
    }
    // Seat 0 cannot take the 8D's trick against AD KD: Nap lost.
    assert_eq!(s.scores(), [-30, 10, 10, 10]);
    assert_eq!((s.tally().naps, s.tally().naps_made), (1, 0));
}

/// Mis is played without trumps; the joker is then a trump suit of its own: it wins any
/// trick it is played to, may be played only when void in the suit led, and a joker lead
/// leaves everyone free.
#[test]
fn mis_has_no_trumps_but_the_joker_trumps_alone() {
    let g = game(3, &["joker=true"]);
    let hands = ["9S TS JH QH 9D", "JK AS KH AD 9C", "KS QS AH TD KD"];
    let mut s = position(&g, &hands);
    apply_all(&g, &mut s, &[A::Bid(B::Mis), A::Pass, A::Pass]);
    plays(&g, &mut s, "9S");
    assert_eq!(s.trump(), None);
    let mut legal = Vec::new();
    g.legal_actions(&s, &mut legal);
    assert_eq!(legal, [A::Play(card("AS"))]); // must follow: not the joker
    plays(&g, &mut s, "AS KS");
    // Seat 1 won with the ace (no trumps) and leads the joker: nobody can follow.
    plays(&g, &mut s, "JK");
    g.legal_actions(&s, &mut legal);
    assert_eq!(legal.len(), 4);
    plays(&g, &mut s, "QS TS");
    assert_eq!(s.play().tricks_won(Seat::new(1)), 2);
    // Following a joker lead shows only that one holds no other joker-suit card.
    assert_eq!(
        s.play().record().excluded(Seat::new(2)),
        CardSet::from_card(Card::JOKER)
    );
    // The joker played on a diamond wins and shows a diamond void.
    let hands = ["9S TS JH QH 9D", "JK AS KH QS 9C", "KS AD AH TD KD"];
    let mut s = position(&g, &hands);
    apply_all(&g, &mut s, &[A::Bid(B::Mis), A::Pass, A::Pass]);
    plays(&g, &mut s, "9D JK KD");
    assert_eq!(s.play().tricks_won(Seat::new(1)), 1);
    assert!(s
        .play()
        .record()
        .excluded(Seat::new(1))
        .contains(card("AD")));
}

/// A trump hand: the joker is the highest trump; led first, the bidder names trumps.
#[test]
fn the_joker_led_first_lets_the_bidder_name_trumps() {
    let g = game(3, &["joker=true"]);
    let hands = ["JK AS KS QS AH", "JS TS KH QH 9C", "9S JH TH AD KD"];
    let mut s = position(&g, &hands);
    apply_all(&g, &mut s, &[A::Bid(B::Nap), A::Pass, A::Pass]);
    plays(&g, &mut s, "JK");
    assert_eq!(s.phase(), Phase::NameTrump);
    assert_eq!(g.to_move(&s), ToMove::Seat(Seat::new(0)));
    let mut legal = Vec::new();
    g.legal_actions(&s, &mut legal);
    assert_eq!(legal.len(), 4);
    apply_all(&g, &mut s, &[A::NameTrump(Suit::Spades)]);
    g.legal_actions(&s, &mut legal);
    assert_eq!(legal, [A::Play(card("TS")), A::Play(card("JS"))]);
    plays(&g, &mut s, "JS 9S");
    assert_eq!(s.play().tricks_won(Seat::new(0)), 1);
    // The joker beats the ace of trumps when trumps come from a suited lead too.
    let o = g.trump_order(Suit::Hearts);
    assert!(o.strength(Card::JOKER) > o.strength(card("AH")) && o.is_trump(Card::JOKER));
}

/// The game ends after the hand in which someone reaches the target; credits rank players.
#[test]
fn the_game_ends_at_the_target() {
    let g = game(3, &["target=6"]);
    let hands = ["AS KS QS AH 9D", "JS TS KH QH 9C", "9S JH TH AD KD"];
    let mut s = position(&g, &hands);
    apply_all(&g, &mut s, &[A::Bid(B::Three), A::Pass, A::Pass]);
    let mut legal = Vec::new();
    let mut rng = ChaCha8Rng::seed_from_u64(4);
    while g.to_move(&s) != ToMove::Over {
        g.legal_actions(&s, &mut legal);
        g.apply(&mut s, legal[legal.len() - 1], &mut rng);
        g.check_invariants(&s).unwrap();
        assert!(
            s.deals() == 0 || g.to_move(&s) == ToMove::Over,
            "one hand only"
        );
    }
    assert_eq!(s.scores(), [6, -3, -3]);
    let o = g.outcome(&s).unwrap();
    assert_eq!(o[Seat::new(0)].win, 1.0);
    assert_eq!(o[Seat::new(1)].place, 2);
}

/// Known counts, derived by hand. The auction with four players: each seat passes or bids
/// above the standing bid (Wellington only over Nap, Blücher only over Wellington). Counting
/// lines by the standing bid: f(k, h) = f(k-1, h) + sum over allowed b of f(k-1, b).
#[test]
fn perft_known_counts() {
    let g = game(4, &[]);
    fn allowed(high: u8) -> Vec<u8> {
        (high + 1..=7)
            .filter(|&b| match b {
                6 => high == 5,
                7 => high == 6,
                _ => true,
            })
            .collect()
    }
    fn lines(k: u32, high: u8) -> u64 {
        if k == 0 {
            return 1;
        }
        lines(k - 1, high)
            + allowed(high)
                .into_iter()
                .map(|b| lines(k - 1, b))
                .sum::<u64>()
    }
    let hands = [
        "AS KS QS AH 8D",
        "JS TS KH QH 9C",
        "9S JH TH AD KD",
        "8S 8H 9H AC KC",
    ];
    let s = position(&g, &hands);
    // By hand: depth 1: pass and five bids, 6; depth 2: after a pass 6, after Two 5, Three 4,
    // Mis 3, Four 2, Nap 2 (pass, Wellington): 22.
    assert_eq!(lines(1, 0), 6);
    assert_eq!(lines(2, 0), 22);
    let table = conformance::perft::perft_table(&g, &s, 3);
    assert_eq!(table, vec![lines(1, 0), lines(2, 0), lines(3, 0)]);
    // After Nap and three passes, seat 0 leads any of five, then followers: a spade lead
    // meets JS TS (2), 9S (1), 8S (1); AH meets KH QH (2), JH TH (2), 8H 9H (2); 8D meets no
    // diamond (5), AD KD (2), none (5). 3 x 2 + 8 + 50 = 64.
    let mut s = position(&g, &hands);
    apply_all(&g, &mut s, &[A::Bid(B::Nap), A::Pass, A::Pass, A::Pass]);
    assert_eq!(conformance::perft::perft(&g, &s, 4), 3 * 2 + 8 + 50);
}

/// The soak: a million random games over every player count, the contract checked after every
/// move (`conformance::soak_variants`; `SOAK_GAMES=N` for another count).
/// `cargo test --release -p cardsim-engine nap_soak -- --ignored`.
#[test]
#[ignore = "a million games: run by hand"]
fn nap_soak_a_million_random_games() {
    let variants = (3..=7)
        .flat_map(|n| [game(n, &[]), game(n, &["joker=true", "all_pass=dealer"])])
        .collect::<Vec<Nap>>();
    conformance::soak_a_million("nap", &variants);
}

#[test]
fn nth_legal_enumerates_the_legal_cards() {
    crate::tricks::testing::assert_counts_the_legal_actions::<Nap>();
}

/// Replaces the hands of the hand being bid (the seat left of the dealer leads).
fn set_hands(g: &Nap, s: &mut NapState, hands: &[&str]) {
    let n = g.players();
    assert_eq!(s.phase(), Phase::Bid);
    let hands: Vec<CardSet> = hands.iter().map(|h| cards(h)).collect();
    s.play = TrickPlay::new(
        n,
        &hands,
        s.dealer().next(n),
        g.mis_order(),
        Obligation::FollowSuit,
    )
    .with_deck(g.deck());
    g.check_invariants(s).unwrap();
}

/// Plays the rest of the hand with the last legal card each time, checking every state.
fn play_out_hand(g: &Nap, s: &mut NapState, rng: &mut ChaCha8Rng) {
    let deals = s.deals();
    let mut legal = Vec::new();
    while s.deals() == deals && g.to_move(s) != ToMove::Over {
        g.legal_actions(s, &mut legal);
        g.apply(s, legal[legal.len() - 1], rng);
        g.check_invariants(s).unwrap();
    }
}

/// The statistics count the game: a made *mis* (the bidder holds the lowest card of every
/// suit it has, and both others can beat each of them: it never wins a trick however anyone
/// plays), then a made Wellington (the bidder holds the five top spades and leads one:
/// spades are trumps), then the columns in the order `INFO.stats` names them.
#[test]
fn stats_count_mis_and_wellington_and_the_credits_moved() {
    let g = game(3, &["target=1000"]);
    let mut rng = ChaCha8Rng::seed_from_u64(7);
    let mut s = g.deal(&mut rng);
    set_hands(
        &g,
        &mut s,
        &["9S TS 9H 9D 9C", "JS QS TH TD TC", "KS AS JH JD JC"],
    );
    apply_all(&g, &mut s, &[A::Bid(B::Mis), A::Pass, A::Pass]);
    assert_eq!(s.trump(), None);
    play_out_hand(&g, &mut s, &mut rng);
    assert_eq!(s.scores(), [6, -3, -3]);
    assert_eq!(s.dealer(), Seat::new(0));
    set_hands(
        &g,
        &mut s,
        &["9S 9H TH 9D 9C", "JH QH KH AH TD", "AS KS QS JS TS"],
    );
    // Seat 1 speaks first: Nap, then seat 2 Wellington over it, seat 0 passes.
    apply_all(
        &g,
        &mut s,
        &[A::Bid(B::Nap), A::Bid(B::Wellington), A::Pass],
    );
    assert_eq!(s.contract(), Some((Seat::new(2), B::Wellington)));
    play_out_hand(&g, &mut s, &mut rng);
    assert_eq!(s.scores(), [6 - 20, -3 - 20, -3 + 40]);
    let t = *s.tally();
    assert_eq!(
        t,
        NapTally {
            hands: 2,
            redeals: 0,
            made: 2,
            lost: 0,
            mis: 1,
            naps: 1,
            naps_made: 1,
            wellingtons: 1,
            // Each of two others pays 3, then each of two others pays 20.
            credits_moved: 2 * 3 + 2 * 20,
        }
    );
    let mut out = vec![99.0];
    g.stats(&s, &mut out);
    let names = Nap::INFO.stats;
    assert_eq!(out.len(), names.len());
    let column = |name: &str| out[names.iter().position(|&n| n == name).unwrap()];
    assert_eq!(
        (
            column("hands"),
            column("made"),
            column("lost"),
            column("mis")
        ),
        (2.0, 2.0, 0.0, 1.0)
    );
    assert_eq!(
        (column("naps"), column("naps_made"), column("wellingtons")),
        (1.0, 1.0, 1.0)
    );
    assert_eq!((column("credits_moved"), column("redeals")), (46.0, 0.0));
    // A lost bid and a redeal count too.
    let mut s = g.deal(&mut rng);
    apply_all(&g, &mut s, &[A::Pass; 3]);
    set_hands(
        &g,
        &mut s,
        &["AS KS QS JS TS", "9S 9H TH 9D 9C", "JH QH KH AH TD"],
    );
    // Seat 1 (left of dealer 0) bids Two and leads its only spade: spades are trumps, and
    // seat 0 holds five higher ones, so it wins every trick.
    apply_all(&g, &mut s, &[A::Bid(B::Two), A::Pass, A::Pass]);
    plays(&g, &mut s, "9S");
    play_out_hand(&g, &mut s, &mut rng);
    assert_eq!(s.scores(), [2, -4, 2]);
    assert_eq!(
        (s.tally().lost, s.tally().made, s.tally().redeals),
        (1, 0, 1)
    );
    g.stats(&s, &mut out);
    assert_eq!(out, [1.0, 1.0, 0.0, 1.0, 0.0, 0.0, 0.0, 0.0, 4.0]);
}

/// Nap's deal text reads back for every player count, with and without the joker; the stub
/// is the deck less the hands; a short hand or a card twice is refused.
#[test]
fn the_deal_text_reads_back() {
    for n in 3..=7 {
        for joker in [&[][..], &["joker=true"]] {
            let g = game(n, joker);
            for seed in 0..4 {
                let s = g.deal(&mut ChaCha8Rng::seed_from_u64(seed));
                let text = crate::deal_text::round_trip(&g, &s).unwrap();
                let (_, stub) = text.split_once("; stub: ").unwrap();
                let stub: CardSet = stub.parse().unwrap_or(CardSet::EMPTY);
                assert_eq!(stub.len(), g.deck().len() - HAND * n, "{text}");
                for seat in Seat::all(n) {
                    assert!(stub.is_disjoint(s.play().hand(seat)));
                }
            }
        }
    }
    let g = game(3, &[]);
    let s = g.deal(&mut ChaCha8Rng::seed_from_u64(1));
    let text = g.print_deal(&s);
    // Move one card from seat 0's hand to the stub: four cards in that hand.
    let c = s.play().hand(Seat::new(0)).iter().next().unwrap();
    let short = text.replacen(&c.to_string(), "", 1) + &format!(" {c}");
    assert!(g.parse_deal(&short).is_err(), "{short}");
    assert!(g.parse_deal(&format!("{text} {c}")).is_err());
}

/// Every invariant, broken alone in a real state, is refused.
#[test]
fn broken_states_fail_the_invariants() {
    let g = game(3, &["target=20"]);
    let hands = ["AS KS QS AH 9D", "JS TS KH QH 9C", "9S JH TH AD KD"];
    let fresh = position(&g, &hands);
    let mut three = fresh.clone();
    apply_all(&g, &mut three, &[A::Bid(B::Three), A::Pass, A::Pass]);
    plays(&g, &mut three, "AS");
    g.check_invariants(&three).unwrap();
    let mut mis = fresh.clone();
    apply_all(&g, &mut mis, &[A::Bid(B::Mis), A::Pass, A::Pass]);
    plays(&g, &mut mis, "9D");
    g.check_invariants(&mis).unwrap();

    let broken: Vec<(&str, NapState)> = vec![
        ("deck", {
            let mut s = fresh.clone();
            s.play = s.play.with_deck(Nap::deck_for(4, false));
            s
        }),
        ("credits", {
            let mut s = fresh.clone();
            s.scores[0] = 1;
            s
        }),
        ("credits beyond the players", {
            let mut s = fresh.clone();
            s.scores[0] = -1;
            s.scores[3] = 1;
            s
        }),
        ("made and lost", {
            let mut s = fresh.clone();
            s.tally.hands = 1;
            s
        }),
        ("naps made", {
            let mut s = fresh.clone();
            s.tally.naps_made = 1;
            s
        }),
        ("wellingtons", {
            let mut s = fresh.clone();
            s.tally.wellingtons = 1;
            s
        }),
        ("a card short", {
            let mut s = fresh.clone();
            let mut h: Vec<CardSet> = Seat::all(3).map(|x| s.play.hand(x)).collect();
            h[1].remove(card("9C"));
            s.play = TrickPlay::new(3, &h, Seat::new(0), g.mis_order(), Obligation::FollowSuit)
                .with_deck(g.deck());
            s
        }),
        ("trumps in the auction", {
            let mut s = fresh.clone();
            s.trump = Some(Suit::Hearts);
            s
        }),
        ("play without a bidder", {
            let mut s = fresh.clone();
            s.phase = Phase::Play;
            s
        }),
        ("a mis with trumps", {
            let mut s = mis.clone();
            s.trump = Some(Suit::Diamonds);
            s
        }),
        ("a mis in a trump order", {
            let mut s = mis.clone();
            s.play.set_order(g.trump_order(Suit::Diamonds));
            s
        }),
        ("the wrong trump order", {
            let mut s = three.clone();
            s.play.set_order(g.trump_order(Suit::Hearts));
            s
        }),
        ("cards played without trumps", {
            let mut s = three.clone();
            s.trump = None;
            s.play.set_order(g.mis_order());
            s
        }),
        ("the target reached", {
            let mut s = three.clone();
            s.scores[0] = 20;
            s.scores[1] = -20;
            s
        }),
    ];
    for (what, s) in broken {
        assert!(g.check_invariants(&s).is_err(), "{what} passes");
    }
    // A bid above `top`: the same Wellington hand under `top=nap`.
    let mut s = fresh.clone();
    apply_all(
        &g,
        &mut s,
        &[A::Bid(B::Nap), A::Bid(B::Wellington), A::Pass],
    );
    g.check_invariants(&s).unwrap();
    assert!(game(3, &["top=nap", "target=20"])
        .check_invariants(&s)
        .is_err());
}

/// The longest deal (every seat bids, the joker led first and trumps named, five cards each)
/// is `6 n + 1` moves, and the move cap is `max_deals` such deals.
#[test]
fn the_move_cap_allows_max_deals_of_the_longest_deal() {
    let g = game(3, &["joker=true", "max_deals=1"]);
    assert_eq!(g.max_deals(), 1);
    let hands = ["9S JH TH AD KD", "JS TS KH QH 9C", "JK AS KS QS AH"];
    let mut s = position(&g, &hands);
    let mut moves = 0;
    for a in [A::Bid(B::Two), A::Bid(B::Three), A::Bid(B::Four)] {
        apply_all(&g, &mut s, &[a]);
        moves += 1;
    }
    plays(&g, &mut s, "JK");
    apply_all(&g, &mut s, &[A::NameTrump(Suit::Spades)]);
    moves += 2;
    let mut rng = ChaCha8Rng::seed_from_u64(3);
    let mut legal = Vec::new();
    while g.to_move(&s) != ToMove::Over {
        g.legal_actions(&s, &mut legal);
        g.apply(&mut s, legal[0], &mut rng);
        moves += 1;
    }
    assert_eq!(moves, 6 * 3 + 1);
    assert_eq!(g.move_cap(), Some(moves));
    assert_eq!(game(5, &["max_deals=7"]).move_cap(), Some(7 * 31));
    assert_eq!(game(5, &["max_deals=7"]).max_deals(), 7);
}

/// The trick view: the card play only while cards are played, each action's card, every
/// player for himself, every move public, and the moves' names.
#[test]
fn the_trick_view_and_the_moves_names() {
    let g = game(3, &[]);
    let hands = ["AS KS QS AH 9D", "JS TS KH QH 9C", "9S JH TH AD KD"];
    let mut s = position(&g, &hands);
    assert!(g.trick_play(&s).is_none());
    apply_all(&g, &mut s, &[A::Bid(B::Three), A::Pass, A::Pass]);
    assert_eq!(g.trick_play(&s).map(|p| p.to_play()), Some(Seat::new(0)));
    assert_eq!(TrickTaking::teams(&g), Teams::solo(3));
    assert_eq!(
        <Nap as TrickTaking>::card(A::Play(card("AS"))),
        Some(card("AS"))
    );
    assert_eq!(<Nap as TrickTaking>::card(A::Bid(B::Two)), None);
    assert_eq!(<Nap as TrickTaking>::card(A::Pass), None);
    for viewer in Seat::all(3) {
        for a in [A::Pass, A::Bid(B::Nap), A::Play(card("9D"))] {
            assert_eq!(g.observe_action(&s, a, viewer), Some(a));
        }
    }
    let names: Vec<String> = B::ALL.iter().map(|b| A::Bid(*b).to_string()).collect();
    assert_eq!(
        names,
        [
            "two",
            "three",
            "mis",
            "four",
            "nap",
            "wellington",
            "blucher"
        ]
    );
    assert_eq!(A::Pass.to_string(), "pass");
    assert_eq!(A::Play(card("TD")).to_string(), "TD");
    assert!(A::NameTrump(Suit::Hearts).to_string().starts_with("trump "));
    let mut rng = ChaCha8Rng::seed_from_u64(0);
    play_out_hand(&g, &mut s, &mut rng);
    assert_eq!((s.deals(), s.phase()), (1, Phase::Bid));
    assert!(g.trick_play(&s).is_none());
    let g = game(3, &["target=1"]);
    let mut s = position(&g, &hands);
    apply_all(&g, &mut s, &[A::Bid(B::Three), A::Pass, A::Pass]);
    play_out_hand(&g, &mut s, &mut rng);
    assert_eq!(s.phase(), Phase::Over);
    assert!(g.trick_play(&s).is_none());
}

/// The observation's scalars: credits over `target` from the observer's left, deals over
/// ten, and the trump suit once the first lead made it.
#[test]
fn the_observation_scales_credits_and_deals_and_shows_trumps() {
    use crate::encoding::{Encoding, Tensor};
    let g = game(3, &["target=20"]);
    let hands = ["AS KS QS AH 9D", "JS TS KH QH 9C", "9S JH TH AD KD"];
    let mut s = position(&g, &hands);
    apply_all(&g, &mut s, &[A::Bid(B::Three), A::Pass, A::Pass]);
    let encode = |s: &NapState| {
        let mut t = Tensor::new();
        g.encode_observation(&g.observe(s, Seat::new(1)), &mut t);
        t
    };
    let t = encode(&s);
    assert_eq!(t.get("made_trump").unwrap(), &[0.0; 4]);
    plays(&g, &mut s, "AH");
    let t = encode(&s);
    assert_eq!(t.get("made_trump").unwrap(), &[0.0, 0.0, 1.0, 0.0]);
    let mut rng = ChaCha8Rng::seed_from_u64(0);
    play_out_hand(&g, &mut s, &mut rng);
    let credits = s.scores().to_vec();
    assert_eq!(credits.iter().sum::<i32>(), 0);
    assert!(credits.iter().any(|&c| c != 0));
    let t = encode(&s);
    let want: Vec<f32> = [1, 2, 0].map(|i| credits[i] as f32 / 20.0).to_vec();
    assert_eq!(t.get("scores").unwrap(), &want[..]);
    assert_eq!(t.get("deals").unwrap(), &[0.1]);
    assert_eq!(t.get("made_trump").unwrap(), &[0.0; 4]);
}

/// Each seat's observation shows its own hand, and the contract once the auction is over.
#[test]
fn the_observation_shows_the_own_hand_and_the_contract() {
    let g = game(3, &[]);
    let hands = ["AS KS QS AH 9D", "JS TS KH QH 9C", "9S JH TH AD KD"];
    let mut s = position(&g, &hands);
    for seat in Seat::all(3) {
        let o = g.observe(&s, seat);
        assert_eq!(o.hand(), cards(hands[seat.index()]));
        assert_eq!(o.contract(), None);
    }
    apply_all(&g, &mut s, &[A::Bid(B::Three), A::Pass]);
    assert_eq!(
        g.observe(&s, Seat::new(2)).contract(),
        None,
        "still bidding"
    );
    apply_all(&g, &mut s, &[A::Pass]);
    for seat in Seat::all(3) {
        assert_eq!(
            g.observe(&s, seat).contract(),
            Some((Seat::new(0), B::Three))
        );
    }
}
