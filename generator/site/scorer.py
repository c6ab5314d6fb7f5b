"""The 计分器 pages: the rules core itself, running in the browser on Pyodide (what they load, the runtime,
the core and the service worker that keeps them, is vendored by `runtime.py`; this module writes only
the pages and their data scripts).

The interpreter runs in a module Web Worker that the page starts after its first paint, so the page
paints, and stays responsive, while the runtime downloads and boots. Every game of the registry with a
generator side has a page; what it offers comes from its `GameSite.scorer_data` (by default the form
of its score request's declaration, `rules.request.form_of`). This module names no game.
"""
from __future__ import annotations

import json
from functools import cache
from pathlib import Path

from rules import registry
from rules.request import form_of

from ..errors import BuildError
from ..games import has_sessions, sites
from .runtime import RUNTIME_DIR, WORKER, Runtime

# The one contract between the build and the page's script: window.CAIPAN_SCORER.
SCHEMA = Path(__file__).with_name("scorer.schema.json")


@cache
def _validator(schema: Path):
    from jsonschema import Draft202012Validator
    from referencing import Registry, Resource

    # every page schema of this folder is known to the others by its $id (the drill page's refers to the
    # scorer's `ui`)
    found = [json.loads(p.read_text(encoding="utf-8")) for p in sorted(SCHEMA.parent.glob("*.schema.json"))]
    registry = Registry().with_resources((s["$id"], Resource.from_contents(s)) for s in found)
    return Draft202012Validator(json.loads(schema.read_text(encoding="utf-8")), registry=registry)


def check_config(game: str, data: dict, schema: Path = SCHEMA) -> None:
    """A page config against its schema (by default the scorer's, scorer.schema.json), before it is written.

    :raises BuildError: the first thing wrong, with where it is.
    """
    for error in sorted(_validator(schema).iter_errors(data), key=lambda e: list(map(str, e.absolute_path))):
        where = "/".join(map(str, error.absolute_path)) or "(top)"
        raise BuildError(f"{game}'s page config ({schema.name}): {where}: {error.message[:200]}")


def paths_of(form: dict, where: str = "") -> list[str]:
    """Every field path of a form (`rules.request.form_of`): a nested object's fields as ``a.b``, a list's
    entries' fields under the list's own path.

    Examples:
        >>> gang = {"kind": "object", "fields": [{"key": "by", "kind": "enum"}]}
        >>> paths_of({"fields": [{"key": "hand", "kind": "tiles"}, {"key": "gang", "kind": "list", "item": gang}]})
        ['hand', 'gang', 'gang.by']
    """
    out = []
    for f in form["fields"]:
        path, shape = where + f["key"], f
        out.append(path)
        while shape["kind"] == "list":
            shape = shape["item"]
        if shape["kind"] == "object":
            out.extend(paths_of(shape, path + "."))
    return out


def check_fields(game: str, data: dict) -> None:
    """The page's words and choices (``ui.fields``) are keyed by the paths of the score request's fields: one
    that names no declared field (renamed, a typo) fails the build rather than vanish from the page.

    A player's page labels every field it shows in Chinese: the hand and the groups have the page's own words,
    every other field needs a label in ui.fields, or a place elsewhere on the site.

    A field marked ``sheet`` (its value carried into the cheat sheet's cells) is a top-level field the form shows.

    :raises BuildError: the first path the form does not have, a field marked ``sheet`` the sheet cannot copy,
        or the first field with no label.
    """
    declared = set(paths_of(data["form"]))
    words = data.get("ui", {}).get("fields", {})
    for path, page in words.items():
        if path not in declared:
            raise BuildError(f"{game}'s page config: ui.fields has {path!r}, not a field of its score request")
        # the sheet copies a field's value as the form holds it: a field of its own, shown on the form
        if page.get("sheet") and ("." in path or "place" in page):
            raise BuildError(f"{game}'s page config: ui.fields marks {path!r} for the sheet, which copies only a "
                             "top-level field the form shows")
    if "ui" not in data:
        return  # a game without a page config is drawn from its declaration alone (the tests' toy game)
    for f in data["form"]["fields"]:
        drawn_by_page = f["kind"] == "tiles" or (f["kind"] == "list" and f["item"]["kind"] == "object")
        if not drawn_by_page and not {"label", "place"} & set(words.get(f["key"], {})):
            raise BuildError(f"{game}'s page config: ui.fields gives {f['key']!r} no label (players read Chinese "
                             "words, not the declaration's description)")


def entry(game: str) -> dict:
    """Where the page's worker finds a game the core's registry does not list (as the tests' toy game,
    added by `registry.register`): its ``module:Class``; nothing for the games of `registry.GAMES`."""
    if registry.GAMES.get(game):
        return {}
    g = registry.game(game)
    return {"entry": f"{type(g).__module__}:{type(g).__qualname__}"}


def page_data(game: str, d, link, runtime_info: dict) -> dict:
    """What the scorer page's script needs: the form of the game's score request (`rules.request.form_of`:
    the page draws a game without tiles from it, and shows of a pasted request only what fits it), the
    game's own offer (`GameSite.scorer_data`) and where the runtime is."""
    form = form_of(registry.game(game).requests["score"])
    return {"game": game, **entry(game), **runtime_info, "form": form, **sites()[game].scorer_data(game, d, link)}


def runtime_info(rt: Runtime) -> dict:
    """Where a page that runs the core finds the runtime (the part of its config `startCore` reads)."""
    return {"core": rt.core_url, "bytes": rt.bytes(), "stdlib": rt.stdlib.name, "lock": rt.lock_info(),
            "snapshot": rt.snapshot_key()}


def write_pages(pages, rt: Runtime) -> list[str]:
    """The scorer pages and their data scripts, through the site's page writer (pages.Pages)."""
    from .render import Links

    written = []
    for game in sites():
        page = f"{game}/scorer.md"
        data = page_data(game, pages.d, Links(page, pages.targets), runtime_info(rt))
        intro = data.pop("intro")
        text = json.dumps(data, ensure_ascii=False, separators=(",", ":"))
        check_config(game, json.loads(text))  # as the page reads it
        check_fields(game, data)
        text = text.replace("</", "<\\/")
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
            practice=bool(registry.game(game).drills),
            session=has_sessions(game),
        )
        written.append(page)
    return written
