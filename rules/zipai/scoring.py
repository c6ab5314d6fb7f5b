"""名堂 and settlement: (胡数×倍数，向上取整，＋额外分数)，点炮开双倍；杠分 apart.

The rule book's formula (zp-2-gongshi-r1, zp-2-huxi-e1) is priced once per
payer, because 爆 only matters between the 爆 player and the winner
(zp-2-baopai-r1): each payer's share carries the 爆 factor of his own
relationship to the winner. Everything here is pure and takes a `RuleSet`;
every place the document can be read two ways asks `rule_set.options`.
"""
from __future__ import annotations

import math
from dataclasses import dataclass, field, replace

from ..errors import RuleError
from ..ledger import HAND, KONG, Const, Payment, Settlement
from .groups import Group
from .model import OTHERS, SEATS, Bao, GangKind, Seat, Special, Win
from .options import (
    BaoStacking,
    CombinationRows,
    Combine,
    Dianpao,
    ExtrasOrder,
    GangScope,
    GuiScope,
    Haidibao,
    HaidiScope,
    Heibao,
    Heihu,
    HongbangRedExtra,
    Hongbao,
    HonghuExtra,
    HonghuThreshold,
    RedScope,
    Rounding,
    SpecialMingtang,
    Teshu,
    TianhuStacking,
    TianhuZimo,
    Toukuai,
    WallCard,
    ZimoPayers,
)
from .rule_set import RuleSet

# The 名堂 table's names in its own order: the order names are listed in.
NAME_ORDER = (
    "天胡", "列列胡", "黑胡", "红胡", "黑列列", "红列列", "棒胡", "一颗珠", "一珠棒", "一珠列", "红棒", "黑棒",
    "爆牌", "红爆", "黑爆", "头块", "海底爆", "杀爆", "海底捞", "归", "自摸", "三垅", "五坎", "一拢（坎）三坎",
)


@dataclass(frozen=True)
class HandFacts:
    """What the settlement needs to know about the winning hand.

    Examples:
        >>> from rules.zipai.loader import default_rule_set
        >>> facts = HandFacts(huxi=23, red=5, red_concealed=5, lielie=False, gui=1, fours=1)
        >>> price(Situation(facts, Circumstances(Win.ZIMO)), default_rule_set()).names
        ('归', '自摸')
    """

    huxi: int
    red: int  # red cards in the whole hand
    red_concealed: int  # red cards among the concealed ones
    lielie: bool  # every group but the pair has 胡
    gui: int  # kinds of which all four cards are in the hand
    fours: int  # 拢 and 招 groups
    complete: bool = True  # every card in a group
    special: Special | None = None


@dataclass(frozen=True)
class Circumstances:
    """How the hand was won and who stood where.

    Examples:
        >>> Circumstances(Win.DIANPAO, from_seat=Seat.SHANG).bao(Seat.SHANG).value
        '无'
    """

    win: Win
    from_seat: Seat | None = None  # who discarded (点炮) or turned the card up (墩上)
    bao_winner: Bao = Bao.NONE
    bao_shang: Bao = Bao.NONE
    bao_xia: Bao = Bao.NONE
    haidi: bool = False  # won on the last card of the wall
    toukuai: bool = False  # 爆 winner won on the first card out after 爆
    dealer: bool = False  # the winner is the dealer (庄家)

    def bao(self, seat: Seat) -> Bao:
        # Compared by identity: hashing a StrEnum runs Python code, and settle asks often.
        """The 爆牌 state of one seat.

        Examples:
            >>> Circumstances(Win.ZIMO, bao_xia=Bao.BAO).bao(Seat.XIA)
            <Bao.BAO: '爆'>
        """
        if seat is Seat.WINNER:
            return self.bao_winner
        return self.bao_shang if seat is Seat.SHANG else self.bao_xia


@dataclass(frozen=True)
class Situation:
    """What a price is of: a hand's facts, how it was won and its 杠分 events; for a row of the payout
    table, why no legal hand has these facts (`unreachable`), and for a concrete hand, the groups it
    was read into (not part of what is priced).

    Examples:
        >>> from rules.zipai.loader import default_rule_set
        >>> s = Situation(HandFacts(huxi=23, red=5, red_concealed=5, lielie=False, gui=1, fours=1),
        ...     Circumstances(Win.ZIMO))
        >>> price(s, default_rule_set()).total
        100
    """

    facts: HandFacts
    circumstances: Circumstances
    gang: tuple[GangEvent, ...] = ()
    unreachable: str = ""  # why no legal hand has these facts; "" when one does
    groups: tuple[Group, ...] = field(default=(), compare=False, repr=False)


@dataclass(frozen=True)
class Term:
    """One factor or addition of the formula: its label, value and rule line.

    Examples:
        >>> Term("自摸", 10, "zp-3-zimo-r2").value
        10
    """

    label: str
    value: int
    rule: str


@dataclass(frozen=True)
class HandValue:
    """The winner's side of the formula, the same for every payer.

    Examples:
        >>> from rules.zipai.loader import default_rule_set
        >>> value = hand_value(HandFacts(huxi=23, red=5, red_concealed=5, lielie=False, gui=1, fours=1),
        ...     Circumstances(Win.ZIMO), default_rule_set())
        >>> value.base, [t.label for t in value.extras]
        (Term(label='胡数', value=23, rule=''), ['归', '自摸'])
    """

    names: tuple[str, ...]
    base: Term  # 胡数, or the flat 胡 a 名堂 puts in its place
    mults: tuple[Term, ...]  # 名堂 倍数
    addend: Term | None  # 黑列列's 额外加100胡
    extras: tuple[Term, ...]  # 额外分数, added to each share
    winner_factor: Term | None  # the winner's 爆 factor (爆牌, 红爆, 海底爆)
    huzi_add: Term | None  # 头块 +10胡

    @property
    def huzi(self) -> int:
        """胡数 after 名堂 (and 头块), before 倍数: what every share multiplies.

        Examples:
            >>> HandValue((), Term("胡数", 30, ""), (), None, (), None, Term("头块", 10, "zp-3-toukuai-r2")).huzi
            40
        """
        return self.base.value + (self.huzi_add.value if self.huzi_add else 0)


@dataclass(frozen=True)
class Share:
    """One payer's amount for the win and how it was reached.

    Examples:
        >>> from rules.zipai.loader import default_rule_set
        >>> facts = HandFacts(huxi=23, red=5, red_concealed=5, lielie=False, gui=1, fours=1)
        >>> value = hand_value(facts, Circumstances(Win.DIANPAO, from_seat=Seat.SHANG), default_rule_set())
        >>> share(value, (), Seat.SHANG, default_rule_set(), times=2).formula
        '(23→30＋归10=40)×2=80'
    """

    payer: Seat
    amount: int
    formula: str
    rules: tuple[str, ...]
    raw: int  # 胡数×倍数 before 向上取整


def _term(label: str, const: Const, value: int | None = None) -> Term:
    return Term(label, const.value if value is None else value, const.rule)


# ---------------------------------------------------------------------------
# Checks on the situation (contradictory states are refused, with the rule)

def check(facts: HandFacts, c: Circumstances, rule_set: RuleSet) -> None:
    """Refuse situations the rules rule out; the message names the rule.

    Examples:
        >>> from rules.zipai.loader import default_rule_set
        >>> check(HandFacts(huxi=5, red=5, red_concealed=5, lielie=False, gui=0, fours=0), Circumstances(Win.ZIMO),
        ...     default_rule_set())
        Traceback (most recent call last):
        ...
        rules.errors.RuleError: 5胡 is below the minimum of 10胡 to win (不见于原文)
    """
    check_situation(c, rule_set)
    if c.win is Win.OPENING:
        if facts.special is None and not c.dealer:
            raise RuleError("only the dealer wins a complete hand at the opening (天胡); others need "
                            "三垅, 五坎 or 一拢（坎）三坎", rule="zp-3-tianhu-r1")
    elif facts.special in (Special.SANLONG, Special.WUKAN):
        raise RuleError(f"{facts.special.value} is an opening-hand win (起手)", rule="zp-3-sanlong-r1")
    check_red(facts.red, c, rule_set)
    if below_minimum(facts, rule_set):
        raise RuleError(f"{facts.huxi}胡 is below the minimum of {rule_set.constants.min_huxi.value}胡 to win "
                        "(不见于原文)", rule=rule_set.constants.min_huxi.rule)


def check_situation(c: Circumstances, rule_set: RuleSet) -> None:
    """The part of `check` that asks nothing of the hand: who the card came from, 头块, 海底, 爆 at the
    opening (听牌 checks it before any card is tried).

    Examples:
        >>> from rules.zipai.loader import default_rule_set
        >>> check_situation(Circumstances(Win.ZIMO, toukuai=True), default_rule_set())
        Traceback (most recent call last):
        ...
        rules.errors.RuleError: 头块 is a win after 爆牌, but the winner is not 爆
    """
    r = rule_set.options
    if c.win in (Win.DIANPAO, Win.WALL):
        if c.from_seat not in OTHERS:
            raise RuleError(f"{c.win.value} needs `from`: 上家 or 下家 (who discarded or turned the card up)")
    elif c.from_seat is not None:
        raise RuleError(f"`from` only goes with 点炮 or 胡别人从墩上的牌, not {c.win.value}")
    if c.toukuai and c.bao_winner is Bao.NONE:
        raise RuleError("头块 is a win after 爆牌, but the winner is not 爆", rule="zp-3-toukuai-r1")
    if c.toukuai and c.haidi:
        raise RuleError("头块 (the first card after 爆) cannot also be 海底 (the last card of the wall)",
                        rule="zp-3-toukuai-r1")
    if c.haidi and c.win is Win.DIANPAO and r.haidi_scope is HaidiScope.WALL_CARD:
        raise RuleError("海底 is the last card taken from the wall, so it cannot be won by 点炮 "
                        "(reading zp-r-haidi-scope=wall_card)", rule="zp-3-haidilao-r1")
    if c.win is Win.OPENING:
        if any(c.bao(s) is not Bao.NONE for s in SEATS):
            raise RuleError("nobody can be 爆 at an opening-hand win: 爆牌 comes after the dealer's first discard",
                            rule="zp-1-baopai-r1")
        if c.haidi:
            raise RuleError("an opening-hand win cannot be 海底", rule="zp-3-haidilao-r1")


def check_red(red: int, c: Circumstances, rule_set: RuleSet, most: bool = False) -> None:
    """红爆 is applied for with ten red cards dealt: a winning hand with fewer cannot be 红爆.
    `most`: `red` is the most the winning hand can hold (听牌: the cards held and one red card more).

    Examples:
        >>> from rules.zipai.loader import default_rule_set
        >>> check_red(9, Circumstances(Win.ZIMO, bao_winner=Bao.HONGBAO), default_rule_set(), most=True)
        Traceback (most recent call last):
        ...
        rules.errors.RuleError: 红爆 is applied for with 10 red cards dealt, but the winning hand has at most 9
    """
    declare = rule_set.constants.mingtang.hongbao_declare_red.value
    if c.bao_winner is Bao.HONGBAO and red < declare:
        raise RuleError(f"红爆 is applied for with {declare} red cards dealt, "
                        f"but the winning hand has {'at most' if most else 'only'} {red}", rule="zp-3-hongbao-r3")


def below_minimum(facts: HandFacts, rule_set: RuleSet) -> bool:
    """A complete regular hand below the minimum 胡息 (ext-zp-min): `check` refuses it whatever
    the situation, so a caller weighing several readings can pass it by.

    Examples:
        >>> from rules.zipai.loader import default_rule_set
        >>> below_minimum(HandFacts(huxi=5, red=5, red_concealed=5, lielie=False, gui=0, fours=0), default_rule_set())
        True
    """
    return facts.complete and facts.special is None and facts.huxi < rule_set.constants.min_huxi.value


# ---------------------------------------------------------------------------
# The winner's side: 名堂 of the hand

def colour_class(facts: HandFacts, rule_set: RuleSet) -> str:
    """黑 (no red card), 一颗珠 (exactly one), 红 (enough red cards) or 普通.

    Examples:
        >>> from rules.zipai.loader import default_rule_set
        >>> [colour_class(HandFacts(huxi=20, red=r, red_concealed=r, lielie=False, gui=0, fours=0),
        ...     default_rule_set()) for r in (0, 1, 5)]
        ['黑', '一颗珠', '普通']
    """
    m, r = rule_set.constants.mingtang, rule_set.options
    if facts.red == 0:
        return "黑"
    if facts.red == m.yikezhu_red.value:
        return "一颗珠"
    counted = facts.red if r.red_scope is RedScope.WHOLE_HAND else facts.red_concealed
    if counted >= red_threshold(rule_set):
        return "红"
    return "普通"


def red_threshold(rule_set: RuleSet) -> int:
    """The fewest red cards of a 红胡: 超过10个 is 11 (or 10, reading zp-r-honghu-threshold).

    Examples:
        >>> from rules.zipai.loader import default_rule_set
        >>> red_threshold(default_rule_set()) in (10, 11)
        True
    """
    over = rule_set.constants.mingtang.honghu_over.value
    return over + 1 if rule_set.options.honghu_threshold is HonghuThreshold.MORE_THAN_10 else over


def red_extra(facts: HandFacts, rule_set: RuleSet) -> int:
    """N of 2倍+N×10分: red cards beyond 10 (or beyond the threshold).

    Examples:
        >>> from rules.zipai.loader import default_rule_set
        >>> red_extra(HandFacts(huxi=20, red=13, red_concealed=13, lielie=False, gui=0, fours=0),
        ...     default_rule_set()) == 13 - red_threshold(default_rule_set())
        True
    """
    r = rule_set.options
    counted = facts.red if r.red_scope is RedScope.WHOLE_HAND else facts.red_concealed
    over = rule_set.constants.mingtang.honghu_over.value
    start = over if r.honghu_extra is HonghuExtra.OVER_10 else red_threshold(rule_set)
    return max(0, counted - start)


# 名堂 as a formula reads them: (names, base, mults, addend).
Named = tuple[tuple[str, ...], Term, tuple[Term, ...], Term | None]


def _names_listed(cls: str, bang: bool, lielie: bool, huxi: int, red_kept: bool, rule_set: RuleSet) -> Named:
    """名堂 value as the table lists each combination: (names, base, mults, addend).

    The table has no row for 列列 with exactly 10胡 (no real hand has it: seven
    groups with 胡 never sum to 10); there 列列胡 multiplies the 棒 row, as the
    listed combinations multiply.
    """
    if bang and lielie:
        names, base, mults, addend = _names_listed(cls, True, False, huxi, red_kept, rule_set)
        lielie_term = _term("列列胡", rule_set.constants.mingtang.lielie)
        return (*names, "列列胡"), base, (*mults, lielie_term), addend
    m, r = rule_set.constants.mingtang, rule_set.options
    plain = Term("胡数", huxi, "")
    lielie_part = m.heilielie.value // m.lielie.value  # 黑列列's 6 is 列列's 3 times this
    if cls == "黑":
        if bang:
            return ("黑棒",), _term("黑棒", m.heibang), (), None
        if lielie:
            return ("黑列列",), plain, (_term("黑列列", m.heilielie),), _term("黑列列", m.heilielie_plus)
        if r.heihu is Heihu.DOUBLE_PLUS_100:
            return ("黑胡",), plain, (_term("黑胡", m.heilielie, lielie_part),), _term("黑胡", m.heihu)
        return ("黑胡",), _term("黑胡", m.heihu), (), None
    if cls == "一颗珠":
        if bang:
            return ("一珠棒",), _term("一珠棒", m.yizhubang), (), None
        if lielie:
            return ("一珠列",), plain, (_term("一珠列", m.yizhulie),), None
        return ("一颗珠",), plain, (_term("一颗珠", m.yikezhu),), None
    if cls == "红":
        # 红爆 as the whole multiplier (zp-r-hongbao=total) takes 红胡's own 2 out.
        keep = 1 if red_kept else m.honghu.value
        if bang:
            return ("红棒",), _term("红棒", m.hongbang, m.hongbang.value // keep), (), None
        if lielie:
            mults = (_term("红列列", m.honglielie, m.honglielie.value // keep),)
            return ("红列列",), plain, mults, None
        return ("红胡",), plain, ((_term("红胡", m.honghu),) if red_kept else ()), None
    if bang:
        return ("棒胡",), _term("棒胡", m.banghu), (), None
    if lielie:
        return ("列列胡",), plain, (_term("列列胡", m.lielie),), None
    return (), plain, (), None


def _names_derived(cls: str, bang: bool, lielie: bool, huxi: int, red_kept: bool, rule_set: RuleSet) -> Named:
    """名堂 value computed from the parts of each combination (zp-r-combination-rows=derived)."""
    names, _, _, _ = _names_listed(cls, bang, lielie, huxi, red_kept, rule_set)
    m, r = rule_set.constants.mingtang, rule_set.options
    base, mults, addend = Term("胡数", huxi, ""), list[Term](), None
    bang_factor = _term("棒胡", m.banghu, m.banghu.value // m.banghu_at.value)  # 30胡 for 10: ×3
    if bang:
        base = _term("棒胡", m.banghu)
    if cls == "黑":
        if r.heihu is Heihu.DOUBLE_PLUS_100:
            mults.append(_term("黑胡", m.heilielie, m.heilielie.value // m.lielie.value))
            addend = _term("黑胡", m.heihu)
        else:
            base = _term("黑胡", m.heihu)
            if bang:
                mults.append(bang_factor)
    elif cls == "一颗珠":
        mults.append(_term("一颗珠", m.yikezhu))
    elif cls == "红" and red_kept:
        mults.append(_term("红胡", m.honghu))
    if lielie:
        mults.append(_term("列列胡", m.lielie))
    return names, base, tuple(mults), addend


def hand_value(facts: HandFacts, c: Circumstances, rule_set: RuleSet) -> HandValue:
    """The 名堂 of the hand and the winner's 爆 factor: what every share starts from.

    Examples:
        >>> from rules.zipai.loader import default_rule_set
        >>> hand_value(HandFacts(huxi=23, red=5, red_concealed=5, lielie=False, gui=1, fours=1),
        ...     Circumstances(Win.ZIMO), default_rule_set()).names
        ('归', '自摸')
    """
    m, r = rule_set.constants.mingtang, rule_set.options
    special = facts.special is not None
    regular = not special or r.special_mingtang is SpecialMingtang.AS_REGULAR
    cls = colour_class(facts, rule_set) if regular else "普通"
    bang = facts.complete and facts.huxi == m.banghu_at.value
    lielie = facts.complete and facts.lielie
    won_bao = c.bao_winner is not Bao.NONE
    red_kept = not (cls == "红" and won_bao and r.hongbao is Hongbao.TOTAL)
    compose = _names_listed if r.combination_rows is CombinationRows.LISTED else _names_derived
    listed, base, mults, addend = compose(cls, bang, lielie, facts.huxi, red_kept, rule_set)
    names = [*listed, *([facts.special.value] if facts.special is not None else [])]
    if facts.special is not None and not regular:  # 按照自身胡息算: the 胡息 itself, no 名堂
        base = Term("胡数", facts.huxi, _special_rule(facts.special))
    if c.win is Win.OPENING and c.dealer and facts.complete and not special:
        tianhu = _term("天胡", m.tianhu)
        if r.tianhu_stacking is TianhuStacking.ALONE:
            names, base, mults, addend = ["天胡"], Term("胡数", facts.huxi, ""), (tianhu,), None
        else:
            names, mults = ["天胡", *names], (tianhu, *mults)
    if won_bao and cls == "黑":
        names.append("黑爆")
        if r.heibao is Heibao.FLAT_THEN_BAO and base.label == "黑胡":
            base = _term("黑爆", m.heibao)
    winner_factor = _winner_factor(cls == "红", c, rule_set)
    if winner_factor is not None:
        names.append(winner_factor.label)
    huzi_add = None
    extras = []
    if c.toukuai:
        names.append("头块")
        if r.toukuai is Toukuai.HUZI:
            huzi_add = _term("头块", m.toukuai)
        else:
            extras.append(_term("头块", m.toukuai))
    if cls == "红" and (not bang or r.hongbang_red_extra is HongbangRedExtra.YES) and red_extra(facts, rule_set):
        n = red_extra(facts, rule_set)
        extras.append(_term(f"红字多{n}张", m.honghu_per_red, n * m.honghu_per_red.value))
    gui = facts.gui if r.gui_scope is GuiScope.ANY_FOUR else facts.gui - facts.fours
    if gui:
        names.append("归")
        extras.append(_term(f"归{gui}个" if gui > 1 else "归", m.gui, gui * m.gui.value))
    if c.haidi:
        names.append("海底捞")
        extras.append(_term("海底捞", m.haidilao))
    tianhu_bonus = c.win is Win.OPENING and "天胡" in names and r.tianhu_zimo is TianhuZimo.YES
    if c.win is Win.ZIMO or tianhu_bonus:
        names.append("自摸")
        extras.append(_term("自摸", m.zimo))
    ordered = tuple(sorted(set(names), key=NAME_ORDER.index))
    return HandValue(ordered, base, mults, addend, tuple(extras), winner_factor, huzi_add)


def _special_rule(special: Special) -> str:
    return {Special.SANLONG: "zp-3-sanlong-r1", Special.WUKAN: "zp-3-wukan-r1",
            Special.YILONG_SANKAN: "zp-3-yilong-sankan-2"}[special]


def _winner_factor(red: bool, c: Circumstances, rule_set: RuleSet) -> Term | None:
    """The winner's 爆 额外倍数: 爆牌 2, 红爆 3 (4 if applied for), 海底爆 3; the largest."""
    m, r = rule_set.constants.mingtang, rule_set.options
    found = []
    if c.bao_winner is not Bao.NONE:
        found.append(_term("爆牌", m.baopai))
        if red:
            declared = c.bao_winner is Bao.HONGBAO
            found.append(_term("红爆", m.hongbao_declared if declared else m.hongbao))
    if c.haidi and (c.bao_winner is not Bao.NONE or r.haidibao is Haidibao.ANYONE):
        found.append(_term("海底爆", m.haidibao))
    # Several 爆 factors of one winner are alternatives (多人爆牌不叠加): the largest, first listed on ties.
    return max(found, key=lambda t: t.value) if found else None


# ---------------------------------------------------------------------------
# One payer's share

def relation(hv: HandValue, c: Circumstances, payer: Seat, rule_set: RuleSet) -> tuple[Term, ...]:
    """The 爆 factors between the winner and this payer (zp-2-baopai-r1).

    Examples:
        >>> from rules.zipai.loader import default_rule_set
        >>> c = Circumstances(Win.ZIMO, bao_shang=Bao.BAO)
        >>> value = hand_value(HandFacts(huxi=23, red=5, red_concealed=5, lielie=False, gui=1, fours=1), c,
        ...     default_rule_set())
        >>> relation(value, c, Seat.SHANG, default_rule_set())
        (Term(label='杀爆', value=2, rule='zp-3-shabao-r2'),)
    """
    m = rule_set.constants.mingtang
    own = None
    if c.bao(payer) is not Bao.NONE:
        own = _term("杀爆", m.shabao_declared if c.bao(payer) is Bao.HONGBAO else m.shabao)
    factors = [t for t in (hv.winner_factor, own) if t is not None]
    if len(factors) == 2 and rule_set.options.bao_stacking is BaoStacking.LARGER:
        return (max(factors, key=lambda t: t.value),)
    return tuple(factors)


def combine(terms: tuple[Term, ...], rule_set: RuleSet) -> int:
    """Several 倍数 as one: their product, or their sum (reading zp-r-combine); none is 1.

    Examples:
        >>> from rules.zipai.loader import default_rule_set
        >>> combine((Term("a", 2, "x"), Term("b", 3, "y")), default_rule_set()), combine((), default_rule_set())
        (6, 1)
    """
    values = [t.value for t in terms]
    if not values:
        return 1
    return math.prod(values) if rule_set.options.combine is Combine.MULTIPLY else sum(values)


def _round(value: int, rule_set: RuleSet) -> int:
    unit = rule_set.constants.payout.rounding.value
    if rule_set.options.rounding is Rounding.CEIL10:
        return -(-value // unit) * unit
    if rule_set.options.rounding is Rounding.ROUND10:
        return (value + unit // 2) // unit * unit
    return value


def share(hv: HandValue, factors: tuple[Term, ...], payer: Seat, rule_set: RuleSet,
          times: int = 1, dianpao: Term | None = None) -> Share:
    """(胡数×倍数，向上取整，＋额外分数)×份数 for one payer.

    `factors` are the 爆 factors of the relationship priced; `dianpao` the ×2
    when 点炮 doubling is a 倍数 (reading zp-r-dianpao=multiplier); `times` the
    number of shares paid (2 when the discarder pays for both).

    Examples:
        >>> from rules.zipai.loader import default_rule_set
        >>> value = hand_value(HandFacts(huxi=23, red=5, red_concealed=5, lielie=False, gui=1, fours=1),
        ...     Circumstances(Win.ZIMO), default_rule_set())
        >>> share(value, (), Seat.SHANG, default_rule_set()).formula, share(value, (), Seat.SHANG, default_rule_set(),
        ...     times=2).amount
        ('23→30＋归10＋自摸10=50', 100)
    """
    s = rule_set.constants.payout
    huzi = hv.huzi
    outer = factors + ((dianpao,) if dianpao else ())
    mults = hv.mults + outer
    raw = huzi * combine(mults, rule_set) + (hv.addend.value * combine(outer, rule_set) if hv.addend else 0)
    extras = sum(t.value for t in hv.extras)
    rounded = _round(raw, rule_set)
    before = rule_set.options.extras_order is ExtrasOrder.BEFORE_ROUNDING
    amount = _round(raw + extras, rule_set) if before else rounded + extras
    text = _expression(hv, mults, outer, rule_set) + (f"={raw}" if mults or hv.addend else "")
    parts = "＋".join(f"{t.label}{t.value}" for t in hv.extras)
    if before:
        text += (f"＋{parts}={raw + extras}" if extras else "") + f"→{amount}"
    else:
        text += (f"→{rounded}" if rounded != raw else "") + (f"＋{parts}={amount}" if extras else "")
    if times > 1:
        amount *= times
        text = f"({text})×{times}={amount}"
    rules = [t.rule for t in (hv.base, hv.huzi_add, hv.addend, *mults, *hv.extras) if t is not None and t.rule]
    rules += [s.rounding.rule, "zp-2-gongshi-r1"]
    if times > 1 or dianpao:
        rules.append(s.dianpao.rule)
    return Share(payer, amount, text, tuple(rules), raw)


def _expression(hv: HandValue, mults: tuple[Term, ...], outer: tuple[Term, ...], rule_set: RuleSet) -> str:
    """胡数×倍数 as written: 23×2, (30＋10)×3, 10×6＋100×2, or 23×(3+2) when 倍数 add."""
    text = f"({hv.base.value}＋{hv.huzi_add.value})" if hv.huzi_add else str(hv.base.value)
    values = [str(t.value) for t in mults]
    if len(values) > 1 and rule_set.options.combine is Combine.ADD:
        text += f"×({'+'.join(values)})"
    elif values:
        text += "".join(f"×{v}" for v in values)
    if hv.addend:
        text += f"＋{hv.addend.value}" + (f"×{combine(outer, rule_set)}" if outer else "")
    return text


def _half(amount: int) -> int:
    """Half of an amount; odd amounts (possible only without rounding to 10) round up."""
    return -(-amount // 2)


# ---------------------------------------------------------------------------
# Who pays what

def price(situation: Situation, rule_set: RuleSet) -> Settlement:
    """Price the win for each payer and say who pays whom (zero-sum); the 杠分 of `situation.gang` are
    paid apart (`gang_payments`). A row's facts no legal hand has are priced all the same (the payout
    table shows what the formula gives them).

    :raises RuleError: a situation the rules rule out (`check`).

    Examples:
        >>> from rules.zipai.loader import default_rule_set
        >>> facts = HandFacts(huxi=23, red=5, red_concealed=5, lielie=False, gui=1, fours=1)
        >>> price(Situation(facts, Circumstances(Win.ZIMO)), default_rule_set()).formula
        '上家付：23→30＋归10＋自摸10=50；下家付：23→30＋归10＋自摸10=50'
    """
    facts, c = situation.facts, situation.circumstances
    check(facts, c, rule_set)
    r = rule_set.options
    hv = hand_value(facts, c, rule_set)
    shares: list[Share] = []
    extra_rules: list[str] = []
    names = list(hv.names)

    def priced(payer: Seat, relation_of: Seat, dianpao: bool = False) -> Share:
        factors = relation(hv, c, relation_of, rule_set)
        if any(t.label == "杀爆" for t in factors):
            names.append("杀爆")
        if not dianpao:
            return share(hv, factors, payer, rule_set)
        if r.dianpao is Dianpao.WHOLE:
            return share(hv, factors, payer, rule_set, times=rule_set.constants.payout.dianpao.value)
        return share(hv, factors, payer, rule_set, dianpao=_term("点炮", rule_set.constants.payout.dianpao))

    win = c.win
    if win is Win.WALL and r.wall_card is WallCard.TURNER_DOUBLE:
        win = Win.DIANPAO
    if win in (Win.ZIMO, Win.OPENING) or (win is Win.WALL and r.wall_card is WallCard.BOTH):
        for payer in OTHERS:
            s = priced(payer, payer)
            if r.zimo_payers is ZimoPayers.SPLIT:
                s = replace(s, amount=_half(s.amount), formula=f"{s.formula}，两家平分：{_half(s.amount)}")
            shares.append(s)
        extra_rules += {Win.ZIMO: ["zp-3-zimo-r1"], Win.WALL: ["zp-3-yilong-sankan-2"]}.get(win, [])
    elif win is Win.WALL:
        assert c.from_seat is not None  # `check` refused a win on another's card without `from`
        shares.append(priced(c.from_seat, c.from_seat))
        extra_rules.append("zp-3-yilong-sankan-2")
    else:
        discarder = c.from_seat
        assert discarder is not None  # `check` refused 点炮 without `from`
        third = next(s for s in OTHERS if s != discarder)
        special = (c.bao_winner is Bao.NONE and c.bao(discarder) is Bao.NONE and c.bao(third) is not Bao.NONE)
        if special:
            # 特殊爆牌: the discarder helps the 爆 player pay; each pays half (zp-2-teshu-e1).
            for payer in (discarder, third):
                basis = third if r.teshu is Teshu.HALF_EACH else payer
                whole = priced(payer, basis, dianpao=True)
                shares.append(replace(whole, amount=_half(whole.amount),
                                      formula=f"{whole.formula}，两家各付一半：{_half(whole.amount)}"))
            extra_rules.append("zp-2-teshu-e1")
        else:
            shares.append(priced(discarder, discarder, dianpao=True))
    if any(c.bao(s) is not Bao.NONE for s in SEATS):
        extra_rules.append("zp-2-baopai-r1")
    payments = tuple(Payment(s.payer, Seat.WINNER, s.amount, HAND) for s in shares)
    rules = [rule for s in shares for rule in s.rules] + extra_rules
    ordered = tuple(sorted(set(names), key=NAME_ORDER.index))
    formula = "；".join(f"{x.payer.value}付：{x.formula}" for x in shares)
    return Settlement(Seat.WINNER, payments, formula, tuple(dict.fromkeys(rules)), ordered)


# ---------------------------------------------------------------------------
# 来点儿（杠分）: apart from the win


@dataclass(frozen=True)
class GangEvent:
    """One 杠分 event: its kind, who made it and, for 点招, whose card made the 招.

    Examples:
        >>> GangEvent(GangKind.DIANZHAO, Seat.WINNER, Seat.SHANG).from_seat.value
        '上家'
    """
    kind: GangKind
    by: Seat  # whose 垅 or 招
    from_seat: Seat | None = None  # who fed the 点招


def gang_payments(events: tuple[GangEvent, ...], rule_set: RuleSet) -> tuple[tuple[Payment, ...], tuple[str, ...]]:
    """垅: each other player pays; 点招: the feeder pays; 自招: each other player pays.

    Examples:
        >>> from rules.zipai.loader import default_rule_set
        >>> payments, rule_ids = gang_payments((GangEvent(GangKind.LONG, Seat.WINNER),), default_rule_set())
        >>> [(p.payer.value, p.amount) for p in payments], rule_ids
        ([('上家', 20), ('下家', 20)], ('zp-2-long-r1', 'zp-3-laidianr-r1'))
    """
    g = rule_set.constants.gang
    out, rules = [], []
    for e in events:
        if rule_set.options.gang_scope is GangScope.WINNER_ONLY and e.by is not Seat.WINNER:
            continue
        if e.kind is GangKind.DIANZHAO:
            if e.from_seat is None or e.from_seat == e.by:
                raise RuleError("点招 needs `from`: the player whose card was 招'd, not the 招 player himself",
                                rule=g.dianzhao.rule)
            out.append(Payment(e.from_seat, e.by, g.dianzhao.value, KONG))
            rules.append(g.dianzhao.rule)
            continue
        if e.from_seat is not None:
            raise RuleError(f"{e.kind.value} is paid by every other player; `from` only goes with 点招")
        const = g.long if e.kind is GangKind.LONG else g.zizhao
        out += [Payment(s, e.by, const.value, KONG) for s in SEATS if s is not e.by]
        rules.append(const.rule)
    return tuple(out), tuple(dict.fromkeys(rules + (["zp-3-laidianr-r1"] if out else [])))
