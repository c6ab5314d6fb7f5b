"""The 牌局记账 pages in headless Chromium: an evening played by taps (hands carried from the 计分器,
荒庄, 诈胡, 一炮多响, an adjustment, an undo and a redo, an edit of an earlier hand) ends on the totals the
core gives the same night; the night outlives a reload and going offline; export and import round-trip
byte for byte; a hostile import or link is refused and leaves the device's store as it was; storage that
is unavailable is said; an old stored night is migrated; the page is axe-clean and fits a phone."""
from __future__ import annotations

import base64
import contextlib
import io
import json
import random
import unicodedata
import zlib
from urllib.parse import quote

import pytest

from rules import registry

from tests.rules.test_session import DIANPAO, FANGPAO, GANGSHANGHUA, JIHU, MULTI, PLAYERS, ZIMO, ZP_ZIMO
from .conftest import axe_script, open_page

PHONE = {"width": 390, "height": 844}
SEED = random.randrange(1 << 30)  # fresh hostile inputs each run; the seed is in every failure message

# An evening, hand by hand, as the player enters it: ("scorer", winner, score) through the 计分器's
# 记入牌局, ("carry", winner, score) a hand carried in the address as the 计分器 does, ("multi", first
# winner, his score, other winner, other's score) through the 一炮多响 link, ("draw", last),
# ("false", who), ("adjust", {name: points}, reason), ("undo",), ("redo",), ("edit", index, winner).
OTHER = {"hand": MULTI["multi"][0]["hand"], "melds": MULTI["multi"][0]["melds"], "win": "放炮"}
EVENINGS = {
    "nanning": [
        ("scorer", "乙", ZIMO), ("carry", "丙", FANGPAO), ("draw", "丁"), ("false", "丁"),
        ("carry", "甲", GANGSHANGHUA),
        ("multi", "乙", FANGPAO, "丁", OTHER), ("adjust", {"甲": 5, "丙": -5}, "漏算杠分"),
        ("carry", "丁", {**FANGPAO, "discarder": "对家"}), ("carry", "甲", ZIMO), ("draw", "乙"), ("carry", "丙", ZIMO),
        ("carry", "乙", ZIMO), ("undo",), ("carry", "乙", {**FANGPAO, "discarder": "下家"}), ("carry", "丁", ZIMO),
        ("draw", "甲"), ("carry", "甲", FANGPAO), ("carry", "丙", GANGSHANGHUA), ("undo",), ("redo",),
        ("edit", 1, "丁"), ("carry", "甲", {**JIHU, "win": "自摸"})],
    "zipai": [
        ("scorer", "乙", DIANPAO), ("carry", "丙", ZP_ZIMO), ("draw", None),
        ("carry", "甲", {**DIANPAO, "from": "上家"}), ("adjust", {"甲": 10, "乙": -10}, "上一盘漏算"),
        ("carry", "甲", ZP_ZIMO), ("draw", None), ("carry", "乙", ZP_ZIMO),
        ("carry", "丙", DIANPAO), ("carry", "乙", DIANPAO), ("undo",), ("carry", "甲", DIANPAO), ("draw", None),
        ("carry", "丙", {**DIANPAO, "from": "上家"}), ("carry", "乙", ZP_ZIMO), ("carry", "甲", ZP_ZIMO),
        ("carry", "丙", ZP_ZIMO), ("undo",), ("redo",), ("carry", "乙", {**DIANPAO, "from": "上家"}),
        ("edit", 0, "丙"), ("carry", "甲", DIANPAO)],
}


def expected_night(game: str) -> dict:
    """The night the evening's taps must make, as `caipan session` reads it."""
    hands: list[dict] = []
    undone: list[dict] = []
    for step in EVENINGS[game]:
        kind = step[0]
        if kind in ("scorer", "carry"):
            hands.append({"winner": step[1], "score": step[2]})
        elif kind == "multi":
            other = {"seat": "对家", "hand": step[4]["hand"], "melds": step[4]["melds"]}
            hands.append({"winner": step[1], "score": {**step[2], "multi": [other]}})
        elif kind == "draw":
            hands.append({"draw": True, **({"last": step[1]} if step[1] else {})})
        elif kind == "false":
            hands.append({"false_win": step[1]})
        elif kind == "adjust":
            hands.append({"adjust": step[1], "reason": step[2]})
        elif kind == "undo":
            undone.append(hands.pop())
        elif kind == "redo":
            hands.append(undone.pop())
        else:
            hands[step[1]] = {**hands[step[1]], "winner": step[2]}
        if kind not in ("undo", "redo"):
            undone.clear()
    return {"players": PLAYERS[game], "dealer": "甲", "hands": hands}


def test_the_evenings_are_nights_the_core_takes():
    for game in EVENINGS:
        night = expected_night(game)
        assert len(night["hands"]) >= 16
        out = registry.game(game).session(night)
        kinds = {h["kind"] for h in out["hands"]}
        assert {"荒庄", "调整", "胡牌"} <= kinds, kinds
        assert game != "nanning" or {"诈胡", "一炮多响"} <= kinds, kinds
        assert sum(out["totals"].values()) == 0


# -- the page -----------------------------------------------------------------------------------------

DUMP = """() => new Promise((resolve, reject) => {
  const r = indexedDB.open("caipan");
  r.onsuccess = () => {
    const db = r.result;
    if (!db.objectStoreNames.contains("nights")) { db.close(); resolve("[]"); return; }
    const q = db.transaction("nights").objectStore("nights").getAll();
    q.onsuccess = () => { db.close(); resolve(JSON.stringify(q.result.sort((a, b) => a.id < b.id ? -1 : 1))); };
    q.onerror = () => reject(q.error);
  };
  r.onerror = () => reject(r.error);
})"""
CLEAR = """() => new Promise((resolve, reject) => {
  const r = indexedDB.open("caipan", 1);
  r.onupgradeneeded = () => { for (const k of ["nights", "drills"]) r.result.createObjectStore(k, {keyPath: "id"}); };
  r.onsuccess = () => { const t = r.result.transaction("nights", "readwrite"); t.objectStore("nights").clear();
                        t.oncomplete = () => { r.result.close(); resolve(); }; };
  r.onerror = () => reject(r.error);
})"""


def settle(page) -> None:
    page.wait_for_function("() => window.caipanSession", timeout=120_000)
    page.evaluate("() => window.caipanSession.ready.then(() => window.caipanSession.settled())")


def open_session(browser, site_url, game: str, fragment: str = "", clear: bool = False):
    page = open_page(browser, site_url)
    page.set_viewport_size(PHONE)
    page.goto(f"{site_url}{game}/session/{fragment}")
    settle(page)
    if clear:
        page.evaluate(CLEAR)
        page.reload()
        settle(page)
    return page


def tap(page, selector: str) -> None:
    target = page.locator(selector).first
    target.scroll_into_view_if_needed()
    box = target.bounding_box()
    assert box and box["width"] >= 24 and box["height"] >= 24, (selector, box)
    assert box["x"] >= 0 and box["x"] + box["width"] <= PHONE["width"] + 1, (selector, box)
    target.click()
    settle(page)


def choose(page, selector: str, value: str) -> None:
    page.select_option(selector, value)
    settle(page)


def start_night(page, game: str) -> None:
    if page.locator('[data-ss="start"]').count() == 0:
        tap(page, '[data-ss="new"]')
    for i, name in enumerate(PLAYERS[game]):
        page.fill(f'[data-setup-player="{i}"]', name)
    choose(page, '[data-setup="dealer"]', "0")
    tap(page, '[data-ss="start"]')
    page.wait_for_selector("[data-player]")


def pick_and_record(page, *winners: str) -> None:
    for name in winners:
        tap(page, f'[data-ss="winner"][data-name="{name}"]')
    tap(page, '[data-ss="record"]')


def carry(page, score: dict, how: str = "score") -> None:
    page.evaluate("f => { location.hash = f; }", f"{how}=" + quote(json.dumps(score, ensure_ascii=False)))
    page.wait_for_function("() => location.hash === ''")
    settle(page)


def through_scorer(page, site_url: str, game: str, score: dict, url: str | None = None) -> None:
    """On the 计分器 (at `url`, or the game's), the hand in its address; its 记入牌局 taken back."""
    page.goto(url or f"{site_url}{game}/scorer/")
    page.wait_for_selector(".cp-scorer[data-ready]", timeout=120_000)
    page.evaluate("f => { location.hash = f; }", quote(json.dumps(score, ensure_ascii=False)))
    page.wait_for_selector("[data-carry]")
    tap_link(page, "[data-carry]")
    page.wait_for_url("**/session/**")
    settle(page)


def tap_link(page, selector: str) -> None:
    box = page.locator(selector).first.bounding_box()
    assert box and box["height"] >= 24 and box["x"] + box["width"] <= PHONE["width"] + 1, (selector, box)
    page.locator(selector).first.click()


def play(page, site_url: str, game: str) -> None:
    for step in EVENINGS[game]:
        kind = step[0]
        if kind == "scorer":
            through_scorer(page, site_url, game, step[2])
            pick_and_record(page, step[1])
        elif kind == "carry":
            carry(page, step[2])
            pick_and_record(page, step[1])
        elif kind == "multi":
            carry(page, step[2])
            tap(page, f'[data-ss="winner"][data-name="{step[1]}"]')
            href = page.get_attribute("[data-ss-multi]", "href")
            through_scorer(page, site_url, game, step[4], url=page.url.split("#")[0].rsplit("/session/", 1)[0] +
                           "/session/" + href)
            pick_and_record(page, step[3])
        elif kind == "draw":
            if step[1]:
                choose(page, '[data-quick="last"]', step[1])
            tap(page, '[data-ss="draw"]')
        elif kind == "false":
            choose(page, '[data-quick="false_win"]', step[1])
            tap(page, '[data-ss="false_win"]')
        elif kind == "adjust":
            page.locator(".cp-ss-adjust summary").click()
            for i, name in enumerate(PLAYERS[game]):
                page.fill(f'[data-adjust="{i}"]', str(step[1].get(name, 0)))
            page.fill('[data-quick="reason"]', step[2])
            tap(page, '[data-ss="adjust"]')
        elif kind in ("undo", "redo"):
            tap(page, f'[data-ss="{kind}"]')
        else:
            tap(page, f'[data-ss="edit"][data-i="{step[1]}"]')
            choose(page, '[data-edit-field="winner"]', step[2])
            tap(page, '[data-ss="save-edit"]')
        assert not page.locator("[data-ss-message]").count(), (step, page.inner_text("[data-ss-message]"))


def shown_totals(page) -> dict[str, int]:
    return {e.get_attribute("data-player"): int(e.get_attribute("data-total"))
            for e in page.query_selector_all("[data-player]")}


def shown_night(page) -> dict:
    return page.evaluate("() => window.caipanSession.night()")


def assert_the_core_agrees(page, game: str) -> None:
    night = shown_night(page)
    assert night == expected_night(game)
    out = registry.game(game).session(night)
    assert shown_totals(page) == out["totals"] and sum(shown_totals(page).values()) == 0
    assert page.get_attribute("[data-next-dealer]", "data-next-dealer") == out["dealer"]
    assert page.locator(".cp-ss-hand").count() == len(night["hands"])
    shown = [(e.get_attribute("data-from"), e.get_attribute("data-to"), int(e.get_attribute("data-amount")))
             for e in page.query_selector_all(".cp-ss-transfers li")]
    assert shown == [(t["from"], t["to"], t["amount"]) for t in out["transfers"]]


@pytest.mark.parametrize("game", list(EVENINGS))
def test_an_evening_by_taps_ends_on_the_core_totals_and_survives_reload_and_offline(browser, site_url, game):
    page = open_session(browser, site_url, game, clear=True)
    start_night(page, game)
    play(page, site_url, game)
    assert_the_core_agrees(page, game)
    # each win's ruling is its score request on the scorer, with the night's rules
    link = page.get_attribute(".cp-ss-ruling", "href")
    assert "/scorer/#" in link
    # the chart: one line per player; the 一炮多响 hand names both winners
    assert page.locator(".cp-ss-chart polyline").count() == len(PLAYERS[game])
    if game == "nanning":
        assert "乙、丁" in page.inner_text(".cp-ss-hands")
    else:
        assert not page.locator('[data-ss="false_win"]').count()  # 字牌: document 003 prices no 诈胡
    page.reload()
    settle(page)
    assert_the_core_agrees(page, game)
    page.wait_for_function("!!navigator.serviceWorker.controller", timeout=120_000)
    browser.set_offline(True)
    try:
        page.reload()
        settle(page)
        assert_the_core_agrees(page, game)
    finally:
        browser.set_offline(False)
    page.close()
    assert not page.problems.any(), page.problems


def import_text(page, text: str | bytes, name: str = "night.json") -> None:
    data = text.encode("utf-8") if isinstance(text, str) else text
    page.set_input_files("[data-ss-import]", files=[{"name": name, "mimeType": "application/json", "buffer": data}])
    settle(page)


def exported(page, action: str = "export") -> bytes:
    with page.expect_download() as got:
        page.locator(f'[data-ss="{action}"]').click()
    return open(got.value.path(), "rb").read()


def message(page) -> str:
    return page.inner_text("[data-ss-message]") if page.locator("[data-ss-message]").count() else ""


@pytest.mark.parametrize("game", list(EVENINGS))
def test_export_then_import_round_trips_byte_for_byte(browser, site_url, game):
    page = open_session(browser, site_url, game, clear=True)
    night = expected_night(game)
    import_text(page, json.dumps(night, ensure_ascii=False))
    assert not message(page) and shown_night(page) == night
    first = exported(page)
    assert first == (json.dumps(night, ensure_ascii=False, indent=2) + "\n").encode("utf-8")
    assert registry.game(game).session(json.loads(first))["totals"] == shown_totals(page)  # what the CLI reads
    import_text(page, first)
    assert exported(page) == first
    kept = [r for r in json.loads(page.evaluate(DUMP)) if r["game"] == game]
    assert len(kept) == 2  # a new night each time, the first kept
    page.close()
    assert not page.problems.any(), page.problems


def test_the_csv_opens_in_excel_without_running_a_formula(browser, site_url):
    import csv

    page = open_session(browser, site_url, "nanning", clear=True)
    names = ["=甲", "+乙", "-丙", "@丁"]
    night = {"players": names, "dealer": "=甲", "hands": [
        {"winner": "+乙", "score": ZIMO}, {"adjust": {"=甲": 3, "-丙": -3}, "reason": "=1+2"},
        {"draw": True, "last": "@丁"}]}
    import_text(page, json.dumps(night, ensure_ascii=False))
    data = exported(page, "csv")
    assert data.startswith("\ufeff".encode("utf-8"))
    rows = list(csv.reader(io.StringIO(data.decode("utf-8-sig"))))
    assert len(rows) == 1 + len(night["hands"])
    for row in rows:
        for value in row:
            assert not value or value[0] not in "=+@", row
            assert not value.startswith("-") or value.lstrip("-").isdigit(), row
    out = registry.game("nanning").session(night)
    assert [int(v) for v in rows[-1][-4:]] == [out["totals"][n] for n in names]
    page.close()
    assert not page.problems.any(), page.problems


def _deflate(data: bytes) -> str:
    packer = zlib.compressobj(9, zlib.DEFLATED, -15)
    return base64.urlsafe_b64encode(packer.compress(data) + packer.flush()).decode().rstrip("=")


def hostile(game: str, rnd: random.Random) -> list[tuple[str, str]]:
    """(how, text): imports ("file") and links ("link": the address after #) that must be refused."""
    good = expected_night(game)
    names = PLAYERS[game]
    bad_texts = ["", " ", "{", "[]", "null", "true", "42", '"night"', "{'players': []}", "{\"players\": [}",
                 json.dumps(good)[:-1], json.dumps(good) + "x", "\x00\x01", "﻿{}", "NaN", "[" * 5000 + "]" * 5000,
                 json.dumps({"a": {"a": {"a": {"a": {"a": {}}}}}})]
    nights: list[object] = [
        {}, {"players": names}, {"players": names, "dealer": "甲"} | {"hands": {}},
        {**good, "players": names[:-1]}, {**good, "players": [*names, "戊"]}, {**good, "players": "甲乙丙丁"},
        {**good, "players": [1, 2, 3, 4][: len(names)]}, {**good, "dealer": 1}, {**good, "dealer": "戊"},
        {**good, "players": ["甲"] * len(names)}, {**good, "players": [" 甲", *names[1:]]},
        {**good, "players": ["", *names[1:]]}, {**good, "players": ["甲" * 17, *names[1:]]},
        {**good, "hands": [{"winner": "甲"}]}, {**good, "hands": [{"winner": 1, "score": ZIMO}]},
        {**good, "hands": [{"winner": "甲", "score": "234m"}]}, {**good, "hands": [{"draw": False}]},
        {**good, "hands": [{"adjust": {"甲": 1}, "reason": "x"}]},
        {**good, "hands": [{"adjust": {"甲": 1.5, "乙": -1.5}, "reason": "x"}]},
        {**good, "hands": [{"adjust": {"甲": 10**7, "乙": -10**7}, "reason": "x"}]},
        {**good, "hands": [{"adjust": {"甲": 1, "乙": -1}, "reason": "x" * 81}]},
        {**good, "hands": [{"adjust": {"戊": 1, "乙": -1}, "reason": "x"}]},
        {**good, "hands": [{"adjust": {"甲": True, "乙": -1}, "reason": "x"}]},
        {**good, "hands": [{"winner": "甲", "score": {**ZIMO, "x": 1}}]}, {**good, "hands": [{"x": 1}]},
        {**good, "hands": [{}]}, {**good, "hands": [None]}, {**good, "hands": [[]]}, {**good, "hands": "none"},
        {**good, "hands": [{"draw": True, "last": "戊"}]}, {**good, "extra": 1}, {**good, "__proto__": {"x": 1}},
        {**good, "v": 2}, {**good, "version": 99}, {"v": 2, "night": good},
        {**good, "hands": [{"adjust": {"甲": 1, "乙": -1}, "reason": "x"}] * 501},
        {**good, "hands": [{"adjust": {"甲": 1, "乙": -1}, "reason": "x" * 70}] * 4000},
        {**good, "players": ["<script>alert(1)</script>", *names[1:]]},
        {**good, "players": ['"><img src=x onerror=alert(1)>', *names[1:]]},
        {**good, "dealer": "<svg onload=alert(1)>"},
        {**good, "hands": [{"false_win": "<img src=x onerror=alert(1)>"}]},
        {**good, "hands": [{"winner": "甲", "score": {"hand": "<script>alert(1)</script>", "win": "自摸"}}]},
        {**good, "hands": [{"winner": "甲", "score": {"hand": "1m", "win": "自摸"}}]},
    ]
    if game == "nanning":
        nights += [{**good, "hands": [{"false_win": "戊"}]},
                   {**good, "hands": [{"winner": "乙", "score": {"hand": "234m678m999m111s55p", "win": "天胡"}}]},
                   {**good, "rules": "nonesuch"}, {**good, "rules": {"preset": "yuanwen", "options": {"x": "y"}}}]
    else:
        nights += [{**good, "hands": [{"false_win": "甲"}]}, {**good, "readings": {"zp-r-x": "y"}},
                   {**good, "readings": "add"}]
    while len(nights) < 120:  # a good night with one field broken at random
        broken = json.loads(json.dumps(good))
        hand = rnd.choice(broken["hands"])
        key = rnd.choice(list(hand))
        hand[key] = rnd.choice([None, 0, -1, "", "戊", [], {}, "x" * 300, 1.5, True, {"k": "v"}])
        if registry_refuses(game, broken):
            nights.append(broken)
    texts = bad_texts + [json.dumps(n, ensure_ascii=False) for n in nights]
    out = [("file", t) for t in texts]
    out += [("link", quote(t)) for t in texts[::2]]
    out += [("link", "z=" + _deflate(t.encode())) for t in texts[1::4]]
    out += [("link", "%E4%B8"), ("link", "z=!!!"), ("link", "z=" + _deflate(b"\x00" * (1 << 20))),
            ("link", "z=AAAA"), ("link", "z=" + base64.urlsafe_b64encode(b"not deflate").decode()),
            ("link", "score=" + quote("[1,2]")), ("link", "score=%7B"), ("link", "z=" + _deflate(b"\xff\xfe"))]
    return out


def registry_refuses(game: str, night: object) -> bool:
    from rules.errors import RuleError

    try:
        registry.game(game).session(night)  # type: ignore[arg-type]
    except (RuleError, TypeError, ValueError, KeyError, AttributeError):
        return True
    return False


@pytest.mark.parametrize("game", list(EVENINGS))
def test_hostile_imports_and_links_are_refused_and_the_store_stays_as_it_was(browser, site_url, game):
    rnd = random.Random(SEED)
    cases = hostile(game, rnd)
    assert len(cases) >= 200
    for how, text in cases:  # what parses as JSON, the core refuses too
        if how == "file":
            with contextlib.suppress(json.JSONDecodeError, RecursionError):
                assert registry_refuses(game, json.loads(text)), text[:200]
    page = open_session(browser, site_url, game, clear=True)
    start_night(page, game)
    carry(page, EVENINGS[game][1][2])
    pick_and_record(page, "甲")
    before = page.evaluate(DUMP)
    count = page.locator('[data-ss-change="pick"] option').count()
    dialogs: list[str] = []
    page.on("dialog", lambda d: (dialogs.append(d.message), d.dismiss()))
    for how, text in cases:
        if how == "file":
            import_text(page, text)
        else:
            page.evaluate("f => { location.hash = f; }", text)
            page.wait_for_function("() => location.hash === ''")
            settle(page)
        assert "失败" in message(page) or "读不出来" in message(page), (SEED, how, text[:200], message(page))
    assert page.evaluate(DUMP) == before, SEED
    assert page.locator('[data-ss-change="pick"] option').count() == count
    assert not dialogs and not page.locator(".cp-session script, .cp-session img").count()
    page.close()
    assert not page.problems.any(), page.problems


def test_a_name_that_looks_like_markup_is_only_text(browser, site_url):
    page = open_session(browser, site_url, "zipai", clear=True)
    names = ["<b>甲</b>", "<i>乙", "&amp;"]
    import_text(page, json.dumps({"players": names, "dealer": names[0], "hands": [{"draw": True}]}, ensure_ascii=False))
    assert [e.get_attribute("data-player") for e in page.query_selector_all("[data-player]")] == names
    assert not page.locator(".cp-session b:text-is('甲'), .cp-ss-totals i, .cp-ss-nets i").count()
    assert page.inner_text(".cp-ss-next b") == names[0]
    page.close()
    assert not page.problems.any(), page.problems


def test_storage_unavailable_is_said_and_the_page_keeps_working(browser, site_url):
    page = open_page(browser, site_url)
    page.set_viewport_size(PHONE)
    page.add_init_script("indexedDB.open = () => { throw new DOMException('refused', 'SecurityError'); };")
    page.goto(f"{site_url}nanning/session/")
    settle(page)
    start_night(page, "nanning")
    assert "无痕模式" in page.inner_text("[data-store-problem]")
    choose(page, '[data-quick="false_win"]', "乙")
    tap(page, '[data-ss="false_win"]')
    totals = shown_totals(page)
    assert totals == registry.game("nanning").session(shown_night(page))["totals"] and totals["乙"] < 0
    page.close()
    assert not page.problems.any(), page.problems


def test_a_night_stored_by_the_first_version_is_migrated(browser, site_url):
    page = open_session(browser, site_url, "zipai", clear=True)
    night = expected_night("zipai")
    old = {"id": "v0-night", "v": 0, "game": "zipai", "title": "旧的一晚", "date": "2025-01-01 20:00", **night}
    page.evaluate("""old => new Promise((resolve) => {
      const r = indexedDB.open("caipan", 1);
      r.onsuccess = () => { const t = r.result.transaction("nights", "readwrite"); t.objectStore("nights").put(old);
                            t.oncomplete = () => { r.result.close(); resolve(); }; };
    })""", old)
    page.evaluate("() => sessionStorage.clear()")
    page.reload()
    settle(page)
    assert shown_night(page) == night
    assert shown_totals(page) == registry.game("zipai").session(night)["totals"]
    (kept,) = json.loads(page.evaluate(DUMP))
    assert kept == {"id": "v0-night", "v": 1, "game": "zipai", "name": "旧的一晚", "created": "2025-01-01 20:00",
                    "night": night}
    page.close()
    assert not page.problems.any(), page.problems


def test_a_shared_link_and_its_qr_code_open_as_a_new_night(browser, site_url):
    page = open_session(browser, site_url, "nanning", clear=True)
    start_night(page, "nanning")
    tap(page, '[data-ss="share"]')
    assert page.locator("svg.cp-ss-qr path").count() == 1
    short = page.get_attribute("[data-ss-link]", "value")
    assert "#%7B" in short
    long_night = {**expected_night("nanning")}
    long_night["hands"] = long_night["hands"] * 3
    import_text(page, json.dumps(long_night, ensure_ascii=False))
    tap(page, '[data-ss="share"]')
    link = page.get_attribute("[data-ss-link]", "value")
    assert "#z=" in link and len(link) < len(quote(json.dumps(long_night, ensure_ascii=False)))
    before = json.loads(page.evaluate(DUMP))
    other = open_page(browser, site_url)
    other.set_viewport_size(PHONE)
    other.goto(link)
    settle(other)
    assert shown_night(other) == long_night and other.evaluate("location.hash") == ""
    after = json.loads(other.evaluate(DUMP))
    assert len(after) == len(before) + 1 and all(r in after for r in before)  # nothing overwritten
    # the page contract: `#` + the night as `caipan session` reads it
    plain = expected_night("zipai")
    other.goto(f"{site_url}zipai/session/#" + quote(json.dumps(plain, ensure_ascii=False)))
    settle(other)
    assert shown_night(other) == plain
    assert shown_totals(other) == registry.game("zipai").session(plain)["totals"]
    for tab in (page, other):
        tab.close()
        assert not tab.problems.any(), tab.problems


@pytest.mark.parametrize("game", list(EVENINGS))
def test_the_page_fits_a_phone_keeps_the_totals_in_view_and_passes_axe(browser, site_url, game):
    page = open_session(browser, site_url, game, clear=True)
    import_text(page, json.dumps(expected_night(game), ensure_ascii=False))
    carry(page, EVENINGS[game][1][2])
    tap(page, '[data-ss="edit"][data-i="0"]')
    tap(page, '[data-ss="share"]')
    page.locator(".cp-ss-adjust summary").click()
    assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
    page.evaluate("window.scrollTo(0, document.body.scrollHeight)")
    box = page.locator(".cp-ss-totals").bounding_box()
    assert box and box["y"] >= 0 and box["y"] + box["height"] <= PHONE["height"]
    page.add_script_tag(content=axe_script())
    result = page.evaluate("() => axe.run({include: [['.cp-session']]})")
    violations = [(v["id"], [n["target"] for n in v["nodes"]][:3]) for v in result["violations"]]
    assert not violations, violations
    # the printed sheet: every hand a line, the totals, the transfers, the rules and the edition
    page.emulate_media(media="print")
    sheet = page.locator(".cp-ss-print")
    assert sheet.is_visible() and not page.locator(".cp-ss-entries").is_visible()
    assert sheet.locator("tbody tr").count() == len(expected_night(game)["hands"])
    assert page.get_attribute(".cp-session", "data-edition") in sheet.inner_text()
    page.emulate_media(media="screen")
    page.close()
    assert not page.problems.any(), page.problems


@pytest.mark.parametrize("game", list(EVENINGS))
def test_a_night_of_24_hands_prints_on_one_a4_portrait_page(browser, site_url, game):
    from pypdf import PdfReader

    page = open_session(browser, site_url, game, clear=True)
    night = expected_night(game)
    night["hands"] = (night["hands"] * 2)[:24]
    import_text(page, json.dumps(night, ensure_ascii=False))
    assert not message(page)
    page.emulate_media(media="print")
    reader = PdfReader(io.BytesIO(page.pdf(prefer_css_page_size=True)))
    box = reader.pages[0].mediabox
    assert len(reader.pages) == 1 and round(float(box.width)) == 595 and round(float(box.height)) == 842
    text = unicodedata.normalize("NFKC", reader.pages[0].extract_text())  # the PDF's text has 乙 as ⼄ (U+2F04)
    assert all(name in text for name in PLAYERS[game]) and "合计" in text and "结账" in text
    page.close()
    assert not page.problems.any(), page.problems
