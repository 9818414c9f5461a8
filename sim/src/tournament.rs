//! Tournaments: every pairing of a list of agents on duplicate deals, a cross-table of win
//! shares with intervals, and Bradley–Terry ratings with intervals.
//!
//! A pairing of agents `A` and `B` fills the seats `A, B, A, B, ...` (so partners are of one
//! kind in a partnership game) and plays every deal in each distinct rotation of that seating
//! (duplicate). With an odd number of seats it also plays the seating `B, A, B, ...` for the
//! same deals, so each agent holds as many seats as the other. `A`'s share of a game is the
//! sum of its seats' win shares; the pairing's interval takes one sample per deal.
//!
//! In a one-player game (a solitaire) the agents do not meet: each plays every deal alone,
//! and a deal counts 1 for the agent that wins it when the other does not, and 1/2 to each
//! when both or neither win it.
//!
//! Memory does not grow with `games` or `batch`: deals are played in slices of at most
//! [`DEALS_AT_ONCE`], and counts past [`MAX_GAMES`] are refused.

use crate::{find_game, wilson_interval, AtomicCsv, GameRecord, MeanInterval, Request};
use crate::{Manifest, Shard, SimConfig, SimError};
use cardsim_agents::AgentSpec;
use cardsim_engine::Params;
use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};
use ndarray::{Array1, Array2};
use serde::{Deserialize, Serialize};
use std::io::IsTerminal;

/// The most deals a pairing plays at once: the tournament's memory is bounded by this (and
/// the threads), not by `games` or `batch`.
pub const DEALS_AT_ONCE: u64 = 4096;

/// What to play.
#[derive(Clone, Debug)]
pub struct TournamentConfig {
    /// The game's name.
    pub game: String,
    /// Players (default: the game's).
    pub players: Option<usize>,
    /// Rule parameters.
    pub params: Params,
    /// The agents, at least two, all different.
    pub agents: Vec<AgentSpec>,
    /// Games per pairing (at most, with `stop_early`), rounded up to whole deals.
    pub games: u64,
    /// Master seed: every pairing plays the same deals.
    pub seed: u64,
    /// Worker threads (0 = all cores).
    pub threads: usize,
    /// No progress bar.
    pub quiet: bool,
    /// Sequential stopping: stop a pairing after a batch once its 95% interval excludes 0.5.
    pub stop_early: bool,
    /// Deals per batch when stopping early.
    pub batch: u64,
    /// Play only this share of the pairings (in the order `(0,1), (0,2), ..., (1,2), ...`);
    /// [`merge_tournament`] combines the shards.
    pub shard: Option<Shard>,
    /// Deal texts to play instead of deals from the seed (`--deal`/`--deals`): deal `k` of a
    /// pairing is `deals[k mod len]`, played in every seating as seeded deals are. With
    /// deals, `games` 0 means one round: every deal in every seating.
    pub deals: Vec<String>,
}

/// One pairing's result, from the first agent's side.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Pairing {
    /// The first agent (its index in the tournament's list).
    pub a: usize,
    /// The second agent.
    pub b: usize,
    /// Games played.
    pub games: u64,
    /// `a`'s share of the games won (ties split), per deal.
    pub share: MeanInterval,
    /// True when the pairing stopped before its game limit.
    pub stopped_early: bool,
}

impl Pairing {
    /// `a`'s win share over the games.
    pub fn win_rate(&self) -> f64 {
        self.share.mean().clamp(0.0, 1.0)
    }

    /// The 95% Wilson interval of `a`'s win share, one trial per deal.
    pub fn interval(&self) -> (f64, f64) {
        let n = self.share.count() as f64;
        wilson_interval(self.win_rate() * n, n)
    }
}

/// One agent's Bradley–Terry rating on the Elo scale (400 points = 10:1 odds), the agents'
/// ratings averaging 0, with a 95% interval from the likelihood's curvature (see
/// [`bradley_terry`] for the prior that keeps it finite).
#[derive(Clone, Debug, PartialEq)]
pub struct Rating {
    /// The agent's index.
    pub agent: usize,
    /// The rating.
    pub elo: f64,
    /// The interval's half-width; `None` when the pairings do not determine it (an agent
    /// without games, or agents split into groups that never met).
    pub margin: Option<f64>,
}

/// A finished tournament.
#[derive(Clone, Debug, PartialEq)]
pub struct Tournament {
    /// The game.
    pub game: String,
    /// Players per game.
    pub players: usize,
    /// The agents' labels.
    pub agents: Vec<String>,
    /// Every pairing `a < b`.
    pub pairings: Vec<Pairing>,
    /// One rating per agent, best first.
    pub ratings: Vec<Rating>,
}

/// Plays every pairing and fits the ratings.
///
/// # Errors
/// Fewer than two agents, an agent given twice, or any error of the runs.
pub fn run_tournament(cfg: &TournamentConfig) -> Result<Tournament, SimError> {
    let entry = find_game(&cfg.game)?;
    let m = cfg.agents.len();
    if m < 2 {
        return Err(SimError::Setting(format!(
            "a tournament needs at least 2 agents, got {m}"
        )));
    }
    for (i, a) in cfg.agents.iter().enumerate() {
        if cfg.agents[..i].contains(a) {
            return Err(SimError::Setting(format!(
                "agent {a} is given twice; give each agent once"
            )));
        }
    }
    let players = cfg.players.unwrap_or(entry.info.default_players);
    if !cfg.deals.is_empty() {
        if cfg.shard.is_some() {
            return Err(SimError::Setting(
                "--shard cannot be used with --deal/--deals".into(),
            ));
        }
        // Every deal is read before any game is played.
        let request = Request {
            players: Some(players),
            params: cfg.params.clone(),
            ..Request::default()
        };
        for (k, text) in cfg.deals.iter().enumerate() {
            (entry.parse_deal)(&request, text).map_err(|e| {
                SimError::Setting(format!("deal {k} is not a {} deal: {e}", entry.info.name))
            })?;
        }
    }
    let games = if cfg.games == 0 && !cfg.deals.is_empty() {
        let lists = seatings(players, &cfg.agents[0], &cfg.agents[1]);
        cfg.deals.len() as u64 * crate::duplicate_period(&lists[0]) as u64 * lists.len() as u64
    } else {
        cfg.games
    };
    let cfg = &TournamentConfig {
        games,
        ..cfg.clone()
    };
    if cfg.games == 0 || cfg.batch == 0 {
        return Err(SimError::Setting(
            "--games and --batch must be at least 1".into(),
        ));
    }
    crate::check_games("--games", cfg.games)?;
    let mut pairs: Vec<(usize, usize)> = (0..m)
        .flat_map(|a| (a + 1..m).map(move |b| (a, b)))
        .collect();
    if let Some(shard) = cfg.shard {
        if shard.count > pairs.len() as u64 {
            return Err(SimError::Setting(format!(
                "--shard {shard}: {} pairings cannot be split into {} shards",
                pairs.len(),
                shard.count
            )));
        }
        let r = shard.range(pairs.len() as u64, 1);
        pairs = pairs[r.start as usize..r.end as usize].to_vec();
    }
    let bar = progress((pairs.len() as u64).saturating_mul(cfg.games), cfg.quiet);
    let mut pairings = Vec::with_capacity(pairs.len());
    for &(a, b) in &pairs {
        bar.set_message(format!("{} vs {}", cfg.agents[a], cfg.agents[b]));
        pairings.push(play_pairing(cfg, entry.play, players, a, b, &bar)?);
    }
    bar.finish_and_clear();
    let ratings = bradley_terry(m, &pairings);
    Ok(Tournament {
        game: cfg.game.clone(),
        players,
        agents: cfg.agents.iter().map(|a| a.to_string()).collect(),
        pairings,
        ratings,
    })
}

/// The seatings of a pairing: `A, B, A, ...`, and for an odd seat count also `B, A, B, ...`.
fn seatings(players: usize, a: &AgentSpec, b: &AgentSpec) -> Vec<Vec<AgentSpec>> {
    let fill = |first: &AgentSpec, second: &AgentSpec| {
        (0..players)
            .map(|s| if s % 2 == 0 { first } else { second }.clone())
            .collect::<Vec<_>>()
    };
    if players % 2 == 0 {
        vec![fill(a, b)]
    } else {
        vec![fill(a, b), fill(b, a)]
    }
}

fn play_pairing(
    cfg: &TournamentConfig,
    play: crate::PlayRecords,
    players: usize,
    a: usize,
    b: usize,
    bar: &ProgressBar,
) -> Result<Pairing, SimError> {
    let (sa, sb) = (&cfg.agents[a], &cfg.agents[b]);
    let lists = seatings(players, sa, sb);
    let period = crate::duplicate_period(&lists[0]) as u64;
    // Games per batch of each seating: whole deals.
    let deals = cfg.games.div_ceil(period * lists.len() as u64);
    let batch = if cfg.stop_early {
        cfg.batch.min(deals)
    } else {
        deals
    };
    let mut share = MeanInterval::default();
    let mut games = 0;
    let mut done = 0;
    let mut stopped_early = false;
    // A solitaire: the first seating is A's game, the second B's, on the same deal.
    let alone = players == 1;
    let per = (period * lists.len() as u64) as f64;
    // A's share of each deal of a slice, summed over its games in every seating.
    let mut per_deal = Vec::new();
    while done < deals {
        let upto = (done + batch).min(deals);
        let mut from = done;
        while from < upto {
            let to = (from + DEALS_AT_ONCE).min(upto);
            per_deal.clear();
            per_deal.resize((to - from) as usize, 0.0);
            for list in &lists {
                let request = Request {
                    players: Some(players),
                    params: cfg.params.clone(),
                    agents: list.clone(),
                    config: SimConfig::default()
                        .games(to * period)
                        .start(from * period)
                        .seed(cfg.seed)
                        .threads(cfg.threads)
                        .duplicate(true)
                        .deals(cfg.deals.clone())
                        .quiet(true),
                    ..Request::default()
                };
                play(&request, &mut |r: &GameRecord| {
                    let mine: f64 = if alone {
                        // +1 when A wins its game, -1 when B wins its game.
                        let win = r.seats.iter().map(|s| s.win).sum::<f64>();
                        if list[0] == *sa {
                            win
                        } else {
                            -win
                        }
                    } else {
                        r.seats
                            .iter()
                            .filter(|s| list[s.agent] == *sa)
                            .map(|s| s.win)
                            .sum()
                    };
                    per_deal[(r.index / period - from) as usize] += mine;
                    games += 1;
                    bar.inc(1);
                    Ok(())
                })?;
            }
            for &x in &per_deal {
                share.add(if alone { (1.0 + x) / 2.0 } else { x / per });
            }
            from = to;
        }
        done = upto;
        if cfg.stop_early && done < deals {
            let n = share.count() as f64;
            let (lo, hi) = wilson_interval(share.mean() * n, n);
            if lo > 0.5 || hi < 0.5 {
                stopped_early = true;
                bar.inc((deals - done) * period * lists.len() as u64);
                break;
            }
        }
    }
    Ok(Pairing {
        a,
        b,
        games,
        share,
        stopped_early,
    })
}

/// Fits Bradley–Terry strengths to the pairings' win shares (Hunter's MM iteration), and
/// their 95% intervals from the inverse of the observed information with the strengths
/// summing to zero. Returns ratings best first.
///
/// Every pairing that played gets a prior of half a win and half a loss for each side, so an
/// unbeaten or winless agent (where the plain fit diverges) gets a finite rating that the
/// prior's weight shrinks as games accumulate. An interval the pairings do not determine (an
/// agent without games, or groups of agents that never met) is `None`, "not estimable".
/// Ratings are always finite.
pub fn bradley_terry(m: usize, pairings: &[Pairing]) -> Vec<Rating> {
    if m == 0 {
        return Vec::new();
    }
    // wins[i][j]: i's share of the games against j; games[i][j] symmetric.
    let mut wins = Array2::<f64>::zeros((m, m));
    let mut games = Array2::<f64>::zeros((m, m));
    for p in pairings.iter().filter(|p| p.a < m && p.b < m && p.a != p.b) {
        let n = p.games as f64;
        let w = p.win_rate() * n;
        wins[[p.a, p.b]] += w;
        wins[[p.b, p.a]] += n - w;
        games[[p.a, p.b]] += n;
        games[[p.b, p.a]] += n;
    }
    // Half a win and half a loss against every opponent keeps an unbeaten or winless agent
    // finite (a weak prior that vanishes with many games).
    for i in 0..m {
        for j in 0..m {
            if i != j && games[[i, j]] > 0.0 {
                wins[[i, j]] += 0.5;
                games[[i, j]] += 1.0;
            }
        }
    }
    let total: Array1<f64> = wins.sum_axis(ndarray::Axis(1));
    let mut p = Array1::<f64>::ones(m);
    for _ in 0..10_000 {
        let mut next = Array1::<f64>::zeros(m);
        for i in 0..m {
            let denom: f64 = (0..m)
                .filter(|&j| j != i)
                .map(|j| games[[i, j]] / (p[i] + p[j]))
                .sum();
            next[i] = if denom > 0.0 { total[i] / denom } else { p[i] };
        }
        let g = next.iter().map(|x| x.ln()).sum::<f64>() / m as f64;
        next.mapv_inplace(|x| x / g.exp());
        let change = (&next - &p).iter().fold(0.0f64, |a, x| a.max(x.abs()));
        p = next;
        if change < 1e-12 {
            break;
        }
    }
    // Strengths stay positive and finite with the prior; a guard all the same, so that no
    // rating is ever NaN or infinite.
    let theta: Array1<f64> = p.mapv(|x| {
        if x.is_finite() && x > 0.0 {
            x.ln()
        } else {
            0.0
        }
    });
    // Observed information of theta: a weighted graph Laplacian.
    let mut info = Array2::<f64>::zeros((m, m));
    for i in 0..m {
        for j in 0..m {
            if i != j {
                let q = p[i] / (p[i] + p[j]);
                let v = games[[i, j]] * q * (1.0 - q);
                info[[i, j]] -= v;
                info[[i, i]] += v;
            }
        }
    }
    // Covariance under sum(theta) = 0: (L + J/m)^-1 - J/m.
    let j = 1.0 / m as f64;
    let shifted = info.mapv(|x| x + j);
    let cov = invert(shifted).map(|inv| inv.mapv(|x| x - j));
    let scale = 400.0 / std::f64::consts::LN_10;
    let mut ratings: Vec<Rating> = (0..m)
        .map(|i| Rating {
            agent: i,
            elo: theta[i] * scale,
            margin: cov
                .as_ref()
                .map(|c| 1.96 * c[[i, i]].max(0.0).sqrt() * scale)
                .filter(|m| m.is_finite()),
        })
        .collect();
    ratings.sort_by(|x, y| y.elo.total_cmp(&x.elo).then(x.agent.cmp(&y.agent)));
    ratings
}

/// The inverse of a symmetric positive definite matrix by Gauss–Jordan elimination with
/// partial pivoting; `None` when it is singular.
fn invert(mut a: Array2<f64>) -> Option<Array2<f64>> {
    let n = a.nrows();
    let mut inv = Array2::<f64>::eye(n);
    for c in 0..n {
        let pivot = (c..n).max_by(|&x, &y| a[[x, c]].abs().total_cmp(&a[[y, c]].abs()))?;
        if a[[pivot, c]].abs() < 1e-12 {
            return None;
        }
        for k in 0..n {
            a.swap([c, k], [pivot, k]);
            inv.swap([c, k], [pivot, k]);
        }
        let d = a[[c, c]];
        for k in 0..n {
            a[[c, k]] /= d;
            inv[[c, k]] /= d;
        }
        for r in 0..n {
            if r != c {
                let f = a[[r, c]];
                if f != 0.0 {
                    for k in 0..n {
                        a[[r, k]] -= f * a[[c, k]];
                        inv[[r, k]] -= f * inv[[c, k]];
                    }
                }
            }
        }
    }
    Some(inv)
}

impl Tournament {
    /// The cross-table (row agent's win share against each column agent, with its 95%
    /// interval) and the ratings, as text.
    pub fn table(&self) -> String {
        let m = self.agents.len();
        let mut rows = vec![std::iter::once("agent".to_string())
            .chain(self.agents.iter().cloned())
            .collect::<Vec<_>>()];
        for i in 0..m {
            let mut row = vec![self.agents[i].clone()];
            for j in 0..m {
                row.push(match self.pairing(i, j) {
                    None => "-".into(),
                    Some((rate, lo, hi, _)) => format!("{rate:.3} [{lo:.3}, {hi:.3}]"),
                });
            }
            rows.push(row);
        }
        let mut s = format!(
            "{}, {} players: row agent's win share against the column agent (95% CI, one \
             sample per deal)\n",
            self.game, self.players
        );
        s.push_str(&crate::align_table(&rows));
        if self.players == 1 {
            s.push_str(
                "one-player game: both agents play every deal; a deal counts 1 for the agent \
                 that alone wins it, 1/2 to each when both or neither do\n",
            );
        }
        let mut r = vec![vec![
            "rank".to_string(),
            "agent".into(),
            "rating".into(),
            "95% CI".into(),
        ]];
        for (k, x) in self.ratings.iter().enumerate() {
            r.push(vec![
                (k + 1).to_string(),
                self.agents[x.agent].clone(),
                format!("{:+.0}", x.elo),
                x.margin
                    .map_or_else(|| "not estimable".into(), |m| format!("±{m:.0}")),
            ]);
        }
        s.push_str("\nBradley-Terry ratings (Elo scale, mean 0):\n");
        s.push_str(&crate::align_table(&r));
        let games: u64 = self.pairings.iter().map(|p| p.games).sum();
        let early = self.pairings.iter().filter(|p| p.stopped_early).count();
        s.push_str(&format!(
            "{games} games in {} pairings{}\n",
            self.pairings.len(),
            if early > 0 {
                format!(", {early} stopped early")
            } else {
                String::new()
            }
        ));
        s
    }

    /// Agent `i`'s (win share, interval low, high, games) against agent `j`.
    pub fn pairing(&self, i: usize, j: usize) -> Option<(f64, f64, f64, u64)> {
        self.pairings.iter().find_map(|p| {
            let (lo, hi) = p.interval();
            if (p.a, p.b) == (i, j) {
                Some((p.win_rate(), lo, hi, p.games))
            } else if (p.a, p.b) == (j, i) {
                Some((1.0 - p.win_rate(), 1.0 - hi, 1.0 - lo, p.games))
            } else {
                None
            }
        })
    }

    /// Writes the tournament as CSV: one row per ordered pairing
    /// (`agent,opponent,games,win_rate,ci_low,ci_high`), then one per rating with `opponent`
    /// = `rating` (`games` = the agent's games, `win_rate` = the rating, the interval its
    /// bounds, empty when not estimable).
    ///
    /// # Errors
    /// As [`AtomicCsv`].
    pub fn write_csv(&self, mut out: AtomicCsv) -> Result<(), SimError> {
        let num = crate::summary::fmt_num;
        out.write([
            "agent", "opponent", "games", "win_rate", "ci_low", "ci_high",
        ])?;
        let m = self.agents.len();
        for i in 0..m {
            for j in 0..m {
                if let Some((rate, lo, hi, games)) = self.pairing(i, j) {
                    out.write([
                        self.agents[i].clone(),
                        self.agents[j].clone(),
                        games.to_string(),
                        num(rate),
                        num(lo),
                        num(hi),
                    ])?;
                }
            }
        }
        for r in &self.ratings {
            let games: u64 = self
                .pairings
                .iter()
                .filter(|p| p.a == r.agent || p.b == r.agent)
                .map(|p| p.games)
                .sum();
            out.write([
                self.agents[r.agent].clone(),
                "rating".into(),
                games.to_string(),
                num(r.elo),
                r.margin.map_or_else(String::new, |m| num(r.elo - m)),
                r.margin.map_or_else(String::new, |m| num(r.elo + m)),
            ])?;
        }
        out.commit()
    }
}

/// The format tag of a tournament shard's manifest.
pub const TOURNAMENT_SHARD: &str = "cardsim-tournament-shard/1";

/// What a tournament shard's manifest (`F.shard.json` beside its `--out F`) records: the
/// whole tournament's settings, the shard, and its pairings exactly.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct TournamentShard {
    /// Always [`TOURNAMENT_SHARD`].
    pub format: String,
    /// The game.
    pub game: String,
    /// Players per game.
    pub players: usize,
    /// Rule parameters, `key=value`.
    pub params: Vec<String>,
    /// The agents' specs.
    pub agents: Vec<String>,
    /// Games per pairing.
    pub games: u64,
    /// Master seed.
    pub seed: u64,
    /// Sequential stopping, and its batch.
    pub stop_early: bool,
    /// Deals per batch.
    pub batch: u64,
    /// This shard.
    pub shard: Shard,
    /// Its pairings' results.
    pub pairings: Vec<Pairing>,
    /// The checksums of the shard's `--out` file and of this manifest (absent in the
    /// manifests of older versions).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub checksum: Option<crate::Checksums>,
}

impl crate::Sealed for TournamentShard {
    fn checksum(&self) -> Option<&crate::Checksums> {
        self.checksum.as_ref()
    }

    fn set_checksum(&mut self, checksum: Option<crate::Checksums>) {
        self.checksum = checksum;
    }
}

impl TournamentShard {
    /// The manifest of `cfg`'s shard, whose result is `t`.
    pub fn of(cfg: &TournamentConfig, t: &Tournament) -> TournamentShard {
        TournamentShard {
            format: TOURNAMENT_SHARD.into(),
            game: t.game.clone(),
            players: t.players,
            params: cfg
                .params
                .pairs()
                .iter()
                .map(|(k, v)| format!("{k}={v}"))
                .collect(),
            agents: t.agents.clone(),
            games: cfg.games,
            seed: cfg.seed,
            stop_early: cfg.stop_early,
            batch: cfg.batch,
            shard: cfg.shard.unwrap_or(Shard { index: 0, count: 1 }),
            pairings: t.pairings.clone(),
            checksum: None,
        }
    }

    /// Writes the manifest beside `out`, atomically.
    ///
    /// # Errors
    /// [`SimError::Output`].
    pub fn write_beside(&self, out: &std::path::Path) -> Result<(), SimError> {
        crate::shard::write_manifest(out, self)
    }
}

/// Combines tournament shards (`tournament --shard I/N --out F`, each with `F.shard.json`)
/// into the tournament one unsplit run plays, writing its CSV to `out` byte for byte as that
/// run would.
///
/// # Errors
/// A missing, repeated or foreign shard; [`SimError::Output`].
pub fn merge_tournament(
    shards: &[std::path::PathBuf],
    out: Option<&std::path::Path>,
) -> Result<Tournament, SimError> {
    if shards.is_empty() {
        return Err(SimError::Setting(
            "merge needs the shard files (the --out files of `tournament --shard I/N`)".into(),
        ));
    }
    let mut parts = Vec::with_capacity(shards.len());
    for path in shards {
        let m = Manifest::path_for(path);
        let text = std::fs::read_to_string(&m)
            .map_err(|e| SimError::Setting(format!("cannot read {}: {e}", m.display())))?;
        let t: TournamentShard = serde_json::from_str(&text).map_err(|e| {
            SimError::Setting(format!("{} is not a tournament shard: {e}", m.display()))
        })?;
        crate::check_rows(&t, path)?;
        parts.push((t, path));
    }
    let same = |t: &TournamentShard| TournamentShard {
        shard: Shard {
            index: 0,
            count: t.shard.count,
        },
        pairings: Vec::new(),
        checksum: None,
        ..t.clone()
    };
    let first = same(&parts[0].0);
    if let Some((_, p)) = parts.iter().find(|(t, _)| same(t) != first) {
        return Err(SimError::Setting(format!(
            "{} is a shard of another tournament than {}",
            p.display(),
            parts[0].1.display()
        )));
    }
    parts.sort_by_key(|(t, _)| t.shard.index);
    let indices: Vec<(u64, &std::path::Path)> = parts
        .iter()
        .map(|(t, p)| (t.shard.index, p.as_path()))
        .collect();
    crate::check_cover(&indices, first.shard.count)?;
    let pairings: Vec<Pairing> = parts
        .iter()
        .flat_map(|(t, _)| t.pairings.iter().cloned())
        .collect();
    let ratings = bradley_terry(first.agents.len(), &pairings);
    let t = Tournament {
        game: first.game.clone(),
        players: first.players,
        agents: first.agents.clone(),
        pairings,
        ratings,
    };
    if let Some(out) = out {
        t.write_csv(AtomicCsv::create(out)?)?;
    }
    Ok(t)
}

/// True when shard file `path` is a tournament's (its manifest says so).
pub fn is_tournament_shard(path: &std::path::Path) -> bool {
    std::fs::read_to_string(Manifest::path_for(path))
        .map(|t| t.contains(TOURNAMENT_SHARD))
        .unwrap_or(false)
}

fn progress(games: u64, quiet: bool) -> ProgressBar {
    if quiet || !std::io::stderr().is_terminal() {
        return ProgressBar::hidden();
    }
    let bar = ProgressBar::with_draw_target(Some(games), ProgressDrawTarget::stderr());
    bar.set_style(
        ProgressStyle::with_template(
            "{spinner} tournament [{bar:30}] {pos}/{len} games  {msg}  ETA {eta}",
        )
        .expect("valid template")
        .progress_chars("=> "),
    );
    bar
}

#[cfg(test)]
mod tests {
    use super::*;

    fn pairing(a: usize, b: usize, games: u64, rate: f64) -> Pairing {
        let mut share = MeanInterval::default();
        // `games` deals, `rate * games` of them won outright.
        let won = (rate * games as f64).round() as u64;
        for k in 0..games {
            share.add(if k < won { 1.0 } else { 0.0 });
        }
        Pairing {
            a,
            b,
            games,
            share,
            stopped_early: false,
        }
    }

    #[test]
    fn bradley_terry_recovers_known_strengths() {
        // Strengths 4 : 2 : 1 give win shares 2/3 (A-B, B-C) and 4/5 (A-C).
        let ps = [
            pairing(0, 1, 30_000, 2.0 / 3.0),
            pairing(1, 2, 30_000, 2.0 / 3.0),
            pairing(0, 2, 30_000, 0.8),
        ];
        let r = bradley_terry(3, &ps);
        let elo = |k: usize| r.iter().find(|x| x.agent == k).unwrap().elo;
        let step = 400.0 * 2f64.log10(); // a factor of 2 in strength
        assert!((elo(0) - elo(1) - step).abs() < 3.0, "{r:?}");
        assert!((elo(1) - elo(2) - step).abs() < 3.0, "{r:?}");
        assert!(elo(0).abs() < step + 3.0 && (elo(0) + elo(1) + elo(2)).abs() < 1e-6);
        assert_eq!(r[0].agent, 0);
        // Intervals shrink with more games.
        let few = bradley_terry(3, &[pairing(0, 1, 100, 0.6), pairing(1, 2, 100, 0.6)]);
        let many = bradley_terry(3, &[pairing(0, 1, 10_000, 0.6), pairing(1, 2, 10_000, 0.6)]);
        assert!(
            few[0].margin.unwrap() > 5.0 * many[0].margin.unwrap(),
            "{few:?} {many:?}"
        );
    }

    #[test]
    fn an_unbeaten_agent_gets_a_finite_rating() {
        let r = bradley_terry(2, &[pairing(0, 1, 50, 1.0)]);
        assert!(r
            .iter()
            .all(|x| x.elo.is_finite() && x.margin.is_some_and(f64::is_finite)));
        assert!(r[0].elo > 300.0 && r[0].agent == 0);
    }

    use proptest::prelude::*;

    /// A pairing of `deals` deals of one kind: 0 all lost by `a`, 1 all won, 2 all drawn
    /// (half each), 3 won at `rate`.
    fn edge_pairing(a: usize, b: usize, deals: u64, kind: u8, rate: f64) -> Pairing {
        match kind {
            0 => pairing(a, b, deals, 0.0),
            1 => pairing(a, b, deals, 1.0),
            2 => {
                let mut share = MeanInterval::default();
                (0..deals).for_each(|_| share.add(0.5));
                Pairing {
                    a,
                    b,
                    games: deals,
                    share,
                    stopped_early: false,
                }
            }
            _ => pairing(a, b, deals, rate),
        }
    }

    /// The tournament of `pairings` among `m` agents, as a merge builds it.
    fn tournament(m: usize, pairings: Vec<Pairing>, players: usize) -> Tournament {
        Tournament {
            game: "test".into(),
            players,
            agents: (0..m).map(|k| format!("agent{k}")).collect(),
            ratings: bradley_terry(m, &pairings),
            pairings,
        }
    }

    proptest! {
        #[test]
        fn ratings_and_tables_are_finite_for_any_results(
            m in 2usize..5,
            results in proptest::collection::vec(
                (0usize..5, 0usize..5, 0u64..60, 0u8..4, 0.0f64..=1.0),
                0..10,
            ),
        ) {
            let mut ps: Vec<Pairing> = Vec::new();
            for (a, b, deals, kind, rate) in results {
                let (a, b) = (a % m, b % m);
                if a < b && !ps.iter().any(|p| (p.a, p.b) == (a, b)) {
                    ps.push(edge_pairing(a, b, deals, kind, rate));
                }
            }
            let r = bradley_terry(m, &ps);
            let mut agents: Vec<usize> = r.iter().map(|x| x.agent).collect();
            agents.sort_unstable();
            prop_assert_eq!(agents, (0..m).collect::<Vec<_>>());
            for x in &r {
                prop_assert!(x.elo.is_finite(), "{r:?}");
                prop_assert!(x.margin.is_none_or(|d| d.is_finite() && d >= 0.0), "{r:?}");
            }
            prop_assert!(r.windows(2).all(|w| w[0].elo >= w[1].elo));
            let t = tournament(m, ps, 2);
            for i in 0..m {
                for j in 0..m {
                    if let Some((rate, lo, hi, _)) = t.pairing(i, j) {
                        prop_assert!(0.0 <= lo && lo <= rate && rate <= hi && hi <= 1.0);
                    }
                }
            }
            let text = t.table().to_lowercase();
            prop_assert!(!text.contains("nan") && !text.contains("inf"), "{text}");
        }
    }

    #[test]
    fn one_sided_and_drawn_pairings_rate_as_expected() {
        // All drawn: equal ratings.
        let r = bradley_terry(2, &[edge_pairing(0, 1, 40, 2, 0.0)]);
        assert!((r[0].elo - r[1].elo).abs() < 1e-9, "{r:?}");
        // One side winning everything: finite, and the winner first.
        let r = bradley_terry(2, &[edge_pairing(0, 1, 40, 0, 0.0)]);
        assert_eq!(r[0].agent, 1);
        assert!(r.iter().all(|x| x.elo.is_finite() && x.margin.is_some()));
        // An agent that never played: its interval is not estimable, and the table says so.
        let t = tournament(3, vec![edge_pairing(0, 1, 40, 3, 0.7)], 2);
        let idle = t.ratings.iter().find(|x| x.agent == 2).unwrap();
        assert_eq!(idle.margin, None);
        assert!(t.table().contains("not estimable"), "{}", t.table());
        // No games at all.
        let t = tournament(2, vec![edge_pairing(0, 1, 0, 1, 0.0)], 2);
        assert!(t.ratings.iter().all(|x| x.elo.is_finite()));
        assert_eq!(t.pairing(0, 1).map(|p| (p.1, p.2)), Some((0.0, 1.0)));
    }

    #[test]
    fn inverse_of_a_small_matrix() {
        let a = ndarray::arr2(&[[4.0, 1.0], [1.0, 3.0]]);
        let inv = invert(a.clone()).unwrap();
        let id = a.dot(&inv);
        assert!((id[[0, 0]] - 1.0).abs() < 1e-12 && id[[0, 1]].abs() < 1e-12);
        assert!(invert(ndarray::arr2(&[[1.0, 2.0], [2.0, 4.0]])).is_none());
    }
}
