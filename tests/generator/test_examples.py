"""Worked examples as data: the arithmetic parser and hand-checked whole sections."""
from fractions import Fraction

import pytest

from generator.examples import evaluate, expressions, extract, statements


@pytest.mark.parametrize("text, lhs, stated", [
    ("2、 普通牌型自摸6×3=18分；", "6*3", 18),
    ("1、 普通牌型（6＋1）×3=21分；", "(6+1)*3", 21),
    ("则是（基数3×2＋门清1＋杠1）×3人=24分", "(3*2+1+1)*3", 24),
    ("普通牌型为9分×2倍=18分；", "9*2", 18),
    ("例：普通牌型为（4×3=12）×2=24分", "(4*3)*2", 24),
    ("如胡数为21，倍数为4，那么就等于21×4=84，向上取整", "21*4", 84),
])
def test_expressions(text, lhs, stated):
    found = [e for e in expressions(text) if e.stated is not None]
    assert [(e.lhs, e.stated) for e in found] == [(lhs, stated)]


def test_two_equations_in_a_row_are_split():
    found = expressions("（4×3=12）×2=24分24÷3=8，即每位玩家付8分")
    assert [(e.lhs, e.stated) for e in found] == [("(4*3)*2", 24), ("24/3", 8)]


def test_inner_equation_that_does_not_hold_is_flagged():
    (e,) = expressions("（4×3=13）×2=26分")
    assert not e.inner_ok


@pytest.mark.parametrize("expr, value", [
    ("(74+2)*3", 228), ("(8+1)*3", 27), ("24/3", 8), ("5*4", 20), ("7/2", Fraction(7, 2)), ("2+", None), ("", None),
])
def test_evaluate(expr, value):
    assert evaluate(expr) == value


def test_plain_amounts_and_restatements():
    found = statements("1、 普通牌型：基数3分×3=9分（即每家付3分）；")
    assert [(s.stated, s.arithmetic) for s in found] == [(9, "3*3"), (3, "")]
    found = statements("3、 普通牌型大炮9分（按照基数3分×3常见于杠上炮、全求人炮、海底炮）；")
    assert [(s.stated, s.arithmetic, s.evaluates_to) for s in found] == [(9, "3*3", "9")]


def _rows(section):
    return [
        (e.id, e.stated, e.arithmetic, e.evaluates_to, "+".join(e.pattern), e.method, e.payer, e.quantity)
        for e in extract("nanning") if e.section == section
    ]


# Section 四、碰碰胡, both copies, checked by hand against 001:29-43 and 000:21-35.
SECTION_4 = [
    ("nn-4-1-d001-1", 9, "", "", "碰碰胡", "放炮", "放炮者", "total"),
    ("nn-4-1-d000-1", 9, "", "", "碰碰胡", "放炮", "放炮者", "total"),
    ("nn-4-2-d001-1", 18, "6*3", "18", "碰碰胡", "自摸", "三家", "total"),
    ("nn-4-2-d000-1", 18, "6*3", "18", "碰碰胡", "自摸", "三家", "total"),
    ("nn-4-3-d001-1", 18, "", "", "碰碰胡+清一色", "放炮", "放炮者", "total"),
    ("nn-4-3-d000-1", 18, "", "", "碰碰胡+清一色", "放炮", "放炮者", "total"),
    ("nn-4-4-d001-1", 36, "12*3", "36", "碰碰胡+清一色", "自摸", "三家", "total"),
    ("nn-4-4-d000-1", 36, "12*3", "36", "碰碰胡+清一色", "自摸", "三家", "total"),
    ("nn-4-5-d001-1", 12, "", "", "碰碰胡+门清", "放炮", "放炮者", "total"),
    ("nn-4-5-d000-1", 12, "", "", "碰碰胡+门清", "放炮", "放炮者", "total"),
    ("nn-4-6-d001-1", 24, "8*3", "24", "碰碰胡+门清", "自摸", "三家", "total"),
    ("nn-4-6-d000-1", 24, "8*3", "24", "碰碰胡+门清", "自摸", "三家", "total"),
    ("nn-4-7-d001-1", 24, "", "", "碰碰胡+门清+清一色", "放炮", "放炮者", "total"),
    ("nn-4-7-d000-1", 24, "", "", "碰碰胡+门清+清一色", "放炮", "放炮者", "total"),
    ("nn-4-8-d001-1", 48, "16*3", "48", "碰碰胡+门清+清一色", "自摸", "三家", "total"),
    ("nn-4-8-d000-1", 48, "16*3", "48", "碰碰胡+门清+清一色", "自摸", "三家", "total"),
]

# Section 十四、天胡 (001:345-351, 000:321-327): one worked example with three amounts.
SECTION_14 = [
    ("nn-14-e1-d001-1", 24, "(4*3)*2", "24", "鸡胡+门清", "天胡", "三家", "total"),
    ("nn-14-e1-d001-2", 8, "24/3", "8", "鸡胡+门清", "天胡", "三家", "per_payer"),
    ("nn-14-e1-d001-3", 8, "", "", "鸡胡+门清", "天胡", "三家", "per_payer"),
    ("nn-14-e1-d000-1", 24, "(4*3)*2", "24", "鸡胡+门清", "天胡", "三家", "total"),
    ("nn-14-e1-d000-2", 8, "24/3", "8", "鸡胡+门清", "天胡", "三家", "per_payer"),
    ("nn-14-e1-d000-3", 8, "", "", "鸡胡+门清", "天胡", "三家", "per_payer"),
]

# Section 十三、死双 (001:335-343, 000:311-319).
SECTION_13 = [
    ("nn-13-e1-d001-1", 2, "", "", "碰碰胡", "放炮", "", "multiplier"),
    ("nn-13-e1-d000-1", 2, "", "", "碰碰胡", "放炮", "", "multiplier"),
    ("nn-13-li3-e1-d001-1", 18, "9*2", "18", "碰碰胡", "放炮", "被封胡者", "per_payer"),
    ("nn-13-li3-e1-d001-2", 9, "", "", "碰碰胡", "放炮", "放炮者", "per_payer"),
    ("nn-13-li3-e1-d001-3", 27, "", "", "碰碰胡", "放炮", "被封胡者+放炮者", "total"),
    ("nn-13-li3-e1-d000-1", 18, "9*2", "18", "碰碰胡", "放炮", "被封胡者", "per_payer"),
    ("nn-13-li3-e1-d000-2", 9, "", "", "碰碰胡", "放炮", "放炮者", "per_payer"),
    ("nn-13-li3-e1-d000-3", 27, "", "", "碰碰胡", "放炮", "被封胡者+放炮者", "total"),
]


@pytest.mark.parametrize("section, expected", [(4, SECTION_4), (14, SECTION_14), (13, SECTION_13)])
def test_whole_sections_by_hand(section, expected):
    assert _rows(section) == expected


def test_暗杠_block_keeps_both_copies_numbers():
    rows = {e.id: e for e in extract("nanning") if e.block == "ag1"}
    assert (rows["nn-7-ag1-2-d001-1"].stated, rows["nn-7-ag1-2-d001-1"].evaluates_to) == (24, "27")
    assert (rows["nn-7-ag1-2-d000-1"].stated, rows["nn-7-ag1-2-d000-1"].evaluates_to) == (27, "27")
    assert {e.chain for e in rows.values()} == {"暗杠"} and {e.kongs for e in rows.values()} == {1}


def test_every_example_line_gives_a_row():
    import re

    from generator.structure import article
    with_rows = {e.row_id for e in extract("nanning")}
    for row in article("nanning").rows:
        if re.search(r"\d+\s*分", row.text):
            assert row.id in with_rows, row.id


def test_ids_are_unique_and_quotes_are_the_original_lines():
    examples = extract("nanning") + extract("zipai")
    assert len({e.id for e in examples}) == len(examples)
    from generator.text import all_lines
    for e in examples:
        assert e.quote.startswith(all_lines()[e.doc][e.line - 1].original.strip(" \u3000"))


def test_zipai_worked_examples():
    rows = {e.id: e for e in extract("zipai")}
    assert (rows["zp-2-huxi-e1-d003-1"].arithmetic, rows["zp-2-huxi-e1-d003-1"].stated) == ("21*4", 84)
    assert rows["zp-2-huxi-e1-d003-2"].stated == 90
    assert rows["zp-2-teshu-e1-d003-2"].stated == 60


def test_committed_examples_file_is_up_to_date():
    """data/examples/examples.csv is generated; the committed copy must match a fresh extraction."""
    from generator.paths import EXAMPLES
    from generator.sourcedata import examples_csv

    assert examples_csv() == (EXAMPLES / "examples.csv").read_bytes(), "run: python -m generator examples --write"


def test_only_the_explicit_command_writes_the_examples_file(tmp_path):
    """`examples` checks, `examples --write` rewrites; the rewritten file is the committed one."""
    import shutil
    import subprocess
    import sys

    from generator.paths import DATA, ROOT

    data = tmp_path / "data"
    shutil.copytree(DATA, data, ignore=shutil.ignore_patterns("editions"))
    committed = (data / "examples" / "examples.csv").read_bytes()
    (data / "examples" / "examples.csv").write_bytes(committed.replace(b",1,\xe5\x88\x86,", b",2,\xe5\x88\x86,", 1))

    def run(*args: str) -> subprocess.CompletedProcess:
        return subprocess.run([sys.executable, "-m", "generator", "examples", *args, "--data", str(data)],
                              cwd=ROOT, capture_output=True, text=True)

    stale = run()
    assert stale.returncode == 2 and stale.stderr.count("\n") == 1 and "examples --write" in stale.stderr
    assert run("--write").returncode == 0
    assert (data / "examples" / "examples.csv").read_bytes() == committed
    assert run().returncode == 0
