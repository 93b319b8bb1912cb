"""`python -m bench.fakellm`: serve a script until SIGTERM / SIGINT, after one ready line on stdout.

Exit status 2 when the script is unusable or the address cannot be bound (the reason goes to stderr),
0 after a clean stop.
"""
from __future__ import annotations

import argparse
import json
import os
import signal
import sys
import threading
from typing import Any

from bench.fakellm.script import ScriptError
from bench.fakellm.server import serve


def main(argv: list[str] | None = None) -> int:
    """Run the server from the command line; 0 after a clean stop, 2 for a bad script or address."""
    # the package docstring is the tool's manual; its first paragraph is the one-line description
    summary = (sys.modules[__package__].__doc__ or "").split("\n\n")[0]
    ap = argparse.ArgumentParser(prog="python -m bench.fakellm", description=summary)
    ap.add_argument("--script", required=True, help="YAML or JSON script file")
    ap.add_argument("--port", type=int, default=0, help="port (0 picks a free one)")
    ap.add_argument("--host", default="127.0.0.1", help="loopback address to bind (default 127.0.0.1)")
    ap.add_argument("--log", default=None, help="append one JSON line per request to this file")
    ap.add_argument("--verbose", action="store_true", help="log each HTTP request to stderr")
    ap.add_argument("--log-bodies", action="store_true", help="include each request body in the log")
    ap.add_argument("--chat-only", action="store_true",
                    help="serve only /v1/chat/completions and /v1/models (404 elsewhere, as llama.cpp / vLLM)")
    ap.add_argument("--prefill-tps", type=float, default=None, help="simulated prompt tokens per second")
    ap.add_argument("--decode-tps", type=float, default=None, help="simulated answer tokens per second")
    ap.add_argument("--slots", type=int, default=None, help="answers made at once (default unlimited)")
    args = ap.parse_args(argv)
    try:
        fake = serve(args.script, port=args.port, log_path=args.log, host=args.host, verbose=args.verbose,
                     log_bodies=args.log_bodies, protocols=("openai",) if args.chat_only else None,
                     prefill_tps=args.prefill_tps, decode_tps=args.decode_tps, slots=args.slots)
    except ScriptError as e:
        print(f"fakellm: {e}", file=sys.stderr)
        return 2
    except OSError as e:
        print(f"fakellm: cannot listen on {args.host}:{args.port}: {e.strerror or e}", file=sys.stderr)
        return 2
    stop = threading.Event()

    def on_signal(signum: int, frame: Any) -> None:
        stop.set()

    signal.signal(signal.SIGTERM, on_signal)
    signal.signal(signal.SIGINT, on_signal)
    sys.stdout.write(json.dumps({"url": fake.url, "pid": os.getpid()}) + "\n")
    sys.stdout.flush()
    print(f"fakellm: serving {len(fake._server.models)} model(s) from {args.script} at {fake.url}",
          file=sys.stderr)
    while not stop.wait(0.5):
        pass
    fake.stop()
    print("fakellm: stopped", file=sys.stderr)
    return 0
