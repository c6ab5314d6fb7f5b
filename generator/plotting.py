"""Charts as deterministic SVG, set up once for every chart module (the site's, the games', analytics').

matplotlib draws with Agg; Chinese labels use Noto Sans CJK (Debian's
fonts-noto-cjk), registered explicitly; text becomes outlines, so a page needs
no font, and a fixed hash salt gives the same bytes every build.
"""
from __future__ import annotations

from pathlib import Path

import matplotlib

matplotlib.use("Agg")

from matplotlib import font_manager
from matplotlib import pyplot as plt

from .errors import BuildError

FONT = Path("/usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc")
FONT_NAME = "Noto Sans CJK JP"  # the first face of the .ttc, which is what matplotlib reads
DPI = 72  # SVG user units are points; width/height below are in CSS pixels at this DPI


def style(salt: str, **more) -> dict:
    """The rc settings every chart is drawn in (inside an rc_context), with its own hash salt."""
    return {
        "font.family": [FONT_NAME],
        "axes.unicode_minus": False,
        "svg.hashsalt": salt,  # deterministic ids in the SVG
        "svg.fonttype": "path",  # text as outlines: the browser needs no font
        "figure.dpi": DPI,
        "axes.spines.top": False,
        "axes.spines.right": False,
        "axes.grid": True,
        "grid.color": "#dddddd",
        "axes.axisbelow": True,
        **more,
    }


def register_font() -> None:
    """Fonts installed after matplotlib built its cache are not seen: add the CJK face explicitly."""
    if not FONT.exists():
        raise BuildError(f"{FONT} is missing; install Debian's fonts-noto-cjk (scripts/setup does)")
    if FONT_NAME not in {f.name for f in font_manager.fontManager.ttflist}:
        font_manager.fontManager.addfont(str(FONT))


def save(fig, path: Path) -> tuple[int, int]:
    """Write the figure as SVG (no date) and close it; its size in CSS pixels."""
    path.parent.mkdir(parents=True, exist_ok=True)
    fig.savefig(path, format="svg", metadata={"Date": None})
    width, height = fig.get_size_inches() * DPI
    plt.close(fig)
    return round(width), round(height)
