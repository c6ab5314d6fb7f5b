"""字牌's charts for the charts page (see `generator.site.charts`)."""
from __future__ import annotations

from pathlib import Path

from ..site.charts import LINESTYLES, MARKERS, PALETTE, plt, save
from ..site.data import SiteData
from . import view as zipai


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


def charts() -> list:
    """(anchor id, file name, function) of each chart, in page order."""
    return [("chart-huxi-amounts", "huxi-amounts.svg", huxi_amounts)]
