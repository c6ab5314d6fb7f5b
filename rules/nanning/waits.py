"""听牌 (waits): every tile that completes a hand one tile short, and what it pays by each 胡法.

The request (`rules.nanning.request.WaitsRequest`) is a score request without the win: `hand`
holds 13 tiles counting each meld as 3, with `melds`, `rules` and the table situation. What
`score` refuses whatever the tile and the win (a 封胡 without three melds taken, 摸码 or 钓鱼 the
preset does not play, …) is refused with the same line before any tile. A tile that completes
the hand is priced as a score request with that tile last and each win method, through the same
parse → situation → price → render as `caipan score`; a method the situation rules out is listed
with the core's one-line reason. Each entry names the chain it priced (`chain`): 杠上花 once for
every chain the winner's kong melds allow (each number of 暗杠 and of 明杠 among them, up to the
preset's chain_max; the order of a chain never changes its price, so one order of each is
listed, 暗杠 first), 杠上炮 and 抢杠胡 at their default (one 明杠 of the discarder's).
"""
from __future__ import annotations

from collections.abc import Mapping

from ..errors import RuleError
from ..request import read
from ..waits import Wait, refuse_the_win, waits_json
from .analysis import HAND_SIZE, hand_type
from .answer import render, rule_set_of, situation, table_of
from .feasibility import check_fenghu
from .model import Hand, KongKind, Meld, Win
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


def _refuse_a_complete_hand(request: WaitsRequest) -> None:
    """A hand already complete (14 tiles counting each meld as 3, every one in a set or pair) is a win to
    score, not a hand waiting: refused in one line, as 字牌's waits refuses one (`rules.zipai.waits`)."""
    try:
        concealed = parse(request.hand, "hand")
        melds = tuple(Meld(m.kind, parse_one(m.tile, "tile")) for m in request.melds)
        complete = (len(concealed) + 3 * len(melds) == HAND_SIZE
                    and _completes(concealed[:-1], melds, concealed[-1]))
    except RuleError:
        return  # what the hand lacks is said by the usual checks
    if complete:
        raise RuleError("the hand is already complete: waits takes it one tile short (13 counting each meld as 3);"
                        " price the whole hand with score")


def _chains(win: Win, melds: tuple[Meld, ...], most: int) -> list[tuple[KongKind, ...]]:
    """The chains a win is priced with: for 杠上花 every chain the winner's kong melds allow (each number of
    暗杠 and of 明杠, one to `most` kongs, 暗杠 first); none (the default) for any other win or no kong.

    Examples:
        >>> from rules.nanning.model import MeldKind
        >>> melds = (Meld(MeldKind.ANGANG, 0), Meld(MeldKind.JIAGANG, 9), Meld(MeldKind.PENG, 18))
        >>> [[k.value for k in c] for c in _chains(Win.GANGSHANGHUA, melds, 4)]
        [['明杠'], ['暗杠'], ['暗杠', '明杠']]
        >>> _chains(Win.ZIMO, melds, 4)
        [()]
    """
    kinds = [m.kind.kong_kind for m in melds if m.kind.is_kong]
    an, ming = kinds.count(KongKind.AN), kinds.count(KongKind.MING)
    found = [(KongKind.AN,) * a + (KongKind.MING,) * m for a in range(an + 1) for m in range(ming + 1)
             if 1 <= a + m <= most]
    return found if win is Win.GANGSHANGHUA and found else [()]


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
    _refuse_a_complete_hand(request)
    concealed, melds, used = _tiles(request)
    problem = check_fenghu(melds, request.fenghu)  # score's checks that ask nothing of the tile or the win
    if problem is not None:
        raise problem
    table_of(request, rule_set)
    ways = [(win, chain) for win in Win for chain in _chains(win, melds, rule_set.value("chain_max"))]
    found = []
    for tile in range(KINDS):
        if used[tile] >= COPIES or not _completes(concealed, melds, tile):
            continue
        hand = notation(concealed) + notation([tile])  # the winning tile is the last one written
        wins, refused = [], []
        for win, chain in ways:
            asked = ScoreRequest(hand=hand, win=win, melds=request.melds, chain=chain, rule_set=request.rule_set,
                                 discarder=request.discarder, fenghu=request.fenghu, fenghu_seat=request.fenghu_seat,
                                 moma_hits=request.moma_hits, fishing=request.fishing)
            label = {"win": win.value, **({"chain": [k.value for k in chain]} if chain else {})}
            try:
                s = situation(asked, rule_set)
                out = render(asked, s, price(s, rule_set), rule_set)
            except RuleError as exc:
                refused.append({**label, "error": exc.one_line()})
                continue
            wins.append({"win": win.value, "chain": out["chain"], "total": out["total"], "patterns": out["patterns"],
                         "formula": out["formula"], "net": out["net"]})
        found.append(Wait(notation([tile]), COPIES - used[tile], tuple(wins), tuple(refused), name=name(tile)))
    return waits_json("nanning", notation(concealed), "tile", found)
