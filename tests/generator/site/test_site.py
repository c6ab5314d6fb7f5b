"""The built site (no browser): strict build, links and anchors, offline, search index, edition,
determinism. The site is built once per session into a temporary folder (tests/conftest.py)."""
from __future__ import annotations

import json
import re

import pytest
import yaml

from generator.paths import ROOT
from generator.site import edition
from generator.site.data import load

from tests.conftest import build_into, css_loads, is_external, parse, payout_data, payout_row_ids, resolve

NAV_PAGES = ["", "nanning/article/", "nanning/scoring/", "nanning/payouts/", "nanning/finder/",
             "nanning/scorer/", "nanning/cheatsheet/", "zipai/article/", "zipai/scoring/", "zipai/payouts/",
             "zipai/finder/", "zipai/scorer/", "zipai/cheatsheet/", "rulings/", "charts/", "analytics/", "sources/",
             "sources/001/", "sources/000/", "sources/003/", "changelog/"]


def test_every_page_of_the_navigation_is_built(built):
    for url in NAV_PAGES:
        assert (built.site / url / "index.html").is_file(), url


def test_config_keeps_the_site_chinese_offline_and_strict():
    with (ROOT / "mkdocs.yml").open(encoding="utf-8") as fh:
        config = yaml.load(fh, Loader=yaml.BaseLoader)
    assert config["theme"]["language"] == "zh"
    assert config["theme"]["font"] == "false"
    assert config["strict"] == "true"
    assert "search" in config["plugins"] and not isinstance(config["plugins"][0], dict), "no custom separator"


def test_inputs_and_outputs_never_share_a_folder(built):
    """MkDocs reads the generated docs folder; generated files never land in data/ or site_src/."""
    from generator.build import BuildContext
    from generator.paths import BUILD, DATA, DOCS, SITE_SRC

    with (ROOT / "mkdocs.yml").open(encoding="utf-8") as fh:
        config = yaml.load(fh, Loader=yaml.BaseLoader)
    assert (ROOT / config["docs_dir"]).resolve() == DOCS.resolve()
    default = BuildContext()
    for output in (default.generated, default.docs, default.site):
        assert not output.resolve().is_relative_to(DATA) and not output.resolve().is_relative_to(SITE_SRC)
        assert output.resolve().is_relative_to(BUILD) or output == default.site
    assert "/build/" in (ROOT / ".gitignore").read_text(encoding="utf-8").split()
    # the session build: its docs folder holds a fresh copy of the hand-written assets, nothing else of site_src
    hand_written = {p.relative_to(SITE_SRC) for p in SITE_SRC.rglob("*") if p.is_file()}
    assert all(str(p).startswith("assets") for p in hand_written)
    assert all((built.ctx.docs / p).read_bytes() == (SITE_SRC / p).read_bytes() for p in hand_written)


def a_drill(target, fragment: str) -> bool:
    """A 练习 page's fragment that is a drill id the core reads (the page's script draws that drill)."""
    from rules.drill import read_id
    from rules.errors import RuleError

    if "cp-drill" not in target.classes:
        return False
    try:
        read_id(fragment)
    except RuleError:
        return False
    return True


def test_internal_links_and_anchors_resolve(built):
    broken = []
    for page in built.pages():
        info = parse(page)
        for url in info.links + info.loads:
            if is_external(url) or url.startswith(("data:", "blob:", "javascript:")):
                continue
            target, fragment = resolve(built.site, page, url)
            if not target.exists():
                broken.append(f"{page.relative_to(built.site)}: {url} (no file)")
                continue
            if fragment and target.suffix == ".html":
                ids = set(parse(target).ids)
                for game in parse(target).games:  # rows of a JS-rendered payout table
                    ids |= payout_row_ids(built.site, game)
                if fragment not in ids and not a_drill(parse(target), fragment):
                    broken.append(f"{page.relative_to(built.site)}: {url} (no anchor)")
    assert not broken, "\n".join(broken[:20])


def test_nothing_is_loaded_from_outside_the_site(built):
    outside = []
    for page in built.pages():
        outside += [f"{page.name}: {u}" for u in parse(page).loads if is_external(u)]
    for css in built.site.rglob("*.css"):
        outside += [f"{css.name}: {u}" for u in css_loads(css) if is_external(u)]
    for js in built.site.rglob("*.js"):
        text = js.read_text(encoding="utf-8", errors="replace")
        imported = re.findall(r"""(?:import|importScripts)\s*\(?\s*['"](https?://[^'"]+)""", text)
        outside += [f"{js.name}: {u}" for u in imported]
    assert not outside, outside
    # and no web fonts or CDN in any page's head
    for page in built.pages():
        head = page.read_text(encoding="utf-8").split("</head>")[0]
        assert "fonts.googleapis" not in head and "fonts.gstatic" not in head and "cdn" not in head.lower()


def test_anchors_are_explicit_ids_never_slugs(built):
    for page in built.pages():
        ids = parse(page).ids
        slugs = [i for i in ids if re.fullmatch(r"_\d*", i)]
        assert not slugs, f"{page.relative_to(built.site)} has slug anchors {slugs[:5]}"
        duplicates = {i for i in ids if ids.count(i) > 1}
        assert not duplicates, f"{page.relative_to(built.site)} repeats ids {sorted(duplicates)[:5]}"


def test_citable_ids_are_anchors(built):
    """Every article line, every ruling and every cross-checked example has its own anchor."""
    d = load(built.generated, built.ctx.examples)
    for game, art in d.articles.items():
        ids = set(parse(built.site / game / "article" / "index.html").ids)
        missing = [row.id for row in art.rows if row.id not in ids]
        assert not missing, f"{game} article lacks {missing[:5]}"
    rulings = set(parse(built.site / "rulings" / "index.html").ids)
    assert d.findings is not None and set(d.findings["id"]) <= rulings
    assert set(d.crosscheck["example_id"]) <= rulings


def test_every_dispute_the_documents_record_has_a_ruling(built):
    d = load(built.generated, built.ctx.examples)
    cited = {rule for ids in d.findings["rule_ids"] for rule in ids.split()}
    for game, art in d.articles.items():
        disputes = [row.id for row in art.rows if row.cls == "dispute"]
        assert set(disputes) <= cited, f"{game}: no ruling for {sorted(set(disputes) - cited)}"


def _tokens(index: dict) -> dict[str, set[str]]:
    """Search index words -> page locations, split the way the search box splits."""
    separator = re.compile(index["config"]["separator"])
    out: dict[str, set[str]] = {}
    for doc in index["docs"]:
        text = re.sub(r"<[^>]+>", " ", doc["title"] + " " + doc["text"])
        for word in separator.split(text):
            if word:
                out.setdefault(word, set()).add(doc["location"].split("#")[0])
    return out


@pytest.mark.parametrize("word, page", [("杠上花", "nanning/article/"), ("七大对", "nanning/article/"),
                                        ("杠上炮", "nanning/article/"), ("列列胡", "zipai/article/")])
def test_search_index_keeps_game_words_whole(built, word, page):
    index = json.loads((built.site / "search" / "search_index.json").read_text(encoding="utf-8"))
    tokens = _tokens(index)
    assert word in tokens, f"jieba split {word}"
    assert page in tokens[word]


def test_big_tables_stay_out_of_the_search_index_but_their_pages_are_findable(built):
    index = json.loads((built.site / "search" / "search_index.json").read_text(encoding="utf-8"))
    locations = {doc["location"].split("#")[0] for doc in index["docs"]}
    assert {"nanning/payouts/", "nanning/finder/", "sources/001/"} <= locations
    text = " ".join(doc["text"] for doc in index["docs"])
    row_ids = payout_row_ids(built.site, "nanning")
    assert len([r for r in row_ids if r in text]) < 50  # only the few rows the scoring page quotes
    for inside_a_table in ("删去：", "带分数的条目", "说明与算式"):  # source lines, cross-check rows
        assert inside_a_table not in text.replace("\u200b", "")
    assert len(json.dumps(index)) < 2_000_000


def test_edition_is_on_every_page(built):
    d = load(built.generated, built.ctx.examples)
    current = edition.current(d)["edition"]
    assert re.fullmatch(r"[0-9a-f]{12}", current)
    for page in built.pages():
        assert f"数据版本 <code>{current}</code>" in page.read_text(encoding="utf-8"), page


def test_every_payout_rule_id_links_to_the_article(built):
    """Each rule id a payout row cites links to a page that really has that anchor."""
    from rules.registry import ids

    for game in ids():
        assert (built.site / "data" / f"{game}_payouts.data.json").exists(), game
        data, rows = payout_data(built.site, game)
        cited = {r for row in rows for r in row["rules"]}
        payouts_page = built.site / game / "payouts" / "index.html"
        assert cited
        for rule in cited:
            target, fragment = resolve(built.site, payouts_page, data["links"][rule])
            assert fragment == rule and rule in parse(target).ids, (game, rule, data["links"][rule])


def test_the_payout_pages_data_holds_every_row_and_column(built):
    """The head and the parts together are the generated table: every row, in order, with every
    field the pages show; the head's choices place each row; the ids file lists every row; each
    file the head names exists with the size it says."""
    from rules.registry import ids

    for game in ids():
        table = json.loads((built.generated / f"{game}_payouts.json").read_text(encoding="utf-8"))
        head, rows = payout_data(built.site, game)
        assert [r["id"] for r in rows] == [r["id"] for r in table["rows"]], game
        fields = [f for f in head["fields"] if f != "terms"]
        assert {c["key"] for c in table["columns"] + table["dimensions"]} <= set(fields)
        for mine, theirs in zip(rows, table["rows"], strict=True):
            assert {f: mine[f] for f in fields} == {f: theirs.get(f) for f in fields}, mine["id"]
        stride = len(head["dimensions"]) + 1
        choices = [ord(c) - 48 for c in head["choices"]]
        assert len(choices) == stride * len(rows)
        for i, row in enumerate(table["rows"]):
            picked = choices[i * stride:(i + 1) * stride]
            chosen = [d["values"][k] for d, k in zip(head["dimensions"], picked[:-1], strict=True)]
            assert chosen == [row[d["key"]] for d in head["dimensions"]]
            assert picked[-1] == (1 if row["feasible"] else 0)
        listed = json.loads((built.site / "data" / head["ids"]).read_text(encoding="utf-8"))
        assert listed == [r["id"] for r in table["rows"]]
        for part in head["parts"]:
            assert (built.site / "data" / part["src"]).stat().st_size == part["bytes"], part["src"]
        assert next(c["key"] for c in head["table"]) == "id" and abs(sum(c["width"] for c in head["table"]) - 100) < 0.1


def test_building_twice_gives_identical_bytes(built, tmp_path):
    again = build_into(tmp_path)
    first = {p.relative_to(built.site): p.read_bytes() for p in built.site.rglob("*") if p.is_file()}
    second = {p.relative_to(again.site): p.read_bytes() for p in again.site.rglob("*") if p.is_file()}
    assert first.keys() == second.keys()
    differ = [str(k) for k in first if first[k] != second[k]]
    assert not differ, differ[:10]


def _visible_text(page) -> str:
    text = re.sub(r"<(script|style)[\s\S]*?</\1>", " ", page.read_text(encoding="utf-8"))
    return re.sub(r"<[^>]+>", " ", text)


def _readers_text(page) -> str:
    """What a player reads: not the developers' page, nor a table of data-format keys (data-api),
    where the keys are the names of the CLI's and the files' fields."""
    if "developers" in page.parts:  # 开发者 and its Python 接口参考
        return ""
    html = re.sub(r"<table[^>]*\bdata-api[\s\S]*?</table>", " ", page.read_text(encoding="utf-8"))
    html = re.sub(r"<(script|style)[\s\S]*?</\1>", " ", html)
    return re.sub(r"<[^>]+>", " ", html)


def test_readers_see_chinese_names_never_internal_keys(built):
    presets = json.loads((built.generated / "nanning_presets.json").read_text(encoding="utf-8"))
    readings = json.loads((built.generated / "zipai_readings.json").read_text(encoding="utf-8"))
    keys = set(presets["constants"]) | set(presets["options"]) | {p["id"] for p in presets["presets"]}
    keys |= {v for o in presets["options"].values() for v in o["values"] if len(v) > 3}
    keys |= {o["id"] for r in readings["readings"] for o in r["options"] if len(o["id"]) > 3}
    pattern = re.compile(r"(?<![\w-])(" + "|".join(map(re.escape, sorted(keys, key=len, reverse=True))) + r")(?![\w-])")
    shown = {}
    for page in built.pages():
        for m in pattern.finditer(_readers_text(page)):
            shown.setdefault(m.group(1), str(page.relative_to(built.site)))
    assert not shown, shown


def test_the_sidebar_lists_each_page_once(built):
    """No page twice, and no section whose first entry repeats the section's own title."""
    item = re.compile(r'<(a|label|span) (?:href="([^"]*)" )?class="md-nav__link[^"]*"([^>]*)>([\s\S]*?)</\1>')
    for page in built.pages():
        if page.name == "404.html":
            continue
        nav = page.read_text(encoding="utf-8").split('class="md-nav md-nav--primary"', 1)[-1]
        entries = [(href, " ".join(re.sub(r"<[^>]+>", " ", text).split()))
                   for _, href, attrs, text in item.findall(nav)
                   if not href.startswith("#") and 'for="__toc"' not in attrs]  # the page's own contents toggle
        pages = [href for href, _ in entries if href]
        sections = [label for href, label in entries if not href and label]
        assert len(pages) > 15 and sections, page
        assert len(pages) == len(set(pages)), page
        for label in sections:
            assert [x for _, x in entries].count(label) == 1, (page, label)


def test_big_files_ship_with_identical_compressed_copies_made_the_same_every_time(built):
    """name.gz, name.br and name.zst beside every big file, each decompressing to the file; and a copy
    made afresh (no cache) is byte for byte the shipped one."""
    import gzip

    import brotli
    import zstandard

    from generator.site.postbuild import BIG, COMPRESSORS, LEVELS

    kinds = {".json", ".js", ".mjs", ".wasm", ".css", ".html", ".csv", ".zip"}
    big = [p for p in built.site.rglob("*") if p.suffix in kinds and p.stat().st_size >= 100_000]
    assert any(p.name == "nanning_payouts.data.json" for p in big)
    assert any(p.name == "pyodide.asm.wasm" for p in big)  # the scorer's runtime, the biggest download
    for path in big:
        for suffix in (".gz", ".br", ".zst"):
            assert path.with_name(path.name + suffix).exists(), (path, suffix)
    decompress = {".gz": gzip.decompress, ".br": brotli.decompress, ".zst": zstandard.ZstdDecompressor().decompress}
    fresh = 0
    for suffix, undo in decompress.items():
        for copy in built.site.rglob("*" + suffix):  # every copy, big or small (a stylesheet every page waits for)
            original = copy.with_suffix("").read_bytes()
            assert undo(copy.read_bytes()) == original, copy
            if len(original) < 50_000:
                fresh += 1
                level = LEVELS[len(original) <= BIG][suffix]
                assert COMPRESSORS[suffix](original, level) == copy.read_bytes(), copy
    assert fresh > 30
    for suffix in (".gz", ".br", ".zst"):
        assert (built.site / "assets" / ("caipan.css" + suffix)).exists()


def test_the_search_index_knows_aliases_and_rule_ids(built):
    """The site search and the payout filter read one aliases file; each article line is an entry
    titled with its id, whose text is the rule (what a search result shows as its excerpt)."""
    from generator.site.pages import search_aliases
    from generator.site.postbuild import synonym_sets

    index = json.loads((built.site / "search" / "search_index.json").read_text(encoding="utf-8"))
    tokens = _tokens(index)
    for group in synonym_sets(search_aliases()):
        for word in group:
            assert word in tokens, word
    assert "nanning/article/" in tokens["杠上开花"] and "nanning/article/" in tokens["豪华七对"]
    d = load(built.generated, built.ctx.examples)
    by_location = {doc["location"]: doc for doc in index["docs"]}
    for game, art in d.articles.items():
        for row in art.rows:
            if row.cls != "heading":
                doc = by_location[f"{game}/article/#{row.id}"]
                assert doc["title"] == row.id
                escaped = row.text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")
                assert doc["text"].replace("\u200b", "") == escaped
