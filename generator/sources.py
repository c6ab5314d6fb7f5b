"""The three source documents: registry, integrity check and loading.

Each document is kept byte-identical to the original; loading checks its sha256
and fails with one line naming the file when it is missing, altered or not UTF-8.
"""
from __future__ import annotations

import hashlib
import re
from dataclasses import dataclass
from functools import cache
from pathlib import Path

from .datafile import fail, load, unique
from .errors import SourceError
from .paths import data_dir

FILE = "sources.toml"
SCHEMA = {"document": [{"id": str, "file": str, "sha256": str, "game": str, "title": str, "role": str,
                        "article_lines": [int]}]}
LINE_REF = re.compile(r"(\d{3}):(\d+)")


@dataclass(frozen=True)
class Document:
    """One source document (原文) as registered in data/sources.toml."""

    id: str
    file: str
    sha256: str
    game: str
    title: str
    role: str
    article_first: int
    article_last: int
    lines: tuple[str, ...]

    def in_article(self, number: int) -> bool:
        """Whether a 1-based line number belongs to the document's own text."""
        return self.article_first <= number <= self.article_last


@cache
def registry() -> list[dict]:
    """data/sources.toml, checked: ids unique, sha256 digests, `article_lines` a pair."""
    entries = load(FILE, SCHEMA)["document"]
    unique(FILE, "document.id", [e["id"] for e in entries])
    for e in entries:
        if not re.fullmatch(r"[0-9a-f]{64}", e["sha256"]):
            fail(FILE, f"document[{e['id']}].sha256", f"not a sha256 digest: {e['sha256']!r}")
        if len(e["article_lines"]) != 2:
            fail(FILE, f"document[{e['id']}].article_lines", f"expected [first, last], got {e['article_lines']}")
    return entries


def load_document(entry: dict, folder: Path | None = None) -> Document:
    folder = folder or data_dir() / "sources"
    path = folder / entry["file"]
    try:
        raw = path.read_bytes()
    except FileNotFoundError:
        raise SourceError(f"source {entry['file']} is missing from {folder}") from None
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise SourceError(f"source {entry['file']} is not UTF-8 (byte {exc.start})") from None
    digest = hashlib.sha256(raw).hexdigest()
    if digest != entry["sha256"]:
        raise SourceError(
            f"source {entry['file']} was altered: sha256 {digest[:12]}… is not the registered {entry['sha256'][:12]}…"
        )
    first, last = entry["article_lines"]
    lines = tuple(text.split("\n"))
    if not 1 <= first <= last <= len(lines):
        fail(FILE, f"document[{entry['id']}].article_lines",
             f"{[first, last]} is not a range of lines 1–{len(lines)} of {entry['file']}")
    return Document(
        id=entry["id"],
        file=entry["file"],
        sha256=digest,
        game=entry["game"],
        title=entry["title"],
        role=entry["role"],
        article_first=first,
        article_last=last,
        lines=lines,
    )


def documents() -> dict[str, Document]:
    """All registered documents by id, verified."""
    return _documents(data_dir() / "sources")


@cache
def _documents(folder: Path) -> dict[str, Document]:
    return {entry["id"]: load_document(entry, folder) for entry in registry()}


def line_ref(name: str, where: str, ref: str, article_only: bool = True) -> tuple[str, int]:
    """A "doc:line" reference in data file `name`, checked against the documents."""
    m = LINE_REF.fullmatch(ref)
    docs = documents()
    if not m or m.group(1) not in docs:
        fail(name, where, f"{ref!r} is not a line of a registered document (doc:line, doc one of {', '.join(docs)})")
    doc, number = docs[m.group(1)], int(m.group(2))
    last = doc.article_last if article_only else len(doc.lines)
    if not 1 <= number <= last:
        fail(name, where, f"line {ref} is outside document {doc.id} (lines 1–{last})")
    return doc.id, number
