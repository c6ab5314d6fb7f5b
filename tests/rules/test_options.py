"""Options and readings are enums (rules.options): the code never compares an option's value to a bare
string, and the enums and the data files must agree, or loading stops with one line naming the file
and the key.

Issue 22 counted 55 lines of rules/ comparing an option or reading to a string literal
(``preset.option("moma") == "on"``, ``r.heihu == "double_plus_100"``); the check below finds none."""
from __future__ import annotations

import ast
import copy

import pytest

from generator.paths import ROOT
from rules.errors import RuleError
from rules.nanning.options import Options as NanningOptions
from rules.nanning.rule_set import load_config, presets_from_config
from rules.options import check_against, choices
from rules.zipai.loader import build_options, readings_data
from rules.zipai.options import Options as ZipaiOptions

# What holds an option's value: a rule set's options (and the defaults), 字牌's readings.
HOLDERS = {"options", "default_options", "readings"}


def _is_option(node: ast.AST, bound: set[str]) -> bool:
    """An option's value: ``….options.<key>``, ``<a name bound to one of those>.<key>``, a name bound to
    an option's value, or ``….option("key")``."""
    if isinstance(node, ast.Attribute):
        value = node.value
        if isinstance(value, ast.Attribute) and value.attr in HOLDERS:
            return True
        if isinstance(value, ast.Name) and (value.id in HOLDERS or value.id in bound):
            return True
    if isinstance(node, ast.Name) and node.id in bound:
        return True
    return isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and node.func.attr == "option"


def _strings(node: ast.AST) -> bool:
    """A string literal, or a tuple, list or set of them."""
    if isinstance(node, ast.Constant):
        return isinstance(node.value, str)
    return isinstance(node, (ast.Tuple, ast.List, ast.Set)) and any(_strings(e) for e in node.elts)


def string_comparisons(source: str) -> list[int]:
    """The lines where an option's value is compared with a string literal (==, !=, is, in …), the value
    read directly or through a name it was assigned to in the same function."""
    tree = ast.parse(source)
    found = []
    for scope in [tree, *(n for n in ast.walk(tree) if isinstance(n, (ast.FunctionDef, ast.AsyncFunctionDef)))]:
        bound = {t.id for n in ast.walk(scope) if isinstance(n, ast.Assign) and _is_option(n.value, set())
                 for t in n.targets if isinstance(t, ast.Name)}
        bound |= {t.id for n in ast.walk(scope) if isinstance(n, ast.Assign)
                  and isinstance(n.value, ast.Attribute) and n.value.attr in HOLDERS
                  for t in n.targets if isinstance(t, ast.Name)}  # r = rule_set.options: r.heihu is an option
        for node in ast.walk(scope):
            if isinstance(node, ast.Compare):
                sides = [node.left, *node.comparators]
                if any(_strings(s) for s in sides) and any(_is_option(s, bound) for s in sides):
                    found.append(node.lineno)
    return sorted(set(found))


def test_no_option_is_compared_to_a_bare_string_in_the_core():
    found = {str(p.relative_to(ROOT)): string_comparisons(p.read_text(encoding="utf-8"))
             for p in sorted((ROOT / "rules").rglob("*.py"))}
    assert {path: lines for path, lines in found.items() if lines} == {}


@pytest.mark.parametrize("source, lines", [
    ('if preset.option("moma") == "on":\n    pass\n', [1]),
    ("r = config.readings\nx = r.heihu == 'double_plus_100'\n", [2]),
    ("x = rule_set.options.moma != 'on'\n", [1]),
    ("def f(rule_set):\n    offset = rule_set.options.fishing_offset\n    return offset == 'one_share'\n", [3]),
    ("x = rule_set.options.moma in ('on', 'off')\n", [1]),
    ("x = rule_set.options.moma is Switch.ON\n", []),
    ("x = hand.kind == '碰'\n", []),
])
def test_the_check_finds_string_comparisons(source, lines):
    assert string_comparisons(source) == lines


def _renamed_value(config: dict, option: str, old: str, new: str) -> dict:
    out = copy.deepcopy(config)
    spec = out["options"][option]
    spec["values"] = {(new if k == old else k): v for k, v in spec["values"].items()}
    if spec["default"] == old:
        spec["default"] = new
    for p in out["preset"]:
        if p.get("options", {}).get(option) == old:
            p["options"][option] = new
    return out


@pytest.mark.parametrize("option, old, new, says", [
    ("moma", "on", "yes", "data/nanning/presets.toml [options] moma: values yes are not in the core's Switch; "
                          "the core's on are not in the data"),
    ("win_dealer", "rotate", "rotates", "data/nanning/presets.toml [options] win_dealer: values rotates are not in "
                                        "the core's WinDealer; the core's rotate are not in the data"),
])
def test_a_nanning_option_value_the_enum_lacks_stops_loading(option, old, new, says):
    with pytest.raises(RuleError) as raised:
        presets_from_config(_renamed_value(load_config(), option, old, new))
    assert raised.value.one_line() == says


def test_a_nanning_option_the_core_does_not_declare_stops_loading():
    config = copy.deepcopy(load_config())
    config["options"]["extra"] = copy.deepcopy(config["options"]["moma"])
    with pytest.raises(RuleError, match=r"data/nanning/presets.toml \[options\]: unknown key 'extra'"):
        presets_from_config(config)


@pytest.mark.parametrize("change, says", [
    (lambda r: r["option"].pop(), "data/zipai/readings.toml zp-r-combine: values — are not in the core's Combine; "
                                  "the core's add are not in the data"),
    (lambda r: r["option"].append({"id": "subtract", "label": "相减", "says": "…"}),
     "data/zipai/readings.toml zp-r-combine: values subtract are not in the core's Combine; the core's — are not in "
     "the data"),
    (lambda r: r.update(id="zp-r-nothing"), 'data/zipai/readings.toml: unknown option "zp-r-nothing" (the core '
                                             'declares zp-r-bao-stacking, zp-r-combination-rows, zp-r-combine'),
])
def test_a_zipai_reading_that_differs_from_its_enum_stops_loading(change, says):
    data = copy.deepcopy(readings_data())
    change(data["reading"][0])
    with pytest.raises(RuleError) as raised:
        build_options(data)
    assert raised.value.one_line().startswith(says)


def test_every_declared_option_is_an_enum_of_the_values_the_data_gives():
    """Loading checked it (`check_against`); here the same: the options in the order the data lists them,
    each with the data's values."""
    nanning = load_config()["options"]
    assert [(k, {m.value for m in e}) for k, (_, e) in choices(NanningOptions).items()] == [
        (k, set(o["values"])) for k, o in nanning.items()]
    zipai = readings_data()["reading"]
    assert [(k, {m.value for m in e}) for k, (_, e) in choices(ZipaiOptions).items()] == [
        (r["id"], {o["id"] for o in r["option"]}) for r in zipai]
    check_against(ZipaiOptions, build_options(readings_data()), "data/zipai/readings.toml")
