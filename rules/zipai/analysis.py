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


# What scoring reads from a complete split of the concealed cards: (胡息, 列列).
Outcome = tuple[int, bool]


class Splitter:
    """The complete splits of concealed cards, one for each (胡息, 列列) they can give.

    Scoring reads only the 胡息 and whether every group has 胡 (列列胡) from the
    concealed groups, so splits that agree on both score alike; only one of them
    is kept (the first found, taking the lowest card first). The work is a memo
    over what is left of the hand, shared by every hand scored under the same
    rules: a remainder met again (often: most hands end in the same few 大字
    shapes) is not split again. Readings do not enter: the 坎 a reading locks
    are set aside before (`locked_kans`).
    """

    LIMIT = 1 << 18  # remainders remembered before the memo starts over

    def __init__(self, config: Config) -> None:
        self.rules = config.rules
        self._groups: dict[tuple[GroupKind, tuple[int, ...]], Group] = {}
        self.red_kinds = tuple(i for i in range(KINDS) if self.rules.deck.is_red(Card(i)))
        self._memo: dict[tuple, dict[Outcome, tuple[Part, ...]]] = {}

    def group(self, kind: GroupKind, cards: tuple[int, ...]) -> Group:
        """The concealed group of these cards (groups are immutable: one object serves every hand)."""
        key = (kind, cards)
        found = self._groups.get(key)
        if found is None:
            found = self._groups[key] = make(kind, tuple(Card(k) for k in cards), self.rules)
        return found

    def value(self, kind: GroupKind, cards: tuple[int, ...]) -> int:
        return self.group(kind, cards).huxi

    def outcomes(self, rest: tuple[int, ...], pairs: int, peng: int | None,
                 locked: int = 0) -> dict[Outcome, tuple[Part, ...]]:
        """(胡息, 列列) → one split of `rest` into groups and `pairs` pairs.

        `locked` is a bit for each kind whose 坎 stays whole (zp-r-kan-split): its
        three cards are not in `rest`, and the 坎 is placed when its kind comes
        up. `peng` is the kind whose three cards, one of them another player's
        winning card, count as a 碰 when they stay together (ext-zp-win-card).
        """
        if len(self._memo) > self.LIMIT:
            self._memo.clear()
        return self._outcomes(rest, pairs, peng, locked)

    def _outcomes(self, rest: tuple[int, ...], pairs: int, peng: int | None,
                  locked: int) -> dict[Outcome, tuple[Part, ...]]:
        key = (rest, pairs, peng, locked)
        found = self._memo.get(key)
        if found is not None:
            return found
        i = next((k for k in range(KINDS) if rest[k] or locked >> k & 1), None)
        if i is None:
            found = {(0, True): ()} if pairs == 0 else {}
        elif locked >> i & 1:
            kan = (i, i, i)
            huxi = self.value(GroupKind.KAN, kan)
            found = {(h + huxi, lie and huxi > 0): ((GroupKind.KAN, kan),) + parts
                     for (h, lie), parts in self._outcomes(rest, pairs, peng, locked & ~(1 << i)).items()}
        else:
            found = {}
            for kind, cards in _options(list(rest), i, pairs, False):
                after = list(rest)
                for k in cards:
                    after[k] -= 1
                placed = GroupKind.PENG if kind is GroupKind.KAN and i == peng else kind
                huxi = self.value(placed, cards)
                has_hu = huxi > 0 or kind is GroupKind.JIANG
                part = ((placed, cards),)
                for (h, lie), parts in self._outcomes(tuple(after), pairs - (kind is GroupKind.JIANG), peng,
                                                      locked).items():
                    out = (h + huxi, lie and has_hu)
                    if out not in found:
                        found[out] = part + parts
        self._memo[key] = found
        return found


_SPLITTERS: dict[int, tuple[object, Splitter]] = {}


def splitter(config: Config) -> Splitter:
    """The splitter of these rules (the rules object is kept with it, so its id stays its own)."""
    entry = _SPLITTERS.get(id(config.rules))
    if entry is None:
        entry = _SPLITTERS[id(config.rules)] = (config.rules, Splitter(config))
    return entry[1]


def complete_splits(concealed: list[int], pairs: int, locked: tuple[int, ...], peng: int | None,
                    config: Config) -> dict[Outcome, tuple[Part, ...]]:
    """Every (胡息, 列列) a complete split of the concealed cards gives, with one split for each;
    the `locked` 坎 stay whole (zp-r-kan-split)."""
    rest = list(concealed)
    bits = 0
    for i in locked:
        rest[i] -= 3
        bits |= 1 << i
    return splitter(config).outcomes(tuple(rest), pairs, peng, bits)


def groups_of(parts: tuple[Part, ...], config: Config) -> tuple[Group, ...]:
    group = splitter(config).group
    return tuple(group(kind, cards) for kind, cards in parts)


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
