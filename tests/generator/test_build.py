"""Single corruptions of the data files: each stops the build with one line naming the file.

Each case corrupts one thing in a copy of data/ and builds from it
(`python -m generator build --no-site --quiet --data COPY`). The build must exit
with status 2 and say exactly one line on stderr that names the corrupted file
(and the key or line where it can), with no traceback; the committed
data/examples/examples.csv must stay as it is, in the repository and in the copy.
"""
from __future__ import annotations

import re
import shutil
import subprocess
import sys
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from pathlib import Path

import pytest

from generator.paths import DATA, ROOT

EXAMPLES = "examples/examples.csv"


@dataclass(frozen=True)
class Corruption:
    id: str
    file: str  # inside data/
    change: Callable[[Path], None]  # given the file's path in the copy
    says: str  # what the error line must contain besides the file name
    names: str = ""  # the file the line names, when not the corrupted one
    # files that must be as the last recorded edition has them: the build names the corrupted file
    # only by seeing that these did not change (generator.recorded.blame)
    recorded: tuple[str, ...] = ()


def replace(old: str, new: str, count: int = 1) -> Callable[[Path], None]:
    """Replace the first `count` occurrences of `old`; fails the test if `old` is not there."""
    def change(path: Path) -> None:
        text = path.read_text(encoding="utf-8")
        assert old in text, f"{old!r} is not in {path.name}: update the corruption"
        path.write_text(text.replace(old, new, count), encoding="utf-8")
    return change


def sub(pattern: str, new: str) -> Callable[[Path], None]:
    """Replace the first match of a regular expression (multiline)."""
    def change(path: Path) -> None:
        text = path.read_text(encoding="utf-8")
        changed, n = re.subn(pattern, new, text, count=1, flags=re.M)
        assert n == 1, f"{pattern!r} does not match {path.name}: update the corruption"
        path.write_text(changed, encoding="utf-8")
    return change


def append(text: str) -> Callable[[Path], None]:
    def change(path: Path) -> None:
        path.write_text(path.read_text(encoding="utf-8") + text, encoding="utf-8")
    return change


def delete(path: Path) -> None:
    path.unlink()


SOURCE_001 = "sources/001_f66df4746556c2ac.txt"

CASES = [
    # data/sources.toml and the documents
    Corruption("sources-deleted", "sources.toml", delete, "file is missing"),
    Corruption("sources-syntax", "sources.toml", replace('id = "001"', 'id = "001'), "TOML syntax error"),
    Corruption("sources-line-9447", "sources.toml", replace("article_lines = [1, 447]", "article_lines = [1, 9447]"),
               "document[001].article_lines"),
    Corruption("sources-unknown-key", "sources.toml", replace('id = "001"', 'id = "001"\nlanguage = "zh"'),
               "unknown key 'language'"),
    Corruption("sources-missing-key", "sources.toml", sub(r'^sha256 = .*\n', ""), "missing key 'sha256'"),
    Corruption("sources-wrong-type", "sources.toml", replace("article_lines = [1, 447]", 'article_lines = "1-447"'),
               "article_lines: expected a list"),
    Corruption("sources-document-deleted", SOURCE_001, delete, "is missing"),
    Corruption("sources-document-altered", SOURCE_001, append("\n"), "was altered"),
    # data/text/
    Corruption("fold-fen-fen", "text/foldings.toml",
               append('\n[[fold]]\nfrom = "分"\nto = "份"\nkind = "形近错字"\nwhere = ["001:7"]\n'),
               "fold[分→份].where"),
    Corruption("fold-line-9447", "text/foldings.toml",
               replace('where = ["000:1", "000:127"]', 'where = ["000:1", "000:9447"]'),
               "000:9447 is outside"),
    Corruption("fold-missing-key", "text/foldings.toml", sub(r'^kind = .*\n', ""), "missing key 'kind'"),
    Corruption("classify-unknown-class", "text/classify.toml",
               replace('line = "001:7"\nclass = "rule"', 'line = "001:7"\nclass = "rules"'),
               "override[2].class"),
    Corruption("classify-syntax", "text/classify.toml", replace("[classes]", "[classes"), "TOML syntax error"),
    Corruption("spam-bad-regex", "text/spam.toml",
               replace('regex = "精彩', 'regex = "(精彩'), "not a regular expression"),
    # data/structure/
    Corruption("anchor-9999", "structure/nanning.toml", replace('anchor = "001:21"', 'anchor = "001:9999"'),
               "001:9999 is outside"),
    Corruption("anchor-blank-line", "structure/nanning.toml", replace('anchor = "001:21"', 'anchor = "001:2"'),
               "001:2 is not a content line"),
    Corruption("structure-unknown-document", "structure/zipai.toml",
               replace('documents = ["003"]', 'documents = ["009"]'),
               "unknown document '009'"),
    Corruption("structure-missing-key", "structure/zipai.toml",
               sub(r'^id_prefix = .*\n', ""), "missing key 'id_prefix'"),
    Corruption("structure-wrong-type", "structure/nanning.toml", replace("number = 1\n", 'number = "1"\n'),
               "expected an integer"),
    # data/examples/
    Corruption("context-unknown-key", "examples/context.toml",
               replace('[nanning.section.2]\nmethod = "自摸"', '[nanning.section.2]\nmethd = "自摸"'),
               "unknown key 'methd'"),
    Corruption("context-unknown-row", "examples/context.toml", replace('row = "nn-20-d1"', 'row = "nn-20-d9"'),
               "no row 'nn-20-d9'"),
    Corruption("context-kongs-9", "examples/context.toml", sub(r"^kongs = \d+$", "kongs = 9"), "is not 0–4"),
    Corruption("context-wrong-type", "examples/context.toml", replace('pattern = ["碰碰胡"]', 'pattern = "碰碰胡"'),
               "expected a list"),
    Corruption("examples-edited", EXAMPLES, replace(",1,分,", ",2,分,"), "out of date"),
    Corruption("examples-deleted", EXAMPLES, delete, "file is missing"),
    # a fold to another character occurs where listed, but changes the extracted amounts
    Corruption("fold-changes-meaning", "text/foldings.toml",
               replace('from = "汾"\nto = "分"', 'from = "汾"\nto = "份"'),
               "out of date", names=EXAMPLES),
    # findings, both games
    Corruption("findings-deleted", "nanning/findings.toml", delete, "file is missing"),
    Corruption("findings-old-key", "nanning/findings.toml",
               replace("covers = ", "examples = "), "unknown key 'examples'"),
    Corruption("findings-unknown-kind", "nanning/findings.toml", replace('kind = "arithmetic"', 'kind = "arithmatic"'),
               "unknown kind 'arithmatic'"),
    Corruption("findings-price-name", "nanning/findings.toml", replace("prices = { rules = ", "prices = { rule = "),
               "cannot fill"),
    Corruption("findings-unknown-option", "nanning/findings.toml",
               replace('option = "moma_multiply"', 'option = "moma_multiplyy"'),
               "unknown option 'moma_multiplyy'"),
    Corruption("findings-unknown-reading", "zipai/findings.toml",
               replace('option = "zp-r-heihu"', 'option = "zp-r-heihuu"'),
               "unknown option 'zp-r-heihuu'"),
    Corruption("findings-missing-verdict", "zipai/findings.toml", sub(r"^verdict = .*\n", ""), "missing key 'verdict'"),
    Corruption("findings-quote-not-in-row", "zipai/findings.toml",
               replace('text = "20分和10分"', 'text = "20分和15分"'),
               "is not in row zp-3-laidianr-r2"),
    Corruption("findings-uncovered-infeasible", "nanning/findings.toml",
               sub(r'^covers = \["nn-7-ag3-1-d001-1".*\n', ""), "no finding covers it"),
    # rule data
    Corruption("nanning-drill-weights", "nanning/drill.toml", replace("count = 1103112", "count = 1103113"),
               "data/nanning/drill.toml: not the statistics' exact counts"),
    Corruption("zipai-drill-weights", "zipai/drill.toml", delete, "data/zipai/drill.toml: not the statistics'"),
    Corruption("zipai-copies-5", "zipai/rules.toml",
               replace('copies = { value = 4', 'copies = { value = 5'), "deck.copies"),
    Corruption("zipai-constant-banghu", "zipai/rules.toml", replace('banghu = { value = 30', 'banghu = { value = 40'),
               "[mingtang.banghu] value: 40, but its quote states 30"),
    Corruption("zipai-unknown-key", "zipai/rules.toml", replace("tianhu = {", "tianhuu = {"),
               "unknown key 'tianhuu' (missing 'tianhu')"),
    Corruption("zipai-wrong-type", "zipai/rules.toml", replace("lielie = { value = 3,", 'lielie = { value = "3",'),
               "[mingtang.lielie] value"),
    Corruption("readings-default", "zipai/readings.toml", replace('default = "multiply"', 'default = "multiplyx"'),
               "[zp-r-combine] default"),
    Corruption("zipai-unknown-rule-id", "zipai/rules.toml",
               replace('rule = "zp-3-banghu-r2"', 'rule = "zp-3-banghu-r9"'),
               "'zp-3-banghu-r9' is not a row"),
    Corruption("zipai-unknown-ext-rule", "zipai/rules.toml", replace('rule = "ext-zp-deck"', 'rule = "ext-zp-decks"'),
               "'ext-zp-decks' is used but not described"),
    Corruption("readings-quote-not-in-row", "zipai/readings.toml",
               replace('quote = "(胡数×倍数+额外分数)+杠分"', 'quote = "(胡数×倍数-额外分数)+杠分"'),
               "is not in row zp-2-gongshi-r1"),
    Corruption("readings-syntax", "zipai/readings.toml", sub(r"^\[\[reading\]\]$", "[[reading]"), "cannot be read"),
    Corruption("nanning-constant-zimo", "nanning/presets.toml",
               replace("zimo_unit = { value = 3,", "zimo_unit = { value = 8,"),
               "[constants.zimo_unit] value: 8, but its quote states 3"),
    Corruption("nanning-default-not-an-option", "nanning/presets.toml",
               replace('default = "base4"', 'default = "base5"'),
               "[options.menqing_rule] default"),
    Corruption("nanning-presets-syntax", "nanning/presets.toml", replace("[constants]", "[constants"), "presets.toml"),
    Corruption("nanning-presets-deleted", "nanning/presets.toml", delete, "presets.toml"),
    # Issue 26: the billee1011 server's branch table (data/nanning/billee1011.toml).
    Corruption("billee-branch-flag", "nanning/billee1011.toml", replace('flags = ["基本胡"]', 'flags = ["鸡胡"]'),
               "[branch 1] flags: '鸡胡' is not one of"),
    Corruption("billee-method-column", "nanning/billee1011.toml",
               replace('column = "全求炮"', 'column = "大炮"'), "[methods.全求炮] column"),
    Corruption("billee-deleted", "nanning/billee1011.toml", delete, "billee1011.toml"),
    # Issue 25: each of these ended in a traceback, named another file, or changed the outputs without a word.
    # - tracebacks (a huge number took 74 s before it crashed)
    Corruption("zipai-huxi-kind-integer", "zipai/rules.toml",
               replace('kind = "碰"\ncolour = "黑"', 'kind = 1\ncolour = "黑"'),
               "[huxi 1] kind: 1 is not one of"),
    Corruption("zipai-huxi-row-missing", "zipai/rules.toml", sub(r'^\[\[huxi\]\]\nkind = "将"\n(.*\n){3}', ""),
               "[huxi]: no row for 将"),
    Corruption("zipai-min-huxi-11", "zipai/rules.toml", replace("min_huxi = { value = 10", "min_huxi = { value = 11"),
               "[hand.min_huxi] value: 11, but its quote states 10"),
    Corruption("zipai-rounding-0", "zipai/rules.toml", replace("rounding = { value = 10", "rounding = { value = 0"),
               "[settlement.rounding] value: 0 is outside 1–100"),
    Corruption("zipai-hongbao-red-30", "zipai/rules.toml",
               replace("hongbao_declare_red = { value = 10", "hongbao_declare_red = { value = 30"),
               "[mingtang.hongbao_declare_red] value: 30 is outside 0–24"),
    Corruption("nanning-chain-huge", "nanning/presets.toml",
               replace("chain_max = { value = 4", "chain_max = { value = 123456789012"),
               "[constants.chain_max] value: 123456789012 is outside 1–4"),
    # - reported as a cross-check mismatch of another file
    Corruption("nanning-presets-truncated", "nanning/presets.toml", sub(r'^\[\[preset\]\]\nid = "dapao9"(.|\n)*', ""),
               "no [[preset]] with id 'dapao9', which data/examples/context.toml"),
    Corruption("nanning-doubling-0", "nanning/presets.toml",
               replace("doubling = { value = 2", "doubling = { value = 0"),
               "[constants.doubling] value: 0 is outside 2–10"),
    Corruption("nanning-doubling-3", "nanning/presets.toml",
               replace("doubling = { value = 2", "doubling = { value = 3"),
               "[constants.doubling] value: 3, but its quote states 2"),
    Corruption("nanning-per-kong-negative", "nanning/presets.toml", replace("per_kong = 1", "per_kong = -1"),
               "[methods.杠上花] per_kong: -1 is outside 0–2"),
    Corruption("nanning-payers-2", "nanning/presets.toml", replace("payers = { value = 3", "payers = { value = 2"),
               "[constants.payers] value: 2, but its quote states 3"),
    # Issue 26: the 字牌 preset of a deployed program (data/zipai/presets.toml).
    Corruption("zipai-preset-split", "zipai/presets.toml", replace('split = "first"', 'split = "random"'),
               "presets.luzhou-daer: 'random' is not a valid SplitChooser"),
    Corruption("zipai-preset-huxi-negative", "zipai/presets.toml",
               replace('"坎.黑" = { small = 6,', '"坎.黑" = { small = -6,'),
               "presets.luzhou-daer.huxi.坎.黑.small: value must be a whole number ≥ 0"),
    Corruption("zipai-preset-no-provenance", "zipai/presets.toml", sub(r"provenance = \[(.|\n)*?\]\n", ""),
               'a preset not in the documents has origin = "不见于原文" and a provenance'),
    Corruption("sources-article-shortened", "sources.toml",
               replace("article_lines = [1, 447]", "article_lines = [1, 400]"),
               "document[001]: 471 lines, article_lines [1, 400], but edition"),
    Corruption("zipai-players-0", "zipai/rules.toml", replace("players = { value = 3", "players = { value = 0"),
               "[deck.players] value: 0 is outside 2–6"),
    # - a build that went through with changed outputs
    Corruption("findings-last-cut", "nanning/findings.toml", lambda path: path.write_text(
        path.read_text(encoding="utf-8").rsplit("[[finding]]", 1)[0], encoding="utf-8"), "is gone, but edition"),
    Corruption("findings-recorded-removed", "zipai/findings.toml",
               sub(r'^\[\[finding\]\]\nid = "zp-f-kan-split"(.*\n)+?option = .*\n', ""),
               "finding[zp-f-kan-split]: is gone, but edition"),
    Corruption("fold-truncated", "text/foldings.toml", lambda path: path.write_text(
        "[[fold]]".join(path.read_text(encoding="utf-8").split("[[fold]]")[:27]), encoding="utf-8"), "needs a fold"),
    Corruption("nanning-moma-negative", "nanning/presets.toml",
               replace("moma_codes = { value = 2", "moma_codes = { value = -1"),
               "[constants.moma_codes] value: -1 is outside"),
    Corruption("nanning-moma-3", "nanning/presets.toml",
               replace("moma_codes = { value = 2", "moma_codes = { value = 3"),
               "[constants.moma_codes] value: 3, but its quote states 2"),
    Corruption("nanning-chain-9", "nanning/presets.toml", replace("chain_max = { value = 4", "chain_max = { value = 9"),
               "[constants.chain_max] value: 9 is outside 1–4"),
    Corruption("zipai-deck-swapped", "zipai/rules.toml", replace('small = "一二三', 'small = "一三二'),
               "[deck] small: card 2 is '三'"),
    Corruption("zipai-dealer-extra-2", "zipai/rules.toml",
               replace("dealer_extra = { value = 1", "dealer_extra = { value = 2"),
               "[deck.dealer_extra] value: 2, but its quote states 1"),
    Corruption("zipai-min-huxi-0", "zipai/rules.toml", replace("min_huxi = { value = 10", "min_huxi = { value = 0"),
               "[hand.min_huxi] value: 0, but its quote states 10"),
    # found by corrupting every number and cutting every file at its tables (issue 25)
    Corruption("zipai-zero-group-1", "zipai/rules.toml",
               sub(r'(kind = "将"\ncolour = ""\nbig = \{ value = )0', r"\g<1>1"),
               "[huxi 13] big value: 1, but its quote states 0"),
    Corruption("zipai-cited-ext-cut", "zipai/rules.toml", sub(r'^\[\[ext\]\]\nid = "ext-zp-best"(.|\n)*', ""),
               "rule 'ext-zp-best' is used but not described"),
    Corruption("zipai-rounding-11", "zipai/rules.toml", replace("rounding = { value = 10", "rounding = { value = 11"),
               "settlement.rounding: is 11, but 003:75 states 90"),
    Corruption("nanning-per-kong-0", "nanning/presets.toml", replace("per_kong = 1", "per_kong = 0"),
               "changed since edition", recorded=("nanning/findings.toml",)),
    # the last block cut: the build went through, its rows renamed (an edition records the rows since issue 25)
    Corruption("structure-last-block-cut", "structure/nanning.toml",
               sub(r'^  \[\[section\.block\]\]\n  key = "end"(.|\n)*', ""), "row(s) of the article are gone",
               recorded=("structure/nanning.toml",)),
    Corruption("classify-truncated", "text/classify.toml", lambda path: path.write_text(
        path.read_text(encoding="utf-8").rsplit("[[override]]", 1)[0], encoding="utf-8"), "changed since edition",
               recorded=("nanning/findings.toml", "structure/nanning.toml")),
]


def test_enough_cases_over_every_file():
    assert len(CASES) >= 30 and len({c.id for c in CASES}) == len(CASES)
    files = {p.relative_to(DATA).as_posix() for p in DATA.rglob("*.toml") if "editions" not in p.parts}
    assert files <= {c.file for c in CASES}, "every data file gets at least one corruption"


def build(case: Corruption, root: Path) -> tuple[subprocess.CompletedProcess, bytes | None]:
    """Corrupt a copy of data/ and build from it; the result and the copy's examples.csv after it."""
    data = root / "data"
    shutil.copytree(DATA, data, ignore=shutil.ignore_patterns("editions"))
    case.change(data / case.file)
    done = subprocess.run(
        [sys.executable, "-m", "generator", "build", "--no-site", "--quiet", "--data", str(data),
         "--out", str(root / "out")],
        cwd=ROOT, capture_output=True, text=True, timeout=600,
    )
    examples = data / EXAMPLES
    return done, examples.read_bytes() if examples.exists() else None


@pytest.fixture(scope="module")
def committed() -> bytes:
    return (DATA / EXAMPLES).read_bytes()


@pytest.fixture(scope="module")
def results(tmp_path_factory, committed) -> dict[str, tuple[subprocess.CompletedProcess, bytes | None]]:
    """Every case built at once (each build is a separate process that mostly waits on its start-up)."""
    with ThreadPoolExecutor(max_workers=4) as pool:
        futures = {c.id: pool.submit(build, c, tmp_path_factory.mktemp(c.id)) for c in CASES}
        return {key: future.result() for key, future in futures.items()}


@pytest.mark.slow  # every case is a build (the `results` fixture)
@pytest.mark.parametrize("case", CASES, ids=[c.id for c in CASES])
def test_one_corruption_one_line(case: Corruption, results, committed: bytes):
    from generator.recorded import changed

    differ = ", ".join(changed(case.recorded))
    assert not differ, (f"{differ} differ from the last recorded edition: "
                        "record one (python -m generator.site record) so the build can tell what changed")
    done, examples = results[case.id]
    lines = done.stderr.splitlines()
    assert done.returncode == 2, done.stderr[-2000:]
    assert "Traceback" not in done.stderr
    assert len(lines) == 1, done.stderr
    name = case.names or (case.file if case.file != SOURCE_001 else Path(SOURCE_001).name)
    assert lines[0].startswith("error: ") and name in lines[0] and case.says in lines[0], lines[0]
    assert (DATA / EXAMPLES).read_bytes() == committed
    if case.file != EXAMPLES:
        assert examples == committed


def test_a_damaged_edition_is_one_line(tmp_path):
    """data/editions/*.json (read when the site is built): a damaged file is named, not a traceback."""
    from generator.errors import DataError
    from generator.site.edition import recorded

    good = next((DATA / "editions").glob("*.json"))
    (tmp_path / good.name).write_text(good.read_text(encoding="utf-8")[:-20], encoding="utf-8")
    with pytest.raises(DataError, match=f"^data/editions/{good.name}: not a recorded edition") as info:
        recorded(tmp_path)
    assert "\n" not in str(info.value)


def test_a_cut_structure_file_drops_rows_the_edition_records(tmp_path):
    """A section or block cut from the end of data/structure/<game>.toml moves its lines into the block
    before: every finding still finds its rows and the build went through, but the cut rows' ids (cited
    on the site) are gone. An edition records every article's row ids; a build missing one says so."""
    import json

    from generator.errors import DataError
    from generator.recorded import article_rows, check_rows

    rows = article_rows(["nanning", "zipai"])
    assert any(r.startswith("nn-23-end") for r in rows["nanning"])
    (tmp_path / "abc.json").write_text(json.dumps({"edition": "abc", "seq": 1, "inputs": {}, "rows": rows}),
                                       encoding="utf-8")
    check_rows(rows, tmp_path)
    cut = {**rows, "nanning": [r for r in rows["nanning"] if not r.startswith("nn-23-end")]}
    with pytest.raises(DataError, match=r"^data/structure/nanning.toml: \d row\(s\) of the article are gone "
                                        r"\(nn-23-end") as info:
        check_rows(cut, tmp_path)
    assert "\n" not in str(info.value)
