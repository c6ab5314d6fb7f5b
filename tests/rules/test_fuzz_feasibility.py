"""Impossible situations, generated (issue 25): for each way a rule rules a situation out, the new ones
and the older ones, hundreds of requests built to fail in exactly that way, each refused by `score` and by
`waits` in process (through each game's request entry points, `Game.score` and `Game.waits`) with the
rule that forbids it and the same line; and the law that `waits` and `score` agree on every hand both
answer: every price `waits` lists is `score`'s total for that piece and win, and every win it lists as
ruled out `score` refuses with the line `waits` gives.

A request `waits` refuses as a whole (a 封胡 without three melds taken, 摸码 off, a 爆 winner showing a
碰 …) is refused before any piece; one that only rules out a win (天胡 with a 碰, 抢杠胡 with another
copy held) lists that win among the winning piece's `refused`, with score's line. 一炮多响 is a score
request only (`multi`: waits has no winners to list), so those ways are refused by `score` alone.

Each way is generated from its own seeded `random.Random` (the same inputs every run, so a failure
repeats); at least 5,000 situations per game in all (`PER_WAY` × the ways), every one counted.
"""
from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass

import pytest
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from rules.errors import RuleError
from rules.nanning.tiles import notation
from rules.registry import game
from rules.zipai.cards import Card
from rules.zipai.loader import default_rule_set

from tests.rules.zipai.test_properties import THREES

NANNING, ZIPAI = game("nanning"), game("zipai")
PER_GAME = 5_000
ZP_DECK = default_rule_set().constants.deck
RED = frozenset(i for i in range(20) if ZP_DECK.is_red(Card(i)))


@dataclass(frozen=True)
class Case:
    """One impossible situation: the score request, the waits request (None for 一炮多响), the rule
    that forbids it and, when the refusal is of one win only, that win and its winning piece."""

    score: dict
    waits: dict | None
    rule: str
    win: str = ""  # "" when waits refuses the whole request
    piece: str = ""
    same_line: bool = True  # False: the line counts the cards held, which waits holds one fewer of


# ------------------------------------------------------------------ 南宁: hands

def nn_hand(rng: random.Random, melds: list[str], forced: tuple[int, ...] = ()) -> tuple[list[int], list[dict]]:
    """A complete hand (melds, concealed sets, a pair; at most four of a tile) whose concealed tiles start
    with `forced` as a set or the pair; the winning tile is the first of them, else a random concealed tile.
    Returns the concealed tiles (winning tile last) and the melds as written."""
    while True:
        used: Counter[int] = Counter()
        shown = []
        for kind in melds:
            t = rng.randrange(34)
            used[t] += 3 if kind == "碰" else 4
            shown.append({"kind": kind, "tile": notation([t])})
        concealed = list(forced)
        sets = 4 - len(melds) - (len(forced) == 3)
        for _ in range(sets):
            if rng.random() < 0.5:
                t = rng.randrange(34)
                concealed += [t] * 3
            else:
                t = rng.randrange(3) * 9 + rng.randrange(7)
                concealed += [t, t + 1, t + 2]
        if len(forced) != 2:
            pair = rng.randrange(34)
            concealed += [pair, pair]
        if max((used + Counter(concealed)).values()) > 4:
            continue
        won = forced[0] if forced else rng.choice(concealed)
        concealed.remove(won)
        rng.shuffle(concealed)
        return [*concealed, won], shown


def nn_pair(concealed: list[int], shown: list[dict], **table: object) -> tuple[dict, dict]:
    """The score request (win to be added) and the waits request of a hand: the winning tile left out."""
    won = concealed[-1]
    score = {"hand": notation(concealed), "win_tile": notation([won]), "melds": shown, **table}
    return score, {"hand": notation(concealed[:-1]), "melds": shown, **table}


def nn_per_win(rng: random.Random, melds: list[str], win: str, rule: str, forced: tuple[int, ...] = (),
               **table: object) -> Case:
    concealed, shown = nn_hand(rng, melds, forced)
    score, waits = nn_pair(concealed, shown, **table)
    return Case({**score, "win": win}, waits, rule, win, notation(concealed[-1:]))


def taken(rng: random.Random, n: int) -> list[str]:
    return [rng.choice(["碰", "明杠", "加杠"]) for _ in range(n)]


def nn_first_turn_peng(rng: random.Random) -> Case:
    """天胡 / 地胡 with a 碰 shown, with or without an 暗杠 beside it (001:345, 001:361)."""
    win = rng.choice(["天胡", "地胡"])
    melds = ["碰"] * rng.randint(1, 3)
    melds += ["暗杠"] * rng.randint(0, 4 - len(melds))
    rng.shuffle(melds)
    return nn_per_win(rng, melds, win, {"天胡": "nn-14-r1", "地胡": "nn-15-n1"}[win])


def nn_fenghu_short(rng: random.Random) -> Case:
    """封胡 with fewer than three melds taken from the 封胡'd player (001:321)."""
    melds = taken(rng, rng.randint(0, 2)) + ["暗杠"] * rng.randint(0, 2)
    concealed, shown = nn_hand(rng, melds)
    fenghu = rng.choice(["他家放炮", "被封胡者放炮", "被封胡者包付"])
    score, waits = nn_pair(concealed, shown, fenghu=fenghu)
    return Case({**score, "win": rng.choice(["放炮", "自摸", "杠上炮"])}, waits, "nn-12-r1")


def nn_multi_copies(rng: random.Random) -> Case:
    """一炮多响 whose winners hold more than four of the discard between them (001:3, 136 tiles)."""
    t = rng.randrange(34)
    while True:
        held = [rng.choice([2, 3]) for _ in range(rng.choice([2, 3]))]
        if sum(held) - (len(held) - 1) > 4:
            break
    hands = [nn_hand(rng, taken(rng, rng.randint(0, 1)), (t,) * n) for n in held]
    discarder = rng.choice(["下家", "对家", "上家"])
    seats = [s for s in ("下家", "对家", "上家") if s != discarder]
    rng.shuffle(seats)
    (concealed, shown), *others = hands
    score, _ = nn_pair(concealed, shown, discarder=discarder)
    multi = [{"seat": seat, "hand": notation(h), "win_tile": notation([t]), "melds": s}
             for seat, (h, s) in zip(seats, others, strict=False)]
    return Case({**score, "win": "放炮", "multi": multi}, None, "nn-0-r1")


def nn_multi_fenghu(rng: random.Random) -> Case:
    """一炮多响 with the player 本家 封胡'd among the winners: 被碰者本局不能胡牌 (001:321)."""
    discarder, fenghu_seat = rng.sample(["下家", "对家", "上家"], 2)
    concealed, shown = nn_hand(rng, taken(rng, rng.randint(3, 4)))
    t = concealed[-1]
    theirs, their_melds = nn_hand(rng, [], (t, t))
    score, _ = nn_pair(concealed, shown, discarder=discarder, fenghu="他家放炮", fenghu_seat=fenghu_seat)
    multi = [{"seat": fenghu_seat, "hand": notation(theirs), "win_tile": notation([t]), "melds": their_melds}]
    return Case({**score, "win": "放炮", "multi": multi}, None, "nn-12-r1")


def nn_renhu_meld(rng: random.Random) -> Case:
    """人胡 with any meld (older: 001:363)."""
    melds = [rng.choice(["碰", "明杠", "加杠", "暗杠"]) for _ in range(rng.randint(1, 4))]
    return nn_per_win(rng, melds, "人胡", "nn-16-r1")


def nn_qianggang_copy(rng: random.Random) -> Case:
    """抢杠胡 holding another copy of the robbed tile (older: 001:251)."""
    t = rng.randrange(34)
    return nn_per_win(rng, taken(rng, rng.randint(0, 2)), "抢杠胡", "nn-9-d1", (t,) * rng.choice([2, 3]))


def nn_moma_off(rng: random.Random) -> Case:
    """摸码 hits where the preset draws no codes (older)."""
    concealed, shown = nn_hand(rng, taken(rng, rng.randint(0, 2)))
    score, waits = nn_pair(concealed, shown, moma_hits=rng.randint(1, 2))
    return Case({**score, "win": rng.choice(["自摸", "放炮", "海底捞月"])}, waits, "nn-22-d1")


def nn_fishing_off(rng: random.Random) -> Case:
    """钓鱼 where the preset does not fish (older)."""
    concealed, shown = nn_hand(rng, taken(rng, rng.randint(0, 2)))
    fishing = {"winner": rng.random() < 0.5, "payers": rng.sample(["下家", "对家", "上家"], rng.randint(0, 3))}
    score, waits = nn_pair(concealed, shown, fishing=fishing)
    return Case({**score, "win": rng.choice(["自摸", "放炮"])}, waits, "nn-22-yu-d1")


def nn_shuangfei_b_discards(rng: random.Random) -> Case:
    """他家放炮 (双飞) with the 封胡'd player as the discarder (older)."""
    concealed, shown = nn_hand(rng, taken(rng, rng.randint(3, 4)))
    seat = rng.choice(["下家", "对家", "上家"])
    score, waits = nn_pair(concealed, shown, fenghu="他家放炮", fenghu_seat=seat, discarder=seat)
    return Case({**score, "win": "放炮"}, waits, "nn-12-r2")


NANNING_WAYS: dict[str, Callable[[random.Random], Case]] = {
    "天胡/地胡 with a 碰": nn_first_turn_peng,
    "封胡 without three melds taken": nn_fenghu_short,
    "一炮多响 over four copies": nn_multi_copies,
    "一炮多响 with the 封胡'd player winning": nn_multi_fenghu,
    "人胡 with a meld": nn_renhu_meld,
    "抢杠胡 with another copy": nn_qianggang_copy,
    "摸码 off": nn_moma_off,
    "钓鱼 off": nn_fishing_off,
    "双飞 with the 封胡'd player discarding": nn_shuangfei_b_discards,
}


# ------------------------------------------------------------------ 字牌: hands

def zp_text(indices) -> str:
    return ZP_DECK.text(Card(i) for i in indices)


def zp_hand(rng: random.Random, fours: int, taken_ok: bool = True) -> tuple[list[int], list[dict]]:
    """A legal winning hand that `score` prices as 自摸: `fours` shown 拢/招 (then a pair), the other
    groups concealed or, when `taken_ok`, some shown as 碰 or 吃. Concealed cards with the winning card last."""
    while True:
        four_kinds = rng.sample(range(20), fours)
        groups = [rng.choice(THREES) for _ in range((6 - fours) if fours else 7)]
        pair = [rng.randrange(20)] * 2 if fours else []
        cards = [c for _, g in groups for c in g] + [f for f in four_kinds for _ in range(4)] + pair
        if max(Counter(cards).values()) > 4:
            continue
        shown = [{"kind": rng.choice(["拢", "招"]), "cards": zp_text((f,) * 4)} for f in four_kinds]
        concealed, kans = list(pair), set()
        for kind, g in groups:
            if taken_ok and rng.random() < 0.3:
                shown.append({"kind": "碰" if kind == "alike" else "吃", "cards": zp_text(g)})
            else:
                concealed += g
                if kind == "alike":
                    kans.add(g[0])
        if not concealed:
            continue
        rng.shuffle(concealed)
        count = Counter(concealed)
        if any(n == 4 and c != concealed[-1] for c, n in count.items()) or any(
                n >= 3 and c not in kans for c, n in count.items()):
            continue
        try:
            ZIPAI.score({"hand": zp_text(concealed), "shown": shown, "win": "自摸"})
        except RuleError:
            continue  # below the minimum 胡息, or a shown 吃 the rules refuse: another hand
        return concealed, shown


def zp_case(concealed: list[int], shown: list[dict], rule: str, same_line: bool = True, **table: object) -> Case:
    score = {"hand": zp_text(concealed), "shown": shown, "win": "自摸", **table}
    return Case(score, {"hand": zp_text(concealed[:-1]), "shown": shown, **table}, rule, same_line=same_line)


def zp_bao_taken(rng: random.Random) -> Case:
    """A 爆 winner showing 吃 or 碰: 爆牌后不能吃牌或者碰牌 (003:31)."""
    while True:
        concealed, shown = zp_hand(rng, rng.randint(0, 2))
        if any(s["kind"] in ("碰", "吃") for s in shown):
            break
    return zp_case(concealed, shown, "zp-1-baopai-r2", bao={"胡牌者": rng.choice(["爆", "红爆"])})


def zp_count(rng: random.Random) -> Case:
    """A card too many or too few (older: ext-zp-hand)."""
    concealed, shown = zp_hand(rng, rng.randint(0, 2))
    every = Counter(concealed) + Counter(c.index for s in shown for c in ZP_DECK.parse(s["cards"]))
    if rng.random() < 0.5 and len(concealed) > 2:
        concealed = concealed[:-2] + concealed[-1:]
    else:
        extra = rng.choice([i for i in range(20) if every[i] < 3])
        concealed = [extra, *concealed]
    return zp_case(concealed, shown, "ext-zp-hand", same_line=False)


def zp_four_concealed(rng: random.Random) -> Case:
    """Four alike held concealed, not the winning card (older: zp-1-zhaopai-r1)."""
    while True:
        concealed, shown = zp_hand(rng, 1)
        four = ZP_DECK.parse(shown[0]["cards"])[0].index
        if concealed[-1] != four:
            break
    return zp_case([four] * 4 + concealed, shown[1:], "zp-1-zhaopai-r1")


def zp_toukuai_no_bao(rng: random.Random) -> Case:
    """头块 without 爆 (older: zp-3-toukuai-r1)."""
    concealed, shown = zp_hand(rng, rng.randint(0, 2))
    return zp_case(concealed, shown, "zp-3-toukuai-r1", extras=["头块"])


def zp_toukuai_haidi(rng: random.Random) -> Case:
    """头块 and 海底 together (older: zp-3-toukuai-r1)."""
    concealed, shown = zp_hand(rng, rng.randint(0, 2), taken_ok=False)
    return zp_case(concealed, shown, "zp-3-toukuai-r1", extras=["头块", "海底"], bao={"胡牌者": "爆"})


def zp_hongbao_few_red(rng: random.Random) -> Case:
    """红爆 with fewer red cards than 红爆 is applied for, even with a red winning card (older: zp-3-hongbao-r3)."""
    while True:
        concealed, shown = zp_hand(rng, rng.randint(0, 2), taken_ok=False)
        cards = concealed + [c.index for s in shown for c in ZP_DECK.parse(s["cards"])]
        if sum(c in RED for c in cards) <= 8:
            break
    return zp_case(concealed, shown, "zp-3-hongbao-r3", same_line=False, bao={"胡牌者": "红爆"})


def zp_fifth_copy(rng: random.Random) -> Case:
    """A fifth copy of a card shown as 拢 or 招 (older)."""
    concealed, shown = zp_hand(rng, rng.randint(1, 2))
    four = ZP_DECK.parse(shown[0]["cards"])[0].index
    return zp_case([four, *concealed], shown, default_rule_set().constants.deck_rules["copies"])


def zp_dianzhao_without_from(rng: random.Random) -> Case:
    """点招 without whose card was 招'd (older)."""
    concealed, shown = zp_hand(rng, rng.randint(0, 2))
    gang = [{"kind": "点招", "by": rng.choice(["上家", "下家"])}]
    return zp_case(concealed, shown, default_rule_set().constants.gang.dianzhao.rule, gang=gang)


ZIPAI_WAYS: dict[str, Callable[[random.Random], Case]] = {
    "爆 winner showing 吃/碰": zp_bao_taken,
    "wrong card count": zp_count,
    "four alike concealed": zp_four_concealed,
    "头块 without 爆": zp_toukuai_no_bao,
    "头块 with 海底": zp_toukuai_haidi,
    "红爆 with too few red": zp_hongbao_few_red,
    "a fifth copy": zp_fifth_copy,
    "点招 without from": zp_dianzhao_without_from,
}

WAYS = {"nanning": NANNING_WAYS, "zipai": ZIPAI_WAYS}
GAMES = {"nanning": NANNING, "zipai": ZIPAI}
PIECE = {"nanning": "tile", "zipai": "card"}
PER_WAY = {g: -(-PER_GAME // len(ways)) for g, ways in WAYS.items()}


def refused(call: Callable[[], object]) -> RuleError:
    try:
        call()
    except RuleError as exc:
        return exc
    raise AssertionError("answered")


def check(game_id: str, case: Case) -> None:
    """`score` refuses the case with its rule; `waits` refuses it with the same line (as a whole, or the one
    win at its winning piece)."""
    g = GAMES[game_id]
    by_score = refused(lambda: g.score(case.score))
    assert by_score.rule == case.rule or not case.rule, (case, by_score.one_line())
    if case.waits is None:
        return
    if not case.win:
        by_waits = refused(lambda: g.waits(case.waits))
        assert by_waits.rule == by_score.rule, (case, by_waits.one_line(), by_score.one_line())
        assert by_waits.one_line() == by_score.one_line() or not case.same_line, (case, by_waits.one_line())
        return
    out = g.waits(case.waits)
    wait = next(w for w in out["waits"] if w[PIECE[game_id]] == case.piece)
    errors = [r["error"] for r in wait["refused"] if r["win"] == case.win]
    assert errors == [by_score.one_line()], (case, errors, by_score.one_line())


@pytest.mark.slow
@pytest.mark.parametrize("game_id, way", [(g, w) for g, ways in WAYS.items() for w in ways])
def test_every_impossible_situation_is_refused_by_score_and_waits(game_id, way):
    rng = random.Random(f"{game_id}/{way}")
    for _ in range(PER_WAY[game_id]):
        check(game_id, WAYS[game_id][way](rng))


def test_enough_situations_per_game_and_every_way_both_commands():
    assert all(PER_WAY[g] * len(ways) >= PER_GAME for g, ways in WAYS.items())
    rng = random.Random(0)
    for game_id, ways in WAYS.items():
        for build in ways.values():  # one of each, in the fast lane
            check(game_id, build(rng))


# ------------------------------------------------------------------ the issue's own examples

FIVE_PIN_WINNERS = [{"seat": "对家", "hand": "123s456s789s22z555p", "win_tile": "5p"},
                    {"seat": "下家", "hand": "123m456s789p33z555p", "win_tile": "5p"}]


@pytest.mark.parametrize("request_, rule, source", [
    # 天胡 with an 暗杠 and a 碰 (priced 21 as 暗杠杠上花 before), and without the 暗杠
    ({"hand": "234m678m55p", "melds": [{"kind": "暗杠", "tile": "1m"}, {"kind": "碰", "tile": "9s"}], "win": "天胡"},
     "nn-14-r1", "001:345"),
    ({"hand": "234m678m999m55p", "melds": [{"kind": "碰", "tile": "9s"}], "win": "地胡"}, "nn-15-n1", "001:361"),
    # three winners holding seven 五筒 between them; a 封胡'd player among the winners
    ({"hand": "234m678m999m11z555p", "win_tile": "5p", "win": "放炮", "multi": FIVE_PIN_WINNERS}, "nn-0-r1", "001:3"),
    ({"hand": "55p", "melds": [{"kind": "碰", "tile": t} for t in ("1m", "9m", "1s", "9s")], "win": "放炮",
      "fenghu": "他家放炮", "fenghu_seat": "对家", "multi": [{"seat": "对家", "hand": "123m456s789p333z55p"}]},
     "nn-12-r1", "001:321"),
    # 封胡 with one 碰 shown
    ({"hand": "111m555m999p55s", "melds": [{"kind": "碰", "tile": "7z"}], "win": "放炮", "fenghu": "他家放炮"},
     "nn-12-r1", "001:321"),
])
def test_nanning_the_issues_impossible_situations_are_refused(request_, rule, source):
    error = refused(lambda: NANNING.score(request_))
    assert (error.rule, error.source) == (rule, source)


def test_zipai_a_bao_winner_showing_peng_or_chi_is_refused_by_both():
    shown = [{"kind": "拢", "cards": "肆肆肆肆"}, {"kind": "碰", "cards": "五五五"}, {"kind": "碰", "cards": "六六六"}]
    waiting = {"hand": "贰柒拾七八九伍陆柒捌", "shown": shown, "bao": {"胡牌者": "爆"}}
    by_score = refused(lambda: ZIPAI.score({**waiting, "hand": waiting["hand"] + "捌", "win": "自摸"}))
    assert (by_score.rule, by_score.source) == ("zp-1-baopai-r2", "003:31")
    assert refused(lambda: ZIPAI.waits(waiting)).one_line() == by_score.one_line()
    assert ZIPAI.waits({**waiting, "shown": shown[:1], "hand": "贰柒拾七八九伍陆柒捌五五五六六六"})["cards"]  # 拢 stays


def test_nanning_fishing_can_leave_the_winner_nothing_and_that_is_a_win():
    """Finding nn-g-fishing-nothing: every other player fished and the winner did not, so each share is
    cancelled (抵消掉一倍): the winner collects 0, never less, and the hand is still a win."""
    request = {"hand": "12345p566778s66z6p", "win": "人胡", "rules": {"options": {"fishing": "on"}},
               "discarder": "下家", "fishing": {"winner": False, "payers": ["下家", "对家", "上家"]}}
    out = NANNING.score(request)
    assert out["total"] == 0 and out["net"] == {"本家": 0, "下家": -24, "对家": 12, "上家": 12}
    six_pin = next(w for w in NANNING.waits({k: v for k, v in request.items() if k != "win"} | {
        "hand": "12345p566778s66z"})["waits"] if w["tile"] == "6p")
    assert {w["win"]: w["total"] for w in six_pin["wins"]}["人胡"] == 0


# ------------------------------------------------------------------ the law: waits and score agree

NN_TABLES = st.sampled_from([
    {}, {"discarder": "对家"}, {"fenghu": "他家放炮"}, {"fenghu": "被封胡者放炮"}, {"fenghu": "被封胡者包付"},
    {"rules": "moma", "moma_hits": 1}, {"rules": {"options": {"fishing": "on"}}, "fishing": {"payers": ["下家"]}},
    {"rules": "dapao9"}, {"rules": "mixed-three-pay"},
])


@settings(max_examples=60, deadline=None, database=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.randoms(use_true_random=False), st.lists(st.sampled_from(["碰", "明杠", "加杠", "暗杠"]), max_size=4),
       NN_TABLES)
def test_nanning_waits_and_score_agree(rnd, melds, table):
    concealed, shown = nn_hand(random.Random(rnd.random()), melds)
    request = {"hand": notation(concealed[:-1]), "melds": shown, **table}
    try:
        out = NANNING.waits(request)
    except RuleError as exc:  # refused whatever the tile: score refuses the whole hand the same way
        with pytest.raises(RuleError) as by_score:
            NANNING.score({**request, "hand": notation(concealed), "win": "自摸"})
        assert by_score.value.one_line() == exc.one_line()
        return
    assert notation(concealed[-1:]) in out["tiles"]
    for wait in out["waits"]:
        asked = {**request, "hand": request["hand"] + wait["tile"], "win_tile": wait["tile"]}
        for entry in wait["wins"]:
            chain = {"chain": entry["chain"]} if entry["win"] == "杠上花" else {}
            assert NANNING.score({**asked, "win": entry["win"], **chain})["total"] == entry["total"]
        for entry in wait["refused"]:
            chain = {"chain": entry["chain"]} if "chain" in entry else {}
            with pytest.raises(RuleError) as by_score:
                NANNING.score({**asked, "win": entry["win"], **chain})
            assert by_score.value.one_line() == entry["error"]


ZP_TABLES = st.sampled_from([{}, {"from": "下家"}, {"extras": ["海底"]}, {"bao": {"上家": "爆"}},
                             {"bao": {"胡牌者": "爆"}, "extras": ["头块"]}, {"dealer": True}])


@pytest.mark.slow
@settings(max_examples=40, deadline=None, database=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.randoms(use_true_random=False), st.integers(0, 2), ZP_TABLES)
def test_zipai_waits_and_score_agree(rnd, fours, table):
    concealed, shown = zp_hand(random.Random(rnd.random()), fours, taken_ok="bao" not in table)
    request = {"hand": zp_text(concealed[:-1]), "shown": shown, **table}
    try:
        out = ZIPAI.waits(request)
    except RuleError:
        assume(False)
        return
    for wait in out["waits"]:
        asked = {**{k: v for k, v in request.items() if k != "from"}, "hand": request["hand"] + wait["card"]}
        for entry in wait["wins"]:
            side = {"from": entry["from"]} if "from" in entry else {}
            assert ZIPAI.score({**asked, "win": entry["win"], **side})["total"] == entry["total"]
        for entry in wait["refused"]:
            side = {"from": entry["from"]} if "from" in entry else {}
            with pytest.raises(RuleError) as by_score:
                ZIPAI.score({**asked, "win": entry["win"], **side})
            assert by_score.value.one_line() == entry["error"]
