"""The 计分器 pages: the rules core itself, running in the browser on Pyodide (the runtime, the core and
the service worker that keeps them: `runtime.py`).

The interpreter runs in a module Web Worker that the page starts after its first
paint, so the page paints, and stays responsive, while the runtime downloads and boots.
What each game's page offers comes from its generator module's `scorer_data` hook
(`generator.games`); this module names no game.
"""
from __future__ import annotations

import json

from ..games import modules
from .runtime import RUNTIME_DIR, WORKER, Runtime


def scorer_games() -> dict:
    """Game id → its generator module, for every game with a 计分器 page (a `scorer_data` hook)."""
    return {game: m for game, m in modules().items() if hasattr(m, "scorer_data")}


def page_data(game: str, d, link, runtime_info: dict) -> dict:
    """What the scorer page's script needs: the game's own offer (`scorer_data`) and where the runtime is."""
    return {"game": game, **runtime_info, **scorer_games()[game].scorer_data(d, link)}


def write_pages(pages, rt: Runtime) -> list[str]:
    """The scorer pages and their data scripts, through the site's page writer (pages.Pages)."""
    from .render import Links

    written = []
    for game in scorer_games():
        page = f"{game}/scorer.md"
        info = {"core": rt.core_url, "bytes": rt.bytes(), "stdlib": rt.stdlib.name, "lock": rt.lock_info(),
                "snapshot": rt.snapshot_key()}
        data = page_data(game, pages.d, Links(page, pages.targets), info)
        intro = data.pop("intro")
        text = json.dumps(data, ensure_ascii=False, separators=(",", ":")).replace("</", "<\\/")
        out = pages.docs / "data" / f"{game}_scorer.js"
        out.parent.mkdir(parents=True, exist_ok=True)
        out.write_text(f"window.CAIPAN_SCORER={text};\n", encoding="utf-8")
        pages.write(
            page,
            "scorer.md.j2",
            game=game,
            intro=intro,
            core=rt.core_url,
            runtime_dir=RUNTIME_DIR,
            bytes=rt.bytes(),
            megabytes=rt.sent() / 1e6,
            worker=WORKER,
        )
        written.append(page)
    return written
