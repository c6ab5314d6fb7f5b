"""南宁 drills (练习, `rules.drill`): a target drawn per level, then a concrete hand for it.

A target is a hand type (牌型: a shape, 门清, 清一色 or 字一色, 全求人), a win method, a kong
chain, 封胡 and the rule set. 常见 draws the shape and colour by `WEIGHTS`, the exact counts of
concealed complete hands of the statistics page (data/nanning/drill.toml, written from
`generator.nanning.rarity` and checked equal to it), 门清 and 自摸/放炮 at random; 全部 takes
every hand type of the payout table in turn, with a win method, chain and 封胡 the core allows with
it (`impossible`); 争议 takes in turn the situations the rulings price (data/nanning/findings.toml,
``prices``: situation codes, with their preset and options), those the core allows.
"""
from __future__ import annotations

import dataclasses
import random
from contextlib import suppress
from collections.abc import Mapping
from dataclasses import dataclass
from functools import cache
from typing import Any

from ..data import keys, read_toml, typed
from ..drill import Level, Mode, in_turn, part, rescored, weighted
from ..errors import RuleError
from ..ledger import Settlement
from ..options import Option
from .feasibility import DISCARD_WINS, check
from .model import (CHAIN_WINS, OTHERS, FengHu, Fishing, HandType, KongKind, Meld, MeldKind, Pattern, Shape,
                    Situation, Win)
from .payouts import chains, fenghu_states, hand_types, parse_code
from .rule_set import DEFAULT, RuleSet, presets, rule_set
from .tiles import COPIES, SUITS, Suit, Tile, make, name, notation, suit

DRAW_VERSION = 1  # bump when the draw gives another drill for the same seed (`rules.drill.draw_version`)
MODES = (Mode.TOTAL, Mode.PAYERS, Mode.PATTERNS, Mode.WAITS)
# What a page offers as answers: mode patterns asks which 牌型 (every name an answer may list), mode payers
# how much each seat pays.
NAMES_WORD = "牌型"
NAMES = tuple(p.value for p in Pattern)
PAYER_SEATS = tuple(s.value for s in OTHERS)
WEIGHTS_FILE = "nanning/drill.toml"
NUMBER_SUITS = (Suit.MAN, Suit.PIN, Suit.SOU)
ONE_SUIT = "清一色"  # one number suit
HONOURS = "字一色"  # all honours (priced as 清一色)
COLOURS = ("", ONE_SUIT, HONOURS)  # the statistics' colours: mixed, one number suit, all honours
COMMON_WINS = (Win.ZIMO, Win.FANGPAO)
SEQUENCE_SHARE = 0.6  # of a 鸡胡's concealed sets after its first, how many are drawn as sequences


@dataclass(frozen=True)
class Category:
    """What 常见 draws by: a shape and a colour (the statistics page's rows).

    Examples:
        >>> Category("清一色", Shape.PENGPENG).label
        '清一色碰碰胡'
    """

    colour: str
    shape: Shape

    @property
    def label(self) -> str:
        """As the statistics page names it.

        Examples:
            >>> Category("", Shape.JIHU).label
            '鸡胡'
        """
        return self.colour + self.shape.value


@cache
def weights() -> tuple[tuple[Category, int], ...]:
    """The exact counts 常见 draws by, from data/nanning/drill.toml.

    Examples:
        >>> dict((c.label, n) for c, n in weights())["字一色鸡胡"]
        0
    """
    data = read_toml(WEIGHTS_FILE)
    out = []
    for k, row in enumerate(data.get("category", []), start=1):
        where = f"data/{WEIGHTS_FILE} [[category]] {k}"
        entry = keys(row, where, ["colour", "shape", "count"])
        colour = typed(entry["colour"], str, where + " colour")
        if colour not in COLOURS:
            raise RuleError(f"{where} colour: {colour!r} is none of {COLOURS}")
        try:
            shape = Shape(entry["shape"])
        except ValueError:
            raise RuleError(f"{where} shape: {entry['shape']!r} is no 牌型") from None
        out.append((Category(colour, shape), typed(entry["count"], int, where + " count")))
    if {c for c, _ in out} != {Category(c, s) for c in COLOURS for s in Shape}:
        raise RuleError(f"data/{WEIGHTS_FILE}: every colour × shape once")
    return tuple(out)


@dataclass(frozen=True)
class Target:
    """What one drill is drawn to be. `exact`: the hand must read as exactly `hand` (全部, 争议); else
    its shape and colour (常见).

    Examples:
        >>> Target(HandType(Shape.JIHU, False, False), "", Win.ZIMO).preset
        'yuanwen'
    """

    hand: HandType
    colour: str
    win: Win
    chain: tuple[KongKind, ...] = ()
    fenghu: FengHu = FengHu.NONE
    moma_hits: int = 0
    fishing: Fishing | None = None
    preset: str = DEFAULT
    options: Mapping[str, str] = dataclasses.field(default_factory=dict)
    ruling: str = ""
    exact: bool = False


def _rules(t: Target) -> RuleSet:
    return rule_set(t.preset, dict(t.options), "rules.options")


def _possible(s: Situation, rules: RuleSet) -> bool:
    return check(s, rules) is None


@cache
def _all_types() -> tuple[HandType, ...]:
    rules = presets()[DEFAULT]
    return tuple(h for h in hand_types() if any(_possible(Situation(h, w, c), rules)
                                                for w in Win for c in chains(w, rules.value("chain_max"))))


@cache
def disputed() -> tuple[Target, ...]:
    """The situations the rulings price (`prices` codes of data/nanning/findings.toml) that can occur.

    Examples:
        >>> found = disputed()
        >>> len(found) > 5, all(t.ruling.startswith("nn-") for t in found)
        (True, True)
    """
    out = []
    for finding in read_toml("nanning/findings.toml").get("finding", []):
        for code in dict(finding.get("prices", {})).values():
            if str(code).startswith(("~", "moma-seat:")):  # no situation: priced though it cannot occur, or
                continue  # a count of code tiles (generator.nanning.tables.priced)
            situation_code, _, variant = str(code).partition("@")
            preset, *settings = variant.split("+") if variant else [DEFAULT]
            options = dict(s.split("=", 1) for s in settings)
            s = parse_code(situation_code)
            target = Target(s.hand, ONE_SUIT if s.hand.qingyise else "", s.win, s.chain, s.fenghu, s.moma_hits,
                            s.fishing, preset or DEFAULT, options, str(finding["id"]), exact=True)
            if _possible(s, _rules(target)) and target not in out:
                out.append(target)
    return tuple(out)


def target(rng: random.Random, mode: Mode, level: Level, seed: int) -> Target:
    """The target of a seed (see the module docstring).

    Examples:
        >>> target(random.Random(1), Mode.TOTAL, Level.DISPUTED, 0).ruling.startswith("nn-")
        True
        >>> target(random.Random(1), Mode.TOTAL, Level.ALL, 0).exact
        True
    """
    if level is Level.DISPUTED:
        return in_turn(disputed(), seed, "nanning-disputed")
    if level is Level.COMMON:
        category = weighted(rng, weights())
        menqing = category.shape.pairs or rng.random() < 0.5
        win = Win.ZIMO if mode is Mode.WAITS else rng.choice(COMMON_WINS)
        return Target(HandType(category.shape, menqing, bool(category.colour)), category.colour, win)
    hand = in_turn(_all_types(), seed, "nanning-all")
    rules = presets()[DEFAULT]
    options = [Situation(hand, w, c, f) for w in Win for c in chains(w, rules.value("chain_max"))
               for f in fenghu_states(w, hand)]
    if mode is Mode.WAITS:  # a waits request has no win: the hand type alone, without a chain or 封胡
        options = [s for s in options if not s.chain and s.fenghu is FengHu.NONE]
    by_win: dict[Win, list[Situation]] = {}
    for s in options:
        if _possible(s, rules):
            by_win.setdefault(s.win, []).append(s)
    s = rng.choice(by_win[rng.choice(sorted(by_win))])
    return Target(hand, ONE_SUIT if hand.qingyise else "", s.win, s.chain, s.fenghu, exact=True)


class _NoRoom(Exception):
    """This attempt ran out of tiles (a fifth copy): draw again."""


@dataclass
class _Tiles:
    """The tiles an attempt has used so far, at most four of each."""

    used: list[int] = dataclasses.field(default_factory=lambda: [0] * 34)

    def take(self, tile: Tile, n: int) -> Tile:
        if self.used[tile] + n > COPIES:
            raise _NoRoom
        self.used[tile] += n
        return tile


def _pool(rng: random.Random, colour: str) -> tuple[tuple[Suit, ...], tuple[Suit, ...]]:
    """The suits a hand of this colour draws from: (every suit, the number suits among them)."""
    if colour == HONOURS:
        return (Suit.HONOR,), ()
    if colour == ONE_SUIT:
        one = rng.choice(NUMBER_SUITS)
        return (one,), (one,)
    return SUITS, NUMBER_SUITS


def _any_tile(rng: random.Random, suits: tuple[Suit, ...]) -> Tile:
    s = rng.choice(suits)
    return make(s, rng.randint(1, 7 if s is Suit.HONOR else 9))


def _hand(rng: random.Random, t: Target) -> tuple[list[Tile], list[Meld], Tile]:
    """A random concrete hand for the target (the core then reads it and says whether it is one)."""
    tiles = _Tiles()
    suits, runs = _pool(rng, t.colour)
    shape = t.hand.shape
    if shape.pairs:
        kinds: list[Tile] = []
        while len(kinds) < 7 - shape.big_pairs:
            tile = _any_tile(rng, suits)
            if tile not in kinds:
                kinds.append(tile)
        concealed = []
        for i, kind in enumerate(kinds):
            copies = 4 if i < shape.big_pairs else 2
            concealed += [tiles.take(kind, copies)] * copies
        return concealed, [], rng.choice(concealed)
    melds = []
    if t.win is Win.GANGSHANGHUA:
        for kong in t.chain:
            meld = MeldKind.ANGANG if kong is KongKind.AN else rng.choice((MeldKind.MINGGANG, MeldKind.JIAGANG))
            melds.append(Meld(meld, tiles.take(_any_tile(rng, suits), 4)))
    exposed = sum(m.kind.from_other for m in melds)
    wanted = 4 if t.hand.quanqiuren else 3 if t.fenghu is not FengHu.NONE else 0 if t.hand.menqing else \
        rng.randint(1, 3)
    for _ in range(max(0, wanted - exposed)):
        melds.append(Meld(MeldKind.PENG, tiles.take(_any_tile(rng, suits), 3)))
    concealed = []
    for k in range(4 - len(melds)):
        if shape is Shape.JIHU and runs and (k == 0 or rng.random() < SEQUENCE_SHARE):
            start = make(rng.choice(runs), rng.randint(1, 7))
            concealed += [tiles.take(start + i, 1) for i in range(3)]
        else:
            tile = tiles.take(_any_tile(rng, suits), 3)
            concealed += [tile] * 3
    pair = tiles.take(_any_tile(rng, suits), 2)
    concealed += [pair, pair]
    if t.hand.quanqiuren:
        return concealed, melds, pair
    if t.win is Win.QIANGGANG:  # the robbed tile: held once, its other three in the robbed 碰
        single = [x for x in concealed if tiles.used[x] == 1]
        if not single:
            raise _NoRoom
        return concealed, melds, rng.choice(single)
    return concealed, melds, rng.choice(concealed)


def _request(rng: random.Random, t: Target, concealed: list[Tile], melds: list[Meld], won_on: Tile,
             mode: Mode) -> dict[str, Any]:
    hand = list(concealed)
    hand.remove(won_on)
    request: dict[str, Any] = {"hand": notation(hand if mode is Mode.WAITS else [*hand, won_on])}
    if melds:
        request["melds"] = [{"kind": m.kind.value, "tile": notation([m.tile])} for m in melds]
    if t.preset != DEFAULT or t.options:
        request["rules"] = {"preset": t.preset, "options": dict(t.options)} if t.options else t.preset
    if mode is Mode.WAITS:
        return request
    request["win"] = t.win.value
    request["win_tile"] = notation([won_on])
    if t.win in CHAIN_WINS:
        request["kongs"] = len(t.chain)
        request["chain"] = [k.value for k in t.chain]
    fenghu_seat = rng.choice(OTHERS)
    if t.win in DISCARD_WINS:
        others = [s for s in OTHERS if t.fenghu is not FengHu.OTHER_DISCARDS or s is not fenghu_seat]
        discarder = fenghu_seat if t.fenghu is FengHu.B_DISCARDS else rng.choice(others)
        if t.win is Win.RENHU:  # the dealer's first discard: any other seat may be the dealer
            discarder = rng.choice(OTHERS)
        request["discarder"] = discarder.value
    if t.fenghu is not FengHu.NONE:
        request["fenghu"] = t.fenghu.value
        request["fenghu_seat"] = fenghu_seat.value
    if t.moma_hits:
        request["moma_hits"] = t.moma_hits
    if t.fishing is not None:
        request["fishing"] = {"winner": t.fishing.winner, "payers": [s.value for s in t.fishing.payers]}
    return request


def attempt(rng: random.Random, t: Target, mode: Mode) -> tuple[dict[str, Any], str] | None:
    """One random hand for the target, as a request (and the ruling it is about); None when this attempt
    runs out of tiles (draw again).

    Examples:
        >>> t = Target(HandType(Shape.QIXIAODUI, True, True), ONE_SUIT, Win.ZIMO)
        >>> request, ruling = attempt(random.Random(3), t, Mode.TOTAL)
        >>> request["win"], len(request["hand"]) - 1, colour_of(request)
        ('自摸', 14, '清一色')
    """
    try:
        concealed, melds, won_on = _hand(rng, t)
    except _NoRoom:
        return None
    return _request(rng, t, concealed, melds, won_on, mode), t.ruling


def fits(t: Target, request: Mapping[str, Any], answer: Mapping[str, Any], mode: Mode) -> bool:
    """Whether the scored hand is the target's: its patterns exactly (全部, 争议), or its shape and colour
    (常见); a waits drill, whatever it waits on.

    Examples:
        >>> t = Target(HandType(Shape.JIHU, True, False), "", Win.ZIMO, exact=True)
        >>> fits(t, {}, {"patterns": ["鸡胡", "门清"]}, Mode.TOTAL), fits(t, {}, {"patterns": ["鸡胡"]}, Mode.TOTAL)
        (True, False)
    """
    if mode is Mode.WAITS:
        return bool(answer["tiles"])
    if t.exact:
        return list(answer["patterns"]) == [p.value for p in t.hand.patterns()]
    return t.hand.shape.value in answer["patterns"] and colour_of(request) == t.colour


def colour_of(request: Mapping[str, Any]) -> str:
    """The statistics' colour of a request's hand: mixed (""), 清一色 or 字一色.

    Examples:
        >>> colour_of({"hand": "11122233344455m"}), colour_of({"hand": "11z", "melds": [{"kind": "碰", "tile": "2z"}]})
        ('清一色', '字一色')
    """
    from .tiles import parse

    tiles = parse(str(request["hand"])) + [parse(m["tile"])[0] for m in request.get("melds", [])]
    found = {suit(t) for t in tiles}
    if found == {Suit.HONOR}:
        return HONOURS
    return ONE_SUIT if len(found) == 1 else ""


def category(drill: Mapping[str, Any]) -> Category:
    """The statistics' row a drill's hand is in (what 常见 draws by).

    Examples:
        >>> category({"request": {"hand": "11122233344455m"}, "answer": {"patterns": ["碰碰胡", "门清", "清一色"]}})
        Category(colour='清一色', shape=<Shape.PENGPENG: '碰碰胡'>)
    """
    shape = next(s for s in Shape if s.value in drill["answer"]["patterns"])
    return Category(colour_of(drill["request"]), shape)


# ---------------------------------------------------------------- words and answers

def _tiles_text(text: str) -> str:
    from .tiles import parse

    return " ".join(name(t) for t in sorted(parse(text)))


def _chosen(option: Option, value: str) -> str:
    """An option's choice in words: its name and what the value says (not its keys).

    Examples:
        >>> from rules.nanning.rule_set import presets
        >>> _chosen(presets()["yuanwen"].option_specs["fishing"], "on")[:6]
        '钓鱼：胡家钓'
    """
    said = option.values.get(value, value)
    return said if said.startswith(option.name + "：") else f"{option.name}：{said}"


def question(request: Mapping[str, Any], mode: Mode) -> str:
    """The drill's question in Chinese: the situation in words, then what is asked.

    Examples:
        >>> question({"hand": "234m678m999m55p", "melds": [{"kind": "碰", "tile": "9s"}], "win": "自摸"}, Mode.TOTAL)
        '手牌：二万 三万 四万 六万 七万 八万 九万 九万 九万 五筒 五筒；副露：碰九条；本家自摸，胡五筒。胡家共收多少分？'
    """
    from .tiles import parse

    parts = [f"手牌：{_tiles_text(str(request['hand']))}"]
    if request.get("melds"):
        parts.append("副露：" + "、".join(f"{m['kind']}{name(parse(m['tile'])[0])}" for m in request["melds"]))
    rules = request.get("rules")
    if rules:
        preset = rules if isinstance(rules, str) else rules["preset"]
        options = {} if isinstance(rules, str) else rules["options"]
        specs = presets()[preset].option_specs
        chosen = "".join(f"，{_chosen(specs[k], str(v))}" for k, v in options.items())
        parts.append(f"规则：{presets()[preset].name}{chosen}")
    if mode is Mode.WAITS:
        return "；".join(parts) + "。这手牌听哪些牌？"
    win = Win(request["win"])
    won_on = name(parse(request.get("win_tile") or request["hand"])[-1])
    how = f"{request['discarder']}打出{won_on}，本家{win.value}" if "discarder" in request else \
        f"本家{win.value}，胡{won_on}"
    if request.get("chain"):
        how += f"（连杠：{'、'.join(request['chain'])}）"
    if request.get("fenghu"):
        how += f"；封胡：本家碰了{request['fenghu_seat']}三笔，{request['fenghu']}"
    if request.get("moma_hits"):
        how += f"；摸码中 {request['moma_hits']} 颗"
    parts.append(how)
    ask = {Mode.TOTAL: "胡家共收多少分？", Mode.PAYERS: "每家各付多少分？", Mode.PATTERNS: "这手牌算哪些牌型？"}[mode]
    return "；".join(parts) + "。" + ask


def expect(answer: Mapping[str, Any], mode: Mode) -> Any:
    """The part of the answer the question asks for.

    Examples:
        >>> expect({"total": 9, "net": {"本家": 9, "上家": -9}, "patterns": ["鸡胡"]}, Mode.PAYERS)
        {'上家': 9}
    """
    return part(answer, mode, "patterns", "tiles")


def _settled(settlement: Settlement) -> dict[str, Any]:
    return {"total": settlement.total, "net": {seat.value: n for seat, n in settlement.net().items()}}


def alternatives(drill: Mapping[str, Any]) -> list[tuple[str, Any]]:
    """What other answers to this drill's question would be right for: the same hand without one 名堂 or as
    鸡胡, with another win method, under another preset or option, without 封胡 (totals and payers only).

    Examples:
        >>> found = dict(alternatives({"mode": "total", "request": {"hand": "234m678m999m55p", "melds": [
        ...     {"kind": "碰", "tile": "9s"}], "win": "自摸"}}))
        >>> found["按放炮算"]
        2
    """
    from ..registry import game

    mode = Mode(drill["mode"])
    if mode not in (Mode.TOTAL, Mode.PAYERS):
        return []
    nanning, request = game("nanning"), dict(drill["request"])
    out: list[tuple[str, Any]] = []
    parsed = nanning.parse(request)
    rules = nanning.rule_set_of(parsed)
    situation = nanning.situation(parsed, rules)
    hand = situation.hand
    dropped = [("没有门清", {"menqing": False}), ("没有清一色", {"qingyise": False}),
               ("没有全求人", {"quanqiuren": False})]
    # 名堂 taken away: the situation priced as it stands, without one of them
    fewer = [(what, dataclasses.replace(hand, **change)) for what, change in dropped
             if getattr(hand, next(iter(change)))]
    if hand.shape is not Shape.JIHU:
        fewer.append((f"不算{hand.shape.value}（按鸡胡）", dataclasses.replace(hand, shape=Shape.JIHU)))
    for what, other in fewer:
        with suppress(RuleError):
            out.append((what, expect(_settled(nanning.price(dataclasses.replace(situation, hand=other), rules)),
                                     mode)))
    variants: list[tuple[str, Mapping[str, Any]]] = []
    plain = {k: v for k, v in request.items() if k not in ("win", "kongs", "chain", "discarder", "fenghu",
                                                             "fenghu_seat")}
    for win in Win:
        if win.value != request["win"]:
            extra = {"kongs": 1} if win in CHAIN_WINS else {}
            variants.append((f"按{win.value}算", {**plain, "win": win.value, **extra}))
    if request.get("fenghu"):
        variants.append(("不算封胡", {k: v for k, v in request.items() if k not in ("fenghu", "fenghu_seat")}))
    if request.get("kongs", 1) > 1:
        variants.append(("只算一杠（不算连杠）", {**request, "kongs": 1, "chain": request["chain"][:1]}))
    for preset in presets().values():
        if preset.id != rules.id:
            variants.append((f"按预设「{preset.name}」", {**request, "rules": preset.id}))
    for option in rules.option_specs.values():
        for value in option.values:
            if value != rules.chosen.get(option.key, option.default):
                chosen = {"preset": rules.id, "options": {**rules.chosen, option.key: value}}
                variants.append((f"按选项「{_chosen(option, value)}」", {**request, "rules": chosen}))
    return out + rescored("nanning", mode, variants)

