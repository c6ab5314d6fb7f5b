"""What the 练习 pages offer and where they are linked from: every answer a drill may expect is one the built
page offers (the 牌型/名堂 to tick, the seats that pay, the tiles or cards to tap), the home page and each
scorer page link to practice, and every row of the cheat sheets links to a drill whose situation is that
row's (the row's own words, read from the built page, checked against the drill the core draws)."""
from __future__ import annotations

import json
from html.parser import HTMLParser

import pytest

from generator.site.drill import games
from rules.drill import Level, Mode, drills, module, read_id
from rules.drill import drill as draw
from rules.zipai.model import Bao, Seat
from rules.zipai.payouts import BAO

GAMES = games()


def page_data(built, game: str) -> dict:
    text = (built.site / "data" / f"{game}_drill.js").read_text(encoding="utf-8")
    return json.loads(text.removeprefix("window.CAIPAN_DRILL=").removesuffix(";\n"))


@pytest.mark.parametrize("game", GAMES)
def test_every_answer_a_drill_expects_is_offered_by_the_page(built, game):
    data = page_data(built, game)
    assert [m for m, _ in data["modes"]] == [m.value for m in module(game).MODES]
    pieces = {code for row in data["ui"]["palette"] for code in row}
    offered = {Mode.PATTERNS: set(data["names"]), Mode.PAYERS: set(data["payer_seats"]), Mode.WAITS: pieces}
    for mode, choices in offered.items():
        for level in Level:
            for d in drills({"game": game, "mode": mode.value, "level": level.value, "seed": 0, "count": 40}):
                assert set(d["expect"]) <= choices, d["id"]


def test_home_and_scorer_pages_link_to_practice(built):
    home = (built.site / "index.html").read_text(encoding="utf-8")
    for game in GAMES:
        assert f'href="{game}/drill/"' in home
        scorer = (built.site / game / "scorer" / "index.html").read_text(encoding="utf-8")
        assert 'href="../../' + game + '/drill/"' in scorer


class Rows(HTMLParser):
    """The table rows of a page: (the section's h2 id, the cells' texts, the drill ids its 练 links name)."""

    def __init__(self) -> None:
        super().__init__()
        self.rows: list[tuple[str, list[str], list[str]]] = []
        self.section = ""
        self.cell: list[str] | None = None
        self.in_link = False
        self.in_body = False

    def handle_starttag(self, tag, attrs):
        a = dict(attrs)
        if tag == "h2":
            self.section = a.get("id", "")
        elif tag == "tbody":
            self.in_body = True
        elif tag == "tr" and self.in_body:
            self.rows.append((self.section, [], []))
        elif tag in ("th", "td") and self.in_body:
            self.cell = []
        elif tag == "a" and "cp-practice" in (a.get("class") or "").split():
            self.rows[-1][2].append(a["data-drill-id"])
            self.in_link = True

    def handle_endtag(self, tag):
        if tag == "tbody":
            self.in_body = False
        elif tag in ("th", "td") and self.cell is not None:
            self.rows[-1][1].append("".join(self.cell).strip())
            self.cell = None
        elif tag == "a":
            self.in_link = False

    def handle_data(self, data):
        if self.cell is not None and not self.in_link:
            self.cell.append(data)


def sheet_rows(built, game: str) -> list[tuple[str, list[str], list[str]]]:
    parser = Rows()
    parser.feed((built.site / game / "cheatsheet" / "index.html").read_text(encoding="utf-8"))
    return [row for row in parser.rows if row[0].startswith("cheat-")]


def the_drill(drill_id: str) -> dict:
    return draw(*read_id(drill_id))


def nanning_row(section: str, cells: list[str], d: dict) -> bool:
    """Whether a drill is the situation of a row of Nanning's sheet, as the row's heading says it."""
    request, label = d["request"], "+".join(d["answer"]["patterns"])
    if section == "cheat-nn-grid":
        return cells[0] == label
    if section == "cheat-nn-chains":
        return cells[0] == label and len(request.get("chain", [])) > 1
    if section == "cheat-nn-fenghu":
        return cells[0] == request["win"] + request.get("fenghu", "")
    raise AssertionError(f"a table of Nanning's sheet this test does not know: {section}")


def zipai_row(section: str, cells: list[str], d: dict) -> bool:
    """Whether a drill is the situation of a row of 字牌's sheet, as the row's cells say it."""
    request, answer = d["request"], d["answer"]
    bao = {seat: state for seat, state in request.get("bao", {}).items() if state != Bao.NONE.value}

    def bao_is(label: str) -> bool:
        return bao == {s.value: b.value for s, b in zip(Seat, BAO[label][1], strict=True) if b is not Bao.NONE}

    if section == "cheat-zp-grid":
        return answer["huxi"] == int(cells[0])
    if section == "cheat-zp-bao":
        if cells[0].startswith("自摸·"):
            return request["win"] == "自摸" and cells[0][3:] in request.get("extras", []) and bao_is(cells[1])
        return request["win"] == cells[0] and bao_is(cells[1])
    if section == "cheat-zp-opening":
        return set(answer["mingtang"]) >= ({"天胡"} if cells[0].startswith("无名堂") else {cells[0]})
    if section == "cheat-zp-gang":
        return any(g["kind"] == cells[0] for g in request.get("gang", []))
    if section == "cheat-zp-huxi":
        colour, kind = cells[0].split("·")
        red = colour == "红"
        return any(g["kind"] == kind and all(c in RED for c in g["cards"]) == red for g in answer["groups"])
    raise AssertionError(f"a table of 字牌's sheet this test does not know: {section}")


ROW = {"nanning": nanning_row, "zipai": zipai_row}
RED = set("二七十贰柒拾")  # 字牌's red cards


@pytest.mark.parametrize("game", [g for g in GAMES if g in ROW])
def test_every_cheat_sheet_row_links_to_a_drill_of_that_row(built, game):
    rows = sheet_rows(built, game)
    assert len({section for section, _, _ in rows}) >= 3, rows[:3]
    assert [(section, cells) for section, cells, ids in rows if len(ids) != 1] == []  # one link on every row
    for section, cells, (drill_id,) in rows:
        assert ROW[game](section, cells, the_drill(drill_id)), (section, cells, drill_id)
