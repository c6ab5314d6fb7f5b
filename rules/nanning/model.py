"""The vocabulary of Nanning scoring: shapes, patterns, win methods, kongs, seats.

An abstract `Situation` is what a payout table row prices: a hand type, how it
was won, the kong chain before the win and the table rules in play. A concrete
`Hand` (tiles and melds) is analysed into the hand type (`rules.nanning.analysis`).
"""
from __future__ import annotations

from dataclasses import dataclass, field
from enum import StrEnum

from .tiles import Tile


class Shape(StrEnum):
    """牌型: the way the fourteen tiles are grouped.

    Examples:
        >>> Shape("碰碰胡"), Shape.DADUI2.value
        (<Shape.PENGPENG: '碰碰胡'>, '七大对二组')
    """

    JIHU = "鸡胡"  # four sets and a pair (普通牌型)
    PENGPENG = "碰碰胡"  # four triplets or kongs and a pair
    QIXIAODUI = "七小对"  # seven pairs
    DADUI1 = "七大对一组"  # seven pairs, one of them four identical tiles (a 大对)
    DADUI2 = "七大对二组"  # 豪华大七对
    DADUI3 = "七大对三组"  # 超级豪华大七对

    @property
    def pairs(self) -> bool:
        """Whether the shape is one of seven pairs (七小对 or a 七大对).

        Examples:
            >>> Shape.QIXIAODUI.pairs, Shape.JIHU.pairs
            (True, False)
        """
        return self in PAIR_SHAPES

    @property
    def big_pairs(self) -> int:
        """Number of 大对 (four identical tiles counted as two pairs).

        Examples:
            >>> Shape.DADUI3.big_pairs, Shape.QIXIAODUI.big_pairs
            (3, 0)
        """
        return {Shape.DADUI1: 1, Shape.DADUI2: 2, Shape.DADUI3: 3}.get(self, 0)


PAIR_SHAPES = frozenset({Shape.QIXIAODUI, Shape.DADUI1, Shape.DADUI2, Shape.DADUI3})


class Pattern(StrEnum):
    """The names the CLI's `patterns` list is drawn from.

    Examples:
        >>> HandType(Shape.JIHU, menqing=True, qingyise=False).patterns()
        [<Pattern.JIHU: '鸡胡'>, <Pattern.MENQING: '门清'>]
    """

    JIHU = "鸡胡"
    MENQING = "门清"
    PENGPENG = "碰碰胡"
    QINGYISE = "清一色"
    QIXIAODUI = "七小对"
    DADUI1 = "七大对一组"
    DADUI2 = "七大对二组"
    DADUI3 = "七大对三组"
    QUANQIUREN = "全求人"


class Win(StrEnum):
    """胡法: how the hand was won (the request's ``win``).

    Examples:
        >>> Win("杠上花") in CHAIN_WINS, Win.ZIMO in SELF_DRAWN
        (True, True)
    """

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


SELF_DRAWN = frozenset({Win.ZIMO, Win.GANGSHANGHUA, Win.HAIDILAO, Win.TIANHU, Win.DIHU})
CHAIN_WINS = frozenset({Win.GANGSHANGHUA, Win.GANGSHANGPAO, Win.QIANGGANG})


class KongKind(StrEnum):
    """杠的种类 in a chain: 明杠 (推倒杠 or 先碰后杠) or 暗杠.

    Examples:
        >>> MeldKind.JIAGANG.kong_kind
        <KongKind.MING: '明杠'>
    """

    MING = "明杠"
    AN = "暗杠"


class MeldKind(StrEnum):
    """副露 as the CLI writes them (the request's ``melds[].kind``).

    Examples:
        >>> [k.value for k in MeldKind]
        ['碰', '明杠', '加杠', '暗杠']
    """

    PENG = "碰"
    MINGGANG = "明杠"  # 推倒杠: three in hand plus another player's discard
    JIAGANG = "加杠"  # 先碰后杠: a fourth tile added to one's own 碰
    ANGANG = "暗杠"

    @property
    def is_kong(self) -> bool:
        """Every meld but 碰 is a kong.

        Examples:
            >>> MeldKind.PENG.is_kong, MeldKind.ANGANG.is_kong
            (False, True)
        """
        return self is not MeldKind.PENG

    @property
    def from_other(self) -> bool:
        """Whether the meld took a tile from another player (求人).

        Examples:
            >>> MeldKind.ANGANG.from_other, MeldKind.MINGGANG.from_other
            (False, True)
        """
        return self is not MeldKind.ANGANG

    @property
    def kong_kind(self) -> KongKind:
        """The kind of kong a kong meld is in a chain: 暗杠, or 明杠 for 明杠 and 加杠.

        Examples:
            >>> MeldKind.ANGANG.kong_kind
            <KongKind.AN: '暗杠'>
        """
        return KongKind.AN if self is MeldKind.ANGANG else KongKind.MING


class FengHu(StrEnum):
    """封胡 as it bears on one win: the winner A has 碰'd player B three times.

    Examples:
        >>> FengHu("他家放炮")
        <FengHu.OTHER_DISCARDS: '他家放炮'>
    """

    NONE = "无"
    OTHER_DISCARDS = "他家放炮"  # C or D discards: discarder and B both pay (双飞)
    B_DISCARDS = "被封胡者放炮"  # B discards: A's amount ×2
    B_PAYS_ALL = "被封胡者包付"  # A self-draws (incl. 杠上花): B pays it all


class Seat(StrEnum):
    """Seats relative to the winner (本家).

    Examples:
        >>> [s.value for s in OTHERS]
        ['下家', '对家', '上家']
    """

    SELF = "本家"
    NEXT = "下家"
    ACROSS = "对家"
    PREV = "上家"


OTHERS = (Seat.NEXT, Seat.ACROSS, Seat.PREV)


@dataclass(frozen=True)
class Meld:
    """One meld of a hand: its kind and tile.

    Examples:
        >>> from rules.nanning.tiles import parse
        >>> Meld(MeldKind.PENG, parse("9s", "tile")[0]).kind.is_kong
        False
    """

    kind: MeldKind
    tile: Tile


@dataclass(frozen=True)
class Hand:
    """A concrete winning hand: concealed tiles (incl. the winning tile) and melds.

    Examples:
        >>> from rules.nanning.tiles import parse
        >>> nine_sou, five_pin = parse("9s5p", "tiles")
        >>> hand = Hand(tuple(parse("234m678m999m55p", "hand")), (Meld(MeldKind.PENG, nine_sou),), five_pin)
        >>> len(hand.concealed) + 3 * len(hand.melds)
        14
    """

    concealed: tuple[Tile, ...]
    melds: tuple[Meld, ...]
    won_on: Tile


@dataclass(frozen=True)
class HandType:
    """What a hand is, for pricing: one shape and its modifiers.

    Examples:
        >>> HandType(Shape.PENGPENG, menqing=False, qingyise=True).label()
        '碰碰胡清一色'
    """

    shape: Shape
    menqing: bool
    qingyise: bool
    quanqiuren: bool = False

    def patterns(self) -> list[Pattern]:
        """The hand's patterns in the order the rule book names them: shape, 门清, 清一色, 全求人.

        Examples:
            >>> [p.value for p in HandType(Shape.JIHU, False, False, quanqiuren=True).patterns()]
            ['鸡胡', '全求人']
        """
        out = [Pattern(self.shape.value)]
        if self.menqing:
            out.append(Pattern.MENQING)
        if self.qingyise:
            out.append(Pattern.QINGYISE)
        if self.quanqiuren:
            out.append(Pattern.QUANQIUREN)
        return out

    def label(self) -> str:
        """The patterns written together, as the payout table names the hand.

        Examples:
            >>> HandType(Shape.QIXIAODUI, menqing=True, qingyise=False).label()
            '七小对门清'
        """
        return "".join(p.value for p in self.patterns())


@dataclass(frozen=True)
class Split:
    """One way to group the concealed tiles.

    Examples:
        >>> from rules.nanning.analysis import splits
        >>> from rules.nanning.tiles import parse
        >>> hand = Hand(tuple(parse("234m678m999m55p")), (Meld(MeldKind.PENG, parse("9s")[0]),), parse("5p")[0])
        >>> splits(hand)
        [Split(shape=<Shape.JIHU: '鸡胡'>, sets=(('顺', 1), ('顺', 5), ('刻', 8)), pairs=(13,))]
    """

    shape: Shape
    sets: tuple[tuple[str, Tile], ...]  # ("刻", t) triplet or ("顺", t) sequence starting at t
    pairs: tuple[Tile, ...]  # the pair, or the seven pairs (a 大对 tile appears twice)


@dataclass(frozen=True)
class Fishing:
    """钓鱼: who fished a tile matching the winner's seat numbers.

    Examples:
        >>> Fishing(winner=True, payers=(Seat.ACROSS,)).payers
        (<Seat.ACROSS: '对家'>,)
    """

    winner: bool = False
    payers: tuple[Seat, ...] = ()  # other players whose fish matched too


@dataclass(frozen=True)
class Situation:
    """One priced situation: a hand type, a win method, a kong chain, table rules.

    Examples:
        >>> s = Situation(HandType(Shape.JIHU, False, False), Win.ZIMO)
        >>> s.from_seat, s.fenghu, s.chain
        (<Seat.PREV: '上家'>, <FengHu.NONE: '无'>, ())
    """

    hand: HandType
    win: Win
    chain: tuple[KongKind, ...] = ()
    fenghu: FengHu = FengHu.NONE
    moma_hits: int = 0
    fishing: Fishing | None = None
    # whom the winning tile came from: the discarder, the robbed player, the dealer for 人胡
    from_seat: Seat = Seat.PREV
    fenghu_seat: Seat = Seat.ACROSS  # B, when 封胡 applies and B is not the discarder
    # The split of a concrete hand's tiles that gives `hand`, when the situation comes from one (a request);
    # not part of what is priced.
    split: Split | None = field(default=None, compare=False, repr=False)
