"""oracle: applies the task's reference solution. Every task must pass under it, or the task is unsolvable."""
from __future__ import annotations

from pathlib import Path

from bench.agents.base import AgentContext, AgentSignals, AgentSpec, Invocation, ProcessResult
from bench.common.paths import harness_version
from bench.exec import textio

# Built in: no model, no binary, no pinned version (its version is the harness's).
SPEC = AgentSpec()


def check(opts: dict) -> None:
    """Always runnable; a task without a solution is reported per run."""


def version(opts: dict) -> str | None:
    """The harness version (the agent is built in)."""
    return harness_version()


def invocation(ctx: AgentContext) -> Invocation:
    """`git apply` with the solution on stdin, so the patch file itself never enters the workdir."""
    solution = ctx.task.get("solution")
    if not solution:
        return _refuse(f"task {ctx.task['id']} has no reference solution")
    try:
        patch = Path(solution).read_bytes()
    except OSError as exc:   # removed or made unreadable after the task was loaded: this run fails, in one line
        return _refuse(f"the reference solution {solution} cannot be read ({exc.strerror or exc}); "
                       f"restore it, or remove `solution:` from the task")
    return Invocation(argv=["git", "apply", "--whitespace=nowarn", "-"], stdin=patch)


REFUSED = 3   # _refuse's exit status; git apply exits 1 or 128


def _refuse(message: str) -> Invocation:
    """An invocation that fails at once with `message` as its one line on stderr (the run's agent_error)."""
    return Invocation(argv=["sh", "-c", f'printf "%s\\n" "$1" >&2; exit {REFUSED}', "sh", message])


def _named(solution: str | None) -> str:
    """The solution as its suite names it (solutions/<id>.patch): an absolute path to the grader's files in the
    agent's output would be flagged as the agent reading them."""
    return "/".join(Path(solution).parts[-2:]) if solution else "(none)"


def _failure(ctx: AgentContext, result: ProcessResult) -> str:
    """Why the patch was not applied: _refuse's own line, or git apply's reasons with the patch and the fix."""
    said = textio.read_text(result.stderr_path).strip()[-500:]
    if result.exit_code == REFUSED:
        return said or f"exit code {result.exit_code}"
    reasons = "; ".join(said.splitlines()) or f"git apply exit code {result.exit_code}"
    return (f"the reference solution {_named(ctx.task.get('solution'))} does not apply to the task's starting tree "
            f"({reasons}); remake it with `git diff` in a copy of the fixture")


def parse(ctx: AgentContext, result: ProcessResult) -> AgentSignals:
    """One 'tool call': the patch application, failed if git apply exited non-zero."""
    ok = result.exit_code == 0
    error = None if ok else _failure(ctx, result)
    return AgentSignals(
        agent_error=error,
        events=[{"type": "tool_call", "name": "apply_patch", "status": "ok" if ok else "error",
                 "duration_s": result.wall_s,
                 "input": Path(ctx.task["solution"]).name if ctx.task.get("solution") else None,
                 "output": error, "t": 0.0}],
    )
