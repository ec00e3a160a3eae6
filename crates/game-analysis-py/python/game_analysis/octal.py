"""Octal games (take-and-break games given by a code such as Kayles' ``0.77``): their
nim-values by the rare/common method, with the period the values prove, or streamed to any
number of heaps with the statistics of the field's record runs; and their misère quotients.

From the Rust crate ``nim-games`` (``nim_games::octal``, ``nim_games::stream``). Bad codes
and bounds raise ``OctalError``.
"""

from __future__ import annotations

import os
from typing import Iterable, List, NamedTuple, Optional, Union

import numpy as np

from ._native import OctalError
from ._lists import whole_numbers
from ._native import grundy as _native


class OctalValues(NamedTuple):
    """G(0), ..., G(N) of an octal game and what the computation found."""

    values: np.ndarray
    """The nim-values, dtype uint16, G(0) first."""
    mask: Optional[int]
    """The rare/common split's mask m at the end; None when the game had no useful split."""
    heap_parity: Optional[int]
    """t when the split reads the heap's parity too (heap n rare when popcount(G(n) & m)
    + n + t is even; t is the parity of the tokens every splitting move removes), None when
    it reads the value alone."""
    rare_heaps: List[int]
    """The heaps n >= 1 rare under the split."""
    preperiod: Optional[int]
    """The first heap of the proven periodic part (None without a proven period)."""
    period: Optional[int]
    """The proven period (None without one; periods up to half the heaps are checked)."""
    checksum: int
    """FNV-1a (64 bits) of the values as little-endian u16."""


def values(code: str, n: int, until_proven: bool = False, threads: int = 2) -> OctalValues:
    """The nim-values of the octal game ``code`` for heaps 0..=n (n up to 10^9), stopping
    early once a period is proven with ``until_proven``, on ``threads`` threads (1 or 2; the
    values are the same either way). Releases the GIL while it computes.

    >>> kayles = values("0.77", 10_000, until_proven=True)
    >>> (kayles.preperiod, kayles.period)
    (71, 12)
    """
    raw, mask, heap_parity, rare, periodicity, checksum = _native.octal_values(
        code, n, until_proven, threads
    )
    preperiod, period = periodicity if periodicity is not None else (None, None)
    values = np.frombuffer(raw, dtype="<u2").astype(np.uint16)
    return OctalValues(values, mask, heap_parity, rare, preperiod, period, checksum)


class Milestone(NamedTuple):
    """What a streamed run records at every power of two of heaps, and at its last heap."""

    heaps: int
    """n: the heaps 1 to n are counted (as Rogalski's files name them)."""
    frequencies: List[int]
    """The frequency of each value v among G(1), ..., G(n), from v = 0 to the largest."""
    largest: int
    """The largest of G(1), ..., G(n)."""
    largest_at: int
    """The first heap with it."""
    rare_heaps: Optional[int]
    """How many of the heaps 1 to n are rare under the split in use (None without one)."""
    checksum: int
    """FNV-1a (64 bits) of G(0), ..., G(n) as little-endian u16: ``values(code, n).checksum``."""


class StreamedRun(NamedTuple):
    """What a streamed run found, to its end or to the checkpoint it stopped at."""

    heaps: int
    """The heaps computed: G(0), ..., G(heaps - 1)."""
    finished: bool
    """Whether it reached the heap asked for (False: stopped at ``stop_at``)."""
    milestones: List[Milestone]
    """The milestone at every power of two reached, and, when finished, at the last heap."""
    mask: Optional[int]
    """The rare/common split's mask m, chosen at the front; None without a useful split."""
    heap_parity: Optional[int]
    """t when the split reads the heap's parity too (as in ``OctalValues``)."""
    rare_heaps: List[int]
    """The rare heaps under the split; every one lies in the front."""
    checksum: int
    """FNV-1a (64 bits) of G(0), ..., G(heaps - 1) as little-endian u16."""


Path = Union[str, "os.PathLike[str]"]


def stream(
    code: str,
    n: int,
    front: Optional[int] = None,
    threads: int = 2,
    checkpoint: Optional[Path] = None,
    checkpoint_minutes: float = 5.0,
    stop_at: Optional[int] = None,
) -> StreamedRun:
    """The nim-values of the octal game ``code`` for heaps 0..=n (n up to 2^64 - 2), streamed:
    memory does not grow with n (about 8F bytes and 32 MiB, asked of the machine first), the
    values themselves are not kept, and no period is looked for; what is kept is each power
    of two's :class:`Milestone`. Only the first ``front`` heaps' values (F, a power of two
    of at least 2^17, default 2^20) and the recent ones are held: a rare heap past the front,
    or a value whose witness lies only past it, raises ``OctalError`` rather than guess.
    ``game-analysis octal --stream`` runs the same engine and writes the values.

    With ``checkpoint`` (a file's path) the run's state, a few megabytes, is saved there
    every ``checkpoint_minutes``, at ``stop_at`` (the first block of 256 heaps from that
    heap on, past the front) and at Ctrl-C, which then raises ``KeyboardInterrupt`` once it
    is saved; a call whose checkpoint exists takes the run up from it, with the same
    results as a run never stopped. A checkpoint of another game, another front or another
    version, or one torn or altered, raises ``OctalError``. Releases the GIL while it
    computes, on ``threads`` threads (1 or 2: the same values either way).

    >>> run = stream("0.6", 300_000, front=2**17)
    >>> run.checksum == values("0.6", 300_000).checksum
    True
    >>> [(m.heaps, m.largest) for m in run.milestones[-3:]]
    [(131072, 285), (262144, 291), (300000, 291)]
    """
    return _streamed(code, n, front, threads, checkpoint, checkpoint_minutes, stop_at)


def _streamed(code, n, front, threads, checkpoint, checkpoint_minutes, stop_at) -> StreamedRun:
    """``stream`` for the octal game ``code`` or for Grundy's game (``"grundy"``)."""
    heaps, finished, milestones, mask, heap_parity, rare, checksum = _native.stream(
        code, n, front, threads, checkpoint, checkpoint_minutes, stop_at
    )
    found = [Milestone(*milestone) for milestone in milestones]
    return StreamedRun(heaps, finished, found, mask, heap_parity, rare, checksum)


class MisereQuotient(NamedTuple):
    """The misère quotient Q_n of a game for heaps up to n (Plambeck and Siegel): elements
    are numbered 0, 1, ..., 0 the identity (the empty position)."""

    orders: List[int]
    """|Q_h| for h = 0, ..., n: how the quotient grew heap by heap."""
    products: List[List[int]]
    """The multiplication table: ``products[x][y]`` is xy."""
    p_portion: List[int]
    """The elements of the P-positions."""
    pretending: List[int]
    """The element of a single heap of h, for h = 0, ..., n."""
    words: List[str]
    """Each element as a word in the generators a, b, c, ... (the normal word)."""
    presentation: str
    """Generators and relations, such as ``<a, b, c | a^2 = 1, ...>`` (in Unicode)."""
    period: Optional[tuple]
    """(pre-period, period) of the pretending function when proven for every heap: the
    quotient is then the whole game's. None otherwise (and always for Grundy's game)."""

    @property
    def order(self) -> int:
        """|Q_n|."""
        return len(self.products)

    def outcome(self, heaps: Iterable[int]) -> str:
        """``"P"`` or ``"N"``: the misère outcome of the position with these heaps (each at
        most n).

        >>> misere_quotient("0.75", 20).outcome([2, 2])
        'P'
        """
        element = 0
        for heap in whole_numbers("heaps", heaps):
            if not isinstance(heap, int) or isinstance(heap, bool):
                raise TypeError(f"heap {heap!r}: a whole number")
            if not 0 <= heap < len(self.pretending):
                largest = len(self.pretending) - 1
                raise OctalError(f"heap {heap}: the quotient holds heaps 0 to {largest}")
            element = self.products[element][self.pretending[heap]]
        return "P" if element in self.p_portion else "N"


def misere_quotient(code: str, max_heap: int) -> MisereQuotient:
    """The misère quotient of the octal game ``code`` (or Grundy's game, ``"grundy"``) for
    heaps up to ``max_heap`` (at most 255), every step proven (``nim_games::misere_quotient``).
    The outcome search is bounded (a million positions): past it, ``OctalError``. Releases
    the GIL while it computes.

    >>> q = misere_quotient("0.75", 40)
    >>> (q.order, q.presentation, q.period)
    (8, '⟨a, b, c | a² = 1, bc = ab, c² = b², b³ = b⟩', (8, 2))
    """
    return MisereQuotient(*_native.misere_quotient(code, max_heap))
