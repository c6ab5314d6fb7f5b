"""The scorer's runtime, vendored into the built site: what the pages that run the rules core in the
browser (the 计分器, `scorer.py`) load, and the service worker that keeps it on the device.

- the Pyodide runtime, vendored from the pinned npm package `pyodide` (installed into build/npm/ when
  missing; only the files the runtime loads are copied, as they are);
- its standard library cut to what a page imports, and the rules core (the `rules` package of the
  project's own wheel, built with `pip wheel --no-deps .`, without what no page imports, with the rule
  data the core reads as rules/_data, setup.py, which `rules.data` finds with importlib.resources), both
  as bytecode made by that same Pyodide under Node (precompile(), precompile.mjs), written the same way
  every time and named by a hash of their content;
- the brotli, zstd and gzip copies of all of these (postbuild.compressed, at the highest levels: they are
  most of what a first visit downloads);
- a service worker at the site root that caches all of it with every page that runs the core (found in
  the built site: `core_pages`), so the scorer works offline and a second visit does not download the
  runtime again (the page's worker, scorer-worker.js, also keeps a memory snapshot of the booted
  interpreter, so a second visit does not boot it again either), and offline.json, the same list for
  the 离线使用 panel (offline.js).

Everything is cached under build/ by the hash of its inputs, so test builds copy files instead of
installing or building again. This module names no page: the pages come from `scorer.py`.
"""
from __future__ import annotations

import hashlib
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
import zipfile
from dataclasses import dataclass
from pathlib import Path

from ..errors import BuildError
from ..paths import BUILD, DATA, ROOT, SITE_SRC
from .postbuild import compressed, write_copies

PYODIDE = "314.0.7"  # npm i -E pyodide@PYODIDE
# What the page loads of the npm package as it is (no packages are loaded, so the page passes the
# lock file's `info` and no packages instead of fetching pyodide-lock.json). The ES module: the
# runtime runs in a module worker (Pyodide refuses classic workers).
RUNTIME_FILES = ("pyodide.mjs", "pyodide.asm.mjs", "pyodide.asm.wasm")
# Shipped beside them, never loaded by the page: pyodide.mjs names its source map (for DevTools and
# Lighthouse's valid-source-maps); the package has none for pyodide.asm.*.
SOURCE_MAPS = ("pyodide.mjs.map",)
NPM_STDLIB = "python_stdlib.zip"  # the package's standard library, Python sources only
PRECOMPILE = Path(__file__).with_name("precompile.mjs")
CACHE = BUILD
RUNTIME_DIR = "assets/pyodide"
CORE_DIR = "assets/caipan"
# The pages' scripts (site_src/assets/): the page, and the worker it starts, which runs the core.
PAGE_SCRIPT = "assets/scorer.js"
WORKER = "assets/scorer-worker.js"
# What setup.py copies into the wheel as rules/_data (the rule data the core reads at run time).
RULE_DATA_GLOB = "*/*.toml"
# What of the rules package no page imports: the command line and the JSON Schemas (read by the CLI's
# --help and by the build). A module of the core that imports one of them stops the build: precompile
# imports every module of the core, as a page may.
LEFT_OUT = ("rules/__main__.py", "rules/schemas/")
ZIP_TIME = (1980, 1, 1, 0, 0, 0)
# The README's command-line examples: precompile asks the core these and a drill of each mode and
# level (`page_requests`), so the standard library keeps what answering them imports;
# tests/generator/site/test_scorer.py asks the trimmed runtime the same and compares with the CLI.
README_EXAMPLE = re.compile(r"echo '(\{.*?\})'\s*(?:\\\n)?\s*\| \S+ -m rules (score|waits|session) --game (\w+)")


def npm_package(name: str, version: str) -> Path:
    """The folder of an npm package, pinned, installed into build/npm/ when missing."""
    prefix = CACHE / "npm" / f"{name}-{version}"
    folder = prefix / "node_modules" / name
    if (folder / "package.json").is_file():
        return folder
    npm = shutil.which("npm")
    if npm is None:
        raise BuildError(f"npm is needed once to fetch {name}@{version} (apt-get install npm)")
    prefix.mkdir(parents=True, exist_ok=True)
    done = subprocess.run([npm, "install", "--no-audit", "--no-fund", "--no-save", "-E", "--prefix", str(prefix),
                           f"{name}@{version}"], capture_output=True, text=True)
    if done.returncode != 0 or not (folder / "package.json").is_file():
        last = (done.stderr.strip().splitlines() or ["no output"])[-1]
        raise BuildError(f"npm install {name}@{version} failed: {last}")
    return folder


def runtime() -> Path:
    folder = npm_package("pyodide", PYODIDE)
    missing = [f for f in RUNTIME_FILES + SOURCE_MAPS + (NPM_STDLIB, "pyodide-lock.json") if not (folder / f).is_file()]
    if missing:
        raise BuildError(f"pyodide@{PYODIDE} lacks {', '.join(missing)}")
    return folder


def _rule_data() -> list[Path]:
    return sorted(DATA.glob(RULE_DATA_GLOB))


def outside_games() -> dict[str, bytes]:
    """The modules (with their packages' ``__init__``) of every registered game defined outside the rules
    package, as the tests' toy game is: its page's worker imports the game from them. Empty for the
    games of the wheel."""
    import importlib.util

    from rules import registry

    out = {}
    for game in registry.games():
        parts = type(game).__module__.split(".")
        if parts[0] == "rules":
            continue
        for n in range(1, len(parts) + 1):
            spec = importlib.util.find_spec(".".join(parts[:n]))
            if spec is None or not spec.origin:
                raise BuildError(f"the module of game {game.id!r} ({'.'.join(parts)}) is not a file")
            origin = Path(spec.origin)
            out["/".join(parts[:n]) + ("/__init__.py" if origin.name == "__init__.py" else ".py")] = origin.read_bytes()
    return out


def _inputs_hash() -> str:
    """What the wheel is made from: the package sources, pyproject.toml, setup.py, README.md (the
    wheel's description) and the rule data; and the modules of games outside it (`outside_games`)."""
    h = hashlib.sha256()
    for name, data in sorted(outside_games().items()):
        h.update(name.encode() + b"\0" + data + b"\0")
    files = [
        *sorted(p for p in (ROOT / "rules").rglob("*.py")),
        ROOT / "pyproject.toml",
        ROOT / "setup.py",
        ROOT / "README.md",
    ]
    files += _rule_data()
    for path in files:
        h.update(str(path.relative_to(ROOT)).encode() + b"\0" + path.read_bytes() + b"\0")
    return h.hexdigest()[:16]


def readme_requests() -> list[list]:
    """[game, "score" | "waits" | "session", request] for every command-line example of the README, in order."""
    text = (ROOT / "README.md").read_text(encoding="utf-8")
    return [[game, kind, json.loads(body)] for body, kind, game in README_EXAMPLE.findall(text)]


def page_requests() -> list[list]:
    """[game, kind, request] of what the pages ask (`rules.page.call`): the README's examples, and for
    every game with drills a drill of each of its modes and levels and a verdict on one of them."""
    from rules import registry
    from rules.drill import Level, drills, module

    asked = readme_requests()
    for game in registry.games():
        if not game.drills:
            continue
        for mode in module(game.id).MODES:
            for level in Level:
                asked.append([game.id, "drill", {"mode": mode.value, "level": level.value, "seed": 0}])
        one = drills({"game": game.id, "seed": 0})[0]
        asked.append([game.id, "verdict", {"id": one["id"], "given": one["expect"]}])
    return asked


def _write_zip(entries: dict[str, bytes], out: Path) -> None:
    """A zip of these files, written the same way every time: sorted, fixed times, and stored (a
    static host sends it compressed as a whole, which is smaller than its entries deflated one by one)."""
    part = out.with_name(out.name + ".part")
    with zipfile.ZipFile(part, "w", compression=zipfile.ZIP_STORED) as zf:
        for name in sorted(entries):
            info = zipfile.ZipInfo(name, ZIP_TIME)
            info.external_attr = 0o644 << 16
            zf.writestr(info, entries[name])
    part.replace(out)  # whole or not at all: a build stopped halfway leaves no short file


def browser_part(built: Path) -> dict[str, bytes]:
    """What of the pip-built wheel a page may import: the rules package, with its data in rules/_data,
    without what it leaves out (LEFT_OUT) and without the wheel's metadata."""
    with zipfile.ZipFile(built) as zf:
        entries = {name: zf.read(name) for name in zf.namelist()
                   if name.startswith("rules/") and not name.endswith("/") and not name.startswith(LEFT_OUT)}
    if not any(n.endswith(".py") for n in entries):
        raise BuildError(f"{built.name} holds no rules/ package")
    if not any(n.startswith("rules/_data/") for n in entries):
        raise BuildError(f"{built.name} holds no rules/_data (setup.py copies the rule data there)")
    return entries


def core_sources() -> Path:
    """The sources of the rules core as a page gets it (`browser_part` of the project's wheel, built with
    `pip wheel --no-deps .`, and `outside_games`), cached under build/core/ by the hash of their inputs."""
    out = CACHE / "core" / _inputs_hash() / "core-sources.zip"
    if out.is_file():
        return out
    with tempfile.TemporaryDirectory() as tmp:
        # A clean copy of what the wheel is made from: setuptools builds in the source tree and
        # would otherwise pick up stale files from an earlier build/lib.
        src = Path(tmp) / "src"
        src.mkdir()
        for name in ("pyproject.toml", "setup.py", "README.md"):
            shutil.copyfile(ROOT / name, src / name)
        shutil.copytree(ROOT / "rules", src / "rules", ignore=shutil.ignore_patterns("__pycache__", "*.pyc"))
        for path in _rule_data():  # what setup.py copies into the wheel as rules/_data
            target = src / "data" / path.relative_to(DATA)
            target.parent.mkdir(parents=True, exist_ok=True)
            shutil.copyfile(path, target)
        done = subprocess.run([sys.executable, "-m", "pip", "wheel", "--no-deps", "--quiet",
                               "--disable-pip-version-check", "-w", tmp, str(src)],
                              capture_output=True, text=True, env={**os.environ, "SOURCE_DATE_EPOCH": "315532800"})
        built = sorted(Path(tmp).glob("caipan-*.whl"))
        if done.returncode != 0 or not built:
            last = (done.stderr.strip().splitlines() or ["no wheel written"])[-1]
            raise BuildError(f"pip wheel --no-deps . failed: {last}")
        out.parent.mkdir(parents=True, exist_ok=True)
        _write_zip(browser_part(built[0]) | outside_games(), out)
    return out


def _named(kind: str, entries: dict[str, bytes]) -> str:
    """A file name with a hash of its content, so no cache between the site and a device keeps an old one."""
    h = hashlib.sha256()
    for name in sorted(entries):
        h.update(name.encode() + b"\0" + entries[name] + b"\0")
    return f"{kind}.{h.hexdigest()[:12]}.zip"


def precompile(folder: Path, sources: Path) -> tuple[Path, Path]:
    """The standard library and the rules core as a page gets them, made by the pinned Pyodide itself
    under Node (precompile.mjs), cached under build/pyc/ by the hash of their inputs: bytecode only,
    and of the standard library only what a page imports.

    Pyodide ships its standard library as sources (614 files), so a page load spent most of its time
    compiling the modules that the runtime and the rules core import, and downloaded all the others
    for nothing. The standard library becomes the sourceless .pyc files of exactly the modules the
    runtime and the core import (about 140); the core, a .pyc for each of its modules, and its data."""
    requests = json.dumps(page_requests(), ensure_ascii=False, sort_keys=True).encode()
    h = hashlib.sha256(requests + b"\0")
    for path in (folder / NPM_STDLIB, folder / "pyodide.asm.wasm", sources, PRECOMPILE):
        h.update(path.name.encode() + b"\0" + path.read_bytes() + b"\0")
    out = CACHE / "pyc" / h.hexdigest()[:16]
    made = sorted(out.glob("*.zip"))
    if len(made) == 2:
        core, stdlib = made  # core.….zip, python_stdlib.….zip
        return stdlib, core
    node = shutil.which("node")
    if node is None:
        raise BuildError("node is needed to precompile the scorer's Python (apt-get install nodejs)")
    with tempfile.TemporaryDirectory() as tmp:
        pycs, asked = Path(tmp) / "pycs.zip", Path(tmp) / "requests.json"
        asked.write_bytes(requests)
        done = subprocess.run([node, str(PRECOMPILE), str(folder), str(folder / NPM_STDLIB), str(sources), str(asked),
                               str(pycs)], capture_output=True, text=True)
        if done.returncode != 0 or not pycs.is_file():
            last = (done.stderr.strip().splitlines() or ["no output"])[-1]
            raise BuildError(f"precompiling the scorer's Python failed: {last}")
        with zipfile.ZipFile(pycs) as zf:
            made_pycs = {name: zf.read(name) for name in zf.namelist()}
        with zipfile.ZipFile(sources) as zf:
            data = {name: zf.read(name) for name in zf.namelist() if not name.endswith(".py")}
        stdlib = {name.removeprefix("stdlib/"): b for name, b in made_pycs.items() if name.startswith("stdlib/")}
        core = {name.removeprefix("core/"): b for name, b in made_pycs.items() if name.startswith("core/")} | data
        out.mkdir(parents=True, exist_ok=True)
        _write_zip(stdlib, out / _named("python_stdlib", stdlib))
        _write_zip(core, out / _named("core", core))
    return precompile(folder, sources)


@dataclass(frozen=True)
class Runtime:
    """What the pages point at: the runtime folder, the trimmed standard library and the rules core."""

    pyodide: Path
    stdlib: Path
    core: Path

    @property
    def core_url(self) -> str:
        return f"{CORE_DIR}/{self.core.name}"

    def lock_info(self) -> dict:
        """The lock file's `info`, which loadPyodide checks against the runtime's ABI."""
        return json.loads((self.pyodide / "pyodide-lock.json").read_text(encoding="utf-8"))["info"]

    def files(self) -> list[Path]:
        """What a page downloads to run the core."""
        return [self.pyodide / f for f in RUNTIME_FILES] + [self.stdlib, self.core]

    def snapshot_key(self) -> str:
        """What a memory snapshot taken in the browser depends on: the runtime, the standard library,
        the core and the scripts that define the entry point (the worker keeps one per key)."""
        h = hashlib.sha256()
        for path in [*self.files(), SITE_SRC / PAGE_SCRIPT, SITE_SRC / WORKER]:
            h.update(path.name.encode() + b"\0" + path.read_bytes() + b"\0")
        return h.hexdigest()[:16]

    def bytes(self) -> int:
        """What a first visit downloads for the scorer (uncompressed), for the progress bar."""
        return sum(path.stat().st_size for path in self.files())

    def sent(self) -> int:
        """The same as a static host sends it to a browser that takes brotli (the .br copies)."""
        return sum(compressed(path.read_bytes(), best=True)[".br"].stat().st_size for path in self.files())


def prepare() -> Runtime:
    folder = runtime()
    return Runtime(folder, *precompile(folder, core_sources()))


def vendor(rt: Runtime, site: Path) -> int:
    """Copy the runtime and the rules core into the built site with their compressed copies, and write
    the service worker, which keeps the pages that run the core and what they load; bytes copied."""
    target = site / RUNTIME_DIR
    target.mkdir(parents=True, exist_ok=True)
    for name in RUNTIME_FILES + SOURCE_MAPS:
        shutil.copyfile(rt.pyodide / name, target / name)
    shutil.copyfile(rt.stdlib, target / rt.stdlib.name)
    (site / CORE_DIR).mkdir(parents=True, exist_ok=True)
    shutil.copyfile(rt.core, site / rt.core_url)
    for name in (*RUNTIME_FILES, rt.stdlib.name):
        write_copies(target / name, best=True)
    write_copies(site / rt.core_url, best=True)
    write_service_worker(site, rt)
    return rt.bytes()


# What marks a page that runs the rules core in the browser (the scorer's, and any later one: a ledger,
# a drill): the element its script reads the runtime's folder from. Such a page also names the worker
# script and the core it starts (data-worker, data-core), which it fetches itself.
RUNS_THE_CORE = "data-runtime"
FETCHED_ATTRIBUTES = ("data-worker", "data-core")


def _page_loads(site: Path, page: str) -> tuple[bool, list[str]]:
    """Whether a built page runs the core, and the site paths of what it loads (scripts, stylesheets,
    icons, and what its script fetches itself)."""
    from html.parser import HTMLParser
    from posixpath import normpath

    loads: list[str] = []
    runs = False

    class Parser(HTMLParser):
        def handle_starttag(self, tag, attrs):
            nonlocal runs
            a = dict(attrs)
            runs = runs or RUNS_THE_CORE in a
            urls = [a.get("src")] if tag in ("script", "img") else []
            # modulepreload: a module the page's modules import (the service worker cannot see imports)
            if tag == "link" and set((a.get("rel") or "").split()) & {"stylesheet", "icon", "modulepreload"}:
                urls.append(a.get("href"))
            urls += [a.get(name) for name in FETCHED_ATTRIBUTES]
            for url in urls:
                if url and "://" not in url and not url.startswith(("data:", "#")):
                    loads.append(normpath(page + url.split("#")[0].split("?")[0]))

    Parser().feed((site / page / "index.html").read_text(encoding="utf-8"))
    return runs, loads


def core_pages(site: Path) -> dict[str, list[str]]:
    """Every page of the built site that runs the rules core (RUNS_THE_CORE), with what it loads."""
    out = {}
    for path in sorted(site.rglob("index.html")):
        page = path.parent.relative_to(site).as_posix() + "/"
        page = "" if page == "./" else page
        runs, loads = _page_loads(site, page)
        if runs:
            out[page] = loads
    return out


def precache(site: Path, rt: Runtime) -> list[str]:
    """Every file the pages that run the core need offline (site paths, in a stable order): those pages,
    what they load, the runtime, and what the offline panel reads."""
    pages = core_pages(site)
    if not pages:
        raise BuildError(f"no page of the built site runs the rules core (none has {RUNS_THE_CORE})")
    files = set(pages) | {path for loads in pages.values() for path in loads}
    files.update(f"{RUNTIME_DIR}/{path.name}" for path in rt.files() if path != rt.core)
    files.add(rt.core_url)
    files.add(OFFLINE_LIST)
    # What the theme's search loads on every page, so an offline page has no failed request. Not the
    # search index: it is fetched when the search box is opened (lazy-search.js), and cached then.
    files.update(str(p.relative_to(site)) for p in (site / "assets/javascripts/workers").glob("search.*.min.js"))
    files.update(f"assets/javascripts/lunr/min/lunr.{name}.min.js" for name in ("stemmer.support", "multi", "zh"))
    for path in sorted(files - {OFFLINE_LIST}):
        if not (site / path).is_file() and not (site / path / "index.html").is_file():
            raise BuildError(f"the pages that run the core need {path}, which is not in the built site")
    return sorted(files)


OFFLINE_LIST = "offline.json"  # the service worker's list, for the offline panel (offline.js)


def write_service_worker(site: Path, rt: Runtime) -> None:
    """sw.js at the site root (its scope is the whole site), with the file list and a version that
    changes whenever one of those files does; the same list as offline.json, for the offline panel.
    Each file comes with its size and what a static host sends of it (its smallest compressed copy)."""
    paths = precache(site, rt)
    h = hashlib.sha256()
    files = []
    for path in paths:
        if path == OFFLINE_LIST:
            continue
        full = site / path / "index.html" if path.endswith("/") else site / path
        data = full.read_bytes()
        h.update(path.encode() + b"\0" + data)
        copies = [copy.stat().st_size for suffix in (".br", ".zst", ".gz")
                  if (copy := full.with_name(full.name + suffix)).is_file()]
        files.append({"path": path, "bytes": len(data), "sent": min([*copies, len(data)])})
    manifest = {"version": h.hexdigest()[:16], "files": files}
    listed = json.dumps(manifest, ensure_ascii=False, separators=(",", ":"))
    (site / OFFLINE_LIST).write_text(listed + "\n", encoding="utf-8")
    size = len((site / OFFLINE_LIST).read_bytes())
    manifest["files"].append({"path": OFFLINE_LIST, "bytes": size, "sent": size})
    template = (SITE_SRC / "assets" / "sw.js").read_text(encoding="utf-8")
    if "self.CAIPAN_PRECACHE" not in template:
        raise BuildError("site_src/assets/sw.js must read self.CAIPAN_PRECACHE")
    (site / "sw.js").write_text(f"self.CAIPAN_PRECACHE = {json.dumps(manifest, ensure_ascii=False)};\n{template}",
                                encoding="utf-8")
    write_copies(site / OFFLINE_LIST)
    write_copies(site / "sw.js")
