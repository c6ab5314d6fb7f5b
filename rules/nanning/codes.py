"""摸码 and 钓鱼: which tiles belong to which seat, counted from the dealer.

The document gives one mapping for both (nn-22-ma-e1, nn-22-yu-d1): the dealer
1、5、9、东、中; the dealer's 下家 2、6、南、发; the 对家 3、7、西、白; the 上家
4、8、北. Numbers repeat every four ranks in each of the three suits.
"""
from __future__ import annotations

from .tiles import COPIES, KINDS, Suit, Tile, rank, suit

SEATS_FROM_DEALER = ("庄家", "庄家下家", "庄家对家", "庄家上家")
DRAGON_SEAT = {7: 0, 6: 1, 5: 2}  # 中 → dealer, 发 → 下家, 白 → 对家


def seat_of(tile: Tile) -> int:
    """The seat (0 = dealer, counter-clockwise) a code tile points to.

    Examples:
        >>> from rules.nanning.tiles import parse
        >>> [seat_of(t) for t in parse("1m2m3m4m5m1z7z")]
        [0, 1, 2, 3, 0, 0, 0]
    """
    r = rank(tile)
    if suit(tile) is Suit.HONOR:
        return r - 1 if r <= 4 else DRAGON_SEAT[r]
    return (r - 1) % 4


def tiles_for(seat: int) -> list[Tile]:
    """The tile kinds that hit for a seat (0 = dealer): 1、5、9 of each suit, 东 and 中 for the dealer.

    Examples:
        >>> len(tiles_for(0)), len(tiles_for(3))
        (11, 7)
    """
    return [t for t in range(KINDS) if seat_of(t) == seat]


def hit_copies(seat: int) -> int:
    """How many of the 136 tiles hit for a seat.

    Examples:
        >>> [hit_copies(seat) for seat in range(4)]
        [44, 32, 32, 28]
    """
    return len(tiles_for(seat)) * COPIES
