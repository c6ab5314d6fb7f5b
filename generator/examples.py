"""Worked examples as data: every statement of points in the documents.

Each amount the documents state (…N分, A×B=C, (a＋b)×3=c, ÷, every amount in a
worked example) becomes one row: where it is, the quoted text, the situation it
prices, the stated amount, the stated arithmetic and what that arithmetic
evaluates to. Rows come from every copy, so the cross-check can compare copies.

The situation comes from the block the line sits in (data/examples/context.toml)
refined by the words of the line itself; exceptions are listed per row there.
"""
from __future__ import annotations

import re
from dataclasses import dataclass, field, replace
from fractions import Fraction
from functools import cache

from . import games
from .datafile import Map, Opt, fail, load
from .structure import Article, Row, article
from .text import all_lines

# Words that sit inside the documents' arithmetic and carry no value of their own.
LABEL_WORDS = ("基数", "门清", "杠", "人", "倍", "分", "胡")
TOKEN = re.compile(r"\d+|[×xX＋+÷=（）()\-－]|" + "|".join(LABEL_WORDS) + r"|.", re.S)
OPERATORS = {"×": "*", "x": "*", "X": "*", "＋": "+", "+": "+", "÷": "/", "-": "-", "－": "-"}
PLAIN = re.compile(r"(\d+)\s*(分|胡|倍|个机会)")


@dataclass(frozen=True)
class Expression:
    """An arithmetic window in a line: `text` as written, `lhs` normalised."""

    start: int
    end: int
    text: str
    lhs: str
    stated: int | None  # the number after the last '=', if any
    inner_ok: bool  # every '=' inside parentheses holds


@dataclass
class Example:
    """One statement of points (算例行)."""

    id: str
    game: str
    doc: str
    line: int
    section: int
    block: str
    row_id: str
    quote: str
    clean: str
    amount_text: str
    stated: int
    unit: str
    arithmetic: str
    evaluates_to: str
    quantity: str = "total"
    pattern: list[str] = field(default_factory=list)
    method: str = ""
    chain: str = ""
    kongs: int = 0
    payer: str = ""
    table_rule: str = ""
    note: str = ""
    code: str = ""  # the situation to check it against, when the fields above do not say it


def _tokens(text: str) -> list[tuple[int, int, str]]:
    return [(m.start(), m.end(), m.group()) for m in TOKEN.finditer(text)]


def expressions(text: str) -> list[Expression]:
    """Maximal arithmetic windows: numbers, operators and brackets, label words skipped.

    Two numbers in a row (as in “24分24÷3=8”) start a new window.
    """
    out: list[Expression] = []
    window: list[tuple[int, int, str]] = []

    def close() -> None:
        core = [t for t in window if t[2] not in LABEL_WORDS]
        while core and core[-1][2] in "（(":
            core.pop()
        while core and core[0][2] in "）)":
            core.pop(0)
        ops = [t for t in core if t[2] in OPERATORS or t[2] == "="]
        if ops and any(t[2].isdigit() for t in core):
            out.append(_expression(text, core))
        window.clear()

    last_kind = ""
    for token in _tokens(text):
        value = token[2]
        kind = "num" if value.isdigit() else "op" if value in OPERATORS or value == "=" else \
            "paren" if value in "（）()" else "label" if value in LABEL_WORDS else "other"
        if kind == "other":
            close()
            last_kind = ""
            continue
        if kind == "label":
            if window:
                window.append(token)
            continue
        if kind == "num" and last_kind == "num":
            close()
        if kind == "paren" and value in "（(" and last_kind == "num":
            close()
        window.append(token)
        last_kind = kind
    close()
    return out


def _balanced(tokens: list[tuple[int, int, str]]) -> list[tuple[int, int, str]]:
    depth = 0
    kept = []
    for token in tokens:
        if token[2] in "（(":
            depth += 1
        elif token[2] in "）)":
            if depth == 0:
                continue
            depth -= 1
        kept.append(token)
    while depth:
        # drop unmatched opening brackets from the right
        for k in range(len(kept) - 1, -1, -1):
            if kept[k][2] in "（(":
                del kept[k]
                depth -= 1
                break
    return kept


def _expression(text: str, tokens: list[tuple[int, int, str]]) -> Expression:
    tokens = _balanced(tokens)
    start, end = tokens[0][0], tokens[-1][1]
    symbols = [OPERATORS.get(t[2], t[2]) for t in tokens]
    symbols = ["(" if s == "（" else ")" if s == "）" else s for s in symbols]
    # Split off the final '= N' at depth 0; inner '=' inside brackets are checked and
    # replaced by their stated value, as the documents write (4×3=12)×2.
    depth, last_eq = 0, None
    for k, s in enumerate(symbols):
        depth += s == "("
        depth -= s == ")"
        if s == "=" and depth == 0:
            last_eq = k
    if last_eq is not None and last_eq + 1 < len(symbols) and symbols[last_eq + 1].isdigit():
        lhs_symbols, stated = symbols[:last_eq], int(symbols[last_eq + 1])
        # a chain a=b=c keeps only the first side as the arithmetic
        first_eq = next(k for k, s in enumerate([*lhs_symbols, "="]) if s == "=" and _depth(lhs_symbols, k) == 0)
        lhs_symbols = lhs_symbols[:first_eq]
    else:
        lhs_symbols, stated = symbols, None
    lhs, inner_ok = _collapse_inner(lhs_symbols)
    return Expression(start, end, text[start:end], lhs, stated, inner_ok)


def _depth(symbols: list[str], upto: int) -> int:
    return sum((s == "(") - (s == ")") for s in symbols[:upto])


def _collapse_inner(symbols: list[str]) -> tuple[str, bool]:
    """Replace each bracketed 'a=b' by '(a)' and report whether every one holds."""
    ok = True
    out: list[str] = []
    stack: list[int] = []
    for s in symbols:
        if s == "(":
            stack.append(len(out))
            out.append(s)
        elif s == ")" and stack:
            begin = stack.pop()
            group = out[begin + 1 :]
            if "=" in group:
                k = group.index("=")
                left, right = group[:k], group[k + 1 :]
                ok &= evaluate("".join(left)) == evaluate("".join(right))
                group = left
            out[begin:] = ["(", *group, ")"]
        else:
            out.append(s)
    return "".join(out), ok


def evaluate(expr: str) -> Fraction | None:
    """Exact value of a normalised expression (digits, + - * / and brackets)."""
    if not expr or not re.fullmatch(r"[\d+\-*/()]+", expr):
        return None
    tokens = re.findall(r"\d+|[+\-*/()]", expr)
    pos = 0

    def atom() -> Fraction:
        nonlocal pos
        if tokens[pos] == "(":
            pos += 1
            value = add()
            pos += 1
            return value
        value = Fraction(int(tokens[pos]))
        pos += 1
        return value

    def mul() -> Fraction:
        nonlocal pos
        value = atom()
        while pos < len(tokens) and tokens[pos] in "*/":
            op = tokens[pos]
            pos += 1
            value = value * atom() if op == "*" else value / atom()
        return value

    def add() -> Fraction:
        nonlocal pos
        value = mul()
        while pos < len(tokens) and tokens[pos] in "+-":
            op = tokens[pos]
            pos += 1
            value = value + mul() if op == "+" else value - mul()
        return value

    try:
        value = add()
    except (IndexError, ZeroDivisionError):
        return None
    return value if pos == len(tokens) else None


def _fmt(value: Fraction | None) -> str:
    if value is None:
        return ""
    return str(value.numerator) if value.denominator == 1 else f"{float(value):.4g}"


CONTEXT = "examples/context.toml"
_SETTINGS = {"pattern": Opt([str]), "method": Opt(str), "payer": Opt(str), "chain": Opt(str), "kongs": Opt(int),
             "table_rule": Opt(str), "quantity": Opt(str), "hand": Opt(bool), "zimo_in_text": Opt(bool),
             "dapao_in_text": Opt(bool), "bare_unit": Opt(str), "multipliers": Opt(bool)}
_OVERRIDE = {"row": str, "amount": Opt(int), "doc": Opt(str), "why": str, "code": Opt(str), "quantity": Opt(str),
             "method": Opt(str), "payer": Opt(str), "pattern": Opt([str]), "chain": Opt(str), "kongs": Opt(int),
             "arithmetic": Opt(str), "evaluates_to": Opt(str), "note": Opt(str), "table_rule": Opt(str)}
SCHEMA = Map({"section": Opt(Map(_SETTINGS)), "block": Opt(Map(_SETTINGS)), "override": Opt([_OVERRIDE])})
MAX_KONGS = 4  # a hand has at most four kongs


@cache
def context() -> dict:
    data = load(CONTEXT, SCHEMA)
    for game, settings in data.items():
        for part in ("section", "block"):
            for key, entry in settings.get(part, {}).items():
                if not 0 <= entry.get("kongs", 0) <= MAX_KONGS:
                    fail(CONTEXT, f"{game}.{part}.{key}.kongs", f"{entry['kongs']} is not 0–{MAX_KONGS}")
        for index, o in enumerate(settings.get("override", ()), start=1):
            if not 0 <= o.get("kongs", 0) <= MAX_KONGS:
                fail(CONTEXT, f"{game}.override[{index}].kongs", f"{o['kongs']} is not 0–{MAX_KONGS}")
    return data


def _check_context(game: str, art: Article, found: dict[str, int]) -> None:
    """Every section, block and override of the game's context names something in its article.

    `found`: the number of amounts each row has in its fullest copy."""
    settings = context().get(game, {})
    sections = {str(b.section) for b in art.blocks}
    blocks = {b.label for b in art.blocks if b.key}
    for key in settings.get("section", {}):
        if key not in sections:
            fail(CONTEXT, f"{game}.section.{key}", f"the {game} article has no section {key}")
    for key in settings.get("block", {}):
        if key not in blocks:
            fail(CONTEXT, f"{game}.block.{key}", f"the {game} article has no block {key}")
    rows = art.by_id()
    for index, o in enumerate(settings.get("override", ()), start=1):
        at = f"{game}.override[{index}]"
        if o["row"] not in rows:
            fail(CONTEXT, f"{at}.row", f"no row {o['row']!r} in the {game} article")
        if "doc" in o and o["doc"] not in art.documents:
            fail(CONTEXT, f"{at}.doc", f"{o['doc']!r} is not a copy of the {game} article")
        if not 1 <= o.get("amount", 1) <= found.get(o["row"], 0):
            fail(CONTEXT, f"{at}.amount",
                 f"row {o['row']} states {found.get(o['row'], 0)} amounts, not {o.get('amount', 1)}")

@dataclass(frozen=True)
class Statement:
    """One amount as written in a line, with its span and arithmetic."""

    start: int
    end: int
    written: str
    stated: int
    unit: str
    arithmetic: str
    evaluates_to: str


def statements(text: str, bare_unit: str = "", multipliers: bool = False) -> list[Statement]:
    """Every amount stated in one line, in reading order."""
    found: list[Statement] = []
    covered: list[tuple[int, int]] = []
    for e in expressions(text):
        if e.stated is None:
            continue
        unit_match = re.match(r"\s*(分|胡|个机会)", text[e.end :])
        unit = unit_match.group(1) if unit_match else ""
        arithmetic = e.lhs if e.inner_ok else e.lhs + "（括号内的等式不成立）"
        end = e.end + (unit_match.end() if unit_match else 0)
        found.append(Statement(e.start, end, text[e.start : end], e.stated, unit, arithmetic, _fmt(evaluate(e.lhs))))
        covered.append((e.start, end))
    for m in PLAIN.finditer(text):
        if any(a <= m.start() < b for a, b in covered):
            continue
        arithmetic, value = "", ""
        # “9分（按照基数3分×3…）”: the derivation follows in brackets
        after = re.match(r"（按(?:照)?(?:门清)?基数", text[m.end() :])
        if after:
            tail = [e for e in expressions(text[m.end() :]) if e.stated is None]
            if tail:
                arithmetic, value = tail[0].lhs, _fmt(evaluate(tail[0].lhs))
                covered.append((m.end() + tail[0].start, m.end() + tail[0].end))
        found.append(Statement(m.start(), m.end(), m.group(0), int(m.group(1)), m.group(2), arithmetic, value))
    for pattern, unit in MULTIPLIERS if multipliers else ():
        for m in pattern.finditer(text):
            for k, number in enumerate(m.groups(), start=1):
                taken = any(f.start <= m.start(k) < f.end for f in found)
                if number and not taken:
                    found.append(Statement(m.start(k), m.end(k), m.group(0), int(number), unit, "", ""))
    if not found and re.fullmatch(r"\d+", text) and bare_unit:
        found.append(Statement(0, len(text), text, int(text), bare_unit, "", ""))
    return sorted(found, key=lambda st: st.start)


def segment(text: str, st: Statement) -> str:
    """The clause an amount belongs to: from the last ；or 。 before it up to it,
    without explanatory brackets (those longer than four characters)."""
    begin = max(text.rfind(sep, 0, st.start) for sep in "；;。") + 1
    clause = text[begin : st.end]
    return re.sub(r"[（(][^（）()]{5,}[）)]?", "", clause)


# Multipliers and thresholds written in words, as the 字牌 sheet does
# (胡数×3, 3或4额外倍数, 6+N×10分, 超过10个, 只有1张红字), with their unit.
MULTIPLIERS = (
    (re.compile(r"(?:胡数|胡子数)\s*[×Xx]\s*(\d+)"), "倍"),
    (re.compile(r"(\d+)(?:或(\d+))?\s*额外倍数"), "倍"),
    (re.compile(r"^(\d+)\s*\+\s*N"), "倍"),
    (re.compile(r"(?:超过|有)\s*(\d+)\s*个"), "个"),
    (re.compile(r"只有\s*(\d+)\s*张"), "张"),
)
PER_PAYER = re.compile(r"(每家|每位玩家|每人|各|其他玩家各)(付|给)?\s*$")


def _settings(game: str, row: Row) -> dict:
    """Context of a row: its section's settings, then its block's on top."""
    settings = context().get(game, {})
    block = f"{row.section}" + (f"-{row.block}" if row.block else "")
    merged: dict = {}
    merged.update(settings.get("section", {}).get(str(row.section), {}))
    merged.update(settings.get("block", {}).get(block, {}))
    return merged


def _situation(example: Example, st: Statement, rows: dict[str, Row], game: str, index: int) -> Example:
    settings = context().get(game, {})
    merged = _settings(game, rows[example.row_id])
    clause = segment(example.clean, st)
    pattern = merged.get("pattern", [])
    hooks = games.site(game)
    if merged.get("hand", True) and hooks is not None:
        pattern = hooks.example_patterns(clause, pattern)
    method, payer = merged.get("method", ""), merged.get("payer", "")
    if "自摸" in clause and merged.get("zimo_in_text"):
        method, payer = "自摸", "三家"
    if "大炮" in clause and merged.get("dapao_in_text"):
        method = "大炮"
    quantity = merged.get("quantity", "total")
    if PER_PAYER.search(example.clean[: st.start]) or "/3" in st.arithmetic:
        quantity = "per_payer"
    out = replace(
        example,
        pattern=pattern,
        method=method,
        chain=merged.get("chain", ""),
        kongs=merged.get("kongs", 0),
        payer=payer,
        table_rule=merged.get("table_rule", ""),
        quantity=quantity,
    )
    for override in settings.get("override", ()):
        if override["row"] == example.row_id and override.get("amount", index + 1) == index + 1 \
                and override.get("doc", example.doc) == example.doc:
            fields = {k: v for k, v in override.items() if k not in ("row", "amount", "doc", "why")}
            if fields.get("pattern") and hooks is not None:
                fields["pattern"] = hooks.normalise_patterns(fields["pattern"])
            out = replace(out, **fields)
    return out


def extract(game: str) -> list[Example]:
    art: Article = article(game)
    lines = all_lines()
    rows = art.by_id()
    out: list[Example] = []
    counts: dict[str, int] = {}
    for row in art.rows:
        if row.inferred:
            continue
        for doc in art.documents:
            numbers = row.sources.get(doc, ())
            if not numbers:
                continue
            quote = "".join(lines[doc][n - 1].original.strip(" \u3000") for n in numbers)
            settings = _settings(game, row)
            found = statements(row.texts[doc], settings.get("bare_unit", ""), settings.get("multipliers", False))
            counts[row.id] = max(counts.get(row.id, 0), len(found))
            for index, st in enumerate(found):
                example = Example(
                    id=f"{row.id}-d{doc}-{index + 1}",
                    game=game, doc=doc, line=numbers[0], section=row.section, block=row.block,
                    row_id=row.id, quote=quote, clean=row.texts[doc], amount_text=st.written,
                    stated=st.stated, unit=st.unit, arithmetic=st.arithmetic, evaluates_to=st.evaluates_to,
                )
                out.append(_situation(example, st, rows, game, index))
    _check_context(game, art, counts)
    return out
