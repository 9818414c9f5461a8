//! Ogórek's rules: the order and the obligation, the last trick's penalty with literal figures,
//! kontra, elimination and placements, known counts and the conformance checks.

use super::*;
use crate::conformance::{self, perft::perft};
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;

fn c(s: &str) -> Card {
    s.parse().unwrap()
}

fn cards(s: &str) -> CardSet {
    s.split_whitespace().map(c).collect()
}

fn rng() -> ChaCha8Rng {
    ChaCha8Rng::seed_from_u64(0)
}

fn game(n: usize, params: &[&str]) -> Ogorek {
    Ogorek::new(n, &Params::parse(params).unwrap()).unwrap()
}

/// A fresh game whose first deal holds `hands` (seat 0 leads), kontra already settled.
fn with_hands(g: &Ogorek, hands: &[&str]) -> OgorekState {
    let mut st = g.deal(&mut rng());
    let n = g.players();
    let hs: Vec<CardSet> = hands.iter().map(|h| cards(h)).collect();
    st.play = TrickPlay::new(n, &hs, Seat::new(0), g.order, Obligation::BeatOrLowest)
        .with_active(SeatMask::all(n))
        .with_deck(CardSet::FULL_DECK);
    st.asking = None;
    g.check_invariants(&st).unwrap();
    st
}

fn play(g: &Ogorek, st: &mut OgorekState, seq: &str) {
    for tok in seq.split_whitespace() {
        g.try_apply(st, OgorekAction::Play(c(tok)), &mut rng())
            .unwrap_or_else(|e| panic!("{tok}: {e}"));
        g.check_invariants(st).unwrap();
    }
}

fn legal(g: &Ogorek, st: &OgorekState) -> String {
    let mut v = Vec::new();
    g.legal_actions(st, &mut v);
    v.iter()
        .map(|a| a.to_string())
        .collect::<Vec<_>>()
        .join(" ")
}

const THREE: [&str; 3] = [
    "2C 3C 4C 5C 6C AC",
    "2D 3D 4D 5D 6D KD",
    "2H 3H 4H 5H 6H QH",
];

/// Six tricks: equal cards go to the last played; the last trick is won by K♦ over Q♥ and
/// the A♣, which is the lowest card there.
const THREE_PLAY: &str = "2C 2D 2H  3H 3C 3D  4D 4H 4C  5C 5D 5H  6H 6C 6D  KD QH AC";

/// `THREE` with seat 2's queen a king: the last trick's two kings tie.
const TIE: [&str; 3] = [
    "2C 3C 4C 5C 6C AC",
    "2D 3D 4D 5D 6D KD",
    "2H 3H 4H 5H 6H KH",
];

/// The same line of play as `THREE_PLAY`, ending K♦ K♥ A♣.
const TIE_PLAY: &str = "2C 2D 2H  3H 3C 3D  4D 4H 4C  5C 5D 5H  6H 6C 6D  KD KH AC";

/// Four hands for the obligation: seat 2 cannot reach a king, seat 3 holds all the aces.
const FOUR: [&str; 4] = [
    "9C 2D 3D 4D 5D 6D",
    "9H 2S KS 3H 3C 8C",
    "2C 2H 4S 5S 6S 7S",
    "AC AD AH AS KD KH",
];

#[test]
fn config_and_errors() {
    let g = Ogorek::new(4, &Params::new()).unwrap();
    assert_eq!((g.target(), g.kontra()), (50, false));
    let g = game(8, &["target=21", "kontra=true"]);
    assert_eq!((g.target(), g.kontra()), (21, true));
    // The first dealer is the last seat.
    for n in 3..=8 {
        assert_eq!(game(n, &[]).deal(&mut rng()).dealer(), Seat::new(n - 1));
    }
    let err = |n, p: &[&str]| {
        Ogorek::new(n, &Params::parse(p).unwrap())
            .unwrap_err()
            .to_string()
    };
    assert_eq!(err(2, &[]), "ogorek takes 3 to 8 players, not 2");
    assert!(err(4, &["kontra=maybe"]).contains("kontra"));
    assert!(err(4, &["target=0"]).contains("target"));
    assert!(err(4, &["hands=3"]).contains("no parameter"));
}

#[test]
fn the_order_ace_high_and_low_in_the_last_trick() {
    let order = ogorek_order(false);
    let last = ogorek_order(true);
    let ranks = "AS KS QS JS TS 9S 8S 7S 6S 5S 4S 3S 2S";
    let s: Vec<u8> = ranks
        .split_whitespace()
        .map(|x| order.strength(c(x)))
        .collect();
    assert!(s.windows(2).all(|w| w[0] > w[1]), "ace high to two");
    assert_eq!(
        order.strength(c("7H")),
        order.strength(c("7C")),
        "suits do not matter"
    );
    assert!(
        last.strength(c("AS")) < last.strength(c("2S")),
        "the ace lowest in the last trick"
    );
    assert_eq!(
        [c("AD"), c("KD"), c("QD"), c("JD"), c("TD"), c("2D")].map(penalty),
        [1, 13, 12, 11, 10, 2]
    );
}

#[test]
fn beat_or_equal_the_highest_else_the_lowest() {
    let g = game(4, &[]);
    let mut st = with_hands(&g, &FOUR);
    assert_eq!(
        legal(&g, &st).split(' ').count(),
        6,
        "the leader plays anything"
    );
    play(&g, &mut st, "9C");
    // Equal or higher: the nine too.
    assert_eq!(legal(&g, &st), "9H KS");
    play(&g, &mut st, "KS");
    // Nothing reaches the king: the lowest card, either two.
    assert_eq!(legal(&g, &st), "2C 2H");
    play(&g, &mut st, "2H");
    // Aces beat kings in tricks one to five; a king equals.
    assert_eq!(legal(&g, &st), "AC KD AD KH AH AS");
    play(&g, &mut st, "KD");
    // The king played last takes the trick.
    assert_eq!(st.play.tricks_won(Seat::new(3)), 1);
    assert_eq!(st.play.to_play(), Seat::new(3));
}

#[test]
fn the_last_trick_scores_its_highest_card() {
    let g = game(3, &[]);
    let mut st = with_hands(&g, &THREE);
    play(&g, &mut st, THREE_PLAY);
    // K♦ 13 to seat 1; a new deal.
    assert_eq!([0, 1, 2].map(|s| st.total(Seat::new(s))), [0, 13, 0]);
    assert_eq!(st.deal_number(), 2);
    assert_eq!(st.dealer(), Seat::new(0), "the deal passes left");
    assert_eq!(st.play().to_play(), Seat::new(1));
    assert_eq!(st.tally().ace_lasts, 1);
}

#[test]
fn tied_highest_cards_all_score() {
    let g = game(3, &[]);
    let mut st = with_hands(&g, &TIE);
    play(&g, &mut st, TIE_PLAY);
    assert_eq!([0, 1, 2].map(|s| st.total(Seat::new(s))), [0, 13, 13]);
    assert_eq!(st.tally().tied, 1);
}

#[test]
fn an_ace_is_the_lowest_last_card() {
    // Everyone ends with an ace or a two: the two is highest and scores 2.
    let g = game(3, &[]);
    let mut st = with_hands(
        &g,
        &[
            "3C 4C 5C 6C 7C AC",
            "3D 4D 5D 6D 7D AD",
            "3H 4H 5H 6H 7H 2H",
        ],
    );
    play(
        &g,
        &mut st,
        "3C 3D 3H  4H 4C 4D  5D 5H 5C  6C 6D 6H  7H 7C 7D  AD 2H AC",
    );
    assert_eq!([0, 1, 2].map(|s| st.total(Seat::new(s))), [0, 0, 2]);
    // All aces: all score 1.
    let g4 = game(4, &[]);
    let mut st = with_hands(
        &g4,
        &[
            "3C 4C 5C 6C 7C AC",
            "3D 4D 5D 6D 7D AD",
            "3H 4H 5H 6H 7H AH",
            "3S 4S 5S 6S 7S AS",
        ],
    );
    play(
        &g4,
        &mut st,
        "3C 3D 3H 3S  4S 4C 4D 4H  5H 5S 5C 5D  6D 6H 6S 6C  7C 7D 7H 7S  AS AC AD AH",
    );
    assert_eq!([0, 1, 2, 3].map(|s| st.total(Seat::new(s))), [1, 1, 1, 1]);
}

#[test]
fn kontra_doubles_and_quadruples_and_a_king_loses_the_caller_the_game() {
    let g = game(3, &["kontra=true", "target=100"]);
    let mut st = g.deal(&mut rng());
    // Asked from the dealer's left (seat 0) round to the dealer (seat 2).
    assert_eq!(g.to_move(&st), ToMove::Seat(Seat::new(0)));
    assert_eq!(legal(&g, &st), "pass kontra");
    g.apply(&mut st, OgorekAction::NoKontra, &mut rng());
    g.apply(&mut st, OgorekAction::Kontra, &mut rng());
    assert_eq!(g.to_move(&st), ToMove::Seat(Seat::new(2)));
    g.apply(&mut st, OgorekAction::NoKontra, &mut rng());
    assert_eq!(st.callers(), SeatMask(0b010));
    // Seat 1 (the caller) and seat 2 tie with kings in the last trick.
    let hs: Vec<CardSet> = TIE.iter().map(|h| cards(h)).collect();
    st.play = TrickPlay::new(3, &hs, Seat::new(0), g.order, Obligation::BeatOrLowest)
        .with_deck(CardSet::FULL_DECK);
    play(&g, &mut st, TIE_PLAY);
    assert_eq!(
        st.last_penalty(Seat::new(1)),
        52,
        "the caller's 13 quadrupled"
    );
    assert_eq!(st.last_penalty(Seat::new(2)), 26, "another loser's doubled");
    // The caller lost with a king: out at once, far below the target.
    assert!(st.eliminations().is_out(Seat::new(1)));
    assert_eq!(st.tally().king_losses, 1);
    assert!(!st.over);
    assert_eq!(
        g.to_move(&st),
        ToMove::Seat(Seat::new(2)),
        "kontra asked again, from the new dealer's left"
    );
}

#[test]
fn a_kontra_without_losing_costs_nothing_and_kontra_is_for_one_deal() {
    let g = game(3, &["kontra=true"]);
    let mut st = g.deal(&mut rng());
    g.apply(&mut st, OgorekAction::Kontra, &mut rng());
    g.apply(&mut st, OgorekAction::NoKontra, &mut rng());
    g.apply(&mut st, OgorekAction::NoKontra, &mut rng());
    let hs: Vec<CardSet> = THREE.iter().map(|h| cards(h)).collect();
    st.play = TrickPlay::new(3, &hs, Seat::new(0), g.order, Obligation::BeatOrLowest)
        .with_deck(CardSet::FULL_DECK);
    play(&g, &mut st, THREE_PLAY);
    assert_eq!([0, 1, 2].map(|s| st.total(Seat::new(s))), [0, 26, 0]);
    assert_eq!(
        st.callers(),
        SeatMask(0),
        "a new deal starts without kontra"
    );
}

#[test]
fn reaching_the_target_puts_a_player_out_and_the_deal_skips_him() {
    let g = game(3, &[]);
    let mut st = with_hands(&g, &THREE);
    st.totals[Seat::new(0)] = 45;
    st.totals[Seat::new(1)] = 37;
    st.totals[Seat::new(2)] = 48;
    st.tally.points = 45 + 37 + 48;
    play(&g, &mut st, THREE_PLAY);
    // 37 + 13 = 50: out.
    assert!(st.eliminations().is_out(Seat::new(1)));
    assert_eq!(st.tally().shared_outs, 0, "one player out alone");
    assert!(!st.over);
    assert_eq!(st.dealer(), Seat::new(0));
    assert_eq!(st.play().to_play(), Seat::new(2), "seat 1 is skipped");
    assert_eq!(st.play().hand_len(Seat::new(1)), 0);
    // Variant 21.
    let g = game(3, &["target=21"]);
    let mut st = with_hands(&g, &THREE);
    st.totals[Seat::new(1)] = 8;
    st.tally.points = 8;
    play(&g, &mut st, THREE_PLAY);
    assert!(st.eliminations().is_out(Seat::new(1)));
}

#[test]
fn the_last_player_in_wins_and_players_out_together_are_placed_by_total() {
    let g = game(3, &[]);
    let mut st = with_hands(&g, &TIE);
    st.totals[Seat::new(1)] = 40;
    st.totals[Seat::new(2)] = 45;
    st.tally.points = 85;
    play(&g, &mut st, TIE_PLAY);
    assert!(st.over);
    let o = g.outcome(&st).unwrap();
    assert_eq!((o[Seat::new(0)].place, o[Seat::new(0)].win), (1, 1.0));
    assert_eq!(
        o[Seat::new(1)].place,
        2,
        "53 goes out with 58: the lower total places higher"
    );
    assert_eq!(o[Seat::new(2)].place, 3);
    assert_eq!(o[Seat::new(2)].score, 58.0);
    // Equal totals share the place.
    let mut st = with_hands(&g, &TIE);
    st.totals[Seat::new(1)] = 40;
    st.totals[Seat::new(2)] = 40;
    st.tally.points = 80;
    play(&g, &mut st, TIE_PLAY);
    let o = g.outcome(&st).unwrap();
    assert_eq!((o[Seat::new(1)].place, o[Seat::new(2)].place), (2, 2));
    // Everyone still in goes out together: the lowest total wins.
    let mut st = with_hands(&g, &TIE);
    st.out.eliminate(Seat::new(0));
    st.out_deal[Seat::new(0)] = 1;
    st.totals[Seat::new(0)] = 50;
    st.totals[Seat::new(1)] = 40;
    st.totals[Seat::new(2)] = 45;
    st.tally.points = 135;
    let hs: Vec<CardSet> = ["", TIE[1], TIE[2]].iter().map(|h| cards(h)).collect();
    st.play = TrickPlay::new(3, &hs, Seat::new(1), g.order, Obligation::BeatOrLowest)
        .with_active(SeatMask(0b110))
        .with_deck(CardSet::FULL_DECK);
    st.deal = 2;
    st.dealer = Seat::new(2);
    play(&g, &mut st, "2D 2H  3H 3D  4D 4H  5H 5D  6D 6H  KH KD");
    assert!(st.over);
    let o = g.outcome(&st).unwrap();
    assert_eq!((o[Seat::new(1)].place, o[Seat::new(1)].win), (1, 1.0));
    assert_eq!((o[Seat::new(2)].place, o[Seat::new(0)].place), (2, 3));
}

/// Lines of play through the first trick counted from the rules directly: ranks only, the
/// leader anything, each next player a card at least the highest so far, else a lowest card.
fn first_trick_lines(hands: &[CardSet], seat: usize, top: u8, depth: u32) -> u64 {
    if depth == 0 {
        return 1;
    }
    let h = hands[seat];
    let rank = |c: Card| c.rank() as u8;
    let mut options: Vec<Card> = h.iter().filter(|&x| rank(x) >= top).collect();
    if options.is_empty() {
        let low = h.iter().map(rank).min().unwrap();
        options = h.iter().filter(|&x| rank(x) == low).collect();
    }
    let next = (seat + 1) % hands.len();
    options
        .iter()
        .map(|&x| {
            let mut hs = hands.to_vec();
            hs[seat].remove(x);
            first_trick_lines(&hs, next, top.max(rank(x)), depth - 1)
        })
        .sum()
}

#[test]
fn perft_counts_through_the_first_trick() {
    for (n, seed) in [(3, 1), (4, 2), (6, 3), (8, 4)] {
        let g = game(n, &[]);
        let st = g.deal(&mut ChaCha8Rng::seed_from_u64(seed));
        let hands: Vec<CardSet> = (0..n).map(|s| st.play.hand(Seat::new(s))).collect();
        for d in 0..=n.min(5) as u32 {
            assert_eq!(
                perft(&g, &st, d),
                first_trick_lines(&hands, 0, 0, d),
                "{n} players, depth {d}"
            );
        }
        assert_eq!(perft(&g, &st, 1), 6);
    }
}

#[test]
fn conformance_random_games_for_every_player_count() {
    // Whole games to 50 with three players; shorter ones (21) at the bigger tables, where
    // every move's determinization check deals seven hidden hands.
    let r = conformance::random_games(&game(3, &[]), 0..20, 100_000);
    assert_eq!(r.games, 20);
    for n in 3..=8 {
        for params in [&["target=21"][..], &["kontra=true", "target=21"][..]] {
            let seeds = if n <= 4 { 12 } else { 3 };
            let r = conformance::random_games(&game(n, params), 0..seeds, 100_000);
            assert_eq!(r.games as u64, seeds);
        }
    }
}

#[test]
fn determinization_respects_what_the_plays_showed() {
    let g = game(4, &[]);
    let mut st = with_hands(&g, &FOUR);
    play(&g, &mut st, "9C KS 2H");
    // Seat 2 played a two to a king: it holds nothing from king up, nor below two.
    let obs = g.observe(&st, Seat::new(0));
    let high: CardSet = CardSet::rank_mask(Rank::King) | CardSet::rank_mask(Rank::Ace);
    for k in 0..300 {
        let d = g.determinize(&obs, &mut ChaCha8Rng::seed_from_u64(k));
        g.check_invariants(&d).unwrap();
        assert_eq!(g.observe(&d, Seat::new(0)), obs);
        assert!(d.play.hand(Seat::new(2)).is_disjoint(high));
        // Every hidden hand is dealt its size, from cards nobody else holds.
        let mut dealt = CardSet::EMPTY;
        for seat in Seat::all(4) {
            let h = d.play.hand(seat);
            assert_eq!(h.len(), st.play.hand_len(seat), "seat {seat}");
            assert!(h.is_disjoint(dealt));
            dealt |= h;
        }
        assert_eq!(d.play.hand(Seat::new(0)), st.play.hand(Seat::new(0)));
    }
}

/// The soak: a million random games with invariants checked after every move
/// (`SOAK_GAMES=1000000 cargo test --release -p cardsim-engine --lib ogorek_soak -- --ignored
/// --nocapture`), split evenly over 3 to 8 players and the four variants (target 50 or 21,
/// kontra off or on); determinizations, `try_apply` and the replay on every 1000th seed.
#[test]
#[ignore = "a million games: run by hand in release"]
fn ogorek_soak() {
    let seeds: u64 = conformance::soak_games(1_000_000);
    let variants: [&[&str]; 4] = [
        &[],
        &["kontra=true"],
        &["target=21"],
        &["target=21", "kontra=true"],
    ];
    let per = seeds.div_ceil(6 * variants.len() as u64);
    let mut total = conformance::SoakTotals::default();
    for n in 3..=8 {
        for params in variants {
            let report = conformance::soak(&game(n, params), 0..per, 1_000_000, 1000);
            assert_eq!(report.games as u64, per);
            let run = conformance::SoakTotals::of(&report);
            eprintln!("ogorek {n} players {params:?}: {run}");
            total += run;
        }
    }
    eprintln!("ogorek soak: {total}");
}

/// `THREE` turned one seat to the left: seat 1 holds the clubs, so `THREE_PLAY` is the same
/// line of play with seat 1 leading, and seat 2 takes the last trick's K♦.
const THREE_LEFT: [&str; 3] = [
    "2H 3H 4H 5H 6H QH",
    "2C 3C 4C 5C 6C AC",
    "2D 3D 4D 5D 6D KD",
];

fn stats(g: &Ogorek, st: &OgorekState) -> Vec<f64> {
    let mut v = Vec::new();
    g.stats(st, &mut v);
    assert_eq!(v.len(), Ogorek::INFO.stats.len());
    v
}

/// Two scripted deals, 13 points and one ace in each last trick: per-deal figures are divided
/// by the deals completed (two), not by the deal in progress (three).
#[test]
fn the_statistics_count_per_completed_deal() {
    let g = game(3, &[]);
    let mut st = with_hands(&g, &THREE);
    play(&g, &mut st, THREE_PLAY);
    assert_eq!(stats(&g, &st), [2.0, 13.0, 0.0, 1.0, 0.0, 0.0, 0.0, 0.0]);
    assert_eq!(st.tally().tied, 0, "one highest card is no tie");
    assert_eq!(st.tally().shared_outs, 0);
    // The second deal: seat 1 leads (the dealer is seat 0).
    let hs: Vec<CardSet> = THREE_LEFT.iter().map(|h| cards(h)).collect();
    st.play = TrickPlay::new(3, &hs, Seat::new(1), g.order, Obligation::BeatOrLowest)
        .with_active(SeatMask::all(3))
        .with_deck(CardSet::FULL_DECK);
    play(&g, &mut st, THREE_PLAY);
    assert_eq!([0, 1, 2].map(|s| st.total(Seat::new(s))), [0, 13, 13]);
    assert_eq!(st.deal_number(), 3);
    // deals, penalty per deal (26 / 2), tied, aces per deal (2 / 2), kontra deals, king
    // losses, shared outs, the winner's penalty (none yet).
    assert_eq!(stats(&g, &st), [3.0, 13.0, 0.0, 1.0, 0.0, 0.0, 0.0, 0.0]);
}

/// A kontra caller losing with a king and another player reaching the target go out in the
/// same deal: the caller goes out first and places last, below the higher total.
#[test]
fn a_king_kontra_loser_goes_out_first_and_places_last() {
    let g = game(3, &["kontra=true"]);
    let mut st = g.deal(&mut rng());
    for a in [
        OgorekAction::NoKontra,
        OgorekAction::Kontra,
        OgorekAction::NoKontra,
    ] {
        g.apply(&mut st, a, &mut rng());
    }
    let hs: Vec<CardSet> = TIE.iter().map(|h| cards(h)).collect();
    st.play = TrickPlay::new(3, &hs, Seat::new(0), g.order, Obligation::BeatOrLowest)
        .with_deck(CardSet::FULL_DECK);
    st.totals[Seat::new(2)] = 30;
    st.tally.points = 30;
    play(&g, &mut st, TIE_PLAY);
    // Seat 1: 13 quadrupled, out by the king; seat 2: 30 + 26 = 56, out by total.
    assert_eq!([0, 1, 2].map(|s| st.total(Seat::new(s))), [0, 52, 56]);
    assert!(st.over);
    let out = st.eliminations();
    assert_eq!(
        [1, 2].map(|s| out.position(Seat::new(s))),
        [Some(1), Some(2)]
    );
    let o = g.outcome(&st).unwrap();
    assert_eq!(
        [0, 1, 2].map(|s| o[Seat::new(s)].place),
        [1, 3, 2],
        "the king loser below the higher total"
    );
    let t = st.tally();
    assert_eq!((t.kontra_deals, t.king_losses, t.shared_outs), (1, 1, 1));
    assert_eq!((t.tied, t.points), (1, 30 + 52 + 26));
    // One deal completed (the 30 set before it count too), one ace in the last trick, the
    // winner at 0.
    assert_eq!(stats(&g, &st), [1.0, 108.0, 1.0, 1.0, 1.0, 1.0, 1.0, 0.0]);
}

/// Players reaching the target in the same deal go out highest total first; the winner's
/// penalty statistic is the last player's total.
#[test]
fn players_out_together_go_out_highest_total_first() {
    let g = game(3, &[]);
    let mut st = with_hands(&g, &TIE);
    st.totals[Seat::new(0)] = 7;
    st.totals[Seat::new(1)] = 40;
    st.totals[Seat::new(2)] = 45;
    st.tally.points = 92;
    play(&g, &mut st, TIE_PLAY);
    let out = st.eliminations();
    assert_eq!(
        [0, 1, 2].map(|s| out.position(Seat::new(s))),
        [None, Some(2), Some(1)],
        "58 goes out before 53"
    );
    assert_eq!(st.tally().shared_outs, 1);
    let v = stats(&g, &st);
    assert_eq!(v[7], 7.0, "the winner's penalty");
}

/// The observation tensor scales totals by the target, the deal number by 20 and the last
/// deal's penalties by 52, seats counted from the observer.
#[test]
fn the_observation_scales_totals_deal_and_penalties() {
    use crate::encoding::{Encoding, Tensor};
    let g = game(3, &["target=40"]);
    let mut st = with_hands(&g, &THREE);
    st.totals[Seat::new(0)] = 30;
    st.totals[Seat::new(2)] = 10;
    st.tally.points = 40;
    play(&g, &mut st, THREE_PLAY);
    // Seat 1 took 13; deal 2.
    let mut t = Tensor::new();
    g.encode_observation(&g.observe(&st, Seat::new(1)), &mut t);
    // From seat 1: seat 1, seat 2, seat 0.
    assert_eq!(t.get("totals").unwrap(), &[13.0 / 40.0, 10.0 / 40.0, 0.75]);
    assert_eq!(t.get("deal").unwrap(), &[2.0 / 20.0]);
    assert_eq!(t.get("last_penalty").unwrap(), &[0.25, 0.0, 0.0]);
}

/// Each seat observes its own six cards.
#[test]
fn each_seat_observes_its_own_hand() {
    let g = game(5, &[]);
    let st = g.deal(&mut rng());
    for seat in Seat::all(5) {
        let hand = g.observe(&st, seat).hand();
        assert_eq!(hand.len(), HAND);
        assert_eq!(hand, st.play().hand(seat));
    }
}

/// The trick-game view: no card play while kontra is asked or after the game, each action's
/// card, no partners, and every move public.
#[test]
fn the_trick_view_and_every_move_public() {
    let g = game(4, &["kontra=true"]);
    let mut st = g.deal(&mut rng());
    assert!(
        g.trick_play(&st).is_none(),
        "no tricks while kontra is asked"
    );
    let card = OgorekAction::Play(c("QH"));
    assert_eq!(Ogorek::card(card), Some(c("QH")));
    assert_eq!(Ogorek::card(OgorekAction::Kontra), None);
    assert_eq!(Ogorek::card(OgorekAction::NoKontra), None);
    assert_eq!(TrickTaking::teams(&g), Teams::solo(4));
    for a in [OgorekAction::Kontra, OgorekAction::NoKontra, card] {
        for seat in Seat::all(4) {
            assert_eq!(g.observe_action(&st, a, seat), Some(a));
        }
    }
    for _ in 0..4 {
        g.apply(&mut st, OgorekAction::NoKontra, &mut rng());
    }
    assert_eq!(g.trick_play(&st), Some(&st.play));
    let g3 = game(3, &[]);
    let mut st = with_hands(&g3, &TIE);
    st.totals[Seat::new(1)] = 45;
    st.totals[Seat::new(2)] = 45;
    st.tally.points = 90;
    assert_eq!(g3.trick_play(&st), Some(&st.play));
    play(&g3, &mut st, TIE_PLAY);
    assert!(st.over);
    assert!(g3.trick_play(&st).is_none(), "no tricks after the game");
}

#[test]
fn the_deal_text_reads_back() {
    for n in 3..=8 {
        for params in [&[][..], &["kontra=true"][..]] {
            let g = game(n, params);
            for seed in 0..5 {
                let st = g.deal(&mut ChaCha8Rng::seed_from_u64(seed));
                let text = crate::deal_text::round_trip(&g, &st).unwrap();
                assert!(text.contains("; stock: "), "{text}");
            }
        }
    }
}

/// Broken positions, each of which the invariant check must refuse.
#[test]
fn broken_positions_fail_the_invariants() {
    use crate::games::common::testing::assert_each_corruption_refused as check;
    // A fresh deal of four, no kontra.
    let g = game(4, &[]);
    let fresh = with_hands(&g, &FOUR);
    check(
        &g,
        &fresh,
        &[
            ("over with four in", |s| s.over = true),
            ("an out seat still dealt in", |s| {
                s.out.eliminate(Seat::new(0));
                s.out_deal[Seat::new(0)] = 1;
                s.totals[Seat::new(0)] = 50;
                s.tally.points = 50;
            }),
            ("a seat at the target still in", |s| {
                s.totals[Seat::new(1)] = 50;
                s.tally.points = 50;
            }),
            ("a deal out for a seat still in", |s| {
                s.out_deal[Seat::new(2)] = 1
            }),
            ("kontra called without the variant", |s| {
                s.callers = SeatMask(0b1)
            }),
            ("kontra asked without the variant", |s| {
                s.asking = Some(Seat::new(0))
            }),
            ("a total the points do not count", |s| {
                s.totals[Seat::new(3)] = 5
            }),
        ],
    );
    // Kontra asked after a card was played.
    let gk = game(4, &["kontra=true"]);
    let mut begun = with_hands(&gk, &FOUR);
    play(&gk, &mut begun, "9C");
    check(
        &gk,
        &begun,
        &[("kontra asked after the play began", |s| {
            s.asking = Some(Seat::new(1))
        })],
    );
    // Seat 1 out at 50 after a deal of three.
    let g3 = game(3, &[]);
    let mut one_out = with_hands(&g3, &THREE);
    one_out.totals[Seat::new(1)] = 37;
    one_out.tally.points = 37;
    play(&g3, &mut one_out, THREE_PLAY);
    assert!(one_out.eliminations().is_out(Seat::new(1)) && !one_out.over);
    check(
        &g3,
        &one_out,
        &[
            ("out below the target, not by kontra", |s| {
                s.totals[Seat::new(1)] = 40;
                s.tally.points = 40;
            }),
            ("out with no deal out", |s| s.out_deal[Seat::new(1)] = 0),
            ("the dealer is out", |s| s.dealer = Seat::new(1)),
        ],
    );
}
