"""Every hand-written data file, checked before anything is built.

The build's first step calls `check_inputs`, so a broken file stops the build at
once with one line naming the file and the key or line (exit status 2), before
any output is written. Each file is read by the loader that uses it; the rule
data of each game is read through its rules core, and whatever the core
objects to is reported against the file it came from.
"""
from __future__ import annotations

from collections.abc import Callable

from rules.errors import RuleError

from . import games
from .datafile import fail
from .examples import context
from .findings import load_findings
from .recorded import article_rows, check_findings, check_lines, check_rows
from .sources import Document, documents, registry
from .structure import load_structure
from .text import check_text_data


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
    check_lines(docs.values())
    check_text_data()
    for game in dict.fromkeys(entry["game"] for entry in registry()):
        load_structure(game)
    context()
    for site in games.sites().values():  # each game's rule data: data file → the core's loader
        for name, load in site.rule_data().items():
            check_rule_data(name, load)
    played = list(dict.fromkeys(entry["game"] for entry in registry()))
    check_rows(article_rows(played))
    findings = {game: [f["id"] for f in load_findings(game)] for game in played}
    check_findings(findings)
    return docs
