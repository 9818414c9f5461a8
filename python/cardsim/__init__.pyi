"""cardsim: card-game rules, agents and a parallel simulator written in Rust, with an API
shaped like OpenSpiel's ``pyspiel``."""

from typing import Any, Callable, Mapping, Optional, Sequence, Tuple, Union

import pandas

from ._cardsim import (
    SIMULTANEOUS as SIMULTANEOUS,
    TERMINAL as TERMINAL,
    Agent as Agent,
    Game as Game,
    State as State,
    game_names as game_names,
    load_game as load_game,
)
from .envs import (
    VectorEnv as VectorEnv,
    gymnasium_env as gymnasium_env,
    pettingzoo_env as pettingzoo_env,
)

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
) -> Tuple[pandas.DataFrame, pandas.DataFrame]:
    """Runs the Rust simulator, as ``cardsim simulate`` does, with the GIL released.

    ``name`` is any game of ``cardsim list`` (or a game string ``name(key=value,...)``);
    ``agents`` one spec for all seats or one per seat (a list, or one comma-separated
    string); an agent may also be a callable ``f(state, seat) -> action``, called with the
    GIL held on a state drawn from what the seat knows (the run then plays on one thread);
    ``threads`` 0 for one per core.

    Returns ``(rows, summary)``: the per-game rows (columns ``game, seed, seat, agent,
    score, place, win, moves, draw`` and the game's statistics) and the summary (``agent,
    seat, games, wins, win_rate, ci_low, ci_high, mean_score, score_ci_low, score_ci_high,
    mean_place``), the command line's columns and, for the same seed, its numbers.

    Raises ``ValueError`` with the command line's message for bad names, settings or counts.
    """
