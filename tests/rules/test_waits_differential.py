"""Both games' waits (听牌) against references nobody here wrote, on the same random hands.

Nanning: `rules.nanning.waits` against the `mahjong` package's `Agari.is_agari` (riichi
shapes: four sets and a pair, seven pairs, thirteen orphans), with what the article
allows instead: no 十三幺, and seven pairs may hold four alike as two pairs (七对 of
nn-5-1); a tile with no copy left is no wait.

字牌: `rules.zipai.waits` against a port of yuanfengyun/q_algorithm's `get_ting_cards`
(tests/q_algorithm_phz.py; 跑胡子, phz/phzlib_lua_2710/hulib.lua) under document 003's
胡息 table and its 10胡 minimum. Three differences are named, each by a ruling of ours:
- the port wins by 提胡 and 跑胡, the winning card making a four with a 坎 held or a 碰
  shown; the core plays that card as 破招胡 only, the 坎 staying whole and the card going
  elsewhere (finding zp-f-kan-split): with the port's fours left out the two agree;
- the core wins by 一拢（坎）三坎, a pattern of document 003 alone (zp-3-yilong-sankan-2);
- the core wins on another player's card that makes three with a pair held and spreads
  over other groups (zp-f-kan-split: 与一对凑成三张时可以拆开用; ext-zp-win-card): the port
  tries that (its 吃胡), but its table of splits (tbl_split.lua) has no way to spread three.
Every other difference fails the test.
"""
from __future__ import annotations

import random
from functools import cache

import pytest
from mahjong.agari import Agari

from rules.nanning.tiles import COPIES, KINDS, notation
from rules.nanning.waits import waits as nn_waits
from rules.zipai.cards import Card
from rules.zipai.loader import default_rule_set
from rules.zipai.waits import waits as zp_waits

from tests.q_algorithm_phz import TING_KINDS, document_ting_values, get_ting_cards, random_hands

HANDS = 2000
ORPHANS = (0, 8, 9, 17, 18, 26, *range(27, 34))


# ---------------------------------------------------------------------------------------- Nanning

def agari(concealed: list[int], melds: int) -> bool:
    """Whether the concealed tiles complete the hand, as the article allows, by the `mahjong` package."""
    tiles = [0] * KINDS
    for t in concealed:
        tiles[t] += 1
    if not melds and sum(tiles) == 14 and all(n in (0, 2, 4) for n in tiles):
        return True  # 七对, four alike being two pairs
    thirteen = all(tiles[t] for t in ORPHANS) and sum(tiles[t] for t in ORPHANS) == 14
    return Agari.is_agari(tiles) and not thirteen


SETS = [("pung", t) for t in range(KINDS)] + [("chow", s * 9 + n) for s in range(3) for n in range(7)]


def nanning_hand(rng: random.Random) -> tuple[list[int], list[int]] | None:
    """A random hand one tile short: concealed tiles and 碰 tiles. Most are a complete hand (sets and
    a pair, or seven pairs) less one tile; some are 13 tiles drawn at random (mostly waiting on nothing)."""
    kind = rng.random()
    if kind < 0.15:
        return rng.sample([t for t in range(KINDS) for _ in range(COPIES)], 13), []
    if kind < 0.3:
        pairs = rng.sample(range(KINDS), 7)
        if rng.random() < 0.3:
            pairs[1] = pairs[0]  # four alike as two pairs
        tiles = [t for t in pairs for _ in range(2)]
        melds: list[int] = []
    else:
        melds = [rng.randrange(KINDS) for _ in range(rng.choice((0, 0, 1, 2)))]
        tiles = [rng.randrange(KINDS)] * 2
        for kind_, t in (rng.choice(SETS) for _ in range(4 - len(melds))):
            tiles += [t] * 3 if kind_ == "pung" else [t, t + 1, t + 2]
    used = tiles + [t for t in melds for _ in range(3)]
    if any(used.count(t) > COPIES for t in set(used)):
        return None
    tiles.pop(rng.randrange(len(tiles)))
    return tiles, melds


@pytest.fixture(scope="module")
def nanning_hands() -> list[tuple[list[int], list[int]]]:
    rng, out = random.Random(20261201), []
    while len(out) < HANDS:
        hand = nanning_hand(rng)
        if hand is not None:
            out.append(hand)
    return out


@pytest.mark.slow  # every random hand's 34 candidate tiles through the mahjong package: some 8 s
def test_nanning_waits_agree_with_the_mahjong_package(nanning_hands):
    disagree, waiting = [], 0
    for concealed, melds in nanning_hands:
        used = [concealed.count(t) + 3 * melds.count(t) for t in range(KINDS)]
        theirs = [notation([t]) for t in range(KINDS) if used[t] < COPIES and agari([*concealed, t], len(melds))]
        request = {"hand": notation(concealed), "melds": [{"kind": "碰", "tile": notation([t])} for t in melds]}
        ours = nn_waits(request)["tiles"]
        waiting += bool(ours)
        if ours != theirs:
            disagree.append((request, ours, theirs))
    assert len(nanning_hands) >= 2000 and not disagree, disagree[:5]
    assert 0.5 * len(nanning_hands) < waiting < len(nanning_hands)  # both answers occur


# ------------------------------------------------------------------------------------------- 字牌

@pytest.fixture(scope="module")
def zipai_hands() -> list[tuple[list[int], list[tuple[str, tuple[int, ...]]]]]:
    """Random winning hands (tests/q_algorithm_phz.py `random_hands`), each one concealed card short."""
    rng = random.Random(20261202)
    out = []
    for concealed, shown in random_hands(rng, HANDS):
        short = list(concealed)
        short.pop(rng.randrange(len(short)))
        out.append((short, shown))
    return out


@cache
def _values():
    return document_ting_values(default_rule_set())


def _both(short: list[int], shown, four_wins: bool) -> tuple[set[int], set[int], set[int]]:
    """(the core's waits, those a named difference explains, the port's waits with a copy left).

    Explained: a card the core wins by 一拢（坎）三坎 alone, or only from another player with a
    pair of it held (the three spread)."""
    deck = default_rule_set().constants.deck
    counts = [short.count(i) for i in range(20)]
    used = [counts[i] + sum(g.count(i) for _, g in shown) for i in range(20)]
    groups = [(TING_KINDS[kind], g[0]) for kind, g in shown]
    theirs = {c for c in get_ting_cards(counts, groups, _values(), four_wins)
              if used[c] < deck.copies}
    out = zp_waits({"hand": deck.text(Card(i) for i in short),
                    "shown": [{"kind": kind, "cards": deck.text(Card(i) for i in g)} for kind, g in shown]})
    ours = {deck.parse(w["card"])[0].index for w in out["waits"]}
    named = {deck.parse(w["card"])[0].index for w in out["waits"]
             if all("一拢（坎）三坎" in x["mingtang"] for x in w["wins"])
             or (counts[deck.parse(w["card"])[0].index] == 2 and all("from" in x for x in w["wins"]))}
    return ours, named, theirs


@pytest.mark.slow  # some 40 s: the port walks every split of each hand
def test_zipai_waits_agree_with_q_algorithm_but_for_the_named_differences(zipai_hands):
    """Without the port's 提胡/跑胡, every card it lists the core lists, and every card only the core
    lists is a named difference (一拢（坎）三坎, or three spread from another player's card)."""
    disagree, waiting, explained = [], 0, 0
    for short, shown in zipai_hands:
        ours, named, theirs = _both(short, shown, four_wins=False)
        waiting += bool(ours)
        explained += ours != theirs
        if not (theirs <= ours and ours - theirs <= named):
            disagree.append((short, shown, sorted(ours), sorted(named), sorted(theirs)))
    assert len(zipai_hands) >= 2000 and not disagree, disagree[:5]
    assert 0.5 * len(zipai_hands) < waiting <= len(zipai_hands) and 0 < explained < len(zipai_hands) // 5


@pytest.mark.slow  # some 40 s: the port walks every split of each hand
def test_zipai_the_port_wins_more_only_by_a_four(zipai_hands):
    """With its fours the port lists more, each time a card that makes a four with a 坎 or a 碰 (the
    core: 破招胡, zp-f-kan-split); on some hands, so that the difference is real."""
    differ = 0
    for short, shown in zipai_hands[:500]:
        ours, named, theirs = _both(short, shown, four_wins=True)
        more = theirs - ours
        differ += bool(more)
        fours = {c for c in range(20) if short.count(c) == 3} | {g[0] for kind, g in shown if kind == "碰"}
        assert more <= fours and ours - theirs <= named, (short, shown, sorted(more))
    assert differ > 0
