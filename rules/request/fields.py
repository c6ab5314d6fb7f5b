"""Declaring a request: a frozen dataclass whose fields say what each key of the JSON object holds.

A field's Python type says its kind, `field(...)` its words and its bounds:

- ``str``: text of at most `chars` characters;
- ``int``: a whole number from `low` to `high` (a boolean is not a number);
- ``bool``: true or false;
- a ``StrEnum``: one of its values (less the members in `exclude`);
- ``tuple[X, ...]``: a list of at most `most` (and at least `least`) entries of X, each once
  when `unique`; the bounds of X (`chars`, `low`, `high`, `exclude`) are given with the list's;
- ``Mapping[K, V]``: an object of at most `most` entries, keys K (text of `key_chars` that starts
  with a match of `key_pattern`, or a ``StrEnum``), values V as above;
- another declaration: a nested object (a string stands for it when it names a `shorthand` field);
- ``A | B``: one of them, told apart by the JSON type; several declarations by which of their
  first fields is present (a tagged union: each must require its first field);
- ``X | None = None`` (or any default): an optional field; JSON null is never "absent".

`fields_of` reads a declaration into its `Field` rows once; `rules.request.reader` reads
requests with them, `rules.request.forms` writes their JSON Schema and the scorer's form.

Examples:
    >>> from dataclasses import dataclass
    >>> @dataclass(frozen=True, kw_only=True)
    ... class Tiles:
    ...     hand: str = field("the tiles", chars=64, example="123m")
    ...     kongs: int = field("kongs in a row", low=1, high=4, default=1)
    >>> [(f.key, f.required, f.shape) for f in fields_of(Tiles)]
    [('hand', True, Text(chars=64, pattern='')), ('kongs', False, Count(low=1, high=4))]
"""
from __future__ import annotations

import dataclasses
import functools
import operator
import types
import typing
from collections.abc import Mapping
from dataclasses import dataclass
from enum import StrEnum
from functools import cache, partial
from types import MappingProxyType
from typing import Any, ClassVar, Union

REQUIRED: Any = dataclasses.MISSING  # the default of a field that must be given


class Holds(StrEnum):
    """What a text field's codes are, for a page that draws them as faces: the tiles or cards of a hand
    or a group (牌, a palette to tap), or one of them (胡的那张, picked among the hand's).

    Examples:
        >>> Holds("tile") is Holds.TILE
        True
    """

    TILES = "tiles"
    TILE = "tile"


@dataclass(frozen=True)
class Spec:
    """What one field of a request says about itself: its words, its example and its bounds.

    A `Spec` made once and given to `field` in several declarations is the same field in each
    (a waits request takes the score request's `melds`): its JSON Schema is written once and
    referred to.

    Examples:
        >>> Spec("the winning tile", chars=8, example="5p").chars
        8
    """

    what: str  # what the field holds, for --help, the schema and the form
    example: object = None  # one example value, as JSON (None: no example)
    key: str = ""  # the JSON key, when it is not the attribute's name (`from` is a Python keyword)
    rule: str = ""  # the rule a bound rests on, cited when the bound is broken
    chars: int | None = None  # text (and a list's or mapping's text entries): at most this many characters
    low: int | None = None  # a count: the least (a list's or mapping's count entries too)
    high: int | None = None  # a count: the most
    least: int = 0  # a list: the fewest entries
    most: int | None = None  # a list or a mapping: the most entries
    unique: bool = False  # a list: each entry at most once
    exclude: tuple[StrEnum, ...] = ()  # a choice: members not offered here
    key_chars: int | None = None  # a mapping with text keys: at most this many characters a key
    key_pattern: str = ""  # …: a regular expression each key starts with a match of (re.match)
    holds: Holds | None = None  # text: tile or card codes (the form's kind `tiles` or `tile`, not `text`)


SPEC = "caipan.request"  # the key of a dataclass field's metadata that holds its Spec


def field(what: str | Spec, *, default: object = REQUIRED, example: object = None, key: str = "", rule: str = "",
          chars: int | None = None, low: int | None = None, high: int | None = None, least: int = 0,
          most: int | None = None, unique: bool = False, exclude: tuple[StrEnum, ...] = (),
          key_chars: int | None = None, key_pattern: str = "", holds: Holds | None = None) -> Any:
    """A field of a request declaration: its `Spec` (made here from the words and bounds, or one made
    before and shared), and its default when it may be left out.

    Examples:
        >>> f = field("the tiles", chars=64)
        >>> f.metadata[SPEC].chars, f.default is REQUIRED
        (64, True)
    """
    made = Spec(what if isinstance(what, str) else "", example, key, rule, chars, low, high, least, most, unique,
                exclude, key_chars, key_pattern, holds)
    if isinstance(what, Spec) and made != Spec(""):
        raise TypeError("field(spec) takes its words and bounds from the Spec: give only default=")
    spec = what if isinstance(what, Spec) else made
    if default is REQUIRED:
        return dataclasses.field(metadata={SPEC: spec})
    if isinstance(default, Mapping):  # a mapping is not hashable: each instance gets its own frozen copy
        return dataclasses.field(default_factory=partial(MappingProxyType, dict(default)), metadata={SPEC: spec})
    return dataclasses.field(default=default, metadata={SPEC: spec})


# ---------------------------------------------------------------- shapes: what a JSON value may be

@dataclass(frozen=True)
class Text:
    """A string of at most `chars` characters (that starts with a match of `pattern`, if given).

    Examples:
        >>> shape_of(str, Spec("a tile", chars=8), "x")
        Text(chars=8, pattern='')
    """

    chars: int
    pattern: str = ""


@dataclass(frozen=True)
class Count:
    """A whole number from `low` to `high`.

    Examples:
        >>> shape_of(int, Spec("kongs", low=1, high=4), "x")
        Count(low=1, high=4)
    """

    low: int
    high: int


@dataclass(frozen=True)
class Flag:
    """true or false.

    Examples:
        >>> shape_of(bool, Spec("dealer"), "x")
        Flag()
    """


@dataclass(frozen=True)
class Choice:
    """One of `members` (values of a StrEnum).

    Examples:
        >>> from enum import StrEnum
        >>> class Seat(StrEnum):
        ...     ME = "本家"
        ...     YOU = "对家"
        >>> shape_of(Seat, Spec("seat", exclude=(Seat.ME,)), "x").members
        (<Seat.YOU: '对家'>,)
    """

    enum: type[StrEnum]
    members: tuple[StrEnum, ...]


@dataclass(frozen=True)
class Many:
    """A list of `least` to `most` entries of `item`, each once when `unique`.

    Examples:
        >>> shape_of(tuple[bool, ...], Spec("flags", most=2, unique=True), "x")
        Many(item=Flag(), least=0, most=2, unique=True)
    """

    item: Shape
    least: int
    most: int
    unique: bool


@dataclass(frozen=True)
class Table:
    """An object of at most `most` entries: keys of `key` (text or a choice), values of `value`.

    Examples:
        >>> shape_of(Mapping[str, int], Spec("points", key_chars=8, low=-9, high=9, most=4), "x").value
        Count(low=-9, high=9)
    """

    key: Text | Choice
    value: Shape
    most: int


@dataclass(frozen=True)
class Object:
    """A nested declaration.

    Examples:
        >>> from rules.request import RuleSetEntry
        >>> shape_of(RuleSetEntry, Spec("the rule set"), "x")
        Object(decl=<class 'rules.request.common.RuleSetEntry'>)
    """

    decl: type


@dataclass(frozen=True)
class OneOf:
    """One of several shapes, told apart by the JSON type (objects by the first field present).

    Examples:
        >>> shape_of(int | bool, Spec("a count or a flag", low=0, high=9), "x").options
        (Count(low=0, high=9), Flag())
    """

    options: tuple[Shape, ...]


Shape = Text | Count | Flag | Choice | Many | Table | Object | OneOf


@dataclass(frozen=True)
class Field:
    """One field of a declaration: its attribute, its JSON key, its shape, its Spec and whether it is required.

    Examples:
        >>> from rules.request import RuleSetEntry
        >>> [f.key for f in fields_of(RuleSetEntry)]
        ['preset', 'options']
    """

    name: str
    key: str
    shape: Shape
    spec: Spec
    required: bool


def without(full: type, part: type) -> list[str]:
    """The keys of `full` that `part` leaves out, in `full`'s order (a waits request is a score request
    without the fields of the win).

    Examples:
        >>> from rules.nanning.request import ScoreRequest, WaitsRequest
        >>> without(ScoreRequest, WaitsRequest)
        ['win', 'win_tile', 'kongs', 'chain', 'shisanyao_zimo', 'shisanyao_fangpao', 'multi']
    """
    kept = {f.key for f in fields_of(part)}
    return [f.key for f in fields_of(full) if f.key not in kept]


def is_declaration(cls: object) -> bool:
    """Whether `cls` is a request declaration (a dataclass whose fields all have a Spec).

    Examples:
        >>> from rules.request import RuleSetEntry
        >>> is_declaration(RuleSetEntry), is_declaration(int)
        (True, False)
    """
    return isinstance(cls, type) and dataclasses.is_dataclass(cls) and all(
        SPEC in f.metadata for f in dataclasses.fields(cls))


def fields_of(decl: type) -> tuple[Field, ...]:
    """The fields of a declaration, in the order written, each with its shape (read once per class).

    :raises TypeError: a declaration that does not say enough (a text without `chars`, a count
        without `low` and `high`, a list or mapping without `most`, a field without a Spec).

    Examples:
        >>> from rules.request import RuleSetEntry
        >>> fields_of(RuleSetEntry)[1].shape
        Table(key=Text(chars=32, pattern=''), value=Text(chars=32, pattern=''), most=32)
    """
    return _fields(decl)


@cache
def _fields(decl: type) -> tuple[Field, ...]:
    if not (isinstance(decl, type) and dataclasses.is_dataclass(decl)):
        raise TypeError(f"{decl!r} is not a dataclass")
    hints = typing.get_type_hints(decl)
    out = []
    for f in dataclasses.fields(decl):
        spec = f.metadata.get(SPEC)
        if not isinstance(spec, Spec):
            raise TypeError(f"{decl.__name__}.{f.name}: declare it with rules.request.field(...)")
        annotation, optional = _strip_none(hints[f.name])
        has_default = f.default is not dataclasses.MISSING or f.default_factory is not dataclasses.MISSING
        if optional and not has_default:
            raise TypeError(f"{decl.__name__}.{f.name}: an optional field needs a default")
        shape = shape_of(annotation, spec, f"{decl.__name__}.{f.name}")
        out.append(Field(f.name, spec.key or f.name, shape, spec, not has_default))
    return tuple(out)


def _strip_none(annotation: object) -> tuple[object, bool]:
    """The annotation without `| None`, and whether it had it."""
    args = typing.get_args(annotation)
    if _is_union(annotation) and type(None) in args:
        rest = tuple(a for a in args if a is not type(None))
        return functools.reduce(operator.or_, rest), True
    return annotation, False


def _is_union(annotation: object) -> bool:
    return typing.get_origin(annotation) in (Union, types.UnionType)


def shape_of(annotation: object, spec: Spec, where: str) -> Shape:
    """The shape a field's annotation and Spec give (see the module's docstring).

    Examples:
        >>> shape_of(tuple[str, ...], Spec("names", chars=8, most=4), "x")
        Many(item=Text(chars=8, pattern=''), least=0, most=4, unique=False)
    """
    origin, args = typing.get_origin(annotation), typing.get_args(annotation)
    if annotation is str:
        return Text(_needed(spec.chars, "chars", where))
    if annotation is bool:
        return Flag()
    if annotation is int:
        return Count(_needed(spec.low, "low", where), _needed(spec.high, "high", where))
    if isinstance(annotation, type) and issubclass(annotation, StrEnum):
        return Choice(annotation, tuple(m for m in annotation if m not in spec.exclude))
    if origin is tuple and len(args) == 2 and args[1] is Ellipsis:
        return Many(shape_of(args[0], spec, f"{where} entries"), spec.least, _needed(spec.most, "most", where),
                    spec.unique)
    if origin is Mapping:
        key = shape_of(args[0], dataclasses.replace(spec, chars=spec.key_chars), f"{where} keys")
        if not isinstance(key, (Text, Choice)):
            raise TypeError(f"{where}: a mapping's keys are text or a StrEnum")
        if spec.key_pattern and isinstance(key, Text):
            key = Text(key.chars, spec.key_pattern)
        return Table(key, shape_of(args[1], spec, f"{where} values"), _needed(spec.most, "most", where))
    if is_declaration(annotation):
        assert isinstance(annotation, type)
        return Object(annotation)
    if _is_union(annotation):
        return _one_of(tuple(shape_of(a, spec, where) for a in args), where)
    raise TypeError(f"{where}: a request cannot hold {annotation!r}")


def _needed(value: int | None, name: str, where: str) -> int:
    if value is None:
        raise TypeError(f"{where}: give {name}= (every size in a request is bounded)")
    return value


def _one_of(options: tuple[Shape, ...], where: str) -> OneOf:
    """A union whose options a value can be told apart by: one per JSON type, objects by their first field."""
    objects = [o for o in options if isinstance(o, Object)]
    others = [json_type(o) for o in options if not isinstance(o, Object)]
    if len(set(others)) != len(others) or (objects and "object" in others) or "one of" in others:
        raise TypeError(f"{where}: a union holds one option of each JSON type, or several declarations")
    if len(objects) > 1:
        tags = [tag_of(o.decl) for o in objects]
        if len(set(tags)) != len(tags) or any(shorthand_of(o.decl) for o in objects):
            raise TypeError(f"{where}: the declarations of a union need different first fields and no shorthand")
    return OneOf(options)


def tag_of(decl: type) -> str:
    """The key that tells a declaration apart in a union: its first field, which it must require.

    Examples:
        >>> from rules.request import RuleSetEntry
        >>> tag_of(RuleSetEntry)
        Traceback (most recent call last):
        ...
        TypeError: RuleSetEntry: in a union, a declaration requires its first field
    """
    first = fields_of(decl)[0]
    if not first.required:
        raise TypeError(f"{decl.__name__}: in a union, a declaration requires its first field")
    return first.key


def shorthand_of(decl: type) -> Field | None:
    """The field a bare string stands for (the declaration's `shorthand`), if it has one.

    Examples:
        >>> from rules.request import RuleSetEntry
        >>> shorthand_of(RuleSetEntry).key
        'preset'
    """
    name = getattr(decl, "shorthand", "")
    return next((f for f in fields_of(decl) if f.name == name), None) if name else None


def json_type(shape: Shape) -> str:
    """The JSON type a value of this shape has ("object" for a nested declaration).

    Examples:
        >>> json_type(Text(8)), json_type(Flag()), json_type(Many(Flag(), 0, 2, False))
        ('string', 'boolean', 'array')
    """
    if isinstance(shape, (Text, Choice)):
        return "string"
    if isinstance(shape, Count):
        return "integer"
    if isinstance(shape, Flag):
        return "boolean"
    if isinstance(shape, Many):
        return "array"
    if isinstance(shape, OneOf):
        return "one of"
    return "object"


class Published(typing.NamedTuple):
    """What the JSON Schema of a top-level request says beside its fields: its version (bumped when a
    key is removed or renamed), title, description and example requests.

    Examples:
        >>> Published(1, "a request", "One JSON object.", ({"hand": "1m"},)).version
        1
    """

    version: int
    title: str
    description: str
    examples: tuple[Mapping[str, object], ...]


class Declared(typing.Protocol):
    """A top-level request declaration: a dataclass with what its schema publishes.

    Examples:
        >>> from rules.nanning.request import ScoreRequest
        >>> ScoreRequest.published.title
        '南宁 score request'
    """

    published: ClassVar[Published]
