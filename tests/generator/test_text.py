"""Every line is classified; clean text folds corrupted characters through data."""
import pytest

from generator.text import all_lines, class_labels, fold_occurrences, folds, spam_patterns

CLASSES = set(class_labels())


def test_every_non_blank_line_has_a_known_class():
    for doc, lines in all_lines().items():
        for line in lines:
            assert line.cls in CLASSES, (doc, line.number)
            if line.original.strip(" \t\u3000\xa0"):
                assert line.cls != "blank", (doc, line.number)
            else:
                assert line.cls == "blank", (doc, line.number)


# Hand-checked: (document, line, class).
@pytest.mark.parametrize("doc, number, cls", [
    ("001", 1, "heading"),        # 文章标题
    ("001", 7, "rule"),           # 基数的定义
    ("001", 19, "dispute"),       # 也有些地方的玩家……
    ("001", 27, "dispute"),       # 注：有的玩家把门清理解为……
    ("001", 31, "example"),       # 2、 普通牌型自摸6×3=18分；
    ("001", 87, "rule"),          # 明杠（推倒杠和先碰后杠）：被杠者付分。
    ("001", 273, "heading"),      # 例1：抢两连杠胡牌
    ("001", 285, "note"),         # 注：直接以3＋1张推倒杠……
    ("001", 343, "example"),      # 玩家B付9×2=18分……
    ("001", 413, "dispute"),      # 诈胡：具体也可以由玩家自行事先商定
    ("001", 423, "heading"),      # 二十二、摸码和钓鱼
    ("001", 449, "unrelated"),    # 文末的新闻碎片
    ("001", 2, "blank"),
    ("000", 3, "heading"),        # 一、基数精彩内容尽在百度攻略：
    ("000", 37, "spam"),          # 整行广告
    ("000", 249, "heading"),      # 抢连杠胡
    ("000", 327, "note"),         # 被广告截断的注释后半句
    ("000", 383, "unrelated"),    # 解梦文字
    ("003", 1, "heading"),        # 一、名词介绍
    ("003", 3, "heading"),        # 砌牌：
    ("003", 51, "rule"),          # 点炮开双倍。
    ("003", 75, "example"),       # 21×4=84 → 90胡
    ("003", 83, "example"),       # 特殊爆牌的算例
    ("003", 97, "rule"),          # 胡息表里的数
    ("003", 185, "rule"),         # 每一列都有胡数
    ("003", 309, "blank"),        # 只有不换行空格的空格子
])
def test_hand_checked_classes(doc, number, cls):
    assert all_lines()[doc][number - 1].cls == cls


def test_counts_per_document():
    counts = {doc: {} for doc in all_lines()}
    for doc, lines in all_lines().items():
        for line in lines:
            counts[doc][line.cls] = counts[doc].get(line.cls, 0) + 1
    assert counts["000"]["spam"] == 4
    assert counts["001"]["unrelated"] == 12 and counts["000"]["unrelated"] == 6
    assert sum(counts["001"].values()) == 471
    assert sum(counts["000"].values()) == 393
    assert sum(counts["003"].values()) == 329


def test_fold_locations_are_recorded_exactly():
    recorded = {f.source: sorted(f.where) for f in folds()}
    assert recorded == {k: sorted(v) for k, v in fold_occurrences().items()}


def test_clean_text_has_no_spam_and_no_folded_character():
    sources = [f.source for f in folds()]
    for lines in all_lines().values():
        for line in lines:
            if line.cls in ("unrelated",):
                continue
            assert not any(p.search(line.clean) for p in spam_patterns())
            assert not any(s in line.clean for s in sources), (line.doc, line.number, line.clean)


@pytest.mark.parametrize("doc, number, original_part, clean_part", [
    ("000", 133, "78汾", "78分"),
    ("000", 57, "②组大对", "二组大对"),
    ("001", 441, "自巳", "自己"),
    ("001", 393, "愿为", "原为"),
    ("003", 5, "3 ⼈同玩", "3 人同玩"),
    ("000", 3, "一、基数精彩内容尽在百度攻略：", "一、基数"),
])
def test_original_kept_beside_clean(doc, number, original_part, clean_part):
    line = all_lines()[doc][number - 1]
    assert original_part in line.original
    assert clean_part in line.clean


def test_spam_variants_all_caught():
    # variants with look-alike characters inside the spam itself
    text = "精彩内容，盡在百度攻略：精彩内容尽茬百度攻略：精彩內容尽在百度攻略：精彩内嫆尽在百喥攻畧"
    for pattern in spam_patterns():
        text = pattern.sub("", text)
    assert text == ""


def test_巳_alone_is_not_folded():
    from generator.text import fold
    assert fold("巳时")[0] == "巳时"
    assert fold("自巳")[0] == "自己"
