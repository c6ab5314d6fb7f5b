"""字牌 corners a rules review found (issue 14): four alike held concealed, the 红胡 threshold,
and the amounts the new findings quote."""
import pytest

from generator.findings import load_findings
from generator.zipai.check import TESHU, TESHU_HAND
from rules.errors import RuleError
from rules.registry import game

score_request = game("zipai").score

FOUR_THREES = "一二三三三三四五六壹贰叁贰柒拾肆伍陆柒捌玖"


# 003 l.13 必须招牌; l.15 如果能胡就胡，破招胡也可以: only the winning card may be the fourth.
@pytest.mark.parametrize("request_, total", [
    ({"hand": FOUR_THREES, "win": "自摸"}, None),  # wins on 玖 with 三三三三 hidden: refused
    ({"hand": FOUR_THREES, "win": "自摸", "win_card": "三"}, 100),  # the fourth 三 is the winning card
    ({"hand": FOUR_THREES, "win": "点炮", "from": "上家", "win_card": "三"}, 80),
    ({"hand": FOUR_THREES, "win": "点炮", "from": "上家", "win_card": "一"}, None),
    ({**TESHU_HAND, "win": "点炮", "from": "上家"}, 80),  # the 特殊爆牌 hand, winning on the fourth 伍
    ({**TESHU_HAND, "win": "点炮", "from": "上家", "win_card": "九"}, None),
])
def test_four_alike_are_never_hidden_before_the_win(request_, total):
    if total is None:
        with pytest.raises(RuleError) as err:
            score_request(request_)
        assert err.value.rule == "zp-1-zhaopai-r1" and "招" in err.value.message
    else:
        assert score_request(request_)["total"] == total


# 红胡: 10张起 by default (红爆 l.261 原手就有10个红), 11张起 by the literal 超过10个 (l.197).
@pytest.mark.parametrize("hand, readings, total, red_hu", [
    ("二二二七七七十十十壹贰叁一一一三三三四五六", {}, 180, True),  # 10 reds: 39×2→80 +10 each
    ("二二二七七七十十十壹贰叁一一一三三三四五六", {"zp-r-honghu-threshold": "more_than_10"}, 100, False),
    ("二二二七七七十十十贰柒拾一一一三三三柒柒柒", {}, None, True),  # 15 reds: 红胡 either way
    ("二二二七七七十十十贰柒拾一一一三三三柒柒柒", {"zp-r-honghu-threshold": "more_than_10"}, None, True),
])
def test_honghu_threshold(hand, readings, total, red_hu):
    out = score_request({"hand": hand, "win": "自摸", "readings": readings})
    assert any(name in ("红胡", "红列列") for name in out["mingtang"]) is red_hu
    if total is not None:
        assert out["total"] == total


def test_honghu_extra_counts_from_ten_under_both_thresholds():
    hand = {"hand": "二二二七七七十十十贰柒拾一一一三三三柒柒柒", "win": "自摸"}
    default = score_request(hand)["total"]
    literal = score_request({**hand, "readings": {"zp-r-honghu-threshold": "more_than_10"}})["total"]
    assert default == literal  # N = reds − 10 either way (zp-r-honghu-extra over_10)


def test_special_bao_finding_quotes_the_cores_amounts():
    """zp-f-teshu-discarder-pays-less: A pays 60 beside B's 爆, 80 for a plain 点炮 of the same hand."""
    finding = next(f for f in load_findings("zipai") if f["id"] == "zp-f-teshu-discarder-pays-less")
    teshu = {p["payer"]: p["amount"] for p in score_request(TESHU)["payments"]}
    plain = {p["payer"]: p["amount"] for p in score_request({**TESHU_HAND, "win": "点炮", "from": "上家"})["payments"]}
    own = {p["payer"]: p["amount"] for p in score_request({**TESHU, "readings": {"zp-r-teshu": "own_relation"}})
           ["payments"]}
    assert teshu == {"上家": 60, "下家": 60} and plain == {"上家": 80}
    text = finding["what_is_wrong"] + finding["rules_give"] + finding["alternatives"]
    for amount in (teshu["上家"], teshu["上家"] * 2, plain["上家"], own["上家"], plain["上家"] - teshu["上家"]):
        assert str(amount) in text


def test_issue_14_findings_are_present():
    ids = {f["id"] for f in load_findings("zipai")}
    assert {"zp-f-concealed-four", "zp-f-teshu-discarder-pays-less", "zp-f-terms-undefined",
            "zp-f-long-shown-face-down", "zp-f-passed-card", "zp-f-huxi-regularity"} <= ids
