"""What Nanning's 计分器 page offers (`generator.site.scorer` calls `scorer_data` for every game that has it):
the words of its forms, its house rules, and the cheat sheet's requests."""
from __future__ import annotations

from rules.nanning.feasibility import witness
from rules.nanning.model import CHAIN_METHODS, OTHERS, FengHu, KongKind, MeldKind, Method, Situation
from rules.nanning.payouts import hand_types
from rules.nanning.preset import preset
from rules.nanning.tiles import notation

from .view import GRID

GAME = "nanning"
RULE_PREFIXES = ("nn-",)
INTRO = ("点牌面把这一局的牌摆出来（或直接输入牌码），再选怎么胡、连杠和桌上的情形，下面立即显示规则核心找出的牌型（门清、全求人由牌自己判断）、"
         "谁付给谁、合计、算式和依据的条目。手牌少一张时（不选胡法），列出胡哪几张、各怎么胡各得多少（听牌）。")


def vocabulary() -> dict:
    """The words the forms offer, straight from the core's enums (never typed twice)."""
    return {"methods": [m.value for m in Method], "chain_methods": sorted(m.value for m in CHAIN_METHODS),
            "kong_kinds": [k.value for k in KongKind], "meld_kinds": [k.value for k in MeldKind],
            "fenghu": [f.value for f in FengHu], "seats": [s.value for s in OTHERS]}


def options(presets: dict) -> dict:
    """The house rules as the page offers them: every option with its Chinese labels, every preset."""
    offered = [{"key": key, "name": o["name"], "default": o["default"], "values": list(o["values"].items())}
               for key, o in presets["options"].items()]
    return {"options": offered,
            "presets": [{"id": p["id"], "name": p["name"], "description": p["description"], "options": p["options"]}
                        for p in presets["presets"]]}


def sheet() -> dict:
    """The built cheat sheet's main grid (牌型 × 胡法), each cell a concrete request the page prices
    under the chosen rules: a hand of that type found by the core's own witness search."""
    base = preset()
    rows = []
    for hand_type in hand_types():
        cells = []
        for method, chain in GRID:
            kinds = (KongKind(chain),) if chain else ()
            found = witness(Situation(hand_type, Method(method), kinds), base)
            if found is None:
                cells.append(None)
                continue
            h = found.hand
            request = {"hand": notation(h.concealed), "win_tile": notation([h.win_tile]), "win": method}
            if h.melds:
                request["melds"] = [{"kind": m.kind.value, "tile": notation([m.tile])} for m in h.melds]
            if kinds:
                request["chain"] = [k.value for k in kinds]
            cells.append(request)
        rows.append({"label": hand_type.label(), "requests": cells})
    columns = [m + (f"（{c}）" if c else "") for m, c in GRID]
    return {"sheet": rows, "sheet_columns": columns}


def scorer_data(d, link) -> dict:
    """The page's data: its introduction (`intro`, written into the page, not its script), vocabulary, house rules, sheet, and where every cited rule id is explained."""
    links = {rid: link.rule(rid) for rid in sorted(d.targets()) if rid.startswith(RULE_PREFIXES)}
    return {"intro": INTRO, **vocabulary(), **options(d.own[GAME]["presets"]), **sheet(), "links": links}
