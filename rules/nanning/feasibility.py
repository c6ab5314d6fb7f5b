"""Can a situation occur at a real table? A reason if not, a witness hand if so.

`check` applies the rules that rule a situation out, each with the rule line it
rests on: the document's own (no 杠上花 at 海底, only a chain of 明杠 can be
robbed, 天胡 / 地胡 / 人胡 are 门清 …) and the ones the tiles impose (a robbed
tile's other three copies are in the robbed 碰, so the winner can only use it in
a sequence; four kongs leave no room for a sequence …). `witness` then builds a
concrete hand and table situation and proves it by reading it back.
"""
from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass

from ..errors import RuleError
from .analysis import read, validate
from .model import (
    CHAIN_WINS,
    SELF_DRAWN,
    FengHu,
    Hand,
    HandType,
    KongKind,
    Meld,
    MeldKind,
    Shape,
    Situation,
    Win,
)
from .options import MinggangMenqing, PinghuScope, PinghuZimo, Scoring, Switch
from .rule_set import RuleSet
from .tiles import COPIES, Suit, Tile, make, name, notation

FIRST_TURN = frozenset({Win.TIANHU, Win.DIHU, Win.RENHU})
DISCARD_WINS = frozenset({Win.FANGPAO, Win.GANGSHANGPAO, Win.QIANGGANG, Win.QUANQIUPAO,
                          Win.HAIDIPAO, Win.RENHU})


# 天胡 / 地胡 after a kong are not 天胡 / 地胡: the document prices them as 暗杠杠上花.
FIRST_TURN_KONGS = {
    Win.TIANHU: ("nn-14-n1", "001:351", "庄家起手暗杠杠上花胡牌不算天胡，以暗杠杠上花牌型计分"),
    Win.DIHU: ("nn-15-n1", "001:361", "暗杠杠上花胡牌不算地胡，以暗杠杠上花牌型计分"),
}


def first_turn_kongs(win: Win) -> RuleError:
    """Why a 天胡 / 地胡 with a kong is priced as 杠上花 (nn-14-n1, nn-15-n1).

    Examples:
        >>> from rules.nanning.model import Win
        >>> first_turn_kongs(Win.TIANHU).rule
        'nn-14-n1'
    """
    rule, source, words = FIRST_TURN_KONGS[win]
    return _no(f"{words}（按杠上花查）", rule, source)


def _no(message: str, rule: str, source: str = "") -> RuleError:
    return RuleError(message, rule=rule, source=source)


def check(s: Situation, rule_set: RuleSet) -> RuleError | None:
    """The reason a situation cannot occur (a RuleError naming the rule), or None.

    Examples:
        >>> from rules.nanning.model import HandType, Win, Shape, Situation
        >>> from rules.nanning.rule_set import rule_set
        >>> check(Situation(HandType(Shape.JIHU, False, False), Win.ZIMO), rule_set("yuanwen")) is None
        True
        >>> check(Situation(HandType(Shape.QIXIAODUI, False, False), Win.FANGPAO), rule_set("yuanwen"))
        RuleError('七小对、七大对十四张牌都在手里，总是门清')
    """
    hand, win, chain = s.hand, s.win, s.chain
    n = len(chain)
    # The billee1011 server counts 全求人 on any hand of four melds, self-drawn or 暗杠 included (Table 176-179).
    server = rule_set.options.scoring is Scoring.BILLEE
    if hand.shape.pairs and not hand.menqing:
        return _no("七小对、七大对十四张牌都在手里，总是门清", "nn-5-1", "001:47")
    if hand.quanqiuren and hand.shape is not Shape.PENGPENG:
        return _no("全求人是碰倒四笔牌加一对，总是碰碰胡", "nn-10-r1", "001:287")
    if hand.quanqiuren and hand.menqing and not server:
        return _no("全求人碰倒了四笔牌，不可能门清", "nn-10-r1", "001:287")
    if hand.quanqiuren and win in SELF_DRAWN and not server:
        return _no("全求人自摸只算碰碰胡自摸，不算全求人", "nn-10-2", "001:291")
    if win in CHAIN_WINS and not 1 <= n <= rule_set.value("chain_max"):
        return _no(f"{win.value}要有1到{rule_set.value('chain_max')}个连杠，这里是{n}个", "nn-7-mg4-r1")
    if win not in CHAIN_WINS and n:
        if win in (Win.HAIDILAO, Win.HAIDIPAO):
            rule = "nn-17-n1" if win is Win.HAIDILAO else "nn-18-n1"
            return _no(f"{win.value}无杠上花也不算杠分：已无牌可杠", rule, "001:397")
        if win in FIRST_TURN_KONGS:
            return first_turn_kongs(win)
        return _no(f"连杠只和杠上花、杠上炮、抢杠胡一起出现，{win.value}没有连杠", "nn-8-r1")
    if win in FIRST_TURN and not hand.menqing:
        rule = {Win.TIANHU: "nn-14-r1", Win.DIHU: "nn-15-r1", Win.RENHU: "nn-16-r1"}[win]
        return _no(f"{win.value}发生在任何人碰牌之前，手牌总是门清", rule)
    if win is Win.QIANGGANG:
        if KongKind.AN in chain:
            return _no("只有明杠（连杠也全是明杠）才能抢；暗杠、先暗杠后连明杠都不能抢杠胡",
                       "nn-9-zhu-n1", "001:285")
        if hand.shape is not Shape.JIHU:
            return _no(
                "被抢的那张牌另外三张都在被抢杠者的碰里，胡家手里一张也没有，只能用它凑顺子；"
                f"{hand.shape.value}没有顺子，不可能抢杠胡",
                "nn-9-d1", "001:251",
            )
    if win is Win.GANGSHANGHUA and hand.shape.pairs:
        return _no("杠上花要先开杠，四张牌离开手牌，不可能是七对", "nn-7-mg1-r1")
    ming = sum(1 for k in chain if k is KongKind.MING) if win is Win.GANGSHANGHUA else 0
    an = n - ming if win is Win.GANGSHANGHUA else 0
    breaks = rule_set.options.minggang_menqing is MinggangMenqing.BREAKS
    if ming and hand.menqing and breaks:
        return _no("明杠（推倒杠或先碰后杠）用了别人的牌，和碰一样不再门清",
                   "nn-1-2", "001:13")
    melds = ming + an
    if s.fenghu is not FengHu.NONE:
        if hand.menqing or hand.shape.pairs:
            return _no("封胡意味着胡家碰了同一家三笔牌，不可能门清", "nn-12-r1", "001:321")
        melds = max(3, ming) + an
        if s.fenghu is FengHu.B_PAYS_ALL and win not in SELF_DRAWN:
            return _no("被封胡者包付只用于自摸（含杠上花）；放炮时是双飞或×2", "nn-12-r4")
        if s.fenghu is not FengHu.B_PAYS_ALL and win in SELF_DRAWN:
            return _no(f"{s.fenghu.value}要有人放炮；自摸时由被封胡者包付", "nn-12-r2")
        if s.fenghu is FengHu.B_DISCARDS and s.fenghu_seat is not s.from_seat:
            return _no("被封胡者放炮时放炮者就是被封胡者", "nn-12-r3")
    elif not hand.menqing and not ming and (not hand.quanqiuren or an == 4):
        melds += 1  # not 门清 needs at least one 碰 (or 明杠) somewhere
    if hand.quanqiuren:
        melds = max(melds, 4)
    if melds > 4:
        why = f"{an}个暗杠" + (f"、{ming}个明杠" if ming else "") + (
            "、被封胡要碰同一家三笔" if s.fenghu is not FengHu.NONE else "、不门清还要碰一笔")
        return _no(f"{why}，共要{melds}笔副露，一手牌最多四笔", "nn-7-ag4-r1")
    if melds == 4 and server and not hand.quanqiuren:
        return _no("四笔副露后手里只剩一张单吊：某服务端实现的算法（billee1011）把它算作全求人"
                   "（Table_NanNing.java 176-179）", "nn-10-r1")
    if melds == 4 and hand.shape is Shape.JIHU:
        return _no("四笔副露后没有顺子的位置，只能是碰碰胡（“普通牌型，即碰碰胡”）",
                   "nn-7-ag4-1", "001:179")
    if s.moma_hits:
        if rule_set.options.moma is not Switch.ON:
            return _no(NO_MOMA, "nn-22-d1")
        if not moma_eligible(s, rule_set):
            return _no("只有自摸胡牌才能摸码（明杠杠上花不能摸码，海底已无牌可摸）",
                       "nn-22-ma-r1", "001:427")
        if s.moma_hits > rule_set.moma_codes():
            return _no(f"摸{rule_set.moma_codes()}颗码不可能中{s.moma_hits}颗", "nn-22-ma-d1")
    if win in DISCARD_WINS and s.from_seat.value == "本家":
        return _no("胡家不能自己付给自己", "nn-2-r1")
    if win in DISCARD_WINS and pinghu_refused(hand, rule_set):
        spec = rule_set.option_specs["pinghu_zimo"]
        return _no(f"平胡需自摸（{spec.origin}）：{hand.label()}是平胡，只能自摸，不能胡别人打出的牌", spec.rules[0])
    return None


def pinghu_refused(hand: HandType, rule_set: RuleSet) -> bool:
    """平胡需自摸 (a variant): whether this hand is a 平胡 that the rule set lets win only by a self-draw.

    Examples:
        >>> from rules.nanning.model import HandType, Shape
        >>> from rules.nanning.rule_set import rule_set
        >>> yes = rule_set(options={"pinghu_zimo": "yes"})
        >>> [pinghu_refused(HandType(Shape.JIHU, m, False), yes) for m in (False, True)]
        [True, True]
        >>> pinghu_refused(HandType(Shape.JIHU, True, False), yes.with_options({"pinghu_scope": "jihu_only"}))
        False
    """
    options = rule_set.options
    if options.pinghu_zimo is not PinghuZimo.YES:
        return False
    plain = hand.shape is Shape.JIHU and not hand.qingyise and not hand.quanqiuren
    return plain and (options.pinghu_scope is PinghuScope.NO_PATTERN or not hand.menqing)


def moma_eligible(situation: Situation, rule_set: RuleSet) -> bool:
    """Only a self-drawn win draws codes; not at 海底 (no tiles left); not after a 明杠 (nn-22-ma-r1), except
    where the billee1011 server draws them after every kong (Dispatch 227).

    Examples:
        >>> from rules.nanning.model import HandType, Win, Shape, Situation
        >>> from rules.nanning.rule_set import preset
        >>> [moma_eligible(Situation(HandType(Shape.JIHU, False, False), m), preset()) for m in (Win.ZIMO, Win.FANGPAO)]
        [True, False]
    """
    if situation.win not in SELF_DRAWN - {Win.HAIDILAO}:
        return False
    return rule_set.options.scoring is Scoring.BILLEE or KongKind.MING not in situation.chain


# 天胡 / 地胡 with a 碰 shown, with or without a kong: a 碰 takes another player's discard, so the
# win is no longer the dealt hand (天胡) or the first natural draw (地胡).
FIRST_TURN_PENG = {
    Win.TIANHU: ("nn-14-r1", "001:345", "天胡是庄家起手牌直接胡牌（算门清自摸），还没有人打过牌"),
    Win.DIHU: ("nn-15-n1", "001:361", "地胡是第一圈按自然顺序摸的第一张牌胡牌，“第一圈里如有人碰牌”就不成地胡"),
}
FENGHU_MELDS = 3  # 同碰一位玩家三笔牌（含杠）
NO_MOMA = "这个规则预设不摸码"


def check_hand(hand: Hand, win: Win, fenghu: FengHu = FengHu.NONE) -> RuleError | None:
    """What a concrete hand rules out that its hand type does not show: the reason, or None.

    - 抢杠胡: the robbed 加杠 is another player's 碰 of the winning tile plus that
      tile, so three copies lie in his 碰 and the winner can hold no copy besides
      the robbed one (a fifth copy otherwise), in his hand or in a meld.
    - 人胡: won on the dealer's first discard, before the winner's first turn, so
      the winner has declared nothing: no 碰 and no 杠 of any kind.
    - 天胡 / 地胡: no 碰, with or without a 暗杠 beside it (a 明杠 is refused as the
      杠上花 it would be, `rules.nanning.answer`).
    - 封胡: the winner shows three melds taken from the 封胡'd player (`check_fenghu`).

    Examples:
        >>> from rules.nanning.model import Hand, Meld, MeldKind
        >>> from rules.nanning.tiles import parse
        >>> hand = Hand(tuple(parse("234m678m999m55p")), (Meld(MeldKind.PENG, parse("9s")[0]),), 13)
        >>> check_hand(hand, Win.ZIMO) is None, check_hand(hand, Win.RENHU).rule, check_hand(hand, Win.TIANHU).rule
        (True, 'nn-16-r1', 'nn-14-r1')
    """
    problem = check_fenghu(hand.melds, fenghu)
    if problem is not None:
        return problem
    if win is Win.QIANGGANG:
        tile = hand.won_on
        held = hand.concealed.count(tile) + sum(4 if m.kind.is_kong else 3 for m in hand.melds if m.tile == tile)
        if held + 3 > COPIES:
            return _no(f"抢杠胡抢的{name(tile)}另外三张在被抢杠者的碰里，胡家只能有被抢的这一张；"
                       f"这手牌有{held}张{name(tile)}，连同那个碰共{held + 3}张，超过{COPIES}张",
                       "nn-9-d1", "001:251")
    if win is Win.RENHU and hand.melds:
        melds = "、".join(f"{m.kind.value}{name(m.tile)}" for m in hand.melds)
        return _no(f"人胡是胡庄家打出的第一张牌，胡家还没摸过牌，不可能已经{melds}", "nn-16-r1", "001:363")
    pengs = [m for m in hand.melds if m.kind is MeldKind.PENG]
    if win in FIRST_TURN_PENG and pengs:
        rule, source, words = FIRST_TURN_PENG[win]
        shown = "、".join(f"碰{name(m.tile)}" for m in pengs)
        return _no(f"{words}，不可能已经{shown}", rule, source)
    return None


def check_fenghu(melds: tuple[Meld, ...], fenghu: FengHu) -> RuleError | None:
    """封胡 needs three melds taken from the 封胡'd player (碰, or a kong of his tile: 同碰一位玩家三笔牌（含杠）);
    a 暗杠 takes nobody's tile. The reason when the melds shown are too few, or None.

    Examples:
        >>> from rules.nanning.model import Meld, MeldKind
        >>> check_fenghu((Meld(MeldKind.PENG, 0), Meld(MeldKind.ANGANG, 1)), FengHu.OTHER_DISCARDS).rule
        'nn-12-r1'
        >>> check_fenghu((), FengHu.NONE) is None
        True
    """
    taken = sum(1 for m in melds if m.kind.from_other)
    if fenghu is FengHu.NONE or taken >= FENGHU_MELDS:
        return None
    return _no(f"封胡要胡家碰了被封胡者{FENGHU_MELDS}笔牌（含杠），这手牌只亮出{taken}笔别人的牌",
               "nn-12-r1", "001:321")


@dataclass(frozen=True)
class Witness:
    """A concrete hand and table situation that realises a priced situation.

    Examples:
        >>> from rules.nanning.model import HandType, Win, Shape, Situation
        >>> from rules.nanning.rule_set import rule_set
        >>> found = witness(Situation(HandType(Shape.JIHU, False, False), Win.ZIMO), rule_set("yuanwen"))
        >>> found.describe()
        '手牌 234678999m55p，副露 碰一万，胡 二万；按规则可以出现'
    """

    hand: Hand
    notes: str

    def describe(self) -> str:
        """The hand in notation and in words, with the notes (the 开发者 page and the payout table show this).

        Examples:
            >>> from rules.nanning.model import Hand, Meld, MeldKind
            >>> from rules.nanning.tiles import parse
            >>> Witness(Hand(tuple(parse("234678999m55p")), (Meld(MeldKind.PENG, 0),), 1), "例").describe()
            '手牌 234678999m55p，副露 碰一万，胡 二万；例'
        """
        melds = " ".join(f"{m.kind.value}{name(m.tile)}" for m in self.hand.melds)
        concealed = notation(self.hand.concealed)
        shown = f"，副露 {melds}" if melds else ""
        return f"手牌 {concealed}{shown}，胡 {name(self.hand.won_on)}；{self.notes}"


def witness(s: Situation, rule_set: RuleSet) -> Witness | None:
    """A concrete hand that reads back as exactly `s.hand`; None if the templates find none.

    Examples:
        >>> from rules.nanning.model import HandType, Win, Shape, Situation
        >>> from rules.nanning.rule_set import rule_set
        >>> witness(Situation(HandType(Shape.JIHU, False, False), Win.ZIMO), rule_set("yuanwen")).hand.melds
        (Meld(kind=<MeldKind.PENG: '碰'>, tile=0),)
    """
    for hand, notes in _candidates(s):
        try:
            validate(hand)
            found, _ = read(hand, s.win in SELF_DRAWN, rule_set)
        except RuleError:
            continue
        if found == s.hand and _others_fit(hand, s):
            return Witness(hand, notes)
    return None


def _others_fit(hand: Hand, s: Situation) -> bool:
    """Room for the tiles other players need: a robbed tile's other three copies,
    and four of each kong tile the discarder made (杠上炮)."""
    if s.win is Win.QIANGGANG:
        return hand.concealed.count(hand.won_on) == 1
    return True


def _candidates(s: Situation) -> Iterator[tuple[Hand, str]]:
    """Template hands for the situation (a few variants, tried in order)."""
    hand = s.hand
    main = Suit.MAN
    other = Suit.MAN if hand.qingyise else Suit.PIN
    if hand.shape.pairs:
        quads = hand.shape.big_pairs
        ranks = [1, 3, 5, 7, 9, 2, 4]
        tiles: list[Tile] = []
        kinds = ranks[:7 - quads]
        for k, r in enumerate(kinds):
            s_ = other if k == len(kinds) - 1 else main  # the last pair breaks 清一色 unless wanted
            tiles += [make(s_, r)] * (4 if k < quads else 2)
        yield Hand(tuple(tiles), (), tiles[-1]), "七对：每对两张，大对四张"
        return
    for variant in range(3):
        try:
            yield _template(s, variant, main, other)
        except _NoRoom:
            continue


class _NoRoom(Exception):
    """The template ran out of distinct ranks or sets for this situation."""


def _template(s: Situation, variant: int, main: Suit, other: Suit) -> tuple[Hand, str]:
    """One template hand: the chain's kongs, the 碰 the situation needs, then concealed sets
    (a sequence first for 鸡胡), and a pair in another suit unless 清一色."""
    hand = s.hand
    chain = s.chain if s.win is Win.GANGSHANGHUA else ()
    ranks = iter([1, 9, 5, 6, 2][variant:] + [1, 9, 5, 6, 2][:variant])

    def next_rank() -> int:
        try:
            return next(ranks)
        except StopIteration:
            raise _NoRoom from None

    melds: list[Meld] = []
    for k in chain:
        kind = MeldKind.ANGANG if k is KongKind.AN else (MeldKind.JIAGANG if variant == 1 else MeldKind.MINGGANG)
        melds.append(Meld(kind, make(main, next_rank())))
    exposed = sum(1 for m in melds if m.kind.from_other)
    # 全求人: four melds (the chain's 暗杠 among them only under the billee1011 server's reading)
    concealed_kongs = len(melds) - exposed
    need_exposed = 4 - concealed_kongs if hand.quanqiuren else 3 if s.fenghu is not FengHu.NONE else (
        0 if hand.menqing else 1)
    for _ in range(need_exposed - exposed):
        melds.append(Meld(MeldKind.PENG, make(main, next_rank())))
    sets_left = 4 - len(melds)
    concealed: list[Tile] = []
    for j in range(sets_left):
        if hand.shape is Shape.JIHU and j < 2:
            concealed += [make(main, (2, 6)[j] + i) for i in range(3)]  # 234, 678
        else:
            concealed += [make(main, next_rank())] * 3
    if hand.shape is Shape.JIHU and not sets_left:
        raise _NoRoom
    pair_tile = make(other, 8 if hand.qingyise else 5)
    if hand.qingyise and pair_tile in concealed + [m.tile for m in melds]:
        pair_tile = make(main, next_rank())
    concealed += [pair_tile, pair_tile]
    if hand.quanqiuren:
        won_on = pair_tile
    elif s.win is Win.QIANGGANG:
        won_on = make(main, 3)  # the middle of 234, held once
    else:
        won_on = concealed[0]
    return Hand(tuple(concealed), tuple(melds), won_on), _table_notes(s)


def _table_notes(s: Situation) -> str:
    parts = []
    if s.win in DISCARD_WINS and s.win is not Win.QIANGGANG:
        parts.append(f"{s.from_seat.value}打出胡牌")
    if s.win is Win.QIANGGANG:
        parts.append(f"{s.from_seat.value}碰了这张牌，摸到第四张加杠时被抢")
    if s.win is Win.GANGSHANGPAO:
        parts.append(f"{s.from_seat.value}连杠{len(s.chain)}次后打出胡牌")
    if s.win is Win.GANGSHANGHUA:
        parts.append(f"本家连杠{len(s.chain)}次，杠后补牌自摸")
    if s.fenghu is not FengHu.NONE:
        parts.append(f"本家碰了{s.fenghu_seat.value}三笔牌（封胡）")
    return "，".join(parts) or "按规则可以出现"
