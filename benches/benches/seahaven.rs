//! Seahaven Towers: the exact solver deciding a fixed list of deals, move generation, and a
//! heuristic game.

use cardsim_agents::games::seahaven::solver::{solve, SolverConfig, Verdict};
use cardsim_agents::games::seahaven::SeahavenHeuristic;
use cardsim_agents::Agent;
use cardsim_engine::games::seahaven::{Board, Seahaven};
use cardsim_engine::{Game, ToMove};
use criterion::{black_box, criterion_group, criterion_main, Criterion, Throughput};
use rand::SeedableRng;

/// Deals 1 to 40 and Freecell Solver's verdicts for them (S solvable, U not), so the bench
/// cannot time a solver that answers wrongly.
const VERDICTS: &str = "SSSUUSSSSSSSUSSSSSSSSSSSUSUSSSSSSSSSSSSS";

fn decide_all(boards: &[Board]) -> usize {
    let config = SolverConfig::default();
    let mut solved = 0;
    for (b, want) in boards.iter().zip(VERDICTS.chars()) {
        let v = solve(black_box(b), &config).verdict;
        let expected = if want == 'S' {
            Verdict::Solved
        } else {
            Verdict::Unsolvable
        };
        assert_eq!(v, expected);
        solved += (v == Verdict::Solved) as usize;
    }
    solved
}

fn heuristic_game(game: &Seahaven, deal: u64) -> u8 {
    let mut agent = SeahavenHeuristic::default();
    let mut state = game.from_board(Board::deal_number(deal));
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(deal);
    let mut legal = Vec::new();
    while let ToMove::Seat(seat) = game.to_move(&state) {
        game.legal_actions(&state, &mut legal);
        let m = agent.choose(game, seat, &state, &legal, &mut rng);
        game.apply(&mut state, m, &mut rng);
    }
    state.board.home()
}

fn bench(c: &mut Criterion) {
    let boards: Vec<Board> = (1..=VERDICTS.len() as u64)
        .map(Board::deal_number)
        .collect();
    assert_eq!(decide_all(&boards), VERDICTS.matches('S').count());
    let mut group = c.benchmark_group("seahaven");
    group.sample_size(20);
    group.throughput(Throughput::Elements(boards.len() as u64));
    group.bench_function("solve_deals_1_to_40", |b| b.iter(|| decide_all(&boards)));

    let mut moves = Vec::new();
    boards[0].legal_moves(&mut moves);
    let root_moves = moves.len();
    assert!(root_moves > 0);
    group.throughput(Throughput::Elements(boards.len() as u64));
    group.bench_function("legal_moves_40_deals", |b| {
        b.iter(|| {
            let mut n = 0;
            for board in &boards {
                black_box(board).legal_moves(&mut moves);
                n += moves.len();
            }
            n
        })
    });

    let game = Seahaven::default();
    // Deal 2 is won by the heuristic (all 52 cards home): guards against a broken agent.
    assert_eq!(heuristic_game(&game, 2), 52);
    group.throughput(Throughput::Elements(1));
    group.bench_function("heuristic_game_deal_2", |b| {
        b.iter(|| heuristic_game(&game, black_box(2)))
    });
    group.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
