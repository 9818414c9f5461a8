use super::*;
use crate::conformance::{self, perft::perft_table};
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;

fn c(s: &str) -> Card {
    s.parse().unwrap()
}

fn set(list: &str) -> CardSet {
    list.split_whitespace().map(c).collect()
}

fn ms(list: &str) -> CardMultiset {
    list.split_whitespace().map(c).collect()
}

fn spoons(players: usize, params: &[&str]) -> Spoons {
    Spoons::new(players, &Params::parse(params).unwrap()).unwrap()
}

fn pig(players: usize, params: &[&str]) -> Pig {
    Pig::new(players, &Params::parse(params).unwrap()).unwrap()
}

fn rng() -> ChaCha8Rng {
    ChaCha8Rng::seed_from_u64(0)
}

/// A full-deck position: the listed hands, the stock (top first) and every other card in the
/// discard pile.
fn pos<V: SpoonsVariant>(
    g: &SpoonsGame<V>,
    dealer: usize,
    hands: &[&str],
    stock: &str,
    letters: &[u8],
) -> SpoonsState {
    let hands: Vec<CardSet> = hands.iter().map(|h| set(h)).collect();
    let stock: Vec<Card> = stock.split_whitespace().map(c).collect();
    let used = hands
        .iter()
        .fold(CardSet::EMPTY, |a, &h| a.union(h))
        .union(stock.iter().copied().collect());
    let discards = if g.matched() {
        CardSet::EMPTY
    } else {
        CardSet::FULL_DECK.difference(used)
    };
    let s = g.position(Seat::new(dealer), &hands, &stock, discards, letters);
    g.check_invariants(&s).unwrap();
    s
}

/// A two-deck position: the listed hands (identical cards allowed), the stock (top first) and
/// every other card of the two decks in the discard pile.
fn pos2<V: SpoonsVariant>(
    g: &SpoonsGame<V>,
    dealer: usize,
    hands: &[&str],
    stock: &str,
) -> SpoonsState {
    assert_eq!(g.decks(), 2);
    let hands: Vec<CardMultiset> = hands.iter().map(|h| ms(h)).collect();
    let stock: Vec<Card> = stock.split_whitespace().map(c).collect();
    let mut discards = CardMultiset::copies(CardSet::FULL_DECK, 2);
    let dealt: Vec<Card> = hands
        .iter()
        .flat_map(|h| h.iter().collect::<Vec<_>>())
        .collect();
    for &card in dealt.iter().chain(&stock) {
        assert!(discards.remove(card), "a third {card}");
    }
    let s = g.position_counted(Seat::new(dealer), &hands, &stock, discards, &[]);
    g.check_invariants(&s).unwrap();
    s
}

fn race<V: SpoonsVariant>(
    g: &SpoonsGame<V>,
    s: &mut SpoonsState,
    entries: &[(usize, SpoonsAction, f64)],
) {
    let entries: Vec<_> = entries
        .iter()
        .map(|&(seat, action, reaction)| RaceEntry {
            seat: Seat::new(seat),
            action,
            reaction,
        })
        .collect();
    for e in &entries {
        let mut legal = Vec::new();
        g.race_actions(s, e.seat, &mut legal);
        assert!(legal.contains(&e.action), "{} for {}", e.action, e.seat);
    }
    g.apply_race(s, &entries, &mut rng());
    g.check_invariants(s).unwrap();
}

fn pass(card: &str) -> SpoonsAction {
    SpoonsAction::Pass(c(card))
}

const GRAB: SpoonsAction = SpoonsAction::Grab;

fn actions<V: SpoonsVariant>(g: &SpoonsGame<V>, s: &SpoonsState, seat: usize) -> usize {
    let mut out = Vec::new();
    g.race_actions(s, Seat::new(seat), &mut out);
    out.len()
}

#[test]
fn four_of_a_kind_is_all_four_cards_of_a_rank() {
    assert_eq!(four_of_a_kind(ms("7S 7H 7D 7C 2S")), Some(Rank::Seven));
    assert_eq!(four_of_a_kind(ms("7S 7H 7D 2C 2S")), None);
}

#[test]
fn cards_pass_to_the_right_and_the_dealers_left_discards() {
    let g = spoons(4, &[]);
    // Dealer 0 has drawn its fifth card; the chain is 0 -> 3 -> 2 -> 1 -> discard pile.
    let mut s = pos(
        &g,
        0,
        &[
            "2S 3S 4S 5S 6S",
            "2H 3H 4H 5H",
            "2D 3D 4D 5D",
            "2C 3C 4C 5C",
        ],
        "9S 9H",
        &[],
    );
    assert_eq!(g.last_in_chain(&s.public), Seat::new(1));
    // Only the dealer has a card to pass (nobody holds four of a kind).
    assert_eq!(
        (0..4).map(|i| actions(&g, &s, i)).collect::<Vec<_>>(),
        [5, 0, 0, 0]
    );
    race(&g, &mut s, &[(0, pass("6S"), 0.5)]);
    assert!(s.hands[Seat::new(3)].count(c("6S")) > 0);
    assert_eq!(s.hands[Seat::new(0)], ms("2S 3S 4S 5S 9S"), "drew the top");
    assert_eq!(s.public.stock_size, 1);
    assert_eq!(s.public.tick, 1);
    race(&g, &mut s, &[(0, pass("9S"), 0.5), (3, pass("2C"), 0.4)]);
    race(
        &g,
        &mut s,
        &[
            (0, pass("9H"), 0.5),
            (3, pass("9S"), 0.4),
            (2, pass("2C"), 0.6),
        ],
    );
    assert!(s.hands[Seat::new(1)].count(c("2C")) > 0);
    // Seat 1, last in the chain, discards; the dealer finds the stock empty and the discard
    // pile becomes the stock.
    assert_eq!(s.public.counts.restocks, 1);
    let discards_before = s.discards.len() + s.stock.len();
    race(
        &g,
        &mut s,
        &[
            (0, pass("2S"), 0.5),
            (3, pass("9H"), 0.4),
            (2, pass("9S"), 0.6),
            (1, pass("2C"), 0.3),
        ],
    );
    assert!(s.discards.count(c("2C")) > 0);
    assert_eq!(s.discards.len() + s.stock.len(), discards_before);
    assert_eq!(s.public.counts.passes, 1 + 2 + 3 + 4);
}

#[test]
fn grabbing_needs_four_of_a_kind() {
    let g = spoons(3, &[]);
    // Seat 2 holds four sevens without a fifth card: it may only grab. Seat 1 holds no four
    // of a kind and no fifth card: nothing to do.
    let s = pos(
        &g,
        0,
        &["2S 3S 4S 5S 6S", "2H 3H 4H 5H", "7S 7H 7D 7C"],
        "9S",
        &[],
    );
    let mut out = Vec::new();
    g.race_actions(&s, Seat::new(2), &mut out);
    assert_eq!(out, [GRAB]);
    g.race_actions(&s, Seat::new(1), &mut out);
    assert!(out.is_empty());
    g.race_actions(&s, Seat::new(0), &mut out);
    assert!(!out.contains(&GRAB) && out.len() == 5);
}

#[test]
fn the_first_grab_stops_the_passing_and_the_slowest_gets_a_letter() {
    let g = spoons(4, &[]);
    let mut s = pos(
        &g,
        0,
        &[
            "2S 3S 4S 5S 6S",
            "2H 3H 4H 5H",
            "7S 7H 7D 7C",
            "2C 3C 4C 5C 9D",
        ],
        "9S",
        &[],
    );
    // The dealer's pass (0.3) lands; seat 2 grabs at 0.4; seat 3's pass at 0.5 is dropped.
    race(
        &g,
        &mut s,
        &[(0, pass("6S"), 0.3), (2, GRAB, 0.4), (3, pass("9D"), 0.5)],
    );
    assert_eq!(s.public.grabbed, Some(Seat::new(2)));
    assert!(s.pending[Seat::new(3)] == Some(c("6S")));
    assert!(s.hands[Seat::new(3)].count(c("9D")) > 0);
    assert_eq!(
        g.to_move(&s),
        ToMove::Race(SeatMask(0b1011)),
        "the others race for two spoons"
    );
    assert_eq!(actions(&g, &s, 1), 1);
    race(
        &g,
        &mut s,
        &[(0, GRAB, 0.45), (1, GRAB, 0.61), (3, GRAB, 0.6)],
    );
    assert_eq!(s.public.letters.first(4), [0, 1, 0, 0]);
    assert_eq!(s.public.last_loser, Some(Seat::new(1)));
    // A new round: dealt by the next seat to the left.
    assert_eq!(s.public.dealer, Seat::new(1));
    assert_eq!(s.public.grabbed, None);
    assert_eq!(s.public.hand_sizes.first(4), [4, 5, 4, 4]);
    assert_eq!(s.public.counts.rounds, 1);
}

#[test]
fn of_two_grabs_in_a_tick_the_faster_is_first() {
    let g = spoons(3, &[]);
    let mut s = pos(
        &g,
        0,
        &["8S 8H 8D 8C 6S", "2H 3H 4H 5H", "7S 7H 7D 7C"],
        "9S",
        &[],
    );
    race(&g, &mut s, &[(0, GRAB, 0.5), (2, GRAB, 0.4)]);
    assert_eq!(s.public.grabbed, Some(Seat::new(2)));
    // Seat 0, holding four of a kind too, races seat 1 for the last spoon.
    race(&g, &mut s, &[(0, GRAB, 0.3), (1, GRAB, 0.2)]);
    assert_eq!(s.public.letters.first(3), [1, 0, 0]);
    assert_eq!(s.public.counts.slow_quads, 1);
}

#[test]
fn with_two_players_in_the_other_loses_at_once() {
    let g = spoons(3, &[]);
    // Seat 1 is out (five letters): seats 0 and 2 play for one spoon.
    let mut s = pos(
        &g,
        0,
        &["2S 3S 4S 5S 6S", "", "7S 7H 7D 7C"],
        "9S",
        &[4, 5, 0],
    );
    race(&g, &mut s, &[(0, pass("6S"), 0.3), (2, GRAB, 0.4)]);
    // Seat 0 spells SPOON and is out: seat 2 wins.
    assert_eq!(g.to_move(&s), ToMove::Over);
    let o = g.outcome(&s).unwrap();
    let places: Vec<u8> = o.first(3).iter().map(|r| r.place).collect();
    assert_eq!(places, [2, 3, 1]);
    assert_eq!(o[Seat::new(2)].win, 1.0);
}

#[test]
fn a_late_pass_of_a_four_of_a_kind_is_counted() {
    let g = spoons(3, &[]);
    let mut s = pos(
        &g,
        0,
        &["8S 8H 8D 8C 6S", "2H 3H 4H 5H", "7S 7H 2D 3C"],
        "9S",
        &[],
    );
    race(&g, &mut s, &[(0, pass("6S"), 0.5)]);
    assert_eq!(s.public.counts.late_grabs, 1);
    assert_eq!(actions(&g, &s, 0), 6, "still four eights: grab or pass any");
}

#[test]
fn pig_has_three_letters_and_a_covert_signal() {
    let g = pig(3, &[]);
    assert_eq!(g.letters(), 3);
    assert_eq!(Pig::INFO.name, "pig");
    // Seat 0 touches its nose. Seat 2, holding four of a kind itself, needs no noticing and
    // beats seat 1 despite a slower reaction: with `notice=60` seat 1 notices after a mean
    // minute.
    let g = pig(3, &["notice=60"]);
    let mut s = pos(
        &g,
        0,
        &["8S 8H 8D 8C 6S", "2H 3H 4H 5H", "7S 7H 7D 7C 2D"],
        "9S",
        &[2, 2, 2],
    );
    race(&g, &mut s, &[(0, GRAB, 0.3), (2, pass("2D"), 0.9)]);
    // Seat 2's pass came after the grab and was dropped.
    assert!(s.hands[Seat::new(2)].count(c("2D")) > 0);
    race(&g, &mut s, &[(1, GRAB, 0.2), (2, GRAB, 0.9)]);
    assert_eq!(s.public.letters.first(3), [2, 3, 2]);
    assert!(s.public.out.is_out(Seat::new(1)));
    // Two players left, dealt by seat 2 (seat 1 is out).
    assert_eq!(s.public.dealer, Seat::new(2));
    assert_eq!(s.public.hand_sizes.first(3), [4, 0, 5]);
}

#[test]
fn spoons_notices_at_once() {
    // Spoons' default `notice=0`: the faster reaction wins whatever the hands.
    let g = spoons(3, &[]);
    let mut s = pos(
        &g,
        0,
        &["8S 8H 8D 8C 6S", "2H 3H 4H 5H", "7S 7H 7D 7C"],
        "9S",
        &[],
    );
    race(&g, &mut s, &[(0, GRAB, 0.3)]);
    race(&g, &mut s, &[(1, GRAB, 0.2), (2, GRAB, 0.9)]);
    assert_eq!(s.public.letters.first(3), [0, 0, 1]);
}

#[test]
fn a_matched_pack_passes_round_a_ring() {
    let g = spoons(3, &["deck=matched"]);
    let s = g.deal(&mut rng());
    assert_eq!(s.public.pack, ms("AS AH AD AC KS KH KD KC QS QH QD QC"));
    assert_eq!((s.public.stock_size, s.public.discard_size), (0, 0));
    let mut s = pos(
        &g,
        0,
        &["AS AH KS QS", "AD KH KD QH", "AC KC QD QC"],
        "",
        &[],
    );
    assert_eq!((0..3).map(|i| actions(&g, &s, i)).sum::<usize>(), 12);
    race(
        &g,
        &mut s,
        &[
            (0, pass("QS"), 0.5),
            (1, pass("QH"), 0.5),
            (2, pass("AC"), 0.5),
        ],
    );
    // Seat 0 passes to seat 2, seat 2 to seat 1, seat 1 round to seat 0.
    assert_eq!(s.hands[Seat::new(0)], ms("AS AH KS QH"));
    assert_eq!(s.hands[Seat::new(1)], ms("AD KH KD AC"));
    assert_eq!(s.hands[Seat::new(2)], ms("KC QD QC QS"));
}

#[test]
fn perft_counts_every_combination_of_passes() {
    // Full deck, three players, no hand with two cards of a rank, so no four of a kind can
    // form within three ticks. Tick 1: the dealer passes one of 5; tick 2: the dealer and
    // seat 2 (which got the card) each one of 5; tick 3: the dealer, seat 2 and seat 1.
    let g = spoons(3, &[]);
    let s = pos(
        &g,
        0,
        &["2S 3S 4S 5S 6S", "7H 8H 9H TH", "JD QD KD AD"],
        "7C 8C 9C",
        &[],
    );
    assert_eq!(perft_table(&g, &s, 3), [5, 5 * 25, 5 * 25 * 125]);
    // The matched ring: every hand of the pattern 2-1-1 passes one of 4; after one tick no
    // hand can hold four of a kind, so 64 and 64 * 64.
    let g = spoons(3, &["deck=matched"]);
    let s = pos(
        &g,
        0,
        &["AS AH KS QS", "AD KH KD QH", "AC KC QD QC"],
        "",
        &[],
    );
    assert_eq!(perft_table(&g, &s, 2), [64, 64 * 64]);
    // Two decks, seven players: the dealer holds a pair of identical twos, so 4 distinct
    // cards to pass (tick 1). It draws the six of spades; having passed a two it holds 5
    // distinct cards, having passed the three, four or five 4 (the two twos); seat 6 passes
    // one of its 5 distinct cards: 5 * 5 + 3 * 4 * 5 = 85 lines at tick 2.
    let g = spoons(7, &[]);
    let s = pos2(
        &g,
        0,
        &[
            "2S 2S 3S 4S 5S",
            "3C 4C 5C 6C",
            "3D 4D 5D 6D",
            "8H 9H TH JH",
            "8S 9S TS JS",
            "8C 9C TC JC",
            "7H 8D 9D TD",
        ],
        "6S",
    );
    assert_eq!(perft_table(&g, &s, 2), [4, 85]);
}

#[test]
fn random_games_conform() {
    for players in 3..=6 {
        let g = spoons(players, &["letters=1", "cap=200000"]);
        let report = conformance::random_games(&g, 0..6, 1_000_000);
        assert_eq!(report.games, 6);
        let g = pig(players, &["deck=matched", "cap=200000"]);
        let report = conformance::random_games(&g, 0..10, 1_000_000);
        assert_eq!(report.games, 10);
        let rounds: f64 = report.stats.iter().map(|s| s[0]).sum();
        assert!(rounds >= 10.0 * 3.0 * (players - 1) as f64, "{rounds}");
    }
    // Two decks, 7 to 12 players; and two decks for four.
    for players in [7, 8, 10, 12] {
        let g = spoons(players, &["letters=1", "cap=200000"]);
        let report = conformance::random_games(&g, 0..2, 1_000_000);
        assert_eq!(report.games, 2);
        let g = pig(players, &["deck=matched", "cap=200000"]);
        let report = conformance::random_games(&g, 0..2, 1_000_000);
        assert_eq!(report.games, 2);
    }
    let g = spoons(4, &["decks=2", "letters=2", "cap=200000"]);
    assert_eq!(conformance::random_games(&g, 0..4, 1_000_000).games, 4);
}

/// Ruling 10: one deck up to six players, two from seven (the page: "If you wish to add more
/// players, add a second deck"), twelve at most; `decks` overrides; the matched pack is one
/// deck's four cards of a rank per player at any count.
#[test]
fn seven_players_or_more_take_a_second_deck() {
    for (players, params, decks, pack) in [
        (3, &[][..], 1, 52),
        (6, &[], 1, 52),
        (7, &[], 2, 104),
        (12, &[], 2, 104),
        (4, &["decks=2"], 2, 104),
        (9, &["decks=1"], 1, 52),
        (12, &["deck=matched"], 1, 48),
    ] {
        let g = spoons(players, params);
        assert_eq!(g.decks(), decks, "{players} {params:?}");
        let s = g.deal(&mut rng());
        assert_eq!(s.public.pack.len(), pack, "{players} {params:?}");
        assert_eq!(
            s.public.stock_size as usize,
            pack - if g.matched() { pack } else { 4 * players + 1 }
        );
        g.check_invariants(&s).unwrap();
    }
    let g = pig(12, &[]);
    assert_eq!((g.decks(), g.letters()), (2, 3));
}

/// Ruling 11: with two decks four of a kind is any four cards of one rank, identical cards
/// included; two identical cards in a hand are one choice of card to pass.
#[test]
fn four_of_a_kind_may_hold_identical_cards() {
    assert_eq!(four_of_a_kind(ms("7S 7S 7H 7D 2C")), Some(Rank::Seven));
    assert_eq!(four_of_a_kind(ms("7S 7S 7H 7H")), Some(Rank::Seven));
    assert_eq!(four_of_a_kind(ms("7S 7S 7H 2D 2C")), None);
    assert_eq!(rank_count(ms("7S 7S 7H 2D 2C"), Rank::Seven), 3);
    let g = spoons(7, &[]);
    let mut s = pos2(
        &g,
        0,
        &[
            "7S 7S 7H 2D 2D",
            "3C 4C 5C 6C",
            "3D 4D 5D 6D",
            "3H 4H 5H 6H",
            "3S 4S 5S 6S",
            "8C 9C TC JC",
            "7C 7H 7D 9D",
        ],
        "7C",
    );
    let mut legal = Vec::new();
    g.race_actions(&s, Seat::new(0), &mut legal);
    assert_eq!(legal, [pass("2D"), pass("7H"), pass("7S")]);
    // The dealer passes a two to seat 6, which then holds 7C 7H 7D 9D 2D; the dealer draws the
    // club seven and holds four sevens, two of them identical: it may grab.
    race(&g, &mut s, &[(0, pass("2D"), 0.5)]);
    assert_eq!(s.hands[Seat::new(0)], ms("7S 7S 7H 7C 2D"));
    assert_eq!(s.hands[Seat::new(6)], ms("7C 7H 7D 9D 2D"));
    g.race_actions(&s, Seat::new(0), &mut legal);
    assert_eq!(legal[0], SpoonsAction::Grab);
    assert_eq!(legal.len(), 5);
    race(
        &g,
        &mut s,
        &[(0, SpoonsAction::Grab, 0.3), (6, pass("2D"), 0.4)],
    );
    assert_eq!(s.public.grabbed, Some(Seat::new(0)));
}

#[test]
fn bad_parameters_are_refused() {
    assert!(Spoons::new(2, &Params::new()).is_err());
    assert!(Spoons::new(13, &Params::new()).is_err());
    assert!(Spoons::new(4, &Params::parse(&["decks=3"]).unwrap()).is_err());
    let e = Spoons::new(8, &Params::parse(&["deck=matched", "decks=2"]).unwrap()).unwrap_err();
    assert!(e.to_string().contains("deck=matched"), "{e}");
    assert!(Spoons::new(4, &Params::parse(&["deck=double"]).unwrap()).is_err());
    assert!(Pig::new(4, &Params::parse(&["letters=0"]).unwrap()).is_err());
}

/// The soaks' seeds: `SOAK_GAMES` games (a million by default) from seed `SOAK_START` (0).
fn soak_seeds() -> std::ops::Range<u64> {
    let var = |k: &str, d: u64| std::env::var(k).map_or(d, |v| v.parse().unwrap());
    let start = var("SOAK_START", 0);
    start..start + var("SOAK_GAMES", 1_000_000)
}

/// A soak over `seeds` with the lighter checks (`conformance::soak`: invariants after every
/// move in every game, determinizations, `try_apply` and the replay in one game in a
/// thousand), 3 + seed % 10 players (two decks from 7); prints games, draws (the cap
/// reached), decisions and the rate.
fn soak_all_counts<V: SpoonsVariant>(name: &str, seeds: std::ops::Range<u64>) {
    let t = std::time::Instant::now();
    let (mut games, mut draws, mut moves) = (0u64, 0u64, 0u64);
    let games_by_count: Vec<SpoonsGame<V>> = (3..=12)
        .map(|n| SpoonsGame::<V>::new(n, &Params::new()).unwrap())
        .collect();
    for seed in seeds.clone() {
        let g = &games_by_count[(seed % 10) as usize];
        let r = conformance::soak(g, seed..seed + 1, 100_000, 1_000);
        games += r.games as u64;
        draws += r.draws as u64;
        moves += r.moves as u64;
    }
    let secs = t.elapsed().as_secs_f64();
    eprintln!(
        "{name} soak, seeds {seeds:?}: {games} games, {draws} drawn at the cap, {moves} decisions, \
         {secs:.0} s ({:.0} games/s)",
        games as f64 / secs
    );
    assert_eq!(games, seeds.end - seeds.start);
}

/// The million-game soak (not in CI), random play, 3 to 12 players in turn, default rules:
/// `cargo test --release -p cardsim-engine --lib spoons_soak -- --ignored --nocapture`;
/// `SOAK_GAMES=N` plays N games, `SOAK_START=S` from seed S (for shards). Random players pass
/// at random and rarely assemble four of a kind, so most games run to the 10,000-decision cap
/// and count as draws; see the rulings' "Soak" for the runs made.
#[test]
#[ignore = "a million games: run by hand in release"]
fn spoons_soak_a_million_random_games() {
    soak_all_counts::<SpoonsRules>("spoons", soak_seeds());
}

/// Pig's soak, as [`spoons_soak_a_million_random_games`]:
/// `cargo test --release -p cardsim-engine --lib pig_soak -- --ignored --nocapture`.
#[test]
#[ignore = "a million games: run by hand in release"]
fn pig_soak_a_million_random_games() {
    soak_all_counts::<PigRules>("pig", soak_seeds());
}

/// Pig's ruling 3: "a player holding four of a kind puts its own finger on its nose without
/// needing to notice". Seat 0 touches its nose; seat 2, holding four of a kind, reacts at
/// 0.21 s and seat 1, who must first notice (mean 60 s), at 0.2 s: seat 1 would need to notice
/// within a hundredth of a second (a chance of 1 in 6,000), so in each of the 50 seeded draws
/// seat 2 beats seat 1, who gets the letter. Were the holder to notice too, seat 1 would win
/// about half of them.
#[test]
fn pig_the_holder_of_four_of_a_kind_need_not_notice() {
    let g = pig(3, &["notice=60"]);
    for seed in 0..50 {
        let mut s = pos(
            &g,
            0,
            &["8S 8H 8D 8C 6S", "2H 3H 4H 5H", "7S 7H 7D 7C 2D"],
            "9S",
            &[0, 0, 0],
        );
        race(&g, &mut s, &[(0, GRAB, 0.3)]);
        let entries = [(1, 0.2), (2, 0.21)].map(|(seat, reaction)| RaceEntry {
            seat: Seat::new(seat),
            action: GRAB,
            reaction,
        });
        g.apply_race(&mut s, &entries, &mut ChaCha8Rng::seed_from_u64(seed));
        assert_eq!(s.public.letters.first(3), [0, 1, 0], "seed {seed}");
    }
}

/// "Pig": without four of a kind, a player notices the first finger on a nose only after a
/// delay, so of two such players the quicker does not always escape (with the same reaction
/// time and `notice=1`, each gets the letter in some of the draws).
#[test]
fn pig_noticing_takes_a_random_while() {
    let g = pig(3, &[]);
    let mut letters = [0; 3];
    for seed in 0..100 {
        let mut s = pos(
            &g,
            0,
            &["8S 8H 8D 8C 6S", "2H 3H 4H 5H", "2C 3C 4C 5C"],
            "9S",
            &[0, 0, 0],
        );
        race(&g, &mut s, &[(0, GRAB, 0.3)]);
        let entries = [(1, 0.2), (2, 0.4)].map(|(seat, reaction)| RaceEntry {
            seat: Seat::new(seat),
            action: GRAB,
            reaction,
        });
        g.apply_race(&mut s, &entries, &mut ChaCha8Rng::seed_from_u64(seed));
        for (i, n) in s.public.letters.first(3).iter().enumerate() {
            letters[i] += n;
        }
    }
    assert_eq!(letters[0], 0);
    assert_eq!(letters[1] + letters[2], 100);
    assert!(letters[1] > 20 && letters[2] > 20, "{letters:?}");
}

/// Pig: the noticing delay of a player without four of a kind is exponential with mean
/// `notice`. Against a holder of four of a kind (no delay) reacting `t` later, the noticer is
/// the slowest with probability `exp(-t / notice)`: a half at `t = notice ln 2`, a quarter
/// at `notice ln 4` (2,000 grab races each, about three standard errors' room).
#[test]
fn pig_noticing_delays_are_exponential_with_mean_notice() {
    let g = pig(3, &["notice=2"]);
    for (t, want) in [(2.0 * 2f64.ln(), 0.5), (2.0 * 4f64.ln(), 0.25)] {
        let mut noticer_lost = 0;
        for seed in 0..2000 {
            let mut s = pos(
                &g,
                0,
                &["8S 8H 8D 8C 6S", "7S 7H 7D 7C", "2C 3C 4C 5C"],
                "9S",
                &[0, 0, 0],
            );
            race(&g, &mut s, &[(0, GRAB, 0.3)]);
            let entries = [(1, t), (2, 0.0)].map(|(seat, reaction)| RaceEntry {
                seat: Seat::new(seat),
                action: GRAB,
                reaction,
            });
            g.apply_race(&mut s, &entries, &mut ChaCha8Rng::seed_from_u64(seed));
            noticer_lost += u32::from(s.public.letters[Seat::new(2)] == 1);
        }
        let share = f64::from(noticer_lost) / 2000.0;
        assert!(
            (share - want).abs() < 0.035,
            "t = {t}: {share}, want {want}"
        );
    }
}

/// Spoons: "an empty stock is replaced by the discard pile, shuffled". The dealer passes with
/// an empty stock: at the end of the tick the whole discard pile becomes the stock, shuffled
/// (the card drawn varies with the seed), and the dealer draws back to five from it.
#[test]
fn an_empty_stock_is_rebuilt_from_the_discards_shuffled() {
    let g = spoons(3, &[]);
    let mut drawn = CardSet::EMPTY;
    for seed in 0..20 {
        let mut s = pos(
            &g,
            0,
            &["2S 3S 4S 5S 6S", "2H 3H 4H 5H", "2D 3D 4D 5D"],
            "",
            &[],
        );
        let discards = s.discards;
        assert_eq!((s.stock.len(), discards.len()), (0, 39));
        let entries = [RaceEntry {
            seat: Seat::new(0),
            action: pass("6S"),
            reaction: 0.5,
        }];
        g.apply_race(&mut s, &entries, &mut ChaCha8Rng::seed_from_u64(seed));
        g.check_invariants(&s).unwrap();
        assert_eq!(s.public.counts.restocks, 1);
        assert_eq!(s.hands[Seat::new(0)].len(), 5, "drew back to five");
        let kept = set("2S 3S 4S 5S");
        let new = s.hands[Seat::new(0)].iter().find(|&x| !kept.contains(x));
        let new = new.expect("a card drawn from the rebuilt stock");
        assert!(discards.count(new) > 0, "{new} came from the discards");
        assert_eq!(s.stock.len(), 38);
        let mut rest = discards;
        rest.remove(new);
        assert_eq!(s.stock.cards(), rest);
        drawn.insert(new);
    }
    assert!(drawn.len() >= 5, "the rebuilt stock is shuffled: {drawn}");
}

/// The deal text names every hand and the stock from the top, and reads back to the same
/// deal: Spoons and Pig, one deck, two decks (identical cards) and the matched pack.
#[test]
fn the_deal_text_reads_back() {
    use crate::deal_text::{round_trip, DealText};
    fn check<V: SpoonsVariant>(g: &SpoonsGame<V>, seeds: std::ops::Range<u64>) -> usize {
        let mut twins = 0;
        for seed in seeds {
            let st = g.deal(&mut ChaCha8Rng::seed_from_u64(seed));
            let text = round_trip(g, &st).unwrap();
            let stock = text.split("stock: ").nth(1).unwrap();
            let top = st.stock.as_slice().last().map(ToString::to_string);
            assert_eq!(
                stock.split(' ').next(),
                top.as_deref().or(Some("-")),
                "{text}"
            );
            twins +=
                usize::from(Seat::all(g.players()).any(|s| !st.hands[s].at_least(2).is_empty()));
            let parsed = g.parse_deal(&text).unwrap();
            assert_eq!(
                parsed.hands[Seat::new(0)].len(),
                if g.matched() { 4 } else { HAND }
            );
        }
        twins
    }
    // A hand of the wrong length is named, the dealer's (five cards) apart from the others:
    // one card moved from the hand to the stock's top.
    let g = spoons(3, &[]);
    let text = g.print_deal(&g.deal(&mut rng()));
    let (hands, stock) = text.split_once("; stock: ").unwrap();
    let hands: Vec<&str> = hands.trim_start_matches("hands: ").split(" / ").collect();
    for (seat, name) in [
        (0, "seat 0's hand (the dealer's hand)"),
        (1, "seat 1's hand (a hand)"),
    ] {
        let mut short = hands.clone();
        let (kept, moved) = hands[seat].rsplit_once(' ').unwrap();
        short[seat] = kept;
        let bad = format!("hands: {}; stock: {moved} {stock}", short.join(" / "));
        let e = g.parse_deal(&bad).unwrap_err().to_string();
        assert!(e.contains(name), "{bad}: {e}");
    }
    check(&spoons(4, &[]), 0..20);
    check(&pig(5, &[]), 0..20);
    check(&spoons(4, &["deck=matched"]), 0..20);
    assert!(
        check(&spoons(9, &[]), 0..60) > 0,
        "no hand with two identical cards"
    );
}

/// Each of the invariants refuses a position broken in that one way only (every derived
/// count brought up to date, so no other check fires first).
#[test]
fn broken_positions_fail_the_invariants() {
    type G = SpoonsGame<SpoonsRules>;
    let g = spoons(4, &[]);
    let fresh = pos(
        &g,
        0,
        &[
            "2S 3S 4S 5S 6S",
            "2H 3H 4H 5H",
            "2D 3D 4D 5D",
            "2C 3C 4C 5C",
        ],
        "AS AH",
        &[],
    );
    let spare = c("KD");
    assert!(fresh.discards.count(spare) > 0);
    type Break = fn(&mut SpoonsState, Card);
    let broken: [(&str, &str, Break); 10] = [
        ("an out seat holds cards", "is out but holds", |s, _| {
            s.public.letters[Seat::new(3)] = 5;
            s.public.out.eliminate(Seat::new(3));
        }),
        ("a hand of six", "holds 6", |s, x| {
            s.discards.remove(x);
            s.hands[Seat::new(0)].insert(x);
        }),
        ("six letters of five", "has 6 letters", |s, _| {
            s.public.letters[Seat::new(1)] = 6;
            s.public.out.eliminate(Seat::new(1));
            s.discards = s.discards.checked_add(s.hands[Seat::new(1)]).unwrap();
            s.hands[Seat::new(1)] = CardMultiset::EMPTY;
        }),
        ("five letters and still in", "disagree", |s, _| {
            s.public.letters[Seat::new(2)] = 5
        }),
        ("out with four letters", "disagree", |s, _| {
            s.public.out.eliminate(Seat::new(1));
            s.discards = s.discards.checked_add(s.hands[Seat::new(1)]).unwrap();
            s.hands[Seat::new(1)] = CardMultiset::EMPTY;
        }),
        ("a card lost", "cards", |s, x| {
            s.discards.remove(x);
        }),
        ("a card twice", "cards", |s, _| {
            s.discards.insert(c("2S"));
        }),
        (
            "a card left pending between ticks",
            "pending between ticks",
            |s, x| {
                s.discards.remove(x);
                s.pending[Seat::new(2)] = Some(x);
            },
        ),
        ("every seat holding a spoon", "spoons", |s, _| {
            s.public.grabbed = Some(Seat::new(0));
            s.public.spoons = SeatMask(0b1111);
        }),
        ("a stock of two decks' size", "cards", |s, _| {
            s.public.pack = CardMultiset::copies(CardSet::FULL_DECK, 2);
        }),
    ];
    for (what, message, corrupt) in broken {
        let mut s = fresh.clone();
        corrupt(&mut s, spare);
        G::sync(&mut s);
        match g.check_invariants(&s) {
            Ok(()) => panic!("{what}: accepted"),
            Err(e) => assert!(e.contains(message), "{what}: {e}"),
        }
    }
    // Out of date counts.
    let mut s = fresh.clone();
    s.public.hand_sizes[Seat::new(1)] = 5;
    assert!(g.check_invariants(&s).unwrap_err().contains("hand size"));
    let mut s = fresh.clone();
    s.public.pending = SeatMask(0b10);
    assert!(g.check_invariants(&s).unwrap_err().contains("pending mark"));
    let mut s = fresh.clone();
    s.public.stock_size = 3;
    assert!(g
        .check_invariants(&s)
        .unwrap_err()
        .contains("stock or discard"));
    let mut s = fresh.clone();
    s.public.discard_size -= 1;
    assert!(g
        .check_invariants(&s)
        .unwrap_err()
        .contains("stock or discard"));
    // A grab stopped the tick: cards may lie pending, and fewer spoons than players are taken.
    let mut s = fresh.clone();
    s.discards.remove(spare);
    s.pending[Seat::new(2)] = Some(spare);
    s.public.grabbed = Some(Seat::new(0));
    s.public.spoons = SeatMask(0b111);
    G::sync(&mut s);
    g.check_invariants(&s).unwrap();
    // A finished game keeps the hands it ended with, out seats' included.
    let mut s = fresh.clone();
    for seat in 1..4 {
        s.public.letters[Seat::new(seat)] = 5;
        s.public.out.eliminate(Seat::new(seat));
    }
    g.check_invariants(&s).unwrap();
}

/// With the matched pack there is no stock or discard pile, and the pack shrinks with the
/// players in.
#[test]
fn a_matched_pack_has_no_stock_and_fits_the_players_in() {
    type G = SpoonsGame<SpoonsRules>;
    let g = spoons(4, &["deck=matched"]);
    let fresh = g.deal(&mut rng());
    g.check_invariants(&fresh).unwrap();
    assert_eq!(fresh.public.pack.len(), 16);
    let mut s = fresh.clone();
    let card = s.hands[Seat::new(1)].iter().next().unwrap();
    s.hands[Seat::new(1)].remove(card);
    s.discards.insert(card);
    G::sync(&mut s);
    assert!(g.check_invariants(&s).unwrap_err().contains("no stock"));
    // Seat 3 out, its cards lying pending after a grab: conserved, but a pack of four ranks
    // with three players in.
    let mut s = fresh.clone();
    s.public.letters[Seat::new(3)] = 5;
    s.public.out.eliminate(Seat::new(3));
    let cards: Vec<Card> = s.hands[Seat::new(3)].iter().collect();
    s.hands[Seat::new(3)] = CardMultiset::EMPTY;
    for (i, &x) in cards.iter().enumerate() {
        s.pending[Seat::new(i)] = Some(x);
    }
    s.public.grabbed = Some(Seat::new(0));
    s.public.spoons = SeatMask(1);
    G::sync(&mut s);
    assert!(g
        .check_invariants(&s)
        .unwrap_err()
        .contains("fit the players"));
}

/// Spoons has no turns: the turn-based moves are empty and a turn-based move is refused; a
/// grab is seen by everyone, a card passed face down by no one; `cap` bounds the decisions.
#[test]
fn spoons_has_no_turns_and_only_a_grab_is_seen() {
    let g = spoons(4, &["cap=9"]);
    let s = g.deal(&mut rng());
    assert_eq!(g.observe_action(&s, GRAB, Seat::new(1)), Some(GRAB));
    assert_eq!(g.observe_action(&s, pass("2S"), Seat::new(1)), None);
    let mut out = vec![GRAB];
    g.legal_actions(&s, &mut out);
    assert!(out.is_empty());
    assert_eq!(g.move_cap(), Some(9));
    let refused = std::panic::catch_unwind(|| {
        let mut s = s.clone();
        g.apply(&mut s, GRAB, &mut rng());
    });
    assert!(refused.is_err());
}

/// Once someone has grabbed, only the players still in without a spoon race (each may only
/// grab); a player out or holding a spoon has nothing to do, and a finished game no one.
#[test]
fn only_players_in_without_a_spoon_race_for_one() {
    let g = spoons(4, &[]);
    let mut s = pos(
        &g,
        0,
        &[
            "2S 3S 4S 5S 6S",
            "2H 3H 4H 5H",
            "2D 3D 4D 5D",
            "7C 7D 7H 7S",
        ],
        "AS AH",
        &[],
    );
    // Seat 3 grabs; seat 1 grabs a spoon in the grab race only once the tick is stopped.
    race(&g, &mut s, &[(3, GRAB, 0.2), (0, pass("6S"), 0.5)]);
    assert_eq!(s.public.grabbed, Some(Seat::new(3)));
    assert_eq!(g.to_move(&s), ToMove::Race(SeatMask(0b0111)));
    for seat in 0..3 {
        let mut out = vec![pass("2S")];
        g.race_actions(&s, Seat::new(seat), &mut out);
        assert_eq!(out, [GRAB], "seat {seat}");
    }
    let mut out = vec![GRAB];
    g.race_actions(&s, Seat::new(3), &mut out);
    assert!(out.is_empty(), "the spoon holder: {out:?}");
    // A player out has nothing to do, in the passing and in the grab race.
    let mut s = pos(
        &g,
        0,
        &["2S 3S 4S 5S 6S", "2H 3H 4H 5H", "7C 7D 7H 7S", ""],
        "AS AH",
        &[0, 0, 0, 5],
    );
    assert_eq!(actions(&g, &s, 3), 0);
    race(&g, &mut s, &[(2, GRAB, 0.2)]);
    assert_eq!(g.to_move(&s), ToMove::Race(SeatMask(0b0011)));
    assert_eq!(actions(&g, &s, 3), 0);
    assert_eq!(actions(&g, &s, 1), 1);
    // Over: no one races.
    let s = pos(
        &g,
        0,
        &["2S 3S 4S 5S 6S", "", "", ""],
        "AS AH",
        &[0, 5, 5, 5],
    );
    assert_eq!(g.to_move(&s), ToMove::Over);
    assert_eq!(actions(&g, &s, 0), 0);
}

/// Each tick is counted in the round's tick number and the statistics; a new round starts
/// its tick number again.
#[test]
fn ticks_are_counted() {
    let g = spoons(3, &[]);
    let mut s = pos(
        &g,
        0,
        &["2S 3S 4S 5S 6S", "2H 3H 4H 5H", "2D 3D 4D 5D"],
        "AS AH AD",
        &[],
    );
    // Seat 0 deals and passes to seat 2, seat 2 to seat 1, seat 1 discards.
    let ticks: [&[(usize, SpoonsAction, f64)]; 3] = [
        &[(0, pass("6S"), 0.5)],
        &[(0, pass("AS"), 0.5), (2, pass("6S"), 0.5)],
        &[
            (0, pass("AH"), 0.5),
            (2, pass("AS"), 0.5),
            (1, pass("6S"), 0.5),
        ],
    ];
    let mut passes = 0;
    for (tick, entries) in (1..).zip(ticks) {
        race(&g, &mut s, entries);
        passes += entries.len();
        assert_eq!((s.public.tick, s.public.counts.ticks), (tick, tick));
        let mut stats = Vec::new();
        g.stats(&s, &mut stats);
        assert_eq!(stats[1], f64::from(tick));
        assert_eq!(stats[2], passes as f64);
    }
}

/// The dealer draws only to refill its hand: a tick the dealer sat out (it still holds five)
/// leaves an empty stock empty, and the discard pile is not reshuffled before it is needed.
#[test]
fn a_dealer_holding_five_draws_nothing_and_reshuffles_nothing() {
    let g = spoons(3, &[]);
    let mut s = pos(
        &g,
        0,
        &["2S 3S 4S 5S 6S", "2H 3H 4H 5H", "2D 3D 4D 5D 6D"],
        "",
        &[],
    );
    let discards = s.discards;
    // Seat 2 passes to its right, seat 1; the dealer (seat 0) does not pass.
    race(&g, &mut s, &[(2, pass("6D"), 0.3)]);
    assert_eq!(s.public.counts.restocks, 0);
    assert_eq!((s.stock.len(), s.discards), (0, discards));
    assert_eq!(s.hands[Seat::new(0)], ms("2S 3S 4S 5S 6S"));
    assert_eq!(s.hands[Seat::new(1)], ms("2H 3H 4H 5H 6D"));
}
