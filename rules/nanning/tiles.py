"""Tiles (牌): the 136-tile set without flowers, and tenhou-style notation.

Notation: digits then a suit letter, `m` 万, `p` 筒, `s` 条, `z` 字 with 1–7 =
东 南 西 北 白 发 中; e.g. `123m456p789s11z`. A tile is an index 0–33:
万 0–8, 筒 9–17, 条 18–26, 字 27–33.
"""
from __future__ import annotations

import re
from enum import StrEnum

from ..errors import RuleError
from ..request import DIGIT, echo
from ..request import text as bounded_text


class Suit(StrEnum):
    """花色.

    Examples:
        >>> Suit("p"), SUIT_NAMES[Suit.PIN]
        (<Suit.PIN: 'p'>, '筒')
    """

    MAN = "m"  # 万
    PIN = "p"  # 筒
    SOU = "s"  # 条
    HONOR = "z"  # 字


SUITS = (Suit.MAN, Suit.PIN, Suit.SOU, Suit.HONOR)
SUIT_NAMES = {Suit.MAN: "万", Suit.PIN: "筒", Suit.SOU: "条", Suit.HONOR: "字"}
HONOR_NAMES = ("东", "南", "西", "北", "白", "发", "中")
NUMERALS = "一二三四五六七八九"
KINDS = 34
COPIES = 4

Tile = int


def suit(tile: Tile) -> Suit:
    """The suit of a tile (万 0–8, 筒 9–17, 条 18–26, 字 27–33).

    Examples:
        >>> suit(0), suit(33)
        (<Suit.MAN: 'm'>, <Suit.HONOR: 'z'>)
    """
    return SUITS[tile // 9]


def rank(tile: Tile) -> int:
    """1-based rank within the suit (1–9, or 1–7 for honours).

    Examples:
        >>> rank(0), rank(13), rank(33)
        (1, 5, 7)
    """
    return tile % 9 + 1


def make(s: Suit, r: int) -> Tile:
    """The tile of this suit and rank (the inverse of `suit` and `rank`).

    Examples:
        >>> make(Suit.PIN, 5), name(make(Suit.HONOR, 6))
        (13, '发')
    """
    return SUITS.index(s) * 9 + r - 1


def name(tile: Tile) -> str:
    """Chinese name, e.g. 五条, 东, 发.

    Examples:
        >>> name(22), name(27), name(32)
        ('五条', '东', '发')
    """
    if suit(tile) is Suit.HONOR:
        return HONOR_NAMES[rank(tile) - 1]
    return NUMERALS[rank(tile) - 1] + SUIT_NAMES[suit(tile)]


def notation(tiles: list[Tile] | tuple[Tile, ...]) -> str:
    """Tenhou notation, grouped by suit in the order m p s z, e.g. 123m55z.

    Examples:
        >>> notation([33, 0, 2, 1, 33])
        '123m77z'
    """
    out = []
    for s in SUITS:
        ranks = sorted(rank(t) for t in tiles if suit(t) is s)
        if ranks:
            out.append("".join(str(r) for r in ranks) + s.value)
    return "".join(out)


TOKEN = re.compile(f"({DIGIT}+)([mpsz])")
MAX_TEXT = 64  # 14 tiles, their suit letters and some spaces


def parse(text: str, what: str = "hand") -> list[Tile]:
    """Tiles in written order. Raises RuleError on anything that is not notation.

    Only ASCII digits are ranks: １２３m, ٣m, ३m or 𝟑m are not notation.

    Examples:
        >>> parse("19m7z")
        [0, 8, 33]
        >>> parse("12x")
        Traceback (most recent call last):
        ...
        rules.errors.RuleError: hand: cannot read "12x"; write digits then m/p/s/z, e.g. 123m456p789s11z
    """
    bounded_text(text, what, MAX_TEXT)
    compact = text.replace(" ", "")
    if not compact:
        raise RuleError(f"{what} is empty")
    pos, tiles = 0, []
    for m in TOKEN.finditer(compact):
        if m.start() != pos:
            break
        s = Suit(m.group(2))
        for digit in m.group(1):
            r = int(digit)
            if r == 0 or (s is Suit.HONOR and r > 7):
                raise RuleError(f"{what}: {digit}{s.value} is not a tile (honours are 1z–7z, numbers 1–9)")
            tiles.append(make(s, r))
        pos = m.end()
    if pos != len(compact):
        raise RuleError(f"{what}: cannot read {echo(compact[pos:])}; write digits then m/p/s/z, e.g. 123m456p789s11z")
    return tiles


def parse_one(text: str, what: str) -> Tile:
    """Exactly one tile, else a RuleError naming `what`.

    Examples:
        >>> parse_one("5p", "win_tile")
        13
        >>> parse_one("5p6p", "win_tile")
        Traceback (most recent call last):
        ...
        rules.errors.RuleError: win_tile must be one tile, got "5p6p"
    """
    tiles = parse(text, what)
    if len(tiles) != 1:
        raise RuleError(f"{what} must be one tile, got {echo(text)}")
    return tiles[0]


def counts(tiles: list[Tile] | tuple[Tile, ...]) -> tuple[int, ...]:
    """How many of each of the 34 kinds, by index.

    Examples:
        >>> counts(parse("112m"))[:3]
        (2, 1, 0)
    """
    c = [0] * KINDS
    for t in tiles:
        c[t] += 1
    return tuple(c)
