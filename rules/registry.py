"""Every game by id: the one list the command line, the build, the pages and the tests loop over.

A new ruleset is one folder with a `Game` subclass and one line in `GAMES`
(or a `register()` call, as the tests' toy game does).

    >>> [g.id for g in games()][:2]
    ['nanning', 'zipai']
    >>> game("zipai").title
    '三人字牌'
"""
from __future__ import annotations

import importlib

from .errors import RuleError
from .game import Game

# id → "module:Class", in the order pages list them. Imported on first use.
GAMES = {
    "nanning": "rules.nanning.game:Nanning",
    "zipai": "rules.zipai.game:Zipai",
}

_loaded: dict[str, Game] = {}


def register(game: Game) -> Game:
    """Add a game (or replace one with the same id); returns it."""
    if not getattr(game, "id", "") or not getattr(game, "title", ""):
        raise RuleError("a game needs an id and a title")
    _loaded[game.id] = game
    GAMES.setdefault(game.id, "")
    return game


def unregister(game_id: str) -> None:
    """Remove a game added by `register` (for tests)."""
    _loaded.pop(game_id, None)
    if not GAMES.get(game_id):
        GAMES.pop(game_id, None)


def game(game_id: str) -> Game:
    """The game with this id. :raises RuleError: an unknown id, naming the known ones."""
    if game_id not in _loaded:
        where = GAMES.get(game_id)
        if not where:
            raise RuleError(f"unknown game {game_id!r}; known: {', '.join(GAMES)}")
        module, _, name = where.partition(":")
        _loaded[game_id] = getattr(importlib.import_module(module), name)()
    return _loaded[game_id]


def games() -> list[Game]:
    """Every game, in order."""
    return [game(game_id) for game_id in list(GAMES)]


def ids() -> list[str]:
    return list(GAMES)
