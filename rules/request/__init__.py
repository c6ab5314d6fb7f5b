"""A request from outside, from bytes to a checked declaration, and what its declaration tells others.

- `rules.request.wire`: bytes in (`load`: one JSON object, every size bounded), the answer or one
  line out (`answer`, `serve`), and how a refusal quotes the input (`echo`);
- `rules.request.fields`: how a game declares a request (a frozen dataclass, `field(...)` per key);
- `rules.request.reader`: `read(Decl, obj)`, every structural check with one message shape;
- `rules.request.forms`: the declaration's JSON Schema (`schema_of`) and the scorer's form (`form_of`);
- `rules.request.common`: the declarations the games share (`RuleSetEntry`).

A game declares its requests in ``rules/<game>/request.py``; what a rule forbids is checked by
the game after the read.

Examples:
    >>> from dataclasses import dataclass
    >>> @dataclass(frozen=True, kw_only=True)
    ... class Ask:
    ...     hand: str = field("the tiles", chars=8)
    >>> read(Ask, load(b'{"hand": "123m"}'))
    Ask(hand='123m')
"""
from .common import RuleSetEntry
from .fields import REQUIRED, Declared, Field, Holds, Published, Spec, field, fields_of, without
from .forms import Refs, definition, form_of, schema_of
from .reader import count, read, text
from .wire import (
    DIGIT,
    MAX_DEPTH,
    MAX_INPUT_BYTES,
    MAX_INT_DIGITS,
    MAX_LINE,
    Refusal,
    answer,
    described,
    echo,
    keys,
    load,
    one_line,
    refuse,
    serve,
)

__all__ = [
    "DIGIT",
    "MAX_DEPTH",
    "MAX_INPUT_BYTES",
    "MAX_INT_DIGITS",
    "MAX_LINE",
    "REQUIRED",
    "Declared",
    "Field",
    "Holds",
    "Published",
    "Refs",
    "Refusal",
    "RuleSetEntry",
    "Spec",
    "answer",
    "count",
    "definition",
    "described",
    "echo",
    "field",
    "fields_of",
    "form_of",
    "keys",
    "load",
    "one_line",
    "read",
    "refuse",
    "schema_of",
    "serve",
    "text",
    "without",
]
