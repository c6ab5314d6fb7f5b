"""听牌 (waits), shared by both games: a waits request is a score request without the win."""
from __future__ import annotations

from collections.abc import Set

from .errors import RuleError


def check_fields(request: dict, fields: Set[str], win_fields: Set[str], unit: str) -> None:
    """Refuse the fields of the win itself (a wait has not happened yet) and any unknown field.

    Examples:
        >>> check_fields({"hand": "1m"}, {"hand", "win"}, {"win"}, "tile")
        >>> check_fields({"hand": "1m", "win": "自摸"}, {"hand", "win"}, {"win"}, "tile")
        Traceback (most recent call last):
        ...
        rules.errors.RuleError: waits takes the hand one tile short, without win
        >>> check_fields({"hnad": "1m"}, {"hand", "win"}, {"win"}, "tile")
        Traceback (most recent call last):
        ...
        rules.errors.RuleError: unknown field(s): hnad; known: hand
    """
    given = sorted(set(request) & win_fields)
    if given:
        raise RuleError(f"waits takes the hand one {unit} short, without {', '.join(given)}")
    unknown = set(request) - fields
    if unknown:
        raise RuleError(f"unknown field(s): {', '.join(sorted(unknown))}; "
                        f"known: {', '.join(sorted(set(fields) - set(win_fields)))}")
