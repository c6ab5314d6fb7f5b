"""After `mkdocs build`: the search index learns the aliases and every citable id, and big files get
a gzip copy beside them.

- Aliases (aliases.toml, the file the payout filter reads): a section that uses one word of a set
  (杠上花) also answers to the others (杠上开花, 杠开), so a reader's word finds the document's.
- Ids: each article line becomes a search entry of its own, titled with its id (nn-7-ag1-r1) and
  holding the line's text, so typing an id finds that line, and its excerpt is the rule itself.
- Precompressed files (name.gz, name.br, name.zst beside every big text file, byte-identical from
  build to build) let a static server send the payout data, the stylesheets every page waits for (its
  first paint) and the scorer's runtime at a fraction of their size without compressing on every
  request: it sends the smallest copy the browser accepts (Accept-Encoding). The compressors are
  pinned (the `brotli` and `zstandard` packages, pyproject.toml) at fixed levels, and the copies are
  cached under build/compressed/ by the hash of what they copy: a build compresses only what changed.
"""
from __future__ import annotations

import gzip
import hashlib
import io
import json
import os
import shutil
from pathlib import Path

from ..paths import BUILD

ZWSP = "\u200b"  # how the search plugin separates the words of Chinese text
COMPRESS = {".html", ".json", ".js", ".css", ".csv", ".svg", ".xml"}
SMALLEST = 1_000  # bytes: below this a compressed copy saves a few hundred bytes at most
CACHE = BUILD / "compressed"


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


def precompress(site: Path) -> int:
    """The compressed copies beside every big text file of the site (`compressed`); how many files."""
    files = compressible(site)
    for path in files:
        write_copies(path)
    return len(files)


def write_copies(path: Path, best: bool = False) -> None:
    """name.gz, name.br and name.zst beside a file."""
    for suffix, copy in compressed(path.read_bytes(), best).items():
        shutil.copyfile(copy, path.with_name(path.name + suffix))


def compress_ahead(folder: Path) -> int:
    """Make (cache) the copies of a folder's big text files: run on the docs folder while mkdocs builds
    the site, for the files it copies as they are (chiefly the payout data)."""
    files = compressible(folder)
    for path in files:
        compressed(path.read_bytes())
    return len(files)


def compressible(folder: Path) -> list[Path]:
    return [path for path in sorted(folder.rglob("*"))
            if path.suffix in COMPRESS and path.is_file() and path.stat().st_size >= SMALLEST]


# Levels: the highest for what a page waits for (up to BIG bytes, and the scorer's runtime: `best`),
# quick ones for the big data downloads (tens of MB: brotli 11 would take minutes on every change).
BIG = 1_000_000
LEVELS = {True: {".gz": 9, ".br": 11, ".zst": 19}, False: {".gz": 6, ".br": 9, ".zst": 15}}


def compressed(data: bytes, best: bool = False) -> dict[str, Path]:
    """The gzip, brotli and zstd copies of `data` (by suffix), made once and cached under
    build/compressed/ by the hash of the data and the levels."""
    levels = LEVELS[best or len(data) <= BIG]
    key = hashlib.sha256(data).hexdigest()[:24]
    out = {}
    for suffix, level in levels.items():
        path = CACHE / f"{key}-{level}{suffix}"
        if not path.is_file():
            path.parent.mkdir(parents=True, exist_ok=True)
            part = path.with_name(f"{path.name}.{os.getpid()}.part")
            part.write_bytes(COMPRESSORS[suffix](data, level))
            part.replace(path)  # whole or not at all; two processes making the same copy write the same bytes
        out[suffix] = path
    return out


def gzip_bytes(data: bytes, level: int = 6) -> bytes:
    """gzip with no name and no time in the header: the same bytes give the same copy."""
    out = io.BytesIO()
    with gzip.GzipFile(filename="", mode="wb", fileobj=out, compresslevel=level, mtime=0) as gz:
        gz.write(data)
    return out.getvalue()


def brotli_bytes(data: bytes, quality: int) -> bytes:
    import brotli

    return brotli.compress(data, quality=quality)


def zstd_bytes(data: bytes, level: int) -> bytes:
    """zstd with the content size in the frame and no checksum, the same bytes every time."""
    import zstandard

    return zstandard.ZstdCompressor(level=level, write_content_size=True, write_checksum=False).compress(data)


COMPRESSORS = {".gz": gzip_bytes, ".br": brotli_bytes, ".zst": zstd_bytes}
