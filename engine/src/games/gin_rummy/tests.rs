//! Gin Rummy: scoring from the page, rulings, known counts, random games.

use super::*;
use crate::conformance::{perft::perft_table, random_games};
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;

fn set(s: &str) -> CardSet {
    s.parse().unwrap()
}
fn card(s: &str) -> Card {
    s.parse().unwrap()
}
fn game(params: &[&str]) -> GinRummy {
    GinRummy::new(2, &Params::parse(params).unwrap()).unwrap()
}

/// A position: seat 0 to draw holding `h0`, seat 1 holding `h1`, the pile `pile` (top last),
/// every other card in the stock (in deck order).
fn position(g: &GinRummy, h0: &str, h1: &str, pile: &str) -> GinState {
    let mut st = g.deal(&mut ChaCha8Rng::seed_from_u64(0));
    st.hands = [set(h0), set(h1)];
    st.pile = pile.split_whitespace().map(card).collect();
    let used = st.hands[0] | st.hands[1] | st.pile.iter().copied().collect::<CardSet>();
    st.stock = (CardSet::FULL_DECK - used).iter().collect();
    st.upcard = st.pile[0];
    st.limit = g.limit_for(st.upcard);
    st.phase = Phase::Draw;
    st.turn = Seat::new(0);
    g.check_invariants(&st).unwrap();
    st
}

#[test]
fn knock_scores_the_difference() {
    let g = game(&[]);
    // Knocker: 2-3-4H, 7-7-7, J-Q-K S, deadwood 5C = 5. Defender: deadwood 9+8+...
    let k = set("2H 3H 4H 7C 7D 7S JS QS KS 5C");
    let d = set("AC AD 9C 9D 8H 6C 3D TC TD TH");
    // Defender: T-T-T set; 5H? no lay-offs except 6C? (no club run) -> AC AD 9C 9D 8H 6C 3D = 37.
    let r = g.score_knock(Seat::new(0), k, d);
    assert_eq!(
        (
            r.knocker_deadwood,
            r.defender_deadwood,
            r.winner,
            r.points,
            r.gin,
            r.undercut
        ),
        (5, 37, Some(Seat::new(0)), 32, false, false)
    );
}

#[test]
fn undercut_scores_the_difference_and_ten() {
    let g = game(&[]);
    let k = set("2H 3H 4H 7C 7D 7S JS QS KS 9C"); // deadwood 9
                                                  // A-A-A and 8-9-T H melded, 5D 6C 2S 3D = 16 dead, nothing to lay off: the knocker wins 7.
    let r = g.score_knock(Seat::new(0), k, set("AC AD AH 5D 6C 8H 9H TH 2S 3D"));
    assert_eq!((r.knocker_deadwood, r.defender_deadwood), (9, 16));
    assert_eq!(
        (r.winner, r.points, r.undercut),
        (Some(Seat::new(0)), 7, false)
    );
    // A-A-A, 8-8-8, 5H and 6H laid off onto 2-3-4H (one after the other): 2S 3D = 5 < 9.
    let r = g.score_knock(Seat::new(0), k, set("AC AD AH 5H 6H 8C 8D 8S 2S 3D"));
    assert_eq!((r.defender_deadwood, r.laid_off), (5, set("5H 6H")));
    assert_eq!(
        (r.winner, r.points, r.undercut),
        (Some(Seat::new(1)), 4 + 10, true)
    );
    // A lay-off may come out of a set: AH onto 2-3-4H, A-2-3C a run, AD 5S 6S dead = 12.
    let r = g.score_knock(Seat::new(0), k, set("AC AD AH 5S 6S 7H 8H 9H 2C 3C"));
    assert_eq!(
        (r.defender_deadwood, r.laid_off, r.points),
        (12, set("AH"), 3)
    );
}

#[test]
fn equal_deadwood_is_an_undercut_unless_void() {
    let g = game(&[]);
    let k = set("2H 3H 4H 7C 7D 7S JS QS KS 4C"); // 4
                                                  // A-A-A, 6-7-8-9H with TH laid off onto it? TH extends the defender's own run; 2S 2D = 4.
    let tie = set("AC AD AH 6H 7H 8H 9H 2S 2D TH");
    let r = g.score_knock(Seat::new(0), k, tie);
    assert_eq!((r.knocker_deadwood, r.defender_deadwood), (4, 4));
    assert_eq!(
        (r.winner, r.points, r.undercut),
        (Some(Seat::new(1)), 10, true)
    );
    let r = game(&["tie=void"]).score_knock(Seat::new(0), k, tie);
    assert_eq!((r.winner, r.points, r.undercut), (None, 0, false));
}

#[test]
fn gin_scores_deadwood_and_25_without_lay_offs() {
    let g = game(&[]);
    let k = set("2H 3H 4H 7C 7D 7S JS QS KS AS");
    assert_eq!(melds::deadwood(k, g.rules), 1);
    let k = set("2H 3H 4H 7C 7D 7S JS QS KS TS");
    let d = set("5H 7H 8D 9D TD 2C 3D 4S 5S 6S"); // 5H would lay off on a knock
    let r = g.score_knock(Seat::new(0), k, d);
    // Defender: 8-9-T D? no: 8D 9D TD is a run; 4-5-6S a run; 5H 7H 2C 3D = 17.
    assert_eq!(
        (r.gin, r.winner, r.defender_deadwood, r.points),
        (true, Some(Seat::new(0)), 17, 42)
    );
    assert_eq!(r.laid_off, CardSet::EMPTY);
}

#[test]
fn the_knocker_chooses_the_arrangement_that_limits_lay_offs() {
    let g = game(&[]);
    // 7C 7D 7H 7S 8S 9S TS: {7C 7D 7H, 7S-TS} or {7C 7D 7H 7S, 8S-TS}, both without deadwood.
    let k = set("7C 7D 7H 7S 8S 9S TS 2C 3D AH");
    let mut n = 0;
    melds::min_arrangements(k, g.rules, |a| {
        assert_eq!(a.deadwood, 6);
        n += 1;
    });
    assert_eq!(n, 2);
    // The defender holds 6S 5S, which lay off onto 7S-TS but not onto 8S-TS: the knocker
    // shows the four sevens.
    let d = set("6S 5S KC KD QH JH 9C 4D 3H 2D");
    let r = g.score_knock(Seat::new(0), k, d);
    assert_eq!(
        (r.laid_off, r.defender_deadwood, r.points),
        (CardSet::EMPTY, 69, 63)
    );
    // Holding JS too, it lays off onto either arrangement.
    let d = set("6S 5S JS KD QH JH 9C 4D 3H 2D");
    let r = g.score_knock(Seat::new(0), k, d);
    assert_eq!((r.laid_off, r.defender_deadwood), (set("JS"), 59));
}

#[test]
fn oklahoma_limit_follows_the_first_upcard() {
    let g = game(&["oklahoma=true"]);
    assert_eq!(g.limit_for(card("7H")), 7);
    assert_eq!(g.limit_for(card("KH")), 10);
    assert_eq!(g.limit_for(card("AH")), 0);
    assert_eq!(game(&[]).limit_for(card("AH")), 10);
    assert_eq!(game(&["knock=5"]).limit_for(card("9C")), 5);
    // With an ace up only gin is allowed: a hand of deadwood 1 may not knock.
    let mut st = position(
        &g,
        "2H 3H 4H 7C 7D 7S JS QS KS 2C",
        "5C 6D 9H TC 8D 3S 4D KD QD JD",
        "AD",
    );
    assert_eq!(st.limit, 0);
    let mut legal = Vec::new();
    g.apply(
        &mut st,
        GinAction::TakeDiscard,
        &mut ChaCha8Rng::seed_from_u64(1),
    );
    g.legal_actions(&st, &mut legal);
    assert!(
        !legal.contains(&GinAction::Knock(card("AD"))),
        "the taken card stays"
    );
    assert!(!legal.contains(&GinAction::Discard(card("AD"))));
    // Discarding 2C leaves AD (1 point): a knock under the ten limit, not under an ace.
    assert!(!legal.iter().any(|a| matches!(a, GinAction::Knock(_))));
    let std = game(&[]);
    let mut st = position(
        &std,
        "2H 3H 4H 7C 7D 7S JS QS KS 2C",
        "5C 6D 9H TC 8D 3S 4D KD QD JD",
        "AD",
    );
    std.apply(
        &mut st,
        GinAction::TakeDiscard,
        &mut ChaCha8Rng::seed_from_u64(1),
    );
    std.legal_actions(&st, &mut legal);
    assert!(legal.contains(&GinAction::Knock(card("2C"))));
}

#[test]
fn a_discard_leaving_two_stock_cards_draws_the_hand() {
    let g = game(&[]);
    let mut rng = ChaCha8Rng::seed_from_u64(3);
    let mut st = position(
        &g,
        "2H 4H 6H 8C TD QS KS 2C 4S 6D",
        "5C 7D 9H JC 3S 5D 7S 9D JD KD",
        "AD",
    );
    // Leave three cards in the stock: seat 0 draws (two left) and discards.
    let keep = st.stock.len() - 3;
    let moved: Vec<Card> = st.stock.drain(..keep).collect();
    st.pile.extend(moved);
    g.apply(&mut st, GinAction::DrawStock, &mut rng);
    assert_eq!(st.stock.len(), 2);
    let mut legal = Vec::new();
    g.legal_actions(&st, &mut legal);
    let d = legal
        .iter()
        .find(|a| matches!(a, GinAction::Discard(_)))
        .copied()
        .unwrap();
    g.apply(&mut st, d, &mut rng);
    assert_eq!(st.last.unwrap().knocker, None);
    assert_eq!(st.counts[3], 1);
    assert_eq!(st.points, [0, 0]);
    assert_eq!(
        st.dealer,
        Seat::new(0),
        "the deal rotates after a drawn hand"
    );
    assert_eq!(st.stock.len(), 31);
}

#[test]
fn game_ends_at_the_target_with_game_and_box_bonuses() {
    let g = game(&[]);
    let mut st = position(
        &g,
        "2H 3H 4H 7C 7D 7S JS QS KS 2C",
        "5C 6D 9H TC 8D 3S 4D KD QD JD",
        "AD",
    );
    st.points = [90, 60];
    st.boxes = [3, 2];
    let mut rng = ChaCha8Rng::seed_from_u64(1);
    g.apply(&mut st, GinAction::TakeDiscard, &mut rng);
    // Knock with 2C out: deadwood AD = 1; the defender: 3S 4D 5C 6D 8D 9H TC = 45 (JD QD KD
    // a run) -> 44 points, 134.
    g.apply(&mut st, GinAction::Knock(card("2C")), &mut rng);
    let r = st.last.unwrap();
    assert_eq!(
        (r.knocker_deadwood, r.defender_deadwood, r.points),
        (1, 45, 44)
    );
    assert_eq!(st.phase, Phase::Over);
    assert_eq!(g.totals(&st), [134 + 100 + 4 * 25, 60 + 2 * 25]);
    let o = g.outcome(&st).unwrap();
    assert_eq!((o[Seat::new(0)].win, o[Seat::new(1)].place), (1.0, 2));
    // Single hand: no bonuses.
    let g1 = game(&["target=0"]);
    let mut st = position(
        &g1,
        "2H 3H 4H 7C 7D 7S JS QS KS 2C",
        "5C 6D 9H TC 8D 3S 4D KD QD JD",
        "AD",
    );
    g1.apply(&mut st, GinAction::TakeDiscard, &mut rng);
    g1.apply(&mut st, GinAction::Knock(card("2C")), &mut rng);
    assert_eq!(g1.totals(&st), [44, 0]);
}

/// Ruling 9 (reviewed for issue #27): the page ends the game when "a player reaches 100
/// points" and does not say who wins; by default that player wins even when the other's final
/// total, after the game and box bonuses, is higher. `winner=total` gives the game to the
/// higher final total instead (the betting paragraph's "the loser pays the winner the
/// difference"), equal totals drawing.
#[test]
fn the_target_or_the_higher_total_wins_the_game() {
    let over = |g: &GinRummy| {
        let mut st = position(
            g,
            "2H 3H 4H 7C 7D 7S JS QS KS 2C",
            "5C 6D 9H TC 8D 3S 4D KD QD JD",
            "AD",
        );
        // Seat 1 has won eight hands (200 in box bonuses); seat 0 reaches the target now.
        st.points = [90, 95];
        st.boxes = [0, 8];
        let mut rng = ChaCha8Rng::seed_from_u64(1);
        g.apply(&mut st, GinAction::TakeDiscard, &mut rng);
        g.apply(&mut st, GinAction::Knock(card("2C")), &mut rng);
        assert_eq!(st.phase, Phase::Over);
        st
    };
    let g = game(&[]);
    let st = over(&g);
    // 134 + 100 + 25 against 95 + 8 * 25.
    assert_eq!(g.totals(&st), [259, 295]);
    let o = g.outcome(&st).unwrap();
    assert_eq!((o[Seat::new(0)].win, o[Seat::new(1)].win), (1.0, 0.0));
    assert_eq!((o[Seat::new(0)].place, o[Seat::new(1)].place), (1, 2));
    let g = game(&["winner=total"]);
    let st = over(&g);
    let o = g.outcome(&st).unwrap();
    assert_eq!((o[Seat::new(0)].win, o[Seat::new(1)].win), (0.0, 1.0));
    assert_eq!((o[Seat::new(0)].place, o[Seat::new(1)].place), (2, 1));
    assert!(GinRummy::new(2, &Params::parse(&["winner=most"]).unwrap()).is_err());
}

#[test]
fn the_upcard_offer() {
    let g = game(&["first_turn=offer"]);
    let mut rng = ChaCha8Rng::seed_from_u64(4);
    let mut st = g.deal(&mut rng);
    let mut legal = Vec::new();
    g.legal_actions(&st, &mut legal);
    assert_eq!(legal, vec![GinAction::TakeDiscard, GinAction::Pass]);
    assert_eq!(st.turn, Seat::new(0));
    g.apply(&mut st, GinAction::Pass, &mut rng);
    assert_eq!((st.turn, st.phase), (Seat::new(1), Phase::Offer));
    g.apply(&mut st, GinAction::Pass, &mut rng);
    // Both passed: the non-dealer has drawn from the stock and discards.
    assert_eq!((st.turn, st.phase), (Seat::new(0), Phase::Discard));
    assert_eq!(st.hands[0].len(), 11);
    assert_eq!(st.refused, [CardSet::from_card(st.upcard); 2]);
}

#[test]
fn observation_and_determinization_keep_the_known_cards() {
    let g = game(&[]);
    let mut rng = ChaCha8Rng::seed_from_u64(9);
    let mut st = position(
        &g,
        "2H 4H 6H 8C TD QS KS 2C 4S 6D",
        "5C 7D 9H JC 3S 5D 7S 9D JD KD",
        "8D",
    );
    g.apply(&mut st, GinAction::DrawStock, &mut rng);
    let d = st.hands[0].iter().find(|&c| c != card("8D")).unwrap();
    g.apply(&mut st, GinAction::Discard(d), &mut rng);
    // Seat 1 picks up seat 0's discard: public.
    g.apply(&mut st, GinAction::TakeDiscard, &mut rng);
    g.apply(&mut st, GinAction::Discard(card("KD")), &mut rng);
    let o = g.observe(&st, Seat::new(0));
    assert_eq!(o.known[1], CardSet::from_card(d));
    assert_eq!(o.refused[0], set("8D"));
    assert_eq!(o.pile.as_slice(), &[card("8D"), card("KD")]);
    assert_eq!(o.unseen().len(), 52 - 10 - 2 - 1);
    for s in 0..200 {
        let x = g.determinize(&o, &mut ChaCha8Rng::seed_from_u64(s));
        assert!(x.hands[1].contains(d));
        assert_eq!(x.hands[1].len(), 10);
        g.check_invariants(&x).unwrap();
        assert_eq!(g.observe(&x, Seat::new(0)), o);
    }
}

#[test]
fn random_games_keep_the_contract() {
    for params in [
        &[][..],
        &["target=0"],
        &["oklahoma=true", "target=50"],
        &["around_the_corner=true", "first_turn=offer", "target=0"],
        &["tie=void", "knock=0", "target=0"],
    ] {
        let g = game(params);
        let r = random_games(&g, 0..40, 100_000);
        assert_eq!(r.games, 40, "{params:?}");
    }
}

#[test]
fn nth_legal_enumerates_the_legal_actions_knocks_included() {
    // Every turn of random hands of each variant: the count is the list's length and
    // nth_legal walks the list in order; the hands reach knocks and gin.
    use crate::driver::{self, RandomPolicy, Scratch, Step};
    let mut knocking = 0;
    for params in [
        &["target=0"][..],
        &["oklahoma=true", "target=0"],
        &["around_the_corner=true", "first_turn=offer", "target=0"],
        &["knock=0", "target=0"],
    ] {
        let g = game(params);
        let mut turns = 0;
        let (mut legal, mut scratch) = (Vec::new(), Scratch::new());
        for seed in 0..400 {
            let mut rng = ChaCha8Rng::seed_from_u64(seed);
            let mut st = g.deal(&mut rng);
            while g.to_move(&st) != ToMove::Over {
                g.legal_actions(&st, &mut legal);
                assert_eq!(
                    crate::conformance::check_counted(&g, &st, &legal),
                    Ok(true),
                    "{params:?} seed {seed}"
                );
                turns += 1;
                knocking += usize::from(legal.iter().any(|a| matches!(a, GinAction::Knock(_))));
                let step = driver::step(&g, &mut st, &mut RandomPolicy, &mut scratch, &mut rng);
                assert_eq!(step, Ok(Step::Moved));
            }
        }
        assert!(turns > 400 * 20, "{params:?}: {turns}");
    }
    assert!(knocking > 60, "{knocking} turns with a knock");
}

#[test]
fn perft_from_a_fixed_position() {
    let g = game(&[]);
    let st = position(
        &g,
        "2H 3H 4H 7C 7D 7S JS QS KS 2C",
        "5C 6D 9H TC 8D 3S 4D KD QD JD",
        "AD",
    );
    // Depth 1: draw or take. Depth 2: after taking AD, 10 discards (not AD) and the knocks
    // that leave at most 10.
    let mut after_take = st.clone();
    g.apply(
        &mut after_take,
        GinAction::TakeDiscard,
        &mut ChaCha8Rng::seed_from_u64(0),
    );
    let hand = after_take.hands[0];
    let knocks_take = hand
        .iter()
        .filter(|&c| c != card("AD") && melds::deadwood(hand.without(c), g.rules) <= 10)
        .count() as u64;
    // Knocks after taking AD: 2C (leaves AD, 1) and AD is barred; 2H/4H leave 3H+2C+AD...
    // 2H out: 3H 4H 2C AD = 10 -> knock; 4H out: 2H 3H 2C AD = 8; 3H out: 2H 4H 2C AD = 9;
    // any of J-Q-K S out: the others + 2C + AD = 23; 7s out: 7-7 set gone? 7C out leaves
    // 7D 7S dead: 17.
    assert_eq!(knocks_take, 4);
    let t = perft_table(&g, &st, 2);
    assert_eq!(t[0], 2);
    // Drawing: 11 discards plus the knocks of the drawn card's hand, computed the same way.
    let mut after_draw = st.clone();
    g.apply(
        &mut after_draw,
        GinAction::DrawStock,
        &mut ChaCha8Rng::seed_from_u64(2),
    );
    let hd = after_draw.hands[0];
    let knocks_draw = hd
        .iter()
        .filter(|&c| melds::deadwood(hd.without(c), g.rules) <= 10)
        .count() as u64;
    assert_eq!(t[1], (10 + knocks_take) + (11 + knocks_draw));
}

/// The soak: a million random single hands (`target=0`) and 10,000 random whole games, every
/// contract check after every move. `cargo test --release -p cardsim-engine soak_gin -- --ignored`.
#[test]
#[ignore]
fn soak_gin_rummy() {
    let hands = game(&["target=0"]);
    let whole = game(&[]);
    std::thread::scope(|s| {
        let a = s.spawn(|| random_games(&hands, 0..500_000, 100_000).games);
        let b = s.spawn(|| random_games(&hands, 500_000..1_000_000, 100_000).games);
        let c = random_games(&whole, 0..10_000, 100_000).games;
        assert_eq!(a.join().unwrap() + b.join().unwrap(), 1_000_000);
        assert_eq!(c, 10_000);
    });
}
