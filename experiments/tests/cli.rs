//! The command line as a user meets it: exit codes, one-line errors, files written whole or
//! not at all, and byte-identical output for any thread count.

use std::path::Path;
use std::process::{Command, Output};

fn cardsim(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_cardsim"))
        .args(args)
        .output()
        .expect("cardsim runs")
}

fn stderr(o: &Output) -> String {
    String::from_utf8_lossy(&o.stderr).into_owned()
}

/// Asserts exit code 2 and a single `error:` line that contains every one of `needles`.
fn assert_usage_error(args: &[&str], needles: &[&str]) {
    let o = cardsim(args);
    let err = stderr(&o);
    assert_eq!(o.status.code(), Some(2), "{args:?}: {err}");
    assert_eq!(
        err.lines().count(),
        1,
        "{args:?}: error must be one line: {err}"
    );
    assert!(err.starts_with("error: "), "{err}");
    for n in needles {
        assert!(err.contains(n), "{args:?}: {err:?} lacks {n:?}");
    }
    assert!(o.stdout.is_empty(), "{args:?}: nothing on stdout");
}

#[test]
fn list_shows_games_parameters_and_agents() {
    let o = cardsim(&["list"]);
    assert!(o.status.success());
    let text = String::from_utf8(o.stdout).unwrap();
    assert!(text.contains("trash"));
    assert!(text.contains("players 2-12"));
    assert!(text.contains("--param decks="));
    assert!(text.contains("heuristic"));
    assert!(text.contains("random"));
    // Whist's default of 5 is a quick game; the list names the rules page's game.
    let target = text
        .lines()
        .find(|l| l.contains("--param target=5"))
        .expect("whist's target");
    assert!(
        target.contains("target=25 is the rules page's game"),
        "{target}"
    );
    // Bridge's scoring options apply to single deals too.
    for key in ["slam=bid", "penalty_vul=declarer"] {
        let line = text.lines().find(|l| l.contains(key)).expect(key);
        assert!(line.contains("scoring=rubber and scoring=deal"), "{line}");
    }
    let o = cardsim(&["experiment", "list"]);
    assert!(o.status.success());
    assert!(String::from_utf8(o.stdout).unwrap().contains("trash-seats"));
}

#[test]
fn bad_input_is_a_one_line_error_with_exit_code_2() {
    let g = ["simulate", "--game", "trash", "--games", "5", "--quiet"];
    let with =
        |extra: &[&'static str]| -> Vec<&'static str> { g.iter().chain(extra).copied().collect() };
    assert_usage_error(
        &["simulate", "--game", "poker"],
        &["unknown game \"poker\"", "allowed: trash"],
    );
    assert_usage_error(
        &with(&["--players", "13"]),
        &["trash takes 2 to 12 players, not 13"],
    );
    assert_usage_error(&with(&["--players", "1"]), &["2 to 12"]);
    assert_usage_error(
        &with(&["--players", "3", "--agents", "random,heuristic"]),
        &["needs 1 agent spec", "or 3, got 2"],
    );
    assert_usage_error(
        &with(&["--agents", "random,random,random,random,random,random,random,random,random,random,random,random,random"]),
        &["trash takes 2 to 12 players, not 13"],
    );
    assert_usage_error(
        &with(&["--agents", "genius"]),
        &["unknown agent \"genius\"", "allowed: random, heuristic"],
    );
    assert_usage_error(
        &with(&["--agents", "heuristic:depth=3"]),
        &["no setting \"depth\"", "allowed: none"],
    );
    assert_usage_error(&with(&["--agents", "random,,random"]), &["empty agent"]);
    assert_usage_error(
        &with(&["--param", "jokers=2"]),
        &["no parameter \"jokers\"", "allowed: decks, layout"],
    );
    assert_usage_error(
        &with(&["--param", "layout=11"]),
        &["bad value \"11\"", "layout"],
    );
    assert_usage_error(
        &with(&["--param", "layout"]),
        &["not of the form key=value"],
    );
    assert_usage_error(
        &["simulate", "--game", "trash", "--games", "0"],
        &["at least 1"],
    );
    assert_usage_error(
        &["simulate", "--game", "trash", "--games", "many"],
        &["invalid value 'many'"],
    );
    assert_usage_error(&["simulate", "--gmae", "trash"], &["--gmae"]);
    assert_usage_error(&["frobnicate"], &["frobnicate"]);
    assert_usage_error(
        &["experiment", "trash-seats", "--threads", "5000"],
        &["--threads 5000 is too many"],
    );
    assert_usage_error(
        &with(&["--threads", "5000"]),
        &["--threads 5000 is too many"],
    );
    assert_usage_error(
        &["experiment", "nope"],
        &["unknown experiment \"nope\"", "trash-seats"],
    );
    assert_usage_error(
        &["experiment", "agent-cost", "--agent", "ismtcs"],
        &["unknown agent \"ismtcs\"", "mo-ismcts, pimc, cheat"],
    );
    assert_usage_error(
        &["experiment", "strength", "--agent", "pimc"],
        &["--agent works with agent-cost"],
    );
    assert_usage_error(
        &[
            "experiment",
            "agent-cost",
            "--agent",
            "pimc",
            "--shard",
            "0/2",
            "--out",
            "x.csv",
        ],
        &["--agent with --shard"],
    );
}

#[test]
fn unwritable_outputs_fail_before_anything_is_written() {
    let dir = tempfile::tempdir().unwrap();
    let good = dir.path().join("games.csv");
    let bad = dir.path().join("no-such-folder").join("summary.csv");
    let args = [
        "simulate",
        "--game",
        "trash",
        "--games",
        "5",
        "--quiet",
        "--out",
        good.to_str().unwrap(),
        "--summary",
        bad.to_str().unwrap(),
    ];
    assert_usage_error(&args, &["cannot write", "no-such-folder"]);
    assert!(!good.exists(), "no partial per-game file");
    assert_eq!(
        std::fs::read_dir(dir.path()).unwrap().count(),
        0,
        "no temporary file left behind"
    );
    let args = [
        "simulate",
        "--game",
        "trash",
        "--games",
        "5",
        "--quiet",
        "--out",
        dir.path().to_str().unwrap(),
    ];
    assert_usage_error(&args, &["cannot write", "directory"]);
}

fn run_to(dir: &Path, tag: &str, threads: &str, seed: &str, extra: &[&str]) -> (String, String) {
    let out = dir.join(format!("{tag}-games.csv"));
    let summary = dir.join(format!("{tag}-summary.csv"));
    let mut args = vec![
        "simulate",
        "--game",
        "trash",
        "--players",
        "3",
        "--agents",
        "heuristic,random,random",
        "--games",
        "300",
        "--seed",
        seed,
        "--threads",
        threads,
        "--quiet",
        "--out",
        out.to_str().unwrap(),
        "--summary",
        summary.to_str().unwrap(),
    ];
    args.extend(extra);
    let o = cardsim(&args);
    assert!(o.status.success(), "{}", stderr(&o));
    (
        std::fs::read_to_string(out).unwrap(),
        std::fs::read_to_string(summary).unwrap(),
    )
}

#[test]
fn same_seed_same_bytes_for_any_thread_count() {
    let dir = tempfile::tempdir().unwrap();
    let one = run_to(dir.path(), "t1", "1", "42", &[]);
    let two = run_to(dir.path(), "t2", "2", "42", &[]);
    let four = run_to(dir.path(), "t4", "4", "42", &[]);
    assert_eq!(one, two);
    assert_eq!(one, four);
    let other = run_to(dir.path(), "s43", "2", "43", &[]);
    assert_ne!(one.0, other.0, "a different seed gives different games");
}

#[test]
fn per_game_csv_is_long_format_with_win_shares() {
    let dir = tempfile::tempdir().unwrap();
    let (games, summary) = run_to(dir.path(), "fmt", "2", "7", &[]);
    let mut lines = games.lines();
    assert_eq!(
        lines.next().unwrap(),
        "game,seed,seat,agent,score,place,win,moves,draw,hands,turns,reshuffles"
    );
    let rows: Vec<Vec<&str>> = lines.map(|l| l.split(',').collect()).collect();
    assert_eq!(rows.len(), 300 * 3);
    for (k, game) in rows.chunks(3).enumerate() {
        let wins: f64 = game.iter().map(|r| r[6].parse::<f64>().unwrap()).sum();
        assert!(
            (wins - 1.0).abs() < 1e-9,
            "game {k}: win shares add to {wins}"
        );
        assert!(game.iter().all(|r| r[0] == k.to_string() && r[1] == "7"));
        assert_eq!(
            game.iter().map(|r| r[2]).collect::<Vec<_>>(),
            ["0", "1", "2"]
        );
        // Rotation: the heuristic agent sits in seat (3 - k % 3) % 3.
        let h = game.iter().position(|r| r[3] == "heuristic").unwrap();
        assert_eq!(h, (3 - k % 3) % 3, "game {k}");
    }
    let mut s = summary.lines();
    assert_eq!(
        s.next().unwrap(),
        "agent,seat,games,wins,win_rate,ci_low,ci_high,mean_score,score_ci_low,score_ci_high,mean_place"
    );
    let rows: Vec<Vec<&str>> = s.map(|l| l.split(',').collect()).collect();
    assert_eq!(rows.len(), 2 + 3, "two distinct agents, three seats");
    assert_eq!(
        (rows[0][0], rows[0][1], rows[0][2]),
        ("heuristic", "all", "300")
    );
    assert_eq!(
        (rows[1][0], rows[1][1], rows[1][2]),
        ("random", "all", "600")
    );
    for r in &rows[2..] {
        assert_eq!((r[0], r[2]), ("all", "300"));
    }
    let total: f64 = rows[..2].iter().map(|r| r[3].parse::<f64>().unwrap()).sum();
    assert!((total - 300.0).abs() < 1e-6);
}

#[test]
fn no_rotate_keeps_agents_in_their_seats() {
    let dir = tempfile::tempdir().unwrap();
    let (_, summary) = run_to(dir.path(), "nr", "2", "1", &["--no-rotate"]);
    let rows: Vec<Vec<&str>> = summary
        .lines()
        .skip(1)
        .map(|l| l.split(',').collect())
        .collect();
    assert_eq!(rows[2][0..2], ["heuristic", "0"]);
    assert_eq!(rows[3][0..2], ["random", "1"]);
}

#[test]
fn several_agents_set_the_player_count() {
    let o = cardsim(&[
        "simulate",
        "--game",
        "trash",
        "--agents",
        "heuristic,random,random",
        "--games",
        "20",
        "--quiet",
    ]);
    assert!(o.status.success(), "{}", stderr(&o));
    assert!(String::from_utf8(o.stdout)
        .unwrap()
        .starts_with("trash, 3 players, 20 games"));
    assert_usage_error(
        &[
            "simulate",
            "--game",
            "trash",
            "--players",
            "2",
            "--agents",
            "random,random,random",
            "--quiet",
        ],
        &["trash with 2 players needs 1 agent spec (for every seat) or 2, got 3"],
    );
}

#[test]
fn unfair_agents_are_labelled_in_the_csv() {
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("g.csv");
    let summary = dir.path().join("s.csv");
    let o = cardsim(&[
        "simulate",
        "--game",
        "trash",
        "--agents",
        "cheat:iters=20,random",
        "--games",
        "4",
        "--quiet",
        "--param",
        "layout=2",
        "--out",
        out.to_str().unwrap(),
        "--summary",
        summary.to_str().unwrap(),
    ]);
    assert!(o.status.success(), "{}", stderr(&o));
    let games = std::fs::read_to_string(out).unwrap();
    assert!(
        games
            .lines()
            .skip(1)
            .any(|l| l.contains(",cheat:iters=20 (unfair),")),
        "{games}"
    );
    assert!(games.lines().skip(1).any(|l| l.contains(",random,")));
    assert!(std::fs::read_to_string(summary)
        .unwrap()
        .contains("cheat:iters=20 (unfair),all,"));
}

#[test]
fn an_agent_count_the_game_cannot_seat_is_reported() {
    assert_usage_error(
        &[
            "simulate",
            "--game",
            "whist",
            "--agents",
            "heuristic,random",
            "--quiet",
        ],
        &["whist with 4 players needs 1 agent spec (for every seat) or 4, got 2"],
    );
}

#[test]
fn default_simulation_prints_the_summary_table() {
    let o = cardsim(&["simulate", "--game", "trash", "--games", "50", "--quiet"]);
    assert!(o.status.success(), "{}", stderr(&o));
    let text = String::from_utf8(o.stdout).unwrap();
    assert!(text.starts_with("trash, 2 players, 50 games"), "{text}");
    assert!(text.contains("95% CI"));
    assert!(text.contains("mean per game: moves"));
}

#[test]
fn duplicate_needs_whole_deals_and_rotation() {
    let base = [
        "simulate",
        "--game",
        "bridge",
        "--param",
        "scoring=deal",
        "--agents",
        "bid-heuristic:play=heuristic,bid-heuristic:play=random,bid-heuristic:play=heuristic,bid-heuristic:play=random",
        "--duplicate",
        "--quiet",
    ];
    let with = |extra: &[&'static str]| {
        let mut v = base.to_vec();
        v.extend_from_slice(extra);
        v
    };
    assert_usage_error(&with(&["--games", "3"]), &["multiple of 2", "got 3"]);
    assert_usage_error(&with(&["--games", "4", "--no-rotate"]), &["--no-rotate"]);
    let o = cardsim(&with(&["--games", "40"]));
    assert!(o.status.success(), "{}", stderr(&o));
    let text = String::from_utf8(o.stdout).unwrap();
    // Single-deal scores are zero-sum, and the heuristic card player comes out ahead.
    let score = |agent: &str| -> f64 {
        let line = text.lines().find(|l| l.starts_with(agent)).unwrap();
        line.split_whitespace().nth(7).unwrap().parse().unwrap()
    };
    let (h, r) = (
        score("bid-heuristic:play=heuristic "),
        score("bid-heuristic:play=random "),
    );
    assert!(h > 0.0 && (h + r).abs() < 1e-9, "{text}");
}

/// Runs `cardsim simulate` with `args` and a summary file; returns stdout and the summary's
/// rows (header first), split at commas.
fn simulate_with_summary(dir: &Path, args: &[&str]) -> (String, Vec<Vec<String>>) {
    let summary = dir.join("summary.csv");
    let mut all = vec![
        "simulate",
        "--quiet",
        "--summary",
        summary.to_str().unwrap(),
    ];
    all.extend(args);
    let o = cardsim(&all);
    assert!(o.status.success(), "{}", stderr(&o));
    let rows = std::fs::read_to_string(summary)
        .unwrap()
        .lines()
        .map(|l| l.split(',').map(String::from).collect())
        .collect();
    (String::from_utf8(o.stdout).unwrap(), rows)
}

#[test]
fn partnership_games_add_team_rows_with_per_game_intervals() {
    let dir = tempfile::tempdir().unwrap();
    let whist = [
        "--game",
        "whist",
        "--agents",
        "heuristic,random,heuristic,random",
        "--games",
        "40",
        "--param",
        "target=1",
    ];
    let (text, rows) = simulate_with_summary(dir.path(), &whist);
    assert_eq!(
        rows[0].join(","),
        "agent,seat,games,wins,win_rate,ci_low,ci_high,mean_score,score_ci_low,score_ci_high,mean_place"
    );
    let keys: Vec<(&str, &str, &str)> = rows[1..]
        .iter()
        .map(|r| (r[0].as_str(), r[1].as_str(), r[2].as_str()))
        .collect();
    assert_eq!(
        keys,
        [
            ("heuristic", "all", "80"),
            ("random", "all", "80"),
            ("all", "0", "40"),
            ("all", "1", "40"),
            ("all", "2", "40"),
            ("all", "3", "40"),
            ("heuristic + heuristic", "team", "40"),
            ("random + random", "team", "40"),
            ("all", "team 0+2", "40"),
            ("all", "team 1+3", "40"),
        ]
    );
    let num = |r: usize, c: usize| -> f64 { rows[r][c].parse().unwrap() };
    // The side's win rate is twice a partner's share; its interval has one trial per game.
    assert!((num(7, 4) - 2.0 * num(1, 4)).abs() < 1e-9, "{rows:?}");
    assert!((num(7, 3) + num(8, 3) - 40.0).abs() < 1e-9);
    assert!((num(9, 3) + num(10, 3) - 40.0).abs() < 1e-9);
    let (lo, hi) = cardsim_sim::wilson_interval(num(7, 3), 40.0);
    assert!((num(7, 5) - lo).abs() < 1e-6 && (num(7, 6) - hi).abs() < 1e-6);
    assert!(
        num(7, 4) > 0.5,
        "heuristic partners beat random ones: {rows:?}"
    );
    // The table shows the same rows after the seat rows, and says how to read them.
    let line = text
        .lines()
        .find(|l| l.starts_with("heuristic + heuristic"))
        .unwrap_or_else(|| panic!("{text}"));
    let cells: Vec<&str> = line.split_whitespace().collect();
    assert_eq!(cells[3..5], ["team", "40"], "{text}");
    assert_eq!(cells[6], format!("{:.4}", num(7, 4)));
    assert!(text.lines().any(|l| l.starts_with("random + random")));
    assert!(text.contains("team 0+2") && text.contains("team 1+3"));
    assert!(text.contains("counts 1 win per game its partnership wins"));
    assert!(text.contains("one sample per game"), "{text}");
    assert!(text.find("heuristic + heuristic") > text.find("\nall "));

    // Duplicate: one sample per deal.
    let mut dup = whist.to_vec();
    dup.push("--duplicate");
    let (text, rows) = simulate_with_summary(dir.path(), &dup);
    assert!(text.contains("one sample per deal"), "{text}");
    let side = rows
        .iter()
        .find(|r| r[0] == "heuristic + heuristic")
        .unwrap();
    let wins: f64 = side[3].parse().unwrap();
    let (lo, _) = cardsim_sim::wilson_interval(wins / 2.0, 20.0);
    assert!(
        (side[5].parse::<f64>().unwrap() - lo).abs() < 1e-6,
        "{side:?}"
    );

    // Trash has no partnerships: no team rows.
    let trash = ["--game", "trash", "--agents", "heuristic,random,random"];
    let (text, rows) =
        simulate_with_summary(dir.path(), &[&trash[..], &["--games", "20"]].concat());
    assert_eq!(rows.len(), 1 + 2 + 3, "{rows:?}");
    assert!(!text.contains("team"), "{text}");
}

#[test]
fn shards_merge_records_replay_and_tournaments_from_the_command_line() {
    let dir = tempfile::tempdir().unwrap();
    let p = |name: &str| dir.path().join(name).to_str().unwrap().to_string();
    let run = [
        "simulate",
        "--game",
        "trash",
        "--agents",
        "heuristic,random",
        "--games",
        "50",
    ];
    let o = cardsim(
        &[
            &run[..],
            &[
                "--quiet",
                "--out",
                &p("all.csv"),
                "--summary",
                &p("all-s.csv"),
            ],
        ]
        .concat(),
    );
    assert!(o.status.success(), "{}", stderr(&o));
    for i in 0..3 {
        let shard = format!("{i}/3");
        let out = p(&format!("s{i}.csv"));
        let o = cardsim(&[&run[..], &["--quiet", "--shard", &shard, "--out", &out]].concat());
        assert!(o.status.success(), "{}", stderr(&o));
    }
    let o = cardsim(&[
        "merge",
        &p("s2.csv"),
        &p("s0.csv"),
        &p("s1.csv"),
        "--quiet",
        "--out",
        &p("m.csv"),
        "--summary",
        &p("m-s.csv"),
    ]);
    assert!(o.status.success(), "{}", stderr(&o));
    let read = |n: &str| std::fs::read(p(n)).unwrap();
    assert_eq!(read("all.csv"), read("m.csv"));
    assert_eq!(read("all-s.csv"), read("m-s.csv"));
    assert_usage_error(
        &["merge", &p("s0.csv"), "--out", &p("x.csv")],
        &["shard 1/3 is missing"],
    );
    assert!(!Path::new(&p("x.csv")).exists());
    assert_usage_error(
        &[&run[..], &["--shard", "0/3"]].concat(),
        &["--shard needs --out"],
    );

    // Records replay; a damaged one is named and fails the command with exit code 2.
    let o = cardsim(&[&run[..], &["--quiet", "--records", &p("r.jsonl")]].concat());
    assert!(o.status.success(), "{}", stderr(&o));
    let o = cardsim(&["replay", &p("r.jsonl"), "--quiet"]);
    assert!(o.status.success(), "{}", stderr(&o));
    assert!(String::from_utf8_lossy(&o.stdout).contains("50 records replayed exactly, 0 bad"));
    let text = std::fs::read_to_string(p("r.jsonl")).unwrap();
    std::fs::write(p("bad.jsonl"), text.replacen("\"seat\":0", "\"seat\":7", 1)).unwrap();
    let o = cardsim(&["replay", &p("bad.jsonl"), "--quiet"]);
    assert_eq!(o.status.code(), Some(2));
    assert!(
        stderr(&o).contains("line 1 (game trash index 0): move "),
        "{}",
        stderr(&o)
    );

    // A tournament writes its CSV and heat map; one agent is refused.
    let o = cardsim(&[
        "tournament",
        "--game",
        "trash",
        "--agents",
        "heuristic,random",
        "--games",
        "40",
        "--quiet",
        "--out",
        &p("t.csv"),
        "--plot",
        &p("t.svg"),
    ]);
    assert!(o.status.success(), "{}", stderr(&o));
    let csv = std::fs::read_to_string(p("t.csv")).unwrap();
    assert!(csv.starts_with("agent,opponent,games,win_rate") && csv.contains("heuristic,rating,"));
    assert!(std::fs::read_to_string(p("t.svg"))
        .unwrap()
        .contains("<svg"));
    assert_usage_error(
        &["tournament", "--game", "trash", "--agents", "random"],
        &["at least 2 agents"],
    );
}
