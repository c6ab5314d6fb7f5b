"""The JSON Schemas (draft 2020-12) of everything caipan reads or writes: one file per document kind.

Each ``<name>.schema.json`` has an ``$id`` of the form ``urn:caipan:<name>`` (other
schemas point into it with ``$ref``), a ``version`` (an integer, bumped when a key is
removed or renamed) and, for the published files, a ``schema_version`` field that must
equal it. The schemas ship in the wheel beside this module and are published on the
site under ``data/schemas/``. Validating needs the ``jsonschema`` package (the tests
use it); the rules core itself only reads them, for ``caipan --help``.

Examples:
    >>> "nanning.score.request" in names()
    True
    >>> load("payouts")["$id"]
    'urn:caipan:payouts'
    >>> version("payouts") >= 1
    True
"""
from __future__ import annotations

import json
from functools import cache
from importlib import resources
from importlib.resources.abc import Traversable
from typing import Any

SUFFIX = ".schema.json"
URN = "urn:caipan:"


Schema = dict[str, Any]  # a JSON Schema, as json.loads reads it


def _folder() -> Traversable:
    return resources.files(__name__)


@cache
def names() -> tuple[str, ...]:
    """Every schema's name (its file name without ``.schema.json``), sorted.

    Examples:
        >>> names()[0]
        'common'
    """
    return tuple(sorted(p.name[: -len(SUFFIX)] for p in _folder().iterdir() if p.name.endswith(SUFFIX)))


@cache
def _text(name: str) -> str:
    if name not in names():
        raise KeyError(f"no schema named {name!r}; known: {', '.join(names())}")
    found: str = (_folder() / f"{name}{SUFFIX}").read_text(encoding="utf-8")
    return found


def load(name: str) -> Schema:
    """The schema with this name, as a fresh dict.

    :raises KeyError: an unknown name.

    Examples:
        >>> load("error")["properties"]["status"]["const"]
        2
    """
    schema: Schema = json.loads(_text(name))
    return schema


def version(name: str) -> int:
    """The schema's version: published files carry it as ``schema_version``.

    Examples:
        >>> version("findings") == load("findings")["version"]
        True
    """
    return int(load(name)["version"])


def text(name: str) -> str:
    """The schema file's bytes as text, for publishing it unchanged.

    Examples:
        >>> text("common").startswith("{")
        True
    """
    return _text(name)


def generated() -> dict[str, Schema]:
    """The schemas the declarations give, by name: every game's of the wheel (``rules/<game>/``; a game
    registered from elsewhere, as the tests' toy game, publishes none) ``<game>.<command>.request``
    (`Game.requests`, in registry order), ``drill.request`` (`rules.drill.DrillArguments`) and ``common``
    with the shared definitions of `rules.request.common`. A field two requests share is written once and
    referred to (`rules.request.Refs`); `python -m rules.schemas --write` writes them, and a test checks
    the committed files are what they give.

    Examples:
        >>> made = generated()
        >>> made["nanning.waits.request"]["properties"]["melds"]
        {'$ref': 'urn:caipan:nanning.score.request#/properties/melds'}
        >>> made["nanning.score.request"] == load("nanning.score.request")
        True
    """
    from .. import registry
    from ..request import Refs, definition, schema_of
    from ..request.common import DEFINITIONS

    common = load("common")
    for name, (declaration, what, example) in DEFINITIONS.items():
        common["$defs"][name] = definition(declaration, what, example)
    classes: dict[type, str] = {d: f"{URN}common#/$defs/{name}" for name, (d, _, _) in DEFINITIONS.items()}
    documents = {f"{g.id}.{command}.request": d for g in registry.games() if type(g).__module__.startswith("rules.")
                 for command, d in g.requests.items()}
    refs = Refs(classes={**classes, **{d: URN + name for name, d in documents.items()}})
    from ..drill import DrillArguments

    documents["drill.request"] = DrillArguments  # the options of `caipan drill`, as one object
    return {"common": common, **{name: schema_of(d, name, refs) for name, d in documents.items()},
            "drill": _with_drill_example(load("drill"))}


def _with_drill_example(schema: Schema) -> Schema:
    """The drill schema with its example: the first game's drill of seed 1 (total, 常见)."""
    from .. import registry
    from ..drill import Level, Mode, drill

    return {**schema, "examples": [drill(registry.ids()[0], Mode.TOTAL, Level.COMMON, 1)]}


def dumps(schema: Schema) -> str:
    """A schema as its committed file holds it.

    Examples:
        >>> dumps(load("common")) == text("common")
        True
    """
    return json.dumps(schema, ensure_ascii=False, indent=2) + "\n"


def resolve(spec: Schema) -> Schema:
    """A property as written, or, when it is a ``$ref`` into another schema (a waits request reuses the
    score request's fields), the property it points at, with any keys written beside the ``$ref``.

    Examples:
        >>> resolve({"$ref": "urn:caipan:nanning.score.request#/properties/win"})["examples"]
        ['杠上花']
        >>> resolve({"type": "string"})
        {'type': 'string'}
    """
    target = spec.get("$ref", "")
    if not target.startswith(URN):
        return spec
    name, _, pointer = target.removeprefix(URN).partition("#")
    node = load(name)
    for part in filter(None, pointer.split("/")):
        node = node[part]
    return {**resolve(node), **{k: v for k, v in spec.items() if k != "$ref"}}


def keys(schema: Schema) -> list[str]:
    """Every key path a schema names, sorted: ``a.b`` for a property of a property, ``a[].b`` inside a
    list's items, ``#name.…`` inside ``$defs``. Removing or renaming one is a breaking change.

    Examples:
        >>> keys({"properties": {"a": {"type": "object", "properties": {"b": {}}},
        ...                      "c": {"items": {"properties": {"d": {}}}}}})
        ['a', 'a.b', 'c', 'c[].d']
    """
    found: set[str] = set()

    def walk(node: object, prefix: str) -> None:
        if not isinstance(node, dict):
            return
        for key, sub in node.get("properties", {}).items():
            found.add(prefix + key)
            walk(sub, prefix + key + ".")
        if isinstance(node.get("items"), dict):
            walk(node["items"], prefix.rstrip(".") + "[].")
        for part in node.get("allOf", []) + node.get("oneOf", []) + node.get("anyOf", []):
            walk(part, prefix)

    walk(schema, "")
    for name, sub in schema.get("$defs", {}).items():
        walk(sub, f"#{name}.")
    return sorted(found)


def shapes() -> dict[str, Schema]:
    """Every schema's version and key paths: what an edition records, to tell breaking changes.

    Examples:
        >>> shapes()["error"]["version"]
        1
    """
    return {name: {"version": version(name), "keys": keys(load(name))} for name in names()}


def breaking(old: dict[str, Schema], new: dict[str, Schema]) -> list[str]:
    """The unrecorded breaking changes from `old` shapes to `new`: a schema dropped, a key removed or
    renamed without a version bump, a version going down. Empty when every break is versioned.

    Examples:
        >>> old = {"x": {"version": 1, "keys": ["a", "b"]}}
        >>> breaking(old, {"x": {"version": 1, "keys": ["a", "c"]}})
        ['x: key b removed or renamed without a version bump (still 1)']
        >>> breaking(old, {"x": {"version": 2, "keys": ["a", "c"]}})
        []
    """
    problems = []
    for name, was in sorted(old.items()):
        now = new.get(name)
        if now is None:
            problems.append(f"{name}: schema removed")
        elif now["version"] < was["version"]:
            problems.append(f"{name}: version went down from {was['version']} to {now['version']}")
        elif now["version"] == was["version"]:
            problems += [f"{name}: key {k} removed or renamed without a version bump (still {was['version']})"
                         for k in sorted(set(was["keys"]) - set(now["keys"]))]
    return problems
