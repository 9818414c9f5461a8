use super::position::{id, Layout, Pos};
use super::*;
use cardsim_engine::games::seahaven::COLUMNS;
use cardsim_engine::{Card, Rank, Suit};
use rand::seq::{IndexedRandom, SliceRandom};
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use std::collections::{HashMap, HashSet, VecDeque};

/// Freecell Solver's verdicts (`fc-solve -g seahaven -l as`, version 5.0.0) for deals
/// 1..=2000 of this toolkit, written out with `cardsim solve --boards-out`: `true` = solved,
/// `false` = "I could not solve this game" (its search space exhausted).
fn fc_solve_verdicts() -> Vec<bool> {
    include_str!("fc_solve_verdicts.txt")
        .lines()
        .filter(|line| !line.starts_with('#'))
        .flat_map(str::chars)
        .map(|c| match c {
            'S' => true,
            'U' => false,
            _ => panic!("bad verdict letter {c:?}"),
        })
        .collect()
}

/// A position with the cards' order of columns and of towers forgotten.
type Canonical = (Vec<Vec<Card>>, Vec<Card>, [u8; 4]);

fn canonical(b: &Board) -> Canonical {
    let mut cols: Vec<Vec<Card>> = b
        .columns()
        .iter()
        .map(|c| c.to_vec())
        .filter(|c| !c.is_empty())
        .collect();
    cols.sort();
    let mut towers: Vec<Card> = b.towers().iter().flatten().copied().collect();
    towers.sort();
    (cols, towers, Suit::ALL.map(|s| b.foundation(s)))
}

/// The reference: breadth-first search over every legal single-card move of the engine, no
/// reduction at all. Returns the fewest moves to a win, or `None` if none is reachable.
fn brute_force(board: &Board, max_states: usize) -> Option<Option<usize>> {
    let mut seen: HashSet<Canonical> = HashSet::new();
    let mut queue = VecDeque::from([(board.clone(), 0usize)]);
    seen.insert(canonical(board));
    let mut legal = Vec::new();
    while let Some((b, d)) = queue.pop_front() {
        if b.is_won() {
            return Some(Some(d));
        }
        b.legal_moves(&mut legal);
        for &m in &legal {
            let mut c = b.clone();
            c.play(m).unwrap();
            if seen.insert(canonical(&c)) {
                if seen.len() > max_states {
                    return None;
                }
                queue.push_back((c, d + 1));
            }
        }
    }
    Some(None)
}

fn replay_wins(board: &Board, moves: &[Move]) -> bool {
    let mut b = board.clone();
    moves.iter().all(|&m| b.play(m).is_ok()) && b.is_won()
}

/// A random endgame: `in_play` cards left (the foundations of the other cards chosen at
/// random), dealt at random into `1..=3` columns and up to four towers, so that towers are
/// scarce and some endgames are lost.
fn random_endgame(rng: &mut ChaCha8Rng, in_play: usize) -> Board {
    loop {
        let mut found = [0u8; 4];
        let mut left = 52 - in_play;
        while left > 0 {
            let s = rng.random_range(0..4);
            if found[s] < 13 {
                found[s] += 1;
                left -= 1;
            }
        }
        let mut cards: Vec<Card> = Suit::ALL
            .iter()
            .flat_map(|&s| {
                (found[s.index()] + 1..=13)
                    .map(move |n| Card::new(Rank::from_number(n).unwrap(), s))
            })
            .collect();
        cards.shuffle(rng);
        let towers_n = rng.random_range(0..=4.min(cards.len()));
        let mut towers = [None; 4];
        for t in towers.iter_mut().take(towers_n) {
            *t = cards.pop();
        }
        let used = rng.random_range(1..=3);
        let mut columns: [Vec<Card>; COLUMNS] = Default::default();
        for c in cards {
            columns[rng.random_range(0..used)].push(c);
        }
        if let Ok(b) = Board::from_parts(&columns, towers, found) {
            return b;
        }
    }
}

#[test]
fn deals_agree_with_freecell_solver() {
    for (i, &solvable) in fc_solve_verdicts().iter().enumerate().take(40) {
        let n = i as u64 + 1;
        let board = Board::deal_number(n);
        let s = solve(&board, &SolverConfig::default());
        let want = if solvable {
            Verdict::Solved
        } else {
            Verdict::Unsolvable
        };
        assert_eq!(s.verdict, want, "deal {n}");
        if s.verdict == Verdict::Solved {
            assert!(
                replay_wins(&board, &s.moves),
                "deal {n}: the line does not win"
            );
            assert!(s.moves.len() >= 52);
        } else {
            assert!(s.moves.is_empty());
        }
        assert!(s.states <= s.nodes + 1 && s.table_bytes >= 16 * s.states as usize);
    }
}

#[test]
fn two_thousand_deals_agree_with_freecell_solver() {
    // One solver for every deal, as a census runs: its buffers, kept from deal to deal, must
    // not change any answer (checked against a fresh solver on every 50th deal).
    let verdicts = fc_solve_verdicts();
    assert_eq!(verdicts.len(), 2000);
    assert_eq!(verdicts.iter().filter(|&&v| v).count(), 1777);
    let mut solver = Solver::new();
    for (i, &solvable) in verdicts.iter().enumerate() {
        let n = i as u64 + 1;
        let board = Board::deal_number(n);
        let s = solver.solve(&board, &SolverConfig::default());
        assert_eq!(s.verdict == Verdict::Solved, solvable, "deal {n}");
        assert_ne!(s.verdict, Verdict::Limit, "deal {n}");
        if n % 50 == 0 {
            let fresh = Solver::new().solve(&board, &SolverConfig::default());
            assert_eq!(
                (fresh.verdict, fresh.nodes),
                (s.verdict, s.nodes),
                "deal {n}"
            );
            assert_eq!(fresh.moves, s.moves, "deal {n}");
        }
    }
}

#[test]
fn endgames_agree_with_brute_force() {
    // Lost endgames are rarer than won ones, so the sample is balanced: positions are drawn
    // until 60 of each verdict (by the solver) are in, and each of those is checked by the
    // reference.
    let mut rng = ChaCha8Rng::seed_from_u64(11);
    let (mut solved, mut unsolvable, mut drawn) = (0, 0, 0);
    while (solved < 60 || unsolvable < 60) && drawn < 20_000 {
        drawn += 1;
        let in_play = rng.random_range(8..=13);
        let board = random_endgame(&mut rng, in_play);
        let s = solve(&board, &SolverConfig::default());
        let wanted = match s.verdict {
            Verdict::Solved => solved < 60,
            // Lost with at least a few moves to try, not merely stuck.
            Verdict::Unsolvable => unsolvable < 60 && s.nodes >= 3,
            Verdict::Limit => panic!("no budget was given"),
        };
        if !wanted {
            continue;
        }
        let Some(truth) = brute_force(&board, 30_000) else {
            continue;
        };
        match truth {
            Some(fewest) => {
                assert_eq!(s.verdict, Verdict::Solved, "draw {drawn}\n{board}");
                assert!(replay_wins(&board, &s.moves), "draw {drawn}\n{board}");
                assert!(
                    s.moves.len() >= fewest,
                    "draw {drawn}: shorter than the shortest line"
                );
                solved += 1;
            }
            None => {
                assert_eq!(s.verdict, Verdict::Unsolvable, "draw {drawn}\n{board}");
                unsolvable += 1;
            }
        }
    }
    assert!(
        solved == 60 && unsolvable == 60,
        "solved {solved}, unsolvable {unsolvable} in {drawn} draws"
    );
}

/// All four towers hold queens whose kings are buried, and every needed card (the aces, 6C,
/// 7D, 4S, ...) is covered. Only two moves exist, 5D onto 6D and 8S onto 9S; they uncover 9C
/// and JS, which have nowhere to go, so the whole game has four positions and no win.
const UNSOLVABLE: &str = "\
Foundations: H-0 C-0 D-0 S-0
Freecells: QH QS QD QC
2C 3C 4C 7D 5C
6C 7C 8C 9C 5D
TC JC KC AC 3S
2D 3D 4D KH 6D
8D 9D TD 5H JD
KD AD 3H 2S 4H
7H 8H 9H TH JH
AH 2H 6H KS 6S
4S 5S 7S 9S
TS AS JS 8S
";

#[test]
fn a_hand_made_dead_end_is_proven_unsolvable() {
    let board: Board = UNSOLVABLE.parse().unwrap();
    let mut legal = Vec::new();
    board.legal_moves(&mut legal);
    let legal: Vec<String> = legal.iter().map(|m| m.to_string()).collect();
    assert_eq!(legal, ["5D c2-c4", "8S c10-c9"]);
    assert_eq!(
        brute_force(&board, 1_000_000),
        Some(None),
        "the reference finds no win"
    );
    let s = solve(&board, &SolverConfig::default());
    assert_eq!(s.verdict, Verdict::Unsolvable);
    assert_eq!(
        (s.nodes, s.states),
        (4, 4),
        "both orders of the two moves, one shared end"
    );
}

/// Three spades left in one column, king on top, queen under it, jack at the bottom: the
/// king must move (1), then the queen (1), then the three go home (3): 5 moves, no fewer.
const NEAR_WON: &str = "\
Foundations: H-K C-K D-K S-T
Freecells: - - - -
JS QS KS
:
:
:
:
:
:
:
:
:
";

#[test]
fn a_near_won_board_is_solved_in_its_known_number_of_moves() {
    let board: Board = NEAR_WON.parse().unwrap();
    assert_eq!(brute_force(&board, 10_000), Some(Some(5)));
    let s = solve(&board, &SolverConfig::default());
    assert_eq!(s.verdict, Verdict::Solved);
    assert_eq!(s.moves.len(), 5, "{:?}", s.moves);
    assert!(replay_wins(&board, &s.moves));
    // A won board is solved with no move at all.
    let mut won = board.clone();
    for m in &s.moves {
        won.play(*m).unwrap();
    }
    let s = solve(&won, &SolverConfig::default());
    assert_eq!((s.verdict, s.moves.len()), (Verdict::Solved, 0));
}

#[test]
fn budgets_give_limit() {
    // Deal 1 needs thousands of positions (and is solvable).
    let board = Board::deal_number(1);
    let s = solve(&board, &SolverConfig::default().max_nodes(Some(20)));
    assert_eq!(s.verdict, Verdict::Limit);
    assert!(s.moves.is_empty());
    assert_eq!(s.nodes, 20);
    let s = solve(
        &board,
        &SolverConfig::default().timeout(Some(Duration::ZERO)),
    );
    assert!(s.verdict == Verdict::Limit || s.nodes < 1024, "{s:?}");
    assert_eq!(Verdict::Unsolvable.to_string(), "unsolvable");
}

#[test]
fn packed_positions_follow_the_engine_and_keys_are_canonical() {
    // Random walks of single-card engine moves, mirrored on the packed position: the packed
    // position rebuilds the engine's board (up to column and tower order), and two positions
    // share a key exactly when they are equal up to that order.
    let mut rng = ChaCha8Rng::seed_from_u64(5);
    let mut legal = Vec::new();
    for deal in 0..30 {
        let root = Board::deal_number(deal);
        let l = Layout::new(&root);
        let mut by_key: HashMap<u128, Canonical> = HashMap::new();
        let mut b = root.clone();
        let mut p = Pos::new(&l, &root);
        for _ in 0..400 {
            assert_eq!(canonical(&p.rebuild_board(&l)), canonical(&b));
            let key = p.key(&l);
            assert_ne!(key, 0);
            if let Some(prev) = by_key.insert(key, canonical(&b)) {
                assert_eq!(
                    prev,
                    canonical(&b),
                    "deal {deal}: two positions share a key"
                );
            }
            b.legal_moves(&mut legal);
            let Some(&m) = legal.choose(&mut rng) else {
                break;
            };
            let from = match m.from {
                Spot::Column(c) => c,
                _ => TOWER,
            };
            let to = match m.to {
                Spot::Column(c) => c,
                Spot::Tower(_) => TOWER,
                Spot::Foundation => HOME,
            };
            b.play(m).unwrap();
            p.apply(
                &l,
                SMove {
                    card: id(m.card),
                    from,
                    to,
                },
            );
        }
        let distinct: HashSet<&Canonical> = by_key.values().collect();
        assert_eq!(distinct.len(), by_key.len());
    }
}

#[test]
fn column_order_does_not_change_the_key() {
    // The same king put down in two different empty columns gives one key.
    let board: Board = NEAR_WON.parse().unwrap();
    let l = Layout::new(&board);
    let ks = id("KS".parse().unwrap());
    let mut a = Pos::new(&l, &board);
    let mut b = a;
    a.apply(
        &l,
        SMove {
            card: ks,
            from: 0,
            to: 3,
        },
    );
    b.apply(
        &l,
        SMove {
            card: ks,
            from: 0,
            to: 8,
        },
    );
    assert_eq!(a.key(&l), b.key(&l));
    // ... and differs from the king in a tower.
    let mut c = Pos::new(&l, &board);
    c.apply(
        &l,
        SMove {
            card: ks,
            from: 0,
            to: TOWER,
        },
    );
    assert_ne!(a.key(&l), c.key(&l));
}
