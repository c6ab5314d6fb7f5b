"""Build steps for Nanning: the payout table, the presets, the cross-check and findings."""
from __future__ import annotations

from .findings import CheckRow, Finding, check_consistency, frame
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
        rows = crosscheck_rows()
        found = findings()
        check_consistency("nanning", rows, found, constants())
        write_csv(frame(list(rows), CheckRow), ctx.generated / "nanning_crosscheck.csv")
        write_csv(frame(list(found), Finding), ctx.generated / "nanning_findings.csv")
        verdicts: dict[str, int] = {}
        for r in rows:
            verdicts[r.verdict] = verdicts.get(r.verdict, 0) + 1
        return f"{len(rows)} 条算例：" + "，".join(f"{k} {v}" for k, v in sorted(verdicts.items())) + f"；{len(found)} 条勘误与争议"

    # The cross-check first: a broken constant or finding stops the build before the long steps.
    return [("南宁：核对算例、记录勘误", crosscheck), ("南宁：枚举并计价所有情形", payouts)]
