"""After `mkdocs build`: the search index learns the aliases and every citable id, and big files get
a gzip copy beside them.

- Aliases (aliases.toml, the file the payout filter reads): a section that uses one word of a set
  (杠上花) also answers to the others (杠上开花, 杠开), so a reader's word finds the document's.
- Ids: each article line becomes a search entry of its own, titled with its id (nn-7-ag1-r1) and
  holding the line's text, so typing an id finds that line, and its excerpt is the rule itself.
- Precompressed files (name.gz, byte-identical from build to build) let a static server send the
  payout data and the stylesheets every page waits for (its first paint) at a fraction of their size
  without compressing on every request.
"""
from __future__ import annotations

import gzip
import hashlib
import io
import json
from pathlib import Path

ZWSP = "\u200b"  # how the search plugin separates the words of Chinese text
COMPRESS = {".html", ".json", ".js", ".css", ".csv", ".svg", ".xml"}
SMALLEST = 1_000  # bytes: below this a gzip copy saves a few hundred bytes at most


def synonym_sets(aliases: dict) -> list[set[str]]:
    """{game: {field: {value: [words]}}} -> sets of words that mean the same thing (numbers aside)."""
    out = []
    for fields in aliases.values():
        for values in fields.values():
            for value, words in values.items():
                group = {w for w in [value, *words] if not w.isdigit()}
                if len(group) > 1:
                    out.append(group)
    return out


def extend_index(site: Path, aliases: dict, rows: list[tuple[str, str, str]]) -> int:
    """Add aliases to the sections that use their words, and one entry per (location, id, text) row."""
    path = site / "search" / "search_index.json"
    index = json.loads(path.read_text(encoding="utf-8"))
    groups = synonym_sets(aliases)
    for doc in index["docs"]:
        plain = (doc["title"] + doc["text"]).replace(ZWSP, "")
        extra = []
        for group in groups:
            uses = sum(plain.count(x) for x in group)  # as often as the section uses the word: it ranks alike
            extra += [w for w in sorted(group) if w not in plain for _ in range(min(uses, 10))]
        if extra:  # indexed, never shown in a result's excerpt
            doc["text"] += " <span hidden>" + ZWSP.join(["", *extra, ""]) + "</span>"
    known = {doc["location"] for doc in index["docs"]}
    for location, rid, text in rows:
        if location not in known:
            index["docs"].append({"location": location, "title": rid, "text": segment_like(text, index)})
    path.write_text(json.dumps(index, ensure_ascii=False, separators=(",", ":")), encoding="utf-8")
    return len(rows)


def segment_like(text: str, index: dict) -> str:
    """Text for the index: escaped, and cut into words with jieba as the search plugin cuts pages."""
    import jieba

    escaped = text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")
    return ZWSP.join(jieba.cut(escaped))


def precompress(site: Path, ahead: dict[bytes, bytes] | None = None) -> int:
    """A gzip copy beside every big text file of the site; `ahead`, copies already made (`gzip_ahead`)."""
    n = 0
    for path in compressible(site):
        data = path.read_bytes()
        made = ahead.get(hashlib.sha256(data).digest()) if ahead else None
        path.with_name(path.name + ".gz").write_bytes(made or gzip_bytes(data))
        n += 1
    return n


def gzip_ahead(folder: Path) -> dict[bytes, bytes]:
    """The gzip copies of a folder's big text files, by the SHA-256 of what they copy: made from the
    docs folder while mkdocs builds the site (the files it copies as they are, chiefly the payout data)."""
    out = {}
    for path in compressible(folder):
        data = path.read_bytes()
        out[hashlib.sha256(data).digest()] = gzip_bytes(data)
    return out


def compressible(folder: Path) -> list[Path]:
    return [path for path in sorted(folder.rglob("*"))
            if path.suffix in COMPRESS and path.is_file() and path.stat().st_size >= SMALLEST]


def gzip_bytes(data: bytes) -> bytes:
    """gzip at level 6, with no name and no time in the header: the same bytes give the same copy."""
    out = io.BytesIO()
    with gzip.GzipFile(filename="", mode="wb", fileobj=out, compresslevel=6, mtime=0) as gz:
        gz.write(data)
    return out.getvalue()
