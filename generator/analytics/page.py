"""The statistics page (analytics.md) with its charts and downloads (analytics/) in the docs folder.

Every number on the page is computed in the build; the templates only lay them out.
Each game gives a `Section`: its template (in its own folder) sets the fragments
the page's template places: `quote` and `topics` for the opening paragraph,
`body` (its own headings), `method` (a sentence of the method paragraph),
`checks` (paragraphs after it) and `downloads` (list items). Text reaches the
page through jinja2 autoescaping; links are relative to the page's URL
(analytics/), as on the site's other pages.
"""
from __future__ import annotations

import shutil
from collections.abc import Callable
from dataclasses import dataclass, field
from fractions import Fraction
from pathlib import Path

from markupsafe import Markup

from ..site.render import environment
from . import charts

PAGE = "analytics.md"
FOLDER = "analytics"
ROOT = "../"  # the page is served at analytics/
TEMPLATE = "analytics.md.j2"  # the page's, and each game's own in its folder
FRAGMENTS = ("quote", "body", "method", "checks", "downloads")


@dataclass
class Section:
    """One game's part of the page."""

    templates: Path  # the folder holding its analytics.md.j2
    context: dict  # what its template reads
    files: dict[str, str]  # downloads: key → file name in build/generated
    charts: list[tuple[str, Callable, tuple]] = field(default_factory=list)  # (file name, function, arguments)


def probability(p: Fraction) -> str:
    """A probability for people: a percentage down to 0.1%, then a power of ten."""
    if p == 0:
        return "0"
    if p >= Fraction(1, 1000):
        return f"{float(p) * 100:#.3g}".rstrip(".") + "%"  # keep trailing zeros: 5.40%
    mantissa, exponent = f"{float(p):.2e}".split("e")
    # <sup> in the page's own font: the Unicode superscripts ⁻⁴…⁹ come from other fonts than ¹²³
    return Markup(f"{mantissa}×10<sup>{str(int(exponent)).replace('-', '−')}</sup>")


def times(x: Fraction | float) -> str:
    return f"{float(x):,.0f}" if x >= 100 else f"{float(x):.3g}"


def listing(items: list[str]) -> str:
    """A，B，以及C."""
    if len(items) < 2:
        return "".join(items)
    return "，".join(items[:-1]) + "，以及" + items[-1]


def fragments(section: Section, sizes: dict[str, tuple[int, int]]) -> dict:
    """A game's fragments, from the variables its template sets."""
    module = environment(section.templates).get_template(TEMPLATE).make_module(
        {"root": ROOT, "files": section.files, "charts": sizes, **section.context})
    out = {name: getattr(module, name, "") for name in FRAGMENTS}
    out["topics"] = list(getattr(module, "topics", []))
    return out


def write(docs: Path, generated: Path, sections: list[Section]) -> int:
    """Write the page, its charts and its downloads; returns the number of charts."""
    folder = docs / FOLDER
    shutil.rmtree(folder, ignore_errors=True)
    folder.mkdir(parents=True)
    for section in sections:
        for file in section.files.values():
            data = (generated / file).read_bytes()
            bom = "\ufeff".encode() if file.endswith(".csv") and not data.startswith("\ufeff".encode()) else b""
            (folder / file).write_bytes(bom + data)  # CSV with a byte-order mark: Excel reads it as UTF-8
    sizes = charts.draw(folder, [job for section in sections for job in section.charts])
    parts = [fragments(section, sizes) for section in sections]
    text = environment(Path(__file__).parent / "templates").get_template(TEMPLATE).render(
        parts=parts, topics=listing([t for part in parts for t in part["topics"]]))
    (docs / PAGE).write_text(text, encoding="utf-8")
    return len(sizes)
