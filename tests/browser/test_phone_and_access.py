"""Every page at a phone's 390×844 and a laptop's 1366×900 in headless Chromium: axe-core finds no
violation, nothing is wider than the screen, no table cell is squeezed to a character a line, the
payout table and the finder keep their amounts in view, hostile addresses give no page error, and
each cheat sheet prints on one A4 landscape page in black type of at least 9 pt."""
from __future__ import annotations

import io
import json
from urllib.parse import quote

import pytest

from generator.games import sites

from .conftest import axe_script, open_page

# The games of the registry (every one has a payout table, a finder and a scorer), and those whose
# section of the nav has a cheat sheet.
GAMES = list(sites())
CHEATSHEETS = [g for g, s in sites().items() if f"{g}/cheatsheet.md" in {page for _, page in s.nav(g, True)}]

PHONE = {"width": 390, "height": 844}
LAPTOP = {"width": 1366, "height": 900}
SIZES = [("phone", PHONE), ("laptop", LAPTOP)]


def urls(built) -> list[str]:
    return sorted(p.relative_to(built.site).as_posix().removesuffix("index.html")
                  for p in built.pages() if p.name == "index.html" and "assets" not in p.parts)


def opened(browser, site_url: str, url: str, viewport: dict):
    """A new recording tab at `viewport`, on `url`, with its payout data loaded. At a phone's size it is
    a touch screen, as a phone is: no hover (Material makes a scrolling code block focusable only where
    the pointer can hover)."""
    tab = open_page(browser, site_url)
    tab.set_viewport_size(viewport)
    if viewport == PHONE:
        browser.new_cdp_session(tab).send("Emulation.setTouchEmulationEnabled", {"enabled": True, "maxTouchPoints": 5})
    tab.goto(site_url + url)
    settle(tab)
    return tab


def settle(tab) -> None:
    """Until the payout data (if any) is in and laid out, and a scorer or drill page's rules core has loaded."""
    tab.wait_for_load_state("load")
    tab.wait_for_function("""() => [...document.querySelectorAll('.cp-ptable, .cp-finder')]
        .every(el => el.getAttribute('data-state') === 'ready')
        && [...document.querySelectorAll('.cp-scorer, .cp-drill')].every(el => el.hasAttribute('data-ready'))""",
                          timeout=120_000)


# -- accessibility --------------------------------------------------------------------------------


@pytest.mark.parametrize("size", [s[0] for s in SIZES])
def test_axe_finds_no_violation_on_any_page(browser, site_url, built, size):
    axe = axe_script()
    viewport = dict(SIZES)[size]
    found = {}
    for url in urls(built):
        tab = opened(browser, site_url, url, viewport)
        tab.add_script_tag(content=axe)
        violations = tab.evaluate("""async () => (await axe.run(document, {resultTypes: ['violations']})).violations
            .map(v => `${v.id} ×${v.nodes.length}: ${v.nodes[0].target.join(' ')}`)""")
        tab.close()
        if violations:
            found[url or "/"] = violations
    assert not found, json.dumps(found, ensure_ascii=False, indent=1)


# -- phone layout ---------------------------------------------------------------------------------

SQUEEZED = """() => {
    // a cell whose text wraps into lines of one or two characters (CJK may break between any two)
    const out = [];
    for (const cell of document.querySelectorAll('td, th')) {
        if (!cell.getClientRects().length) continue;
        const walker = document.createTreeWalker(cell, NodeFilter.SHOW_TEXT), tops = new Set();
        let n = 0;
        while (walker.nextNode()) {
            const node = walker.currentNode, length = [...node.textContent.replace(/\\s/g, '')].length;
            if (!length) continue;
            n += length;
            const range = document.createRange();
            range.selectNodeContents(node);
            for (const rect of range.getClientRects()) if (rect.width > 0) tops.add(Math.round(rect.top));
        }
        if (n >= 3 && tops.size >= 3 && n / tops.size < 2.5)
            out.push(cell.innerText.trim().slice(0, 20) + ' (' + tops.size + ' lines)');
    }
    return out;
}"""


def test_no_page_is_wider_than_a_phone_and_no_cell_is_squeezed(browser, site_url, built):
    wide, squeezed = {}, {}
    for url in urls(built):
        tab = opened(browser, site_url, url, PHONE)
        width = tab.evaluate("document.documentElement.scrollWidth")
        if width > PHONE["width"]:
            wide[url or "/"] = width
        cells = tab.evaluate(SQUEEZED)
        if cells:
            squeezed[url or "/"] = [*cells[:5], f"… {len(cells)} in all"]
        tab.close()
    assert not wide, wide
    assert not squeezed, json.dumps(squeezed, ensure_ascii=False, indent=1)


@pytest.mark.parametrize("game", GAMES)
def test_the_first_payout_row_shows_its_amount_on_a_phone(browser, site_url, built, game):
    tab = opened(browser, site_url, f"{game}/payouts/", PHONE)
    box = tab.locator(".cp-payouts tbody tr").first.locator("td.cp-total").bounding_box()
    assert box and box["x"] >= 0 and box["x"] + box["width"] <= PHONE["width"], box
    text = tab.locator(".cp-payouts tbody tr").first.locator("td.cp-total").inner_text().strip()
    assert text.isdigit()
    tab.locator(".cp-payouts tbody tr").first.scroll_into_view_if_needed()
    heights = tab.eval_on_selector_all(".cp-payouts tbody tr", "trs => trs.slice(0, 20).map(tr => tr.offsetHeight)")
    assert max(heights) < 200, heights
    tab.close()
    assert not tab.problems.any(), tab.problems


@pytest.mark.parametrize("game", GAMES)
def test_payout_table_headers_stick_on_a_laptop(browser, site_url, built, game):
    tab = opened(browser, site_url, f"{game}/payouts/", LAPTOP)
    tab.evaluate("window.scrollTo(0, document.querySelector('.cp-payouts tbody tr:nth-child(40)').offsetTop)")
    tab.wait_for_timeout(100)
    header = tab.evaluate("document.querySelector('.md-header').getBoundingClientRect().bottom")
    th = tab.evaluate("document.querySelector('.cp-payouts thead th').getBoundingClientRect().top")
    assert abs(th - header) <= 2, (th, header)
    assert tab.evaluate("document.documentElement.scrollWidth") <= LAPTOP["width"]
    tab.close()


@pytest.mark.parametrize("game", GAMES)
def test_the_finder_total_stays_in_view_while_choices_change(browser, site_url, built, game):
    table = json.loads((built.generated / f"{game}_payouts.json").read_text(encoding="utf-8"))
    tab = opened(browser, site_url, f"{game}/finder/", PHONE)
    for dim in reversed(table["dimensions"]):  # the last choices sit lowest on the screen
        select = tab.locator(f'.cp-finder select[name="{dim["key"]}"]')
        select.scroll_into_view_if_needed()
        values = [str(v) for v in dim["values"]]
        current = select.input_value()
        select.select_option(values[(values.index(current) + 1) % len(values)])
        box = tab.locator(".cp-summary").bounding_box()
        assert box and box["y"] >= 0 and box["y"] + box["height"] <= PHONE["height"], (dim["key"], box)
        assert tab.locator(".cp-summary-total").inner_text().strip()
    tab.close()
    assert not tab.problems.any(), tab.problems


# -- hostile addresses ----------------------------------------------------------------------------

HOSTILE = ["#constructor", "#__proto__", "#toString", "#hasOwnProperty", "#%", "#%ZZ", "#%E4%B8", "#",
           "#<img src=x onerror=alert(1)>", "#" + "x" * 5000, "#nn-yuanwen", "?q=%", "?h=<script>",
           "?__proto__[x]=1", "?constructor=1#valueOf"]


# Valid JSON in a scorer's fragment, naming tiles and cards no game has (and a hand of the wrong type):
# the CLI's error on the page, never a page error.
UNKNOWN_CODES = ["#" + quote(json.dumps(request, ensure_ascii=False)) for request in (
    {"hand": "123x456m789m234p55s", "win": "自摸"}, {"hand": "123m456m789m234p58z", "win": "自摸"},
    {"hand": "abc", "win": "自摸"}, {"hand": "一二三", "shown": [{"kind": "碰", "cards": "qqq"}]},
    {"hand": 5, "melds": "x", "shown": {}, "extras": {}, "chain": "x", "gang": [1]},
    # the winning tile or card, a meld's tile, a group's cards: each a code the game does not have
    {"hand": "123m456m789m234p55s", "win": "自摸", "win_tile": "0p", "melds": [{"kind": "碰", "tile": "9q"}]},
    {"hand": "一二三四五六七八九十壹贰叁肆伍陆柒捌玖拾", "win": "自摸", "win_card": "Q",
     "shown": [{"kind": "吃", "cards": "xyz"}]})]


@pytest.mark.parametrize("page_url", [f"{g}/{page}/" for g in GAMES for page in ("payouts", "finder", "scorer")]
                         + ["nanning/article/", "rulings/"])
def test_hostile_fragments_and_queries_give_no_page_error(browser, site_url, built, page_url):
    scorer = "scorer" in page_url
    tab = None
    for hostile in HOSTILE + (UNKNOWN_CODES if scorer else []):
        # A scorer page starts its rules core (seconds of CPU) on every load: it keeps its tab while only
        # the fragment changes (the page reads a new fragment as it reads the first one).
        same_document = scorer and tab is not None and "?" not in hostile and "?" not in tab.url
        if not same_document:
            tab = open_page(browser, site_url)
            dialogs = []
            tab.on("dialog", lambda d, dialogs=dialogs: (dialogs.append(d.message), d.dismiss()))
        elif scorer:
            tab.evaluate("document.querySelector('.cp-sc-result').innerHTML = ''")
        tab.goto(site_url + page_url + hostile)
        settle(tab)
        if "finder" in page_url:
            # a result is shown, and what the fragment named is either that row or said to be unknown
            assert tab.locator(".cp-summary-total").inner_text().strip()
            named = hostile.split("#", 1)[1] if "#" in hostile else ""
            if named:
                assert tab.locator(".cp-message").is_visible(), hostile
        if "payouts" in page_url:
            assert tab.locator(".cp-payouts tbody tr").count() > 0
            if "#" in hostile and hostile != "#":
                assert tab.locator(".cp-message").is_visible(), hostile
        if scorer and "#" in hostile and hostile != "#":
            # the fragment is the CLI's request: a total, or the error saying what is wrong with it
            tab.wait_for_selector(".cp-sc-result [data-error], .cp-sc-result [data-total]")
        if not scorer or "?" in hostile:
            tab.close()
        assert not dialogs, (hostile, dialogs)
        assert not tab.problems.errors and not tab.problems.console, (hostile, tab.problems)
    if not tab.is_closed():
        tab.close()


# -- print ----------------------------------------------------------------------------------------


def pdf_text_sizes(pdf: bytes) -> tuple[int, list[float], bool]:
    """(pages, the size in pt of every run of text, whether the pages are landscape)."""
    from pypdf import PdfReader

    reader = PdfReader(io.BytesIO(pdf))
    sizes: list[float] = []

    def visit(text, cm, tm, font_dict, font_size):
        if text.strip():
            scale = (abs(tm[0] * cm[0] + tm[1] * cm[2]) ** 2 + abs(tm[0] * cm[1] + tm[1] * cm[3]) ** 2) ** 0.5
            sizes.append(font_size * scale)

    for page in reader.pages:
        page.extract_text(visitor_text=visit)
    box = reader.pages[0].mediabox
    return len(reader.pages), sizes, float(box.width) > float(box.height)


@pytest.mark.parametrize("game", CHEATSHEETS)
def test_cheatsheet_prints_on_one_a4_landscape_page_in_black_at_9pt(page, site_url, built, game):
    page.goto(site_url + f"{game}/cheatsheet/")
    page.emulate_media(media="print")
    # every visible piece of text on the sheet: its size and colour as printed
    smallest, grey = page.evaluate("""() => {
        let small = 99, grey = [];
        const walker = document.createTreeWalker(document.querySelector('.cp-cheat'), NodeFilter.SHOW_TEXT);
        while (walker.nextNode()) {
            const el = walker.currentNode.parentElement;
            if (!walker.currentNode.textContent.trim() || !el.getClientRects().length) continue;
            const style = getComputedStyle(el);
            small = Math.min(small, parseFloat(style.fontSize) * 0.75);
            if (style.color !== 'rgb(0, 0, 0)')
                grey.push(walker.currentNode.textContent.trim().slice(0, 10) + ' ' + style.color);
        }
        return [small, grey];
    }""")
    assert smallest >= 9, smallest
    assert not grey, grey[:10]
    # the chains are on the sheet (the Nanning sheet's section 二 has 2- to 4-kong rows)
    if game == "nanning":
        assert page.locator("#cheat-nn-chains + table thead th.cp-n").count() >= 15  # 1 to 4 kongs, each method
    pdf = page.pdf(prefer_css_page_size=True, print_background=False)
    pages, sizes, landscape = pdf_text_sizes(pdf)
    assert pages == 1 and landscape, (pages, landscape)
    assert sizes and min(sizes) >= 8.99, sorted(sizes)[:5]
