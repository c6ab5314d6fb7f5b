"""Views of the 字牌 payout table for the cheat sheet, the scoring page and the charts.

Rows are looked up by their dimension values (build/generated/zipai_payouts.json);
a dimension not named takes its first value (自摸, 无人爆牌, not 海底, not 头块).
Nothing here prices anything: every number is a row's own field.
"""
from __future__ import annotations

from functools import cached_property

from ..errors import BuildError
from ..site.views import Cell, TableView

NEEDED = ("hand", "huxi", "win", "bao", "haidi", "toukuai")
GANG = "来点儿（杠分）"  # the rows of kong points, paid apart from the win
OPENING = "起手胡"  # won with the hand as dealt by a special pattern (天胡 is "起手胡（天胡）")


class View(TableView):
    NEEDED = NEEDED

    def cell(self, **values) -> Cell:
        return Cell(self.index.get(tuple(values.get(k, self.first[k]) for k in self.dims)), others=2)

    def rows(self, **values) -> list[dict]:
        """The rows with these dimension values, in table order."""
        first = next(iter(values), None)
        if first is None:
            return list(self.table["rows"])
        candidates = self._by(first).get(values[first], [])
        return [r for r in candidates if all(r[k] == v for k, v in values.items())]

    def _by(self, key: str) -> dict:
        """Rows grouped by one field's value, each group in table order (looked up, not scanned:
        the pages ask for the rows of one 牌型 or 胡法 about a hundred times)."""
        groups = self._groups.get(key)
        if groups is None:
            groups = self._groups[key] = {}
            for r in self.table["rows"]:
                groups.setdefault(r[key], []).append(r)
        return groups

    @cached_property
    def _groups(self) -> dict[str, dict]:
        return {}

    @cached_property
    def scaled(self) -> list[str]:
        """牌型 whose amount follows the 胡数 (feasible at several 胡数 when self-drawn)."""
        out = []
        for hand in self.values["hand"]:
            feasible = [r for r in self.rows(hand=hand, win=self.first["win"]) if r["feasible"]]
            if len({r["huxi"] for r in feasible}) > 1:
                out.append(hand)
        return out

    def fixed_hands(self) -> list[str]:
        """牌型 priced at a single 胡数 (棒胡 and its combinations)."""
        return [h for h in self.values["hand"] if h not in self.scaled and h != GANG
                and len({r["huxi"] for r in self.rows(hand=h)}) == 1]

    def huxi_range(self, hand: str) -> list[int]:
        """The 胡数 at which `hand` can be self-drawn, from the lowest to the highest."""
        seen = {r["huxi"] for r in self.rows(hand=hand, win=self.first["win"]) if r["feasible"]}
        return [x for x in self.values["huxi"] if seen and min(seen) <= x <= max(seen)]

    def huxi_grid(self, hands: list[str]) -> list[tuple[int, list[Cell]]]:
        """Self-drawn, nobody 爆: the amount per 胡数 and 牌型, over the range of the plain hand
        (higher 胡数 come only with 名堂 and are in the full table)."""
        return [(x, [self.cell(hand=h, huxi=x) for h in hands]) for x in self.huxi_range(self.first["hand"])]

    def reference_huxi(self, hand: str) -> int:
        """A 胡数 at which `hand` is feasible under every way of winning: the lowest such."""
        for x in self.values["huxi"]:
            if all(self.cell(hand=hand, huxi=x, win=w).feasible for w in self.wins()):
                return x
        raise BuildError(f"no 胡数 where {hand} can be won every way")

    def wins(self) -> list[str]:
        """Ways of winning in play (not the opening hands, not kong points)."""
        return [w for w in self.values["win"] if any(r["bao"] != self.first["bao"] for r in self.rows(win=w))]

    def bao_table(self, hand: str, huxi: int) -> list[tuple[str, str, Cell]]:
        return [(w, b, self.cell(hand=hand, huxi=huxi, win=w, bao=b)) for w in self.wins()
                for b in self.values["bao"] if self.cell(hand=hand, huxi=huxi, win=w, bao=b).row]

    def extras(self, hand: str, huxi: int) -> list[tuple[str, str, Cell]]:
        """海底 and 头块 on a self-drawn win, each alone."""
        yes = {k: self.values[k][-1] for k in ("haidi", "toukuai")}
        return [(k, yes[k], self.cell(hand=hand, huxi=huxi, bao=b, **{k: yes[k]}))
                for k in ("haidi", "toukuai") for b in self.values["bao"][:2]
                if self.cell(hand=hand, huxi=huxi, bao=b, **{k: yes[k]}).row]

    def opening(self) -> list[dict]:
        """Hands won as dealt: the special patterns (三垅, 五坎, 一拢三坎) and 天胡 on the plain hand,
        each at its lowest feasible 胡数."""
        out = {}
        for r in self.table["rows"]:
            shown = r["win"] == OPENING or r["hand"] == self.first["hand"]
            if r["win"].startswith("起手") and r["feasible"] and shown:
                out.setdefault((r["hand"], r["win"]), r)
        return list(out.values())

    def gang(self) -> list[dict]:
        return self.rows(hand=GANG)


def huxi_pivot(huxi: list[dict]) -> list[dict]:
    """zipai_huxi.csv as the document lays it out: one row per group and colour, 大字 and 小字 side by side."""
    out: dict[tuple[str, str], dict] = {}
    for r in huxi:
        entry = out.setdefault((r["colour"], r["kind"]), {"colour": r["colour"], "kind": r["kind"],
                                                          "in_document": r["in_document"] == "True"})
        entry[r["size"]] = r
    return list(out.values())
