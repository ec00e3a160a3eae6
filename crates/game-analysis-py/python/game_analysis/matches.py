"""The matches game (B. Wang's report), solved by minimax and alpha-beta.

From the Rust crate ``nim-games`` (``nim_games::matches``).
"""

from __future__ import annotations

from typing import List, Tuple

from ._native import matches as _native


def tree_sizes(n: int) -> Tuple[int, int]:
    """(minimax, alpha-beta): the nodes of the full game tree of ``n`` matches and those
    alpha-beta visits, under the report's convention (Tables 3.1 and 3.2); ``n`` up to 30
    (the minimax tree has about 1.84^n nodes).

    >>> tree_sizes(15)
    (6872, 156)
    """
    return _native.tree_sizes(n)


def is_losing_position(matches_left: int) -> bool:
    """Whether the player to move with ``matches_left`` matches loses against best play."""
    return _native.is_losing_position(matches_left)


def losing_positions(max_matches: int) -> List[int]:
    """The losing positions up to ``max_matches`` (at most 10^6)."""
    return _native.losing_positions(max_matches)
