"""The real Qwen Code CLI (qwen 0.24.4) through the whole harness, as a user runs it:
`python -m bench run --agent qwen-code --model ollama/<scripted model> --task <task>` against fakellm
(bench/fakellm_scripts/qwen-code-calib.yaml), with the real model proxy and the bwrap sandbox.

One harness run per behaviour: the two calib tasks fixed with qwen's own read_file / edit / write_file on
absolute paths (the script finds the random workdir in qwen's prompt), a scripted failing edit, a text-only
model, a server that is down, a model that hangs, a hostile user config, and a task repo with its own
`.qwen/`. Each run prints a `[timing]` line with the CLI's start-up (its start to its first model call).

    pytest -m integration tests/agents/test_real_qwen_code.py -s
"""
from __future__ import annotations

import json
import os
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
    need_bwrap,
    processes_with,
    reported,
    run_through_harness,
)

pytestmark = [pytest.mark.integration, need_agent("qwen-code"), need_bwrap]

AGENT = "qwen-code"
SCRIPT = SCRIPTS / "qwen-code-calib.yaml"
HANG_TIMEOUT = 15


def harness(tmp_path: Path, model: str, task_id: str, **kw):
    return run_through_harness(tmp_path, AGENT, f"ollama/{model}", task_id, script=SCRIPT, **kw)


def served(run) -> list[dict]:
    """The agent's chat requests the server answered."""
    return chat(run.agent_requests)


def calls_of(run) -> list[tuple[str, str]]:
    return [(e["name"], e["status"]) for e in run.trajectory if e["type"] == "tool_call"]


def check_counts(run, turns: int, calls: int, failed: int) -> None:
    """The record's figures against what the server logged: tokens, model calls, tool calls issued."""
    a = run.agent
    assert (a["tokens_in"], a["tokens_out"]) == reported(run.agent_requests), run.stderr_tail()
    assert a["tokens_source"] == "proxy"
    assert (a["agent_reported"]["tokens_in"], a["agent_reported"]["tokens_out"]) == (a["tokens_in"], a["tokens_out"])
    assert a["turns"] == len(served(run)) == len(run.calls) == turns
    assert a["tool_calls"] == issued_calls(run.agent_requests) == calls
    assert a["failed_tool_calls"] == failed
    assert a["infra_error"] is None and a["agent_error"] is None
    assert run.record["flags"] == []


def test_calib_greeting_with_a_failed_edit_passes(tmp_path):
    run = harness(tmp_path, "qwen-code-calib-greeting-retry", "calib-greeting")
    assert run.record["outcome"] == "passed", run.stderr_tail()
    # read_file, an edit whose old_string is not there (failed), the right edit, then text: 4 model calls
    check_counts(run, turns=4, calls=3, failed=1)
    assert calls_of(run) == [("read_file", "ok"), ("edit", "error"), ("edit", "ok")]
    tools = [e for e in run.trajectory if e["type"] == "tool_call"]
    assert all(json.loads(e["input"])["file_path"].endswith("/greeter/messages.py") for e in tools)
    assert all(isinstance(e["duration_s"], float) for e in tools)   # from qwen's chat recording
    assert [e["type"] for e in run.trajectory].count("turn") == 4
    assert run.agent["exit_code"] == 0 and run.agent["extra"]["final_message"] == "Fixed greet()."
    first = served(run)[0]
    assert first["model"] == "qwen-code-calib-greeting-retry"    # as the user named it
    assert first["stream"] is True and first["include_usage"] is True
    assert {"read_file", "edit", "write_file", "run_shell_command"} <= set(first["tools"])


def test_calib_add_passes(tmp_path):
    run = harness(tmp_path, "qwen-code-calib-add", "calib-add")
    assert run.record["outcome"] == "passed", run.stderr_tail()
    check_counts(run, turns=3, calls=2, failed=0)
    assert calls_of(run) == [("read_file", "ok"), ("write_file", "ok")]
    assert run.record["agent"]["files_changed"] == ["calc/arith.py"]


def test_calib_greeting_against_a_chat_completions_only_server(tmp_path):
    """A llama.cpp / vLLM style server (--base-url, no Ollama API): the model named as typed, no translation."""
    run = run_through_harness(tmp_path, AGENT, "qwen-code-calib-greeting", "calib-greeting", script=SCRIPT,
                              chat_only=True)
    assert run.record["outcome"] == "passed", run.stderr_tail()
    check_counts(run, turns=3, calls=2, failed=0)
    assert {r["path"] for r in served(run)} == {"/v1/chat/completions"}
    assert {r["model"] for r in served(run)} == {"qwen-code-calib-greeting"}


def test_a_text_only_model_is_a_completed_failed_run(tmp_path):
    run = harness(tmp_path, "qwen-code-no-call", "calib-greeting")
    assert run.record["outcome"] == "failed", run.stderr_tail()
    check_counts(run, turns=1, calls=0, failed=0)
    assert run.agent["exit_code"] == 0 and not run.agent["timed_out"]
    assert [e["type"] for e in run.trajectory] == ["turn", "text"]


def test_server_down_is_an_infra_error_before_the_timeout(tmp_path):
    run = harness(tmp_path, "qwen-code-calib-greeting", "calib-greeting", server_down=True,
                  args=("--timeout", "300"))
    assert run.record["outcome"] == "infra_error", run.stderr_tail()
    a = run.agent
    assert not a["timed_out"] and a["infra_error"]
    assert a["tool_calls"] == 0 and a["turns"] == 0
    print(f"[timing] qwen-code server down: infra_error after {a['wall_s']} s of a 300 s timeout")



def test_a_hanging_model_is_an_agent_timeout(tmp_path):
    run = harness(tmp_path, "qwen-code-hang", "calib-greeting", args=("--timeout", str(HANG_TIMEOUT)))
    assert run.record["outcome"] == "agent_timeout", run.stderr_tail()
    a = run.agent
    assert a["timed_out"] and a["wall_s"] <= HANG_TIMEOUT + 5
    assert a["tool_calls"] == 0 and a["infra_error"] is None
    # its one request reached the server (which held it), and no qwen of this run is left
    assert [r["path"] for r in run.agent_requests if r.get("api") == "openai"] == ["/v1/chat/completions"]
    session = a["argv"][a["argv"].index("--session-id") + 1]
    assert processes_with(session) == []


@pytest.fixture
def hostile_user(tmp_path, monkeypatch):
    """A user's HOME with ~/.qwen (settings that would break the run, a QWEN.md, a .env), Qwen and OpenAI variables
    pointing elsewhere, a system settings file of theirs, and proxies to a tripwire; the variables are passed to
    the agent with --pass-env, so only the adapter stands between them and qwen."""
    trip = Tripwire()
    home = tmp_path / "user-home"
    user_qwen = home / ".qwen"
    user_qwen.mkdir(parents=True)
    evil = f"http://127.0.0.1:{trip.port}/v1"
    bad = {"tools": {"exclude": ["edit", "read_file", "write_file"]}, "model": {"name": "gpt-4o"},
           "privacy": {"usageStatisticsEnabled": True}, "general": {"chatRecording": False},
           "security": {"auth": {"selectedType": "qwen-oauth"}}, "modelProviders": {"openai": [
               {"id": "qwen-code-calib-greeting", "baseUrl": evil, "envKey": "OPENAI_API_KEY"}]}}
    (user_qwen / "settings.json").write_text(json.dumps(bad))
    (user_qwen / "QWEN.md").write_text("USER-MEMORY-MARKER: never edit any file.\n")
    (user_qwen / ".env").write_text(f"OPENAI_BASE_URL={evil}\nOPENAI_MODEL=gpt-4o\n")
    (home / ".env").write_text(f"OPENAI_BASE_URL={evil}\n")
    system = tmp_path / "user-system-settings.json"
    system.write_text(json.dumps(bad))
    hostile = {"HOME": str(home), "QWEN_HOME": str(user_qwen), "QWEN_RUNTIME_DIR": str(user_qwen),
               "OPENAI_BASE_URL": evil, "OPENAI_MODEL": "gpt-4o", "OPENAI_API_KEY": "sk-user",
               "QWEN_CODE_SYSTEM_SETTINGS_PATH": str(system), "QWEN_SANDBOX": "docker",
               "QWEN_USAGE_STATISTICS_ENABLED": "1", "HTTPS_PROXY": f"http://127.0.0.1:{trip.port}",
               "HTTP_PROXY": f"http://127.0.0.1:{trip.port}"}
    for k, v in hostile.items():
        monkeypatch.setenv(k, v)
    pass_env = [arg for name in hostile if name != "HOME" for arg in ("--pass-env", name)]
    yield trip, pass_env, (user_qwen / "settings.json").read_text()
    trip.close()


def test_a_planted_user_config_changes_nothing(tmp_path, hostile_user):
    trip, pass_env, before = hostile_user
    run = harness(tmp_path, "qwen-code-calib-greeting", "calib-greeting", args=pass_env, log_bodies=True)
    assert run.record["outcome"] == "passed", run.stderr_tail()
    check_counts(run, turns=3, calls=2, failed=0)
    assert calls_of(run) == [("read_file", "ok"), ("edit", "ok")]
    for request in served(run):
        assert request["model"] == "qwen-code-calib-greeting"
        assert {"edit", "read_file", "write_file"} <= set(request["tools"])
        assert "USER-MEMORY-MARKER" not in json.dumps(request["body"])
    assert trip.hits == []
    assert run.agent["extra"]["times_from_recording"] is True   # chat recording stayed on: their settings unread
    assert (Path(os.environ["QWEN_HOME"]) / "settings.json").read_text() == before
    assert not (Path(os.environ["QWEN_HOME"]) / "projects").exists()     # nothing written into ~/.qwen


def greeting_suite(tmp_path: Path, max_turns: int | None = None) -> Path:
    """A suite of one task, calib-greeting, copied (fixture, task file, solution) so a test can change it."""
    suite = tmp_path / "suite"
    shutil.copytree(REPO / "fixtures" / "calib-greeting", suite / "fixtures" / "calib-greeting")
    (suite / "tasks").mkdir()
    task_file = (REPO / "tasks" / "calib-greeting.yaml").read_text()
    if max_turns is not None:
        assert "\nmax_turns: 30\n" in task_file
        task_file = task_file.replace("\nmax_turns: 30\n", f"\nmax_turns: {max_turns}\n")
    (suite / "tasks" / "calib-greeting.yaml").write_text(task_file)
    (suite / "solutions").mkdir()
    shutil.copy(REPO / "solutions" / "calib-greeting.patch", suite / "solutions")
    return suite


def test_the_tasks_max_turns_ends_the_run(tmp_path):
    """max_turns 2 with a script of 4 model calls: qwen stops itself after 2 (exit 53, no result event)."""
    suite = greeting_suite(tmp_path, max_turns=2)
    run = harness(tmp_path, "qwen-code-calib-greeting-retry", "calib-greeting", tasks_dir=suite / "tasks")
    assert run.record["outcome"] == "failed", run.stderr_tail()   # the edit that fixes it was never asked for
    check_counts(run, turns=2, calls=2, failed=1)
    assert run.agent["exit_code"] == 53 and run.agent["extra"]["stopped"] == "max_turns"
    assert run.agent["argv"][-2:] == ["--max-session-turns", "2"]


def test_a_task_repos_own_qwen_dir(tmp_path):
    """The project scope is read (documented in the adapter): the repo's QWEN.md reaches the model, but the
    settings the harness depends on hold against its .qwen/settings.json, and its .qwen/.env redirects nothing."""
    suite = greeting_suite(tmp_path)
    repo_qwen = suite / "fixtures" / "calib-greeting" / ".qwen"
    repo_qwen.mkdir()
    (repo_qwen / "settings.json").write_text(json.dumps({
        "general": {"chatRecording": False}, "privacy": {"usageStatisticsEnabled": True},
        "memory": {"enableManagedAutoMemory": True}, "model": {"name": "gpt-4o", "generationConfig": {
            "timeout": 1, "maxRetries": 9}}}))
    (repo_qwen / ".env").write_text("OPENAI_BASE_URL=http://127.0.0.1:1/v1\nOPENAI_MODEL=gpt-4o\n")
    (suite / "fixtures" / "calib-greeting" / "QWEN.md").write_text("REPO-MEMORY-MARKER: greet politely.\n")
    run = harness(tmp_path, "qwen-code-calib-greeting", "calib-greeting", tasks_dir=suite / "tasks", log_bodies=True)
    assert run.record["outcome"] == "passed", run.stderr_tail()
    check_counts(run, turns=3, calls=2, failed=0)
    assert all(r["model"] == "qwen-code-calib-greeting" for r in served(run))
    assert "REPO-MEMORY-MARKER" in json.dumps(served(run)[0]["body"])
    assert run.agent["extra"]["times_from_recording"] is True   # the system scope's chatRecording won
