"""What Nanning's 计分器 page offers: the custom cheat sheet's 十三幺 row (issue 26 item 3), a request per column
the core allows, priced by the core under the chosen rules and the club's 约定值."""
from __future__ import annotations

import pytest

from generator.nanning.scorer import sheet
from generator.nanning.view import GRID
from rules.errors import RuleError
from rules.nanning.answer import hand_of
from rules.nanning.game import Nanning
from rules.nanning.model import Win
from rules.nanning.request import ScoreRequest
from rules.nanning.rule_set import preset
from rules.nanning.shisanyao import is_shisanyao, settle
from rules.request import read

SHEET = sheet()
ROW = next(r for r in SHEET["sheet"] if r["label"] == "十三幺")
CELLS = [r for r in ROW["requests"] if r]
AGREED = {"shisanyao": "agreed"}


def test_the_sheet_has_a_shisanyao_row_of_one_hand_in_every_column_the_core_allows():
    assert len(ROW["requests"]) == len(SHEET["sheet_columns"]) == len(GRID)
    for (method, chain), request in zip(GRID, ROW["requests"], strict=True):
        if request is None:  # no melds, so no kong of one's own to win on
            assert Win(method) is Win.GANGSHANGHUA, method
            continue
        situation = {k: v for k, v in request.items() if k not in ("hand", "win_tile")}
        assert situation == {"win": method, **({"chain": [chain]} if chain else {})}
        hand = hand_of(request["hand"], (), request["win_tile"])
        assert is_shisanyao(hand) and hand.concealed.count(hand.won_on) == 1  # a robbed kong's copies are out
    assert len(CELLS) == sum(Win(m) is not Win.GANGSHANGHUA for m, _ in GRID)


def core_settle(request: dict):
    """The price `rules.nanning.shisanyao` itself gives a request, under the rules it names."""
    r = read(ScoreRequest, request)
    return settle(r, hand_of(r.hand, r.melds, r.win_tile), Nanning().rule_set_of(r))[0]


SPEC = preset().option_specs["shisanyao"]


@pytest.mark.parametrize("rules, prices, reason", [
    (None, {}, SPEC.quote),  # the article's rule: refused
    ({"preset": "dapao9"}, {"shisanyao_zimo": 10, "shisanyao_fangpao": 20}, SPEC.quote),  # prices do not allow it
    ({"options": AGREED}, {}, "请给出"),  # allowed, but the club's value not given
])
def test_the_shisanyao_row_is_refused_with_the_cores_own_reason(rules, prices, reason):
    for cell in CELLS:
        request = {**cell, **({"rules": rules} if rules else {}), **prices}
        with pytest.raises(RuleError) as own:
            core_settle(request)
        with pytest.raises(RuleError) as scored:
            Nanning().score(request)
        assert scored.value.one_line() == own.value.one_line() and reason in own.value.one_line(), cell["win"]


@pytest.mark.parametrize("prices", [
    {"shisanyao_zimo": 10, "shisanyao_fangpao": 20},
    {"shisanyao_zimo": 1, "shisanyao_fangpao": 1000},
    {"shisanyao_zimo": 7, "shisanyao_fangpao": 7},
])
def test_with_shisanyao_allowed_the_row_is_priced_at_the_clubs_values(prices):
    for cell in CELLS:
        request = {**cell, "rules": {"options": AGREED}, **prices}
        expected, got = core_settle(request), Nanning().score(request)
        assert got["total"] == expected.total and got["formula"] == expected.formula, cell["win"]
        assert got["patterns"] == ["十三幺"] and expected.total in {prices["shisanyao_fangpao"],
                                                                   3 * prices["shisanyao_zimo"]}
