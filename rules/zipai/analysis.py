"""Hand analysis: every way to split the concealed cards into groups.

A regular win puts every card in a group: seven groups of three, or six groups
and a pair when the hand has a four (ext-zp-hand). The opening-hand wins 三垅、
五坎 and 一拢（坎）三坎 need only their pattern; the other cards may stay loose
(ext-zp-loose). Card order never matters: everything works on the counts of
the 20 kinds.
"""
from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from enum import StrEnum
from functools import cache

from .cards import KINDS, Card
from .config import Config
from .groups import FOURS, Group, GroupKind, make

# A concealed group before the winning card is placed: its kind and card indices.
Part = tuple[GroupKind, tuple[int, ...]]


class Special(StrEnum):
    """The opening-hand patterns of the 名堂 table, as the document names them."""

    SANLONG = "三垅"
    WUKAN = "五坎"
    YILONG_SANKAN = "一拢（坎）三坎"


def _options(counts: list[int], i: int, pairs: int, loose: bool) -> Iterator[Part]:
    """The groups the lowest remaining card (index i) can belong to.

    Taking the lowest card first makes every split come out exactly once: a
    group holding it starts at it (runs go up; 大小搭 pairs a 小字 with its 大字).
    """
    n = i % 10 + 1
    if counts[i] >= 3:
        yield GroupKind.KAN, (i, i, i)
    if n <= 8 and counts[i + 1] and counts[i + 2]:
        yield (GroupKind.YIERSAN if n == 1 else GroupKind.SHUN), (i, i + 1, i + 2)
    if n == 2 and counts[i + 5] and counts[i + 8]:
        yield GroupKind.ERQISHI, (i, i + 5, i + 8)
    if i < 10:
        if counts[i + 10] >= 2:
            yield GroupKind.DAXIAO, (i, i + 10, i + 10)
        if counts[i] >= 2 and counts[i + 10]:
            yield GroupKind.DAXIAO, (i, i, i + 10)
    if pairs and counts[i] >= 2:
        yield GroupKind.JIANG, (i, i)
    if loose:
        yield GroupKind.SAN, (i,)


def splits(counts: tuple[int, ...], pairs: int, locked: tuple[int, ...] = ()) -> Iterator[tuple[Part, ...]]:
    """Every split of the concealed cards into groups of three and `pairs` pairs.

    `locked` are the kinds whose three held alike stay one 坎 (reading
    zp-r-kan-split): they are set aside first, and only the rest is split.
    """
    work = list(counts)
    for i in locked:
        work[i] -= 3
    kans = tuple((GroupKind.KAN, (i, i, i)) for i in locked)

    def walk(pairs_left: int) -> Iterator[tuple[Part, ...]]:
        i = next((k for k in range(KINDS) if work[k]), None)
        if i is None:
            if pairs_left == 0:
                yield ()
            return
        for kind, cards in list(_options(work, i, pairs_left, False)):
            for k in cards:
                work[k] -= 1
            for rest in walk(pairs_left - (kind is GroupKind.JIANG)):
                yield ((kind, cards),) + rest
            for k in cards:
                work[k] += 1

    for parts in walk(pairs):
        yield tuple(sorted(kans + parts, key=lambda p: p[1])) if kans else parts


def locked_kans(concealed: list[int], win_from_other: int | None, config: Config) -> tuple[int, ...]:
    """The kinds held three (or more) alike whose 坎 may not be split (reading zp-r-kan-split).

    Under `locked` every three alike among the concealed cards stay one 坎: the
    招 a fourth card forces (zp-1-zhaopai-r1) and 破招胡 (zp-1-zhaopai-r2) both
    treat the 坎 as a unit. A winning card another player discarded or turned
    up is not held: with a pair it need not make a 碰 (zp-1-pengpai-r1: 胡牌除外),
    and with a 坎 it is the 破招胡 card and goes elsewhere; a card drawn oneself is held.
    """
    if config.readings.kan_split != "locked":
        return ()
    return tuple(i for i, n in enumerate(concealed) if n - (i == win_from_other) >= 3)


def place_win_card(parts: tuple[Part, ...], win: int | None) -> tuple[Part, ...]:
    """The winning card goes where it scores most: a 坎 it completes becomes a 碰
    only when no other group can hold it (ext-zp-win-card)."""
    if win is None:
        return parts
    holders = [p for p in parts if win in p[1]]
    if len(holders) == 1 and holders[0][0] is GroupKind.KAN:
        return tuple((GroupKind.PENG, cards) if (kind, cards) == holders[0] else (kind, cards) for kind, cards in parts)
    return parts


def groups_of(parts: tuple[Part, ...], config: Config) -> tuple[Group, ...]:
    return tuple(make(kind, tuple(Card(k) for k in cards), config.rules) for kind, cards in parts)


def best_partial(counts: tuple[int, ...], win: int | None, config: Config,
                 locked: tuple[int, ...] = ()) -> tuple[Part, ...]:
    """The split with the most 胡息 when cards may stay loose (opening-hand wins).

    `win` is the index of a winning card from another player, whose 坎 counts as
    a 碰; `locked` 坎 stay whole (zp-r-kan-split); the memo holds the best split
    of each remainder.
    """
    @cache
    def value(kind: GroupKind, cards: tuple[int, ...]) -> int:
        return make(kind, tuple(Card(k) for k in cards), config.rules).huxi

    @cache
    def best(rest: tuple[int, ...], win_left: bool) -> tuple[int, tuple[Part, ...]] | None:
        i = next((k for k in range(KINDS) if rest[k]), None)
        if i is None:
            return None if win_left else (0, ())
        found: tuple[int, tuple[Part, ...]] | None = None
        for kind, cards in list(_options(list(rest), i, 0, True)):
            after = list(rest)
            for k in cards:
                after[k] -= 1
            placements = [(kind, False)]
            if win_left and win in cards:
                placements = [(GroupKind.PENG if kind is GroupKind.KAN else kind, True)]
                if after[win]:
                    placements.append((kind, False))
            for placed_kind, used in placements:
                sub = best(tuple(after), win_left and not used)
                if sub is None:
                    continue
                total = value(placed_kind, cards) + sub[0]
                if found is None or total > found[0]:
                    found = (total, ((placed_kind, cards),) + sub[1])
        return found

    rest = list(counts)
    for i in locked:
        rest[i] -= 3
    result = best(tuple(rest), win is not None)
    assert result is not None  # loose cards always give a split
    kans = tuple((GroupKind.KAN, (i, i, i)) for i in locked)
    return tuple(sorted(kans + result[1], key=lambda p: p[1])) if kans else result[1]


def specials(concealed: list[int], shown: tuple[Group, ...], opening: bool, config: Config) -> tuple[Special, ...]:
    """The opening-hand patterns this hand holds.

    三垅 and 五坎 are opening hands only; 一拢（坎）三坎 may also be completed in
    play (zp-3-yilong-sankan-2). A 坎 is three alike held concealed.
    """
    m = config.rules.mingtang
    longs = sum(g.kind is GroupKind.LONG for g in shown)
    kans = sum(c >= 3 for c in concealed)
    found = []
    if opening and longs >= m.sanlong.value:
        found.append(Special.SANLONG)
    if opening and kans >= m.wukan.value:
        found.append(Special.WUKAN)
    need_long, need_kan = m.yilong_sankan_long.value, m.yilong_sankan_kan.value
    if (longs >= need_long and kans >= need_kan) or (
        config.readings.yilong_sankan == "four_kan_too" and kans >= need_kan + need_long
    ):
        found.append(Special.YILONG_SANKAN)
    return tuple(found)


def pattern_groups(special: Special, concealed: list[int], shown: tuple[Group, ...], win: int | None,
                   config: Config) -> tuple[Group, ...]:
    """Only the groups that make the pattern, the best ones (reading zp-r-special-huxi)."""
    m = config.rules.mingtang
    longs = sorted((g for g in shown if g.kind is GroupKind.LONG), key=lambda g: -g.huxi)
    kans = sorted(
        (make(GroupKind.PENG if (win == i and concealed[i] == 3) else GroupKind.KAN,
              (Card(i),) * 3, config.rules) for i in range(KINDS) if concealed[i] >= 3),
        key=lambda g: -g.huxi,
    )
    if special is Special.SANLONG:
        return tuple(longs[: m.sanlong.value])
    if special is Special.WUKAN:
        return tuple(kans[: m.wukan.value])
    need_long, need_kan = m.yilong_sankan_long.value, m.yilong_sankan_kan.value
    choices = []
    if len(longs) >= need_long and len(kans) >= need_kan:
        choices.append(tuple(longs[:need_long]) + tuple(kans[:need_kan]))
    if config.readings.yilong_sankan == "four_kan_too" and len(kans) >= need_kan + need_long:
        choices.append(tuple(kans[: need_kan + need_long]))
    return max(choices, key=lambda gs: sum(g.huxi for g in gs))


@dataclass(frozen=True)
class Arrangement:
    """One way to read the hand: its groups (shown first) and the pattern it wins by."""

    groups: tuple[Group, ...]
    special: Special | None
    complete: bool

    @property
    def huxi(self) -> int:
        return sum(g.huxi for g in self.groups)

    @property
    def lielie(self) -> bool:
        """列列胡: every group but the pair has 胡 (ext-zp-lielie-pair); loose cards break it."""
        return self.complete and all(g.huxi > 0 for g in self.groups if g.kind is not GroupKind.JIANG)

    @property
    def fours(self) -> int:
        return sum(g.kind in FOURS for g in self.groups)
