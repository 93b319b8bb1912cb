"""Removing finished run trees off the critical path: a background thread deletes them while the next command runs.

A run leaves a workdir, a scratch directory and a grading copy behind; deleting them costs a file-system
operation per file, which on a slow disk is milliseconds a run. Queued here, the workdir and scratch go
while the run's tests run. `drain()` (also run at exit) waits until all are gone; evaluate.run_once
drains before the next run starts, since deleting beside the next run's creates slows both.
"""
from __future__ import annotations

import atexit
import queue
import threading
from pathlib import Path

from bench.exec import safefs

_pending: queue.Queue[Path] = queue.Queue()
_started = threading.Lock()
_worker: threading.Thread | None = None


def _work() -> None:
    while True:
        path = _pending.get()
        try:
            safefs.remove_tree(path)
        finally:
            _pending.task_done()


def remove_later(path: Path | str) -> None:
    """Delete the directory `path` soon, in the background."""
    global _worker
    with _started:
        if _worker is None:
            _worker = threading.Thread(target=_work, name="lab-cleanup", daemon=True)
            _worker.start()
    _pending.put(Path(path))


def drain() -> None:
    """Wait until every queued directory is deleted."""
    _pending.join()


atexit.register(drain)
