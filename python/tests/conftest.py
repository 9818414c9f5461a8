"""Shared helpers: random play, the command-line binary, and the rule that a Rust panic
reaching Python fails whatever test it happens in."""

from __future__ import annotations

import os
import random
import subprocess
from pathlib import Path
from typing import List, Optional

import pytest

import cardsim

REPO = Path(__file__).resolve().parents[2]

# Bounds random play; every game ends far sooner (games that could loop have a move cap).
MAX_MOVES = 200_000


@pytest.hookimpl(wrapper=True)
def pytest_runtest_call(item):
    try:
        return (yield)
    except BaseException as e:
        if type(e).__name__ == "PanicException":
            pytest.fail(f"a Rust panic reached Python: {e}", pytrace=False)
        raise


def random_step(state: cardsim.State, rng: random.Random) -> None:
    """Applies one random decision: an action of the seat to move, or a random race."""
    if state.is_simultaneous_node():
        entries = []
        for seat in state.race_seats():
            actions = state.race_actions(seat)
            if actions:
                entries.append((seat, rng.choice(actions), rng.random()))
        state.apply_race(entries)
    else:
        state.apply_action(rng.choice(state.legal_actions()))


def play_randomly(state: cardsim.State, rng: random.Random, moves: int = MAX_MOVES) -> int:
    """Plays random decisions until the end (or `moves` of them); returns how many."""
    n = 0
    while not state.is_terminal() and n < moves:
        random_step(state, rng)
        n += 1
    return n


def cardsim_bin() -> Path:
    """The command-line binary: $CARDSIM_BIN, or the workspace's debug build (built here if
    missing)."""
    given = os.environ.get("CARDSIM_BIN")
    if given:
        return Path(given)
    path = REPO / "target" / "debug" / "cardsim"
    if not path.exists():
        subprocess.run(
            ["cargo", "build", "-q", "-p", "cardsim-experiments", "--bin", "cardsim"],
            cwd=REPO,
            check=True,
        )
    return path


def cli(args: List[str], cwd: Optional[Path] = None) -> subprocess.CompletedProcess:
    """Runs the command line with `args`."""
    return subprocess.run(
        [str(cardsim_bin()), *args], cwd=cwd, capture_output=True, text=True, check=False
    )


def cli_error(args: List[str]) -> str:
    """The command line's one-line error for `args`, without its `error: ` prefix."""
    r = cli(args)
    assert r.returncode == 2, r
    line = r.stderr.strip()
    assert line.startswith("error: "), line
    return line[len("error: "):]


def assert_final_returns(state: cardsim.State) -> None:
    """At the end the win shares sum to 1 among several players (ties split); a patience is
    won (1) or lost (0)."""
    returns = state.returns()
    assert all(0.0 <= r <= 1.0 for r in returns), returns
    if len(returns) > 1:
        assert abs(sum(returns) - 1.0) < 1e-9, returns
    else:
        assert returns[0] in (0.0, 1.0), returns
