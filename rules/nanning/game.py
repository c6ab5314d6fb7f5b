"""南宁麻将 as a `Game`: the registry's entry for this folder."""
from __future__ import annotations

from collections.abc import Iterable, Mapping

from ..errors import RuleError
from ..game import Game, Json
from ..ledger import Settlement
from ..options import Option
from ..request import read
from . import answer, multi, payouts, shisanyao, waits
from .feasibility import check
from .model import Situation
from .request import REQUESTS, ScoreRequest, SessionRequest
from .session import session as night_of
from .rule_set import DEFAULT, RuleSet, presets, rule_set
from .scoring import price


class Nanning(Game[ScoreRequest, RuleSet, Situation]):
    """Document 000/001: four players, presets for each alternative the article records.

    Examples:
        >>> n = Nanning()
        >>> n.rule_set("moma").options.moma
        <Switch.ON: 'on'>
        >>> n.score({"hand": "234m678m999m55p", "win": "放炮", "melds": [{"kind": "碰", "tile": "9s"}]})["total"]
        2
    """

    id = "nanning"
    title = "南宁麻将"
    generator = "generator.nanning"
    drills = "rules.nanning.drill"
    requests = REQUESTS

    def presets(self) -> Mapping[str, str]:
        found = presets()
        return {p.id: p.name for p in sorted(found.values(), key=lambda p: p.id != DEFAULT)}

    def options(self) -> tuple[Option, ...]:
        return tuple(presets()[DEFAULT].option_specs.values())

    def rule_set(self, preset: str | None = None, options: Mapping[str, object] | None = None) -> RuleSet:
        return rule_set(preset or DEFAULT, options, "options")

    def parse(self, request: Mapping[str, object]) -> ScoreRequest:
        return read(ScoreRequest, request)

    def rule_set_of(self, request: ScoreRequest) -> RuleSet:
        return answer.rule_set_of(request.rule_set)

    def situation(self, request: ScoreRequest, rule_set: RuleSet) -> Situation:
        return answer.situation(request, rule_set)

    def price(self, situation: Situation, rule_set: RuleSet) -> Settlement:
        return price(situation, rule_set)

    def render(self, request: ScoreRequest, situation: Situation, settlement: Settlement, rule_set: RuleSet) -> Json:
        return answer.render(request, situation, settlement, rule_set)

    def score_request(self, request: ScoreRequest, rule_set: RuleSet | None = None) -> Json:
        """One winner as every game scores (`Game.score_request`), or 一炮多响 when the request lists `multi`
        (`rules.nanning.multi`: each winner's situation priced, the discarder's payments together).

        Examples:
            >>> Nanning().score({"hand": "234m678m999m55p", "melds": [{"kind": "碰", "tile": "9s"}], "win": "放炮",
            ...     "multi": [{"seat": "对家", "hand": "111m555m999p55p", "melds": [{"kind": "碰",
            ...     "tile": "7z"}]}]})["net"]
            {'本家': 2, '下家': 0, '对家': 9, '上家': -11}
        """
        if request.multi:
            return multi.score_multi(request, self.rule_set_of(request) if rule_set is None else rule_set)
        hand = answer.hand_of(request.hand, request.melds, request.win_tile)
        if shisanyao.is_shisanyao(hand):  # no split reads it: the club's agreed value, or refused (nn-0-r2)
            rule_set = self.rule_set_of(request) if rule_set is None else rule_set
            settlement, pair = shisanyao.settle(request, hand, rule_set)
            reading: Json = {"shape": "十三幺", "sets": [], "pairs": [pair]}
            return answer.result_json(hand, reading, ["十三幺"], request.win, (), settlement, rule_set,
                                      settlement.formula, list(settlement.rules),
                                      [f"十三幺{rule_set.option_specs['shisanyao'].origin}：分值是俱乐部的约定值"])
        return super().score_request(request, rule_set)

    def session(self, request: Mapping[str, object]) -> Json:
        return night_of(read(SessionRequest, request), self._scores)

    def waits(self, request: Mapping[str, object]) -> Json:
        return waits.waits(request)

    def situations(self, rule_set: RuleSet) -> Iterable[Situation]:
        return payouts.situations(rule_set)

    def impossible(self, situation: Situation, rule_set: RuleSet) -> RuleError | None:
        return check(situation, rule_set)

    def payout_rows(self, part: tuple[int, int] = (0, 1)) -> list[Json]:
        return payouts.payout_rows(part)

    def payout_table(self, rows: list[Json] | None = None) -> Json:
        return payouts.payout_json(payouts.payout_rows() if rows is None else rows)
