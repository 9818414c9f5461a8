"""VectorEnv throughput: learner steps per CPU-second, observations and masks included.

The learner's actions are chosen by vectorized numpy (a uniformly random legal id per game);
the other seats are cardsim agents (random by default). CPU time is the process's, all
threads together, so the figure is comparable with a one-thread loop such as
``random_bridge.py --impl pyspiel``.

    python python/bench/vector_env.py --game bridge --envs 256 --steps 400

Prints learner steps per CPU-second and per wall-second.
"""

from __future__ import annotations

import argparse
import time

import numpy as np


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
    rng = np.random.default_rng(args.seed)
    obs, masks = env.reset()
    keys = np.empty(masks.shape, dtype=np.float32)

    def choose(masks):
        # A uniformly random legal id per game: the legal id with the largest random key.
        rng.random(out=keys, dtype=np.float32)
        np.multiply(keys, masks, out=keys)
        return keys.argmax(axis=1)

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
        f"VectorEnv {args.game} x{args.envs}: {steps} learner steps, {games} games ended: "
        f"{steps / cpu:.0f} steps per CPU-second, {steps / wall:.0f} per wall-second"
    )


if __name__ == "__main__":
    main()
