"""A night at the table (牌局记账), for every game: the players in playing order, the first dealer, the
rule set and the hands in order, recomputed whole in one call (`night`).

A game declares its night (``rules/<game>/request.py``: `SessionRequest`, a hand is a win, a 荒庄, a
诈胡 or an adjustment) and says what one hand settles (``rules/<game>/session.py``: an `Outcome`);
what every game shares is here: the seating (`Table`: each player the 下家 of the one before), the
hand kinds every game takes (`FalseWinHand`, `AdjustHand`), the loop that deals the hands in turn and
keeps the running totals, and the settlement in the fewest transfers (`transfers`).

Pure functions, JSON in and out: the page runs the same call through Pyodide.

Examples:
    >>> transfers({"甲": 30, "乙": -10, "丙": -20}, ("甲", "乙", "丙"))
    [{'from': '乙', 'to': '甲', 'amount': 10}, {'from': '丙', 'to': '甲', 'amount': 20}]
"""
from __future__ import annotations

from collections import OrderedDict
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from enum import StrEnum
from functools import cache
from typing import Generic, TypeVar

from .errors import RuleError
from .request import Spec, echo, field

NAME_CHARS = 16  # a player's name
MOST_HANDS = 500  # a long night is some 50 hands; the bound keeps a night within a second
MAX_SESSION_BYTES = 1 << 18  # a night of MOST_HANDS hands of a few hundred bytes each
MOST_POINTS = 1_000_000  # an adjustment, each player
REASON_CHARS = 80

ADJUST = "调整"  # the kind of a hand that is an adjustment by hand

Json = dict[str, object]
HandT = TypeVar("HandT")
RequestT = TypeVar("RequestT")
RuleSetT = TypeVar("RuleSetT")


def players_spec(count: int) -> Spec:
    """The players of a game of `count` seats: names in playing order, each the 下家 of the one before.

    Examples:
        >>> players_spec(3).most
        3
    """
    return Spec(f"the {count} players' names in playing order, each the 下家 of the one before", chars=NAME_CHARS,
                least=count, most=count, unique=True,
                example=["阿明", "小红", "老王", "阿芳"][:count])


FIRST_DEALER = Spec("who deals the first hand (one of players)", chars=NAME_CHARS, example="阿明")
WINNER = Spec("the winner (one of players): 本家/胡牌者 of the score request, whose seats are named from him",
              chars=NAME_CHARS, example="小红")
DRAW = Spec("荒庄: nobody won (must be true)", example=True)


@dataclass(frozen=True, kw_only=True)
class FalseWinHand:
    """诈胡: a player declared a win he did not have (南宁 nn-20-d1; 字牌's document prices none).

    Examples:
        >>> FalseWinHand(false_win="老王").false_win
        '老王'
    """

    false_win: str = field("诈胡: the player who declared a false win", chars=NAME_CHARS, example="老王")


@dataclass(frozen=True, kw_only=True)
class AdjustHand:
    """An adjustment by hand (调整): points moved between players, summing to zero, with a reason.
    It deals no hand: the deal and the 圈 stay.

    Examples:
        >>> AdjustHand(adjust={"阿明": 5, "小红": -5}, reason="漏算杠分").reason
        '漏算杠分'
    """

    adjust: Mapping[str, int] = field("player → points (+ receives, − pays); they sum to 0", key_chars=NAME_CHARS,
                                      low=-MOST_POINTS, high=MOST_POINTS, most=4,
                                      example={"阿明": 5, "小红": -5})
    reason: str = field("why, in a few words", chars=REASON_CHARS, example="上一盘漏算杠分")


# ---------------------------------------------------------------- the seating

@dataclass(frozen=True)
class Table:
    """The players in playing order (position 0 first), each the 下家 of the one before.

    Examples:
        >>> t = Table(("甲", "乙", "丙"))
        >>> t.at("丙", "winner"), t.from_seat(1, 1)
        (2, '丙')
    """

    players: tuple[str, ...]

    def at(self, name: str, path: str) -> int:
        """The position of a player named in the hand at `path`.

        :raises RuleError: a name not at the table.

        Examples:
            >>> Table(("甲", "乙", "丙")).at("丁", "hands[2].winner")
            Traceback (most recent call last):
            ...
            rules.errors.RuleError: hands[2].winner: "丁" is not at the table; players: 甲, 乙, 丙
        """
        if name not in self.players:
            raise RuleError(f"{path}: {echo(name)} is not at the table; players: {', '.join(self.players)}")
        return self.players.index(name)

    def from_seat(self, position: int, step: int) -> str:
        """The player `step` places after `position` in playing order (1: his 下家).

        Examples:
            >>> Table(("甲", "乙", "丙", "丁")).from_seat(3, 1)
            '甲'
        """
        return self.players[(position + step) % len(self.players)]

    def named(self, net: Mapping[str, object], position: int, seats: Sequence[StrEnum]) -> tuple[int, ...]:
        """A net by seat, the seats named from the player at `position` (`seats`: in playing order from
        him), as a net by position.

        Examples:
            >>> from rules.zipai.model import Seat
            >>> order = (Seat.WINNER, Seat.XIA, Seat.SHANG)
            >>> Table(("甲", "乙", "丙")).named({"胡牌者": 6, "上家": -4, "下家": -2}, 1, order)
            (-4, 6, -2)
        """
        out = [0] * len(self.players)
        for step, seat in enumerate(seats):
            amount = net.get(seat.value, 0)
            out[(position + step) % len(out)] = amount if isinstance(amount, int) else 0
        return tuple(out)


def scored(answer: Mapping[str, object], table: Table, winner: int,
           seats: Sequence[StrEnum]) -> tuple[tuple[int, ...], tuple[str, ...], str]:
    """What a score answer (``caipan score``'s JSON) settles at the table: its net by position (the seats named
    from the winner at `winner`), its rule ids and its formula.

    Examples:
        >>> from rules.zipai.model import Seat
        >>> answer = {"net": {"胡牌者": 40, "上家": 0, "下家": -40}, "rules": ["zp-1-dianpao-r1"], "formula": "40"}
        >>> scored(answer, Table(("甲", "乙", "丙")), 2, (Seat.WINNER, Seat.XIA, Seat.SHANG))
        ((-40, 0, 40), ('zp-1-dianpao-r1',), '40')
    """
    net, rules = answer["net"], answer["rules"]
    if not isinstance(net, Mapping) or not isinstance(rules, list):
        raise TypeError("a score answer has a net and rules")
    return table.named(net, winner, seats), tuple(map(str, rules)), str(answer["formula"])


def table_of(players: tuple[str, ...], dealer: str) -> tuple[Table, int]:
    """The seating of a night and the first dealer's position; a name must be printable, non-empty and
    without spaces at its ends (a page shows it, a CSV and a link carry it).

    :raises RuleError: a name that is empty or blank, or a dealer not at the table.

    Examples:
        >>> table_of(("甲", "乙", "丙"), "乙")[1]
        1
        >>> table_of(("甲", " ", "丙"), "甲")
        Traceback (most recent call last):
        ...
        rules.errors.RuleError: players[2] must be a name: printable, not empty, no spaces at its ends, not " "
    """
    for n, name in enumerate(players, start=1):
        if not name or name.strip() != name or not name.isprintable():
            raise RuleError(f"players[{n}] must be a name: printable, not empty, no spaces at its ends, "
                            f"not {echo(name)}")
    table = Table(players)
    return table, table.at(dealer, "dealer")


# ---------------------------------------------------------------- one hand, the night

@dataclass(frozen=True)
class Outcome:
    """What one hand settles, by position: its kind (胡牌, 一炮多响, 诈胡, 荒庄, 调整), each player's net,
    the rule ids why, the formula (an adjustment's reason), the winners, and who deals next and by which rule.

    Examples:
        >>> Outcome("荒庄", (0, 0, 0), ("zp-1-huangzhuang-r1",), "荒庄", 0, "zp-1-quan-r1").winners
        ()
    """

    kind: str
    net: tuple[int, ...]
    rules: tuple[str, ...]
    formula: str
    next_dealer: int
    dealer_rule: str
    winners: tuple[int, ...] = ()


def adjustment(hand: AdjustHand, table: Table, dealer: int, path: str) -> Outcome:
    """An adjustment by hand: every name at the table, the amounts summing to zero; the deal stays.

    Examples:
        >>> table = Table(("甲", "乙", "丙"))
        >>> adjustment(AdjustHand(adjust={"甲": 5, "丙": -5}, reason="漏算"), table, 1, "hands[1]").net
        (5, 0, -5)
        >>> adjustment(AdjustHand(adjust={"甲": 5}, reason="漏算"), table, 1, "hands[1]")
        Traceback (most recent call last):
        ...
        rules.errors.RuleError: hands[1].adjust sums to 5, not 0: an adjustment moves points between players
    """
    net = [0] * len(table.players)
    for name, amount in hand.adjust.items():
        net[table.at(name, f"{path}.adjust")] += amount
    if sum(net):
        raise RuleError(f"{path}.adjust sums to {sum(net)}, not 0: an adjustment moves points between players")
    return Outcome(ADJUST, tuple(net), (), hand.reason, dealer, "")


def night(game: str, table: Table, first: int, hands: Sequence[HandT],
          play: Callable[[HandT, int, str], Outcome], quan: Sequence[str] = ()) -> Json:
    """The night: each hand dealt in turn (`play`: a hand, its dealer's position, its path → its `Outcome`),
    its net and the running totals by name, then who deals next and who pays whom. `quan` (字牌's 圈, in
    order): each hand's and the next one's, the next 圈 each time the deal comes back to the first dealer
    from another player, and after the last the first again.

    A refusal names its hand (``hands[3]: …``, counted from 1 as every path of a request).

    Examples:
        >>> t = Table(("甲", "乙", "丙"))
        >>> out = night("x", t, 0, [AdjustHand(adjust={"甲": 5, "乙": -5}, reason="r")],
        ...             lambda h, d, path: adjustment(h, t, d, path))
        >>> out["totals"], out["dealer"], out["transfers"]
        ({'甲': 5, '乙': -5, '丙': 0}, '甲', [{'from': '乙', 'to': '甲', 'amount': 5}])
    """
    names = table.players
    totals = [0] * len(names)
    dealer, laps = first, 0
    out: list[Json] = []
    for k, hand in enumerate(hands, start=1):
        path = f"hands[{k}]"
        entry: Json = {"quan": quan[laps % len(quan)]} if quan else {}
        try:
            done = play(hand, dealer, path)
        except RuleError as exc:
            message = exc.message if exc.message.startswith(path) else f"{path}: {exc.message}"
            raise RuleError(message, rule=exc.rule, source=exc.source) from None
        totals = [t + n for t, n in zip(totals, done.net, strict=True)]
        entry = {"kind": done.kind, "dealer": names[dealer], **entry,
                 "winners": [names[w] for w in done.winners],
                 "net": dict(zip(names, done.net, strict=True)), "totals": dict(zip(names, totals, strict=True)),
                 "rules": list(done.rules), "formula": done.formula,
                 "next_dealer": names[done.next_dealer], "dealer_rule": done.dealer_rule}
        out.append(entry)
        laps += done.next_dealer != dealer and done.next_dealer == first
        dealer = done.next_dealer
    result: Json = {"game": game, "players": list(names), "hands": out,
                    "totals": dict(zip(names, totals, strict=True)), "dealer": names[dealer]}
    if quan:
        result["quan"] = quan[laps % len(quan)]
    result["transfers"] = transfers(result["totals"], names)  # type: ignore[arg-type]
    return result


class Remembered(Generic[RequestT, RuleSetT]):
    """A game's scoring of a checked request under a rule set, remembering the last `most` answers by the
    request's text (which names its rule set: the night writes its rules into each hand's request).

    Scoring is pure, so a night recomputed after an edit (a page keeps its interpreter) scores only the
    hands it has not seen; the engine only reads an answer.

    Examples:
        >>> calls = []
        >>> score = Remembered(lambda request, rule_set: calls.append(request) or {"net": {}}, most=2)
        >>> score("a", None) is score("a", None), calls
        (True, ['a'])
        >>> _ = score("b", None), score("c", None), score("a", None); calls
        ['a', 'b', 'c', 'a']
    """

    def __init__(self, score: Callable[[RequestT, RuleSetT], Json], most: int = 4096) -> None:
        self.score, self.most = score, most
        self.known: OrderedDict[str, Json] = OrderedDict()

    def __call__(self, request: RequestT, rule_set: RuleSetT) -> Json:
        key = repr(request)
        found = self.known.get(key)
        if found is None:
            found = self.known[key] = self.score(request, rule_set)
            if len(self.known) > self.most:
                self.known.popitem(last=False)
        else:
            self.known.move_to_end(key)
        return found


# ---------------------------------------------------------------- the settlement (找数)

def transfers(totals: Mapping[str, int], order: Sequence[str]) -> list[dict[str, object]]:
    """Who pays whom to settle `totals` (which sum to zero), in the fewest transfers.

    Players whose totals sum to zero can settle among themselves, and a group of k players needs
    k − 1 transfers; so the fewest is the players owed or owing, less the most groups they split
    into that each sum to zero (found exactly, over subsets: a table has at most four players).
    Within a group the largest debt goes to the largest credit first, ties by playing order; the
    transfers are listed by payer, then payee, in playing order.

    Examples:
        >>> transfers({"甲": 5, "乙": -5, "丙": 3, "丁": -3}, "甲乙丙丁")  # two pairs: two transfers, not three
        [{'from': '乙', 'to': '甲', 'amount': 5}, {'from': '丁', 'to': '丙', 'amount': 3}]
        >>> transfers({"甲": 0, "乙": 0}, "甲乙")
        []
    """
    owed = [(name, totals[name]) for name in order if totals.get(name)]
    if sum(a for _, a in owed):
        raise ValueError("totals do not sum to zero")
    groups = _zero_groups(tuple(a for _, a in owed))
    out: list[tuple[int, int, int]] = []  # (payer, payee, amount) by index into `owed`
    for group in groups:
        left = {i: owed[i][1] for i in group}
        while any(left.values()):
            payer = min((i for i in left if left[i] < 0), key=lambda i: (left[i], i))
            payee = max((i for i in left if left[i] > 0), key=lambda i: (left[i], -i))
            amount = min(-left[payer], left[payee])
            out.append((payer, payee, amount))
            left[payer] += amount
            left[payee] -= amount
    return [{"from": owed[p][0], "to": owed[q][0], "amount": a} for p, q, a in sorted(out)]


@cache
def _zero_groups(amounts: tuple[int, ...]) -> tuple[tuple[int, ...], ...]:
    """The most groups of indices, each summing to zero, that `amounts` (summing to zero) split into:
    by subsets, the group holding the lowest index first (exact; 2^n for n amounts)."""
    n = len(amounts)
    total = [0] * (1 << n)
    for mask in range(1, 1 << n):
        low = mask & -mask
        total[mask] = total[mask ^ low] + amounts[low.bit_length() - 1]
    best: dict[int, tuple[int, int]] = {0: (0, 0)}  # mask → (groups, first group's mask)
    for mask in range(1, 1 << n):
        if total[mask]:
            continue
        low = mask & -mask
        rest = mask ^ low
        found = (0, 0)
        sub = rest
        while True:  # every zero-sum group holding the lowest index, the rest splitting best
            group = sub | low
            if total[group] == 0 and (mask ^ group) in best:
                count = best[mask ^ group][0] + 1
                if count > found[0]:
                    found = (count, group)
            if sub == 0:
                break
            sub = (sub - 1) & rest
        best[mask] = found
    groups = []
    mask = (1 << n) - 1
    while mask:
        group = best[mask][1]
        groups.append(tuple(i for i in range(n) if group >> i & 1))
        mask ^= group
    return tuple(groups)
