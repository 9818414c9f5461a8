"""The learning environments: PettingZoo's and Gymnasium's own API checks on every game, and
the behaviour they do not check (rewards, seeding, masks, illegal actions, auto-reset)."""

from __future__ import annotations

import warnings

import numpy as np
import pytest

import cardsim

pettingzoo_test = pytest.importorskip("pettingzoo.test")
env_checker = pytest.importorskip("gymnasium.utils.env_checker")

GAMES = cardsim.game_names()
MULTI = [g for g in GAMES if cardsim.load_game(g).num_players() > 1]
TURN_BASED = [g for g in MULTI if not cardsim.load_game(g).is_real_time()]
REAL_TIME = [g for g in GAMES if cardsim.load_game(g).is_real_time()]


@pytest.fixture(autouse=True)
def _quiet():
    # The API checks warn about unbounded observation boxes; the tensors' ranges are
    # documented per game, not bounded by the space.
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        yield


@pytest.mark.parametrize("name", TURN_BASED)
def test_aec_env_passes_pettingzoo_api_test(name):
    pettingzoo_test.api_test(cardsim.pettingzoo_env(name), num_cycles=200)


@pytest.mark.parametrize("name", MULTI)
def test_parallel_env_passes_pettingzoo_parallel_api_test(name):
    pettingzoo_test.parallel_api_test(cardsim.pettingzoo_env(name, parallel=True), num_cycles=200)


@pytest.mark.parametrize("name", REAL_TIME)
def test_race_games_are_parallel_envs_by_default(name):
    from pettingzoo import ParallelEnv

    assert isinstance(cardsim.pettingzoo_env(name), ParallelEnv)
    with pytest.raises(ValueError, match="parallel=True"):
        cardsim.pettingzoo_env(name, parallel=False)


@pytest.mark.parametrize("name", GAMES)
def test_gymnasium_env_passes_check_env(name):
    env_checker.check_env(cardsim.gymnasium_env(name), skip_render_check=True)


def _play_aec_to_end(env, seed, rng):
    env.reset(seed=seed)
    totals = {a: 0.0 for a in env.possible_agents}
    for agent in env.agent_iter(max_iter=200_000):
        obs, reward, term, trunc, _ = env.last()
        totals[agent] += reward
        if term or trunc:
            env.step(None)
            continue
        legal = np.flatnonzero(obs["action_mask"])
        env.step(int(rng.choice(legal)))
    return totals


@pytest.mark.parametrize("name", TURN_BASED[:3])
def test_aec_rewards_are_the_win_shares_of_the_game_played(name):
    rng = np.random.default_rng(1)
    env = cardsim.pettingzoo_env(name)
    totals = _play_aec_to_end(env, seed=5, rng=rng)
    returns = env.state.returns()
    assert sum(totals.values()) == pytest.approx(1.0)
    assert [totals[a] for a in env.possible_agents] == pytest.approx(returns)


def test_aec_masks_only_the_seat_to_move():
    env = cardsim.pettingzoo_env("bridge")
    env.reset(seed=3)
    mover = env.agent_selection
    for agent in env.possible_agents:
        mask = env.observe(agent)["action_mask"]
        assert mask.dtype == np.int8
        if agent == mover:
            assert sorted(np.flatnonzero(mask)) == env.state.legal_actions()
        else:
            assert not mask.any()


def test_aec_reset_with_a_seed_replays_the_deal():
    env = cardsim.pettingzoo_env("bridge")
    env.reset(seed=11)
    first = env.observe("player_0")["observation"].copy()
    env.reset(seed=12)
    assert not np.array_equal(first, env.observe("player_0")["observation"])
    env.reset(seed=11)
    assert np.array_equal(first, env.observe("player_0")["observation"])


def test_aec_illegal_action_is_a_value_error():
    env = cardsim.pettingzoo_env("bridge")
    env.reset(seed=0)
    mask = env.observe(env.agent_selection)["action_mask"]
    illegal = int(np.flatnonzero(mask == 0)[0])
    with pytest.raises(ValueError):
        env.step(illegal)


@pytest.mark.parametrize("name", REAL_TIME)
def test_parallel_race_takes_explicit_reaction_times(name):
    env = cardsim.pettingzoo_env(name)
    obs, _ = env.reset(seed=2)
    rng = np.random.default_rng(0)
    races = 0
    for _ in range(5_000):
        if not env.agents:
            break
        racing = env.state.is_simultaneous_node()
        actions = {}
        for agent, o in obs.items():
            legal = np.flatnonzero(o["action_mask"])
            if len(legal):
                a = int(rng.choice(legal))
                actions[agent] = (a, float(rng.uniform(0.2, 0.8))) if racing else a
        races += racing
        obs, rewards, terms, truncs, infos = env.step(actions)
    assert races > 0


def test_gymnasium_single_player_seahaven_rewards_a_win_with_one():
    env = cardsim.gymnasium_env("seahaven")
    obs, info = env.reset(seed=4)
    assert obs.shape == tuple(env.observation_space.shape)
    assert info["action_mask"].dtype == bool
    rng = np.random.default_rng(0)
    total, done = 0.0, False
    while not done:
        legal = np.flatnonzero(info["action_mask"])
        obs, reward, done, trunc, info = env.step(int(rng.choice(legal)))
        total += reward
        assert not trunc
    assert total in (0.0, 1.0)
    assert total == env.state.returns()[0]


def test_gymnasium_illegal_action_ends_the_episode_with_the_penalty():
    env = cardsim.gymnasium_env("bridge", illegal_action_penalty=-2.5)
    _, info = env.reset(seed=0)
    illegal = int(np.flatnonzero(~info["action_mask"])[0])
    _, reward, terminated, _, info = env.step(illegal)
    assert (reward, terminated, info["illegal"]) == (-2.5, True, True)
    assert not info["action_mask"].any()


def test_gymnasium_opponents_play_until_the_learner_moves():
    env = cardsim.gymnasium_env("bridge", seat=2, opponents="random")
    for seed in range(5):
        env.reset(seed=seed)
        assert env.state.current_player() == 2


def test_gymnasium_same_seed_same_episode():
    def run(seed):
        env = cardsim.gymnasium_env("whist", opponents=["heuristic", "random", "random"])
        obs, info = env.reset(seed=seed)
        seen = [obs.copy()]
        done = False
        while not done:
            a = int(np.flatnonzero(info["action_mask"])[0])
            obs, _, done, _, info = env.step(a)
            seen.append(obs.copy())
        return np.stack(seen)

    assert np.array_equal(run(9), run(9))
    assert not np.array_equal(run(9), run(10))


def test_gymnasium_bad_opponents_are_value_errors():
    with pytest.raises(ValueError, match="unknown agent|no agent|allowed"):
        cardsim.gymnasium_env("bridge", opponents="nonsense")
    with pytest.raises(ValueError, match="opponent specs"):
        cardsim.gymnasium_env("bridge", opponents=["random", "random"])
    with pytest.raises(ValueError, match="out of range"):
        cardsim.gymnasium_env("bridge", seat=4)


def _random_actions(masks, rng):
    return np.array([rng.choice(np.flatnonzero(m)) for m in masks])


@pytest.mark.parametrize("name", GAMES)
def test_vector_env_steps_every_game_with_legal_masks(name):
    env = cardsim.VectorEnv(name, 4, seed=1)
    obs, masks = env.reset()
    game = cardsim.load_game(name)
    assert obs.shape == (4, game.observation_tensor_size()) and obs.dtype == np.float32
    assert masks.shape == (4, game.num_distinct_actions()) and masks.dtype == bool
    rng = np.random.default_rng(2)
    for _ in range(50):
        assert masks.any(axis=1).all()
        obs, masks, rewards, terminated, info = env.step(_random_actions(masks, rng))
        assert not info["illegal"].any()
        assert ((rewards == 0) | terminated).all()
        assert ((rewards >= 0) & (rewards <= 1)).all()


def test_vector_env_rows_match_single_episodes_of_their_seeds():
    vec = cardsim.VectorEnv("whist", 3, seed=20, opponents="random")
    obs, masks = vec.reset(seed=20)
    assert vec.episode_seeds == [20, 21, 22]
    for i, seed in enumerate(vec.episode_seeds):
        single = cardsim.gymnasium_env("whist", opponents="random")
        o, info = single.reset(seed=seed)
        assert np.array_equal(obs[i], o)
        assert np.array_equal(masks[i], info["action_mask"])


def test_vector_env_is_reproducible_and_resets_finished_games():
    def run():
        env = cardsim.VectorEnv("seahaven", 6, seed=7)
        obs, masks = env.reset(seed=7)
        rng = np.random.default_rng(3)
        out, ended = [], 0
        for _ in range(150):
            obs, masks, rewards, terminated, _ = env.step(_random_actions(masks, rng))
            out.append(obs.copy())
            ended += int(terminated.sum())
        return np.stack(out), ended, env.episode_seeds

    a, ended, seeds = run()
    b, _, seeds_b = run()
    assert np.array_equal(a, b) and seeds == seeds_b
    assert ended > 0
    # Environment i's k-th game deals seed 7 + i + 6k: every seed belongs to its environment.
    assert all((s - 7) % 6 == i for i, s in enumerate(seeds))


def test_vector_env_illegal_action_penalised_and_restarted():
    env = cardsim.VectorEnv("bridge", 2, seed=0, illegal_action_penalty=-1.0)
    obs, masks = env.reset()
    actions = _random_actions(masks, np.random.default_rng(0))
    actions[1] = int(np.flatnonzero(~masks[1])[0])
    seeds = env.episode_seeds
    _, masks, rewards, terminated, info = env.step(actions)
    assert list(info["illegal"]) == [False, True]
    assert rewards[1] == -1.0 and terminated[1]
    assert env.episode_seeds[1] != seeds[1] and env.episode_seeds[0] == seeds[0]
    assert masks[1].any()


def test_vector_env_rejects_bad_arguments():
    with pytest.raises(ValueError, match="num_envs"):
        cardsim.VectorEnv("bridge", 0)
    env = cardsim.VectorEnv("bridge", 2)
    env.reset()
    with pytest.raises(ValueError, match="one action per environment"):
        env.step([0, 0, 0])


def _agent_seed(seed, seat):
    """The seed of seat `seat`'s agent in the episode of seed `seed` (the package's
    splitmix64 of the pair)."""
    m = (1 << 64) - 1
    z = seed ^ (((seat + 1) * 0x9E3779B97F4A7C15) & m)
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & m
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & m
    return z ^ (z >> 31)


@pytest.mark.parametrize("name", ["bridge", "whist", "euchre", "gin-rummy", "trash"])
def test_vector_env_random_opponents_draw_as_the_random_agent(name):
    # The batch draws random opponents' moves without listing the legal actions; a plain
    # state with `Agent("random")` bots seeded as the episode seeds them, drawing from the
    # list, must see the same game: every row, observation and mask alike.
    n, seed = 3, 11
    env = cardsim.VectorEnv(name, n, seed=seed, opponents="random")
    game = env.game
    obs, masks = env.reset()
    seeds = env.episode_seeds
    states = [game.new_initial_state(seed=s) for s in seeds]
    bots = [
        {p: cardsim.Agent(game, "random", seed=_agent_seed(s, p)) for p in range(game.num_players())}
        for s in seeds
    ]

    def to_learner(i):
        state = states[i]
        while not state.is_terminal() and state.current_player() != 0:
            state.apply_action(bots[i][state.current_player()].step(state))

    rng = np.random.default_rng(4)
    for _ in range(60):
        for i in range(n):
            to_learner(i)
            assert np.array_equal(obs[i], states[i].observation_tensor(0))
            assert np.array_equal(masks[i], states[i].legal_actions_mask())
        actions = _random_actions(masks, rng)
        obs, masks, _, terminated, _ = env.step(actions)
        for i in range(n):
            if terminated[i]:
                s = env.episode_seeds[i]
                states[i] = game.new_initial_state(seed=s)
                bots[i] = {
                    p: cardsim.Agent(game, "random", seed=_agent_seed(s, p))
                    for p in range(game.num_players())
                }
            else:
                states[i].apply_action(int(actions[i]))
