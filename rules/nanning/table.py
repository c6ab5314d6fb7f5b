"""Table rules around a win: 一炮多响, 诈胡, 卖胡, 荒庄, and who deals next.

Seats here are absolute positions at the table (0–3, counter-clockwise); the
pricing functions work relative to the winner, so results are re-seated.
"""
from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

from ..errors import RuleError
from ..ledger import KONG, Settlement
from .model import SELF_DRAWN, Seat, Situation
from .options import HuangzhuangDealer, WinDealer
from .rule_set import RuleSet
from .scoring import false_win, price

RELATIVE = (Seat.SELF, Seat.NEXT, Seat.ACROSS, Seat.PREV)


def absolute(winner: int, seat: StrEnum) -> int:
    """The table position of a seat named relative to the winner.

    Examples:
        >>> from rules.nanning.model import Seat
        >>> absolute(0, Seat.ACROSS), absolute(3, Seat.NEXT)
        (2, 0)
    """
    return (winner + RELATIVE.index(seat)) % 4


def relative(winner: int, position: int) -> Seat:
    """The seat, named relative to the winner, of a table position (the inverse of `absolute`).

    Examples:
        >>> relative(0, 2).value, relative(1, 0).value
        ('对家', '上家')
    """
    return RELATIVE[(position - winner) % 4]


@dataclass(frozen=True)
class TablePayment:
    """One payment between table positions (0–3 counter-clockwise), with what it is for and why.

    Examples:
        >>> TablePayment(payer=3, payee=0, amount=2, kind="胡牌", role="放炮者").amount
        2
    """
    payer: int
    payee: int
    amount: int
    kind: str
    role: str


def reseat(settlement: Settlement, winner: int) -> list[TablePayment]:
    """A settlement's payments (seats named from the winner) at table positions, the winner at `winner`.

    Examples:
        >>> from rules.nanning.model import HandType, Win, Shape, Situation
        >>> from rules.nanning.rule_set import rule_set
        >>> from rules.nanning.scoring import price
        >>> reseat(price(Situation(HandType(Shape.JIHU, False, False), Win.FANGPAO), rule_set("yuanwen")), 1)
        [TablePayment(payer=0, payee=1, amount=2, kind='胡牌', role='放炮者')]
    """
    return [TablePayment(absolute(winner, p.payer), absolute(winner, p.payee), p.amount, p.kind, p.role)
            for p in settlement.payments]


def multi_win(discarder: int, wins: list[tuple[int, Situation]], rule_set: RuleSet) -> list[TablePayment]:
    """一炮双响 / 一炮三响 (nn-19-s2-r1, nn-19-s3-r1): no 截胡; the discarder pays each
    winner for his own hand. Every winner wins on the same discard, so with the same
    胡法 and kong chain; the discarder's own 杠分 (杠上炮, nn-g-gangshangpao-kong) are
    settled once, as usual, not once per winner.

    Examples:
        >>> from rules.nanning.model import HandType, Win, Shape, Situation
        >>> from rules.nanning.rule_set import rule_set
        >>> wins = [(0, Situation(HandType(Shape.JIHU, False, False), Win.FANGPAO)),
        ...         (2, Situation(HandType(Shape.PENGPENG, False, False), Win.FANGPAO))]
        >>> [(p.payer, p.payee, p.amount) for p in multi_win(3, wins, rule_set("yuanwen"))]
        [(3, 0, 2), (3, 2, 9)]
    """
    if not 2 <= len(wins) <= 3:
        raise RuleError("一炮多响 is two or three winners on one discard", rule="nn-19-r1")
    seats = [seat for seat, _ in wins]
    if discarder in seats or len(set(seats)) != len(seats):
        raise RuleError("each winner is a different player, and not the discarder", rule="nn-19-r1")
    first = wins[0][1]
    out: list[TablePayment] = []
    for k, (seat, situation) in enumerate(wins):
        if situation.win in SELF_DRAWN:
            raise RuleError(f"{situation.win.value} is not a win on a discard", rule="nn-19-r1")
        if (situation.win, situation.chain) != (first.win, first.chain):
            raise RuleError("一炮多响: every winner wins on the same discard, so with the same 胡法 and kong chain",
                            rule="nn-19-r1")
        mine = Situation(situation.hand, situation.win, situation.chain, situation.fenghu, 0, None,
                         relative(seat, discarder), situation.fenghu_seat)
        settled = reseat(price(mine, rule_set), seat)
        # the discarder's kong points are the same whoever won: keep them from the first winner only
        out += [p for p in settled if k == 0 or not (p.kind == KONG and p.payee == discarder)]
    return out


class Ending(StrEnum):
    """How a hand ended, for who deals next.

    Examples:
        >>> [e.value for e in Ending]
        ['胡牌', '一炮多响', '诈胡', '荒庄']
    """

    WIN = "胡牌"
    MULTI = "一炮多响"
    FALSE_WIN = "诈胡"
    DRAW = "荒庄"


def next_dealer(ending: Ending, rule_set: RuleSet, dealer: int, *, discarder: int | None = None,
                cheat: int | None = None, last_drawer: int | None = None, winner: int | None = None) -> tuple[int, str]:
    """Who deals the next hand, and the rule. The document says it for 一炮多响 (the
    discarder), 诈胡 (the false winner) and 荒庄 (the last drawer, or by agreement the
    dealer). For an ordinary win it only presumes it (摸码 counts from “上一盘胡牌庄家”):
    the winner deals, or by the reading win_dealer the dealer keeps the deal on his own
    win and it passes to his 下家 otherwise (ruling nn-a-next-dealer).

    Examples:
        >>> from rules.nanning.rule_set import rule_set
        >>> next_dealer(Ending.MULTI, rule_set("yuanwen"), 0, discarder=3)
        (3, 'nn-19-s2-r1')
    """
    if ending is Ending.MULTI and discarder is not None:
        return discarder, "nn-19-s2-r1"
    if ending is Ending.FALSE_WIN and cheat is not None:
        return cheat, "nn-20-d1"
    if ending is Ending.DRAW and last_drawer is not None:
        if rule_set.options.huangzhuang_dealer is HuangzhuangDealer.DEALER_STAYS:
            return dealer, "nn-23-d1"
        return last_drawer, "nn-23-d1"
    if ending is Ending.WIN and winner is not None:
        rule = rule_set.option_specs["win_dealer"].rules[-1]
        if rule_set.options.win_dealer is WinDealer.ROTATE and winner != dealer:
            return (dealer + 1) % 4, rule
        return winner, rule
    raise RuleError(f"{ending.value}: say who won, who discarded, who cheated or who drew the last tile")


def may_win_after_passing(passed_on: bool, drew_since: bool) -> bool:
    """卖胡 (nn-21-r2, nn-21-r3): a player who let a winning discard go (or broke a
    pair to fish for 自摸) may not win on any discard until his own next draw, even
    after other players' 碰; winning anyway is 诈胡 (see `false_win`).

    Examples:
        >>> may_win_after_passing(passed_on=True, drew_since=False), may_win_after_passing(passed_on=True,
        ...     drew_since=True)
        (False, True)
    """
    return not passed_on or drew_since


def sold_win_penalty(rule_set: RuleSet) -> Settlement:
    """Winning against 卖胡 is handled as 诈胡 (nn-21-r2: 否则按诈胡处理).

    Examples:
        >>> from rules.nanning.rule_set import rule_set
        >>> sold_win_penalty(rule_set("yuanwen")).formula
        '诈胡者付其余每家 10，共 30'
    """
    return false_win(rule_set, Seat.SELF)

