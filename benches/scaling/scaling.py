"""How a run's cost grows with threads: wall time, CPU time and peak memory of `cardsim` runs.

Runs each workload below with `--threads N` for every N asked for (interleaved: all thread
counts of a round before the next round) and prints one CSV row per run: the wall time, the
CPU time of the child process (user + system, all its threads), its peak resident memory, and
the work done per wall second. Use it on a cluster node to size a run:

    python3 benches/scaling/scaling.py --cardsim target/release/cardsim --threads 1,2,4,8,16

`--scale` multiplies every workload's size (0.01 for a quick check that everything runs).
Only the standard library is needed.
"""

from __future__ import annotations

import argparse
import os
import sys
import tempfile
import time

# (name, unit of work, amount at scale 1, arguments: {n} is the amount, {tmp} a scratch dir)
WORKLOADS = [
    (
        "bridge-deal-random",
        "games",
        4_000_000,
        "simulate --game bridge --param scoring=deal --agents random --games {n} --quiet",
    ),
    ("trash-random", "games", 600_000, "simulate --game trash --agents random --games {n} --quiet"),
    (
        "gin-rummy-random",
        "games",
        12_000,
        "simulate --game gin-rummy --agents random --games {n} --quiet",
    ),
    (
        "euchre-ismcts-vs-heuristic",
        "games",
        64,
        "simulate --game euchre --agents ismcts,heuristic,ismcts,heuristic --games {n} --quiet",
    ),
    (
        "seahaven-census",
        "deals",
        24_000,
        "solve --deals 1-{n} --quiet --out {tmp}/census.csv",
    ),
    ("bridge-dd-tables", "deals", 16, "dd --random {n} --seed 1 --quiet"),
]


def run_once(cardsim: str, args: list[str]) -> tuple[float, float, int]:
    """Runs cardsim with `args`, its output discarded; returns (wall s, CPU s, peak RSS KiB)."""
    start = time.perf_counter()
    pid = os.fork()
    if pid == 0:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, 1)
        os.execv(cardsim, [cardsim, *args])
    _, status, usage = os.wait4(pid, 0)
    wall = time.perf_counter() - start
    if os.waitstatus_to_exitcode(status) != 0:
        sys.exit(f"scaling.py: `cardsim {' '.join(args)}` failed ({status})")
    return wall, usage.ru_utime + usage.ru_stime, usage.ru_maxrss


def fail(message: str) -> None:
    """Bad input: one line on stderr, exit status 2."""
    print(f"scaling.py: {message}", file=sys.stderr)
    sys.exit(2)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--cardsim", default="target/release/cardsim")
    parser.add_argument("--threads", default="1,2", help="comma-separated thread counts")
    parser.add_argument("--rounds", type=int, default=1)
    parser.add_argument("--scale", type=float, default=1.0)
    parser.add_argument("--only", action="append", help="run only this workload (repeatable)")
    args = parser.parse_args()
    try:
        threads = [int(t) for t in args.threads.split(",")]
    except ValueError:
        fail(f"--threads {args.threads!r}: comma-separated whole numbers, e.g. 1,2,4")
    if any(t < 1 for t in threads) or args.rounds < 1 or args.scale <= 0:
        fail("thread counts, --rounds and --scale must be positive")
    workloads = [w for w in WORKLOADS if not args.only or w[0] in args.only]
    if args.only and len(workloads) != len(set(args.only)):
        fail(f"unknown workload in {args.only}; known: {[w[0] for w in WORKLOADS]}")

    print("workload,unit,amount,threads,round,wall_s,cpu_s,peak_rss_mb,per_wall_s,per_cpu_s")
    with tempfile.TemporaryDirectory() as tmp:
        for name, unit, amount, template in workloads:
            n = max(1, round(amount * args.scale))
            argv = template.format(n=n, tmp=tmp).split()
            for round_ in range(args.rounds):
                for t in threads:
                    wall, cpu, rss = run_once(args.cardsim, [*argv, "--threads", str(t)])
                    print(
                        f"{name},{unit},{n},{t},{round_},{wall:.3f},{cpu:.3f},{rss / 1024:.1f},"
                        f"{n / wall:.1f},{n / cpu:.1f}",
                        flush=True,
                    )


if __name__ == "__main__":
    main()
