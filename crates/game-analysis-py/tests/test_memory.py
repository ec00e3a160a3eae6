"""Memory-heavy calls under an address-space limit (``ulimit -v``): each raises
``OutOfMemoryError`` (a ``GameAnalysisError`` and a ``MemoryError``) within seconds, naming
what it needs and what is available, instead of aborting the interpreter."""

import resource
import subprocess
import sys
import time

import pytest

CALLS = [
    # Two moves of 2^30 leaves at alpha = 2: the exact counts need about 9.7 GB.
    (4_000_000_000, "game_analysis.levene_fenner.prob([[2] * 30] * 2, 2)", "the exact counts of prob(n)"),
    # 6 x 12 in memory: 18,564^2 entries of 32 bytes.
    (4_000_000_000, "game_analysis.backgammon.TwoSidedDatabase(12)", "the two-sided bear-off table"),
    # A billion heaps: 2 GB of values.
    (1_000_000_000, "game_analysis.grundy.values(10**9)", "the nim-values of heaps 0..=1000000000"),
]


def limited(limit):
    return lambda: resource.setrlimit(resource.RLIMIT_AS, (limit, limit))


@pytest.mark.parametrize("limit,call,what", CALLS)
def test_a_call_that_does_not_fit_raises_out_of_memory(limit, call, what):
    script = (
        "import game_analysis\n"
        "try:\n"
        f"    {call}\n"
        "except game_analysis.OutOfMemoryError as error:\n"
        "    assert isinstance(error, MemoryError) and isinstance(error, game_analysis.GameAnalysisError)\n"
        "    print(error)\n"
    )
    started = time.monotonic()
    done = subprocess.run(
        [sys.executable, "-c", script], preexec_fn=limited(limit),
        capture_output=True, text=True, timeout=120,
    )
    assert done.returncode == 0, done.stderr
    assert what in done.stdout and "available" in done.stdout, done.stdout
    assert time.monotonic() - started < 30
