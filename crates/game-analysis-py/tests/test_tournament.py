"""Tournament lines from Python: pieces merge to the line played at once, in one process or
on a Dask cluster of two worker processes, and bad lines are typed errors."""

import pytest

from game_analysis import TournamentError, tournament

LINE = ("connect-four", "random:1", "random:2")


def test_a_line_has_the_command_line_fields_in_order():
    result = tournament.play(*LINE, 10, seed=3)
    assert list(result) == ["game", "a", "b", "alpha", "games", "a_wins", "b_wins", "draws",
                            "share_b", "ci_low", "ci_high", "seed"]
    assert result["a_wins"] + result["b_wins"] + result["draws"] == 10
    assert result["alpha"] == tournament.MAX_ALPHA
    piece = tournament.play(*LINE, 4, first_game=6, seed=3)
    assert piece["first_game"] == 6


def test_pieces_merge_to_the_line_in_any_order():
    whole = tournament.play(*LINE, 30, seed=5)
    pieces = [tournament.play(*LINE, count, first_game=first, seed=5)
              for first, count in tournament.split(30, 4)]
    merged = tournament.merge(reversed(pieces))
    assert merged == whole
    assert tournament.to_json(merged) == tournament.to_json(whole)


def test_chess_pieces_merge_too():
    whole = tournament.play("chess", "uniform", "random:1", 6, seed=1)
    first, rest = tournament.play("chess", "uniform", "random:1", 2, seed=1), \
        tournament.play("chess", "uniform", "random:1", 4, first_game=2, seed=1)
    assert tournament.merge([rest, first]) == whole


@pytest.mark.parametrize("pieces", [
    [(0, 5), (6, 5)],  # a gap
    [(0, 5), (4, 5)],  # an overlap
    [],
])
def test_pieces_that_do_not_tile_a_line_are_refused(pieces):
    results = [tournament.play(*LINE, count, first_game=first) for first, count in pieces]
    with pytest.raises(TournamentError):
        tournament.merge(results)


def test_pieces_of_different_lines_are_refused():
    one = tournament.play(*LINE, 3, seed=1)
    other = tournament.play(*LINE, 3, first_game=3, seed=2)
    with pytest.raises(TournamentError, match="different lines"):
        tournament.merge([one, other])


@pytest.mark.parametrize("pieces", [
    [{"game": "chess"}],
    [dict(tournament.play(*LINE, 3), a_wins=-1)],
    [dict(tournament.play(*LINE, 3), games=4)],
    [dict(tournament.play(*LINE, 3), games="3")],
])
def test_malformed_pieces_are_refused(pieces):
    with pytest.raises(TournamentError):
        tournament.merge(pieces)


def test_a_piece_that_is_not_a_dict_is_a_type_error():
    with pytest.raises(TypeError):
        tournament.merge(["x"])


@pytest.mark.parametrize("call", [
    lambda: tournament.play("go", "random:1", "random:2", 4),
    lambda: tournament.play("chess", "random:9", "random:2", 4),
    lambda: tournament.play("chess", "deep:2", "random:2", 4),
    lambda: tournament.play("chess", "random:1", "random:2", 0),
    lambda: tournament.play("chess", "random:1", "random:2", 10**7),
    lambda: tournament.play("chess", "random:1", "random:2", 4, alpha=0),
    lambda: tournament.play("chess", "random:1", "random:2", 4, first_game=-1),
    lambda: tournament.play("connect-four", "material:1", "random:2", 4),
    lambda: tournament.split(3, 4),
    lambda: tournament.split(10**12, 10**12),
])
def test_bad_lines_are_typed_errors(call):
    with pytest.raises(TournamentError):
        call()


def test_a_line_on_a_local_dask_cluster_is_the_line_played_at_once():
    pytest.importorskip("distributed", reason="CI installs it; pip install distributed")
    whole = tournament.play(*LINE, 40, seed=11)
    spread = tournament.play_distributed(*LINE, 40, pieces=5, seed=11)
    assert tournament.to_json(spread) == tournament.to_json(whole)
