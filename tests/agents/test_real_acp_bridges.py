"""The real ACP agents on the generic ACP agent (bench/agents/acp.py) through the whole harness, as a user runs them:
`python -m bench run --agent <name> --model ollama/<scripted model> --task <task>` against fakellm, with the real
model proxy and the bwrap sandbox:

- gemini-acp: Gemini CLI 0.61.0 (`gemini --acp`), speaking the Gemini API, which the proxy translates
  (bench/models/gemini.py) to the server's chat completions (bench/fakellm_scripts/gemini-calib.yaml);
- claude-code-acp: Zed's Claude Code bridge 0.16.2, Anthropic Messages (claude-code-acp-calib.yaml: its own
  mcp__acp__* file tools, served by the ACP client's fs methods);
- codex-acp: Zed's Codex bridge 0.16.0, OpenAI Responses, the same scripted models as the codex agent.

Each run: the fix lands and the task's oracle passes, every token is measured at the proxy and matches what the
server reported, every tool call the model issued is in the trajectory with its status, and the model calls all
name the run's model. A hostile user environment (settings, keys, base URLs, proxies) changes nothing.

    pytest -m integration tests/agents/test_real_acp_bridges.py -s
"""
from __future__ import annotations

import json
from pathlib import Path

import pytest
from real_cli import SCRIPTS, Tripwire, chat, issued_calls, need_agent, need_bwrap, reported, run_through_harness

from atif_harbor import harbor_python, validate
from bench.agents import atif

pytestmark = [pytest.mark.integration, need_bwrap]


def harness(tmp_path: Path, agent: str, model: str, task_id: str, script: str, **kw):
    return run_through_harness(tmp_path, agent, f"ollama/{model}", task_id, script=SCRIPTS / script,
                               args=("--timeout", "180"), **kw)


def check_run(run, model: str, protocol: str, tool_calls: int) -> None:
    """Passed; tokens and model calls measured at the proxy and equal to what the server reported and served;
    every tool call the model issued in the trajectory, settled ok."""
    assert run.record["outcome"] == "passed", run.stderr_tail()
    assert run.record["flags"] == []
    a = run.agent
    assert a["tokens_source"] == "proxy"
    assert (a["tokens_in"], a["tokens_out"]) == reported(run.agent_requests)
    assert a["tokens_in"] > 0 and a["tokens_out"] > 0
    served = chat(run.agent_requests)
    model_calls = [c for c in run.calls if c["protocol"] == protocol]
    assert len(model_calls) == len(served) == len(run.calls) - sum(c["protocol"] == "other" for c in run.calls)
    assert {c["model"] for c in model_calls} == {model} and {r["model"] for r in served} == {model}
    assert all(c["status"] == 200 and c["usage"]["prompt_tokens"] for c in model_calls)
    tools = [e for e in run.trajectory if e["type"] == "tool_call"]
    assert a["tool_calls"] == len(tools) == issued_calls(run.agent_requests) == tool_calls
    assert a["failed_tool_calls"] == 0 and all(e["status"] == "ok" for e in tools)
    assert a["infra_error"] is None and a["agent_error"] is None and not a["timed_out"]
    assert a["extra"]["stop_reason"] == "end_turn"
    # the ATIF trajectory counts every answered call, the Gemini API's too; harbor's validator accepts it where
    # an interpreter here has harbor (tests/atif_harbor.py)
    doc = json.loads((run.run_dir / atif.ATIF_FILE).read_bytes())
    if harbor_python() is not None:
        assert validate(run.run_dir / atif.ATIF_FILE) == []
    assert len(atif.answered_calls(run.calls)) == len(model_calls)
    assert (doc["final_metrics"]["total_prompt_tokens"], doc["final_metrics"]["total_completion_tokens"]) == (
        a["tokens_in"], a["tokens_out"])


# ---------------------------------------------------------------------------------------------
# gemini-acp

@need_agent("gemini-acp")
def test_gemini_fixes_calib_greeting_through_the_gemini_api_translation(tmp_path):
    run = harness(tmp_path, "gemini-acp", "gemini-calib-greeting", "calib-greeting", "gemini-calib.yaml")
    check_run(run, "gemini-calib-greeting", "gemini_generate", tool_calls=2)
    assert all(c["translated"] and c["stream"] for c in run.calls if c["protocol"] == "gemini_generate")
    assert {r["path"] for r in chat(run.agent_requests)} == {"/v1/chat/completions"}
    first = chat(run.agent_requests)[0]
    assert first["include_usage"] is True and {"read_file", "replace", "write_file"} <= set(first["tools"])
    assert json.loads(run.record["agent"]["extra"]["agent_info"])["version"] == "0.61.0"
    assert run.record["agent"]["files_changed"] == ["greeter/messages.py"]


@need_agent("gemini-acp")
def test_gemini_fixes_calib_add_with_write_file(tmp_path):
    run = harness(tmp_path, "gemini-acp", "gemini-calib-add", "calib-add", "gemini-calib.yaml")
    check_run(run, "gemini-calib-add", "gemini_generate", tool_calls=2)
    assert [e["kind"] for e in run.trajectory if e["type"] == "tool_call"] == ["read", "edit"]


@need_agent("gemini-acp")
def test_gemini_ignores_a_hostile_user_environment(tmp_path):
    """A user's ~/.gemini settings (another auth, a hook), Gemini/Google variables (a key, another base URL, a model)
    and proxies to a tripwire: the run still goes to its own model through the harness's proxy only."""
    home = tmp_path / "user-home"
    (home / ".gemini").mkdir(parents=True)
    (home / ".gemini" / "settings.json").write_text(json.dumps({
        "security": {"auth": {"selectedType": "oauth-personal"}}, "model": {"name": "gemini-2.5-pro"},
        "tools": {"core": ["read_file"]}}))
    trip = Tripwire()
    bad = f"http://127.0.0.1:{trip.port}"
    env = {"HOME": str(home), "GOOGLE_GEMINI_BASE_URL": bad, "GEMINI_API_KEY": "user-key", "GEMINI_MODEL": "other",
           "GOOGLE_GENAI_USE_VERTEXAI": "true", "GEMINI_CLI_SYSTEM_SETTINGS_PATH": str(home / "x.json"),
           "HTTPS_PROXY": bad, "HTTP_PROXY": bad, "https_proxy": bad, "http_proxy": bad}
    try:
        run = harness(tmp_path, "gemini-acp", "gemini-calib-greeting", "calib-greeting", "gemini-calib.yaml", env=env)
    finally:
        trip.close()
    check_run(run, "gemini-calib-greeting", "gemini_generate", tool_calls=2)
    assert trip.hits == []
    assert "user-key" not in json.dumps(run.served)


# ---------------------------------------------------------------------------------------------
# claude-code-acp

@need_agent("claude-code-acp")
def test_claude_code_bridge_fixes_calib_greeting_with_its_acp_file_tools(tmp_path):
    run = harness(tmp_path, "claude-code-acp", "claude-acp-calib-greeting", "calib-greeting",
                  "claude-code-acp-calib.yaml")
    check_run(run, "claude-acp-calib-greeting", "anthropic_messages", tool_calls=2)
    tools = [e for e in run.trajectory if e["type"] == "tool_call"]
    assert [e["kind"] for e in tools] == ["read", "edit"]
    assert run.agent["extra"]["permissions"] >= 1   # the edit asked, the client granted it
    assert json.loads(run.agent["extra"]["agent_info"])["version"] == "0.16.2"


# ---------------------------------------------------------------------------------------------
# codex-acp

@need_agent("codex-acp")
def test_codex_bridge_fixes_calib_greeting_through_the_responses_translation(tmp_path):
    run = harness(tmp_path, "codex-acp", "codex-calib-greeting", "calib-greeting", "codex-calib.yaml")
    check_run(run, "codex-calib-greeting", "openai_responses", tool_calls=3)
    assert json.loads(run.agent["extra"]["agent_info"])["version"] == "0.16.0"
    assert {c["path"] for c in run.calls} == {"/v1/responses"}


# ---------------------------------------------------------------------------------------------
# a model server that is down

@pytest.mark.parametrize("agent, model, script", [
    pytest.param("gemini-acp", "gemini-calib-greeting", "gemini-calib.yaml", marks=need_agent("gemini-acp")),
    pytest.param("claude-code-acp", "claude-acp-calib-greeting", "claude-code-acp-calib.yaml",
                 marks=need_agent("claude-code-acp")),
    pytest.param("codex-acp", "codex-calib-greeting", "codex-calib.yaml", marks=need_agent("codex-acp")),
])
def test_a_server_down_is_an_infra_error_well_before_the_timeout(tmp_path, agent, model, script):
    """Measured: gemini-acp ~31 s (its own retries), claude-code-acp ~15 s, codex-acp ~5 s, of a 180 s timeout."""
    run = harness(tmp_path, agent, model, "calib-greeting", script, server_down=True)
    assert run.record["outcome"] == "infra_error", run.stderr_tail()
    a = run.agent
    assert a["infra_error"] and not a["timed_out"] and a["wall_s"] < 120
    assert a["tool_calls"] == 0
    print(f"[timing] {agent} server down: infra_error after {a['wall_s']} s of a 180 s timeout")
