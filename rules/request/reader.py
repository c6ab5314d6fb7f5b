"""Reading a request against its declaration: every structural check, with one message shape.

`read(Decl, obj)` checks, before anything grows with the input, every size (a text's
characters, a list's or mapping's entries), then every type (a boolean is not a count,
null is not "absent"), every choice and bound, and refuses unknown and missing keys;
it returns the declaration filled in, enum values as members, lists as tuples.

Every refusal is one line that starts with where it is: a field's path (``hand``,
``melds[2].kind``, ``readings.zp-r-combine``; entries counted from 1) or, for the keys of
an object, ``in the request`` / ``in multi[1]``. What a rule forbids is checked after,
by each game, with the same helpers where it bounds a number (`count`):

- ``unknown field(s) in <where>: <keys>; known: <keys>``
- ``missing field(s) in <where>: <keys>``
- ``<path> must be <what it may be>, not <what it is>``
- ``<path> must be from <low> to <high>, not <n>``
- ``<path> is <n> characters long; at most <chars>: <the text>``
- ``<path> has <n> entries; at most <most>`` (or ``at least <least>``)
- ``<path> lists <entry> twice; each one at most once``

Examples:
    >>> from rules.request import RuleSetEntry
    >>> read(RuleSetEntry, {"preset": "dapao9"}).preset
    'dapao9'
    >>> read(RuleSetEntry, {"preset": "dapao9", "option": {}})
    Traceback (most recent call last):
    ...
    rules.errors.RuleError: unknown field(s) in the request: option; known: options, preset
"""
from __future__ import annotations

import re
from collections.abc import Mapping
from types import MappingProxyType
from typing import TypeVar

from ..errors import RuleError
from .fields import (
    Choice,
    Count,
    Field,
    Flag,
    Many,
    Object,
    OneOf,
    Shape,
    Table,
    Text,
    fields_of,
    json_type,
    shorthand_of,
    tag_of,
)
from .wire import described, echo, keys

T = TypeVar("T")
TOP = "the request"  # where the top-level object's own keys are


def read(decl: type[T], value: object, where: str = TOP) -> T:
    """`value` read as the declaration `decl`: every key known, every required key given, every
    value of its field's shape.

    :raises RuleError: the first thing wrong, in one line starting with where it is.

    Examples:
        >>> from rules.request import RuleSetEntry
        >>> read(RuleSetEntry, {"options": {"moma": 1}})
        Traceback (most recent call last):
        ...
        rules.errors.RuleError: options.moma must be a string, not a number 1
    """
    fields = fields_of(decl)
    if not isinstance(value, dict):
        short = shorthand_of(decl)
        if short is not None and isinstance(value, str):
            value = {short.key: value}
        else:
            raise RuleError(f"{_subject(where)} must be {expected(Object(decl))}, not {described(value)}")
    known = {f.key for f in fields}
    unknown = [k for k in value if k not in known]
    if unknown:
        raise RuleError(f"unknown field(s) in {where}: {keys(unknown)}; known: {', '.join(sorted(known))}")
    missing = [f.key for f in fields if f.required and f.key not in value]
    if missing:
        raise RuleError(f"missing field(s) in {where}: {', '.join(missing)}")
    given = {f.name: _field(f, value[f.key], where) for f in fields if f.key in value}
    return decl(**given)


def _field(f: Field, value: object, where: str) -> object:
    return _value(f.shape, value, f.key if where == TOP else f"{where}.{f.key}", f.spec.rule)


def _subject(where: str) -> str:
    return "the request" if where == TOP else where


def _value(shape: Shape, value: object, path: str, rule: str) -> object:
    """One value of a shape, read (the path names it in a refusal; `rule` is cited for a bound)."""
    if isinstance(shape, Text):
        found = text(value, path, shape.chars)
        if shape.pattern and not re.match(shape.pattern, found):
            raise RuleError(f"{path} must match {shape.pattern}, not {echo(found)}")
        return found
    if isinstance(shape, Count):
        return count(value, path, shape.low, shape.high, rule)
    if isinstance(shape, Flag):
        if not isinstance(value, bool):
            raise RuleError(f"{path} must be true or false, not {_quoted(value)}")
        return value
    if isinstance(shape, Choice):
        return choice(value, path, shape)
    if isinstance(shape, Many):
        return _many(shape, value, path, rule)
    if isinstance(shape, Table):
        return _table(shape, value, path, rule)
    if isinstance(shape, Object):
        return read(shape.decl, value, path)
    return _one_of(shape, value, path, rule)


def text(value: object, path: str, chars: int) -> str:
    """A string of at most `chars` characters (the length checked before the text is read).

    Examples:
        >>> text("x" * 10, "hand", 5)
        Traceback (most recent call last):
        ...
        rules.errors.RuleError: hand is 10 characters long; at most 5: "xxxxxxxxxx"
    """
    if not isinstance(value, str):
        raise RuleError(f"{path} must be a string, not {described(value)}")
    if len(value) > chars:
        raise RuleError(f"{path} is {len(value)} characters long; at most {chars}: {echo(value)}")
    return value


def count(value: object, path: str, low: int, high: int, rule: str = "") -> int:
    """A whole number from `low` to `high`; booleans, fractions and strings are refused. A game
    checks a bound its rule data sets (a preset's most kongs) with it after the read.

    Examples:
        >>> count(True, "kongs", 1, 4)
        Traceback (most recent call last):
        ...
        rules.errors.RuleError: kongs must be a whole number from 1 to 4, not true
        >>> count(5, "kongs", 1, 4, rule="nn-7-mg4-r1")
        Traceback (most recent call last):
        ...
        rules.errors.RuleError: kongs must be from 1 to 4, not 5
    """
    if isinstance(value, bool) or not isinstance(value, int):
        raise RuleError(f"{path} must be a whole number from {low} to {high}, not {described(value)}", rule=rule)
    if not low <= value <= high:
        raise RuleError(f"{path} must be from {low} to {high}, not {echo(value)}", rule=rule)
    return value


def choice(value: object, path: str, shape: Choice) -> object:
    """One of the choice's members.

    Examples:
        >>> from enum import StrEnum
        >>> from rules.request.fields import Choice
        >>> class Kind(StrEnum):
        ...     PENG = "碰"
        ...     GANG = "杠"
        >>> choice("吃", "melds[1].kind", Choice(Kind, tuple(Kind)))
        Traceback (most recent call last):
        ...
        rules.errors.RuleError: melds[1].kind must be one of 碰 | 杠, not "吃"
    """
    found = next((m for m in shape.members if isinstance(value, str) and value == m.value), None)
    if found is None:
        raise RuleError(f"{path} must be {expected(shape)}, not {_quoted(value)}")
    return found


def _many(shape: Many, value: object, path: str, rule: str) -> tuple[object, ...]:
    if not isinstance(value, list):
        raise RuleError(f"{path} must be {expected(shape)}, not {described(value)}")
    if len(value) > shape.most:
        raise RuleError(f"{path} has {len(value)} entries; at most {shape.most}", rule=rule)
    if len(value) < shape.least:
        raise RuleError(f"{path} has {len(value)} entries; at least {shape.least}", rule=rule)
    out = tuple(_value(shape.item, item, f"{path}[{n}]", rule) for n, item in enumerate(value, start=1))
    if shape.unique:
        for n, item in enumerate(out):
            if item in out[:n]:
                raise RuleError(f"{path} lists {echo(value[n])} twice; each one at most once")
    return out


def _table(shape: Table, value: object, path: str, rule: str) -> Mapping[object, object]:
    if not isinstance(value, dict):
        raise RuleError(f"{path} must be {expected(shape)}, not {described(value)}")
    if len(value) > shape.most:
        raise RuleError(f"{path} has {len(value)} entries; at most {shape.most}", rule=rule)
    out = {}
    for key, item in value.items():
        name = _value(shape.key, key, f"{path} key", rule)
        out[name] = _value(shape.value, item, f"{path}.{keys([key])}", rule)
    return MappingProxyType(out)


def _one_of(shape: OneOf, value: object, path: str, rule: str) -> object:
    kind = _json_type_of(value)
    fits = [o for o in shape.options if json_type(o) == kind
            or (kind == "string" and isinstance(o, Object) and shorthand_of(o.decl))]
    objects = [o for o in fits if isinstance(o, Object)]
    if len(objects) > 1 and isinstance(value, dict):
        tags = {tag_of(o.decl): o for o in objects}
        present = [tag for tag in tags if tag in value]
        if len(present) != 1:
            given = f"{' and '.join(present)} together" if present else keys(value) or "no field"
            raise RuleError(f"{path} must have one of the fields {', '.join(tags)}, not {given}")
        fits = [tags[present[0]]]
    if not fits:
        raise RuleError(f"{path} must be {expected(shape)}, not {described(value)}")
    return _value(fits[0], value, path, rule)


def _json_type_of(value: object) -> str:
    if isinstance(value, bool):
        return "boolean"
    return {str: "string", int: "integer", list: "array", dict: "object"}.get(type(value), "other")


def _quoted(value: object) -> str:
    """A refused value: a string as the input wrote it, anything else by its kind."""
    return echo(value) if isinstance(value, str) else described(value)


def expected(shape: Shape) -> str:
    """What a value of this shape must be, in words, for a refusal.

    Examples:
        >>> from rules.request.fields import Many, Text
        >>> expected(Many(Text(8), 0, 4, False)), expected(Text(8))
        ('a list', 'a string')
    """
    if isinstance(shape, Text):
        return "a string"
    if isinstance(shape, Count):
        return f"a whole number from {shape.low} to {shape.high}"
    if isinstance(shape, Flag):
        return "true or false"
    if isinstance(shape, Choice):
        return "one of " + " | ".join(m.value for m in shape.members)
    if isinstance(shape, Many):
        return "a list"
    if isinstance(shape, (Table, Object)):
        if isinstance(shape, Object) and shorthand_of(shape.decl):
            return "a string or an object"
        return "an object"
    return " or ".join(dict.fromkeys(expected(o) for o in shape.options))
