#!/usr/bin/env python3
"""Benchmark: `python -m generator build` of this tree against another checkout, side by side.

    python scripts/bench_build.py OTHER_CHECKOUT [--runs 3] [--no-site]

Runs the two builds alternately (each in a fresh interpreter, each writing into
its own tree) and prints, for each, the wall time and the CPU time (user + sys
of the child) per run and their medians. CPU time is the steadier figure when
other work shares the machine. Not a test.
"""
from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def build(tree: Path, site: bool) -> tuple[float, float]:
    before = os.times()
    t0 = time.perf_counter()
    subprocess.run([sys.executable, "-m", "generator", "build"] + ([] if site else ["--no-site"]), cwd=tree, check=True,
                   capture_output=True, env={**os.environ, "PYTHONPATH": str(tree)})
    wall = time.perf_counter() - t0
    after = os.times()
    return wall, (after.children_user - before.children_user) + (after.children_system - before.children_system)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("other", type=Path)
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--no-site", action="store_true", help="the data only (no charts, pages or mkdocs)")
    args = parser.parse_args()
    print(f"load average before: {' '.join(f'{x:.2f}' for x in os.getloadavg())} ({os.cpu_count()} cores)")
    trees = {"this tree": ROOT, str(args.other): args.other.resolve()}
    results: dict[str, list[tuple[float, float]]] = {name: [] for name in trees}
    for run in range(args.runs):
        for name, tree in trees.items():
            wall, cpu = build(tree, not args.no_site)
            results[name].append((wall, cpu))
            print(f"run {run + 1} {name}: wall {wall:.1f} s, cpu {cpu:.1f} s "
                  f"(load {os.getloadavg()[0]:.2f})", flush=True)
    for name, rs in results.items():
        print(f"median {name}: wall {statistics.median(w for w, _ in rs):.1f} s, "
              f"cpu {statistics.median(c for _, c in rs):.1f} s")
    # Each run builds both trees one after the other: the ratio of each run, then their median.
    this, other = results.values()
    ratios = [a[0] / b[0] for a, b in zip(this, other, strict=True)]
    print(f"wall, this tree / {args.other}: per run {' '.join(f'{x:.2f}' for x in ratios)}; "
          f"median {statistics.median(ratios):.2f}")


if __name__ == "__main__":
    main()
