"""The life of a run record: the state each stage leaves it in, and the state each stage needs.

    isolate     writes  isolated      (workdir made from the task's snapshot)
    run_agent   needs   isolated      writes agent_done    (the agent ran; patch.diff written)
    oracle      needs   agent_done    writes graded        (visible and held-out phases; outcome decided)
    score       counts  graded        and lists the rest as incomplete
    engine      marks   interrupted   a run Ctrl-C caught before it was graded

The schema's `stage` enum is these five names; this module is the only place that says which comes when,
and which kind of record comes before which (misplaced: a task record piped to oracle names isolate).
"""
from __future__ import annotations

from bench.common.errors import UserError

ISOLATED, AGENT_DONE, GRADED, INTERRUPTED = "isolated", "agent_done", "graded", "interrupted"
UNFINISHED = (ISOLATED, AGENT_DONE)  # caught half-way: the engine marks these interrupted

NEEDS = {"run_agent": ISOLATED, "oracle": AGENT_DONE}
WRITES = {"isolate": ISOLATED, "run_agent": AGENT_DONE, "oracle": GRADED}
BEFORE = {AGENT_DONE: "isolate", GRADED: "run_agent"}  # the stage that makes the state a stage needs


def require(record: dict, stage: str) -> None:
    """Raise UserError (one line naming the run, its state and the stage to run first) unless `record` is in
    the state `stage` needs."""
    needed = NEEDS[stage]
    if record.get("stage") != needed:
        first = BEFORE[WRITES[stage]]
        raise UserError(f"run {record.get('task_id')}/{record.get('rep')}: stage is {record.get('stage')}, "
                        f"{stage} needs {needed}; run {first} first")


def is_graded(record: dict) -> bool:
    """Whether the record has a verdict (score counts it)."""
    return record.get("stage") == GRADED


def is_unfinished(record: dict) -> bool:
    """Whether a run was caught between isolate and grading."""
    return record.get("stage") in UNFINISHED


# The records a pipe carries, in pipeline order, each with the stage that writes it; the others are read by no stage.
PIPED = {"task-record": "validate", "run": "isolate", "summary": "score"}
OTHERS = {"comparison": "compare", "leaderboard-entry": "promote", "probe": "doctor --probe", "doctor": "doctor"}
KIND_NAMES = {"task-record": "a task record", "run": "a run record", "summary": "a summary",
              "comparison": "a comparison", "leaderboard-entry": "a leaderboard entry", "probe": "a probe record",
              "doctor": "a doctor record"}


def made_by(record: dict, kind: str) -> str:
    """The stage (or command) whose output `record`, of schema `kind`, is: a run record's is its state's."""
    if kind == "run":
        return next((s for s, state in WRITES.items() if state == record.get("stage")), "isolate")
    return {**PIPED, **OTHERS}.get(kind, "?")


def misplaced(record: dict, kind: str, needed: str) -> str | None:
    """One line when `record` (of schema `kind`) was given where a `needed` record belongs: what it is, which stage
    wrote it, and the stage to run first (or, for a record further down the pipe, what to pass instead)."""
    if kind == needed or kind not in KIND_NAMES or needed not in KIND_NAMES:
        return None
    line = f"this is {KIND_NAMES[kind]} ({made_by(record, kind)}'s output), not {KIND_NAMES[needed]}"
    order = list(PIPED)
    if kind in PIPED and needed in PIPED and order.index(kind) < order.index(needed):
        return f"{line}; run {PIPED[needed]} first"
    return f"{line}; pass {KIND_NAMES[needed]}" + (f" ({PIPED[needed]}'s output)" if needed in PIPED else "")
