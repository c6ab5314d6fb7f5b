"""What each 字牌 preset of a deployed program changes against the document (原文), for the rulings page.

The preset has its own 名堂, base and payments, so no row of the document's payout table is a row of
its own. The comparison is therefore over real hands: the drills' hands of the level 全部 (`rules.drill`, seeded,
so every build draws the same), each a win under the document, scored again under the preset. What the preset
does not know is left out of the hand's request first (杠分, readings, 头块), and said so on the page.
"""
from __future__ import annotations

from collections.abc import Iterable, Mapping
from functools import cache
from statistics import median
from typing import Any

from rules.drill import Level, Mode, drill
from rules.errors import RuleError
from rules.registry import game
from rules.zipai.club import ClubRules, presets
from rules.zipai.loader import rules_data
from rules.zipai.model import Extra

from .site import preset_view

GAME = "zipai"
# 全部: every hand type of the payout table and every 胡数 in turn (常见 would draw by data/zipai/drill.toml's
# weights, which the build checks against the statistics only later: a broken file must be said that way)
SEEDS = range(400)  # 400 hands, about 3 s to draw
UNKNOWN = ("gang", "readings")  # what the preset refuses to be given: no 杠分, no readings
UNKNOWN_EXTRAS = (Extra.TOUKUAI.value,)


@cache
def hands() -> tuple[dict[str, Any], ...]:
    """The drills' hands of the level 全部, won in play or as dealt (score requests the document lets win)."""
    return tuple(drill(GAME, Mode.TOTAL, Level.ALL, seed)["request"] for seed in SEEDS)


def as_preset_sees(request: Mapping[str, Any], club: ClubRules) -> dict[str, Any]:
    """The same hand, won the same way, as a request under the preset: without what it does not know.

    Examples:
        >>> club = presets()["luzhou-daer"]
        >>> as_preset_sees({"hand": "一", "win": "自摸", "extras": ["头块", "海底"], "gang": []}, club)
        {'hand': '一', 'win': '自摸', 'extras': ['海底'], 'preset': 'luzhou-daer'}
    """
    out = {k: v for k, v in request.items() if k not in UNKNOWN}
    if "extras" in out:
        out["extras"] = [e for e in out["extras"] if e not in UNKNOWN_EXTRAS]
        if not out["extras"]:
            del out["extras"]
    return {**out, "preset": club.id}


def _huxi_changes(club: ClubRules) -> str:
    """The groups whose 胡息 the preset sets otherwise than the document (data/zipai/rules.toml [[huxi]])."""
    document = {(e["kind"], e["colour"]): (e["small"], e["big"]) for e in rules_data()["huxi"]}
    out = []
    for (kind, colour), (small, big) in club.huxi.items():
        theirs = document.get((kind, colour)) or document[(kind, "")]
        if (small.value, big.value) != (theirs[0]["value"], theirs[1]["value"]):
            out.append(f"{colour}{kind} {small.value}/{big.value}（原文 {theirs[0]['value']}/{theirs[1]['value']}，"
                       f"{theirs[0]['rule']}、{theirs[1]['rule']}；{small.rule}）")
    return "，".join(out) or "与原文相同"


def _changes(club: ClubRules) -> list[dict[str, str]]:
    """The preset's rules, in the scoring page's words; the 胡息 only where it differs from the document's."""
    view = preset_view(club)
    brackets = "，".join(f"{b['label']} → {b['base']}" for b in view["brackets"])
    return [
        {"name": "能胡", "means": view["win"]},
        {"name": "拆法", "means": view["split"]},
        {"name": "结算", "means": f"{view['settle']}；底分 {brackets}"},
        {"name": "名堂", "means": "、".join(f"{f['name']} {f['fan']} 番" for f in view["fans"])},
        {"name": "胡息（小字/大字）", "means": _huxi_changes(club)},
        {"name": "付款", "means": view["pay"]},
        {"name": "杠分", "means": view["gang"]},
    ]


def compare(requests: Iterable[Mapping[str, Any]], club: ClubRules) -> dict[str, Any]:
    """Over hands the document lets win: how many also win under the preset, how many of those the winner
    gains otherwise, and the median of the preset's gain over the document's."""
    g = game(GAME)
    both = differ = refused = 0
    ratios = []
    for request in requests:
        ours = g.score(dict(request))
        try:
            theirs = g.score(as_preset_sees(request, club))
        except RuleError:
            refused += 1
            continue
        both += 1
        differ += theirs["total"] != ours["total"]
        if ours["total"]:
            ratios.append(theirs["total"] / ours["total"])
    return {"both": both, "differ": differ, "only_yuanwen": refused, "only_here": None,
            "ratio": round(median(ratios), 3) if ratios else None}


def preset_changes() -> list[dict[str, Any]]:
    """Every preset against the document, in the keys the rulings page reads (as Nanning's
    `generator.nanning.tables.preset_changes`), with the size of the sample of hands."""
    sample = hands()
    return [{"id": club.id, "name": club.name, "description": "", "origin": club.origin,
             "provenance": list(club.provenance), "options": _changes(club), "rows": len(sample),
             "basis": "hands", **compare(sample, club)} for club in presets().values()]
