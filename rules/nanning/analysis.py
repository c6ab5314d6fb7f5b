"""Split a concrete hand: every way to group it, and the one that pays most.

A complete hand is four sets and a pair (sets in the concealed part may be
triplets or sequences; no 吃 in this game, so melds are only 碰 and 杠), or seven
pairs where four identical tiles count as two pairs (a 大对, the document's
七大对 groups). The chosen split is the one with the most doublings, which is
the one that pays most whatever the method; it depends only on tile counts, so
never on the order the tiles were written in.
"""
from __future__ import annotations

from collections.abc import Iterator
from functools import lru_cache, cache

from ..errors import RuleError
from .model import PAIR_SHAPES, Hand, HandType, Meld, MeldKind, Shape, Split
from .options import MinggangMenqing, Scoring
from .rule_set import RuleSet
from .tiles import COPIES, KINDS, Tile, counts, name

HAND_SIZE = 14


def validate(hand: Hand) -> None:
    """Tile counts, copies and melds that can exist at all.

    Examples:
        >>> from rules.nanning.model import Hand
        >>> from rules.nanning.tiles import parse
        >>> validate(Hand(tuple(parse("11112222m")), (), 0))
        Traceback (most recent call last):
        ...
        rules.errors.RuleError: a winning hand has 14 tiles counting each meld as 3; got 8 concealed + 0 melds × 3 = 8
    """
    size = len(hand.concealed) + 3 * len(hand.melds)
    if size != HAND_SIZE:
        raise RuleError(
            f"a winning hand has 14 tiles counting each meld as 3; got {len(hand.concealed)} concealed"
            f" + {len(hand.melds)} melds × 3 = {size}"
        )
    if len(hand.melds) > 4:
        raise RuleError(f"at most 4 melds, got {len(hand.melds)}")
    total = list(counts(hand.concealed))
    for meld in hand.melds:
        total[meld.tile] += 4 if meld.kind.is_kong else 3
    for tile, n in enumerate(total):
        if n > COPIES:
            raise RuleError(f"{name(tile)} appears {n} times; there are only 4 of each tile")
    if hand.won_on not in hand.concealed:
        raise RuleError(f"the winning tile {name(hand.won_on)} is not in the concealed hand")


@lru_cache(maxsize=1 << 16)
def _suit_sets(ranks: tuple[int, ...], honours: bool) -> tuple[tuple[tuple[str, int], ...], ...]:
    """Every way to split one suit's counts (no pair) into triplets and sequences."""
    first = next((i for i, n in enumerate(ranks) if n), None)
    if first is None:
        return ((),)
    out = []
    if ranks[first] >= 3:
        rest = list(ranks)
        rest[first] -= 3
        out += [(("刻", first), *tail) for tail in _suit_sets(tuple(rest), honours)]
    if not honours and first + 2 < len(ranks) and ranks[first + 1] and ranks[first + 2]:
        rest = list(ranks)
        for k in range(3):
            rest[first + k] -= 1
        out += [(("顺", first), *tail) for tail in _suit_sets(tuple(rest), honours)]
    return tuple(out)


def _standard(c: tuple[int, ...]) -> Iterator[Split]:
    for pair in range(KINDS):
        if c[pair] < 2:
            continue
        rest = list(c)
        rest[pair] -= 2
        per_suit: list[list[SuitSets]] = []
        for s in range(4):
            part = tuple(rest[s * 9 : s * 9 + (7 if s == 3 else 9)])
            ways = _suit_sets(part, s == 3)
            if not ways:
                break
            per_suit.append([tuple((kind, s * 9 + r) for kind, r in way) for way in ways])
        else:
            for combo in _product(per_suit):
                sets = tuple(x for part in combo for x in part)
                shape = Shape.PENGPENG if all(kind == "刻" for kind, _ in sets) else Shape.JIHU
                yield Split(shape, sets, (pair,))


SuitSets = tuple[tuple[str, Tile], ...]  # one suit's sets: ("刻" or "顺", the first tile)


def _product(parts: list[list[SuitSets]]) -> Iterator[tuple[SuitSets, ...]]:
    if not parts:
        yield ()
        return
    for head in parts[0]:
        for tail in _product(parts[1:]):
            yield (head, *tail)


def _seven_pairs(c: tuple[int, ...]) -> Split | None:
    if any(n % 2 for n in c) or sum(c) != HAND_SIZE:
        return None
    pairs = tuple(t for t, n in enumerate(c) for _ in range(n // 2))
    quads = sum(1 for n in c if n == 4)
    shape = (Shape.QIXIAODUI, Shape.DADUI1, Shape.DADUI2, Shape.DADUI3)[quads]
    return Split(shape, (), pairs)


def splits(hand: Hand) -> list[Split]:
    """Every way to group the concealed tiles into a complete hand.

    Examples:
        >>> from rules.nanning.model import Hand
        >>> from rules.nanning.tiles import parse
        >>> [r.shape.value for r in splits(Hand(tuple(parse("11223344556677m")), (), 0))]
        ['鸡胡', '鸡胡', '鸡胡', '七小对']
    """
    c = counts(hand.concealed)
    out = list(_standard(c))
    if not hand.melds:
        seven = _seven_pairs(c)
        if seven is not None:
            out.append(seven)
    return out


def is_qingyise(hand: Hand) -> bool:
    """清一色: every tile of one number suit, or all honours (字一色 counts, nn-4-3).

    Examples:
        >>> from rules.nanning.model import Hand
        >>> from rules.nanning.tiles import parse
        >>> is_qingyise(Hand(tuple(parse("11123456789999m")), (), 0)), is_qingyise(Hand(tuple(parse("11123456789m99p")),
        ...     (), 0))
        (True, False)
    """
    first = min(hand.concealed) // 9
    return max(hand.concealed) // 9 == first and all(m.tile // 9 == first for m in hand.melds)


BREAKS_MENQING = frozenset({MeldKind.PENG, MeldKind.JIAGANG, MeldKind.MINGGANG})


def is_menqing(hand: Hand, minggang_breaks: bool = True) -> bool:
    """门清: no 碰 (and, under the default reading, no 明杠 either).

    Examples:
        >>> from rules.nanning.model import Hand, Meld, MeldKind
        >>> from rules.nanning.tiles import parse
        >>> is_menqing(Hand(tuple(parse("234m678m999m55p")), (Meld(MeldKind.PENG, parse("9s")[0]),), 13))
        False
        >>> is_menqing(Hand(tuple(parse("234m678m55p")), (Meld(MeldKind.ANGANG, 0), Meld(MeldKind.ANGANG, 26)), 13))
        True
    """
    if not hand.melds:
        return True
    breaking = BREAKS_MENQING if minggang_breaks else BREAKS_MENQING - {MeldKind.MINGGANG}
    return not any(m.kind in breaking for m in hand.melds)


def is_quanqiuren(hand: Hand) -> bool:
    """全求人: four melds all taken from others and a single tile waiting for its pair.

    Examples:
        >>> from rules.nanning.model import Hand, Meld, MeldKind
        >>> from rules.nanning.tiles import parse
        >>> is_quanqiuren(Hand(tuple(parse("55p")), tuple(Meld(MeldKind.PENG, t) for t in parse("1234m")), 13))
        True
    """
    return len(hand.melds) == 4 and all(m.kind.from_other for m in hand.melds)


def _splits(ranks: tuple[int, ...] | list[int], honours: bool) -> bool:
    """Whether one suit's counts split into sets (no pair), without listing the ways.

    Lowest rank first: the tiles of a rank not taken by sequences begun one or two
    ranks below begin `n % 3` sequences and make triplets of the rest (three equal
    sequences are the same tiles as three triplets), so one pass decides.
    """
    if honours:
        return all(n % 3 == 0 for n in ranks)
    one = two = 0  # sequences begun one rank below and two ranks below: both need this rank
    for n in ranks:
        n -= one + two
        if n < 0:
            return False
        two, one = one, n % 3
    return not one and not two


@lru_cache(maxsize=1 << 14)
def _suit_fit(ranks: tuple[int, ...], honours: bool) -> int:
    """How one suit's counts split (memoised: a suit has few shapes, and hands share them):
    0 into sets, 2 into sets and the pair, -1 not at all."""
    left = sum(ranks) % 3
    if left == 0:
        return 0 if _splits(ranks, honours) else -1
    if left == 2:
        for pair, n in enumerate(ranks):
            if n >= 2:
                rest = list(ranks)
                rest[pair] -= 2
                if _splits(rest, honours):
                    return 2
    return -1


def shape_of(c: tuple[int, ...], melds: bool = False) -> Shape | None:
    """The shape that pays most among all splits of the concealed counts (34, by tile),
    or None when they do not make a complete hand; without listing the splits.

    Seven pairs pay more than any standard split of the same tiles, and an
    all-triplet split (exactly one pair, every other count 3) more than one
    with a sequence; so it is enough to test the three in that order. A
    standard split has its pair in the one suit whose tiles leave two over
    after threes, and every other suit splits into sets.

    Examples:
        >>> from rules.nanning.tiles import counts, parse
        >>> shape_of(counts(parse("11223344556677m"))), shape_of(counts(parse("123m")))
        (<Shape.QIXIAODUI: '七小对'>, None)
    """
    honours = c[27:34]
    if 1 in honours:  # a single honour is in no set, pair or seven pairs
        return None
    if 1 not in c:
        if not melds and 3 not in c and sum(c) == HAND_SIZE:
            return (Shape.QIXIAODUI, Shape.DADUI1, Shape.DADUI2, Shape.DADUI3)[c.count(4)]
        if c.count(2) == 1 and 4 not in c:
            return Shape.PENGPENG
    fits = (_suit_fit(c[0:9], False), _suit_fit(c[9:18], False), _suit_fit(c[18:27], False),
            _suit_fit(honours, True))
    if -1 in fits or fits.count(2) != 1:
        return None
    return Shape.JIHU


def hand_type(hand: Hand, self_drawn: bool, minggang_breaks: bool = True) -> HandType:
    """The hand type that pays most (see `shape_of`).

    Examples:
        >>> from rules.nanning.model import Hand, Meld, MeldKind
        >>> from rules.nanning.tiles import parse
        >>> hand_type(Hand(tuple(parse("234m678m999m55p")), (Meld(MeldKind.PENG, parse("9s")[0]),), 13), False).label()
        '鸡胡'
    """
    concealed, melds = hand.concealed, hand.melds
    size = len(concealed)
    # A complete concealed part holds 3n + 2 tiles (at most 14): anything else is read no further.
    c = counts(concealed)
    shape = shape_of(c, bool(melds)) if size <= HAND_SIZE and size % 3 == 2 else None
    if shape is None:
        raise RuleError("the tiles do not form a complete hand (four sets and a pair, or seven pairs)")
    if melds:
        quanqiuren = is_quanqiuren(hand) and not self_drawn  # 自摸 is not 全求人 (nn-10-2)
        return _hand_type(shape, shape in PAIR_SHAPES or is_menqing(hand, minggang_breaks), is_qingyise(hand),
                          quanqiuren)
    # No melds: 门清, never 全求人; 清一色 when the first tile's suit holds every tile.
    start = concealed[0] // 9 * 9
    return _hand_type(shape, True, sum(c[start:start + 9]) == size, False)


@cache
def _hand_type(shape: Shape, menqing: bool, qingyise: bool, quanqiuren: bool) -> HandType:
    """One HandType per combination (48 at most): hand types are values, and splitting a hand
    need not build a frozen dataclass each time."""
    return HandType(shape, menqing, qingyise, quanqiuren)


def best(hand: Hand, self_drawn: bool, minggang_breaks: bool = True) -> tuple[HandType, Split]:
    """The hand type that pays most, and a split of the tiles that gives it.

    Examples:
        >>> from rules.nanning.model import Hand
        >>> from rules.nanning.tiles import parse
        >>> kind, split = best(Hand(tuple(parse("11122233344455m")), (), 13), True)
        >>> kind.label(), split.shape.value
        ('碰碰胡门清清一色', '碰碰胡')
    """
    chosen = hand_type(hand, self_drawn, minggang_breaks)
    split = next(r for r in splits(hand) if r.shape is chosen.shape)
    return chosen, split


def read(hand: Hand, self_drawn: bool, rule_set: RuleSet) -> tuple[HandType, Split]:
    """The hand type that pays most under a rule set's options, and its split (`best`): 明杠 breaks 门清 or
    not; under the billee1011 server's scoring any four melds are 全求人, self-drawn or 暗杠 (Table 176-179).

    Examples:
        >>> from rules.nanning.rule_set import preset
        >>> from rules.nanning.tiles import parse
        >>> hand = Hand(tuple(parse("55p")), tuple(Meld(MeldKind.PENG, t) for t in parse("1234m")), 13)
        >>> [read(hand, True, preset(p))[0].quanqiuren for p in ("yuanwen", "billee-server")]
        [False, True]
    """
    kind, split = best(hand, self_drawn, rule_set.options.minggang_menqing is MinggangMenqing.BREAKS)
    if rule_set.options.scoring is Scoring.BILLEE:
        kind = _hand_type(kind.shape, kind.menqing, kind.qingyise, len(hand.melds) == 4)
    return kind, split


def kong_melds(hand: Hand) -> list[Meld]:
    """The melds that are kongs (暗杠, 明杠, 加杠), in the order shown.

    Examples:
        >>> from rules.nanning.model import Hand, Meld, MeldKind
        >>> from rules.nanning.tiles import parse
        >>> kong_melds(Hand(tuple(parse("234m678m55p")), (Meld(MeldKind.ANGANG, 0), Meld(MeldKind.PENG, 26)), 13))
        [Meld(kind=<MeldKind.ANGANG: '暗杠'>, tile=0)]
    """
    return [m for m in hand.melds if m.kind.is_kong]
