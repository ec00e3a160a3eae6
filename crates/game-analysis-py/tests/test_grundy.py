"""game_analysis.grundy: the fast values against the definition, computed here."""

import numpy as np
import pytest

from game_analysis import GrundyError, grundy


def definition(n):
    """G(m) = mex{G(a) xor G(m - a) : 1 <= a < m/2}, directly (quadratic), in NumPy."""
    g = np.zeros(n + 1, dtype=np.int64)
    seen = np.zeros(1024, dtype=bool)
    for m in range(3, n + 1):
        a = np.arange(1, (m + 1) // 2)
        options = g[a] ^ g[m - a]
        seen[:] = False
        seen[options] = True
        g[m] = int(np.argmin(seen))
    return g


def test_the_first_values():
    assert grundy.values(7).tolist() == [0, 0, 0, 1, 0, 2, 1, 0]


def test_values_are_uint16():
    values = grundy.values(100)
    assert values.dtype == np.uint16 and values.shape == (101,)
    values[0] = 1  # a writable array of its own


def test_the_first_hundred_thousand_values_are_the_definitions():
    n = 100_000
    assert np.array_equal(grundy.values(n), definition(n))


def test_rare_heaps_are_those_with_rare_values():
    # Rare: the bits above the lowest have even parity (Winning Ways, chapter 4).
    values = grundy.values(2000)
    expected = [h for h in range(1, 2001) if bin(int(values[h]) >> 1).count("1") % 2 == 0]
    assert grundy.rare_heaps(2000) == expected


def test_misere_play():
    # A single heap of 3: splitting it into 2 + 1 leaves the opponent no move, so in
    # misère play the mover loses.
    assert not grundy.misere_first_player_wins([3])
    assert grundy.misere_first_player_wins([4])


def test_bad_heaps_are_value_errors():
    with pytest.raises(GrundyError):
        grundy.values(-5)
    with pytest.raises(GrundyError, match="outside 0..=1000000000"):
        grundy.values(10**9 + 1)
    # Beyond 32 bits the message still names the range the call takes.
    with pytest.raises(GrundyError, match="10000000000 is outside 0..=1000000000"):
        grundy.values(10**10)
    with pytest.raises(ValueError):
        grundy.misere_first_player_wins([-1])


def test_misere_positions_beyond_the_search_are_refused_at_once():
    with pytest.raises(GrundyError, match="91 live matches"):
        grundy.misere_first_player_wins([30, 30, 31, 2, 1])
