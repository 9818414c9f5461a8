"""Double-dummy tables of random deals: cardsim against DDS 2.9 (through `endplay`), one
thread each, side by side. Checks that every one of the 20 results of every deal agrees and
prints the CPU seconds of each solver, in rounds (cardsim, DDS, cardsim, DDS, ...), so that a
load change on a shared machine shows instead of skewing one side.

    python3 -m venv /tmp/ddvenv && /tmp/ddvenv/bin/pip install endplay
    cargo build --release -p cardsim-experiments
    /tmp/ddvenv/bin/python benches/dds/compare.py --deals 200 --seed 1 --rounds 3

cardsim: `target/release/cardsim dd --pbn-file DEALS --threads 1 --quiet --out CSV`, timed as
the child process's CPU time (user + system, process start included). DDS: `calc_dd_table`
per deal after `SetMaxThreads(1)`, timed with this process's CPU time around the loop.
`--write-reference FILE` also writes the deals with DDS's tables (one `PBN;t t t ...` line per
deal, tricks by declarer N E S W, strains C D H S NT) for a test table.
"""

import argparse
import csv
import os
import random
import resource
import subprocess
import sys
import tempfile
import time

from endplay import _dds
from endplay.dds import calc_dd_table
from endplay.types import Deal, Denom, Player

RANKS = "23456789TJQKA"
SUITS = "SHDC"  # PBN order within a hand
STRAINS = [Denom.clubs, Denom.diamonds, Denom.hearts, Denom.spades, Denom.nt]
SEATS = [Player.north, Player.east, Player.south, Player.west]


def random_deals(n, seed):
    """`n` uniformly random deals as PBN strings, from `seed`."""
    rng = random.Random(seed)
    deck = [(s, r) for s in range(4) for r in range(13)]
    out = []
    for _ in range(n):
        rng.shuffle(deck)
        hands = []
        for h in range(4):
            cards = deck[13 * h : 13 * h + 13]
            suits = []
            for s in range(4):
                ranks = sorted((r for (t, r) in cards if t == s), reverse=True)
                suits.append("".join(RANKS[r] for r in ranks))
            hands.append(".".join(suits))
        out.append("N:" + " ".join(hands))
    return out


def cardsim_tables(binary, path):
    """cardsim's tables of the deals in `path` and the child's CPU seconds."""
    with tempfile.TemporaryDirectory() as tmp:
        out = os.path.join(tmp, "dd.csv")
        before = resource.getrusage(resource.RUSAGE_CHILDREN)
        subprocess.run(
            [binary, "dd", "--pbn-file", path, "--threads", "1", "--quiet", "--out", out],
            check=True,
            stderr=subprocess.DEVNULL,
        )
        after = resource.getrusage(resource.RUSAGE_CHILDREN)
        cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
        tables = []
        with open(out, newline="") as f:
            rows = list(csv.DictReader(f))
        for i in range(0, len(rows), 20):
            t = [[0] * 5 for _ in range(4)]
            for k, row in enumerate(rows[i : i + 20]):
                t[k // 5][k % 5] = int(row["tricks"])
            tables.append(t)
    return tables, cpu


def dds_tables(deals):
    """DDS's tables of `deals` (PBN strings) and this process's CPU seconds."""
    parsed = [Deal.from_pbn(d) for d in deals]
    start = time.process_time()
    raw = [calc_dd_table(d) for d in parsed]
    cpu = time.process_time() - start
    tables = [[[t[s, p] for s in STRAINS] for p in SEATS] for t in raw]
    return tables, cpu


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--deals", type=int, default=200)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--rounds", type=int, default=3)
    ap.add_argument("--binary", default="target/release/cardsim")
    ap.add_argument("--write-reference", metavar="FILE")
    args = ap.parse_args()
    _dds.SetMaxThreads(1)
    deals = random_deals(args.deals, args.seed)
    with tempfile.NamedTemporaryFile("w", suffix=".txt", delete=False) as f:
        f.write("\n".join(deals) + "\n")
        path = f.name
    try:
        ours_all, theirs_all = [], []
        for r in range(args.rounds):
            ours, t_ours = cardsim_tables(args.binary, path)
            theirs, t_theirs = dds_tables(deals)
            bad = [i for i in range(len(deals)) if ours[i] != theirs[i]]
            if len(ours) != len(deals) or bad:
                for i in bad[:5]:
                    print(f"MISMATCH {deals[i]}\n cardsim {ours[i]}\n dds     {theirs[i]}")
                sys.exit(f"{len(bad)} of {len(deals)} tables differ")
            ours_all.append(t_ours)
            theirs_all.append(t_theirs)
            print(
                f"round {r + 1}: cardsim {t_ours:.2f} s, DDS {t_theirs:.2f} s CPU, "
                f"DDS/cardsim speed ratio {t_theirs / t_ours:.2f}",
                flush=True,
            )
        o, t = sum(ours_all), sum(theirs_all)
        print(
            f"{len(deals)} deals (seed {args.seed}), {len(deals) * 20} results identical; "
            f"total CPU cardsim {o:.2f} s, DDS {t:.2f} s: cardsim at {t / o:.2f}x DDS's speed"
        )
        if args.write_reference:
            with open(args.write_reference, "w") as f:
                for d, table in zip(deals, theirs):
                    f.write(d + ";" + " ".join(str(x) for row in table for x in row) + "\n")
    finally:
        os.unlink(path)


if __name__ == "__main__":
    main()
