"""The Nanning rules core: worked situations, and the laws the prices follow."""
import random

import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st

from rules.errors import RuleError
from rules.nanning.analysis import best, hand_type, splits
from rules.registry import game
from rules.nanning.feasibility import check
from rules.nanning.model import (
    OTHERS, SELF_DRAWN, FengHu, Hand, HandType, KongKind, Win, Seat, Shape, Situation,
)
from rules.nanning.rule_set import preset, presets
from rules.nanning.scoring import false_win, kong_settlement, price
from rules.nanning.tiles import parse

score = game("nanning").score

YW = preset()


def total(hand, win, **extra):
    return score({"hand": hand, "win": win, **extra})["total"]


# Concrete hands, priced as the document prices their situation.
@pytest.mark.parametrize("request_, patterns, expected", [
    ({"hand": "234m678m999m55p", "melds": [{"kind": "碰", "tile": "1s"}], "win": "放炮"}, ["鸡胡"], 2),
    ({"hand": "234m678m999m111p55s", "win": "放炮"}, ["鸡胡", "门清"], 4),
    ({"hand": "234m678m999m111p55s", "win": "自摸"}, ["鸡胡", "门清"], 12),
    ({"hand": "111m555m999p55s", "melds": [{"kind": "碰", "tile": "7z"}], "win": "放炮"}, ["碰碰胡"], 9),
    ({"hand": "111m555m999m22m", "melds": [{"kind": "碰", "tile": "7m"}], "win": "自摸"}, ["碰碰胡", "清一色"], 36),
    ({"hand": "111m555m999m222p55s", "win": "自摸"}, ["碰碰胡", "门清"], 24),
    ({"hand": "11335577m22446688p", "win": "放炮"}, None, None),  # 16 tiles: rejected
    ({"hand": "11335577m22446p6p", "win": "放炮"}, ["七小对", "门清"], 12),
    ({"hand": "11113355779999m", "win": "自摸"}, ["七大对二组", "门清", "清一色"], 192),
    ({"hand": "234m678m55p", "melds": [{"kind": "暗杠", "tile": "1m"}, {"kind": "碰", "tile": "9s"}],
      "win": "杠上花"}, ["鸡胡"], 21),
    ({"hand": "234m678m555p55s", "melds": [{"kind": "暗杠", "tile": "1m"}], "win": "杠上花"}, ["鸡胡", "门清"], 27),
    ({"hand": "234m678m55p", "melds": [{"kind": "明杠", "tile": "1m"}, {"kind": "碰", "tile": "9s"}],
      "win": "杠上花"}, ["鸡胡"], 19),
    ({"hand": "55s", "melds": [{"kind": "明杠", "tile": "1m"}, {"kind": "加杠", "tile": "9m"},
                               {"kind": "加杠", "tile": "5m"}, {"kind": "加杠", "tile": "7z"}],
      "win": "杠上花", "kongs": 4}, ["碰碰胡"], 292),
    ({"hand": "55s", "melds": [{"kind": "碰", "tile": "1m"}, {"kind": "碰", "tile": "9m"},
                               {"kind": "碰", "tile": "5m"}, {"kind": "碰", "tile": "7z"}], "win": "放炮"},
     ["碰碰胡", "全求人"], 18),
    ({"hand": "55s", "melds": [{"kind": "碰", "tile": "1m"}, {"kind": "碰", "tile": "9m"},
                               {"kind": "碰", "tile": "5m"}, {"kind": "碰", "tile": "7z"}], "win": "自摸"},
     ["碰碰胡"], 18),
    ({"hand": "234m678m999m111p55s", "win": "天胡"}, ["鸡胡", "门清"], 24),
    ({"hand": "234m678m999m111p55s", "win": "人胡"}, ["鸡胡", "门清"], 12),
    ({"hand": "234m678m999m55p", "melds": [{"kind": "碰", "tile": "1s"}], "win": "海底捞月"}, ["鸡胡"], 18),
    ({"hand": "111m555m999p55s", "melds": [{"kind": "碰", "tile": "7z"}], "win": "海底炮"}, ["碰碰胡"], 18),
    ({"hand": "234m678m999m55p", "melds": [{"kind": "碰", "tile": "1s"}], "win": "杠上炮", "kongs": 3}, ["鸡胡"], 36),
    ({"hand": "234m678m999m55p", "melds": [{"kind": "碰", "tile": "1s"}], "win": "抢杠胡", "win_tile": "3m",
      "kongs": 2}, ["鸡胡"], 18),
])
def test_hands(request_, patterns, expected):
    if expected is None:
        with pytest.raises(RuleError):
            score(request_)
        return
    result = score(request_)
    assert result["patterns"] == patterns
    assert result["total"] == expected


def test_best_reading_seven_pairs_over_sequences():
    # 112233m 445566p 77s: seven pairs or sequences; 七小对 pays more
    result = score({"hand": "112233m445566p77s", "win": "放炮"})
    assert result["patterns"] == ["七小对", "门清"] and result["total"] == 12


def test_kong_points_kept_apart_and_who_pays():
    result = score({"hand": "234m678m55p", "melds": [{"kind": "明杠", "tile": "1m"}, {"kind": "碰", "tile": "9s"}],
                    "win": "杠上花"})
    assert (result["hand_points"], result["kong_points"]) == (18, 1)
    assert {p["payer"] for p in result["payments"]} == {"上家"}


def test_fenghu():
    base = {"hand": "234m55p", "melds": [{"kind": "碰", "tile": "1m"}, {"kind": "碰", "tile": "9m"},
                                          {"kind": "碰", "tile": "5m"}], "win": "放炮"}
    assert total(**base, fenghu="他家放炮") == 4       # 双飞: 2 + 2
    assert total(**base, fenghu="被封胡者放炮") == 4    # ×2
    zimo = dict(base, win="自摸")
    result = score(dict(zimo, fenghu="被封胡者包付"))
    assert result["total"] == 9 and {p["payer"] for p in result["payments"]} == {"对家"}


def test_sishuang_example_27():
    s = Situation(HandType(Shape.PENGPENG, False, False), Win.FANGPAO, (), FengHu.OTHER_DISCARDS)
    settlement = price(s, presets()["sishuang"])
    assert settlement.total == 27
    assert {(p.payer, p.amount) for p in settlement.payments} == {(Seat.ACROSS, 18), (Seat.PREV, 9)}


def test_false_win_and_draw():
    assert false_win(YW).net()[Seat.SELF] == -30
    settled = kong_settlement(YW, [(Seat.SELF, KongKind.AN, None), (Seat.NEXT, KongKind.MING, Seat.PREV)])
    assert settled.net() == {Seat.SELF: 3, Seat.NEXT: 0, Seat.ACROSS: -1, Seat.PREV: -2}


# ---- laws ---------------------------------------------------------------------

SETS = [("刻", t) for t in range(34)] + [("顺", s * 9 + r) for s in range(3) for r in range(7)]


@st.composite
def complete_hands(draw):
    """A random concealed complete hand (four sets and a pair), tile counts respected."""
    sets = draw(st.lists(st.sampled_from(SETS), min_size=4, max_size=4))
    pair = draw(st.integers(0, 33))
    tiles = [pair, pair]
    for kind, t in sets:
        tiles += [t, t, t] if kind == "刻" else [t, t + 1, t + 2]
    assume(all(tiles.count(t) <= 4 for t in set(tiles)))
    order = draw(st.permutations(tiles))
    return list(order)


def _hand(tiles):
    return Hand(tuple(tiles), (), tiles[-1])


@settings(max_examples=200, deadline=None)
@given(complete_hands(), st.sampled_from([Win.FANGPAO, Win.ZIMO, Win.HAIDIPAO]), st.randoms())
def test_tile_order_and_suit_permutation_change_nothing(tiles, method, rnd):
    hand_type, _ = best(_hand(tiles), method in (Win.ZIMO,))
    shuffled = tiles[:]
    rnd.shuffle(shuffled)
    perm = list(range(3))
    rnd.shuffle(perm)
    swapped = [perm[t // 9] * 9 + t % 9 if t < 27 else t for t in shuffled]
    for variant in (shuffled, swapped):
        other, _ = best(Hand(tuple(variant), (), variant[-1]), method in (Win.ZIMO,))
        assert other == hand_type
        assert price(Situation(other, method), YW).total == price(Situation(hand_type, method), YW).total


# What pays most when several readings exist: seven pairs, then all triplets, then 鸡胡.
SHAPE_ORDER = [Shape.DADUI3, Shape.DADUI2, Shape.DADUI1, Shape.QIXIAODUI, Shape.PENGPENG, Shape.JIHU]


@settings(max_examples=400, deadline=None)
@given(st.one_of(complete_hands(), st.lists(st.integers(0, 33), min_size=14, max_size=14),
                 complete_hands().map(lambda t: [*t[:-1], (t[-1] + 1) % 34])))
def test_the_fast_reading_agrees_with_every_reading(tiles):
    """`hand_type` (one pass per suit, no listing) says complete exactly when some reading of
    the tiles exists, and picks the shape the best of all readings has."""
    assume(all(tiles.count(t) <= 4 for t in set(tiles)))
    hand = _hand(tiles)
    shapes = {r.shape for r in splits(hand)}
    try:
        chosen = hand_type(hand, False)
    except RuleError:
        assert not shapes
        return
    assert chosen.shape is min(shapes, key=SHAPE_ORDER.index)


def _feasible_situations(preset_id="yuanwen"):
    from rules.nanning.payouts import situations
    p = presets()[preset_id]
    return [s for s in situations(p) if check(s, p) is None]


FEASIBLE = _feasible_situations()


@pytest.mark.parametrize("preset_id", sorted(presets()))
def test_who_pays_follows_the_method(preset_id):
    """自摸 without a 明杠 or 封胡: the three others each pay the same (nn-2-r1); a win on a
    discard without 封胡: only the discarder pays for the hand (nn-1-3)."""
    from rules.nanning.payouts import situations
    p = presets()[preset_id]
    for s in situations(p):
        if check(s, p) is not None:
            continue
        settlement = price(s, p)
        hand = [x for x in settlement.payments if x.kind == "胡牌"]
        assert all(x.amount > 0 and x.payer is not x.payee for x in settlement.payments)
        if s.fenghu is not FengHu.NONE:
            continue
        if s.win in SELF_DRAWN and KongKind.MING not in s.chain:
            assert sorted(x.payer for x in hand) == sorted(OTHERS) and len({x.amount for x in hand}) == 1, s
        elif s.win not in SELF_DRAWN:
            assert {x.payer for x in hand} == {s.from_seat}, s


def _with(s: Situation, **hand_changes) -> Situation:
    h = s.hand
    return Situation(HandType(**{**h.__dict__, **hand_changes}), s.win, s.chain, s.fenghu, s.moma_hits,
                     s.fishing, s.from_seat, s.fenghu_seat)


def test_qingyise_doubles_and_never_pays_less():
    for s in FEASIBLE:
        if s.hand.qingyise:
            continue
        q = _with(s, qingyise=True)
        if check(q, YW) is not None:
            continue
        plain, more = price(s, YW), price(q, YW)
        assert more.hand_points >= plain.hand_points
        scale = YW.wins[s.win.value].scale
        if scale != "放炮" or s.hand.shape is not Shape.JIHU or s.hand.quanqiuren:
            assert more.hand_points == 2 * plain.hand_points, (s, plain.formula, more.formula)


def test_each_kong_in_a_chain_doubles():
    for s in FEASIBLE:
        if s.win is not Win.GANGSHANGHUA or len(s.chain) == 4 or s.fenghu is not FengHu.NONE:
            continue
        longer = Situation(s.hand, s.win, (*s.chain, KongKind.AN), s.fenghu)
        if check(longer, YW) is None:
            assert price(longer, YW).hand_points == 2 * price(s, YW).hand_points


def test_patterns_double_on_the_self_drawn_scale():
    pairs = [(Shape.JIHU, Shape.PENGPENG), (Shape.QIXIAODUI, Shape.DADUI1), (Shape.DADUI1, Shape.DADUI2),
             (Shape.DADUI2, Shape.DADUI3)]
    for low, high in pairs:
        menqing = low.pairs
        a = price(Situation(HandType(low, menqing, False), Win.ZIMO), YW).total
        b = price(Situation(HandType(high, menqing, False), Win.ZIMO), YW).total
        assert b == 2 * a


def test_every_enumerated_situation_has_witness_or_reason():
    from rules.nanning.payouts import situations
    from rules.nanning.feasibility import witness
    for s in situations(YW):
        reason = check(s, YW)
        found = witness(s, YW)
        if reason is None:
            assert found is not None, s
            read, _ = best(found.hand, s.win in (Win.ZIMO, Win.GANGSHANGHUA, Win.HAIDILAO,
                                                    Win.TIANHU, Win.DIHU))
            assert read == s.hand
        else:
            assert reason.rule, s


def test_best_reading_never_depends_on_order():
    tiles = parse("11122233344455m")  # 111 222 333 444 or three 123 sequences + 444
    found = {r.shape for r in splits(_hand(tiles))}
    assert found == {Shape.JIHU, Shape.PENGPENG}
    random.seed(1)
    for _ in range(20):
        random.shuffle(tiles)
        hand_type, _reading = best(_hand(tiles), True)
        assert (hand_type.shape, hand_type.qingyise, hand_type.menqing) == (Shape.PENGPENG, True, True)


def test_multi_win_discarder_pays_each():
    from rules.nanning.table import multi_win
    a = Situation(HandType(Shape.PENGPENG, False, False), Win.FANGPAO)
    b = Situation(HandType(Shape.QIXIAODUI, True, True), Win.FANGPAO)
    payments = multi_win(0, [(1, a), (3, b)], YW)
    assert {(p.payer, p.payee, p.amount) for p in payments} == {(0, 1, 9), (0, 3, 24)}
    with pytest.raises(RuleError):
        multi_win(0, [(0, a), (3, b)], YW)


@pytest.mark.parametrize("ending, kwargs, preset_options, expected", [
    ("一炮多响", {"discarder": 2}, {}, 2),
    ("诈胡", {"cheat": 3}, {}, 3),
    ("荒庄", {"last_drawer": 1}, {}, 1),
    ("荒庄", {"last_drawer": 1}, {"huangzhuang_dealer": "dealer_stays"}, 0),
])
def test_next_dealer(ending, kwargs, preset_options, expected):
    from rules.nanning.table import Ending, next_dealer
    seat, rule = next_dealer(Ending(ending), YW.with_options(preset_options), 0, **kwargs)
    assert seat == expected and rule.startswith("nn-")


def test_selling_a_win():
    from rules.nanning.table import may_win_after_passing, sold_win_penalty
    assert not may_win_after_passing(True, False)
    assert may_win_after_passing(True, True) and may_win_after_passing(False, False)
    assert sold_win_penalty(YW).net()[Seat.SELF] == -30


def test_moma_and_fishing():
    s = Situation(HandType(Shape.JIHU, False, False), Win.ZIMO, moma_hits=2)
    assert price(s, presets()["moma"]).total == 27
    assert price(s, presets()["moma"].with_options({"moma_multiply": "compound"})).total == 36
    from rules.nanning.model import Fishing
    fp = Situation(HandType(Shape.PENGPENG, False, False), Win.FANGPAO,
                   fishing=Fishing(winner=True, payers=(Seat.ACROSS,)))
    settled = price(fp, YW.with_options({"fishing": "on"}))
    assert {(p.payer, p.payee, p.amount) for p in settled.payments} == {(Seat.PREV, Seat.SELF, 18),
                                                                      (Seat.PREV, Seat.ACROSS, 9)}
