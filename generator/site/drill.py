"""The 练习 (drill) pages: a drill drawn by the rules core in the browser (`rules.drill`, through the same
worker and Pyodide runtime as the 计分器, `scorer.py`), answered by the player and checked by the core.

Every game of the registry with drills (`Game.drills`) has a page ``<id>/drill/``; what the page's script
(site_src/assets/drill.js) reads is its data script, window.CAIPAN_DRILL (drill.schema.json): where the
runtime is, the game's modes and levels in Chinese, the answers it offers (the drills module's ``NAMES``
and ``PAYER_SEATS``), and the faces of its tiles or cards and the address of every cited rule id, taken
from the scorer page's data (`GameSite.scorer_data`). This module names no game.
"""
from __future__ import annotations

import hashlib
import json
from collections.abc import Callable
from functools import cache
from pathlib import Path

from markupsafe import Markup, escape

from rules import registry
from rules.drill import MAX_SEED, Level, Mode, digest, drill, module

from ..games import sites
from ..paths import BUILD
from .runtime import RUNTIME_DIR, WORKER, Runtime
from .scorer import check_config, entry, runtime_info

SCHEMA = Path(__file__).with_name("drill.schema.json")
SCRIPT = "assets/drill.js"
# The modules drill.js imports (each a <link rel="modulepreload">: the service worker keeps them).
MODULES = ("assets/dom.js", "assets/core.js", "assets/store.js", "assets/faces.js")

# What each mode asks and what each level draws, as the page names them (mode patterns takes the game's
# word: 牌型 or 名堂).
MODE_LABELS = {Mode.TOTAL: "总分", Mode.PAYERS: "谁付多少", Mode.WAITS: "听牌", Mode.HUXI: "胡息"}
LEVEL_LABELS = {Level.COMMON: "常见：按实际出现的多少出题", Level.ALL: "全部：每种牌型、胡法轮流出",
                Level.DISPUTED: "争议：争议与勘误里裁定的情形"}


def games() -> list[str]:
    """The games that have drills (and a generator side), in registry order."""
    return [game for game in sites() if registry.game(game).drills]


def page(game: str) -> str:
    return f"{game}/drill.md"


def page_data(game: str, d, link, runtime: dict) -> dict:
    """What the drill page's script needs (drill.schema.json)."""
    drills = module(game)
    offer = sites()[game].scorer_data(game, d, link)
    return {
        "game": game, **entry(game), **runtime, "digest": digest(game), "max_seed": MAX_SEED,
        "modes": [[m.value, MODE_LABELS.get(m, drills.NAMES_WORD)] for m in drills.MODES],
        "levels": [[level.value, LEVEL_LABELS[level]] for level in Level],
        "names_word": drills.NAMES_WORD, "names": list(drills.NAMES), "payer_seats": list(drills.PAYER_SEATS),
        **({"ui": offer["ui"]} if "ui" in offer else {}), "links": offer["links"],
    }


def write_pages(pages, rt: Runtime) -> list[str]:
    """The drill pages and their data scripts, through the site's page writer (pages.Pages)."""
    from .render import Links

    written = []
    for game in games():
        data = page_data(game, pages.d, Links(page(game), pages.targets), runtime_info(rt))
        text = json.dumps(data, ensure_ascii=False, separators=(",", ":"))
        check_config(game, json.loads(text), SCHEMA)  # as the page reads it
        out = pages.docs / "data" / f"{game}_drill.js"
        out.parent.mkdir(parents=True, exist_ok=True)
        out.write_text("window.CAIPAN_DRILL=" + text.replace("</", "<\\/") + ";\n", encoding="utf-8")
        pages.write(page(game), "drill.md.j2", game=game, core=rt.core_url, runtime_dir=RUNTIME_DIR,
                    bytes=rt.bytes(), megabytes=rt.sent() / 1e6, worker=WORKER, modules=MODULES, script=SCRIPT)
        written.append(page(game))
    return written


# ---------------------------------------------------------------- a drill of a cheat sheet's row

SEARCHED = 600  # seeds (0, 1, …) a cheat sheet row's drill is looked for in, at each level
# What the search found, by row, predicate, rule data and the draw's code: drawing hundreds of drills takes
# a while, and the same rule data and draw give the same drills, so a found id stays right while they do.
CACHE = BUILD / "drill_rows.json"


@cache
def _draw_code(game: str) -> str:
    """A hash of the code that draws the game's drills (rules/drill.py and the game's drills module)."""
    import rules.drill

    files = (rules.drill.__file__, module(game).__file__)
    return hashlib.sha256(b"".join(Path(f).read_bytes() for f in files if f)).hexdigest()[:12]


@cache
def _drawn(game: str, mode: Mode, level: Level, seed: int) -> dict:
    return drill(game, mode, level, seed)


@cache
def _found() -> dict[str, str | None]:
    try:
        return json.loads(CACHE.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return {}


def _keep(key: str, drill_id: str | None) -> None:
    found = _found()
    found[key] = drill_id
    CACHE.parent.mkdir(parents=True, exist_ok=True)
    part = CACHE.with_name(CACHE.name + ".part")
    part.write_text(json.dumps(found, ensure_ascii=False, sort_keys=True, indent=0), encoding="utf-8")
    part.replace(CACHE)


def find(game: str, what: str, wanted: Callable[[dict], bool], mode: Mode = Mode.TOTAL,
         levels: tuple[Level, ...] = (Level.ALL, Level.DISPUTED)) -> str | None:
    """The id of the first drill (seed 0, 1, … at each of `levels` in turn) that `wanted` takes: the drill a
    cheat sheet's row (`what`) links to, the same at every build of the same rule data; None when there is
    none in SEARCHED seeds (a situation the drills do not draw)."""
    code = wanted.__code__
    how = hashlib.sha256(code.co_code + repr(code.co_consts).encode()).hexdigest()[:12]
    key = f"{game}|{mode.value}|{'+'.join(levels)}|{what}|{digest(game)}|{_draw_code(game)}|{how}"
    if key in _found():
        return _found()[key]
    drill_id = next((found["id"] for seed in range(SEARCHED) for level in levels
                     if wanted(found := _drawn(game, mode, level, seed))), None)
    _keep(key, drill_id)
    return drill_id


def row_link(link, drill_id: str | None, what: str) -> Markup:
    """A cheat sheet row's link to its drill (`link`: the sheet's Links; `what`: the row, as its heading says);
    nothing for a row without one."""
    if drill_id is None:
        return Markup("")
    game = drill_id.partition("-")[0]
    return Markup(f'<a class="cp-practice" href="{link.to(game + "/drill/", drill_id)}" data-drill-id="{drill_id}" '
                  f'aria-label="{escape("练习：" + what)}">练</a>')
