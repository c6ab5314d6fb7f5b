"""What links each row of 字牌's cheat sheet to a drill of its situation (`generator.site.drill.find`)."""
from __future__ import annotations

from markupsafe import Markup

from rules.drill import Level, Mode
from rules.zipai.model import Bao, Extra, Seat, Win
from rules.zipai.payouts import BAO

from ..site.drill import find, row_link
from ..site.render import Links

GAME = "zipai"
PLAY = (Level.ALL, Level.COMMON)  # the levels a row's hand is looked for at


def _bao(request: dict) -> dict:
    return {seat: state for seat, state in request.get("bao", {}).items() if state != Bao.NONE.value}


def bao_of(label: str) -> dict:
    """A 爆 situation of the payout table (`BAO`) as a request writes it."""
    return {seat.value: state.value for seat, state in zip(Seat, BAO[label][1], strict=True) if state is not Bao.NONE}


def plain(request: dict) -> bool:
    """Self-drawn, nobody 爆, not 海底 nor 头块: the grid's situation."""
    return request.get("win") == Win.ZIMO.value and not any(request.get(k) for k in ("bao", "extras", "gang"))


class Practice:
    """The cheat sheet's `practice`: one method per kind of row, each the row's link to its drill."""

    def __init__(self, p) -> None:
        self.link = Links("zipai/cheatsheet.md", p.targets)

    def _find(self, what: str, wanted, mode: Mode = Mode.TOTAL, levels=PLAY) -> str | None:
        return find(GAME, what, wanted, mode, levels)

    def _row(self, what: str, wanted, mode: Mode = Mode.TOTAL, levels=PLAY) -> Markup:
        return row_link(self.link, self._find(what, wanted, mode, levels), what)

    def huxi(self, huxi: int) -> Markup:
        """A row of the 胡数 grid: a hand of that many 胡息 (self-drawn with nobody 爆 where the drills have one)."""
        plain_one = self._find(f"{huxi} 胡，自摸", lambda d: d["answer"]["huxi"] == huxi and plain(d["request"]))
        return row_link(self.link, plain_one or self._find(f"{huxi} 胡", lambda d: d["answer"]["huxi"] == huxi),
                        f"{huxi} 胡")

    def bao(self, win: str, label: str) -> Markup:
        """A row of 胡法与爆牌: that win with that 爆 situation."""
        return self._row(f"{win}，{label}", lambda d: d["request"].get("win") == win
                         and _bao(d["request"]) == bao_of(label), levels=(Level.ALL, Level.DISPUTED))

    def extra(self, key: str, label: str) -> Markup:
        """A row of 自摸·海底 / 头块 (key haidi or toukuai) with that 爆 situation."""
        extra = Extra.HAIDI.value if key == "haidi" else Extra.TOUKUAI.value
        return self._row(f"自摸，{extra}，{label}", lambda d: d["request"].get("win") == Win.ZIMO.value
                         and extra in d["request"].get("extras", []) and _bao(d["request"]) == bao_of(label),
                         levels=(Level.ALL, Level.DISPUTED))

    def opening(self, row: dict) -> Markup:
        """A row of 起手胡: a hand with that row's 名堂 (三垅, 五坎 …, or 天胡)."""
        names = set(row["mingtang"].split("、"))
        return self._row(f"{row['win']}，{row['hand']}", lambda d: names <= set(d["answer"]["mingtang"]),
                         levels=(Level.ALL, Level.DISPUTED))

    def gang(self, kind: str) -> Markup:
        """A row of 来点儿: a hand with that kong's points."""
        return self._row(f"来点儿，{kind}", lambda d: any(g["kind"] == kind for g in d["request"].get("gang", [])),
                         levels=(Level.ALL, Level.DISPUTED))

    def group(self, rules: list[str], what: str) -> Markup:
        """A row of the 胡息 table: a hand holding such a group (its rule ids, 大字 and 小字)."""
        return self._row(what, lambda d: any(g["rule"] in rules for g in d["answer"]["groups"]), Mode.HUXI)
