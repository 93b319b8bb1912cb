"""The mock agent's process: applies the patch on stdin (or makes a useless edit) and reports fake events.

Run by the mock adapter as `python -m bench.agents.mock_agent --action solve|cheat|fail ...` in the workdir.
"""
from __future__ import annotations

import argparse
import hashlib
import json
import os
import subprocess
import sys
from pathlib import Path


def _n(seed: str, key: str, low: int, high: int) -> int:
    value = int(hashlib.sha256(f"{seed}:{key}".encode()).hexdigest()[:8], 16)
    return low + value % (high - low + 1)


def main(argv: list[str] | None = None) -> int:
    """Act, then write normalized events to $LOCALAGENTBENCH_EVENTS_FILE."""
    parser = argparse.ArgumentParser(prog="mock_agent")
    parser.add_argument("--action", choices=["solve", "cheat", "fail"], required=True)
    parser.add_argument("--seed", default="0")
    parser.add_argument("--task-id", required=True)
    parser.add_argument("--rep", default="0")
    args = parser.parse_args(argv)
    key = f"{args.seed}:{args.task_id}:{args.rep}"
    patch = sys.stdin.buffer.read()
    events: list[dict] = []
    t = 0.0
    turns = _n(key, "turns", 2, 6)
    for i in range(turns):
        t += _n(key, f"dt{i}", 5, 40) / 10
        tin, tout = _n(key, f"in{i}", 800, 4000), _n(key, f"out{i}", 40, 600)
        events.append({"type": "turn", "index": i, "t": round(t, 2), "tokens_in": tin, "tokens_out": tout})
        events.append({"type": "usage", "tokens_in": tin, "tokens_out": tout, "t": round(t, 2), "synthetic": True})
        name = ["read", "grep", "read", "edit", "bash"][i % 5]
        failed = name == "edit" and _n(key, f"fail{i}", 0, 3) == 0
        events.append({"type": "tool_call", "name": name, "status": "error" if failed else "ok",
                       "duration_s": round(_n(key, f"tool{i}", 1, 30) / 100, 2), "t": round(t, 2),
                       "input": f"(mock {name})", "output": "oldString not found" if failed else "ok"})
    status = 0
    if args.action in ("solve", "cheat") and patch:
        done = subprocess.run(["git", "apply", "--whitespace=nowarn", "-"], input=patch, capture_output=True)
        status = done.returncode
        events.append({"type": "tool_call", "name": "apply_patch", "status": "ok" if status == 0 else "error",
                       "duration_s": 0.01, "t": round(t, 2), "input": args.action,
                       "output": done.stderr.decode(errors="replace")[-300:]})
    else:
        Path("NOTES.md").write_text("I looked at the code but could not find the problem.\n")
        events.append({"type": "tool_call", "name": "write", "status": "ok", "duration_s": 0.01,
                       "t": round(t, 2), "input": "NOTES.md", "output": "ok"})
    events.append({"type": "text", "t": round(t, 2),
                   "text": {"solve": "Fixed it.", "cheat": "All tests pass now.",
                            "fail": "I could not fix it."}[args.action]})
    with open(os.environ["LOCALAGENTBENCH_EVENTS_FILE"], "a", encoding="utf-8") as fh:
        for event in events:
            fh.write(json.dumps(event) + "\n")
    print(events[-1]["text"])
    return status


if __name__ == "__main__":
    raise SystemExit(main())
