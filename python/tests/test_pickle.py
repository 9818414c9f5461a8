"""Pickling states of every game: a round trip rebuilds the same state (deal, actions, races
and chance), whether it was dealt from a seed, from a deal text or resampled."""

from __future__ import annotations

import copy
import pickle
import random

import numpy as np
import pytest

import cardsim
from conftest import play_randomly, random_step

GAMES = cardsim.game_names()


def assert_same_state(a: cardsim.State, b: cardsim.State) -> None:
    """Same history, whose turn, legal actions, observations of every seat, returns."""
    assert a.history() == b.history()
    assert a.move_number() == b.move_number()
    assert a.current_player() == b.current_player()
    assert a.is_terminal() == b.is_terminal()
    assert str(a) == str(b)
    if a.is_simultaneous_node():
        assert a.race_seats() == b.race_seats()
        for seat in a.race_seats():
            assert a.race_actions(seat) == b.race_actions(seat)
    else:
        assert a.legal_actions() == b.legal_actions()
    for p in range(a.num_players()):
        assert a.observation_string(p) == b.observation_string(p)
        assert np.array_equal(a.observation_tensor(p), b.observation_tensor(p))
    assert a.returns() == b.returns()
    assert a.scores() == b.scores()


@pytest.mark.parametrize("name", GAMES)
def test_pickled_states_rebuild_the_same_state_and_chance(name):
    game = cardsim.load_game(name)
    rng = random.Random(5)
    state = game.new_initial_state(seed=12)
    for moves in (0, 3, 30):
        while state.move_number() < moves and not state.is_terminal():
            random_step(state, rng)
        for twin in (
            pickle.loads(pickle.dumps(state)),
            copy.copy(state),
            copy.deepcopy(state),
        ):
            assert_same_state(twin, state)
            # The rest of the game meets the same chance: the same actions end it alike.
            a, b = state.clone(), twin
            play_randomly(a, random.Random(moves))
            play_randomly(b, random.Random(moves))
            assert_same_state(a, b)
    # A finished game pickles too.
    play_randomly(state, rng)
    assert state.is_terminal()
    assert_same_state(pickle.loads(pickle.dumps(state)), state)


@pytest.mark.parametrize("name", GAMES)
def test_pickled_resampled_states_rebuild(name):
    game = cardsim.load_game(name)
    state = game.new_initial_state(seed=3)
    rng = random.Random(2)
    for _ in range(6):
        if state.is_terminal():
            break
        random_step(state, rng)
    resampled = state.resample_from_infostate(0, seed=17)
    for _ in range(3):
        if resampled.is_terminal():
            break
        random_step(resampled, rng)
    assert_same_state(pickle.loads(pickle.dumps(resampled)), resampled)


def test_pickled_deal_text_states_rebuild():
    game = cardsim.load_game("bridge")
    deal = "N:AKQJ.AKQ.AKQ.AKQ T987.JT9.JT9.JT9 6543.876.876.876 2.5432.5432.5432"
    state = game.new_initial_state(seed=4, deal=deal)
    play_randomly(state, random.Random(1), moves=9)
    again = pickle.loads(pickle.dumps(state))
    assert_same_state(again, state)
    # The deal is the text's, not the seed's.
    fresh = pickle.loads(pickle.dumps(game.new_initial_state(seed=4, deal=deal)))
    assert fresh.observation_string(0) == game.new_initial_state(seed=4, deal=deal).observation_string(0)
    assert fresh.observation_string(0) != game.new_initial_state(seed=4).observation_string(0)


def test_pickled_states_keep_their_game_configuration():
    game = cardsim.load_game("trash(layout=3,decks=2)", players=3)
    state = game.new_initial_state(seed=8)
    play_randomly(state, random.Random(0), moves=4)
    again = pickle.loads(pickle.dumps(state))
    assert again.num_players() == 3
    assert_same_state(again, state)


def test_states_the_simulator_draws_for_callables_refuse_pickling_but_copy():
    seen = []

    def first_legal(state, seat):
        seen.append(copy.deepcopy(state).history() == state.history())
        with pytest.raises(ValueError, match="cannot be pickled"):
            pickle.dumps(state)
        return state.legal_actions()[0]

    cardsim.simulate("trash", agents=[first_legal, "random"], games=1)
    assert seen and all(seen)


def test_a_tampered_pickle_is_a_value_error():
    game = cardsim.load_game("trash")
    with pytest.raises(ValueError, match="origin"):
        cardsim._restore_state(game, (("nowhere", 1), [], []))
    with pytest.raises(ValueError, match="illegal action"):
        cardsim._restore_state(game, (("seed", 1), [10**6], []))
