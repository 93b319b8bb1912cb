"""nop: changes nothing. Every task must fail under it, or the task's oracle does not discriminate."""
from __future__ import annotations

import sys

from bench.agents.base import AgentContext, AgentSignals, AgentSpec, Invocation, ProcessResult
from bench.common.paths import harness_version

# Built in: no model, no binary, no pinned version (its version is the harness's).
SPEC = AgentSpec()


def check(opts: dict) -> None:
    """Always runnable."""


def version(opts: dict) -> str | None:
    """The harness version (the agent is built in)."""
    return harness_version()


def invocation(ctx: AgentContext) -> Invocation:
    """A process that does nothing, so nop pays the same process costs as any agent."""
    return Invocation(argv=[sys.executable, "-c", "pass"])


def parse(ctx: AgentContext, result: ProcessResult) -> AgentSignals:
    """Nothing to read: a built-in agent has no tokens, turns or tool calls."""
    return AgentSignals(agent_error=None if result.exit_code in (0, None) else f"exit code {result.exit_code}")
