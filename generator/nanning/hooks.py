"""Nanning's build steps and the rule data it checks (`generator.nanning.NanningSite` imports them when
first asked for)."""
from __future__ import annotations

from rules import registry
from rules.nanning import billee
from rules.nanning.rule_set import presets

from ..findings import publish
from ..outputs import write_csv, write_json
from .early import pending
from .check import constants, crosscheck_rows, findings
from .tables import payout_csv, preset_changes, presets_json

# The rule data the core reads: checked first by `generator.inputs`, each complaint naming its file.
RULE_DATA = {"nanning/presets.toml": presets, "nanning/billee1011.toml": billee.table}


def steps(ctx) -> list:
    def payouts() -> str:
        game = registry.game("nanning")
        rows = pending.pop().result() if pending else game.payout_rows()
        write_csv(payout_csv(rows), ctx.generated / "nanning_payouts.csv", schema="nanning.payouts.csv")
        write_json(game.payout_table(rows), ctx.generated / "nanning_payouts.json", compact=True,
                   schema="nanning.payouts")
        write_json(presets_json(), ctx.generated / "nanning_presets.json", schema="nanning.presets")
        write_json(preset_changes(rows), ctx.generated / "nanning_preset_changes.json")
        feasible = sum(r["feasible"] for r in rows)
        presets = len({r["preset"] for r in rows})
        return f"{len(rows)} 行（{presets} 个规则预设；可能出现 {feasible} 行，不可能 {len(rows) - feasible} 行）"

    def crosscheck() -> str:
        return publish("nanning", crosscheck_rows(), findings(), constants(), ctx.generated)

    # The cross-check first: a broken constant or finding stops the build before the long steps.
    return [("南宁：核对算例、记录勘误", crosscheck), ("南宁：枚举并计价所有情形", payouts)]
