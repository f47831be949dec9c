"""A stop signal ends the run wherever its exception first lands.

Python runs a signal handler between two bytecodes of the main thread, wherever that is. When it
is inside a garbage-collector callback (Hypothesis registers one), an exception raised there is
printed as "Exception ignored" and dropped: the run used to go on against the workers the handler
had just killed, shrink their deaths as engine faults and hang on the next worker's start. These
tests run in a child interpreter because the handlers are process-wide.
"""

from __future__ import annotations

import subprocess
import sys
import textwrap
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def _run(script: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-c", textwrap.dedent(script)], cwd=ROOT, capture_output=True, text=True, timeout=120
    )


def test_a_signal_inside_a_gc_callback_is_kept_for_the_next_wait() -> None:
    done = _run(
        """
        import gc, os, signal, time
        from harness import signals

        signals.install()
        killed = []
        signals.on_signal(lambda: killed.append(True))

        def callback(phase, info):
            if phase == "start" and not killed:
                os.kill(os.getpid(), signal.SIGTERM)
                for _ in range(1000):  # give the handler bytecodes to run between
                    time.sleep(0.001)
                    if killed:
                        break

        gc.callbacks.append(callback)
        gc.collect()
        gc.callbacks.remove(callback)
        assert killed, "the handler never ran"
        assert signals.received() == "SIGTERM"
        try:
            signals.raise_if_stopping()
        except signals.RunInterrupted as exc:
            print("raised", exc.signal_name)
        """
    )
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == "raised SIGTERM"
    assert "Exception ignored" not in done.stderr
    assert "Traceback" not in done.stderr


def test_a_signal_elsewhere_interrupts_at_once() -> None:
    done = _run(
        """
        import os, signal, time
        from harness import signals

        signals.install()
        try:
            os.kill(os.getpid(), signal.SIGINT)
            time.sleep(5)
            print("not interrupted")
        except signals.RunInterrupted as exc:
            print("interrupted", exc.signal_name)
        """
    )
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == "interrupted SIGINT"


def test_without_a_signal_nothing_is_raised() -> None:
    done = _run(
        """
        from harness import signals

        signals.install()
        signals.raise_if_stopping()
        print(signals.received())
        """
    )
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == "None"
