"""A third game is its folder and one registry line: in a copy of the repository whose rules/registry.py
lists the toy game of tests/toygame (one line added, no other file edited), every contract test of
tests/rules/test_game.py passes for it, including those of the whole build, the built site lists its pages in
the nav, and its 计分器 page, drawn from its request's declaration, answers in Chromium as its CLI does."""
from __future__ import annotations

import os
import shutil
import subprocess
import sys
from urllib.parse import quote

import pytest

from generator.paths import BUILD, ROOT

from tests.conftest import parse
from tests.static_host import serve
from .conftest import axe_script, open_page

pytestmark = pytest.mark.slow

LINE = '    "toy": "tests.toygame:Toy",\n'
AFTER = '    "zipai": "rules.zipai.game:Zipai",\n'
# What a build caches by the hash of its inputs (the runtime, the wheel, the bytecode, compressed copies):
# shared with the copy, so that it builds what it changes only.
CACHES = ("npm", "core", "pyc", "compressed", "gz", "jieba")
PHONE = {"width": 390, "height": 844}


def copy_with_the_toy(root) -> None:
    """The files git tracks (and any not yet committed), with the registry line added."""
    listed = subprocess.run(["git", "ls-files", "-z", "--cached", "--others", "--exclude-standard"], cwd=ROOT,
                            capture_output=True, check=True).stdout.decode().split("\0")
    for name in filter(None, listed):
        if (ROOT / name).is_file():
            (root / name).parent.mkdir(parents=True, exist_ok=True)
            shutil.copy2(ROOT / name, root / name)
    registry = root / "rules" / "registry.py"
    text = registry.read_text(encoding="utf-8")
    assert text.count(AFTER) == 1
    registry.write_text(text.replace(AFTER, AFTER + LINE), encoding="utf-8")
    (root / "build").mkdir(exist_ok=True)
    for name in CACHES:
        if (BUILD / name).is_dir():
            (root / "build" / name).symlink_to(BUILD / name)


def copy_env(root) -> dict[str, str]:
    """The environment of a run in the copy: its packages, not the editable install's, and not a worker of
    this run (an inherited PYTEST_XDIST_WORKER would make the copy's run share this run's builds)."""
    env = {k: v for k, v in os.environ.items() if not k.startswith("PYTEST_XDIST")}
    return {**env, "PYTHONPATH": str(root)}


@pytest.fixture(scope="module")
def toy_run(tmp_path_factory):
    """The copy, and its run of the contract tests (the whole build among them) with their output."""
    root = tmp_path_factory.mktemp("with-toy")
    copy_with_the_toy(root)
    env = copy_env(root)
    where = subprocess.run([sys.executable, "-c", "import rules, generator; print(rules.__file__, generator.__file__)"],
                           cwd=root, env=env, capture_output=True, text=True, check=True).stdout.split()
    assert all(path.startswith(str(root)) for path in where), where
    done = subprocess.run([sys.executable, "-m", "pytest", "tests/rules/test_game.py", "-q", "-p", "no:randomly",
                           "-p", "no:cacheprovider", "--basetemp", str(root.parent / "toy-tmp"), "-m", "not browser"],
                          cwd=root, env=env, capture_output=True, text=True, timeout=3000)
    return root, done


def test_every_contract_test_passes_with_the_toy_registered(toy_run):
    root, done = toy_run
    assert done.returncode == 0, done.stdout[-3000:] + done.stderr[-2000:]
    ran = [line for line in done.stdout.splitlines() if "passed" in line]
    assert ran and "failed" not in ran[-1], ran
    collected = subprocess.run([sys.executable, "-m", "pytest", "tests/rules/test_game.py", "--collect-only", "-q",
                                "-p", "no:cacheprovider"], cwd=root, env=copy_env(root),
                               capture_output=True, text=True).stdout
    toy = [line for line in collected.splitlines() if "[toy" in line or "-toy]" in line]
    assert len(toy) >= 8, toy  # the CLI, bad input, waits, options, situations, payouts, cross-check, pages


def test_the_toys_scorer_answers_as_its_cli_on_a_phone(toy_run, browser):
    root, _ = toy_run
    site = root.parent / "toy-tmp" / "build" / "site"
    links = {href.removeprefix("./") for href in parse(site / "index.html").links}
    assert {"toy/rules/", "toy/payouts/", "toy/finder/", "toy/scorer/"} <= links, links
    server, url = serve(site)
    try:
        tab = open_page(browser, url)
        tab.set_viewport_size(PHONE)
        tab.goto(url + "toy/scorer/")
        tab.wait_for_selector(".cp-scorer[data-ready]", timeout=120_000)
        tab.select_option('[data-form-field="win"]', "自摸")
        tab.fill('[data-form-field="fan"]', "2")
        tab.dispatch_event('[data-form-field="fan"]', "change")
        tab.evaluate("() => window.caipanScorer.settled()")
        assert tab.get_attribute("[data-total]", "data-total") == "8"  # 2 × 2 from each of two
        assert tab.evaluate("() => window.caipanScorer.request()") == {"win": "自摸", "fan": 2}
        assert tab.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
        tab.add_script_tag(content=axe_script())
        result = tab.evaluate("() => axe.run({include: [['.cp-scorer']]})")
        assert not [(v["id"], [n["target"] for n in v["nodes"]][:3]) for v in result["violations"]]
        # a request its rules refuse, in the address: the CLI's line
        for text in ('{"fan": 9, "win": "自摸"}', '{"fan": 1, "win": "x"}', '{"fan": 1.0, "win": "自摸"}'):
            tab.evaluate("f => { location.hash = f; }", quote(text))
            tab.wait_for_function("t => decodeURIComponent(location.hash.slice(1)) === t", arg=text)
            tab.evaluate("() => window.caipanScorer.settled()")
            cli = subprocess.run([sys.executable, "-m", "rules", "score", "--game", "toy"], input=text, cwd=root,
                                 env=copy_env(root), capture_output=True, text=True)
            assert cli.returncode == 2
            tab.wait_for_selector("[data-error]")
            assert "error: " + tab.get_attribute("[data-error]", "data-error") == cli.stderr.strip(), text
        tab.close()
        assert not tab.problems.any(), tab.problems
    finally:
        server.shutdown()
