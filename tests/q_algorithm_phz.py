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
Nothing else of the C code depends on the game. Test code only: the rules
core never imports it.
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


def document_values(config) -> Values:
    """The same places with document 003's 胡息 table (through the rules core's `make`)."""
    from rules.zipai.cards import Card
    from rules.zipai.groups import make
    from rules.zipai.model import GroupKind

    rules = config.constants

    def value(kind, indices):
        return make(kind, tuple(Card(i) for i in indices), rules).huxi

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
