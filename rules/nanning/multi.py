"""一炮多响: a score request with `multi`, the other winners on the same discard.

The request is the usual one for 本家 (hand, melds, win, kongs/chain, discarder, rules; 封胡 for
本家 only), plus `multi`: one or two more winners, each with his seat named from 本家, his hand,
melds and winning tile. Every winner wins on the same discarded tile with the same 胡法 and
kong chain; 摸码 and 钓鱼 do not apply (no 自摸, and the document's fishing examples have one
winner). The discarder pays each winner for his own hand (nn-19-s2-r1, nn-19-s3-r1); his own
杠分 are settled once. The winners' tiles together hold at most four of a tile (the discard counted
once), and a player 本家 has 封胡'd is not among them (被碰者本局不能胡牌, 001:321).
"""
from __future__ import annotations

from dataclasses import replace

from ..errors import RuleError
from ..ledger import KONG
from .answer import hand_of, situation
from .model import FengHu, Hand, Seat, Situation, Win
from .request import ScoreRequest
from .rule_set import RuleSet
from .table import RELATIVE, Ending, multi_win, next_dealer, relative
from .tiles import COPIES, KINDS, name


def _winners(request: ScoreRequest,
             rule_set: RuleSet) -> tuple[Situation, list[tuple[int, Situation]], list[tuple[Seat, Hand]]]:
    """本家's situation, and every winner's (table position, situation) and (seat, hand), 本家 first."""
    for key, given in (("moma_hits", request.moma_hits), ("fishing", request.fishing)):
        if given:
            raise RuleError(f"{key} does not go with 一炮多响 (a win on a discard)", rule="nn-19-r1")
    mine = situation(request, rule_set)
    hand = hand_of(request.hand, request.melds, request.win_tile)
    discarder = RELATIVE.index(mine.from_seat)
    wins: list[tuple[int, Situation]] = [(0, mine)]
    hands = [(Seat.SELF, hand)]
    taken = {0, discarder}
    for k, entry in enumerate(request.multi, start=1):
        position = RELATIVE.index(entry.seat)
        if position in taken:
            raise RuleError(f"multi[{k}].seat must be another player who neither discarded nor is listed already"
                            f" (下家, 对家 or 上家; the discarder is {mine.from_seat.value})", rule="nn-19-r1")
        taken.add(position)
        # the same discard: the win, the chain and the rules apply to every winner; 封胡 is 本家's only
        theirs = replace(request, hand=entry.hand, melds=entry.melds, win_tile=entry.win_tile, multi=(),
                         discarder=relative(position, discarder), fenghu=FengHu.NONE, fenghu_seat=None)
        their_hand = hand_of(entry.hand, entry.melds, entry.win_tile)
        if their_hand.won_on != hand.won_on:
            raise RuleError(f"multi[{k}] wins on {name(their_hand.won_on)}, but the discard is"
                            f" {name(hand.won_on)}: every winner wins on the same tile", rule="nn-19-r1")
        wins.append((position, situation(theirs, rule_set)))
        hands.append((entry.seat, their_hand))
    if mine.fenghu is not FengHu.NONE and mine.fenghu_seat in {seat for seat, _ in hands}:
        raise RuleError(f"{mine.fenghu_seat.value} is 封胡'd by 本家 and cannot win this hand: 被碰者本局不能胡牌",
                        rule="nn-12-r1", source="001:321")
    problem = _copies([h for _, h in hands], mine.win)
    if problem is not None:
        raise problem
    return mine, wins, hands


def _copies(hands: list[Hand], win: Win) -> RuleError | None:
    """Every winner's tiles together: the one discard each wins on counted once, and for 抢杠胡 the three
    copies in the robbed 碰 (nn-9-d1), at most four of each tile (共一百三十六张: 34 kinds, four of each).

    Examples:
        >>> from rules.nanning.tiles import parse
        >>> five = parse("5p")[0]
        >>> mine, theirs = (Hand(tuple(parse(h)), (), five) for h in ("234m678m999m11z555p", "123s456s789s22z555p"))
        >>> _copies([mine, theirs], Win.FANGPAO).message
        'the winners hold 5 五筒 between them (the discard counted once); there are only 4 of each tile'
    """
    used = [0] * KINDS
    for hand in hands:
        for tile in hand.concealed:
            used[tile] += 1
        for meld in hand.melds:
            used[meld.tile] += 4 if meld.kind.is_kong else 3
    used[hands[0].won_on] -= len(hands) - 1  # the same discard is in every winner's hand
    if win is Win.QIANGGANG:
        used[hands[0].won_on] += COPIES - 1  # the robbed 碰
    robbed = ", with the robbed 碰" if win is Win.QIANGGANG else ""
    for tile, n in enumerate(used):
        if n > COPIES:
            return RuleError(f"the winners hold {n} {name(tile)} between them (the discard counted once{robbed}); "
                             f"there are only {COPIES} of each tile", rule="nn-0-r1", source="001:3")
    return None


def score_multi(request: ScoreRequest, rule_set: RuleSet) -> dict[str, object]:
    """Price 一炮多响: every winner's hand, the discarder's payments, who deals next.

    Examples:
        >>> from rules.nanning.rule_set import preset
        >>> from rules.request import read
        >>> request = read(ScoreRequest, {"hand": "234m678m999m55p", "melds": [{"kind": "碰", "tile": "9s"}],
        ...     "win": "放炮", "multi": [{"seat": "对家", "hand": "111m555m999p55p", "melds": [{"kind": "碰",
        ...     "tile": "7z"}]}]})
        >>> out = score_multi(request, preset())
        >>> [(w["seat"], w["total"]) for w in out["winners"]], out["net"]["上家"], out["next_dealer"]["seat"]
        ([('本家', 2), ('对家', 9)], -11, '上家')
    """
    mine, wins, hands = _winners(request, rule_set)
    discarder = RELATIVE.index(mine.from_seat)  # table positions: 本家 is 0
    payments = multi_win(discarder, wins, rule_set)
    dealer_seat, dealer_rule = next_dealer(Ending.MULTI, rule_set, 0, discarder=discarder)
    seat_of = {RELATIVE.index(s): s for s in Seat}
    net = {s.value: 0 for s in Seat}
    for p in payments:
        net[seat_of[p.payer].value] -= p.amount
        net[seat_of[p.payee].value] += p.amount
    winners: list[dict[str, object]] = []
    said = []  # each winner, in the formula
    for (seat, their_hand), (position, their) in zip(hands, wins, strict=True):
        received = sum(p.amount for p in payments if p.payee == position)
        said.append(f"{seat.value}（{'+'.join(pt.value for pt in their.hand.patterns())}）收 {received}")
        winners.append({
            "seat": seat.value,
            "patterns": [pt.value for pt in their.hand.patterns()],
            "concealed_names": " ".join(name(t) for t in sorted(their_hand.concealed)),
            "melds": [{"kind": m.kind.value, "tile": name(m.tile)} for m in their_hand.melds],
            "total": received,
        })
    kong_once = sum(p.amount for p in payments if p.kind == KONG and p.payee == discarder)
    rule_ids = ["nn-19-r1", "nn-19-s2-r1" if len(wins) == 2 else "nn-19-s3-r1"]
    formula = "；".join(said)
    if kong_once:
        formula += f"；{mine.from_seat.value}的杠分只结算一次：{kong_once}"
        rule_ids.append("nn-1-r1")
    return {
        "game": "nanning",
        "multi": True,
        "preset": rule_set.id,
        "options": dict(rule_set.chosen),
        "win": mine.win.value,
        "chain": [k.value for k in mine.chain],
        "discarder": mine.from_seat.value,
        "winners": winners,
        "payments": [{"payer": seat_of[p.payer].value, "payee": seat_of[p.payee].value, "amount": p.amount,
                      "for": p.kind, "role": p.role} for p in payments],
        "net": net,
        "next_dealer": {"seat": seat_of[dealer_seat].value, "rule": dealer_rule},
        "formula": formula,
        "rules": rule_ids,
    }
