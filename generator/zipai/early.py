"""字牌's work handed to the build's workers before the first step (`start`), kept apart from
its steps so that starting it imports only the rules core."""
from __future__ import annotations

from rules.zipai.payouts import reach_from
from rules.zipai.loader import default_rule_set
from rules.zipai.reach import PARTS, combine, part

from .. import background


def start(ctx) -> None:
    """The reachability programme's parts go to the build's workers (a few seconds, needing
    nothing any step makes); `reached()` waits for them."""
    futures = [background.submit(reach_part, number) for number in range(PARTS)]
    reach_from(lambda: combine([f.result() for f in futures]))
    background.handed_over(lambda: reach_from(None))


def reach_part(number: int) -> tuple:
    return part(default_rule_set(), number)
