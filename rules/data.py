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
changes a price. Every whole-number constant is read through a declaration
(`Whole`) made where the core reads it: its range, with the reason, and that
its quote, when it states numbers, states this one; a bad value is a RuleError
naming the file and the key that hold it, before anything is priced with it.
"""
from __future__ import annotations

import re
import tomllib
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
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


# Chinese numerals as the documents write them (小写 and 大写); 十/拾 is ten.
NUMERALS = dict(zip("零〇一二两三四五六七八九壹贰叁肆伍陆柒捌玖", (0, 0, 1, 2, 2, 3, 4, 5, 6, 7, 8, 9, *range(1, 10)),
                    strict=True))
TENS = "十拾"
_RUN = re.compile(f"[{''.join(NUMERALS)}{TENS}]+")
PAIR_WORDS = ("双", "翻倍")  # 双倍, 开双倍, 翻倍: twice


def stated_numbers(quote: str) -> frozenset[int]:
    """Every number a quote states: in digits, in Chinese numerals (each one, and a run read as one
    number, 二十 = 20), and 2 for 双/翻倍. More than it means, never less: a value must be among them.

    Examples:
        >>> sorted(stated_numbers("即除赢家外其余三家付分")), sorted(stated_numbers("自摸3分"))
        ([3], [3])
        >>> sorted(stated_numbers("累积翻倍计分")), sorted(stated_numbers("明杠四连杠……二十"))
        ([2], [2, 4, 10, 20])
    """
    found = {int(n) for n in re.findall(r"[0-9]+", quote)}
    for run in _RUN.findall(quote):
        found |= {NUMERALS[ch] for ch in run if ch in NUMERALS} | ({10} if set(run) & set(TENS) else set())
        tens = [i for i, ch in enumerate(run) if ch in TENS]
        if len(tens) == 1 and len(run) <= 3:  # 十, 二十, 十二, 二十五
            before, after = run[: tens[0]], run[tens[0] + 1:]
            if len(before) <= 1 and len(after) <= 1:
                found.add(NUMERALS.get(before, 1) * 10 + NUMERALS.get(after, 0))
    if any(word in quote for word in PAIR_WORDS):
        found.add(2)
    return frozenset(found)


@dataclass(frozen=True)
class Whole:
    """What a whole-number constant of the rule data may be, declared where the core reads it.

    `low`..`high` is the range the rules allow (`why` says why, in the error); `quoted`: when
    the constant's quote states numbers, its value is one of them (the words it rests on say
    the number), unless the value is inferred, as a rounding unit is from a worked example.

    Examples:
        >>> Whole(1, 3, "the other players at a table of four").read(3, "其余三家付分", "x.toml [payers]")
        3
        >>> Whole(1, 3, "the other players at a table of four").read(9 ** 10, "", "x.toml [payers]")
        Traceback (most recent call last):
        ...
        rules.errors.RuleError: x.toml [payers]: 3486784401 is outside 1–3 (the other players at a table of four)
        >>> Whole(1, 3, "the other players at a table of four").read(2, "其余三家付分", "x.toml [payers]")
        Traceback (most recent call last):
        ...
        rules.errors.RuleError: x.toml [payers]: 2, but its quote states 3 ("其余三家付分")
    """

    low: int
    high: int
    why: str
    quoted: bool = True

    def read(self, value: Any, quote: str, where: str) -> int:
        """`value` checked: a whole number (not a boolean), in range, and stated by `quote`.

        Examples:
            >>> Whole(1, 100, "points of one unit").read(3, "自摸3分", "x.toml [zimo_unit]")
            3
            >>> Whole(1, 100, "points of one unit").read(True, "", "x.toml [zimo_unit]")
            Traceback (most recent call last):
            ...
            rules.errors.RuleError: x.toml [zimo_unit]: expected int, got True
        """
        number: int = typed(value, int, where)
        if not self.low <= number <= self.high:
            raise RuleError(f"{where}: {number} is outside {self.low}–{self.high} ({self.why})")
        stated = stated_numbers(quote) if self.quoted else frozenset()
        if stated and number not in stated:
            raise RuleError(f"{where}: {number}, but its quote states {' or '.join(map(str, sorted(stated)))} "
                            f"(\"{quote}\")")
        return number
