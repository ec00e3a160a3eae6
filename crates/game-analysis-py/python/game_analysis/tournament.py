"""Random-minimax tournaments: Beal and Smith's experiments and Levene and Fenner's model,
a line at a time, in pieces, or spread over a Dask cluster.

From the Rust crate ``minimax-random``. A line is players A and B (``EVALUATION:DEPTH``
with EVALUATION ``paper``, ``random``, ``zero``, ``material`` or ``material+random``, or
``uniform``) playing games of ``chess``, ``connect-four``, ``domineering-6x6``,
``domineering-8x8`` or ``othello-6x6``, A moving first in the even-numbered games. Game i
always draws from stream i of the seed, so a line split into pieces and merged is exactly
the line played at once, wherever the pieces ran.

A result is a dict with the fields of ``game-analysis tournament``'s JSON, in its order, so
pieces from Python and from the command line merge alike.

>>> whole = play("connect-four", "random:1", "random:2", 12)
>>> parts = [play("connect-four", "random:1", "random:2", 5),
...          play("connect-four", "random:1", "random:2", 7, first_game=5)]
>>> merge(parts) == whole
True
"""

from __future__ import annotations

import json
from typing import Any, Dict, Iterable, List, Optional, Tuple

from ._native import TournamentError
from ._native import levene_fenner as _native

#: The seed of every line unless told otherwise (the year of Beal and Smith's report).
DEFAULT_SEED: int = _native.DEFAULT_SEED
#: α unless told otherwise: leaf scores uniform on {1, ..., 2^61}, effectively continuous.
MAX_ALPHA: int = _native.MAX_ALPHA
#: The most games of a line (and so the most pieces), as the command line allows.
MAX_GAMES: int = _native.MAX_GAMES

Result = Dict[str, Any]


def play(game: str, a: str, b: str, games: int, *, first_game: int = 0,
         seed: int = DEFAULT_SEED, alpha: int = MAX_ALPHA) -> Result:
    """Games ``first_game``, ..., ``first_game + games - 1`` of the line ``a`` v ``b`` in
    ``game``, in parallel on this machine's cores, the GIL released (Ctrl-C stops them)."""
    result: Result = json.loads(
        _native.play_line(game, a, b, games, first_game, seed, alpha))
    return result


def merge(pieces: Iterable[Result]) -> Result:
    """The line that ``pieces`` of it played, as if played at once. Raises ``TypeError``
    for a piece that is not a result dict, and ``TournamentError`` unless they are of one
    line, each with wins and draws that add up to its games, and follow each other without
    a gap or an overlap."""
    texts = []
    for piece in pieces:
        if not isinstance(piece, dict):
            raise TypeError(f"a piece is a result dict, not {type(piece).__name__}")
        texts.append(json.dumps(piece))
    result: Result = json.loads(_native.merge_lines(texts))
    return result


def to_json(result: Result) -> str:
    """The result as JSON, laid out as ``game-analysis tournament --json`` writes it."""
    return json.dumps(result, indent=2, ensure_ascii=False) + "\n"


def split(games: int, pieces: int) -> List[Tuple[int, int]]:
    """``(first_game, games)`` of ``pieces`` pieces that cover games 0..games, as even as
    can be.

    >>> split(10, 3)
    [(0, 4), (4, 3), (7, 3)]
    """
    if not all(isinstance(n, int) and not isinstance(n, bool) for n in (games, pieces)):
        raise TypeError("games and pieces are whole numbers")
    if not 1 <= pieces <= min(games, MAX_GAMES):
        raise TournamentError(
            f"cannot split {games} games into {pieces} pieces (1 to {MAX_GAMES:,} pieces, "
            "at most one a game)"
        )
    size, extra = divmod(games, pieces)
    bounds, first = [], 0
    for k in range(pieces):
        count = size + (1 if k < extra else 0)
        bounds.append((first, count))
        first += count
    return bounds


def play_distributed(game: str, a: str, b: str, games: int, *, pieces: int = 8,
                     client: Optional[Any] = None, seed: int = DEFAULT_SEED,
                     alpha: int = MAX_ALPHA) -> Result:
    """The line played as ``pieces`` pieces on a Dask cluster and merged: the same result
    as :func:`play` on one machine.

    ``client`` is a ``distributed.Client`` connected to any cluster (for a real one,
    ``Client("tcp://scheduler:8786")`` with ``game-analysis`` installed on every worker);
    without it a ``LocalCluster`` of two single-threaded worker processes is started for
    the call. Needs the ``distributed`` package (``pip install game-analysis[distributed]``).
    """
    from distributed import Client, LocalCluster

    def run(on: Any) -> Result:
        futures = [
            on.submit(play, game, a, b, count, first_game=first, seed=seed, alpha=alpha,
                      pure=False)
            for first, count in split(games, pieces)
        ]
        return merge(on.gather(futures))

    if client is not None:
        return run(client)
    with LocalCluster(n_workers=2, threads_per_worker=1, processes=True,
                      dashboard_address=None) as cluster, Client(cluster) as local:
        return run(local)
