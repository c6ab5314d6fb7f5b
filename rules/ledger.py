"""The kinds every game shares: a number with its provenance, a payment, a settlement.

Each game names its own seats (a `StrEnum` whose first member is the winner:
南宁 本家 下家 对家 上家, 字牌 胡牌者 上家 下家); everything else about who pays
whom is the same for every game, so it lives here once.

Examples:
    >>> from enum import StrEnum
    >>> class Seat(StrEnum):
    ...     WINNER = "胡家"
    ...     OTHER = "他家"
    >>> s = Settlement(Seat.WINNER, (Payment(Seat.OTHER, Seat.WINNER, 3, "胡牌"),), "3", ("r-1",))
    >>> s.total, s.net()[Seat.OTHER]
    (3, -3)
"""
from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from enum import StrEnum

Seat = StrEnum  # a game's seats: a StrEnum, the winner first

HAND = "胡牌"  # what a payment is for: the hand won
KONG = "杠分"  # …: a kong (南宁) or a 垅/招 (字牌), settled apart from the hand


@dataclass(frozen=True)
class Const:
    """A number of the rules with its provenance: the rule lines it rests on and the words quoted.

    Examples:
        >>> Const(3, ("nn-1-r1",), "自摸3分").rule
        'nn-1-r1'
    """

    value: int
    rules: tuple[str, ...]
    quote: str = ""

    @property
    def rule(self) -> str:
        """The rule line it rests on first (a 字牌 number rests on exactly one).

        Examples:
            >>> Const(2, ()).rule
            ''
        """
        return self.rules[0] if self.rules else ""


@dataclass(frozen=True)
class Payment:
    """One line of the ledger: who pays whom, how much, for what, in which part, by which rules.

    Examples:
        >>> from rules.nanning.model import Seat
        >>> Payment(Seat.PREV, Seat.SELF, 2, "胡牌", "放炮者").amount
        2
    """

    payer: Seat
    payee: Seat
    amount: int
    kind: str  # HAND (胡牌) | KONG (杠分) | 诈胡 | 钓鱼
    role: str = ""  # the payer's part in it, e.g. 放炮者, 被杠者
    rules: tuple[str, ...] = ()


def net(payments: Iterable[Payment], seats: Iterable[Seat]) -> dict[Seat, int]:
    """Per seat: what it receives (+) or pays (−). Every payment moves its amount, so it sums to zero.

    Examples:
        >>> from rules.nanning.model import Seat
        >>> net([Payment(Seat.PREV, Seat.SELF, 2, "胡牌")], Seat)[Seat.PREV]
        -2
    """
    out = dict.fromkeys(seats, 0)
    for p in payments:
        out[p.payer] -= p.amount
        out[p.payee] += p.amount
    return out


@dataclass(frozen=True)
class Settlement:
    """What a win settles, in every game: the payments, the formula that gave them, the rule lines
    it used, and the names it was priced under where the formula does not say them (字牌's 名堂).

    Examples:
        >>> from rules.nanning.model import Seat
        >>> s = Settlement(Seat.SELF, (Payment(Seat.PREV, Seat.SELF, 2, "胡牌"),), "2", ("nn-1-1",))
        >>> s.total, s.net()[Seat.SELF], s.names
        (2, 2, ())
    """

    winner: Seat
    payments: tuple[Payment, ...]
    formula: str
    rules: tuple[str, ...]
    names: tuple[str, ...] = ()

    def net(self) -> dict[Seat, int]:
        """Per seat of the game: what it receives (+) or pays (−); sums to zero (see `net`).

        Examples:
            >>> from rules.nanning.model import Seat
            >>> Settlement(Seat.SELF, (), "", ()).net()[Seat.ACROSS]
            0
        """
        return net(self.payments, type(self.winner))

    def received(self, seat: Seat | None = None, kind: str | None = None) -> int:
        """What `seat` (the winner by default) receives, optionally of one kind.

        Examples:
            >>> from rules.nanning.model import Seat
            >>> s = Settlement(Seat.SELF, (Payment(Seat.PREV, Seat.SELF, 1, "杠分"),), "1", ())
            >>> s.received(kind="杠分"), s.received(kind="胡牌"), s.received(Seat.PREV)
            (1, 0, 0)
        """
        seat = self.winner if seat is None else seat
        return sum(p.amount for p in self.payments if p.payee == seat and (kind is None or p.kind == kind))

    @property
    def total(self) -> int:
        """What the winner receives: `received()` of the winner.

        Examples:
            >>> from rules.nanning.model import Seat
            >>> Settlement(Seat.SELF, (Payment(Seat.NEXT, Seat.SELF, 3, "胡牌"),), "3", ()).total
            3
        """
        return self.received()

    @property
    def hand_points(self) -> int:
        """What the winner receives for the hand (HAND), 杠分 apart.

        Examples:
            >>> from rules.nanning.model import Seat
            >>> Settlement(Seat.SELF, (Payment(Seat.NEXT, Seat.SELF, 3, HAND), Payment(Seat.NEXT, Seat.SELF, 1, KONG)),
            ...            "", ()).hand_points
            3
        """
        return self.received(kind=HAND)

    @property
    def kong_points(self) -> int:
        """What the winner receives in 杠分 (KONG).

        Examples:
            >>> from rules.nanning.model import Seat
            >>> Settlement(Seat.SELF, (Payment(Seat.NEXT, Seat.SELF, 1, KONG),), "", ()).kong_points
            1
        """
        return self.received(kind=KONG)


def payments_json(payments: Iterable[Payment], roles: bool = True) -> list[dict[str, object]]:
    """Payments as the command line writes them (`for` is the kind; schema `common#/$defs/payment`).

    Examples:
        >>> from rules.nanning.model import Seat
        >>> payments_json([Payment(Seat.PREV, Seat.SELF, 2, "胡牌", "放炮者")])
        [{'payer': '上家', 'payee': '本家', 'amount': 2, 'for': '胡牌', 'role': '放炮者'}]
    """
    return [{"payer": p.payer.value, "payee": p.payee.value, "amount": p.amount, "for": p.kind}
            | ({"role": p.role} if roles else {}) for p in payments]
