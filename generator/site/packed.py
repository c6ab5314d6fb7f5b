"""The payout data that caipan.js fetches for the payout table and the finder, split so that a page's
first screen needs one small file and the rest comes while the reader looks at it.

- `<game>_payouts.data.json`, the head: the columns (with their widths), the dimensions, the rule
  links, and every row's choices (an index into each dimension's values, then 1 when the row is
  possible, 0 when not), which is all the finder needs to place every row and the table to count
  them; and the first FIRST rows in full.
- `<game>_payouts.<n>.data.json`, the parts: the other rows in full, PART rows each, in table order.
- `<game>_payouts.ids.data.json`: every row's id, in table order, for an address that names a row
  (#id) before its part is in.

Rows in full are arrays of indexes (one per field) into a list of the distinct values of their
file (most values repeat from row to row).
"""
from __future__ import annotations

import json

from ..errors import BuildError

FIRST = 300  # rows in the head: the first screen of the table (100 rows shown) and the finder's first row
PART = 1000  # rows per part: a part is parsed in one task, short even on a slow phone
SCALARS = (str, int, bool, type(None))  # values whose JSON is one to one with the value itself
OFFSET = 48  # choice i is the character chr(48 + i): "0" for the first, printable from there
WIDEST = 20  # em, for a column of long text (it wraps)

# json.dumps(value, ensure_ascii=False[, sort_keys=True]), without making an encoder per call (a few
# hundred thousand calls a build)
_json = json.JSONEncoder(ensure_ascii=False).encode
_json_sorted = json.JSONEncoder(ensure_ascii=False, sort_keys=True).encode


def ems(text: str) -> float:
    """Width of a text in em: CJK characters are one em, the rest about half."""
    return sum(1 if ord(c) > 0x2E80 else 0.55 for c in text)


def table_columns(table: dict) -> list[dict]:
    """The payout table's columns: the row's id, the table's columns, the total (when the table has
    none), the rules it rests on; each with its share of the width (%), which follows its longest
    text, capped (long text wraps), so that the table never re-measures its cells (table-layout: fixed)."""
    cols = [{"key": "id", "label": "编号", "type": "text"}, *table["columns"]]
    if not any(c["key"] == "total" for c in table["columns"]):
        cols.append({"key": "total", "label": "合计", "type": "number"})
    cols.append({"key": "rules", "label": "依据", "type": "text", "nosort": True})
    rows = table["rows"]
    sample = rows[::max(1, len(rows) // 2000)]  # a sample of ~2000 rows over the table is enough for a width
    widths = []
    for c in cols:
        if c["key"] == "rules":
            widths.append(10)
            continue
        widest = max([ems(c["label"]) + (0 if c.get("nosort") else 1.2)]
                     + [ems(str(row.get(c["key"]) or "")) for row in sample])
        widths.append(min(widest + 1, 10 if c["key"] == "id" else 5 if c["type"] == "number" else WIDEST))
    total = sum(widths)
    return [{**c, "width": round(100 * w / total, 2)} for c, w in zip(cols, widths, strict=True)]


def choices(table: dict) -> str:
    """Every row's choices as one string, a character per choice (chr(OFFSET + index), a JSON string
    reads far faster than as many numbers): per row an index into each dimension's values, then 1
    if the row is possible, 0 if not."""
    lookup = [{_json(v): i for i, v in enumerate(d["values"])} for d in table["dimensions"]]
    out = []
    for row in table["rows"]:
        for d, index in zip(table["dimensions"], lookup, strict=True):
            key = _json(row.get(d["key"]))
            if key not in index:
                raise BuildError(f"payout row {row['id']}: {d['key']} = {key} is not one of the dimension's values")
            out.append(index[key])
        out.append(1 if row["feasible"] else 0)
    if max(out, default=0) + OFFSET >= 0xD800:  # a surrogate is no character of its own
        raise BuildError("a payout dimension has too many values to pack")
    return "".join(chr(OFFSET + i) for i in out)


def pack(rows: list[dict], fields: list[str], extra) -> dict:
    """Rows as arrays of indexes into their distinct values; `extra(row)` gives the last field."""
    values: list = []
    index: dict = {}

    def intern(value) -> int:
        # Values are told apart by their JSON; a str, int, bool or None is its own key (its
        # type kept, so 1 and true stay apart), anything else is written out to compare.
        key = (type(value), value) if type(value) in SCALARS else _json_sorted(value)
        if key not in index:
            index[key] = len(values)
            values.append(value)
        return index[key]

    return {"values": values,
            "rows": [[*(intern(row.get(f)) for f in fields[:-1]), intern(extra(row))] for row in rows]}


def dumps(data: object) -> str:
    return json.dumps(data, ensure_ascii=False, separators=(",", ":")) + "\n"


def files(game: str, table: dict, links: dict[str, str], terms, preset: str | None) -> dict[str, str]:
    """{file name: text} of a game's payout data: the head first, then the parts.

    `links`: the address of every rule id the rows cite; `terms(row)`: the words a row is also found
    by (aliases), its last field; `preset`: the key of the dimension shown as a select, or None.
    """
    fields = list(dict.fromkeys(
        ["id", "feasible", "reason", "total", "formula", "rules", "payments", "witness"]
        + [c["key"] for c in table["columns"]] + [d["key"] for d in table["dimensions"]]))
    fields = [f for f in fields if any(f in row for row in table["rows"])] + ["terms"]
    rows = table["rows"]
    starts = range(FIRST, len(rows), PART)
    parts = {f"{game}_payouts.{n}.data.json": dumps(pack(rows[start:start + PART], fields, terms))
             for n, start in enumerate(starts, 1)}
    head = {
        "game": game, "title": table["title"], "columns": table["columns"], "table": table_columns(table),
        "dimensions": table["dimensions"], "preset": preset, "fields": fields, "links": links,
        "choices": choices(table), "ids": f"{game}_payouts.ids.data.json",
        "first": pack(rows[:FIRST], fields, terms),
        "parts": [{"src": name, "from": start, "rows": len(rows[start:start + PART]),
                   "bytes": len(text.encode("utf-8"))}
                  for start, (name, text) in zip(starts, parts.items(), strict=True)],
    }
    return {f"{game}_payouts.data.json": dumps(head), head["ids"]: dumps([row["id"] for row in rows]), **parts}
