"""The real Claude Code CLI (claude 2.1.332) through the whole harness, as a user runs it:
`python -m bench run --agent claude-code --model ollama/<model> --task <task>` against the scripted server
(bench/fakellm_scripts/claude-code-calib.yaml), the real model proxy and the bwrap sandbox where it works.

    pytest -m integration tests/agents/test_real_claude_code.py -s      (-s shows the [timing] lines)

What each run is checked against is what the scripted server logged it answered (its usage, the tool calls it
issued); the script says how many calls fail. Skipped when claude is not installed (`nox -s install-agents`).
"""
from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest
import yaml
from real_cli import (
    REPO,
    SCRIPTS,
    Tripwire,
    assert_loopback_only,
    chat,
    drive,
    make_repo,
    need_agent,
    oracle_passes,
    reported,
    run_through_harness,
    task,
)

from bench.agents import claude_code
from bench.exec import sandbox

pytestmark = [pytest.mark.integration, need_agent("claude-code")]

SCRIPT = SCRIPTS / "claude-code-calib.yaml"
AGENT = "claude-code"
HANG_TIMEOUT_S = 15




def issued(run) -> list[str]:
    return [c["name"] for r in chat(run.agent_requests) for c in r.get("tool_calls") or []]


def trajectory_calls(run) -> list[dict]:
    return [e for e in run.trajectory if e.get("type") == "tool_call"]


def assert_measured_by_the_proxy(run) -> None:
    """Tokens and calls in the record are the server's, counted by the proxy; the agent's own beside them."""
    figures, calls = run.agent, chat(run.agent_requests)
    assert figures["tokens_source"] == "proxy"
    assert (figures["tokens_in"], figures["tokens_out"]) == reported(run.agent_requests)
    assert figures["model_calls"] == run.record["model_calls"]["calls"] == len(calls)
    assert run.record["model_calls"]["tool_calls"] == len(issued(run))
    said = figures["agent_reported"]
    assert (said["tokens_in"], said["tokens_out"]) == reported(run.agent_requests)   # claude's result says the same
    # call by call (sorted: a subagent's requests run beside the main agent's)
    assert sorted(c["usage"]["prompt_tokens"] for c in run.calls if c["protocol"] != "other") == \
        sorted(r["usage"]["prompt_tokens"] for r in calls)
    assert "other_model_called" not in run.record["flags"], run.record["flag_details"]


@pytest.mark.parametrize("task_id, tools", [
    ("calib-greeting", ["Read", "Edit"]),
    ("calib-add", ["Read", "Write", "Bash"]),
])
def test_fixes_the_task_with_its_own_tools(tmp_path, task_id, tools):
    run = run_through_harness(tmp_path, AGENT, f"ollama/{AGENT}-{task_id}", task_id, script=SCRIPT, log_bodies=True)
    assert run.record is not None, run.stderr_tail()
    assert run.record["outcome"] == "passed", run.stderr_tail()
    # as root too: IS_SANDBOX=1 lets it take bypassPermissions inside the harness's own sandbox
    assert run.record["sandbox"]["kind"] == ("bwrap" if sandbox.bwrap_works() is None else "none")
    assert_measured_by_the_proxy(run)
    assert issued(run) == tools
    assert run.agent["tool_calls"] == len(tools) and run.agent["failed_tool_calls"] == 0
    assert run.agent["turns"] == len(chat(run.agent_requests)) == len(tools) + 1
    assert [e["name"] for e in trajectory_calls(run)] == tools
    assert all(e["status"] == "ok" and e["duration_s"] is not None for e in trajectory_calls(run))
    assert run.agent["infra_error"] is None and run.agent["agent_error"] is None
    # every request asked for the run's model, at Messages, without the per-request attribution block
    requests = [r for r in run.agent_requests if r.get("api") == "messages"]
    assert requests and {r["model"] for r in requests} == {f"{AGENT}-{task_id}"}
    assert all(r["path"].startswith("/v1/messages") for r in requests)
    bodies = json.dumps([r["body"] for r in requests])
    assert "x-anthropic-billing-header" not in bodies and "cc_version=" not in bodies
    assert {r["body"]["max_tokens"] for r in requests} == {4096}


def test_a_failing_edit_counts_as_failed(tmp_path):
    run = run_through_harness(tmp_path, AGENT, f"ollama/{AGENT}-calib-greeting-retry", "calib-greeting",
                              script=SCRIPT)
    assert run.record["outcome"] == "passed", run.stderr_tail()
    assert issued(run) == ["Read", "Edit", "Edit"]
    assert run.agent["tool_calls"] == 3 and run.agent["failed_tool_calls"] == 1    # the script's first Edit
    assert [e["status"] for e in trajectory_calls(run)] == ["ok", "error", "ok"]
    assert "String to replace not found" in trajectory_calls(run)[1]["output"]
    assert_measured_by_the_proxy(run)


@pytest.mark.parametrize("model", [f"{AGENT}-calib-greeting", f"{AGENT}-calib-greeting-retry"])
def test_through_a_chat_completions_only_server(tmp_path, model):
    """The proxy translates Claude's Messages requests to chat completions (its in-conversation system entries
    included) and the answers back."""
    run = run_through_harness(tmp_path, AGENT, model, "calib-greeting", script=SCRIPT, chat_only=True)
    assert run.record["outcome"] == "passed", run.stderr_tail()
    assert {r["api"] for r in run.agent_requests if r.get("status") == 200} == {"openai"}
    assert run.calls and all(c["translated"] for c in run.calls if c["protocol"] != "other")
    assert run.agent["failed_tool_calls"] == (1 if model.endswith("retry") else 0)
    assert run.agent["tool_calls"] == len(issued(run))
    assert_measured_by_the_proxy(run)


def test_server_down_is_an_infrastructure_error_at_once(tmp_path):
    run = run_through_harness(tmp_path, AGENT, f"ollama/{AGENT}-calib-greeting", "calib-greeting", script=SCRIPT,
                              server_down=True, args=["--timeout", "120"])
    assert run.record["outcome"] == "infra_error", run.stderr_tail()
    assert not run.agent["timed_out"] and run.agent["exit_code"] == 1     # it gave up by itself, in seconds
    assert "unreachable" in run.agent["infra_error"]
    assert run.agent["turns"] == 0 and run.agent["tool_calls"] == 0
    print(f"[timing] claude-code server down: gave up after {run.agent['wall_s']} s")


def test_hanging_model_is_an_agent_timeout_and_nothing_is_left_running(tmp_path):
    run = run_through_harness(tmp_path, AGENT, f"ollama/{AGENT}-hang", "calib-greeting", script=SCRIPT,
                              args=["--timeout", str(HANG_TIMEOUT_S)])
    assert run.record["outcome"] == "agent_timeout", run.stderr_tail()
    assert run.agent["timed_out"] and run.agent["wall_s"] <= HANG_TIMEOUT_S + 5
    assert "escaped_processes" not in run.record["flags"]
    assert any(r.get("event") == "delay_aborted" for r in run.agent_requests), "the server never saw it go away"
    assert not _running(f"{AGENT}-hang"), "a claude process outlived the run"
    assert run.agent["infra_error"] is None


def test_text_only_model_completes_and_fails_with_no_tool_calls(tmp_path):
    run = run_through_harness(tmp_path, AGENT, f"ollama/{AGENT}-text-only", "calib-greeting", script=SCRIPT)
    assert run.record["outcome"] == "failed", run.stderr_tail()
    assert run.agent["exit_code"] == 0 and run.agent["tool_calls"] == 0 and issued(run) == []
    assert run.agent["extra"]["final_message"].startswith("You should change the period")
    assert_measured_by_the_proxy(run)


def test_max_turns_stops_it(tmp_path):
    """The task's max_turns becomes --max-turns; claude stops with subtype error_max_turns."""
    tasks = tmp_path / "suite" / "tasks"
    tasks.mkdir(parents=True)
    shutil.copytree(REPO / "fixtures" / "calib-greeting", tmp_path / "suite" / "fixtures" / "calib-greeting")
    task = yaml.safe_load((REPO / "tasks" / "calib-greeting.yaml").read_text())
    task.pop("solution", None)
    task["max_turns"] = 2
    (tasks / "calib-greeting.yaml").write_text(yaml.safe_dump(task))
    run = run_through_harness(tmp_path, AGENT, f"ollama/{AGENT}-endless", "calib-greeting", script=SCRIPT,
                              tasks_dir=tasks)
    # the endless model never fixes it: a run that failed, as any agent's at its turn limit, not the agent's error
    assert run.record["outcome"] == "failed", run.stderr_tail()
    assert run.agent["extra"]["stopped"] == "max_turns"
    assert run.agent["agent_error"] is None and run.agent["infra_error"] is None
    assert len(chat(run.agent_requests)) == 2 and run.agent["tool_calls"] == 2


def test_a_subagent_asks_for_the_same_model(tmp_path):
    """An Explore subagent (its own default is a haiku tier) started through the Agent tool: every request asks
    for the run's model, and the tokens claude reports include the subagent's."""
    run = run_through_harness(tmp_path, AGENT, f"ollama/{AGENT}-subagent", "calib-greeting", script=SCRIPT)
    assert run.record is not None, run.stderr_tail()
    requests = [r for r in run.agent_requests if r.get("api") == "messages"]
    assert len(requests) == 4 and {r["model"] for r in requests} == {f"{AGENT}-subagent"}
    assert [r["reply"] for r in requests].count("turns[0][0]") == 1     # the subagent's, matched by its task
    assert issued(run) == ["Agent"] and run.agent["tool_calls"] == 1
    assert_measured_by_the_proxy(run)


def test_a_planted_user_config_changes_nothing(tmp_path):
    """A HOME with ~/.claude settings and ~/.claude.json, and hostile ANTHROPIC_* / CLAUDE_* variables passed on
    to the agent: the run still reaches only the proxy, with the run's model, and passes."""
    home = tmp_path / "user-home"
    (home / ".claude").mkdir(parents=True)
    trip = Tripwire()
    evil = f"http://127.0.0.1:{trip.port}"
    settings = {"model": "evil-model", "env": {"ANTHROPIC_MODEL": "evil-model", "ANTHROPIC_BASE_URL": evil},
                "permissions": {"deny": ["Edit", "Write", "Bash", "Read"]}}
    (home / ".claude" / "settings.json").write_text(json.dumps(settings))
    (home / ".claude.json").write_text(json.dumps({"env": {"ANTHROPIC_BASE_URL": evil}}))
    hostile = {"HOME": str(home), "ANTHROPIC_BASE_URL": evil, "ANTHROPIC_API_KEY": "sk-evil",
               "ANTHROPIC_MODEL": "evil-model", "ANTHROPIC_SMALL_FAST_MODEL": "evil-model",
               "CLAUDE_CONFIG_DIR": str(home / ".claude"), "CLAUDE_CODE_USE_BEDROCK": "1",
               "CLAUDE_CODE_ATTRIBUTION_HEADER": "1", "HTTPS_PROXY": evil, "HTTP_PROXY": evil}
    try:
        run = run_through_harness(tmp_path, AGENT, f"ollama/{AGENT}-calib-greeting", "calib-greeting",
                                  script=SCRIPT, env=hostile, log_bodies=True,
                                  args=[a for k in hostile for a in ("--pass-env", k)])
    finally:
        trip.close()
    assert run.record["outcome"] == "passed", run.stderr_tail()
    assert "CLAUDE_CODE_USE_BEDROCK" in run.agent["argv"]    # it reached the adapter, which dropped it (env -u)
    assert trip.hits == [], f"something reached the planted address: {trip.hits[:3]}"
    requests = [r for r in run.agent_requests if r.get("api") == "messages"]
    assert {r["model"] for r in requests} == {f"{AGENT}-calib-greeting"}
    bodies = json.dumps([r["body"] for r in requests])
    assert "evil" not in bodies and "x-anthropic-billing-header" not in bodies
    assert run.agent["tool_calls"] == 2 and run.agent["failed_tool_calls"] == 0
    assert_measured_by_the_proxy(run)


def test_no_traffic_but_the_model_outside_the_sandbox(tmp_path, monkeypatch):
    """Unsandboxed (the harness's sandbox would hide any attempt), with every proxy variable pointing at a
    tripwire: telemetry, update checks, error reports and start-up traffic to api.anthropic.com stay off."""
    trip = Tripwire()
    for var in ("HTTP_PROXY", "HTTPS_PROXY", "ALL_PROXY", "http_proxy", "https_proxy", "all_proxy"):
        monkeypatch.setenv(var, f"http://127.0.0.1:{trip.port}")
    monkeypatch.delenv("NO_PROXY", raising=False)
    monkeypatch.delenv("no_proxy", raising=False)
    work = make_repo(tmp_path, "calib-greeting", hostile_repo_files=False)
    try:
        done, sig, requests, _ = drive(claude_code, tmp_path, work, SCRIPT, f"ollama/{AGENT}-calib-greeting",
                                       task=task("calib-greeting"), label="claude-code greeting, no sandbox")
    finally:
        trip.close()
    assert done.exit_code == 0 and oracle_passes(work)
    assert_loopback_only(requests, trip)
    assert sig.tool_calls == 2 and sig.failed_tool_calls == 0


def _running(marker: str) -> list[str]:
    """Command lines of live processes that mention `marker`."""
    found = []
    for proc in Path("/proc").iterdir():
        if not proc.name.isdigit():
            continue
        try:
            cmd = (proc / "cmdline").read_bytes().replace(b"\0", b" ").decode(errors="replace")
        except OSError:
            continue
        if marker in cmd and "pytest" not in cmd:
            found.append(cmd)
    return found
