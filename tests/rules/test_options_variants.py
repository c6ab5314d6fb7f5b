"""Variants clubs play (issue 26): options and a preset from deployed programs, each 不见于原文 with its
provenance, the documents' own rules staying the default.

The worked examples of the billee1011 preset are read off tests/ports/VARIANTS.md §2.4 (billee / 原文
columns); the differential test against the port is tests/ports/test_billee_differential.py."""
from __future__ import annotations

import copy
import re

import pytest

from rules.errors import RuleError
from rules.nanning.rule_set import load_config, preset, presets_from_config
from rules.options import NOT_IN_DOCUMENTS
from rules.registry import game

NANNING = game("nanning")
VARIANTS = ["shisanyao", "pinghu_zimo", "pinghu_scope", "moma_count", "scoring"]
SHISANYAO = "19m19p19s12345677z"
PRESET_OPTIONS = {p["id"]: p.get("options", {}) for p in load_config()["preset"]}  # what each preset sets


def score(request: dict) -> dict:
    return NANNING.score(request)


def refusal(request: dict) -> RuleError:
    with pytest.raises(RuleError) as caught:
        score(request)
    return caught.value


def test_variants_are_listed_apart_with_provenance():
    """Exactly the variant options are marked 不见于原文, each with a citation; the documents' readings are not."""
    options = NANNING.options()
    assert [o.key for o in options if o.variant] == VARIANTS
    for o in options:
        assert (o.origin == NOT_IN_DOCUMENTS) == bool(o.provenance), o.key
        assert o.default in o.values  # the default is the documents' own rule
    for i in NANNING.presets():  # a preset is a variant exactly when it sets a variant option
        variant = any(o.key in VARIANTS for o in options if o.key in PRESET_OPTIONS[i])
        assert (preset(i).origin == NOT_IN_DOCUMENTS) == variant == bool(preset(i).provenance), i


def test_published_presets_carry_the_marker():
    """The presets JSON the site reads lists origin and provenance for every option and preset."""
    from generator.nanning.tables import presets_json

    data = presets_json()
    assert {k for k, o in data["options"].items() if o["origin"] == NOT_IN_DOCUMENTS} == set(VARIANTS)
    assert all(o["provenance"] for o in data["options"].values() if o["origin"])
    assert [p["id"] for p in data["presets"] if p["origin"]] == [
        "billee-server", "pinghu-zimo", "moma-4", "moma-6", "moma-8", "moma-10"]


@pytest.mark.parametrize("entry, message", [
    ({"origin": NOT_IN_DOCUMENTS}, "origin: a variant is marked"),
    ({"provenance": ["a.java 1"]}, "origin: a variant is marked"),
    ({"origin": "原文", "provenance": ["a.java 1"]}, "origin: a variant is marked"),
    ({"origin": NOT_IN_DOCUMENTS, "provenance": []}, "origin: a variant is marked"),
])
def test_a_variant_without_its_citation_stops_loading(entry, message):
    config = copy.deepcopy(load_config())
    spec = config["options"]["menqing_rule"]
    spec.update(entry)
    with pytest.raises(RuleError, match=message):
        presets_from_config(config)


# ---- 十三幺 ---------------------------------------------------------------------------


def test_shisanyao_is_refused_by_default_with_the_article_line():
    error = refusal({"hand": SHISANYAO, "win": "自摸"})
    assert error.rule == "nn-0-r2" and "无十三幺" in error.message


@pytest.mark.parametrize("win, extra, total, net_prev", [
    ("自摸", {"shisanyao_zimo": 10}, 30, -10),
    ("放炮", {"shisanyao_fangpao": 25}, 25, -25),
    ("抢杠胡", {"shisanyao_fangpao": 25, "discarder": "对家"}, 25, 0),
])
def test_shisanyao_agreed_is_priced_at_the_club_value(win, extra, total, net_prev):
    out = score({"hand": SHISANYAO, "win": win, "rules": {"preset": "yuanwen", "options": {"shisanyao": "agreed"}},
                 **extra})
    assert out["total"] == total and out["net"]["上家"] == net_prev
    assert out["patterns"] == ["十三幺"] and "约定值" in out["formula"] and out["reading"]["pairs"] == ["中"]


# the missing value asked for in the words of the scorer's form (its label 十三幺约定值（…）), no field key
@pytest.mark.parametrize("win, missing", [("自摸", "十三幺约定值（自摸每家付）"),
                                          ("海底炮", "十三幺约定值（放炮者付）")])
def test_shisanyao_agreed_without_a_value_asks_for_it(win, missing):
    error = refusal({"hand": SHISANYAO, "win": win, "rules": {"preset": "yuanwen",
                                                               "options": {"shisanyao": "agreed"}}})
    assert missing in error.message and "shisanyao" not in error.message


def test_shisanyao_refused_names_the_house_rule_a_player_picks():
    error = refusal({"hand": SHISANYAO, "win": "自摸"})
    assert "“十三幺”设为“可以胡，按俱乐部约定值计分（约定值）”" in error.message and "agreed" not in error.message


# ---- 平胡需自摸 -------------------------------------------------------------------------

PINGHU = {"preset": "yuanwen", "options": {"pinghu_zimo": "yes"}}
JIHU = {"hand": "234m678m999m55p", "melds": [{"kind": "碰", "tile": "9s"}]}
JIHU_MENQING = {"hand": "234m678m999m55p789s"}


@pytest.mark.parametrize("hand, win, rules, allowed", [
    (JIHU, "放炮", None, True),  # the article: 鸡胡 放炮 2
    (JIHU, "放炮", PINGHU, False),
    (JIHU, "杠上炮", PINGHU, False),
    (JIHU, "自摸", PINGHU, True),
    (JIHU_MENQING, "放炮", PINGHU, False),
    (JIHU_MENQING, "放炮", {"preset": "yuanwen", "options": {"pinghu_zimo": "yes", "pinghu_scope": "jihu_only"}},
     True),
    ({"hand": "222m555m999m55p", "melds": [{"kind": "碰", "tile": "9s"}]}, "放炮", PINGHU, True),  # 碰碰胡
])
def test_pinghu_zimo(hand, win, rules, allowed):
    request = {**hand, "win": win, **({"rules": rules} if rules else {})}
    if allowed:
        assert score(request)["total"] > 0
    else:
        error = refusal(request)
        assert "平胡需自摸" in error.message and error.rule == "nn-1-1"


def test_pinghu_scope_needs_pinghu_zimo():
    with pytest.raises(RuleError, match="平胡需自摸"):
        preset().with_options({"pinghu_scope": "jihu_only"})


# ---- 买几颗码 --------------------------------------------------------------------------

ZIMO = {**JIHU, "win": "自摸"}


@pytest.mark.parametrize("count, hits, total", [
    ("yuanwen", 2, 27), ("4", 4, 45), ("6", 5, 54), ("8", 8, 81), ("10", 10, 99),
])
def test_moma_count_allows_as_many_hits(count, hits, total):
    out = score({**ZIMO, "moma_hits": hits, "rules": {"preset": "moma", "options": {"moma_count": count}}})
    assert out["total"] == total  # 9 × (1 + hits)


@pytest.mark.parametrize("count, hits", [("yuanwen", 3), ("4", 5), ("8", 9)])
def test_more_hits_than_codes_is_refused(count, hits):
    error = refusal({**ZIMO, "moma_hits": hits, "rules": {"preset": "moma", "options": {"moma_count": count}}})
    assert error.rule == "nn-22-ma-d1"


def test_moma_count_needs_moma():
    with pytest.raises(RuleError, match="摸码"):
        preset().with_options({"moma_count": "6"})


# ---- the billee1011 server's preset -----------------------------------------------------

QQR = {"hand": "55p", "melds": [{"kind": "碰", "tile": t} for t in ("1m", "2m", "3m", "4s")]}
QIDUI = {"hand": "11223344556677m"}


@pytest.mark.parametrize("what, request_, billee, yuanwen", [
    ("鸡胡 放炮", {**JIHU, "win": "放炮"}, 2, 2),
    ("鸡胡门清 放炮: no 门清 off a self-draw", {**JIHU_MENQING, "win": "放炮"}, 2, 4),
    ("鸡胡门清 自摸", {**JIHU_MENQING, "win": "自摸"}, 12, 12),
    ("鸡胡 杠上炮: the discard ×2", {**JIHU, "win": "杠上炮"}, 4, 9),
    ("鸡胡门清 抢杠胡", {"hand": "234m678m999m55p789s", "win_tile": "3m", "win": "抢杠胡"}, 4, 12),
    ("鸡胡 全求炮", {**JIHU, "win": "全求炮"}, 9, 9),
    ("七小对 放炮: 9-based", {"hand": "11223344m5566p77s", "win": "放炮"}, 9, 12),
    ("七小对清一色 放炮", {**QIDUI, "win": "放炮"}, 18, 24),
    ("七小对清一色 自摸", {**QIDUI, "win": "自摸"}, 48, 48),
    ("全求人 放炮", {**QQR, "win": "放炮"}, 36, 18),
    ("全求人 自摸: counted, 12 each", {**QQR, "win": "自摸"}, 36, 18),
    ("海底捞月: a plain 自摸", {**JIHU, "win": "海底捞月"}, 9, 18),
])
def test_billee_preset_worked_examples(what, request_, billee, yuanwen):
    assert score({**request_, "rules": "billee-server"})["hand_points"] == billee, what
    assert score(request_)["hand_points"] == yuanwen, what


def test_billee_fenghu_self_draw_doubles_the_fenghu_share():
    """封胡 on a self-draw: B pays every share and his own twice (Table 872-873, 946-950): 3 + 3 + 6."""
    three_pengs = [{"kind": "碰", "tile": t} for t in ("9s", "1z", "7p")]  # 封胡 needs three (nn-12-r1)
    out = score({"hand": "234m55p", "melds": three_pengs, "win": "自摸", "fenghu": "被封胡者包付",
                 "fenghu_seat": "对家", "rules": "billee-server"})
    assert out["net"]["对家"] == -12 and out["hand_points"] == 12


def test_billee_moma_counts_after_a_minggang():
    """The server draws 码 on every self-draw, a 明杠's 杠上花 included (Dispatch 227); the article does not."""
    request = {"hand": "234m678m55p", "melds": [{"kind": "明杠", "tile": "9s"}, {"kind": "碰", "tile": "1z"}],
               "win": "杠上花", "moma_hits": 1}
    assert score({**request, "rules": "billee-server"})["hand_points"] == 3 * 2 * 2 * 3
    assert refusal({**request, "rules": "moma"}).rule == "nn-22-ma-r1"


# ---- what the pages show (the built site) --------------------------------------------------


def test_preset_changes_count_every_row():
    """Each preset's counts cover its rows: what both allow plus what only it allows is every row it can
    price; the billee preset changes most of what both allow."""
    from generator.nanning.tables import preset_changes
    from rules.nanning.payouts import payout_rows

    rows = payout_rows()
    changes = {c["id"]: c for c in preset_changes(rows)}
    assert set(changes) == set(NANNING.presets()) - {"yuanwen"}
    for pid, c in changes.items():
        feasible = sum(1 for r in rows if r["preset"] == pid and r["feasible"])
        assert c["both"] + c["only_here"] == feasible, pid
        assert 0 <= c["differ"] <= c["both"]
    assert changes["billee-server"]["differ"] > changes["billee-server"]["both"] // 2


# the counts each game's comparison shows, in the order of its columns: Nanning over its payout table's
# situations, 字牌 over the drills' hands (its presets have no rows of the document's table)
SHOWN_COUNTS = {"nanning": ("both", "differ", "only_here", "only_yuanwen"),
                "zipai": ("rows", "both", "differ", "only_yuanwen")}


@pytest.mark.parametrize("game", sorted(SHOWN_COUNTS))
def test_rulings_page_shows_every_preset_change(built, game):
    """The rulings page lists every preset the data compares, with the data's counts, and the provenance of
    the ones not in the documents."""
    import json

    changes = json.loads((built.generated / f"{game}_preset_changes.json").read_text(encoding="utf-8"))
    page = (built.ctx.docs / "rulings.md").read_text(encoding="utf-8")
    assert changes
    for c in changes:
        row = next(line for line in page.splitlines() if line.startswith(f'<tr id="preset-{c["id"]}">'))
        numbers = [int(n) for n in re.findall(r'<td class="cp-num">(\d+)</td>', row)]
        assert numbers == [c[k] for k in SHOWN_COUNTS[game]], c["id"]
        for o in c["options"]:  # Nanning's in the row, 字牌's in a list below the table
            assert o["means"].replace("'", "&#39;") in (row if game == "nanning" else page), (c["id"], o["name"])
        for cited in c["provenance"]:
            assert cited.replace("'", "&#39;") in page, c["id"]


def test_scoring_page_lists_the_variants_apart(built):
    """计分规则 lists the documents' options, then the variants under their own heading, each with its source."""
    page = (built.ctx.docs / "nanning" / "scoring.md").read_text(encoding="utf-8")
    before, variants = page.split("{ #nanning-variants }")
    for o in NANNING.options():
        anchor = f"{{ #option-{o.key} }}"
        assert anchor in (variants if o.variant else before), o.key
        for cited in o.provenance:
            assert cited.replace("'", "&#39;") in variants
