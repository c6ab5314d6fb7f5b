"""The shared shape of cross-check rows and findings, one loader and one gate for every game.

Each game's checker returns `CheckRow`s (one per extracted example); its
findings (one per inconsistency, gap, ambiguity or recorded dispute) are written
by hand in data/<game>/findings.toml, in one schema for every game (SCHEMA
below, documented at the top of each file), and read by `load_findings`. The
build writes them all to build/generated/crosscheck.csv and findings.csv, which
the rulings page (争议与勘误) is built from, after `check_consistency` (the gate)
has passed. Finding ids are derived from what the finding is about (an example
or rule id plus a kind), never from a counter, so that links to a ruling do not move.
"""
from __future__ import annotations

import re
from collections import Counter
from collections.abc import Callable, Iterable, Mapping
from dataclasses import asdict, dataclass
from functools import cache
from pathlib import Path

import pandas as pd

from .datafile import Map, Opt, fail, load, unique
from .outputs import write_csv
from .recorded import blame
from .structure import Row, article, article_inputs
from .text import all_lines, fold

# Verdicts of the cross-check, with their Chinese labels.
VERDICTS = {
    "matches": "相符",
    "arithmetic_wrong": "原文算术错误",
    "contradicts_rules": "与原文自身规则矛盾",
    "copies_disagree": "两份抄本不一致",
    "infeasible": "所述情形不可能出现",
    "uncheckable": "无法核对",
}

# Kinds of findings, with their Chinese labels.
KINDS = {
    "arithmetic": "算术错误",
    "contradiction": "自相矛盾",
    "copies": "抄本差异",
    "infeasible": "不可能的情形",
    "gap": "原文缺漏",
    "ambiguity": "歧义",
    "dispute": "原文记下的争议",
    "typo": "笔误",
}


@dataclass(frozen=True)
class CheckRow:
    """The verdict on one extracted example (data/examples/examples.csv)."""

    example_id: str
    game: str
    doc: str
    line: int
    row_id: str
    quote: str
    situation: str
    stated: int
    engine: str  # the rules core's value ("" when it cannot be checked)
    verdict: str  # a key of VERDICTS
    reason: str
    formula: str = ""
    rule_ids: str = ""  # space-separated rule ids the engine used
    readings: str = ""  # readings (or presets) under which the stated value is reproduced
    finding_id: str = ""

    def __post_init__(self) -> None:
        if self.verdict not in VERDICTS:
            raise ValueError(f"unknown verdict {self.verdict!r} for {self.example_id}")


@dataclass(frozen=True)
class Finding:
    """One entry of the rulings page (争议与勘误)."""

    id: str
    game: str
    kind: str  # a key of KINDS
    title: str
    lines: str  # document lines, e.g. "001:127; 000:113"
    quote: str  # the source text, quoted exactly (original characters)
    what_is_wrong: str
    rules_give: str
    alternatives: str  # each reading and what it gives
    verdict: str  # the ruling and its reasoning
    example_ids: str = ""
    rule_ids: str = ""
    option: str = ""  # the preset option or reading that carries the alternative, if any

    def __post_init__(self) -> None:
        if self.kind not in KINDS:
            raise ValueError(f"unknown finding kind {self.kind!r} for {self.id}")


def frame(rows: list, columns: type) -> pd.DataFrame:
    """Rows of one of the dataclasses above as a DataFrame with its columns in order."""
    names = list(columns.__dataclass_fields__)
    return pd.DataFrame.from_records([asdict(r) for r in rows], columns=names)


# ---- the findings files: one schema, one loader ------------------------------------

# data/<game>/findings.toml: [[finding]] tables with these keys (see the top of each file).
SCHEMA = {"finding": [{
    "id": str,
    "kind": str,
    "title": str,
    "quote": [{"row": str, "text": Opt(str)}],
    "covers": Opt([str]),
    "option": Opt(str),
    "prices": Opt(Map(str)),
    "what_is_wrong": str,
    "rules_give": Opt(str),
    "alternatives": Opt(str),
    "verdict": str,
}]}
TEXTS = ("title", "what_is_wrong", "rules_give", "alternatives", "verdict")

NUMBER = re.compile(r"\d+")

# The kinds of finding that can explain each verdict other than "matches".
EXPLAINS = {
    "arithmetic_wrong": {"arithmetic", "typo"},
    "contradicts_rules": {"contradiction"},
    "copies_disagree": {"copies"},
    "infeasible": {"infeasible"},
    "uncheckable": set(KINDS),
}


def findings_file(game: str) -> str:
    return f"{game}/findings.toml"


@dataclass(frozen=True)
class Hooks:
    """What a game lends the shared findings loader.

    `cite`: how a row's source lines are written in `Finding.lines`; `price`: a
    situation code → a value (with `.formula`) inserted in the texts as {name};
    `option`: an option or reading id → (alternatives text, rule ids) it adds.
    """

    game: str
    cite: Callable[[Row], list[str]]
    price: Callable[[str], object] | None = None
    option: Callable[[str], tuple[str, list[str]]] | None = None


@cache
def load_findings(game: str) -> tuple[dict, ...]:
    """data/<game>/findings.toml, checked: schema, known kinds, unique ids, quoted rows and words
    that exist, each example or row covered by at most one finding."""
    name = findings_file(game)
    entries = load(name, SCHEMA)["finding"]
    unique(name, "finding.id", [f["id"] for f in entries])
    rows = article(game).by_id()
    covered: dict[str, str] = {}
    for f in entries:
        at = f"finding[{f['id']}]"
        if f["kind"] not in KINDS:
            fail(name, f"{at}.kind", f"unknown kind {f['kind']!r} (kinds: {', '.join(KINDS)})")
        if not f["quote"]:
            fail(name, f"{at}.quote", "quotes nothing")
        for q in f["quote"]:
            if q["row"] not in rows:
                fail(*blame(name, article_inputs(game), f"{at}.quote: no row {q['row']!r} in the {game} article"))
            if "text" in q:
                quote_text(game, q, name, at)
        for item in f.get("covers", ()):
            if item in covered:
                fail(name, f"{at}.covers", f"{item} is already covered by finding {covered[item]}")
            covered[item] = f["id"]
    return tuple(entries)


def covering(game: str) -> dict[str, dict]:
    """Example id or row id → the finding that covers it in the cross-check."""
    return {item: f for f in load_findings(game) for item in f.get("covers", ())}


def finding_for(game: str, example_id: str, row_id: str) -> dict | None:
    linked = covering(game)
    return linked.get(example_id) or linked.get(row_id)


def quote_text(game: str, q: Mapping, name: str = "", at: str = "") -> str:
    """The original characters of one quote: the given words, or the row's whole lines in every copy."""
    rows = article(game).by_id()
    if q["row"] not in rows:
        fail(name or findings_file(game), f"{at}.quote" if at else "", f"no row {q['row']!r} in the {game} article")
    row = rows[q["row"]]
    lines = all_lines()
    refs = [(doc, n) for doc, numbers in row.sources.items() for n in numbers]
    if "text" not in q:
        return "｜".join(lines[doc][n - 1].original.strip(" \u3000") for doc, n in refs)
    for doc, n in refs:
        line = lines[doc][n - 1]
        start = line.clean.find(q["text"])
        if start >= 0:
            raw = line.original.strip(" \t\u3000\xa0")[start : start + len(q["text"])]
            if fold(raw)[0] == q["text"]:
                return raw
            fail(name or findings_file(game), f"{at}.quote" if at else "",
                 f"the words {q['text']!r} of {doc}:{n} cannot be mapped to the original")
    fail(name or findings_file(game), f"{at}.quote" if at else "", f"{q['text']!r} is not in row {q['row']}")


def _fill(text: str, prices: dict, name: str, at: str) -> str:
    try:
        return text.format(**prices)
    except (KeyError, IndexError, ValueError, AttributeError) as exc:
        fail(name, at, f"cannot fill {{…}} in the text ({type(exc).__name__}: {exc}); names given in prices: "
                       f"{', '.join(prices) or 'none'}")


def _price(hooks: Hooks, code: str, name: str, at: str) -> object:
    try:
        return hooks.price(code)
    except (KeyError, ValueError, IndexError) as exc:  # RuleError is a ValueError
        fail(name, at, f"cannot price {code!r} ({type(exc).__name__}: {exc})")


def _option(hooks: Hooks, option: str, name: str, at: str) -> tuple[str, list[str]]:
    try:
        return hooks.option(option)
    except (LookupError, ValueError, StopIteration) as exc:
        fail(name, at, f"unknown option {option!r} ({type(exc).__name__}: {exc})")


def build_findings(hooks: Hooks, rows: Iterable[CheckRow]) -> list[Finding]:
    """Every finding of a game, its texts filled, its lines, quotes and covered examples resolved."""
    game, name = hooks.game, findings_file(hooks.game)
    art = article(game).by_id()
    out = []
    for f in load_findings(game):
        at = f"finding[{f['id']}]"
        if f.get("prices") and hooks.price is None:
            fail(name, f"{at}.prices", f"{game} has no priced situations")
        prices = {key: _price(hooks, code, name, f"{at}.prices.{key}") for key, code in f.get("prices", {}).items()}
        texts = {key: _fill(f.get(key, ""), prices, name, f"{at}.{key}") for key in TEXTS}
        quoted = [q["row"] for q in f["quote"]]
        rule_ids = list(dict.fromkeys(quoted))
        if f.get("option") and hooks.option is not None:
            extra, option_rules = _option(hooks, f["option"], name, f"{at}.option")
            if extra:
                texts["alternatives"] = extra + (f"｜{texts['alternatives']}" if texts["alternatives"] else "")
            rule_ids = list(dict.fromkeys(rule_ids + option_rules))
        out.append(Finding(
            id=f["id"], game=game, kind=f["kind"], title=texts["title"],
            lines="; ".join(dict.fromkeys(ref for row in quoted for ref in hooks.cite(art[row]))),
            quote="｜".join(quote_text(game, q) for q in f["quote"]),
            what_is_wrong=texts["what_is_wrong"], rules_give=texts["rules_give"],
            alternatives=texts["alternatives"], verdict=texts["verdict"],
            example_ids=" ".join(r.example_id for r in rows if r.finding_id == f["id"]),
            rule_ids=" ".join(rule_ids), option=f.get("option", ""),
        ))
    return out


# ---- the gate ---------------------------------------------------------------------

@dataclass(frozen=True)
class Constant:
    """A number in a rule data file, with the rule lines it rests on (to name it when it breaks a check)."""

    file: str  # inside data/, e.g. "nanning/presets.toml"
    key: str  # e.g. "constants.zimo_unit"
    value: object
    rules: tuple[str, ...]
    quote: str = ""


def _blame(row: CheckRow, constants: Iterable[Constant]) -> Constant | None:
    """The constant a failing row checks directly: it rests on the row's line, its own quote states
    the document's amount, and its value is what the engine gave instead; else the one constant
    that rests on the row's line, unless it is the amount the row states (a rounding unit read off
    the worked example it fails is to blame; a 20 that a row stating 20 rests on is not)."""
    if row.engine == str(row.stated):
        return None
    resting = [c for c in constants if row.row_id in c.rules]
    for c in resting:
        if str(c.value) == row.engine and str(row.stated) in NUMBER.findall(c.quote):
            return c
    return resting[0] if len(resting) == 1 and str(resting[0].value) != str(row.stated) else None


def problems(rows: Iterable[CheckRow], found: Iterable[Finding]) -> list[tuple[CheckRow | None, str]]:
    """What the gate refuses, each with the row it is about."""
    rows = list(rows)
    kinds = {f.id: f.kind for f in found}
    out: list[tuple[CheckRow | None, str]] = []
    for r in rows:
        if r.verdict == "matches" and r.engine != str(r.stated):
            out.append((r, f"{r.example_id} is marked matches but the rules give {r.engine}, the document {r.stated}"))
        elif r.verdict != "matches" and not r.finding_id:
            out.append((r, f"{r.example_id} ({r.doc}:{r.line}) states {r.stated}, the rules give "
                           f"{r.engine or '—'} ({r.verdict}) and no finding covers it"))
        elif r.finding_id and r.finding_id not in kinds:
            out.append((r, f"{r.example_id} names finding {r.finding_id}, which does not exist"))
        elif r.verdict != "matches" and kinds[r.finding_id] not in EXPLAINS[r.verdict]:
            out.append((r, f"{r.example_id} states {r.stated}, the rules give {r.engine or '—'} ({r.verdict}); "
                           f"its finding {r.finding_id} is a {kinds[r.finding_id]}, which cannot explain that"))
    return out


def publish(game: str, rows: Iterable[CheckRow], found: Iterable[Finding], constants: Iterable[Constant],
            generated: Path) -> str:
    """A game's cross-check step: the gate, then <game>_crosscheck.csv and <game>_findings.csv; its summary."""
    rows, found = list(rows), list(found)
    check_consistency(game, rows, found, constants)
    write_csv(frame(rows, CheckRow), generated / f"{game}_crosscheck.csv")
    write_csv(frame(found, Finding), generated / f"{game}_findings.csv")
    verdicts = Counter(r.verdict for r in rows)
    return (f"{len(rows)} 条算例：" + "，".join(f"{k} {v}" for k, v in sorted(verdicts.items()))
            + f"；{len(found)} 条勘误与争议")


def check_consistency(game: str, rows: Iterable[CheckRow], found: Iterable[Finding],
                      constants: Iterable[Constant] = ()) -> None:
    """The gate: stop the build (one line) if a verdict other than "matches" has no finding that can
    explain it, a "matches" does not match, or a finding covers an unknown example or row.

    The line names the data file to look at: the rule data file and key of a constant
    the first failing row checks directly, else the game's findings file."""
    rows, found, constants = list(rows), list(found), list(constants)
    known = article(game).by_id()
    for c in constants:
        for rule in c.rules:
            if not rule.startswith("ext-") and rule not in known:
                fail(c.file, f"{c.key}.rule", f"{rule!r} is not a row of the {game} article")
    bad = problems(rows, found)
    if not bad:
        ids = {r.example_id for r in rows} | set(article(game).by_id())
        for f in load_findings(game):
            for item in f.get("covers", ()):
                if item not in ids:
                    fail(findings_file(game), f"finding[{f['id']}].covers",
                         f"{item} is neither an example of the {game} cross-check nor a row of its article")
        return
    more = f" (and {len(bad) - 1} more)" if len(bad) > 1 else ""
    for row, _ in bad:
        culprit = _blame(row, constants) if row is not None else None
        if culprit is not None:
            fail(culprit.file, culprit.key,
                 f"is {culprit.value}, but {row.doc}:{row.line} states {row.stated} ({row.example_id}); "
                 f"the cross-check fails{more}")
    # the rule data priced the rows: when the findings are as recorded and a rule data file is not, name it
    fail(*blame(findings_file(game), dict.fromkeys(c.file for c in constants), f"cross-check: {bad[0][1]}{more}"))
