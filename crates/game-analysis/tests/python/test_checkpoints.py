"""The checkpoints of `game-analysis octal|grundy --stream`, taken up by the Python package's
`stream` calls, and the other way round: one format, one engine.

Runs the binary named by $GAME_ANALYSIS_BIN (CI: the installed command), in the virtual
environment where the package `game_analysis` is installed.
"""

import json
import os
import subprocess

import pytest

from game_analysis import grundy, octal

BINARY = os.environ.get("GAME_ANALYSIS_BIN")
FRONT = 2**17
N = 300_000


def command(*arguments):
    """The command's JSON summary of a streamed run."""
    if BINARY is None:
        pytest.skip("GAME_ANALYSIS_BIN is not set")
    done = subprocess.run([BINARY, "--quiet", "--format", "json", *arguments],
                          check=True, capture_output=True, text=True)
    return json.loads(done.stdout)


def test_a_checkpoint_the_command_saved_is_taken_up_by_python(tmp_path):
    checkpoint = tmp_path / "octal.ckpt"
    stopped = command("octal", "0.6", "--max", str(N), "--stream", "--front", str(FRONT),
                      "--checkpoint", str(checkpoint), "--stop-at", "200000")
    assert stopped["finished"] is False
    taken_up = octal.stream("0.6", N, checkpoint=checkpoint)
    assert taken_up == octal.stream("0.6", N, front=FRONT)


def test_a_checkpoint_python_saved_is_taken_up_by_the_command(tmp_path):
    checkpoint = tmp_path / "grundy.ckpt"
    assert not grundy.stream(N, front=FRONT, checkpoint=checkpoint, stop_at=200_000).finished
    finished = command("grundy", "--max", str(N), "--stream", "--checkpoint", str(checkpoint))
    whole = grundy.stream(N, front=FRONT)
    assert finished["finished"] is True and finished["heaps"] == whole.heaps
    assert int(finished["checksum"], 16) == whole.checksum
