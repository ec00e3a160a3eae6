"""Hostile input, as a careless or malicious caller would give it: every public call either
returns or raises a typed error (a ``ValueError`` subclass, ``TypeError`` or
``OverflowError``) within a time bound, and never crashes the interpreter. Each batch of
calls runs in a child process, so a segmentation fault or an abort is caught and reported
with the call that caused it, not mistaken for the test runner dying.

The inputs are drawn by Hypothesis (Python's counterpart of proptest), derandomized so
that every run makes the same calls, and a failing batch is shrunk to a small one: edge
values, sizes beyond every stated bound, wrong types, arbitrary strings and nested lists.
Sizes inside the bounds are kept small, since a legitimate call up to a bound can take
minutes (those are interruptible: see the last test)."""

import json
import subprocess
import sys
import textwrap

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

BATCHES_PER_FUNCTION = 3
CALLS_PER_BATCH = 15
SECONDS_PER_CALL = 20

INTS = [0, 1, 2, 3, 6, 7, 15, 16, 20, -1, -(2**31), 2**31, 2**32, 2**63, 2**64 + 1, 10**30]
FLOATS = [0.0, -1.0, 0.5, 1e308, float("nan"), float("inf")]
STRINGS = ["", "x", "chess", "connect-four", "uniform", "random:2", "material:1", "HSTRAT", "LSTRAT", "∞LSTRAT", "B'STRAT", "1/2", "3/4", "0", "-1/2",
           "0.77", "4.07", "0.6", "0.8", "2/1", "1/0", "TSI", "TSD", "owned", "centred", "\x00", "é" * 100]


def outside_the_long_range(n):
    """Sizes inside the bounds are kept small: a call at a bound may rightly take minutes."""
    return n + 2**40 if 10**6 <= n <= 2**32 else n


SCALARS = st.one_of(
    st.sampled_from(INTS),
    st.integers(min_value=0, max_value=40),
    st.integers().map(outside_the_long_range),
    st.sampled_from(FLOATS),
    st.floats(),
    st.sampled_from(STRINGS),
    st.text(max_size=20),
    st.none(),
)
# Any value a caller might pass: scalars, and lists of them nested two deep.
VALUES = st.recursive(SCALARS, lambda inner: st.lists(inner, max_size=8), max_leaves=16)


# (call, number of arguments): every public function and method of the package.
ENTRY_POINTS = [
    ("matches.tree_sizes", 1),
    ("matches.is_losing_position", 1),
    ("matches.losing_positions", 1),
    ("grundy.values", 1),
    ("grundy.rare_heaps", 1),
    ("grundy.misere_first_player_wins", 1),
    ("octal.values", 2),
    ("octal.misere_quotient", 2),
    # Streamed runs go to 2^64 - 2 heaps: these stop, with a checkpoint, past the front.
    ("lambda code, n: octal.stream(code, n, 2**17, 2, 'octal.ckpt', 5.0, 0)", 2),
    ("lambda n: grundy.stream(n, 2**17, 2, 'grundy.ckpt', 5.0, 0)", 1),
    ("johnson.win_probability", 3),
    ("johnson.dependent_win_probability", 3),
    ("levene_fenner.prob", 2),
    ("levene_fenner.nau_w", 1),
    ("levene_fenner.nau_w_bracket", 1),
    ("tournament.play", 4),
    ("tournament.merge", 1),
    ("tournament.split", 2),
    ("backgammon.race_win_probability", 2),
    ("backgammon.cube_equities", 2),
    ("backgammon.cube_decisions", 2),
    ("backgammon.OneSidedDatabase", 1),
    ("one_sided.expected_rolls", 1),
    ("one_sided.rolls_distribution", 1),
    ("backgammon.TwoSidedDatabase", 1),
    ("two_sided.win_probability", 2),
    ("two_sided.equities", 2),
    ("two_sided.cube_action", 3),
    ("backgammon.GnubgOneSidedFile", 3),
    ("gnubg_file.distributions", 1),
    ("backgammon.build_gnubg_two_sided_file", 3),
    ("backgammon.GnubgTwoSidedFile", 1),
    ("gnubg_two_sided.equities", 2),
    ("gnubg_two_sided.stored", 2),
    ("gnubg_two_sided.cube_action", 3),
]

# The child: calls each case in turn, printing it first, so that a crash names its call.
CHILD = textwrap.dedent("""
    import json, sys, time
    from game_analysis import backgammon, grundy, johnson, levene_fenner, matches, octal, tournament
    one_sided = backgammon.OneSidedDatabase(3)
    two_sided = backgammon.TwoSidedDatabase(2)
    gnubg_file = backgammon.GnubgOneSidedFile(2)
    backgammon.build_gnubg_two_sided_file(2, "two-sided-work", "ts-6x2.bd")
    gnubg_two_sided = backgammon.GnubgTwoSidedFile("ts-6x2.bd")
    for line in sys.stdin:
        call, args = json.loads(line)
        print("CALL", call, repr(args), flush=True)
        started = time.perf_counter()
        try:
            eval(call)(*args)
            outcome = "returned"
        except (ValueError, TypeError, OverflowError) as error:
            outcome = type(error).__name__
        print("DONE", outcome, round(time.perf_counter() - started, 3), flush=True)
""")


def run_batch(call, batch, directory):
    """Runs the calls of `batch` in one child, in `directory` (the calls that write files may
    be given any string as a path); fails with the call that crashed or was slow."""
    cases = [json.dumps([call, args]) for args in batch]
    child = subprocess.run(
        [sys.executable, "-c", CHILD],
        cwd=directory,
        input="\n".join(cases) + "\n",
        capture_output=True,
        text=True,
        timeout=SECONDS_PER_CALL * len(cases),
    )
    lines = child.stdout.splitlines()
    last_call = next((line for line in reversed(lines) if line.startswith("CALL")), "no call")
    assert child.returncode == 0, f"{call} crashed (status {child.returncode}) at {last_call}\n{child.stderr[-2000:]}"
    done = [line.split() for line in lines if line.startswith("DONE")]
    assert len(done) == len(cases)
    slow = [(case, seconds) for case, (_, _, seconds) in zip(cases, done)
            if float(seconds) > SECONDS_PER_CALL]
    assert not slow, slow


@pytest.mark.parametrize("call, count", ENTRY_POINTS, ids=[call for call, _ in ENTRY_POINTS])
def test_hostile_input_gets_a_result_or_a_typed_error(call, count, tmp_path):
    batches = st.lists(
        st.lists(VALUES, min_size=count, max_size=count),
        min_size=CALLS_PER_BATCH,
        max_size=CALLS_PER_BATCH,
    )

    @settings(max_examples=BATCHES_PER_FUNCTION, deadline=None, derandomize=True,
              database=None, suppress_health_check=list(HealthCheck))
    @given(batch=batches)
    def check(batch):
        run_batch(call, batch, tmp_path)

    check()


@pytest.mark.parametrize(
    "call",
    [
        "matches.tree_sizes(300000)",
        "matches.losing_positions(2**32 - 1)",
        "levene_fenner.prob([[1000000, 1000000]], 2)",
        "backgammon.TwoSidedDatabase(13)",
        "backgammon.GnubgOneSidedFile(9)",
        "backgammon.OneSidedDatabase(3).expected_rolls([6, 6, 5, 1])",
    ],
)
def test_sizes_beyond_the_bounds_are_typed_errors_at_once(call):
    code = f"""
import time
from game_analysis import GameAnalysisError, backgammon, levene_fenner, matches
started = time.perf_counter()
try:
    {call}
    print("returned")
except GameAnalysisError as error:
    print("refused:", error)
print("seconds:", time.perf_counter() - started)
"""
    child = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=60)
    assert child.returncode == 0, child.stderr[-2000:]
    assert "refused:" in child.stdout, child.stdout
    seconds = float(child.stdout.split("seconds:")[1])
    assert seconds < 5, child.stdout


def test_the_database_names_its_own_limit():
    from game_analysis import BackgammonError, backgammon
    with pytest.raises(BackgammonError, match="at most 3"):
        backgammon.OneSidedDatabase(3).expected_rolls([6, 6, 5, 1])


LONG_CALLS = [
    "grundy.values(10**9)",
    'johnson.win_probability("LSTRAT", "1/10", "999/1000")',
    "grundy.misere_first_player_wins([30, 30, 30])",
    "backgammon.TwoSidedDatabase(9)",
    'octal.stream("0.6", 2**40)',
]


# A child's start: Python's own Ctrl-C handler, and a SIGINT to itself 3 s in (`sent`).
INTERRUPTED_IN_3_S = """
import os, signal, threading, time
from game_analysis import backgammon, grundy, johnson, octal
signal.signal(signal.SIGINT, signal.default_int_handler)
def interrupt():
    global sent
    sent = time.perf_counter()
    os.kill(os.getpid(), signal.SIGINT)
threading.Timer(3.0, interrupt).start()
"""


@pytest.mark.parametrize("call", LONG_CALLS)
def test_ctrl_c_stops_a_long_call_within_a_second_and_its_work_with_it(call):
    """The call raises KeyboardInterrupt at once, and the work it started stops too: the
    process uses (almost) no CPU afterwards. The signal comes 3 s in, past the set-up
    (allocating a large table is not stopped half way). The child installs Python's own
    Ctrl-C handler first: a process started in the background by a non-interactive shell
    inherits SIGINT ignored, and Python then never raises KeyboardInterrupt at all."""
    code = INTERRUPTED_IN_3_S + f"""
try:
    {call}
    print("finished")
except KeyboardInterrupt:
    print("interrupted after", time.perf_counter() - sent)
    time.sleep(0.5)
    cpu = time.process_time()
    time.sleep(2.0)
    print("cpu afterwards", time.process_time() - cpu)
os._exit(0)
"""
    child = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=60)
    assert child.returncode == 0, child.stderr[-2000:]
    assert "interrupted after" in child.stdout, child.stdout
    assert float(child.stdout.split("after")[1].split()[0]) < 1.0, child.stdout
    # Two seconds of the work on two cores would be up to 4 s of CPU time.
    assert float(child.stdout.split("cpu afterwards")[1]) < 0.2, child.stdout


def test_ctrl_c_saves_a_streamed_runs_checkpoint_first_and_the_run_goes_on_from_it(tmp_path):
    """With a checkpoint, Ctrl-C stops the run at its next block of 256 heaps, saves the
    checkpoint (a few megabytes, synced to the disk: within seconds, not at once), then
    raises KeyboardInterrupt naming the heap; the same call then takes the run up, and its
    values are the in-memory engine's."""
    code = INTERRUPTED_IN_3_S + f"""
checkpoint = {str(tmp_path / "run.ckpt")!r}
try:
    octal.stream("0.6", 2**40, checkpoint=checkpoint)
    print("finished")
except KeyboardInterrupt as interrupted:
    print("interrupted after", time.perf_counter() - sent)
    heap = int(str(interrupted).split("stopped at heap ")[1].split(",")[0])
    n = heap + 100_000
    run = octal.stream("0.6", n, checkpoint=checkpoint)
    print("taken up at", heap, run.finished, run.checksum == octal.values("0.6", n).checksum)
"""
    child = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120)
    assert child.returncode == 0, child.stderr[-2000:]
    assert "interrupted after" in child.stdout, child.stdout
    assert float(child.stdout.split("after")[1].split()[0]) < 5.0, child.stdout
    heap, finished, equal = child.stdout.split("taken up at")[1].split()
    assert int(heap) > 2**20 and finished == "True" and equal == "True", child.stdout
