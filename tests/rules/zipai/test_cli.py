"""`python -m rules score --game zipai`: the output contract, and one clear line for every bad input."""
import json
import subprocess
import sys

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rules.errors import RuleError
from rules.registry import game

score_request = game("zipai").score

PLAIN = "一二三四五六七八九壹贰叁肆伍陆柒捌玖贰柒拾"


def run(payload: str) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "rules", "score", "--game", "zipai"], input=payload,
                          capture_output=True, text=True, timeout=60)


def test_output_contract():
    done = run(json.dumps({"hand": PLAIN, "win": "点炮", "from": "下家"}, ensure_ascii=False))
    assert done.returncode == 0, done.stderr
    out = json.loads(done.stdout)
    for key in ("groups", "huxi", "mingtang", "total", "payments", "formula", "rules", "readings"):
        assert key in out
    assert all({"kind", "cards", "huxi"} <= set(g) for g in out["groups"])
    assert sum(g["huxi"] for g in out["groups"]) == out["huxi"] == 18
    assert out["payments"] == [{"payer": "下家", "payee": "胡牌者", "amount": 40, "for": "胡牌"}]
    assert out["readings"]["zp-r-dianpao"] == "whole" and out["readings_changed"] == []


@pytest.mark.parametrize("request_, message", [
    ({"hand": PLAIN[:-1] + "x", "win": "自摸"}, 'unknown card "x"'),
    ({"hand": "一一一一一" + PLAIN[5:], "win": "自摸"}, "5 copies of 一"),
    ({"hand": PLAIN[:-3], "win": "自摸"}, "wrong card count: 18 cards"),
    ({"hand": PLAIN, "win": "自摸", "shown": [{"kind": "碰", "cards": "一二三"}]}, "is not a group"),
    ({"hand": PLAIN, "win": "自摸", "shown": [{"kind": "杠", "cards": "一一一一"}]},
     "shown[1].kind must be one of 碰 | 招 | 拢 | 吃"),
    ({"hand": "一二三四五六七八九肆伍陆柒捌玖叁肆伍三四五", "win": "自摸"}, "below the minimum"),
    ({"hand": "一二三四五六七八九肆伍陆柒捌玖叁肆伍三四六", "win": "自摸"}, "not a winning hand"),
    ({"hand": PLAIN, "win": "自摸", "extras": ["头块"]}, "头块 is a win after 爆牌"),
    ({"hand": PLAIN, "win": "点炮"}, "needs `from`"),
    ({"hand": PLAIN, "win": "自摸", "from": "上家"}, "`from` only goes with"),
    ({"hand": PLAIN, "win": "点炮", "from": "上家", "extras": ["海底"]}, "cannot be won by 点炮"),
    ({"hand": PLAIN, "dealer": True, "extras": ["起手"], "bao": {"上家": "爆"}}, "nobody can be 爆"),
    ({"hand": PLAIN[:-1], "extras": ["起手"]}, "not a winning hand"),
    ({"hand": PLAIN, "win": "自摸", "extras": ["起手"]}, "has no win method"),
    ({"hand": PLAIN, "win": "自摸", "bao": {"胡牌者": "红爆"}}, "红爆 is applied for"),
    ({"hand": PLAIN, "win": "自摸", "bao": {"东家": "爆"}}, "bao key must be one of"),
    ({"hand": PLAIN, "win": "自摸", "bao": {"上家": "报"}}, "bao.上家 must be one of"),
    ({"hand": PLAIN, "win": "自摸", "extras": ["杠上花"]}, "extras[1] must be one of 海底 | 头块 | 起手"),
    ({"hand": PLAIN, "win": "杠上花"}, "win must be one of"),
    ({"hand": PLAIN, "win": "自摸", "win_card": "一二"}, "exactly one card"),
    ({"hand": PLAIN, "win": "自摸", "win_card": "十"}, "must be one of the concealed"),
    ({"hand": PLAIN, "win": "自摸", "colour": "红"}, "unknown field(s) in the request: colour"),
    ({"hand": PLAIN, "win": "自摸", "readings": {"zp-r-nothing": "x"}}, "unknown option(s) in readings: zp-r-nothing"),
    ({"hand": PLAIN, "win": "自摸", "readings": {"zp-r-combine": "divide"}},
     "readings.zp-r-combine must be one of multiply | add"),
    ({"hand": 12, "win": "自摸"}, "hand must be a string"),
    ({"win": "自摸"}, "missing field(s) in the request: hand"),
    ({"hand": PLAIN}, "win is required"),
    ({"hand": PLAIN, "win": "自摸", "dealer": "yes"}, "dealer must be true or false"),
    ({"hand": PLAIN, "win": "自摸", "shown": {"kind": "碰"}}, "shown must be a list"),
    ({"hand": PLAIN, "win": "自摸", "gang": [{"kind": "垅", "by": "胡牌者"}]}, "more 垅 for the winner"),
    ({"hand": PLAIN, "win": "自摸", "gang": [{"kind": "点招", "by": "上家"}]}, "点招 needs `from`"),
    ({"hand": "一一一一" + PLAIN[4:], "dealer": True, "extras": ["起手"]}, "must be shown"),
    # bounds: what 80 cards and three players cannot produce
    ({"hand": PLAIN, "win": "自摸", "gang": [{"kind": "垅", "by": "上家"}] * 25}, "25 gang events"),
    ({"hand": PLAIN, "win": "自摸", "gang": [{"kind": "垅", "by": "上家"}] * 6}, "6 垅 by 上家"),
    ({"hand": PLAIN, "win": "自摸", "gang": [{"kind": "自招", "by": "下家"}] * 7}, "7 垅/招 by 下家"),
    ({"hand": PLAIN, "win": "自摸", "gang": [{"kind": "垅", "by": "上家"}] * 2}, "leave only 1 kinds"),
    ({"hand": "一二", "win": "自摸", "shown": [{"kind": "碰", "cards": "一一一"}] * 7}, "7 shown groups"),
])
def test_bad_input_is_one_clear_error(request_, message):
    with pytest.raises(RuleError) as info:
        score_request(request_)
    line = info.value.one_line()
    assert message in line and "\n" not in line


@pytest.mark.parametrize("payload", [
    "not json", "[1, 2]", '{"hand": "一二三x", "win": "自摸"}', '{"hand": "一二三", "win": "自摸"}',
])
def test_command_line_exits_2_with_one_line(payload):
    done = run(payload)
    assert done.returncode == 2
    assert done.stdout == ""
    assert len(done.stderr.strip().splitlines()) == 1 and done.stderr.startswith("error: ")
    assert "Traceback" not in done.stderr


JSONISH = st.recursive(
    st.none() | st.booleans() | st.integers(-5, 30) | st.sampled_from(
        ["自摸", "点炮", "上家", "下家", "胡牌者", "爆", "红爆", "碰", "招", "拢", "海底", "头块", "起手", PLAIN,
         "七七七", "十"]),
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(
        st.sampled_from(["hand", "win", "from", "bao", "extras", "shown", "kind", "cards", "dealer", "gang", "by",
                         "readings", "win_card", "上家", "胡牌者"]), inner, max_size=4),
    max_leaves=8,
)


@settings(max_examples=300, deadline=None)
@given(st.dictionaries(st.sampled_from(["hand", "win", "from", "bao", "extras", "shown", "dealer", "gang",
                                        "readings", "win_card"]), JSONISH, max_size=6))
def test_any_request_either_scores_or_raises_rule_error(request_):
    try:
        out = score_request(request_)
    except RuleError as exc:
        assert exc.one_line()
    else:
        assert out["total"] > 0 and all(p["amount"] > 0 for p in out["payments"])
