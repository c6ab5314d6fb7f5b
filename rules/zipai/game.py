"""三人字牌 as a `Game`: the registry's entry for this folder.

A situation of the payout table is a hand (its 牌型 facts, whether a legal hand
has them) and how it was won: (HandRow, Win, 爆 situation, 海底, 头块).
"""
from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

from ..errors import RuleError
from ..game import Game, OptionSpec
from . import cli, payouts
from .rule_set import RuleSet
from .loader import default_rule_set, option_specs
from .scoring import settle
from ..ledger import Settlement

Situation = tuple[payouts.HandRow, payouts.Win, str, bool, bool]
DEFAULT = "default"


class Zipai(Game):
    """Document 003: three players, one rule set under named readings (zp-r-…).

    Examples:
        >>> z = Zipai()
        >>> z.rules(options={"zp-r-dianpao": "multiplier"}).options.dianpao
        <Dianpao.MULTIPLIER: 'multiplier'>
        >>> z.score({"hand": "一二三四五六七八九壹贰叁肆伍陆柒捌玖贰柒拾", "win": "点炮", "from": "下家"})["total"]
        40
    """

    id = "zipai"
    title = "三人字牌"
    generator = "generator.zipai"

    def presets(self) -> Mapping[str, str]:
        return {DEFAULT: payouts.READING_SET}

    def options(self) -> tuple[OptionSpec, ...]:
        return tuple(option_specs().values())

    def rules(self, preset: str | None = None, options: Mapping[str, Any] | None = None) -> RuleSet:
        if preset not in (None, DEFAULT):
            raise RuleError(f"unknown preset {preset!r}; 字牌 has one: {DEFAULT} ({payouts.READING_SET})")
        return default_rule_set().with_options(dict(options or {}), "options")

    def parse(self, request: dict) -> tuple:
        return cli.parse(request)

    def score(self, request: dict) -> dict:
        return cli.score(request)

    def situations(self, rules: RuleSet) -> Iterable[Situation]:
        return [(row, *s) for row in payouts.hand_rows(rules) for s in payouts.situations(row)]

    def impossible(self, situation: Situation, rules: RuleSet) -> RuleError | None:
        row = situation[0]
        if not row.feasible:
            return RuleError(row.reason)
        try:
            self._settle(situation, rules)
        except RuleError as exc:
            return exc
        return None

    def price(self, situation: Situation, rules: RuleSet) -> Settlement:
        reason = self.impossible(situation, rules)
        if reason is not None:
            raise reason
        return self._settle(situation, rules)

    @staticmethod
    def _settle(situation: Situation, rules: RuleSet) -> Settlement:
        row, win, bao, haidi, toukuai = situation
        return settle(row.facts, payouts.circumstances(win, bao, haidi, toukuai, dealer=row.opening), rules)

    def payout_table(self) -> dict:
        return payouts.payout_json(payouts.payout_rows())
