"""Validating against rules/schemas with the `jsonschema` package: one registry of every schema
(they `$ref` each other by `urn:caipan:<name>`), and the check of one command-line run that the
conftest hook applies to every `caipan`/`python -m rules` call the test suite makes."""
from __future__ import annotations

import json
import re
from functools import cache

from jsonschema import Draft202012Validator
from referencing import Registry, Resource

from rules import schemas

# The plain refusal line: `error: <message>` and, when a rule forbids it, ` (rule <id>[, source <lines>])`.
ERROR_LINE = re.compile(r"^error: (?P<message>\S.*?)"
                        r"(?: \(rule (?P<rule>[a-z][a-z0-9-]*)(?:, source (?P<source>[^)]+))?\))?$")


@cache
def registry() -> Registry:
    return Registry().with_resources(
        (f"{schemas.URN}{name}", Resource.from_contents(schemas.load(name))) for name in schemas.names())


@cache
def validator(name: str) -> Draft202012Validator:
    return Draft202012Validator(schemas.load(name), registry=registry())


def errors(name: str, document: object) -> list[str]:
    """Why `document` does not follow the schema (empty when it does)."""
    return [f"{'/'.join(map(str, e.absolute_path)) or '(top)'}: {e.message[:200]}"
            for e in validator(name).iter_errors(document)]


def call(args) -> tuple[str, str, bool] | None:
    """(game, command, --json-errors) when `args` runs the caipan command line, else None."""
    if not isinstance(args, (list, tuple)):
        return None
    args = [str(a) for a in args]
    if args[1:3] == ["-m", "rules"]:
        rest = args[3:]
    elif args and args[0].endswith("caipan"):
        rest = args[1:]
    else:
        return None
    if len(rest) < 3 or rest[0] not in ("score", "waits", "session") or "--game" not in rest:
        return None
    return rest[rest.index("--game") + 1], rest[0], "--json-errors" in rest


def check_run(args, text, returncode: int, stdout: str, stderr: str) -> list[str]:
    """What one command-line run breaks of the contract: an answer (status 0) follows the game's
    response schema and its request the request schema; a refusal (status 2) is nothing on stdout
    and one error line (or one `error` object with --json-errors)."""
    which = call(args)
    if which is None:
        return []
    game, command, as_json = which
    if returncode == 0:
        problems = []
        for kind, document in (("request", text), ("response", stdout)):
            name = f"{game}.{command}.{kind}"
            if name in schemas.names() and document:
                problems += [f"{name}: {e}" for e in errors(name, json.loads(document))]
        return problems
    if returncode != 2:
        return [f"exit status {returncode}, not 0 or 2"]
    lines = stderr.splitlines()
    if stdout or len(lines) != 1 or "Traceback" in stderr:
        return [f"a refusal must be one line on stderr and nothing on stdout: {stderr!r}"]
    if as_json:
        return [f"error: {e}" for e in errors("error", json.loads(lines[0]))]
    return [] if ERROR_LINE.match(lines[0]) else [f"not an error line: {lines[0]!r}"]


# What a `python -m rules` run may be given for it to be run inside the test process instead (the same
# `rules.__main__.main` on the same bytes, without an interpreter start each time); anything else (an
# environment, a stdin of its own, another working folder) runs as a real process.
IN_PROCESS_KEYS = {"input", "capture_output", "text", "encoding", "timeout", "check"}


def runs_in_process(args, rest, kw) -> bool:
    import sys

    return (not rest and isinstance(args, (list, tuple)) and len(args) > 3 and args[0] == sys.executable
            and list(args[1:3]) == ["-m", "rules"] and set(kw) <= IN_PROCESS_KEYS | {"cwd"}
            and kw.get("capture_output") is True and bool(kw.get("text") or kw.get("encoding")))


def in_process(args, kw):
    """`subprocess.run([python, -m, rules, …], input=…, capture_output=True, text=True)` answered by
    `rules.__main__.main` in this process: the same exit status, stdout and stderr (an uncaught exception
    is status 1 and its traceback, as the interpreter would print it)."""
    import io
    import subprocess
    import sys
    import traceback

    from rules.__main__ import main

    stdin = io.TextIOWrapper(io.BytesIO((kw.get("input") or "").encode("utf-8")), encoding="utf-8")
    out, err = io.BytesIO(), io.StringIO()
    stdout = io.TextIOWrapper(out, encoding="utf-8", write_through=True)
    saved = sys.stdin, sys.stdout, sys.argv
    sys.stdin, sys.stdout, sys.argv = stdin, stdout, ["python -m rules", *map(str, args[3:])]
    try:
        code = main([str(a) for a in args[3:]], stderr=err)
    except SystemExit as exc:
        code = exc.code if isinstance(exc.code, int) else (0 if exc.code is None else 1)
    except BaseException:  # a real process would print the traceback and exit 1
        code = 1
        err.write(traceback.format_exc())
    finally:
        stdout.flush()
        sys.stdin, sys.stdout, sys.argv = saved
    done = subprocess.CompletedProcess(args, code, out.getvalue().decode("utf-8"), err.getvalue())
    if kw.get("check") and code:
        raise subprocess.CalledProcessError(code, args, done.stdout, done.stderr)
    return done
