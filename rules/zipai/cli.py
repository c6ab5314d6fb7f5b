"""`python -m rules score --game zipai`: one request (a dict from JSON) in, one result out.

Every field is checked for type and value; anything unknown is refused, so a
misspelt key never silently changes a score. Errors are RuleError (one line).
"""
from __future__ import annotations

from typing import Any

from ..errors import RuleError
from ..ledger import net, payments_json
from ..options import values_by_key
from ..request import described, distinct, echo, flag, keys
from .cards import KINDS, Card
from .rule_set import RuleSet
from .groups import Group, shown_group
from .model import GroupKind
from .hand import Hand, score as score_hand
from .loader import default_rule_set
from .scoring import Circumstances, GangEvent, gang_payments, hand_value
from .model import Bao, GangKind, Seat, Win

FIELDS = {"hand", "win_card", "shown", "win", "from", "bao", "extras", "dealer", "gang", "readings"}
EXTRAS = {"海底": "haidi", "头块": "toukuai", "起手": "opening"}
WINS = (Win.ZIMO.value, Win.DIANPAO.value, Win.WALL.value)
MAX_LIST = 32  # a size bound checked before a list is read; the rules bound each list far lower


def _type(value: Any, kind: type, what: str, shape: str) -> Any:
    if not isinstance(value, kind) or isinstance(value, bool) and kind is not bool:
        raise RuleError(f"{what} must be {shape}, not {described(value)}")
    if isinstance(value, (list, dict)) and len(value) > MAX_LIST:
        raise RuleError(f"{what} has {len(value)} entries; at most {MAX_LIST}")
    return value


def _choice(value: Any, options: tuple[str, ...], what: str) -> str:
    if value not in options:
        raise RuleError(f"{what} must be one of {', '.join(options)}, not {echo(value)}")
    return value


def _keys(obj: dict, allowed: set[str], what: str) -> None:
    unknown = sorted(set(obj) - allowed)
    if unknown:
        raise RuleError(f"unknown field{'s' if len(unknown) > 1 else ''} in {what}: {keys(unknown)}; "
                        f"known: {', '.join(sorted(allowed))}")


def _seat(value: Any, what: str, winner: bool = True) -> Seat:
    seats = tuple(s.value for s in Seat if winner or s is not Seat.WINNER)
    return Seat(_choice(value, seats, what))


def parse_shown(items: Any, rule_set: RuleSet) -> tuple[Group, ...]:
    """The shown groups: 碰, 招, 拢 (and 吃, a shown run).

    Examples:
        >>> from rules.zipai.loader import default_rule_set
        >>> [(g.kind.value, g.huxi) for g in parse_shown([{"kind": "拢", "cards": "肆肆肆肆"}, {"kind": "碰", "cards": "五五五"}], default_rule_set())]
        [('拢', 12), ('碰', 1)]
    """
    _type(items, list, "shown", 'a list of {"kind": "碰"|"招"|"拢"|"吃", "cards": "七七七"}')
    most = SHOWN_MOST
    if len(items) > most:
        raise RuleError(f"{len(items)} shown groups: a winning hand has 7 groups (6 and a pair with a 招 or 拢) "
                        f"and the winning card is in `hand`, so at most {most} are shown", rule=rule_set.constants.hand_rule)
    groups = []
    for n, item in enumerate(items, 1):
        what = f"shown[{n}]"
        _type(item, dict, what, 'an object {"kind": …, "cards": …}')
        _keys(item, {"kind", "cards"}, what)
        if "kind" not in item or "cards" not in item:
            raise RuleError(f"{what} needs kind and cards")
        kind = _type(item["kind"], str, f"{what}.kind", "a string")
        cards = rule_set.constants.deck.parse(item["cards"], f"{what}.cards")
        if not cards:
            raise RuleError(f"{what}.cards is empty")
        groups.append(shown_group(kind, cards, rule_set.constants))
    return tuple(groups)


# A winning hand has at most 7 groups; the winning card is concealed, so one group at least is not shown.
SHOWN_MOST = 6


def gang_bounds(rule_set: RuleSet) -> tuple[int, int, int]:
    """(垅 a player, 垅 and 招 a player, 垅 and 招 at the table) that 80 cards and three players allow.

    A 垅 is four alike dealt: a hand of 20 (the dealer 21) holds at most five.
    A player's hand grows by one card for each four after the first
    (zp-1-longpai-r1, zp-1-zhaopai-r2), so k fours need 4k ≤ 20 + 1 + (k − 1)
    cards: at most six. Each four takes every copy of its kind: at most 20.

    Examples:
        >>> from rules.zipai.loader import default_rule_set
        >>> gang_bounds(default_rule_set())
        (5, 6, 20)
    """
    rules = rule_set.constants
    copies, held = rules.deck.copies, rules.dealt.value + rules.dealer_extra.value
    return held // copies, (held - 1) // (copies - 1), KINDS


def parse_gang(items: Any, rule_set: RuleSet) -> tuple[GangEvent, ...]:
    """The 杠分 events of a request's `gang` list, checked against what the cards allow (`gang_bounds`).

    Examples:
        >>> from rules.zipai.loader import default_rule_set
        >>> parse_gang([{"kind": "垅", "by": "胡牌者"}], default_rule_set())
        (GangEvent(kind=<GangKind.LONG: '垅'>, by=<Seat.WINNER: '胡牌者'>, from_seat=None),)
    """
    _type(items, list, "gang", 'a list of {"kind": "垅"|"点招"|"自招", "by": seat, "from": seat}')
    longs_most, fours_most, table_most = gang_bounds(rule_set)
    if len(items) > table_most:
        raise RuleError(f"{len(items)} gang events: each 垅 or 招 takes all {rule_set.constants.deck.copies} cards of one "
                        f"kind, and there are {table_most} kinds", rule=rule_set.constants.deck_rules["copies"])
    events = []
    for n, item in enumerate(items, 1):
        what = f"gang[{n}]"
        _type(item, dict, what, "an object")
        _keys(item, {"kind", "by", "from"}, what)
        if "kind" not in item or "by" not in item:
            raise RuleError(f"{what} needs kind and by")
        kind = GangKind(_choice(item["kind"], tuple(k.value for k in GangKind), f"{what}.kind"))
        source = _seat(item["from"], f"{what}.from") if "from" in item else None
        events.append(GangEvent(kind, _seat(item["by"], f"{what}.by"), source))
    for seat in Seat:
        mine = [e.kind for e in events if e.by is seat]
        if mine.count(GangKind.LONG) > longs_most:
            raise RuleError(f"gang lists {mine.count(GangKind.LONG)} 垅 by {seat.value}: a dealt hand holds at most "
                            f"{longs_most}", rule="zp-1-longpai-r1")
        if len(mine) > fours_most:
            raise RuleError(f"gang lists {len(mine)} 垅/招 by {seat.value}: a hand holds at most {fours_most} groups "
                            "of four (one card more for each after the first)", rule="zp-1-zhaopai-r2")
    return tuple(events)


def parse_extras(value: Any) -> dict[str, bool]:
    """The `extras` list as flags (opening, haidi, toukuai), each given at most once.

    Examples:
        >>> parse_extras(["海底"])
        {'haidi': True, 'toukuai': False, 'opening': False}
        >>> parse_extras(["海底", "海底"])
        Traceback (most recent call last):
        ...
        rules.errors.RuleError: extras lists "海底" twice; each one at most once
    """
    extras = _type(value, list, "extras", f"a list of {', '.join(EXTRAS)}")
    flags = {name: False for name in EXTRAS.values()}
    for item in distinct((_choice(item, tuple(EXTRAS), "extras item") for item in extras), "extras"):
        flags[EXTRAS[item]] = True
    return flags


def parse(request: dict, base: RuleSet | None = None) -> tuple[Hand, Circumstances, tuple[GangEvent, ...], RuleSet]:
    """A checked request: the hand, the circumstances, the 杠分 events, the rule_set in force.

    Examples:
        >>> hand, c, gang, rule_set = parse({"hand": "贰柒拾七八九伍陆柒捌捌", "win": "点炮", "from": "下家"})
        >>> c.win.value, c.from_seat.value, gang, rule_set.options.rounding.value
        ('点炮', '下家', (), 'ceil10')
    """
    _keys(request, FIELDS, "the request")
    rule_set = base or default_rule_set()
    overrides = _type(request.get("readings", {}), dict, "readings", 'an object {"zp-r-…": "option"}')
    for rid, option in overrides.items():
        _type(option, str, f"readings.{rid}", "a string")
    rule_set = rule_set.with_options(overrides)
    deck = rule_set.constants.deck
    if "hand" not in request:
        raise RuleError("hand is required: the concealed cards, the winning card included")
    concealed = deck.parse(request["hand"], "hand")
    if not concealed:
        raise RuleError("hand is empty")
    shown = parse_shown(request.get("shown", []), rule_set)
    flags = parse_extras(request.get("extras", []))
    dealer = flag(request.get("dealer", False), "dealer")
    if flags["opening"]:
        if "win" in request:
            raise RuleError("an opening-hand win (起手) has no win method: leave out win")
        win = Win.OPENING
    else:
        if "win" not in request:
            raise RuleError(f"win is required: one of {', '.join(WINS)} (or extras [\"起手\"])")
        win = Win(_choice(request["win"], WINS, "win"))
    source = _seat(request["from"], "from", winner=False) if "from" in request else None
    bao = _type(request.get("bao", {}), dict, "bao", 'an object {"胡牌者": "爆", "上家": "无", …}')
    states = {}
    for seat, state in bao.items():
        states[_seat(seat, "bao key")] = Bao(_choice(state, tuple(b.value for b in Bao), f"bao.{seat}"))
    circumstances = Circumstances(
        win=win, from_seat=source,
        bao_winner=states.get(Seat.WINNER, Bao.NONE), bao_shang=states.get(Seat.SHANG, Bao.NONE),
        bao_xia=states.get(Seat.XIA, Bao.NONE),
        haidi=flags["haidi"], toukuai=flags["toukuai"], dealer=dealer,
    )
    won_on: Card | None = None
    if win is not Win.OPENING:
        if "win_card" in request:
            written = deck.parse(request["win_card"], "win_card")
            if len(written) != 1:
                raise RuleError("win_card must be exactly one card")
            won_on = written[0]
        else:
            won_on = concealed[-1]  # the last card written in hand
    elif "win_card" in request:
        raise RuleError("an opening-hand win (起手) has no winning card: leave out win_card")
    gang = parse_gang(request.get("gang", []), rule_set)
    _check_gang_against_hand(gang, shown)
    _check_others_fours(gang, concealed + tuple(c for g in shown for c in g.cards), rule_set)
    return Hand(concealed, shown, won_on), circumstances, gang, rule_set


def _check_gang_against_hand(gang: tuple[GangEvent, ...], shown: tuple[Group, ...]) -> None:
    """The winner's 杠分 events must match his shown 拢 and 招."""
    mine = [e.kind for e in gang if e.by is Seat.WINNER]
    longs = sum(g.kind is GroupKind.LONG for g in shown)
    zhaos = sum(g.kind is GroupKind.ZHAO for g in shown)
    if mine.count(GangKind.LONG) > longs:
        raise RuleError("gang lists more 垅 for the winner than the 拢 shown in his hand", rule="zp-2-long-r1")
    if len(mine) - mine.count(GangKind.LONG) > zhaos:
        raise RuleError("gang lists more 招 for the winner than the 招 shown in his hand", rule="zp-2-zizhao-r1")


def _check_others_fours(gang: tuple[GangEvent, ...], cards: tuple[Card, ...], rule_set: RuleSet) -> None:
    """The other players' 垅 and 招 need kinds of which the winner holds no card (four copies each)."""
    others = sum(e.by is not Seat.WINNER for e in gang)
    free = KINDS - len({card.index for card in cards})
    if others > free:
        raise RuleError(f"gang lists {others} 垅/招 by the other players, but the winner's cards leave only {free} "
                        f"kinds of which all {rule_set.constants.deck.copies} cards could be theirs",
                        rule=rule_set.constants.deck_rules["copies"])


def _group_json(g: Group, rule_set: RuleSet) -> dict:
    out = {"kind": g.kind.value, "cards": rule_set.constants.deck.text(g.cards), "huxi": g.huxi, "shown": g.shown,
           "rule": g.rule}
    if g.rule.startswith("ext-"):
        out["note"] = "不见于原文"
    elif g.kind is GroupKind.PENG and not g.shown:
        out["note"] = "胡别人的牌凑成，按碰算（不见于原文）"
    return out


def score_request(request: dict, base: RuleSet | None = None) -> dict:
    """The scored request under `base` (default: the document's rules and default readings), as the CLI prints it.

    Examples:
        >>> out = score_request({"hand": "贰柒拾七八九伍陆柒捌捌", "shown": [{"kind": "拢", "cards": "肆肆肆肆"},
        ...                      {"kind": "碰", "cards": "五五五"}, {"kind": "碰", "cards": "六六六"}], "win": "自摸"})
        >>> out["total"], out["huxi"], out["mingtang"]
        (100, 23, ['归', '自摸'])
    """
    hand, c, gang, rule_set = parse(request, base)
    result = score_hand(hand, c, rule_set)
    s = result.settlement
    gang_pays, gang_rules = gang_payments(gang, rule_set)
    groups = result.arrangement.groups
    rules = list(dict.fromkeys([g.rule for g in groups] + list(s.rules) + list(gang_rules)))
    if any(g.kind is GroupKind.PENG and not g.shown for g in groups):
        rules.append("ext-zp-win-card")
    if result.facts.lielie and any(g.kind is GroupKind.JIANG for g in groups):
        rules.append("ext-zp-lielie-pair")
    if result.arrangement.special is None:
        rules += [rule_set.constants.hand_rule, rule_set.constants.min_huxi.rule, "ext-zp-runs"]
    rules.append("ext-zp-best")
    rules += [rule_set.constants.deck_rules["copies"], rule_set.constants.deck_rules["red"]]
    rules = list(dict.fromkeys(rules))
    win_ledger = {seat.value: amount for seat, amount in s.net().items()}
    gang_ledger = {seat.value: amount for seat, amount in net(gang_pays, Seat).items()}
    ext = rule_set.constants.ext
    return {
        "game": "zipai",
        "groups": [_group_json(g, rule_set) for g in groups],
        "huxi": result.facts.huxi,
        "red_cards": result.facts.red,
        "gui": result.facts.gui,
        "mingtang": list(s.names),
        "huzi": hand_value(result.facts, c, rule_set).huzi,
        "total": s.total,
        "payments": payments_json(s.payments, roles=False),
        "ledger": win_ledger,
        "gang": {
            "payments": payments_json(gang_pays, roles=False),
            "ledger": gang_ledger,
        },
        "net": {seat: win_ledger[seat] + gang_ledger[seat] for seat in win_ledger},
        "formula": s.formula,
        "rules": rules,
        "not_in_document": [{"id": rid, "title": ext[rid][0], "source": ext[rid][1], "note": "不见于原文"}
                            for rid in rules if rid in ext],
        "readings": values_by_key(rule_set.options),
        "readings_changed": rule_set.changed(),
    }


def score(request: dict) -> dict:
    """What `python -m rules score --game zipai` calls: the default rules and readings.

    Examples:
        >>> score({"hand": "贰柒拾七八九伍陆柒捌捌", "shown": [{"kind": "拢", "cards": "肆肆肆肆"},
        ...        {"kind": "碰", "cards": "五五五"}, {"kind": "碰", "cards": "六六六"}], "win": "自摸"})["net"]
        {'胡牌者': 100, '上家': -50, '下家': -50}
    """
    return score_request(request)
