"""Table rules around a win: 一炮多响, 诈胡, 卖胡, 荒庄, and who deals next.

Seats here are absolute positions at the table (0–3, counter-clockwise); the
pricing functions work relative to the winner, so results are re-seated.
"""
from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

from ..errors import RuleError
from .model import SELF_DRAWN, Seat, Situation
from .preset import Preset
from .scoring import Settlement, false_win, price

RELATIVE = (Seat.SELF, Seat.NEXT, Seat.ACROSS, Seat.PREV)


def absolute(winner: int, seat: Seat) -> int:
    """The table position of a seat named relative to the winner."""
    return (winner + RELATIVE.index(seat)) % 4


def relative(winner: int, position: int) -> Seat:
    return RELATIVE[(position - winner) % 4]


@dataclass(frozen=True)
class TablePayment:
    payer: int
    payee: int
    amount: int
    kind: str
    role: str


def reseat(settlement: Settlement, winner: int) -> list[TablePayment]:
    return [TablePayment(absolute(winner, p.payer), absolute(winner, p.payee), p.amount, p.kind, p.role)
            for p in settlement.payments]


def multi_win(discarder: int, wins: list[tuple[int, Situation]], preset: Preset) -> list[TablePayment]:
    """一炮双响 / 一炮三响 (nn-19-s2-r1, nn-19-s3-r1): no 截胡; the discarder pays each
    winner for his own hand. Each situation is the winner's, with any discard method."""
    if not 2 <= len(wins) <= 3:
        raise RuleError("一炮多响 is two or three winners on one discard", rule="nn-19-r1")
    seats = [seat for seat, _ in wins]
    if discarder in seats or len(set(seats)) != len(seats):
        raise RuleError("each winner is a different player, and not the discarder", rule="nn-19-r1")
    out: list[TablePayment] = []
    for seat, situation in wins:
        if situation.method in SELF_DRAWN:
            raise RuleError(f"{situation.method.value} is not a win on a discard", rule="nn-19-r1")
        mine = Situation(situation.hand, situation.method, situation.chain, situation.fenghu, 0, None,
                         relative(seat, discarder), situation.fenghu_seat)
        out += reseat(price(mine, preset), seat)
    return out


class Ending(StrEnum):
    """How a hand ended, for who deals next."""

    WIN = "胡牌"
    MULTI = "一炮多响"
    FALSE_WIN = "诈胡"
    DRAW = "荒庄"


def next_dealer(ending: Ending, preset: Preset, dealer: int, *, discarder: int | None = None,
                cheat: int | None = None, last_drawer: int | None = None) -> tuple[int, str]:
    """Who deals the next hand, and the rule. The document says it for 一炮多响 (the
    discarder), 诈胡 (the false winner) and 荒庄 (the last drawer, or by agreement the
    dealer); for an ordinary win it says nothing, so that is an error, not a guess."""
    if ending is Ending.MULTI and discarder is not None:
        return discarder, "nn-19-s2-r1"
    if ending is Ending.FALSE_WIN and cheat is not None:
        return cheat, "nn-20-d1"
    if ending is Ending.DRAW and last_drawer is not None:
        if preset.option("huangzhuang_dealer") == "dealer_stays":
            return dealer, "nn-23-d1"
        return last_drawer, "nn-23-d1"
    if ending is Ending.WIN:
        raise RuleError("the document does not say who deals after an ordinary win", rule="nn-0-r2")
    raise RuleError(f"{ending.value}: say who discarded, who cheated or who drew the last tile")


def may_win_after_passing(passed_on: bool, drew_since: bool) -> bool:
    """卖胡 (nn-21-r2, nn-21-r3): a player who let a winning discard go (or broke a
    pair to fish for 自摸) may not win on any discard until his own next draw, even
    after other players' 碰; winning anyway is 诈胡 (see `false_win`)."""
    return not passed_on or drew_since


def sold_win_penalty(preset: Preset) -> Settlement:
    """Winning against 卖胡 is handled as 诈胡 (nn-21-r2: 否则按诈胡处理)."""
    return false_win(preset, Seat.SELF)

