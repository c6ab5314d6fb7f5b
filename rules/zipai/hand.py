"""A whole winning hand: checked, split every possible way, scored; the best split wins.

The arrangement that pays the winner most is the one scored (ties: more 胡息,
then a regular hand before an opening pattern). It never depends on the order
the cards were written in, because everything works on counts.
"""
from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from functools import partial
from typing import Generic, NamedTuple, TypeVar, overload

from ..errors import RuleError
from ..ledger import Settlement
from .analysis import (
    Arrangement,
    Outcome,
    Splits,
    best_partial,
    complete_splits,
    groups_of,
    kans_held,
    locked_kans,
    pattern_groups,
    patterns,
    splitter,
)
from .cards import Card, counts
from .groups import FOURS, Group
from .model import GroupKind, Special, Win
from .options import SpecialHuxi, WinCardTriplet
from .rule_set import RuleSet
from .scoring import Circumstances, HandFacts, Situation, price

Owner = TypeVar("Owner")
R = TypeVar("R")


class _once(Generic[Owner, R]):
    """A property computed on first use and then kept on the instance: functools.cached_property
    without its lock (two threads racing on a new hand would both compute the same value)."""

    def __init__(self, fn: Callable[[Owner], R]) -> None:
        self.fn, self.name, self.__doc__ = fn, fn.__name__, fn.__doc__

    @overload
    def __get__(self, obj: None, owner: type | None = None) -> _once[Owner, R]: ...

    @overload
    def __get__(self, obj: Owner, owner: type | None = None) -> R: ...

    def __get__(self, obj: Owner | None, owner: type | None = None) -> R | _once[Owner, R]:
        if obj is None:
            return self
        value = obj.__dict__[self.name] = self.fn(obj)
        return value


class OnTable(NamedTuple):
    """What a hand's shown groups bring: read once, asked by the check, the split and the pattern.

    Examples:
        >>> from rules.zipai.answer import read_hand
        >>> hand, *_ = read_hand({"hand": "贰柒拾七八九伍陆柒捌捌", "shown": [{"kind": "拢", "cards": "肆肆肆肆"},
        ...                   {"kind": "碰", "cards": "五五五"}, {"kind": "碰", "cards": "六六六"}], "win": "自摸"})
        >>> hand.on_table
        OnTable(fours=1, longs=1, huxi=14, lielie=True)
    """

    fours: int  # groups of four (招, 拢)
    longs: int  # 拢
    huxi: int
    lielie: bool  # every shown group but a pair has 胡


@dataclass(frozen=True)
class Hand:
    """The winner's cards: concealed (with the winning card) and shown groups.

    Examples:
        >>> from rules.zipai.answer import read_hand
        >>> hand, *_ = read_hand({"hand": "贰柒拾七八九伍陆柒捌捌", "shown": [{"kind": "碰", "cards": "五五五"}],
        ...     "win": "自摸"})
        >>> len(hand.concealed), len(hand.cards), hand.won_on == hand.concealed[-1]
        (11, 14, True)
    """

    concealed: tuple[Card, ...]
    melds: tuple[Group, ...]  # the shown groups (碰, 招, 拢, 吃)
    won_on: Card | None  # the winning card; None for an opening-hand win

    @_once
    def cards(self) -> tuple[Card, ...]:
        return self.concealed + tuple(c for g in self.melds for c in g.cards)

    @_once
    def every_count(self) -> tuple[int, ...]:
        """How many of each kind the whole hand holds (by card index): the concealed
        counts (already read for the split) and the shown cards."""
        if not self.melds:
            return self.concealed_count
        every = list(self.concealed_count)
        for group in self.melds:
            for card in group.cards:
                every[card.index] += 1
        return tuple(every)

    @_once
    def concealed_count(self) -> tuple[int, ...]:
        """How many of each kind are concealed."""
        return tuple(counts(self.concealed))

    @_once
    def on_table(self) -> OnTable:
        """What the shown groups bring, read in one pass."""
        fours = longs = huxi = 0
        lielie = True
        for g in self.melds:
            fours += g.kind in FOURS
            longs += g.kind is GroupKind.LONG
            huxi += g.huxi
            lielie = lielie and (g.huxi > 0 or g.kind is GroupKind.JIANG)  # ext-zp-lielie-pair
        return OnTable(fours, longs, huxi, lielie)


@dataclass(frozen=True)
class Scored:
    """The chosen split of a hand, its facts and its settlement. Its groups
    (`arrangement`) are rebuilt from the split when first asked for: the
    settlement needs only the split's (胡息, 列列).

    Examples:
        >>> from rules.zipai.answer import read_hand
        >>> hand, c, _, rule_set = read_hand({"hand": "贰柒拾七八九伍陆柒捌捌", "shown": [{"kind": "拢",
        ...     "cards": "肆肆肆肆"},
        ...                             {"kind": "碰", "cards": "五五五"}, {"kind": "碰",
        ...     "cards": "六六六"}], "win": "自摸"})
        >>> found = score(hand, c, rule_set)
        >>> found.arrangement.huxi, found.facts.gui, found.settlement.names
        (23, 1, ('归', '自摸'))
    """

    split: Split
    facts: HandFacts
    settlement: Settlement

    @_once
    def arrangement(self) -> Arrangement:
        return self.split.arrangement()


def expected_cards(hand: Hand, c: Circumstances, rule_set: RuleSet) -> int:
    """How many cards the hand must hold (ext-zp-hand).

    Dealt 20, the dealer one more, the winning card one more; every group of
    four after the first one more (zp-1-longpai-r1: 有2拢时多摸一张; zp-1-zhaopai-r2:
    only the first 招 is followed by a discard).

    Examples:
        >>> from rules.zipai.answer import read_hand
        >>> hand, c, _, rule_set = read_hand({"hand": "贰柒拾七八九伍陆柒捌捌", "shown": [{"kind": "拢",
        ...     "cards": "肆肆肆肆"},
        ...                             {"kind": "碰", "cards": "五五五"}, {"kind": "碰",
        ...     "cards": "六六六"}], "win": "自摸"})
        >>> expected_cards(hand, c, rule_set)  # 20 dealt, the winning card, one more after the 拢
        21
    """
    extra = max(0, hand.on_table.fours - 1)
    if c.win is Win.OPENING:
        return rule_set.constants.dealt.value + (rule_set.constants.dealer_extra.value if c.dealer else 0) + extra
    return rule_set.constants.dealt.value + 1 + extra


def check_hand(hand: Hand, c: Circumstances, rule_set: RuleSet, waiting: bool = False) -> None:
    """Refuse impossible hands: a fifth copy, a wrong count, a misplaced winning card.

    `waiting`: the hand is one card short and has no winning card yet (听牌, `rules.zipai.waits`):
    the same checks, one card fewer, and no concealed four (no card to come can be a fifth).

    Examples:
        >>> from rules.zipai.answer import read_hand
        >>> hand, c, _, rule_set = read_hand({"hand": "贰柒拾七八九伍陆柒捌", "shown": [{"kind": "拢",
        ...     "cards": "肆肆肆肆"},
        ...                             {"kind": "碰", "cards": "五五五"}, {"kind": "碰",
        ...     "cards": "六六六"}], "win": "自摸"})
        >>> check_hand(hand, c, rule_set)
        Traceback (most recent call last):
        ...
        rules.errors.RuleError: wrong card count: 20 cards, but this hand must hold 21 (with 1 招/拢; 不见于原文)
    """
    constants = rule_set.constants
    deck, every, table = constants.deck, hand.every_count, hand.on_table
    if max(every) > deck.copies:
        index, n = next((i, n) for i, n in enumerate(every) if n > deck.copies)
        raise RuleError(f"{n} copies of {deck.char(Card(index))}: there are only {deck.copies} of each card",
                        rule=constants.deck_rules["copies"])
    longs, most = table.longs, constants.dealt.value // deck.copies
    if longs > most:
        raise RuleError(f"{longs} 拢: a dealt hand of {constants.dealt.value} holds at most {most}",
                        rule="zp-1-longpai-r1")
    want, have = expected_cards(hand, c, rule_set) - waiting, sum(every)
    if have != want:
        raise RuleError(f"wrong card count: {have} cards, but this hand must hold {want}"
                        f"{' before its winning card' if waiting else ''} (with {table.fours} 招/拢; 不见于原文)",
                        rule=constants.hand_rule)
    if waiting:
        if deck.copies in hand.concealed_count:
            _no_hidden_four(hand, rule_set)
    elif c.win is Win.OPENING:
        if hand.won_on is not None:
            raise RuleError("an opening-hand win has no winning card; leave out win_card")
        if longs != len(hand.melds):
            raise RuleError("at the opening only 拢 can be shown (nothing has been played yet)",
                            rule="zp-1-longpai-r1")
        four = next((i for i, n in enumerate(hand.concealed_count) if n == deck.copies), None)
        if four is not None:
            raise RuleError(f"four {deck.char(Card(four))} dealt are a 拢 and must be shown", rule="zp-1-longpai-r1")
    elif hand.won_on is None or not hand.concealed_count[hand.won_on.index]:  # by count: no Card compared
        raise RuleError("the winning card must be one of the concealed cards in `hand`")
    elif deck.copies in hand.concealed_count:
        _no_hidden_four(hand, rule_set)


def _no_hidden_four(hand: Hand, rule_set: RuleSet) -> None:
    """Four alike cannot stay concealed until the win (finding zp-f-concealed-four): dealt, they
    are a 拢 to be shown (zp-1-longpai-r1); the fourth to a held 坎 must be 招'd (zp-1-zhaopai-r1,
    zp-1-baopai-r2; drawn by oneself it is a 自招). Only the winning card itself may be that
    fourth: 如果能胡就胡，破招胡也可以 (zp-1-zhaopai-r2)."""
    deck = rule_set.constants.deck
    concealed = hand.concealed_count
    for index, n in enumerate(concealed):
        if n == deck.copies and (hand.won_on is None or index != hand.won_on.index):
            char = deck.char(Card(index))
            raise RuleError(f"four {char} held concealed: the fourth to a 坎 must be 招'd (or shown as a 拢 when"
                            f" dealt); only the winning card may be the fourth (破招胡). Show them as 招 or 拢",
                            rule="zp-1-zhaopai-r1")


class Split(NamedTuple):
    """One way the hand can score: a complete split's (胡息, 列列) or an opening pattern.

    The groups are made only for the split that is chosen (`arrangement`). A named
    tuple: every hand makes one or more, and a tuple is the cheapest to make.

    Examples:
        >>> from rules.zipai.answer import read_hand
        >>> hand, c, _, rule_set = read_hand({"hand": "贰柒拾七八九伍陆柒捌捌", "shown": [{"kind": "拢",
        ...     "cards": "肆肆肆肆"},
        ...                             {"kind": "碰", "cards": "五五五"}, {"kind": "碰",
        ...     "cards": "六六六"}], "win": "自摸"})
        >>> [(r.huxi, r.lielie, r.special) for r in splits(hand, c, rule_set)]
        [(23, False, None)]
    """

    huxi: int
    lielie: bool
    fours: int
    special: Special | None
    build: Callable[[], Arrangement]

    def arrangement(self) -> Arrangement:
        """The groups of this split, made now (only the chosen split's are).

        Examples:
            >>> from rules.zipai.answer import read_hand
            >>> hand, c, _, rule_set = read_hand({"hand": "贰柒拾七八九伍陆柒捌捌", "shown": [{"kind": "拢",
            ...     "cards": "肆肆肆肆"},
            ...                             {"kind": "碰", "cards": "五五五"}, {"kind": "碰",
            ...     "cards": "六六六"}], "win": "自摸"})
            >>> [g.kind.value for g in splits(hand, c, rule_set)[0].arrangement().groups]
            ['拢', '碰', '碰', '顺子', '二七十', '顺子', '将']
        """
        return self.build()


def splits(hand: Hand, c: Circumstances, rule_set: RuleSet) -> list[Split]:
    """Every split of the hand that can score differently: each (胡息, 列列) a complete split
    of the concealed cards gives, and each opening pattern the hand holds.

    Examples:
        >>> from rules.zipai.answer import read_hand
        >>> hand, c, _, rule_set = read_hand({"hand": "贰柒拾七八九伍陆柒捌捌", "shown": [{"kind": "拢",
        ...     "cards": "肆肆肆肆"},
        ...                             {"kind": "碰", "cards": "五五五"}, {"kind": "碰",
        ...     "cards": "六六六"}], "win": "自摸"})
        >>> len(splits(hand, c, rule_set)), splits(hand, c, rule_set)[0].huxi
        (1, 23)
    """
    found, win, locked = _complete_splits(hand, c, rule_set)
    out = [_regular_split(hand, found, outcome, rule_set) for outcome in found.outcomes]
    for special in offered(hand, c, rule_set):
        out.append(_special(special, hand, win, locked, rule_set))
    return out


def offered(hand: Hand, c: Circumstances, rule_set: RuleSet) -> tuple[Special, ...]:
    """The opening patterns the hand may win by: those it holds (`patterns`, the 拢 shown and the
    坎 concealed), less 一拢（坎）三坎 when the cards before the winning card already held it.

    That pattern may be completed in play (中途构成), and 如果过胡，此局不再提示胡一拢3坎这个牌型
    (zp-3-yilong-sankan-2): held before the winning card, it could have been won on the card that
    completed it (or at the opening), and was passed (finding zp-f-yilong-sankan-passed).

    Examples:
        >>> from rules.zipai.answer import read_hand
        >>> shown = [{"kind": "拢", "cards": "肆肆肆肆"}]
        >>> hand, c, _, rule_set = read_hand({"hand": "一一一二二二三三三四五六七八九九柒", "shown": shown,
        ...                                   "win": "自摸"})
        >>> offered(hand, c, rule_set)  # the three 坎 were held before 柒 came
        ()
        >>> hand, c, _, rule_set = read_hand({"hand": "一一一二二二三三四五六七八九九柒三", "shown": shown,
        ...                                   "win": "自摸"})
        >>> [s.value for s in offered(hand, c, rule_set)]  # 三 makes the third 坎
        ['一拢（坎）三坎']
    """
    opening = c.win is Win.OPENING
    held = patterns(hand.on_table.longs, kans_held(hand.concealed_count), opening, rule_set)
    if opening or Special.YILONG_SANKAN not in held or hand.won_on is None:
        return held
    before = list(hand.concealed_count)
    before[hand.won_on.index] -= 1
    if Special.YILONG_SANKAN not in patterns(hand.on_table.longs, kans_held(before), False, rule_set):
        return held
    return tuple(s for s in held if s is not Special.YILONG_SANKAN)


def _complete_splits(hand: Hand, c: Circumstances, rule_set: RuleSet) -> tuple[Splits, int | None, tuple[int, ...]]:
    """The complete splits of the concealed cards, with the winning card's kind when it counts
    as another player's (its 坎 a 碰) and the locked 坎."""
    concealed = hand.concealed_count
    from_other = c.win is Win.DIANPAO or c.win is Win.WALL
    other = hand.won_on.index if from_other and hand.won_on is not None else None
    # Another player's winning card: its 坎 is a 碰 when the three stay together
    # (ext-zp-win-card), unless reading zp-r-win-card-triplet says 坎.
    win = other if rule_set.options.win_card_triplet is WinCardTriplet.PENG else None
    locked = locked_kans(concealed, other, rule_set)
    pairs = 1 if hand.on_table.fours else 0
    peng = win if win is not None and concealed[win] == 3 else None
    return complete_splits(concealed, pairs, locked, peng, rule_set), win, locked


def _regular_split(hand: Hand, found: Splits, outcome: Outcome, rule_set: RuleSet) -> Split:
    """The split of one outcome of the concealed cards' splits, with the shown groups."""
    huxi, lielie = _with_shown(outcome, hand.on_table)
    return Split(huxi, lielie, hand.on_table.fours, None, partial(_regular, hand, found, outcome, rule_set))


def _with_shown(outcome: Outcome, table: OnTable) -> Outcome:
    """The (胡息, 列列) of the whole hand when its concealed cards split with this outcome."""
    return outcome[0] + table.huxi, outcome[1] and table.lielie


def _regular(hand: Hand, found: Splits, outcome: tuple[int, bool], rule_set: RuleSet) -> Arrangement:
    return Arrangement(hand.melds + groups_of(found.parts(outcome), rule_set), None, True)


def _special(special: Special, hand: Hand, win: int | None, locked: tuple[int, ...], rule_set: RuleSet) -> Split:
    """The split of an opening pattern (zp-r-special-huxi). Under `whole_hand` its 胡息 are
    those of the best split with loose cards: choosing needs only their sum (`Splitter.loose`),
    so the groups (`best_partial`) wait until asked. Loose cards break 列列 (ext-zp-loose), and
    the concealed groups hold no four."""
    concealed = hand.concealed_count
    if rule_set.options.special_huxi is SpecialHuxi.WHOLE_HAND:
        huxi = hand.on_table.huxi + splitter(rule_set).loose(concealed, win, locked)
        return Split(huxi, False, hand.on_table.fours, special, partial(_loose, special, hand, win, locked, rule_set))
    arrangement = Arrangement(pattern_groups(special, concealed, hand.melds, win, rule_set), special, False)
    return Split(arrangement.huxi, arrangement.lielie, arrangement.fours, special, partial(_same, arrangement))


def _loose(special: Special, hand: Hand, win: int | None, locked: tuple[int, ...], rule_set: RuleSet) -> Arrangement:
    groups = groups_of(best_partial(hand.concealed_count, win, rule_set, locked), rule_set)
    return Arrangement(hand.melds + groups, special, False)


def _same(arrangement: Arrangement) -> Arrangement:
    return arrangement


@dataclass(frozen=True)
class Counted:
    """What the settlement reads from the cards alone, whatever the split.

    Examples:
        >>> from rules.zipai.answer import read_hand
        >>> hand, c, _, rule_set = read_hand({"hand": "贰柒拾七八九伍陆柒捌捌", "shown": [{"kind": "拢",
        ...     "cards": "肆肆肆肆"},
        ...                             {"kind": "碰", "cards": "五五五"}, {"kind": "碰",
        ...     "cards": "六六六"}], "win": "自摸"})
        >>> count_hand(hand, rule_set)
        Counted(red=5, red_concealed=5, gui=1)
    """

    red: int
    red_concealed: int
    gui: int


def count_hand(hand: Hand, rule_set: RuleSet) -> Counted:
    """The red cards (in all, and concealed) and the 归 (kinds held four times) of the whole hand.

    Examples:
        >>> from rules.zipai.answer import read_hand
        >>> hand, c, _, rule_set = read_hand({"hand": "贰柒拾七八九伍陆柒捌捌", "shown": [{"kind": "拢",
        ...     "cards": "肆肆肆肆"},
        ...                             {"kind": "碰", "cards": "五五五"}, {"kind": "碰",
        ...     "cards": "六六六"}], "win": "自摸"})
        >>> count_hand(hand, rule_set).gui
        1
    """
    red = splitter(rule_set).red_kinds
    concealed, every = hand.concealed_count, hand.every_count
    gui = every.count(rule_set.constants.mingtang.gui_copies.value)
    return Counted(sum([every[i] for i in red]), sum([concealed[i] for i in red]), gui)


def facts(split: Split | Arrangement, hand: Hand, rule_set: RuleSet, counted: Counted | None = None) -> HandFacts:
    """What the settlement reads from a split of this hand (`HandFacts`).

    Examples:
        >>> from rules.zipai.answer import read_hand
        >>> hand, c, _, rule_set = read_hand({"hand": "贰柒拾七八九伍陆柒捌捌", "shown": [{"kind": "拢",
        ...     "cards": "肆肆肆肆"},
        ...                             {"kind": "碰", "cards": "五五五"}, {"kind": "碰",
        ...     "cards": "六六六"}], "win": "自摸"})
        >>> facts(splits(hand, c, rule_set)[0], hand, rule_set)
        HandFacts(huxi=23, red=5, red_concealed=5, lielie=False, gui=1, fours=1, complete=True, special=None)
    """
    counted = counted or count_hand(hand, rule_set)
    return _facts(split.huxi, split.lielie, split.fours, split.special, counted)


def _facts(huxi: int, lielie: bool, fours: int, special: Special | None, counted: Counted) -> HandFacts:
    complete = special is None
    return HandFacts(huxi, counted.red, counted.red_concealed, lielie and complete, counted.gui, fours, complete,
                     special)


def _may_pay_most(outcomes: list[Outcome], table: OnTable, rule_set: RuleSet) -> list[Outcome]:
    """The outcomes of the concealed cards' splits worth settling: per 列列, the most 胡息, and
    棒胡's count, none below the minimum (`price` refuses those: `below_minimum`).

    The facts of regular splits differ only in (胡息, 列列), and with the rest the same,
    more 胡息 never pays less, except at 棒胡's count, whose base is fixed
    (test_more_huxi_never_pays_less_under_any_reading). `score` prefers more 胡息 among
    equals, so no outcome left out could be chosen.

    Examples:
        >>> from rules.zipai.loader import default_rule_set
        >>> outcomes = [(6, False), (8, False), (12, False), (15, True), (20, False)]
        >>> _may_pay_most(outcomes, OnTable(fours=0, longs=0, huxi=2, lielie=True), default_rule_set())  # 10胡 is 棒胡
        [(8, False), (15, True), (20, False)]
    """
    low = rule_set.constants.min_huxi.value - table.huxi
    bang = rule_set.constants.mingtang.banghu_at.value - table.huxi
    most = {}  # 列列 → the most 胡息 (outcomes come fewest 胡息 first)
    for huxi, lielie in outcomes:
        most[lielie] = huxi
    return [o for o in outcomes if o[0] >= low and (o[0] == most[o[1]] or o[0] == bang)]


def score(hand: Hand, c: Circumstances, rule_set: RuleSet) -> Scored:
    """The best-paying split of the hand, settled (ext-zp-best); ties: more 胡息, then a
    regular hand before an opening pattern, then 列列.

    The splits are weighed in the order `splits` lists them, less the regular ones another
    pays at least as much as (`_may_pay_most`); a regular one is made (`Split`) only if it
    is chosen: weighing needs its (胡息, 列列) alone.

    Examples:
        >>> from rules.zipai.answer import read_hand
        >>> hand, c, _, rule_set = read_hand({"hand": "贰柒拾七八九伍陆柒捌捌", "shown": [{"kind": "拢",
        ...     "cards": "肆肆肆肆"},
        ...                             {"kind": "碰", "cards": "五五五"}, {"kind": "碰",
        ...     "cards": "六六六"}], "win": "自摸"})
        >>> score(hand, c, rule_set).settlement.formula
        '上家付：23→30＋归10＋自摸10=50；下家付：23→30＋归10＋自摸10=50'
    """
    check_hand(hand, c, rule_set)
    found, win, locked = _complete_splits(hand, c, rule_set)
    table = hand.on_table
    held = offered(hand, c, rule_set)
    if not found.mask and not held:
        if Special.YILONG_SANKAN in patterns(table.longs, kans_held(hand.concealed_count), False, rule_set):
            raise RuleError("一拢（坎）三坎 was already held before the winning card: a win passed is not offered "
                            "again this hand (如果过胡，此局不再提示), and the cards do not all go into groups",
                            rule="zp-3-yilong-sankan-2")
        raise RuleError("not a winning hand: the cards do not all go into groups "
                        "(7 groups of three, or 6 groups and a pair when there is a 招 or 拢; 不见于原文)",
                        rule=rule_set.constants.hand_rule)
    counted = count_hand(hand, rule_set)
    outcomes = found.outcomes
    # What makes each split weighed: a regular one's outcome (a plain tuple), an opening pattern's split
    weighed: list[tuple[Outcome | Split, HandFacts]] = [
        (outcome, _facts(*_with_shown(outcome, table), table.fours, None, counted))
        for outcome in _may_pay_most(outcomes, table, rule_set)]
    weighed += [(r, _facts(r.huxi, r.lielie, r.fours, r.special, counted))
                for r in (_special(special, hand, win, locked, rule_set) for special in held)]
    # The best so far: (rank, what makes its split, its facts, its settlement)
    best: tuple[tuple[int, int, bool, bool], Outcome | Split, HandFacts, Settlement] | None = None
    for made, f in weighed:
        try:
            settlement = price(Situation(f, c), rule_set)
        except RuleError:
            continue
        rank = (settlement.total, f.huxi, f.special is None, f.lielie)
        if best is None or rank > best[0]:  # the first of equals stays
            best = (rank, made, f, settlement)
    if best is None:
        # Every split is refused: the first one's refusal (fewest 胡息) is reported, as settling it says.
        first = _facts(*_with_shown(outcomes[0], table), table.fours, None, counted) if outcomes else weighed[0][1]
        price(Situation(first, c), rule_set)
        raise AssertionError("a refused split was settled")
    _, made, f, settlement = best
    split = made if isinstance(made, Split) else _regular_split(hand, found, made, rule_set)
    return Scored(split, f, settlement)
