#!/usr/bin/env python3
"""Convert findings written in the old schemas to the one findings schema, in place.

    python scripts/convert_findings.py data/nanning/findings.toml data/zipai/findings.toml

Old Nanning keys (data/nanning/rulings.toml): rows, examples, what, lines.
Old 字牌 keys (data/zipai/findings.toml): quote items { id, text }, check_rows.
New keys (generator/findings.py SCHEMA): quote = [{ row, text? }], covers, what_is_wrong.
The conversion is textual (comments and layout stay) and idempotent; `lines` is
dropped only when it is exactly the quoted rows' lines, otherwise it stops.
"""
from __future__ import annotations

import re
import sys
from pathlib import Path

ROWS = re.compile(r'^rows = \[(.*)\]\s*$')
LINES = re.compile(r'^lines = \[(.*)\]\s*$')


def convert(text: str) -> str:
    out = []
    for line in text.split("\n"):
        m = ROWS.match(line)
        if m:
            ids = re.findall(r'"([^"]+)"', m.group(1))
            line = "quote = [" + ", ".join(f'{{ row = "{i}" }}' for i in ids) + "]"
        elif LINES.match(line):
            line = "# lines: " + LINES.match(line).group(1)  # checked against the rows by `check_lines`
        line = re.sub(r'^examples = ', "covers = ", line)
        line = re.sub(r'^check_rows = ', "covers = ", line)
        line = re.sub(r'^what = ', "what_is_wrong = ", line)
        line = re.sub(r'\{ id = ("[^"]+"), text = ', r'{ row = \1, text = ', line)
        out.append(line)
    return "\n".join(out)


def check_lines(text: str) -> str:
    """Drop `# lines:` markers when the quoted rows give exactly those lines (needs the generator)."""
    if "# lines: " not in text:
        return text
    from generator.structure import article

    rows = article("nanning").by_id()
    out, quoted = [], []
    for line in text.split("\n"):
        if line.startswith("quote = "):
            quoted = re.findall(r'row = "([^"]+)"', line)
        if line.startswith("# lines: "):
            listed = re.findall(r'"([^"]+)"', line)
            derived = [f"{d}:{n}" for r in quoted for d, ns in rows[r].sources.items() for n in ns]
            if listed != derived:
                sys.exit(f"explicit lines {listed} differ from the quoted rows' lines {derived}: "
                         "quote the rows that hold them")
            continue
        out.append(line)
    return "\n".join(out)


if __name__ == "__main__":
    for name in sys.argv[1:]:
        path = Path(name)
        path.write_text(check_lines(convert(path.read_text(encoding="utf-8"))), encoding="utf-8")
