"""The 字牌 preset luzhou-daer 「泸州大贰（jgqq0902-cmyk/daer）」 (issue 26, item 5; 不见于原文): worked
examples priced by hand from the program's rules (tests/ports/VARIANTS.md §4), the preset reached
through the Game contract and the score request, the document's rules staying the default.

Each row: the hand (the taken card last), how it was won, 爆; then the 胡息 of the split the program's
search finds first, the 名堂, the round score (base by bracket × (1 + Σ fans)) and each seat's delta.
The differential test against the port on random hands is tests/ports/test_daer_differential.py."""
from __future__ import annotations

import dataclasses

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rules.errors import RuleError
from rules.options import NOT_IN_DOCUMENTS
from rules.registry import game
from rules.zipai.club import SplitChooser, build_preset, presets
from rules.zipai.loader import constants
from rules.data import read_toml
from tests.contract import errors

ZIPAI = game("zipai")
DAER = "luzhou-daer"
HAND = "一一一二三四五六七八九十壹贰叁柒捌玖肆肆肆"  # 坎一 6, 壹贰叁 6, 肆肆肆 碰 3 (taken), four runs: 15


def score(hand: str, **fields: object) -> dict:
    return ZIPAI.score({"hand": hand, "preset": DAER, **fields})


WORKED = [
    # 15 胡 → base 2; no 名堂: 2 × 1 = 2; the discarder pays 2 × 2
    ("点炮, no 名堂", HAND, {"win": "点炮", "from": "下家"}, 15, [], 2, {"胡牌者": 4, "上家": 0, "下家": -4}),
    # own draw: still 碰 (the taken card's three is a 碰 whatever its source); 自摸 1 fan: 2 × 2 = 4, each pays 4
    ("自摸", HAND, {"win": "自摸"}, 15, ["自摸"], 4, {"胡牌者": 8, "上家": -4, "下家": -4}),
    # another's card from the wall: everyone pays as on 自摸, without its fan
    ("another's draw", HAND, {"win": "胡别人从墩上的牌", "from": "上家"}, 15, [], 2,
     {"胡牌者": 4, "上家": -2, "下家": -2}),
    # 下家 is 爆: 杀爆 1 fan
    ("杀爆", HAND, {"win": "点炮", "from": "下家", "bao": {"下家": "爆"}}, 15, ["杀爆"], 4,
     {"胡牌者": 8, "上家": 0, "下家": -8}),
    # seven runs, 0 胡: 乱胡 wins; 乱 1 fan, base 2: 4, 上家 pays 8
    ("乱胡", "三四五三四五六七八六七八叁肆伍陆柒捌陆柒捌", {"win": "点炮", "from": "上家"}, 0, ["乱"], 4,
     {"胡牌者": 8, "上家": -8, "下家": 0}),
    # 坎一 6 + 坎叁 9 = 15, no red: 黑 3 fans, 自摸 1: 2 × 5 = 10
    ("黑 and 自摸", "一一一叁叁叁三四五三四五肆伍陆捌捌八九九玖", {"win": "自摸"}, 15, ["黑", "自摸"], 10,
     {"胡牌者": 20, "上家": -10, "下家": -10}),
    # 二七十 6 + 贰柒拾 9 + 坎三 6 + 坎肆 9 = 30 (恰), 11 red (红): base 4 × 3 = 12
    ("恰 and 红", "二七十贰柒拾三三三肆肆肆陆柒捌八九十二贰二", {"win": "点炮", "from": "上家"}, 30, ["恰", "红"],
     12, {"胡牌者": 24, "上家": -24, "下家": 0}),
    # 坎一 6 + 一二三 3 + 壹贰叁 6 + 二七十 6 + 贰柒拾 9 + 坎四 6 + 坎伍 9 = 45: base 5; 昆 (every group has 胡),
    # 归 (四 一), 自摸, 爆: 5 × 5 = 25
    ("昆 归 爆", "一一一二三贰柒拾二七十壹贰叁四四四伍伍伍一", {"win": "自摸", "bao": {"胡牌者": "爆"}}, 45,
     ["昆", "归", "自摸", "爆"], 25, {"胡牌者": 50, "上家": -25, "下家": -25}),
]


@pytest.mark.parametrize(("why", "hand", "how", "huxi", "mingtang", "round_score", "net"), WORKED,
                         ids=[w[0] for w in WORKED])
def test_worked_examples(why, hand, how, huxi, mingtang, round_score, net) -> None:
    out = score(hand, **how)
    assert (out["huxi"], out["mingtang"], out["huzi"], out["net"]) == (huxi, mingtang, round_score, net)
    assert out["total"] == net["胡牌者"] or how["win"] != "点炮"
    assert out["preset"]["origin"] == NOT_IN_DOCUMENTS
    assert sum(out["net"].values()) == 0  # three players: zero-sum
    assert errors("zipai.score.response", out) == []


@pytest.mark.parametrize(("hand", "how", "words"), [
    # 坎捌 9 and runs: 9 胡, neither 0 nor 10
    ("捌捌捌三四五六七八肆伍陆叁肆伍四五六七八九", {"win": "点炮", "from": "下家"}, "no split of the hand wins"),
    (HAND, {"win": "点炮"}, "点炮 names who gave the card"),
    (HAND, {"win": "自摸", "gang": [{"kind": "垅", "by": "胡牌者"}]}, "no 杠分"),
    (HAND, {"win": "自摸", "extras": ["头块"]}, "no 头块"),
    (HAND, {"win": "自摸", "readings": {"zp-r-combine": "add"}}, "leave out readings"),
    (HAND, {"win": "自摸", "preset": "nowhere"}, "unknown preset"),
])
def test_refusals(hand, how, words) -> None:
    with pytest.raises(RuleError, match=words):
        ZIPAI.score({"hand": hand, "preset": DAER} | how)


def test_the_document_stays_the_default() -> None:
    """Without a preset the same hand is priced by document 003 (坎 一一一 3, not 6; 10 胡 ↑ and 点炮 doubled)."""
    plain = ZIPAI.score({"hand": HAND, "win": "点炮", "from": "下家"})
    assert "preset" not in plain and plain["huxi"] != score(HAND, win="点炮", **{"from": "下家"})["huxi"]
    assert ZIPAI.rule_set().club is None and ZIPAI.rule_set(preset="default").club is None


def test_the_preset_through_the_game_contract() -> None:
    assert ZIPAI.presets()[DAER] == "泸州大贰（jgqq0902-cmyk/daer）"
    assert next(iter(ZIPAI.presets())) == "default"  # the document's rules first
    by_id, by_name = ZIPAI.rule_set(preset=DAER), ZIPAI.rule_set(preset="泸州大贰（jgqq0902-cmyk/daer）")
    assert by_id.club is not None and by_id.club == by_name.club
    assert by_id.club.split is SplitChooser.FIRST and by_id.club.gang.value == 0
    with pytest.raises(RuleError, match="unknown preset"):
        ZIPAI.rule_set(preset="nowhere")


def test_every_number_cites_its_bridge_line() -> None:
    daer = presets()[DAER]
    consts = [daer.gang, daer.min_huxi, daer.groups, daer.base_fan, daer.hong_at, daer.gui_copies,
              daer.heavenly_longs, daer.heavenly_kans, daer.shuishangpiao_turn, daer.discarder, daer.each_other,
              daer.winner_gains, *daer.fans.values(), *(b for _, b in daer.brackets),
              *(c for pair in daer.huxi.values() for c in pair)]
    assert all(c.rule.startswith("Bridge ") for c in consts)
    assert daer.huxi[("坎", "黑")][0].value == 6 and daer.huxi[("拢", "黑")][1].value == 15  # the overrides
    assert constants().group_huxi("坎", "黑", constants().deck.parse("一")[0].size).value == 3  # the document's


@pytest.mark.parametrize(("change", "words"), [
    (lambda d: d.pop("origin"), "不见于原文"),
    (lambda d: d.update(provenance=[]), "provenance"),
    (lambda d: d["fans"].pop("黑"), "fans lacks 黑"),
    (lambda d: d.update(split="best-ish"), "best-ish"),
    (lambda d: d["brackets"].pop(0), "begin at 0"),
])
def test_bad_preset_data_is_refused(change, words) -> None:
    import copy
    data = copy.deepcopy(read_toml("zipai/presets.toml")[DAER])
    change(data)
    with pytest.raises(RuleError, match=words):
        build_preset(DAER, data)


def test_best_chooser_pays_at_least_the_first() -> None:
    """The chooser is a strategy point: `best` over the same splits never pays less than `first`."""
    from rules.zipai.cards import counts
    from rules.zipai.club import ClubWin, club_score
    from rules.zipai.model import Win
    daer = presets()[DAER]
    best = dataclasses.replace(daer, split=SplitChooser.BEST)
    deck = constants().deck
    hand = counts(deck.parse(HAND))
    first = club_score(hand, 13, (), ClubWin(Win.ZIMO), daer, deck)
    most = club_score(hand, 13, (), ClubWin(Win.ZIMO), best, deck)
    assert most.round_score >= first.round_score


@settings(max_examples=40, deadline=None)
@given(st.permutations(list(HAND[:-1])), st.sampled_from(["自摸", "点炮"]))
def test_card_order_does_not_matter(cards, how) -> None:
    """The search works on counts: the order the hand is written in (the taken card last) changes nothing."""
    fields = {"win": how} | ({"from": "上家"} if how == "点炮" else {})
    assert score("".join(cards) + HAND[-1], **fields)["net"] == score(HAND, **fields)["net"]
