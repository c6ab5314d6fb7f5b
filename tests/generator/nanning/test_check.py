"""Every Nanning worked example, checked against the rules core (one case each)."""
import pytest

from generator.examples import extract
from generator.nanning.check import crosscheck_rows, engine, findings

EXAMPLES = {e.id: e for e in extract("nanning")}
VERDICTS = {r.example_id: r for r in crosscheck_rows()}

# Hand-checked: the examples that do not match, their verdict and the finding that rules on them.
NOT_MATCHING = {
    "nn-7-ag1-2-d001-1": ("arithmetic_wrong", "nn-f-angang-menqing-27"),
    "nn-7-ag2-8-d001-1": ("contradicts_rules", "nn-f-angang2-74"),
    "nn-7-ag2-8-d000-1": ("contradicts_rules", "nn-f-angang2-74"),
    "nn-7-ag3-1-d001-1": ("infeasible", "nn-f-angang3-jihu"),
    "nn-7-ag3-1-d000-1": ("infeasible", "nn-f-angang3-jihu"),
    "nn-7-ag3-3-d001-1": ("infeasible", "nn-f-angang3-jihu"),
    "nn-7-ag3-3-d000-1": ("infeasible", "nn-f-angang3-jihu"),
    "nn-7-ag4-1-d001-1": ("infeasible", "nn-f-angang4-menqing"),
    "nn-7-ag4-1-d000-1": ("infeasible", "nn-f-angang4-menqing"),
    "nn-7-ag4-3-d001-1": ("infeasible", "nn-f-angang4-menqing"),
    "nn-7-ag4-3-d000-1": ("infeasible", "nn-f-angang4-menqing"),
    "nn-9-4-d001-1": ("infeasible", "nn-f-qianggang-shape"),
    "nn-9-4-d000-1": ("infeasible", "nn-f-qianggang-shape"),
    "nn-9-5-d001-1": ("infeasible", "nn-f-qianggang-shape"),
    "nn-9-5-d000-1": ("infeasible", "nn-f-qianggang-shape"),
    "nn-9-6-d001-1": ("infeasible", "nn-f-qianggang-shape"),
    "nn-9-6-d000-1": ("infeasible", "nn-f-qianggang-shape"),
    "nn-9-7-d001-1": ("infeasible", "nn-f-qianggang-shape"),
    "nn-9-8-d001-1": ("infeasible", "nn-f-qianggang-shape"),
    "nn-22-ma-n1-d001-1": ("contradicts_rules", "nn-f-moma-chances"),
    "nn-22-ma-n1-d001-2": ("contradicts_rules", "nn-f-moma-chances"),
}


@pytest.mark.parametrize("example_id", sorted(EXAMPLES))
def test_worked_example(example_id):
    example = EXAMPLES[example_id]
    verdict = VERDICTS[example_id]
    if example_id in NOT_MATCHING:
        expected, finding = NOT_MATCHING[example_id]
        assert (verdict.verdict, verdict.finding_id) == (expected, finding)
        return
    result = engine(example)
    assert result.value == example.stated, (example.quote, result.formula)
    assert verdict.verdict == "matches"


def test_every_example_has_a_verdict_and_findings_exist():
    assert set(VERDICTS) == set(EXAMPLES)
    ids = {f.id for f in findings()}
    assert {f for _, f in NOT_MATCHING.values()} <= ids


@pytest.mark.parametrize("example_id, stated, rules_give", [
    ("nn-7-ag1-2-d001-1", 24, 27),   # 001 wrote 24 for (8+1)×3
    ("nn-7-ag2-8-d001-1", 228, 198),  # 74 should be 64
    ("nn-22-ma-n1-d001-1", 20, 44),   # the dealer's code tiles: 11 kinds × 4
    ("nn-22-ma-n1-d001-2", 12, 28),   # the dealer's 上家: 7 kinds × 4
])
def test_what_the_rules_give_instead(example_id, stated, rules_give):
    assert EXAMPLES[example_id].stated == stated
    assert VERDICTS[example_id].engine == str(rules_give)


def test_rejected_readings_reproduce_their_own_numbers():
    """The document's worked numbers for readings it rejects come out under those presets."""
    assert "menqing-plus1" in VERDICTS["nn-3-d1-d001-3"].readings.split()     # (3×2+1+1)×3 = 24
    assert "qixiaodui-9" in VERDICTS["nn-5-d1-d001-1"].readings.split()      # 七小对算9分
    assert "dapao9" in VERDICTS["nn-1-d1-d001-1"].readings.split()          # 大炮一律9分
    assert "menqing-plus1" in VERDICTS["nn-7-ag1-2-d001-1"].readings.split()  # 001's 24
