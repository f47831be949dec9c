"""Data an adapter derives from a card once and keeps: in memory, and in a directory on disk.

Engines that parse oracle text (phase.rs) turn each card into their own card data, which is a
pure function of the card's dict and the engine's version, and costs far more than reading it
back. :class:`CardCache` keeps such data by a hash of both, in memory per process and, when it
is given a directory, on disk (written under a private name and renamed, so processes sharing
the directory never read half a file). The disk is an optimisation only: any error there
falls back to building the data again.
"""

from __future__ import annotations

import hashlib
import json
import os
from collections.abc import Callable
from pathlib import Path
from typing import Any


def content_key(data: object, salt: str = "") -> str:
    """A stable hash of JSON-able ``data`` (and ``salt``, e.g. the engine's version)."""
    payload = json.dumps({"data": data, "salt": salt}, sort_keys=True)
    return hashlib.sha256(payload.encode()).hexdigest()


class CardCache:
    """``key -> JSON value``, built by ``build`` on a miss; ``directory`` None: memory only."""

    def __init__(self, directory: Callable[[], Path | None]):
        self._directory = directory
        self._memory: dict[str, Any] = {}

    def get(self, key: str, build: Callable[[], Any]) -> Any:
        if key in self._memory:
            return self._memory[key]
        directory = self._directory()
        path = directory / f"{key}.json" if directory is not None else None
        try:
            value = json.loads(path.read_text(encoding="utf-8")) if path is not None else None
        except (OSError, ValueError):
            value = None
        if value is None:
            value = build()
            if path is not None:
                try:
                    path.parent.mkdir(parents=True, exist_ok=True)
                    tmp = path.with_name(f"{path.name}.{os.getpid()}.tmp")
                    tmp.write_text(json.dumps(value), encoding="utf-8")
                    os.replace(tmp, path)
                except OSError:
                    pass
        self._memory[key] = value
        return value


__all__ = ["CardCache", "content_key"]
