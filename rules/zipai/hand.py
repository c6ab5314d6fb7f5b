"""A whole winning hand: checked, split every possible way, scored; the best split wins.

The arrangement that pays the winner most is the one scored (ties: more 胡息,
then a regular hand before an opening pattern). It never depends on the order
the cards were written in, because everything works on counts.
"""
from __future__ import annotations

from collections import Counter
from dataclasses import dataclass

from ..errors import RuleError
from .analysis import (
    Arrangement,
    best_partial,
    complete_splits,
    groups_of,
    locked_kans,
    pattern_groups,
    specials,
    splitter,
)
from .cards import Card, counts
from .config import Config
from .groups import Group, GroupKind
from .scoring import Circumstances, HandFacts, Settlement, Win, settle


@dataclass(frozen=True)
class Hand:
    """The winner's cards: concealed (with the winning card) and shown groups."""

    concealed: tuple[Card, ...]
    shown: tuple[Group, ...]
    win_card: Card | None  # None for an opening-hand win

    @property
    def cards(self) -> tuple[Card, ...]:
        return self.concealed + tuple(c for g in self.shown for c in g.cards)


@dataclass(frozen=True)
class Scored:
    arrangement: Arrangement
    facts: HandFacts
    settlement: Settlement


def expected_cards(hand: Hand, c: Circumstances, config: Config) -> int:
    """How many cards the hand must hold (ext-zp-hand).

    Dealt 20, the dealer one more, the winning card one more; every group of
    four after the first one more (zp-1-longpai-r1: 有2拢时多摸一张; zp-1-zhaopai-r2:
    only the first 招 is followed by a discard).
    """
    fours = sum(g.is_four for g in hand.shown)
    extra = max(0, fours - 1)
    if c.win is Win.OPENING:
        return config.rules.dealt.value + (config.rules.dealer_extra.value if c.dealer else 0) + extra
    return config.rules.dealt.value + 1 + extra


def check_hand(hand: Hand, c: Circumstances, config: Config) -> None:
    """Refuse impossible hands: a fifth copy, a wrong count, a misplaced winning card."""
    deck, rules = config.rules.deck, config.rules
    for index, n in sorted(Counter(card.index for card in hand.cards).items()):
        if n > deck.copies:
            raise RuleError(f"{n} copies of {deck.char(Card(index))}: there are only {deck.copies} of each card",
                            rule=rules.deck_rules["copies"])
    longs = sum(g.kind is GroupKind.LONG for g in hand.shown)
    most = rules.dealt.value // deck.copies
    if longs > most:
        raise RuleError(f"{longs} 拢: a dealt hand of {rules.dealt.value} holds at most {most}", rule="zp-1-longpai-r1")
    want, have = expected_cards(hand, c, config), len(hand.cards)
    if have != want:
        fours = sum(g.is_four for g in hand.shown)
        raise RuleError(f"wrong card count: {have} cards, but this hand must hold {want} "
                        f"(with {fours} 招/拢; 不见于原文)", rule=rules.hand_rule)
    if c.win is Win.OPENING:
        if hand.win_card is not None:
            raise RuleError("an opening-hand win has no winning card; leave out win_card")
        if any(g.kind is not GroupKind.LONG for g in hand.shown):
            raise RuleError("at the opening only 拢 can be shown (nothing has been played yet)",
                            rule="zp-1-longpai-r1")
        four = next((i for i, n in enumerate(counts(hand.concealed)) if n == deck.copies), None)
        if four is not None:
            raise RuleError(f"four {deck.char(Card(four))} dealt are a 拢 and must be shown", rule="zp-1-longpai-r1")
    elif hand.win_card is None or hand.win_card not in hand.concealed:
        raise RuleError("the winning card must be one of the concealed cards in `hand`")


def _from_other(c: Circumstances, config: Config) -> bool:
    return c.win in (Win.DIANPAO, Win.WALL) and config.readings.win_card_triplet == "peng"


def arrangements(hand: Hand, c: Circumstances, config: Config) -> list[Arrangement]:
    """Every reading of the hand that can score differently: one complete split for each
    (胡息, 列列) the concealed cards give, and each opening pattern the hand holds."""
    concealed = counts(hand.concealed)
    win = hand.win_card.index if hand.win_card is not None and _from_other(c, config) else None
    other = hand.win_card.index if hand.win_card is not None and c.win in (Win.DIANPAO, Win.WALL) else None
    locked = locked_kans(concealed, other, config)
    pairs = 1 if any(g.is_four for g in hand.shown) else 0
    # The winning card's 坎 is a 碰 when the three stay together (place_win_card).
    peng = win if win is not None and concealed[win] == 3 else None
    out = []
    for parts in complete_splits(concealed, pairs, locked, peng, config).values():
        out.append(Arrangement(hand.shown + groups_of(parts, config), None, True))
    for special in specials(concealed, hand.shown, c.win is Win.OPENING, config):
        if config.readings.special_huxi == "whole_hand":
            groups = hand.shown + groups_of(best_partial(tuple(concealed), win, config, locked), config)
        else:
            groups = pattern_groups(special, concealed, hand.shown, win, config)
        out.append(Arrangement(groups, special, False))
    return out


@dataclass(frozen=True)
class Counted:
    """What the settlement reads from the cards alone, whatever the split."""

    red: int
    red_concealed: int
    gui: int


def count_hand(hand: Hand, config: Config) -> Counted:
    red = splitter(config).red_kinds
    concealed, every = counts(hand.concealed), counts(hand.cards)
    gui = sum(n == config.rules.mingtang.gui_copies.value for n in every)
    return Counted(sum(every[i] for i in red), sum(concealed[i] for i in red), gui)


def facts(arrangement: Arrangement, hand: Hand, config: Config, counted: Counted | None = None) -> HandFacts:
    counted = counted or count_hand(hand, config)
    return HandFacts(
        huxi=arrangement.huxi,
        red=counted.red,
        red_concealed=counted.red_concealed,
        lielie=arrangement.lielie,
        gui=counted.gui,
        fours=arrangement.fours,
        complete=arrangement.complete,
        special=arrangement.special,
    )


def score(hand: Hand, c: Circumstances, config: Config) -> Scored:
    """The best-paying reading of the hand, settled (ext-zp-best)."""
    check_hand(hand, c, config)
    counted = count_hand(hand, config)
    found: list[Scored] = []
    refused: list[RuleError] = []
    for arrangement in arrangements(hand, c, config):
        f = facts(arrangement, hand, config, counted)
        try:
            found.append(Scored(arrangement, f, settle(f, c, config)))
        except RuleError as exc:
            refused.append(exc)
    if not found:
        if refused:
            raise refused[0]
        raise RuleError("not a winning hand: the cards do not all go into groups "
                        "(7 groups of three, or 6 groups and a pair when there is a 招 or 拢; 不见于原文)",
                        rule=config.rules.hand_rule)
    return max(found, key=lambda s: (s.settlement.total, s.facts.huxi, s.arrangement.special is None))


