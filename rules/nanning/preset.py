"""Rule presets (规则预设): the constants and options the core prices with.

`Preset.from_config` turns the parsed data/nanning/presets.toml into frozen
values (pure); `load_config` is the only function here that reads a file.
"""
from __future__ import annotations

import tomllib
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path
from types import MappingProxyType
from typing import Any, Mapping

from ..errors import RuleError
from ..request import echo

CONFIG = Path(__file__).resolve().parents[2] / "data" / "nanning" / "presets.toml"


@dataclass(frozen=True)
class Constant:
    value: int
    rules: tuple[str, ...]
    quote: str


@dataclass(frozen=True)
class MethodRule:
    """How one win method is priced (data/nanning/presets.toml [methods])."""

    name: str
    scale: str  # 放炮 | 大炮 | 自摸
    payer: str
    doublings: int
    per_kong: int
    from_kong: int
    kong_points: bool
    rules: tuple[str, ...]
    quote: str


@dataclass(frozen=True)
class Option:
    key: str
    name: str
    default: str
    values: Mapping[str, str]
    rules: tuple[str, ...]
    quote: str


@dataclass(frozen=True)
class Preset:
    """One named rule set: constants, feature and method rules, chosen options."""

    id: str
    name: str
    description: str
    constants: Mapping[str, Constant]
    features: Mapping[str, Constant]
    methods: Mapping[str, MethodRule]
    option_specs: Mapping[str, Option]
    options: Mapping[str, str] = field(default_factory=dict)

    def value(self, key: str) -> int:
        return self.constants[key].value

    def option(self, key: str) -> str:
        return self.options.get(key, self.option_specs[key].default)

    def with_options(self, overrides: Mapping[str, Any]) -> "Preset":
        """A copy with some options set; unknown options or values are errors."""
        merged = dict(self.options)
        for key, value in overrides.items():
            spec = self.option_specs.get(key)
            if spec is None:
                known = ", ".join(sorted(self.option_specs))
                raise RuleError(f"unknown option {echo(key)}; known options: {known}")
            if not isinstance(value, str) or value not in spec.values:
                allowed = " | ".join(spec.values)
                raise RuleError(f"option {key}={echo(value)} is not one of {allowed}", rule=" ".join(spec.rules))
            merged[key] = value
        return Preset(self.id, self.name, self.description, self.constants, self.features,
                      self.methods, self.option_specs, MappingProxyType(merged))

    def option_rules(self) -> list[str]:
        """Rule ids behind the options that differ from their default."""
        out: list[str] = []
        for key in sorted(self.options):
            if self.options[key] != self.option_specs[key].default:
                out += self.option_specs[key].rules
        return out


def _constant(entry: Mapping[str, Any]) -> Constant:
    return Constant(int(entry.get("value", 0)), tuple(entry["rules"]), entry["quote"])


def presets_from_config(config: Mapping[str, Any]) -> dict[str, Preset]:
    """All presets of a parsed presets.toml, by id."""
    constants = MappingProxyType({k: _constant(v) for k, v in config["constants"].items()})
    features = MappingProxyType({k: _constant(v) for k, v in config["features"].items()})
    methods = MappingProxyType({
        name: MethodRule(
            name=name,
            scale=m["scale"],
            payer=m["payer"],
            doublings=m.get("doublings", 0),
            per_kong=m.get("per_kong", 0),
            from_kong=m.get("from_kong", 1),
            kong_points=m.get("kong_points", False),
            rules=tuple(m["rules"]),
            quote=m["quote"],
        )
        for name, m in config["methods"].items()
    })
    specs = MappingProxyType({
        key: Option(key, o["name"], o["default"], MappingProxyType(dict(o["values"])), tuple(o["rules"]), o["quote"])
        for key, o in config["options"].items()
    })
    out = {}
    for p in config["preset"]:
        base = Preset(p["id"], p["name"], p["description"], constants, features, methods, specs)
        out[p["id"]] = base.with_options(p.get("options", {}))
    return out


def load_config(path: Path = CONFIG) -> dict[str, Any]:
    try:
        with path.open("rb") as fh:
            return tomllib.load(fh)
    except (OSError, tomllib.TOMLDecodeError) as exc:
        raise RuleError(f"cannot read the rule presets {path.name}: {exc}") from None


@cache
def presets() -> dict[str, Preset]:
    """The presets in data/nanning/presets.toml."""
    return presets_from_config(load_config())


DEFAULT = "yuanwen"


def preset(name_or_id: str = DEFAULT) -> Preset:
    """A preset by id or Chinese name."""
    for p in presets().values():
        if name_or_id in (p.id, p.name):
            return p
    known = ", ".join(f"{p.id} ({p.name})" for p in presets().values())
    raise RuleError(f"unknown preset {echo(name_or_id)}; known presets: {known}")
