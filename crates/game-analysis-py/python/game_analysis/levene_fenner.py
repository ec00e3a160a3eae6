"""Levene and Fenner's random minimaxing.

From the Rust crate ``minimax-random``. A root move is given by its level-regular shape
(t_1, ..., t_{δ-1}): the number of children at each level below it, as in the paper's
Example 1, ``[[2, 3], [3, 2]]``. Leaves are scored uniformly on {1, ..., alpha}.
"""

from __future__ import annotations

from fractions import Fraction
from typing import List, Sequence, Tuple

from ._fractions import from_pair
from ._lists import whole_numbers
from ._native import levene_fenner as _native


def prob(moves: Sequence[Sequence[int]], alpha: int) -> List[Fraction]:
    """prob(n) for each root move, exactly: the chance that random minimaxing puts the move
    on a principal variation. Releases the GIL while it computes.

    >>> prob([[2, 3], [3, 2]], 2)
    [Fraction(3691, 4096), Fraction(2283, 4096)]
    """
    tree = [whole_numbers("a move", move) for move in whole_numbers("moves", moves)]
    return [from_pair(p) for p in _native.prob(tree, alpha)]


def nau_w(b: int) -> float:
    """Nau's w_b, the root in [0, 1] of (1 - x)^b = x, to the nearest float; b up to 10,000
    (about 10 s there; the GIL is released)."""
    return _native.nau_w(b)


def nau_w_bracket(b: int) -> Tuple[Fraction, Fraction]:
    """An exact bracket (low, high) around w_b, of width 2^-60."""
    low, high = _native.nau_w_bracket(b)
    return from_pair(low), from_pair(high)
