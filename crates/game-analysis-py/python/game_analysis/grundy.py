"""Grundy's game: split a heap into two unequal heaps; normal and misère play.

From the Rust crate ``nim-games`` (``nim_games::grundy``).
"""

from __future__ import annotations

from typing import List, Optional, Sequence

import numpy as np

from ._lists import whole_numbers
from ._native import grundy as _native
from .octal import Path, StreamedRun, _streamed


def values(n: int) -> np.ndarray:
    """G(0), ..., G(n), the nim-values, by the sparse-space method (exact), as a NumPy
    array of dtype uint16; n up to 10^9. Releases the GIL while it computes.

    >>> values(7).tolist()
    [0, 0, 0, 1, 0, 2, 1, 0]
    """
    return np.frombuffer(_native.values(n), dtype="<u2").astype(np.uint16)


def stream(
    n: int,
    front: Optional[int] = None,
    threads: int = 2,
    checkpoint: Optional[Path] = None,
    checkpoint_minutes: float = 5.0,
    stop_at: Optional[int] = None,
) -> StreamedRun:
    """G(0), ..., G(n) of Grundy's game (n up to 2^64 - 2) streamed in memory that does not
    grow with n, its statistics at every power of two kept, with checkpoints to stop and
    take the run up again: ``game_analysis.octal.stream``, for Grundy's game (its errors
    ``GrundyError``). Flammenkamp's record is 2^35 heaps.

    >>> run = stream(300_000, front=2**17)
    >>> (run.milestones[-1].largest, run.rare_heaps[-1])
    (230, 82860)
    """
    return _streamed("grundy", n, front, threads, checkpoint, checkpoint_minutes, stop_at)


def rare_heaps(n: int) -> List[int]:
    """The heaps up to ``n`` whose nim-value is rare (even parity of the bits above the lowest)."""
    return _native.rare_heaps(n)


def misere_first_player_wins(heaps: Sequence[int]) -> bool:
    """Whether the player to move wins the misère game (the last to move loses) with these
    heaps; at most 90 live matches (heaps of 3 or more), past which the search would run for
    hours."""
    return _native.misere_first_player_wins(whole_numbers("heaps", heaps))
