"""摸码: how many of the codes a 自摸 winner draws hit his seat, exactly.

Model. The winner has a concealed complete hand of 14 tiles. The n code tiles are
the next n tiles of the wall; from where he sits they are a uniformly random
n-subset of the 122 tiles he does not hold (we do not condition on the discards he
has seen, i.e. we average over them). If his seat has H hit tiles among the 136
and h of them are in his own hand, the hits among the codes are hypergeometric:
C(H−h, k)·C(122−H+h, n−k) / C(122, n). Two hand models average over h:

- 和牌 — the hand is uniform over all complete concealed hands, each weighted by
  the ways to pick its tiles (the rarity table's hands);
- 随机 — the hand is any 14 tiles; then the codes are simply n random tiles of 136.
"""
from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from fractions import Fraction
from math import comb

from rules.nanning.tiles import COPIES, KINDS

TILES = KINDS * COPIES
HAND = 14
UNSEEN = TILES - HAND
MODELS = {"和牌": "赢家的手牌是任意一副门清和牌（按组合数加权）", "随机": "赢家的手牌是任意 14 张"}


def hypergeometric(population: int, good: int, drawn: int) -> list[Fraction]:
    """P(k good among `drawn` picked from `population` holding `good`), k = 0..drawn."""
    total = comb(population, drawn)
    return [Fraction(comb(good, k) * comb(population - good, drawn - k), total) for k in range(drawn + 1)]


def random_hand_hits(copies: int) -> dict[int, Fraction]:
    return dict(enumerate(hypergeometric(TILES, copies, HAND)))


def weights(counts: Mapping[int, int]) -> dict[int, Fraction]:
    total = sum(counts.values())
    return {h: Fraction(n, total) for h, n in counts.items()}


def hits(hand: Mapping[int, Fraction], copies: int, codes: int, unseen: int = UNSEEN) -> list[Fraction]:
    """P(k of the `codes` code tiles hit), k = 0..codes, averaged over the winner's own hits h."""
    out = [Fraction(0)] * (codes + 1)
    for h, p in hand.items():
        for k, q in enumerate(hypergeometric(unseen, copies - h, codes)):
            out[k] += p * q
    return out


def multiplier(p: list[Fraction], compound: bool) -> Fraction:
    """Expected factor on the hand points: ×(1+k) by default, ×2^k under moma_multiply=compound."""
    return sum((Fraction(2**k) if compound else Fraction(1 + k)) * q for k, q in enumerate(p))


@dataclass(frozen=True)
class Odds:
    model: str
    seat: int
    copies: int
    codes: int
    p: tuple[Fraction, ...]  # P(k hits), k = 0..codes

    @property
    def any_hit(self) -> Fraction:
        return 1 - self.p[0]

    @property
    def additive(self) -> Fraction:
        return multiplier(list(self.p), compound=False)

    @property
    def compound(self) -> Fraction:
        return multiplier(list(self.p), compound=True)


def odds(complete: Mapping[int, Mapping[int, int]], copies: Mapping[int, int], max_codes: int) -> list[Odds]:
    """Every model × seat × number of codes 1..max_codes. `complete[seat]`: complete hands by own hits."""
    out = []
    for model in MODELS:
        for seat, n in copies.items():
            hand = weights(complete[seat]) if model == "和牌" else random_hand_hits(n)
            out += [Odds(model, seat, n, k, tuple(hits(hand, n, k))) for k in range(1, max_codes + 1)]
    return out
