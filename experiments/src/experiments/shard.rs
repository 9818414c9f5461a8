//! Experiments split into shards, and the merge of the shards into the experiment's result.
//!
//! An experiment is a list of parts (its configurations: a player count, a matchup, a deck,
//! a reaction-time gap), each a run of samples numbered from 0: a game, or a duplicate deal
//! where the experiment counts deals. A sample is a pure function of the seed, the part and
//! its number, so any split plays the same samples.
//!
//! `cardsim experiment NAME --shard I/N --out F` plays, of every part, the contiguous share
//! [`Shard::range`] of its samples (so every shard gets its share of the costly parts), and
//! writes one CSV row per sample to `F`: `part,index` and the experiment's columns, each number
//! written exactly ([`exact`]: it reads back as the same `f64`), an empty field where a sample
//! has no value. Beside it, `F.shard.json` ([`ExperimentShard`]) names the experiment, its
//! settings, the shard and each part's range.
//!
//! `cardsim merge F0 F1 ...` checks that the manifests describe one run and cover every part
//! exactly once, reads the rows back in part and index order, and feeds them to the same
//! accumulator an unsplit run feeds as it plays ([`Sharded::add`]); the result CSV, printed
//! table and plot come from [`Sharded::finish`] as for the unsplit run, so they are byte for
//! byte the unsplit run's. The exceptions are measured times, which differ between any two
//! runs: the search experiments' `seconds` per matchup (merged: the shards' total) and
//! Seahaven's solver `millis` per deal (merged: each deal's time in its shard).

use super::{Mode, Settings};
use cardsim_sim::{fmt_exact, write_manifest, AtomicCsv, Checksums, Manifest, Plan, Sealed, Shard};
use serde::{Deserialize, Serialize};
use std::ops::Range;
use std::path::{Path, PathBuf};
use std::time::Instant;

/// The format tag of an experiment shard's manifest.
pub const FORMAT: &str = "cardsim-experiment-shard/1";

/// One configuration of an experiment: its name and how many samples it plays.
#[derive(Clone, Debug, PartialEq)]
pub struct Part {
    /// A short name (`players=3`, `heuristic vs random`, ...).
    pub name: String,
    /// Samples (games or deals) in the whole run.
    pub samples: u64,
}

/// One sample's values, one per column of [`Sharded::columns`]; `None` where it has none.
pub type Sample = Vec<Option<f64>>;

/// Where a part's samples go as they are played.
pub type Emit<'a> = dyn FnMut(Sample) -> Result<(), String> + 'a;

/// An experiment made of parts of numbered samples, which can be split and merged.
pub trait Sharded {
    /// What the result is built from, sample by sample.
    type Acc;

    /// The names of a sample's values.
    fn columns(&self) -> &'static [&'static str];

    /// The experiment's parts, from its settings (`games` and its defaults).
    ///
    /// # Errors
    /// Bad settings, in one line.
    fn parts(&self, s: &Settings) -> Result<Vec<Part>, String>;

    /// Plays samples `range` of part `part`, handing each to `emit` in index order.
    ///
    /// # Errors
    /// A failure of the run, or of `emit`.
    fn play(
        &self,
        s: &Settings,
        part: usize,
        range: Range<u64>,
        emit: &mut Emit<'_>,
    ) -> Result<(), String>;

    /// The accumulator before any sample.
    fn start(&self, parts: &[Part]) -> Self::Acc;

    /// Adds sample `sample` of part `part` (samples come in index order, parts in order).
    fn add(&self, acc: &mut Self::Acc, part: usize, sample: &[Option<f64>]);

    /// Writes the result files and prints the table; `seconds[k]` is the time part `k` took.
    ///
    /// # Errors
    /// An unwritable output, in one line.
    fn finish(
        &self,
        s: &Settings,
        parts: &[Part],
        acc: Self::Acc,
        seconds: &[f64],
    ) -> Result<(), String>;

    /// The files [`Sharded::finish`] writes, checked before anything is played.
    fn outputs(&self, s: &Settings) -> Vec<PathBuf> {
        vec![s.out.clone()]
    }

    /// A note on a finished part for the progress line (e.g. its win share so far).
    fn note(&self, _acc: &Self::Acc, _part: usize) -> String {
        String::new()
    }
}

/// One part's share in a shard's manifest.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct PartShard {
    /// The part's name.
    pub name: String,
    /// Its samples in the whole run.
    pub samples: u64,
    /// The first sample of this shard.
    pub first: u64,
    /// One past its last.
    pub end: u64,
    /// Seconds this shard spent on the part.
    pub seconds: f64,
}

/// What an experiment shard's manifest (`F.shard.json` beside its `--out F`) records.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct ExperimentShard {
    /// Always [`FORMAT`].
    pub format: String,
    /// The experiment's name.
    pub experiment: String,
    /// `--games` as given (`None`: the experiment's defaults).
    pub games: Option<u64>,
    /// Master seed.
    pub seed: u64,
    /// This shard.
    pub shard: Shard,
    /// The columns of the rows.
    pub columns: Vec<String>,
    /// Every part, with this shard's range of it.
    pub parts: Vec<PartShard>,
    /// The checksums of the shard's rows and of this manifest (absent in the manifests of
    /// older versions).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub checksum: Option<Checksums>,
}

impl Sealed for ExperimentShard {
    fn checksum(&self) -> Option<&Checksums> {
        self.checksum.as_ref()
    }

    fn set_checksum(&mut self, checksum: Option<Checksums>) {
        self.checksum = checksum;
    }
}

impl ExperimentShard {
    /// The manifest with the shard's own fields cleared, for comparing shards of one run.
    fn run_part(&self) -> ExperimentShard {
        ExperimentShard {
            shard: Shard {
                index: 0,
                count: self.shard.count,
            },
            parts: self
                .parts
                .iter()
                .map(|p| PartShard {
                    first: 0,
                    end: 0,
                    seconds: 0.0,
                    ..p.clone()
                })
                .collect(),
            checksum: None,
            ..self.clone()
        }
    }
}

/// The experiment of shard file `path`, when its manifest is an experiment shard's.
pub fn experiment_of(path: &Path) -> Option<String> {
    let text = std::fs::read_to_string(Manifest::path_for(path)).ok()?;
    let m: ExperimentShard = serde_json::from_str(&text).ok()?;
    (m.format == FORMAT).then_some(m.experiment)
}

/// Writes `x` so that it reads back as the same `f64` ([`fmt_exact`], keeping the sign of
/// zero).
pub fn exact(x: f64) -> String {
    if x == 0.0 && x.is_sign_negative() {
        "-0".into()
    } else {
        fmt_exact(x)
    }
}

/// A [`cardsim_sim::SimConfig`] that plays samples `range` of a run whose samples are blocks
/// of `block` games (a duplicate deal), each game as the whole run plays it.
pub fn games_of(
    config: cardsim_sim::SimConfig,
    range: &Range<u64>,
    block: u64,
) -> cardsim_sim::SimConfig {
    config.start(range.start * block).games(range.end * block)
}

/// Runs experiment `e` (named `name`) as `s.mode` says: whole, one shard, or a merge.
///
/// # Errors
/// One line: bad settings, an unwritable output, a failed run, or shards that do not make
/// one run (then nothing is written).
pub fn drive<E: Sharded>(e: &E, name: &str, s: &Settings) -> Result<(), String> {
    plan(e, s)?;
    match &s.mode {
        Mode::Whole => whole(e, name, s),
        Mode::Shard(shard) => one_shard(e, name, s, *shard),
        Mode::Merge(paths) => merge(e, name, s, paths),
    }
}

/// Declares the run's inputs and outputs before any work ([`Plan`]).
fn plan<E: Sharded>(e: &E, s: &Settings) -> Result<(), String> {
    let err = |e: cardsim_sim::SimError| e.to_string();
    let mut plan = Plan::new();
    if let Mode::Merge(paths) = &s.mode {
        for path in paths {
            plan.input("shard", path).map_err(err)?;
            plan.input("shard manifest", &Manifest::path_for(path))
                .map_err(err)?;
        }
    }
    if let Mode::Shard(_) = s.mode {
        crate::cli::plan_outputs(&mut plan, Some(&s.out), true)?;
    } else {
        for (k, path) in e.outputs(s).iter().enumerate() {
            let what = if k == 0 { "--out" } else { "output" };
            plan.output(what, path).map_err(err)?;
        }
        plan.output_opt("--plot", s.plot.as_deref()).map_err(err)?;
    }
    Ok(())
}

fn whole<E: Sharded>(e: &E, name: &str, s: &Settings) -> Result<(), String> {
    let parts = e.parts(s)?;
    let mut acc = e.start(&parts);
    let mut seconds = Vec::with_capacity(parts.len());
    for (k, part) in parts.iter().enumerate() {
        let started = Instant::now();
        e.play(s, k, 0..part.samples, &mut |x| {
            e.add(&mut acc, k, &x);
            Ok(())
        })?;
        let secs = started.elapsed().as_secs_f64();
        seconds.push(secs);
        if !s.quiet {
            eprintln!(
                "{name}: {} done ({} samples in {secs:.1} s){}",
                part.name,
                part.samples,
                e.note(&acc, k)
            );
        }
    }
    e.finish(s, &parts, acc, &seconds)
}

fn one_shard<E: Sharded>(e: &E, name: &str, s: &Settings, shard: Shard) -> Result<(), String> {
    let parts = e.parts(s)?;
    let columns = e.columns();
    let err = |e: cardsim_sim::SimError| e.to_string();
    let mut out = AtomicCsv::create(&s.out).map_err(err)?;
    let header = ["part", "index"].into_iter().chain(columns.iter().copied());
    out.write(header).map_err(err)?;
    let mut manifest = ExperimentShard {
        format: FORMAT.into(),
        experiment: name.into(),
        games: s.games,
        seed: s.seed,
        shard,
        columns: columns.iter().map(|c| c.to_string()).collect(),
        parts: Vec::with_capacity(parts.len()),
        checksum: None,
    };
    let mut total = 0;
    for (k, part) in parts.iter().enumerate() {
        let range = shard.range(part.samples, 1);
        let started = Instant::now();
        let mut next = range.start;
        if !range.is_empty() {
            e.play(s, k, range.clone(), &mut |x| {
                if x.len() != columns.len() {
                    return Err(format!(
                        "internal error: {name} gave {} values for {} columns",
                        x.len(),
                        columns.len()
                    ));
                }
                let row = [k.to_string(), next.to_string()]
                    .into_iter()
                    .chain(x.iter().map(|v| v.map_or_else(String::new, exact)));
                out.write(row).map_err(err)?;
                next += 1;
                Ok(())
            })?;
        }
        if next != range.end {
            return Err(format!(
                "internal error: {name} {} played samples {}..{next}, not {range:?}",
                part.name, range.start
            ));
        }
        total += range.end - range.start;
        manifest.parts.push(PartShard {
            name: part.name.clone(),
            samples: part.samples,
            first: range.start,
            end: range.end,
            seconds: started.elapsed().as_secs_f64(),
        });
    }
    out.commit().map_err(err)?;
    write_manifest(&s.out, &manifest).map_err(err)?;
    eprintln!(
        "{name} shard {shard}: {total} samples of {} parts written to {} (combine the shards with `cardsim merge`)",
        parts.len(),
        s.out.display()
    );
    Ok(())
}

/// A shard file open for reading, with its manifest.
struct Open<'a> {
    path: &'a Path,
    manifest: ExperimentShard,
    reader: csv::Reader<std::fs::File>,
    /// The row read ahead, if any.
    row: Option<csv::StringRecord>,
}

impl Open<'_> {
    fn bad(&self, what: impl std::fmt::Display) -> String {
        // The row read ahead is the one in question, when there is one.
        let line = self
            .row
            .as_ref()
            .and_then(|r| r.position())
            .map_or_else(|| self.reader.position().line(), |p| p.line());
        format!("{} line {line}: {what}", self.path.display())
    }

    fn advance(&mut self) -> Result<(), String> {
        let mut row = csv::StringRecord::new();
        let more = self.reader.read_record(&mut row).map_err(|e| self.bad(e))?;
        self.row = more.then_some(row);
        Ok(())
    }
}

fn read_manifest(path: &Path) -> Result<ExperimentShard, String> {
    let m = Manifest::path_for(path);
    let text = std::fs::read_to_string(&m).map_err(|e| {
        format!(
            "cannot read {} ({e}); an experiment shard is written by `cardsim experiment NAME --shard I/N --out {}`",
            m.display(),
            path.display()
        )
    })?;
    let bad = |e: &dyn std::fmt::Display| format!("{} is not a shard manifest: {e}", m.display());
    let value: serde_json::Value = serde_json::from_str(&text).map_err(|e| bad(&e))?;
    let format = value.get("format").and_then(|f| f.as_str()).unwrap_or("");
    if format != FORMAT {
        return Err(format!(
            "{} is not an experiment's shard (its manifest's format is {format:?}); merge the shards of one run at a time",
            path.display()
        ));
    }
    let manifest: ExperimentShard = serde_json::from_value(value).map_err(|e| bad(&e))?;
    cardsim_sim::check_settings(&manifest, path).map_err(|e| e.to_string())?;
    Ok(manifest)
}

fn merge<E: Sharded>(e: &E, name: &str, s: &Settings, paths: &[PathBuf]) -> Result<(), String> {
    if paths.is_empty() {
        return Err("merge needs the shard files".into());
    }
    let mut manifests = Vec::with_capacity(paths.len());
    for path in paths {
        manifests.push((read_manifest(path)?, path));
    }
    let run = manifests[0].0.run_part();
    for (m, path) in &manifests {
        if m.experiment != name {
            return Err(format!(
                "{} is a shard of experiment {}, not {name}",
                path.display(),
                m.experiment
            ));
        }
        if m.run_part() != run {
            return Err(format!(
                "{} is a shard of another run than {} (games, seed, shard count or parts differ)",
                path.display(),
                manifests[0].1.display()
            ));
        }
    }
    manifests.sort_by_key(|(m, _)| m.shard.index);
    let indices: Vec<(u64, &Path)> = manifests
        .iter()
        .map(|(m, p)| (m.shard.index, p.as_path()))
        .collect();
    cardsim_sim::check_cover(&indices, run.shard.count).map_err(|e| e.to_string())?;
    let settings = Settings {
        games: run.games,
        seed: run.seed,
        threads: s.threads,
        out: s.out.clone(),
        quiet: s.quiet,
        plot: s.plot.clone(),
        mode: Mode::Whole,
        games_named: Vec::new(),
        agents_named: Vec::new(),
    };
    let parts = e.parts(&settings)?;
    let columns = e.columns();
    let same_parts = parts.len() == run.parts.len()
        && parts
            .iter()
            .zip(&run.parts)
            .all(|(p, q)| p.name == q.name && p.samples == q.samples);
    if !same_parts || run.columns.iter().ne(columns.iter()) {
        return Err(format!(
            "{}: its parts or columns are not those of {name} with these settings (written by another version of cardsim?)",
            manifests[0].1.display()
        ));
    }
    for (m, path) in &manifests {
        for (p, q) in parts.iter().zip(&m.parts) {
            let r = m.shard.range(p.samples, 1);
            if q.first != r.start || q.end != r.end {
                return Err(format!(
                    "{}: shard {} holds samples {}..{} of {}, expected {}..{}",
                    path.display(),
                    m.shard,
                    q.first,
                    q.end,
                    p.name,
                    r.start,
                    r.end
                ));
            }
        }
    }
    // Every shard open at once: part k is read from each shard in turn.
    let mut open = Vec::with_capacity(manifests.len());
    for (m, path) in manifests {
        let reader = csv::ReaderBuilder::new()
            .flexible(true)
            .from_path(path)
            .map_err(|e| format!("cannot read {}: {e}", path.display()))?;
        let mut o = Open {
            path,
            manifest: m,
            reader,
            row: None,
        };
        let header = match o.reader.headers() {
            Ok(h) => h.clone(),
            Err(e) => return Err(o.bad(e)),
        };
        let want: Vec<&str> = ["part", "index"]
            .into_iter()
            .chain(columns.iter().copied())
            .collect();
        if header.iter().ne(want.iter().copied()) {
            return Err(o.bad(format!("header is not {}", want.join(","))));
        }
        o.advance()?;
        open.push(o);
    }
    let mut acc = e.start(&parts);
    let mut seconds = vec![0.0; parts.len()];
    let mut sample: Sample = Vec::with_capacity(columns.len());
    for (k, part) in parts.iter().enumerate() {
        for o in &mut open {
            let q = &o.manifest.parts[k];
            seconds[k] += q.seconds;
            for index in q.first..q.end {
                let Some(row) = o.row.as_ref() else {
                    return Err(o.bad(format!(
                        "the file ends before sample {index} of {}",
                        part.name
                    )));
                };
                if row.len() != 2 + columns.len()
                    || row.get(0) != Some(k.to_string().as_str())
                    || row.get(1) != Some(index.to_string().as_str())
                {
                    return Err(o.bad(format!(
                        "expected part {k} sample {index} with {} values, found {:?}",
                        columns.len(),
                        row.iter().take(2).collect::<Vec<_>>()
                    )));
                }
                sample.clear();
                for (c, field) in row.iter().skip(2).enumerate() {
                    if field.is_empty() {
                        sample.push(None);
                    } else {
                        let x = field.parse::<f64>().map_err(|_| {
                            o.bad(format!("{} {field:?} is not a number", columns[c]))
                        })?;
                        sample.push(Some(x));
                    }
                }
                e.add(&mut acc, k, &sample);
                o.advance()?;
            }
        }
    }
    if let Some(o) = open.iter().find(|o| o.row.is_some()) {
        return Err(o.bad("rows beyond the shard's samples"));
    }
    // After the rows, so that a row that is not one the run writes is named by line.
    for o in &open {
        cardsim_sim::check_rows(&o.manifest, o.path).map_err(|e| e.to_string())?;
    }
    eprintln!("merged {} shards of {name}", open.len());
    e.finish(&settings, &parts, acc, &seconds)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn exact_numbers_keep_the_sign_of_zero() {
        for x in [0.0, -0.0, 1.5, -2.0, 1.0 / 3.0, f64::NAN, f64::INFINITY] {
            let y: f64 = exact(x).parse().unwrap();
            assert!(
                y.to_bits() == x.to_bits() || (x.is_nan() && y.is_nan()),
                "{x}"
            );
        }
    }
}
