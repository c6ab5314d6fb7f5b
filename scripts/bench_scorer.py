#!/usr/bin/env python3
"""Benchmark of the 计分器 pages (a figure, not a test): the rules core on Pyodide in headless Chromium.

    .venv/bin/python scripts/bench_scorer.py [--site site/] [--hands 200] [--runs 3] [--slow-runs 1]

Serves the built site (run `make site` first, or pass --site) from 127.0.0.1 as a static host serves
precompressed files (tests/static_host.py: the smallest of name.br, name.zst, name.gz the browser
accepts), and measures in Debian's chromium:
- cold load: a fresh browser profile opens a scorer page with a request in its URL, until the total shows,
  and every file it received by then (as sent: compressed), with its encoding;
- warm load: the same page opened again (service worker, code caches and the interpreter snapshot filled);
  each `--runs` times with a fresh profile, medians reported, with where the page spent its time
  (performance marks of scorer.js: snapshot found, runtime booted, rules core ready);
- what the site keeps on the device after two visits: navigator.storage.estimate(), and each cache;
- the same cold and warm loads on DevTools' Slow 4G with a 4× slower CPU (`--slow-runs` times, 0 to skip);
- rescoring: one request put on the page (core call and the result drawn), per request, fresh random hands;
- waits: one waits request (a hand one short), per request.
Side by side: the same requests scored by the same functions in native CPython (what the CLI runs).
Fresh random hands every run (the seed is printed).
"""
from __future__ import annotations

import argparse
import json
import os
import random
import statistics
import sys
import tempfile
import time
from pathlib import Path
from urllib.parse import quote

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from scripts.bench_site import CPU_SLOWDOWN, SLOW_4G  # noqa: E402
from tests.browser.conftest import ARGS, CHROMIUM  # noqa: E402
from tests.browser.test_scorer import CORE, MAKE, answer, code  # noqa: E402
from tests.static_host import serve  # noqa: E402


def short(game: str, request: dict) -> dict:
    """The hand one short: the waits request for the same situation."""
    from rules.nanning.tiles import parse

    out = {k: v for k, v in request.items() if k not in ("win", "win_tile", "win_card", "chain", "from")}
    out["hand"] = "".join(code(t) for t in parse(request["hand"])[:-1]) if game == "nanning" else request["hand"][:-1]
    return out


def requests_for(game: str, n: int, rnd: random.Random) -> list[dict]:
    out = []
    while len(out) < n:
        request = MAKE[game](rnd)
        if "ok" in answer(game, request):
            out.append(request)
    return out


# When the total is first in the page, on the page's own clock (from its navigation start): the harness's
# clock (from goto to Playwright seeing it, checked every frame) also counts the navigation request and
# Playwright's round trips.
DRAWN = """new MutationObserver((_, observer) => {
    if (document.querySelector('[data-total]')) { window.__caipanDrawn = performance.now(); observer.disconnect(); }
}).observe(document, {subtree: true, childList: true});"""


def throttle(page) -> None:
    """DevTools' Slow 4G and a 4× slower CPU for this page (its workers' requests too)."""
    cdp = page.context.new_cdp_session(page)
    cdp.send("Network.enable")
    cdp.send("Network.emulateNetworkConditions", SLOW_4G)
    cdp.send("Emulation.setCPUThrottlingRate", {"rate": CPU_SLOWDOWN})


def open_first_result(context, url: str, slow: bool = False) -> tuple[float, float, dict]:
    """Seconds from navigation to the total on screen (the harness's clock, and the page's own), and
    what the page and its workers received by then: {url: (bytes as sent, Content-Encoding)}."""
    page = context.new_page()
    page.add_init_script(DRAWN)
    if slow:
        throttle(page)
    finished = []
    page.on("requestfinished", lambda request: finished.append(request))  # a worker's requests too
    t0 = time.perf_counter()
    page.goto(url)
    # Checked every frame: `wait_for_selector` polls at growing intervals (up to 500 ms apart), which
    # would add up to half a second to a warm load that is over in less than one.
    page.wait_for_function("!!document.querySelector('[data-total]')", polling="raf", timeout=300_000)
    seconds = time.perf_counter() - t0
    drawn = page.evaluate("window.__caipanDrawn") / 1000
    marks = page.evaluate("""() => Object.fromEntries(performance.getEntriesByType('mark')
        .filter(m => m.name.startsWith('caipan-')).map(m => [m.name, m.startTime / 1000]))""")
    snapshot = f"snapshot found {marks['caipan-snapshot']:.2f} s, " if "caipan-snapshot" in marks else ""
    print(f"  {url.split('#')[0]}: total on screen after {seconds:.2f} s; in the page: {snapshot}runtime booted "
          f"{marks.get('caipan-runtime', 0):.2f} s, rules core ready {marks.get('caipan-core', 0):.2f} s, "
          f"total drawn {drawn:.2f} s")
    got = list(finished)  # by the first total
    page.wait_for_timeout(300)
    by_url = {}
    for r in got:
        response = r.response()
        by_url[r.url] = (
            r.sizes()["responseBodySize"],
            (response.headers.get("content-encoding") if response else None) or "",
        )
    page.close()
    return seconds, drawn, by_url


STORED = """async () => {
    const estimate = await navigator.storage.estimate(), caches_ = {};
    for (const name of await caches.keys()) {
        const cache = await caches.open(name);
        let bytes = 0;
        for (const request of await cache.keys())
            bytes += (await (await cache.match(request)).arrayBuffer()).byteLength;
        caches_[name] = bytes;
    }
    return {usage: estimate.usage, details: estimate.usageDetails || {}, caches: caches_};
}"""


def stored(context, base: str) -> dict:
    """What the site keeps on this device: navigator.storage.estimate() and the bytes of each cache."""
    page = context.new_page()
    page.goto(base + "404.html")
    out = page.evaluate(STORED)
    page.close()
    return out


def settle(context, url: str) -> None:
    """Open the page once more and wait until the service worker controls it and the interpreter
    snapshot is stored, so the next visit is a warm one."""
    page = context.new_page()
    page.goto(url)
    page.wait_for_selector("[data-total]", timeout=300_000)
    page.wait_for_function("!!navigator.serviceWorker.controller", timeout=300_000)
    snapshot_taken = "!(window.CAIPAN_SCORER || {}).snapshot || !!document.querySelector('.cp-scorer[data-snapshot]')"
    page.wait_for_function(snapshot_taken, timeout=300_000)
    page.close()


def per_call(page, kind: str, requests: list[dict]) -> list[float]:
    """Milliseconds per request, on the page: the round trip to the core's worker and, for scoring, the
    result drawn."""
    script = """async ([kind, rs]) => { const out = [];
        for (const r of rs) { const t = performance.now();
            if (kind === 'score') { await window.caipanScorer.set(r); document.querySelector('[data-total]'); }
            else await window.caipanScorer.call('waits', r);
            out.push(performance.now() - t); }
        return out; }"""
    return page.evaluate(script, [kind, requests])


def native(game: str, kind: str, requests: list[dict]) -> list[float]:
    fn = CORE[game][0 if kind == "score" else 1]
    out = []
    for r in requests:
        t = time.perf_counter()
        fn(r)
        out.append((time.perf_counter() - t) * 1000)
    return out


def stats(ms: list[float]) -> str:
    ms = sorted(ms)
    return f"median {statistics.median(ms):6.1f} ms · p90 {ms[int(0.9 * (len(ms) - 1))]:6.1f} ms"


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--site", type=Path, default=ROOT / "site")
    parser.add_argument("--hands", type=int, default=200)
    parser.add_argument("--runs", type=int, default=3, help="cold and warm loads, each with a fresh profile")
    parser.add_argument("--slow-runs", type=int, default=1, help="cold and warm loads on Slow 4G (0: none)")
    args = parser.parse_args()
    if not (args.site / "nanning" / "scorer" / "index.html").is_file():
        print(f"no scorer in {args.site}: run `make site` first (or pass --site)", file=sys.stderr)
        return 2
    seed = random.randrange(1 << 30)
    rnd = random.Random(seed)
    from playwright.sync_api import sync_playwright

    server, base = serve(args.site)
    print(f"seed {seed}; site {args.site}; chromium {CHROMIUM}; load average at the start: "
          f"{' '.join(f'{x:.1f}' for x in os.getloadavg())}")
    rows = []
    games = ("nanning", "zipai")
    loads = {(game, slow): ([], []) for game in games for slow in (False, True)}
    drawn: dict[str, tuple[list[float], list[float]]] = {game: ([], []) for game in games}
    first: dict = {}
    kept: dict[str, list[dict]] = {game: [] for game in games}
    with sync_playwright() as p:
        def fresh(profile: str):
            return p.chromium.launch_persistent_context(profile, executable_path=str(CHROMIUM), args=ARGS,
                                                        headless=True, viewport={"width": 390, "height": 844})

        requests = {game: requests_for(game, args.hands + 2 * (args.runs + args.slow_runs), rnd) for game in games}
        plan = [(run, False) for run in range(args.runs)] + [(args.runs + run, True) for run in range(args.slow_runs)]
        for run, slow in plan:
            for game in games:
                with tempfile.TemporaryDirectory() as profile:
                    context = fresh(profile)
                    one, two = requests[game][2 * run], requests[game][2 * run + 1]
                    url = f"{base}{game}/scorer/#" + quote(json.dumps(one, ensure_ascii=False))
                    print(f"{game}, run {run + 1}{' (Slow 4G, CPU 4x slower)' if slow else ''}:")
                    cold, cold_drawn, got = open_first_result(context, url, slow)
                    if game not in first and not slow:
                        first[game] = got
                    settle(context, url)
                    if not slow:
                        kept[game].append(stored(context, base))
                    warm, warm_drawn, _ = open_first_result(
                        context, f"{base}{game}/scorer/#" + quote(json.dumps(two, ensure_ascii=False)), slow)
                    loads[game, slow][0].append(cold)
                    loads[game, slow][1].append(warm)
                    if not slow:
                        drawn[game][0].append(cold_drawn)
                        drawn[game][1].append(warm_drawn)
                    if run == args.runs - 1:
                        page = context.new_page()
                        page.goto(f"{base}{game}/scorer/")
                        page.wait_for_selector(".cp-scorer[data-ready]", timeout=300_000)
                        mine = requests[game][2 * (args.runs + args.slow_runs):]
                        score_ms = per_call(page, "score", mine)
                        shorts = [short(game, r) for r in mine]
                        waits_ms = per_call(page, "waits", shorts)
                        page.close()
                        rows.append((game, score_ms, waits_ms, native(game, "score", mine),
                                     native(game, "waits", shorts)))
                    context.close()
    server.shutdown()
    for game, got in first.items():
        print(f"\n{game}/scorer/, cold, up to the first total: what was received (bytes as sent)")
        for url, (size, coding) in sorted(got.items(), key=lambda kv: -kv[1][0]):
            print(f"  {size:>10,}  {coding or '-':5} {url.split(base, 1)[-1]}")
        print(f"  {sum(s for s, _ in got.values()):>10,}  in all, {len(got)} responses")
    print("\nkept on the device after two visits (navigator.storage.estimate().usage, and each cache's bytes):")
    for game, values in kept.items():
        for k in values:
            caches_ = ", ".join(f"{name} {n / 1e6:.1f} MB" for name, n in sorted(k["caches"].items()))
            print(f"  {game:8} {k['usage'] / 1e6:6.1f} MB   ({caches_}; {json.dumps(k['details'])})")
    print(f"\n{'':8} {'cold load':>10} {'warm load':>10}   rescoring (browser | native CPython)"
          f"{'':30}waits (browser | native CPython)")
    for game, s, w, sn, wn in rows:
        cold, warm = loads[game, False]
        print(f"{game:8} {statistics.median(cold):9.2f}s {statistics.median(warm):9.2f}s   {stats(s)} | {stats(sn)}   "
              f"{stats(w)} | {stats(wn)}")
    for (game, slow), (cold, warm) in loads.items():
        if cold:
            throttled = "Slow 4G, CPU 4x: " if slow else ""
            print(f"{game:8} {throttled}every run: cold {' '.join(f'{x:.2f}' for x in cold)} s; "
                  f"warm {' '.join(f'{x:.2f}' for x in warm)} s")
    for game, (cold, warm) in drawn.items():
        if not cold:
            continue
        print(f"{game:8} on the page's clock (navigation start to the total drawn): cold median "
              f"{statistics.median(cold):.2f} s, warm median {statistics.median(warm):.2f} s")
    print(f"({len(rows[0][1]) if rows else 0} fresh random hands per game; loads are medians of {args.runs} runs, "
          f"each with a fresh profile; cold = fresh profile to the first total on screen)")
    print(f"load average while measuring: {' '.join(f'{x:.1f}' for x in os.getloadavg())} on {os.cpu_count()} cores")
    return 0


if __name__ == "__main__":
    sys.exit(main())
