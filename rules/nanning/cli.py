"""The JSON contract of `python -m rules score --game nanning`.

Input: hand, optional win_tile (default: the last tile written), melds
([{"kind": "碰"|"明杠"|"加杠"|"暗杠", "tile": "5s"}]), win (a 胡法), optional kongs
and chain, optional rules ({"preset": id or name, "options": {...}}), and the
table situation when it matters: discarder, fenghu, fenghu_seat, moma_hits,
fishing (only when the preset plays 钓鱼, like moma_hits with 摸码); `multi` for 一炮多响
(rules/nanning/multi.py). A 天胡 / 地胡 after a 暗杠 is priced as 暗杠杠上花 with a
note (nn-14-n1, nn-15-n1). Every field
is checked for type and range (true/false and 1.0 are not counts, null is not
"absent"); anything unknown is an error.

The kong chain (连杠) before a 杠上花, 杠上炮 or 抢杠胡: `kongs` (1 to 4, default 1)
says how many, `chain` (e.g. ["暗杠", "明杠"]) which kinds. When `chain` is left
out it is inferred, never from the order the melds are written in:
- 杠上花: the kongs are the winner's own kong melds (暗杠 counts as 暗杠, 明杠 and
  加杠 as 明杠). If those melds leave one possible choice of `kongs` kinds (all
  are of one kind, or `kongs` equals their number) that is the chain, 暗杠 listed
  first; otherwise (e.g. one 暗杠 and one 明杠, kongs 1) `chain` is required.
- 杠上炮, 抢杠胡: the kongs are the discarder's, which the winner's melds do not
  show; they are taken as `kongs` 明杠 (only a chain of 明杠 can be robbed,
  nn-9-zhu-n1). Give `chain` when the discarder's chain held a 暗杠.
The chain's order never changes a price: only how many of each kind.
"""
from __future__ import annotations

from typing import Any

from ..errors import RuleError
from ..request import count, distinct, echo, flag, items, keys, shape_of
from .analysis import best, kong_melds, validate
from .feasibility import check_hand
from .model import (
    CHAIN_WINS,
    SELF_DRAWN,
    FengHu,
    Fishing,
    Hand,
    KongKind,
    OTHERS,
    Meld,
    MeldKind,
    Win,
    Seat,
    Situation,
)
from .feasibility import FIRST_TURN_KONGS, first_turn_kongs
from .rule_set import DEFAULT, RuleSet, preset
from .rule_set import rule_set as combined
from .scoring import price
from .tiles import name, notation, parse, parse_one
from .options import MinggangMenqing, Switch

FIELDS = {"hand", "win_tile", "melds", "win", "kongs", "chain", "rules", "discarder", "fenghu", "fenghu_seat",
          "moma_hits", "fishing", "multi"}


def _enum(enum: type, value: Any, what: str):
    try:
        return enum(value)
    except ValueError:
        allowed = " ".join(e.value for e in enum)
        raise RuleError(f"{what} {echo(value)} is not one of: {allowed}") from None
    except TypeError:  # a list or an object is not hashable, let alone a member
        raise RuleError(f"{what} must be one of: {' '.join(e.value for e in enum)}, not {shape_of(value)}") from None


def _rules(request: dict) -> RuleSet:
    spec = request.get("rules", {})
    if isinstance(spec, str):
        return preset(spec)
    if not isinstance(spec, dict):
        raise RuleError('rules must be {"preset": …, "options": {…}} or a preset name')
    unknown = set(spec) - {"preset", "options"}
    if unknown:
        raise RuleError(f"unknown key(s) in rules: {keys(unknown)}; known: options, preset")
    options = spec.get("options", {})
    if not isinstance(options, dict):
        raise RuleError("rules.options must be an object")
    return combined(spec.get("preset", DEFAULT), options)


def _melds(raw: Any) -> tuple[Meld, ...]:
    shape = 'a list of {"kind": …, "tile": …}'
    out = []
    for k, m in enumerate(items(raw, "melds", 4, shape, rule="nn-7-ag4-r1"), start=1):
        if not isinstance(m, dict) or set(m) != {"kind", "tile"}:
            raise RuleError(f'meld {k} must be {{"kind": "碰"|"明杠"|"加杠"|"暗杠", "tile": "5s"}}, not {echo(m)}')
        out.append(Meld(_enum(MeldKind, m["kind"], f"meld {k} kind"), parse_one(m["tile"], f"meld {k} tile")))
    return tuple(out)


NO_CHAIN = {"kongs": 0, "chain": []}  # the only values of kongs/chain a win without a kong chain accepts
CHAIN_ORDER = (KongKind.AN, KongKind.MING)  # how an inferred chain is listed (先暗杠后明杠)


def _chain(request: dict, win: Win, hand: Hand, rules: RuleSet) -> tuple[KongKind, ...]:
    """The kong chain before the win; see the module docstring for how an absent chain is inferred."""
    if win not in CHAIN_WINS:
        for key, none in NO_CHAIN.items():
            if key in request and (type(request[key]) is not type(none) or request[key] != none):
                raise RuleError(f"kongs/chain only go with 杠上花, 杠上炮 or 抢杠胡, not {win.value}"
                                f" (got {key}={echo(request[key])})",
                                rule="nn-17-n1" if win in (Win.HAIDILAO, Win.HAIDIPAO) else "nn-8-r1")
        return ()
    most = rules.value("chain_max")
    n = count(request["kongs"], "kongs", 1, most, rule="nn-7-mg4-r1") if "kongs" in request else None
    if "chain" in request:
        raw = items(request["chain"], "chain", most, 'a list of kong kinds, e.g. ["暗杠", "明杠"]', rule="nn-7-mg4-r1")
        if not raw:
            raise RuleError(f"chain is empty: {win.value} comes after at least one kong", rule="nn-7-mg4-r1")
        kinds = tuple(_enum(KongKind, k, "chain entry") for k in raw)
        if n is not None and n != len(kinds):
            raise RuleError(f"kongs={n} but chain lists {len(kinds)} kongs")
    elif win is Win.GANGSHANGHUA:
        kinds = _own_chain(hand, n or 1)
    else:
        kinds = (KongKind.MING,) * (n or 1)
    if win is Win.GANGSHANGHUA:
        have = [m.kind.kong_kind for m in kong_melds(hand)]
        for kind in KongKind:
            if kinds.count(kind) > have.count(kind):
                raise RuleError(f"the chain has {kinds.count(kind)} {kind.value} but melds show only "
                                f"{have.count(kind)}", rule="nn-7-mg1-r1")
    return kinds


def _first_turn_kongs(win: Win, hand: Hand, chain: tuple[KongKind, ...]) -> tuple[Win, tuple[KongKind, ...]]:
    """天胡 / 地胡 with kongs made first: the document prices them as 暗杠杠上花 (nn-14-n1, nn-15-n1).
    A 明杠 takes another player's tile, so it is no first-turn win at all."""
    kongs = kong_melds(hand)
    if win not in FIRST_TURN_KONGS or not kongs:
        return win, chain
    kinds = tuple(m.kind.kong_kind for m in kongs)
    if KongKind.MING in kinds:
        why = first_turn_kongs(win)
        raise RuleError(f"{win.value} with a 明杠/加杠: a kong of another player's tile breaks the first turn,"
                        f" so this is no {win.value}; score it as 杠上花", rule=why.rule, source=why.source)
    return Win.GANGSHANGHUA, kinds


def _own_chain(hand: Hand, n: int) -> tuple[KongKind, ...]:
    """The 杠上花 chain when `chain` is absent: the only choice of n of the winner's kong melds."""
    mine = sorted((m.kind.kong_kind for m in kong_melds(hand)), key=CHAIN_ORDER.index)
    if len(mine) < n:
        raise RuleError(f"杠上花 after {n} kong(s) needs {n} kong melds in melds; found {len(mine)}",
                        rule="nn-7-mg1-r1")
    if len(set(mine)) > 1 and n != len(mine):
        held = "、".join(f"{mine.count(k)} {k.value}" for k in CHAIN_ORDER)
        raise RuleError(f"杠上花 after {n} of the kongs {held}: which? give chain, e.g. "
                        f'"chain": ["{mine[-1].value}"]', rule="nn-7-mg1-r1")
    return tuple(mine[:n]) if len(set(mine)) == 1 else tuple(mine)


def _seat(value: Any, what: str) -> Seat:
    seat = _enum(Seat, value, what)
    if seat is Seat.SELF:
        raise RuleError(f"{what} must be another player (下家, 对家 or 上家)")
    return seat


def _fishing(request: dict, rules: RuleSet) -> Fishing | None:
    if "fishing" not in request:
        return None
    raw = request["fishing"]
    spec = rules.option_specs["fishing"]
    if rules.options.fishing is not Switch.ON:
        raise RuleError("fishing given, but this preset does not play 钓鱼 (set rules.options.fishing to on)",
                        rule=" ".join(spec.rules))
    if not isinstance(raw, dict) or set(raw) - {"winner", "payers"}:
        raise RuleError(f'fishing must be {{"winner": true|false, "payers": ["对家", …]}}, not {echo(raw)}')
    winner = flag(raw.get("winner", False), "fishing.winner")
    seats = items(raw.get("payers", []), "fishing.payers", len(OTHERS), 'a list of seats, e.g. ["对家"]')
    payers = distinct((_seat(s, "fishing.payers entry") for s in seats), "fishing.payers")
    return Fishing(winner, payers)


def situation_of(request: dict) -> tuple[Situation, Hand, RuleSet, Any]:
    """A request read into the situation to price, the hand, the preset in force and the split of the tiles.

    Examples:
        >>> situation, hand, preset, split = situation_of({"hand": "234m678m999m55p", "win": "放炮",
        ...                                                  "melds": [{"kind": "碰", "tile": "9s"}]})
        >>> situation.win.value, situation.from_seat.value, preset.id, split.shape.value
        ('放炮', '上家', 'yuanwen', '鸡胡')
    """
    unknown = set(request) - FIELDS
    if unknown:
        raise RuleError(f"unknown field(s): {keys(unknown)}; known: {', '.join(sorted(FIELDS))}")
    if "hand" not in request:
        raise RuleError("missing field: hand")
    if "win" not in request:
        raise RuleError("missing field: win (one of " + " ".join(m.value for m in Win) + ")")
    rules = _rules(request)
    concealed = parse(request["hand"], "hand")
    won_on = parse_one(request["win_tile"], "win_tile") if "win_tile" in request else concealed[-1]
    hand = Hand(tuple(concealed), _melds(request.get("melds", [])), won_on)
    validate(hand)
    win = _enum(Win, request["win"], "win")
    problem = check_hand(hand, win)
    if problem is not None:
        raise problem
    chain = _chain(request, win, hand, rules)
    win, chain = _first_turn_kongs(win, hand, chain)
    hand_type, split = best(hand, win in SELF_DRAWN, rules.options.minggang_menqing is MinggangMenqing.BREAKS)
    hits = count(request.get("moma_hits", 0), "moma_hits", 0, rules.value("moma_codes"), rule="nn-22-ma-d1")
    discarder = _seat(request["discarder"], "discarder") if "discarder" in request else Seat.PREV
    fenghu = _enum(FengHu, request.get("fenghu", FengHu.NONE.value), "fenghu")
    default_b = discarder if fenghu is FengHu.B_DISCARDS else Seat.ACROSS
    fenghu_seat = _seat(request["fenghu_seat"], "fenghu_seat") if "fenghu_seat" in request else default_b
    if fenghu is FengHu.OTHER_DISCARDS and fenghu_seat is discarder:
        raise RuleError("他家放炮 (双飞) means the discarder is not the 封胡'd player", rule="nn-12-r2")
    situation = Situation(hand_type, win, chain, fenghu, hits, _fishing(request, rules),
                          discarder, fenghu_seat)
    return situation, hand, rules, split


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
    situation, hand, rules, split = situation_of(request)
    settlement = price(situation, rules)
    formula, rule_ids, notes = settlement.formula, list(settlement.rules), []
    if situation.win is not Win(request["win"]):  # 天胡 / 地胡 after kongs: priced as 杠上花
        why = first_turn_kongs(Win(request["win"]))
        notes.append(why.cite_zh())
        formula = f"{why.message}；{formula}"
        rule_ids.insert(0, why.rule)
    return {
        "game": "nanning",
        "preset": rules.id,
        "options": dict(rules.chosen),
        "hand": {
            "concealed": notation(hand.concealed),
            "concealed_names": " ".join(name(t) for t in sorted(hand.concealed)),
            "melds": [{"kind": m.kind.value, "tile": name(m.tile)} for m in hand.melds],
            "win_tile": name(hand.won_on),
        },
        "reading": {
            "shape": split.shape.value,
            "sets": [("刻子 " if k == "刻" else "顺子 ") + name(t) for k, t in split.sets],
            "pairs": [name(t) for t in split.pairs],
        },
        "patterns": [p.value for p in situation.hand.patterns()],
        "win": situation.win.value,
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
