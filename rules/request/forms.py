"""What a declaration says to others: its JSON Schema (`schema_of`) and the scorer's form (`form_of`).

Both are read from the same `Field` rows as the reader, so the schema, the form, `--help`
and what the command line accepts cannot disagree.

A field written once is written once: a `Spec` shared by two declarations (a waits request
takes the score request's fields) is written where it first appears and referred to with
``$ref`` after; so is a nested declaration published as a document or a shared definition
of its own (`Refs.classes`).

Examples:
    >>> from rules.request import RuleSetEntry
    >>> schema_of(RuleSetEntry)["properties"]["preset"]
    {'type': 'string', 'maxLength': 32, 'description': 'a preset id or Chinese name (default: the first preset)', ...}
    >>> [(f["key"], f["kind"]) for f in form_of(RuleSetEntry)["fields"]]
    [('preset', 'text'), ('options', 'table')]
"""
from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field

from .fields import (
    Choice,
    Count,
    Field,
    Flag,
    Many,
    Object,
    Shape,
    Table,
    Text,
    fields_of,
    shorthand_of,
)

URN = "urn:caipan:"
DRAFT = "https://json-schema.org/draft/2020-12/schema"
Json = dict[str, object]


@dataclass
class Refs:
    """Where schemas already written are: each Spec's first place (document, JSON pointer), and the
    classes published whole (a request, or a definition in ``common``) by their URN.

    Examples:
        >>> Refs().classes
        {}
    """

    classes: Mapping[type, str] = field(default_factory=dict)
    places: dict[int, tuple[str, str]] = field(default_factory=dict)  # id(Spec) → (document, pointer)


def schema_of(decl: type, name: str = "", refs: Refs | None = None) -> Json:
    """The JSON Schema (draft 2020-12) of a declaration; a top-level request (one with `published`)
    as the document ``<name>`` with its $id, title, version, description and examples.

    Examples:
        >>> from rules.request import RuleSetEntry
        >>> schema_of(RuleSetEntry)["additionalProperties"]
        False
    """
    refs = refs if refs is not None else Refs()
    body = _object(decl, refs, name, "")
    published = getattr(decl, "published", None)
    if published is None:
        return body
    return {"$schema": DRAFT, "$id": URN + name, "title": published.title, "version": published.version,
            "description": published.description, **body,
            "examples": [dict(e) for e in published.examples]}


def _object(decl: type, refs: Refs, doc: str, pointer: str) -> Json:
    fields = fields_of(decl)
    out: Json = {"type": "object"}
    required = [f.key for f in fields if f.required]
    if required:
        out["required"] = required
    out["additionalProperties"] = False
    out["properties"] = {f.key: _field(f, refs, doc, f"{pointer}/properties/{f.key}") for f in fields}
    return out


def _field(f: Field, refs: Refs, doc: str, pointer: str) -> Json:
    """A field's schema: a reference to where its Spec was written before, or its shape with its words."""
    place = refs.places.get(id(f.spec))
    if place is not None:
        where, at = place
        return {"$ref": ("" if where == doc else URN + where) + "#" + at}
    refs.places[id(f.spec)] = (doc, pointer)
    if isinstance(f.shape, Object) and f.shape.decl in refs.classes:
        out: Json = {"$ref": refs.classes[f.shape.decl]}
    else:
        out = _shape(f.shape, refs, doc, pointer)
    return {**out, **_words(f)}


def _words(f: Field) -> Json:
    out: Json = {}
    if f.spec.what:
        out["description"] = f.spec.what
    if f.spec.example is not None:
        out["examples"] = [f.spec.example]
    return out


def _shape(shape: Shape, refs: Refs, doc: str, pointer: str) -> Json:
    if isinstance(shape, Text):
        return {"type": "string", "maxLength": shape.chars, **({"pattern": shape.pattern} if shape.pattern else {})}
    if isinstance(shape, Count):
        return {"type": "integer", "minimum": shape.low, "maximum": shape.high}
    if isinstance(shape, Flag):
        return {"type": "boolean"}
    if isinstance(shape, Choice):
        return {"enum": [m.value for m in shape.members]}
    if isinstance(shape, Many):
        out: Json = {"type": "array"}
        if shape.least:
            out["minItems"] = shape.least
        out["maxItems"] = shape.most
        if shape.unique:
            out["uniqueItems"] = True
        out["items"] = _shape(shape.item, refs, doc, f"{pointer}/items")
        return out
    if isinstance(shape, Table):
        return {"type": "object", "maxProperties": shape.most, "propertyNames": _shape(shape.key, refs, doc, pointer),
                "additionalProperties": _shape(shape.value, refs, doc, f"{pointer}/additionalProperties")}
    if isinstance(shape, Object):
        if shape.decl in refs.classes:
            return {"$ref": refs.classes[shape.decl]}
        short = shorthand_of(shape.decl)
        if short is None:
            return _object(shape.decl, refs, doc, pointer)
        return {"oneOf": [_shape(short.shape, refs, doc, f"{pointer}/oneOf/0"),
                          _object(shape.decl, refs, doc, f"{pointer}/oneOf/1")]}
    return {"oneOf": [_shape(o, refs, doc, f"{pointer}/oneOf/{n}") for n, o in enumerate(shape.options)]}


def definition(decl: type, what: str, example: object) -> Json:
    """A declaration as a shared definition (``common``'s ``$defs``): its shape, description and example.

    Examples:
        >>> from rules.request import RuleSetEntry
        >>> list(definition(RuleSetEntry, "a rule set", "dapao9"))
        ['oneOf', 'description', 'examples']
    """
    return {**_shape(Object(decl), Refs(), "", ""), "description": what, "examples": [example]}


def form_of(decl: type) -> Json:
    """The form a page offers for a declaration, JSON-serialisable: every field in order with its key,
    kind (text, count, flag, enum, list, table, object, one_of; a text of tile or card codes, its
    `Spec.holds`: tiles or tile), whether it is required, what it
    holds, an example, and its kind's choices and bounds (nested declarations inline).

    Examples:
        >>> from rules.request import RuleSetEntry
        >>> form_of(RuleSetEntry)["fields"][1]["key_shape"], form_of(RuleSetEntry)["shorthand"]
        ({'kind': 'text', 'chars': 32}, 'preset')
    """
    short = shorthand_of(decl)
    out: Json = {"fields": [_form_field(f) for f in fields_of(decl)]}
    if short is not None:
        out["shorthand"] = short.key
    return out


def _form_field(f: Field) -> Json:
    out: Json = {"key": f.key, "required": f.required, "description": f.spec.what}
    if f.spec.example is not None:
        out["example"] = f.spec.example
    form = _form(f.shape)
    if f.spec.holds is not None and form["kind"] == "text":
        # tile or card codes: the page draws them as faces (a palette, or a pick among the hand's)
        form["kind"] = f.spec.holds.value
    return {**form, **out}


def _form(shape: Shape) -> Json:
    if isinstance(shape, Text):
        return {"kind": "text", "chars": shape.chars, **({"pattern": shape.pattern} if shape.pattern else {})}
    if isinstance(shape, Count):
        return {"kind": "count", "low": shape.low, "high": shape.high}
    if isinstance(shape, Flag):
        return {"kind": "flag"}
    if isinstance(shape, Choice):
        return {"kind": "enum", "choices": [m.value for m in shape.members]}
    if isinstance(shape, Many):
        return {"kind": "list", "least": shape.least, "most": shape.most, "unique": shape.unique,
                "item": _form(shape.item)}
    if isinstance(shape, Table):
        return {"kind": "table", "most": shape.most, "key_shape": _form(shape.key), "value": _form(shape.value)}
    if isinstance(shape, Object):
        return {"kind": "object", **form_of(shape.decl)}
    return {"kind": "one_of", "options": [_form(o) for o in shape.options]}
