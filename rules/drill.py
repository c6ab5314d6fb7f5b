"""练习 (drills): a real situation drawn by the core, and the question asked of it.

`drills(arguments)` is what ``caipan drill`` prints, one JSON object a line (schema ``drill``):
``{"id", "mode", "level", "ruling", "request", "answer", "expect", "question"}``, where `request`
is the score (or, in mode waits, the waits) request the command line takes and `answer` the
whole result ``caipan score`` (``caipan waits``) gives for it. `verdict(drill, given)` checks a
player's answer and says what a wrong one would have been right for. Both are pure: a page runs
them through Pyodide as the command line does.

How a drill is drawn. A seed picks a target (what the drill is to be: a hand type, a win method,
a ruling's situation), then a concrete hand for it, drawn at random; the request is scored by the
game's own `Game.score` (`Game.waits`), and a refusal draws the hand again (the same target, the
next attempt of the same seeded stream), so a drill is never a situation the core refuses, and the
target's frequency is the sampler's. Each game's draw is its ``drills`` module (`Game.drills`):
``target(rng, mode, level, seed)``, ``attempt(rng, target, mode)`` → a request or None (draw again),
``fits(target, request, answer, mode)`` (the scored hand is what the target asked for), ``question``,
``expect``, ``alternatives(drill)``, ``category(drill)`` and ``weights()``, the exact counts 常见 draws by;
and what a page offers as answers: ``NAMES`` (every 牌型 or 名堂 an answer may list, ``NAMES_WORD`` what they
are called) and ``PAYER_SEATS`` (the seats that may pay).

- 常见: the target's hand type is drawn with weights that are the exact counts the statistics page
  computes (written to data/<game>/drill.toml by ``python -m generator.drills --write``, checked
  equal to them by the tests and the build), with `weighted`, an exact integer sampler;
- 全部: the hand types in turn (seed modulo their number, in a fixed shuffled order), each win
  method at random among those the core allows with it;
- 争议: the situations the rulings (data/<game>/findings.toml) are about, in turn.

An id is ``<game>-<mode>-<level code>-<seed>-<rule data digest>``, e.g. ``nanning-total-c-17-1a2b3c4d``:
the digest (`digest`) is of the draw's version and of every rule data file of the game the core
reads (data/<game>/*.toml), so the same id gives the same drill on any machine with the same rule
data, and an id whose digest is not the current one is refused in one line that says so and how to
draw the same seed under today's rules (`read_id`).

Two drills in a row (seeds n and n+1) are never the same: the hand types (全部) and the rulings'
situations (争议) are taken in turn, and a drill equal to the first draw of the seed before it is
drawn again.
"""
from __future__ import annotations

import hashlib
import importlib
import json
import random
import re
import tomllib
from collections.abc import Iterable, Iterator, Mapping, Sequence
from contextlib import suppress
from dataclasses import dataclass
from enum import StrEnum
from types import ModuleType
from typing import Any, ClassVar, TypeVar

from . import registry
from .data import root
from .errors import RuleError
from .request import Published, field, read

MAX_SEED = 999_999_999
MAX_COUNT = 1000  # drills one command prints
ATTEMPTS = 400  # hands drawn for one target before it is given up (a target is checked possible first)
DIGEST_HEX = 8

T = TypeVar("T")
Json = dict[str, Any]


class Mode(StrEnum):
    """What a drill asks: 总分, 谁付多少, 牌型/名堂, 听牌, 胡息 (字牌 only).

    Examples:
        >>> [m.value for m in Mode]
        ['total', 'payers', 'patterns', 'waits', 'huxi']
    """

    TOTAL = "total"  # how much the winner collects
    PAYERS = "payers"  # each payer's amount
    PATTERNS = "patterns"  # which 牌型 or 名堂 the hand makes
    WAITS = "waits"  # which tiles or cards complete a hand one short
    HUXI = "huxi"  # the hand's 胡息


class Level(StrEnum):
    """Which situations: 常见 (as often as they occur), 全部 (every hand type in turn), 争议 (the rulings').

    Examples:
        >>> Level("争议").code
        'd'
    """

    COMMON = "常见"
    ALL = "全部"
    DISPUTED = "争议"

    @property
    def code(self) -> str:
        """The level in an id (ASCII, for a page's address).

        Examples:
            >>> [level.code for level in Level]
            ['c', 'a', 'd']
        """
        return LEVEL_CODES[self]


LEVEL_CODES = {Level.COMMON: "c", Level.ALL: "a", Level.DISPUTED: "d"}


@dataclass(frozen=True, kw_only=True)
class DrillArguments:
    """What ``caipan drill`` takes (its options, as one object: schema ``drill.request``).

    Examples:
        >>> read(DrillArguments, {"game": "zipai", "mode": "huxi"}).level
        <Level.COMMON: '常见'>
    """

    published: ClassVar[Published] = Published(
        1, "drill arguments",
        "The options of `caipan drill`, as one object (the page passes the same object to rules.drill.drills). "
        "id gives one drill back; otherwise count drills from seed on.",
        ({"game": registry.ids()[0], "mode": "total", "level": "常见", "seed": 1, "count": 2},))

    game: str = field("the game's id (rules.registry)", chars=16, example=registry.ids()[0])
    mode: Mode = field("what the drill asks (default total)", default=Mode.TOTAL, example="total")
    level: Level = field("常见, 全部 or 争议 (default 常见)", default=Level.COMMON, example="常见")
    seed: int | None = field("the first drill's seed (default 0)", low=0, high=MAX_SEED, default=None, example=17)
    id: str | None = field("a drill's id: that drill again", chars=64, default=None,
                           example=f"{registry.ids()[0]}-total-c-17-1a2b3c4d")
    count: int = field("how many drills, from consecutive seeds", low=1, high=MAX_COUNT, default=1, example=3)


def module(game_id: str) -> ModuleType:
    """The game's drills module (`Game.drills`; what it holds: the module docstring).

    :raises RuleError: a game without drills.

    Examples:
        >>> module("nanning").MODES[0]
        <Mode.TOTAL: 'total'>
    """
    name = registry.game(game_id).drills
    if not name:
        raise RuleError(f"no drills for {game_id}")
    return importlib.import_module(name)


def draw_version(game_id: str) -> int:
    """The version of the game's draw (its drills module's ``DRAW_VERSION``, bumped when the draw gives
    another drill for the same seed): part of every id's digest, so an id drawn before says so.

    Examples:
        >>> draw_version("nanning") >= 1
        True
    """
    return int(module(game_id).DRAW_VERSION)


# ---------------------------------------------------------------- the id

def digest(game_id: str) -> str:
    """The first hex digits of a sha256 over the draw's version and every rule data file of the game
    (data/<game>/*.toml, by name and what it says, read: a comment or a layout change keeps every id):
    what a drill id is stable under.

    Examples:
        >>> len(digest("nanning")), digest("nanning") == digest("nanning") != digest("zipai")
        (8, True)
    """
    sha = hashlib.sha256(f"caipan drill {draw_version(game_id)}\n".encode())
    folder = root().joinpath(game_id)
    for entry in sorted((p for p in folder.iterdir() if p.name.endswith(".toml")), key=lambda p: p.name):
        said = json.dumps(tomllib.loads(entry.read_text(encoding="utf-8")), ensure_ascii=False, sort_keys=True)
        sha.update(entry.name.encode() + b"\0" + said.encode() + b"\0")
    return sha.hexdigest()[:DIGEST_HEX]


def make_id(game_id: str, mode: Mode, level: Level, seed: int) -> str:
    """A drill's id (see the module docstring).

    Examples:
        >>> make_id("zipai", Mode.HUXI, Level.ALL, 3).startswith("zipai-huxi-a-3-")
        True
    """
    return f"{game_id}-{mode.value}-{level.code}-{seed}-{digest(game_id)}"


ID = re.compile(rf"([a-z]+)-([a-z]+)-([a-z])-([0-9]{{1,9}})-([0-9a-f]{{{DIGEST_HEX}}})")


def read_id(text: str) -> tuple[str, Mode, Level, int]:
    """An id read back: game, mode, level, seed.

    :raises RuleError: an id that is not one, or one drawn under other rule data.

    Examples:
        >>> read_id(make_id("nanning", Mode.WAITS, Level.DISPUTED, 5))
        ('nanning', <Mode.WAITS: 'waits'>, <Level.DISPUTED: '争议'>, 5)
        >>> read_id("nanning-total-c-5-00000000")  # doctest: +ELLIPSIS
        Traceback (most recent call last):
        ...
        rules.errors.RuleError: drill nanning-total-c-5-00000000 was drawn under other rule data (00000000, ...
    """
    found = ID.fullmatch(text)
    modes = {m.value: m for m in Mode}
    levels = {code: level for level, code in LEVEL_CODES.items()}
    if not found or found[1] not in registry.ids() or found[2] not in modes or found[3] not in levels:
        raise RuleError(f"id must be <game>-<mode>-<c|a|d>-<seed>-<{DIGEST_HEX} hex digits>, e.g. "
                        f"{registry.ids()[0]}-total-c-17-1a2b3c4d, not {json.dumps(text[:40], ensure_ascii=False)}")
    game_id, mode, level, seed, drawn = found[1], modes[found[2]], levels[found[3]], int(found[4]), found[5]
    _check_mode(game_id, mode)
    now = digest(game_id)
    if drawn != now:
        raise RuleError(f"drill {text} was drawn under other rule data ({drawn}, now {now}); its situation or answer "
                        f"may have changed: draw it again with --game {game_id} --mode {mode.value} "
                        f"--level {level.value} --seed {seed}")
    return game_id, mode, level, seed


def _check_mode(game_id: str, mode: Mode) -> None:
    modes = module(game_id).MODES
    if mode not in modes:
        raise RuleError(f"mode {mode.value} is not a mode of {game_id}; its modes: {', '.join(m.value for m in modes)}")


# ---------------------------------------------------------------- drawing

def weighted(rng: random.Random, weights: Sequence[tuple[T, int]]) -> T:
    """One of the items, each as often as its whole-number weight says, exactly (no floating point).

    Examples:
        >>> rng = random.Random(1)
        >>> draws = [weighted(rng, [("a", 3), ("b", 1), ("never", 0)]) for _ in range(4000)]
        >>> 2800 < draws.count("a") < 3200, "never" in draws
        (True, False)
    """
    total = sum(w for _, w in weights)
    if total <= 0:
        raise RuleError("nothing to draw: every weight is 0")
    point = rng.randrange(total)
    for item, w in weights:
        if point < w:
            return item
        point -= w
    raise AssertionError("unreachable: point < total")


def in_turn(items: Sequence[T], seed: int, salt: str) -> T:
    """The items taken in turn by seed, in an order shuffled once (the same on every machine): seeds
    n and n+1 never take the same item when there are two or more.

    Examples:
        >>> [in_turn("abc", n, "x") for n in range(6)] == [in_turn("abc", n, "x") for n in range(3)] * 2
        True
    """
    order = list(items)
    random.Random(f"caipan-order|{salt}").shuffle(order)
    return order[seed % len(order)]


def _stream(game_id: str, mode: Mode, level: Level, seed: int) -> random.Random:
    # A string seed is hashed with sha512 by random.seed (version 2): the same stream on every machine.
    return random.Random(f"caipan-drill|{draw_version(game_id)}|{game_id}|{mode.value}|{level.value}|{seed}")


def _candidates(game_id: str, mode: Mode, level: Level, seed: int) -> Iterator[tuple[Json, str, Json]]:
    """The drills seed `seed` may give, in order: (request, ruling, answer), each accepted by the core."""
    drills, the_game = module(game_id), registry.game(game_id)
    rng = _stream(game_id, mode, level, seed)
    target = drills.target(rng, mode, level, seed)
    answer_of = the_game.waits if mode is Mode.WAITS else the_game.score
    for _ in range(ATTEMPTS):
        drawn = drills.attempt(rng, target, mode)
        if drawn is None:
            continue
        request, ruling = drawn
        try:
            answer = answer_of(request)
        except RuleError:  # the core refuses it: draw again
            continue
        if drills.fits(target, request, answer, mode):
            yield request, ruling, answer
    raise RuleError(f"no drill found for {game_id} {mode.value} {level.value} seed {seed} in {ATTEMPTS} hands "
                    "(please report)")


# The first candidate's request of the seeds drawn lately: drill n + 1 compares itself with it (a memo: the
# same value is computed again when it is not here).
_FIRST: dict[tuple[str, Mode, Level, int], Json] = {}
MEMO = 64


def _first(game_id: str, mode: Mode, level: Level, seed: int) -> Json:
    key = (game_id, mode, level, seed)
    found = _FIRST.get(key)
    if found is None:
        found = _remember(key, next(_candidates(game_id, mode, level, seed))[0])
    return found


def _remember(key: tuple[str, Mode, Level, int], request: Json) -> Json:
    """`request` kept as the first draw of `key`, the oldest forgotten beyond MEMO."""
    _FIRST[key] = request
    while len(_FIRST) > MEMO:
        del _FIRST[next(iter(_FIRST))]
    return request


def drill(game_id: str, mode: Mode, level: Level, seed: int) -> Json:
    """One drill (schema ``drill``): the first candidate of its seed that is not the first of the seed before.

    Examples:
        >>> d = drill("nanning", Mode.TOTAL, Level.COMMON, 1)
        >>> d["expect"] == d["answer"]["total"], d["id"] == make_id("nanning", Mode.TOTAL, Level.COMMON, 1)
        (True, True)
    """
    drills = module(game_id)
    _check_mode(game_id, mode)
    candidates = _candidates(game_id, mode, level, seed)
    first = next(candidates)
    _remember((game_id, mode, level, seed), first[0])
    before = _first(game_id, mode, level, seed - 1) if seed else None
    request, ruling, answer = first if first[0] != before else next(c for c in candidates if c[0] != before)
    return {"id": make_id(game_id, mode, level, seed), "game": game_id, "mode": mode.value, "level": level.value,
            "seed": seed, "ruling": ruling, "request": request, "answer": answer,
            "expect": drills.expect(answer, mode), "question": drills.question(request, mode)}


def drills(arguments: Mapping[str, object]) -> list[Json]:
    """What ``caipan drill`` prints for these arguments (schema ``drill.request``), one drill a line.

    :raises RuleError: bad arguments, in one line.

    Examples:
        >>> [d["seed"] for d in drills({"game": "nanning", "seed": 4, "count": 2})]
        [4, 5]
        >>> drills({"game": "nanning", "mode": "huxi"})
        Traceback (most recent call last):
        ...
        rules.errors.RuleError: mode huxi is not a mode of nanning; its modes: total, payers, patterns, waits
    """
    args = read(DrillArguments, dict(arguments))
    if args.game not in registry.ids():
        known = ", ".join(registry.ids())
        raise RuleError(f"game must be one of {known}, not {json.dumps(args.game, ensure_ascii=False)}")
    if args.id is not None:
        if args.id.partition("-")[0] != args.game:
            raise RuleError(f"drill {json.dumps(args.id[:64], ensure_ascii=False)} is not a drill of {args.game}")
        if args.seed is not None or args.count != 1 or "mode" in arguments or "level" in arguments:
            raise RuleError("id names one drill: give it alone (no seed, count, mode or level)")
        game_id, mode, level, seed = read_id(args.id)
        return [drill(game_id, mode, level, seed)]
    first = args.seed or 0
    if first + args.count - 1 > MAX_SEED:
        raise RuleError(f"seed + count - 1 must be at most {MAX_SEED}")
    return [drill(args.game, args.mode, args.level, s) for s in range(first, first + args.count)]


# ---------------------------------------------------------------- answers

def same(expect: object, given: object) -> bool:
    """Whether a given answer is the expected one: lists as sets (the order of patterns or waits is free),
    mappings entry by entry, numbers as numbers.

    Examples:
        >>> same(["门清", "鸡胡"], ["鸡胡", "门清"]), same({"上家": 2}, {"上家": 2, "下家": 0}), same(9, 9.0)
        (True, True, True)
    """
    if isinstance(expect, list):
        return isinstance(given, list) and sorted(map(str, expect)) == sorted(map(str, given))
    if isinstance(expect, Mapping):
        return isinstance(given, Mapping) and {k: v for k, v in given.items() if v} == {
            k: v for k, v in expect.items() if v}
    return isinstance(given, (int, float)) and not isinstance(given, bool) and given == expect


def verdict(drill_json: Mapping[str, Any], given: object) -> Json:
    """A player's answer to a drill checked: right or wrong, the answer expected, the formula and rules it
    rests on and, when wrong, what the given answer would have been right for (the same hand without one
    名堂, with another win method, under another preset or reading: ``also``).

    Examples:
        >>> d = drill("nanning", Mode.TOTAL, Level.COMMON, 1)
        >>> verdict(d, d["expect"])["verdict"], verdict(d, d["expect"] + 1000)["verdict"]
        ('right', 'wrong')
    """
    expect = drill_json["expect"]
    right = same(expect, given)
    also = [] if right else [{"what": what, "value": value}
                             for what, value in module(drill_json["game"]).alternatives(drill_json)
                             if same(value, given)]
    answer = drill_json["answer"]
    return {"id": drill_json["id"], "verdict": "right" if right else "wrong", "expect": expect, "given": given,
            "formula": answer.get("formula", ""), "rules": answer.get("rules", []), "also": also}


def part(answer: Mapping[str, Any], mode: Mode, names: str, pieces: str) -> Any:
    """The part of an answer the question of `mode` asks for; `names` and `pieces` are the game's keys of
    its 牌型/名堂 and of its waits.

    Examples:
        >>> part({"total": 9, "net": {"本家": 9, "上家": -9}}, Mode.PAYERS, "patterns", "tiles")
        {'上家': 9}
    """
    if mode is Mode.PAYERS:
        return payers(answer)
    key = {Mode.TOTAL: "total", Mode.HUXI: "huxi", Mode.PATTERNS: names, Mode.WAITS: pieces}[mode]
    return list(answer[key]) if mode in (Mode.PATTERNS, Mode.WAITS) else answer[key]


def rescored(game_id: str, mode: Mode, variants: Iterable[tuple[str, Mapping[str, Any]]]) -> list[tuple[str, Any]]:
    """Each variant of a drill's request scored by the game, as the part the mode asks for; the variants the
    core refuses are left out (what `alternatives` of each game's drills module gives `verdict`).

    Examples:
        >>> rescored("nanning", Mode.TOTAL, [("放炮", {"hand": "234m678m999m55p", "melds": [
        ...     {"kind": "碰", "tile": "9s"}], "win": "放炮"}), ("no", {"hand": "1m", "win": "放炮"})])
        [('放炮', 2)]
    """
    out = []
    drills, the_game = module(game_id), registry.game(game_id)
    for what, request in variants:
        with suppress(RuleError):
            out.append((what, drills.expect(the_game.score(request), mode)))
    return out


def payers(answer: Mapping[str, Any]) -> dict[str, int]:
    """Each payer's amount in all: the seats that lose, by how much.

    Examples:
        >>> payers({"net": {"本家": 9, "下家": -3, "对家": -6, "上家": 0}})
        {'下家': 3, '对家': 6}
    """
    return {seat: -amount for seat, amount in answer["net"].items() if amount < 0}
