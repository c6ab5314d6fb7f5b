"""The package as a user installs it: a wheel built from this tree, installed into a fresh virtual
environment outside the repository, answers the README's examples through the `caipan` script.
Offline: the wheel is built without isolation and installed with --no-deps --no-index (the rules
core needs nothing beyond the standard library)."""
from __future__ import annotations

import json
import subprocess
import sys
import venv

import pytest

from generator.paths import ROOT
from rules import registry

from .test_games import EXAMPLES

pytestmark = pytest.mark.slow  # a wheel built and installed into a fresh virtual environment


@pytest.fixture(scope="module")
def installed(tmp_path_factory):
    root = tmp_path_factory.mktemp("wheel")
    subprocess.run([sys.executable, "-m", "pip", "wheel", "--no-deps", "--no-build-isolation", "--no-index",
                    "-q", "-w", str(root / "dist"), str(ROOT)], check=True, cwd=root, capture_output=True)
    wheels = list((root / "dist").glob("caipan-*.whl"))
    assert len(wheels) == 1
    venv.EnvBuilder(with_pip=True).create(root / "venv")
    python = root / "venv" / "bin" / "python"
    subprocess.run([str(python), "-m", "pip", "install", "-q", "--no-deps", "--no-index", str(wheels[0])],
                   check=True, cwd=root, capture_output=True)
    return root


@pytest.mark.parametrize("game", registry.ids())
def test_the_console_script_answers_the_readme_examples(installed, game):
    done = subprocess.run([str(installed / "venv" / "bin" / "caipan"), "score", "--game", game],
                          input=json.dumps(EXAMPLES[game], ensure_ascii=False), capture_output=True, text=True,
                          cwd=installed, timeout=120)
    assert done.returncode == 0, done.stderr
    assert json.loads(done.stdout) == registry.game(game).score(EXAMPLES[game])


def test_the_installed_core_reads_its_packaged_data(installed):
    code = "import rules.data as d; print(d.root())"
    done = subprocess.run([str(installed / "venv" / "bin" / "python"), "-c", code], capture_output=True, text=True,
                          cwd=installed, check=True)
    assert "site-packages/rules/_data" in done.stdout


def test_bad_input_from_the_installed_script(installed):
    done = subprocess.run([str(installed / "venv" / "bin" / "caipan"), "score", "--game", "zipai"], input="[]",
                          capture_output=True, text=True, cwd=installed, timeout=120)
    assert done.returncode == 2 and done.stderr == "error: input must be one JSON object, not a list\n"



def test_the_installed_package_carries_its_schemas(installed):
    code = "from rules import schemas; print(len(schemas.names()), schemas.version('error'))"
    done = subprocess.run([str(installed / "venv" / "bin" / "python"), "-c", code], capture_output=True, text=True,
                          cwd=installed, check=True)
    from rules import schemas
    assert done.stdout.split() == [str(len(schemas.names())), str(schemas.version("error"))]


def test_the_installed_help_lists_the_input_fields(installed):
    done = subprocess.run([str(installed / "venv" / "bin" / "caipan"), "score", "--help"], capture_output=True,
                          text=True, cwd=installed, timeout=120)
    assert done.returncode == 0 and "input fields of --game nanning" in done.stdout
