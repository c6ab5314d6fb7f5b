"""The session ledger (牌局记账, issue 23): `caipan session --game nanning|zipai`.

Worked nights per game (every number traced to the score it comes from), the laws of a night
(property tests: zero-sum, undo, an edit recomputes only what follows, the fewest transfers),
refusals, random nights through the command line, and the README's examples."""
from __future__ import annotations

import io
import json
import re
import sys
from itertools import combinations

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from generator.paths import ROOT
from rules import registry
from rules.__main__ import main
from rules.request import MAX_LINE, answer
from rules.session import MAX_SESSION_BYTES, MOST_HANDS, transfers

from tests.contract import ERROR_LINE, errors

NANNING = registry.game("nanning")
ZIPAI = registry.game("zipai")
PLAYERS = {"nanning": ["甲", "乙", "丙", "丁"], "zipai": ["甲", "乙", "丙"]}

# Score requests, seats named from the winner. Nets (from `caipan score`):
JIHU = {"hand": "234m678m999m55p", "melds": [{"kind": "碰", "tile": "9s"}]}  # 鸡胡
ZIMO = {**JIHU, "win": "自摸"}  # 本家 +9, each other −3 (3（自摸基数）)
FANGPAO = {**JIHU, "win": "放炮"}  # 本家 +2, 上家 −2 (2（鸡胡放炮基数）)
MENQING = {"hand": "234m678m999m111s55p"}  # 门清: 天胡/地胡 4×2 = 8 from each; 人胡 4×3 = 12 from the dealer
MULTI = {**FANGPAO, "multi": [{"seat": "对家", "hand": "111m555m999p55p", "melds": [{"kind": "碰", "tile": "7z"}]}]}
# …一炮双响: 本家 +2, 对家 (碰碰胡) +9, 上家 (the discarder) −11
GANGSHANGHUA = {"hand": "234m678m55p", "melds": [{"kind": "暗杠", "tile": "1m"}, {"kind": "碰", "tile": "9s"}],
                "win": "杠上花"}  # 本家 +21 (6 each and 杠分 1 each), each other −7
PING = "一二三四五六七八九壹贰叁肆伍陆柒捌玖贰柒拾"
DIANPAO = {"hand": PING, "win": "点炮", "from": "下家"}  # 胡牌者 +40, 下家 −40 ((18→20)×2)
ZP_ZIMO = {"hand": PING, "win": "自摸"}  # 胡牌者 +60, each other −30 (18→20＋自摸10)


def night(game: str, hands: list, dealer: str = "甲", **rules) -> dict:
    return {"players": PLAYERS[game], "dealer": dealer, **rules, "hands": hands}


def run(game: str, request: dict) -> dict:
    out = registry.game(game).session(request)
    assert errors(f"{game}.session.request", request) == []
    assert errors(f"{game}.session.response", out) == []
    return out


def cli(game: str, text: str, *flags: str) -> tuple[int, str, str]:
    """`python -m rules session --game G` in-process: (status, stdout, stderr)."""
    out, err, stdin, stdout = io.StringIO(), io.StringIO(), sys.stdin, sys.stdout
    sys.stdin, sys.stdout = io.StringIO(text), out
    try:
        status = main(["session", "--game", game, *flags], stderr=err)
    finally:
        sys.stdin, sys.stdout = stdin, stdout
    return status, out.getvalue(), err.getvalue()


# ------------------------------------------------------------------ worked nights

NANNING_NIGHT = [  # yuanwen: the winner deals next; after 荒庄 the last drawer
    # (hand, dealer, net 甲乙丙丁, next dealer)
    ({"winner": "甲", "score": {**MENQING, "win": "天胡"}}, "甲", [24, -8, -8, -8], "甲"),
    ({"winner": "乙", "score": FANGPAO}, "甲", [-2, 2, 0, 0], "乙"),  # 乙's 上家 is 甲
    ({"winner": "丙", "score": {**MENQING, "win": "人胡"}}, "乙", [0, -12, 12, 0], "丙"),  # the dealer 乙 pays
    ({"winner": "丁", "score": MULTI}, "丙", [0, 9, -11, 2], "丙"),  # 丁's 对家 乙 wins too; 丙 discarded, deals
    ({"false_win": "甲"}, "丙", [-30, 10, 10, 10], "甲"),  # 诈胡者付其余每家 10; he deals (nn-20-d1)
    ({"draw": True, "last": "丁", "kongs": [{"kind": "明杠", "by": "乙", "from": "丙"}, {"kind": "暗杠", "by": "丁"}]},
     "甲", [-1, 0, -2, 3], "丁"),  # 明杠 1 from 丙, 暗杠 1 from each; the last drawer deals
    ({"winner": "乙", "score": {**MENQING, "win": "地胡"}}, "丁", [-8, 24, -8, -8], "乙"),
    ({"adjust": {"丁": 1, "甲": -1}, "reason": "漏算"}, "乙", [-1, 0, 0, 1], "乙"),  # deals no hand
]
NANNING_ROTATE = [  # win_dealer rotate: the dealer keeps the deal on his own win, else his 下家 deals
    ({"winner": "乙", "score": ZIMO}, "甲", [-3, 9, -3, -3], "乙"),
    ({"winner": "乙", "score": GANGSHANGHUA}, "乙", [-7, 21, -7, -7], "乙"),
    ({"draw": True}, "乙", [0, 0, 0, 0], "乙"),  # huangzhuang_dealer dealer_stays: no last needed
    ({"winner": "甲", "score": {**FANGPAO, "discarder": "对家"}}, "乙", [2, 0, -2, 0], "丙"),  # 甲's 对家 is 丙
]
ZIPAI_NIGHT = [  # (hand, dealer, 圈, net 甲乙丙, next dealer)
    ({"winner": "乙", "score": DIANPAO}, "甲", "贰", [0, 40, -40], "乙"),  # 乙's 下家 丙 pays; the deal passes
    ({"winner": "乙", "score": ZP_ZIMO}, "乙", "贰", [-30, 60, -30], "乙"),  # the dealer wins: he keeps it
    ({"draw": True, "gang": [{"kind": "垅", "by": "丙"}]}, "乙", "贰", [-20, -20, 40], "乙"),  # 垅 每人付20分
    ({"winner": "丙", "score": {**DIANPAO, "from": "上家"}}, "乙", "贰", [0, -40, 40], "丙"),
    ({"winner": "甲", "score": ZP_ZIMO}, "丙", "贰", [60, -30, -30], "甲"),  # back to the first dealer: 圈 柒
    ({"winner": "甲", "score": ZP_ZIMO}, "甲", "柒", [60, -30, -30], "甲"),
    ({"adjust": {"乙": 10, "丙": -10}, "reason": "漏算"}, "甲", "柒", [0, 10, -10], "甲"),
]


@pytest.mark.parametrize("game, rules, hands, totals, transfers_", [
    ("nanning", {}, NANNING_NIGHT, [-18, 25, -7, 0],
     [{"from": "甲", "to": "乙", "amount": 18}, {"from": "丙", "to": "乙", "amount": 7}]),
    ("nanning", {"rules": {"preset": "yuanwen", "options": {"win_dealer": "rotate",
                                                             "huangzhuang_dealer": "dealer_stays"}}},
     NANNING_ROTATE, [-8, 30, -12, -10],
     [{"from": "甲", "to": "乙", "amount": 8}, {"from": "丙", "to": "乙", "amount": 12},
      {"from": "丁", "to": "乙", "amount": 10}]),
    ("zipai", {}, ZIPAI_NIGHT, [70, -10, -60],
     [{"from": "乙", "to": "甲", "amount": 10}, {"from": "丙", "to": "甲", "amount": 60}]),
], ids=["nanning", "nanning-rotate", "zipai"])
def test_worked_nights(game, rules, hands, totals, transfers_):
    out = run(game, night(game, [h[0] for h in hands], **rules))
    names = PLAYERS[game]
    running = [0] * len(names)
    for k, (expected, got) in enumerate(zip(hands, out["hands"], strict=True)):
        dealer, *_, net, next_dealer = expected[1:]
        running = [a + b for a, b in zip(running, net, strict=True)]
        assert got["dealer"] == dealer and got["next_dealer"] == next_dealer, k
        assert got["net"] == dict(zip(names, net, strict=True)), k
        assert got["totals"] == dict(zip(names, running, strict=True)), k
        if game == "zipai":
            assert got["quan"] == expected[2], k
    assert out["totals"] == dict(zip(names, totals, strict=True)) and running == totals
    assert out["dealer"] == hands[-1][-1]
    assert out["transfers"] == transfers_


def test_each_hand_says_why():
    out = run("nanning", night("nanning", [h[0] for h in NANNING_NIGHT]))
    kinds = [h["kind"] for h in out["hands"]]
    assert kinds == ["胡牌", "胡牌", "胡牌", "一炮多响", "诈胡", "荒庄", "胡牌", "调整"]
    rules = [h["rules"] for h in out["hands"]]
    assert "nn-14-r1" in rules[0] and "nn-16-r1" in rules[2] and "nn-19-r1" in rules[3]
    assert rules[4] == ["nn-20-d1"] and "nn-23-d1" in rules[5]
    assert [h["dealer_rule"] for h in out["hands"]][3:6] == ["nn-19-s2-r1", "nn-20-d1", "nn-23-d1"]
    assert out["hands"][3]["winners"] == ["丁", "乙"] and out["hands"][7]["formula"] == "漏算"
    # a won hand's net and rules are its score's, the seats named from the winner
    score = NANNING.score({**MENQING, "win": "人胡", "discarder": "上家"})
    assert out["hands"][2]["rules"] == score["rules"] and out["hands"][2]["formula"] == score["formula"]


def test_the_zipai_quan_goes_round_with_the_deal():
    """Nine hands won by the dealer's 下家: the deal goes round three times, 贰 柒 拾, then 贰 again."""
    out = run("zipai", night("zipai", [{"winner": PLAYERS["zipai"][k % 3], "score": DIANPAO} for k in range(1, 10)]))
    assert [h["quan"] for h in out["hands"]] == ["贰"] * 3 + ["柒"] * 3 + ["拾"] * 3
    assert [h["dealer"] for h in out["hands"]] == PLAYERS["zipai"] * 3
    assert out["quan"] == "贰" and out["dealer"] == "甲"


def test_the_night_fills_in_the_dealer():
    """字牌's `dealer`: the dealer's 起手 hand scores as the dealer's; 人胡's discarder is the dealer."""
    opening = {"hand": "一一一二二二三三三四四四五五五六六六七七七", "extras": ["起手"]}
    as_dealer = ZIPAI.score({**opening, "dealer": True})["net"]
    out = run("zipai", night("zipai", [{"winner": "甲", "score": opening}]))
    assert out["hands"][0]["net"] == {"甲": as_dealer["胡牌者"], "乙": as_dealer["下家"], "丙": as_dealer["上家"]}
    out = run("nanning", night("nanning", [{"winner": "丙", "score": {**MENQING, "win": "人胡"}}], dealer="丁"))
    assert out["hands"][0]["net"] == {"甲": 0, "乙": 0, "丙": 12, "丁": -12}  # 丙's 下家 丁 deals and pays


def test_moma_and_fishing_are_counted_from_the_dealer():
    """The dealer 1、5、9、东、中, his 下家 2、6、南、发, his 对家 3、7、西、白, his 上家 4、8、北 (nn-22-ma-e1,
    nn-22-yu-d1): the codes and fishing tiles give the hits the score request would carry."""
    rules = {"rules": {"options": {"moma": "on", "fishing": "on"}}}
    on = {"rules": rules["rules"]}
    out = run("nanning", night("nanning", [
        {"winner": "乙", "score": ZIMO, "codes": "2m6p1m"},  # 乙 is the dealer 甲's 下家: 2m, 6p hit
        {"winner": "乙", "score": ZIMO, "codes": "1m"},  # now 乙 deals: 1m is his
        {"winner": "丙", "score": ZIMO, "fish": {"丙": "2s", "丁": "1m", "甲": "4z"}},  # 乙 deals: 丙 is his 下家
    ], **rules))
    by_score = [NANNING.score({**ZIMO, **on, "moma_hits": hits})["net"] for hits in (2, 1)]
    by_score.append(NANNING.score({**ZIMO, **on, "fishing": {"winner": True, "payers": ["对家"]}})["net"])
    assert by_score[0] == {"本家": 27, "下家": -9, "对家": -9, "上家": -9}  # 3 × (1 + 2 hits), additive
    seats = ("本家", "下家", "对家", "上家")
    for hand, winner, net in zip(out["hands"], (1, 1, 2), by_score, strict=True):
        assert hand["net"] == {PLAYERS["nanning"][(winner + k) % 4]: net[s] for k, s in enumerate(seats)}


def test_an_empty_night():
    out = run("zipai", night("zipai", []))
    assert out["hands"] == [] and out["totals"] == {"甲": 0, "乙": 0, "丙": 0} and out["transfers"] == []
    assert out["dealer"] == "甲" and out["quan"] == "贰"


# ------------------------------------------------------------------ the fewest transfers

def fewest(amounts: list[int]) -> int:
    """By brute force: every way to split the players owed or owing into groups; a group summing to
    zero settles in one fewer transfers than its players, and no split does better."""
    owed = [a for a in amounts if a]

    def splits(items: list[int]):
        if not items:
            yield []
            return
        first, rest = items[0], items[1:]
        for size in range(len(rest) + 1):
            for chosen in combinations(range(len(rest)), size):
                group = [first, *(rest[i] for i in chosen)]
                others = [rest[i] for i in range(len(rest)) if i not in chosen]
                for split in splits(others):
                    yield [group, *split]

    return min(len(owed) - len(split) for split in splits(owed) if all(sum(g) == 0 for g in split))


def settles(totals: dict[str, int], moves: list[dict]) -> bool:
    left = dict(totals)
    for m in moves:
        assert m["amount"] > 0 and m["from"] != m["to"]
        left[m["from"]] += m["amount"]
        left[m["to"]] -= m["amount"]
    return not any(left.values())


@pytest.mark.parametrize("amounts, count", [
    ([5, -5, 3, -3], 2),  # two pairs: two transfers
    ([10, -4, -6, 0], 2),
    ([7, -7, 0, 0], 1),
    ([1, 2, -3, 0], 2),
    ([6, -1, -2, -3], 3),
    ([0, 0, 0, 0], 0),
    ([30, -10, -20], 2),
    ([4, -4, 0], 1),
])
def test_transfers_are_the_fewest(amounts, count):
    names = "甲乙丙丁"[: len(amounts)]
    totals = dict(zip(names, amounts, strict=True))
    moves = transfers(totals, names)
    assert settles(totals, moves) and len(moves) == count == fewest(amounts)


@settings(max_examples=300, deadline=None)
@given(st.lists(st.integers(-200, 200), min_size=2, max_size=5))
def test_transfers_settle_in_the_fewest_always(head):
    amounts = [*head, -sum(head)]  # up to six players: beyond a table, the same law
    names = [f"p{k}" for k in range(len(amounts))]
    totals = dict(zip(names, amounts, strict=True))
    moves = transfers(totals, names)
    assert settles(totals, moves)
    assert len(moves) == fewest(amounts) <= max(len(amounts) - 1, 0)
    assert moves == transfers(totals, names)
    order = [(names.index(m["from"]), names.index(m["to"])) for m in moves]
    assert order == sorted(order)


# ------------------------------------------------------------------ the laws of a night

def nanning_hand(draw) -> dict:
    """A hand of a random kind whose price does not depend on who deals."""
    name = st.sampled_from(PLAYERS["nanning"])
    kind = draw(st.sampled_from(["win", "win", "win", "multi", "false", "draw", "adjust"]))
    if kind == "win":
        score = draw(st.sampled_from([ZIMO, FANGPAO, {**FANGPAO, "discarder": "对家"}, GANGSHANGHUA,
                                      {**FANGPAO, "discarder": "下家"}]))
        return {"winner": draw(name), "score": score}
    if kind == "multi":
        return {"winner": draw(name), "score": MULTI}
    if kind == "false":
        return {"false_win": draw(name)}
    if kind == "draw":
        kongs = []
        for _ in range(draw(st.integers(0, 3))):
            by = draw(name)
            if draw(st.booleans()):
                kongs.append({"kind": "暗杠", "by": by})
            else:
                kongs.append({"kind": "明杠", "by": by,
                              "from": draw(st.sampled_from([p for p in PLAYERS["nanning"] if p != by]))})
        return {"draw": True, "last": draw(name), "kongs": kongs}
    return adjust_hand(draw, PLAYERS["nanning"])


def zipai_hand(draw) -> dict:
    name = st.sampled_from(PLAYERS["zipai"])
    kind = draw(st.sampled_from(["win", "win", "win", "draw", "adjust"]))
    if kind == "win":
        score = draw(st.sampled_from([DIANPAO, {**DIANPAO, "from": "上家"}, ZP_ZIMO]))
        return {"winner": draw(name), "score": score}
    if kind == "draw":
        return {"draw": True, "gang": [{"kind": draw(st.sampled_from(["垅", "自招"])), "by": draw(name)}
                                       for _ in range(draw(st.integers(0, 2)))]}
    return adjust_hand(draw, PLAYERS["zipai"])


def adjust_hand(draw, names: list[str]) -> dict:
    a, b = draw(st.lists(st.sampled_from(names), min_size=2, max_size=2, unique=True))
    points = draw(st.integers(1, 50))
    return {"adjust": {a: points, b: -points}, "reason": "调整"}


HANDS = {"nanning": st.composite(nanning_hand)(), "zipai": st.composite(zipai_hand)()}
RULES = {"nanning": st.sampled_from([{}, {"rules": "dapao9"},
                                     {"rules": {"options": {"win_dealer": "rotate",
                                                            "huangzhuang_dealer": "dealer_stays"}}}]),
         "zipai": st.sampled_from([{}, {"readings": {"zp-r-gang-scope": "winner_only"}}])}
LAWS = settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])


@pytest.mark.parametrize("game", ["nanning", "zipai"])
@LAWS
@given(data=st.data())
def test_the_laws_of_a_night(game, data):
    names = PLAYERS[game]
    hands = data.draw(st.lists(HANDS[game], min_size=1, max_size=12))
    rules = data.draw(RULES[game])
    request = night(game, hands, dealer=data.draw(st.sampled_from(names)), **rules)
    out = run(game, request)
    # zero-sum: each hand, and the totals, which are the nets added up
    running = dict.fromkeys(names, 0)
    for hand in out["hands"]:
        assert sum(hand["net"].values()) == 0 and list(hand["net"]) == names
        running = {n: running[n] + hand["net"][n] for n in names}
        assert hand["totals"] == running
    assert out["totals"] == running and sum(running.values()) == 0
    # the deal follows: each hand is dealt by the one the hand before named
    dealers = [request["dealer"]] + [h["next_dealer"] for h in out["hands"]]
    assert [h["dealer"] for h in out["hands"]] == dealers[:-1] and out["dealer"] == dealers[-1]
    # the transfers settle the totals, in the fewest, never more than one fewer than the players
    assert settles(out["totals"], out["transfers"])
    assert len(out["transfers"]) == fewest(list(out["totals"].values())) <= len(names) - 1
    # removing the last hand is undo
    undone = run(game, {**request, "hands": hands[:-1]})
    assert undone["hands"] == out["hands"][:-1] and undone["dealer"] == out["hands"][-1]["dealer"]
    assert undone["totals"] == (out["hands"][-2]["totals"] if len(hands) > 1 else dict.fromkeys(names, 0))
    # editing hand k leaves the hands before it as they were
    k = data.draw(st.integers(0, len(hands) - 1))
    edited = run(game, {**request, "hands": [*hands[:k], data.draw(HANDS[game]), *hands[k + 1:]]})
    assert edited["hands"][:k] == out["hands"][:k]
    # the same night twice: the same answer, from the core and from the command line
    status, stdout, _ = cli(game, json.dumps(request, ensure_ascii=False))
    assert status == 0 and json.loads(stdout) == out


# ------------------------------------------------------------------ refusals

WIN = {"winner": "乙", "score": ZIMO}
MOMA = {"options": {"moma": "on"}}
REFUSED = [
    # (game, request, what the one line says, the rule it names or "")
    ("nanning", {"players": ["甲", "乙", "丙"], "dealer": "甲"}, "players has 3 entries; at least 4", ""),
    ("zipai", {"players": ["甲", "乙", "丙", "丁"], "dealer": "甲"}, "players has 4 entries; at most 3", ""),
    ("nanning", {"players": ["甲", "乙", "甲", "丁"], "dealer": "甲"}, 'players lists "甲" twice', ""),
    ("zipai", {"players": ["甲", "", "丙"], "dealer": "甲"}, "players[2] must be a name", ""),
    ("zipai", {"players": ["甲", "乙 ", "丙"], "dealer": "甲"}, "no spaces at its ends", ""),
    ("zipai", {"players": ["甲", "乙\u202e", "丙"], "dealer": "甲"}, "players[2] must be a name", ""),
    ("zipai", {"players": ["甲", "乙", "丙" * 17], "dealer": "甲"}, "players[3] is 17 characters long; at most 16", ""),
    ("nanning", night("nanning", [], dealer="戊"), 'dealer: "戊" is not at the table; players: 甲, 乙, 丙, 丁', ""),
    ("nanning", {"players": PLAYERS["nanning"]}, "missing field(s) in the request: dealer", ""),
    ("nanning", night("nanning", [{"winner": "戊", "score": ZIMO}]), 'hands[1].winner: "戊" is not at the table', ""),
    ("nanning", night("nanning", [WIN, {"winner": "丙", "score": {**MENQING, "win": "天胡"}}]),
     "hands[2]: 天胡 is the dealer's win, and 丙 is not the dealer (乙)", "nn-14-r1"),
    ("nanning", night("nanning", [{"winner": "甲", "score": {**MENQING, "win": "地胡"}}]),
     "hands[1]: 地胡 is a win of a player who is not the dealer", "nn-15-r1"),
    ("nanning", night("nanning", [{"winner": "甲", "score": {**MENQING, "win": "人胡"}}]),
     "hands[1]: 人胡 is a win of a player who is not the dealer", "nn-16-r1"),
    ("nanning", night("nanning", [{"winner": "乙", "score": {**MENQING, "win": "人胡", "discarder": "对家"}}]),
     "hands[1].score.discarder: 人胡 is won on the dealer's first discard; the dealer 甲 is the winner's 上家",
     "nn-16-r1"),
    ("nanning", night("nanning", [WIN, {"winner": "乙", "score": {**ZIMO, "melds": [{"kind": "吃", "tile": "1m"}]}}]),
     "hands[2].score.melds[1].kind must be one of", ""),
    ("nanning", night("nanning", [{"winner": "乙", "score": {**ZIMO, "hand": "1m2m"}}]), "hands[1]: ", ""),
    ("nanning", night("nanning", [{"winner": "乙", "score": {**ZIMO, "rules": "dapao9"}}]),
     "hands[1].score.rules asks for dapao9 dapao_menqing=ignored, but the night plays yuanwen:", ""),
    ("nanning", night("nanning", [{"winner": "乙", "draw": True}]),
     "hands[1] must have one of the fields winner, draw, false_win, adjust, not winner and draw together", ""),
    ("nanning", night("nanning", [{"score": ZIMO}]), "hands[1] must have one of the fields", ""),
    ("nanning", night("nanning", [{"draw": False, "last": "甲"}]), "hands[1].draw must be true", ""),
    ("nanning", night("nanning", [{"draw": True}]), "hands[1]: 荒庄 — the player who drew the last tile deals next",
     "nn-23-d1"),
    ("nanning", night("nanning", [{"draw": True, "last": "乙", "kongs": [{"kind": "明杠", "by": "甲"}]}]),
     "a 明杠 needs the seat whose tile was kong'd", "nn-7-mg1-r1"),
    ("nanning", night("nanning", [{"draw": True, "last": "乙", "kongs": [{"kind": "暗杠", "by": "甲", "from": "乙"}]}]),
     "hands[1].kongs[1]: an 暗杠 is paid by all three; leave out from", "nn-7-ag1-r1"),
    ("nanning", night("nanning", [{"draw": True, "last": "乙", "kongs": [{"kind": "明杠", "by": "甲", "from": "甲"}]}]),
     "a 明杠 needs the seat whose tile was kong'd", "nn-7-mg1-r1"),
    ("nanning", night("nanning", [{"winner": "乙", "score": {**ZIMO, "moma_hits": 1}, "codes": "2m"}],
                      rules=MOMA), "hands[1]: give the code tiles (codes) or score.moma_hits", ""),
    ("nanning", night("nanning", [{"winner": "乙", "score": ZIMO, "codes": ""}], rules=MOMA), "hands[1].codes is empty",
     ""),
    ("nanning", night("nanning", [{"winner": "乙", "score": ZIMO, "codes": "2x"}], rules=MOMA), "hands[1].codes", ""),
    ("nanning", night("nanning", [{"winner": "乙", "score": FANGPAO, "codes": "2m"}], rules=MOMA),
     "hands[1]: 只有自摸胡牌才能摸码", "nn-22-ma-r1"),
    ("nanning", night("nanning", [{"winner": "乙", "score": ZIMO, "fish": {"戊": "1m"}}]),
     'hands[1].fish: "戊" is not at the table', ""),
    ("nanning", night("nanning", [{"winner": "乙", "score": ZIMO, "fish": {"乙": "2m"}}]),
     "hands[1]: fishing given, but this preset does not play 钓鱼", "nn-22-yu-d1"),
    ("nanning", night("nanning", [{"false_win": "戊"}]), 'hands[1].false_win: "戊" is not at the table', ""),
    ("nanning", night("nanning", [{"adjust": {"甲": 3, "乙": -2}, "reason": "x"}]),
     "hands[1].adjust sums to 1, not 0", ""),
    ("nanning", night("nanning", [{"adjust": {"甲": 3, "戊": -3}, "reason": "x"}]),
     'hands[1].adjust: "戊" is not at the table', ""),
    ("nanning", night("nanning", [{"adjust": {"甲": 3, "乙": -3}}]), "missing field(s) in hands[1]: reason", ""),
    ("nanning", night("nanning", [{"adjust": {"甲": 10 ** 7, "乙": -3}, "reason": "x"}]),
     "hands[1].adjust.甲 must be from -1000000 to 1000000", ""),
    ("nanning", night("nanning", [WIN] * (MOST_HANDS + 1)), f"hands has {MOST_HANDS + 1} entries; at most {MOST_HANDS}",
     ""),
    ("nanning", night("nanning", [], rules="nosuch"), 'unknown preset "nosuch"', ""),
    ("zipai", night("zipai", [{"false_win": "甲"}]), "hands[1]: 字牌 has no 诈胡: document 003 gives it no price", ""),
    ("zipai", night("zipai", [{"winner": "乙", "score": {**DIANPAO, "dealer": True}}]),
     "hands[1].score.dealer is true, but 乙 does not deal this hand: 甲 does", "zp-1-quan-r1"),
    ("zipai", night("zipai", [{"winner": "乙", "score": {**DIANPAO, "readings": {"zp-r-dianpao": "multiplier"}}}]),
     "hands[1].score.readings differ from the night's readings", ""),
    ("zipai", night("zipai", [{"winner": "乙", "score": {**DIANPAO, "from": "对家"}}]),
     'hands[1].score.from must be one of 上家 | 下家, not "对家"', ""),
    ("zipai", night("zipai", [{"draw": True, "gang": [{"kind": "点招", "by": "甲"}]}]),
     "hands[1]: 点招 needs `from`", "zp-2-dianzhao-r1"),
    ("zipai", night("zipai", [{"draw": True, "gang": [{"kind": "垅", "by": "甲"}] * 6}]),
     "hands[1]: gang lists 6 垅 by 甲", "zp-1-longpai-r1"),
    ("zipai", night("zipai", [{"multi": []}]), "hands[1] must have one of the fields", ""),
    ("zipai", night("zipai", [], readings={"zp-r-nope": "x"}), "zp-r-nope", ""),
]


@pytest.mark.parametrize("game, request_, says, rule", REFUSED, ids=[f"{g}-{k}" for k, (g, *_) in enumerate(REFUSED)])
def test_bad_nights_are_refused_in_one_line(game, request_, says, rule):
    text = json.dumps(request_, ensure_ascii=False)
    status, stdout, stderr = cli(game, text)
    assert status == 2 and stdout == "" and stderr.count("\n") == 1 and len(stderr) - 1 <= MAX_LINE, stderr
    line = ERROR_LINE.match(stderr.strip())
    assert line and says in line.group("message"), stderr
    assert (line.group("rule") or "") == rule, stderr
    status, _, stderr = cli(game, text, "--json-errors")
    assert status == 2 and errors("error", json.loads(stderr)) == [] and json.loads(stderr)["rule"] == rule


def test_a_night_has_room_for_its_hands_and_no_more():
    hand = {"winner": "乙", "score": ZIMO}
    long_night = night("nanning", [hand] * 300)  # some 30 kB: more than one score request may be
    assert len(json.dumps(long_night).encode()) > 16 * 1024
    status, stdout, _ = cli("nanning", json.dumps(long_night))
    assert status == 0 and len(json.loads(stdout)["hands"]) == 300
    status, _, stderr = cli("nanning", json.dumps({**long_night, "pad": "x" * MAX_SESSION_BYTES}))
    assert status == 2 and f"input is more than {MAX_SESSION_BYTES} bytes" in stderr


# ------------------------------------------------------------------ random nights: never a traceback

def mangled(draw, game: str) -> dict:
    """A night with things wrong in it: names off the table, odd kinds and values, fields moved about."""
    names = PLAYERS[game] + ["戊", "", " 甲", 3, None]
    value = st.one_of(st.sampled_from(names), st.integers(-5, 5), st.booleans(), st.none(), st.text(max_size=4),
                      st.lists(st.sampled_from(names), max_size=3))
    hands = draw(st.lists(HANDS[game], max_size=6))
    for _ in range(draw(st.integers(0, 3))):
        if hands:
            k = draw(st.integers(0, len(hands) - 1))
            hand = dict(hands[k])
            key = draw(st.sampled_from([*hand, "winner", "draw", "false_win", "adjust", "reason", "last", "kongs",
                                        "gang", "score", "zzz"]))
            if draw(st.booleans()) and key in hand:
                del hand[key]
            elif key == "score" and isinstance(hand.get("score"), dict):
                field = draw(st.sampled_from(["win", "hand", "discarder", "from", "dealer", "multi", "rules",
                                              "readings", "melds", "gang", "extras"]))
                hand["score"] = {**hand["score"], field: draw(value)}
            else:
                hand[key] = draw(value)
            hands[k] = hand
    request = {"players": draw(st.one_of(st.just(PLAYERS[game]), st.lists(st.sampled_from(names), max_size=5))),
               "dealer": draw(st.sampled_from(names)), "hands": hands}
    if draw(st.booleans()):
        request[draw(st.sampled_from(["rules", "readings", "dealer", "players", "hands"]))] = draw(value)
    return request


@pytest.mark.parametrize("game", ["nanning", "zipai"])
@settings(max_examples=300, deadline=None, database=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data())
def test_random_nights_are_answered_or_refused_never_crash(game, data):
    request = data.draw(st.composite(lambda draw: mangled(draw, game))())
    result, line = answer(registry.game(game).session, json.dumps(request, ensure_ascii=False).encode(),
                          limit=MAX_SESSION_BYTES)
    if result is None:
        assert ERROR_LINE.match(line) and "internal error" not in line and len(line) <= MAX_LINE, line
    else:
        assert errors(f"{game}.session.response", json.loads(result)) == []


# ------------------------------------------------------------------ the README

README = (ROOT / "README.md").read_text(encoding="utf-8")
EXAMPLE = re.compile(r"echo '(\{[^\n]*?\})' \| \S+ -m rules session --game (\w+)\n\s*```[^`]*```json\n(.*?)```", re.S)


def test_the_readme_shows_a_night_of_each_game_and_what_it_prints():
    found = EXAMPLE.findall(README)
    assert sorted(game for _, game, _ in found) == ["nanning", "zipai"]
    for text, game, shown in found:
        request = json.loads(text)
        out = run(game, request)
        status, stdout, _ = cli(game, text)
        assert status == 0 and json.loads(stdout) == out
        summary = json.loads(shown)  # the README shows the night's end: totals, dealer (圈), transfers
        assert summary == {k: out[k] for k in summary} and {"totals", "dealer", "transfers"} <= set(summary)
