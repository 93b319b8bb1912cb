"""command: runs any shell command as the agent, the way to plug in an agent we don't ship.

The command runs with cwd = the workdir and these variables set:
LOCALAGENTBENCH_PROMPT_FILE (the prompt, outside the workdir), LOCALAGENTBENCH_MODEL, LOCALAGENTBENCH_WORKDIR, and
LOCALAGENTBENCH_MODEL_URL: the run's root on the harness's model proxy, which serves the model server's API under
its usual paths (`/v1/chat/completions`, `/v1/responses`, `/v1/messages`, `/api/chat`, ...) and measures every
call, so a command agent's tokens and model time are counted as every other agent's are. With `run --num-ctx N`,
LOCALAGENTBENCH_CONTEXT_LENGTH is N: every call is served with that window whatever the agent asks.
It may append normalized trajectory events (JSON Lines, see METHODOLOGY.md) to LOCALAGENTBENCH_EVENTS_FILE;
a `usage` event ({"type": "usage", "tokens_in": N, "tokens_out": M}) is summed into the token counts.

When the command's first word is a path (`/tmp/x/agent.sh`, `~/bin/agent`), the sandbox shows that program and
what it needs to start (sandbox.binary_mounts: its symlinks, venv, interpreter); a leading `~/` means the
user's home, not the run's private HOME.
"""
from __future__ import annotations

import os
import shlex
import shutil
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
from bench.common.errors import UserError
from bench.exec import textio
from bench.exec.sandbox import binary_mounts, shebang

NOT_FOUND_EXIT = 127
SHELLS = ("sh", "bash", "dash", "zsh", "ksh", "mksh", "ash")
# It may talk to any model its own way: --model reaches it as typed (LOCALAGENTBENCH_MODEL), and the harness
# still records the model's metadata and warms it up when the server knows it.
SPEC = AgentSpec(needs_model=True, model_as_typed=True)


def check(opts: dict) -> None:
    """The command must be given, and the shell must exist."""
    if not opts.get("agent_cmd"):
        raise UserError('--agent command needs --agent-cmd "<shell command>" (e.g. --agent-cmd "my-agent --yes")')
    if shutil.which("sh") is None:
        raise UserError("command agent: no `sh` on PATH; --agent-cmd runs under a POSIX shell (on Windows: install "
                        "Git for Windows and put its sh on PATH)")


def _command(opts: dict) -> str:
    """The command, a leading `~/` expanded to the user's home (inside the sandbox HOME is the run's own)."""
    cmd = opts["agent_cmd"]
    return os.path.expanduser("~") + cmd[1:] if cmd.startswith("~/") else cmd


def program(opts: dict) -> Path | None:
    """The program the command starts, when its first word is a path (absolute, or `~/...`); else None."""
    try:
        words = shlex.split(_command(opts))
    except ValueError:
        return None
    return Path(words[0]) if words and words[0].startswith("/") else None


def start_check(opts: dict) -> tuple[str, list[str], list[Path]] | None:
    """What run_agent starts in the sandbox before the first run (see run_agent.preflight), or None when the
    command starts no program of its own: that the program is there and executable, and that its interpreter
    starts (`<interpreter> --version`; `-c ''` for Python, which loads its standard library, and for shells)."""
    prog = program(opts)
    if prog is None:
        return None
    check = '[ -x "$0" ] || { echo "$0: No such file or directory, or not executable" >&2; exit 127; }'
    words = shebang(prog.resolve())
    names = [Path(w).name for w in words]
    # Python and shells run an empty program (Python loading its standard library); others print a version.
    quiet = any(n.startswith("python") or n in SHELLS for n in names)
    probe = (["-c", ""] if quiet else ["--version"]) if words else []
    argv = ["sh", "-c", check + ('; exec "$@"' if words else ""), str(prog), *words, *probe]
    return f"command {prog}", argv, binary_mounts(prog)


def version(opts: dict) -> str | None:
    """Unknown: record what the user ran instead (the argv)."""
    return None


def invocation(ctx: AgentContext) -> Invocation:
    """`sh -c CMD` with the LOCALAGENTBENCH_* variables."""
    events = ctx.scratch_dir / "events.jsonl"
    return Invocation(
        argv=["sh", "-c", _command(ctx.options)],
        env={
            "LOCALAGENTBENCH_PROMPT_FILE": str(ctx.prompt_file),
            "LOCALAGENTBENCH_MODEL": ctx.model,
            "LOCALAGENTBENCH_WORKDIR": str(ctx.workdir),
            "LOCALAGENTBENCH_EVENTS_FILE": str(events),
            **({"LOCALAGENTBENCH_MODEL_URL": ctx.model_url} if ctx.model_url else {}),
            # run --num-ctx: the window every call is served with, for an agent that budgets its context
            **({"LOCALAGENTBENCH_CONTEXT_LENGTH": str(n)} if (n := ctx.options.get("context_length")) else {}),
        },
        ro_paths=binary_mounts(prog) if (prog := program(ctx.options)) else [],
    )


def parse(ctx: AgentContext, result: ProcessResult) -> AgentSignals:
    """A non-zero exit is the agent's error, 127 (command not found) included: the command's exit status is
    the command's to choose, so it never makes a run an infrastructure error. Reported events are kept."""
    signals = signals_from_events(read_events(ctx.scratch_dir / "events.jsonl"))
    if result.exit_code == NOT_FOUND_EXIT:
        tail = textio.read_text(result.stderr_path).strip().splitlines()
        signals.agent_error = (
            f"exit code 127 (command not found?): {tail[-1][:300] if tail else ctx.options['agent_cmd']}"
        )
    elif result.exit_code not in (0, None):
        signals.agent_error = f"exit code {result.exit_code}"
    return signals
