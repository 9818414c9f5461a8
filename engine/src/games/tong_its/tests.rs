//! Tong-Its: payouts from the page, the draw call and its fight, stock out, the pot, known
//! counts, observation, random games.

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
fn game(params: &[&str]) -> TongIts {
    TongIts::new(3, &Params::parse(params).unwrap()).unwrap()
}
fn rng() -> ChaCha8Rng {
    ChaCha8Rng::seed_from_u64(7)
}
fn s(i: usize) -> Seat {
    Seat::new(i)
}

/// A table meld.
fn meld(owner: usize, cards: &str, own: &str) -> TableMeld {
    TableMeld {
        owner: s(owner),
        cards: set(cards),
        own: set(own),
        face_down: false,
    }
}

/// A position of the first hand (antes paid, pot 6): the given hands, melds and pile, `turn`
/// to move in `phase`, every other card in the stock (in deck order).
fn position(
    g: &TongIts,
    hands: [&str; 3],
    melds: &[TableMeld],
    pile: &str,
    turn: usize,
    phase: Phase,
) -> TongitsState {
    let mut st = g.deal(&mut ChaCha8Rng::seed_from_u64(0));
    st.hands = hands.map(set);
    st.melds = melds.iter().copied().collect();
    st.pile = pile.split_whitespace().map(card).collect();
    let mut used = st.hands[0] | st.hands[1] | st.hands[2];
    used |= st.pile.iter().copied().collect::<CardSet>();
    for m in &st.melds {
        used |= m.cards;
        st.opened[m.owner.index()] = true;
    }
    st.stock = (CardSet::FULL_DECK - used).iter().collect();
    st.turn = s(turn);
    st.phase = phase;
    g.check_invariants(&st).unwrap();
    st
}

#[test]
fn tongit_pays_three_plus_fours_aces_and_not_opening() {
    let g = game(&["hands=5"]);
    let mut four = meld(0, "7C 7D 7H 7S", "7C 7D 7H 7S");
    four.face_down = true;
    let melds = [
        four,
        // AD laid off onto seat 0's run by seat 1: not seat 0's ace.
        meld(0, "AD 2D 3D 4D", "2D 3D 4D"),
        // AS laid off by seat 0 onto seat 1's run: not counted either.
        meld(1, "AS 2S 3S 4S", "2S 3S 4S"),
        meld(1, "KC KD KH", "KC KD KH"),
    ];
    let mut st = position(
        &g,
        [
            "AH 2H 3H 9C",
            "5C 6D 8H 9H TC JD QS 2C",
            "3C 4C 5D 6H 8C 9D TD JH QC 5S 6S 8S",
        ],
        &melds,
        "",
        0,
        Phase::Play,
    );
    assert!(!st.opened[2]);
    // Seat 1 won the hand before: seat 0's win starts a streak of its own, no pot.
    st.streak = Some((s(1), 1));
    let mut r = rng();
    g.apply(&mut st, TongitsAction::Meld(set("AH 2H 3H")), &mut r);
    assert_eq!(st.hands[0], set("9C"));
    g.apply(&mut st, TongitsAction::Discard(card("9C")), &mut r);
    let res = st.last.unwrap();
    assert_eq!((res.winner, res.ending), (s(0), Ending::Tongit));
    // 3 for the tongit, 3 for the face-down four, 1 for AH; seat 2 never opened: 1 more.
    assert_eq!((res.fours, res.aces), (1, 1));
    assert_eq!(res.payments, [15, -7, -8]);
    assert_eq!(st.chips, [-2 + 15 - 2, -2 - 7 - 2, -2 - 8 - 2]);
    assert_eq!(st.pot, 12, "a first win does not take the pot");
    assert_eq!(st.streak, Some((s(0), 1)));
    assert_eq!((st.counts[0], st.counts[4], st.counts[7]), (1, 0, 0));
    assert_eq!((st.dealer, st.turn, st.phase), (s(0), s(0), Phase::Play));
    assert_eq!(
        st.hands[0].len(),
        13,
        "the winner deals the next hand and starts"
    );
}

#[test]
fn a_four_held_in_the_hand_counts_as_concealed() {
    let g = game(&["hands=5"]);
    let mut st = position(
        &g,
        [
            "9C 9D 9H 9S 2H 3H 4H 5C",
            "6D 8H TC JD QS 2C 5H 6H 8C 7C",
            "3C 4C 5D 6C 8D TD JH 5S 6S 8S JS 2D",
        ],
        &[
            meld(0, "KC KD KH", "KC KD KH"),
            meld(1, "QH QD QC", "QH QD QC"),
        ],
        "",
        0,
        Phase::Draw,
    );
    // Seat 0 calls draw with deadwood 5 (the nines and 2-3-4H concealed); seat 1 folds.
    let mut r = rng();
    g.apply(&mut st, TongitsAction::CallDraw, &mut r);
    assert_eq!((st.turn, st.phase), (s(1), Phase::Fight { caller: s(0) }));
    g.apply(&mut st, TongitsAction::Fold, &mut r);
    let res = st.last.unwrap();
    assert_eq!((res.winner, res.ending, res.fours), (s(0), Ending::Draw, 1));
    // 1 for the draw, 3 for the four; seat 2, not opened, was not asked and pays 1 more.
    assert_eq!(res.payments, [4 + 5, -4, -5]);
    assert_eq!(res.deadwood, [Some(5), None, None]);
}

/// Seat 0 (deadwood `d0`) calls; seat 1 (`d1`) and seat 2 (`d2`) are opened.
fn fought(d: [&str; 3], answers: [TongitsAction; 2]) -> HandResult {
    let g = game(&["hands=5"]);
    let melds = [
        meld(0, "KC KD KH", "KC KD KH"),
        meld(1, "QC QD QH", "QC QD QH"),
        meld(2, "JC JD JH", "JC JD JH"),
    ];
    let mut st = position(&g, d, &melds, "", 0, Phase::Draw);
    let mut r = rng();
    g.apply(&mut st, TongitsAction::CallDraw, &mut r);
    g.apply(&mut st, answers[0], &mut r);
    g.apply(&mut st, answers[1], &mut r);
    let res = st.last.unwrap();
    // The counters: a fought call, and a call its caller won (fought or not).
    let fought = answers.contains(&TongitsAction::Fight);
    assert_eq!(
        (st.counts[2], st.counts[3]),
        (u32::from(fought), u32::from(res.winner == s(0))),
        "fought_draws, caller_wins"
    );
    res
}

#[test]
fn a_fought_draw_goes_to_the_least_deadwood_ties_to_the_fighter() {
    use TongitsAction::{Fight, Fold};
    // Deadwood 5, 5, 9: seat 1 fights and ties the caller: the fighter wins, 3 from each.
    let h = ["2C 3D", "2D 3C", "4S 5S"];
    let r = fought(h, [Fight, Fold]);
    assert_eq!((r.winner, r.ending), (s(1), Ending::FoughtDraw));
    assert_eq!(r.deadwood, [Some(5), Some(5), None]);
    assert_eq!(r.payments, [-3, 6, -3]);
    // Both fight and tie the caller: the one to the caller's left (seat 1) wins.
    let r = fought(["2C 3D", "2D 3C", "2S 3H"], [Fight, Fight]);
    assert_eq!(r.winner, s(1));
    assert_eq!(r.deadwood, [Some(5), Some(5), Some(5)]);
    // The caller lower: it wins 3 from each, the folder included.
    let r = fought(["2C 2D", "2S 3C", "4S 5S"], [Fold, Fight]);
    assert_eq!((r.winner, r.deadwood), (s(0), [Some(4), None, Some(9)]));
    assert_eq!(r.payments, [6, -3, -3]);
    // Both fold: the caller wins 1 from each.
    let r = fought(["9C 9D", "2S 3C", "4S 5S"], [Fold, Fold]);
    assert_eq!(
        (r.winner, r.ending, r.payments),
        (s(0), Ending::Draw, [2, -1, -1])
    );
}

#[test]
fn calling_draw_needs_an_open_hand_and_no_recent_sapaw() {
    let g = game(&[]);
    let melds = [
        meld(0, "KC KD KH", "KC KD KH"),
        meld(1, "4C 5C 6C", "4C 5C 6C"),
    ];
    let hands = [
        "2S 3D 9H 7C TD",
        "AC 2D 3C 8S 9S TH",
        "3H 4H 6S 8H 9D JS QS QC",
    ];
    let mut st = position(&g, hands, &melds, "5D", 0, Phase::Draw);
    let mut legal = Vec::new();
    g.legal_actions(&st, &mut legal);
    assert!(legal.contains(&TongitsAction::CallDraw));
    // Seat 0 draws and lays off 7C onto seat 1's clubs: seat 1 may not call on its turn.
    let mut r = rng();
    g.apply(&mut st, TongitsAction::DrawStock, &mut r);
    g.apply(&mut st, TongitsAction::Sapaw(card("7C"), 1), &mut r);
    assert!(st.sapawed[1]);
    g.apply(&mut st, TongitsAction::Discard(card("9H")), &mut r);
    g.legal_actions(&st, &mut legal);
    assert_eq!(st.turn, s(1));
    assert!(!legal.contains(&TongitsAction::CallDraw));
    // Seat 1 draws and lays off 3C onto its own 4-5-6-7C; seat 2 (not opened) may not call.
    g.apply(&mut st, TongitsAction::DrawStock, &mut r);
    assert!(!st.sapawed[1], "cleared once its turn goes on");
    g.apply(&mut st, TongitsAction::Sapaw(card("3C"), 1), &mut r);
    assert!(st.own_sapaw[1]);
    g.apply(&mut st, TongitsAction::Discard(card("8S")), &mut r);
    g.legal_actions(&st, &mut legal);
    assert!(!legal.contains(&TongitsAction::CallDraw));
    g.apply(&mut st, TongitsAction::DrawStock, &mut r);
    g.apply(&mut st, TongitsAction::Discard(card("JS")), &mut r);
    // Seat 0 may call again.
    g.legal_actions(&st, &mut legal);
    assert!(legal.contains(&TongitsAction::CallDraw));
    g.apply(&mut st, TongitsAction::DrawStock, &mut r);
    let d = st.hands[0].iter().next().unwrap();
    g.apply(&mut st, TongitsAction::Discard(d), &mut r);
    // Seat 1 laid off onto its own meld in its previous turn: no call.
    g.legal_actions(&st, &mut legal);
    assert_eq!(st.turn, s(1));
    assert!(!legal.contains(&TongitsAction::CallDraw));
    g.apply(&mut st, TongitsAction::DrawStock, &mut r);
    let d = st.hands[1].iter().next().unwrap();
    g.apply(&mut st, TongitsAction::Discard(d), &mut r);
    g.apply(&mut st, TongitsAction::DrawStock, &mut r);
    let d = st.hands[2].iter().next().unwrap();
    g.apply(&mut st, TongitsAction::Discard(d), &mut r);
    g.apply(&mut st, TongitsAction::DrawStock, &mut r);
    let d = st.hands[0].iter().next().unwrap();
    g.apply(&mut st, TongitsAction::Discard(d), &mut r);
    // One quiet turn later it may.
    g.legal_actions(&st, &mut legal);
    assert!(legal.contains(&TongitsAction::CallDraw));
}

#[test]
fn the_top_discard_is_taken_only_into_a_new_meld() {
    let g = game(&[]);
    let st = position(
        &g,
        [
            "5H 6H 8H 7C 7D 7S KD 2S 9C JD QC 4S",
            "AC 2D 3C 8S 9S TH 4D 5D 6D QS KS AH",
            "3H 4H 6S 8D 9D JS TC 5C 6C KC 2C 3S",
        ],
        &[],
        "7H",
        0,
        Phase::Draw,
    );
    let mut legal = Vec::new();
    g.legal_actions(&st, &mut legal);
    // Runs 5-6-7H, 6-7-8H, 5-6-7-8H; sets: three pairs of sevens and all three.
    let takes: Vec<_> = legal
        .iter()
        .filter_map(|a| match a {
            TongitsAction::Take(s) => Some(*s),
            _ => None,
        })
        .collect();
    assert_eq!(takes.len(), 7);
    for t in [
        "5H 6H", "6H 8H", "5H 6H 8H", "7C 7D", "7C 7S", "7D 7S", "7C 7D 7S",
    ] {
        assert!(takes.contains(&set(t)), "{t}");
    }
    // Not opened: no call; drawing is always allowed.
    assert_eq!(legal.len(), 8);
    let mut st2 = st.clone();
    g.apply(&mut st2, TongitsAction::Take(set("6H 8H")), &mut rng());
    assert_eq!(st2.melds[0].cards, set("6H 7H 8H"));
    assert!(st2.opened[0] && st2.picked[0] == set("7H"));
    assert_eq!((st2.hands[0].len(), st2.phase), (10, Phase::Play));
    // A card that only lays off onto a meld cannot be taken.
    let st3 = position(
        &g,
        [
            "5H 6H 8H 7C 7D 7S KD 2S 9C JD QC 4S",
            "AC 2D 3C 4D 5D 6D QS KS AH",
            "3H 4H 6S 8D 9D 7H TC 5C 6C KC 2C 3S",
        ],
        &[meld(1, "8S 9S TS", "8S 9S TS")],
        "JS",
        0,
        Phase::Draw,
    );
    g.legal_actions(&st3, &mut legal);
    assert_eq!(legal, vec![TongitsAction::DrawStock]);
}

#[test]
fn the_dealer_starts_with_thirteen_cards_and_no_draw() {
    let g = game(&[]);
    let st = g.deal(&mut rng());
    assert_eq!((st.turn, st.dealer, st.phase), (s(0), s(0), Phase::Play));
    assert_eq!(st.hands.map(|h| h.len()), [13, 12, 12]);
    assert_eq!(st.stock.len(), 15);
    assert_eq!((st.chips, st.pot), ([-2, -2, -2], 6));
}

#[test]
fn stock_out_compares_the_opened_hands_ties_to_the_last_drawer() {
    let g = game(&["hands=5"]);
    let melds = [
        meld(0, "KC KD KH", "KC KD KH"),
        meld(1, "QC QD QH", "QC QD QH"),
        meld(2, "JC JD JH", "JC JD JH"),
    ];
    let run = |hands: [&str; 3], opened: [bool; 3]| {
        let mut st = position(&g, hands, &melds, "", 2, Phase::Draw);
        st.opened = opened;
        st.melds.retain(|m| opened[m.owner.index()]);
        // The melds of unopened seats go back to the stock (as if never laid).
        let on_table: CardSet = st
            .melds
            .iter()
            .map(|m| m.cards)
            .fold(CardSet::EMPTY, |a, b| a | b);
        let used = st.hands[0] | st.hands[1] | st.hands[2] | on_table;
        st.stock = (CardSet::FULL_DECK - used).iter().collect();
        // Leave one card in the stock: seat 2 draws it.
        let keep = st.stock.len() - 1;
        let moved: Vec<Card> = st.stock.drain(..keep).collect();
        st.pile.extend(moved);
        g.check_invariants(&st).unwrap();
        let mut r = rng();
        g.apply(&mut st, TongitsAction::DrawStock, &mut r);
        assert_eq!(st.last_drawer, Some(s(2)));
        // Seat 2 discards the card it drew.
        let drawn = st.hands[2] - set(hands[2]);
        g.apply(
            &mut st,
            TongitsAction::Discard(drawn.lowest().unwrap()),
            &mut r,
        );
        assert_eq!((st.counts[0], st.counts[4]), (0, 1), "a stock out counted");
        st.last.unwrap()
    };
    // 5, 5, 5: the last drawer (seat 2) wins, 1 from each.
    let r = run(["2C 3D", "2D 3C", "2S 3H"], [true; 3]);
    assert_eq!((r.winner, r.ending), (s(2), Ending::StockOut));
    assert_eq!(r.payments, [-1, -1, 2]);
    // Seats 0 and 1 tie below seat 2: the one to the last drawer's left (seat 0) wins.
    let r = run(["2C 3D", "2D 3C", "4S 3H"], [true; 3]);
    assert_eq!((r.winner, r.deadwood), (s(0), [Some(5), Some(5), Some(7)]));
    // Seat 1 lowest but not opened: it does not compare, and pays 1 more.
    let r = run(["2C 3D", "AD 2H", "4S 3H"], [true, false, true]);
    assert_eq!((r.winner, r.deadwood), (s(0), [Some(5), None, Some(7)]));
    assert_eq!(r.payments, [3, -2, -1]);
    // Nobody opened: everyone compares (ruling); each loser pays 1, 1 for not opening and 1
    // for the winner's ace.
    let r = run(["2C 3D", "AD 2H", "4S 3H"], [false; 3]);
    assert_eq!((r.winner, r.deadwood), (s(1), [Some(5), Some(3), Some(7)]));
    assert_eq!(r.payments, [-3, 6, -3]);
}

#[test]
fn the_pot_goes_to_two_wins_in_a_row_and_back_at_the_end() {
    let g = game(&["hands=3"]);
    let melds = [
        meld(0, "KC KD KH", "KC KD KH"),
        meld(1, "QC QD QH", "QC QD QH"),
    ];
    let mut st = position(&g, ["2C 3D", "9D 9C", "4S 5S"], &melds, "", 0, Phase::Draw);
    st.streak = Some((s(0), 1));
    st.pot = 12;
    st.chips = [-4, -4, -4];
    let mut r = rng();
    g.apply(&mut st, TongitsAction::CallDraw, &mut r);
    g.apply(&mut st, TongitsAction::Fold, &mut r);
    let res = st.last.unwrap();
    assert_eq!((res.winner, res.pot_won), (s(0), 12));
    assert_eq!(st.counts[7], 1, "a pot won counted");
    assert_eq!(st.streak, Some((s(0), 0)), "the streak starts again");
    // The next hand is dealt: antes 6 in the pot.
    assert_eq!(st.pot, 6);
    assert_eq!(st.chips, [-4 + 3 + 12 - 2, -4 - 1 - 2, -4 - 2 - 2]);
    // Last hand of the match: the pot (one ante from each) goes back.
    st.hands_played = 2;
    let chips = st.chips;
    g.end_hand(&mut st, s(1), Ending::Draw, [None; 3], &mut r);
    assert_eq!(st.phase, Phase::Over);
    let o = g.outcome(&st).unwrap();
    let want: Vec<f64> = (0..3)
        .map(|i| f64::from(chips[i] + st.last.unwrap().payments[i] + 2))
        .collect();
    assert_eq!(o.first(3).iter().map(|r| r.score).collect::<Vec<_>>(), want);
    assert_eq!(o.first(3).iter().map(|r| r.score).sum::<f64>(), 0.0);
}

#[test]
fn a_face_down_four_is_hidden_and_determinized_among_unseen_ranks() {
    let g = game(&[]);
    let mut st = position(
        &g,
        [
            "5H 6H 8H 7C 7D 7S KD 2S 9C JD QC 4S AS",
            "AC 2D 3C 8S 9S TH TS TD TC 4D 5D 6D",
            "3H 4H 6S 8D 9D JS 5C 6C KC 2C 3S QS",
        ],
        &[],
        "",
        0,
        Phase::Play,
    );
    let mut r = rng();
    // Seat 0 discards; seat 1 draws and lays its four face down.
    g.check_invariants(&st).unwrap();
    g.apply(&mut st, TongitsAction::Discard(card("KD")), &mut r);
    g.apply(&mut st, TongitsAction::DrawStock, &mut r);
    let tens = CardSet::rank_mask(Rank::Ten);
    let mut legal = Vec::new();
    g.legal_actions(&st, &mut legal);
    assert!(legal.contains(&TongitsAction::FaceDown(tens)));
    g.apply(&mut st, TongitsAction::FaceDown(tens), &mut r);
    assert!(st.opened[1]);
    assert_eq!(
        g.observe_action(&st, TongitsAction::FaceDown(tens), s(0)),
        Some(TongitsAction::FaceDown(CardSet::EMPTY))
    );
    // The others' view of the move is written `hide`, the mover's names the four.
    assert_eq!(TongitsAction::FaceDown(CardSet::EMPTY).to_string(), "hide");
    assert_eq!(
        TongitsAction::FaceDown(tens).to_string(),
        format!("hide {tens}")
    );
    let o = g.observe(&st, s(0));
    assert_eq!(o.melds[0].cards, CardSet::EMPTY);
    assert_eq!(g.observe(&st, s(1)).melds[0].cards, tens);
    // The candidates: the ranks seat 0 has seen no card of (threes and tens).
    let seen = o.hand | o.pile.iter().copied().collect::<CardSet>();
    let eligible: Vec<Rank> = Rank::ALL
        .into_iter()
        .filter(|&r| (CardSet::rank_mask(r) & seen).is_empty())
        .collect();
    assert_eq!(eligible, vec![Rank::Three, Rank::Ten]);
    let mut found = CardSet::EMPTY;
    for seed in 0..300 {
        let x = g.determinize(&o, &mut ChaCha8Rng::seed_from_u64(seed));
        g.check_invariants(&x).unwrap();
        assert_eq!(g.observe(&x, s(0)), o);
        let r = x.melds[0].cards.lowest().unwrap().rank();
        assert!(eligible.contains(&r));
        found.insert(x.melds[0].cards.lowest().unwrap());
    }
    assert_eq!(
        found.len(),
        eligible.len(),
        "every eligible rank is sampled"
    );
}

#[test]
fn perft_from_the_dealers_first_turn() {
    let g = game(&[]);
    let st = position(
        &g,
        [
            "7C 7D 7H 8S 9S TS 2C 3D AH KH QD 5C 4D",
            "5D 5H 2D 9H JC JD QS KS 6C 8H 4S 6S",
            "AC AD 2H 3C 3H 4C 4H 5S 6D 6H 7S 8C",
        ],
        &[],
        "",
        0,
        Phase::Play,
    );
    assert_eq!(st.stock.len(), 15);
    // Depth 1: two melds (7C 7D 7H, 8-9-TS) and 13 discards.
    // Depth 2: after either meld, the other meld and ten discards (11 each, nothing lays off);
    // after a discard, seat 1 draws or takes: 7H with 8H 9H, 5C with 5D 5H: 13 + 2.
    assert_eq!(perft_table(&g, &st, 2), vec![15, 11 + 11 + 13 + 2]);
}

#[test]
fn random_games_keep_the_contract() {
    for params in [&["hands=1"][..], &[], &["hands=3", "ante=0"]] {
        let g = game(params);
        let r = random_games(&g, 0..40, 100_000);
        assert_eq!(r.games, 40, "{params:?}");
    }
}

#[test]
fn bad_parameters_are_refused() {
    assert!(TongIts::new(2, &Params::new()).is_err());
    assert!(TongIts::new(3, &Params::parse(&["hands=0"]).unwrap()).is_err());
    assert!(TongIts::new(3, &Params::parse(&["deals=3"]).unwrap()).is_err());
}

/// The soak: a million random single hands and 10,000 random whole matches, every contract
/// check after every move. `cargo test --release -p cardsim-engine soak_tong_its -- --ignored`.
#[test]
#[ignore]
fn soak_tong_its() {
    let hands = game(&["hands=1"]);
    let whole = game(&[]);
    std::thread::scope(|sc| {
        let a = sc.spawn(|| random_games(&hands, 0..500_000, 100_000).games);
        let b = sc.spawn(|| random_games(&hands, 500_000..1_000_000, 100_000).games);
        let c = random_games(&whole, 0..10_000, 100_000).games;
        assert_eq!(a.join().unwrap() + b.join().unwrap(), 1_000_000);
        assert_eq!(c, 10_000);
    });
}

#[test]
fn a_lay_off_alone_does_not_open_and_emptying_the_hand_by_lay_offs_is_tongit() {
    let g = game(&["hands=5"]);
    let melds = [meld(0, "4C 5C 6C", "4C 5C 6C")];
    let mut st = position(
        &g,
        ["2S 3D 9H TD", "AC 2D 3C 8S 9S TH", "7C 8H"],
        &melds,
        "",
        2,
        Phase::Play,
    );
    let mut r = rng();
    g.apply(&mut st, TongitsAction::Sapaw(card("7C"), 0), &mut r);
    assert!(!st.opened[2], "a lay-off is not an opening");
    assert!(st.sapawed[0]);
    // Seat 2 discards its last card: a tongit; it never opened, but it wins.
    g.apply(&mut st, TongitsAction::Discard(card("8H")), &mut r);
    let res = st.last.unwrap();
    assert_eq!((res.winner, res.ending), (s(2), Ending::Tongit));
    // 3 from each; seat 1 never opened: 1 more.
    assert_eq!(res.payments, [-3, -4, 7]);
}

/// A first-hand position for the invariant and encoding tests: seat 0 has opened with three
/// sevens and a four-card run of diamonds, seat 1 with four tens face down; seat 0 is to draw.
fn opened_position(g: &TongIts) -> TongitsState {
    let mut tens = meld(1, "TS TH TD TC", "TS TH TD TC");
    tens.face_down = true;
    position(
        g,
        ["AS 2S 3S 9H 9D", "5C 6C", "KD QD 2H"],
        &[
            meld(0, "7H 7D 7C", "7H 7D 7C"),
            tens,
            meld(0, "2D 3D 4D 5D", "2D 3D 4D 5D"),
        ],
        "4C 8S",
        0,
        Phase::Draw,
    )
}

/// Every invariant, broken alone, is refused with its own message; the states next to each
/// broken one pass.
#[test]
fn broken_positions_fail_the_invariants() {
    let g = game(&["hands=3"]);
    let base = opened_position(&g);
    let cases: [crate::games::common::testing::Corruption<TongitsState>; 14] = [
        ("is not a meld", |st| {
            st.melds[0].cards = set("7H 7D");
            st.melds[0].own = set("7H 7D");
            st.stock.push(card("7C"));
        }),
        ("own cards are not in it", |st| {
            st.melds[0].own.insert(card("8C"));
        }),
        ("face-down meld that is not a four", |st| {
            st.melds[0].face_down = true;
        }),
        ("face-down meld that is not a four", |st| {
            st.melds[2].face_down = true;
        }),
        ("has not opened", |st| st.opened[1] = false),
        ("cards not conserved", |st| {
            st.stock.pop();
        }),
        ("chips do not add up", |st| st.chips[0] += 1),
        ("last drawer", |st| st.last_drawer = Some(s(2))),
        ("last drawer", |st| {
            let stock: Vec<Card> = st.stock.drain(..).collect();
            st.pile.extend(stock);
        }),
        ("empty hand at the start of a turn", |st| {
            let hand = std::mem::take(&mut st.hands[0]);
            st.stock.extend(hand.iter());
        }),
        ("played past the match", |st| st.hands_played = 4),
        // Not alone, but each still refused: a card in two places, a meld of two seats' cards.
        ("cards not conserved", |st| st.pile.push(card("AS"))),
        ("is not a meld", |st| {
            st.melds[0].cards.insert(card("AS"));
        }),
        ("is not a meld", |st| {
            st.melds[2].cards.remove(card("3D"));
        }),
    ];
    crate::games::common::testing::assert_each_corruption_refused_saying(&g, &base, &cases);
    // Their neighbours pass: the last drawer with the stock gone, an empty hand while
    // playing (after drawing), the last hand of the match, and the match over.
    let mut ok = base.clone();
    let stock: Vec<Card> = ok.stock.drain(..).collect();
    ok.pile.extend(stock);
    ok.last_drawer = Some(s(2));
    g.check_invariants(&ok).unwrap();
    let mut ok = base.clone();
    ok.phase = Phase::Play;
    let hand = std::mem::take(&mut ok.hands[0]);
    ok.stock.extend(hand.iter());
    g.check_invariants(&ok).unwrap();
    let mut ok = base.clone();
    ok.hands_played = 3;
    ok.phase = Phase::Over;
    ok.last_drawer = Some(s(1));
    g.check_invariants(&ok).unwrap();
}

/// The statistics: hands played, the eight counters in order, then the decisions.
#[test]
fn stats_are_hands_the_counters_and_turns() {
    let g = game(&[]);
    let mut st = opened_position(&g);
    st.hands_played = 3;
    st.counts = [1, 2, 3, 4, 5, 6, 7, 8];
    st.turns = 40;
    let mut out = vec![99.0];
    g.stats(&st, &mut out);
    assert_eq!(out, [3.0, 1.0, 2.0, 3.0, 4.0, 5.0, 6.0, 7.0, 8.0, 40.0]);
    assert_eq!(out.len(), TongIts::INFO.stats.len());
}

/// The deal text reads back; a hand one card short and a card twice are refused.
#[test]
fn the_deal_text_reads_back() {
    let g = game(&[]);
    for seed in 0..5 {
        let st = g.deal(&mut ChaCha8Rng::seed_from_u64(seed));
        let text = crate::deal_text::round_trip(&g, &st).unwrap();
        assert!(text.starts_with("hands: ") && text.contains("; stock: "));
        let first = st.hands[0].iter().next().unwrap().to_string();
        crate::deal_text::assert_misplaced_card_refused(&g, &st, &first);
    }
    let text = crate::deal_text::DealText::print_deal(&g, &g.deal(&mut rng()));
    assert!(crate::deal_text::DealText::parse_deal(&g, &format!("{text}; pot: 3")).is_err());
}

/// The rule helpers read a known hand: who may call draw, concealed fours, counted aces,
/// melds, takes and deadwood.
#[test]
fn the_rule_helpers_read_known_hands() {
    for opened in [false, true] {
        for own in [false, true] {
            for sapawed in [false, true] {
                assert_eq!(
                    TongIts::may_call(opened, own, sapawed),
                    opened && !own && !sapawed,
                    "{opened} {own} {sapawed}"
                );
            }
        }
    }
    let g = game(&[]);
    let mut st = opened_position(&g);
    assert_eq!(TongIts::concealed_fours(&st, s(1)), 1, "the tens face down");
    assert_eq!(TongIts::concealed_fours(&st, s(0)), 0);
    // Seat 2 holds four kings: concealed in the hand.
    st.hands[2] = set("KD KH KS KC");
    assert_eq!(TongIts::concealed_fours(&st, s(2)), 1);
    // Aces: in the hand and among the owner's own cards of its melds, not others' lay-offs.
    st.melds[0].cards = set("7H 7D 7C 7S");
    st.melds[0].own = set("7H 7D 7C");
    st.melds[2].cards = set("AD 2D 3D 4D 5D");
    st.melds[2].own = set("2D 3D 4D 5D");
    assert_eq!(
        TongIts::counted_aces(&st, s(0)),
        1,
        "AS in hand; AD laid off by another"
    );
    st.melds[2].own = set("AD 2D 3D 4D 5D");
    assert_eq!(TongIts::counted_aces(&st, s(0)), 2);
    assert_eq!(TongIts::counted_aces(&st, s(1)), 0);
    st.chips = [5, -3, -8];
    assert_eq!(TongIts::scores(&st), [5.0, -3.0, -8.0]);

    // Every meld of a hand, by its cards (sorted, since the order is the search's).
    let all = |cards: &str| {
        let mut v = Vec::new();
        melds_in(set(cards), |m| v.push(m.bits()));
        v.sort_unstable();
        v
    };
    let sorted = |melds: &[&str]| {
        let mut v: Vec<u64> = melds.iter().map(|m| set(m).bits()).collect();
        v.sort_unstable();
        v
    };
    assert_eq!(
        all("5H 5D 5C 5S 9C"),
        sorted(&[
            "5H 5D 5C 5S",
            "5D 5C 5S",
            "5H 5C 5S",
            "5H 5D 5S",
            "5H 5D 5C"
        ])
    );
    assert_eq!(all("5H 5D 5C 9C"), sorted(&["5H 5D 5C"]));
    assert_eq!(
        all("3S 4S 5S 6S 8S"),
        sorted(&["3S 4S 5S", "3S 4S 5S 6S", "4S 5S 6S"])
    );
    assert_eq!(
        all("JC QC KC AC 2C"),
        sorted(&["JC QC KC"]),
        "no run past the king"
    );
    assert!(all("5H 5D 6S 7C").is_empty());
    // The hand cards that make a new meld with the top discard.
    let takes_of = |hand: &str, top: &str| {
        let mut v = Vec::new();
        takes(set(hand), card(top), |m| v.push(m.bits()));
        v.sort_unstable();
        v
    };
    assert_eq!(
        takes_of("5H 5D 6S 7S 9C", "5S"),
        sorted(&["5H 5D", "6S 7S"])
    );
    assert_eq!(
        takes_of("5H 5D 5C", "5S"),
        sorted(&["5H 5D", "5H 5C", "5D 5C", "5H 5D 5C"])
    );
    assert_eq!(
        takes_of("3S 4S 6S 7S", "5S"),
        sorted(&[
            "3S 4S",
            "4S 6S",
            "6S 7S",
            "3S 4S 6S",
            "4S 6S 7S",
            "3S 4S 6S 7S"
        ])
    );
    assert!(takes_of("5H 6S 9S", "5S").is_empty());
    assert_eq!(fours_in(set("5H 5D 5C 5S 6H 6D 6C")), 1);
    assert_eq!(fours_in(set("5H 5D 5C 5S 6H 6D 6C 6S")), 2);
    assert_eq!(
        deadwood(set("AS 2S 3S 9H KD")),
        19,
        "the run melds, 9 + 10 left"
    );
    assert_eq!(deadwood(set("AH 9H KD")), 20);
}

/// The observation's counts are scaled as documented, from the observer's side; a
/// face-down four of another seat is unseen.
#[test]
fn the_observation_scales_each_count_as_documented() {
    use crate::encoding::{Encoding, Tensor};
    use crate::games::common::encoding::named;
    let g = game(&["hands=4"]);
    let mut st = opened_position(&g);
    st.chips = [-2 + 10, -2 - 10, -2];
    st.streak = Some((s(2), 2));
    st.hands_played = 1;
    st.last_drawer = None;
    st.sapawed[2] = true;
    let obs = g.observe(&st, s(1));
    assert!(obs.unseen().contains(card("AS")), "seat 0's hand");
    assert!(!obs.unseen().contains(card("TS")), "its own four");
    let obs0 = g.observe(&st, s(0));
    assert!(
        obs0.unseen().contains(card("TS")),
        "seat 1's four face down"
    );
    assert!(!obs0.unseen().contains(card("7H")) && !obs0.unseen().contains(card("8S")));
    assert_eq!(
        obs0.unseen().len(),
        52 - 5 - 2 - 3 - 4,
        "all but the hand, the pile and the face-up melds"
    );
    let mut t = Tensor::new();
    g.encode_observation(&obs, &mut t);
    // Seats from the observer (seat 1): itself, seat 2, seat 0.
    assert_eq!(
        named(&t, "hand_sizes"),
        [2.0 / 13.0, 3.0 / 13.0, 5.0 / 13.0]
    );
    assert_eq!(named(&t, "stock"), [st.stock.len() as f32 / 15.0]);
    assert_eq!(named(&t, "chips"), [-12.0 / 50.0, -2.0 / 50.0, 8.0 / 50.0]);
    assert_eq!(named(&t, "pot"), [6.0 / 20.0]);
    assert_eq!(named(&t, "streak"), [0.0, 1.0, 0.0]);
    assert_eq!(named(&t, "streak.length"), [2.0 / 3.0]);
    assert_eq!(named(&t, "hands_played"), [1.0 / 4.0]);
    assert_eq!(named(&t, "phase"), [1.0, 0.0, 0.0, 0.0]);
    assert_eq!(named(&t, "turn"), [0.0, 0.0, 1.0]);
    assert_eq!(named(&t, "dealer"), [0.0, 0.0, 1.0]);
    assert_eq!(named(&t, "opened"), [1.0, 0.0, 1.0]);
    assert_eq!(named(&t, "sapawed"), [0.0, 1.0, 0.0]);
    assert_eq!(named(&t, "last_drawer"), [0.0, 0.0, 0.0]);
    let top = named(&t, "pile.top");
    assert_eq!(top[card("8S").index()], 1.0);
    assert_eq!(top.iter().sum::<f32>(), 1.0);
    assert_eq!(named(&t, "pile.rest")[card("4C").index()], 1.0);
    // The melds in order, their owners from the observer's side, the face-down one marked.
    let owners = named(&t, "meld.owner");
    assert_eq!(owners[..9], [0.0, 0.0, 1.0, 1.0, 0.0, 0.0, 0.0, 0.0, 1.0]);
    assert_eq!(named(&t, "meld.face_down")[..3], [0.0, 1.0, 0.0]);
    // A called draw, and the match over: no turn.
    let mut fight = st.clone();
    fight.phase = Phase::Fight { caller: s(0) };
    let mut t = Tensor::new();
    g.encode_observation(&g.observe(&fight, s(1)), &mut t);
    assert_eq!(named(&t, "phase"), [0.0, 0.0, 1.0, 0.0]);
    assert_eq!(named(&t, "caller"), [0.0, 0.0, 1.0]);
    let mut over = st.clone();
    over.phase = Phase::Over;
    let mut t = Tensor::new();
    g.encode_observation(&g.observe(&over, s(1)), &mut t);
    assert_eq!(named(&t, "phase"), [0.0, 0.0, 0.0, 1.0]);
    assert_eq!(named(&t, "turn"), [0.0, 0.0, 0.0]);
}
