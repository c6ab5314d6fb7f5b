"""The scoring of the billee1011 Nanning server (算分方法 = billee, preset billee-server; 不见于原文).

The server (billee1011/repository, Table_NanNing.java and its handlers, read in
tests/ports/VARIANTS.md §2) does not price as the article does. Its amount is one number from the
first matching branch of a fixed list (`getProcessScore`, Table 966-1109, kept as data in
data/nanning/billee1011.toml), times (1 + 码 hits) on a self-draw (Table 848-849), doubled once for
杠上花, 杠上炮 or 抢杠胡 whatever the chain (getFan, Table 940-964). Who pays:
- a self-draw: each of the three pays that amount; after a 明杠 or 补杠 one player pays every share
  (the kong's discarder, or the 碰's provider: Dispatch 83-87, Gang 193); under 封胡 the 封胡'd
  player pays every share and his own doubled (Table 872-873, 946-950);
- a discard: the discarder pays it; the 封胡'd player pays it again when another discards (双飞),
  or doubled when he discards (Table 912-930, 952-953).
The kongs of the chain pay 1 each to their maker (Gang 170-194); the robbed kong is never made.
The server has no 海底, 天胡, 地胡 or 人胡 prices (a plain 自摸 or 放炮), no 死双 effect, no 钓鱼.
"""
from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from functools import cache
from types import MappingProxyType

from ..data import keys, read_toml, strings, typed
from ..errors import RuleError
from ..ledger import HAND, KONG, Payment, Settlement
from .model import OTHERS, FengHu, HandType, KongKind, Seat, Shape, Situation, Win
from .rule_set import RuleSet

CONFIG = "nanning/billee1011.toml"
WHERE = f"data/{CONFIG}"
COLUMNS = ("zimo", "zimo_menqing", "fangpao", "quanqiupao")  # the branch values, by who pays and how
METHOD_COLUMNS = {"自摸": "zimo", "放炮": "fangpao", "全求炮": "quanqiupao"}
PAIRS = {Shape.QIXIAODUI: "小七对", Shape.DADUI1: "豪华七小对", Shape.DADUI2: "双七小对", Shape.DADUI3: "三七小对"}
FLAGS = ("基本胡", "全求人", "碰碰胡", "清一色", *PAIRS.values())


@dataclass(frozen=True)
class Branch:
    """One branch of `getProcessScore`: the flags it needs and its value in each column.

    Examples:
        >>> branches = table().branches
        >>> branches[0].flags, branches[0].values["fangpao"], branches[0].lines
        (frozenset({'基本胡'}), 2, 'Table 972-983')
    """

    flags: frozenset[str]
    values: Mapping[str, int]
    lines: str

    @property
    def label(self) -> str:
        """The branch's flags written together, in the order of `FLAGS`.

        Examples:
            >>> table().branches[1].label
            '全求人碰碰胡清一色'
        """
        return "".join(f for f in FLAGS if f in self.flags)


@dataclass(frozen=True)
class Method:
    """How a win method reaches `getProcessScore`: the column it reads and its doublings (getFan).

    Examples:
        >>> table().methods[Win.GANGSHANGPAO].doublings
        1
    """

    column: str
    doublings: int
    lines: str


@dataclass(frozen=True)
class Table:
    """data/nanning/billee1011.toml, read and checked: the branches in the server's order, and the methods.

    Examples:
        >>> table().methods[Win.QUANQIUPAO].column
        '全求炮'
    """

    branches: tuple[Branch, ...]
    methods: Mapping[Win, Method]


@cache
def table() -> Table:
    """The server's branch list and methods (data/nanning/billee1011.toml); a RuleError naming the key on a mistake.

    Examples:
        >>> len(table().branches), len(table().methods) == len(Win)
        (12, True)
    """
    config = keys(read_toml(CONFIG), WHERE, ["branch", "methods"])
    branches = []
    for n, b in enumerate(typed(config["branch"], list, f"{WHERE} [branch]"), start=1):
        where = f"{WHERE} [branch {n}]"
        keys(b, where, ["flags", *COLUMNS, "lines"])
        flags = strings(b["flags"], where + " flags")
        unknown = [f for f in flags if f not in FLAGS]
        if unknown:
            raise RuleError(f"{where} flags: {unknown[0]!r} is not one of {' '.join(FLAGS)}")
        values = {c: typed(b[c], int, f"{where} {c}") for c in COLUMNS}
        if any(v < 1 for v in values.values()):
            raise RuleError(f"{where}: a branch value is a positive whole number")
        branches.append(Branch(frozenset(flags), MappingProxyType(values), typed(b["lines"], str, where + " lines")))
    methods = {}
    entries = keys(config["methods"], f"{WHERE} [methods]", [w.value for w in Win])
    for name, m in entries.items():
        where = f"{WHERE} [methods.{name}]"
        keys(m, where, ["column", "lines"], ["doublings"])
        if m["column"] not in METHOD_COLUMNS:
            raise RuleError(f"{where} column: {m['column']!r} is not one of {' | '.join(METHOD_COLUMNS)}")
        doublings = typed(m.get("doublings", 0), int, where + " doublings")
        if doublings not in (0, 1):
            raise RuleError(f"{where} doublings: the server doubles a method at most once (getFan), not {doublings}")
        methods[Win(name)] = Method(m["column"], doublings, typed(m["lines"], str, where + " lines"))
    return Table(tuple(branches), MappingProxyType(methods))


def flags(hand: HandType) -> frozenset[str]:
    """The server's flags of a hand type (Table 124-209): 基本胡 when none of 七对, 清一色 and 碰碰胡.

    Examples:
        >>> sorted(flags(HandType(Shape.DADUI1, True, True)))
        ['清一色', '豪华七小对']
    """
    out = set()
    if hand.shape in PAIRS:
        out.add(PAIRS[hand.shape])
    if hand.shape is Shape.PENGPENG:
        out.add("碰碰胡")
    if hand.qingyise:
        out.add("清一色")
    if hand.quanqiuren:
        out.add("全求人")
    if not out - {"全求人"}:
        out.add("基本胡")
    return frozenset(out)


def branch(hand: HandType) -> Branch:
    """The first branch whose flags the hand has (Table 966-1109).

    Examples:
        >>> branch(HandType(Shape.DADUI2, True, True)).label
        '双七小对'
    """
    have = flags(hand)
    found = next((b for b in table().branches if b.flags <= have), None)
    if found is None:  # the data lost a branch: every hand has 基本胡 or one of the others
        raise RuleError(f"{WHERE}: no branch for a hand with {' '.join(sorted(have))}")
    return found


def price(situation: Situation, rule_set: RuleSet) -> Settlement:
    """The server's settlement of one situation, hand points and the chain's 杠分.

    Examples:
        >>> from rules.nanning.rule_set import preset
        >>> s = price(Situation(HandType(Shape.JIHU, False, False), Win.GANGSHANGPAO, (KongKind.MING,)),
        ...           preset("billee-server"))
        >>> s.hand_points, s.formula.split("；")[0]
        (4, '2（基本胡，放炮，Table 972-983）×2（杠上炮，Table 396-400, 958-959） = 4')
    """
    method = table().methods[situation.win]
    found = branch(situation.hand)
    column = METHOD_COLUMNS[method.column]
    self_drawn = column == "zimo"
    if self_drawn and situation.hand.menqing:
        column = "zimo_menqing"
    value = found.values[column]
    hits = situation.moma_hits if self_drawn else 0
    doubling = rule_set.value("doubling")
    share = value * (1 + hits) * doubling ** method.doublings
    text = f"{value}（{found.label}，{method.column}{'门清' if column == 'zimo_menqing' else ''}，{found.lines}）"
    text += f"×{1 + hits}（中{hits}颗码，Table 848-849）" if hits else ""
    text += f"×{doubling ** method.doublings}（{situation.win.value}，{method.lines}）" if method.doublings else ""
    text += f" = {share}" + ("（每家）" if self_drawn else "")
    rules = rule_set.option_specs["scoring"].rules
    steps: list[str] = []
    payments = _hand_payments(situation, share, self_drawn, doubling, rules, steps)
    payments += _kong_points(situation, rule_set)
    settlement = Settlement(Seat.SELF, tuple(payments), "", rules)
    total = f"胡家共收 {settlement.total}（胡牌 {settlement.hand_points}，杠分 {settlement.kong_points}）"
    parts = [text, *steps, total]
    return Settlement(Seat.SELF, tuple(payments), "；".join(parts), rules)


def _hand_payments(situation: Situation, share: int, self_drawn: bool, doubling: int, rules: tuple[str, ...],
                   steps: list[str]) -> list[Payment]:
    """Who pays the hand's amount (see the module docstring), each step noted in `steps`."""
    b = situation.fenghu_seat
    if not self_drawn:
        payer = b if situation.fenghu is FengHu.B_DISCARDS else situation.from_seat
        amount = share * doubling if situation.fenghu is FengHu.B_DISCARDS else share
        out = [Payment(payer, Seat.SELF, amount, HAND, "放炮者", rules)]
        if situation.fenghu is FengHu.B_DISCARDS:
            steps.append(f"被封胡者放炮：×{doubling}（getFan, Table 940-964）")
        if situation.fenghu is FengHu.OTHER_DISCARDS:
            out.append(Payment(b, Seat.SELF, share, HAND, "被封胡者（双飞）", rules))
            steps.append(f"双飞：被封胡者再付 {share}（Table 912-930）")
        return out
    if situation.fenghu is FengHu.B_PAYS_ALL:
        own = share * doubling if situation.chain[-1:] != (KongKind.MING,) else share
        steps.append("被封胡者包付三家" + ("，他自己那一份×2（Table 872-873, 946-950）" if own != share else ""))
        return [Payment(b, Seat.SELF, share * (len(OTHERS) - 1) + own, HAND, "被封胡者包付", rules)]
    if situation.win is Win.GANGSHANGHUA and situation.chain[-1] is KongKind.MING:
        steps.append("明杠/补杠杠上花：被杠者（或碰牌的提供者）包付三家（Dispatch 83-87, Gang 193）")
        return [Payment(Seat.PREV, Seat.SELF, share * len(OTHERS), HAND, "被杠者包付", rules)]
    return [Payment(seat, Seat.SELF, share, HAND, "三家之一", rules) for seat in OTHERS]


def _kong_points(situation: Situation, rule_set: RuleSet) -> list[Payment]:
    """Each kong of the chain pays 1 to its maker (Gang 170-194): an 暗杠 from every other seat, a 明杠
    from the one kong'd; the robbed kong of a 抢杠胡 is never made."""
    if situation.win not in (Win.GANGSHANGHUA, Win.GANGSHANGPAO):
        return []
    maker = Seat.SELF if situation.win is Win.GANGSHANGHUA else situation.from_seat
    point = rule_set.constants["kong_point"]
    out = []
    for kind in situation.chain:
        if kind is KongKind.AN:
            out += [Payment(seat, maker, point.value, KONG, "暗杠三家付", point.rules)
                    for seat in Seat if seat is not maker]
        else:
            victim = Seat.PREV if maker is Seat.SELF else next(s for s in (Seat.ACROSS, Seat.NEXT) if s is not maker)
            out.append(Payment(victim, maker, point.value, KONG, "被杠者", point.rules))
    return out
