"""Nanning: how many concealed complete hands each pattern has out of the 136 tiles, and what it pays.

The tile set and the 摸码 seats come from the rules core (`rules.nanning.tiles`,
`rules.nanning.codes`); the choice among readings mirrors `rules.nanning.analysis`
(seven pairs first, then all triplets, then any four sets and a pair; one suit or
all honours is 清一色); amounts come from `rules.nanning.scoring.price` under the
default preset. A concealed hand is always 门清, so the amount depends on the
category alone.
"""
from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass
from fractions import Fraction
from math import comb

from rules.nanning.codes import seat_of
from rules.nanning.model import HandType, Win, Shape, Situation
from rules.nanning.rule_set import RuleSet, preset
from rules.nanning.scoring import price
from rules.nanning.tiles import COPIES, SUITS, Suit as TileSuit, make

from .counting import Facts, Suit, TileSet, hand_facts

SEVEN = (Shape.QIXIAODUI, Shape.DADUI1, Shape.DADUI2, Shape.DADUI3)
COLOURS = ("", "清一色", "字一色")  # not one suit; one number suit; all honours (counted as 清一色)
HAND = 14


@dataclass(frozen=True, order=True)
class Category:
    colour: str
    shape: Shape

    @property
    def label(self) -> str:
        return self.colour + self.shape.value

    @property
    def qingyise(self) -> bool:
        return bool(self.colour)


CATEGORIES = tuple(Category(c, s) for c in COLOURS for s in Shape)
# What `Rarity.measures` counts, as the page names it.
MEASURES = {
    "all_hands": "任意 14 张的组合数",
    "standard": "四组一对（不论是否也是七对）",
    "seven": "七对（四张相同算两对）",
    "seven_distinct": "七个不同对子的七对（七小对）",
    "standard_and_seven": "既是四组一对又是七对",
    "all_triplets": "四刻一对（碰碰胡）",
    "complete": "全部和牌",
}


def tile_set(seat: int | None = None) -> TileSet:
    """The 136 tiles as four suits; with `seat`, the ranks whose code tiles hit for that seat are marked."""
    suits = []
    for s in SUITS:
        ranks = 7 if s is TileSuit.HONOR else 9
        marked = frozenset(r for r in range(ranks) if seat is not None and seat_of(make(s, r + 1)) == seat)
        suits.append(Suit(ranks, s is not TileSuit.HONOR, marked))
    return TileSet(tuple(suits), COPIES, HAND)


def standard(f: Facts) -> bool:
    """Four sets and a pair (any reading)."""
    return f.broken == 0 and f.pair_suits == 1


def classify(f: Facts) -> tuple[Category, bool] | None:
    """The category that pays most, as `rules.nanning.analysis.hand_type` chooses it, and
    whether the same tiles also read as 鸡胡 (four sets and a pair with a sequence)."""
    one_kind = f.number_suits + f.honour_suits == 1
    colour = (COLOURS[1] if f.number_suits else COLOURS[2]) if one_kind else COLOURS[0]
    if f.uneven == 0:
        # a standard reading of an all-even hand always has a sequence: a triplet needs an odd count
        return Category(colour, SEVEN[f.quads]), standard(f)
    if f.mixed == 0 and f.twos == 1:
        return Category(colour, Shape.PENGPENG), f.sequence > 0
    if standard(f):
        return Category(colour, Shape.JIHU), False
    return None


@dataclass(frozen=True)
class Row:
    category: Category
    count: int
    also_jihu: int  # of these hands, how many also read as 鸡胡 (a reading that pays less)
    zimo: int
    fangpao: int


@dataclass(frozen=True)
class Rarity:
    rows: tuple[Row, ...]
    all_hands: int  # C(136, 14)
    standard: int  # four sets and a pair, whatever else they also are
    seven: int  # seven pairs (a 4 counting as two pairs)
    both: int  # standard and seven pairs

    @property
    def complete(self) -> int:
        return sum(r.count for r in self.rows)

    def probability(self, count: int) -> Fraction:
        return Fraction(count, self.all_hands)

    def count(self, label: str) -> int:
        return next(r.count for r in self.rows if r.category.label == label)

    def measures(self) -> dict[str, int]:
        """The quantities published counts are compared with, by key (see published.toml)."""
        return {
            "all_hands": self.all_hands,
            "standard": self.standard,
            "seven": self.seven,
            "seven_distinct": sum(r.count for r in self.rows if r.category.shape is Shape.QIXIAODUI),
            "standard_and_seven": self.both,
            "all_triplets": sum(r.count for r in self.rows if r.category.shape is Shape.PENGPENG),
            "complete": self.complete,
        }


def amounts(category: Category, rules: RuleSet) -> tuple[int, int]:
    """What a 自摸 and a 放炮 of a concealed hand of this category pay in all."""
    hand = HandType(category.shape, True, category.qingyise)
    return tuple(price(Situation(hand, m), rules).total for m in (Win.ZIMO, Win.FANGPAO))


def rarity(facts: dict[Facts, int]) -> Rarity:
    """The table from the hands' facts: each complete hand once, under the category that pays most."""
    rules = preset()
    counts = {c: [0, 0] for c in CATEGORIES}
    std = seven = both = 0
    for f, weight in facts.items():
        found = classify(f)
        if found is None:
            continue
        category, also = found
        counts[category][0] += weight
        counts[category][1] += weight * also
        std += weight * standard(f)
        seven += weight * (f.uneven == 0)
        both += weight * (standard(f) and f.uneven == 0)
    rows = tuple(Row(c, n, also, *amounts(c, rules)) for c, (n, also) in counts.items())
    tiles = tile_set()
    return Rarity(rows, comb(tiles.tiles, tiles.hand), std, seven, both)


def complete(f: Facts) -> bool:
    """Seven pairs, or four sets and a pair."""
    return f.uneven == 0 or standard(f)


def compute() -> tuple[Rarity, dict[int, dict[int, int]]]:
    """The rarity table, and for each seat the complete hands by how many of their tiles hit for it."""
    own_hits = {}
    for seat in range(4):
        facts = hand_facts(tile_set(seat), keep=("broken", "pair_suits", "uneven", "hits"))
        counts: dict[int, int] = defaultdict(int)
        for f, weight in facts.items():
            if complete(f):
                counts[f.hits] += weight
        own_hits[seat] = dict(sorted(counts.items()))
    return rarity(hand_facts(tile_set())), own_hits
