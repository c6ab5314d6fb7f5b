"""听牌 (waits) of both games: worked examples, the law that a wait is exactly a tile/card that scores,
the CLI contract (`python -m rules waits`), and one-line errors."""
import json
import subprocess
import sys

import pytest
from hypothesis import HealthCheck, assume, given, settings

from rules.errors import RuleError
from rules.registry import game
from rules.nanning.model import Win
from rules.nanning.tiles import notation
from rules.nanning.waits import waits as nn_waits
from rules.zipai.waits import waits as zp_waits

from .test_nanning_scoring import complete_hands
from .test_zipai_properties import DECK, hands

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


@pytest.mark.parametrize("request_, cards", [
    (ZP_LONG, ["伍", "捌"]),
    # A 坎 stays whole (zp-r-kan-split, locked): only 七七 waits, as 七七七 or 七七柒.
    ({"hand": "一一一二二二三三三四四四五五五六六六七七"}, ["七", "柒"]),
    ({"hand": "一一一二二二三三三四四四五五五六六六七七", "readings": {"zp-r-kan-split": "split"}},
     ["四", "七", "肆", "柒"]),
])
def test_zipai_waits(request_, cards):
    assert zp_waits(request_)["cards"] == cards


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
    ("nanning", {"hand": "1112345678999m1m"}, "13 tiles"),
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
