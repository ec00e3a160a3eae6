"""Fractions across the boundary: the extension takes and gives (numerator, denominator)."""

from __future__ import annotations

from fractions import Fraction
from typing import Tuple, Type, Union

Rational = Union[Fraction, int, str]
"""An exact number: a Fraction, an int, or a string such as "3/4" or "0.75"."""


def to_pair(name: str, value: Rational, error: Type[ValueError]) -> Tuple[int, int]:
    """``value`` as (numerator, denominator), or ``error`` naming the argument."""
    if isinstance(value, bool):
        raise TypeError(f"{name} = {value!r}: an exact number, not a bool")
    if isinstance(value, float):
        raise error(f"{name} = {value!r}: give an exact number (Fraction, int or str), not a float")
    try:
        exact = Fraction(value)
    except (TypeError, ValueError, ZeroDivisionError) as cause:
        raise error(f"{name} = {value!r} is not an exact number") from cause
    return exact.numerator, exact.denominator


def from_pair(pair: Tuple[int, int]) -> Fraction:
    """The Fraction of a (numerator, denominator) pair from the extension. Raises
    ``TypeError`` for anything but a pair of ints, ``ValueError`` for a denominator that is
    not positive."""
    if not (
        isinstance(pair, tuple)
        and len(pair) == 2
        and all(isinstance(part, int) and not isinstance(part, bool) for part in pair)
    ):
        raise TypeError(f"a (numerator, denominator) pair of ints, not {pair!r}")
    if pair[1] <= 0:
        raise ValueError(f"{pair!r}: the denominator must be positive")
    return Fraction(*pair)
