//! Playing given deals: every game's deal, taken from a records file, replays to the same deal
//! through `--deals`; `--deal` takes one text; bad deals are one-line errors before any work.

use std::path::Path;
use std::process::{Command, Output};

fn cardsim(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_cardsim"))
        .args(args)
        .output()
        .expect("cardsim runs")
}

fn deals_of(path: &Path) -> Vec<(String, String)> {
    std::fs::read_to_string(path)
        .unwrap()
        .lines()
        .map(|l| {
            let v: serde_json::Value = serde_json::from_str(l).unwrap();
            assert_eq!(v["version"], 2, "{l}");
            let deal = v["deal"].as_str().unwrap().to_string();
            (deal, v["moves"].to_string())
        })
        .collect()
}

#[test]
fn every_games_recorded_deals_replay_through_deals() {
    let dir = tempfile::tempdir().unwrap();
    for entry in cardsim_sim::games() {
        let name = entry.info.name;
        let r1 = dir.path().join(format!("{name}.jsonl"));
        let r2 = dir.path().join(format!("{name}-again.jsonl"));
        let (a, b) = (r1.to_str().unwrap(), r2.to_str().unwrap());
        let base = ["simulate", "--game", name, "--agents", "random", "--quiet"];
        let o = cardsim(&[&base[..], &["--games", "3", "--seed", "5", "--records", a]].concat());
        assert!(
            o.status.success(),
            "{name}: {}",
            String::from_utf8_lossy(&o.stderr)
        );
        // Another seed: the same deals, with other chance after them.
        let o = cardsim(&[&base[..], &["--deals", a, "--seed", "9", "--records", b]].concat());
        assert!(
            o.status.success(),
            "{name}: {}",
            String::from_utf8_lossy(&o.stderr)
        );
        let first: Vec<String> = deals_of(&r1).into_iter().map(|d| d.0).collect();
        let again: Vec<String> = deals_of(&r2).into_iter().map(|d| d.0).collect();
        assert_eq!(first.len(), 3, "{name}");
        assert_eq!(first, again, "{name}");
        // Both files replay through the rules.
        for f in [a, b] {
            let o = cardsim(&["replay", f, "--quiet"]);
            assert!(
                o.status.success(),
                "{name} {f}: {}",
                String::from_utf8_lossy(&o.stderr)
            );
        }
    }
}

#[test]
fn one_deal_is_played_in_every_game_and_numbered_in_the_csv() {
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("games.csv");
    let records = dir.path().join("r.jsonl");
    let deal = "N:AKQJT98765432... .AKQJT98765432.. ..AKQJT98765432. ...AKQJT98765432; trump: 2C";
    let o = cardsim(&[
        "simulate",
        "--game",
        "whist",
        "--agents",
        "random",
        "--games",
        "4",
        "--deal",
        deal,
        "--quiet",
        "--out",
        out.to_str().unwrap(),
        "--records",
        records.to_str().unwrap(),
    ]);
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let csv = std::fs::read_to_string(&out).unwrap();
    let mut lines = csv.lines();
    assert!(lines.next().unwrap().ends_with(",deal"));
    assert_eq!(lines.clone().count(), 16);
    assert!(lines.all(|l| l.ends_with(",0")));
    let played = deals_of(&records);
    assert!(played.iter().all(|d| d.0 == deal));
    // West holds every club: the trump card 2C is the dealer's, as the text says.
}

#[test]
fn deals_files_number_their_deals_and_cycle() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("deals.txt");
    let a = "N:AKQJT98765432... .AKQJT98765432.. ..AKQJT98765432. ...AKQJT98765432";
    let b = "N:...AKQJT98765432 AKQJT98765432... .AKQJT98765432.. ..AKQJT98765432.";
    std::fs::write(&file, format!("# two deals\n{a}\n\n{b}\n")).unwrap();
    let out = dir.path().join("games.csv");
    let args = |games: &[&str]| {
        let mut v = vec![
            "simulate",
            "--game",
            "bridge",
            "--agents",
            "random",
            "--quiet",
            "--deals",
            file.to_str().unwrap(),
            "--out",
            out.to_str().unwrap(),
        ];
        v.extend_from_slice(games);
        v.into_iter().map(String::from).collect::<Vec<_>>()
    };
    let run = |games: &[&str]| {
        let a = args(games);
        let refs: Vec<&str> = a.iter().map(String::as_str).collect();
        let o = cardsim(&refs);
        assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
        let csv = std::fs::read_to_string(&out).unwrap();
        csv.lines()
            .skip(1)
            .step_by(4)
            .map(|l| l.rsplit(',').next().unwrap().to_string())
            .collect::<Vec<_>>()
    };
    // One game per deal by default; more games go round the list.
    assert_eq!(run(&[]), ["0", "1"]);
    assert_eq!(run(&["--games", "5"]), ["0", "1", "0", "1", "0"]);
}

#[test]
fn bad_deals_are_one_line_errors_before_any_work() {
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("games.csv");
    let o = cardsim(&[
        "simulate",
        "--game",
        "bridge",
        "--deal",
        "N:AKQ... ... ... ...",
        "--out",
        out.to_str().unwrap(),
    ]);
    let err = String::from_utf8_lossy(&o.stderr).into_owned();
    assert_eq!(o.status.code(), Some(2), "{err}");
    assert_eq!(err.lines().count(), 1, "{err}");
    assert!(err.contains("deal 0 is not a bridge deal"), "{err}");
    assert!(err.contains("missing"), "{err}");
    assert!(!out.exists());
    // A records file of another game.
    let r = dir.path().join("r.jsonl");
    let o = cardsim(&[
        "simulate",
        "--game",
        "whist",
        "--games",
        "1",
        "--quiet",
        "--records",
        r.to_str().unwrap(),
    ]);
    assert!(o.status.success());
    let o = cardsim(&[
        "simulate",
        "--game",
        "bridge",
        "--deals",
        r.to_str().unwrap(),
    ]);
    let err = String::from_utf8_lossy(&o.stderr).into_owned();
    assert_eq!(o.status.code(), Some(2), "{err}");
    assert!(
        err.contains("line 1: a record of whist, not of bridge"),
        "{err}"
    );
}

#[test]
fn a_beggar_my_neighbour_record_deal_prints_its_published_counts() {
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("game.csv");
    let o = cardsim(&[
        "simulate",
        "--game",
        "egyptian-ratscrew",
        "--param",
        "slaps=false",
        "--games",
        "1",
        "--quiet",
        "--out",
        out.to_str().unwrap(),
        "--deal",
        "------------KAQ----J------/-JQQK---K----JK--QA-A-JA--",
    ]);
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let table = String::from_utf8_lossy(&o.stdout).into_owned();
    assert!(table.contains("4791") && table.contains("670"), "{table}");
    let csv = std::fs::read_to_string(&out).unwrap();
    let mut lines = csv.lines();
    let header: Vec<&str> = lines.next().unwrap().split(',').collect();
    let row: Vec<&str> = lines.next().unwrap().split(',').collect();
    let col = |name: &str| row[header.iter().position(|h| *h == name).unwrap()];
    assert_eq!(
        (col("cards"), col("tricks"), col("cycle_length")),
        ("4791", "670", "0")
    );
}

fn records_of(path: &Path) -> Vec<serde_json::Value> {
    std::fs::read_to_string(path)
        .unwrap()
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect()
}

fn run_ok(args: &[&str]) {
    let o = cardsim(args);
    assert!(
        o.status.success(),
        "{args:?}: {}",
        String::from_utf8_lossy(&o.stderr)
    );
}

#[test]
fn positions_play_on_from_a_records_moves_and_replay() {
    let dir = tempfile::tempdir().unwrap();
    // Whist deals again between hands (chance inside the prefix); egyptian-ratscrew races.
    for game in ["whist", "egyptian-ratscrew"] {
        let r = dir.path().join(format!("{game}.jsonl"));
        let r = r.to_str().unwrap();
        let base = ["simulate", "--game", game, "--agents", "random", "--quiet"];
        run_ok(&[&base[..], &["--games", "1", "--seed", "5", "--records", r]].concat());
        let original = &records_of(Path::new(r))[0];
        let moves = original["moves"].as_array().unwrap();
        let n = moves.len();
        let mut at_0 = Vec::new();
        for k in [0, n / 2, n] {
            let c = dir.path().join(format!("{game}-{k}.jsonl"));
            let c = c.to_str().unwrap();
            let at = k.to_string();
            run_ok(
                &[
                    &base[..],
                    &["--from-record", r, "--at", &at, "--games", "3"],
                    &["--seed", "9", "--records", c],
                ]
                .concat(),
            );
            let played = records_of(Path::new(c));
            assert_eq!(played.len(), 3, "{game} --at {k}");
            for p in &played {
                // Each record begins with the original deal and its first k moves...
                assert_eq!(p["deal"], original["deal"], "{game} --at {k}");
                assert_eq!(
                    p["moves"].as_array().unwrap()[..k],
                    moves[..k],
                    "{game} --at {k}"
                );
                assert_eq!(
                    p["from"],
                    serde_json::json!({"seed": 5, "stream": 0, "moves": k}),
                    "{game} --at {k}"
                );
                // ...and from the last move on, the game is the original game.
                if k == n {
                    assert_eq!(p["moves"], original["moves"], "{game}");
                    assert_eq!(p["outcome"], original["outcome"], "{game}");
                }
            }
            // ...so it replays through the rules: the prefix from the original's stream.
            run_ok(&["replay", c, "--quiet"]);
            if k == 0 {
                at_0 = played;
            }
        }
        // --at 0 plays the record's deal, exactly as --deal does.
        let d = dir.path().join(format!("{game}-deal.jsonl"));
        let d = d.to_str().unwrap();
        let deal = original["deal"].as_str().unwrap();
        run_ok(
            &[
                &base[..],
                &[
                    "--deal",
                    deal,
                    "--games",
                    "3",
                    "--seed",
                    "9",
                    "--records",
                    d,
                ],
            ]
            .concat(),
        );
        let dealt = records_of(Path::new(d));
        assert_eq!(dealt.len(), 3);
        for (a, b) in at_0.iter().zip(&dealt) {
            for field in ["deal", "moves", "outcome", "stats", "stream", "seed"] {
                assert_eq!(a[field], b[field], "{game} {field}");
            }
        }
    }
}

#[test]
fn bad_positions_are_one_line_errors_before_any_work() {
    let dir = tempfile::tempdir().unwrap();
    let r = dir.path().join("r.jsonl");
    let r = r.to_str().unwrap();
    run_ok(&[
        "simulate",
        "--game",
        "whist",
        "--games",
        "1",
        "--quiet",
        "--records",
        r,
    ]);
    let n = records_of(Path::new(r))[0]["moves"]
        .as_array()
        .unwrap()
        .len();
    let out = dir.path().join("games.csv");
    let out = out.to_str().unwrap();
    let past = (n + 1).to_string();
    let base = [
        "simulate",
        "--game",
        "whist",
        "--out",
        out,
        "--from-record",
        r,
    ];
    for (args, says) in [
        (vec!["--at", past.as_str()], "is past the"),
        (vec![], "--from-record needs --at"),
        (
            vec!["--at", "1", "--record-index", "1"],
            "no record number 1",
        ),
        (vec!["--at", "1", "--deals", r], "cannot be used with"),
        (
            vec!["--at", "1", "--param", "x=1"],
            "--param cannot be used",
        ),
    ] {
        let o = cardsim(&[&base[..], &args[..]].concat());
        let err = String::from_utf8_lossy(&o.stderr).into_owned();
        assert_eq!(o.status.code(), Some(2), "{args:?}: {err}");
        assert_eq!(err.lines().count(), 1, "{args:?}: {err}");
        assert!(err.contains(says), "{args:?}: {err}");
        assert!(!Path::new(out).exists(), "{args:?}");
    }
    // A record of another game.
    let o = cardsim(&[
        "simulate",
        "--game",
        "bridge",
        "--from-record",
        r,
        "--at",
        "0",
    ]);
    let err = String::from_utf8_lossy(&o.stderr).into_owned();
    assert_eq!(o.status.code(), Some(2), "{err}");
    assert!(err.contains("a game of whist, not of bridge"), "{err}");
}

#[test]
fn a_tournament_plays_given_deals_in_every_seating() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("deals.txt");
    let a = "N:AKQJT98765432... .AKQJT98765432.. ..AKQJT98765432. ...AKQJT98765432; trump: 2C";
    let b = "N:...AKQJT98765432 AKQJT98765432... .AKQJT98765432.. ..AKQJT98765432.; trump: 2D";
    std::fs::write(&file, format!("{a}\n{b}\n")).unwrap();
    let out = dir.path().join("t.csv");
    let base = [
        "tournament",
        "--game",
        "whist",
        "--agents",
        "random,heuristic,cheat",
        "--quiet",
        "--param",
        "target=1",
        "--out",
        out.to_str().unwrap(),
    ];
    // 2 deals in the 2 seatings of A,B,A,B: 4 games per pairing.
    run_ok(&[&base[..], &["--deals", file.to_str().unwrap()]].concat());
    let csv = std::fs::read_to_string(&out).unwrap();
    let header: Vec<&str> = csv.lines().next().unwrap().split(',').collect();
    let games = header.iter().position(|h| *h == "games").expect(&csv);
    let rows: Vec<Vec<&str>> = csv
        .lines()
        .skip(1)
        .map(|l| l.split(',').collect())
        .filter(|r: &Vec<&str>| r.len() == header.len() && r[1] != "rating")
        .collect();
    assert_eq!(rows.len(), 6, "{csv}");
    assert!(rows.iter().all(|r| r[games] == "4"), "{csv}");
    // A bad deal is refused before any game.
    let o = cardsim(&[&base[..], &["--deal", "N:AKQ... ... ... ..."]].concat());
    let err = String::from_utf8_lossy(&o.stderr).into_owned();
    assert_eq!(o.status.code(), Some(2), "{err}");
    assert_eq!(err.lines().count(), 1, "{err}");
    assert!(err.contains("deal 0 is not a whist deal"), "{err}");
}
