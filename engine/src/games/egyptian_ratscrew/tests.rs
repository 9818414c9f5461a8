use super::*;
use crate::conformance::{self, perft::perft_table};
use crate::driver::{self, Ending, RandomPolicy, Scratch};
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;

fn game(players: usize, params: &[&str]) -> Ratscrew {
    Ratscrew::new(players, &Params::parse(params).unwrap()).unwrap()
}

/// Cards of the given ranks for a one-deck game, each a distinct card: `'-'` a number card
/// (cycling through two to ten), `J`, `Q`, `K`, `A`, or a digit `2`-`9` / `T` for that rank.
fn hands(strs: &[&str]) -> Vec<Vec<Card>> {
    let mut used = [false; 52];
    let mut next_plain = 0u8;
    let mut card_of = |ch: char| -> Card {
        let rank = match ch {
            '-' => {
                // A number card not yet used, cycling through the ranks.
                loop {
                    let r = next_plain % 9;
                    next_plain += 1;
                    if (0..4).any(|s| !used[(s * 13 + r) as usize]) {
                        break r;
                    }
                }
            }
            'J' => 9,
            'Q' => 10,
            'K' => 11,
            'A' => 12,
            'T' => 8,
            d => d.to_digit(10).expect("a rank") as u8 - 2,
        };
        let s = (0..4)
            .find(|&s| !used[(s * 13 + rank) as usize])
            .expect("four of a rank");
        used[(s * 13 + rank) as usize] = true;
        s * 13 + rank
    };
    strs.iter()
        .map(|h| h.chars().map(&mut card_of).collect())
        .collect()
}

fn position(g: &Ratscrew, strs: &[&str]) -> RatscrewState {
    let hs = hands(strs);
    let refs: Vec<&[Card]> = hs.iter().map(|h| h.as_slice()).collect();
    g.position(&refs)
}

/// Plays forced moves (flips) until a race or a decision with two choices.
fn flip_until_choice(g: &Ratscrew, s: &mut RatscrewState) {
    let mut rng = ChaCha8Rng::seed_from_u64(0);
    let mut legal = Vec::new();
    while let ToMove::Seat(_) = g.to_move(s) {
        g.legal_actions(s, &mut legal);
        if legal.len() > 1 {
            return;
        }
        g.apply(s, legal[0], &mut rng);
    }
}

fn race(g: &Ratscrew, s: &mut RatscrewState, entries: &[(usize, RatscrewAction, f64)]) {
    let entries: Vec<_> = entries
        .iter()
        .map(|&(seat, action, reaction)| RaceEntry {
            seat: Seat::new(seat),
            action,
            reaction,
        })
        .collect();
    g.apply_race(s, &entries, &mut ChaCha8Rng::seed_from_u64(0));
}

/// Plays a whole game with slaps off; returns (flips, challenge piles, winner or None).
fn beggar(strs: &[&str]) -> (u32, u32, Option<usize>, bool) {
    let g = game(2, &["slaps=false"]);
    let mut s = position(&g, strs);
    let mut rng = ChaCha8Rng::seed_from_u64(0);
    while g.to_move(&s) != ToMove::Over {
        g.apply(&mut s, RatscrewAction::Flip, &mut rng);
        g.check_invariants(&s).unwrap();
    }
    let o = g.outcome(&s).unwrap();
    let winner = Seat::all(2).find(|&p| o[p].win == 1.0).map(|p| p.index());
    (s.public.counts[0], s.public.counts[3], winner, g.cycled(&s))
}

#[test]
fn the_endless_beggar_my_neighbour_deal_of_casella_et_al_is_a_draw() {
    // Casella, Anderson, Kleber, Mann, Nessler, Rucklidge, Williams, Wu (2024), "A
    // non-terminating game of Beggar-My-Neighbor": it enters a cycle of 62 tricks.
    let deal = ["---K---Q-KQAJ-----AAJ--J--", "----------Q----KQ-J-----KA"];
    let (flips, tricks, winner, cycled) = beggar(&deal);
    assert!(cycled);
    assert_eq!(winner, None);
    // The cycle is entered after 4 tricks and is 62 long: Brent's search stops within two
    // turns of it (at most 4 + 2 * 2 * 62 tricks).
    assert!((66..=4 + 4 * 62).contains(&tricks), "{tricks} tricks");
    assert!(flips > 474, "{flips}");
    let g = game(2, &["slaps=false"]);
    let mut s = position(&g, &deal);
    let mut rng = ChaCha8Rng::seed_from_u64(0);
    while g.to_move(&s) != ToMove::Over {
        g.apply(&mut s, RatscrewAction::Flip, &mut rng);
    }
    let o = g.outcome(&s).unwrap();
    assert_eq!(o[Seat::new(0)].win, 0.5);
    assert_eq!(o[Seat::new(1)].place, 1);
}

#[test]
fn beggar_my_neighbour_deals_end_as_an_independent_simulation_says() {
    // (flips, tricks, winner) from a separate 20-line Python simulation of the 1911
    // Britannica rules (taker puts the pile under his cards in the order played, and leads).
    type Case = ([&'static str; 2], (u32, u32, usize));
    let cases: [Case; 4] = [
        (
            ["-J--Q----A--JK-K-----Q--AA", "-A---JQ-K------KJ-----Q---"],
            (449, 61, 1),
        ),
        (
            ["--QQ-----------A-KA-K-AJ-A", "------Q----KJ----Q--J-J-K-"],
            (452, 62, 1),
        ),
        (
            ["Q---A-AK-QJ--------A------", "K-J-K---J------JQ--AQK----"],
            (130, 20, 1),
        ),
        (
            ["-KQK---A----AQKK-A-Q------", "-J---Q-------JJ----A---J--"],
            (277, 40, 0),
        ),
    ];
    for (deal, (flips, tricks, winner)) in cases {
        assert_eq!(
            beggar(&deal),
            (flips, tricks, Some(winner), false),
            "{deal:?}"
        );
    }
}

#[test]
fn a_face_card_challenges_the_next_player_for_its_count() {
    let g = game(2, &["slaps=false"]);
    // Seat 0 turns a queen; seat 1 owes two cards, turns two number cards: seat 0 takes 3.
    let mut s = position(&g, &["Q5", "23"]);
    let mut rng = ChaCha8Rng::seed_from_u64(0);
    g.apply(&mut s, RatscrewAction::Flip, &mut rng);
    assert_eq!(
        s.public.challenge,
        Some(Challenge {
            challenger: Seat::new(0),
            owed: 2
        })
    );
    assert_eq!(s.public.turn, Seat::new(1));
    g.apply(&mut s, RatscrewAction::Flip, &mut rng);
    assert_eq!(s.public.turn, Seat::new(1), "still owes one");
    g.apply(&mut s, RatscrewAction::Flip, &mut rng);
    // Seat 0 took the pile under its 5, in the order played: Q, 2, 3; it leads.
    assert!(!s.public.over);
    assert_eq!(s.public.turn, Seat::new(0));
    let ranks: Vec<u8> = s.stacks[Seat::new(0)].iter().map(|c| g.rank(c)).collect();
    assert_eq!(ranks, [3, 10, 0, 1]);
    // It turns the 5; seat 1, with no card to turn, is out and seat 0 has all four.
    g.apply(&mut s, RatscrewAction::Flip, &mut rng);
    assert!(s.public.over);
    assert_eq!(s.stacks[Seat::new(0)].len(), 4);
    assert_eq!(g.outcome(&s).unwrap()[Seat::new(0)].win, 1.0);
}

#[test]
fn a_face_card_in_answer_passes_the_challenge_on() {
    let g = game(3, &["slaps=false"]);
    // 0 turns a king; 1 answers with a 2 then a jack; 2 owes one card and turns a 4: 1 takes
    // the five cards and leads.
    let mut s = position(&g, &["K7", "2J8", "49"]);
    let mut rng = ChaCha8Rng::seed_from_u64(0);
    for _ in 0..4 {
        g.apply(&mut s, RatscrewAction::Flip, &mut rng);
    }
    assert_eq!(s.public.centre.len(), 0);
    assert_eq!(s.stacks[Seat::new(1)].len(), 5);
    assert_eq!(s.public.turn, Seat::new(1));
    assert_eq!(s.public.counts[3], 1);
}

#[test]
fn the_fastest_slap_on_a_pair_takes_the_pile_and_leads() {
    let g = game(3, &[]);
    let mut s = position(&g, &["79", "7T", "8"]);
    flip_until_choice(&g, &mut s);
    race(&g, &mut s, &[(0, RatscrewAction::Pass, 0.1)]);
    flip_until_choice(&g, &mut s);
    assert!(g.slappable(&s.public.centre));
    race(
        &g,
        &mut s,
        &[
            (0, RatscrewAction::Slap, 0.4),
            (1, RatscrewAction::Pass, 0.1),
            (2, RatscrewAction::Slap, 0.3),
        ],
    );
    assert_eq!(s.stacks[Seat::new(2)].len(), 3);
    assert_eq!(s.public.turn, Seat::new(2));
    assert_eq!(s.public.counts[1], 1);
}

#[test]
fn a_false_slap_costs_a_dead_card_under_the_pile() {
    let g = game(2, &[]);
    let mut s = position(&g, &["79", "8T"]);
    flip_until_choice(&g, &mut s);
    race(&g, &mut s, &[(1, RatscrewAction::Slap, 0.2)]);
    assert_eq!(s.stacks[Seat::new(1)].len(), 1);
    assert_eq!(s.public.centre.len(), 2);
    // The dead card went under: the 7 is still on top.
    assert_eq!(g.rank(s.public.centre.get(1)), 5);
    assert_eq!(g.rank(s.public.centre.get(0)), 6);
    assert_eq!(s.public.counts[2], 1);
    // With penalty=2 a slapper pays two.
    let g2 = game(2, &["penalty=2"]);
    let mut s = position(&g2, &["79", "8T"]);
    flip_until_choice(&g2, &mut s);
    race(&g2, &mut s, &[(1, RatscrewAction::Slap, 0.2)]);
    assert_eq!(s.stacks[Seat::new(1)].len(), 0);
}

#[test]
fn a_slap_preempts_a_challenge() {
    let g = game(2, &[]);
    // 0 turns a king, 1 answers with a king: a pair of kings, slapped by 0.
    let mut s = position(&g, &["K2", "K3"]);
    flip_until_choice(&g, &mut s);
    race(&g, &mut s, &[]);
    flip_until_choice(&g, &mut s);
    race(&g, &mut s, &[(0, RatscrewAction::Slap, 0.3)]);
    assert_eq!(s.public.challenge, None);
    assert_eq!(s.stacks[Seat::new(0)].len(), 3);
    assert_eq!(s.public.turn, Seat::new(0));
}

#[test]
fn sandwiches_runs_and_jokers_only_when_asked() {
    let plain = game(2, &[]);
    let sandwich = game(2, &["sandwich=true"]);
    let run = game(2, &["run=true"]);
    let centre = |cards: &[Card]| {
        let mut s = Stack::default();
        for &c in cards {
            s.push_bottom(c);
        }
        s
    };
    // 7-4-7 (ranks 5, 2, 5).
    let sw = centre(&[5, 2, 18]);
    assert!(!plain.slappable(&sw) && sandwich.slappable(&sw) && !run.slappable(&sw));
    // 4-5-6 up, Q-K-A, A-2-3 and 3-2-A down; K-A-2 does not wrap.
    for (cards, ok) in [
        ([2u8, 3, 4], true),
        ([10, 11, 12], true),
        ([12, 0, 1], true),
        ([1, 0, 12], true),
        ([11, 12, 0], false),
        ([2, 4, 3], false),
    ] {
        assert_eq!(run.slappable(&centre(&cards)), ok, "{cards:?}");
        assert!(!plain.slappable(&centre(&cards)));
    }
    let jokers = game(2, &["jokers=2"]);
    assert!(jokers.slappable(&centre(&[3, 52])));
    assert!(!jokers.slappable(&centre(&[52, 3])));
}

#[test]
fn a_player_who_runs_out_mid_challenge_hands_the_choice_on() {
    let g = game(3, &["slaps=false"]);
    // 0 turns a queen; 1 turns a 2 and has no more: 2 may continue (owing one) or decline.
    let mut s = position(&g, &["Q55", "2", "8JT"]);
    let mut rng = ChaCha8Rng::seed_from_u64(0);
    g.apply(&mut s, RatscrewAction::Flip, &mut rng);
    g.apply(&mut s, RatscrewAction::Flip, &mut rng);
    assert!(s.public.deciding);
    assert_eq!(s.public.turn, Seat::new(2));
    assert!(s.public.out.contains(Seat::new(1)));
    let mut legal = Vec::new();
    g.legal_actions(&s, &mut legal);
    assert_eq!(legal, [RatscrewAction::Continue, RatscrewAction::Decline]);
    let mut declined = s.clone();
    g.apply(&mut declined, RatscrewAction::Decline, &mut rng);
    assert_eq!(declined.stacks[Seat::new(0)].len(), 4);
    assert_eq!(declined.public.turn, Seat::new(0));
    // Continuing: one card owed; an 8 loses it to seat 0 as well.
    g.apply(&mut s, RatscrewAction::Continue, &mut rng);
    g.apply(&mut s, RatscrewAction::Flip, &mut rng);
    assert_eq!(s.stacks[Seat::new(0)].len(), 5);
    // Had seat 2 turned the jack, the challenge would pass to seat 0.
    let mut s = position(&g, &["Q55", "2", "JTT"]);
    g.apply(&mut s, RatscrewAction::Flip, &mut rng);
    g.apply(&mut s, RatscrewAction::Flip, &mut rng);
    g.apply(&mut s, RatscrewAction::Continue, &mut rng);
    g.apply(&mut s, RatscrewAction::Flip, &mut rng);
    assert_eq!(
        s.public.challenge,
        Some(Challenge {
            challenger: Seat::new(2),
            owed: 1
        })
    );
    assert_eq!(s.public.turn, Seat::new(0));
}

#[test]
fn players_out_slap_back_in_and_a_false_slap_bars_them() {
    let g = game(3, &[]);
    // Seat 2 holds one card: after 7 8 5 2 3 it has none when its turn comes, and is out.
    let start = position(&g, &["7245", "8346", "5"]);
    let mut s = start.clone();
    for _ in 0..5 {
        flip_until_choice(&g, &mut s);
        race(&g, &mut s, &[]);
    }
    assert!(s.public.out.contains(Seat::new(2)));
    assert_eq!(s.public.turn, Seat::new(0));
    flip_until_choice(&g, &mut s); // seat 0's 4
    let ToMove::Race(mask) = g.to_move(&s) else {
        panic!("a race")
    };
    assert!(mask.contains(Seat::new(2)), "players out race too");
    race(&g, &mut s, &[]);
    flip_until_choice(&g, &mut s); // seat 1's 4: a pair
    race(
        &g,
        &mut s,
        &[
            (0, RatscrewAction::Slap, 0.3),
            (2, RatscrewAction::Slap, 0.2),
        ],
    );
    assert!(!s.public.out.contains(Seat::new(2)), "slapped back in");
    assert_eq!(s.stacks[Seat::new(2)].len(), 7);
    assert_eq!(s.public.counts[4], 1);
    assert_eq!(s.public.turn, Seat::new(2));

    // A false slap while out bars the player for good.
    let mut s = start;
    for _ in 0..5 {
        flip_until_choice(&g, &mut s);
        race(&g, &mut s, &[]);
    }
    flip_until_choice(&g, &mut s);
    race(&g, &mut s, &[(2, RatscrewAction::Slap, 0.2)]);
    assert!(s.public.barred.contains(Seat::new(2)));
    flip_until_choice(&g, &mut s);
    let ToMove::Race(mask) = g.to_move(&s) else {
        panic!("a race")
    };
    assert!(!mask.contains(Seat::new(2)));
}

#[test]
fn the_last_player_in_takes_the_pile_and_the_rest_place_by_going_out() {
    let g = game(3, &["slaps=false"]);
    let mut s = position(&g, &["2345", "6", "7"]);
    let mut rng = ChaCha8Rng::seed_from_u64(0);
    while g.to_move(&s) != ToMove::Over {
        g.apply(&mut s, RatscrewAction::Flip, &mut rng);
    }
    let o = g.outcome(&s).unwrap();
    // 1 goes out first (its turn comes round with no cards), then 2.
    assert_eq!(o[Seat::new(0)].place, 1);
    assert_eq!(o[Seat::new(2)].place, 2);
    assert_eq!(o[Seat::new(1)].place, 3);
    assert_eq!(s.stacks[Seat::new(0)].len(), 6);
}

#[test]
fn perft_races_after_every_flip() {
    // Two players, no face cards: each flip is one line, each race four (slap or pass each).
    let g = game(2, &[]);
    let s = position(&g, &["2345", "6789"]);
    assert_eq!(perft_table(&g, &s, 6), [1, 4, 4, 16, 16, 64]);
    // Three players with one out (not barred): eight combinations per race, except that a
    // false slap by the player out bars him, leaving four in the next race: 4 * 4 + 4 * 8.
    let g = game(3, &["slaps=false"]);
    let mut s = position(&g, &["2345", "6789", "T"]);
    let mut rng = ChaCha8Rng::seed_from_u64(0);
    for _ in 0..5 {
        g.apply(&mut s, RatscrewAction::Flip, &mut rng);
    }
    assert!(s.public.out.contains(Seat::new(2)));
    assert_eq!(s.public.turn, Seat::new(0));
    let g = game(3, &[]);
    assert_eq!(perft_table(&g, &s, 4), [1, 8, 8, 48]);
}

#[test]
fn random_games_conform_for_every_player_count_and_variant() {
    for players in 2..=8 {
        let g = game(players, &[]);
        let report = conformance::random_games(&g, 0..12, 200_000);
        assert_eq!(report.games, 12);
    }
    for params in [
        &["slaps=false"][..],
        &["sandwich=true", "run=true", "jokers=2"],
        &["decks=2", "jokers=4", "penalty=2"],
        &["penalty=0"],
    ] {
        for players in [2, 3, 5] {
            let g = game(players, params);
            conformance::random_games(&g, 0..8, 400_000);
        }
    }
}

#[test]
fn random_play_ends_games_with_slaps() {
    let g = game(3, &[]);
    let (mut over, mut slaps, mut false_slaps) = (0, 0, 0);
    for seed in 0..30 {
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        let mut s = g.deal(&mut rng);
        let end = driver::play(
            &g,
            &mut s,
            &mut RandomPolicy,
            &mut Scratch::new(),
            &mut rng,
            1_000_000,
        )
        .unwrap();
        over += usize::from(matches!(end, Ending::Over { .. }));
        slaps += s.public.counts[1];
        false_slaps += s.public.counts[2];
    }
    assert!(slaps > 30 && false_slaps > 30, "{slaps} {false_slaps}");
    assert!(over >= 25, "{over} of 30 ended");
}

#[test]
fn bad_parameters_are_refused() {
    assert!(Ratscrew::new(2, &Params::parse(&["decks=3"]).unwrap()).is_err());
    assert!(Ratscrew::new(9, &Params::new()).is_err());
    assert!(Ratscrew::new(2, &Params::parse(&["slap=true"]).unwrap()).is_err());
}

/// The million-game soak (not in CI): `cargo test --release -p cardsim-engine
/// ratscrew_soak -- --ignored`; `SOAK_GAMES=N` plays N games per player count instead of
/// 500,000.
#[test]
#[ignore]
fn ratscrew_soak_a_million_random_games() {
    let n: u64 = conformance::soak_games(500_000);
    for players in [2, 4] {
        let g = game(players, &["sandwich=true", "jokers=2"]);
        let report = conformance::random_games(&g, 0..n, 2_000_000);
        assert_eq!(report.games as u64, n);
        eprintln!(
            "{players} players: {n} games, {} draws, {} moves",
            report.draws, report.moves
        );
    }
}

/// Ruling: two slaps on a pair at exactly the same reaction time are a tie the game's RNG
/// breaks, never the seat order: over the seeds each slapper takes the pile about half the
/// time.
#[test]
fn an_exact_tie_of_slaps_goes_to_either_at_random() {
    let g = game(3, &[]);
    let mut taken = [0; 3];
    for seed in 0..200 {
        let mut s = position(&g, &["79", "7T", "8"]);
        flip_until_choice(&g, &mut s);
        race(&g, &mut s, &[(0, RatscrewAction::Pass, 0.1)]);
        flip_until_choice(&g, &mut s);
        assert!(g.slappable(&s.public.centre));
        let entries = [
            (0, RatscrewAction::Slap),
            (1, RatscrewAction::Pass),
            (2, RatscrewAction::Slap),
        ]
        .map(|(seat, action)| RaceEntry {
            seat: Seat::new(seat),
            action,
            reaction: 0.3,
        });
        g.apply_race(&mut s, &entries, &mut ChaCha8Rng::seed_from_u64(seed));
        assert_eq!(s.public.counts[1], 1, "one slap takes the pile");
        taken[s.public.turn.index()] += 1;
    }
    assert_eq!(taken[1], 0, "a pass takes nothing");
    assert!(taken[0] > 70 && taken[2] > 70, "{taken:?}");
}
