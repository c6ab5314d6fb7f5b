"""Every game by id: the one list the command line, the build, the pages and the tests loop over.

A new ruleset is one folder with a `Game` subclass and one line in `GAMES`
(or a `register()` call, as the tests' toy game does).

Examples:
    >>> [g.id for g in games()][:2]
    ['nanning', 'zipai']
    >>> game("zipai").title
    '三人字牌'
"""
from __future__ import annotations

import importlib
from typing import Any

from .errors import RuleError
from .game import Game

AnyGame = Game[Any, Any, Any]  # a game of the registry, whatever its kinds

# id → "module:Class", in the order pages list them. Imported on first use.
GAMES = {
    "nanning": "rules.nanning.game:Nanning",
    "zipai": "rules.zipai.game:Zipai",
}

_loaded: dict[str, AnyGame] = {}


def register(game: AnyGame) -> AnyGame:
    """Add a game (or replace one with the same id); returns it.

    Examples:
        >>> register(object())
        Traceback (most recent call last):
        ...
        rules.errors.RuleError: a game needs an id and a title
    """
    if not getattr(game, "id", "") or not getattr(game, "title", ""):
        raise RuleError("a game needs an id and a title")
    _loaded[game.id] = game
    GAMES.setdefault(game.id, "")
    return game


def unregister(game_id: str) -> None:
    """Remove a game added by `register` (for tests); the games of `GAMES` stay.

    Examples:
        >>> unregister("nanning"); "nanning" in ids()
        True
    """
    _loaded.pop(game_id, None)
    if not GAMES.get(game_id):
        GAMES.pop(game_id, None)


def game(game_id: str) -> AnyGame:
    """The game with this id.

    :raises RuleError: an unknown id, naming the known ones.

    Examples:
        >>> game("nanning").title
        '南宁麻将'
        >>> game("chess")
        Traceback (most recent call last):
        ...
        rules.errors.RuleError: unknown game 'chess'; known: nanning, zipai...
    """
    if game_id not in _loaded:
        where = GAMES.get(game_id)
        if not where:
            raise RuleError(f"unknown game {game_id!r}; known: {', '.join(GAMES)}")
        module, _, name = where.partition(":")
        found: AnyGame = getattr(importlib.import_module(module), name)()
        _loaded[game_id] = found
    return _loaded[game_id]


def games() -> list[AnyGame]:
    """Every game, in order.

    Examples:
        >>> [g.title for g in games()][:2]
        ['南宁麻将', '三人字牌']
    """
    return [game(game_id) for game_id in list(GAMES)]


def ids() -> list[str]:
    """Every game's id, in order (the command line's ``--game`` choices).

    Examples:
        >>> ids()[:2]
        ['nanning', 'zipai']
    """
    return list(GAMES)
