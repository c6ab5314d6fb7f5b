"""Nanning's generator side (the package `rules.nanning.game.Nanning.generator` names, see
`generator.games`): build steps for the payout table, the presets, the cross-check and
findings; the patterns its worked examples name; its pages, charts and statistics."""
from __future__ import annotations

from ..games import GameSite, NavPage
from .early import start


class NanningSite(GameSite):
    """Every hook but `start` (in `.early`) imports its module when first called: starting the
    work hands it to the build's workers before the steps import pandas and matplotlib."""

    def start(self, ctx) -> None:
        start(ctx)

    def steps(self, ctx):
        from .hooks import steps

        return steps(ctx)

    def rule_data(self):
        from .hooks import RULE_DATA

        return RULE_DATA

    def example_patterns(self, words, defaults):
        from .patterns import example_patterns

        return example_patterns(words, defaults)

    def normalise_patterns(self, found):
        from .patterns import normalise_patterns

        return normalise_patterns(found)

    def site_data(self, generated):
        from .site import site_data

        return site_data(generated)

    def reader_names(self, own):
        from .site import reader_names

        return reader_names(own)

    def pages(self, pages, d) -> None:
        from .site import pages as write

        write(pages, d)

    def own_nav(self, game: str) -> tuple[list[NavPage], list[NavPage]]:
        return [("计分规则", f"{game}/scoring.md")], [("速查表", f"{game}/cheatsheet.md")]

    def targets(self):
        from .site import targets

        return targets()

    def charts(self):
        from .figures import charts

        return charts()

    def notes(self):
        from .site import notes

        return notes()

    def analytics(self):
        from . import analytics

        return analytics

    def scorer_data(self, game, d, link):
        from .scorer import scorer_data

        return scorer_data(d, link)


SITE = NanningSite()
