//! A run split into shards and merged gives the files of the unsplit run, byte for byte; a
//! bad set of shards is refused with a message naming what is wrong, and writes nothing.

use cardsim_agents::split_specs;
use cardsim_engine::Params;
use cardsim_sim::{find_game, merge, Manifest, Report, Request, Shard, SimConfig};
use std::path::{Path, PathBuf};

/// Runs `game` with `agents`, `games` games, whole (`shard` None) or one shard, writing the
/// per-game CSV to `out` (and the summary to `summary`).
fn run(
    game: &str,
    agents: &str,
    params: &[&str],
    config: SimConfig,
    out: &Path,
    summary: Option<&Path>,
) -> Report {
    let request = Request {
        players: None,
        params: Params::parse(params).unwrap(),
        agents: split_specs(agents).unwrap(),
        config: config.threads(2).quiet(true),
        out: Some(out.to_path_buf()),
        summary: summary.map(Path::to_path_buf),
        records: None,
    };
    (find_game(game).unwrap().simulate)(&request).unwrap()
}

/// Splits the run into `count` shards (written in reverse order, to show order does not
/// matter), merges them and compares with the whole run.
fn check_split(game: &str, agents: &str, params: &[&str], config: SimConfig, count: u64) {
    let dir = tempfile::tempdir().unwrap();
    let whole = dir.path().join("whole.csv");
    let whole_summary = dir.path().join("whole-summary.csv");
    let whole_report = run(
        game,
        agents,
        params,
        config.clone(),
        &whole,
        Some(&whole_summary),
    );
    let mut shards: Vec<PathBuf> = Vec::new();
    for index in (0..count).rev() {
        let path = dir.path().join(format!("shard-{index}.csv"));
        let shard = Shard { index, count };
        run(
            game,
            agents,
            params,
            config.clone().shard(Some(shard)),
            &path,
            None,
        );
        shards.push(path);
    }
    let merged = dir.path().join("merged.csv");
    let merged_summary = dir.path().join("merged-summary.csv");
    let report = merge(&shards, Some(&merged), Some(&merged_summary), true).unwrap();
    assert_eq!(report.games, config.games);
    // Every row and every statistic's mean, exactly (the per-game CSV keeps every number).
    assert!(report.rows().eq(whole_report.rows()));
    assert_eq!(report.stat_means(), whole_report.stat_means(), "{game}");
    let read = |p: &Path| std::fs::read(p).unwrap();
    assert!(
        read(&whole) == read(&merged),
        "{game} per-game rows differ after {count} shards"
    );
    assert_eq!(
        String::from_utf8(read(&whole_summary)).unwrap(),
        String::from_utf8(read(&merged_summary)).unwrap(),
        "{game} summary differs after {count} shards"
    );
}

#[test]
fn shards_merge_into_the_unsplit_run() {
    let cfg = SimConfig::default().seed(11);
    // A two-player game, shards of uneven sizes.
    check_split("trash", "heuristic,random", &[], cfg.clone().games(101), 4);
    // A partnership game (team rows) in duplicate (blocks of 2 games are never split).
    let dup = cfg.clone().games(60).duplicate(true);
    check_split(
        "whist",
        "heuristic,random,heuristic,random",
        &["target=1"],
        dup,
        7,
    );
    // Fractions like 1/3 must survive the per-game CSV exactly (Orgy's statistics have them).
    check_split("orgy", "random", &[], cfg.clone().games(200), 3);
    check_split(
        "ninety-nine",
        "heuristic,random,random",
        &[],
        cfg.clone().games(90),
        3,
    );
    // One shard, and as many shards as games.
    check_split("xeri", "heuristic,random", &[], cfg.clone().games(12), 1);
    check_split("xeri", "heuristic,random", &[], cfg.games(12), 12);
}

#[test]
fn any_split_plays_the_same_games() {
    // Shard ranges tile the run, and a duplicate block is never cut.
    for games in [1u64, 7, 100, 1001] {
        for count in 1..=games.min(13) {
            let mut next = 0;
            for index in 0..count {
                let r = Shard { index, count }.range(games, 1);
                assert_eq!(r.start, next);
                next = r.end;
            }
            assert_eq!(next, games);
        }
    }
    for index in 0..5 {
        let r = Shard { index, count: 5 }.range(60, 4);
        assert_eq!((r.start % 4, r.end % 4), (0, 0));
    }
}

/// Writes shards `0..count` of a small Trash run in `dir` and returns their paths.
fn shards(dir: &Path, seed: u64, count: u64) -> Vec<PathBuf> {
    (0..count)
        .map(|index| {
            let path = dir.join(format!("seed{seed}-{index}.csv"));
            let config = SimConfig::default()
                .games(20)
                .seed(seed)
                .shard(Some(Shard { index, count }));
            run("trash", "heuristic,random", &[], config, &path, None);
            path
        })
        .collect()
}

fn merge_error(shards: &[PathBuf], out: &Path) -> String {
    let e = merge(shards, Some(out), None, true)
        .unwrap_err()
        .to_string();
    assert!(!out.exists(), "nothing is written when merging fails: {e}");
    assert!(!e.contains('\n'), "one line: {e}");
    e
}

#[test]
fn bad_shard_sets_are_refused_and_write_nothing() {
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("merged.csv");
    let three = shards(dir.path(), 1, 3);
    let e = merge_error(&three[..2], &out);
    assert!(e.contains("shard 2/3 is missing"), "{e}");
    let twice = [three[0].clone(), three[1].clone(), three[1].clone()];
    assert!(merge_error(&twice, &out).contains("given twice"));
    // A shard of another seed is another run.
    let other = shards(dir.path(), 2, 3);
    let mixed = [three[0].clone(), three[1].clone(), other[2].clone()];
    assert!(merge_error(&mixed, &out).contains("another run"));
    // No manifest.
    std::fs::remove_file(Manifest::path_for(&other[0])).unwrap();
    assert!(merge_error(&other, &out).contains("cannot read"));
    // A corrupt row is named by file and line.
    let text = std::fs::read_to_string(&three[1]).unwrap();
    let mut lines: Vec<String> = text.lines().map(String::from).collect();
    let mut fields: Vec<&str> = lines[3].split(',').collect();
    fields[4] = "lots";
    lines[3] = fields.join(",");
    std::fs::write(&three[1], lines.join("\n") + "\n").unwrap();
    let e = merge_error(&three, &out);
    assert!(
        e.contains("seed1-1.csv line 4") && e.contains("score"),
        "{e}"
    );
    // A truncated shard.
    lines.truncate(3);
    std::fs::write(&three[1], lines.join("\n") + "\n").unwrap();
    let e = merge_error(&three, &out);
    assert!(e.contains("ends at game"), "{e}");
}

#[test]
fn a_shard_needs_its_file_and_a_possible_split() {
    let request = |shard: Shard, games: u64, out: Option<PathBuf>| Request {
        agents: split_specs("random").unwrap(),
        config: SimConfig::default()
            .games(games)
            .quiet(true)
            .shard(Some(shard)),
        out,
        ..Request::default()
    };
    let trash = find_game("trash").unwrap();
    let e = (trash.simulate)(&request(Shard { index: 0, count: 2 }, 10, None))
        .unwrap_err()
        .to_string();
    assert!(e.contains("--shard needs --out"), "{e}");
    let dir = tempfile::tempdir().unwrap();
    let out = Some(dir.path().join("x.csv"));
    let e = (trash.simulate)(&request(
        Shard {
            index: 0,
            count: 11,
        },
        10,
        out,
    ))
    .unwrap_err()
    .to_string();
    assert!(e.contains("at most 10"), "{e}");
    for bad in ["3/3", "1", "a/2", "0/0", "-1/2"] {
        assert!(bad.parse::<Shard>().is_err(), "{bad}");
    }
}
