"""game_analysis.octal.stream and game_analysis.grundy.stream: streamed runs against the
in-memory values, stopped and taken up from a checkpoint, and bad checkpoints refused."""

import numpy as np
import pytest

from game_analysis import GrundyError, OctalError, grundy, octal

FRONT = 2**17
N = 300_000


def expected_milestones(values, heaps):
    """What a milestone at each of `heaps` must say of G(0), ..., G(N), from the values."""
    found = []
    for n in heaps:
        counted = values[1 : n + 1]
        largest = int(counted.max())
        found.append((n, np.bincount(counted).tolist(), largest,
                      1 + int(np.argmax(counted == largest))))
    return found


def powers_of_two_and(n):
    return [2**k for k in range(n.bit_length()) if 2**k <= n] + ([] if n & (n - 1) == 0 else [n])


def test_a_streamed_octal_run_counts_what_the_values_hold():
    in_memory = octal.values("0.6", N)
    run = octal.stream("0.6", N, front=FRONT)
    assert run.finished and run.heaps == N + 1
    assert run.checksum == in_memory.checksum
    assert (run.mask, run.heap_parity, run.rare_heaps) == (
        in_memory.mask, in_memory.heap_parity, in_memory.rare_heaps)
    assert [(m.heaps, m.frequencies, m.largest, m.largest_at) for m in run.milestones] == \
        expected_milestones(in_memory.values, powers_of_two_and(N))
    assert run.milestones[-1].rare_heaps == len(in_memory.rare_heaps)


def test_a_streamed_grundy_run_counts_what_the_values_hold():
    values = grundy.values(N)
    run = grundy.stream(N, front=FRONT, threads=1)
    assert run.finished and run.heaps == N + 1
    assert run.rare_heaps == grundy.rare_heaps(N)
    assert [(m.heaps, m.frequencies, m.largest, m.largest_at) for m in run.milestones] == \
        expected_milestones(values, powers_of_two_and(N))


@pytest.mark.parametrize("threads", [1, 2])
def test_a_run_stopped_and_taken_up_equals_one_never_stopped(threads, tmp_path):
    checkpoint = tmp_path / "run.ckpt"
    whole = octal.stream("0.6", N, front=FRONT, threads=threads)
    stopped = octal.stream("0.6", N, front=FRONT, threads=threads, checkpoint=checkpoint,
                           stop_at=200_000)
    assert not stopped.finished and 200_000 <= stopped.heaps < N
    assert checkpoint.stat().st_size < 8 * FRONT + 100_000
    # The front and the threads need not be given again: the front is the checkpoint's.
    taken_up = octal.stream("0.6", N, checkpoint=str(checkpoint), threads=3 - threads)
    assert taken_up == whole


def test_a_grundy_run_taken_up_equals_one_never_stopped(tmp_path):
    checkpoint = tmp_path / "grundy.ckpt"
    whole = grundy.stream(N, front=FRONT)
    assert not grundy.stream(N, front=FRONT, checkpoint=checkpoint, stop_at=150_000).finished
    assert grundy.stream(N, checkpoint=checkpoint) == whole


@pytest.fixture
def saved(tmp_path):
    """A checkpoint of 0.6 with a front of 2^17, stopped past 150,000 heaps."""
    checkpoint = tmp_path / "saved.ckpt"
    octal.stream("0.6", N, front=FRONT, checkpoint=checkpoint, stop_at=150_000)
    return checkpoint


def test_a_checkpoint_of_another_game_is_refused(saved):
    with pytest.raises(OctalError, match="0.6"):
        octal.stream("0.167", N, checkpoint=saved)
    with pytest.raises(GrundyError):
        grundy.stream(N, checkpoint=saved)


def test_a_checkpoint_of_another_front_or_past_n_is_refused(saved):
    with pytest.raises(OctalError):
        octal.stream("0.6", N, front=2 * FRONT, checkpoint=saved)
    with pytest.raises(OctalError):
        octal.stream("0.6", 140_000, checkpoint=saved)


@pytest.mark.parametrize("damage", ["torn", "altered", "not one"])
def test_a_damaged_checkpoint_is_refused_and_left_as_it_is(damage, saved):
    data = saved.read_bytes()
    if damage == "torn":
        data = data[: len(data) // 2]
    elif damage == "altered":
        data = data[:1000] + bytes([data[1000] ^ 1]) + data[1001:]
    else:
        data = b"0 0\n1 1\n"
    saved.write_bytes(data)
    with pytest.raises(OctalError):
        octal.stream("0.6", N, checkpoint=saved)
    assert saved.read_bytes() == data


@pytest.mark.parametrize(
    "arguments",
    [
        {"front": 3 * 2**16},  # not a power of two
        {"front": 2**16},  # below 2^17
        {"threads": 3},
        {"checkpoint_minutes": 0},
        {"checkpoint_minutes": float("nan")},
        {"checkpoint_minutes": 1e300},
        {"stop_at": 200_000},  # without a checkpoint to take the run up from
        {"checkpoint": ""},
    ],
)
def test_bad_stream_arguments_are_refused(arguments):
    with pytest.raises(OctalError):
        octal.stream("0.6", N, **arguments)
    with pytest.raises(GrundyError):
        grundy.stream(N, **arguments)
