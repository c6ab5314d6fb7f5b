"""The rule data the core reads: a mistake in it stops with one line naming the file and the key, never a
silently different price; and the review's fixes stay fixed (fresh errors from the memo, readings
honoured by the reachability programme)."""
from __future__ import annotations

import copy
import traceback

import pytest

from rules.errors import RuleError
from rules.nanning.model import HandType, KongKind, Win, Shape, Situation
from rules.nanning.rule_set import load_config, presets_from_config
from rules.nanning.scoring import price
from rules.zipai.loader import build_constants, build_options, readings_data, rules_data

NANNING = load_config()
FILE = "data/nanning/presets.toml"


def _edit(config: dict, path: tuple, value=None, delete: bool = False) -> dict:
    out = copy.deepcopy(config)
    table = out
    for key in path[:-1]:
        table = table[key]
    if delete:
        del table[path[-1]]
    else:
        table[path[-1]] = value
    return out


def _rename(config: dict, path: tuple, new: str) -> dict:
    out = copy.deepcopy(config)
    table = out
    for key in path[:-1]:
        table = table[key]
    table[new] = table.pop(path[-1])
    return out


@pytest.mark.parametrize("config, says", [
    # the review's case: a misspelt per_kong silently turned a 杠上花 total of 21 into 12
    (_rename(NANNING, ("methods", "杠上花", "per_kong"), "per_kongg"), "[methods.杠上花]: unknown key 'per_kongg'"),
    (_edit(NANNING, ("constants", "zimo_unit", "value"), delete=True), "[constants.zimo_unit]: missing key 'value'"),
    (_edit(NANNING, ("constants", "zimo_unit", "value"), "3"), "[constants.zimo_unit] value: expected int"),
    (_edit(NANNING, ("constants", "doubling"), delete=True), "[constants]: missing key 'doubling'"),
    (_edit(NANNING, ("options", "menqing_rule", "default"), "base5"), "[options.menqing_rule] default: 'base5'"),
    (_edit(NANNING, ("methods", "自摸", "scale"), "大大炮"), "[methods.自摸] scale"),
    (_edit(NANNING, ("features", "清一色", "rules"), []), "[features.清一色] rules: empty list"),
    (_edit(NANNING, ("options", "moma_extra"), NANNING["options"]["moma"]), "[options]: unknown key 'moma_extra'"),
    (_edit(NANNING, ("preset",), NANNING["preset"] + [{"id": "x", "name": "x", "description": "x",
                                                       "options": {"moma": "onn"}}]),
     f"[preset {len(NANNING['preset']) + 1}]: options.moma must be one of off | on"),
])
def test_a_mistake_in_the_nanning_presets_names_the_file_and_key(config, says):
    with pytest.raises(RuleError) as raised:
        presets_from_config(config)
    assert raised.value.one_line().startswith(FILE) and says in raised.value.one_line()


def test_the_presets_as_kept_load():
    assert "yuanwen" in presets_from_config(NANNING)


@pytest.mark.parametrize("edit, says", [
    (lambda d: d["mingtang"]["lielie"].update(valu=3), "[mingtang.lielie]: unknown key 'valu'"),
    (lambda d: d["gang"].pop("long"), "[gang]: missing key 'long'"),
    (lambda d: d["deck"]["copies"].update(value="4"), "[deck.copies] value: expected int"),
])
def test_a_mistake_in_the_zipai_rules_names_the_file_and_key(edit, says):
    data = copy.deepcopy(rules_data())
    edit(data)
    with pytest.raises(RuleError) as raised:
        build_constants(data)
    assert raised.value.one_line().startswith("data/zipai/rules.toml") and says in raised.value.one_line()


def test_a_reading_default_that_is_not_an_option_is_refused():
    data = copy.deepcopy(readings_data())
    data["reading"][0]["default"] = "nonsense"
    with pytest.raises(RuleError, match=r"data/zipai/readings.toml \[zp-r-[a-z-]+\] default: 'nonsense'"):
        build_options(data)


def test_a_changed_constant_changes_the_price():
    """The loader feeds the price: the memo never serves a price made under other constants."""
    edited = _edit(NANNING, ("constants", "kong_point", "value"), 5)
    edited = _edit(edited, ("constants", "kong_point", "quote"), "杠牌5分")
    changed = presets_from_config(edited)["yuanwen"]
    kept = presets_from_config(NANNING)["yuanwen"]
    s = Situation(HandType(Shape.JIHU, False, False), Win.GANGSHANGHUA, (KongKind.AN,))
    assert price(s, kept).total == 21 and price(s, changed).total == 18 + 3 * 5


def test_the_memo_raises_a_fresh_error_each_time():
    s = Situation(HandType(Shape.QIXIAODUI, True, False), Win.GANGSHANGHUA, (KongKind.AN,))
    preset = presets_from_config(NANNING)["yuanwen"]
    caught = []
    for _ in range(3):
        try:
            price(s, preset)
        except RuleError as exc:
            caught.append(exc)
    assert len({id(e) for e in caught}) == 3 and caught[0].rule == caught[2].rule
    assert len(traceback.format_tb(caught[2].__traceback__)) == len(traceback.format_tb(caught[0].__traceback__))


def test_reach_honours_the_yilong_sankan_reading():
    """Four 坎 and no 拢 are 一拢（坎）三坎 only under zp-r-yilong-sankan=four_kan_too, in the hand analysis
    and in the reachability programme alike."""
    from rules.zipai.analysis import patterns
    from rules.zipai.model import Special
    from rules.zipai.loader import default_rule_set
    from rules.zipai.reach import _special, _Table

    default = default_rule_set()
    wider = default.with_options({"zp-r-yilong-sankan": "four_kan_too"})
    assert Special.YILONG_SANKAN not in patterns(0, 4, True, default)
    assert Special.YILONG_SANKAN in patterns(0, 4, True, wider)
    key = (Special.YILONG_SANKAN.value, True)
    narrow, wide = _special(_Table(default), default)[key], _special(_Table(wider), wider)[key]
    assert set(narrow) < set(wide) or any(wide[h] < narrow.get(h, 99) for h in wide)
