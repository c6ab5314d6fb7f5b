"""The three source documents: registry, integrity check and loading.

Each document is kept byte-identical to the original; loading checks its sha256
and fails with one line naming the file when it is missing, altered or not UTF-8.
"""
from __future__ import annotations

import hashlib
import tomllib
from dataclasses import dataclass
from functools import cache
from pathlib import Path

from .errors import SourceError
from .paths import DATA, SOURCES


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


def registry(path: Path = DATA / "sources.toml") -> list[dict]:
    with path.open("rb") as fh:
        return tomllib.load(fh)["document"]


def load_document(entry: dict, folder: Path = SOURCES) -> Document:
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
    return Document(
        id=entry["id"],
        file=entry["file"],
        sha256=digest,
        game=entry["game"],
        title=entry["title"],
        role=entry["role"],
        article_first=first,
        article_last=last,
        lines=tuple(text.split("\n")),
    )


def documents() -> dict[str, Document]:
    """All registered documents by id, verified."""
    return _documents(SOURCES)


@cache
def _documents(folder: Path) -> dict[str, Document]:
    return {entry["id"]: load_document(entry, folder) for entry in registry()}
