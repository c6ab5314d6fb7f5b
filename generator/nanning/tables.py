"""Nanning's generator side of the payout table: the CSV, the presets for the pages, and
situations priced by code for the rulings (`priced`).

The table itself is the core's (`rules.nanning.payouts`).
"""
from __future__ import annotations

from dataclasses import dataclass

import pandas as pd

from rules.errors import RuleError
from rules.nanning.codes import SEATS_FROM_DEALER, hit_copies, tiles_for
from rules.nanning.model import HandType, KongKind, Win, Seat, Shape, Situation
from rules.nanning.payouts import chain_text, parse_code
from rules.nanning.rule_set import DEFAULT, RuleSet, presets
from rules.nanning.scoring import price, price_unchecked
from rules.ledger import HAND, KONG
from rules.nanning.table import RELATIVE, Ending, multi_win, next_dealer

from ..datafile import fail


def payout_csv(rows: list[dict]) -> pd.DataFrame:
    flat = [{k: (" ".join(v) if k == "rules" else v) for k, v in r.items() if k != "payments"} for r in rows]
    return pd.DataFrame.from_records(flat)


def presets_json() -> dict:
    """The presets and options with their quoted source lines, for the scoring page."""
    any_preset = presets()[DEFAULT]
    return {
        "constants": {k: {"value": c.value, "rules": list(c.rules), "quote": c.quote}
                      for k, c in any_preset.constants.items()},
        "features": {k: {"rules": list(c.rules), "quote": c.quote} for k, c in any_preset.features.items()},
        "methods": {k: {"scale": m.scale, "payer": m.payer, "doublings": m.doublings, "per_kong": m.per_kong,
                        "from_kong": m.from_kong, "rules": list(m.rules), "quote": m.quote}
                    for k, m in any_preset.wins.items()},
        "options": {k: {"name": o.name, "default": o.default, "values": dict(o.values), "rules": list(o.rules),
                        "quote": o.quote, "origin": o.origin, "provenance": list(o.provenance)}
                    for k, o in any_preset.option_specs.items()},
        "presets": [{"id": p.id, "name": p.name, "description": p.description, "options": dict(p.chosen),
                     "origin": p.origin, "provenance": list(p.provenance)} for p in presets().values()],
        "multi_win": multi_win_example(any_preset),
    }


def preset_changes(rows: list[dict]) -> list[dict]:
    """What each preset changes against the documents' own rules (原文), for the rulings page: the options
    it sets (a variant marked 不见于原文, with its provenance) and, over the payout table's situations, how
    many rows both price, how many of those pay otherwise, and how many only one of them allows (basis: the
    payout table's situations; 字牌 compares over hands, `generator.zipai.presets`).

    A situation is a row id without its preset (`nn-<preset>-<code>`); a row the other preset does not list
    (摸码 hits under a preset without 摸码) counts as not allowed there.
    """
    by_preset: dict[str, dict[str, dict]] = {}
    for r in rows:
        by_preset.setdefault(r["preset"], {})[r["id"].removeprefix(f"nn-{r['preset']}-")] = r
    base = by_preset.get(DEFAULT, {})
    out = []
    for p in presets().values():
        if p.id == DEFAULT:
            continue
        own = by_preset.get(p.id, {})
        here = {code for code, r in own.items() if r["feasible"]}
        there = {code for code, r in base.items() if r["feasible"]}
        both = here & there
        specs = p.option_specs
        out.append({
            "id": p.id, "name": p.name, "description": p.description, "origin": p.origin,
            "provenance": list(p.provenance),
            "options": [{"key": k, "name": specs[k].name, "value": v, "means": specs[k].values[v],
                         "origin": specs[k].origin} for k, v in p.chosen.items()],
            "rows": len(own), "basis": "situations", "both": len(both),
            "differ": sum(1 for code in both if own[code]["total"] != base[code]["total"]),
            "only_here": len(here - there), "only_yuanwen": len(there - here),
        })
    return out


def multi_win_example(preset: RuleSet) -> dict:
    """一炮双响 after a 杠上炮, priced by the core for the scoring page: 上家 kongs (暗杠) and
    discards, 本家 (鸡胡) and 对家 (碰碰胡) both win on it."""
    chain = (KongKind.AN,)
    discarder = RELATIVE.index(Seat.PREV)
    wins = [(RELATIVE.index(Seat.SELF), Situation(HandType(Shape.JIHU, False, False), Win.GANGSHANGPAO, chain)),
            (RELATIVE.index(Seat.ACROSS), Situation(HandType(Shape.PENGPENG, False, False), Win.GANGSHANGPAO,
                                                    chain))]
    payments = multi_win(discarder, wins, preset)
    dealer, dealer_rule = next_dealer(Ending.MULTI, preset, 0, discarder=discarder)
    return {
        "discarder": RELATIVE[discarder].value,
        "method": Win.GANGSHANGPAO.value,
        "chain": chain_text(chain),
        "winners": [{"seat": RELATIVE[pos].value, "patterns": s.hand.label(),
                     "total": sum(p.amount for p in payments if p.payee == pos and p.kind == HAND)}
                    for pos, s in wins],
        "payments": [{"payer": RELATIVE[p.payer].value, "payee": RELATIVE[p.payee].value, "amount": p.amount,
                      "for": p.kind, "role": p.role} for p in payments],
        "kong_points": sum(p.amount for p in payments if p.kind == KONG and p.payee == discarder),
        "next_dealer": RELATIVE[dealer].value,
        "rules": list(dict.fromkeys(["nn-19-r1", "nn-19-s2-r1", "nn-19-s3-r1", dealer_rule])),
        "ruling": "nn-g-multi-kong",
    }


@dataclass(frozen=True)
class Priced:
    """A situation priced for a ruling: the total, the formula, or the reason it cannot occur."""

    total: int | None
    formula: str
    reason: str

    def __str__(self) -> str:
        return str(self.total) if self.total is not None else f"（不可能：{self.reason}）"


def preset_named(preset_id: str, where: str) -> RuleSet:
    """A preset by id; one missing stops the build with one line naming presets.toml, which should
    hold it (a truncated file loses its last presets), and what names it."""
    found = presets().get(preset_id)
    if found is None:
        fail("nanning/presets.toml", "", f"no [[preset]] with id {preset_id!r}, which {where} names "
                                         f"(presets: {', '.join(presets())})")
    return found


def priced(spec: str) -> Priced:
    """Price a situation code, optionally `@preset[+option=value…]`, e.g. `jhm-gh-a@menqing-plus1`.

    A leading `~` prices the formula even for a situation that cannot occur (to say
    what a document's price for it follows); `moma-seat:N` counts the code tiles of
    seat N (0 = dealer).
    """
    code, _, preset_spec = spec.partition("@")
    preset_id, *overrides = preset_spec.split("+") if preset_spec else [DEFAULT]
    preset = preset_named(preset_id, f"the code {spec!r}").with_options(dict(o.split("=") for o in overrides))
    if code.startswith("moma-seat:"):
        seat = int(code.split(":")[1])
        return Priced(hit_copies(seat), f"{SEATS_FROM_DEALER[seat]}的码牌 {len(tiles_for(seat))} 种×4 张", "")
    if code.startswith("~"):
        settlement = price_unchecked(parse_code(code[1:]), preset)
        return Priced(settlement.total, settlement.formula, "")
    try:
        settlement = price(parse_code(code), preset)
    except RuleError as exc:
        return Priced(None, "", exc.cite_zh())
    return Priced(settlement.total, settlement.formula, "")
