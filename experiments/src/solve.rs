//! `cardsim solve`: decide Seahaven Towers deals or positions with the exact solver.
//!
//! - `--deals 1-1000` solves the toolkit's numbered deals in parallel and writes one CSV row
//!   per deal (`deal,verdict,nodes,millis,moves`), in deal order whatever the thread count,
//!   then prints the totals. Deals are dealt and decided in batches and each row is written
//!   as its batch ends, so a census of millions of deals runs in constant memory.
//! - `--board FILE` solves each board of a file in Freecell Solver's format (boards separated
//!   by blank lines, `#` comments) and prints each verdict and winning line.
//!
//! Every column but `millis` is a pure function of the board and the node budget, so two runs
//! with any thread counts give the same rows apart from `millis` (a `--timeout-ms` budget
//! makes `limit` verdicts depend on the machine, of course).

use cardsim_agents::games::seahaven::solver::{solve, Solution, SolverConfig, Verdict};
use cardsim_engine::games::seahaven::Board;
use cardsim_sim::{align_table, wilson_interval, AtomicCsv, Plan};
use clap::Args;
use rayon::prelude::*;
use std::path::{Path, PathBuf};
use std::time::Duration;

/// Arguments of `cardsim solve`.
#[derive(Args, Debug)]
pub struct SolveArgs {
    /// Game to solve (the exact solver exists for `seahaven`).
    #[arg(long, default_value = "seahaven")]
    game: String,
    /// Deal numbers: `N`, `A-B`, or a comma-separated list of both (e.g. `1-1000,5000`).
    #[arg(long, conflicts_with = "board")]
    deals: Option<String>,
    /// A file of boards in Freecell Solver's format, separated by blank lines.
    #[arg(long)]
    board: Option<PathBuf>,
    /// Give up on a board (verdict `limit`) after generating this many positions.
    #[arg(long)]
    max_nodes: Option<u64>,
    /// Give up on a board (verdict `limit`) after this many milliseconds.
    #[arg(long)]
    timeout_ms: Option<u64>,
    /// Worker threads (0 = one per core). Rows do not depend on it.
    #[arg(long, default_value_t = 0)]
    threads: usize,
    /// CSV with one row per deal or board: `deal,verdict,nodes,millis,moves`.
    #[arg(long)]
    out: Option<PathBuf>,
    /// Also write the boards, in Freecell Solver's format, to this file (to hand them to
    /// another solver).
    #[arg(long)]
    boards_out: Option<PathBuf>,
    /// Print no progress.
    #[arg(long)]
    quiet: bool,
    /// Solve only share I of N (0-based) of the deals or boards: a contiguous part of the
    /// list, so the shards' CSVs, concatenated in shard order (header once), are the rows of
    /// the whole list.
    #[arg(long, value_name = "I/N")]
    shard: Option<cardsim_sim::Shard>,
}

/// One decided board.
#[derive(Clone, Debug)]
pub struct Row {
    /// Deal number, or 1-based position in the board file.
    pub deal: u64,
    /// The solver's answer.
    pub solution: Solution,
}

/// The most deals one command may ask for.
const MAX_DEALS: usize = 10_000_000;

/// Parses a deal list: `N`, `A-B`, comma-separated.
///
/// # Errors
/// A one-line message naming the bad item.
pub fn parse_deals(spec: &str) -> Result<Vec<u64>, String> {
    let mut out = Vec::new();
    for item in spec.split(',') {
        let item = item.trim();
        let bad = || format!("bad --deals item {item:?}: expected N or A-B with A <= B");
        let (a, b) = match item.split_once('-') {
            Some((a, b)) => (
                a.trim().parse::<u64>().map_err(|_| bad())?,
                b.trim().parse::<u64>().map_err(|_| bad())?,
            ),
            None => {
                let n = item.parse::<u64>().map_err(|_| bad())?;
                (n, n)
            }
        };
        if a > b {
            return Err(bad());
        }
        if (b - a) as usize >= MAX_DEALS || out.len() + (b - a) as usize >= MAX_DEALS {
            return Err(format!("--deals asks for more than {MAX_DEALS} deals"));
        }
        out.extend(a..=b);
    }
    Ok(out)
}

/// A pool of `threads` threads (0 = all cores).
fn pool(threads: usize) -> Result<rayon::ThreadPool, String> {
    rayon::ThreadPoolBuilder::new()
        .num_threads(threads)
        .build()
        .map_err(|e| format!("cannot start {threads} threads: {e}"))
}

/// Solves `boards` on `threads` threads (0 = all cores), results in input order.
///
/// # Errors
/// If the thread pool cannot start.
pub fn solve_all(
    boards: &[(u64, Board)],
    config: &SolverConfig,
    threads: usize,
    quiet: bool,
) -> Result<Vec<Row>, String> {
    let pool = pool(threads)?;
    let done = std::sync::atomic::AtomicUsize::new(0);
    let total = boards.len();
    let rows = pool.install(|| {
        boards
            .par_iter()
            .with_max_len(1)
            .map(|(deal, board)| {
                let solution = solve(board, config);
                let d = done.fetch_add(1, std::sync::atomic::Ordering::Relaxed) + 1;
                if !quiet && (d % 1000 == 0 || d == total) && total >= 1000 {
                    eprintln!("solve: {d}/{total} boards decided");
                }
                Row {
                    deal: *deal,
                    solution,
                }
            })
            .collect()
    });
    Ok(rows)
}

/// Deals dealt and decided at a time by [`solve_deals`]: enough to keep every thread busy,
/// few enough that memory stays flat for a census of millions of deals.
const BATCH: usize = 8192;

/// Solves the numbered `deals` on `threads` threads (0 = all cores), a batch at a time, and
/// hands each row to `each` in the order of `deals`: only one batch of boards and solutions
/// is held at once, so a census of millions of deals runs in constant memory.
///
/// # Errors
/// If the thread pool cannot start, or the first error `each` returns.
pub fn solve_deals(
    deals: &[u64],
    config: &SolverConfig,
    threads: usize,
    quiet: bool,
    mut each: impl FnMut(Row) -> Result<(), String>,
) -> Result<(), String> {
    let pool = pool(threads)?;
    let mut done = 0;
    for batch in deals.chunks(BATCH) {
        let rows: Vec<Row> = pool.install(|| {
            batch
                .par_iter()
                .with_max_len(1)
                .map(|&deal| Row {
                    deal,
                    solution: solve(&Board::deal_number(deal), config),
                })
                .collect()
        });
        done += rows.len();
        if !quiet && deals.len() >= 1000 {
            eprintln!("solve: {done}/{} boards decided", deals.len());
        }
        rows.into_iter().try_for_each(&mut each)?;
    }
    Ok(())
}

/// Writes the rows as CSV, atomically.
///
/// # Errors
/// The path's error, in one line.
pub fn write_csv(path: &std::path::Path, rows: &[Row]) -> Result<(), String> {
    let rows: Vec<VerdictRow> = rows.iter().map(VerdictRow::of).collect();
    write_verdicts(path, &rows)
}

/// What the CSV keeps of a decided board: one row.
#[derive(Clone, Debug, PartialEq)]
pub struct VerdictRow {
    /// Deal number, or 1-based position in the board file.
    pub deal: u64,
    /// The solver's answer.
    pub verdict: Verdict,
    /// Positions generated.
    pub nodes: u64,
    /// Wall time, milliseconds.
    pub millis: f64,
    /// The winning line's length, for a solved board.
    pub moves: Option<usize>,
}

impl VerdictRow {
    /// The row of `r`.
    pub fn of(r: &Row) -> VerdictRow {
        let s = &r.solution;
        VerdictRow {
            deal: r.deal,
            verdict: s.verdict,
            nodes: s.nodes,
            millis: s.elapsed.as_secs_f64() * 1000.0,
            moves: (s.verdict == Verdict::Solved).then_some(s.moves.len()),
        }
    }
}

/// Writes verdict rows as CSV (`deal,verdict,nodes,millis,moves`), atomically.
///
/// # Errors
/// The path's error, in one line.
pub fn write_verdicts(path: &std::path::Path, rows: &[VerdictRow]) -> Result<(), String> {
    let mut out = VerdictCsv::create(path)?;
    rows.iter().try_for_each(|r| out.write(r))?;
    out.commit()
}

/// A verdict CSV (`deal,verdict,nodes,millis,moves`) written a row at a time.
pub struct VerdictCsv(AtomicCsv);

impl VerdictCsv {
    /// Opens `path` and writes the header.
    ///
    /// # Errors
    /// The path's error, in one line.
    pub fn create(path: &std::path::Path) -> Result<VerdictCsv, String> {
        let mut out = AtomicCsv::create(path).map_err(|e| e.to_string())?;
        out.write(["deal", "verdict", "nodes", "millis", "moves"])
            .map_err(|e| e.to_string())?;
        Ok(VerdictCsv(out))
    }

    /// Writes one row.
    ///
    /// # Errors
    /// An I/O error, in one line.
    pub fn write(&mut self, r: &VerdictRow) -> Result<(), String> {
        self.0
            .write([
                r.deal.to_string(),
                r.verdict.to_string(),
                r.nodes.to_string(),
                format!("{:.3}", r.millis),
                r.moves.map_or_else(String::new, |m| m.to_string()),
            ])
            .map_err(|e| e.to_string())
    }

    /// Flushes the file and puts it in place.
    ///
    /// # Errors
    /// An I/O error, in one line.
    pub fn commit(self) -> Result<(), String> {
        self.0.commit().map_err(|e| e.to_string())
    }
}

/// Totals over rows: counts per verdict and time per board.
#[derive(Clone, Debug, PartialEq)]
pub struct Totals {
    /// Boards.
    pub boards: usize,
    /// `solved` verdicts.
    pub solved: usize,
    /// `unsolvable` verdicts.
    pub unsolvable: usize,
    /// `limit` verdicts.
    pub limit: usize,
    /// Milliseconds per board: median, 95th percentile, maximum, mean.
    pub millis: [f64; 4],
}

impl Totals {
    /// Sums up `rows`.
    pub fn of(rows: &[Row]) -> Totals {
        let rows: Vec<VerdictRow> = rows.iter().map(VerdictRow::of).collect();
        Totals::of_verdicts(&rows)
    }

    /// Sums up verdict rows.
    pub fn of_verdicts(rows: &[VerdictRow]) -> Totals {
        let mut tally = Tally::default();
        rows.iter().for_each(|r| tally.add(r));
        tally.totals()
    }

    /// The totals of `counts` boards per verdict (indexed by `Verdict as usize`) and times
    /// `ms` (milliseconds, one per board, in any order).
    fn of_parts(counts: [usize; 3], mut ms: Vec<f64>) -> Totals {
        ms.sort_by(f64::total_cmp);
        let pick = |q: f64| {
            if ms.is_empty() {
                0.0
            } else {
                ms[((ms.len() - 1) as f64 * q).round() as usize]
            }
        };
        let mean = if ms.is_empty() {
            0.0
        } else {
            ms.iter().sum::<f64>() / ms.len() as f64
        };
        Totals {
            boards: ms.len(),
            solved: counts[Verdict::Solved as usize],
            unsolvable: counts[Verdict::Unsolvable as usize],
            limit: counts[Verdict::Limit as usize],
            millis: [pick(0.5), pick(0.95), pick(1.0), mean],
        }
    }

    /// The solvability rate among decided boards, with its 95% Wilson interval.
    pub fn rate(&self) -> (f64, f64, f64) {
        let decided = (self.solved + self.unsolvable) as f64;
        let (lo, hi) = wilson_interval(self.solved as f64, decided);
        (self.solved as f64 / decided.max(1.0), lo, hi)
    }

    /// The totals as a small table.
    pub fn table(&self) -> String {
        let (p, lo, hi) = self.rate();
        let [med, p95, max, mean] = self.millis;
        let rows = vec![
            vec!["boards".to_string(), self.boards.to_string()],
            vec!["solved".to_string(), self.solved.to_string()],
            vec!["unsolvable".to_string(), self.unsolvable.to_string()],
            vec!["limit".to_string(), self.limit.to_string()],
            vec![
                "solvable (of decided)".to_string(),
                format!("{p:.4}  95% CI [{lo:.4}, {hi:.4}]"),
            ],
            vec![
                "ms per board".to_string(),
                format!("median {med:.2}  p95 {p95:.2}  max {max:.1}  mean {mean:.2}"),
            ],
        ];
        align_table(&rows)
    }
}

/// [`Totals`] gathered a row at a time: boards per verdict and each board's time, nothing
/// else (8 bytes a board).
#[derive(Clone, Debug, Default)]
pub struct Tally {
    counts: [usize; 3],
    millis: Vec<f64>,
}

impl Tally {
    /// Counts one row.
    pub fn add(&mut self, r: &VerdictRow) {
        self.counts[r.verdict as usize] += 1;
        self.millis.push(r.millis);
    }

    /// The totals so far.
    pub fn totals(self) -> Totals {
        Totals::of_parts(self.counts, self.millis)
    }
}

/// Runs `cardsim solve`.
///
/// # Errors
/// A one-line message for bad arguments, an unreadable or malformed board file, or an
/// unwritable output path.
pub fn run(args: SolveArgs) -> Result<(), String> {
    if args.game != "seahaven" {
        return Err(format!(
            "no exact solver for game {:?}; allowed: seahaven",
            args.game
        ));
    }
    if args.threads > 1024 {
        return Err(format!(
            "--threads {} is too many; use 0 (all cores) to 1024",
            args.threads
        ));
    }
    let config = SolverConfig::default()
        .max_nodes(args.max_nodes)
        .timeout(args.timeout_ms.map(Duration::from_millis));
    let mut plan = Plan::new();
    let e = |e: cardsim_sim::SimError| e.to_string();
    if let Some(board) = &args.board {
        plan.input("--board", board).map_err(e)?;
    }
    plan.output_opt("--out", args.out.as_deref()).map_err(e)?;
    plan.output_opt("--boards-out", args.boards_out.as_deref())
        .map_err(e)?;
    match (&args.deals, &args.board) {
        (Some(spec), None) => {
            let deals = shard_of(parse_deals(spec)?, &args)?;
            if let Some(path) = &args.boards_out {
                let boards = deals.iter().map(|&n| (n, Board::deal_number(n)));
                write_boards(path, boards)?;
            }
            run_deals(&args, &deals, &config)
        }
        (None, Some(path)) => {
            let text = std::fs::read_to_string(path)
                .map_err(|e| format!("cannot read {}: {e}", path.display()))?;
            let boards =
                Board::parse_many(&text).map_err(|e| format!("{}: {e}", path.display()))?;
            if boards.is_empty() {
                return Err(format!("{}: no board found", path.display()));
            }
            let boards = (1..).zip(boards).collect();
            let boards = shard_of(boards, &args)?;
            if let Some(path) = &args.boards_out {
                write_boards(path, boards.iter().cloned())?;
            }
            run_boards(&args, &boards, &config)
        }
        _ => Err("give either --deals LIST or --board FILE".to_string()),
    }
}

/// The part of `items` that `--shard` asks for (all of them without it).
fn shard_of<T: Clone>(items: Vec<T>, args: &SolveArgs) -> Result<Vec<T>, String> {
    let Some(shard) = args.shard else {
        return Ok(items);
    };
    if shard.count > items.len() as u64 {
        return Err(format!(
            "--shard {shard}: {} boards cannot be split into {} shards",
            items.len(),
            shard.count
        ));
    }
    let r = shard.range(items.len() as u64, 1);
    Ok(items[r.start as usize..r.end as usize].to_vec())
}

/// Writes numbered boards in Freecell Solver's format, each after a `# deal N` line.
fn write_boards(path: &Path, boards: impl Iterator<Item = (u64, Board)>) -> Result<(), String> {
    let text: Vec<String> = boards.map(|(n, b)| format!("# deal {n}\n{b}")).collect();
    cardsim_sim::write_file(path, text.join("\n").as_bytes()).map_err(|e| e.to_string())
}

/// `cardsim solve --deals`: the rows go to the CSV as they are decided and only the totals
/// stay in memory, so a census of millions of deals runs in constant memory (8 bytes a deal
/// for the time percentiles).
fn run_deals(args: &SolveArgs, deals: &[u64], config: &SolverConfig) -> Result<(), String> {
    let started = std::time::Instant::now();
    let mut csv = args.out.as_deref().map(VerdictCsv::create).transpose()?;
    let mut tally = Tally::default();
    solve_deals(deals, config, args.threads, args.quiet, |row| {
        let r = VerdictRow::of(&row);
        if let Some(out) = csv.as_mut() {
            out.write(&r)?;
        }
        tally.add(&r);
        Ok(())
    })?;
    let wall = started.elapsed().as_secs_f64();
    // Commit the CSV before printing, so a closed stdout cannot cost the file.
    if let Some(out) = csv {
        out.commit()?;
    }
    cardsim_sim::print(&tally.totals().table()).map_err(|e| e.to_string())?;
    finish(args, deals.len(), wall);
    Ok(())
}

/// `cardsim solve --board`: each board's verdict and winning line, then the totals.
fn run_boards(
    args: &SolveArgs,
    boards: &[(u64, Board)],
    config: &SolverConfig,
) -> Result<(), String> {
    let started = std::time::Instant::now();
    let rows = solve_all(boards, config, args.threads, args.quiet)?;
    let wall = started.elapsed().as_secs_f64();
    // Write the CSV before printing, so a closed stdout cannot cost the file.
    if let Some(path) = &args.out {
        write_csv(path, &rows)?;
    }
    let mut text = String::new();
    for (r, (_, board)) in rows.iter().zip(boards) {
        let s = &r.solution;
        text.push_str(&format!(
            "board {}: {} ({} positions, {} stored, {:.1} ms)\n",
            r.deal,
            s.verdict,
            s.nodes,
            s.states,
            s.elapsed.as_secs_f64() * 1000.0
        ));
        if s.verdict == Verdict::Solved {
            let mut b = board.clone();
            for (i, m) in s.moves.iter().enumerate() {
                text.push_str(&format!(
                    "{:>4}. {:<14} {}\n",
                    i + 1,
                    m.to_string(),
                    m.describe(&b)
                ));
                b.play(*m)
                    .map_err(|e| format!("internal error: solution replay failed: {e}"))?;
            }
        }
    }
    text.push_str(&Totals::of(&rows).table());
    cardsim_sim::print(&text).map_err(|e| e.to_string())?;
    finish(args, rows.len(), wall);
    Ok(())
}

/// The closing messages on stderr.
fn finish(args: &SolveArgs, boards: usize, wall: f64) {
    eprintln!("{boards} boards in {wall:.2} s");
    if let Some(p) = &args.out {
        eprintln!("wrote {}", p.display());
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn deal_lists_parse_and_reject_nonsense() {
        assert_eq!(parse_deals("3").unwrap(), vec![3]);
        assert_eq!(parse_deals("1-3, 7").unwrap(), vec![1, 2, 3, 7]);
        for bad in ["", "a", "3-1", "1-", "-4", "1-2-3"] {
            assert!(parse_deals(bad).is_err(), "{bad}");
        }
        assert!(parse_deals("0-99999999999")
            .unwrap_err()
            .contains("more than"));
    }

    use cardsim_engine::conformance::fuzz::{mutate, Edit};
    use proptest::prelude::*;

    fn edits() -> impl Strategy<Value = Vec<Edit>> {
        proptest::collection::vec((any::<u8>(), any::<usize>(), any::<u8>()), 1..6).prop_map(|v| {
            v.into_iter()
                .map(|(kind, at, byte)| Edit::from_parts(kind, at, byte))
                .collect()
        })
    }

    /// Whatever the text, a clean answer that holds at most [`MAX_DEALS`] deals.
    fn check(text: &str) {
        if let Ok(deals) = parse_deals(text) {
            assert!(deals.len() <= MAX_DEALS, "{text:?}: {} deals", deals.len());
        }
    }

    proptest! {
        #[test]
        fn any_deal_list_is_read_or_refused(text in "[0-9, -]{0,40}|\\PC{0,40}") {
            check(&text);
        }

        #[test]
        fn mutated_deal_lists_are_read_or_refused(e in edits()) {
            check(&mutate("1-1000, 5000,17-17", &e));
        }

        #[test]
        fn deal_lists_read_back_as_written(
            items in proptest::collection::vec((0u64..1_000_000, 0u64..50), 1..6),
        ) {
            let text: Vec<String> = items
                .iter()
                .map(|&(a, len)| if len == 0 { a.to_string() } else { format!("{a}-{}", a + len) })
                .collect();
            let expected: Vec<u64> = items.iter().flat_map(|&(a, len)| a..=a + len).collect();
            prop_assert_eq!(parse_deals(&text.join(",")).unwrap(), expected);
        }
    }

    #[test]
    fn huge_ranges_are_refused_without_allocating() {
        for text in [
            "0-18446744073709551615",
            "1-1000,0-9999999",
            "5,0-18446744073709551615",
        ] {
            assert!(
                parse_deals(text).unwrap_err().contains("more than"),
                "{text}"
            );
        }
        assert!(parse_deals("0-18446744073709551616").is_err());
    }

    #[test]
    fn verdicts_do_not_depend_on_the_thread_count() {
        let boards: Vec<(u64, Board)> = (1..=24).map(|n| (n, Board::deal_number(n))).collect();
        let config = SolverConfig::default().max_nodes(Some(300_000));
        let key = |rows: &[Row]| -> Vec<(u64, Verdict, u64, usize)> {
            rows.iter()
                .map(|r| {
                    (
                        r.deal,
                        r.solution.verdict,
                        r.solution.nodes,
                        r.solution.moves.len(),
                    )
                })
                .collect()
        };
        let one = solve_all(&boards, &config, 1, true).unwrap();
        let two = solve_all(&boards, &config, 2, true).unwrap();
        assert_eq!(key(&one), key(&two));
        let t = Totals::of(&one);
        assert_eq!(t.boards, 24);
        assert_eq!(t.solved + t.unsolvable + t.limit, 24);
        assert!(t.solved > 0 && t.unsolvable > 0, "{t:?}");
    }
}
