#!/usr/bin/env python3
"""Benchmark: reading a Nanning hand (complete? which shape?) against `mahjong`'s
`Agari.is_agari` (complete?) on the same hands.

Each run starts a fresh interpreter (cold caches) and draws fresh hands (a new
seed each run, printed): half complete concealed hands (four sets and a pair,
or seven pairs), half random 14 tiles (almost never complete). Both sides get
their input prepared beforehand. Timed: ours on the same 34 counts `is_agari`
takes (`rules.nanning.analysis.shape_of`: complete? which shape?), and ours from
a `Hand` of tiles (`hand_type`, which also counts the tiles and adds the
门清/清一色/全求人 facts). Prints µs per
hand for each run, the medians, and the ratio of each run (both sides timed in it
on the same hands) with their median. Needs the `bench` extra
(`pip install -e '.[bench]'`). Not a test: figures depend on the machine.
"""
from __future__ import annotations

import argparse
import importlib.util
import json
import os
import statistics
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

RUN = """
import json, random, time
from mahjong.agari import Agari
from rules.errors import RuleError
from rules.nanning.analysis import hand_type, shape_of
from rules.nanning.model import Hand

SETS = [("刻", t) for t in range(34)] + [("顺", s * 9 + r) for s in range(3) for r in range(7)]
rnd = random.Random({seed})
hands = []
while len(hands) < {n}:
    if len(hands) % 2:
        tiles = rnd.sample([t for t in range(34) for _ in range(4)], 14)
    elif rnd.random() < 0.1:
        tiles = [t for t in rnd.sample(range(34), 7) for _ in range(2)]
    else:
        pair = rnd.randrange(34)
        tiles = [pair, pair]
        for kind, t in (rnd.choice(SETS) for _ in range(4)):
            tiles += [t] * 3 if kind == "刻" else [t, t + 1, t + 2]
        if any(tiles.count(t) > 4 for t in set(tiles)):
            continue
    rnd.shuffle(tiles)
    hands.append(tiles)
ours_in = [Hand(tuple(t), (), t[-1]) for t in hands]
theirs_in = []
for t in hands:
    c = [0] * 34
    for x in t:
        c[x] += 1
    theirs_in.append(c)
counts_in = [tuple(c) for c in theirs_in]
agari = Agari()


def ours():
    complete = 0
    for h in ours_in:
        try:
            hand_type(h, True)
            complete += 1
        except RuleError:
            pass
    return complete


def ours_counts():
    return sum(shape_of(c) is not None for c in counts_in)


def theirs():
    return sum(agari.is_agari(c) for c in theirs_in)


times, found = {{}}, {{}}
for name, fn in (("caipan hand_type", ours), ("caipan shape_of", ours_counts), ("mahjong is_agari", theirs)):
    t = time.process_time()
    found[name] = fn()
    times[name] = (time.process_time() - t) / len(hands) * 1e6
print(json.dumps({{"times": times, "complete": found}}))
"""


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--hands", type=int, default=20000)
    args = parser.parse_args()
    if importlib.util.find_spec("mahjong") is None:
        sys.exit("error: this benchmark compares against the `mahjong` package: pip install -e '.[bench]'")
    print(f"load average before: {' '.join(f'{x:.2f}' for x in os.getloadavg())} ({os.cpu_count()} cores)")
    results = []
    for run in range(args.runs):
        seed = time.time_ns() % 2**32
        out = subprocess.run([sys.executable, "-c", RUN.format(seed=seed, n=args.hands)],
                             capture_output=True, text=True, check=True, cwd=ROOT)
        data = json.loads(out.stdout)
        if len(set(data["complete"].values())) != 1:
            raise SystemExit(f"the two sides disagree on how many hands are complete: {data['complete']}")
        results.append(data["times"])
        print(f"run {run + 1} (seed {seed}, {args.hands} hands, {data['complete']['caipan hand_type']} complete): "
              + ", ".join(f"{k} {v:.2f} µs" for k, v in data["times"].items()))
    med = {k: statistics.median(r[k] for r in results) for k in results[0]}
    print("median µs per hand: " + ", ".join(f"{k} {v:.2f}" for k, v in med.items()))
    # Each run times both sides on the same hands: the ratio of each run, then their median.
    for ours, what in (("caipan shape_of", "same 34 counts: complete? which shape?"),
                       ("caipan hand_type", "from the tiles, with 门清/清一色, raising on an incomplete hand")):
        ratios = [r[ours] / r["mahjong is_agari"] for r in results]
        print(f"{ours} / mahjong is_agari ({what}): per run {' '.join(f'{x:.2f}' for x in ratios)}; "
              f"median {statistics.median(ratios):.2f}")

if __name__ == "__main__":
    main()
