"""What the 字牌 计分器 page offers (`generator.site.scorer` calls `scorer_data` for every game that has it):
the words of its forms, its readings, and the cheat sheet's requests."""
from __future__ import annotations

import json

from rules.zipai.cli import EXTRAS, WINS
from rules.zipai.groups import SHOWN_KINDS
from rules.zipai.presets import config, readings_data
from rules.zipai.scoring import Bao, GangKind, Seat

GAME = "zipai"
RULE_PREFIXES = ("zp-", "ext-zp")
INTRO = ("点牌面把这一手牌摆出来（或直接输入牌），再加上亮出的碰、招、拢，选怎么胡和爆牌等情形，下面立即显示规则核心找出的分组、胡息、名堂、"
         "谁付给谁、合计和算式。手牌少一张时（不选胡法），列出胡哪几张、各怎么胡各得多少（听牌）。")


def vocabulary() -> dict:
    """The words the forms offer, straight from the core's enums and deck (never typed twice)."""
    deck = config().rules.deck
    return {"wins": list(WINS), "extras": list(EXTRAS), "shown_kinds": list(SHOWN_KINDS),
            "bao": [b.value for b in Bao], "seats": [s.value for s in Seat], "gang_kinds": [g.value for g in GangKind],
            "small": deck.small, "big": deck.big, "red": sorted(deck.red_numbers)}


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
    """The page's data: its introduction (`intro`, written into the page, not its script), vocabulary, readings, sheet, and where every cited rule id and reading is explained."""
    readings = d.own[GAME]["readings"]
    links = {rid: link.rule(rid) for rid in sorted(d.targets()) if rid.startswith(RULE_PREFIXES)}
    links.update({r["id"]: link.to("zipai/scoring/", r["id"]) for r in readings["readings"]})
    return {"intro": INTRO, **vocabulary(), **options(readings), **sheet(), "links": links}
