"""Nanning's generator side (the module `rules.nanning.game.Nanning.generator` names, see
`generator.games`): build steps for the payout table, the presets, the cross-check and
findings; the patterns its worked examples name; its pages, charts and statistics."""
from __future__ import annotations

import importlib

from .early import start  # noqa: F401 (a hook of generator.build)


def __getattr__(name: str):
    """Every other hook is in `.hooks`, imported when first asked for: `start` (in `.early`)
    hands the slow work to the build's workers before the steps import pandas and matplotlib."""
    return getattr(importlib.import_module(__name__ + ".hooks"), name)
