"""game_analysis.johnson against the memo's chapter 3 closed forms and Table 4.1."""

from fractions import Fraction

import pytest

from game_analysis import JohnsonError, johnson


def test_the_memos_strategy_names():
    names = johnson.strategies()
    for name in ["STRAT", "HSTRAT", "LSTRAT", "BSTRAT", "2HSTRAT", "2LSTRAT", "∞LSTRAT"]:
        assert name in names


@pytest.mark.parametrize(
    "strategy, exact",
    # Theorems 3.1 and 3.2 at E = 1/2, A = 3/4: W_H = 7/9, W_L = E/(1 - SA) = 4/5; STRAT
    # AE/(1 - SA) = 3/5 (chapter 2's .6000).
    [("HSTRAT", Fraction(7, 9)), ("LSTRAT", Fraction(4, 5)), ("STRAT", Fraction(3, 5))],
)
def test_the_dependent_form_exactly(strategy, exact):
    assert johnson.dependent_win_probability(strategy, "1/2", "3/4") == exact
    low, high = johnson.win_probability(strategy, Fraction(1, 2), Fraction(3, 4), form="TSD")
    assert low <= exact <= high and high - low <= 1e-12


@pytest.mark.parametrize(
    "strategy, printed",
    # Table 4.1 at E = .5, A = .75 (TSI): .68768 (LSTRAT) and .66102 (HSTRAT).
    [("LSTRAT", 0.68768), ("HSTRAT", 0.66102)],
)
def test_table_4_1(strategy, printed):
    low, high = johnson.win_probability(strategy, "1/2", "3/4")
    assert high - low <= 1e-12
    assert round(low, 5) == printed == round(high, 5)


def test_every_spelling_of_an_exact_number_gives_the_same_value():
    values = {
        johnson.dependent_win_probability("HSTRAT", e, a)
        for e, a in [("1/2", "3/4"), (Fraction(1, 2), Fraction(3, 4)), ("0.5", "0.75")]
    }
    assert values == {Fraction(7, 9)}


@pytest.mark.parametrize(
    "call",
    [
        lambda: johnson.win_probability("XSTRAT", "1/2", "3/4"),
        lambda: johnson.win_probability("B'STRAT", "1/2", "3/4"),
        lambda: johnson.win_probability("HSTRAT", "0", "3/4"),
        lambda: johnson.win_probability("HSTRAT", "1/2", "2"),
        lambda: johnson.win_probability("HSTRAT", "1/2", "3/4", form="TSX"),
        lambda: johnson.win_probability("HSTRAT", "1/2", "3/4", tol=0.0),
        lambda: johnson.win_probability("HSTRAT", "1/2", "3/4", tol=1e-300),
        lambda: johnson.win_probability("HSTRAT", 0.5, "3/4"),
        lambda: johnson.win_probability("HSTRAT", "one half", "3/4"),
    ],
)
def test_bad_input_is_a_johnson_error(call):
    with pytest.raises(JohnsonError):
        call()
