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

/// Only the first play to land is applied; the other player keeps looking, and when its time
/// comes it puts down a card that fits the piles as they are then.
#[test]
fn the_first_play_to_land_is_applied_and_the_slower_player_keeps_looking() {
    let g = game(&[]);
    let mut s = pos(&g, ["8H KD", "6D 2D"], ["", "3D"], ["7S", "QC"], None);
    race(&g, &mut s, &[(0, "8H", 0, 0.5), (1, "6D", 0, 0.4)]);
    assert_eq!(s.public.piles[0][1], c("6D"));
    assert!(s.hands[0].contains(c("8H")), "seat 0's play has not landed");
    assert_eq!(s.public.counts[..2], [1, 0]);
    // Seat 1 refilled from its stock; it has no play now, seat 0 is still looking, its play
    // due 0.5 s after the start.
    assert!(s.hands[1].contains(c("3D")) && s.stocks[1].is_empty());
    assert_eq!(s.clock.now, 400_000_000);
    assert_eq!(s.clock.due, [Some(500_000_000), None]);
    // 8H no longer fits; seat 0 plays KD on QC, landing when it was first due (its new
    // reaction time does not restart the clock).
    race(&g, &mut s, &[(0, "KD", 1, 0.9)]);
    assert_eq!(s.public.piles[1][1], c("KD"));
    assert_eq!(s.clock.now, 500_000_000);
    assert_eq!(s.public.counts[..2], [2, 0]);
}

/// "Speed": a player k times faster plays again and again while the slower one is still
/// looking; the slower player's play lands its reaction time after it started looking, even
/// though it is asked again (with another reaction time) at every race meanwhile.
#[test]
fn a_player_k_times_faster_plays_k_times_while_the_slower_plays_once() {
    let g = game(&[]);
    for k in 2..=4u32 {
        // Seat 0 runs 8H 9H TH JH QH up pile 0; seat 1's only play is 3D on pile 1 (2C).
        let mut s = pos(
            &g,
            ["8H 9H TH JH QH", "3D 5C 5D 5H 5S"],
            ["KS KH", "4S"],
            ["7S", "2C"],
            None,
        );
        let slow = 0.1 * f64::from(k) + 0.05;
        let mut plays = Vec::new();
        let mut order = Vec::new();
        while s.public.piles[1].len() == 1 {
            let mut entries = Vec::new();
            for seat in 0..2 {
                g.race_actions(&s, Seat::new(seat), &mut plays);
                if let Some(&action) = plays.first() {
                    // A slow player's later draws do not restart its clock.
                    let reaction = if seat == 0 {
                        0.1
                    } else {
                        slow / (1 + order.len()) as f64
                    };
                    entries.push(RaceEntry {
                        seat: Seat::new(seat),
                        action,
                        reaction,
                    });
                }
            }
            let before = s.public.counts[0];
            g.apply_race(&mut s, &entries, &mut rng());
            assert_eq!(s.public.counts[0], before + 1, "one play lands per race");
            order.push(if s.public.piles[1].len() > 1 { 1 } else { 0 });
            g.check_invariants(&s).unwrap();
        }
        assert_eq!(order.len(), k as usize + 1, "k = {k}: {order:?}");
        assert_eq!(s.public.piles[0].len(), k as usize + 1);
        assert_eq!(s.clock.now, SpeedClock::nanos(slow));
    }
}

/// A race after which nobody can play still turns the talons, and every player starts looking
/// afresh at the turned cards.
#[test]
fn a_stalemate_after_a_play_turns_the_talons_and_restarts_every_clock() {
    let g = game(&[]);
    // 8H on 7S leaves seat 0 fives (on 8H or 2C: no) and seat 1's 6S without a pile.
    let mut s = pos(
        &g,
        ["8H 5S 5H 5D 5C", "6S JS JH JD JC"],
        ["", ""],
        ["7S", "2C"],
        None,
    );
    race(&g, &mut s, &[(0, "8H", 0, 0.1), (1, "6S", 0, 0.5)]);
    assert!(s.public.counts[2] >= 1, "{:?}", s.public.counts);
    assert_eq!(s.clock.due, [None, None]);
    assert_eq!(s.public.piles[0][1], c("8H"));
    assert!(s.public.piles[0].len() >= 3 && s.public.piles[1].len() >= 2);
    g.check_invariants(&s).unwrap();
}

/// Two players of the same speed, seat against seat: each wins about half of the games, with
/// reaction times exactly equal (every race a tie) and drawn from the same distribution.
#[test]
fn players_of_equal_speed_each_win_about_half() {
    use crate::driver::{self, Policy, Scratch};
    struct Fixed(Option<f64>);
    impl Policy<Speed> for Fixed {
        type Error = std::convert::Infallible;
        fn choose<R: Rng>(
            &mut self,
            _: &Speed,
            _: &SpeedState,
            _: Seat,
            legal: &[SpeedAction],
            _: &mut R,
        ) -> Result<SpeedAction, Self::Error> {
            Ok(legal[0])
        }
        fn race<R: Rng>(
            &mut self,
            _: &Speed,
            _: &SpeedState,
            _: Seat,
            legal: &[SpeedAction],
            rng: &mut R,
        ) -> Result<(SpeedAction, f64), Self::Error> {
            let a = legal[rng.random_range(0..legal.len())];
            Ok((a, self.0.unwrap_or_else(|| 0.3 + 0.4 * rng.random::<f64>())))
        }
    }
    let g = game(&[]);
    for reaction in [Some(0.5), None] {
        let n = 1000;
        let mut wins = 0.0;
        for seed in 0..n {
            let mut r = ChaCha8Rng::seed_from_u64(seed);
            let mut s = g.deal(&mut r);
            let end = driver::play(
                &g,
                &mut s,
                &mut Fixed(reaction),
                &mut Scratch::new(),
                &mut r,
                1 << 20,
            );
            let Ok(end) = end;
            wins += end.outcome(&g, &s)[Seat::new(0)].win;
        }
        // Three standard deviations of a fair coin over 1,000 games: 0.047.
        let share = wins / n as f64;
        assert!(
            (share - 0.5).abs() < 0.047,
            "{reaction:?}: seat 0 won {share}"
        );
    }
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
    let n: u64 = conformance::soak_games(1_000_000);
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

/// A position that opens with one stalemate turn (nobody fits 2C or 2D; the talons' tops 6S
/// and 9C then give both players a play): seat 0 holds five with two in stock, seat 1 four
/// with none; after the turn the talons hold 12 and 25 cards.
fn after_one_stalemate(g: &Speed) -> SpeedState {
    let (h, st, p) = (
        ["7S 7H 7D 7C TS", "9H 9D 5C 5D"],
        ["KH KD", ""],
        ["2C", "2D"],
    );
    let used: CardSet = [h, st, p]
        .iter()
        .flatten()
        .flat_map(|x| cs(x))
        .chain(cs("6S 9C"))
        .collect();
    let rest: Vec<Card> = CardSet::FULL_DECK.difference(used).iter().collect();
    let talons = [
        format!("{} 6S", print_list(&rest[..12])),
        format!("{} 9C", print_list(&rest[12..])),
    ];
    pos(g, h, st, p, Some([&talons[0], &talons[1]]))
}

fn print_list(cards: &[Card]) -> String {
    cards
        .iter()
        .map(|c| c.to_string())
        .collect::<Vec<_>>()
        .join(" ")
}

/// The observation tensor's counts are scaled as documented: talons / 26, hands / 5, stocks /
/// 15 (the observer first), stalemate turns / the `stuck` limit.
#[test]
fn the_observation_scales_each_count_as_documented() {
    use crate::encoding::{Encoding, Tensor};
    use crate::games::common::encoding::named;
    let g = game(&["stuck=4"]);
    let s = after_one_stalemate(&g);
    g.check_invariants(&s).unwrap();
    assert_eq!((s.public.talon_sizes, s.public.since_play), ([12, 25], 1));
    let mut t = Tensor::new();
    g.encode_observation(&g.observe(&s, Seat::new(1)), &mut t);
    assert_eq!(named(&t, "talon.size"), [12.0 / 26.0, 25.0 / 26.0]);
    assert_eq!(named(&t, "hand_sizes"), [0.8, 1.0]);
    assert_eq!(named(&t, "stock_sizes"), [0.0, 2.0 / 15.0]);
    assert_eq!(named(&t, "stalemate"), [0.25]);
}

/// The deal text reads back to the same deal, the opening stalemate turns included: their
/// turned cards are printed back on their talons, the piles with one card each.
#[test]
fn the_deal_text_reads_back() {
    use crate::deal_text::round_trip;
    let g = game(&[]);
    let mut turned = 0;
    for seed in 0..40 {
        let s = g.deal(&mut ChaCha8Rng::seed_from_u64(seed));
        let text = round_trip(&g, &s).unwrap();
        let piles = text.split("piles: ").nth(1).unwrap();
        assert_eq!(piles.split_whitespace().count(), 3, "{text}");
        turned += s.public.counts[2];
    }
    assert!(turned > 0, "no deal opened with a stalemate");
}

/// The seats with a play: each hand against both pile tops.
#[test]
fn seats_that_can_play_are_those_with_a_card_that_fits() {
    let g = game(&[]);
    let both = pos(&g, ["8H 3S", "6D 2D"], ["", ""], ["7S", "QC"], None);
    assert_eq!(g.seats_that_can_play(&both), SeatMask(0b11));
    let second = pos(&g, ["9H 3S", "KD 2D"], ["", ""], ["7S", "QC"], None);
    assert_eq!(g.seats_that_can_play(&second), SeatMask(0b10));
    let first = pos(&g, ["8H 3S", "9D 2D"], ["", ""], ["7S", "QC"], None);
    assert_eq!(g.seats_that_can_play(&first), SeatMask(0b01));
}

/// The score is the cards got rid of, of twenty: the loser's hand and stock both count.
#[test]
fn the_losers_score_counts_hand_and_stock() {
    let g = game(&[]);
    let mut s = pos(
        &g,
        ["8H", "6D 2D 4C 4H 4S"],
        ["", "3D 3H"],
        ["7S", "QC"],
        None,
    );
    race(&g, &mut s, &[(0, "8H", 0, 0.5), (1, "6D", 0, 0.6)]);
    let o = g.outcome(&s).unwrap();
    assert_eq!((o[Seat::new(0)].score, o[Seat::new(1)].score), (20.0, 13.0));
}

/// `check_invariants` rejects each kind of broken position.
#[test]
fn broken_positions_fail_the_invariants() {
    let g = game(&[]);
    let good = pos(
        &g,
        ["8H KD 4C 4H 4S", "6D 2D"],
        ["3D", ""],
        ["7S", "QC"],
        None,
    );
    g.check_invariants(&good).unwrap();
    type Break = fn(&mut SpeedState);
    let broken: [(&str, Break); 6] = [
        ("a card lost", |s| {
            s.talons[0].pop();
        }),
        ("a card twice", |s| {
            let c = s.talons[0][0];
            s.talons[1].push(c);
            s.talons[0].pop();
        }),
        ("hand not refilled", |s| {
            let c = s.hands[0].iter().next().unwrap();
            s.hands[0].remove(c);
            s.talons[0].push(c);
        }),
        ("a known talon that differs", |s| {
            s.public.talon_known[0] = Some(CardSet::EMPTY);
        }),
        ("an empty pile", |s| {
            let c = s.public.piles[1].pop().unwrap();
            s.talons[1].push(c);
        }),
        ("a play due before now", |s| {
            s.clock.now = 10;
            s.clock.due[1] = Some(9);
        }),
    ];
    crate::games::common::testing::assert_each_corruption_refused(&g, &good, &broken);
    let mut s = good.clone();
    (s.clock.now, s.clock.due) = (10, [Some(10), None]);
    assert_eq!(g.check_invariants(&s), Ok(()), "a play due now");
}

/// Speed has no turns: the turn-based moves are empty and a turn-based play is refused; every
/// play is seen by both players; `cap` bounds the decisions.
#[test]
fn speed_has_no_turns_and_every_play_is_public() {
    let g = game(&["cap=7"]);
    let s = pos(&g, ["8H", "6D 2D"], ["", "3D"], ["7S", "QC"], None);
    let a = SpeedAction {
        card: c("8H"),
        pile: 1,
    };
    let mut out = vec![a];
    g.legal_actions(&s, &mut out);
    assert!(out.is_empty());
    assert_eq!(g.observe_action(&s, a, Seat::new(1)), Some(a));
    assert_eq!(a.to_string(), "8H on 1");
    assert_eq!(g.move_cap(), Some(7));
    let refused = std::panic::catch_unwind(|| {
        let mut s = s.clone();
        g.apply(&mut s, a, &mut rng());
    });
    assert!(refused.is_err());
}
