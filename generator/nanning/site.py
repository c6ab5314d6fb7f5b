"""Nanning's own pages: 计分规则 and 速查表, from its payout table and presets."""
from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from markupsafe import Markup

from rules.nanning.rule_set import OPTIONS

from ..site.data import SiteData, read_json
from ..site.drill import find, row_link
from ..site.names import preset_names
from ..site.render import Links
from ..site.views import cell_html
from . import view as nanning

GAME = "nanning"

# Its own paragraphs on the pages every game has (generator/site/templates/article.md.j2 and
# finder.md.j2): Jinja source, rendered with the page's `link`.
NOTES = {
    "article": (
        '<p>这是由两份抄本 <a href="{{ link.to("sources/001/") }}">001</a>（较全）与 '
        '<a href="{{ link.to("sources/000/") }}">000</a>（受损，但保留了多个编号标题）逐行对齐后重建的文章。\n'
        '正文取自较全的一份；两份措辞或数字不同时，另一份的写法列在下面。'
        '错字已按对照表还原，插入的广告已删去（原样见“原文与逐行分类”）。</p>\n'
    ),
    "finder": (
        '<p>一炮多响（两三家同胡一张牌）时每个胡家各查一次；放炮者自己的杠分只算一次，见'
        '<a href="{{ link.to("nanning/scoring/", "nanning-multi") }}">计分规则·一炮多响与坐庄</a>。'
        '庄家起手开过暗杠再杠上花不算天胡、地胡，按杠上花（暗杠）查。</p>\n'
        '<p>“规则预设”里也有俱乐部和游戏程序的玩法（不见于原文，出处见'
        '<a href="{{ link.to("nanning/scoring/", "nanning-variants") }}">计分规则·变体</a>）：平胡需自摸、买几颗码。'
        '十三幺没有任何来源给出分值，要按俱乐部的约定值算：在<a href="{{ link.to("nanning/scorer/") }}">计分器</a>'
        '的规则选项里把“十三幺”设为可以胡，并填上约定值。</p>\n'
    ),
}


def notes() -> dict[str, str]:
    return NOTES


def targets() -> dict[str, str]:
    """Its options have anchors on its 计分规则 page ("option-menqing_rule"), which rulings link to."""
    return {f"option-{key}": "nanning/scoring/" for key in OPTIONS}


def reader_names(own: dict) -> dict[str, str]:
    """The Chinese names of its presets, options and constants (see `generator.site.names`)."""
    return preset_names(own.get("presets"))


def site_data(generated: Path) -> dict:
    """What these pages read: the presets and options with their quotes, and what each preset changes
    against the documents (the rulings page)."""
    return {"presets": read_json(generated / "nanning_presets.json"),
            "preset_changes": read_json(generated / "nanning_preset_changes.json")}


def practice(p) -> Callable[..., Markup]:
    """What links a cheat sheet row to a drill of its situation (`generator.site.drill.find`): a hand type
    (the patterns as the payout table joins them), with a kong chain of two or more, or a 封胡 situation."""
    link = Links("nanning/cheatsheet.md", p.targets)

    def row(label: str = "", method: str = "", state: str = "", chain: bool = False) -> Markup:
        def wanted(drill: dict) -> bool:
            request, answer = drill["request"], drill["answer"]
            return ((not label or "+".join(answer["patterns"]) == label)
                    and (not chain or len(request.get("chain", [])) > 1)
                    and (not method or request.get("win") == method) and (not state or request.get("fenghu") == state))
        what = "，".join(filter(None, [label, "连杠" if chain else "", method, state]))
        return row_link(link, find(GAME, what, wanted), what)
    return row


def pages(p, d: SiteData) -> None:
    """Write the pages through `p` (a `generator.site.pages.Pages`)."""
    table = d.payouts[GAME]
    presets = d.own[GAME]["presets"]
    view = nanning.View(table) if table else None
    examples = {}
    if view:
        hands = [h for h in view.hands if view.label(h) in ("鸡胡", "碰碰胡+清一色")]
        examples = {(m, c): [view.cell(h, method=m, chain=c) for h in hands] for m, c in nanning.GRID}
        examples.update({(m, view.chain_of(k, 2)): [view.cell(h, method=m, chain=view.chain_of(k, 2)) for h in hands]
                         for m, k in nanning.CHAIN_METHODS})
    p.write("nanning/scoring.md", "nanning/scoring.md.j2", presets=presets, view=view, examples=examples)
    p.write("nanning/cheatsheet.md", "nanning/cheatsheet.md.j2", view=view, presets=presets,
            chain_series=[view.chains(m, k, view.main_hands()) for m, k in nanning.CHAIN_METHODS] if view else [],
            grid_columns=nanning.GRID, chain_methods=nanning.CHAIN_METHODS, cell=cell_html,
            chain_hands=view.main_hands() if view else [],
            fenghu_hands=view.fenghu_hands() if view else [],
            payer_of=view.payer if view else None, practice=practice(p),
            base_constants=("fangpao_base", "zimo_unit", "menqing_unit", "kong_point", "zha_hu_penalty"))
