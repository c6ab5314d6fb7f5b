#!/usr/bin/env python3
"""Benchmark of the 计分器 pages (a figure, not a test): the rules core on Pyodide in headless Chromium.

    .venv/bin/python scripts/bench_scorer.py [--site site/] [--hands 200] [--runs 3]

Serves the built site (run `make site` first, or pass --site) from 127.0.0.1 with gzip, as a real
host would, and measures in Debian's chromium:
- cold load: a fresh browser profile opens a scorer page with a request in its URL, until the total shows;
- warm load: the same page opened again (service worker, code caches and the interpreter snapshot filled);
  each `--runs` times with a fresh profile, medians reported, with where the page spent its time
  (performance marks of scorer.js: snapshot found, runtime booted, rules core ready);
- rescoring: one request put on the page (core call and the result drawn), per request, fresh random hands;
- waits: one waits request (a hand one short), per request;
- bytes transferred for the runtime and the wheel (compressed, as sent) and their size unpacked.
Side by side: the same requests scored by the same functions in native CPython (what the CLI runs).
Fresh random hands every run (the seed is printed).
"""
from __future__ import annotations

import argparse
import os
import functools
import gzip
import http.server
import json
import random
import statistics
import sys
import tempfile
import threading
import time
from pathlib import Path
from typing import ClassVar
from urllib.parse import quote

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from tests.browser.conftest import ARGS, CHROMIUM  # noqa: E402
from tests.browser.test_scorer import CORE, MAKE, answer, code  # noqa: E402

COMPRESSIBLE = (".js", ".mjs", ".css", ".html", ".json", ".wasm", ".zip", ".whl", "/")


class GzipHandler(http.server.SimpleHTTPRequestHandler):
    """Static files, gzip-compressed when the browser asks for it (as a CDN or nginx would)."""

    cache: ClassVar[dict[str, bytes]] = {}  # one per process, shared by every request

    def log_message(self, *args) -> None:
        pass

    def send_head(self):
        path = self.translate_path(self.path)
        if Path(path).is_dir():
            path = str(Path(path) / "index.html")
        if "gzip" not in self.headers.get("Accept-Encoding", "") or not Path(path).is_file() \
                or not path.endswith((*COMPRESSIBLE, "index.html")):
            return super().send_head()
        body = self.cache.get(path)
        if body is None:
            body = self.cache[path] = gzip.compress(Path(path).read_bytes(), 6, mtime=0)
        self.send_response(200)
        self.send_header("Content-Type", self.guess_type(path))
        self.send_header("Content-Encoding", "gzip")
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        import io

        return io.BytesIO(body)


def serve(folder: Path) -> tuple[http.server.ThreadingHTTPServer, str]:
    """The site over HTTP, every compressible file gzipped before the first request (as a host serving
    precompressed files does), so no load waits for the server to compress."""
    for path in sorted(folder.rglob("*")):
        if path.is_file() and str(path).endswith((*COMPRESSIBLE, "index.html")):
            GzipHandler.cache[str(path)] = gzip.compress(path.read_bytes(), 6, mtime=0)
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), functools.partial(GzipHandler, directory=str(folder)))
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return server, f"http://127.0.0.1:{server.server_address[1]}/"


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


def open_first_result(context, url: str) -> tuple[float, float, dict]:
    """Seconds from navigation to the total on screen (the harness's clock, and the page's own), and the
    bytes the page and its workers received by then (as sent: compressed)."""
    page = context.new_page()
    page.add_init_script(DRAWN)
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
    page.wait_for_timeout(300)
    by_url = {r.url: r.sizes()["responseBodySize"] for r in finished}
    page.close()
    return seconds, drawn, by_url


def settle(context, url: str) -> None:
    """Open the page once more and wait until the service worker controls it and the interpreter
    snapshot is stored, so the next visit is a warm one."""
    page = context.new_page()
    page.goto(url)
    page.wait_for_selector("[data-total]", timeout=300_000)
    page.wait_for_function("!!navigator.serviceWorker.controller", timeout=300_000)
    page.wait_for_function("!(window.CAIPAN_SCORER || {}).snapshot"
                           " || !!document.querySelector('.cp-scorer[data-snapshot]')", timeout=300_000)
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
    loads: dict[str, tuple[list[float], list[float]]] = {game: ([], []) for game in ("nanning", "zipai")}
    drawn: dict[str, tuple[list[float], list[float]]] = {game: ([], []) for game in loads}
    sent = unpacked = page_total = 0.0
    with sync_playwright() as p:
        def fresh(profile: str):
            return p.chromium.launch_persistent_context(profile, executable_path=str(CHROMIUM), args=ARGS,
                                                        headless=True, viewport={"width": 390, "height": 844})

        requests = {game: requests_for(game, args.hands + 2 * args.runs, rnd) for game in loads}
        for run in range(args.runs):
            for game in loads:
                with tempfile.TemporaryDirectory() as profile:
                    context = fresh(profile)
                    first, second = requests[game][2 * run], requests[game][2 * run + 1]
                    url = f"{base}{game}/scorer/#" + quote(json.dumps(first, ensure_ascii=False))
                    cold, cold_drawn, got = open_first_result(context, url)
                    if game == "nanning" and run == 0:
                        runtime = {u: n for u, n in got.items() if "/assets/pyodide/" in u or u.endswith(".whl")}
                        sent = sum(runtime.values())
                        unpacked = sum((args.site / u.split(base, 1)[1]).stat().st_size for u in runtime)
                        page_total = sum(got.values())
                    settle(context, url)
                    fragment = quote(json.dumps(second, ensure_ascii=False))
                    warm, warm_drawn, _ = open_first_result(context, f"{base}{game}/scorer/#{fragment}")
                    loads[game][0].append(cold)
                    loads[game][1].append(warm)
                    drawn[game][0].append(cold_drawn)
                    drawn[game][1].append(warm_drawn)
                    if run == args.runs - 1:
                        page = context.new_page()
                        page.goto(f"{base}{game}/scorer/")
                        page.wait_for_selector(".cp-scorer[data-ready]", timeout=300_000)
                        mine = requests[game][2 * args.runs:]
                        score_ms = per_call(page, "score", mine)
                        shorts = [short(game, r) for r in mine]
                        waits_ms = per_call(page, "waits", shorts)
                        page.close()
                        rows.append((game, statistics.median(loads[game][0]), statistics.median(loads[game][1]),
                                     score_ms, waits_ms, native(game, "score", mine), native(game, "waits", shorts)))
                    context.close()
    server.shutdown()
    print(f"\nruntime + wheel: {sent / 1e6:.2f} MB transferred (gzip) for {unpacked / 1e6:.2f} MB unpacked; "
          f"the whole first visit {page_total / 1e6:.2f} MB")
    print(f"{'':8} {'cold load':>10} {'warm load':>10}   rescoring (browser | native CPython)"
          f"{'':30}waits (browser | native CPython)")
    for game, cold, warm, s, w, sn, wn in rows:
        print(f"{game:8} {cold:9.2f}s {warm:9.2f}s   {stats(s)} | {stats(sn)}   {stats(w)} | {stats(wn)}")
    for game, (cold, warm) in loads.items():
        print(f"{game:8} every run: cold {' '.join(f'{x:.2f}' for x in cold)} s; "
              f"warm {' '.join(f'{x:.2f}' for x in warm)} s")
    for game, (cold, warm) in drawn.items():
        print(f"{game:8} on the page's clock (navigation start to the total drawn): cold median "
              f"{statistics.median(cold):.2f} s, warm median {statistics.median(warm):.2f} s")
    print(f"({len(rows[0][3])} fresh random hands per game; loads are medians of {args.runs} runs, each with a fresh "
          f"profile; cold = fresh profile to the first total on screen)")
    print(f"load average while measuring: {' '.join(f'{x:.1f}' for x in os.getloadavg())} on {os.cpu_count()} cores")
    return 0


if __name__ == "__main__":
    sys.exit(main())
