#!/usr/bin/env python3
"""Benchmark: the whole analytics step (every count and probability of both games) against a
straightforward enumeration of the 清一色 hands with the `mahjong` package's Agari.is_agari.

The analytics step runs in a fresh interpreter each time (no warm caches) and is timed the
way the build times a step, after imports; the median of the runs is reported. The
enumeration visits every 14-tile multiset of one suit (each count 0–4), asks is_agari, and
weights each complete one by the ways to pick its tiles, Π C(4, c). Its total must equal
ours for the same definition (four sets and a pair, or seven distinct pairs: riichi has no
seven pairs with four of a kind). Run inside the project's venv with the `bench` extra
(`pip install -e '.[bench]'`). Not a test: the figures depend on the machine.
"""
from __future__ import annotations

import argparse
import csv
import json
import statistics
import subprocess
import sys
import tempfile
import time
from math import comb, prod
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
BUDGET = 5.0  # seconds, for the whole analytics step

STEP = """
import json, sys, time
from pathlib import Path
from generator.analytics import steps
from generator.build import BuildContext
ctx = BuildContext(generated=Path(sys.argv[1]), with_site=False)
t0 = time.perf_counter()
for _, step in steps(ctx):
    step()
print(json.dumps(time.perf_counter() - t0))
"""


def analytics_step(runs: int) -> tuple[list[float], Path]:
    """Seconds per run of the analytics step, each in a fresh interpreter; and where it wrote."""
    out = Path(tempfile.mkdtemp(prefix="bench-analytics-"))
    times = []
    for _ in range(runs):
        result = subprocess.run([sys.executable, "-c", STEP, str(out)], cwd=ROOT, check=True,
                                capture_output=True, text=True)
        times.append(json.loads(result.stdout))
    return times, out


def vectors(kinds: int, total: int):
    if kinds == 0:
        if total == 0:
            yield ()
        return
    for c in range(min(4, total) + 1):
        for rest in vectors(kinds - 1, total - c):
            yield (c, *rest)


def mahjong_enumeration() -> tuple[int, int, float]:
    """Weighted complete 14-tile hands of one suit by Agari.is_agari: (weighted count, multisets, seconds)."""
    from mahjong.agari import Agari

    agari = Agari()
    t0 = time.perf_counter()
    weighted = seen = 0
    for v in vectors(9, 14):
        seen += 1
        if agari.is_agari(list(v) + [0] * 25):
            weighted += prod(comb(4, c) for c in v)
    return weighted, seen, time.perf_counter() - t0


def ours_one_suit(runs: int) -> float:
    """Median seconds for our counts of the same one-suit hands (like for like with the enumeration)."""
    from generator.nanning.counting import Suit, TileSet, hand_facts
    from generator.nanning.rarity import classify

    times = []
    for _ in range(runs):
        t0 = time.perf_counter()
        sum(w for f, w in hand_facts(TileSet((Suit(9, True),))).items() if classify(f))
        times.append(time.perf_counter() - t0)
    return statistics.median(times)


def ours_riichi_qingyise(rarity_csv: Path) -> tuple[int, int]:
    """From nanning_rarity.csv: 清一色 hands under riichi's definition, and under Nanning's."""
    rows = {r["category"]: r for r in csv.DictReader(rarity_csv.open(encoding="utf-8")) if r["colour"] == "清一色"}
    nanning = sum(int(r["count"]) for r in rows.values())
    # seven pairs with a 4 count only where they also read as four sets and a pair
    riichi = sum(int(r["count"]) for r in rows.values() if r["shape"] in ("鸡胡", "碰碰胡", "七小对"))
    riichi += sum(int(r["also_jihu"]) for r in rows.values() if r["shape"].startswith("七大对"))
    return riichi, nanning


def multisets(kinds: int, hand: int) -> int:
    """14-tile multisets of `kinds` kinds with counts ≤ 4: the coefficient of x^hand in (1+…+x^4)^kinds."""
    poly = [1] + [0] * hand
    for _ in range(kinds):
        poly = [sum(poly[n - c] for c in range(min(4, n) + 1)) for n in range(hand + 1)]
    return poly[hand]


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--runs", type=int, default=5, help="runs of the analytics step (median reported)")
    args = parser.parse_args()

    times, out = analytics_step(args.runs)
    step = statistics.median(times)
    print(f"analytics step (all counts and probabilities, both games): median {step:.3f} s over {args.runs} runs "
          f"[{', '.join(f'{t:.3f}' for t in times)}]  budget {BUDGET:.0f} s: {'ok' if step < BUDGET else 'OVER'}")

    weighted, seen, enum_seconds = mahjong_enumeration()
    riichi, nanning = ours_riichi_qingyise(out / "nanning_rarity.csv")
    print(f"mahjong Agari.is_agari over every one-suit 14-tile multiset: {seen:,} multisets in {enum_seconds:.3f} s")
    print(f"  清一色 (×3 suits), riichi definition: is_agari {3 * weighted:,}  ours {riichi:,}  "
          f"{'agree' if 3 * weighted == riichi else 'DISAGREE'}")
    print(f"  ours under Nanning's definition (seven pairs may hold a 4): {nanning:,}")
    print(f"ratio: the enumeration of the 清一色 hands alone takes {enum_seconds / step:.1f}× the whole analytics step")
    one_suit = ours_one_suit(args.runs)
    print(f"  like for like, our counts of the one-suit hands: {one_suit * 1000:.1f} ms "
          f"({enum_seconds / one_suit:,.0f}× faster than the enumeration)")
    per_call = enum_seconds / seen
    every = multisets(34, 14)
    print(f"  enumerating all {every:,} 14-tile multisets of the 34 kinds the same way would take "
          f"~{every * per_call / 86400:,.0f} days at {per_call * 1e6:.1f} µs each")
    return 0 if step < BUDGET and 3 * weighted == riichi else 1


if __name__ == "__main__":
    sys.exit(main())
