"""听牌 (waits): every card that completes a 字牌 hand one card short, and what it pays by each win.

The request is a `score` request without the win: `hand` is the concealed cards
one short, with `shown`, `readings` and the table situation as in
`rules.zipai.cli`. A card that completes the hand is priced by the same
`score_request` under each way of winning on it (自摸, 点炮, 胡别人从墩上的牌;
the last two from `from`, 上家 when not given); a way the situation rules out is
listed with the core's one-line reason.
"""
from __future__ import annotations

from ..errors import RuleError
from ..waits import check_fields
from .cards import Card, counts
from .cli import FIELDS, WINS, parse, parse_extras, parse_shown, score_request
from .hand import splits
from .loader import default_rule_set
from .model import Win

# The fields of a score request that describe the win itself: a wait has not happened yet.
WIN_FIELDS = frozenset({"win", "win_card"})
FROM_DEFAULT = "上家"


def _check(request: dict) -> list[int]:
    """Check the request; how many of each card the hand already holds."""
    check_fields(request, FIELDS, WIN_FIELDS, "card")
    if parse_extras(request.get("extras", []))["opening"]:
        raise RuleError("an opening-hand win (起手) has no card to wait for: leave 起手 out of extras")
    if "hand" not in request:
        raise RuleError("hand is required: the concealed cards, one short of a winning hand")
    rule_set = default_rule_set()
    deck = rule_set.constants.deck
    shown = parse_shown(request.get("shown", []), rule_set)
    used = counts(deck.parse(request["hand"], "hand") + tuple(c for g in shown for c in g.cards))
    for index, n in enumerate(used):
        if n > deck.copies:
            raise RuleError(f"{n} copies of {deck.char(Card(index))}: there are only {deck.copies} of each card",
                            rule=rule_set.constants.deck_rules["copies"])
    return used


def _request(request: dict, card: str, win: str) -> dict:
    out = {k: v for k, v in request.items() if k != "from"}
    out.update(hand=request["hand"] + card, win=win)
    if win != Win.ZIMO.value:
        out["from"] = request.get("from", FROM_DEFAULT)
    return out


def waits(request: dict) -> dict:
    """Every card that completes the hand, each with its payout under every way to win on it.

    Examples:
        >>> out = waits({"hand": "贰柒拾七八九伍陆柒捌", "shown": [{"kind": "拢", "cards": "肆肆肆肆"},
        ...              {"kind": "碰", "cards": "五五五"}, {"kind": "碰", "cards": "六六六"}]})
        >>> out["cards"], [(w["win"], w["total"]) for w in out["waits"][0]["wins"]]
        (['伍', '捌'], [('自摸', 100), ('点炮', 80), ('胡别人从墩上的牌', 80)])
    """
    used = _check(request)
    deck = default_rule_set().constants.deck
    found = []
    for index, n in enumerate(used):
        if n >= deck.copies:
            continue  # no copy of this card is left
        card = deck.char(Card(index))
        hand, circumstances, _, rule_set = parse(_request(request, card, Win.ZIMO.value))
        if not splits(hand, circumstances, rule_set):
            continue
        wins, refused = [], []
        for win in WINS:
            try:
                out = score_request(_request(request, card, win))
            except RuleError as exc:
                refused.append({"win": win, "error": exc.one_line()})
                continue
            wins.append({"win": win, "total": out["total"], "huxi": out["huxi"], "mingtang": out["mingtang"],
                         "formula": out["formula"], "net": out["net"]})
        # a card that completes the shape but pays under no way of winning (too few 胡息) is no wait
        if wins:
            found.append({"card": card, "left": deck.copies - n, "wins": wins, "refused": refused})
    return {"game": "zipai", "hand": request["hand"], "cards": [w["card"] for w in found], "waits": found}

