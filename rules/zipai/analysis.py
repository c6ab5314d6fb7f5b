"""Hand analysis: every way to split the concealed cards into groups.

A regular win puts every card in a group: seven groups of three, or six groups
and a pair when the hand has a four (ext-zp-hand). The opening-hand wins 三垅、
五坎 and 一拢（坎）三坎 need only their pattern; the other cards may stay loose
(ext-zp-loose). Card order never matters: everything works on the counts of
the 20 kinds.
"""
from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from functools import cache

from .cards import KINDS, Card
from .groups import FOURS, Group, make
from .model import GroupKind, Special
from .options import KanSplit, YilongSankan
from .rule_set import RuleSet

# A concealed group before the winning card is placed: its kind and card indices.
Part = tuple[GroupKind, tuple[int, ...]]
# A group a card may begin: its kind, its cards' indices and the counts it needs ((index, at least), …).
Option = tuple[GroupKind, tuple[int, ...], tuple[tuple[int, int], ...]]


def _option_table() -> tuple[tuple[Option, ...], ...]:
    """For each card, the groups that start at it, in the order they are tried, with the
    counts each needs: (kind, card indices, ((index, at least), …)).

    Taking the lowest card first makes every split come out exactly once: a
    group holding it starts at it (runs go up; 大小搭 pairs a 小字 with its 大字).
    """
    table = []
    for i in range(KINDS):
        n = i % 10 + 1
        row: list[Option] = [(GroupKind.KAN, (i, i, i), ((i, 3),))]
        if n <= 8:
            row.append((GroupKind.YIERSAN if n == 1 else GroupKind.SHUN, (i, i + 1, i + 2), ((i + 1, 1), (i + 2, 1))))
        if n == 2:
            row.append((GroupKind.ERQISHI, (i, i + 5, i + 8), ((i + 5, 1), (i + 8, 1))))
        if i < 10:
            row.append((GroupKind.DAXIAO, (i, i + 10, i + 10), ((i + 10, 2),)))
            row.append((GroupKind.DAXIAO, (i, i, i + 10), ((i, 2), (i + 10, 1))))
        row.append((GroupKind.JIANG, (i, i), ((i, 2),)))
        table.append(tuple(row))
    return tuple(table)


OPTIONS = _option_table()


def _options(counts: list[int], i: int, pairs: int, loose: bool) -> Iterator[Part]:
    """The groups the lowest remaining card (index i) can belong to (`OPTIONS`); the pair
    only while one is wanted, a loose card only when cards may stay loose."""
    for kind, cards, need in OPTIONS[i]:
        if kind is GroupKind.JIANG and not pairs:
            continue
        if all(counts[k] >= n for k, n in need):
            yield kind, cards
    if loose:
        yield GroupKind.SAN, (i,)


def locked_kans(concealed: Sequence[int], win_from_other: int | None, rule_set: RuleSet) -> tuple[int, ...]:
    """The kinds held three (or more) alike whose 坎 may not be split (reading zp-r-kan-split).

    Under `locked` every three alike among the concealed cards stay one 坎: the
    招 a fourth card forces (zp-1-zhaopai-r1) and 破招胡 (zp-1-zhaopai-r2) both
    treat the 坎 as a unit. A winning card another player discarded or turned
    up is not held: with a pair it need not make a 碰 (zp-1-pengpai-r1: 胡牌除外),
    and with a 坎 it is the 破招胡 card and goes elsewhere; a card drawn oneself is held.

    Examples:
        >>> from rules.zipai.cards import counts
        >>> from rules.zipai.loader import default_rule_set
        >>> cards = list(counts(default_rule_set().constants.deck.parse("三三三四五六")))
        >>> locked_kans(cards, None, default_rule_set()), locked_kans(cards, 2, default_rule_set())
        ((2,), ())
    """
    if rule_set.options.kan_split is not KanSplit.LOCKED or max(concealed) < 3:
        return ()
    if win_from_other is None:
        return tuple([i for i, n in enumerate(concealed) if n >= 3])
    return tuple([i for i, n in enumerate(concealed) if n - (i == win_from_other) >= 3])


# What scoring reads from a complete split of the concealed cards: (胡息, 列列).
Outcome = tuple[int, bool]

# A set of outcomes is an int with bit 2·胡息 + 列列 set for each. A group without
# 胡 breaks 列列: its bits move from odd to even places (ext-zp-lielie-pair: not the pair).
# A group of h 胡 moves every bit up by 2h.
_EVEN = sum(1 << (2 * k) for k in range(256))
_ODD = _EVEN << 1

# The search packs the counts into one int, a byte per kind holding 128 + the count
# (`_packed`): taking a group subtracts one int, and a count gone below zero shows as
# a byte whose top bit is clear (counts stay far below 128, so no byte borrows).
_BYTE_TOPS = int.from_bytes(bytes([128] * KINDS), "little")


def _packed(counts: list[int]) -> int:
    return int.from_bytes(bytes(counts), "little") + _BYTE_TOPS


class Splitter:
    """The complete splits of concealed cards, by what scoring reads from them: (胡息, 列列).

    Splits that agree on both score alike, so the search returns the set of
    outcomes (as bits), and one split is rebuilt only for the outcome chosen.
    It takes the lowest card first, as `_options` lists its groups, on the
    counts packed into one int (`_packed`; the port of a public splitter in
    tests/ changes a list of counts). What is left once the 小字 are used up
    is remembered for every hand scored under the same rules (most hands end
    in the same few 大字 shapes);
    rebuilding the chosen split searches depth first for it alone.
    Options do not enter: the 坎 a reading locks come in as `locked` bits.

    Examples:
        >>> from rules.zipai.cards import counts
        >>> from rules.zipai.loader import default_rule_set
        >>> cards = list(counts(default_rule_set().constants.deck.parse("贰柒拾七八九伍陆柒捌捌")))
        >>> bin(splitter(default_rule_set()).outcomes(cards, 1, None, 0))  # one outcome: 9胡, not 列列 (bit 2 × 9 + 0)
        '0b1000000000000000000'
    """

    LIMIT = 1 << 16  # 大字 remainders remembered before the memo starts over

    def __init__(self, rule_set: RuleSet) -> None:
        self.constants = rule_set.constants
        self._groups: dict[tuple[GroupKind, tuple[int, ...]], Group] = {}
        self._tails: dict[tuple[int, int, int | None], int] = {}
        self.red_kinds = tuple(i for i in range(KINDS) if self.constants.deck.is_red(Card(i)))
        # `OPTIONS` with each group's 胡息 and whether it has 胡 (the pair counts as having it)
        self.options = tuple(
            tuple((cards, need, self.value(kind, cards), self.value(kind, cards) > 0 or kind is GroupKind.JIANG,
                   kind is GroupKind.JIANG, kind is GroupKind.KAN)
                  for kind, cards, need in row)
            for row in OPTIONS)
        # The same, for the packed counts: (what the group subtracts, 胡息, has 胡, is the pair, is a 坎)
        self.packed = tuple(
            tuple((sum(1 << (8 * k) for k in cards), huxi, has_hu, is_pair, is_kan)
                  for cards, _, huxi, has_hu, is_pair, is_kan in row)
            for row in self.options)
        self.kan = tuple(self.value(GroupKind.KAN, (i, i, i)) for i in range(KINDS))
        self.peng = tuple(self.value(GroupKind.PENG, (i, i, i)) for i in range(KINDS))
        # What `best_partial` tries (`_options` with no pair, and the loose card): (cards, need, 胡息, is 坎).
        # `loose` wants only the most 胡息, so it leaves out a group that brings no more than its
        # cards left loose would, with the winning card or without (a 坎 with it is a 碰).
        san = tuple(self.value(GroupKind.SAN, (i,)) for i in range(KINDS))
        self.loose_options = tuple(
            (*((cards, need, huxi, is_kan) for cards, need, huxi, _, is_pair, is_kan in row
               if not is_pair and max(huxi, self.peng[i] if is_kan else huxi) > sum([san[k] for k in cards])),
             ((i,), (), san[i], False))
            for i, row in enumerate(self.options))

    def group(self, kind: GroupKind, cards: tuple[int, ...]) -> Group:
        """The concealed group of these cards (groups are immutable: one object serves every hand).

        Examples:
            >>> from rules.zipai.loader import default_rule_set
            >>> splitter(default_rule_set()).group(GroupKind.KAN, (2, 2, 2)).rule
            'zp-2-hei-kan-r2'
        """
        key = (kind, cards)
        found = self._groups.get(key)
        if found is None:
            found = self._groups[key] = make(kind, tuple(Card(k) for k in cards), self.constants)
        return found

    def value(self, kind: GroupKind, cards: tuple[int, ...]) -> int:
        """The 胡息 of the concealed group of these cards.

        Examples:
            >>> from rules.zipai.loader import default_rule_set
            >>> splitter(default_rule_set()).value(GroupKind.KAN, (2, 2,
            ...     2)), splitter(default_rule_set()).value(GroupKind.KAN, (12, 12, 12))
            (3, 6)
        """
        return self.group(kind, cards).huxi

    def outcomes(self, rest: list[int], pairs: int, peng: int | None, locked: int) -> int:
        """The outcomes of every complete split of `rest` (counts; `locked` 坎 not in them) and
        `pairs` pairs. `peng` is the kind whose three cards, one of them another player's
        winning card, count as a 碰 when they stay together (ext-zp-win-card).

        Examples:
            >>> from rules.zipai.cards import counts
            >>> from rules.zipai.loader import default_rule_set
            >>> cards = list(counts(default_rule_set().constants.deck.parse("贰柒拾七八九伍陆柒捌捌")))
            >>> splitter(default_rule_set()).outcomes(cards, 1, None, 0) == 1 << (2 * 9)
            True
        """
        if len(self._tails) > self.LIMIT:
            self._tails.clear()
        out = self._walk(_packed(rest), pairs, peng)
        # A locked 坎 takes no part in the rest's split: it adds its 胡息 to every outcome
        # (and one without 胡 would break 列列) whatever the other cards do.
        while locked and out:
            low = locked & -locked
            locked ^= low
            huxi = self.kan[low.bit_length() - 1]
            if huxi <= 0:
                out = ((out & _ODD) >> 1) | (out & _EVEN)
            out <<= 2 * huxi
        return out

    def _walk(self, packed: int, pairs: int, peng: int | None) -> int:
        """The outcomes of what is left (`packed` counts), from its lowest card up: each group
        of `OPTIONS` the counts allow (the choices of `_options`, written out: this is the
        search's inner loop)."""
        held = packed ^ _BYTE_TOPS  # the bytes of the kinds still held are not zero
        if not held:
            return 2 if pairs == 0 else 0  # the empty split: 0胡, 列列
        i = ((held & -held).bit_length() - 1) >> 3
        key = None
        if i >= 10:  # the 大字 left: shared by many hands
            key = (packed, pairs, peng if peng is not None and peng >= 10 else None)
            found = self._tails.get(key)
            if found is not None:
                return found
        out = 0
        for take, huxi, has_hu, is_pair, is_kan in self.packed[i]:
            if is_pair and not pairs:
                continue
            left = packed - take
            if left & _BYTE_TOPS != _BYTE_TOPS:  # a count went below zero
                continue
            if is_kan and i == peng:
                huxi = self.peng[i]
                has_hu = huxi > 0
            sub = self._walk(left, pairs - is_pair, peng)
            if sub:
                if not has_hu:
                    sub = ((sub & _ODD) >> 1) | (sub & _EVEN)
                out |= sub << (2 * huxi)
        if key is not None:
            self._tails[key] = out
        return out

    def loose(self, counts: tuple[int, ...], win: int | None, locked: tuple[int, ...]) -> int:
        """The 胡息 of `best_partial`'s split (cards may stay loose), found by the same search
        on this table of values (less the groups that cannot bring more than loose cards),
        without making groups: choosing a reading needs only this.

        Examples:
            >>> from rules.zipai.cards import counts
            >>> from rules.zipai.loader import default_rule_set
            >>> cards = counts(default_rule_set().constants.deck.parse("三三三四五六七"))
            >>> splitter(default_rule_set()).loose(cards, None, ()), splitter(default_rule_set()).loose(cards, None,
            ...     (2,))
            (3, 3)
        """
        rest = list(counts)
        for i in locked:
            rest[i] -= 3
        memo: dict[tuple[tuple[int, ...], bool], int | None] = {}
        options, peng = self.loose_options, self.peng

        def best(i: int, win_left: bool) -> int | None:
            """The most 胡息 of what is left, from card i up; None when the winning card was left out."""
            while i < KINDS and not rest[i]:
                i += 1
            if i == KINDS:
                return None if win_left else 0
            key = (tuple(rest), win_left)
            if key in memo:
                return memo[key]
            found = None
            for cards, need, huxi, is_kan in options[i]:
                for k, n in need:
                    if rest[k] < n:
                        break
                else:
                    for k in cards:
                        rest[k] -= 1
                    # Placed with the winning card, a 坎 is a 碰; with copies left, the card may go elsewhere.
                    tries: tuple[tuple[int, bool], ...] = (((peng[i] if is_kan else huxi), False),) if (
                        win_left and win in cards) else ()
                    if not tries or (win is not None and rest[win]):
                        tries += ((huxi, win_left),)
                    for value, left in tries:
                        sub = best(i, left)
                        if sub is not None and (found is None or value + sub > found):
                            found = value + sub
                    for k in cards:
                        rest[k] += 1
            memo[key] = found
            return found

        result = best(0, win is not None)
        assert result is not None  # loose cards always give a split
        return result + sum([self.kan[i] for i in locked])

    def split(self, rest: list[int], pairs: int, peng: int | None, locked: int, outcome: Outcome) -> tuple[Part, ...]:
        """The first split (taking the lowest card first, groups in `_options` order) with this
        outcome; a branch stops once it has more 胡息 than the outcome.

        Examples:
            >>> from rules.zipai.cards import counts
            >>> from rules.zipai.loader import default_rule_set
            >>> cards = list(counts(default_rule_set().constants.deck.parse("贰柒拾七八九伍陆柒捌捌")))
            >>> [kind.value for kind, _ in splitter(default_rule_set()).split(cards, 1, None, 0, (9, False))]
            ['顺子', '二七十', '顺子', '将']
        """
        work, path = list(rest), list[Part]()
        want_huxi, want_lielie = outcome

        def dfs(i: int, pairs: int, locked: int, huxi: int, lielie: bool) -> bool:
            while i < KINDS and not work[i] and not locked >> i & 1:
                i += 1
            if i == KINDS:
                return pairs == 0 and huxi == want_huxi and lielie == want_lielie
            if locked >> i & 1:
                value = self.kan[i]
                path.append((GroupKind.KAN, (i, i, i)))
                if value + huxi <= want_huxi and dfs(i, pairs, locked & ~(1 << i), huxi + value, lielie and value > 0):
                    return True
                path.pop()
                return False
            tried = zip(self.options[i], OPTIONS[i], strict=True)
            for (cards, need, value, has_hu, is_pair, is_kan), (kind, _, _) in tried:
                if is_pair and not pairs:
                    continue
                if any(work[k] < n for k, n in need):
                    continue
                if is_kan and i == peng:
                    kind, value = GroupKind.PENG, self.peng[i]
                    has_hu = value > 0
                if huxi + value > want_huxi or (want_lielie and not has_hu):
                    continue
                for k in cards:
                    work[k] -= 1
                path.append((kind, cards))
                if dfs(i, pairs - is_pair, locked, huxi + value, lielie and has_hu):
                    return True
                path.pop()
                for k in cards:
                    work[k] += 1
            return False

        if not dfs(0, pairs, locked, 0, True):
            raise AssertionError("no split has the outcome asked for")
        return tuple(path)


_SPLITTERS: dict[int, tuple[object, Splitter]] = {}


def splitter(rule_set: RuleSet) -> Splitter:
    """The splitter of these rules (the rules object is kept with it, so its id stays its own).

    Examples:
        >>> from rules.zipai.loader import default_rule_set
        >>> splitter(default_rule_set()) is splitter(default_rule_set())
        True
    """
    entry = _SPLITTERS.get(id(rule_set.constants))
    if entry is None:
        entry = _SPLITTERS[id(rule_set.constants)] = (rule_set.constants, Splitter(rule_set))
    return entry[1]


class Splits:
    """Every complete split of a hand's concealed cards, by outcome; one split is rebuilt on request.

    Examples:
        >>> from rules.zipai.cards import counts
        >>> from rules.zipai.loader import default_rule_set
        >>> found = complete_splits(list(counts(default_rule_set().constants.deck.parse("贰柒拾七八九伍陆柒捌捌"))), 1,
        ...     (), None,
        ...     default_rule_set())
        >>> found.outcomes
        [(9, False)]
    """

    __slots__ = ("locked", "mask", "pairs", "peng", "rest", "rule_set")

    def __init__(self, mask: int, rest: list[int], pairs: int, peng: int | None, locked: int,
                 rule_set: RuleSet) -> None:
        self.mask, self.rest, self.pairs, self.peng = mask, rest, pairs, peng
        self.locked, self.rule_set = locked, rule_set

    @property
    def outcomes(self) -> list[Outcome]:
        """Every (胡息, 列列) some complete split gives, fewest 胡息 first.

        Examples:
            >>> from rules.zipai.cards import counts
            >>> from rules.zipai.loader import default_rule_set
            >>> complete_splits(list(counts(default_rule_set().constants.deck.parse("三三三四五六"))), 0, (), None,
            ...     default_rule_set()).outcomes
            [(3, False)]
        """
        out, mask = [], self.mask
        while mask:
            low = mask & -mask
            bit = low.bit_length() - 1
            out.append((bit >> 1, bool(bit & 1)))
            mask ^= low
        return out

    def parts(self, outcome: Outcome) -> tuple[Part, ...]:
        """One split with this outcome, as (kind, card indices) parts (`groups_of` makes them groups).

        Examples:
            >>> from rules.zipai.cards import counts
            >>> from rules.zipai.loader import default_rule_set
            >>> found = complete_splits(list(counts(default_rule_set().constants.deck.parse("三三三四五六"))), 0, (),
            ...     None,
            ...     default_rule_set())
            >>> found.parts((3, False))
            ((<GroupKind.KAN: '坎'>, (2, 2, 2)), (<GroupKind.SHUN: '顺子'>, (3, 4, 5)))
        """
        return splitter(self.rule_set).split(list(self.rest), self.pairs, self.peng, self.locked, outcome)


def complete_splits(concealed: Sequence[int], pairs: int, locked: tuple[int, ...], peng: int | None,
                    rule_set: RuleSet) -> Splits:
    """Every (胡息, 列列) a complete split of the concealed cards gives; the `locked` 坎 stay
    whole (zp-r-kan-split).

    Examples:
        >>> from rules.zipai.cards import counts
        >>> from rules.zipai.loader import default_rule_set
        >>> complete_splits(list(counts(default_rule_set().constants.deck.parse("三三三四五六"))), 0, (), None,
        ...     default_rule_set()).outcomes
        [(3, False)]
    """
    rest = list(concealed)
    bits = 0
    for i in locked:
        rest[i] -= 3
        bits |= 1 << i
    mask = splitter(rule_set).outcomes(rest, pairs, peng, bits)
    return Splits(mask, rest, pairs, peng, bits, rule_set)


def groups_of(parts: tuple[Part, ...], rule_set: RuleSet) -> tuple[Group, ...]:
    """The groups of a split's parts (one shared object per group, from the splitter).

    Examples:
        >>> from rules.zipai.loader import default_rule_set
        >>> [(g.kind.value, g.huxi) for g in groups_of(((GroupKind.KAN, (2, 2, 2)), (GroupKind.SHUN, (3, 4, 5))),
        ...     default_rule_set())]
        [('坎', 3), ('顺子', 0)]
    """
    group = splitter(rule_set).group
    return tuple(group(kind, cards) for kind, cards in parts)


def best_partial(counts: tuple[int, ...], win: int | None, rule_set: RuleSet,
                 locked: tuple[int, ...] = ()) -> tuple[Part, ...]:
    """The split with the most 胡息 when cards may stay loose (opening-hand wins).

    `win` is the index of a winning card from another player, whose 坎 counts as
    a 碰; `locked` 坎 stay whole (zp-r-kan-split); the memo holds the best split
    of each remainder.

    Examples:
        >>> from rules.zipai.cards import counts
        >>> from rules.zipai.loader import default_rule_set
        >>> [kind.value for kind, _ in best_partial(counts(default_rule_set().constants.deck.parse("三三三四五六七")),
        ...     None,
        ...     default_rule_set())]
        ['坎', '顺子', '散牌']
    """
    @cache
    def value(kind: GroupKind, cards: tuple[int, ...]) -> int:
        return make(kind, tuple(Card(k) for k in cards), rule_set.constants).huxi

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


def specials(concealed: Sequence[int], shown: tuple[Group, ...], opening: bool,
             rule_set: RuleSet) -> tuple[Special, ...]:
    """The opening-hand patterns this hand holds. A 坎 is three alike held concealed.

    Examples:
        >>> from rules.zipai.cards import counts
        >>> from rules.zipai.loader import default_rule_set
        >>> specials(list(counts(default_rule_set().constants.deck.parse("三三三四四四五五五六六六七七七"))), (), True,
        ...     default_rule_set())
        (<Special.WUKAN: '五坎'>,)
    """
    return patterns(len([g for g in shown if g.kind is GroupKind.LONG]), kans_held(concealed), opening, rule_set)


def kans_held(concealed: Sequence[int]) -> int:
    """How many kinds are held three (or four) alike among the concealed cards: the 坎 of `patterns`.

    Examples:
        >>> kans_held([3, 0, 4, 2] + [0] * 16)
        2
    """
    return len(concealed) - concealed.count(0) - concealed.count(1) - concealed.count(2)


def patterns(longs: int, kans: int, opening: bool, rule_set: RuleSet) -> tuple[Special, ...]:
    """The opening-hand patterns of a hand with this many 拢 and 坎.

    三垅 and 五坎 are opening hands only; 一拢（坎）三坎 may also be completed in
    play (zp-3-yilong-sankan-2), and under reading zp-r-yilong-sankan=four_kan_too
    four 坎 count as one 坎 (拢) and three.

    Examples:
        >>> from rules.zipai.loader import default_rule_set
        >>> patterns(0, 5, True, default_rule_set()), patterns(1, 3, False, default_rule_set()), patterns(0, 5, False,
        ...     default_rule_set())
        ((<Special.WUKAN: '五坎'>,), (<Special.YILONG_SANKAN: '一拢（坎）三坎'>,), ())
    """
    m = rule_set.constants.mingtang
    found = []
    if opening and longs >= m.sanlong.value:
        found.append(Special.SANLONG)
    if opening and kans >= m.wukan.value:
        found.append(Special.WUKAN)
    need_long, need_kan = m.yilong_sankan_long.value, m.yilong_sankan_kan.value
    if (longs >= need_long and kans >= need_kan) or (
        rule_set.options.yilong_sankan is YilongSankan.FOUR_KAN_TOO and kans >= need_kan + need_long
    ):
        found.append(Special.YILONG_SANKAN)
    return tuple(found)


def pattern_groups(special: Special, concealed: Sequence[int], shown: tuple[Group, ...], win: int | None,
                   rule_set: RuleSet) -> tuple[Group, ...]:
    """Only the groups that make the pattern, the best ones (reading zp-r-special-huxi).

    Examples:
        >>> from rules.zipai.cards import counts
        >>> from rules.zipai.loader import default_rule_set
        >>> cards = list(counts(default_rule_set().constants.deck.parse("三三三四四四五五五六六六七七七")))
        >>> [g.huxi for g in pattern_groups(Special.WUKAN, cards, (), None, default_rule_set())]
        [9, 3, 3, 3, 3]
    """
    m = rule_set.constants.mingtang
    longs = sorted((g for g in shown if g.kind is GroupKind.LONG), key=lambda g: -g.huxi)
    kans = sorted(
        (make(GroupKind.PENG if (win == i and concealed[i] == 3) else GroupKind.KAN,
              (Card(i),) * 3, rule_set.constants) for i in range(KINDS) if concealed[i] >= 3),
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
    if rule_set.options.yilong_sankan is YilongSankan.FOUR_KAN_TOO and len(kans) >= need_kan + need_long:
        choices.append(tuple(kans[: need_kan + need_long]))
    return max(choices, key=lambda gs: sum(g.huxi for g in gs))


@dataclass(frozen=True)
class Arrangement:
    """One way to read the hand: its groups (shown first) and the pattern it wins by.

    Examples:
        >>> from rules.zipai.loader import default_rule_set
        >>> parts = ((GroupKind.KAN, (2, 2, 2)), (GroupKind.SHUN, (3, 4, 5)))
        >>> reading = Arrangement(groups_of(parts, default_rule_set()), None, True)
        >>> reading.huxi, reading.lielie, reading.fours
        (3, False, 0)
    """

    groups: tuple[Group, ...]
    special: Special | None
    complete: bool

    @property
    def huxi(self) -> int:
        """The 胡息 of all the groups.

        Examples:
            >>> from rules.zipai.loader import default_rule_set
            >>> Arrangement(groups_of(((GroupKind.KAN, (2, 2, 2)),), default_rule_set()), None, True).huxi
            3
        """
        return sum(g.huxi for g in self.groups)

    @property
    def lielie(self) -> bool:
        """列列胡: every group but the pair has 胡 (ext-zp-lielie-pair); loose cards break it.

        Examples:
            >>> from rules.zipai.loader import default_rule_set
            >>> Arrangement(groups_of(((GroupKind.KAN, (2, 2, 2)), (GroupKind.JIANG, (5, 5))), default_rule_set()),
            ...     None, True).lielie
            True
        """
        return self.complete and all(g.huxi > 0 for g in self.groups if g.kind is not GroupKind.JIANG)

    @property
    def fours(self) -> int:
        """How many groups of four (招, 拢) the reading holds.

        Examples:
            >>> from rules.zipai.loader import default_rule_set
            >>> Arrangement(groups_of(((GroupKind.KAN, (2, 2, 2)),), default_rule_set()), None, True).fours
            0
        """
        return sum(g.kind in FOURS for g in self.groups)
