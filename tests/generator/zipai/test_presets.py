"""What the 字牌 preset 泸州大贰 changes against the document, over real hands (generator.zipai.presets): the
rulings page's counts, on hands whose fate under each rule set is worked out in the comments."""
from __future__ import annotations

import pytest

from generator.zipai.presets import as_preset_sees, compare, hands, preset_changes
from rules.registry import game
from rules.zipai.club import presets
from tests.rules.zipai.test_club import HAND

DAER = presets()["luzhou-daer"]
ZIPAI = game("zipai")
# 坎叁 taken on one's own draw: the document keeps it a 坎 (6) and reaches 10 胡 with 碰六 1 and 碰壹 3; the
# preset makes it a 碰 (3), 7 胡: no win
SHORT = {"hand": "叁叁伍陆柒柒捌玖叁", "win": "自摸", "shown": [
    {"kind": "吃", "cards": "六七八"}, {"kind": "吃", "cards": "八九十"}, {"kind": "碰", "cards": "六六六"},
    {"kind": "碰", "cards": "壹壹壹"}]}
WON = {"hand": HAND, "win": "点炮", "from": "下家"}  # 15 胡 under both; the preset: base 2, the giver pays 4


@pytest.mark.parametrize(("requests", "both", "differ", "only_yuanwen"), [
    ([WON], 1, 1, 0),
    ([SHORT], 0, 0, 1),
    ([WON, SHORT, WON], 2, 2, 1),
    # what the preset does not know is left out, not counted against it: 头块 (a win after 爆牌)
    ([{"hand": HAND, "win": "自摸", "bao": {"胡牌者": "爆"}, "extras": ["头块"]}], 1, 1, 0),
])
def test_counts(requests, both, differ, only_yuanwen) -> None:
    out = compare(requests, DAER)
    assert (out["both"], out["differ"], out["only_yuanwen"]) == (both, differ, only_yuanwen)


def test_the_ratio_is_the_presets_gain_over_the_documents() -> None:
    ours = ZIPAI.score(WON)["total"]
    assert compare([WON], DAER)["ratio"] == round(4 / ours, 3)


def test_every_hand_of_the_sample_wins_under_the_document_and_is_counted_once() -> None:
    sample = hands()
    assert len(sample) == 400 and all(ZIPAI.score(r)["total"] > 0 for r in sample[:40])
    [change] = preset_changes()
    assert change["rows"] == len(sample) == change["both"] + change["only_yuanwen"]
    assert change["differ"] <= change["both"] and change["only_here"] is None


def test_the_preset_sees_the_same_hand_won_the_same_way() -> None:
    request = {**WON, "gang": [{"kind": "垅", "by": "胡牌者"}], "readings": {"zp-r-combine": "add"},
               "extras": ["头块", "海底"]}
    assert as_preset_sees(request, DAER) == {**WON, "extras": ["海底"], "preset": "luzhou-daer"}


def test_only_the_huxi_the_preset_changes_is_listed_with_the_documents_beside_it() -> None:
    [change] = preset_changes()
    huxi = next(o["means"] for o in change["options"] if o["name"].startswith("胡息"))
    # the black 坎, 招 and 拢 differ (Bridge 252-269); 碰, 一二三, the red groups are the document's
    assert huxi.count("原文") == 3 and "黑坎 6/9（原文 3/6" in huxi and "碰" not in huxi
