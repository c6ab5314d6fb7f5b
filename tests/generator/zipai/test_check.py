"""字牌 data and generated tables: quotes trace to the document, readings are complete,
every extracted amount gets a verdict, the payout table keeps its contract."""
import re
import pytest

from generator.examples import extract
from generator.findings import KINDS, VERDICTS
from generator.paths import DATA
from generator.structure import article
from generator.findings import load_findings
from generator.zipai.check import original, probe
from rules.options import values_of
from rules.zipai.options import Options
from rules.zipai.loader import default_rule_set, readings_data, rules_data

ROWS = article("zipai").by_id()


def clean(row_id: str) -> str:
    return ROWS[row_id].text


def test_every_constant_quotes_its_line():
    data = rules_data()
    entries = [v for section in ("deck", "hand", "mingtang", "settlement", "gang") for v in data[section].values()
               if isinstance(v, dict)]
    entries += [cell for row in data["huxi"] for cell in (row["big"], row["small"])]
    ext = {e["id"] for e in data["ext"]}
    for entry in entries:
        rule = entry["rule"]
        if rule.startswith("ext-"):
            assert rule in ext, rule
        else:
            assert entry["quote"] in clean(rule), (rule, entry["quote"])
        for also in ([entry["also"]] if isinstance(entry.get("also"), str) else entry.get("also", [])):
            assert also in ROWS, also
    for e in data["ext"]:
        assert e["id"].startswith("ext-zp-") and e["source"] and e["text"]


def test_readings_are_complete_and_quoted():
    data = readings_data()["reading"]
    assert [r["id"] for r in data] == list(values_of(Options))
    for r in data:
        assert {o["id"] for o in r["option"]} == set(values_of(Options)[r["id"]])
        assert r["default"] in values_of(Options)[r["id"]] and r["why"] and r["question"]
        for source in r["source"]:
            assert source["quote"] in clean(source["id"]), (r["id"], source)


@pytest.mark.parametrize("rid", list(values_of(Options)))
def test_each_reading_probe_shows_the_difference(rid):
    """Each reading's probe prices differently under its options, except the one that cannot."""
    options = values_of(Options)[rid]
    results = {o: probe(rid, o) for o in options}
    shown = {str({k: v for k, v in r.items() if k != "formula"}) for r in results.values()}
    if rid == "zp-r-extras-order":  # every extra is a multiple of 10: the order never matters
        assert len(shown) == 1
    else:
        assert len(shown) == len(options), results


def test_every_extra_is_a_multiple_of_the_rounding_unit():
    """Why zp-r-extras-order never changes a number (its note says so): each 额外分数 the settlement adds
    (归, 自摸, 海底捞, each red card, 头块 as points) is a multiple of the unit amounts are rounded to, so
    adding it before or after rounding (up, to the nearest, or not at all) gives the same amount."""
    constants = default_rule_set().constants
    m = constants.mingtang
    extras = {"gui": m.gui, "zimo": m.zimo, "haidilao": m.haidilao, "honghu_per_red": m.honghu_per_red,
              "toukuai": m.toukuai}
    unit = constants.payout.rounding.value
    assert {name: c.value % unit for name, c in extras.items()} == dict.fromkeys(extras, 0)
    why = next(r["why"] for r in readings_data()["reading"] if r["id"] == "zp-r-extras-order")
    assert "从不改变任何分数" in why


def test_findings_are_quoted_exactly_and_ids_are_stable():
    data = load_findings("zipai")
    ids = [f["id"] for f in data]
    assert len(ids) == len(set(ids))
    source = (DATA / "sources" / "003_0bef7d9dd92984f8.txt").read_text(encoding="utf-8")
    for f in data:
        assert re.fullmatch(r"zp-f-[a-z0-9-]+", f["id"])
        assert f["kind"] in KINDS and f["verdict"] and f["what_is_wrong"] and f["rules_give"]
        for q in f["quote"]:
            assert original(q["row"], q["text"]) in source
        if "option" in f:
            assert f["option"] in values_of(Options)
        for row in f.get("covers", []):
            assert row in ROWS or row in {e.id for e in extract("zipai")}, row


def test_the_two_findings_the_issue_names():
    by_id = {f["id"]: f for f in load_findings("zipai")}
    assert "后面详细说明" in by_id["zp-f-gangfen-missing"]["quote"][0]["text"]
    assert by_id["zp-f-heihu-vs-heilielie"]["kind"] == "contradiction"


def test_every_extracted_amount_has_a_verdict(zipai_crosscheck):
    rows = zipai_crosscheck
    examples = extract("zipai")
    assert [r.example_id for r in rows] == [e.id for e in examples]
    assert all(r.verdict in VERDICTS for r in rows)
    assert all(e.quantity != "total" for e in examples)  # context.toml says what each one prices
    contradictions = {f["id"] for f in load_findings("zipai") if f["kind"] == "contradiction"}
    for r in rows:
        if r.verdict == "contradicts_rules":
            assert r.finding_id in contradictions
        else:
            assert r.verdict == "matches" and r.engine == str(r.stated)


@pytest.mark.parametrize("example_id, readings", [
    ("zp-2-huxi-e1-d003-2", "zp-r-rounding=ceil10"),
    ("zp-2-teshu-e1-d003-2", "zp-r-rounding=ceil10|round10 zp-r-dianpao=whole zp-r-teshu=half_each"),
    ("zp-3-heibang-r2-d003-1", "zp-r-combination-rows=listed"),
    ("zp-2-hei-peng-r1-d003-1", "所有读法"),
])
def test_worked_examples_name_the_readings_that_reproduce_them(example_id, readings, zipai_crosscheck):
    row = next(r for r in zipai_crosscheck if r.example_id == example_id)
    assert row.readings == readings


@pytest.fixture(scope="module")
def payouts(zipai_payouts):
    return zipai_payouts


def test_payout_table_contract(payouts):
    from rules.game import check_table

    assert payouts["game"] == "zipai" and payouts["title"] == "字牌赔付表"
    assert check_table(payouts, "zipai") == []
    assert all(row["readings"] == "默认读法" and row["rules"] for row in payouts["rows"])


def test_payout_dimensions_are_the_documents_situations(payouts):
    """The choices the finder offers are the document's: every 爆 situation, both extras, 胡数 up to
    the most a hand reaches; not values collected from the rows they are checked against."""
    from rules.zipai.payouts import BAO

    dims = {d["key"]: d["values"] for d in payouts["dimensions"]}
    assert sorted(dims["bao"]) == sorted(BAO)
    assert dims["haidi"] == dims["toukuai"] == ["否", "是"]
    assert {"自摸", "点炮", "胡别人从墩上的牌"} <= set(dims["win"])
    assert dims["huxi"] == sorted(dims["huxi"]) and dims["huxi"][-1] == 96
    # the document's own wall rule: with nobody 爆, 自摸 is paid alike by both others, 点炮 by the discarder
    for row in payouts["rows"]:
        if row["bao"] == "无人爆牌" and row["win"] == "自摸":
            assert row["pay_shang"] == row["pay_xia"] > 0, row["id"]
        if row["bao"] == "无人爆牌" and row["win"] == "点炮":
            assert row["pay_shang"] > 0 and row["pay_xia"] == 0, row["id"]


def test_payout_rows_price_the_worked_example(payouts):
    row = next(r for r in payouts["rows"] if r["id"] == "zp-plain-23-dianpao-xia")
    # priced with the fewest 归 a real 23胡 hand holds (none); the example's one 归 adds `step`
    assert row["gui"] == 0 and row["total"] + row["step"] == 120
    assert row["feasible"]


def test_payout_rows_cover_every_name_and_the_maximum(payouts):
    hands = {r["hand"] for r in payouts["rows"]}
    assert {"无名堂", "棒胡", "列列胡", "黑胡", "黑棒", "黑列列", "红胡", "红棒", "红列列", "一颗珠", "一珠棒",
            "一珠列", "三垅", "五坎", "一拢（坎）三坎", "来点儿（杠分）"} <= hands
    assert max(r["huxi"] for r in payouts["rows"] if r["feasible"]) == 96
    names = {n for r in payouts["rows"] for n in r["mingtang"].split("、")}
    assert {"天胡", "爆牌", "红爆", "黑爆", "头块", "海底爆", "杀爆", "海底捞", "自摸"} <= names
