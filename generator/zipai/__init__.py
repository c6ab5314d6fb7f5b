"""字牌's generator side (the module `rules.zipai.game.Zipai.generator` names, see
`generator.games`): build steps for the 胡息 table, readings, payouts, cross-check and
findings; its pages, charts and statistics.

Writes into ctx.generated: zipai_huxi.csv, zipai_readings.json, zipai_payouts.csv
and .json, zipai_crosscheck.csv, zipai_findings.csv. `crosscheck()` and
`findings()` are what the rulings step merges with the other games'.
"""
from __future__ import annotations

from ..games import GameSite, NavPage
from .early import start


class ZipaiSite(GameSite):
    """Every hook but `start` (in `.early`) imports its module when first called: starting the
    work hands it to the build's workers before the steps import pandas and matplotlib."""

    section = "字牌"  # shorter than its title in the nav

    def start(self, ctx) -> None:
        start(ctx)

    def steps(self, ctx):
        from .hooks import steps

        return steps(ctx)

    def rule_data(self):
        from .hooks import RULE_DATA

        return RULE_DATA

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
        return [("计分与胡息", f"{game}/scoring.md")], [("速查表", f"{game}/cheatsheet.md")]

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


SITE = ZipaiSite()
