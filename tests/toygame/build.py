"""The toy game's generator side (`Toy.generator`): its data steps (`.steps`), the page its rule ids link to,
its place in the nav; its scorer page is the default one (`GameSite.scorer_data`)."""
from __future__ import annotations

from generator.games import GameSite, NavPage

from . import RULES


class ToySite(GameSite):
    """Its data steps, the page its rule ids link to; its scorer page is the default one (`GameSite`)."""

    def steps(self, ctx) -> list:
        from .steps import steps

        return steps(ctx)

    def targets(self) -> dict[str, str]:
        """The toy has no source article: its rule ids are anchors of its own page."""
        return dict.fromkeys(RULES, "toy/rules/")

    def pages(self, pages, d) -> None:
        pages.write_markdown("toy/rules.md", "# 翻牌规则 { #toy-rules }\n\n" + "".join(
            f'<p id="{rule}"><code>{rule}</code> {text}</p>\n' for rule, text in RULES.items()))

    def own_nav(self, game: str) -> tuple[list[NavPage], list[NavPage]]:
        return [("规则", f"{game}/rules.md")], []


SITE = ToySite()
