"""The 计分器 pages in headless Chromium: the Python rules core on Pyodide must answer exactly as the
CLI does (random hands, waits, errors, the README's examples through the URL fragment), a player can
tap out a hand on a phone, the page works offline after one visit, and axe-core finds nothing."""
from __future__ import annotations

import json
import random
import re
import subprocess
import sys
from collections import Counter
from pathlib import Path
from urllib.parse import quote, unquote

import pytest

from generator.paths import ROOT
from rules.errors import RuleError
from rules.registry import game
from rules.request import answer as request_answer
from rules.request import fields_of
from rules.request.fields import Count
from rules.nanning.model import CHAIN_WINS, FengHu, KongKind, Win
from rules.nanning.rule_set import presets
from rules.options import NOT_IN_DOCUMENTS
from rules.nanning.tiles import parse
from rules.nanning.waits import waits as nn_waits
from rules.zipai.loader import readings_data
from rules.zipai.waits import waits as zp_waits

from tests.rules.zipai.test_properties import DECK, THREES
from .conftest import axe_script, open_page

nn_score = game("nanning").score
zp_score = game("zipai").score

PHONE = {"width": 390, "height": 844}
CORE = {"nanning": (nn_score, nn_waits), "zipai": (zp_score, zp_waits)}
SEED = random.randrange(1 << 30)  # fresh hands each run; the seed is in every failure message


def cli(game: str, request: dict, command: str = "score") -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "rules", command, "--game", game],
                          input=json.dumps(request, ensure_ascii=False), capture_output=True, text=True, timeout=60)


def answer(game: str, request: dict, kind: str = "score") -> dict:
    """What the CLI's own function answers, in the shape the page's hook returns."""
    try:
        return {"ok": CORE[game][0 if kind == "score" else 1](request)}
    except RuleError as exc:
        return {"error": exc.one_line()}


# -- random requests --------------------------------------------------------------------------------

NN_SETS = [("刻", t) for t in range(34)] + [("顺", s * 9 + r) for s in range(3) for r in range(7)]


def code(tile: int) -> str:
    return f"{tile % 9 + 1}{'mpsz'[tile // 9]}"


def nanning_request(rnd: random.Random) -> dict:
    """A random hand (four sets and a pair, or seven pairs), melds, win method, chain, rules, table."""
    while True:
        if rnd.random() < 0.15:
            pairs = rnd.sample(range(34), 7)
            concealed, melds = [t for t in pairs for _ in range(2)], []
        else:
            sets = [rnd.choice(NN_SETS) for _ in range(4)]
            pair = rnd.randrange(34)
            concealed, melds = [pair, pair], []
            for kind, t in sets:
                if kind == "刻" and rnd.random() < 0.5:
                    melds.append({"kind": rnd.choice(["碰", "明杠", "加杠", "暗杠"]), "tile": code(t)})
                else:
                    concealed += [t, t, t] if kind == "刻" else [t, t + 1, t + 2]
        used = concealed + [int(m["tile"][0]) - 1 + 9 * "mpsz".index(m["tile"][1]) for m in melds for _ in range(
            4 if m["kind"] != "碰" else 3)]
        if all(used.count(t) <= 4 for t in set(used)):
            break
    rnd.shuffle(concealed)
    method = rnd.choice(list(Win))
    request = {"hand": "".join(code(t) for t in concealed), "win": method.value}
    if melds:
        request["melds"] = melds
    if method in CHAIN_WINS and rnd.random() < 0.5:
        request["chain"] = [rnd.choice(list(KongKind)).value for _ in range(rnd.randint(1, 3))]
    preset = rnd.choice(sorted(presets()))
    options = {}
    for key, spec in presets()[preset].option_specs.items():
        if rnd.random() < 0.15:
            options[key] = rnd.choice(list(spec.values))
    if preset != "yuanwen" or options:
        request["rules"] = {"preset": preset, **({"options": options} if options else {})}
    if rnd.random() < 0.2:
        request["fenghu"] = rnd.choice(list(FengHu)).value
    if rnd.random() < 0.2:
        request["moma_hits"] = rnd.randint(0, 2)
    if rnd.random() < 0.2:
        request["discarder"] = rnd.choice(["下家", "对家", "上家"])
    return request


def zipai_request(rnd: random.Random) -> dict:
    """A random 字牌 hand (7 groups, or fours + 5 or 6 groups + a pair), shown groups, win, 爆, readings."""
    while True:
        fours = rnd.sample(range(20), rnd.choice([0, 0, 1, 2]))
        threes = [rnd.choice(THREES) for _ in range((6 - len(fours)) if fours else 7)]
        pair = [rnd.randrange(20)] * 2 if fours else []
        cards = [c for _, g in threes for c in g] + [f for f in fours for _ in range(4)] + pair
        if max(cards.count(c) for c in set(cards)) <= 4:
            break
    shown, concealed = [], list(pair)
    for kind, g in threes:
        if kind == "alike" and rnd.random() < 0.4:
            shown.append({"kind": "碰", "cards": text(g)})
        else:
            concealed += g
    for f in fours:
        shown.append({"kind": rnd.choice(["拢", "招"]), "cards": text((f,) * 4)})
    rnd.shuffle(concealed)
    request = {"hand": text(concealed), "shown": shown}
    win = rnd.choice(["自摸", "点炮", "胡别人从墩上的牌"])
    request["win"] = win
    if win != "自摸":
        request["from"] = rnd.choice(["上家", "下家"])
    if rnd.random() < 0.3:
        request["bao"] = {rnd.choice(["胡牌者", "上家", "下家"]): rnd.choice(["爆", "红爆"])}
    if rnd.random() < 0.2:
        request["dealer"] = True
    readings = {}
    for r in readings_data()["reading"]:
        if rnd.random() < 0.1:
            readings[r["id"]] = rnd.choice([o["id"] for o in r["option"]])
    if readings:
        request["readings"] = readings
    return request


def text(indices) -> str:
    from rules.zipai.cards import Card

    return DECK.text(Card(i) for i in indices)


MAKE = {"nanning": nanning_request, "zipai": zipai_request}


def scored_requests(game: str, want: int, rnd: random.Random) -> tuple[list[dict], int]:
    """Random requests until `want` of them score (the rest are impossible situations, kept too)."""
    out, good = [], 0
    while good < want:
        request = MAKE[game](rnd)
        out.append(request)
        good += "ok" in answer(game, request)
    return out, good


# -- the page -----------------------------------------------------------------------------------------


def open_scorer(browser, site_url, game: str, request: dict | None = None, viewport=PHONE):
    page = open_page(browser, site_url)
    page.set_viewport_size(viewport)
    fragment = "#" + quote(json.dumps(request, ensure_ascii=False)) if request else ""
    page.goto(f"{site_url}{game}/scorer/{fragment}")
    page.wait_for_selector(".cp-scorer[data-ready]", timeout=120_000)
    return page


@pytest.fixture(scope="module", params=list(MAKE))  # the games with a generator of random requests here
def scorer(request, browser, site_url):
    page = open_scorer(browser, site_url, request.param)
    yield request.param, page
    page.close()
    assert not page.problems.any(), page.problems


def answered(page) -> None:
    """Until the answer to the request on screen is drawn (the core answers from its worker). The
    result box is aria-busy only once an answer is slow (FORM_WAIT): right after a tap it still
    shows the answer before, so the page is asked."""
    page.evaluate("() => window.caipanScorer.settled()")
    page.wait_for_selector(".cp-sc-result:not([aria-busy])", state="attached")


def show(page, request: dict) -> None:
    """Put a request in the URL fragment of the open page (the hashchange path a pasted link takes)."""
    page.evaluate("f => { location.hash = f; }", quote(json.dumps(request, ensure_ascii=False)))
    page.wait_for_function("r => JSON.stringify(window.caipanScorer.request()) === JSON.stringify(r)", arg=request)
    answered(page)


def test_at_least_200_random_hands_score_as_in_the_cli(scorer):
    game, page = scorer
    rnd = random.Random(SEED)
    requests, good = scored_requests(game, 200, rnd)
    browser_answers = page.evaluate("rs => window.caipanScorer.batch('score', rs)", requests)
    assert len(browser_answers) == len(requests)
    for request, got in zip(requests, browser_answers, strict=True):
        expected = answer(game, request)
        assert got == expected, f"seed {SEED}: {json.dumps(request, ensure_ascii=False)}"
    assert good >= 200
    # and the CLI itself (a process, as a user runs it) agrees on a sample, totals and messages alike
    for request, got in list(zip(requests, browser_answers, strict=True))[:6]:
        done = cli(game, request)
        if "ok" in got:
            assert done.returncode == 0 and json.loads(done.stdout)["total"] == got["ok"]["total"], SEED
        else:
            assert done.returncode == 2 and done.stderr.strip() == "error: " + got["error"], SEED


def test_waits_agree_with_the_cli(scorer):
    game, page = scorer
    rnd = random.Random(SEED + 1)
    shorts = []
    while len(shorts) < 25:
        request = MAKE[game](rnd)
        if "ok" not in answer(game, request):
            continue
        short = {k: v for k, v in request.items() if k not in ("win", "win_tile", "win_card", "chain", "from")}
        # the hand without its last card or tile (the winning one)
        short["hand"] = "".join(code(t) for t in parse(request["hand"])[:-1]) if game == "nanning" \
            else request["hand"][:-1]
        shorts.append(short)
    got = page.evaluate("rs => window.caipanScorer.batch('waits', rs)", shorts)
    assert got == [answer(game, s, "waits") for s in shorts], SEED
    assert sum(bool(g.get("ok", {}).get("waits")) for g in got) >= 20, "most of these hands wait on something"
    # on the page: a request without `win` is a waits request, and the tiles listed are the CLI's
    done = cli(game, shorts[0], "waits")
    show(page, shorts[0])
    listed = page.get_attribute("[data-waits]", "data-waits")
    key = "tiles" if game == "nanning" else "cards"
    assert listed.split() == json.loads(done.stdout)[key]


BAD = {
    "nanning": [{"hand": "11111m234p567p999s", "win": "放炮"}, {"hand": "234m678m999m55p", "win": "杠上花",
                                                                  "melds": [{"kind": "碰", "tile": "9s"}]},
                {"hand": "1112345678999m5p", "win": "自摸", "rules": {"options": {"sishuang_scope": "whole"}}}],
    "zipai": [{"hand": "一一一一一", "win": "自摸"}, {"hand": "一二三", "win": "点炮"},
              {"hand": "一一一二二二三三三四四四五五五六六六七七七", "win": "自摸", "readings": {"zp-r-nope": "x"}}],
}


def test_a_bad_hand_shows_the_cli_message(scorer):
    game, page = scorer
    for request in BAD[game]:
        done = cli(game, request)
        assert done.returncode == 2
        show(page, request)
        shown = page.get_attribute("[data-error]", "data-error")
        assert done.stderr.strip() == "error: " + shown
        assert page.inner_text("[data-error]") == shown
        assert page.query_selector("[data-total]") is None


# Valid JSON naming a tile or card the game does not have (issue 22): the CLI's line, never a page error.
UNKNOWN_CODES = {
    "nanning": [{"hand": "123x456m789m234p55s", "win": "自摸"}, {"hand": "123m456m789m234p58z", "win": "自摸"},
                {"hand": "123m456m789m234p9z"}, {"hand": "234m678m55p111s", "melds": [{"kind": "碰", "tile": "0m"}],
                                                 "win": "自摸"},
                {"hand": "123m456m789m234p55s", "win": "自摸", "win_tile": "0p"}],
    "zipai": [{"hand": "abc", "win": "自摸"},
              {"hand": "一二三四五六七八九十壹贰叁肆伍陆柒捌玖拾", "win": "自摸", "win_card": "Q"},
              {"hand": "一二三四五六七八九十壹贰叁肆伍陆柒捌玖x", "win": "点炮", "from": "上家"}, {"hand": "一二三q"},
              {"hand": "一一一", "shown": [{"kind": "碰", "cards": "zzz"}], "win": "自摸"}],
}


def test_an_unknown_tile_or_card_shows_the_cli_error_not_a_page_error(scorer):
    game, page = scorer
    for request in UNKNOWN_CODES[game]:
        command = "score" if "win" in request else "waits"
        done = cli(game, request, command)
        assert done.returncode == 2, request
        show(page, request)
        assert "error: " + page.get_attribute("[data-error]", "data-error") == done.stderr.strip(), request
        assert page.query_selector("[data-total]") is None
        assert not page.problems.errors, (request, page.problems.errors)


# -- the page reads the fragment with the CLI's reader (issue 25) ----------------------------------------

def fuzzed_fragments(game_id: str, rnd: random.Random, want: int) -> list[str]:
    """Texts of URL fragments: valid requests, and the same broken in the ways a pasted or edited link
    breaks (duplicate keys, 1.0 for a whole number, unknown fields and codes, wrong types, cut short, not
    an object, not JSON), each different from the one before."""
    score = {f.key: f for f in fields_of(game(game_id).requests["score"])}
    counts = [k for k, f in score.items() if isinstance(f.shape, Count)]
    out: list[str] = []
    while len(out) < want:
        request = MAKE[game_id](rnd)
        text = json.dumps(request, ensure_ascii=False)
        body = text[:-1]
        hand = request["hand"]
        at = rnd.randrange(len(hand))
        choices = [
            text, text, text,  # a valid request, a quarter of the time

            body + ', "win": ' + json.dumps(rnd.choice(["自摸", "放炮", "点炮"]), ensure_ascii=False) + "}",
            body + ', "hand": ' + json.dumps(hand) + "}",
            body + f', "{rnd.choice(counts or ["hand"])}": {rnd.choice(["0.0", "1.0", "2.5", "-1", "1e1", "true"])}}}',
            json.dumps({**request, "hand": hand[:at] + rnd.choice(["x", "8z", "0m", "a", "Ⅰ", "１", " "]) + hand[at:]},
                       ensure_ascii=False),
            json.dumps({**request, rnd.choice(["wn", "Win", "hand ", "__proto__", "constructor"]): 1},
                       ensure_ascii=False),
            json.dumps({**request, "hand": rnd.choice([5, None, [], {}, True, "", "x" * 300])}, ensure_ascii=False),
            text[: rnd.randrange(1, len(text))],
            rnd.choice(["[" + text + "]", json.dumps(hand, ensure_ascii=False), "1", "null", "true", "{}", "{,}",
                        "{'hand': 1}", text + " x", text + text]),
            json.dumps({k: v for k, v in request.items() if k not in ("win", "from")}, ensure_ascii=False),
        ]
        choice = rnd.choice(choices)
        if not out or choice != out[-1]:
            out.append(choice)
    return out


def cli_kind(text: str) -> str:
    """What the page asks for a fragment: a score when the object it parses to has a win (or an opening
    win, 字牌's 起手 extra), else waits; the same for text that is not an object."""
    try:
        value = json.loads(text)
    except ValueError:
        return "waits"
    if not isinstance(value, dict):
        return "waits"
    extras = value.get("extras")
    return "score" if "win" in value or (isinstance(extras, list) and "起手" in extras) else "waits"


def cli_shows(game_id: str, text: str) -> dict:
    """What the page should show for a fragment: what the CLI's entry answers for its bytes."""
    g = game(game_id)
    kind = cli_kind(text)
    result, line = request_answer(g.score if kind == "score" else g.waits, text.encode("utf-8"))
    if result is None:
        return {"error": line.removeprefix("error: ")}
    answered = json.loads(result)
    if kind == "score":
        return {"total": str(answered["total"])}
    return {"waits": " ".join(w["tile" if game_id == "nanning" else "card"] for w in answered["waits"])}


PAGE_SHOWS = """async (texts) => {
  const out = [];
  for (const text of texts) {
    const changed = new Promise((done) => window.addEventListener("hashchange", done, { once: true }));
    location.hash = encodeURIComponent(text);
    await changed;
    await window.caipanScorer.settled();
    const box = document.querySelector(".cp-sc-result");
    const error = box.querySelector("[data-error]"), total = box.querySelector("[data-total]");
    const waits = box.querySelector("[data-waits]");
    out.push(error ? { error: error.getAttribute("data-error") } : total ? { total: total.getAttribute("data-total") }
             : waits ? { waits: waits.getAttribute("data-waits") } : { shown: box.textContent });
  }
  return out;
}"""


def test_at_least_200_fuzzed_fragments_answer_as_the_cli(scorer):
    game_id, page = scorer
    rnd = random.Random(SEED + 2)
    texts = fuzzed_fragments(game_id, rnd, 220)
    shown = page.evaluate(PAGE_SHOWS, texts)
    expected = [cli_shows(game_id, text) for text in texts]
    wrong = [(text, got, want) for text, got, want in zip(texts, shown, expected, strict=True) if got != want]
    assert not wrong, f"seed {SEED}: {len(wrong)} of {len(texts)}: {wrong[:3]}"
    kinds = Counter(next(iter(e)) for e in expected)
    assert kinds["error"] >= 100 and kinds["total"] + kinds["waits"] >= 10, kinds
    # the CLI itself, as a user runs it, on a sample: the same line
    for text, want in list(zip(texts, expected, strict=True))[:: len(texts) // 8]:
        done = subprocess.run([sys.executable, "-m", "rules", cli_kind(text), "--game", game_id], input=text,
                              capture_output=True, text=True, timeout=60)
        if "error" in want:
            assert done.returncode == 2 and done.stderr.strip() == "error: " + want["error"], (SEED, text)
        else:
            assert done.returncode == 0, (SEED, text, done.stderr)
    assert not page.problems.errors, page.problems.errors


def readme_examples() -> list[tuple[str, dict]]:
    """Every `echo '…' | … rules score --game X` in the README."""
    text = (ROOT / "README.md").read_text(encoding="utf-8")
    found = re.findall(r"echo '(\{.*?\})' \\\n\s*\| \S+ -m rules score --game (\w+)", text)
    return [(game, json.loads(body)) for body, game in found]


def test_the_readme_has_cli_examples_of_both_games():
    assert {game for game, _ in readme_examples()} == set(MAKE)


@pytest.mark.parametrize("game", sorted({game for game, _ in readme_examples()}))
def test_a_cli_example_in_the_url_fragment_gives_the_cli_total_on_a_phone_and_passes_axe(browser, site_url, game):
    examples = [request for g, request in readme_examples() if g == game]
    done = cli(game, examples[0])
    assert done.returncode == 0, done.stderr
    page = open_scorer(browser, site_url, game, examples[0])
    assert page.get_attribute("[data-total]", "data-total") == str(json.loads(done.stdout)["total"])
    for request in examples[1:]:
        show(page, request)
        assert page.get_attribute("[data-total]", "data-total") == str(json.loads(cli(game, request).stdout)["total"])
    # phone: nothing wider than the screen, every control at least 24 px, the total in view
    assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
    small = page.evaluate("""() => [...document.querySelectorAll(
        '.cp-scorer button, .cp-scorer select, .cp-scorer input, .cp-sc-mode span, .cp-scorer summary, .cp-sc-bar a')]
        .filter(e => e.offsetParent !== null && !['checkbox', 'radio'].includes(e.type))
        .map(e => [e.outerHTML.slice(0, 60), e.getBoundingClientRect()])
        .filter(([_, r]) => r.width < 24 || r.height < 24 || r.right > 391)
        .map(([h, r]) => [h, r.width, r.height, r.right])""")
    assert not small, small
    bar = page.locator(".cp-sc-bar").bounding_box()
    assert bar["y"] + bar["height"] <= PHONE["height"] + 1
    page.add_script_tag(content=axe_script())
    result = page.evaluate("() => axe.run({include: [['.cp-scorer']]})")
    violations = [(v["id"], [n["target"] for n in v["nodes"]][:3]) for v in result["violations"]]
    assert not violations, violations
    page.close()
    assert not page.problems.any(), page.problems


def tap(page, selector: str) -> None:
    box = page.locator(selector).first.bounding_box()
    assert box and box["width"] >= 24 and box["height"] >= 24, (selector, box)
    assert box["x"] >= 0 and box["x"] + box["width"] <= PHONE["width"], (selector, box)
    page.locator(selector).first.click()


def test_tap_out_the_concealed_qingyise_pengpeng_gangshanghua_on_a_phone(browser, site_url):
    """清一色碰碰胡, fully concealed, won by 杠上花 after 暗杠→暗杠: 198, with 门清 found by the core."""
    page = open_scorer(browser, site_url, "nanning")
    tap(page, '.cp-sc-mode:has(input[value="meld:暗杠"])')
    tap(page, '.cp-sc-palette [data-add="2m"]')
    tap(page, '.cp-sc-palette [data-add="4m"]')
    tap(page, '.cp-sc-mode:has(input[value="hand"])')
    for tile in ["1m", "1m", "1m", "5m", "5m", "5m", "7m", "7m"]:
        tap(page, f'.cp-sc-palette [data-add="{tile}"]')
    page.select_option('[data-form-field="win"]', "杠上花")
    tap(page, '[data-chain="暗杠"]')
    tap(page, '[data-chain="暗杠"]')
    answered(page)
    assert page.get_attribute("[data-total]", "data-total") == "198"
    patterns = page.inner_text(".cp-sc-patterns")
    assert "门清" in patterns and "清一色" in patterns and "碰碰胡" in patterns
    # the address follows the page (written once the taps pause) and holds the very request the CLI reads
    page.wait_for_function("decodeURIComponent(location.hash.slice(1))"
                           " === JSON.stringify(window.caipanScorer.request())")
    state = json.loads(unquote(page.evaluate("location.hash.slice(1)")))
    assert nn_score(state)["total"] == 198
    assert json.loads(cli("nanning", state).stdout)["total"] == 198
    # the total stays in view at the bottom of the screen, and nothing is wider than the phone
    bar = page.locator(".cp-sc-bar").bounding_box()
    assert bar["y"] + bar["height"] <= PHONE["height"] + 1 and "198" in page.inner_text(".cp-sc-bar")
    assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
    page.close()
    assert not page.problems.any(), page.problems


def test_the_cheat_sheet_of_a_combination_is_priced_by_the_core(scorer):
    game, page = scorer
    rules = ({"rules": {"preset": "dapao9", "options": {"qixiaodui": "as_pengpeng"}}} if game == "nanning"
             else {"readings": {"zp-r-combine": "add", "zp-r-rounding": "none"}})
    show(page, {**readme_examples()[0 if game == "nanning" else 1][1], **rules})
    page.click('[data-action="sheet"]')
    page.wait_for_selector(".cp-sc-sheet table")
    config = page.evaluate("window.CAIPAN_SCORER")
    shown = page.eval_on_selector_all(".cp-sc-sheet tbody tr",
                                      "trs => trs.map(tr => [...tr.cells].map(c => c.textContent))")
    assert len(shown) == len(config["sheet"])
    for row, cells in zip(config["sheet"], shown, strict=True):
        assert cells[0] == row["label"]
        for request, cell in zip(row["requests"], cells[1:], strict=True):
            expected = answer(game, {**request, **rules}) if request else {"error": ""}
            assert cell == (str(expected["ok"]["total"]) if "ok" in expected else "—"), (row["label"], request)
    with page.expect_download() as download:
        page.click('[data-action="csv"]')
    lines = Path(download.value.path()).read_text(encoding="utf-8-sig").splitlines()
    assert len(lines) == 1 + len(config["sheet"]) * len(config["sheet_columns"])


def sheet_row(page, label: str) -> list[tuple[str, str]]:
    """The built sheet's row of that name, found by its Chinese label: each cell's text and title."""
    page.click('[data-action="sheet"]')
    page.wait_for_selector(".cp-sc-sheet table")
    row = page.locator(".cp-sc-sheet tbody tr", has=page.locator("th", has_text=re.compile(f"^{re.escape(label)}$")))
    return [(td.text_content(), td.get_attribute("title")) for td in row.locator("td").all()]


SHISANYAO = {"rules": {"options": {"shisanyao": "agreed"}}}


@pytest.mark.parametrize("rules, prices", [
    ({}, {}),  # the article's rule: refused, the core's reason as each cell's title
    (SHISANYAO, {}),  # allowed, 约定值 not filled in: the core asks for it
    (SHISANYAO, {"shisanyao_zimo": 12, "shisanyao_fangpao": 35}),
    (SHISANYAO, {"shisanyao_zimo": 1, "shisanyao_fangpao": 1000}),
])
def test_the_cheat_sheet_prices_shisanyao_under_the_rules_and_the_forms_agreed_values(browser, site_url, rules, prices):
    """Issue 26 item 3: the sheet's 十三幺 row is "—" with the core's reason, or the core's totals with the club's
    约定值 as typed into the form (carried into the sheet as the page config marks them)."""
    example = readme_examples()[0][1]
    page = open_scorer(browser, site_url, "nanning", {**example, **rules} if rules else example)
    for key, value in prices.items():  # typed as a player does: the page reads a number when it is left
        box = page.locator(f'[data-form-field="{key}"]')
        box.fill(str(value))
        box.blur()
    answered(page)
    assert page.evaluate("() => window.caipanScorer.request()") == {**example, **rules, **prices}
    row = next(r for r in page.evaluate("window.CAIPAN_SCORER")["sheet"] if r["label"] == "十三幺")
    shown = sheet_row(page, "十三幺")
    assert len(shown) == len(row["requests"])
    for request, (text, title) in zip(row["requests"], shown, strict=True):
        expected = answer("nanning", {**request, **rules, **prices}) if request else {"error": "没有这种情形的实例牌"}
        if "ok" in expected:
            assert (text, title) == (str(expected["ok"]["total"]), expected["ok"]["formula"]), request
        else:
            assert (text, title) == ("—", expected["error"]), request
    assert all(t == "—" for t, _ in shown) == (not prices)
    with page.expect_download() as download:
        page.click('[data-action="csv"]')
    lines = Path(download.value.path()).read_text(encoding="utf-8-sig").splitlines()
    assert sum(line.startswith("十三幺,") for line in lines) == len(row["requests"])
    page.close()
    assert not page.problems.any(), page.problems


def test_the_zipai_sheet_is_priced_under_the_preset_picked_in_the_form(browser, site_url):
    """Issue 26 item 7: the 字牌 preset picked by its name (游戏程序的预设) prices the custom sheet too, each
    cell the core's answer under it (a situation the preset does not know: "—" with the core's reason)."""
    from rules.zipai.club import presets

    club = presets()["luzhou-daer"]
    example = next(r for g, r in readme_examples() if g == "zipai")
    page = open_scorer(browser, site_url, "zipai", example)
    page.select_option('[data-form-field="preset"]', label=club.name)
    answered(page)
    assert page.evaluate("() => window.caipanScorer.request()") == {**example, "preset": club.id}
    sheet = page.evaluate("window.CAIPAN_SCORER")["sheet"]
    for row in sheet:
        shown = sheet_row(page, row["label"])
        for request, (text, title) in zip(row["requests"], shown, strict=True):
            expected = answer("zipai", {**request, "preset": club.id}) if request else {"error": "没有这种情形的实例牌"}
            if "ok" in expected:
                assert (text, title) == (str(expected["ok"]["total"]), expected["ok"]["formula"]), request
            else:
                assert (text, title) == ("—", expected["error"]), request
    assert club.name in page.text_content(".cp-sheet-note")
    page.close()
    assert not page.problems.any(), page.problems


def test_the_scorer_works_offline_after_one_visit(browser, site_url):
    request = readme_examples()[0][1]
    page = open_scorer(browser, site_url, "nanning", request)
    # the service worker has cached everything (install done) and controls the page (activate claims it)
    page.evaluate("navigator.serviceWorker.ready.then(() => true)")
    page.wait_for_function("!!navigator.serviceWorker.controller", timeout=120_000)
    browser.set_offline(True)
    try:
        page.reload()
        page.wait_for_selector(".cp-scorer[data-ready]", timeout=120_000)
        assert page.get_attribute("[data-total]", "data-total") == str(nn_score(request)["total"])
        show(page, {**request, "win": "自摸"})
        assert page.get_attribute("[data-total]", "data-total") == str(nn_score({**request, "win": "自摸"})["total"])
    finally:
        browser.set_offline(False)
    page.close()
    assert not page.problems.any(), page.problems


def test_the_variant_options_are_marked_and_found_by_their_chinese_names(browser, site_url):
    """Issue 26 item 3: an option no source document has (origin 不见于原文) says so in its label, and the
    label is found by the option's Chinese name (十三幺, 平胡需自摸, 买几颗码 …); a documented one carries no mark."""
    specs = next(iter(presets().values())).option_specs
    variants = {s.name for s in specs.values() if s.variant}
    assert {"十三幺", "平胡需自摸", "买几颗码"} <= variants
    page = open_scorer(browser, site_url, "nanning")
    page.click(".cp-sc-rules summary")
    for spec in specs.values():
        named = re.compile(f"^{re.escape(spec.name)}( {NOT_IN_DOCUMENTS})?$")
        label = page.locator(".cp-sc-rules label", has_text=named)
        assert label.count() == 1, spec.name
        marks = label.locator(".cp-sc-origin")
        if spec.variant:
            assert marks.count() == 1 and marks.inner_text() == NOT_IN_DOCUMENTS, spec.name
            assert page.locator(".cp-sc-rules").get_by_label(spec.name).is_visible(), spec.name
        else:
            assert marks.count() == 0, spec.name
    page.close()
    assert not page.problems.any(), page.problems


def shown_fields(page) -> set[str]:
    """The score request's fields the open scorer page has a control for: a declared field's own control
    (data-form-field), a composite one's parts (data-path), the hand (data-hand) and the groups the palette puts
    down (the modes other than the hand)."""
    return set(page.evaluate("""() => {
        const cfg = window.CAIPAN_SCORER, root = document.querySelector('.cp-scorer');
        const out = [...root.querySelectorAll('[data-form-field]')].map(e => e.getAttribute('data-form-field'))
            .concat([...root.querySelectorAll('[data-path]')].map(e => e.getAttribute('data-path')));
        if (root.querySelector('[data-hand]')) out.push(cfg.form.fields.find(f => f.kind === 'tiles').key);
        if (root.querySelector('.cp-sc-mode input:not([value="hand"])')) out.push(cfg.ui.groups);
        return out;
    }"""))


def test_every_declared_field_of_the_score_request_is_on_the_page(scorer):
    """Completeness: the fields shown are the declaration's (`form_of` of the score request), but for those the page
    config places elsewhere (the rules section, the 连杠 buttons, the 牌局记账 page); and nothing else."""
    game_id, page = scorer
    config = page.evaluate("() => window.CAIPAN_SCORER")
    declared = {f["key"] for f in config["form"]["fields"]}
    assert declared == {f.key for f in fields_of(game(game_id).requests["score"])}
    places = {path: c["place"] for path, c in config["ui"]["fields"].items() if "place" in c}
    elsewhere = {path for path, where in places.items() if where != "rules"}
    rules = {path for path, where in places.items() if where == "rules"}
    shown = shown_fields(page)
    assert shown == declared - elsewhere - rules, (declared - elsewhere - rules) ^ shown
    # the rules section edits the one placed there: presets and options, or readings
    assert len(rules) == 1 and page.locator(".cp-sc-rules select").count() > 1
