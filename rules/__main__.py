"""`caipan score|waits|session --game ID` (also `python -m rules …`): one JSON object in, one out; `caipan drill
--game ID [--mode M] [--level L] [--seed N | --id ID] [--count N]`: drills, one JSON object a line
(`rules.drill`).

The games are the registry's (`rules.registry`). `rules.request.serve` (stdin,
stdout, stderr) and `rules.data` (the rule files) are the only I/O in `rules`.

Exit status and error output (the contract of the schema ``error``):

- 0: the answer, one JSON object, on stdout (schema ``<game>.<command>.response``);
- 2: refused input, nothing on stdout and exactly one line on stderr,
  ``error: <message>`` followed by `` (rule <id>, source <doc:line>)`` when a rule
  forbids it; with ``--json-errors`` that line is one JSON object instead
  (schema ``error``). Never a traceback.

    Examples:
        >>> import io, sys
        >>> sys.stdin = io.StringIO('{"hand": "234m678m999m55p", "melds": [{"kind": "碰", "tile": "9s"}], '
        ...                         '"win": "天胡"}')
        >>> main(["score", "--game", "nanning"], stderr=sys.stdout)
        error: 天胡是庄家起手牌直接胡牌（算门清自摸），还没有人打过牌，不可能已经碰九条 (rule nn-14-r1, source 001:345)
        2
        >>> sys.stdin = sys.__stdin__
"""
from __future__ import annotations

import argparse
import json
import sys
from typing import NoReturn, TextIO

from .errors import RuleError
from .request import MAX_INPUT_BYTES, MAX_LINE, echo, fields_of, refuse, serve
from .request.fields import Choice, Count
from .session import MAX_SESSION_BYTES

COMMANDS = {
    "score": "read one JSON object (a won hand and its situation) on stdin, print the scored result as JSON",
    "waits": "read one JSON object (a waiting hand) on stdin, print what it wins on and each price as JSON",
    "session": "read one JSON object (a night: players, first dealer, rules, hands) on stdin, print each hand's "
               "dealer and net, the totals, who deals next and who pays whom as JSON",
    "drill": "print drills (练习): a real situation drawn by the core, its request, its whole answer and the "
             "question, one JSON object a line (schema 'drill')",
}


class UsageError(Exception):
    """The command line itself is wrong (an unknown game, a missing --game): exit status 2.

    Examples:
        >>> _parser("caipan").parse_args(["dance"])  # doctest: +NORMALIZE_WHITESPACE
        Traceback (most recent call last):
        ...
        rules.__main__.UsageError: argument command: invalid choice: "dance" (choose from 'score', 'waits',
        'session', 'drill')
        (see caipan --help)
    """


class _Parser(argparse.ArgumentParser):
    """argparse that raises `UsageError` instead of printing usage and exiting, so that every
    refusal is one line, of at most `MAX_LINE` characters with its ``error: ``, and quotes what
    was given as every refusal does (`rules.request.echo`)."""

    def error(self, message: str) -> NoReturn:
        see = f" (see {self.prog} --help)"
        raise UsageError(_cut(message, MAX_LINE - len("error: ") - len(see)) + see)

    def _check_value(self, action: argparse.Action, value: object) -> None:  # argparse's own, the value shortened
        if action.choices is not None and value not in action.choices:
            choices = ", ".join(map(repr, action.choices))
            raise argparse.ArgumentError(action, f"invalid choice: {echo(value)} (choose from {choices})")


def _cut(text: str, room: int) -> str:
    """`text` on one line in at most `room` characters, cut with "…"."""
    text = " ".join(text.split())
    return text if len(text) <= room else text[: room - 1] + "…"


def fields_help(command: str) -> str:
    """The input fields of every game that answers `command`, one example each, read from the request's
    declaration (`Game.requests`), as its schema is.

    Examples:
        >>> print(fields_help("score").splitlines()[1])
        input fields of --game nanning (schema nanning.score.request):
    """
    from . import registry

    out = []
    for game in registry.games():
        declaration = game.requests.get(command)
        if declaration is None:
            continue
        out.append(f"\ninput fields of --game {game.id} (schema {game.id}.{command}.request):")
        for f in fields_of(declaration):
            flag = "required" if f.required else "optional"
            out.append(f"  {f.key:<12} {flag}; {f.spec.what}; e.g. {json.dumps(f.spec.example, ensure_ascii=False)}")
        examples = declaration.published.examples
        if examples:
            example = json.dumps(examples[0], ensure_ascii=False)
            out.append(f"  example: echo '{example}' | caipan {command} --game {game.id}")
    return "\n".join(out)


STATUS_HELP = ("exit status: 0 with the answer as JSON on stdout; 2 when the input is refused, with one line "
               "'error: <message> (rule <id>, source <doc:line>)' on stderr (--json-errors: one JSON object, "
               "schema 'error'). Schemas: rules/schemas/*.schema.json in the package.")


def _parser(prog: str | None) -> _Parser:
    from . import registry

    titles = " or ".join(g.title for g in registry.games())
    parser = _Parser(prog=prog, description=f"caipan 裁判: score a situation of {titles}",
                     epilog=fields_help("score") + "\n\n" + STATUS_HELP,
                     formatter_class=argparse.RawDescriptionHelpFormatter)
    sub = parser.add_subparsers(dest="command", required=True, parser_class=_Parser)
    for command, help_text in COMMANDS.items():
        p = sub.add_parser(command, help=help_text, description=help_text,
                           epilog=fields_help(command) + "\n\n" + STATUS_HELP,
                           formatter_class=argparse.RawDescriptionHelpFormatter)
        p.add_argument("--game", required=True, choices=registry.ids(), help="the game: " + ", ".join(
            f"{g.id} ({g.title})" for g in registry.games()))
        p.add_argument("--json-errors", action="store_true",
                       help="print a refusal as one JSON object on stderr (schema 'error') instead of 'error: …'")
        if command == "drill":
            _drill_arguments(p)
    return parser


def _drill_arguments(p: argparse.ArgumentParser) -> None:
    """`caipan drill`'s options: the fields of `rules.drill.DrillArguments` but the game (their words and
    bounds are the declaration's; `rules.drill.drills` checks them)."""
    from .drill import DrillArguments

    for f in fields_of(DrillArguments)[1:]:
        choices = [m.value for m in f.shape.members] if isinstance(f.shape, Choice) else None
        p.add_argument(f"--{f.key}", choices=choices, type=int if isinstance(f.shape, Count) else str,
                       help=f.spec.what)


def error_json(kind: str, message: str, rule: str = "", source: str = "") -> str:
    """A refusal as the one JSON line of ``--json-errors`` (schema ``error``), of at most `MAX_LINE`
    characters: a long message is cut to fit.

    Examples:
        >>> error_json("RuleError", "hand is empty")
        '{"schema_version": 1, "error": "RuleError", "status": 2, "message": "hand is empty", "rule": "", "source": ""}'
        >>> len(error_json("RuleError", '"quoted" ' * 80)) <= MAX_LINE
        True
    """
    from . import schemas

    def line(text: str) -> str:
        return json.dumps({"schema_version": schemas.version("error"), "error": kind, "status": 2,
                           "message": text, "rule": rule, "source": source}, ensure_ascii=False)

    # The whole line within MAX_LINE, as the plain one: the message cut to the room the rest leaves,
    # counted as JSON writes it (a quote or a backslash takes two characters).
    room = MAX_LINE - len(line("")) - 1
    if len(line(message)) <= MAX_LINE:
        return line(message)
    kept: list[str] = []
    used = 0
    for ch in message:
        used += len(json.dumps(ch, ensure_ascii=False)) - 2
        if used > room:
            break
        kept.append(ch)
    return line("".join(kept) + "…")


def main(argv: list[str] | None = None, prog: str | None = None, stderr: TextIO | None = None) -> int:
    """Run the command line; returns the exit status (0, or 2 for refused input).

    Examples:
        >>> import io, sys
        >>> sys.stdin = io.StringIO('{"hand": "234m678m999m55p", "melds": [{"kind": "碰", "tile": "9s"}], '
        ...                         '"win": "放炮"}')
        >>> main(["score", "--game", "nanning"])
        {
         "game": "nanning",
        ...
        0
        >>> sys.stdin = sys.__stdin__
    """
    from . import registry

    stderr = stderr or sys.stderr
    argv = list(sys.argv[1:] if argv is None else argv)
    as_json = "--json-errors" in argv
    try:
        args = _parser(prog or "python -m rules").parse_args(argv)
    except UsageError as exc:
        print(error_json("UsageError", str(exc)) if as_json else f"error: {exc}", file=stderr)
        return 2
    except SystemExit as exc:  # --help
        return int(exc.code or 0)
    if args.command == "drill":
        return _drill(args, stderr, as_json)
    game = registry.game(args.game)
    call = {"score": game.score, "waits": game.waits, "session": game.session}[args.command]
    return serve(call, stderr=stderr, refusal=error_json if as_json else None,
                 limit=MAX_SESSION_BYTES if args.command == "session" else MAX_INPUT_BYTES)


def _drill(args: argparse.Namespace, stderr: TextIO, as_json: bool) -> int:
    """`caipan drill`: the drills, one JSON object a line, or one refusal line (exit status 2)."""
    from .drill import DrillArguments, drills

    given = {f.key: getattr(args, f.key) for f in fields_of(DrillArguments)}
    try:
        found = drills({k: v for k, v in given.items() if v is not None})
    except RuleError as exc:
        print(refuse(exc, error_json if as_json else None), file=stderr)
        return 2
    for one in found:
        print(json.dumps(one, ensure_ascii=False))
    return 0


def console() -> int:
    """The `caipan` console script: `main` with the program name ``caipan`` and the arguments of sys.argv.

    Examples:
        >>> import sys
        >>> sys.argv = ["caipan", "score", "--game", "nowhere"]
        >>> console()
        2
    """
    return main(prog="caipan")


if __name__ == "__main__":
    sys.exit(main(prog="python -m rules"))
