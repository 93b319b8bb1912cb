"""How many answers the model server makes at once (its slots), for `run --jobs auto`.

llama.cpp reports them: ``GET /props`` -> ``total_slots`` (its ``--parallel``), or ``GET /slots`` (one entry per
slot; the scripted server answers it when it simulates slots). Ollama does not report OLLAMA_NUM_PARALLEL and vLLM
batches without a fixed count, so for them the user names it (``--model-slots N``); without either the harness
assumes 1 and says so.

`--jobs auto` runs AUTO_RUNS_PER_SLOT runs per slot: while one run's call is answered, the other is starting its
agent, running tools or being graded, so the slots stay busy; a run that waits for a slot is not charged the wait
(bench.models.queue), so running more runs than slots changes no verdict.
"""
from __future__ import annotations

from typing import Any

from bench.common.errors import UserError
from bench.models import modelserver

AUTO_RUNS_PER_SLOT = 2
PROBE_TIMEOUT_S = 5.0


def _count(value: Any) -> int | None:
    return value if isinstance(value, int) and not isinstance(value, bool) and value >= 1 else None


def reported_slots(model: str, base_url: str | None = None) -> tuple[int | None, str | None]:
    """(slots, where the server said it) from llama.cpp's /props or /slots; (None, None) when it does not say."""
    try:
        ep = modelserver.resolve(model, base_url)
    except UserError:
        return None, None
    roots = [ep.root, *([ep.openai_base] if ep.openai_base != ep.root else [])]
    for root in dict.fromkeys(r.rstrip("/") for r in roots):
        try:
            props = modelserver.request_json("GET", f"{root}/props", timeout_s=PROBE_TIMEOUT_S)
        except modelserver.ServerError as exc:
            if exc.kind in ("unreachable", "timeout"):
                return None, None
            props = None
        n = _count(props.get("total_slots")) if isinstance(props, dict) else None
        if n:
            return n, f"{root}/props total_slots"
        try:
            listing = modelserver.request_json("GET", f"{root}/slots", timeout_s=PROBE_TIMEOUT_S)
        except modelserver.ServerError:
            listing = None
        if isinstance(listing, list) and listing:
            return len(listing), f"{root}/slots"
    return None, None


def parse_jobs(text: str | int) -> int | None:
    """--jobs: a whole number from 1 up, or "auto" (None: resolved from the server's slots)."""
    if isinstance(text, int):
        value = text
    elif str(text).strip().lower() == "auto":
        return None
    else:
        try:
            value = int(str(text))
        except ValueError:
            raise UserError(f"--jobs: {text!r} is not a number of runs or `auto`") from None
    if value < 1:
        raise UserError(f"--jobs: must be at least 1 (got {value})")
    return value


def auto_jobs(model: str | None, base_url: str | None, named: int | None) -> tuple[int, dict]:
    """(runs at once, how that was decided) for --jobs auto: the server's reported slots, else --model-slots,
    else 1; times AUTO_RUNS_PER_SLOT."""
    if named is not None and named < 1:
        raise UserError(f"--model-slots: must be at least 1 (got {named})")
    reported, where = reported_slots(model, base_url) if model else (None, None)
    if reported is not None:
        slots, source = reported, where
        if named is not None and named != reported:
            source = f"{where} (the server's count; --model-slots {named} ignored)"
    elif named is not None:
        slots, source = named, "--model-slots"
    else:
        slots, source = 1, "assumed (the server does not report its slots; name them with --model-slots N)"
    return slots * AUTO_RUNS_PER_SLOT, {"slots": slots, "source": source, "runs_per_slot": AUTO_RUNS_PER_SLOT}
