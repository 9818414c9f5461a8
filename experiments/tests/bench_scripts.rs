//! The bench scripts a user runs by hand (`benches/scaling/scaling.py`) work against this
//! build of `cardsim`: run here at a tiny scale, their output checked for shape and sense.

use std::path::Path;
use std::process::{Command, Output};

/// Runs `benches/scaling/scaling.py` against the test build of `cardsim` with `args`.
fn scaling(args: &[&str]) -> Output {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("..");
    Command::new("python3")
        .current_dir(&root)
        .args([
            "benches/scaling/scaling.py",
            "--cardsim",
            env!("CARGO_BIN_EXE_cardsim"),
        ])
        .args(args)
        .output()
        .expect("python3 runs")
}

/// `benches/scaling/scaling.py` runs its workloads at each thread count asked for and prints
/// one CSV row per run with the work done and positive times.
#[test]
fn scaling_script_runs_its_workloads_at_each_thread_count() {
    let out = scaling(&[
        "--threads",
        "1,2",
        "--scale",
        "0.0005",
        "--only",
        "bridge-deal-random",
        "--only",
        "seahaven-census",
    ]);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let text = String::from_utf8(out.stdout).expect("utf-8");
    let mut lines = text.lines();
    assert_eq!(
        lines.next(),
        Some("workload,unit,amount,threads,round,wall_s,cpu_s,peak_rss_mb,per_wall_s,per_cpu_s")
    );
    let rows: Vec<Vec<&str>> = lines.map(|l| l.split(',').collect()).collect();
    let runs: Vec<(&str, &str, &str)> = rows.iter().map(|r| (r[0], r[2], r[3])).collect();
    assert_eq!(
        runs,
        [
            ("bridge-deal-random", "2000", "1"),
            ("bridge-deal-random", "2000", "2"),
            ("seahaven-census", "12", "1"),
            ("seahaven-census", "12", "2"),
        ]
    );
    for row in &rows {
        for field in &row[5..] {
            let value: f64 = field.parse().expect("a number");
            assert!(value > 0.0, "{row:?}");
        }
    }
}

/// An unknown workload name is refused with one line naming the known ones.
#[test]
fn scaling_script_refuses_an_unknown_workload() {
    let out = scaling(&["--only", "bridge-random"]);
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(
        err.contains("unknown workload") && err.contains("bridge-deal-random"),
        "{err}"
    );
    assert!(out.stdout.is_empty());
}
