use super::*;
use crate::search::honesty::check_random_games;
use crate::testing::play_out_against_random;
use crate::tricks::testing::{assert_honest, stub_places, MarginalCache6, StubView};
use crate::{catalog, same_information_same_choice, AgentSpec};
use cardsim_engine::Params;
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

fn game(players: usize, params: &[&str]) -> Nap {
    Nap::new(players, &Params::parse(params).unwrap()).unwrap()
}

fn cards(s: &str) -> CardSet {
    s.parse().unwrap()
}

#[test]
fn bidding_counts_trumps_and_aces() {
    let g = game(4, &[]);
    // Four top spades and a plain ace: a Nap hand.
    let h = cards("AS KS QS JS AH");
    let (suit, est) = best_suit(&g, h, 4);
    assert_eq!(suit, Suit::Spades);
    assert!((est - (1.0 + 0.9 + 0.9 + 0.9 + 0.6)).abs() < 1e-9, "{est}");
    // Low cards only (eights, nines, tens in the 28-card deck): mis.
    assert!(mis_hand(&g, cards("8S 9S TH 8D 9C")));
    assert!(!mis_hand(&g, cards("8S 9S JH 8D 9C")));
    let gj = game(4, &["joker=true"]);
    assert!(!mis_hand(&gj, cards("8S 9S JK 8D 9C")));
}

#[test]
fn the_heuristic_decides_from_the_observation_only() {
    for players in [3, 5] {
        let g = game(players, &["joker=true"]);
        let compared = same_information_same_choice(&g, &mut NapHeuristic::default(), 0..4, 3, 60);
        assert!(compared > 50, "{compared}");
    }
}

/// Seat 0 played by `agent`, the others at random, `n` games; the agent's mean credits.
fn credits_against_random(g: &Nap, agent: &mut dyn Agent<Nap>, n: u64) -> (f64, f64) {
    let (mut credits, mut wins) = (0.0, 0.0);
    for k in 0..n {
        let me = Seat::new((k as usize) % g.players());
        let state = play_out_against_random(g, agent, |s| s == me, 900 + k);
        credits += f64::from(state.scores()[me.index()]);
        wins += g.outcome(&state).unwrap()[me].win;
    }
    (credits / n as f64, wins / n as f64)
}

#[test]
fn the_heuristic_beats_random() {
    let g = game(4, &[]);
    let (credits, wins) = credits_against_random(&g, &mut NapHeuristic::default(), 300);
    // A random seat wins a quarter of the games (75 +- 7.5 of 300); the heuristic about 46%,
    // with some 25 credits a game.
    assert!(
        wins > 0.35 && credits > 5.0,
        "wins {wins}, credits {credits}"
    );
}

#[test]
fn pimc_with_the_solver_beats_random() {
    let g = game(4, &["joker=true", "target=10"]);
    let mut agent = catalog::<Nap>()
        .build(&"pimc:worlds=4".parse::<AgentSpec>().unwrap())
        .unwrap();
    let (credits, wins) = credits_against_random(&g, agent.as_mut(), 30);
    // A random seat averages zero credits and wins a quarter of the games.
    eprintln!("pimc: credits {credits}, wins {wins}");
    assert!(
        credits > 0.0 && wins > 0.3,
        "pimc: credits {credits}, wins {wins}"
    );
}

/// The bidder's value from plain minimax through the game's own rules: his tricks to the
/// end of the hand (at mis, minus them), from `state` on.
fn minimax(g: &Nap, state: &NapState, bidder: Seat, mis: bool) -> i32 {
    let ToMove::Seat(seat) = g.to_move(state) else {
        unreachable!()
    };
    let mut legal = Vec::new();
    g.legal_actions(state, &mut legal);
    let values = legal.iter().map(|&a| {
        let mut s = state.clone();
        let before = s.play().tricks_won(bidder) as i32;
        let hands = s.tally().hands;
        let sign = if mis { -1 } else { 1 };
        // Apply through the game, but stop before the hand is settled.
        let mut p = *s.play();
        if let NapAction::Play(c) = a {
            p.play(c);
            if p.is_over() {
                return sign * (p.tricks_won(bidder) as i32 - before);
            }
        }
        g.apply(&mut s, a, &mut ChaCha8Rng::seed_from_u64(0));
        assert_eq!(s.tally().hands, hands);
        sign * (s.play().tricks_won(bidder) as i32 - before) + minimax(g, &s, bidder, mis)
    });
    if seat == bidder {
        values.max().unwrap()
    } else {
        values.min().unwrap()
    }
}

/// The solver's values are brute force's, for five to seven players, trump hands from the
/// first lead (trumps made by it, the joker naming them) and mis with the lone joker.
#[test]
fn the_solver_values_nap_cards_exactly() {
    let mut legal = Vec::new();
    let mut values = Vec::new();
    let mut solver = NapSolver::new();
    let mut checked = [0usize; 3];
    for seed in 0..60u64 {
        let players = 3 + (seed % 5) as usize;
        let g = game(players, &["joker=true"]);
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        let mut state = g.deal(&mut rng);
        // Bid: seat 0 takes Mis on every third seed, else Two; the rest pass.
        let bid = if seed % 3 == 0 {
            NapBid::Mis
        } else {
            NapBid::Two
        };
        g.apply(&mut state, NapAction::Bid(bid), &mut rng);
        for _ in 1..players {
            g.apply(&mut state, NapAction::Pass, &mut rng);
        }
        // Random cards: none on some seeds (the first lead), more for bigger tables.
        // (Brute force is slow in debug builds: the first lead only with three players, and
        // big tables two or three tricks from the end.)
        let skip = if players == 3 && seed % 2 == 1 {
            0
        } else if players <= 4 {
            rng.random_range(players..3 * players)
        } else {
            rng.random_range(3 * players - 2..4 * players)
        };
        for _ in 0..skip {
            g.legal_actions(&state, &mut legal);
            let a = legal[rng.random_range(0..legal.len())];
            g.apply(&mut state, a, &mut rng);
        }
        if state.deals() > 0 {
            continue;
        }
        let ToMove::Seat(me) = g.to_move(&state) else {
            unreachable!()
        };
        g.legal_actions(&state, &mut legal);
        solver.evaluate(&g, &state, &legal, &mut values, &mut rng);
        let bidder = Seat::new(0);
        let mis = bid == NapBid::Mis;
        let sign = if me == bidder { 1.0 } else { -1.0 };
        let expected: Vec<f64> = legal
            .iter()
            .map(|&a| {
                let mut s = state.clone();
                let before = s.play().tricks_won(bidder) as i32;
                let mut p = *s.play();
                if let NapAction::Play(c) = a {
                    p.play(c);
                    if p.is_over() {
                        let d = p.tricks_won(bidder) as i32 - before;
                        return sign * f64::from(if mis { -d } else { d });
                    }
                }
                g.apply(&mut s, a, &mut rng);
                let d = s.play().tricks_won(bidder) as i32 - before;
                sign * f64::from(if mis { -d } else { d } + minimax(&g, &s, bidder, mis))
            })
            .collect();
        assert_eq!(values, expected, "seed {seed}");
        checked[if mis {
            1
        } else if skip == 0 {
            2
        } else {
            0
        }] += 1;
    }
    // Trump hands in play, mis hands, first leads (trumps made by the lead).
    assert!(
        checked[0] >= 20 && checked[1] >= 10 && checked[2] >= 3,
        "{checked:?}"
    );
}

// -------------------------------------------------------------------------------------------
// Honesty: hidden hands, the unseen stub and voids (the mis joker's fifth suit included).
// -------------------------------------------------------------------------------------------

#[test]
fn determinizations_are_honest_with_the_stub_and_voids() {
    // Three players (24 cards, 15 dealt: a 9-card stub), with the joker in play so that mis
    // voids in the joker suit appear, then without it (the page's smallest table; two players
    // are not allowed).
    for (players, params) in [(3, &["joker=true", "target=4"][..]), (3, &["target=4"][..])] {
        let g = game(players, params);
        let all = CardSet::FULL_DECK | CardSet::from_card(Card::JOKER);
        let places = |st: &NapState, out: &mut Vec<u32>| stub_places(st.play(), all, out);
        // The stub is a hidden "seat" beyond the players: marginals over the hidden hands with
        // the leftover as bin 5.
        let cache = MarginalCache6::new();
        let deck = g.deck();
        let belief = |obs: &NapObservation, place: usize, value: u32| {
            cache.belief(obs, &obs.play, obs.seat, place, value, |o| {
                let mut view = StubView::new(&o.play, o.seat, deck);
                view.places = all;
                view.marginals()
            })
        };
        let report = check_random_games(&g, 0..4, 2, 300, places, belief).unwrap();
        assert_honest(&report, 30);
    }
}

#[test]
fn the_heuristic_bids_from_sure_tricks_and_naps_only_when_certain() {
    let g = game(4, &[]);
    // The 28-card deck: eights to aces.
    let sure = |h: &str, t| sure_tricks(&g, cards(h), t, 4);
    assert_eq!(sure("AS KS QS JS AH", Suit::Spades), 5);
    // Spades hold seven cards (AKQJT98): with AKJT the queen, nine and eight are out; after
    // the ace and king, all three in one hand keep the queen, which beats the jack or ten.
    assert_eq!(
        sure("AS KS JS TS AH", Suit::Spades),
        4,
        "the queen out costs one"
    );
    // Long trumps: five of seven lose at most the two the others hold.
    assert_eq!(
        sure("KS QS JS TS 9S", Suit::Spades),
        3,
        "no ace: the ace and the eight"
    );
    // A run of three draws the two trumps out: every trump is sure.
    assert_eq!(sure("AS KS QS 9S 8S", Suit::Spades), 5);
    assert_eq!(sure("AS 9S 8S KH QD", Suit::Spades), 1, "four spades out");
    assert_eq!(sure_tricks(&g, cards("AS KS AH AD AC"), Suit::Spades, 6), 2);
}

/// Four heuristics bid and play 200 games: their Nap bids are near-certain, and most of
/// their contracts are made.
#[test]
fn the_heuristics_naps_are_made_and_most_contracts_too() {
    let g = game(4, &[]);
    let mut legal = Vec::new();
    let (mut made, mut lost, mut naps, mut naps_made) = (0, 0, 0, 0);
    for k in 0..200 {
        let mut rng = ChaCha8Rng::seed_from_u64(k);
        let mut state = g.deal(&mut rng);
        while let ToMove::Seat(seat) = g.to_move(&state) {
            g.legal_actions(&state, &mut legal);
            let obs = g.observe(&state, seat);
            let a = NapHeuristic::default().choose(&g, seat, &obs, &legal, &mut rng);
            g.apply(&mut state, a, &mut rng);
        }
        let t = state.tally();
        (made, lost, naps, naps_made) = (
            made + t.made,
            lost + t.lost,
            naps + t.naps,
            naps_made + t.naps_made,
        );
    }
    eprintln!("made {made}, lost {lost}, naps {naps}, naps made {naps_made}");
    assert!(
        naps > 0 && naps_made * 10 >= naps * 9,
        "{naps_made} of {naps} naps made"
    );
    assert!(made >= 2 * lost, "{made} contracts made, {lost} lost");
}

/// A four-player deal with seat 0 (who bids first) holding `hands[0]`, and so on; the rest is
/// the stub.
fn deal4(hands: [&str; 4]) -> (Nap, NapState) {
    let g = game(4, &[]);
    let hs: Vec<CardSet> = hands.iter().map(|h| cards(h)).collect();
    let mut stub = g.deck();
    for h in &hs {
        stub -= *h;
    }
    let text = format!(
        "{}; stub: {}",
        cardsim_engine::deal_text::print_hands(&hs),
        cardsim_engine::deal_text::print_cards(stub)
    );
    let state = cardsim_engine::DealText::parse_deal(&g, &text).unwrap();
    (g, state)
}

/// The heuristic's choice for the seat to move.
fn heuristic_choice(g: &Nap, state: &NapState) -> NapAction {
    let ToMove::Seat(seat) = g.to_move(state) else {
        unreachable!()
    };
    let mut legal = Vec::new();
    g.legal_actions(state, &mut legal);
    let obs = g.observe(state, seat);
    let mut rng = ChaCha8Rng::seed_from_u64(0);
    NapHeuristic::default().choose(g, seat, &obs, &legal, &mut rng)
}

/// Applies `actions` in turn.
fn apply_all(g: &Nap, state: &mut NapState, actions: &[NapAction]) {
    let mut rng = ChaCha8Rng::seed_from_u64(0);
    for &a in actions {
        g.apply(state, a, &mut rng);
    }
}

fn play(c: &str) -> NapAction {
    NapAction::Play(c.parse().unwrap())
}

const REST: [&str; 3] = ["8S TH 9H 8H TD", "9D 8D TC 9C 8C", "JH QH KH JD KD"];

#[test]
fn the_heuristic_bids_its_sure_tricks() {
    let bid_of = |h: &str| {
        let (g, s) = deal4([h, REST[0], REST[1], REST[2]]);
        heuristic_choice(&g, &s)
    };
    // Sure of five (a run of three draws the other two spades): Nap.
    assert_eq!(bid_of("AS KS QS 9S JS"), NapAction::Bid(NapBid::Nap));
    assert_eq!(bid_of("AS KS QS JS AH"), NapAction::Bid(NapBid::Nap));
    // Sure of four, not five (AKJT, the queen out, and a plain ace): Four, never Nap.
    assert_eq!(bid_of("AS KS JS TS AH"), NapAction::Bid(NapBid::Four));
    // Middling: the top two spades and a plain ace are three sure tricks, and the count
    // (2.5) is no more: Three, its sure-trick count.
    assert_eq!(bid_of("AS KS AH QD JC"), NapAction::Bid(NapBid::Three));
    // The same with a third spade: still three sure tricks, but a count of 3.4 covers Four
    // with the margin (-0.8): one more than it is sure of.
    assert_eq!(bid_of("AS KS 9S AH QD"), NapAction::Bid(NapBid::Four));
    // Nothing sure (three middling spades count 2.1): a pass.
    assert_eq!(bid_of("QC JC 9S TS QS"), NapAction::Pass);
}

#[test]
fn the_heuristic_passes_when_it_cannot_beat_the_bid() {
    let (g, mut s) = deal4([REST[0], "AS KS AH QD JC", REST[1], REST[2]]);
    let mut passed = s.clone();
    apply_all(&g, &mut passed, &[NapAction::Pass]);
    assert_eq!(heuristic_choice(&g, &passed), NapAction::Bid(NapBid::Three));
    apply_all(&g, &mut s, &[NapAction::Bid(NapBid::Four)]);
    assert_eq!(heuristic_choice(&g, &s), NapAction::Pass);
}

#[test]
fn the_bidder_leads_his_best_suit_from_the_top_and_draws_trumps() {
    let (g, mut s) = deal4(["AS KS AH QD JC", REST[0], REST[1], REST[2]]);
    apply_all(&g, &mut s, &[NapAction::Bid(NapBid::Three)]);
    apply_all(&g, &mut s, &[NapAction::Pass; 3]);
    // The first lead makes trumps: the top of his best suit.
    assert_eq!(heuristic_choice(&g, &s), play("AS"));
    apply_all(
        &g,
        &mut s,
        &[play("AS"), play("8S"), play("8C"), play("JH")],
    );
    // He wins it and draws trumps with his next one.
    assert_eq!(heuristic_choice(&g, &s), play("KS"));
}

#[test]
fn the_defenders_beat_the_bidder_cheaply_or_play_low() {
    let (g, mut s) = deal4(["AS KS AH QD JC", REST[0], REST[1], REST[2]]);
    apply_all(&g, &mut s, &[NapAction::Bid(NapBid::Three)]);
    apply_all(&g, &mut s, &[NapAction::Pass; 3]);
    apply_all(
        &g,
        &mut s,
        &[play("AS"), play("8S"), play("8C"), play("JH")],
    );
    apply_all(&g, &mut s, &[play("QD"), play("TD")]);
    // Seat 2 (9D 8D) cannot beat the bidder's queen: its lowest.
    assert_eq!(heuristic_choice(&g, &s), play("8D"));
    apply_all(&g, &mut s, &[play("8D")]);
    // Seat 3, last, beats it as cheaply as it can: the king, not the jack, which loses.
    assert_eq!(heuristic_choice(&g, &s), play("KD"));
}

#[test]
fn mis_defenders_lead_where_the_bidder_can_follow_and_keep_low_cards() {
    let (g, mut s) = deal4([
        "8S 9S 8H 9H 8D",
        "TS JS AD KD QD",
        "QS KS AC KC TC",
        "AS JC QC 9C 8C",
    ]);
    apply_all(&g, &mut s, &[NapAction::Bid(NapBid::Mis)]);
    apply_all(&g, &mut s, &[NapAction::Pass; 3]);
    // The bidder leads low; the next stays low (he must beat the eight anyway: his lowest);
    // once the bidder is safe in the trick, the next unloads its highest spade.
    apply_all(&g, &mut s, &[play("8S")]);
    assert_eq!(heuristic_choice(&g, &s), play("TS"));
    apply_all(&g, &mut s, &[play("TS")]);
    assert_eq!(heuristic_choice(&g, &s), play("KS"));
    apply_all(&g, &mut s, &[play("KS"), play("AS")]);
    // Seat 3 leads its lowest club; the bidder shows out of clubs.
    assert_eq!(heuristic_choice(&g, &s), play("8C"));
    apply_all(
        &g,
        &mut s,
        &[play("8C"), play("9H"), play("AD"), play("AC")],
    );
    // Seat 2 now leads a spade, where the bidder may follow, not its lowest card (TC).
    assert_eq!(heuristic_choice(&g, &s), play("QS"));
    apply_all(&g, &mut s, &[play("QS")]);
    // Seat 3, out of spades with the bidder still to play, throws its highest club that
    // leaves the trick as it is, and keeps the low ones to lead.
    assert_eq!(heuristic_choice(&g, &s), play("QC"));
}
