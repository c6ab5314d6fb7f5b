#!/usr/bin/env python3
"""How fast the built site is usable on a phone, and what Lighthouse says (figures, not tests).

Serves site/ (run `make site` first) on 127.0.0.1 the way a static host with precompressed files
does (tests/static_host.py: the smallest of name.br, name.zst and name.gz the browser accepts, sent
with its Content-Encoding), then:

1. Load times under Chromium's own throttling, as DevTools' "Slow 4G" preset (1.6 Mbit/s down,
   750 kbit/s up, 562.5 ms round trip) with the CPU 4× slower: for each page, a fresh browser
   context (empty cache) opens it and the clock stops when the page is usable: the finder shows a
   result, the payout table shows its rows (data-state="ready"), a scorer page has its rules core
   loaded (data-ready: the Pyodide runtime and the wheel), any other page fires "load". The payout
   pages fetch the rest of their rows after that: the time until every row is in (data-complete,
   what a filter or a sort waits for) is printed beside.
   Each page is measured --runs times; the median and the slowest are printed.
2. Filter keystrokes on the largest payout table (all presets), typed one key at a time, unthrottled:
   milliseconds from the key to the first rows laid out (a figure; tests never assert times).
3. Lighthouse 12.2.3 (npm, installed pinned into scripts/node_modules on first use) in its default
   mobile mode on the home, payout table, finder, scorer (when built), cheat sheet, rulings and developers pages:
   performance, accessibility, best practices and SEO scores.

Usage: .venv/bin/python scripts/bench_site.py [--runs 3] [--no-lighthouse] [--site site]
       [--pages nanning/scorer/ zipai/scorer/] [--only-lighthouse] [--reports DIR]
"""
from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from tests.static_host import serve  # noqa: E402

CHROMIUM = "/usr/bin/chromium"
ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking",
        "--disable-component-update", "--disable-sync", "--no-first-run"]
LIGHTHOUSE = "12.2.3"
NODE_DIR = Path(__file__).resolve().parent / "node_modules"
# DevTools' "Slow 4G" preset (Chrome 120+): throughput in bytes per second, latency in ms
SLOW_4G = {"offline": False, "latency": 562.5, "downloadThroughput": 1.6e6 * 0.9 / 8,
           "uploadThroughput": 750e3 * 0.9 / 8}
CPU_SLOWDOWN = 4
PAGES = ["", "nanning/payouts/", "nanning/finder/", "zipai/payouts/", "zipai/finder/", "nanning/scorer/",
         "zipai/scorer/", "nanning/cheatsheet/", "zipai/cheatsheet/", "rulings/"]
LIGHTHOUSE_PAGES = ["", "nanning/payouts/", "nanning/finder/", "zipai/payouts/", "zipai/finder/", "nanning/scorer/",
                    "zipai/scorer/", "nanning/cheatsheet/", "zipai/cheatsheet/", "rulings/", "developers/"]
USABLE = """() => {
    const parts = [...document.querySelectorAll('.cp-ptable, .cp-finder')];
    return document.readyState === 'complete' && parts.every(el => el.getAttribute('data-state') === 'ready')
        && [...document.querySelectorAll('.cp-scorer')].every(el => el.hasAttribute('data-ready'));
}"""


COMPLETE = """() => [...document.querySelectorAll('.cp-ptable, .cp-finder')]
    .every(el => el.hasAttribute('data-complete'))"""


def load_times(base: str, pages: list[str], runs: int) -> tuple[dict[str, list[float]], dict[str, list[float]]]:
    """(usable after, every row in after) per page, in seconds."""
    from playwright.sync_api import sync_playwright

    out: dict[str, list[float]] = {}
    complete: dict[str, list[float]] = {}
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=ARGS, headless=True)
        for _ in range(runs):
            for page_url in pages:
                context = browser.new_context(viewport={"width": 390, "height": 844}, is_mobile=True, has_touch=True,
                                              device_scale_factor=2, locale="zh-CN")
                page = context.new_page()
                cdp = context.new_cdp_session(page)
                cdp.send("Network.enable")
                cdp.send("Network.setCacheDisabled", {"cacheDisabled": True})
                cdp.send("Network.emulateNetworkConditions", SLOW_4G)
                cdp.send("Emulation.setCPUThrottlingRate", {"rate": CPU_SLOWDOWN})
                t0 = time.perf_counter()
                response = page.goto(base + page_url, wait_until="commit", timeout=120_000)
                if response is None or response.status >= 400:
                    context.close()
                    break
                page.wait_for_function(USABLE, polling=50, timeout=600_000)  # a scorer: ~14 MB at Slow 4G
                out.setdefault(page_url, []).append(time.perf_counter() - t0)
                if page.locator(".cp-ptable, .cp-finder").count():
                    page.wait_for_function(COMPLETE, polling=50, timeout=600_000)
                    complete.setdefault(page_url, []).append(time.perf_counter() - t0)
                context.close()
        browser.close()
    return out, complete


KEYSTROKES = """async (query) => {
    const root = document.querySelector('.cp-ptable'), input = root.querySelector('.cp-filter');
    const out = [];
    for (const ch of query) {
        input.value += ch;
        const t0 = performance.now();
        input.dispatchEvent(new Event('input'));
        document.body.offsetHeight;  // style and layout of the rows shown at once
        out.push(performance.now() - t0);
        while (root.getAttribute('data-state') !== 'ready') await new Promise(r => requestAnimationFrame(r));
        await new Promise(r => setTimeout(r, 30));
    }
    return out;
}"""


def keystrokes(base: str) -> dict[str, list[float]]:
    from playwright.sync_api import sync_playwright

    out = {}
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=ARGS, headless=True)
        page = browser.new_page(viewport={"width": 1366, "height": 900})
        for game, query in (("nanning", "清一色 杠上花 双连杠 明杠"), ("zipai", "红胡 点炮 上家爆牌 30")):
            page.goto(base + f"{game}/payouts/")
            page.wait_for_function(USABLE, timeout=120_000)
            if page.locator(".cp-preset").count():
                page.select_option(".cp-preset", "")  # every preset: all rows
            page.wait_for_timeout(2000)  # the word index is built when the browser is idle
            out[game] = page.evaluate(KEYSTROKES, query)
        browser.close()
    return out


def lighthouse(base: str, pages: list[str], reports: Path | None = None) -> dict[str, dict[str, int]]:
    cli = NODE_DIR / ".bin" / "lighthouse"
    if not cli.exists():
        print(f"installing lighthouse@{LIGHTHOUSE} (npm i -E) into {NODE_DIR.parent}", file=sys.stderr)
        subprocess.run(["npm", "i", "-E", "--no-audit", "--no-fund", "--silent", f"lighthouse@{LIGHTHOUSE}"],
                       cwd=NODE_DIR.parent, check=True)
    out = {}
    env = {**os.environ, "CHROME_PATH": CHROMIUM}
    with tempfile.TemporaryDirectory() as tmp:
        for page_url in pages:
            report = Path(tmp) / "report.json"
            done = subprocess.run(
                [str(cli), base + page_url, "--quiet", "--output=json", f"--output-path={report}",
                 "--only-categories=performance,accessibility,best-practices,seo",
                 "--chrome-flags=" + " ".join(ARGS)], env=env, capture_output=True, text=True)
            if done.returncode != 0 or not report.exists():
                out[page_url] = {"error": (done.stderr.strip().splitlines() or ["?"])[-1][:120]}
                continue
            data = json.loads(report.read_text(encoding="utf-8"))
            if reports is not None:  # the whole report, to read why an audit failed
                reports.mkdir(parents=True, exist_ok=True)
                name = (page_url.strip("/").replace("/", "_") or "home") + ".json"
                (reports / name).write_bytes(report.read_bytes())
            if data.get("runtimeError") or data["audits"].get("http-status-code", {}).get("score") == 0:
                continue  # a page this build does not have
            out[page_url] = {key: round(cat["score"] * 100) for key, cat in data["categories"].items()}
            failed = [a for a, v in data["audits"].items() if v.get("score") is not None and v["score"] < 0.9
                      and v.get("scoreDisplayMode") in ("binary", "numeric")]
            out[page_url]["below_0.9"] = failed[:8]
    return out


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--site", type=Path, default=ROOT / "site")
    parser.add_argument("--no-lighthouse", action="store_true")
    parser.add_argument("--only-lighthouse", action="store_true", help="skip the load times and keystrokes")
    parser.add_argument("--pages", nargs="+", metavar="PAGE",
                        help="only these pages (site paths, e.g. nanning/scorer/)")
    parser.add_argument("--reports", type=Path, help="keep each Lighthouse JSON report in this folder")
    args = parser.parse_args()
    chosen = [p.lstrip("/") for p in args.pages] if args.pages else None
    if not (args.site / "index.html").exists():
        print(f"{args.site} has no site: run `make site` first", file=sys.stderr)
        return 2
    server, base = serve(args.site)
    try:
        if not args.only_lighthouse:
            times, complete = load_times(base, chosen or PAGES, args.runs)
            print(f"usable after (Slow 4G, CPU {CPU_SLOWDOWN}× slower, 390×844, empty cache; {args.runs} runs):")
            for page_url, values in times.items():
                rest = complete.get(page_url)
                print(f"  /{page_url:22} median {statistics.median(values):5.2f} s   slowest {max(values):5.2f} s"
                      + (f"   every row in: median {statistics.median(rest):5.2f} s" if rest else ""))
            if chosen is None:
                for game, values in keystrokes(base).items():
                    print(f"filter keystroke on {game}/payouts (all rows): median {statistics.median(values):.1f} ms, "
                          f"slowest {max(values):.1f} ms")
        if not args.no_lighthouse:
            print(f"Lighthouse {LIGHTHOUSE}, mobile (its own simulated Slow 4G and 4× CPU); load average "
                  f"{' '.join(f'{x:.1f}' for x in os.getloadavg())}:")
            for page_url, scores in lighthouse(base, chosen or LIGHTHOUSE_PAGES, args.reports).items():
                print(f"  /{page_url:22} {json.dumps(scores, ensure_ascii=False)}")
    finally:
        server.shutdown()
    return 0


if __name__ == "__main__":
    sys.exit(main())
