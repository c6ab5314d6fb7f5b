"""Drills (练习, issue 24): ids that give the same drill back, drills the core never refuses, 常见 as often
as the exact counts say (a chi-square goodness of fit), 全部 covering every hand type, 名堂 and win method,
consecutive drills that differ, answers equal to `caipan score`, checked answers that say what a wrong one
would have been right for, the command line's refusals, the schemas and the README's example."""
from __future__ import annotations

import io
import itertools
import json
import math
import random
import re
import shutil
import subprocess
import sys
from collections import Counter

import pytest

from generator import drills as weights_writer
from generator.paths import ROOT
from rules import data, registry
from rules.__main__ import main
from rules.drill import Level, Mode, digest, drill, drills, make_id, module, read_id, verdict
from rules.errors import RuleError
from rules.nanning import drill as nanning_drill
from rules.nanning.feasibility import check
from rules.nanning.model import Pattern, Situation, Win
from rules.nanning.payouts import chains, hand_types
from rules.nanning.rule_set import preset
from rules.zipai import drill as zipai_drill
from rules.zipai.loader import default_rule_set
from rules.zipai.model import GangKind
from rules.zipai.model import Win as ZipaiWin
from rules.zipai.payouts import HAND_NAMES, reached
from rules.zipai.scoring import NAME_ORDER

from tests.contract import errors

GAMES = [g.id for g in registry.games() if g.drills]
MANY = 1000  # drills per game for the laws over many
# The chi-square test's significance: a drawn sample of the true counts exceeds the critical value once in
# a thousand samples (the seeds are fixed, so the test itself is deterministic).
ALPHA_Z = 3.0902  # the standard normal quantile of 1 - 0.001
LEAST_EXPECTED = 5  # bins expected fewer times are pooled (the usual condition for the chi-square law)


def modes(game: str) -> list[Mode]:
    return list(module(game).MODES)


def run(*args: str) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "rules", "drill", *args], capture_output=True, text=True,
                          cwd=ROOT, timeout=300)


# ---------------------------------------------------------------- ids

@pytest.mark.parametrize("game,mode,level,seed", [(g, m, level, seed) for g in GAMES for m in modes(g)
                                                  for level in Level for seed in (0, 7)])
def test_an_id_gives_the_same_drill_back(game, mode, level, seed):
    first = drill(game, mode, level, seed)
    assert first["id"] == make_id(game, mode, level, seed)
    assert read_id(first["id"]) == (game, mode, level, seed)
    assert drills({"game": game, "id": first["id"]}) == [first]
    assert errors("drill", first) == []


def test_an_id_on_the_command_line_gives_the_same_line():
    done = run("--game", "zipai", "--mode", "huxi", "--level", "全部", "--seed", "3")
    line = json.loads(done.stdout)
    again = run("--game", "zipai", "--id", line["id"])
    assert done.returncode == again.returncode == 0 and again.stdout == done.stdout


@pytest.mark.parametrize("added, same", [
    ("\n# one more line\n", True),  # a comment or layout keeps every id
    ("\n[drill_test_only]\nvalue = 1\n", False),  # what the data says changes the digest
])
def test_a_drill_drawn_under_other_rule_data_says_so(tmp_path, added, same):
    """Changing what a rule data file of the game says changes the digest: the old id is refused, naming
    how to draw the same seed again; the other game's ids stay. A comment changes nothing."""
    old_nanning, old_zipai = make_id("nanning", Mode.TOTAL, Level.COMMON, 4), make_id("zipai", Mode.TOTAL,
                                                                                       Level.COMMON, 4)
    copy = tmp_path / "data"
    shutil.copytree(ROOT / "data", copy)
    with (copy / "nanning" / "presets.toml").open("a", encoding="utf-8") as fh:
        fh.write(added)
    before = list(data._chosen)
    data.use_data_dir(copy)
    try:
        assert (digest("nanning") == old_nanning.rsplit("-", 1)[1]) is same
        if same:
            assert read_id(old_nanning)[3] == 4
        else:
            with pytest.raises(RuleError, match=r"drawn under other rule data .*--seed 4$"):
                read_id(old_nanning)
        assert read_id(old_zipai)[0] == "zipai"
    finally:
        data._chosen[:] = before


# ---------------------------------------------------------------- many drills

@pytest.fixture(scope="module")
def common():
    return {g: drills({"game": g, "count": MANY}) for g in GAMES}


@pytest.fixture(scope="module")
def every():
    return {g: drills({"game": g, "level": "全部", "count": MANY}) for g in GAMES}


def chi_square(observed: Counter, weights: dict[object, int], n: int) -> tuple[float, int]:
    """Pearson's statistic of observed counts against exact weights, the bins expected fewer than
    `LEAST_EXPECTED` times pooled into one; and its degrees of freedom."""
    total = sum(weights.values())
    expected = {k: n * w / total for k, w in weights.items() if w}
    assert set(observed) <= set(expected), f"drawn, but the counts say never: {set(observed) - set(expected)}"
    rare = [k for k, e in expected.items() if e < LEAST_EXPECTED]
    bins = [([k], e) for k, e in expected.items() if e >= LEAST_EXPECTED]
    if rare:
        bins.append((rare, sum(expected[k] for k in rare)))
    stat = sum((sum(observed[k] for k in keys) - e) ** 2 / e for keys, e in bins)
    return stat, len(bins) - 1


def critical(df: int) -> float:
    """The chi-square quantile at 1 - 0.001 by the Wilson–Hilferty approximation, which for every df
    from 1 up lies above the exact quantile (df 1: 11.16 against 10.83; df 2: 14.13 against 13.82), so
    the test errs towards passing a true sampler, never towards failing it for chance alone."""
    a = 2 / (9 * df)
    return df * (1 - a + ALPHA_Z * math.sqrt(a)) ** 3


def category_weights(game: str) -> dict[object, int]:
    if game == "nanning":
        return dict(nanning_drill.weights())
    found: Counter = Counter()
    for red, n in zipai_drill.weights():
        found[zipai_drill.colour_class(red)] += n
    return dict(found)


def category(game: str, d) -> object:
    return nanning_drill.category(d) if game == "nanning" else zipai_drill.category(d)


@pytest.mark.slow
@pytest.mark.parametrize("game", GAMES)
def test_common_follows_the_exact_counts(game, common, every):
    """常见 passes a chi-square goodness of fit against the statistics page's counts; the same statistic
    rejects 全部 (balanced over hand types), so the test can fail."""
    weights = category_weights(game)
    stat, df = chi_square(Counter(category(game, d) for d in common[game]), weights, MANY)
    assert df >= 1 and stat < critical(df), (stat, df, critical(df))
    balanced = Counter(category(game, d) for d in every[game])
    assert sum(balanced[k] for k in balanced if weights.get(k, 0) == 0) or \
        chi_square(balanced, weights, MANY)[0] > critical(df)


def test_the_weights_are_the_statistics_counts():
    """data/<game>/drill.toml is what generator.drills writes from the statistics' own computation."""
    assert len(weights_writer.files()) == len(GAMES)
    for relative, text in weights_writer.files().items():
        assert (ROOT / "data" / relative).read_text(encoding="utf-8") == text(), \
            f"run: python -m generator.drills --write ({relative})"


def test_the_chi_square_rejects_a_biased_sample():
    weights = {"a": 90, "b": 10}
    assert chi_square(Counter({"a": 900, "b": 100}), weights, 1000)[0] < critical(1)
    assert chi_square(Counter({"a": 850, "b": 150}), weights, 1000)[0] > critical(1)


@pytest.mark.slow
def test_every_covers_every_nanning_hand_type_pattern_and_win(every):
    rules = preset()
    possible = {h for h in hand_types() if any(check(Situation(h, w, c), rules) is None for w in Win
                                                for c in chains(w, rules.value("chain_max")))}
    drawn = every["nanning"]
    seen_types = {tuple(d["answer"]["patterns"]) for d in drawn}
    assert {tuple(p.value for p in h.patterns()) for h in possible} <= seen_types
    assert {p.value for p in Pattern} <= {p for d in drawn for p in d["answer"]["patterns"]}
    assert {w.value for w in Win} <= {d["request"]["win"] for d in drawn}


@pytest.mark.slow
def test_every_covers_every_zipai_hand_type_mingtang_and_win(every):
    drawn = every["zipai"]
    assert HAND_NAMES | {"天胡"} <= {zipai_drill.hand_type(d["answer"]) for d in drawn}
    assert set(NAME_ORDER) <= {name for d in drawn for name in d["answer"]["mingtang"]}  # every 名堂
    wins = {"起手胡" if "起手" in d["request"].get("extras", []) else d["request"]["win"] for d in drawn}
    assert {w.value for w in ZipaiWin} <= wins
    plain = [d for d in drawn if d["request"].get("win") == ZipaiWin.ZIMO.value and not d["request"].get("bao")]
    assert {t.huxi for t in zipai_drill.huxi_targets()} <= {d["answer"]["huxi"] for d in plain}  # every 胡数
    assert {k.value for k in GangKind} <= {g["kind"] for d in drawn for g in d["request"].get("gang", [])}


@pytest.mark.slow
def test_the_drills_huxi_are_every_huxi_a_hand_won_in_play_reaches():
    """The 胡数 the drills count ways to (`exact`) are the payout table's (`rules.zipai.reach`, another
    programme over the cards, with every rule of the hand): the two agree on what exists."""
    low = default_rule_set().constants.min_huxi.value
    assert [t.huxi for t in zipai_drill.huxi_targets()] == sorted({h for _, _, h in reached().regular if h >= low})


@pytest.mark.parametrize("huxi", [10, 35, 59, 72, 96])
def test_a_hand_of_an_exact_huxi_has_it(huxi):
    """21 cards, and one more for each four after the first (six groups and the pair: ext-zp-hand)."""
    groups = zipai_drill.exact(random.Random(huxi), huxi)
    assert groups is not None and sum(g.huxi for g in groups) == huxi
    fours = sum(len(g.cards) == 4 for g in groups)
    assert sum(len(g.cards) for g in groups) == zipai_drill.cards() + max(0, fours - 1)


@pytest.mark.parametrize("huxi", [74, 77, 97, 200])
def test_no_hand_of_a_huxi_no_hand_reaches(huxi):
    assert zipai_drill.exact(random.Random(0), huxi) is None


@pytest.mark.slow
@pytest.mark.parametrize("level", ["common", "every"])
@pytest.mark.parametrize("game", GAMES)
def test_many_drills_are_answered_by_score_and_differ_in_a_row(game, level, common, every, request):
    drawn = (common if level == "common" else every)[game]
    the_game = registry.game(game)
    for d in drawn:
        assert d["answer"] == the_game.score(d["request"])  # never refused, and the whole answer
        assert errors(f"{game}.score.request", d["request"]) == []
    for a, b in itertools.pairwise(drawn):
        assert a["request"] != b["request"], a["id"]
    assert len({d["seed"] for d in drawn}) == MANY


@pytest.mark.parametrize("game", GAMES)
def test_answers_equal_the_command_line_score(game, monkeypatch):
    """The drill's answer is what `caipan score` (`caipan waits`) prints for its request, byte for byte
    once parsed, for every mode and level."""
    for mode in modes(game):
        for level in Level:
            d = drill(game, mode, level, 11)
            command = "waits" if mode is Mode.WAITS else "score"
            monkeypatch.setattr(sys, "stdin", io.StringIO(json.dumps(d["request"], ensure_ascii=False)))
            out = io.StringIO()
            monkeypatch.setattr(sys, "stdout", out)
            assert main([command, "--game", game]) == 0
            assert json.loads(out.getvalue()) == d["answer"], d["id"]
            assert errors(f"{game}.{command}.request", d["request"]) == []
            assert errors(f"{game}.{command}.response", d["answer"]) == []


@pytest.mark.parametrize("game,mode,level", [(g, m, level) for g in GAMES for m in modes(g) for level in Level])
def test_small_runs_of_every_mode_and_level(game, mode, level):
    """Every mode at every level: drills the core answers, the question asked in Chinese, the expected
    answer taken from the answer, consecutive drills that differ; 争议 names its ruling."""
    drawn = drills({"game": game, "mode": mode.value, "level": level.value, "seed": 20, "count": 4})
    rulings = {str(f["id"]) for f in data.read_toml(f"{game}/findings.toml")["finding"]}
    for d in drawn:
        assert errors("drill", d) == [] and re.search(r"[\u4e00-\u9fff]", d["question"])
        assert d["expect"] == module(game).expect(d["answer"], mode)
        assert (d["ruling"] in rulings) if level is Level.DISPUTED else d["ruling"] == ""
    assert all(a["request"] != b["request"] for a, b in itertools.pairwise(drawn))


# ---------------------------------------------------------------- checking an answer

def as_drill(game: str, mode: Mode, request: dict) -> dict:
    answer = registry.game(game).score(request)
    return {"id": make_id(game, mode, Level.COMMON, 0), "game": game, "mode": mode.value, "request": request,
            "answer": answer, "expect": module(game).expect(answer, mode)}


MENQING_ZIMO = {"hand": "234m678m999m123s55p", "win": "自摸"}
PENG_ZIMO = {"hand": "234m678m999m55p", "melds": [{"kind": "碰", "tile": "9s"}], "win": "自摸"}
ZIPAI_ZIMO = {"hand": "贰柒拾七八九伍陆柒捌捌", "shown": [{"kind": "拢", "cards": "肆肆肆肆"},
              {"kind": "碰", "cards": "五五五"}, {"kind": "碰", "cards": "六六六"}], "win": "自摸"}


@pytest.mark.parametrize("game,mode,request_,given,verdict_,also", [
    ("nanning", Mode.TOTAL, PENG_ZIMO, 9, "right", None),
    ("nanning", Mode.TOTAL, PENG_ZIMO, 2, "wrong", "按放炮算"),  # the 放炮 total of the same hand
    ("nanning", Mode.TOTAL, MENQING_ZIMO, 9, "wrong", "没有门清"),  # 自摸 3 a payer without 门清's 4
    ("nanning", Mode.PAYERS, PENG_ZIMO, {"下家": 3, "对家": 3, "上家": 3}, "right", None),
    ("nanning", Mode.PAYERS, PENG_ZIMO, {"上家": 2}, "wrong", "按放炮算"),
    ("nanning", Mode.PATTERNS, MENQING_ZIMO, ["门清", "鸡胡"], "right", None),
    ("nanning", Mode.TOTAL, PENG_ZIMO, 10 ** 6, "wrong", None),  # right for nothing
    ("zipai", Mode.TOTAL, ZIPAI_ZIMO, 100, "right", None),
    ("zipai", Mode.TOTAL, ZIPAI_ZIMO, 80, "wrong", "按点炮（上家）算"),
    ("zipai", Mode.HUXI, ZIPAI_ZIMO, 23, "right", None),
    ("zipai", Mode.PATTERNS, ZIPAI_ZIMO, ["自摸", "归"], "right", None),
])
def test_a_checked_answer_says_what_a_wrong_one_is_right_for(game, mode, request_, given, verdict_, also):
    found = verdict(as_drill(game, mode, request_), given)
    assert found["verdict"] == verdict_ and found["formula"] and found["rules"]
    whats = [a["what"] for a in found["also"]]
    assert (also in whats) if also else whats == []


# ---------------------------------------------------------------- the command line

STALE = "nanning-total-c-1-00000000"


@pytest.mark.parametrize("args,message", [
    (["--game", "nanning", "--mode", "huxi"], "mode huxi is not a mode of nanning"),
    (["--game", "chess"], "argument --game: invalid choice"),
    ([], "the following arguments are required: --game"),
    (["--game", "zipai", "--mode", "score"], "argument --mode: invalid choice"),
    (["--game", "zipai", "--level", "难"], "argument --level: invalid choice"),
    (["--game", "zipai", "--seed", "-1"], "seed must be from 0 to 999999999, not -1"),
    (["--game", "zipai", "--seed", "1000000000"], "seed must be from 0 to 999999999"),
    (["--game", "zipai", "--seed", "x"], "argument --seed: invalid int value"),
    (["--game", "zipai", "--count", "0"], "count must be from 1 to 1000, not 0"),
    (["--game", "zipai", "--count", "1001"], "count must be from 1 to 1000, not 1001"),
    (["--game", "zipai", "--seed", "999999999", "--count", "2"], "seed + count - 1 must be at most 999999999"),
    (["--game", "nanning", "--id", "nanning-total"], "id must be <game>-<mode>-<c|a|d>-<seed>-"),
    (["--game", "nanning", "--id", "x" * 65], "id is 65 characters long; at most 64"),
    (["--game", "nanning", "--id", STALE], "was drawn under other rule data (00000000, now "),
    (["--game", "zipai", "--id", STALE], "is not a drill of zipai"),
    (["--game", "nanning", "--id", STALE, "--seed", "3"], "id names one drill: give it alone"),
    (["--game", "nanning", "--id", "nanning-huxi-c-1-00000000"], "mode huxi is not a mode of nanning"),
])
@pytest.mark.parametrize("as_json", [False, True])
def test_bad_arguments_are_one_line(args, message, as_json):
    done = run(*args, *(["--json-errors"] if as_json else []))
    assert done.returncode == 2 and done.stdout == ""
    line = done.stderr.rstrip("\n")
    assert "\n" not in line and len(line) <= 300
    if as_json:
        refusal = json.loads(line)
        assert errors("error", refusal) == [] and message in refusal["message"]
    else:
        assert line.startswith("error: ") and message in line


def test_the_arguments_schema_is_the_declaration():
    from rules import schemas

    example = schemas.load("drill.request")["examples"][0]
    assert errors("drill.request", example) == []
    assert [d["seed"] for d in drills(example)] == [1, 2]
    assert errors("drill.request", {"game": "nanning", "mode": "huxi", "seed": -1}) != []


# ---------------------------------------------------------------- the README

def test_the_readme_drill_example():
    """The README's drill example: the command, and the fields it shows of the line it prints."""
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    section = readme.split("## 练习", 1)[1]
    command = re.search(r"`\.venv/bin/python -m rules drill ([^`]+)`", section)[1].split()
    shown = json.loads(re.search(r"```json\n(.*?)\n```", section, re.S)[1])
    line = json.loads(run(*command).stdout)
    assert {k: line[k] for k in shown} == shown


def test_the_memo_of_first_draws_forgets_the_oldest_without_losing_the_one_asked(monkeypatch):
    """Drawing more seeds than the memo holds, then one whose seed before is the oldest kept: the same drill
    as before (the memo once dropped the very entry it was asked for: a KeyError in the cheat sheets' build)."""
    import rules.drill as the_drills

    monkeypatch.setattr(the_drills, "MEMO", 3)
    monkeypatch.setattr(the_drills, "_FIRST", {})
    first = [drill("nanning", Mode.TOTAL, Level.COMMON, s) for s in range(1, 7)]
    assert drill("nanning", Mode.TOTAL, Level.COMMON, 2) == first[1]
    assert len(the_drills._FIRST) <= 3
