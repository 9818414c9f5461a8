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
    let n: u64 = conformance::soak_games(10_000);
    let g = game();
    // Invariants after every move of every game; the costly checks on every 1000th seed.
    let report = conformance::soak(&g, 0..n, 1_000_000, 1000);
    assert_eq!(report.games as u64, n);
    eprintln!(
        "royal orgy soak: {} games, {} moves, {} draws, {} determinizations",
        report.games, report.moves, report.draws, report.determinizations
    );
}

/// The three-player game (`players=3`).
mod three_players {
    use super::{c, set};
    use crate::conformance::{self, perft::perft_table};
    use crate::games::royal_orgy::three::{declare, discard_choices, meld_cards, Phase};
    use crate::games::royal_orgy::*;
    use crate::{Game, Params, Seat, ToMove};
    use rand::SeedableRng;
    use rand_chacha::ChaCha8Rng;

    pub(super) fn game3() -> RoyalOrgy {
        RoyalOrgy::new(3, &Params::new()).unwrap()
    }

    pub(super) fn seat(i: usize) -> Seat {
        Seat::new(i)
    }

    fn legal(g: &RoyalOrgy, s: &RoyalOrgyState) -> Vec<RoyalOrgyAction> {
        let mut out = Vec::new();
        g.legal_actions(s, &mut out);
        out
    }

    pub(super) fn act(g: &RoyalOrgy, s: &mut RoyalOrgyState, a: RoyalOrgyAction) {
        assert!(
            legal(g, s).contains(&a),
            "{a} is not legal: {:?}",
            legal(g, s)
        );
        g.apply(s, a, &mut ChaCha8Rng::seed_from_u64(7));
        g.check_invariants(s).unwrap();
    }

    fn play(g: &RoyalOrgy, s: &mut RoyalOrgyState, card: &str) {
        act(g, s, RoyalOrgyAction::Play(c(card)));
    }

    /// Hands for a fixed deal (dealer seat 2, seat 0 eldest): the skat is 3T 5T 7T.
    /// Seat 0: the Full Court of spades (KS QS CS JS), trumps 8-12 (a sequence of five), 22,
    /// 7S 8S, KH, 4H 3H, 2D (17). Seat 1: the hearts courts QH CH JH, KD QD, 1T 21T, 2T 4T 6T,
    /// 13T 15T 17T, 7C 8C 9C 10C (17). Seat 2: the rest.
    fn hands() -> [TarotSet; 3] {
        let h0 = set("KS QS CS JS 8T 9T 10T 11T 12T 22T 7S 8S KH 4H 3H 2H 2D");
        let h1 = set("QH CH JH KD QD 1T 21T 2T 4T 6T 13T 15T 17T 7C 8C 9C TC");
        let skat = set("3T 5T 7T");
        let h2 = TarotSet::DECK - h0 - h1 - skat;
        [h0, h1, h2]
    }

    pub(super) fn fixed() -> RoyalOrgyState {
        let h = hands();
        game3().deal3_at(seat(2), h, set("3T 5T 7T"))
    }

    #[test]
    fn params_for_three_players() {
        assert!(RoyalOrgy::new(3, &Params::new()).is_ok());
        let e = RoyalOrgy::new(3, &Params::new().set("deals", 4)).unwrap_err();
        assert!(e.to_string().contains("multiple of 3"), "{e}");
        assert!(RoyalOrgy::new(3, &Params::new().set("deals", 6)).is_ok());
        // With two players any number of deals, played out whatever the scores.
        let g = RoyalOrgy::new(2, &Params::new().set("deals", 5).set("target", 1)).unwrap();
        let report = conformance::random_games(&g, 0..3, 1_000_000);
        assert!(report.stats.iter().all(|st| st[0] == 5.0));
    }

    #[test]
    fn the_deal_gives_seventeen_each_and_three_to_the_skat() {
        let g = game3();
        for seed in 0..20 {
            let s = g.deal(&mut ChaCha8Rng::seed_from_u64(seed));
            g.check_invariants(&s).unwrap();
            for i in 0..3 {
                assert_eq!(s.held(seat(i)).len(), 17);
            }
            assert_eq!(s.solo().skat().len(), 3);
            assert_eq!(s.solo().phase(), Phase::Bidding);
            // The first dealer is seat 2: seat 0, the eldest, bids first.
            assert_eq!(s.dealer(), seat(2));
            assert_eq!(g.to_move(&s), ToMove::Seat(seat(0)));
            // Every card of a meld is declared, and only those.
            for i in 0..3 {
                let h = s.held(seat(i));
                assert_eq!(s.solo().declared(seat(i)), meld_cards(h));
                assert_eq!(s.table(seat(i)), meld_cards(h));
            }
        }
    }

    /// The deal's order: the skat card, then 6 to each from the eldest; the skat, 5 each; the
    /// skat, 6 each.
    #[test]
    fn the_deal_follows_the_page_order() {
        use rand::seq::SliceRandom;
        let g = game3();
        let s = g.deal(&mut ChaCha8Rng::seed_from_u64(11));
        let mut cards: Vec<TarotCard> = TarotCard::all().collect();
        cards.shuffle(&mut ChaCha8Rng::seed_from_u64(11));
        let skat: TarotSet = [cards[0], cards[19], cards[35]].into_iter().collect();
        assert_eq!(s.solo().skat(), skat);
        let first: TarotSet = cards[1..7]
            .iter()
            .chain(&cards[20..25])
            .chain(&cards[36..42])
            .copied()
            .collect();
        assert_eq!(s.held(seat(0)), first);
    }

    /// Declarations: kind by kind, the most points of melds with no common card.
    #[test]
    fn declarations_count_every_kind_once_per_card() {
        let x = SequenceScore::Extra;
        // The page's melds one at a time.
        assert_eq!(declare(set("KS JH"), x).points, 6);
        assert_eq!(declare(set("QS CD"), x).points, 6);
        assert_eq!(declare(set("CS JS"), x).points, 8);
        assert_eq!(declare(set("KS QS"), x).points, 10);
        assert_eq!(declare(set("3T 4T 5T"), x).points, 10);
        assert_eq!(declare(set("21T 1T"), x).points, 12);
        // Royal Orgy: its Marriage, Union and two Affairs (KS-JH, QS-CH) count too
        // (30 + 10 + 8 + 6 + 6).
        let ro = declare(set("KS QS CH JH"), x);
        assert_eq!((ro.points, ro.melds, ro.royal_orgies), (60, 5, 1));
        // Full Court: 50 + Marriage 10 + Union 8; no Affair inside one suit.
        let fc = declare(set("KS QS CS JS"), x);
        assert_eq!((fc.points, fc.melds, fc.full_courts), (68, 3, 1));
        // Two black Kings and one red Page: one Affair (the Page is in one Affair only), but
        // all three cards are laid down.
        let a = declare(set("KS KC JH 1D"), x);
        assert_eq!((a.points, a.cards), (6, set("KS KC JH")));
        // A run of six is one sequence (13), not two of three.
        assert_eq!(declare(set("3T 4T 5T 6T 7T 8T"), x).points, 13);
        assert_eq!(
            declare(set("3T 4T 5T 6T 7T 8T"), SequenceScore::PerCard).points,
            16
        );
        // Two runs, and the trump marriage.
        assert_eq!(declare(set("1T 2T 3T 19T 20T 21T"), x).points, 10 + 10 + 12);
        // The fixed deal: seat 0 has the Full Court of spades (68), KH with... no red Page
        // except its own colour: KH-JS? JS is black: an Affair (6); QS-CH? seat 0 has no CH.
        // Sequence 8-12 (12). KS-JH? no JH. Total 68 + 6 + 12 = 86.
        let s = fixed();
        assert_eq!(s.solo().declaration_points(seat(0)), 86);
        assert_eq!(
            s.solo().declared(seat(0)),
            set("KS QS CS JS 8T 9T 10T 11T 12T KH")
        );
        // Seat 1: Union of hearts CH JH (8), Marriage KD QD (10), Royal Orgy KD QD + CH JH?
        // same colour: no. Affairs: QH-CS? no CS; KD-JS/JC? none; QD-CC/CS? none. Trump
        // marriage 1-21 (12). No sequence. 30.
        assert_eq!(s.solo().declaration_points(seat(1)), 30);
        // Seat 2: the Full Court of clubs (68), the Union CD JD (8), the Royal Orgy KC QC with
        // CD JD (30), Affairs KC-JD and QC-CD (12), the sequence 18-20 (10): 128.
        assert_eq!(s.solo().declaration_points(seat(2)), 128);
    }

    /// The bidding: the first solo bid wins at once.
    #[test]
    fn the_first_to_bid_solo_plays() {
        let g = game3();
        let mut s = fixed();
        act(&g, &mut s, RoyalOrgyAction::Pass);
        assert_eq!(g.to_move(&s), ToMove::Seat(seat(1)));
        act(&g, &mut s, RoyalOrgyAction::Solo);
        assert_eq!(s.solo().soloist(), Some(seat(1)));
        assert!(!s.solo().forced());
        assert_eq!(s.solo().phase(), Phase::Exchange);
        // The soloist took the skat.
        assert_eq!(s.held(seat(1)).len(), 20);
        assert!(set("3T 5T 7T").is_subset(s.held(seat(1))));
        assert_eq!(g.to_move(&s), ToMove::Seat(seat(1)));
    }

    /// All pass: the most declaration points plays (seat 2's 128).
    #[test]
    fn all_pass_and_the_most_declaration_points_plays() {
        let g = game3();
        let mut s = fixed();
        for _ in 0..3 {
            act(&g, &mut s, RoyalOrgyAction::Pass);
        }
        assert_eq!(s.solo().soloist(), Some(seat(2)));
        assert!(s.solo().forced());
    }

    /// Fills three hands from `seeds` with cards that add no meld, the rest (3) to the skat
    /// (random fills from fixed seeds until one fits).
    fn meldless(seeds: [&str; 3]) -> ([TarotSet; 3], TarotSet) {
        use rand::seq::SliceRandom;
        for attempt in 0..10_000 {
            let mut h = seeds.map(set);
            let mut skat = TarotSet::EMPTY;
            let seeded = h[0] | h[1] | h[2];
            let mut rest: Vec<TarotCard> = (TarotSet::DECK - seeded).iter().collect();
            rest.shuffle(&mut ChaCha8Rng::seed_from_u64(attempt));
            for x in rest {
                let spot = (0..3)
                    .filter(|&i| h[i].len() < 17 && meld_cards(h[i].with(x)) == meld_cards(h[i]))
                    .min_by_key(|&i| h[i].len());
                match spot {
                    Some(i) => h[i].insert(x),
                    None => skat.insert(x),
                };
            }
            if skat.len() == 3 {
                return (h, skat);
            }
        }
        panic!("no fill found");
    }

    /// All pass with equal declaration points: the first in the bidding order (the eldest,
    /// then the next) plays.
    #[test]
    fn a_tie_in_declarations_goes_to_the_earliest_bidder() {
        let g = game3();
        let (h, skat) = meldless(["", "KS QS", "KC QC"]);
        let mut s = g.deal3_at(seat(2), h, skat);
        let pts = [0, 1, 2].map(|i| s.solo().declaration_points(seat(i)));
        assert_eq!(pts, [0, 10, 10]);
        for _ in 0..3 {
            act(&g, &mut s, RoyalOrgyAction::Pass);
        }
        assert_eq!(s.solo().soloist(), Some(seat(1)));
        // With the dealer seat 0, seat 1 is the eldest and seat 2 bids second: seat 1 again.
        let mut s = g.deal3_at(seat(0), h, skat);
        for _ in 0..3 {
            act(&g, &mut s, RoyalOrgyAction::Pass);
        }
        assert_eq!(s.solo().soloist(), Some(seat(1)));
        // With the dealer seat 1, seat 2 is the eldest: seat 2 plays.
        let mut s = g.deal3_at(seat(1), h, skat);
        for _ in 0..3 {
            act(&g, &mut s, RoyalOrgyAction::Pass);
        }
        assert_eq!(s.solo().soloist(), Some(seat(2)));
    }

    /// The discard: not a 4-point card, not declared, not a trump; middle trumps only when
    /// nothing else is left, and shown.
    #[test]
    fn the_discard_keeps_kings_tarocks_declared_cards_and_trumps() {
        let g = game3();
        let mut s = fixed();
        act(&g, &mut s, RoyalOrgyAction::Solo);
        // Seat 0 plays: 20 cards; free cards: 7S 8S 4H 3H 2H 2D (KH is declared
        // and a King; the trumps are trumps).
        let (free, tier) = discard_choices(s.held(seat(0)), s.solo().declared(seat(0)));
        assert_eq!((free, tier), (set("7S 8S 4H 3H 2H 2D"), 1));
        assert_eq!(legal(&g, &s).len(), 6);
        // A face-down discard is not seen by the others; the soloist sees its own.
        let a = RoyalOrgyAction::Discard(c("7S"));
        assert_eq!(g.observe_action(&s, a, seat(1)), None);
        assert_eq!(g.observe_action(&s, a, seat(0)), Some(a));
        act(&g, &mut s, a);
        act(&g, &mut s, RoyalOrgyAction::Discard(c("8S")));
        act(&g, &mut s, RoyalOrgyAction::Discard(c("2D")));
        assert_eq!(s.solo().phase(), Phase::Play);
        assert!(s.solo().shown().is_empty());
        // The eldest (seat 0) leads.
        assert_eq!(g.to_move(&s), ToMove::Seat(seat(0)));

        // A hand of trumps, Kings and declared cards: undeclared middle trumps next, shown.
        let hand = set("KS KH KD KC 1T 21T 22T 2T 4T 6T 8T QS QD 7S");
        let declared = meld_cards(hand);
        assert_eq!(declared, set("KS QS KD QD 1T 21T"));
        assert_eq!(discard_choices(hand, declared), (set("7S"), 1));
        assert_eq!(
            discard_choices(hand.without(c("7S")), declared),
            (set("2T 4T 6T 8T"), 2)
        );
        // With no middle trump left: any card not worth 4 (the declared Queens).
        assert_eq!(
            discard_choices(set("KS KH KD KC 1T 21T 22T QS QD"), declared),
            (set("QS QD"), 3)
        );
    }

    /// A discarded trump is shown to everyone, and tells the defenders the soloist had no
    /// plain card left to discard.
    #[test]
    fn a_discarded_trump_is_shown() {
        let g = game3();
        let mut found = false;
        for seed in 0..400 {
            let mut rng = ChaCha8Rng::seed_from_u64(seed);
            let mut s = g.deal(&mut rng);
            g.apply(&mut s, RoyalOrgyAction::Solo, &mut rng);
            for _ in 0..3 {
                let acts = legal(&g, &s);
                let a = acts[0];
                let RoyalOrgyAction::Discard(x) = a else {
                    panic!()
                };
                if x.is_trump() {
                    found = true;
                    assert_eq!(g.observe_action(&s, a, seat(1)), Some(a));
                    g.apply(&mut s, a, &mut rng);
                    assert!(s.solo().shown().contains(x));
                    let o = g.observe(&s, seat(1));
                    assert!(o.view.solo().discards().contains(x));
                    // No undeclared plain card other than a King is left in its hand.
                    let plain = s.held(seat(0))
                        - TarotSet::TRUMPS
                        - three::four_point_cards()
                        - s.solo().declared(seat(0));
                    assert!(plain.is_empty());
                } else {
                    g.apply(&mut s, a, &mut rng);
                }
            }
            if found {
                break;
            }
        }
        assert!(found, "no trump discard in 400 deals");
    }

    /// Follow suit, else trump, else any card.
    #[test]
    fn play_follows_suit_else_trumps() {
        let g = game3();
        let mut s = fixed();
        act(&g, &mut s, RoyalOrgyAction::Solo); // seat 0
        for d in ["7S", "8S", "2D"] {
            act(&g, &mut s, RoyalOrgyAction::Discard(c(d)));
        }
        // Seat 0 leads KH; seat 1 must follow with a heart.
        play(&g, &mut s, "KH");
        assert_eq!(legal(&g, &s).len(), 3); // QH CH JH
        play(&g, &mut s, "QH");
        // Seat 2 holds the remaining hearts 1H? no: seat 0 holds 4H 3H 2H, seat 1 QH CH JH,
        // so seat 2 has KH? no, KH is seat 0's: seat 2 holds 1H only.
        assert_eq!(legal(&g, &s), vec![RoyalOrgyAction::Play(c("1H"))]);
        play(&g, &mut s, "1H");
        // KH wins: the Marriage KH-QH by capture scores 5 for its winner (the King's player).
        assert_eq!(s.leader(), seat(0));
        assert_eq!(s.solo().captures(seat(0)), 5);
        // Seat 0 leads 2D? discarded. It leads a club it lacks... it leads 4H: seat 1 follows.
        play(&g, &mut s, "4H");
        play(&g, &mut s, "CH");
        // Seat 2 has no heart left: it must trump.
        let l = legal(&g, &s);
        assert!(
            l.iter()
                .all(|a| matches!(a, RoyalOrgyAction::Play(x) if x.is_trump())),
            "{l:?}"
        );
        assert!(s.solo().excluded(seat(2)).is_disjoint(TarotSet::TRUMPS));
    }

    fn t3(a: &str, b: &str, d: &str) -> (usize, u32) {
        three::trick3([c(a), c(b), c(d)])
    }

    /// The page: "if the Knight and Page of Spades and the Queen of Hearts are all played,
    /// the winner of the trick will score 4 for the Union, and 3 for the Affair" (the Knight
    /// wins, and is in both).
    #[test]
    fn the_pages_knight_page_and_queen_capture() {
        assert_eq!(t3("JS", "CS", "QH"), (1, 7));
        assert_eq!(t3("QH", "JS", "CS"), (0, 3)); // hearts led: the Queen wins, in the Affair only
    }

    /// The page: "a Black page may take a trick that also contains a King and Queen of
    /// hearts, only the Affair is scored for, as the Page has no relationship with the Queen";
    /// and the page's Marriage: "the player of the King will score 5 ... if he wins the trick".
    #[test]
    fn the_pages_black_page_scores_only_the_affair() {
        assert_eq!(t3("JS", "KH", "QH"), (0, 3));
        assert_eq!(t3("KH", "QH", "7S"), (0, 5));
        // A trick won by a card in no pair scores nothing.
        assert_eq!(t3("7S", "KH", "QH"), (0, 0));
        // The Sküs takes 21 and 1: no Trump Marriage by capture; 21 winning over 1 does.
        assert_eq!(t3("21T", "1T", "22T"), (2, 0));
        assert_eq!(t3("1T", "21T", "5T"), (1, 6));
        // Two Affairs with one winning King both count.
        assert_eq!(t3("KS", "JH", "JD"), (0, 6));
    }

    /// Every hand: 52 card points and 18 tricks (the discard is one) = 70, the soloist's and
    /// the defenders' adding up; the scores change exactly as the contract says (one-hand
    /// games, `max_hands=1`, so that the piles stay to be counted).
    #[test]
    fn seventy_card_points_and_the_contract_scores() {
        let g = RoyalOrgy::new(3, &Params::new().set("max_hands", 1)).unwrap();
        let (mut made, mut lost) = (0, 0);
        for seed in 0..60 {
            let mut rng = ChaCha8Rng::seed_from_u64(seed);
            let mut s = g.deal(&mut rng);
            let mut buf = Vec::new();
            while g.to_move(&s) != ToMove::Over {
                g.legal_actions(&s, &mut buf);
                let a = buf[rng.random_range(0..buf.len())];
                g.apply(&mut s, a, &mut rng);
            }
            let si = s.solo().soloist().unwrap().index();
            let cp = |i: usize| card_points(s.won(seat(i))) + u32::from(s.tricks(seat(i)));
            let solo_cp = cp(si) + card_points(s.solo().discards()) + 1;
            assert_eq!(Some(solo_cp), RoyalOrgy::soloist_card_points(&s));
            let def_cp: u32 = (0..3).filter(|&i| i != si).map(cp).sum();
            assert_eq!(solo_cp + def_cp, 70);
            let own = |i: usize| s.solo().declaration_points(seat(i)) + s.solo().captures(seat(i));
            for i in 0..3 {
                let expect = if i == si {
                    if solo_cp >= 36 {
                        50 + own(i)
                    } else {
                        0
                    }
                } else {
                    own(i)
                        + if solo_cp >= 36 {
                            0
                        } else {
                            own(si).div_ceil(2)
                        }
                };
                assert_eq!(s.scores()[i], expect, "seed {seed} seat {i}");
            }
            if solo_cp >= 36 {
                made += 1;
            } else {
                lost += 1;
            }
        }
        assert!(made > 0 && lost > 0, "{made} {lost}");
    }

    /// Exact scoring on the fixed deal: seat 0 (86 declared) plays solo; seat 1 declared 30.
    #[test]
    fn exact_scores_of_a_made_and_a_lost_solo() {
        let g = RoyalOrgy::new(3, &Params::new().set("max_hands", 1)).unwrap();
        let mut s = g.deal3_at(seat(2), hands(), set("3T 5T 7T"));
        act(&g, &mut s, RoyalOrgyAction::Solo);
        for d in ["7S", "8S", "2D"] {
            act(&g, &mut s, RoyalOrgyAction::Discard(c(d)));
        }
        let mut rng = ChaCha8Rng::seed_from_u64(0);
        let mut buf = Vec::new();
        while g.to_move(&s) != ToMove::Over {
            g.legal_actions(&s, &mut buf);
            g.apply(&mut s, buf[0], &mut rng);
        }
        let cp = RoyalOrgy::soloist_card_points(&s).unwrap();
        let caps = [0, 1, 2].map(|i| s.solo().captures(seat(i)));
        let d2 = s.solo().declaration_points(seat(2));
        // Seat 0 takes 30 card points (< 36): it scores nothing, and each defender adds half
        // of its 86: seat 1 30 + 43, seat 2 128 + 43.
        assert_eq!((cp, caps, d2), (30, [0, 0, 0], 128));
        assert_eq!(s.scores(), [0, 73, 171]);

        // All pass: seat 2 (128) must play; with the first legal card everywhere it takes 26
        // card points and loses: each defender adds its own and 64.
        let mut s = g.deal3_at(seat(2), hands(), set("3T 5T 7T"));
        for _ in 0..3 {
            act(&g, &mut s, RoyalOrgyAction::Pass);
        }
        while g.to_move(&s) != ToMove::Over {
            g.legal_actions(&s, &mut buf);
            g.apply(&mut s, buf[0], &mut rng);
        }
        let cp = RoyalOrgy::soloist_card_points(&s).unwrap();
        let caps = [0, 1, 2].map(|i| s.solo().captures(seat(i)));
        assert_eq!((cp, caps), (26, [0, 0, 0]));
        assert_eq!(s.scores(), [86 + 64, 30 + 64, 0]);
    }

    /// The game ends after a multiple of three deals with `deals`, or at the target.
    #[test]
    fn the_game_ends_after_the_deals_or_at_the_target() {
        let g = RoyalOrgy::new(3, &Params::new().set("deals", 6)).unwrap();
        let mut rng = ChaCha8Rng::seed_from_u64(5);
        let mut s = g.deal(&mut rng);
        let mut dealers = Vec::new();
        let mut buf = Vec::new();
        while g.to_move(&s) != ToMove::Over {
            if dealers.len() == s.hands_played() as usize {
                dealers.push(s.dealer().index());
            }
            g.legal_actions(&s, &mut buf);
            let a = buf[rng.random_range(0..buf.len())];
            g.apply(&mut s, a, &mut rng);
        }
        assert_eq!(s.hands_played(), 6);
        // The deal passes round the table.
        assert_eq!(dealers, vec![2, 0, 1, 2, 0, 1]);
        let g = RoyalOrgy::new(3, &Params::new().set("target", 300)).unwrap();
        let report = conformance::random_games(&g, 0..3, 1_000_000);
        for st in &report.stats {
            assert!(st[1] >= 300.0 || st[9] == 1.0, "{st:?}");
        }
    }

    #[test]
    fn conformance_random_games_three_players() {
        let g = RoyalOrgy::new(3, &Params::new().set("deals", 3)).unwrap();
        let report = conformance::random_games(&g, 0..40, 100_000);
        assert_eq!(report.games, 40);
        let g = game3();
        let report = conformance::random_games(&g, 100..102, 1_000_000);
        assert_eq!(report.games, 2);
    }

    /// From the start of play of the fixed deal (seat 0 soloist, discards 7S 8S 2D, seat 0
    /// leading its 17 cards): depth 1 is 17; for each lead, the replies of seat 1 and then
    /// seat 2 are its cards of the suit led, else its trumps, else all, counted by the
    /// formula below from the hands alone.
    #[test]
    fn perft_counts_from_the_first_lead() {
        let g = game3();
        let mut s = fixed();
        act(&g, &mut s, RoyalOrgyAction::Solo);
        for d in ["7S", "8S", "2D"] {
            act(&g, &mut s, RoyalOrgyAction::Discard(c(d)));
        }
        let h = [0, 1, 2].map(|i| s.held(seat(i)));
        let replies = |hand: TarotSet, led: TarotCard| {
            let f = hand.of_follow(led.follows());
            if !f.is_empty() {
                f.len()
            } else if !hand.trumps().is_empty() {
                hand.trumps().len()
            } else {
                hand.len()
            }
        };
        let d2: usize = h[0].iter().map(|l| replies(h[1], l)).sum();
        let d3: usize = h[0]
            .iter()
            .map(|l| replies(h[1], l) * replies(h[2], l))
            .sum();
        assert_eq!(h[0].len(), 17);
        let t = perft_table(&g, &s, 3);
        assert_eq!(t, vec![17, d2 as u64, d3 as u64]);
        // The literal figures, so that a change shows here too.
        assert_eq!(t, vec![17, 116, 436]);
    }

    /// Observations: declared cards are public, the skat is hidden from all until taken, the
    /// face-down discards from the defenders; the soloist knows its discards.
    #[test]
    fn observations_show_declarations_and_hide_the_skat_and_discards() {
        let g = game3();
        let mut s = fixed();
        let o = g.observe(&s, seat(1));
        assert_eq!(o.view.held(seat(0)), s.solo().declared(seat(0)));
        assert_eq!(o.view.held(seat(1)), s.held(seat(1)));
        assert!(o.view.solo().skat().is_empty());
        assert_eq!(
            o.concealed,
            [
                7,
                0,
                s.held(seat(2)).len() as u8 - s.table(seat(2)).len() as u8
            ]
        );
        act(&g, &mut s, RoyalOrgyAction::Solo);
        for d in ["7S", "8S", "2D"] {
            act(&g, &mut s, RoyalOrgyAction::Discard(c(d)));
        }
        let o1 = g.observe(&s, seat(1));
        assert!(o1.view.solo().discards().is_empty());
        assert_eq!(o1.hidden, 3);
        let o0 = g.observe(&s, seat(0));
        assert_eq!(o0.view.solo().discards(), set("7S 8S 2D"));
        assert_eq!(o0.hidden, 0);
        // Determinizations agree with the observation and keep the declared cards where they
        // are.
        let mut rng = ChaCha8Rng::seed_from_u64(1);
        for who in 0..3 {
            let o = g.observe(&s, seat(who));
            for _ in 0..20 {
                let d = g.determinize(&o, &mut rng);
                g.check_invariants(&d).unwrap();
                assert_eq!(g.observe(&d, seat(who)), o);
                for i in 0..3 {
                    assert!(s.table(seat(i)).is_subset(d.held(seat(i))));
                }
            }
        }
    }

    /// The exact chance of each unseen card being in each place (0-2 a seat's concealed
    /// hand, 3 the soloist's face-down discards) for `obs`, by listing every assignment of the
    /// unseen cards and weighting it by the deals that lead to it: each hand must declare
    /// exactly what it declared (for the soloist, seen by a defender, counted over every
    /// choice of three of its undeclared cards as the skat), hold no card it is known not to
    /// hold, and the face-down discards must be plain cards not worth 4.
    fn exact_places(obs: &RoyalOrgyObservation) -> Vec<(TarotCard, [f64; 4])> {
        let v = &obs.view;
        let solo = v.solo();
        let me = obs.seat;
        let unseen: Vec<TarotCard> = obs.unseen().iter().collect();
        let n = unseen.len();
        let others: Vec<Seat> = (0..3).map(seat).filter(|&o| o != me).collect();
        let counts = [
            obs.concealed[others[0].index()] as usize,
            obs.concealed[others[1].index()] as usize,
        ];
        assert_eq!(counts[0] + counts[1] + obs.hidden as usize, n);
        let mut totals = vec![[0.0; 4]; n];
        let mut weight_sum = 0.0;
        // Each card's place: 0 or 1 (the two others), 2 (discards).
        let mut place = vec![0usize; n];
        let combos = 3usize.pow(n as u32);
        for code in 0..combos {
            let mut x = code;
            let mut size = [0; 3];
            for p in place.iter_mut() {
                *p = x % 3;
                x /= 3;
                size[*p] += 1;
            }
            if size != [counts[0], counts[1], obs.hidden as usize] {
                continue;
            }
            let mut hand = [TarotSet::EMPTY; 3];
            for (k, &p) in place.iter().enumerate() {
                hand[p].insert(unseen[k]);
            }
            if !(hand[2] & (TarotSet::TRUMPS | three::four_point_cards())).is_empty() {
                continue;
            }
            let mut w = 1.0;
            for (k, &o) in others.iter().enumerate() {
                if !(hand[k] & solo.excluded(o)).is_empty() {
                    w = 0.0;
                }
                let d = solo.declared(o);
                let now = v.held(o) | hand[k] | solo.played_by(o);
                if solo.soloist() == Some(o) {
                    // Count the skats.
                    let pool = now | solo.discards() | hand[2];
                    let free: Vec<TarotCard> = (pool - d).iter().collect();
                    let mut ok = 0;
                    for a in 0..free.len() {
                        for b in a + 1..free.len() {
                            for c3 in b + 1..free.len() {
                                let skat: TarotSet =
                                    [free[a], free[b], free[c3]].into_iter().collect();
                                ok += u32::from(meld_cards(pool - skat) == d);
                            }
                        }
                    }
                    w *= f64::from(ok);
                } else if meld_cards(now) != d {
                    w = 0.0;
                }
            }
            if w == 0.0 {
                continue;
            }
            weight_sum += w;
            for (k, &p) in place.iter().enumerate() {
                let slot = if p == 2 { 3 } else { others[p].index() };
                totals[k][slot] += w;
            }
        }
        assert!(weight_sum > 0.0);
        unseen
            .iter()
            .zip(totals)
            .map(|(&c, t)| (c, t.map(|x| x / weight_sum)))
            .collect()
    }

    /// Determinizations against exact counts: late in random hands (at most 10 unseen
    /// cards), for every seat, the share of 4,000 determinizations putting each unseen card
    /// in each place is within 5 standard deviations (plus 0.01) of the exact chance.
    #[test]
    fn determinizations_match_exact_counts_late_in_a_hand() {
        let g = RoyalOrgy::new(3, &Params::new().set("max_hands", 1)).unwrap();
        let mut checked = 0;
        let mut with_soloist_skats = 0;
        for seed in 0..12 {
            let mut rng = ChaCha8Rng::seed_from_u64(seed);
            let mut s = g.deal(&mut rng);
            let mut buf = Vec::new();
            while g.to_move(&s) != ToMove::Over {
                let left: usize = (0..3).map(|i| s.held(seat(i)).len()).sum();
                if left <= 8 && left % 3 == 2 {
                    break;
                }
                g.legal_actions(&s, &mut buf);
                let a = buf[rng.random_range(0..buf.len())];
                g.apply(&mut s, a, &mut rng);
            }
            for who in 0..3 {
                let o = g.observe(&s, seat(who));
                if o.unseen().len() > 10 {
                    continue;
                }
                let exact = exact_places(&o);
                let samples = 4000;
                let mut counts = vec![[0u32; 4]; exact.len()];
                for _ in 0..samples {
                    let d = g.determinize(&o, &mut rng);
                    for (k, (c, _)) in exact.iter().enumerate() {
                        let slot = (0..3).find(|&i| d.held(seat(i)).contains(*c)).unwrap_or(3);
                        counts[k][slot] += 1;
                    }
                }
                for (k, (c, p)) in exact.iter().enumerate() {
                    for slot in 0..4 {
                        let f = f64::from(counts[k][slot]) / f64::from(samples);
                        let sd = (p[slot] * (1.0 - p[slot]) / f64::from(samples)).sqrt();
                        assert!(
                            (f - p[slot]).abs() <= 5.0 * sd + 0.01,
                            "seed {seed} seat {who} card {c} place {slot}: {f} vs exact {}",
                            p[slot]
                        );
                    }
                }
                checked += 1;
                with_soloist_skats += usize::from(s.solo().soloist() != Some(seat(who)));
            }
        }
        assert!(
            checked >= 20 && with_soloist_skats >= 10,
            "{checked} {with_soloist_skats}"
        );
    }
}

/// The three-player soak: `SOAK_GAMES` (default 10,000) random whole games to 1000
/// through `conformance::soak` with `full_every` 1000, in chunks of 10,000 seeds with the
/// progress printed (so that a run stopped early still says how far it got).
#[test]
#[ignore]
fn royal_orgy_soak_three_players() {
    let n: u64 = conformance::soak_games(10_000);
    let g = RoyalOrgy::new(3, &Params::new()).unwrap();
    let start = std::time::Instant::now();
    let mut done = 0;
    while done < n {
        let end = (done + 10_000).min(n);
        let report = conformance::soak(&g, done..end, 1_000_000, 1000);
        assert_eq!(report.games as u64, end - done);
        done = end;
        eprintln!(
            "royal-orgy 3p soak: {done} games, zero violations, {:.0} s",
            start.elapsed().as_secs_f64()
        );
    }
}

/// The statistics, column by column, from set totals: per-hand means over the hands (at least
/// one), the winning score and margin, the elder hand's share, a capped game, and the solos.
#[test]
fn stats_count_every_column() {
    let g = game();
    let mut s = g.deal(&mut rng());
    let mut out = vec![9.0];
    s.hands = 0;
    g.stats(&s, &mut out);
    assert_eq!(out, vec![0.0; RoyalOrgy::INFO.stats.len()]);
    s.hands = 4;
    s.scores = [300, 520, 0];
    s.totals = Totals {
        melds: 6,
        meld_points: 200,
        capture_points: 40,
        royal_orgies: 1,
        full_courts: 2,
        card_points: 100,
        elder_card_points: 30,
        ..Totals::default()
    };
    g.stats(&s, &mut out);
    assert_eq!(
        out,
        [4.0, 520.0, 220.0, 1.5, 50.0, 10.0, 1.0, 2.0, 0.3, 0.0, 0.0, 0.0, 0.0]
    );
    // Over below the target: capped; over with a winner at the target: not.
    s.over = true;
    g.stats(&s, &mut out);
    assert_eq!(out[9], 1.0);
    s.scores = [1050, 900, 0];
    g.stats(&s, &mut out);
    assert_eq!((out[1], out[2], out[9]), (1050.0, 150.0, 0.0));
    // Exactly at the target, above the other: won, not capped.
    s.scores = [900, 1000, 0];
    g.stats(&s, &mut out);
    assert_eq!((out[1], out[2], out[9]), (1000.0, 100.0, 0.0));
    s.scores = [1000, 1000, 0];
    g.stats(&s, &mut out);
    assert_eq!(
        (out[2], out[9]),
        (0.0, 1.0),
        "a tie at the target is capped too"
    );
    // Three players: the margin is to the second score; the solos' columns.
    let g3 = RoyalOrgy::new(3, &Params::new()).unwrap();
    let mut s3 = g3.deal(&mut rng());
    s3.hands = 5;
    s3.scores = [100, 400, 250];
    s3.totals = Totals {
        solos: 4,
        solos_made: 3,
        forced_solos: 2,
        soloist_card_points: 160,
        ..Totals::default()
    };
    g3.stats(&s3, &mut out);
    assert_eq!((out[1], out[2]), (400.0, 150.0));
    assert_eq!(out[10..], [0.75, 0.4, 40.0]);
}

/// The deal text reads back for two and three players; a card moved or written twice is
/// refused.
#[test]
fn the_deal_text_reads_back() {
    use crate::deal_text::{round_trip, DealText};
    for players in [2, 3] {
        let g = RoyalOrgy::new(players, &Params::new()).unwrap();
        for seed in 0..4 {
            let s = g.deal(&mut ChaCha8Rng::seed_from_u64(seed));
            let text = round_trip(&g, &s).unwrap();
            let tail = if players == 2 {
                "; stock: "
            } else {
                "; skat: "
            };
            assert!(text.starts_with("hands: ") && text.contains(tail), "{text}");
            let first = text["hands: ".len()..]
                .split(' ')
                .next()
                .unwrap()
                .to_string();
            crate::deal_text::assert_misplaced_card_refused(&g, &s, &first);
            assert!(g.parse_deal(&text.replacen(&first, "99T", 1)).is_err());
        }
    }
}

// Tests written from the code before Royal Orgy's mutation run (issue #27 §1): every
// invariant broken alone, the accessors, the scoring helpers, the totals, the game's end,
// the tensor and the text, the deal text's refusals, the moves' names and who sees them, and
// determinizations before play.

use crate::games::common::testing::assert_each_corruption_refused_saying;
use three::{declare, meld_cards, Phase};
use three_players::{act, fixed, game3, seat};

/// Plays random legal moves of `g` from the deal of `seed`, checking the invariants after
/// each, and returns the first state for which `want` holds (`None` if the game ends first).
fn first_state(
    g: &RoyalOrgy,
    seed: u64,
    want: impl Fn(&RoyalOrgyState) -> bool,
) -> Option<RoyalOrgyState> {
    let mut r = ChaCha8Rng::seed_from_u64(seed);
    let mut s = g.deal(&mut r);
    let mut buf = Vec::new();
    while !want(&s) {
        if g.to_move(&s) == ToMove::Over {
            return None;
        }
        g.legal_actions(&s, &mut buf);
        let a = buf[r.random_range(0..buf.len())];
        g.apply(&mut s, a, &mut r);
        g.check_invariants(&s).unwrap();
    }
    Some(s)
}

/// [`first_state`] of the first seed (from 0) whose game reaches such a state.
fn some_state(g: &RoyalOrgy, want: impl Fn(&RoyalOrgyState) -> bool) -> RoyalOrgyState {
    (0..300)
        .find_map(|seed| first_state(g, seed, &want))
        .expect("a random game reaches the state wanted")
}

/// Tricks won this hand by all seats.
fn tricks_played(s: &RoyalOrgyState) -> usize {
    s.tricks.iter().map(|&t| usize::from(t)).sum()
}

/// The first card seat `i` holds off the table (two players) or undeclared (three).
fn concealed(s: &RoyalOrgyState, i: usize) -> TarotCard {
    (s.held[i] - s.table[i] - s.solo.declared[i])
        .iter()
        .next()
        .expect("a concealed card")
}

/// Moves `card` from seat `i`'s hand to the soloist's discards and `discard` back to that
/// hand.
fn swap_discard(s: &mut RoyalOrgyState, i: usize, discard: &str, card: &str) {
    assert!(s.solo.discards.contains(c(discard)) && s.held[i].contains(c(card)));
    s.solo.discards = s.solo.discards.without(c(discard)).with(c(card));
    s.held[i] = s.held[i].without(c(card)).with(c(discard));
}

/// Card points by kind, two cards at a time so that a sum and a product differ, and every
/// kind together; `beats` in each case (trump over plain, plain under trump, trumps by
/// number, a suit by rank with the red pips' 1 high, off-suit never); the top two scores.
#[test]
fn card_points_beats_and_the_top_two_scores() {
    assert_eq!(card_points(TarotSet::EMPTY), 0);
    for (cards, points) in [
        ("KS KH", 8),
        ("QC QD", 6),
        ("CS CD", 4),
        ("JH JC", 2),
        ("1T 21T", 8),
        ("22T", 4),
        ("7S TC 4H 1D 2T 20T", 0),
        ("KS QH CD JC 1T 22T 9S 5T", 4 + 3 + 2 + 1 + 4 + 4),
    ] {
        assert_eq!(card_points(set(cards)), points, "{cards}");
    }
    let b = |x: &str, y: &str| beats(c(x), c(y));
    assert!(b("2T", "KS") && !b("KS", "2T"), "a trump beats a suit card");
    assert!(b("22T", "21T") && !b("1T", "2T"), "trumps by number");
    assert!(b("KS", "QS") && !b("7S", "8S"), "the suit led by rank");
    assert!(b("1H", "2H") && !b("4H", "3H"), "red pips: 1 high");
    for (x, y) in [("KH", "7S"), ("7S", "KH"), ("KC", "4D"), ("4D", "KC")] {
        assert!(!b(x, y), "{x} off-suit does not beat {y}");
    }
    assert_eq!(top_two(&[3, 9]), (9, 3));
    assert_eq!(top_two(&[9, 3]), (9, 3));
    assert_eq!(top_two(&[5, 9, 7]), (9, 7));
    assert_eq!(top_two(&[4, 1, 4]), (4, 4));
}

/// Three-player declarations by kind: each kind of both colours (so that the two colours'
/// counts add up), a lone card of a pair declares nothing, and trump runs of three or more.
#[test]
fn declarations_add_both_colours_and_lone_cards_declare_nothing() {
    let x = SequenceScore::Extra;
    // Two Full Courts of opposite colours: 4 Affairs, 2 Unions, 2 Marriages, 2 Royal Orgies.
    let d = declare(set("KS QS CS JS KH QH CH JH"), x);
    assert_eq!(
        (d.points, d.melds, d.royal_orgies, d.full_courts),
        (24 + 16 + 20 + 60 + 100, 12, 2, 2)
    );
    assert_eq!(declare(set("KS JH KH JS"), x).points, 12);
    assert_eq!(declare(set("QS CH QH CS"), x).points, 12);
    assert_eq!(declare(set("CS JS CH JH"), x).points, 16);
    assert_eq!(declare(set("KS QS KH QH"), x).points, 20);
    for lone in [
        "KS",
        "QS",
        "CH",
        "JH",
        "1T",
        "21T",
        "KS JS",
        "KS JC",
        "QS CC",
        "1T 21T 5T",
    ] {
        let d = declare(set(lone), x);
        let want = if lone.contains("1T 21T") { 12 } else { 0 };
        assert_eq!(d.points, want, "{lone}");
        assert_eq!(meld_cards(set(lone)).is_empty(), want == 0, "{lone}");
    }
    assert_eq!(meld_cards(set("1T 21T 5T")), set("1T 21T"));
    // Runs: 3-6 is one run, 9-10 and 12 are not.
    let trumps = set("3T 4T 5T 6T 9T 10T 12T");
    assert_eq!(meld_cards(trumps), set("3T 4T 5T 6T"));
    assert_eq!(declare(trumps, x).points, 11);
    assert_eq!(meld_cards(set("20T 21T 22T 1T")), set("20T 21T 22T 1T"));
    assert_eq!(meld_cards(set("KS QS CD")), set("KS QS CD"));
    assert_eq!(meld_cards(set("KS JD")), set("KS JD"));
    assert_eq!(meld_cards(set("CS JS")), set("CS JS"));
    assert_eq!(
        three::four_point_cards(),
        set("KS KH KD KC 1T 21T 22T"),
        "the cards worth 4"
    );
}

/// The moves' names, the melds' names, and every two-player move seen by both seats.
#[test]
fn moves_have_their_names_and_two_player_moves_are_public() {
    let names: Vec<&str> = MeldKind::ALL.iter().map(|k| k.name()).collect();
    assert_eq!(
        names,
        [
            "affair",
            "union",
            "marriage",
            "sequence",
            "trump-marriage",
            "royal-orgy",
            "full-court"
        ]
    );
    assert_eq!(RoyalOrgyAction::Play(c("21T")).to_string(), "21T");
    assert_eq!(
        meld(MeldKind::Marriage, "KS QS").to_string(),
        "marriage QS KS"
    );
    assert_eq!(RoyalOrgyAction::Pass.to_string(), "pass");
    assert_eq!(RoyalOrgyAction::Solo.to_string(), "solo");
    assert_eq!(RoyalOrgyAction::Discard(c("7S")).to_string(), "discard 7S");
    let g = game();
    let s = g.deal(&mut rng());
    for viewer in Seat::all(2) {
        for a in [
            RoyalOrgyAction::Play(c("7S")),
            meld(MeldKind::Union, "CS JS"),
            RoyalOrgyAction::Pass,
        ] {
            assert_eq!(g.observe_action(&s, a, viewer), Some(a));
        }
    }
}

/// Every accessor of the two-player state and observation read back in a scripted hand:
/// a trick, a Royal Orgy, the draws, a trick trumped by the other seat, a Full Court.
#[test]
fn the_two_player_state_reads_back_through_its_accessors() {
    let g = game();
    let held = [
        "KS QS CS JS CH JH 18T 19T 20T 22T 7C 8C 9C TC 4D",
        "7S 8S 9S TS 4H 3H 2H 1H 1D 2T 3T 5T 7T 9T 11T",
    ];
    let stock_set = TarotSet::DECK - set(held[0]) - set(held[1]);
    let stock: Vec<TarotCard> = stock_set.iter().collect();
    let mut s = position(held, &stock_set.to_string(), 0);
    let (s0, s1) = (Seat::new(0), Seat::new(1));
    assert_eq!((s.players(), s.dealer(), s.hands_played()), (2, s1, 0));
    assert_eq!(s.scores(), [0, 0]);
    assert_eq!(s.solo(), &three::Solo::default());
    assert_eq!((s.held(s0), s.held(s1)), (set(held[0]), set(held[1])));
    assert_eq!((s.stock(), s.stock_len()), (&stock[..], 24));
    assert!(s.stock_phase());
    assert_eq!((s.played(), s.leader()), (TarotSet::EMPTY, s0));
    play(&g, &mut s, "7C");
    assert_eq!(s.led(), Some(c("7C")));
    assert_eq!((s.trick_card(s0), s.trick_card(s1)), (Some(c("7C")), None));
    assert_eq!(s.played(), set("7C"));
    play(&g, &mut s, "7S");
    // The 7 of clubs led wins over an off-suit card: seat 0 may meld.
    assert_eq!(
        (s.melder(), s.led(), s.trick_card(s0)),
        (Some(s0), None, None)
    );
    assert!(legal(&g, &s).contains(&meld(MeldKind::RoyalOrgy, "KS QS CH JH")));
    assert_eq!((s.won(s0), s.won(s1)), (set("7C 7S"), TarotSet::EMPTY));
    assert_eq!((s.tricks(s0), s.tricks(s1)), (1, 0));
    assert_eq!(s.played(), set("7C 7S"));
    g.apply(&mut s, meld(MeldKind::RoyalOrgy, "KS QS CH JH"), &mut rng());
    assert_eq!(s.scores(), [30, 0]);
    assert_eq!(s.table(s0), set("KS QS CH JH"));
    assert_eq!(s.used(MeldKind::RoyalOrgy), set("KS QS CH JH"));
    assert_eq!(s.used(MeldKind::FullCourt), TarotSet::EMPTY);
    let mut used = [TarotSet::EMPTY; 7];
    used[MeldKind::RoyalOrgy as usize] = set("KS QS CH JH");
    assert_eq!(s.used_all(), &used);
    assert_eq!(
        *s.totals(),
        Totals {
            melds: 1,
            meld_points: 30,
            royal_orgies: 1,
            ..Totals::default()
        }
    );
    // The winner draws the last card of the stock (21T), the other the one before (17T).
    assert_eq!((s.stock(), s.stock_len()), (&stock[..22], 22));
    assert_eq!((stock[23], stock[22]), (c("21T"), c("17T")));
    assert!(s.held(s0).contains(c("21T")) && s.held(s1).contains(c("17T")));
    // Seat 1 trumps the 8 of clubs, has no meld, and leads.
    play(&g, &mut s, "8C");
    play(&g, &mut s, "2T");
    assert_eq!((s.leader(), s.melder(), s.tricks(s1)), (s1, None, 1));
    assert_eq!(s.won(s1), set("8C 2T"));
    play(&g, &mut s, "3T");
    play(&g, &mut s, "18T");
    // Seat 0's second trick: the Full Court needs the Knight and Page of spades from the hand.
    assert_eq!((s.melder(), s.tricks(s0)), (Some(s0), 2));
    assert!(legal(&g, &s).contains(&meld(MeldKind::FullCourt, "KS QS CS JS")));
    g.apply(&mut s, meld(MeldKind::FullCourt, "KS QS CS JS"), &mut rng());
    assert_eq!(s.scores(), [80, 0]);
    assert_eq!(s.table(s0), set("KS QS CS JS CH JH"));
    assert_eq!(
        (
            s.totals().melds,
            s.totals().meld_points,
            s.totals().royal_orgies,
            s.totals().full_courts
        ),
        (2, 80, 1, 1)
    );
    assert_eq!(s.played(), set("7C 7S 8C 2T 3T 18T"));
    // The observations: each seat's hand, and the other's concealed cards and the stock
    // unseen; a determinization deals exactly those again.
    let mut r = rng();
    for me in [s0, s1] {
        let them = other(me);
        let o = g.observe(&s, me);
        assert_eq!(o.hand(), s.held(me));
        let unseen: TarotSet = (s.held(them) - s.table(them)) | s.stock().iter().copied().collect();
        assert_eq!(o.unseen(), unseen);
        assert_eq!(usize::from(o.hidden), (s.held(them) - s.table(them)).len());
        let d = g.determinize(&o, &mut r);
        assert_eq!(d.held(me), s.held(me));
        let dealt: TarotSet = (d.held(them) - d.table(them)) | d.stock().iter().copied().collect();
        assert_eq!(dealt, unseen);
        assert_eq!(g.observe(&d, me), o);
    }
    // A position's won cards count as tricks, two cards a trick.
    let end = position(["KS 7S", "8S 9S"], "", 0);
    assert_eq!((end.won(s0).len(), end.won(s1).len()), (26, 24));
    assert_eq!((end.tricks(s0), end.tricks(s1)), (13, 12));
}

/// Every condition of the two-player `check_invariants`, broken alone in a real position, is
/// refused with its own message; the positions themselves (a trick led in the stock phase of
/// the second hand, a meld to make, the last tricks, a new hand, every card point won) pass.
#[test]
fn broken_two_player_positions_fail_the_invariants() {
    let g = game();
    let led = some_state(&g, |s| {
        let t = tricks_played(s);
        s.hands_played() == 1
            && s.stock_phase()
            && s.led().is_some()
            && !(s.table[0] | s.table[1]).is_empty()
            && s.tricks[0] > 0
            && s.tricks[1] > 0
            && t != 2
            && t != 4
            && s.scores[0] != s.scores[1]
    });
    assert_each_corruption_refused_saying(
        &g,
        &led,
        &[
            ("player count", |s| s.solo.three = true),
            ("twice in the stock", |s| s.stock[1] = s.stock[0]),
            ("in two places", |s| {
                let x = concealed(s, 1);
                s.won[0].insert(x);
            }),
            ("in two places", |s| {
                let o = other(s.leader).index();
                s.trick[o] = Some(concealed(s, o));
            }),
            ("not 54", |s| {
                let x = concealed(s, 0);
                s.held[0].remove(x);
            }),
            ("on the table it does not hold", |s| {
                let x = concealed(s, 1);
                s.table[0].insert(x);
            }),
            ("won cards and tricks disagree", |s| s.tricks[0] += 1),
            ("a meld outside the stock phase or in a trick", |s| {
                s.melder = Some(s.leader)
            }),
            ("tricks but", |s| {
                s.stock_len -= 1;
                let x = s.stock[usize::from(s.stock_len)];
                s.held[0].insert(x);
            }),
            ("cards, not", |s| {
                let x = concealed(s, 0);
                s.held[0].remove(x);
                s.held[1].insert(x);
            }),
            ("a full trick", |s| {
                let o = other(s.leader).index();
                let x = concealed(s, o);
                s.held[o].remove(x);
                s.trick[o] = Some(x);
            }),
        ],
    );
    let melding = some_state(&g, |s| s.melder().is_some() && tricks_played(s) >= 4);
    assert_each_corruption_refused_saying(
        &g,
        &melding,
        &[("a meld outside the stock phase or in a trick", |s| {
            let m = s.melder.unwrap().index();
            let x = concealed(s, m);
            s.held[m].remove(x);
            s.trick[m] = Some(x);
        })],
    );
    let last = some_state(&g, |s| {
        !s.stock_phase() && s.melder().is_none() && s.led().is_some() && s.hands_played() == 0
    });
    assert_each_corruption_refused_saying(
        &g,
        &last,
        &[("after the stock is gone", |s| s.table[1] = s.held[1])],
    );
    // Every card point won (52, not more), the last trick to play.
    let all_won = position(["7S 8S", "9S TS"], "", 0);
    assert_each_corruption_refused_saying(
        &g,
        &all_won,
        &[
            ("after the stock is gone", |s| s.table[0] = s.held[0]),
            ("a meld outside the stock phase or in a trick", |s| {
                s.melder = Some(Seat::new(0))
            }),
        ],
    );
    let fresh = some_state(&g, |s| {
        s.hands_played() == 1 && tricks_played(s) == 0 && s.scores[0] != s.scores[1]
    });
    assert_each_corruption_refused_saying(
        &g,
        &fresh,
        &[("the game is won but goes on", |s| s.scores[0] = 1000)],
    );
    // A tie at the target plays on; with `deals` the target ends nothing.
    let mut tie = fresh.clone();
    tie.scores = [1000, 1000, 0];
    g.check_invariants(&tie).unwrap();
    let mut won = fresh.clone();
    won.scores = [1000, 0, 0];
    let five = RoyalOrgy::new(2, &Params::new().set("deals", 5)).unwrap();
    five.check_invariants(&won).unwrap();
}

/// Every condition of the three-player `check_invariants`, broken alone, is refused with
/// its own message: in the bidding after two passes, in the exchange after one discard, in
/// play with two cards on the second trick; and positions late in a hand (every card point
/// taken) or at its first lead (the discards worth more than the tricks) pass.
#[test]
fn broken_three_player_positions_fail_the_invariants() {
    let g = game3();
    let mut bid = fixed();
    act(&g, &mut bid, RoyalOrgyAction::Pass);
    act(&g, &mut bid, RoyalOrgyAction::Pass);
    assert_eq!(
        (bid.solo().passes(), bid.solo().skat()),
        (2, set("3T 5T 7T"))
    );
    assert_each_corruption_refused_saying(
        &g,
        &bid,
        &[
            ("player count", |s| s.solo.three = false),
            ("in two places", |s| {
                let x = concealed(s, 1);
                s.won[0].insert(x);
            }),
            ("not 54", |s| {
                let x = concealed(s, 1);
                s.held[1].remove(x);
            }),
            ("a declared card it does not hold", |s| {
                let x = concealed(s, 2);
                s.table[1].insert(x);
                s.solo.declared[1].insert(x);
            }),
            ("a declared card it does not hold", |s| {
                let x = concealed(s, 1);
                s.table[1].insert(x);
            }),
            ("known not to hold", |s| {
                let x = concealed(s, 1);
                s.solo.excluded[1].insert(x);
            }),
            ("won cards and tricks disagree", |s| s.tricks[1] = 1),
            ("cards, not", |s| {
                let x = concealed(s, 1);
                s.held[1].remove(x);
                s.held[2].insert(x);
            }),
            ("a bad bidding state", |s| s.solo.passes = 3),
            ("a bad bidding state", |s| {
                s.solo.soloist = Some(Seat::new(2))
            }),
            ("a bad bidding state", |s| {
                let x = s.solo.skat.iter().next().unwrap();
                s.solo.skat.remove(x);
                s.solo.discards.insert(x);
            }),
        ],
    );
    let mut exchange = fixed();
    act(&g, &mut exchange, RoyalOrgyAction::Solo);
    act(&g, &mut exchange, RoyalOrgyAction::Discard(c("7S")));
    assert_each_corruption_refused_saying(
        &g,
        &exchange,
        &[
            ("cards, not", |s| {
                let x = concealed(s, 0);
                s.held[0].remove(x);
                s.held[1].insert(x);
            }),
            ("a discard broke the rules", |s| {
                s.solo.shown.insert(c("8S"));
            }),
        ],
    );
    let mut mid = fixed();
    act(&g, &mut mid, RoyalOrgyAction::Solo);
    for d in ["7S", "8S", "2D"] {
        act(&g, &mut mid, RoyalOrgyAction::Discard(c(d)));
    }
    for x in ["KH", "QH", "1H", "4H", "CH"] {
        act(&g, &mut mid, RoyalOrgyAction::Play(c(x)));
    }
    assert_each_corruption_refused_saying(
        &g,
        &mid,
        &[
            ("the skat was not taken", |s| s.solo.soloist = None),
            ("the skat was not taken", |s| {
                s.solo.discards.remove(c("7S"));
                s.solo.skat.insert(c("7S"));
            }),
            ("a discard broke the rules", |s| {
                s.solo.shown.insert(c("9S"));
            }),
            // A face-down trump, and a shown card worth 4.
            ("a discard broke the rules", |s| {
                swap_discard(s, 1, "7S", "2T")
            }),
            ("a discard broke the rules", |s| {
                swap_discard(s, 0, "8S", "22T");
                s.solo.shown.insert(c("22T"));
            }),
            ("a full trick", |s| {
                let x = concealed(s, 2);
                s.held[2].remove(x);
                s.trick[2] = Some(x);
            }),
        ],
    );
    let one = RoyalOrgy::new(3, &Params::new().set("max_hands", 1)).unwrap();
    let taken = |s: &RoyalOrgyState| {
        let won: u32 = (0..3).map(|i| card_points(s.won[i])).sum();
        (won, card_points(s.solo.discards))
    };
    let all = some_state(&one, |s| {
        let (won, discarded) = taken(s);
        !s.over && won + discarded == 52 && discarded >= 2
    });
    one.check_invariants(&all).unwrap();
    let first_lead = some_state(&one, |s| {
        s.solo.phase == Phase::Play && tricks_played(s) == 0 && taken(s).1 > 0
    });
    one.check_invariants(&first_lead).unwrap();
}

/// The observation tensor of `me` in `s`, segment by segment, against values derived from
/// the state as the page of `encoding.rs` lays them out (entry or plane `k` of a per-seat
/// segment is the seat `k` places to the observer's left; counts scaled as documented).
fn check_tensor(g: &RoyalOrgy, s: &RoyalOrgyState, me: Seat) {
    use crate::encoding::{Encoding, Tensor};
    let p = s.players();
    let mut t = Tensor::new();
    g.encode_observation(&g.observe(s, me), &mut t);
    let rel = |k: usize| Seat::new((me.index() + k) % p);
    let cards = |sets: &[TarotSet]| {
        let mut v = vec![0.0f32; 54 * sets.len()];
        for (k, set) in sets.iter().enumerate() {
            for x in set.iter() {
                v[54 * k + x.index()] = 1.0;
            }
        }
        v
    };
    let planes =
        |f: &dyn Fn(Seat) -> TarotSet| cards(&(0..p).map(|k| f(rel(k))).collect::<Vec<_>>());
    let values = |f: &dyn Fn(Seat) -> f32| (0..p).map(|k| f(rel(k))).collect::<Vec<f32>>();
    let hot = |who: Option<Seat>| values(&|x| f32::from(u8::from(who == Some(x))));
    let flag = |b: bool| vec![f32::from(u8::from(b))];
    let solo = s.solo();
    let three = p == 3;
    let soloist_me = solo.soloist() == Some(me);
    let off_table = |x: Seat| (s.held(x) - s.table(x)).len() as f32;
    let hidden = if !three {
        off_table(other(me))
    } else if soloist_me {
        0.0
    } else {
        (solo.discards() - solo.shown()).len() as f32
    };
    let mut phase = vec![0.0; 3];
    if three {
        let k = match solo.phase() {
            Phase::Bidding => 0,
            Phase::Exchange => 1,
            Phase::Play => 2,
        };
        phase[k] = 1.0;
    }
    let target = g.target() as f32;
    let want: Vec<(&str, Vec<f32>)> = vec![
        ("hand", cards(&[s.held(me)])),
        ("table", planes(&|x| s.table(x))),
        ("used", cards(s.used_all())),
        (
            "trick",
            planes(&|x| s.trick_card(x).map(TarotSet::from_card).unwrap_or_default()),
        ),
        ("trick.leader", hot(Some(s.leader()))),
        ("melder", hot(s.melder())),
        ("won", planes(&|x| s.won(x))),
        ("tricks", values(&|x| f32::from(s.tricks(x)) / 27.0)),
        ("stock", vec![s.stock_len() as f32 / 24.0]),
        ("stock_phase", flag(s.stock_phase())),
        ("hidden", vec![hidden / 15.0]),
        (
            "concealed",
            values(&|x| {
                if three && x != me {
                    off_table(x) / 15.0
                } else {
                    0.0
                }
            }),
        ),
        ("scores", values(&|x| s.scores()[x.index()] as f32 / target)),
        ("dealer", hot(Some(s.dealer()))),
        ("hands_played", vec![s.hands_played() as f32 / 10.0]),
        ("over", flag(s.over)),
        ("solo.phase", phase),
        ("solo.declared", planes(&|x| solo.declared(x))),
        (
            "solo.declaration_points",
            values(&|x| solo.declaration_points(x) as f32 / 100.0),
        ),
        (
            "solo.captures",
            values(&|x| solo.captures(x) as f32 / 100.0),
        ),
        ("solo.passes", vec![f32::from(solo.passes()) / 3.0]),
        ("solo.soloist", hot(solo.soloist())),
        ("solo.forced", flag(solo.forced())),
        (
            "solo.discards",
            cards(&[if soloist_me {
                solo.discards()
            } else {
                solo.shown()
            }]),
        ),
        ("solo.shown", cards(&[solo.shown()])),
        ("solo.excluded", planes(&|x| solo.excluded(x))),
        ("solo.played_by", planes(&|x| solo.played_by(x))),
    ];
    for (name, v) in want {
        assert_eq!(t.get(name).unwrap(), &v[..], "{name}, seat {me}");
    }
}

/// The tensor from every seat's side, two players (a trick led in the second hand, a meld
/// to make) and three (a trick in play in the second deal after a pass, with captures,
/// face-down discards and voids shown; and the bidding).
#[test]
fn the_tensor_shows_each_segment_from_the_observers_side() {
    let g = game();
    let led = some_state(&g, |s| {
        s.hands_played() == 1
            && s.led().is_some()
            && s.stock_phase()
            && s.scores[0] > 0
            && s.scores[1] > 0
            && s.tricks[0] > 0
            && s.tricks[1] > 0
            && !(s.table[0] | s.table[1]).is_empty()
    });
    let melding = some_state(&g, |s| s.melder() == Some(Seat::new(1)));
    let final_phase = some_state(&g, |s| !s.stock_phase() && s.led().is_some());
    for s in [&led, &melding, &final_phase] {
        for me in Seat::all(2) {
            check_tensor(&g, s, me);
        }
    }
    let g3 = game3();
    let play = some_state(&g3, |s| {
        let solo = s.solo();
        s.hands_played() == 1
            && solo.phase() == Phase::Play
            && solo.passes() > 0
            && s.led().is_some()
            && solo.discards() != solo.shown()
            && (0..3).any(|i| solo.captures(seat(i)) > 0)
            && (0..3).any(|i| !solo.excluded(seat(i)).is_empty())
            && (0..3).all(|i| s.scores[i] > 0)
    });
    let mut exchange = fixed();
    act(&g3, &mut exchange, RoyalOrgyAction::Pass);
    act(&g3, &mut exchange, RoyalOrgyAction::Solo);
    for s in [&play, &fixed(), &exchange] {
        for me in Seat::all(3) {
            check_tensor(&g3, s, me);
        }
    }
}

/// The text: the concealed hand only, a line per kind of meld that has scored, and the
/// three-player lines only with three players.
#[test]
fn the_text_shows_the_concealed_hand_the_melds_scored_and_the_solo() {
    use crate::encoding::Encoding;
    let g = game();
    let s = some_state(&g, |s| {
        s.melder().is_none() && !(s.table[0] | s.table[1]).is_empty() && s.stock_phase()
    });
    for me in Seat::all(2) {
        let text = g.observation_string(&g.observe(&s, me));
        let hand = format!("\nhand: {}\n", s.held(me) - s.table(me));
        assert!(text.contains(&hand), "{hand} in\n{text}");
        let scored = text.lines().filter(|l| l.starts_with("scored in ")).count();
        let kinds = s.used_all().iter().filter(|u| !u.is_empty()).count();
        assert!(kinds > 0);
        assert_eq!(scored, kinds, "{text}");
        for three_only in ["concealed:", "solo phase:", "declared 0:", "captures:"] {
            assert!(!text.contains(three_only), "{three_only} in\n{text}");
        }
        assert!(!text.contains("game: over"));
    }
    let g3 = game3();
    let text = g3.observation_string(&g3.observe(&fixed(), seat(1)));
    for line in ["concealed:", "solo phase:", "declared 0: ", "captures:"] {
        assert!(text.contains(line), "{line} missing in\n{text}");
    }
}

/// Plays random games of `g` (seeds `seeds`) and checks after every hand that the game is
/// over exactly when the page says: a score at or above `target` above every other, or
/// `cap` hands played; and that the outcome ranks the final scores (places, shared wins).
/// Returns how many games ended at the target and how many at the cap.
fn ends_when_the_page_says(
    g: &RoyalOrgy,
    target: u32,
    cap: u32,
    seeds: std::ops::Range<u64>,
) -> [u32; 2] {
    let mut ends = [0; 2];
    for seed in seeds {
        let mut r = ChaCha8Rng::seed_from_u64(seed);
        let mut s = g.deal(&mut r);
        let mut buf = Vec::new();
        let mut hands = 0;
        loop {
            g.legal_actions(&s, &mut buf);
            let a = buf[r.random_range(0..buf.len())];
            g.apply(&mut s, a, &mut r);
            let over = g.to_move(&s) == ToMove::Over;
            if s.hands_played() == hands {
                assert!(!over);
                continue;
            }
            hands = s.hands_played();
            let (top, second) = top_two(s.scores());
            let decided = top >= target && top > second;
            assert_eq!(
                over,
                decided || hands == cap,
                "seed {seed}: {:?}",
                s.scores()
            );
            if !over {
                continue;
            }
            ends[usize::from(!decided)] += 1;
            let o = g.outcome(&s).unwrap();
            let winners = s.scores().iter().filter(|&&x| x == top).count() as f64;
            for (i, &x) in s.scores().iter().enumerate() {
                let r = o[Seat::new(i)];
                let above = s.scores().iter().filter(|&&y| y > x).count();
                assert_eq!(r.score, f64::from(x));
                assert_eq!(usize::from(r.place), above + 1);
                assert_eq!(r.win, if x == top { 1.0 / winners } else { 0.0 });
            }
            break;
        }
    }
    ends
}

/// Two and three players: the game ends after the hand that takes a player to the target
/// above every other, or at `max_hands` (three here, so that games end both ways).
#[test]
fn the_game_ends_at_the_target_or_the_cap_after_a_hand() {
    let params = Params::new().set("target", 160).set("max_hands", 3);
    let g = RoyalOrgy::new(2, &params).unwrap();
    let [target, capped] = ends_when_the_page_says(&g, 160, 3, 0..12);
    assert!(target > 0 && capped > 0, "{target} {capped}");
    let g = RoyalOrgy::new(3, &params).unwrap();
    let [target, capped] = ends_when_the_page_says(&g, 160, 3, 0..12);
    assert!(target > 0 && capped > 0, "{target} {capped}");
}

/// Three players: two tied at the top above the target play another deal; one point more
/// ends the game.
#[test]
fn three_players_tied_at_the_top_play_on() {
    let g = RoyalOrgy::new(3, &Params::new().set("target", 100)).unwrap();
    let s = some_state(&g, |s| {
        s.solo.phase == Phase::Play && (0..3).map(|i| s.held[i].len()).sum::<usize>() == 1
    });
    let last = legal(&g, &s)[0];
    let mut probe = s.clone();
    g.apply(&mut probe, last, &mut rng());
    let gained = [0, 1, 2].map(|i| probe.scores[i] - s.scores[i]);
    let mut tie = s.clone();
    tie.scores = [1000 - gained[0], 1000 - gained[1], 0];
    g.apply(&mut tie, last, &mut rng());
    assert_eq!(tie.scores()[..2], [1000, 1000]);
    assert_eq!(
        (tie.hands_played(), tie.solo().phase()),
        (1, Phase::Bidding)
    );
    assert_ne!(g.to_move(&tie), ToMove::Over);
    let mut win = s.clone();
    win.scores = [1001 - gained[0], 1000 - gained[1], 0];
    g.apply(&mut win, last, &mut rng());
    assert_eq!(g.to_move(&win), ToMove::Over);
    assert_eq!(g.outcome(&win).unwrap()[seat(0)].win, 1.0);
}

/// A two-player hand adds its 80 card points to the totals, the elder hand's apart, and a
/// capture's points.
#[test]
fn a_two_player_hand_adds_its_card_points_and_captures_to_the_totals() {
    let g = game();
    // The dealer is seat 1: seat 0 is the elder hand, and wins both tricks.
    let mut s = position(["KS QS", "8S 9S"], "", 0);
    let p0 = card_points(s.won(Seat::new(0))) + 4 + 3 + 15 + 1;
    for x in ["KS", "8S", "QS", "9S"] {
        play(&g, &mut s, x);
    }
    assert_ne!(p0, 40);
    assert_eq!(s.scores()[0], p0);
    assert_eq!(
        (s.totals().card_points, s.totals().elder_card_points),
        (80, p0)
    );
    let mut s = position(["KH 7S 8S", "QH 9S TS"], "", 0);
    play(&g, &mut s, "KH");
    play(&g, &mut s, "QH");
    assert_eq!(s.totals().capture_points, 5);
}

/// Each three-player deal adds its declarations to the totals, and each hand played its
/// solo: made or not, forced or not, the soloist's card points, 70 card points, the eldest
/// hand's share (the soloist's points or its own tricks), the captures.
#[test]
fn each_three_player_hand_adds_to_the_totals() {
    let g = RoyalOrgy::new(3, &Params::new().set("max_hands", 1)).unwrap();
    let s = fixed();
    assert_eq!(
        *s.totals(),
        Totals {
            melds: 16,
            meld_points: 86 + 30 + 128,
            royal_orgies: 1,
            full_courts: 2,
            ..Totals::default()
        }
    );
    // Made and lost, forced and bid, the eldest soloist or not.
    let mut seen = [0; 6];
    for seed in 0..40 {
        let mut r = ChaCha8Rng::seed_from_u64(seed);
        let mut s = g.deal(&mut r);
        let d = [0, 1, 2].map(|i| declare(s.held(seat(i)), SequenceScore::Extra));
        let declared = Totals {
            melds: d.iter().map(|d| d.melds).sum(),
            meld_points: d.iter().map(|d| d.points).sum(),
            royal_orgies: d.iter().map(|d| d.royal_orgies).sum(),
            full_courts: d.iter().map(|d| d.full_courts).sum(),
            ..Totals::default()
        };
        assert_eq!(*s.totals(), declared);
        let mut buf = Vec::new();
        while g.to_move(&s) != ToMove::Over {
            g.legal_actions(&s, &mut buf);
            let a = buf[r.random_range(0..buf.len())];
            g.apply(&mut s, a, &mut r);
        }
        let soloist = s.solo().soloist().unwrap();
        let cp = RoyalOrgy::soloist_card_points(&s).unwrap();
        // Seat 2 dealt: seat 0 is the eldest.
        let eldest = seat(0);
        let elder = if soloist == eldest {
            cp
        } else {
            card_points(s.won(eldest)) + u32::from(s.tricks(eldest))
        };
        let made = cp >= three::CONTRACT;
        assert_eq!(
            *s.totals(),
            Totals {
                capture_points: (0..3).map(|i| s.solo().captures(seat(i))).sum(),
                card_points: 70,
                elder_card_points: elder,
                solos: 1,
                solos_made: u32::from(made),
                forced_solos: u32::from(s.solo().forced()),
                soloist_card_points: cp,
                ..declared
            },
            "seed {seed}"
        );
        seen[usize::from(made)] += 1;
        seen[2 + usize::from(s.solo().forced())] += 1;
        seen[4 + usize::from(soloist == eldest)] += 1;
    }
    assert!(seen.iter().all(|&n| n > 0), "{seen:?}");
}

/// The two-player deal: three cards at a time, the elder hand (the non-dealer) first, then
/// the stock, its last card drawn first.
#[test]
fn the_two_player_deal_goes_in_threes_from_the_elder_hand() {
    use rand::seq::SliceRandom;
    let g = game();
    let s = g.deal(&mut ChaCha8Rng::seed_from_u64(11));
    let mut cards: Vec<TarotCard> = TarotCard::all().collect();
    cards.shuffle(&mut ChaCha8Rng::seed_from_u64(11));
    let elder: TarotSet = (0..30)
        .filter(|i| (i / 3) % 2 == 0)
        .map(|i| cards[i])
        .collect();
    assert_eq!(s.dealer(), Seat::new(1));
    assert_eq!(s.held(Seat::new(0)), elder);
    assert_eq!(s.stock(), &cards[30..]);
}

/// The soloist's discards in their tiers: the one plain card first (face down, nothing
/// learnt), then the one middle trump (shown: it had no plain card left), then a declared
/// card (shown: it had no middle trump either); the defenders see the shown ones only.
#[test]
fn the_discard_tiers_show_what_the_soloist_lacks() {
    let g = game3();
    let h0 = set("KH QH KD QD KC QC QS CH CS JS 8T 9T 10T 11T 22T 7S 2T");
    let skat = set("KS 1T 21T");
    let rest: Vec<TarotCard> = (TarotSet::DECK - h0 - skat).iter().collect();
    let h1: TarotSet = rest[..17].iter().copied().collect();
    let h2: TarotSet = rest[17..].iter().copied().collect();
    let mut s = g.deal3_at(seat(2), [h0, h1, h2], skat);
    let declared = set("KH QH KD QD KC QC QS CH CS JS 8T 9T 10T 11T");
    assert_eq!(s.solo().declared(seat(0)), declared);
    act(&g, &mut s, RoyalOrgyAction::Solo);
    let four = three::four_point_cards();
    let steps = [
        ("7S", TarotSet::EMPTY, false),
        ("2T", TarotSet::SUIT_CARDS - four - declared, true),
        ("QS", TarotSet::DECK - four - declared, true),
    ];
    for (k, (card, excluded, shown)) in steps.into_iter().enumerate() {
        let a = RoyalOrgyAction::Discard(c(card));
        if k < 2 {
            assert_eq!(legal(&g, &s), vec![a]);
        } else {
            assert_eq!(legal(&g, &s).len(), (declared - four).len());
        }
        for viewer in [seat(1), seat(2)] {
            assert_eq!(
                g.observe_action(&s, a, viewer),
                shown.then_some(a),
                "{card}"
            );
        }
        assert_eq!(g.observe_action(&s, a, seat(0)), Some(a));
        act(&g, &mut s, a);
        assert_eq!(s.solo().excluded(seat(0)), excluded, "{card}");
        assert_eq!(s.solo().shown().contains(c(card)), shown, "{card}");
    }
    assert_eq!(s.solo().phase(), Phase::Play);
    assert_eq!(s.solo().discards(), set("7S 2T QS"));
    assert_eq!(s.solo().shown(), set("2T QS"));
    for viewer in Seat::all(3) {
        for a in [
            RoyalOrgyAction::Pass,
            RoyalOrgyAction::Solo,
            RoyalOrgyAction::Play(c("KS")),
        ] {
            assert_eq!(g.observe_action(&s, a, viewer), Some(a));
        }
    }
}

/// Every card played records what it shows: the player's cards played, and when it does
/// not follow, that it holds none of the suit led (and no trump, unless it trumped).
#[test]
fn each_play_records_the_suits_a_seat_has_shown_it_lacks() {
    let g = RoyalOrgy::new(3, &Params::new().set("max_hands", 1)).unwrap();
    // Followed, trumped, neither.
    let mut seen = [0; 3];
    for seed in 0..10 {
        let mut r = ChaCha8Rng::seed_from_u64(seed);
        let mut s = g.deal(&mut r);
        let mut buf = Vec::new();
        while let ToMove::Seat(who) = g.to_move(&s) {
            g.legal_actions(&s, &mut buf);
            let a = buf[r.random_range(0..buf.len())];
            let (led, before, played) = (s.led(), s.solo().excluded(who), s.solo().played_by(who));
            g.apply(&mut s, a, &mut r);
            let RoyalOrgyAction::Play(x) = a else {
                continue;
            };
            assert_eq!(s.solo().played_by(who), played.with(x));
            let mut want = before;
            if let Some(l) = led {
                if l.follows() == x.follows() {
                    seen[0] += 1;
                } else if x.is_trump() {
                    seen[1] += 1;
                    want |= TarotSet::DECK.of_follow(l.follows());
                } else {
                    seen[2] += 1;
                    want |= TarotSet::DECK.of_follow(l.follows()) | TarotSet::TRUMPS;
                }
            }
            assert_eq!(s.solo().excluded(who), want, "seed {seed}: {a}");
        }
    }
    assert!(seen.iter().all(|&n| n > 0), "{seen:?}");
}

/// Malformed deal texts, two and three players, each refused for its own reason: a hand a
/// card short, a card given twice, a card that does not exist, the stock or skat empty or
/// left out, a seat too many.
#[test]
fn malformed_deal_texts_are_refused_each_for_its_reason() {
    use crate::deal_text::DealText;
    for players in [2, 3] {
        let g = RoyalOrgy::new(players, &Params::new()).unwrap();
        let text = g.print_deal(&g.deal(&mut rng()));
        let (hands, _) = text.split_once("; ").unwrap();
        let seats: Vec<&str> = hands["hands: ".len()..].split(" / ").collect();
        let first = |k: usize| seats[k].split(' ').next().unwrap();
        let refused = |t: String, why: String| {
            let e = g.parse_deal(&t).unwrap_err().to_string();
            assert!(e.contains(&why), "{t}: {e}, not {why}");
        };
        let size = if players == 2 { HAND } else { three::HAND3 };
        let moved = text.replacen(&format!("{} ", first(0)), "", 1).replacen(
            " / ",
            &format!(" / {} ", first(0)),
            1,
        );
        refused(moved, format!("seat 0's hand has {} cards", size - 1));
        let twice = text.replacen(&format!("/ {}", first(1)), &format!("/ {}", first(0)), 1);
        refused(twice, format!("{} is given twice", first(0)));
        refused(text.replacen(first(0), "23T", 1), "not a tarot card".into());
        let label = if players == 2 { "stock" } else { "skat" };
        refused(format!("{hands}; {label}: -"), "missing".into());
        refused(hands.to_string(), format!("`{label}:`"));
        refused(text.replacen(" / ", " / - / ", 1), "expected".into());
    }
}

/// True when some three of the soloist `x`'s undeclared cards (held, played or discarded in
/// `d`) could have been the skat: the rest declares exactly what `x` declared.
fn declared_with_some_skat(d: &RoyalOrgyState, x: Seat) -> bool {
    let pool = d.held(x) | d.solo().played_by(x) | d.solo().discards();
    let declared = d.solo().declared(x);
    let free: Vec<TarotCard> = (pool - declared).iter().collect();
    (0..free.len()).any(|a| {
        (a + 1..free.len()).any(|b| {
            (b + 1..free.len()).any(|k| {
                let skat = TarotSet::from_card(free[a]).with(free[b]).with(free[k]);
                meld_cards(pool - skat) == declared
            })
        })
    })
}

/// Determinizations before play keep what each seat knows: its own hand, every declared
/// card where it is, the discards it made, and each hand declaring exactly what it declared
/// (the soloist's, seen by another, with some three of its cards as the skat); the skat
/// (bidding) is three unseen cards.
#[test]
fn determinizations_before_play_keep_what_each_seat_knows() {
    let g = game3();
    let mut s = fixed();
    let mut r = rng();
    for step in 0..3 {
        for me in Seat::all(3) {
            let o = g.observe(&s, me);
            for _ in 0..10 {
                let d = g.determinize(&o, &mut r);
                g.check_invariants(&d).unwrap();
                assert_eq!(g.observe(&d, me), o);
                assert_eq!(d.held(me), s.held(me));
                for x in Seat::all(3) {
                    assert!(s.table(x).is_subset(d.held(x)));
                    if s.solo().soloist() != Some(x) {
                        assert_eq!(meld_cards(d.held(x)), s.solo().declared(x));
                    }
                }
                if step == 0 {
                    assert_eq!(d.solo().skat().len(), 3);
                    assert!(d.solo().skat().is_disjoint(s.held(me)));
                }
                match s.solo().soloist() {
                    Some(x) if x == me => assert_eq!(d.solo().discards(), s.solo().discards()),
                    Some(x) => assert!(declared_with_some_skat(&d, x)),
                    None => {}
                }
                assert_eq!(d.solo().discards().len(), s.solo().discards().len());
            }
        }
        match step {
            0 => act(&g, &mut s, RoyalOrgyAction::Solo),
            1 => act(&g, &mut s, RoyalOrgyAction::Discard(c("7S"))),
            _ => {}
        }
    }
}

/// A lost solo with an odd total of declarations and captures: each defender receives the
/// half rounded up (docs/rules/royal-orgy.md), as well as its own.
#[test]
fn a_lost_solos_odd_total_is_halved_rounding_up() {
    let g = RoyalOrgy::new(3, &Params::new().set("max_hands", 1)).unwrap();
    let s = (0..200)
        .find_map(|seed| {
            let s = first_state(&g, seed, |s| g.to_move(s) == ToMove::Over)?;
            let i = s.solo().soloist()?;
            let own = s.solo().declaration_points(i) + s.solo().captures(i);
            let lost = RoyalOrgy::soloist_card_points(&s)? < three::CONTRACT;
            (lost && own % 2 == 1).then_some(s)
        })
        .expect("a lost solo with an odd total");
    let soloist = s.solo().soloist().unwrap();
    let own = |x: Seat| s.solo().declaration_points(x) + s.solo().captures(x);
    assert_eq!(s.scores()[soloist.index()], 0);
    let half = own(soloist) / 2 + 1;
    for x in Seat::all(3).filter(|&x| x != soloist) {
        assert_eq!(s.scores()[x.index()], own(x) + half);
    }
}
