//! Gin Rummy: scoring from the page, rulings, known counts, random games.

use super::*;
use crate::conformance::{perft::perft_table, random_games};
use crate::deal_text::DealText;
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
    relay(g, &mut st, h0, h1, pile);
    st
}

/// Lays out the cards of the hand just dealt, whoever dealt it: seat 0 holds `h0`, seat 1
/// `h1`, the pile is `pile` (top last, its first card the upcard), every other card is in the
/// stock (in deck order, the last on top); the non-dealer is to draw.
fn relay(g: &GinRummy, st: &mut GinState, h0: &str, h1: &str, pile: &str) {
    assert_ne!(st.phase, Phase::Over);
    st.hands = [set(h0), set(h1)];
    st.pile = pile.split_whitespace().map(card).collect();
    let used = st.hands[0] | st.hands[1] | st.pile.iter().copied().collect::<CardSet>();
    st.stock = (CardSet::FULL_DECK - used).iter().collect();
    st.upcard = st.pile[0];
    st.limit = g.limit_for(st.upcard);
    st.phase = Phase::Draw;
    st.turn = other(st.dealer);
    g.check_invariants(st).unwrap();
}

/// Seat 0's and seat 1's hands in several positions below: no meld in either.
const LOOSE: [&str; 2] = [
    "2H 4H 6H 8C TD QS KS 2C 4S 6D",
    "5C 7D 9H JC 3S 5D 7S 9D JD KD",
];

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
    // 2-3-4♥ with 3♣ 3♦: the run (3♣ 3♦ dead) or the set of threes (2♥ 4♥ dead), 6 either
    // way; the set takes the 3♠, the run the 5♥, so each is the knocker's best for one
    // defender (whichever the enumeration gives first).
    let k = set("2H 3H 4H 3C 3D 9S TS JS QS KS");
    let mut n = 0;
    melds::min_arrangements(k, g.rules, |a| {
        assert_eq!(a.deadwood, 6);
        n += 1;
    });
    assert_eq!(n, 2);
    for (d, dd) in [
        ("3S AC 5C 6D 8D JC QD KC 7H 9H", 69),
        ("5H AC 5C 6D 8D JC QD KC 7C 9D", 71),
    ] {
        let r = g.score_knock(Seat::new(0), k, set(d));
        assert_eq!(
            (r.laid_off, r.defender_deadwood, r.points),
            (CardSet::EMPTY, dd, dd - 6),
            "{d}"
        );
    }
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
    let mut st = position(&g, LOOSE[0], LOOSE[1], "AD");
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
    let mut st = position(&g, LOOSE[0], LOOSE[1], "8D");
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

/// Seat `seat` holds `hand` (eleven cards) and must discard; the other seat holds `other`, the
/// pile is `pile` (top last), every other card is in the stock.
fn discarding(g: &GinRummy, hand: &str, other: &str, pile: &str) -> GinState {
    let hand = set(hand);
    assert_eq!(hand.len(), 11);
    let mut st = g.deal(&mut ChaCha8Rng::seed_from_u64(0));
    st.hands = [hand, set(other)];
    st.pile = pile.split_whitespace().map(card).collect();
    let pile: CardSet = st.pile.iter().copied().collect();
    st.stock = (CardSet::FULL_DECK - hand - st.hands[1] - pile)
        .iter()
        .collect();
    st.upcard = st.pile[0];
    st.limit = g.limit_for(st.upcard);
    st.turn = Seat::new(0);
    st.phase = Phase::Discard;
    g.check_invariants(&st).unwrap();
    st
}

/// The cards the seat to move may knock with, from its legal moves.
fn knock_cards(g: &GinRummy, st: &GinState) -> CardSet {
    let mut legal = Vec::new();
    g.legal_actions(st, &mut legal);
    legal
        .iter()
        .filter_map(|a| match a {
            GinAction::Knock(c) => Some(*c),
            _ => None,
        })
        .collect()
}

/// The page's knock rule, card by card: the discards (not the card just taken) that leave at
/// most the knock limit in deadwood.
fn knocks_by_the_rule(g: &GinRummy, st: &GinState) -> CardSet {
    let hand = st.hands[st.turn.index()];
    hand.iter()
        .filter(|&c| Some(c) != st.taken)
        .filter(|&c| melds::deadwood(hand.without(c), g.rules) <= u32::from(st.limit))
        .collect()
}

/// The knocks offered are exactly the discards that leave at most the limit: with the cards
/// in no meld worth exactly the limit plus ten, with a card that only goes gin under a gin-only
/// limit, with two loose cards of which either may go, and with every card in some meld but
/// not all melds at once; then at every discard of random games of three limits.
#[test]
fn the_knocks_are_the_discards_leaving_at_most_the_limit() {
    let g = game(&[]);
    let gin_only = game(&["knock=0"]);
    let other = "AC AD AH 5C 6D 8C 9D TC QH KH";
    for (g, hand, knocks) in [
        // K♣ Q♦ in no meld: 20, the limit plus ten; either discard leaves 10.
        (&g, "2H 3H 4H 7C 7D 7S 9S TS JS KC QD", "KC QD"),
        // One card in no meld, 5: gin by discarding it.
        (&gin_only, "2H 3H 4H 7C 7D 7S 9S TS JS QS 5D", "5D"),
        // 9♣ and 5♦ in no meld, 14: either discard leaves at most 10.
        (&g, "2H 3H 4H 7C 7D 7S JS QS KS 9C 5D", "9C 5D"),
        // A♠ and K♦ in no meld, 11: the ace's discard leaves 10, the king's 1.
        (&g, "2H 3H 4H 7C 7D 7S 9S TS JS AS KD", "AS KD"),
        // Every card in a meld; the 3♥ breaks the run 2-5♥, a seven or an end of it does not.
        (
            &gin_only,
            "2H 3H 4H 5H 7C 7D 7S 7H JS QS KS",
            "2H 5H 7C 7D 7S 7H",
        ),
    ] {
        let st = discarding(g, hand, other, "TH");
        assert_eq!(knock_cards(g, &st), set(knocks), "{hand}");
        assert_eq!(knocks_by_the_rule(g, &st), set(knocks), "{hand}");
    }
    let mut knocking = 0;
    for params in [
        &["target=0"][..],
        &["knock=0", "target=0"],
        &["oklahoma=true", "target=0"],
    ] {
        let g = game(params);
        let mut legal = Vec::new();
        for seed in 0..300 {
            let mut rng = ChaCha8Rng::seed_from_u64(seed);
            let mut st = g.deal(&mut rng);
            while g.to_move(&st) != ToMove::Over {
                if st.phase == Phase::Discard {
                    let k = knock_cards(&g, &st);
                    assert_eq!(k, knocks_by_the_rule(&g, &st), "{params:?} seed {seed}");
                    knocking += usize::from(!k.is_empty());
                }
                g.legal_actions(&st, &mut legal);
                let a = legal[rng.random_range(0..legal.len())];
                g.apply(&mut st, a, &mut rng);
            }
        }
    }
    assert!(knocking > 10, "{knocking}");
}

/// Four scripted hands from `position`'s first deal (target 200): seat 0 knocks with 1
/// against 45 (44 points), seat 1 goes gin against 45 (70), seat 0 knocks with 9 and is
/// undercut by 5 after lay-offs (14 to seat 1), and a drawn hand. Returns the state after
/// each of the four.
fn four_hands(g: &GinRummy) -> Vec<GinState> {
    let mut rng = ChaCha8Rng::seed_from_u64(5);
    let mut out = Vec::new();
    let mut st = position(
        g,
        "2H 3H 4H 7C 7D 7S JS QS KS 2C",
        "5C 6D 9H TC 8D 3S 4D KD QD JD",
        "AD",
    );
    g.apply(&mut st, GinAction::TakeDiscard, &mut rng);
    g.apply(&mut st, GinAction::Knock(card("2C")), &mut rng);
    g.check_invariants(&st).unwrap();
    out.push(st.clone());
    // Seat 0 deals; seat 1 takes the T♠ onto J-Q-K♠ and goes gin with the 9♣.
    assert_eq!(st.turn, Seat::new(1));
    relay(
        g,
        &mut st,
        "5C 6D 9H TC 8D 3S 4D KD QD JD",
        "2H 3H 4H 7C 7D 7S JS QS KS 9C",
        "TS",
    );
    g.apply(&mut st, GinAction::TakeDiscard, &mut rng);
    g.apply(&mut st, GinAction::Knock(card("9C")), &mut rng);
    g.check_invariants(&st).unwrap();
    out.push(st.clone());
    // Seat 1 deals; seat 0 draws and knocks with the drawn card, holding 9 deadwood.
    relay(
        g,
        &mut st,
        "2H 3H 4H 7C 7D 7S JS QS KS 9C",
        "AC AD AH 5H 6H 8C 8D 8S 2S 3D",
        "KD",
    );
    let top = *st.stock.last().unwrap();
    g.apply(&mut st, GinAction::DrawStock, &mut rng);
    g.apply(&mut st, GinAction::Knock(top), &mut rng);
    g.check_invariants(&st).unwrap();
    out.push(st.clone());
    // Seat 0 deals; three cards left in the stock: seat 1 draws and discards, leaving two.
    relay(g, &mut st, LOOSE[0], LOOSE[1], "AD");
    let keep = st.stock.len() - 3;
    let moved: Vec<Card> = st.stock.drain(..keep).collect();
    st.pile.extend(moved);
    g.apply(&mut st, GinAction::DrawStock, &mut rng);
    g.apply(&mut st, GinAction::Discard(card("KD")), &mut rng);
    g.check_invariants(&st).unwrap();
    out.push(st);
    out
}

/// The statistics, column by column, over the four scripted hands: the hands, knocks, gins,
/// undercuts and drawn hands counted, the deadwood averaged over the knocks, the decisions;
/// and the points and hands won each hand added.
#[test]
fn stats_count_every_column() {
    let g = game(&["target=200"]);
    let names = GinRummy::INFO.stats;
    let col = |out: &[f64], name: &str| out[names.iter().position(|&n| n == name).unwrap()];
    let mut out = vec![3.0];
    let fresh = position(
        &g,
        "2H 3H 4H 7C 7D 7S JS QS KS 2C",
        "5C 6D 9H TC 8D 3S 4D KD QD JD",
        "AD",
    );
    g.stats(&fresh, &mut out);
    assert_eq!(out, vec![0.0; names.len()]);
    let after = four_hands(&g);
    let points: Vec<[u32; 2]> = after.iter().map(|s| s.points).collect();
    assert_eq!(points, [[44, 0], [44, 70], [44, 84], [44, 84]]);
    let boxes: Vec<[u32; 2]> = after.iter().map(|s| s.boxes).collect();
    assert_eq!(boxes, [[1, 0], [1, 1], [1, 2], [1, 2]]);
    let st = &after[3];
    assert_eq!(st.phase, Phase::Draw);
    g.stats(st, &mut out);
    assert_eq!(out.len(), names.len());
    let want = [
        ("hands", 4.0),
        ("knocks", 3.0),
        ("gins", 1.0),
        ("undercuts", 1.0),
        ("drawn_hands", 1.0),
        ("knocker_deadwood", (1.0 + 0.0 + 9.0) / 3.0),
        ("defender_deadwood", (45.0 + 45.0 + 5.0) / 3.0),
        ("turns", 8.0),
    ];
    for (name, v) in want {
        assert_eq!(col(&out, name), v, "{name}");
    }
    assert_eq!(want.len(), names.len());
}

/// The observation's scalars, from the observer's side: points over the target (over 100
/// for a single hand), hands won over 10, the last hand's knocker, scorer, flags and points,
/// hands played over 10, the stock over 31, the opponent's cards over 11, the knock limit over
/// 10 and the passes of the upcard offer over 2.
#[test]
fn the_observation_scales_each_count_from_the_observers_side() {
    use crate::encoding::{Encoding, Tensor};
    use crate::games::common::encoding::named;
    let encode = |g: &GinRummy, st: &GinState, seat: usize| {
        let mut t = Tensor::new();
        g.encode_observation(&g.observe(st, Seat::new(seat)), &mut t);
        t
    };
    let g = game(&["target=200"]);
    let after = four_hands(&g);
    // After the gin by seat 1, seen by seat 1 (its entries first).
    let t = encode(&g, &after[1], 1);
    assert_eq!(named(&t, "points"), [70.0 / 200.0, 44.0 / 200.0]);
    assert_eq!(named(&t, "boxes"), [0.1, 0.1]);
    assert_eq!(named(&t, "last.knocker"), [1.0, 0.0]);
    assert_eq!(named(&t, "last.winner"), [1.0, 0.0]);
    assert_eq!(named(&t, "last.flags"), [1.0, 0.0]);
    assert_eq!(named(&t, "last.points"), [0.7]);
    assert_eq!(named(&t, "hands_played"), [0.2]);
    // After the undercut, seen by seat 0: its knock, seat 1's score.
    let t = encode(&g, &after[2], 0);
    assert_eq!(named(&t, "points"), [44.0 / 200.0, 84.0 / 200.0]);
    assert_eq!(named(&t, "boxes"), [0.1, 0.2]);
    assert_eq!(named(&t, "last.knocker"), [1.0, 0.0]);
    assert_eq!(named(&t, "last.winner"), [0.0, 1.0]);
    assert_eq!(named(&t, "last.flags"), [0.0, 1.0]);
    assert_eq!(named(&t, "last.points"), [0.14]);
    // A fresh hand: the full stock, the opponent to draw holding ten, the limit 10.
    let st = &after[3];
    assert_eq!(
        (st.turn, st.phase, st.stock.len()),
        (Seat::new(0), Phase::Draw, 31)
    );
    let t = encode(&g, st, 1);
    assert_eq!(named(&t, "stock"), [1.0]);
    assert_eq!(named(&t, "opponent_cards"), [10.0 / 11.0]);
    assert_eq!(named(&t, "knock_limit"), [1.0]);
    assert_eq!(named(&t, "hands_played"), [0.4]);
    // A single hand: points over 100.
    let single = game(&["target=0"]);
    let mut st = position(
        &single,
        "2H 3H 4H 7C 7D 7S JS QS KS 2C",
        "5C 6D 9H TC 8D 3S 4D KD QD JD",
        "AD",
    );
    let mut rng = ChaCha8Rng::seed_from_u64(1);
    single.apply(&mut st, GinAction::TakeDiscard, &mut rng);
    single.apply(&mut st, GinAction::Knock(card("2C")), &mut rng);
    assert_eq!(named(&encode(&single, &st, 1), "points"), [0.0, 0.44]);
    // The upcard offer: one pass, half of two; Oklahoma's limit from a seven is 0.7.
    let offer = game(&["first_turn=offer", "oklahoma=true"]);
    let mut st = position(
        &offer,
        "2H 3H 4H 7D 7H 7S JS QS KS 2C",
        "5C 6D 9H TC 8D 3S 4D KD QD JD",
        "7C",
    );
    st.phase = Phase::Offer;
    offer.apply(&mut st, GinAction::Pass, &mut rng);
    assert_eq!(
        (st.turn, st.phase, st.passes),
        (Seat::new(1), Phase::Offer, 1)
    );
    let t = encode(&offer, &st, 0);
    assert_eq!(named(&t, "passes"), [0.5]);
    assert_eq!(named(&t, "knock_limit"), [0.7]);
}

/// Every invariant, broken alone in a real position, is refused; real positions (a discard
/// with two cards left in the stock, a finished game, a single hand) pass.
#[test]
fn broken_states_fail_the_invariants() {
    let g = game(&[]);
    let draw = position(&g, LOOSE[0], LOOSE[1], "AD");
    let mut rng = ChaCha8Rng::seed_from_u64(2);
    let mut discard = draw.clone();
    g.apply(&mut discard, GinAction::DrawStock, &mut rng);
    g.check_invariants(&discard).unwrap();
    let mut taken = draw.clone();
    g.apply(&mut taken, GinAction::TakeDiscard, &mut rng);
    g.check_invariants(&taken).unwrap();
    // Two cards left in the stock while a seat discards: the hand is not over yet.
    let mut three_left = draw.clone();
    let keep = three_left.stock.len() - 3;
    let moved: Vec<Card> = three_left.stock.drain(..keep).collect();
    three_left.pile.extend(moved);
    g.check_invariants(&three_left).unwrap();
    let mut low = three_left.clone();
    g.apply(&mut low, GinAction::DrawStock, &mut rng);
    assert_eq!(low.stock.len(), 2);
    g.check_invariants(&low).unwrap();
    for st in four_hands(&game(&["target=200"])) {
        g.check_invariants(&st).unwrap();
    }
    let mut over = position(
        &g,
        "2H 3H 4H 7C 7D 7S JS QS KS 2C",
        "5C 6D 9H TC 8D 3S 4D KD QD JD",
        "AD",
    );
    over.points = [90, 60];
    g.apply(&mut over, GinAction::TakeDiscard, &mut rng);
    g.apply(&mut over, GinAction::Knock(card("2C")), &mut rng);
    assert_eq!(over.phase, Phase::Over);
    g.check_invariants(&over).unwrap();
    let single = game(&["target=0"]);
    single.check_invariants(&draw).unwrap();
    let bad = |what: &str, base: &GinState, edit: &dyn Fn(&mut GinState)| {
        let mut st = base.clone();
        edit(&mut st);
        assert!(g.check_invariants(&st).is_err(), "{what} passes");
    };
    bad("a card lost", &draw, &|st| {
        st.stock.pop();
    });
    bad("a card twice", &draw, &|st| st.stock.push(card("2H")));
    bad("a known card not held", &taken, &|st| {
        st.known[1] = set("AD")
    });
    bad("seat 1's known card not held", &draw, &|st| {
        st.known[1] = set("2H")
    });
    bad("the seat to draw holding eleven", &draw, &|st| {
        let c = st.stock.pop().unwrap();
        st.hands[0].insert(c);
    });
    bad("the other seat holding eleven", &draw, &|st| {
        let c = st.stock.pop().unwrap();
        st.hands[1].insert(c);
    });
    bad("the seat to discard holding ten", &discard, &|st| {
        let c = st.hands[0].iter().next().unwrap();
        st.hands[0].remove(c);
        st.stock.push(c);
    });
    bad("seat 1 to draw holding eleven", &draw, &|st| {
        st.turn = Seat::new(1);
        let c = st.stock.pop().unwrap();
        st.hands[1].insert(c);
    });
    bad("a draw with two cards left", &three_left, &|st| {
        let c = st.stock.remove(0);
        st.pile.push(c);
    });
    let refusal = |base: &GinState, points: [u32; 2]| {
        let mut st = base.clone();
        st.points = points;
        g.check_invariants(&st).unwrap_err()
    };
    assert_eq!(refusal(&over, [100, 120]), "both seats reached the target");
    assert_eq!(
        refusal(&draw, [100, 0]),
        "a seat reached the target and play goes on"
    );
    // Below the target play goes on; a single hand has no target.
    g.check_invariants(&{
        let mut st = draw.clone();
        st.points = [99, 99];
        st
    })
    .unwrap();
    single
        .check_invariants(&{
            let mut st = draw.clone();
            st.points = [150, 0];
            st
        })
        .unwrap();
}

/// Scoring rulings not covered above: under `tie=void` a lower defender still undercuts; a
/// single hand goes to whoever scored, and a drawn single hand is a tie; under
/// `winner=total` equal final totals draw.
#[test]
fn undercuts_single_hands_and_equal_totals() {
    let k = set("2H 3H 4H 7C 7D 7S JS QS KS 9C");
    let d = set("AC AD AH 5H 6H 8C 8D 8S 2S 3D");
    let r = game(&["tie=void"]).score_knock(Seat::new(0), k, d);
    assert_eq!(
        (r.winner, r.points, r.undercut, r.defender_deadwood),
        (Some(Seat::new(1)), 4 + 10, true, 5)
    );
    let mut rng = ChaCha8Rng::seed_from_u64(4);
    let single = game(&["target=0"]);
    let hands = (
        "2H 3H 4H 7C 7D 7S JS QS KS 2C",
        "5C 6D 9H TC 8D 3S 4D KD QD JD",
    );
    let mut st = position(&single, hands.0, hands.1, "AD");
    single.apply(&mut st, GinAction::TakeDiscard, &mut rng);
    single.apply(&mut st, GinAction::Knock(card("2C")), &mut rng);
    let o = single.outcome(&st).unwrap();
    assert_eq!((o[Seat::new(0)].win, o[Seat::new(1)].win), (1.0, 0.0));
    assert_eq!((o[Seat::new(0)].place, o[Seat::new(1)].place), (1, 2));
    let mut st = position(&single, hands.0, hands.1, "AD");
    let keep = st.stock.len() - 3;
    let moved: Vec<Card> = st.stock.drain(..keep).collect();
    st.pile.extend(moved);
    single.apply(&mut st, GinAction::DrawStock, &mut rng);
    single.apply(&mut st, GinAction::Discard(card("2C")), &mut rng);
    assert_eq!(st.phase, Phase::Over);
    let o = single.outcome(&st).unwrap();
    for seat in [Seat::new(0), Seat::new(1)] {
        assert_eq!((o[seat].win, o[seat].place), (0.5, 1));
    }
    // Seat 0 reaches 100 with one hand won (225 in all); seat 1 has 75 and six hands won.
    for (winner, win) in [("target", 1.0), ("total", 0.5)] {
        let param = format!("winner={winner}");
        let g = game(&[param.as_str()]);
        let mut st = position(&g, hands.0, hands.1, "AD");
        st.points = [56, 75];
        st.boxes = [0, 6];
        g.apply(&mut st, GinAction::TakeDiscard, &mut rng);
        g.apply(&mut st, GinAction::Knock(card("2C")), &mut rng);
        assert_eq!(g.totals(&st), [225, 225]);
        let o = g.outcome(&st).unwrap();
        assert_eq!(o[Seat::new(0)].win, win, "{winner}");
        assert_eq!(o[Seat::new(1)].win, 1.0 - win, "{winner}");
    }
}

/// What each seat cannot see: the stock and the opponent's cards but those it took from the
/// pile, for either seat; the opponent holds eleven cards only while it discards.
#[test]
fn unseen_cards_and_the_opponents_hand_size() {
    let g = game(&[]);
    let mut rng = ChaCha8Rng::seed_from_u64(3);
    let mut st = position(&g, LOOSE[0], LOOSE[1], "8D");
    // Seat 0 takes the 8♦ and discards the 2♣; seat 1 takes the 2♣ and discards the K♦.
    for a in [
        GinAction::TakeDiscard,
        GinAction::Discard(card("2C")),
        GinAction::TakeDiscard,
        GinAction::Discard(card("KD")),
    ] {
        g.apply(&mut st, a, &mut rng);
    }
    assert_eq!(st.known, [set("8D"), set("2C")]);
    let stock: CardSet = st.stock.iter().copied().collect();
    for me in 0..2 {
        let o = g.observe(&st, Seat::new(me));
        let them = 1 - me;
        assert_eq!(
            o.unseen(),
            stock | (st.hands[them] - st.known[them]),
            "seat {me}"
        );
        assert_eq!(o.opponent_cards(), 10);
    }
    // Seat 0 draws: seat 1 sees eleven cards in its hand, seat 0 sees ten in seat 1's.
    g.apply(&mut st, GinAction::DrawStock, &mut rng);
    assert_eq!(g.observe(&st, Seat::new(1)).opponent_cards(), 11);
    assert_eq!(g.observe(&st, Seat::new(0)).opponent_cards(), 10);
}

/// Every move is public and named as documented; the move cap (ruling 13) holds a thousand
/// of the longest hands without a card taken from the pile (two passes, then 29 draws and
/// discards).
#[test]
fn moves_are_public_named_and_capped() {
    let g = game(&["first_turn=offer"]);
    let mut rng = ChaCha8Rng::seed_from_u64(8);
    let mut st = g.deal(&mut rng);
    let mut legal = Vec::new();
    let mut seen = 0;
    while g.to_move(&st) != ToMove::Over && seen < 200 {
        g.legal_actions(&st, &mut legal);
        let a = legal[rng.random_range(0..legal.len())];
        for viewer in [Seat::new(0), Seat::new(1)] {
            assert_eq!(g.observe_action(&st, a, viewer), Some(a));
        }
        g.apply(&mut st, a, &mut rng);
        seen += 1;
    }
    let c = card("7H");
    let names: Vec<String> = [
        GinAction::DrawStock,
        GinAction::TakeDiscard,
        GinAction::Pass,
        GinAction::Discard(c),
        GinAction::Knock(c),
    ]
    .iter()
    .map(|a| a.to_string())
    .collect();
    assert_eq!(names, ["draw", "take", "pass", "discard 7H", "knock 7H"]);
    assert_eq!(g.move_cap(), Some(70_000));
    assert!(g.move_cap().unwrap() >= 1000 * (2 + 2 * 29));
}

/// The deal text reads back (the offer and Oklahoma too, whose knock limit follows the
/// upcard), the stock printed from its top; a short hand, a card twice and a missing field are
/// refused.
#[test]
fn the_deal_text_reads_back() {
    for params in [&[][..], &["first_turn=offer", "oklahoma=true"]] {
        let g = game(params);
        for seed in 0..10 {
            let st = g.deal(&mut ChaCha8Rng::seed_from_u64(seed));
            let text = crate::deal_text::round_trip(&g, &st).unwrap();
            let top = st.stock.last().unwrap();
            assert!(
                text.contains(&format!("; upcard: {}; stock: {top} ", st.upcard)),
                "{text}"
            );
        }
    }
    let g = game(&[]);
    let st = g.deal(&mut ChaCha8Rng::seed_from_u64(2));
    let text = g.print_deal(&st);
    let c = st.hands[0].iter().next().unwrap();
    let mut short = st.clone();
    short.hands[0].remove(c);
    short.stock.push(c);
    let short = g.print_deal(&short);
    assert!(g.parse_deal(&short).is_err(), "{short}");
    assert!(g.parse_deal(&format!("{text} {c}")).is_err());
    assert!(g.parse_deal(&format!("{text} {}", st.upcard)).is_err());
    let (no_stock, _) = text.split_once("; stock: ").unwrap();
    assert!(g.parse_deal(no_stock).is_err());
}
