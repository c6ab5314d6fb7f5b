"""Shared fixtures and helpers: the whole build into a temporary folder, the built site served on
127.0.0.1 (as a static host serves precompressed files: tests/static_host.py), and reading the built
HTML (ids, links, what a page loads); the markers.

`make test` runs from a clean clone without `make site`, so the site tests build
everything themselves, once per test run however many pytest-xdist workers share it (`once`).

Markers (pyproject.toml): `browser` is set here on every test under tests/browser/ and every test
that uses the `browser` fixture (it starts Chromium); `slow` on every test that needs the whole
build (`built`, `evil_site`), and in the test files on tests measured at more than a few seconds.
"""
from __future__ import annotations

import dataclasses
import fcntl
import json
import os
import re
import shutil
from collections.abc import Callable
from dataclasses import dataclass, field
from functools import cache
from html.parser import HTMLParser
from pathlib import Path
from urllib.parse import unquote, urlsplit

import pytest

from generator.build import BuildContext, run
from generator.paths import ROOT, SITE_SRC
from generator.site import edition, mkdocs_build, pages
from generator.site.data import load

from tests.static_host import serve

# Markup and script where source text goes: it must come out as text.
EVIL = '<script>alert(1)</script><img src=x onerror=alert(2)> *强调* [链接](javascript:alert(3)) { #evil } </div>'


BROWSER_TESTS = Path(__file__).parent / "browser"
BUILDS = {"built", "evil_site"}  # the fixtures that need the whole build


@pytest.hookimpl(tryfirst=True)  # before `-m` deselects by marker
def pytest_collection_modifyitems(items) -> None:
    for item in items:
        if "browser" in item.fixturenames or BROWSER_TESTS in item.path.parents:
            item.add_marker(pytest.mark.browser)
        if BUILDS & set(item.fixturenames):
            item.add_marker(pytest.mark.slow)


def once(tmp_path_factory, name: str, make: Callable[[Path], object]) -> tuple[Path, object]:
    """`make(folder)` run once per test run, however many pytest-xdist workers ask: the first makes
    it under a lock in the folder the run's workers share, and records its JSON result (or its
    failure, which the others then report instead of making it again); the others wait and read it."""
    base = tmp_path_factory.getbasetemp()
    if os.environ.get("PYTEST_XDIST_WORKER"):
        base = base.parent  # each worker's own basetemp is popen-gwN under the run's
    record = base / f"{name}.json"
    with open(base / f"{name}.lock", "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)  # released when the file closes
        if not record.exists():
            try:
                value = make(base / name)
            except BaseException as exc:
                record.write_text(json.dumps({"failed": f"{type(exc).__name__}: {exc}"}))
                raise
            record.write_text(json.dumps({"value": value}))
    done = json.loads(record.read_text())
    if "failed" in done:
        pytest.fail(f"{name}, made by another worker of this run, failed: {done['failed']}")
    return base / name, done["value"]


@pytest.fixture(scope="session")
def _shared_reach(tmp_path_factory):
    """字牌's hands that exist (`rules.zipai.payouts.reached`, some 10 s), made once per run by the first
    worker that asks and read by the others, as a build hands them over (`reach_from`)."""
    import pickle

    from rules.zipai import payouts

    def make(folder: Path) -> None:
        folder.mkdir(parents=True, exist_ok=True)
        (folder / "reach.pickle").write_bytes(pickle.dumps(payouts.reach(payouts.default_rule_set())))

    @cache
    def shared():
        folder, _ = once(tmp_path_factory, "zipai-reach", make)
        return pickle.loads((folder / "reach.pickle").read_bytes())

    return shared


@pytest.fixture(autouse=True)
def shared_reach(_shared_reach):
    """Every test reads 字牌's hands that exist from the run's one copy (a test may have pointed
    `reach_from` elsewhere, as the doctest of `reach_from` does)."""
    from rules.zipai import payouts

    payouts.reach_from(_shared_reach)
    yield
    payouts.reach_from(None)


@pytest.fixture(scope="session")
def zipai_crosscheck(tmp_path_factory):
    """字牌's cross-check rows (`generator.zipai.check.crosscheck`, some 10 s), made once per run."""
    from generator.findings import CheckRow
    from generator.zipai.check import crosscheck

    _, rows = once(tmp_path_factory, "zipai-crosscheck", lambda _: [dataclasses.asdict(r) for r in crosscheck()])
    return tuple(CheckRow(**r) for r in rows)


@pytest.fixture(scope="session")
def zipai_payouts(tmp_path_factory) -> dict:
    """字牌's payout table as the build writes it (`payout_json(payout_rows())`, some 13 s), made once per run."""
    from rules.zipai.payouts import payout_json, payout_rows

    return once(tmp_path_factory, "zipai-payouts", lambda _: payout_json(payout_rows()))[1]


@dataclass(frozen=True)
class Built:
    ctx: BuildContext

    @property
    def site(self) -> Path:
        return self.ctx.site

    @property
    def generated(self) -> Path:
        return self.ctx.generated

    def pages(self) -> list[Path]:
        """Every HTML page of the site."""
        return sorted(self.site.rglob("*.html"))


def context(root: Path) -> BuildContext:
    return BuildContext(generated=root / "generated", docs=root / "docs", site=root / "site", with_site=True)


def build_into(root: Path) -> Built:
    run(context(root))
    return Built(context(root))


@pytest.fixture(scope="session")
def built(tmp_path_factory) -> Built:
    root, _ = once(tmp_path_factory, "build", lambda root: run(context(root)))
    return Built(context(root))


@pytest.fixture(scope="session")
def site_url(built):
    server, url = serve(built.site)
    yield url
    server.shutdown()


@pytest.fixture(scope="session")
def evil_site(built, tmp_path_factory):
    """The real data with source text, a ruling and a payout row replaced by markup and script:
    (the site, the id of the article row and of the payout row that hold it)."""
    root, (row_id, payout_id) = once(tmp_path_factory, "evil", lambda root: _evil_site(built, root))
    return root / "site", row_id, payout_id


def _evil_site(built: Built, root: Path) -> list[str]:
    d = load(built.generated, built.ctx.examples)
    art = d.articles["nanning"]
    rows = list(art.rows)
    target = next(i for i, r in enumerate(rows) if r.cls == "example")
    rows[target] = dataclasses.replace(rows[target], text=EVIL, texts=dict.fromkeys(rows[target].texts, EVIL))
    heading = next(i for i, r in enumerate(rows) if r.id == f"{art.prefix}-7")
    rows[heading] = dataclasses.replace(rows[heading], text=EVIL)
    d.articles = {**d.articles, "nanning": dataclasses.replace(art, rows=tuple(rows))}
    d.lines = d.lines.copy()
    d.lines.loc[d.lines.index[0], "original"] = EVIL
    d.findings = d.findings.copy()
    d.findings.loc[d.findings.index[0], ["title", "quote", "verdict"]] = EVIL
    table = json.loads(json.dumps(d.payouts["nanning"]))
    table["rows"][0]["reason"] = EVIL + "</script>"
    table["rows"][0]["formula"] = EVIL
    d.payouts = {**d.payouts, "nanning": table}
    docs, site = root / "docs", root / "site"
    shutil.copytree(SITE_SRC / "assets", docs / "assets")
    # the analytics provider's page, as the real build wrote it (this fixture renders only the site's own pages)
    shutil.copy(built.ctx.docs / "analytics.md", docs / "analytics.md")
    shutil.copytree(built.ctx.docs / "analytics", docs / "analytics")
    log = edition.changelog(d)
    pages.Pages(d, docs, log, []).all()
    mkdocs_build(docs, site, log["current"]["edition"], built.generated / "search_terms.txt")
    return [rows[target].id, table["rows"][0]["id"]]


# -- reading the built HTML ------------------------------------------------------------------------

# Tags and attributes through which a browser fetches something by itself.
LOADS = {("script", "src"), ("img", "src"), ("img", "srcset"), ("iframe", "src"), ("source", "src"),
         ("source", "srcset"), ("video", "src"), ("video", "poster"), ("audio", "src"), ("embed", "src"),
         ("object", "data"), ("input", "src"), ("track", "src")}
LOADING_RELS = {"stylesheet", "icon", "preload", "preconnect", "prefetch", "dns-prefetch", "manifest",
                "modulepreload", "apple-touch-icon", "shortcut"}
CSS_URL = re.compile(r"url\(\s*['\"]?([^'\")]+)|@import\s+['\"]([^'\"]+)")


@dataclass
class Page:
    ids: list[str] = field(default_factory=list)
    links: list[str] = field(default_factory=list)  # a href
    loads: list[str] = field(default_factory=list)  # URLs the browser fetches on its own
    classes: set[str] = field(default_factory=set)
    games: set[str] = field(default_factory=set)  # data-game of JS-rendered payout tables


class _Parser(HTMLParser):
    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.page = Page()

    def handle_starttag(self, tag, attrs):
        a = dict(attrs)
        if "id" in a:
            self.page.ids.append(a["id"])
        if "name" in a and tag == "a":
            self.page.ids.append(a["name"])
        self.page.classes.update((a.get("class") or "").split())
        if "cp-ptable" in (a.get("class") or "").split():
            self.page.games.add(a["data-game"])
        if tag == "a" and a.get("href"):
            self.page.links.append(a["href"])
        if tag == "link" and a.get("href") and set((a.get("rel") or "").lower().split()) & LOADING_RELS:
            self.page.loads.append(a["href"])
        for (t, attr) in LOADS:
            if tag == t and a.get(attr):
                self.page.loads += [part.split()[0] for part in a[attr].split(",")] if attr == "srcset" else [a[attr]]
        if a.get("style"):
            self.page.loads += [m[0] or m[1] for m in CSS_URL.findall(a["style"])]


@cache
def parse(path: Path) -> Page:
    parser = _Parser()
    parser.feed(path.read_text(encoding="utf-8"))
    return parser.page


def css_loads(path: Path) -> list[str]:
    return [m[0] or m[1] for m in CSS_URL.findall(path.read_text(encoding="utf-8"))]


def is_external(url: str) -> bool:
    parts = urlsplit(url)
    return bool(parts.netloc) or parts.scheme not in ("", "data", "blob", "javascript")


def resolve(site: Path, page: Path, url: str) -> tuple[Path, str]:
    """The file a relative URL on `page` names, and its fragment."""
    parts = urlsplit(url)
    if parts.path.startswith("/"):
        target = site / unquote(parts.path).lstrip("/")
    elif parts.path:
        target = page.parent / unquote(parts.path)
    else:
        target = page
    if target.is_dir() or parts.path.endswith("/"):
        target = target / "index.html"
    return target.resolve(), unquote(parts.fragment)


def payout_data(site: Path, game: str) -> tuple[dict, list[dict]]:
    """What the payout pages' script reads (generator/site/packed.py): (the head, every row in full,
    decoded from the head's first rows and every part, in table order)."""
    folder = site / "data"
    head = json.loads((folder / f"{game}_payouts.data.json").read_text(encoding="utf-8"))
    rows = []
    parts = [json.loads((folder / p["src"]).read_text(encoding="utf-8")) for p in head["parts"]]
    for packed in [head["first"], *parts]:
        rows += [dict(zip(head["fields"], (packed["values"][i] for i in row), strict=True)) for row in packed["rows"]]
    return head, rows


@cache
def payout_row_ids(site: Path, game: str) -> frozenset[str]:
    path = site / "data" / f"{game}_payouts.json"
    return frozenset(r["id"] for r in json.loads(path.read_text(encoding="utf-8"))["rows"])


# -- the CLI contract, on every command-line run of the test suite ---------------------------------

@pytest.fixture(autouse=True)
def cli_contract(monkeypatch):
    """Every `python -m rules` / `caipan` run through subprocess.run is checked against the schemas
    (tests/contract.py): a test that runs the command line validates what it got, whatever it asserts.
    A plain `python -m rules` run from the project's folder is answered by the same `main` inside the test
    process (`contract.in_process`); the real processes are tested by the calls that set an environment
    or their own stdin (tests/rules/test_main.py) and by the installed wheel's (tests/test_wheel.py)."""
    import subprocess

    from tests.contract import check_run, in_process, runs_in_process

    real = subprocess.run

    def run(args, *rest, **kw):
        local = runs_in_process(args, rest, kw) and Path(kw.get("cwd") or os.getcwd()).resolve() == ROOT
        done = in_process(args, kw) if local else real(args, *rest, **kw)
        if kw.get("text") or kw.get("encoding") or kw.get("universal_newlines"):
            problems = check_run(args, kw.get("input"), done.returncode, done.stdout or "", done.stderr or "")
            assert not problems, f"{args}: " + "; ".join(problems[:5])
        return done

    monkeypatch.setattr(subprocess, "run", run)
