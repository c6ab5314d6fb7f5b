"""A Python port of the 泸州大贰 rules core of jgqq0902-cmyk/daer (test code only).

Ported from `bridge/bridge-server.mjs` at commit 8cdeff3c7d662d027694b559967460af4751d163
(the repository's main branch), the bundle of its TypeScript core; "Bridge 1588" below
is that file's line 1588. The same logic, with the same numbers, is in the TypeScript
sources of branch codex/audit-remediation-p0 (commit 6885324e878c469eea6e81cb784d06f6acacce0c):
`packages/core/src/shared/constants/scoring.ts` (HU_POINTS_TABLE line 12, MING_TANG_FAN_TABLE
156, BASE_SCORE_TABLE 223, checkWinCondition 252), `game-engine/score-calculator.ts`,
`game-engine/rules-validator.ts` (findWinningHandMelds 613, isValidHuStructure 567) and
`game-engine/action-handlers.ts` (handleHu 513); there the minimum 10 and 乱胡 are a rule
profile (`minHuPoints: 10, allowZeroHu: true`) with the bundle's values.

What it does, as ported, quirks included:
- the 胡息 of a group is a table by kind, size and colour of its first card
  (HU_POINTS_TABLE, Bridge 239-288), with special runs 一二三 3, 壹贰叁 6 read from the
  cards in the order they are stored (Bridge 303-318);
- a hand wins when its groups are 7 threes, or a pair, a four (招/拢) and 5 threes
  (Bridge 1557-1587), with at least 10 胡 or exactly 0 (乱胡, Bridge 413-422);
- the concealed 坎 and 拢 are locked (never split, Bridge 1593-1615) and the split is the
  first a depth-first search finds that passes, not the one that pays most (Bridge 1639-1718);
- the score is a base by 胡息 bracket (0 or 10-19: 2, 20s: 3, 30s: 4, 40 and more: 5,
  Bridge 390-412) times 1 + the fans of the 名堂 (Bridge 990-1091); on a discard the
  discarder pays twice that, otherwise every other player pays it and the winner gains
  twice it (Bridge 2782-2823).
"""
from __future__ import annotations

from dataclasses import dataclass, field

SMALL = "一二三四五六七八九十"  # SMALL_RANKS (Bridge 181-192)
BIG = "壹贰叁肆伍陆柒捌玖拾"  # BIG_RANKS (Bridge 193-204)
RED = (2, 7, 10)  # isRedCard (Bridge 58-60)

# MeldType values (Bridge 433-484).
PAIR, PENG, TRIPLE, DRAW_QUADRUPLE, QUADRUPLE = "pair", "peng", "triple", "draw_quadruple", "quadruple"
SEQUENCE, SPECIAL_2710, MIXED_SIZE = "sequence", "special_2710", "mixed_size"
FOURS = (QUADRUPLE, DRAW_QUADRUPLE)

# HU_POINTS_TABLE (Bridge 239-288): (blackSmall, redSmall, blackBig, redBig).
HU_POINTS_TABLE = {
    PAIR: (0, 0, 0, 0),
    PENG: (1, 6, 3, 9),
    TRIPLE: (6, 9, 9, 12),  # 坎
    DRAW_QUADRUPLE: (9, 12, 12, 15),  # 招
    QUADRUPLE: (12, 15, 15, 18),  # 拢
    SEQUENCE: (0, 0, 0, 0),
    SPECIAL_2710: (0, 6, 0, 9),
    MIXED_SIZE: (0, 0, 0, 0),
}
SPECIAL_SEQUENCE_HU = {"small123": 3, "small2710": 6, "big123": 6, "big2710": 9}  # Bridge 289-294
MIN_HU_POINTS = 10  # WIN_CONDITIONS (Bridge 319-327)
ALLOW_ZERO_HU = True
REQUIRED_MELDS = 7
BASE_SCORE_TABLE = {"ZERO_HU": 2, "TEN_TO_NINETEEN": 2, "TWENTY_TO_TWENTY_NINE": 3,
                    "THIRTY_TO_THIRTY_NINE": 4, "FORTY_PLUS": 5}  # Bridge 390-396
BASE_FAN = 1  # Bridge 397

# MING_TANG_FAN_TABLE (Bridge 328-389): type -> (name, fan); 归's fan is its count.
MING_TANG = {
    "qia": ("恰", 1), "luan": ("乱", 1), "hong": ("红", 1), "hei": ("黑", 3), "tian_hu": ("天胡", 1),
    "shui_shang_piao": ("水上漂", 1), "hai_di_lao": ("海底捞", 1), "kun": ("昆", 1), "gui": ("归", 1),
    "zi_mo": ("自摸", 1), "bao": ("爆", 1), "sha_bao": ("杀爆", 1),
}
HONG_AT = 10  # "红牌数量不少于10张" (Bridge 342, tested at 1000)
GUI_COPIES = 4  # countGui (Bridge 982-989)
HEAVENLY = (3, 4)  # HEAVENLY_WIN: 3 拢 or 4 坎 (Bridge 489-497)


@dataclass(frozen=True)
class Card:
    """One card: value 1-10, size, and which of its four copies (the id DeckManager gives it).

    `id` is DeckManager.createDeck's (Bridge 537-567): ``card_<rank>_<size>_<n>``, n counting
    the small ranks' copies from 1 and then the big ones; the search breaks ties between
    equal cards by it (Bridge 1619, ``localeCompare``).

    Examples:
        >>> Card(10, True, 2).id, Card(3, False, 1).red
        ('card_拾_big_78', False)
    """

    value: int
    big: bool
    copy: int = 1

    @property
    def rank(self) -> str:
        return (BIG if self.big else SMALL)[self.value - 1]

    @property
    def size(self) -> str:
        return "big" if self.big else "small"

    @property
    def red(self) -> bool:
        return self.value in RED

    @property
    def id(self) -> str:
        return f"card_{self.rank}_{self.size}_{(40 if self.big else 0) + (self.value - 1) * 4 + self.copy}"

    def same(self, other: Card) -> bool:
        """CardComparator.isSame (Bridge 120-122): rank and size."""
        return self.value == other.value and self.big == other.big


def parse(text: str, taken: tuple[Card, ...] = ()) -> tuple[Card, ...]:
    """Cards from their characters (一…十 small, 壹…拾 big), each the next copy not yet used
    here or in `taken`.

    Examples:
        >>> [c.id for c in parse("二二贰")]
        ['card_二_small_5', 'card_二_small_6', 'card_贰_big_45']
        >>> parse("二", parse("二"))[0].copy
        2
    """
    out: list[Card] = []
    for ch in text.replace(" ", ""):
        if ch in SMALL:
            value, big = SMALL.index(ch) + 1, False
        elif ch in BIG:
            value, big = BIG.index(ch) + 1, True
        else:
            raise ValueError(f"{ch!r} is not a card (一…十, 壹…拾)")
        used = {c.copy for c in (*taken, *out) if c.value == value and c.big == big}
        free = [k for k in (1, 2, 3, 4) if k not in used]
        if not free:
            raise ValueError(f"more than four of {ch}")
        out.append(Card(value, big, free[0]))
    return tuple(out)


@dataclass(frozen=True)
class Meld:
    """A group: its MeldType and its cards in the order the program stores them."""

    type: str
    cards: tuple[Card, ...]


def sort_cards(cards) -> list[Card]:
    """GameManager.sortCards (Bridge 3161-3171), as the dealt hand is kept (Bridge 618-626):
    small before big, then by value; a stable sort, so equal cards keep their order.

    Examples:
        >>> "".join(c.rank for c in sort_cards(parse("壹三一")))
        '一三壹'
    """
    return sorted(cards, key=lambda c: (c.big, c.value))


# ---- 胡息 and 名堂 -------------------------------------------------------------------


def get_hu_points(meld_type: str, card: Card) -> int:
    """getHuPoints (Bridge 295-302): the table entry for the size and colour of `card`.

    Examples:
        >>> get_hu_points(TRIPLE, Card(3, False)), get_hu_points(TRIPLE, Card(7, True))
        (6, 12)
    """
    black_small, red_small, black_big, red_big = HU_POINTS_TABLE[meld_type]
    if not card.big:
        return red_small if card.red else black_small
    return red_big if card.red else black_big


def get_special_sequence_hu(ranks: list[str], big: bool) -> int | None:
    """getSpecialSequenceHu (Bridge 303-318) for a run: 一二三 3, 壹贰叁 6, only in that order.

    The 二七十 / 贰柒拾 tests sort the ranks by character code and compare with "二十七" /
    "贰柒拾", which the sorted ranks never spell: a run is never 2-7-10 anyway.

    Examples:
        >>> get_special_sequence_hu(list("一二三"), False), get_special_sequence_hu(list("三一二"), False)
        (3, None)
    """
    if not big and "".join(ranks) == "一二三":
        return SPECIAL_SEQUENCE_HU["small123"]
    if not big and "".join(sorted(ranks)) == "二十七":
        return SPECIAL_SEQUENCE_HU["small2710"]
    if big and "".join(ranks) == "壹贰叁":
        return SPECIAL_SEQUENCE_HU["big123"]
    if big and "".join(sorted(ranks)) == "贰柒拾":
        return SPECIAL_SEQUENCE_HU["big2710"]
    return None


def meld_hu_points(meld: Meld) -> int:
    """ScoreCalculator.calculateMeldHuPoints (Bridge 1046-1059): a run's special value if it
    has one, else the table by the first card's size and colour.

    Examples:
        >>> meld_hu_points(Meld(SPECIAL_2710, parse("贰柒拾"))), meld_hu_points(Meld(PENG, parse("一一一")))
        (9, 1)
    """
    if meld.type == SEQUENCE:
        special = get_special_sequence_hu([c.rank for c in meld.cards], meld.cards[0].big)
        if special is not None:
            return special
    return get_hu_points(meld.type, meld.cards[0])


@dataclass(frozen=True)
class Options:
    """calculateMingTangs' options (Bridge 2772-2780) and the enabled 名堂 (all by default,
    DEFAULT_ENABLED_MINGTANG_TYPES, Bridge 140-153)."""

    self_draw: bool = False
    heavenly: bool = False
    first_draw: bool = False
    last_draw: bool = False
    bao: bool = False
    sha_bao: bool = False
    disabled: frozenset[str] = frozenset()


def count_gui(cards) -> int:
    """countGui (Bridge 982-989): kinds (size and rank) held four times among all the groups.

    Examples:
        >>> count_gui(parse("一一一一二二二"))
        1
    """
    kinds = [(c.big, c.value) for c in cards]
    return sum(1 for k in set(kinds) if kinds.count(k) >= GUI_COPIES)


def ming_tangs(melds, total: int, options: Options) -> list[tuple[str, str, int]]:
    """calculateMingTangs (Bridge 990-1042): (type, name, fan) in the program's order.

    恰 a multiple of ten above 0; 乱 0 胡; 红 at least ten red cards; 黑 none; 天胡, 水上漂,
    海底捞, 自摸, 爆, 杀爆 as the options say; 昆 every group but the pair with 胡息
    (the huPoints set by `total_score`); 归 one fan per kind held four times.

    Examples:
        >>> [n for _, n, _ in ming_tangs([Meld(TRIPLE, parse("一一一"))], 30, Options(self_draw=True))]
        ['恰', '黑', '昆', '自摸']
    """
    cards = [c for m in melds for c in m.cards]
    red = sum(1 for c in cards if c.red)
    groups = [m for m in melds if m.type != PAIR]
    gui = count_gui(cards)
    met = (
        ("qia", total > 0 and total % 10 == 0), ("luan", total == 0), ("hong", red >= HONG_AT), ("hei", red == 0),
        ("tian_hu", options.heavenly), ("shui_shang_piao", options.first_draw), ("hai_di_lao", options.last_draw),
        ("kun", bool(groups) and all(meld_hu_points(m) > 0 for m in groups)), ("gui", gui > 0),
        ("zi_mo", options.self_draw), ("bao", options.bao), ("sha_bao", options.sha_bao),
    )
    # isMingTangEnabled (Bridge 975-978): a type is on unless disabled
    return [(t, MING_TANG[t][0], gui if t == "gui" else MING_TANG[t][1])
            for t, ok in met if ok and t not in options.disabled]


def base_score(total: int) -> int:
    """getBaseScoreByHu (Bridge 398-412): 0 → 2, below 20 → 2, 20s → 3, 30s → 4, else 5.

    Examples:
        >>> [base_score(h) for h in (0, 10, 19, 20, 39, 40, 90)]
        [2, 2, 2, 3, 4, 5, 5]
    """
    if total == 0:
        return BASE_SCORE_TABLE["ZERO_HU"]
    if total < 20:
        return BASE_SCORE_TABLE["TEN_TO_NINETEEN"]
    if total < 30:
        return BASE_SCORE_TABLE["TWENTY_TO_TWENTY_NINE"]
    if total < 40:
        return BASE_SCORE_TABLE["THIRTY_TO_THIRTY_NINE"]
    return BASE_SCORE_TABLE["FORTY_PLUS"]


@dataclass(frozen=True)
class Score:
    """calculateTotalScore's result (Bridge 1081-1090); finalScore is roundScore."""

    total_hu: int
    base: int
    mingtangs: tuple[tuple[str, str, int], ...]
    fans: int

    @property
    def round_score(self) -> int:
        return self.base * self.fans


def total_score(melds, options: Options = Options()) -> Score:
    """ScoreCalculator.calculateTotalScore (Bridge 1063-1091): 胡息 summed, base by bracket,
    fans = 1 + the 名堂's, round score = base × fans.

    Examples:
        >>> s = total_score([Meld(TRIPLE, parse("一一一")), Meld(SEQUENCE, parse("三四五"))], Options())
        >>> s.total_hu, s.base, [n for _, n, _ in s.mingtangs], s.fans, s.round_score
        (6, 2, ['黑'], 4, 8)
    """
    total = sum(meld_hu_points(m) for m in melds)
    found = ming_tangs(melds, total, options)
    fans = BASE_FAN + sum(f for _, _, f in found)
    return Score(total, base_score(total), tuple(found), fans)


# ---- the hand check ------------------------------------------------------------


def check_win_condition(total: int, group_count: int, pair_count: int, zero: bool) -> bool:
    """checkWinCondition (Bridge 413-422): 7 groups and no pair, or 6 and one; then exactly
    0 胡 (乱胡, allowed) or at least 10.

    Examples:
        >>> check_win_condition(0, 7, 0, True), check_win_condition(9, 7, 0, False)
        (True, False)
        >>> check_win_condition(10, 6, 1, False)
        True
    """
    valid = ((group_count == REQUIRED_MELDS and pair_count == 0)
             or (group_count == REQUIRED_MELDS - 1 and pair_count == 1))
    if not valid:
        return False
    if zero:
        return ALLOW_ZERO_HU and total == 0
    return total >= MIN_HU_POINTS


def check_can_win(melds, total: int) -> bool:
    """ScoreCalculator.checkCanWin (Bridge 1095-1099)."""
    pairs = sum(1 for m in melds if m.type == PAIR)
    return check_win_condition(total, len(melds) - pairs, pairs, total == 0)


def is_valid_hu_structure(melds) -> bool:
    """RulesValidator.isValidHuStructure (Bridge 1557-1587): seven groups; one pair exactly when
    there is a four (招/拢), and then 7 − fours − 1 threes; cards per group by kind.

    Examples:
        >>> threes = [Meld(SEQUENCE, parse("一二三"))] * 7
        >>> is_valid_hu_structure(threes), is_valid_hu_structure(threes[:5] + [Meld(PAIR, parse("五五"))] * 2)
        (True, False)
    """
    fours = sum(1 for m in melds if m.type in FOURS)
    pairs = sum(1 for m in melds if m.type == PAIR)
    expected_pairs = 1 if fours >= 1 else 0
    if pairs != expected_pairs:
        return False
    threes = sum(1 for m in melds if m.type != PAIR and m.type not in FOURS)
    expected = 7 - fours - expected_pairs
    if expected < 0 or threes != expected or len(melds) != 7:
        return False
    for m in melds:
        want = 2 if m.type == PAIR else 4 if m.type in FOURS else 3
        if len(m.cards) != want:
            return False
    return True


def detect_quadruples(cards) -> tuple[list[Meld], list[Card]]:
    """MeldDetector.detectQuadruples (Bridge 707-734): four equal cards, in hand order."""
    return _detect(cards, 4, QUADRUPLE)


def detect_triples(cards) -> tuple[list[Meld], list[Card]]:
    """MeldDetector.detectTriples (Bridge 738-765): the first three of each kind held three or more times."""
    return _detect(cards, 3, TRIPLE)


def _detect(cards, n: int, kind: str) -> tuple[list[Meld], list[Card]]:
    melds, used = [], set()
    for card in cards:
        if card.id in used:
            continue
        same = [c for c in cards if c.id not in used and c.same(card)]
        if len(same) >= n:
            used.update(c.id for c in same[:n])
            melds.append(Meld(kind, tuple(same[:n])))
    return melds, [c for c in cards if c.id not in used]


def find_winning_hand_melds(hand, table: tuple[Meld, ...], active: Card | None) -> list[Meld] | None:
    """RulesValidator.findWinningHandMelds (Bridge 1588-1719): the first split that wins.

    `hand` includes `active`, the card just taken (Bridge 1508). The other cards' 拢 and
    then 坎 are locked (1592-1615): a locked card is used only in its own 坎/拢. The search
    (1639-1718) takes the lowest card (by value, small first, then id, 1616-1620) and tries,
    in order: a pair of unlocked equal cards (while no pair yet), a three of equal cards (a
    碰 if it holds `active`, else a 坎, 1632-1638), a four (拢), a run of one size, 二七十 of
    one size, two of its size and one of the other (大小搭), itself and two of the other size.
    Every complete split is checked (structure, then at least 10 胡 or 0) and the first that
    passes is returned.

    Examples:
        >>> hand = parse("一一一二三四五六七八九十壹贰叁柒捌玖肆肆肆")
        >>> [(m.type, "".join(c.rank for c in m.cards)) for m in find_winning_hand_melds(hand, (), hand[-1])][:3]
        [('triple', '一一一'), ('sequence', '壹贰叁'), ('sequence', '二三四')]
    """
    table_pairs = sum(1 for m in table if m.type == PAIR)
    table_groups = len(table) - table_pairs
    if table_pairs > 1 or table_groups > 7:
        return None
    base = [c for c in hand if active is None or c.id != active.id]
    quads, rest = detect_quadruples(base)
    triples, _ = detect_triples(rest)
    locked: dict[str, int] = {}
    for m in quads:
        for c in m.cards:
            locked[c.id] = 4
    for m in triples:
        for c in m.cards:
            locked.setdefault(c.id, 3)
    order = sorted(hand, key=lambda c: (c.value, c.big, c.id.split("_")[-1]))

    def kind_of_three(cards) -> str:
        return PENG if active is not None and any(c.id == active.id for c in cards) else TRIPLE

    def first(tries, remaining, acc, pairs_in_hand):
        """Each group in order; the first search below one that succeeds."""
        for group, pair in tries:
            ids = {c.id for c in group.cards}
            found = dfs([c for c in remaining if c.id not in ids], [*acc, group], pairs_in_hand + pair)
            if found is not None:
                return found
        return None

    def dfs(remaining, acc, pairs_in_hand):
        pairs = table_pairs + pairs_in_hand
        groups = table_groups + sum(1 for m in acc if m.type != PAIR)
        if pairs > 1 or groups > 7:
            return None
        if not remaining:
            every = list(table) + acc
            if not is_valid_hu_structure(every):
                return None
            total = sum(meld_hu_points(m) for m in every)  # calculateTotalScore's totalHuPoints
            return acc if check_can_win(every, total) else None
        pivot = remaining[0]
        same = [c for c in remaining if c.same(pivot)]
        size = locked.get(pivot.id)
        pivot_locked = size in (3, 4)
        locked_same = [c for c in same if c.id in locked]
        free_same = [c for c in same if c.id not in locked]
        tries = []
        if not pivot_locked and len(free_same) >= 2 and pairs == 0:
            tries.append((Meld(PAIR, tuple(free_same[:2])), 1))
        if (size == 3 and len(locked_same) >= 3) or (not pivot_locked and len(free_same) >= 3):
            used = locked_same[:3] if size == 3 and len(locked_same) >= 3 else free_same[:3]
            tries.append((Meld(kind_of_three(used), tuple(used)), 0))
        if (size == 4 and len(locked_same) >= 4) or (not pivot_locked and len(free_same) >= 4):
            used = locked_same[:4] if size == 4 and len(locked_same) >= 4 else free_same[:4]
            tries.append((Meld(QUADRUPLE, tuple(used)), 0))
        found = first(tries, remaining, acc, pairs_in_hand)
        if found is not None or pivot_locked:
            return found
        tries = []
        free = [c for c in remaining if c.id not in locked and c.id != pivot.id]

        def find(value: int) -> Card | None:
            return next((c for c in free if c.big == pivot.big and c.value == value), None)

        seq2, seq3 = find(pivot.value + 1), find(pivot.value + 2)
        if seq2 and seq3:
            tries.append((Meld(SEQUENCE, (pivot, seq2, seq3)), 0))
        if pivot.value in RED:
            need = [v for v in RED if v != pivot.value]
            c1, c2 = find(need[0]), find(need[1])
            if c1 and c2:
                tries.append((Meld(SPECIAL_2710, (pivot, c1, c2)), 0))
        same_value = [c for c in remaining if c.value == pivot.value and c.id not in locked]
        same_size = [c for c in same_value if c.big == pivot.big]
        diff_size = [c for c in same_value if c.big != pivot.big]
        if len(same_size) >= 2 and diff_size:
            tries.append((Meld(MIXED_SIZE, (same_size[0], same_size[1], diff_size[0])), 0))
        if len(diff_size) >= 2:
            tries.append((Meld(MIXED_SIZE, (pivot, diff_size[0], diff_size[1])), 0))
        return first(tries, remaining, acc, pairs_in_hand)

    return dfs(order, [], 0)


def can_hu(hand, table: tuple[Meld, ...], active: Card | None) -> bool:
    """RulesValidator.canHu (Bridge 1507-1516): the hand with the active card splits and wins.

    Examples:
        >>> can_hu(parse("一一一二三四五六七八九十壹贰叁柒捌玖肆肆"), (), parse("肆", parse("肆肆"))[0])
        True
    """
    cards = list(hand) + ([active] if active else [])
    found = find_winning_hand_melds(cards, table, active)
    if found is None:
        return False
    every = list(table) + found
    return is_valid_hu_structure(every) and check_can_win(every, total_score(every).total_hu)


# ---- winning by taking the card into a 吃 ---------------------------------------------


def is_valid_meld(cards, meld_type: str) -> bool:
    """RulesValidator.isValidMeld (Bridge 1170-1201) for the three kinds a 吃 can make."""
    if not cards:
        return False
    if meld_type in (SEQUENCE, SPECIAL_2710):
        if len(cards) != 3 or any(c.big != cards[0].big for c in cards):
            return False
        values = sorted(c.value for c in cards)
        if meld_type == SEQUENCE:
            return values[1] == values[0] + 1 and values[2] == values[1] + 1
        return values == [2, 7, 10]
    if meld_type == MIXED_SIZE:
        return len(cards) == 3 and all(c.value == cards[0].value for c in cards) and len({c.big for c in cards}) == 2
    return False


def detect_chi_meld_type(cards) -> str | None:
    """RulesValidator.detectChiMeldType (Bridge 1450-1466): 大小搭, then 2-7-10 (any sizes),
    then a run of one size.

    Examples:
        >>> detect_chi_meld_type(parse("二柒十")), detect_chi_meld_type(parse("五五伍"))
        ('special_2710', 'mixed_size')
    """
    if len(cards) != 3:
        return None
    if all(c.value == cards[0].value for c in cards) and len({c.big for c in cards}) == 2:
        return MIXED_SIZE
    values = sorted(c.value for c in cards)
    if values == [2, 7, 10]:
        return SPECIAL_2710
    if all(c.big == cards[0].big for c in cards) and values[1] == values[0] + 1 and values[2] == values[1] + 1:
        return SEQUENCE
    return None


def locked_meld_card_ids(hand) -> set[str]:
    """RulesValidator.getLockedMeldCardIds (Bridge 1439-1449): every card of a 坎 or 拢 in hand."""
    triples, _ = detect_triples(hand)
    quads, _ = detect_quadruples(hand)
    return {c.id for m in triples + quads for c in m.cards}


def sequence_options_with_card(hand, target: Card, locked: set[str]) -> list[Meld]:
    """RulesValidator.getSequenceOptionsWithCard (Bridge 1275-1354): the groups `target` can
    make with unlocked cards of `hand` (runs, 二七十, 大小搭), each set of cards once."""
    if target.id in locked:
        return []
    out, seen = [], set()

    def push(kind: str, cards) -> None:
        signature = ",".join(sorted(c.id for c in cards))
        if signature not in seen:
            seen.add(signature)
            out.append(Meld(kind, tuple(cards)))

    same_type = [c for c in hand if c.big == target.big]
    v = target.value

    def having(value: int) -> list[Card]:
        return [c for c in same_type if c.value == value and c.id not in locked]

    if v <= 8:
        for c2 in having(v + 1):
            for c3 in having(v + 2):
                push(SEQUENCE, (target, c2, c3))
    if 2 <= v <= 9:
        for c1 in having(v - 1):
            for c3 in having(v + 1):
                push(SEQUENCE, (c1, target, c3))
    if v >= 3:
        for c1 in having(v - 2):
            for c2 in having(v - 1):
                push(SEQUENCE, (c1, c2, target))
    if v in RED:
        twos = [target] if v == 2 else having(2)
        sevens = [target] if v == 7 else having(7)
        tens = [target] if v == 10 else having(10)
        for c2 in twos:
            for c7 in sevens:
                for c10 in tens:
                    push(SPECIAL_2710, (c2, c7, c10))
    same_value = [c for c in hand if c.value == v and c.id != target.id and c.id not in locked]
    same_size = [c for c in same_value if c.big == target.big]
    diff_size = [c for c in same_value if c.big != target.big]
    for s in same_size:
        for d in diff_size:
            push(MIXED_SIZE, (target, s, d))
    for i in range(len(diff_size)):
        for j in range(i + 1, len(diff_size)):
            push(MIXED_SIZE, (target, diff_size[i], diff_size[j]))
    return out


def compare_card_results(hand, chi_cards) -> list[tuple[list[Card], list[Meld]]]:
    """RulesValidator.findCompareCardResults (Bridge 1355-1398): 比牌. Every other card equal to
    the taken one must also go into a group; none may be in a 坎/拢. Returns, for each way,
    (the cards left in hand, the extra groups)."""
    used = {c.id for c in chi_cards}
    target = chi_cards[-1]
    locked = locked_meld_card_ids(hand)
    compare = [c for c in hand if c.id not in used and c.same(target)]
    if any(c.id in locked for c in compare):
        return []
    compare_ids = {c.id for c in compare}
    available = [c for c in hand if c.id not in used and c.id not in compare_ids]

    def search(pending, remaining, extra, consumed):
        if not pending:
            done = used | consumed
            return [([c for c in hand if c.id not in done], extra)]
        current, rest = pending[0], pending[1:]
        results = []
        for option in sequence_options_with_card(remaining, current, locked):
            ids = {c.id for c in option.cards}
            results += search(rest, [c for c in remaining if c.id not in ids], [*extra, option],
                              consumed | {current.id} | ids)
        return results

    return search(compare, available, [], set())


@dataclass(frozen=True)
class ChiOption:
    """A 吃 of the taken card: the main group (the two chosen cards, then the taken card),
    the 比牌 groups, and the cards left in hand."""

    main: tuple[Card, ...]
    extra: tuple[Meld, ...]
    remaining: tuple[Card, ...]


def valid_chi_options(hand, target: Card) -> list[ChiOption]:
    """RulesValidator.getValidChiOptions (Bridge 1209-1239): every pair of unlocked hand cards
    (in hand order) that makes a group with `target`, with each 比牌 way; one option per
    look (value and size of every card, buildChiOptionDisplaySignature, Bridge 1435-1438)."""
    out, seen = [], set()
    locked = locked_meld_card_ids(hand)
    free = [c for c in hand if c.id not in locked]
    for i in range(len(free)):
        for j in range(i + 1, len(free)):
            selected = (free[i], free[j])
            every = (*selected, target)
            kind = detect_chi_meld_type(every)
            if kind is None or not is_valid_meld(every, kind):
                continue
            for remaining, extra in compare_card_results(hand, every):
                groups = [[target, *selected]] + [list(m.cards) for m in extra]
                signature = "__".join(sorted("_".join(sorted(f"{c.value}-{c.size}" for c in g)) for g in groups))
                if signature in seen:
                    continue
                seen.add(signature)
                out.append(ChiOption(every, tuple(extra), tuple(remaining)))
    return out


def hu_chi_options(hand, table: tuple[Meld, ...], active: Card | None) -> list[ChiOption]:
    """RulesValidator.getHuChiOptions (Bridge 1517-1548): the 吃 options after which the rest
    of the hand splits and wins (searched with no active card, so its threes are 坎)."""
    if active is None:
        return []
    out = []
    for option in valid_chi_options(hand, active):
        kind = detect_chi_meld_type(option.main)
        if kind is None:
            continue
        landed = (*table, Meld(kind, option.main), *option.extra)
        found = find_winning_hand_melds(option.remaining, landed, None)
        if found is None:
            continue
        every = list(landed) + found
        if is_valid_hu_structure(every) and check_can_win(every, total_score(every).total_hu):
            out.append(option)
    return out


def is_heavenly_win(cards) -> bool:
    """RulesValidator.checkHeavenlyWin (Bridge 1785-1788) with isHeavenlyWin (495-497): three
    fours, or four threes (a four counts as a three too, calculateStats 954-961).

    Examples:
        >>> is_heavenly_win(parse("一一一二二二三三三四四四")), is_heavenly_win(parse("一一一二二二三三三"))
        (True, False)
    """
    fours = len(detect_quadruples(cards)[0])
    threes = len(detect_triples(cards)[0])
    return fours >= HEAVENLY[0] or threes >= HEAVENLY[1]


# ---- the settlement ------------------------------------------------------------


class NotAWin(ValueError):
    """handleHu finds no winning split and leaves the state as it was (Bridge 2762-2764)."""


@dataclass(frozen=True)
class State:
    """What handleHu (Bridge 2729-2841) reads of the game state.

    hand, melds: the winner's player.cards (kept in `sort_cards` order) and player.melds.
    active: the card in the response window (discardPile.lastDiscard in RESPONSE_COLLECTING),
      or None (the dealer's opening, Bridge 3214-3215).
    source: pendingCardSource, "draw" (turned up from the wall) or "discard".
    source_player: lastDiscardPlayerIndex, who turned it up or discarded it.
    self_draw: handleHu's isSelfDraw argument (Bridge 2976-2981: a window of the winner's own
      draw; 3215: the opening; 3490: a direct 胡 action passes false).
    turn_count, remaining_deck: for 天胡 (turn 0), 水上漂 (turn 1), 海底捞 (no card left).
    bao: each player's isBao (爆, and 杀爆 when another player is 爆).
    hu_option: which of the hu 吃 options the player chose (handleHu takes the first).
    """

    winner: int
    hand: tuple[Card, ...]
    melds: tuple[Meld, ...] = ()
    active: Card | None = None
    source: str | None = None
    source_player: int | None = None
    self_draw: bool = False
    players: int = 3
    turn_count: int = 5
    remaining_deck: int = 10
    bao: tuple[bool, ...] = (False, False, False)
    hu_option: int = 0
    disabled: frozenset[str] = field(default_factory=frozenset)


@dataclass(frozen=True)
class Settlement:
    """handleHu's outcome: the groups, the score, the win type and each player's change."""

    melds: tuple[Meld, ...]
    score: Score
    discard_win: bool
    dianpao: int | None
    deltas: tuple[int, ...]


def handle_hu(state: State) -> Settlement:
    """ActionHandlers.handleHu (Bridge 2729-2841).

    With a card in the window, the first hu 吃 option (if any) is taken first (2736-2754),
    then the rest is split (2756-2761). 自摸 is the isSelfDraw argument or a win on one's own
    card from the wall (2767-2768); a discard win is on another player's discard (2769); a
    win on another player's card from the wall is neither: everyone pays as on a 自摸, with
    no 自摸 名堂. Discard: the discarder pays 2 × the round score (2789-2805). Otherwise the
    winner gains 2 × and every other player pays 1 × (2806-2822): with 4 players (the bundle
    still deals a sitting-out fourth, Bridge 603-611) that is not zero-sum.

    Examples:
        >>> hand = parse("一一一二三四五六七八九十壹贰叁柒捌玖肆肆")
        >>> s = handle_hu(State(0, hand, active=parse("肆", hand)[0], source="discard", source_player=1))
        >>> s.score.total_hu, s.score.round_score, s.deltas
        (15, 2, (4, -4, 0))
    """
    if state.players not in (3, 4) or len(state.bao) != state.players or not 0 <= state.winner < state.players:
        raise ValueError("3 or 4 players, one 爆 flag each, and a winner among them")
    if state.source_player is not None and not 0 <= state.source_player < state.players:
        raise ValueError("the source player is a seat")
    hand = sort_cards(state.hand)
    effective = hand + ([state.active] if state.active else [])
    landed: tuple[Meld, ...] = state.melds
    if state.active is not None:
        options = hu_chi_options(hand, state.melds, state.active)
        option = options[state.hu_option] if state.hu_option < len(options) else None  # an unknown id: none
        if option is not None:
            kind = detect_chi_meld_type(option.main)
            effective = list(option.remaining)
            landed = (*state.melds, Meld(kind, option.main), *option.extra)
    found = find_winning_hand_melds(effective, landed, state.active)
    if found is None:
        raise NotAWin("no split of the hand wins (Bridge 2762-2764)")
    final = (*landed, *found)
    heavenly = state.turn_count == 0 and is_heavenly_win(hand + ([state.active] if state.active else []))
    own_draw = state.source == "draw" and state.source_player == state.winner
    self_draw = state.self_draw or own_draw
    discard_win = (not self_draw and state.source_player is not None and state.source_player != state.winner
                   and state.source != "draw")
    sha_bao = any(b for i, b in enumerate(state.bao) if i != state.winner)
    score = total_score(final, Options(self_draw, heavenly, own_draw and state.turn_count == 1,
                                       own_draw and state.remaining_deck == 0, state.bao[state.winner], sha_bao,
                                       state.disabled))
    s = score.round_score
    deltas = [0] * state.players
    if discard_win:
        deltas[state.winner] = 2 * s
        deltas[state.source_player] = -2 * s
        return Settlement(final, score, True, state.source_player, tuple(deltas))
    for i in range(state.players):
        deltas[i] = 2 * s if i == state.winner else -s
    return Settlement(final, score, False, None, tuple(deltas))

