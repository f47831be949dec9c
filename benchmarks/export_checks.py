"""What checking in-process exports against the model costs (issue 27, item 4: at most 5 %).

    python benchmarks/export_checks.py [--engine reference] [--profile ci] [--repeat 3] [--invariant ID ...]

Each repeat runs every invariant (or those named) on the engine with ``run_case``, as one ``-n 1``
run does, in this process, twice, in alternating order: once as the harness runs (every state,
action and event an in-process engine hands over checked by ``protocol.codec.check``), once with
that check replaced by a no-op. It prints both CPU times (one core, CPU seconds: the ratio holds
on a loaded machine better than wall time) and their ratio per repeat, then the median ratio.
The checked run also times each check (``time.process_time`` around each call: the timer's own
cost, about 1.5 us a call, is counted in, so that share is if anything high), which gives the share
of the run spent checking, measured within one run and so steadier than the ratio of two runs
when the machine's load changes. The verdicts of the two runs must be the same (the check finds
nothing wrong in a healthy engine).
"""

from __future__ import annotations

import statistics
import sys
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from _common import chosen_invariants, engine_run_arguments, machine


def _no_check(tp: Any, value: Any, where: str = "$", seen: Any = None) -> None:
    """The check switched off."""


def main() -> None:
    args = engine_run_arguments(__doc__.splitlines()[0])
    invariants = chosen_invariants(args.invariant)
    # Imported after the arguments are read, for start-up time (see _common.chosen_invariants).
    from harness.plan import engine
    from harness.runner import run_case
    from protocol import codec

    real = codec.check

    spent = [0.0]

    def timed(tp: Any, value: Any, where: str = "$", seen: Any = None) -> None:
        started = time.process_time()
        try:
            real(tp, value, where, seen)
        finally:
            spent[0] += time.process_time() - started

    def run(checked: bool) -> tuple[float, list[str]]:
        spent[0] = 0.0
        codec.check = timed if checked else _no_check  # type: ignore[assignment]
        try:
            started = time.process_time()
            verdicts = [
                run_case(args.engine, engine(args.engine), inv, profile=args.profile, seed=None).status
                for inv in invariants
            ]
            return time.process_time() - started, verdicts
        finally:
            codec.check = real  # type: ignore[assignment]

    print(f"# export checks on {args.engine}, profile {args.profile}, {len(invariants)} invariants, {machine()}")
    ratios, shares = [], []
    for n in range(args.repeat):
        order = (True, False) if n % 2 == 0 else (False, True)
        runs = {}
        for checked in order:
            runs[checked] = run(checked)
            if checked:
                share = spent[0] / runs[checked][0]
        (on, on_verdicts), (off, off_verdicts) = runs[True], runs[False]
        ratios.append(on / off)
        shares.append(share)
        same = "identical verdicts" if on_verdicts == off_verdicts else "VERDICTS DIFFER"
        print(
            f"repeat {n + 1}: checked {on:.2f} s CPU ({100 * share:.2f} % in the checks), unchecked {off:.2f} s, "
            f"ratio {on / off:.3f} ({same})"
        )
    print(
        f"median checked/unchecked: {statistics.median(ratios):.3f}; "
        f"median share of the checked run spent checking: {100 * statistics.median(shares):.2f} %"
    )


if __name__ == "__main__":
    main()
