"""A Python port of the Nanning mahjong server of billee1011/repository (test code only).

Ported from billee1011/repository at commit f5fef053d2f60c7e27d22fee888f46095fb19408,
package `xy-games/game-logic/trunk/src/main/java/com/cai/game/mj/guangxi/nanning/`
(Table_NanNing.java, HandlerDispatchCard_NanNing.java, HandlerOutCardOperate_NanNing.java,
HandlerGang_NanNing.java, HandlerChiPeng_NanNing.java), with the shared pieces it calls:
`MJGameLogic.java` (`analyse_card_`, `is_pengpeng_hu`, `is_qing_yi_se`) in
`xy-games/game-logic/trunk/src/main/java/com/cai/game/mj/`, and the rule ids and
hand-type bits of `xy-games/game-common/trunk/src/main/java/com/cai/common/constant/game/GameConstants_NanNing.java`.
Line numbers below are of those files at that commit ("Table 966" is Table_NanNing.java
line 966, "Dispatch", "OutCard", "Gang", "ChiPeng" the handlers, "Logic" MJGameLogic.java,
"Constants" GameConstants_NanNing.java).

What the server does, as ported, quirks included:
- a hand type is a set of flags (ChiHuRight); `get_process_score` (Table 966-1109) turns
  them into one number by the first matching branch of a fixed list;
- that number is multiplied by (1 + 码 hits) (Table 849), then doubled per `get_fan`
  (Table 940-964: 杠上开花, 杠上炮, 抢杠胡, and the 封胡 player's share);
- on a self-draw each other player pays it (or the 全包 / 封胡 player pays every share);
  on a discard the discarder pays it once, and a 封胡 player other than the discarder
  pays it again (Table 851-931);
- every kong made in the hand pays 1 (CELL_SCORE) apart from the win (Gang 170-194),
  a robbed kong none (Gang 290-338: the kong is not made).
Nothing in the server prices 天胡, 地胡 (flags only), 海底, 连杠, 十三幺 or 一炮多响
beyond adding each winner's amount; the rule 死双 changes nothing (Table 946-956).

Cards are the server's codes: 0x01-0x09 万, 0x11-0x19 条 (索), 0x21-0x29 筒 (同),
0x31-0x37 字 (`MJConstants.java` DEFAULT lines 6-27). `parse` reads the project's
notation (m/p/s, z1-7 = 东南西北白发中) into these codes, taking 0x31-0x34 as 东南西北
and 0x35-0x37 as 中发白 (GameConstants.java line 4013 "0x31,...,0x37 //番子,东南西北，中发白";
MJConstants.java lines 21-22 label 0x32 西风 and 0x33 南风 instead, a contradiction in the
program's comments that matters only for which seat a 码 of 南 or 西 names).
"""
from __future__ import annotations

import re
from dataclasses import dataclass

# ChiHuRight bits (Constants 24-42), by the names the server's comments give them.
ZI_MO = "自摸"  # CHR_ZI_MO 0x1
JIE_PAO = "接炮"  # CHR_JIE_PAO 0x2
JI_BEN_HU = "基本胡"  # CHR_JI_BEN_HU 0x8
XIAO_QI_DUI = "小七对"  # CHR_XIAO_QI_DUI 0x10
MEN_QING = "门清"  # CHR_MEN_QING 0x20
QUAN_QIU_REN = "全求人"  # CHR_QUAN_QIU_REN 0x40
QIANG_GANG_HU = "抢杠胡"  # CHR_QIANG_GANG_HU 0x80
GANG_KAI = "杠上开花"  # CHR_GANG_KAI 0x100
GANG_SHANG_PAO = "杠上炮"  # CHR_GANG_SHANG_PAO 0x200
SHUANG_QI_XIAO_DUI = "双七小对"  # CHR_SHUANG_QI_XIAO_DUI 0x400 (two fours)
SAN_QI_XIAO_DUI = "三七小对"  # CHR_SAN_QI_XIAO_DUI 0x800 (three fours)
PENG_PENG_HU = "碰碰胡"  # CHR_PENG_PENG_HU 0x1000
QING_YI_SE = "清一色"  # CHR_QING_YI_SE 0x2000
HAO_HUA_QI_XIAO_DUI = "豪华七小对"  # CHR_HAO_HUA_QI_XIAO_DUI 0x4000 (one four)
TIAN_HU = "天胡"  # CHR_HUNAN_TIAN_HU 0x8000
DI_HU = "地胡"  # CHR_HUNAN_DI_HU 0x10000
QUAN_BAO = "全包"  # CHR_QUAN_BAO 0x20000

# HU_CARD_TYPE_* (Constants 15-20): how the card reaches analyse_chi_hu_card.
CARD_ZI_MO, CARD_JIE_PAO, CARD_QIANG_GANG, CARD_GANG_KAI, CARD_GANG_PAO, CARD_QUAN_BAO = 0x1, 0x2, 0x4, 0x8, 0x10, 0x20

# Weave kinds: 碰, and the three GANG_TYPE_* of GameConstants.java 3954-3956.
PENG = "碰"
AN_GANG = "暗杠"  # GANG_TYPE_AN_GANG: four in hand, public_card 0
JIE_GANG = "明杠"  # GANG_TYPE_JIE_GANG: three in hand and a discard
ADD_GANG = "补杠"  # GANG_TYPE_ADD_GANG: a fourth tile added to one's own 碰
KINDS = (PENG, AN_GANG, JIE_GANG, ADD_GANG)

# How a win happened: the five paths of the handlers to process_chi_hu_player_score.
ZIMO = "自摸"  # Dispatch 218-239 after a plain draw
GANGKAI = "杠开"  # Dispatch 83-87, 234-239: the replacement tile after a kong
FANGPAO = "放炮"  # OutCard 246-288 on a plain discard
GANGPAO = "杠上炮"  # OutCard 72 with a kong's dispatch type (Table 396-400)
QIANGGANG = "抢杠"  # Gang 73, 282-333: another player's 补杠 robbed
HOWS = (ZIMO, GANGKAI, FANGPAO, GANGPAO, QIANGGANG)

MA_COUNTS = (0, 2, 4, 6)  # GAME_RULE_MAI_MA_0/2/4/6 (Constants 9-12), read by getCsDingNiaoNum (Table 228-238)
MAX_INDEX = 42  # GameConstants.java 1228
MAX_ZI_FENG = 34  # GameConstants.java 1227: the 34 kinds with winds and dragons
MAX_ZI = 27  # GameConstants.java 1225: sequences stop below index MAX_ZI - 2
CELL_SCORE = 1  # GameConstants.java 1215, the kong point of HandlerGang 176-190


def card_value(card: int) -> int:
    """`get_card_value` (Logic 136-138): the low nibble.

    Examples:
        >>> card_value(0x35), card_value(0x19)
        (5, 9)
    """
    return card & 0x0F


def card_color(card: int) -> int:
    """`get_card_color` (Logic 141-143): the high nibble (0 万, 1 条, 2 筒, 3 字).

    Examples:
        >>> card_color(0x27)
        2
    """
    return (card & 0xF0) >> 4


def card_index(card: int) -> int:
    """`switch_to_card_index` (Logic 12614-12622): color × 9 + value − 1.

    Examples:
        >>> card_index(0x01), card_index(0x29), card_index(0x37)
        (0, 26, 33)
    """
    return card_color(card) * 9 + card_value(card) - 1


def index_card(index: int) -> int:
    """`switch_to_card_data` (Logic 12630-12635), the inverse of `card_index`.

    Examples:
        >>> hex(index_card(27))
        '0x31'
    """
    return ((index // 9) << 4) | (index % 9 + 1)


_SUIT = {"m": 0x00, "s": 0x10, "p": 0x20}
_HONOUR = {1: 0x31, 2: 0x32, 3: 0x33, 4: 0x34, 5: 0x37, 6: 0x36, 7: 0x35}  # 东南西北 白发中
_TOKEN = re.compile(r"([0-9]+)([mpsz])")


def parse(text: str) -> list[int]:
    """Server card codes from the project's notation (e.g. ``123m55z``; z1-7 = 东南西北白发中).

    Examples:
        >>> [hex(c) for c in parse("19s57z")]
        ['0x11', '0x19', '0x37', '0x35']
        >>> parse("0m")
        Traceback (most recent call last):
        ...
        ValueError: no tile 0m
    """
    compact = text.replace(" ", "")
    cards, pos = [], 0
    for m in _TOKEN.finditer(compact):
        if m.start() != pos:
            break
        pos = m.end()
        for digit in m.group(1):
            rank, suit = int(digit), m.group(2)
            if suit == "z" and rank in _HONOUR:
                cards.append(_HONOUR[rank])
            elif suit != "z" and 1 <= rank <= 9:
                cards.append(_SUIT[suit] | rank)
            else:
                raise ValueError(f"no tile {digit}{suit}")
    if pos != len(compact) or not compact:
        raise ValueError(f"cannot read {text!r} as tiles")
    return cards


def counts_of(cards) -> list[int]:
    """The `cards_index` array the server keeps (MAX_INDEX entries).

    Examples:
        >>> counts_of(parse("11m"))[:2]
        [2, 0]
    """
    c = [0] * MAX_INDEX
    for card in cards:
        c[card_index(card)] += 1
    return c


@dataclass(frozen=True)
class Weave:
    """A WeaveItem: a 碰 or a kong on the table, with the seat its tile came from.

    `provider` is `provide_player`: the discarder for 碰 and 明杠, the 碰's provider for a
    补杠 (Gang 126-128 keeps it), the owner for an 暗杠 (Dispatch 212: exe_gang(seat, seat, ...)).

    Examples:
        >>> Weave(ADD_GANG, 0x05, 2).is_gang, Weave(AN_GANG, 0x05, 1).public
        (True, False)
    """

    kind: str
    card: int
    provider: int

    @property
    def is_gang(self) -> bool:
        return self.kind != PENG

    @property
    def public(self) -> bool:
        """`public_card`: 1 for every weave but an 暗杠 (ChiPeng 44, Gang 40-44 and 122)."""
        return self.kind != AN_GANG


# ---- the hand check --------------------------------------------------------------


def is_qi_xiao_dui(hand: list[int], weaves: tuple[Weave, ...], cur_card: int) -> str | None:
    """Table 47-122 `is_qi_xiao_dui` (no magic cards in this game): seven pairs in hand.

    No weave; with the winning tile no kind held once or three times. The number of
    kinds held four times (nGenCount) names the flag: 0 小七对, 1 豪华七小对, 2 双七小对,
    3 三七小对.

    Examples:
        >>> is_qi_xiao_dui(counts_of(parse("1122334455667m")), (), 0x07)
        '小七对'
        >>> is_qi_xiao_dui(counts_of(parse("1111223344556m")), (), 0x06)
        '豪华七小对'
    """
    if weaves:
        return None
    c = list(hand)
    c[card_index(cur_card)] += 1
    if any(n in (1, 3) for n in c):
        return None
    gen = sum(1 for n in c if n == 4)
    return {0: XIAO_QI_DUI, 2: SHUANG_QI_XIAO_DUI, 3: SAN_QI_XIAO_DUI}.get(gen, HAO_HUA_QI_XIAO_DUI)


def is_qing_yi_se(hand: list[int], weaves: tuple[Weave, ...], cur_card: int) -> bool:
    """Logic 7409-7447 `is_qing_yi_se`: every concealed tile, the winning tile and every
    weave's tile of one colour; the honours are one colour (0x3_), so 字一色 counts.

    Examples:
        >>> is_qing_yi_se(counts_of(parse("1112345678999s")), (), 0x15)
        True
        >>> is_qing_yi_se(counts_of(parse("1112345678999s")), (Weave(PENG, 0x01, 2),), 0x15)
        False
    """
    color = None
    i = 0
    while i < MAX_INDEX:
        if hand[i]:
            if color is not None:
                return False
            color = index_card(i) & 0xF0
            i = (i // 9 + 1) * 9 - 1  # skip the rest of this colour (Logic 7425)
        i += 1
    if color is None:  # only weaves in hand (Logic 7430-7433)
        color = weaves[0].card & 0xF0
    if (cur_card & 0xF0) != color:
        return False
    return all((w.card & 0xF0) == color for w in weaves)


def _sets(c: list[int], start: int = 0) -> list[list[str]]:
    """Every way to split `c` into triplets and sequences (sequences only below index 25,
    not across a colour: Logic 10190). Each way is a list of 'peng'/'chi' kinds."""
    while start < MAX_ZI_FENG and c[start] == 0:
        start += 1
    if start == MAX_ZI_FENG:
        return [[]]
    out: list[list[str]] = []
    if c[start] >= 3:
        c[start] -= 3
        out += [["peng", *rest] for rest in _sets(c, start)]
        c[start] += 3
    if start < MAX_ZI - 2 and start % 9 < 7 and c[start + 1] and c[start + 2]:
        for k in (start, start + 1, start + 2):
            c[k] -= 1
        out += [["chi", *rest] for rest in _sets(c, start)]
        for k in (start, start + 1, start + 2):
            c[k] += 1
    return out


def analyse_card(hand_with_card: list[int]) -> list[list[str]]:
    """Logic 10091-10356 `analyse_card_` with `has_feng` true and no magic cards: every
    split of the concealed tiles (with the winning tile) into sets and one pair.

    The Java enumerates every combination of (cards − 2) / 3 candidate sets (a triplet per
    kind held three or more times, as many copies of a sequence as its rarest tile allows)
    and keeps those whose remainder is a pair: the same splits as this recursion. Returns the
    kinds of the sets of each split ('peng' or 'chi'), which is what `is_pengpeng_hu` reads.

    Examples:
        >>> analyse_card(counts_of(parse("11123m")))
        [['chi']]
        >>> sorted(analyse_card(counts_of(parse("11122233344m"))))  # pair 11, then pair 44 twice
        [['chi', 'chi', 'chi'], ['chi', 'chi', 'chi'], ['peng', 'peng', 'peng']]
    """
    splits: list[list[str]] = []
    c = list(hand_with_card)
    for i in range(MAX_ZI_FENG):
        if c[i] >= 2:
            c[i] -= 2
            splits += _sets(c)
            c[i] += 2
    return splits


def is_pengpeng_hu(split: list[str]) -> bool:
    """Logic 6187-6193 `is_pengpeng_hu`: no sequence among the sets (weaves are 碰/杠).

    Examples:
        >>> is_pengpeng_hu(["peng", "peng"]), is_pengpeng_hu(["peng", "chi"])
        (True, False)
    """
    return "chi" not in split


def is_men_qing(weaves: tuple[Weave, ...]) -> bool:
    """Table 211-221 `is_men_qing`: no weave, or only 暗杠 (WIK_GANG with public_card 0).

    Examples:
        >>> is_men_qing(()), is_men_qing((Weave(AN_GANG, 0x05, 0),)), is_men_qing((Weave(JIE_GANG, 0x05, 3),))
        (True, True, False)
    """
    return all(w.is_gang and not w.public for w in weaves)


def analyse_chi_hu_card(hand: list[int], weaves: tuple[Weave, ...], cur_card: int, card_type: int) -> frozenset[str]:
    """Table 124-209 `analyse_chi_hu_card`: the hand's flags, or an empty set if it cannot win.

    `hand` is the concealed tiles before the winning tile (GRR._cards_index). In order:
    七对 (135-141); 清一色 whenever the tiles are one colour (143-149); no win unless a
    standard split or a 七对 exists (160-166); 碰碰胡 if any split has no sequence
    (168-174); 全求人 if one tile was held (176-179); the card-type flag (183-196, where
    a kong's replacement tile adds 杠上开花 and 自摸); 基本胡 if no 七对, 清一色 or 碰碰胡
    (198-200); 门清 only with 自摸 (202-207).

    Examples:
        >>> sorted(analyse_chi_hu_card(counts_of(parse("123456789m1234p")), (), 0x24, CARD_JIE_PAO))
        ['基本胡', '接炮']
        >>> sorted(analyse_chi_hu_card(counts_of(parse("123456789m1234p")), (), 0x24, CARD_ZI_MO))
        ['基本胡', '自摸', '门清']
        >>> analyse_chi_hu_card(counts_of(parse("123456789m1235p")), (), 0x28, CARD_ZI_MO)
        frozenset()
    """
    flags: set[str] = set()
    basic = True
    seven = is_qi_xiao_dui(hand, weaves, cur_card)
    if seven is not None:
        flags.add(seven)
        basic = False
    if is_qing_yi_se(hand, weaves, cur_card):
        flags.add(QING_YI_SE)
        basic = False
    c = list(hand)
    c[card_index(cur_card)] += 1
    splits = analyse_card(c)
    if not splits and seven is None:
        return frozenset()
    if any(is_pengpeng_hu(s) for s in splits):
        flags.add(PENG_PENG_HU)
        basic = False
    if sum(hand) == 1:
        flags.add(QUAN_QIU_REN)
    if card_type == CARD_ZI_MO:
        flags.add(ZI_MO)
    elif card_type == CARD_QIANG_GANG:
        flags.add(QIANG_GANG_HU)
    elif card_type & CARD_GANG_KAI:
        flags |= {GANG_KAI, ZI_MO}
    elif card_type == CARD_GANG_PAO:
        flags.add(GANG_SHANG_PAO)
    elif card_type == CARD_JIE_PAO:
        flags.add(JIE_PAO)
    elif card_type == CARD_QUAN_BAO:
        flags.add(QUAN_BAO)
    if basic:
        flags.add(JI_BEN_HU)
    if ZI_MO in flags and is_men_qing(weaves):
        flags.add(MEN_QING)
    return frozenset(flags)


# ---- the score -----------------------------------------------------------------


def get_process_score(flags: frozenset[str], zimo: bool, provider_hand_count: int | None) -> int:
    """Table 966-1109 `getProcessScore`: the first matching branch of a fixed list.

    `provider_hand_count` is the number of concealed tiles of the player whose
    `cards_index` the caller passes (Table 848: the provider's, once the tile has left
    his hand), read only off a self-draw: one tile left (the discarder, or the player
    robbed, was waiting on 全求人) turns 2 into 9, 9 into 18 and so on. Branch order, each (自摸 value, other value):

    基本胡 (972-983): 门清 4 / 3; one tile 9 / 2.
    全求人+碰碰胡+清一色 (985-992): 12 / 72.  全求人+清一色 (995-1001): 12 / 36.
    全求人+碰碰胡 (1003-1009): 12 / 36.  碰碰胡+清一色 (1012-1023): 门清 16 / 12; 36 / 18.
    小七对+清一色 (1026-1034): 16; 36 / 18.  碰碰胡 (1037-1048): 门清 8 / 6; 18 / 9.
    小七对 (1051-1059): 8; 18 / 9.  豪华七小对 (1062-1070): 16; 36 / 18.
    双七小对 (1073-1081): 32; 72 / 36.  三七小对 (1084-1092): 64; 144 / 72.
    清一色 (1095-1106): 门清 8 / 6; 18 / 9.  Otherwise 0 (1108).

    So 清一色 never doubles a 七对 with a four (豪华, 双, 三 come before 清一色).

    Examples:
        >>> get_process_score(frozenset({JI_BEN_HU, JIE_PAO}), False, 4)
        2
        >>> get_process_score(frozenset({JI_BEN_HU, JIE_PAO}), False, 1)
        9
        >>> get_process_score(frozenset({HAO_HUA_QI_XIAO_DUI, QING_YI_SE, ZI_MO}), True, None)
        16
    """
    f = flags
    one = provider_hand_count == 1
    if JI_BEN_HU in f:
        if zimo:
            return 4 if MEN_QING in f else 3
        return 9 if one else 2
    if {QUAN_QIU_REN, PENG_PENG_HU, QING_YI_SE} <= f:
        return 12 if zimo else 72
    if {QUAN_QIU_REN, QING_YI_SE} <= f:
        return 12 if zimo else 36
    if {QUAN_QIU_REN, PENG_PENG_HU} <= f:
        return 12 if zimo else 36
    if {PENG_PENG_HU, QING_YI_SE} <= f:
        if zimo:
            return 16 if MEN_QING in f else 12
        return 36 if one else 18
    if {XIAO_QI_DUI, QING_YI_SE} <= f:
        return 16 if zimo else (36 if one else 18)
    if PENG_PENG_HU in f:
        if zimo:
            return 8 if MEN_QING in f else 6
        return 18 if one else 9
    if XIAO_QI_DUI in f:
        return 8 if zimo else (18 if one else 9)
    if HAO_HUA_QI_XIAO_DUI in f:
        return 16 if zimo else (36 if one else 18)
    if SHUANG_QI_XIAO_DUI in f:
        return 32 if zimo else (72 if one else 36)
    if SAN_QI_XIAO_DUI in f:
        return 64 if zimo else (144 if one else 72)
    if QING_YI_SE in f:
        if zimo:
            return 8 if MEN_QING in f else 6
        return 18 if one else 9
    return 0


def get_fan(flags: frozenset[str], zimo: bool, provider: int, other: int, fenghu_of_winner: int | None,
            si_shuang: bool = False) -> int:
    """Table 940-964 `getFan`: how many times one payer's share doubles.

    +1 for 杠上开花; on a self-draw +1 when the payer `other` is the winner's 封胡 player;
    otherwise +1 when the provider is, and +1 each for 杠上炮 and 抢杠胡. The 死双 rule is
    tested (946, 952) but both branches add the same one: `si_shuang` changes nothing.

    Examples:
        >>> get_fan(frozenset({GANG_SHANG_PAO}), False, 2, 2, None)
        1
        >>> [get_fan(frozenset({ZI_MO}), True, 1, other, 2, s) for other in (0, 2) for s in (False, True)]
        [0, 0, 1, 1]
    """
    fan = 1 if GANG_KAI in flags else 0
    if zimo:
        if (si_shuang and other == fenghu_of_winner) or other == fenghu_of_winner:
            fan += 1
    else:
        if (si_shuang and provider == fenghu_of_winner) or provider == fenghu_of_winner:
            fan += 1
        if GANG_SHANG_PAO in flags:
            fan += 1
        if QIANG_GANG_HU in flags:
            fan += 1
    return fan


def ma_hits(ma: tuple[int, ...], dealer: int, winner: int) -> int:
    """Table 251-301 `set_niao_card`: how many 码 name the winner's seat.

    A 码 of value v names seat (dealer + (v − 1) % 4) % 4 (285): 1 5 9 东 中 the dealer,
    2 6 南 发 the next seat, 3 7 西 白 the one after, 4 8 北 the last; honours by their
    code's value (东1 … 中5 发6 白7). With three players a 码 can name seat 3, which is
    nobody (the table's `get_seat`, 481-505, written for three players, is never called).

    Examples:
        >>> ma_hits(tuple(parse("1m5s9p")), 2, 2), ma_hits(tuple(parse("2m4z")), 0, 1)
        (3, 1)
    """
    return sum(1 for card in ma if (dealer + (card_value(card) - 1) % 4) % 4 == winner)


def hu_scores(players: int, winner: int, provider: int, flags: frozenset[str], zimo: bool,
              provider_hand_count: int | None, hits: int, quan_bao: int | None,
              fenghu_of_winner: int | None, si_shuang: bool = False) -> list[int]:
    """Table 836-938 `process_chi_hu_player_score`: what each seat gains from the win (底分 1).

    zimo (851-884): each other seat i owes s = score × (1 + hits) × 2^fan(i); the 全包
    player (else the 封胡 player, else i) pays it, and when both are set and differ the
    封胡 player pays it once more. Not zimo with 杠上开花 (886-911: after a 明杠 the
    provider pays): the 自摸 score, each other seat's share paid by the 全包 player, else
    the 封胡 player, else the provider (both set and differ: the provider pays once more).
    Any other win (912-930): the provider pays s once; a 封胡 player who is not the
    provider pays s too (双飞).

    Examples:
        >>> hu_scores(4, 1, 1, frozenset({JI_BEN_HU, ZI_MO}), True, None, 0, None, None)
        [-3, 9, -3, -3]
        >>> hu_scores(4, 1, 0, frozenset({JI_BEN_HU, JIE_PAO}), False, 4, 0, None, 2)
        [-2, 4, -2, 0]
    """
    score = [0] * players

    def pay(payer: int, s: int) -> None:
        score[payer] -= s
        score[winner] += s

    if zimo or GANG_KAI in flags:
        # Table 851-884, and 886-911 (the 自摸 score again, Table 887): the two loops differ
        # only in who pays when neither 全包 nor 封胡 is set, and who pays the extra share.
        base = get_process_score(flags, True, provider_hand_count)
        amount = base + base * hits  # Table 848-849
        for i in (i for i in range(players) if i != winner):
            s = amount << get_fan(flags, zimo, provider, i, fenghu_of_winner, si_shuang)
            own, extra = (i, fenghu_of_winner) if zimo else (provider, provider)
            pay(quan_bao if quan_bao is not None else fenghu_of_winner if fenghu_of_winner is not None else own, s)
            if quan_bao is not None and fenghu_of_winner is not None and quan_bao != fenghu_of_winner:
                pay(extra, s)
    else:
        base = get_process_score(flags, zimo, provider_hand_count)
        s = (base + base * hits) << get_fan(flags, zimo, provider, provider, fenghu_of_winner, si_shuang)
        pay(provider, s)
        if fenghu_of_winner is not None and fenghu_of_winner != provider:
            pay(fenghu_of_winner, s)
    return score


def fenghu_seats(weaves: tuple[tuple[Weave, ...], ...]) -> list[int | None]:
    """封胡 as the server records it: for each seat, the provider of its third weave from one
    player, the first such provider only. The check runs when a 碰 is made (ChiPeng 51-68; a
    补杠 was a 碰 then and keeps its provider, Gang 126-128) and when a 明杠 is made
    (Gang 137-154); on a 补杠 or 暗杠 `_provide_player` is the owner, so Gang 151 skips it.
    That provider may not win the hand (`feng_pai`, Dispatch 93, Table 320 and 382).

    Examples:
        >>> fenghu_seats(((), tuple(Weave(PENG, c, 2) for c in (1, 2, 3)), (), ()))
        [None, 2, None, None]
    """
    out: list[int | None] = []
    for own in weaves:
        found = None
        for k, w in enumerate(own):
            if w.kind != AN_GANG and found is None and sum(1 for x in own[:k + 1] if x.provider == w.provider) >= 3:
                found = w.provider
        out.append(found)
    return out


def gang_scores(players: int, weaves: tuple[tuple[Weave, ...], ...]) -> list[int]:
    """Gang 170-194: every kong made pays CELL_SCORE (1) to its maker, settled at the end of
    the hand whether anyone wins (Table 638-661): an 暗杠 from every other seat, a 明杠
    from its discarder, a 补杠 from the player who gave the 碰.

    Examples:
        >>> gang_scores(4, ((Weave(AN_GANG, 5, 0),), (Weave(ADD_GANG, 7, 3),), (), ()))
        [3, 0, -1, -2]
    """
    score = [0] * players
    for seat, own in enumerate(weaves):
        for w in own:
            if w.kind == AN_GANG:
                for i in range(players):
                    if i != seat:
                        score[i] -= CELL_SCORE
                        score[seat] += CELL_SCORE
            elif w.is_gang:
                score[w.provider] -= CELL_SCORE
                score[seat] += CELL_SCORE
    return score


# ---- a whole win ----------------------------------------------------------------


class NotAWin(ValueError):
    """The server would not let this win happen (the reason says which line)."""


@dataclass(frozen=True)
class Win:
    """One winner's situation, in the terms the server keeps.

    players, dealer: 3 or 4 (GAME_RULE_PLAYER_3, Table 473-479); `_cur_banker`.
    weaves: every seat's weaves in the order they were made (a 补杠 stands where its 碰 was,
      Gang 106-114); a robbed 补杠 is still a 碰 (the kong is never made, Gang 290-338).
    winner, hand, card: the winner's concealed tiles before the winning tile, and that tile.
    how: ZIMO, GANGKAI, FANGPAO, GANGPAO or QIANGGANG.
    provider: the discarder (FANGPAO, GANGPAO) or the player robbed (QIANGGANG); his
      concealed tiles once the tile has left them are 13 − 3 × his weaves (OutCard 155 and
      Gang 292 take the tile out before the score is made).
    kong: for GANGKAI, the index in the winner's weaves of the kong whose replacement won.
    quan_bao_before: 全包 left over from a 补杠 earlier in the turn, read only by a GANGKAI on a
      明杠 (Dispatch 83-90 resets it on every other draw; Gang 193 sets it on a 补杠).
    ma_count, ma: the rule's number of 码 (0, 2, 4, 6) and the 码 tiles drawn on a self-draw.
    first_turn: no discard yet (天胡, Dispatch 220-223) or the dealer's first discard (地胡,
      OutCard 270-272): flags the server sets and never prices.
    si_shuang: GAME_RULE_SI_SHUANG, which `get_fan` reads to no effect.
    """

    winner: int
    hand: tuple[int, ...]
    card: int
    how: str
    weaves: tuple[tuple[Weave, ...], ...]
    players: int = 4
    dealer: int = 0
    provider: int | None = None
    kong: int | None = None
    quan_bao_before: int | None = None
    ma_count: int = 0
    ma: tuple[int, ...] = ()
    first_turn: bool = False
    si_shuang: bool = False


@dataclass(frozen=True)
class Result:
    """What the server settles: the flags, the score before doublings, 码 hits, and per seat
    the hand (`hu`), the kongs (`gang`) and their sum (`total`)."""

    flags: frozenset[str]
    base: int
    hits: int
    hu: tuple[int, ...]
    gang: tuple[int, ...]

    @property
    def total(self) -> tuple[int, ...]:
        return tuple(h + g for h, g in zip(self.hu, self.gang, strict=True))


def _check(win: Win) -> None:
    if win.players not in (3, 4):
        raise NotAWin("the table has 3 or 4 players (Table 473-479)")
    seats = range(win.players)
    if len(win.weaves) != win.players or win.winner not in seats or win.dealer not in seats:
        raise NotAWin("one weave list per seat, and winner and dealer among the seats")
    if win.how not in HOWS:
        raise NotAWin(f"how is one of {HOWS}")
    if win.ma_count not in MA_COUNTS:
        raise NotAWin("the server buys 0, 2, 4 or 6 码 (GAME_RULE_MAI_MA_*)")
    for seat, own in enumerate(win.weaves):
        for w in own:
            if w.kind not in KINDS or w.provider not in seats:
                raise NotAWin(f"seat {seat}: a weave is 碰/暗杠/明杠/补杠 with a provider among the seats")
            if (w.kind == AN_GANG) != (w.provider == seat):
                raise NotAWin(f"seat {seat}: only an 暗杠 is provided by its owner")
    own = win.weaves[win.winner]
    cards = [*win.hand, win.card, *win.ma, *(w.card for ws in win.weaves for w in ws)]
    if any(not ((card_color(c) < 3 and 1 <= card_value(c) <= 9) or (card_color(c) == 3 and 1 <= card_value(c) <= 7))
           for c in cards):
        raise NotAWin("a tile is 0x01-0x09, 0x11-0x19, 0x21-0x29 or 0x31-0x37")
    tiles = list(win.hand) + [win.card] + [w.card for w in own for _ in range(4 if w.is_gang else 3)]
    everywhere = tiles + [w.card for s, ws in enumerate(win.weaves) if s != win.winner
                          for w in ws for _ in range(4 if w.is_gang else 3)]
    if any(n > 4 for n in counts_of(everywhere + list(win.ma))):
        raise NotAWin("more than four of a tile")
    if len(win.hand) + 3 * len(own) != 13:
        raise NotAWin("the winner holds 13 tiles before the winning one, a weave counting three")
    self_drawn = win.how in (ZIMO, GANGKAI)
    if self_drawn and len(win.ma) != win.ma_count:
        raise NotAWin(f"a self-draw draws exactly {win.ma_count} 码 (Table 265-273)")
    if not self_drawn and win.ma:
        raise NotAWin("码 are drawn only on a self-draw (set_niao_card, Dispatch 227)")
    if self_drawn != (win.provider is None):
        raise NotAWin("a provider is given exactly for 放炮, 杠上炮 and 抢杠")
    if not self_drawn and (win.provider == win.winner or win.provider not in seats):
        raise NotAWin("the provider is another seat")
    if win.how == GANGKAI:
        if win.kong is None or not 0 <= win.kong < len(own) or not own[win.kong].is_gang:
            raise NotAWin("a 杠开 names the winner's kong it came from")
        if own[win.kong].kind == JIE_GANG and win.kong != len(own) - 1:
            raise NotAWin("a 明杠 is the winner's last weave (Dispatch 235 reads the last one)")
    elif win.kong is not None:
        raise NotAWin("only a 杠开 names a kong")
    if win.quan_bao_before is not None and not (win.how == GANGKAI and own[win.kong].kind == JIE_GANG
                                                and win.quan_bao_before in seats and win.quan_bao_before != win.winner):
        raise NotAWin("a 全包 left over is another seat, and matters only to a 杠开 on a 明杠")
    if win.how == GANGPAO and not any(w.is_gang for w in win.weaves[win.provider]):
        raise NotAWin("杠上炮: the discarder has just made a kong")
    if win.how == QIANGGANG and not any(w.kind == PENG and w.card == win.card for w in win.weaves[win.provider]):
        raise NotAWin("抢杠: the robbed player adds the tile to his 碰 (Gang 68-73: only a 补杠 is robbed)")
    if win.first_turn and not ((win.how in (ZIMO, GANGKAI) and win.winner == win.dealer)
                               or (win.how == FANGPAO and win.provider == win.dealer)):
        raise NotAWin("the first turn is the dealer's: his draw, or his first discard")


def settle(win: Win) -> Result:
    """The server's settlement of one winner's hand (a 一炮多响 settles each winner so, OutCard 265-288).

    Follows the handler that reaches `process_chi_hu_player_score`: Dispatch 79-103 and
    218-239 (self-draws: card type, 全包 reset or kept, 码 drawn, a 明杠's provider paying),
    OutCard 246-288 with Table 345-422 (discards; a kong's dispatch type makes 杠上炮),
    Gang 73 and 282-333 with Table 303-343 (a 补杠 robbed). Raises NotAWin when the server
    would not offer the win.

    Examples:
        >>> settle(Win(1, tuple(parse("123456789m1234p")), 0x24, ZIMO, ((), (), (), ()))).total
        (-4, 12, -4, -4)
    """
    _check(win)
    fenghu = fenghu_seats(win.weaves)
    if win.winner in fenghu:
        raise NotAWin("封胡: a player 碰'd three times by one player cannot win (Dispatch 93, Table 320, 382)")
    own = win.weaves[win.winner]
    card_types = {ZIMO: CARD_ZI_MO, FANGPAO: CARD_JIE_PAO, GANGPAO: CARD_GANG_PAO, QIANGGANG: CARD_QIANG_GANG}
    card_type = card_types.get(win.how)
    quan_bao = None
    if win.how == GANGKAI:
        kind = own[win.kong].kind
        card_type = CARD_GANG_KAI if kind == AN_GANG else CARD_QUAN_BAO | CARD_GANG_KAI  # Dispatch 83-87
        quan_bao = {ADD_GANG: own[win.kong].provider, JIE_GANG: win.quan_bao_before}.get(kind)  # Gang 193
    flags = analyse_chi_hu_card(counts_of(win.hand), own, win.card, card_type)
    if not flags:
        raise NotAWin("no standard split and no 七对 (Table 163-166); the server has no 十三幺")
    if win.first_turn:
        flags |= {TIAN_HU if win.how in (ZIMO, GANGKAI) else DI_HU}
    self_drawn = win.how in (ZIMO, GANGKAI)
    hits = ma_hits(win.ma, win.dealer, win.winner) if self_drawn else 0
    if win.how == GANGKAI and own[win.kong].kind == JIE_GANG:
        zimo, provider = False, own[-1].provider  # Dispatch 234-236
    elif self_drawn:
        zimo, provider = True, win.winner  # Dispatch 238
    else:
        zimo, provider = False, win.provider
    held = None if self_drawn else 13 - 3 * len(win.weaves[provider])
    hu = hu_scores(win.players, win.winner, provider, flags, zimo, held, hits, quan_bao, fenghu[win.winner],
                   win.si_shuang)
    base = get_process_score(flags, zimo or GANG_KAI in flags, held)
    return Result(flags, base, hits, tuple(hu), tuple(gang_scores(win.players, win.weaves)))
