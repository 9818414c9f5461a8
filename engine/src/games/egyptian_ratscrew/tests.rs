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
    // 4-5-6 up, Q-K-A, A-2-3, 7-6-5 and 3-2-A down; K-A-2 does not wrap, nor do two
    // steps out of three make a run.
    for (cards, ok) in [
        ([2u8, 3, 4], true),
        ([10, 11, 12], true),
        ([12, 0, 1], true),
        ([1, 0, 12], true),
        ([11, 12, 0], false),
        ([2, 4, 3], false),
        ([5, 4, 3], true),
        ([5, 4, 9], false),
        ([9, 4, 3], false),
    ] {
        assert_eq!(run.slappable(&centre(&cards)), ok, "{cards:?}");
        assert!(!plain.slappable(&centre(&cards)));
        // Only the top three count, whatever lies under them.
        let deeper = [&[7u8, 9][..], &cards].concat();
        assert_eq!(run.slappable(&centre(&deeper)), ok, "{deeper:?}");
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

/// The ring stack: cards come off the top in the order given, `push_top` puts one above the
/// top and `push_bottom` one below the bottom (wrapping round the buffer), `clear` empties
/// it, equality compares the cards in order, and the debug form lists them top first.
#[test]
fn the_stack_takes_from_the_top_and_adds_at_either_end() {
    let mut s = Stack::from_top(&[7, 8, 9]);
    assert_eq!((s.len(), s.is_empty()), (3, false));
    assert_eq!(s.iter().collect::<Vec<_>>(), [7, 8, 9]);
    assert_eq!(format!("{s:?}"), "[7, 8, 9]");
    // A card on top from head 0 wraps to the end of the buffer.
    s.push_top(6);
    assert_eq!(s.iter().collect::<Vec<_>>(), [6, 7, 8, 9]);
    assert_eq!(s.get(0), 6);
    assert_eq!(s.get(3), 9);
    assert_eq!(s.pop_top(), Some(6));
    assert_eq!(s.pop_top(), Some(7));
    s.push_bottom(10);
    assert_eq!(s.iter().collect::<Vec<_>>(), [8, 9, 10]);
    assert_eq!(s, Stack::from_top(&[8, 9, 10]));
    assert_ne!(s, Stack::from_top(&[8, 9, 11]));
    assert_ne!(s, Stack::from_top(&[8, 9]));
    // Round and round the ring: 300 cards through a stack of at most two.
    let mut r = Stack::default();
    for c in 0..150u8 {
        r.push_bottom(c);
        r.push_bottom(c.wrapping_add(100));
        assert_eq!(r.pop_top(), Some(c));
        assert_eq!(r.pop_top(), Some(c.wrapping_add(100)));
    }
    assert_eq!(r.pop_top(), None);
    s.clear();
    assert!(s.is_empty());
    assert_eq!(s.len(), 0);
    assert_eq!(s.pop_top(), None);
    assert_eq!(s, Stack::default());
}

/// Actions print as their names, every action is public, the race offers slap or pass, and
/// the move cap is the `cap` parameter.
#[test]
fn actions_are_public_named_and_the_cap_is_the_parameter() {
    use RatscrewAction::*;
    let g = game(3, &[]);
    let s = position(&g, &["79", "7T", "8"]);
    let names: Vec<String> = [Flip, Slap, Pass, Continue, Decline]
        .iter()
        .map(|a| a.to_string())
        .collect();
    assert_eq!(names, ["flip", "slap", "pass", "continue", "decline"]);
    for a in [Flip, Slap, Pass, Continue, Decline] {
        for seat in Seat::all(3) {
            assert_eq!(g.observe_action(&s, a, seat), Some(a));
        }
    }
    let mut out = vec![Decline];
    g.race_actions(&s, Seat::new(1), &mut out);
    assert_eq!(out, [Slap, Pass]);
    assert_eq!(g.move_cap(), Some(100_000));
    assert_eq!(game(2, &["cap=7"]).move_cap(), Some(7));
    assert_eq!(g.players(), 3);
    assert_eq!(game(2, &["decks=2", "jokers=3"]).cards(), 107);
    assert_eq!(g.cards(), 52);
}

/// Ranks and demands: `c % 13` for the standard cards of each deck, the joker above them; a
/// jack demands 1, a queen 2, a king 3, an ace 4, anything else (the joker too) nothing.
#[test]
fn ranks_and_the_demands_of_face_cards() {
    let g = game(2, &["decks=2", "jokers=2"]);
    assert_eq!(g.rank(0), 0);
    assert_eq!(g.rank(22), 9);
    assert_eq!(g.rank(103), 12);
    assert_eq!(g.rank(104), JOKER);
    assert_eq!(g.rank(105), JOKER);
    let one = game(2, &["jokers=1"]);
    assert_eq!(one.rank(51), 12);
    assert_eq!(one.rank(52), JOKER);
    let demands: Vec<u8> = (0..13).map(|c| g.demand(c)).collect();
    assert_eq!(demands, [0, 0, 0, 0, 0, 0, 0, 0, 0, 1, 2, 3, 4]);
    assert_eq!(g.demand(24), 3, "the king of diamonds");
    assert_eq!(g.demand(62), 2, "the second deck's queen of clubs");
    assert_eq!(g.demand(104), 0, "a joker");
}

/// A deal of each variant prints and reads back as the same position; the text names each
/// card (`TS`, `AS'` for the second deck's, `JK2`), `10` reads as `T`, and bad texts are
/// refused: a card twice, a card missing, a stack of the wrong size, a second deck's card or a
/// joker the game does not have.
#[test]
fn the_deal_text_reads_back() {
    use crate::deal_text::{round_trip, DealText};
    for (players, params) in [
        (2, &[][..]),
        (3, &[][..]),
        (5, &["jokers=3"][..]),
        (8, &["decks=2", "jokers=4"][..]),
        (7, &["decks=2"][..]),
    ] {
        let g = game(players, params);
        for seed in 0..4 {
            let s = g.deal(&mut ChaCha8Rng::seed_from_u64(seed));
            let text = round_trip(&g, &s).unwrap_or_else(|e| panic!("{params:?}: {e}"));
            assert!(text.starts_with("stacks: "), "{text}");
            let sizes: Vec<usize> = Seat::all(players).map(|p| s.stacks[p].len()).collect();
            let n = g.cards();
            let want: Vec<usize> = (0..players)
                .map(|i| n / players + usize::from(i < n % players))
                .collect();
            assert_eq!(sizes, want, "dealt one at a time from seat 0");
        }
    }
    // Exact text: the first deck's two of clubs is `2C`, its ace of spades `AS`, the second
    // deck's `AS'`, the jokers `JK` and `JK2`.
    let g = game(2, &["decks=2", "jokers=2"]);
    let mut cards: Vec<Card> = (0..106).collect();
    cards.swap(1, 51);
    cards.swap(2, 103);
    cards.swap(3, 104);
    cards.swap(4, 105);
    cards.swap(5, 8);
    let (a, b) = cards.split_at(53);
    let s = g.position(&[a, b]);
    let text = g.print_deal(&s);
    assert!(
        text.starts_with("stacks: 2C AS AS' JK JK2 TC 8C 9C 7C "),
        "{text}"
    );
    assert!(text.contains(" / "), "{text}");
    assert_eq!(g.parse_deal(&text).unwrap(), s);
    let lower = text.replace("TC", "10C").to_lowercase();
    assert_eq!(g.parse_deal(&lower).unwrap(), s, "10C and lower case read");
    for (bad, why) in [
        (text.replace("AS'", "AS"), "a card twice"),
        (text.replace("JK2", "JK3"), "a joker the game has not"),
        (text.replace("JK2", "JK5"), "no such joker"),
        (text.replace("2C", "1C"), "no such rank"),
        (text.replace("2C", "2X"), "no such suit"),
        (text.replace("2C", "2CC"), "a long token"),
        (text.replacen("2C ", "", 1), "a card missing"),
    ] {
        assert!(g.parse_deal(&bad).is_err(), "{why}: {bad}");
    }
    let missing = g
        .parse_deal(&text.replacen("2C ", "", 1))
        .unwrap_err()
        .to_string();
    assert!(
        missing.contains("1 card(s) missing, the first 2C"),
        "{missing}"
    );
    // One deck: no second deck's cards, no jokers; a stack one card too long is refused.
    let g = game(2, &[]);
    let s = g.deal(&mut ChaCha8Rng::seed_from_u64(9));
    let text = g.print_deal(&s);
    let first = text.split_whitespace().nth(1).unwrap().to_string();
    let primed = g
        .parse_deal(&text.replacen(&first, &format!("{first}'"), 1))
        .unwrap_err()
        .to_string();
    assert!(
        primed.contains(&format!("\"{first}'\" is not a card of this game")),
        "{primed}"
    );
    let moved = text.replacen(&format!("{first} "), "", 1) + " " + &first;
    assert!(g.parse_deal(&moved).is_err(), "27 and 25 cards: {moved}");
    let g = game(2, &["jokers=1"]);
    let s = g.deal(&mut ChaCha8Rng::seed_from_u64(9));
    assert!(g.print_deal(&s).contains("JK"));
    assert!(!g.print_deal(&s).contains("JK2"));
}

/// The record lists' notation: numerals dealt in order (2C 3C ... TC 2D ...), the k-th copy
/// of a penalty rank of suit C, D, H, S in turn; refused unless the game is
/// Beggar-my-neighbour, and for a fifth ace, a 37th numeral or another letter.
#[test]
fn the_record_notation_deals_numerals_and_penalty_cards_in_order() {
    use crate::deal_text::DealText;
    let g = game(2, &["slaps=false"]);
    let mut full = String::from("A-K-Q-J---AAAKKKQQQJJJ----/");
    full += &"-".repeat(26);
    // 26 + 26 cards: A K Q J, three more aces, kings, queens and jacks, 36 numerals.
    let s = g.parse_deal(&full).unwrap();
    let text = g.print_deal(&s);
    assert!(
        text.starts_with("stacks: AC 2C KC 3C QC 4C JC 5C 6C 7C AD AH AS KD KH KS QD QH QS JD JH JS 8C 9C TC 2D / 3D "),
        "{text}"
    );
    assert!(text.ends_with(" TS"), "{text}");
    for (bad, why, says) in [
        (
            full.replacen('-', "A", 1),
            "a fifth ace",
            "more than four As",
        ),
        (full.replacen('A', "-", 1), "a 37th numeral", "36 numerals"),
        (
            full.replacen('-', "X", 1),
            "another letter",
            "'X' is not A, K, Q, J",
        ),
    ] {
        let e = g.parse_deal(&bad).unwrap_err().to_string();
        assert!(e.contains(says), "{why}: {e}");
    }
    for params in [
        &[][..],
        &["slaps=false", "decks=2"],
        &["slaps=false", "jokers=1"],
    ] {
        let e = game(2, params).parse_deal(&full).unwrap_err().to_string();
        assert!(e.contains("is for Beggar-my-neighbour"), "{params:?}: {e}");
    }
}

/// The statistics are, in the order `INFO.stats` names them, the game's counters, the cycle
/// flag and the record lists' counts: here a declined challenge (a challenge pile), then a
/// game to its end whose last pile holds six cards (the last trick).
#[test]
fn stats_count_flips_piles_and_the_record_counts() {
    let g = game(3, &["slaps=false"]);
    let mut s = position(&g, &["Q55", "2", "8JT"]);
    let mut rng = ChaCha8Rng::seed_from_u64(0);
    g.apply(&mut s, RatscrewAction::Flip, &mut rng);
    g.apply(&mut s, RatscrewAction::Flip, &mut rng);
    g.apply(&mut s, RatscrewAction::Decline, &mut rng);
    assert_eq!(s.public.counts, [2, 0, 0, 1, 0]);
    // 0: 5, 2: 8, 0: 5, 2: J, 0: Q (challenging 2 for two), 2: T and out: 0 takes all six.
    while g.to_move(&s) != ToMove::Over {
        g.apply(&mut s, RatscrewAction::Flip, &mut rng);
    }
    assert_eq!(s.public.last_pile, 6);
    let mut stats = Vec::new();
    g.stats(&s, &mut stats);
    assert_eq!(stats.len(), Ratscrew::INFO.stats.len());
    assert_eq!(stats, [8.0, 0.0, 0.0, 1.0, 0.0, 0.0, 8.0, 2.0, 0.0]);
    let o = g.outcome(&s).unwrap();
    assert_eq!(
        Seat::all(3).map(|p| o[p].place).collect::<Vec<_>>(),
        [1, 3, 2]
    );

    // Slaps: seat 2, out, slaps back in on a pair of fours (as in
    // `players_out_slap_back_in_and_a_false_slap_bars_them`); then seat 0 slaps the lone
    // card seat 2 leads, falsely.
    let g = game(3, &[]);
    let mut s = position(&g, &["7245", "8346", "5"]);
    for _ in 0..6 {
        flip_until_choice(&g, &mut s);
        race(&g, &mut s, &[]);
    }
    flip_until_choice(&g, &mut s);
    race(&g, &mut s, &[(2, RatscrewAction::Slap, 0.2)]);
    flip_until_choice(&g, &mut s);
    race(&g, &mut s, &[(0, RatscrewAction::Slap, 0.2)]);
    g.stats(&s, &mut stats);
    assert_eq!(stats[..5], [8.0, 1.0, 1.0, 0.0, 1.0]);
    let g = game(2, &["slaps=false"]);
    let mut s = position(
        &g,
        &["---K---Q-KQAJ-----AAJ--J--", "----------Q----KQ-J-----KA"],
    );
    while g.to_move(&s) != ToMove::Over {
        g.apply(&mut s, RatscrewAction::Flip, &mut rng);
    }
    g.stats(&s, &mut stats);
    assert_eq!(stats[5], 1.0);
    assert_eq!(stats[8], 62.0);
    assert_eq!(stats[0], f64::from(s.public.counts[0]));
    assert_eq!(stats[3], f64::from(s.public.counts[3]));
}

/// With slaps on the game is not deterministic, so a position repeated at a taken pile is no
/// cycle and no draw: a player who slaps his own joker twice takes the same-sized pile back
/// each time and plays on.
#[test]
fn with_slaps_on_a_repeated_position_is_no_draw() {
    let g = game(2, &["jokers=2"]);
    let mut s = g.position(&[&[52, 53, 2], &[3, 4]]);
    for _ in 0..2 {
        flip_until_choice(&g, &mut s);
        race(&g, &mut s, &[(0, RatscrewAction::Slap, 0.1)]);
        assert_eq!(s.public.turn, Seat::new(0));
        assert_eq!(s.stacks[Seat::new(0)].len(), 3);
    }
    assert!(!s.public.over && !g.cycled(&s));
    assert_eq!(g.to_move(&s), ToMove::Seat(Seat::new(0)));
    assert_eq!(s.public.counts[1], 2);
}

/// Broken positions are refused, each for one reason only: a card twice, a card outside the
/// pack, a card missing, a player out holding cards, a barred player in, a game over with two
/// players in, a running game with one, a player out to move.
#[test]
fn broken_positions_fail_the_invariants() {
    let g = game(3, &["slaps=false"]);
    let mut good = position(&g, &["2345", "6789", "T"]);
    let all: Vec<Card> = (0..52).collect();
    // The 43 cards the position lacks go to the bottom of seat 0's stack.
    let held: Vec<Card> = Seat::all(3).flat_map(|p| good.stacks[p].iter()).collect();
    for &c in all.iter().filter(|c| !held.contains(c)) {
        good.stacks[Seat::new(0)].push_bottom(c);
    }
    let mut rng = ChaCha8Rng::seed_from_u64(0);
    for _ in 0..5 {
        g.apply(&mut good, RatscrewAction::Flip, &mut rng);
    }
    assert!(good.public.out.contains(Seat::new(2)));
    assert!(!good.public.centre.is_empty());
    g.check_invariants(&good).unwrap();
    let mut cycled = good.clone();
    cycled.public.over = true;
    cycled.public.cycle = true;
    g.check_invariants(&cycled)
        .expect("a cycle ends a game with two players in");

    let with_stack = |f: &dyn Fn(&mut Vec<Card>)| {
        let mut s = good.clone();
        let mut cards: Vec<Card> = s.stacks[Seat::new(0)].iter().collect();
        f(&mut cards);
        s.stacks[Seat::new(0)] = Stack::from_top(&cards);
        s
    };
    let other = good.stacks[Seat::new(1)].get(0);
    let twice = with_stack(&|c| c[0] = other);
    let outside = with_stack(&|c| c[0] = 60);
    let missing = with_stack(&|c| {
        c.pop();
    });
    let mut out_with_cards = good.clone();
    let c = out_with_cards.stacks[Seat::new(0)].pop_top().unwrap();
    out_with_cards.stacks[Seat::new(2)].push_top(c);
    let mut barred_in = good.clone();
    barred_in.public.barred = SeatMask(1);
    let mut over_two_in = good.clone();
    over_two_in.public.over = true;
    let mut one_in = good.clone();
    while let Some(c) = one_in.stacks[Seat::new(1)].pop_top() {
        one_in.stacks[Seat::new(0)].push_bottom(c);
    }
    one_in.public.out.0 |= 2;
    let mut out_to_move = good.clone();
    out_to_move.public.turn = Seat::new(2);
    for (s, why) in [
        (twice, "twice"),
        (outside, "out of range"),
        (missing, "cards of"),
        (out_with_cards, "is out with cards"),
        (barred_in, "barred"),
        (over_two_in, "over without"),
        (one_in, "fewer than two"),
        (out_to_move, "out is to move"),
    ] {
        let e = g.check_invariants(&s).expect_err(why);
        assert!(e.contains(why), "{why}: {e}");
    }
}

/// A determinization keeps everything public and each stack's size, and deals the stacks
/// exactly the cards not in the centre.
#[test]
fn determinization_deals_the_unseen_cards_in_the_stacks_sizes() {
    let g = game(3, &["jokers=2"]);
    let mut rng = ChaCha8Rng::seed_from_u64(4);
    let mut s = g.deal(&mut rng);
    for _ in 0..9 {
        flip_until_choice(&g, &mut s);
        if let ToMove::Race(_) = g.to_move(&s) {
            race(&g, &mut s, &[]);
        }
    }
    assert!(s.public.centre.len() >= 3);
    let mut unseen: Vec<Card> = (0..54)
        .filter(|&c| !s.public.centre.iter().any(|x| x == c))
        .collect();
    unseen.sort_unstable();
    for seat in Seat::all(3) {
        let obs = g.observe(&s, seat);
        assert_eq!(obs.seat, seat);
        let d = g.determinize(&obs, &mut rng);
        assert_eq!(d.public, s.public);
        let mut dealt: Vec<Card> = Vec::new();
        for p in Seat::all(3) {
            assert_eq!(d.stacks[p].len(), s.stacks[p].len());
            assert_eq!(usize::from(obs.sizes[p]), s.stacks[p].len());
            dealt.extend(d.stacks[p].iter());
        }
        dealt.sort_unstable();
        assert_eq!(dealt, unseen);
        g.check_invariants(&d).unwrap();
    }
}

/// Brent's search compares position hashes: positions equal up to which numeral is where
/// (they play alike for ever with slaps off) hash alike; one face card's demand (a jack for a
/// numeral, a queen for a jack), a card moved to another stack, the seat to lead or a player
/// out tell them apart.
#[test]
fn the_position_hash_tells_apart_what_can_change_the_play() {
    let g = game(3, &["slaps=false"]);
    let base = position(&g, &["2J5", "34", "6"]);
    let h = |s: &RatscrewState| g.position_hash(s);
    assert_eq!(h(&base), h(&position(&g, &["7J8", "9T", "5"])));
    let mut lead = base.clone();
    lead.public.turn = Seat::new(1);
    let mut out = base.clone();
    out.public.out = SeatMask(4);
    let others = [
        position(&g, &["275", "34", "6"]),
        position(&g, &["2Q5", "34", "6"]),
        position(&g, &["2J", "534", "6"]),
        lead,
        out,
    ];
    for (i, s) in others.iter().enumerate() {
        assert_ne!(h(&base), h(s), "{i}");
    }
}

/// The hash has no collisions in practice: over 100,000 random deals, as many distinct hashes
/// as distinct positions (stacks as demands, seat to lead). A hash with a few tens of bits
/// of spread would collide here (the birthday bound) and could end a finite game as a cycle.
#[test]
fn the_position_hash_does_not_collide_over_many_deals() {
    use std::collections::HashSet;
    let g = game(2, &["slaps=false"]);
    let mut rng = ChaCha8Rng::seed_from_u64(11);
    let (mut keys, mut hashes) = (HashSet::new(), HashSet::new());
    for _ in 0..100_000 {
        let s = g.deal(&mut rng);
        let key: Vec<u8> = Seat::all(2)
            .flat_map(|p| s.stacks[p].iter().map(|c| g.demand(c)).chain([9]))
            .collect();
        keys.insert(key);
        hashes.insert(g.position_hash(&s));
    }
    assert!(keys.len() > 99_000, "{}", keys.len());
    assert_eq!(hashes.len(), keys.len());
}
