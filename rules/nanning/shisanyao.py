"""十三幺 (thirteen orphans; a variant, 不见于原文): refused as the article says, or priced at the club's value.

The article rules it out ("无十三幺、全（七星）不靠牌型", nn-0-r2). Deployed clients offer it as a
switch (can_shi_san_yao, tests/ports/VARIANTS.md §1), but no program or document gives it a
price. So under 十三幺 = agreed the hand is priced by the club's own two numbers (约定值), given
with the request: `shisanyao_zimo` (each of the three pays it on a self-draw) and
`shisanyao_fangpao` (the one who pays on a discard, robbed kong included). Nothing doubles them:
no number is invented.
"""
from __future__ import annotations

from ..errors import RuleError
from ..ledger import HAND, Payment, Settlement
from .model import OTHERS, SELF_DRAWN, Hand, Seat, Win
from .options import Shisanyao
from .request import ScoreRequest
from .rule_set import RuleSet
from .tiles import counts, make, name, Suit

ORPHANS = tuple(make(s, r) for s in (Suit.MAN, Suit.PIN, Suit.SOU) for r in (1, 9)) + tuple(
    make(Suit.HONOR, r) for r in range(1, 8))
AGREED = "约定值"


def is_shisanyao(hand: Hand) -> bool:
    """Thirteen orphans: each terminal and honour once, one of them twice, nothing shown.

    Examples:
        >>> from rules.nanning.tiles import parse
        >>> is_shisanyao(Hand(tuple(parse("19m19p19s12345677z")), (), 33))
        True
        >>> is_shisanyao(Hand(tuple(parse("19m19p19s12345667z")), (), 33))
        True
        >>> is_shisanyao(Hand(tuple(parse("11m19p19s12345677z")), (), 33))
        False
    """
    c = counts(hand.concealed)
    return not hand.melds and len(hand.concealed) == 14 and all(c[t] >= 1 for t in ORPHANS) and sum(
        c[t] for t in ORPHANS) == 14


def settle(request: ScoreRequest, hand: Hand, rule_set: RuleSet) -> tuple[Settlement, str]:
    """The agreed price of a 十三幺 and the pair it doubles; a RuleError when the rule set refuses it or
    the club's value is missing.

    Examples:
        >>> from rules.nanning.rule_set import preset
        >>> from rules.nanning.tiles import parse
        >>> from rules.request import read
        >>> hand = Hand(tuple(parse("19m19p19s12345677z")), (), 33)
        >>> agreed = preset().with_options({"shisanyao": "agreed"})
        >>> s, _ = settle(read(ScoreRequest, {"hand": "19m19p19s12345677z", "win": "自摸", "shisanyao_zimo": 20}),
        ...               hand, agreed)
        >>> s.total, s.formula
        (60, '十三幺：约定值 20（每家，不见于原文，俱乐部自定）；胡家共收 60')
        >>> settle(read(ScoreRequest, {"hand": "19m19p19s12345677z", "win": "放炮"}), hand, agreed)
        Traceback (most recent call last):
        ...
        rules.errors.RuleError: 十三幺按俱乐部的约定值计分（不见于原文，...）：请给出十三幺约定值（放炮者付）
        >>> settle(read(ScoreRequest, {"hand": "19m19p19s12345677z", "win": "自摸"}), hand, preset())
        Traceback (most recent call last):
        ...
        rules.errors.RuleError: 十三幺不算胡牌：原文“无十三幺、全（七星）不靠牌型”（...设为“可以胡，...（约定值）”）
    """
    spec = rule_set.option_specs["shisanyao"]
    if rule_set.options.shisanyao is Shisanyao.REFUSED:
        # in the words of the house rules a player picks (the option's name and value), not its keys
        raise RuleError(f"十三幺不算胡牌：原文“{spec.quote}”（俱乐部约定可胡时，把规则选项“{spec.name}”设为"
                        f"“{spec.values[Shisanyao.AGREED.value]}”）", rule=spec.rules[0])
    if request.win is Win.GANGSHANGHUA:
        raise RuleError("十三幺没有杠，不可能杠上花", rule="nn-7-mg1-r1")
    self_drawn = request.win in SELF_DRAWN
    value, words = (request.shisanyao_zimo, "自摸每家付") if self_drawn else (request.shisanyao_fangpao, "放炮者付")
    if value is None:
        raise RuleError(f"十三幺按俱乐部的约定值计分（{spec.origin}，没有程序或文件给出分值）："
                        f"请给出十三幺约定值（{words}）", rule=spec.rules[0])
    rules = spec.rules
    if self_drawn:
        payments = tuple(Payment(seat, Seat.SELF, value, HAND, "三家之一", rules) for seat in OTHERS)
    else:
        payments = (Payment(request.discarder or Seat.PREV, Seat.SELF, value, HAND, "放炮者", rules),)
    total = sum(p.amount for p in payments)
    text = f"十三幺：{AGREED} {value}（{'每家，' if self_drawn else ''}{spec.origin}，俱乐部自定）；胡家共收 {total}"
    pair = next(t for t in ORPHANS if counts(hand.concealed)[t] == 2)
    return Settlement(Seat.SELF, payments, text, rules), name(pair)
