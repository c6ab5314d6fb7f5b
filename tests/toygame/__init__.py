"""A toy third game, defined only here: one folder and one `register()` line make it a game.

翻牌 (a made-up game): three seats; a win has 1–3 番; on 自摸 each other seat
pays 番 × 底分, on 点炮 the discarder pays twice that. Its numbers carry
provenance like a real game's, from its own two-line rule sheet (RULES).
"""
from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from enum import StrEnum
from typing import ClassVar

from rules.errors import RuleError
from rules.game import Game
from rules.ledger import Const, Payment, Settlement, payments_json
from rules.options import Option
from rules.request import Published, field, read

RULES = {"toy-r1": "底分2分，每番一倍", "toy-r2": "自摸三家各付，点炮一家付两份"}
UNIT = Const(2, ("toy-r1",), "底分2分")
DIANPAO = Const(2, ("toy-r2",), "点炮一家付两份")
MAX_FAN = Const(3, ("toy-r1",), "每番一倍")


class Seat(StrEnum):
    WINNER = "赢家"
    LEFT = "左家"
    RIGHT = "右家"


class Win(StrEnum):
    ZIMO = "自摸"
    DIANPAO = "点炮"


@dataclass(frozen=True, kw_only=True)
class ScoreRequest:
    published: ClassVar[Published] = Published(1, "翻牌 score request", "One JSON object.",
                                               ({"fan": 2, "win": "自摸"},))

    fan: int = field("番数", low=0, high=9, example=2)
    win: Win = field("how the hand won", example="自摸")


@dataclass(frozen=True)
class Situation:
    fan: int
    win: Win


class Toy(Game[ScoreRequest, str, Situation]):
    id = "toy"
    title = "翻牌（测试用）"
    generator = "tests.toygame.build"
    requests: ClassVar[Mapping[str, type]] = {"score": ScoreRequest}

    def presets(self) -> Mapping[str, str]:
        return {"plain": "原样"}

    def options(self) -> tuple[Option, ...]:
        return ()

    def rule_set(self, preset: str | None = None, options: Mapping[str, object] | None = None) -> str:
        if preset not in (None, "plain") or options:
            raise RuleError("翻牌 has one preset (plain) and no options")
        return "plain"

    def parse(self, request: Mapping[str, object]) -> ScoreRequest:
        return read(ScoreRequest, request)

    def rule_set_of(self, request: ScoreRequest) -> str:
        return "plain"

    def situation(self, request: ScoreRequest, rule_set: str) -> Situation:
        return Situation(request.fan, request.win)

    def render(self, request: ScoreRequest, situation: Situation, settlement: Settlement, rule_set: str) -> dict:
        s = settlement
        return {"game": self.id, "total": s.total, "payments": payments_json(s.payments),
                "net": {seat.value: n for seat, n in s.net().items()}, "formula": s.formula, "rules": list(s.rules)}

    def situations(self, rules: str) -> Iterable[Situation]:
        return [Situation(fan, win) for fan in range(MAX_FAN.value + 2) for win in Win]

    def impossible(self, situation: Situation, rules: str) -> RuleError | None:
        if not 1 <= situation.fan <= MAX_FAN.value:
            return RuleError(f"番数 {situation.fan} 不在 1 到 {MAX_FAN.value} 之间", rule=MAX_FAN.rule)
        return None

    def price(self, situation: Situation, rules: str) -> Settlement:
        reason = self.impossible(situation, rules)
        if reason is not None:
            raise reason
        each = UNIT.value * situation.fan
        if situation.win is Win.ZIMO:
            payments = tuple(Payment(seat, Seat.WINNER, each, "胡牌", "两家之一", UNIT.rules)
                             for seat in (Seat.LEFT, Seat.RIGHT))
            return Settlement(Seat.WINNER, payments, f"{UNIT.value}×{situation.fan}＝{each}（每家）", UNIT.rules)
        amount = each * DIANPAO.value
        payment = Payment(Seat.LEFT, Seat.WINNER, amount, "胡牌", "点炮者", UNIT.rules + DIANPAO.rules)
        return Settlement(Seat.WINNER, (payment,), f"{UNIT.value}×{situation.fan}×{DIANPAO.value}＝{amount}",
                          UNIT.rules + DIANPAO.rules)

    def payout_rows(self, part: tuple[int, int] = (0, 1)) -> list[dict]:
        rows = []
        for s in self.situations(self.rule_set()):
            reason = self.impossible(s, "plain")
            row = {"id": f"toy-{s.fan}-{'zm' if s.win is Win.ZIMO else 'dp'}", "fan": s.fan, "win": s.win.value,
                   "feasible": reason is None, "reason": reason.cite_zh() if reason else ""}
            if reason is None:
                settled = self.price(s, "plain")
                row.update(total=settled.total, formula=settled.formula, rules=list(settled.rules),
                           payments=payments_json(settled.payments))
            else:
                row.update(total=None, formula="", rules=[reason.rule], payments=[])
            rows.append(row)
        k, n = part
        return rows[len(rows) * k // n:len(rows) * (k + 1) // n]

    def payout_table(self, rows: list[dict] | None = None) -> dict:
        rows = self.payout_rows() if rows is None else rows
        return {"game": self.id, "title": "翻牌赔付表", "edition_inputs": [],
                "columns": [{"key": "fan", "label": "番数", "type": "number"},
                            {"key": "win", "label": "胡法", "type": "text"},
                            {"key": "total", "label": "赢家共收", "type": "number"},
                            {"key": "formula", "label": "算式", "type": "text"}],
                "dimensions": [{"key": "fan", "label": "番数", "values": list(range(MAX_FAN.value + 2))},
                               {"key": "win", "label": "胡法", "values": [w.value for w in Win]}],
                "rows": rows}
