"""The loader: data/zipai/rules.toml and readings.toml into a `Config`.

This is the only module of the 字牌 core that reads files. Everything it reads
is checked here, so a mistake in the data stops with one clear line.
"""
from __future__ import annotations

import tomllib
from dataclasses import fields
from functools import cache
from pathlib import Path

from ..errors import RuleError
from .cards import Deck
from .config import READINGS, Config, Const, Gang, Mingtang, Readings, Rules, Settlement

DATA = Path(__file__).resolve().parents[2] / "data" / "zipai"


def _toml(name: str) -> dict:
    with (DATA / name).open("rb") as fh:
        return tomllib.load(fh)


@cache
def rules_data() -> dict:
    return _toml("rules.toml")


@cache
def readings_data() -> dict:
    return _toml("readings.toml")


def _const(entry: dict) -> Const:
    return Const(int(entry["value"]), entry["rule"])


def _section(cls: type, table: dict):
    names = {f.name for f in fields(cls)}
    if set(table) != names:
        raise RuleError(f"data/zipai/rules.toml [{cls.__name__.lower()}]: expected {sorted(names)}, got {sorted(table)}")
    return cls(**{k: _const(v) for k, v in table.items()})


def build_rules(data: dict) -> Rules:
    deck = data["deck"]
    huxi = {}
    for row in data["huxi"]:
        for size in ("big", "small"):
            key = (row["kind"], row["colour"], "大" if size == "big" else "小")
            huxi[key] = _const(row[size])
    return Rules(
        deck=Deck(deck["small"], deck["big"], deck["copies"]["value"], frozenset(deck["red_numbers"]["value"])),
        deck_rules={"copies": deck["copies"]["rule"], "red": deck["red_numbers"]["rule"]},
        players=_const(deck["players"]),
        dealt=_const(deck["dealt"]),
        dealer_extra=_const(deck["dealer_extra"]),
        min_huxi=_const(data["hand"]["min_huxi"]),
        hand_rule=data["hand"]["shape"]["rule"],
        huxi=huxi,
        mingtang=_section(Mingtang, data["mingtang"]),
        settlement=_section(Settlement, data["settlement"]),
        gang=_section(Gang, data["gang"]),
        ext={e["id"]: (e["title"], e["source"]) for e in data["ext"]},
    )


def build_readings(data: dict) -> Readings:
    given = {r["id"]: r for r in data["reading"]}
    if set(given) != set(READINGS):
        missing, extra = set(READINGS) - set(given), set(given) - set(READINGS)
        raise RuleError(f"data/zipai/readings.toml: missing {sorted(missing)}, unknown {sorted(extra)}")
    chosen = {}
    for rid, (name, options) in READINGS.items():
        entry = given[rid]
        listed = tuple(o["id"] for o in entry["option"])
        if set(listed) != set(options):
            raise RuleError(f"data/zipai/readings.toml {rid}: options {listed} but the core knows {options}")
        chosen[name] = entry["default"]
    return Readings(**chosen)


@cache
def config() -> Config:
    """The rules of document 003 under the default readings."""
    defaults = build_readings(readings_data())
    return Config(build_rules(rules_data()), defaults, defaults)
