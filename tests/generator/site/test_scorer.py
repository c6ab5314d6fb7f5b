"""The scorer in the built site: the vendored runtime is the pinned npm package's own files, the trimmed
standard library and the rules core boot in Pyodide under Node and answer the README's examples as the
CLI does, the core carries nothing a page does not import, the service worker lists what exists, and the
page offers every house rule with Chinese labels."""
from __future__ import annotations

import ast
import json
import re
import shutil
import subprocess
import zipfile
from pathlib import Path

import pytest

from generator.games import sites
from generator.paths import DATA, ROOT, SITE_SRC
from generator.site.runtime import (CORE_DIR, LEFT_OUT, NPM_STDLIB, RULE_DATA_GLOB, RUNTIME_DIR, RUNTIME_FILES,
                                    SOURCE_MAPS, WORKER, page_requests, runtime)
from rules import registry
from rules.nanning.rule_set import presets
from rules.nanning.tiles import parse
from rules.options import values_of
from rules.drill import drills, verdict
from rules.page import KINDS
from rules.request import answer, form_of
from rules.session import MAX_SESSION_BYTES
from rules.zipai.options import Options

HAN = re.compile(r"[\u4e00-\u9fff]")
RUNNER = Path(__file__).parents[2] / "pyodide_node.mjs"


def scorer_data(built, game: str) -> dict:
    text = (built.site / "data" / f"{game}_scorer.js").read_text(encoding="utf-8")
    return json.loads(text.split("=", 1)[1].rstrip().rstrip(";"))


def shipped(built) -> tuple[Path, Path]:
    """The trimmed standard library and the rules core, as the built site ships them."""
    config = scorer_data(built, "nanning")
    return built.site / RUNTIME_DIR / config["stdlib"], built.site / config["core"]


def test_the_runtime_is_the_npm_package_byte_for_byte(built):
    for name in RUNTIME_FILES + SOURCE_MAPS:
        assert (built.site / RUNTIME_DIR / name).read_bytes() == (runtime() / name).read_bytes(), name
    # nothing else but the trimmed standard library, and the compressed copies beside the big files
    # (tests/generator/site/test_site.py checks each is its file)
    stdlib, _ = shipped(built)
    names = sorted(p.name for p in (built.site / RUNTIME_DIR).iterdir())
    shipped_files = sorted((*RUNTIME_FILES, *SOURCE_MAPS, stdlib.name))
    assert [n for n in names if not n.endswith((".gz", ".br", ".zst"))] == shipped_files
    for suffix in (".gz", ".br", ".zst"):
        assert {n.removesuffix(suffix) for n in names if n.endswith(suffix)} == {*RUNTIME_FILES, stdlib.name}


def test_the_standard_library_is_the_bytecode_of_what_a_page_imports(built):
    """Sourceless .pyc files of this Python for some of the package's modules (what the runtime and the
    rules core import), nothing else; far fewer than the package's."""
    stdlib, _ = shipped(built)
    with zipfile.ZipFile(runtime() / NPM_STDLIB) as npm, zipfile.ZipFile(stdlib) as ours:
        theirs = set(npm.namelist())
        mine = {n: ours.read(n) for n in ours.namelist()}
    assert all(n.endswith(".pyc") for n in mine) and {n[:-1] for n in mine} <= theirs
    # what the runtime itself and the rules core import at once
    assert {"json/decoder.pyc", "tomllib/_parser.pyc", "dataclasses.pyc", "pyodide/_package_loader.pyc"} <= set(mine)
    assert len(mine) < len([n for n in theirs if n.endswith(".py")]) / 3
    magic = {data[:4] for data in mine.values()}
    assert len(magic) == 1 and all(data[4:16] == bytes(12) for data in mine.values())


def core_modules() -> set[str]:
    """Every module of the rules package a page may import (all but LEFT_OUT), as paths."""
    return {p.relative_to(ROOT).as_posix() for p in (ROOT / "rules").rglob("*.py")
            if not p.relative_to(ROOT).as_posix().startswith(LEFT_OUT)}


def test_the_core_is_the_bytecode_of_the_rules_package_and_its_data_and_nothing_else(built):
    _, core = shipped(built)
    assert core.parent == built.site / CORE_DIR
    assert [p.name for p in core.parent.iterdir() if p.suffix == ".zip"] == [core.name]
    with zipfile.ZipFile(core) as zf:
        names = set(zf.namelist())
        data = {n for n in names if n.startswith("rules/_data/")}
        assert names - data == {name + "c" for name in core_modules()}  # no generator/, no schemas, no CLI, no sources
        shipped_data = [p for p in sorted(DATA.glob(RULE_DATA_GLOB)) if (ROOT / "rules" / p.parent.name).is_dir()]
        assert shipped_data and data == {f"rules/_data/{p.relative_to(DATA).as_posix()}" for p in shipped_data}
        for path in shipped_data:  # the rule data rides inside the package (setup.py), read by importlib.resources
            assert zf.read(f"rules/_data/{path.relative_to(DATA).as_posix()}") == path.read_bytes()


def test_no_module_of_the_core_imports_what_the_page_leaves_out():
    """An import inside a function too: the command line and the schemas are not in the browser's core."""
    left_out = {name.removesuffix(".py").removesuffix("/").replace("/", ".") for name in LEFT_OUT}
    for name in sorted(core_modules()):
        tree = ast.parse((ROOT / name).read_text(encoding="utf-8"))
        package = name.removesuffix(".py").replace("/", ".").removesuffix(".__init__")
        here = package if name.endswith("__init__.py") else package.rpartition(".")[0]
        for node in ast.walk(tree):
            if isinstance(node, ast.ImportFrom):
                base = node.module or ""
                if node.level:
                    up = here.split(".")[: len(here.split(".")) - node.level + 1]
                    base = ".".join(up + ([base] if base else []))
                targets = [base] + [f"{base}.{a.name}" for a in node.names]
            elif isinstance(node, ast.Import):
                targets = [a.name for a in node.names]
            else:
                continue
            assert not {t for t in targets if t in left_out}, (name, node.lineno)


def native(game: str, kind: str, request: dict) -> dict:
    """What the CLI answers (`caipan score|waits|session`, `caipan drill`, `rules.drill.verdict`), in the
    shape of the worker's caipan_call."""
    rules = registry.game(game)
    call = {"score": rules.score, "waits": rules.waits, "session": rules.session,
            "drill": lambda args: {"drills": drills({**args, "game": game})},
            "verdict": lambda r: verdict(drills({"game": game, "id": r["id"]})[0], r["given"])}[kind]
    result, line = answer(call, json.dumps(request).encode(), limit=MAX_SESSION_BYTES)
    return {"ok": json.loads(result)} if result is not None else {"error": line.removeprefix("error: ")}


def one_short(game: str, request: dict) -> dict:
    """The waits request of a scoring one: the hand without its last tile or card, and no win."""
    out = {k: v for k, v in request.items() if k not in ("win", "win_tile", "win_card", "chain", "from", "kongs")}
    if game == "nanning":
        out["hand"] = "".join(f"{t % 9 + 1}{'mpsz'[t // 9]}" for t in parse(request["hand"])[:-1])
    else:
        out["hand"] = request["hand"][:-1]
    return out


def worker_glue() -> tuple[str, str]:
    """The Python the page's worker runs (scorer-worker.js), and where it puts the core."""
    text = (SITE_SRC / WORKER).read_text(encoding="utf-8")
    where = json.loads(re.search(r'const CORE_PATH = ("[^"]+");', text).group(1))
    glue = re.search(r"const GLUE = `([\s\S]*?)`;", text).group(1)
    return glue.replace("${JSON.stringify(CORE_PATH)}", json.dumps(where)), where


@pytest.mark.skipif(shutil.which("node") is None, reason="node runs the runtime (the build needs it too)")
def test_the_trimmed_runtime_imports_every_module_of_the_core_and_answers_the_readme_as_the_cli(built, tmp_path):
    """Booted under Node as the page's worker boots it: every module of the core imports from the trimmed
    standard library, and the README's examples of both games (their waits too, the hand one short) and
    bad requests get the CLI's answers."""
    examples = page_requests()
    assert {game for game, kind, _ in examples if kind == "score"} == set(registry.ids())
    assert {kind for _, kind, _ in examples} == set(KINDS)
    requests = examples + [[game, "waits", one_short(game, r)] for game, kind, r in examples if kind == "score"]
    requests += [[game, kind, bad] for game in registry.ids() for kind in ("score", "waits")
                 for bad in ({}, {"hand": "?"}, {"hand": "1m", "nope": 1})]
    stdlib, core = shipped(built)
    glue, where = worker_glue()
    job = tmp_path / "job.json"
    job.write_text(json.dumps({"runtime": str(built.site / RUNTIME_DIR), "stdlib": stdlib.name, "core": str(core),
                               "core_path": where, "glue": glue, "lock": scorer_data(built, "nanning")["lock"],
                               "requests": requests}, ensure_ascii=False), encoding="utf-8")
    done = subprocess.run(["node", str(RUNNER), str(job)], capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stderr[-2000:]
    out = json.loads(done.stdout)
    modules = {n.removesuffix(".py").removesuffix("/__init__").replace("/", ".") for n in core_modules()}
    assert set(out["imported"]) == modules
    assert len(out["answers"]) == len(requests)
    for (game, kind, request), got in zip(requests, out["answers"], strict=True):
        assert got == native(game, kind, request), (game, kind, request)
    assert sum("ok" in a for a in out["answers"]) >= len(examples) + 2  # the examples score; their hands wait


def test_the_service_worker_keeps_every_page_that_runs_the_core_and_what_it_loads(built):
    """The list comes from the built site: every page with the runtime's folder in it (data-runtime), all
    it loads, the runtime; each file exists with the size listed, and offline.json is the same list."""
    text = (built.site / "sw.js").read_text(encoding="utf-8")
    manifest = json.loads(re.match(r"self\.CAIPAN_PRECACHE = (\{.*?\});\n", text).group(1))
    listed = {f["path"]: f for f in manifest["files"]}
    for path, f in listed.items():
        full = built.site / path / "index.html" if path.endswith("/") else built.site / path
        assert full.is_file() and full.stat().st_size == f["bytes"] and 0 < f["sent"] <= f["bytes"], path
    runs = {p.parent.relative_to(built.site).as_posix() + "/" for p in built.pages()
            if p.name == "index.html" and 'data-runtime="' in p.read_text(encoding="utf-8")}
    assert {f"{game}/scorer/" for game in sites()} <= runs
    stdlib, core = shipped(built)
    assert runs | {f"{RUNTIME_DIR}/pyodide.asm.wasm", f"{RUNTIME_DIR}/{stdlib.name}", WORKER, "offline.json",
                   core.relative_to(built.site).as_posix(), "assets/offline.js", "assets/scorer.js"} <= set(listed)
    assert not {p for p in listed if p.endswith("/") and p not in runs}  # no other page
    offline = json.loads((built.site / "offline.json").read_text(encoding="utf-8"))
    assert offline["version"] == manifest["version"] and offline["files"] == manifest["files"][:-1]


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
    keys = {k for k in keys if not k.isdigit()}  # a count (买几颗码: "4") is a number a label may well show
    for o in nn["options"]:
        assert not keys & set(re.findall(r"[a-z_0-9]+", o["name"] + "".join(label for _, label in o["values"]))) - {"k"}


# -- the page config, drawn from the score request's form ------------------------------------------------------

REAL_GAMES = ("nanning", "zipai")
GAME_FLAGS = ("selects", "numbers", "fishing", "win_options", "rules_key")  # ui's old per-game switches
TOP_FLAGS = ("seats", "kong_kinds", "extras", "bao", "gang_kinds")


def page_config(game: str) -> dict:
    """A scorer page's config as the build writes it, less what needs the build (the runtime's part, the
    house rules' offers read from the site data, the sheet and the links): the form and the game's `ui`."""
    ui = sites()[game].part("scorer").ui()
    return {"game": game, "core": "core/x.zip", "bytes": 1, "stdlib": "x.zip", "lock": {}, "snapshot": "0" * 16,
            "links": {}, "form": form_of(registry.game(game).requests["score"]), **ui}


@pytest.mark.parametrize("game", REAL_GAMES)
def test_the_page_config_fits_its_schema_and_names_only_declared_fields(game):
    from generator.site.scorer import check_config, check_fields, paths_of

    config = json.loads(json.dumps(page_config(game), ensure_ascii=False))
    check_config(game, config)
    check_fields(game, config)
    assert set(config["ui"]["fields"]) <= set(paths_of(config["form"]))
    assert not set(GAME_FLAGS) & set(config["ui"]) and not set(TOP_FLAGS) & set(config)
    # the drill page reads the same ui: the fields it names are the form's hand's winning one and groups
    kinds = {f["key"]: f["kind"] for f in config["form"]["fields"]}
    assert kinds[config["ui"]["tile_field"]] == "tile" and kinds[config["ui"]["groups"]] == "list"
    # every choice offered for a field is one of its declared values ('' leaves it out)
    for path, page in config["ui"]["fields"].items():
        shape = next(f for f in config["form"]["fields"] if f["key"] == path.split(".")[0])
        if shape["kind"] == "enum" and "choices" in page:
            opening = config["ui"].get("opening")
            assert {v for v, _ in page["choices"]} - {"", opening} <= set(shape["choices"]), path


UNDECLARED = "not a field of its score request"


@pytest.mark.parametrize("game, change, problem", [
    ("nanning", lambda c: c["ui"]["fields"].update({"no_such_field": {"label": "x"}}), UNDECLARED),
    ("zipai", lambda c: c["ui"]["fields"].update({"gang.nope": {"label": "x"}}), UNDECLARED),
    ("nanning", lambda c: c["ui"].update({"selects": []}), "Additional properties"),
    ("zipai", lambda c: c.update({"bao": ["爆"]}), "Additional properties"),
    ("nanning", lambda c: c["ui"]["fields"].update({"win": {"place": "elsewhere"}}), "ui/fields/win/place"),
    ("zipai", lambda c: c["form"]["fields"][0].update({"kind": "palette"}), "form/fields/0/kind"),
    # a field a player sees with no Chinese label would show the declaration's English description
    ("zipai", lambda c: c["ui"]["fields"].pop("preset"), "gives 'preset' no label"),
    ("nanning", lambda c: c["ui"]["fields"].pop("moma_hits"), "gives 'moma_hits' no label"),
    # the sheet carries a field's value as the form holds it: a top-level field the form shows, marked true
    ("nanning", lambda c: c["ui"]["fields"]["fishing.winner"].update({"sheet": True}), "marks 'fishing.winner'"),
    ("nanning", lambda c: c["ui"]["fields"]["kongs"].update({"sheet": True}), "marks 'kongs' for the sheet"),
    ("nanning", lambda c: c["ui"]["fields"]["moma_hits"].update({"sheet": False}), "ui/fields/moma_hits/sheet"),
])
def test_a_page_config_that_strays_from_the_form_fails_the_build(game, change, problem):
    from generator.errors import BuildError
    from generator.site.scorer import check_config, check_fields

    config = json.loads(json.dumps(page_config(game), ensure_ascii=False))
    change(config)
    with pytest.raises(BuildError, match=re.escape(problem)):
        check_config(game, config)
        check_fields(game, config)
