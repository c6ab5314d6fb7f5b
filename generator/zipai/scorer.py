"""What the 字牌 计分器 page offers (`generator.site.scorer` calls `scorer_data` for every game that has it):
the words of its forms, its readings, and the cheat sheet's requests."""
from __future__ import annotations

import json

from rules.zipai.club import presets
from rules.zipai.groups import ALIKE
from rules.zipai.loader import default_rule_set, readings_data
from rules.zipai.model import Extra, ShownKind, Win

GAME = "zipai"
RULE_PREFIXES = ("zp-", "ext-zp")
WINS = [w.value for w in Win if w is not Win.OPENING]  # what a request's `win` may be
SHOWN_KINDS = [k.value for k in ShownKind]
INTRO = ("点牌面把这一手牌摆出来（或直接输入牌），再加上亮出的碰、招、拢，选怎么胡和爆牌等情形，"
         "下面立即显示规则核心找出的分组、胡息、名堂、谁付给谁、合计和算式。"
         "手牌少一张时（不选胡法），列出胡哪几张、各怎么胡各得多少（听牌）。")


def ui() -> dict:
    """How the shared page script (site_src/assets/scorer.js, which names no game) shows this game: its
    cards (one character each; 小 and 大 named, red numbers marked), the request's keys for the winning
    card, the shown groups and a wait, and the words around the form."""
    deck = default_rule_set().constants.deck
    faces = {}
    for size, cards in (("小", deck.small), ("大", deck.big)):
        for number, card in enumerate(cards, 1):
            # 小/大 first in the text (a reader hears "小一", the button's name), drawn under the card by CSS
            faces[card] = {"name": size + card, "class": "cp-sc-red" if number in deck.red_numbers else "",
                           "parts": [["small", size], ["b", card]]}
    alike = {k.value: n for k, n in ALIKE.items() if k.value in SHOWN_KINDS}
    opening = Extra.OPENING.value  # a win with no win method
    return {"ui": {
        "notation": "chars", "faces": faces, "palette": [list(deck.small), list(deck.big)],
        "modes": [["hand", "手牌"]] + [[f"shown:{k}", "亮" + k] for k in SHOWN_KINDS],
        # 碰、招、拢: one tap puts that many alike; 吃: three cards tapped one by one
        "groups": "shown", "group": {"by": "cards", "alike": alike, "picked": 3},
        "tile_field": "win_card", "wait_key": "card",
        "try_win": WINS[0], "opening": opening, "from": {"field": "from", "default": "上家", "unless": WINS[0]},
        "fields": fields(opening),
        "words": {"hand_heading": "手牌与亮牌", "groups_caption": "亮出的牌", "hand_word": "手牌",
                  "text_label": "手牌（小字 一…十，大字 壹…拾）", "rules_summary": "读法（原文可两读之处）",
                  "sheet_head": "牌"}}}


def fields(opening: str) -> dict:
    """What the page shows of the score request's fields, keyed by field path: the words and the choices offered
    (an opening-hand win, one of the extras, offered among the 胡法), and the field the rules section edits."""
    return {
        "win": {"label": "胡法", "choices": [["", "还没胡：看听哪几张"], *([w, w] for w in WINS),
                                             [opening, f"{opening}胡（天胡、三垅、五坎……）"]]},
        "win_card": {"label": "胡的那张", "choices": [["", "手牌最后一张"]]},
        "from": {"label": "谁放的炮 / 谁翻的牌", "choices": [["", "—"], ["上家", "上家"], ["下家", "下家"]]},
        "bao": {"label": "爆牌"},
        "extras": {"label": "其他"},
        "dealer": {"label": "胡牌者是庄家"},
        "gang": {"label": "杠分（垅、点招、自招）"}, "gang.kind": {"label": "杠的种类"}, "gang.by": {"label": "谁杠"},
        "gang.from": {"label": "点招的人"},
        "readings": {"place": "rules"},
        "preset": {"label": "游戏程序的预设（不见于原文）", "sheet": True,  # the custom sheet is priced under it too
                   "choices": [["", "按原文（默认）"], *([p.id, p.name] for p in presets().values())]},
    }


def options(readings: dict) -> dict:
    return {"readings": [{"id": r["id"], "name": r["name"], "question": r["question"], "default": r["default"],
                          "values": [[o["id"], o["label"], o["says"]] for o in r["options"]]}
                         for r in readings["readings"]]}


def sheet() -> dict:
    """Every reading's probe hand (data/zipai/readings.toml: a hand whose price depends on that
    reading) × each way to win on it, priced under the chosen readings."""
    rows, seen = [], set()
    for r in readings_data()["reading"]:
        probe = {k: v for k, v in r["probe"].items() if k not in ("win", "from", "readings")}
        if "起手" in probe.get("extras", []):
            continue  # an opening-hand win has no win method to vary
        key = json.dumps(probe, ensure_ascii=False, sort_keys=True)
        if key in seen:
            continue
        seen.add(key)
        cells = [{**probe, "win": win, **({"from": "上家"} if win != WINS[0] else {})} for win in WINS]
        rows.append({"label": f"{r['name']}：{probe['hand']}", "requests": cells})
    return {"sheet": rows, "sheet_columns": list(WINS)}


def scorer_data(d, link) -> dict:
    """The page's data: its introduction (`intro`, written into the page, not its script), how the page
    shows the game (`ui`), readings, sheet, and where every cited rule id and reading is explained."""
    readings = d.own[GAME]["readings"]
    links = {rid: link.rule(rid) for rid in sorted(d.targets()) if rid.startswith(RULE_PREFIXES)}
    links.update({r["id"]: link.to("zipai/scoring/", r["id"]) for r in readings["readings"]})
    return {"intro": INTRO, **ui(), **options(readings), **sheet(), "links": links}
