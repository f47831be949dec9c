"""The last console line of a command: the verdict that decides its exit status.

A CI log is read from the bottom. pytest's own summary ("16 failed") describes test items, not the
command's verdict: a gated run with 16 expected failures exits 0, a mutants run whose 168 failed
cases are kills exits 0. So every command that judges (``run``, ``mutants``, ``controls``,
``merge``) ends with one line built here from the same figures that chose the exit status, and the
CLI prints it last.
"""

from __future__ import annotations

from dataclasses import dataclass

from reports.results import EXIT_FAILURES, EXIT_INCOMPLETE, EXIT_NOTHING_JUDGED, Results, empty_shard, exit_status

PREFIX = "mtg-conformance: "


@dataclass(frozen=True)
class Verdict:
    """An exit status and the sentence that explains it."""

    code: int
    text: str

    def line(self) -> str:
        """The command's last console line."""
        return f"{PREFIX}{self.text} (exit {self.code})"


def plural(n: int, word: str, many: str | None = None) -> str:
    """``1 result``, ``2 results``: counts read as sentences."""
    return f"{n} {word if n == 1 else (many or word + 's')}"


def incomplete_text(results: Results) -> str:
    """Why an incomplete run says nothing about what did not run: how much did."""
    planned = f" of {results.run.planned}" if results.run.planned is not None else ""
    return f"incomplete: {len(results.results)}{planned} cases finished"


def run_verdict(results: Results) -> Verdict:
    """The verdict of an ungated run (or merge), with :func:`reports.results.exit_status`'s code."""
    code = exit_status(results)
    totals = results.totals()
    n = plural(len(results.results), "result")
    if code == EXIT_FAILURES:
        return Verdict(code, f"failed: {totals['fail']} fail, {totals['error']} error of {n}")
    if code == EXIT_INCOMPLETE:
        return Verdict(code, incomplete_text(results))
    if code == EXIT_NOTHING_JUDGED:
        return Verdict(code, f"nothing judged: all {n} unsupported or inconclusive")
    if empty_shard(results):
        return Verdict(code, f"passed: shard {results.run.shard} was dealt no case")
    return Verdict(
        code,
        f"passed: {totals['pass']} pass, {totals['inconclusive']} inconclusive, "
        f"{totals['unsupported']} unsupported of {n}",
    )


__all__ = ["PREFIX", "Verdict", "incomplete_text", "plural", "run_verdict"]
