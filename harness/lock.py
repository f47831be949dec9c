"""One run per output directory.

Two runs writing into the same ``--out`` (the default ``conformance-report/`` makes that easy)
would each replace the other's files, and whoever reads them cannot tell which run wrote what. A
run therefore holds an exclusive lock on its output directory for its whole life; a second run
on the same directory stops at once with a clear message. The lock is an advisory ``flock`` on
a file inside the directory, so it is released by the kernel when the process dies, however
it dies: no stale lock is ever left behind. The file is removed when the run lets go of it, so
an output folder (a CI artifact) holds the run's files only; a process that killed its run leaves
an empty lock file, which the next run takes over.

Removing a lock file races with a run that opened it just before: the holder removes the file
while it still holds the lock, and a run that then gets the lock checks that its descriptor is
still the file at the path; if not, the file it locked was removed, and it opens the path again.
"""

from __future__ import annotations

import errno
import fcntl
import os
from collections.abc import Iterator
from contextlib import contextmanager, suppress
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


def check_usable(out: Path) -> None:
    """Raise :class:`OutputLocked` (the same line :func:`hold` would) if ``out`` can plainly never
    be the output directory: an existing file, or below one. Nothing is created, so a command
    can refuse a bad ``--out`` before its slow work and still leave nothing behind when it stops
    for another reason."""
    if out.exists() and not out.is_dir():
        raise OutputLocked(f"--out {str(out)!r} is an existing file, not a directory")
    for parent in out.parents:
        if parent.exists():
            if not parent.is_dir():
                reason = os.strerror(errno.ENOTDIR)
                raise OutputLocked(f"cannot create the output directory {str(out)!r}: {reason}")
            return


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
    fd = _acquire(key, out)
    os.ftruncate(fd, 0)
    os.write(fd, f"{os.getpid()}\n".encode())
    _held[key] = (fd, 1)
    try:
        yield key
    finally:
        fd, count = _held[key]
        if count <= 1:
            del _held[key]
            with suppress(OSError):  # already gone (the folder was removed): nothing to tidy
                os.unlink(key / LOCK_NAME)  # while still held: see the module docstring
            fcntl.flock(fd, fcntl.LOCK_UN)
            os.close(fd)
        else:  # pragma: no cover - unbalanced nesting
            _held[key] = (fd, count - 1)


def _acquire(key: Path, out: Path) -> int:
    """A descriptor of ``key``'s lock file, locked; OutputLocked when another run holds it."""
    while True:
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
        if _still_there(fd, key / LOCK_NAME):
            return fd
        os.close(fd)  # its holder removed the file as it let go: lock the path's file instead


def _still_there(fd: int, path: Path) -> bool:
    """Whether the open file ``fd`` is the file at ``path`` (not one removed since it was opened)."""
    try:
        here = os.stat(path)
    except OSError:
        return False
    mine = os.fstat(fd)
    return (here.st_dev, here.st_ino) == (mine.st_dev, mine.st_ino)


def _holder(fd: int) -> str:
    try:
        pid = os.pread(fd, 32, 0).decode("ascii").strip()
    except (OSError, UnicodeDecodeError):
        return ""
    return f" (process {pid})" if pid.isdigit() else ""


__all__ = ["LOCK_NAME", "OutputLocked", "hold"]
