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
