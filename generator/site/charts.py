"""Charts for the site, drawn at build time with matplotlib (Agg) as deterministic SVG.

Chinese labels use Noto Sans CJK (Debian's fonts-noto-cjk), registered explicitly;
a missing glyph is a build error, never a box in a chart.
"""
from __future__ import annotations

import warnings
from collections.abc import Callable
from dataclasses import asdict, dataclass
from pathlib import Path

import matplotlib

matplotlib.use("Agg")

import matplotlib.cm  # noqa: E402
import matplotlib.colors  # noqa: E402
import matplotlib.patches  # noqa: E402
import matplotlib.ticker  # noqa: E402
from matplotlib import font_manager  # noqa: E402
from matplotlib import pyplot as plt  # noqa: E402

from ..errors import BuildError  # noqa: E402
from . import nanning, zipai  # noqa: E402
from ..findings import VERDICTS  # noqa: E402
from .data import SiteData  # noqa: E402

FONT = Path("/usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc")
FONT_NAME = "Noto Sans CJK JP"  # the first face of the .ttc, which is what matplotlib reads
# Colours that stay apart in black and white too (different lightness), plus hatches.
PALETTE = ["#1b7a6e", "#e07b39", "#4c6fb0", "#b8b8b8", "#8e3b6e", "#d9c23a", "#5a5a5a", "#a6d4c8"]
HATCHES = ["", "//", "..", "xx", "\\\\", "oo", "--", "++"]
MARKERS = ["o", "s", "^", "D", "v", "P", "X", "*"]
LINESTYLES = ["-", "--", "-.", ":", "-", "--", "-.", ":"]
DPI = 72  # SVG user units are points; width/height below are in CSS pixels at this DPI


@dataclass(frozen=True)
class Chart:
    id: str  # the anchor on the charts page
    file: str
    title: str
    caption: str
    alt: str
    width: int
    height: int


RC = {
    "font.family": [FONT_NAME],
    "axes.unicode_minus": False,
    "svg.hashsalt": "caipan",  # deterministic ids in the SVG
    "svg.fonttype": "path",  # text as outlines: the browser needs no font
    "figure.dpi": DPI,
    "font.size": 12,
    "axes.spines.top": False,
    "axes.spines.right": False,
    "axes.grid": True,
    "grid.color": "#dddddd",
    "axes.axisbelow": True,
}


def register_font() -> None:
    """Fonts installed after matplotlib built its cache are not seen: add the CJK face explicitly."""
    if not FONT.exists():
        raise BuildError(f"{FONT} is missing; install Debian's fonts-noto-cjk (scripts/setup does)")
    if FONT_NAME not in {f.name for f in font_manager.fontManager.ttflist}:
        font_manager.fontManager.addfont(str(FONT))


def save(fig, path: Path) -> tuple[int, int]:
    path.parent.mkdir(parents=True, exist_ok=True)
    fig.savefig(path, format="svg", metadata={"Date": None})
    width, height = fig.get_size_inches() * DPI
    plt.close(fig)
    return round(width), round(height)


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
        left = [a + b for a, b in zip(left, values)]
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


def kong_chains(d: SiteData, path: Path):
    table = d.payouts["nanning"]
    if table is None:
        return None
    view = nanning.View(table)
    hands = view.main_hands()
    panels = nanning.CHAIN_METHODS
    fig, axes = plt.subplots(1, len(panels), figsize=(2.1 * len(panels), 4.6), sharey=True)
    for p, (ax, (method, kind)) in enumerate(zip(axes, panels)):
        series = view.chains(method, kind, hands)
        for i, hand in enumerate(hands):
            points = [(n, cells[i].total) for n, cells in series if cells[i].feasible]
            if points:
                xs, ys = zip(*points)
                # the id names the line in the SVG, so a test can count the points drawn
                ax.plot(xs, ys, marker=MARKERS[i % len(MARKERS)], linestyle=LINESTYLES[i % len(LINESTYLES)],
                        color=PALETTE[i % len(PALETTE)], label=view.label(hand), gid=f"kong-chain-{p}-{i}")
        ax.set_title(f"{method}（{kind}）")
        ax.set_xlabel("连杠的杠数")
        ax.set_xticks([n for n, _ in series])
        ax.set_yscale("log", base=2)
    axes[0].set_ylabel("胡家共收（对数刻度）")
    axes[0].yaxis.set_major_formatter(matplotlib.ticker.ScalarFormatter())
    legend = {}
    for ax in axes:
        for handle, label in zip(*ax.get_legend_handles_labels()):
            legend.setdefault(label, handle)
    order = [view.label(h) for h in hands if view.label(h) in legend]
    fig.legend([legend[k] for k in order], order, ncols=4, loc="lower center", frameon=False, fontsize=10)
    fig.tight_layout(rect=(0, 0.16, 1, 1))
    return ("连杠：分数怎样翻倍",
            f"“{view.preset}”预设，不封胡、不摸码。每多一个杠，胡牌分翻一倍，另加杠分；纵轴是对数刻度，"
            "所以翻倍是一条直线。缺点的地方是原文规则下不可能出现的情形（例如门清不能有明杠）。",
            f"{len(panels)}幅折线图：{'、'.join(m + k for m, k in panels)}，各牌型的共收分数随杠数（1 至 "
            f"{max(n for m, k in panels for n, _ in view.chains(m, k, hands))} 个）增长", save(fig, path))


def pattern_method(d: SiteData, path: Path):
    table = d.payouts["nanning"]
    if table is None:
        return None
    view = nanning.View(table)
    grid = view.grid()
    labels = [label for label, _ in grid]
    columns = [m + (f"\n{c}" if c else "") for m, c in nanning.GRID]
    values = [[c.total for c in cells] for _, cells in grid]
    fig, ax = plt.subplots(figsize=(9.5, 8))
    finite = [v for row in values for v in row if v]
    norm = matplotlib.colors.LogNorm(vmin=min(finite), vmax=max(finite))
    cmap = matplotlib.colormaps["cividis"]
    for y, row in enumerate(values):
        for x, v in enumerate(row):
            if v is None:
                ax.add_patch(matplotlib.patches.Rectangle((x - .5, y - .5), 1, 1, facecolor="white",
                                                          hatch="///", edgecolor="#bbbbbb", linewidth=0))
                continue
            colour = cmap(norm(v))
            ax.add_patch(matplotlib.patches.Rectangle((x - .5, y - .5), 1, 1, facecolor=colour, edgecolor="white"))
            light = sum(colour[:3]) / 3 > 0.5
            ax.text(x, y, str(v), ha="center", va="center", fontsize=8.5, color="black" if light else "white")
    ax.set_xlim(-.5, len(columns) - .5)
    ax.set_ylim(len(labels) - .5, -.5)
    ax.set_xticks(range(len(columns)), columns, fontsize=9)
    ax.set_yticks(range(len(labels)), labels, fontsize=9)
    ax.xaxis.tick_top()
    ax.grid(False)
    for side in ("left", "bottom"):
        ax.spines[side].set_visible(False)
    bar = fig.colorbar(matplotlib.cm.ScalarMappable(norm=norm, cmap=cmap), ax=ax, label="胡家共收（对数刻度）",
                       fraction=0.03, pad=0.02)
    bar.set_ticks([2 ** k for k in range(10) if norm.vmin <= 2 ** k <= norm.vmax])
    bar.ax.yaxis.set_major_formatter(matplotlib.ticker.ScalarFormatter())
    bar.ax.yaxis.set_minor_locator(matplotlib.ticker.NullLocator())
    fig.tight_layout()
    return ("南宁麻将：牌型 × 胡法",
            f"“{view.preset}”预设，不封胡、不摸码；杠上花、杠上炮、抢杠胡为一个杠。格中是胡家共收的分，"
            "颜色越浅分越高；斜线格是原文规则下不可能出现的组合。",
            "热力图：18 种牌型（行）与 12 种胡法（列）的共收分数", save(fig, path))


def huxi_amounts(d: SiteData, path: Path):
    table = d.payouts["zipai"]
    if table is None:
        return None
    view = zipai.View(table)
    hands = view.scaled
    grid = view.huxi_grid(hands)
    xs = [x for x, _ in grid]
    series = {hand: [cells[i].row["pay_shang"] if cells[i].feasible else float("nan") for _, cells in grid]
              for i, hand in enumerate(hands)}
    top = {hand: max((y for y in ys if y == y), default=0) for hand, ys in series.items()}
    ranked = sorted(hands, key=lambda h: (top[h], hands.index(h)))
    half = (len(ranked) + 1) // 2
    fig, axes = plt.subplots(1, 2, figsize=(9.5, 4.8))
    for ax, group, title in ((axes[0], ranked[:half], "分数较低的名堂"), (axes[1], ranked[half:], "分数较高的名堂")):
        for i, hand in enumerate(sorted(group, key=hands.index)):
            ax.plot(xs, series[hand], drawstyle="steps-mid", linestyle=LINESTYLES[i % len(LINESTYLES)],
                    marker=MARKERS[i % len(MARKERS)], markevery=6, markersize=5,
                    color=PALETTE[i % len(PALETTE)], label=hand)
        ax.set_title(title)
        ax.set_xlabel("胡数")
        ax.legend(fontsize=9, frameon=False, loc="upper left")
    axes[0].set_ylabel("每家付（自摸、无人爆牌）")
    fig.tight_layout()
    return ("字牌：胡数怎样变成分数",
            f"按{table.get('reading_set', '默认读法')}，自摸、无人爆牌、不是海底、不是头块时每家付的分。"
            "胡数乘名堂倍数后向上取到 10 的倍数，所以是台阶；断开的地方是凑不出那个胡数的牌型。"
            "有的胡数只有带归的牌才凑得出（每个归另加 10 分），所以台阶不总是单调。",
            "两幅折线图：各名堂每家付的分数随胡数变化，左边是分数较低的名堂，右边是较高的", save(fig, path))


# (anchor id, file name, function). A function returns None when its data is not there.
CHARTS: list[tuple[str, str, Callable]] = [
    ("chart-kong-chains", "kong-chains.svg", kong_chains),
    ("chart-pattern-method", "pattern-method.svg", pattern_method),
    ("chart-huxi-amounts", "huxi-amounts.svg", huxi_amounts),
    ("chart-crosscheck", "crosscheck.svg", crosscheck),
    ("chart-line-classes", "line-classes.svg", line_classes),
]


def draw(d: SiteData, folder: Path) -> list[dict]:
    """Draw every chart into `folder`; a missing glyph is an error."""
    register_font()
    out = []
    with warnings.catch_warnings(), plt.rc_context(RC):
        warnings.filterwarnings("error", message=r".*[Gg]lyph.*missing from font", category=UserWarning)
        for chart_id, name, fn in CHARTS:
            try:
                result = fn(d, folder / name)
            except UserWarning as exc:
                raise BuildError(f"chart {name}: {exc}") from None
            if result is None:
                continue
            title, caption, alt, (width, height) = result
            out.append(asdict(Chart(chart_id, name, title, caption, alt, width, height)))
    return out
