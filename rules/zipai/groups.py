"""Groups (组) and their 胡息, as the document's table gives them.

碰、坎、招、拢 and the two special sequences 一二三/壹贰叁 and 二七十/贰柒拾 are in
the document; ordinary sequences, 大小搭 (e.g. 伍伍五) and the pair are not
(ext-zp-zero), and neither are the loose cards of an opening-hand win
(ext-zp-loose).
"""
from __future__ import annotations

from dataclasses import dataclass

from ..errors import RuleError
from .cards import Card, Colour, Deck
from .model import GroupKind, ShownKind
from .rule_set import Constants

ALIKE = {GroupKind.PENG: 3, GroupKind.KAN: 3, GroupKind.ZHAO: 4, GroupKind.LONG: 4}
FOURS = (GroupKind.ZHAO, GroupKind.LONG)


@dataclass(frozen=True)
class Group:
    """One group of the chosen arrangement, with its 胡息 and the rule for it.

    Examples:
        >>> from rules.zipai.loader import default_rule_set
        >>> constants = default_rule_set().constants
        >>> g = shown_group(ShownKind.LONG, constants.deck.parse("肆肆肆肆"), constants)
        >>> g.kind.value, g.huxi, g.rule
        ('拢', 12, 'zp-2-hei-long-r1')
    """

    kind: GroupKind
    cards: tuple[Card, ...]
    shown: bool
    huxi: int
    rule: str

    @property
    def is_four(self) -> bool:
        """招 and 拢 hold four cards (each adds one to the hand's count).

        Examples:
            >>> from rules.zipai.loader import default_rule_set
        >>> constants = default_rule_set().constants
        >>> shown_group(ShownKind.PENG, constants.deck.parse("五五五"), constants).is_four
        False
        """
        return self.kind in FOURS


def table_colour(kind: GroupKind, cards: tuple[Card, ...], deck: Deck) -> str:
    """The column of the 胡息 table a group is read from.

    碰/坎/招/拢 go by the colour of their card; the table lists 一二三 under 黑牌
    and 二七十 under 红牌; the groups the table does not have are colourless.

    Examples:
        >>> from rules.zipai.loader import default_rule_set
        >>> constants = default_rule_set().constants
        >>> table_colour(GroupKind.KAN, constants.deck.parse("七七七"), constants.deck)
        '红'
        >>> table_colour(GroupKind.YIERSAN, constants.deck.parse("一二三"), constants.deck)
        '黑'
    """
    if kind in ALIKE:
        return deck.colour(cards[0]).value
    if kind is GroupKind.YIERSAN:
        return Colour.BLACK.value
    if kind is GroupKind.ERQISHI:
        return Colour.RED.value
    return ""


def make(kind: GroupKind, cards: tuple[Card, ...], constants: Constants, shown: bool = False) -> Group:
    """A group with its 胡息 from the table.

    Examples:
        >>> from rules.zipai.loader import default_rule_set
        >>> constants = default_rule_set().constants
        >>> make(GroupKind.ERQISHI, constants.deck.parse("贰柒拾"), constants).huxi
        9
    """
    const = constants.group_huxi(kind.value, table_colour(kind, cards, constants.deck), cards[0].size)
    return Group(kind, tuple(sorted(cards)), shown, const.value, const.rule)


def sequence_kind(cards: tuple[Card, ...]) -> GroupKind | None:
    """Which kind of three-card run these are, if any: same size, n n+1 n+2 or 2 7 10 (ext-zp-runs).

    Examples:
        >>> from rules.zipai.loader import default_rule_set
        >>> constants = default_rule_set().constants
        >>> [sequence_kind(constants.deck.parse(t)) for t in ("二七十", "三四五", "三四伍")]
        [<GroupKind.ERQISHI: '二七十'>, <GroupKind.SHUN: '顺子'>, None]
    """
    if len(cards) != 3 or len({c.size for c in cards}) != 1:
        return None
    numbers = sorted(c.number for c in cards)
    if numbers == [2, 7, 10]:
        return GroupKind.ERQISHI
    if numbers[1] == numbers[0] + 1 and numbers[2] == numbers[0] + 2:
        return GroupKind.YIERSAN if numbers[0] == 1 else GroupKind.SHUN
    return None


# The lines of 名词介绍 that define the shown groups.
DEFINED_BY = {GroupKind.PENG: "zp-1-pengpai-r1", GroupKind.ZHAO: "zp-1-zhaopai-r1", GroupKind.LONG: "zp-1-longpai-r1"}


def shown_group(kind: ShownKind, cards: tuple[Card, ...], constants: Constants) -> Group:
    """A group shown on the table, checked: 碰 three alike, 招/拢 four alike, 吃 a run.

    Examples:
        >>> from rules.zipai.loader import default_rule_set
        >>> constants = default_rule_set().constants
        >>> shown_group(ShownKind.PENG, constants.deck.parse("一二三"), constants)
        Traceback (most recent call last):
        ...
        rules.errors.RuleError: 碰 一二三 is not a group: 碰 is 3 identical cards
    """
    deck = constants.deck
    if kind is ShownKind.CHI:
        run = sequence_kind(cards)
        if run is None:
            raise RuleError(f"吃 {deck.text(cards)} is not a run of one size (n n+1 n+2, or 二七十)",
                            rule="ext-zp-runs")
        return make(run, cards, constants, shown=True)
    group_kind = GroupKind(kind.value)
    if len(cards) != ALIKE[group_kind] or len(set(cards)) != 1:
        raise RuleError(f"{kind.value} {deck.text(cards)} is not a group: {kind.value} is {ALIKE[group_kind]} "
                        "identical cards", rule=DEFINED_BY[group_kind])
    return make(group_kind, cards, constants, shown=True)
