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

from dataclasses import dataclass

from .analysis import patterns
from .cards import Card
from .config import Config
from .groups import GroupKind, make

ORDER = tuple(i for n in range(10) for i in (n, n + 10))  # 一 壹 二 贰 …

Parts = tuple[tuple[GroupKind, tuple[int, ...]], ...]


@dataclass(frozen=True)
class Reach:
    """What legal winning hands reach, with the fewest 归 a hand of each holds."""

    regular: dict[tuple[int, bool, int], int]  # (red cards, 列列, 胡息) of hands won in play
    opening: dict[tuple[int, bool, int], int]  # the same for hands won as dealt (天胡)
    special: dict[tuple[str, bool], dict[int, int]]  # (pattern, as dealt) → 胡息 → 归
    most: tuple[int, Parts]  # the most 胡息 of any hand, and a hand that has it


@dataclass(frozen=True)
class _Move:
    """One way to use the cards of one kind, given what earlier kinds left owed."""

    owed: tuple[int, ...]
    groups: int  # groups begun (the pair not counted)
    four: bool
    pair: bool
    slot: int  # 0 when the move holds a three alike that may be raised to 坎, else -1
    huxi: int
    used: int  # cards of this kind in the hand
    lielie: bool  # every group begun has 胡
    made: Parts


class _Table:
    """The 胡息 steps and moves of the DP, worked out once from the rules."""

    def __init__(self, config: Config) -> None:
        rules = config.rules
        self.copies = rules.deck.copies
        self.runs = {i: make(GroupKind.YIERSAN, (Card(i), Card(i + 1), Card(i + 2)), rules).huxi for i in (0, 10)}
        self.erqishi = {i: make(GroupKind.ERQISHI, (Card(i), Card(i + 5), Card(i + 8)), rules).huxi for i in (1, 11)}
        self.alike, self.raise_steps = {}, {}
        for i in ORDER:
            card = Card(i)
            peng, kan = (make(k, (card,) * 3, rules).huxi for k in (GroupKind.PENG, GroupKind.KAN))
            zhao, long = (make(k, (card,) * 4, rules).huxi for k in (GroupKind.ZHAO, GroupKind.LONG))
            self.alike[i] = (peng, zhao)
            self.raise_steps[i] = (kan - peng, long - zhao)  # what 坎 adds to 碰, 拢 to 招
        self._moves: dict[tuple, list[_Move]] = {}

    def moves(self, index: int, owed: tuple[int, ...], pair_used: bool) -> list[_Move]:
        key = (index, owed, pair_used)
        if key not in self._moves:
            self._moves[key] = list(self._make_moves(index, owed, pair_used))
        return self._moves[key]

    def _make_moves(self, index: int, owed: tuple[int, ...], pair_used: bool):
        big, number = index >= 10, index % 10 + 1
        s_two, s_one, b_two, b_one, e_small, e_big, daxiao_owed = owed
        two, one = (b_two, b_one) if big else (s_two, s_one)
        e_here = e_big if big else e_small
        base_use = two + one + (e_here if number in (7, 10) else 0) + (daxiao_owed if big else 0)
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
                        # one_small: 小＋大大 (owes two 大字); two_small: 小小＋大 (owes one)
                        # Runs begun here owe the next two numbers, those begun one back only
                        # the next; 二七十 stays owed through 十.
                        e_after = 0 if number == 10 else (e_new if number == 2 else e_here)
                        if big:
                            owed2 = (s_two, s_one, runs, two, e_small, e_after, 0)
                        else:
                            owed2 = (runs, two, b_two, b_one, e_after, e_big, 2 * one_small + two_small)
                        made: list = [] if kind is None else [(kind, (index,) * used)]
                        run_kind = GroupKind.YIERSAN if number == 1 else GroupKind.SHUN
                        made += [(run_kind, (index, index + 1, index + 2))] * runs
                        made += [(GroupKind.ERQISHI, (index, index + 5, index + 8))] * e_new
                        made += [(GroupKind.DAXIAO, (index, index + 10, index + 10))] * one_small
                        made += [(GroupKind.DAXIAO, (index, index, index + 10))] * two_small
                        yield _Move(
                            owed=owed2,
                            groups=(kind not in (None, GroupKind.JIANG)) + runs + e_new + one_small + two_small,
                            four=used == 4,
                            pair=kind is GroupKind.JIANG,
                            slot=slot,
                            huxi=huxi + runs * self.runs.get(index, 0) + e_new * self.erqishi.get(index, 0),
                            used=base_use + used + runs + e_new + one_small + 2 * two_small,
                            lielie=(runs == 0 or number == 1) and not (one_small or two_small),
                            made=tuple(made),
                        )


# A mask holds one bit per (red cards, 胡息): bit red·SPAN + 胡息. Seven groups of
# at most 18 胡 stay below SPAN, so a shift never carries into the next red count.
SPAN = 128


def reach(config: Config) -> Reach:
    table = _Table(config)
    regular, opening = _complete(table, config)
    return Reach(regular, opening, _special(table, config), _most(table, config))


def _complete(table: _Table, config: Config) -> tuple[dict, dict]:
    """(red cards, 列列, 胡息) → fewest 归, for hands won in play and as dealt."""
    copies, rules = table.copies, config.rules
    max_long = rules.dealt.value // copies
    # state: (owed, groups, fours, 拢 among them, pair, 列列, all raised) → {归: (red, 胡息) bitmask}
    # owed = (small runs owing this+next, small runs owing this, big …, 二七十 small, big, 大字 owed to 大小搭)
    states: dict[tuple, dict[int, int]] = {((0,) * 7, 0, 0, 0, False, True, True): {0: 1}}
    for index in ORDER:
        red = rules.deck.is_red(Card(index))
        raise_three, raise_four = table.raise_steps[index]
        nxt: dict[tuple, dict[int, int]] = {}
        for (owed, g, f, longs, p, lie, raised), masks in states.items():
            for move in table.moves(index, owed, p):
                g2 = g + move.groups
                if g2 > 7:
                    continue
                # (extra 胡息, 拢 added, still all raised): 碰 or 坎, 招 or 拢
                variants = [(0, 0, raised)]
                if move.slot >= 0:
                    variants = [(0, 0, False), (raise_three, 0, raised)]
                elif move.four:
                    variants = [(0, 0, False)] + ([(raise_four, 1, raised)] if longs < max_long else [])
                gui = move.used == copies
                for extra, new_long, raised2 in variants:
                    key = (move.owed, g2, f + move.four, longs + new_long, p or move.pair, lie and move.lielie, raised2)
                    target = nxt.setdefault(key, {})
                    shift = move.huxi + extra + (move.used * SPAN if red else 0)
                    for gu, mask in masks.items():
                        target[gu + gui] = target.get(gu + gui, 0) | (mask << shift)
        states = nxt
    regular: dict[tuple[int, bool, int], int] = {}
    opening: dict[tuple[int, bool, int], int] = {}
    for (owed, g, f, longs, p, lie, raised), masks in states.items():
        if any(owed) or not ((f == 0 and not p and g == 7) or (f >= 1 and p and g == 6)):
            continue
        for gu, mask in masks.items():
            for bit in _bits(mask):
                key = (bit // SPAN, lie, bit % SPAN)
                _fewest(regular, key, gu)
                if raised:
                    _fewest(opening, key, gu)
    return regular, opening


def _bits(mask: int) -> list[int]:
    return [h for h in range(mask.bit_length()) if mask >> h & 1]


def _fewest(table: dict, key: tuple, gui: int) -> None:
    if key not in table or gui < table[key]:
        table[key] = gui


def _most(table: _Table, config: Config) -> tuple[int, Parts]:
    """The most 胡息 a legal winning hand reaches, and one hand that does (the same DP,
    keeping only the best 胡息 of each state and the groups that give it)."""
    max_long = config.rules.dealt.value // table.copies
    states: dict[tuple, tuple[int, tuple | None]] = {((0,) * 7, 0, 0, 0, False): (0, None)}
    for index in ORDER:
        raise_three, raise_four = table.raise_steps[index]
        nxt: dict[tuple, tuple[int, tuple | None]] = {}
        for (owed, g, f, longs, p), (h, chain) in states.items():
            for move in table.moves(index, owed, p):
                if g + move.groups > 7:
                    continue
                extra, new_long = 0, 0
                if move.slot >= 0:
                    extra = raise_three
                elif move.four and longs < max_long:
                    extra, new_long = raise_four, 1
                key = (move.owed, g + move.groups, f + move.four, longs + new_long, p or move.pair)
                value = h + move.huxi + extra
                old = nxt.get(key)
                if old is None or value > old[0]:
                    nxt[key] = (value, ((_raised(move.made) if extra else move.made), chain))
        states = nxt
    best = max(((h, chain) for (owed, g, f, _, p), (h, chain) in states.items()
                if not any(owed) and ((f == 0 and not p and g == 7) or (f >= 1 and p and g == 6))),
               key=lambda hc: hc[0])
    return best[0], tuple(sorted(_unchain(best[1]), key=lambda grp: (grp[1], grp[0].value)))


def _raised(made: Parts) -> Parts:
    """The same groups with the three or four alike raised: 碰→坎, 招→拢."""
    return tuple(({GroupKind.PENG: GroupKind.KAN, GroupKind.ZHAO: GroupKind.LONG}.get(k, k), c) for k, c in made)


def _unchain(chain: tuple | None) -> Parts:
    items: list = []
    while chain is not None:
        items += chain[0]
        chain = chain[1]
    return tuple(items)


def _special(table: _Table, config: Config) -> dict[tuple[str, bool], dict[int, int]]:
    """The 胡息 of hands holding an opening pattern, and the fewest 归 of each.

    Keys are (pattern, won as dealt). Cards not in a group stay loose
    (ext-zp-loose); they add no 胡息, and with 80 cards there are always spare
    ones that complete no four, so only the grouped cards are counted: they
    must not exceed the hand. Groups without 胡 are left out for the same reason. As dealt a hand has 20 cards (21 for the dealer)
    and one more per 拢 after the first; in play 一拢（坎）三坎 may also hold 碰 and
    招 and has 21 cards, one more per four after the first (ext-zp-hand).
    """
    rules, copies = config.rules, table.copies
    max_long = rules.dealt.value // copies
    most = rules.dealt.value + rules.dealer_extra.value + max_long
    out: dict[tuple[str, bool], dict[int, int]] = {}
    for opening in (True, False):
        # state: (owed, grouped cards, fours, 拢, 坎) → {归: 胡息 bitmask}
        states: dict[tuple, dict[int, int]] = {((0,) * 7, 0, 0, 0, 0): {0: 1}}
        for index in ORDER:
            peng, zhao = table.alike[index]
            raise_three, raise_four = table.raise_steps[index]
            # (cards, 胡息, four, 拢, 坎) of the same-kind group: none, 坎, 拢, and in play 碰, 招
            alike = [(0, 0, 0, 0, 0), (3, peng + raise_three, 0, 0, 1), (4, zhao + raise_four, 1, 1, 0)]
            if not opening:
                alike += [(3, peng, 0, 0, 0), (4, zhao, 1, 0, 0)]
            nxt: dict[tuple, dict[int, int]] = {}
            for (owed, cards, f, longs, kans), masks in states.items():
                for move in table.moves(index, owed, True):  # no pair: the spare cards stay loose
                    # Same-kind groups come from `alike`; groups without 胡 (ordinary runs,
                    # 大小搭) change nothing that three loose cards would not.
                    if move.slot >= 0 or move.four or not move.lielie:
                        continue
                    for n, huxi, four, long, kan in alike:
                        used = move.used + n
                        grouped = cards + used  # every card is counted at its own kind
                        if used > copies or longs + long > max_long or grouped > most:
                            continue
                        key = (move.owed, grouped, f + four, longs + long, kans + kan)
                        target = nxt.setdefault(key, {})
                        for gui, mask in masks.items():
                            g2 = gui + (used == copies)
                            target[g2] = target.get(g2, 0) | (mask << (move.huxi + huxi))
            states = nxt
        for (owed, cards, f, longs, kans), masks in states.items():
            if any(owed):
                continue
            extra = max(0, f - 1)
            size = rules.dealt.value + extra + (rules.dealer_extra.value if opening else 1)
            if cards > size:
                continue
            found = patterns(longs, kans, opening, config)
            for special in found:
                table_out = out.setdefault((special.value, opening), {})
                for gui, mask in masks.items():
                    for h in _bits(mask):
                        if h not in table_out or gui < table_out[h]:
                            table_out[h] = gui
    return out
