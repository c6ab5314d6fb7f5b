"""The Game contract, for every game of the registry: the command line and its bad input, options
combined through one API, situations priced or explained, the payout table's shape, the cross-check
gate and the pages. A game added to the registry is checked by adding nothing here."""
from __future__ import annotations

import ast
import json
import re
import subprocess
import sys

import pandas as pd
import pytest

from generator.paths import ROOT
from rules import registry
from rules.errors import RuleError
from rules.game import check_result, check_table

GAMES = registry.ids()
# The games of the wheel (rules/<id>/), which the README documents and shows examples of; any other game
# of the registry (as the toy game of tests/toygame, registered) is checked by every other test here.
SHIPPED = [g for g in GAMES if type(registry.game(g)).__module__.startswith("rules.")]
README = (ROOT / "README.md").read_text(encoding="utf-8")
# The README's examples: echo '<json>' | … score --game <id>
EXAMPLES = {game: json.loads(text) for text, game in
            re.findall(r"echo '(\{.*?\})' \\\s*\|\s*\S+ -m rules score --game (\w+)", README)}
# What a player works out by hand for them (independent of the code):
# 南宁 鸡胡 not 门清 (a 碰), 杠上花 after one 暗杠: 自摸基数 3 × 2 each from three players = 18, plus the
# 暗杠's 杠分 1 from each = 21. 字牌: the README's 自摸 hand, total as the rule sheet's formula gives it.
TOTALS = {"nanning": 21, "zipai": 100}


def cli(game: str, text: str, command: str = "score") -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "rules", command, "--game", game], input=text,
                          capture_output=True, text=True, cwd=ROOT, timeout=120)


def test_every_game_folder_is_registered():
    folders = {p.parent.name for p in (ROOT / "rules").glob("*/game.py")}
    assert folders == set(SHIPPED)


@pytest.mark.parametrize("game", SHIPPED)
def test_readme_example_through_the_command_line(game):
    assert game in EXAMPLES, f"the README has no example for {game}"
    done = cli(game, json.dumps(EXAMPLES[game], ensure_ascii=False))
    assert done.returncode == 0, done.stderr
    result = json.loads(done.stdout)
    assert check_result(result, game) == []
    assert result["total"] == TOTALS[game]
    assert result == registry.game(game).score(EXAMPLES[game])


def first_required(game: str) -> str:
    from rules.request import fields_of

    return next(f.key for f in fields_of(registry.game(game).requests["score"]) if f.required)


@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize("text, says", [
    ("not json", "not JSON"), ("[1, 2]", "one JSON object"), ('{"zzz": 1}', "zzz"), ("{}", first_required),
    ('{"hand": 5, "win": "自摸"}', "hand"),
])
def test_bad_input_is_one_line_and_status_2(game, text, says):
    """Each refused in one line that names what is wrong (`{}`: the first field it lacks)."""
    says = says(game) if callable(says) else says
    done = cli(game, text)
    assert done.returncode == 2 and done.stdout == ""
    lines = done.stderr.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("error: ") and says in lines[0], done.stderr
    assert "Traceback" not in done.stderr


@pytest.mark.parametrize("game", [g for g in GAMES if registry.game(g).generator])
def test_a_games_generator_starts_its_work_before_its_steps_import_pandas_and_matplotlib(game):
    """The build calls `GameSite.start` first (its work runs while the steps' modules import): reaching
    a game's `GameSite` and its `start` imports none of them; its other hooks import them when called."""
    code = (f"import sys, generator.games as games; s = games.site({game!r}); s.start; "
            "print(sorted(k for k in ('pandas', 'matplotlib', 'jinja2') if k in sys.modules)); "
            "print(isinstance(s, games.GameSite), type(s).steps is not games.GameSite.steps)")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=ROOT, timeout=120)
    assert done.returncode == 0, done.stderr
    assert done.stdout.splitlines() == ["[]", "True True"]


@pytest.mark.parametrize("game", GAMES)
def test_waits_refuses_a_won_hand_or_says_it_is_not_available(game):
    """A won hand with its win (the README's example, or the score request's published one): `waits`
    wants a hand one short, without a win."""
    example = EXAMPLES.get(game) or registry.game(game).requests["score"].published.examples[0]
    done = cli(game, json.dumps(example, ensure_ascii=False), "waits")
    assert done.returncode == 2 and done.stdout == ""
    if "waits" in registry.game(game).requests:
        assert re.fullmatch(r"error: waits takes the hand one \w+ short, without win\n", done.stderr), done.stderr
    else:
        assert done.stderr == f"error: waits not available for {game}\n"


def test_an_unknown_game_is_refused():
    done = cli("chess", "{}")
    assert done.returncode == 2 and "invalid choice" in done.stderr
    with pytest.raises(RuleError, match="unknown game"):
        registry.game("chess")


@pytest.mark.parametrize("game", GAMES)
def test_every_option_value_combines_and_unknown_ones_are_refused(game):
    g = registry.game(game)
    presets = list(g.presets())
    assert presets and g.rule_set() == g.rule_set(presets[0])
    for option in g.options():
        assert option.default in option.values and option.rules
        for value in option.values:
            g.rule_set(options={**option.requires, option.key: value})  # with the options it needs set
        specs = {o.key: o for o in g.options()}
        for needed, wanted in option.requires.items():
            assert wanted in specs[needed].values
            if wanted != specs[needed].default:  # a non-default value alone, its requirement unmet, is refused
                for value in option.values:
                    if value != option.default:
                        with pytest.raises(RuleError, match="only applies when"):
                            g.rule_set(options={option.key: value})
    if g.options():
        first = g.options()[0]
        with pytest.raises(RuleError):
            g.rule_set(options={first.key: "no-such-value"})
    with pytest.raises(RuleError):
        g.rule_set(options={"no-such-option": "x"})
    with pytest.raises(RuleError):
        g.rule_set("no-such-preset")


@pytest.mark.parametrize("game", GAMES)
def test_situations_are_priced_or_explained(game):
    """A possible situation prices to a zero-sum ledger whose winner gets the total; an impossible one
    is refused by `price` with the rule `impossible` names."""
    g = registry.game(game)
    rules = g.rule_set()
    situations = list(g.situations(rules))
    assert situations
    possible = impossible = 0
    for s in situations[:: max(1, len(situations) // 400)]:
        reason = g.impossible(s, rules)
        if reason is None:
            settled = g.price(s, rules)
            assert settled.total == settled.received(settled.winner) > 0
            assert sum(settled.net().values()) == 0
            possible += 1
        else:
            with pytest.raises(RuleError) as raised:
                g.price(s, rules)
            assert raised.value.rule == reason.rule and reason.one_line()
            impossible += 1
    assert possible and impossible


# ---- what the build made of each game ------------------------------------------------------------

@pytest.mark.parametrize("game", GAMES)
def test_payout_table_contract(built, game):
    table = json.loads((built.generated / f"{game}_payouts.json").read_text(encoding="utf-8"))
    assert check_table(table, game) == []


@pytest.mark.parametrize("game", GAMES)
def test_crosscheck_gate(built, game):
    """Every worked example of the game has a verdict (those of its source document, for a game built from
    one; its own otherwise); a 'matches' matches; anything else has a finding."""
    from generator.sourcedata import games_with_article

    checks = pd.read_csv(built.generated / "crosscheck.csv", dtype=str, keep_default_na=False)
    found = pd.read_csv(built.generated / "findings.csv", dtype=str, keep_default_na=False)
    mine = checks[checks["game"] == game]
    examples = pd.read_csv(built.ctx.examples / "examples.csv", dtype=str, keep_default_na=False)
    if game in games_with_article():
        assert set(mine["example_id"]) == set(examples[examples["game"] == game]["id"])
    assert len(mine), game
    for row in mine.itertuples():
        if row.verdict == "matches":
            assert row.engine == row.stated, row.example_id
        else:
            assert row.finding_id in set(found["id"]), row.example_id


@pytest.mark.parametrize("game", GAMES)
def test_pages(built, game):
    """Every page of the game's section of the nav is built, the pages every game has among them."""
    from generator.games import site
    from generator.sourcedata import games_with_article

    listed = {page.removesuffix(".md") for _, page in site(game).nav(game, game in games_with_article())}
    assert {f"{game}/payouts", f"{game}/finder", f"{game}/scorer"} <= listed
    for page in listed:
        assert (built.site / page / "index.html").exists(), (game, page)
    title = registry.game(game).title
    assert title in (built.site / game / "payouts" / "index.html").read_text(encoding="utf-8")


def test_the_contract_check_catches_a_broken_table():
    rows = [{"id": "a", "feasible": True, "reason": "", "total": 3, "formula": "", "rules": ["r"],
             "payments": [{"amount": 1}], "x": 1}, {"id": "a", "feasible": False, "reason": "", "total": None,
                                                    "formula": "", "rules": [], "payments": [], "x": 2}]
    table = {"game": "g", "title": "t", "edition_inputs": [], "columns": [{"key": "x", "label": "x", "type": "n"}],
             "dimensions": [{"key": "x", "label": "x", "values": [1]}], "rows": rows}
    problems = " | ".join(check_table(table, "h"))
    for expected in ("table game", "column x", "used twice", "without a reason", "less than the total",
                     "dimension x"):
        assert expected in problems


def test_the_readme_layout_matches_the_tree():
    """Every path the layout names exists, and every game folder and top-level name is in it."""
    layout = README.split("## Layout", 1)[1]
    cells = [line.split("|")[1] for line in layout.splitlines() if line.startswith("| `")]
    named = [path for cell in cells for path in re.findall(r"`([^`]+)`", cell)]
    assert named
    for path in named:
        assert (ROOT / path).exists(), path
    for game in SHIPPED:
        assert f"rules/{game}/" in named and f"generator/{game}/" in named, game
    top = {p.name for p in ROOT.iterdir() if not p.name.startswith(".") and not p.name.endswith(".egg-info")}
    top -= {"README.md", "Makefile", "pyproject.toml", "mkdocs.yml", "scripts", "site", "build"}
    assert top <= {path.split("/")[0] for path in named}, top - {path.split("/")[0] for path in named}


def _rules_modules() -> list[str]:
    import pkgutil

    import rules

    return ["rules", *sorted(m.name for m in pkgutil.walk_packages(rules.__path__, "rules."))]


# Their examples enumerate what every hand reaches (reach) or price whole payout tables (game, the two
# payouts): 8 to 17 s each on one core; they run in the slow lane.
SLOW_DOCTESTS = {"rules.zipai.reach", "rules.game", "rules.zipai.payouts", "rules.nanning.payouts"}


@pytest.mark.parametrize("name", [pytest.param(m, marks=pytest.mark.slow) if m in SLOW_DOCTESTS else m
                                  for m in _rules_modules()])
def test_docstring_examples(name):
    """Every example in the docstrings of the rules core runs (the 开发者 page shows them)."""
    import doctest
    import importlib

    result = doctest.testmod(importlib.import_module(name), optionflags=doctest.ELLIPSIS)
    assert not result.failed, name


def _undocumented(module) -> list[str]:
    """Public functions and classes (and their public methods) of `module` without a docstring example;
    an override inherits its base's docstring (inspect.getdoc)."""
    import inspect

    missing = []
    for key, obj in vars(module).items():
        if key.startswith("_") or getattr(obj, "__module__", None) != module.__name__:
            continue
        if not (inspect.isfunction(obj) or inspect.isclass(obj)):
            continue
        if ">>>" not in (inspect.getdoc(obj) or ""):
            missing.append(key)
        if inspect.isclass(obj):
            for attr, member in vars(obj).items():
                if attr.startswith("_") or not (inspect.isfunction(member) or isinstance(member, property)):
                    continue
                doc = inspect.getdoc(getattr(obj, attr)) if inspect.isfunction(member) else member.__doc__
                if ">>>" not in (doc or ""):
                    missing.append(f"{key}.{attr}")
    return missing


@pytest.mark.parametrize("name", _rules_modules())
def test_every_public_item_has_a_docstring_example(name):
    """Issue 15: every public function and class of the rules core, and each public method, has an example."""
    import importlib

    module = importlib.import_module(name)
    assert _undocumented(module) == [], name


def test_the_docstring_check_catches_a_missing_example():
    import types

    module = types.ModuleType("fake")
    exec("def f():\n    'no example'\nclass C:\n    '>>> 1'\n    def m(self):\n        pass", module.__dict__)
    assert _undocumented(module) == ["f", "C.m"]


# What may name a game outside its own folders, and why. The registry is the one list of games.
NAMES_GAMES = {"rules/registry.py": "the registry: game id → its Game class"}


def _own_packages() -> dict[str, list[str]]:
    """Game id → the packages that are its own: its rules package and its generator package."""
    return {g.id: [type(g).__module__.rsplit(".", 1)[0]] + ([g.generator] if g.generator else [])
            for g in registry.games()}


def _imported(path, tree) -> set[str]:
    """Every module a file imports, relative imports resolved (`from . import x` as `package.x`)."""
    package = ".".join(path.relative_to(ROOT).with_suffix("").parts)
    if path.name != "__init__.py":
        package = package.rsplit(".", 1)[0]
    out = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            out |= {a.name for a in node.names}
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                parent = package.split(".")[: len(package.split(".")) - (node.level - 1)]
                base = ".".join(parent + ([node.module] if node.module else []))
            out |= {base} | {f"{base}.{a.name}" for a in node.names}
    return out


def _names(tree) -> list[str]:
    """Identifiers and string constants of a module (docstrings and comments aside: they explain)."""
    docstrings = {id(n.body[0].value) for n in ast.walk(tree)
                  if isinstance(n, (ast.Module, ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef))
                  and n.body and isinstance(n.body[0], ast.Expr) and isinstance(n.body[0].value, ast.Constant)}
    out = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Constant) and isinstance(node.value, str) and id(node) not in docstrings:
            out.append(node.value)
        elif isinstance(node, ast.Name):
            out.append(node.id)
        elif isinstance(node, ast.Attribute):
            out.append(node.attr)
        elif isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
            out.append(node.name)
        elif isinstance(node, (ast.arg, ast.keyword)) and node.arg:
            out.append(node.arg)
    return out


def test_no_module_outside_a_games_folders_names_a_game():
    """Issue 9: the shared modules loop over the registry; only a game's own folders name it."""
    own = _own_packages()
    folders = [ROOT / p.replace(".", "/") for packages in own.values() for p in packages]
    words = {g.id: re.compile(rf"(?<![A-Za-z]){re.escape(g.id)}(?![A-Za-z])|{re.escape(g.title)}")
             for g in registry.games()}
    checked, found = 0, []
    for top in ("rules", "generator"):
        for path in sorted((ROOT / top).rglob("*.py")):
            rel = path.relative_to(ROOT).as_posix()
            if any(path.is_relative_to(f) for f in folders) or rel in NAMES_GAMES:
                continue
            checked += 1
            tree = ast.parse(path.read_text(encoding="utf-8"))
            imports = _imported(path, tree)
            for game, packages in own.items():
                found += [f"{rel} imports {m}" for m in sorted(imports)
                          if any(m == p or m.startswith(p + ".") for p in packages)]
                found += [f"{rel} names {game}: {name!r}" for name in _names(tree) if words[game].search(name)]
    assert checked > 20 and folders
    assert not found, "\n".join(dict.fromkeys(found))


def test_the_game_name_check_sees_imports_and_names(tmp_path):
    """The check above finds what it looks for (relative imports resolved, docstrings aside)."""
    game = registry.games()[0]
    package = type(game).__module__.rsplit(".", 1)[0]
    text = (f'"""About {game.id}."""\nfrom ..{package.split(".")[-1]} import x\nimport {package}\n'
            f'PAGE = "{game.id}/article/"\n')
    path = ROOT / "generator" / "site" / "example.py"  # resolved as if it were there; never written
    tree = ast.parse(text)
    assert {f"generator.{package.split('.')[-1]}", package} <= _imported(path, tree)
    assert [n for n in _names(tree) if game.id in n] == [f"{game.id}/article/"]
