"""The build: a list of steps, each saying what it does and how long it took.

Steps come from providers, one module per part of the product with
`steps(ctx) -> list[(title, function)]`, and from every game's `GameSite` (its `steps`, in
registry order, between them); each function returns a one-line summary. A build reads its
inputs from `ctx.data` (data/ by default; the data-corruption tests point it at a copy) and
writes only under the output folders in `ctx`, never into data/ or site_src/. A game's
`GameSite.start(ctx)`, called before the first step, hands slow independent work to other
processes (`generator.background`).
"""
from __future__ import annotations

import gc
import importlib
import sys
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path

from rules.data import use_data_dir

from . import background
from .paths import DATA, DOCS, GENERATED, SITE

# In build order. Each names a module with a `steps(ctx)` function; every game's `GameSite`
# (`Game.generator`, see generator.games) comes in between, in registry order.
BEFORE_GAMES = ["generator.sourcedata"]
AFTER_GAMES = ["generator.rulings", "generator.analytics", "generator.site"]


@dataclass(frozen=True)
class BuildContext:
    """What a build reads (data) and where it writes: generated data, MkDocs docs folder, site."""

    data: Path = DATA
    generated: Path = GENERATED
    docs: Path = DOCS
    site: Path = SITE
    with_site: bool = True

    @property
    def examples(self) -> Path:
        """The committed worked examples (examples.csv), read and checked, never written by a build."""
        return self.data / "examples"


Step = tuple[str, Callable[[], str]]


def steps(ctx: BuildContext) -> list[Step]:
    """Every step, in build order."""
    use_data_dir(ctx.data)
    from .games import sites

    return [step for name in BEFORE_GAMES for step in importlib.import_module(name).steps(ctx)] \
        + [step for site in sites().values() for step in site.steps(ctx)] \
        + [step for name in AFTER_GAMES for step in importlib.import_module(name).steps(ctx)]


def run(ctx: BuildContext, quiet: bool = False) -> None:
    def say(text: str) -> None:
        if not quiet:
            print(text, file=sys.stderr, flush=True)

    started = time.perf_counter()
    with _no_cycle_collection(), background.workers():
        # The games hand their slow independent work to the workers first (`GameSite.start`,
        # generator.background): their packages import only the rules core until a step is asked
        # for. The work goes on while the steps' modules import (pandas, matplotlib: a second) and
        # the first steps check the sources and data files; their steps wait for it when they come.
        # A check that fails stops the workers with the build.
        use_data_dir(ctx.data)
        from .games import sites

        for site in sites().values():
            site.start(ctx)
        todo = steps(ctx)
        for number, (title, step) in enumerate(todo, start=1):
            say(f"[{number}/{len(todo)}] {title}…")
            t0 = time.perf_counter()
            summary = step()
            say(f"      {summary}（{time.perf_counter() - t0:.1f} 秒）")
    say(f"完成，用时 {time.perf_counter() - started:.1f} 秒")


@contextmanager
def _no_cycle_collection() -> Iterator[None]:
    """The cyclic garbage collector off while a build runs (and in the workers it forks). A build
    keeps a large heap alive (payout rows, parsed pages) and allocates fast, so the collector kept
    walking the same live objects: about 3 of 18 seconds of CPU, for some 13 MB of memory saved.
    Reference counting still frees everything that is not in a cycle."""
    was = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if was:
            gc.enable()
