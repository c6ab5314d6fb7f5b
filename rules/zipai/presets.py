"""The loader: data/zipai/rules.toml and readings.toml into a `Config` (read through `rules.data`).

This is the only module of the 字牌 core that reads files. Everything it reads
is checked here, so a mistake in the data stops with one clear line.
"""
from __future__ import annotations

from dataclasses import fields
from functools import cache
from typing import Any

from ..data import keys, read_toml, typed
from ..errors import RuleError
from .cards import Deck
from .config import READINGS, Config, Const, Gang, Mingtang, Readings, Rules, Settlement

RULES = "zipai/rules.toml"
READINGS_FILE = "zipai/readings.toml"
KINDS_OF_CARD = 10  # 一…十 in each size


@cache
def rules_data() -> dict:
    """data/zipai/rules.toml as read (`build_rules` checks it).

    Examples:
        >>> "mingtang" in rules_data()
        True
    """
    return read_toml(RULES)


@cache
def readings_data() -> dict:
    """data/zipai/readings.toml as read (`build_readings` checks it): every reading with its quotes.

    Examples:
        >>> readings_data()["reading"][0]["id"]
        'zp-r-combine'
    """
    return read_toml(READINGS_FILE)


def _const(entry: Any, where: str) -> Const:
    keys(entry, where, ["value", "rule"], ["quote", "also"])
    if isinstance(entry["value"], int) and entry["value"] < 0:
        raise RuleError(f"{where} value: expected a whole number ≥ 0, got {entry['value']!r}")
    return Const(typed(entry["value"], int, where + " value"), (typed(entry["rule"], str, where + " rule"),),
                 typed(entry.get("quote", ""), str, where + " quote"))


def _section(cls: type, data: dict, name: str):
    where = f"data/{RULES} [{name}]"
    table = keys(data[name], where, [f.name for f in fields(cls)])
    return cls(**{k: _const(v, f"{where[:-1]}.{k}]") for k, v in table.items()})


def _count_cards(deck: dict) -> None:
    """Ten different characters in each size, none shared, and the cards add up."""
    file = f"data/{RULES}"
    for size in ("small", "big"):
        text = deck[size]
        if not isinstance(text, str) or len(set(text)) != len(text) or len(text) != KINDS_OF_CARD:
            raise RuleError(f"{file} [deck] {size}: expected {KINDS_OF_CARD} different characters, got {text!r}")
    if set(deck["small"]) & set(deck["big"]):
        raise RuleError(f"{file} [deck]: 大字 and 小字 share a character")
    copies, players, dealt, wall = (_const(deck[k], f"{file} [deck.{k}]").value
                                    for k in ("copies", "players", "dealt", "wall"))
    # The document counts the cards: 3 players × 20 + 20 on the wall = 80 = 20 kinds × copies.
    if players * dealt + wall != 2 * KINDS_OF_CARD * copies:
        raise RuleError(f"{file} [deck.copies]: {copies} copies of {2 * KINDS_OF_CARD} kinds is "
                        f"{2 * KINDS_OF_CARD * copies} cards, but players × dealt + wall is {players * dealt + wall}")


def build_rules(data: dict) -> Rules:
    """The constants of document 003 from rules.toml, each with its rule id and quote.

    Examples:
        >>> build_rules(rules_data()).gang.long.value
        20
    """
    file = f"data/{RULES}"
    keys(data, file, ["deck", "hand", "huxi", "mingtang", "settlement", "gang", "ext"])
    deck = keys(data["deck"], f"{file} [deck]",
                ["small", "big", "copies", "red_numbers", "players", "dealt", "wall", "dealer_extra"])
    hand = keys(data["hand"], f"{file} [hand]", ["shape", "min_huxi"])
    shape = keys(hand["shape"], f"{file} [hand.shape]", ["rule"], ["also"])
    red = keys(deck["red_numbers"], f"{file} [deck.red_numbers]", ["value", "rule"], ["quote", "also"])
    huxi = {}
    for n, row in enumerate(typed(data["huxi"], list, f"{file} [huxi]"), start=1):
        where = f"{file} [huxi {n}]"
        keys(row, where, ["kind", "colour", "big", "small"])
        for size in ("big", "small"):
            key = (row["kind"], row["colour"], "大" if size == "big" else "小")
            if key in huxi:
                raise RuleError(f"{where}: {row['kind']}{row['colour']} is listed twice")
            huxi[key] = _const(row[size], f"{where} {size}")
    ext = {}
    for n, e in enumerate(typed(data["ext"], list, f"{file} [ext]"), start=1):
        keys(e, f"{file} [ext {n}]", ["id", "title", "text", "source"])
        ext[e["id"]] = (e["title"], e["source"])
    used = {e.get("rule") for part in ("deck", "hand", "mingtang", "settlement", "gang") for e in data[part].values()
            if isinstance(e, dict)} | {row[size]["rule"] for row in data["huxi"] for size in ("big", "small")}
    undescribed = sorted(r for r in used if isinstance(r, str) and r.startswith("ext-") and r not in ext)
    if undescribed:
        raise RuleError(f"{file}: rule {undescribed[0]!r} is used but not described in [[ext]]")
    _count_cards(deck)
    return Rules(
        deck=Deck(typed(deck["small"], str, f"{file} [deck] small"), typed(deck["big"], str, f"{file} [deck] big"),
                  _const(deck["copies"], f"{file} [deck.copies]").value,
                  frozenset(typed(v, int, f"{file} [deck.red_numbers] value")
                            for v in typed(red["value"], list, f"{file} [deck.red_numbers] value"))),
        deck_rules={"copies": deck["copies"]["rule"], "red": red["rule"]},
        players=_const(deck["players"], f"{file} [deck.players]"),
        dealt=_const(deck["dealt"], f"{file} [deck.dealt]"),
        dealer_extra=_const(deck["dealer_extra"], f"{file} [deck.dealer_extra]"),
        min_huxi=_const(hand["min_huxi"], f"{file} [hand.min_huxi]"),
        hand_rule=typed(shape["rule"], str, f"{file} [hand.shape] rule"),
        huxi=huxi,
        mingtang=_section(Mingtang, data, "mingtang"),
        settlement=_section(Settlement, data, "settlement"),
        gang=_section(Gang, data, "gang"),
        ext=ext,
    )


def build_readings(data: dict) -> Readings:
    """The default option of every reading; the file must list exactly the readings and options the
    core knows (`config.READINGS`).

    Examples:
        >>> build_readings(readings_data()).combine
        'multiply'
        >>> build_readings({"reading": []})
        Traceback (most recent call last):
        ...
        rules.errors.RuleError: data/zipai/readings.toml: missing reading ...; unknown reading —
    """
    file = f"data/{READINGS_FILE}"
    keys(data, file, ["reading"])
    given = {}
    for n, r in enumerate(typed(data["reading"], list, f"{file} [reading]"), start=1):
        keys(r, f"{file} [reading {n}]", ["id", "name", "question", "source", "default", "why", "option", "probe"])
        if r["id"] in given:
            raise RuleError(f"{file} [{r['id']}]: listed twice")
        given[r["id"]] = r
    if set(given) != set(READINGS):
        missing, extra = set(READINGS) - set(given), set(given) - set(READINGS)
        raise RuleError(f"{file}: missing reading {', '.join(sorted(missing)) or '—'}; "
                        f"unknown reading {', '.join(sorted(extra)) or '—'}")
    chosen = {}
    for rid, (name, options) in READINGS.items():
        entry = given[rid]
        for n, o in enumerate(typed(entry["option"], list, f"{file} [{rid}] option"), start=1):
            keys(o, f"{file} [{rid} option {n}]", ["id", "label", "says"])
        for n, source in enumerate(typed(entry["source"], list, f"{file} [{rid}] source"), start=1):
            keys(source, f"{file} [{rid} source {n}]", ["id", "quote"])
        listed = tuple(o["id"] for o in entry["option"])
        if set(listed) != set(options):
            raise RuleError(f"{file} [{rid}] option: {', '.join(listed)} but the core knows {', '.join(options)}")
        if entry["default"] not in options:
            raise RuleError(f"{file} [{rid}] default: {entry['default']!r} is not one of {', '.join(options)}")
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
    """The rules of document 003 under the default readings (`Game.rules` of 字牌 starts here).

    Examples:
        >>> config().readings.rounding, config().rules.min_huxi.value
        ('ceil10', 10)
    """
    return Config(rules(), readings(), readings())
