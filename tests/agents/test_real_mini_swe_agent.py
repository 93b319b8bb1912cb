"""The real mini-swe-agent (2.4.6) through the whole harness, as a user runs it, against the scripted server.

Each test is one `python -m bench run --agent mini-swe-agent --model ollama/<script model> --task <task>` (the
real model proxy, the sandbox auto picks: bwrap where it works) with bench/fakellm_scripts/mini-swe-agent-calib.yaml,
checked against what the script issued and what the server logged.

    pytest -m integration tests/agents/test_real_mini_swe_agent.py -s     (-s shows the [timing] lines)

Skipped when mini is not installed (`nox -s install-agents`).
"""
from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest
from real_cli import (
    REPO,
    SCRIPTS,
    Tripwire,
    chat,
    issued_calls,
    need_agent,
    processes_with,
    reported,
    run_through_harness,
)

AGENT = "mini-swe-agent"
SCRIPT = SCRIPTS / "mini-swe-agent-calib.yaml"
pytestmark = [pytest.mark.integration, need_agent(AGENT)]


def harness(tmp_path: Path, model: str, task_id: str = "calib-greeting", **kw):
    return run_through_harness(tmp_path, AGENT, f"ollama/{model}", task_id, script=SCRIPT, **kw)


def events(run, kind: str) -> list[dict]:
    return [e for e in run.trajectory if e.get("type") == kind]


def assert_measured_as_served(run, calls: int, tool_calls: int) -> None:
    """Tokens and calls in the record are the proxy's, equal to the server's log and to what mini reported."""
    served = chat(run.agent_requests)
    agent = run.agent
    assert all(r["usage_reported"] for r in served)
    assert len(served) == calls == agent["model_calls"] == run.record["model_calls"]["calls"]
    assert agent["tokens_source"] == "proxy"
    assert (agent["tokens_in"], agent["tokens_out"]) == reported(run.agent_requests)
    assert (agent["agent_reported"]["tokens_in"], agent["agent_reported"]["tokens_out"]) == reported(
        run.agent_requests)
    assert issued_calls(run.agent_requests) == tool_calls == run.record["model_calls"]["tool_calls"]
    assert agent["tool_calls"] == tool_calls == len(events(run, "tool_call"))
    assert agent["turns"] == calls == len(events(run, "turn"))
    assert {r["model"] for r in served} == {run.record["model"]["id"].split("/", 1)[1]}   # named as the user did
    assert "other_model_called" not in run.record["flags"], run.record["flag_details"]


@pytest.mark.parametrize("task_id, calls", [("calib-greeting", 4), ("calib-add", 2)])
def test_fixes_the_calib_task_with_its_bash_tool(tmp_path, task_id, calls):
    run = harness(tmp_path, f"mini-swe-agent-{task_id}", task_id)
    assert run.record is not None, run.stderr_tail()
    assert run.record["outcome"] == "passed", (run.record["oracle"], run.stderr_tail())
    assert_measured_as_served(run, calls=calls, tool_calls=calls)   # the script: one bash call per reply
    agent = run.agent
    assert agent["failed_tool_calls"] == 0 and agent["exit_code"] == 0 and not agent["timed_out"]
    assert agent["infra_error"] is None and agent["agent_error"] is None
    assert [e["name"] for e in events(run, "tool_call")] == ["bash"] * calls
    assert events(run, "tool_call")[-1]["input"] == "echo COMPLETE_TASK_AND_SUBMIT_FINAL_OUTPUT"
    if task_id == "calib-add":
        assert (agent["tokens_in"], agent["tokens_out"]) == (9000 + 9200, 120 + 9)   # the script's usage
    print(f"[timing] {AGENT} start-up before its first model request: {agent['startup_s']} s")


def test_a_failing_command_counts_as_a_failed_call(tmp_path):
    run = harness(tmp_path, "mini-swe-agent-calib-greeting-retry")
    assert run.record is not None and run.record["outcome"] == "passed", run.stderr_tail()
    assert_measured_as_served(run, calls=4, tool_calls=4)
    assert run.agent["failed_tool_calls"] == 1
    statuses = [(e["input"], e["status"]) for e in events(run, "tool_call")]
    assert statuses[0] == ("sed -n 1,40p greeter/message.py", "error") and [s for _, s in statuses[1:]] == ["ok"] * 3
    patch = (run.run_dir / "patch.diff").read_text()
    assert "+- greet() ends with an exclamation mark." in patch and '+    return f"Hello, {_clean(name)}!"' in patch


def test_a_text_only_model_is_a_completed_run_that_failed_with_no_tool_calls(tmp_path):
    run = harness(tmp_path, "mini-swe-agent-text-only")
    assert run.record is not None, run.stderr_tail()
    assert run.record["outcome"] == "failed"
    assert_measured_as_served(run, calls=3, tool_calls=0)   # mini gives up after 3 replies without a tool call
    agent = run.agent
    assert agent["tool_calls"] == 0 and agent["exit_code"] == 0 and not agent["timed_out"]
    assert agent["agent_error"] is None and agent["infra_error"] is None
    assert any("RepeatedFormatError" in e["message"] for e in events(run, "error"))


def test_a_server_that_is_down_is_an_infra_error_in_seconds(tmp_path):
    run = harness(tmp_path, "mini-swe-agent-calib-greeting", server_down=True,
                  args=("--timeout", "300", "--stop-after-infra-errors", "1"))
    assert run.record is not None, run.stderr_tail()
    agent = run.agent
    assert run.record["outcome"] == "infra_error" and agent["infra_error"], agent
    assert agent["agent_error"] is None    # mini gave up on its own, or the harness stopped it: not mini's failure
    assert not agent["timed_out"]          # mini gave up (or the harness stopped it), long before the timeout
    assert agent["tool_calls"] in (0, None)
    print(f"[timing] {AGENT} server down: infra_error after {agent['wall_s']} s (timeout 300 s)")


def test_a_hanging_model_is_an_agent_timeout_with_nothing_left_running(tmp_path):
    timeout = 15
    run = harness(tmp_path, "mini-swe-agent-hang", args=("--timeout", str(timeout)))
    assert run.record is not None, run.stderr_tail()
    agent = run.agent
    assert run.record["outcome"] == "agent_timeout" and agent["timed_out"]
    assert agent["wall_s"] <= timeout + 5, agent["wall_s"]    # the bound
    assert "escaped_processes" not in run.record["flags"]
    assert any(r.get("event") == "delay_aborted" for r in run.agent_requests), "the server never saw mini go away"
    # nothing of this run left: no process whose command line names its scratch dir (mini's `-C` argument)
    scratch = agent["argv"][agent["argv"].index("-C") + 1]
    assert processes_with(scratch) == []
    print(f"[timing] {AGENT} hang: agent_timeout after {agent['wall_s']} s (timeout {timeout} s)")



def hostile_suite(tmp_path: Path) -> Path:
    """calib-greeting in a tasks dir of its own whose repo carries a mini.yaml, a .env and an OPENAI base."""
    root = tmp_path / "suite"
    (root / "tasks").mkdir(parents=True)
    shutil.copy(REPO / "tasks" / "calib-greeting.yaml", root / "tasks")
    shutil.copytree(REPO / "solutions", root / "solutions")
    fixture = root / "fixtures" / "calib-greeting"
    shutil.copytree(REPO / "fixtures" / "calib-greeting", fixture)
    # mini looks `-c mini.yaml` up in its working directory first: this would replace its whole config
    (fixture / "mini.yaml").write_text(json.dumps({
        "agent": {"system_template": "PWNED_BY_REPO_CONFIG", "instance_template": "{{task}}", "step_limit": 1},
        "model": {"model_kwargs": {"api_base": "http://127.0.0.1:1/v1"}}, "environment": {}}))
    (fixture / ".env").write_text("OPENAI_API_BASE=http://127.0.0.1:1/v1\nMSWEA_MODEL_NAME=openai/gpt-4o\n")
    return root / "tasks"


def test_a_planted_user_config_and_repo_config_change_nothing(tmp_path):
    home = tmp_path / "user-home"
    cfg = home / ".config" / "mini-swe-agent"
    cfg.mkdir(parents=True)
    (cfg / ".env").write_text("MSWEA_MODEL_NAME=openai/gpt-4o\nOPENAI_API_BASE=http://127.0.0.1:1/v1\n"
                              "MSWEA_MODEL_RETRY_STOP_AFTER_ATTEMPT=50\n")
    (cfg / "mini.yaml").write_text("agent: {system_template: PWNED_BY_HOME_CONFIG}\n")
    (home / ".env").write_text("OPENAI_API_BASE=http://127.0.0.1:1/v1\nLITELLM_LOG=DEBUG\n")
    trip = Tripwire()
    proxy = f"http://127.0.0.1:{trip.port}"
    hostile = {"HOME": str(home), "MSWEA_GLOBAL_CONFIG_DIR": str(cfg), "MSWEA_CONFIG_DIR": str(cfg),
               "MSWEA_MINI_CONFIG_PATH": str(cfg / "mini.yaml"), "MSWEA_MODEL_NAME": "openai/gpt-4o",
               "MSWEA_COST_TRACKING": "default", "LITELLM_MODE": "DEV", "LITELLM_LOCAL_MODEL_COST_MAP": "False",
               "OPENAI_API_BASE": "http://127.0.0.1:1/v1", "OPENAI_BASE_URL": "http://127.0.0.1:1/v1",
               "OPENAI_API_KEY": "sk-user-secret", "HTTP_PROXY": proxy, "HTTPS_PROXY": proxy, "ALL_PROXY": proxy,
               "https_proxy": proxy, "http_proxy": proxy, "NO_PROXY": "", "no_proxy": ""}
    # passed on explicitly too: the adapter must unset its family's variables even then
    passed = [a for name in ("MSWEA_GLOBAL_CONFIG_DIR", "MSWEA_MODEL_NAME", "OPENAI_API_BASE", "OPENAI_API_KEY",
                             "LITELLM_MODE", "HTTPS_PROXY") for a in ("--pass-env", name)]
    try:
        run = harness(tmp_path, "mini-swe-agent-calib-greeting", env=hostile, args=passed,
                      tasks_dir=hostile_suite(tmp_path), log_bodies=True)
    finally:
        trip.close()
    assert run.record is not None, run.stderr_tail()
    assert run.record["outcome"] == "passed", (run.record["oracle"], run.stderr_tail())
    assert_measured_as_served(run, calls=4, tool_calls=4)
    bodies = json.dumps([r.get("body") for r in chat(run.agent_requests)])
    assert "PWNED" not in bodies and "sk-user-secret" not in bodies
    assert "You are a helpful assistant that can interact with a computer." in bodies    # mini's own mini.yaml
    assert {r["client"] for r in run.served} == {"127.0.0.1"}
    assert trip.hits == [], f"something went through the planted proxy: {trip.hits[:3]}"
    assert not (home / ".config" / "mini-swe-agent" / "last_mini_run.traj.json").exists()
