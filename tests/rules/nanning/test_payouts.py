"""The Nanning payout table and the build's refusal of inconsistent cross-checks."""

import pytest

from rules.nanning.payouts import parse_code, payout_rows, situation_code
from rules.nanning.rule_set import presets

ROWS = payout_rows()
BY_ID = {r["id"]: r for r in ROWS}


def test_row_ids_are_unique_and_every_preset_has_rows():
    assert len(BY_ID) == len(ROWS)
    assert {r["preset"] for r in ROWS} == set(presets())


@pytest.mark.parametrize("row_id, total, payers", [
    ("nn-yuanwen-jh-fp", 2, {"上家（放炮者）"}),
    ("nn-yuanwen-jhm-zm", 12, {"下家（三家之一）", "对家（三家之一）", "上家（三家之一）"}),
    ("nn-yuanwen-pp-gh-m", 37, {"上家（被杠者）"}),
    ("nn-yuanwen-ppmq-gh-aa", 198, {"下家（三家之一）", "对家（三家之一）", "上家（三家之一）"}),
    ("nn-yuanwen-pp-gh-mmmm", 292, {"上家（第一个被杠者）"}),
    ("nn-yuanwen-jh-gp-mm", 18, {"上家（放炮者）"}),
    ("nn-yuanwen-jhm-th", 24, {"下家（三家之一）", "对家（三家之一）", "上家（三家之一）"}),
    ("nn-sishuang-pp-fp-sf", 27, {"上家（放炮者）", "对家（被封胡者（双飞））"}),
    ("nn-moma-jh-zm-k2", 27, {"下家（三家之一）", "对家（三家之一）", "上家（三家之一）"}),
])
def test_rows_priced_as_the_document(row_id, total, payers):
    row = BY_ID[row_id]
    assert row["feasible"] and row["total"] == total
    assert {p["payer"] for p in row["payments"] if p["payee"] == "本家"} == payers
    assert row["witness"] and row["formula"] and row["rules"]


@pytest.mark.parametrize("row_id, rule", [
    ("nn-yuanwen-pp-qg-m", "nn-9-d1"),        # 抢杠胡 needs a sequence
    ("nn-yuanwen-pp-gh-aaaa", "nn-7-ag4-r1"),  # four 暗杠 and not 门清
    ("nn-yuanwen-jh-hl", None),                # 海底捞月 without chain is fine
    ("nn-yuanwen-qd-gh-a", "nn-7-mg1-r1"),     # 杠上花 with seven pairs
    ("nn-yuanwen-jh-th", "nn-14-r1"),          # 天胡 is always 门清
])
def test_impossible_rows_keep_their_reason(row_id, rule):
    row = BY_ID[row_id]
    if rule is None:
        assert row["feasible"]
        return
    assert not row["feasible"] and row["total"] is None and rule in row["rules"] and row["reason"]


def test_codes_round_trip():
    from rules.nanning.payouts import situations
    for s in situations(presets()["yuanwen"]):
        assert situation_code(parse_code(situation_code(s))) == situation_code(s)
