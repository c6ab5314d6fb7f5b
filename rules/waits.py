"""听牌 (waits), shared by both games: a waits request is a score request without the win, and its
answer lists each piece (a tile or a card) that completes the hand, with what each way of winning
on it pays.

Each game finds its waits (`rules/<game>/waits.py`); what they share is said here once: the
fields of the win are refused by name (`refuse_the_win`, from the two declarations), and a
`Wait` is written out the same way (`waits_json`, under the game's own published keys).

Examples:
    >>> waits_json("nanning", "234m", "tile", [Wait("5p", 3, ({"win": "自摸", "total": 9},), (), name="五筒")])["tiles"]
    ['5p']
"""
from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field

from .errors import RuleError
from .request import without


@dataclass(frozen=True)
class Wait:
    """One piece that completes the hand: how many of it are left, what each way of winning on it pays,
    and each way the situation rules out with the core's one-line reason.

    Examples:
        >>> Wait("伍", 2, (), ({"win": "点炮", "error": "…"},)).left
        2
    """

    piece: str  # the tile or card as written
    left: int
    wins: tuple[Mapping[str, object], ...]
    refused: tuple[Mapping[str, object], ...]
    name: str = field(default="")  # its name, where the game writes one (南宁's 五筒)


def refuse_the_win(request: Mapping[str, object], score: type, waits: type, piece: str) -> None:
    """Refuse, by name, the fields a score request has and a waits request leaves out: a wait has not happened yet.

    Examples:
        >>> from rules.nanning.request import ScoreRequest, WaitsRequest
        >>> refuse_the_win({"hand": "1m", "win": "自摸"}, ScoreRequest, WaitsRequest, "tile")
        Traceback (most recent call last):
        ...
        rules.errors.RuleError: waits takes the hand one tile short, without win
    """
    given = [key for key in without(score, waits) if key in request]
    if given:
        raise RuleError(f"waits takes the hand one {piece} short, without {', '.join(given)}")


def waits_json(game: str, hand: str, key: str, found: Sequence[Wait]) -> dict[str, object]:
    """A game's waits as `caipan waits` prints them: each wait under the game's key for a piece (``tile``,
    ``card``), and the list of those pieces under the plural (schema ``<game>.waits.response``).

    Examples:
        >>> waits_json("zipai", "一", "card", [Wait("伍", 2, (), ())])["waits"]
        [{'card': '伍', 'left': 2, 'wins': [], 'refused': []}]
    """
    def one(w: Wait) -> dict[str, object]:
        return {key: w.piece, **({"name": w.name} if w.name else {}), "left": w.left, "wins": list(w.wins),
                "refused": list(w.refused)}

    return {"game": game, "hand": hand, f"{key}s": [w.piece for w in found], "waits": [one(w) for w in found]}
