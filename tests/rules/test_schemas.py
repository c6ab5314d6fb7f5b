"""The published contract (rules/schemas): every schema is a valid draft 2020-12 schema, agrees with
the code's enums, accepts every README example, schema example and published file, rejects wrong
documents, ships in the site, and changes only as the last recorded edition allows."""
from __future__ import annotations

import copy
import json
import subprocess
import sys

import pandas as pd
import pytest
from jsonschema import Draft202012Validator

from generator.paths import ROOT
from generator.site import developers, edition
from rules import drill, registry, schemas
from rules.request import fields_of, without

from tests.contract import ERROR_LINE, check_run, errors
from tests.rules.test_game import EXAMPLES

NAMES = schemas.names()
GAMES = registry.ids()


def cli(game: str, text: str, *flags: str, command: str = "score") -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "rules", command, "--game", game, *flags], input=text,
                          capture_output=True, text=True, cwd=ROOT, timeout=120)


# The games with waits (issue 10), and what each waits module refuses as the fields of the win.
WAITS = [g for g in GAMES if (ROOT / "rules" / g / "waits.py").exists()]


@pytest.mark.parametrize("name", NAMES)
def test_every_schema_is_valid_and_names_itself(name):
    schema = schemas.load(name)
    Draft202012Validator.check_schema(schema)
    assert schema["$schema"] == "https://json-schema.org/draft/2020-12/schema"
    assert schema["$id"] == f"urn:caipan:{name}" and schema["title"] and isinstance(schema["version"], int)
    stamp = schema.get("properties", {}).get("schema_version")
    if stamp is not None:  # a published file's stamp is the schema's version (text in a CSV)
        assert stamp["const"] in (schema["version"], str(schema["version"]))


@pytest.mark.parametrize("game", GAMES)
def test_every_game_has_request_and_response_schemas(game):
    assert {f"{game}.score.request", f"{game}.score.response", f"{game}.payouts"} <= set(NAMES)
    if (ROOT / "rules" / game / "waits.py").exists():
        assert {f"{game}.waits.request", f"{game}.waits.response"} <= set(NAMES), "waits has no schema"


def _enum(game: str, *path: str) -> list:
    node = schemas.load(f"{game}.score.request")
    for key in path:
        node = node[key]
    return node["enum"]


def test_request_enums_are_the_code_enums():
    """A schema lists exactly what the parser accepts (no value typed into the schema that the code lacks)."""
    from rules.nanning.model import FengHu, KongKind, MeldKind, Win, Seat
    from rules.zipai.model import Bao, Extra, GangKind
    from rules.zipai.model import Seat as ZSeat
    from rules.zipai.model import Win as ZWin

    p = ("properties",)
    assert _enum("nanning", *p, "win") == [m.value for m in Win]
    assert _enum("nanning", *p, "melds", "items", *p, "kind") == [m.value for m in MeldKind]
    assert _enum("nanning", *p, "chain", "items") == [k.value for k in KongKind]
    assert _enum("nanning", *p, "fenghu") == [f.value for f in FengHu]
    assert _enum("nanning", *p, "discarder") == [s.value for s in Seat if s is not Seat.SELF]
    assert _enum("zipai", *p, "win") == [w.value for w in ZWin if w is not ZWin.OPENING]
    assert _enum("zipai", *p, "extras", "items") == [e.value for e in Extra]
    assert _enum("zipai", *p, "gang", "items", *p, "kind") == [k.value for k in GangKind]
    assert _enum("zipai", *p, "bao", "additionalProperties") == [b.value for b in Bao]
    assert _enum("zipai", *p, "gang", "items", *p, "by") == [s.value for s in ZSeat]


@pytest.mark.parametrize("name", sorted(schemas.generated()))
def test_the_committed_request_schemas_are_what_the_declarations_give(name):
    """rules/schemas/<game>.<command>.request.schema.json (and common's shared definitions) are generated from
    the requests' declarations (`python -m rules.schemas --write`): a field list lives in one place."""
    assert schemas.text(name) == schemas.dumps(schemas.generated()[name]), "run: python -m rules.schemas --write"


def test_every_request_a_game_answers_has_its_schema_and_every_field_its_declaration():
    for g in registry.games():
        for command, declaration in g.requests.items():
            schema = schemas.load(f"{g.id}.{command}.request")
            assert list(schema["properties"]) == [f.key for f in fields_of(declaration)], (g.id, command)
            assert schema["version"] == declaration.published.version


@pytest.mark.parametrize("game", WAITS)
def test_waits_request_fields_are_the_score_fields_without_the_win(game):
    """The waits request lists exactly what `waits` accepts: the score fields less the win's."""
    requests = registry.game(game).requests
    score = set(schemas.load(f"{game}.score.request")["properties"])
    waits = schemas.load(f"{game}.waits.request")
    assert set(waits["properties"]) == {f.key for f in fields_of(requests["waits"])}
    assert score - set(waits["properties"]) == set(without(requests["score"], requests["waits"]))
    for key, spec in waits["properties"].items():  # the same field, the same schema (a $ref), hand apart
        assert key == "hand" or spec == {"$ref": f"urn:caipan:{game}.score.request#/properties/{key}"}, key


@pytest.mark.parametrize("game", WAITS)
def test_waits_examples_follow_the_schemas(game):
    """Each waits request example is answered with at least one wait, and the answer (from the core and
    from the command line) follows the waits response schema."""
    for sample in schemas.load(f"{game}.waits.request")["examples"]:
        assert errors(f"{game}.waits.request", sample) == []
        answer = registry.game(game).waits(sample)
        assert answer["waits"] and errors(f"{game}.waits.response", answer) == []
        done = cli(game, json.dumps(sample, ensure_ascii=False), command="waits")
        assert done.returncode == 0 and json.loads(done.stdout) == answer


def test_the_readme_waits_examples_follow_the_schemas():
    """Each `… -m rules waits --game ID` example of the README: its request and the answer follow the schemas."""
    import re

    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    found = re.findall(r"echo '(\{.*?\})' \|\s*\S+ -m rules waits --game (\w+)", readme)
    assert found
    for text, game in found:
        assert errors(f"{game}.waits.request", json.loads(text)) == []
        done = cli(game, text, command="waits")
        assert done.returncode == 0 and errors(f"{game}.waits.response", json.loads(done.stdout)) == []


@pytest.mark.parametrize("game", WAITS)
def test_a_waits_request_with_the_win_is_refused_by_schema_and_command(game):
    """Each field of the win: the schema rejects it, and so does the command line (one line, status 2)."""
    requests = registry.game(game).requests
    sample = schemas.load(f"{game}.waits.request")["examples"][0]
    score = schemas.load(f"{game}.score.request")
    for key in without(requests["score"], requests["waits"]):
        value = schemas.resolve(score["properties"][key])["examples"][0]
        wrong = {**sample, key: value}
        assert errors(f"{game}.waits.request", wrong), key
        done = cli(game, json.dumps(wrong, ensure_ascii=False), command="waits")
        assert done.returncode == 2 and f"without {key}" in done.stderr, (key, done.stderr)


@pytest.mark.parametrize("game", GAMES)
def test_readme_examples_and_schema_examples_follow_the_schemas(game):
    request = f"{game}.score.request"
    samples = [EXAMPLES[game], *schemas.load(request).get("examples", [])]
    for sample in samples:
        assert errors(request, sample) == []
        assert errors(f"{game}.score.response", registry.game(game).score(sample)) == []


@pytest.mark.parametrize("name", NAMES)
def test_every_example_in_a_schema_follows_it(name):
    """The top-level examples, and each property's examples against that property's own schema."""
    schema = schemas.load(name)
    for sample in schema.get("examples", []):
        assert errors(name, sample) == []
    parts = [(f"properties/{k}", s) for k, s in schema.get("properties", {}).items()]
    parts += [(f"$defs/{k}", s) for k, s in schema.get("$defs", {}).items()]
    for key, spec in parts:
        for sample in spec.get("examples", []):
            wrapper = {"$schema": schema["$schema"], "$ref": f"urn:caipan:{name}#/{key}"}
            from tests.contract import registry as reg
            assert not list(Draft202012Validator(wrapper, registry=reg()).iter_errors(sample)), (key, sample)


# The fields whose help example, set alone on the game's example request, is refused, and what the
# refusal names: the field needs others the example lacks (the example wins by 杠上花 with one kong and
# one 碰, too few melds for 封胡; by 自摸 with no 招 or 拢 shown and 碰 shown, which a 爆 winner cannot have;
# and plays neither 摸码 nor 钓鱼). Every other field's example scores.
REFUSED_ALONE = {
    "nanning": {"kongs": "nn-7-mg1-r1", "chain": "nn-7-mg1-r1", "multi": "nn-7-mg1-r1", "fenghu": "nn-12-r1",
                "moma_hits": "nn-22-d1", "fishing": "nn-22-yu-d1"},
    "zipai": {"shown": "ext-zp-hand", "from": "`from` only goes with", "bao": "zp-1-baopai-r2"},
}


@pytest.mark.parametrize("game", GAMES)
def test_the_property_examples_run_through_the_command_line(game):
    """Each field's help example, set on the game's example request, is a real input: scored, or (the
    fields of REFUSED_ALONE) refused in one line by the rule that needs other fields with it."""
    base = schemas.load(f"{game}.score.request")["examples"][0]
    refused = REFUSED_ALONE.get(game, {})
    fields = fields_of(registry.game(game).requests["score"])
    assert set(refused) <= {f.key for f in fields}
    for f in fields:
        done = cli(game, json.dumps({**base, f.key: f.spec.example}, ensure_ascii=False))
        if f.key in refused:
            assert done.returncode == 2 and refused[f.key] in done.stderr, (f.key, done.stderr)
        else:
            assert done.returncode == 0, (f.key, done.stderr)


# -- wrong documents -------------------------------------------------------------------------------

def _valid_samples(built) -> dict[str, object]:
    """One valid document per schema (not `common`, which only holds definitions)."""
    out: dict[str, object] = {}
    for game in GAMES:
        out[f"{game}.score.request"] = EXAMPLES[game]
        out[f"{game}.score.response"] = registry.game(game).score(EXAMPLES[game])
    for game in WAITS:
        out[f"{game}.waits.request"] = schemas.load(f"{game}.waits.request")["examples"][0]
        out[f"{game}.waits.response"] = registry.game(game).waits(out[f"{game}.waits.request"])
    for game in GAMES:
        out[f"{game}.session.request"] = schemas.load(f"{game}.session.request")["examples"][0]
        out[f"{game}.session.response"] = registry.game(game).session(out[f"{game}.session.request"])
    out["drill.request"] = schemas.load("drill.request")["examples"][0]
    out["drill"] = drill.drills(out["drill.request"])[0]
    out["error"] = schemas.load("error")["examples"][0]
    for path in sorted((built.site / "data").iterdir()):
        name = developers.schema_for(path.name)
        if name:
            out[name] = developers.sample(path)
    for name in ("payouts",):
        out[name] = json.loads((built.site / "data" / f"{GAMES[0]}_payouts.json").read_text(encoding="utf-8"))
    return out


def _mutants(schema: dict, doc: dict) -> list[tuple[str, object]]:
    """Wrong versions of a valid object: each required key dropped, a typed key given the wrong type,
    an unknown key where none is allowed."""
    for part in schema.get("allOf", []):  # a game's table: the shared table's keys too
        base = schemas.load(part["$ref"].removeprefix(schemas.URN))
        schema = {**base, **schema, "required": base.get("required", []),
                  "properties": {**base.get("properties", {}), **schema.get("properties", {})}}
    out = []
    row_keys = schema.get("properties", {}).get("rows", {}).get("items", {}).get("required", [])
    if row_keys and doc.get("rows"):
        out.append((f"a row without {row_keys[0]}",
                    {**doc, "rows": [{k: v for k, v in doc["rows"][0].items() if k != row_keys[0]}]}))
    for key in schema.get("required", [])[:6]:
        out.append((f"without {key}", {k: v for k, v in doc.items() if k != key}))
    for key, spec in schema.get("properties", {}).items():
        if spec.get("type") in ("string", "integer", "boolean", "array", "object") and key in doc:
            wrong = {"string": 12345, "integer": "12", "boolean": "yes", "array": {"x": 1}, "object": [1]}
            out.append((f"{key} of the wrong type", {**doc, key: wrong[spec["type"]]}))
            break
    if schema.get("additionalProperties") is False:
        out.append(("an unknown key", {**doc, "zzz_unknown": 1}))
    if "schema_version" in schema.get("properties", {}):
        out.append(("another schema_version", {**doc, "schema_version": 999}))
    return out


def test_every_schema_rejects_wrong_documents(built):
    samples = _valid_samples(built)
    assert set(samples) == set(NAMES) - {"common"}, set(NAMES) - {"common"} - set(samples)
    for name, doc in samples.items():
        assert errors(name, doc) == [], name
        mutants = _mutants(schemas.load(name), doc)
        assert len(mutants) >= 2, name
        for what, wrong in mutants:
            assert errors(name, wrong), f"{name} accepts a document {what}"


@pytest.mark.parametrize("name, document", [
    ("nanning.score.request", {"hand": "234m678m55p", "win": "胡了"}),
    ("nanning.score.request", {"hand": "234m678m55p", "win": "放炮", "melds": [{"kind": "吃", "tile": "1m"}]}),
    ("nanning.score.request", {"hand": "234m678m55p", "win": "放炮", "kongs": 0}),
    ("zipai.score.request", {"hand": "一二三", "bao": {"对家": "爆"}}),
    ("zipai.score.request", {"hand": "一二三", "readings": {"combine": "add"}}),
    ("nanning.score.request", {"hand": "234m678m55p", "win": "放炮", "multi": [{"seat": "本家", "hand": "1m"}]}),
    ("nanning.score.request", {"hand": "234m678m55p", "win": "放炮", "multi": [{"hand": "1m"}]}),
    ("nanning.score.response", {"game": "nanning", "multi": True, "preset": "yuanwen", "options": {}, "win": "放炮",
                                "chain": [], "payments": [], "net": {}, "formula": "x", "rules": ["nn-19-r1"]}),
    ("nanning.waits.request", {"hand": "1112345678999m", "melds": [{"kind": "吃", "tile": "1m"}]}),
    ("nanning.waits.response", {"game": "nanning", "hand": "1m", "tiles": [], "waits": [{"tile": "1m"}]}),
    ("zipai.waits.request", {"hand": "一二三", "shown": "五五五"}),
    ("zipai.waits.response", {"game": "zipai", "hand": "一", "cards": ["一"],
                              "waits": [{"card": "一", "left": 1, "wins": [], "refused": []}]}),
    ("error", {"schema_version": 1, "error": "RuleError", "status": 1, "message": "x", "rule": "", "source": ""}),
    ("error", {"schema_version": 1, "error": "RuleError", "status": 2, "message": "two\nlines", "rule": "",
               "source": ""}),
    ("common", {}),  # not a document: it only holds definitions, and it has no version field to match
])
def test_wrong_values_are_rejected(name, document):
    if name == "common":
        assert "type" not in schemas.load(name) and "$defs" in schemas.load(name)
        return
    assert errors(name, document)


# -- what the command line prints ------------------------------------------------------------------

@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize("text", ["not json", "[1]", '{"zzz": 1}', "{}"])
def test_json_errors_follow_the_error_schema(game, text):
    plain, as_json = cli(game, text), cli(game, text, "--json-errors")
    assert plain.returncode == as_json.returncode == 2
    line = json.loads(as_json.stderr)
    assert errors("error", line) == []
    assert ERROR_LINE.match(plain.stderr.strip()).group("message").startswith(line["message"][:20])


def test_usage_errors_are_one_line_too():
    done = subprocess.run([sys.executable, "-m", "rules", "score", "--game", "chess", "--json-errors"],
                          input="{}", capture_output=True, text=True, cwd=ROOT, timeout=120)
    assert done.returncode == 2 and errors("error", json.loads(done.stderr)) == []
    assert json.loads(done.stderr)["error"] == "UsageError"
    done = subprocess.run([sys.executable, "-m", "rules", "dance"], capture_output=True, text=True, cwd=ROOT,
                          timeout=120)
    assert done.returncode == 2 and done.stderr.count("\n") == 1 and done.stderr.startswith("error: ")


# Requests whose refusal lists what is known (every reading, option, field): the longest messages.
LONG_REFUSALS = [
    ("zipai", {"hand": "一", "readings": {"zp-r-nope": "x"}}),
    ("zipai", {"hand": "一", "readings": {"zp-r-combine": "x" * 500}}),
    ("zipai", {"hand": "一", "nope": 1, "nope2": 2}),
    ("nanning", {"hand": "1m", "rules": {"options": {"nope": "x"}}}),
    ("nanning", {"hand": "1m", "rules": {"preset": "x" * 500}}),
    ("nanning", {"hand": "1m" * 200}),
]
LONG_ARGUMENTS = [["score", "--game", "x" * 400], ["score", "--game", "nanning", *["y"] * 300], ["d" * 500]]


def _main(argv: list[str], text: str) -> str:
    import io

    from rules.__main__ import main

    err, stdin = io.StringIO(), sys.stdin
    sys.stdin = io.StringIO(text)
    try:
        assert main(argv, stderr=err) == 2
    finally:
        sys.stdin = stdin
    return err.getvalue()


@pytest.mark.parametrize("flags", [[], ["--json-errors"]])
@pytest.mark.parametrize("game, request_", LONG_REFUSALS)
def test_every_error_line_is_at_most_300_characters(game, request_, flags):
    from rules.request import MAX_LINE

    text = _main(["score", "--game", game, *flags], json.dumps(request_, ensure_ascii=False))
    assert text.endswith("\n") and text.count("\n") == 1 and len(text) - 1 <= MAX_LINE, (len(text), text)
    if flags:
        assert errors("error", json.loads(text)) == []


@pytest.mark.parametrize("flags", [[], ["--json-errors"]])
@pytest.mark.parametrize("argv", LONG_ARGUMENTS, ids=["game", "arguments", "command"])
def test_argument_errors_are_short_and_quote_the_input_shortened(argv, flags):
    from rules.request import MAX_LINE, echo

    text = _main([*argv, *flags], "{}")
    assert text.count("\n") == 1 and len(text) - 1 <= MAX_LINE, (len(text), text)
    if argv[2:3] == ["x" * 400]:
        assert echo(argv[2]) in (json.loads(text)["message"] if flags else text)


def test_the_contract_check_catches_broken_runs():
    args = [sys.executable, "-m", "rules", "score", "--game", GAMES[0]]
    assert check_run(args, "{}", 2, "", "error: x\nmore\n")
    assert check_run(args, "{}", 2, "", "Traceback (most recent call last):\n")
    assert check_run(args, "{}", 1, "", "")
    assert check_run(args, json.dumps(EXAMPLES[GAMES[0]]), 0, '{"game": "nanning"}', "")
    assert check_run([*args, "--json-errors"], "{}", 2, "", '{"error": "x"}\n')
    assert check_run(["ls"], "", 1, "", "") == []


@pytest.mark.parametrize("command", [["--help"], ["score", "--help"]])
def test_help_shows_every_input_field_with_an_example(command):
    done = subprocess.run([sys.executable, "-m", "rules", *command], capture_output=True, text=True, cwd=ROOT,
                          timeout=120)
    assert done.returncode == 0
    for game in GAMES:
        for f in fields_of(registry.game(game).requests["score"]):
            example = json.dumps(f.spec.example, ensure_ascii=False)
            assert f"  {f.key} " in done.stdout and example in done.stdout, (game, f.key)
        assert f"caipan score --game {game}" in done.stdout
    assert "exit status" in done.stdout


# -- published files -------------------------------------------------------------------------------

def _documents(path):
    if path.suffix == ".csv":
        return pd.read_csv(path, dtype=str, keep_default_na=False).to_dict("records")
    return [json.loads(path.read_text(encoding="utf-8"))]


def test_every_published_file_follows_its_schema(built):
    """Every JSON and CSV the site offers for download has a schema, carries its version and follows it."""
    folder = built.site / "data"
    # *.data.json: what the payout pages' own script reads (issue 11), not a download
    files = sorted(p for p in folder.iterdir() if p.suffix in (".json", ".csv") and not p.name.endswith(".data.json"))
    assert files
    for path in files:
        name = developers.schema_for(path.name)
        assert name, f"{path.name} is published without a schema"
        docs = _documents(path)
        assert docs, path.name
        for doc in docs:
            assert str(doc["schema_version"]) == str(schemas.version(name)), path.name
        problems = [e for doc in docs for e in errors(name, doc)]
        assert problems == [], (path.name, problems[:3])
        # the download is the generated file (a CSV with a byte-order mark before it, for Excel)
        bom = "\ufeff".encode() if path.suffix == ".csv" else b""
        assert path.read_bytes() == bom + (built.generated / path.name).read_bytes()


def test_the_schemas_are_published_unchanged(built):
    folder = built.site / "data" / "schemas"
    # (name.gz, name.br and name.zst beside a file are its compressed copies for the server:
    # tests/generator/site/test_site.py checks those)
    published = sorted(p.name for p in folder.iterdir() if p.suffix not in (".gz", ".br", ".zst"))
    assert published == sorted(f"{n}{schemas.SUFFIX}" for n in NAMES)
    for name in NAMES:
        assert (folder / f"{name}{schemas.SUFFIX}").read_text(encoding="utf-8") == schemas.text(name)


def test_the_csv_version_column_keeps_pandas_loading_plainly(built):
    frame = pd.read_csv(built.generated / "findings.csv")
    assert list(frame.columns)[-1] == "schema_version" and set(frame["schema_version"]) == {schemas.version("findings")}


# -- versioning ------------------------------------------------------------------------------------

def test_no_unrecorded_breaking_change_since_the_last_edition():
    """A key removed or renamed since the last recorded edition must come with a version bump."""
    last = edition.recorded()[-1]
    assert "schemas" in last, "the last recorded edition has no schema shapes: record an edition"
    assert schemas.breaking(last["schemas"], schemas.shapes()) == []


def test_a_removed_key_is_caught_and_shows_on_the_changelog():
    now = schemas.shapes()
    name = "nanning.score.response"
    renamed = copy.deepcopy(now)
    renamed[name]["keys"] = [k if k != "total" else "sum" for k in renamed[name]["keys"]]
    assert schemas.breaking(now, renamed) == [f"{name}: key total removed or renamed without a version bump (still 1)"]
    bumped = copy.deepcopy(renamed)
    bumped[name]["version"] += 1
    assert schemas.breaking(now, bumped) == []
    change = edition.schema_changes(now, renamed)
    assert change == [{"name": name, "what": "改动", "old_version": 1, "new_version": 1, "added": ["sum"],
                       "removed": ["total"], "breaking": True}]
    assert edition.schema_changes(now, bumped)[0]["breaking"] is False
    assert schemas.keys(schemas.load(name)) == now[name]["keys"]


# -- the 开发者 page ---------------------------------------------------------------------------------

def test_the_developers_page_examples_run(built):
    """Every command the page shows runs through the real command line and prints what the page shows."""
    import html
    import re

    from tests.conftest import parse

    page = built.site / "developers" / "index.html"
    text = html.unescape(re.sub(r"<[^>]+>", "", page.read_text(encoding="utf-8")))
    ids = set(parse(page).ids)
    shown = developers.context(built.site / "data")
    assert [e["game"] for e in shown["examples"]] == GAMES
    for e in shown["examples"]:
        assert e["command"] in text
        done = cli(e["game"], e["request"])
        assert done.returncode == 0 and json.loads(done.stdout) == json.loads(e["answer"])
    assert [e["game"] for e in shown["waits"]] == WAITS
    for e in shown["waits"]:
        assert e["command"] in text
        done = cli(e["game"], e["request"], command="waits")
        assert done.returncode == 0 and json.loads(done.stdout) == json.loads(e["answer"])
    for r in shown["refusals"]:
        done = cli(shown["first"], r["input"])
        assert done.returncode == 2 and done.stderr.strip() == r["line"] and r["line"] in text
        assert json.loads(cli(shown["first"], r["input"], "--json-errors").stderr) == json.loads(r["json"])
    for name in NAMES:  # every schema has its section, with an example
        assert "schema-" + name.replace(".", "-") in ids, name
        assert next(s for s in shown["schemas"] if s["name"] == name)["example"], f"{name} has no example"
    reference = set(parse(built.site / "developers" / "api" / "index.html").ids)
    for module in shown["api"]:  # the API reference, a page of its own, rendered every module
        assert module in reference, module
