"""command: runs any shell command as the agent, the way to plug in an agent we don't ship.

The command runs with cwd = the workdir and these variables set:
LOCALAGENTBENCH_PROMPT_FILE (the prompt, outside the workdir), LOCALAGENTBENCH_MODEL, LOCALAGENTBENCH_WORKDIR.
It may append normalized trajectory events (JSON Lines, see METHODOLOGY.md) to LOCALAGENTBENCH_EVENTS_FILE;
a `usage` event ({"type": "usage", "tokens_in": N, "tokens_out": M}) is summed into the token counts.
"""
from __future__ import annotations

import shutil

from bench.adapters.base import AgentContext, AgentSignals, Invocation, ProcessResult, read_events, signals_from_events
from bench.common.errors import UserError

NOT_FOUND_EXIT = 127


def check(opts: dict) -> None:
    """The command must be given, and the shell must exist."""
    if not opts.get("agent_cmd"):
        raise UserError('--agent command needs --agent-cmd "<shell command>" (e.g. --agent-cmd "my-agent --yes")')
    if shutil.which("sh") is None:
        raise UserError("command agent: /bin/sh not found; the command adapter needs a POSIX shell")


def version(opts: dict) -> str | None:
    """Unknown: record what the user ran instead (the argv)."""
    return None


def invocation(ctx: AgentContext) -> Invocation:
    """`sh -c CMD` with the LOCALAGENTBENCH_* variables."""
    events = ctx.scratch_dir / "events.jsonl"
    return Invocation(
        argv=["sh", "-c", ctx.options["agent_cmd"]],
        env={
            "LOCALAGENTBENCH_PROMPT_FILE": str(ctx.prompt_file),
            "LOCALAGENTBENCH_MODEL": ctx.model,
            "LOCALAGENTBENCH_WORKDIR": str(ctx.workdir),
            "LOCALAGENTBENCH_EVENTS_FILE": str(events),
        },
    )


def parse(ctx: AgentContext, result: ProcessResult) -> AgentSignals:
    """A non-zero exit is the agent's error, 127 (command not found) included: the command's exit status is
    the command's to choose, so it never makes a run an infrastructure error. Reported events are kept."""
    signals = signals_from_events(read_events(ctx.scratch_dir / "events.jsonl"))
    if result.exit_code == NOT_FOUND_EXIT:
        tail = result.stderr_path.read_text(errors="replace").strip().splitlines()
        signals.agent_error = f"exit code 127 (command not found?): {tail[-1][:300] if tail else ctx.options['agent_cmd']}"
    elif result.exit_code not in (0, None):
        signals.agent_error = f"exit code {result.exit_code}"
    return signals
