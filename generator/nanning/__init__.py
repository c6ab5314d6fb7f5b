"""Nanning's generator side (the module `rules.nanning.game.Nanning.generator` names, see
`generator.games`): build steps for the payout table, the presets, the cross-check and
findings; the patterns its worked examples name; its pages, charts and statistics."""
from __future__ import annotations

from rules.nanning.payouts import payout_json, payout_rows
from rules.nanning.preset import presets

from .. import background
from ..findings import publish
from ..outputs import write_csv, write_json
from . import analytics  # noqa: F401 (a hook of generator.games)
from .charts import charts  # noqa: F401 (a hook of generator.games)
from .check import constants, crosscheck_rows, findings
from .patterns import example_patterns, normalise_patterns  # noqa: F401 (hooks of generator.games)
from .site import notes, pages, reader_names, site_data, targets  # noqa: F401 (hooks of generator.games)
from .scorer import scorer_data  # noqa: F401 (a hook of generator.games)
from .tables import payout_csv, presets_json

# The rule data the core reads: checked first by `generator.inputs`, each complaint naming its file.
RULE_DATA = {"nanning/presets.toml": presets}


def start(ctx) -> None:
    """Before the first step: the payout rows go to the build's workers (they need nothing any
    step makes); the payouts step waits for them."""
    _pending[:] = [background.submit(payout_rows)]


_pending: list = []


def steps(ctx) -> list:
    def payouts() -> str:
        rows = _pending.pop().result() if _pending else payout_rows()
        write_csv(payout_csv(rows), ctx.generated / "nanning_payouts.csv", schema="nanning.payouts.csv")
        write_json(payout_json(rows), ctx.generated / "nanning_payouts.json", compact=True,
                   schema="nanning.payouts")
        write_json(presets_json(), ctx.generated / "nanning_presets.json", schema="nanning.presets")
        feasible = sum(r["feasible"] for r in rows)
        presets = len({r["preset"] for r in rows})
        return f"{len(rows)} 行（{presets} 个规则预设；可能出现 {feasible} 行，不可能 {len(rows) - feasible} 行）"

    def crosscheck() -> str:
        return publish("nanning", crosscheck_rows(), findings(), constants(), ctx.generated)

    # The cross-check first: a broken constant or finding stops the build before the long steps.
    return [("南宁：核对算例、记录勘误", crosscheck), ("南宁：枚举并计价所有情形", payouts)]
