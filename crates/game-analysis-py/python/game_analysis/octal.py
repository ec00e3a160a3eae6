"""Octal games (take-and-break games given by a code such as Kayles' ``0.77``): their
nim-values by the rare/common method, with the period the values prove.

From the Rust crate ``nim-games`` (``nim_games::octal``). Bad codes and bounds raise
``GrundyError``, the error of the heap games' module.
"""

from __future__ import annotations

from typing import List, NamedTuple, Optional

import numpy as np

from ._native import grundy as _native


class OctalValues(NamedTuple):
    """G(0), ..., G(N) of an octal game and what the computation found."""

    values: np.ndarray
    """The nim-values, dtype uint16, G(0) first."""
    mask: Optional[int]
    """The rare/common mask in use at the end; None when the game had no useful split."""
    rare_heaps: List[int]
    """The heaps n >= 1 whose value is rare under the mask."""
    preperiod: Optional[int]
    """The first heap of the proven periodic part (None without a proven period)."""
    period: Optional[int]
    """The proven period (None without one; periods up to half the heaps are checked)."""
    checksum: int
    """FNV-1a (64 bits) of the values as little-endian u16."""


def values(code: str, n: int, until_proven: bool = False) -> OctalValues:
    """The nim-values of the octal game ``code`` for heaps 0..=n (n up to 10^9), stopping
    early once a period is proven with ``until_proven``. Releases the GIL while it computes.

    >>> kayles = values("0.77", 10_000, until_proven=True)
    >>> (kayles.preperiod, kayles.period)
    (71, 12)
    """
    raw, mask, rare, periodicity, checksum = _native.octal_values(code, n, until_proven)
    preperiod, period = periodicity if periodicity is not None else (None, None)
    return OctalValues(
        np.frombuffer(raw, dtype="<u2").astype(np.uint16), mask, rare, preperiod, period, checksum
    )
