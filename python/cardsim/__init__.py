"""cardsim: card-game rules, agents and a parallel simulator written in Rust.

The API is shaped like OpenSpiel's ``pyspiel``::

    import cardsim
    game = cardsim.load_game("bridge")
    state = game.new_initial_state(seed=1)
    while not state.is_terminal():
        state.apply_action(state.legal_actions()[0])
    print(state.returns())

See ``docs/python.md`` in the repository for the whole API.
"""

from __future__ import annotations

import io
from typing import TYPE_CHECKING, Any, Callable, Mapping, Optional, Sequence, Tuple, Union

from ._cardsim import (
    SIMULTANEOUS,
    TERMINAL,
    Agent,
    Game,
    State,
    game_names,
    load_game,
)
from ._cardsim import _restore_state  # noqa: F401  (what pickled states load with)
from ._cardsim import simulate_csv as _simulate_csv
from .envs import VectorEnv, gymnasium_env, pettingzoo_env

if TYPE_CHECKING:
    import pandas

__all__ = [
    "SIMULTANEOUS",
    "TERMINAL",
    "Agent",
    "Game",
    "State",
    "VectorEnv",
    "game_names",
    "gymnasium_env",
    "load_game",
    "pettingzoo_env",
    "simulate",
]


def simulate(
    name: str,
    agents: Union[str, Sequence[Union[str, Callable[[State, int], int]]], None] = None,
    games: int = 10_000,
    seed: int = 0,
    threads: int = 0,
    players: Optional[int] = None,
    params: Optional[Mapping[str, Any]] = None,
    rotate: bool = True,
    duplicate: bool = False,
) -> Tuple["pandas.DataFrame", "pandas.DataFrame"]:
    """Runs the Rust simulator, as ``cardsim simulate`` does, with the GIL released.

    Returns ``(rows, summary)``: the per-game rows (one per game and seat) and the summary
    (one row per agent, per seat, and per team in a partnership game), with the command
    line's columns and, for the same seed, its numbers (the summary at full precision where
    the command line's CSV rounds to six decimals).
    """
    import pandas as pd

    rows, summary = _simulate_csv(
        name,
        agents=agents,
        games=games,
        seed=seed,
        threads=threads,
        players=players,
        params=dict(params) if params is not None else None,
        rotate=rotate,
        duplicate=duplicate,
    )
    text = {"agent": str}
    return (
        pd.read_csv(io.StringIO(rows), dtype=text),
        pd.read_csv(io.StringIO(summary), dtype={"agent": str, "seat": str}),
    )
