"""What a score request answers: the situation it describes (`situation`) and the result `caipan score
--game nanning` prints (`render`). The request is read first (`rules.nanning.request`); what a rule
forbids is checked here, each refusal naming its rule.

The kong chain (连杠) before a 杠上花, 杠上炮 or 抢杠胡: `kongs` (default 1) says how many, `chain`
(e.g. ["暗杠", "明杠"]) which kinds. When `chain` is left out it is inferred, never from the order
the melds are written in:
- 杠上花: the kongs are the winner's own kong melds (暗杠 counts as 暗杠, 明杠 and 加杠 as 明杠).
  If those melds leave one possible choice of `kongs` kinds (all are of one kind, or `kongs`
  equals their number) that is the chain, 暗杠 listed first; otherwise (e.g. one 暗杠 and one
  明杠, kongs 1) `chain` is required.
- 杠上炮, 抢杠胡: the kongs are the discarder's, which the winner's melds do not show; they are
  taken as `kongs` 明杠 (only a chain of 明杠 can be robbed, nn-9-zhu-n1). Give `chain` when the
  discarder's chain held a 暗杠.
The chain's order never changes a price: only how many of each kind. A 天胡 / 地胡 after a 暗杠 is
priced as 暗杠杠上花 with a note (nn-14-n1, nn-15-n1). 一炮多响 (`multi`) is `rules.nanning.multi`.
"""
from __future__ import annotations

from collections.abc import Mapping
from typing import NamedTuple

from ..errors import RuleError
from ..ledger import Settlement, payments_json
from ..request import RuleSetEntry, count
from .analysis import kong_melds, read, splits, validate
from .feasibility import FIRST_TURN_KONGS, NO_MOMA, check_hand, first_turn_kongs
from .model import CHAIN_WINS, SELF_DRAWN, FengHu, Fishing, Hand, KongKind, Meld, Seat, Situation, Win
from .options import Switch
from .request import FishingEntry, MeldEntry, ScoreRequest, WaitsRequest
from .rule_set import DEFAULT, RuleSet, preset
from .tiles import name, notation, parse, parse_one

CHAIN_ORDER = (KongKind.AN, KongKind.MING)  # how an inferred chain is listed (先暗杠后明杠)


def rule_set_of(entry: RuleSetEntry | None) -> RuleSet:
    """The rule set a request names: a preset (default 原文) with its options set.

    Examples:
        >>> rule_set_of(RuleSetEntry(preset="dapao9", options={"moma": "on"})).chosen["moma"]
        'on'
    """
    if entry is None:
        return preset(DEFAULT)
    return preset(entry.preset or DEFAULT).with_options(entry.options, "rules.options")


def hand_of(hand: str, melds: tuple[MeldEntry, ...], win_tile: str | None) -> Hand:
    """A hand as written: its tiles read, its winning tile (default: the last one written), checked to exist.

    Examples:
        >>> from rules.nanning.model import MeldKind
        >>> hand_of("234m678m999m55p", (MeldEntry(kind=MeldKind.PENG, tile="9s"),), None).won_on
        13
    """
    concealed = parse(hand, "hand")
    shown = tuple(Meld(m.kind, parse_one(m.tile, f"melds[{k}].tile")) for k, m in enumerate(melds, start=1))
    won_on = parse_one(win_tile, "win_tile") if win_tile is not None else concealed[-1]
    found = Hand(tuple(concealed), shown, won_on)
    validate(found)
    return found


def situation(request: ScoreRequest, rule_set: RuleSet) -> Situation:
    """A request read into the situation to price, with the split of its tiles that gives it.

    Examples:
        >>> from rules.request import read
        >>> s = situation(read(ScoreRequest, {"hand": "234m678m999m55p", "win": "放炮",
        ...                                   "melds": [{"kind": "碰", "tile": "9s"}]}), preset())
        >>> s.win.value, s.from_seat.value, s.split.shape.value
        ('放炮', '上家', '鸡胡')
    """
    hand = hand_of(request.hand, request.melds, request.win_tile)
    problem = check_hand(hand, request.win, request.fenghu)
    if problem is not None:
        raise problem
    chain = _chain(request, hand, rule_set)
    win, chain = _first_turn_kongs(request.win, hand, chain)
    hand_type, split = read(hand, win in SELF_DRAWN, rule_set)
    table = table_of(request, rule_set)
    return Situation(hand_type, win, chain, request.fenghu, table.moma_hits, table.fishing, table.from_seat,
                     table.fenghu_seat, split=split)


class Table(NamedTuple):
    """What a request says of the table, whatever the win: 摸码 hits, who discarded, who is 封胡'd, 钓鱼.

    Examples:
        >>> from rules.request import read
        >>> table_of(read(WaitsRequest, {"hand": "1m", "discarder": "对家"}), preset())
        Table(moma_hits=0, from_seat=<Seat.ACROSS: '对家'>, fenghu_seat=<Seat.ACROSS: '对家'>, fishing=None)
    """

    moma_hits: int
    from_seat: Seat
    fenghu_seat: Seat
    fishing: Fishing | None


def table_of(request: ScoreRequest | WaitsRequest, rule_set: RuleSet) -> Table:
    """The table a score or waits request describes, checked: what a rule forbids whatever the win and
    the winning tile (`waits` refuses it before any tile, with the line `score` gives).

    Examples:
        >>> from rules.request import read
        >>> table_of(read(WaitsRequest, {"hand": "1m", "fenghu": "他家放炮", "fenghu_seat": "上家"}), preset())
        Traceback (most recent call last):
        ...
        rules.errors.RuleError: 他家放炮 (双飞) means the discarder is not the 封胡'd player
    """
    hits = count(request.moma_hits, "moma_hits", 0, rule_set.moma_codes(), rule="nn-22-ma-d1")
    if hits and rule_set.options.moma is not Switch.ON:
        raise RuleError(NO_MOMA, rule="nn-22-d1")
    from_seat = request.discarder or Seat.PREV
    default_b = from_seat if request.fenghu is FengHu.B_DISCARDS else Seat.ACROSS
    fenghu_seat = request.fenghu_seat or default_b
    if request.fenghu is FengHu.OTHER_DISCARDS and fenghu_seat is from_seat:
        raise RuleError("他家放炮 (双飞) means the discarder is not the 封胡'd player", rule="nn-12-r2")
    return Table(hits, from_seat, fenghu_seat, _fishing(request.fishing, rule_set))


def _chain(request: ScoreRequest, hand: Hand, rule_set: RuleSet) -> tuple[KongKind, ...]:
    """The kong chain before the win; see the module docstring for how an absent chain is inferred."""
    win = request.win
    if win not in CHAIN_WINS:
        given = [f"kongs={request.kongs}"] if request.kongs is not None else []
        given += [f"chain={'、'.join(request.chain)}"] if request.chain else []
        if given:
            raise RuleError(f"kongs/chain only go with 杠上花, 杠上炮 or 抢杠胡, not {win.value} (got {given[0]})",
                            rule="nn-17-n1" if win in (Win.HAIDILAO, Win.HAIDIPAO) else "nn-8-r1")
        return ()
    most = rule_set.value("chain_max")
    n = count(request.kongs, "kongs", 1, most, rule="nn-7-mg4-r1") if request.kongs is not None else None
    if request.chain:
        kinds = request.chain
        if len(kinds) > most:  # the preset's most kongs in a row (chain_max)
            raise RuleError(f"chain has {len(kinds)} entries; at most {most}", rule="nn-7-mg4-r1")
        if n is not None and n != len(kinds):
            raise RuleError(f"kongs={n} but chain lists {len(kinds)} kongs")
    elif win is Win.GANGSHANGHUA:
        kinds = _own_chain(hand, n or 1)
    else:
        kinds = (KongKind.MING,) * (n or 1)
    if win is Win.GANGSHANGHUA:
        have = [m.kind.kong_kind for m in kong_melds(hand)]
        for kind in KongKind:
            if kinds.count(kind) > have.count(kind):
                raise RuleError(f"the chain has {kinds.count(kind)} {kind.value} but melds show only "
                                f"{have.count(kind)}", rule="nn-7-mg1-r1")
    return kinds


def _first_turn_kongs(win: Win, hand: Hand, chain: tuple[KongKind, ...]) -> tuple[Win, tuple[KongKind, ...]]:
    """天胡 / 地胡 with kongs made first: the document prices them as 暗杠杠上花 (nn-14-n1, nn-15-n1).
    A 明杠 takes another player's tile, so it is no first-turn win at all."""
    kongs = kong_melds(hand)
    if win not in FIRST_TURN_KONGS or not kongs:
        return win, chain
    kinds = tuple(m.kind.kong_kind for m in kongs)
    if KongKind.MING in kinds:
        why = first_turn_kongs(win)
        raise RuleError(f"{win.value} with a 明杠/加杠: a kong of another player's tile breaks the first turn,"
                        f" so this is no {win.value}; score it as 杠上花", rule=why.rule, source=why.source)
    return Win.GANGSHANGHUA, kinds


def _own_chain(hand: Hand, n: int) -> tuple[KongKind, ...]:
    """The 杠上花 chain when `chain` is absent: the only choice of n of the winner's kong melds."""
    mine = sorted((m.kind.kong_kind for m in kong_melds(hand)), key=CHAIN_ORDER.index)
    if len(mine) < n:
        raise RuleError(f"杠上花 after {n} kong(s) needs {n} kong melds in melds; found {len(mine)}",
                        rule="nn-7-mg1-r1")
    if len(set(mine)) > 1 and n != len(mine):
        held = "、".join(f"{mine.count(k)} {k.value}" for k in CHAIN_ORDER)
        raise RuleError(f"杠上花 after {n} of the kongs {held}: which? give chain, e.g. "
                        f'"chain": ["{mine[-1].value}"]', rule="nn-7-mg1-r1")
    return tuple(mine[:n]) if len(set(mine)) == 1 else tuple(mine)


def _fishing(entry: FishingEntry | None, rule_set: RuleSet) -> Fishing | None:
    if entry is None:
        return None
    if rule_set.options.fishing is not Switch.ON:
        raise RuleError("fishing given, but this preset does not play 钓鱼 (set rules.options.fishing to on)",
                        rule=rule_set.option_specs["fishing"].rules[0])
    return Fishing(entry.winner, entry.payers)


def render(request: ScoreRequest, situation: Situation, settlement: Settlement, rule_set: RuleSet) -> dict[str, object]:
    """What `caipan score --game nanning` prints for one winner (schema ``nanning.score.response``).

    Examples:
        >>> from rules.nanning.scoring import price
        >>> from rules.request import read
        >>> request = read(ScoreRequest, {"hand": "234m678m999m55p", "win": "放炮", "melds": [{"kind": "碰",
        ...     "tile": "9s"}]})
        >>> s = situation(request, preset())
        >>> out = render(request, s, price(s, preset()), preset())
        >>> out["total"], out["patterns"], out["formula"]
        (2, ['鸡胡'], '2（鸡胡放炮基数） = 2；胡家共收 2（胡牌 2，杠分 0）')
    """
    hand = hand_of(request.hand, request.melds, request.win_tile)
    split = situation.split or next(s for s in splits(hand) if s.shape is situation.hand.shape)
    formula, rule_ids, notes = settlement.formula, list(settlement.rules), []
    if situation.win is not request.win:  # 天胡 / 地胡 after kongs: priced as 杠上花
        why = first_turn_kongs(request.win)
        notes.append(why.cite_zh())
        formula = f"{why.message}；{formula}"
        rule_ids.insert(0, why.rule)
    reading = {
        "shape": split.shape.value,
        "sets": [("刻子 " if k == "刻" else "顺子 ") + name(t) for k, t in split.sets],
        "pairs": [name(t) for t in split.pairs],
    }
    return result_json(hand, reading, [p.value for p in situation.hand.patterns()], situation.win, situation.chain,
                       settlement, rule_set, formula, rule_ids, notes)


def result_json(hand: Hand, reading: Mapping[str, object], patterns: list[str], win: Win, chain: tuple[KongKind, ...],
                settlement: Settlement, rule_set: RuleSet, formula: str, rule_ids: list[str],
                notes: list[str]) -> dict[str, object]:
    """The keys of a score result, in order (schema ``nanning.score.response``): shared by `render` and
    `rules.nanning.shisanyao`, which prices a hand no split reads.

    Examples:
        >>> from rules.ledger import Settlement
        >>> hand = hand_of("234m678m999m55p789s", (), None)
        >>> out = result_json(hand, {"shape": "鸡胡"}, ["鸡胡"], Win.ZIMO, (), Settlement(Seat.SELF, (), "", ()),
        ...                   preset(), "", [], [])
        >>> out["hand"]["win_tile"], out["total"]
        ('九条', 0)
    """
    return {
        "game": "nanning",
        "preset": rule_set.id,
        "options": dict(rule_set.chosen),
        "hand": {
            "concealed": notation(hand.concealed),
            "concealed_names": " ".join(name(t) for t in sorted(hand.concealed)),
            "melds": [{"kind": m.kind.value, "tile": name(m.tile)} for m in hand.melds],
            "win_tile": name(hand.won_on),
        },
        "reading": dict(reading),
        "patterns": patterns,
        "win": win.value,
        "chain": [k.value for k in chain],
        "total": settlement.total,
        "hand_points": settlement.hand_points,
        "kong_points": settlement.kong_points,
        "payments": payments_json(settlement.payments),
        "net": {seat.value: amount for seat, amount in settlement.net().items()},
        "formula": formula,
        "rules": rule_ids,
        "notes": notes,
    }

