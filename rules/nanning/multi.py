"""一炮多响 through the CLI: `"multi": [...]` lists the other winners on the same discard.

The request is the usual one for 本家 (hand, melds, win, kongs/chain, discarder,
rules; 封胡 for 本家 only), plus `multi`: one or two more winners, each
{"seat": "下家"|"对家"|"上家", "hand": …, "melds": […], "win_tile": …} with the
seat named from 本家. Every winner wins on the same discarded tile with the same
胡法 and kong chain; 摸码 and 钓鱼 do not apply (no 自摸, and the document's
fishing examples have one winner). The discarder pays each winner for his own
hand (nn-19-s2-r1, nn-19-s3-r1); his own 杠分 are settled once.
"""
from __future__ import annotations

from typing import Any

from ..errors import RuleError
from .model import Seat
from ..ledger import KONG
from .table import RELATIVE, Ending, multi_win, next_dealer, relative
from .tiles import name

WINNER_FIELDS = {"seat", "hand", "melds", "win_tile"}
SHARED = ("win", "kongs", "chain", "rules")  # the same discard: these apply to every winner
NOT_WITH_MULTI = ("moma_hits", "fishing")


def _others(raw: Any) -> list[dict]:
    shape = '[{"seat": "下家"|"对家"|"上家", "hand": "…", "melds": […], "win_tile": "…"}, …]'
    if not isinstance(raw, list) or not 1 <= len(raw) <= 2:
        raise RuleError(f"multi must list the one or two other winners on the same discard: {shape}",
                        rule="nn-19-r1")
    for k, entry in enumerate(raw, start=1):
        if not isinstance(entry, dict):
            raise RuleError(f'multi[{k}] must be an object {{"seat": …, "hand": …, "melds": […], "win_tile": …}}')
        unknown = set(entry) - WINNER_FIELDS
        if unknown:
            raise RuleError(f"unknown field(s) in multi[{k}]: {', '.join(sorted(unknown))}; "
                            f"known: {', '.join(sorted(WINNER_FIELDS))}")
        for key in ("seat", "hand"):
            if key not in entry:
                raise RuleError(f"multi[{k}] needs {key}")
    return raw


def score_multi(request: dict) -> dict:
    """Price 一炮多响: every winner's hand, the discarder's payments, who deals next.

    Examples:
        >>> out = score_multi({"hand": "234m678m999m55p", "melds": [{"kind": "碰", "tile": "9s"}], "win": "放炮",
        ...                    "multi": [{"seat": "对家", "hand": "111m555m999p55p", "melds": [{"kind": "碰", "tile": "7z"}]}]})
        >>> [(w["seat"], w["total"]) for w in out["winners"]], out["net"]["上家"], out["next_dealer"]["seat"]
        ([('本家', 2), ('对家', 9)], -11, '上家')
    """
    from .cli import situation_of

    for key in NOT_WITH_MULTI:
        if key in request:
            raise RuleError(f"{key} does not go with 一炮多响 (a win on a discard)", rule="nn-19-r1")
    others = _others(request["multi"])
    main = {k: v for k, v in request.items() if k != "multi"}
    situation, hand, rules, _ = situation_of(main)
    discarder = RELATIVE.index(situation.from_seat)  # table positions: 本家 is 0
    wins = [(0, situation)]
    hands = [(Seat.SELF, hand, situation)]
    taken = {0, discarder}
    for k, entry in enumerate(others, start=1):
        value = entry["seat"]
        seat = Seat(value) if isinstance(value, str) and value in {s.value for s in Seat} else None
        if seat is None or RELATIVE.index(seat) in taken:
            raise RuleError(f"multi[{k}].seat must be another player who neither discarded nor is listed already"
                            f" (下家, 对家 or 上家; the discarder is {situation.from_seat.value})", rule="nn-19-r1")
        position = RELATIVE.index(seat)
        taken.add(position)
        mine = {key: request[key] for key in SHARED if key in request}
        mine.update({key: entry[key] for key in ("hand", "melds", "win_tile") if key in entry})
        mine["discarder"] = relative(position, discarder).value
        their, their_hand, _, _ = situation_of(mine)
        if their_hand.won_on != hand.won_on:
            raise RuleError(f"multi[{k}] wins on {name(their_hand.won_on)}, but the discard is"
                            f" {name(hand.won_on)}: every winner wins on the same tile", rule="nn-19-r1")
        wins.append((position, their))
        hands.append((seat, their_hand, their))
    payments = multi_win(discarder, wins, rules)
    dealer_seat, dealer_rule = next_dealer(Ending.MULTI, rules, 0, discarder=discarder)
    seat_of = {RELATIVE.index(s): s for s in Seat}
    net = {s.value: 0 for s in Seat}
    for p in payments:
        net[seat_of[p.payer].value] -= p.amount
        net[seat_of[p.payee].value] += p.amount
    winners = []
    for (seat, their_hand, their), (position, _) in zip(hands, wins):
        received = [p for p in payments if p.payee == position]
        winners.append({
            "seat": seat.value,
            "patterns": [pt.value for pt in their.hand.patterns()],
            "concealed_names": " ".join(name(t) for t in sorted(their_hand.concealed)),
            "melds": [{"kind": m.kind.value, "tile": name(m.tile)} for m in their_hand.melds],
            "total": sum(p.amount for p in received),
        })
    kong_once = sum(p.amount for p in payments if p.kind == KONG and p.payee == discarder)
    rule_ids = ["nn-19-r1", "nn-19-s2-r1" if len(wins) == 2 else "nn-19-s3-r1"]
    formula = "；".join(f"{w['seat']}（{'+'.join(w['patterns'])}）收 {w['total']}" for w in winners)
    if kong_once:
        formula += f"；{situation.from_seat.value}的杠分只结算一次：{kong_once}"
        rule_ids.append("nn-1-r1")
    return {
        "game": "nanning",
        "multi": True,
        "preset": rules.id,
        "options": dict(rules.chosen),
        "win": situation.win.value,
        "chain": [k.value for k in situation.chain],
        "discarder": situation.from_seat.value,
        "winners": winners,
        "payments": [{"payer": seat_of[p.payer].value, "payee": seat_of[p.payee].value, "amount": p.amount,
                      "for": p.kind, "role": p.role} for p in payments],
        "net": net,
        "next_dealer": {"seat": seat_of[dealer_seat].value, "rule": dealer_rule},
        "formula": formula,
        "rules": rule_ids,
    }
