"""The invariant library: importing it declares every template and invariant (:mod:`rulings.declare`).

Every module of this package is imported (found with :mod:`pkgutil`, in name order, the order
templates are tried in), so a new family is one new module here and nothing to register; helper
modules (``driving``, ``spell_moves`` ...) declare nothing and are imported all the same. A module whose name starts
with ``_`` is left out.
"""

from __future__ import annotations

import importlib
import pkgutil


def load_all() -> tuple[str, ...]:
    """Import every module of this package (in name order); their names, in that order."""
    names = tuple(sorted(m.name for m in pkgutil.iter_modules(__path__) if not m.name.startswith("_")))
    for name in names:
        importlib.import_module(f"{__name__}.{name}")
    return names


MODULES = load_all()
