"""Queue time: how long a run's model calls waited for a free server slot, measured at the model proxy.

A server with N slots (llama.cpp's ``--parallel``, Ollama's OLLAMA_NUM_PARALLEL, vLLM's batch) makes a call that
arrives while every slot is busy wait before its prompt is processed. That wait is the other runs' doing, not the
agent's or the model's, so it is reported apart (``queued_s``) and is not counted against the agent's timeout.

Per call: the wait before the answer's first token less what the server says it spent processing the prompt
(Ollama's ``prompt_eval_duration``, and its ``load_duration`` when it loaded the model for the call; llama.cpp's
``timings.prompt_ms``; the scripted server's the same). For a whole (unstreamed) answer the wait is its whole time
less the server's decode time; for a stream the smaller of its time to first token and that (a first piece of
several tokens carries their decoding). A server that reports no prompt time gives no queue figure (None): nothing
is credited on a guess. A difference under QUEUE_NOISE_S is the request's way through HTTP layers and the chat
template, not a queue: 0. vLLM reports no prompt time; started with ``--enable-per-request-metrics`` its answers
carry ``metrics.queue_time_ms`` (its scheduler's time in WAITING), taken as the call's queue time. Without it no
honest per-call figure exists (/metrics has only server-wide gauges and histograms, which cannot be split among runs
that share the server), and the run's queue time is recorded as not measured (None), never 0.

Per run: the time covered by the calls' queue intervals ``[start, start + queued_s]``, less the time any of the
run's own calls was being served (a call queued behind the run's own call waited for the run, not for others),
so parallel calls count once and an agent cannot buy time by queueing behind itself.

`QueueClock` keeps that per proxy route while the run goes on (`credit`), so the harness can extend the run's
deadline by it. The extension rests on measured waits only: a recorded call's queue time, and for a call still in
flight the time the proxy has seen it queued (ModelProxy.queued_s: at least `slots` calls of other runs that reached
the server before it were still unanswered, so a first-come-first-served server cannot have started it). A call
nothing shows queued (its server's slots unknown, or a slot possibly free) gets no credit until it is recorded, so
an agent process never works on past its budget plus the queue time measured so far. The harness applies a hard
ceiling too (run_agent.QUEUE_CEILING), so a server that never answers still ends a run.
"""
from __future__ import annotations

import threading
from collections.abc import Iterable
from typing import Any

# The wait before a call's first token beyond the server's prompt time that is not a queue: the request's way through
# the proxy and the server's HTTP layer, tokenizing, the chat template (milliseconds). Less than this counts as 0.
QUEUE_NOISE_S = 0.05


def call_queued_s(streamed: bool, ttft_s: float | None, total_s: float, prefill_s: float | None,
                  decode_s: float | None, load_s: float | None = None, server_queue_s: float | None = None
                  ) -> float | None:
    """One call's queue time (seconds, >= 0), or None when the server did not report its prompt time. `load_s`:
    the time the server spent loading the model for it (Ollama's load_duration: a request that asks for another
    context size reloads the model), which is not a queue either. `server_queue_s`: the server's own figure for the
    wait (vLLM's per-request metrics, queue_time_ms), taken as it is, at most the call's whole time."""
    if server_queue_s is not None:
        queued = min(server_queue_s, total_s)
        return round(queued, 6) if queued >= QUEUE_NOISE_S else 0.0
    if prefill_s is None:
        return None
    waited = total_s - (decode_s or 0.0)
    if streamed:
        # The first piece of a stream may carry more than one token's decoding (the scripted server's pieces are
        # words): the whole answer's time less its decoding bounds the wait too. Both bound it from above, and an
        # agent that reads its stream slowly stretches only the second.
        if ttft_s is None:
            return None
        waited = min(ttft_s, waited)
    queued = waited - prefill_s - (load_s or 0.0)
    return round(queued, 6) if queued >= QUEUE_NOISE_S else 0.0


def _union(intervals: Iterable[tuple[float, float]]) -> list[tuple[float, float]]:
    merged: list[tuple[float, float]] = []
    for lo, hi in sorted(i for i in intervals if i[1] > i[0]):
        if merged and lo <= merged[-1][1]:
            merged[-1] = (merged[-1][0], max(merged[-1][1], hi))
        else:
            merged.append((lo, hi))
    return merged


def queued_seconds(waits: Iterable[tuple[float, float]], served: Iterable[tuple[float, float]]) -> float:
    """The time covered by the `waits` intervals and by none of the `served` intervals (the run's calls being
    answered): what the run lost to other runs' calls."""
    busy = _union(served)
    total, j = 0.0, 0
    # Both unions are sorted and disjoint: one sweep (linear in the calls; the deadline watchdog asks on every check,
    # and an agent can make thousands of calls)
    for lo, hi in _union(waits):
        while j < len(busy) and busy[j][1] <= lo:
            j += 1
        covered, k = 0.0, j
        while k < len(busy) and busy[k][0] < hi:
            covered += max(0.0, min(hi, busy[k][1]) - max(lo, busy[k][0]))
            k += 1
        total += (hi - lo) - covered
    return max(0.0, total)


def run_queue(spans: list[dict[str, Any]]) -> float:
    """A run's queued seconds from its recorded calls: each a dict with `start` (seconds), `queued_s`, `total_s`
    and, where the agent read the answer slowly, `at_server_s` (the call's whole time from going to the server to
    its record, which total_s leaves the agent's reading out of). A call without a queue figure is all service
    time; a call holds its place from its start to its record, so a wait of the run's beside it is its own."""
    waits, served = [], []
    for c in spans:
        start, total, queued = c["start"], float(c.get("total_s") or 0.0), c.get("queued_s")
        q = min(float(queued), total) if isinstance(queued, (int, float)) else 0.0
        span = c.get("at_server_s")
        end = max(total, float(span)) if isinstance(span, (int, float)) and not isinstance(span, bool) else total
        waits.append((start, start + q))
        served.append((start + q, start + end))
    return round(queued_seconds(waits, served), 6)


class QueueClock:
    """Per route: the run's calls as the proxy recorded them (their queue and service intervals, in
    time.perf_counter seconds) and, with the calls still in flight, the run's queue credit so far."""

    def __init__(self) -> None:
        self._lock = threading.Lock()
        # token -> (start, queued, its time at the server: from going there to its record)
        self._settled: dict[str, list[tuple[float, float, float]]] = {}

    def settle(self, token: str, start: float, queued_s: float | None, total_s: float,
               span_s: float | None = None) -> None:
        """A call of the route was recorded: keep its measured queue time (None: none). `span_s`: its whole time
        from `start` to its record, the agent's reading of the answer included (total_s leaves that out), all of
        which it held its place at the server."""
        with self._lock:
            self._settled.setdefault(token, []).append(
                (start, min(queued_s or 0.0, total_s), max(total_s, span_s or 0.0)))

    def forget(self, token: str) -> None:
        """The route is closed: its figures go."""
        with self._lock:
            self._settled.pop(token, None)

    def credit(self, token: str, in_flight: Iterable[tuple[float, float]]) -> float:
        """Seconds of the run's wall time to leave out of its timeout so far: its recorded calls' queue time and
        `in_flight`, the intervals (time.perf_counter seconds) its calls still in flight were seen queued."""
        with self._lock:
            settled = list(self._settled.get(token, ()))
        waits = [(s, s + q) for s, q, _ in settled] + list(in_flight)
        served = [(s + q, s + t) for s, q, t in settled]
        return queued_seconds(waits, served)
