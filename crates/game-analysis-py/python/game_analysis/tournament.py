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
DEFAULT_SEED = 1995
#: α unless told otherwise: leaf scores uniform on {1, ..., 2^61}, effectively continuous.
MAX_ALPHA = 2**61
#: The most games of a line (and so the most pieces), as the command line allows.
MAX_GAMES = 10**6

Result = Dict[str, Any]

_LINE_FIELDS = ("game", "a", "b", "alpha", "seed")


def _result(line: Result, first_game: int, games: int, wins: Tuple[int, int, int]) -> Result:
    """The result dict in the command line's field order; ``first_game`` only for a piece."""
    a_wins, b_wins, draws = wins
    share = _native.wilson(b_wins, a_wins + b_wins)
    result: Result = {
        "game": line["game"],
        "a": line["a"],
        "b": line["b"],
        "alpha": line["alpha"],
        "games": games,
    }
    if first_game:
        result["first_game"] = first_game
    estimate, low, high = share if share is not None else (None, None, None)
    result.update(
        a_wins=a_wins, b_wins=b_wins, draws=draws,
        share_b=estimate, ci_low=low, ci_high=high, seed=line["seed"],
    )
    return result


def play(game: str, a: str, b: str, games: int, *, first_game: int = 0,
         seed: int = DEFAULT_SEED, alpha: int = MAX_ALPHA) -> Result:
    """Games ``first_game``, ..., ``first_game + games - 1`` of the line ``a`` v ``b`` in
    ``game``, in parallel on this machine's cores, the GIL released (Ctrl-C stops them)."""
    wins = _native.play_games(game, a, b, games, first_game, seed, alpha)
    line = {"game": game, "a": a, "b": b, "alpha": alpha, "seed": seed}
    return _result(line, first_game, games, wins)


def _checked(piece: Any) -> Result:
    """``piece`` if it is a result dict: its line's fields and whole, non-negative counts."""
    if not isinstance(piece, dict):
        raise TypeError(f"a piece is a result dict, not {type(piece).__name__}")
    missing = [f for f in _LINE_FIELDS + ("games", "a_wins", "b_wins", "draws") if f not in piece]
    if missing:
        raise TournamentError(f"a piece without {', '.join(missing)}: {piece}")
    counts = ("games", "first_game", "a_wins", "b_wins", "draws")
    if any(not isinstance(piece.get(f, 0), int) or piece.get(f, 0) < 0 for f in counts):
        raise TournamentError(f"a piece's games and counts are whole numbers: {piece}")
    if piece["a_wins"] + piece["b_wins"] + piece["draws"] != piece["games"]:
        raise TournamentError(f"a piece whose wins and draws are not its games: {piece}")
    return piece


def merge(pieces: Iterable[Result]) -> Result:
    """The line that ``pieces`` of it played, as if played at once. Raises
    ``TournamentError`` unless they are of one line and follow each other without a gap or
    an overlap."""
    ordered = sorted((_checked(piece) for piece in pieces),
                     key=lambda piece: piece.get("first_game", 0))
    if not ordered:
        raise TournamentError("no pieces to merge")
    first = ordered[0]
    line = {field: first[field] for field in _LINE_FIELDS}
    start = first.get("first_game", 0)
    games, wins = 0, [0, 0, 0]
    for piece in ordered:
        if any(piece[field] != line[field] for field in _LINE_FIELDS):
            raise TournamentError(f"the pieces are of different lines: {line} and {piece}")
        if piece.get("first_game", 0) != start + games:
            raise TournamentError(
                f"the pieces do not follow each other: games {start}..{start + games} "
                f"then a piece from game {piece.get('first_game', 0)}"
            )
        games += piece["games"]
        for k, field in enumerate(("a_wins", "b_wins", "draws")):
            wins[k] += piece[field]
    return _result(line, start, games, (wins[0], wins[1], wins[2]))


def to_json(result: Result) -> str:
    """The result as JSON, laid out as ``game-analysis tournament --json`` writes it."""
    return json.dumps(result, indent=2, ensure_ascii=False) + "\n"


def split(games: int, pieces: int) -> List[Tuple[int, int]]:
    """``(first_game, games)`` of ``pieces`` pieces that cover games 0..games, as even as
    can be.

    >>> split(10, 3)
    [(0, 4), (4, 3), (7, 3)]
    """
    if not isinstance(games, int) or not isinstance(pieces, int):
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
