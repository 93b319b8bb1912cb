"""The real agent CLIs' runs, through the harness and its model proxy, written as ATIF v1.7 that Harbor's own
validator accepts: each agent step's tokens are the proxy's figures for its call, the totals the run's."""
from __future__ import annotations

import json

import pytest
from real_cli import SCRIPTS, need_agent, run_through_harness

from atif_harbor import validate
from bench.agents import atif

pytestmark = pytest.mark.integration


@pytest.mark.parametrize("agent", [
    pytest.param("opencode", marks=need_agent("opencode")),
    pytest.param("codex", marks=need_agent("codex")),
    pytest.param("claude-code", marks=need_agent("claude-code")),
])
def test_a_real_cli_run_writes_atif_that_harbor_accepts(tmp_path, agent):
    script = SCRIPTS / f"{agent}-calib.yaml"
    run = run_through_harness(tmp_path, agent, f"ollama/{agent}-calib-greeting", "calib-greeting", script=script)
    assert run.proc.returncode == 0, run.stderr_tail()
    assert run.record["outcome"] == "passed"
    path = run.run_dir / atif.ATIF_FILE
    assert validate(path) == []
    doc = json.loads(path.read_bytes())
    assert doc["agent"]["name"] == agent and doc["steps"][0]["source"] == "user"
    steps = [s for s in doc["steps"] if s["source"] == "agent"]
    answered = atif.answered_calls(run.calls)
    assert steps and answered
    assert sum(len(s.get("tool_calls", [])) for s in steps) >= 1, "the fix was made with a tool call"
    if "notes" not in doc:   # paired one to one: each step's tokens are its call's
        assert [s["metrics"]["prompt_tokens"] for s in steps] == [c["usage"]["prompt_tokens"] for c in answered]
    else:                    # not paired: every call is listed, with the server's figures
        assert [c["prompt_tokens"] for c in doc["final_metrics"]["extra"]["calls"]] == \
            [c["usage"]["prompt_tokens"] for c in answered]
    final = doc["final_metrics"]
    assert final["total_prompt_tokens"] == run.record["agent"]["tokens_in"] > 0
    assert final["total_completion_tokens"] == run.record["agent"]["tokens_out"] > 0
    print(f"\n[atif] {agent}: {len(steps)} agent steps, {len(answered)} calls, paired={'notes' not in doc}, "
          f"{path.stat().st_size:,} bytes")
