"""`caipan score|waits --game ID` (also `python -m rules …`): one JSON object in, one out.

The games are the registry's (`rules.registry`). This module and `rules.data`
are the only places in `rules` that do I/O. Bad input exits with status 2 and
one line on stderr; never a traceback.
"""
from __future__ import annotations

import argparse
import json
import sys

COMMANDS = {
    "score": "read one JSON object on stdin, print the scored result as JSON",
    "waits": "read one JSON object (a waiting hand) on stdin, print what it wins on and each price as JSON",
}


def main(argv: list[str] | None = None, prog: str | None = None) -> int:
    from . import registry
    from .errors import RuleError

    parser = argparse.ArgumentParser(prog=prog, description="caipan 裁判: score one situation")
    sub = parser.add_subparsers(dest="command", required=True)
    for command, help_text in COMMANDS.items():
        sub.add_parser(command, help=help_text).add_argument("--game", required=True, choices=registry.ids())
    try:
        args = parser.parse_args(argv)
    except SystemExit as exc:  # argparse already printed its one-line usage error
        return int(exc.code or 0) and 2
    try:
        raw = sys.stdin.read()
        try:
            request = json.loads(raw)
        except json.JSONDecodeError as exc:
            raise RuleError(f"input is not JSON: {exc.msg} at line {exc.lineno} column {exc.colno}") from None
        if not isinstance(request, dict):
            raise RuleError("input must be one JSON object")
        game = registry.game(args.game)
        result = game.score(request) if args.command == "score" else game.waits(request)
    except RuleError as exc:
        print(f"error: {exc.one_line()}", file=sys.stderr)
        return 2
    json.dump(result, sys.stdout, ensure_ascii=False, indent=1)
    sys.stdout.write("\n")
    return 0


def console() -> int:
    """The `caipan` console script."""
    return main(prog="caipan")


if __name__ == "__main__":
    sys.exit(main(prog="python -m rules"))
