"""Nanning corners a rules review found (issue 14): 天胡/地胡 after a 暗杠, the 钓鱼 offset,
一炮多响 after a 杠上炮, and who deals next."""
import json
import subprocess
import sys

import pytest

from rules.errors import RuleError
from rules.registry import game
from rules.nanning.feasibility import check
from rules.nanning.model import Fishing, HandType, KongKind, Win, Seat, Shape, Situation
from rules.nanning.rule_set import preset
from rules.nanning.scoring import price
from rules.ledger import KONG
from rules.nanning.table import Ending, multi_win, next_dealer

score = game("nanning").score

YW = preset()
JIHU = HandType(Shape.JIHU, False, False)
PENGPENG = HandType(Shape.PENGPENG, False, False)
AN_E = {"kind": "暗杠", "tile": "1z"}
AN_S = {"kind": "暗杠", "tile": "2z"}


# 001 l.351 / l.361: 起手暗杠杠上花不算天胡（地胡），以暗杠杠上花牌型计分: (8+1)×3 and (16+2)×3.
@pytest.mark.parametrize("hand, melds, win, total, rule", [
    ("234m678m234p55s", [AN_E], "天胡", 27, "nn-14-n1"),
    ("234m678m55s", [AN_E, AN_S], "天胡", 54, "nn-14-n1"),
    ("234m678m234p55s", [AN_E], "地胡", 27, "nn-15-n1"),
    ("234m678m55s", [AN_E, AN_S], "地胡", 54, "nn-15-n1"),
    ("234m678m234p111s55s", [], "天胡", 24, "nn-14-r1"),  # no kong: a true 天胡
])
def test_first_turn_win_after_angang_is_gangshanghua(hand, melds, win, total, rule):
    out = score({"hand": hand, "melds": melds, "win": win})
    assert out["total"] == total
    assert rule in out["rules"]
    assert out["win"] == ("杠上花" if melds else win)
    assert bool(out["notes"]) == bool(melds)
    if melds:
        assert out["formula"].startswith(out["notes"][0].split("（")[0])


@pytest.mark.parametrize("method, rule", [(Win.TIANHU, "nn-14-n1"), (Win.DIHU, "nn-15-n1")])
def test_first_turn_situation_with_a_chain_points_to_gangshanghua(method, rule):
    reason = check(Situation(HandType(Shape.JIHU, True, False), method, (KongKind.AN,)), YW)
    assert reason is not None and reason.rule == rule and "暗杠杠上花" in reason.message


@pytest.mark.parametrize("win, rule", [("天胡", "nn-14-n1"), ("地胡", "nn-15-n1")])
def test_first_turn_win_after_minggang_is_refused(win, rule):
    done = subprocess.run([sys.executable, "-m", "rules", "score", "--game", "nanning"], capture_output=True,
                          text=True, timeout=60, input=json.dumps(
                              {"hand": "234m678m234p55s", "melds": [{"kind": "明杠", "tile": "1z"}], "win": win}))
    assert done.returncode == 2 and done.stdout == ""
    line, = done.stderr.strip().splitlines()
    assert rule in line and "杠上花" in line


# 001 l.439 如果放炮者也钓鱼成功可以抵消掉一倍的分数 (reading fishing_offset).
@pytest.mark.parametrize("method, hand, winner_hit, hits, offset, total", [
    (Win.FANGPAO, PENGPENG, False, (Seat.PREV,), "one_share", 0),  # the share is cancelled
    (Win.FANGPAO, PENGPENG, False, (Seat.PREV,), "winner_double", 9),  # nothing to cancel
    (Win.FANGPAO, PENGPENG, True, (Seat.PREV,), "one_share", 9),  # 18 less one doubling
    (Win.FANGPAO, PENGPENG, True, (Seat.PREV,), "winner_double", 9),
    (Win.FANGPAO, PENGPENG, True, (), "one_share", 18),
    (Win.FANGPAO, PENGPENG, False, (), "winner_double", 9),
    (Win.ZIMO, JIHU, False, (Seat.NEXT,), "one_share", 6),  # 3 each, 下家 pays nothing
    (Win.ZIMO, JIHU, False, (Seat.NEXT,), "winner_double", 9),
    (Win.ZIMO, JIHU, True, (Seat.NEXT,), "one_share", 15),  # 6 + 6 + 3
])
def test_fishing_offset_readings(method, hand, winner_hit, hits, offset, total):
    rules = YW.with_options({"fishing": "on", "fishing_offset": offset})
    s = Situation(hand, method, fishing=Fishing(winner_hit, hits))
    settled = price(s, rules)
    assert settled.total == total
    assert sum(settled.net().values()) == 0


def _kong_points(payments, discarder):
    return sum(p.amount for p in payments if p.kind == KONG and p.payee == discarder)


# 一炮多响 after a 杠上炮: each winner his own hand, the discarder's kong points once.
@pytest.mark.parametrize("chain, winners, hands, kong_points", [
    ((KongKind.AN,), (0, 2), (JIHU, PENGPENG), 3),
    ((KongKind.MING,), (0, 2), (JIHU, PENGPENG), 1),
    ((KongKind.AN, KongKind.AN), (0, 1, 2), (JIHU, PENGPENG, JIHU), 6),
    ((), (0, 1), (JIHU, PENGPENG), 0),
])
def test_multi_win_kong_points_settle_once(chain, winners, hands, kong_points):
    method = Win.GANGSHANGPAO if chain else Win.FANGPAO
    discarder = 3
    wins = [(seat, Situation(h, method, chain)) for seat, h in zip(winners, hands, strict=True)]
    payments = multi_win(discarder, wins, YW)
    assert _kong_points(payments, discarder) == kong_points
    for seat, s in wins:  # each winner's hand points are what he alone would get
        alone = price(Situation(s.hand, method, chain, from_seat=Seat.PREV), YW).hand_points
        assert sum(p.amount for p in payments if p.payee == seat and p.kind == "胡牌") == alone
    net = {}
    for p in payments:
        net[p.payer] = net.get(p.payer, 0) - p.amount
        net[p.payee] = net.get(p.payee, 0) + p.amount
    assert sum(net.values()) == 0


def test_multi_win_needs_one_discard():
    with pytest.raises(RuleError, match="same 胡法"):
        multi_win(3, [(0, Situation(JIHU, Win.GANGSHANGPAO, (KongKind.AN,))),
                      (2, Situation(PENGPENG, Win.FANGPAO))], YW)


MULTI = {"hand": "234m678m999m55p", "melds": [{"kind": "碰", "tile": "1s"}], "win": "杠上炮", "chain": ["暗杠"],
         "win_tile": "5p",
         "multi": [{"seat": "对家", "hand": "111m555m999p55p", "melds": [{"kind": "碰", "tile": "7z"}],
                    "win_tile": "5p"}]}


def test_multi_win_through_the_cli():
    out = score(MULTI)
    assert [(w["seat"], w["total"]) for w in out["winners"]] == [("本家", 9), ("对家", 18)]
    kong = [p for p in out["payments"] if p["for"] == "杠分"]
    assert sorted(p["payer"] for p in kong) == ["下家", "对家", "本家"] and {p["payee"] for p in kong} == {"上家"}
    assert out["net"] == {"本家": 8, "下家": -1, "对家": 17, "上家": -24}
    assert out["next_dealer"] == {"seat": "上家", "rule": "nn-19-s2-r1"}


@pytest.mark.parametrize("change, words", [
    ({"multi": [{**MULTI["multi"][0], "seat": "上家"}]}, "multi[1].seat"),
    ({"multi": [{**MULTI["multi"][0], "fenghu": "无"}]}, "unknown field(s) in multi[1]"),
    ({"multi": [{**MULTI["multi"][0], "win_tile": "9p"}]}, "same tile"),
    ({"multi": []}, "multi has 0 entries; at least 1"),
    ({"multi": [{"hand": "111m555m999p55p"}]}, "missing field(s) in multi[1]: seat"),
    ({"multi": [{**MULTI["multi"][0], "seat": ["对家"]}]}, "multi[1].seat"),
    ({"multi": ["对家"]}, "must be an object"),
    ({"multi": [{**MULTI["multi"][0], "hand": "111m555m999p5p"}]}, "14 tiles"),
    ({"moma_hits": 1}, "moma_hits does not go"),
])
def test_multi_win_bad_requests(change, words):
    done = subprocess.run([sys.executable, "-m", "rules", "score", "--game", "nanning"], capture_output=True,
                          text=True, timeout=60, input=json.dumps({**MULTI, **change}, ensure_ascii=False))
    assert done.returncode == 2 and done.stdout == ""
    line, = done.stderr.strip().splitlines()
    assert words in line


# Who deals next: the winner (001 l.429/l.431), or by reading the dealer keeps it on his own win.
@pytest.mark.parametrize("ending, kwargs, options, dealer, expected", [
    ("胡牌", {"winner": 2}, {}, 0, 2),
    ("胡牌", {"winner": 0}, {}, 0, 0),
    ("胡牌", {"winner": 2}, {"win_dealer": "rotate"}, 0, 1),
    ("胡牌", {"winner": 3}, {"win_dealer": "rotate"}, 3, 3),
    ("胡牌", {"winner": 1}, {"win_dealer": "rotate"}, 3, 0),
    ("一炮多响", {"discarder": 1}, {}, 0, 1),
    ("诈胡", {"cheat": 2}, {"win_dealer": "rotate"}, 0, 2),
    ("荒庄", {"last_drawer": 3}, {}, 1, 3),
])
def test_next_dealer_after_every_ending(ending, kwargs, options, dealer, expected):
    seat, rule = next_dealer(Ending(ending), YW.with_options(options), dealer, **kwargs)
    assert seat == expected and rule.startswith("nn-")


def test_next_dealer_needs_the_winner():
    with pytest.raises(RuleError, match="say who won"):
        next_dealer(Ending.WIN, YW, 0)
