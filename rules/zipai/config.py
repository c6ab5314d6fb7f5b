"""The configuration every scoring function takes: constants and readings.

`Rules` holds the numbers of data/zipai/rules.toml, each with the id of the line
it comes from; `Readings` holds, for each place the document can be read more
than one way, the option in force (data/zipai/readings.toml says what each
option means and why the default is the default). Both are frozen: a different
reading is a different `Config`, made with `Config.with_readings`.
"""
from __future__ import annotations

from dataclasses import dataclass, fields, replace

from ..errors import RuleError
from ..ledger import Const  # one number of the rule sheet, the line it rests on and its words
from ..request import echo
from .cards import Deck, Size


@dataclass(frozen=True)
class Mingtang:
    """The 名堂 table (胡牌名堂), one field per value the table gives."""

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
class Settlement:
    dianpao: Const  # 点炮开双倍
    rounding: Const  # 向上取整到 10


@dataclass(frozen=True)
class Gang:
    """来点儿（杠分）."""

    long: Const  # 垅：每人付
    dianzhao: Const  # 点招：点招的人给
    zizhao: Const  # 自招：其他玩家各给


@dataclass(frozen=True)
class Rules:
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
    """The option in force for each reading (field names: READINGS)."""

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
        return {rid: getattr(self, name) for rid, (name, _) in READINGS.items()}


@dataclass(frozen=True)
class Config:
    rules: Rules
    readings: Readings
    default_readings: Readings

    def with_readings(self, overrides: dict[str, str]) -> Config:
        """The same rules under other options, given by reading id (zp-r-…)."""
        changes = {}
        for rid, option in overrides.items():
            if rid not in READINGS:
                raise RuleError(f"unknown reading {echo(rid)}; known: {', '.join(READINGS)}")
            name, options = READINGS[rid]
            if option not in options:
                raise RuleError(f"reading {rid}: unknown option {echo(option)}; options: {', '.join(options)}")
            changes[name] = option
        return replace(self, readings=replace(self.readings, **changes))
