"""`caipan score|waits --game ID` (also `python -m rules …`): one JSON object in, one out.

The games are the registry's (`rules.registry`). `rules.request.serve` (stdin,
stdout, stderr) and `rules.data` (the rule files) are the only I/O in `rules`.
Bad input exits with status 2 and one line on stderr; never a traceback.
"""
from __future__ import annotations

import sys

from .request import OneLineParser, serve

COMMANDS = {
    "score": "read one JSON object on stdin, print the scored result as JSON",
    "waits": "read one JSON object (a waiting hand) on stdin, print what it wins on and each price as JSON",
}


def main(argv: list[str] | None = None, prog: str | None = None) -> int:
    from . import registry

    parser = OneLineParser(prog=prog or "python -m rules", description="caipan 裁判: score one situation")
    sub = parser.add_subparsers(dest="command", required=True, parser_class=OneLineParser)
    for command, help_text in COMMANDS.items():
        sub.add_parser(command, help=help_text).add_argument("--game", required=True, choices=registry.ids())
    try:
        args = parser.parse_args(argv)
    except SystemExit as exc:  # --help (0) or a one-line usage error (2)
        return int(exc.code or 0) and 2
    game = registry.game(args.game)
    return serve(game.score if args.command == "score" else game.waits)


def console() -> int:
    """The `caipan` console script."""
    return main(prog="caipan")


if __name__ == "__main__":
    sys.exit(main(prog="python -m rules"))
