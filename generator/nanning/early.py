"""Nanning's work handed to the build's workers before the first step (`start`), kept apart
from its steps so that starting it imports only the rules core."""
from __future__ import annotations

from rules import registry

from .. import background

pending: list = []  # the payout rows on their way, for the payouts step


def start(ctx) -> None:
    """The payout rows go to the build's workers (they need nothing any step makes); the payouts
    step waits for them."""
    pending[:] = [background.submit(payout_rows)]


def payout_rows() -> list:
    """Every row of the payout table, through the game (what a worker computes)."""
    return registry.game("nanning").payout_rows()
