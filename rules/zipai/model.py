"""The vocabulary of 字牌 scoring: how a hand was won, the seats, 爆牌, 杠分 events, groups and
opening patterns; the enums every other module of the game names its choices with."""
from __future__ import annotations

from enum import StrEnum


class Win(StrEnum):
    """How the hand was won (the document's own words, zp-3-yilong-sankan-2).

    Examples:
        >>> [w.value for w in Win]
        ['自摸', '点炮', '胡别人从墩上的牌', '起手胡']
    """

    ZIMO = "自摸"
    DIANPAO = "点炮"
    WALL = "胡别人从墩上的牌"  # a card another player turned up from the wall
    OPENING = "起手胡"  # won with the hand as dealt (天胡, 三垅, 五坎, 一拢三坎)


class Seat(StrEnum):
    """The three seats, named from the winner: 胡牌者, 上家, 下家.

    Examples:
        >>> [s.value for s in Seat]
        ['胡牌者', '上家', '下家']
    """
    WINNER = "胡牌者"
    SHANG = "上家"
    XIA = "下家"


OTHERS = (Seat.SHANG, Seat.XIA)
SEATS = (Seat.WINNER, Seat.SHANG, Seat.XIA)


class Bao(StrEnum):
    """A player's 爆牌 state: none, 爆, or 爆 with 红爆 applied for (ten reds dealt).

    Examples:
        >>> [b.value for b in Bao]
        ['无', '爆', '红爆']
    """

    NONE = "无"
    BAO = "爆"
    HONGBAO = "红爆"


class GangKind(StrEnum):
    """The 杠分 events (来点儿): 垅 (each other player pays), 点招 (the player whose card made the 招 pays),
    自招 (each other player pays).

    Examples:
        >>> [k.value for k in GangKind]
        ['垅', '点招', '自招']
    """
    LONG = "垅"
    DIANZHAO = "点招"
    ZIZHAO = "自招"


class GroupKind(StrEnum):
    """The kinds of group a 字牌 hand is arranged into (组), named as players call them.

    Examples:
        >>> GroupKind("拢"), GroupKind.ERQISHI.value
        (<GroupKind.LONG: '拢'>, '二七十')
    """

    PENG = "碰"  # three alike, one of them from another player
    KAN = "坎"  # three alike, all held
    ZHAO = "招"  # a 坎 and the fourth card
    LONG = "拢"  # four alike dealt, shown at the start
    YIERSAN = "一二三"  # 一二三 / 壹贰叁
    ERQISHI = "二七十"  # 二七十 / 贰柒拾
    SHUN = "顺子"  # three in a row of one size (not in the document)
    DAXIAO = "大小搭"  # one number in both sizes, e.g. 伍伍五 (not in the document)
    JIANG = "将"  # the pair (not in the document)
    SAN = "散牌"  # a loose card of an opening-hand win (not in the document)


class Special(StrEnum):
    """The opening-hand patterns of the 名堂 table, as the document names them.

    Examples:
        >>> [s.value for s in Special]
        ['三垅', '五坎', '一拢（坎）三坎']
    """

    SANLONG = "三垅"
    WUKAN = "五坎"
    YILONG_SANKAN = "一拢（坎）三坎"


class ShownKind(StrEnum):
    """What a player may show (the request's ``shown[].kind``): 碰, 招, 拢, and 吃 (a shown run).

    Examples:
        >>> [k.value for k in ShownKind]
        ['碰', '招', '拢', '吃']
    """

    PENG = "碰"
    ZHAO = "招"
    LONG = "拢"
    CHI = "吃"


class Extra(StrEnum):
    """What else may be true of a win (the request's ``extras``): 海底, 头块, or an opening-hand win, 起手.

    Examples:
        >>> Extra("起手")
        <Extra.OPENING: '起手'>
    """

    HAIDI = "海底"
    TOUKUAI = "头块"
    OPENING = "起手"
