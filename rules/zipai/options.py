"""字牌's readings (data/zipai/readings.toml): where the rule sheet reads two ways, each reading's options
as an enum, and `Options`, the option in force of each, by its reading id. The loader checks both
against the data (`rules.options.check_against`).

Examples:
    >>> from rules.zipai.loader import default_rule_set
    >>> default_rule_set().options.rounding is Rounding.CEIL10
    True
"""
from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

from ..options import key


class Combine(StrEnum):
    """zp-r-combine: 几个倍数一起时相乘还是相加

    Examples:
        >>> Combine.MULTIPLY.value
        'multiply'
    """

    MULTIPLY = "multiply"
    ADD = "add"


class Rounding(StrEnum):
    """zp-r-rounding: “向上取整”取到几

    Examples:
        >>> Rounding.CEIL10.value
        'ceil10'
    """

    CEIL10 = "ceil10"
    ROUND10 = "round10"
    NONE = "none"


class ExtrasOrder(StrEnum):
    """zp-r-extras-order: 额外分数在取整之前还是之后加

    Examples:
        >>> ExtrasOrder.AFTER_ROUNDING.value
        'after_rounding'
    """

    AFTER_ROUNDING = "after_rounding"
    BEFORE_ROUNDING = "before_rounding"


class Dianpao(StrEnum):
    """zp-r-dianpao: 点炮开双倍翻的是什么

    Examples:
        >>> Dianpao.WHOLE.value
        'whole'
    """

    WHOLE = "whole"
    MULTIPLIER = "multiplier"


class ZimoPayers(StrEnum):
    """zp-r-zimo-payers: 自摸谁付

    Examples:
        >>> ZimoPayers.EACH_FULL.value
        'each_full'
    """

    EACH_FULL = "each_full"
    SPLIT = "split"


class WallCard(StrEnum):
    """zp-r-wall-card: 胡别人从墩上翻出的牌谁付

    Examples:
        >>> WallCard.BOTH.value
        'both'
    """

    BOTH = "both"
    TURNER = "turner"
    TURNER_DOUBLE = "turner_double"


class HonghuThreshold(StrEnum):
    """zp-r-honghu-threshold: 红胡要几张红字

    Examples:
        >>> HonghuThreshold.MORE_THAN_10.value
        'more_than_10'
    """

    MORE_THAN_10 = "more_than_10"
    AT_LEAST_10 = "at_least_10"


class HonghuExtra(StrEnum):
    """zp-r-honghu-extra: 红胡“每多一个红牌”的N怎么数

    Examples:
        >>> HonghuExtra.OVER_10.value
        'over_10'
    """

    OVER_10 = "over_10"
    OVER_THRESHOLD = "over_threshold"


class RedScope(StrEnum):
    """zp-r-red-scope: “手中红数”数哪些牌

    Examples:
        >>> RedScope.WHOLE_HAND.value
        'whole_hand'
    """

    WHOLE_HAND = "whole_hand"
    CONCEALED = "concealed"


class Heihu(StrEnum):
    """zp-r-heihu: 黑胡是固定100胡，还是“2倍＋100胡”

    Examples:
        >>> Heihu.FLAT_100.value
        'flat_100'
    """

    FLAT_100 = "flat_100"
    DOUBLE_PLUS_100 = "double_plus_100"


class CombinationRows(StrEnum):
    """zp-r-combination-rows: 组合名堂按表中所列，还是由组成部分算

    Examples:
        >>> CombinationRows.LISTED.value
        'listed'
    """

    LISTED = "listed"
    DERIVED = "derived"


class HongbangRedExtra(StrEnum):
    """zp-r-hongbang-red-extra: 红棒加不加红字分

    Examples:
        >>> HongbangRedExtra.YES.value
        'yes'
    """

    YES = "yes"
    NO = "no"


class Hongbao(StrEnum):
    """zp-r-hongbao: 红爆的“3或4额外倍数”是另乘，还是全部倍数

    Examples:
        >>> Hongbao.BAO_FACTOR.value
        'bao_factor'
    """

    BAO_FACTOR = "bao_factor"
    TOTAL = "total"


class Heibao(StrEnum):
    """zp-r-heibao: 黑爆200胡之后还乘不乘爆牌倍数

    Examples:
        >>> Heibao.HEIHU_TIMES_BAO.value
        'heihu_times_bao'
    """

    HEIHU_TIMES_BAO = "heihu_times_bao"
    FLAT_THEN_BAO = "flat_then_bao"


class BaoStacking(StrEnum):
    """zp-r-bao-stacking: “多人爆牌不叠加”

    Examples:
        >>> BaoStacking.LARGER.value
        'larger'
    """

    LARGER = "larger"
    MULTIPLY = "multiply"


class Haidibao(StrEnum):
    """zp-r-haidibao: 海底爆给谁

    Examples:
        >>> Haidibao.BAO_WINNER.value
        'bao_winner'
    """

    BAO_WINNER = "bao_winner"
    ANYONE = "anyone"


class HaidiScope(StrEnum):
    """zp-r-haidi-scope: “最后一张牌”指哪一张

    Examples:
        >>> HaidiScope.WALL_CARD.value
        'wall_card'
    """

    WALL_CARD = "wall_card"
    ANY_LAST = "any_last"


class Toukuai(StrEnum):
    """zp-r-toukuai: 头块的+10胡加在哪

    Examples:
        >>> Toukuai.HUZI.value
        'huzi'
    """

    HUZI = "huzi"
    POINTS = "points"


class TianhuZimo(StrEnum):
    """zp-r-tianhu-zimo: 天胡加不加自摸的10分

    Examples:
        >>> TianhuZimo.NO.value
        'no'
    """

    NO = "no"
    YES = "yes"


class TianhuStacking(StrEnum):
    """zp-r-tianhu-stacking: 天胡“不予报叫叠加”

    Examples:
        >>> TianhuStacking.BAO_ONLY.value
        'bao_only'
    """

    BAO_ONLY = "bao_only"
    ALONE = "alone"


class SpecialHuxi(StrEnum):
    """zp-r-special-huxi: 三垅、五坎、一拢三坎“按照自身胡息算”

    Examples:
        >>> SpecialHuxi.WHOLE_HAND.value
        'whole_hand'
    """

    WHOLE_HAND = "whole_hand"
    PATTERN_GROUPS = "pattern_groups"


class SpecialMingtang(StrEnum):
    """zp-r-special-mingtang: 起手特殊牌型算不算名堂

    Examples:
        >>> SpecialMingtang.NONE.value
        'none'
    """

    NONE = "none"
    AS_REGULAR = "as_regular"


class YilongSankan(StrEnum):
    """zp-r-yilong-sankan: “一拢（坎）三坎”的括号

    Examples:
        >>> YilongSankan.LONG_AND_THREE_KAN.value
        'long_and_three_kan'
    """

    LONG_AND_THREE_KAN = "long_and_three_kan"
    FOUR_KAN_TOO = "four_kan_too"


class Teshu(StrEnum):
    """zp-r-teshu: 特殊爆牌两家怎么分

    Examples:
        >>> Teshu.HALF_EACH.value
        'half_each'
    """

    HALF_EACH = "half_each"
    OWN_RELATION = "own_relation"


class WinCardTriplet(StrEnum):
    """zp-r-win-card-triplet: 胡别人的牌凑成的三张算碰还是坎（不见于原文）

    Examples:
        >>> WinCardTriplet.PENG.value
        'peng'
    """

    PENG = "peng"
    KAN = "kan"


class GangScope(StrEnum):
    """zp-r-gang-scope: 杠分谁得、算不算进胡牌的分

    Examples:
        >>> GangScope.EVERY_PLAYER.value
        'every_player'
    """

    EVERY_PLAYER = "every_player"
    WINNER_ONLY = "winner_only"


class GuiScope(StrEnum):
    """zp-r-gui-scope: 拢、招本身算不算归

    Examples:
        >>> GuiScope.ANY_FOUR.value
        'any_four'
    """

    ANY_FOUR = "any_four"
    NOT_GROUPS = "not_groups"


class KanSplit(StrEnum):
    """zp-r-kan-split: 手里的坎能不能拆开用（不见于原文）

    Examples:
        >>> KanSplit.LOCKED.value
        'locked'
    """

    LOCKED = "locked"
    SPLIT = "split"


@dataclass(frozen=True)
class Options:
    """The option in force for each reading, in the order of data/zipai/readings.toml; a field's option
    key is its reading id.

    Examples:
        >>> from rules.zipai.loader import default_rule_set
        >>> default_rule_set().options.dianpao
        <Dianpao.WHOLE: 'whole'>
    """

    combine: Combine = key("zp-r-combine")
    rounding: Rounding = key("zp-r-rounding")
    extras_order: ExtrasOrder = key("zp-r-extras-order")
    dianpao: Dianpao = key("zp-r-dianpao")
    zimo_payers: ZimoPayers = key("zp-r-zimo-payers")
    wall_card: WallCard = key("zp-r-wall-card")
    honghu_threshold: HonghuThreshold = key("zp-r-honghu-threshold")
    honghu_extra: HonghuExtra = key("zp-r-honghu-extra")
    red_scope: RedScope = key("zp-r-red-scope")
    heihu: Heihu = key("zp-r-heihu")
    combination_rows: CombinationRows = key("zp-r-combination-rows")
    hongbang_red_extra: HongbangRedExtra = key("zp-r-hongbang-red-extra")
    hongbao: Hongbao = key("zp-r-hongbao")
    heibao: Heibao = key("zp-r-heibao")
    bao_stacking: BaoStacking = key("zp-r-bao-stacking")
    haidibao: Haidibao = key("zp-r-haidibao")
    haidi_scope: HaidiScope = key("zp-r-haidi-scope")
    toukuai: Toukuai = key("zp-r-toukuai")
    tianhu_zimo: TianhuZimo = key("zp-r-tianhu-zimo")
    tianhu_stacking: TianhuStacking = key("zp-r-tianhu-stacking")
    special_huxi: SpecialHuxi = key("zp-r-special-huxi")
    special_mingtang: SpecialMingtang = key("zp-r-special-mingtang")
    yilong_sankan: YilongSankan = key("zp-r-yilong-sankan")
    teshu: Teshu = key("zp-r-teshu")
    win_card_triplet: WinCardTriplet = key("zp-r-win-card-triplet")
    gang_scope: GangScope = key("zp-r-gang-scope")
    gui_scope: GuiScope = key("zp-r-gui-scope")
    kan_split: KanSplit = key("zp-r-kan-split")
