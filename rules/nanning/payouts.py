"""Nanning: every situation priced, the payout table the site and app developers read.

The table crosses each hand type (shape × 门清 × 清一色 × 全求人) with each win
method, kong chain (length and kinds), 封胡 situation and 摸码 hits, for every
preset, through the rules core. Rows that cannot occur keep their reason (and
the witness hand for those that can). Pure: the generator writes it out.
"""
from __future__ import annotations

import itertools
from functools import cache
from typing import Any

from ..ledger import Settlement
from .feasibility import check, moma_eligible, witness
from .model import (
    CHAIN_WINS,
    SELF_DRAWN,
    FengHu,
    Fishing,
    HandType,
    KongKind,
    Seat,
    Shape,
    Situation,
    Win,
)
from .options import MinggangMenqing, Scoring, Switch
from .rule_set import DEFAULT, RuleSet, presets
from .scoring import price

SHAPE_CODE = {Shape.JIHU: "jh", Shape.PENGPENG: "pp", Shape.QIXIAODUI: "qd",
              Shape.DADUI1: "d1", Shape.DADUI2: "d2", Shape.DADUI3: "d3"}
WIN_CODE = {Win.FANGPAO: "fp", Win.ZIMO: "zm", Win.GANGSHANGHUA: "gh", Win.GANGSHANGPAO: "gp",
               Win.QIANGGANG: "qg", Win.QUANQIUPAO: "qp", Win.HAIDILAO: "hl", Win.HAIDIPAO: "hp",
               Win.TIANHU: "th", Win.DIHU: "dh", Win.RENHU: "rh"}
FENGHU_CODE = {FengHu.NONE: "", FengHu.OTHER_DISCARDS: "sf", FengHu.B_DISCARDS: "bf", FengHu.B_PAYS_ALL: "bb"}
KONG_CODE = {KongKind.MING: "m", KongKind.AN: "a"}
CODE_WIN = {v: k for k, v in WIN_CODE.items()}
CODE_SHAPE = {v: k for k, v in SHAPE_CODE.items()}
CODE_FENGHU = {v: k for k, v in FENGHU_CODE.items() if v}
CODE_KONG = {v: k for k, v in KONG_CODE.items()}


def hand_code(h: HandType) -> str:
    """A hand type's short code in row ids: the shape, then m (门清, unless a 七对 shape, always
    门清), q (清一色), r (全求人).

    Examples:
        >>> from rules.nanning.model import HandType, Shape
        >>> hand_code(HandType(Shape.JIHU, False, True)), hand_code(HandType(Shape.QIXIAODUI, True, False))
        ('jhq', 'qd')
    """
    return (SHAPE_CODE[h.shape] + ("m" if h.menqing and not h.shape.pairs else "")
            + ("q" if h.qingyise else "") + ("r" if h.quanqiuren else ""))


def situation_code(s: Situation) -> str:
    """A situation's code, the stable part of its payout row id (`parse_code` reads it back).

    Examples:
        >>> from rules.nanning.model import HandType, KongKind, Win, Shape, Situation
        >>> situation_code(Situation(HandType(Shape.PENGPENG, False, True), Win.GANGSHANGHUA, (KongKind.AN,)))
        'ppq-gh-a'
    """
    parts = [hand_code(s.hand), WIN_CODE[s.win]]
    if s.chain:
        parts.append("".join(KONG_CODE[k] for k in s.chain))
    if s.fenghu is not FengHu.NONE:
        parts.append(FENGHU_CODE[s.fenghu])
    if s.moma_hits:
        parts.append(f"k{s.moma_hits}")
    return "-".join(parts)


FISH_SEATS = (("n", Seat.NEXT), ("a", Seat.ACROSS), ("p", Seat.PREV))


def parse_code(code: str) -> Situation:
    """The inverse of `situation_code`, used by rulings to name the situations they price.

    Examples:
        >>> parse_code("ppq-gh-a").win.value, parse_code("jh-zm").hand.shape.value
        ('杠上花', '鸡胡')
    """
    hand, win, *rest = code.split("-")
    shape = CODE_SHAPE[hand[:2]]
    flags = hand[2:]
    chain: tuple[KongKind, ...] = ()
    fenghu, hits = FengHu.NONE, 0
    fishing: Fishing | None = None
    for part in rest:
        if part in CODE_FENGHU:
            fenghu = CODE_FENGHU[part]
        elif part.startswith("k") and part[1:].isdigit():
            hits = int(part[1:])
        elif part.startswith("y"):  # 钓鱼 (rulings only): w = the winner hit, n/a/p = 下家/对家/上家 hit
            fishing = Fishing("w" in part, tuple(seat for letter, seat in FISH_SEATS if letter in part[1:]))
        else:
            chain = tuple(CODE_KONG[c] for c in part)
    ht = HandType(shape, "m" in flags or shape.pairs, "q" in flags, "r" in flags)
    m = CODE_WIN[win]
    seat = Seat.PREV if fenghu is FengHu.B_DISCARDS else Seat.ACROSS
    return Situation(ht, m, chain, fenghu, hits, fishing, from_seat=Seat.PREV, fenghu_seat=seat)


def hand_types() -> list[HandType]:
    """Every well-formed hand type: 七对 shapes are always 门清, 全求人 is always 碰碰胡 and never 门清.

    Examples:
        >>> from rules.nanning.model import Shape
        >>> all(h.menqing for h in hand_types() if h.shape.pairs), any(h.quanqiuren and h.menqing for h in hand_types())
        (True, False)
    """
    out = []
    for shape in Shape:
        for menqing, qingyise, quanqiuren in itertools.product((False, True), repeat=3):
            if shape.pairs and not menqing:
                continue
            if quanqiuren and (shape is not Shape.PENGPENG or menqing):
                continue
            out.append(HandType(shape, menqing or shape.pairs, qingyise, quanqiuren))
    return out


def chains(win: Win, max_len: int) -> list[tuple[KongKind, ...]]:
    """杠上花: every sequence of kinds; 杠上炮: all-明 or all-暗 (the kinds only move kong points);
    抢杠胡: all-明, plus the chains with a 暗杠 the document rules out.

    Examples:
        >>> from rules.nanning.model import Win
        >>> [chain_text(c) for c in chains(Win.GANGSHANGPAO, 2)]
        ['明杠', '暗杠', '明杠→明杠（双连杠）', '暗杠→暗杠（双连杠）']
    """
    if win not in CHAIN_WINS:
        return [()]
    out: list[tuple[KongKind, ...]] = []
    for n in range(1, max_len + 1):
        if win is Win.GANGSHANGHUA:
            out += list(itertools.product((KongKind.MING, KongKind.AN), repeat=n))
        elif win is Win.GANGSHANGPAO:
            out += [(KongKind.MING,) * n, (KongKind.AN,) * n]
        else:
            out.append((KongKind.MING,) * n)
            out.append((KongKind.AN,) + (KongKind.MING,) * (n - 1))
    return out


def fenghu_states(win: Win, hand: HandType) -> list[FengHu]:
    """封胡 needs the winner to have 碰'd three times, so it never goes with a 门清 hand.

    Examples:
        >>> from rules.nanning.model import HandType, Win, Shape
        >>> [f.value for f in fenghu_states(Win.FANGPAO, HandType(Shape.PENGPENG, False, False))]
        ['无', '他家放炮', '被封胡者放炮']
        >>> [f.value for f in fenghu_states(Win.FANGPAO, HandType(Shape.PENGPENG, True, False))]
        ['无']
    """
    if hand.menqing:
        return [FengHu.NONE]
    if win in SELF_DRAWN:
        return [FengHu.NONE, FengHu.B_PAYS_ALL]
    return [FengHu.NONE, FengHu.OTHER_DISCARDS, FengHu.B_DISCARDS]


def situations(rule_set: RuleSet) -> list[Situation]:
    """Every situation the payout table prices under a preset: hand types × 胡法 × kong chains × 封胡 × 摸码.

    Examples:
        >>> from rules.nanning.rule_set import rule_set
        >>> found = situations(rule_set("yuanwen"))
        >>> len(found) == len(set(found)), situation_code(found[0])
        (True, 'jh-fp')
    """
    out = []
    for hand in hand_types():
        for win in Win:
            for chain in chains(win, rule_set.value("chain_max")):
                for fenghu in fenghu_states(win, hand):
                    discarder = Seat.PREV
                    b = discarder if fenghu is FengHu.B_DISCARDS else Seat.ACROSS
                    base = Situation(hand, win, chain, fenghu, 0, None, discarder, b)
                    out.append(base)
                    if rule_set.options.moma is Switch.ON and moma_eligible(base, rule_set):
                        for k in range(1, rule_set.moma_codes() + 1):
                            out.append(Situation(hand, win, chain, fenghu, k, None, discarder, b))
    return out


@cache
def _witness(s: Situation, minggang: MinggangMenqing, scoring: Scoring) -> str:
    """A witness under the options that decide how a hand reads (memoised: presets share them)."""
    found = witness(s, presets()[DEFAULT].with_options({"minggang_menqing": minggang, "scoring": scoring}))
    return found.describe() if found else ""


CHAIN_WORDS = {2: "双连杠", 3: "三连杠", 4: "四连杠"}  # as the document names chains


def chain_text(chain: tuple[KongKind, ...]) -> str:
    """A kong chain in words, as the table shows it.

    Examples:
        >>> from rules.nanning.model import KongKind
        >>> chain_text((KongKind.AN, KongKind.MING)), chain_text(())
        ('暗杠→明杠（双连杠）', '')
    """
    kinds = "→".join(k.value for k in chain)
    return f"{kinds}（{CHAIN_WORDS[len(chain)]}）" if len(chain) in CHAIN_WORDS else kinds


def payments_text(settlement: Settlement) -> str:
    """A settlement's payments in one line, as the table's 谁付多少 column.

    Examples:
        >>> from rules.nanning.model import HandType, Win, Shape, Situation
        >>> from rules.nanning.rule_set import rule_set
        >>> from rules.nanning.scoring import price
        >>> payments_text(price(Situation(HandType(Shape.JIHU, False, False), Win.FANGPAO), rule_set("yuanwen")))
        '上家（放炮者）付本家 2（胡牌）'
    """
    return "；".join(f"{p.payer.value}（{p.role}）付{p.payee.value} {p.amount}（{p.kind}）"
                     for p in settlement.payments)


def row(rule_set: RuleSet, s: Situation) -> dict[str, Any]:
    """One payout row: the situation, whether it can occur (else why not), its price, payments, formula, rules
    and a witness hand.

    Examples:
        >>> from rules.nanning.model import HandType, Win, Shape, Situation
        >>> from rules.nanning.rule_set import rule_set
        >>> r = row(rule_set("yuanwen"), Situation(HandType(Shape.JIHU, False, False), Win.ZIMO))
        >>> r["id"], r["feasible"], r["total"], r["net_上家"]
        ('nn-yuanwen-jh-zm', True, 9, -3)
    """
    reason = check(s, rule_set)
    record: dict[str, Any] = {
        "id": f"nn-{rule_set.id}-{situation_code(s)}",
        "preset": rule_set.id,
        "preset_name": rule_set.name,
        "shape": s.hand.shape.value,
        "menqing": "门清" if s.hand.menqing else "",
        "qingyise": "清一色" if s.hand.qingyise else "",
        "quanqiuren": "全求人" if s.hand.quanqiuren else "",
        "patterns": "+".join(p.value for p in s.hand.patterns()),
        "method": s.win.value,
        "kongs": len(s.chain),
        "chain": chain_text(s.chain),
        "fenghu": s.fenghu.value,
        "moma_hits": s.moma_hits,
        "feasible": reason is None,
        "reason": reason.cite_zh() if reason else "",
    }
    if reason is not None:
        record.update(total=None, hand_points=None, kong_points=None, payments=[], payments_text="",
                      formula="", rules=[reason.rule] if reason.rule else [], witness="")
        for seat in (Seat.NEXT, Seat.ACROSS, Seat.PREV):
            record[f"net_{seat.value}"] = None
        return record
    settlement = price(s, rule_set)
    net = settlement.net()
    record.update(
        total=settlement.total,
        hand_points=settlement.hand_points,
        kong_points=settlement.kong_points,
        payments=[{"payer": f"{p.payer.value}（{p.role}）", "payee": p.payee.value, "amount": p.amount,
                   "for": p.kind} for p in settlement.payments],
        payments_text=payments_text(settlement),
        formula=settlement.formula,
        rules=list(settlement.rules),
        witness=_witness(s, rule_set.options.minggang_menqing, rule_set.options.scoring),
    )
    for seat in (Seat.NEXT, Seat.ACROSS, Seat.PREV):
        record[f"net_{seat.value}"] = net[seat]
    if not record["witness"]:
        raise RuntimeError(f"{record['id']}: the rules allow it but no witness hand was found")
    return record


def payout_rows(part: tuple[int, int] = (0, 1)) -> list[dict[str, Any]]:
    """The rows of the payout table, every preset × every situation; `part` (k, n): only the k-th of n
    consecutive shares of them.

    Examples:
        >>> rows = payout_rows()
        >>> rows[0]["id"], len({r["id"] for r in rows}) == len(rows)
        ('nn-yuanwen-jh-fp', True)
    """
    cases = [(p, s) for p in presets().values() for s in situations(p)]
    k, n = part
    return [row(p, s) for p, s in cases[len(cases) * k // n:len(cases) * (k + 1) // n]]


COLUMNS = [
    ("preset_name", "规则预设", "text"), ("patterns", "牌型", "text"), ("method", "胡法", "text"),
    ("chain", "连杠", "text"), ("fenghu", "封胡", "text"), ("moma_hits", "中码", "number"),
    ("payments_text", "谁付多少", "text"), ("total", "胡家共收", "number"), ("hand_points", "胡牌分", "number"),
    ("kong_points", "杠分", "number"), ("formula", "算式", "text"),
]
DIMENSIONS = [
    ("preset_name", "规则预设"), ("shape", "牌型"), ("menqing", "门清"), ("qingyise", "清一色"),
    ("quanqiuren", "全求人"), ("method", "胡法"), ("chain", "连杠"), ("fenghu", "封胡"), ("moma_hits", "中码"),
]


def payout_json(rows: list[dict[str, Any]]) -> dict[str, Any]:
    """The payout table as published (nanning_payouts.json, schema `nanning.payouts`): columns, filter dimensions, rows.

    Examples:
        >>> table = payout_json(payout_rows())
        >>> list(table)
        ['game', 'title', 'edition_inputs', 'columns', 'dimensions', 'rows']
    """
    dims = []
    for key, label in DIMENSIONS:
        values = list(dict.fromkeys(r[key] for r in rows))
        dims.append({"key": key, "label": label, "values": values})
    return {
        "game": "nanning",
        "title": "南宁麻将赔付表",
        "edition_inputs": ["data/nanning/presets.toml", "data/nanning/billee1011.toml"],
        "columns": [{"key": k, "label": label, "type": t} for k, label, t in COLUMNS],
        "dimensions": dims,
        "rows": rows,
    }


