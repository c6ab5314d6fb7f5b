"""The rule set (规则) every scoring function takes: the constants and the readings in force.

`Constants` holds the numbers of data/zipai/rules.toml, each with the id of the line
it comes from; `rules.zipai.options.Options` holds, for each place the document can
be read more than one way, the reading in force (data/zipai/readings.toml says what
each option means and why the default is the default). Both are frozen: other
readings are another `RuleSet`, made with `RuleSet.with_options`.
"""
from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, replace

from ..ledger import Const  # one number of the rule sheet, the line it rests on and its words
from ..options import Option, set_options, values_by_key
from .cards import Deck, Size
from .options import Options


@dataclass(frozen=True)
class Mingtang:
    """The 名堂 table (胡牌名堂), one field per value the table gives.

    Examples:
        >>> from rules.zipai.loader import default_rule_set
        >>> default_rule_set().constants.mingtang.zimo.value, default_rule_set().constants.mingtang.zimo.rule
        (10, 'zp-3-zimo-r2')
    """

    tianhu: Const
    lielie: Const
    heihu: Const
    heihu_above: Const
    honghu: Const
    honghu_over: Const
    honghu_per_red: Const
    heilielie: Const
    heilielie_plus: Const
    honglielie: Const
    banghu_at: Const
    banghu: Const
    yikezhu_red: Const
    yikezhu: Const
    yizhubang: Const
    yizhulie: Const
    hongbang: Const
    heibang: Const
    baopai: Const
    hongbao: Const
    hongbao_declared: Const
    hongbao_declare_red: Const
    heibao: Const
    toukuai: Const
    haidibao: Const
    shabao: Const
    shabao_declared: Const
    haidilao: Const
    gui: Const
    gui_copies: Const
    zimo: Const
    sanlong: Const
    wukan: Const
    yilong_sankan_long: Const
    yilong_sankan_kan: Const


@dataclass(frozen=True)
class Payout:
    """How a win pays out (data/zipai/rules.toml [settlement]): 点炮 doubles, the product is rounded up to 10.

    Examples:
        >>> from rules.zipai.loader import default_rule_set
        >>> default_rule_set().constants.payout.rounding.value
        10
    """

    dianpao: Const  # 点炮开双倍
    rounding: Const  # 向上取整到 10


@dataclass(frozen=True)
class Gang:
    """来点儿（杠分）: what each 垅, 点招 and 自招 is paid.

    Examples:
        >>> from rules.zipai.loader import default_rule_set
        >>> default_rule_set().constants.gang.long.quote
        '每人付20分'
    """

    long: Const  # 垅：每人付
    dianzhao: Const  # 点招：点招的人给
    zizhao: Const  # 自招：其他玩家各给


@dataclass(frozen=True)
class Constants:
    """The constants of document 003: the deck, the 胡息 of each group, the 名堂, payment and 杠分.

    Examples:
        >>> from rules.zipai.loader import default_rule_set
        >>> default_rule_set().constants.players.value
        3
    """

    deck: Deck
    deck_rules: dict[str, str]  # what each deck fact rests on
    players: Const
    dealt: Const
    dealer_extra: Const
    min_huxi: Const
    hand_rule: str
    huxi: dict[tuple[str, str, str], Const]  # (group kind, 黑/红/"", 大/小) → 胡息
    mingtang: Mingtang
    payout: Payout
    gang: Gang
    ext: dict[str, tuple[str, str]]  # rules not in the document: id → (title, public source)

    def group_huxi(self, kind: str, colour: str, size: Size) -> Const:
        """The 胡息 of a group by kind, colour and size.

        Examples:
            >>> from rules.zipai.loader import default_rule_set
            >>> default_rule_set().constants.group_huxi("拢", "黑", Size.BIG).value
            12
        """
        return self.huxi[(kind, colour, size.value)]


@dataclass(frozen=True)
class RuleSet:
    """What every scoring function takes: the constants, the readings in force (`options`), the
    default readings, and every reading's `Option` row (its values, quotes and rules).

    Examples:
        >>> from rules.zipai.loader import default_rule_set
        >>> default_rule_set().options == default_rule_set().default_options
        True
    """

    constants: Constants
    options: Options
    default_options: Options
    option_specs: Mapping[str, Option]

    def with_options(self, changes: Mapping[str, object], where: str = "readings") -> RuleSet:
        """The same constants under other readings, given by reading id (zp-r-…).

        Examples:
            >>> from rules.zipai.loader import default_rule_set
            >>> default_rule_set().with_options({"zp-r-combine": "add"}).options.combine
            <Combine.ADD: 'add'>
            >>> default_rule_set().with_options({"zp-r-combine": "both"})
            Traceback (most recent call last):
            ...
            rules.errors.RuleError: readings.zp-r-combine must be one of multiply | add, not "both"
        """
        return replace(self, options=set_options(self.options, self.option_specs, changes, where))

    def changed(self) -> list[str]:
        """The reading ids whose option is not the default, sorted.

        Examples:
            >>> from rules.zipai.loader import default_rule_set
            >>> default_rule_set().with_options({"zp-r-heihu": "double_plus_100"}).changed()
            ['zp-r-heihu']
        """
        now, before = values_by_key(self.options), values_by_key(self.default_options)
        return sorted(key for key, value in now.items() if value != before[key])
