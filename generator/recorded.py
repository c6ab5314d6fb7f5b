"""The recorded editions (data/editions/*.json) as the inputs check reads them: what people may cite.

A recorded edition lists every ruling (finding) the site stated and the lines of
every document (how many, and which are the document's own text): the line
numbers every citation rests on. `check_lines` and `check_findings` stop the
build with one line when a document's lines differ from what the last recorded
edition recorded, or a finding it lists is gone from its findings file, and `check_rows` when an
article row id it records is gone (a structure file cut); `blame`
names the file a failure comes from when the file where it shows is as the
edition recorded it. The changelog and the edition itself are
`generator.site.edition`'s.
"""
from __future__ import annotations

import hashlib
import json
from collections.abc import Iterable, Mapping
from pathlib import Path

from .datafile import fail
from .errors import DataError
from .paths import DATA, data_dir
from .sources import FILE as SOURCES, Document
from .structure import article, article_inputs

EDITIONS = DATA / "editions"


def recorded(folder: Path = EDITIONS) -> list[dict]:
    """The committed snapshots, oldest first."""
    if not folder.exists():
        return []
    snaps = [_snapshot(p) for p in sorted(folder.glob("*.json"))]
    return sorted(snaps, key=lambda s: s["seq"])


def _snapshot(path: Path) -> dict:
    """One recorded edition; a damaged file stops the build with one line naming it."""
    try:
        snap = json.loads(path.read_text(encoding="utf-8"))
        if not isinstance(snap, dict) or not isinstance(snap.get("seq"), int) or path.stem != snap.get("edition") \
                or not isinstance(snap.get("inputs"), dict):
            raise ValueError("expected an object with seq, edition (its file name) and inputs")
    except (OSError, UnicodeDecodeError, ValueError) as exc:
        raise DataError(f"data/editions/{path.name}: not a recorded edition ({exc})") from None
    return snap


def document_lines(docs: Iterable[Document]) -> dict[str, dict]:
    """Each document's line count and the lines of its own text (`article_lines`), by id."""
    return {d.id: {"lines": len(d.lines), "article": [d.article_first, d.article_last]} for d in docs}


def last_recorded(folder: Path = EDITIONS) -> dict:
    """The last recorded edition (empty when none is)."""
    snaps = recorded(folder)
    return snaps[-1] if snaps else {}


def check_lines(docs: Iterable[Document], folder: Path = EDITIONS) -> None:
    """Every document's lines are as the last recorded edition recorded them."""
    last = last_recorded(folder)
    for doc_id, now in document_lines(docs).items():
        was = last.get("documents", {}).get(doc_id)
        if was is not None and was != now:
            fail(SOURCES, f"document[{doc_id}]", f"{now['lines']} lines, article_lines {now['article']}, but edition "
                 f"{last['edition']} recorded {was['lines']} lines, article_lines {was['article']}: the line numbers "
                 "cited on the site rest on them")


def check_findings(findings: Mapping[str, Iterable[str]], folder: Path = EDITIONS) -> None:
    """Every finding of the last recorded edition is in its game's findings file (`findings`: game →
    the ids the file holds)."""
    last = last_recorded(folder)
    for ruling_id, ruling in sorted(last.get("rulings", {}).items()):
        if ruling_id not in set(findings.get(ruling["game"], ())):
            fail(f"{ruling['game']}/findings.toml", f"finding[{ruling_id}]", f"is gone, but edition {last['edition']} "
                 "records it: a ruling people cite stays, restore it")


def article_rows(games: Iterable[str]) -> dict[str, list[str]]:
    """Each game's article row ids, in order: the rule ids cited on the site (recorded with an edition)."""
    return {game: [row.id for row in article(game).rows] for game in games}


def check_rows(rows: Mapping[str, Iterable[str]], folder: Path = EDITIONS) -> None:
    """Every article row id of the last recorded edition is still a row (`rows`: game → the ids the
    article now has): a section or block cut from data/structure/<game>.toml, or an anchor moved,
    renames or drops the ids people cite even when every finding still finds its rows."""
    last = last_recorded(folder)
    for game, ids in sorted(last.get("rows", {}).items()):
        have = set(rows.get(game, ()))
        gone = [row for row in ids if row not in have]
        if gone:
            name, *suspects = article_inputs(game)
            fail(*blame(name, suspects, f"{len(gone)} row(s) of the article are gone ({', '.join(gone[:3])}"
                        f"{'…' if len(gone) > 3 else ''}), but edition {last['edition']} records them: the rule ids "
                        "people cite stay (a section or block cut, or an anchor moved)", folder))


def changed(names: Iterable[str], folder: Path = EDITIONS) -> list[str]:
    """Those of the data files `names` (inside data/) whose content differs from the last recorded
    edition's (a file the edition does not know counts as changed)."""
    inputs = last_recorded(folder).get("inputs", {})
    out = []
    for name in names:
        path = data_dir() / name
        digest = hashlib.sha256(path.read_bytes()).hexdigest() if path.is_file() else None
        if inputs and inputs.get(f"data/{name}") != digest:
            out.append(name)
    return out


def blame(name: str, suspects: Iterable[str], problem: str, folder: Path = EDITIONS) -> tuple[str, str, str]:
    """`fail`'s (file, where, problem) for a failure seen in data file `name` that the files `suspects`
    feed: `name` itself, unless it is as the last recorded edition has it and a suspect is not; then
    the first suspect that changed, the problem said of `name`."""
    moved = changed([name, *suspects], folder)
    if not moved or name in moved:
        return name, "", problem
    return moved[0], "", (f"changed since edition {last_recorded(folder)['edition']}, and data/{name}, "
                          f"as that edition recorded it, now fails: {problem}")
