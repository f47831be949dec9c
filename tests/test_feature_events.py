"""The drawn states' features become Hypothesis events only while recording is on (the suite's
plugin turns it on with ``--hypothesis-show-statistics``, the one place that prints them)."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from generators import features
from generators.features import EVENT_PREFIX, Feature, record, record_events, table
from harness.profiles import FEW_DRAWS
from protocol.probe import Scenario

FEATURES = table(Feature("always", "1", "every state", 100, lambda sc: True))


def _events_of_one_search() -> list[str]:
    seen: list[str] = []

    @settings(settings.get_profile(FEW_DRAWS))
    @given(st.just(Scenario(None, None)))  # type: ignore[arg-type]
    def test(scenario) -> None:  # type: ignore[no-untyped-def]
        from hypothesis.control import current_build_context

        record(scenario, FEATURES)
        seen.extend(current_build_context().data.events)

    test()
    return seen


def test_features_are_events_only_while_recording() -> None:
    before = features._recording
    try:
        record_events(True)
        assert EVENT_PREFIX + "always" in _events_of_one_search()
        record_events(False)
        assert not [e for e in _events_of_one_search() if e.startswith(EVENT_PREFIX)]
    finally:
        record_events(before)


@pytest.mark.slow
def test_the_plugin_records_with_the_statistics_option(tmp_path: Path) -> None:
    (tmp_path / "test_flag.py").write_text(
        "from generators import features\n\ndef test_flag():\n    print('RECORDING', features._recording)\n"
    )

    def run(*options: str) -> str:
        done = subprocess.run(
            [sys.executable, "-m", "pytest", "-s", "-p", "no:cacheprovider", *options, "test_flag.py"],
            cwd=tmp_path,
            capture_output=True,
            text=True,
            timeout=120,
        )
        assert done.returncode == 0, done.stdout + done.stderr
        return done.stdout

    assert "RECORDING True" in run("--hypothesis-show-statistics")
    assert "RECORDING False" in run()
