"""Every hand-written data file, checked before anything is built.

The build's first step calls `check_inputs`, so a broken file stops the build at
once with one line naming the file and the key or line (exit status 2), before
any output is written. Each file is read by the loader that uses it; the rule
data of each game is read through its rules core, and whatever the core
objects to is reported against the file it came from.
"""
from __future__ import annotations

import importlib
from collections.abc import Callable

from rules.errors import RuleError

from .datafile import fail
from .examples import context
from .findings import load_findings
from .sources import Document, documents, registry
from .structure import _load_structure
from .text import check_text_data

# Rule data read by the rules core: data file → the core's loader ("module:function").
RULE_DATA = {
    "nanning/presets.toml": "rules.nanning.preset:presets",
    "zipai/rules.toml": "rules.zipai.presets:rules",
    "zipai/readings.toml": "rules.zipai.presets:readings",
}


def _loader(spec: str) -> Callable[[], object]:
    module, _, name = spec.partition(":")
    return getattr(importlib.import_module(module), name)


def check_rule_data(name: str, load: Callable[[], object]) -> None:
    """Run a core loader; its complaint becomes one line naming the data file."""
    try:
        load()
    except (RuleError, KeyError, TypeError, ValueError, AttributeError) as exc:
        text = exc.one_line() if isinstance(exc, RuleError) else f"{type(exc).__name__}: {exc}"
        text = text.removeprefix(f"data/{name}").lstrip(" :")
        fail(name, "", text)


def check_inputs() -> dict[str, Document]:
    """Load and check every data file; the verified documents."""
    docs = documents()
    check_text_data()
    for game in dict.fromkeys(entry["game"] for entry in registry()):
        _load_structure(game)
    context()
    for name, spec in RULE_DATA.items():
        check_rule_data(name, _loader(spec))
    for game in dict.fromkeys(entry["game"] for entry in registry()):
        load_findings(game)
    return docs
