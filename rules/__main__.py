"""`python -m rules score|waits --game nanning|zipai`: one JSON object in, one out.

This module and the preset loaders are the only places in `rules` that do I/O.
Bad input exits with status 2 and one line on stderr; never a traceback.
"""
from __future__ import annotations

import argparse
import json
import sys


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m rules", description="caipan 裁判: score one situation, or list the waits of a hand")
    sub = parser.add_subparsers(dest="command", required=True)
    score = sub.add_parser("score", help="read one JSON object on stdin, print the scored result as JSON")
    score.add_argument("--game", required=True, choices=("nanning", "zipai"))
    waits = sub.add_parser("waits", help="read a hand one tile/card short on stdin, print every wait and its payouts")
    waits.add_argument("--game", required=True, choices=("nanning", "zipai"))
    try:
        args = parser.parse_args(argv)
    except SystemExit as exc:  # argparse already printed its one-line usage error
        return int(exc.code or 0) and 2
    from .errors import RuleError

    try:
        raw = sys.stdin.read()
        try:
            request = json.loads(raw)
        except json.JSONDecodeError as exc:
            raise RuleError(f"input is not JSON: {exc.msg} at line {exc.lineno} column {exc.colno}") from None
        if not isinstance(request, dict):
            raise RuleError("input must be one JSON object")
        if args.command == "waits":
            if args.game == "nanning":
                from .nanning.waits import waits as run
            else:
                from .zipai.waits import waits as run
        elif args.game == "nanning":
            from .nanning.cli import score as run
        else:
            from .zipai.cli import score as run
        result = run(request)
    except RuleError as exc:
        print(f"error: {exc.one_line()}", file=sys.stderr)
        return 2
    json.dump(result, sys.stdout, ensure_ascii=False, indent=1)
    sys.stdout.write("\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
