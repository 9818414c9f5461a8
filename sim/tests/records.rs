//! Game records replay through the rules for every registered game, and a corrupt record is
//! named by line and move while the others still replay.

use cardsim_agents::split_specs;
use cardsim_sim::{find_game, games, replay, Move, Record, Request, SimConfig};
use std::path::Path;

fn record(game: &str, agents: &str, games: u64, path: &Path) {
    let request = Request {
        agents: split_specs(agents).unwrap(),
        config: SimConfig::default()
            .games(games)
            .seed(3)
            .threads(2)
            .quiet(true),
        records: Some(path.to_path_buf()),
        ..Request::default()
    };
    (find_game(game).unwrap().simulate)(&request).unwrap();
}

#[test]
fn every_game_replays_its_own_records() {
    let dir = tempfile::tempdir().unwrap();
    for entry in games() {
        let name = entry.info.name;
        let has_heuristic = (entry.agents)().iter().any(|a| a.0 == "heuristic");
        let agents = if has_heuristic { "heuristic" } else { "random" };
        let path = dir.path().join(format!("{name}.jsonl"));
        record(name, agents, 12, &path);
        let report = replay(&path, true).unwrap();
        assert_eq!(
            (report.ok, report.errors.as_slice()),
            (12, &[][..]),
            "{name}"
        );
        // The records are the games the CSV describes: same count, in order, one per line.
        let text = std::fs::read_to_string(&path).unwrap();
        let records: Vec<Record> = text
            .lines()
            .map(|l| serde_json::from_str(l).unwrap())
            .collect();
        assert_eq!(
            records.iter().map(|r| r.index).collect::<Vec<_>>(),
            (0..12).collect::<Vec<u64>>()
        );
        assert!(records
            .iter()
            .all(|r| r.game == name && !r.moves.is_empty()));
    }
}

#[test]
fn a_corrupt_record_is_named_and_the_others_replay() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("whist.jsonl");
    record("whist", "heuristic,random,heuristic,random", 4, &path);
    let text = std::fs::read_to_string(&path).unwrap();
    let mut lines: Vec<String> = text.lines().map(String::from).collect();

    // Record 2: a card the seat does not hold, at move 5.
    let mut r: Record = serde_json::from_str(&lines[1]).unwrap();
    let held = match &r.moves[5] {
        Move::Turn { action, .. } => action.clone(),
        Move::Race { .. } => unreachable!("whist has no races"),
    };
    let other = r.moves[6..]
        .iter()
        .find_map(|m| match m {
            Move::Turn { action, .. } if *action != held => Some(action.clone()),
            _ => None,
        })
        .unwrap();
    if let Move::Turn { action, .. } = &mut r.moves[5] {
        *action = other;
    }
    lines[1] = serde_json::to_string(&r).unwrap();
    // Record 3: a different outcome.
    let mut r: Record = serde_json::from_str(&lines[2]).unwrap();
    r.outcome[0].score += 1.0;
    lines[2] = serde_json::to_string(&r).unwrap();
    // Record 4: cut short.
    let mut r: Record = serde_json::from_str(&lines[3]).unwrap();
    r.moves.pop();
    lines[3] = serde_json::to_string(&r).unwrap();
    // A line that is not a record, and one of an unknown game.
    lines.push("{not json".into());
    let mut r: Record = serde_json::from_str(&lines[0]).unwrap();
    r.game = "snap-dragon".into();
    lines.push(serde_json::to_string(&r).unwrap());
    std::fs::write(&path, lines.join("\n") + "\n").unwrap();

    let report = replay(&path, true).unwrap();
    assert_eq!(report.ok, 1, "{:?}", report.errors);
    let e = &report.errors;
    assert_eq!(e.len(), 5, "{e:?}");
    assert!(
        e[0].starts_with("line 2 (game whist index 1): move 5:") && e[0].contains("not legal"),
        "{}",
        e[0]
    );
    assert!(
        e[1].starts_with("line 3 ") && e[1].contains("seat 0's result"),
        "{}",
        e[1]
    );
    assert!(
        e[2].starts_with("line 4 ") && e[2].contains("not over"),
        "{}",
        e[2]
    );
    assert!(e[3].starts_with("line 5: not a game record"), "{}", e[3]);
    assert!(e[4].contains("unknown game"), "{}", e[4]);
    assert!(e.iter().all(|l| !l.contains('\n')));
}

/// A version-2 record takes its deal from its text, but chance after the deal comes from its
/// stream: a record whose stream was changed no longer replays (Trash draws from the stock).
#[test]
fn a_record_with_another_stream_is_refused() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("trash.jsonl");
    record("trash", "random", 2, &path);
    let text = std::fs::read_to_string(&path).unwrap();
    let mut r: Record = serde_json::from_str(text.lines().next().unwrap()).unwrap();
    r.stream += 1;
    std::fs::write(&path, serde_json::to_string(&r).unwrap() + "\n").unwrap();
    let report = replay(&path, true).unwrap();
    assert_eq!(report.errors.len(), 1, "{:?}", report.errors);
    assert!(
        report.errors[0].starts_with("line 1 (game trash index 0): move "),
        "{:?}",
        report.errors
    );
}

#[test]
fn version_1_records_with_debug_deals_still_replay() {
    use cardsim_engine::games::whist::Whist;
    use cardsim_engine::{Game, Params};
    use rand::RngCore;
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("r.jsonl");
    let request = cardsim_sim::Request {
        params: Params::parse(&["target=1"]).unwrap(),
        config: cardsim_sim::SimConfig::default()
            .games(2)
            .quiet(true)
            .seed(4),
        records: Some(path.clone()),
        ..Default::default()
    };
    (cardsim_sim::find_game("whist").unwrap().simulate)(&request).unwrap();
    let text = std::fs::read_to_string(&path).unwrap();
    let mut old = Vec::new();
    for line in text.lines() {
        let mut r: cardsim_sim::Record = serde_json::from_str(line).unwrap();
        assert_eq!(r.version, 2);
        // The deal as a version-1 record wrote it: the dealt state's Debug dump.
        let game = Whist::new(4, &request.params).unwrap();
        let mut rng = cardsim_sim::game_rng(r.seed, r.stream);
        for _ in 0..4 {
            rng.next_u64();
        }
        r.deal = format!("{:?}", game.deal(&mut rng));
        let mut v: serde_json::Value = serde_json::to_value(&r).unwrap();
        v.as_object_mut().unwrap().remove("version");
        old.push(v.to_string());
    }
    std::fs::write(&path, old.join("\n")).unwrap();
    let report = cardsim_sim::replay(&path, true).unwrap();
    assert_eq!(
        (report.ok, report.errors.len()),
        (2, 0),
        "{:?}",
        report.errors
    );
    // A version-1 record whose dump is not the stream's deal is caught.
    std::fs::write(&path, old[0].replace("trump_card", "trump")).unwrap();
    let report = cardsim_sim::replay(&path, true).unwrap();
    assert!(
        report.errors[0].contains("not the one seed"),
        "{:?}",
        report.errors
    );
}
