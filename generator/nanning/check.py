"""Every Nanning worked example checked against the rules core, and the findings.

Each example (data/examples/examples.csv) is turned into the situation it
prices, priced under the default preset (or under the reading it states), and
given one verdict: matches, the document's own arithmetic is wrong, the number
contradicts the document's rules, the two copies disagree, it prices a
situation that cannot occur, or it cannot be checked (with the reason).
"""
from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass
from functools import cache

from rules.nanning.codes import SEATS_FROM_DEALER, hit_copies
from rules.nanning.feasibility import check
from rules.nanning.model import HandType, KongKind, Win, Seat, Shape, Situation
from rules.nanning.options import MenqingRule
from rules.nanning.rule_set import DEFAULT, RuleSet, presets
from rules.nanning.payouts import parse_code, situation_code
from rules.nanning.scoring import price, price_unchecked
from rules.ledger import Settlement

from ..examples import Example, extract
from ..findings import CheckRow, Constant, Finding, Hooks, build_findings, finding_for
from .tables import preset_named, priced

METHODS = {m.value: m for m in Win}
METHODS["大炮"] = Win.QUANQIUPAO  # the plain 大炮 scale: one player pays for all three, no chain
PAYER_SEAT = {"三家": Seat.NEXT, "被封胡者": Seat.ACROSS, "放炮者": Seat.PREV}


@dataclass(frozen=True)
class Engine:
    """What the rules core says for one example."""

    value: int | None
    formula: str
    rules: tuple[str, ...]
    code: str
    infeasible: str = ""  # the reason, when the situation cannot occur
    hypothetical: int | None = None  # what the rules would give if it could


def code_of(example: Example) -> str:
    """The situation code an example prices (its explicit `code`, or one built from its fields)."""
    if example.code:
        return example.code
    if example.method not in METHODS or not example.pattern:
        return ""
    shape = next((Shape(p) for p in example.pattern if p in {s.value for s in Shape}), Shape.JIHU)
    hand = HandType(shape, "门清" in example.pattern or shape.pairs, "清一色" in example.pattern,
                    "全求人" in example.pattern)
    kind = KongKind(example.chain) if example.chain else KongKind.MING
    chain = (kind,) * example.kongs
    return situation_code(Situation(hand, METHODS[example.method], chain))


def _constant(key: str, preset: RuleSet) -> Engine:
    c = preset.constants[key]
    if key == "menqing_unit" and preset.options.menqing_rule is MenqingRule.PLUS1:
        z = preset.constants["zimo_unit"]
        return Engine(z.value + 1, f"自摸基数 {z.value} ＋1（门清）",
                      z.rules + preset.option_specs["menqing_rule"].rules, f"const:{key}")
    return Engine(c.value, f"{c.quote}（{key}）", c.rules, f"const:{key}")


def engine(example: Example, preset_override: str | None = None) -> Engine | str:
    """The rules core's value for an example, or why it cannot be checked."""
    code = code_of(example)
    if not code:
        return "原文没有说清它对应的情形"
    spec, _, preset_id = code.partition("@")
    preset = preset_named(preset_override or preset_id or DEFAULT, f"data/examples/context.toml (code {code!r})")
    if spec.startswith("const:"):
        return _constant(spec.split(":")[1], preset)
    if spec.startswith("moma-seat:"):
        seat = int(spec.split(":")[1])
        return Engine(hit_copies(seat),
                      f"{SEATS_FROM_DEALER[seat]}的码牌共 {hit_copies(seat)} 张（万、条、筒各有这些点数，再加字牌）",
                      ("nn-22-ma-e1", "nn-22-yu-d1"), spec)
    s = parse_code(spec)
    reason = check(s, preset)
    if reason is not None:
        return Engine(None, "", (reason.rule,), code, reason.cite_zh(), _quantity(example, price_unchecked(s, preset)))
    settlement = price(s, preset)
    return Engine(_quantity(example, settlement), settlement.formula, settlement.rules, code)


def _quantity(example: Example, settlement: Settlement) -> int:
    if example.quantity == "per_payer":
        seat = PAYER_SEAT.get(example.payer, Seat.NEXT)
        return sum(p.amount for p in settlement.payments if p.payer is seat and p.payee is Seat.SELF)
    return settlement.total


def reproducing_presets(example: Example) -> list[str]:
    """The presets under which the stated amount comes out."""
    out = []
    for preset_id in presets():
        result = engine(example, preset_override=preset_id)
        if isinstance(result, Engine) and result.value == example.stated:
            out.append(preset_id)
    return out


def _stated_by_copy(examples: list[Example]) -> dict[tuple[str, int], dict[str, int]]:
    """For each (row id, amount number): the amount each copy states."""
    out: dict[tuple[str, int], dict[str, int]] = defaultdict(dict)
    for e in examples:
        index = int(e.id.rsplit("-", 1)[1])
        out[(e.row_id, index)][e.doc] = e.stated
    return out


def _situation_words(example: Example) -> str:
    parts = ["+".join(example.pattern), example.method]
    if example.kongs:
        parts.append(f"{example.chain or '杠'}×{example.kongs}")
    if example.payer:
        parts.append(f"{example.payer}付")
    if example.quantity != "total":
        parts.append({"per_payer": "每家", "base": "基数", "multiplier": "倍数", "tiles": "张数"}.get(
            example.quantity, example.quantity))
    if example.table_rule:
        parts.append(example.table_rule)
    return " ".join(p for p in parts if p)


@cache
def crosscheck_rows() -> tuple[CheckRow, ...]:
    examples = extract("nanning")
    by_copy = _stated_by_copy(examples)
    out = []
    for e in examples:
        result = engine(e)
        arithmetic_ok = not e.arithmetic or e.evaluates_to == str(e.stated)
        index = int(e.id.rsplit("-", 1)[1])
        others = {d: v for d, v in by_copy[(e.row_id, index)].items() if d != e.doc}
        finding = finding_for("nanning", e.id, e.row_id) or {}
        common = {"example_id": e.id, "game": "nanning", "doc": e.doc, "line": e.line, "row_id": e.row_id,
                  "quote": e.quote, "situation": _situation_words(e), "stated": e.stated,
                  "finding_id": finding.get("id", "")}
        if isinstance(result, str):
            out.append(CheckRow(**common, engine="", verdict="uncheckable", reason=result))
            continue
        readings = " ".join(reproducing_presets(e)) if result.value is not None else ""
        base = dict(common, formula=result.formula, rule_ids=" ".join(result.rules), readings=readings)
        if result.infeasible:
            hypo = f"；若能出现，按规则是 {result.hypothetical}" if result.hypothetical is not None else ""
            out.append(CheckRow(**base, engine="", verdict="infeasible", reason=result.infeasible + hypo))
        elif not arithmetic_ok:
            out.append(CheckRow(**base, engine=str(result.value), verdict="arithmetic_wrong",
                                reason=f"{e.amount_text}：算式 {e.arithmetic} 得 {e.evaluates_to}，不是 {e.stated}"))
        elif result.value == e.stated:
            out.append(CheckRow(**base, engine=str(result.value), verdict="matches", reason="与规则一致"))
        elif others and all(v != e.stated for v in others.values()) and result.value in others.values():
            copy = "、".join(f"{d} 作 {v}" for d, v in others.items())
            out.append(CheckRow(**base, engine=str(result.value), verdict="copies_disagree",
                                reason=f"另一份抄本（{copy}）与规则一致"))
        else:
            out.append(CheckRow(**base, engine=str(result.value), verdict="contradicts_rules",
                                reason=f"原文其他地方的规则给出 {result.value}，不是 {e.stated}"))
    return tuple(out)


# ---- findings ----------------------------------------------------------------

def _option(key: str) -> tuple[str, list[str]]:
    """A preset option: the texts say its alternatives themselves; it must exist."""
    specs = presets()[DEFAULT].option_specs
    if key not in specs:
        raise KeyError(f"data/nanning/presets.toml has no option {key}; options: {', '.join(specs)}")
    return "", []


HOOKS = Hooks("nanning", cite=lambda row: [f"{doc}:{n}" for doc, numbers in row.sources.items() for n in numbers],
              price=priced, option=_option)


@cache
def findings() -> tuple[Finding, ...]:
    return tuple(build_findings(HOOKS, crosscheck_rows()))


def constants() -> list[Constant]:
    """The default preset's constants, for the gate to name the one that breaks the cross-check."""
    return [Constant("nanning/presets.toml", f"constants.{key}", c.value, c.rules, c.quote)
            for key, c in presets()[DEFAULT].constants.items()]
