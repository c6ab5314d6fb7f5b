"""The 计分器 pages: the rules core itself, running in the browser on Pyodide.

Three things the pages need besides their Markdown:
- the Pyodide runtime, vendored from the pinned npm package `pyodide` (installed
  into build/npm/ when missing; only the files the runtime loads are copied), with
  its standard library precompiled by that same Pyodide under Node (precompile());
- the project's own wheel, built with `pip wheel --no-deps .` and repacked so it
  is byte-identical from the same inputs; it carries the rule data the core reads
  as rules/_data (setup.py), which `rules.data` finds with importlib.resources;
- a service worker at the site root that caches all of it, so the scorer works
  offline and a second visit does not download the runtime again (the page's worker,
  scorer-worker.js, also keeps a memory snapshot of the booted interpreter, so a
  second visit does not boot it again either).

The interpreter runs in a module Web Worker that the page starts after its first
paint, so the page paints, and stays responsive, while the runtime downloads and boots.

Everything is cached under build/ by the hash of its inputs, so test builds copy
files instead of installing or building again. What each game's page offers comes
from its generator module's `scorer_data` hook (`generator.games`); this module
names no game.
"""
from __future__ import annotations

import base64
import gzip
import hashlib
import json
import os
import shutil
import subprocess
import sys
import tempfile
import zipfile
from dataclasses import dataclass
from pathlib import Path

from ..errors import BuildError
from ..games import modules
from ..paths import DATA, ROOT, SITE_SRC

PYODIDE = "314.0.7"  # npm i -E pyodide@PYODIDE
# What the page loads of the npm package as it is (no packages are loaded, so the page passes the
# lock file's `info` and no packages instead of fetching pyodide-lock.json). The ES module: the
# runtime runs in a module worker (Pyodide refuses classic workers).
RUNTIME_FILES = ("pyodide.mjs", "pyodide.asm.mjs", "pyodide.asm.wasm")
# Shipped beside them, never loaded by the page: pyodide.mjs names its source map (for DevTools and
# Lighthouse's valid-source-maps); the package has none for pyodide.asm.*.
SOURCE_MAPS = ("pyodide.mjs.map",)
NPM_STDLIB = "python_stdlib.zip"  # the package's standard library, Python sources only
STDLIB = "python_stdlib_compiled.zip"  # the same, with bytecode for what a page load imports (precompile())
PRECOMPILE = Path(__file__).with_name("precompile.mjs")
CACHE = ROOT / "build"
RUNTIME_DIR = "assets/pyodide"
WHEEL_DIR = "assets/caipan"
# The pages' scripts (site_src/assets/): the page, and the worker it starts, which runs the core.
PAGE_SCRIPT = "assets/scorer.js"
WORKER = "assets/scorer-worker.js"
# What setup.py copies into the wheel as rules/_data (the rule data the core reads at run time).
RULE_DATA_GLOB = "*/*.toml"
ZIP_TIME = (1980, 1, 1, 0, 0, 0)


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


def scorer_games() -> dict:
    """Game id → its generator module, for every game with a 计分器 page (a `scorer_data` hook)."""
    return {game: m for game, m in modules().items() if hasattr(m, "scorer_data")}


def scorer_pages() -> list[str]:
    """The scorer pages (site paths), which the service worker keeps for offline use."""
    return [f"{game}/scorer/" for game in scorer_games()]


def _rule_data() -> list[Path]:
    return sorted(DATA.glob(RULE_DATA_GLOB))


def _inputs_hash() -> str:
    """What the wheel is made from: the package sources, pyproject.toml, setup.py, README.md (the
    wheel's description) and the rule data."""
    h = hashlib.sha256()
    files = [*sorted((ROOT / "rules").rglob("*.py")), ROOT / "pyproject.toml", ROOT / "setup.py", ROOT / "README.md"]
    files += _rule_data()
    for path in files:
        h.update(str(path.relative_to(ROOT)).encode() + b"\0" + path.read_bytes() + b"\0")
    return h.hexdigest()[:16]


def _record_hash(data: bytes) -> str:
    digest = base64.urlsafe_b64encode(hashlib.sha256(data).digest()).rstrip(b"=").decode()
    return f"sha256={digest},{len(data)}"


def repack(built: Path, out: Path) -> None:
    """The pip-built wheel with only what the browser needs (rules/, with its data in rules/_data),
    written the same way every time: sorted entries, fixed timestamps and a fresh RECORD."""
    entries: dict[str, bytes] = {}
    with zipfile.ZipFile(built) as zf:
        info_dir = next(n.split("/")[0] for n in zf.namelist() if n.split("/")[0].endswith(".dist-info"))
        for name in zf.namelist():
            top = name.split("/")[0]
            if (top == "rules" or top == info_dir) and not name.endswith("/RECORD"):
                entries[name] = zf.read(name)
    if not any(n.startswith("rules/") for n in entries):
        raise BuildError(f"{built.name} holds no rules/ package")
    if not any(n.startswith("rules/_data/") for n in entries):
        raise BuildError(f"{built.name} holds no rules/_data (setup.py copies the rule data there)")
    write_wheel(entries, info_dir, out)


def write_wheel(entries: dict[str, bytes], info_dir: str, out: Path) -> None:
    """A wheel of these files, written the same way every time, with a fresh RECORD."""
    entries = {name: data for name, data in entries.items() if name != f"{info_dir}/RECORD"}
    record = f"{info_dir}/RECORD"
    lines = [f"{name},{_record_hash(data)}" for name, data in sorted(entries.items())] + [f"{record},,"]
    entries[record] = ("\n".join(lines) + "\n").encode()
    _write_zip(entries, out)


def _write_zip(entries: dict[str, bytes], out: Path, times: dict | None = None) -> None:
    with zipfile.ZipFile(out, "w", compression=zipfile.ZIP_DEFLATED) as zf:
        for name in sorted(entries):
            info = zipfile.ZipInfo(name, (times or {}).get(name, ZIP_TIME))
            info.compress_type = zipfile.ZIP_STORED if name.endswith("/") else zipfile.ZIP_DEFLATED
            info.external_attr = 0o644 << 16
            zf.writestr(info, entries[name])


def wheel() -> Path:
    """The project's wheel for the browser, cached under build/wheel/ by the hash of its inputs."""
    folder = CACHE / "wheel" / _inputs_hash()
    found = sorted(folder.glob("*.whl"))
    if found:
        return found[0]
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
        folder.mkdir(parents=True, exist_ok=True)
        partial = folder / (built[0].name + ".part")
        repack(built[0], partial)
        partial.rename(folder / built[0].name)
    return folder / built[0].name


def precompile(folder: Path, built: Path) -> tuple[Path, Path]:
    """The standard library and the wheel with bytecode, made by the pinned Pyodide itself under Node
    (precompile.mjs), cached under build/pyc/ by the hash of their inputs.

    Pyodide ships its standard library as sources, so a page load spent most of its time compiling
    the modules that the runtime and the rules core import. The stdlib zip gets sourceless .pyc files
    for exactly those modules (all the others stay sources, so nothing is missing); the wheel gets
    unchecked-hash .pyc files beside its sources, which zipimport takes when the page imports the wheel
    in place (a CPython that installs it prefers the .py of the same name)."""
    h = hashlib.sha256()
    for path in (folder / NPM_STDLIB, folder / "pyodide.asm.wasm", built, PRECOMPILE):
        h.update(path.name.encode() + b"\0" + path.read_bytes() + b"\0")
    out = CACHE / "pyc" / h.hexdigest()[:16]
    stdlib, compiled_wheel = out / STDLIB, out / built.name
    if stdlib.is_file() and compiled_wheel.is_file():
        return stdlib, compiled_wheel
    node = shutil.which("node")
    if node is None:
        raise BuildError("node is needed to precompile the scorer's Python (apt-get install nodejs)")
    with tempfile.TemporaryDirectory() as tmp:
        pycs = Path(tmp) / "pycs.zip"
        done = subprocess.run([node, str(PRECOMPILE), str(folder), str(folder / NPM_STDLIB), str(built), str(pycs)],
                              capture_output=True, text=True)
        if done.returncode != 0 or not pycs.is_file():
            last = (done.stderr.strip().splitlines() or ["no output"])[-1]
            raise BuildError(f"precompiling the scorer's Python failed: {last}")
        with zipfile.ZipFile(pycs) as zf:
            made = {name: zf.read(name) for name in zf.namelist()}
        out.mkdir(parents=True, exist_ok=True)
        entries, times = {}, {}
        with zipfile.ZipFile(folder / NPM_STDLIB) as zf:
            for info in zf.infolist():
                name = info.filename
                if f"stdlib/{name}c" in made:
                    name += "c"
                entries[name] = made.get(f"stdlib/{name}") or zf.read(info)
                times[name] = info.date_time
        _write_zip(entries, out / (STDLIB + ".part"), times)
        with zipfile.ZipFile(built) as zf:
            files = {name: zf.read(name) for name in zf.namelist()}
        info_dir = next(n.split("/")[0] for n in files if n.split("/")[0].endswith(".dist-info"))
        files.update({name[len("wheel/"):]: data for name, data in made.items() if name.startswith("wheel/")})
        write_wheel(files, info_dir, out / (built.name + ".part"))
        (out / (STDLIB + ".part")).rename(stdlib)
        (out / (built.name + ".part")).rename(compiled_wheel)
    return stdlib, compiled_wheel


@dataclass(frozen=True)
class Runtime:
    """What the pages point at: the runtime folder, the compiled standard library and the wheel."""

    pyodide: Path
    stdlib: Path
    wheel: Path

    @property
    def wheel_url(self) -> str:
        return f"{WHEEL_DIR}/{self.wheel.name}"

    def lock_info(self) -> dict:
        """The lock file's `info`, which loadPyodide checks against the runtime's ABI."""
        return json.loads((self.pyodide / "pyodide-lock.json").read_text(encoding="utf-8"))["info"]

    def snapshot_key(self) -> str:
        """What a memory snapshot taken in the browser depends on: the runtime, the standard library,
        the wheel and the scripts that define the entry point (the worker keeps one per key)."""
        h = hashlib.sha256()
        scripts = [SITE_SRC / PAGE_SCRIPT, SITE_SRC / WORKER]
        for path in [self.pyodide / f for f in RUNTIME_FILES] + [self.stdlib, self.wheel] + scripts:
            h.update(path.name.encode() + b"\0" + path.read_bytes() + b"\0")
        return h.hexdigest()[:16]

    def bytes(self) -> int:
        """What a first visit downloads for the scorer (uncompressed), for the progress bar."""
        return (sum((self.pyodide / f).stat().st_size for f in RUNTIME_FILES) + self.stdlib.stat().st_size
                + self.wheel.stat().st_size)


def prepare() -> Runtime:
    folder = runtime()
    return Runtime(folder, *precompile(folder, wheel()))


def vendor(rt: Runtime, site: Path) -> int:
    """Copy the runtime and the wheel into the built site and write the service worker; bytes copied."""
    target = site / RUNTIME_DIR
    target.mkdir(parents=True, exist_ok=True)
    for name in RUNTIME_FILES + SOURCE_MAPS:
        shutil.copyfile(rt.pyodide / name, target / name)
    shutil.copyfile(rt.stdlib, target / STDLIB)
    (site / WHEEL_DIR).mkdir(parents=True, exist_ok=True)
    shutil.copyfile(rt.wheel, site / rt.wheel_url)
    for name in RUNTIME_FILES:  # the zips (stdlib, wheel) are compressed already
        shutil.copyfile(gzipped(rt.pyodide / name), target / f"{name}.gz")
    write_service_worker(site)
    return rt.bytes()


def gzipped(path: Path) -> Path:
    """A gzip copy of a runtime file, beside the original in the built site (a static host sends it
    as is: the 9 MB .wasm goes out as 3 MB), made once and cached under build/gz/ by the file's hash,
    the same bytes every build."""
    data = path.read_bytes()
    out = CACHE / "gz" / f"{hashlib.sha256(data).hexdigest()[:16]}.gz"
    if not out.is_file():
        out.parent.mkdir(parents=True, exist_ok=True)
        part = out.with_suffix(".part")
        part.write_bytes(gzip.compress(data, 9, mtime=0))
        part.replace(out)  # whole or not at all: a build stopped halfway leaves no short copy
    return out


def _page_loads(site: Path, page: str) -> list[str]:
    """Site paths of the scripts and stylesheets a built page loads (relative to the site root)."""
    from html.parser import HTMLParser
    from posixpath import normpath

    loads: list[str] = []

    class Parser(HTMLParser):
        def handle_starttag(self, tag, attrs):
            a = dict(attrs)
            url = a.get("src") if tag in ("script", "img") else None
            if tag == "link" and set((a.get("rel") or "").split()) & {"stylesheet", "icon"}:
                url = a.get("href")
            if url and "://" not in url and not url.startswith(("data:", "#")):
                loads.append(normpath(page + url.split("#")[0].split("?")[0]))

    Parser().feed((site / page / "index.html").read_text(encoding="utf-8"))
    return loads


def precache(site: Path) -> list[str]:
    """Every file the scorer pages need offline, as site paths, in a stable order."""
    files = set()
    for page in scorer_pages():
        files.add(page)
        files.update(_page_loads(site, page))
    files.add(WORKER)
    files.update(f"{RUNTIME_DIR}/{name}" for name in (*RUNTIME_FILES, STDLIB))
    files.update(str(p.relative_to(site)) for p in (site / WHEEL_DIR).glob("*.whl"))
    # What the theme's search loads on every page, so an offline page has no failed request. Not the
    # search index: it is fetched when the search box is opened (lazy-search.js), and cached then.
    files.update(str(p.relative_to(site)) for p in (site / "assets/javascripts/workers").glob("search.*.min.js"))
    files.update(f"assets/javascripts/lunr/min/lunr.{name}.min.js" for name in ("stemmer.support", "multi", "zh"))
    for path in sorted(files):
        if not (site / path).exists() and not (site / path / "index.html").exists():
            raise BuildError(f"the scorer needs {path}, which is not in the built site")
    return sorted(files)


def write_service_worker(site: Path) -> None:
    """sw.js at the site root (its scope is the whole site), with the file list and a version
    that changes whenever one of those files does."""
    files = precache(site)
    h = hashlib.sha256()
    for path in files:
        full = site / path / "index.html" if path.endswith("/") else site / path
        h.update(path.encode() + b"\0" + full.read_bytes())
    template = (SITE_SRC / "assets" / "sw.js").read_text(encoding="utf-8")
    manifest = json.dumps({"version": h.hexdigest()[:16], "files": files}, ensure_ascii=False)
    if "self.CAIPAN_PRECACHE" not in template:
        raise BuildError("site_src/assets/sw.js must read self.CAIPAN_PRECACHE")
    (site / "sw.js").write_text(f"self.CAIPAN_PRECACHE = {manifest};\n{template}", encoding="utf-8")


def page_data(game: str, d, link, runtime_info: dict) -> dict:
    """What the scorer page's script needs: the game's own offer (`scorer_data`) and where the runtime is."""
    return {"game": game, **runtime_info, **scorer_games()[game].scorer_data(d, link)}


def write_pages(pages, rt: Runtime) -> list[str]:
    """The scorer pages and their data scripts, through the site's page writer (pages.Pages)."""
    from .render import Links

    written = []
    for game in scorer_games():
        page = f"{game}/scorer.md"
        info = {"wheel": rt.wheel_url, "bytes": rt.bytes(), "stdlib": STDLIB, "lock": rt.lock_info(),
                "snapshot": rt.snapshot_key()}
        data = page_data(game, pages.d, Links(page, pages.targets), info)
        intro = data.pop("intro")
        text = json.dumps(data, ensure_ascii=False, separators=(",", ":")).replace("</", "<\\/")
        out = pages.docs / "data" / f"{game}_scorer.js"
        out.parent.mkdir(parents=True, exist_ok=True)
        out.write_text(f"window.CAIPAN_SCORER={text};\n", encoding="utf-8")
        pages.write(page, "scorer.md.j2", game=game, intro=intro, wheel=rt.wheel_url, runtime_dir=RUNTIME_DIR,
                    bytes=rt.bytes(), megabytes=rt.bytes() / 1e6, worker=WORKER)
        written.append(page)
    return written
