"""Build provider: the statistics of every game that has them, and the page that shows them.

A game takes part through the `analytics` hook of its `GameSite` (see
`generator.games`): a module with a class `Part(ctx)` whose `steps()` compute
its numbers and write its CSVs into build/generated/, and whose `section()`
(after those steps) gives its part of the page (`page.Section`). With the site,
one more step writes the page analytics.md (the name the site's nav uses) and
its charts and downloads under analytics/ in the MkDocs docs folder.
"""
from __future__ import annotations

from .. import background
from ..games import sites


def parts(ctx) -> list:
    """Every game's analytics part, in registry order."""
    return [module.Part(ctx) for site in sites().values() if (module := site.analytics()) is not None]


def steps(ctx) -> list:
    found = parts(ctx)
    out = [step for part in found for step in part.steps()]
    if ctx.with_site:
        from . import page

        def site_step() -> str:
            sections = [part.section() for part in found]
            # Drawn in a child process while the build goes on; the site step waits for it
            # (generator.background.wait_all).
            background.fork(lambda: page.write(ctx.docs, ctx.generated, sections))
            return "统计页在另一进程中写出，与后面的步骤同时"

        out.append(("统计：网页与图表", site_step))
    return out
