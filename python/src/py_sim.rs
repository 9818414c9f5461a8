//! `simulate_csv`: the simulator's run of a request, as the command line's per-game and
//! summary CSV texts (`cardsim.simulate` reads them into pandas DataFrames).

use crate::error::CoreError;
use crate::py_game::seed_arg;
use crate::table;
use cardsim_agents::{split_specs, AgentSpec};
use cardsim_engine::Params;
use cardsim_sim::{fmt_exact, per_game_header, per_game_rows, Request, SimConfig};
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyString};

/// Reads `agents`: one comma-separated string of specs, or a list of spec strings.
fn specs_arg(agents: Option<&Bound<'_, PyAny>>) -> PyResult<Vec<AgentSpec>> {
    let Some(obj) = agents else {
        return Ok(Vec::new());
    };
    if let Ok(s) = obj.cast::<PyString>() {
        return Ok(split_specs(&s.to_string()).map_err(CoreError::from)?);
    }
    let mut out = Vec::new();
    for item in obj.try_iter()? {
        let text: String = item?.extract()?;
        out.push(text.parse::<AgentSpec>().map_err(CoreError::from)?);
    }
    Ok(out)
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

/// Runs the simulator (the GIL released) and returns `(per_game_csv, summary_csv)`: the
/// command line's columns, the summary's numbers at full precision.
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
    let agents = specs_arg(agents)?;
    if threads > 1024 {
        return Err(CoreError(format!(
            "--threads {threads} is too many; use 0 (all cores) to 1024"
        ))
        .into());
    }
    let entry = cardsim_sim::find_game(&name).map_err(CoreError::from)?;
    let request = Request {
        players,
        params,
        agents,
        config: SimConfig::default()
            .games(games)
            .seed(seed)
            .threads(threads)
            .rotate(rotate)
            .duplicate(duplicate)
            .quiet(true),
        ..Request::default()
    };
    let run = || -> Result<(String, String), CoreError> {
        let (mut report, labels) = (entry.report)(&request)?;
        let mut rows = vec![per_game_header(entry.info.stats)];
        (entry.play)(&request, &mut |record| {
            report.add(record, &labels);
            rows.extend(per_game_rows(record, &labels, seed));
            Ok(())
        })?;
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
        let summary = std::iter::once(header.iter().map(|s| s.to_string()).collect()).chain(
            report.rows().map(|row| {
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
            }),
        );
        Ok((csv_text(rows)?, csv_text(summary)?))
    };
    Ok(py.detach(run)?)
}
