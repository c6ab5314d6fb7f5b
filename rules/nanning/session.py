"""A night of 南宁麻将 (`caipan session --game nanning`): each hand of a `SessionRequest` settled by name.

The night fills in what a hand needs from it, and refuses a hand that contradicts it:

- the rule set: the night's `rules`; a hand's score may name the same rules, not others;
- the dealer: 天胡 is the dealer's win (nn-14-r1), 地胡 a non-dealer's (nn-15-r1), 人胡 a non-dealer's on
  the dealer's first discard (nn-16-r1: the night fills in the discarder);
- who deals next (`rules.nanning.table.next_dealer`, ruling nn-a-next-dealer): the winner, or by the
  reading win_dealer the dealer on his own win and his 下家 otherwise; 一炮多响 the discarder
  (nn-19-s2-r1), 诈胡 the false winner (nn-20-d1), 荒庄 the last drawer or the dealer (nn-23-d1).

- 摸码 and 钓鱼, counted from the hand's dealer (nn-22-ma-e1, nn-22-yu-d1; ruling nn-a-next-dealer: from this
  hand's dealer however he came to deal): a win may give the code tiles drawn (`codes`) and each player's
  fishing tile (`fish`) for the night to count, instead of the score's `moma_hits` and `fishing`.
"""
from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace

from ..errors import RuleError
from ..game import Json
from ..request import RuleSetEntry
from ..session import AdjustHand, FalseWinHand, Outcome, Table, adjustment, night, scored, table_of
from .answer import rule_set_of
from .codes import seat_of
from .model import KongKind, Seat, Win
from .options import HuangzhuangDealer
from .request import DrawHand, FishingEntry, ScoreRequest, SessionRequest, WinHand
from .rule_set import RuleSet
from .scoring import false_win, kong_settlement
from .table import RELATIVE, Ending, absolute, next_dealer, relative
from .tiles import parse, parse_one

Hand = WinHand | DrawHand | FalseWinHand | AdjustHand
Score = Callable[[ScoreRequest, RuleSet], Json]  # a checked score request priced under a rule set


def session(request: SessionRequest, score: Score) -> Json:
    """What `caipan session --game nanning` prints (schema ``nanning.session.response``); `score` prices a
    checked score request under a rule set (`Nanning.score_request`).

    Examples:
        >>> from rules.registry import game
        >>> out = game("nanning").session({"players": ["甲", "乙", "丙", "丁"], "dealer": "甲", "hands": [
        ...     {"winner": "乙", "score": {"hand": "234m678m999m55p", "melds": [{"kind": "碰", "tile": "9s"}],
        ...                                "win": "自摸"}}]})
        >>> out["hands"][0]["net"], out["dealer"], out["transfers"][0]
        ({'甲': -3, '乙': 9, '丙': -3, '丁': -3}, '乙', {'from': '甲', 'to': '乙', 'amount': 3})
    """
    table, first = table_of(request.players, request.dealer)
    rule_set = rule_set_of(request.rule_set)

    def play(hand: Hand, dealer: int, path: str) -> Outcome:
        if isinstance(hand, WinHand):
            return _win(hand, table, dealer, rule_set, request.rule_set, path, score)
        if isinstance(hand, DrawHand):
            return _draw(hand, table, dealer, rule_set, path)
        if isinstance(hand, FalseWinHand):
            cheat = table.at(hand.false_win, f"{path}.false_win")
            settled = false_win(rule_set, Seat.SELF)
            net = table.named({s.value: n for s, n in settled.net().items()}, cheat, RELATIVE)
            seat, rule = next_dealer(Ending.FALSE_WIN, rule_set, dealer, cheat=cheat)
            return Outcome(Ending.FALSE_WIN.value, net, settled.rules, settled.formula, seat, rule)
        return adjustment(hand, table, dealer, path)

    return night("nanning", table, first, request.hands, play)


def _same_rules(asked: RuleSetEntry | None, rule_set: RuleSet, path: str) -> None:
    def named(r: RuleSet) -> str:
        return r.id + "".join(f" {k}={v}" for k, v in sorted(r.chosen.items()))

    if asked is not None and named(rule_set_of(asked)) != named(rule_set):
        raise RuleError(f"{path}.score.rules asks for {named(rule_set_of(asked))}, but the night plays "
                        f"{named(rule_set)}: a night has one rule set, its rules")


def _with_dealer(request: ScoreRequest, table: Table, winner: int, dealer: int, path: str) -> ScoreRequest:
    """The score request with what the dealer decides: 天胡, 地胡 and 人胡 checked, 人胡's discarder filled in."""
    names = table.players
    is_dealer = winner == dealer
    if request.win is Win.TIANHU and not is_dealer:
        raise RuleError(f"{path}: 天胡 is the dealer's win, and {names[winner]} is not the dealer ({names[dealer]})",
                        rule="nn-14-r1")
    if request.win in (Win.DIHU, Win.RENHU) and is_dealer:
        raise RuleError(f"{path}: {request.win.value} is a win of a player who is not the dealer, and "
                        f"{names[winner]} deals this hand", rule="nn-15-r1" if request.win is Win.DIHU else "nn-16-r1")
    if request.win is Win.RENHU:
        seat = relative(winner, dealer)
        if request.discarder not in (None, seat):
            raise RuleError(f"{path}.score.discarder: 人胡 is won on the dealer's first discard; the dealer "
                            f"{names[dealer]} is the winner's {seat.value}, not {request.discarder.value}",
                            rule="nn-16-r1")
        return replace(request, discarder=seat)
    return request


def _codes(hand: WinHand, table: Table, winner: int, dealer: int, path: str) -> ScoreRequest:
    """The score request with 摸码's hits and 钓鱼's catches counted from the dealer (nn-22-ma-e1, nn-22-yu-d1):
    the dealer 1、5、9、东、中, his 下家 2、6、南、发, …; a tile hits for the seat it points to."""
    request = hand.score
    if hand.codes is not None:
        if request.moma_hits:
            raise RuleError(f"{path}: give the code tiles (codes) or score.moma_hits, not both")
        tiles = parse(hand.codes, f"{path}.codes")
        if not tiles:
            raise RuleError(f"{path}.codes is empty: write the code tiles drawn")
        mine = (winner - dealer) % len(table.players)
        request = replace(request, moma_hits=sum(seat_of(t) == mine for t in tiles))
    if hand.fish:
        if request.fishing is not None:
            raise RuleError(f"{path}: give the fishing tiles (fish) or score.fishing, not both")
        caught = []
        for name, text in hand.fish.items():
            position = table.at(name, f"{path}.fish")
            if seat_of(parse_one(text, f"{path}.fish.{name}")) == (position - dealer) % len(table.players):
                caught.append(position)
        request = replace(request, fishing=FishingEntry(
            winner=winner in caught, payers=tuple(relative(winner, p) for p in caught if p != winner)))
    return request


def _win(hand: WinHand, table: Table, dealer: int, rule_set: RuleSet, entry: RuleSetEntry | None, path: str,
         score: Score) -> Outcome:
    winner = table.at(hand.winner, f"{path}.winner")
    _same_rules(hand.score.rule_set, rule_set, path)
    request = _with_dealer(replace(_codes(hand, table, winner, dealer, path), rule_set=entry), table, winner, dealer,
                           path)
    net, rules, formula = scored(score(request, rule_set), table, winner, RELATIVE)
    if request.multi:
        discarder = absolute(winner, request.discarder or Seat.PREV)
        winners = (winner, *(absolute(winner, w.seat) for w in request.multi))
        seat, rule = next_dealer(Ending.MULTI, rule_set, dealer, discarder=discarder)
        return Outcome(Ending.MULTI.value, net, rules, formula, seat, rule, winners)
    seat, rule = next_dealer(Ending.WIN, rule_set, dealer, winner=winner)
    return Outcome(Ending.WIN.value, net, rules, formula, seat, rule, (winner,))


def _draw(hand: DrawHand, table: Table, dealer: int, rule_set: RuleSet, path: str) -> Outcome:
    """荒庄: the kongs' 杠分 only (nn-23-d1), seats named from the dealer; who deals next."""
    if not hand.draw:
        raise RuleError(f"{path}.draw must be true: a hand nobody won is 荒庄; a won hand has winner and score")
    kongs = []
    for n, kong in enumerate(hand.kongs, start=1):
        maker = table.at(kong.by, f"{path}.kongs[{n}].by")
        victim = None if kong.from_player is None else table.at(kong.from_player, f"{path}.kongs[{n}].from")
        if kong.kind is KongKind.AN and victim is not None:
            raise RuleError(f"{path}.kongs[{n}]: an 暗杠 is paid by all three; leave out from", rule="nn-7-ag1-r1")
        kongs.append((relative(dealer, maker), kong.kind, None if victim is None else relative(dealer, victim)))
    settled = kong_settlement(rule_set, kongs)
    net = table.named({s.value: n for s, n in settled.net().items()}, dealer, RELATIVE)
    stays = rule_set.options.huangzhuang_dealer is HuangzhuangDealer.DEALER_STAYS
    if hand.last is None and not stays:
        raise RuleError(f"{path}: 荒庄 — the player who drew the last tile deals next: say who (last)",
                        rule="nn-23-d1")
    last = dealer if hand.last is None else table.at(hand.last, f"{path}.last")
    seat, rule = next_dealer(Ending.DRAW, rule_set, dealer, last_drawer=last)
    formula = settled.formula if kongs else "荒庄：无人胡牌，没有杠分"
    return Outcome(Ending.DRAW.value, net, tuple(dict.fromkeys(("nn-23-d1", *settled.rules))), formula, seat, rule)
