//! `simulate_csv`: the simulator's run of a request, as the command line's per-game and
//! summary CSV texts (`cardsim.simulate` reads them into pandas DataFrames).

use crate::erased::{DynState, SeatAgent};
use crate::error::CoreError;
use crate::py_game::{seed_arg, State};
use crate::table;
use cardsim_agents::{split_specs, AgentSpec};
use cardsim_engine::Params;
use cardsim_sim::{
    fmt_exact, per_game_header, per_game_rows, GameRecord, Report, Request, SimConfig,
};
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyString};
use std::sync::Arc;

/// Reads `agents`: one comma-separated string of specs, or a list of spec strings and
/// callables `f(state, seat) -> action`.
fn agents_arg(agents: Option<&Bound<'_, PyAny>>) -> PyResult<Vec<SeatAgent>> {
    let Some(obj) = agents else {
        return Ok(Vec::new());
    };
    if let Ok(s) = obj.cast::<PyString>() {
        let specs = split_specs(&s.to_string()).map_err(CoreError::from)?;
        return Ok(specs.into_iter().map(SeatAgent::Spec).collect());
    }
    let mut out = Vec::new();
    for item in obj.try_iter()? {
        let item = item?;
        if let Ok(text) = item.cast::<PyString>() {
            let spec = text
                .to_string()
                .parse::<AgentSpec>()
                .map_err(CoreError::from)?;
            out.push(SeatAgent::Spec(spec));
        } else if item.is_callable() {
            out.push(function_agent(item)?);
        } else {
            return Err(CoreError(format!(
                "an agent is a spec string or a callable f(state, seat) -> action, not {}",
                item.repr()?
            ))
            .into());
        }
    }
    Ok(out)
}

/// A Python callable as a [`SeatAgent::Function`], labelled `python:<its name>`; it is
/// called with the GIL held.
fn function_agent(f: Bound<'_, PyAny>) -> PyResult<SeatAgent> {
    let name = match f.getattr("__name__") {
        Ok(n) => n.str()?.to_string(),
        Err(_) => f.get_type().name()?.to_string(),
    };
    let label = format!("python:{name}");
    let what = label.clone();
    let f: Py<PyAny> = f.unbind();
    let choose = move |state: Box<dyn DynState>, seat: usize| -> Result<usize, CoreError> {
        Python::attach(|py| {
            let state = Py::new(py, State::new(state, None))
                .map_err(|e| CoreError(format!("agent {what}: {e}")))?;
            f.call1(py, (state, seat))
                .and_then(|r| r.extract::<usize>(py))
                .map_err(|e| CoreError(format!("agent {what} failed: {e}")))
        })
    };
    Ok(SeatAgent::Function {
        label,
        choose: Arc::new(choose),
    })
}

fn csv_text(rows: impl IntoIterator<Item = Vec<String>>) -> Result<String, CoreError> {
    let mut w = csv::Writer::from_writer(Vec::new());
    for row in rows {
        w.write_record(&row)
            .map_err(|e| CoreError(format!("cannot write a CSV row: {e}")))?;
    }
    let bytes = w
        .into_inner()
        .map_err(|e| CoreError(format!("cannot write the CSV: {e}")))?;
    String::from_utf8(bytes).map_err(|e| CoreError(e.to_string()))
}

/// The summary CSV: the command line's columns, the numbers at full precision.
fn summary_csv(report: &Report) -> Result<String, CoreError> {
    let header = [
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
    ];
    let rows = report.rows().map(|row| {
        let t = &row.tally;
        let (lo, hi) = row.win_interval();
        let (slo, shi) = row.score.interval();
        vec![
            row.agent.clone(),
            row.seat.clone(),
            t.games.to_string(),
            fmt_exact(t.wins),
            fmt_exact(t.win_rate()),
            fmt_exact(lo),
            fmt_exact(hi),
            fmt_exact(t.mean_score()),
            fmt_exact(slo),
            fmt_exact(shi),
            fmt_exact(t.mean_place()),
        ]
    });
    csv_text(std::iter::once(header.iter().map(|s| s.to_string()).collect()).chain(rows))
}

/// Runs the simulator (the GIL released; taken per decision of a Python agent, which
/// plays on one thread) and returns `(per_game_csv, summary_csv)`.
#[pyfunction]
#[pyo3(signature = (name, agents=None, games=10_000, seed=None, threads=0, players=None,
    params=None, rotate=true, duplicate=false))]
#[allow(clippy::too_many_arguments)]
pub fn simulate_csv(
    py: Python<'_>,
    name: &str,
    agents: Option<&Bound<'_, PyAny>>,
    games: u64,
    seed: Option<&Bound<'_, PyAny>>,
    threads: usize,
    players: Option<usize>,
    params: Option<&Bound<'_, PyDict>>,
    rotate: bool,
    duplicate: bool,
) -> PyResult<(String, String)> {
    let (name, base) = table::parse_game_string(name)?;
    let params: Params = crate::py_game::params_arg(base, params)?;
    let seed = seed_arg(seed)?;
    let agents = agents_arg(agents)?;
    if threads > 1024 {
        return Err(CoreError(format!(
            "--threads {threads} is too many; use 0 (all cores) to 1024"
        ))
        .into());
    }
    let config = SimConfig::default()
        .games(games)
        .seed(seed)
        .threads(threads)
        .rotate(rotate)
        .duplicate(duplicate)
        .quiet(true);
    let functions = agents
        .iter()
        .any(|a| matches!(a, SeatAgent::Function { .. }));
    let run = || -> Result<(String, String), CoreError> {
        let stats;
        let (report, labels, records) = if functions {
            // Players as the command line infers them from the agents.
            let entry = table::find(&name)?;
            let n = agents.len();
            let players = players.or((n > 1 && n >= entry.info.min_players).then_some(n));
            stats = entry.info.stats;
            (entry.load)(players, &params)?.simulate(&agents, config)?
        } else {
            let entry = cardsim_sim::find_game(&name)?;
            stats = entry.info.stats;
            let specs = agents
                .iter()
                .filter_map(|a| match a {
                    SeatAgent::Spec(s) => Some(s.clone()),
                    SeatAgent::Function { .. } => None,
                })
                .collect();
            let request = Request {
                players,
                params,
                agents: specs,
                config,
                ..Request::default()
            };
            let (mut report, labels) = (entry.report)(&request)?;
            let mut records: Vec<GameRecord> = Vec::new();
            (entry.play)(&request, &mut |record| {
                report.add(record, &labels);
                records.push(record.clone());
                Ok(())
            })?;
            (report, labels, records)
        };
        let mut report = report;
        if functions {
            for r in &records {
                report.add(r, &labels);
            }
        }
        let rows = std::iter::once(per_game_header(stats))
            .chain(records.iter().flat_map(|r| per_game_rows(r, &labels, seed)));
        Ok((csv_text(rows)?, summary_csv(&report)?))
    };
    Ok(py.detach(run)?)
}
