"""三人字牌 as a `Game`: the registry's entry for this folder.

A situation of the payout table is a row's hand (its 牌型 facts, and why no legal hand has them
when none does) and how it was won (`rules.zipai.scoring.Situation`); a request's is the facts of
the split of its hand that pays most.
"""
from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import replace

from ..errors import RuleError
from ..game import Game, Json
from ..ledger import Settlement
from ..options import Option
from ..request import read
from . import answer, payouts, waits
from .club import presets as club_presets
from .club_answer import club_answer
from .loader import default_rule_set, option_specs
from .request import REQUESTS, ScoreRequest, SessionRequest
from .rule_set import RuleSet
from .club import ClubRules
from .scoring import Situation, check, price
from .session import session as night_of

DEFAULT = "default"


def _club(preset: str) -> ClubRules:
    """A preset of a deployed program by id or name (rules.zipai.club)."""
    for key, found in club_presets().items():
        if preset in (key, found.name):
            return found
    known = ", ".join([DEFAULT, *club_presets()])
    raise RuleError(f"unknown preset {preset!r}; 字牌 has: {known}")


class Zipai(Game[ScoreRequest, RuleSet, Situation]):
    """Document 003: three players, one rule set under named readings (zp-r-…).

    Examples:
        >>> z = Zipai()
        >>> z.rule_set(options={"zp-r-dianpao": "multiplier"}).options.dianpao
        <Dianpao.MULTIPLIER: 'multiplier'>
        >>> z.score({"hand": "一二三四五六七八九壹贰叁肆伍陆柒捌玖贰柒拾", "win": "点炮", "from": "下家"})["total"]
        40
    """

    id = "zipai"
    title = "三人字牌"
    generator = "generator.zipai"
    drills = "rules.zipai.drill"
    requests = REQUESTS

    def presets(self) -> Mapping[str, str]:
        # The document's rules first; the presets of deployed programs (不见于原文) after it.
        return {DEFAULT: payouts.READING_SET} | {key: p.name for key, p in club_presets().items()}

    def options(self) -> tuple[Option, ...]:
        return tuple(option_specs().values())

    def rule_set(self, preset: str | None = None, options: Mapping[str, object] | None = None) -> RuleSet:
        base = default_rule_set().with_options(options or {}, "options")
        if preset in (None, DEFAULT):
            return base
        return replace(base, club=_club(preset))

    def parse(self, request: Mapping[str, object]) -> ScoreRequest:
        return read(ScoreRequest, request)

    def rule_set_of(self, request: ScoreRequest) -> RuleSet:
        if request.preset in (None, DEFAULT):
            return answer.rule_set_of(dict(request.readings))
        if request.readings:
            raise RuleError("readings are document 003's; a preset has its own rules: leave out readings")
        return replace(default_rule_set(), club=_club(request.preset))

    def score_request(self, request: ScoreRequest, rule_set: RuleSet | None = None) -> Json:
        rule_set = self.rule_set_of(request) if rule_set is None else rule_set
        if rule_set.club is not None:  # a deployed program's rules: its own check and settlement
            return club_answer(request, rule_set)
        return super().score_request(request, rule_set)

    def situation(self, request: ScoreRequest, rule_set: RuleSet) -> Situation:
        return answer.situation(request, rule_set)

    def price(self, situation: Situation, rule_set: RuleSet) -> Settlement:
        if situation.unreachable:
            raise RuleError(situation.unreachable)
        return price(situation, rule_set)

    def render(self, request: ScoreRequest, situation: Situation, settlement: Settlement, rule_set: RuleSet) -> Json:
        return answer.render(request, situation, settlement, rule_set)

    def waits(self, request: Mapping[str, object]) -> Json:
        return waits.waits(request)

    def session(self, request: Mapping[str, object]) -> Json:
        return night_of(read(SessionRequest, request), self._scores)

    def situations(self, rule_set: RuleSet) -> Iterable[Situation]:
        return [payouts.situation_of(row, *s) for row in payouts.hand_rows(rule_set) for s in payouts.situations(row)]

    def impossible(self, situation: Situation, rule_set: RuleSet) -> RuleError | None:
        if situation.unreachable:
            return RuleError(situation.unreachable)
        try:
            check(situation.facts, situation.circumstances, rule_set)
        except RuleError as exc:
            return exc
        return None

    def payout_rows(self, part: tuple[int, int] = (0, 1)) -> list[Json]:
        return payouts.payout_rows(part=part)

    def payout_table(self, rows: list[Json] | None = None) -> Json:
        return payouts.payout_json(payouts.payout_rows() if rows is None else rows)
