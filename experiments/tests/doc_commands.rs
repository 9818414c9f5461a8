//! The documentation as a user meets it: every command line in `README.md` and
//! `docs/**/*.md` runs, and every relative link resolves.
//!
//! # Conventions the documents follow
//!
//! - A command is a line `$ cardsim ...` (or `$ cargo run --release -- ...`, run as `cardsim`)
//!   in a fenced code block. The lines after it, up to the next `$ ` line or the end of the
//!   block, are its expected standard output; a line `...` stands for any number of lines.
//!   A command shown without output is only required to succeed.
//! - ` ```text ` blocks hold synopses and printed tables and never run; no other fenced block
//!   may hold a line starting with `cardsim ` or `cargo ` outside a `$ ` prompt.
//! - An inline code span that is a whole `cardsim` command (it has an option and no
//!   placeholder such as `NAME`, `I/N` or `...`) must also appear as a `$` command in a fenced
//!   block of the same file, so the command behind every figure runs here.
//! - `cargo` commands (fenced or inline: soak tests, benches, `cargo install`) are not run;
//!   the packages, test and bench targets, paths and test-name filters they name must exist.
//! - Any other `$ ` line (the Python package's `pip install ./python`,
//!   `python -m pytest python/tests`) is not run here: `.ci/run` runs it as printed, in the
//!   venv it makes, and `other_commands_are_run_by_ci` checks that it has the line. The
//!   ` ```python ` blocks run in the package's pytest suite (`python/tests/test_docs.py`).
//!
//! # How the commands run
//!
//! Each file's commands run in order, in one temporary directory per file, so a command can
//! read what an earlier one in the same file wrote. The directory holds what the commands
//! expect of the repository root: an empty `docs/plots/` (where the results' `--plot`
//! commands write) and a copy of `docs/examples/` (input files). `*` in an argument expands to the matching
//! files there, sorted. Each must exit 0, and its output must match where the document shows
//! it.
//!
//! Commands that reproduce long results run scaled down, by one rule ([`scaled`]):
//! `--games`/`--deals` at most [`GAMES_CAP`] (at most [`SEARCH_GAMES_CAP`] when a search
//! agent plays), `--games` [`GAMES_CAP`] added to a command that plays games without it,
//! search budgets at most `iters=`[`ITERS_CAP`], `worlds=`[`WORLDS_CAP`] and
//! `ms=`[`MS_CAP`] (`ismcts` at its default budget gets `iters=`[`ITERS_CAP`], `pimc` at its
//! default `worlds=`[`WORLDS_CAP`]), `solve --deals A-B` at most [`GAMES_CAP`] deals, and
//! `dd --random N` / `dd --play N` at most [`DD_CAP`], as is the number of deals left in the
//! temp dir's copy of a `dd --pbn-file` input. A command the rule changes may not show output (its
//! figures come from the full run). The search experiments ([`SLOW_EXPERIMENTS`]) take
//! minutes even for one deal: the blocks that run them are checked here by name only and run
//! in full, with `--games 1`, by the ignored test `slow_experiment_commands_run`
//! (`cargo test -p cardsim-experiments --test doc_commands -- --ignored`).

use std::collections::BTreeMap;
use std::fs;
use std::path::{Path, PathBuf};
use std::process::Command;

/// Most games (or deals) a documented command plays here.
const GAMES_CAP: u64 = 100;
/// Most games a documented command plays here when a search agent is in it (even, so that
/// duplicate partnership runs stay whole deals).
const SEARCH_GAMES_CAP: u64 = 4;
/// Most iterations a search agent gets per decision here.
const ITERS_CAP: u64 = 10;
/// Most sampled worlds a `pimc` agent gets here.
const WORLDS_CAP: u64 = 2;
/// Most milliseconds a time-limited search agent gets here.
const MS_CAP: u64 = 10;
/// Most deals `cardsim dd` solves or plays here (`--random`, `--play`, and the deals kept in
/// the temp dir's copy of a `--pbn-file`).
const DD_CAP: u64 = 1;
/// Experiments too slow to run by default even at one deal a configuration.
const SLOW_EXPERIMENTS: [&str; 3] = ["whist-search", "bridge-search", "trash-search"];
/// Agents that search (their games are capped at [`SEARCH_GAMES_CAP`]).
const SEARCH_AGENTS: [&str; 4] = ["ismcts", "mo-ismcts", "pimc", "cheat"];

/// The workspace root.
fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .parent()
        .expect("experiments/ sits in the workspace")
        .to_path_buf()
}

/// `README.md` and every `docs/**/*.md`, as paths relative to the root, sorted.
fn doc_files() -> Vec<PathBuf> {
    fn walk(dir: &Path, out: &mut Vec<PathBuf>) {
        for entry in fs::read_dir(dir).expect("docs/ is readable") {
            let path = entry.expect("a docs/ entry").path();
            if path.is_dir() {
                walk(&path, out);
            } else if path.extension().is_some_and(|e| e == "md") {
                out.push(path);
            }
        }
    }
    let root = root();
    let mut files = vec![root.join("README.md")];
    walk(&root.join("docs"), &mut files);
    files.sort();
    files
        .into_iter()
        .map(|p| p.strip_prefix(&root).unwrap().to_path_buf())
        .collect()
}

fn read(rel: &Path) -> String {
    fs::read_to_string(root().join(rel)).unwrap_or_else(|e| panic!("{}: {e}", rel.display()))
}

/// One `$ ` line of a fenced block and the output shown under it.
#[derive(Debug, Clone)]
struct DocCommand {
    /// 1-based line of the `$ ` line.
    line: usize,
    /// The command as printed, without the prompt.
    text: String,
    /// The output lines shown under it (empty: none shown).
    expected: Vec<String>,
}

/// One fenced code block.
#[derive(Debug)]
struct Block {
    /// The info string after the opening fence (`console`, `text`, ...).
    info: String,
    /// 1-based line of the opening fence.
    line: usize,
    /// The block's lines.
    lines: Vec<String>,
}

impl Block {
    /// The block's `$ ` commands with their shown output.
    fn commands(&self) -> Vec<DocCommand> {
        let mut out: Vec<DocCommand> = Vec::new();
        for (i, l) in self.lines.iter().enumerate() {
            if let Some(cmd) = l.strip_prefix("$ ") {
                out.push(DocCommand {
                    line: self.line + 1 + i,
                    text: cmd.trim().to_string(),
                    expected: Vec::new(),
                });
            } else if let Some(last) = out.last_mut() {
                last.expected.push(l.trim_end().to_string());
            }
        }
        for c in &mut out {
            while c.expected.last().is_some_and(|l| l.is_empty()) {
                c.expected.pop();
            }
        }
        out
    }
}

/// The fenced blocks of a markdown text, and the text with every fenced line blanked (for
/// inline spans and links).
fn split_fences(text: &str) -> (Vec<Block>, String) {
    let mut blocks = Vec::new();
    let mut prose = String::new();
    let mut open: Option<Block> = None;
    for (i, line) in text.lines().enumerate() {
        let fence = line.trim_start().starts_with("```");
        match (&mut open, fence) {
            (None, true) => {
                open = Some(Block {
                    info: line.trim_start().trim_start_matches('`').trim().to_string(),
                    line: i + 1,
                    lines: Vec::new(),
                })
            }
            (Some(_), true) => blocks.push(open.take().unwrap()),
            (Some(b), false) => b.lines.push(line.to_string()),
            (None, false) => prose.push_str(line),
        }
        prose.push('\n');
    }
    assert!(open.is_none(), "a fenced block is never closed");
    (blocks, prose)
}

/// The inline code spans of prose (fenced blocks already blanked), whitespace normalised.
fn inline_spans(prose: &str) -> Vec<String> {
    prose
        .split('`')
        .enumerate()
        .filter(|(i, _)| i % 2 == 1)
        .map(|(_, s)| s.split_whitespace().collect::<Vec<_>>().join(" "))
        .filter(|s| !s.is_empty())
        .collect()
}

/// Splits a command line into words as a POSIX shell would for these simple lines: on
/// whitespace outside quotes, quotes removed.
fn words(line: &str) -> Vec<String> {
    let mut out = Vec::new();
    let mut word = String::new();
    let mut in_word = false;
    let mut quote: Option<char> = None;
    for c in line.chars() {
        match quote {
            Some(q) if c == q => quote = None,
            Some(_) => word.push(c),
            None if c == '"' || c == '\'' => {
                quote = Some(c);
                in_word = true;
            }
            None if c.is_whitespace() => {
                if in_word {
                    out.push(std::mem::take(&mut word));
                    in_word = false;
                }
            }
            None => {
                word.push(c);
                in_word = true;
            }
        }
    }
    assert!(quote.is_none(), "unclosed quote in {line:?}");
    if in_word {
        out.push(word);
    }
    out
}

/// Whether a span is a reference to a command with placeholders (`NAME`, `I/N`, `...`), not a
/// command to run.
fn has_placeholder(span: &str) -> bool {
    let mut quoted = false;
    span.split('"')
        .filter(|_| {
            quoted = !quoted;
            quoted
        })
        .flat_map(str::split_whitespace)
        .any(|tok| {
            tok.contains("...")
                || tok.contains('*')
                || tok
                    .split(['=', ',', ':', '/', '.', '[', ']', '|', '(', ')'])
                    .any(|p| !p.is_empty() && p.chars().all(|c| c.is_ascii_uppercase()))
        })
}

/// The `cardsim` arguments of a documented command, or `None` for a `cargo` command that is
/// not `cargo run --release --`.
fn cardsim_args(text: &str) -> Option<Vec<String>> {
    let w = words(text);
    if w.first().map(String::as_str) == Some("cardsim") {
        return Some(w[1..].to_vec());
    }
    let prefix = ["cargo", "run", "--release", "--"];
    if w.len() > 4 && w[..4].iter().zip(prefix).all(|(a, b)| a == b) {
        return Some(w[4..].to_vec());
    }
    None
}

/// The value after `flag`, if present.
fn value_of<'a>(args: &'a [String], flag: &str) -> Option<&'a str> {
    args.iter()
        .position(|a| a == flag)
        .and_then(|i| args.get(i + 1))
        .map(String::as_str)
}

/// The experiment a `cardsim experiment NAME` command runs.
fn experiment_name(args: &[String]) -> Option<&str> {
    (args.first().map(String::as_str) == Some("experiment"))
        .then(|| args.get(1).map(String::as_str))
        .flatten()
}

/// Caps the search budgets in an agent list (`ismcts:iters=1000,heuristic`): `iters`,
/// `worlds` and `ms` at most their caps, and `ismcts` or `mo-ismcts` at its default budget given
/// `iters=`[`ITERS_CAP`] (`pimc` at its default `worlds=`[`WORLDS_CAP`]). Settings group with their
/// agent as `split_specs` groups them: an item with `=` and no `:` continues the last spec.
fn cap_agent_settings(agents: &str) -> String {
    let mut specs: Vec<String> = Vec::new();
    for item in agents.split(',') {
        match specs.last_mut() {
            Some(last) if item.contains('=') && !item.contains(':') => {
                last.push(',');
                last.push_str(item);
            }
            _ => specs.push(item.to_string()),
        }
    }
    specs
        .iter()
        .map(|spec| cap_spec(spec))
        .collect::<Vec<_>>()
        .join(",")
}

/// [`cap_agent_settings`] for one spec.
fn cap_spec(spec: &str) -> String {
    let (name, settings) = spec.split_once(':').unwrap_or((spec, ""));
    if !SEARCH_AGENTS.contains(&name) {
        return spec.to_string();
    }
    let cap_of = |key: &str| match key {
        "iters" => Some(ITERS_CAP),
        "worlds" => Some(WORLDS_CAP),
        "ms" => Some(MS_CAP),
        _ => None,
    };
    let mut out: Vec<String> = settings
        .split(',')
        .filter(|s| !s.is_empty())
        .map(|kv| {
            let capped = kv.split_once('=').and_then(|(k, v)| {
                let n: u64 = v.parse().ok()?;
                Some(format!("{k}={}", n.min(cap_of(k)?)))
            });
            capped.unwrap_or_else(|| kv.to_string())
        })
        .collect();
    let has = |out: &[String], key: &str| out.iter().any(|s| s.starts_with(&format!("{key}=")));
    // `pimc` with an exact solver refuses `iters`, so only its worlds are capped by default.
    if name != "pimc" && name != "cheat" && !has(&out, "iters") && !has(&out, "ms") {
        out.push(format!("iters={ITERS_CAP}"));
    }
    if name == "pimc" && !has(&out, "worlds") {
        out.push(format!("worlds={WORLDS_CAP}"));
    }
    if out.is_empty() {
        name.to_string()
    } else {
        format!("{name}:{}", out.join(","))
    }
}

/// The arguments scaled down by the module's rule (see the crate docs).
fn scaled(args: &[String]) -> Vec<String> {
    let mut out = args.to_vec();
    let sub = args.first().map(String::as_str).unwrap_or("");
    let search = value_of(args, "--agents").is_some_and(|a| {
        a.split([',', ':'])
            .any(|w| SEARCH_AGENTS.contains(&w) || w.starts_with("play="))
    });
    let games_cap = if search { SEARCH_GAMES_CAP } else { GAMES_CAP };
    let mut has_games = false;
    let mut i = 0;
    while i < out.len() {
        let flag = out[i].clone();
        let Some(value) = out.get(i + 1).cloned() else {
            break;
        };
        let capped = |cap: u64| -> Option<String> {
            value.parse::<u64>().ok().map(|n| n.min(cap).to_string())
        };
        let new = match (sub, flag.as_str()) {
            (_, "--agents") => Some(cap_agent_settings(&value)),
            ("simulate" | "tournament" | "experiment", "--games" | "--deals") => {
                has_games = true;
                capped(games_cap)
            }
            ("dd", "--random" | "--play") => capped(DD_CAP),
            ("solve", "--deals") => value.split_once('-').and_then(|(a, b)| {
                let (a, b): (u64, u64) = (a.parse().ok()?, b.parse().ok()?);
                Some(format!("{a}-{}", b.min(a + GAMES_CAP - 1)))
            }),
            _ => None,
        };
        if let Some(new) = new {
            out[i + 1] = new;
            i += 1;
        }
        i += 1;
    }
    let plays = match sub {
        "simulate" | "tournament" => true,
        "experiment" => experiment_name(args).is_some_and(|n| n != "list"),
        _ => false,
    };
    if plays && !has_games {
        out.extend(["--games".to_string(), games_cap.to_string()]);
    }
    out
}

/// Keeps the first [`DD_CAP`] deals of a PBN deal list (and its comment lines).
fn keep_first_deals(path: &Path) {
    let text = fs::read_to_string(path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    let mut deals = 0;
    let kept: Vec<&str> = text
        .lines()
        .filter(|l| {
            let comment = l.trim().is_empty() || l.starts_with('%') || l.starts_with('#');
            deals += u64::from(!comment);
            comment || deals <= DD_CAP
        })
        .collect();
    fs::write(path, kept.join("\n") + "\n").unwrap();
}

/// Expands `*` in an argument to the matching files of `dir`, sorted.
fn expand_globs(args: &[String], dir: &Path) -> Vec<String> {
    let mut out = Vec::new();
    for a in args {
        let Some((prefix, suffix)) = a.split_once('*') else {
            out.push(a.clone());
            continue;
        };
        let mut matches: Vec<String> = fs::read_dir(dir)
            .unwrap()
            .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
            .filter(|n| n.starts_with(prefix) && n.ends_with(suffix))
            .filter(|n| n.len() >= prefix.len() + suffix.len())
            .collect();
        matches.sort();
        assert!(!matches.is_empty(), "{a} matches no file");
        out.extend(matches);
    }
    out
}

/// Whether `actual` matches the `expected` lines, where a line `...` matches any run of lines.
fn output_matches(expected: &[String], actual: &[&str]) -> bool {
    match expected.split_first() {
        None => actual.is_empty(),
        Some((first, rest)) if first == "..." => {
            (0..=actual.len()).any(|skip| output_matches(rest, &actual[skip..]))
        }
        Some((first, rest)) => actual
            .split_first()
            .is_some_and(|(a, tail)| a.trim_end() == first && output_matches(rest, tail)),
    }
}

/// Whether a block runs a slow experiment (and so runs only in the ignored test).
fn is_slow(block: &Block) -> bool {
    block.commands().iter().any(|c| {
        cardsim_args(&c.text)
            .is_some_and(|a| experiment_name(&a).is_some_and(|n| SLOW_EXPERIMENTS.contains(&n)))
    })
}

/// Runs the `cardsim` commands of one file's blocks in order in a fresh temp dir.
/// `slow`: run only the blocks that run a slow experiment (with `--games 1`), else only the
/// others.
fn run_file(rel: &Path, slow: bool) -> usize {
    let dir = tempfile::tempdir().unwrap();
    fs::create_dir_all(dir.path().join("docs/plots")).unwrap();
    let examples = dir.path().join("docs/examples");
    fs::create_dir_all(&examples).unwrap();
    for entry in fs::read_dir(root().join("docs/examples")).expect("docs/examples/") {
        let path = entry.unwrap().path();
        fs::copy(&path, examples.join(path.file_name().unwrap())).unwrap();
    }
    let (blocks, _) = split_fences(&read(rel));
    let mut ran = 0;
    for block in blocks.iter().filter(|b| is_slow(b) == slow) {
        for cmd in block.commands() {
            let Some(args) = cardsim_args(&cmd.text) else {
                continue;
            };
            let mut run = scaled(&args);
            if slow {
                if let Some(i) = run.iter().position(|a| a == "--games") {
                    run[i + 1] = "1".to_string();
                }
            }
            let at = format!("{}:{}: {}", rel.display(), cmd.line, cmd.text);
            assert!(
                cmd.expected.is_empty() || run == args,
                "{at}: a command shown with output must run as printed (the doc test would \
                 change it to {run:?})"
            );
            if let Some(file) = value_of(&run, "--pbn-file").filter(|_| run[0] == "dd") {
                keep_first_deals(&dir.path().join(file));
            }
            let start = std::time::Instant::now();
            let o = Command::new(env!("CARGO_BIN_EXE_cardsim"))
                .args(expand_globs(&run, dir.path()))
                .current_dir(dir.path())
                .output()
                .expect("cardsim runs");
            eprintln!("{:6.2} s  {at}", start.elapsed().as_secs_f64());
            let stdout = String::from_utf8_lossy(&o.stdout);
            assert!(
                o.status.success(),
                "{at}\nran {run:?}: {}\nstderr: {}",
                o.status,
                String::from_utf8_lossy(&o.stderr)
            );
            if !cmd.expected.is_empty() {
                let mut lines: Vec<&str> = stdout.lines().collect();
                while lines.last().is_some_and(|l| l.trim().is_empty()) {
                    lines.pop();
                }
                assert!(
                    output_matches(&cmd.expected, &lines),
                    "{at}: output differs from the document's\nshown:\n{}\nactual:\n{stdout}",
                    cmd.expected.join("\n")
                );
            }
            ran += 1;
        }
    }
    ran
}

#[test]
fn readme_commands_run_as_printed() {
    let ran = run_file(Path::new("README.md"), false);
    assert!(ran >= 10, "README runs {ran} cardsim commands");
}

#[test]
fn docs_commands_run() {
    let mut ran = 0;
    for rel in doc_files().iter().filter(|p| p.starts_with("docs")) {
        ran += run_file(rel, false);
    }
    // The results page alone shows the commands behind about sixty figures.
    assert!(ran >= 80, "docs run {ran} cardsim commands");
}

/// The search experiments' blocks, at one deal a configuration (minutes).
#[test]
#[ignore]
fn slow_experiment_commands_run() {
    let mut ran = 0;
    for rel in doc_files() {
        ran += run_file(&rel, true);
    }
    assert!(ran >= SLOW_EXPERIMENTS.len(), "ran {ran} slow commands");
}

#[test]
fn slow_experiments_are_named_by_the_cli() {
    let o = Command::new(env!("CARGO_BIN_EXE_cardsim"))
        .args(["experiment", "list"])
        .output()
        .unwrap();
    let list = String::from_utf8(o.stdout).unwrap();
    for name in SLOW_EXPERIMENTS {
        assert!(
            list.lines()
                .any(|l| l.split_whitespace().next() == Some(name)),
            "{name} is not an experiment: {list}"
        );
    }
}

#[test]
fn fenced_commands_use_the_prompt_and_inline_commands_are_run() {
    for rel in doc_files() {
        let text = read(&rel);
        let (blocks, prose) = split_fences(&text);
        let mut fenced = Vec::new();
        for b in &blocks {
            if b.info == "text" || b.info == "json" {
                continue;
            }
            for (i, l) in b.lines.iter().enumerate() {
                let t = l.trim_start();
                assert!(
                    !(t.starts_with("cardsim ") || t.starts_with("cargo ")),
                    "{}:{}: a command in a fenced block needs the `$ ` prompt: {l}",
                    rel.display(),
                    b.line + 1 + i
                );
            }
            fenced.extend(b.commands().into_iter().map(|c| c.text));
        }
        for span in inline_spans(&prose) {
            if span.starts_with("cardsim ") && span.contains(" --") && !has_placeholder(&span) {
                assert!(
                    fenced.contains(&span),
                    "{}: `{span}` is a whole command but no fenced `$ ` line of the file runs it",
                    rel.display()
                );
            }
        }
    }
}

/// The workspace's packages: name to directory.
fn packages() -> BTreeMap<String, PathBuf> {
    let root = root();
    let manifest = fs::read_to_string(root.join("Cargo.toml")).unwrap();
    let members = manifest
        .lines()
        .find(|l| l.trim_start().starts_with("members"))
        .expect("workspace members");
    members
        .split('"')
        .skip(1)
        .step_by(2)
        .map(|dir| {
            let toml = fs::read_to_string(root.join(dir).join("Cargo.toml")).unwrap();
            let name = toml
                .lines()
                .find_map(|l| l.trim().strip_prefix("name = \""))
                .and_then(|l| l.strip_suffix('"'))
                .expect("package name");
            (name.to_string(), root.join(dir))
        })
        .collect()
}

/// Every `.rs` file under `dir`.
fn rust_files(dir: &Path, out: &mut Vec<PathBuf>) {
    let Ok(entries) = fs::read_dir(dir) else {
        return;
    };
    for e in entries {
        let path = e.unwrap().path();
        if path.is_dir() && path.file_name().is_some_and(|n| n != "target") {
            rust_files(&path, out);
        } else if path.extension().is_some_and(|e| e == "rs") {
            out.push(path);
        }
    }
}

/// Tools the docs tell a user to `cargo install` from crates.io.
const CRATES_IO_TOOLS: &[&str] = &["cargo-mutants"];

/// Checks one `cargo` command line: the package, targets, path and test filter it names
/// exist. Returns a description of the first problem.
fn check_cargo(line: &str, packages: &BTreeMap<String, PathBuf>) -> Result<(), String> {
    let w = words(line);
    let mut w: &[String] = &w;
    // Environment assignments and `nice` before cargo.
    while let Some(first) = w.first() {
        if first.contains('=') || first == "nice" {
            w = &w[1..];
        } else {
            break;
        }
    }
    if w.first().map(String::as_str) != Some("cargo") {
        return Err("not a cargo command".into());
    }
    let sub = w.get(1).ok_or("no cargo subcommand")?.as_str();
    if !["test", "bench", "run", "install", "doc", "build", "check"].contains(&sub) {
        return Err(format!("unexpected cargo subcommand {sub}"));
    }
    let args = &w[2..];
    let own = args.iter().position(|a| a == "--").unwrap_or(args.len());
    let args = &args[..own];
    let mut pkg_dirs: Vec<&PathBuf> = Vec::new();
    let mut filters = Vec::new();
    let mut i = 0;
    while i < args.len() {
        let a = args[i].as_str();
        let value = args.get(i + 1).map(String::as_str);
        match a {
            "-p" | "--package" => {
                let name = value.ok_or("-p without a package")?;
                pkg_dirs.push(
                    packages
                        .get(name)
                        .ok_or_else(|| format!("no package {name}"))?,
                );
                i += 1;
            }
            "--test" | "--bench" => {
                let name = value.ok_or("a target flag without a name")?;
                let sub_dir = if a == "--test" { "tests" } else { "benches" };
                let found = packages.values().any(|d| {
                    d.join(sub_dir).join(format!("{name}.rs")).is_file()
                        || d.join(sub_dir).join(name).join("main.rs").is_file()
                });
                if !found {
                    return Err(format!("no {a} target {name}"));
                }
                i += 1;
            }
            "--path" => {
                let path = value.ok_or("--path without a path")?;
                if !root().join(path).join("Cargo.toml").is_file() {
                    return Err(format!("--path {path} is not a package"));
                }
                i += 1;
            }
            flag if flag.starts_with('-') => {}
            filter => filters.push(filter.to_string()),
        }
        i += 1;
    }
    if sub == "test" && !filters.is_empty() {
        let dirs: Vec<&PathBuf> = if pkg_dirs.is_empty() {
            packages.values().collect()
        } else {
            pkg_dirs
        };
        let mut sources = String::new();
        for d in dirs {
            let mut files = Vec::new();
            rust_files(d, &mut files);
            for f in files {
                sources.push_str(&fs::read_to_string(f).unwrap());
            }
        }
        for f in filters {
            let name = f.rsplit("::").next().unwrap();
            let exists = sources.split("fn ").skip(1).any(|rest| {
                let ident: String = rest
                    .chars()
                    .take_while(|c| c.is_alphanumeric() || *c == '_')
                    .collect();
                ident.contains(name)
            });
            if !exists {
                return Err(format!("no test function matches the filter {f}"));
            }
        }
    } else if sub == "install"
        && filters
            .iter()
            .all(|f| CRATES_IO_TOOLS.contains(&f.as_str()))
    {
        // A tool the docs install from crates.io (not a package of the workspace).
    } else if sub != "test" && !filters.is_empty() && sub != "run" {
        return Err(format!("unexpected arguments {filters:?}"));
    }
    Ok(())
}

#[test]
fn cargo_commands_name_existing_packages_targets_and_tests() {
    let packages = packages();
    let mut checked = 0;
    for rel in doc_files() {
        let (blocks, prose) = split_fences(&read(&rel));
        let fenced = blocks
            .iter()
            .flat_map(Block::commands)
            .map(|c| c.text)
            // Lines without `cargo` (`pip install ./python`) are `.ci/run`'s, checked by
            // `other_commands_are_run_by_ci`.
            .filter(|t| cardsim_args(t).is_none() && words(t).iter().any(|x| x == "cargo"));
        let inline = inline_spans(&prose).into_iter().filter(|s| {
            // Only spans that name cargo are split into words (others may hold a lone quote,
            // such as a second deck's card `AS'`).
            if !s.split_whitespace().any(|x| x == "cargo") {
                return false;
            }
            let w = words(s);
            let cargo = w.iter().position(|x| x == "cargo");
            // `cargo` first, after environment assignments and `nice`.
            cargo.is_some_and(|i| w[..i].iter().all(|x| x.contains('=') || x == "nice"))
                && w.len() > 1
                && !has_placeholder(s)
                && cardsim_args(s).is_none()
        });
        for line in fenced.chain(inline) {
            check_cargo(&line, &packages).unwrap_or_else(|e| {
                panic!("{}: `{line}`: {e}", rel.display());
            });
            checked += 1;
        }
    }
    // The soak commands in the rules pages and the benches in the benchmarks page.
    assert!(checked >= 20, "checked {checked} cargo commands");
}

#[test]
fn the_check_of_cargo_commands_rejects_wrong_names() {
    let packages = packages();
    assert!(check_cargo(
        "cargo test -p cardsim-engine omi_soak -- --ignored",
        &packages
    )
    .is_ok());
    for bad in [
        "cargo test -p cardsim-nothing",
        "cargo test -p cardsim-engine no_such_test_anywhere -- --ignored",
        "cargo bench -p cardsim-benches --bench no_such_bench",
        "cargo test -p cardsim-experiments --test no_such_test",
        "cargo install --path no/such/dir",
        "cargo frobnicate",
    ] {
        assert!(check_cargo(bad, &packages).is_err(), "{bad} passed");
    }
}

#[test]
fn ci_runs_the_readmes_test_command() {
    let (blocks, _) = split_fences(&read(Path::new("README.md")));
    let test = blocks
        .iter()
        .flat_map(Block::commands)
        .find(|c| c.text.starts_with("cargo test"))
        .expect("the README shows its test command");
    let ci = read(Path::new(".ci/run"));
    assert!(
        ci.lines().any(|l| l.trim() == test.text),
        ".ci/run does not run the README's `{}`",
        test.text
    );
}

#[test]
fn other_commands_are_run_by_ci() {
    let ci = read(Path::new(".ci/run"));
    let mut checked = 0;
    for rel in doc_files() {
        let (blocks, _) = split_fences(&read(&rel));
        for c in blocks.iter().flat_map(Block::commands) {
            let first = words(&c.text).into_iter().next().unwrap_or_default();
            if first == "cardsim" || first == "cargo" {
                continue;
            }
            assert!(
                ci.lines().any(|l| l.trim() == c.text),
                "{}:{}: `{}` is neither a cardsim nor a cargo command, so .ci/run must run it \
                 as printed",
                rel.display(),
                c.line,
                c.text
            );
            checked += 1;
        }
    }
    // The README's install of the Python package and its test run, at least.
    assert!(checked >= 2, "only {checked} commands checked");
}

/// GitHub's anchor for a heading: lower case, punctuation dropped, spaces to hyphens.
fn slug(heading: &str) -> String {
    heading
        .trim()
        .to_lowercase()
        .chars()
        .filter(|c| c.is_alphanumeric() || *c == ' ' || *c == '-' || *c == '_')
        .map(|c| if c == ' ' { '-' } else { c })
        .collect()
}

/// The anchors of a markdown file's headings.
fn anchors(text: &str) -> Vec<String> {
    let (_, prose) = split_fences(text);
    prose
        .lines()
        .filter_map(|l| l.strip_prefix('#'))
        .map(|l| slug(l.trim_start_matches('#')))
        .collect()
}

/// The targets of the markdown links and images of prose.
fn link_targets(prose: &str) -> Vec<String> {
    let mut out = Vec::new();
    let mut rest = prose;
    while let Some(i) = rest.find("](") {
        let after = &rest[i + 2..];
        let Some(end) = after.find(')') else {
            break;
        };
        out.push(after[..end].to_string());
        rest = &after[end..];
    }
    out
}

#[test]
fn relative_links_resolve() {
    let root = root();
    let mut checked = 0;
    for rel in doc_files() {
        let text = read(&rel);
        let (_, prose) = split_fences(&text);
        let dir = root.join(&rel).parent().unwrap().to_path_buf();
        for target in link_targets(&prose) {
            if target.contains("://") || target.starts_with("mailto:") {
                continue;
            }
            let (path, anchor) = target.split_once('#').unwrap_or((&target, ""));
            let file = if path.is_empty() {
                root.join(&rel)
            } else {
                dir.join(path)
            };
            assert!(
                file.exists(),
                "{}: link {target} names no file",
                rel.display()
            );
            if !anchor.is_empty() {
                let heads = anchors(&fs::read_to_string(&file).unwrap());
                assert!(
                    heads.iter().any(|h| h == anchor),
                    "{}: link {target}: no heading #{anchor} in {}",
                    rel.display(),
                    file.display()
                );
            }
            checked += 1;
        }
    }
    assert!(checked >= 50, "checked {checked} links");
}

#[test]
fn scaling_caps_counts_and_budgets_and_keeps_small_commands() {
    let w = |s: &str| cardsim_args(s).unwrap();
    let small = w("cardsim simulate --game trash --games 100 --out x.csv");
    assert_eq!(scaled(&small), small);
    assert_eq!(
        scaled(&w("cargo run --release -- simulate --game trash")),
        w("cardsim simulate --game trash --games 100")
    );
    assert_eq!(
        scaled(&w(
            "cardsim simulate --game whist --agents ismcts:iters=1000,heuristic,pimc:worlds=30,ms=500 --games 800"
        )),
        w("cardsim simulate --game whist --agents ismcts:iters=10,heuristic,pimc:worlds=2,ms=10 --games 4")
    );
    assert_eq!(
        scaled(&w(
            "cardsim simulate --game whist --agents ismcts,random,pimc:solver=exact,cheat --games 8"
        )),
        w("cardsim simulate --game whist --agents ismcts:iters=10,random,pimc:solver=exact,worlds=2,cheat --games 4")
    );
    assert_eq!(
        scaled(&w("cardsim solve --deals 1-10000")),
        w("cardsim solve --deals 1-100")
    );
    assert_eq!(
        scaled(&w("cardsim experiment euchre-seats")),
        w("cardsim experiment euchre-seats --games 100")
    );
    assert_eq!(
        scaled(&w("cardsim experiment list")),
        w("cardsim experiment list")
    );
}

#[test]
fn output_matching_honours_ellipsis() {
    let e = |v: &[&str]| v.iter().map(|s| s.to_string()).collect::<Vec<_>>();
    assert!(output_matches(&e(&["a", "..."]), &["a", "b", "c"]));
    assert!(output_matches(&e(&["a", "...", "c"]), &["a", "b", "c"]));
    assert!(output_matches(&e(&["a", "...", "c"]), &["a", "c"]));
    assert!(!output_matches(&e(&["a", "c"]), &["a", "b", "c"]));
    assert!(!output_matches(&e(&["b", "..."]), &["a", "b"]));
    assert!(!output_matches(&e(&["a"]), &[]));
}

#[test]
fn placeholders_mark_references() {
    assert!(has_placeholder(
        "cardsim experiment NAME --shard I/N --out F"
    ));
    assert!(has_placeholder(
        "cardsim merge SHARD.csv... --out games.csv"
    ));
    assert!(has_placeholder(
        "cardsim simulate --agents heuristic:rt_mean=M,heuristic"
    ));
    assert!(!has_placeholder(
        "cardsim dd --pbn \"N:AKQ2.KJ4.T98.A73 JT9.AQ98.KQJ.KQ5 876.T652.A76.J92 543.73.5432.T864\""
    ));
    assert!(!has_placeholder(
        "cardsim simulate --game whist --agents ismcts:iters=1000,heuristic --games 800"
    ));
}
