"""Nanning's own pages: 计分规则 and 速查表, from its payout table and presets."""
from __future__ import annotations

from pathlib import Path

from ..site.data import SiteData, read_json
from ..site.views import cell_html
from . import view as nanning

GAME = "nanning"


def site_data(generated: Path) -> dict:
    """What these pages read: the presets and options with their quotes."""
    return {"presets": read_json(generated / "nanning_presets.json")}


def pages(p, d: SiteData) -> None:
    """Write the pages through `p` (a `generator.site.pages.Pages`)."""
    table = d.payouts[GAME]
    presets = d.own[GAME]["presets"]
    view = nanning.View(table) if table else None
    examples = {}
    if view:
        hands = [h for h in view.hands if view.label(h) in ("鸡胡", "碰碰胡+清一色")]
        examples = {(m, c): [view.cell(h, method=m, chain=c) for h in hands] for m, c in nanning.GRID}
        examples.update({(m, k + "→" + k): [view.cell(h, method=m, chain=k + "→" + k) for h in hands]
                         for m, k in nanning.CHAIN_METHODS})
    p.write("nanning/scoring.md", "scoring_nanning.md.j2", presets=presets, view=view, examples=examples)
    p.write("nanning/cheatsheet.md", "cheatsheet_nanning.md.j2", view=view, presets=presets,
            grid_columns=nanning.GRID, chain_methods=nanning.CHAIN_METHODS, cell=cell_html,
            chain_hands=view.main_hands() if view else [],
            fenghu_hands=view.fenghu_hands() if view else [],
            payer_of=view.payer if view else None,
            base_constants=("fangpao_base", "zimo_unit", "menqing_unit", "kong_point", "zha_hu_penalty"))
