"""字牌 scoring as tables of worked examples: the 胡息 table, every 名堂 on a real
hand, the two worked examples of document 003, 爆牌 and 杠分."""
import pytest

from rules.errors import RuleError
from rules.zipai.cards import Card, Size
from rules.registry import game
from rules.zipai.groups import make
from rules.zipai.model import GroupKind
from rules.zipai.loader import default_rule_set

score_request = game("zipai").score

# The document's 胡息 table, transcribed independently of data/zipai/rules.toml:
# (kind, cards, 胡息) — 黑牌 then 红牌, 大字 then 小字.
HUXI_TABLE = [
    ("碰", "壹壹壹", 3), ("碰", "一一一", 1), ("坎", "叁叁叁", 6), ("坎", "三三三", 3),
    ("招", "肆肆肆肆", 9), ("招", "四四四四", 6), ("拢", "伍伍伍伍", 12), ("拢", "五五五五", 9),
    ("一二三", "壹贰叁", 6), ("一二三", "一二三", 3),
    ("碰", "贰贰贰", 9), ("碰", "二二二", 6), ("坎", "柒柒柒", 12), ("坎", "七七七", 9),
    ("招", "拾拾拾拾", 15), ("招", "十十十十", 12), ("拢", "贰贰贰贰", 18), ("拢", "十十十十", 15),
    ("二七十", "贰柒拾", 9), ("二七十", "二七十", 6),
    # not in the document: 0 胡 (ext-zp-zero)
    ("顺子", "肆伍陆", 0), ("顺子", "六七八", 0), ("大小搭", "伍伍五", 0), ("大小搭", "五五伍", 0), ("将", "捌捌", 0),
]


@pytest.mark.parametrize("kind, cards, huxi", HUXI_TABLE)
def test_huxi_table(kind, cards, huxi):
    c = default_rule_set()
    group = make(GroupKind(kind), c.constants.deck.parse(cards), c.constants)
    assert group.huxi == huxi
    assert group.rule.startswith("ext-zp-zero") == (huxi == 0)


def score(hand, win="自摸", **more):
    return score_request({"hand": hand, "win": win, **more})


def shown(*groups):
    return [{"kind": kind, "cards": cards} for kind, cards in groups]


# Exactly one red card, the 二 of 一二三 (a group the table lists under 黑牌).
YIKEZHU = "一二三八八八捌捌捌玖玖玖叁肆伍四五六三四五"

# (hand, shown, win, extra fields, 胡数, 名堂, what each of 上家/下家 pays)
NAMED = [
    # 无名堂: 一二三3 + 壹贰叁6 + 贰柒拾9 = 18 → 20, + 自摸10
    ("plain", "一二三四五六七八九壹贰叁肆伍陆柒捌玖贰柒拾", [], "自摸", {}, 18, ["自摸"], (30, 30)),
    # 点炮: the discarder pays two shares, the third nothing
    ("dianpao", "一二三四五六七八九壹贰叁肆伍陆柒捌玖贰柒拾", [], "点炮", {"from": "上家"}, 18, [], (40, 0)),
    # 列列胡: seven 坎, each with 胡 (二 and 七 are red: 6 red cards, not 红胡)
    ("lielie", "一一一二二二三三三四四四五五五六六六七七七", [], "自摸", {}, 33, ["列列胡", "自摸"], (110, 110)),
    # 黑胡: all black, 18胡 → flat 100
    ("heihu", "一一一三三三四五六八八八九九九肆伍陆捌捌捌", [], "自摸", {}, 18, ["黑胡", "自摸"], (110, 110)),
    # 黑列列: all black, all 坎: 21×6+100 = 226 → 230
    ("heilielie", "一一一三三三四四四五五五六六六八八八九九九", [], "自摸", {}, 21, ["黑列列", "自摸"], (240, 240)),
    # 红胡: 6+6+9+6 + 碰柒9 + 碰捌3 = 39; 13 red (N=3); 柒 ×4 is a 归: 39×2=78 → 80 +30 +10 +10
    ("honghu", "二七十二七十贰柒拾肆伍陆壹贰叁", shown(("碰", "柒柒柒"), ("碰", "捌捌捌")), "自摸", {}, 39,
     ["红胡", "归", "自摸"], (130, 130)),
    # 红列列: 3+9+3+9+9+9+12 = 54; 15 red (N=5); 柒 ×4 is a 归: 54×6=324 → 330 +50 +10 +10
    ("honglielie", "二二二七七七十十十贰柒拾一一一三三三柒柒柒", [], "自摸", {}, 54, ["红列列", "归", "自摸"],
     (400, 400)),
    # 一颗珠: exactly one red card (the 二 of 一二三): 3 + 3 + 6 + 6 = 18 ×3 = 54 → 60
    ("yikezhu", YIKEZHU, [], "自摸", {}, 18, ["一颗珠", "自摸"], (70, 70)),
    # 棒胡: 一二三3 + 壹贰叁6 + 碰九九九1 = exactly 10胡 → 30
    ("banghu", "一二三四五六六七八壹贰叁肆伍陆柒捌玖", shown(("碰", "九九九")), "自摸", {}, 10, ["棒胡", "自摸"],
     (40, 40)),
    # 红棒: 12 red cards, 10胡 → 60, + 红字 N=2, + 归 (十 ×4)
    ("hongbang", "二三四五七七十贰贰柒拾拾", shown(("碰", "六六六"), ("碰", "十十十"), ("碰", "陆陆陆")), "自摸", {},
     10, ["红棒", "归", "自摸"], (100, 100)),
    # 天胡: the dealer's hand as dealt: 18 ×3 = 54 → 60, no 自摸 bonus
    ("tianhu", "一二三四五六七八九壹贰叁肆伍陆柒捌玖贰柒拾", [], None, {"dealer": True, "extras": ["起手"]}, 18,
     ["天胡"], (60, 60)),
    # 爆牌: ×2
    ("baopai", "一二三四五六七八九壹贰叁肆伍陆柒捌玖贰柒拾", [], "自摸", {"bao": {"胡牌者": "爆"}}, 18,
     ["爆牌", "自摸"], (50, 50)),
    # 杀爆: only the 爆 payer's share doubles
    ("shabao", "一二三四五六七八九壹贰叁肆伍陆柒捌玖贰柒拾", [], "自摸", {"bao": {"上家": "爆"}}, 18, ["杀爆", "自摸"],
     (50, 30)),
    # 黑爆: 黑胡100 × 爆牌2 = 200
    ("heibao", "一一一三三三四五六八八八九九九肆伍陆捌捌捌", [], "自摸", {"bao": {"胡牌者": "爆"}}, 18,
     ["黑胡", "爆牌", "黑爆", "自摸"], (210, 210)),
    # 红爆 (no 吃/碰 after 爆, 003:31, so the 坎 held): 红胡2 × 红爆3 (the 爆 factor): 36×6 = 216 → 220, +10 自摸;
    # 胡息 6+6 (二七十) + 9 (贰柒拾) + 6 (壹贰叁) + 3 (坎九) + 6 (坎捌) = 36, exactly 10 red cards
    ("hongbao", "二七十二七十贰柒拾肆伍陆壹贰叁九九九捌捌捌", [], "自摸",
     {"bao": {"胡牌者": "爆"}}, 36, ["红胡", "红爆", "自摸"], (230, 230)),
    # 申请红爆: ×4 instead of ×3: 36×8 = 288 → 290
    ("hongbao-declared", "二七十二七十贰柒拾肆伍陆壹贰叁九九九捌捌捌", [], "自摸",
     {"bao": {"胡牌者": "红爆"}}, 36, ["红胡", "红爆", "自摸"], (300, 300)),
    # 头块: (18+10)×2 = 56 → 60
    ("toukuai", "一二三四五六七八九壹贰叁肆伍陆柒捌玖贰柒拾", [], "自摸", {"bao": {"胡牌者": "爆"}, "extras": ["头块"]},
     18, ["爆牌", "头块", "自摸"], (70, 70)),
    # 海底爆 (爆 winner on the last card): ×3, plus 海底捞 10
    ("haidibao", "一二三四五六七八九壹贰叁肆伍陆柒捌玖贰柒拾", [], "自摸",
     {"bao": {"胡牌者": "爆"}, "extras": ["海底"]}, 18, ["海底爆", "海底捞", "自摸"], (80, 80)),
    # 海底捞 without 爆: +10
    ("haidilao", "一二三四五六七八九壹贰叁肆伍陆柒捌玖贰柒拾", [], "自摸", {"extras": ["海底"]}, 18, ["海底捞", "自摸"],
     (40, 40)),
    # 胡别人从墩上的牌: both pay, no 自摸 bonus
    ("wall", "一二三四五六七八九壹贰叁肆伍陆柒捌玖贰柒拾", [], "胡别人从墩上的牌", {"from": "下家"}, 18, [], (20, 20)),
    # 归 from a 拢 (a four is a 归), 6 groups and a pair: 12 + 3 + 6 + 6 = 27 → 30
    ("gui", "一二三四五六七八九壹贰叁伍伍伍捌捌", shown(("拢", "肆肆肆肆")), "自摸", {}, 27, ["归", "自摸"], (50, 50)),
    # 五坎 as dealt (non-dealer, 20 cards): the whole hand's 胡息, 27 → 30, no 自摸 bonus
    ("wukan", "一一一二二二三三三四四四五五五陆陆陆七八", [], None, {"extras": ["起手"]}, 27, ["五坎"], (30, 30)),
    # 三垅 as dealt: three 拢 (9+9+12) + loose cards; 3 归
    ("sanlong", "一二四六八壹叁捌玖拾", shown(("拢", "三三三三"), ("拢", "五五五五"), ("拢", "伍伍伍伍")), None,
     {"extras": ["起手"]}, 30, ["归", "三垅"], (60, 60)),
]


@pytest.mark.parametrize("name, hand, shown_groups, win, more, huxi, names, pays", NAMED, ids=[n[0] for n in NAMED])
def test_each_mingtang_on_a_real_hand(name, hand, shown_groups, win, more, huxi, names, pays):
    request = {"hand": hand, "shown": shown_groups, **more}
    if win:
        request["win"] = win
    out = score_request(request)
    assert out["huxi"] == huxi
    assert out["mingtang"] == names
    paid = {p["payer"]: p["amount"] for p in out["payments"]}
    assert (paid.get("上家", 0), paid.get("下家", 0)) == pays
    assert out["total"] == sum(pays) == out["ledger"]["胡牌者"]


def test_worked_example_rounding_21_times_4():
    """胡息计算: 胡数21 × 倍数4 = 84 → 90 (zp-2-huxi-e1)."""
    from generator.zipai.check import HUXI_EXAMPLE
    from rules.zipai.scoring import HandValue, Term, share
    from rules.zipai.model import Seat

    huzi, times = HUXI_EXAMPLE
    hv = HandValue((), Term("胡数", huzi, ""), (Term("倍数", times, ""),), None, (), None, None)
    priced = share(hv, (), Seat.SHANG, default_rule_set())
    assert (priced.raw, priced.amount) == (84, 90)
    alternatives = {o: share(hv, (), Seat.SHANG, default_rule_set().with_options({"zp-r-rounding": o})).amount
                    for o in ("ceil10", "round10", "none")}
    assert alternatives == {"ceil10": 90, "round10": 80, "none": 84}


def test_worked_example_special_bao():
    """特殊爆牌 (zp-2-teshu-e1): A not 爆 discards to C (23胡, one 归), B is 爆: A and B each pay 60."""
    from generator.zipai.check import TESHU

    out = score_request(TESHU)
    assert (out["huxi"], out["gui"]) == (23, 1)
    assert sorted((p["payer"], p["amount"]) for p in out["payments"]) == [("上家", 60), ("下家", 60)]
    assert out["ledger"] == {"胡牌者": 120, "上家": -60, "下家": -60}
    assert "zp-2-teshu-e1" in out["rules"] and "杀爆" in out["mingtang"]


@pytest.mark.parametrize("readings, each", [
    ({}, 60),
    ({"zp-r-dianpao": "multiplier"}, 55),  # ⌈23×2×2⌉ + 10 = 110, halved
    ({"zp-r-rounding": "none"}, 56),  # (46 + 10) × 2 / 2
    ({"zp-r-combine": "add", "zp-r-dianpao": "multiplier"}, 55),  # 23×(2+2) is also 92
])
def test_special_bao_under_other_readings(readings, each):
    from generator.zipai.check import TESHU

    out = score_request({**TESHU, "readings": readings})
    assert {p["amount"] for p in out["payments"]} == {each}


def test_special_bao_own_relation_reading():
    from generator.zipai.check import TESHU

    out = score_request({**TESHU, "readings": {"zp-r-teshu": "own_relation"}})
    assert {p["payer"]: p["amount"] for p in out["payments"]} == {"上家": 40, "下家": 60}


@pytest.mark.parametrize("gang, ledger", [
    ([{"kind": "垅", "by": "上家"}], {"胡牌者": -20, "上家": 40, "下家": -20}),
    ([{"kind": "点招", "by": "下家", "from": "胡牌者"}], {"胡牌者": -10, "上家": 0, "下家": 10}),
    ([{"kind": "自招", "by": "上家"}], {"胡牌者": -10, "上家": 20, "下家": -10}),
])
def test_gangfen_is_kept_apart(gang, ledger):
    out = score("一二三四五六七八九壹贰叁肆伍陆柒捌玖贰柒拾", gang=gang)
    assert out["gang"]["ledger"] == ledger
    assert all(p["for"] == "杠分" for p in out["gang"]["payments"])
    assert out["total"] == 60  # the win itself is unchanged
    assert out["net"] == {s: out["ledger"][s] + ledger[s] for s in ledger}


def test_winning_card_from_another_player_makes_a_peng():
    # 九九九 is completed by the discard: 碰 1胡 (ext-zp-win-card), not 坎 3胡
    hand = "一二三四五六壹贰叁贰柒拾肆伍陆柒捌玖九九九"
    assert score(hand, "点炮", **{"from": "上家"})["huxi"] == 19
    assert score(hand, "自摸")["huxi"] == 21
    out = score(hand, "点炮", **{"from": "上家", "readings": {"zp-r-win-card-triplet": "kan"}})
    assert out["huxi"] == 21


def test_the_winning_card_goes_where_it_keeps_a_kan():
    # 三 completes 三三三 but also fits 一二三: the 坎 stays a 坎 (3+3+6+6)
    out = score("一二三三三三捌捌捌玖玖玖叁肆伍四五六四五六", "点炮", win_card="三", **{"from": "上家"})
    assert out["huxi"] == 18
    assert {"kind": "坎", "cards": "三三三"} in [{k: g[k] for k in ("kind", "cards")} for g in out["groups"]]


def test_the_best_arrangement_is_chosen():
    # 一一一二二二三三三 can be three 坎 (3+9+3) or three 一二三 (3×3): the 坎 score more
    out = score("一一一二二二三三三四五六七八九肆伍陆柒捌玖")
    assert out["huxi"] == 15
    assert [g["kind"] for g in out["groups"]].count("坎") == 3


def test_the_maximum_hand():
    out = score_request({"hand": "玖玖", "shown": shown(("拢", "二二二二"), ("拢", "七七七七"), ("拢", "十十十十"),
                                                         ("拢", "贰贰贰贰"), ("拢", "柒柒柒柒"), ("招", "拾拾拾拾")),
                         "win": "自摸"})
    assert out["huxi"] == 96 and out["gui"] == 6 and out["red_cards"] == 24
    assert out["mingtang"] == ["红列列", "归", "自摸"]


def test_not_in_document_rules_are_marked():
    out = score("一二三四五六七八九壹贰叁肆伍陆柒捌玖贰柒拾")
    marked = {x["id"] for x in out["not_in_document"]}
    assert {"ext-zp-hand", "ext-zp-min", "ext-zp-zero", "ext-zp-deck", "ext-zp-red"} <= marked
    assert all(x["note"] == "不见于原文" for x in out["not_in_document"])
    assert all(g.get("note") == "不见于原文" for g in out["groups"] if g["rule"].startswith("ext-"))


def test_red_card_in_a_black_table_group_is_still_red():
    # 一二三 is listed under 黑牌 but holds 二: the hand has one red card → 一颗珠, never 黑胡
    out = score(YIKEZHU)
    assert "黑胡" not in out["mingtang"] and "一颗珠" in out["mingtang"]


def test_hongbao_declared_needs_ten_reds():
    with pytest.raises(RuleError, match="红爆"):
        score("一二三四五六七八九壹贰叁肆伍陆柒捌玖贰柒拾", bao={"胡牌者": "红爆"})


def test_card_parsing():
    deck = default_rule_set().constants.deck
    assert deck.parse("一 壹十拾") == (Card.of(Size.SMALL, 1), Card.of(Size.BIG, 1), Card.of(Size.SMALL, 10),
                                      Card.of(Size.BIG, 10))
    with pytest.raises(RuleError, match="unknown card"):
        deck.parse("小1")
