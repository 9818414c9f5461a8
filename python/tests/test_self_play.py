"""`VectorEnv(..., opponents="self")`: the learner plays every seat, one decision per step,
checked against plain `State` loops replaying the same actions."""

from __future__ import annotations

import numpy as np
import pytest

import cardsim

GAMES = cardsim.game_names()
TURN_BASED = [n for n in GAMES if not cardsim.load_game(n).is_real_time()]
REAL_TIME = [n for n in GAMES if cardsim.load_game(n).is_real_time()]


def random_legal(masks: np.ndarray, rng: np.random.Generator) -> np.ndarray:
    """One uniformly random legal id per row (the largest random key among legal ids)."""
    return np.argmax(np.where(masks, rng.random(masks.shape), -1.0), axis=1)


def replay_self_play(name: str, n: int, steps: int) -> int:
    """Steps `n` self-play games for `steps` steps beside plain states given the same
    actions, checking every row against them; returns the games that ended."""
    env = cardsim.VectorEnv(name, n, opponents="self", seed=5)
    game = env.game
    players = game.num_players()
    assert env.self_play
    obs, masks = env.reset()
    states = [game.new_initial_state(seed=s) for s in env.episode_seeds]
    rng = np.random.default_rng(1)
    ended = 0
    for _ in range(steps):
        current = env.current_player
        for i, state in enumerate(states):
            if state.is_terminal():  # a game over at the deal shows an empty mask
                assert not masks[i].any()
                continue
            seat = state.current_player()
            assert current[i] == seat
            assert np.array_equal(obs[i], state.observation_tensor(seat))
            assert np.array_equal(masks[i], state.legal_actions_mask())
        actions = random_legal(masks, rng)
        before = env.episode_seeds
        obs, masks, rewards, terminated, info = env.step(actions)
        assert rewards.shape == (n, players) and rewards.dtype == np.float32
        assert info["current_player"] is env.current_player
        assert not info["illegal"].any()
        for i, state in enumerate(states):
            if not state.is_terminal():
                state.apply_action(int(actions[i]))
            assert terminated[i] == state.is_terminal()
            if terminated[i]:
                ended += 1
                assert np.allclose(rewards[i], state.returns())
                if players > 1:
                    assert rewards[i].sum() == pytest.approx(1.0)
                # Automatic reset: the next game of this environment, from its next seed.
                assert env.episode_seeds[i] == before[i] + n
                states[i] = game.new_initial_state(seed=env.episode_seeds[i])
            else:
                assert not rewards[i].any()
                assert env.episode_seeds[i] == before[i]
    return ended


@pytest.mark.parametrize("name", TURN_BASED)
def test_self_play_matches_plain_states_replayed_with_the_same_actions(name):
    replay_self_play(name, 3, 120)


@pytest.mark.parametrize("name", ["whist", "seahaven", "bridge(scoring=deal)"])
def test_self_play_games_end_and_restart(name):
    assert replay_self_play(name, 4, 300) > 0


def test_self_play_is_reproducible():
    def run():
        env = cardsim.VectorEnv("euchre", 8, opponents=cardsim.envs.SELF_PLAY, seed=3)
        obs, masks = env.reset()
        rng = np.random.default_rng(7)
        out = []
        for _ in range(200):
            obs, masks, rewards, terminated, info = env.step(random_legal(masks, rng))
            out.append((obs.copy(), masks.copy(), rewards.copy(), terminated.copy(),
                        info["current_player"].copy()))
        return out, env.episode_seeds

    (a, seeds_a), (b, seeds_b) = run(), run()
    assert seeds_a == seeds_b
    for x, y in zip(a, b):
        for u, v in zip(x, y):
            assert np.array_equal(u, v)
    # Every seat gets decisions.
    assert set(np.concatenate([step[4] for step in a])) == {0, 1, 2, 3}


def test_self_play_illegal_action_penalises_the_seat_that_played_it():
    env = cardsim.VectorEnv("whist", 2, opponents="self", seed=0, illegal_action_penalty=-2.0)
    obs, masks = env.reset()
    seat = int(env.current_player[1])
    actions = random_legal(masks, np.random.default_rng(0))
    actions[1] = int(np.flatnonzero(~masks[1])[0])
    obs, masks, rewards, terminated, info = env.step(actions)
    assert list(info["illegal"]) == [False, True]
    assert terminated[1] and not terminated[0]
    expected = np.zeros(env.game.num_players(), dtype=np.float32)
    expected[seat] = -2.0
    assert np.array_equal(rewards[1], expected)
    assert masks[1].any()


def test_learner_mode_reports_its_seat_as_the_current_player():
    env = cardsim.VectorEnv("whist", 3, seat=2, opponents="random", seed=1)
    obs, masks = env.reset()
    assert not env.self_play
    assert list(env.current_player) == [2, 2, 2]
    _, _, rewards, _, info = env.step(random_legal(masks, np.random.default_rng(0)))
    assert rewards.shape == (3,)
    assert list(info["current_player"]) == [2, 2, 2]


@pytest.mark.parametrize("name", REAL_TIME)
def test_self_play_refuses_real_time_games(name):
    with pytest.raises(ValueError, match="self-play needs a turn-based game"):
        cardsim.VectorEnv(name, 2, opponents="self")
