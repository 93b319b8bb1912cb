"""proxy_memory: the model proxy's peak memory (the harness's) against the size of the requests an agent sends.

    python -m tools.proxy_memory [--sizes-mb 1 4 16] [--concurrent 4] [--json]

Three processes, as in a run: a sink upstream that reads each request and answers a small chat completion with
usage, the proxy (as the harness holds it, nothing else in its process), and the client (the agent). For each
body shape and size a fresh proxy process takes `--concurrent` requests at once on one run's route, and its peak
resident memory (VmHWM, read from /proc when it is done) is set beside the same proxy's peak after one small call:
the extra MB per MB sent is the ratio the issue bounds (the proxy holds a body once, parses it once, and refuses
what would weigh more parsed than its cap). Shapes: one long string (a prompt), many small objects (as many as
the item cap allows; more are refused before parsing), JSON nested past the depth cap (refused by a scan).
"""
from __future__ import annotations

import argparse
import http.client
import json
import os
import socket
import subprocess
import sys
import threading
from collections.abc import Sequence
from pathlib import Path

MB = 1024 * 1024


def _sink() -> None:
    """The upstream: read each request whole, answer a small completion; print the port, serve until stdin ends."""
    server = socket.socket()
    server.bind(("127.0.0.1", 0))
    server.listen(64)
    print(server.getsockname()[1], flush=True)
    answer = json.dumps({"choices": [{"index": 0, "message": {"role": "assistant", "content": "ok"},
                                      "finish_reason": "stop"}],
                         "usage": {"prompt_tokens": 1, "completion_tokens": 1}}).encode()
    reply = b"HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Length: %d\r\n\r\n%s" % (len(answer), answer)

    def conn(sock: socket.socket) -> None:
        with sock, sock.makefile("rb") as rfile:
            while True:
                length = 0
                while (line := rfile.readline()) not in (b"\r\n", b""):
                    if line.lower().startswith(b"content-length:"):
                        length = int(line.split(b":")[1])
                if not line:
                    return
                while length:
                    length -= len(rfile.read(min(length, MB)))
                sock.sendall(reply)

    threading.Thread(target=lambda: sys.stdin.read() and None, daemon=True).start()
    while True:
        sock, _ = server.accept()
        threading.Thread(target=conn, args=(sock,), daemon=True).start()


def _serve(upstream: str, calls_dir: str) -> None:
    """The proxy alone in its process: print its port and one route, serve until stdin ends."""
    from bench.models.proxy import ModelProxy

    with ModelProxy(upstream) as proxy:
        print(proxy.port, proxy.route(Path(calls_dir) / "model_calls.jsonl", model="m")[len(proxy.url):], flush=True)
        sys.stdin.read()


def _peak_mb(pid: int) -> float:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmHWM:"):
            return int(line.split()[1]) / 1024
    raise RuntimeError("no VmHWM")


def _body(shape: str, size: int) -> bytes:
    head = b'{"model": "m", "messages": [{"role": "user", "content": "'
    if shape == "string":
        return head + b"x" * max(0, size - len(head) - 4) + b'"}]}'
    if shape == "objects":
        from bench.models.calls import MAX_JSON_CONTAINERS

        items = min(MAX_JSON_CONTAINERS - 10, max(1, size // 9)) if size <= MB else max(1, size // 9)
        return b'{"model": "m", "messages": [' + b",".join([b'{"a": 1}'] * items) + b"]}"
    depth = max(1, size // 2 - 20)
    return b'{"model": "m", "messages": ' + b"[" * depth + b"]" * depth + b"}"


def _post(port: int, path: str, body: bytes) -> int:
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=300)
    try:
        conn.request("POST", path + "/v1/chat/completions", body=body, headers={"Content-Type": "application/json"})
        resp = conn.getresponse()
        resp.read()
        return resp.status
    except OSError:   # refused before its body was read, and cut while it was still being sent
        return 0
    finally:
        conn.close()


def measure_one(upstream_port: int, shape: str, size: int, concurrent: int, tmp: str) -> dict:
    """A fresh proxy process: its peak after one small call, then after `concurrent` bodies of `size` at once."""
    proc = subprocess.Popen([sys.executable, "-m", "tools.proxy_memory", "--serve", f"http://127.0.0.1:{upstream_port}",
                             tmp], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
    try:
        port_s, path = proc.stdout.readline().split()
        port = int(port_s)
        _post(port, path, _body("string", 100))
        base = _peak_mb(proc.pid)
        body = _body(shape, size)
        statuses: list[int] = []
        threads = [threading.Thread(target=lambda: statuses.append(_post(port, path, body)))
                   for _ in range(concurrent)]
        for t in threads:
            t.start()
        for t in threads:
            t.join()
        peak = _peak_mb(proc.pid)
    finally:
        proc.stdin.close()
        proc.wait(timeout=30)
    sent_mb = len(body) * concurrent / MB
    return {"shape": shape, "body_mb": round(len(body) / MB, 2), "concurrent": concurrent,
            "statuses": {str(s): statuses.count(s) for s in sorted(set(statuses))},
            "baseline_mb": round(base, 1), "peak_mb": round(peak, 1),
            "extra_per_mb_sent": round((peak - base) / sent_mb, 2) if sent_mb else None}


def measure(sizes_mb: Sequence[float] = (1, 4, 16), concurrent: int = 4) -> list[dict]:
    """Every shape at every size, side by side, each in a fresh proxy process against one sink."""
    import tempfile

    sink = subprocess.Popen([sys.executable, "-m", "tools.proxy_memory", "--sink"], stdin=subprocess.PIPE,
                            stdout=subprocess.PIPE, text=True)
    rows = []
    try:
        port = int(sink.stdout.readline())
        with tempfile.TemporaryDirectory() as tmp:
            for shape in ("string", "objects", "deep"):
                for size in sizes_mb:
                    rows.append(measure_one(port, shape, int(size * MB), concurrent, tmp))
    finally:
        sink.kill()
        sink.wait()
    return rows


def markdown(rows: list[dict]) -> list[str]:
    out = ["Model proxy: the harness's peak memory against request size (VmHWM of the proxy's process)", "",
           "| body | MB each | at once | answers | baseline MB | peak MB | extra MB per MB sent |",
           "|---|---:|---:|---|---:|---:|---:|"]
    for r in rows:
        answers = ", ".join(f"{n}× {s if s != '0' else 'cut'}" for s, n in r["statuses"].items())
        out.append(f"| {r['shape']} | {r['body_mb']} | {r['concurrent']} | {answers} | {r['baseline_mb']} | "
                   f"{r['peak_mb']} | {r['extra_per_mb_sent']} |")
    out += ["", "Bounded: the proxy holds a body once and parses it once; a run's bodies in memory at once are capped "
            "(MAX_ROUTE_BODY_BYTES: 413 past it), as are a body's JSON items and depth (refused before parsing)."]
    return out


def main(argv: Sequence[str] | None = None) -> int:
    """Entry point: `python -m tools.proxy_memory`."""
    argv = list(sys.argv[1:] if argv is None else argv)
    if argv[:1] == ["--sink"]:
        _sink()
        return 0
    if argv[:1] == ["--serve"]:
        _serve(argv[1], argv[2])
        return 0
    parser = argparse.ArgumentParser(prog="python -m tools.proxy_memory", description=__doc__.splitlines()[0])
    parser.add_argument("--sizes-mb", type=float, nargs="+", default=[1, 4, 16])
    parser.add_argument("--concurrent", type=int, default=4, help="bodies sent at once on one route (default 4)")
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args(argv)
    os.environ.setdefault("PYTHONPATH", str(Path(__file__).resolve().parents[1]))
    rows = measure(args.sizes_mb, args.concurrent)
    print(json.dumps(rows, indent=2) if args.json else "\n".join(markdown(rows)))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
