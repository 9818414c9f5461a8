"""Bad input is a ValueError (TypeError for a wrong type) with the command line's one-line
message, never a Rust panic."""

from __future__ import annotations

import random

import numpy as np
import pytest

import cardsim
from conftest import cli_error, play_randomly

NAME = "trash"


def message(excinfo) -> str:
    return str(excinfo.value)


def test_unknown_game():
    with pytest.raises(ValueError) as e:
        cardsim.load_game("nope")
    assert message(e) == 'unknown game "nope"; allowed: ' + ", ".join(cardsim.game_names())
    # The simulator's table is the command line's: the same message, word for word.
    with pytest.raises(ValueError) as e:
        cardsim.simulate("nope", games=1)
    assert message(e) == cli_error(["simulate", "--game", "nope", "--games", "1"])


def test_bad_players_and_params_read_as_on_the_command_line():
    cases = [
        ({"players": 13}, ["--players", "13"]),
        ({"players": 1}, ["--players", "1"]),
        ({"params": {"colour": 1}}, ["--param", "colour=1"]),
        ({"params": {"layout": 0}}, ["--param", "layout=0"]),
        ({"params": {"layout": "ten"}}, ["--param", "layout=ten"]),
    ]
    for kwargs, flags in cases:
        with pytest.raises(ValueError) as e:
            cardsim.load_game(NAME, **kwargs)
        assert message(e) == cli_error(["simulate", "--game", NAME, "--games", "1", *flags])
    with pytest.raises(ValueError) as e:
        cardsim.load_game(NAME, players=-1)
    assert message(e) == "trash takes 2 to 12 players, not -1"
    with pytest.raises(ValueError) as e:
        cardsim.load_game("trash(layout)")
    assert message(e) == cli_error(["simulate", "--game", NAME, "--param", "layout"])
    with pytest.raises(ValueError, match="not of the form"):
        cardsim.load_game("trash(layout=3")


def test_bad_agents_read_as_on_the_command_line():
    game = cardsim.load_game(NAME)
    for spec in ["nope", "random:x=1", "ismcts:iters=zero", "ismcts:"]:
        with pytest.raises(ValueError) as e:
            cardsim.Agent(game, spec)
        assert message(e) == cli_error(["simulate", "--game", NAME, "--agents", spec])


def test_illegal_actions_and_seats():
    game = cardsim.load_game(NAME)
    state = game.new_initial_state(seed=1)
    legal = set(state.legal_actions())
    illegal = next(a for a in range(game.num_distinct_actions()) if a not in legal)
    for a in [illegal, -1, game.num_distinct_actions(), 2**62]:
        with pytest.raises(ValueError) as e:
            state.apply_action(a)
        assert message(e) == f"illegal action id {a} (not a legal action)"
        with pytest.raises(ValueError, match="not legal here"):
            state.action_to_string(a)
    with pytest.raises(ValueError, match='no legal action is written "ZZ"; legal: '):
        state.string_to_action("ZZ")
    for p in [-1, game.num_players(), 99]:
        with pytest.raises(ValueError, match=f"seat {p} is out of range"):
            state.observation_tensor(p)
        with pytest.raises(ValueError, match=f"seat {p} is out of range"):
            state.observation_string(p)
        with pytest.raises(ValueError, match=f"seat {p} is out of range"):
            state.legal_actions(p)
        with pytest.raises(ValueError, match=f"seat {p} is out of range"):
            state.resample_from_infostate(p)
    with pytest.raises(ValueError, match="no race is under way"):
        state.apply_race([(0, 0, 0.1)])
    with pytest.raises(TypeError):
        state.apply_action("a card")  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="entries"):
        state.observation_tensor(0, out=np.zeros(3, dtype=np.float32))
    # Nothing was applied by the failed calls.
    assert state.history() == []
    play_randomly(state, random.Random(0))
    with pytest.raises(ValueError, match=r"\(the game is over\)"):
        state.apply_action(0)
    with pytest.raises(ValueError, match="the game is over"):
        cardsim.Agent(game, "random").step(state)


def test_bad_seeds_and_deals():
    game = cardsim.load_game(NAME)
    for seed in [-1, 2**64]:
        with pytest.raises(ValueError, match="out of range"):
            game.new_initial_state(seed=seed)
        with pytest.raises(ValueError, match="out of range"):
            cardsim.Agent(game, "random", seed=seed)
    assert str(game.new_initial_state(seed=2**64 - 1))
    for deal in ["", "hands: AS", "garbage; more garbage", "\x00"]:
        with pytest.raises(ValueError, match="^the deal is not a trash deal: "):
            game.new_initial_state(deal=deal)


def test_agents_refuse_states_of_other_games():
    trash, other = cardsim.load_game(NAME), cardsim.load_game(NAME, players=3)
    agent = cardsim.Agent(trash, "random")
    with pytest.raises(ValueError, match="other players or parameters"):
        agent.step(other.new_initial_state())
    names = [n for n in cardsim.game_names() if n != NAME]
    if names:
        with pytest.raises(ValueError, match=f"the agent plays trash, not {names[0]}"):
            agent.step(cardsim.load_game(names[0]).new_initial_state())


def test_simulate_refuses_bad_settings_as_the_command_line():
    cases = [
        ({"games": 0}, ["--games", "0"]),
        ({"agents": "random,random,random"}, ["--agents", "random,random,random", "--players", "2"]),
        ({"threads": 5000}, ["--threads", "5000"]),
        ({"duplicate": True, "games": 3, "agents": ["random", "heuristic"]},
         ["--duplicate", "--games", "3", "--agents", "random,heuristic"]),
    ]
    for kwargs, flags in cases:
        if "agents" in kwargs and len(str(kwargs["agents"]).split(",")) == 3:
            kwargs = dict(kwargs, players=2)
        with pytest.raises(ValueError) as e:
            cardsim.simulate(NAME, **kwargs)
        assert message(e) == cli_error(["simulate", "--game", NAME, "--quiet", *flags])
