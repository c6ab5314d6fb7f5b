"""Reading and validating the hand-written data files (data/**/*.toml).

Every data file is read through `load`, which turns a missing file or a TOML
syntax error into one line naming the file, and checked against a schema with
`check`: unknown or missing keys and wrong types stop the build with one line
naming the file and the key. Checks that need the sources (line numbers inside a
document, anchors, foldings) live with the loaders that know them, and raise
through `fail`.

A schema is a dict of key → kind. A kind is a Python type (str, int, bool,
float), a nested schema (dict), `[kind]` (a list of that kind), `Map(kind)` (a
table with free keys), `Opt(kind)` (the key may be absent) or `Any` (anything).
"""
from __future__ import annotations

import tomllib
from dataclasses import dataclass
from pathlib import Path
from typing import Any as _Any
from typing import NoReturn

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
    path = path_of(name)
    try:
        with path.open("rb") as fh:
            data = tomllib.load(fh)
    except FileNotFoundError:
        fail(name, "", "file is missing")
    except OSError as exc:
        fail(name, "", f"cannot be read ({exc.strerror})")
    except UnicodeDecodeError:
        fail(name, "", "is not UTF-8")
    except tomllib.TOMLDecodeError as exc:
        fail(name, "", f"TOML syntax error: {exc}")
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
        if not isinstance(value, dict):
            fail(name, where, f"expected a table, got {value!r}")
        unknown = [k for k in value if k not in kind]
        if unknown:
            fail(name, where, f"unknown key {unknown[0]!r} (known: {', '.join(kind)})")
        for key, sub in kind.items():
            at = f"{where}.{key}" if where else key
            if key not in value:
                if not isinstance(sub, Opt):
                    fail(name, at, "missing")
                continue
            check(value[key], sub, name, at)
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
