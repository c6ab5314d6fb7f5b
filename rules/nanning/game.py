"""南宁麻将 as a `Game`: the registry's entry for this folder."""
from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

from ..errors import RuleError
from ..game import Game, OptionSpec
from . import cli, payouts
from .feasibility import check
from .model import Situation
from .rule_set import DEFAULT, RuleSet, presets, rule_set
from .scoring import price
from ..ledger import Settlement


class Nanning(Game):
    """Document 000/001: four players, presets for each alternative the article records.

    Examples:
        >>> n = Nanning()
        >>> n.rules("moma").options.moma
        <Switch.ON: 'on'>
        >>> n.score({"hand": "234m678m999m55p", "win": "放炮", "melds": [{"kind": "碰", "tile": "9s"}]})["total"]
        2
    """

    id = "nanning"
    title = "南宁麻将"
    generator = "generator.nanning"

    def presets(self) -> Mapping[str, str]:
        found = presets()
        return {p.id: p.name for p in sorted(found.values(), key=lambda p: p.id != DEFAULT)}

    def options(self) -> tuple[OptionSpec, ...]:
        return tuple(presets()[DEFAULT].option_specs.values())

    def rules(self, preset: str | None = None, options: Mapping[str, Any] | None = None) -> RuleSet:
        return rule_set(preset or DEFAULT, options, "options")

    def parse(self, request: dict) -> Situation:
        return cli.situation_of(request)[0]

    def score(self, request: dict) -> dict:
        return cli.score(request)

    def situations(self, rules: RuleSet) -> Iterable[Situation]:
        return payouts.situations(rules)

    def impossible(self, situation: Situation, rules: RuleSet) -> RuleError | None:
        return check(situation, rules)

    def price(self, situation: Situation, rules: RuleSet) -> Settlement:
        return price(situation, rules)

    def payout_table(self) -> dict:
        return payouts.payout_json(payouts.payout_rows())
