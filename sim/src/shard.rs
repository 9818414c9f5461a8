//! Runs split into shards, and the merge of their outputs into exactly the files one run
//! writes.
//!
//! `simulate --shard I/N --out F` plays share `I` of `N` of the games ([`crate::Shard`]),
//! writes their per-game rows to `F`, and beside it a manifest `F.shard.json`
//! ([`Manifest`]) naming the whole run. [`merge`] checks that the shards' manifests describe
//! one run and cover it exactly once, concatenates their rows in game order, and rebuilds the
//! summary from the rows (the per-game CSV keeps every number exactly), so the merged files
//! are byte for byte those of the unsplit run.
//!
//! Every manifest carries [`Checksums`]: the SHA-256 of its shard file's bytes and of its own
//! settings. A merge refuses a shard whose file or manifest was changed after the run, naming
//! the file, and refuses a manifest without checksums (written by an older cardsim) with a
//! request to rerun that shard: a merge promises the unsplit run's files, which a shard it
//! cannot check might not give.

use crate::{find_game, AtomicCsv, GameRecord, Report, Request, SeatRecord, Shard, SimConfig};
use crate::{SimError, MAX_STATS};
use arrayvec::ArrayVec;
use cardsim_agents::AgentSpec;
use cardsim_engine::Params;
use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};
use serde::{Deserialize, Serialize};
use sha2::{Digest, Sha256};
use std::io::IsTerminal;
use std::path::{Path, PathBuf};

/// The format tag of a manifest.
const FORMAT: &str = "cardsim-shard/1";

/// What a shard's manifest records: the whole run it is part of, and its share.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Manifest {
    /// Always `cardsim-shard/1`.
    pub format: String,
    /// The game's name.
    pub game: String,
    /// Players.
    pub players: usize,
    /// Rule parameters, `key=value`, as given.
    pub params: Vec<String>,
    /// Agent specs as given (empty: the game's default).
    pub agents: Vec<String>,
    /// Games in the whole run.
    pub games: u64,
    /// Master seed.
    pub seed: u64,
    /// Seat rotation.
    pub rotate: bool,
    /// Duplicate deals.
    pub duplicate: bool,
    /// The run's move limit.
    pub max_moves: u64,
    /// This shard.
    pub shard: Shard,
    /// The first game index of this shard.
    pub first: u64,
    /// One past its last game index.
    pub end: u64,
    /// The checksums of the shard's rows and of this manifest's settings (absent in the
    /// manifests of older versions).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub checksum: Option<Checksums>,
}

impl Manifest {
    /// The manifest of `request`'s shard, which plays games `range`.
    pub fn of(request: &Request, game: &str, players: usize, range: std::ops::Range<u64>) -> Self {
        let c = &request.config;
        Manifest {
            format: FORMAT.into(),
            game: game.into(),
            players,
            params: request
                .params
                .pairs()
                .iter()
                .map(|(k, v)| format!("{k}={v}"))
                .collect(),
            agents: request.agents.iter().map(|a| a.to_string()).collect(),
            games: c.games,
            seed: c.seed,
            rotate: c.rotate,
            duplicate: c.duplicate,
            max_moves: c.max_moves,
            shard: c.shard.unwrap_or(Shard { index: 0, count: 1 }),
            first: range.start,
            end: range.end,
            checksum: None,
        }
    }

    /// The path of the manifest of per-game file `out`: `out` with `.shard.json` appended.
    pub fn path_for(out: &Path) -> PathBuf {
        let mut p = out.as_os_str().to_owned();
        p.push(".shard.json");
        PathBuf::from(p)
    }

    /// Writes the manifest beside `out`, atomically.
    ///
    /// # Errors
    /// [`SimError::Output`].
    pub fn write_beside(&self, out: &Path) -> Result<(), SimError> {
        write_manifest(out, self)
    }

    /// Reads the manifest of shard file `shard`.
    ///
    /// # Errors
    /// [`SimError::Setting`] naming the file, when it is missing or not a manifest.
    pub fn read_for(shard: &Path) -> Result<Manifest, SimError> {
        let path = Self::path_for(shard);
        let text = std::fs::read_to_string(&path).map_err(|e| {
            SimError::Setting(format!(
                "cannot read {} ({e}); a shard is written by `cardsim simulate --shard I/N --out {}`",
                path.display(),
                shard.display()
            ))
        })?;
        let m: Manifest = serde_json::from_str(&text).map_err(|e| {
            SimError::Setting(format!("{} is not a shard manifest: {e}", path.display()))
        })?;
        if m.format != FORMAT {
            return Err(SimError::Setting(format!(
                "{}: format {:?}, expected {FORMAT:?}",
                path.display(),
                m.format
            )));
        }
        check_settings(&m, shard)?;
        Ok(m)
    }

    /// The request of the whole run.
    ///
    /// # Errors
    /// Bad parameters or specs in the manifest.
    pub fn request(&self) -> Result<Request, SimError> {
        let agents = self
            .agents
            .iter()
            .map(|a| a.parse::<AgentSpec>())
            .collect::<Result<Vec<_>, _>>()?;
        Ok(Request {
            players: Some(self.players),
            params: Params::parse(&self.params)?,
            agents,
            config: SimConfig {
                games: self.games,
                seed: self.seed,
                threads: 1,
                rotate: self.rotate,
                quiet: true,
                duplicate: self.duplicate,
                max_moves: self.max_moves,
                shard: None,
                records: false,
                start: 0,
                deals: Vec::new(),
                position: None,
            },
            out: None,
            summary: None,
            records: None,
        })
    }

    /// The manifest with the shard-specific fields cleared, for comparing shards of one run.
    fn run_part(&self) -> Manifest {
        Manifest {
            shard: Shard {
                index: 0,
                count: self.shard.count,
            },
            first: 0,
            end: 0,
            checksum: None,
            ..self.clone()
        }
    }
}

impl Sealed for Manifest {
    fn checksum(&self) -> Option<&Checksums> {
        self.checksum.as_ref()
    }

    fn set_checksum(&mut self, checksum: Option<Checksums>) {
        self.checksum = checksum;
    }
}

/// The SHA-256 checksums a shard's manifest carries, as lowercase hex.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Checksums {
    /// Of the shard file's bytes (the rows `--out` got).
    pub rows: String,
    /// Of the manifest's JSON with its checksums left out: the run's settings, the shard,
    /// and whatever results the manifest holds.
    pub settings: String,
}

/// A shard manifest that carries [`Checksums`]: every kind of shard (runs, tournaments,
/// experiments) is sealed when written ([`write_manifest`]) and checked when merged
/// ([`check_settings`], [`check_rows`]).
pub trait Sealed: Serialize + Clone {
    /// The checksums, if the manifest has them.
    fn checksum(&self) -> Option<&Checksums>;
    /// Replaces the checksums.
    fn set_checksum(&mut self, checksum: Option<Checksums>);
}

/// The SHA-256 of `bytes`, as lowercase hex.
fn sha256_hex(bytes: &[u8]) -> String {
    hex(&Sha256::digest(bytes))
}

fn hex(digest: &[u8]) -> String {
    digest.iter().map(|b| format!("{b:02x}")).collect()
}

/// The SHA-256 of the file at `path`, read in blocks.
///
/// # Errors
/// [`SimError::Setting`] naming the file when it cannot be read.
fn file_sha256(path: &Path) -> Result<String, SimError> {
    let err = |e: std::io::Error| SimError::Setting(format!("cannot read {}: {e}", path.display()));
    let mut file = std::fs::File::open(path).map_err(err)?;
    let mut hasher = Sha256::new();
    std::io::copy(&mut file, &mut hasher).map_err(err)?;
    Ok(hex(&hasher.finalize()))
}

/// The checksum of `manifest`'s settings: its JSON without its checksums.
fn settings_sha256<T: Sealed>(manifest: &T) -> String {
    let mut bare = manifest.clone();
    bare.set_checksum(None);
    sha256_hex(&serde_json::to_vec(&bare).expect("a manifest serializes"))
}

/// `manifest` with the checksums of its settings and of shard file `out`.
///
/// # Errors
/// [`SimError::Setting`] when `out` cannot be read.
fn seal<T: Sealed>(manifest: &T, out: &Path) -> Result<T, SimError> {
    let mut sealed = manifest.clone();
    sealed.set_checksum(Some(Checksums {
        rows: file_sha256(out)?,
        settings: settings_sha256(manifest),
    }));
    Ok(sealed)
}

/// Checks that the manifest of shard file `shard` has checksums and that its settings are
/// the ones it was written with.
///
/// # Errors
/// [`SimError::Setting`] naming the manifest: no checksums (an older cardsim wrote it), or
/// settings changed after the run.
pub fn check_settings<T: Sealed>(manifest: &T, shard: &Path) -> Result<(), SimError> {
    let path = Manifest::path_for(shard);
    let Some(sum) = manifest.checksum() else {
        return Err(SimError::Setting(format!(
            "{} has no checksums (an older cardsim wrote it), so the shard cannot be checked; \
             rerun shard {}",
            path.display(),
            shard.display()
        )));
    };
    if sum.settings != settings_sha256(manifest) {
        return Err(SimError::Setting(format!(
            "{} does not match its checksum (edited after the run?); rerun shard {}",
            path.display(),
            shard.display()
        )));
    }
    Ok(())
}

/// Checks that shard file `shard` holds the bytes its manifest's checksum was taken of.
///
/// # Errors
/// [`SimError::Setting`] naming the file when it differs or cannot be read.
pub fn check_rows<T: Sealed>(manifest: &T, shard: &Path) -> Result<(), SimError> {
    check_settings(manifest, shard)?;
    let sum = manifest.checksum().map(|c| c.rows.as_str());
    if sum != Some(file_sha256(shard)?.as_str()) {
        return Err(SimError::Setting(format!(
            "{} does not match the checksum in its manifest (edited after the run?); rerun \
             that shard",
            shard.display()
        )));
    }
    Ok(())
}

/// Writes `manifest`, sealed with the [`Checksums`] of the finished shard file `out`, as
/// JSON to [`Manifest::path_for`] `out` (`out.shard.json`), atomically: the manifest beside a
/// shard's output, for every kind of shard (runs, tournaments, experiments).
///
/// # Errors
/// [`SimError::Output`], or [`SimError::Setting`] when `out` cannot be read back.
pub fn write_manifest<T: Sealed>(out: &Path, manifest: &T) -> Result<(), SimError> {
    let manifest = &seal(manifest, out)?;
    let path = Manifest::path_for(out);
    let text = serde_json::to_vec_pretty(manifest).map_err(|e| SimError::Output {
        path: path.clone(),
        source: e.into(),
    })?;
    crate::write_file(&path, &text)
}

/// Checks that `shards` (each shard's index and file, sorted by index) are every one of the
/// `count` shards of a run, each once. The work is bounded by the files given, whatever count
/// a manifest claims.
///
/// # Errors
/// [`SimError::Setting`] naming the first missing shard, or a shard given twice and its two
/// files.
pub fn check_cover(shards: &[(u64, &Path)], count: u64) -> Result<(), SimError> {
    for (k, &(index, path)) in shards.iter().enumerate() {
        let k = k as u64;
        if index >= count {
            return Err(SimError::Setting(format!(
                "{}: shard {index}/{count} does not exist",
                path.display()
            )));
        }
        if index < k {
            return Err(SimError::Setting(format!(
                "shard {index}/{count} is given twice: {} and {}",
                shards[k as usize - 1].1.display(),
                path.display()
            )));
        }
        if index > k {
            return Err(SimError::Setting(format!(
                "shard {k}/{count} is missing; give all {count} shards"
            )));
        }
    }
    let given = shards.len() as u64;
    if given < count {
        return Err(SimError::Setting(format!(
            "shard {given}/{count} is missing; give all {count} shards"
        )));
    }
    Ok(())
}

/// The header of the per-game CSV of a game with statistics `stats`.
pub fn per_game_header(stats: &[&str]) -> Vec<String> {
    [
        "game", "seed", "seat", "agent", "score", "place", "win", "moves", "draw",
    ]
    .iter()
    .chain(stats)
    .map(|s| s.to_string())
    .collect()
}

/// Formats a number of the per-game CSV exactly: integers without a fraction, others as the
/// shortest decimal that reads back as the same `f64`.
pub fn fmt_exact(x: f64) -> String {
    if x.fract() == 0.0 && x.abs() < 1e15 {
        format!("{}", x as i64)
    } else {
        format!("{x}")
    }
}

/// The per-game CSV rows of `record` (one per seat), `labels[k]` naming agent `k`.
pub fn per_game_rows(record: &GameRecord, labels: &[String], seed: u64) -> Vec<Vec<String>> {
    let index = record.index.to_string();
    let moves = record.moves.to_string();
    let draw = u8::from(record.draw).to_string();
    let seed = seed.to_string();
    let stats: Vec<String> = record.stats.iter().map(|&x| fmt_exact(x)).collect();
    record
        .seats
        .iter()
        .enumerate()
        .map(|(s, r)| {
            let mut row = vec![
                index.clone(),
                seed.clone(),
                s.to_string(),
                labels[r.agent].clone(),
                fmt_exact(r.score),
                r.place.to_string(),
                fmt_exact(r.win),
                moves.clone(),
                draw.clone(),
            ];
            row.extend(stats.iter().cloned());
            row
        })
        .collect()
}

/// Merges shard files (their manifests beside them) into the per-game CSV `out` and the
/// summary CSV `summary` of the whole run, byte-identical to an unsplit run's, and returns
/// the run's report. Nothing is written unless every shard is complete and consistent.
///
/// # Errors
/// A missing, duplicated or foreign shard, or a row that is not what the run wrote, named by
/// file and line; [`SimError::Output`].
pub fn merge(
    shards: &[PathBuf],
    out: Option<&Path>,
    summary: Option<&Path>,
    quiet: bool,
) -> Result<Report, SimError> {
    if shards.is_empty() {
        return Err(SimError::Setting(
            "merge needs the shard files (the --out files of `simulate --shard I/N`)".into(),
        ));
    }
    let mut parts: Vec<(Manifest, &PathBuf)> = Vec::with_capacity(shards.len());
    for path in shards {
        parts.push((Manifest::read_for(path)?, path));
    }
    let run = parts[0].0.run_part();
    for (m, path) in &parts {
        if m.run_part() != run {
            return Err(SimError::Setting(format!(
                "{} is a shard of another run than {} (game, agents, parameters, games, seed \
                 or shard count differ)",
                path.display(),
                parts[0].1.display()
            )));
        }
    }
    parts.sort_by_key(|(m, _)| m.shard.index);
    let indices: Vec<(u64, &Path)> = parts
        .iter()
        .map(|(m, p)| (m.shard.index, p.as_path()))
        .collect();
    check_cover(&indices, run.shard.count)?;
    let mut expected = 0;
    for (m, path) in &parts {
        if m.first != expected || m.end < m.first {
            return Err(SimError::Setting(format!(
                "{}: shard {} holds games {}..{}, expected to start at game {expected}",
                path.display(),
                m.shard,
                m.first,
                m.end
            )));
        }
        expected = m.end;
    }
    if expected != run.games {
        return Err(SimError::Setting(format!(
            "the shards hold games 0..{expected} of a run of {}",
            run.games
        )));
    }
    let request = run.request()?;
    let entry = find_game(&run.game)?;
    let (mut report, labels) = (entry.report)(&request)?;
    let header = per_game_header(entry.info.stats);
    let mut writer = out.map(AtomicCsv::create).transpose()?;
    let summary = summary.map(AtomicCsv::create).transpose()?;
    if let Some(w) = writer.as_mut() {
        w.write(&header)?;
    }
    let bar = progress(run.games, quiet);
    for (m, path) in &parts {
        merge_one(
            m,
            path,
            &header,
            &labels,
            &mut report,
            writer.as_mut(),
            &bar,
        )?;
        // After the rows, so that a row that is not one the run writes is named by line.
        check_rows(m, path)?;
    }
    bar.finish_and_clear();
    if let Some(w) = writer {
        w.commit()?;
    }
    if let Some(s) = summary {
        report.write_csv(s)?;
    }
    Ok(report)
}

/// Adds one shard's games to `report` and copies its rows to `out`.
fn merge_one(
    m: &Manifest,
    path: &Path,
    header: &[String],
    labels: &[String],
    report: &mut Report,
    mut out: Option<&mut AtomicCsv>,
    bar: &ProgressBar,
) -> Result<(), SimError> {
    let bad = |line: u64, what: String| {
        SimError::Setting(format!("{} line {line}: {what}", path.display()))
    };
    let mut reader = csv::Reader::from_path(path).map_err(|e| bad(0, e.to_string()))?;
    let found = reader.headers().map_err(|e| bad(1, e.to_string()))?;
    if found.iter().ne(header.iter().map(String::as_str)) {
        return Err(bad(1, format!("header is not {}", header.join(","))));
    }
    let players = m.players;
    let seed = m.seed.to_string();
    let mut next = m.first;
    let mut record = GameRecord {
        index: 0,
        seats: ArrayVec::new(),
        moves: 0,
        draw: false,
        stats: ArrayVec::new(),
        trace: None,
    };
    let stat_count = header.len() - 9;
    let mut row = csv::StringRecord::new();
    let mut line = 1;
    loop {
        let more = reader
            .read_record(&mut row)
            .map_err(|e| bad(line + 1, e.to_string()))?;
        if !more {
            break;
        }
        line += 1;
        let seat = record.seats.len();
        let field = |c: usize| row.get(c).unwrap_or("");
        let num = |c: usize| -> Result<f64, SimError> {
            field(c).parse::<f64>().map_err(|_| {
                bad(
                    line,
                    format!("{} {:?} is not a number", header[c], field(c)),
                )
            })
        };
        if field(0) != next.to_string() || field(2) != seat.to_string() || field(1) != seed {
            return Err(bad(
                line,
                format!(
                    "expected game {next} seat {seat} of seed {seed}, found game {} seat {} seed {}",
                    field(0),
                    field(2),
                    field(1)
                ),
            ));
        }
        let agent = labels
            .iter()
            .position(|l| l == field(3))
            .ok_or_else(|| bad(line, format!("agent {:?} is not in this run", field(3))))?;
        let place = field(5)
            .parse::<u8>()
            .map_err(|_| bad(line, format!("place {:?} is not a place", field(5))))?;
        let (moves, draw) = (field(7), field(8));
        if seat == 0 {
            record.index = next;
            record.moves = moves
                .parse()
                .map_err(|_| bad(line, format!("moves {moves:?} is not a count")))?;
            record.draw = match draw {
                "0" => false,
                "1" => true,
                _ => return Err(bad(line, format!("draw {draw:?} is not 0 or 1"))),
            };
            record.stats.clear();
            for c in 9..9 + stat_count.min(MAX_STATS) {
                record.stats.push(num(c)?);
            }
        } else if moves != record.moves.to_string() || draw != u8::from(record.draw).to_string() {
            return Err(bad(
                line,
                "moves or draw differ between the seats of a game".into(),
            ));
        }
        record.seats.push(SeatRecord {
            agent,
            score: num(4)?,
            place,
            win: num(6)?,
        });
        if let Some(w) = out.as_deref_mut() {
            w.write(&row)?;
        }
        if record.seats.len() == players {
            report.add(&record, labels);
            record.seats.clear();
            next += 1;
            bar.inc(1);
        }
    }
    if next != m.end || !record.seats.is_empty() {
        return Err(bad(
            line,
            format!(
                "the shard ends at game {next}; its manifest says games {}..{}",
                m.first, m.end
            ),
        ));
    }
    Ok(())
}

fn progress(games: u64, quiet: bool) -> ProgressBar {
    if quiet || !std::io::stderr().is_terminal() {
        return ProgressBar::hidden();
    }
    let bar = ProgressBar::with_draw_target(Some(games), ProgressDrawTarget::stderr());
    bar.set_style(
        ProgressStyle::with_template("{spinner} merge [{bar:30}] {pos}/{len} games  ETA {eta}")
            .expect("valid template")
            .progress_chars("=> "),
    );
    bar
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn exact_numbers_read_back_as_themselves() {
        for x in [0.0, 1.0, -3.0, 1.0 / 3.0, 2.0 / 3.0, 0.1, 1e-9, 123456.789] {
            assert_eq!(fmt_exact(x).parse::<f64>().unwrap(), x);
        }
        assert_eq!(fmt_exact(0.5), "0.5");
        assert_eq!(fmt_exact(-7.0), "-7");
    }
}
