"""A score request priced under a preset of a deployed program (`rules.zipai.club`, 不见于原文):
the request read into counts, parts and a `ClubWin`, and the answer `caipan score --game zipai` prints,
in the keys of the document's answer (schema ``zipai.score.response``) with the preset named.
"""
from __future__ import annotations

import re

from ..errors import RuleError
from ..ledger import Payment, payments_json
from ..options import NOT_IN_DOCUMENTS, values_by_key
from .cards import Card, counts
from .club import ClubRules, ClubScore, ClubWin, Part, club_score, group_huxi
from .groups import sequence_kind
from .model import Extra, GroupKind, Seat, ShownKind, Win
from .request import ScoreRequest, ShownEntry
from .rule_set import RuleSet

SHOWN = {ShownKind.PENG: GroupKind.PENG, ShownKind.ZHAO: GroupKind.ZHAO, ShownKind.LONG: GroupKind.LONG}
SIZE = {ShownKind.PENG: 3, ShownKind.ZHAO: 4, ShownKind.LONG: 4}


def shown_part(entry: ShownEntry, rule_set: RuleSet) -> Part:
    """One shown group as a part, its cards in the order written (the program values a group by its
    first card; a 吃 of 二 or 三 into 一二三 it stores taken card first, so write that order).

    Examples:
        >>> from rules.zipai.loader import default_rule_set
        >>> shown_part(ShownEntry(kind=ShownKind.PENG, cards="五五五"), default_rule_set())
        (<GroupKind.PENG: '碰'>, (4, 4, 4))
    """
    cards = rule_set.constants.deck.parse(entry.cards, "shown cards")
    if entry.kind is ShownKind.CHI:
        kind = sequence_kind(cards)
        mixed = len(cards) == 3 and len({c.number for c in cards}) == 1 and len({c.size for c in cards}) == 2
        if kind is None and mixed:
            kind = GroupKind.DAXIAO
        if kind is None:
            raise RuleError(f"吃 {entry.cards} is not a run, 二七十 or 大小搭")
        return kind, tuple(c.index for c in cards)
    if len(cards) != SIZE[entry.kind] or len(set(cards)) != 1:
        raise RuleError(f"{entry.kind.value} is {SIZE[entry.kind]} alike, not {entry.cards}")
    return SHOWN[entry.kind], tuple(c.index for c in cards)


def club_win(request: ScoreRequest) -> ClubWin:
    """How the request's hand was won, as the preset reads it: 起手 is turn 0 on one's own card, 海底
    the wall empty; the preset has no 头块 and no 杠分.

    Examples:
        >>> from rules.request import read
        >>> club_win(read(ScoreRequest, {"hand": "一", "extras": ["起手"]})).turn
        0
    """
    if request.gang:
        raise RuleError("the preset pays no 杠分: leave out gang")
    if Extra.TOUKUAI in request.extras:
        raise RuleError("the preset has no 头块")
    opening = Extra.OPENING in request.extras
    if opening and request.win is not None:
        raise RuleError("an opening-hand win (起手) has no win method: leave out win")
    if not opening and request.win is None:
        raise RuleError("win is required: 自摸, 点炮 or 胡别人从墩上的牌 (or extras [\"起手\"])")
    win = Win.ZIMO if opening else request.win
    assert win is not None
    return ClubWin(win, request.from_seat, dict(request.bao), 0 if opening else None, Extra.HAIDI in request.extras)


def club_answer(request: ScoreRequest, rule_set: RuleSet) -> dict[str, object]:
    """The request scored under its preset.

    Examples:
        >>> from rules.request import read
        >>> from rules.registry import game
        >>> z = game("zipai")
        >>> r = read(ScoreRequest, {"hand": "一一一二三四五六七八九十壹贰叁柒捌玖肆肆肆", "win": "点炮", "from": "下家",
        ...                          "preset": "luzhou-daer"})
        >>> out = club_answer(r, z.rule_set_of(r))
        >>> out["huxi"], out["mingtang"], out["total"], out["net"]
        (15, [], 4, {'胡牌者': 4, '上家': 0, '下家': -4})
    """
    club = rule_set.club
    if club is None:
        raise RuleError("the rule set names no preset")
    deck = rule_set.constants.deck
    concealed = deck.parse(request.hand, "hand")
    if not concealed:
        raise RuleError("hand is empty")
    win = club_win(request)
    won_on: Card | None = None
    if win.turn != 0:
        won_on = deck.parse(request.win_card, "win_card")[0] if request.win_card else concealed[-1]
        if won_on not in concealed:
            raise RuleError("win_card must be one of the hand's cards")
    shown = tuple(shown_part(e, rule_set) for e in request.shown)
    score = club_score(counts(concealed), None if won_on is None else won_on.index, shown, win, club, deck)
    return render(score, club, rule_set)


def rule_id(rule: str, club: ClubRules) -> str:
    """A Bridge line as a rule id of the answer (lower case and hyphens, like the document's ids).

    Examples:
        >>> from rules.zipai.club import presets
        >>> rule_id("Bridge 390-396 TWENTY_TO_TWENTY_NINE", presets()["luzhou-daer"])
        'luzhou-daer-bridge-390-396'
    """
    return "-".join([club.id, "bridge", *re.findall(r"\d+", rule)[:2]])


def _payments(score: ClubScore) -> tuple[Payment, ...]:
    return tuple(Payment(seat, Seat.WINNER, -amount, "胡牌", rules=score.rules)
                 for seat, amount in score.deltas.items() if seat is not Seat.WINNER and amount < 0)


def render(score: ClubScore, club: ClubRules, rule_set: RuleSet) -> dict[str, object]:
    """The answer in the document's keys; `huzi` is the round score, `preset` names the program and
    `bridge` the lines of its source each rule id stands for.

    A seat's `net` is its delta (handleHu's): the winner gains `winner_gains` × the round score
    whatever the others pay, zero-sum with three players.

    Examples:
        >>> from rules.zipai.club import presets
        >>> from rules.zipai.loader import default_rule_set
        >>> from rules.zipai.model import Win
        >>> daer = presets()["luzhou-daer"]
        >>> s = ClubScore(((GroupKind.KAN, (0, 0, 0)),), 6, 2, (), 1, 2, {Seat.WINNER: 4, Seat.SHANG: -2,
        ...               Seat.XIA: -2}, ("Bridge 397",))
        >>> out = render(s, daer, default_rule_set())
        >>> out["total"], out["rules"], out["bridge"]
        (4, ['luzhou-daer-bridge-397'], {'luzhou-daer-bridge-397': 'Bridge 397'})
    """
    deck = rule_set.constants.deck
    cards = [c for _, group in score.parts for c in group]
    payments = _payments(score)
    names = [f"{fan.value}×{n}" if n != 1 else fan.value for fan, n in score.mingtang]
    ledger = {seat.value: amount for seat, amount in score.deltas.items()}
    return {
        "game": "zipai",
        "preset": {"id": club.id, "name": club.name, "origin": club.origin, "provenance": list(club.provenance)},
        "groups": [{"kind": kind.value, "cards": deck.text(tuple(Card(i) for i in group)),
                    "huxi": group_huxi((kind, group), club, deck), "shown": False, "rule": club.id,
                    "note": NOT_IN_DOCUMENTS} for kind, group in score.parts],
        "huxi": score.huxi,
        "red_cards": sum(1 for c in cards if deck.colour(Card(c)).value == "红"),
        "gui": sum(1 for k in set(cards) if cards.count(k) >= club.gui_copies.value),
        "mingtang": [fan.value for fan, _ in score.mingtang],
        "huzi": score.round_score,
        "total": sum(p.amount for p in payments),
        "payments": payments_json(payments, roles=False),
        "ledger": ledger,
        "gang": {"payments": [], "ledger": dict.fromkeys(ledger, 0)},
        "net": ledger,
        "formula": f"{score.base} × (1 + {' + '.join(str(n) for _, n in score.mingtang) or '0'}) = {score.round_score}"
                   + (f"（{'、'.join(names)}）" if names else ""),
        "rules": [rule_id(r, club) for r in score.rules],
        "bridge": {rule_id(r, club): r for r in score.rules},
        "not_in_document": [{"id": club.id, "title": club.name, "source": club.provenance[0],
                             "note": NOT_IN_DOCUMENTS}],
        "readings": values_by_key(rule_set.options),
        "readings_changed": [],
    }
