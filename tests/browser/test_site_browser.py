"""The built site in headless Chromium: search, the payout table, the finder, printing, images,
console errors and requests. Situations for the finder are taken from the documents."""
from __future__ import annotations

import json
import re

import pytest

from generator.site.pages import search_aliases

from ..conftest import parse, serve
from .conftest import open_page

FILTER = "清一色 杠上花 双连杠"  # the example


def payouts(built, game: str) -> dict:
    return json.loads((built.generated / f"{game}_payouts.json").read_text(encoding="utf-8"))


def row_text(table: dict, row: dict, aliases: dict) -> str:
    """All of a row's text, as the filter promises to match it (the specification, not the script)."""
    parts = [row["id"], row["reason"], row["formula"], *row["rules"]]
    parts += [str(row[c["key"]]) for c in table["columns"]] + [str(row[d["key"]]) for d in table["dimensions"]]
    parts += [x for p in row["payments"] for x in (p["payer"], p["payee"], p["for"])]
    parts += [w for key, words in aliases.items() for w in words.get(str(row.get(key)), [])]
    if not row["feasible"]:
        parts.append("不可能")
    return " ".join(parts).lower()


def wait_for_table(page):
    """Until every row the table shows is rendered (the first rows come at once, the rest a chunk per frame)."""
    page.wait_for_selector('.cp-ptable[data-state="ready"] .cp-payouts tbody tr')


# -- search ---------------------------------------------------------------------------------------


@pytest.mark.parametrize("word, expected", [("杠上花", "nanning/article/"), ("七大对", "nanning/article/"),
                                            ("杠上炮", "nanning/article/"), ("列列胡", "zipai/article/")])
def test_chinese_search_finds_the_right_page(page, site_url, word, expected):
    page.goto(site_url)
    page.click("input.md-search__input")
    page.wait_for_function("() => !document.querySelector('.md-search-result__meta').textContent.includes('初始化')")
    page.fill("input.md-search__input", word)
    page.press("input.md-search__input", "End")  # the search box reacts to key events
    page.wait_for_selector(".md-search-result__item a")
    pages = page.eval_on_selector_all(".md-search-result__item", "items => items.map(i => i.querySelector('a').href)")
    assert pages[0].startswith(site_url + expected), pages[:5]  # the first page of results
    titles = page.inner_text(".md-search-result__list")
    assert word in titles.replace("\u200b", "")


# -- the payout table -----------------------------------------------------------------------------


def test_filter_narrows_rows_to_every_term(page, site_url, built):
    table = payouts(built, "nanning")
    aliases = search_aliases().get("nanning", {})
    preset_key = next(d["key"] for d in table["dimensions"] if d["key"].startswith("preset"))
    default = table["dimensions"][[d["key"] for d in table["dimensions"]].index(preset_key)]["values"][0]
    in_preset = [r for r in table["rows"] if r[preset_key] == default]
    page.goto(site_url + "nanning/payouts/")
    wait_for_table(page)
    counts = []
    for n in range(1, 4):
        terms = FILTER.split()[:n]
        page.fill(".cp-filter", " ".join(terms))
        wait_for_table(page)
        expected = [r["id"] for r in in_preset if all(t in row_text(table, r, aliases) for t in terms)]
        shown = page.eval_on_selector_all(".cp-payouts tbody tr", "trs => trs.map(tr => tr.id)")
        assert shown == expected[:len(shown)] and len(shown) == min(100, len(expected)), terms
        assert f"符合条件 {len(expected)} 行" in page.inner_text(".cp-count")
        counts.append(len(expected))
    assert counts[0] > counts[1] > counts[2] > 0
    # what the three words mean: 清一色, won by 杠上花, on a chain of two kongs
    final = {r["id"]: r for r in in_preset if r["id"] in set(shown)}
    assert all(r["qingyise"] == "清一色" and r["method"] == "杠上花" and r["kongs"] == 2 for r in final.values())
    page.fill(".cp-filter", "")
    assert f"符合条件 {len(in_preset)} 行" in page.inner_text(".cp-count")


def test_columns_sort_numbers_as_numbers(page, site_url, built):
    payouts(built, "nanning")
    page.goto(site_url + "nanning/payouts/")
    wait_for_table(page)
    page.select_option(".cp-feasible", "yes")
    wait_for_table(page)
    header = page.locator(".cp-payouts th", has_text="胡家共收")
    for direction in ("ascending", "descending"):
        header.click()
        wait_for_table(page)
        assert header.get_attribute("aria-sort") == direction
        totals = [int(t) for t in page.eval_on_selector_all(".cp-payouts td.cp-total", "tds => tds.map(t => t.textContent)")]
        assert totals == sorted(totals, reverse=direction == "descending") and len(set(totals)) > 5


def test_a_row_permalink_opens_the_row_even_when_filtered_out(page, site_url, built):
    table = payouts(built, "nanning")
    target = table["rows"][-1]  # the last preset, far beyond the first rendered rows
    page.goto(site_url + "nanning/payouts/#" + target["id"])
    row = page.locator(f'tr[id="{target["id"]}"]')
    row.wait_for()
    assert "cp-hl" in row.get_attribute("class") and row.is_visible()
    # filtered to something else, a link to another row still finds it
    other = next(r for r in table["rows"] if r["feasible"] and r["method"] == "自摸")
    page.fill(".cp-filter", "抢杠胡")
    page.evaluate("id => { location.hash = id; }", other["id"])
    row = page.locator(f'tr[id="{other["id"]}"]')
    row.wait_for()
    assert "cp-hl" in row.get_attribute("class") and row.is_visible()
    assert str(other["total"]) in row.inner_text()


def test_downloads_are_the_generated_data(page, site_url, built):
    payouts(built, "nanning")
    page.goto(site_url + "nanning/payouts/")
    for ext in ("csv", "json"):
        href = page.get_attribute(f'a[href$="nanning_payouts.{ext}"]', "href")
        body = page.request.get(page.url + href).body()
        assert body == (built.generated / f"nanning_payouts.{ext}").read_bytes()


# -- the finder -----------------------------------------------------------------------------------

# (game, document line, what it says, the choices, the total, what each payment is). Choices not named
# take their first value: the 原文 preset, no 封胡, no 码; 字牌: 自摸, nobody 爆, not 海底, not 头块.
FINDER_CASES = [
    ("nanning", "001:89", "明杠杠上花，普通牌型18＋1=19分", {"shape": "鸡胡", "method": "杠上花", "chain": "明杠"}, 19, [18, 1]),
    ("nanning", "001:125", "暗杠杠上花，普通牌型（6＋1）×3=21分",
     {"shape": "鸡胡", "method": "杠上花", "chain": "暗杠"}, 21, [6, 6, 6, 1, 1, 1]),
    ("nanning", "001:37", "碰碰胡门清牌型12分", {"shape": "碰碰胡", "menqing": "门清", "method": "放炮"}, 12, [12]),
    ("nanning", "001:245", "四连杠放炮，普通牌型36×2=72分",
     {"shape": "鸡胡", "method": "杠上炮", "chain": "明杠→明杠→明杠→明杠（四连杠）"}, 72, None),
    ("nanning", "001:347", "天胡普通牌型24分，每位玩家付8分", {"shape": "鸡胡", "menqing": "门清", "method": "天胡"}, 24, [8, 8, 8]),
    ("nanning", "001:343", "死双：玩家B付9×2=18分放炮者付9分，合计27分",
     {"preset_name": "死双", "shape": "碰碰胡", "method": "放炮", "fenghu": "他家放炮"}, 27, [9, 18]),
    ("zipai", "003:63", "垅：每人付20分", {"hand": "来点儿（杠分）", "huxi": 0, "win": "垅"}, 40, [20, 20]),
    ("zipai", "003:67", "点招的人给10分", {"hand": "来点儿（杠分）", "huxi": 0, "win": "点招"}, 10, [10]),
    ("zipai", "003:71", "自招：其他玩家各给10分", {"hand": "来点儿（杠分）", "huxi": 0, "win": "自招"}, 20, [10, 10]),
]


@pytest.mark.parametrize("game, line, says, choices, total, amounts", FINDER_CASES, ids=[c[1] for c in FINDER_CASES])
def test_finder_gives_the_documents_amounts(page, site_url, built, game, line, says, choices, total, amounts):
    table = payouts(built, game)
    page.goto(site_url + f"{game}/finder/")
    page.wait_for_selector(".cp-result .cp-total")
    for dim in table["dimensions"]:  # every choice, in order: the ones the case names, the rest at their first value
        value = choices.get(dim["key"], dim["values"][0])
        page.select_option(f'.cp-finder select[name="{dim["key"]}"]', str(value))
    for key, value in choices.items():
        assert page.input_value(f'.cp-finder select[name="{key}"]') == str(value)
    assert page.inner_text(".cp-result .cp-total").strip() == str(total), says
    paid = [int(x) for x in page.eval_on_selector_all(".cp-pays tbody tr", "trs => trs.map(tr => tr.cells[2].textContent)")]
    if amounts:
        assert sorted(paid) == sorted(amounts), says
    row_id = page.get_attribute(".cp-result-id a", "href").split("#")[1]
    assert page.url.endswith("#" + row_id)
    assert page.locator(".cp-rules-line a.cp-rid").count() > 0


def test_finder_shows_the_special_bao_example(page, site_url, built):
    """003:83: A不爆、B爆牌、C不爆，A放炮给C；C 23胡、一个归：AB一人给60分. The row is the hand with the
    fewest 归 (none) and says what each further 归 adds."""
    table = payouts(built, "zipai")
    row = next(r for r in table["rows"] if (r["hand"], r["huxi"], r["win"], r["bao"], r["haidi"], r["toukuai"]) ==
               ("无名堂", 23, "点炮", "下家爆牌", "否", "否"))
    page.goto(site_url + "zipai/finder/#" + row["id"])
    page.wait_for_selector(".cp-result .cp-total")
    total = int(page.inner_text(".cp-result .cp-total"))
    step = int(page.eval_on_selector(".cp-details", "d => [...d.querySelectorAll('tr')].find(tr => tr.cells[0].textContent.startsWith('每多一归')).cells[1].textContent"))
    assert row["gui"] == 0 and (total + step) / 2 == 60


def test_finder_moves_to_a_situation_that_exists(page, site_url, built):
    payouts(built, "nanning")
    page.goto(site_url + "nanning/finder/")
    page.wait_for_selector(".cp-result table")
    page.select_option('.cp-finder select[name="method"]', "杠上花")  # 杠上花 needs a kong
    assert page.input_value('.cp-finder select[name="chain"]') != ""
    assert page.inner_text(".cp-result .cp-total").strip().isdigit()


def test_finder_shows_impossible_situations_with_the_reason(page, site_url, built):
    table = payouts(built, "nanning")
    row = next(r for r in table["rows"] if not r["feasible"])
    page.goto(site_url + "nanning/finder/#" + row["id"])
    page.wait_for_selector(".cp-impossible")
    assert row["reason"] in page.inner_text(".cp-impossible")


# -- printing, images, every page -----------------------------------------------------------------


@pytest.mark.parametrize("game", ["nanning", "zipai"])
def test_cheatsheet_prints_on_at_most_two_a4_pages(page, site_url, built, game):
    payouts(built, game)
    page.goto(site_url + f"{game}/cheatsheet/")
    pdf = page.pdf(format="A4", print_background=False)
    pages = len(re.findall(rb"/Type\s*/Page[^s]", pdf))
    assert 1 <= pages <= 2, pages
    page.emulate_media(media="print")
    assert page.is_visible(".cp-cheat table") and not page.is_visible(".md-header")


def test_every_image_loads(page, site_url, built):
    with_images = [p for p in built.pages() if '<img' in p.read_text(encoding="utf-8")]
    assert any("charts" in str(p) for p in with_images)
    for path in with_images:
        page.goto(site_url + path.relative_to(built.site).as_posix())
        page.wait_for_load_state("load")
        broken = page.eval_on_selector_all("img", "imgs => imgs.filter(i => !i.complete || i.naturalWidth === 0).map(i => i.src)")
        assert not broken, (path, broken)


def test_every_page_loads_without_errors_or_outside_requests(browser, site_url, built):
    for path in built.pages():
        tab = open_page(browser, site_url)
        url = site_url + path.relative_to(built.site).as_posix()
        tab.goto(url)
        tab.wait_for_load_state("load")
        problems = tab.problems
        tab.close()
        assert not problems.any(), (url, problems)


def test_injected_markup_in_the_data_stays_text(browser, evil_site):
    site, article_row, payout_row = evil_site
    server, base = serve(site)
    try:
        tab = open_page(browser, base)
        dialogs = []
        tab.on("dialog", lambda d: (dialogs.append(d.message), d.dismiss()))
        tab.goto(base + "nanning/payouts/#" + payout_row)
        row = tab.locator(f'tr[id="{payout_row}"]')
        row.wait_for()
        assert "<script>alert(1)</script>" in row.inner_text()
        assert row.locator("script, img").count() == 0
        tab.goto(base + "nanning/article/#" + article_row)
        assert "<script>alert(1)</script>" in tab.inner_text(f'[id="{article_row}"]')
        assert not dialogs and not tab.problems.errors
        assert "evil" not in parse(site / "nanning/article/index.html").ids
        tab.close()
    finally:
        server.shutdown()
