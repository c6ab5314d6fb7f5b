"""Random situations each port settles, for its property tests and the differential tests.

`random_billee_win` draws a Nanning win the billee1011 server would settle; `random_daer_state`
a 字牌 hand the 泸州大贰 core would let win. Both retry until the port accepts the draw, so
every returned situation is one the original program offers (its reasons to refuse are the
ports' `NotAWin`).
"""
from __future__ import annotations

import random

from . import billee_nanning as bn
from . import daer_zipai as dz


def _winning_counts(rng: random.Random) -> tuple[list[int], list[list[int]]]:
    """The 34 kinds' counts of a complete hand, and its sets (none for seven pairs); one
    hand in four is of one suit (清一色), one in seven is seven pairs, a third of them
    with a four (七大对)."""
    while True:
        counts = [0] * 34
        sets: list[list[int]] = []
        kinds = range(34)
        if rng.random() < 0.25:
            suit = rng.randrange(4)
            kinds = range(9 * suit, min(9 * suit + 9, 34))
        if rng.random() < 0.15:
            for k in rng.sample(kinds, 7 - (rng.random() < 0.3)):
                counts[k] += 2
            if sum(counts) == 12:
                counts[rng.choice([k for k in kinds if counts[k] == 2])] += 2
        else:
            counts[rng.choice(kinds)] += 2
            runs = [k for k in kinds if k < 27 and k % 9 < 7]
            for _ in range(4):
                if rng.random() < 0.55 or not runs:
                    sets.append([rng.choice(kinds)] * 3)
                else:
                    k = rng.choice(runs)
                    sets.append([k, k + 1, k + 2])
            for s in sets:
                for k in s:
                    counts[k] += 1
        if max(counts) <= 4:
            return counts, sets


def random_billee_win(rng: random.Random) -> bn.Win:
    """A random win the server would settle: a complete hand (sets and a pair, or seven pairs),
    some of its triplets shown as 碰 or kongs from random providers, other players' 碰 and
    kongs, and a random way to win among those the hand allows (自摸, 杠开, 放炮, 杠上炮, 抢杠),
    with 码 on a self-draw."""
    while True:
        players = rng.choice((3, 4, 4))
        winner, dealer = rng.randrange(players), rng.randrange(players)
        counts, sets = _winning_counts(rng)
        others = [i for i in range(players) if i != winner]
        favourite = rng.choice(others)  # 封胡 needs three weaves from one player
        used = list(counts)
        own: list[bn.Weave] = []
        for s in sets:
            if s[0] != s[-1] or rng.random() < 0.4:
                continue
            kind = rng.choice((bn.PENG, bn.PENG, bn.AN_GANG, bn.JIE_GANG, bn.ADD_GANG))
            if kind != bn.PENG and used[s[0]] == 4:
                kind = bn.PENG  # no fourth tile left for the kong
            provider = winner if kind == bn.AN_GANG else favourite if rng.random() < 0.5 else rng.choice(others)
            own.append(bn.Weave(kind, bn.index_card(s[0]), provider))
            counts[s[0]] -= 3
            used[s[0]] += 1 if own[-1].is_gang else 0
        concealed = [bn.index_card(k) for k in range(34) for _ in range(counts[k])]
        card = concealed.pop(rng.randrange(len(concealed)))
        table: list[list[bn.Weave]] = [list(own) if seat == winner else [] for seat in range(players)]
        for seat in others:
            for _ in range(rng.choice((0, 0, 1, 2, 4))):
                free = [k for k in range(34) if used[k] == 0]
                k = rng.choice(free)
                kind = rng.choice((bn.PENG, bn.PENG, bn.AN_GANG, bn.JIE_GANG, bn.ADD_GANG))
                provider = seat if kind == bn.AN_GANG else rng.choice([i for i in range(players) if i != seat])
                table[seat].append(bn.Weave(kind, bn.index_card(k), provider))
                used[k] = 4 if kind != bn.PENG else 3
        hows = [bn.ZIMO, bn.FANGPAO, bn.FANGPAO]
        if any(w.is_gang for w in own):
            hows.append(bn.GANGKAI)
        k_card = bn.card_index(card)
        if used[k_card] == counts[k_card] == 1:
            hows.append(bn.QIANGGANG)
        hows.append(bn.GANGPAO)
        how = rng.choice(hows)
        provider = None if how in (bn.ZIMO, bn.GANGKAI) else rng.choice(others)
        kw: dict = {}
        if how == bn.GANGKAI:
            k = rng.choice([i for i, w in enumerate(own) if w.is_gang])
            if own[k].kind == bn.JIE_GANG:
                table[winner].append(table[winner].pop(k))
                k = len(own) - 1
            kw["kong"] = k
        elif how == bn.QIANGGANG:
            table[provider].append(bn.Weave(bn.PENG, card, rng.choice([i for i in range(players) if i != provider])))
            used[k_card] = 4
        elif how == bn.GANGPAO and not any(w.is_gang for w in table[provider]):
            free = [k for k in range(34) if used[k] == 0]
            k = rng.choice(free)
            table[provider].append(bn.Weave(bn.AN_GANG, bn.index_card(k), provider))
            used[k] = 4
        ma_count = rng.choice(bn.MA_COUNTS) if how in (bn.ZIMO, bn.GANGKAI) else 0
        wall = [bn.index_card(k) for k in range(34) for _ in range(4 - used[k])]
        candidate = bn.Win(winner, tuple(concealed), card, how, tuple(tuple(t) for t in table), players, dealer,
                           provider, ma_count=ma_count, ma=tuple(rng.sample(wall, ma_count)),
                           si_shuang=rng.random() < 0.2, **kw)
        try:
            bn.settle(candidate)
        except bn.NotAWin:
            continue
        return candidate


def random_daer_state(rng: random.Random) -> dz.State:
    """A random winning hand: seven groups (runs, 二七十, 大小搭, 坎), the last card taken."""
    while True:
        cards: list[tuple[int, bool]] = []
        for _ in range(7):
            kind, big = rng.choice(("run", "run", "2710", "mixed", "kan")), rng.random() < 0.5
            v = rng.randint(1, 8) if kind == "run" else rng.randint(1, 10)
            cards += {"run": [(v, big), (v + 1, big), (v + 2, big)], "2710": [(2, big), (7, big), (10, big)],
                      "mixed": [(v, big), (v, big), (v, not big)], "kan": [(v, big)] * 3}[kind]
        if any(cards.count(c) > 4 for c in cards):
            continue
        rng.shuffle(cards)
        text = "".join((dz.BIG if b else dz.SMALL)[v - 1] for v, b in cards)
        everything = dz.parse(text)
        source, by = rng.choice((("discard", 1), ("draw", 0), ("draw", 2)))
        state = dz.State(0, everything[:-1], active=everything[-1], source=source, source_player=by,
                         bao=tuple(rng.random() < 0.2 for _ in range(3)))
        try:
            dz.handle_hu(state)
        except dz.NotAWin:
            continue
        return state
