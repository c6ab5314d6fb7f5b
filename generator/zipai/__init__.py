"""字牌's generator side (the module `rules.zipai.game.Zipai.generator` names, see
`generator.games`): build steps for the 胡息 table, readings, payouts, cross-check and
findings; its pages, charts and statistics.

Writes into ctx.generated: zipai_huxi.csv, zipai_readings.json, zipai_payouts.csv
and .json, zipai_crosscheck.csv, zipai_findings.csv. `crosscheck()` and
`findings()` are what the rulings step merges with the other games'.
"""
from __future__ import annotations

import importlib

from .early import start  # noqa: F401 (a hook of generator.build)


def __getattr__(name: str):
    """Every other hook is in `.hooks`, imported when first asked for: `start` (in `.early`)
    hands the slow work to the build's workers before the steps import pandas and matplotlib."""
    return getattr(importlib.import_module(__name__ + ".hooks"), name)
