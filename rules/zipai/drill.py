"""字牌 drills (练习, `rules.drill`): a target drawn per level, then a concrete hand for it.

A hand is drawn group by group (three alike as 坎 or a shown 碰, runs, 大小搭, at most one four as
a shown 拢 or 招 and then a pair) with an exact number of red cards, its 胡息 at least the minimum
to win (exactly the minimum for 棒), every group but the pair with 胡息 for 列列; the core then
scores it, and a refusal draws again.

- 常见: the number of red cards is drawn by `weights`, the exact numbers of hands of the winning
  size by red cards of the statistics page (data/zipai/drill.toml, written from `generator.zipai.odds`
  and checked equal to it), the win method at random;
- 全部: on even seeds the hand types of the payout table in turn (each colour class as plain, 棒 and
  列列; 天胡; 三垅, 五坎, 一拢（坎）三坎), with a win method, 爆 situation, 海底 and 头块 at random; on odd
  seeds (but for waits) every 胡数 a hand won in play reaches in turn, self-drawn with nobody 爆 (the
  cheat sheet's grid), its groups with 胡息 drawn at once with exactly that sum (`exact`);
- 争议: the rulings on a reading (data/zipai/findings.toml ``option``) in turn, each on a hand whose
  answer that reading changes, with the circumstances of the reading's probe (readings.toml).
"""
from __future__ import annotations

import random
from collections import Counter
from collections.abc import Mapping
from dataclasses import dataclass
from functools import cache
from typing import Any

from ..data import keys, read_toml, typed
from ..drill import Level, Mode, in_turn, part, rescored, weighted
from ..errors import RuleError
from ..options import values_by_key
from .cards import KINDS, Card, Size
from .groups import make, sequence_kind
from .loader import default_rule_set, readings_data
from .model import OTHERS, Bao, Extra, GangKind, GroupKind, Seat, ShownKind, Special, Win
from .payouts import BAO, HAND_NAMES
from .rule_set import RuleSet
from .scoring import NAME_ORDER, red_threshold

DRAW_VERSION = 2  # bump when the draw gives another drill for the same seed (`rules.drill.draw_version`)
MODES = (Mode.TOTAL, Mode.PAYERS, Mode.PATTERNS, Mode.WAITS, Mode.HUXI)
# What a page offers as answers: mode patterns asks which 名堂 (every name an answer may list), mode payers
# how much each seat pays.
NAMES_WORD = "名堂"
NAMES = NAME_ORDER
PAYER_SEATS = tuple(s.value for s in OTHERS)
WEIGHTS_FILE = "zipai/drill.toml"
PLAY_WINS = (Win.ZIMO, Win.DIANPAO, Win.WALL)
COLOURS = ("普通", "黑", "一颗珠", "红")  # the colour classes of `rules.zipai.scoring.colour_class`
PLAIN, BANG, LIELIE = "", "棒", "列列"
SHOWN_SHARE = 0.3  # three alike drawn as a shown 碰 rather than a held 坎
FOUR_SHARE = 0.35  # hands drawn with one group of four
DIAN_ZHAO_SHARE = 0.5  # a 招 made on another player's card (点招) rather than on one drawn (自招)
PROBE_SHARE = 0.25  # 争议: attempts that take the reading's probe hand itself


@cache
def weights() -> tuple[tuple[int, int], ...]:
    """(red cards, hands) of the winning size, from data/zipai/drill.toml: what 常见 draws by.

    Examples:
        >>> found = weights()
        >>> found[0][0], len(found) == cards() + 1
        (0, True)
    """
    data = read_toml(WEIGHTS_FILE)
    rows = []
    for k, row in enumerate(data.get("red", []), start=1):
        where = f"data/{WEIGHTS_FILE} [[red]] {k}"
        entry = keys(row, where, ["red", "count"])
        rows.append((typed(entry["red"], int, where + " red"), typed(entry["count"], int, where + " count")))
    if [r for r, _ in rows] != list(range(cards() + 1)):
        raise RuleError(f"data/{WEIGHTS_FILE}: one [[red]] for each number of red cards from 0 to {cards()}")
    return tuple(rows)


def cards() -> int:
    """The cards of a hand that wins in play (dealt + the winning card), without fours.

    Examples:
        >>> cards()
        21
    """
    return default_rule_set().constants.dealt.value + 1


def colour_class(red: int, rule_set: RuleSet | None = None) -> str:
    """The colour class of a hand with `red` red cards in all (`rules.zipai.scoring.colour_class`).

    Examples:
        >>> [colour_class(r) for r in (0, 1, 5, 12)]
        ['黑', '一颗珠', '普通', '红']
    """
    rule_set = rule_set or default_rule_set()
    if red == 0:
        return "黑"
    if red == rule_set.constants.mingtang.yikezhu_red.value:
        return "一颗珠"
    return "红" if red >= red_threshold(rule_set) else "普通"


def _reds_of(colour: str, rule_set: RuleSet) -> list[int]:
    return [r for r in range(cards() + 1) if colour_class(r, rule_set) == colour]


@dataclass(frozen=True)
class Target:
    """What one drill is drawn to be: red cards, 棒/列列, an opening pattern, the circumstances.

    Examples:
        >>> Target((0,), BANG).kind, Target((0,)).opening
        ('棒', False)
    """

    red: tuple[int, ...]  # the numbers of red cards it may hold (one drawn per attempt)
    kind: str = PLAIN  # "", 棒 or 列列
    special: Special | None = None
    opening: bool = False  # 起手: 天胡 or an opening pattern
    win: Win | None = None  # None: at random in play
    name: str = ""  # the hand type (payout table's 牌型) the answer must show, if any
    ruling: str = ""
    reading: str = ""  # 争议: the reading whose options must give different answers
    probe: Mapping[str, Any] | None = None
    varied: bool = False  # 全部: 爆, 海底, 头块 and the dealer at random
    huxi: int | None = None  # 全部: exactly this many 胡息, self-drawn, nobody 爆, no 来点儿 (the grid's situation)


@cache
def _hand_types() -> tuple[Target, ...]:
    """The payout table's hand types (`HAND_NAMES`), each as a target."""
    rules = default_rule_set()
    names = {("黑", PLAIN): "黑胡", ("黑", BANG): "黑棒", ("黑", LIELIE): "黑列列", ("红", PLAIN): "红胡",
             ("红", BANG): "红棒", ("红", LIELIE): "红列列", ("一颗珠", PLAIN): "一颗珠",
             ("一颗珠", BANG): "一珠棒", ("一颗珠", LIELIE): "一珠列", ("普通", PLAIN): "无名堂",
             ("普通", BANG): "棒胡", ("普通", LIELIE): "列列胡"}
    out = [Target(tuple(_reds_of(c, rules)), kind, name=names[(c, kind)], varied=True)
           for c in COLOURS for kind in (PLAIN, BANG, LIELIE)]
    out.append(Target(tuple(_reds_of("普通", rules)), opening=True, name="天胡"))
    out += [Target(tuple(range(cards() + 1)), special=s, opening=True, name=s.value) for s in Special]
    if {t.name for t in out} - {"天胡"} != HAND_NAMES:
        raise AssertionError("every hand type of the payout table is a target")
    return tuple(out)


@cache
def disputed(mode: Mode) -> tuple[Target, ...]:
    """The rulings on a reading (findings with an ``option`` whose reading has a probe) whose probe the core
    scores and whose reading changes the answer the mode asks for, as targets.

    Examples:
        >>> found = disputed(Mode.TOTAL)
        >>> len(found) > 5, found[0].ruling.startswith("zp-"), len(disputed(Mode.HUXI)) < len(found)
        (True, True, True)
    """
    from ..registry import game

    out = []
    for t in _rulings():
        try:
            answer = game("zipai").score(dict(t.probe or {}))
        except RuleError:
            continue
        if mode is Mode.WAITS or fits(t, t.probe or {}, answer, mode):
            out.append(t)
    return tuple(out)


@cache
def _rulings() -> tuple[Target, ...]:
    probes = {r["id"]: r["probe"] for r in readings_data()["reading"] if "probe" in r}
    deck = default_rule_set().constants.deck
    out = []
    for finding in read_toml("zipai/findings.toml").get("finding", []):
        reading = finding.get("option", "")
        if reading in probes:
            probe = probes[reading]
            red = sum(map(deck.is_red, deck.parse(probe["hand"] + "".join(g["cards"] for g in probe.get("shown", [])))))
            out.append(Target((red,), win=None if Extra.OPENING.value in probe.get("extras", []) else
                              Win(probe["win"]), ruling=str(finding["id"]), reading=reading, probe=probe))
    return tuple(out)


def target(rng: random.Random, mode: Mode, level: Level, seed: int) -> Target:
    """The target of a seed (see the module docstring).

    Examples:
        >>> target(random.Random(1), Mode.TOTAL, Level.ALL, 0).name in HAND_NAMES | {"天胡"}
        True
        >>> len(target(random.Random(1), Mode.TOTAL, Level.COMMON, 0).red)
        1
    """
    if level is Level.COMMON:
        return Target((weighted(rng, weights()),))
    if level is Level.DISPUTED:
        return in_turn(disputed(mode), seed, "zipai-disputed")
    if mode is not Mode.WAITS and seed % 2:
        return in_turn(huxi_targets(), seed // 2, "zipai-huxi")
    found = [t for t in _hand_types() if not (mode is Mode.WAITS and t.opening)]
    return in_turn(found, seed if mode is Mode.WAITS else seed // 2, "zipai-all")


@cache
def huxi_targets() -> tuple[Target, ...]:
    """Every 胡数 from the least that wins to the most a hand won in play reaches (`exact`), as targets:
    self-drawn, nobody 爆.

    Examples:
        >>> found = [t.huxi for t in huxi_targets()]
        >>> found[0] == default_rule_set().constants.min_huxi.value, 59 in found, 74 in found, found[-1]
        (True, True, False, 96)
    """
    low = default_rule_set().constants.min_huxi.value
    every = tuple(range(cards() + 1))
    return tuple(Target(every, win=Win.ZIMO, huxi=h) for h in sorted({c[-1] for c in _ways()[0]}) if h >= low)


# ---------------------------------------------------------------- drawing a hand

@dataclass(frozen=True)
class _Group:
    cards: tuple[Card, ...]
    kind: GroupKind
    shown: ShownKind | None  # how it is shown, or None when held
    huxi: int
    red: int


@cache
def _groups(opening: bool) -> tuple[tuple[_Group, ...], tuple[_Group, ...], tuple[_Group, ...]]:
    """Every group a hand can be drawn from: (threes, fours, pairs)."""
    rules = default_rule_set()
    constants, deck = rules.constants, rules.constants.deck

    def group(cards: tuple[Card, ...], kind: GroupKind, shown: ShownKind | None) -> _Group:
        return _Group(cards, kind, shown, make(kind, cards, constants, shown is not None).huxi,
                      sum(map(deck.is_red, cards)))

    threes = []
    for index in range(KINDS):
        card = Card(index)
        threes.append(group((card,) * 3, GroupKind.KAN, None))
        if not opening:
            threes.append(group((card,) * 3, GroupKind.PENG, ShownKind.PENG))
        other = Card((index + 10) % KINDS)
        threes.append(group((card, card, other), GroupKind.DAXIAO, None))
    for size in Size:
        runs = [(n, n + 1, n + 2) for n in range(1, 9)] + [(2, 7, 10)]
        for numbers in runs:
            cards = tuple(Card.of(size, n) for n in numbers)
            kind = sequence_kind(cards)
            assert kind is not None
            threes.append(group(cards, kind, None))
            if not opening:
                threes.append(group(cards, kind, ShownKind.CHI))
    fours = [group((Card(i),) * 4, GroupKind.LONG, ShownKind.LONG) for i in range(KINDS)]
    if not opening:
        fours += [group((Card(i),) * 4, GroupKind.ZHAO, ShownKind.ZHAO) for i in range(KINDS)]
    pairs = [group((Card(i),) * 2, GroupKind.JIANG, None) for i in range(KINDS)]
    return tuple(threes), tuple(fours), tuple(pairs)


def _draw(rng: random.Random, red: int, slots: list[str], kind: str, opening: bool) -> list[_Group] | None:
    """Groups for the slots ("3", "4", "2") with exactly `red` red cards in all and, for 棒, exactly the
    least 胡息 to win; at most four of a card; three of a card held only as a 坎, which is never broken
    (zp-r-kan-split), and no four held. None when this attempt runs out."""
    threes, fours, pairs = _groups(opening)
    pools = {"3": threes, "4": fours, "2": pairs}
    most = {"3": 3, "4": 4, "2": 2}
    used, held = [0] * KINDS, [0] * KINDS
    out: list[_Group] = []
    left, huxi_left = red, default_rule_set().constants.min_huxi.value
    for k, slot in enumerate(slots):
        room = sum(most[s] for s in slots[k + 1:])
        # 棒: the last group with 胡息 (before the pair) takes exactly the 胡息 left
        huxi = (huxi_left, all(s == "2" for s in slots[k + 1:])) if kind == BANG else None
        found = [g for g in pools[slot] if _fits(g, left, room, huxi, kind == LIELIE and slot == "3", used, held)]
        if not found:
            return None
        chosen = rng.choice(found)
        if chosen.kind is GroupKind.KAN and rng.random() < SHOWN_SHARE and not opening:
            peng = next(g for g in threes if g.cards == chosen.cards and g.shown is ShownKind.PENG)
            chosen = peng if _fits(peng, left, room, huxi, False, used, held) else chosen
        for c in chosen.cards:
            used[c.index] += 1
            held[c.index] += chosen.shown is None
        out.append(chosen)
        left -= chosen.red
        huxi_left -= chosen.huxi
    return out


def _fits(g: _Group, red: int, room: int, huxi: tuple[int, bool] | None, scoring: bool, used: list[int],
          held: list[int]) -> bool:
    """Whether a group may come next: its red cards within the `red` left (and what is left within the
    `room` of the slots after it); for 棒 (`huxi`: the 胡息 left, and whether this is the last group that
    can hold any) its 胡息 within it; for 列列 (`scoring`) some 胡息; the copies and the held cards."""
    if g.red > red or red - g.red > room or (scoring and g.huxi == 0):
        return False
    if huxi is not None and (g.huxi > huxi[0] or (huxi[1] and g.huxi != huxi[0])):
        return False
    if any(used[c.index] + g.cards.count(c) > 4 for c in g.cards):
        return False
    if g.shown is not None:
        return True
    if g.kind is GroupKind.KAN:
        return held[g.cards[0].index] == 0
    return all(held[c.index] + g.cards.count(c) <= 2 for c in g.cards)


# ---------------------------------------------------------------- drawing a hand of an exact 胡息

THREES = 7  # the groups of a hand without a four; with fours, one group fewer and a pair (ext-zp-hand)
Count = tuple[int, int, int, int]  # groups of three with 胡息, 拢, 招, 胡息
ATTEMPTS_EXACT = 100  # choices of the groups with 胡息 tried before an attempt is given up


@cache
def _classes() -> tuple[tuple[_Group, ...], ...]:
    """The groups with 胡息 a hand in play can hold, in classes of which a hand holds one at most: each
    card's three alike and four (坎, 碰, 拢, 招), and each run with 胡息 (一二三, 二七十; held or 吃) alone."""
    threes, fours, _ = _groups(False)
    alike: dict[int, list[_Group]] = {}
    runs = []
    for g in (*threes, *fours):
        if g.huxi and len(set(g.cards)) == 1:
            alike.setdefault(g.cards[0].index, []).append(g)
        elif g.huxi:
            runs.append((g,))
    return (*(tuple(alike[i]) for i in sorted(alike)), *runs)


def _after(count: Count, g: _Group, sign: int = 1) -> Count:
    threes, longs, zhaos, huxi = count
    return (threes + sign * (len(g.cards) == 3), longs + sign * (g.kind is GroupKind.LONG),
            zhaos + sign * (g.kind is GroupKind.ZHAO), huxi + sign * g.huxi)


def _room(count: Count) -> int:
    """The groups left to fill (without 胡息; and the pair, when the hand holds a four), or -1 when the count
    fits no hand: more groups than a hand has, more 拢 than a dealt hand holds (dealt / copies)."""
    threes, longs, zhaos, _ = count
    constants = default_rule_set().constants
    if longs > constants.dealt.value // constants.deck.copies:
        return -1
    fours = longs + zhaos
    return (THREES - 1 if fours else THREES) - threes - fours  # with a four: six groups and the pair


@cache
def _ways() -> tuple[Counter[Count], ...]:
    """For each class k, how many choices from classes k, k+1, … make each count that fits a hand."""
    classes = _classes()
    ways: list[Counter[Count]] = [Counter({(0, 0, 0, 0): 1})]
    for options in reversed(classes):
        later, made = ways[-1], Counter(ways[-1])
        for g in options:
            for count, n in later.items():
                if _room(after := _after(count, g)) >= 0:
                    made[after] += n
        ways.append(made)
    return tuple(reversed(ways))


def exact(rng: random.Random, huxi: int) -> list[_Group] | None:
    """Groups of a hand in play with exactly `huxi` 胡息: the groups with 胡息 drawn uniformly among every
    choice of them with that sum (counted by `_ways`, copies and held cards then checked), the rest of the
    hand groups without 胡息 (runs, 大小搭, the pair); None when this attempt runs out.

    Examples:
        >>> found = exact(random.Random(3), 72)
        >>> sum(g.huxi for g in found), len(found)  # seven groups, or six and the pair
        (72, 7)
    """
    ways, classes = _ways(), _classes()
    counts = [(c, n) for c, n in ways[0].items() if c[3] == huxi]
    for _ in range(ATTEMPTS_EXACT if counts else 0):
        count = wanted = weighted(rng, counts)
        chosen = []
        for k, options in enumerate(classes):
            g: _Group | None = weighted(rng, [(None, ways[k + 1][count]),
                                              *((o, ways[k + 1][_after(count, o, -1)]) for o in options)])
            if g is not None:
                chosen.append(g)
                count = _after(count, g, -1)
        placed = _place(chosen)
        if placed is not None:
            return _fill(rng, chosen, _room(wanted), *placed)
    return None


def _place(groups: list[_Group]) -> tuple[list[int], list[int]] | None:
    """The cards used and held by these groups, or None when they break a rule: at most four of a card,
    three held only as a 坎 (never broken, zp-r-kan-split), no four held."""
    used, held = [0] * KINDS, [0] * KINDS
    kans = {g.cards[0].index for g in groups if g.kind is GroupKind.KAN}
    for g in groups:
        for c in g.cards:
            used[c.index] += 1
            held[c.index] += g.shown is None
    if any(n > 4 for n in used) or any(held[i] != 3 if i in kans else held[i] > 2 for i in range(KINDS)):
        return None
    return used, held


def _fill(rng: random.Random, groups: list[_Group], room: int, used: list[int], held: list[int]) -> list[_Group] | None:
    """The `room` groups without 胡息 that complete the hand, and its pair when it holds a four."""
    threes, _, pairs = _groups(False)
    four = any(len(g.cards) == 4 for g in groups)
    slots = [threes] * room + ([pairs] if four else [])
    out, every = list(groups), cards()  # any number of red cards
    for pool in slots:
        found = [g for g in pool if not g.huxi and _fits(g, every, every, None, False, used, held)]
        if not found:
            return None
        chosen = rng.choice(found)
        for c in chosen.cards:
            used[c.index] += 1
            held[c.index] += chosen.shown is None
        out.append(chosen)
    return out


def _shown(groups: list[_Group]) -> list[dict[str, str]]:
    deck = default_rule_set().constants.deck
    return [{"kind": g.shown.value, "cards": deck.text(g.cards)} for g in groups if g.shown is not None]


def _special_hand(rng: random.Random, special: Special) -> tuple[list[_Group], list[Card]]:
    """An opening hand with the pattern: its 拢 and 坎, then loose cards (no further four, 坎 or pair
    needed), for a player who is not the dealer."""
    m = default_rule_set().constants.mingtang
    longs, kans = {Special.SANLONG: (m.sanlong.value, 0), Special.WUKAN: (0, m.wukan.value),
                   Special.YILONG_SANKAN: (m.yilong_sankan_long.value, m.yilong_sankan_kan.value)}[special]
    chosen = rng.sample(range(KINDS), longs + kans)
    _, fours, _ = _groups(True)
    groups = [next(g for g in fours if g.cards[0].index == i) for i in chosen[:longs]]
    loose = [Card(i) for i in chosen[longs:] for _ in range(3)]
    total = default_rule_set().constants.dealt.value + max(0, longs - 1)
    others = [i for i in range(KINDS) if i not in chosen]
    while len(loose) + 4 * longs < total:
        loose.append(Card(rng.choice(others)))
        if sum(c == loose[-1] for c in loose) > 2:  # no further 坎 or four
            loose.pop()
    return groups, loose


def attempt(rng: random.Random, t: Target, mode: Mode) -> tuple[dict[str, Any], str] | None:
    """One random hand for the target, as a request (and the ruling it is about); None when this attempt
    runs out (draw again).

    Examples:
        >>> found = [attempt(random.Random(n), Target((0,)), Mode.TOTAL) for n in range(20)]
        >>> request, ruling = next(f for f in found if f is not None)
        >>> category({"request": request}), ruling
        ('黑', '')
    """
    deck = default_rule_set().constants.deck
    if t.probe is not None and rng.random() < PROBE_SHARE:
        return (_waiting(dict(t.probe), rng) if mode is Mode.WAITS else dict(t.probe)), t.ruling
    if t.special is not None:
        fours, held = _special_hand(rng, t.special)
        request: dict[str, Any] = {"hand": deck.text(sorted(held)), "shown": _shown(fours), "extras": ["起手"]}
        return request, t.ruling
    if t.huxi is not None:
        groups = exact(rng, t.huxi)
    else:
        four = rng.random() < FOUR_SHARE
        slots = (["4"] if four else []) + ["3"] * (THREES - 2 if four else THREES) + (["2"] if four else [])
        groups = _draw(rng, rng.choice(t.red), slots, t.kind, t.opening)
    if groups is None:
        return None
    red = sum(g.red for g in groups)
    low = default_rule_set().constants.min_huxi.value
    huxi = sum(g.huxi for g in groups)
    if huxi < low or (t.kind == BANG and huxi != low):
        return None
    held = [c for g in groups if g.shown is None for c in g.cards]
    if not held:
        return None
    request = {"hand": deck.text(sorted(held))}
    if _shown(groups):
        request["shown"] = _shown(groups)
    fours = [g for g in groups if g.kind in (GroupKind.LONG, GroupKind.ZHAO)]
    gang = [_gang(rng, g) for g in fours] if t.huxi is None else []
    if gang:
        request["gang"] = gang
    if t.opening:
        request.update(extras=["起手"], dealer=True)
        return request, t.ruling
    if mode is Mode.WAITS:
        return _waiting(request, rng), t.ruling
    won_on = rng.choice(held)
    rest = list(held)
    rest.remove(won_on)
    request["hand"] = deck.text(sorted(rest)) + deck.char(won_on)  # the winning card written last
    probe = t.probe or {}
    win = t.win or rng.choice(PLAY_WINS)
    request["win"] = win.value
    if win is not Win.ZIMO:
        request["from"] = probe.get("from") or rng.choice(OTHERS).value
    for key in ("bao", "extras", "dealer", "readings"):
        if key in probe:
            request[key] = probe[key]
    if t.varied:
        _vary(rng, request, red)
    return request, t.ruling


def _gang(rng: random.Random, g: _Group) -> dict[str, str]:
    """The winner's 杠分 event of a four shown: 垅, or a 招 made on a card drawn (自招) or on another
    player's (点招, from whom)."""
    if g.kind is GroupKind.LONG:
        return {"kind": GangKind.LONG.value, "by": Seat.WINNER.value}
    if rng.random() < DIAN_ZHAO_SHARE:
        return {"kind": GangKind.DIANZHAO.value, "by": Seat.WINNER.value, "from": rng.choice(OTHERS).value}
    return {"kind": GangKind.ZIZHAO.value, "by": Seat.WINNER.value}


def _vary(rng: random.Random, request: dict[str, Any], red: int) -> None:
    """全部: an 爆 situation, 海底, 头块 and the dealer, at random, as the rules allow them: 红爆 with the
    red cards it is applied for with, 头块 after the winner's 爆, 海底 on a card from the wall."""
    declare = default_rule_set().constants.mingtang.hongbao_declare_red.value
    _, states = rng.choice([s for s in BAO.values() if red >= declare or Bao.HONGBAO not in s[1]])
    bao = {seat.value: state.value for seat, state in zip((Seat.WINNER, *OTHERS), states, strict=True)
           if state is not Bao.NONE}
    if bao:
        request["bao"] = bao
    if Seat.WINNER.value in bao:  # 爆牌后不能吃牌或者碰牌 (zp-1-baopai-r2, 003:31): the 碰 and 吃 held instead
        taken = [g for g in request.get("shown", []) if g["kind"] in (ShownKind.PENG.value, ShownKind.CHI.value)]
        if taken:
            request["hand"] = request["hand"][:-1] + "".join(g["cards"] for g in taken) + request["hand"][-1]
            request["shown"] = [g for g in request["shown"] if g not in taken]
            if not request["shown"]:
                del request["shown"]
    extras = []
    if request["win"] != Win.DIANPAO.value and rng.random() < 0.2:
        extras.append(Extra.HAIDI.value)
    elif Seat.WINNER.value in bao and rng.random() < 0.3:
        extras.append(Extra.TOUKUAI.value)
    if extras:
        request["extras"] = extras
    if rng.random() < 0.3:
        request["dealer"] = True


def _waiting(request: dict[str, Any], rng: random.Random) -> dict[str, Any]:
    """The hand one card short: a waits request (one held card taken out, the win's fields left out)."""
    deck = default_rule_set().constants.deck
    held = list(deck.parse(request["hand"]))
    held.remove(rng.choice(held))
    out = {k: v for k, v in request.items() if k not in ("win", "win_card", "from", "extras", "hand")}
    out["hand"] = deck.text(sorted(held))
    return out


def fits(t: Target, request: Mapping[str, Any], answer: Mapping[str, Any], mode: Mode) -> bool:
    """Whether the scored hand is the target's: its hand type (全部), an answer the ruling's reading
    changes (争议); a waits drill, whatever it waits on.

    Examples:
        >>> fits(Target((0,), name="黑胡"), {}, {"mingtang": ["黑胡", "自摸"]}, Mode.TOTAL)
        True
    """
    from ..registry import game

    if mode is Mode.WAITS:
        return bool(answer["cards"])
    if t.huxi is not None:
        return bool(answer["huxi"] == t.huxi)
    if t.name:
        return hand_type(answer) == t.name
    if t.reading:
        option = next(o for o in game("zipai").options() if o.key == t.reading)
        seen = set()
        for value in option.values:
            changed = {**request, "readings": {**request.get("readings", {}), t.reading: value}}
            try:
                seen.add(repr(expect(game("zipai").score(changed), mode)))
            except RuleError:
                continue
        return len(seen) > 1
    return True


def hand_type(answer: Mapping[str, Any]) -> str:
    """The payout table's 牌型 of a scored hand: its opening pattern, 天胡, the colour class with 棒 or
    列列, or 无名堂.

    Examples:
        >>> hand_type({"mingtang": ["红棒", "自摸"]}), hand_type({"mingtang": ["归"]})
        ('红棒', '无名堂')
    """
    names = list(answer["mingtang"])
    found = [n for n in names if n in HAND_NAMES] or (["天胡"] if "天胡" in names else [])
    return found[0] if found else "无名堂"


def category(drill: Mapping[str, Any]) -> str:
    """The colour class of a drill's hand by its red cards in all (what 常见 draws by).

    Examples:
        >>> category({"request": {"hand": "一二三", "shown": [{"kind": "碰", "cards": "柒柒柒"}]}})
        '普通'
    """
    deck = default_rule_set().constants.deck
    request = drill["request"]
    every = deck.parse(request["hand"] + "".join(g["cards"] for g in request.get("shown", [])))
    return colour_class(sum(map(deck.is_red, every)))


# ---------------------------------------------------------------- words and answers

def question(request: Mapping[str, Any], mode: Mode) -> str:
    """The drill's question in Chinese: the situation in words, then what is asked.

    Examples:
        >>> question({"hand": "贰柒拾七八九伍陆柒捌捌", "win": "自摸"}, Mode.HUXI)
        '手牌：贰柒拾七八九伍陆柒捌捌；自摸，胡捌。这手牌共多少胡息？'
    """
    parts = [f"手牌：{request['hand']}"]
    if request.get("shown"):
        parts.append("示众：" + "、".join(f"{g['kind']}{g['cards']}" for g in request["shown"]))
    extras = list(request.get("extras", []))
    if request.get("dealer"):
        parts.append("胡牌者是庄家")
    if request.get("bao"):
        parts.append("爆牌：" + "、".join(f"{seat}{state}" for seat, state in request["bao"].items()))
    if request.get("readings"):
        parts.append("读法：" + "、".join(f"{k}={v}" for k, v in request["readings"].items()))
    if mode is Mode.WAITS:
        return "；".join(parts) + "。这手牌听哪些字？"
    if Extra.OPENING.value in extras:
        parts.append("起手胡")
    else:
        won_on = request.get("win_card") or request["hand"][-1]
        source = f"{request['from']}的" if "from" in request else ""
        parts.append(f"{request['win']}，胡{source}{won_on}")
    parts += [e for e in extras if e != Extra.OPENING.value]
    ask = {Mode.TOTAL: "胡牌者共得多少分？", Mode.PAYERS: "每家各付多少分？", Mode.PATTERNS: "这手牌有哪些名堂？",
           Mode.HUXI: "这手牌共多少胡息？"}[mode]
    return "；".join(parts) + "。" + ask


def expect(answer: Mapping[str, Any], mode: Mode) -> Any:
    """The part of the answer the question asks for.

    Examples:
        >>> expect({"huxi": 23, "total": 100, "mingtang": ["归"], "net": {"胡牌者": 100, "上家": -50}}, Mode.HUXI)
        23
    """
    return part(answer, mode, "mingtang", "cards")


def alternatives(drill: Mapping[str, Any]) -> list[tuple[str, Any]]:
    """What other answers to this drill's question would be right for: another win method, another reading
    of each disputed line, no 爆, no 海底 or 头块 (totals, payers and 胡息).

    Examples:
        >>> found = dict(alternatives({"mode": "total", "request": {"hand": "贰柒拾七八九伍陆柒捌捌", "shown": [
        ...     {"kind": "拢", "cards": "肆肆肆肆"}, {"kind": "碰", "cards": "五五五"},
        ...     {"kind": "碰", "cards": "六六六"}], "win": "自摸"}}))
        >>> found["按点炮（上家）算"]
        80
    """
    from ..registry import game

    mode = Mode(drill["mode"])
    if mode not in (Mode.TOTAL, Mode.PAYERS, Mode.HUXI):
        return []
    zipai, request = game("zipai"), dict(drill["request"])
    variants: list[tuple[str, Mapping[str, Any]]] = []
    if Extra.OPENING.value not in request.get("extras", []):
        plain = {k: v for k, v in request.items() if k not in ("win", "from")}
        for win in PLAY_WINS:
            for seat in ((None,) if win is Win.ZIMO else OTHERS):
                if win.value != request["win"] or (seat is not None and seat.value != request.get("from")):
                    source = {"from": seat.value} if seat is not None else {}
                    variants.append((f"按{win.value}{f'（{seat.value}）' if seat else ''}算",
                                     {**plain, "win": win.value, **source}))
    now = values_by_key(zipai.rule_set_of(zipai.parse(request)).options)
    for option in zipai.options():
        for value in option.values:
            if value != str(now[option.key]):
                variants.append((f"按读法「{option.name}：{option.values[value]}」",
                                 {**request, "readings": {**request.get("readings", {}), option.key: value}}))
    if request.get("bao"):
        variants.append(("不算爆牌", {k: v for k, v in request.items() if k != "bao"}))
    extras = [e for e in request.get("extras", []) if e != Extra.OPENING.value]
    for extra in extras:
        variants.append((f"不算{extra}", {**request, "extras": [e for e in request["extras"] if e != extra]}))
    return rescored("zipai", mode, variants)

