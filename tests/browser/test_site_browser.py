"""The built site in headless Chromium: search, the payout table, the finder, printing, images,
console errors and requests. Situations for the finder are taken from the documents."""
from __future__ import annotations

import json
import re

import pytest

from generator.site.pages import search_aliases
from generator.structure import article as load_article

from tests.conftest import parse, serve
from .conftest import open_page

FILTER = "清一色 杠上花 双连杠"  # the example


def payouts(built, game: str) -> dict:
    return json.loads((built.generated / f"{game}_payouts.json").read_text(encoding="utf-8"))


SEPARATORS = re.compile(r"[\s+＋、，,；;：:（）()→/]+")


def row_terms(table: dict, row: dict, aliases: dict) -> tuple[set[str], set[str]]:
    """(words, numbers) a row is found by, as the filter promises (the specification, not the script):
    whole names and their parts, ids, cited rule ids, aliases; every amount as a whole number."""
    words, numbers = {row["id"].lower(), *[r.lower() for r in row["rules"]]}, set()
    fields = {c["key"]: c for c in table["columns"] + table["dimensions"]}
    texts = [row[k] for k, c in fields.items() if c.get("type") != "number" and not isinstance(row[k], (int, float))]
    texts += [x for p in row["payments"] for x in (p["payer"], p["payee"], p["for"])]
    for text in map(str, texts):
        if text:
            words |= {text.lower(), *[w.lower() for w in SEPARATORS.split(text) if w]}
    numbers |= {str(row[k]) for k, c in fields.items() if c.get("type") == "number" or isinstance(row[k], (int, float))}
    numbers |= {str(p["amount"]) for p in row["payments"]}
    words |= {w.lower() for key, values in aliases.items() for w in values.get(str(row.get(key)), [])}
    if not row["feasible"]:
        words.add("不可能")
    return words, numbers


def term_matches(terms: tuple[set[str], set[str]], term: str) -> bool:
    words, numbers = terms
    if term.isdigit():
        return term in numbers
    return any(w.startswith(term) for w in words)


def wait_for_table(page, allow_empty: bool = False):
    """Until every row the table shows is rendered (the first rows come at once, the rest a chunk per frame)."""
    page.wait_for_selector('.cp-ptable[data-state="ready"] .cp-payouts' + ("" if allow_empty else " tbody tr"),
                           state="attached")


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


def filter_rows(page, table: dict, aliases: dict, query: str,
                preset: str | None = None) -> tuple[list[str], list[dict]]:
    """Type `query`; return the ids shown and the rows the specification expects (feasible rows only)."""
    preset_key = next((d["key"] for d in table["dimensions"] if d["key"].startswith("preset")), None)
    rows = [r for r in table["rows"] if r["feasible"] and (preset_key is None or r[preset_key] == preset)]
    page.fill(".cp-filter", query)
    wait_for_table(page, allow_empty=True)
    terms = query.lower().split()
    expected = [r for r in rows if all(term_matches(row_terms(table, r, aliases), t) for t in terms)]
    shown = page.eval_on_selector_all(".cp-payouts tbody tr", "trs => trs.map(tr => tr.id)")
    assert shown == [r["id"] for r in expected][:len(shown)] and len(shown) == min(100, len(expected)), query
    assert f"符合条件 {len(expected)} 行" in page.inner_text(".cp-count"), query
    return shown, expected


def test_filter_narrows_rows_to_every_term(page, site_url, built):
    table = payouts(built, "nanning")
    aliases = search_aliases().get("nanning", {})
    default = next(d for d in table["dimensions"] if d["key"].startswith("preset"))["values"][0]
    page.goto(site_url + "nanning/payouts/")
    wait_for_table(page)
    counts = []
    for n in range(1, 4):
        counts.append(len(filter_rows(page, table, aliases, " ".join(FILTER.split()[:n]), default)[1]))
    assert counts[0] > counts[1] > counts[2] > 0
    # what the three words mean: 清一色, won by 杠上花, on a chain of two kongs
    _, final = filter_rows(page, table, aliases, FILTER, default)
    assert all(r["qingyise"] == "清一色" and r["method"] == "杠上花" and r["kongs"] == 2 for r in final)
    page.fill(".cp-filter", "")
    wait_for_table(page)
    feasible = [r for r in table["rows"] if r["feasible"] and r["preset_name"] == default]
    assert f"符合条件 {len(feasible)} 行" in page.inner_text(".cp-count")


@pytest.mark.parametrize("game, query, check", [
    ("nanning", "杠上开花", lambda r: r["method"] == "杠上花"),
    ("nanning", "豪华七对 自摸", lambda r: r["shape"].startswith("七大对") and r["method"] == "自摸"),
    ("nanning", "点炮 鸡胡", lambda r: r["method"] == "放炮" and r["shape"] == "鸡胡"),
    ("nanning", "nn-7-ag1-r1", lambda r: "nn-7-ag1-r1" in r["rules"]),
    ("nanning", "碰碰胡 18", lambda r: "碰碰胡" in r["patterns"]
     and 18 in {r["total"], r["hand_points"], r["kong_points"], *[p["amount"] for p in r["payments"]]}),
    ("zipai", "列列胡 20", lambda r: "列列胡" in SEPARATORS.split(r["hand"] + "、" + r["mingtang"])
     and 20 in {r["huxi"], r["total"], r["pay_shang"], r["pay_xia"], r["step"], r["gui"], r["red"]}),
    ("zipai", "放炮", lambda r: r["win"] == "点炮"),
])
def test_filter_words_mean_whole_names_and_amounts(page, site_url, built, game, query, check):
    table = payouts(built, game)
    aliases = search_aliases().get(game, {})
    page.goto(site_url + f"{game}/payouts/")
    wait_for_table(page)
    preset = next((d["values"][0] for d in table["dimensions"] if d["key"].startswith("preset")), None)
    _shown, expected = filter_rows(page, table, aliases, query, preset)
    assert expected and all(check(r) for r in expected), query
    assert len(expected) < len(table["rows"]) / 4


def test_impossible_rows_are_hidden_until_the_switch_shows_them_with_reasons(page, site_url, built):
    table = payouts(built, "nanning")
    default = table["dimensions"][0]["values"][0]
    rows = [r for r in table["rows"] if r["preset_name"] == default]
    page.goto(site_url + "nanning/payouts/")
    wait_for_table(page)
    assert page.locator(".cp-payouts tr.cp-infeasible").count() == 0
    assert f"符合条件 {sum(r['feasible'] for r in rows)} 行" in page.inner_text(".cp-count")
    page.check(".cp-show-impossible")
    wait_for_table(page)
    assert f"符合条件 {len(rows)} 行" in page.inner_text(".cp-count")
    page.fill(".cp-filter", "不可能")
    wait_for_table(page)
    first = next(r for r in rows if not r["feasible"])
    reason = page.locator(f'tr[id="{first["id"]}"] .cp-reason')
    assert first["reason"] in reason.inner_text() and reason.is_visible()


def test_columns_sort_numbers_as_numbers(page, site_url, built):
    payouts(built, "nanning")
    page.goto(site_url + "nanning/payouts/")
    wait_for_table(page)  # possible rows only, by default
    header = page.locator(".cp-payouts th", has_text="胡家共收")
    for direction in ("ascending", "descending"):
        header.click()
        wait_for_table(page)
        assert header.get_attribute("aria-sort") == direction
        totals = [int(t) for t in page.eval_on_selector_all(".cp-payouts td.cp-total",
                                                            "tds => tds.map(t => t.textContent)")]
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


def crosscheck_ids(built) -> list[str]:
    import csv
    with open(built.generated / "crosscheck.csv", encoding="utf-8") as f:
        return [r["example_id"] for r in csv.DictReader(f)]


@pytest.mark.parametrize("at", ["first", "middle", "last"])
def test_a_cited_worked_example_opens_in_view_though_its_table_comes_inert(page, site_url, built, at):
    """争议与勘误's table of every worked example comes in a <template> (Lighthouse's blocking time): a link
    to one of its rows puts the table in place, every row of the cross-check in it, and shows that row
    below the header."""
    ids = crosscheck_ids(built)
    target = {"first": ids[0], "middle": ids[len(ids) // 2], "last": ids[-1]}[at]
    page.set_viewport_size({"width": 390, "height": 844})
    page.goto(site_url + "rulings/#" + target)
    row = page.locator(f'tr[id="{target}"]')
    row.wait_for()
    page.wait_for_timeout(200)
    top = row.evaluate("el => el.getBoundingClientRect().top")
    header = page.evaluate("document.querySelector('.md-header').getBoundingClientRect().bottom")
    assert header <= top < 844, (top, header)
    shown = page.eval_on_selector_all("table.cp-checks tr[id]", "rows => rows.map(r => r.id)")
    assert shown == ids


def test_the_worked_examples_table_is_put_in_place_near_the_screen_and_for_printing(page, site_url, built):
    page.goto(site_url + "rulings/")
    page.wait_for_timeout(300)
    assert page.locator("table.cp-checks").count() == 0  # inert while far below
    page.evaluate("document.getElementById('crosscheck').scrollIntoView()")
    page.locator("table.cp-checks tr[id]").first.wait_for()
    assert page.locator("table.cp-checks tr[id]").count() == len(crosscheck_ids(built))
    page.goto(site_url + "rulings/")  # printing puts it in place too
    page.evaluate("window.dispatchEvent(new Event('beforeprint'))")
    assert page.locator("table.cp-checks tr[id]").count() == len(crosscheck_ids(built))


def test_downloads_are_the_generated_data_and_csv_opens_in_excel(page, site_url, built):
    import io

    import pandas as pd

    payouts(built, "nanning")
    page.goto(site_url + "nanning/payouts/")
    for ext in ("csv", "json"):
        href = page.get_attribute(f'a[href$="nanning_payouts.{ext}"]', "href")
        body = page.request.get(page.url + href).body()
        generated = (built.generated / f"nanning_payouts.{ext}").read_bytes()
        if ext == "csv":  # UTF-8 with a byte-order mark, so Excel does not read it as GBK; pandas still reads it
            assert body == "\ufeff".encode() + generated
            frame = pd.read_csv(io.BytesIO(body), dtype=str, keep_default_na=False)
            assert frame.equals(pd.read_csv(io.BytesIO(generated), dtype=str, keep_default_na=False))
            assert not frame.columns[0].startswith("\ufeff")
        else:
            assert body == generated
    for csv in built.site.rglob("*.csv"):
        assert csv.read_bytes().startswith("\ufeff".encode()), csv


# -- the finder -----------------------------------------------------------------------------------

# (game, document line, what it says, the choices, the total, what each payment is). Choices not named
# take their first value: the 原文 preset, no 封胡, no 码; 字牌: 自摸, nobody 爆, not 海底, not 头块.
FINDER_CASES = [
    ("nanning", "001:89", "明杠杠上花，普通牌型18＋1=19分",
     {"shape": "鸡胡", "method": "杠上花", "chain": "明杠"}, 19, [18, 1]),
    ("nanning", "001:125", "暗杠杠上花，普通牌型（6＋1）×3=21分",
     {"shape": "鸡胡", "method": "杠上花", "chain": "暗杠"}, 21, [6, 6, 6, 1, 1, 1]),
    ("nanning", "001:37", "碰碰胡门清牌型12分", {"shape": "碰碰胡", "menqing": "门清", "method": "放炮"}, 12, [12]),
    ("nanning", "001:245", "四连杠放炮，普通牌型36×2=72分",
     {"shape": "鸡胡", "method": "杠上炮", "chain": "明杠→明杠→明杠→明杠（四连杠）"}, 72, None),
    ("nanning", "001:347", "天胡普通牌型24分，每位玩家付8分",
     {"shape": "鸡胡", "menqing": "门清", "method": "天胡"}, 24, [8, 8, 8]),
    ("nanning", "001:343", "死双：玩家B付9×2=18分放炮者付9分，合计27分",
     {"preset_name": "死双", "shape": "碰碰胡", "method": "放炮", "fenghu": "他家放炮"}, 27, [9, 18]),
    ("zipai", "003:63", "垅：每人付20分", {"hand": "来点儿（杠分）", "huxi": 0, "win": "垅"}, 40, [20, 20]),
    ("zipai", "003:67", "点招的人给10分", {"hand": "来点儿（杠分）", "huxi": 0, "win": "点招"}, 10, [10]),
    ("zipai", "003:71", "自招：其他玩家各给10分", {"hand": "来点儿（杠分）", "huxi": 0, "win": "自招"}, 20, [10, 10]),
]


def choose(page, key: str, value) -> None:
    """Pick a choice in the finder and wait for its result (a row whose part is not in yet is fetched first)."""
    page.select_option(f'.cp-finder select[name="{key}"]', str(value))
    page.wait_for_selector('.cp-finder[data-state="ready"]')


@pytest.mark.parametrize("game, line, says, choices, total, amounts", FINDER_CASES, ids=[c[1] for c in FINDER_CASES])
def test_finder_gives_the_documents_amounts(page, site_url, built, game, line, says, choices, total, amounts):
    table = payouts(built, game)
    page.goto(site_url + f"{game}/finder/")
    page.wait_for_selector(".cp-result .cp-total")
    for dim in table["dimensions"]:  # every choice, in order: the ones the case names, the rest at their first value
        choose(page, dim["key"], choices.get(dim["key"], dim["values"][0]))
    for key, value in choices.items():
        assert page.input_value(f'.cp-finder select[name="{key}"]') == str(value)
    assert page.inner_text(".cp-result .cp-total").strip() == str(total), says
    paid = [int(x) for x in page.eval_on_selector_all(".cp-pays tbody tr",
                                                      "trs => trs.map(tr => tr.cells[2].textContent)")]
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
    step = int(page.eval_on_selector(".cp-details", "d => [...d.querySelectorAll('tr')]"
                                     ".find(tr => tr.cells[0].textContent.startsWith('每多一归'))"
                                     ".cells[1].textContent"))
    assert row["gui"] == 0 and (total + step) / 2 == 60


def test_finder_moves_to_a_situation_that_exists(page, site_url, built):
    payouts(built, "nanning")
    page.goto(site_url + "nanning/finder/")
    page.wait_for_selector(".cp-result table")
    choose(page, "method", "杠上花")  # 杠上花 needs a kong
    assert page.input_value('.cp-finder select[name="chain"]') != ""
    assert page.inner_text(".cp-result .cp-total").strip().isdigit()


def test_finder_shows_impossible_situations_with_the_reason(page, site_url, built):
    table = payouts(built, "nanning")
    row = next(r for r in table["rows"] if not r["feasible"])
    page.goto(site_url + "nanning/finder/#" + row["id"])
    page.wait_for_selector(".cp-impossible")
    assert row["reason"] in page.inner_text(".cp-impossible")


# -- printing, images, every page -----------------------------------------------------------------


def test_every_image_loads(page, site_url, built):
    with_images = [p for p in built.pages() if '<img' in p.read_text(encoding="utf-8")]
    assert any("charts" in str(p) for p in with_images)
    for path in with_images:
        page.goto(site_url + path.relative_to(built.site).as_posix())
        page.wait_for_load_state("load")
        broken = page.eval_on_selector_all("img", "imgs => imgs.filter(i => !i.complete || i.naturalWidth === 0)"
                                                  ".map(i => i.src)")
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


def test_the_search_index_loads_only_when_search_is_opened(page, site_url, built):
    requested = []
    page.on("request", lambda r: "search_index" in r.url and requested.append(r.url))
    page.goto(site_url + "nanning/payouts/")
    wait_for_table(page)
    page.wait_for_timeout(500)
    assert not requested
    page.click("input.md-search__input")
    page.wait_for_function("() => !document.querySelector('.md-search-result__meta').textContent.includes('初始化')")
    assert requested


@pytest.mark.parametrize("query, location, excerpt", [
    ("杠上开花", "nanning/article/", "杠上花"),
    ("豪华七对", "nanning/article/", "大对"),
    ("nn-7-ag1-r1", "nanning/article/#nn-7-ag1-r1", None),
])
def test_search_finds_aliases_and_rule_ids_and_shows_the_rule(page, site_url, built, query, location, excerpt):
    page.goto(site_url)
    page.click("input.md-search__input")
    page.wait_for_function("() => !document.querySelector('.md-search-result__meta').textContent.includes('初始化')")
    page.fill("input.md-search__input", query)
    page.press("input.md-search__input", "End")
    page.wait_for_selector(".md-search-result__item a")
    first = page.locator(".md-search-result__item").first
    hrefs = first.locator("a").evaluate_all("links => links.map(a => a.href)")
    assert hrefs[0].startswith(site_url + location.split("#")[0]), hrefs
    if "#" in location:
        assert any(h.endswith("#" + location.split("#")[1]) for h in hrefs), hrefs
    text = first.inner_text().replace("\u200b", "")
    if excerpt:
        assert excerpt in text
    else:  # the rule's own text, not ids and metadata
        d_text = next(r.text for r in load_article("nanning").rows if r.id == query)
        assert d_text[:8] in text, text
