"""The run layer of mtg-conformance: what a run checks (plan), how one case is judged (runner), and
the ways a user starts one (pytest plugin, CLI), with process isolation for engines that must not
share the harness's process. It is the top of the import layers: it reads rulings and invariants,
loads engines through the registry and writes results for :mod:`reports`."""

from protocol import __version__

__all__ = ["__version__"]
