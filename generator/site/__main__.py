"""`python -m generator.site show|record`: the data edition of build/generated, and recording it.

    .venv/bin/python -m generator build --no-site
    .venv/bin/python -m generator.site record --note "说明"

writes data/editions/<edition>.json (see generator/site/edition.py); commit it.
"""
from __future__ import annotations

import argparse
import sys

from ..paths import EXAMPLES, GENERATED, ROOT
from .data import load
from .edition import current, record


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m generator.site",
                                     description="数据版本：显示当前版本，或把它记录到 data/editions/")
    sub = parser.add_subparsers(dest="command", required=True)
    sub.add_parser("show", help="print the edition of build/generated")
    rec = sub.add_parser("record", help="record the edition of build/generated in data/editions/")
    rec.add_argument("--note", default="", help="what this edition changes (Chinese, one line)")
    args = parser.parse_args(argv)
    d = load(GENERATED, EXAMPLES)
    if args.command == "show":
        print(current(d)["edition"])
        return 0
    path = record(d, args.note)
    print(f"{path.relative_to(ROOT)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
