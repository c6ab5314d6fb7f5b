"""The generator side of every registered game (`rules.registry`).

Each game names its module in `Game.generator`; the build, the example
extraction, the pages and the charts loop over these modules and never name a
game. Such a module has

- ``steps(ctx) -> list[(title, function)]``: its data steps. They write
  ``<id>_payouts.json|csv`` (the core's `Game.payout_table`),
  ``<id>_crosscheck.csv`` and ``<id>_findings.csv`` into ``ctx.generated``;

and, when the game needs them,

- ``example_patterns(words, defaults)`` and ``normalise_patterns(found)``: the
  patterns a worked example's words name (`generator.examples`);
- ``site_data(generated) -> dict``: what its own pages read, by name;
- ``reader_names(own) -> {internal key: Chinese name}``: names for the keys of its presets,
  options, constants or readings, given what ``site_data`` read, so that pages never show a
  key such as ``kong_point`` (`generator.site.names`);
- ``pages(pages, d)``: its own pages (`generator.site.pages.Pages`);
- ``targets() -> {id: page}``: ids its own pages hold anchors for (rule ids of a
  game without a source article);
- ``charts() -> [(anchor id, file name, function(d, path))]`` for the charts page;
- ``RULE_DATA = {data file: the core's loader}``: the rule data checked before the build
  (`generator.inputs`), each complaint naming its file.
- ``notes() -> {page: Jinja source}``: its own paragraph on a page the games share
  (``"article"``, ``"finder"``), rendered with ``link``;
- ``analytics``: a module with ``Part(ctx)``, its steps and its section of the
  statistics page (`generator.analytics`).
- ``scorer_data(d, link) -> dict``: what its 计分器 page (``<id>/scorer/``, the core on
  Pyodide, `generator.site.scorer`) offers: the words of its forms, its house rules, a
  cheat sheet of requests, and ``links`` (cited id → URL);
- ``start(ctx)``: slow work handed to the build's workers before the first step
  (`generator.build`).

A game's package keeps ``start`` in ``early.py`` and the other hooks in ``hooks.py``,
which its ``__init__`` hands out when first asked for: starting the work imports only
the rules core, not pandas or matplotlib.
"""
from __future__ import annotations

import importlib
from types import ModuleType

from rules import registry


def module(game_id: str) -> ModuleType | None:
    """The generator module of a game, or None if it has none."""
    name = registry.game(game_id).generator
    return importlib.import_module(name) if name else None


def modules() -> dict[str, ModuleType]:
    """Every game's generator module, by game id, in registry order."""
    out = {}
    for game in registry.games():
        found = module(game.id)
        if found is not None:
            out[game.id] = found
    return out


def ids() -> list[str]:
    return registry.ids()


def titles() -> dict[str, str]:
    """Game id → its Chinese title, in registry order."""
    return {game.id: game.title for game in registry.games()}
