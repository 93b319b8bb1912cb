"""proxy_bench: what the model proxy costs an agent, against a direct connection, side by side in one run.

    python -m tools.proxy_bench [--calls 150] [--warmup 10] [--json]

Three processes, as in a run: the model server, the proxy (in this one, as the harness holds it) and the client
(a process of its own, as the agent is). It measures, direct and through the proxy:
- time to first token: bench.fakellm in its own process, the same call made alternately direct and through the
  proxy (so machine noise hits both alike), each side on its own kept-alive connection as an agent would hold
  one; per kind of call (streamed and whole, and a streamed answer to an agent-sized 40 KB prompt) the median
  and p90 time to the first body byte and to the whole answer, and the difference of the medians;
- per chunk: a second bench.fakellm paced by its simulated decode speed (`--decode-tps`) streams Ollama NDJSON
  pieces a fixed pace apart, each stamped (`created_at`, the wall clock to the microsecond) just before it is
  written; the client takes the gap between consecutive chunks as it sees them, and each chunk's delivery time
  (the server's write to the client's read, both on this machine's clock);
- throughput: K clients streaming at once (K = 1, 4, 16) from bench.fakellm, a fixed number of calls each in
  rounds, the sides taking turns, over connections opened beforehand: calls/s and MB/s, direct and proxied, and
  their ratio.
Numbers, not pass/fail: the goal (under 1 ms added time to first token at the median) is stated beside them.
"""
from __future__ import annotations

import argparse
import http.client
import json
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from collections.abc import Iterator, Sequence
from contextlib import ExitStack, contextmanager
from datetime import datetime, timedelta, timezone
from pathlib import Path
from urllib.parse import urlsplit

from bench.models.proxy import ModelProxy

_MICROSECOND = timedelta(microseconds=1)

GOAL_MS = 1.0   # the goal: under 1 ms added time to first token per call at the median
HOLD_S = 0.1   # the throughput's warm-up call: long enough that K staggered calls are all in flight at once
ANSWER = "A short scripted answer, streamed in a few pieces like a real model's first sentence."
# The throughput's answer: long enough that bytes, not calls, dominate (bench.fakellm sends 24 characters an event).
BULK = "def solve(grid):\n    return sum(row.count('#') for row in grid)\n" * 32
SCRIPT = {"models": {
    "bench": {"final": {"content": ANSWER, "usage": {"prompt_tokens": 500, "completion_tokens": 20}}},
    "bulk": {"final": {"content": BULK, "usage": {"prompt_tokens": 500, "completion_tokens": 1000}}},
    "hold": {"final": {"content": "ok", "delay_s": HOLD_S}},
}}
MESSAGES = [{"role": "system", "content": "You are a coding agent. " * 40}, {"role": "user", "content": "Fix a.py"}]
# What a coding agent's later turns send: a long system prompt, the conversation so far and its tools' schemas,
# tens of KB that the proxy reads, parses for the record and sends on before the model sees a byte.
AGENT_SIZED = {"messages": [MESSAGES[0], *[{"role": "user" if i % 2 else "assistant", "content": "x = 1\n" * 420}
                                           for i in range(12)]],
               "tools": [{"type": "function", "function": {"name": f"tool_{i}", "description": "Does a thing. " * 20,
                                                           "parameters": {"type": "object", "properties": {
                                                               "path": {"type": "string"}}}}} for i in range(10)]}
STREAM_USAGE = {"stream": True, "stream_options": {"include_usage": True}}
KINDS = {
    "openai stream": ("/v1/chat/completions", STREAM_USAGE),
    "openai whole": ("/v1/chat/completions", {"stream": False}),
    "ollama stream": ("/api/chat", {"stream": True}),
    "openai stream, 40 KB prompt": ("/v1/chat/completions", {**STREAM_USAGE, **AGENT_SIZED}),
}
THROUGHPUT_PATH, THROUGHPUT_EXTRA = KINDS["openai stream"]
SIDES = ("direct", "proxy")


_EPOCH = datetime(1970, 1, 1, tzinfo=timezone.utc)


def _micros(iso: str) -> int:
    """Microseconds since the epoch of an ISO time ending in Z, exactly (no float rounding)."""
    return (datetime.fromisoformat(iso.replace("Z", "+00:00")) - _EPOCH) // _MICROSECOND


class _Client:
    """One kept-alive connection to a root URL (the server's, or a proxy route)."""

    def __init__(self, root: str):
        parts = urlsplit(root)
        self.prefix = parts.path
        self.conn = http.client.HTTPConnection(parts.hostname, parts.port, timeout=30)

    def _open(self, path: str, body: bytes) -> http.client.HTTPResponse:
        self.conn.request("POST", self.prefix + path, body=body, headers={"Content-Type": "application/json"})
        resp = self.conn.getresponse()
        if resp.status != 200:
            raise RuntimeError(f"{self.prefix + path}: status {resp.status}: {resp.read()[:200]!r}")
        return resp

    def call(self, path: str, body: bytes) -> tuple[float, float, int]:
        """(seconds to the first body byte, seconds to the whole answer, body bytes) of one call."""
        start = time.perf_counter()
        resp = self._open(path, body)
        first = resp.read1(65536)
        ttft = time.perf_counter() - start
        rest = resp.read()
        total = time.perf_counter() - start
        if not (first or rest):
            raise RuntimeError(f"{path}: empty answer")
        return ttft, total, len(first) + len(rest)

    def chunks(self, path: str, body: bytes) -> list[tuple[int, int]]:
        """(arrival, written) in microseconds of the wall clock, for each text piece of one paced NDJSON answer."""
        resp = self._open(path, body)
        found: list[tuple[int, int]] = []
        pending = b""
        while piece := resp.read1(65536):
            arrival = time.time_ns() // 1000   # a line arrives with the read that completes it
            *lines, pending = (pending + piece).split(b"\n")
            for line in lines:
                obj = json.loads(line)
                if not obj["done"]:   # the finishing line carries no text: the pace is the pieces'
                    found.append((arrival, _micros(obj["created_at"])))
        return found

    def close(self) -> None:
        self.conn.close()


@contextmanager
def _server_process(argv: list[str]) -> Iterator[str]:
    """A server in a process of its own (so it does not share this one's interpreter lock); its root URL, from the
    JSON line it prints when ready."""
    proc = subprocess.Popen([sys.executable, *argv], stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True,
                            cwd=Path(__file__).resolve().parents[1])
    try:
        ready = proc.stdout.readline() if proc.stdout else ""
        if not ready:
            raise RuntimeError(f"{' '.join(argv[:2])} did not start")
        yield json.loads(ready)["url"]
    finally:
        proc.terminate()
        proc.wait(timeout=10)


# -- the agent's side (run by measure() in a process of its own: `--client SPEC`)
def _order(i: int) -> tuple[str, str]:
    # alternate which side goes first, so neither always follows the other's cache warm-up
    return SIDES if i % 2 == 0 else SIDES[::-1]


def _body(model: str, extra: dict) -> bytes:
    return json.dumps({"model": model, "messages": MESSAGES, **extra}).encode()   # `extra` may replace messages


def _ttft_samples(roots: dict[str, str], calls: int, warmup: int) -> dict[str, dict[str, dict[str, list[float]]]]:
    """Seconds to first byte and to the whole answer per call, per kind and side."""
    clients = {side: _Client(roots[side]) for side in SIDES}
    found: dict[str, dict[str, dict[str, list[float]]]] = {}
    try:
        for kind, (path, extra) in KINDS.items():
            body = _body("bench", extra)
            samples: dict[str, dict[str, list[float]]] = {side: {"ttft": [], "total": []} for side in SIDES}
            for i in range(warmup + calls):
                for side in _order(i):
                    ttft, total, _ = clients[side].call(path, body)
                    if i >= warmup:
                        samples[side]["ttft"].append(ttft)
                        samples[side]["total"].append(total)
            found[kind] = samples
    finally:
        for c in clients.values():
            c.close()
    return found


def _chunk_samples(roots: dict[str, str], calls: int, warmup: int) -> dict[str, dict[str, list[float]]]:
    """Per side: the gaps between consecutive chunks of a paced answer as the client sees them, and each chunk's
    delivery (the server's write to the client's read), in seconds."""
    clients = {side: _Client(roots[side]) for side in SIDES}
    body = _body("paced", {"stream": True})
    found: dict[str, dict[str, list[float]]] = {side: {"gap": [], "delivery": []} for side in SIDES}
    try:
        for i in range(warmup + calls):
            for side in _order(i):
                pieces = clients[side].chunks("/api/chat", body)
                if i < warmup:
                    continue
                found[side]["gap"] += [(b[0] - a[0]) / 1e6 for a, b in zip(pieces, pieces[1:], strict=False)]
                found[side]["delivery"] += [(arrival - written) / 1e6 for arrival, written in pieces]
    finally:
        for c in clients.values():
            c.close()
    return found


def _together(clients: list[_Client], model: str, calls: int, stagger_s: float = 0.0) -> dict[str, float]:
    """Each client in a thread of its own making `calls` streamed calls at once; seconds from the first start to
    the last end, body bytes read, and calls made."""
    body = _body(model, THROUGHPUT_EXTRA)
    spans: list[tuple[float, float, int]] = []
    errors: list[BaseException] = []

    def one(client: _Client) -> None:
        try:
            start, size = time.perf_counter(), 0
            for _ in range(calls):
                size += client.call(THROUGHPUT_PATH, body)[2]
            spans.append((start, time.perf_counter(), size))   # list.append is atomic under the GIL
        except BaseException as e:  # noqa: BLE001 - reported below: a thread cannot raise to its caller
            errors.append(e)

    threads = [threading.Thread(target=one, args=(c,)) for c in clients]
    for t in threads:
        t.start()
        time.sleep(stagger_s)
    for t in threads:
        t.join()
    if errors:
        raise RuntimeError(f"a streaming client failed: {errors[0]!r}")
    return {"seconds": max(s[1] for s in spans) - min(s[0] for s in spans), "bytes": sum(s[2] for s in spans),
            "calls": len(clients) * calls}


def _throughput_samples(roots: dict[str, str], clients: Sequence[int], calls_each: int, rounds: int) -> list[dict]:
    """Per K in `clients`: each side's seconds, bytes and calls over `rounds` rounds of K clients making
    `calls_each` calls at once, the sides taking turns to go first.

    Before the rounds every client makes one held call (bench.fakellm waits HOLD_S before answering) with their
    starts staggered, so all K connections, and the proxy's K to the server, are opened one by one and are open
    when the rounds start: http.server listens with a backlog of 5, and 16 connections opened at once would see
    some SYNs dropped and retried a second later, which is not the relay's throughput."""
    found = []
    for i, k in enumerate(clients):
        conns = {side: [_Client(roots[side]) for _ in range(k)] for side in SIDES}
        try:
            for side in SIDES:
                _together(conns[side], "hold", 1, stagger_s=0.002)
            totals = {side: {"seconds": 0.0, "bytes": 0, "calls": 0} for side in SIDES}
            for r in range(rounds):
                for side in _order(i + r):
                    for key, value in _together(conns[side], "bulk", calls_each).items():
                        totals[side][key] += value
        finally:
            for c in conns["direct"] + conns["proxy"]:
                c.close()
        found.append({"clients": k, **totals})
    return found


def _client(spec: dict) -> dict:
    """Everything the agent's side measures, as raw samples."""
    return {"ttft": _ttft_samples(spec["fakellm"], spec["calls"], spec["warmup"]),
            "chunks": _chunk_samples(spec["paced"], spec["chunk_calls"], spec["chunk_warmup"]),
            "throughput": _throughput_samples(spec["fakellm"], spec["clients"], spec["calls_each"], spec["rounds"])}


# -- the harness's side
def _summary(samples: list[float]) -> dict[str, float]:
    ordered = sorted(samples)
    return {"median_ms": round(statistics.median(ordered) * 1e3, 4),
            "p90_ms": round(ordered[int(0.9 * (len(ordered) - 1))] * 1e3, 4), "n": len(ordered)}


def _compare(samples: dict[str, dict[str, list[float]]], keys: Sequence[str]) -> dict:
    """Direct and proxied medians and p90s per key, the difference of the medians and their ratio."""
    row: dict = {side: {k: _summary(samples[side][k]) for k in keys} for side in SIDES}
    row["added_ms"] = {k: round(row["proxy"][k]["median_ms"] - row["direct"][k]["median_ms"], 4) for k in keys}
    row["ratio"] = {k: round(row["proxy"][k]["median_ms"] / row["direct"][k]["median_ms"], 3)
                    if row["direct"][k]["median_ms"] else None for k in keys}
    return row


def _rates(found: dict[str, float]) -> dict[str, float]:
    seconds = found["seconds"] or 1e-9
    return {"calls_per_s": round(found["calls"] / seconds, 1), "mb_per_s": round(found["bytes"] / seconds / 1e6, 2)}


def _lines(path: Path) -> int:
    return len(path.read_bytes().splitlines()) if path.is_file() else 0


def measure(calls: int = 150, warmup: int = 10, chunk_calls: int = 20, events: int = 20, pace_ms: float = 1.0,
            clients: Sequence[int] = (1, 4, 16), calls_each: int = 4, rounds: int = 2) -> dict:
    """The proxy's cost against a direct connection: time to first token per kind of call (`calls` per side),
    per chunk of a paced stream (`chunk_calls` answers of `events` events `pace_ms` apart per side), and
    throughput with each K in `clients` streaming `calls_each` answers each at once, `rounds` times per side.
    Figures in ms unless named.

    Returns {"ttft": {kind: {direct, proxy, added_ms, ratio}}, "chunks": {...}, "throughput": [{clients, direct,
    proxy, ratio}], "recorded": {"fakellm": calls, "paced": calls} (the lines each proxy wrote, warm-ups
    included), "goal": {goal_ms, kind, added_ttft_median_ms, met}}: see `markdown` for what each means.
    """
    spec = {"calls": calls, "warmup": warmup, "chunk_calls": chunk_calls, "chunk_warmup": min(warmup, 3),
            "clients": list(clients), "calls_each": calls_each, "rounds": rounds}
    # The paced server's answer: `events` pieces of 24 characters (bench.fakellm's piece) and one token each, at
    # 1000 / pace_ms tokens a second, so each piece waits pace_ms before it is written.
    paced_script = {"models": {"paced": {"final": {"content": "tok " * 6 * events,
                                                   "usage": {"prompt_tokens": 10, "completion_tokens": events}}}}}
    with tempfile.TemporaryDirectory() as tmp, ExitStack() as stack:
        paced_speed = ["--decode-tps", str(1e3 / pace_ms)]
        for name, script, extra in (("fakellm", SCRIPT, []), ("paced", paced_script, paced_speed)):
            path = Path(tmp) / f"{name}.json"
            path.write_text(json.dumps(script))
            root = stack.enter_context(_server_process(["-m", "bench.fakellm", "--script", str(path), "--port", "0",
                                                        *extra]))
            # the proxy as the harness holds it (run_agent.proxied), one route as one run's
            proxy = stack.enter_context(ModelProxy(root))
            spec[name] = {"direct": root, "proxy": proxy.route(Path(tmp) / f"{name}-calls.jsonl")}
        client = subprocess.run([sys.executable, "-m", "tools.proxy_bench", "--client", json.dumps(spec)],
                                capture_output=True, text=True, timeout=600, cwd=Path(__file__).resolve().parents[1])
        # What each proxy wrote down: one line per call that went through it (and none of the direct ones).
        recorded = {name: _lines(Path(tmp) / f"{name}-calls.jsonl") for name in ("fakellm", "paced")}
    if client.returncode != 0:
        raise RuntimeError(f"the benchmark's client failed: {client.stderr.strip()[-2000:]}")
    raw = json.loads(client.stdout)
    ttft = {kind: _compare(samples, ("ttft", "total")) for kind, samples in raw["ttft"].items()}
    chunks = {"calls": chunk_calls, "events": events, "pace_ms": pace_ms,
              **_compare(raw["chunks"], ("gap", "delivery"))}
    throughput = []
    for found in raw["throughput"]:
        row = {"clients": found["clients"], "calls_each": calls_each, "rounds": rounds,
               "answer_bytes": found["direct"]["bytes"] // found["direct"]["calls"],
               **{side: _rates(found[side]) for side in SIDES}}
        row["ratio"] = {k: round(row["proxy"][k] / row["direct"][k], 3) if row["direct"][k] else None
                        for k in ("calls_per_s", "mb_per_s")}
        throughput.append(row)
    worst = max(ttft, key=lambda kind: ttft[kind]["added_ms"]["ttft"])
    added = ttft[worst]["added_ms"]["ttft"]
    return {"calls": calls, "warmup": warmup, "ttft": ttft, "chunks": chunks, "throughput": throughput,
            "recorded": recorded,
            "goal": {"goal_ms": GOAL_MS, "kind": worst, "added_ttft_median_ms": added, "met": added < GOAL_MS}}


def goal_line(report: dict) -> str:
    """The goal check, e.g. "added ttft median 0.43 ms (openai stream, the most of any call): under the 1 ms goal"."""
    g = report["goal"]
    return (f"added ttft median {g['added_ttft_median_ms']:.2f} ms ({g['kind']}, the most of any call): "
            f"{'under' if g['met'] else 'over'} the {g['goal_ms']:g} ms goal")


def _cell(side: dict, key: str) -> str:
    return f"{side[key]['median_ms']:.3f} ({side[key]['p90_ms']:.3f})"


def markdown(report: dict) -> list[str]:
    """The report's lines for bench.md (and this tool's output): three tables and the goal check."""
    c = report["chunks"]
    lines = ["## Model proxy (vs a direct connection)", "",
             "Three processes as in a run: the model server, the proxy as the harness holds it, the client (the "
             "agent); each call made direct and through the proxy in turn, so machine noise hits both alike. "
             "Milliseconds, median (p90); ratio = proxy / direct.", "",
             f"Goal: {goal_line(report)}.", "",
             f"Time to first token (bench.fakellm, {report['calls']} calls per side):", "",
             "| call | direct ttft | proxy ttft | added ttft | ratio | direct total | proxy total | added total "
             "| ratio |",
             "|---|---:|---:|---:|---:|---:|---:|---:|---:|"]
    for kind, r in report["ttft"].items():
        lines.append(f"| {kind} | {_cell(r['direct'], 'ttft')} | {_cell(r['proxy'], 'ttft')} | "
                     f"{r['added_ms']['ttft']:.3f} | {r['ratio']['ttft']}× | {_cell(r['direct'], 'total')} | "
                     f"{_cell(r['proxy'], 'total')} | {r['added_ms']['total']:.3f} | {r['ratio']['total']}× |")
    lines += ["", f"Per chunk (bench.fakellm pacing {c['events']} NDJSON pieces {c['pace_ms']:g} ms apart, "
              f"{c['calls']} answers per side; delivery: the server's write to the client's read):", "",
              "| chunk | direct | proxy | added | ratio |", "|---|---:|---:|---:|---:|"]
    for key, label in (("gap", "gap between chunks"), ("delivery", "delivery")):
        lines.append(f"| {label} | {_cell(c['direct'], key)} | {_cell(c['proxy'], key)} | "
                     f"{c['added_ms'][key]:.3f} | {c['ratio'][key]}× |")
    t = report["throughput"]
    lines += ["", f"Throughput (K clients streaming bench.fakellm answers of {t[0]['answer_bytes']:,} bytes at once, "
              f"{t[0]['calls_each']} calls each, {t[0]['rounds']} rounds per side, the sides taking turns):", "",
              "| clients | direct calls/s | proxy calls/s | ratio | direct MB/s | proxy MB/s | ratio |",
              "|---:|---:|---:|---:|---:|---:|---:|"]
    for row in t:
        d, p, r = row["direct"], row["proxy"], row["ratio"]
        lines.append(f"| {row['clients']} | {d['calls_per_s']} | {p['calls_per_s']} | {r['calls_per_s']}× | "
                     f"{d['mb_per_s']} | {p['mb_per_s']} | {r['mb_per_s']}× |")
    return lines


def main(argv: Sequence[str] | None = None) -> int:
    """`python -m tools.proxy_bench`: measure and print the tables."""
    parser = argparse.ArgumentParser(prog="python -m tools.proxy_bench", description=__doc__.splitlines()[0])
    parser.add_argument("--calls", type=int, default=150, help="measured calls per side and kind (default 150)")
    parser.add_argument("--warmup", type=int, default=10, help="unmeasured calls first (default 10)")
    parser.add_argument("--json", action="store_true", help="print the report as JSON instead of the tables")
    parser.add_argument("--client", help=argparse.SUPPRESS)   # the agent's side, run by measure() in its own process
    args = parser.parse_args(argv)
    if args.client:
        print(json.dumps(_client(json.loads(args.client))))
        return 0
    report = measure(args.calls, args.warmup)
    print(json.dumps(report, indent=2) if args.json else "\n".join(markdown(report)))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
