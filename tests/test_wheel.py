"""The package as a user installs it: a wheel built from this tree, installed into a bare virtual
environment outside the repository with nothing but the wheel (`pip install --no-index caipan-*.whl`:
the rules core depends on nothing beyond the standard library), answers the README's examples through
the `caipan` script, for score and for waits."""
from __future__ import annotations

import json
import re
import subprocess
import sys
import venv

import pytest

from generator.paths import ROOT
from rules import registry

from tests.rules.test_game import EXAMPLES, README, TOTALS

# The README's `waits` examples: echo '<json>' | … waits --game <id>
README_WAITS = [(game, json.loads(text)) for text, game in
                re.findall(r"echo '(\{.*?\})' \|\s*\S+ -m rules waits --game (\w+)", README)]
# What a player sees they wait on (九莲宝灯: every 万).
WAITING_ON = {"1112345678999m": [f"{n}m" for n in range(1, 10)]}

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
    # no --no-deps: a dependency the wheel declared would have to come from an index, and there is none
    subprocess.run([str(python), "-m", "pip", "install", "-q", "--no-index", str(wheels[0])],
                   check=True, cwd=root, capture_output=True)
    return root


def test_the_wheel_is_the_core_alone(installed):
    """No dependencies (the build's packages are the `site` extra) and no generator in it."""
    import zipfile

    (wheel,) = (installed / "dist").glob("caipan-*.whl")
    with zipfile.ZipFile(wheel) as zf:
        names = zf.namelist()
        metadata = zf.read(next(n for n in names if n.endswith(".dist-info/METADATA"))).decode()
    assert {n.split("/")[0] for n in names} == {"rules", wheel.name.split("-py3")[0] + ".dist-info"}
    requires = [line for line in metadata.splitlines() if line.startswith("Requires-Dist:")]
    assert requires and all("extra ==" in line for line in requires), requires
    assert "Provides-Extra: site" in metadata

@pytest.mark.parametrize("game", registry.ids())
def test_the_console_script_answers_the_readme_examples(installed, game):
    done = subprocess.run([str(installed / "venv" / "bin" / "caipan"), "score", "--game", game],
                          input=json.dumps(EXAMPLES[game], ensure_ascii=False), capture_output=True, text=True,
                          cwd=installed, timeout=120)
    assert done.returncode == 0, done.stderr
    answer = json.loads(done.stdout)
    assert answer["total"] == TOTALS[game]
    assert answer == registry.game(game).score(EXAMPLES[game])


@pytest.mark.parametrize("game", registry.ids())
def test_the_console_script_answers_a_waits_request(installed, game):
    """The README's waits examples and each game's published one."""
    key = "tiles" if game == "nanning" else "cards"
    cases = [(r, WAITING_ON[r["hand"]]) for g, r in README_WAITS if g == game]
    sample = registry.game(game).requests["waits"].published.examples[0]
    cases.append((sample, registry.game(game).waits(sample)[key]))
    assert README_WAITS and len(cases) >= 1
    for request, pieces in cases:
        done = subprocess.run([str(installed / "venv" / "bin" / "caipan"), "waits", "--game", game],
                              input=json.dumps(request, ensure_ascii=False), capture_output=True, text=True,
                              cwd=installed, timeout=120)
        assert done.returncode == 0, done.stderr
        answer = json.loads(done.stdout)
        assert answer == registry.game(game).waits(request)
        assert answer[key] == pieces and pieces


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
