"""The 计分器 pages: the rules core itself, running in the browser on Pyodide.

Three things the pages need besides their Markdown:
- the Pyodide runtime, vendored from the pinned npm package `pyodide` (installed
  into build/npm/ when missing; only the files the runtime loads are copied);
- the project's own wheel, built with `pip wheel --no-deps .` and repacked so it
  is byte-identical from the same inputs and carries the rule data the core reads
  (rules/ still finds data/ next to its package: the wheel ships data/ beside it);
- a service worker at the site root that caches all of it, so the scorer works
  offline and a second visit does not download the runtime again.

Everything is cached under build/ by the hash of its inputs, so test builds copy
files instead of installing or building again.
"""
from __future__ import annotations

import base64
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
from ..paths import DATA, ROOT, SITE_SRC

PYODIDE = "314.0.7"  # npm i -E pyodide@PYODIDE
AXE_CORE = "4.10.2"  # tests only: npm i -E axe-core@AXE_CORE
# What loadPyodide fetches or imports in a browser, and nothing else (no packages are loaded).
RUNTIME_FILES = ("pyodide.js", "pyodide.asm.mjs", "pyodide.asm.wasm", "python_stdlib.zip", "pyodide-lock.json")
CACHE = ROOT / "build"
RUNTIME_DIR = "assets/pyodide"
WHEEL_DIR = "assets/caipan"
# The rule data the core reads at run time (rules/nanning/preset.py, rules/zipai/presets.py).
RULE_DATA = ("nanning/presets.toml", "zipai/rules.toml", "zipai/readings.toml")
# Pages and files the service worker keeps for offline use, besides the runtime and the wheel.
SCORER_PAGES = ("nanning/scorer/", "zipai/scorer/")
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
    missing = [f for f in RUNTIME_FILES if not (folder / f).is_file()]
    if missing:
        raise BuildError(f"pyodide@{PYODIDE} lacks {', '.join(missing)}")
    return folder


def _inputs_hash() -> str:
    """What the wheel is made from: the package sources, pyproject.toml and the rule data."""
    h = hashlib.sha256()
    files = sorted(p for p in (ROOT / "rules").rglob("*.py")) + [ROOT / "pyproject.toml"]
    files += [DATA / name for name in RULE_DATA]
    for path in files:
        h.update(str(path.relative_to(ROOT)).encode() + b"\0" + path.read_bytes() + b"\0")
    return h.hexdigest()[:16]


def _record_hash(data: bytes) -> str:
    digest = base64.urlsafe_b64encode(hashlib.sha256(data).digest()).rstrip(b"=").decode()
    return f"sha256={digest},{len(data)}"


def repack(built: Path, out: Path) -> None:
    """The pip-built wheel with only what the browser needs (rules/ and its data), written the same
    way every time: sorted entries, fixed timestamps and a fresh RECORD."""
    entries: dict[str, bytes] = {}
    with zipfile.ZipFile(built) as zf:
        info_dir = next(n.split("/")[0] for n in zf.namelist() if n.split("/")[0].endswith(".dist-info"))
        for name in zf.namelist():
            top = name.split("/")[0]
            if (top == "rules" or top == info_dir) and not name.endswith("/RECORD"):
                entries[name] = zf.read(name)
    if not any(n.startswith("rules/") for n in entries):
        raise BuildError(f"{built.name} holds no rules/ package")
    # The core reads data/ next to its package (rules/nanning/preset.py); ship it that way.
    for name in RULE_DATA:
        entries[f"data/{name}"] = (DATA / name).read_bytes()
    top = f"{info_dir}/top_level.txt"
    entries[top] = b"data\nrules\n"
    record = f"{info_dir}/RECORD"
    lines = [f"{name},{_record_hash(data)}" for name, data in sorted(entries.items())] + [f"{record},,"]
    entries[record] = ("\n".join(lines) + "\n").encode()
    with zipfile.ZipFile(out, "w", compression=zipfile.ZIP_DEFLATED) as zf:
        for name in sorted(entries):
            info = zipfile.ZipInfo(name, ZIP_TIME)
            info.compress_type = zipfile.ZIP_DEFLATED
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
        for name in ("pyproject.toml", "README.md"):
            shutil.copyfile(ROOT / name, src / name)
        shutil.copytree(ROOT / "rules", src / "rules", ignore=shutil.ignore_patterns("__pycache__", "*.pyc"))
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


@dataclass(frozen=True)
class Runtime:
    """What the pages point at: the runtime folder and the wheel, with their sizes."""

    pyodide: Path
    wheel: Path

    @property
    def wheel_url(self) -> str:
        return f"{WHEEL_DIR}/{self.wheel.name}"

    def bytes(self) -> int:
        """What a first visit downloads for the scorer (uncompressed), for the progress bar."""
        return sum((self.pyodide / f).stat().st_size for f in RUNTIME_FILES) + self.wheel.stat().st_size


def prepare() -> Runtime:
    return Runtime(runtime(), wheel())


def vendor(rt: Runtime, site: Path) -> int:
    """Copy the runtime and the wheel into the built site and write the service worker; bytes copied."""
    target = site / RUNTIME_DIR
    target.mkdir(parents=True, exist_ok=True)
    for name in RUNTIME_FILES:
        shutil.copyfile(rt.pyodide / name, target / name)
    (site / WHEEL_DIR).mkdir(parents=True, exist_ok=True)
    shutil.copyfile(rt.wheel, site / rt.wheel_url)
    write_service_worker(site)
    return rt.bytes()


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
    for page in SCORER_PAGES:
        files.add(page)
        files.update(_page_loads(site, page))
    files.update(f"{RUNTIME_DIR}/{name}" for name in RUNTIME_FILES)
    files.update(str(p.relative_to(site)) for p in (site / WHEEL_DIR).glob("*.whl"))
    # What the theme's search loads on every page, so an offline page has no failed request.
    files.update(str(p.relative_to(site)) for p in (site / "assets/javascripts/workers").glob("search.*.min.js"))
    files.update(f"assets/javascripts/lunr/min/lunr.{name}.min.js" for name in ("stemmer.support", "multi", "zh"))
    files.add("search/search_index.json")
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


def _options_nanning(presets: dict) -> dict:
    """The Nanning house rules as the page offers them: every option with its Chinese labels, every preset."""
    options = [{"key": key, "name": o["name"], "default": o["default"], "values": list(o["values"].items())}
               for key, o in presets["options"].items()]
    return {"options": options,
            "presets": [{"id": p["id"], "name": p["name"], "description": p["description"], "options": p["options"]}
                        for p in presets["presets"]]}


def _options_zipai(readings: dict) -> dict:
    return {"readings": [{"id": r["id"], "name": r["name"], "question": r["question"], "default": r["default"],
                          "values": [[o["id"], o["label"], o["says"]] for o in r["options"]]}
                         for r in readings["readings"]]}


def _vocabulary(game: str) -> dict:
    """The words the forms offer, straight from the core's enums (never typed twice)."""
    if game == "nanning":
        from rules.nanning.model import CHAIN_METHODS, OTHERS, FengHu, KongKind, MeldKind, Method

        return {"methods": [m.value for m in Method], "chain_methods": sorted(m.value for m in CHAIN_METHODS),
                "kong_kinds": [k.value for k in KongKind], "meld_kinds": [k.value for k in MeldKind],
                "fenghu": [f.value for f in FengHu], "seats": [s.value for s in OTHERS]}
    from rules.zipai.cli import EXTRAS, WINS
    from rules.zipai.groups import SHOWN_KINDS
    from rules.zipai.presets import config
    from rules.zipai.scoring import Bao, GangKind, Seat

    deck = config().rules.deck
    return {"wins": list(WINS), "extras": list(EXTRAS), "shown_kinds": list(SHOWN_KINDS),
            "bao": [b.value for b in Bao], "seats": [s.value for s in Seat], "gang_kinds": [g.value for g in GangKind],
            "small": deck.small, "big": deck.big, "red": sorted(deck.red_numbers)}


def page_data(game: str, d, link, runtime_info: dict) -> dict:
    """What the scorer page's script needs: vocabulary, house rules, and where every cited id is explained."""
    data = {"game": game, **runtime_info, **_vocabulary(game)}
    if game == "nanning":
        data.update(_options_nanning(d.presets), **_sheet_nanning())
        prefixes = ("nn-",)
    else:
        data.update(_options_zipai(d.readings), **_sheet_zipai())
        prefixes = ("zp-", "ext-zp")
    links = {rid: link.rule(rid) for rid in sorted(d.targets()) if rid.startswith(prefixes)}
    if game == "zipai":
        links.update({r["id"]: link.to("zipai/scoring/", r["id"]) for r in d.readings["readings"]})
    data["links"] = links
    return data


def write_pages(pages, rt: Runtime) -> list[str]:
    """The two scorer pages and their data scripts, through the site's page writer (pages.Pages)."""
    from .render import Links

    written = []
    for game in ("nanning", "zipai"):
        page = f"{game}/scorer.md"
        info = {"wheel": rt.wheel_url, "bytes": rt.bytes()}
        data = page_data(game, pages.d, Links(page, pages.targets), info)
        text = json.dumps(data, ensure_ascii=False, separators=(",", ":")).replace("</", "<\\/")
        out = pages.docs / "data" / f"{game}_scorer.js"
        out.parent.mkdir(parents=True, exist_ok=True)
        out.write_text(f"window.CAIPAN_SCORER={text};\n", encoding="utf-8")
        pages.write(page, "scorer.md.j2", game=game, wheel=rt.wheel_url, runtime_dir=RUNTIME_DIR, bytes=rt.bytes(),
                    megabytes=rt.bytes() / 1e6)
        written.append(page)
    return written


def _sheet_nanning() -> dict:
    """The built cheat sheet's main grid (牌型 × 胡法), each cell a concrete request the page prices
    under the chosen rules: a hand of that type found by the core's own witness search."""
    from rules.nanning.feasibility import witness
    from rules.nanning.model import KongKind, Method, Situation
    from rules.nanning.preset import preset
    from rules.nanning.tiles import notation

    from ..nanning_tables import hand_types
    from .nanning import GRID

    base = preset()
    rows = []
    for hand_type in hand_types():
        cells = []
        for method, chain in GRID:
            kinds = (KongKind(chain),) if chain else ()
            found = witness(Situation(hand_type, Method(method), kinds), base)
            if found is None:
                cells.append(None)
                continue
            h = found.hand
            request = {"hand": notation(h.concealed), "win_tile": notation([h.win_tile]), "win": method}
            if h.melds:
                request["melds"] = [{"kind": m.kind.value, "tile": notation([m.tile])} for m in h.melds]
            if kinds:
                request["chain"] = [k.value for k in kinds]
            cells.append(request)
        rows.append({"label": hand_type.label(), "requests": cells})
    columns = [m + (f"（{c}）" if c else "") for m, c in GRID]
    return {"sheet": rows, "sheet_columns": columns}


def _sheet_zipai() -> dict:
    """Every reading's probe hand (data/zipai/readings.toml: a hand whose price depends on that
    reading) × each way to win on it, priced under the chosen readings."""
    from rules.zipai.cli import WINS
    from rules.zipai.presets import readings_data

    rows, seen = [], set()
    for r in readings_data()["reading"]:
        probe = {k: v for k, v in r["probe"].items() if k not in ("win", "from", "readings")}
        if "起手" in probe.get("extras", []):
            continue  # an opening-hand win has no win method to vary
        key = json.dumps(probe, ensure_ascii=False, sort_keys=True)
        if key in seen:
            continue
        seen.add(key)
        cells = []
        for win in WINS:
            cells.append({**probe, "win": win, **({"from": "上家"} if win != WINS[0] else {})})
        rows.append({"label": f"{r['name']}：{probe['hand']}", "requests": cells})
    return {"sheet": rows, "sheet_columns": list(WINS)}
