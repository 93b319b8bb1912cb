"""The real ACP agents end to end through the harness: `python -m bench run --agent opencode-acp|qwen-code-acp`
against the scripted model server (the real model proxy, the bubblewrap sandbox with the ACP client inside it),
as a user runs them. Each run's figures are checked against what the server logged: tokens measured at the proxy
equal to the server's usage, one inferred turn per model call, the tool calls the server issued (and the failed
one), the fix landing (the task's held-out tests pass), the stop reason; and a model that never answers ends
in session/cancel, answered `cancelled` by the real agent, and an agent_timeout.

    pytest -m integration tests/agents/test_real_acp.py -s      (-s shows the measured wall times)

Skipped, with the install command, when a CLI is missing (`nox -s install-agents` installs both).
"""
from __future__ import annotations

import json

import pytest
from real_cli import SCRIPTS, chat, issued_calls, need_agent, need_bwrap, reported, run_through_harness

from atif_harbor import harbor_python, validate

pytestmark = [pytest.mark.integration, need_bwrap]


def calls_of(run) -> list[tuple[str, str]]:
    return [(e["name"], e["status"]) for e in run.trajectory if e["type"] == "tool_call"]


def check_counts(run, turns: int, calls: int, failed: int) -> None:
    """The record's figures against what the server logged: tokens at the proxy, model calls, tool calls."""
    a, served = run.agent, chat(run.agent_requests)
    assert run.record["outcome"] == "passed", run.stderr_tail()
    assert a["tokens_source"] == "proxy" and (a["tokens_in"], a["tokens_out"]) == reported(run.agent_requests)
    assert a["model_calls"] == len(served) == len(run.calls) == turns
    assert a["turns"] == turns                     # inferred from the ACP stream, one per model call here
    assert a["tool_calls"] == issued_calls(run.agent_requests) == calls
    assert a["failed_tool_calls"] == failed
    assert a["infra_error"] is None and a["agent_error"] is None and not a["timed_out"]
    assert a["extra"]["stop_reason"] == "end_turn" and a["extra"]["protocol_version"] == 1
    assert run.record["flags"] == [], run.record["flag_details"]
    if harbor_python():   # the trajectory as ATIF, where harbor's validator is at hand
        assert validate(run.run_dir / "trajectory.atif.json") == []


@need_agent("opencode-acp")
def test_opencode_acp_fixes_calib_greeting(tmp_path):
    run = run_through_harness(tmp_path, "opencode-acp", "ollama/opencode-calib-greeting", "calib-greeting",
                              script=SCRIPTS / "opencode-calib.yaml")
    check_counts(run, turns=3, calls=2, failed=0)
    assert calls_of(run) == [("read", "ok"), ("edit", "ok")]
    assert json.loads(run.agent["extra"]["agent_info"])["name"] == "OpenCode"
    # no session-title call: every request the server saw offered the task's tools
    assert all(r.get("tools") for r in chat(run.agent_requests))


@need_agent("opencode-acp")
def test_opencode_acp_counts_the_failing_edit(tmp_path):
    run = run_through_harness(tmp_path, "opencode-acp", "ollama/opencode-calib-greeting-retry", "calib-greeting",
                              script=SCRIPTS / "opencode-calib.yaml")
    check_counts(run, turns=5, calls=4, failed=1)
    assert calls_of(run) == [("edit", "error"), ("read", "ok"), ("edit", "ok"), ("write", "ok")]


@need_agent("qwen-code-acp")
def test_qwen_code_acp_fixes_calib_greeting_through_the_clients_fs(tmp_path):
    run = run_through_harness(tmp_path, "qwen-code-acp", "ollama/qwen-code-calib-greeting", "calib-greeting",
                              script=SCRIPTS / "qwen-code-calib.yaml")
    check_counts(run, turns=3, calls=2, failed=0)
    assert [kind for kind, _ in calls_of(run)] == ["ReadFile", "Edit"]
    # qwen reads and writes through the client's fs methods: the edit landed through acp_client.py
    log = [json.loads(line) for line in (run.run_dir / "agent.stdout.log").read_text().splitlines()]
    served = [line["method"] for line in log if line.get("client") == "fs"]
    assert "fs/write_text_file" in served and "fs/read_text_file" in served
    assert not any(line.get("client") == "fs_refused" for line in log)


@need_agent("qwen-code-acp")
def test_qwen_code_acp_is_cancelled_at_the_timeout(tmp_path):
    timeout = 90   # qwen's start-up alone takes up to 50 s on a loaded 2-core machine: the session must be open
    run = run_through_harness(tmp_path, "qwen-code-acp", "ollama/qwen-code-hang", "calib-greeting",
                              script=SCRIPTS / "qwen-code-calib.yaml", args=("--timeout", str(timeout)))
    a = run.agent
    assert run.record["outcome"] == "agent_timeout", run.stderr_tail()
    assert a["timed_out"] and a["infra_error"] is None and a["agent_error"] is None
    assert a["extra"]["stop_reason"] == "cancelled"    # the real agent answered session/cancel
    assert a["extra"]["session_id"] and timeout - 12 <= a["extra"]["cancelled_at_s"] <= timeout
