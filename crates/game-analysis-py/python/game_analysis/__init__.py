"""The game-analysis reproductions from Python.

Five papers, one submodule each, over the Rust crates of the workspace:

- ``matches``: the matches game solved by minimax and alpha-beta (tree sizes, losing positions);
- ``grundy``: Grundy's game (nim-values as a NumPy array, rare heaps, misère play);
- ``octal``: every octal game's nim-values by the rare/common method, with proven periods;
- ``johnson``: Johnson's Tree Solitaire (chances of winning, as rigorous intervals or exactly);
- ``levene_fenner``: Levene and Fenner's random minimaxing (prob(n), Nau's w_b);
- ``tournament``: random-minimax players in chess and three other games, a line at a time,
  in pieces, or on a Dask cluster;
- ``backgammon``: Dotsenko and Marynych's backgammon doubling (F(k, s), cube equities,
  bear-off databases).

Exact values are ``fractions.Fraction``. Bad input raises ``GameAnalysisError`` (a
``ValueError``) or its subclass for the submodule (``OctalError`` for ``octal``,
``TournamentError`` for ``tournament``, …), with the Rust library's message; a
computation that needs more memory than the process may use raises ``OutOfMemoryError``
(a ``GameAnalysisError`` and a ``MemoryError``) before it starts, naming both figures.
"""

from importlib.metadata import PackageNotFoundError, version

from . import backgammon, grundy, johnson, levene_fenner, matches, octal, tournament
from ._native import (
    BackgammonError,
    GameAnalysisError,
    GrundyError,
    JohnsonError,
    LeveneFennerError,
    MatchesError,
    OctalError,
    OutOfMemoryError,
    TournamentError,
)

try:
    __version__ = version("game-analysis")
except PackageNotFoundError:  # imported from a source tree, not installed
    __version__ = "unknown"

__all__ = [
    "BackgammonError",
    "GameAnalysisError",
    "GrundyError",
    "JohnsonError",
    "LeveneFennerError",
    "MatchesError",
    "OctalError",
    "OutOfMemoryError",
    "TournamentError",
    "backgammon",
    "grundy",
    "johnson",
    "levene_fenner",
    "matches",
    "octal",
    "tournament",
]
