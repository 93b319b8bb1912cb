"""RunSpec: what every run of an evaluation shares (agent, model, sandbox, limits), built once before any run.

Built by run_agent.build_spec (which resolves the agent's adapter and version, the model's recorded id, the
sandbox kind, and asks the model server about the model once); the engine hands the same object to every
run, and the stages read what they need from it instead of long parameter lists.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from types import ModuleType
from typing import Any

from bench.exec.proc import DEFAULT_MAX_LOG_BYTES

BUILTIN_MODEL = "none"  # the model id recorded for agents that use no model


@dataclass(frozen=True)
class RunSpec:
    """One evaluation's run configuration (see module docstring)."""

    agent: str                       # the registered agent name
    adapter: ModuleType              # its adapter module
    version: str | None              # the agent's version, as the adapter reports it
    model: str                       # the recorded model id (`ollama/qwen3:8b`), BUILTIN_MODEL when none
    options: dict = field(default_factory=dict)   # the agent options as recorded in every run
    sandbox: str = "none"            # the resolved sandbox kind (bwrap | none)
    sandbox_info: dict = field(default_factory=dict)  # the run record's `sandbox` section
    model_info: dict | None = None   # what the model server reported, merged into every run's `model`
    timeout_s: float | None = None   # overrides every task's agent timeout
    limits: dict = field(default_factory=dict)    # resource limits on the agent's processes
    keep_workdir: bool = False
    max_log_bytes: int = DEFAULT_MAX_LOG_BYTES
    proxy: Any = None                # the running model proxy (bench.models.proxy.ModelProxy) every run goes through
    model_slots: int | None = None   # the model server's slots where known (--jobs auto, --model-slots): the proxy's
    #                                  per-run share of them (ModelProxy.share)

    @property
    def agent_model(self) -> str | None:
        """The model as the agent is given it, or None for an agent that uses none."""
        return None if self.model == BUILTIN_MODEL else self.model
