"""Which winning hands exist: every (red cards, 列列, 胡息) a legal hand reaches.

A dynamic programme over the 20 kinds in the order 一 壹 二 贰 … 十 拾 chooses,
for each kind, how its (at most four) cards are used: runs starting there
(一二三 and ordinary runs; 二七十 starting at 二), three alike (碰 or 坎), four
alike (招 or 拢), the pair, and 大小搭 with the same number's 大字. Runs,
二七十 and 大小搭 leave cards owed by later kinds, which the state carries.
The red cards and 胡息 reached so far are not part of the state: each state
holds, per 归 count, one bitmask of every (red cards, 胡息) it reaches, so a
kind's cards move every entry with one shift, and 碰/坎 and 招/拢 are two shifts.

Rules applied: copies per kind (ext-zp-deck), 7 groups or 6 and a pair when a
four is held (ext-zp-hand), at most dealt/copies 拢 (a dealt hand holds five at
most). A hand won as dealt (天胡) has no 碰 and no 招: everything raised.
"""
from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass

from .analysis import patterns
from .cards import Card
from .groups import make
from .model import GroupKind
from .options import KanSplit
from .rule_set import RuleSet

ORDER = tuple(i for n in range(10) for i in (n, n + 10))  # 一 壹 二 贰 …

Parts = tuple[tuple[GroupKind, tuple[int, ...]], ...]
HandTable = dict[tuple[int, bool, int], int]  # (red cards, 列列, 胡息) → the fewest 归 of a hand that has them
SpecialTable = dict[tuple[str, bool], dict[int, int]]  # (pattern, as dealt) → 胡息 → 归
Owed = tuple[int, ...]  # what earlier kinds left owed (seven counts, `_Table.own`)
Most = tuple[int, Parts]  # the most 胡息 of any hand, and a hand that has it


@dataclass(frozen=True)
class Reach:
    """What legal winning hands reach, with the fewest 归 a hand of each holds.

    Examples:
        >>> from rules.zipai.payouts import reached  # reach(default_rule_set()), computed once
        >>> found = reached()
        >>> found.most[0], sorted({pattern for pattern, _ in found.special})
        (96, ['一拢（坎）三坎', '三垅', '五坎'])
    """

    regular: dict[tuple[int, bool, int], int]  # (red cards, 列列, 胡息) of hands won in play on a card drawn
    discard: dict[tuple[int, bool, int], int]  # the same won on another player's card (点炮, 墩上)
    opening: dict[tuple[int, bool, int], int]  # the same for hands won as dealt (天胡)
    special: dict[tuple[str, bool], dict[int, int]]  # (pattern, as dealt) → 胡息 → 归
    most: tuple[int, Parts]  # the most 胡息 of any hand, and a hand that has it


@dataclass(frozen=True)
class _Move:
    """One way to use the cards of one kind, given what earlier kinds left owed.

    `owes` is what the move leaves owed by the kinds of its own size (runs
    begun two back and one back, 二七十) and, for a 小字, what it leaves owed
    to its 大字 (大小搭); the other size's part of the state passes through.
    """

    owes: tuple[int, ...]
    groups: int  # groups begun (the pair not counted)
    four: bool
    pair: bool
    slot: int  # 0 when the move holds a three alike that may be raised to 坎, else -1
    huxi: int
    used: int  # cards of this kind in the hand
    lielie: bool  # every group begun has 胡
    made: Parts
    spread: bool = False  # three alike spread over other groups: only the winning card from another allows it
    hidden: bool = False  # all four of the kind concealed (its three alike held as 坎, or none): see `_Table`


class _Table:
    """The 胡息 steps and moves of the DP, worked out once from the rules.

    Under the reading zp-r-kan-split=locked three alike held are one 坎: a kind
    whose cards are not in a group of three or four alike holds at most two,
    or three when one of them is the winning card from another player (the
    move is marked `spread`; a hand has at most one).

    Four alike are never held concealed (finding zp-f-concealed-four, as `hand.check_hand`):
    they are shown as 招 or 拢, except that the winning card may be the fourth (破招胡). A
    move that holds all four of its kind concealed is marked `hidden` (when its three alike
    are 碰 rather than 坎, three are shown and it is not); a hand won in play has at most one
    such kind, and none beside a `spread` three, since both take the winning card; a hand
    won as dealt has none.
    """

    def __init__(self, rule_set: RuleSet) -> None:
        constants = rule_set.constants
        self.copies = constants.deck.copies
        self.locked = rule_set.options.kan_split is KanSplit.LOCKED
        self.runs = {i: make(GroupKind.YIERSAN, (Card(i), Card(i + 1), Card(i + 2)), constants).huxi for i in (0, 10)}
        self.erqishi = {i: make(GroupKind.ERQISHI, (Card(i), Card(i + 5), Card(i + 8)), constants).huxi
                        for i in (1, 11)}
        self.alike, self.raise_steps = {}, {}
        for i in ORDER:
            card = Card(i)
            peng, kan = (make(k, (card,) * 3, constants).huxi for k in (GroupKind.PENG, GroupKind.KAN))
            zhao, long = (make(k, (card,) * 4, constants).huxi for k in (GroupKind.ZHAO, GroupKind.LONG))
            self.alike[i] = (peng, zhao)
            self.raise_steps[i] = (kan - peng, long - zhao)  # what 坎 adds to 碰, 拢 to 招
        self._moves: dict[tuple[int, Owed, bool], list[_Move]] = {}

    @staticmethod
    def own(index: int, owed: tuple[int, ...]) -> tuple[int, ...]:
        """The part of the state the moves of this kind depend on."""
        s_two, s_one, b_two, b_one, e_small, e_big, daxiao_owed = owed
        return (b_two, b_one, e_big, daxiao_owed) if index >= 10 else (s_two, s_one, e_small)

    @staticmethod
    def after(index: int, owed: tuple[int, ...], owes: tuple[int, ...]) -> tuple[int, ...]:
        """The state after a move of this kind: its own part replaced, the other size's kept."""
        if index >= 10:
            return (owed[0], owed[1], owes[0], owes[1], owed[4], owes[2], 0)
        return (owes[0], owes[1], owed[2], owed[3], owes[2], owed[5], owes[3])

    def moves(self, index: int, owed: tuple[int, ...], pair_used: bool) -> list[_Move]:
        key = (index, self.own(index, owed), pair_used)
        found = self._moves.get(key)
        if found is None:
            found = self._moves[key] = list(self._make_moves(index, key[1], pair_used))
        return found

    def _make_moves(self, index: int, own: tuple[int, ...], pair_used: bool) -> Iterator[_Move]:
        big, number = index >= 10, index % 10 + 1
        if big:
            two, one, e_here, daxiao_owed = own
        else:
            (two, one, e_here), daxiao_owed = own, 0
        base_use = two + one + (e_here if number in (7, 10) else 0) + daxiao_owed
        if base_use > self.copies:
            return
        peng, zhao = self.alike[index]
        alike = [(None, 0, 0, -1), (GroupKind.PENG, 3, peng, 0), (GroupKind.ZHAO, 4, zhao, -1)]
        if not pair_used:
            alike.append((GroupKind.JIANG, 2, 0, -1))
        for kind, used, huxi, slot in alike:
            room = self.copies - base_use - used
            if room < 0:
                continue
            for runs in range(room + 1 if number <= 8 else 1):
                for e_new in range(room - runs + 1 if number == 2 else 1):
                    left = room - runs - e_new
                    mixes = ((0, 0),) if big else [(a, b) for a in range(left + 1) for b in range((left - a) // 2 + 1)]
                    for one_small, two_small in mixes:
                        total = base_use + used + runs + e_new + one_small + 2 * two_small
                        spread = self.locked and kind in (None, GroupKind.JIANG) and total >= 3
                        if spread and total > 3:
                            continue  # three alike held are a 坎 (zp-r-kan-split=locked)
                        # one_small: 小＋大大 (owes two 大字); two_small: 小小＋大 (owes one)
                        # Runs begun here owe the next two numbers, those begun one back only
                        # the next; 二七十 stays owed through 十.
                        e_after = 0 if number == 10 else (e_new if number == 2 else e_here)
                        owes = (runs, two, e_after) if big else (runs, two, e_after, 2 * one_small + two_small)
                        made: list[tuple[GroupKind, tuple[int, ...]]] = [(kind, (index,) * used)] if kind else []
                        run_kind = GroupKind.YIERSAN if number == 1 else GroupKind.SHUN
                        made += [(run_kind, (index, index + 1, index + 2))] * runs
                        made += [(GroupKind.ERQISHI, (index, index + 5, index + 8))] * e_new
                        made += [(GroupKind.DAXIAO, (index, index + 10, index + 10))] * one_small
                        made += [(GroupKind.DAXIAO, (index, index, index + 10))] * two_small
                        yield _Move(
                            owes=owes,
                            groups=(kind not in (None, GroupKind.JIANG)) + runs + e_new + one_small + two_small,
                            four=used == 4,
                            pair=kind is GroupKind.JIANG,
                            slot=slot,
                            huxi=huxi + runs * self.runs.get(index, 0) + e_new * self.erqishi.get(index, 0),
                            used=total,
                            lielie=(runs == 0 or number == 1) and not (one_small or two_small),
                            made=tuple(made),
                            spread=spread,
                            hidden=total == self.copies and kind in (None, GroupKind.JIANG, GroupKind.PENG),
                        )


# A mask holds one bit per (归, red cards, 胡息): bit 归·LAYER + red·SPAN + 胡息. Seven
# groups of at most 18 胡 stay below SPAN, and a hand holds fewer red cards than
# the six red kinds have, so a shift never carries into the next red count or 归.
SPAN = 128


def reach(rule_set: RuleSet) -> Reach:
    """Every (red cards, 列列, 胡息) legal winning hands reach under these rules, each with its fewest 归.

    Examples:
        >>> from rules.zipai.payouts import reached  # the same, computed once for the payout table
        >>> (0, False, 10) in reached().regular
        True
    """
    return combine([part(rule_set, number) for number in range(PARTS)])


# `reach` in independent parts of similar size, so that a caller with several processes
# may compute them side by side (the build does, `generator.zipai`); `combine` joins them.
PARTS = 2


def part(rule_set: RuleSet, number: int) -> tuple[HandTable, HandTable] | tuple[HandTable, SpecialTable, Most]:
    """Part `number` of `reach`: 0 the hands won in play (on a card drawn, on another
    player's), 1 the hands won as dealt, the opening patterns and the most 胡息.

    Examples:
        >>> from rules.zipai.loader import default_rule_set
        >>> regular, discard = part(default_rule_set(), 0)
        >>> (0, False, 10) in regular
        True
    """
    table = _Table(rule_set)
    if number == 0:
        return _hands(table, rule_set, dealt=False)
    return _hands(table, rule_set, dealt=True)[0], _special(table, rule_set), _most(table, rule_set)


def combine(parts: list[tuple[object, ...]]) -> Reach:
    """`reach` from its parts, in order (each from `part`).

    Examples:
        >>> from rules.zipai.loader import default_rule_set
        >>> whole = combine([part(default_rule_set(), n) for n in range(PARTS)])
        >>> (0, False, 10) in whole.regular, whole.most[0]
        (True, 96)
    """
    (regular, discard), (opening, special, most) = parts
    return Reach(regular, discard, opening, special, most)  # type: ignore[arg-type]  # each as `part` made it


def _hands(table: _Table, rule_set: RuleSet, dealt: bool) -> tuple[HandTable, HandTable]:
    """The DP over kinds. Each state's mask holds a bit per (spread, 归, red cards, 胡息);
    as dealt every three or four alike is raised (坎, 拢) and nothing is spread.
    Returns (hands without a spread three, all hands)."""
    copies, constants = table.copies, rule_set.constants
    max_long = constants.dealt.value // copies
    layer = SPAN * (copies * len(constants.deck.red_numbers) * 2 + 1)
    spread_layer = layer * (constants.dealt.value // copies + 3)  # more 归 than a hand of 26 cards holds
    unspread = (1 << spread_layer) - 1
    # state: (owed, groups, any four, 拢, pair, 列列, a hidden four) → (spread, 归, red, 胡息) bitmask
    # owed = (small runs owing this+next, small runs owing this, big …, 二七十 small, big, 大字 owed to 大小搭)
    states: dict[tuple[Owed, int, bool, int, bool, bool, bool], int] = {((0,) * 7, 0, False, 0, False, True, False): 1}
    for index in ORDER:
        red = constants.deck.is_red(Card(index))
        raise_three, raise_four = table.raise_steps[index]
        nxt: dict[tuple[Owed, int, bool, int, bool, bool, bool], int] = {}
        get = nxt.get
        big = index >= 10
        moves_here: dict[tuple[Owed, bool], list[_Move]] = {}  # `table.moves` by (owed, pair used), looked up inline
        for (owed, g, f, longs, p, lie, hid), mask in states.items():
            o0, o1, o2, o3, o4, o5, _ = owed
            moves = moves_here.get((owed, p))
            if moves is None:
                moves = moves_here[(owed, p)] = table.moves(index, owed, p)
            for move in moves:
                g2 = g + move.groups
                if g2 > 7:
                    continue
                w = move.owes  # `_Table.after`, written out: this loop is the build's hottest
                owed2 = (o0, o1, w[0], w[1], o4, w[2], 0) if big else (w[0], w[1], o2, o3, w[2], o5, w[3])
                shift = move.huxi + (move.used * SPAN if red else 0) + (layer if move.used == copies else 0)
                moved = mask
                if move.spread:
                    if dealt or hid:
                        continue
                    moved, shift = mask & unspread, shift + spread_layer
                f2, p2, lie2 = f or move.four, p or move.pair, lie and move.lielie
                # the winning card as the fourth of a concealed kind: once, and never beside a spread three
                hidden_ok = move.hidden and not dealt and not hid
                # 碰 or 坎, 招 or 拢 (as dealt: 坎 and 拢 only)
                if move.slot >= 0:
                    if not dealt:
                        key = (owed2, g2, f2, longs, p2, lie2, hid)
                        nxt[key] = get(key, 0) | (moved << shift)
                    if not move.hidden:
                        key = (owed2, g2, f2, longs, p2, lie2, hid)
                        nxt[key] = get(key, 0) | (moved << (shift + raise_three))
                    elif hidden_ok:
                        key = (owed2, g2, f2, longs, p2, lie2, True)
                        nxt[key] = get(key, 0) | ((moved & unspread) << (shift + raise_three))
                elif move.four:
                    if not dealt:
                        key = (owed2, g2, f2, longs, p2, lie2, hid)
                        nxt[key] = get(key, 0) | (moved << shift)
                    if longs < max_long:
                        key = (owed2, g2, f2, longs + 1, p2, lie2, hid)
                        nxt[key] = get(key, 0) | (moved << (shift + raise_four))
                elif not move.hidden:
                    key = (owed2, g2, f2, longs, p2, lie2, hid)
                    nxt[key] = get(key, 0) | (moved << shift)
                elif hidden_ok:
                    key = (owed2, g2, f2, longs, p2, lie2, True)
                    nxt[key] = get(key, 0) | ((moved & unspread) << shift)
        states = nxt
    held: dict[tuple[int, bool, int], int] = {}
    every: dict[tuple[int, bool, int], int] = {}
    for (owed, g, f, _longs, p, lie, _hid), mask in states.items():
        if any(owed) or not ((not f and not p and g == 7) or (f and p and g == 6)):
            continue
        for spread, part in enumerate((mask & unspread, mask >> spread_layer)):
            gui = 0
            while part:
                for bit in _bits(part & ((1 << layer) - 1)):
                    entry = (bit // SPAN, lie, bit % SPAN)
                    _fewest(every, entry, gui)
                    if not spread:
                        _fewest(held, entry, gui)
                part >>= layer
                gui += 1
    return held, every


def _bits(mask: int) -> list[int]:
    out = []
    while mask:
        low = mask & -mask
        out.append(low.bit_length() - 1)
        mask ^= low
    return out


def _fewest(table: HandTable, key: tuple[int, bool, int], gui: int) -> None:
    if key not in table or gui < table[key]:
        table[key] = gui


def _most(table: _Table, rule_set: RuleSet) -> tuple[int, Parts]:
    """The most 胡息 a legal winning hand reaches, and one hand that does (the same DP,
    keeping only the best 胡息 of each state and the groups that give it; a hand
    won on another player's card may spread one three alike, or else any hand may
    hold one kind's four concealed, the winning card being the fourth)."""
    max_long = rule_set.constants.dealt.value // table.copies
    states: dict[tuple[Owed, int, bool, int, bool, bool], tuple[int, Chain]] = {
        ((0,) * 7, 0, False, 0, False, False): (0, None)}
    for index in ORDER:
        raise_three, raise_four = table.raise_steps[index]
        nxt: dict[tuple[Owed, int, bool, int, bool, bool], tuple[int, Chain]] = {}
        big = index >= 10
        for (owed, g, f, longs, p, sp), (h, chain) in states.items():
            o0, o1, o2, o3, o4, o5, _ = owed
            for move in table.moves(index, owed, p):
                if g + move.groups > 7 or (sp and move.spread) or (sp and move.hidden and move.slot < 0):
                    continue
                w = move.owes
                owed2 = (o0, o1, w[0], w[1], o4, w[2], 0) if big else (w[0], w[1], o2, o3, w[2], o5, w[3])
                extra, new_long, takes = 0, 0, move.spread or (move.hidden and move.slot < 0)
                if move.slot >= 0 and not (sp and move.hidden):  # a second hidden four stays a 碰
                    extra, takes = raise_three, move.hidden
                elif move.four and longs < max_long:
                    extra, new_long = raise_four, 1
                key = (owed2, g + move.groups, f or move.four, longs + new_long,
                       p or move.pair, sp or takes)
                value = h + move.huxi + extra
                old = nxt.get(key)
                if old is None or value > old[0]:
                    nxt[key] = (value, (move, bool(extra), chain))
        states = nxt
    best = max(((h, chain) for (owed, g, f, _, p, _sp), (h, chain) in states.items()
                if not any(owed) and ((not f and not p and g == 7) or (f and p and g == 6))),
               key=lambda hc: hc[0])
    return best[0], tuple(sorted(_unchain(best[1]), key=lambda grp: (grp[1], grp[0].value)))


# The moves a best hand was made of, the last first: (move, its three or four raised, the moves before).
Chain = tuple["_Move", bool, "Chain"] | None


def _raised(made: Parts) -> Parts:
    """The same groups with the three or four alike raised: 碰→坎, 招→拢."""
    return tuple(({GroupKind.PENG: GroupKind.KAN, GroupKind.ZHAO: GroupKind.LONG}.get(k, k), c) for k, c in made)


def _unchain(chain: Chain) -> Parts:
    items: list[tuple[GroupKind, tuple[int, ...]]] = []
    while chain is not None:
        move, raised, chain = chain
        items += _raised(move.made) if raised else move.made
    return tuple(items)


def _special(table: _Table, rule_set: RuleSet) -> dict[tuple[str, bool], dict[int, int]]:
    """The 胡息 of hands holding an opening pattern, and the fewest 归 of each.

    Keys are (pattern, won as dealt). Cards not in a group stay loose
    (ext-zp-loose); they add no 胡息, and with 80 cards there are always spare
    ones that complete no four, so only the grouped cards are counted: they
    must not exceed the hand. Groups without 胡 are left out for the same reason. As dealt a hand has 20
    cards (21 for the dealer) and one more per 拢 after the first; in play 一拢（坎）三坎 may also hold 碰 and
    招 and has 21 cards, one more per four after the first (ext-zp-hand).
    """
    constants, copies = rule_set.constants, table.copies
    max_long = constants.dealt.value // copies
    most = constants.dealt.value + constants.dealer_extra.value + max_long
    out: dict[tuple[str, bool], dict[int, int]] = {}
    for opening in (True, False):
        # state: (owed, grouped cards, fours, 拢, 坎, a hidden four) → {归: 胡息 bitmask}
        states: dict[tuple[Owed, int, int, int, int, bool], dict[int, int]] = {((0,) * 7, 0, 0, 0, 0, False): {0: 1}}
        for index in ORDER:
            peng, zhao = table.alike[index]
            raise_three, raise_four = table.raise_steps[index]
            # (cards, 胡息, four, 拢, 坎) of the same-kind group: none, 坎, 拢, and in play 碰, 招
            alike = [(0, 0, 0, 0, 0), (3, peng + raise_three, 0, 0, 1), (4, zhao + raise_four, 1, 1, 0)]
            if not opening:
                alike += [(3, peng, 0, 0, 0), (4, zhao, 1, 0, 0)]
            nxt: dict[tuple[Owed, int, int, int, int, bool], dict[int, int]] = {}
            for (owed, cards, f, longs, kans, hid), masks in states.items():
                for move in table.moves(index, owed, True):  # no pair: the spare cards stay loose
                    # Same-kind groups come from `alike`; groups without 胡 (ordinary runs,
                    # 大小搭) change nothing that three loose cards would not.
                    if move.slot >= 0 or move.four or not move.lielie or move.spread:
                        continue
                    for n, huxi, four, long, kan in alike:
                        used = move.used + n
                        grouped = cards + used  # every card is counted at its own kind
                        if used > copies or longs + long > max_long or grouped > most:
                            continue
                        # four concealed (坎 or no same-kind group): only the winning card's kind, in play
                        hidden = used == copies and (n == 0 or kan == 1)
                        if hidden and (opening or hid):
                            continue
                        key = (table.after(index, owed, move.owes), grouped, f + four, longs + long, kans + kan,
                               hid or hidden)
                        target = nxt.setdefault(key, {})
                        for gui, mask in masks.items():
                            g2 = gui + (used == copies)
                            target[g2] = target.get(g2, 0) | (mask << (move.huxi + huxi))
            states = nxt
        for (owed, cards, f, longs, kans, _hid), masks in states.items():
            if any(owed):
                continue
            extra = max(0, f - 1)
            size = constants.dealt.value + extra + (constants.dealer_extra.value if opening else 1)
            if cards > size:
                continue
            found = patterns(longs, kans, opening, rule_set)
            for special in found:
                table_out = out.setdefault((special.value, opening), {})
                for gui, mask in masks.items():
                    for h in _bits(mask):
                        if h not in table_out or gui < table_out[h]:
                            table_out[h] = gui
    return out
