#!/usr/bin/env python3
"""Benchmark: enumerating everything for 字牌 (document 003).

Each run starts a fresh interpreter (no warm caches) and times, after imports, the
parts of the three 字牌 build steps: the reachability programme (which hands exist,
the most 胡息 and a hand with it), pricing every payout row, the cross-check of every
extracted amount (each under every option of every reading), the findings, and the
readings report. Prints each run and the median. Not a test: the figures depend on
the machine. Run inside the project's venv: `.venv/bin/python scripts/bench_zipai.py`.
"""
from __future__ import annotations

import argparse
import json
import statistics
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

RUN = """
import json, time
from rules.zipai.payouts import payout_json, payout_rows, reached
from generator.zipai.check import crosscheck, findings, readings_report
from rules.zipai.reach import reach
from rules.zipai.loader import default_rule_set

times = {}
t = time.perf_counter(); found = reach(default_rule_set()); times["reach"] = time.perf_counter() - t
reached.cache_clear()
t = time.perf_counter(); reached(); rows = payout_rows(); times["payouts"] = time.perf_counter() - t
t = time.perf_counter(); checked = crosscheck(); times["crosscheck"] = time.perf_counter() - t
t = time.perf_counter(); found_f = findings(); times["findings"] = time.perf_counter() - t
t = time.perf_counter(); report = readings_report(); times["readings"] = time.perf_counter() - t
size = len(json.dumps(payout_json(rows), ensure_ascii=False, separators=(",", ":")).encode())
print(json.dumps({"times": times, "rows": len(rows), "json_bytes": size, "checks": len(checked),
                  "findings": len(found_f), "readings": len(report["readings"]),
                  "most": found.most[0], "regular_keys": len(found.regular)}))
"""


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=5)
    args = parser.parse_args()
    results = []
    for n in range(1, args.runs + 1):
        done = subprocess.run([sys.executable, "-c", RUN], cwd=ROOT, capture_output=True, text=True, check=True)
        result = json.loads(done.stdout)
        results.append(result)
        t = result["times"]
        # payouts includes a second reachability run (its cache is cleared), as the build does once
        print(f"run {n}: " + "  ".join(f"{k} {v:.2f}s" for k, v in t.items()), flush=True)
    last = results[-1]
    print(f"rows {last['rows']}, payout JSON {last['json_bytes'] / 1e6:.1f} MB, checks {last['checks']}, "
          f"findings {last['findings']}, readings {last['readings']}, most 胡息 {last['most']}, "
          f"reachable (red, 列列, 胡息) {last['regular_keys']}")
    for key in last["times"]:
        print(f"median {key}: {statistics.median(r['times'][key] for r in results):.2f}s")
    build = [sum(v for k, v in r["times"].items() if k != "reach") for r in results]
    print(f"median enumeration as the build runs it (payouts incl. reachability, cross-check, findings, readings): "
          f"{statistics.median(build):.2f}s over {len(results)} runs")
    return 0


if __name__ == "__main__":
    sys.exit(main())
