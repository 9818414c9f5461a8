"""The native module of ``cardsim`` (PyO3); import its names from ``cardsim``."""

from typing import Any, Callable, List, Mapping, Optional, Sequence, Tuple, Union

import numpy as np
import numpy.typing as npt

TERMINAL: int
"""``State.current_player()`` once the game is over (-4, as in pyspiel)."""

SIMULTANEOUS: int
"""``State.current_player()`` during a race, where several seats may act at once (-2, as
pyspiel's simultaneous nodes)."""

def game_names() -> List[str]:
    """The names of the games the package offers, in the order of ``cardsim list``."""

def _restore_state(game: "Game", replay: Tuple[Any, ...]) -> "State":
    """Rebuilds a pickled state (what ``State.__reduce__`` gives)."""

def load_game(
    name: str,
    players: Optional[int] = None,
    params: Optional[Mapping[str, Any]] = None,
) -> "Game":
    """Configures a game.

    ``name`` is a game name or a game string such as ``"euchre(deck=24,target=1)"``;
    ``players`` defaults to the game's default; ``params`` maps parameter names to values
    (``True``/``False`` for flags), added to those of the string.

    Raises ``ValueError`` with the command line's message for an unknown game, a bad player
    count, an unknown parameter or a bad value.
    """

def simulate_csv(
    name: str,
    agents: Union[str, Sequence[Union[str, Callable[["State", int], int]]], None] = None,
    games: int = 10_000,
    seed: int = 0,
    threads: int = 0,
    players: Optional[int] = None,
    params: Optional[Mapping[str, Any]] = None,
    rotate: bool = True,
    duplicate: bool = False,
) -> Tuple[str, str]:
    """``cardsim.simulate``'s run, as the per-game and summary CSV texts."""

class Game:
    """A configured game: rules, players and parameters (see ``load_game``).

    Games pickle (as their game string and player count).
    """

    @property
    def name(self) -> str:
        """The game's name, e.g. ``"bridge"``."""
    @property
    def params(self) -> List[Tuple[str, str]]:
        """The rule parameters given, as ``(key, value)`` strings."""
    def num_players(self) -> int:
        """Players."""
    def num_distinct_actions(self) -> int:
        """Action ids are ``0 .. num_distinct_actions() - 1``; an id names the same action in
        every state."""
    def is_real_time(self) -> bool:
        """True for a real-time game (Egyptian Ratscrew, Speed, Spoons, Pig): several seats may
        act at once in a race."""
    def observation_tensor_shape(self) -> List[int]:
        """The observation tensor's shape, ``[length]``: the same for every state and seat."""
    def observation_tensor_size(self) -> int:
        """The observation tensor's length."""
    def observation_tensor_layout(self) -> List[Tuple[str, int, int]]:
        """The observation tensor's segments, in order: ``(name, offset, length)``."""
    def new_initial_state(self, seed: int = 0, deal: Optional[str] = None) -> "State":
        """The state dealt from ``seed`` (the deal ``cardsim deal --seed`` prints), or the one
        the deal text ``deal`` describes; chance after the deal comes from ``seed`` either way.

        Raises ``ValueError`` for a malformed deal or a seed outside ``0 .. 2**64 - 1``.
        """

class State:
    """A state of a game, with its own chance RNG: cloning it clones the RNG, so a clone
    given the same actions sees the same chance."""

    def current_player(self) -> int:
        """The seat to move, ``TERMINAL`` once the game is over, ``SIMULTANEOUS`` in a race."""
    def is_terminal(self) -> bool:
        """True once the game is over (a game with a move cap is over, drawn, at the cap)."""
    def is_simultaneous_node(self) -> bool:
        """True during a race."""
    def is_chance_node(self) -> bool:
        """Always ``False``: chance happens inside the engine."""
    def race_seats(self) -> List[int]:
        """The seats in the race under way (empty outside races)."""
    def num_players(self) -> int:
        """Players."""
    def move_number(self) -> int:
        """Actions (and races) applied so far."""
    def legal_actions(self, player: Optional[int] = None) -> List[int]:
        """The ids the seat to move (or ``player``) may choose now, ascending; in a race,
        ``player``'s race actions. Empty for a seat that has no choice now.

        Raises ``ValueError`` in a race without ``player``, or for a seat out of range.
        """
    def legal_actions_mask(self, player: Optional[int] = None) -> npt.NDArray[np.bool_]:
        """``legal_actions`` as a bool array of ``num_distinct_actions()`` entries."""
    def apply_action(self, action: int) -> None:
        """Applies the action with id ``action`` for the seat to move.

        Raises ``ValueError`` (``illegal action id N (...)``) when it is not legal here.
        """
    def race_actions(self, player: int) -> List[int]:
        """A seat's race actions, ascending (empty when the seat is not racing)."""
    def apply_race(self, entries: Sequence[Tuple[int, int, float]]) -> None:
        """Applies a race: one ``(seat, action, reaction)`` per seat that acts (a seat may
        stay out); the rules settle it by reaction time.

        Raises ``ValueError`` outside a race, for a seat not racing or given twice, an
        illegal action or a reaction time that is not finite.
        """
    def action_to_string(self, player_or_action: int, action: Optional[int] = None) -> str:
        """The text of a legal action, as ``action_to_string(action)`` or pyspiel's
        ``action_to_string(player, action)``.

        Raises ``ValueError`` for an id that no seat may choose now.
        """
    def string_to_action(self, player_or_text: Union[int, str], text: Optional[str] = None) -> int:
        """The id of the legal action written ``text`` (inverse of ``action_to_string``).

        Raises ``ValueError`` naming the legal actions when none is written so.
        """
    def returns(self) -> List[float]:
        """Each seat's win share: they sum to 1 at the end (split on ties; a patience gives 1
        for a win, 0 for a loss); all 0 before."""
    def scores(self) -> List[float]:
        """Each seat's final score in the game's own points; all 0 before the end."""
    def observation_string(self, player: int) -> str:
        """What ``player`` knows, as readable text: a first line ``seat P of N, ...``, then one
        ``label: value`` line per piece of the position (``hand: AS KS | QH 9H``, ``trick: 2:KD,
        3 to play``); cards in cardsim's notation, seats absolute (see docs/python.md)."""
    def observation_tensor(
        self, player: int, out: Optional[npt.NDArray[np.float32]] = None
    ) -> npt.NDArray[np.float32]:
        """What ``player`` knows, as a float32 array of ``observation_tensor_shape()``
        (see ``Game.observation_tensor_layout``); written into ``out`` when given."""
    def history(self) -> List[int]:
        """The ids applied so far (a race's entries in the order given)."""
    def resample_from_infostate(self, player: int, seed: int = 0) -> "State":
        """A state drawn from what ``player`` knows (hidden cards resampled consistently with
        the seat's observation), its chance seeded by ``seed``. ``observation_tensor(player)``
        and ``observation_string(player)`` are unchanged; its history starts empty."""
    def clone(self) -> "State":
        """An independent copy (also ``copy.copy`` and ``copy.deepcopy``)."""
    def __copy__(self) -> "State": ...
    def __deepcopy__(self, memo: Any) -> "State": ...
    def __reduce__(self) -> Tuple[Any, Tuple[Any, ...]]:
        """Pickles as the game, where the state started (seed, deal text, or the state and
        seat it was resampled from) and the actions and races applied since, replayed on
        loading. A state the simulator drew for a Python agent raises ``ValueError``."""

class Agent:
    """A cardsim agent as a bot: ``Agent(game, "ismcts:iters=1000", seed=0)``.

    It sees only the observation of the seat it plays (except the ``cheat`` baseline, which
    by design sees everything), and draws its randomness from its own RNG seeded by ``seed``,
    so the same seed and states give the same choices.
    """

    def __init__(self, game: Game, spec: str, seed: int = 0) -> None:
        """Builds the agent ``spec`` (``name[:key=value,...]``, see ``cardsim list``).

        Raises ``ValueError`` with the command line's message for an unknown agent or
        setting, or a bad value.
        """
    @property
    def label(self) -> str:
        """The agent's spec."""
    def step(self, state: State, player: Optional[int] = None) -> int:
        """The action id the agent chooses for the seat to move (in a race, for
        ``player``). The GIL is released while it thinks.

        Raises ``ValueError`` for a state of another game or configuration, a finished
        game, or a race without ``player``.
        """
    def race_step(self, state: State, player: int) -> Tuple[int, float]:
        """In a race: ``(action, reaction)`` for ``player``, for ``State.apply_race``."""
    def reset(self) -> None:
        """Forgets what the agent learnt during a game; call it between games."""

class Episode:
    """One learner seat of a game whose other seats are cardsim agents: the core of
    ``cardsim.gymnasium_env`` (see ``cardsim.envs``)."""

    def __init__(
        self,
        game: Game,
        seat: int = 0,
        opponents: Union[str, Sequence[str], None] = None,
        seed: Optional[int] = None,
        reaction: float = 0.5,
        penalty: float = -1.0,
    ) -> None: ...
    def reset(self, seed: int) -> None:
        """Deals the game of ``seed``, seeds the agents from it, plays until the learner acts."""
    def step(self, action: int) -> Tuple[float, bool, bool]:
        """The learner's action and the agents' replies: ``(reward, terminated, illegal)``."""
    def observation(self) -> npt.NDArray[np.float32]:
        """The learner's observation tensor."""
    def action_mask(self) -> npt.NDArray[np.bool_]:
        """The learner's legal actions as a mask over the action ids."""
    def legal_actions(self) -> List[int]:
        """The learner's legal action ids."""
    def is_over(self) -> bool:
        """The episode has ended."""
    @property
    def seat(self) -> int:
        """The learner's seat."""
    def state(self) -> State:
        """A copy of the whole game state (for inspection, not the learner's input)."""

class VectorEnv:
    """The native batch behind ``cardsim.VectorEnv``."""

    def __init__(
        self,
        game: Game,
        num_envs: int,
        seat: int = 0,
        opponents: Union[str, Sequence[str], None] = None,
        seed: Optional[int] = None,
        reaction: float = 0.5,
        penalty: float = -1.0,
        threads: int = 0,
    ) -> None: ...
    @property
    def num_envs(self) -> int:
        """Number of environments."""
    @property
    def episode_seeds(self) -> List[int]:
        """The seed of each environment's current game."""
    @property
    def self_play(self) -> bool:
        """True when the learner plays every seat (``opponents="self"``)."""
    @property
    def current_player(self) -> npt.NDArray[np.int64]:
        """The seat whose observation and mask each row shows (updated in place)."""
    def reset(
        self, seed: Optional[int] = None
    ) -> Tuple[npt.NDArray[np.float32], npt.NDArray[np.bool_]]:
        """Starts a new game in every environment: ``(observations, action_masks)``."""
    def step(
        self, actions: npt.NDArray[np.int64]
    ) -> Tuple[
        npt.NDArray[np.float32],
        npt.NDArray[np.bool_],
        npt.NDArray[np.float32],
        npt.NDArray[np.bool_],
        npt.NDArray[np.bool_],
        npt.NDArray[np.int64],
    ]:
        """One action per environment: ``(observations, masks, rewards, terminated, illegal,
        current_player)``; rewards ``[num_envs, 1]``, or ``[num_envs, players]`` in
        self-play."""
