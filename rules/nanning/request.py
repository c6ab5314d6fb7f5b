"""What `caipan score|waits --game nanning` reads: the requests, declared once (`rules.request`).

Every field is a `Spec` written once here; a request lists the ones it takes. The reader,
the JSON Schemas (rules/schemas/nanning.*.request.schema.json), ``--help`` and the scorer's
form are all read from these declarations. What a rule forbids (a chain with a win that has
none, more 摸码 hits than codes, fishing without the option) is checked after the read, in
`rules.nanning.answer`.

Examples:
    >>> from rules.request import read
    >>> read(ScoreRequest, {"hand": "234m678m999m55p", "win": "放炮"}).win
    <Win.FANGPAO: '放炮'>
    >>> read(ScoreRequest, {"hand": "234m678m999m55p", "win": "放炮", "melds": [{"kind": "吃", "tile": "1s"}]})
    Traceback (most recent call last):
    ...
    rules.errors.RuleError: melds[1].kind must be one of 碰 | 明杠 | 加杠 | 暗杠, not "吃"
"""
from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import ClassVar

from ..request import Holds, Published, RuleSetEntry, Spec, field, without
from ..session import DRAW, FIRST_DEALER, MOST_HANDS, NAME_CHARS, WINNER, AdjustHand, FalseWinHand, players_spec
from .model import FengHu, KongKind, MeldKind, Seat, Win
from .tiles import MAX_TEXT

ONE_TILE = 8  # a tile such as 5p, and some spaces
MOST_MELDS = 4  # four sets and a pair: at most four melds, and at most four kongs in a row
MOST_CODES = 10  # 摸码 hits are counted; how many codes are drawn is the rule set's (买几颗码: at most ten)
OTHER_SEATS = (Seat.SELF,)  # what a seat that pays, discards or also won cannot be

HAND = Spec("the concealed tiles, the winning tile included (m/p/s suits, z honours)", chars=MAX_TEXT,
            example="234m678m55p", holds=Holds.TILES)
MELDS = Spec("shown melds (副露) and concealed kongs", most=MOST_MELDS, rule="nn-7-ag4-r1",
             example=[{"kind": "暗杠", "tile": "1m"}, {"kind": "碰", "tile": "9s"}])
WIN_TILE = Spec("the winning tile (default: the last tile of hand)", chars=ONE_TILE, example="5p", holds=Holds.TILE)
RULES = Spec('the rule set: a preset id or name, or {"preset": …, "options": {…}}', key="rules", example="dapao9")
DISCARDER = Spec("who discarded the winning tile (default 上家)", exclude=OTHER_SEATS, example="对家")
FENGHU = Spec("封胡 situation", example="他家放炮")
FENGHU_SEAT = Spec("the 封胡'd player", exclude=OTHER_SEATS, example="对家")
MOMA_HITS = Spec("摸码 codes that hit (with the moma option on)", low=0, high=MOST_CODES, rule="nn-22-ma-d1",
                 example=1)
MOST_AGREED = 1000  # the most a club's agreed value (约定值) may be
SHISANYAO_ZIMO = Spec("十三幺约定值: what each of the three pays on a self-drawn 十三幺 (with 十三幺 agreed)",
                      low=1, high=MOST_AGREED, rule="nn-0-r2", example=10)
SHISANYAO_FANGPAO = Spec("十三幺约定值: what the one who pays on a discard pays for a 十三幺 (with 十三幺 agreed)",
                         low=1, high=MOST_AGREED, rule="nn-0-r2", example=20)
FISHING = Spec("钓鱼: did the winner fish, and who else did", example={"winner": True, "payers": ["对家"]})


@dataclass(frozen=True, kw_only=True)
class MeldEntry:
    """One meld as written: its kind and its tile.

    Examples:
        >>> MeldEntry(kind=MeldKind.PENG, tile="9s").tile
        '9s'
    """

    kind: MeldKind = field("碰, 明杠, 加杠 or 暗杠")
    tile: str = field("the meld's tile", chars=ONE_TILE, holds=Holds.TILE)


@dataclass(frozen=True, kw_only=True)
class FishingEntry:
    """钓鱼 as written: whether the winner's fish hit, and whose else did.

    Examples:
        >>> FishingEntry(winner=True).payers
        ()
    """

    winner: bool = field("the winner's fish hit", default=False)
    payers: tuple[Seat, ...] = field("the other players whose fish hit", exclude=OTHER_SEATS, most=3, unique=True,
                                     default=())


@dataclass(frozen=True, kw_only=True)
class WinnerEntry:
    """一炮多响: one more winner on the same discard, his seat named from 本家.

    Examples:
        >>> WinnerEntry(seat=Seat.ACROSS, hand="111m555m999p55p").melds
        ()
    """

    seat: Seat = field("the other winner's seat, named from 本家", exclude=OTHER_SEATS)
    hand: str = field(HAND)
    melds: tuple[MeldEntry, ...] = field(MELDS, default=())
    win_tile: str | None = field(WIN_TILE, default=None)


@dataclass(frozen=True, kw_only=True)
class ScoreRequest:
    """A won hand and its situation (`caipan score --game nanning`).

    The kong chain (连杠) before a 杠上花, 杠上炮 or 抢杠胡: `kongs` says how many, `chain`
    which kinds; an absent chain is inferred (`rules.nanning.answer`).

    Examples:
        >>> from rules.request import fields_of
        >>> [f.key for f in fields_of(ScoreRequest)][:4]
        ['hand', 'win', 'melds', 'win_tile']
    """

    published: ClassVar[Published] = Published(
        1, "南宁 score request",
        "One JSON object on stdin of `caipan score --game nanning`. Unknown fields are refused.",
        ({"hand": "234m678m55p", "melds": [{"kind": "暗杠", "tile": "1m"}, {"kind": "碰", "tile": "9s"}],
          "win": "杠上花"},))

    hand: str = field(HAND)
    win: Win = field("how the hand won (胡法)", example="杠上花")
    melds: tuple[MeldEntry, ...] = field(MELDS, default=())
    win_tile: str | None = field(WIN_TILE, default=None)
    kongs: int | None = field("kongs in a row before 杠上花/杠上炮/抢杠胡", low=1, high=MOST_MELDS, rule="nn-7-mg4-r1",
                              example=2, default=None)
    chain: tuple[KongKind, ...] = field("the kinds of those kongs, in order", least=1, most=MOST_MELDS,
                                        rule="nn-7-mg4-r1", example=["暗杠", "明杠"], default=())
    rule_set: RuleSetEntry | None = field(RULES, default=None)
    discarder: Seat | None = field(DISCARDER, default=None)
    fenghu: FengHu = field(FENGHU, default=FengHu.NONE)
    fenghu_seat: Seat | None = field(FENGHU_SEAT, default=None)
    moma_hits: int = field(MOMA_HITS, default=0)
    fishing: FishingEntry | None = field(FISHING, default=None)
    shisanyao_zimo: int | None = field(SHISANYAO_ZIMO, default=None)
    shisanyao_fangpao: int | None = field(SHISANYAO_FANGPAO, default=None)
    multi: tuple[WinnerEntry, ...] = field("一炮多响: the other winners on the same discard (seat named from 本家)",
                                           least=1, most=2, rule="nn-19-r1", default=(),
                                           example=[{"seat": "对家", "hand": "111m555m999p55p",
                                                     "melds": [{"kind": "碰", "tile": "7z"}]}])


@dataclass(frozen=True, kw_only=True)
class WaitsRequest:
    """A hand one tile short, and the situation it would win in (`caipan waits --game nanning`): a score
    request without the win.

    Examples:
        >>> from rules.request import read
        >>> read(WaitsRequest, {"hand": "234m678m99m55p"}).melds
        ()
    """

    published: ClassVar[Published]  # below: it names the fields it leaves out

    hand: str = field("the concealed tiles, one short of a win: 13 counting each meld as 3", chars=MAX_TEXT,
                      example="234m678m99m55p", holds=Holds.TILES)
    melds: tuple[MeldEntry, ...] = field(MELDS, default=())
    rule_set: RuleSetEntry | None = field(RULES, default=None)
    discarder: Seat | None = field(DISCARDER, default=None)
    fenghu: FengHu = field(FENGHU, default=FengHu.NONE)
    fenghu_seat: Seat | None = field(FENGHU_SEAT, default=None)
    moma_hits: int = field(MOMA_HITS, default=0)
    fishing: FishingEntry | None = field(FISHING, default=None)


WaitsRequest.published = Published(
    1, "南宁 waits request",
    "One JSON object on stdin of `caipan waits --game nanning`: a score request (`nanning.score.request`) without "
    f"the win ({', '.join(without(ScoreRequest, WaitsRequest))}), the hand one tile short. Unknown fields, and the "
    "fields of the win, are refused.",
    ({"hand": "234m678m99m55p", "melds": [{"kind": "碰", "tile": "9s"}]},))



@dataclass(frozen=True, kw_only=True)
class WinHand:
    """A won hand of the night: the winner, and his score request as `caipan score` takes it (seats named from
    him; with `multi`, 一炮多响); 摸码 and 钓鱼 may be given as the tiles drawn, for the night to count.

    Examples:
        >>> WinHand(winner="阿明", score=ScoreRequest(hand="1m", win=Win.ZIMO)).score.win.value
        '自摸'
    """

    winner: str = field(WINNER)
    score: ScoreRequest = field("the score request exactly as `caipan score --game nanning` takes it, seats named "
                                "from the winner; the night fills in its rules (and the discarder of 人胡)",
                                example={"hand": "234m678m999m55p", "melds": [{"kind": "碰", "tile": "9s"}],
                                         "win": "自摸"})
    codes: str | None = field("摸码: the code tiles drawn; the night counts the hits from the dealer (instead of "
                              "score.moma_hits)", chars=MAX_TEXT, example="2m6p", default=None)
    fish: Mapping[str, str] = field("钓鱼: player → the tile he kept; the night counts who hit from the dealer "
                                    "(instead of score.fishing)", key_chars=NAME_CHARS, chars=ONE_TILE, most=4,
                                    example={"小红": "2s", "老王": "1m"}, default={})


@dataclass(frozen=True, kw_only=True)
class KongEntry:
    """One kong of a 荒庄 hand, settled apart (nn-23-d1): whose, which kind, and for a 明杠 whose tile.

    Examples:
        >>> KongEntry(kind=KongKind.AN, by="阿明").from_player is None
        True
    """

    kind: KongKind = field("暗杠 (all three pay) or 明杠 (the one kong'd pays)")
    by: str = field("whose kong", chars=NAME_CHARS)
    from_player: str | None = field("明杠: whose tile was kong'd", key="from", chars=NAME_CHARS, default=None)


@dataclass(frozen=True, kw_only=True)
class DrawHand:
    """荒庄 (nn-23-d1): nobody won; only the kongs made are settled, and the last drawer deals next (or the
    dealer stays, by the reading huangzhuang_dealer).

    Examples:
        >>> DrawHand(draw=True, last="老王").kongs
        ()
    """

    draw: bool = field(DRAW)
    last: str | None = field("who drew the last tile (deals next unless the dealer stays)", chars=NAME_CHARS,
                             example="老王", default=None)
    kongs: tuple[KongEntry, ...] = field("the kongs made in the hand, for their 杠分", most=16,
                                         example=[{"kind": "明杠", "by": "阿明", "from": "小红"}], default=())


@dataclass(frozen=True, kw_only=True)
class SessionRequest:
    """A night (`caipan session --game nanning`): four players in playing order, the first dealer, the rule set
    and the hands in order.

    Examples:
        >>> from rules.request import fields_of
        >>> [f.key for f in fields_of(SessionRequest)]
        ['players', 'dealer', 'rules', 'hands']
    """

    published: ClassVar[Published] = Published(
        1, "南宁 session request",
        "One JSON object on stdin of `caipan session --game nanning`: a night at the table. A hand is a win "
        "(winner and score), 荒庄 (draw), 诈胡 (false_win) or an adjustment (adjust and reason). Unknown fields are "
        "refused.",
        ({"players": ["阿明", "小红", "老王", "阿芳"], "dealer": "阿明", "rules": "yuanwen", "hands": [
            {"winner": "小红", "score": {"hand": "234m678m999m55p", "melds": [{"kind": "碰", "tile": "9s"}],
                                        "win": "自摸"}},
            {"winner": "老王", "score": {"hand": "234m678m999m55p", "melds": [{"kind": "碰", "tile": "9s"}],
                                        "win": "放炮", "discarder": "对家"}},
            {"draw": True, "last": "阿芳", "kongs": [{"kind": "暗杠", "by": "阿明"}]},
            {"false_win": "阿芳"},
            {"adjust": {"阿明": 2, "小红": -2}, "reason": "上一盘漏算"}]},))

    players: tuple[str, ...] = field(players_spec(len(Seat)))
    dealer: str = field(FIRST_DEALER)
    rule_set: RuleSetEntry | None = field(RULES, default=None)
    hands: tuple[WinHand | DrawHand | FalseWinHand | AdjustHand, ...] = field(
        "the hands in the order played: {winner, score}, {draw, …}, {false_win} or {adjust, reason}", most=MOST_HANDS,
        example=[{"winner": "小红", "score": {"hand": "234m678m999m55p", "melds": [{"kind": "碰", "tile": "9s"}],
                                              "win": "自摸"}}], default=())


# What `caipan <command> --game nanning` reads (published as nanning.<command>.request).
REQUESTS = {"score": ScoreRequest, "waits": WaitsRequest, "session": SessionRequest}
