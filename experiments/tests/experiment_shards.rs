//! `cardsim experiment NAME --shard I/N --out F` and `cardsim merge`: the merged result is
//! byte for byte the unsplit run's, for every experiment and any shard count, and shards that
//! do not make one run are refused in one line, with nothing written.

use std::path::Path;
use std::process::{Command, Output};

fn cardsim(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_cardsim"))
        .args(args)
        .output()
        .expect("cardsim runs")
}

fn ok(args: &[&str]) -> Output {
    let o = cardsim(args);
    assert!(
        o.status.success(),
        "{args:?}: {}",
        String::from_utf8_lossy(&o.stderr)
    );
    o
}

/// Removes what is measured, not computed: the columns named `millis` and `seconds` of a CSV,
/// and the timing clause of the printed table (`ms per deal`, the `seconds` column).
fn untimed(name: &str, text: &str) -> String {
    let mut lines = text.lines();
    let Some(header) = lines.next() else {
        return String::new();
    };
    if name.ends_with(".csv") && header.ends_with(",seconds") {
        // The last column (matchup names may hold quoted commas).
        return std::iter::once(header)
            .chain(lines)
            .map(|l| l.rsplit_once(',').map_or(l, |(a, _)| a).to_string() + "\n")
            .collect();
    }
    if name.ends_with(".csv") {
        let cols: Vec<&str> = header.split(',').collect();
        let keep: Vec<usize> = (0..cols.len())
            .filter(|&i| cols[i] != "millis" && cols[i] != "seconds")
            .collect();
        return std::iter::once(header)
            .chain(lines)
            .map(|l| {
                let f: Vec<&str> = l.split(',').collect();
                let kept: Vec<&str> = keep.iter().filter_map(|&i| f.get(i).copied()).collect();
                kept.join(",") + "\n"
            })
            .collect();
    }
    // Printed tables: the search experiments end each row with its seconds; Seahaven
    // prints its solver times after a `;`.
    let search = header.contains("duplicate deals per matchup");
    std::iter::once(header)
        .chain(lines)
        .map(|l| {
            let l = l.split("; ms per deal").next().unwrap_or(l);
            let l = if search {
                l.trim_end().rsplit_once(' ').map_or(l, |(a, _)| a)
            } else {
                l
            };
            l.trim_end().to_string() + "\n"
        })
        .collect()
}

/// The files of an experiment's result under `dir` with stem `stem`: the result CSV, any
/// files written beside it, and the printed table.
fn result_files(dir: &Path, stem: &str, stdout: &[u8]) -> Vec<(String, String)> {
    let mut files: Vec<(String, String)> = std::fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .filter(|n| n.starts_with(stem) && (n.ends_with(".csv") || n.ends_with(".svg")))
        .map(|n| {
            let text = std::fs::read_to_string(dir.join(&n)).unwrap();
            (n[stem.len()..].to_string(), text)
        })
        .collect();
    files.sort();
    files.push((
        "stdout".into(),
        String::from_utf8_lossy(stdout).into_owned(),
    ));
    files
}

/// Runs `name` whole, then in 2 and in 3 shards merged, and compares every result file (and
/// the printed table) with the whole run's, timings apart; returns the whole run's files.
fn merged_equals_whole(name: &str, games: &str, plot: bool) -> Vec<(String, String)> {
    let dir = tempfile::tempdir().unwrap();
    let p = |f: &str| dir.path().join(f).to_string_lossy().into_owned();
    let common = ["--games", games, "--seed", "3", "--threads", "2", "--quiet"];
    let mut args = vec!["experiment", name, "--out"];
    let whole_out = p("whole.csv");
    args.push(&whole_out);
    args.extend(common);
    let whole_plot = p("whole.svg");
    if plot {
        args.extend(["--plot", &whole_plot]);
    }
    let o = ok(&args);
    let whole = result_files(dir.path(), "whole", &o.stdout);
    assert!(whole.len() >= 2, "{whole:?}");
    for count in [2, 3] {
        let mut shards = Vec::new();
        for i in 0..count {
            let out = p(&format!("s{count}-{i}.csv"));
            let shard = format!("{i}/{count}");
            let mut args = vec!["experiment", name, "--shard", &shard, "--out", &out];
            args.extend(common);
            ok(&args);
            assert!(Path::new(&format!("{out}.shard.json")).exists());
            shards.push(out);
        }
        // Any order of the shard files.
        shards.reverse();
        let stem = format!("merged{count}");
        let out = p(&format!("{stem}.csv"));
        let svg = p(&format!("{stem}.svg"));
        let mut args = vec!["merge"];
        args.extend(shards.iter().map(String::as_str));
        args.extend(["--out", &out, "--quiet"]);
        if plot {
            args.extend(["--plot", &svg]);
        }
        let o = ok(&args);
        let merged = result_files(dir.path(), &stem, &o.stdout);
        assert_eq!(
            merged.iter().map(|f| &f.0).collect::<Vec<_>>(),
            whole.iter().map(|f| &f.0).collect::<Vec<_>>(),
            "{name}: the merge writes the files the whole run writes"
        );
        for ((file, a), (_, b)) in whole.iter().zip(&merged) {
            let timed = a.contains("millis") || a.contains("seconds") || a.contains("ms per deal");
            if timed {
                assert_eq!(
                    untimed(file, a),
                    untimed(file, b),
                    "{name} in {count} shards: {file} differs beyond its timings"
                );
            } else {
                assert_eq!(a, b, "{name} in {count} shards: {file} differs");
            }
        }
    }
    whole
}

#[test]
fn trash_seats_shards_merge_into_the_whole_run() {
    let files = merged_equals_whole("trash-seats", "7", true);
    // The plot is drawn from the merged result too.
    assert!(files.iter().any(|(f, _)| f == ".svg"));
}

#[test]
fn euchre_seats_shards_merge_into_the_whole_run() {
    merged_equals_whole("euchre-seats", "40", false);
}

#[test]
fn reaction_speed_shards_merge_into_the_whole_run() {
    merged_equals_whole("reaction-speed", "5", true);
}

#[test]
fn seahaven_solvability_shards_merge_into_the_whole_run() {
    let files = merged_equals_whole("seahaven-solvability", "7", false);
    // The verdicts and the heuristic's games are written beside the result, merged too.
    let names: Vec<&str> = files.iter().map(|f| f.0.as_str()).collect();
    assert_eq!(names, ["-games.csv", "-verdicts.csv", ".csv", "stdout"]);
}

/// Minutes in the test profile: `cargo test -p cardsim-experiments -- --ignored`.
#[test]
#[ignore]
fn search_experiments_shards_merge_into_the_whole_run() {
    for name in ["trash-search", "whist-search", "bridge-search"] {
        merged_equals_whole(name, "1", true);
    }
}

/// Asserts exit code 2, one `error:` line containing `needle`, and that `out` was not written.
fn refused(args: &[&str], needle: &str, out: &Path) {
    let o = cardsim(args);
    let err = String::from_utf8_lossy(&o.stderr).into_owned();
    assert_eq!(o.status.code(), Some(2), "{args:?}: {err}");
    assert_eq!(err.lines().count(), 1, "{args:?}: one line: {err}");
    assert!(
        err.starts_with("error: ") && err.contains(needle),
        "{err:?} lacks {needle:?}"
    );
    assert!(o.stdout.is_empty(), "{args:?}: nothing on stdout");
    assert!(!out.exists(), "{args:?} wrote {}", out.display());
    let svg = out.with_extension("svg");
    assert!(!svg.exists(), "{args:?} wrote {}", svg.display());
}

#[test]
fn shards_that_do_not_make_one_run_are_refused_and_nothing_is_written() {
    let dir = tempfile::tempdir().unwrap();
    let p = |f: &str| dir.path().join(f).to_string_lossy().into_owned();
    let shard = |exp: &str, seed: &str, i: u64, n: u64, file: &str| {
        let shard = format!("{i}/{n}");
        let out = p(file);
        ok(&[
            "experiment",
            exp,
            "--games",
            "4",
            "--seed",
            seed,
            "--quiet",
            "--shard",
            &shard,
            "--out",
            &out,
        ]);
        out
    };
    let a0 = shard("trash-seats", "1", 0, 2, "a0.csv");
    let a1 = shard("trash-seats", "1", 1, 2, "a1.csv");
    let seed2 = shard("trash-seats", "2", 1, 2, "seed2.csv");
    let three = shard("trash-seats", "1", 1, 3, "three.csv");
    let euchre = shard("euchre-seats", "1", 1, 2, "euchre.csv");
    let sim = p("sim.csv");
    ok(&[
        "simulate", "--game", "trash", "--games", "4", "--quiet", "--shard", "1/2", "--out", &sim,
    ]);
    let out = dir.path().join("merged.csv");
    let o = out.to_string_lossy().into_owned();
    let svg = dir.path().join("merged.svg").to_string_lossy().into_owned();
    for (files, needle) in [
        (vec![&a0], "shard 1/2 is missing"),
        (vec![&a0, &a0, &a1], "shard 0/2 is given twice"),
        (vec![&a0, &seed2], "is a shard of another run"),
        (vec![&a0, &three], "is a shard of another run"),
        (
            vec![&a0, &euchre],
            "is a shard of experiment euchre-seats, not trash-seats",
        ),
        (vec![&a0, &sim], "is not an experiment's shard"),
        (vec![&sim, &a0], "merge the shards of one run at a time"),
    ] {
        let mut args = vec!["merge"];
        args.extend(files.iter().map(|f| f.as_str()));
        args.extend(["--out", &o, "--plot", &svg]);
        refused(&args, needle, &out);
    }
    // A shard file that is not what its manifest says: a row changed, a row dropped.
    let text = std::fs::read_to_string(&a1).unwrap();
    let bad = p("bad.csv");
    std::fs::copy(format!("{a1}.shard.json"), format!("{bad}.shard.json")).unwrap();
    let mut lines: Vec<&str> = text.lines().collect();
    let changed = lines[2].replacen(',', ",x", 2);
    lines[2] = &changed;
    std::fs::write(&bad, lines.join("\n") + "\n").unwrap();
    refused(&["merge", &a0, &bad, "--out", &o], "bad.csv line 3", &out);
    let mut lines: Vec<&str> = text.lines().collect();
    lines.remove(2);
    std::fs::write(&bad, lines.join("\n") + "\n").unwrap();
    refused(&["merge", &a0, &bad, "--out", &o], "bad.csv line 3", &out);
    // The options that make no sense for a shard, or for an experiment's merge.
    refused(
        &[
            "experiment",
            "trash-seats",
            "--games",
            "4",
            "--shard",
            "0/2",
        ],
        "--shard needs --out",
        &out,
    );
    refused(
        &[
            "experiment",
            "trash-seats",
            "--games",
            "4",
            "--shard",
            "0/2",
            "--out",
            &o,
            "--plot",
            &svg,
        ],
        "give --plot to `cardsim merge`",
        &out,
    );
    refused(
        &["merge", &a0, &a1, "--out", &o, "--summary", &svg],
        "not --summary",
        &out,
    );
    // The whole set merges.
    ok(&["merge", &a1, &a0, "--out", &o, "--plot", &svg, "--quiet"]);
    assert!(out.exists());
}
