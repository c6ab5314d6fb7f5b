#!/usr/bin/env python3
"""Benchmark: score random legal complete hands, side by side with the `mahjong`
package's riichi scorer (HandCalculator.estimate_hand_value) on the same tiles.

Prints hands per second for each and the ratio. Run inside the project's venv
with the `bench` extra installed (`pip install -e '.[bench]'`). Not a test: the
figures depend on the machine.
"""
from __future__ import annotations

import argparse
import importlib.util
import random
import statistics
import sys
import time

from rules.nanning.analysis import hand_type
from rules.nanning.model import Hand, Situation, Win
from rules.nanning.rule_set import preset
from rules.nanning.scoring import price

SETS = [("刻", t) for t in range(34)] + [("顺", s * 9 + r) for s in range(3) for r in range(7)]


def random_hands(n: int, seed: int) -> list[list[int]]:
    """Random concealed complete hands (four sets and a pair), tile counts respected, shuffled."""
    rnd = random.Random(seed)
    out = []
    while len(out) < n:
        pair = rnd.randrange(34)
        tiles = [pair, pair]
        for kind, t in (rnd.choice(SETS) for _ in range(4)):
            tiles += [t] * 3 if kind == "刻" else [t, t + 1, t + 2]
        if all(tiles.count(t) <= 4 for t in set(tiles)):
            rnd.shuffle(tiles)
            out.append(tiles)
    return out


def ours(hands: list[list[int]]) -> int:
    rules = preset()
    checksum = 0
    for tiles in hands:
        found = hand_type(Hand(tuple(tiles), (), tiles[-1]), True)
        checksum += price(Situation(found, Win.ZIMO), rules).total
    return checksum


def to_136(tiles: list[int]) -> list[int]:
    seen: dict[int, int] = {}
    out = []
    for t in tiles:
        out.append(t * 4 + seen.get(t, 0))
        seen[t] = seen.get(t, 0) + 1
    return out


def riichi(hands: list[list[int]]) -> int:
    from mahjong.hand_calculating.hand import HandCalculator
    from mahjong.hand_calculating.hand_config import HandConfig

    calculator = HandCalculator()
    config = HandConfig(is_tsumo=True)
    checksum = 0
    for tiles in hands:
        ids = to_136(tiles)
        result = calculator.estimate_hand_value(ids, ids[-1], config=config)
        checksum += result.cost["main"] if result.cost else 0
    return checksum


def rate(fn, hands: list[list[int]], repeats: int) -> list[float]:
    rates = []
    for _ in range(repeats):
        t0 = time.perf_counter()
        fn(hands)
        rates.append(len(hands) / (time.perf_counter() - t0))
    return rates


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--hands", type=int, default=5000)
    parser.add_argument("--repeats", type=int, default=5)
    parser.add_argument("--seed", type=int, default=7)
    args = parser.parse_args()
    if importlib.util.find_spec("mahjong") is None:
        sys.exit("error: this benchmark compares against the `mahjong` package: pip install -e '.[bench]'")
    hands = random_hands(args.hands, args.seed)
    ours(hands[:100])  # warm caches the way a long run would
    mine = rate(ours, hands, args.repeats)
    theirs = rate(riichi, hands, args.repeats)
    m, t = statistics.median(mine), statistics.median(theirs)
    print(f"hands: {len(hands)} random concealed complete hands, {args.repeats} runs each, median rates")
    print(f"caipan rules.nanning (hand_type + price): {m:,.0f} hands/s (min {min(mine):,.0f}, max {max(mine):,.0f})")
    print(f"mahjong HandCalculator.estimate_hand_value:  {t:,.0f} hands/s "
          f"(min {min(theirs):,.0f}, max {max(theirs):,.0f})")
    print(f"ratio: {m / t:.1f}×")


if __name__ == "__main__":
    main()
