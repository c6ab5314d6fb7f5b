"""Build provider for the static site: the scorer's runtime, charts, pages, then `mkdocs build --strict`
(then the search index learns aliases and ids, the runtime is copied into the built site with its
service worker, and big files get compressed copies: `postbuild`).

All four steps are skipped with `--no-site`. Pages and charts are written into
ctx.docs (build/docs/ by default, ignored by git), with a fresh copy of the
hand-written site_src/assets/; the site goes into ctx.site.
"""
from __future__ import annotations

import json
import logging
import re
import shutil
import time
from collections.abc import Iterable
from functools import cache
from pathlib import Path

from mkdocs.plugins import BasePlugin

from ..errors import BuildError
from ..paths import ROOT, SITE_SRC
from .. import background
from . import dictionary, edition, pages, postbuild, runtime
from .data import load
from .render import compiled_once

CONFIG = ROOT / "mkdocs.yml"
TERMS = Path(__file__).parent / "search_terms.txt"
HAN_WORD = re.compile(r"^[\u4e00-\u9fff]{2,}$")
TERM_FREQ = 100000  # high enough that jieba keeps each of these words whole


def search_terms(d) -> list[str]:
    """Words jieba must keep whole: the committed list plus every value the tables use."""
    words = [w.strip() for w in TERMS.read_text(encoding="utf-8").splitlines()]
    words = [w for w in words if w and not w.startswith("#")]
    for table in d.payouts.values():
        if table:
            words += [v for dim in table["dimensions"] for v in dim["values"]]
    words += [w for group in postbuild.synonym_sets(pages.search_aliases()) for w in group]
    return sorted({w for w in words if isinstance(w, str) and HAN_WORD.match(w)})


class _Warnings(logging.Handler):
    def __init__(self) -> None:
        super().__init__(logging.WARNING)
        self.messages: list[str] = []

    def emit(self, record: logging.LogRecord) -> None:
        self.messages.append(record.getMessage().replace("\n", " "))


class _CompiledTemplates(BasePlugin):
    """The theme's and mkdocstrings' templates compiled once, as the pages' are (`render.compiled_once`)."""

    def on_pre_build(self, *, config):  # before the pages' Markdown, where mkdocstrings renders
        if "mkdocstrings" in config["plugins"]:
            compiled_once(config["plugins"]["mkdocstrings"].handlers.get_handler("python").env)

    def on_env(self, env, *, config, files):
        return compiled_once(env)


def game_nav(docs: Path) -> list[dict]:
    """Every game's section of the nav, in registry order (`GameSite.nav`; the article where the docs
    hold one). mkdocs.yml lists the pages the games share; these come after its first (首页)."""
    from ..games import sites, titles

    names = titles()
    return [{site.section or names[game]: [{title: page} for title, page in
                                           site.nav(game, (docs / game / "article.md").is_file())]}
            for game, site in sites().items()]


def mkdocs_build(docs: Path, site: Path, edition_id: str, terms: Path, texts: Iterable[str] = ()) -> None:
    """`mkdocs build --strict` of `docs` into `site`, with the games' sections of the nav (`game_nav`);
    `terms`, the words jieba keeps whole; `texts`, what else jieba cuts in this process (after the
    build: `postbuild.segment_like`)."""
    import jieba
    from mkdocs.commands.build import build
    from mkdocs.config import load_config
    from mkdocs.exceptions import Abort, MkDocsException

    jieba.setLogLevel(logging.WARNING)
    # Every character the search plugin can cut: the pages, the docstrings the developers' page
    # renders (mkdocstrings), the titles of the nav. jieba gets the words made of these only.
    games = game_nav(docs)
    sources = [CONFIG, terms, *sorted(docs.rglob("*.md")), *sorted((ROOT / "rules").rglob("*.py"))]
    chars = set("".join(texts) + json.dumps(games, ensure_ascii=False)).union(
        *(p.read_text(encoding="utf-8") for p in sources))
    logger = logging.getLogger("mkdocs")
    caught = _Warnings()
    logger.addHandler(caught)

    def run() -> None:
        cfg = load_config(config_file=str(CONFIG), docs_dir=str(docs), site_dir=str(site), strict=True)
        cfg["extra"]["edition"] = edition_id
        cfg["nav"] = cfg["nav"][:1] + games + cfg["nav"][1:]
        cfg["plugins"]["material/search"].config.jieba_dict_user = str(terms)
        cfg["plugins"]["caipan/compiled-templates"] = _CompiledTemplates()
        build(cfg)

    try:
        # The search plugin adds our words to jieba's one global dictionary on every build, and adding
        # a word changes how everything else is cut: each build starts from a fresh dictionary, so that
        # a build segments the same way whatever ran before it in this process.
        dictionary.load(chars)
        run()
        index = json.loads((site / "search" / "search_index.json").read_text(encoding="utf-8"))
        if not set("".join(d["title"] + d["text"] for d in index["docs"])) <= chars | {postbuild.ZWSP}:
            jieba.dt.initialized = False  # text from elsewhere: cut it again with jieba's whole dictionary
            run()
        fix_search_segmenter(site)
    except (Abort, MkDocsException) as exc:
        detail = "; ".join(caught.messages[:5]) or str(exc)
        raise BuildError(f"mkdocs build --strict failed: {detail}") from None
    finally:
        logger.removeHandler(caught)


# Material's search worker segments a Chinese query by the words of the index, but its loop
# `for (j = i + 1; j < query.length; j++)` never tries a word that reaches the end of the
# query: 杠上花 is searched as 杠* 上* (the 花 is dropped) and ranks pages full of 上 first.
# The built site serves a copy with the bound fixed (j <= query.length).
SEGMENT_LOOP = re.compile(r"for\(let (\w+)=(\w+)\+1;\1<(\w+)\.length;\1\+\+\)\3\.slice\(\2,\1\)in ")


def fix_search_segmenter(site: Path) -> None:
    workers = list((site / "assets" / "javascripts" / "workers").glob("search.*.min.js"))
    if len(workers) != 1:
        raise BuildError(f"expected one search worker in the built site, found {len(workers)}")
    text = workers[0].read_text(encoding="utf-8")
    fixed, n = SEGMENT_LOOP.subn(lambda m: m.group(0).replace("<", "<=", 1), text)
    if n != 1:
        raise BuildError(f"{workers[0].name}: the query segmenter changed; re-check the fix in generator/site")
    workers[0].write_text(fixed, encoding="utf-8")


def steps(ctx) -> list:
    if not ctx.with_site:
        return []

    @cache
    def data():
        return load(ctx.generated, ctx.examples)

    state: dict = {}

    def prepare() -> str:
        state["runtime"] = rt = runtime.prepare()
        return (
            f"Pyodide {runtime.PYODIDE}，{rt.core.name}（{rt.bytes() / 1e6:.1f} MB，brotli {rt.sent() / 1e6:.2f} MB）"
        )

    def draw() -> str:
        folder = ctx.docs / "figures"
        shutil.rmtree(folder, ignore_errors=True)
        from . import charts  # matplotlib: imported only when a site is built

        d = data()
        # Drawn in a child process while this one writes the pages; the charts page, written
        # last, waits for it (generator.background).
        state["drawn"] = background.fork(lambda: charts.draw(d, folder))
        return "在另一进程中绘制，与网页同时"

    def write() -> str:
        d = data()
        log = edition.changelog(d)
        state["edition"] = log["current"]["edition"]
        shutil.rmtree(ctx.docs / "assets", ignore_errors=True)
        shutil.copytree(SITE_SRC / "assets", ctx.docs / "assets")
        pages.clear(ctx.docs)
        written = pages.Pages(d, ctx.docs, log, state["drawn"], runtime=state["runtime"]).all()
        return f"{len(written)} 页（图 {len(state['drawn']())} 张），数据版本 {state['edition']}"

    def site() -> str:
        t0 = time.perf_counter()
        background.wait_all()  # pages and charts other steps handed to child processes
        terms = ctx.generated / "search_terms.txt"
        terms.write_text("".join(f"{w} {TERM_FREQ}\n" for w in search_terms(data())), encoding="utf-8")
        d = data()
        lines = [(f"{game}/article/#{row.id}", row.id, row.text) for game, art in d.articles.items()
                 for row in art.rows if row.cls != "heading"]
        if d.findings is not None:
            lines += [(f"rulings/#{f['id']}", f["id"], f["title"]) for f in d.findings.to_dict("records")]
        # The compressed copies of what mkdocs copies as it is (the payout data) are made meanwhile by
        # another process (into the cache postbuild.precompress copies them from).
        ahead = background.fork(lambda: postbuild.compress_ahead(ctx.docs))
        mkdocs_build(ctx.docs, ctx.site, state["edition"], terms, [text for _, _, text in lines])
        postbuild.extend_index(ctx.site, pages.search_aliases(), lines)
        ahead()
        postbuild.precompress(ctx.site)
        # after the pages are final and compressed: the service worker's version hashes what it caches,
        # and its list says what each file costs to download
        runtime.vendor(state["runtime"], ctx.site)
        size = sum(p.stat().st_size for p in ctx.site.rglob("*") if p.is_file())
        return f"{ctx.site}：{size / 1e6:.1f} MB（mkdocs {time.perf_counter() - t0:.1f} 秒）"

    return [("准备计分器的运行时（Pyodide 与本项目的 wheel）", prepare), ("绘制图表", draw), ("生成网页", write),
            ("构建网站（mkdocs --strict）", site)]
