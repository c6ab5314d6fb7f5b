"""Reading and validating the hand-written data files (data/**/*.toml).

Every data file is read through `load`, which turns a missing file or a TOML
syntax error into one line naming the file, and checked against a schema with
`check`: unknown or missing keys (found by the core's one key checker,
`rules.data.keys`) and wrong types stop the build with one line naming the file
and the key. Checks that need the sources (line numbers inside a
document, anchors, foldings) live with the loaders that know them, and raise
through `fail`.

A schema is a dict of key → kind. A kind is a Python type (str, int, bool,
float), a nested schema (dict), `[kind]` (a list of that kind), `Map(kind)` (a
table with free keys), `Opt(kind)` (the key may be absent) or `Any` (anything).
"""
from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any as _Any
from typing import NoReturn

from rules.data import keys, parse_toml
from rules.errors import RuleError

from .errors import DataError
from .paths import data_dir


@dataclass(frozen=True)
class Opt:
    kind: object


@dataclass(frozen=True)
class Map:
    kind: object


Any = object()

NAMES = {str: "a string", int: "an integer", bool: "true or false", float: "a number"}


def path_of(name: str) -> Path:
    return data_dir() / name


def fail(name: str, where: str, problem: str) -> NoReturn:
    """Stop the build: `data/<name>: <where>: <problem>`, one line."""
    text = " ".join(f"data/{name}: {where + ': ' if where else ''}{problem}".split())
    raise DataError(text)


def load(name: str, schema: dict | None = None) -> dict:
    """A data file (`name` inside the data folder), parsed and checked against `schema`."""
    try:  # the core's one reader of data files
        data = parse_toml(path_of(name), f"data/{name}")
    except RuleError as exc:
        raise DataError(" ".join(exc.message.split())) from None
    if schema is not None:
        check(data, schema, name)
    return data


def _describe(kind: object) -> str:
    if isinstance(kind, Opt):
        return _describe(kind.kind)
    if isinstance(kind, list):
        return f"a list of {_describe(kind[0]).removeprefix('a ').removeprefix('an ')}s"
    if isinstance(kind, (dict, Map)):
        return "a table"
    return NAMES.get(kind, str(kind))


def _label(entry: object, index: int) -> str:
    if isinstance(entry, dict) and isinstance(entry.get("id"), str):
        return f"[{entry['id']}]"
    return f"[{index + 1}]"


def check(value: _Any, kind: object, name: str, where: str = "") -> None:
    """Raise `DataError` unless `value` has the shape `kind` (see the module docstring)."""
    if isinstance(kind, Opt):
        kind = kind.kind
    if kind is Any:
        return
    if isinstance(kind, dict):
        try:  # the core's key checker, so the two never disagree on what a wrong key is
            keys(value, f"data/{name}: {where}" if where else f"data/{name}",
                 [k for k, sub in kind.items() if not isinstance(sub, Opt)],
                 [k for k, sub in kind.items() if isinstance(sub, Opt)])
        except RuleError as exc:
            raise DataError(" ".join(exc.message.split())) from None
        for key, sub in kind.items():
            if key in value:
                check(value[key], sub, name, f"{where}.{key}" if where else key)
        return
    if isinstance(kind, Map):
        if not isinstance(value, dict):
            fail(name, where, f"expected a table, got {value!r}")
        for key, item in value.items():
            check(item, kind.kind, name, f"{where}.{key}" if where else key)
        return
    if isinstance(kind, list):
        if not isinstance(value, list):
            fail(name, where, f"expected {_describe(kind)}, got {value!r}")
        for index, item in enumerate(value):
            check(item, kind[0], name, f"{where}{_label(item, index)}")
        return
    ok = isinstance(value, kind) and not (kind is int and isinstance(value, bool))
    if kind is float:
        ok = isinstance(value, (int, float)) and not isinstance(value, bool)
    if not ok:
        fail(name, where, f"expected {_describe(kind)}, got {value!r}")


def unique(name: str, where: str, values: list) -> None:
    """Stop on the first value that occurs twice."""
    seen = set()
    for v in values:
        if v in seen:
            fail(name, where, f"{v!r} occurs twice")
        seen.add(v)
