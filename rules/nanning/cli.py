"""The JSON contract of `python -m rules score --game nanning`.

Input: hand, optional win_tile (default: the last tile written), melds
([{"kind": "碰"|"明杠"|"加杠"|"暗杠", "tile": "5s"}]), win (a 胡法), optional kongs
and chain, optional rules ({"preset": id or name, "options": {...}}), and the
table situation when it matters: discarder, fenghu, fenghu_seat, moma_hits,
fishing; `multi` for 一炮多响 (rules/nanning/multi.py). A 天胡 / 地胡 after a 暗杠 is priced
as 暗杠杠上花 with a note (nn-14-n1, nn-15-n1). Every field is checked; anything
unknown is an error.
"""
from __future__ import annotations

from typing import Any

from ..errors import RuleError
from .analysis import best, kong_melds, validate
from .model import (
    CHAIN_METHODS,
    SELF_DRAWN,
    FengHu,
    Fishing,
    Hand,
    KongKind,
    Meld,
    MeldKind,
    Method,
    Seat,
    Situation,
)
from .feasibility import FIRST_TURN_KONGS, first_turn_kongs
from .preset import DEFAULT, Preset, preset
from .preset import rules as combined
from .scoring import price
from .tiles import name, notation, parse, parse_one

FIELDS = {"hand", "win_tile", "melds", "win", "kongs", "chain", "rules", "discarder", "fenghu", "fenghu_seat",
          "moma_hits", "fishing", "multi"}


def _enum(enum: type, value: Any, what: str):
    try:
        return enum(value)
    except ValueError:
        allowed = " ".join(e.value for e in enum)
        raise RuleError(f"{what} {value!r} is not one of: {allowed}") from None


def _rules(request: dict) -> Preset:
    spec = request.get("rules", {})
    if isinstance(spec, str):
        return preset(spec)
    if not isinstance(spec, dict):
        raise RuleError('rules must be {"preset": …, "options": {…}} or a preset name')
    unknown = set(spec) - {"preset", "options"}
    if unknown:
        raise RuleError(f"unknown key(s) in rules: {', '.join(sorted(unknown))}")
    options = spec.get("options", {})
    if not isinstance(options, dict):
        raise RuleError("rules.options must be an object")
    return combined(spec.get("preset", DEFAULT), options)


def _melds(raw: Any) -> tuple[Meld, ...]:
    if raw is None:
        return ()
    if not isinstance(raw, list):
        raise RuleError('melds must be a list of {"kind": …, "tile": …}')
    out = []
    for k, m in enumerate(raw, start=1):
        if not isinstance(m, dict) or set(m) != {"kind", "tile"}:
            raise RuleError(f'meld {k} must be {{"kind": "碰"|"明杠"|"加杠"|"暗杠", "tile": "5s"}}')
        out.append(Meld(_enum(MeldKind, m["kind"], f"meld {k} kind"), parse_one(m["tile"], f"meld {k} tile")))
    return tuple(out)


def _chain(request: dict, method: Method, hand: Hand) -> tuple[KongKind, ...]:
    kongs = request.get("kongs")
    chain = request.get("chain")
    if method not in CHAIN_METHODS:
        if kongs not in (None, 0) or chain:
            raise RuleError(f"kongs/chain only go with 杠上花, 杠上炮 or 抢杠胡, not {method.value}",
                            rule="nn-17-n1" if method in (Method.HAIDILAO, Method.HAIDIPAO) else "nn-8-r1")
        return ()
    if kongs is not None and (not isinstance(kongs, int) or isinstance(kongs, bool) or kongs < 1):
        raise RuleError("kongs must be a whole number of kongs, at least 1")
    if chain is not None:
        if not isinstance(chain, list) or not chain:
            raise RuleError('chain must be a list of kong kinds, e.g. ["暗杠", "明杠"]')
        kinds = tuple(_enum(KongKind, k, "chain entry") for k in chain)
        if kongs is not None and kongs != len(kinds):
            raise RuleError(f"kongs={kongs} but chain lists {len(kinds)} kongs")
    else:
        n = kongs or 1
        if method is Method.GANGSHANGHUA:
            mine = kong_melds(hand)
            if len(mine) < n:
                raise RuleError(f"杠上花 after {n} kong(s) needs {n} kong melds in melds; found {len(mine)}",
                                rule="nn-7-mg1-r1")
            kinds = tuple(m.kind.kong_kind for m in mine[-n:])
        else:
            kinds = (KongKind.MING,) * n
    if method is Method.GANGSHANGHUA:
        have = [m.kind.kong_kind for m in kong_melds(hand)]
        for kind in KongKind:
            if kinds.count(kind) > have.count(kind):
                raise RuleError(f"the chain has {kinds.count(kind)} {kind.value} but melds show only "
                                f"{have.count(kind)}", rule="nn-7-mg1-r1")
    return kinds


def _first_turn_kongs(method: Method, hand: Hand, chain: tuple[KongKind, ...]) -> tuple[Method, tuple[KongKind, ...]]:
    """天胡 / 地胡 with kongs made first: the document prices them as 暗杠杠上花 (nn-14-n1, nn-15-n1).
    A 明杠 takes another player's tile, so it is no first-turn win at all."""
    kongs = kong_melds(hand)
    if method not in FIRST_TURN_KONGS or not kongs:
        return method, chain
    kinds = tuple(m.kind.kong_kind for m in kongs)
    if KongKind.MING in kinds:
        why = first_turn_kongs(method)
        raise RuleError(f"{method.value} with a 明杠/加杠: a kong of another player's tile breaks the first turn,"
                        f" so this is no {method.value}; score it as 杠上花", rule=why.rule, source=why.source)
    return Method.GANGSHANGHUA, kinds


def _seat(value: Any, what: str, default: Seat) -> Seat:
    if value is None:
        return default
    seat = _enum(Seat, value, what)
    if seat is Seat.SELF:
        raise RuleError(f"{what} must be another player (下家, 对家 or 上家)")
    return seat


def _fishing(raw: Any) -> Fishing | None:
    if raw is None:
        return None
    if not isinstance(raw, dict) or set(raw) - {"winner", "payers"}:
        raise RuleError('fishing must be {"winner": true|false, "payers": ["对家", …]}')
    winner = raw.get("winner", False)
    if not isinstance(winner, bool):
        raise RuleError("fishing.winner must be true or false")
    payers = tuple(_seat(s, "fishing.payers entry", Seat.PREV) for s in raw.get("payers", []))
    return Fishing(winner, payers)


def situation_of(request: dict) -> tuple[Situation, Hand, Preset, Any]:
    """A request read into the situation to price, the hand, the preset in force and the reading of the tiles.

    Examples:
        >>> situation, hand, preset, reading = situation_of({"hand": "234m678m999m55p", "win": "放炮",
        ...                                                  "melds": [{"kind": "碰", "tile": "9s"}]})
        >>> situation.method.value, situation.discarder.value, preset.id, reading.shape.value
        ('放炮', '上家', 'yuanwen', '鸡胡')
    """
    unknown = set(request) - FIELDS
    if unknown:
        raise RuleError(f"unknown field(s): {', '.join(sorted(unknown))}; known: {', '.join(sorted(FIELDS))}")
    if "hand" not in request:
        raise RuleError("missing field: hand")
    if "win" not in request:
        raise RuleError("missing field: win (one of " + " ".join(m.value for m in Method) + ")")
    rules = _rules(request)
    concealed = parse(request["hand"], "hand")
    win_tile = parse_one(request["win_tile"], "win_tile") if "win_tile" in request else concealed[-1]
    hand = Hand(tuple(concealed), _melds(request.get("melds")), win_tile)
    validate(hand)
    method = _enum(Method, request["win"], "win")
    chain = _chain(request, method, hand)
    method, chain = _first_turn_kongs(method, hand, chain)
    hand_type, reading = best(hand, method in SELF_DRAWN, rules.option("minggang_menqing") == "breaks")
    if method is Method.QIANGGANG and hand.concealed.count(win_tile) != 1:
        raise RuleError(
            f"抢杠胡 on {name(win_tile)}: the robbed 碰 holds the other three, so the winner can hold only the"
            f" robbed tile itself, not {hand.concealed.count(win_tile)}", rule="nn-9-d1", source="001:251")
    hits = request.get("moma_hits", 0)
    if not isinstance(hits, int) or isinstance(hits, bool) or hits < 0:
        raise RuleError("moma_hits must be a whole number ≥ 0")
    discarder = _seat(request.get("discarder"), "discarder", Seat.PREV)
    fenghu = _enum(FengHu, request.get("fenghu", FengHu.NONE.value), "fenghu")
    fenghu_seat = _seat(request.get("fenghu_seat"),
                        "fenghu_seat", discarder if fenghu is FengHu.B_DISCARDS else Seat.ACROSS)
    if fenghu is FengHu.OTHER_DISCARDS and fenghu_seat is discarder:
        raise RuleError("他家放炮 (双飞) means the discarder is not the 封胡'd player", rule="nn-12-r2")
    situation = Situation(hand_type, method, chain, fenghu, hits, _fishing(request.get("fishing")),
                          discarder, fenghu_seat)
    return situation, hand, rules, reading


def score(request: dict) -> dict:
    """What `caipan score --game nanning` prints for a request (one winner, or 一炮多响 with `multi`).

    Examples:
        >>> out = score({"hand": "234m678m999m55p", "win": "放炮", "melds": [{"kind": "碰", "tile": "9s"}]})
        >>> out["total"], out["patterns"], out["formula"]
        (2, ['鸡胡'], '2（鸡胡放炮基数） = 2；胡家共收 2（胡牌 2，杠分 0）')
    """
    if "multi" in request:
        from .multi import score_multi

        return score_multi(request)
    situation, hand, rules, reading = situation_of(request)
    settlement = price(situation, rules)
    formula, rule_ids, notes = settlement.formula, list(settlement.rules), []
    if situation.method is not Method(request["win"]):  # 天胡 / 地胡 after kongs: priced as 杠上花
        why = first_turn_kongs(Method(request["win"]))
        notes.append(why.cite_zh())
        formula = f"{why.message}；{formula}"
        rule_ids.insert(0, why.rule)
    return {
        "game": "nanning",
        "preset": rules.id,
        "options": dict(rules.options),
        "hand": {
            "concealed": notation(hand.concealed),
            "concealed_names": " ".join(name(t) for t in sorted(hand.concealed)),
            "melds": [{"kind": m.kind.value, "tile": name(m.tile)} for m in hand.melds],
            "win_tile": name(hand.win_tile),
        },
        "reading": {
            "shape": reading.shape.value,
            "sets": [("刻子 " if k == "刻" else "顺子 ") + name(t) for k, t in reading.sets],
            "pairs": [name(t) for t in reading.pairs],
        },
        "patterns": [p.value for p in situation.hand.patterns()],
        "win": situation.method.value,
        "chain": [k.value for k in situation.chain],
        "total": settlement.total,
        "hand_points": settlement.hand_points,
        "kong_points": settlement.kong_points,
        "payments": [
            {"payer": p.payer.value, "payee": p.payee.value, "amount": p.amount, "for": p.kind, "role": p.role}
            for p in settlement.payments
        ],
        "net": {seat.value: amount for seat, amount in settlement.net().items()},
        "formula": formula,
        "rules": rule_ids,
        "notes": notes,
    }
