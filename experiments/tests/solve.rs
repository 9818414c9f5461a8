//! `cardsim solve` as a user meets it: boards from a file, deal ranges, CSV rows, one-line
//! errors with exit code 2.

use std::process::{Command, Output};

fn cardsim(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_cardsim"))
        .args(args)
        .output()
        .expect("cardsim runs")
}

fn assert_usage_error(args: &[&str], needle: &str) {
    let o = cardsim(args);
    let err = String::from_utf8_lossy(&o.stderr).into_owned();
    assert_eq!(o.status.code(), Some(2), "{args:?}: {err}");
    assert_eq!(
        err.lines().count(),
        1,
        "{args:?}: error must be one line: {err}"
    );
    assert!(
        err.starts_with("error: ") && err.contains(needle),
        "{args:?}: {err:?} lacks {needle:?}"
    );
}

const NEAR_WON: &str =
    "Foundations: H-K C-K D-K S-T\nFreecells: - - - -\nJS QS KS\n:\n:\n:\n:\n:\n:\n:\n:\n:\n";
const STUCK: &str = "\
Foundations: H-0 C-0 D-0 S-0
Freecells: QH QS QD QC
2C 3C 4C 7D 5C
6C 7C 8C 5D 9C
TC JC KC AC 3S
2D 3D 4D KH 6D
8D 9D TD 5H JD
KD AD 3H 2S 4H
7H 8H 9H TH JH
AH 2H 6H KS 6S
4S 5S 7S 8S 9S
TS AS JS
";

#[test]
fn boards_from_a_file_are_solved_in_order_with_their_lines() {
    let dir = tempfile::tempdir().unwrap();
    let boards = dir.path().join("boards.txt");
    std::fs::write(&boards, format!("# two boards\n{NEAR_WON}\n{STUCK}")).unwrap();
    let csv = dir.path().join("v.csv");
    let o = cardsim(&[
        "solve",
        "--board",
        boards.to_str().unwrap(),
        "--out",
        csv.to_str().unwrap(),
    ]);
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let text = String::from_utf8(o.stdout).unwrap();
    assert!(text.contains("board 1: solved"), "{text}");
    assert!(text.contains("board 2: unsolvable"), "{text}");
    assert!(text.contains("KS from column 1 to"), "{text}");
    assert!(
        text.contains("JS from column 1 to its foundation"),
        "{text}"
    );
    let rows = std::fs::read_to_string(&csv).unwrap();
    let lines: Vec<&str> = rows.lines().collect();
    assert_eq!(lines[0], "deal,verdict,nodes,millis,moves");
    assert!(
        lines[1].starts_with("1,solved,") && lines[1].ends_with(",5"),
        "{rows}"
    );
    assert!(
        lines[2].starts_with("2,unsolvable,0,") && lines[2].ends_with(','),
        "{rows}"
    );
}

#[test]
fn deal_ranges_give_the_same_rows_for_any_thread_count() {
    let dir = tempfile::tempdir().unwrap();
    let strip = |p: &std::path::Path| -> Vec<String> {
        let text = std::fs::read_to_string(p).unwrap();
        // Every column but the time.
        text.lines()
            .map(|l| {
                l.split(',')
                    .enumerate()
                    .filter(|(i, _)| *i != 3)
                    .map(|(_, x)| x)
                    .collect::<Vec<_>>()
                    .join(",")
            })
            .collect()
    };
    let mut outs = Vec::new();
    for threads in ["1", "2"] {
        let out = dir.path().join(format!("t{threads}.csv"));
        let o = cardsim(&[
            "solve",
            "--deals",
            "1-12",
            "--threads",
            threads,
            "--out",
            out.to_str().unwrap(),
        ]);
        assert!(o.status.success());
        let summary = String::from_utf8(o.stdout).unwrap();
        assert!(
            summary.contains("solvable (of decided)") && summary.contains("median"),
            "{summary}"
        );
        outs.push(strip(&out));
    }
    assert_eq!(outs[0], outs[1]);
    assert_eq!(outs[0].len(), 13);
    // Deals 4 and 5 are lost (Freecell Solver agrees).
    assert!(outs[0][4].starts_with("4,unsolvable") && outs[0][5].starts_with("5,unsolvable"));
}

#[test]
fn bad_input_is_one_line_with_exit_code_2() {
    let dir = tempfile::tempdir().unwrap();
    let bad = dir.path().join("bad.txt");
    std::fs::write(&bad, NEAR_WON.replace("KS", "KX")).unwrap();
    assert_usage_error(
        &["solve", "--board", bad.to_str().unwrap()],
        "line 3: \"KX\" is not a card",
    );
    assert_usage_error(
        &["solve", "--board", "/no/such/file"],
        "cannot read /no/such/file",
    );
    assert_usage_error(&["solve", "--deals", "5-2"], "bad --deals item");
    assert_usage_error(&["solve"], "either --deals");
    assert_usage_error(
        &["solve", "--game", "trash", "--deals", "1"],
        "no exact solver",
    );
    assert_usage_error(
        &["solve", "--deals", "1", "--out", "/no/such/dir/v.csv"],
        "cannot write",
    );
    let empty = dir.path().join("empty.txt");
    std::fs::write(&empty, "# nothing\n").unwrap();
    assert_usage_error(
        &["solve", "--board", empty.to_str().unwrap()],
        "no board found",
    );
}

#[test]
fn seahaven_is_simulated_like_any_game() {
    let o = cardsim(&[
        "simulate",
        "--game",
        "seahaven",
        "--games",
        "6",
        "--agents",
        "heuristic:lookahead=20",
        "--quiet",
    ]);
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let text = String::from_utf8(o.stdout).unwrap();
    assert!(text.contains("heuristic:lookahead=20"), "{text}");
    let o = cardsim(&["list"]);
    assert!(String::from_utf8(o.stdout).unwrap().contains("seahaven"));
}

#[test]
fn shards_of_a_deal_list_are_its_parts_in_order() {
    let dir = tempfile::tempdir().unwrap();
    let whole = dir.path().join("whole.csv");
    let cols = |p: &std::path::Path| -> Vec<String> {
        // deal, verdict and nodes (millis is a timing)
        std::fs::read_to_string(p)
            .unwrap()
            .lines()
            .skip(1)
            .map(|l| l.split(',').take(3).collect::<Vec<_>>().join(","))
            .collect()
    };
    let base = ["solve", "--deals", "1-7", "--max-nodes", "20000", "--quiet"];
    let o = cardsim(&[&base[..], &["--out", whole.to_str().unwrap()]].concat());
    assert!(o.status.success());
    let mut joined = Vec::new();
    for i in 0..3 {
        let part = dir.path().join(format!("s{i}.csv"));
        let shard = format!("{i}/3");
        let o = cardsim(
            &[
                &base[..],
                &["--shard", &shard, "--out", part.to_str().unwrap()],
            ]
            .concat(),
        );
        assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
        joined.extend(cols(&part));
    }
    assert_eq!(joined, cols(&whole));
    assert_usage_error(
        &["solve", "--deals", "1-2", "--shard", "0/3"],
        "cannot be split",
    );
    assert_usage_error(&["solve", "--deals", "1-2", "--shard", "3/3"], "bad shard");
}
