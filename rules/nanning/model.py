"""The vocabulary of Nanning scoring: shapes, patterns, win methods, kongs, seats.

An abstract `Situation` is what a payout table row prices: a hand type, how it
was won, the kong chain before the win and the table rules in play. A concrete
`Hand` (tiles and melds) is analysed into the hand type (`rules.nanning.analysis`).
"""
from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

from .tiles import Tile


class Shape(StrEnum):
    """牌型: the way the fourteen tiles are grouped."""

    JIHU = "鸡胡"  # four sets and a pair (普通牌型)
    PENGPENG = "碰碰胡"  # four triplets or kongs and a pair
    QIXIAODUI = "七小对"  # seven pairs
    DADUI1 = "七大对一组"  # seven pairs, one of them four identical tiles (a 大对)
    DADUI2 = "七大对二组"  # 豪华大七对
    DADUI3 = "七大对三组"  # 超级豪华大七对

    @property
    def pairs(self) -> bool:
        return self in PAIR_SHAPES

    @property
    def big_pairs(self) -> int:
        """Number of 大对 (four identical tiles counted as two pairs)."""
        return {Shape.DADUI1: 1, Shape.DADUI2: 2, Shape.DADUI3: 3}.get(self, 0)


PAIR_SHAPES = frozenset({Shape.QIXIAODUI, Shape.DADUI1, Shape.DADUI2, Shape.DADUI3})


class Pattern(StrEnum):
    """The names the CLI's `patterns` list is drawn from."""

    JIHU = "鸡胡"
    MENQING = "门清"
    PENGPENG = "碰碰胡"
    QINGYISE = "清一色"
    QIXIAODUI = "七小对"
    DADUI1 = "七大对一组"
    DADUI2 = "七大对二组"
    DADUI3 = "七大对三组"
    QUANQIUREN = "全求人"


class Method(StrEnum):
    """胡法: how the hand was won."""

    FANGPAO = "放炮"  # won on another player's discard
    ZIMO = "自摸"  # self-drawn
    GANGSHANGHUA = "杠上花"  # self-drawn on the replacement tile after a kong (chain)
    GANGSHANGPAO = "杠上炮"  # won on the discard a player made right after his kong (chain)
    QIANGGANG = "抢杠胡"  # won on the tile another player added to a 碰 (加杠)
    QUANQIUPAO = "全求炮"  # won on the discard of a player who was waiting on 全求人
    HAIDILAO = "海底捞月"  # self-drawn on the last tile of the wall
    HAIDIPAO = "海底炮"  # won on the discard made after the last tile was drawn
    TIANHU = "天胡"  # the dealer's dealt hand is complete
    DIHU = "地胡"  # a non-dealer wins on his first natural draw
    RENHU = "人胡"  # won on the dealer's first discard


SELF_DRAWN = frozenset({Method.ZIMO, Method.GANGSHANGHUA, Method.HAIDILAO, Method.TIANHU, Method.DIHU})
CHAIN_METHODS = frozenset({Method.GANGSHANGHUA, Method.GANGSHANGPAO, Method.QIANGGANG})


class KongKind(StrEnum):
    """杠的种类 in a chain: 明杠 (推倒杠 or 先碰后杠) or 暗杠."""

    MING = "明杠"
    AN = "暗杠"


class MeldKind(StrEnum):
    """副露 as the CLI writes them."""

    PENG = "碰"
    MINGGANG = "明杠"  # 推倒杠: three in hand plus another player's discard
    JIAGANG = "加杠"  # 先碰后杠: a fourth tile added to one's own 碰
    ANGANG = "暗杠"

    @property
    def is_kong(self) -> bool:
        return self is not MeldKind.PENG

    @property
    def from_other(self) -> bool:
        """Whether the meld took a tile from another player (求人)."""
        return self is not MeldKind.ANGANG

    @property
    def kong_kind(self) -> KongKind:
        return KongKind.AN if self is MeldKind.ANGANG else KongKind.MING


class FengHu(StrEnum):
    """封胡 as it bears on one win: the winner A has 碰'd player B three times."""

    NONE = "无"
    OTHER_DISCARDS = "他家放炮"  # C or D discards: discarder and B both pay (双飞)
    B_DISCARDS = "被封胡者放炮"  # B discards: A's amount ×2
    B_PAYS_ALL = "被封胡者包付"  # A self-draws (incl. 杠上花): B pays it all


class Seat(StrEnum):
    """Seats relative to the winner (本家)."""

    SELF = "本家"
    NEXT = "下家"
    ACROSS = "对家"
    PREV = "上家"


OTHERS = (Seat.NEXT, Seat.ACROSS, Seat.PREV)


@dataclass(frozen=True)
class Meld:
    kind: MeldKind
    tile: Tile


@dataclass(frozen=True)
class Hand:
    """A concrete winning hand: concealed tiles (incl. the winning tile) and melds."""

    concealed: tuple[Tile, ...]
    melds: tuple[Meld, ...]
    win_tile: Tile


@dataclass(frozen=True)
class HandType:
    """What a hand is, for pricing: one shape and its modifiers."""

    shape: Shape
    menqing: bool
    qingyise: bool
    quanqiuren: bool = False

    def patterns(self) -> list[Pattern]:
        out = [Pattern(self.shape.value)]
        if self.menqing:
            out.append(Pattern.MENQING)
        if self.qingyise:
            out.append(Pattern.QINGYISE)
        if self.quanqiuren:
            out.append(Pattern.QUANQIUREN)
        return out

    def label(self) -> str:
        return "".join(p.value for p in self.patterns())


@dataclass(frozen=True)
class Fishing:
    """钓鱼: who fished a tile matching the winner's seat numbers."""

    winner: bool = False
    payers: tuple[Seat, ...] = ()  # other players whose fish matched too


@dataclass(frozen=True)
class Situation:
    """One priced situation: a hand type, a win method, a kong chain, table rules."""

    hand: HandType
    method: Method
    chain: tuple[KongKind, ...] = ()
    fenghu: FengHu = FengHu.NONE
    moma_hits: int = 0
    fishing: Fishing | None = None
    discarder: Seat = Seat.PREV
    fenghu_seat: Seat = Seat.ACROSS  # B, when 封胡 applies and B is not the discarder
