"""The toy game's data steps: its payout table, its cross-check and findings (pandas: imported only when
the build asks for its steps, `build.ToySite.steps`)."""
from __future__ import annotations

import pandas as pd

from generator.findings import CheckRow, Finding, frame
from generator.outputs import write_csv, write_json
from rules import registry

from . import RULES, Situation, Win

# Worked examples "of its rule sheet": (id, situation, stated amount); the second is wrong on purpose.
EXAMPLES = [("toy-e1", Situation(2, Win.ZIMO), 8), ("toy-e2", Situation(1, Win.DIANPAO), 5)]


def crosscheck() -> list[CheckRow]:
    game = registry.game("toy")
    out = []
    for eid, s, stated in EXAMPLES:
        settled = game.price(s, game.rule_set())
        verdict = "matches" if settled.total == stated else "arithmetic_wrong"
        out.append(CheckRow(example_id=eid, game="toy", doc="toy", line=1, row_id="toy-r1", quote=RULES["toy-r1"],
                            situation=f"{s.win.value} {s.fan}番", stated=stated, engine=str(settled.total),
                            verdict=verdict, reason="与规则一致" if verdict == "matches" else "算错了",
                            formula=settled.formula, rule_ids=" ".join(settled.rules),
                            finding_id="" if verdict == "matches" else "toy-e2-arithmetic"))
    return out


def findings() -> list[Finding]:
    return [Finding(id="toy-e2-arithmetic", game="toy", kind="arithmetic", title="点炮一番写成5分", lines="",
                    quote=RULES["toy-r2"], what_is_wrong="2×1×2=4，不是5", rules_give="4", alternatives="",
                    verdict="按规则：4", example_ids="toy-e2", rule_ids="toy-r2")]


def steps(ctx) -> list:
    def table() -> str:
        payouts = registry.game("toy").payout_table()
        write_json(payouts, ctx.generated / "toy_payouts.json", compact=True)
        write_csv(pd.DataFrame.from_records([{k: v for k, v in r.items() if k != "payments"}
                                             for r in payouts["rows"]]), ctx.generated / "toy_payouts.csv")
        write_csv(frame(crosscheck(), CheckRow), ctx.generated / "toy_crosscheck.csv")
        write_csv(frame(findings(), Finding), ctx.generated / "toy_findings.csv")
        return f"{len(payouts['rows'])} 行"

    return [("翻牌：赔付表与核对", table)]
