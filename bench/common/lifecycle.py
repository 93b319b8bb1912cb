"""The life of a run record: the state each stage leaves it in, and the state each stage needs.

    isolate     writes  isolated      (workdir made from the task's snapshot)
    run_agent   needs   isolated      writes agent_done    (the agent ran; patch.diff written)
    oracle      needs   agent_done    writes graded        (visible and held-out phases; outcome decided)
    score       counts  graded        and lists the rest as incomplete
    engine      marks   interrupted   a run Ctrl-C caught before it was graded

The schema's `stage` enum is these five names; this module is the only place that says which comes when.
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
