"""What the 开发者 (developers) page shows: the CLI's examples with their real answers, the
errors with their real messages, and every schema with an example document, all computed
at build time through the rules core (nothing typed twice)."""
from __future__ import annotations

import csv
import json
import shlex
from pathlib import Path

from rules import registry, schemas
from rules.__main__ import STATUS_HELP, error_json, fields_help
from rules.request import answer

# Published files and the schema each one follows (`{game}` for each game of the registry).
PUBLISHED = {
    "{game}_payouts.json": "{game}.payouts",
    "{game}_payouts.csv": "{game}.payouts.csv",
    "{game}_presets.json": "{game}.presets",
    "{game}_readings.json": "{game}.readings",
    "crosscheck.csv": "crosscheck",
    "findings.csv": "findings",
    "lines.csv": "lines",
}

# Bad input that shows each kind of refusal, through the command line of the first game.
REFUSALS = [
    ("输入不是 JSON", "not json"),
    ("输入不是一个 JSON 对象", "[1, 2]"),
    ("未知字段（拼错的键不会被悄悄忽略）", '{"hand": "234m678m999m55p", "win": "放炮", "zzz": 1}'),
    ("缺少必填字段", '{"win": "放炮"}'),
    ("规则不允许的情形（附规则编号与原文行号）",
     '{"hand": "111m555m999p55s", "melds": [{"kind": "碰", "tile": "7z"}], "win": "抢杠胡", "win_tile": "5s"}'),
]


# The shared modules of the Python API, before each game's own (`game_modules`).
API = ["rules.game", "rules.registry", "rules.request", "rules.options", "rules.ledger", "rules.errors",
       "rules.schemas", "rules.waits", "rules.__main__"]

# What a game's package names its Game, its presets and readings, and its waits.
ROLES = ["game", "request", "rule_set", "loader", "options", "model", "waits"]


def schema_for(file: str) -> str | None:
    """The schema a published file follows, or None.

    Examples:
        >>> schema_for("nanning_payouts.json"), schema_for("findings.csv"), schema_for("x.txt")
        ('nanning.payouts', 'findings', None)
    """
    for pattern, schema in PUBLISHED.items():
        for game in registry.ids():
            if pattern.format(game=game) == file:
                name = schema.format(game=game)
                return name if name in schemas.names() else None
    return None


def refuse(game: str, text: str) -> dict:
    """What the command line says to this input, plain and with --json-errors (`rules.request.answer`,
    as `serve` calls it)."""
    call = registry.game(game).score
    result, line = answer(call, text.encode("utf-8"))
    if result is not None:
        raise ValueError(f"{text} is not refused")
    return {"line": line, "json": answer(call, text.encode("utf-8"), refusal=error_json)[1]}


def sample(path: Path, parsed: object = None) -> object:
    """A short example of a published file: a CSV's first row, a JSON object with each list cut to
    its first item. `parsed`: the JSON file's content when the build has read it already (the payout
    tables are megabytes)."""
    if path.suffix == ".csv":
        with path.open(encoding="utf-8-sig", newline="") as f:
            return next(csv.DictReader(f))
    data = parsed if parsed is not None else json.loads(path.read_text(encoding="utf-8"))
    return {k: v[:1] if isinstance(v, list) else v for k, v in data.items()}


def context(folder: Path, parsed: dict[str, object] | None = None) -> dict:
    """Everything developers.md.j2 shows; `folder` is the site's data/ with the published files,
    `parsed` the content of those of them the build has read already, by file name."""
    published = sorted(p.name for p in folder.iterdir() if p.is_file())
    examples: dict[str, list[dict]] = {"score": [], "waits": [], "session": []}
    answers: dict[str, object] = {}
    for command, found in examples.items():
        for g in registry.games():
            name = f"{g.id}.{command}.request"
            if name not in schemas.names():
                continue
            request = schemas.load(name)["examples"][0]
            text = json.dumps(request, ensure_ascii=False)
            answer = getattr(g, command)(request)
            answers[f"{g.id}.{command}.response"] = answer
            found.append({"game": g.id, "title": g.title, "request": text, "command_name": command,
                          "command": f"echo {shlex.quote(text)} | caipan {command} --game {g.id}",
                          "answer": json.dumps(answer, ensure_ascii=False, indent=1)})
    first = registry.ids()[0]
    refusals = [{"what": what, "input": text, **refuse(first, text)} for what, text in REFUSALS]
    documents = {}
    for file in sorted(published):
        name = schema_for(file)
        if name:
            documents.setdefault(name, []).append(file)
    listed = []
    for name in schemas.names():
        schema = schemas.load(name)
        example = schema.get("examples", [answers.get(name)])[0]
        # a shared shape (payouts) shows a file of a schema built on it
        files = documents.get(name) or [f for other in schemas.names() for f in documents.get(other, [])
                                        if {"$ref": schemas.URN + name} in schemas.load(other).get("allOf", [])]
        if example is None and files:
            example = sample(folder / files[0], (parsed or {}).get(files[0]))
        if example is None:  # a schema of definitions only: an example of each that has one
            example = {f"$defs/{key}": d["examples"][0] for key, d in schema.get("$defs", {}).items()
                       if d.get("examples")} or None
        listed.append({"name": name, "anchor": "schema-" + name.replace(".", "-"), "title": schema["title"],
                       "description": schema.get("description", ""), "version": schema["version"],
                       "files": documents.get(name, []), "key_count": len(schemas.keys(schema)),
                       "example": json.dumps(example, ensure_ascii=False, indent=1) if example is not None else ""})
    return {"examples": examples["score"], "waits": examples["waits"], "refusals": refusals, "schemas": listed,
            "first": first, "help": fields_help("score"), "waits_help": fields_help("waits"),
            "status_help": STATUS_HELP, "api": API + [m for g in registry.games() for m in game_modules(g)]}



def game_modules(game) -> list[str]:
    """A game's modules on the 开发者 page, those of its package that exist among `ROLES`.

    Examples:
        >>> from rules import registry
        >>> game_modules(registry.games()[0])[0] == type(registry.games()[0]).__module__
        True
    """
    import importlib.util

    package = type(game).__module__.rsplit(".", 1)[0]
    return [f"{package}.{role}" for role in ROLES if importlib.util.find_spec(f"{package}.{role}")]
