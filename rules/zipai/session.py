"""A night of 三人字牌 (`caipan session --game zipai`): each hand of a `SessionRequest` settled by name.

Document 003 l.43 (zp-1-quan-r1): the dealer keeps the deal on his own win or a 荒庄, otherwise his 下家
deals; the 圈 goes 贰 → 柒 → 拾, the next each time the deal comes back to the first dealer (after 拾 the
document says no more than 以此类推: the night goes on from 贰, finding zp-f-quan-after-shi).
荒庄依旧计算分数 (zp-2-laidianr-r1): the 垅 and 招 of a 荒庄 hand are settled. The document prices no
诈胡: a 诈胡 hand is refused.

The night fills in what a hand needs from it: the readings (a hand's score may name the same, not
others) and `dealer` (whether the winner deals this hand; `dealer: true` for another is refused).
"""
from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import replace

from ..errors import RuleError
from ..game import Json
from ..ledger import net
from ..options import values_by_key
from ..session import AdjustHand, FalseWinHand, Outcome, Table, adjustment, night, scored, table_of
from .answer import gang_of, rule_set_of
from .model import Seat
from .request import DrawHand, GangEntry, ScoreRequest, SessionRequest, WinHand
from .rule_set import RuleSet
from .scoring import gang_payments

Hand = WinHand | DrawHand | FalseWinHand | AdjustHand
Score = Callable[[ScoreRequest, RuleSet], Json]  # a checked score request priced under a rule set

# The seats of a score request in playing order from the winner: each player the 下家 of the one before.
ORDER = (Seat.WINNER, Seat.XIA, Seat.SHANG)
QUAN = ("贰", "柒", "拾")  # 圈牌有贰，柒，拾三张 (zp-1-quan-r1)
QUAN_RULE = "zp-1-quan-r1"
DRAW_RULES = ("zp-1-huangzhuang-r1", "zp-2-laidianr-r1")


def session(request: SessionRequest, score: Score) -> Json:
    """What `caipan session --game zipai` prints (schema ``zipai.session.response``); `score` prices a checked
    score request under a rule set (`Game.score_request`).

    Examples:
        >>> from rules.registry import game
        >>> out = game("zipai").session({"players": ["甲", "乙", "丙"], "dealer": "甲", "hands": [
        ...     {"winner": "乙", "score": {"hand": "一二三四五六七八九壹贰叁肆伍陆柒捌玖贰柒拾", "win": "点炮",
        ...                                "from": "下家"}}]})
        >>> out["hands"][0]["net"], out["hands"][0]["quan"], out["dealer"], out["quan"]
        ({'甲': 0, '乙': 40, '丙': -40}, '贰', '乙', '贰')
    """
    table, first = table_of(request.players, request.dealer)
    rule_set = rule_set_of(dict(request.readings))

    def play(hand: Hand, dealer: int, path: str) -> Outcome:
        if isinstance(hand, WinHand):
            return _win(hand, table, dealer, rule_set, request.readings, path, score)
        if isinstance(hand, DrawHand):
            return _draw(hand, table, dealer, rule_set, path)
        if isinstance(hand, FalseWinHand):
            raise RuleError(f"{path}: 字牌 has no 诈胡: document 003 gives it no price (no rule says who pays "
                            "what); write what the table agreed as an adjustment (adjust, reason)")
        return adjustment(hand, table, dealer, path)

    return night("zipai", table, first, request.hands, play, QUAN)


def _win(hand: WinHand, table: Table, dealer: int, rule_set: RuleSet, readings: Mapping[str, str], path: str,
         score: Score) -> Outcome:
    winner = table.at(hand.winner, f"{path}.winner")
    if hand.score.readings and values_by_key(rule_set_of(dict(hand.score.readings)).options) != values_by_key(
            rule_set.options):
        raise RuleError(f"{path}.score.readings differ from the night's readings: a night has one rule set, its "
                        "readings")
    if hand.score.dealer and winner != dealer:
        raise RuleError(f"{path}.score.dealer is true, but {table.players[winner]} does not deal this hand: "
                        f"{table.players[dealer]} does", rule=QUAN_RULE)
    request = replace(hand.score, dealer=winner == dealer, readings=readings)
    net_, rules, formula = scored(score(request, rule_set), table, winner, ORDER)
    keeps = dealer if winner == dealer else (dealer + 1) % len(table.players)
    return Outcome("胡牌", net_, rules, formula, keeps, QUAN_RULE, (winner,))


def _draw(hand: DrawHand, table: Table, dealer: int, rule_set: RuleSet, path: str) -> Outcome:
    """荒庄: the 垅 and 招 settled (seats named from the dealer); the dealer keeps the deal."""
    if not hand.draw:
        raise RuleError(f"{path}.draw must be true: a hand nobody won is 荒庄; a won hand has winner and score")

    def seat(name: str, where: str) -> Seat:
        return ORDER[(table.at(name, where) - dealer) % len(ORDER)]

    entries = tuple(GangEntry(kind=g.kind, by=seat(g.by, f"{path}.gang[{n}].by"), from_seat=None
                              if g.from_player is None else seat(g.from_player, f"{path}.gang[{n}].from"))
                    for n, g in enumerate(hand.gang, start=1))
    try:
        events = gang_of(entries, rule_set)
    except RuleError as exc:  # its seats are named from the dealer here: say the players' names
        message = exc.message
        for step, s in enumerate(ORDER):
            message = message.replace(f"by {s.value}", f"by {table.from_seat(dealer, step)}")
        raise RuleError(message, rule=exc.rule, source=exc.source) from None
    payments, rules = gang_payments(events, rule_set)
    by_seat = {s.value: n for s, n in net(payments, Seat).items()}
    paid = sum(p.amount for p in payments)
    formula = f"荒庄：无人胡牌，杠分照算，共 {paid}" if payments else "荒庄：无人胡牌，没有杠分"
    return Outcome("荒庄", table.named(by_seat, dealer, ORDER), tuple(dict.fromkeys((*DRAW_RULES, *rules))), formula,
                   dealer, QUAN_RULE)
