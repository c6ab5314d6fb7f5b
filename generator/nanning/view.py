"""Views of the Nanning payout table for the cheat sheet and the charts.

Rows are looked up by their dimension values (build/generated/nanning_payouts.json);
every dimension not named takes its first value (the 原文 preset, no 封胡, no 码).
Nothing here prices anything: every number is a row's own `total` or `payments`.
"""
from __future__ import annotations

from ..site.data import preset_dimension
from ..site.views import Cell, TableView, role

# The dimensions this view relies on (rules/nanning/payouts.py DIMENSIONS).
NEEDED = ("shape", "menqing", "qingyise", "quanqiuren", "method", "chain", "fenghu")
HAND = ("shape", "menqing", "qingyise", "quanqiuren")
# Columns of the cheat sheet's main grid: (method, kong chain). Chain methods with one kong.
GRID = [("放炮", ""), ("自摸", ""), ("杠上花", "明杠"), ("杠上花", "暗杠"), ("杠上炮", "明杠"),
        ("抢杠胡", "明杠"), ("全求炮", ""), ("海底捞月", ""), ("海底炮", ""), ("天胡", ""), ("地胡", ""), ("人胡", "")]
CHAIN_METHODS = [("杠上花", "明杠"), ("杠上花", "暗杠"), ("杠上炮", "明杠"), ("杠上炮", "暗杠"), ("抢杠胡", "明杠")]
MING = "明杠"


def chain_kinds(chain: str) -> list[str]:
    """"明杠→暗杠（双连杠）" -> ["明杠", "暗杠"]: the kinds of kong along a chain, its name aside."""
    return chain.split("（")[0].split("→") if chain else []


class View(TableView):
    NEEDED = NEEDED

    def __init__(self, table: dict):
        super().__init__(table)
        self.hands = list(dict.fromkeys(tuple(row[k] for k in HAND) for row in table["rows"]))
        self.labels = {tuple(row[k] for k in HAND): row["patterns"] for row in table["rows"]}
        self.preset = preset_dimension(table)["values"][0]

    def cell(self, hand: tuple, **values) -> Cell:
        chosen = dict(zip(HAND, hand, strict=True), **values)
        return Cell(self.index.get(tuple(chosen.get(k, self.first[k]) for k in self.dims)))

    def label(self, hand: tuple) -> str:
        return self.labels[hand]

    def grid(self) -> list[tuple[str, list[Cell]]]:
        return [(self.label(h), [self.cell(h, method=m, chain=c) for m, c in GRID]) for h in self.hands]

    def chain_values(self) -> list[str]:
        return next(d["values"] for d in self.table["dimensions"] if d["key"] == "chain")

    def chain_of(self, kind: str, n: int) -> str | None:
        """The chain value of `n` kongs all of one kind, as the table writes it ("明杠→明杠（双连杠）")."""
        return next((c for c in self.chain_values() if chain_kinds(c) == [kind] * n), None)

    def chains(self, method: str, kind: str, hands: list[tuple]) -> list[tuple[int, list[Cell]]]:
        """Amounts along a chain of one kind of kong, 1..max kongs, for the given hand types."""
        out = []
        for chain in self.chain_values():
            parts = chain_kinds(chain)
            if parts and set(parts) == {kind}:
                out.append((len(parts), [self.cell(h, method=method, chain=chain) for h in hands]))
        return out

    def mixed_like_ming(self, hands: list[tuple]) -> bool:
        """True when every chain mixing 明杠 and 暗杠 pays what the all-明杠 chain of the same length pays
        (the first 被明杠者 pays), for every chain method and hand type: the cheat sheet then says so in
        one line instead of listing each mixed chain."""
        for method in dict.fromkeys(m for m, _ in CHAIN_METHODS):
            for chain in self.chain_values():
                kinds = chain_kinds(chain)
                if len(set(kinds)) < 2:
                    continue
                ming = self.chain_of(MING, len(kinds))
                for h in hands:
                    mixed, pure = self.cell(h, method=method, chain=chain), self.cell(h, method=method, chain=ming)
                    if mixed.feasible and (not pure.feasible or mixed.total != pure.total):
                        return False
        return True

    def payer(self, method: str, chain: str) -> str:
        """Who pays in a grid column, read off its rows: "三家付" or the payer's role."""
        for hand in self.hands:
            payers = self.cell(hand, method=method, chain=chain).payers()
            if payers:
                return "三家付" if len(payers) == 3 else f"{role(payers[0][0])}付"
        return ""

    def main_hands(self) -> list[tuple]:
        """The hand types a chain table shows: those that can win on a kong chain (not 七对, not 全求人)."""
        return [h for h in self.hands
                if self.cell(h, method="杠上花", chain="暗杠").feasible and "全求人" not in self.label(h)]

    def fenghu_hands(self) -> list[tuple]:
        """Hand types 封胡 applies to: the winner has 碰'd, so never 门清 (nor 七对)."""
        return [h for h in self.main_hands() if self.cell(h, method="放炮", fenghu=self.fenghu_states()[0]).feasible]

    def fenghu_states(self) -> list[str]:
        return next(d["values"] for d in self.table["dimensions"] if d["key"] == "fenghu")[1:]

    def fenghu(self, hands: list[tuple]) -> list[tuple[str, str, list[Cell]]]:
        """封胡 situations: (method, 封胡 value, cells per hand type), for each state other than the first."""
        out = []
        for method in ("放炮", "自摸"):
            for state in self.fenghu_states():
                cells = [self.cell(h, method=method, fenghu=state) for h in hands]
                if any(c.feasible for c in cells):
                    out.append((method, state, cells))
        return out
