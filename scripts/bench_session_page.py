#!/usr/bin/env python3
"""Benchmark of the 牌局记账 pages (a figure, not a test): the night recomputed by the rules core on Pyodide
in headless Chromium, each change one `session` call on the whole night.

    .venv/bin/python scripts/bench_session_page.py [--site site/] [--runs 7] [--hands 200]

Serves the built site (run `make site` first, or pass --site) from 127.0.0.1 as a static host serves
precompressed files (tests/static_host.py), opens each game's session page once the core is loaded, and
measures on the page's own clock (performance.now(), from the tap to the totals drawn and the night
saved in IndexedDB):
- adding a hand: a tap on 荒庄 on a night of 16 hands (the core's answer, the store's write, the page
  drawn anew), `--runs` times;
- recomputing a night of `--hands` hands after an edit of its first hand (its winner changed: every hand
  after it is dealt anew), `--runs` times;
- the nights hold fresh random hands (the 计分器 benchmark's random requests), so the core's memo of the
  hands it has scored (rules.session.Remembered) answers only the hands an edit does not change;
- bytes stored per night: the record as IndexedDB keeps it (its JSON, UTF-8), for 16 and `--hands` hands.
Side by side: the same session call in native CPython (what `caipan session` runs), same nights.
Fresh random nights every run (the seed is printed); medians, with the fastest and slowest.
"""
from __future__ import annotations

import argparse
import random
import statistics
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from rules import registry  # noqa: E402
from scripts.bench_scorer import requests_for  # noqa: E402
from tests.browser.conftest import ARGS, CHROMIUM  # noqa: E402
from tests.static_host import serve  # noqa: E402
from tests.rules.test_session import DIANPAO, FANGPAO, GANGSHANGHUA, MULTI, PLAYERS, ZIMO, ZP_ZIMO  # noqa: E402

WINS = {"nanning": [ZIMO, FANGPAO, {**FANGPAO, "discarder": "对家"}, GANGSHANGHUA, MULTI],
        "zipai": [DIANPAO, {**DIANPAO, "from": "上家"}, ZP_ZIMO]}


# what a hand's score may not say in a night: the night's rules, and who deals (the night fills them in)
NIGHT_FILLS = ("rules", "readings", "dealer")
DEALT = ("天胡", "地胡", "人胡")  # wins that depend on who deals


def random_wins(game: str, n: int, rnd: random.Random) -> list[dict]:
    """`n` random score requests that score (the 计分器 benchmark's), fit for any winner of a night."""
    out: list[dict] = []
    for request in requests_for(game, n * 2, rnd):
        if request.get("win") not in DEALT:
            out.append({k: v for k, v in request.items() if k not in NIGHT_FILLS})
    return out[:n] or WINS[game]


def random_night(game: str, n: int, rnd: random.Random) -> dict:
    """A night of `n` hands: mostly wins (fresh random hands), some 荒庄 and adjustments."""
    names = PLAYERS[game]
    wins = random_wins(game, n, rnd)
    hands: list[dict] = []
    while len(hands) < n:
        roll = rnd.random()
        if roll < 0.75:
            hand = {"winner": rnd.choice(names), "score": wins[len(hands) % len(wins)]}
            try:
                registry.game(game).session({"players": names, "dealer": names[0], "hands": [hand]})
            except Exception:  # a situation this seat cannot have: another hand
                continue
            hands.append(hand)
        elif roll < 0.9:
            hands.append({"draw": True, **({"last": rnd.choice(names)} if game == "nanning" else {})})
        else:
            a, b = rnd.sample(names, 2)
            points = rnd.randint(1, 30)
            hands.append({"adjust": {a: points, b: -points}, "reason": "漏算"})
    return {"players": names, "dealer": rnd.choice(names), "hands": hands}


def stats(ms: list[float]) -> str:
    return f"median {statistics.median(ms):.1f} ms (fastest {min(ms):.1f}, slowest {max(ms):.1f}; {len(ms)} runs)"


SHOW = "night => window.caipanSession.apply(night)"
TAP = """async () => {
  const t0 = performance.now();
  document.querySelector('[data-ss="draw"]').click();
  await window.caipanSession.settled();
  return performance.now() - t0;
}"""
EDIT = """async night => {
  const t0 = performance.now();
  await window.caipanSession.apply(night);
  return performance.now() - t0;
}"""
RECORD = """() => new TextEncoder().encode(JSON.stringify(window.caipanSession.record())).length"""


def native(game: str, night: dict) -> float:
    t0 = time.perf_counter()
    registry.game(game).session(night)
    return (time.perf_counter() - t0) * 1000


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--site", type=Path, default=ROOT / "site")
    parser.add_argument("--runs", type=int, default=7)
    parser.add_argument("--hands", type=int, default=200)
    args = parser.parse_args()
    if not (args.site / "nanning" / "session" / "index.html").is_file():
        print(f"no session page in {args.site}: run `make site` first (or pass --site)", file=sys.stderr)
        return 2
    seed = random.randrange(1 << 30)
    rnd = random.Random(seed)
    server, base = serve(args.site)
    print(f"seed {seed}; site {args.site}; chromium {CHROMIUM}")
    from playwright.sync_api import sync_playwright

    with sync_playwright() as p, tempfile.TemporaryDirectory() as profile:
        context = p.chromium.launch_persistent_context(profile, executable_path=str(CHROMIUM), args=ARGS,
                                                       headless=True, viewport={"width": 390, "height": 844})
        for game in PLAYERS:
            page = context.new_page()
            page.on("pageerror", lambda e: print("page error:", e))
            page.goto(f"{base}{game}/session/")
            page.wait_for_function("() => window.caipanSession", timeout=300_000)
            page.evaluate("() => window.caipanSession.ready")
            # a night to start from: the setup form, then nights put on the page as an import would
            for i, name in enumerate(PLAYERS[game]):
                page.fill(f'[data-setup-player="{i}"]', name)
            page.click('[data-ss="start"]')
            page.evaluate("() => window.caipanSession.settled()")
            adds, edits, add_native, edit_native, sizes = [], [], [], [], {}
            for _ in range(args.runs):
                night = random_night(game, 16, rnd)
                page.evaluate(SHOW, night)
                adds.append(page.evaluate(TAP))
                add_native.append(native(game, page.evaluate("() => window.caipanSession.night()")))
                sizes[16] = page.evaluate(RECORD)
                long = random_night(game, args.hands, rnd)
                long["hands"][0] = {"winner": PLAYERS[game][0], "score": WINS[game][0]}
                long = {**long, "dealer": PLAYERS[game][0]}
                page.evaluate(SHOW, long)
                edited = {**long, "hands": [{**long["hands"][0], "winner": PLAYERS[game][1]}, *long["hands"][1:]]}
                edits.append(page.evaluate(EDIT, edited))
                edit_native.append(native(game, edited))
                sizes[args.hands] = page.evaluate(RECORD)
            print(f"{game}: adding a hand (tap 荒庄, 16 hands): {stats(adds)}; native CPython {stats(add_native)}")
            print(f"{game}: editing the first of {args.hands} hands: {stats(edits)}; native CPython "
                  f"{stats(edit_native)}")
            print(f"{game}: bytes stored per night: " + ", ".join(f"{n} hands {b:,} B" for n, b in sizes.items()))
            page.close()
        context.close()
    server.shutdown()
    return 0


if __name__ == "__main__":
    sys.exit(main())
