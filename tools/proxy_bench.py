"""proxy_bench: the model proxy's added time to first token, against a direct connection, side by side in one run.

    python -m tools.proxy_bench [--calls 300]

Starts the scripted model server (bench.fakellm) in its own process, as a real model server is, and a ModelProxy in
this one (as the harness holds it) in front of it, then makes the same call
alternately direct and through the proxy (so machine noise hits both alike), each side on its own kept-alive
connection as an agent would hold one. Per kind of call it prints the median (and p90) time to the first body byte
and to the whole answer, direct and proxied, and the difference of the medians. Numbers, not pass/fail.
"""
from __future__ import annotations

import argparse
import http.client
import json
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from pathlib import Path
from urllib.parse import urlsplit

from bench.models.proxy import ModelProxy

ANSWER = "A short scripted answer, streamed in a few pieces like a real model's first sentence."
SCRIPT = {"models": {"bench": {"final": {"content": ANSWER, "usage": {"prompt_tokens": 500, "completion_tokens": 20}}}}}
MESSAGES = [{"role": "system", "content": "You are a coding agent. " * 40}, {"role": "user", "content": "Fix a.py"}]
KINDS = {
    "openai stream": ("/v1/chat/completions", {"stream": True, "stream_options": {"include_usage": True}}),
    "openai whole": ("/v1/chat/completions", {"stream": False}),
    "ollama stream": ("/api/chat", {"stream": True}),
}


class _Client:
    """One kept-alive connection to a root URL (the server's, or a proxy route)."""

    def __init__(self, root: str):
        parts = urlsplit(root)
        self.prefix = parts.path
        self.conn = http.client.HTTPConnection(parts.hostname, parts.port, timeout=30)

    def call(self, path: str, body: bytes) -> tuple[float, float]:
        """(seconds to the first body byte, seconds to the whole answer) of one call."""
        start = time.perf_counter()
        self.conn.request("POST", self.prefix + path, body=body, headers={"Content-Type": "application/json"})
        resp = self.conn.getresponse()
        first = resp.read1(65536)
        ttft = time.perf_counter() - start
        rest = resp.read()
        total = time.perf_counter() - start
        if resp.status != 200 or not (first or rest):
            raise RuntimeError(f"{path}: status {resp.status}")
        return ttft, total

    def close(self) -> None:
        self.conn.close()


@contextmanager
def _fakellm(tmp: Path) -> Iterator[str]:
    """The scripted model server in a process of its own (so it does not share this one's interpreter lock)."""
    script = tmp / "script.json"
    script.write_text(json.dumps(SCRIPT))
    proc = subprocess.Popen([sys.executable, "-m", "bench.fakellm", "--script", str(script), "--port", "0"],
                            stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
    try:
        ready = proc.stdout.readline() if proc.stdout else ""
        if not ready:
            raise RuntimeError("bench.fakellm did not start")
        yield json.loads(ready)["url"]
    finally:
        proc.terminate()
        proc.wait(timeout=10)


def _summary(samples: list[float]) -> dict[str, float]:
    ordered = sorted(samples)
    return {"median_ms": round(statistics.median(ordered) * 1e3, 4),
            "p90_ms": round(ordered[int(0.9 * (len(ordered) - 1))] * 1e3, 4)}


def _samples(direct: str, proxied: str, calls: int, warmup: int) -> dict[str, dict[str, dict[str, list[float]]]]:
    """Seconds per call, per kind and side; the agent's end of the measurement."""
    clients = {"direct": _Client(direct), "proxy": _Client(proxied)}
    found: dict[str, dict[str, dict[str, list[float]]]] = {}
    try:
        for kind, (path, extra) in KINDS.items():
            body = json.dumps({"model": "bench", "messages": MESSAGES, **extra}).encode()
            samples: dict[str, dict[str, list[float]]] = {side: {"ttft": [], "total": []} for side in clients}
            for i in range(warmup + calls):
                # alternate which side goes first, so neither always follows the other's cache warm-up
                for side in ("direct", "proxy") if i % 2 == 0 else ("proxy", "direct"):
                    ttft, total = clients[side].call(path, body)
                    if i >= warmup:
                        samples[side]["ttft"].append(ttft)
                        samples[side]["total"].append(total)
            found[kind] = samples
    finally:
        for c in clients.values():
            c.close()
    return found


def measure(calls: int = 300, warmup: int = 20) -> dict[str, dict]:
    """Per kind of call: direct and proxied time to first byte and to the whole answer, and what the proxy adds.

    Three processes, as in a run: the model server, the proxy (here, as the harness holds it) and the client
    (a process of its own, as the agent is, so its parsing does not take this interpreter's lock from the proxy).
    """
    with tempfile.TemporaryDirectory() as tmp, _fakellm(Path(tmp)) as upstream, ModelProxy(upstream, tmp) as proxy:
        client = subprocess.run([sys.executable, "-m", "tools.proxy_bench", "--client", upstream, proxy.route("bench"),
                                 "--calls", str(calls), "--warmup", str(warmup)],
                                capture_output=True, text=True, timeout=600, cwd=Path(__file__).resolve().parents[1])
    if client.returncode != 0:
        raise RuntimeError(f"the benchmark's client failed: {client.stderr.strip()[-2000:]}")
    results: dict[str, dict] = {}
    for kind, samples in json.loads(client.stdout).items():
        row = {side: {k: _summary(v) for k, v in s.items()} for side, s in samples.items()}
        row["added_ms"] = {k: round(row["proxy"][k]["median_ms"] - row["direct"][k]["median_ms"], 4)
                           for k in ("ttft", "total")}
        results[kind] = row
    return results


def _print(results: dict[str, dict], calls: int) -> None:
    print(f"model proxy vs direct, bench.fakellm on 127.0.0.1, {calls} calls per side, medians (p90) in ms")
    print(f"{'call':<15} {'direct ttft':>16} {'proxy ttft':>16} {'added':>8} {'direct total':>16} "
          f"{'proxy total':>16} {'added':>8}")
    for kind, r in results.items():
        def cell(side: str, key: str, r: dict = r) -> str:
            return f"{r[side][key]['median_ms']:.3f} ({r[side][key]['p90_ms']:.3f})"
        print(f"{kind:<15} {cell('direct', 'ttft'):>16} {cell('proxy', 'ttft'):>16} {r['added_ms']['ttft']:>8.3f} "
              f"{cell('direct', 'total'):>16} {cell('proxy', 'total'):>16} {r['added_ms']['total']:>8.3f}")


def main(argv: Sequence[str] | None = None) -> int:
    """`python -m tools.proxy_bench`: measure and print the table."""
    parser = argparse.ArgumentParser(prog="python -m tools.proxy_bench", description=__doc__.splitlines()[0])
    parser.add_argument("--calls", type=int, default=300, help="measured calls per side and kind (default 300)")
    parser.add_argument("--warmup", type=int, default=20, help="unmeasured calls first (default 20)")
    parser.add_argument("--client", nargs=2, metavar=("DIRECT", "PROXIED"),
                        help=argparse.SUPPRESS)   # the agent's side, run by measure() in a process of its own
    args = parser.parse_args(argv)
    if args.client:
        print(json.dumps(_samples(*args.client, args.calls, args.warmup)))
        return 0
    _print(measure(args.calls, args.warmup), args.calls)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
