"""Learning environments over cardsim games: PettingZoo (AEC and parallel), Gymnasium, and a
vectorized environment.

These are thin adapters: the rules, the agents that play the other seats, and the batch
stepping all run in Rust. PettingZoo and Gymnasium are optional dependencies
(``pip install "./python[envs]"``); ``VectorEnv`` needs only numpy.

Conventions shared by every environment here:

* Seats are agents ``player_0`` ... ``player_{n-1}``; action ids are the game's stable ids
  (``Game.num_distinct_actions()``); observations are ``State.observation_tensor(seat)``
  (float32, ``Game.observation_tensor_shape()``), a function of what the seat may know.
* Rewards are 0 until the game ends, then each seat's win share (``State.returns()``: 1 for a
  win, 1/k for a k-way tie for first, 0 otherwise).
* In a race (real-time games: Egyptian Ratscrew, Speed, Spoons, Pig) the seats taking part act
  at once; a learner reacts in ``reaction`` seconds (default 0.5, the agents' mean reaction
  time), the engine decides who was first, exact ties at random.
"""

from __future__ import annotations

from typing import Any, Dict, List, Optional, Sequence, Tuple, Union

import numpy as np

from . import _cardsim
from ._cardsim import Game, load_game

__all__ = [
    "VectorEnv",
    "gymnasium_env",
    "pettingzoo_env",
    "ILLEGAL_ACTION_PENALTY",
    "SELF_PLAY",
]

SELF_PLAY = "self"
"""``VectorEnv(..., opponents=SELF_PLAY)``: the learner plays every seat (self-play)."""

ILLEGAL_ACTION_PENALTY = -1.0
"""The reward of an illegal action in ``gymnasium_env`` and ``VectorEnv``, which also ends the
episode."""

Opponents = Union[str, Sequence[str], None]


def _game(game: Union[str, Game], players: Optional[int], params: Optional[Dict[str, Any]]) -> Game:
    if isinstance(game, Game):
        if players is not None or params is not None:
            raise ValueError("give players and params to load_game, or a game name here")
        return game
    return load_game(game, players=players, params=params)


def _opponents(opponents: Opponents) -> Union[str, List[str]]:
    if opponents is None:
        return "default"
    if isinstance(opponents, str):
        return opponents
    return list(opponents)


def _agent_name(seat: int) -> str:
    return f"player_{seat}"


def _observation_space(game: Game):
    from gymnasium import spaces

    return spaces.Box(
        low=-np.inf, high=np.inf, shape=tuple(game.observation_tensor_shape()), dtype=np.float32
    )


def _dict_space(game: Game):
    from gymnasium import spaces

    return spaces.Dict(
        {
            "observation": _observation_space(game),
            "action_mask": spaces.Box(0, 1, shape=(game.num_distinct_actions(),), dtype=np.int8),
        }
    )


class _Seeds:
    """Episode seeds: the ``reset(seed=...)`` given, else the next one after the last."""

    def __init__(self) -> None:
        self.next = 0

    def take(self, seed: Optional[int]) -> int:
        if seed is not None:
            self.next = int(seed)
        s = self.next
        self.next += 1
        return s


def pettingzoo_env(
    name: Union[str, Game],
    players: Optional[int] = None,
    params: Optional[Dict[str, Any]] = None,
    parallel: Optional[bool] = None,
    reaction: float = 0.5,
    render_mode: Optional[str] = None,
):
    """A PettingZoo environment of a game, every seat a learning agent.

    Turn-based games give an ``AECEnv``; the real-time games (races) a ``ParallelEnv``
    (``parallel=True`` asks for the parallel form of any game). Observations are dicts with
    ``observation`` (float32) and ``action_mask`` (int8, all zeros for a seat that does not
    act now); the seat to move (or every racer) acts with one action id. In a parallel
    environment the actions of seats that do not act are ignored, and a racer's action may be
    a pair ``(action, reaction_seconds)`` instead of an id.
    """
    game = _game(name, players, params)
    if parallel is None:
        parallel = game.is_real_time()
    if parallel:
        return __getattr__("CardsimParallelEnv")(game, reaction=reaction, render_mode=render_mode)
    if game.is_real_time():
        raise ValueError(
            f"{game.name} has races (several seats act at once): use parallel=True"
        )
    return __getattr__("CardsimAECEnv")(game, render_mode=render_mode)


def _mask(state, seat: int, n_actions: int) -> np.ndarray:
    mask = np.zeros(n_actions, dtype=np.int8)
    player = state.current_player()
    if player == seat:
        mask[state.legal_actions()] = 1
    elif player == _cardsim.SIMULTANEOUS and seat in state.race_seats():
        mask[state.race_actions(seat)] = 1
    return mask


def _make_aec_class():
    from pettingzoo import AECEnv

    class CardsimAECEnv(AECEnv):
        """A turn-based cardsim game as a PettingZoo AEC environment."""

        metadata = {"render_modes": ["ansi", "human"], "name": "cardsim", "is_parallelizable": False}

        def __init__(self, game: Game, render_mode: Optional[str] = None) -> None:
            super().__init__()
            self.game = game
            self.render_mode = render_mode
            self.metadata = dict(self.metadata, name=f"cardsim_{game.name}_v0")
            n = game.num_players()
            self.possible_agents = [_agent_name(i) for i in range(n)]
            self._index = {a: i for i, a in enumerate(self.possible_agents)}
            self.observation_spaces = {a: _dict_space(game) for a in self.possible_agents}
            from gymnasium import spaces

            self.action_spaces = {
                a: spaces.Discrete(game.num_distinct_actions()) for a in self.possible_agents
            }
            self._seeds = _Seeds()
            self.state = None

        def observation_space(self, agent):
            return self.observation_spaces[agent]

        def action_space(self, agent):
            return self.action_spaces[agent]

        def reset(self, seed: Optional[int] = None, options: Optional[dict] = None) -> None:
            self.state = self.game.new_initial_state(seed=self._seeds.take(seed))
            self.agents = list(self.possible_agents)
            self.rewards = {a: 0.0 for a in self.agents}
            self._cumulative_rewards = {a: 0.0 for a in self.agents}
            self.terminations = {a: False for a in self.agents}
            self.truncations = {a: False for a in self.agents}
            self.infos = {a: {} for a in self.agents}
            self.agent_selection = _agent_name(self.state.current_player())

        def observe(self, agent):
            seat = self._index[agent]
            return {
                "observation": self.state.observation_tensor(seat),
                "action_mask": _mask(self.state, seat, self.game.num_distinct_actions()),
            }

        def step(self, action) -> None:
            agent = self.agent_selection
            if self.terminations[agent] or self.truncations[agent]:
                self._was_dead_step(action)
                return
            self._cumulative_rewards[agent] = 0.0
            self.state.apply_action(int(action))
            if self.state.is_terminal():
                returns = self.state.returns()
                for a in self.agents:
                    self.rewards[a] = float(returns[self._index[a]])
                    self.terminations[a] = True
                # Every seat now takes its last (dead) step, in seat order from the next.
                seat = (self._index[agent] + 1) % len(self.possible_agents)
                self.agent_selection = _agent_name(seat)
            else:
                for a in self.agents:
                    self.rewards[a] = 0.0
                self.agent_selection = _agent_name(self.state.current_player())
            self._accumulate_rewards()
            if self.render_mode == "human":
                self.render()

        def render(self):
            text = str(self.state)
            if self.render_mode == "human":
                print(text)
                return None
            return text

        def close(self) -> None:
            pass

    return CardsimAECEnv


def _make_parallel_class():
    from gymnasium import spaces
    from pettingzoo import ParallelEnv

    class CardsimParallelEnv(ParallelEnv):
        """A cardsim game as a PettingZoo parallel environment (the form of the race games)."""

        metadata = {"render_modes": ["ansi", "human"], "name": "cardsim"}

        def __init__(self, game: Game, reaction: float = 0.5, render_mode: Optional[str] = None) -> None:
            if not (np.isfinite(reaction) and reaction >= 0):
                raise ValueError(f"reaction must be a finite number of seconds >= 0, not {reaction}")
            self.game = game
            self.reaction = float(reaction)
            self.render_mode = render_mode
            self.metadata = dict(self.metadata, name=f"cardsim_{game.name}_v0")
            n = game.num_players()
            self.possible_agents = [_agent_name(i) for i in range(n)]
            self._index = {a: i for i, a in enumerate(self.possible_agents)}
            self.observation_spaces = {a: _dict_space(game) for a in self.possible_agents}
            self.action_spaces = {
                a: spaces.Discrete(game.num_distinct_actions()) for a in self.possible_agents
            }
            self._seeds = _Seeds()
            self.state = None
            self.agents: List[str] = []

        def observation_space(self, agent):
            return self.observation_spaces[agent]

        def action_space(self, agent):
            return self.action_spaces[agent]

        def _observations(self):
            n_actions = self.game.num_distinct_actions()
            return {
                a: {
                    "observation": self.state.observation_tensor(self._index[a]),
                    "action_mask": _mask(self.state, self._index[a], n_actions),
                }
                for a in self.agents
            }

        def reset(self, seed: Optional[int] = None, options: Optional[dict] = None):
            self.state = self.game.new_initial_state(seed=self._seeds.take(seed))
            self.agents = list(self.possible_agents)
            return self._observations(), {a: {} for a in self.agents}

        def step(self, actions: Dict[str, Any]):
            player = self.state.current_player()
            if player >= 0:
                agent = _agent_name(player)
                if agent not in actions:
                    raise ValueError(f"{agent} is to move: give its action")
                action = actions[agent]
                if isinstance(action, tuple):
                    action = action[0]
                self.state.apply_action(int(action))
            elif player == _cardsim.SIMULTANEOUS:
                entries = []
                for seat in self.state.race_seats():
                    if not self.state.race_actions(seat):
                        continue
                    agent = _agent_name(seat)
                    if agent not in actions:
                        raise ValueError(f"{agent} takes part in the race: give its action")
                    action = actions[agent]
                    if isinstance(action, tuple):
                        entries.append((seat, int(action[0]), float(action[1])))
                    else:
                        entries.append((seat, int(action), self.reaction))
                self.state.apply_race(entries)
            over = self.state.is_terminal()
            returns = self.state.returns() if over else [0.0] * len(self.possible_agents)
            live = list(self.agents)
            observations = self._observations()
            rewards = {a: float(returns[self._index[a]]) for a in live}
            terminations = {a: over for a in live}
            truncations = {a: False for a in live}
            infos = {a: {} for a in live}
            if over:
                self.agents = []
            if self.render_mode == "human":
                self.render()
            return observations, rewards, terminations, truncations, infos

        def render(self):
            text = str(self.state)
            if self.render_mode == "human":
                print(text)
                return None
            return text

        def close(self) -> None:
            pass

    return CardsimParallelEnv


def _make_gym_class():
    import gymnasium
    from gymnasium import spaces

    class CardsimGymEnv(gymnasium.Env):
        """One learner's seat of a cardsim game, the other seats played by cardsim agents."""

        metadata = {"render_modes": ["ansi", "human"]}

        def __init__(
            self,
            game: Game,
            seat: int = 0,
            opponents: Opponents = None,
            reaction: float = 0.5,
            illegal_action_penalty: float = ILLEGAL_ACTION_PENALTY,
            render_mode: Optional[str] = None,
        ) -> None:
            self.game = game
            self.render_mode = render_mode
            self._episode = _cardsim.Episode(
                game,
                seat=seat,
                opponents=_opponents(opponents),
                seed=0,
                reaction=reaction,
                penalty=illegal_action_penalty,
            )
            self.observation_space = _observation_space(game)
            self.action_space = spaces.Discrete(game.num_distinct_actions())

        def _info(self, **extra) -> dict:
            return dict(action_mask=self._episode.action_mask(), **extra)

        def reset(self, *, seed: Optional[int] = None, options: Optional[dict] = None):
            super().reset(seed=seed)
            episode_seed = int(seed) if seed is not None else int(self.np_random.integers(2**63))
            self._episode.reset(episode_seed)
            return self._episode.observation(), self._info(seed=episode_seed)

        def step(self, action):
            reward, terminated, illegal = self._episode.step(int(action))
            obs = self._episode.observation()
            return obs, float(reward), bool(terminated), False, self._info(illegal=illegal)

        @property
        def state(self):
            """A copy of the whole game state (for inspection, not the learner's input)."""
            return self._episode.state()

        def render(self):
            text = str(self._episode.state())
            if self.render_mode == "human":
                print(text)
                return None
            return text

    return CardsimGymEnv


def gymnasium_env(
    name: Union[str, Game],
    seat: int = 0,
    opponents: Opponents = None,
    players: Optional[int] = None,
    params: Optional[Dict[str, Any]] = None,
    reaction: float = 0.5,
    illegal_action_penalty: float = ILLEGAL_ACTION_PENALTY,
    render_mode: Optional[str] = None,
):
    """A Gymnasium environment: the learner plays ``seat``, the other seats are cardsim
    agents (``opponents``: one spec for all, or one per other seat in seat order; by default
    the game's heuristic where it has one, else ``random``).

    Observations are the learner's observation tensor; the legal actions are in
    ``info["action_mask"]`` (bool). The reward is the learner's win share when the game ends.
    An illegal action ends the episode with ``illegal_action_penalty`` (default -1) and
    ``info["illegal"] = True``. ``reset(seed=s)`` deals the game of seed ``s`` and seeds the
    opponents from it, so an episode replays exactly.
    """
    game = _game(name, players, params)
    return __getattr__("CardsimGymEnv")(
        game,
        seat=seat,
        opponents=opponents,
        reaction=reaction,
        illegal_action_penalty=illegal_action_penalty,
        render_mode=render_mode,
    )


class VectorEnv:
    """``num_envs`` games stepped at once in Rust, on all cores, with the GIL released.

    The learner plays ``seat`` in every game; the other seats are cardsim agents
    (``opponents`` as in ``gymnasium_env``). With ``opponents="self"`` (``SELF_PLAY``) the
    learner plays every seat of a turn-based game instead (``seat`` is then ignored): each
    step is one decision of the seat to move. ``reset()`` returns ``(observations, action_masks)``; ``step(actions)``
    returns ``(observations, action_masks, rewards, terminated, info)`` with
    ``info = {"illegal": bool array, "current_player": int64 array}``, ``current_player``
    being the seat whose observation and mask each row shows (also ``env.current_player``).
    Rewards are ``[num_envs]`` (the learner's), or ``[num_envs, players]`` in self-play (every
    seat's win share on the step that ends a game, 0 before). Observations (float32,
    ``[num_envs, length]``) and masks (bool, ``[num_envs, num_distinct_actions]``) are written
    into arrays allocated once and returned at every call: copy what you keep. A game that
    ends starts the next at once (its row then shows the new game's first observation), and
    environment ``i``'s ``k``-th game deals seed ``seed + i + k * num_envs``.
    """

    def __init__(
        self,
        name: Union[str, Game],
        num_envs: int,
        seat: int = 0,
        opponents: Opponents = None,
        seed: int = 0,
        players: Optional[int] = None,
        params: Optional[Dict[str, Any]] = None,
        reaction: float = 0.5,
        illegal_action_penalty: float = ILLEGAL_ACTION_PENALTY,
        threads: int = 0,
    ) -> None:
        self.game = _game(name, players, params)
        self._inner = _cardsim.VectorEnv(
            self.game,
            int(num_envs),
            seat=seat,
            opponents=_opponents(opponents),
            seed=seed,
            reaction=reaction,
            penalty=illegal_action_penalty,
            threads=threads,
        )
        self.num_envs = int(num_envs)
        self.self_play: bool = self._inner.self_play
        """True when the learner plays every seat (``opponents="self"``)."""

    @property
    def episode_seeds(self) -> List[int]:
        """The seed of each environment's current game."""
        return self._inner.episode_seeds

    @property
    def current_player(self) -> np.ndarray:
        """The seat whose observation and mask each row shows now (int64, updated in place)."""
        return self._inner.current_player

    def reset(self, seed: Optional[int] = None) -> Tuple[np.ndarray, np.ndarray]:
        """Starts a new game in every environment (from ``seed``'s first games when given)."""
        return self._inner.reset(seed)

    def step(self, actions) -> Tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray, dict]:
        """Plays one action id per environment (and the agents' replies, if any)."""
        actions = np.ascontiguousarray(actions, dtype=np.int64).reshape(-1)
        obs, masks, rewards, terminated, illegal, current = self._inner.step(actions)
        if not self.self_play:
            rewards = rewards[:, 0]
        return obs, masks, rewards, terminated, {"illegal": illegal, "current_player": current}


_classes: Dict[str, type] = {}


def __getattr__(name: str):
    # The PettingZoo and Gymnasium classes are built on first use, so that importing cardsim
    # does not need the optional dependencies.
    makers = {
        "CardsimAECEnv": _make_aec_class,
        "CardsimParallelEnv": _make_parallel_class,
        "CardsimGymEnv": _make_gym_class,
    }
    if name in makers:
        if name not in _classes:
            _classes[name] = makers[name]()
        return _classes[name]
    raise AttributeError(name)


def __dir__():
    return sorted(list(globals()) + ["CardsimAECEnv", "CardsimParallelEnv", "CardsimGymEnv"])
