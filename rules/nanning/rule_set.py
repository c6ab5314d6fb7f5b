"""The rule set (规则) the core prices with: a preset (规则预设) of data/nanning/presets.toml, its
constants and the options in force.

`presets_from_config` turns the parsed data/nanning/presets.toml into frozen
values (pure), checking every key: an unknown or a missing key, a value of the
wrong type, a default that is not among its values, or options that differ from
the core's (`rules.nanning.options`) is a RuleError naming the file and the key.
`load_config` reads the file (through `rules.data`).
"""
from __future__ import annotations

from dataclasses import dataclass, field, replace
from functools import cache, cached_property
from types import MappingProxyType
from typing import Any
from collections.abc import Mapping

from ..data import Whole, keys, read_toml, strings, typed
from ..errors import RuleError
from ..ledger import Const
from ..options import Option, check_against, choices, defaults, set_options, variant_origin
from ..request import echo
from .model import Win
from .options import MomaCount, Options

CONFIG = "nanning/presets.toml"
Constant = Const  # a constant and its provenance (the shared kind)


@dataclass(frozen=True)
class WinRule:
    """How one win method is priced (data/nanning/presets.toml [methods]).

    Examples:
        >>> m = preset().wins["自摸"]
        >>> m.scale, m.payer, m.rules[0]
        ('自摸', '三家', 'nn-2-r1')
    """

    name: str
    scale: str  # 放炮 | 大炮 | 自摸
    payer: str
    doublings: int
    per_kong: int
    from_kong: int
    rules: tuple[str, ...]
    quote: str


@dataclass(frozen=True)
class RuleSet:
    """The rules in force: a preset's constants, feature and win rules, and the value of every option
    (`chosen`: the ones the preset or a request set).

    Examples:
        >>> p = preset("dapao9")
        >>> p.name, p.options.dapao_menqing, p.value("zimo_unit")
        ('大炮一律9分', <DapaoMenqing.IGNORED: 'ignored'>, 3)
    """

    id: str
    name: str
    description: str
    constants: Mapping[str, Constant]
    features: Mapping[str, Constant]
    wins: Mapping[str, WinRule]
    option_specs: Mapping[str, Option]
    options: Options
    chosen: Mapping[str, str] = field(default_factory=dict)
    # A preset of a deployed program (不见于原文) and where it comes from; the documents' presets have neither.
    origin: str = ""
    provenance: tuple[str, ...] = ()

    def value(self, key: str) -> int:
        """A constant's value (its provenance is `constants[key]`).

        Examples:
            >>> preset().value("kong_point")
            1
        """
        return self.constants[key].value

    def moma_codes(self) -> int:
        """码 drawn after a self-draw: the article's two (constant moma_codes), or what 买几颗码 sets.

        Examples:
            >>> preset("moma").moma_codes(), preset("moma").with_options({"moma_count": "6"}).moma_codes()
            (2, 6)
        """
        count = self.options.moma_count
        return self.value("moma_codes") if count is MomaCount.YUANWEN else int(count.value)

    def with_options(self, changes: Mapping[str, object], where: str = "rules.options") -> RuleSet:
        """A copy with some options set (`rules.options.set_options`); unknown options or values are errors.

        Examples:
            >>> preset().with_options({"moma": "on"}).options.moma
            <Switch.ON: 'on'>
            >>> preset().with_options({"moma": "maybe"})
            Traceback (most recent call last):
            ...
            rules.errors.RuleError: rules.options.moma must be one of off | on, not "maybe"
        """
        options = set_options(self.options, self.option_specs, changes, where)
        chosen = {**self.chosen, **{k: str(v) for k, v in changes.items()}}
        return replace(self, options=options, chosen=MappingProxyType(chosen))

    @cached_property
    def key(self) -> tuple[object, ...]:
        """Everything that decides a price, hashable: a memo key that never outlives its preset.

        Examples:
            >>> preset().key == preset("yuanwen").key != preset("dapao9").key
            True
        """
        return (self.id, tuple(self.constants.items()), tuple(self.features.items()),
                tuple(self.wins.items()), self.options)


WHERE = f"data/{CONFIG}"


def _where(*path: str) -> str:
    return f"{WHERE} [" + ".".join(path) + "]"


def _constant(entry: Any, *path: str, whole: Whole | None = None) -> Const:
    """A constant ([constants], its value read through its declaration) or a feature ([features], rules
    and quote only)."""
    where = _where(*path)
    keys(entry, where, ["value", "rules", "quote"] if whole else ["rules", "quote"])
    quote = typed(entry["quote"], str, where + " quote")
    number = whole.read(entry["value"], quote, where + " value") if whole else 0
    return Const(number, strings(entry["rules"], where + " rules"), quote)


def _table(config: Mapping[str, Any], section: str, known: tuple[str, ...]) -> dict[str, Any]:
    """A section whose keys are exactly the ones the core reads."""
    return dict(keys(config[section], _where(section), known))


def _method(name: str, m: Any) -> WinRule:
    where = _where("methods", name)
    keys(m, where, ["scale", "payer", "rules", "quote"], ["doublings", "per_kong", "from_kong"])
    if m["scale"] not in SCALES:
        raise RuleError(f"{where} scale: {m['scale']!r} is not one of {' | '.join(SCALES)}")
    return WinRule(
        name=name,
        scale=m["scale"],
        payer=typed(m["payer"], str, where + " payer"),
        doublings=METHOD_COUNTS["doublings"].read(m.get("doublings", 0), "", where + " doublings"),
        per_kong=METHOD_COUNTS["per_kong"].read(m.get("per_kong", 0), "", where + " per_kong"),
        from_kong=METHOD_COUNTS["from_kong"].read(m.get("from_kong", 1), "", where + " from_kong"),
        rules=strings(m["rules"], where + " rules"),
        quote=typed(m["quote"], str, where + " quote"),
    )


def _option(key: str, o: Any) -> Option:
    where = _where("options", key)
    keys(o, where, ["name", "default", "values", "rules", "quote"], ["requires", "origin", "provenance"])
    values = typed(o["values"], dict, where + " values")
    for value, says in values.items():
        typed(says, str, f"{where} values.{value}")
    if o["default"] not in values:
        raise RuleError(f"{where} default: {o['default']!r} is not one of {' | '.join(values)}")
    requires = typed(o.get("requires", {}), dict, where + " requires")
    for needed, wanted in requires.items():
        typed(wanted, str, f"{where} requires.{needed}")
    return Option(key, typed(o["name"], str, where + " name"), o["default"], MappingProxyType(dict(values)),
                  strings(o["rules"], where + " rules"), typed(o["quote"], str, where + " quote"),
                  MappingProxyType(dict(requires)), *variant_origin(o, where))


def _check_requires(specs: Mapping[str, Option]) -> None:
    """Each option an option requires exists and the value it requires is one of that option's."""
    for key, spec in specs.items():
        where = _where("options", key) + " requires"
        for needed, wanted in spec.requires.items():
            if needed not in specs or needed == key:
                raise RuleError(f"{where}: {needed!r} is not another option")
            if wanted not in specs[needed].values:
                raise RuleError(f"{where}.{needed}: {wanted!r} is not one of {' | '.join(specs[needed].values)}")


SCALES = ("放炮", "大炮", "自摸")
SECTIONS = ("constants", "features", "methods", "options", "preset")


def presets_from_config(config: Mapping[str, Any]) -> dict[str, RuleSet]:
    """All presets of a parsed presets.toml, by id; RuleError naming the key on any mistake.

    Examples:
        >>> list(presets_from_config(load_config()))[:2]
        ['yuanwen', 'dapao9']
        >>> presets_from_config({**load_config(), "extra": 1})
        Traceback (most recent call last):
        ...
        rules.errors.RuleError: data/nanning/presets.toml: unknown key 'extra' (known: ...)
    """
    keys(config, WHERE, SECTIONS)
    constants = MappingProxyType({k: _constant(v, "constants", k, whole=CONSTANTS[k])
                                  for k, v in _table(config, "constants", tuple(CONSTANTS)).items()})
    features = MappingProxyType({k: _constant(v, "features", k)
                                 for k, v in _table(config, "features", FEATURES).items()})
    wins = MappingProxyType({name: _method(name, m)
                                for name, m in _table(config, "methods", tuple(m.value for m in Win)).items()})
    specs = MappingProxyType({key: _option(key, o) for key, o in _table(config, "options", OPTIONS).items()})
    check_against(Options, specs, _where("options"))
    _check_requires(specs)
    options = defaults(Options, specs)
    out = {}
    for n, p in enumerate(typed(config["preset"], list, _where("preset")), start=1):
        where = _where(f"preset {n}")
        keys(p, where, ["id", "name", "description"], ["options", "origin", "provenance"])
        if p["id"] in out:
            raise RuleError(f"{where} id: {p['id']!r} is used twice")
        origin, provenance = variant_origin(p, where)
        base = RuleSet(typed(p["id"], str, where + " id"), typed(p["name"], str, where + " name"),
                       typed(p["description"], str, where + " description"), constants, features, wins, specs, options,
                       origin=origin, provenance=provenance)
        try:
            out[p["id"]] = base.with_options(typed(p.get("options", {}), dict, where + " options"), "options")
        except RuleError as exc:
            raise RuleError(f"{where}: {exc.message}") from None
    if DEFAULT not in out:
        raise RuleError(f"{_where('preset')}: no preset {DEFAULT!r}, the document's own rules (原文)")
    return out


# What the core reads by name: the data must give each, and nothing else (a misspelt key is an error);
# each constant with what it may be (`rules.data.Whole`: its range, and its quote states its value).
POINTS = Whole(1, 100, "points of one unit")
CONSTANTS = {"kong_point": POINTS, "fangpao_base": POINTS, "zimo_unit": POINTS, "menqing_unit": POINTS,
             "payers": Whole(1, 3, "the other players at a table of four"),
             "doubling": Whole(2, 10, "a doubling multiplies"), "zha_hu_penalty": Whole(0, 1000, "points paid"),
             "moma_codes": Whole(1, 8, "码 drawn after a win"),
             "chain_max": Whole(1, 4, "kongs in one chain: a hand holds at most four")}
# A method's doublings: fixed, per kong of the chain, from which kong (a chain has at most four).
METHOD_COUNTS = {"doublings": Whole(0, 4, "fixed doublings"), "per_kong": Whole(0, 2, "doublings per kong"),
                 "from_kong": Whole(1, 4, "the kong of the chain counting starts at")}
FEATURES = ("碰碰胡", "清一色", "七对", "大对", "全求人")
OPTIONS = tuple(choices(Options))  # the options, as `rules.nanning.options.Options` declares them


def load_config() -> dict[str, Any]:
    """data/nanning/presets.toml as read (`presets_from_config` checks it).

    Examples:
        >>> sorted(load_config())[:2]
        ['constants', 'features']
    """
    return read_toml(CONFIG)


@cache
def presets() -> dict[str, RuleSet]:
    """The presets in data/nanning/presets.toml, by id, the default (原文) first.

    Examples:
        >>> presets()["yuanwen"].name
        '原文'
    """
    return presets_from_config(load_config())


DEFAULT = "yuanwen"


def preset(name_or_id: str = DEFAULT) -> RuleSet:
    """A preset by id or Chinese name.

    Examples:
        >>> preset("门清按自摸加1").id
        'menqing-plus1'
    """
    for p in presets().values():
        if name_or_id in (p.id, p.name):
            return p
    known = ", ".join(f"{p.id} ({p.name})" for p in presets().values())
    raise RuleError(f"unknown preset {echo(name_or_id)}; known presets: {known}")


def rule_set(name_or_id: str = DEFAULT, options: Mapping[str, object] | None = None,
             where: str = "rules.options") -> RuleSet:
    """A preset with any options set: the one way to combine options (`Game.rule_set`).

    Examples:
        >>> rule_set("sishuang", {"sishuang_scope": "whole"}).options.sishuang
        <Switch.ON: 'on'>
    """
    return preset(name_or_id).with_options(options or {}, where)
