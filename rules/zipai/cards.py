"""Cards (牌): 小字 一…十 and 大字 壹…拾, written as the Chinese numerals themselves."""
from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from enum import StrEnum

from ..errors import RuleError
from ..request import echo
from ..request import text as bounded_text


class Size(StrEnum):
    """大字 / 小字: the two sizes of every number.

    Examples:
        >>> Card.of(Size.BIG, 2).size
        <Size.BIG: '大'>
    """

    SMALL = "小"
    BIG = "大"


class Colour(StrEnum):
    """红字 (二七十、贰柒拾) or 黑字 (the rest).

    Examples:
        >>> from rules.zipai.loader import default_rule_set
        >>> deck = default_rule_set().constants.deck
        >>> deck.colour(Card.of(Size.SMALL, 7)), deck.colour(Card.of(Size.SMALL, 8))
        (<Colour.RED: '红'>, <Colour.BLACK: '黑'>)
    """

    BLACK = "黑"
    RED = "红"


KINDS = 20  # ten numbers in two sizes
MAX_TEXT = 64  # a hand of 21 cards and some spaces; longer text is refused before it is read


@dataclass(frozen=True, order=True)
class Card:
    """One card: its index orders 一…十 before 壹…拾.

    Examples:
        >>> Card(0) < Card(9) < Card(10)
        True
    """

    index: int

    @property
    def size(self) -> Size:
        """小 for 一…十, 大 for 壹…拾.

        Examples:
            >>> Card(3).size, Card(13).size
            (<Size.SMALL: '小'>, <Size.BIG: '大'>)
        """
        return Size.BIG if self.index >= 10 else Size.SMALL

    @property
    def number(self) -> int:
        """The number 1…10, whatever the size.

        Examples:
            >>> Card(13).number
            4
        """
        return self.index % 10 + 1

    @staticmethod
    def of(size: Size, number: int) -> Card:
        """The card of this size and number.

        Examples:
            >>> Card.of(Size.BIG, 10)
            Card(index=19)
        """
        return Card((10 if size is Size.BIG else 0) + number - 1)


@dataclass(frozen=True)
class Deck:
    """The notation and make-up of the 80 cards (from data/zipai/rules.toml).

    Examples:
        >>> from rules.zipai.loader import default_rule_set
        >>> deck = default_rule_set().constants.deck
        >>> deck.copies, sorted(deck.red_numbers)
        (4, [2, 7, 10])
    """

    small: str  # 一二三四五六七八九十
    big: str  # 壹贰叁肆伍陆柒捌玖拾
    copies: int  # four of each
    red_numbers: frozenset[int]  # 2, 7, 10

    def char(self, card: Card) -> str:
        """How a player writes the card.

        Examples:
            >>> from rules.zipai.loader import default_rule_set
            >>> deck = default_rule_set().constants.deck
            >>> deck.char(Card.of(Size.BIG, 2))
            '贰'
        """
        return (self.big if card.size is Size.BIG else self.small)[card.number - 1]

    def text(self, cards: Iterable[Card]) -> str:
        """Cards as a player writes them; `parse` reads it back.

        Examples:
            >>> from rules.zipai.loader import default_rule_set
            >>> deck = default_rule_set().constants.deck
            >>> deck.text(deck.parse("一 二 贰"))
            '一二贰'
        """
        return "".join(self.char(c) for c in cards)

    def colour(self, card: Card) -> Colour:
        """红 for 二七十 and 贰柒拾, 黑 for the rest.

        Examples:
            >>> from rules.zipai.loader import default_rule_set
            >>> deck = default_rule_set().constants.deck
            >>> deck.colour(Card.of(Size.BIG, 10))
            <Colour.RED: '红'>
        """
        return Colour.RED if card.number in self.red_numbers else Colour.BLACK

    def is_red(self, card: Card) -> bool:
        """Whether the card is a 红字.

        Examples:
            >>> from rules.zipai.loader import default_rule_set
            >>> deck = default_rule_set().constants.deck
            >>> [deck.is_red(c) for c in deck.parse("一二")]
            [False, True]
        """
        return card.number in self.red_numbers

    def parse(self, text: str, what: str = "hand") -> tuple[Card, ...]:
        """Cards as a player writes them, e.g. 一二三贰柒拾伍伍伍; spaces are ignored.

        Anything else (Arabic digits, 小1, other characters) is refused, so a
        typo never silently becomes another card.

        Examples:
            >>> from rules.zipai.loader import default_rule_set
            >>> deck = default_rule_set().constants.deck
            >>> deck.parse("一贰")
            (Card(index=0), Card(index=11))
            >>> deck.parse("一2")
            Traceback (most recent call last):
            ...
            rules.errors.RuleError: unknown card "2" in hand: write 小字 as 一二三四五六七八九十 and 大字 as ...
        """
        bounded_text(text, what, MAX_TEXT)
        cards = []
        for ch in text:
            if ch.isspace():
                continue
            if ch in self.small:
                cards.append(Card(self.small.index(ch)))
            elif ch in self.big:
                cards.append(Card(10 + self.big.index(ch)))
            else:
                raise RuleError(
                    f"unknown card {echo(ch)} in {what}: write 小字 as {self.small} and 大字 as {self.big}",
                    rule="ext-zp-deck",
                )
        return tuple(cards)


def counts(cards: Iterable[Card]) -> list[int]:
    """How many of each of the 20 kinds, by index.

    Examples:
        >>> counts([Card(0), Card(0), Card(19)])[:2], counts([Card(19)])[19]
        ([2, 0], 1)
    """
    out = [0] * KINDS
    for card in cards:
        out[card.index] += 1
    return out
