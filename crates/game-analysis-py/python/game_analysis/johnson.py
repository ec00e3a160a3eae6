"""Johnson's Tree Solitaire and its look-ahead strategies (MIT AI Memo 205, 1970).

From the Rust crates ``lookahead-eval`` and ``solitaire``. Strategies are named in the memo's
spelling: ``"STRAT"``, ``"HSTRAT"``, ``"LSTRAT"``, ``"2HSTRAT"``, ``"2LSTRAT"``, ``"BSTRAT"``,
``"∞HSTRAT"``, ... (see :func:`strategies`). ``E`` is the chance that a point is an endpoint,
``A`` the constant split ratio.
"""

from __future__ import annotations

from fractions import Fraction
from typing import List, Tuple

from ._fractions import Rational, from_pair, to_pair
from ._native import JohnsonError
from ._native import johnson as _native


def strategies() -> List[str]:
    """The memo's strategy names."""
    return _native.strategies()


def win_probability(
    strategy: str, E: Rational, A: Rational, form: str = "TSI", tol: float = 1e-12
) -> Tuple[float, float]:
    """W, the chance of winning under ``strategy`` over the games with endpoint chance ``E``
    and constant split ratio ``A``, in the form ``"TSI"`` (independent) or ``"TSD"``
    (dependent): a rigorous interval (low, high), at most ``tol`` wide (``tol`` at least
    1e-15, below which floats cannot show the difference), that holds the exact value, its
    ends rounded outward. Releases the GIL while it computes.

    >>> low, high = win_probability("HSTRAT", "1/2", "3/4", form="TSD")
    >>> low <= 7 / 9 <= high
    True
    """
    e = to_pair("E", E, JohnsonError)
    a = to_pair("A", A, JohnsonError)
    return _native.win_probability(strategy, e, a, form, tol)


def dependent_win_probability(strategy: str, E: Rational, A: Rational) -> Fraction:
    """W in the dependent form TSD, exactly (the memo's chapter 3: 7/9 for HSTRAT at
    E = 1/2, A = 3/4).

    >>> dependent_win_probability("HSTRAT", "1/2", "3/4")
    Fraction(7, 9)
    """
    e = to_pair("E", E, JohnsonError)
    a = to_pair("A", A, JohnsonError)
    return from_pair(_native.dependent_win_probability(strategy, e, a))
