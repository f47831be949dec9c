"""One run per output directory.

Two runs writing into the same ``--out`` (the default ``conformance-report/`` makes that easy)
would each replace the other's files, and whoever reads them cannot tell which run wrote what. A
run therefore holds an exclusive lock on its output directory for its whole life; a second run
on the same directory stops at once with a clear message. The lock is an advisory ``flock`` on
a file inside the directory, so it is released by the kernel when the process dies, however
it dies: no stale lock is ever left behind.
"""

from __future__ import annotations

import fcntl
import os
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

LOCK_NAME = ".mtg-conformance.lock"

#: Directories this process holds, with how many holders: the CLI takes the lock and the pytest
#: plugin in the same process takes it again; a second ``flock`` on a new descriptor would fail.
_held: dict[Path, tuple[int, int]] = {}


class OutputLocked(Exception):
    """Another run holds the output directory, or it cannot be used at all (one-line message)."""


def _prepare(out: Path) -> Path:
    if out.exists() and not out.is_dir():
        raise OutputLocked(f"--out {str(out)!r} is an existing file, not a directory")
    try:
        out.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        raise OutputLocked(f"cannot create the output directory {str(out)!r}: {exc.strerror or exc}") from None
    return out.resolve()


@contextmanager
def hold(out: Path) -> Iterator[Path]:
    """Hold the lock on ``out`` (created if missing) for the ``with`` block."""
    key = _prepare(out)
    if key in _held:
        fd, count = _held[key]
        _held[key] = (fd, count + 1)
        try:
            yield key
        finally:
            fd, count = _held[key]
            _held[key] = (fd, count - 1)
        return
    try:
        fd = os.open(key / LOCK_NAME, os.O_RDWR | os.O_CREAT, 0o644)
    except OSError as exc:
        raise OutputLocked(f"cannot write into the output directory {str(out)!r}: {exc.strerror or exc}") from None
    try:
        fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
    except OSError:
        holder = _holder(fd)
        os.close(fd)
        raise OutputLocked(
            f"another run{holder} is writing to {str(out)!r}; wait for it or choose another --out"
        ) from None
    os.ftruncate(fd, 0)
    os.write(fd, f"{os.getpid()}\n".encode())
    _held[key] = (fd, 1)
    try:
        yield key
    finally:
        fd, count = _held[key]
        if count <= 1:
            del _held[key]
            fcntl.flock(fd, fcntl.LOCK_UN)
            os.close(fd)
        else:  # pragma: no cover - unbalanced nesting
            _held[key] = (fd, count - 1)


def _holder(fd: int) -> str:
    try:
        pid = os.pread(fd, 32, 0).decode("ascii").strip()
    except (OSError, UnicodeDecodeError):
        return ""
    return f" (process {pid})" if pid.isdigit() else ""


__all__ = ["LOCK_NAME", "OutputLocked", "hold"]
