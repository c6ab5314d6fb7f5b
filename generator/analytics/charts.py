"""What the analytics charts share: matplotlib (Agg) to deterministic SVG, Chinese labels in
Noto Sans CJK, one palette, point labels that avoid each other. Each game draws its own."""
from __future__ import annotations

import warnings
from collections.abc import Callable
from pathlib import Path

from matplotlib import pyplot as plt

from ..errors import BuildError
from ..plotting import register_font, style

PALETTE = ["#1b7a6e", "#e07b39", "#4c6fb0", "#8e3b6e"]


# Set inside a context on top of matplotlib's defaults: the charts depend on no global
# state left by other charts (the same bytes every build) and leave none behind.
STYLE = style("caipan-analytics")


LABEL_SIDES = ((5, 2, "left", "bottom"), (5, -2, "left", "top"), (-5, 2, "right", "bottom"),
               (-5, -2, "right", "top"), (0, 7, "center", "bottom"), (0, -7, "center", "top"))


def label(ax, placed: list, x: float, y: float, text: str) -> None:
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
