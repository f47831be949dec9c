"""The output folder's run lock (harness.lock) leaves no file behind once released (issue 30: it
ended up in every CI artifact), still stops a second run while held, and never lets two runs hold
it through a lock file removed under one of them."""

from __future__ import annotations

import os
import subprocess
import sys
import textwrap

import pytest

from harness import lock
from harness.lock import LOCK_NAME, OutputLocked, hold


def test_a_released_lock_leaves_no_file(tmp_path):
    out = tmp_path / "out"
    with hold(out):
        assert (out / LOCK_NAME).is_file()
        with hold(out):  # the CLI and the plugin of one process nest
            pass
        assert (out / LOCK_NAME).is_file()
    assert list(out.iterdir()) == []


def test_a_held_lock_stops_another_process_and_is_free_afterwards(tmp_path):
    holder = subprocess.Popen(
        [
            sys.executable,
            "-c",
            textwrap.dedent(
                f"""
                import sys
                from pathlib import Path
                from harness.lock import hold
                with hold(Path({str(tmp_path)!r})):
                    print("held", flush=True)
                    sys.stdin.read()
                """
            ),
        ],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        text=True,
    )
    try:
        assert holder.stdout is not None and holder.stdout.readline().strip() == "held"
        with pytest.raises(OutputLocked, match=rf"another run \(process {holder.pid}\) is writing"):
            with hold(tmp_path):
                pass
    finally:
        holder.communicate("", timeout=60)
    assert not (tmp_path / LOCK_NAME).exists()
    with hold(tmp_path):
        pass


def test_a_lock_file_removed_after_it_was_opened_is_not_taken(tmp_path):
    """A run that opened the lock file just before its holder removed it must not count the removed
    file as the lock: another run would create a new one and hold that too."""
    path = tmp_path / LOCK_NAME
    stale = os.open(path, os.O_RDWR | os.O_CREAT, 0o644)
    try:
        os.unlink(path)
        assert not lock._still_there(stale, path)
        fd = lock._acquire(tmp_path, tmp_path)
        try:
            assert lock._still_there(fd, path) and os.fstat(fd).st_ino != os.fstat(stale).st_ino
        finally:
            os.close(fd)
    finally:
        os.close(stale)
