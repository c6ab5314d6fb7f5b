"""`python -m rules score --game nanning|zipai`: one JSON object in, one out.

This module and the preset loaders are the only places in `rules` that do I/O.
Bad input exits with status 2 and one line on stderr; never a traceback
(`rules.request.serve` does the reading, writing and error reporting).
"""
from __future__ import annotations

import sys

from .request import OneLineParser, serve


def main(argv: list[str] | None = None) -> int:
    parser = OneLineParser(prog="python -m rules", description="caipan 裁判: score one situation")
    sub = parser.add_subparsers(dest="command", required=True, parser_class=OneLineParser)
    score = sub.add_parser("score", help="read one JSON object on stdin, print the scored result as JSON")
    score.add_argument("--game", required=True, choices=("nanning", "zipai"))
    try:
        args = parser.parse_args(argv)
    except SystemExit as exc:  # --help (0) or a one-line usage error (2)
        return int(exc.code or 0) and 2
    if args.game == "nanning":
        from .nanning.cli import score as run
    else:
        from .zipai.cli import score as run
    return serve(run)


if __name__ == "__main__":
    sys.exit(main())
