"""The loader: data/zipai/rules.toml and readings.toml into a `RuleSet` (read through `rules.data`).

This is the only module of the 字牌 core that reads files. Everything it reads
is checked here, so a mistake in the data stops with one clear line.
"""
from __future__ import annotations

import unicodedata
from collections.abc import Mapping
from dataclasses import fields
from functools import cache
from typing import Any, TypeVar

from ..data import Whole, keys, read_toml, typed
from ..errors import RuleError
from ..ledger import Const
from ..options import Option, check_against, defaults
from .cards import KINDS, Card, Colour, Deck
from .groups import table_colour
from .model import GroupKind
from .options import Options
from .rule_set import COPIES, GROUP_HU, HU, Constants, Gang, Mingtang, Payout, RuleSet

RULES = "zipai/rules.toml"
READINGS_FILE = "zipai/readings.toml"
KINDS_OF_CARD = 10  # 一…十 in each size
S = TypeVar("S")


@cache
def rules_data() -> dict[str, Any]:
    """data/zipai/rules.toml as read (`build_constants` checks it).

    Examples:
        >>> "mingtang" in rules_data()
        True
    """
    return read_toml(RULES)


@cache
def readings_data() -> dict[str, Any]:
    """data/zipai/readings.toml as read (`build_options` checks it): every reading with its quotes.

    Examples:
        >>> readings_data()["reading"][0]["id"]
        'zp-r-combine'
    """
    return read_toml(READINGS_FILE)


# What the deck and hand constants may be (the tables' own are declared on their fields, `rule_set`).
DECK = {"copies": COPIES, "players": Whole(2, 6, "players at one table"), "dealt": Whole(1, 40, "cards dealt to each"),
        "wall": Whole(0, 80, "cards left on the wall"),
        "dealer_extra": Whole(0, 3, "cards the dealer holds beyond the others")}
CARD_NUMBER = Whole(1, KINDS_OF_CARD, "the number of a card, 一…十")
# The rules not in the document the core cites by id in what it answers (rules.zipai.answer, cards,
# groups): each must be described in [[ext]], as those the data cites are.
CITED_EXT = ("ext-zp-deck", "ext-zp-runs", "ext-zp-win-card", "ext-zp-lielie-pair", "ext-zp-best")


def _const(entry: Any, where: str, whole: Whole, ext: dict[str, tuple[str, str]] | None = None) -> Const:
    """One constant, its value read through its declaration; one without a quote that rests on a rule
    not in the document (`ext`: id → (title, source)) is stated by that rule's title (… ：0胡)."""
    keys(entry, where, ["value", "rule"], ["quote", "also"])
    quote = typed(entry.get("quote", ""), str, where + " quote")
    rule = typed(entry["rule"], str, where + " rule")
    stated = quote or (ext or {}).get(rule, ("",))[0]
    return Const(whole.read(entry["value"], stated, where + " value"), (rule,), quote)


def _section(cls: type[S], data: Mapping[str, Any], name: str) -> S:
    where = f"data/{RULES} [{name}]"
    table = keys(data[name], where, [f.name for f in fields(cls)])  # type: ignore[arg-type]
    return cls(**{f.name: _const(table[f.name], f"{where[:-1]}.{f.name}]", f.metadata["whole"])
                  for f in fields(cls)})  # type: ignore[arg-type]


def _count_cards(deck: Mapping[str, Any], ext: dict[str, tuple[str, str]]) -> None:
    """Ten different characters in each size, in the order of their numbers, none shared, and the cards add up."""
    file = f"data/{RULES}"
    for size in ("small", "big"):
        text = deck[size]
        if not isinstance(text, str) or len(set(text)) != len(text) or len(text) != KINDS_OF_CARD:
            raise RuleError(f"{file} [deck] {size}: expected {KINDS_OF_CARD} different characters, got {text!r}")
        for n, char in enumerate(text, start=1):  # 一二三…十, 壹贰叁…拾: a card's number is its place
            if unicodedata.numeric(char, None) != n:
                raise RuleError(f"{file} [deck] {size}: card {n} is {char!r}, which is not the numeral {n}")
    if set(deck["small"]) & set(deck["big"]):
        raise RuleError(f"{file} [deck]: 大字 and 小字 share a character")
    copies, players, dealt, wall = (_const(deck[k], f"{file} [deck.{k}]", DECK[k], ext).value
                                    for k in ("copies", "players", "dealt", "wall"))
    # The document counts the cards: 3 players × 20 + 20 on the wall = 80 = 20 kinds × copies.
    if players * dealt + wall != 2 * KINDS_OF_CARD * copies:
        raise RuleError(f"{file} [deck]: {copies} copies of {2 * KINDS_OF_CARD} kinds (deck.copies) is "
                        f"{2 * KINDS_OF_CARD * copies} cards, but players × dealt + wall (deck.players, deck.dealt, "
                        f"deck.wall) is {players * dealt + wall}")


def _huxi_table(rows: Any, deck: Deck, ext: dict[str, tuple[str, str]]) -> dict[tuple[str, str, str], Const]:
    """[[huxi]]: 胡息 by (kind, colour, size), one row a kind and colour, every cell the groups ask for."""
    file = f"data/{RULES}"
    huxi = {}
    colours = {*(c.value for c in Colour), ""}
    for n, row in enumerate(typed(rows, list, f"{file} [huxi]"), start=1):
        where = f"{file} [huxi {n}]"
        keys(row, where, ["kind", "colour", "big", "small"])
        if row["kind"] not in {k.value for k in GroupKind}:
            raise RuleError(f"{where} kind: {row['kind']!r} is not one of {', '.join(k.value for k in GroupKind)}")
        if row["colour"] not in colours:
            raise RuleError(f"{where} colour: {row['colour']!r} is not one of 黑, 红 or \"\"")
        for size in ("big", "small"):
            key = (row["kind"], row["colour"], "大" if size == "big" else "小")
            if key in huxi:
                raise RuleError(f"{where}: {row['kind']}{row['colour']} is listed twice")
            huxi[key] = _const(row[size], f"{where} {size}", GROUP_HU, ext)
    for kind in GroupKind:  # every cell a group of any card is read from (`groups.make`)
        for card in map(Card, range(KINDS)):
            key = (kind.value, table_colour(kind, (card,), deck), card.size.value)
            if key not in huxi:
                raise RuleError(f"{file} [huxi]: no row for {key[0]}{key[1]} ({key[2]}字)")
    return huxi


def build_constants(data: Mapping[str, Any]) -> Constants:
    """The constants of document 003 from rules.toml, each with its rule id and quote.

    Examples:
        >>> build_constants(rules_data()).gang.long.value
        20
    """
    file = f"data/{RULES}"
    keys(data, file, ["deck", "hand", "huxi", "mingtang", "settlement", "gang", "ext"])
    deck = keys(data["deck"], f"{file} [deck]",
                ["small", "big", "copies", "red_numbers", "players", "dealt", "wall", "dealer_extra"])
    hand = keys(data["hand"], f"{file} [hand]", ["shape", "min_huxi"])
    shape = keys(hand["shape"], f"{file} [hand.shape]", ["rule"], ["also"])
    red = keys(deck["red_numbers"], f"{file} [deck.red_numbers]", ["value", "rule"], ["quote", "also"])
    ext = {}
    for n, e in enumerate(typed(data["ext"], list, f"{file} [ext]"), start=1):
        keys(e, f"{file} [ext {n}]", ["id", "title", "text", "source"])
        ext[e["id"]] = (e["title"], e["source"])
    used = {e.get("rule") for part in ("deck", "hand", "mingtang", "settlement", "gang") for e in data[part].values()
            if isinstance(e, dict)} | {row[size]["rule"] for row in data["huxi"] for size in ("big", "small")}
    undescribed = sorted(r for r in used | set(CITED_EXT)
                         if isinstance(r, str) and r.startswith("ext-") and r not in ext)
    if undescribed:
        raise RuleError(f"{file}: rule {undescribed[0]!r} is used but not described in [[ext]]")
    _count_cards(deck, ext)
    red_quote = typed(red.get("quote", ""), str, f"{file} [deck.red_numbers] quote")
    cards = Deck(deck["small"], deck["big"], _const(deck["copies"], f"{file} [deck.copies]", COPIES, ext).value,
                 frozenset(CARD_NUMBER.read(v, red_quote, f"{file} [deck.red_numbers] value")
                           for v in typed(red["value"], list, f"{file} [deck.red_numbers] value")))
    return Constants(
        deck=cards,
        deck_rules={"copies": deck["copies"]["rule"], "red": red["rule"]},
        players=_const(deck["players"], f"{file} [deck.players]", DECK["players"]),
        dealt=_const(deck["dealt"], f"{file} [deck.dealt]", DECK["dealt"]),
        dealer_extra=_const(deck["dealer_extra"], f"{file} [deck.dealer_extra]", DECK["dealer_extra"]),
        min_huxi=_const(hand["min_huxi"], f"{file} [hand.min_huxi]", HU),
        hand_rule=typed(shape["rule"], str, f"{file} [hand.shape] rule"),
        huxi=_huxi_table(data["huxi"], cards, ext),
        mingtang=_section(Mingtang, data, "mingtang"),
        payout=_section(Payout, data, "settlement"),
        gang=_section(Gang, data, "gang"),
        ext=ext,
    )


def build_options(data: Mapping[str, Any]) -> dict[str, Option]:
    """Every reading as an `Option` row (its options, its default, the lines it rests on and their
    quotes); the file must list exactly the readings and options the core declares
    (`rules.zipai.options.Options`).

    Examples:
        >>> build_options(readings_data())["zp-r-combine"].default
        'multiply'
        >>> build_options({"reading": []})
        Traceback (most recent call last):
        ...
        rules.errors.RuleError: data/zipai/readings.toml: missing option zp-r-combine and 27 more (the core declares 28)
    """
    file = f"data/{READINGS_FILE}"
    keys(data, file, ["reading"])
    specs: dict[str, Option] = {}
    for n, r in enumerate(typed(data["reading"], list, f"{file} [reading]"), start=1):
        keys(r, f"{file} [reading {n}]", ["id", "name", "question", "source", "default", "why", "option", "probe"])
        rid = typed(r["id"], str, f"{file} [reading {n}] id")
        if rid in specs:
            raise RuleError(f"{file} [{rid}]: listed twice")
        for k, o in enumerate(typed(r["option"], list, f"{file} [{rid}] option"), start=1):
            keys(o, f"{file} [{rid} option {k}]", ["id", "label", "says"])
        sources = typed(r["source"], list, f"{file} [{rid}] source")
        for k, source in enumerate(sources, start=1):
            keys(source, f"{file} [{rid} source {k}]", ["id", "quote"])
        values = {typed(o["id"], str, f"{file} [{rid}] option"): typed(o["label"], str, f"{file} [{rid}] label")
                  for o in r["option"]}
        if r["default"] not in values:
            raise RuleError(f"{file} [{rid}] default: {r['default']!r} is not one of {', '.join(values)}")
        specs[rid] = Option(rid, typed(r["name"], str, f"{file} [{rid}] name"), r["default"], values,
                            tuple(s["id"] for s in sources), "｜".join(s["quote"] for s in sources))
    check_against(Options, specs, file)
    return specs


@cache
def constants() -> Constants:
    """The constants of data/zipai/rules.toml, checked.

    Examples:
        >>> constants().min_huxi.value
        10
    """
    return build_constants(rules_data())


@cache
def option_specs() -> dict[str, Option]:
    """Every reading of data/zipai/readings.toml as an `Option`, checked against the core's `Options`.

    Examples:
        >>> option_specs()["zp-r-rounding"].values["ceil10"]
        '向上取到10的倍数'
    """
    return build_options(readings_data())


@cache
def default_rule_set() -> RuleSet:
    """The rules of document 003 under the default readings (`Game.rule_set` of 字牌 starts here).

    Examples:
        >>> default_rule_set().options.rounding.value, default_rule_set().constants.min_huxi.value
        ('ceil10', 10)
    """
    options = defaults(Options, option_specs())
    return RuleSet(constants(), options, options, option_specs())
