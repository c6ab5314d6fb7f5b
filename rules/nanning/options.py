"""Nanning's options (data/nanning/presets.toml [options]): each one's values as an enum, and `Options`,
the value in force of each. The loader checks both against the data (`rules.options.check_against`).

Examples:
    >>> from rules.nanning.rule_set import rule_set
    >>> rule_set("moma").options.moma is Switch.ON
    True
"""
from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum


class Switch(StrEnum):
    """An option that is played or not (死双, 摸码, 钓鱼).

    Examples:
        >>> [s.value for s in Switch]
        ['off', 'on']
    """

    OFF = "off"
    ON = "on"


class PengpengMenqing(StrEnum):
    """碰碰胡有没有门清: a 碰碰胡 with nothing 碰'd counts as 门清, or never.

    Examples:
        >>> PengpengMenqing("no")
        <PengpengMenqing.NO: 'no'>
    """

    YES = "yes"
    NO = "no"


class QianggangKongPoints(StrEnum):
    """被抢的杠付不付杠分: the robbed kong's 杠分 are not settled, or are.

    Examples:
        >>> QianggangKongPoints.YES.value
        'yes'
    """

    NO = "no"
    YES = "yes"


class MenqingRule(StrEnum):
    """门清怎么算: a unit of 4, or 自摸基数 3 ＋1.

    Examples:
        >>> MenqingRule.PLUS1.value
        'plus1'
    """

    BASE4 = "base4"
    PLUS1 = "plus1"


class DapaoMenqing(StrEnum):
    """门清大炮: counted at the 门清 unit, or ignored (大炮一律9分).

    Examples:
        >>> DapaoMenqing.IGNORED.value
        'ignored'
    """

    COUNTED = "counted"
    IGNORED = "ignored"


class Qixiaodui(StrEnum):
    """七小对的分: 门清 unit doubled, or as 碰碰胡.

    Examples:
        >>> Qixiaodui.AS_PENGPENG.value
        'as_pengpeng'
    """

    MENQING_DOUBLE = "menqing_double"
    AS_PENGPENG = "as_pengpeng"


class MixedChain(StrEnum):
    """含明杠的连杠杠上花谁付: the first 被明杠者 pays all, or the three pay.

    Examples:
        >>> MixedChain.THREE_PAY.value
        'three_pay'
    """

    FIRST_MING_PAYS_ALL = "first_ming_pays_all"
    THREE_PAY = "three_pay"


class MinggangMenqing(StrEnum):
    """明杠破不破门清.

    Examples:
        >>> MinggangMenqing.BREAKS.value
        'breaks'
    """

    BREAKS = "breaks"
    KEEPS = "keeps"


class QingyiseFangpao(StrEnum):
    """只有清一色（鸡胡）的放炮价: like every doubling pattern, or the 放炮 base doubled.

    Examples:
        >>> QingyiseFangpao.DOUBLE_BASE.value
        'double_base'
    """

    UNIFORM = "uniform"
    DOUBLE_BASE = "double_base"


class SishuangScope(StrEnum):
    """死双翻倍翻谁的: the 被封胡者's share, or everything.

    Examples:
        >>> SishuangScope.WHOLE.value
        'whole'
    """

    FENGHU_SHARE = "fenghu_share"
    WHOLE = "whole"


class MomaMultiply(StrEnum):
    """中几颗码怎么翻: ×(1+k), or ×2^k.

    Examples:
        >>> MomaMultiply.COMPOUND.value
        'compound'
    """

    ADDITIVE = "additive"
    COMPOUND = "compound"


class FishingOffset(StrEnum):
    """放炮者钓中“抵消掉一倍”抵消什么: one share, or only the winner's doubling.

    Examples:
        >>> FishingOffset.WINNER_DOUBLE.value
        'winner_double'
    """

    ONE_SHARE = "one_share"
    WINNER_DOUBLE = "winner_double"


class WinDealer(StrEnum):
    """有人胡牌后谁坐庄: the winner, or the dealer keeps it on his own win.

    Examples:
        >>> WinDealer.ROTATE.value
        'rotate'
    """

    WINNER = "winner"
    ROTATE = "rotate"


class HuangzhuangDealer(StrEnum):
    """荒庄后谁坐庄: the last drawer, or the dealer stays.

    Examples:
        >>> HuangzhuangDealer.DEALER_STAYS.value
        'dealer_stays'
    """

    LAST_DRAWER = "last_drawer"
    DEALER_STAYS = "dealer_stays"


class Shisanyao(StrEnum):
    """十三幺 (不见于原文): not a winning hand, as the article says, or won at the club's agreed value (约定值).

    Examples:
        >>> Shisanyao.AGREED.value
        'agreed'
    """

    REFUSED = "refused"
    AGREED = "agreed"


class PinghuZimo(StrEnum):
    """平胡需自摸 (不见于原文): a 鸡胡 may win on a discard (平胡可点炮, the article), or must be self-drawn.

    Examples:
        >>> PinghuZimo.YES.value
        'yes'
    """

    NO = "no"
    YES = "yes"


class PinghuScope(StrEnum):
    """平胡指哪些牌: every 鸡胡 without a doubling pattern (门清 or not), or only the 鸡胡 that is not 门清.

    Examples:
        >>> PinghuScope.JIHU_ONLY.value
        'jihu_only'
    """

    NO_PATTERN = "no_pattern"
    JIHU_ONLY = "jihu_only"


class MomaCount(StrEnum):
    """买几颗码 (不见于原文 beyond the article's 两颗): the article's count (constant moma_codes), or 4 to 10.

    Examples:
        >>> [m.value for m in MomaCount]
        ['yuanwen', '4', '6', '8', '10']
    """

    YUANWEN = "yuanwen"
    FOUR = "4"
    SIX = "6"
    EIGHT = "8"
    TEN = "10"


class Scoring(StrEnum):
    """算分方法: the article's formula, or the branch table of the billee1011 server (data/nanning/billee1011.toml).

    Examples:
        >>> Scoring.BILLEE.value
        'billee'
    """

    YUANWEN = "yuanwen"
    BILLEE = "billee"


@dataclass(frozen=True)
class Options:
    """The value in force of every option, in the order of data/nanning/presets.toml.

    Examples:
        >>> from rules.nanning.rule_set import rule_set
        >>> rule_set().options.minggang_menqing
        <MinggangMenqing.BREAKS: 'breaks'>
    """

    menqing_rule: MenqingRule
    dapao_menqing: DapaoMenqing
    pengpeng_menqing: PengpengMenqing
    qixiaodui: Qixiaodui
    mixed_chain: MixedChain
    qianggang_kong_points: QianggangKongPoints
    minggang_menqing: MinggangMenqing
    qingyise_fangpao: QingyiseFangpao
    sishuang: Switch
    sishuang_scope: SishuangScope
    moma: Switch
    moma_multiply: MomaMultiply
    fishing: Switch
    fishing_offset: FishingOffset
    win_dealer: WinDealer
    huangzhuang_dealer: HuangzhuangDealer
    shisanyao: Shisanyao
    pinghu_zimo: PinghuZimo
    pinghu_scope: PinghuScope
    moma_count: MomaCount
    scoring: Scoring
