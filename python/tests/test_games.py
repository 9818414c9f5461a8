"""Every game of the table through the pyspiel-shaped API: loading, random play to the end,
masks, tensors, resampling, action strings, clones."""

from __future__ import annotations

import copy
import pickle
import random

import numpy as np
import pytest

import cardsim
from conftest import assert_final_returns, play_randomly, random_step

GAMES = cardsim.game_names()


def test_the_table_lists_games():
    assert len(GAMES) >= 2
    assert len(set(GAMES)) == len(GAMES)


@pytest.mark.parametrize("name", GAMES)
def test_every_game_loads_with_its_defaults(name):
    game = cardsim.load_game(name)
    assert game.name == name
    assert game.num_players() >= 1
    assert game.num_distinct_actions() > 0
    (length,) = game.observation_tensor_shape()
    layout = game.observation_tensor_layout()
    assert layout[0][1] == 0
    for (_, offset, size), (_, next_offset, _) in zip(layout, layout[1:]):
        assert offset + size == next_offset
    assert layout[-1][1] + layout[-1][2] == length == game.observation_tensor_size()
    assert pickle.loads(pickle.dumps(game)).observation_tensor_layout() == layout


@pytest.mark.parametrize("name", GAMES)
def test_random_play_reaches_the_end_with_win_shares(name):
    game = cardsim.load_game(name)
    for seed in range(3):
        state = game.new_initial_state(seed=seed)
        assert state.returns() == [0.0] * game.num_players()
        moves = play_randomly(state, random.Random(seed))
        assert state.is_terminal(), f"{name} seed {seed}: not over after {moves} moves"
        assert state.current_player() == cardsim.TERMINAL
        assert state.legal_actions() == []
        assert_final_returns(state)
        assert len(state.scores()) == game.num_players()
        assert state.move_number() == moves
        assert len(state.history()) >= moves


@pytest.mark.parametrize("name", GAMES)
def test_masks_tensors_and_strings_agree_along_random_games(name):
    game = cardsim.load_game(name)
    n = game.num_distinct_actions()
    shape = tuple(game.observation_tensor_shape())
    rng = random.Random(11)
    state = game.new_initial_state(seed=5)
    steps = 0
    while not state.is_terminal() and steps < 300:
        if state.is_simultaneous_node():
            seats = state.race_seats()
            assert state.current_player() == cardsim.SIMULTANEOUS
            with pytest.raises(ValueError, match="race"):
                state.legal_actions()
            per_seat = {s: state.legal_actions(s) for s in seats}
        else:
            seat = state.current_player()
            assert 0 <= seat < game.num_players()
            per_seat = {seat: state.legal_actions()}
        for seat, legal in per_seat.items():
            assert legal == sorted(set(legal))
            assert all(0 <= a < n for a in legal)
            mask = state.legal_actions_mask(seat)
            assert mask.dtype == np.bool_ and mask.shape == (n,)
            assert list(np.flatnonzero(mask)) == legal
            for a in legal:
                text = state.action_to_string(a)
                assert state.string_to_action(text) == a
                assert state.action_to_string(seat, a) == text
        for p in range(game.num_players()):
            t = state.observation_tensor(p)
            assert t.dtype == np.float32 and t.shape == shape
            assert np.isfinite(t).all()
            out = np.full(shape, 7.0, dtype=np.float32)
            assert state.observation_tensor(p, out=out) is out
            assert np.array_equal(out, t)
        random_step(state, rng)
        steps += 1


@pytest.mark.parametrize("name", GAMES)
def test_resampling_keeps_what_the_seat_knows(name):
    game = cardsim.load_game(name)
    rng = random.Random(3)
    state = game.new_initial_state(seed=9)
    steps = 0
    while not state.is_terminal() and steps < 200:
        if steps % 7 == 0:
            for p in range(game.num_players()):
                other = state.resample_from_infostate(p, seed=steps)
                assert np.array_equal(other.observation_tensor(p), state.observation_tensor(p))
                assert other.observation_string(p) == state.observation_string(p)
                if not state.is_simultaneous_node() and state.current_player() == p:
                    assert other.legal_actions() == state.legal_actions()
        random_step(state, rng)
        steps += 1


@pytest.mark.parametrize("name", GAMES)
def test_observation_strings_are_readable_text(name):
    game = cardsim.load_game(name)
    state = game.new_initial_state(seed=5)
    play_randomly(state, random.Random(4), moves=6)
    n = game.num_players()
    texts = [state.observation_string(p) for p in range(n)]
    for p, text in enumerate(texts):
        assert text.startswith(f"seat {p} of {n}")
        assert "{" not in text and "Some(" not in text, text
        assert text.endswith("\n") and len(text.splitlines()) >= 2, text
        # Every line after the first is `label: value`.
        assert all(": " in line for line in text.splitlines()[1:] if line), text


@pytest.mark.parametrize("name", GAMES)
def test_clones_are_independent_and_replay_the_same_chance(name):
    game = cardsim.load_game(name)
    state = game.new_initial_state(seed=4)
    play_randomly(state, random.Random(1), moves=5)
    before = (str(state), state.history())
    for twin in (state.clone(), copy.copy(state), copy.deepcopy(state)):
        play_randomly(twin, random.Random(2))
        assert twin.is_terminal()
        assert (str(state), state.history()) == before
    a, b = state.clone(), state.clone()
    play_randomly(a, random.Random(8))
    play_randomly(b, random.Random(8))
    assert a.history() == b.history() and a.returns() == b.returns()


@pytest.mark.parametrize("name", GAMES)
def test_seeds_deal_reproducibly(name):
    game = cardsim.load_game(name)
    assert str(game.new_initial_state(seed=3)) == str(game.new_initial_state(seed=3))
    assert str(game.new_initial_state()) == str(game.new_initial_state(seed=0))
    texts = {str(game.new_initial_state(seed=s)) for s in range(5)}
    assert len(texts) > 1


def test_game_strings_and_dict_params_configure_the_same_game():
    a = cardsim.load_game("trash(layout=3,decks=2)", players=3)
    b = cardsim.load_game("trash", players=3, params={"layout": 3, "decks": "2"})
    assert a.num_players() == b.num_players() == 3
    assert a.params == b.params == [("layout", "3"), ("decks", "2")]
    assert str(a) == "trash(layout=3,decks=2)"
    assert repr(a) == 'cardsim.load_game("trash(layout=3,decks=2)", players=3)'
    assert str(a.new_initial_state(seed=2)) == str(b.new_initial_state(seed=2))
    assert str(a.new_initial_state(seed=2)) != str(cardsim.load_game("trash", players=3).new_initial_state(seed=2))
    c = pickle.loads(pickle.dumps(a))
    assert (str(c), c.num_players()) == (str(a), 3)


RACE_GAMES = [n for n in ("egyptian-ratscrew", "speed", "spoons", "pig") if n in GAMES]


@pytest.mark.parametrize("name", RACE_GAMES)
def test_races_are_simultaneous_nodes_applied_with_apply_race(name):
    game = cardsim.load_game(name)
    state = game.new_initial_state(seed=1)
    rng = random.Random(4)
    races = 0
    while not state.is_terminal() and races < 20:
        if state.is_simultaneous_node():
            races += 1
            seats = state.race_seats()
            assert seats and state.current_player() == cardsim.SIMULTANEOUS
            with pytest.raises(ValueError, match="a race is under way: use apply_race"):
                state.apply_action(0)
            racing = [s for s in seats if state.race_actions(s)]
            if racing:
                s = racing[0]
                a = state.race_actions(s)[0]
                with pytest.raises(ValueError, match=f"seat {s} is given twice"):
                    state.apply_race([(s, a, 0.1), (s, a, 0.2)])
                with pytest.raises(ValueError, match="not a finite number"):
                    state.apply_race([(s, a, float("nan"))])
                assert state.action_to_string(a) in {
                    state.action_to_string(x) for x in state.race_actions(s)
                }
            moves = state.move_number()
            random_step(state, rng)
            assert state.move_number() == moves + 1
        else:
            random_step(state, rng)
    assert races > 0, f"{name}: no race in random play"


def test_the_package_offers_every_game_of_the_command_line_in_its_order():
    from conftest import cli

    listed = cli(["list"]).stdout.splitlines()
    names = [line.split()[0] for line in listed if line.startswith("  ") and not line.startswith("   ")]
    assert names == cardsim.game_names()
    assert len(names) == 24
