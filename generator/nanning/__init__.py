"""Nanning's generator side (the package `rules.nanning.game.Nanning.generator` names, see
`generator.games`): build steps for the payout table, the presets, the cross-check and
findings; the patterns its worked examples name; its pages, charts and statistics."""
from __future__ import annotations

from ..games import NavPage, PackageSite


class NanningSite(PackageSite):
    """The hooks of `PackageSite`, the patterns its worked examples name (`.patterns`), and the anchors
    of its own pages."""

    def example_patterns(self, words, defaults):
        return self.part("patterns").example_patterns(words, defaults)

    def normalise_patterns(self, found):
        return self.part("patterns").normalise_patterns(found)

    def own_nav(self, game: str) -> tuple[list[NavPage], list[NavPage]]:
        return [("计分规则", f"{game}/scoring.md")], [("速查表", f"{game}/cheatsheet.md")]

    def targets(self):
        return self.part("site").targets()


SITE = NanningSite(__name__)
