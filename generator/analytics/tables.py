"""How the analytics write numbers in their tables (CSV under build/generated/).

Counts are exact integers; probabilities are exact fractions, written as decimals
with ten significant digits only here, at the edge.
"""
from __future__ import annotations

from fractions import Fraction


def decimal(p: Fraction) -> str:
    return f"{float(p):.10g}"


def one_in(p: Fraction) -> int | None:
    """N such that p is about 1/N (None for p = 0)."""
    return round(1 / p) if p else None
