"""The build: a list of steps, each saying what it does and how long it took.

Steps come from providers, one module per part of the product; each provider
has `steps(ctx) -> list[(title, function)]`, and each function returns a
one-line summary. Everything a step writes goes under the folders in `ctx`, so
tests can build into a temporary folder.
"""
from __future__ import annotations

import importlib
import sys
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from .paths import EXAMPLES, GENERATED, SITE, SITE_SRC

# In build order. Each names a module with a `steps(ctx)` function; every game's own
# module (`Game.generator`, see generator.games) comes in between, in registry order.
BEFORE_GAMES = ["generator.sourcedata"]
AFTER_GAMES = ["generator.rulings", "generator.analytics", "generator.site"]


def providers() -> list[str]:
    from rules import registry

    return BEFORE_GAMES + [g.generator for g in registry.games() if g.generator] + AFTER_GAMES


@dataclass(frozen=True)
class BuildContext:
    """Where a build writes: generated data, worked examples, MkDocs docs folder, site."""

    generated: Path = GENERATED
    examples: Path = EXAMPLES
    docs: Path = SITE_SRC
    site: Path = SITE
    with_site: bool = True


Step = tuple[str, Callable[[], str]]


def steps(ctx: BuildContext) -> list[Step]:
    out: list[Step] = []
    for name in providers():
        out += importlib.import_module(name).steps(ctx)
    return out


def run(ctx: BuildContext) -> None:
    todo = steps(ctx)
    started = time.perf_counter()
    for number, (title, step) in enumerate(todo, start=1):
        print(f"[{number}/{len(todo)}] {title}…", file=sys.stderr, flush=True)
        t0 = time.perf_counter()
        summary = step()
        print(f"      {summary}（{time.perf_counter() - t0:.1f} 秒）", file=sys.stderr, flush=True)
    print(f"完成，用时 {time.perf_counter() - started:.1f} 秒", file=sys.stderr)
