"""Nanning's charts for the charts page (see `generator.site.charts`)."""
from __future__ import annotations

from pathlib import Path

import matplotlib.cm
import matplotlib.colors
import matplotlib.patches
import matplotlib.ticker

from ..site.charts import LINESTYLES, MARKERS, PALETTE, plt, save
from ..site.data import SiteData
from . import view as nanning


def _view(d: SiteData) -> nanning.View | None:
    table = d.payouts["nanning"]
    return nanning.View(table) if table else None


def kong_chains(d: SiteData, path: Path):
    view = _view(d)
    if view is None:
        return None
    hands = view.main_hands()
    panels = nanning.CHAIN_METHODS
    fig, axes = plt.subplots(1, len(panels), figsize=(2.1 * len(panels), 4.6), sharey=True)
    for p, (ax, (method, kind)) in enumerate(zip(axes, panels, strict=True)):
        series = view.chains(method, kind, hands)
        for i, hand in enumerate(hands):
            points = [(n, cells[i].total) for n, cells in series if cells[i].feasible]
            if points:
                xs, ys = zip(*points, strict=True)
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
        for handle, label in zip(*ax.get_legend_handles_labels(), strict=True):
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
    view = _view(d)
    if view is None:
        return None
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


def charts() -> list:
    """(anchor id, file name, function) of each chart, in page order."""
    return [("chart-kong-chains", "kong-chains.svg", kong_chains),
            ("chart-pattern-method", "pattern-method.svg", pattern_method)]
