use super::*;
use crate::conformance::{self, perft::perft_table};
use crate::Params;
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;

fn c(s: &str) -> TarotCard {
    s.parse().unwrap()
}

fn set(s: &str) -> TarotSet {
    s.parse().unwrap()
}

fn game() -> RoyalOrgy {
    RoyalOrgy::new(2, &Params::new()).unwrap()
}

fn rng() -> ChaCha8Rng {
    ChaCha8Rng::seed_from_u64(7)
}

fn legal(g: &RoyalOrgy, s: &RoyalOrgyState) -> Vec<RoyalOrgyAction> {
    let mut out = Vec::new();
    g.legal_actions(s, &mut out);
    out
}

fn meld(kind: MeldKind, cards: &str) -> RoyalOrgyAction {
    RoyalOrgyAction::Meld(Meld {
        kind,
        cards: set(cards),
    })
}

fn play(g: &RoyalOrgy, s: &mut RoyalOrgyState, card: &str) {
    let a = RoyalOrgyAction::Play(c(card));
    assert!(
        legal(g, s).contains(&a),
        "{card} is not legal: {:?}",
        legal(g, s)
    );
    g.apply(s, a, &mut rng());
}

/// Deals the rest of the deck (after `held` and `stock`) to the won piles, alternately, in
/// pairs; `extra` more cards to seat 0's pile first when the rest is odd in tricks.
fn position(held: [&str; 2], stock: &str, leader: usize) -> RoyalOrgyState {
    let held = held.map(set);
    let stock: Vec<TarotCard> = set(stock).iter().collect();
    let rest: Vec<TarotCard> =
        (TarotSet::DECK - held[0] - held[1] - stock.iter().copied().collect())
            .iter()
            .collect();
    let mut won = [TarotSet::EMPTY; 2];
    for (i, pair) in rest.chunks(2).enumerate() {
        won[i % 2].extend(pair.iter().copied());
    }
    RoyalOrgyState::at(
        Seat::new(1),
        held,
        [TarotSet::EMPTY; 2],
        [TarotSet::EMPTY; 7],
        &stock,
        won,
        Seat::new(leader),
        [0, 0],
    )
}

#[test]
fn params_are_checked() {
    assert!(RoyalOrgy::new(4, &Params::new()).is_err());
    assert!(RoyalOrgy::new(3, &Params::new()).is_ok());
    let e = RoyalOrgy::new(2, &Params::new().set("sequence", "flat")).unwrap_err();
    assert!(e.to_string().contains("sequence"), "{e}");
    assert!(RoyalOrgy::new(2, &Params::new().set("bogus", 1)).is_err());
    let g = RoyalOrgy::new(
        2,
        &Params::new().set("sequence", "per-card").set("target", 500),
    )
    .unwrap();
    assert_eq!(g.sequence(), SequenceScore::PerCard);
    assert_eq!(g.target(), 500);
    assert_eq!(game().target(), 1000);
    assert_eq!(game().sequence(), SequenceScore::Extra);
}

#[test]
fn the_deal_gives_fifteen_each_and_a_stock_of_24_and_the_elder_leads() {
    let g = game();
    let s = g.deal(&mut rng());
    assert_eq!(s.held(Seat::new(0)).len(), 15);
    assert_eq!(s.held(Seat::new(1)).len(), 15);
    assert_eq!(s.stock_len(), 24);
    assert_eq!(s.dealer(), Seat::new(1));
    assert_eq!(g.to_move(&s), ToMove::Seat(Seat::new(0)));
    g.check_invariants(&s).unwrap();
}

#[test]
fn the_page_meld_values() {
    let m = |k, s: &str| Meld {
        kind: k,
        cards: set(s),
    };
    let e = SequenceScore::Extra;
    assert_eq!(m(MeldKind::Affair, "KS JH").points(e), 6);
    assert_eq!(m(MeldKind::Union, "CS JS").points(e), 8);
    assert_eq!(m(MeldKind::Marriage, "KS QS").points(e), 10);
    assert_eq!(m(MeldKind::TrumpMarriage, "21T 1T").points(e), 12);
    assert_eq!(m(MeldKind::RoyalOrgy, "KS QS CH JH").points(e), 30);
    assert_eq!(m(MeldKind::FullCourt, "KS QS CS JS").points(e), 50);
    // The ruling: 10 and 1 per card beyond three by default, 10 and 1 per card as a variant.
    assert_eq!(m(MeldKind::TrumpSequence, "5T 6T 7T").points(e), 10);
    assert_eq!(m(MeldKind::TrumpSequence, "5T 6T 7T 8T").points(e), 11);
    assert_eq!(
        m(MeldKind::TrumpSequence, "5T 6T 7T").points(SequenceScore::PerCard),
        13
    );
}

#[test]
fn captures_are_half_the_meld_and_need_both_cards() {
    assert_eq!(capture(c("KH"), c("QH")), Some(MeldKind::Marriage));
    assert_eq!(MeldKind::Marriage.capture_points(), Some(5));
    assert_eq!(capture(c("JS"), c("CS")), Some(MeldKind::Union));
    assert_eq!(capture(c("KS"), c("JH")), Some(MeldKind::Affair));
    assert_eq!(capture(c("CD"), c("QC")), Some(MeldKind::Affair));
    assert_eq!(capture(c("1T"), c("21T")), Some(MeldKind::TrumpMarriage));
    assert_eq!(MeldKind::TrumpMarriage.capture_points(), Some(6));
    assert_eq!(MeldKind::Affair.capture_points(), Some(3));
    assert_eq!(MeldKind::Union.capture_points(), Some(4));
    // Same colour is no affair, a king and a page of one suit nothing, the rest nothing.
    assert_eq!(capture(c("KS"), c("JC")), None);
    assert_eq!(capture(c("KS"), c("JS")), None);
    assert_eq!(capture(c("KS"), c("QH")), None);
    assert_eq!(capture(c("21T"), c("22T")), None);
    assert_eq!(MeldKind::RoyalOrgy.capture_points(), None);
}

/// The page: "if both the King and Queen of hearts are played to a trick, the player of the
/// King will score 5 points for a Marriage by Capture" -- the ruling: the trick's winner
/// scores, who here is the player of the King.
#[test]
fn the_pages_marriage_by_capture() {
    let g = game();
    let mut s = position(["KH 7S 8S", "QH 9S TS"], "", 0);
    play(&g, &mut s, "KH");
    play(&g, &mut s, "QH");
    assert_eq!(s.scores(), [5, 0]);
    // Led the other way round, the King still wins and scores.
    let mut s = position(["QH 7S 8S", "KH 9S TS"], "", 0);
    play(&g, &mut s, "QH");
    play(&g, &mut s, "KH");
    assert_eq!(s.scores(), [0, 5]);
    // A trump takes a marriage of hearts? Impossible with two cards: only pairs capture.
}

/// The page: the Knight of spades may be United to the Page of spades and have an Affair with
/// the Queen of hearts, but not then an Affair with the Queen of diamonds as well.
#[test]
fn the_pages_knight_of_spades() {
    let g = game();
    // Seat 0 leads and wins each trick with a trump; seat 1 discards pips.
    let mut s = position(
        [
            "CS JS QH QD 18T 19T 20T 22T 7C 8C 9C TC 4D 3D 2D",
            "7S 8S 9S TS 4H 3H 2H 1H 1D 2T 3T 5T 7T 9T 11T",
        ],
        "KC QC CC JC KD CD JD KH CH JH KS QS 1T 4T 6T 8T 10T 12T 13T 14T 15T 16T 17T 21T",
        0,
    );
    play(&g, &mut s, "7C");
    play(&g, &mut s, "7S");
    assert_eq!(g.to_move(&s), ToMove::Seat(Seat::new(0)));
    let options = legal(&g, &s);
    assert!(options.contains(&meld(MeldKind::Union, "CS JS")));
    assert!(options.contains(&meld(MeldKind::Affair, "QH CS")));
    assert!(options.contains(&meld(MeldKind::Affair, "QD CS")));
    assert!(options.contains(&RoyalOrgyAction::Pass));
    g.apply(&mut s, meld(MeldKind::Union, "CS JS"), &mut rng());
    assert_eq!(s.scores(), [8, 0]);
    assert_eq!(s.table(Seat::new(0)), set("CS JS"));
    // The draws: 21T to seat 0, 17T to seat 1.
    assert!(s.held(Seat::new(0)).contains(c("21T")));
    // Next trick: the union on the table cannot be melded again, but the Knight, laid down,
    // may have an affair with the Queen of hearts from the hand.
    play(&g, &mut s, "8C");
    play(&g, &mut s, "8S");
    let options = legal(&g, &s);
    assert!(!options.contains(&meld(MeldKind::Union, "CS JS")));
    assert!(options.contains(&meld(MeldKind::Affair, "QH CS")));
    g.apply(&mut s, meld(MeldKind::Affair, "QH CS"), &mut rng());
    assert_eq!(s.scores(), [14, 0]);
    // And not then with the Queen of diamonds: the Knight has had its affair.
    play(&g, &mut s, "9C");
    play(&g, &mut s, "9S");
    let options = legal(&g, &s);
    assert!(!options.contains(&meld(MeldKind::Affair, "QD CS")));
    // The Page of spades is free for an affair of its own, but there is no red King.
    assert!(!options
        .iter()
        .any(|a| matches!(a, RoyalOrgyAction::Meld(m) if m.kind == MeldKind::Affair)));
}

/// The page: with the Queen of diamonds and the Page of spades on the table, the King of
/// diamonds makes either the Marriage or the Affair, not both (one meld a turn, and later the
/// other would need a new card from the hand).
#[test]
fn the_pages_king_of_diamonds_scores_one_meld() {
    let g = game();
    let mut s = position(
        [
            "KD QD JS CS 18T 19T 20T 22T 7C 8C 9C TC 4D 3D 2D",
            "7S 8S 9S TS 4H 3H 2H 1H 1D 2T 3T 5T 7T 9T 11T",
        ],
        "KC QC CC JC CD JD KH QH CH JH KS QS 1T 4T 6T 8T 10T 12T 13T 14T 15T 16T 17T 21T",
        0,
    );
    // Lay down the Queen of diamonds (an affair with the Knight of spades), then the Page of
    // spades (a union with the Knight, from the table).
    play(&g, &mut s, "7C");
    play(&g, &mut s, "7S");
    g.apply(&mut s, meld(MeldKind::Affair, "QD CS"), &mut rng());
    play(&g, &mut s, "8C");
    play(&g, &mut s, "8S");
    g.apply(&mut s, meld(MeldKind::Union, "CS JS"), &mut rng());
    assert_eq!(s.table(Seat::new(0)), set("QD CS JS"));
    play(&g, &mut s, "9C");
    play(&g, &mut s, "9S");
    let options = legal(&g, &s);
    assert!(options.contains(&meld(MeldKind::Marriage, "KD QD")));
    assert!(options.contains(&meld(MeldKind::Affair, "KD JS")));
    g.apply(&mut s, meld(MeldKind::Marriage, "KD QD"), &mut rng());
    assert_eq!(s.scores(), [24, 0]);
    // The affair would now need no new card: never again.
    play(&g, &mut s, "TC");
    play(&g, &mut s, "TS");
    let options = legal(&g, &s);
    assert!(!options.contains(&meld(MeldKind::Affair, "KD JS")));
    assert!(!options.contains(&meld(MeldKind::RoyalOrgy, "KD QD CS JS")));
}

#[test]
fn a_meld_needs_a_new_card_from_the_hand() {
    // Everything melded is on the table: KS QS CH JH all down, the Royal Orgy needs a new card.
    let held = set("KS QS CH JH");
    let table = held;
    let mut used = [TarotSet::EMPTY; 7];
    used[MeldKind::Marriage as usize] = set("KS QS");
    used[MeldKind::Union as usize] = set("CH JH");
    let mut found = Vec::new();
    melds(held, table, &used, |m| found.push(m));
    assert!(found.is_empty(), "{found:?}");
    // With the King of spades still in the hand, the Royal Orgy and the Affair KS-JH are open.
    let table = set("QS CH JH");
    melds(held, table, &used, |m| found.push(m));
    let kinds: Vec<MeldKind> = found.iter().map(|m| m.kind).collect();
    assert_eq!(kinds.len(), 2, "{found:?}");
    assert!(kinds.contains(&MeldKind::RoyalOrgy));
    assert!(found.contains(&Meld {
        kind: MeldKind::Affair,
        cards: set("KS JH")
    }));
}

#[test]
fn trump_sequences_are_every_run_of_three_or_more() {
    let mut found = Vec::new();
    melds(
        set("5T 6T 7T 8T 10T 11T"),
        TarotSet::EMPTY,
        &[TarotSet::EMPTY; 7],
        |m| found.push(m.cards),
    );
    // 5-6-7, 6-7-8, 5-6-7-8: three; 10-11 is too short.
    assert_eq!(found.len(), 3);
    // Cards already in a sequence cannot join another: an extended run is not re-melded.
    let mut used = [TarotSet::EMPTY; 7];
    used[MeldKind::TrumpSequence as usize] = set("5T 6T 7T");
    found.clear();
    melds(set("5T 6T 7T 8T 9T 10T"), set("5T 6T 7T"), &used, |m| {
        found.push(m.cards)
    });
    assert_eq!(found, vec![set("8T 9T 10T")]);
}

/// Final play: follow suit, else trump, else anything; trumps led must be followed by trumps.
#[test]
fn the_final_phase_follows_suit_else_trumps() {
    let g = game();
    let mut s = position(["KS 7S 5T", "8S KH 2T"], "", 0);
    play(&g, &mut s, "7S");
    assert_eq!(legal(&g, &s), vec![RoyalOrgyAction::Play(c("8S"))]);
    play(&g, &mut s, "8S");
    // Seat 1 won, leads the King of hearts: seat 0 has no heart and must trump.
    play(&g, &mut s, "KH");
    assert_eq!(legal(&g, &s), vec![RoyalOrgyAction::Play(c("5T"))]);
    // And in the stock phase anything goes.
    let s = position(
        [
            "KS 7S 5T 8C 9C 7C 4D 3D 2D 1D 4H 3H 2H 1H TC",
            "8S KH 2T 9S TS JS CS QS KC QC CC JC KD QD CD",
        ],
        "1T 3T",
        0,
    );
    let mut s = s;
    play(&g, &mut s, "7S");
    assert_eq!(legal(&g, &s).len(), 15);
}

/// Phase 2 from a known end position, counted by hand: the leader's 3 cards, one forced reply
/// each, the winner's 2 leads, a forced reply (the King of hearts led to a hand without hearts
/// must be trumped), a forced last trick, then the new hand's elder leads from 15.
#[test]
fn perft_counts_at_the_end_of_a_hand() {
    let g = game();
    let s = position(["KS 7S 5T", "8S KH 2T"], "", 0);
    assert_eq!(perft_table(&g, &s, 7), vec![3, 3, 6, 6, 6, 6, 90]);
}

/// The last stock trick: seat 0 holds KS QS TC and twelve red and spade pips, seat 1 7C 8C 9C
/// KC and the eleven even trumps. Seat 1 wins the 165 tricks it trumps and KC over TC (166),
/// each followed by its lead from 15 cards once both draw. Seat 0 wins the other 59; in 51 of
/// them it kept KS and QS and may meld the marriage or pass (2); in the other 8 it leads from
/// 15. Depth 3: 166*15 + 8*15 + 51*2 = 2712.
#[test]
fn perft_counts_on_the_last_stock_trick() {
    let g = game();
    let s = position(
        [
            "KS QS TC 7S 8S 9S TS 4D 3D 2D 1D 4H 3H 2H 1H",
            "7C 8C 9C KC 2T 4T 6T 8T 10T 12T 14T 16T 18T 20T 22T",
        ],
        "1T 3T",
        0,
    );
    g.check_invariants(&s).unwrap();
    assert_eq!(perft_table(&g, &s, 3), vec![15, 225, 2712]);
}

#[test]
fn perft_from_the_deal() {
    let g = game();
    let s = g.deal(&mut rng());
    let t = perft_table(&g, &s, 2);
    assert_eq!(t, vec![15, 225]);
}

/// The card points: 52 in the cards, 27 tricks and 1 for the last: 80 every hand.
#[test]
fn every_hand_has_eighty_card_points() {
    assert_eq!(card_points(TarotSet::DECK), 52);
    let g = RoyalOrgy::new(2, &Params::new().set("target", 1).set("max_hands", 1)).unwrap();
    for seed in 0..20 {
        let mut r = ChaCha8Rng::seed_from_u64(seed);
        let mut s = g.deal(&mut r);
        let mut buf = Vec::new();
        while let ToMove::Seat(_) = g.to_move(&s) {
            g.legal_actions(&s, &mut buf);
            let a = buf[r.random_range(0..buf.len())];
            g.apply(&mut s, a, &mut r);
        }
        assert_eq!(s.hands_played(), 1);
        assert_eq!(s.totals().card_points, 80);
        let t = s.totals();
        assert_eq!(
            s.scores()[0] + s.scores()[1],
            80 + t.meld_points + t.capture_points
        );
    }
}

#[test]
fn the_last_trick_scores_one_and_the_hand_scores_card_points() {
    // Seat 0 leads KS and wins, then 7S to 8S: seat 1 takes the last trick.
    let g = game();
    let mut s = position(["KS 7S", "8S 9S"], "", 0);
    let before = s.won(Seat::new(0));
    let w1 = s.won(Seat::new(1));
    play(&g, &mut s, "KS");
    play(&g, &mut s, "8S");
    play(&g, &mut s, "7S");
    play(&g, &mut s, "9S");
    let p0 = card_points(before) + 4 + (before.len() / 2) as u32 + 1;
    let p1 = card_points(w1) + (w1.len() / 2) as u32 + 1 + 1;
    assert_eq!(s.scores(), [p0, p1]);
    assert_eq!(p0 + p1, 80);
    assert_eq!(s.hands_played(), 1);
    // A new hand: seat 0 deals, seat 1 leads.
    assert_eq!(s.dealer(), Seat::new(0));
    assert_eq!(g.to_move(&s), ToMove::Seat(Seat::new(1)));
}

#[test]
fn the_game_ends_at_the_target_after_a_hand_and_a_tie_plays_on() {
    let g = RoyalOrgy::new(2, &Params::new().set("target", 100)).unwrap();
    let mut s = position(["KS 7S", "8S 9S"], "", 0);
    s.scores = [90, 50, 0];
    play(&g, &mut s, "KS");
    play(&g, &mut s, "8S");
    play(&g, &mut s, "7S");
    play(&g, &mut s, "9S");
    assert_eq!(g.to_move(&s), ToMove::Over);
    let o = g.outcome(&s).unwrap();
    assert_eq!(o[Seat::new(0)].win, 1.0);
    // Equal scores at the target: another hand.
    let mut s = position(["KS 7S", "8S 9S"], "", 0);
    let p0 = card_points(s.won(Seat::new(0))) + 4 + 13 + 1;
    let p1 = 80 - p0;
    s.scores = [200 - p0, 200 - p1, 0];
    play(&g, &mut s, "KS");
    play(&g, &mut s, "8S");
    play(&g, &mut s, "7S");
    play(&g, &mut s, "9S");
    assert_eq!(s.scores(), [200, 200]);
    assert_ne!(g.to_move(&s), ToMove::Over);
}

#[test]
fn melds_go_back_to_the_hands_when_the_stock_is_gone() {
    let g = game();
    let mut s = position(
        [
            "KS QS TC 7S 8S 9S TS 4D 3D 2D 1D 4H 3H 2H 1H",
            "7C 8C 9C KC 2T 4T 6T 8T 10T 12T 14T 16T 18T 20T 22T",
        ],
        "1T 3T",
        0,
    );
    play(&g, &mut s, "TC");
    play(&g, &mut s, "7C");
    g.apply(&mut s, meld(MeldKind::Marriage, "KS QS"), &mut rng());
    assert_eq!(s.scores(), [10, 0]);
    assert_eq!(s.stock_len(), 0);
    assert_eq!(s.table(Seat::new(0)), TarotSet::EMPTY);
    assert!(s.held(Seat::new(0)).contains(c("KS")));
    // Seat 0 drew 3T (the top), seat 1 1T.
    assert!(s.held(Seat::new(0)).contains(c("3T")));
    assert!(s.held(Seat::new(1)).contains(c("1T")));
    g.check_invariants(&s).unwrap();
}

#[test]
fn the_other_seat_sees_melds_but_not_the_hand_and_determinizes_exactly_in_the_final_phase() {
    let g = game();
    let mut s = g.deal(&mut rng());
    let mut r = rng();
    let mut buf = Vec::new();
    // Random play until a meld is on the table.
    while s.table(Seat::new(0)).is_empty() && s.table(Seat::new(1)).is_empty() {
        g.legal_actions(&s, &mut buf);
        let a = buf
            .iter()
            .copied()
            .find(|a| matches!(a, RoyalOrgyAction::Meld(_)))
            .unwrap_or(buf[0]);
        g.apply(&mut s, a, &mut r);
    }
    for seat in Seat::all(2) {
        let o = g.observe(&s, seat);
        let them = Seat::new(1 - seat.index());
        assert_eq!(o.view.held(them), s.table(them));
        assert_eq!(o.view.held(seat), s.held(seat));
        assert_eq!(o.unseen().len(), o.hidden as usize + s.stock_len());
        let d = g.determinize(&o, &mut r);
        assert_eq!(g.observe(&d, seat), o);
        assert!(s.table(them).is_subset(d.held(them)));
    }
    // Once the stock is gone every card is known.
    while s.stock_phase() || s.melder().is_some() {
        g.legal_actions(&s, &mut buf);
        g.apply(&mut s, buf[0], &mut r);
    }
    for seat in Seat::all(2) {
        let d = g.determinize(&g.observe(&s, seat), &mut r);
        assert_eq!(d, s);
    }
}

#[test]
fn conformance_random_games() {
    let g = RoyalOrgy::new(2, &Params::new().set("target", 300)).unwrap();
    let report = conformance::random_games(&g, 0..30, 100_000);
    assert_eq!(report.games, 30);
    let g = game();
    let report = conformance::random_games(&g, 100..104, 100_000);
    assert_eq!(report.games, 4);
    // Capped games never happen at these sizes.
    assert!(report.stats.iter().all(|s| s[9] == 0.0));
}

#[test]
#[ignore]
fn royal_orgy_soak() {
    let n: u64 = std::env::var("ROYAL_ORGY_SOAK")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(10_000);
    let g = game();
    let report = conformance::random_games(&g, 0..n, 1_000_000);
    assert_eq!(report.games as u64, n);
}
