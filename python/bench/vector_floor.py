"""Two floors under a VectorEnv learner step, per row of a batch: writing the float32
observation rows once (numpy filling an array of the batch's shape with zeros, what the
encoder's one bulk zero of each row costs), and the bench's vectorized numpy choice of
actions on masks the environment wrote (``vector_env.random_legal_chooser``).

    python python/bench/vector_floor.py --game bridge --envs 256

Prints both in CPU nanoseconds per row (best of five).
"""

from __future__ import annotations

import argparse
import os
import time

os.environ.setdefault("OPENBLAS_NUM_THREADS", "1")

import numpy as np  # noqa: E402

from vector_env import random_legal_chooser  # noqa: E402


def per_row(f, reps: int, rows: int) -> float:
    best = float("inf")
    for _ in range(5):
        cpu = time.process_time()
        for k in range(reps):
            f(k)
        best = min(best, (time.process_time() - cpu) / reps / rows * 1e9)
    return best


def main() -> None:
    import cardsim

    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", default="bridge")
    parser.add_argument("--envs", type=int, default=256)
    parser.add_argument("--reps", type=int, default=2000)
    args = parser.parse_args()
    n = args.envs
    env = cardsim.VectorEnv(args.game, n, opponents="self", seed=0, threads=1)
    obs, masks = env.reset()
    choose = random_legal_chooser(n, masks.shape[1], np.random.default_rng(0))
    seen = []
    for _ in range(200):
        obs, masks, *_ = env.step(choose(masks))
        seen.append(masks.copy())
    fill = per_row(lambda k: obs.fill(0.0), args.reps, n)
    pick = per_row(lambda k: choose(seen[k % len(seen)]), args.reps, n)
    print(
        f"{args.game} x{n}: writing the observation rows ({obs.shape[1]} float32 a row) "
        f"{fill:.0f} ns a row; numpy choice of actions {pick:.0f} ns a row"
    )


if __name__ == "__main__":
    main()
