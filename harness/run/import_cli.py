"""``mtg-conformance rulings import FILE``: see :mod:`rulings.importer`."""

from __future__ import annotations

import argparse


def cmd_import(args: argparse.Namespace, usage_error: type[Exception]) -> int:
    raise usage_error("rulings import is not available yet")
