"""The package as a whole: its exceptions, its stubs, and the GIL released by long calls."""

import threading
import time
from pathlib import Path

import pytest

import game_analysis
from game_analysis import backgammon, grundy, octal


def test_every_error_is_a_value_error():
    for name in [
        "MatchesError", "GrundyError", "OctalError", "JohnsonError", "LeveneFennerError",
        "TournamentError", "BackgammonError",
    ]:
        error = getattr(game_analysis, name)
        assert issubclass(error, game_analysis.GameAnalysisError)
        assert issubclass(error, ValueError)


def test_the_stubs_ship():
    package = Path(game_analysis.__file__).parent
    assert (package / "_native.pyi").is_file() and (package / "py.typed").is_file()


def test_a_long_computation_lets_other_threads_run():
    ticks = []
    stop = threading.Event()

    def tick():
        while not stop.is_set():
            ticks.append(time.perf_counter())
            time.sleep(0.001)

    ticker = threading.Thread(target=tick)
    ticker.start()
    started = time.perf_counter()
    grundy.values(3_000_000)
    finished = time.perf_counter()
    stop.set()
    ticker.join()
    during = [t for t in ticks if started < t < finished]
    # Holding the GIL for the whole call would leave the ticker silent throughout.
    assert finished - started > 0.05 and len(during) > 10


@pytest.mark.parametrize("call, error", [
    (lambda: backgammon.from_pair(()), TypeError),
    (lambda: backgammon.from_pair((1, True)), TypeError),
    (lambda: backgammon.from_pair((-1, 0)), ValueError),
    (lambda: backgammon.GnubgTwoSidedFile(None), TypeError),
    (lambda: octal.values("0.77", True), TypeError),
    (lambda: octal.values("0.77", 10, threads=True), TypeError),
])
def test_arguments_of_the_wrong_kind_are_type_or_value_errors(call, error):
    with pytest.raises(error):
        call()
