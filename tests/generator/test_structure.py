"""The two Nanning copies aligned into one article with stable ids."""
import pytest

from generator.structure import article, build_article
from generator.text import all_lines


@pytest.fixture(scope="module")
def nanning():
    return article("nanning")


# Hand-checked pairs: a line of 001 and the line(s) of 000 that say the same.
@pytest.mark.parametrize("line_001, lines_000", [
    (5, (1,)),           # 原则（000 少了“摸完所有牌至胡方休”）
    (13, (9,)),          # 门清牌型4分 / 鸡胡门清牌型4分
    (29, (21,)),         # 普通牌型9分 / 普通碰碰胡牌型9分
    (127, (113,)),       # 24分 / 27分
    (157, (143,)),       # (74＋2)×3=228 in both
    (321, (297,)),       # 000 merged 321 and 323 into one line
    (323, (297,)),
    (341, (317,)),       # 例3：玩家C或D放炮 / 例2：玩家B放炮
    (351, (325, 327)),   # 000 split one note across a spam line
    (405, (381,)),
])
def test_aligned_pairs(nanning, line_001, lines_000):
    row = nanning.row_of("001", line_001)
    assert row.sources["000"] == lines_000


@pytest.mark.parametrize("line_001", [1, 3, 9, 19, 21, 27, 45, 55, 57, 69, 79, 123, 191, 197, 253, 289, 365, 407, 447])
def test_only_in_001(nanning, line_001):
    row = nanning.row_of("001", line_001)
    assert row.sources["000"] == () and row.differences == ["only_001"]


@pytest.mark.parametrize("line_000, row_id", [
    (3, "nn-1"), (19, "nn-4"), (73, "nn-7"), (223, "nn-8-lg3"), (235, "nn-9"),
    (249, "nn-9-lian"), (271, "nn-11"), (309, "nn-13"), (329, "nn-15"), (339, "nn-16"), (365, "nn-17"),
])
def test_headings_only_000_keeps(nanning, line_000, row_id):
    row = nanning.row_of("000", line_000)
    assert row.id == row_id and row.cls == "heading" and row.sources["001"] == ()


def test_numbered_sections_in_order_with_inferred_titles_marked(nanning):
    headings = [r for r in nanning.rows if r.cls == "heading" and r.block == "" and r.id.count("-") == 1]
    assert [r.section for r in headings] == list(range(24))
    inferred = {r.section for r in headings if r.inferred}
    assert inferred == {0, 2, 3, 5, 6, 8, 10, 12, 14, 18, 19, 20, 21, 23}
    assert all(r.reason for r in headings if r.inferred)


@pytest.mark.parametrize("row_id, kinds", [
    ("nn-7-ag1-2", ["numbers", "wording"]),  # 24 in 001, 27 in 000 (which also says 杠上花)
    ("nn-13-li3", ["numbers", "wording"]),  # 例3：玩家C或D放炮 / 例2：玩家B放炮
    ("nn-4-1", ["wording"]),               # 000 names 碰碰胡 in the item
    ("nn-1-2", ["wording"]),               # 000 drops the bracket and says 鸡胡门清
    ("nn-6-d1-1", []),                     # identical
])
def test_recorded_differences(nanning, row_id, kinds):
    assert nanning.by_id()[row_id].differences == kinds


def test_every_content_line_is_in_exactly_one_row(nanning):
    seen = {}
    for row in nanning.rows:
        for doc, numbers in row.sources.items():
            for n in numbers:
                assert (doc, n) not in seen
                seen[(doc, n)] = row.id
    for doc in ("001", "000"):
        for line in all_lines()[doc]:
            content = line.cls in {"heading", "rule", "example", "note", "dispute"}
            assert ((doc, line.number) in seen) == content, (doc, line.number)


def test_ids_do_not_move_when_lines_elsewhere_disappear(nanning):
    """Drop lines of sections 4 and 5 (all but the lines that anchor them): every
    id that is left, there and elsewhere, names the same text as before."""
    lines = dict(all_lines())
    anchors = {("000", 19), ("001", 47)}
    dropped = {(d, n) for r in nanning.rows if r.section in (4, 5) for d, ns in r.sources.items() for n in ns}
    smaller = {doc: [line for line in ls if (doc, line.number) not in dropped - anchors] for doc, ls in lines.items()}
    other = build_article("nanning", smaller)
    before = {r.id: r.text for r in nanning.rows}
    after = {r.id: r.text for r in other.rows}
    assert len(after) < len(before) - 10
    assert all(before[i] == t for i, t in after.items())


def test_zipai_ids_follow_the_table(nanning):
    zipai = article("zipai").by_id()
    assert zipai["zp-3-heihu"].text == "黑胡"
    assert zipai["zp-3-heihu-r1"].text == "胡牌时，全是黑字，大于10胡都算100胡"
    assert zipai["zp-2-hong-zhao-r1"].text == "15"
    assert zipai["zp-2-teshu-e1"].sources == {"003": (83,)}
