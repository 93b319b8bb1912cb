"""mock: a deterministic pseudo-agent, so the whole pipeline and report can be shown with no model at all.

Its choice depends only on (seed, task id, repetition): it solves calibration tasks always, cheats on
tasks that ship a demo overfit patch (special-casing a visible test, which held-out tests catch), and
otherwise solves about 60% of runs and makes an unhelpful change in the rest. It reports synthetic turns,
tool calls and token counts, marked as synthetic, so reports have something to show.
"""
from __future__ import annotations

import hashlib
import sys
from pathlib import Path

from bench.agents.base import (
    AgentContext,
    AgentSignals,
    AgentSpec,
    Invocation,
    ProcessResult,
    read_events,
    signals_from_events,
)
from bench.common.paths import PACKAGE_DIR, REPO_ROOT, harness_version

# Built in: no model, no binary, no pinned version (its version is the harness's).
SPEC = AgentSpec()

SOLVE_RATE = 0.6


def check(opts: dict) -> None:
    """Always runnable."""


def version(opts: dict) -> str | None:
    """The harness version (the agent is built in)."""
    return harness_version()


def draw(seed: int, task_id: str, rep: int) -> float:
    """A uniform number in [0, 1) fixed by (seed, task, repetition)."""
    digest = hashlib.sha256(f"{seed}:{task_id}:{rep}".encode()).hexdigest()
    return int(digest[:12], 16) / 16**12


def decide(task: dict, rep: int, seed: int = 0) -> str:
    """'solve', 'cheat' or 'fail' for this task and repetition."""
    if task["category"] == "calib" and task.get("solution"):
        return "solve"
    if task.get("overfit_demo"):
        return "cheat"
    if task.get("solution") and draw(seed, task["id"], rep) < SOLVE_RATE:
        return "solve"
    return "fail"


def invocation(ctx: AgentContext) -> Invocation:
    """Run the mock agent process with the chosen patch on stdin."""
    seed = int(ctx.options.get("seed") or 0)
    action = decide(ctx.task, ctx.rep, seed)
    patch = {"solve": ctx.task.get("solution"), "cheat": ctx.task.get("overfit_demo")}.get(action)
    return Invocation(
        argv=[sys.executable, "-m", "bench.agents.mock_agent", "--action", action,
              "--seed", str(seed), "--task-id", ctx.task["id"], "--rep", str(ctx.rep)],
        env={"PYTHONPATH": str(REPO_ROOT), "LOCALAGENTBENCH_EVENTS_FILE": str(ctx.scratch_dir / "events.jsonl")},
        stdin=Path(patch).read_bytes() if patch else b"",
        ro_paths=[PACKAGE_DIR],
    )


def parse(ctx: AgentContext, result: ProcessResult) -> AgentSignals:
    """The mock writes normalized events itself; count them."""
    signals = signals_from_events(read_events(ctx.scratch_dir / "events.jsonl"))
    signals.extra["synthetic"] = True
    if result.exit_code not in (0, None):
        signals.agent_error = f"exit code {result.exit_code}"
    return signals
