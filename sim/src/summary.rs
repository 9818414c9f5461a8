//! Turning game records into per-agent and per-seat summaries, CSV files and a table.

use crate::{AtomicCsv, GameRecord, MeanInterval, SimError, Tally};
use std::fmt::Write as _;

/// One summary line: an agent over all seats (`seat` = `all`), or one seat over all agents.
#[derive(Clone, Debug, PartialEq)]
pub struct SummaryRow {
    /// Agent spec, or `all` on a seat row whose seat was held by several agents.
    pub agent: String,
    /// Seat number, or `all` on an agent row.
    pub seat: String,
    /// The sums.
    pub tally: Tally,
    /// The mean score per seat-game with its interval, one sample per block of games (per
    /// game, or per duplicate deal).
    pub score: MeanInterval,
    /// Score sum and seat count of the block in progress.
    pending: (f64, u32),
}

impl SummaryRow {
    fn new(agent: String, seat: String) -> SummaryRow {
        SummaryRow {
            agent,
            seat,
            tally: Tally::default(),
            score: MeanInterval::default(),
            pending: (0.0, 0),
        }
    }

    fn add(&mut self, win: f64, score: f64, place: u8) {
        self.tally.add(win, score, place);
        self.pending.0 += score;
        self.pending.1 += 1;
    }

    fn end_block(&mut self) {
        if self.pending.1 > 0 {
            self.score.add(self.pending.0 / self.pending.1 as f64);
        }
        self.pending = (0.0, 0);
    }
}

/// The result of a run: totals per agent and per seat, and means of the game's statistics.
#[derive(Clone, Debug, PartialEq)]
pub struct Report {
    /// The game's name.
    pub game: &'static str,
    /// Players per game.
    pub players: usize,
    /// Games played.
    pub games: u64,
    /// One row per distinct agent spec, in order of first seat.
    pub by_agent: Vec<SummaryRow>,
    /// One row per seat.
    pub by_seat: Vec<SummaryRow>,
    /// Names of the per-game statistics, with `moves` first.
    pub stat_names: Vec<String>,
    /// Mean of each statistic per game.
    pub stat_means: Vec<f64>,
    /// Consecutive games that form one sample of the score intervals (1, or the duplicate
    /// period: the games of one deal are not independent).
    pub block: u64,
    /// For agent `k` of the labels: its row in `by_agent`.
    agent_rows: Vec<usize>,
    /// For each seat: the row of the agent that has held it in every game so far, `None`
    /// before the first game, `Some(usize::MAX)` once several have.
    seat_rows: Vec<Option<usize>>,
}

impl Report {
    /// An empty report for `labels[k]` = spec text of agent `k`, seated by index.
    pub fn new(game: &'static str, players: usize, labels: &[String], stats: &[&str]) -> Report {
        let mut by_agent: Vec<SummaryRow> = Vec::new();
        let mut agent_rows = Vec::with_capacity(labels.len());
        for l in labels {
            match by_agent.iter().position(|r| &r.agent == l) {
                Some(row) => agent_rows.push(row),
                None => {
                    agent_rows.push(by_agent.len());
                    by_agent.push(SummaryRow::new(l.clone(), "all".into()));
                }
            }
        }
        let by_seat = (0..players)
            .map(|s| SummaryRow::new(String::new(), s.to_string()))
            .collect();
        let mut stat_names = vec!["moves".to_string()];
        stat_names.extend(stats.iter().map(|s| s.to_string()));
        let n = stat_names.len();
        Report {
            game,
            players,
            games: 0,
            by_agent,
            by_seat,
            stat_names,
            stat_means: vec![0.0; n],
            block: 1,
            agent_rows,
            seat_rows: vec![None; players],
        }
    }

    /// Treats each `block` consecutive games as one sample for the score intervals (the
    /// period of a duplicate run, [`crate::Simulation::block`]).
    pub fn with_block(mut self, block: u64) -> Report {
        self.block = block.max(1);
        self
    }

    /// Adds one game; `labels[k]` is the spec text of agent `k`, as given to
    /// [`Report::new`].
    pub fn add(&mut self, record: &GameRecord, labels: &[String]) {
        self.games += 1;
        for (s, r) in record.seats.iter().enumerate() {
            let row = self.agent_rows[r.agent];
            debug_assert_eq!(self.by_agent[row].agent, labels[r.agent]);
            self.by_agent[row].add(r.win, r.score, r.place);
            let seat = &mut self.by_seat[s];
            // The seat's agent name changes only when a seat gets its first agent or its
            // second: rows are compared, not names.
            match self.seat_rows[s] {
                None => {
                    seat.agent = labels[r.agent].clone();
                    self.seat_rows[s] = Some(row);
                }
                Some(held) if held != row && held != usize::MAX => {
                    seat.agent = "all".into();
                    self.seat_rows[s] = Some(usize::MAX);
                }
                Some(_) => {}
            }
            seat.add(r.win, r.score, r.place);
        }
        if self.games % self.block == 0 {
            for row in self.by_agent.iter_mut().chain(&mut self.by_seat) {
                row.end_block();
            }
        }
        let k = self.games as f64;
        let values = std::iter::once(record.moves as f64).chain(record.stats.iter().copied());
        for (mean, v) in self.stat_means.iter_mut().zip(values) {
            *mean += (v - *mean) / k;
        }
    }

    /// Writes the summary CSV:
    /// `agent,seat,games,wins,win_rate,ci_low,ci_high,mean_score,score_ci_low,score_ci_high,mean_place`.
    ///
    /// # Errors
    /// As [`AtomicCsv`].
    pub fn write_csv(&self, mut out: AtomicCsv) -> Result<(), SimError> {
        out.write([
            "agent",
            "seat",
            "games",
            "wins",
            "win_rate",
            "ci_low",
            "ci_high",
            "mean_score",
            "score_ci_low",
            "score_ci_high",
            "mean_place",
        ])?;
        for row in self.by_agent.iter().chain(&self.by_seat) {
            let t = &row.tally;
            let (lo, hi) = t.interval();
            let (slo, shi) = row.score.interval();
            out.write([
                row.agent.clone(),
                row.seat.clone(),
                t.games.to_string(),
                fmt_num(t.wins),
                fmt_num(t.win_rate()),
                fmt_num(lo),
                fmt_num(hi),
                fmt_num(t.mean_score()),
                fmt_num(slo),
                fmt_num(shi),
                fmt_num(t.mean_place()),
            ])?;
        }
        out.commit()
    }

    /// The summary as an aligned text table, followed by the statistics' means.
    pub fn table(&self) -> String {
        let mut rows = vec![vec![
            "agent".to_string(),
            "seat".into(),
            "games".into(),
            "wins".into(),
            "win rate".into(),
            "95% CI".into(),
            "mean score".into(),
            "95% CI".into(),
            "mean place".into(),
        ]];
        for row in self.by_agent.iter().chain(&self.by_seat) {
            let t = &row.tally;
            let (lo, hi) = t.interval();
            let (slo, shi) = row.score.interval();
            rows.push(vec![
                row.agent.clone(),
                row.seat.clone(),
                t.games.to_string(),
                format!("{:.1}", t.wins),
                format!("{:.4}", t.win_rate()),
                format!("[{lo:.4}, {hi:.4}]"),
                format!("{:.3}", t.mean_score()),
                format!("[{slo:.3}, {shi:.3}]"),
                format!("{:.3}", t.mean_place()),
            ]);
        }
        let mut s = format!(
            "{}, {} players, {} games\n",
            self.game, self.players, self.games
        );
        s.push_str(&align(&rows));
        let means: Vec<String> = self
            .stat_names
            .iter()
            .zip(&self.stat_means)
            .map(|(n, m)| format!("{n} {m:.2}"))
            .collect();
        let _ = writeln!(s, "mean per game: {}", means.join(", "));
        s
    }
}

/// Formats a number for CSV: integers without a fraction, others with up to 6 decimals.
pub(crate) fn fmt_num(x: f64) -> String {
    if x.fract() == 0.0 && x.abs() < 1e15 {
        format!("{}", x as i64)
    } else {
        let s = format!("{x:.6}");
        s.trim_end_matches('0').trim_end_matches('.').to_string()
    }
}

/// Left-aligns the first column, right-aligns the rest, two spaces apart.
pub fn align(rows: &[Vec<String>]) -> String {
    let cols = rows.iter().map(|r| r.len()).max().unwrap_or(0);
    let widths: Vec<usize> = (0..cols)
        .map(|c| {
            rows.iter()
                .map(|r| r.get(c).map_or(0, |x| x.chars().count()))
                .max()
                .unwrap_or(0)
        })
        .collect();
    let mut s = String::new();
    for r in rows {
        let line: Vec<String> = r
            .iter()
            .enumerate()
            .map(|(c, x)| {
                if c == 0 {
                    format!("{x:<w$}", w = widths[c])
                } else {
                    format!("{x:>w$}", w = widths[c])
                }
            })
            .collect();
        s.push_str(line.join("  ").trim_end());
        s.push('\n');
    }
    s
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn numbers_are_short_and_exact_enough() {
        assert_eq!(fmt_num(3.0), "3");
        assert_eq!(fmt_num(0.5), "0.5");
        assert_eq!(fmt_num(1.0 / 3.0), "0.333333");
        assert_eq!(fmt_num(-2.0), "-2");
    }

    #[test]
    fn table_columns_line_up() {
        let t = align(&[
            vec!["a".into(), "1".into()],
            vec!["long".into(), "100".into()],
        ]);
        assert_eq!(t, "a       1\nlong  100\n");
    }
}
