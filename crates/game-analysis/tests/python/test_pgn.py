"""The PGN of `game-analysis tournament --pgn`, read and replayed by python-chess.

Runs the binary named by $GAME_ANALYSIS_BIN (CI: the installed command) on a chess line and
replays every game with python-chess (PyPI: chess): every SAN move must be legal where it
is played, and each game's tags must agree with the position it ends in.
"""

import os
import subprocess

import chess
import chess.pgn
import pytest

BINARY = os.environ.get("GAME_ANALYSIS_BIN")


@pytest.fixture(scope="module")
def games(tmp_path_factory):
    if BINARY is None:
        pytest.skip("GAME_ANALYSIS_BIN is not set")
    path = tmp_path_factory.mktemp("pgn") / "line.pgn"
    subprocess.run(
        [BINARY, "--quiet", "tournament", "chess", "random:1", "uniform",
         "--games", "12", "--first-game", "3", "--seed", "28", "--pgn", str(path)],
        check=True, stdout=subprocess.DEVNULL,
    )
    read = []
    with open(path, encoding="utf-8") as file:
        while (game := chess.pgn.read_game(file)) is not None:
            read.append(game)
    return read


def test_every_game_of_the_line_is_in_the_file(games):
    assert [int(game.headers["GameIndex"]) for game in games] == list(range(3, 15))
    assert {game.headers["Seed"] for game in games} == {"28"}


def test_every_move_is_legal_and_the_ending_is_the_position_s(games):
    for game in games:
        assert game.errors == [], game.errors
        board = game.board()
        moves = list(game.mainline_moves())
        for move in moves:
            assert board.is_legal(move)
            board.push(move)
        assert len(moves) == int(game.headers["PlyCount"])
        ending = game.end().comment
        result = game.headers["Result"]
        if ending == "checkmate":
            assert board.is_checkmate()
            assert result == ("0-1" if board.turn == chess.WHITE else "1-0")
        else:
            assert result == "1/2-1/2"
            assert not board.is_checkmate()
        if ending == "stalemate":
            assert board.is_stalemate()
        if ending == "insufficient material":
            # Our rule also draws K+N+N v K, which python-chess does not: only minor pieces.
            assert not (board.pawns | board.rooks | board.queens)
        if ending == "fifty-move rule":
            assert board.halfmove_clock >= 100
        if ending == "threefold repetition":
            assert board.is_repetition(3)


def test_the_players_alternate_colours(games):
    for game in games:
        a_white = int(game.headers["GameIndex"]) % 2 == 0
        assert game.headers["White"] == ("random:1" if a_white else "uniform")
