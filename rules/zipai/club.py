"""字牌 presets of deployed programs (不见于原文): data/zipai/presets.toml as `ClubRules`, and the
hand check and settlement they define.

Document 003 prices the split that pays most (ext-zp-best) with its 名堂 table and 杠分; the
preset `luzhou-daer` (泸州大贰, jgqq0902-cmyk/daer) differs at four strategy points, each chosen
by the preset's data: the 胡息 of a group (its own table), the win condition (乱胡: exactly 0
胡息 wins too), the split (`SplitChooser.FIRST`: the first the program's search finds), and the
settlement (`Settle.BRACKETS`: a base by 胡息 bracket × (1 + Σ 名堂 fans), no 杠分). The search
works on counts, like `rules.zipai.analysis`: the lowest card first, trying the groups it can
begin in the program's order.
"""
from __future__ import annotations

from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass
from enum import StrEnum
from functools import cache
from typing import Any

from ..data import read_toml
from ..errors import RuleError
from ..ledger import Const
from ..options import NOT_IN_DOCUMENTS
from .cards import KINDS, Card, Colour, Deck, Size
from .model import Bao, GroupKind, Seat, Win

PRESETS = "zipai/presets.toml"
NUMBERS = 10  # 一…十 in each size: index i is value i % 10 + 1, 小 below 10, 大 from 10
FOURS = (GroupKind.ZHAO, GroupKind.LONG)


class SplitChooser(StrEnum):
    """Which complete split is priced: the first the search finds, or the one that pays most.

    Examples:
        >>> SplitChooser("first")
        <SplitChooser.FIRST: 'first'>
    """

    FIRST = "first"  # daer's findWinningHandMelds (Bridge 1639-1718)
    BEST = "best"  # document 003's ext-zp-best


class Settle(StrEnum):
    """How a win is priced.

    Examples:
        >>> Settle("brackets")
        <Settle.BRACKETS: 'brackets'>
    """

    BRACKETS = "brackets"  # base by 胡息 bracket × (1 + Σ fans) (Bridge 390-412, 1063-1091)


class TakenThree(StrEnum):
    """What a three holding the taken card is: a 碰 whatever its source, or only from another player.

    Examples:
        >>> TakenThree("peng_always")
        <TakenThree.PENG_ALWAYS: 'peng_always'>
    """

    PENG_ALWAYS = "peng_always"  # daer (Bridge 1632-1638)
    PENG_FROM_OTHER = "peng_from_other"  # document 003's ext-zp-win-card


@dataclass(frozen=True)
class ClubRules:
    """One preset of data/zipai/presets.toml: its numbers, each a `Const` citing its Bridge line.

    Examples:
        >>> daer = presets()["luzhou-daer"]
        >>> daer.origin, daer.huxi[("坎", "黑")][0].value, daer.fans["黑"].value, daer.split
        ('不见于原文', 6, 3, <SplitChooser.FIRST: 'first'>)
    """

    id: str
    name: str
    origin: str
    provenance: tuple[str, ...]
    split: SplitChooser
    settle: Settle
    taken_three: TakenThree
    gang: Const
    huxi: Mapping[tuple[str, str], tuple[Const, Const]]  # (kind, 黑/红) → (small, big)
    min_huxi: Const
    zero_wins: bool
    groups: Const
    brackets: tuple[tuple[int, Const], ...]  # (from 胡息, base), ascending
    base_fan: Const
    hong_at: Const
    gui_copies: Const
    heavenly_longs: Const
    heavenly_kans: Const
    shuishangpiao_turn: Const
    fans: Mapping[str, Const]  # 名堂 → fan, in the program's order
    discarder: Const
    each_other: Const
    winner_gains: Const


def _const(entry: Any, where: str) -> Const:
    if not isinstance(entry, dict) or "bridge" not in entry or "value" not in entry:
        raise RuleError(f"{where}: a constant is {{ value = …, bridge = \"…\" }}")
    value = entry["value"]
    if isinstance(value, bool) or not isinstance(value, int) or value < 0:
        raise RuleError(f"{where}: value must be a whole number ≥ 0")
    return Const(value, (f"Bridge {entry['bridge']}",), str(entry.get("why", "")))


def build_preset(key: str, data: Mapping[str, Any]) -> ClubRules:
    """One preset from its table; a RuleError naming the place on any mistake.

    Examples:
        >>> build_preset("x", {"name": "x", "origin": "原文"})
        Traceback (most recent call last):
        ...
        rules.errors.RuleError: presets.x: a preset not in the documents has origin = "不见于原文" and a provenance
    """
    where = f"presets.{key}"
    provenance = data.get("provenance")
    if data.get("origin") != NOT_IN_DOCUMENTS or not isinstance(provenance, list) or not provenance:
        raise RuleError(f'{where}: a preset not in the documents has origin = "{NOT_IN_DOCUMENTS}" and a provenance')
    try:
        huxi = {}
        for name, e in data["huxi"].items():
            kind, colour = name.split(".")
            GroupKind(kind), Colour(colour)
            small, big = (_const({"value": e[size], "bridge": e["bridge"]}, f"{where}.huxi.{name}.{size}")
                          for size in ("small", "big"))
            huxi[(kind, colour)] = (small, big)
        win, score, pay = data["win"], data["score"], data["pay"]
        brackets = tuple(sorted(((int(b["from"]), Const(int(b["base"]), (f"Bridge {b['bridge']}",)))
                                 for b in data["brackets"]), key=lambda b: b[0]))
        if not brackets or brackets[0][0] != 0:
            raise ValueError("the brackets begin at 0 胡息")

        missing = [f.value for f in Fan if f.value not in data["fans"]]
        if missing:
            raise ValueError(f"fans lacks {', '.join(missing)}")

        def number(section: Mapping[str, Any], name: str, key: str) -> Const:
            return _const(section[key], f"{where}.{name}.{key}")

        return ClubRules(
            id=key, name=str(data["name"]), origin=NOT_IN_DOCUMENTS, provenance=tuple(str(p) for p in provenance),
            split=SplitChooser(data["split"]), settle=Settle(data["settlement"]),
            taken_three=TakenThree(data["win_card_triplet"]), gang=_const(data["gang"], f"{where}.gang"), huxi=huxi,
            min_huxi=number(win, "win", "min_huxi"), zero_wins=bool(win["zero_wins"]["value"]),
            groups=number(win, "win", "groups"), brackets=brackets,
            base_fan=number(score, "score", "base_fan"), hong_at=number(score, "score", "hong_at"),
            gui_copies=number(score, "score", "gui_copies"), heavenly_longs=number(score, "score", "heavenly_longs"),
            heavenly_kans=number(score, "score", "heavenly_kans"),
            shuishangpiao_turn=number(score, "score", "shuishangpiao_turn"),
            fans={Fan(name).value: _const(e, f"{where}.fans.{name}") for name, e in data["fans"].items()},
            discarder=number(pay, "pay", "discarder"), each_other=number(pay, "pay", "each_other"),
            winner_gains=number(pay, "pay", "winner_gains"),
        )
    except RuleError:
        raise  # it names its place already
    except (KeyError, ValueError, TypeError, AttributeError) as exc:
        raise RuleError(f"{where}: {exc}") from None


@cache
def presets() -> dict[str, ClubRules]:
    """Every preset of data/zipai/presets.toml, by id.

    Examples:
        >>> sorted(presets())
        ['luzhou-daer']
    """
    return {key: build_preset(key, value) for key, value in read_toml(PRESETS).items()}


# ---- the hand ------------------------------------------------------------------


def _value(i: int) -> int:
    return i % NUMBERS + 1


def _red(i: int, deck: Deck) -> bool:
    return deck.colour(Card(i)) is Colour.RED


def _order(i: int) -> tuple[int, int]:
    """The search's card order (Bridge 1616-1620): by value, 小 before 大."""
    return i % NUMBERS, i // NUMBERS


ORDER = tuple(sorted(range(KINDS), key=_order))

Part = tuple[GroupKind, tuple[int, ...]]


def group_huxi(part: Part, rules: ClubRules, deck: Deck) -> int:
    """The 胡息 of one group: the preset's table by kind and the colour and size of its first card
    (getHuPoints, calculateMeldHuPoints, Bridge 295-302, 1046-1059); a run is worth something
    only as 一二三 / 壹贰叁 (Bridge 303-318).

    Examples:
        >>> from rules.zipai.loader import constants
        >>> daer, deck = presets()["luzhou-daer"], constants().deck
        >>> [group_huxi(p, daer, deck) for p in ((GroupKind.KAN, (2, 2, 2)), (GroupKind.LONG, (13,) * 4),
        ...                                      (GroupKind.YIERSAN, (10, 11, 12)), (GroupKind.ERQISHI, (1, 6, 9)))]
        [6, 15, 6, 6]
    """
    kind, cards = part
    first = Card(cards[0])
    colour = deck.colour(first).value
    small, big = rules.huxi.get((kind.value, colour), (None, None))
    if small is None or big is None:
        raise RuleError(f"the preset {rules.id} has no 胡息 for a {colour} {kind.value}")
    return (big if first.size is Size.BIG else small).value


@dataclass(frozen=True)
class Found:
    """A winning split: its groups (shown first) and their 胡息.

    Examples:
        >>> Found(((GroupKind.KAN, (0, 0, 0)),), 6).huxi
        6
    """

    parts: tuple[Part, ...]
    huxi: int


def _structure_ok(parts: Sequence[Part], rules: ClubRules) -> bool:
    """isValidHuStructure (Bridge 1557-1587): seven groups, a pair exactly when there is a four."""
    fours = sum(1 for k, _ in parts if k in FOURS)
    pairs = sum(1 for k, _ in parts if k is GroupKind.JIANG)
    return len(parts) == rules.groups.value and pairs == (1 if fours else 0)


def wins(huxi: int, rules: ClubRules) -> bool:
    """checkWinCondition (Bridge 413-422): exactly 0 胡息 when 乱胡 is allowed, or at least the minimum.

    Examples:
        >>> daer = presets()["luzhou-daer"]
        >>> [wins(h, daer) for h in (0, 9, 10)]
        [True, False, True]
    """
    return (rules.zero_wins and huxi == 0) or huxi >= rules.min_huxi.value


def locked(concealed: Sequence[int], won_on: int | None) -> tuple[int, ...]:
    """How many cards of each kind are locked into a concealed 拢 (4) or 坎 (3): those held before
    the taken card (Bridge 1593-1615).

    Examples:
        >>> locked([3, 1] + [0] * 18, 0)[:2], locked([3, 1] + [0] * 18, None)[:2]
        ((0, 0), (3, 0))
    """
    out = []
    for i, n in enumerate(concealed):
        before = n - (1 if won_on == i else 0)
        out.append(4 if before >= 4 else 3 if before == 3 else 0)
    return tuple(out)


def splits(concealed: Sequence[int], won_on: int | None, shown: tuple[Part, ...], rules: ClubRules,
           deck: Deck, own_draw: bool) -> Iterator[Found]:
    """Every winning split of the concealed cards, in the order the program's search meets them
    (findWinningHandMelds, Bridge 1639-1718): the lowest card begins a group, tried as a pair (while
    none), three alike, four alike, a run, 二七十, two of its size and one of the other, itself and
    two of the other size; a locked 坎 or 拢 only whole. A three holding the taken card is a 碰
    (under `TakenThree.PENG_FROM_OTHER` only when another player's).

    Examples:
        >>> from rules.zipai.cards import counts
        >>> from rules.zipai.loader import constants
        >>> deck = constants().deck
        >>> hand = list(counts(deck.parse("一一一二三四五六七八九十壹贰叁柒捌玖肆肆肆")))
        >>> found = next(splits(hand, 13, (), presets()["luzhou-daer"], deck, False))
        >>> [k.value for k, _ in found.parts][:3], found.huxi
        (['坎', '一二三', '顺子'], 15)
    """
    lock = list(locked(concealed, won_on))
    free = [n - lock[i] for i, n in enumerate(concealed)]
    shown_huxi = sum(group_huxi(p, rules, deck) for p in shown)
    shown_pairs = sum(1 for k, _ in shown if k is GroupKind.JIANG)
    peng_kind = GroupKind.PENG if rules.taken_three is TakenThree.PENG_ALWAYS or not own_draw else GroupKind.KAN
    acc: list[Part] = []

    def three_kind(i: int) -> GroupKind:
        return peng_kind if won_on == i else GroupKind.KAN

    def tries(i: int, pairs: int) -> Iterator[Part]:
        if lock[i]:  # a locked card goes only into its own 坎 or 拢
            yield (GroupKind.KAN if lock[i] == 3 else GroupKind.LONG), (i,) * lock[i]
            return
        if free[i] >= 2 and pairs == 0:
            yield GroupKind.JIANG, (i, i)
        if free[i] >= 3:
            yield three_kind(i), (i, i, i)
        if free[i] >= 4:
            yield GroupKind.LONG, (i,) * 4
        v, other = _value(i), (i + NUMBERS) % KINDS
        if v <= NUMBERS - 2 and free[i + 1] and free[i + 2]:
            yield (GroupKind.YIERSAN if v == 1 else GroupKind.SHUN), (i, i + 1, i + 2)
        if _red(i, deck):
            reds = [j for j in range(i - v + 1, i - v + 1 + NUMBERS) if _red(j, deck) and j != i]
            if all(free[j] for j in reds):
                yield GroupKind.ERQISHI, (i, *reds)
        if free[i] >= 2 and free[other]:
            yield GroupKind.DAXIAO, (i, i, other)
        if free[other] >= 2:
            yield GroupKind.DAXIAO, (i, other, other)

    def dfs(pairs: int) -> Iterator[Found]:
        if pairs > 1 or len(acc) + len(shown) - pairs > rules.groups.value:
            return
        pivot = next((i for i in ORDER if free[i] or lock[i]), None)
        if pivot is None:
            every = (*shown, *acc)
            if _structure_ok(every, rules):
                huxi = shown_huxi + sum(group_huxi(p, rules, deck) for p in acc)
                if wins(huxi, rules):
                    yield Found(every, huxi)
            return
        for part in list(tries(pivot, pairs)):
            held = lock[pivot]
            if held:  # the locked group leaves whole
                lock[pivot] = 0
            else:
                for c in part[1]:
                    free[c] -= 1
            acc.append(part)
            yield from dfs(pairs + (part[0] is GroupKind.JIANG))
            acc.pop()
            if held:
                lock[pivot] = held
            else:
                for c in part[1]:
                    free[c] += 1

    yield from dfs(shown_pairs)


# ---- the settlement ------------------------------------------------------------


class Fan(StrEnum):
    """The 名堂 of the preset's table (MING_TANG_FAN_TABLE, Bridge 328-389), in the program's order.

    Examples:
        >>> Fan("黑")
        <Fan.HEI: '黑'>
    """

    QIA = "恰"
    LUAN = "乱"
    HONG = "红"
    HEI = "黑"
    TIANHU = "天胡"
    SHUISHANGPIAO = "水上漂"
    HAIDILAO = "海底捞"
    KUN = "昆"
    GUI = "归"
    ZIMO = "自摸"
    BAO = "爆"
    SHABAO = "杀爆"


@dataclass(frozen=True)
class ClubWin:
    """How the hand was won, as the preset reads it: the method, who gave the card (点炮) or turned
    it up (胡别人从墩上的牌), each seat's 爆, the turn (天胡 at 0, 水上漂 at the preset's turn, with
    one's own card) and whether the wall is empty (海底捞, with one's own card).

    Examples:
        >>> ClubWin(Win.DIANPAO, Seat.XIA).from_seat
        <Seat.XIA: '下家'>
    """

    win: Win
    from_seat: Seat | None = None
    bao: Mapping[Seat, Bao] | None = None
    turn: int | None = None
    wall_empty: bool = False


@dataclass(frozen=True)
class ClubScore:
    """A priced win: the split, its 胡息, the base of its bracket, the 名堂 with their fans, the round
    score (base × (1 + Σ fans)) and what each seat wins (+) or pays (−).

    Examples:
        >>> ClubScore((), 0, 2, ((Fan.LUAN, 1),), 2, 4, {}, ()).round_score
        4
    """

    parts: tuple[Part, ...]
    huxi: int
    base: int
    mingtang: tuple[tuple[Fan, int], ...]
    fans: int
    round_score: int
    deltas: Mapping[Seat, int]
    rules: tuple[str, ...]


def base_of(huxi: int, rules: ClubRules) -> Const:
    """The base of the highest bracket the 胡息 reaches (getBaseScoreByHu, Bridge 398-412).

    Examples:
        >>> daer = presets()["luzhou-daer"]
        >>> [base_of(h, daer).value for h in (0, 10, 19, 20, 39, 40, 90)]
        [2, 2, 2, 3, 4, 5, 5]
    """
    return [base for start, base in rules.brackets if huxi >= start][-1]


def _bao(seat: Seat, win: ClubWin) -> bool:
    return (win.bao or {}).get(seat, Bao.NONE) is not Bao.NONE


def heavenly(concealed: Sequence[int], rules: ClubRules) -> bool:
    """天胡's hand (checkHeavenlyWin, Bridge 1785-1788, 489-497): three fours, or four threes (a four
    counting as a three).

    Examples:
        >>> daer = presets()["luzhou-daer"]
        >>> heavenly([3, 3, 3, 4] + [0] * 16, daer), heavenly([3, 3, 3] + [0] * 17, daer)
        (True, False)
    """
    return (sum(1 for n in concealed if n >= 4) >= rules.heavenly_longs.value
            or sum(1 for n in concealed if n >= 3) >= rules.heavenly_kans.value)


def mingtang(parts: tuple[Part, ...], huxi: int, concealed: Sequence[int], win: ClubWin, rules: ClubRules,
             deck: Deck) -> tuple[tuple[Fan, int], ...]:
    """The 名堂 a split earns, each with its fans (calculateMingTangs, Bridge 990-1042).

    Examples:
        >>> from rules.zipai.loader import constants
        >>> daer = presets()["luzhou-daer"]
        >>> [(f.value, n) for f, n in mingtang(((GroupKind.KAN, (0, 0, 0)),), 30, [3] + [0] * 19,
        ...                                    ClubWin(Win.ZIMO), daer, constants().deck)]
        [('恰', 1), ('黑', 3), ('昆', 1), ('自摸', 1)]
    """
    cards = [c for _, group in parts for c in group]
    red = sum(1 for c in cards if _red(c, deck))
    gui = sum(1 for k in set(cards) if cards.count(k) >= rules.gui_copies.value)
    groups = [p for p in parts if p[0] is not GroupKind.JIANG]
    own = win.win is Win.ZIMO
    met = {
        Fan.QIA: huxi > 0 and huxi % 10 == 0,
        Fan.LUAN: huxi == 0,
        Fan.HONG: red >= rules.hong_at.value,
        Fan.HEI: red == 0,
        Fan.TIANHU: win.turn == 0 and heavenly(concealed, rules),
        Fan.SHUISHANGPIAO: own and win.turn == rules.shuishangpiao_turn.value,
        Fan.HAIDILAO: own and win.wall_empty,
        Fan.KUN: bool(groups) and all(group_huxi(p, rules, deck) > 0 for p in groups),
        Fan.GUI: gui > 0,
        Fan.ZIMO: own,
        Fan.BAO: _bao(Seat.WINNER, win),
        Fan.SHABAO: any(_bao(s, win) for s in Seat if s is not Seat.WINNER),
    }
    return tuple((fan, rules.fans[fan.value].value * (gui if fan is Fan.GUI else 1))
                 for fan in Fan if met[fan])


def club_score(concealed: Sequence[int], won_on: int | None, shown: tuple[Part, ...], win: ClubWin,
               rules: ClubRules, deck: Deck) -> ClubScore:
    """A win priced under the preset: the split its chooser takes, 胡息, base, 名堂 and who pays (handleHu,
    Bridge 2729-2841): on 点炮 the giver pays `discarder` × the round score; otherwise each other seat
    pays `each_other` × and the winner gains `winner_gains` × (zero-sum with three players).

    :raises RuleError: no split of the hand wins.

    Examples:
        >>> from rules.zipai.cards import counts
        >>> from rules.zipai.loader import constants
        >>> deck = constants().deck
        >>> hand = list(counts(deck.parse("一一一二三四五六七八九十壹贰叁柒捌玖肆肆肆")))
        >>> s = club_score(hand, 13, (), ClubWin(Win.DIANPAO, Seat.XIA), presets()["luzhou-daer"], deck)
        >>> s.huxi, s.round_score, dict(s.deltas)
        (15, 2, {<Seat.WINNER: '胡牌者'>: 4, <Seat.SHANG: '上家'>: 0, <Seat.XIA: '下家'>: -4})
    """
    if win.win is Win.DIANPAO and win.from_seat in (None, Seat.WINNER):
        raise RuleError("点炮 names who gave the card (from: 上家 or 下家)")
    found = splits(concealed, won_on, shown, rules, deck, own_draw=win.win is Win.ZIMO)
    if rules.split is SplitChooser.FIRST:
        chosen = next(found, None)
        candidates = [] if chosen is None else [chosen]
    else:
        candidates = list(found)
    if not candidates:
        raise RuleError(f"no split of the hand wins under {rules.name}: seven groups (a pair with a four), "
                        f"胡息 at least {rules.min_huxi.value}" + (" or exactly 0" if rules.zero_wins else ""))
    scored = []
    for f in candidates:
        names = mingtang(f.parts, f.huxi, concealed, win, rules, deck)
        base = base_of(f.huxi, rules)
        fans = rules.base_fan.value + sum(n for _, n in names)
        scored.append((base.value * fans, f, base, names, fans))
    score, f, base, names, fans = max(scored, key=lambda s: s[0]) if len(scored) > 1 else scored[0]
    deltas = dict.fromkeys(Seat, 0)
    if win.win is Win.DIANPAO and win.from_seat is not None:
        deltas[Seat.WINNER] = rules.discarder.value * score
        deltas[win.from_seat] = -rules.discarder.value * score
        pay = rules.discarder
    else:
        for seat in Seat:
            deltas[seat] = rules.winner_gains.value * score if seat is Seat.WINNER else -rules.each_other.value * score
        pay = rules.each_other
    used = (base.rule, rules.base_fan.rule, *(rules.fans[n.value].rule for n, _ in names), pay.rule)
    return ClubScore(f.parts, f.huxi, base.value, names, fans, score, deltas, tuple(dict.fromkeys(used)))
