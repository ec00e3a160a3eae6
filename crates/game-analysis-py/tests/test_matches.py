"""game_analysis.matches against the values the Rust tests and verify-tables trust."""

import pytest

from game_analysis import GameAnalysisError, MatchesError, matches


@pytest.mark.parametrize(
    "n, sizes",
    # Table 3.1 (minimax and alpha-beta tree sizes): 15 and 21 as printed; at n = 7 the
    # report prints 15 for minimax, an erratum (docs/matches.md): the tree has 52 nodes.
    [(7, (52, 10)), (15, (6872, 156)), (21, (266079, 1839))],
)
def test_tree_sizes_are_table_3_1(n, sizes):
    assert matches.tree_sizes(n) == sizes


def test_losing_positions_are_table_3_2():
    assert matches.losing_positions(13) == [1, 5, 9, 13]
    assert matches.is_losing_position(9) and not matches.is_losing_position(10)


@pytest.mark.parametrize("bad", [-1, 2**40])
def test_bad_counts_are_value_errors(bad):
    with pytest.raises(MatchesError) as raised:
        matches.tree_sizes(bad)
    assert isinstance(raised.value, GameAnalysisError)
    assert isinstance(raised.value, ValueError)
    assert str(bad) in str(raised.value)


@pytest.mark.parametrize(
    "call",
    [matches.tree_sizes, matches.is_losing_position, matches.losing_positions],
)
def test_zero_matches_is_refused_everywhere(call):
    with pytest.raises(MatchesError, match="at least one match"):
        call(0)
