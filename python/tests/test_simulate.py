"""cardsim.simulate is the command line's simulator: same columns, same numbers."""

from __future__ import annotations

import numpy as np
import pytest
import pandas as pd

import cardsim
from conftest import cli


def test_simulate_matches_the_command_line_csv(tmp_path):
    args = dict(name="trash", agents=["heuristic", "random"], games=60, seed=17, threads=2)
    rows, summary = cardsim.simulate(**args)
    out, summ = tmp_path / "rows.csv", tmp_path / "summary.csv"
    r = cli([
        "simulate", "--game", "trash", "--agents", "heuristic,random", "--games", "60",
        "--seed", "17", "--threads", "1", "--quiet", "--out", str(out), "--summary", str(summ),
    ])
    assert r.returncode == 0, r.stderr
    want_rows = pd.read_csv(out, dtype={"agent": str})
    want_summary = pd.read_csv(summ, dtype={"agent": str, "seat": str})
    assert list(rows.columns) == list(want_rows.columns)
    assert len(rows) == 120
    pd.testing.assert_frame_equal(rows, want_rows)
    assert list(summary.columns) == list(want_summary.columns)
    assert list(summary["agent"]) == list(want_summary["agent"])
    assert list(summary["seat"]) == list(want_summary["seat"])
    numbers = [c for c in summary.columns if c not in ("agent", "seat")]
    # The command line rounds the summary to six decimals; simulate keeps full precision.
    assert np.allclose(summary[numbers].to_numpy(float), want_summary[numbers].to_numpy(float),
                       atol=5e-7, rtol=0)


def test_simulate_is_reproducible_for_any_thread_count():
    a = cardsim.simulate("trash", games=30, seed=2, threads=1)
    b = cardsim.simulate("trash", games=30, seed=2, threads=2)
    pd.testing.assert_frame_equal(a[0], b[0])
    pd.testing.assert_frame_equal(a[1], b[1])
    c = cardsim.simulate("trash(layout=4)", games=30, seed=3, agents="random")
    assert set(c[0]["agent"]) == {"random"}
    assert c[1]["games"].iloc[0] == 60


def test_python_callables_play_from_a_resampled_view():
    seen = []

    def lowest(state, seat):
        # The state is drawn from what the seat knows: its own observation is the table's.
        assert state.current_player() == seat
        seen.append(state.observation_tensor(seat).sum())
        return state.legal_actions()[0]

    rows, summary = cardsim.simulate("trash", agents=[lowest, "random"], games=6, seed=4)
    assert set(rows["agent"]) == {"python:lowest", "random"}
    assert seen and len(rows) == 12
    assert list(summary["agent"][:2]) == ["python:lowest", "random"]
    again, _ = cardsim.simulate("trash", agents=[lowest, "random"], games=6, seed=4)
    pd.testing.assert_frame_equal(rows, again)


def test_python_callables_that_fail_stop_the_run_with_a_value_error():
    def illegal(state, seat):
        return 10**6

    def broken(state, seat):
        raise RuntimeError("no idea")

    with pytest.raises(ValueError, match="agent python:illegal chose the illegal action id 1000000"):
        cardsim.simulate("trash", agents=[illegal, "random"], games=2)
    with pytest.raises(ValueError, match="agent python:broken failed: RuntimeError: no idea"):
        cardsim.simulate("trash", agents=[broken, "random"], games=2)
    with pytest.raises(ValueError, match="an agent is a spec string or a callable"):
        cardsim.simulate("trash", agents=[3, "random"], games=2)  # type: ignore[list-item]
