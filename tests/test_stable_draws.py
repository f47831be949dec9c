"""Derandomized draws depend on the seed alone, not on which of the project's modules a process
happens to have loaded (Hypothesis mixes the numbers of loaded local modules into its draws;
:mod:`harness.stable_draws` leaves them out)."""

from __future__ import annotations

import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

from harness.stable_draws import stabilize

ROOT = Path(__file__).resolve().parent.parent

#: Draws the first examples of a few invariants in a fresh process, after importing the modules
#: named on the command line (local modules full of numbers), and prints a digest of them.
SCRIPT = textwrap.dedent(
    """
    import hashlib, importlib, sys
    for name in sys.argv[2:]:
        if name.startswith("/"):  # a folder holding a module of numbers (local to this run)
            sys.path.insert(0, name)
            importlib.import_module("numbers_of_a_project")
        else:
            importlib.import_module(name)
    from hypothesis import given, settings
    from protocol import codec
    from harness.feature_reach import case_seed
    from harness.profiles import profile_settings
    from rulings.compile import compile_corpus
    chosen = profile_settings("ci")
    if sys.argv[1] == "unstable":
        import harness.stable_draws as stable
        from hypothesis.internal.conjecture import providers
        providers._get_local_constants = stable._original_local_constants
        providers.CONSTANTS_CACHE.cache.clear()
    digest = hashlib.sha256()
    suite = compile_corpus()
    for inv in [i for i in suite.invariants if i.id.startswith(("search.", "library-ninjutsu.damage"))][:3]:
        @settings(chosen, max_examples=60)
        @given(inv.strategy(None))
        def test(scenario):
            digest.update(repr(codec.to_jsonable(scenario.state)).encode())
        test._hypothesis_internal_use_seed = case_seed(inv.id)
        test()
    print(digest.hexdigest())
    """
)


def _digest(mode: str, *modules: str) -> str:
    done = subprocess.run(
        [sys.executable, "-c", SCRIPT, mode, *modules], cwd=ROOT, capture_output=True, text=True, timeout=300
    )
    assert done.returncode == 0, done.stderr
    return done.stdout.strip()


def test_hypothesis_has_the_shape_stabilize_expects() -> None:
    from hypothesis.internal.conjecture import providers

    if not hasattr(providers, "_get_local_constants") and not hasattr(providers, "_local_constants"):
        pytest.skip("this Hypothesis mixes no local constants into its draws: nothing to leave out")
    assert stabilize(), "Hypothesis's provider module changed: local constants are no longer left out"


HEAVY = ("harness.minimize", "harness.controls", "reports.html", "engines.mutants")


def _numbers_module(folder: Path) -> str:
    """A module full of small integer literals (what Hypothesis collects from local modules)."""
    literals = ", ".join(str(n) for n in range(2, 300, 3))
    (folder / "numbers_of_a_project.py").write_text(f"NUMBERS = ({literals})\n")
    return str(folder)


@pytest.mark.slow
def test_examples_do_not_depend_on_the_modules_loaded(tmp_path: Path) -> None:
    plain = _digest("stable")
    assert _digest("stable", *HEAVY) == plain
    assert _digest("stable", _numbers_module(tmp_path)) == plain


@pytest.mark.slow
def test_without_it_the_loaded_modules_change_the_examples(tmp_path: Path) -> None:
    """The control: with Hypothesis's local constants back, a loaded module full of numbers
    changes the examples drawn (if this fails, Hypothesis no longer mixes them in and stabilize
    can go)."""
    assert _digest("unstable") != _digest("unstable", _numbers_module(tmp_path))
