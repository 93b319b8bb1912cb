"""How many answers the model server makes at once (its slots), for `run --jobs auto`.

llama.cpp reports them: ``GET /props`` -> ``total_slots`` (its ``--parallel``), or ``GET /slots`` (one entry per
slot; the scripted server answers it when it simulates slots). Ollama does not report OLLAMA_NUM_PARALLEL, so unless
the user names it (``--model-slots N``) the harness measures it (measured_slots: a few tiny generations at once);
vLLM batches without a fixed count, so for it the user names it; else the harness assumes 1 and says so.

`--jobs auto` starts with AUTO_RUNS_PER_SLOT runs per slot: while one run's call is answered, the other is starting
its agent, running tools or being graded, so the slots stay busy; as runs finish, AutoJobs allows more (up to
AUTO_MAX_RUNS_PER_SLOT per slot) when they spend more of their time off the model than on it. At the start every
slot is free, so the runs that would only wait for one are held back until `slots` runs have begun a model call:
agents starting at once share the CPU, and the extra ones would delay the calls that fill the slots. A run that
waits for a slot is not charged the wait (bench.models.queue), so running more runs than slots changes no verdict.
"""
from __future__ import annotations

import math
import threading
import time
from collections.abc import Callable
from datetime import datetime
from typing import Any

from bench.common.errors import UserError
from bench.models import modelserver

AUTO_RUNS_PER_SLOT = 2
PROBE_TIMEOUT_S = 5.0


def _count(value: Any) -> int | None:
    return value if isinstance(value, int) and not isinstance(value, bool) and value >= 1 else None


def reported_slots(model: str, base_url: str | None = None) -> tuple[int | None, str | None]:
    """(slots, where the server said it) from llama.cpp's /props or /slots; (None, None) when it does not say."""
    try:
        ep = modelserver.resolve(model, base_url)
    except UserError:
        return None, None
    roots = [ep.root, *([ep.openai_base] if ep.openai_base != ep.root else [])]
    for root in dict.fromkeys(r.rstrip("/") for r in roots):
        try:
            props = modelserver.request_json("GET", f"{root}/props", timeout_s=PROBE_TIMEOUT_S)
        except modelserver.ServerError as exc:
            if exc.kind in ("unreachable", "timeout"):
                return None, None
            props = None
        n = _count(props.get("total_slots")) if isinstance(props, dict) else None
        if n:
            return n, f"{root}/props total_slots"
        try:
            listing = modelserver.request_json("GET", f"{root}/slots", timeout_s=PROBE_TIMEOUT_S)
        except modelserver.ServerError:
            listing = None
        if isinstance(listing, list) and listing:
            return len(listing), f"{root}/slots"
    return None, None


# Measuring an Ollama server's slots: MEASURE_REQUESTS tiny generations sent at once, each MEASURE_TOKENS long, all
# within MEASURE_TIMEOUT_S. A server with N slots serves N of them at once and queues the rest.
MEASURE_REQUESTS = 8
MEASURE_TOKENS = 16   # long enough that answers served together overlap by more than HTTP jitter
MEASURE_TIMEOUT_S = 10.0
OVERLAP_EPSILON_S = 0.005   # service intervals that only touch (one ends as the next begins) do not overlap


def most_at_once(intervals: list[tuple[float, float]]) -> int:
    """The most of `intervals` (start, end) open at one instant, each shrunk by OVERLAP_EPSILON_S at both ends."""
    edges = sorted([(lo + OVERLAP_EPSILON_S, 1) for lo, hi in intervals if hi - lo > 2 * OVERLAP_EPSILON_S]
                   + [(hi - OVERLAP_EPSILON_S, -1) for lo, hi in intervals if hi - lo > 2 * OVERLAP_EPSILON_S],
                   key=lambda e: (e[0], e[1]))   # an end before a start at the same instant
    most = now = 0
    for _, step in edges:
        now += step
        most = max(most, now)
    return most


def _server_time(stamp: Any) -> float | None:
    """Ollama's `created_at` (RFC 3339, the answer's end on the server's clock) as seconds; None if it is not one."""
    if not isinstance(stamp, str) or not 20 <= len(stamp) <= 40:
        return None
    text = stamp.strip()
    if text.endswith("Z"):
        text = text[:-1] + "+00:00"
    head, dot, rest = text.partition(".")
    if dot:   # Go writes nanoseconds; fromisoformat takes at most microseconds
        digits = len(rest) - len(rest.lstrip("0123456789"))
        rest = rest[:min(digits, 6)] + rest[digits:]
        text = f"{head}.{rest}" if rest[:1].isdigit() else head + rest
    try:
        return datetime.fromisoformat(text).timestamp()
    except ValueError:
        return None


def measured_slots(model: str, base_url: str | None = None, options: dict | None = None,
                   requests: int = MEASURE_REQUESTS) -> tuple[int | None, dict | None]:
    """(slots, how) measured on an Ollama server, which does not say its OLLAMA_NUM_PARALLEL (neither /api/ps nor
    /api/show has it): `requests` generations of MEASURE_TOKENS tokens sent at once to /api/generate; each answer's
    own service time (prompt_eval_duration + eval_duration) placed before its arrival is when a slot served it,
    and the most of those intervals open at one instant is the slots it used. (None, None) when the server is not
    Ollama or an answer has no timings; `options` (num_ctx above all) as the agents' calls will send, or Ollama
    loads the model again for another window."""
    try:
        ep = modelserver.resolve(model, base_url)
    except UserError:
        return None, None
    root = ep.ollama_root
    if root is None or ep.kind != "ollama":
        return None, None
    served: list[tuple[float, float] | None] = [None] * requests
    stamped: list[float | None] = [None] * requests   # each answer's end on the server's own clock
    deadline = time.monotonic() + MEASURE_TIMEOUT_S

    def one(i: int) -> None:
        body = {"model": ep.model, "prompt": f"Count from {i} to {i + 9}.", "stream": False,
                "options": {**(options or {}), "num_predict": MEASURE_TOKENS, "temperature": 0}}
        try:
            answer = modelserver.request_json("POST", f"{root}/api/generate", body,
                                              timeout_s=deadline - time.monotonic())
        except modelserver.ServerError:
            return
        ended = time.time()
        if not isinstance(answer, dict):
            return
        spent = [answer.get(k) for k in ("prompt_eval_duration", "eval_duration")]
        if all(isinstance(v, (int, float)) and not isinstance(v, bool) and v >= 0 for v in spent):
            served[i] = (ended - sum(spent) / 1e9, ended)
            stamped[i] = _server_time(answer.get("created_at"))

    threads = [threading.Thread(target=one, args=(i,), daemon=True) for i in range(requests)]
    for t in threads:
        t.start()
    for t in threads:
        t.join(max(0.0, deadline - time.monotonic()) + 1.0)
    if any(s is None for s in served):
        return None, None
    if all(t is not None for t in stamped):
        # the server's clock where it stamps every answer: on a loaded machine this process reads the answers
        # late, and late by different amounts, which would draw them as overlapping more than they did
        served = [(end - (hi - lo), end) for (lo, hi), end in zip(served, stamped, strict=True)]   # type: ignore[misc]
    n = most_at_once(served)   # type: ignore[arg-type]
    if n < 1:
        return None, None
    return n, {"requests": requests, "most_at_once": n, "at_least": n >= requests}


def parse_jobs(text: str | int) -> int | None:
    """--jobs: a whole number from 1 up, or "auto" (None: resolved from the server's slots)."""
    if isinstance(text, int):
        value = text
    elif str(text).strip().lower() == "auto":
        return None
    else:
        try:
            value = int(str(text))
        except ValueError:
            raise UserError(f"--jobs: {text!r} is not a number of runs or `auto`") from None
    if value < 1:
        raise UserError(f"--jobs: must be at least 1 (got {value})")
    return value


def auto_jobs(model: str | None, base_url: str | None, named: int | None,
              options: dict | None = None) -> tuple[int, dict]:
    """(runs at once, how that was decided) for --jobs auto: the server's reported slots, else --model-slots, else
    (Ollama) measured (measured_slots, with the agents' `options`), else 1; times AUTO_RUNS_PER_SLOT."""
    if named is not None and named < 1:
        raise UserError(f"--model-slots: must be at least 1 (got {named})")
    reported, where = reported_slots(model, base_url) if model else (None, None)
    how: dict | None = None   # the measurement, where the count is one
    if reported is not None:
        slots, source = reported, where
        if named is not None and named != reported:
            source = f"{where} (the server's count; --model-slots {named} ignored)"
    elif named is not None:
        slots, source = named, "--model-slots"
    elif model and (found := measured_slots(model, base_url, options))[0] is not None:
        slots, how = found
        source = (f"measured: {how['most_at_once']}{' or more' if how['at_least'] else ''} of {how['requests']} "
                  "tiny generations sent at once were served at once (Ollama does not report its slots)")
    else:
        slots, source = 1, "assumed (the server does not report its slots; name them with --model-slots N)"
    decided = {"slots": slots, "source": source, "runs_per_slot": AUTO_RUNS_PER_SLOT}
    return slots * AUTO_RUNS_PER_SLOT, decided if how is None else {**decided, "measured": how}


AUTO_MAX_RUNS_PER_SLOT = 4
WARM_UP_POLL_S = 0.1   # how often a held-back run looks again whether the slots are filled


class AutoJobs:
    """--jobs auto while the evaluation goes on: at least `start` runs at once, and more (up to AUTO_MAX_RUNS_PER_SLOT
    per slot) when the finished runs show they spend more of their time off the model than on it. A run's cycle is
    its whole time less its queue time (isolating, the agent's start-up and tools, the model, grading); for every
    slot to stay busy the slot needs cycle / model-busy runs, so the runs allowed at once are
    ceil(slots x sum(cycles) / sum(model busy)) over the runs finished so far."""

    def __init__(self, slots: int, start: int, calls_begun: Callable[[], int] | None = None):
        self.slots, self.start = slots, start
        self.most = max(start, slots * AUTO_MAX_RUNS_PER_SLOT)
        self._cycle = self._model = 0.0
        self._running = 0
        self._cond = threading.Condition()
        # how many runs have begun a model call (the model proxy's count); None: no warm-up hold
        self._calls_begun = calls_begun
        self._warm = calls_begun is None

    @property
    def off_model(self) -> float | None:
        """The finished runs' whole time (less queue) over their model-busy time; None before any."""
        return self._cycle / self._model if self._model > 0 else None

    def allowed(self) -> int:
        """Runs allowed at once now: `slots` until that many runs have begun a model call or one run has ended,
        then as many as keep the slots busy."""
        if not self._warm:
            self._warm = self._calls_begun() >= self.slots
            if not self._warm:
                return min(self.slots, self.start)
        if self._model <= 0:
            return self.start
        return max(self.start, min(self.most, math.ceil(self.slots * self._cycle / self._model)))

    def enter(self, stop: Callable[[], bool]) -> bool:
        """Wait for room for one more run; False when `stop()` turned true while waiting."""
        with self._cond:
            while self._running >= self.allowed():
                if stop():
                    return False
                self._cond.wait(0.5 if self._warm else WARM_UP_POLL_S)
            self._running += 1
            return True

    def leave(self) -> None:
        """A run has ended."""
        with self._cond:
            self._running -= 1
            self._cond.notify_all()

    def finished(self, record: dict) -> None:
        """Learn from a finished run's time split (a run without model time teaches nothing)."""
        timing, agent = record.get("timing") or {}, record.get("agent") or {}
        total, model = timing.get("total_s"), agent.get("model_s")
        with self._cond:
            self._warm = True   # a run is over: its slot, or its share of the CPU, is free for the next
            if isinstance(total, (int, float)) and isinstance(model, (int, float)) and model > 0:
                self._cycle += max(model, total - float(agent.get("queued_s") or 0.0))
                self._model += model
            self._cond.notify_all()
