"""hello: a plugin agent like the built-in nop, except that it leaves a note in the workdir."""
from __future__ import annotations

import sys

from bench.agents.base import AgentContext, AgentSignals, AgentSpec, Invocation, ProcessResult

NOTE = "HELLO_FROM_PLUGIN.txt"
SPEC = AgentSpec()


def check(opts: dict) -> None:
    """Always runnable."""


def version(opts: dict) -> str | None:
    """The plugin's own version."""
    return "hello-0.1.0"


def invocation(ctx: AgentContext) -> Invocation:
    """Write the note into the workdir (the agent's cwd)."""
    return Invocation(argv=[sys.executable, "-c", f"open({NOTE!r}, 'w').write('hello\\n')"])


def parse(ctx: AgentContext, result: ProcessResult) -> AgentSignals:
    """One turn, no tokens."""
    return AgentSignals(turns=1, agent_error=None if result.exit_code in (0, None) else f"exit {result.exit_code}")
