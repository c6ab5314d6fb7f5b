"""The request layer (rules.request) on a request declared here alone: a night's session, as the
session ledger will declare it — players, a dealer, a rule set, and a list of hands that is a
tagged union (a win nesting a whole score request, a draw, an adjustment). No reader code is
written for it: what it accepts, how it refuses, its JSON Schema and its form all come from the
declaration. The schema and the reader must agree on every input below."""
from __future__ import annotations

import ast
from collections.abc import Mapping
from dataclasses import dataclass
from enum import StrEnum
from types import MappingProxyType
from typing import ClassVar

import pytest
from jsonschema import Draft202012Validator

from generator.paths import ROOT
from rules.errors import RuleError
from rules.request import Published, Refs, RuleSetEntry, definition, field, fields_of, form_of, load, read, schema_of
from rules.request.fields import Many, Object, OneOf, Text


class Win(StrEnum):
    ZIMO = "自摸"
    FANGPAO = "放炮"


@dataclass(frozen=True, kw_only=True)
class Score:
    hand: str = field("the tiles", chars=16, example="123m")
    win: Win = field("how it won", example=Win.ZIMO)
    kongs: int | None = field("kongs in a row", low=1, high=4, default=None, rule="r-kongs")


@dataclass(frozen=True, kw_only=True)
class Won:
    winner: str = field("who won", chars=8)
    score: Score = field("the hand, as a score request")


@dataclass(frozen=True, kw_only=True)
class Draw:
    draw: bool = field("a hand nobody won")
    last_drawer: str | None = field("who drew the last tile", chars=8, default=None)


@dataclass(frozen=True, kw_only=True)
class Adjust:
    adjust: Mapping[str, int] = field("points moved by hand, by player", key_chars=8, low=-99, high=99, most=4)
    reason: str = field("why", chars=40)


@dataclass(frozen=True, kw_only=True)
class Session:
    published: ClassVar[Published] = Published(1, "a session", "A night's hands.", ())

    players: tuple[str, ...] = field("the players", chars=8, least=3, most=4, unique=True, example=["甲", "乙", "丙"])
    dealer: str = field("who deals first", chars=8)
    rule_set: RuleSetEntry | None = field("the rule set", key="rules", default=None)
    hands: tuple[Won | Draw | Adjust, ...] = field("the hands in order", most=8, default=())


NIGHT = {"players": ["甲", "乙", "丙"], "dealer": "甲", "rules": "dapao9", "hands": [
    {"winner": "乙", "score": {"hand": "123m", "win": "放炮", "kongs": 2}},
    {"draw": True},
    {"adjust": {"甲": -5, "乙": 5}, "reason": "诈胡"},
]}


def test_a_good_session_reads_into_its_declaration():
    night = read(Session, load(str(NIGHT).replace("'", '"').replace("True", "true").encode()))
    assert night.players == ("甲", "乙", "丙") and night.rule_set == RuleSetEntry(preset="dapao9")
    won, draw, adjust = night.hands
    assert won == Won(winner="乙", score=Score(hand="123m", win=Win.FANGPAO, kongs=2))
    assert draw == Draw(draw=True) and adjust.adjust == MappingProxyType({"甲": -5, "乙": 5})
    assert read(Session, {"players": ["a", "b", "c"], "dealer": "a"}).hands == ()


def _with(**changes: object) -> dict:
    return {**NIGHT, **changes}


def _hand(entry: object) -> dict:
    return _with(hands=[entry])


BAD = [
    ({"players": ["a", "b", "c"]}, "missing field(s) in the request: dealer"),
    (_with(dealr="x"), "unknown field(s) in the request: dealr; known: dealer, hands, players, rules"),
    (_with(players=["a", "b"]), "players has 2 entries; at least 3"),
    (_with(players=["a", "b", "c", "d", "e"]), "players has 5 entries; at most 4"),
    (_with(players=["a", "b", "a"]), 'players lists "a" twice; each one at most once'),
    (_with(players=["a", "b", 3]), "players[3] must be a string, not a number 3"),
    (_with(dealer="x" * 9), 'dealer is 9 characters long; at most 8: "xxxxxxxxx"'),
    (_with(dealer=None), "dealer must be a string, not null"),
    (_with(rules=5), "rules must be a string or an object, not a number 5"),
    (_with(rules={"preset": "x", "extra": 1}), "unknown field(s) in rules: extra; known: options, preset"),
    (_with(rules={"options": {"moma": True}}), "rules.options.moma must be a string, not true"),
    (_with(hands={"draw": True}), "hands must be a list, not an object {\"draw\": true}"),
    (_hand({"reason": "x"}), "hands[1] must have one of the fields winner, draw, adjust, not reason"),
    (_hand({"winner": "a", "draw": True}), "hands[1] must have one of the fields winner, draw, adjust, "
                                           "not winner and draw together"),
    (_hand({"winner": "a"}), "missing field(s) in hands[1]: score"),
    (_hand({"winner": "a", "score": {"hand": "1m", "win": "胡了"}}),
     'hands[1].score.win must be one of 自摸 | 放炮, not "胡了"'),
    (_hand({"winner": "a", "score": {"hand": "1m", "win": "自摸", "kongs": True}}),
     "hands[1].score.kongs must be a whole number from 1 to 4, not true (rule r-kongs)"),
    (_hand({"winner": "a", "score": {"hand": "1m", "win": "自摸", "kongs": 9}}),
     "hands[1].score.kongs must be from 1 to 4, not 9 (rule r-kongs)"),
    (_hand({"winner": "a", "score": {"hand": "1m", "win": "自摸", "kongs": 2.0}}),
     "hands[1].score.kongs must be a whole number from 1 to 4, not a number with a fraction 2.0 (rule r-kongs)"),
    (_hand({"winner": "a", "score": {"hand": "1m", "win": "自摸", "wn": 1}}),
     "unknown field(s) in hands[1].score: wn; known: hand, kongs, win"),
    (_hand({"draw": 1}), "hands[1].draw must be true or false, not a number 1"),
    (_hand({"adjust": {"a": 1, "b": 2, "c": 3, "d": 4, "e": 5}, "reason": "x"}),
     "hands[1].adjust has 5 entries; at most 4"),
    (_hand({"adjust": {"甲": "5"}, "reason": "x"}), "hands[1].adjust.甲 must be a whole number from -99 to 99, not "
                                                     'a string "5"'),
    (_hand({"adjust": {"x" * 9: 5}, "reason": "x"}),
     'hands[1].adjust key is 9 characters long; at most 8: "xxxxxxxxx"'),
]


@pytest.mark.parametrize("request_, says", BAD)
def test_a_bad_session_is_refused_in_one_line_that_says_where(request_, says):
    with pytest.raises(RuleError) as refused:
        read(Session, request_)
    assert refused.value.one_line() == says


def _validator() -> Draft202012Validator:
    refs = Refs(classes={RuleSetEntry: "#/$defs/rules"})
    schema = schema_of(Session, "session", refs)
    schema["$defs"] = {"rules": definition(RuleSetEntry, "a rule set", "dapao9")}
    Draft202012Validator.check_schema(schema)
    return Draft202012Validator(schema)


@pytest.mark.parametrize("request_", [NIGHT, {"players": ["a", "b", "c"], "dealer": "a"}])
def test_the_schema_accepts_what_the_reader_accepts(request_):
    read(Session, request_)
    assert not list(_validator().iter_errors(request_))


# JSON Schema counts 2.0 as an integer (draft 2020-12); the reader does not.
@pytest.mark.parametrize("request_, says", [(r, s) for r, s in BAD if "fraction" not in s])
def test_the_schema_rejects_what_the_reader_refuses(request_, says):
    assert list(_validator().iter_errors(request_)), says


def test_the_declaration_gives_the_shapes_and_the_form():
    hands = {f.key: f for f in fields_of(Session)}["hands"].shape
    assert isinstance(hands, Many) and isinstance(hands.item, OneOf)
    assert [o.decl for o in hands.item.options if isinstance(o, Object)] == [Won, Draw, Adjust]
    form = form_of(Session)
    assert [(f["key"], f["kind"], f["required"]) for f in form["fields"]] == [
        ("players", "list", True), ("dealer", "text", True), ("rules", "object", False), ("hands", "list", False)]
    players = form["fields"][0]
    assert (players["least"], players["most"], players["unique"], players["item"]) == (3, 4, True,
                                                                                       {"kind": "text", "chars": 8})
    won = form["fields"][3]["item"]["options"][0]
    assert [(f["key"], f["kind"]) for f in won["fields"]] == [("winner", "text"), ("score", "object")]
    assert won["fields"][1]["fields"][1] == {"kind": "enum", "choices": ["自摸", "放炮"], "key": "win",
                                             "required": True, "description": "how it won", "example": "自摸"}


@pytest.mark.parametrize("declaration, problem", [
    ("hand: str = field('x')", "give chars="),
    ("kongs: int = field('x', low=1)", "give high="),
    ("names: tuple[str, ...] = field('x', chars=4)", "give most="),
    ("hand: str", "declare it with rules.request.field"),
    ("hand: str | None = field('x', chars=4)", "an optional field needs a default"),
    ("both: tuple[str, ...] | str = field('x', chars=4, most=2)", None),
    ("either: int | bool = field('x', low=0, high=1)", None),
    ("ratio: float = field('x')", "cannot hold"),
])
def test_a_declaration_that_says_too_little_is_a_type_error(declaration, problem):
    namespace: dict = {}
    exec(f"from dataclasses import dataclass\nfrom rules.request import field\n"
         f"@dataclass(frozen=True, kw_only=True)\nclass Decl:\n    {declaration}\n", namespace)
    if problem is None:
        assert fields_of(namespace["Decl"])
        return
    with pytest.raises(TypeError, match=problem):
        fields_of(namespace["Decl"])


def test_the_reader_has_no_game_in_it():
    """rules/request/ is shared: it names no game, and every game's request is declared, not read by hand."""
    for path in sorted((ROOT / "rules" / "request").glob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        imported = {n.module for n in ast.walk(tree) if isinstance(n, ast.ImportFrom) and n.module}
        assert not {m for m in imported if m.startswith(("nanning", "zipai", "rules.nanning", "rules.zipai"))}, path
    assert isinstance(fields_of(Won)[1].shape, Object) and isinstance(fields_of(Draw)[1].shape, Text)


def _games_requests() -> list[tuple[str, str, type]]:
    from rules import registry

    return [(g.id, command, d) for g in registry.games() for command, d in g.requests.items()]


@pytest.mark.parametrize("game, command, declaration", _games_requests())
def test_each_games_form_is_json_and_names_every_field_of_its_schema(game, command, declaration):
    """The scorer's form description (`form_of`): JSON, every field of the published schema in the same
    order, each with what it holds, its kind's choices or bounds, and its nested fields."""
    import json

    from rules import schemas

    form = json.loads(json.dumps(form_of(declaration), ensure_ascii=False))
    schema = schemas.load(f"{game}.{command}.request")
    assert [f["key"] for f in form["fields"]] == list(schema["properties"])
    assert [f["key"] for f in form["fields"] if f["required"]] == schema["required"]

    def check(shape: dict, where: str) -> None:
        kind = shape["kind"]
        if kind == "enum":
            assert shape["choices"], where
        elif kind in ("text", "tiles", "tile"):
            assert shape["chars"] > 0, where
        elif kind == "count":
            assert shape["low"] <= shape["high"], where
        elif kind == "list":
            assert 0 <= shape["least"] <= shape["most"], where
            check(shape["item"], where + "[]")
        elif kind == "table":
            check(shape["key_shape"], where + " key")
            check(shape["value"], where + " value")
        elif kind == "object":
            for f in shape["fields"]:
                assert f["description"], f"{where}.{f['key']}"
                check(f, f"{where}.{f['key']}")
        else:
            assert kind in ("flag", "one_of"), where

    for f in form["fields"]:
        assert f["description"] and "example" in f, (game, command, f["key"])
        check(f, f["key"])


# Which fields hold tile or card codes (`Spec.holds`), by game and request: the form's kinds `tiles` (a hand or a
# group, drawn as a palette to tap) and `tile` (one code: the winning one, a meld's), every other text stays `text`.
HOLDS = {
    ("nanning", "score"): {"hand": "tiles", "win_tile": "tile", "melds[].tile": "tile",
                           "multi[].hand": "tiles", "multi[].melds[].tile": "tile", "multi[].win_tile": "tile"},
    ("nanning", "waits"): {"hand": "tiles", "melds[].tile": "tile"},
    ("zipai", "score"): {"hand": "tiles", "win_card": "tile", "shown[].cards": "tiles"},
    ("zipai", "waits"): {"hand": "tiles", "shown[].cards": "tiles"},
}


def _coded(fields: list[dict], where: str = "") -> dict[str, str]:
    """Every field of a form (nested ones by their path, a list's entries as `[]`) whose kind is tiles or tile."""
    out: dict[str, str] = {}
    for f in fields:
        path, shape = where + f["key"], f
        while shape["kind"] == "list":
            path, shape = path + "[]", shape["item"]
        if shape["kind"] in ("tiles", "tile"):
            out[path] = shape["kind"]
        elif shape["kind"] == "object":
            out.update(_coded(shape["fields"], path + "."))
    return out


@pytest.mark.parametrize("game, command", sorted(HOLDS))
def test_the_fields_that_hold_tiles_or_cards_are_kind_tiles_or_tile(game, command):
    from rules import registry

    assert _coded(form_of(registry.game(game).requests[command])["fields"]) == HOLDS[game, command]


def test_holds_changes_a_text_fields_kind_and_nothing_else():
    from rules.request import Holds

    @dataclass(frozen=True, kw_only=True)
    class Hand:
        hand: str = field("the tiles", chars=16, holds=Holds.TILES)
        tile: str | None = field("the winning one", chars=4, holds=Holds.TILE, default=None)
        note: str | None = field("a note", chars=4, default=None)

    assert [(f["key"], f["kind"], f["chars"]) for f in form_of(Hand)["fields"]] == [
        ("hand", "tiles", 16), ("tile", "tile", 4), ("note", "text", 4)]
    assert [p["type"] for p in schema_of(Hand)["properties"].values()] == ["string"] * 3  # the JSON is text as before
