use super::*;
use crate::conformance::{self, perft::perft_table};
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;

fn c(s: &str) -> Card {
    s.parse().unwrap()
}

fn cs(list: &str) -> Vec<Card> {
    list.split_whitespace().map(c).collect()
}

fn game(params: &[&str]) -> Speed {
    Speed::new(2, &Params::parse(params).unwrap()).unwrap()
}

fn rng() -> ChaCha8Rng {
    ChaCha8Rng::seed_from_u64(0)
}

/// A position: the listed cards, every other card of the deck spread over the two talons
/// (bottom first) so that the 52 are all there.
fn pos(
    g: &Speed,
    hands: [&str; 2],
    stocks: [&str; 2],
    piles: [&str; 2],
    talons: Option<[&str; 2]>,
) -> SpeedState {
    let (h, s, p) = (hands.map(cs), stocks.map(cs), piles.map(cs));
    let t = match talons {
        Some(t) => t.map(cs),
        None => {
            let used: CardSet = h.iter().chain(&s).chain(&p).flatten().copied().collect();
            let rest: Vec<Card> = CardSet::FULL_DECK.difference(used).iter().collect();
            let half = rest.len() / 2;
            [rest[..half].to_vec(), rest[half..].to_vec()]
        }
    };
    g.position(
        &mut rng(),
        [&h[0], &h[1]],
        [&s[0], &s[1]],
        [&t[0], &t[1]],
        [&p[0], &p[1]],
    )
}

fn race(g: &Speed, s: &mut SpeedState, entries: &[(usize, &str, u8, f64)]) {
    let entries: Vec<_> = entries
        .iter()
        .map(|&(seat, card, pile, reaction)| RaceEntry {
            seat: Seat::new(seat),
            action: SpeedAction {
                card: c(card),
                pile,
            },
            reaction,
        })
        .collect();
    g.apply_race(s, &entries, &mut rng());
}

#[test]
fn ranks_go_round_the_corner() {
    assert!(fits(c("AS"), c("KD")) && fits(c("KD"), c("AS")));
    assert!(fits(c("2H"), c("AC")) && fits(c("8H"), c("7C")) && fits(c("7H"), c("8C")));
    assert!(!fits(c("7H"), c("7C")) && !fits(c("9H"), c("7C")) && !fits(c("2H"), c("KC")));
}

#[test]
fn the_faster_play_wins_and_the_slower_is_dropped_if_it_no_longer_fits() {
    let g = game(&[]);
    let mut s = pos(&g, ["8H 2S", "6D 2D"], ["3C", "3D"], ["7S", "QC"], None);
    race(&g, &mut s, &[(0, "8H", 0, 0.5), (1, "6D", 0, 0.4)]);
    assert_eq!(s.public.piles[0][1], c("6D"));
    assert!(s.hands[0].contains(c("8H")), "seat 0's play was dropped");
    assert_eq!(s.public.counts[..2], [1, 1]);
    // Seat 1 refilled from its stock.
    assert!(s.hands[1].contains(c("3D")) && s.stocks[1].is_empty());
    // Plays on different piles both stand.
    let mut s = pos(&g, ["8H 2S", "JD 2D"], ["3C", "3D"], ["7S", "QC"], None);
    race(&g, &mut s, &[(0, "8H", 0, 0.5), (1, "JD", 1, 0.4)]);
    assert_eq!(s.public.counts[0], 2);
    assert_eq!(s.public.piles[0][1], c("8H"));
    assert_eq!(s.public.piles[1][1], c("JD"));
}

#[test]
fn emptying_hand_and_stock_wins() {
    let g = game(&[]);
    let mut s = pos(&g, ["8H", "6D 2D"], ["", "3D"], ["7S", "QC"], None);
    race(&g, &mut s, &[(0, "8H", 0, 0.5), (1, "6D", 0, 0.6)]);
    assert_eq!(s.public.winner, Some(Seat::new(0)));
    assert_eq!(g.to_move(&s), ToMove::Over);
    let o = g.outcome(&s).unwrap();
    assert_eq!(o[Seat::new(0)].win, 1.0);
    assert_eq!(o[Seat::new(0)].score, 20.0);
    // Seat 1 still holds 6D, 2D and 3D: 17 cards got rid of.
    assert_eq!(o[Seat::new(1)].score, 17.0);
}

#[test]
fn a_stalemate_turns_one_card_from_each_talon() {
    let g = game(&[]);
    // Nobody can play on 2C / 2D; the talons' tops (last) are 6S and 9C.
    let s = pos(
        &g,
        ["7S 7H 7D 7C TS", "9H 9D 5C 5D 5H"],
        ["", ""],
        ["2C", "2D"],
        Some([
            "AS 2S 3S 4S 5S 6D 6H 6C 8S 8H 8D 8C 6S",
            "9S JS QS KS AH 2H 3H 4H TH JH QH KH AD 3D 4D TD JD QD KD AC 3C 4C TC JC QC KC 9C",
        ]),
    );
    assert_eq!(s.public.counts[2], 1);
    assert_eq!(s.public.piles[0].last(), Some(&c("6S")));
    assert_eq!(s.public.piles[1].last(), Some(&c("9C")));
    g.check_invariants(&s).unwrap();
    // 7S, 7H, 7D, 7C on 6S and TS on 9C for seat 0; seat 1 has none on 6S or 9C... 5C on 6S.
    let mut plays = Vec::new();
    g.race_actions(&s, Seat::new(0), &mut plays);
    assert_eq!(plays.len(), 5);
    g.race_actions(&s, Seat::new(1), &mut plays);
    assert_eq!(plays.len(), 3);
}

#[test]
fn an_empty_talon_is_rebuilt_from_the_pile_on_its_side() {
    let g = game(&[]);
    // Talons empty, nobody fits 2C or 2D: each pile is shuffled into a new talon, then turned.
    let s = pos(
        &g,
        ["7S 7H 7D 7C 4S", "9H 9D 9S 9C 4H"],
        ["", ""],
        [
            "5C 6S 6H 6D 6C 8S 8H 8D 8C TS TH TD TC 3S 3H 3D 3C 2C",
            "AS KS QS JS 5S 5H 5D AH KH QH JH AD KD QD JD AC KC QC JC 2S 2H 4D 4C 2D",
        ],
        Some(["", ""]),
    );
    assert!(s.public.counts[3] >= 2, "{:?}", s.public.counts);
    assert!(s.public.counts[2] >= 1);
    g.check_invariants(&s).unwrap();
    // The rebuilt talons' cards are public (they were face up), not their order.
    let known = s.public.talon_known[0].unwrap();
    assert_eq!(known, s.talons[0].iter().copied().collect());
}

#[test]
fn a_stalemate_that_never_clears_is_a_draw() {
    let g = game(&["stuck=3"]);
    // Every six, eight, four and ten sits in the stocks under full hands of sevens, nines and
    // fives: no card that reaches a pile (aces, twos, threes, the other fives, court cards)
    // is a neighbour of a hand card, so nobody can ever play.
    let s = pos(
        &g,
        ["7S 7H 7D 7C 5S", "9H 9D 9S 9C 5H"],
        ["6S 6H 6D 6C 4S 4H 4D 4C", "8S 8H 8D 8C TS TH TD TC"],
        ["2C", "2D"],
        None,
    );
    g.check_invariants(&s).unwrap();
    assert!(s.public.stuck);
    assert_eq!(s.public.counts[2], 3);
    assert_eq!(g.to_move(&s), ToMove::Over);
    assert_eq!(g.outcome(&s).unwrap()[Seat::new(0)].win, 0.5);
}

#[test]
fn perft_counts_every_pair_of_plays() {
    let g = game(&[]);
    // Seat 0: 8H and 6C on 7S (pile 0); seat 1: AS and QD on KD (pile 1), 2H nowhere: 2 x 2.
    let s = pos(&g, ["8H 6C 3S", "AS QD 2H"], ["", ""], ["7S", "KD"], None);
    assert_eq!(perft_table(&g, &s, 1), [4]);
    // Seat 1 alone can play: 4C fits both piles; seat 0 has no play and does not race.
    let s = pos(&g, ["9H", "4C JD"], ["", ""], ["3S", "5S"], None);
    assert_eq!(perft_table(&g, &s, 1), [2]);
}

#[test]
fn random_games_conform() {
    let g = game(&[]);
    let report = conformance::random_games(&g, 0..200, 100_000);
    assert_eq!(report.games, 200);
    let plays: f64 = report.stats.iter().map(|s| s[0]).sum();
    assert!(plays > 200.0 * 20.0);
}

/// The million-game soak (not in CI): `cargo test --release -p cardsim-engine speed_soak --
/// --ignored`; `SOAK_GAMES=N` plays N games instead of a million.
#[test]
#[ignore]
fn speed_soak_a_million_random_games() {
    let n: u64 = std::env::var("SOAK_GAMES").map_or(1_000_000, |v| v.parse().unwrap());
    let report = conformance::random_games(&game(&[]), 0..n, 1_000_000);
    assert_eq!(report.games as u64, n);
    eprintln!("{n} games, {} draws, {} moves", report.draws, report.moves);
}

/// "If two players attempt a play at the same time, the player whose card or hand is on bottom
/// is accepted": at exactly equal reaction times neither seat is favoured; the tie is broken
/// from the game's RNG, so each seat's card lands first in about half of the seeds.
#[test]
fn an_exact_tie_goes_to_either_player_at_random() {
    let g = game(&[]);
    let mut firsts = [0; 2];
    for seed in 0..200 {
        let mut s = pos(&g, ["8H 2S", "6D 2D"], ["3C", "3D"], ["7S", "QC"], None);
        let entries = [(0, "8H"), (1, "6D")].map(|(seat, card)| RaceEntry {
            seat: Seat::new(seat),
            action: SpeedAction {
                card: c(card),
                pile: 0,
            },
            reaction: 0.5,
        });
        g.apply_race(&mut s, &entries, &mut ChaCha8Rng::seed_from_u64(seed));
        // 8H and 6D both fit 7S, not each other: only the first stands.
        assert_eq!(s.public.counts[..2], [1, 1]);
        let on_top = s.public.piles[0][1];
        firsts[usize::from(on_top == c("6D"))] += 1;
    }
    assert!(firsts.iter().all(|&n| n > 70), "{firsts:?}");
}

/// "Each player shuffles one of the discard piles, forming a new talon": a rebuilt talon's
/// order comes from the RNG (the same position rebuilt under different seeds gives different
/// talons), and its cards are those of the pile on its side less the card turned.
#[test]
fn a_rebuilt_talon_is_shuffled() {
    let g = game(&[]);
    let piles = [
        cs("5C 6S 6H 6D 6C 8S 8H 8D 8C TS TH TD TC 3S 3H 3D 3C 2C"),
        cs("AS KS QS JS 5S 5H 5D AH KH QH JH AD KD QD JD AC KC QC JC 2S 2H 4D 4C 2D"),
    ];
    let (h0, h1) = (cs("7S 7H 7D 7C 4S"), cs("9H 9D 9S 9C 4H"));
    let mut talons = std::collections::HashSet::new();
    for seed in 0..10 {
        let s = g.position(
            &mut ChaCha8Rng::seed_from_u64(seed),
            [&h0, &h1],
            [&[], &[]],
            [&[], &[]],
            [&piles[0], &piles[1]],
        );
        g.check_invariants(&s).unwrap();
        let mut all: Vec<Card> = s.talons[0].to_vec();
        all.extend(&s.public.piles[0]);
        all.sort();
        let mut want = piles[0].clone();
        want.sort();
        assert_eq!(all, want, "the talon is the pile on its side");
        talons.insert(s.talons[0].to_vec());
    }
    assert!(talons.len() >= 5, "{} distinct talons", talons.len());
}
