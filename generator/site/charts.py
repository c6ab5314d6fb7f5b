"""Charts for the site, drawn at build time with matplotlib (Agg) as deterministic SVG.

Chinese labels use Noto Sans CJK (Debian's fonts-noto-cjk), registered explicitly;
a missing glyph is a build error, never a box in a chart.
"""
from __future__ import annotations

import warnings
from collections.abc import Callable
from dataclasses import asdict, dataclass
from pathlib import Path


from ..errors import BuildError
from ..findings import VERDICTS
from ..games import sites
from ..plotting import plt, register_font, save, style
from .data import SiteData

# Colours that stay apart in black and white too (different lightness), plus hatches.
PALETTE = ["#1b7a6e", "#e07b39", "#4c6fb0", "#b8b8b8", "#8e3b6e", "#d9c23a", "#5a5a5a", "#a6d4c8"]
HATCHES = ["", "//", "..", "xx", "\\\\", "oo", "--", "++"]
MARKERS = ["o", "s", "^", "D", "v", "P", "X", "*"]
LINESTYLES = ["-", "--", "-.", ":", "-", "--", "-.", ":"]


@dataclass(frozen=True)
class Chart:
    id: str  # the anchor on the charts page
    file: str
    title: str
    caption: str
    alt: str
    width: int
    height: int


RC = style("caipan", **{"font.size": 12})


def stacked_bars(docs: list[str], series: list[tuple[str, list[int]]], xlabel: str):
    """Horizontal stacked bars, one per document, legend below; hatched so they read in black and white."""
    rows = -(-len(series) // 4)
    height = 1.3 + 0.55 * len(docs) + 0.3 * rows
    fig, ax = plt.subplots(figsize=(9.5, height))
    left = [0] * len(docs)
    for i, (label, values) in enumerate(series):
        bars = ax.barh(docs, values, left=left, label=label, color=PALETTE[i % len(PALETTE)],
                       hatch=HATCHES[i % len(HATCHES)], edgecolor="#333333", linewidth=0.4)
        ax.bar_label(bars, labels=[str(v) if v >= 8 else "" for v in values], label_type="center", fontsize=9,
                     bbox={"boxstyle": "round,pad=0.15", "facecolor": "white", "edgecolor": "none"})
        left = [a + b for a, b in zip(left, values, strict=True)]
    ax.set_xlabel(xlabel)
    ax.set_ylabel("文档")
    ax.invert_yaxis()
    fig.legend(ncols=4, fontsize=10, loc="lower center", frameon=False)
    fig.tight_layout(rect=(0, (0.3 * rows + 0.15) / height, 1, 1))
    return fig


def line_classes(d: SiteData, path: Path):
    from ..text import class_labels

    labels = class_labels()
    counts = d.class_counts.set_index("class")
    docs = list(counts.columns)
    series = [(labels[cls], [int(row[doc]) for doc in docs]) for cls, row in counts.iterrows()]
    fig = stacked_bars(docs, series, "行数")
    return ("每份文档各类行的数目",
            "三份文档的每一行都归入且只归入一类：标题、规则正文、算例、注释、争议或可选规则、插入广告、无关文字、空行。",
            "横向堆叠条形图：001、000、003 三份文档各类行数", save(fig, path))


def crosscheck(d: SiteData, path: Path):
    if d.crosscheck is None:
        return None
    table = d.crosscheck.groupby(["doc", "verdict"]).size().unstack(fill_value=0)
    docs = list(table.index)
    series = [(label, [int(v) for v in table[key]]) for key, label in VERDICTS.items() if key in table.columns]
    fig = stacked_bars(docs, series, "算例数")
    return ("各文档算例的核对结论",
            "原文写出的每一个数都用规则核心重算；按文档统计每种结论的个数。不相符的每一个都在“争议与勘误”里有一条裁定。",
            "横向堆叠条形图：各文档算例按核对结论分类的个数", save(fig, path))


# (anchor id, file name, function). A function returns None when its data is not there.
# Each game's own charts (its generator module's `charts()`) come first, in registry order.
CHARTS: list[tuple[str, str, Callable]] = [
    ("chart-crosscheck", "crosscheck.svg", crosscheck),
    ("chart-line-classes", "line-classes.svg", line_classes),
]


def draw(d: SiteData, folder: Path) -> list[dict]:
    """Draw every chart into `folder`; a missing glyph is an error."""
    register_font()
    out = []
    with warnings.catch_warnings(), plt.rc_context(RC):
        warnings.filterwarnings("error", message=r".*[Gg]lyph.*missing from font", category=UserWarning)
        for chart_id, name, fn in [c for site in sites().values() for c in site.charts()] + CHARTS:
            try:
                result = fn(d, folder / name)
            except UserWarning as exc:
                raise BuildError(f"chart {name}: {exc}") from None
            if result is None:
                continue
            title, caption, alt, (width, height) = result
            out.append(asdict(Chart(chart_id, name, title, caption, alt, width, height)))
    return out
