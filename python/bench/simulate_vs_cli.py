"""cardsim.simulate beside the command line for the same run: wall-clock seconds of each.

    python python/bench/simulate_vs_cli.py --cli target/release/cardsim --game bridge --games 2000

Both play the same games (same seed, agents and threads) and produce the same per-game rows
and summary: the command line writes its two CSV files, simulate returns two DataFrames.
Runs alternate, and the best of `--runs` is printed for each.
"""

from __future__ import annotations

import argparse
import subprocess
import tempfile
import time
from pathlib import Path

import cardsim


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--cli", default="target/release/cardsim")
    parser.add_argument("--game", default="bridge")
    parser.add_argument("--agents", default="heuristic")
    parser.add_argument("--games", type=int, default=2000)
    parser.add_argument("--threads", type=int, default=1)
    parser.add_argument("--runs", type=int, default=3)
    args = parser.parse_args()
    cli_times, py_times = [], []
    with tempfile.TemporaryDirectory() as tmp:
        out, summary = Path(tmp) / "rows.csv", Path(tmp) / "summary.csv"
        command = [
            args.cli, "simulate", "--game", args.game, "--agents", args.agents,
            "--games", str(args.games), "--threads", str(args.threads), "--quiet",
            "--out", str(out), "--summary", str(summary),
        ]
        for _ in range(args.runs):
            start = time.perf_counter()
            subprocess.run(command, check=True, capture_output=True)
            cli_times.append(time.perf_counter() - start)
            start = time.perf_counter()
            cardsim.simulate(
                args.game, agents=args.agents, games=args.games, threads=args.threads
            )
            py_times.append(time.perf_counter() - start)
    cli, py = min(cli_times), min(py_times)
    print(
        f"{args.game}, {args.games} games, {args.threads} thread(s): command line {cli:.2f} s, "
        f"cardsim.simulate {py:.2f} s ({py / cli:.2f}x)"
    )


if __name__ == "__main__":
    main()
