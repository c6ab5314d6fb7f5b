"""The data edition shown on every page, the recorded editions and what changed between them.

An edition is the first 12 hex digits of a sha256 over
  - the inputs: every file under data/sources/ and every data/**/*.toml
    (presets, readings, structure, foldings, …), by path and content, and
  - the results the site states: every ruling's verdict, every cross-check
    amount and every payout row's total, and
  - the contract: every JSON Schema's version and key paths (`rules.schemas.shapes`).
So the same inputs and the same rules core give the same edition (builds stay
deterministic: no dates, no clocks), and an edition never names two different
sets of answers.

Recorded editions are committed snapshots in data/editions/<edition>.json.
Record the current one, after `python -m generator build`, with

    .venv/bin/python -m generator.site record --note "说明"

The changelog page lists every ruling, check and payout row whose verdict or
amount changed between consecutive recorded editions, and between the last
recorded one and the current build, and beside them every schema change (keys
added or removed, versions bumped).
"""
from __future__ import annotations

import datetime
import hashlib
import json
from pathlib import Path

from rules import schemas

from ..paths import data_dir
from ..recorded import EDITIONS, article_rows, document_lines, recorded
from ..sources import documents, registry
from .data import SiteData
import itertools


def input_digests(folder: Path | None = None) -> dict[str, str]:
    """sha256 of every source document and every .toml under data/, by repository path (data/…)."""
    folder = folder or data_dir()
    files = sorted(p for p in (folder / "sources").iterdir() if p.is_file())
    files += sorted(p for p in folder.rglob("*.toml") if (folder / "editions") not in p.parents)
    return {"data/" + p.relative_to(folder).as_posix(): hashlib.sha256(p.read_bytes()).hexdigest() for p in files}


def _int_or_text(value):
    text = str(value)
    try:
        number = float(text)
    except ValueError:
        return text
    return int(number) if number.is_integer() else number


def results(d: SiteData) -> dict:
    """What the site states that a citation may rest on: verdicts and amounts."""
    rulings = {}
    if d.findings is not None:
        for f in d.findings.itertuples():
            rulings[f.id] = {"game": f.game, "kind": f.kind, "title": f.title,
                             "verdict": f.verdict, "rules_give": f.rules_give}
    checks = {}
    if d.crosscheck is not None:
        for c in d.crosscheck.itertuples():
            checks[c.example_id] = {"verdict": c.verdict, "stated": _int_or_text(c.stated),
                                    "engine": _int_or_text(c.engine), "finding": c.finding_id}
    payouts = {}
    for game, table in d.payouts.items():
        if table is not None:
            payouts[game] = {r["id"]: (r["total"] if r["feasible"] else None) for r in table["rows"]}
    return {"rulings": rulings, "checks": checks, "payouts": payouts}


def current(d: SiteData) -> dict:
    """The snapshot of this build, with its edition."""
    body = {"inputs": input_digests(), **results(d), "schemas": schemas.shapes()}
    canonical = json.dumps(body, ensure_ascii=False, sort_keys=True, separators=(",", ":"))
    # the documents' lines and the articles' row ids follow from the inputs (each document's digest,
    # sources.toml's, the structure files'): recorded for the inputs check (`generator.recorded`),
    # not hashed again
    return {"edition": hashlib.sha256(canonical.encode("utf-8")).hexdigest()[:12], **body,
            "documents": document_lines(documents().values()),
            "rows": article_rows(dict.fromkeys(entry["game"] for entry in registry()))}


def diff(old: dict, new: dict) -> dict:
    """What changed from one snapshot to the next, as lists the changelog renders."""
    inputs = sorted(
        (path, "新增" if path not in old["inputs"] else "删除" if path not in new["inputs"] else "改动")
        for path in set(old["inputs"]) | set(new["inputs"])
        if old["inputs"].get(path) != new["inputs"].get(path)
    )

    checks = []
    for key in sorted(set(old["checks"]) | set(new["checks"])):
        a, b = old["checks"].get(key), new["checks"].get(key)
        if a is None or b is None or (a["verdict"], a["engine"]) != (b["verdict"], b["engine"]):
            checks.append({"id": key, "old": a, "new": b})
    changed_checks: dict[str, list[str]] = {}
    for c in checks:
        for finding in {side["finding"] for side in (c["old"], c["new"]) if side and side["finding"]}:
            changed_checks.setdefault(finding, []).append(c["id"])

    rulings = []
    for key in sorted(set(old["rulings"]) | set(new["rulings"])):
        a, b = old["rulings"].get(key), new["rulings"].get(key)
        what = []
        if a is None:
            what.append("新增")
        elif b is None:
            what.append("删除")
        else:
            if a["verdict"] != b["verdict"]:
                what.append("裁定改变")
            if a["rules_give"] != b["rules_give"] or key in changed_checks:
                what.append("金额改变")
        if what:
            rulings.append({"id": key, "what": what, "old": a, "new": b,
                            "checks": changed_checks.get(key, [])})

    payouts = {}
    for game in sorted(set(old["payouts"]) | set(new["payouts"])):
        a, b = old["payouts"].get(game, {}), new["payouts"].get(game, {})
        payouts[game] = {
            "changed": [(k, a[k], b[k]) for k in sorted(set(a) & set(b)) if a[k] != b[k]],
            "added": sorted(set(b) - set(a)),
            "removed": sorted(set(a) - set(b)),
        }
    return {"inputs": inputs, "rulings": rulings, "checks": checks, "payouts": payouts,
            "schemas": schema_changes(old.get("schemas", {}), new.get("schemas", {}))}


def schema_changes(old: dict, new: dict) -> list[dict]:
    """Each schema added, removed or changed between two snapshots' `schemas`: its versions, the keys
    added and removed, and whether a removal went without a version bump (a break a test refuses)."""
    out = []
    for name in sorted(set(old) | set(new)):
        a, b = old.get(name), new.get(name)
        if a == b:
            continue
        was, now = set(a["keys"]) if a else set(), set(b["keys"]) if b else set()
        out.append({"name": name, "what": "新增" if a is None else "删除" if b is None else "改动",
                    "old_version": a and a["version"], "new_version": b and b["version"],
                    "added": sorted(now - was), "removed": sorted(was - now) if a and b else [],
                    "breaking": bool(schemas.breaking({name: a}, {name: b})) if a else False})
    return out


def changelog(d: SiteData, folder: Path = EDITIONS) -> dict:
    """Every step between recorded editions, newest first, with the current build on top if new."""
    snaps = recorded(folder)
    now = current(d)
    steps = []
    for old, new in itertools.pairwise(snaps):
        steps.append({"old": old, "new": new, "diff": diff(old, new)})
    if snaps and snaps[-1]["edition"] != now["edition"]:
        steps.append({"old": snaps[-1], "new": {**now, "seq": None}, "diff": diff(snaps[-1], now)})
    return {"current": now, "recorded": snaps, "steps": steps[::-1],
            "is_recorded": any(s["edition"] == now["edition"] for s in snaps)}


def record(d: SiteData, note: str, folder: Path = EDITIONS, today: datetime.date | None = None) -> Path:
    """Write the current snapshot as the next recorded edition (no-op if already recorded)."""
    snaps = recorded(folder)
    now = current(d)
    path = folder / f"{now['edition']}.json"
    if any(s["edition"] == now["edition"] for s in snaps):
        return path
    seq = snaps[-1]["seq"] + 1 if snaps else 1
    snap = {"edition": now["edition"], "seq": seq,
            "recorded": (today or datetime.date.today()).isoformat(), "note": note,
            **{k: v for k, v in now.items() if k != "edition"}}
    folder.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps(snap, ensure_ascii=False, indent=1, sort_keys=True) + "\n", encoding="utf-8")
    return path
