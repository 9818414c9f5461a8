"""VectorEnv throughput: learner steps per CPU-second, observations and masks included.

The learner's actions are chosen by vectorized numpy (a uniformly random legal id per game);
the other seats are cardsim agents (random by default), or, with ``--opponents self``, the
learner plays every seat (self-play: one decision per step). CPU time is the process's, all
threads together, so the figure is comparable with a one-thread loop such as
``random_bridge.py --impl pyspiel``.

    python python/bench/vector_env.py --game bridge --envs 256 --steps 400 --threads 1
    python python/bench/vector_env.py --game bridge --envs 256 --steps 400 --threads 1 --opponents self

Prints learner steps per CPU-second and per wall-second.
"""

from __future__ import annotations

import argparse
import os
import time

# numpy's BLAS threads are not used here, but they spin at start up on the CPU time measured.
os.environ.setdefault("OPENBLAS_NUM_THREADS", "1")

import numpy as np  # noqa: E402


def random_legal_chooser(num_envs: int, num_actions: int, rng: np.random.Generator):
    """A function of the masks giving one uniformly random legal id per row, in one pass
    over the masks: the legal positions of the whole batch at once (ascending, so each row's
    are a run found by binary search), then one random pick in each row's run."""
    row_bounds = np.arange(num_envs + 1, dtype=np.int64) * num_actions

    def choose(masks: np.ndarray) -> np.ndarray:
        legal = np.flatnonzero(masks)
        bounds = np.searchsorted(legal, row_bounds)
        first, counts = bounds[:-1], np.diff(bounds)
        pick = first + (rng.random(num_envs) * counts).astype(np.int64)
        # (A row without legal ids, a game over before its first decision, takes any id.)
        return legal[np.minimum(pick, legal.size - 1)] - row_bounds[:-1]

    return choose


def main() -> None:
    import cardsim

    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", default="bridge")
    parser.add_argument("--envs", type=int, default=256)
    parser.add_argument("--steps", type=int, default=400)
    parser.add_argument("--opponents", default="random")
    parser.add_argument("--threads", type=int, default=0)
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args()
    env = cardsim.VectorEnv(
        args.game, args.envs, opponents=args.opponents, seed=args.seed, threads=args.threads
    )
    obs, masks = env.reset()
    choose = random_legal_chooser(args.envs, masks.shape[1], np.random.default_rng(args.seed))

    for _ in range(10):  # warm up
        obs, masks, _, _, _ = env.step(choose(masks))
    games = 0
    cpu, wall = time.process_time(), time.perf_counter()
    for _ in range(args.steps):
        obs, masks, rewards, terminated, _ = env.step(choose(masks))
        games += int(terminated.sum())
    cpu, wall = time.process_time() - cpu, time.perf_counter() - wall
    steps = args.steps * args.envs
    print(
        f"VectorEnv {args.game} x{args.envs} opponents={args.opponents}: {steps} learner steps, "
        f"{games} games ended: "
        f"{steps / cpu:.0f} steps per CPU-second, {steps / wall:.0f} per wall-second"
    )


if __name__ == "__main__":
    main()
