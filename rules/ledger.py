"""The kinds every game shares: a number with its provenance, a payment, a settlement.

Each game names its own seats (a `StrEnum` whose first member is the winner:
南宁 本家 下家 对家 上家, 字牌 胡牌者 上家 下家); everything else about who pays
whom is the same for every game, so it lives here once.

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


@dataclass(frozen=True)
class Const:
    """A number of the rules with its provenance: the rule lines it rests on and the words quoted.

        >>> Const(3, ("nn-1-r1",), "自摸3分").rule
        'nn-1-r1'
    """

    value: int
    rules: tuple[str, ...]
    quote: str = ""

    @property
    def rule(self) -> str:
        """The rule line it rests on first (a 字牌 number rests on exactly one)."""
        return self.rules[0] if self.rules else ""


@dataclass(frozen=True)
class Payment:
    """One line of the ledger: who pays whom, how much, for what, in which part, by which rules."""

    payer: Seat
    payee: Seat
    amount: int
    kind: str  # 胡牌 | 杠分 | 诈胡 | 钓鱼
    role: str = ""  # the payer's part in it, e.g. 放炮者, 被杠者
    rules: tuple[str, ...] = ()


def net(payments: Iterable[Payment], seats: Iterable[Seat]) -> dict[Seat, int]:
    """Per seat: what it receives (+) or pays (−). Every payment moves its amount, so it sums to zero."""
    out = {seat: 0 for seat in seats}
    for p in payments:
        out[p.payer] -= p.amount
        out[p.payee] += p.amount
    return out


@dataclass(frozen=True)
class Settlement:
    """What a win settles: the payments, the formula that gave them and the rule lines it used."""

    winner: Seat
    payments: tuple[Payment, ...]
    formula: str
    rules: tuple[str, ...]

    def net(self) -> dict[Seat, int]:
        return net(self.payments, type(self.winner))

    def received(self, seat: Seat | None = None, kind: str | None = None) -> int:
        """What `seat` (the winner by default) receives, optionally of one kind."""
        seat = self.winner if seat is None else seat
        return sum(p.amount for p in self.payments if p.payee == seat and (kind is None or p.kind == kind))

    @property
    def total(self) -> int:
        """What the winner receives."""
        return self.received()


def payments_json(payments: Iterable[Payment], roles: bool = True) -> list[dict]:
    """Payments as the command line writes them (`for` is the kind)."""
    return [{"payer": p.payer.value, "payee": p.payee.value, "amount": p.amount, "for": p.kind}
            | ({"role": p.role} if roles else {}) for p in payments]
