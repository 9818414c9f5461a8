//! The files of a run of many chunks of games (per-game CSV, summary, records) are the same
//! bytes for any thread count.

use cardsim_agents::split_specs;
use cardsim_engine::Params;
use cardsim_sim::{find_game, Request, SimConfig};
use std::path::Path;

/// Runs 2,500 one-deal Bridge games with `threads` threads into `dir`; returns the three
/// files' contents.
fn run(dir: &Path, threads: usize) -> [Vec<u8>; 3] {
    let path = |name: &str| dir.join(format!("{threads}-{name}"));
    let request = Request {
        params: Params::parse(&["scoring=deal"]).unwrap(),
        agents: split_specs("heuristic,random,random,heuristic").unwrap(),
        config: SimConfig::default()
            .games(2500)
            .seed(8)
            .threads(threads)
            .quiet(true),
        out: Some(path("games.csv")),
        summary: Some(path("summary.csv")),
        records: Some(path("records.jsonl")),
        ..Request::default()
    };
    let report = (find_game("bridge").unwrap().simulate)(&request).unwrap();
    assert_eq!(report.games, 2500);
    ["games.csv", "summary.csv", "records.jsonl"].map(|f| std::fs::read(path(f)).unwrap())
}

#[test]
fn a_run_of_many_chunks_writes_the_same_bytes_for_any_thread_count() {
    // 256 games a chunk per thread: 5 chunks at 2 threads, 4 at 3, 3 at 4.
    let dir = tempfile::tempdir().unwrap();
    let one = run(dir.path(), 1);
    let games = String::from_utf8(one[0].clone()).unwrap();
    assert_eq!(games.lines().count(), 1 + 2500 * 4);
    let records = String::from_utf8(one[2].clone()).unwrap();
    assert_eq!(records.lines().count(), 2500);
    for threads in [2, 3, 4] {
        assert!(run(dir.path(), threads) == one, "{threads} threads");
    }
}
