"""Where the test of a module is: tests/<package path>/test_<module>[_<aspect>].py mirrors rules/ and
generator/, so that the test of `rules/nanning/scoring.py` is tests/rules/nanning/test_scoring.py. A test
of several modules of one package names what it checks instead (ASPECTS); the browser tests, the ports
of other engines and the tests of the project as a whole have their own folders."""
from __future__ import annotations

from pathlib import Path

import pytest

TESTS = Path(__file__).parent
ROOT = TESTS.parent

# What a test of a whole package checks, when no one module of it is the subject.
ASPECTS = {
    "cli": "the package's requests through the command line (python -m rules)",
    "corners": "corner cases a rules review found",
    "properties": "laws over random inputs (hypothesis)",
    "differential": "the same inputs through another engine",
    "fuzz": "generated inputs, each refused or answered",
    "units": "parts of the package on their own",
}
# Folders of tests that mirror no package: in the browser (Chromium), ports of other engines, a toy game.
OWN_FOLDERS = {"browser", "ports", "toygame"}
# Tests of the project as a whole, at the top: the layout, the imports of the core, the installed wheel.
TOP = {"test_layout.py", "test_imports.py", "test_wheel.py"}


def modules(package: Path) -> set[str]:
    """The names a test file of `package` may start with: its modules, its subpackages, itself
    (its __init__), and `main` for its __main__."""
    names = {p.stem for p in package.glob("*.py")} | {p.name for p in package.iterdir() if (p / "__init__.py").exists()}
    main = {"main"} if (package / "__main__.py").exists() else set()
    return (names - {"__init__", "__main__"}) | {package.name} | main


def misplaced(tests: Path, root: Path) -> list[str]:
    """Every test file that breaks the layout, with why."""
    problems = []
    for path in sorted(tests.rglob("test_*.py")):
        rel = path.relative_to(tests)
        if "node_modules" in rel.parts:
            continue
        if len(rel.parts) == 1:
            if rel.name not in TOP:
                problems.append(f"{rel}: at the top of tests/, only {sorted(TOP)}: move it beside its package")
            continue
        if rel.parts[0] in OWN_FOLDERS:
            continue
        package = root.joinpath(*rel.parts[:-1])
        if rel.parts[0] not in ("rules", "generator") or not (package / "__init__.py").exists():
            problems.append(f"{rel}: tests/{Path(*rel.parts[:-1])} mirrors no package of rules/ or generator/")
            continue
        words = path.stem.removeprefix("test_")
        if not any(words == m or words.startswith(m + "_") for m in modules(package) | set(ASPECTS)):
            problems.append(f"{rel}: names no module of {package.relative_to(root)} and no aspect of {sorted(ASPECTS)}")
        elif not (path.parent / "__init__.py").exists():
            problems.append(f"{rel}: its folder has no __init__.py (two test files of one name would collide)")
    return problems


def test_every_test_file_is_beside_what_it_tests():
    assert misplaced(TESTS, ROOT) == []


@pytest.mark.parametrize("path, why", [
    ("test_scoring.py", "at the top of tests/"),
    ("rules/nanning/test_dance.py", "names no module of rules/nanning"),
    ("rules/chess/test_game.py", "mirrors no package"),
    ("generator/site/test_render.py", None),
    ("rules/test_main.py", None),
    ("rules/nanning/test_corners.py", None),
    ("rules/zipai/test_scoring_laws.py", None),
    ("rules/test_fuzz_requests.py", None),
    ("browser/test_anything.py", None),
])
def test_the_layout_rule_itself(tmp_path, path, why):
    """A copy of the project's packages and one test file: misplaced exactly when the rule says."""
    root = tmp_path / "project"
    for package in ("rules", "rules/nanning", "rules/zipai", "generator", "generator/site"):
        (root / package).mkdir(parents=True)
        (root / package / "__init__.py").write_text("")
    for module in ("rules/__main__.py", "rules/nanning/scoring.py", "rules/zipai/scoring.py",
                   "generator/site/render.py"):
        (root / module).write_text("")
    tests = root / "tests"
    (tests / path).parent.mkdir(parents=True, exist_ok=True)
    for folder in (tests / path).parents:
        if folder == tests.parent:
            break
        (folder / "__init__.py").write_text("")
    (tests / path).write_text("")
    found = misplaced(tests, root)
    assert (found == []) if why is None else (len(found) == 1 and why in found[0]), found
