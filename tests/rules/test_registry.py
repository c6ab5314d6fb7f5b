"""A third game defined only under tests/toygame: registered with one line, it goes through the
command line, the payout-table contract, the cross-check and a whole site build."""
from __future__ import annotations

import io
import json

import pandas as pd
import pytest

from rules import registry
from rules.__main__ import main
from rules.game import check_result, check_table

from tests.conftest import build_into, parse
from tests.toygame import Toy


@pytest.fixture
def toy():
    game = registry.register(Toy())
    yield game
    registry.unregister(game.id)


def run_cli(monkeypatch, capsys, text: str, command: str = "score") -> tuple[int, str, str]:
    monkeypatch.setattr("sys.stdin", io.StringIO(text))
    code = main([command, "--game", "toy"])
    out = capsys.readouterr()
    return code, out.out, out.err


def test_the_toy_is_not_a_game_until_registered():
    assert "toy" not in registry.ids()


@pytest.mark.parametrize("request_, total, payers", [
    ({"fan": 2, "win": "自摸"}, 8, {"左家": 4, "右家": 4}),   # 2 × 2 from each of two
    ({"fan": 1, "win": "点炮"}, 4, {"左家": 4}),              # 2 × 1 × 2 from the discarder
    ({"fan": 3, "win": "点炮"}, 12, {"左家": 12}),
])
def test_command_line(toy, monkeypatch, capsys, request_, total, payers):
    code, out, err = run_cli(monkeypatch, capsys, json.dumps(request_, ensure_ascii=False))
    assert code == 0, err
    result = json.loads(out)
    assert check_result(result, "toy") == []
    assert result["total"] == total
    assert {p["payer"]: p["amount"] for p in result["payments"]} == payers


@pytest.mark.parametrize("text, says", [
    ('{"fan": 9, "win": "自摸"}', "toy-r1"), ('{"fan": 1, "win": "x"}', "win must be"), ("[]", "one JSON object"),
])
def test_command_line_refuses_bad_input(toy, monkeypatch, capsys, text, says):
    code, out, err = run_cli(monkeypatch, capsys, text)
    assert code == 2 and out == "" and err.startswith("error: ") and says in err and err.count("\n") == 1


def test_waits_not_available(toy, monkeypatch, capsys):
    assert run_cli(monkeypatch, capsys, "{}", "waits")[2] == "error: waits not available for toy\n"


def test_payout_table(toy):
    table = toy.payout_table()
    assert check_table(table, "toy") == []
    assert {r["id"]: r["total"] for r in table["rows"] if r["feasible"]} == {
        "toy-1-zm": 4, "toy-1-dp": 4, "toy-2-zm": 8, "toy-2-dp": 8, "toy-3-zm": 12, "toy-3-dp": 12}
    assert [r["id"] for r in table["rows"] if not r["feasible"]] == ["toy-0-zm", "toy-0-dp", "toy-4-zm", "toy-4-dp"]


@pytest.mark.slow
def test_a_whole_build_with_the_toy(toy, tmp_path):
    built = build_into(tmp_path)
    checks = pd.read_csv(built.generated / "crosscheck.csv", dtype=str, keep_default_na=False)
    mine = checks[checks["game"] == "toy"].set_index("example_id")
    assert mine.loc["toy-e1", "verdict"] == "matches"
    assert mine.loc["toy-e2", ["verdict", "engine", "finding_id"]].tolist() == \
        ["arithmetic_wrong", "4", "toy-e2-arithmetic"]
    rulings = parse(built.site / "rulings" / "index.html")
    assert {"toy-e2-arithmetic", "toy-e1", "toy-e2"} <= set(rulings.ids)
    table = json.loads((built.site / "data" / "toy_payouts.json").read_text(encoding="utf-8"))
    assert check_table(table, "toy") == []
    for page in ("payouts", "finder", "rules"):
        assert (built.site / "toy" / page / "index.html").exists(), page
    assert "toy" in parse(built.site / "toy" / "payouts" / "index.html").games
    assert {"toy-r1", "toy-r2"} <= set(parse(built.site / "toy" / "rules" / "index.html").ids)
    # the real games are all still there
    for game in set(registry.ids()) - {"toy"}:
        assert (built.site / game / "payouts" / "index.html").exists()
