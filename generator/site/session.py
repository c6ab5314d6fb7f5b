"""The 牌局记账 pages (``<game>/session/``): a night at the table kept on the player's device, every hand
recomputed by the rules core in the browser (the same `session` call as ``caipan session``; the page's
script is site_src/assets/session.js, on the runtime of the 计分器, `runtime.py`).

Every game of the registry with a generator side and sessions has a page. What a night may hold comes
from the core: the players' count from the session request's declaration, the hand kinds the game takes
(each asked of the core on a night of one hand of that kind: 字牌 refuses 诈胡), and the house rules a
night may set (the scorer's offer, `GameSite.scorer_data`). This module names no game.

The QR code of a shared night is drawn by qrcode-generator (MIT, Kazuhiko Arase), pinned here and
copied from its npm package into the site's assets at build time; no request leaves the site.
"""
from __future__ import annotations

import json
import shutil
from functools import cache
from pathlib import Path

from rules import registry
from rules.errors import RuleError
from rules.request import form_of

from ..errors import BuildError
from ..games import has_sessions, sites
from .runtime import RUNTIME_DIR, WORKER, Runtime, npm_package
from .scorer import SCHEMA as SCORER_SCHEMA
from .scorer import entry

SCHEMA = Path(__file__).with_name("session.schema.json")
QRCODE = ("qrcode-generator", "2.0.4")  # npm i -E qrcode-generator@2.0.4 (MIT)
QRCODE_FILE = "dist/qrcode.mjs"
QRCODE_ASSET = "assets/vendor/qrcode.mjs"
STORE_VERSION = 1  # the version of a night as this page stores it (session.js migrates older ones)
# What a night's record borrows from the scorer's offer: the house rules a night may set.
RULE_KEYS = ("presets", "options", "readings")


@cache
def _validator():
    from jsonschema import Draft202012Validator
    from referencing import Registry, Resource

    scorer = json.loads(SCORER_SCHEMA.read_text(encoding="utf-8"))
    known = Registry().with_resource(scorer["$id"], Resource.from_contents(scorer))
    return Draft202012Validator(json.loads(SCHEMA.read_text(encoding="utf-8")), registry=known)


def check_config(game: str, data: dict) -> None:
    """The page config against its schema (session.schema.json), before it is written.

    :raises BuildError: the first thing wrong, with where it is.
    """
    for error in sorted(_validator().iter_errors(data), key=lambda e: list(map(str, e.absolute_path))):
        where = "/".join(map(str, error.absolute_path)) or "(top)"
        raise BuildError(f"{game}'s session page config ({SCHEMA.name}): {where}: {error.message[:200]}")


def _field(form: dict, key: str) -> dict:
    return next(f for f in form["fields"] if f["key"] == key)


def hand_kinds(game: str, players: list[str]) -> list[str]:
    """The kinds of hand a night of this game takes, by its key (``winner``, ``draw``, ``false_win``,
    ``adjust``): each but a win asked of the core on a night of that one hand."""
    form = form_of(registry.game(game).requests["session"])
    shapes = [option["fields"][0]["key"] for option in _field(form, "hands")["item"]["options"]]
    draw_keys = {f["key"] for option in _field(form, "hands")["item"]["options"]
                 if option["fields"][0]["key"] == "draw" for f in option["fields"]}
    probes = {"draw": {"draw": True, **({"last": players[1]} if "last" in draw_keys else {})},
              "false_win": {"false_win": players[1]},
              "adjust": {"adjust": {players[0]: 1, players[1]: -1}, "reason": "probe"}}
    kinds = []
    for kind in shapes:
        if kind in probes:
            try:
                registry.game(game).session({"players": players, "dealer": players[0], "hands": [probes[kind]]})
            except RuleError:
                continue
        kinds.append(kind)
    return kinds


def page_data(game: str, scorer_offer: dict, runtime_info: dict) -> dict:
    """What the page's script needs (window.CAIPAN_SESSION): where the runtime is, the players' count and
    example names, the hand kinds, what a 荒庄 asks (who drew last), the seats of other winners (一炮多响,
    named from the winner in playing order) and whether a score says if the winner deals, and the house
    rules a night may set (the scorer's presets and options, or readings, under the score request's key)."""
    form = form_of(registry.game(game).requests["session"])
    score = form_of(registry.game(game).requests["score"])
    players = _field(form, "players")
    example = list(players["example"])
    by_key = {f["key"]: f for f in score["fields"]}
    hands = {option["fields"][0]["key"]: option for option in _field(form, "hands")["item"]["options"]}
    rules_key = next(f["key"] for f in form["fields"] if f["key"] not in ("players", "dealer", "hands"))
    data = {"game": game, **entry(game), **runtime_info, "title": registry.game(game).title,
            "players": players["least"], "example": example, "kinds": hand_kinds(game, example),
            "draw_last": any(f["key"] == "last" for f in hands["draw"]["fields"]),
            "rules_key": rules_key, "version": STORE_VERSION,
            **{k: scorer_offer[k] for k in RULE_KEYS if k in scorer_offer}}
    if "multi" in by_key:
        data["multi_seats"] = next(f for f in by_key["multi"]["item"]["fields"] if f["key"] == "seat")["choices"]
    if by_key.get("dealer", {}).get("kind") == "flag":
        data["dealer_flag"] = "dealer"
    return data


def vendor_qrcode(docs: Path) -> str:
    """The QR code library copied from its pinned npm package into the docs' assets."""
    source = npm_package(*QRCODE) / QRCODE_FILE
    if not source.is_file():
        raise BuildError(f"{QRCODE[0]}@{QRCODE[1]} lacks {QRCODE_FILE}")
    target = docs / QRCODE_ASSET
    target.parent.mkdir(parents=True, exist_ok=True)
    shutil.copyfile(source, target)
    return QRCODE_ASSET


def write_pages(pages, rt: Runtime) -> list[str]:
    """The session pages and their data scripts, through the site's page writer (pages.Pages)."""
    from .render import Links

    written = []
    games = [game for game in sites() if has_sessions(game)]
    if games:
        vendor_qrcode(pages.docs)
    for game in games:
        page = f"{game}/session.md"
        info = {"core": rt.core_url, "bytes": rt.bytes(), "stdlib": rt.stdlib.name, "lock": rt.lock_info(),
                "snapshot": rt.snapshot_key()}
        offer = sites()[game].scorer_data(game, pages.d, Links(page, pages.targets))
        data = page_data(game, offer, info)
        text = json.dumps(data, ensure_ascii=False, separators=(",", ":"))
        check_config(game, json.loads(text))  # as the page reads it
        out = pages.docs / "data" / f"{game}_session.js"
        out.parent.mkdir(parents=True, exist_ok=True)
        text = text.replace("</", "<\\/")
        out.write_text(f"window.CAIPAN_SESSION={text};\n", encoding="utf-8")
        pages.write(page, "session.md.j2", game=game, core=rt.core_url, runtime_dir=RUNTIME_DIR, bytes=rt.bytes(),
                    megabytes=rt.sent() / 1e6, worker=WORKER, qrcode=QRCODE_ASSET)
        written.append(page)
    return written

