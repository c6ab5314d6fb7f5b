"""Counting complete mahjong hands exactly, one suit at a time.

A hand is a choice of tile counts per kind; since every physical tile is distinct,
a count c of a kind with `copies` tiles is picked in C(copies, c) ways. Whether a
hand is complete, and which reading pays most, depends on each suit only through
a few facts, its `Profile`: how many tiles; whether it splits into sets and at
most one pair (and whether such a split can use a sequence); whether all counts
are even (and how many are 4); whether all counts are 0, 2 or 3 with at most one 2.

`profiles` counts the vectors of one suit by profile with a left-to-right pass over
the ranks whose state is the set of partial splits still open: a few hundred states
instead of 5^9 vectors. `hand_facts` then multiplies the suits' generating functions
(exponents = per-hand totals of those facts), keeping only hands of the right size.
Nothing here knows what a reading pays; `generator.nanning.rarity` decides that.
"""
from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from math import comb
from typing import NamedTuple

# A partial split at one rank: (sequences that end here, sequences that need this
# rank and the next, pair used, a sequence used).
Split = tuple[int, int, bool, bool]
START: frozenset[Split] = frozenset({(0, 0, False, False)})


@dataclass(frozen=True)
class Suit:
    """One suit: `ranks` kinds in a row; sequences only in number suits (`runs`)."""

    ranks: int
    runs: bool
    marked: frozenset[int] = frozenset()  # 0-based ranks whose tiles count as hits


@dataclass(frozen=True)
class TileSet:
    suits: tuple[Suit, ...]
    copies: int = 4
    hand: int = 14

    @property
    def tiles(self) -> int:
        return self.copies * sum(s.ranks for s in self.suits)


class Profile(NamedTuple):
    """What one suit's counts decide about the hand."""

    tiles: int
    standard: bool  # splits into sets and at most one pair
    sequence: bool  # all counts 0/2/3 and a split with a sequence exists too
    quads: int | None  # all counts even: how many are 4; otherwise None
    twos: int | None  # all counts 0, 2 or 3 with at most one 2: how many 2s; otherwise None
    hits: int  # tiles on marked ranks


class Facts(NamedTuple):
    """Per-hand totals over the suits (capped where only 0/1/many matters)."""

    broken: int  # suits that do not split into sets and at most one pair
    pair_suits: int  # suits whose split holds the pair: a standard hand has exactly 1
    uneven: int  # suits with an odd count: 0 means seven pairs
    quads: int  # counts of 4 (meaningful when uneven == 0)
    mixed: int  # suits whose counts are not all 0/2/3 with at most one 2
    twos: int  # counts of 2 in the other suits: an all-triplet hand has exactly 1
    sequence: int  # all-triplet suits that also split with a sequence
    number_suits: int  # number suits holding tiles
    honour_suits: int  # honour suits holding tiles
    hits: int


# Where only none / one / more matters, a total stops growing: fewer distinct facts.
CAPS = Facts(broken=1, pair_suits=2, uneven=1, quads=14, mixed=1, twos=2, sequence=1, number_suits=2,
             honour_suits=2, hits=14 * 4)


def _advance(splits: frozenset[Split], c: int, can_start: bool, memo: dict) -> frozenset[Split]:
    """The partial splits after placing c tiles of the next rank."""
    key = (splits, c, can_start)
    found = memo.get(key)
    if found is None:
        out = set()
        for ending, going, pair, seq in splits:
            rest = c - ending - going
            if rest < 0:
                continue
            for triplets in range(rest // 3 + 1):
                for p in (0,) if pair else (0, 1):
                    new = rest - 3 * triplets - 2 * p
                    if new < 0 or (new and not can_start):
                        continue
                    out.add((going, new, pair or p == 1, seq or new > 0))
        found = memo[key] = frozenset(out)
    return found


def _evens(quads: int | None, c: int) -> int | None:
    return None if quads is None or c % 2 else quads + (c == 4)


def _twos(twos: int | None, c: int) -> int | None:
    if twos is None or c not in (0, 2, 3):
        return None
    return twos + (c == 2) if twos + (c == 2) <= 1 else None


def _profile(splits: frozenset[Split], tiles: int, quads: int | None, twos: int | None, hits: int) -> Profile:
    # a sequence matters only for all-triplet suits (碰碰胡 that could also be 鸡胡)
    sequence = twos is not None and any(s[3] for s in splits)
    return Profile(tiles, bool(splits), sequence, quads, twos, hits)


def profiles(suit: Suit, copies: int, limit: int) -> dict[Profile, int]:
    """Weighted number of count vectors of one suit (at most `limit` tiles) by profile.

    Vectors that can be part of no complete hand (no split and an odd count) are dropped.
    """
    memo: dict = {}
    states: dict[tuple, int] = {(START, 0, 0, 0, 0): 1}
    for rank in range(suit.ranks):
        can_start = suit.runs and rank + 2 < suit.ranks
        marked = rank in suit.marked
        after: dict[tuple, int] = defaultdict(int)
        for (splits, tiles, quads, twos, hits), weight in states.items():
            for c in range(min(copies, limit - tiles) + 1):
                nsplits, nquads = _advance(splits, c, can_start, memo), _evens(quads, c)
                if not nsplits and nquads is None:
                    continue
                after[(nsplits, tiles + c, nquads, _twos(twos, c), hits + c * marked)] += weight * comb(copies, c)
        states = after
    out: dict[Profile, int] = defaultdict(int)
    for state, weight in states.items():
        out[_profile(*state)] += weight
    return dict(out)


def profile_of(suit: Suit, counts: Sequence[int]) -> Profile:
    """The profile of one count vector, by the same pass as `profiles`."""
    memo: dict = {}
    splits, quads, twos = START, 0, 0
    for rank, c in enumerate(counts):
        splits = _advance(splits, c, suit.runs and rank + 2 < suit.ranks, memo)
        quads, twos = _evens(quads, c), _twos(twos, c)
    return _profile(splits, sum(counts), quads, twos, sum(c for r, c in enumerate(counts) if r in suit.marked))


def suit_facts(suit: Suit, p: Profile) -> Facts:
    """One suit's contribution to the per-hand totals."""
    return Facts(
        broken=0 if p.standard else 1,
        pair_suits=1 if p.standard and p.tiles % 3 == 2 else 0,
        uneven=0 if p.quads is not None else 1,
        quads=p.quads or 0,
        mixed=0 if p.twos is not None else 1,
        twos=p.twos or 0,
        sequence=int(p.sequence),
        number_suits=int(p.tiles > 0 and suit.runs),
        honour_suits=int(p.tiles > 0 and not suit.runs),
        hits=p.hits,
    )


def _add(a: Facts, b: Facts) -> Facts:
    return Facts(*(min(x + y, cap) for x, y, cap in zip(a, b, CAPS, strict=True)))


Poly = dict[tuple[int, Facts], int]  # (tiles, facts) -> weighted number of hands


def _times(p: Poly, q: Poly, limit: int) -> Poly:
    out: Poly = defaultdict(int)
    for (n1, f1), w1 in p.items():
        for (n2, f2), w2 in q.items():
            if n1 + n2 <= limit:
                f = _add(f1, f2)
                if not (f.broken and f.uneven):  # neither four sets and a pair nor seven pairs
                    out[(n1 + n2, f)] += w1 * w2
    return out


def _suit_poly(suit: Suit, tiles: TileSet, keep: frozenset[str], cache: dict) -> Poly:
    if suit not in cache:
        poly: Poly = defaultdict(int)
        for p, w in profiles(suit, tiles.copies, tiles.hand).items():
            f = suit_facts(suit, p)
            poly[(p.tiles, f._replace(**{k: 0 for k in Facts._fields if k not in keep}))] += w
        cache[suit] = dict(poly)
    return cache[suit]


def hand_facts(tiles: TileSet, keep: Iterable[str] = Facts._fields) -> dict[Facts, int]:
    """Weighted number of hands of `tiles.hand` tiles by per-hand facts (only hands that may be complete).

    Facts not in `keep` are left at 0: fewer distinct facts, a faster product.
    """
    cache: dict = {}  # identical suits (the three number suits) are counted once
    total: Poly = {(0, Facts(*([0] * len(Facts._fields)))): 1}
    for suit in tiles.suits:
        total = _times(total, _suit_poly(suit, tiles, frozenset(keep), cache), tiles.hand)
    return {f: w for (n, f), w in total.items() if n == tiles.hand}


def facts_of(tiles: TileSet, counts: Iterable[Sequence[int]]) -> Facts:
    """The facts of one concrete hand, given as one count vector per suit."""
    out = Facts(*([0] * len(Facts._fields)))
    for suit, vector in zip(tiles.suits, counts, strict=True):
        out = _add(out, suit_facts(suit, profile_of(suit, vector)))
    return out
