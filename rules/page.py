"""What the site's pages ask of the core (计分器, 牌局记账, 练习), in one call: `call(game, kind, text)`.

The page's worker (site_src/assets/scorer-worker.js) runs this very function through Pyodide, and the
build's precompile step asks it the same kinds, so the trimmed standard library keeps what answering
them imports. The text is the request as the page got it (a URL fragment, a pasted or imported night),
judged by the CLI's reader: the page says what ``caipan`` says of the same bytes.

Kinds:
    score, waits, session: the request of ``caipan score|waits|session``;
    drill: the arguments of ``caipan drill`` but the game (``{"mode": …, "level": …, "seed": …}`` or
        ``{"id": …}``): ``{"drills": [...]}``;
    verdict: ``{"id": <drill id>, "given": <answer>}``: the drill redrawn from its id and the answer
        checked (`rules.drill.verdict`).

Examples:
    >>> import json
    >>> json.loads(call("nanning", "score", '{"hand": "1m"}'))["error"]
    'missing field(s) in the request: win'
    >>> night = '{"players": ["甲", "乙", "丙"], "dealer": "甲", "hands": []}'
    >>> json.loads(call("zipai", "session", night))["ok"]["dealer"]
    '甲'
"""
from __future__ import annotations

import json
from collections.abc import Callable, Mapping
from typing import Any

from . import registry
from .errors import RuleError
from .request import MAX_INPUT_BYTES, answer
from .session import MAX_SESSION_BYTES

KINDS = ("score", "waits", "session", "drill", "verdict")


def _drills(game: str) -> Callable[[dict[str, Any]], Mapping[str, object]]:
    from .drill import drills

    def ask(arguments: dict[str, Any]) -> Mapping[str, object]:
        if "game" in arguments:
            raise RuleError("unknown field(s) in the request: game; the page's game is given")
        return {"drills": drills({**arguments, "game": game})}
    return ask


def _verdict(game: str) -> Callable[[dict[str, Any]], Mapping[str, object]]:
    from .drill import drills, verdict

    def check(request: dict[str, Any]) -> Mapping[str, object]:
        unknown = sorted(set(request) - {"id", "given"})
        missing = sorted({"id", "given"} - set(request))
        if unknown or missing:
            raise RuleError(f"a verdict request is {{\"id\": …, \"given\": …}}; "
                            f"{'unknown: ' + ', '.join(unknown) if unknown else 'missing: ' + ', '.join(missing)}")
        (one,) = drills({"game": game, "id": request["id"]})
        return verdict(one, request["given"])
    return check


def call(game: str, kind: str, text: str) -> str:
    """One page request answered: ``{"ok": <the CLI's result>}``, or ``{"error": <its one line>}`` (with
    ``"internal": true`` when the line is a bug's, not a refusal), as JSON text.

    Examples:
        >>> json.loads(call("nanning", "verdict", '{"id": "x"}'))["error"]
        'a verdict request is {"id": …, "given": …}; missing: given'
    """
    if kind not in KINDS:
        return json.dumps({"error": f"kind must be one of {', '.join(KINDS)}, not {kind[:32]!r}"}, ensure_ascii=False)
    rules = registry.game(game)
    ask = {"score": rules.score, "waits": rules.waits, "session": rules.session}.get(kind) or (
        _drills(game) if kind == "drill" else _verdict(game))
    result, line = answer(ask, text.encode("utf-8"), limit=MAX_SESSION_BYTES if kind == "session" else MAX_INPUT_BYTES)
    if result is not None:
        return '{"ok": ' + result + "}"
    if line.startswith("error: "):
        return json.dumps({"error": line.removeprefix("error: ")}, ensure_ascii=False)
    return json.dumps({"error": line, "internal": True}, ensure_ascii=False)
