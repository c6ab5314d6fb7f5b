"""What `caipan score|waits --game zipai` reads: the requests, declared once (`rules.request`).

Every field is a `Spec` written once here; a request lists the ones it takes. The reader,
the JSON Schemas (rules/schemas/zipai.*.request.schema.json), ``--help`` and the scorer's
form are all read from these declarations. What a rule forbids (a win method with 起手, more
垅 than a dealt hand holds, 杠分 the shown groups do not back) is checked after the read, in
`rules.zipai.answer`.

Examples:
    >>> from rules.request import read
    >>> read(ScoreRequest, {"hand": "一二三", "from": "下家"}).from_seat
    <Seat.XIA: '下家'>
    >>> read(ScoreRequest, {"hand": "一二三", "bao": {"对家": "爆"}})
    Traceback (most recent call last):
    ...
    rules.errors.RuleError: bao key must be one of 胡牌者 | 上家 | 下家, not "对家"
"""
from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import ClassVar

from ..request import Holds, Published, Spec, field, without
from ..session import DRAW, FIRST_DEALER, MOST_HANDS, NAME_CHARS, WINNER, AdjustHand, FalseWinHand, players_spec
from .cards import MAX_TEXT
from .model import Bao, Extra, GangKind, Seat, ShownKind, Win

ONE_CARD = 8  # a card such as 捌, and some spaces
MOST_ENTRIES = 32  # a list's bound, checked before it is read; the rules bound each list far lower
READING_CHARS = 32  # a reading id or an option

EXAMPLE_SHOWN = [{"kind": "拢", "cards": "肆肆肆肆"}, {"kind": "碰", "cards": "五五五"}]
SHOWN = Spec("shown groups: 碰, 招, 拢, 吃", most=MOST_ENTRIES, example=EXAMPLE_SHOWN)
FROM = Spec("who gave the winning card (点炮)", key="from", exclude=(Seat.WINNER,), example="下家")
BAO = Spec("爆牌 state of each seat", most=len(Seat), example={"胡牌者": "爆"})
EXTRAS = Spec("海底, 头块, 起手", most=len(Extra), unique=True, example=["海底"])
DEALER = Spec("is the winner the dealer?", example=True)
GANG = Spec("杠分 events of the hand", most=MOST_ENTRIES, example=[{"kind": "垅", "by": "胡牌者"}])
PRESET = Spec("a preset of a deployed program, not of the document (不见于原文), e.g. luzhou-daer: its own "
              "胡息, split, 名堂 and payments; readings do not apply", chars=READING_CHARS, example="luzhou-daer")
READINGS = Spec("reading id → option, where the rule sheet reads two ways", key_chars=READING_CHARS,
                key_pattern="^zp-r-", chars=READING_CHARS, most=MOST_ENTRIES, example={"zp-r-combine": "add"})


@dataclass(frozen=True, kw_only=True)
class ShownEntry:
    """One shown group as written: its kind and its cards.

    Examples:
        >>> ShownEntry(kind=ShownKind.PENG, cards="五五五").cards
        '五五五'
    """

    kind: ShownKind = field("碰, 招, 拢 or 吃", example="碰")
    cards: str = field("the group's cards", chars=MAX_TEXT, holds=Holds.TILES)


@dataclass(frozen=True, kw_only=True)
class GangEntry:
    """One 杠分 event as written: its kind, whose it is and, for 点招, whose card made it.

    Examples:
        >>> GangEntry(kind=GangKind.LONG, by=Seat.WINNER).from_seat is None
        True
    """

    kind: GangKind = field("垅, 点招 or 自招")
    by: Seat = field("whose 垅 or 招")
    from_seat: Seat | None = field("whose card was 招'd (点招)", key="from", default=None)


@dataclass(frozen=True, kw_only=True)
class ScoreRequest:
    """A won hand and how it was won (`caipan score --game zipai`).

    Examples:
        >>> from rules.request import fields_of
        >>> [f.key for f in fields_of(ScoreRequest)][:4]
        ['hand', 'win', 'shown', 'win_card']
    """

    published: ClassVar[Published] = Published(
        1, "字牌 score request", "One JSON object on stdin of `caipan score --game zipai`. Unknown fields are refused.",
        ({"hand": "贰柒拾七八九伍陆柒捌捌", "shown": [*EXAMPLE_SHOWN, {"kind": "碰", "cards": "六六六"}],
          "win": "自摸"},))

    hand: str = field("the concealed cards, the winning card included (小写 一…十, 大写 壹…拾)", chars=MAX_TEXT,
                      example="贰柒拾七八九伍陆柒捌捌", holds=Holds.TILES)
    win: Win | None = field("how the hand won; required unless extras has 起手", exclude=(Win.OPENING,),
                            example="自摸", default=None)
    shown: tuple[ShownEntry, ...] = field(SHOWN, default=())
    win_card: str | None = field("the winning card (default: the last card of hand)", chars=ONE_CARD, example="捌",
                                 default=None, holds=Holds.TILE)
    from_seat: Seat | None = field(FROM, default=None)
    bao: Mapping[Seat, Bao] = field(BAO, default={})
    extras: tuple[Extra, ...] = field(EXTRAS, default=())
    dealer: bool = field(DEALER, default=False)
    gang: tuple[GangEntry, ...] = field(GANG, default=())
    readings: Mapping[str, str] = field(READINGS, default={})
    preset: str | None = field(PRESET, default=None)


@dataclass(frozen=True, kw_only=True)
class WaitsRequest:
    """A hand one card short, and the situation it would win in (`caipan waits --game zipai`): a score
    request without the win.

    Examples:
        >>> from rules.request import read
        >>> read(WaitsRequest, {"hand": "一二三"}).shown
        ()
    """

    published: ClassVar[Published]  # below: it names the fields it leaves out

    hand: str = field("the concealed cards, one short of a winning hand", chars=MAX_TEXT,
                      example="贰柒拾七八九伍陆柒捌", holds=Holds.TILES)
    shown: tuple[ShownEntry, ...] = field(SHOWN, default=())
    from_seat: Seat | None = field(FROM, default=None)
    bao: Mapping[Seat, Bao] = field(BAO, default={})
    extras: tuple[Extra, ...] = field(EXTRAS, default=())
    dealer: bool = field(DEALER, default=False)
    gang: tuple[GangEntry, ...] = field(GANG, default=())
    readings: Mapping[str, str] = field(READINGS, default={})


WaitsRequest.published = Published(
    1, "字牌 waits request",
    "One JSON object on stdin of `caipan waits --game zipai`: a score request (`zipai.score.request`) without the "
    f"win ({', '.join(without(ScoreRequest, WaitsRequest))}), the hand one card short. Unknown fields, and the "
    "fields of the win, are refused.",
    ({"hand": "贰柒拾七八九伍陆柒捌", "shown": [*EXAMPLE_SHOWN, {"kind": "碰", "cards": "六六六"}]},))



@dataclass(frozen=True, kw_only=True)
class WinHand:
    """A won hand of the night: the winner, and his score request as `caipan score` takes it (seats named from
    him).

    Examples:
        >>> WinHand(winner="阿明", score=ScoreRequest(hand="一二三", win=Win.ZIMO)).score.dealer
        False
    """

    winner: str = field(WINNER)
    score: ScoreRequest = field("the score request exactly as `caipan score --game zipai` takes it, seats named "
                                "from the winner; the night fills in dealer and its readings",
                                example={"hand": "一二三四五六七八九壹贰叁肆伍陆柒捌玖贰柒拾", "win": "点炮",
                                         "from": "下家"})


@dataclass(frozen=True, kw_only=True)
class GangHand:
    """One 杠分 event of a 荒庄 hand (荒庄依旧计算分数, zp-2-laidianr-r1): its kind, whose, and for 点招 whose card.

    Examples:
        >>> GangHand(kind=GangKind.LONG, by="阿明").from_player is None
        True
    """

    kind: GangKind = field("垅, 点招 or 自招")
    by: str = field("whose 垅 or 招", chars=NAME_CHARS)
    from_player: str | None = field("点招: whose card was 招'd", key="from", chars=NAME_CHARS, default=None)


@dataclass(frozen=True, kw_only=True)
class DrawHand:
    """荒庄 (黄庄, zp-1-huangzhuang-r1): nobody won; the 杠分 are settled still (zp-2-laidianr-r1) and the dealer
    keeps the deal (zp-1-quan-r1).

    Examples:
        >>> DrawHand(draw=True).gang
        ()
    """

    draw: bool = field(DRAW)
    gang: tuple[GangHand, ...] = field("the 杠分 events of the hand", most=MOST_ENTRIES,
                                       example=[{"kind": "垅", "by": "阿明"}], default=())


@dataclass(frozen=True, kw_only=True)
class SessionRequest:
    """A night (`caipan session --game zipai`): three players in playing order, the first dealer, the readings and
    the hands in order.

    Examples:
        >>> from rules.request import fields_of
        >>> [f.key for f in fields_of(SessionRequest)]
        ['players', 'dealer', 'readings', 'hands']
    """

    published: ClassVar[Published] = Published(
        1, "字牌 session request",
        "One JSON object on stdin of `caipan session --game zipai`: a night at the table. A hand is a win (winner "
        "and score), 荒庄 (draw) or an adjustment (adjust and reason); document 003 prices no 诈胡. Unknown fields "
        "are refused.",
        ({"players": ["阿明", "小红", "老王"], "dealer": "阿明", "hands": [
            {"winner": "阿明", "score": {"hand": "贰柒拾七八九伍陆柒捌捌", "shown": [
                *EXAMPLE_SHOWN, {"kind": "碰", "cards": "六六六"}], "win": "自摸", "gang": [
                    {"kind": "垅", "by": "胡牌者"}]}},
            {"draw": True, "gang": [{"kind": "垅", "by": "老王"}]},
            {"winner": "小红", "score": {"hand": "一二三四五六七八九壹贰叁肆伍陆柒捌玖贰柒拾", "win": "点炮",
                                        "from": "上家"}},
            {"adjust": {"阿明": 10, "老王": -10}, "reason": "上一盘漏算"}]},))

    players: tuple[str, ...] = field(players_spec(len(Seat)))
    dealer: str = field(FIRST_DEALER)
    readings: Mapping[str, str] = field(READINGS, default={})
    hands: tuple[WinHand | DrawHand | FalseWinHand | AdjustHand, ...] = field(
        "the hands in the order played: {winner, score}, {draw, gang} or {adjust, reason} ({false_win} is refused: "
        "document 003 prices no 诈胡)", most=MOST_HANDS,
        example=[{"winner": "小红", "score": {"hand": "一二三四五六七八九壹贰叁肆伍陆柒捌玖贰柒拾", "win": "点炮",
                                              "from": "下家"}}], default=())


# What `caipan <command> --game zipai` reads (published as zipai.<command>.request).
REQUESTS = {"score": ScoreRequest, "waits": WaitsRequest, "session": SessionRequest}
