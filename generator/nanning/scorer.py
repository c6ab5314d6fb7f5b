"""What Nanning's 计分器 page offers (`generator.site.scorer` calls `scorer_data` for every game that has it):
the words of its forms, its house rules, and the cheat sheet's requests."""
from __future__ import annotations

from rules.errors import RuleError
from rules.nanning.feasibility import witness
from rules.nanning.game import Nanning
from rules.nanning.model import OTHERS, FengHu, KongKind, MeldKind, Win, Situation
from rules.nanning.options import Shisanyao
from rules.nanning.payouts import hand_types
from rules.nanning.request import SHISANYAO_FANGPAO, SHISANYAO_ZIMO
from rules.nanning.rule_set import preset
from rules.nanning.shisanyao import ORPHANS
from rules.nanning.tiles import KINDS, NUMERALS, Suit, name, notation, rank, suit

from .view import GRID

GAME = "nanning"
RULE_PREFIXES = ("nn-",)
INTRO = ("点牌面把这一局的牌摆出来（或直接输入牌码），再选怎么胡、连杠和桌上的情形，"
         "下面立即显示规则核心找出的牌型（门清、全求人由牌自己判断）、谁付给谁、合计、算式和依据的条目。"
         "手牌少一张时（不选胡法），列出胡哪几张、各怎么胡各得多少（听牌）。")


def ui() -> dict:
    """How the shared page script (site_src/assets/scorer.js, which names no game) shows this game: its
    tiles (written as runs of digits with a suit letter, 234m), their faces and names from the core, the
    request's keys for the winning tile, the melds and a wait, and the words around the form."""
    faces = {}
    for tile in range(KINDS):
        honour = suit(tile) is Suit.HONOR
        top, bottom = (name(tile), "") if honour else (NUMERALS[rank(tile) - 1], name(tile)[1:])
        faces[notation([tile])] = {"name": name(tile), "class": f"cp-sc-s{suit(tile).value}",
                                   "parts": [["b", top], ["small", bottom]]}
    palette = [[notation([t]) for t in range(KINDS) if suit(t) is s] for s in Suit]
    return {"ui": {
        "notation": "runs", "faces": faces, "palette": palette,
        "modes": [["hand", "手牌"]] + [[f"meld:{k.value}", k.value] for k in MeldKind],
        "groups": "melds", "group": {"by": "tile"}, "tile_field": "win_tile", "wait_key": "tile",
        "try_win": Win.ZIMO.value, "fields": fields(),
        "words": {"hand_heading": "牌", "groups_caption": "碰、杠", "hand_word": "牌码",
                  "text_label": "牌码（万 m、筒 p、条 s、字 z，如 234m678m55p）",
                  "rules_summary": "规则选项（预设与约定）", "sheet_head": "牌型"}}}


def fields() -> dict:
    """What the page shows of the score request's fields, keyed by field path: the words, the choices offered
    (with what "not set" reads), and the fields left to another part of the site (`place`)."""
    seats = [[s.value, s.value] for s in OTHERS]
    return {
        "win": {"label": "胡法", "choices": [["", "还没胡：看听哪几张"], *([m.value, m.value] for m in Win)]},
        "win_tile": {"label": "胡的那张", "choices": [["", "手牌最后一张"]]},
        "kongs": {"place": "chain"},  # how many kongs in a row: the 连杠 buttons say it with their kinds
        "chain": {"label": "连杠（先后顺序）", "unset": "按碰杠自动", "clears": ["kongs"]},
        "rules": {"place": "rules"},
        "discarder": {"label": "放炮的人", "choices": [["", "上家（默认）"], *seats]},
        "fenghu": {"label": "封胡", "choices": [[f.value, f.value] for f in FengHu], "unset": FengHu.NONE.value},
        "fenghu_seat": {"label": "被封胡的人", "choices": [["", "默认"], *seats]},
        "moma_hits": {"label": "中码颗数"},
        "fishing": {"label": "钓鱼"}, "fishing.winner": {"label": "胡家钓中"}, "fishing.payers": {"each": "钓中"},
        # the club's price of a 十三幺: the sheet's 十三幺 row is priced with what the form says
        "shisanyao_zimo": {"label": "十三幺约定值（自摸每家付）", "sheet": True},
        "shisanyao_fangpao": {"label": "十三幺约定值（放炮者付）", "sheet": True},
        "multi": {"place": "session"},  # 一炮多响: the 牌局记账 page adds the other winners (记入牌局 ?also)
    }


def options(presets: dict) -> dict:
    """The house rules as the page offers them: every option with its Chinese labels, every preset."""
    offered = [{"key": key, "name": o["name"], "default": o["default"], "values": list(o["values"].items()),
                "origin": o["origin"]} for key, o in presets["options"].items()]
    return {"options": offered,
            "presets": [{"id": p["id"], "name": p["name"], "description": p["description"], "options": p["options"],
                         "origin": p["origin"]} for p in presets["presets"]]}


def sheet() -> dict:
    """The built cheat sheet's main grid (牌型 × 胡法), each cell a concrete request the page prices
    under the chosen rules: a hand of that type found by the core's own witness search; last, the club variant
    十三幺 (`shisanyao_row`)."""
    base = preset()
    rows = []
    for hand_type in hand_types():
        cells = []
        for method, chain in GRID:
            kinds = (KongKind(chain),) if chain else ()
            found = witness(Situation(hand_type, Win(method), kinds), base)
            if found is None:
                cells.append(None)
                continue
            h = found.hand
            request = {"hand": notation(h.concealed), "win_tile": notation([h.won_on]), "win": method}
            if h.melds:
                request["melds"] = [{"kind": m.kind.value, "tile": notation([m.tile])} for m in h.melds]
            if kinds:
                request["chain"] = [k.value for k in kinds]
            cells.append(request)
        rows.append({"label": hand_type.label(), "requests": cells})
    rows.append(shisanyao_row(base.option_specs["shisanyao"].name))
    columns = [m + (f"（{c}）" if c else "") for m, c in GRID]
    return {"sheet": rows, "sheet_columns": columns}


def shisanyao_row(label: str) -> dict:
    """十三幺 (a club variant no split reads, `rules.nanning.shisanyao`): the orphans with the last one twice, won
    on one held once (so a robbed kong has its other copies). A column has a cell when the core, with 十三幺
    allowed and the declaration's example prices, scores it there (no melds: no 杠上花); the page prices it
    under the chosen rules and the form's 约定值."""
    request = {"hand": notation(sorted(ORPHANS + ORPHANS[-1:])), "win_tile": notation(ORPHANS[:1])}
    allowed = {"rules": {"options": {"shisanyao": Shisanyao.AGREED.value}},
               "shisanyao_zimo": SHISANYAO_ZIMO.example, "shisanyao_fangpao": SHISANYAO_FANGPAO.example}
    cells: list[dict | None] = []
    for method, chain in GRID:
        cell = {**request, "win": method, **({"chain": [chain]} if chain else {})}
        try:
            Nanning().score({**cell, **allowed})
        except RuleError:
            cell = None
        cells.append(cell)
    return {"label": label, "requests": cells}


def scorer_data(d, link) -> dict:
    """The page's data: its introduction (`intro`, written into the page, not its script), how the page
    shows the game (`ui`), house rules, sheet, and where every cited rule id is explained."""
    links = {rid: link.rule(rid) for rid in sorted(d.targets()) if rid.startswith(RULE_PREFIXES)}
    return {"intro": INTRO, **ui(), **options(d.own[GAME]["presets"]), **sheet(), "links": links}
