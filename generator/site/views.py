"""A cell of a cheat sheet or chart: one payout row, looked up by its situation."""
from __future__ import annotations

import re
from dataclasses import dataclass

from markupsafe import Markup

from ..errors import BuildError

ROLE = re.compile(r"^[^（]*（(.*)）$")
HAND_POINTS = "胡牌"  # payments "for" the hand, as opposed to 杠分


@dataclass(frozen=True)
class Cell:
    row: dict | None  # None: no such row in the table
    others: int = 3  # players other than the winner: "每家" when all of them pay alike

    @property
    def feasible(self) -> bool:
        return bool(self.row and self.row["feasible"])

    @property
    def total(self):
        return self.row["total"] if self.feasible else None

    def payers(self) -> list[tuple[str, int]]:
        """(payer, amount) for the hand itself (kong points aside)."""
        out: dict[str, int] = {}
        for p in self.row["payments"] if self.feasible else []:
            if p["for"] == HAND_POINTS:
                out[p["payer"]] = out.get(p["payer"], 0) + p["amount"]
        return list(out.items())

    def who(self) -> str:
        """How the hand is paid: "每家 6" when all others pay alike, else each payer's role and amount."""
        payers = self.payers()
        if len(payers) == self.others and len({a for _, a in payers}) == 1:
            return f"每家 {payers[0][1]}"
        if len(payers) == 1:
            return ""
        return "，".join(f"{role(p)} {a}" for p, a in payers)


def role(payer: str) -> str:
    """ "上家（放炮者）" -> "放炮者"; a payer without a role is returned as it is."""
    m = ROLE.search(payer)
    return m.group(1) if m else payer


def cell_html(cell: Cell, value: str = "total", split: bool = True) -> Markup:
    """A cheat-sheet cell: a field of the row (the total by default), and under the total how it is split."""
    if not cell.feasible:
        return Markup('<td class="cp-num cp-na">—</td>')
    who = cell.who() if value == "total" and split else ""
    return Markup('<td class="cp-num"><b>{}</b>{}</td>').format(
        cell.row[value], Markup("<small>{}</small>").format(who) if who else "")


class TableView:
    """A payout table whose rows are looked up by their dimension values (a game's cheat sheet and
    charts read it); `NEEDED` are the dimensions the view relies on."""

    NEEDED: tuple[str, ...] = ()

    def __init__(self, table: dict):
        self.table = table
        self.dims = [d["key"] for d in table["dimensions"]]
        missing = [k for k in self.NEEDED if k not in self.dims]
        if missing:
            raise BuildError(f"{table['game']}_payouts.json lacks the dimensions {', '.join(missing)}")
        self.values = {d["key"]: d["values"] for d in table["dimensions"]}
        self.first = {k: v[0] for k, v in self.values.items()}
        self.index = {tuple(row[k] for k in self.dims): row for row in table["rows"]}
