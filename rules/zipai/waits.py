"""听牌 (waits): every card that completes a 字牌 hand one card short, and what it pays by each win.

The request (`rules.zipai.request.WaitsRequest`) is a score request without the win: `hand` is
the concealed cards one short, with `shown`, `readings` and the table situation. A card that
completes the hand is priced as a score request with that card last under each way of winning
on it (自摸, 点炮, 胡别人从墩上的牌; the last two from `from`, 上家 when not given), through the
same parse → situation → price → render as `caipan score`; a way the situation rules out is
listed with the core's one-line reason.
"""
from __future__ import annotations

from collections.abc import Mapping

from ..errors import RuleError
from ..request import read
from ..waits import Wait, refuse_the_win, waits_json
from .answer import hand_of, melds_of, render, rule_set_of, situation
from .cards import Card, counts
from .hand import splits
from .model import Extra, Seat, Win
from .request import ScoreRequest, WaitsRequest
from .rule_set import RuleSet
from .scoring import price

FROM_DEFAULT = Seat.SHANG
WINS = tuple(w for w in Win if w is not Win.OPENING)


def _used(request: WaitsRequest, rule_set: RuleSet) -> list[int]:
    """How many of each card the hand already holds."""
    if Extra.OPENING in request.extras:
        raise RuleError("an opening-hand win (起手) has no card to wait for: leave 起手 out of extras")
    constants = rule_set.constants
    deck = constants.deck
    shown = melds_of(request.shown, rule_set)
    used = counts(deck.parse(request.hand, "hand") + tuple(c for g in shown for c in g.cards))
    for index, n in enumerate(used):
        if n > deck.copies:
            raise RuleError(f"{n} copies of {deck.char(Card(index))}: there are only {deck.copies} of each card",
                            rule=constants.deck_rules["copies"])
    return used


def _asked(request: WaitsRequest, card: str, win: Win) -> ScoreRequest:
    """The score request of winning on `card` that way."""
    from_seat = None if win is Win.ZIMO else (request.from_seat or FROM_DEFAULT)
    return ScoreRequest(hand=request.hand + card, win=win, shown=request.shown, from_seat=from_seat, bao=request.bao,
                        extras=request.extras, dealer=request.dealer, gang=request.gang, readings=request.readings)


def waits(raw: Mapping[str, object]) -> dict[str, object]:
    """Every card that completes the hand, each with its payout under every way to win on it.

    Examples:
        >>> out = waits({"hand": "贰柒拾七八九伍陆柒捌", "shown": [{"kind": "拢", "cards": "肆肆肆肆"},
        ...              {"kind": "碰", "cards": "五五五"}, {"kind": "碰", "cards": "六六六"}]})
        >>> out["cards"], [(w["win"], w["total"]) for w in out["waits"][0]["wins"]]
        (['伍', '捌'], [('自摸', 100), ('点炮', 80), ('胡别人从墩上的牌', 80)])
    """
    refuse_the_win(raw, ScoreRequest, WaitsRequest, "card")
    request = read(WaitsRequest, raw)
    rule_set = rule_set_of(dict(request.readings))
    used = _used(request, rule_set)
    deck = rule_set.constants.deck
    found = []
    for index, n in enumerate(used):
        if n >= deck.copies:
            continue  # no copy of this card is left
        card = deck.char(Card(index))
        hand, circumstances, _ = hand_of(_asked(request, card, Win.ZIMO), rule_set)
        if not splits(hand, circumstances, rule_set):
            continue
        wins, refused = [], []
        for win in WINS:
            asked = _asked(request, card, win)
            try:
                s = situation(asked, rule_set)
                out = render(asked, s, price(s, rule_set), rule_set)
            except RuleError as exc:
                refused.append({"win": win.value, "error": exc.one_line()})
                continue
            wins.append({"win": win.value, "total": out["total"], "huxi": out["huxi"], "mingtang": out["mingtang"],
                         "formula": out["formula"], "net": out["net"]})
        # a card that completes the shape but pays under no way of winning (too few 胡息) is no wait
        if wins:
            found.append(Wait(card, deck.copies - n, tuple(wins), tuple(refused)))
    return waits_json("zipai", request.hand, "card", found)
