"""The rule set (规则) every scoring function takes: the constants and the readings in force.

`Constants` holds the numbers of data/zipai/rules.toml, each with the id of the line
it comes from; `rules.zipai.options.Options` holds, for each place the document can
be read more than one way, the reading in force (data/zipai/readings.toml says what
each option means and why the default is the default). Both are frozen: other
readings are another `RuleSet`, made with `RuleSet.with_options`.
"""
from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field, replace

from ..data import Whole
from ..ledger import Const  # one number of the rule sheet, the line it rests on and its words
from ..options import Option, set_options, values_by_key
from .cards import Deck, Size
from .club import ClubRules
from .options import Options

# What each constant of rules.toml may be (`rules.data.Whole`), by what it counts; each field below
# declares its own, and the loader (`rules.zipai.loader`) reads the value through it.
MULTIPLIER = Whole(1, 20, "a 倍数")
FLAT_HU = Whole(1, 1000, "the 胡 a 名堂 puts in place of the hand's")
HU = Whole(0, 100, "胡息 of one hand")
GROUP_HU = Whole(0, 30, "胡息 of one group")
POINTS = Whole(0, 1000, "points paid")
RED = Whole(0, 24, "red cards: 二七十 and 贰柒拾, four of each")
COPIES = Whole(1, 8, "copies of one card")
LONGS = Whole(0, 5, "拢 in a hand: 20 cards dealt hold at most five fours")
KANS = Whole(0, 7, "坎 in a hand of at most 21 concealed cards")


@dataclass(frozen=True)
class Mingtang:
    """The 名堂 table (胡牌名堂), one field per value the table gives.

    Examples:
        >>> from rules.zipai.loader import default_rule_set
        >>> default_rule_set().constants.mingtang.zimo.value, default_rule_set().constants.mingtang.zimo.rule
        (10, 'zp-3-zimo-r2')
    """

    tianhu: Const = field(metadata={"whole": MULTIPLIER})
    lielie: Const = field(metadata={"whole": MULTIPLIER})
    heihu: Const = field(metadata={"whole": FLAT_HU})
    heihu_above: Const = field(metadata={"whole": HU})
    honghu: Const = field(metadata={"whole": MULTIPLIER})
    honghu_over: Const = field(metadata={"whole": RED})
    honghu_per_red: Const = field(metadata={"whole": POINTS})
    heilielie: Const = field(metadata={"whole": MULTIPLIER})
    heilielie_plus: Const = field(metadata={"whole": FLAT_HU})
    honglielie: Const = field(metadata={"whole": MULTIPLIER})
    banghu_at: Const = field(metadata={"whole": HU})
    banghu: Const = field(metadata={"whole": FLAT_HU})
    yikezhu_red: Const = field(metadata={"whole": RED})
    yikezhu: Const = field(metadata={"whole": MULTIPLIER})
    yizhubang: Const = field(metadata={"whole": FLAT_HU})
    yizhulie: Const = field(metadata={"whole": MULTIPLIER})
    hongbang: Const = field(metadata={"whole": FLAT_HU})
    heibang: Const = field(metadata={"whole": FLAT_HU})
    baopai: Const = field(metadata={"whole": MULTIPLIER})
    hongbao: Const = field(metadata={"whole": MULTIPLIER})
    hongbao_declared: Const = field(metadata={"whole": MULTIPLIER})
    hongbao_declare_red: Const = field(metadata={"whole": RED})
    heibao: Const = field(metadata={"whole": FLAT_HU})
    toukuai: Const = field(metadata={"whole": POINTS})
    haidibao: Const = field(metadata={"whole": MULTIPLIER})
    shabao: Const = field(metadata={"whole": MULTIPLIER})
    shabao_declared: Const = field(metadata={"whole": MULTIPLIER})
    haidilao: Const = field(metadata={"whole": POINTS})
    gui: Const = field(metadata={"whole": POINTS})
    gui_copies: Const = field(metadata={"whole": COPIES})
    zimo: Const = field(metadata={"whole": POINTS})
    sanlong: Const = field(metadata={"whole": LONGS})
    wukan: Const = field(metadata={"whole": KANS})
    yilong_sankan_long: Const = field(metadata={"whole": LONGS})
    yilong_sankan_kan: Const = field(metadata={"whole": KANS})


@dataclass(frozen=True)
class Payout:
    """How a win pays out (data/zipai/rules.toml [settlement]): 点炮 doubles, the product is rounded up to 10.

    Examples:
        >>> from rules.zipai.loader import default_rule_set
        >>> default_rule_set().constants.payout.rounding.value
        10
    """

    dianpao: Const = field(metadata={"whole": MULTIPLIER})  # 点炮开双倍
    # 向上取整到 10: the unit is read off the worked example 84 → 90, not stated
    rounding: Const = field(metadata={"whole": Whole(1, 100, "the unit amounts are rounded up to", quoted=False)})


@dataclass(frozen=True)
class Gang:
    """来点儿（杠分）: what each 垅, 点招 and 自招 is paid.

    Examples:
        >>> from rules.zipai.loader import default_rule_set
        >>> default_rule_set().constants.gang.long.quote
        '每人付20分'
    """

    long: Const = field(metadata={"whole": POINTS})  # 垅：每人付
    dianzhao: Const = field(metadata={"whole": POINTS})  # 点招：点招的人给
    zizhao: Const = field(metadata={"whole": POINTS})  # 自招：其他玩家各给


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
    club: ClubRules | None = None  # a preset of a deployed program (rules.zipai.club); None: the document's

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
