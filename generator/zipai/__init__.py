"""字牌's generator side (the module `rules.zipai.game.Zipai.generator` names, see
`generator.games`): build steps for the 胡息 table, readings, payouts, cross-check and
findings; its pages, charts and statistics.

Writes into ctx.generated: zipai_huxi.csv, zipai_readings.json, zipai_payouts.csv
and .json, zipai_crosscheck.csv, zipai_findings.csv. `crosscheck()` and
`findings()` are what the rulings step merges with the other games'.
"""
from __future__ import annotations

from ..games import NavPage, PackageSite


class ZipaiSite(PackageSite):
    """The hooks of `PackageSite`, under its short name in the nav."""

    section = "字牌"  # shorter than its title in the nav

    def own_nav(self, game: str) -> tuple[list[NavPage], list[NavPage]]:
        return [("计分与胡息", f"{game}/scoring.md")], [("速查表", f"{game}/cheatsheet.md")]


SITE = ZipaiSite(__name__)
