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

from ..request import Published, Spec, field, without
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
    cards: str = field("the group's cards", chars=MAX_TEXT)


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
                      example="贰柒拾七八九伍陆柒捌捌")
    win: Win | None = field("how the hand won; required unless extras has 起手", exclude=(Win.OPENING,),
                            example="自摸", default=None)
    shown: tuple[ShownEntry, ...] = field(SHOWN, default=())
    win_card: str | None = field("the winning card (default: the last card of hand)", chars=ONE_CARD, example="捌",
                                 default=None)
    from_seat: Seat | None = field(FROM, default=None)
    bao: Mapping[Seat, Bao] = field(BAO, default={})
    extras: tuple[Extra, ...] = field(EXTRAS, default=())
    dealer: bool = field(DEALER, default=False)
    gang: tuple[GangEntry, ...] = field(GANG, default=())
    readings: Mapping[str, str] = field(READINGS, default={})


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
                      example="贰柒拾七八九伍陆柒捌")
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

# What `caipan <command> --game zipai` reads (published as zipai.<command>.request).
REQUESTS = {"score": ScoreRequest, "waits": WaitsRequest}
