"""Test-suite settings: the harness's own Hypothesis profiles, chosen by MTG_TEST_PROFILE."""

import os

from hypothesis import settings

from harness.profiles import PREFIX, register_profiles

register_profiles()
settings.load_profile(PREFIX + os.environ.get("MTG_TEST_PROFILE", "ci"))
