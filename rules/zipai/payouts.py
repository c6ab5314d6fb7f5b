"""字牌: every 名堂 and combination × win method × 爆 situation × extras × 胡数, priced.

Rows are priced through the rules core (`price`) under the
default readings. Which hands exist comes from the core's reachability
programme (`reach`): a row is feasible when a legal hand can be
arranged with that 牌型 and 胡数; it is priced with the fewest 归 (and red
cards beyond ten) such a hand holds, and `step` says what each further 归 or
red card adds. Row ids are built from the situation, never from a position.
Pure: the generator writes the table out.
"""
from __future__ import annotations

import itertools
from collections.abc import Callable
from dataclasses import dataclass, replace
from functools import cache
from typing import Any

from ..errors import RuleError
from ..ledger import Settlement, payments_json
from .loader import default_rule_set
from .model import OTHERS, Bao, GangKind, Seat, Special, Win
from .reach import Reach, reach
from .rule_set import RuleSet
from .scoring import Circumstances, GangEvent, HandFacts, Situation, colour_class, gang_payments, price, red_threshold

READING_SET = "默认读法"
INPUTS = ["data/zipai/rules.toml", "data/zipai/readings.toml"]

# 牌型 as the document names them, with the key used in row ids.
HAND_KEYS = {
    "无名堂": "plain", "棒胡": "banghu", "列列胡": "lielie", "黑胡": "heihu", "黑棒": "heibang",
    "黑列列": "heilielie", "红胡": "honghu", "红棒": "hongbang", "红列列": "honglielie", "一颗珠": "yikezhu",
    "一珠棒": "yizhubang", "一珠列": "yizhulie", "三垅": "sanlong", "五坎": "wukan", "一拢（坎）三坎": "yilong-sankan",
    "来点儿（杠分）": "gangfen",
}
HAND_NAMES = set(HAND_KEYS) - {"来点儿（杠分）"}
WIN_KEYS = {Win.ZIMO: "zimo", Win.DIANPAO: "dianpao", Win.WALL: "dunshang", Win.OPENING: "qishou"}
# 爆 situations, by seat: 点炮 and a card turned up from the wall always come from 上家.
BAO = {
    "无人爆牌": ("none", (Bao.NONE, Bao.NONE, Bao.NONE)),
    "胡牌者爆牌": ("winner", (Bao.BAO, Bao.NONE, Bao.NONE)),
    "胡牌者申请红爆": ("winner-hongbao", (Bao.HONGBAO, Bao.NONE, Bao.NONE)),
    "上家爆牌": ("shang", (Bao.NONE, Bao.BAO, Bao.NONE)),
    "上家申请红爆": ("shang-hongbao", (Bao.NONE, Bao.HONGBAO, Bao.NONE)),
    "下家爆牌": ("xia", (Bao.NONE, Bao.NONE, Bao.BAO)),
}
GANG_KEYS = {GangKind.LONG: "long", GangKind.DIANZHAO: "dianzhao", GangKind.ZIZHAO: "zizhao"}
YES_NO = ("否", "是")
COLOUR_CLASSES = (("普通", False), ("普通", True), ("黑", False), ("黑", True), ("红", False), ("红", True),
                  ("一颗珠", False), ("一颗珠", True))

COLUMNS = [
    ("hand", "牌型", "text"), ("mingtang", "名堂", "text"), ("huxi", "胡数", "number"), ("win", "胡法", "text"),
    ("bao", "爆牌", "text"), ("haidi", "海底", "text"), ("toukuai", "头块", "text"), ("gui", "归", "number"),
    ("red", "红字", "number"), ("total", "胡牌者共得", "number"), ("pay_shang", "上家付", "number"),
    ("pay_xia", "下家付", "number"), ("step", "每多一归或一红加", "number"), ("formula", "算式", "text"),
]
DIMENSIONS = [("hand", "牌型"), ("huxi", "胡数"), ("win", "胡法"), ("bao", "爆牌"), ("haidi", "海底"),
              ("toukuai", "头块")]


@dataclass(frozen=True)
class HandRow:
    """One hand the table prices: its 牌型 facts, how it was won, and whether such a hand exists.

    `discard` is the same 牌型 and 胡数 won on another player's card (点炮, 墩上),
    which may hold a pair and that card spread over groups (zp-r-kan-split).

    Examples:
        >>> from rules.zipai.scoring import HandFacts
        >>> row = HandRow(HandFacts(huxi=10, red=2, red_concealed=2, lielie=False, gui=0, fours=0), False, True, "")
        >>> price_row(row, Win.ZIMO, "无人爆牌", False, False, default_rule_set())["id"]
        'zp-banghu-10-zimo-none'
    """

    facts: HandFacts
    opening: bool
    feasible: bool
    reason: str
    discard: HandRow | None = None


@cache
def reached() -> Reach:
    """The hands that exist (the slow part: a few seconds), once per build: from the source
    `reach_from` named, else computed here."""
    return _source[0]() if _source else reach(default_rule_set())


_source: list[Callable[[], Reach]] = []


def reach_from(source: Callable[[], Reach] | None) -> None:
    """Where `reached` takes the hands that exist from (None: compute them here). A build
    computes them in other processes while it goes on with other steps, and hands over
    a function that waits for them (`generator.zipai.start`).

    Examples:
        >>> computed = reached()
        >>> reach_from(lambda: computed)  # as a build hands over what another process computed
        >>> reached() is computed
        True
        >>> reach_from(None)
    """
    _source[:] = [source] if source else []
    reached.cache_clear()


Cheapest = dict[tuple[str, bool, int], tuple[int, int]]  # (colour class, 列列, 胡数) → (red cards, 归)


def _cheapest(table: dict[tuple[int, bool, int], int], rule_set: RuleSet) -> Cheapest:
    """For each (colour class, 列列, 胡数): (red cards, 归) of the real hand adding the fewest extra points.

    Extra points are 归 and, on a 红胡, the red cards beyond ten (each +10分 a payer).
    """
    over = rule_set.constants.mingtang.honghu_over.value
    best: dict[tuple[str, bool, int], tuple[tuple[int, int], tuple[int, int]]] = {}
    for (red, lielie, huxi), gui in table.items():
        colour = colour_class(HandFacts(huxi, red, red, lielie, gui, 0), rule_set)
        cost = (gui + (max(0, red - over) if colour == "红" else 0), red)
        key = (colour, lielie, huxi)
        if key not in best or cost < best[key][0]:
            best[key] = (cost, (red, gui))
    return {k: v[1] for k, v in best.items()}


def _nominal_red(colour: str, rule_set: RuleSet) -> int:
    """A red count of the class, to price a hand that cannot occur."""
    m = rule_set.constants.mingtang
    return {"黑": 0, "一颗珠": m.yikezhu_red.value, "红": red_threshold(rule_set),
            "普通": m.yikezhu_red.value + 1}[colour]


def hand_rows(rule_set: RuleSet) -> list[HandRow]:
    """Every colour class × 列列, over 胡数 from the least to the most a real hand of it reaches,
    won in play or as dealt (天胡); then the opening patterns the same way.

    Examples:
        >>> rows = hand_rows(default_rule_set())
        >>> rows[0].facts.huxi == default_rule_set().constants.min_huxi.value, any(r.opening for r in rows)
        (True, True)
    """
    found = reached()
    special = found.special
    low = rule_set.constants.min_huxi.value
    out = []
    for opening, tables in ((False, (found.regular, found.discard)), (True, (found.opening,))):
        cheapest = [_cheapest(table, rule_set) for table in tables]
        for colour, lielie in COLOUR_CLASSES:
            reached_at = [h for table in cheapest for (c, lie, h) in table if (c, lie) == (colour, lielie) and h >= low]
            if not reached_at:
                continue
            for huxi in range(min(reached_at), max(reached_at) + 1):
                rows = [_hand_row(table, colour, lielie, huxi, opening, rule_set) for table in cheapest]
                out.append(replace(rows[0], discard=rows[1] if len(rows) > 1 else None))
    for (name, opening), heights in sorted(special.items()):
        for huxi in range(min(heights), max(heights) + 1):
            gui = heights.get(huxi)
            # The pattern is scored by its own 胡息 (zp-r-special-mingtang=none): red cards do not matter.
            red = _nominal_red("普通", rule_set)
            facts = HandFacts(huxi, red, red, False, gui or 0, 0, complete=False, special=Special(name))
            why = "" if gui is not None else f"{name}凑不出{huxi}胡（{'起手' if opening else '中途'}）"
            out.append(HandRow(facts, opening, gui is not None, why))
    return out


def _hand_row(cheapest: Cheapest, colour: str, lielie: bool, huxi: int, opening: bool, rule_set: RuleSet) -> HandRow:
    if (colour, lielie, huxi) in cheapest:
        red, gui = cheapest[(colour, lielie, huxi)]
        return HandRow(HandFacts(huxi, red, red, lielie, gui, 0), opening, True, "")
    red = _nominal_red(colour, rule_set)
    kind = {"普通": "", "黑": "全黑", "红": "红胡", "一颗珠": "一颗珠"}[colour] + ("列列" if lielie else "")
    why = f"没有合乎规则的{'起手' if opening else ''}手牌能组成{huxi}胡的{kind or '普通'}牌型（已穷举所有组法）"
    return HandRow(HandFacts(huxi, red, red, lielie, 0, 0), opening, False, why)


def situations(row: HandRow) -> list[tuple[Win, str, bool, bool]]:
    """(win, 爆 situation, 海底, 头块) to price this hand under; illegal ones are dropped by the core.

    Examples:
        >>> from rules.zipai.scoring import HandFacts
        >>> row = HandRow(HandFacts(huxi=10, red=2, red_concealed=2, lielie=False, gui=0, fours=0), False, True, "")
        >>> situations(row)[0]
        (<Win.ZIMO: '自摸'>, '无人爆牌', False, False)
    """
    if row.opening:
        return [(Win.OPENING, "无人爆牌", False, False)]
    out = []
    for win in (Win.ZIMO, Win.DIANPAO, Win.WALL):
        for bao in BAO:
            if bao == "下家爆牌" and win is not Win.DIANPAO:
                continue  # the same as 上家爆牌 when both pay alike
            for haidi, toukuai in itertools.product((False, True), repeat=2):
                out.append((win, bao, haidi, toukuai))
    return out


def circumstances(win: Win, bao: str, haidi: bool, toukuai: bool, dealer: bool) -> Circumstances:
    """The circumstances of one table situation (a 爆 situation named as the table names it; 点炮 from 上家).

    Examples:
        >>> c = circumstances(Win.ZIMO, "上家爆牌", True, False, True)
        >>> c.bao_shang.value, c.haidi, c.dealer
        ('爆', True, True)
    """
    winner, shang, xia = BAO[bao][1]
    source = Seat.SHANG if win in (Win.DIANPAO, Win.WALL) else None
    return Circumstances(win, source, winner, shang, xia, haidi, toukuai, dealer)


def situation_of(row: HandRow, win: Win, bao: str, haidi: bool, toukuai: bool) -> Situation:
    """The situation one table row prices: the row's hand (won on another player's card: its `discard`
    form), the circumstances, and why no legal hand has these facts when none does.

    Examples:
        >>> from rules.zipai.scoring import HandFacts
        >>> row = HandRow(HandFacts(huxi=10, red=2, red_concealed=2, lielie=False, gui=0, fours=0), False, False,
        ...     "none")
        >>> situation_of(row, Win.ZIMO, "无人爆牌", False, False).unreachable
        'none'
    """
    if win in (Win.DIANPAO, Win.WALL) and row.discard is not None:
        row = row.discard
    c = circumstances(win, bao, haidi, toukuai, dealer=row.opening)
    return Situation(row.facts, c, unreachable="" if row.feasible else row.reason)


def _hand_label(s: Settlement, special: Special | None) -> str:
    if special is not None:
        return special.value
    named = [n for n in s.names if n in HAND_NAMES]
    return named[-1] if named else "无名堂"


def price_row(row: HandRow, win: Win, bao: str, haidi: bool, toukuai: bool,
              rule_set: RuleSet) -> dict[str, Any] | None:
    """One payout row, or None when the rules rule the situation out.

    Examples:
        >>> from rules.zipai.scoring import HandFacts
        >>> row = HandRow(HandFacts(huxi=10, red=2, red_concealed=2, lielie=False, gui=0, fours=0), False, True, "")
        >>> out = price_row(row, Win.DIANPAO, "无人爆牌", False, False, default_rule_set())
        >>> out["total"], out["formula"]
        (60, '上家付：(30)×2=60')
        >>> price_row(row, Win.ZIMO, "无人爆牌", False, True,
        ...     default_rule_set()) is None  # 头块 needs the winner 爆 (zp-3-toukuai-r1)
        True
    """
    situation = situation_of(row, win, bao, haidi, toukuai)
    if win in (Win.DIANPAO, Win.WALL) and row.discard is not None:
        row = row.discard
    try:
        s = price(situation, rule_set)
        more = price(replace(situation, facts=replace(row.facts, gui=row.facts.gui + 1)), rule_set)
    except RuleError:
        return None
    f = row.facts
    label = _hand_label(s, f.special)
    if f.special is not None and not row.opening:
        label = f"{label}（中途）"
    pays = {seat.value: 0 for seat in OTHERS}
    for p in s.payments:
        pays[p.payer] += p.amount
    hand_key = HAND_KEYS[label.removesuffix("（中途）")] + ("-zhongtu" if "中途" in label else "")
    rid = "-".join(["zp", hand_key, str(f.huxi), WIN_KEYS[win], BAO[bao][0], *(["haidi"] if haidi else []),
                    *(["toukuai"] if toukuai else [])])
    return {
        "id": rid,
        "hand": label,
        "mingtang": "、".join(s.names) or "（无）",
        "huxi": f.huxi,
        "win": "起手胡（天胡）" if win is Win.OPENING and f.special is None else win.value,
        "bao": bao,
        "haidi": YES_NO[haidi],
        "toukuai": YES_NO[toukuai],
        "gui": f.gui,
        "red": None if f.special is not None else f.red,
        "total": s.total,
        "pay_shang": pays[Seat.SHANG.value],
        "pay_xia": pays[Seat.XIA.value],
        "step": more.total - s.total,
        "formula": s.formula,
        "feasible": row.feasible,
        "reason": row.reason,
        "payments": payments_json(s.payments, roles=False),
        "rules": list(s.rules),
        "readings": READING_SET,
    }


def gang_rows(rule_set: RuleSet) -> list[dict[str, Any]]:
    """来点儿（杠分）: one row per event, paid apart from the win.

    Examples:
        >>> [(r["id"], r["total"]) for r in gang_rows(default_rule_set())][0]
        ('zp-gangfen-long', 40)
    """
    out = []
    for kind, source in ((GangKind.LONG, None), (GangKind.DIANZHAO, Seat.SHANG), (GangKind.ZIZHAO, None)):
        payments, rules = gang_payments((GangEvent(kind, Seat.WINNER, source),), rule_set)
        pays = {seat.value: 0 for seat in OTHERS}
        for p in payments:
            pays[p.payer] += p.amount
        total = sum(p.amount for p in payments)
        out.append({
            "id": f"zp-gangfen-{GANG_KEYS[kind]}",
            "hand": "来点儿（杠分）", "mingtang": kind.value, "huxi": 0, "win": kind.value, "bao": "无人爆牌",
            "haidi": "否", "toukuai": "否", "gui": 0, "red": None, "total": total,
            "pay_shang": pays[Seat.SHANG.value], "pay_xia": pays[Seat.XIA.value], "step": 0,
            "formula": "；".join(f"{p.payer}付{p.amount}" for p in payments) + "（杠分，与胡牌分开记）",
            "feasible": True, "reason": "",
            "payments": payments_json(payments, roles=False),
            "rules": list(rules), "readings": READING_SET,
        })
    return out


def payout_rows(rule_set: RuleSet | None = None, part: tuple[int, int] = (0, 1)) -> list[dict[str, Any]]:
    """The table's rows. `part` (k, n): only the rows of the k-th of n consecutive shares of
    the hands, the kong rows with the last share; the shares in order are the whole table
    (a build prices them side by side).

    Examples:
        >>> rows = payout_rows()
        >>> rows[0]["id"], rows[-1]["id"], len({r["id"] for r in rows}) == len(rows)
        ('zp-banghu-10-zimo-none', 'zp-gangfen-zizhao', True)
    """
    rule_set = rule_set or default_rule_set()
    hands = hand_rows(rule_set)
    k, n = part
    rows = []
    for row in hands[len(hands) * k // n:len(hands) * (k + 1) // n]:
        for win, bao, haidi, toukuai in situations(row):
            priced = price_row(row, win, bao, haidi, toukuai, rule_set)
            if priced is not None:
                rows.append(priced)
    return rows + (gang_rows(rule_set) if k == n - 1 else [])


def payout_json(rows: list[dict[str, Any]]) -> dict[str, Any]:
    """The payout table as published (zipai_payouts.json, schema `zipai.payouts`): columns, filter dimensions, rows.

    Examples:
        >>> list(payout_json(payout_rows()[:3]))
        ['game', 'title', 'edition_inputs', 'columns', 'dimensions', 'rows']
    """
    values: dict[str, list[Any]] = {key: [] for key, _ in DIMENSIONS}
    for r in rows:
        for key, _ in DIMENSIONS:
            if r[key] not in values[key]:
                values[key].append(r[key])
    values["huxi"].sort()
    order = list(HAND_KEYS)
    values["hand"].sort(key=lambda v: (order.index(v.removesuffix("（中途）")), v))
    return {
        "game": "zipai",
        "title": "字牌赔付表",
        "edition_inputs": INPUTS,
        "columns": [{"key": k, "label": label, "type": t} for k, label, t in COLUMNS],
        "dimensions": [{"key": k, "label": label, "values": values[k]} for k, label in DIMENSIONS],
        "rows": rows,
    }


# What the table's rows mean, for whoever shows it (written with the readings).
NOTES = [
    "点炮与胡别人从墩上的牌都记为上家打出或翻出；“上家爆牌”在点炮时是点炮者爆牌，“下家爆牌”是第三家爆牌（特殊爆牌）。",
    "可能出现（feasible）指有合乎规则的手牌能这样组成这个牌型和胡数；每行按这种手牌最少的归（红胡还有最少的多出红字）计价，"
    "每多一个归或一张红字，胡牌者共得加“每多一归或一红加”一栏的数。",
    "全部按默认读法计价；其他读法各自的效果见读法一节。",
]
