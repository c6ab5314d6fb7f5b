"""The generator side of every registered game (`rules.registry`): the `GameSite` contract.

Each game names its generator package in `Game.generator`; that package's ``SITE`` is a
`GameSite`. The build, the example extraction, the pages, the charts, the nav and the scorer
loop over these and never name a game. Every hook has a no-op default, so a game fills only
what it has (the toy game of the tests fills `steps`, `targets`, `pages` and `own_nav`), and its
scorer page is drawn from its score request's declaration when it says nothing more.

A game's package keeps ``start`` in ``early.py``: its `GameSite` (in the package's
``__init__``) imports the modules of the other hooks when they are first called, so starting
the work imports only the rules core, not pandas or matplotlib.
"""
from __future__ import annotations

import importlib
import sys
from abc import ABC, abstractmethod
from collections.abc import Callable, Mapping
from pathlib import Path
from types import ModuleType
from typing import Any

from rules import registry

# A page of the nav: (title, file under the docs folder)
NavPage = tuple[str, str]


class GameSite(ABC):
    """What the build asks of a game's generator side. Only `steps` must be filled.

    Examples:
        >>> site("zipai").section, [title for title, _ in site("zipai").nav("zipai", article=True)][:2]
        ('字牌', ['规则原文', '计分与胡息'])
    """

    section: str = ""  # its section's title in the nav (default: the game's title)

    def start(self, ctx) -> None:  # noqa: B027 (a no-op default, as every hook but steps)
        """Slow work handed to the build's workers before the first step (`generator.build`)."""

    @abstractmethod
    def steps(self, ctx) -> list[tuple[str, Callable[[], str]]]:
        """Its data steps, (title, function) each. They write ``<id>_payouts.json|csv`` (the core's
        `Game.payout_table`), ``<id>_crosscheck.csv`` and ``<id>_findings.csv`` into ``ctx.generated``."""

    def rule_data(self) -> Mapping[str, Callable[[], object]]:
        """Data file → the core's loader: the rule data checked before the build (`generator.inputs`),
        each complaint naming its file."""
        return {}

    def example_patterns(self, words: str, defaults: list[str]) -> list[str]:
        """The patterns a worked example's words name (`generator.examples`)."""
        return defaults

    def normalise_patterns(self, found: list[str]) -> list[str]:
        """The patterns an example override names, in the game's own words."""
        return found

    def site_data(self, generated) -> dict:
        """What its own pages read, by name (`SiteData.own`)."""
        return {}

    def reader_names(self, own: dict) -> dict[str, str]:
        """Names for the keys of its presets, options, constants or readings, given what `site_data`
        read, so that pages never show a key such as ``kong_point`` (`generator.site.names`)."""
        return {}

    def pages(self, pages, d) -> None:  # noqa: B027 (a no-op default)
        """Its own pages (`generator.site.pages.Pages`)."""

    def own_nav(self, game: str) -> tuple[list[NavPage], list[NavPage]]:
        """The nav entries of its own pages: those listed before the shared payout pages, and after."""
        return [], []

    def nav(self, game: str, article: bool) -> list[NavPage]:
        """Its section of the site's nav: the article (when it has one), its own pages and the pages
        every game has, in reading order."""
        before, after = self.own_nav(game)
        shared = [("赔付表", f"{game}/payouts.md"), ("查分器", f"{game}/finder.md"), ("计分器", f"{game}/scorer.md")]
        shared += [("牌局记账", f"{game}/session.md")] if has_sessions(game) else []
        shared += [("练习", f"{game}/drill.md")] if registry.game(game).drills else []
        return ([("规则原文", f"{game}/article.md")] if article else []) + before + shared + after

    def targets(self) -> dict[str, str]:
        """Ids its own pages hold anchors for (rule ids of a game without a source article) → page."""
        return {}

    def charts(self) -> list[tuple[str, str, Callable[[Any, Any], object]]]:
        """(anchor id, file name, function(d, path)) for the charts page."""
        return []

    def notes(self) -> dict[str, str]:
        """Page → its own paragraph on a page the games share (``"article"``, ``"finder"``): Jinja
        source rendered with ``link``."""
        return {}

    def analytics(self) -> ModuleType | None:
        """A module with ``Part(ctx)``: its steps and its section of the statistics page
        (`generator.analytics`); None when it has no statistics."""
        return None

    def drill_weights(self) -> dict[str, Callable[[], str]]:
        """Its drills' weights file under data/ → what makes its text from the statistics' exact counts
        (`generator.drills`); empty when it has no drills."""
        return {}

    def templates(self) -> Path:
        """The folder of its own page templates: ``templates/`` beside the module that defines it."""
        return Path(sys.modules[type(self).__module__].__file__ or "").parent / "templates"

    def scorer_data(self, game: str, d, link) -> dict:
        """What its 计分器 page (``<id>/scorer/``, the core on Pyodide, `generator.site.scorer`) offers:
        ``intro`` (written into the page) and ``links`` (cited id → URL). By default the page draws the
        form of its score request's declaration (`rules.request.form_of`), one control per field; a game
        with tiles gives their faces and palette and its words and choices keyed by field path (``ui``,
        ``ui.fields``), house rules and cheat sheet."""
        links = {rid: link.rule(rid) for rid in sorted(d.targets()) if rid.startswith(f"{game}-") and link.rule(rid)}
        return {"intro": f"按{registry.game(game).title}的计分请求逐项填写，下面立即显示规则核心算出的谁付给谁、合计、"
                         "算式和依据的条目。", "links": links}


class PackageSite(GameSite):
    """A game's generator package laid out as the real games' are: slow work in ``.early``, build steps
    and rule data in ``.hooks``, pages in ``.site``, charts in ``.figures``, statistics in
    ``.analytics``, the scorer's offer in ``.scorer``; each module imported when a hook first needs it,
    so that `start` imports only the rules core."""

    def __init__(self, package: str) -> None:
        self.package = package

    def part(self, name: str) -> ModuleType:
        return importlib.import_module(f"{self.package}.{name}")

    def start(self, ctx) -> None:
        self.part("early").start(ctx)

    def steps(self, ctx):
        return self.part("hooks").steps(ctx)

    def rule_data(self):
        return self.part("hooks").RULE_DATA

    def site_data(self, generated):
        return self.part("site").site_data(generated)

    def reader_names(self, own):
        return self.part("site").reader_names(own)

    def pages(self, pages, d) -> None:
        self.part("site").pages(pages, d)

    def notes(self):
        return self.part("site").notes()

    def charts(self):
        return self.part("figures").charts()

    def analytics(self):
        return self.part("analytics")

    def drill_weights(self):
        found = self.analytics()
        return {found.DRILL_WEIGHTS: found.drill_weights}

    def scorer_data(self, game, d, link):
        return self.part("scorer").scorer_data(d, link)


def site(game_id: str) -> GameSite | None:
    """The generator side of a game (its package's ``SITE``), or None if it has none."""
    name = registry.game(game_id).generator
    if not name:
        return None
    found = importlib.import_module(name).SITE
    if not isinstance(found, GameSite):
        raise TypeError(f"{name}.SITE is not a GameSite")
    return found


def sites() -> dict[str, GameSite]:
    """Every game's generator side, by game id, in registry order."""
    return {game.id: found for game in registry.games() if (found := site(game.id)) is not None}


def has_sessions(game_id: str) -> bool:
    """Whether the game keeps a night (``caipan session``): its 牌局记账 page (`generator.site.session`)."""
    return "session" in registry.game(game_id).requests


def ids() -> list[str]:
    return registry.ids()


def titles() -> dict[str, str]:
    """Game id → its Chinese title, in registry order."""
    return {game.id: game.title for game in registry.games()}
