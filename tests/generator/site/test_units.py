"""Parts of the site build on their own: escaping, editions and the changelog, charts, cheat-sheet numbers."""
from __future__ import annotations

import dataclasses
import datetime
import json
import re

import pytest

from generator.errors import BuildError
from generator.site import charts, edition
from generator.site.data import load
from generator.site.render import anchor, md

from tests.conftest import parse, payout_data


def test_md_escapes_markdown_and_html():
    out = str(md("七、杠上花 *x* _y_ `z` [a](b) { #evil } <b>&"))
    assert "<b>" not in out and "&lt;b&gt;" in out and "&amp;" in out
    for ch in "*_`[]{}#":
        assert "\\" + ch in out


@pytest.mark.parametrize("bad", ["_1", "1abc", "有中文", "a b", 'x"onload="y', ""])
def test_anchor_rejects_what_is_not_a_stable_ascii_id(bad):
    with pytest.raises(BuildError):
        anchor(bad)


def test_source_text_cannot_inject_markup(evil_site):
    site, row_id, _ = evil_site
    for page in ["nanning/article/index.html", "sources/001/index.html", "rulings/index.html"]:
        html = (site / page).read_text(encoding="utf-8")
        assert "<script>alert" not in html and "onerror=alert" not in html.replace("onerror=alert(2)&gt;", "")
        assert "<img src=x" not in html and 'href="javascript:' not in html
        assert "&lt;script&gt;alert(1)&lt;/script&gt;" in html, page
        assert "evil" not in parse(site / page).ids
    assert row_id in parse(site / "nanning/article/index.html").ids


def test_payout_data_is_fetched_as_json_never_run_as_script(evil_site):
    site, _, _ = evil_site
    _, rows = payout_data(site, "nanning")
    assert "<script>alert(1)</script>" in rows[0]["formula"]  # kept as text
    html = (site / "nanning" / "payouts" / "index.html").read_text(encoding="utf-8")
    assert "nanning_payouts.data.json" in html and not re.search(r"<script[^>]*_payouts", html)


# -- editions and the changelog ---------------------------------------------------------------


def _snap(verdict="以 27 为准", engine=27, total=19, extra_row=False, inputs=None):
    rows = {"nn-yuanwen-jh-gh-m": total}
    if extra_row:
        rows["nn-yuanwen-new"] = 5
    return {
        "inputs": inputs or {"data/sources/001.txt": "aa"},
        "rulings": {"nn-f-x": {"game": "nanning", "kind": "arithmetic", "title": "t", "verdict": verdict,
                               "rules_give": "27"}},
        "checks": {"ex-1": {"verdict": "arithmetic_wrong", "stated": 24, "engine": engine, "finding": "nn-f-x"}},
        "payouts": {"nanning": rows},
    }


def test_diff_lists_verdict_amount_and_payout_changes():
    x = edition.diff(_snap(), _snap(verdict="以 24 为准", engine=24, total=21, extra_row=True,
                                    inputs={"data/sources/001.txt": "bb"}))
    assert x["inputs"] == [("data/sources/001.txt", "改动")]
    assert [(r["id"], r["what"]) for r in x["rulings"]] == [("nn-f-x", ["裁定改变", "金额改变"])]
    assert x["rulings"][0]["checks"] == ["ex-1"]
    assert x["payouts"]["nanning"] == {"changed": [("nn-yuanwen-jh-gh-m", 19, 21)],
                                       "added": ["nn-yuanwen-new"], "removed": []}
    same = edition.diff(_snap(), _snap())
    assert not same["rulings"] and not same["checks"] and not same["payouts"]["nanning"]["changed"]


def test_record_numbers_editions_and_the_changelog_shows_the_current_build(built, tmp_path, monkeypatch):
    d = load(built.generated, built.ctx.examples)
    first = edition.record(d, "第一版", tmp_path, today=datetime.date(2025, 1, 1))
    assert edition.record(d, "again", tmp_path) == first  # recording the same edition twice is a no-op
    assert [s["seq"] for s in edition.recorded(tmp_path)] == [1]
    log = edition.changelog(d, tmp_path)
    assert log["is_recorded"] and not log["steps"]

    changed = dataclasses.replace(d)
    changed.findings = d.findings.copy()
    changed.findings.loc[changed.findings.index[0], "verdict"] = "改判"
    assert edition.current(changed)["edition"] != edition.current(d)["edition"]
    log = edition.changelog(changed, tmp_path)
    assert not log["is_recorded"] and len(log["steps"]) == 1
    step = log["steps"][0]
    assert step["new"]["seq"] is None
    assert [r["id"] for r in step["diff"]["rulings"]] == [d.findings["id"].iloc[0]]

    second = edition.record(changed, "改判", tmp_path)
    assert [s["seq"] for s in edition.recorded(tmp_path)] == [1, 2] and second != first
    log = edition.changelog(changed, tmp_path)
    assert log["is_recorded"] and [s["new"]["seq"] for s in log["steps"]] == [2]


def test_edition_is_a_pure_function_of_inputs_and_results(built):
    d = load(built.generated, built.ctx.examples)
    assert edition.current(d) == edition.current(load(built.generated, built.ctx.examples))
    assert {p.split("/")[1] for p in edition.input_digests()} >= {"sources", "structure", "text"}


# -- charts -------------------------------------------------------------------------------------


def test_a_missing_glyph_fails_the_chart_build(built, tmp_path, monkeypatch):
    def bad(d, path):
        fig, ax = charts.plt.subplots()
        ax.set_title("\U0001F004 麻将")  # a mahjong-tile emoji: Noto Sans CJK has no glyph for it
        return "t", "c", "a", charts.save(fig, path)

    monkeypatch.setattr(charts, "CHARTS", [("chart-bad", "bad.svg", bad)])
    with pytest.raises(BuildError, match="missing"):
        charts.draw(load(built.generated, built.ctx.examples), tmp_path)


def test_charts_exist_with_chinese_text_as_outlines(built):
    figures = sorted((built.ctx.docs / "figures").glob("*.svg"))
    assert {f.name for f in figures} >= {"kong-chains.svg", "pattern-method.svg", "crosscheck.svg"}
    for f in figures:
        svg = f.read_text(encoding="utf-8")
        assert "<text" not in svg  # text drawn as paths: no font needed, no tofu in any browser
        assert "<dc:date>" not in svg


# -- cheat sheets -------------------------------------------------------------------------------


# A cheat sheet row's link to a drill of it (练, tests/generator/site/test_drill.py checks them): left out here, so
# that every row is read, linked or not.
PRACTICE = re.compile(r'<a class="cp-practice"[^>]*>.*?</a>', re.S)


def without_practice(html: str) -> str:
    return PRACTICE.sub("", html)


def test_nanning_cheatsheet_numbers_are_the_table_totals(built):
    """Re-read the printed grid and look every cell up in nanning_payouts.json independently."""
    table = json.loads((built.generated / "nanning_payouts.json").read_text(encoding="utf-8"))
    first = {d["key"]: d["values"][0] for d in table["dimensions"]}
    by = {(r["patterns"], r["method"], r["chain"]): r for r in table["rows"]
          if all(r[k] == first[k] for k in ("preset_name", "fenghu", "moma_hits"))}
    html = without_practice((built.site / "nanning" / "cheatsheet" / "index.html").read_text(encoding="utf-8"))
    grid = html.split('id="cheat-nn-grid"')[1].split("</table>")[0]
    heads = re.findall(r"<th>([^<]+)(?:<small class=\"cp-sub\">([^<]+)</small>)?<small class=\"cp-payer\">", grid)
    rows = re.findall(r"<tr><th>([^<]+)</th>(.*?)</tr>", grid.split("<tbody>")[1], re.S)
    assert len(heads) >= 10 and len(rows) >= 10
    assert len(rows) == grid.split("<tbody>")[1].count("<tr>")  # every row read
    checked = 0
    for label, cells in rows:
        values = re.findall(r"<td[^>]*>(?:<b>(\d+)</b>|—)", cells)
        assert len(values) == len(heads)
        for (method, chain), value in zip(heads, values, strict=True):
            row = by[(label, method, chain or "")]
            assert (value or None) == (str(row["total"]) if row["feasible"] else None), (label, method, chain)
            checked += 1
    assert checked == len(heads) * len(rows)


def test_zipai_cheatsheet_numbers_are_the_table_amounts(built):
    """Each cell of the printed 胡数 grid is what the other players each pay in zipai_payouts.json."""
    table = json.loads((built.generated / "zipai_payouts.json").read_text(encoding="utf-8"))
    first = {d["key"]: d["values"][0] for d in table["dimensions"]}
    by = {(r["hand"], r["huxi"]): r for r in table["rows"]
          if all(r[k] == first[k] for k in ("win", "bao", "haidi", "toukuai"))}
    html = without_practice((built.site / "zipai" / "cheatsheet" / "index.html").read_text(encoding="utf-8"))
    section = html.split('id="cheat-zp-grid"')[1].split("</section>")[0]
    tables = section.split("</table>")[:-1]  # the grid comes in two halves, side by side
    hands = re.findall(r"<th>([^<]+)</th>", tables[0].split("</thead>")[0])[1:]
    rows = [r for t in tables for r in re.findall(r"<tr><th>(\d+)</th>(.*?)</tr>", t.split("<tbody>")[1], re.S)]
    assert len(hands) >= 5 and len(rows) >= 20 and len(tables) == 2
    assert len(rows) == sum(t.split("<tbody>")[1].count("<tr>") for t in tables)  # every row read
    assert all(re.findall(r"<th>([^<]+)</th>", t.split("</thead>")[0])[1:] == hands for t in tables)
    huxi = [int(h) for h, _ in rows]
    assert huxi == sorted(huxi) and len(set(huxi)) == len(huxi)
    for huxi, cells in rows:
        values = re.findall(r"<td[^>]*>(?:<b>(\d+)</b>|—)", cells)
        assert len(values) == len(hands)
        for hand, value in zip(hands, values, strict=True):
            row = by.get((hand, int(huxi)))
            expected = str(row["pay_shang"]) if row and row["feasible"] else None
            assert (value or None) == expected, (hand, huxi)


def test_nanning_cheatsheet_and_chart_show_every_kong_chain(built):
    """Every chain length and kind of kong the table prices (default preset, no 封胡, no 码) is on the
    cheat sheet with the table's total, and drawn in the chart; mixed chains are covered by the sheet's note
    only if they really pay what the all-明杠 chain of the same length pays."""
    table = json.loads((built.generated / "nanning_payouts.json").read_text(encoding="utf-8"))
    first = {d["key"]: d["values"][0] for d in table["dimensions"]}
    rows = [r for r in table["rows"] if r["chain"] and r["feasible"]
            and all(r[k] == first[k] for k in ("preset_name", "fenghu", "moma_hits"))]
    kinds = lambda r: r["chain"].split("（")[0].split("→")  # noqa: E731
    pure = {}
    for r in rows:
        if len(set(kinds(r))) == 1:
            pure.setdefault((r["method"], kinds(r)[0]), {}).setdefault(r["kongs"], {})[r["patterns"]] = r["total"]
    assert {n for lengths in pure.values() for n in lengths} == {1, 2, 3, 4}
    html = without_practice((built.site / "nanning" / "cheatsheet" / "index.html").read_text(encoding="utf-8"))
    sheet = html.split('id="cheat-nn-chains"')[1].split("</table>")[0]
    head, body = sheet.split("</thead>")
    groups = re.findall(r'<th colspan="(\d+)" class="cp-group">([^<]+)<small>([^<]+)</small></th>', head)
    lengths_shown = [int(n) for n in re.findall(r'<th class="cp-n[^"]*">(\d+) 杠</th>', head)]
    columns = [(method, kind) for span, method, kind in groups for _ in range(int(span))]
    assert len(columns) == len(lengths_shown)
    hands = []
    shown: dict[tuple, dict] = {}
    for label, cells in re.findall(r"<tr><th>([^<]+)</th>(.*?)</tr>", body, re.S):
        hands.append(label)
        values = re.findall(r"<td[^>]*>(?:<b>(\d+)</b>|—)", cells)
        assert len(values) == len(columns)
        for key, n, v in zip(columns, lengths_shown, values, strict=True):
            shown.setdefault(key, {}).setdefault(n, {})
            if v:
                shown[key][n][label] = int(v)
    for key, lengths in pure.items():
        assert key in shown, key
        assert set(shown[key]) == set(lengths), key
        for n, totals in lengths.items():
            for hand, total in totals.items():
                if hand in hands:
                    assert shown[key][n][hand] == total, (key, n, hand)
    mixed = [r for r in rows if len(set(kinds(r))) > 1]
    if mixed:
        assert "明杠、暗杠混在一起的连杠" in html
        for r in mixed:
            assert r["total"] == pure[(r["method"], "明杠")][r["kongs"]][r["patterns"]], r["id"]
    # the chart: one line per method, kind and hand type, with a point for each length it can have
    svg = (built.ctx.docs / "figures" / "kong-chains.svg").read_text(encoding="utf-8")
    panels = list(shown)
    for p, key in enumerate(panels):
        for i, hand in enumerate(hands):
            points = sum(1 for n in pure[key] if hand in pure[key][n])
            line = re.search(rf'<g id="kong-chain-{p}-{i}">\s*<path d="([^"]*)"', svg)
            assert (line is not None) == (points > 0), (key, hand)
            if line:
                assert len(re.findall(r"[ML]", line.group(1))) == points, (key, hand)


# Texts with dictionary words that overlap (jieba must weigh them), a word jieba does not know
# (cut by its HMM), Latin letters and digits in dictionary words, punctuation.
@pytest.mark.parametrize("text", ["杠上开花算自摸，杠上炮算放炮。", "南宁麻将的计分规则与赔付表", "研究生命起源",
                                  "结婚的和尚未结婚的", "他买了一件T恤和3C产品",
                                  "钓鱼：胡家钓中翻一倍，他家钓中可抵消一倍", "一颗珠红胡黑胡",
                                  "nn-7-ag1-r1 的算例：2×3＝6"])
def test_the_cut_dictionary_cuts_as_jiebas_own(text, tmp_path, monkeypatch):
    import jieba

    from generator.site import dictionary

    monkeypatch.setattr(dictionary, "CACHE", tmp_path)
    try:
        jieba.dt.initialized = False
        jieba.dt.initialize()  # the whole dictionary
        whole, total = list(jieba.cut(text)), jieba.dt.total
        for _ in range(2):  # made, then read back from the cache
            dictionary.load(set(text))
            assert len(jieba.dt.FREQ) < 30_000 and jieba.dt.total == total
            assert list(jieba.cut(text)) == whole
    finally:
        jieba.dt.initialized = False  # the next user starts from a fresh dictionary
