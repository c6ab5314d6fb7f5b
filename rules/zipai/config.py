"""The configuration every scoring function takes: constants and readings.

`Rules` holds the numbers of data/zipai/rules.toml, each with the id of the line
it comes from; `Readings` holds, for each place the document can be read more
than one way, the option in force (data/zipai/readings.toml says what each
option means and why the default is the default). Both are frozen: a different
reading is a different `Config`, made with `Config.with_readings`.
"""
from __future__ import annotations

from dataclasses import dataclass, field, fields, replace

from ..data import Whole
from ..errors import RuleError
from ..ledger import Const  # one number of the rule sheet, the line it rests on and its words
from ..request import echo
from .cards import Deck, Size


# What each constant of rules.toml may be (`rules.data.Whole`), by what it counts; each field below
# declares its own, and the loader (`rules.zipai.presets`) reads the value through it.
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
        >>> from rules.zipai.presets import config
        >>> config().rules.mingtang.zimo.value, config().rules.mingtang.zimo.rule
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
class Settlement:
    """How a win is paid: 点炮 doubles, the product is rounded up to 10.

    Examples:
        >>> from rules.zipai.presets import config
        >>> config().rules.settlement.rounding.value
        10
    """

    dianpao: Const = field(metadata={"whole": MULTIPLIER})  # 点炮开双倍
    # 向上取整到 10: the unit is read off the worked example 84 → 90, not stated
    rounding: Const = field(metadata={"whole": Whole(1, 100, "the unit amounts are rounded up to", quoted=False)})


@dataclass(frozen=True)
class Gang:
    """来点儿（杠分）: what each 垅, 点招 and 自招 is paid.

    Examples:
        >>> from rules.zipai.presets import config
        >>> config().rules.gang.long.quote
        '每人付20分'
    """

    long: Const = field(metadata={"whole": POINTS})  # 垅：每人付
    dianzhao: Const = field(metadata={"whole": POINTS})  # 点招：点招的人给
    zizhao: Const = field(metadata={"whole": POINTS})  # 自招：其他玩家各给


@dataclass(frozen=True)
class Rules:
    """The constants of document 003: the deck, the 胡息 of each group, the 名堂, payment and 杠分.

    Examples:
        >>> from rules.zipai.presets import config
        >>> config().rules.players.value
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
    settlement: Settlement
    gang: Gang
    ext: dict[str, tuple[str, str]]  # rules not in the document: id → (title, public source)

    def group_huxi(self, kind: str, colour: str, size: Size) -> Const:
        """The 胡息 of a group by kind, colour and size.

        Examples:
            >>> from rules.zipai.presets import config
            >>> config().rules.group_huxi("拢", "黑", Size.BIG).value
            12
        """
        return self.huxi[(kind, colour, size.value)]


# Every reading: its id in data/zipai/readings.toml, the field here, its options.
# readings.toml must give exactly these options and names the default.
READINGS: dict[str, tuple[str, tuple[str, ...]]] = {
    "zp-r-combine": ("combine", ("multiply", "add")),
    "zp-r-rounding": ("rounding", ("ceil10", "round10", "none")),
    "zp-r-extras-order": ("extras_order", ("after_rounding", "before_rounding")),
    "zp-r-dianpao": ("dianpao", ("whole", "multiplier")),
    "zp-r-zimo-payers": ("zimo_payers", ("each_full", "split")),
    "zp-r-wall-card": ("wall_card", ("both", "turner", "turner_double")),
    "zp-r-honghu-threshold": ("honghu_threshold", ("more_than_10", "at_least_10")),
    "zp-r-honghu-extra": ("honghu_extra", ("over_10", "over_threshold")),
    "zp-r-red-scope": ("red_scope", ("whole_hand", "concealed")),
    "zp-r-heihu": ("heihu", ("flat_100", "double_plus_100")),
    "zp-r-combination-rows": ("combination_rows", ("listed", "derived")),
    "zp-r-hongbang-red-extra": ("hongbang_red_extra", ("yes", "no")),
    "zp-r-hongbao": ("hongbao", ("bao_factor", "total")),
    "zp-r-heibao": ("heibao", ("heihu_times_bao", "flat_then_bao")),
    "zp-r-bao-stacking": ("bao_stacking", ("larger", "multiply")),
    "zp-r-haidibao": ("haidibao", ("bao_winner", "anyone")),
    "zp-r-haidi-scope": ("haidi_scope", ("wall_card", "any_last")),
    "zp-r-toukuai": ("toukuai", ("huzi", "points")),
    "zp-r-tianhu-zimo": ("tianhu_zimo", ("no", "yes")),
    "zp-r-tianhu-stacking": ("tianhu_stacking", ("bao_only", "alone")),
    "zp-r-special-huxi": ("special_huxi", ("whole_hand", "pattern_groups")),
    "zp-r-special-mingtang": ("special_mingtang", ("none", "as_regular")),
    "zp-r-yilong-sankan": ("yilong_sankan", ("long_and_three_kan", "four_kan_too")),
    "zp-r-teshu": ("teshu", ("half_each", "own_relation")),
    "zp-r-win-card-triplet": ("win_card_triplet", ("peng", "kan")),
    "zp-r-gang-scope": ("gang_scope", ("every_player", "winner_only")),
    "zp-r-gui-scope": ("gui_scope", ("any_four", "not_groups")),
    "zp-r-kan-split": ("kan_split", ("locked", "split")),
}


@dataclass(frozen=True)
class Readings:
    """The option in force for each reading (field names: READINGS).

    Examples:
        >>> from rules.zipai.presets import config
        >>> config().readings.dianpao
        'whole'
    """

    combine: str
    rounding: str
    extras_order: str
    dianpao: str
    zimo_payers: str
    wall_card: str
    honghu_threshold: str
    honghu_extra: str
    red_scope: str
    heihu: str
    combination_rows: str
    hongbang_red_extra: str
    hongbao: str
    heibao: str
    bao_stacking: str
    haidibao: str
    haidi_scope: str
    toukuai: str
    tianhu_zimo: str
    tianhu_stacking: str
    special_huxi: str
    special_mingtang: str
    yilong_sankan: str
    teshu: str
    win_card_triplet: str
    gang_scope: str
    gui_scope: str
    kan_split: str

    def __post_init__(self) -> None:
        by_field = {name: options for name, options in READINGS.values()}
        for f in fields(self):
            if getattr(self, f.name) not in by_field[f.name]:
                raise RuleError(f"reading {f.name}: unknown option {echo(getattr(self, f.name))}")

    def by_id(self) -> dict[str, str]:
        """Reading id (zp-r-…) → option, as the command line reports them.

        Examples:
            >>> from rules.zipai.presets import config
            >>> config().readings.by_id()["zp-r-combine"]
            'multiply'
        """
        return {rid: getattr(self, name) for rid, (name, _) in READINGS.items()}


@dataclass(frozen=True)
class Config:
    """What every scoring function takes: the rules, the readings in force and the defaults.

    Examples:
        >>> from rules.zipai.presets import config
        >>> config().readings == config().default_readings
        True
    """

    rules: Rules
    readings: Readings
    default_readings: Readings

    def with_readings(self, overrides: dict[str, str]) -> Config:
        """The same rules under other options, given by reading id (zp-r-…).

        Examples:
            >>> from rules.zipai.presets import config
            >>> config().with_readings({"zp-r-combine": "add"}).readings.combine
            'add'
            >>> config().with_readings({"zp-r-combine": "both"})
            Traceback (most recent call last):
            ...
            rules.errors.RuleError: reading zp-r-combine: unknown option "both"; options: multiply, add
        """
        changes = {}
        for rid, option in overrides.items():
            if rid not in READINGS:
                raise RuleError(f"unknown reading {echo(rid)}; known: {', '.join(READINGS)}")
            name, options = READINGS[rid]
            if option not in options:
                raise RuleError(f"reading {rid}: unknown option {echo(option)}; options: {', '.join(options)}")
            changes[name] = option
        return replace(self, readings=replace(self.readings, **changes))
