"""What the site renders, read from the build's outputs (ctx.generated, ctx.examples).

Nothing here computes an amount: every number the site shows is read from the
files earlier build steps wrote. A file that an earlier step has not produced yet
reads as None, and the pages that need it say so.
"""
from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path

import pandas as pd

from ..errors import BuildError
from ..games import sites, titles
from ..sourcedata import games_with_article
from ..structure import Article, article


def read_csv(path: Path) -> pd.DataFrame | None:
    if not path.exists():
        return None
    return pd.read_csv(path, dtype=str, keep_default_na=False, encoding="utf-8")


def read_json(path: Path):
    if not path.exists():
        return None
    return json.loads(path.read_text(encoding="utf-8"))


@dataclass
class SiteData:
    generated: Path
    articles: dict[str, Article]
    lines: pd.DataFrame
    class_counts: pd.DataFrame
    examples: pd.DataFrame
    payouts: dict[str, dict | None]
    crosscheck: pd.DataFrame | None
    findings: pd.DataFrame | None
    games: dict[str, str]  # id → title, in registry order
    own: dict[str, dict]  # id → what the game's own pages read (its module's `site_data`)

    def payout_path(self, game: str, ext: str) -> Path:
        return self.generated / f"{game}_payouts.{ext}"

    def targets(self) -> dict[str, str]:
        """Every id the site can link to -> the page that holds its anchor."""
        out = {}
        for game, art in self.articles.items():
            out.update({row.id: f"{game}/article/" for row in art.rows})
            out.update({f"{art.prefix}-{b.label}": f"{game}/article/" for b in art.blocks})
        for table, column in ((self.findings, "id"), (self.crosscheck, "example_id")):
            if table is not None:
                out.update(dict.fromkeys(table[column], "rulings/"))
        for site in sites().values():  # a game's own pages may hold anchors too (its `targets`)
            out.update(site.targets())
        return out


def preset_dimension(table: dict) -> dict | None:
    """The dimension that names the preset (Nanning) or reading set, shown as a select; None if the
    table has a single one (字牌 is priced under its default readings only)."""
    return next((dim for dim in table["dimensions"] if dim["key"].startswith(("preset", "reading"))), None)


def load(generated: Path, examples: Path) -> SiteData:
    def need(path: Path) -> pd.DataFrame:
        frame = read_csv(path)
        if frame is None:
            raise BuildError(f"{path} is missing; run the data steps first")
        return frame

    games = titles()
    return SiteData(
        generated=generated,
        articles={game: article(game) for game in games_with_article()},
        lines=need(generated / "lines.csv"),
        class_counts=need(generated / "line_class_counts.csv"),
        examples=need(examples / "examples.csv"),
        payouts={game: read_json(generated / f"{game}_payouts.json") for game in games},
        crosscheck=read_csv(generated / "crosscheck.csv"),
        findings=read_csv(generated / "findings.csv"),
        games=games,
        own={game: site.site_data(generated) for game, site in sites().items()},
    )

