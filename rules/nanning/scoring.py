"""Pricing a situation, written once, as the document's numbers follow it.

1. 门清 decides the unit: 自摸基数 3 or 门清基数 4 (nn-1-r1).
2. Each pattern feature doubles: 碰碰胡, 清一色, 七对, each 大对, 全求人.
3. The method puts the hand on a scale:
   - 自摸 scale: each of the three others pays unit × 2^doublings (nn-2-r1);
   - 大炮 scale: one player pays for all three, 3 × unit × 2^doublings (nn-1-3);
   - 放炮 scale: a hand with no feature pays the base, 2 (鸡胡) or 4 (门清);
     a hand with features pays half its 大炮, 3 × unit × 2^(doublings−1)
     (碰碰胡 9 = nn-4-1, 七小对 12 = nn-5-1, 全求人 18 = nn-10-1).
4. The method doubles again: 杠上花 once per kong, 杠上炮 and 抢连杠 once per
   kong after the first, 海底捞月 / 天胡 / 地胡 once.
5. Kong points (杠分) are kept apart from hand points: each kong in a 杠上花
   chain adds 1 from each payer; who pays depends on the kind of kong.
6. Table rules act last: 封胡 (双飞, ×2, 包付), 死双, 摸码, 钓鱼.
"""
from __future__ import annotations

from dataclasses import dataclass, field

from ..errors import RuleError
from ..ledger import HAND, KONG, Payment, Settlement
from . import billee
from .feasibility import check
from .model import (
    OTHERS,
    SELF_DRAWN,
    FengHu,
    KongKind,
    Seat,
    Shape,
    Situation,
    Win,
)
from .options import (
    DapaoMenqing,
    FishingOffset,
    MenqingRule,
    MixedChain,
    MomaMultiply,
    PengpengMenqing,
    QianggangKongPoints,
    QingyiseFangpao,
    Qixiaodui,
    Scoring,
    SishuangScope,
    Switch,
)
from .rule_set import RuleSet


@dataclass
class _Work:
    """Working notes while pricing: the rule ids used and the formula steps."""

    rules: list[str] = field(default_factory=list)
    steps: list[str] = field(default_factory=list)

    def use(self, *rule_ids: str) -> None:
        for r in rule_ids:
            if r and r not in self.rules:
                self.rules.append(r)


def doublings(situation: Situation, rule_set: RuleSet, work: _Work) -> tuple[int, list[str]]:
    """Pattern features that double, as (count, names).

    Examples:
        >>> from rules.nanning.model import HandType, Win, Shape, Situation
        >>> from rules.nanning.rule_set import rule_set
        >>> doublings(Situation(HandType(Shape.PENGPENG, False, True), Win.ZIMO), rule_set("yuanwen"), _Work())
        (2, ['碰碰胡', '清一色'])
    """
    hand = situation.hand
    names: list[str] = []
    if hand.shape is Shape.PENGPENG:
        names.append("碰碰胡")
    if hand.qingyise:
        names.append("清一色")
    if hand.shape.pairs:
        names.append("七对")
    names += ["大对"] * hand.shape.big_pairs
    if hand.quanqiuren:
        names.append("全求人")
    for n in dict.fromkeys(names):
        work.use(*rule_set.features["七对" if n == "七对" else n].rules)
    return len(names), names


def counts_as_menqing(situation: Situation, rule_set: RuleSet, work: _Work) -> bool:
    """Whether the 门清 unit applies, under the options that narrow it.

    Examples:
        >>> from rules.nanning.model import HandType, Win, Shape, Situation
        >>> from rules.nanning.rule_set import rule_set
        >>> [counts_as_menqing(Situation(HandType(Shape.JIHU, m, False), Win.ZIMO), rule_set("yuanwen"), _Work())
        ...  for m in (True, False)]
        [True, False]
    """
    hand = situation.hand
    if not hand.menqing:
        return False
    if hand.shape is Shape.PENGPENG and rule_set.options.pengpeng_menqing is PengpengMenqing.NO:
        work.use(*rule_set.option_specs["pengpeng_menqing"].rules)
        return False
    if hand.shape.pairs and rule_set.options.qixiaodui is Qixiaodui.AS_PENGPENG:
        work.use(*rule_set.option_specs["qixiaodui"].rules)
        return False
    return True


def win_doublings(situation: Situation, rule_set: RuleSet) -> int:
    """How many times the 胡法 doubles, its kong chain counted (the preset's `methods` table).

    Examples:
        >>> from rules.nanning.model import HandType, KongKind, Win, Shape, Situation
        >>> from rules.nanning.rule_set import rule_set
        >>> jihu = HandType(Shape.JIHU, False, False)
        >>> win_doublings(Situation(jihu, Win.ZIMO), rule_set("yuanwen"))
        0
        >>> win_doublings(Situation(jihu, Win.GANGSHANGHUA, (KongKind.AN,)), rule_set("yuanwen"))
        1
    """
    rule = rule_set.wins[situation.win.value]
    n = len(situation.chain)
    return rule.doublings + rule.per_kong * max(0, n - rule.from_kong + 1)


def share(situation: Situation, rule_set: RuleSet, work: _Work) -> tuple[int, str]:
    """The amount one payer pays on the method's scale (before table rules), with its formula.

    Examples:
        >>> from rules.nanning.model import HandType, KongKind, Win, Shape, Situation
        >>> from rules.nanning.rule_set import rule_set
        >>> share(Situation(HandType(Shape.PENGPENG, False, True), Win.GANGSHANGHUA, (KongKind.AN,)),
        ...     rule_set("yuanwen"), _Work())
        (24, '3（自摸基数）×2（碰碰胡）×2（清一色）×2（杠上花，1杠：暗） = 24（每家）')
    """
    rule = rule_set.wins[situation.win.value]
    work.use(*rule.rules)
    d, names = doublings(situation, rule_set, work)
    m = win_doublings(situation, rule_set)
    menqing = counts_as_menqing(situation, rule_set, work)
    plus1 = menqing and rule_set.options.menqing_rule is MenqingRule.PLUS1
    if plus1:
        work.use(*rule_set.option_specs["menqing_rule"].rules)
    big = rule_set.value("menqing_unit") if menqing and not plus1 else rule_set.value("zimo_unit")
    unit_name = "门清基数" if menqing and not plus1 else "自摸基数"
    if rule.scale == "大炮" and menqing and rule_set.options.dapao_menqing is DapaoMenqing.IGNORED:
        work.use(*rule_set.option_specs["dapao_menqing"].rules)
        big, unit_name, plus1 = rule_set.value("zimo_unit"), "自摸基数（大炮无视门清）", False
    work.use(*rule_set.constants["zimo_unit" if big == rule_set.value("zimo_unit") else "menqing_unit"].rules)
    doubling = rule_set.value("doubling")
    payers = rule_set.value("payers")
    feature_text = "".join(f"×{doubling}（{n}）" for n in names)
    method_text = f"×{doubling ** m}（{situation.win.value}{_chain_words(situation)}）" if m else ""
    extra = " ＋1（门清）" if plus1 else ""

    if rule.scale == "放炮" and d == 0:
        base = rule_set.value("menqing_unit") if menqing else rule_set.value("fangpao_base")
        work.use(*rule_set.constants["menqing_unit" if menqing else "fangpao_base"].rules)
        name = "门清" if menqing else "鸡胡"
        if plus1:
            base = rule_set.value("fangpao_base") + 1
            name = "鸡胡2＋门清1"
        amount = base * doubling ** m
        return amount, f"{base}（{name}放炮基数）{method_text} = {amount}"
    double_base = rule_set.options.qingyise_fangpao is QingyiseFangpao.DOUBLE_BASE
    if rule.scale == "放炮" and names == ["清一色"] and double_base:
        work.use(*rule_set.option_specs["qingyise_fangpao"].rules)
        base = rule_set.value("menqing_unit") if menqing else rule_set.value("fangpao_base")
        amount = base * doubling * doubling ** m
        return amount, f"{base}（放炮基数）×{doubling}（清一色）{method_text} = {amount}"
    if rule.scale == "自摸":
        per = big * doubling ** (d + m) + (1 if plus1 else 0)
        return per, f"{big}（{unit_name}）{feature_text}{method_text}{extra} = {per}（每家）"
    # 大炮, or 放炮 of a hand with features: half of its 大炮
    exponent = d + m if rule.scale == "大炮" else d - 1 + m
    per = big * doubling ** exponent + (1 if plus1 else 0)
    amount = per * payers
    if rule.scale == "大炮":
        text = f"({big}（{unit_name}）{feature_text}{method_text}{extra})×{payers}（大炮，一家付三家） = {amount}"
    else:
        work.use("nn-4-1", "nn-5-1")
        text = (f"({big}（{unit_name}）{feature_text}÷{doubling}{method_text}{extra})×{payers}（放炮付大炮的一半）"
                f" = {amount}")
    return amount, text


def _chain_words(situation: Situation) -> str:
    if not situation.chain:
        return ""
    kinds = "".join("明" if k is KongKind.MING else "暗" for k in situation.chain)
    return f"，{len(situation.chain)}杠：{kinds}"


_MEMO: dict[tuple[Situation, tuple[object, ...]], RuleError | Settlement] = {}
_MEMO_LIMIT = 1 << 16


def price(situation: Situation, rule_set: RuleSet) -> Settlement:
    """The settlement of one situation; RuleError if a rule rules it out.

    Pure, so memoised: a table or a stream of hands prices the same few
    thousand situations over and over. The memo keeps the reason a situation
    cannot occur and raises a new error each time (a raised error carries its
    traceback, which would grow if the same one were raised again).

    Examples:
        >>> from rules.nanning.model import HandType, Win, Shape, Situation
        >>> from rules.nanning.rule_set import rule_set
        >>> price(Situation(HandType(Shape.JIHU, False, False), Win.ZIMO), rule_set("yuanwen")).formula
        '3（自摸基数） = 3（每家）；胡家共收 9（胡牌 9，杠分 0）'
        >>> price(Situation(HandType(Shape.QIXIAODUI, False, False), Win.FANGPAO), rule_set("yuanwen"))
        Traceback (most recent call last):
        ...
        rules.errors.RuleError: 七小对、七大对十四张牌都在手里，总是门清
    """
    key = (situation, rule_set.key)
    found = _MEMO.get(key)
    if found is None:
        if len(_MEMO) >= _MEMO_LIMIT:
            _MEMO.clear()
        reason = check(situation, rule_set)
        found = _MEMO[key] = reason if reason is not None else price_unchecked(situation, rule_set)
    if isinstance(found, RuleError):
        raise RuleError(found.message, rule=found.rule, source=found.source)
    return found


def price_unchecked(situation: Situation, rule_set: RuleSet) -> Settlement:
    """What the formula gives, whether or not the situation can occur: only for
    reporting what a document's price for an impossible situation would follow.

    Examples:
        >>> from rules.nanning.model import HandType, Win, Shape, Situation
        >>> from rules.nanning.rule_set import rule_set
        >>> price_unchecked(Situation(HandType(Shape.QIXIAODUI, False, False), Win.FANGPAO),
        ...     rule_set("yuanwen")).hand_points
        9
    """
    if rule_set.options.scoring is Scoring.BILLEE:
        return billee.price(situation, rule_set)
    work = _Work()
    amount, text = share(situation, rule_set, work)
    rule = rule_set.wins[situation.win.value]
    payments: list[Payment] = []
    if rule.scale == "自摸":
        payments += _self_drawn(situation, rule_set, amount, work)
    else:
        payer = _single_payer(situation)
        payments.append(Payment(payer, Seat.SELF, amount, HAND, rule.payer, rule.rules))
    payments = _fenghu(situation, rule_set, payments, work)
    payments = _moma(situation, rule_set, payments, work)
    payments = _fishing(situation, rule_set, payments, work)
    payments += _chain_kong_points(situation, rule_set, work)
    settlement = Settlement(Seat.SELF, tuple(payments), "", tuple(work.rules))
    return Settlement(Seat.SELF, tuple(payments), _formula(text, settlement, work), tuple(work.rules))


def _single_payer(situation: Situation) -> Seat:
    """The one player who pays on a discard scale: the discarder (or the robbed player,
    or the dealer for 人胡), who is B himself when B discards under 封胡."""
    return situation.fenghu_seat if situation.fenghu is FengHu.B_DISCARDS else situation.from_seat


def _self_drawn(situation: Situation, rule_set: RuleSet, per: int, work: _Work) -> list[Payment]:
    """自摸-scale payments: three payers, or one pays all (明杠 in the chain, 封胡包付)."""
    rule = rule_set.wins[situation.win.value]
    payers = rule_set.value("payers")
    kong = rule_set.value("kong_point")
    chain = situation.chain
    n = len(chain)
    out: list[Payment] = []
    if situation.win is Win.GANGSHANGHUA and KongKind.MING in chain:
        mixed = KongKind.AN in chain
        if mixed and rule_set.options.mixed_chain is MixedChain.THREE_PAY:
            spec = rule_set.option_specs["mixed_chain"]
            work.use(*spec.rules)
            victim = Seat.PREV
            for seat in OTHERS:
                out.append(Payment(seat, Seat.SELF, per, HAND, "三家之一", spec.rules))
                out.append(Payment(seat, Seat.SELF, kong * n, KONG, "三家之一", spec.rules))
            out.append(Payment(victim, Seat.SELF, kong * n, KONG, "被明杠者多付一份杠分", spec.rules))
            work.steps.append(f"三家各付 {per} ＋ 杠分 {kong * n}，被明杠者再付杠分 {kong * n}")
            return out
        ids = ("nn-7-mix-r1", "nn-7-mix-r2") if mixed else ("nn-7-mg1-r1", "nn-7-mg2-r1")
        work.use(*ids)
        role = "第一个被明杠者" if mixed else ("被杠者" if n == 1 else "第一个被杠者")
        victim = Seat.PREV
        out.append(Payment(victim, Seat.SELF, per * payers, HAND, role, ids))
        out.append(Payment(victim, Seat.SELF, kong * n, KONG, role, ids + rule_set.constants["kong_point"].rules))
        work.steps.append(f"{role}包付 {per}×{payers} ＋ 杠分 {kong}×{n}")
        return out
    for seat in OTHERS:
        out.append(Payment(seat, Seat.SELF, per, HAND, "三家之一", rule.rules))
    if situation.win is Win.GANGSHANGHUA:
        work.use("nn-7-ag1-r1", *rule_set.constants["kong_point"].rules)
        for seat in OTHERS:
            out.append(Payment(seat, Seat.SELF, kong * n, KONG, "三家之一", ("nn-7-ag1-r1",)))
    return out


def _fenghu(situation: Situation, rule_set: RuleSet, payments: list[Payment], work: _Work) -> list[Payment]:
    """封胡: 双飞 (discarder and B each pay), B discards ×2, or B pays everything (包付)."""
    b = situation.fenghu_seat
    sishuang = rule_set.options.sishuang is Switch.ON and situation.fenghu is not FengHu.NONE
    doubling = rule_set.value("doubling")
    out = payments
    if situation.fenghu is FengHu.OTHER_DISCARDS:
        work.use("nn-12-r1", "nn-12-r2")
        hand = next(p for p in payments if p.kind == HAND)
        out = [*payments, Payment(b, Seat.SELF, hand.amount, HAND, "被封胡者（双飞）", ("nn-12-r2",))]
        work.steps.append(f"双飞：放炮者与被封胡者各付 {hand.amount}")
    elif situation.fenghu is FengHu.B_DISCARDS:
        work.use("nn-12-r1", "nn-12-r3")
        out = [Payment(p.payer, p.payee, p.amount * doubling, p.kind, "被封胡者放炮", ("nn-12-r3",))
               if p.kind == HAND else p for p in payments]
        work.steps.append(f"被封胡者放炮：×{doubling}")
    elif situation.fenghu is FengHu.B_PAYS_ALL:
        ids: tuple[str, ...] = ("nn-12-r1", "nn-12-r5" if situation.win is Win.GANGSHANGHUA else "nn-12-r4")
        if situation.win is Win.GANGSHANGHUA and len(situation.chain) >= 3:
            ids += ("nn-7-mg3-r1",)
        work.use(*ids)
        merged: dict[str, int] = {}
        for p in payments:
            merged[p.kind] = merged.get(p.kind, 0) + p.amount
        out = [Payment(b, Seat.SELF, amount, kind, "被封胡者包付", ids) for kind, amount in merged.items()]
        work.steps.append("被封胡者包付全部")
    if sishuang:
        spec = rule_set.option_specs["sishuang"]
        work.use(*spec.rules)
        whole = rule_set.options.sishuang_scope is SishuangScope.WHOLE
        if whole:
            work.use(*rule_set.option_specs["sishuang_scope"].rules)
        out = [Payment(p.payer, p.payee, p.amount * doubling, p.kind, p.role, p.rules + spec.rules)
               if p.kind == HAND and (whole or p.payer is b) else p for p in out]
        work.steps.append(f"死双：{'全部' if whole else '被封胡者的一份'}×{doubling}")
    return out


def _moma(situation: Situation, rule_set: RuleSet, payments: list[Payment], work: _Work) -> list[Payment]:
    k = situation.moma_hits
    if rule_set.options.moma is not Switch.ON or k == 0:
        return payments
    spec = rule_set.option_specs["moma"]
    work.use(*spec.rules, *rule_set.option_specs["moma_multiply"].rules, "nn-22-ma-n2")
    factor = 1 + k if rule_set.options.moma_multiply is MomaMultiply.ADDITIVE else rule_set.value("doubling") ** k
    work.steps.append(f"摸码中{k}颗：胡牌分×{factor}（杠分不翻）")
    return [Payment(p.payer, p.payee, p.amount * factor, p.kind, p.role, p.rules + spec.rules)
            if p.kind == HAND else p for p in payments]


def _fishing(situation: Situation, rule_set: RuleSet, payments: list[Payment], work: _Work) -> list[Payment]:
    """钓鱼 (reading): the winner's hit doubles; another fisher who hit is paid like the
    winner once by the discarder, or on 自摸 pays one share less; a discarder who hit
    pays one share less."""
    fish = situation.fishing
    if rule_set.options.fishing is not Switch.ON or fish is None:
        return payments
    spec = rule_set.option_specs["fishing"]
    work.use(*spec.rules)
    offset = rule_set.options.fishing_offset
    if any(seat in fish.payers for seat in OTHERS):
        work.use(*rule_set.option_specs["fishing_offset"].rules)
    doubling = rule_set.value("doubling")
    out: list[Payment] = []
    for p in payments:
        if p.kind != HAND:
            out.append(p)
            continue
        amount = p.amount * (doubling if fish.winner else 1)
        if p.payer in fish.payers and (fish.winner or offset is FishingOffset.ONE_SHARE):
            amount -= p.amount  # 抵消掉一倍的分数 (reading fishing_offset: of the share, or of the winner's doubling)
        out.append(Payment(p.payer, p.payee, amount, p.kind, p.role, p.rules + spec.rules))
    if situation.win not in SELF_DRAWN:
        base = next(p for p in payments if p.kind == HAND)
        for seat in fish.payers:
            if seat is not base.payer:
                out.append(Payment(base.payer, seat, base.amount, "钓鱼", "放炮者（付钓鱼成功者）", spec.rules))
    work.steps.append("钓鱼：" + ("胡家钓中×2" if fish.winner else "胡家未钓中")
                      + (f"；{'、'.join(s.value for s in fish.payers)}钓中" if fish.payers else ""))
    return [p for p in out if p.amount > 0]


def _chain_kong_points(situation: Situation, rule_set: RuleSet, work: _Work) -> list[Payment]:
    """杠分 of the kongs another player made before the win (杠上炮, 抢杠胡): settled as usual,
    to that player, except the robbed kong (nn-9-d1)."""
    if situation.win not in (Win.GANGSHANGPAO, Win.QIANGGANG):
        return []
    maker = situation.from_seat
    kong = rule_set.value("kong_point")
    kinds = list(situation.chain)
    if situation.win is Win.QIANGGANG and rule_set.options.qianggang_kong_points is QianggangKongPoints.NO:
        kinds = kinds[:-1]
        work.use("nn-9-d1")
    elif situation.win is Win.QIANGGANG:
        work.use(*rule_set.option_specs["qianggang_kong_points"].rules)
    out = []
    for kind in kinds:
        if kind is KongKind.AN:
            for seat in Seat:
                if seat is not maker:
                    out.append(Payment(seat, maker, kong, KONG, "暗杠三家付", rule_set.constants["kong_point"].rules))
        else:
            victim = next(s for s in (Seat.ACROSS, Seat.NEXT) if s is not maker)
            out.append(Payment(victim, maker, kong, KONG, "被杠者", rule_set.constants["kong_point"].rules))
    if out:
        work.use(*rule_set.constants["kong_point"].rules)
        work.steps.append(f"{maker.value}的杠分照常结算：{sum(p.amount for p in out)}")
    return out


def _formula(text: str, settlement: Settlement, work: _Work) -> str:
    parts = [text, *work.steps]
    parts.append(f"胡家共收 {settlement.total}（胡牌 {settlement.hand_points}，杠分 {settlement.kong_points}）")
    return "；".join(parts)


def false_win(rule_set: RuleSet, cheat: Seat = Seat.SELF) -> Settlement:
    """诈胡: the false winner pays each other player the penalty (nn-20-d1).

    Examples:
        >>> from rules.nanning.rule_set import rule_set
        >>> false_win(rule_set("yuanwen")).formula
        '诈胡者付其余每家 10，共 30'
    """
    penalty = rule_set.constants["zha_hu_penalty"]
    payments = tuple(Payment(cheat, seat, penalty.value, "诈胡", "诈胡者", penalty.rules)
                     for seat in Seat if seat is not cheat)
    return Settlement(Seat.SELF, payments, f"诈胡者付其余每家 {penalty.value}，共 {penalty.value * 3}", penalty.rules)


def kong_settlement(rule_set: RuleSet, kongs: list[tuple[Seat, KongKind, Seat | None]]) -> Settlement:
    """Plain 杠分, e.g. at 荒庄 (nn-23-d1): 明杠 paid by the one kong'd, 暗杠 by all three.

    Examples:
        >>> from rules.nanning.model import KongKind, Seat
        >>> from rules.nanning.rule_set import rule_set
        >>> [(p.payer.value, p.amount) for p in kong_settlement(rule_set("yuanwen"), [(Seat.SELF, KongKind.AN,
        ...     None)]).payments]
        [('下家', 1), ('对家', 1), ('上家', 1)]
    """
    point = rule_set.constants["kong_point"]
    payments: list[Payment] = []
    for maker, kind, victim in kongs:
        if kind is KongKind.AN:
            payments += [Payment(s, maker, point.value, KONG, "暗杠三家付", (*point.rules, "nn-7-ag1-r1"))
                         for s in Seat if s is not maker]
        else:
            if victim is None or victim is maker:
                raise RuleError("a 明杠 needs the seat whose tile was kong'd", rule="nn-7-mg1-r1")
            payments.append(Payment(victim, maker, point.value, KONG, "被杠者", (*point.rules, "nn-7-mg1-r1")))
    rules = tuple(dict.fromkeys(r for p in payments for r in p.rules)) or point.rules
    return Settlement(Seat.SELF, tuple(payments), f"每个杠 {point.value} 分：明杠被杠者付，暗杠三家付", rules)
