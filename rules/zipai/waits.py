"""听牌 (waits): every card that completes a 字牌 hand one card short, and what it pays by each win.

The request (`rules.zipai.request.WaitsRequest`) is a score request without the win: `hand` is
the concealed cards one short, with `shown`, `readings` and the table situation. It is checked as
`score` checks it, less the winning card: what `score` refuses whatever card comes (a wrong count,
four alike concealed, 头块 without 爆, a 爆 winner showing 碰 or 吃, …) is refused with the same line,
and a hand already complete (a win to score, not a wait) in one line, as 南宁's. Then every card left that
completes the shape, drawn or from another player (whose three alike may be a 碰, not a 坎, and
need not stay together), is priced as a score request with that card last under each way of
winning on it, through the same parse → situation → price → render as `caipan score`: 自摸, and
点炮 and 胡别人从墩上的牌 from `from`, or from each of 上家 and 下家 when `from` is not given. A way
the situation or the shape rules out is listed with the core's one-line reason; a card is a wait
when some way is priced.
"""
from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace

from ..errors import RuleError
from ..request import read
from ..waits import Wait, refuse_the_win, waits_json
from .answer import hand_of, render, rule_set_of, situation
from .cards import Card
from .hand import Hand, check_hand, count_hand, splits
from .model import OTHERS, Extra, Seat, Win
from .request import ScoreRequest, WaitsRequest
from .rule_set import RuleSet
from .scoring import Circumstances, check_red, check_situation, gang_payments, price

FROM_DEFAULT = Seat.SHANG
OTHER_WINS = (Win.DIANPAO, Win.WALL)  # on another player's card: 点炮, or a card he turned up from the wall


def _asked(request: WaitsRequest, card: str, win: Win, from_seat: Seat | None) -> ScoreRequest:
    """The score request of winning on `card` that way (from `from_seat`, for a win on another's card)."""
    return ScoreRequest(hand=request.hand + card, win=win, shown=request.shown, from_seat=from_seat, bao=request.bao,
                        extras=request.extras, dealer=request.dealer, gang=request.gang, readings=request.readings)


def _check(request: WaitsRequest, rule_set: RuleSet) -> tuple[Hand, Circumstances]:
    """Check the request as `score` would with any winning card; the hand one short and its situation
    (as 自摸)."""
    if Extra.OPENING in request.extras:
        raise RuleError("an opening-hand win (起手) has no card to wait for: leave 起手 out of extras")
    # score's reading of the request; 点炮 so that `from` is read too (each way sets its own)
    given, c, gang = hand_of(_asked(request, "", Win.DIANPAO, request.from_seat or FROM_DEFAULT), rule_set)
    hand = Hand(given.concealed, given.melds, None)
    c = replace(c, win=Win.ZIMO, from_seat=None)
    _refuse_a_complete_hand(hand, c, rule_set)
    check_hand(hand, c, rule_set, waiting=True)
    check_situation(c, rule_set)
    check_red(count_hand(hand, rule_set).red + 1, c, rule_set, most=True)
    gang_payments(gang, rule_set)
    return hand, c


def _refuse_a_complete_hand(hand: Hand, c: Circumstances, rule_set: RuleSet) -> None:
    """A hand already complete (a winning hand's count, every card in a group, its last card taken as the
    winning one) is a win to score, not a hand waiting: refused in one line, as 南宁's waits refuses one."""
    won = Hand(hand.concealed, hand.melds, hand.concealed[-1])
    try:
        check_hand(won, c, rule_set)
        complete = any(splits(won, replace(c, win=win), rule_set) for win in (Win.ZIMO, Win.DIANPAO))
    except RuleError:
        return  # not a complete hand's count: the usual checks say what is wrong
    if complete:
        raise RuleError("the hand is already complete: waits takes it one card short; price the whole hand with score",
                        rule=rule_set.constants.hand_rule)


def _ways(request: WaitsRequest) -> list[tuple[Win, Seat | None]]:
    """(win, from) of every way to win on a card: 自摸, then each other win from each side asked."""
    sides = [request.from_seat] if request.from_seat is not None else list(OTHERS)
    return [(Win.ZIMO, None)] + [(win, side) for win in OTHER_WINS for side in sides]


def waits(raw: Mapping[str, object]) -> dict[str, object]:
    """Every card that completes the hand, each with its payout under every way to win on it.

    Examples:
        >>> out = waits({"hand": "贰柒拾七八九伍陆柒捌", "shown": [{"kind": "拢", "cards": "肆肆肆肆"},
        ...              {"kind": "碰", "cards": "五五五"}, {"kind": "碰", "cards": "六六六"}]})
        >>> wins = out["waits"][0]["wins"]
        >>> out["cards"], [(w["win"], w.get("from"), w["total"]) for w in wins]  # doctest: +NORMALIZE_WHITESPACE
        (['伍', '捌'], [('自摸', None, 100), ('点炮', '上家', 80), ('点炮', '下家', 80),
                       ('胡别人从墩上的牌', '上家', 80), ('胡别人从墩上的牌', '下家', 80)])
        >>> waits({"hand": "一二三三四五叁叁柒柒柒六七八捌玖拾九九九"})["cards"]  # 三 wins on another's card only
        ['三', '六', '九', '叁']
    """
    refuse_the_win(raw, ScoreRequest, WaitsRequest, "card")
    request = read(WaitsRequest, raw)
    rule_set = rule_set_of(dict(request.readings))
    hand, c = _check(request, rule_set)
    deck = rule_set.constants.deck
    ways = _ways(request)
    found = []
    for index, n in enumerate(hand.every_count):
        if n >= deck.copies:
            continue  # no copy of this card is left
        card = Card(index)
        completed = Hand((*hand.concealed, card), hand.melds, card)
        # the shape, drawn or from another player (the other wins share it): no split, no wait
        if not any(splits(completed, replace(c, win=win), rule_set) for win in (Win.ZIMO, Win.DIANPAO)):
            continue
        wins: list[Mapping[str, object]] = []
        refused: list[Mapping[str, object]] = []
        for win, side in ways:
            label = {"win": win.value, **({"from": side.value} if side else {})}
            asked = _asked(request, deck.char(card), win, side)
            try:
                s = situation(asked, rule_set)
                out = render(asked, s, price(s, rule_set), rule_set)
            except RuleError as exc:
                refused.append({**label, "error": exc.one_line()})
                continue
            wins.append({**label, "total": out["total"], "huxi": out["huxi"], "mingtang": out["mingtang"],
                         "formula": out["formula"], "net": out["net"]})
        # a card that completes the shape but pays under no way of winning (too few 胡息) is no wait
        if wins:
            found.append(Wait(deck.char(card), deck.copies - n, tuple(wins), tuple(refused)))
    return waits_json("zipai", request.hand, "card", found)
