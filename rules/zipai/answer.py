"""What a score request answers: the situation it describes (`situation`) and the result `caipan score
--game zipai` prints (`render`). The request is read first (`rules.zipai.request`); what a rule forbids
(a win method with 起手, more 垅 than a dealt hand holds, 杠分 the shown groups do not back) is checked
here, each refusal naming its rule.
"""
from __future__ import annotations

from collections.abc import Mapping

from ..errors import RuleError
from ..ledger import Settlement, net, payments_json
from ..options import values_by_key
from ..request import read
from .cards import KINDS, Card
from .groups import Group, shown_group
from .hand import Hand
from .hand import score as score_hand
from .loader import default_rule_set
from .model import Bao, Extra, GangKind, GroupKind, Seat, ShownKind, Win
from .request import GangEntry, ScoreRequest, ShownEntry
from .rule_set import RuleSet
from .scoring import Circumstances, GangEvent, Situation, gang_payments, hand_value


def rule_set_of(readings: dict[str, str] | None = None, base: RuleSet | None = None) -> RuleSet:
    """The rule set a request asks for: `base` (default: the document's rules and default readings)
    under its readings.

    Examples:
        >>> rule_set_of({"zp-r-heihu": "double_plus_100"}).changed()
        ['zp-r-heihu']
    """
    return (base or default_rule_set()).with_options(readings or {}, "readings")


def melds_of(shown: tuple[ShownEntry, ...], rule_set: RuleSet) -> tuple[Group, ...]:
    """The shown groups: 碰, 招, 拢 (and 吃, a shown run), checked.

    Examples:
        >>> from rules.request import read
        >>> entries = read(ScoreRequest, {"hand": "一", "shown": [{"kind": "拢", "cards": "肆肆肆肆"}]}).shown
        >>> [(g.kind.value, g.huxi) for g in melds_of(entries, default_rule_set())]
        [('拢', 12)]
    """
    constants = rule_set.constants
    if len(shown) > SHOWN_MOST:
        raise RuleError(f"{len(shown)} shown groups: a winning hand has 7 groups (6 and a pair with a 招 or 拢) "
                        f"and the winning card is in `hand`, so at most {SHOWN_MOST} are shown",
                        rule=constants.hand_rule)
    groups = []
    for n, entry in enumerate(shown, 1):
        cards = constants.deck.parse(entry.cards, f"shown[{n}].cards")
        if not cards:
            raise RuleError(f"shown[{n}].cards is empty")
        groups.append(shown_group(entry.kind, cards, constants))
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


def gang_of(entries: tuple[GangEntry, ...], rule_set: RuleSet) -> tuple[GangEvent, ...]:
    """The 杠分 events of a request's `gang` list, checked against what the cards allow (`gang_bounds`).

    Examples:
        >>> gang_of((GangEntry(kind=GangKind.LONG, by=Seat.WINNER),), default_rule_set())
        (GangEvent(kind=<GangKind.LONG: '垅'>, by=<Seat.WINNER: '胡牌者'>, from_seat=None),)
    """
    longs_most, fours_most, table_most = gang_bounds(rule_set)
    constants = rule_set.constants
    if len(entries) > table_most:
        raise RuleError(f"{len(entries)} gang events: each 垅 or 招 takes all {constants.deck.copies} cards of one "
                        f"kind, and there are {table_most} kinds", rule=constants.deck_rules["copies"])
    events = tuple(GangEvent(e.kind, e.by, e.from_seat) for e in entries)
    for seat in Seat:
        mine = [e.kind for e in events if e.by is seat]
        if mine.count(GangKind.LONG) > longs_most:
            raise RuleError(f"gang lists {mine.count(GangKind.LONG)} 垅 by {seat.value}: a dealt hand holds at most "
                            f"{longs_most}", rule="zp-1-longpai-r1")
        if len(mine) > fours_most:
            raise RuleError(f"gang lists {len(mine)} 垅/招 by {seat.value}: a hand holds at most {fours_most} groups "
                            "of four (one card more for each after the first)", rule="zp-1-zhaopai-r2")
    return events


def hand_of(request: ScoreRequest, rule_set: RuleSet) -> tuple[Hand, Circumstances, tuple[GangEvent, ...]]:
    """A request read into the hand (its cards, its shown groups, its winning card), how it was won and
    its 杠分 events, each checked against the rules.

    Examples:
        >>> from rules.request import read
        >>> hand, c, gang = hand_of(read(ScoreRequest, {"hand": "贰柒拾七八九伍陆柒捌捌", "win": "点炮",
        ...     "from": "下家"}),
        ...                         default_rule_set())
        >>> c.win.value, c.from_seat.value, gang
        ('点炮', '下家', ())
    """
    deck = rule_set.constants.deck
    concealed = deck.parse(request.hand, "hand")
    if not concealed:
        raise RuleError("hand is empty")
    shown = melds_of(request.shown, rule_set)
    opening = Extra.OPENING in request.extras
    if opening:
        if request.win is not None:
            raise RuleError("an opening-hand win (起手) has no win method: leave out win")
        win = Win.OPENING
    elif request.win is None:
        wins = ", ".join(w.value for w in Win if w is not Win.OPENING)
        raise RuleError(f"win is required: one of {wins} (or extras [\"起手\"])")
    else:
        win = request.win
    bao = request.bao
    circumstances = Circumstances(
        win=win, from_seat=request.from_seat,
        bao_winner=bao.get(Seat.WINNER, Bao.NONE), bao_shang=bao.get(Seat.SHANG, Bao.NONE),
        bao_xia=bao.get(Seat.XIA, Bao.NONE),
        haidi=Extra.HAIDI in request.extras, toukuai=Extra.TOUKUAI in request.extras, dealer=request.dealer,
    )
    won_on: Card | None = None
    if not opening:
        if request.win_card is not None:
            written = deck.parse(request.win_card, "win_card")
            if len(written) != 1:
                raise RuleError("win_card must be exactly one card")
            won_on = written[0]
        else:
            won_on = concealed[-1]  # the last card written in hand
    elif request.win_card is not None:
        raise RuleError("an opening-hand win (起手) has no winning card: leave out win_card")
    _check_bao_shown(request.shown, circumstances)
    gang = gang_of(request.gang, rule_set)
    _check_gang_against_hand(gang, shown)
    _check_others_fours(gang, concealed + tuple(c for g in shown for c in g.cards), rule_set)
    return Hand(concealed, shown, won_on), circumstances, gang


def read_hand(raw: Mapping[str, object]) -> tuple[Hand, Circumstances, tuple[GangEvent, ...], RuleSet]:
    """A raw score request read (`rules.zipai.request.ScoreRequest`) into its hand, how it was won, its
    杠分 events and its rule set: what the hand's own functions take.

    Examples:
        >>> hand, c, gang, rule_set = read_hand({"hand": "贰柒拾七八九伍陆柒捌捌", "win": "自摸"})
        >>> len(hand.concealed), c.win.value, rule_set.changed()
        (11, '自摸', [])
    """
    request = read(ScoreRequest, raw)
    rule_set = rule_set_of(dict(request.readings))
    return (*hand_of(request, rule_set), rule_set)


def situation(request: ScoreRequest, rule_set: RuleSet) -> Situation:
    """What a request describes: the facts of the split of its hand that pays most (`rules.zipai.hand.score`),
    how it was won, its 杠分 events, and that split's groups.

    Examples:
        >>> from rules.request import read
        >>> s = situation(read(ScoreRequest, {"hand": "贰柒拾七八九伍陆柒捌捌", "shown": [{"kind": "拢",
        ...     "cards": "肆肆肆肆"},
        ...               {"kind": "碰", "cards": "五五五"}, {"kind": "碰",
        ...     "cards": "六六六"}], "win": "自摸"}), default_rule_set())
        >>> s.facts.huxi, [g.kind.value for g in s.groups][:3]
        (23, ['拢', '碰', '碰'])
    """
    hand, circumstances, gang = hand_of(request, rule_set)
    scored = score_hand(hand, circumstances, rule_set)
    return Situation(scored.facts, circumstances, gang, groups=scored.arrangement.groups)


def _check_bao_shown(shown: tuple[ShownEntry, ...], c: Circumstances) -> None:
    """A 爆 winner shows no 吃 or 碰: 爆牌 is declared at the dealer's first discard, before anyone could take a
    card, and 爆牌后不能吃牌或者碰牌 (003 l.31); his 招 and 拢 stay (有招就必须招牌).

    Examples:
        >>> _check_bao_shown((ShownEntry(kind=ShownKind.PENG, cards="五五五"),), Circumstances(Win.ZIMO,
        ...     bao_winner=Bao.BAO))
        Traceback (most recent call last):
        ...
        rules.errors.RuleError: the winner is 爆 but shows 碰 五五五: 爆牌后不能吃牌或者碰牌
    """
    taken = [e for e in shown if e.kind in (ShownKind.CHI, ShownKind.PENG)]
    if c.bao_winner is not Bao.NONE and taken:
        groups = ", ".join(f"{e.kind.value} {e.cards}" for e in taken)
        raise RuleError(f"the winner is {c.bao_winner.value} but shows {groups}: 爆牌后不能吃牌或者碰牌",
                        rule="zp-1-baopai-r2", source="003:31")


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


def _group_json(g: Group, rule_set: RuleSet) -> dict[str, object]:
    out: dict[str, object] = {"kind": g.kind.value, "cards": rule_set.constants.deck.text(g.cards), "huxi": g.huxi,
                              "shown": g.shown, "rule": g.rule}
    if g.rule.startswith("ext-"):
        out["note"] = "不见于原文"
    elif g.kind is GroupKind.PENG and not g.shown:
        out["note"] = "胡别人的牌凑成，按碰算（不见于原文）"
    return out


def render(request: ScoreRequest, situation: Situation, settlement: Settlement, rule_set: RuleSet) -> dict[str, object]:
    """What `caipan score --game zipai` prints (schema ``zipai.score.response``): the groups, 胡息, 名堂,
    the win's payments and the 杠分 apart, and the readings in force.

    Examples:
        >>> from rules.request import read
        >>> from rules.zipai.scoring import price
        >>> request = read(ScoreRequest, {"hand": "贰柒拾七八九伍陆柒捌捌", "shown": [{"kind": "拢",
        ...     "cards": "肆肆肆肆"},
        ...                              {"kind": "碰", "cards": "五五五"}, {"kind": "碰",
        ...     "cards": "六六六"}], "win": "自摸"})
        >>> s = situation(request, default_rule_set())
        >>> out = render(request, s, price(s, default_rule_set()), default_rule_set())
        >>> out["total"], out["huxi"], out["mingtang"]
        (100, 23, ['归', '自摸'])
    """
    facts, c, groups, constants = situation.facts, situation.circumstances, situation.groups, rule_set.constants
    gang_pays, gang_rules = gang_payments(situation.gang, rule_set)
    rules = list(dict.fromkeys([g.rule for g in groups] + list(settlement.rules) + list(gang_rules)))
    if any(g.kind is GroupKind.PENG and not g.shown for g in groups):
        rules.append("ext-zp-win-card")
    if facts.lielie and any(g.kind is GroupKind.JIANG for g in groups):
        rules.append("ext-zp-lielie-pair")
    if facts.special is None:
        rules += [constants.hand_rule, constants.min_huxi.rule, "ext-zp-runs"]
    rules.append("ext-zp-best")
    rules += [constants.deck_rules["copies"], constants.deck_rules["red"]]
    rules = list(dict.fromkeys(rules))
    win_ledger = {seat.value: amount for seat, amount in settlement.net().items()}
    gang_ledger = {seat.value: amount for seat, amount in net(gang_pays, Seat).items()}
    ext = constants.ext
    return {
        "game": "zipai",
        "groups": [_group_json(g, rule_set) for g in groups],
        "huxi": facts.huxi,
        "red_cards": facts.red,
        "gui": facts.gui,
        "mingtang": list(settlement.names),
        "huzi": hand_value(facts, c, rule_set).huzi,
        "total": settlement.total,
        "payments": payments_json(settlement.payments, roles=False),
        "ledger": win_ledger,
        "gang": {
            "payments": payments_json(gang_pays, roles=False),
            "ledger": gang_ledger,
        },
        "net": {seat: win_ledger[seat] + gang_ledger[seat] for seat in win_ledger},
        "formula": settlement.formula,
        "rules": rules,
        "not_in_document": [{"id": rid, "title": ext[rid][0], "source": ext[rid][1], "note": "不见于原文"}
                            for rid in rules if rid in ext],
        "readings": values_by_key(rule_set.options),
        "readings_changed": rule_set.changed(),
    }
