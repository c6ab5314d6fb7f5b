"""字牌: every amount of document 003 checked through the rules core; findings; readings.

Each extracted example (data/examples/examples.csv, game zipai) says through
its `quantity` and `pattern` (data/examples/context.toml) what it prices: a
group's 胡息, a 名堂's 倍数 or flat 胡, an extra's 分, a threshold, or a worked
example. A check recomputes that value through the core, under the default
readings and under every other option of every reading, so each row says which
readings reproduce the document. Findings come from data/zipai/findings.toml,
with their quotes mapped back to the original characters.
"""
from __future__ import annotations

import itertools
from collections.abc import Callable
from dataclasses import dataclass

from rules.errors import RuleError
from rules.zipai.cards import Card, Size
from rules import registry
from rules.options import values_by_key, values_of
from rules.zipai.options import Options
from rules.zipai.rule_set import RuleSet
from rules.zipai.groups import make
from rules.zipai.model import GroupKind
from rules.zipai.loader import default_rule_set, readings_data, rules_data
from rules.zipai.scoring import (Circumstances, GangEvent, HandFacts, HandValue, Situation, Term, colour_class,
                                  combine, gang_payments, hand_value, price, red_extra, relation, share)
from rules.zipai.model import Bao, GangKind, Seat, Win

from ..examples import Example, extract
from ..findings import CheckRow, Constant, Finding, Hooks, build_findings, finding_for, quote_text
from ..structure import article

# The 特殊爆牌 example as a real hand: C holds 23胡 and one 归 (伍 four times, not a 拢),
# nothing else; A (上家) discards to C, B (下家) has declared 爆牌. The fourth 伍 is the
# card A discards (破招胡): four alike cannot be held concealed before the win.
TESHU_HAND = {"hand": "伍伍伍肆伍陆壹贰叁贰柒拾七八九", "win_card": "伍",
              "shown": [{"kind": "碰", "cards": "三三三"}, {"kind": "碰", "cards": "四四四"}]}
TESHU = {**TESHU_HAND, "win": "点炮", "from": "上家", "bao": {"下家": "爆"}}
# 胡息计算's worked example: 胡数 21, 倍数 4.
HUXI_EXAMPLE = (21, 4)


def original(row_id: str, text: str, file: str = "zipai/rules.toml") -> str:
    """The same words in the original file's characters (the clean text folds look-alikes 1:1);
    `file` is the data file that quotes them, named if they are not in the row."""
    return quote_text("zipai", {"row": row_id, "text": text}, file, row_id)


def line_of(row_id: str) -> str:
    nums = article("zipai").by_id()[row_id].sources["003"]
    return "003:" + "+".join(str(n) for n in nums) if nums else "003:（补）"


# ---------------------------------------------------------------------------
# Checks: what each kind of amount means, recomputed through the core

@dataclass(frozen=True)
class Check:
    """A statement of the document as a function of the rules in force."""

    situation: str
    value: Callable[[RuleSet], int | str]
    formula: Callable[[RuleSet], str]
    rules: Callable[[RuleSet], list[str]]


def _facts(huxi: int = 20, red: int = 2, lielie: bool = False, gui: int = 0) -> HandFacts:
    return HandFacts(huxi, red, red, lielie, gui, 0)


def _red(rule_set: RuleSet) -> int:
    """A red count that is 红胡 under every reading: two above ten."""
    return rule_set.constants.mingtang.honghu_over.value + 2


ZIMO = Circumstances(Win.ZIMO)


def _name_probe(name: str, rule_set: RuleSet) -> tuple[HandFacts, Circumstances, Seat]:
    """A situation in which the 名堂 `name` holds, and the payer whose share shows it."""
    bang = rule_set.constants.mingtang.banghu_at.value
    red = _red(rule_set)
    one = rule_set.constants.mingtang.yikezhu_red.value
    facts = {
        "天胡": _facts(), "列列胡": _facts(lielie=True), "黑胡": _facts(red=0), "红胡": _facts(red=red),
        "黑列列": _facts(red=0, lielie=True), "红列列": _facts(red=red, lielie=True), "棒胡": _facts(huxi=bang),
        "一颗珠": _facts(red=one), "一珠棒": _facts(huxi=bang, red=one), "一珠列": _facts(red=one, lielie=True),
        "红棒": _facts(huxi=bang, red=red), "黑棒": _facts(huxi=bang, red=0), "爆牌": _facts(), "红爆": _facts(red=red),
        "黑爆": _facts(red=0), "头块": _facts(), "海底爆": _facts(), "杀爆": _facts(), "海底捞": _facts(),
        "归": _facts(gui=1), "自摸": _facts(),
    }[name]
    c = {
        "天胡": Circumstances(Win.OPENING, dealer=True), "爆牌": Circumstances(Win.ZIMO, bao_winner=Bao.BAO),
        "红爆": Circumstances(Win.ZIMO, bao_winner=Bao.BAO), "黑爆": Circumstances(Win.ZIMO, bao_winner=Bao.BAO),
        "头块": Circumstances(Win.ZIMO, bao_winner=Bao.BAO, toukuai=True),
        "海底爆": Circumstances(Win.ZIMO, bao_winner=Bao.BAO, haidi=True),
        "杀爆": Circumstances(Win.ZIMO, bao_shang=Bao.BAO), "海底捞": Circumstances(Win.ZIMO, haidi=True),
    }.get(name, ZIMO)
    return facts, c, Seat.SHANG


def _declared(c: Circumstances) -> Circumstances:
    return Circumstances(c.win, c.from_seat, Bao.HONGBAO, c.bao_shang, c.bao_xia, c.haidi, c.toukuai, c.dealer)


def _value(hv: HandValue, rule_set: RuleSet) -> int:
    """The 胡 a hand counts as before 额外倍数: 胡数 (or a 名堂's flat 胡) × 名堂倍数 (＋100胡)."""
    return hv.base.value * combine(hv.mults, rule_set) + (hv.addend.value if hv.addend else 0)


def name_check(example: Example) -> Check:
    """A 名堂 row: its 倍数, flat 胡, added 胡, 分 per unit, or threshold."""
    name = example.pattern[0]
    declared = "申请" in example.note
    quantity = example.quantity

    def situation(rule_set: RuleSet):
        facts, c, payer = _name_probe(name, rule_set)
        if declared:
            c = _declared(c)
        return facts, c, payer, hand_value(facts, c, rule_set)

    def value(rule_set: RuleSet) -> int:
        facts, c, payer, hv = situation(rule_set)
        if quantity == "multiplier":
            if name in ("爆牌", "红爆", "海底爆", "杀爆"):
                term = next(t for t in relation(hv, c, payer, rule_set) if t.label == name)
                return term.value
            return combine(hv.mults, rule_set)
        if quantity == "huzi":
            factor = hv.winner_factor.value if name == "黑爆" and hv.winner_factor else 1
            return _value(hv, rule_set) * factor
        if quantity == "plus":
            term = hv.huzi_add if name == "头块" else hv.addend
            return term.value if term else 0
        if quantity == "points":
            if name in ("红胡", "红列列"):  # 分 per red card beyond the count
                return next(t for t in hv.extras if t.label.startswith("红字")).value // red_extra(facts, rule_set)
            return next(t for t in hv.extras if t.label.startswith(name)).value
        return _threshold(name, rule_set)

    def formula(rule_set: RuleSet) -> str:
        _, c, payer, hv = situation(rule_set)
        if quantity == "threshold":
            return f"{name}的界限：{_threshold(name, rule_set)}"
        s = share(hv, relation(hv, c, payer, rule_set), payer, rule_set)
        return f"{name}（{'、'.join(hv.names)}）：{s.formula}"

    def rules(rule_set: RuleSet) -> list[str]:
        _, c, payer, hv = situation(rule_set)
        if quantity == "threshold":
            return [example.row_id]
        return list(share(hv, relation(hv, c, payer, rule_set), payer, rule_set).rules)

    return Check(f"{name}{'（申请红爆）' if declared else ''}的{QUANTITY_ZH[quantity]}", value, formula, rules)


QUANTITY_ZH = {"multiplier": "倍数", "huzi": "胡数", "plus": "所加胡数", "points": "每项所加分数", "threshold": "界限"}


def _threshold(name: str, rule_set: RuleSet) -> int:
    """Where a 名堂 starts, found by trying the core on hands one step apart."""
    low = rule_set.constants.min_huxi.value
    if name == "黑胡":  # 大于 N 胡: the last 胡数 that is not yet 黑胡
        first = next(h for h in range(low, low + 20)
                     if "黑胡" in hand_value(_facts(huxi=h, red=0), ZIMO, rule_set).names)
        return first - 1
    if name == "棒胡":  # exactly N 胡
        return next(h for h in range(low, low + 20) if "棒胡" in hand_value(_facts(huxi=h), ZIMO, rule_set).names)
    if name == "红胡":  # 超过 N 个: the last count that is not yet 红胡
        first = next(r for r in range(2, 30) if colour_class(_facts(red=r), rule_set) == "红")
        return first - 1
    if name == "一颗珠":  # exactly N red cards
        return next(r for r in range(30) if colour_class(_facts(red=r), rule_set) == "一颗珠")
    if name == "红爆":  # red cards needed to apply for 红爆
        for r in range(30):
            try:
                price(Situation(_facts(red=r), Circumstances(Win.ZIMO, bao_winner=Bao.HONGBAO)), rule_set)
                return r
            except RuleError:
                continue
    raise ValueError(f"no threshold for {name}")


def group_check(example: Example) -> Check:
    """A cell of the 胡息 table: the group's 胡息 from the core."""
    kind, colour, size = example.pattern
    big = size == "大字"

    def group(rule_set: RuleSet):
        deck = rule_set.constants.deck
        if kind in ("一二三", "二七十"):
            numbers = (1, 2, 3) if kind == "一二三" else (2, 7, 10)
            cards = tuple(Card.of(Size.BIG if big else Size.SMALL, n) for n in numbers)
        else:
            number = next(n for n in range(1, 11) if (n in deck.red_numbers) == (colour == "红牌"))
            cards = (Card.of(Size.BIG if big else Size.SMALL, number),) * (4 if kind in ("招", "拢") else 3)
        return make(GroupKind(kind), cards, rule_set.constants)

    return Check(
        f"{colour}{kind}（{size}）的胡息",
        lambda rule_set: group(rule_set).huxi,
        lambda rule_set: f"{rule_set.constants.deck.text(group(rule_set).cards)}：{group(rule_set).huxi}胡",
        lambda rule_set: [group(rule_set).rule],
    )


def huxi_example_check(example: Example) -> Check:
    """胡息计算: 胡数×倍数, before (raw) and after (rounded) 向上取整."""
    huzi, times = HUXI_EXAMPLE

    def priced(rule_set: RuleSet):
        hv = HandValue((), Term("胡数", huzi, ""), (Term("倍数", times, ""),), None, (), None, None)
        return share(hv, (), Seat.SHANG, rule_set)

    def value(rule_set: RuleSet) -> int:
        s = priced(rule_set)
        return s.raw if example.quantity == "raw" else s.amount

    return Check(f"胡数{huzi}、倍数{times}：{'取整前' if example.quantity == 'raw' else '向上取整后'}", value,
                 lambda rule_set: priced(rule_set).formula, lambda rule_set: list(priced(rule_set).rules))


def teshu_check(example: Example) -> Check:
    """特殊爆牌: the worked example as a real hand through the command-line path."""
    def result(rule_set: RuleSet) -> dict:
        return _score(TESHU, rule_set)

    def value(rule_set: RuleSet) -> int | str:
        out = result(rule_set)
        if example.quantity == "huxi":
            return out["huxi"] if out["gui"] == 1 else f"{out['huxi']}（归{out['gui']}）"
        amounts = sorted({p["amount"] for p in out["payments"]})
        payers = {p["payer"] for p in out["payments"]}
        if len(amounts) == 1 and payers == {Seat.SHANG.value, Seat.XIA.value}:
            return amounts[0]
        return "、".join(f"{p['payer']}{p['amount']}" for p in out["payments"])

    situation = (f"C的手牌（例：{TESHU_HAND['hand']}，碰三三三、碰四四四，胡上家打的伍）的胡数和归"
                 if example.quantity == "huxi" else "A（上家）不爆、点炮给不爆的C，B（下家）爆牌：A、B各付")
    return Check(situation, value, lambda rule_set: result(rule_set)["formula"],
                 lambda rule_set: result(rule_set)["rules"])


def gang_check(example: Example) -> Check:
    """来点儿: what each payer pays for a 垅, a 点招 or a 自招."""
    kinds = {"垅": (GangKind.LONG,), "点招": (GangKind.DIANZHAO,), "自招": (GangKind.ZIZHAO,),
             "招": (GangKind.DIANZHAO, GangKind.ZIZHAO)}[example.method]

    def paid(rule_set: RuleSet) -> list:
        out = []
        for kind in kinds:
            source = Seat.SHANG if kind is GangKind.DIANZHAO else None
            out.append(gang_payments((GangEvent(kind, Seat.WINNER, source),), rule_set))
        return out

    def value(rule_set: RuleSet) -> int | str:
        amounts = {p.amount for payments, _ in paid(rule_set) for p in payments}
        return amounts.pop() if len(amounts) == 1 else "、".join(str(a) for a in sorted(amounts))

    def formula(rule_set: RuleSet) -> str:
        return "；".join(f"{kind.value}：" + "，".join(f"{p.payer}付{p.amount}" for p in payments)
                        for kind, (payments, _) in zip(kinds, paid(rule_set), strict=True))

    return Check(f"{example.method}的杠分（每位付款者）", value, formula,
                 lambda rule_set: [r for _, rules in paid(rule_set) for r in rules])


def check_of(example: Example) -> Check:
    if example.quantity == "group_huxi":
        return group_check(example)
    if example.quantity in ("raw", "rounded"):
        return huxi_example_check(example)
    if example.row_id.startswith("zp-2-teshu"):
        return teshu_check(example)
    if example.pattern == ["来点儿"]:
        return gang_check(example)
    return name_check(example)


# ---------------------------------------------------------------------------
# Which readings reproduce a value

def _safe(fn: Callable[[RuleSet], int | str], rule_set: RuleSet) -> str:
    try:
        return str(fn(rule_set))
    except RuleError as exc:
        return f"（不成立：{exc.one_line()}）"


def reproducing(fn: Callable[[RuleSet], int | str], stated: int, rule_set: RuleSet) -> tuple[str, list[str]]:
    """The readings this value depends on, each with its options that give `stated`."""
    base = _safe(fn, rule_set)
    parts, matters = [], []
    for rid, options in values_of(Options).items():
        values = {option: _safe(fn, rule_set.with_options({rid: option})) for option in options}
        if len(set(values.values())) > 1:
            matters.append(rid)
            good = [option for option, value in values.items() if value == str(stated)]
            parts.append(f"{rid}=" + ("|".join(good) if good else "（无）"))
    if not parts:
        return ("所有读法" if base == str(stated) else "（无）"), []
    return " ".join(parts), matters


# ---------------------------------------------------------------------------
# Cross-check rows and findings

def crosscheck() -> list[CheckRow]:
    """A verdict for every amount extracted from document 003."""
    rule_set = default_rule_set()
    rows = []
    for example in extract("zipai"):
        check = check_of(example)
        engine = _safe(check.value, rule_set)
        readings, _ = reproducing(check.value, example.stated, rule_set)
        finding = finding_for("zipai", example.id, example.row_id)
        if engine == str(example.stated):
            if finding and finding["kind"] == "contradiction":
                verdict = "contradicts_rules"
                reason = f"核心按本行所列得{engine}，与原文另一处规则不合：{finding['title']}"
            else:
                verdict, reason = "matches", "与规则一致"
                if finding:
                    reason += f"；另见：{finding['title']}"
        else:
            verdict = "contradicts_rules"
            reason = f"默认读法下核心得{engine}，原文写{example.stated}" + (f"：{finding['title']}" if finding else "")
        rows.append(CheckRow(
            example_id=example.id, game="zipai", doc=example.doc, line=example.line, row_id=example.row_id,
            quote=example.quote, situation=check.situation, stated=example.stated, engine=engine, verdict=verdict,
            reason=reason, formula=_safe(check.formula, rule_set),
            rule_ids=" ".join(dict.fromkeys(check.rules(rule_set))),
            readings=readings, finding_id=finding["id"] if finding else "",
        ))
    return rows


def _score(request: dict, rule_set: RuleSet) -> dict:
    """A request scored through the game (`caipan score`) under the readings of `rule_set`, those the
    request names on top."""
    changed = {rid: value for rid, value in values_by_key(rule_set.options).items() if rid in rule_set.changed()}
    return registry.game("zipai").score({**request, "readings": {**changed, **request.get("readings", {})}})


def _reading(rid: str) -> dict:
    return next(r for r in readings_data()["reading"] if r["id"] == rid)


def probe(rid: str, option: str, rule_set: RuleSet | None = None) -> dict:
    """The reading's probe situation priced under one option."""
    rule_set = rule_set or default_rule_set()
    request = dict(_reading(rid)["probe"])
    request["readings"] = {**request.get("readings", {}), rid: option}
    try:
        out = _score(request, rule_set)
    except RuleError as exc:
        return {"error": exc.one_line()}
    return {"total": out["total"], "huxi": out["huxi"], "mingtang": out["mingtang"], "net": out["net"],
            "formula": out["formula"]}


def _probe_text(result: dict) -> str:
    if "error" in result:
        return f"不成立（{result['error']}）"
    net = "，".join(f"{seat}{amount:+d}" for seat, amount in result["net"].items())
    return f"{result['huxi']}胡，胡牌者共得{result['total']}（{net}）；{result['formula']}"


def alternatives_of(rid: str) -> str:
    entry = _reading(rid)
    lines = [f"{o['label']}{'（默认）' if o['id'] == entry['default'] else ''}："
             f"{o['says']}例：{_probe_text(probe(rid, o['id']))}" for o in entry["option"]]
    return f"读法 {rid}（{entry['name']}）。" + "｜".join(lines)


def _option(rid: str) -> tuple[str, list[str]]:
    """A reading's options priced on its probe, and the lines it rests on."""
    return alternatives_of(rid), [s["id"] for s in _reading(rid)["source"]]


HOOKS = Hooks("zipai", cite=lambda row: [line_of(row.id)], option=_option)


def findings(rows: list[CheckRow] | None = None) -> list[Finding]:
    """The findings of document 003, from its cross-check rows (computed when not given)."""
    return build_findings(HOOKS, crosscheck() if rows is None else rows)


def constants() -> list[Constant]:
    """Every number of data/zipai/rules.toml with its rule lines, for the gate to name a broken one."""
    data, out = rules_data(), []
    for section in ("deck", "hand", "mingtang", "settlement", "gang"):
        for key, entry in data[section].items():
            if isinstance(entry, dict) and "value" in entry:
                also = entry.get("also", [])
                rules = (entry["rule"], *([also] if isinstance(also, str) else also))
                out.append(Constant("zipai/rules.toml", f"{section}.{key}", entry["value"], rules,
                                    entry.get("quote", "")))
    for row in data["huxi"]:
        for size in ("big", "small"):
            cell = row[size]
            out.append(Constant("zipai/rules.toml", f"huxi[{row['kind']}{row['colour']}].{size}", cell["value"],
                                (cell["rule"],), cell.get("quote", "")))
    return out


# ---------------------------------------------------------------------------
# The readings, with their probes and the worked examples' reproduction

def example_grid(fn: Callable[[RuleSet], int | str], stated: int, readings: list[str]) -> dict:
    """Every combination of the options of `readings`: its value and whether it gives `stated`."""
    rule_set = default_rule_set()
    combos = []
    options = [values_of(Options)[rid] for rid in readings]
    for choice in itertools.product(*options):
        chosen = dict(zip(readings, choice, strict=True))
        value = _safe(fn, rule_set.with_options(chosen))
        combos.append({"readings": chosen, "value": value, "reproduces": value == str(stated)})
    return {"readings": readings, "combinations": combos,
            "reproducing": [c["readings"] for c in combos if c["reproduces"]]}


# The readings each worked example is discussed under (the issue names them), beyond those the core finds.
EXAMPLE_READINGS = {
    "zp-2-huxi-e1-d003-2": ["zp-r-rounding", "zp-r-extras-order", "zp-r-combine"],
    "zp-2-teshu-e1-d003-2": ["zp-r-dianpao", "zp-r-combine", "zp-r-extras-order", "zp-r-rounding", "zp-r-teshu"],
}


def readings_report() -> dict:
    rule_set = default_rule_set()
    examples = {e.id: e for e in extract("zipai")}
    out_examples = []
    for eid, named in EXAMPLE_READINGS.items():
        example = examples[eid]
        check = check_of(example)
        _, found = reproducing(check.value, example.stated, rule_set)
        readings = list(dict.fromkeys(named + found))
        out_examples.append({
            "id": eid, "row_id": example.row_id, "line": example.line, "quote": example.quote,
            "amount": example.amount_text, "stated": example.stated, "situation": check.situation,
            "default_value": _safe(check.value, rule_set), **example_grid(check.value, example.stated, readings),
        })
    readings = []
    for entry in readings_data()["reading"]:
        rid = entry["id"]
        options = []
        for o in entry["option"]:
            options.append({**o, "default": o["id"] == entry["default"], "probe": probe(rid, o["id"])})
        results = {str({k: v for k, v in o["probe"].items() if k != "formula"}) for o in options}
        readings.append({
            "id": rid, "name": entry["name"], "question": entry["question"], "default": entry["default"],
            "why": entry["why"],
            "sources": [{"id": s["id"], "line": line_of(s["id"]), "quote": s["quote"],
                         "original": original(s["id"], s["quote"], "zipai/readings.toml")} for s in entry["source"]],
            "options": options, "probe_request": entry["probe"],
            "changes_probe": len(results) > 1,
            "reproduces_examples": [x["id"] for x in out_examples if rid in x["readings"]],
        })
    return {"game": "zipai", "title": "字牌的读法", "default_set": "默认读法", "readings": readings,
            "examples": out_examples}
