"""Atomic file writes.

Reports and results files are read by people and tools while a run may still be writing them (a
CI job uploading artifacts, a browser auto-reloading ``report.html``, a ``merge`` of shards).
Writing in place would let such a reader see half a file. Instead the text goes to a temporary
file in the same directory (same filesystem, so the final rename cannot turn into a copy) and
``os.replace`` swaps it in: a reader sees the old file or the new one, never a mix.
"""

from __future__ import annotations

import os
import tempfile
from pathlib import Path


def _umask() -> int:
    """The process umask, read without changing it where the platform allows (os.umask can only
    be read by setting it, which races with other threads creating files)."""
    try:
        with open("/proc/self/status", encoding="ascii") as status:
            for line in status:
                if line.startswith("Umask:"):
                    return int(line.split()[1], 8)
    except (OSError, ValueError, IndexError):
        pass
    mask = os.umask(0o022)
    os.umask(mask)
    return mask


def write_text_atomic(path: str | os.PathLike[str], text: str, *, encoding: str = "utf-8") -> Path:
    """Write ``text`` to ``path`` so that readers never see a partial file; returns the path.

    Missing parent directories are created. The new file keeps the mode of the file it replaces,
    or gets the usual ``0o666 & ~umask`` (a temporary file would otherwise be ``0o600``, and a
    report nobody else can read is no report). On any error the temporary file is removed.
    """
    target = Path(path)
    target.parent.mkdir(parents=True, exist_ok=True)
    try:
        mode = target.stat().st_mode & 0o7777
    except FileNotFoundError:
        mode = 0o666 & ~_umask()
    fd, tmp_name = tempfile.mkstemp(dir=target.parent, prefix=f".{target.name}.", suffix=".tmp")
    try:
        # backslashreplace: a lone surrogate from an engine must not lose the whole file.
        with os.fdopen(fd, "w", encoding=encoding, newline="", errors="backslashreplace") as handle:
            handle.write(text)
            handle.flush()
            os.fsync(handle.fileno())
        os.chmod(tmp_name, mode)
        os.replace(tmp_name, target)
    except BaseException:
        try:
            os.unlink(tmp_name)
        except FileNotFoundError:
            pass
        raise
    _fsync_dir(target.parent)
    return target


def _fsync_dir(directory: Path) -> None:
    """Make the rename itself durable where the OS supports syncing a directory (best effort)."""
    try:
        fd = os.open(directory, os.O_RDONLY)
    except OSError:
        return
    try:
        os.fsync(fd)
    except OSError:
        pass
    finally:
        os.close(fd)


__all__ = ["write_text_atomic"]
