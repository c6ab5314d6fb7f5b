"""One findings schema and one consistency gate for every game (generator/findings.py)."""
import dataclasses
from functools import cache

import pytest

from generator.nanning import check as nanning_check
from generator.zipai import check as zipai_check
from generator.errors import DataError
from generator.findings import EXPLAINS, KINDS, SCHEMA, check_consistency, load_findings, problems

# What each game hands the gate: its cross-check rows, its findings, its constants.
GAMES = {
    "nanning": (nanning_check.crosscheck_rows, nanning_check.findings, nanning_check.constants),
    "zipai": (zipai_check.crosscheck, zipai_check.findings, zipai_check.constants),
}


@pytest.fixture(scope="module")
def game(zipai_crosscheck):
    """A game's name → what it hands the gate (字牌's rows made once per run: conftest.zipai_crosscheck)."""
    @cache
    def of(name: str):
        rows, found, constants = GAMES[name]
        return tuple(zipai_crosscheck if name == "zipai" else rows()), tuple(found()), tuple(constants())
    return of


def refused(game, name: str, rows, constants=None) -> str:
    _, found, real = game(name)
    with pytest.raises(DataError) as info:
        check_consistency(name, rows, found, real if constants is None else constants)
    message = str(info.value)
    assert "\n" not in message
    return message


@pytest.mark.parametrize("name", GAMES)
def test_both_files_use_the_one_schema(name):
    entries = load_findings(name)
    assert entries and {k for f in entries for k in f} <= set(SCHEMA["finding"][0])
    assert all(f["kind"] in KINDS for f in entries)


@pytest.mark.parametrize("name", [pytest.param(g, marks=pytest.mark.slow) if g == "zipai" else g for g in GAMES])
def test_the_gate_passes_the_committed_data(name, game):  # 字牌's gate rebuilds its findings: some 17 s, slow
    rows, found, constants = game(name)
    assert problems(rows, found) == []
    check_consistency(name, rows, found, constants)


@pytest.mark.parametrize("name", GAMES)
def test_a_matches_that_does_not_match_stops_the_build(name, game):
    rows, _, _ = game(name)
    first = next(i for i, r in enumerate(rows) if r.verdict == "matches")
    wrong = dataclasses.replace(rows[first], engine=str(rows[first].stated + 1))
    message = refused(game, name, (*rows[:first], wrong, *rows[first + 1:]))
    assert f"{wrong.example_id} is marked matches" in message and f"data/{name}/findings.toml" in message


@pytest.mark.parametrize("name", GAMES)
def test_a_verdict_without_a_finding_stops_the_build(name, game):
    rows, _, _ = game(name)
    index = next(i for i, r in enumerate(rows) if r.verdict != "matches")
    orphan = dataclasses.replace(rows[index], finding_id="")
    message = refused(game, name, (*rows[:index], orphan, *rows[index + 1:]))
    assert message.startswith(f"data/{name}/findings.toml: ") and "no finding covers it" in message


@pytest.mark.parametrize("name", GAMES)
def test_a_finding_of_the_wrong_kind_does_not_explain_a_verdict(name, game):
    rows, found, _ = game(name)
    index = next(i for i, r in enumerate(rows) if r.verdict != "matches")
    other = next(f for f in found if f.kind not in EXPLAINS[rows[index].verdict])
    wrong = dataclasses.replace(rows[index], finding_id=other.id)
    assert "cannot explain that" in refused(game, name, (*rows[:index], wrong, *rows[index + 1:]))


@pytest.mark.parametrize("name, key, value, example", [
    ("nanning", "constants.zimo_unit", 8, "nn-1-r1-d001-3"),
    ("zipai", "mingtang.banghu", 40, "zp-3-banghu-r2-d003-1"),
])
def test_the_gate_names_the_constant_a_failing_row_checks(name, key, value, example, game):
    """A constant changed in a rule file: the message names that file and key, not the findings."""
    rows, _, constants = game(name)
    index = next(i for i, r in enumerate(rows) if r.example_id == example)
    broken = dataclasses.replace(rows[index], engine=str(value), verdict="contradicts_rules", finding_id="")
    changed = [dataclasses.replace(c, value=value) if c.key == key else c for c in constants]
    message = refused(game, name, (*rows[:index], broken, *rows[index + 1:]), changed)
    file = next(c.file for c in constants if c.key == key)
    assert message.startswith(f"data/{file}: {key}: is {value}, but ")
    # the same row with the constant unchanged: nothing to blame, the findings file is named
    assert refused(game, name, (*rows[:index], broken, *rows[index + 1:])).startswith(f"data/{name}/findings.toml: ")
