"""No process an isolated engine started outlives its worker, and no worker outlives the harness.

A worker runs in a process group of its own, and killing that group ends the helpers an engine
starts, but not one that leaves the group: a helper started with ``setsid()`` (Python's
``start_new_session=True``), or a daemon that forks twice, lives on after the run. And a worker
busy inside an engine call never reads the end of its input, so when the harness itself is
killed (SIGKILL: a CI cancel escalates to it) the worker is orphaned and runs on.

So, on Linux:

* a worker asks the kernel to kill it when its parent dies (``PR_SET_PDEATHSIG``), then checks
  its parent is still the harness, closing the race with a parent that died first; where that is
  not available, a thread polls the parent and kills the worker's group when it is gone;
* a worker is a child subreaper (``PR_SET_CHILD_SUBREAPER``): a process its engine orphans (the
  middle of a double fork) becomes the worker's child instead of init's, so the worker's
  descendants are all its engine's processes, however they left the process group;
* each worker carries a marker in its environment (:data:`MARKER`, unique per worker), which
  the processes its engine starts inherit;
* when a worker ends, every descendant of it and every process carrying its marker is killed:
  by the worker itself at the end of its input, and by the harness when it kills the worker or
  finds it dead (its orphans then carry only the marker).

Processes are found through ``/proc``; elsewhere these functions do nothing (the process group
is then the only containment).
"""

from __future__ import annotations

import ctypes
import os
import secrets
import signal
import sys
import threading
import time
from collections.abc import Iterator
from pathlib import Path

#: Environment variable naming the worker a process belongs to (inherited by what it starts).
MARKER = "MTG_CONFORMANCE_WORKER"
PROC = Path("/proc")
#: prctl(2) options.
PR_SET_PDEATHSIG = 1
PR_SET_CHILD_SUBREAPER = 36
#: How often the fallback thread looks at the parent (where there is no parent-death signal).
PARENT_POLL_SECONDS = 0.5
#: Sweeps at most this many times while new marked processes keep appearing (a fork race).
SWEEP_ROUNDS = 5


def new_marker() -> str:
    """A marker no other worker, run or user shares."""
    return f"{os.getpid()}-{secrets.token_hex(8)}"


def _prctl(option: int, value: int) -> bool:
    if not sys.platform.startswith("linux"):
        return False
    try:
        libc = ctypes.CDLL(None, use_errno=True)
        return int(libc.prctl(option, value, 0, 0, 0)) == 0
    except (OSError, AttributeError):
        return False


def die_with_parent(parent: int) -> None:
    """End this process (with its process group) when ``parent`` is no longer its parent."""
    if _prctl(PR_SET_PDEATHSIG, signal.SIGKILL):
        if os.getppid() != parent:  # the parent died before the kernel was asked
            os._exit(0)
        return
    threading.Thread(target=_watch_parent, args=(parent,), name="parent-watch", daemon=True).start()


def _watch_parent(parent: int) -> None:
    while os.getppid() == parent:
        time.sleep(PARENT_POLL_SECONDS)
    try:
        if os.getpgid(0) == os.getpid():  # a group of its own (a worker's): itself and its helpers
            os.killpg(os.getpid(), signal.SIGKILL)
    finally:
        os._exit(0)


def become_subreaper() -> bool:
    """Adopt the processes this process's descendants orphan (Linux); whether it worked."""
    return _prctl(PR_SET_CHILD_SUBREAPER, 1)


def _processes() -> Iterator[tuple[int, int, int]]:
    """(pid, parent pid, start time in clock ticks since boot) of every process in /proc."""
    try:
        entries = list(PROC.iterdir())
    except OSError:
        return
    for entry in entries:
        if not entry.name.isdigit():
            continue
        try:
            stat = (entry / "stat").read_bytes()
        except OSError:
            continue
        fields = stat.rsplit(b")", 1)[-1].split()  # after the command name, which may hold anything
        if len(fields) > 19:
            yield int(entry.name), int(fields[1]), int(fields[19])


def started(pid: int) -> int:
    """When ``pid`` started (clock ticks since boot; 0 when unknown: then every process counts)."""
    try:
        stat = (PROC / str(pid) / "stat").read_bytes()
        return int(stat.rsplit(b")", 1)[-1].split()[19])
    except (OSError, IndexError, ValueError):
        return 0


def descendants(root: int) -> set[int]:
    """Every living descendant of ``root`` (a snapshot)."""
    children: dict[int, list[int]] = {}
    for pid, ppid, _ in _processes():
        children.setdefault(ppid, []).append(pid)
    found: set[int] = set()
    stack = list(children.get(root, ()))
    while stack:
        pid = stack.pop()
        if pid not in found:
            found.add(pid)
            stack.extend(children.get(pid, ()))
    return found


def marked(marker: str, since: int = 0) -> set[int]:
    """Every process started at ``since`` or later (clock ticks since boot: a worker's start, so
    the environment of no older process is read) whose environment carries ``marker``."""
    entry = f"{MARKER}={marker}".encode()
    found = set()
    for pid, _, began in _processes():
        if began < since:
            continue
        try:
            environ = (PROC / str(pid) / "environ").read_bytes()
        except OSError:  # another user's process, or gone
            continue
        if entry in environ.split(b"\0"):
            found.add(pid)
    return found


def _kill(pids: set[int]) -> None:
    me = os.getpid()
    for pid in pids - {me}:
        try:
            os.kill(pid, signal.SIGKILL)
        except (ProcessLookupError, PermissionError):
            pass


def end_processes(root: int | None, marker: str | None, since: int = 0) -> None:
    """Kill every descendant of ``root`` and every process carrying ``marker`` started at
    ``since`` or later (the worker's start: its engine's processes are younger; see above)."""
    if not PROC.is_dir():
        return
    if root is not None:
        _kill(descendants(root))
    if marker:
        for _ in range(SWEEP_ROUNDS):
            found = marked(marker, since) - {os.getpid()}
            if not found:
                return
            _kill(found)


__all__ = [
    "MARKER",
    "become_subreaper",
    "descendants",
    "die_with_parent",
    "end_processes",
    "marked",
    "new_marker",
    "started",
]
