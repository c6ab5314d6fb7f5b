#!/usr/bin/env python3
"""Benchmark: the session ledger's core (issue 23, item 9): a 200-hand night recomputed whole.

Each run starts a fresh interpreter and draws a fresh night per game (a new seed each run: random
winners, score requests, 荒庄 and adjustments), then times, after imports: the first call (the rule
data read); the whole night scored hand by hand with nothing remembered ("whole", and "per_hand" of
it); then, the night computed once as a page holds it, the night recomputed after an edit of its
first hand and after adding a hand (the page recomputes the whole night on every change; the core
remembers each hand's score, `rules.session.Remembered`, so only the new hand is scored); and the bytes
the night takes as compact JSON (what a page stores and a link carries) and the answer. Prints each
run and the medians. Not a test: the figures depend on the machine. Run inside the project's venv:
`.venv/bin/python scripts/bench_session.py [--runs 5] [--hands 200]`.
"""
from __future__ import annotations

import argparse
import json
import statistics
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

RUN = r"""
import json, random, sys, time
from rules.registry import game

seed, size = int(sys.argv[1]), int(sys.argv[2])
rng = random.Random(seed)
PLAYERS = {"nanning": ["阿明", "小红", "老王", "阿芳"], "zipai": ["阿明", "小红", "老王"]}
JIHU = {"hand": "234m678m999m55p", "melds": [{"kind": "碰", "tile": "9s"}]}
SCORES = {
    "nanning": [{**JIHU, "win": "自摸"}, {**JIHU, "win": "放炮", "discarder": "对家"},
                {"hand": "234m678m55p", "melds": [{"kind": "暗杠", "tile": "1m"}, {"kind": "碰", "tile": "9s"}],
                 "win": "杠上花"},
                {"hand": "111m555m999p55p", "melds": [{"kind": "碰", "tile": "7z"}], "win": "放炮"},
                {"hand": "11223344556677m", "win": "自摸"}, {"hand": "123456789m12355p", "win": "放炮"},
                {**JIHU, "win": "放炮", "multi": [{"seat": "对家", "hand": "111m555m999p55p",
                                                  "melds": [{"kind": "碰", "tile": "7z"}]}]}],
    "zipai": [{"hand": "一二三四五六七八九壹贰叁肆伍陆柒捌玖贰柒拾", "win": "点炮", "from": "下家"},
              {"hand": "一二三四五六七八九壹贰叁肆伍陆柒捌玖贰柒拾", "win": "自摸"},
              {"hand": "贰柒拾七八九伍陆柒捌捌", "shown": [{"kind": "拢", "cards": "肆肆肆肆"},
               {"kind": "碰", "cards": "五五五"}, {"kind": "碰", "cards": "六六六"}], "win": "自摸",
               "gang": [{"kind": "垅", "by": "胡牌者"}]},
              {"hand": "贰柒拾二七十壹贰叁四五六柒捌玖伍伍伍七八九", "win": "点炮", "from": "上家"}],
}


def hand(g):
    names = PLAYERS[g]
    roll = rng.random()
    if roll < 0.08:
        if g == "nanning":
            return {"draw": True, "last": rng.choice(names), "kongs": [{"kind": "暗杠", "by": rng.choice(names)}]}
        return {"draw": True, "gang": [{"kind": "垅", "by": rng.choice(names)}]}
    if roll < 0.12:
        a, b = rng.sample(names, 2)
        return {"adjust": {a: 5, b: -5}, "reason": "调整"}
    return {"winner": rng.choice(names), "score": rng.choice(SCORES[g])}


out = {}
for g in ("nanning", "zipai"):
    core = game(g)
    request = {"players": PLAYERS[g], "dealer": PLAYERS[g][0], "hands": [hand(g) for _ in range(size)]}
    t = time.perf_counter(); core.session({**request, "hands": request["hands"][:1]}); first = time.perf_counter() - t
    memory = core._scores  # what the page's interpreter remembers between calls
    memory.most, most = 0, memory.most  # nothing remembered: every hand scored
    t = time.perf_counter(); answer = core.session(request); whole = time.perf_counter() - t
    memory.most = most
    memory.known.clear()
    core.session(request)  # the night as the page holds it
    edited = {**request, "hands": [hand(g), *request["hands"][1:]]}
    t = time.perf_counter(); core.session(edited); edit = time.perf_counter() - t
    added = {**request, "hands": [*request["hands"], hand(g)]}
    t = time.perf_counter(); core.session(added); add = time.perf_counter() - t
    out[g] = {"first": first, "whole": whole, "edit_first": edit, "add": add, "per_hand": whole / size,
              "request_bytes": len(json.dumps(request, ensure_ascii=False, separators=(",", ":")).encode()),
              "answer_bytes": len(json.dumps(answer, ensure_ascii=False, separators=(",", ":")).encode())}
print(json.dumps(out))
"""

TIMES = ("first", "whole", "edit_first", "add", "per_hand")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--hands", type=int, default=200)
    args = parser.parse_args()
    results = []
    for n in range(1, args.runs + 1):
        seed = time.time_ns() % 2**32  # fresh inputs each run
        done = subprocess.run([sys.executable, "-c", RUN, str(seed), str(args.hands)], cwd=ROOT, capture_output=True,
                              text=True)
        if done.returncode:
            print(f"run {n} (seed {seed}) failed: {done.stderr.strip().splitlines()[-1]}", file=sys.stderr)
            return 1
        result = json.loads(done.stdout)
        results.append(result)
        print(f"run {n} (seed {seed}): " + "; ".join(
            f"{g} " + " ".join(f"{k} {r[k] * 1000:.1f}ms" for k in TIMES) for g, r in result.items()), flush=True)
    for g in results[0]:
        print(f"{g}, {args.hands} hands, median of {args.runs}: " + ", ".join(
            f"{k} {statistics.median(r[g][k] for r in results) * 1000:.1f} ms" for k in TIMES)
            + f"; night {statistics.median(r[g]['request_bytes'] for r in results) / 1000:.1f} kB as JSON, "
              f"answer {statistics.median(r[g]['answer_bytes'] for r in results) / 1000:.1f} kB")
    return 0


if __name__ == "__main__":
    sys.exit(main())
