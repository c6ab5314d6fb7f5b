"""听牌 (waits): every tile that completes a hand one tile short, and what it pays by each 胡法.

The request (`rules.nanning.request.WaitsRequest`) is a score request without the win: `hand`
holds 13 tiles counting each meld as 3, with `melds`, `rules` and the table situation. A tile
that completes the hand is priced as a score request with that tile last and each win method
(each chain method at its default, one kong), through the same parse → situation → price →
render as `caipan score`; a method the situation rules out is listed with the core's one-line reason.
"""
from __future__ import annotations

from collections.abc import Mapping

from ..errors import RuleError
from ..request import read
from ..waits import Wait, refuse_the_win, waits_json
from .analysis import HAND_SIZE, hand_type
from .answer import render, rule_set_of, situation
from .model import Hand, Meld, Win
from .request import ScoreRequest, WaitsRequest
from .scoring import price
from .tiles import COPIES, KINDS, Tile, counts, name, notation, parse, parse_one


def _tiles(request: WaitsRequest) -> tuple[list[Tile], tuple[Meld, ...], list[int]]:
    """The concealed tiles, the melds, and how many of each tile the hand already uses."""
    concealed = parse(request.hand, "hand")
    melds = tuple(Meld(m.kind, parse_one(m.tile, f"melds[{k}].tile")) for k, m in enumerate(request.melds, start=1))
    size = len(concealed) + 3 * len(melds)
    if size != HAND_SIZE - 1:
        raise RuleError(f"a hand waiting to win has 13 tiles counting each meld as 3; got {len(concealed)}"
                        f" concealed + {len(melds)} melds × 3 = {size}")
    used = list(counts(concealed))
    for meld in melds:
        used[meld.tile] += 4 if meld.kind.is_kong else 3
    for tile, n in enumerate(used):
        if n > COPIES:
            raise RuleError(f"{name(tile)} appears {n} times; there are only 4 of each tile")
    return concealed, melds, used


def _completes(concealed: list[Tile], melds: tuple[Meld, ...], tile: Tile) -> bool:
    try:
        hand_type(Hand((*concealed, tile), melds, tile), True)
    except RuleError:
        return False
    return True


def waits(raw: Mapping[str, object]) -> dict[str, object]:
    """Every tile that completes the hand, each with its payout under every 胡法.

    Examples:
        >>> out = waits({"hand": "234m678m99m55p", "melds": [{"kind": "碰", "tile": "9s"}]})
        >>> out["tiles"], [(w["win"], w["total"]) for w in out["waits"][0]["wins"]][:2]
        (['9m', '5p'], [('放炮', 2), ('自摸', 9)])
        >>> waits({"hand": "234m678m99m55p"})
        Traceback (most recent call last):
        ...
        rules.errors.RuleError: a hand waiting to win has 13 tiles counting each meld as 3; got 10 concealed + ...
    """
    refuse_the_win(raw, ScoreRequest, WaitsRequest, "tile")
    request = read(WaitsRequest, raw)
    rule_set = rule_set_of(request.rule_set)
    concealed, melds, used = _tiles(request)
    found = []
    for tile in range(KINDS):
        if used[tile] >= COPIES or not _completes(concealed, melds, tile):
            continue
        hand = notation(concealed) + notation([tile])  # the winning tile is the last one written
        wins, refused = [], []
        for win in Win:
            asked = ScoreRequest(hand=hand, win=win, melds=request.melds, rule_set=request.rule_set,
                                 discarder=request.discarder, fenghu=request.fenghu, fenghu_seat=request.fenghu_seat,
                                 moma_hits=request.moma_hits, fishing=request.fishing)
            try:
                s = situation(asked, rule_set)
                out = render(asked, s, price(s, rule_set), rule_set)
            except RuleError as exc:
                refused.append({"win": win.value, "error": exc.one_line()})
                continue
            wins.append({"win": win.value, "total": out["total"], "patterns": out["patterns"],
                         "formula": out["formula"], "net": out["net"]})
        found.append(Wait(notation([tile]), COPIES - used[tile], tuple(wins), tuple(refused), name=name(tile)))
    return waits_json("nanning", notation(concealed), "tile", found)
