"""The outcome table: a run's outcome and success from its graded sections, decided in one place.

The oracle stage writes what this decides, and `score` decides it again from the same sections, so a
run.json whose `outcome` or `success` was edited (or written by an older harness) is scored by what its
grading shows. METHODOLOGY.md holds the table in words; tests/common/test_outcome.py tests every row.
"""
from __future__ import annotations

from bench.common import rules

OUTCOMES = ["passed", "failed", "overfit", "agent_timeout", "agent_error", "task_error", "oracle_error", "infra_error"]
UNSCORED = frozenset({"infra_error"})  # the harness's own failure: never the agent's, left out of scored rates
# A run whose task could not be set up (its git ref names no commit): booked task_error, its grading sections
# carrying the reason as `task_error`, and flagged so, so that `--resume` tries it again.
SETUP_FLAG = "task_setup_failed"

# Exit codes with which a runner says it could not run the tests at all (pytest: usage error, e.g. a path
# that does not exist, and no tests collected; unittest since Python 3.12: no tests ran).
RUNNER_COULD_NOT_RUN = {"pytest": {4: "usage error (a test path that does not exist?)", 5: "no tests collected"},
                        "unittest": {5: "no tests ran"}}


def could_not_run(command: str, exit_code: int | None) -> str | None:
    """Why a grading command's runner could not run its tests at all (a broken task), or None."""
    runner = rules.runner_of(command)
    why = RUNNER_COULD_NOT_RUN.get(runner or "", {}).get(exit_code) if exit_code is not None else None
    return f"{runner} exit {exit_code}: {why}" if why else None


def command_passed(result: dict) -> bool:
    """A grading command passed: exit 0 (or a nonzero exit that is the held-out phase's tripwire failing alone, as
    it must: `tripwire: failed`), in time, and its runner's summary agreed."""
    exited = result.get("exit_code") == 0 or (result.get("tripwire") == "failed" and result.get("exit_code"))
    return bool(exited) and not result.get("timed_out") and not result.get("summary")


def phase_status(section: dict | None) -> str | None:
    """What one grading phase shows: 'infra' (the harness could not grade), 'broken' (the task's command
    could not run), 'unapplied' (the change could not be laid on a copy), 'passed' or 'failed'.
    A section that says it passed passes only when its commands show it (a claim can only be lowered)."""
    if section is None:
        return None
    if section.get("infra_error"):
        return "infra"
    commands = section.get("commands") or []
    if any(c.get("candidate") for c in commands):
        return mutation_status(section, commands)
    if section.get("task_error") or any(could_not_run(c.get("command", ""), c.get("exit_code")) for c in commands):
        return "broken"
    if not commands:
        return "unapplied"
    return "passed" if section.get("passed") is True and all(command_passed(c) for c in commands) else "failed"


def mutation_status(section: dict, commands: list[dict]) -> str:
    """phase_status of a test-writing task's mutation phase (bench/oracle.py mutation_phase), read from its
    commands: 'broken' when a correct implementation's command could not run its tests, 'passed' when the
    section says so and every correct candidate's commands passed and every mutant failed at least one."""
    runs: dict[int, tuple[str, list[dict]]] = {}
    for command in commands:
        label = command.get("candidate") or {}
        runs.setdefault(label.get("number", -1), (label.get("kind", ""), []))[1].append(command)
    if any(kind == "correct" and could_not_run(c.get("command", ""), c.get("exit_code"))
           for kind, ran in runs.values() for c in ran):
        return "broken"
    correct = [all(command_passed(c) for c in ran) for kind, ran in runs.values() if kind == "correct"]
    mutants = [all(command_passed(c) for c in ran) for kind, ran in runs.values() if kind == "mutant"]
    known = all(kind in ("correct", "mutant") for kind, _ in runs.values())
    ok = section.get("passed") is True and known and bool(correct) and all(correct) and not any(mutants)
    return "passed" if ok else "failed"


def decide(agent: dict, oracle: dict | None, heldout: dict | None) -> tuple[str, bool]:
    """The outcome and success of a graded run (METHODOLOGY.md, "Runs and outcomes")."""
    if agent.get("infra_error"):
        return "infra_error", False
    visible, hidden = phase_status(oracle), phase_status(heldout)
    if "infra" in (visible, hidden):
        return "infra_error", False  # the grader could not grade: the harness's own evidence
    if visible is None and agent.get("agent_error"):
        return "agent_error", False  # never graded: the harness raised on the run (flag harness_exception)
    if visible in (None, "unapplied"):
        return "oracle_error", False  # the agent's change could not be laid on a pristine copy
    if agent.get("timed_out"):
        return "agent_timeout", False
    if visible == "broken":
        return "task_error", False
    if visible == "passed":
        if hidden in (None, "passed"):
            return "passed", True
        if hidden == "broken":
            return "task_error", False
        if hidden == "unapplied":
            return "oracle_error", False
        # Held-out tests that fail, or run past their timeout, on this change: `verify` proves the task's own
        # commands finish well inside their timeouts, so a hang here is the change's doing.
        return "overfit", False
    if agent.get("agent_error"):
        return "agent_error", False
    return "failed", False


def of_record(record: dict) -> tuple[str, bool]:
    """decide() for a graded run record."""
    return decide(record.get("agent") or {}, record.get("oracle"), record.get("heldout"))


def heldout_counts(runs: list[dict]) -> dict:
    """Held-out checked / confirmed / overfit over graded runs, one definition: a run is checked when its
    task has held-out tests and it reached them as a candidate success (outcome passed or overfit); it is
    confirmed when it passed. So overfit = checked - confirmed, always."""
    checked = [r for r in runs if r["task"].get("heldout") and r["outcome"] in ("passed", "overfit")]
    confirmed = sum(1 for r in checked if rules.heldout_confirmed(r))
    return {"heldout_checked": len(checked), "heldout_confirmed": confirmed, "overfit": len(checked) - confirmed}


def infra_reason(record: dict) -> str | None:
    """What the harness's own evidence says failed, for a run booked infra_error."""
    for section in (record.get("agent"), record.get("oracle"), record.get("heldout")):
        if isinstance(section, dict) and section.get("infra_error"):
            return str(section["infra_error"])
    return None


# A task file's known_gap.problem (schemas/task.schema.json): the ways verify may find a task known unfair.
GAP_PROBLEMS = ("nop_passes", "reference_fails")
