"""Nanning's generator side (the module `rules.nanning.game.Nanning.generator` names, see
`generator.games`): build steps for the payout table, the presets, the cross-check and
findings; the patterns its worked examples name; its pages and charts."""
from __future__ import annotations

from rules.nanning.payouts import payout_json, payout_rows

from ..errors import BuildError
from ..findings import CheckRow, Finding, frame
from ..outputs import write_csv, write_json
from .charts import charts  # noqa: F401 (a hook of generator.games)
from .check import check_consistency, crosscheck_rows, findings
from .patterns import example_patterns, normalise_patterns  # noqa: F401 (hooks of generator.games)
from .site import pages, site_data  # noqa: F401 (hooks of generator.games)
from .tables import payout_csv, presets_json


def steps(ctx) -> list:
    def payouts() -> str:
        rows = payout_rows()
        write_csv(payout_csv(rows), ctx.generated / "nanning_payouts.csv", schema="nanning.payouts.csv")
        write_json(payout_json(rows), ctx.generated / "nanning_payouts.json", compact=True,
                   schema="nanning.payouts")
        write_json(presets_json(), ctx.generated / "nanning_presets.json", schema="nanning.presets")
        feasible = sum(r["feasible"] for r in rows)
        presets = len({r["preset"] for r in rows})
        return f"{len(rows)} 行（{presets} 个规则预设；可能出现 {feasible} 行，不可能 {len(rows) - feasible} 行）"

    def crosscheck() -> str:
        rows = crosscheck_rows()
        found = findings()
        problems = check_consistency(rows, found)
        if problems:
            raise BuildError("Nanning cross-check: " + "; ".join(problems[:5]) + (" …" if len(problems) > 5 else ""))
        write_csv(frame(list(rows), CheckRow), ctx.generated / "nanning_crosscheck.csv")
        write_csv(frame(list(found), Finding), ctx.generated / "nanning_findings.csv")
        verdicts: dict[str, int] = {}
        for r in rows:
            verdicts[r.verdict] = verdicts.get(r.verdict, 0) + 1
        return f"{len(rows)} 条算例：" + "，".join(f"{k} {v}" for k, v in sorted(verdicts.items())) + f"；{len(found)} 条勘误与争议"

    return [("南宁：枚举并计价所有情形", payouts), ("南宁：核对算例、记录勘误", crosscheck)]
