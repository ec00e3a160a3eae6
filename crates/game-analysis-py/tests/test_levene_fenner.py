"""game_analysis.levene_fenner against the paper's Examples 1 and 2 and Nau's w_2."""

import math
from fractions import Fraction

import pytest

from game_analysis import LeveneFennerError, levene_fenner


@pytest.mark.parametrize(
    "moves, alpha, expected",
    [
        # Example 1: prob(a) = 3691/4096, prob(b) = 2283/4096 at alpha = 2.
        ([[2, 3], [3, 2]], 2, [Fraction(3691, 4096), Fraction(2283, 4096)]),
        # Example 2 at alpha = 2 and 3.
        ([[2, 3], [1, 2]], 2, [Fraction(211, 256), Fraction(207, 256)]),
        ([[2, 3], [1, 2]], 3, [Fraction(4562, 6561), Fraction(4802, 6561)]),
    ],
)
def test_the_papers_examples(moves, alpha, expected):
    assert levene_fenner.prob(moves, alpha) == expected


def test_nau_w2_is_the_golden_root():
    golden = (3 - math.sqrt(5)) / 2  # (1 - x)^2 = x
    assert levene_fenner.nau_w(2) == pytest.approx(golden, abs=1e-15)
    low, high = levene_fenner.nau_w_bracket(2)
    # The root of (1 - x)^2 - x, which falls through 0, lies between them, exactly.
    assert (1 - low) ** 2 - low >= 0 > (1 - high) ** 2 - high
    assert high - low == Fraction(1, 2**60)


@pytest.mark.parametrize(
    "call",
    [
        lambda: levene_fenner.prob([[2, 3], [3, 2]], 0),
        lambda: levene_fenner.prob([], 2),
        lambda: levene_fenner.prob([[2, 3], [2]], 2),
        lambda: levene_fenner.prob([[2, 0]], 2),
        lambda: levene_fenner.nau_w(0),
        lambda: levene_fenner.nau_w(10_001),
    ],
)
def test_bad_input_is_a_levene_fenner_error(call):
    with pytest.raises(LeveneFennerError):
        call()


def test_a_branching_factor_of_zero_is_refused_as_such():
    with pytest.raises(LeveneFennerError, match="b = 0 is outside 1..=10000"):
        levene_fenner.nau_w(0)
