"""The scorer in the built site (no browser): the vendored runtime is the pinned npm package's own files,
the wheel carries the rules core and its data, the service worker lists what exists, and the page offers
every house rule with Chinese labels."""
from __future__ import annotations

import base64
import hashlib
import json
import re
import subprocess
import sys
import zipfile

from generator.paths import DATA
from generator.paths import ROOT
from generator.site.scorer import (NPM_STDLIB, RULE_DATA_GLOB, RUNTIME_DIR, RUNTIME_FILES, SOURCE_MAPS, STDLIB, WHEEL_DIR,
                                   runtime)
from rules.nanning.rule_set import presets
from rules.options import values_of
from rules.zipai.options import Options

HAN = re.compile(r"[\u4e00-\u9fff]")


def scorer_data(built, game: str) -> dict:
    text = (built.site / "data" / f"{game}_scorer.js").read_text(encoding="utf-8")
    return json.loads(text.split("=", 1)[1].rstrip().rstrip(";"))


def test_the_runtime_is_the_npm_package_byte_for_byte(built):
    for name in RUNTIME_FILES + SOURCE_MAPS:
        assert (built.site / RUNTIME_DIR / name).read_bytes() == (runtime() / name).read_bytes(), name
    # nothing else, but the gzip copy the build ships beside a big file (test_site_build checks it is the file)
    names = sorted(p.name for p in (built.site / RUNTIME_DIR).iterdir())
    assert [n for n in names if not n.endswith(".gz")] == sorted(RUNTIME_FILES + SOURCE_MAPS + (STDLIB,))
    assert {n[:-3] for n in names if n.endswith(".gz")} <= set(RUNTIME_FILES + (STDLIB,))


def test_the_compiled_stdlib_is_the_npm_one_with_bytecode_for_what_a_load_imports(built):
    """Every file of the package's standard library is there: as it was, or (a module the runtime or the
    rules core imports on a page load) as a sourceless .pyc of this Python in its place; nothing else."""
    with zipfile.ZipFile(runtime() / NPM_STDLIB) as npm, zipfile.ZipFile(built.site / RUNTIME_DIR / STDLIB) as ours:
        theirs = {n: npm.read(n) for n in npm.namelist()}
        mine = {n: ours.read(n) for n in ours.namelist()}
    compiled = {n for n in mine if n.endswith(".pyc")}
    assert {n[:-1] for n in compiled} <= set(theirs)
    assert set(mine) == (set(theirs) - {n[:-1] for n in compiled}) | compiled
    for name in set(mine) - compiled:
        assert mine[name] == theirs[name], name
    # what the runtime itself and the rules core import at once, compiled
    assert {"json/decoder.pyc", "tomllib/_parser.pyc", "dataclasses.pyc", "pyodide/_package_loader.pyc"} <= compiled
    magic = {mine[n][:4] for n in compiled}
    assert len(magic) == 1 and all(mine[n][4:8] == bytes(4) for n in compiled)


def test_the_wheel_holds_the_rules_core_and_its_data_with_a_true_record(built):
    (wheel,) = (built.site / WHEEL_DIR).glob("*.whl")
    with zipfile.ZipFile(wheel) as zf:
        names = set(zf.namelist())
        assert {"rules/nanning/answer.py", "rules/zipai/answer.py", "rules/nanning/request.py", "rules/zipai/request.py", "rules/nanning/waits.py", "rules/zipai/waits.py"} <= names
        shipped = [p for p in sorted(DATA.glob(RULE_DATA_GLOB)) if (ROOT / "rules" / p.parent.name).is_dir()]
        assert shipped
        for path in shipped:  # the rule data rides inside the package (setup.py), read by importlib.resources
            assert zf.read(f"rules/_data/{path.relative_to(DATA).as_posix()}") == path.read_bytes()
        assert not any(n.startswith("data/") for n in names)
        record = next(n for n in names if n.endswith(".dist-info/RECORD"))
        for line in zf.read(record).decode().splitlines():
            path, digest, size = line.rsplit(",", 2)
            if path == record:
                continue
            data = zf.read(path)
            assert digest == "sha256=" + base64.urlsafe_b64encode(hashlib.sha256(data).digest()).rstrip(b"=").decode()
            assert int(size) == len(data)
        assert not any(n.startswith("generator/") for n in names)
        # bytecode of Pyodide's Python beside every module (unchecked-hash pycs: flags 0b01), which
        # zipimport takes when the page puts the wheel itself on sys.path
        sources = {n for n in names if n.endswith(".py")}
        pycs = {n for n in names if n.endswith(".pyc")}
        assert {n[:-1] for n in pycs} == sources
        assert all(zf.read(n)[4:8] == (1).to_bytes(4, "little") for n in pycs)


def test_the_unpacked_wheel_reads_its_own_data(built, tmp_path):
    """As Pyodide does: the pure-Python wheel unpacked and imported from there, outside the repository,
    so `rules.data` finds the rule data through importlib.resources (rules/_data)."""
    (wheel,) = (built.site / WHEEL_DIR).glob("*.whl")
    with zipfile.ZipFile(wheel) as zf:
        zf.extractall(tmp_path / "site-packages")
    code = ("import rules, rules.data as d; from rules import registry; "
            "print(rules.__file__); print(d.root()); print(len(registry.game('nanning').options()))")
    done = subprocess.run([sys.executable, "-I", "-c", f"import sys; sys.path.insert(0, {str(tmp_path / 'site-packages')!r}); {code}"],
                          capture_output=True, text=True, cwd=tmp_path)
    assert done.returncode == 0, done.stderr
    module, root, count = done.stdout.splitlines()
    assert module.startswith(str(tmp_path)) and root.endswith("_data") and int(count) > 0


def test_the_service_worker_caches_files_that_exist(built):
    text = (built.site / "sw.js").read_text(encoding="utf-8")
    manifest = json.loads(re.match(r"self\.CAIPAN_PRECACHE = (\{.*?\});\n", text).group(1))
    for path in manifest["files"]:
        assert (built.site / path).is_file() or (built.site / path / "index.html").is_file(), path
    assert {"nanning/scorer/", "zipai/scorer/", f"{RUNTIME_DIR}/pyodide.asm.wasm"} <= set(manifest["files"])


def test_every_house_rule_is_offered_with_chinese_labels(built):
    nn = scorer_data(built, "nanning")
    specs = next(iter(presets().values())).option_specs
    assert [o["key"] for o in nn["options"]] == list(specs)
    assert [p["id"] for p in nn["presets"]] == list(presets())
    for o in nn["options"]:
        assert HAN.search(o["name"]) and [v for v, _ in o["values"]] == list(specs[o["key"]].values)
        assert all(HAN.search(label) for _, label in o["values"])
    zp = scorer_data(built, "zipai")
    assert [r["id"] for r in zp["readings"]] == list(values_of(Options))
    for r in zp["readings"]:
        assert HAN.search(r["name"]) and sorted(v[0] for v in r["values"]) == sorted(values_of(Options)[r["id"]])
        assert all(HAN.search(v[1]) for v in r["values"]), r["id"]


def test_the_page_never_shows_internal_keys(built):
    """Labels are Chinese; the option keys live only in value attributes."""
    nn = scorer_data(built, "nanning")
    keys = {o["key"] for o in nn["options"]} | {v for o in nn["options"] for v, _ in o["values"]}
    for o in nn["options"]:
        assert not keys & set(re.findall(r"[a-z_0-9]+", o["name"] + "".join(label for _, label in o["values"]))) - {"k"}
