//! Turning game records into per-agent, per-seat and per-team summaries, CSV files and a
//! table.

use crate::{wilson_interval, AtomicCsv, GameRecord, MeanInterval, SimError, Tally};
use arrayvec::ArrayVec;
use cardsim_engine::MAX_SEATS;
use std::fmt::Write as _;

/// One summary line: an agent over all seats (`seat` = `all`), one seat over all agents, or,
/// in a partnership game, a team (`seat` = `team`: an agent pairing over both sides, or
/// `team 0+2`: one side over all pairings).
#[derive(Clone, Debug, PartialEq)]
pub struct SummaryRow {
    /// Agent spec; on a team row the partners' specs joined by ` + `; `all` on a seat or side
    /// row whose seats were held by several agents or pairings.
    pub agent: String,
    /// Seat number; `all` on an agent row; `team` on a pairing row; `team` and the side's
    /// seats (`team 0+2`) on a side row.
    pub seat: String,
    /// The sums, over seat-games (agent and seat rows) or side-games (team rows: a side's win
    /// is the sum of its seats' win shares, 1 when the partnership wins; its score and place
    /// are defined in [`Report::add`]).
    pub tally: Tally,
    /// The mean score with its interval, one sample per block of games (per game, or per
    /// duplicate deal).
    pub score: MeanInterval,
    /// The win rate with one sample per block of games (per game, or per duplicate deal):
    /// the row's mean win over the block. Team rows take their win interval from it.
    pub win: MeanInterval,
    /// True on a team row.
    team: bool,
    /// Score sum, win sum and seat (or side) count of the block in progress.
    pending: (f64, f64, u32),
}

impl SummaryRow {
    fn new(agent: String, seat: String) -> SummaryRow {
        SummaryRow {
            agent,
            seat,
            tally: Tally::default(),
            score: MeanInterval::default(),
            win: MeanInterval::default(),
            team: false,
            pending: (0.0, 0.0, 0),
        }
    }

    fn new_team(agent: String, seat: String) -> SummaryRow {
        SummaryRow {
            team: true,
            ..SummaryRow::new(agent, seat)
        }
    }

    /// True on a team row (a side or an agent pairing of a partnership game).
    pub fn is_team(&self) -> bool {
        self.team
    }

    /// The 95% Wilson interval of the win rate. Agent and seat rows count every seat-game as
    /// one trial ([`Tally::interval`]); team rows count one trial per block of games (per
    /// game, or per duplicate deal), whose success is the side's mean win over the block.
    pub fn win_interval(&self) -> (f64, f64) {
        if self.team {
            let n = self.win.count() as f64;
            wilson_interval(self.win.mean() * n, n)
        } else {
            self.tally.interval()
        }
    }

    fn add(&mut self, win: f64, score: f64, place: f64) {
        let t = &mut self.tally;
        t.games += 1;
        t.wins += win;
        t.score += score;
        t.place += place;
        self.pending.0 += score;
        self.pending.1 += win;
        self.pending.2 += 1;
    }

    fn end_block(&mut self) {
        match self.pending.2 {
            0 => {}
            // A seat row and a side row add one sample a game: no division.
            1 => {
                self.score.add(self.pending.0);
                self.win.add(self.pending.1);
            }
            k => {
                let k = k as f64;
                self.score.add(self.pending.0 / k);
                self.win.add(self.pending.1 / k);
            }
        }
        self.pending = (0.0, 0.0, 0);
    }
}

/// The result of a run: totals per agent, per seat and, in a partnership game, per team, and
/// means of the game's statistics.
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
    /// The side each seat plays for ([`cardsim_engine::Game::team`]), when some side has two
    /// or more seats; empty otherwise, and then there are no team rows.
    pub teams: Vec<usize>,
    /// Partnership games: one row per agent pairing (`seat` = `team`), the partners' specs
    /// joined by ` + ` in the order the agents were given, in order of first appearance. A
    /// pairing that held both sides of a game counts both side-games.
    pub by_pairing: Vec<SummaryRow>,
    /// Partnership games: one row per side (`seat` = `team 0+2`: the side of seats 0 and 2).
    pub by_side: Vec<SummaryRow>,
    /// Names of the per-game statistics, with `moves` first.
    pub stat_names: Vec<String>,
    /// Sum of each statistic over the games (a game adds its values, nothing more: the means
    /// are taken when read, [`Report::stat_means`]).
    stat_sums: Vec<f64>,
    /// Consecutive games that form one sample of the score intervals and of the team rows'
    /// win intervals (1, or the duplicate period: the games of one deal are not independent).
    pub block: u64,
    /// What adding a game looks up, kept so that it compares numbers, not names, and
    /// allocates only when a row is named.
    index: RowIndex,
}

/// The rows a game's seats add to: computed once per run, and once per new agent pairing.
#[derive(Clone, Debug, Default, PartialEq)]
struct RowIndex {
    /// For agent `k`: its row in `by_agent`, and the first agent with the same label.
    agent_row: Vec<usize>,
    first: Vec<usize>,
    /// For each seat, and for each side: the row of the agent (pairing) that has held it in
    /// every game so far; `None` before the first game, `Some(usize::MAX)` once several have.
    seat_holder: Vec<Option<usize>>,
    side_holder: Vec<Option<usize>>,
    /// The seats of each side, sides in team order.
    sides: Vec<Vec<usize>>,
    /// The agents of a side in seat order, for each seating seen so far, and the
    /// `by_pairing` row they name.
    pairings: Vec<(ArrayVec<usize, MAX_SEATS>, usize)>,
}

impl Report {
    /// An empty report for `labels[k]` = spec text of agent `k`, seated by index.
    pub fn new(game: &'static str, players: usize, labels: &[String], stats: &[&str]) -> Report {
        let mut by_agent: Vec<SummaryRow> = Vec::new();
        let mut index = RowIndex::default();
        for (k, l) in labels.iter().enumerate() {
            match by_agent.iter().position(|r| &r.agent == l) {
                Some(row) => index.agent_row.push(row),
                None => {
                    index.agent_row.push(by_agent.len());
                    by_agent.push(SummaryRow::new(l.clone(), "all".into()));
                }
            }
            index
                .first
                .push(labels.iter().position(|m| m == l).unwrap_or(k));
        }
        index.seat_holder = vec![None; players];
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
            teams: Vec::new(),
            by_pairing: Vec::new(),
            by_side: Vec::new(),
            stat_names,
            stat_sums: vec![0.0; n],
            block: 1,
            index,
        }
    }

    /// Treats each `block` consecutive games as one sample for the score intervals and the
    /// team rows' win intervals (the period of a duplicate run, [`crate::Simulation::block`]).
    pub fn with_block(mut self, block: u64) -> Report {
        self.block = block.max(1);
        self
    }

    /// Adds team rows for a partnership game: `teams[s]` is the side of seat `s`
    /// ([`cardsim_engine::Game::team`]). Nothing changes when every side has a single seat.
    ///
    /// # Panics
    /// If `teams` does not have one entry per seat.
    pub fn with_teams(mut self, teams: &[usize]) -> Report {
        assert_eq!(teams.len(), self.players, "one team per seat");
        let sides = sides(teams);
        if sides.iter().all(|m| m.len() < 2) {
            return self;
        }
        self.teams = teams.to_vec();
        self.by_pairing.clear();
        self.index.pairings.clear();
        self.index.side_holder = vec![None; sides.len()];
        self.index.sides = sides.clone();
        self.by_side = sides
            .into_iter()
            .map(|m| {
                let seats: Vec<String> = m.iter().map(|s| s.to_string()).collect();
                SummaryRow::new_team(String::new(), format!("team {}", seats.join("+")))
            })
            .collect();
        self
    }

    /// Adds one game; `labels[k]` is the spec text of agent `k`.
    ///
    /// On team rows a side's win is the sum of its seats' win shares (1 when the partnership
    /// wins, shared on a tie), its score the mean of its seats' scores, and its place the
    /// sides' competition ranking by their best seat's place (1 = best).
    ///
    /// `labels` must be the labels the report was made with.
    pub fn add(&mut self, record: &GameRecord, labels: &[String]) {
        self.games += 1;
        for (s, r) in record.seats.iter().enumerate() {
            let row = self.index.agent_row[r.agent];
            debug_assert_eq!(self.by_agent[row].agent, labels[r.agent]);
            self.by_agent[row].add(r.win, r.score, r.place as f64);
            let seat = &mut self.by_seat[s];
            // A seat is named by its first agent, and `all` once a second one has held it.
            match self.index.seat_holder[s] {
                None => {
                    seat.agent = labels[r.agent].clone();
                    self.index.seat_holder[s] = Some(row);
                }
                Some(held) if held != row && held != usize::MAX => {
                    seat.agent = "all".into();
                    self.index.seat_holder[s] = Some(usize::MAX);
                }
                Some(_) => {}
            }
            seat.add(r.win, r.score, r.place as f64);
        }
        if !self.teams.is_empty() {
            self.add_teams(record, labels);
        }
        if self.games % self.block == 0 {
            for row in self
                .by_agent
                .iter_mut()
                .chain(&mut self.by_seat)
                .chain(&mut self.by_pairing)
                .chain(&mut self.by_side)
            {
                row.end_block();
            }
        }
        let values = std::iter::once(record.moves as f64).chain(record.stats.iter().copied());
        for (sum, v) in self.stat_sums.iter_mut().zip(values) {
            *sum += v;
        }
    }

    /// The mean of each statistic per game, in the order of [`Report::stat_names`] (0 before
    /// the first game).
    pub fn stat_means(&self) -> Vec<f64> {
        let k = self.games.max(1) as f64;
        self.stat_sums.iter().map(|s| s / k).collect()
    }

    fn add_teams(&mut self, record: &GameRecord, labels: &[String]) {
        let index = &mut self.index;
        let best = |seats: &[usize]| {
            seats
                .iter()
                .map(|&s| record.seats[s].place)
                .min()
                .unwrap_or(u8::MAX)
        };
        for (i, seats) in index.sides.iter().enumerate() {
            let n = seats.len() as f64;
            let win: f64 = seats.iter().map(|&s| record.seats[s].win).sum();
            let score = seats.iter().map(|&s| record.seats[s].score).sum::<f64>() / n;
            let mine = best(seats);
            let place = 1 + index.sides.iter().filter(|o| best(o) < mine).count();
            // The side's agents in seat order, looked up as they are (no copy, no sort: a
            // seating seen before names the same pairing).
            let held = seats.iter().map(|&s| record.seats[s].agent);
            let seen = index
                .pairings
                .iter()
                .find(|(k, _)| k.iter().copied().eq(held.clone()));
            let pairing = match seen {
                Some(&(_, p)) => p,
                None => {
                    // The pairing: the partners' specs in the order the agents were given (by
                    // each spec's first position), so a partnership has one name whatever its
                    // seats.
                    let mut agents: ArrayVec<usize, MAX_SEATS> = held.clone().collect();
                    agents.sort_by_key(|&a| (index.first[a], a));
                    let name = agents
                        .iter()
                        .map(|&a| labels[a].as_str())
                        .collect::<Vec<_>>()
                        .join(" + ");
                    let p = match self.by_pairing.iter().position(|p| p.agent == name) {
                        Some(p) => p,
                        None => {
                            self.by_pairing
                                .push(SummaryRow::new_team(name, "team".into()));
                            self.by_pairing.len() - 1
                        }
                    };
                    index.pairings.push((held.collect(), p));
                    p
                }
            };
            // A side is named by its first pairing, and `all` once a second one has held it
            // (pairings with the same name share a row).
            let row = &mut self.by_side[i];
            match index.side_holder[i] {
                None => {
                    row.agent = self.by_pairing[pairing].agent.clone();
                    index.side_holder[i] = Some(pairing);
                }
                Some(held) if held != pairing && held != usize::MAX => {
                    row.agent = "all".into();
                    index.side_holder[i] = Some(usize::MAX);
                }
                Some(_) => {}
            }
            row.add(win, score, place as f64);
            self.by_pairing[pairing].add(win, score, place as f64);
        }
    }

    /// Every row in the order of the table and CSV: agents, seats, then (partnership games)
    /// agent pairings and sides.
    pub fn rows(&self) -> impl Iterator<Item = &SummaryRow> {
        self.by_agent
            .iter()
            .chain(&self.by_seat)
            .chain(&self.by_pairing)
            .chain(&self.by_side)
    }

    /// Writes the summary CSV:
    /// `agent,seat,games,wins,win_rate,ci_low,ci_high,mean_score,score_ci_low,score_ci_high,mean_place`,
    /// one row per agent, per seat and, in a partnership game, per agent pairing and per side
    /// (see [`SummaryRow`]).
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
        for row in self.rows() {
            let t = &row.tally;
            let (lo, hi) = row.win_interval();
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

    /// The summary as an aligned text table (agent rows, seat rows, then in a partnership game
    /// a blank line, team rows and a line saying how to read them), followed by the
    /// statistics' means.
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
        for (k, row) in self.rows().enumerate() {
            if row.is_team() && k == self.by_agent.len() + self.by_seat.len() {
                rows.push(Vec::new()); // a blank line before the team rows
            }
            let t = &row.tally;
            let (lo, hi) = row.win_interval();
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
        if !self.teams.is_empty() {
            let per = if self.block > 1 { "deal" } else { "game" };
            let side = self.by_side.first().map_or("", |r| r.seat.as_str());
            let _ = writeln!(
                s,
                "team rows: each agent pairing (team) and each side ({side}) counts 1 win per \
                 game its partnership wins,"
            );
            let _ = writeln!(
                s,
                "where agent and seat rows split it among the partners; their 95% CIs take one \
                 sample per {per}"
            );
        }
        let means: Vec<String> = self
            .stat_names
            .iter()
            .zip(self.stat_means())
            .map(|(n, m)| format!("{n} {m:.2}"))
            .collect();
        let _ = writeln!(s, "mean per game: {}", means.join(", "));
        s
    }
}

/// The seats of each side, sides in order of their number (those without a seat left out).
fn sides(teams: &[usize]) -> Vec<Vec<usize>> {
    let count = teams.iter().max().map_or(0, |&m| m + 1);
    (0..count)
        .map(|t| (0..teams.len()).filter(|&s| teams[s] == t).collect())
        .filter(|m: &Vec<usize>| !m.is_empty())
        .collect()
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

    use crate::{wilson_interval, SeatRecord};

    /// Four seats, partners 0+2 against 1+3, seating rotated by one each game when `rotate`;
    /// the agents at spec positions 0 and 2 win game `i` when `wins(i)`. Winners score 5,
    /// losers 2.
    fn partnership_games(n: u64, rotate: bool, wins: impl Fn(u64) -> bool) -> Vec<GameRecord> {
        (0..n)
            .map(|i| {
                let seats = (0..4)
                    .map(|s| {
                        let agent = crate::seating(4, i, rotate)[s];
                        let won = (agent % 2 == 0) == wins(i);
                        SeatRecord {
                            agent,
                            score: if won { 5.0 } else { 2.0 },
                            place: if won { 1 } else { 3 },
                            win: if won { 0.5 } else { 0.0 },
                        }
                    })
                    .collect();
                GameRecord {
                    index: i,
                    seats,
                    moves: 52,
                    draw: false,
                    stats: Default::default(),
                    trace: None,
                }
            })
            .collect()
    }

    fn labels(specs: &str) -> Vec<String> {
        specs.split(',').map(String::from).collect()
    }

    fn report(labels: &[String], teams: &[usize], block: u64, games: &[GameRecord]) -> Report {
        let mut r = Report::new("whist", labels.len(), labels, &[])
            .with_block(block)
            .with_teams(teams);
        for g in games {
            r.add(g, labels);
        }
        r
    }

    fn close(a: f64, b: f64) -> bool {
        (a - b).abs() < 1e-12
    }

    #[test]
    fn a_partnership_winning_65_percent_shows_as_a_side_and_as_half_wins_per_seat() {
        let labels = labels("ismcts:iters=200,random,ismcts:iters=200,random");
        // 65 of every 100 games won by the ismcts partnership.
        let games = partnership_games(200, true, |i| i % 20 < 13);
        let r = report(&labels, &[0, 1, 0, 1], 1, &games);
        // Agent and seat rows as before: each partner gets half a win.
        assert_eq!(r.by_agent.len(), 2);
        let ismcts = &r.by_agent[0];
        assert_eq!(
            (ismcts.agent.as_str(), ismcts.seat.as_str()),
            ("ismcts:iters=200", "all")
        );
        assert_eq!(ismcts.tally.games, 400);
        assert!(close(ismcts.tally.win_rate(), 0.325));
        assert_eq!(ismcts.win_interval(), ismcts.tally.interval());
        assert_eq!(r.by_seat.len(), 4);
        // Team rows: the side's win rate, one sample per game.
        let p: Vec<(&str, &str, u64)> = r
            .by_pairing
            .iter()
            .map(|p| (p.agent.as_str(), p.seat.as_str(), p.tally.games))
            .collect();
        assert_eq!(
            p,
            [
                ("ismcts:iters=200 + ismcts:iters=200", "team", 200),
                ("random + random", "team", 200)
            ]
        );
        let side = &r.by_pairing[0];
        assert!(close(side.tally.wins, 130.0));
        assert!(close(side.tally.win_rate(), 0.65));
        let (lo, hi) = side.win_interval();
        let (elo, ehi) = wilson_interval(130.0, 200.0);
        assert!(close(lo, elo) && close(hi, ehi), "{lo} {hi}");
        assert!(lo > 0.58 && hi < 0.72);
        assert!(close(side.tally.mean_score(), 0.65 * 5.0 + 0.35 * 2.0));
        assert!(close(side.tally.mean_place(), 0.65 * 1.0 + 0.35 * 2.0));
        assert!(close(r.by_pairing[1].tally.win_rate(), 0.35));
        // Sides: rotation puts both pairings on both sides.
        let s: Vec<(&str, &str, u64)> = r
            .by_side
            .iter()
            .map(|p| (p.agent.as_str(), p.seat.as_str(), p.tally.games))
            .collect();
        assert_eq!(s, [("all", "team 0+2", 200), ("all", "team 1+3", 200)]);
        assert!(close(
            r.by_side[0].tally.wins + r.by_side[1].tally.wins,
            200.0
        ));
        // The table and the CSV show them after the seat rows.
        let t = r.table();
        let line = t
            .lines()
            .find(|l| l.starts_with("ismcts:iters=200 + ismcts:iters=200"))
            .unwrap();
        let cells: Vec<&str> = line.split_whitespace().collect();
        assert_eq!(cells[3..7], ["team", "200", "130.0", "0.6500"], "{t}");
        assert!(
            t.contains("team rows: each agent pairing (team) and each side"),
            "{t}"
        );
        assert!(t.contains("one sample per game"), "{t}");
        assert!(t
            .lines()
            .any(|l| l.starts_with("all") && l.contains("team 1+3")));
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("s.csv");
        r.write_csv(AtomicCsv::create(&path).unwrap()).unwrap();
        let csv = std::fs::read_to_string(&path).unwrap();
        let lines: Vec<&str> = csv.lines().collect();
        assert_eq!(lines.len(), 1 + 2 + 4 + 2 + 2);
        assert!(lines[1].starts_with("ismcts:iters=200,all,400,130,0.325,"));
        assert!(
            lines[7].starts_with("ismcts:iters=200 + ismcts:iters=200,team,200,130,0.65,"),
            "{csv}"
        );
        assert!(lines[9].starts_with("all,team 0+2,200,"), "{csv}");
        assert!(lines[10].starts_with("all,team 1+3,200,"), "{csv}");
    }

    #[test]
    fn without_rotation_a_side_row_names_its_pairing() {
        let labels = labels("heuristic,random,heuristic,random");
        let games = partnership_games(10, false, |i| i < 7);
        let r = report(&labels, &[0, 1, 0, 1], 1, &games);
        assert_eq!(r.by_side[0].agent, "heuristic + heuristic");
        assert_eq!(r.by_side[1].agent, "random + random");
        assert_eq!(r.by_side[0].tally, r.by_pairing[0].tally);
        assert!(close(r.by_side[0].tally.win_rate(), 0.7));
    }

    #[test]
    fn a_pairing_is_named_alike_on_both_sides_and_counts_both() {
        // X,Y,Y,X: both sides are an X with a Y.
        let labels = labels("x,y,y,x");
        let games = partnership_games(8, true, |i| i % 2 == 0);
        let r = report(&labels, &[0, 1, 0, 1], 1, &games);
        assert_eq!(r.by_pairing.len(), 1);
        let p = &r.by_pairing[0];
        assert_eq!((p.agent.as_str(), p.tally.games), ("x + y", 16));
        assert!(close(p.tally.win_rate(), 0.5));
        assert_eq!(p.win.count(), 8, "one sample per game");
    }

    #[test]
    fn duplicate_runs_take_one_sample_per_deal() {
        let labels = labels("a,b,a,b");
        let games = partnership_games(40, true, |i| i % 4 != 3);
        let r = report(&labels, &[0, 1, 0, 1], 2, &games);
        let side = &r.by_pairing[0];
        assert_eq!((side.tally.games, side.win.count()), (40, 20));
        let (lo, hi) = side.win_interval();
        let (elo, ehi) = wilson_interval(30.0 / 40.0 * 20.0, 20.0);
        assert!(close(lo, elo) && close(hi, ehi));
        assert!(r.table().contains("one sample per deal"));
    }

    #[test]
    fn games_without_partnerships_have_no_team_rows() {
        let labels = labels("heuristic,random,random");
        let seats = |w: usize| {
            (0..3)
                .map(|s| SeatRecord {
                    agent: s,
                    score: (s == w) as u8 as f64,
                    place: if s == w { 1 } else { 2 },
                    win: (s == w) as u8 as f64,
                })
                .collect()
        };
        let games: Vec<GameRecord> = (0..9)
            .map(|i| GameRecord {
                index: i,
                seats: seats(i as usize % 3),
                moves: 10,
                draw: false,
                stats: Default::default(),
                trace: None,
            })
            .collect();
        let r = report(&labels, &[0, 1, 2], 1, &games);
        assert!(r.teams.is_empty() && r.by_pairing.is_empty() && r.by_side.is_empty());
        assert_eq!(r.rows().count(), 2 + 3);
        assert!(!r.table().contains("team"));
        let plain = {
            let mut p = Report::new("whist", 3, &labels, &[]);
            games.iter().for_each(|g| p.add(g, &labels));
            p
        };
        assert_eq!(r, plain);
    }

    #[test]
    fn table_columns_line_up() {
        let t = align(&[
            vec!["a".into(), "1".into()],
            vec!["long".into(), "100".into()],
        ]);
        assert_eq!(t, "a       1\nlong  100\n");
    }

    use proptest::prelude::*;

    /// Game `i` of a run of one kind, seats `0..players` held by agents rotated by `i`: kind
    /// 0 agent 0 loses every game, 1 it wins every game, 2 every game is drawn (all placed
    /// first, the win shared), 3 agent 0 wins the even games.
    fn edge_game(i: u64, players: usize, kind: u8) -> GameRecord {
        let seats = (0..players)
            .map(|s| {
                let agent = crate::seating(players, i, true)[s];
                let (win, place) = match (kind, agent == 0) {
                    (2, _) => (1.0 / players as f64, 1),
                    (3, first) if (i % 2 == 0) == first => (1.0, 1),
                    (0, false) | (1, true) => (1.0, 1),
                    _ => (0.0, 2),
                };
                SeatRecord {
                    agent,
                    score: 3.0 * win - 1.0,
                    place,
                    win,
                }
            })
            .collect();
        GameRecord {
            index: i,
            seats,
            moves: 10 + i,
            draw: kind == 2,
            stats: [i as f64].into_iter().collect(),
            trace: None,
        }
    }

    proptest! {
        #[test]
        fn edge_runs_give_share_intervals_and_finite_numbers(
            players in 1usize..5,
            games in 0u64..40,
            kind in 0u8..4,
            block in 1u64..3,
            teams in any::<bool>(),
        ) {
            let labels: Vec<String> = (0..players).map(|k| format!("a{k}")).collect();
            let mut r = Report::new("test", players, &labels, &["x"]).with_block(block);
            if teams && players == 4 {
                r = r.with_teams(&[0, 1, 0, 1]);
            }
            for i in 0..games {
                r.add(&edge_game(i, players, kind), &labels);
            }
            for row in r.rows() {
                let (lo, hi) = row.win_interval();
                let rate = row.tally.win_rate();
                prop_assert!(0.0 <= lo && lo <= hi && hi <= 1.0, "{row:?}");
                prop_assert!((0.0..=1.0).contains(&rate) || row.is_team(), "{row:?}");
                let (slo, shi) = row.score.interval();
                prop_assert!(slo.is_finite() && shi.is_finite() && slo <= shi, "{row:?}");
            }
            let dir = tempfile::tempdir().unwrap();
            let path = dir.path().join("summary.csv");
            r.write_csv(AtomicCsv::create(&path).unwrap()).unwrap();
            let text = std::fs::read_to_string(&path).unwrap() + &r.table();
            let lower = text.to_lowercase();
            prop_assert!(!lower.contains("nan") && !lower.contains("inf"), "{text}");
        }
    }
}
