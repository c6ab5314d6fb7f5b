"""Build steps for Nanning: the payout table, the presets, the cross-check and findings."""
from __future__ import annotations

from .findings import publish
from .nanning_check import constants, crosscheck_rows, findings
from .nanning_tables import payout_csv, payout_json, payout_rows, presets_json
from .outputs import write_csv, write_json


def steps(ctx) -> list:
    def payouts() -> str:
        rows = payout_rows()
        write_csv(payout_csv(rows), ctx.generated / "nanning_payouts.csv")
        write_json(payout_json(rows), ctx.generated / "nanning_payouts.json", compact=True)
        write_json(presets_json(), ctx.generated / "nanning_presets.json")
        feasible = sum(r["feasible"] for r in rows)
        presets = len({r["preset"] for r in rows})
        return f"{len(rows)} 行（{presets} 个规则预设；可能出现 {feasible} 行，不可能 {len(rows) - feasible} 行）"

    def crosscheck() -> str:
        return publish("nanning", crosscheck_rows(), findings(), constants(), ctx.generated)

    # The cross-check first: a broken constant or finding stops the build before the long steps.
    return [("南宁：核对算例、记录勘误", crosscheck), ("南宁：枚举并计价所有情形", payouts)]
