"""听牌 (waits): every card that completes a 字牌 hand one card short, and what it pays by each win.

The request is a `score` request without the win: `hand` is the concealed cards
one short, with `shown`, `readings` and the table situation as in
`rules.zipai.cli`. It is checked as `score` checks it, less the winning card:
what `score` refuses whatever card comes (a wrong count, four alike concealed,
头块 without 爆, …) is refused with the same line. Then every card left that
completes the shape, drawn or from another player (whose three alike may be a 碰,
not a 坎, and need not stay together), is priced by the same `score_request` under
each way of winning on it: 自摸, and 点炮 and 胡别人从墩上的牌 from `from`, or from each
of 上家 and 下家 when `from` is not given. A way the situation or the shape rules out
is listed with the core's one-line reason; a card is a wait when some way is priced.
"""
from __future__ import annotations

from dataclasses import replace

from ..errors import RuleError
from ..waits import check_fields
from .cards import Card
from .config import Config
from .cli import FIELDS, parse, parse_extras, score_request
from .hand import Hand, check_hand, count_hand, readings
from .scoring import OTHERS, Circumstances, Win, check_red, check_situation, gang_payments

# The fields of a score request that describe the win itself: a wait has not happened yet.
WIN_FIELDS = frozenset({"win", "win_card"})
FROM_DEFAULT = "上家"
OTHER_WINS = (Win.DIANPAO, Win.WALL)  # on another player's card: 点炮, or a card he turned up from the wall


def _check(request: dict) -> tuple[Hand, Circumstances, Config]:
    """Check the request as `score` would with any winning card; the hand one short, its situation
    (as 自摸) and the config in force."""
    check_fields(request, FIELDS, WIN_FIELDS, "card")
    if parse_extras(request.get("extras", []))["opening"]:
        raise RuleError("an opening-hand win (起手) has no card to wait for: leave 起手 out of extras")
    if "hand" not in request:
        raise RuleError("hand is required: the concealed cards, one short of a winning hand")
    # score's reading of the request; 点炮 so that `from` is read too (each way sets its own)
    given, c, gang, config = parse({**request, "win": Win.DIANPAO.value, "from": request.get("from", FROM_DEFAULT)})
    hand = Hand(given.concealed, given.shown, None)
    c = replace(c, win=Win.ZIMO, source=None)
    check_hand(hand, c, config, waiting=True)
    check_situation(c, config)
    check_red(count_hand(hand, config).red + 1, c, config, most=True)
    gang_payments(gang, config)
    return hand, c, config


def _ways(request: dict) -> list[tuple[Win, str | None]]:
    """(win, from) of every way to win on a card: 自摸, then each other win from each side asked."""
    sides = [request["from"]] if "from" in request else [s.value for s in OTHERS]
    return [(Win.ZIMO, None)] + [(win, side) for win in OTHER_WINS for side in sides]


def _request(request: dict, card: str, win: Win, side: str | None) -> dict:
    out = {k: v for k, v in request.items() if k != "from"}
    out.update(hand=request["hand"] + card, win=win.value)
    if side is not None:
        out["from"] = side
    return out


def waits(request: dict) -> dict:
    """Every card that completes the hand, each with its payout under every way to win on it.

    Examples:
        >>> out = waits({"hand": "贰柒拾七八九伍陆柒捌", "shown": [{"kind": "拢", "cards": "肆肆肆肆"},
        ...              {"kind": "碰", "cards": "五五五"}, {"kind": "碰", "cards": "六六六"}]})
        >>> out["cards"], [(w["win"], w.get("from"), w["total"]) for w in out["waits"][0]["wins"]]  # doctest: +NORMALIZE_WHITESPACE
        (['伍', '捌'], [('自摸', None, 100), ('点炮', '上家', 80), ('点炮', '下家', 80),
                       ('胡别人从墩上的牌', '上家', 80), ('胡别人从墩上的牌', '下家', 80)])
        >>> waits({"hand": "一二三三四五叁叁柒柒柒六七八捌玖拾九九九"})["cards"]  # 三 wins on another's card only
        ['三', '六', '九', '叁']
    """
    hand, c, config = _check(request)
    deck = config.rules.deck
    ways = _ways(request)
    found = []
    for index, n in enumerate(hand.every_count):
        if n >= deck.copies:
            continue  # no copy of this card is left
        card = Card(index)
        completed = Hand(hand.concealed + (card,), hand.shown, card)
        # the shape, drawn or from another player (the other wins share it): no split, no wait
        if not any(readings(completed, replace(c, win=win), config) for win in (Win.ZIMO, Win.DIANPAO)):
            continue
        wins, refused = [], []
        for win, side in ways:
            label = {"win": win.value, **({"from": side} if side else {})}
            try:
                out = score_request(_request(request, deck.char(card), win, side))
            except RuleError as exc:
                refused.append({**label, "error": exc.one_line()})
                continue
            wins.append({**label, "total": out["total"], "huxi": out["huxi"], "mingtang": out["mingtang"],
                         "formula": out["formula"], "net": out["net"]})
        # a card that completes the shape but pays under no way of winning (too few 胡息) is no wait
        if wins:
            found.append({"card": deck.char(card), "left": deck.copies - n, "wins": wins, "refused": refused})
    return {"game": "zipai", "hand": request["hand"], "cards": [w["card"] for w in found], "waits": found}
