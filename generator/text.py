"""Clean text and line classes.

The clean text of a line is its original with inserted spam cut out, look-alike
or corrupted characters folded through the explicit mapping in
data/text/foldings.toml, and surrounding whitespace trimmed. The original is
always kept beside it. Every line gets exactly one class (data/text/classify.toml).
"""
from __future__ import annotations

import re
import tomllib
from dataclasses import dataclass
from functools import cache

from .paths import DATA
from .sources import Document, documents

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


def _toml(name: str) -> dict:
    with (DATA / "text" / name).open("rb") as fh:
        return tomllib.load(fh)


@cache
def spam_patterns() -> tuple[re.Pattern[str], ...]:
    return tuple(re.compile(p["regex"]) for p in _toml("spam.toml")["pattern"])


@cache
def folds() -> tuple[Fold, ...]:
    return tuple(
        Fold(f["from"], f["to"], f["kind"], f.get("note", ""), tuple(f["where"]))
        for f in _toml("foldings.toml")["fold"]
    )


@cache
def class_labels() -> dict[str, str]:
    return dict(_toml("classify.toml")["classes"])


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
