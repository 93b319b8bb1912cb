"""Simulated speed and parallel slots: how long an answer takes, and how many answers are made at once.

Speed: with ``prefill_tps`` the server waits ``prompt_tokens / prefill_tps`` before an answer's first byte
(all prompt tokens, cached ones too, so ``prompt_tokens / prefill time`` is the configured rate); with
``decode_tps`` it spends ``completion_tokens / decode_tps`` on the answer: a stream's pieces each wait their
share (by characters of generated text), a whole body waits it all. A rate left unset is instant.

Slots: at most ``slots`` answers are made at once (llama.cpp's ``--parallel``); a request waits for a free
slot before its prefill, so the wait is part of its time to first token. None: unlimited.
"""
from __future__ import annotations

import threading
import time
from collections.abc import Callable
from typing import Any


class ClientGone(Exception):
    """A wait ended because the client went away or the server is stopping: the answer is abandoned."""


def check_rate(value: Any, what: str) -> float | None:
    """A tokens-per-second setting: None (off) or a positive number; ValueError otherwise."""
    if value is None:
        return None
    if isinstance(value, bool) or not isinstance(value, (int, float)) or value <= 0:
        raise ValueError(f"{what} must be a positive number (tokens per second)")
    return float(value)


def check_slots(value: Any) -> int | None:
    """A slot count: None (unlimited) or a positive integer; ValueError otherwise."""
    if value is None:
        return None
    if isinstance(value, bool) or not isinstance(value, int) or value < 1:
        raise ValueError("slots must be a positive integer")
    return value


class Speed:
    """The simulated prefill and decode rates (tokens per second; None = instant)."""

    def __init__(self, prefill_tps: float | None = None, decode_tps: float | None = None):
        self.prefill_tps = check_rate(prefill_tps, "prefill_tps")
        self.decode_tps = check_rate(decode_tps, "decode_tps")

    @property
    def on(self) -> bool:
        """Whether any rate is simulated (then answers report the simulated durations)."""
        return self.prefill_tps is not None or self.decode_tps is not None

    def prefill_s(self, usage: dict) -> float:
        """Seconds before the first byte for this usage."""
        return usage["prompt_tokens"] / self.prefill_tps if self.prefill_tps else 0.0

    def decode_s(self, usage: dict) -> float:
        """Seconds spent producing the answer's tokens."""
        return usage["completion_tokens"] / self.decode_tps if self.decode_tps else 0.0


class Pace:
    """What a stream calls: ``pace(text)`` before sending a piece of generated text, ``pace.done()`` before
    its finishing pieces. This one does not wait (no simulated decode speed)."""

    def __call__(self, text: str) -> None:
        """Wait this piece's share of the decode time (none here)."""

    def done(self) -> None:
        """Wait what is left of the decode time (none here)."""


NO_PACE = Pace()


class Pacer(Pace):
    """Spreads `total_s` over a stream's pieces by their share of `total_chars` generated characters.

    `wait(seconds)` is the handler's interruptible sleep (False when the client left or the server stops).
    Targets are measured from the first call, so rounding in one piece does not add up over many.
    """

    def __init__(self, total_s: float, total_chars: int, wait: Callable[[float], bool]):
        self.total_s = total_s
        self.total_chars = max(1, total_chars)
        self._wait = wait
        self._start: float | None = None
        self._chars = 0

    def _until(self, fraction: float) -> None:
        if self.total_s <= 0:
            return
        if self._start is None:
            self._start = time.monotonic()
        left = self._start + self.total_s * min(1.0, fraction) - time.monotonic()
        if left > 0 and not self._wait(left):
            raise ClientGone()

    def __call__(self, text: str) -> None:
        """Wait this piece's share of the decode time (its characters of generated text)."""
        self._chars += len(text)
        self._until(self._chars / self.total_chars)

    def done(self) -> None:
        """Wait whatever is left of the decode time (an answer with little text still takes it all)."""
        self._until(1.0)


class Slots:
    """At most `n` holders at once (None: unlimited), with the order of acquisitions and releases kept.

    `events` lists ("acquire" | "release", request id, time.time()) in the order they happened, which is
    what a test reads to see that two answers did not overlap.
    """

    def __init__(self, n: int | None):
        self.n = check_slots(n)
        self._sem = threading.Semaphore(n) if n else None
        self._lock = threading.Lock()
        self.events: list[tuple[str, str, float]] = []

    def acquire(self, rid: str, alive: Callable[[], bool]) -> float:
        """Take a slot, waiting in short steps; the seconds waited. ClientGone once `alive()` is False."""
        if self._sem is None:
            return 0.0
        t0 = time.monotonic()
        while not self._sem.acquire(timeout=0.05):
            if not alive():
                raise ClientGone()
        with self._lock:
            self.events.append(("acquire", rid, time.time()))
        return time.monotonic() - t0

    def release(self, rid: str) -> None:
        """Give the slot back (after the answer's last byte)."""
        if self._sem is None:
            return
        with self._lock:
            self.events.append(("release", rid, time.time()))
        self._sem.release()
