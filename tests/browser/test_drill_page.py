"""The 练习 pages in headless Chromium: for 200 drills of each game the page's verdict is the core's (the
CLI's answer, right; a wrong answer, wrong, with what it would have been right for), a drill's address
gives the drill ``caipan drill --id`` gives, the next drill is a fresh one of the chosen mode and level,
the stats survive a reload, the page works offline after one visit, an id drawn under other rule data
says so, and at a phone's 390×844 nothing is wider than the screen and axe-core finds nothing."""
from __future__ import annotations

import json
import random
import subprocess
import sys
import time

import pytest

from generator.site.drill import games
from rules.drill import Level, Mode, drills, make_id, module, same, verdict
from rules.registry import game as the_game

from .conftest import axe_script, open_page
from .test_scorer import PHONE

GAMES = games()
SEED = random.randrange(1 << 20)  # fresh drills each run; the seed is in every failure message
DRILLS = 200  # per game
TOTALS = {Level.COMMON: 60, Level.ALL: 50, Level.DISPUTED: 30}  # of them in mode total; the rest in the other modes


def open_drill(browser, site_url: str, game: str, fragment: str = "", drawn: bool = True):
    """A phone-sized tab on the game's drill page, its core up and (when `drawn`) a drill on screen."""
    page = open_page(browser, site_url)
    page.set_viewport_size(PHONE)
    page.goto(f"{site_url}{game}/drill/{fragment}")
    page.wait_for_selector(".cp-drill[data-ready]", timeout=120_000)
    if drawn:
        page.wait_for_selector(".cp-drill[data-drill]")
    return page


def shown_id(page) -> str:
    return page.get_attribute(".cp-drill", "data-drill")


SHOWN = "id => document.querySelector('.cp-drill').getAttribute('data-drill')"


def until_shown(page, drill_id: str) -> None:
    page.wait_for_function(f"{SHOWN} === id", arg=drill_id)


def until_other(page, drill_id: str) -> None:
    """Until a drill other than this one is on screen."""
    page.wait_for_function(f"{SHOWN} !== id", arg=drill_id)


def go(page, drill_id: str) -> None:
    """The drill of this id, through the address (the hashchange a sent link takes)."""
    page.evaluate("id => { location.hash = id; }", drill_id)
    until_shown(page, drill_id)


def shown_request(page) -> dict:
    return json.loads(page.get_attribute("[data-request]", "data-request"))


def core_answer(game: str, drill: dict):
    """What the CLI answers for the drill's request (``caipan score``, or ``caipan waits`` in mode waits), as
    the part the question asks for."""
    mode = Mode(drill["mode"])
    g = the_game(game)
    scored = g.waits(drill["request"]) if mode is Mode.WAITS else g.score(drill["request"])
    return module(game).expect(scored, mode)


def wrong_answer(game: str, drill: dict, right, pieces: list[str]):
    """An answer that is not the right one: one the drill's alternatives give (so the page has something
    to say it would be right for), else the right one changed a little."""
    for _, value in module(game).alternatives(drill):
        if not same(right, value):
            return value
    mode = Mode(drill["mode"])
    if mode in (Mode.TOTAL, Mode.HUXI):
        return right + 1
    if mode is Mode.PAYERS:
        seat = module(game).PAYER_SEATS[0]
        return {**right, seat: right.get(seat, 0) + 1}
    offered = list(module(game).NAMES) if mode is Mode.PATTERNS else pieces
    return right[:-1] if len(right) > 1 else [*right, next(x for x in offered if x not in right)]


SET = """([mode, value]) => {
  const root = document.querySelector('.cp-drill');
  if (mode === 'payers') root.querySelectorAll('[data-payer]').forEach(el => {
    el.value = value[el.dataset.payer] === undefined ? '' : String(value[el.dataset.payer]); });
  if (mode === 'patterns') root.querySelectorAll('[data-name]').forEach(el => {
    el.checked = value.includes(el.dataset.name); });
  if (mode === 'waits') root.querySelectorAll('[data-wait]').forEach(el => {
    el.setAttribute('aria-pressed', value.includes(el.dataset.wait) ? 'true' : 'false'); });
}"""


def answer(page, mode: str, value) -> str:
    """The answer given on the page (in mode total typed and sent with Enter); the page's verdict (or what
    the page said instead)."""
    if mode in ("total", "huxi"):
        page.fill("input[data-answer]", str(value))
        page.press("input[data-answer]", "Enter")
    else:
        page.evaluate(SET, [mode, value])
        page.click(".cp-dr-submit")
    page.wait_for_selector("[data-verdict], .cp-dr-result p", timeout=60_000)
    return page.get_attribute("[data-verdict]", "data-verdict") or page.inner_text(".cp-dr-result")


def sample(game: str, seed: int) -> list[dict]:
    """DRILLS drills: mostly in mode total at every level, the rest spread over the other modes and levels."""
    out = [d for level, n in TOTALS.items()
           for d in drills({"game": game, "level": level.value, "seed": seed, "count": n})]
    others = [m for m in module(game).MODES if m is not Mode.TOTAL]
    each = (DRILLS - len(out)) // (len(others) * len(Level))
    for mode in others:
        for level in Level:
            out += drills({"game": game, "mode": mode.value, "level": level.value, "seed": seed, "count": each})
    left = DRILLS - len(out)  # what the division left over
    return out + (drills({"game": game, "level": Level.ALL.value, "seed": seed + 1000, "count": left}) if left else [])


@pytest.mark.slow
@pytest.mark.parametrize("game", GAMES)
def test_200_drills_the_page_judges_as_the_core(browser, site_url, game):
    page = open_drill(browser, site_url, game)
    pieces = page.evaluate("() => CAIPAN_DRILL.ui.palette.flat()")
    checked = sample(game, SEED)
    assert len(checked) >= DRILLS and {d["mode"] for d in checked} == {m.value for m in module(game).MODES}
    started = time.perf_counter()
    for drill in checked:
        where = f"seed {SEED}: {drill['id']}"
        go(page, drill["id"])
        assert shown_request(page) == drill["request"], where
        right = core_answer(game, drill)
        wrong = wrong_answer(game, drill, right, pieces)
        assert answer(page, drill["mode"], wrong) == verdict(drill, wrong)["verdict"] == "wrong", (where, wrong)
        also = [a["what"] for a in verdict(drill, wrong)["also"]]
        assert page.locator(".cp-dr-also li").all_inner_texts() == also, where
        page.click('[data-action="retry"]')
        assert answer(page, drill["mode"], right) == verdict(drill, right)["verdict"] == "right", (where, right)
        cited = page.locator(".cp-sc-cites a, .cp-sc-cites code").all_inner_texts()
        assert cited == drill["answer"].get("rules", []), where
    print(f"\n{game}: {len(checked)} drills, each opened and answered twice, in "
          f"{time.perf_counter() - started:.1f} s", file=sys.stderr)
    page.close()
    assert not page.problems.any(), page.problems


def cli_drill(game: str, drill_id: str) -> dict:
    done = subprocess.run([sys.executable, "-m", "rules", "drill", "--game", game, "--id", drill_id],
                          capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    return json.loads(done.stdout)


@pytest.mark.parametrize("game", GAMES)
def test_a_drill_address_gives_the_cli_drill_of_that_id(browser, site_url, game):
    rnd = random.Random(SEED)
    ids = [make_id(game, mode, rnd.choice(list(Level)), rnd.randrange(10_000)) for mode in module(game).MODES]
    page = open_drill(browser, site_url, game, "#" + ids[0])  # opened at the address, then sent to the others
    for k, drill_id in enumerate(ids):
        if k:
            go(page, drill_id)
        assert shown_id(page) == drill_id
        assert shown_request(page) == cli_drill(game, drill_id)["request"], f"seed {SEED}: {drill_id}"
    page.close()
    assert not page.problems.any(), page.problems


@pytest.mark.parametrize("game", GAMES)
def test_next_is_a_fresh_drill_of_the_chosen_mode_and_level(browser, site_url, game):
    page = open_drill(browser, site_url, game)
    assert "-total-c-" in shown_id(page)  # the default: 总分, 常见
    seen = [(shown_id(page), json.dumps(shown_request(page)))]
    for _ in range(3):
        page.click('[data-action="next"]')
        until_other(page, seen[-1][0])
        seen.append((shown_id(page), json.dumps(shown_request(page))))
        assert seen[-1][1] != seen[-2][1]  # two in a row differ
    assert len({s for s, _ in seen}) == len(seen)
    mode = module(game).MODES[-1].value
    before = shown_id(page)
    page.select_option('[data-choose="mode"]', mode)
    until_other(page, before)
    assert f"-{mode}-c-" in shown_id(page)
    before = shown_id(page)
    page.select_option('[data-choose="level"]', Level.DISPUTED.value)
    until_other(page, before)
    assert f"-{mode}-d-" in shown_id(page)
    page.close()
    assert not page.problems.any(), page.problems


def stats(page, mode: str) -> str:
    return page.inner_text(f'[data-stats="{mode}"]')


@pytest.mark.parametrize("game", GAMES)
def test_stats_and_missed_drills_survive_a_reload(browser, site_url, game):
    page = open_drill(browser, site_url, game)
    page.evaluate("() => window.caipanDrill.stored")
    assert page.locator(".cp-dr-problem").is_hidden()  # storage works here: no warning
    drill = page.evaluate("() => window.caipanDrill.drill()")
    before = page.evaluate("m => window.caipanDrill.stats()[m] || {right: 0, total: 0}", "total")
    assert answer(page, "total", drill["expect"] + 1) == "wrong"
    after = page.evaluate("m => window.caipanDrill.stats()[m]", "total")
    assert (after["right"], after["total"], after["streak"]) == (before["right"], before["total"] + 1, 0)
    assert after["missed"][0] == drill["id"]
    shown = stats(page, "total")
    page.click('[data-action="next"]')
    until_other(page, drill["id"])
    page.reload()
    page.wait_for_selector(".cp-drill[data-ready][data-drill]", timeout=120_000)
    page.evaluate("() => window.caipanDrill.stored")
    assert stats(page, "total") == shown
    page.click(f'[data-missed="{drill["id"]}"]')  # tap a missed drill: it is back to redo
    until_shown(page, drill["id"])
    assert answer(page, "total", drill["expect"]) == "right"
    again = page.evaluate("m => window.caipanDrill.stats()[m]", "total")
    assert again["right"] == after["right"] + 1 and drill["id"] not in again["missed"]
    page.close()
    assert not page.problems.any(), page.problems


def test_the_drill_page_works_offline_after_one_visit(browser, site_url):
    game = GAMES[0]
    page = open_drill(browser, site_url, game)
    page.wait_for_function("!!navigator.serviceWorker.controller", timeout=120_000)
    browser.set_offline(True)
    try:
        page.reload()
        page.wait_for_selector(".cp-drill[data-ready][data-drill]", timeout=120_000)
        drill = page.evaluate("() => window.caipanDrill.drill()")
        assert answer(page, "total", core_answer(game, drill)) == "right"
        page.click('[data-action="next"]')
        until_other(page, drill["id"])
    finally:
        browser.set_offline(False)
    page.close()
    assert not page.problems.any(), page.problems


def test_an_id_of_other_rule_data_says_so_and_draws_the_seed_again(browser, site_url):
    game = GAMES[0]
    page = open_drill(browser, site_url, game, f"#{game}-total-c-5-00000000", drawn=False)
    page.wait_for_selector('[data-action="again"]')
    assert "另一版规则数据" in page.inner_text(".cp-dr-drill")
    page.click('[data-action="again"]')
    page.wait_for_selector(".cp-dr-question")
    assert shown_id(page) == make_id(game, Mode.TOTAL, Level.COMMON, 5)
    page.close()
    assert not page.problems.any(), page.problems


@pytest.mark.parametrize("game", GAMES)
def test_every_mode_fits_a_phone_passes_axe_and_can_be_reported(browser, site_url, game):
    page = open_drill(browser, site_url, game)
    axe = axe_script()
    pieces = page.evaluate("() => CAIPAN_DRILL.ui.palette.flat()")
    for mode in module(game).MODES:
        before = shown_id(page)
        if mode is not Mode.TOTAL:
            page.select_option('[data-choose="mode"]', mode.value)
            until_other(page, before)
        drill = page.evaluate("() => window.caipanDrill.drill()")
        assert drill["mode"] == mode.value
        answer(page, mode.value, wrong_answer(game, drill, drill["expect"], pieces))
        assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"], mode
        small = page.evaluate("""() => [...document.querySelectorAll(
            '.cp-drill button, .cp-drill select, .cp-drill input')]
            .filter(e => e.offsetParent !== null && e.type !== 'checkbox')
            .map(e => [e.outerHTML.slice(0, 60), e.getBoundingClientRect()])
            .filter(([_, r]) => r.width < 24 || r.height < 24 || r.right > 391)
            .map(([h, r]) => [h, r.width, r.height, r.right])""")
        assert not small, (mode, small)
        page.click('[data-action="report"]')
        text = page.input_value(".cp-dr-report textarea")
        assert drill["id"] in text and page.get_attribute(".cp-drill", "data-edition") in text
        if not page.evaluate("() => !!window.axe"):
            page.add_script_tag(content=axe)
        result = page.evaluate("() => axe.run({include: [['.cp-drill']]})")
        violations = [(v["id"], [n["target"] for n in v["nodes"]][:3]) for v in result["violations"]]
        assert not violations, (mode, violations)
    words = page.inner_text("article")
    assert not any(w in words for w in ("JSON", "CLI", "Python")), "player pages speak to players"
    page.close()
    assert not page.problems.any(), page.problems
