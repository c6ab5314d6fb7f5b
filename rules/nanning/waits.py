"""听牌 (waits): every tile that completes a hand one tile short, and what it pays by each 胡法.

The request is a `score` request without the win: `hand` holds 13 tiles counting
each meld as 3, with `melds`, `rules` and the table situation as in
`rules.nanning.cli`. A tile that completes the hand is priced by the same `score`
function under every win method (each chain method at its default, one kong); a
method the situation rules out is listed with the core's one-line reason.
"""
from __future__ import annotations

from ..errors import RuleError
from ..waits import check_fields
from .analysis import HAND_SIZE, hand_type
from .cli import FIELDS, _melds, _rules, score
from .model import Hand, Win
from .tiles import COPIES, KINDS, counts, name, notation, parse

# The fields of a score request that describe the win itself (一炮多响's other winners too): a wait
# has not happened yet.
WIN_FIELDS = frozenset({"win_tile", "win", "kongs", "chain", "multi"})


def _check(request: dict) -> tuple[list[int], tuple, list[int]]:
    """The concealed tiles, the melds, and how many of each tile the hand already uses."""
    check_fields(request, FIELDS, WIN_FIELDS, "tile")
    if "hand" not in request:
        raise RuleError("missing field: hand")
    _rules(request)
    concealed = parse(request["hand"], "hand")
    melds = _melds(request.get("melds", []))
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


def _completes(concealed: list[int], melds: tuple, tile: int) -> bool:
    try:
        hand_type(Hand((*concealed, tile), melds, tile), True)
    except RuleError:
        return False
    return True


def waits(request: dict) -> dict:
    """Every tile that completes the hand, each with its payout under every 胡法.

    Examples:
        >>> out = waits({"hand": "234m678m99m55p", "melds": [{"kind": "碰", "tile": "9s"}]})
        >>> out["tiles"], [(w["win"], w["total"]) for w in out["waits"][0]["wins"]][:2]
        (['9m', '5p'], [('放炮', 2), ('自摸', 9)])
        >>> waits({"hand": "234m678m99m55p"})
        Traceback (most recent call last):
        ...
        rules.errors.RuleError: a hand waiting to win has 13 tiles counting each meld as 3; got 10 concealed + 0 melds × 3 = 10
    """
    concealed, melds, used = _check(request)
    base = {k: v for k, v in request.items() if k != "hand"}
    found = []
    for tile in range(KINDS):
        if used[tile] >= COPIES or not _completes(concealed, melds, tile):
            continue
        hand = notation(concealed) + notation([tile])  # the winning tile is the last one written
        wins, refused = [], []
        for win in Win:
            try:
                out = score({**base, "hand": hand, "win": win.value})
            except RuleError as exc:
                refused.append({"win": win.value, "error": exc.one_line()})
                continue
            wins.append({"win": win.value, "total": out["total"], "patterns": out["patterns"],
                         "formula": out["formula"], "net": out["net"]})
        found.append({"tile": notation([tile]), "name": name(tile), "left": COPIES - used[tile],
                      "wins": wins, "refused": refused})
    return {"game": "nanning", "hand": notation(concealed), "tiles": [w["tile"] for w in found], "waits": found}
