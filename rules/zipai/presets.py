"""The loader: data/zipai/rules.toml and readings.toml into a `Config`.

This is the only module of the 字牌 core that reads files. Everything it reads
is checked here, so a mistake in the data stops with one clear line.
"""
from __future__ import annotations

import tomllib
from dataclasses import fields
from functools import cache

from ..datadir import data_dir
from ..errors import RuleError
from .cards import Deck
from .config import READINGS, Config, Const, Gang, Mingtang, Readings, Rules, Settlement

RULES, READINGS_FILE = "data/zipai/rules.toml", "data/zipai/readings.toml"
CONST_KEYS = {"value", "rule", "also", "quote"}
KINDS_OF_CARD = 10  # 一…十 in each size


def _toml(name: str) -> dict:
    path = data_dir() / "zipai" / name
    try:
        with path.open("rb") as fh:
            return tomllib.load(fh)
    except FileNotFoundError:
        raise RuleError(f"data/zipai/{name}: file is missing") from None
    except (OSError, UnicodeDecodeError, tomllib.TOMLDecodeError) as exc:
        raise RuleError(f"data/zipai/{name}: cannot be read: {exc}") from None


def _keys(file: str, where: str, table: object, required: set[str], optional: set[str] = frozenset()) -> dict:
    """`table` is a table with exactly the required keys and perhaps some optional ones."""
    if not isinstance(table, dict):
        raise RuleError(f"{file}: {where}: expected a table, got {table!r}")
    missing, unknown = sorted(required - set(table)), sorted(set(table) - required - optional)
    if unknown:
        also = f" (missing {missing[0]!r})" if missing else ""
        raise RuleError(f"{file}: {where}: unknown key {unknown[0]!r}{also}")
    if missing:
        raise RuleError(f"{file}: {where}: missing key {missing[0]!r}")
    return table


@cache
def rules_data() -> dict:
    return _toml("rules.toml")


@cache
def readings_data() -> dict:
    return _toml("readings.toml")


def _const(entry: object, where: str) -> Const:
    entry = _keys(RULES, where, entry, {"value", "rule"}, CONST_KEYS - {"value", "rule"})
    value, rule = entry["value"], entry["rule"]
    if not isinstance(value, int) or isinstance(value, bool) or value < 0:
        raise RuleError(f"{RULES}: {where}.value: expected a whole number ≥ 0, got {value!r}")
    if not isinstance(rule, str) or not rule:
        raise RuleError(f"{RULES}: {where}.rule: expected a rule id, got {rule!r}")
    return Const(value, rule)


def _section(cls: type, table: dict):
    name = cls.__name__.lower()
    names = {f.name for f in fields(cls)}
    _keys(RULES, name, table, names)
    return cls(**{k: _const(v, f"{name}.{k}") for k, v in table.items()})


def _deck(deck: dict) -> Deck:
    _keys(RULES, "deck", deck, {"small", "big", "copies", "red_numbers", "players", "dealt", "wall", "dealer_extra"})
    for size in ("small", "big"):
        text = deck[size]
        if not isinstance(text, str) or len(set(text)) != len(text) or len(text) != KINDS_OF_CARD:
            raise RuleError(f"{RULES}: deck.{size}: expected {KINDS_OF_CARD} different characters, got {text!r}")
    if set(deck["small"]) & set(deck["big"]):
        raise RuleError(f"{RULES}: deck: 大字 and 小字 share a character")
    copies, players, dealt, wall = (_const(deck[k], f"deck.{k}").value for k in ("copies", "players", "dealt", "wall"))
    # The document counts the cards: 3 players × 20 + 20 on the wall = 80 = 20 kinds × copies.
    if players * dealt + wall != 2 * KINDS_OF_CARD * copies:
        raise RuleError(f"{RULES}: deck.copies: {copies} copies of {2 * KINDS_OF_CARD} kinds is "
                        f"{2 * KINDS_OF_CARD * copies} cards, but players × dealt + wall is {players * dealt + wall}")
    red = _keys(RULES, "deck.red_numbers", deck["red_numbers"], {"value", "rule"}, {"also", "quote"})["value"]
    if not isinstance(red, list) or not red or not all(isinstance(n, int) and 1 <= n <= KINDS_OF_CARD for n in red):
        raise RuleError(f"{RULES}: deck.red_numbers.value: expected numbers 1–{KINDS_OF_CARD}, got {red!r}")
    return Deck(deck["small"], deck["big"], copies, frozenset(red))


def build_rules(data: dict) -> Rules:
    _keys(RULES, "top level", data, {"deck", "hand", "huxi", "mingtang", "settlement", "gang", "ext"})
    deck = data["deck"]
    hand = _keys(RULES, "hand", data["hand"], {"shape", "min_huxi"})
    huxi = {}
    for index, row in enumerate(data["huxi"], start=1):
        _keys(RULES, f"huxi[{index}]", row, {"kind", "colour", "big", "small"})
        for size in ("big", "small"):
            key = (row["kind"], row["colour"], "大" if size == "big" else "小")
            if key in huxi:
                raise RuleError(f"{RULES}: huxi[{index}]: {row['kind']}{row['colour']} is listed twice")
            huxi[key] = _const(row[size], f"huxi[{index}].{size}")
    ext = {}
    for index, e in enumerate(data["ext"], start=1):
        _keys(RULES, f"ext[{index}]", e, {"id", "title", "text", "source"})
        ext[e["id"]] = (e["title"], e["source"])
    used = {e.get("rule") for part in ("deck", "hand", "mingtang", "settlement", "gang") for e in data[part].values()
            if isinstance(e, dict)} | {row[size]["rule"] for row in data["huxi"] for size in ("big", "small")}
    unknown = sorted(r for r in used if isinstance(r, str) and r.startswith("ext-") and r not in ext)
    if unknown:
        raise RuleError(f"{RULES}: rule {unknown[0]!r} is used but not described in [[ext]]")
    return Rules(
        deck=_deck(deck),
        deck_rules={"copies": deck["copies"]["rule"], "red": deck["red_numbers"]["rule"]},
        players=_const(deck["players"], "deck.players"),
        dealt=_const(deck["dealt"], "deck.dealt"),
        dealer_extra=_const(deck["dealer_extra"], "deck.dealer_extra"),
        min_huxi=_const(hand["min_huxi"], "hand.min_huxi"),
        hand_rule=_keys(RULES, "hand.shape", hand["shape"], {"rule"}, {"also"})["rule"],
        huxi=huxi,
        mingtang=_section(Mingtang, data["mingtang"]),
        settlement=_section(Settlement, data["settlement"]),
        gang=_section(Gang, data["gang"]),
        ext=ext,
    )


def build_readings(data: dict) -> Readings:
    _keys(READINGS_FILE, "top level", data, {"reading"})
    given = {}
    for index, r in enumerate(data["reading"], start=1):
        _keys(READINGS_FILE, f"reading[{index}]", r, {"id", "name", "question", "source", "default", "why", "option", "probe"})
        for o in r["option"]:
            _keys(READINGS_FILE, f"reading[{r['id']}].option", o, {"id", "label", "says"})
        for q in r["source"]:
            _keys(READINGS_FILE, f"reading[{r['id']}].source", q, {"id", "quote"})
        if r["id"] in given:
            raise RuleError(f"{READINGS_FILE}: reading[{r['id']}]: listed twice")
        given[r["id"]] = r
    if set(given) != set(READINGS):
        missing, extra = set(READINGS) - set(given), set(given) - set(READINGS)
        raise RuleError(f"{READINGS_FILE}: reading: missing {sorted(missing)}, unknown {sorted(extra)}")
    chosen = {}
    for rid, (name, options) in READINGS.items():
        entry = given[rid]
        listed = tuple(o["id"] for o in entry["option"])
        if sorted(listed) != sorted(options):
            raise RuleError(f"{READINGS_FILE}: reading[{rid}].option: {listed} but the core knows {options}")
        if entry["default"] not in options:
            raise RuleError(f"{READINGS_FILE}: reading[{rid}].default: {entry['default']!r} is not one of {options}")
        chosen[name] = entry["default"]
    return Readings(**chosen)


@cache
def rules() -> Rules:
    return build_rules(rules_data())


@cache
def readings() -> Readings:
    return build_readings(readings_data())


@cache
def config() -> Config:
    """The rules of document 003 under the default readings."""
    return Config(rules(), readings(), readings())
