"""字牌's build steps and the rule data it checks (`generator.zipai.ZipaiSite` imports them when first
asked for)."""
from __future__ import annotations

import pandas as pd

from rules.zipai.cards import Card, Size
from rules import registry
from rules.zipai.groups import ALIKE, make
from rules.zipai.model import GroupKind
from rules.zipai.club import presets as club_presets
from rules.zipai.loader import constants as rule_constants
from rules.zipai.loader import default_rule_set, option_specs, rules_data
from rules.zipai.payouts import NOTES, READING_SET, reached

from .. import background
from ..errors import BuildError
from ..findings import CheckRow, Finding, publish
from ..outputs import write_csv, write_json
from .check import constants
from .check import crosscheck as _crosscheck
from .check import findings as _findings
from .check import line_of, original, readings_report
from .payouts import payout_csv
from .presets import preset_changes

NOT_IN_DOCUMENT = "不见于原文"

# The rule data the core reads: checked first by `generator.inputs`, each complaint naming its file.
RULE_DATA = {"zipai/rules.toml": rule_constants, "zipai/readings.toml": option_specs,
             "zipai/presets.toml": club_presets}


def crosscheck() -> list[CheckRow]:
    return _crosscheck()


def findings(rows: list[CheckRow] | None = None) -> list[Finding]:
    return _findings(rows)


def _example_cards(kind: GroupKind, colour: str, size: Size) -> tuple[Card, ...]:
    """A group of this kind, colour and size, to price through the core."""
    rule_set = default_rule_set()
    red = rule_set.constants.deck.red_numbers
    if kind is GroupKind.YIERSAN:
        numbers = (1, 2, 3)
    elif kind is GroupKind.ERQISHI:
        numbers = tuple(sorted(red))
    elif kind is GroupKind.SHUN:
        numbers = (3, 4, 5)
    elif kind is GroupKind.DAXIAO:
        return (Card.of(size, 5), Card.of(size, 5), Card.of(Size.SMALL if size is Size.BIG else Size.BIG, 5))
    elif kind is GroupKind.JIANG:
        return (Card.of(size, 5),) * 2
    elif kind is GroupKind.SAN:
        return (Card.of(size, 5),)
    else:
        number = next(n for n in range(1, 11) if (n in red) == (colour == "红"))
        numbers = (number,) * ALIKE[kind]
    return tuple(Card.of(size, n) for n in numbers)


def huxi_table() -> pd.DataFrame:
    """Every group kind × colour × size with its 胡息 from the core and the line it rests on."""
    rule_set = default_rule_set()
    ext = rule_set.constants.ext
    records = []
    for entry in rules_data()["huxi"]:
        kind = GroupKind(entry["kind"])
        for size in (Size.BIG, Size.SMALL):
            cell = entry["big" if size is Size.BIG else "small"]
            group = make(kind, _example_cards(kind, entry["colour"], size), rule_set.constants)
            rule = cell["rule"]
            in_doc = not rule.startswith("ext-")
            records.append({
                "kind": kind.value,
                "colour": entry["colour"] or "—",
                "size": "大字" if size is Size.BIG else "小字",
                "huxi": group.huxi,
                "example": rule_set.constants.deck.text(group.cards),
                "rule": rule,
                "line": line_of(rule) if in_doc else "",
                "quote": original(rule, cell["quote"]) if in_doc else "",
                "in_document": in_doc,
                "source": "" if in_doc else f"{NOT_IN_DOCUMENT}：{ext[rule][0]}（{ext[rule][1]}）",
            })
    return pd.DataFrame.from_records(records)


def most_hand() -> dict:
    """The most 胡息 any legal hand reaches, with a hand that reaches it, checked by scoring it."""
    rule_set = default_rule_set()
    huxi, parts = reached().most
    deck = rule_set.constants.deck
    shown, concealed = [], []
    for kind, cards in parts:
        text = deck.text(Card(c) for c in cards)
        if kind in (GroupKind.LONG, GroupKind.ZHAO, GroupKind.PENG):
            shown.append({"kind": kind.value, "cards": text})
        else:
            concealed.append(text)
    request = {"hand": "".join(concealed), "shown": shown, "win": "自摸"}
    scored = registry.game("zipai").score(request)
    if scored["huxi"] != huxi:
        raise BuildError(f"字牌: the hand found for the most 胡息 ({huxi}) scores {scored['huxi']}")
    return {"huxi": huxi, "request": request, "mingtang": scored["mingtang"], "total": scored["total"],
            "formula": scored["formula"]}


def steps(ctx) -> list:
    compared = []

    def tables() -> str:  # the reachability programme runs here first (a few seconds)
        compared.append(background.fork(preset_changes))  # drawn and scored beside the next two steps
        huxi = huxi_table()
        write_csv(huxi, ctx.generated / "zipai_huxi.csv")
        report = readings_report()
        report["payouts"] = {"reading_set": READING_SET, "notes": NOTES, "most": most_hand()}
        write_json(report, ctx.generated / "zipai_readings.json", schema="zipai.readings")
        reproduced = "；".join(
            f"{x['id'].split('-d003')[0]} 由 {len(x['reproducing'])}/{len(x['combinations'])} 种读法组合重现"
            for x in report["examples"])
        return f"胡息表 {len(huxi)} 行，读法 {len(report['readings'])} 种；{reproduced}"

    def payouts() -> str:
        # The hands priced in two halves side by side, the second in a child process. Most situations
        # to price are in the first hands: the first quarter of them holds about half.
        game = registry.game("zipai")
        second = background.fork(lambda: [row for k in range(1, 4) for row in game.payout_rows(part=(k, 4))])
        rows = game.payout_rows(part=(0, 4)) + second()
        write_csv(payout_csv(rows), ctx.generated / "zipai_payouts.csv", schema="zipai.payouts.csv")
        write_json(game.payout_table(rows), ctx.generated / "zipai_payouts.json", compact=True, schema="zipai.payouts")
        feasible = sum(r["feasible"] for r in rows)
        return (f"{len(rows)} 行（可能出现 {feasible} 行，不可能 {len(rows) - feasible} 行）；"
                f"一手牌最多 {reached().most[0]} 胡")

    def check() -> str:
        rows = crosscheck()
        return publish("zipai", rows, findings(rows), constants(), ctx.generated)

    def preset_comparison() -> str:
        changes = compared.pop()() if compared else preset_changes()
        write_json(changes, ctx.generated / "zipai_preset_changes.json")
        return "；".join(f"{c['name']}：{c['rows']} 手中 {c['both']} 手也能胡" for c in changes)

    # The cross-check first: a broken constant or finding stops the build before the long steps.
    return [("字牌：核对算例、记录勘误", check), ("字牌：胡息表与读法", tables), ("字牌：枚举并计价所有情形", payouts),
            ("字牌：游戏程序的预设与原文比较", preset_comparison)]
