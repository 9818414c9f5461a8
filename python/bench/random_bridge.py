"""Random Bridge games through a plain Python loop: cardsim, or the same loop over pyspiel.

Each game is one deal, auction and card play (cardsim ``bridge(scoring=deal)``; pyspiel
``bridge(use_double_dummy_result=false)``, whose deal is 52 chance actions the loop samples
too). Every decision asks ``legal_actions()`` and applies a uniformly random one.

    python python/bench/random_bridge.py --impl cardsim --games 2000
    python python/bench/random_bridge.py --impl pyspiel --games 2000   # needs open_spiel

Prints games and decisions per second, and decisions per CPU-second (one process, one
thread).
"""

from __future__ import annotations

import argparse
import random
import time


def run_cardsim(games: int, seed: int) -> int:
    import cardsim

    game = cardsim.load_game("bridge(scoring=deal)")
    rng = random.Random(seed)
    decisions = 0
    for i in range(games):
        state = game.new_initial_state(seed=seed + i)
        while not state.is_terminal():
            state.apply_action(rng.choice(state.legal_actions()))
            decisions += 1
    return decisions


def run_pyspiel(games: int, seed: int) -> int:
    import pyspiel

    game = pyspiel.load_game("bridge(use_double_dummy_result=false)")
    rng = random.Random(seed)
    decisions = 0
    for _ in range(games):
        state = game.new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                outcomes = state.chance_outcomes()
                state.apply_action(rng.choice(outcomes)[0])
            else:
                state.apply_action(rng.choice(state.legal_actions()))
                decisions += 1
    return decisions


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--impl", choices=["cardsim", "pyspiel"], default="cardsim")
    parser.add_argument("--games", type=int, default=2000)
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args()
    run = run_cardsim if args.impl == "cardsim" else run_pyspiel
    run(max(1, args.games // 20), args.seed)  # warm up
    start, cpu = time.perf_counter(), time.process_time()
    decisions = run(args.games, args.seed)
    secs, cpu = time.perf_counter() - start, time.process_time() - cpu
    print(
        f"{args.impl}: {args.games} games in {secs:.2f} s: {args.games / secs:.0f} games/s, "
        f"{decisions / secs:.0f} decisions/s ({decisions / args.games:.1f} decisions a game), "
        f"{decisions / cpu:.0f} decisions per CPU-second"
    )


if __name__ == "__main__":
    main()
