#!/usr/bin/env python3
"""Benchmark: 字牌 hand analysis against a public splitting algorithm, on the same hands.

The public algorithm is yuanfengyun/q_algorithm `phz/phzlib_c/hulib.c` `get_huxi`,
ported to Python in tests/q_algorithm_phz.py with document 003's 胡息 table. Each
run starts a fresh interpreter (cold caches), draws fresh random 自摸 hands (a new
seed each run, printed), and times on the same hands, in one process (each side
on new `Hand` objects: a hand keeps the counts it has read, so no side is
timed on counts another side read):

- `port split`: the port's `get_huxi` (most 胡息, or -1: cannot win);
- `core split`: the core's best split (`rules.zipai.analysis.complete_splits`
  under the default readings: every (胡息, 列列) a complete split gives), read
  as the port answers: the most 胡息, or -1. Both sides must agree on every
  hand (checked after the timers), so they did the same job;
- `port+score`: from the same `Hand` as `core score` (its counts and what its
  shown groups bring are read in the timer, as `score` must), the port's 胡息,
  then the same settlement work the core does on it: reading the red cards and
  归 off the cards (`count_hand`), then `price` (the port has no scoring of its
  own, so this is added, timed, on its side);
- `core score`: `rules.zipai.hand.score`: check, best split, 名堂 and payments;
- `core score+groups`: the same, and the groups of the chosen split, which `score`
  builds only when asked (`Scored.arrangement`; the port never lists groups);
- `port+score shared` and `core score shared`: the two scores again, on the hands
  where both sides apply the same rules (picked before the timers): no opening
  pattern is held (the port knows no 一拢（坎）三坎, which `score` also prices)
  and a complete hand has the minimum 胡息 (`score` says why it refuses one
  below it; the port side stops). What remains between them is the work only
  `score` does on every hand: checking the hand, and the result it returns.

The goal (issue 12) is the split: the port computes the best split and its 胡息,
nothing else. Prints microseconds per hand for each run, the medians and the
ratios. Not a test: figures depend on the machine.
`.venv/bin/python scripts/bench_zipai_split.py`
"""
from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

RUN = """
import json, random, sys, time
sys.path.insert(0, {root!r})
from rules.errors import RuleError
from rules.zipai.analysis import complete_splits, kans_held, locked_kans, patterns, splitter
from rules.zipai.cards import Card, counts
from rules.zipai.groups import shown_group
from rules.zipai.hand import Hand, count_hand, score
from rules.zipai.loader import default_rule_set
from rules.zipai.model import ShownKind, Win
from rules.zipai.scoring import Circumstances, HandFacts, Situation, price
from tests.q_algorithm_phz import document_values, get_huxi, random_hands

cfg = default_rule_set()
# Each side's table of group values, made once per set of rules, before the timers (the per-hand
# memo of the core's splitter starts empty in every run).
values = document_values(cfg)
splitter(cfg)
drawn = random_hands(random.Random({seed}), {n})
hands = []
for concealed, shown in drawn:
    groups = tuple(shown_group(ShownKind(kind), tuple(Card(i) for i in cards), cfg.constants) for kind, cards in shown)
    cards = tuple(Card(i) for i in concealed)
    hands.append((Hand(cards, groups, cards[-1]), counts(cards), 1 if any(g.is_four for g in groups) else 0))
zimo = Circumstances(Win.ZIMO)
low = cfg.constants.min_huxi.value


def shared_rules(h, concealed):
    # No opening pattern held, and a complete split, if any, has the minimum (see the docstring).
    held = patterns(h.on_table.longs, kans_held(concealed), False, cfg)
    huxi = get_huxi(concealed, values)
    return not held and (huxi < 0 or huxi + h.on_table.huxi >= low)


shared = [hand for hand in hands if shared_rules(hand[0], hand[1])]


def fresh(which=hands):
    # A `Hand` keeps what it has counted: each side starts from new ones (made before its timer).
    return [(Hand(h.concealed, h.melds, h.won_on), *rest) for h, *rest in which]


def port_split(hands):
    return [get_huxi(c, values) for _, c, *_ in hands]


def core_split(hands):
    out = []
    for _, c, pairs in hands:
        mask = complete_splits(c, pairs, locked_kans(c, None, cfg), None, cfg).mask
        out.append((mask.bit_length() - 1) >> 1 if mask else -1)  # bit 2·胡息 + 列列: the most 胡息
    return out


def port_score(hands):
    # From the hand, as `score` starts: its counts and what its shown groups bring are read here, timed.
    out = 0
    for h, *_ in hands:
        table = h.on_table
        huxi = get_huxi(h.concealed_count, values)
        if huxi >= 0 and huxi + table.huxi >= low:
            k = count_hand(h, cfg)
            facts = HandFacts(huxi + table.huxi, k.red, k.red_concealed, False, k.gui, table.fours)
            out += price(Situation(facts, zimo), cfg).total
    return out


def core_score(hands):
    out = 0
    for h, *_ in hands:
        try:
            out += score(h, zimo, cfg).settlement.total
        except RuleError:
            pass
    return out


def core_groups(hands):
    out = 0
    for h, *_ in hands:
        try:
            out += len(score(h, zimo, cfg).arrangement.groups)
        except RuleError:
            pass
    return out


times, answers = {{}}, {{}}
for name, fn, which in (("port split", port_split, hands), ("core split", core_split, hands),
                        ("port+score", port_score, hands), ("core score", core_score, hands),
                        ("core score+groups", core_groups, hands),
                        ("port+score shared", port_score, shared), ("core score shared", core_score, shared)):
    work = fresh(which)
    t = time.process_time()
    answers[name] = fn(work)
    times[name] = (time.process_time() - t) / len(which) * 1e6
if answers["port split"] != answers["core split"]:
    sys.exit("the port and the core disagree on the best split of some hand")
print(json.dumps({{"times": times, "shared": len(shared)}}))
"""


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--hands", type=int, default=3000)
    args = parser.parse_args()
    print(f"load average before: {' '.join(f'{x:.2f}' for x in os.getloadavg())} ({os.cpu_count()} cores)")
    results, shared = [], []
    for run in range(args.runs):
        seed = time.time_ns() % 2**32
        out = subprocess.run([sys.executable, "-c", RUN.format(root=str(ROOT), seed=seed, n=args.hands)],
                             capture_output=True, text=True, check=True, cwd=ROOT)
        found = json.loads(out.stdout)
        times = found["times"]
        results.append(times)
        shared.append(found["shared"])
        print(f"run {run + 1} (seed {seed}, {args.hands} hands): "
              + ", ".join(f"{k} {v:.1f} µs" for k, v in times.items())
              + f" ({found['shared']} hands under the shared rules)")
    med = {k: statistics.median(r[k] for r in results) for k in results[0]}
    print("median µs per hand: " + ", ".join(f"{k} {v:.1f}" for k, v in med.items()))
    print(f"the port and the core agreed on the most 胡息 of all {args.hands} hands in every run; "
          f"hands under the shared rules: {', '.join(map(str, shared))}")
    # Each run times every side on the same hands: the ratio of each run, then their median.
    for ours, theirs, what in (("core split", "port split", "the goal (issue 12): at most 1"),
                               ("core score", "port+score", "the whole score; the port side has no rules of its own"),
                               ("core score+groups", "port+score", "and the groups listed"),
                               ("core score shared", "port+score shared", "the hands under the shared rules")):
        ratios = [r[ours] / r[theirs] for r in results]
        print(f"{ours} / {theirs}: per run {' '.join(f'{x:.2f}' for x in ratios)}; "
              f"median {statistics.median(ratios):.2f} ({what})")


if __name__ == "__main__":
    main()
