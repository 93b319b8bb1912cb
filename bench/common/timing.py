"""Where the harness spends its time: cumulative seconds per category (git, copy, json, process), for `nox -s bench`."""
from __future__ import annotations

import threading
import time
from collections import defaultdict
from contextlib import contextmanager
from typing import Iterator

_lock = threading.Lock()
TOTALS: dict[str, float] = defaultdict(float)
COUNTS: dict[str, int] = defaultdict(int)


_local = threading.local()


@contextmanager
def timed(category: str) -> Iterator[None]:
    """Add the wall time of the block to `category` (costs well under a microsecond).

    Categories are exclusive: time spent in a nested `timed` block counts only for the inner category.
    Inside `background()` every block counts as "background".
    """
    if getattr(_local, "background", False):
        category = "background"
    stack = getattr(_local, "stack", None)
    if stack is None:
        stack = _local.stack = []
    frame = [0.0]  # seconds spent in nested blocks
    stack.append(frame)
    start = time.perf_counter()
    try:
        yield
    finally:
        elapsed = time.perf_counter() - start
        stack.pop()
        if stack:
            stack[-1][0] += elapsed
        with _lock:
            TOTALS[category] += elapsed - frame[0]
            COUNTS[category] += 1


@contextmanager
def background() -> Iterator[None]:
    """This thread's work overlaps the caller's: count it as "background", apart from the critical path."""
    _local.background = True
    try:
        yield
    finally:
        _local.background = False


def snapshot() -> dict[str, tuple[float, int]]:
    """The totals so far, as {category: (seconds, count)}."""
    with _lock:
        return {k: (TOTALS[k], COUNTS[k]) for k in TOTALS}


def reset() -> None:
    """Forget every total."""
    with _lock:
        TOTALS.clear()
        COUNTS.clear()
