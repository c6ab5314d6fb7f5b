"""The analytics charts: matplotlib (Agg) to deterministic SVG, Chinese labels in Noto Sans CJK."""
from __future__ import annotations

import warnings
from collections.abc import Callable
from pathlib import Path

from matplotlib import pyplot as plt
from matplotlib.ticker import FixedLocator, NullLocator

from ..errors import BuildError
from ..plotting import register_font, style
from ..plotting import save as _save
from .moma import TILES, Odds, hypergeometric
from .nanning import COLOURS, Rarity
from .zipai import Result

COLOUR_STYLE = {COLOURS[0]: ("#1b7a6e", "o", "不是一色"), COLOURS[1]: ("#e07b39", "s", "清一色"),
                COLOURS[2]: ("#4c6fb0", "^", "字一色")}
SEAT_STYLE = ["#1b7a6e", "#e07b39", "#4c6fb0", "#8e3b6e"]


# Set inside a context on top of matplotlib's defaults: the charts depend on no global
# state left by other charts (the same bytes every build) and leave none behind.
STYLE = style("caipan-analytics")


LABEL_SIDES = ((5, 2, "left", "bottom"), (5, -2, "left", "top"), (-5, 2, "right", "bottom"),
               (-5, -2, "right", "top"), (0, 7, "center", "bottom"), (0, -7, "center", "top"))


def _label(ax, placed: list, x: float, y: float, text: str) -> None:
    """Label a point on the first side where the label overlaps no earlier one (else the first side)."""
    renderer = ax.figure.canvas.get_renderer()
    for tried, (dx, dy, ha, va) in enumerate(LABEL_SIDES + LABEL_SIDES[:1]):
        note = ax.annotate(text, (x, y), xytext=(dx, dy), textcoords="offset points", ha=ha, va=va,
                           fontsize=8, color="#333333")
        box = note.get_window_extent(renderer)
        if tried == len(LABEL_SIDES) or not any(box.overlaps(other) for other in placed):
            placed.append(box)
            return
        note.remove()


def rarity(r: Rarity, path: Path) -> tuple[int, int]:
    """What a pattern pays against how rare it is, both on log scales; 自摸 filled, 放炮 hollow."""
    fig, ax = plt.subplots(figsize=(8.5, 5.6))
    shown = [row for row in r.rows if row.count]
    ax.set_xscale("log")
    ax.set_yscale("log", base=2)
    amounts = sorted({a for row in shown for a in (row.zimo, row.fangpao)})
    ax.yaxis.set_major_locator(FixedLocator(amounts))
    ax.yaxis.set_minor_locator(NullLocator())
    ax.set_yticklabels([str(a) for a in amounts])
    points = []
    for colour, (tint, marker, legend) in COLOUR_STYLE.items():
        rows = [row for row in shown if row.category.colour == colour]
        xs = [float(1 / r.probability(row.count)) for row in rows]
        ax.scatter(xs, [row.zimo for row in rows], color=tint, marker=marker, s=46, zorder=3,
                   label=f"{legend}（自摸）")
        ax.scatter(xs, [row.fangpao for row in rows], facecolors="white", edgecolors=tint, marker=marker, s=30,
                   zorder=3, label=f"{legend}（放炮）")
        for x, row in zip(xs, rows):
            ax.plot([x, x], [row.fangpao, row.zimo], color=tint, linewidth=0.8, zorder=2)
            points.append((x, row.zimo, row.category.shape.value))
    rarest = max(x for x, _, _ in points)
    ax.set_xlim(right=rarest * 20)  # room for the rarest point's label
    ax.set_xlabel("稀有度：平均多少手任意 14 张里才有一手是这种牌型（对数刻度）")
    ax.set_ylabel("赢家共得分（对数刻度）")
    ax.legend(fontsize=8, ncols=3, loc="upper center", bbox_to_anchor=(0.5, -0.13), frameon=False)
    fig.tight_layout()
    placed: list = []
    for x, y, text in sorted(points):
        _label(ax, placed, x, y, text)
    return _save(fig, path)


def moma(odds: list[Odds], claimed: dict[int, int], names: dict[int, str], path: Path) -> tuple[int, int]:
    """P(at least one hit) by number of codes, per seat; dotted: the same with the document's tile counts."""
    fig, ax = plt.subplots(figsize=(8.5, 4.6))
    for seat, name in names.items():
        rows = sorted((o for o in odds if o.model == "和牌" and o.seat == seat), key=lambda o: o.codes)
        codes = [o.codes for o in rows]
        ax.plot(codes, [float(o.any_hit) for o in rows], color=SEAT_STYLE[seat], marker="o", markersize=4,
                label=f"{name}（{rows[0].copies} 张）")
        if seat in claimed:
            doc = [float(1 - hypergeometric(TILES, claimed[seat], n)[0]) for n in codes]
            ax.plot(codes, doc, color=SEAT_STYLE[seat], linestyle=":", marker="x", markersize=4,
                    label=f"{name}：按原文的 {claimed[seat]} 张")
    ax.set_xlabel("摸码颗数")
    ax.set_ylabel("至少中一颗的概率")
    ax.set_ylim(0, 1)
    ax.set_xticks(sorted({o.codes for o in odds}))
    ax.legend(fontsize=8, ncols=2, loc="lower right", frameon=False)
    fig.tight_layout()
    return _save(fig, path)


def zipai_conditions(z: Result, path: Path) -> tuple[int, int]:
    """Each 名堂's condition in a dealt hand, log scale, with what it pays beside its name."""
    fig, ax = plt.subplots(figsize=(8.5, 4.2))
    conds = list(z.conditions)
    sizes = sorted(z.hands)
    height = 0.38
    for i, cards in enumerate(sizes):
        ys = [j + (i - 0.5) * height for j in range(len(conds))]
        xs = [z.counts[(c.key, cards)] / z.hands[cards] for c in conds]
        bars = ax.barh(ys, xs, height=height, color=SEAT_STYLE[i], label=f"{cards} 张" + ("（庄家）" if i else ""))
        ax.bar_label(bars, labels=[f"1/{round(1 / x):,}" for x in xs], fontsize=7, padding=2)
    ax.set_yticks(range(len(conds)))
    ax.set_yticklabels([f"{c.label} · {c.pays}" for c in conds], fontsize=9)
    ax.invert_yaxis()
    ax.set_xscale("log")
    ax.set_xlim(right=1)
    ax.set_xlabel("起手牌满足条件的概率（对数刻度）")
    ax.legend(fontsize=8, loc="lower right", frameon=False)
    fig.tight_layout()
    return _save(fig, path)


def zipai_reds(z: Result, spans: list[tuple[int, int | None, str]], path: Path) -> tuple[int, int]:
    """The number of red cards in a dealt hand; above it, the red counts each 名堂 needs."""
    fig, ax = plt.subplots(figsize=(8.5, 4.2))
    width, right = 0.4, 16.5
    peak = 0.0
    for i, cards in enumerate(sorted(z.reds)):
        p = [w / z.hands[cards] for w in z.reds[cards]]
        peak = max(peak, *p)
        ax.bar([r + (i - 0.5) * width for r in range(len(p))], p, width=width, color=SEAT_STYLE[i],
               label=f"{cards} 张" + ("（庄家）" if i else ""))
    for i, (low, high, label) in enumerate(spans):
        y = peak * (1.45 - 0.1 * i)
        end = right if high is None else high + 0.45
        ax.plot([low - 0.45, end], [y, y], color="#5a5a5a", linewidth=1.2, marker="|", markersize=6)
        ax.annotate(label + ("" if high is not None else " →"), (low - 0.45, y), xytext=(0, 3),
                    textcoords="offset points", fontsize=8, color="#333333")
    ax.set_xlim(-0.7, right)
    ax.set_ylim(0, peak * 1.55)
    ax.set_xticks(range(0, int(right) + 1))
    ax.set_xlabel("起手牌中红字（二七十、贰柒拾）的张数")
    ax.set_ylabel("概率")
    ax.legend(fontsize=8, loc="center right", frameon=False)
    fig.tight_layout()
    return _save(fig, path)


def draw(folder: Path, jobs: list[tuple[str, Callable, tuple]]) -> dict[str, tuple[int, int]]:
    """Draw each (file name, function, arguments) into `folder`; a missing glyph is an error."""
    register_font()
    out = {}
    with warnings.catch_warnings(), plt.style.context("default"), plt.rc_context(STYLE):
        warnings.filterwarnings("error", message=r".*[Gg]lyph.*missing from font", category=UserWarning)
        for name, fn, args in jobs:
            try:
                out[name] = fn(*args, folder / name)
            except UserWarning as exc:
                raise BuildError(f"chart {name}: {exc}") from None
    return out
