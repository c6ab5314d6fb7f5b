"""Reconstructed articles: aligned copies, numbered sections, stable line ids.

For Nanning the two copies (001 and 000) are aligned line by line into one
text; for 字牌 the single document is taken as it is. data/structure/<game>.toml
says where each section and block starts. Every row of the result carries its
provenance (document and line in each copy that has it) and a stable id derived
from section number, block key and item number, so that ids do not move when
lines elsewhere are added or removed.
"""
from __future__ import annotations

import difflib
import re
from dataclasses import dataclass, field
from functools import cache

from .datafile import Opt, fail, load, unique
from .sources import documents as registered_documents
from .sources import line_ref
from .text import Line, all_lines

CONTENT = {"heading", "rule", "example", "note", "dispute"}
ITEM = re.compile(r"^(\d+)[、.]")
KIND_LETTER = {"rule": "r", "example": "e", "note": "n", "dispute": "d", "heading": "h"}
PUNCT = re.compile(r"[\s\u3000\xa0，。；：、,.;:！!？?（）()“”\"'·]")
NUMBER = re.compile(r"\d+")


@dataclass(frozen=True)
class Block:
    """A section (key "") or a sub-block of one, as data/structure says."""

    section: int
    key: str
    title: str
    section_title: str
    inferred: bool
    reason: str
    heading: tuple[str, ...]
    anchor: str

    @property
    def label(self) -> str:
        return f"{self.section}" if not self.key else f"{self.section}-{self.key}"


@dataclass
class Row:
    """One line of a reconstructed article."""

    id: str
    section: int
    block: str
    cls: str
    text: str
    sources: dict[str, tuple[int, ...]]
    texts: dict[str, str]
    inferred: bool = False
    reason: str = ""
    item: int | None = None
    differences: list[str] = field(default_factory=list)

    def cite(self) -> str:
        """Provenance as people read it, e.g. 001:89 / 000:77."""
        return " / ".join(
            f"{doc}:{'+'.join(str(n) for n in nums)}" for doc, nums in self.sources.items() if nums
        )


@dataclass(frozen=True)
class Article:
    game: str
    prefix: str
    documents: tuple[str, ...]
    blocks: tuple[Block, ...]
    rows: tuple[Row, ...]

    def by_id(self) -> dict[str, Row]:
        return {row.id: row for row in self.rows}

    def row_of(self, doc: str, number: int) -> Row | None:
        for row in self.rows:
            if number in row.sources.get(doc, ()):
                return row
        return None


def signature(text: str) -> str:
    """Text compared across copies: punctuation and spacing removed."""
    return PUNCT.sub("", text)


def _similarity(a: str, b: str) -> float:
    """How alike two lines are; tolerant of a clause one copy dropped.

    Items with different numbers never match. Otherwise the better of the plain
    ratio and (discounted) containment of the shorter line in the longer.
    """
    item_a, item_b = ITEM.match(a), ITEM.match(b)
    if item_a and item_b and item_a.group(1) != item_b.group(1):
        return 0.0
    sa, sb = signature(a), signature(b)
    if not sa or not sb:
        return 0.0
    matcher = difflib.SequenceMatcher(None, sa, sb, autojunk=False)
    matched = sum(block.size for block in matcher.get_matching_blocks())
    return max(matcher.ratio(), 0.85 * matched / min(len(sa), len(sb)))


# An aligned step takes i lines of the first copy and j of the second.
STEPS = ((1, 1), (2, 1), (1, 2))
MATCH_FLOOR = 0.45


def _align_block(a: list[Line], b: list[Line]) -> list[tuple[list[Line], list[Line]]]:
    """Best monotone pairing of two short runs of lines; lines may merge 2:1 or 1:2.

    The score of a pair is its similarity above a floor, so unrelated lines stay
    unpaired rather than being forced together.
    """
    n, m = len(a), len(b)
    best = [[0.0] * (m + 1) for _ in range(n + 1)]
    back: list[list[tuple[int, int] | None]] = [[None] * (m + 1) for _ in range(n + 1)]
    for i in range(n + 1):
        for j in range(m + 1):
            if i == 0 and j == 0:
                continue
            options: list[tuple[float, tuple[int, int]]] = []
            if i:
                options.append((best[i - 1][j], (1, 0)))
            if j:
                options.append((best[i][j - 1], (0, 1)))
            for di, dj in STEPS:
                if i >= di and j >= dj:
                    left = "".join(x.clean for x in a[i - di : i])
                    right = "".join(y.clean for y in b[j - dj : j])
                    score = _similarity(left, right) - MATCH_FLOOR
                    if score > 0:
                        options.append((best[i - di][j - dj] + score, (di, dj)))
            best[i][j], back[i][j] = max(options, key=lambda o: o[0])
    pairs: list[tuple[list[Line], list[Line]]] = []
    i, j = n, m
    while i or j:
        di, dj = back[i][j]  # type: ignore[misc]
        pairs.append((a[i - di : i], b[j - dj : j]))
        i, j = i - di, j - dj
    return pairs[::-1]


def align(a: list[Line], b: list[Line]) -> list[tuple[list[Line], list[Line]]]:
    """Align two copies: identical runs first (difflib), then the rest pairwise."""
    matcher = difflib.SequenceMatcher(
        None, [signature(x.clean) for x in a], [signature(y.clean) for y in b], autojunk=False
    )
    out: list[tuple[list[Line], list[Line]]] = []
    for tag, i1, i2, j1, j2 in matcher.get_opcodes():
        if tag == "equal":
            out += [([x], [y]) for x, y in zip(a[i1:i2], b[j1:j2], strict=True)]
        else:
            out += _first_copy_first(_align_block(a[i1:i2], b[j1:j2]))
    return out


def _first_copy_first(pairs: list[tuple[list[Line], list[Line]]]) -> list[tuple[list[Line], list[Line]]]:
    """Within a run of lines that only one copy has, put the first copy's lines first.

    The order between the two copies is not fixed by the alignment. The lines
    only the second copy (000) has are headings it kept, which introduce what
    follows them, so the fuller copy's lines (the tail of the previous block) go
    before them.
    """
    out: list[tuple[list[Line], list[Line]]] = []
    run: list[tuple[list[Line], list[Line]]] = []
    for pair in [*pairs, ([], [])]:
        left, right = pair
        if bool(left) != bool(right):
            run.append(pair)
            continue
        out += [p for p in run if p[0]] + [p for p in run if p[1]]
        run = []
        if left:
            out.append(pair)
    return out


def difference(texts: dict[str, str], documents: tuple[str, ...]) -> list[str]:
    """How the copies of one row differ: only_<doc>, numbers, wording, punctuation."""
    present = [d for d in documents if d in texts]
    if len(documents) < 2:
        return []
    if len(present) == 1:
        return [f"only_{present[0]}"]
    first, second = (texts[d] for d in present[:2])
    if re.sub(r"\s", "", first) == re.sub(r"\s", "", second):
        return []
    kinds = []
    numbers = NUMBER.findall(first), NUMBER.findall(second)
    if not (_subsequence(*numbers) or _subsequence(*numbers[::-1])):
        kinds.append("numbers")
    if NUMBER.sub("", signature(first)) != NUMBER.sub("", signature(second)):
        kinds.append("wording")
    return kinds or ["punctuation"]


def _subsequence(short: list[str], long: list[str]) -> bool:
    """Whether `short` can be read off `long` in order (a copy dropped a clause)."""
    rest = iter(long)
    return all(any(x == y for y in rest) for x in short)


_BLOCK = {"key": str, "title": str, "inferred": Opt(bool), "reason": Opt(str), "heading": Opt([str]), "anchor": str}
_SECTION = {"number": int, "title": str, "inferred": Opt(bool), "reason": Opt(str), "heading": Opt([str]),
            "anchor": str, "block": Opt([_BLOCK])}
SCHEMA = {"id_prefix": str, "documents": [str], "section": [_SECTION]}


@cache
def load_structure(game: str) -> dict:
    """data/structure/<game>.toml, checked: known documents, lines inside them, unique numbers and keys."""
    name = f"structure/{game}.toml"
    config = load(name, SCHEMA)
    known = registered_documents()
    for doc in config["documents"]:
        if doc not in known:
            fail(name, "documents", f"unknown document {doc!r} (registered: {', '.join(known)})")
    if not 1 <= len(config["documents"]) <= 2:
        fail(name, "documents", "expected one document or two copies of one")
    unique(name, "section.number", [sec["number"] for sec in config["section"]])
    for sec in config["section"]:
        unique(name, f"section[{sec['number']}].block.key", [b["key"] for b in sec.get("block", ())])
        for entry in [sec, *sec.get("block", ())]:
            at = f"section[{sec['number']}]" + (f".block[{entry['key']}]" if "key" in entry else "")
            for ref in [entry["anchor"], *entry.get("heading", ())]:
                doc, _ = line_ref(name, f"{at}.anchor" if ref == entry["anchor"] else f"{at}.heading", ref)
                if doc not in config["documents"]:
                    fail(name, at, f"{ref} is in document {doc}, which this article does not use")
    return config


def _block(section: dict, entry: dict, key: str) -> Block:
    return Block(
        section=section["number"],
        key=key,
        title=entry["title"],
        section_title=section["title"],
        inferred=entry.get("inferred", False),
        reason=entry.get("reason", ""),
        heading=tuple(entry.get("heading", ())),
        anchor=entry["anchor"],
    )


def _blocks(config: dict) -> list[Block]:
    blocks = []
    for section in config["section"]:
        blocks.append(_block(section, section, ""))
        blocks += [_block(section, block, block["key"]) for block in section.get("block", ())]
    return blocks


def _raw_rows(documents: tuple[str, ...], lines: dict[str, list[Line]]) -> list[dict[str, list[Line]]]:
    content = {d: [x for x in lines[d] if x.cls in CONTENT] for d in documents}
    if len(documents) == 1:
        return [{documents[0]: [x]} for x in content[documents[0]]]
    first, second = documents
    return [{first: left, second: right} for left, right in align(content[first], content[second])]


def article_inputs(game: str) -> tuple[str, ...]:
    """The data files a game's article (its rows and their ids) is made from."""
    return (f"structure/{game}.toml", "text/classify.toml", "text/spam.toml", "text/foldings.toml", "sources.toml")


@cache
def article(game: str) -> Article:
    """The reconstructed article of a game, from the verified sources."""
    return build_article(game, all_lines())


def build_article(game: str, lines: dict[str, list[Line]]) -> Article:
    config = load_structure(game)
    documents = tuple(config["documents"])
    prefix = config["id_prefix"]
    blocks = _blocks(config)
    raw = _raw_rows(documents, lines)

    def position(anchor: str) -> int:
        doc, number = anchor.split(":")
        for index, entry in enumerate(raw):
            if any(x.number == int(number) for x in entry.get(doc, [])):
                return index
        fail(f"structure/{game}.toml", "anchor",
             f"{anchor} is not a content line (heading, rule, example, note or dispute)")

    starts = sorted(((position(b.anchor), order, b) for order, b in enumerate(blocks)), key=lambda t: t[:2])
    rows: list[Row] = []
    counters: dict[tuple[str, str], int] = {}
    current: Block | None = None
    pending = list(starts)
    for index, entry in enumerate(raw):
        while pending and pending[0][0] == index:
            _, _, current = pending.pop(0)
            if current.inferred:
                block_id = f"{prefix}-{current.label}"
                rows.append(
                    Row(block_id, current.section, current.key, "heading",
                        _title_text(current), dict.fromkeys(documents, ()), {},
                        inferred=True, reason=current.reason)
                )
                counters[(block_id, "h")] = 1
        if current is None:
            fail(f"structure/{game}.toml", "section", "the first content line must be the anchor of a section")
        present = {d: tuple(x.number for x in entry.get(d, [])) for d in documents}
        texts = {d: "".join(x.clean for x in entry[d]) for d in documents if entry.get(d)}
        primary = next(d for d in documents if entry.get(d))
        cls = entry[primary][0].cls
        text = texts[primary]
        block_id = f"{prefix}-{current.label}"
        match = ITEM.match(text)
        if match and cls != "heading":
            item = int(match.group(1))
            row_id = f"{block_id}-{item}"
        else:
            item = None
            letter = KIND_LETTER[cls]
            k = counters.get((block_id, letter), 0) + 1
            counters[(block_id, letter)] = k
            row_id = block_id if letter == "h" and k == 1 else f"{block_id}-{letter}{k}"
        rows.append(Row(row_id, current.section, current.key, cls, text, present, texts,
                        item=item, differences=difference(texts, documents)))
    _check_unique(game, rows)
    return Article(game, prefix, documents, tuple(blocks), tuple(rows))


def _title_text(block: Block) -> str:
    if block.key:
        return block.title
    numerals = "零一二三四五六七八九十"
    n = block.section
    if n == 0:
        return block.title
    tens = "十" if n < 20 else numerals[n // 10] + "十"
    word = numerals[n] if n <= 10 else tens + (numerals[n % 10] if n % 10 else "")
    return f"{word}、{block.title}"


def _check_unique(game: str, rows: list[Row]) -> None:
    seen: dict[str, Row] = {}
    for row in rows:
        if row.id in seen:
            fail(f"structure/{game}.toml", "", f"two rows get the id {row.id} ({seen[row.id].cite()} and "
                                               f"{row.cite()}): a block anchor is misplaced")
        seen[row.id] = row
