"""Clean text and line classes.

The clean text of a line is its original with inserted spam cut out, look-alike
or corrupted characters folded through the explicit mapping in
data/text/foldings.toml, and surrounding whitespace trimmed. The original is
always kept beside it. Every line gets exactly one class (data/text/classify.toml).
"""
from __future__ import annotations

import re
from dataclasses import dataclass
from functools import cache

from .datafile import Map, Opt, fail, load, unique
from .sources import Document, documents, line_ref

BLANK = re.compile(r"^[\s\u3000\xa0]*$")
TRIM = " \t\u3000\xa0"


@dataclass(frozen=True)
class Fold:
    """One entry of the character mapping (错字对照)."""

    source: str
    target: str
    kind: str
    note: str
    where: tuple[str, ...]


@dataclass(frozen=True)
class Line:
    """One line of a source document, original and clean, with its class."""

    doc: str
    number: int
    original: str
    clean: str
    spam: tuple[str, ...]
    folds: tuple[str, ...]
    cls: str
    why: str


SCHEMAS = {
    "spam.toml": {"pattern": [{"id": str, "regex": str, "example": str}]},
    "foldings.toml": {"fold": [{"from": str, "to": str, "kind": str, "note": Opt(str), "where": [str]}]},
    "classify.toml": {
        "classes": Map(str),
        "override": [{"line": str, "class": str, "why": str}],
        "rule": [{"class": str, "docs": Opt([str]), "regex": str, "why": str}],
    },
}


def _regex(name: str, where: str, text: str) -> re.Pattern[str]:
    try:
        return re.compile(text)
    except re.error as exc:
        fail(name, where, f"not a regular expression ({exc})")


@cache
def _toml(name: str) -> dict:
    return load(f"text/{name}", SCHEMAS[name])


@cache
def spam_patterns() -> tuple[re.Pattern[str], ...]:
    name, entries = "text/spam.toml", _toml("spam.toml")["pattern"]
    unique(name, "pattern.id", [p["id"] for p in entries])
    out = []
    for p in entries:
        pattern = _regex(name, f"pattern[{p['id']}].regex", p["regex"])
        if not pattern.search(p["example"]):
            fail(name, f"pattern[{p['id']}]", f"regex does not match its own example {p['example']!r}")
        out.append(pattern)
    return tuple(out)


@cache
def folds() -> tuple[Fold, ...]:
    name = "text/foldings.toml"
    out = []
    for f in _toml("foldings.toml")["fold"]:
        if not f["from"] or f["from"] == f["to"]:
            fail(name, f"fold[{f['from']}→{f['to']}]", "`from` must be a non-empty text other than `to`")
        out.append(Fold(f["from"], f["to"], f["kind"], f.get("note", ""), tuple(f["where"])))
    unique(name, "fold.from", [f.source for f in out])
    return tuple(out)


@cache
def class_labels() -> dict[str, str]:
    return dict(_toml("classify.toml")["classes"])


def check_text_data() -> None:
    """What the text files say about the documents holds: every fold occurs exactly
    where it is listed (so a fold cannot silently change other words), every
    override and rule names a known line, document and class."""
    spam_patterns()
    name = "text/foldings.toml"
    found = fold_occurrences()
    for f in folds():
        where = f"fold[{f.source}→{f.target}].where"
        for ref in f.where:
            line_ref(name, where, ref)
        if sorted(f.where) != sorted(found[f.source]):
            extra = sorted(set(f.where) - set(found[f.source]))
            missing = sorted(set(found[f.source]) - set(f.where))
            problem = (f"listed at {extra[0]}, where {f.source!r} does not occur" if extra else
                       f"{f.source!r} also occurs at {missing[0]}, which is not listed" if missing else
                       f"lists {len(f.where)} occurrences but there are {len(found[f.source])}")
            fail(name, where, problem)
    _check_folded(name)
    name = "text/classify.toml"
    config = _toml("classify.toml")
    labels = class_labels()
    docs = documents()
    for index, o in enumerate(config["override"], start=1):
        line_ref(name, f"override[{index}].line", o["line"])
        if o["class"] not in labels:
            fail(name, f"override[{index}].class", f"unknown class {o['class']!r} (classes: {', '.join(labels)})")
    for index, r in enumerate(config["rule"], start=1):
        if r["class"] not in labels:
            fail(name, f"rule[{index}].class", f"unknown class {r['class']!r} (classes: {', '.join(labels)})")
        for doc in r.get("docs", ()):
            if doc not in docs:
                fail(name, f"rule[{index}].docs", f"unknown document {doc!r}")
        _regex(name, f"rule[{index}].regex", r["regex"])


def strip_spam(text: str) -> tuple[str, tuple[str, ...]]:
    found: list[str] = []
    for pattern in spam_patterns():
        found += pattern.findall(text)
        text = pattern.sub("", text)
    return text, tuple(found)


def fold(text: str) -> tuple[str, tuple[str, ...]]:
    applied: list[str] = []
    for f in folds():
        if f.source in text:
            applied += [f"{f.source}→{f.target}"] * text.count(f.source)
            text = text.replace(f.source, f.target)
    return text, tuple(applied)


@cache
def _classify_rules() -> dict:
    return _toml("classify.toml")


def _classify(doc: Document, number: int, original: str, clean: str) -> tuple[str, str]:
    config = _classify_rules()  # read once, not once a line
    if BLANK.match(original):
        return "blank", "空行"
    if not doc.in_article(number):
        return "unrelated", f"在文章正文（第{doc.article_first}–{doc.article_last}行）之外"
    if not clean:
        return "spam", "整行都是插入的广告"
    for override in config["override"]:
        if override["line"] == f"{doc.id}:{number}":
            return override["class"], override["why"]
    for rule in config["rule"]:
        if "docs" in rule and doc.id not in rule["docs"]:
            continue
        if re.search(rule["regex"], clean):
            return rule["class"], rule["why"]
    return "", ""  # unreachable while the last rule matches everything; a test guards it


def document_lines(doc: Document) -> list[Line]:
    out = []
    for number, original in enumerate(doc.lines, start=1):
        if doc.in_article(number):
            text, spam = strip_spam(original)
            text, applied = fold(text)
        else:
            text, spam, applied = original, (), ()
        clean = text.strip(TRIM)
        cls, why = _classify(doc, number, original, clean)
        out.append(Line(doc.id, number, original, clean, spam, applied, cls, why))
    return out


@cache
def all_lines() -> dict[str, list[Line]]:
    return {doc_id: document_lines(doc) for doc_id, doc in documents().items()}


def _check_folded(name: str) -> None:
    """Every character of the documents' own text is, once folded, a character of GB2312 (the
    documents are simplified Chinese): a look-alike, traditional or radical character left means
    a fold is missing, as when the end of foldings.toml is lost."""
    for doc in documents().values():
        for number, original in enumerate(doc.lines, start=1):
            if doc.in_article(number):
                left = next((ch for ch in fold(strip_spam(original)[0])[0] if not _common(ch)), None)
                if left is not None:
                    fail(name, "fold", f"{doc.id}:{number} still has {left!r} (U+{ord(left):04X}) once folded: a "
                                       "character outside GB2312 (形近错字, 繁体字, 康熙部首…) needs a fold")


def _common(ch: str) -> bool:
    if ch.isspace():
        return True
    try:
        ch.encode("gb2312")
    except UnicodeEncodeError:
        return False
    return True


def fold_occurrences() -> dict[str, list[str]]:
    """Where each fold applies, recomputed from the sources (compare with `Fold.where`)."""
    found: dict[str, list[str]] = {f.source: [] for f in folds()}
    for doc in documents().values():
        for number, original in enumerate(doc.lines, start=1):
            if not doc.in_article(number):
                continue
            text, _ = strip_spam(original)
            for f in folds():
                found[f.source] += [f"{doc.id}:{number}"] * text.count(f.source)
                text = text.replace(f.source, f.target)
    return found
