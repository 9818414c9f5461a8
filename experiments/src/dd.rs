//! `cardsim dd`: double-dummy tables of bridge deals.

use cardsim_agents::games::bridge::{dd_table, DdTable};
use cardsim_agents::{catalog, split_specs, Agent};
use cardsim_engine::cards::CardSet;
use cardsim_engine::games::bridge::pbn::{parse_games, seat_char, Deal, PbnRecord};
use cardsim_engine::games::bridge::{Bridge, BridgeAction, Phase, Strain};
use cardsim_engine::tricks::{shuffled, CardOrder, Trick};
use cardsim_engine::{Game, Params, Seat, ToMove};
use cardsim_sim::{print, AtomicCsv, Plan};
use clap::Args;
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;
use rayon::prelude::*;
use std::path::PathBuf;
use std::time::Instant;

/// Arguments of `cardsim dd`.
#[derive(Args, Debug)]
pub struct DdArgs {
    /// One deal in PBN, e.g. "N:AKQ2.KJ4.T98.A73 JT9.AQ2.AKQ.KQJ2 876.T9876.765.T9 543.53.J432.8654".
    #[arg(long, conflicts_with_all = ["pbn_file", "random"])]
    pbn: Option<String>,
    /// A PBN file (PBN 2.1: the `[Deal "..."]` of every game; what `--play --pbn-out`
    /// writes), or a file with one deal per line (blank lines and lines starting with `%` or
    /// `#` skipped).
    #[arg(long, value_name = "FILE", conflicts_with = "random")]
    pbn_file: Option<PathBuf>,
    /// Solve N random deals (any number: they are drawn and solved a batch at a time).
    #[arg(long, value_name = "N")]
    random: Option<u64>,
    /// Seed of the random deals.
    #[arg(long, default_value_t = 0)]
    seed: u64,
    /// CSV with `deal,declarer,strain,tricks` rows.
    #[arg(long, value_name = "FILE.csv")]
    out: Option<PathBuf>,
    /// Worker threads (0 = one per core).
    #[arg(long, default_value_t = 0)]
    threads: usize,
    /// Print only the timing summary, not the tables.
    #[arg(long)]
    quiet: bool,
    /// Instead of solving, play N games of bridge and write every deal to --pbn-out.
    #[arg(long, value_name = "N", conflicts_with_all = ["pbn", "pbn_file", "random", "out"], requires = "pbn_out")]
    play: Option<u64>,
    /// With --play: the PBN file of the played deals (auction, contract, play, result).
    #[arg(long, value_name = "FILE.pbn")]
    pbn_out: Option<PathBuf>,
    /// With --play: agent specs, one for all seats or four (N,E,S,W).
    #[arg(long, default_value = "heuristic")]
    agents: String,
    /// With --play: bridge parameter `key=value` (repeatable, e.g. scoring=deal).
    #[arg(long = "param", value_name = "KEY=VALUE")]
    params: Vec<String>,
}

/// The most games `--play` may ask for: the PBN text is built in memory before it is
/// written, a few kilobytes a game.
const MAX_PLAY: u64 = 100_000;

/// Deals solved at once: memory is bounded by this, whatever `--random` asks for.
const CHUNK: usize = 1024;

/// The deals the arguments name, one at a time.
enum Deals {
    /// Read from `--pbn` or `--pbn-file`.
    Given(std::vec::IntoIter<Deal>),
    /// `--random`: `left` more from `rng`.
    Random {
        /// Deals still to draw.
        left: u64,
        /// The seeded stream they are drawn from.
        rng: Box<ChaCha8Rng>,
    },
}

impl Iterator for Deals {
    type Item = Deal;

    fn next(&mut self) -> Option<Deal> {
        match self {
            Deals::Given(list) => list.next(),
            Deals::Random { left, rng } => {
                *left = left.checked_sub(1)?;
                Some(random_deal(rng))
            }
        }
    }
}

/// The deals the arguments name.
fn deals(args: &DdArgs) -> Result<Deals, String> {
    if let Some(text) = &args.pbn {
        let deal = text.parse::<Deal>().map_err(|e| format!("--pbn: {e}"))?;
        return Ok(Deals::Given(vec![deal].into_iter()));
    }
    if let Some(path) = &args.pbn_file {
        let text = std::fs::read_to_string(path)
            .map_err(|e| format!("cannot read {}: {e}", path.display()))?;
        let out = file_deals(&text).map_err(|e| format!("{}: {e}", path.display()))?;
        if out.is_empty() {
            return Err(format!("{} holds no deal", path.display()));
        }
        return Ok(Deals::Given(out.into_iter()));
    }
    if let Some(n) = args.random {
        if n == 0 {
            return Err("--random needs at least 1 deal".into());
        }
        return Ok(Deals::Random {
            left: n,
            rng: Box::new(ChaCha8Rng::seed_from_u64(args.seed)),
        });
    }
    Err("give --pbn DEAL, --pbn-file FILE or --random N (see cardsim dd --help)".into())
}

/// The deals of a deal file: a PBN file ([`parse_games`]: the `[Deal "..."]` of each game,
/// `"#"` repeating the previous game's), or, when no line opens a tag, one deal per line
/// (blank lines and lines starting with `%` or `#` skipped).
fn file_deals(text: &str) -> Result<Vec<Deal>, String> {
    let mut out = Vec::new();
    if !text.lines().any(|l| l.trim_start().starts_with('[')) {
        for (i, line) in text.lines().enumerate() {
            let line = line.trim();
            if line.is_empty() || line.starts_with('%') || line.starts_with('#') {
                continue;
            }
            out.push(
                line.parse::<Deal>()
                    .map_err(|e| format!("line {}: {e}", i + 1))?,
            );
        }
        return Ok(out);
    }
    for (k, game) in parse_games(text)
        .map_err(|e| e.to_string())?
        .iter()
        .enumerate()
    {
        let Some((_, value)) = game.tags.iter().find(|(name, _)| name == "Deal") else {
            continue;
        };
        let deal = match (value.as_str(), out.last()) {
            ("#", Some(&previous)) => previous,
            _ => value
                .parse::<Deal>()
                .map_err(|e| format!("game {}: [Deal \"{value}\"]: {e}", k + 1))?,
        };
        out.push(deal);
    }
    Ok(out)
}

/// Per-table solving times, kept in a fixed number of buckets 1% wide (from 1 µs), so
/// percentiles of any number of tables take constant memory; the maximum is exact.
struct Timings {
    counts: Vec<u64>,
    total: u64,
    max: f64,
}

impl Timings {
    /// Buckets from 1 µs up by 1%: past 10^6 s.
    const BUCKETS: usize = 2800;

    fn new() -> Timings {
        Timings {
            counts: vec![0; Timings::BUCKETS],
            total: 0,
            max: 0.0,
        }
    }

    fn add(&mut self, secs: f64) {
        let k = ((secs / 1e-6).max(1.0).ln() / 1.01f64.ln()) as usize;
        self.counts[k.min(Timings::BUCKETS - 1)] += 1;
        self.total += 1;
        self.max = self.max.max(secs);
    }

    /// The upper end of the bucket of quantile `q`, in seconds (at most the maximum).
    fn quantile(&self, q: f64) -> f64 {
        let rank = ((self.total.saturating_sub(1)) as f64 * q).round() as u64;
        let mut seen = 0;
        for (k, &c) in self.counts.iter().enumerate() {
            seen += c;
            if seen > rank {
                if k == Timings::BUCKETS - 1 {
                    return self.max; // the open-ended last bucket
                }
                return (1e-6 * 1.01f64.powi(k as i32 + 1)).min(self.max);
            }
        }
        self.max
    }
}

/// A uniformly random deal.
pub fn random_deal(rng: &mut ChaCha8Rng) -> Deal {
    let cards = shuffled(CardSet::FULL_DECK, rng);
    let hands: Vec<CardSet> = cards
        .chunks(13)
        .map(|c| c.iter().copied().collect())
        .collect();
    Deal::new([hands[0], hands[1], hands[2], hands[3]]).expect("a shuffled deck deals 4 x 13")
}

/// Runs `cardsim dd`.
///
/// # Errors
/// A one-line message for a bad deal, file or setting.
pub fn run(args: DdArgs) -> Result<(), String> {
    if let Some(n) = args.play {
        return play(&args, n);
    }
    if args.threads > 1024 {
        return Err(format!(
            "--threads {} is too many; use 0 (all cores) to 1024",
            args.threads
        ));
    }
    let mut plan = Plan::new();
    if let Some(path) = &args.pbn_file {
        plan.input("--pbn-file", path).map_err(|e| e.to_string())?;
    }
    plan.output_opt("--out", args.out.as_deref())
        .map_err(|e| e.to_string())?;
    let mut deals = deals(&args)?;
    let mut out = args
        .out
        .as_deref()
        .map(AtomicCsv::create)
        .transpose()
        .map_err(|e| e.to_string())?;
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(args.threads)
        .build()
        .map_err(|e| format!("cannot start {} threads: {e}", args.threads))?;
    let started = Instant::now();
    if let Some(out) = out.as_mut() {
        out.write(["deal", "declarer", "strain", "tricks"])
            .map_err(|e| e.to_string())?;
    }
    let mut times = Timings::new();
    let mut chunk = Vec::with_capacity(CHUNK);
    loop {
        chunk.clear();
        chunk.extend(deals.by_ref().take(CHUNK));
        if chunk.is_empty() {
            break;
        }
        let results: Vec<(DdTable, f64)> = pool.install(|| {
            chunk
                .par_iter()
                .map(|d| {
                    let t = Instant::now();
                    let table = dd_table(d);
                    (table, t.elapsed().as_secs_f64())
                })
                .collect()
        });
        for (deal, (table, secs)) in chunk.iter().zip(&results) {
            times.add(*secs);
            if !args.quiet {
                print(&format!("{deal}\n{table}\n")).map_err(|e| e.to_string())?;
            }
            if let Some(out) = out.as_mut() {
                for (d, name) in ["N", "E", "S", "W"].iter().enumerate() {
                    for strain in Strain::ALL {
                        let row = [
                            deal.to_string(),
                            name.to_string(),
                            strain.name().to_string(),
                            table.tricks[d][strain as usize].to_string(),
                        ];
                        out.write(row).map_err(|e| e.to_string())?;
                    }
                }
            }
        }
    }
    let wall = started.elapsed().as_secs_f64();
    if let Some(out) = out {
        out.commit().map_err(|e| e.to_string())?;
    }
    let ms = |q: f64| times.quantile(q) * 1000.0;
    eprintln!(
        "{} deals in {wall:.2} s; per table: median {:.1} ms, p95 {:.1} ms (to 1%), max {:.1} ms",
        times.total,
        ms(0.5),
        ms(0.95),
        times.max * 1000.0
    );
    if let Some(p) = &args.out {
        eprintln!("wrote {}", p.display());
    }
    Ok(())
}

/// One deal being recorded from the action stream.
struct DealLog {
    record: PbnRecord,
    dealer: Seat,
    calls: Vec<String>,
    tricks: Vec<Trick>,
    order: CardOrder,
    declarer: Option<Seat>,
}

/// Plays `n` bridge games with the requested agents and writes every deal as a PBN record.
fn play(args: &DdArgs, n: u64) -> Result<(), String> {
    if n > MAX_PLAY {
        return Err(format!(
            "--play {n} is more than {MAX_PLAY} games (the PBN file is built in memory)"
        ));
    }
    let params = Params::parse(&args.params).map_err(|e| e.to_string())?;
    let game = Bridge::new(4, &params).map_err(|e| e.to_string())?;
    let specs = split_specs(&args.agents).map_err(|e| e.to_string())?;
    let specs = match specs.len() {
        1 => vec![specs[0].clone(); 4],
        4 => specs,
        k => {
            return Err(format!(
                "--agents needs one spec or four (N,E,S,W), not {k}"
            ))
        }
    };
    let cat = catalog::<Bridge>();
    let mut agents: Vec<Box<dyn Agent<Bridge>>> = specs
        .iter()
        .map(|s| cat.build(s))
        .collect::<Result<_, _>>()
        .map_err(|e| e.to_string())?;
    let path = args
        .pbn_out
        .as_ref()
        .expect("clap requires --pbn-out with --play");
    Plan::new()
        .output("--pbn-out", path)
        .map_err(|e| e.to_string())?;
    let mut text = String::from("% PBN 2.1\n% EXPORT\n");
    let mut rng = ChaCha8Rng::seed_from_u64(args.seed);
    let mut legal = Vec::new();
    let mut deals = 0;
    for g in 0..n {
        let mut state = game.deal(&mut rng);
        let mut log: Option<DealLog> = None;
        while let ToMove::Seat(seat) = game.to_move(&state) {
            if log.is_none() {
                let mut record = state.pbn_record(&game);
                record.tags.retain(|(k, _)| {
                    ["Board", "Dealer", "Vulnerable", "Deal", "Scoring"].contains(&k.as_str())
                });
                record
                    .tags
                    .insert(0, ("Event".into(), format!("cardsim game {}", g + 1)));
                log = Some(DealLog {
                    record,
                    dealer: state.dealer(),
                    calls: Vec::new(),
                    tricks: Vec::new(),
                    order: CardOrder::ace_high(None),
                    declarer: None,
                });
            }
            game.legal_actions(&state, &mut legal);
            let obs = game.observe(&state, seat);
            let a = agents[seat.index()].choose(&game, seat, &obs, &legal, &mut rng);
            let entry = log.as_mut().expect("started above");
            let deal_before = state.deals();
            match a {
                BridgeAction::Call(c) => entry.calls.push(c.to_string()),
                BridgeAction::Play(card) => {
                    let hand = state.play().to_play();
                    let t = match entry.tricks.last_mut() {
                        Some(t) if t.len() < 4 => t,
                        _ => {
                            entry.tricks.push(Trick::new(hand));
                            entry.tricks.last_mut().expect("pushed")
                        }
                    };
                    t.push(hand, card);
                }
            }
            game.apply(&mut state, a, &mut rng);
            if state.phase() == Phase::Play && entry.declarer.is_none() {
                let k = state.contract().expect("play has a contract");
                entry.declarer = Some(k.declarer);
                entry.order = *state.play().order();
                let risk = match k.risk {
                    cardsim_engine::games::bridge::Risk::Undoubled => "",
                    cardsim_engine::games::bridge::Risk::Doubled => "X",
                    cardsim_engine::games::bridge::Risk::Redoubled => "XX",
                };
                entry.record.tag("Declarer", seat_char(k.declarer));
                entry.record.tag("Contract", format!("{}{risk}", k.bid));
            }
            if state.deals() != deal_before || game.to_move(&state) == ToMove::Over {
                let mut done = log.take().expect("a deal in progress");
                done.record.auction = Some((done.dealer, done.calls));
                match done.declarer {
                    None => done.record.tag("Contract", "Pass"),
                    Some(d) => {
                        let won = done
                            .tricks
                            .iter()
                            .filter(|t| {
                                t.winner(&done.order)
                                    .is_some_and(|(w, _)| w.index() % 2 == d.index() % 2)
                            })
                            .count();
                        done.record.tag("Result", won);
                        let leader = d.next(4);
                        let rows = done
                            .tricks
                            .iter()
                            .map(|t| {
                                let mut row = [None; 4];
                                for (s, c) in t.plays() {
                                    row[(s.index() + 4 - leader.index()) % 4] = Some(c);
                                }
                                row
                            })
                            .collect();
                        done.record.play = Some((leader, rows));
                    }
                }
                text.push_str(&done.record.to_string());
                text.push('\n');
                deals += 1;
            }
        }
    }
    cardsim_sim::write_file(path, text.as_bytes()).map_err(|e| e.to_string())?;
    eprintln!("{n} games, {deals} deals written to {}", path.display());
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use clap::Parser;

    #[derive(Parser)]
    struct Cli {
        #[command(flatten)]
        dd: DdArgs,
    }

    fn args(list: &[&str]) -> DdArgs {
        let mut v = vec!["dd"];
        v.extend_from_slice(list);
        Cli::try_parse_from(v).expect("valid arguments").dd
    }

    const DEAL: &str = "N:AKQ2.KJ4.T98.A73 JT9.AQ2.AKQ.KQJ2 876.T9876.765.T9 543.53.J432.8654";

    /// The deals of a file holding `text`, or the error.
    fn read(text: &str) -> Result<Vec<Deal>, String> {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("deals.pbn");
        std::fs::write(&path, text).unwrap();
        deals(&args(&["--pbn-file", path.to_str().unwrap()])).map(Iterator::collect)
    }

    #[test]
    fn deal_files_of_one_deal_per_line_skip_comments() {
        let d = read(&format!("% a comment\n\n# another\n{DEAL}\n {DEAL}\n")).unwrap();
        assert_eq!(d, vec![DEAL.parse().unwrap(); 2]);
        let e = read("N:AKQ.x\n").unwrap_err();
        assert!(e.contains("line 1"), "{e}");
        assert!(read("% nothing\n").unwrap_err().contains("holds no deal"));
        assert!(deals(&args(&[])).err().unwrap().contains("--pbn"));
        assert!(deals(&args(&["--random", "0"])).is_err());
        let random = |seed| {
            deals(&args(&["--random", "3", "--seed", seed]))
                .unwrap()
                .collect::<Vec<_>>()
        };
        assert_eq!(random("4"), random("4"));
        assert_ne!(random("4"), random("5"));
        assert_eq!(random("4").len(), 3);
    }

    /// Regression: `[Dealer "E"]` was read as a deal, and auction and play sections were
    /// refused.
    #[test]
    fn pbn_files_read_deal_tags_in_any_order_and_skip_the_rest() {
        let east = "E:JT9.AQ2.AKQ.KQJ2 876.T9876.765.T9 543.53.J432.8654 AKQ2.KJ4.T98.A73";
        let text = format!(
            "% PBN 2.1\n[Event \"one\"]\n[Dealer \"E\"] ; the dealer\n[Deal \"{DEAL}\"]\n\
             [Auction \"E\"]\n1NT Pass =1= Pass Pass\n[Note \"1:odd\"]\n[Play \"S\"]\n\
             SA - - -\n*\n{{ a comment\n\n over lines }}\n\n[Deal \"#\"]\n\n\
             [Board \"3\"]\n[Deal \"{east}\"]\n[OptimumResultTable \"x\"]\nN NT 7\n"
        );
        let d = read(&text).unwrap();
        let deal: Deal = DEAL.parse().unwrap();
        assert_eq!(d, vec![deal, deal, east.parse().unwrap()]);
        assert_eq!(d[2], deal, "the same deal from East");
        let e = read("[Deal \"N:- - - -\"]\n").unwrap_err();
        assert!(e.contains("game 1") && e.contains("unknown"), "{e}");
        let e = read("[Event \"x\"]\n[Deal \"N:AKQ\n").unwrap_err();
        assert!(e.contains("line 2"), "{e}");
    }

    /// Regression: `dd --random 1000000000000000` aborted allocating 32 PB; the deals are
    /// drawn as they are solved.
    #[test]
    fn random_deals_are_drawn_as_needed() {
        let mut d = deals(&args(&["--random", "1000000000000000"])).unwrap();
        let first: Vec<Deal> = d.by_ref().take(3).collect();
        assert_eq!(first, random_deals(3, 0));
        let all = deals(&args(&["--random", "5", "--seed", "2"])).unwrap();
        assert_eq!(all.collect::<Vec<_>>(), random_deals(5, 2));
    }

    /// `n` deals of seed `seed`, as `--random` draws them.
    fn random_deals(n: usize, seed: u64) -> Vec<Deal> {
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        (0..n).map(|_| random_deal(&mut rng)).collect()
    }

    #[test]
    fn percentiles_of_many_tables_are_within_a_percent() {
        let mut t = Timings::new();
        for k in 1..=1000 {
            t.add(k as f64 * 1e-3);
        }
        let near = |q: f64, x: f64| (t.quantile(q) / x - 1.0).abs() < 0.011;
        assert!(
            near(0.5, 0.5005) && near(0.95, 0.950) && near(1.0, 1.0),
            "{}",
            t.quantile(0.5)
        );
        assert_eq!(t.max, 1.0);
        t.add(0.0);
        t.add(1e9);
        assert_eq!(t.quantile(1.0), 1e9);
        assert!(t.quantile(0.0) > 0.0);
    }

    mod fuzz {
        use super::super::file_deals;
        use cardsim_engine::conformance::fuzz::{mutate, Edit};
        use proptest::prelude::*;

        fn edits() -> impl Strategy<Value = Vec<Edit>> {
            proptest::collection::vec((any::<u8>(), any::<usize>(), any::<u8>()), 1..6).prop_map(
                |v| {
                    v.into_iter()
                        .map(|(kind, at, byte)| Edit::from_parts(kind, at, byte))
                        .collect()
                },
            )
        }

        const PBN: &str = "% PBN 2.1\n[Event \"x\"]\n[Dealer \"E\"]\n\
            [Deal \"E:JT9.AQ2.AKQ.KQJ2 876.T9876.765.T9 543.53.J432.8654 AKQ2.KJ4.T98.A73\"]\n\
            [Auction \"E\"]\n1NT Pass Pass Pass\n[Play \"S\"]\nS5 S2 ST SA\n*\n\n[Deal \"#\"]\n";

        proptest! {
            #[test]
            fn any_deal_file_is_read_or_refused(text in "\\PC{0,200}|[\\[\\]\" NESW:.AKQJT0-9\n]{0,200}") {
                let _ = file_deals(&text);
            }

            #[test]
            fn mutated_deal_files_are_read_or_refused(e in edits()) {
                let _ = file_deals(&mutate(PBN, &e));
                let line = "N:AKQ2.KJ4.T98.A73 JT9.AQ2.AKQ.KQJ2 876.T9876.765.T9 543.53.J432.8654\n";
                let _ = file_deals(&mutate(line, &e));
            }
        }

        #[test]
        fn the_sample_file_holds_two_deals() {
            assert_eq!(file_deals(PBN).unwrap().len(), 2);
        }
    }

    #[test]
    fn tables_go_to_csv_rows() {
        let dir = tempfile::tempdir().unwrap();
        let out = dir.path().join("dd.csv");
        run(args(&[
            "--pbn",
            DEAL,
            "--out",
            out.to_str().unwrap(),
            "--threads",
            "1",
            "--quiet",
        ]))
        .unwrap();
        let text = std::fs::read_to_string(&out).unwrap();
        let lines: Vec<&str> = text.lines().collect();
        assert_eq!(lines[0], "deal,declarer,strain,tricks");
        assert_eq!(lines.len(), 21);
        // The table of this deal: North makes 7 in hearts, East 9 in clubs.
        assert!(lines.contains(&format!("{DEAL},N,H,7").as_str()), "{text}");
        assert!(lines.contains(&format!("{DEAL},E,C,9").as_str()), "{text}");
    }

    /// The records of a PBN file written by `--play`, each as its tag pairs.
    fn records(text: &str) -> Vec<Vec<(String, String)>> {
        let mut out: Vec<Vec<(String, String)>> = Vec::new();
        for line in text.lines() {
            let Some(inner) = line.strip_prefix('[').and_then(|l| l.strip_suffix("\"]")) else {
                continue;
            };
            let (name, value) = inner.split_once(" \"").expect("a tag pair");
            if name == "Event" {
                out.push(Vec::new());
            }
            out.last_mut()
                .expect("records start with Event")
                .push((name.to_string(), value.to_string()));
        }
        out
    }

    fn tag<'a>(record: &'a [(String, String)], name: &str) -> Option<&'a str> {
        record
            .iter()
            .find(|(k, _)| k == name)
            .map(|(_, v)| v.as_str())
    }

    fn play_to_pbn(params: &[&str]) -> String {
        let dir = tempfile::tempdir().unwrap();
        let out = dir.path().join("games.pbn");
        let mut list = vec![
            "--play",
            "2",
            "--pbn-out",
            out.to_str().unwrap(),
            "--seed",
            "3",
        ];
        for p in params {
            list.extend(["--param", p]);
        }
        run(args(&list)).unwrap();
        std::fs::read_to_string(&out).unwrap()
    }

    /// Single deals: every record names the vulnerability set by `vul=` and a duplicate
    /// scoring, so that programs scoring the file use the same table as the game.
    #[test]
    fn played_single_deals_carry_their_vulnerability_and_scoring() {
        for (vul, tag_value) in [
            ("none", "None"),
            ("ns", "NS"),
            ("ew", "EW"),
            ("both", "All"),
        ] {
            let text = play_to_pbn(&["scoring=deal", &format!("vul={vul}")]);
            let recs = records(&text);
            assert_eq!(recs.len(), 2, "{text}");
            for r in &recs {
                assert_eq!(tag(r, "Vulnerable"), Some(tag_value), "vul={vul}: {text}");
                assert_eq!(tag(r, "Scoring"), Some("IMP"), "{text}");
            }
        }
    }

    /// Rubbers: each record names the vulnerability as it stood when the deal was played (a
    /// side is vulnerable once it has won a game), replayed here from the records' own
    /// contracts and results.
    #[test]
    fn played_rubbers_carry_each_deals_vulnerability() {
        use cardsim_engine::games::bridge::{trick_score, Bid, Risk};
        let text = play_to_pbn(&[]);
        let recs = records(&text);
        let mut game = "";
        let mut below = [0u32; 2];
        let mut games = [0u32; 2];
        let mut vulnerable_deals = 0;
        for r in &recs {
            assert_eq!(tag(r, "Scoring"), Some("Rubber"), "{text}");
            let event = tag(r, "Event").unwrap();
            if event != game {
                game = event;
                below = [0, 0];
                games = [0, 0];
            }
            let expected = match (games[0] > 0, games[1] > 0) {
                (false, false) => "None",
                (true, false) => "NS",
                (false, true) => "EW",
                (true, true) => "All",
            };
            assert_eq!(
                tag(r, "Vulnerable"),
                Some(expected),
                "board {:?} of {event}: {text}",
                tag(r, "Board")
            );
            if expected != "None" {
                vulnerable_deals += 1;
            }
            let contract = tag(r, "Contract").unwrap();
            if contract == "Pass" {
                continue;
            }
            let doubles = contract.len() - contract.trim_end_matches('X').len();
            let risk = [Risk::Undoubled, Risk::Doubled, Risk::Redoubled][doubles];
            let bid: Bid = contract.trim_end_matches('X').parse().unwrap();
            let side = match tag(r, "Declarer").unwrap() {
                "N" | "S" => 0,
                _ => 1,
            };
            let tricks: u8 = tag(r, "Result").unwrap().parse().unwrap();
            if tricks >= 6 + bid.level() {
                below[side] += trick_score(bid, risk);
                if below[side] >= 100 {
                    games[side] += 1;
                    below = [0, 0];
                }
            }
        }
        assert!(
            vulnerable_deals > 0,
            "the test needs a deal played vulnerable: {text}"
        );
    }

    #[test]
    fn played_games_are_written_as_pbn() {
        let dir = tempfile::tempdir().unwrap();
        let out = dir.path().join("games.pbn");
        run(args(&[
            "--play",
            "2",
            "--pbn-out",
            out.to_str().unwrap(),
            "--param",
            "scoring=deal",
            "--seed",
            "5",
        ]))
        .unwrap();
        let text = std::fs::read_to_string(&out).unwrap();
        assert_eq!(text.matches("[Deal \"").count(), 2);
        for line in text.lines().filter(|l| l.starts_with("[Deal ")) {
            let deal: Deal = line[6..line.len() - 1].parse().unwrap();
            assert_eq!(deal.hands().iter().map(|h| h.len()).sum::<usize>(), 52);
        }
        assert!(run(args(&[
            "--play",
            "1",
            "--pbn-out",
            out.to_str().unwrap(),
            "--agents",
            "random,random"
        ]))
        .is_err());
    }
}
