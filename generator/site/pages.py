"""The site's pages, rendered from the generated data with jinja2 into the MkDocs docs folder.

Every page is a template in templates/; this module only gathers what each page
shows. Big tables (payouts) are shipped as data files that site_src/assets/caipan.js
renders in the browser, so that Python-Markdown never sees them.
"""
from __future__ import annotations

import shutil
import tomllib
from collections import defaultdict
from collections.abc import Callable
from functools import cache
from pathlib import Path

from markupsafe import Markup

from rules import schemas

from ..errors import BuildError
from ..text import class_labels
from ..findings import KINDS, VERDICTS
from ..games import ids, sites
from . import developers
from .data import SiteData, preset_dimension
from . import drill, names, packed, runtime, scorer, session
from .render import Links, environment

# Folders and files under the docs folder that this module writes (and clears first): these,
# and a folder per game.
OWNED = ["index.md", "rulings.md", "charts.md", "sources", "changelog.md", "data", "developers.md", "developers"]

DIFFERENCE_LABELS = {"numbers": "数字不同", "wording": "措辞不同", "punctuation": "标点不同"}


def _difference_label(kind: str) -> str:
    if kind.startswith("only_"):
        return f"仅见于 {kind[5:]}"
    return DIFFERENCE_LABELS.get(kind, kind)


def _findings_by_rule(d: SiteData) -> dict[str, list[dict]]:
    out: dict[str, list[dict]] = defaultdict(list)
    if d.findings is not None:
        for f in d.findings.to_dict("records"):
            for rule in f["rule_ids"].split():
                out[rule].append(f)
    return out


def _checks_by_row(d: SiteData) -> dict[str, list[dict]]:
    """Cross-check results per article row; the same result in both copies is shown once, with both docs."""
    out: dict[str, dict[tuple, dict]] = defaultdict(dict)
    if d.crosscheck is not None:
        for c in d.crosscheck.to_dict("records"):
            key = (c["stated"], c["engine"], c["verdict"], c["finding_id"])
            entry = out[c["row_id"]].setdefault(key, {**c, "docs": [], "verdict_label": VERDICTS[c["verdict"]]})
            if c["doc"] not in entry["docs"]:
                entry["docs"].append(c["doc"])
    return {row: list(entries.values()) for row, entries in out.items()}


def article_blocks(d: SiteData, game: str) -> list[dict]:
    """The article as blocks (sections and sub-blocks), each with its heading and lines."""
    art = d.articles[game]
    labels = class_labels()
    findings = _findings_by_rule(d)
    checks = _checks_by_row(d)
    keys_by_section = defaultdict(set)
    for b in art.blocks:
        keys_by_section[b.section].add(b.key)
    blocks = []
    by_label = {}
    for b in art.blocks:
        block_id = f"{art.prefix}-{b.label}"
        parent = b.key.rsplit("-", 1)[0] if "-" in b.key else ""
        level = 2 if not b.key else 4 if parent in keys_by_section[b.section] and parent else 3
        entry = {"id": block_id, "level": level, "title": b.title, "inferred": b.inferred,
                 "reason": b.reason, "heading": None, "rows": []}
        blocks.append(entry)
        by_label[(b.section, b.key)] = entry
    for row in art.rows:
        block = by_label[(row.section, row.block)]
        line = {
            "id": row.id, "cls": row.cls, "cls_label": labels.get(row.cls, row.cls), "text": row.text,
            "inferred": row.inferred, "reason": row.reason, "provenance": row.cite(),
            "differences": [_difference_label(k) for k in row.differences],
            # the other copy's wording, where the copies differ in more than punctuation
            "others": [(doc, text) for doc, text in row.texts.items()
                       if text != row.text and set(row.differences) & {"numbers", "wording"}],
            "findings": findings.get(row.id, []),
            "checks": checks.get(row.id, []),
        }
        if row.id == block["id"] and row.cls == "heading" and block["heading"] is None:
            block["heading"] = line
        else:
            block["rows"].append(line)
    return blocks


@cache
def search_aliases() -> dict:
    with (Path(__file__).parent / "aliases.toml").open("rb") as fh:
        return tomllib.load(fh)


def example_terms(table: dict) -> str:
    """Filter words for the example in the page text: the non-default values of one real row."""
    dims = [d for d in table["dimensions"] if d is not preset_dimension(table)]
    best: list[str] = []
    for row in table["rows"]:
        if row["feasible"]:
            terms = [str(row[d["key"]]) for d in dims
                     if row[d["key"]] not in ("", d["values"][0]) and not str(row[d["key"]]).isdigit()]
            if len(terms) > len(best):
                best = terms
            if len(best) >= 3:
                break
    return " ".join(best[:3])


def source_documents(d: SiteData) -> list[dict]:
    from ..sources import registry

    counts = d.lines.groupby("doc").size().to_dict()
    return [{**entry, "lines": counts.get(entry["id"], 0)} for entry in registry()]


class Pages:
    def __init__(self, d: SiteData, docs: Path, log: dict, charts: list[dict] | Callable[[], list[dict]],
                 runtime=None):
        """`log` is edition.changelog(d): the current edition and the recorded ones; `runtime` the
        scorer's (runtime.prepare(), found or made when not given); `charts` what `charts.draw`
        returned, or a function that waits for it."""
        self.d = d
        self.runtime = runtime
        self.docs = docs
        self.log = log
        self.charts = charts
        self.env = environment(own={g: s.templates() for g, s in sites().items()})
        keys = names.site_names(d)
        self.env.filters.update(zh=lambda text: names.readable(text, keys),
                                zh_list=lambda text: names.name_list(text, keys))
        self.targets = d.targets()
        self.written: list[str] = []

    def write(self, page: str, template: str, **context) -> None:
        link = Links(page, self.targets)
        text = self.env.get_template(template).render(
            link=link, edition=self.log["current"]["edition"], games=self.d.games, d=self.d, **context
        )
        path = self.docs / page
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")
        self.written.append(page)

    def note(self, game: str, page: str, kind: str) -> str:
        """A game's own paragraph on a page every game has (its `notes` hook), linked from `page`."""
        site = sites().get(game)
        source = site.notes().get(kind, "") if site else ""
        return Markup(self.env.from_string(source.rstrip("\n")).render(link=Links(page, self.targets)))

    def write_markdown(self, page: str, text: str) -> None:
        """A page a game writes without a template of this folder."""
        path = self.docs / page
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")
        self.written.append(page)

    def copy_data(self) -> None:
        """Downloads (CSV/JSON as generated) and the scripts the tables and finder read."""
        out = self.docs / "data"
        out.mkdir(parents=True, exist_ok=True)
        for name in ["crosscheck.csv", "findings.csv", "lines.csv"]:
            if (self.d.generated / name).exists():
                bom_copy(self.d.generated / name, out / name)
        for name in sorted(p.name for p in self.d.generated.glob("*_presets.json")) \
                + sorted(p.name for p in self.d.generated.glob("*_readings.json")):
            shutil.copyfile(self.d.generated / name, out / name)
        (out / "schemas").mkdir(exist_ok=True)
        for name in schemas.names():  # published unchanged, for download
            (out / "schemas" / f"{name}{schemas.SUFFIX}").write_text(schemas.text(name), encoding="utf-8")
        for game, table in self.d.payouts.items():
            if table is None:
                continue
            shutil.copyfile(self.d.payout_path(game, "json"), out / f"{game}_payouts.json")
            bom_copy(self.d.payout_path(game, "csv"), out / f"{game}_payouts.csv")
            for name, text in self.payout_files(game, table).items():
                (out / name).write_text(text, encoding="utf-8")

    def payout_files(self, game: str, table: dict) -> dict[str, str]:
        """The payout data caipan.js fetches (see packed.py), with the address of every id its rows cite."""
        link = Links(f"{game}/payouts.md", self.targets)
        cited = sorted({r for row in table["rows"] for r in row.get("rules", [])})
        unknown = [r for r in cited if link.rule(r) is None]
        if unknown:
            raise BuildError(f"{game} payouts cite unknown rule ids: {', '.join(unknown[:5])}")
        aliases = search_aliases().get(game, {})

        def terms(row: dict) -> str:
            return " ".join(w for key, words in aliases.items() for w in words.get(str(row.get(key)), []))

        return packed.files(game, table, {r: link.rule(r) for r in cited}, terms,
                            (preset_dimension(table) or {}).get("key"))

    def sample_row(self) -> tuple[str, dict] | tuple[None, None]:
        """The first game's first feasible row paid by one player for two things (a win and its
        kong points), to explain a row with: (game, row)."""
        for game, table in self.d.payouts.items():
            for r in table["rows"] if table else []:
                if r["feasible"] and len({p["for"] for p in r["payments"]}) == 2 \
                        and len({p["payer"] for p in r["payments"]}) == 1:
                    return game, r
        return None, None

    def all(self) -> list[str]:
        d = self.d
        self.copy_data()
        sample_rule = next(r.id for art in d.articles.values() for r in art.rows if r.cls == "example")
        sample_game, sample_row = self.sample_row()
        self.write("index.md", "index.md.j2", sources=source_documents(d), sample_rule=sample_rule,
                   sample_game=sample_game, sample_row=sample_row, practice=drill.games())
        for game in d.games:
            table = d.payouts[game]
            if game in d.articles:
                blocks = article_blocks(d, game)
                sample = next(r["id"] for b in blocks for r in b["rows"] if r["cls"] in ("rule", "example"))
                self.write(f"{game}/article.md", "article.md.j2", game=game, blocks=blocks, sample=sample,
                           note=self.note(game, f"{game}/article.md", "article"))
            preset = preset_dimension(table) if table else None
            head = self.docs / "data" / f"{game}_payouts.data.json"
            size = head.stat().st_size if head.exists() else 0  # for the progress line while it loads
            self.write(f"{game}/payouts.md", "payouts.md.j2", game=game, table=table, preset=preset,
                       example=example_terms(table) if table else "", data_bytes=size)
            self.write(f"{game}/finder.md", "finder.md.j2", game=game, table=table, data_bytes=size,
                       note=self.note(game, f"{game}/finder.md", "finder"))
        for site in sites().values():
            site.pages(self, d)
        rt = self.runtime or runtime.prepare()
        scorer.write_pages(self, rt)
        drill.write_pages(self, rt)
        session.write_pages(self, rt)
        self.write("rulings.md", "rulings.md.j2", kinds=KINDS, verdicts=VERDICTS)
        self.write("sources/index.md", "sources_index.md.j2", sources=source_documents(d),
                   counts=d.class_counts.to_dict("records"), labels=class_labels())
        for entry in source_documents(d):
            rows = d.lines[d.lines["doc"] == entry["id"]].to_dict("records")
            self.write(f"sources/{entry['id']}.md", "source.md.j2", doc=entry, rows=rows)
        self.write("changelog.md", "changelog.md.j2", log=self.log, kinds=KINDS, verdicts=VERDICTS)
        published = {f"{game}_payouts.json": t for game, t in d.payouts.items() if t}
        context = developers.context(self.docs / "data", published)
        self.write("developers.md", "developers.md.j2", **context)
        # the modules' reference on a page of its own: thousands of elements the 开发者 page would lay out
        self.write("developers/api.md", "developers_api.md.j2", api=context["api"])
        # Last: the charts may still be being drawn (`charts` is then a function that waits for them).
        self.write("charts.md", "charts.md.j2", charts=self.charts() if callable(self.charts) else self.charts)
        return self.written


BOM = "\ufeff".encode("utf-8")


def bom_copy(src: Path, dst: Path) -> None:
    """A CSV download with a UTF-8 byte-order mark: Excel (in Chinese Windows) reads it as UTF-8, not GBK;
    pandas and Python's csv (encoding="utf-8-sig", or pandas' default) skip the mark."""
    data = src.read_bytes()
    dst.write_bytes(data if data.startswith(BOM) else BOM + data)


def clear(docs: Path) -> None:
    """Remove what an earlier run of this module wrote (never assets/ or other providers' pages)."""
    for name in OWNED + ids():
        path = docs / name
        if path.is_dir():
            shutil.rmtree(path)
        elif path.exists():
            path.unlink()
