"""Reading the rule data (the presets and readings under data/): the core's only file access.

From the repository the files are read where they are kept, in data/; an
installed wheel carries a copy of them as package data (rules/_data, written
by the build, see setup.py), read with importlib.resources. Either way one
file is the single source of the numbers. A build may point the core (and the
generator, which asks `data_dir()`) at another copy of data/ with
`use_data_dir` (`python -m generator build --data DIR`, used by the
data-corruption tests), before the first file is read.

Every table is checked as it is read: an unknown or a missing key is a
RuleError that names the file and the key, so a misspelt key never silently
changes a price.
"""
from __future__ import annotations

import tomllib
from collections.abc import Iterable, Mapping
from importlib import resources
from importlib.resources.abc import Traversable
from pathlib import Path
from typing import Any

from .errors import RuleError

REPOSITORY = Path(__file__).resolve().parent.parent
DEFAULT = REPOSITORY / "data"
_chosen: list[Path] = []  # the folder a build chose, if any


def use_data_dir(folder: Path) -> None:
    """Read every data file from `folder` from now on (call before anything is loaded).

    Examples:
        >>> before = list(_chosen)
        >>> use_data_dir(DEFAULT / "nanning" / ".."); data_dir() == DEFAULT
        True
        >>> _chosen[:] = before  # as it was
    """
    _chosen[:] = [Path(folder).resolve()]


def data_dir() -> Path:
    """The data folder as a path: the chosen one, else the repository's data/ (the generator's view).

    Examples:
        >>> (data_dir() / "nanning" / "presets.toml").is_file()
        True
    """
    return _chosen[0] if _chosen else DEFAULT


def root() -> Traversable:
    """The chosen folder, else data/ in the repository, else the copy shipped inside the package.

    Examples:
        >>> root().joinpath("nanning", "presets.toml").is_file()
        True
    """
    if _chosen:
        return _chosen[0]
    if (REPOSITORY / "pyproject.toml").is_file() and DEFAULT.is_dir():
        return DEFAULT
    return resources.files(__package__) / "_data"


def parse_toml(path: Traversable, shown: str) -> dict[str, Any]:
    """A TOML file, parsed; a RuleError `<shown>: <problem>` if it is missing or cannot be read.

    The one reader of the data files: the core's loaders and the generator's
    (`generator.datafile.load`) both read through it.

    Examples:
        >>> parse_toml(root() / "zipai" / "rules.toml", "data/zipai/rules.toml")["deck"]["copies"]["value"]
        4
        >>> parse_toml(root() / "zipai" / "nothing.toml", "data/zipai/nothing.toml")
        Traceback (most recent call last):
        ...
        rules.errors.RuleError: data/zipai/nothing.toml: file is missing
    """
    try:
        return tomllib.loads(path.read_text(encoding="utf-8"))
    except FileNotFoundError:
        raise RuleError(f"{shown}: file is missing") from None
    except UnicodeDecodeError:
        raise RuleError(f"{shown}: cannot be read: not UTF-8") from None
    except OSError as exc:
        raise RuleError(f"{shown}: cannot be read ({exc.strerror})") from None
    except tomllib.TOMLDecodeError as exc:
        raise RuleError(f"{shown}: cannot be read: TOML syntax error: {exc}") from None


def read_toml(relative: str) -> dict[str, Any]:
    """A TOML file under data/ (e.g. "nanning/presets.toml"); RuleError naming it if unreadable.

    Examples:
        >>> type(read_toml("nanning/presets.toml"))
        <class 'dict'>
        >>> read_toml("nanning/nothing.toml")
        Traceback (most recent call last):
        ...
        rules.errors.RuleError: data/nanning/nothing.toml: file is missing
    """
    return parse_toml(root().joinpath(*relative.split("/")), f"data/{relative}")


def keys(table: Any, where: str, required: Iterable[str], optional: Iterable[str] = ()) -> Mapping[str, Any]:
    """`table` checked to be a table with all `required` keys and no key beyond `optional`.

    Examples:
        >>> keys({"a": 1}, "x.toml [t]", ["a"], ["b"])
        {'a': 1}
        >>> keys({"a": 1, "c": 2}, "x.toml [t]", ["a"])
        Traceback (most recent call last):
        ...
        rules.errors.RuleError: x.toml [t]: unknown key 'c' (known: a)
        >>> keys({"c": 2}, "x.toml [t]", ["a"])
        Traceback (most recent call last):
        ...
        rules.errors.RuleError: x.toml [t]: unknown key 'c' (missing 'a')

    The one key checker of the data files: the core's loaders call it, and so
    does the generator's schema check (`generator.datafile.check`).
    """
    if not isinstance(table, dict):
        raise RuleError(f"{where}: expected a table, got {type(table).__name__}")
    required = list(required)
    known = required + [k for k in optional if k not in required]
    unknown = [k for k in table if k not in known]
    missing = [k for k in required if k not in table]
    if unknown:  # the first only, and what it probably misspells
        hint = f"missing {missing[0]!r}" if missing else f"known: {', '.join(known)}"
        raise RuleError(f"{where}: unknown key {unknown[0]!r} ({hint})")
    if missing:
        raise RuleError(f"{where}: missing key {missing[0]!r}")
    return table


def typed(value: Any, kind: type | tuple[type, ...], where: str) -> Any:
    """`value` checked to be of `kind` (a bool is not an int here).

    Examples:
        >>> typed(3, int, "x")
        3
        >>> typed(True, int, "x.toml [a] n")
        Traceback (most recent call last):
        ...
        rules.errors.RuleError: x.toml [a] n: expected int, got True
    """
    kinds = kind if isinstance(kind, tuple) else (kind,)
    if not isinstance(value, kinds) or (isinstance(value, bool) and bool not in kinds):
        names = " or ".join(k.__name__ for k in kinds)
        raise RuleError(f"{where}: expected {names}, got {value!r}")
    return value


def strings(value: Any, where: str) -> tuple[str, ...]:
    """A non-empty list of strings (rule ids).

    Examples:
        >>> strings(["nn-1-1"], "x")
        ('nn-1-1',)
        >>> strings([], "x.toml [a] rules")
        Traceback (most recent call last):
        ...
        rules.errors.RuleError: x.toml [a] rules: empty list
    """
    typed(value, list, where)
    if not value:
        raise RuleError(f"{where}: empty list")
    return tuple(typed(v, str, where) for v in value)
