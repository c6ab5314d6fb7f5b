"""字牌: how often a dealt hand meets the colour and 垅/坎 conditions the 名堂 rest on.

The deck, the thresholds, the readings and what each 名堂 pays come from the 字牌
rules core (`rules.zipai`: data/zipai/rules.toml and readings.toml); whether a hand
holds 三垅, 五坎 or 一拢三坎 is decided by the core's own `specials`. Where a
reading changes a condition (红胡's threshold, what 一拢（坎）三坎 admits), each
option gets its own row. Counts are exact numbers of card subsets: every physical
card is distinct, so a hand of n cards is one of C(80, n). 垅 = a kind of which the
hand holds all 4 cards (shown as a 拢); 坎 = a kind of which it holds exactly 3.
"""
from __future__ import annotations

from collections import defaultdict
from collections.abc import Callable
from dataclasses import dataclass
from math import comb

from rules.zipai.analysis import specials
from rules.zipai.model import Special
from rules.zipai.cards import KINDS, Card
from rules.zipai.rule_set import RuleSet
from rules.zipai.groups import make
from rules.zipai.model import GroupKind
from rules.zipai.loader import default_rule_set, readings_data
from rules.zipai.scoring import red_threshold


@dataclass(frozen=True)
class Deal:
    kinds: int
    copies: int
    red_kinds: int
    dealt: int  # every player's hand
    dealer: int  # the dealer's, with the extra card

    @property
    def cards(self) -> int:
        return self.kinds * self.copies

    @property
    def red(self) -> int:
        return self.red_kinds * self.copies


@dataclass(frozen=True)
class Hand:
    """What a condition looks at: red cards, 垅 and 坎 in the hand."""

    red: int
    longs: int
    kans: int


@dataclass(frozen=True)
class Condition:
    key: str
    name: str
    definition: str
    pays: str
    rule: str  # article id the condition comes from
    holds: Callable[[Hand], bool]
    colour: bool  # decided by the red count alone
    reading: str = ""  # the reading (zp-r-…) whose option this row assumes, if a reading changes it
    option: str = ""  # that option's label

    @property
    def label(self) -> str:
        return f"{self.name}（{self.option}）" if self.option else self.name


def deal(rule_set: RuleSet) -> Deal:
    deck = rule_set.constants.deck
    return Deal(len(deck.small) + len(deck.big), deck.copies, 2 * len(deck.red_numbers), rule_set.constants.dealt.value,
                rule_set.constants.dealt.value + rule_set.constants.dealer_extra.value)


def options(reading: str) -> list[tuple[str, str, bool]]:
    """(option id, label, is the default) of one reading, from data/zipai/readings.toml."""
    entry = next(r for r in readings_data()["reading"] if r["id"] == reading)
    return [(o["id"], o["label"], o["id"] == entry["default"]) for o in entry["option"]]


def _special(special: Special, rule_set: RuleSet) -> Callable[[Hand], bool]:
    """Whether an opening hand with these 垅 and 坎 holds `special`, as the core decides it."""
    def holds(h: Hand) -> bool:
        concealed = [3] * h.kans + [0] * (KINDS - h.kans)
        shown = tuple(make(GroupKind.LONG, (Card(h.kans + i),) * 4, rule_set.constants, shown=True)
                      for i in range(h.longs))
        return special in specials(concealed, shown, True, rule_set)
    return holds


def conditions(rule_set: RuleSet) -> list[Condition]:
    m = rule_set.constants.mingtang
    by_huxi = "按胡息算"
    honghu_pays = f"×{m.honghu.value}，每多一红+{m.honghu_per_red.value}分"
    out = [
        Condition("heihu", "黑胡", "没有红字", f"{m.heihu.value}胡", m.heihu_above.rule, lambda h: h.red == 0, True),
        Condition("yikezhu", "一颗珠", f"恰好 {m.yikezhu_red.value} 张红字", f"×{m.yikezhu.value}", m.yikezhu_red.rule,
                  lambda h: h.red == m.yikezhu_red.value, True),
    ]
    rid = "zp-r-honghu-threshold"
    for option, label, default in options(rid):
        least = red_threshold(rule_set.with_options({rid: option}))
        out.append(Condition("honghu" if default else f"honghu@{option}", "红胡", f"红字 ≥{least} 张", honghu_pays,
                             m.honghu_over.rule, lambda h, least=least: h.red >= least, True, rid, label))
    declare = m.hongbao_declare_red.value
    out.append(Condition("hongbao", "红爆（原手申请）", f"红字 ≥{declare} 张", f"×{m.hongbao_declared.value}",
                         m.hongbao_declare_red.rule, lambda h: h.red >= declare, True))
    out.append(Condition("sanlong", "三垅", f"≥{m.sanlong.value} 个垅", by_huxi, m.sanlong.rule,
                         _special(Special.SANLONG, rule_set), False))
    out.append(Condition("wukan", "五坎", f"≥{m.wukan.value} 个坎", by_huxi, m.wukan.rule,
                         _special(Special.WUKAN, rule_set), False))
    rid = "zp-r-yilong-sankan"
    longs, kans = m.yilong_sankan_long.value, m.yilong_sankan_kan.value
    for option, label, default in options(rid):
        text = f"≥{longs} 个垅且 ≥{kans} 个坎" + ("" if default else f"，或 ≥{longs + kans} 个坎")
        out.append(Condition("yilong-sankan" if default else f"yilong-sankan@{option}", "一拢三坎", text, by_huxi,
                             m.yilong_sankan_long.rule,
                             _special(Special.YILONG_SANKAN, rule_set.with_options({rid: option})), False, rid, label))
    return out


def red_counts(deck: Deal, cards: int) -> list[int]:
    """Hands of `cards` cards by number of red cards (0..cards)."""
    return [comb(deck.red, r) * comb(deck.cards - deck.red, cards - r) for r in range(cards + 1)]


def set_counts(deck: Deal, cards: int) -> dict[tuple[int, int], int]:
    """Hands of `cards` cards by (垅, 坎): the product over kinds of Σ_c C(4, c) x^c, marking c = 4 and c = 3."""
    total: dict[tuple[int, int, int], int] = {(0, 0, 0): 1}
    for _ in range(deck.kinds):
        after: dict[tuple[int, int, int], int] = defaultdict(int)
        for (n, longs, kans), w in total.items():
            for c in range(min(deck.copies, cards - n) + 1):
                after[(n + c, longs + (c == deck.copies), kans + (c == deck.copies - 1))] += w * comb(deck.copies, c)
        total = after
    return {(longs, kans): w for (n, longs, kans), w in total.items() if n == cards}


@dataclass(frozen=True)
class Result:
    deck: Deal
    conditions: tuple[Condition, ...]
    hands: dict[int, int]  # cards -> C(80, cards)
    counts: dict[tuple[str, int], int]  # (condition key, cards) -> hands meeting it
    reds: dict[int, list[int]]  # cards -> hands by red count
    sets: dict[int, dict[tuple[int, int], int]]  # cards -> hands by (垅, 坎)


def compute(rule_set: RuleSet | None = None) -> Result:
    rule_set = rule_set or default_rule_set()
    deck, conds = deal(rule_set), conditions(rule_set)
    sizes = (deck.dealt, deck.dealer)
    reds = {n: red_counts(deck, n) for n in sizes}
    sets = {n: set_counts(deck, n) for n in sizes}
    counts = {}
    for n in sizes:
        for c in conds:
            if c.colour:
                counts[(c.key, n)] = sum(w for r, w in enumerate(reds[n]) if c.holds(Hand(r, 0, 0)))
            else:
                counts[(c.key, n)] = sum(w for (lo, k), w in sets[n].items() if c.holds(Hand(0, lo, k)))
    return Result(deck, tuple(conds), {n: comb(deck.cards, n) for n in sizes}, counts, reds, sets)
