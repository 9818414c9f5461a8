//! Bad input gets one clear line and exit 2, or bounded work, never a crash (issue #22): counts
//! no run can hold, empty or impossible records, shards edited after their run, and the PBN
//! files cardsim itself writes.

use std::path::Path;
use std::process::{Command, Output};

fn cardsim_in(dir: &Path, args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_cardsim"))
        .args(args)
        .current_dir(dir)
        .output()
        .expect("cardsim runs")
}

fn stderr(o: &Output) -> String {
    String::from_utf8_lossy(&o.stderr).into_owned()
}

/// Runs `args` in `dir` and asserts success.
fn ok(dir: &Path, args: &[&str]) -> Output {
    let o = cardsim_in(dir, args);
    assert!(o.status.success(), "{args:?}: {}", stderr(&o));
    o
}

/// Asserts exit code 2 and a single `error:` line that contains every one of `needles`.
fn refused(dir: &Path, args: &[&str], needles: &[&str]) {
    let o = cardsim_in(dir, args);
    let err = stderr(&o);
    assert_eq!(o.status.code(), Some(2), "{args:?}: {err}");
    assert_eq!(err.lines().count(), 1, "{args:?}: one line: {err}");
    assert!(err.starts_with("error: "), "{err}");
    for n in needles {
        assert!(err.contains(n), "{args:?}: {err:?} lacks {n:?}");
    }
}

/// Regression: `tournament --games 1000000000000000000` aborted allocating 4 EB. Every count
/// option refuses what no run can hold, before any work.
#[test]
fn counts_no_run_can_hold_are_refused() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    let huge = "1000000000000000000";
    let cases: &[(&[&str], &[&str])] = &[
        (
            &[
                "tournament",
                "--game",
                "trash",
                "--agents",
                "random,heuristic",
                "--games",
                huge,
            ],
            &["--games 1000000000000000000 is more than"],
        ),
        (
            &[
                "tournament",
                "--game",
                "trash",
                "--agents",
                "random,heuristic",
                "--games",
                "18446744073709551615",
                "--batch",
                "18446744073709551615",
                "--stop-early",
            ],
            &["is more than"],
        ),
        (
            &["simulate", "--game", "trash", "--games", huge, "--quiet"],
            &["--games 1000000000000000000 is more than"],
        ),
        (
            &["experiment", "trash-seats", "--games", huge],
            &["--games 1000000000000000000 is more than"],
        ),
        (
            &["dd", "--play", huge, "--pbn-out", "x.pbn"],
            &["--play 1000000000000000000 is more than"],
        ),
        (
            &["solve", "--deals", "1-1000000000000000000"],
            &["more than"],
        ),
        (
            &["simulate", "--game", "trash", "--threads", "100000"],
            &["--threads 100000 is too many"],
        ),
        (
            &["dd", "--random", "1", "--threads", "100000"],
            &["too many"],
        ),
        (
            &[
                "tournament",
                "--game",
                "trash",
                "--agents",
                "a,b",
                "--games=-1",
            ],
            &["--games"],
        ),
        (
            &["simulate", "--game", "trash", "--shard", "3/3"],
            &["bad shard"],
        ),
        (
            &[
                "simulate",
                "--game",
                "trash",
                "--shard",
                "0/18446744073709551616",
            ],
            &["bad shard"],
        ),
    ];
    for (args, needles) in cases {
        refused(d, args, needles);
    }
    assert!(!d.join("x.pbn").exists());
}

/// Regression: `replay` of an empty file succeeded.
#[test]
fn replaying_nothing_is_an_error() {
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(dir.path().join("empty.jsonl"), "").unwrap();
    std::fs::write(dir.path().join("blank.jsonl"), "\n  \n").unwrap();
    for f in ["empty.jsonl", "blank.jsonl"] {
        refused(dir.path(), &["replay", f], &[f, "nothing to replay"]);
    }
}

/// Regression: replay accepted races the rules cannot produce. Each race of a recorded
/// Egyptian Ratscrew game is changed in one way, and the record is refused, saying why.
#[test]
fn races_the_rules_cannot_produce_are_refused() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    ok(
        d,
        &[
            "simulate",
            "--game",
            "egyptian-ratscrew",
            "--games",
            "2",
            "--records",
            "r.jsonl",
            "--quiet",
        ],
    );
    let text = std::fs::read_to_string(d.join("r.jsonl")).unwrap();
    let line = text.lines().next().unwrap();
    let record: serde_json::Value = serde_json::from_str(line).unwrap();
    // The first race with two entries or more.
    let moves = record["moves"].as_array().unwrap();
    let k = moves
        .iter()
        .position(|m| m["race"].as_array().is_some_and(|r| r.len() >= 2))
        .expect("a race with two entries");
    let mutate = |change: &dyn Fn(&mut Vec<serde_json::Value>)| -> String {
        let mut r = record.clone();
        change(r["moves"][k]["race"].as_array_mut().unwrap());
        let path = d.join("bad.jsonl");
        std::fs::write(&path, r.to_string() + "\n").unwrap();
        let o = cardsim_in(d, &["replay", "bad.jsonl", "--quiet"]);
        assert_eq!(o.status.code(), Some(2), "{}", stderr(&o));
        stderr(&o)
    };
    let e = mutate(&|race| race.reverse());
    assert!(
        e.contains(&format!("move {k}")) && e.contains("seat order"),
        "{e}"
    );
    let e = mutate(&|race| {
        let first = race[0].clone();
        race.insert(1, first);
    });
    assert!(e.contains("seat order"), "{e}");
    let e = mutate(&|race| {
        race.pop();
    });
    assert!(e.contains("has no entry"), "{e}");
    let e = mutate(&|race| race[0]["reaction"] = serde_json::json!(-0.25));
    assert!(e.contains("not a time"), "{e}");
    let e = mutate(&|race| race[0]["seat"] = serde_json::json!(9));
    assert!(e.contains("seat"), "{e}");
    // JSON has no NaN: a record spelling one is not a record.
    let nan = line.replacen("\"reaction\":", "\"reaction\":NaN,\"x\":", 1);
    std::fs::write(d.join("nan.jsonl"), nan + "\n").unwrap();
    let o = cardsim_in(d, &["replay", "nan.jsonl"]);
    assert_eq!(o.status.code(), Some(2));
    assert!(stderr(&o).contains("not a game record"), "{}", stderr(&o));
    // The record as written still replays.
    ok(d, &["replay", "r.jsonl", "--quiet"]);
}

/// Replaces the first occurrence of `from` in file `path` with `to`.
fn edit(path: &Path, from: &str, to: &str) {
    let text = std::fs::read_to_string(path).unwrap();
    assert!(text.contains(from), "{from:?} in {}", path.display());
    std::fs::write(path, text.replacen(from, to, 1)).unwrap();
}

/// Regression: `merge` accepted a shard whose rows were edited by hand. Every kind of shard
/// carries checksums of its rows and settings, and a shard that does not match them, or has
/// none, is refused by name.
#[test]
fn shards_edited_after_their_run_are_refused() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    for i in 0..2 {
        let shard = format!("{i}/2");
        let out = format!("s{i}.csv");
        ok(
            d,
            &[
                "simulate", "--game", "trash", "--games", "6", "--seed", "3", "--shard", &shard,
                "--out", &out, "--quiet",
            ],
        );
    }
    ok(d, &["merge", "s0.csv", "s1.csv", "--out", "all.csv"]);
    let manifest = std::fs::read_to_string(d.join("s1.csv.shard.json")).unwrap();
    assert!(manifest.contains("\"checksum\""), "{manifest}");
    // A row that still reads as a game: a loser's place changed... to the same kind of number.
    let rows = std::fs::read_to_string(d.join("s1.csv")).unwrap();
    let row = rows.lines().nth(1).unwrap().to_string();
    let mut fields: Vec<String> = row.split(',').map(String::from).collect();
    fields[4] = format!("{}", fields[4].parse::<f64>().unwrap() + 1.0);
    edit(&d.join("s1.csv"), &row, &fields.join(","));
    refused(
        d,
        &["merge", "s0.csv", "s1.csv", "--out", "x.csv"],
        &["s1.csv does not match the checksum", "rerun"],
    );
    std::fs::write(d.join("s1.csv"), rows).unwrap();
    // The settings in the manifest edited.
    edit(
        &d.join("s0.csv.shard.json"),
        "\"rotate\": true",
        "\"rotate\": false",
    );
    refused(
        d,
        &["merge", "s0.csv", "s1.csv", "--out", "x.csv"],
        &["s0.csv.shard.json does not match its checksum"],
    );
    // A manifest of an older cardsim, without checksums.
    let old: String = manifest
        .split("\"checksum\"")
        .next()
        .unwrap()
        .trim_end()
        .trim_end_matches(',')
        .to_string()
        + "\n}";
    std::fs::write(d.join("s1.csv.shard.json"), old).unwrap();
    refused(
        d,
        &["merge", "s1.csv"],
        &["s1.csv.shard.json has no checksums", "rerun shard s1.csv"],
    );
    assert!(!d.join("x.csv").exists());

    // A tournament shard's results edited in its manifest.
    for i in 0..2 {
        let shard = format!("{i}/2");
        let out = format!("t{i}.csv");
        ok(
            d,
            &[
                "tournament",
                "--game",
                "trash",
                "--agents",
                "heuristic,random,ismcts:iters=20",
                "--games",
                "4",
                "--shard",
                &shard,
                "--out",
                &out,
                "--quiet",
            ],
        );
    }
    ok(d, &["merge", "t0.csv", "t1.csv"]);
    edit(
        &d.join("t1.csv.shard.json"),
        "\"stopped_early\": false",
        "\"stopped_early\": true",
    );
    refused(
        d,
        &["merge", "t0.csv", "t1.csv"],
        &["t1.csv.shard.json does not match"],
    );

    // An experiment shard's row edited.
    for i in 0..2 {
        let shard = format!("{i}/2");
        let out = format!("e{i}.csv");
        ok(
            d,
            &[
                "experiment",
                "trash-seats",
                "--games",
                "4",
                "--shard",
                &shard,
                "--out",
                &out,
                "--quiet",
            ],
        );
    }
    ok(d, &["merge", "e0.csv", "e1.csv", "--out", "e.csv"]);
    let rows = std::fs::read_to_string(d.join("e0.csv")).unwrap();
    let row = rows.lines().nth(1).unwrap().to_string();
    let changed = match row.strip_suffix(",1") {
        Some(head) => format!("{head},0"),
        None => format!("{},1", row.rsplit_once(',').unwrap().0),
    };
    edit(&d.join("e0.csv"), &row, &changed);
    refused(
        d,
        &["merge", "e0.csv", "e1.csv", "--out", "e2.csv"],
        &["e0.csv does not match the checksum"],
    );
}

/// Regression: `tournament --game seahaven` (one player) ranked random above heuristic.
#[test]
fn one_player_tournaments_compare_the_agents_on_the_same_deals() {
    let dir = tempfile::tempdir().unwrap();
    let o = ok(
        dir.path(),
        &[
            "tournament",
            "--game",
            "seahaven",
            "--agents",
            "random,heuristic",
            "--games",
            "60",
            "--quiet",
        ],
    );
    let text = String::from_utf8(o.stdout).unwrap();
    assert!(text.contains("one-player game"), "{text}");
    let first = text
        .lines()
        .find(|l| l.trim_start().starts_with("1 "))
        .expect("a rank 1 line");
    assert!(first.contains("heuristic"), "{text}");
}

/// Regression: `dd --pbn-file` could not read what `dd --play --pbn-out` writes (its
/// `[Dealer]` tag was read as a deal, its auction and play sections refused). Everything
/// cardsim writes, cardsim reads: each written deal gets its table.
#[test]
fn dd_reads_the_pbn_it_writes() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    ok(
        d,
        &["dd", "--play", "2", "--pbn-out", "games.pbn", "--seed", "1"],
    );
    let text = std::fs::read_to_string(d.join("games.pbn")).unwrap();
    let written = text.matches("[Deal \"").count();
    assert!(
        written >= 2 && text.contains("[Auction") && text.contains("[Dealer"),
        "{text}"
    );
    let o = ok(
        d,
        &[
            "dd",
            "--pbn-file",
            "games.pbn",
            "--threads",
            "1",
            "--out",
            "dd.csv",
        ],
    );
    let err = stderr(&o);
    assert!(err.starts_with(&format!("{written} deals in")), "{err}");
    let csv = std::fs::read_to_string(d.join("dd.csv")).unwrap();
    assert_eq!(csv.lines().count(), 1 + 20 * written);
    // Each table is of a deal of the file, in order (written from the dealer, tabled from
    // North).
    use cardsim_engine::games::bridge::pbn::Deal;
    let deals: Vec<Deal> = text
        .lines()
        .filter_map(|l| l.strip_prefix("[Deal \"")?.strip_suffix("\"]"))
        .map(|t| t.parse().unwrap())
        .collect();
    let tabled: Vec<Deal> = csv
        .lines()
        .skip(1)
        .step_by(20)
        .map(|l| l.split(',').next().unwrap().parse().unwrap())
        .collect();
    assert_eq!(tabled, deals);
    // A hand PBN marks unknown is refused clearly.
    std::fs::write(
        d.join("unknown.pbn"),
        "[Event \"x\"]\n[Deal \"N:- - - -\"]\n",
    )
    .unwrap();
    refused(
        d,
        &["dd", "--pbn-file", "unknown.pbn"],
        &["unknown.pbn", "N's hand is unknown"],
    );
}

/// `--game` and `--agent` go only with the experiments that take them, never with `--shard`,
/// and name a game of `cardsim list` or an agent the experiment measures: one line, exit 2,
/// before any game is played.
#[test]
fn experiment_filters_are_checked_before_any_work() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    let cases: &[(&[&str], &[&str])] = &[
        (
            &["experiment", "trash-seats", "--game", "euchre"],
            &[
                "trash-seats plays fixed games",
                "--game works with agent-cost, strength",
            ],
        ),
        (
            &["experiment", "trash-seats", "--agent", "ismcts"],
            &[
                "trash-seats plays fixed agents",
                "--agent works with agent-cost",
            ],
        ),
        (
            &[
                "experiment",
                "strength",
                "--game",
                "euchre",
                "--shard",
                "1/2",
                "--out",
                "s.csv",
            ],
            &["--game with --shard: a shard plays a share of every game"],
        ),
        (
            &[
                "experiment",
                "agent-cost",
                "--agent",
                "ismcts",
                "--shard",
                "1/2",
                "--out",
                "s.csv",
            ],
            &["--agent with --shard: a shard plays a share of every agent"],
        ),
        (
            &["experiment", "strength", "--game", "eucher"],
            &["--game: ", "eucher"],
        ),
        (
            &["experiment", "agent-cost", "--agent", "ismtcs"],
            &["--agent: unknown agent \"ismtcs\"; allowed: "],
        ),
    ];
    for (args, needles) in cases {
        refused(d, args, needles);
    }
}
