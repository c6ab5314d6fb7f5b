"""A Python port of a public 跑胡子 splitter, to test the 字牌 core against.

Follows `get_huxi` of yuanfengyun/q_algorithm, file `phz/phzlib_c/hulib.c`
(with `get_kan_huxi`, `get_shun_huxi_xiao`, `get_shun_huxi_da` and
`get_shun_huxi_da_without_2_7_10`), step for step: every kind held exactly
three times is taken out first as a 坎 (never split); if the rest has a pair
left over (its count is not a multiple of three), each kind held exactly twice
is tried as the pair; the 小字 are then split by backtracking from the lowest
card (a run, 小小大, 大大小, 二七十, in that order), and what is left of the 大字
must be 壹贰叁 (as many as there are 壹), up to four 贰柒拾, and runs. It returns
the most 胡息 of any split, or -1 when the cards do not split.

The C explicit stack (`struct Item`) is written here as recursion; the choices,
their order and their conditions are the C code's. The 胡息 it adds are the
C code's four places (小坎/大坎, 一二三/壹贰叁, 二七十/贰柒拾), read from
`Values`, so the document's table can be swapped in (`document_values`):
跑胡子 scores a red 坎 like a black one and 二七十 3/6, document 003 does not.
Nothing else of the C code depends on the game.

The same repository's waits function, `get_ting_cards` of the Lua library
phz/phzlib_lua_2710/hulib.lua (the C one has none), is ported below it in the same
way, with the document's values swappable (`document_ting_values`). Test code
only: the rules core never imports it.
"""
from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Values:
    """The 胡息 the splitter adds: 坎 by kind (20 entries), and the two special runs by size."""

    kan: tuple[int, ...]
    yiersan: tuple[int, int]  # 一二三, 壹贰叁
    erqishi: tuple[int, int]  # 二七十, 贰柒拾


# hulib.c's own values: 小坎 3, 大坎 6; 一二三 3, 壹贰叁 6; 二七十 3, 贰柒拾 6.
PAOHUZI = Values(kan=(3,) * 10 + (6,) * 10, yiersan=(3, 6), erqishi=(3, 6))


def document_values(rule_set) -> Values:
    """The same places with document 003's 胡息 table (through the rules core's `make`)."""
    from rules.zipai.cards import Card
    from rules.zipai.groups import make
    from rules.zipai.model import GroupKind

    constants = rule_set.constants

    def value(kind, indices):
        return make(kind, tuple(Card(i) for i in indices), constants).huxi

    return Values(
        kan=tuple(value(GroupKind.KAN, (i, i, i)) for i in range(20)),
        yiersan=(value(GroupKind.YIERSAN, (0, 1, 2)), value(GroupKind.YIERSAN, (10, 11, 12))),
        erqishi=(value(GroupKind.ERQISHI, (1, 6, 9)), value(GroupKind.ERQISHI, (11, 16, 19))),
    )


def get_huxi(counts, values: Values = PAOHUZI) -> int:
    """hulib.c `get_huxi`: the most 胡息 of the hand's cards (20 counts: 一…十, 壹…拾), or -1."""
    cards = list(counts)
    huxi = get_kan_huxi(cards, values)
    total = sum(cards)
    if total % 3 == 0:  # 不带将
        other = get_shun_huxi_xiao(cards, values)
        return -1 if other < 0 else huxi + other
    best = -1  # 带将: each kind held exactly twice, as the pair
    for i in range(20):
        if cards[i] != 2:
            continue
        tmp = list(cards)
        tmp[i] -= 2
        other = get_shun_huxi_xiao(tmp, values)
        if other > best:
            best = other
    return -1 if best < 0 else best + huxi


def get_kan_huxi(cards: list[int], values: Values) -> int:
    """Take out every kind held exactly three times, as a 坎."""
    huxi = 0
    for i in range(20):
        if cards[i] != 3:
            continue
        cards[i] = 0
        huxi += values.kan[i]
    return huxi


def get_shun_huxi_xiao(cards: list[int], values: Values, start: int = 0) -> int:
    """Split the 小字 by backtracking from the lowest one; the 大字 left go to `get_shun_huxi_da`."""
    cur = next((i for i in range(start, 10) if cards[i]), None)
    if cur is None:
        return get_shun_huxi_da(cards, values)
    best = -1

    def keep(sub: int, huxi: int) -> None:
        nonlocal best
        if sub >= 0 and sub + huxi > best:
            best = sub + huxi

    # 顺子 (一二三 scores)
    if cur < 8 and cards[cur + 1] > 0 and cards[cur + 2] > 0:
        cards[cur] -= 1
        cards[cur + 1] -= 1
        cards[cur + 2] -= 1
        keep(get_shun_huxi_xiao(cards, values, cur), values.yiersan[0] if cur == 0 else 0)
        cards[cur] += 1
        cards[cur + 1] += 1
        cards[cur + 2] += 1
    # 小小大绞
    if cards[cur] == 2 and cards[cur + 10] >= 1:
        cards[cur] -= 2
        cards[cur + 10] -= 1
        keep(get_shun_huxi_xiao(cards, values, cur), 0)
        cards[cur] += 2
        cards[cur + 10] += 1
    # 大大小绞
    if cards[cur + 10] == 2:
        cards[cur + 10] -= 2
        cards[cur] -= 1
        keep(get_shun_huxi_xiao(cards, values, cur), 0)
        cards[cur + 10] += 2
        cards[cur] += 1
    # 2 7 10
    if cur == 1 and cards[6] > 0 and cards[9] > 0:
        cards[1] -= 1
        cards[6] -= 1
        cards[9] -= 1
        keep(get_shun_huxi_xiao(cards, values, cur), values.erqishi[0])
        cards[1] += 1
        cards[6] += 1
        cards[9] += 1
    return best


def get_shun_huxi_da(cards: list[int], values: Values) -> int:
    """The 大字: every 壹 in a 壹贰叁, then 0…4 贰柒拾, then runs."""
    if cards[10] > cards[11] or cards[10] > cards[12]:
        return -1
    if sum(cards[10:20]) == 0:
        return 0
    n_123 = cards[10]
    best = -1
    for i in range(5):
        tmp = list(cards[10:20])
        tmp[0] = 0
        tmp[1] -= n_123
        tmp[2] -= n_123
        if tmp[1] < i or tmp[6] < i or tmp[9] < i:
            break
        huxi = get_shun_huxi_da_without_2_7_10(tmp, i, values)
        if huxi < 0:
            continue
        if huxi + n_123 * values.yiersan[1] > best:
            best = huxi + n_123 * values.yiersan[1]
    return best


def get_shun_huxi_da_without_2_7_10(cards: list[int], num: int, values: Values) -> int:
    """`num` 贰柒拾 out, the rest must be runs (checked greedily from the lowest)."""
    tmp = list(cards)
    tmp[1] -= num
    tmp[6] -= num
    tmp[9] -= num
    for i in range(10):
        n = tmp[i]
        if n == 0:
            continue
        if i + 2 >= 10:
            return -1
        if tmp[i + 1] < n or tmp[i + 2] < tmp[i + 1]:
            return -1
        tmp[i + 1] -= n
        tmp[i + 2] -= n
    return num * values.erqishi[1]


# ---------------------------------------------------------------------------
# Waits (听牌): `get_ting_cards` of the same repository's Lua library for 跑胡子 (二七十),
# phz/phzlib_lua_2710/hulib.lua at commit b982f7010209dea6fe4c5a2f268459d3f1fa0514 (hulib.c has
# no waits function), with its two tables (tbl_split.lua, tbl_huxi.lua), step for step; indices
# here are 0-based (the Lua's 1…20 are 一…十, 壹…拾). A card is a wait when drawn (`get_huxi_self`)
# or taken from another player (`get_huxi_other`) it wins. Its groups: 碰 (peng), 偎 (wei, a 坎
# held), 跑 (pao, a four made with another's card: our 招) and 提 (ti, four held: our 拢).

@dataclass(frozen=True)
class TingValues:
    """The 胡息 `get_group_huxi` gives (l.11) by group and card, the special runs, and HU_HUXI (l.6)."""

    group: dict[str, tuple[int, ...]]  # "peng", "wei", "pao", "ti" → 20 values
    yiersan: tuple[int, int]
    erqishi: tuple[int, int]
    hu: int  # the fewest 胡息 to win


# hulib.lua's own: 碰 1/3, 偎 3/6, 跑 6/9, 提 9/12 (小/大), specials 3/6, 15胡 to win.
PAOHUZI_2710 = TingValues({kind: (small,) * 10 + (big,) * 10 for kind, small, big in
                           (("peng", 1, 3), ("wei", 3, 6), ("pao", 6, 9), ("ti", 9, 12))}, (3, 6), (3, 6), 15)

# The rules core's shown kinds as the Lua's groups.
TING_KINDS = {"碰": "peng", "招": "pao", "拢": "ti"}


def document_ting_values(rule_set) -> TingValues:
    """The same places with document 003's 胡息 table and minimum (through the rules core's `make`)."""
    from rules.zipai.cards import Card
    from rules.zipai.groups import make
    from rules.zipai.model import GroupKind

    constants = rule_set.constants

    def value(kind, indices):
        return make(kind, tuple(Card(i) for i in indices), constants).huxi

    kinds = {"peng": GroupKind.PENG, "wei": GroupKind.KAN, "pao": GroupKind.ZHAO, "ti": GroupKind.LONG}
    table = document_values(rule_set)
    return TingValues({name: tuple(value(kind, (i,) * (4 if name in ("pao", "ti") else 3)) for i in range(20))
                       for name, kind in kinds.items()}, table.yiersan, table.erqishi, constants.min_huxi.value)


# tbl_split.lua: how the cards of one number (小 at offset 0, 大 at offset 10) start groups without
# 胡: runs (1顺子 … 3顺子), 绞 (小小大, 大大小), each with runs, and the pair (将, `eye`). Offsets: 0
# this number, 1 and 2 the next two, 10 its 大字, 11 and 12 the next two 大字.
TBL_SPLIT = (
    ({10: 1, 11: 1, 12: 1}, False), ({0: 1, 1: 1, 2: 1}, False),
    ({10: 2, 11: 2, 12: 2}, False), ({0: 2, 1: 2, 2: 2}, False), ({0: 1, 1: 1, 2: 1, 10: 1, 11: 1, 12: 1}, False),
    ({0: 1, 1: 1, 2: 1, 10: 2, 11: 2, 12: 2}, False), ({0: 2, 1: 2, 2: 2, 10: 1, 11: 1, 12: 1}, False),
    ({0: 1, 10: 2}, False), ({0: 2, 10: 1}, False),
    ({0: 2, 10: 2, 11: 1, 12: 1}, False), ({0: 2, 1: 1, 2: 1, 10: 2}, False),
    ({0: 1, 10: 3, 11: 1, 12: 1}, False), ({0: 3, 1: 1, 2: 1, 10: 1}, False),
    ({0: 2}, True), ({10: 2}, True),
    ({0: 2, 10: 1, 11: 1, 12: 1}, True), ({0: 3, 1: 1, 2: 1}, True), ({0: 1, 1: 1, 2: 1, 10: 2}, True),
    ({10: 3, 11: 1, 12: 1}, True),
    ({0: 2, 10: 2, 11: 2, 12: 2}, True), ({0: 3, 1: 1, 2: 1, 10: 1, 11: 1, 12: 1}, True),
    ({0: 2, 1: 2, 2: 2, 10: 2}, True), ({0: 1, 1: 1, 2: 1, 10: 3, 11: 1, 12: 1}, True),
    ({0: 3, 1: 1, 2: 1, 10: 2, 11: 2, 12: 2}, True), ({0: 2, 1: 2, 2: 2, 10: 3, 11: 1, 12: 1}, True),
    ({0: 3, 10: 2}, True), ({0: 2, 10: 3}, True),
)


def tbl_huxi(values: TingValues) -> list[tuple[dict[int, int], int]]:
    """tbl_huxi.lua: every way to take up to two special runs of each size (一二三 and 二七十 share 二),
    most 胡息 first. The Lua lists these 35 by hand with its own 胡息 (here they carry `values`'),
    and line 25, under 大1小2, has 壹贰叁 with one 二七十 at 12胡 where 壹贰叁 with two 二七十
    belongs (its own sums: 6 + 3 + 3): a slip, made here as the table's headings mean it."""
    def runs(offset: int, size: int) -> list[tuple[dict[int, int], int]]:
        return [({offset: 1, offset + 1: 1, offset + 2: 1}, values.yiersan[size]),
                ({offset + 1: 1, offset + 6: 1, offset + 9: 1}, values.erqishi[size])]

    def picks(options):  # none, one, or two of them (the same run twice, or both)
        yield {}, 0
        for i, (cards, huxi) in enumerate(options):
            yield cards, huxi
            for more, more_huxi in options[i:]:
                yield {k: cards.get(k, 0) + more.get(k, 0) for k in cards.keys() | more.keys()}, huxi + more_huxi

    out = [({**big, **small}, big_huxi + small_huxi) for big, big_huxi in picks(runs(10, 1))
           for small, small_huxi in picks(runs(0, 0)) if big or small]
    return sorted(out, key=lambda entry: -entry[1])


def _pre(cards, groups, values: TingValues):
    """hulib.lua `get_huxi_pre` (l.41): the cards outside the 坎, the 胡息 of the 坎 and of the groups,
    and whether a 跑 or 提 is on the table."""
    tcards = [0] * 20
    kan_huxi = 0
    for i, n in enumerate(cards):
        if n == 3:
            kan_huxi += values.group["wei"][i]
        else:
            tcards[i] = n
    groups_huxi = sum(values.group[t][card] for t, card in groups)
    tipao = any(t in ("pao", "ti") for t, _ in groups)
    return tcards, kan_huxi, groups_huxi, tipao


def _on_shown(tcards, groups, c: int, huxi: int, tipao: bool, values: TingValues, table) -> int | None:
    """跑胡, else 破跑胡, on a 碰 or 偎 of `c` on the table (the same loop in both Lua functions, l.94 and
    l.144); None when there is none."""
    for t, card in groups:
        if t in ("peng", "wei") and card == c:
            if not tipao:
                r = get_huinfo(tcards, huxi + values.group["pao"][c] - values.group[t][c], values, table)
                if r > 0:
                    return r
            tcards[c] = 1
            return get_huinfo(tcards, huxi, values, table)
    return None


def get_huxi_self(cards, groups, c: int, values: TingValues, table, four_wins: bool = True) -> int:
    """hulib.lua `get_huxi_self` (l.84): the 胡息 when `c` is drawn, or -1. `four_wins=False` leaves
    out 提胡 and 跑胡 (the card making a four), as when a 跑 or 提 is on the table."""
    tcards, kan_huxi, groups_huxi, tipao = _pre(cards, groups, values)
    tipao = tipao or not four_wins
    if not tipao and cards[c] == 3:  # 提胡
        add = values.group["ti"][c] - values.group["wei"][c]
        return get_huinfo(tcards, kan_huxi + groups_huxi + add, values, table)
    shown = _on_shown(tcards, groups, c, kan_huxi + groups_huxi, tipao, values, table)
    if shown is not None:
        return shown
    if cards[c] == 2:  # 偎胡
        tcards[c] = 0
        return get_huinfo(tcards, kan_huxi + groups_huxi + values.group["wei"][c], values, table)
    tcards[c] += 1  # 吃胡
    return get_huinfo(tcards, kan_huxi + groups_huxi, values, table)


def get_huxi_other(cards, groups, c: int, values: TingValues, table, four_wins: bool = True) -> int:
    """hulib.lua `get_huxi_other` (l.126): the 胡息 when another player gives `c`, or -1 (`four_wins`:
    as `get_huxi_self`)."""
    tcards, kan_huxi, groups_huxi, tipao = _pre(cards, groups, values)
    tipao = tipao or not four_wins
    if cards[c] == 3:  # 跑胡、破跑胡
        if not tipao:
            add = values.group["pao"][c] - values.group["wei"][c]
            r = get_huinfo(tcards, kan_huxi + groups_huxi + add, values, table)
            if r > 0:
                return r
        tcards[c] = 1
        return get_huinfo(tcards, kan_huxi + groups_huxi, values, table)
    shown = _on_shown(tcards, groups, c, kan_huxi + groups_huxi, tipao, values, table)
    if shown is not None:
        return shown
    if cards[c] == 2:  # 碰胡: the Lua adds 偎's 胡息 (l.163)
        tcards[c] = 0
        r = get_huinfo(tcards, kan_huxi + groups_huxi + values.group["wei"][c], values, table)
        tcards[c] = 2
        if r > 0:
            return r
    tcards[c] += 1  # 吃胡
    return get_huinfo(tcards, kan_huxi + groups_huxi, values, table)


def get_huinfo(cards: list[int], huxi: int, values: TingValues, table) -> int:
    """hulib.lua `get_huinfo` (l.177): the 胡息 if the cards left can win with `huxi` already had, or -1."""
    need = values.hu - huxi
    total = sum(cards)
    if total == 0:
        return huxi
    need_eye = total % 3 == 2
    for runs, run_huxi in table:
        if run_huxi < need:
            return -1
        if all(cards[k] >= n for k, n in runs.items()):
            for k, n in runs.items():
                cards[k] -= n
            can = can_hu(cards, 0, need_eye)
            for k, n in runs.items():
                cards[k] += n
            if can:
                return run_huxi + huxi
    if need > 0:
        return -1
    return huxi if can_hu(cards, 0, need_eye) else -1


def can_hu(cards: list[int], i: int, need_eye: bool) -> bool:
    """hulib.lua `can_hu` (l.236): the cards from number `i` on split into groups without 胡.

    The Lua passes `need_eye` on unchanged (l.263), so once a pair is wanted every number may
    give one: 壹壹 叁叁 四四肆 肆伍陆 六六 七七 splits, four pairs and two groups. Here the pair
    is taken once, as the count that asks for it (`get_huinfo`: 3n + 2 cards) means."""
    if i > 9:
        return True
    while cards[i] + cards[i + 10] == 0:
        if i == 9:
            return True
        i += 1
    for split, eye in TBL_SPLIT:
        if (eye and not need_eye) or split.get(0, 0) != cards[i] or split.get(10, 0) != cards[i + 10]:
            continue
        if any(k in split and (i + k % 10 > 9 or cards[i + k] < split[k]) for k in (1, 2, 11, 12)):
            continue
        for k, n in split.items():
            cards[i + k] -= n
        can = can_hu(cards, i + 1, need_eye and not eye)
        for k, n in split.items():
            cards[i + k] += n
        if can:
            return True
    return False


def get_ting_cards(cards, groups, values: TingValues = PAOHUZI_2710, four_wins: bool = True) -> list[int]:
    """hulib.lua `get_ting_cards` (l.70): every card that wins drawn or taken from another player.

    `cards`: 20 counts of the concealed cards; `groups`: the shown groups as (kind, card index).
    Like the Lua it does not ask whether a copy of the card is left."""
    table = tbl_huxi(values)
    return [c for c in range(20) if get_huxi_self(cards, groups, c, values, table, four_wins) > 0
            or get_huxi_other(cards, groups, c, values, table, four_wins) > 0]


# ---------------------------------------------------------------------------
# Random hands both sides can read: the differential test and scripts/bench_zipai_split.py

THREES = (
    [(i, i, i) for i in range(20)]
    + [(s + n, s + n + 1, s + n + 2) for s in (0, 10) for n in range(8)]
    + [(s + 1, s + 6, s + 9) for s in (0, 10)]
    + [(n, n + 10, n + 10) for n in range(10)] + [(n, n, n + 10) for n in range(10)]
)


def random_hand(rng) -> tuple[list[int], list[tuple[str, tuple[int, ...]]]] | None:
    """A 自摸 hand made of groups, or None when the draw breaks a limit.

    Returns (concealed card indices, the last one the card drawn; shown groups as
    (kind, indices)). Up to two shown fours (拢/招) bring a pair; a group of three
    alike is shown as a 碰 one time in four. The concealed cards never hold four
    alike (in 跑胡子 four alike are always on the table, so the port cannot read them).
    """
    fours = rng.sample(range(20), rng.choice((0, 0, 0, 1, 2)))
    threes = [rng.choice(THREES) for _ in range(6 - len(fours) if fours else 7)]
    shown: list[tuple[str, tuple[int, ...]]] = [(rng.choice(("拢", "招")), (f,) * 4) for f in fours]
    concealed: list[int] = [rng.randrange(20)] * 2 if fours else []
    for group in threes:
        if len(set(group)) == 1 and rng.random() < 0.25:
            shown.append(("碰", group))
        else:
            concealed += group
    counts = [0] * 20
    for i in concealed + [c for _, g in shown for c in g]:
        counts[i] += 1
    held = [0] * 20
    for i in concealed:
        held[i] += 1
    if max(counts) > 4 or max(held) > 3:
        return None
    rng.shuffle(concealed)
    return concealed, shown


def random_hands(rng, n: int) -> list[tuple[list[int], list[tuple[str, tuple[int, ...]]]]]:
    out = []
    while len(out) < n:
        hand = random_hand(rng)
        if hand is not None:
            out.append(hand)
    return out
