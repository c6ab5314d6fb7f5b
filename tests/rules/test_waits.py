"""听牌 (waits) of both games: worked examples, the law that a wait is exactly a tile/card that scores,
the CLI contract (`python -m rules waits`), and one-line errors."""
import json
import subprocess
import sys

import pytest
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from rules.errors import RuleError
from rules.registry import game
from rules.nanning.model import Win
from rules.nanning.tiles import notation
from rules.nanning.waits import waits as nn_waits
from rules.zipai.waits import waits as zp_waits

from tests.rules.nanning.test_scoring import complete_hands
from tests.rules.zipai.test_properties import DECK, hands
import contextlib

nn_score = game("nanning").score
score_request = game("zipai").score

ZP_LONG = {"hand": "贰柒拾七八九伍陆柒捌", "shown": [{"kind": "拢", "cards": "肆肆肆肆"},
                                               {"kind": "碰", "cards": "五五五"}, {"kind": "碰", "cards": "六六六"}]}


@pytest.mark.parametrize("request_, tiles", [
    ({"hand": "1112345678999m"}, ["1m", "2m", "3m", "4m", "5m", "6m", "7m", "8m", "9m"]),  # 九莲
    ({"hand": "111m555m999m2m", "melds": [{"kind": "暗杠", "tile": "7z"}]}, ["2m", "3m"]),  # 3m: 123m 11m
    ({"hand": "1m", "melds": [{"kind": "碰", "tile": t} for t in ("2m", "3p", "4s", "5z")]}, ["1m"]),
    ({"hand": "1122334455667m"}, ["1m", "4m", "7m"]),  # 七小对 on 7m, 鸡胡 on all three
    ({"hand": "1357m2468p1357s9p"}, []),
    ({"hand": "1111m", "melds": [{"kind": "暗杠", "tile": t} for t in ("2m", "3m", "4m")]}, []),
])
def test_nanning_waits(request_, tiles):
    assert nn_waits(request_)["tiles"] == tiles


def test_nanning_waits_price_every_method_through_score():
    out = nn_waits({"hand": "111m555m999m2m", "melds": [{"kind": "暗杠", "tile": "7z"}]})
    wait = out["waits"][0]
    totals = {w["win"]: w["total"] for w in wait["wins"]}
    assert totals["杠上花"] == 51 and totals["自摸"] == 24  # 碰碰胡 门清 (test_nanning_cli: 51)
    assert wait["left"] == 3
    refused = {r["win"]: r["error"] for r in wait["refused"]}
    assert "抢杠胡" in refused and "nn-9-d1" in refused["抢杠胡"]  # three 2m cannot be robbed
    assert sorted(set(totals) | set(refused)) == sorted(m.value for m in Win)


MIXED = {"hand": "234m678m5p", "melds": [{"kind": "暗杠", "tile": "1m"}, {"kind": "加杠", "tile": "9s"}]}


def test_nanning_waits_price_every_chain_a_mixed_pair_of_kongs_allows():
    """Issue 25: with an 暗杠 and a 明杠 shown, 杠上花 is priced once per chain they allow (either kong alone,
    or both; the order of a chain never changes its price), each as score prices that chain."""
    wait, = nn_waits(MIXED)["waits"]
    chains = [(w["chain"], w["total"]) for w in wait["wins"] if w["win"] == "杠上花"]
    assert [c for c, _ in chains] == [["明杠"], ["暗杠"], ["暗杠", "明杠"]]
    for chain, total in chains:
        asked = {**MIXED, "hand": MIXED["hand"] + "5p", "win": "杠上花"}
        assert nn_score({**asked, "chain": chain})["total"] == total
        assert nn_score({**asked, "chain": chain[::-1]})["total"] == total
    assert not [r for r in wait["refused"] if r["win"] == "杠上花"]


@pytest.mark.parametrize("request_, cards", [
    (ZP_LONG, ["伍", "捌"]),
    # A 坎 stays whole (zp-r-kan-split, locked): only 七七 waits, as 七七七 or 七七柒.
    ({"hand": "一一一二二二三三三四四四五五五六六六七七"}, ["七", "柒"]),
    ({"hand": "一一一二二二三三三四四四五五五六六六七七", "readings": {"zp-r-kan-split": "split"}},
     ["四", "七", "肆", "柒"]),
])
def test_zipai_waits(request_, cards):
    assert zp_waits(request_)["cards"] == cards


ZP_SHORT = "一二三三四五叁叁柒柒柒六七八捌玖拾九九九"  # issue 25: 三 wins on another player's card only
ZP_SHOWN_LONG = [{"kind": "拢", "cards": "肆肆肆肆"}]


@pytest.mark.parametrize("request_, card, win, total", [
    # 三三三 from another player is a 碰 with 一二三 and 三四五 beside it; drawn, it is no split
    ({"hand": ZP_SHORT}, "三", "点炮", 40),
    ({"hand": "三三五七七七壹壹贰贰叁叁肆肆肆伍伍捌玖拾"}, "叁", "点炮", 60),
    ({"hand": ZP_SHORT, "from": "下家"}, "三", "胡别人从墩上的牌", 40),
])
def test_zipai_waits_on_another_players_card(request_, card, win, total):
    wait = next(w for w in zp_waits(request_)["waits"] if w["card"] == card)
    assert [w["total"] for w in wait["wins"] if w["win"] == win] == [total] * (1 if "from" in request_ else 2)
    assert {w.get("from") for w in wait["wins"] if w["win"] == win} == ({request_["from"]} if "from" in request_
                                                                        else {"上家", "下家"})


# (waits request, a score request of the same situation with a card): both refused, with the same rule
ZP_SAME_REFUSAL = [
    ({"hand": "陆九九九六贰陆伍五五"}, {"hand": "陆九九九六贰陆伍五五五", "win": "自摸"}, "wrong card count"),
    ({"hand": "一一一一二三四五六七八九十壹贰叁肆伍陆柒"},
     {"hand": "一一一一二三四五六七八九十壹贰叁肆伍陆柒柒", "win": "自摸"}, "four 一 held concealed"),
    ({"hand": ZP_SHORT, "extras": ["头块"]}, {"hand": ZP_SHORT + "六", "win": "自摸", "extras": ["头块"]}, "头块"),
    ({"hand": ZP_SHORT, "extras": ["头块", "海底"], "bao": {"胡牌者": "爆"}},
     {"hand": ZP_SHORT + "六", "win": "自摸", "extras": ["头块", "海底"], "bao": {"胡牌者": "爆"}}, "海底"),
    ({"hand": ZP_SHORT, "bao": {"胡牌者": "红爆"}}, {"hand": ZP_SHORT + "六", "win": "自摸", "bao": {"胡牌者": "红爆"}},
     "红爆 is applied for"),
    ({"hand": ZP_SHORT, "gang": [{"kind": "点招", "by": "上家"}]},
     {"hand": ZP_SHORT + "六", "win": "自摸", "gang": [{"kind": "点招", "by": "上家"}]}, "点招 needs `from`"),
    ({"hand": ZP_SHORT, "from": "对家"}, {"hand": ZP_SHORT + "六", "win": "点炮", "from": "对家"}, "from must be"),
]


@pytest.mark.parametrize("waiting, scored, words", ZP_SAME_REFUSAL)
def test_zipai_waits_refuses_what_score_refuses_whatever_the_card(waiting, scored, words):
    with pytest.raises(RuleError) as by_score:
        score_request(scored)
    with pytest.raises(RuleError) as by_waits:
        zp_waits(waiting)
    assert words in by_waits.value.message and words in by_score.value.message
    assert by_waits.value.rule == by_score.value.rule
    if words not in ("wrong card count", "红爆 is applied for"):  # said of the hand one short: its own numbers
        assert by_waits.value.one_line() == by_score.value.one_line()


def test_zipai_yilong_sankan_held_before_the_winning_card_was_passed():
    """003 l.321 如果过胡，此局不再提示胡一拢3坎这个牌型 (finding zp-f-yilong-sankan-passed): held one
    card short, the pattern is no wait; completed by the winning card, it wins."""
    held = "一一一二二二三三三五七九壹叁伍柒"  # three 坎, and the 拢 shown: the pattern, one card short
    assert zp_waits({"hand": held, "shown": ZP_SHOWN_LONG})["cards"] == []
    with pytest.raises(RuleError, match="already held before the winning card") as info:
        score_request({"hand": held + "拾", "shown": ZP_SHOWN_LONG, "win": "自摸"})
    assert info.value.rule == "zp-3-yilong-sankan-2"
    two = "一一一二二二三三五七九壹叁伍柒拾"  # two 坎 and a pair of 三: 三 makes the pattern
    out = zp_waits({"hand": two, "shown": ZP_SHOWN_LONG})
    assert out["cards"] == ["三"] and "一拢（坎）三坎" in out["waits"][0]["wins"][0]["mingtang"]


ZP_WAYS = [("自摸", None)] + [(win, side) for win in ("点炮", "胡别人从墩上的牌") for side in ("上家", "下家")]


@st.composite
def zp_waiting(draw):
    """A legal winning hand one card short, in a random situation (爆, 海底, 头块, from)."""
    request = draw(hands())
    out = {"hand": request["hand"][:-1], "shown": request["shown"]}
    if draw(st.booleans()):
        out["bao"] = {draw(st.sampled_from(["胡牌者", "上家", "下家"])): draw(st.sampled_from(["爆", "红爆"]))}
    out.update(draw(st.sampled_from([{}, {}, {"extras": ["海底"]}, {"extras": ["头块"]}, {"from": "下家"}])))
    return out


@pytest.mark.slow  # 40 hands × every card and way through score: some 12 s
@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.filter_too_much])
@given(zp_waiting())
def test_zipai_waits_are_exactly_what_score_prices(request_):
    """Every card and way that `score` prices is listed at its price, and nothing else; a request
    `waits` refuses, `score` refuses with every card."""
    priced = {}
    for card in DECK.small + DECK.big:
        for win, side in ZP_WAYS:
            if side is not None and request_.get("from", side) != side:
                continue
            scored = {**{k: v for k, v in request_.items() if k != "from"}, "hand": request_["hand"] + card, "win": win}
            with contextlib.suppress(RuleError):
                priced[card, win, side] = score_request({**scored, **({"from": side} if side else {})})["total"]
    try:
        out = zp_waits(request_)
    except RuleError:
        assert priced == {}
        return
    listed = {(w["card"], x["win"], x.get("from")): x["total"] for w in out["waits"] for x in w["wins"]}
    assert listed == priced


@settings(max_examples=60, deadline=None)
@given(complete_hands())
def test_nanning_a_wait_is_exactly_a_tile_that_scores(tiles):
    out = nn_waits({"hand": notation(tiles[:-1])})
    assert notation(tiles[-1:]) in out["tiles"]
    for tile in range(34):
        t = notation([tile])
        if tiles[:-1].count(tile) == 4:
            continue
        try:
            total = nn_score({"hand": notation(tiles[:-1]) + t, "win": "自摸"})["total"]
        except RuleError:
            assert t not in out["tiles"]
        else:
            wait = next(w for w in out["waits"] if w["tile"] == t)
            assert next(w["total"] for w in wait["wins"] if w["win"] == "自摸") == total


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.filter_too_much])
@given(hands())
def test_zipai_the_winning_card_is_a_wait_paying_what_score_says(request_):
    assume(request_["hand"][-1] == request_["win_card"])
    try:
        total = score_request(request_)["total"]
    except RuleError:
        assume(False)
    short = {k: v for k, v in request_.items() if k not in ("win", "win_card")}
    short["hand"] = request_["hand"][:-1]
    out = zp_waits(short)
    wait = next(w for w in out["waits"] if w["card"] == request_["win_card"])
    assert next(w["total"] for w in wait["wins"] if w["win"] == "自摸") == total
    assert set(out["cards"]) <= set(DECK.small + DECK.big)


def run(payload, game):
    return subprocess.run([sys.executable, "-m", "rules", "waits", "--game", game],
                          input=json.dumps(payload, ensure_ascii=False), capture_output=True, text=True, timeout=60)


@pytest.mark.parametrize("game, payload, key, expected", [
    ("nanning", {"hand": "111m555m999m2m", "melds": [{"kind": "暗杠", "tile": "7z"}]}, "tiles", ["2m", "3m"]),
    ("zipai", ZP_LONG, "cards", ["伍", "捌"]),
])
def test_cli_waits(game, payload, key, expected):
    done = run(payload, game)
    assert done.returncode == 0, done.stderr
    assert json.loads(done.stdout)[key] == expected


@pytest.mark.parametrize("game, payload, words", [
    ("nanning", {"hand": "1112345678999m", "win": "自摸"}, "without win"),
    # a hand already complete is a win to score, not a wait: both games refuse it in one line
    ("nanning", {"hand": "1112345678999m1m"}, "the hand is already complete"),
    ("nanning", {"hand": "1112345678999m1p"}, "13 tiles"),
    ("zipai", {**ZP_LONG, "hand": ZP_LONG["hand"] + "捌"}, "the hand is already complete"),
    ("zipai", {"hand": "一二三四五六七八九壹贰叁肆伍陆柒捌玖贰柒拾"}, "the hand is already complete"),
    ("zipai", {"hand": "一二三四五六七八九壹贰叁肆伍陆柒捌玖贰柒贰"}, "wrong card count"),
    ("nanning", {"hand": "11111m2345678999m"}, "13 tiles"),
    ("nanning", {"hand": "1111m2345678m99m", "melds": [{"kind": "碰", "tile": "1m"}]}, "13 tiles"),
    ("nanning", {"hand": "11m2345678m9m", "melds": [{"kind": "碰", "tile": "1m"}]}, "only 4 of each"),
    ("nanning", {"hand": "1112345678999m", "rules": {"options": {"sishuang_scope": "whole"}}}, "死双"),
    ("nanning", {"hand": "1112345678999m", "nope": 1}, "unknown field"),
    ("zipai", {**ZP_LONG, "win_card": "伍"}, "without win_card"),
    ("zipai", {**ZP_LONG, "extras": ["起手"]}, "起手"),
    ("zipai", {"hand": "一一一一一"}, "only 4"),
    ("zipai", {"hand": "A"}, "unknown card"),
])
def test_bad_waits_request_is_one_line_and_status_2(game, payload, words):
    done = run(payload, game)
    assert done.returncode == 2 and done.stdout == ""
    assert words in done.stderr and len(done.stderr.strip().splitlines()) == 1, done.stderr
