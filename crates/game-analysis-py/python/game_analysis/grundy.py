"""Grundy's game: split a heap into two unequal heaps; normal and misère play.

From the Rust crate ``nim-games`` (``nim_games::grundy``).
"""

from __future__ import annotations

from typing import List, Sequence

import numpy as np

from ._lists import whole_numbers
from ._native import grundy as _native


def values(n: int) -> np.ndarray:
    """G(0), ..., G(n), the nim-values, by the sparse-space method (exact), as a NumPy
    array of dtype uint16; n up to 10^9. Releases the GIL while it computes.

    >>> values(7).tolist()
    [0, 0, 0, 1, 0, 2, 1, 0]
    """
    return np.frombuffer(_native.values(n), dtype="<u2").astype(np.uint16)


def rare_heaps(n: int) -> List[int]:
    """The heaps up to ``n`` whose nim-value is rare (even parity of the bits above the lowest)."""
    return _native.rare_heaps(n)


def misere_first_player_wins(heaps: Sequence[int]) -> bool:
    """Whether the player to move wins the misère game (the last to move loses) with these
    heaps; at most 90 live matches (heaps of 3 or more), past which the search would run for
    hours."""
    return _native.misere_first_player_wins(whole_numbers("heaps", heaps))
