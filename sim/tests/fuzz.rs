//! Every parser fuzzed (issue #22): PBN games and deals, Freecell Solver boards, game records,
//! shard manifests, agent specs, `--param` values and shards `I/N`. Each gets random strings
//! and mutations of a valid input (byte flips, truncations, insertions, huge numbers) and must
//! answer a clean `Ok` or `Err`, never panic, and never allocate more than [`MAX_BYTES`] at
//! once (the inputs are small, so a large allocation is a count read from the text). Each
//! parser with a printer reads back what it prints.
//!
//! The counting allocator (`allocation_counter`) is this test binary's global allocator.

use cardsim_agents::{catalog, split_specs, AgentSpec};
use cardsim_engine::conformance::fuzz::{mutate, Edit};
use cardsim_engine::games::bridge::pbn::{parse_games, Deal, PbnRecord};
use cardsim_engine::games::seahaven::Board;
use cardsim_engine::games::trash::Trash;
use cardsim_engine::params::{ParamKind, Settings};
use cardsim_engine::{Params, Seat};
use cardsim_sim::{
    check_cover, check_settings, find_game, games, merge, merge_tournament, Manifest, Record,
    Request, Shard, SimConfig, TournamentShard,
};
use proptest::prelude::*;
use std::path::{Path, PathBuf};
use std::sync::OnceLock;

/// The most any parse here may hold allocated at once.
const MAX_BYTES: u64 = 64 << 20;

/// Runs `f`, asserting that it never holds more than [`MAX_BYTES`] on this thread.
fn bounded<T>(f: impl FnOnce() -> T) -> T {
    let mut out = None;
    // A panic is caught inside the measurement, so that the counter's bookkeeping stays whole
    // for proptest's next case, and raised again outside it.
    let info = allocation_counter::measure(|| {
        out = Some(std::panic::catch_unwind(std::panic::AssertUnwindSafe(f)));
    });
    let out = out
        .expect("ran")
        .unwrap_or_else(|panic| std::panic::resume_unwind(panic));
    assert!(
        info.bytes_max < MAX_BYTES,
        "{} bytes allocated at once",
        info.bytes_max
    );
    out
}

/// One to five edits.
fn edits() -> impl Strategy<Value = Vec<Edit>> {
    proptest::collection::vec((any::<u8>(), any::<usize>(), any::<u8>()), 1..6).prop_map(|v| {
        v.into_iter()
            .map(|(kind, at, byte)| Edit::from_parts(kind, at, byte))
            .collect()
    })
}

/// Any text: arbitrary Unicode, or printable ASCII with the characters parsers split on.
fn text() -> impl Strategy<Value = String> {
    prop_oneof![any::<String>(), "[ -~\n\t]{0,300}"]
}

const DEAL: &str = "N:AKQ2.KJ4.T98.A73 JT9.AQ2.AKQ.KQJ2 876.T9876.765.T9 543.53.J432.8654";

/// A PBN game as `dd --play --pbn-out` writes it, with a comment and a skipped section.
fn pbn_game() -> String {
    format!(
        "% PBN 2.1\n[Event \"cardsim game 1\"]\n[Board \"1\"]\n[Dealer \"N\"]\n\
         [Vulnerable \"None\"]\n[Deal \"{DEAL}\"]\n[Declarer \"S\"] {{ South }}\n\
         [Contract \"3NT\"]\n[Result \"9\"]\n[Auction \"N\"]\n1NT Pass 3NT Pass\nPass Pass\n\
         [Play \"W\"]\nS5 S2 ST SA\nH5 - - -\n*\n[OptimumResultTable \"x\"]\nN NT 9 ; done\n\n"
    )
}

/// Games of trash (turns) and Egyptian Ratscrew (races) as record lines, written once.
fn record_lines() -> &'static [String] {
    static LINES: OnceLock<Vec<String>> = OnceLock::new();
    LINES.get_or_init(|| {
        let dir = tempfile::tempdir().unwrap();
        let mut lines = Vec::new();
        for game in ["trash", "egyptian-ratscrew"] {
            let path = dir.path().join(format!("{game}.jsonl"));
            let request = Request {
                players: Some(2),
                agents: split_specs("random").unwrap(),
                config: SimConfig::default().games(2).seed(5).threads(1).quiet(true),
                records: Some(path.clone()),
                ..Request::default()
            };
            (find_game(game).unwrap().simulate)(&request).unwrap();
            let text = std::fs::read_to_string(&path).unwrap();
            lines.extend(text.lines().map(String::from));
        }
        lines
    })
}

/// A directory holding a finished shard of a trash run (`run.csv` and its manifest) and of a
/// tournament (`t.csv` and its manifest), made once.
fn shard_dir() -> &'static Path {
    static DIR: OnceLock<tempfile::TempDir> = OnceLock::new();
    DIR.get_or_init(|| {
        let dir = tempfile::tempdir().unwrap();
        let request = Request {
            players: Some(2),
            agents: split_specs("random").unwrap(),
            config: SimConfig::default()
                .games(4)
                .threads(1)
                .quiet(true)
                .shard(Some(Shard { index: 0, count: 1 })),
            out: Some(dir.path().join("run.csv")),
            ..Request::default()
        };
        (find_game("trash").unwrap().simulate)(&request).unwrap();
        let cfg = cardsim_sim::TournamentConfig {
            game: "trash".into(),
            players: None,
            params: Params::new(),
            agents: split_specs("random,heuristic").unwrap(),
            games: 4,
            seed: 1,
            threads: 1,
            quiet: true,
            stop_early: false,
            batch: 10,
            shard: Some(Shard { index: 0, count: 1 }),
            deals: Vec::new(),
        };
        let t = cardsim_sim::run_tournament(&cfg).unwrap();
        let out = dir.path().join("t.csv");
        t.write_csv(cardsim_sim::AtomicCsv::create(&out).unwrap())
            .unwrap();
        TournamentShard::of(&cfg, &t).write_beside(&out).unwrap();
        dir
    })
    .path()
}

/// Parses a manifest text as every kind of shard and merges it, in a copy of the shard
/// directory: whatever the text, a clean answer.
fn try_manifest(text: &str) {
    let dir = tempfile::tempdir().unwrap();
    for name in ["run.csv", "t.csv"] {
        std::fs::copy(shard_dir().join(name), dir.path().join(name)).unwrap();
    }
    let (run, t) = (dir.path().join("run.csv"), dir.path().join("t.csv"));
    std::fs::write(Manifest::path_for(&run), text).unwrap();
    std::fs::write(Manifest::path_for(&t), text).unwrap();
    if let Ok(m) = serde_json::from_str::<Manifest>(text) {
        let _ = m.request();
        let _ = check_settings(&m, &run);
        let _ = check_cover(&[(m.shard.index, run.as_path())], m.shard.count);
        let _ = m.shard.range(m.games, m.players as u64);
    }
    if let Ok(m) = serde_json::from_str::<TournamentShard>(text) {
        let _ = check_settings(&m, &t);
    }
    let _ = merge(&[run], None, None, true);
    let _ = merge_tournament(&[t], None);
}

/// Parses a record line and, when it is one, replays it.
fn try_record(line: &str) {
    if let Ok(r) = serde_json::from_str::<Record>(line) {
        if let Ok(entry) = find_game(&r.game) {
            let _ = (entry.replay)(&r);
        }
    }
}

/// Parses a PBN text and every deal in it.
fn try_pbn(text: &str) {
    if let Ok(games) = parse_games(text) {
        for g in games {
            for (_, v) in g.tags.iter().filter(|(k, _)| k == "Deal") {
                let _ = v.parse::<Deal>();
            }
        }
    }
    let _ = text.parse::<Deal>();
}

/// Reads an agent spec list and builds each spec as a trash agent.
fn try_specs(text: &str) {
    let _ = text.parse::<AgentSpec>();
    if let Ok(specs) = split_specs(text) {
        let cat = catalog::<Trash>();
        for s in &specs {
            let _ = cat.build(s);
        }
    }
}

/// Reads `items` as `--param`s and checks them against every game's declarations, reading
/// each declared setting the way the games do.
fn try_params(items: &[String]) {
    let Ok(params) = Params::parse(items) else {
        return;
    };
    for g in games() {
        let _ = params.check_keys(&g.info);
        let settings = Settings::new(g.info.params, params.pairs());
        for p in g.info.params {
            let _ = p.validate(params.pairs().first().map_or("", |(_, v)| v.as_str()));
            // Each through the reader of its kind (another reader is a caller's bug and
            // panics by contract).
            match p.kind {
                ParamKind::Int { .. } if p.default == "none" => {
                    let _ = settings.opt_int::<u32>(p.key);
                }
                ParamKind::Int { .. } => {
                    let _ = settings.int::<i64>(p.key);
                    let _ = settings.int::<u8>(p.key);
                }
                ParamKind::AutoOrInt { .. } => {
                    let _ = settings.auto_or_int::<usize>(p.key);
                }
                ParamKind::Float { .. } => {
                    let _ = settings.float(p.key);
                }
                ParamKind::Choice(_) => {
                    let _ = settings.choice(p.key);
                }
                ParamKind::Flag => {
                    let _ = settings.flag(p.key);
                }
            }
        }
    }
}

/// Reads a shard `I/N` and takes its range of runs of every size.
fn try_shard(text: &str) {
    if let Ok(s) = text.parse::<Shard>() {
        for games in [0, 1, 7, u64::MAX] {
            for block in [0, 1, 3, u64::MAX] {
                let r = s.range(games, block);
                assert!(
                    r.start <= r.end && r.end <= games,
                    "{s} {games} {block}: {r:?}"
                );
            }
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(128))]

    #[test]
    fn random_text_never_breaks_a_parser(text in text()) {
        bounded(|| {
            try_pbn(&text);
            let _ = Board::parse_many(&text);
            let _ = text.parse::<Board>();
            try_record(&text);
            try_specs(&text);
            try_params(std::slice::from_ref(&text));
            try_shard(&text);
            let _ = serde_json::from_str::<Manifest>(&text);
            let _ = serde_json::from_str::<TournamentShard>(&text);
        });
    }

    #[test]
    fn mutated_pbn_is_read_or_refused(e in edits()) {
        let text = mutate(&pbn_game(), &e);
        bounded(|| try_pbn(&text));
        let deal = mutate(DEAL, &e);
        bounded(|| try_pbn(&deal));
    }

    #[test]
    fn mutated_boards_are_read_or_refused(n in any::<u64>(), e in edits()) {
        let text = format!("# deal {n}\n{}\n{}", Board::deal_number(n), Board::deal_number(n ^ 1));
        let text = mutate(&text, &e);
        bounded(|| {
            let _ = Board::parse_many(&text);
        });
    }

    #[test]
    fn mutated_records_are_replayed_or_refused(k in any::<usize>(), e in edits()) {
        let lines = record_lines();
        let line = mutate(&lines[k % lines.len()], &e);
        bounded(|| try_record(&line));
    }

    #[test]
    fn mutated_specs_are_read_or_refused(e in edits()) {
        let text = mutate("ismcts:iters=200,c=0.7,determinizations=4,random,heuristic", &e);
        bounded(|| try_specs(&text));
    }

    #[test]
    fn mutated_params_are_read_or_refused(e in edits(), f in edits()) {
        let items = [mutate("decks=2", &e), mutate("target=5", &f), mutate("scoring=deal", &e)];
        bounded(|| try_params(&items));
    }

    #[test]
    fn mutated_shards_are_read_or_refused(e in edits()) {
        let text = mutate("3/8", &e);
        bounded(|| try_shard(&text));
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(48))]

    #[test]
    fn mutated_manifests_are_merged_or_refused(tournament in any::<bool>(), e in edits()) {
        let name = if tournament { "t.csv" } else { "run.csv" };
        let text = std::fs::read_to_string(Manifest::path_for(&shard_dir().join(name))).unwrap();
        let text = mutate(&text, &e);
        bounded(|| try_manifest(&text));
    }
}

/// A tag name other than the sections' (`Auction`, `Play`), and a value without the quote
/// and backslash the writer does not escape.
fn pbn_record() -> impl Strategy<Value = PbnRecord> {
    let tag = ("[A-Z][A-Za-z0-9_]{0,8}", "[ !#-\\[\\]-~]{0,16}")
        .prop_filter("not a section", |(k, _)| k != "Auction" && k != "Play");
    let call = prop_oneof![
        "[1-7](C|D|H|S|NT)".prop_map(String::from),
        Just("Pass".to_string()),
        Just("X".to_string()),
        Just("XX".to_string()),
    ];
    let card = proptest::option::of((0usize..52).prop_map(|k| {
        let suit = ["S", "H", "D", "C"][k / 13];
        let rank = "AKQJT98765432".as_bytes()[k % 13] as char;
        format!("{rank}{suit}")
            .parse::<cardsim_engine::cards::Card>()
            .unwrap()
    }));
    (
        proptest::collection::vec(tag, 1..6),
        proptest::option::of((0usize..4, proptest::collection::vec(call, 0..12))),
        proptest::option::of((
            0usize..4,
            proptest::collection::vec([card.clone(), card.clone(), card.clone(), card], 0..6),
        )),
    )
        .prop_map(|(tags, auction, play)| PbnRecord {
            tags,
            auction: auction.map(|(s, calls)| (Seat::new(s), calls)),
            play: play.map(|(s, tricks)| (Seat::new(s), tricks)),
        })
}

proptest! {
    #[test]
    fn pbn_games_read_back_as_written(records in proptest::collection::vec(pbn_record(), 1..4)) {
        let text: String = records.iter().map(|r| format!("{r}\n")).collect();
        prop_assert_eq!(parse_games(&text).unwrap(), records);
    }

    #[test]
    fn boards_read_back_as_written(n in any::<u64>()) {
        let board = Board::deal_number(n);
        prop_assert_eq!(board.to_string().parse::<Board>().unwrap(), board);
    }

    #[test]
    fn agent_specs_read_back_as_written(
        specs in proptest::collection::vec(
            ("[a-z][a-z0-9_-]{0,8}", proptest::collection::vec(("[a-z][a-z0-9_]{0,6}", "[a-z0-9.]{1,6}"), 0..4)),
            1..4,
        ),
    ) {
        let specs: Vec<AgentSpec> = specs
            .into_iter()
            .map(|(name, params)| AgentSpec { name, params })
            .collect();
        for s in &specs {
            prop_assert_eq!(&s.to_string().parse::<AgentSpec>().unwrap(), s);
        }
        let list: Vec<String> = specs.iter().map(|s| s.to_string()).collect();
        prop_assert_eq!(split_specs(&list.join(",")).unwrap(), specs);
    }

    #[test]
    fn params_read_back_as_written(
        pairs in proptest::collection::vec(("[a-z_]{1,8}", "[a-z0-9.=]{0,8}"), 0..5),
    ) {
        let items: Vec<String> = pairs.iter().map(|(k, v)| format!("{k}={v}")).collect();
        let params = Params::parse(&items).unwrap();
        prop_assert_eq!(params.pairs(), pairs.as_slice());
    }

    #[test]
    fn shards_read_back_as_written(count in 1u64..=u64::MAX, index in any::<u64>()) {
        let s = Shard { index: index % count, count };
        prop_assert_eq!(s.to_string().parse::<Shard>().unwrap(), s);
    }
}

/// Every record as written reads back as itself.
#[test]
fn records_read_back_as_written() {
    for line in record_lines() {
        let r: Record = serde_json::from_str(line).unwrap();
        assert_eq!(serde_json::to_string(&r).unwrap(), *line);
        assert_eq!(
            serde_json::from_str::<Record>(&serde_json::to_string(&r).unwrap()).unwrap(),
            r
        );
        assert_eq!((find_game(&r.game).unwrap().replay)(&r), Ok(()));
    }
}

/// Every manifest as written reads back as itself, and merges.
#[test]
fn manifests_read_back_as_written() {
    let run = shard_dir().join("run.csv");
    let m = Manifest::read_for(&run).unwrap();
    let text = serde_json::to_string_pretty(&m).unwrap();
    assert_eq!(serde_json::from_str::<Manifest>(&text).unwrap(), m);
    assert!(m.checksum.is_some());
    let path: PathBuf = shard_dir().join("t.csv");
    let t: TournamentShard =
        serde_json::from_str(&std::fs::read_to_string(Manifest::path_for(&path)).unwrap()).unwrap();
    assert_eq!(
        serde_json::from_str::<TournamentShard>(&serde_json::to_string(&t).unwrap()).unwrap(),
        t
    );
    assert!(merge(&[run], None, None, true).is_ok());
    assert!(merge_tournament(&[path], None).is_ok());
}
