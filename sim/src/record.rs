//! Game records: one JSON line per game with everything needed to replay it through the
//! rules (`simulate --records F`), and the replay that checks them (`cardsim replay F`).
//!
//! A record holds the run's game, parameters, seed and the game's RNG stream (which deals
//! the cards and decides every chance event), the deal as text, every action with the seat
//! that took it (and each race's entries with their reaction times), and the outcome and
//! statistics. [`replay`] deals again from the stream, takes the deal, applies each recorded
//! action only if it is legal at that point, and compares the outcome and statistics with
//! the record's.
//!
//! # Format versions
//! - **2** (`"version": 2`, written now): `deal` is the game's deal text
//!   ([`cardsim_engine::DealText`], shown in each game's rules doc), which `simulate --deals`
//!   reads back. The game was played from that deal: dealt from its stream, or given
//!   (`--deal`/`--deals`), in which case the stream's deal was drawn and set aside, so chance
//!   after the deal is the stream's either way. Replay reads the deal from the text.
//! - **1** (no `version` field): `deal` is the dealt state's `Debug` dump; replay deals from
//!   the stream and checks that the dump matches.

use crate::{find_game, game_rng, GameRecord, SimError};
use cardsim_agents::GameAgents;
use cardsim_engine::driver::{Applied, Ending};
use cardsim_engine::{DealText, Params, RaceEntry, Seat, ToMove, MAX_SEATS};
use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};
use rand::RngCore;
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;
use std::io::{BufRead, IsTerminal, Write};
use std::path::Path;

/// One applied decision of a record.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(untagged)]
pub enum Move {
    /// A seat's turn: `{"seat": 1, "action": "7♠"}`.
    Turn {
        /// The seat, from 0.
        seat: usize,
        /// The action as the game writes it.
        action: String,
    },
    /// A race: `{"race": [{"seat": 0, "action": "slap", "reaction": 0.41}, ...]}`.
    Race {
        /// Every entry, in seat order.
        race: Vec<Entry>,
    },
}

/// One seat's entry in a recorded race.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Entry {
    /// The seat, from 0.
    pub seat: usize,
    /// The action as the game writes it.
    pub action: String,
    /// Its reaction time in seconds.
    pub reaction: f64,
}

impl Move {
    /// The record of an applied decision.
    pub fn of<A: std::fmt::Display>(applied: Applied<'_, A>) -> Move {
        match applied {
            Applied::Turn { seat, action } => Move::Turn {
                seat: seat.index(),
                action: action.to_string(),
            },
            Applied::Race(entries) => Move::Race {
                race: entries
                    .iter()
                    .map(|e| Entry {
                        seat: e.seat.index(),
                        action: e.action.to_string(),
                        reaction: e.reaction,
                    })
                    .collect(),
            },
        }
    }
}

/// What a game's worker records while playing, for [`Record`].
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Trace {
    /// The RNG stream the game was played from.
    pub stream: u64,
    /// The dealt state, as the game's deal text.
    pub deal: String,
    /// Every decision applied.
    pub moves: Vec<Move>,
    /// Set when the game was played on from a recorded position ([`Record::from`]).
    pub from: Option<Origin>,
}

/// Where the first moves of a record played from a position came from
/// (`simulate --from-record F --at K`): the first `moves` moves are those of a record of seed
/// `seed`, stream `stream`, and their chance events came from that stream; chance after them
/// comes from the record's own stream, drawn after its agents' seeds and a deal, as in any
/// game from a given deal.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Origin {
    /// The master seed of the game the prefix was taken from.
    pub seed: u64,
    /// Its RNG stream.
    pub stream: u64,
    /// How many of the record's first moves were replayed from it.
    pub moves: usize,
}

/// A recorded position to play on from: the first `at` moves of `record`
/// ([`crate::SimConfig::position`]).
#[derive(Clone, Debug, PartialEq)]
pub struct Position {
    /// The record the position is taken from.
    pub record: Record,
    /// How many of its moves are replayed.
    pub at: usize,
}

// A record read from JSON holds no NaN (JSON has none), so equality is an equivalence.
impl Eq for Position {}

/// One seat's result in a record.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct SeatOutcome {
    /// The agent's label.
    pub agent: String,
    /// The game's score.
    pub score: f64,
    /// Place, 1 = best.
    pub place: u8,
    /// Win share.
    pub win: f64,
}

/// The records format written now (version 1 had `Debug` deals; see [`Record::version`]).
pub const RECORDS_VERSION: u32 = 2;

fn version_1() -> u32 {
    1
}

/// A game record: one line of a `--records` file.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Record {
    /// The records format ([`RECORDS_VERSION`]); 1 when absent.
    #[serde(default = "version_1")]
    pub version: u32,
    /// The game's name.
    pub game: String,
    /// Players.
    pub players: usize,
    /// Rule parameters, `key=value`.
    pub params: Vec<String>,
    /// The run's master seed.
    pub seed: u64,
    /// The game's index in the run.
    pub index: u64,
    /// The ChaCha8 stream of `seed` that dealt the game and drew its chance events (the
    /// index, or in a duplicate run the first index of its deal's block).
    pub stream: u64,
    /// The dealt state: the game's deal text (version 2) or its `Debug` dump (version 1).
    pub deal: String,
    /// Every decision, in order.
    pub moves: Vec<Move>,
    /// Each seat's agent and result.
    pub outcome: Vec<SeatOutcome>,
    /// Drawn game.
    pub draw: bool,
    /// The game's statistics by name.
    pub stats: BTreeMap<String, f64>,
    /// Set for a game played on from a recorded position: where its first moves came from.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub from: Option<Origin>,
}

impl Record {
    /// The record of a played game.
    ///
    /// # Panics
    /// If the game was played without a trace.
    pub fn of(
        game: &str,
        params: &Params,
        seed: u64,
        labels: &[String],
        stat_names: &[&str],
        played: &GameRecord,
    ) -> Record {
        let trace = played.trace.as_deref().expect("played with records on");
        Record {
            version: RECORDS_VERSION,
            game: game.into(),
            players: played.seats.len(),
            params: params
                .pairs()
                .iter()
                .map(|(k, v)| format!("{k}={v}"))
                .collect(),
            seed,
            index: played.index,
            stream: trace.stream,
            deal: trace.deal.clone(),
            moves: trace.moves.clone(),
            outcome: played
                .seats
                .iter()
                .map(|r| SeatOutcome {
                    agent: labels[r.agent].clone(),
                    score: r.score,
                    place: r.place,
                    win: r.win,
                })
                .collect(),
            draw: played.draw,
            stats: stat_names
                .iter()
                .zip(&played.stats)
                .map(|(k, &v)| (k.to_string(), v))
                .collect(),
            from: trace.from,
        }
    }
}

/// A JSON-lines output ([`crate::Output`]): a regular file is written beside its
/// destination and renamed into place on commit.
pub struct RecordWriter {
    out: crate::Output,
}

impl RecordWriter {
    /// Opens the output now, so a bad destination fails before any work.
    ///
    /// # Errors
    /// [`SimError::Output`].
    pub fn create(path: &Path) -> Result<RecordWriter, SimError> {
        Ok(RecordWriter {
            out: crate::Output::create(path)?,
        })
    }

    /// Writes one record as a line.
    ///
    /// # Errors
    /// [`SimError::Output`].
    pub fn write(&mut self, record: &Record) -> Result<(), SimError> {
        serde_json::to_writer(&mut self.out, record)
            .map_err(std::io::Error::from)
            .and_then(|()| self.out.write_all(b"\n"))
            .map_err(|e| self.out.error(e))
    }

    /// Flushes the output and puts it in place.
    ///
    /// # Errors
    /// [`SimError::Output`].
    pub fn commit(self) -> Result<(), SimError> {
        self.out.commit()
    }
}

/// Replays one record of game `G` through the rules; `Err` says which move or result is
/// wrong.
///
/// # Errors
/// A message naming the first move that is not legal where it stands (a race must list, in
/// seat order, one entry for each seat that may act, each with a finite reaction time of at
/// least 0), or the result that differs.
pub fn replay_record<G: GameAgents + DealText>(r: &Record) -> Result<(), String> {
    let (game, mut state, mut rng) = dealt::<G>(r)?;
    let players = game.players();
    let after = match r.from {
        Some(o) => {
            let k = o.moves.min(r.moves.len());
            apply_moves(&game, &mut state, &r.moves[..k], 0, &mut rng)?;
            // Chance after the position comes from the record's own stream.
            rng = game_rng(r.seed, r.stream);
            for _ in 0..players {
                rng.next_u64();
            }
            game.deal(&mut rng);
            k
        }
        None => 0,
    };
    apply_moves(&game, &mut state, &r.moves[after..], after, &mut rng)?;
    let moves = r.moves.len() as u64;
    let ending = if game.to_move(&state) == ToMove::Over {
        Ending::Over { moves }
    } else if game.move_cap() == Some(moves - after as u64) {
        Ending::Draw { moves }
    } else {
        return Err(format!(
            "the record ends after {moves} moves but the game is not over"
        ));
    };
    let outcome = ending.outcome(&game, &state);
    for (s, o) in r.outcome.iter().enumerate().take(players) {
        let got = outcome[Seat::new(s)];
        if (got.score, got.place, got.win) != (o.score, o.place, o.win) {
            return Err(format!(
                "seat {s}'s result is score {} place {} win {}, the record says {} {} {}",
                got.score, got.place, got.win, o.score, o.place, o.win
            ));
        }
    }
    if r.outcome.len() != players {
        return Err(format!("{} results for {players} seats", r.outcome.len()));
    }
    let mut stats = Vec::new();
    game.stats(&state, &mut stats);
    for (name, value) in G::INFO.stats.iter().zip(stats) {
        if r.stats.get(*name) != Some(&value) {
            return Err(format!(
                "statistic {name} is {value}, the record says {:?}",
                r.stats.get(*name)
            ));
        }
    }
    let all_first = players > 1 && outcome.first(players).iter().all(|x| x.place == 1);
    if r.draw != (ending.is_draw() || all_first) {
        return Err(format!("the record's draw flag {} is wrong", r.draw));
    }
    Ok(())
}

/// The rules, the dealt state and the RNG of a record's game, the RNG drawn past the agents'
/// seeds and the deal (the stream of [`Record::from`] for a game played from a position).
fn dealt<G: GameAgents + DealText>(
    r: &Record,
) -> Result<(G, G::State, rand_chacha::ChaCha8Rng), String> {
    let params = Params::parse(&r.params).map_err(|e| e.to_string())?;
    let game = G::new(r.players, &params).map_err(|e| e.to_string())?;
    let players = game.players();
    let (seed, stream) = r.from.map_or((r.seed, r.stream), |o| (o.seed, o.stream));
    let mut rng = game_rng(seed, stream);
    for _ in 0..players {
        rng.next_u64(); // the agents' seeds, as a simulation draws them
    }
    let mut state = game.deal(&mut rng);
    match r.version {
        1 => {
            if format!("{state:?}") != r.deal {
                return Err(format!(
                    "the deal is not the one seed {seed} stream {stream} deals"
                ));
            }
        }
        RECORDS_VERSION => {
            // Dealt from the stream or given: either way the game went on from this deal.
            state = game
                .parse_deal(&r.deal)
                .map_err(|e| format!("the deal does not read: {e}"))?;
        }
        v => {
            return Err(format!(
                "records format version {v} is not one this cardsim reads (1 to {RECORDS_VERSION})"
            ))
        }
    }
    Ok((game, state, rng))
}

/// The state after the first `position.at` moves of its record, replayed through the rules
/// as [`replay_record`] replays them, and where those moves came from (for the records of
/// the games played on from it).
///
/// # Errors
/// `at` past the record's moves, a record of another format, a move that is not legal.
pub fn position_of<G: GameAgents + DealText>(
    game: &G,
    position: &Position,
) -> Result<(G::State, Origin), String> {
    let r = &position.record;
    let at = position.at;
    if r.version < RECORDS_VERSION {
        return Err(format!(
            "a version {} record holds no deal text (record again with this cardsim)",
            r.version
        ));
    }
    if at > r.moves.len() {
        return Err(format!(
            "--at {at} is past the record's {} moves",
            r.moves.len()
        ));
    }
    let origin = match r.from {
        Some(o) if at > o.moves => {
            return Err(format!(
                "this record was itself played from a position; it can be taken up only \
                 within its first {} moves",
                o.moves
            ))
        }
        Some(o) => Origin { moves: at, ..o },
        None => Origin {
            seed: r.seed,
            stream: r.stream,
            moves: at,
        },
    };
    let (g, mut state, mut rng) = dealt::<G>(r)?;
    if g.players() != game.players() {
        return Err(format!(
            "the record has {} players, this run {}",
            g.players(),
            game.players()
        ));
    }
    apply_moves(&g, &mut state, &r.moves[..at], 0, &mut rng)?;
    Ok((state, origin))
}

/// Applies recorded moves to `state` through the rules, each only if it is legal where it
/// stands, chance from `rng`; `first` is the number of the first move in messages.
fn apply_moves<G: GameAgents>(
    game: &G,
    state: &mut G::State,
    moves: &[Move],
    first: usize,
    rng: &mut rand_chacha::ChaCha8Rng,
) -> Result<(), String> {
    let players = game.players();

    let mut legal = Vec::new();
    let seat_of = |s: usize| -> Result<Seat, String> {
        if s < players {
            Ok(Seat::new(s))
        } else {
            Err(format!("seat {s} does not exist with {players} players"))
        }
    };
    for (k, m) in moves.iter().enumerate() {
        let k = k + first;
        let at = |what: String| format!("move {k}: {what}");
        match (game.to_move(state), m) {
            (ToMove::Over, _) => return Err(at("the game is already over".into())),
            (ToMove::Seat(turn), Move::Turn { seat, action }) => {
                if seat_of(*seat).map_err(at)? != turn {
                    return Err(at(format!(
                        "it is seat {}'s turn, the record has seat {seat}",
                        turn.index()
                    )));
                }
                game.legal_actions(state, &mut legal);
                let a = find(&legal, action).ok_or_else(|| {
                    at(format!(
                        "{action:?} is not legal for seat {seat} (legal: {})",
                        list(&legal)
                    ))
                })?;
                game.apply(state, a, rng);
            }
            (ToMove::Race(mask), Move::Race { race }) => {
                let mut entries = arrayvec::ArrayVec::<_, MAX_SEATS>::new();
                for (i, e) in race.iter().enumerate() {
                    if let Some(before) = i.checked_sub(1).map(|j| race[j].seat) {
                        if e.seat <= before {
                            return Err(at(format!(
                                "race entries come in seat order, one per seat; seat {} \
                                 follows seat {before}",
                                e.seat
                            )));
                        }
                    }
                    let seat = seat_of(e.seat).map_err(at)?;
                    if !mask.contains(seat) || entries.is_full() {
                        return Err(at(format!("seat {} is not in this race", e.seat)));
                    }
                    game.race_actions(state, seat, &mut legal);
                    let a = find(&legal, &e.action).ok_or_else(|| {
                        at(format!(
                            "{:?} is not a race action of seat {} (allowed: {})",
                            e.action,
                            e.seat,
                            list(&legal)
                        ))
                    })?;
                    if !e.reaction.is_finite() || e.reaction < 0.0 {
                        return Err(at(format!("reaction time {} is not a time", e.reaction)));
                    }
                    entries.push(RaceEntry {
                        seat,
                        action: a,
                        reaction: e.reaction,
                    });
                }
                // Every seat with a race action takes part, as in every played race.
                for seat in mask.iter() {
                    game.race_actions(state, seat, &mut legal);
                    if !legal.is_empty() && !entries.iter().any(|e| e.seat == seat) {
                        return Err(at(format!(
                            "seat {} may act in this race but has no entry",
                            seat.index()
                        )));
                    }
                }
                game.apply_race(state, &entries, rng);
            }
            (ToMove::Seat(turn), Move::Race { .. }) => {
                return Err(at(format!(
                    "it is seat {}'s turn, the record has a race",
                    turn.index()
                )))
            }
            (ToMove::Race(_), Move::Turn { .. }) => {
                return Err(at("it is a race, the record has a turn".into()))
            }
        }
    }
    Ok(())
}

fn find<A: std::fmt::Display + Copy>(legal: &[A], text: &str) -> Option<A> {
    legal.iter().copied().find(|a| a.to_string() == text)
}

fn list<A: std::fmt::Display>(legal: &[A]) -> String {
    let mut s: Vec<String> = legal.iter().take(12).map(|a| a.to_string()).collect();
    if legal.len() > 12 {
        s.push(format!("... {} in all", legal.len()));
    }
    s.join(" ")
}

/// The deal texts of a `--deals` file for game `game`: one deal text per line, or records
/// (JSON lines, version 2) whose `deal` fields are taken; blank lines and lines starting with
/// `#` are skipped.
///
/// # Errors
/// [`SimError::Setting`] naming the line: unreadable file, a record of another game or of
/// format version 1, no deal at all.
pub fn read_deals(path: &Path, game: &str) -> Result<Vec<String>, SimError> {
    let err = |e: std::io::Error| SimError::Setting(format!("cannot read {}: {e}", path.display()));
    let text = std::fs::read_to_string(path).map_err(err)?;
    let mut deals = Vec::new();
    for (n, line) in text.lines().enumerate() {
        let t = line.trim();
        if t.is_empty() || t.starts_with('#') {
            continue;
        }
        let at =
            |what: String| SimError::Setting(format!("{} line {}: {what}", path.display(), n + 1));
        if t.starts_with('{') {
            let r: Record =
                serde_json::from_str(t).map_err(|e| at(format!("not a game record: {e}")))?;
            if r.game != game {
                return Err(at(format!("a record of {}, not of {game}", r.game)));
            }
            if r.version < RECORDS_VERSION {
                return Err(at(format!(
                    "a version {} record holds no deal text (record again with this cardsim)",
                    r.version
                )));
            }
            deals.push(r.deal);
        } else {
            deals.push(t.to_string());
        }
    }
    if deals.is_empty() {
        return Err(SimError::Setting(format!(
            "{} holds no deal",
            path.display()
        )));
    }
    Ok(deals)
}

/// What [`replay`] found.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct ReplayReport {
    /// Records that replayed exactly.
    pub ok: u64,
    /// One line per bad record: `line N (game G index I): what is wrong`.
    pub errors: Vec<String>,
}

/// Replays every record of a `--records` file, going on past bad records.
///
/// # Errors
/// When the file cannot be read at all, or holds no record (nothing to replay); bad
/// records are listed in the report.
pub fn replay(path: &Path, quiet: bool) -> Result<ReplayReport, SimError> {
    let err = |e: std::io::Error| SimError::Setting(format!("cannot read {}: {e}", path.display()));
    let file = std::fs::File::open(path).map_err(err)?;
    let size = file.metadata().map(|m| m.len()).unwrap_or(0);
    let bar = if quiet || !std::io::stderr().is_terminal() {
        ProgressBar::hidden()
    } else {
        let bar = ProgressBar::with_draw_target(Some(size), ProgressDrawTarget::stderr());
        bar.set_style(
            ProgressStyle::with_template(
                "{spinner} replay [{bar:30}] {bytes}/{total_bytes}  ETA {eta}",
            )
            .expect("valid template")
            .progress_chars("=> "),
        );
        bar
    };
    let mut report = ReplayReport::default();
    for (n, line) in std::io::BufReader::new(file).lines().enumerate() {
        let line = line.map_err(err)?;
        bar.inc(line.len() as u64 + 1);
        if line.trim().is_empty() {
            continue;
        }
        let record: Record = match serde_json::from_str(&line) {
            Ok(r) => r,
            Err(e) => {
                report
                    .errors
                    .push(format!("line {}: not a game record: {e}", n + 1));
                continue;
            }
        };
        let result = match find_game(&record.game) {
            Ok(entry) => (entry.replay)(&record),
            Err(e) => Err(e.to_string()),
        };
        match result {
            Ok(()) => report.ok += 1,
            Err(e) => report.errors.push(format!(
                "line {} (game {} index {}): {e}",
                n + 1,
                record.game,
                record.index
            )),
        }
    }
    bar.finish_and_clear();
    if report.ok == 0 && report.errors.is_empty() {
        return Err(SimError::Setting(format!(
            "{} holds no game records: nothing to replay (write them with `cardsim simulate \
             --records {}`)",
            path.display(),
            path.display()
        )));
    }
    Ok(report)
}
