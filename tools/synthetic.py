"""Synthetic graded run records at any scale, for performance benchmarks and tests of the report.

    runs = synthetic_runs(10_000, seed=0, root=Path("/tmp/big"))   # also writes each run's bundle files
    summary = bench.score.score(runs)                               # the caller scores (a stage; not imported here)

Records are valid `localagentbench/run@1`; outcomes follow a per-group, per-task skill, so the report
shows every outcome, flips between groups, overfits, timeouts and infra errors. Deterministic by seed.
"""
from __future__ import annotations

import hashlib
import json
import random
from pathlib import Path

from bench.common.records import write_json_atomic

CATEGORIES = ["bugfix", "feature", "refactor", "test", "scientific", "algorithm", "cli", "data", "docs"]
DIFFICULTIES = ["easy", "medium", "hard"]
AGENTS = [("opencode", "ollama/qwen3:8b"), ("aider", "ollama/qwen3:8b"), ("opencode", "ollama/qwen2.5-coder:14b"),
          ("aider", "ollama/devstral:24b"), ("mock", "none"), ("command", "my-model")]


def _digest(text: str) -> str:
    return "sha256:" + hashlib.sha256(text.encode()).hexdigest()


def _grading(passed: bool, command: str, rng: random.Random) -> dict:
    return {"passed": passed, "error": None, "commands": [
        {"command": command, "exit_code": 0 if passed else 1, "duration_s": round(rng.uniform(0.05, 2.0), 3),
         "timed_out": False, "timeout_s": 60}]}


def _events(rng: random.Random, turns: int, failed: int) -> list[dict]:
    events, t = [], 0.0
    for i in range(turns):
        t += rng.uniform(0.5, 6.0)
        tin, tout = rng.randint(500, 6000), rng.randint(30, 900)
        events.append({"type": "turn", "index": i, "t": round(t, 2), "tokens_in": tin, "tokens_out": tout})
        events.append({"type": "usage", "tokens_in": tin, "tokens_out": tout, "t": round(t, 2)})
        name = ["read", "grep", "edit", "bash", "write"][i % 5]
        status = "error" if i < failed else "ok"
        events.append({"type": "tool_call", "name": name, "status": status,
                       "duration_s": round(rng.uniform(0.01, 1.5), 2), "t": round(t, 2),
                       "input": {"path": f"src/mod{i}.py"}, "output": "ok" if status == "ok" else "not found"})
    events.append({"type": "text", "t": round(t, 2), "text": "I changed <b>the</b> loop; tests should pass."})
    return events


PATCH = """diff --git a/src/core.py b/src/core.py
index 1111111..2222222 100644
--- a/src/core.py
+++ b/src/core.py
@@ -1,6 +1,6 @@
 def total(items):
     \"\"\"Sum the prices of items.\"\"\"
-    return sum(i.price for i in items[1:])  # off by one
+    return sum(i.price for i in items)
 
 
 class Cart:
"""  # noqa: W293 - a diff's blank context lines are a single space


def synthetic_runs(n_runs: int, seed: int = 0, *, groups: int = 4, reps: int = 5, root: Path | None = None,
                   run_id: str = "synthetic") -> list[dict]:
    """`n_runs` graded run records over `groups` agent x model groups with `reps` repetitions per task.

    With `root`, each run's bundle (run.json, trajectory.jsonl, patch.diff, logs) is written under
    root/runs/<task>/<group>-<rep>/, so the run pages have real files to read.
    """
    rng = random.Random(seed)
    groups = max(1, min(groups, len(AGENTS)))
    n_tasks = max(1, -(-n_runs // (groups * reps)))
    tasks = []
    for i in range(n_tasks):
        category = "calib" if i < 2 else CATEGORIES[i % len(CATEGORIES)]
        task_id = f"{category}-task-{i:05d}"
        tasks.append({"id": task_id, "title": f"Synthetic task {i}", "category": category,
                      "difficulty": DIFFICULTIES[i % 3], "language": "python",
                      "prompt": f"Fix `total()` in src/core.py (task {i}).\n\n- keep the API\n- add no dependency\n",
                      "heldout": {"path": f"heldout/{task_id}"} if i % 3 else None, "digest": _digest(task_id)})
    skill = {(g, t["id"]): rng.random() for g in range(groups) for t in tasks}
    runs = []
    for k in range(n_runs):
        g, rest = k % groups, k // groups
        task, rep = tasks[rest % n_tasks], rest // n_tasks
        agent, model = AGENTS[g]
        p = 0.97 if task["category"] == "calib" else skill[(g, task["id"])]
        roll = rng.random()
        outcome = ("infra_error" if roll < 0.01 else "agent_timeout" if roll < 0.03 else "agent_error" if roll < 0.04
                   else "passed" if rng.random() < p else "failed")
        visible = outcome == "passed"
        if visible and task["heldout"] and rng.random() < 0.08:
            outcome = "overfit"  # the visible tests passed, the held-out ones did not
        heldout_ok = outcome == "passed"
        turns = rng.randint(1, 12)
        failed = rng.randint(0, min(2, turns))
        tokens = outcome != "infra_error"
        run_dir = (root / "runs" / task["id"] / f"{g}-{rep}") if root else Path("/nonexistent") / task["id"] / str(rep)
        record = {
            "schema": "localagentbench/run@1", "run_id": run_id, "task_id": task["id"], "task_digest": task["digest"],
            "rep": rep, "stage": "graded", "harness_version": "0.0.0+synthetic", "task": task,
            "paths": {"run_dir": str(run_dir), "workdir": None},
            "agent": {"name": agent, "version": "1.0.0", "argv": [agent, "run"], "exit_code": 0, "timed_out":
                      outcome == "agent_timeout", "wall_s": round(rng.lognormvariate(3, 0.8), 3),
                      "tokens_in": rng.randint(2_000, 60_000) if tokens else None,
                      "tokens_out": rng.randint(100, 8_000) if tokens else None, "tokens_reasoning": None,
                      "tokens_cache_read": None, "turns": turns, "tool_calls": turns, "failed_tool_calls": failed,
                      "infra_error": "model server unreachable" if outcome == "infra_error" else None,
                      "agent_error": "tool loop" if outcome == "agent_error" else None,
                      "files_changed": ["src/core.py"]},
            "model": {"id": model, "digest": _digest(model)[:19]},
            "oracle": None if outcome == "infra_error" else _grading(visible, "python -m pytest -q", rng),
            "heldout": (_grading(heldout_ok, "python -m pytest heldout -q", rng)
                        if task["heldout"] and visible else None),
            "outcome": outcome, "success": outcome == "passed", "flags": ["tests_added"] if k % 97 == 0 else [],
            "sandbox": {"kind": "bwrap"}, "options": {"seed": seed},
        }
        runs.append(record)
        if root:
            _write_bundle(run_dir, record, _events(rng, turns, failed))
    return runs


def _write_bundle(run_dir: Path, record: dict, events: list[dict]) -> None:
    run_dir.mkdir(parents=True, exist_ok=True)
    write_json_atomic(run_dir / "run.json", record)
    (run_dir / "trajectory.jsonl").write_text("".join(json.dumps(e) + "\n" for e in events))
    (run_dir / "patch.diff").write_text(PATCH)
    (run_dir / "prompt.txt").write_text(record["task"]["prompt"])
    (run_dir / "agent.stdout.log").write_text("step 1\n<script>alert('agent output')</script>\n" * 20)
    (run_dir / "agent.stderr.log").write_text("")
    (run_dir / "oracle.log").write_text("$ python -m pytest -q\n1 passed\n[exit 0]\n")
    if record["heldout"]:
        (run_dir / "heldout.log").write_text("$ python -m pytest heldout -q\n2 passed\n[exit 0]\n")
