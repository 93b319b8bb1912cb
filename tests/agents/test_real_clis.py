"""The real agent CLIs (opencode 1.18.33, aider 0.86.2) driven against the scripted model server.

Each test copies a calib task's fixture into a temporary git repo, builds the adapter's invocation,
runs it the way run_agent does (own session, hard timeout, log files), parses the output and checks it
against what the scripted server logged: tokens it reported, tool calls it issued, the failing call,
the edit landing in the file (the task's own oracle passes), no connection to anything but the loopback
server (a proxy tripwire catches any client that honours HTTP(S)_PROXY), and that a user's planted
config (~/.config/opencode, ~/.aider.conf.yml, ~/.env, AIDER_* / OPENCODE_* variables, repo-level files)
changes nothing.

    pytest -m integration tests/agents/test_real_clis.py -s      (-s shows the measured wall times)

Skipped, with the reason, when a binary is missing (`nox -s install-agents` installs both).
"""
from __future__ import annotations

import json
import socket
import time

import pytest
from real_cli import (
    SCRIPTS,
    Tripwire,
    assert_loopback_only,
    chat,
    drive,
    git,
    issued_calls,
    make_repo,
    need_bwrap,
    oracle_passes,
    reported,
    run_through_harness,
    task,
)

from bench.agents import aider, get_spec, opencode
from bench.agents.binaries import find_binary

pytestmark = pytest.mark.integration

OPENCODE_BIN = find_binary("opencode")
AIDER_BIN = find_binary("aider")
need_opencode = pytest.mark.skipif(OPENCODE_BIN is None,
                                   reason=f"opencode not installed: {get_spec('opencode').install_hint()}")
need_aider = pytest.mark.skipif(AIDER_BIN is None, reason=f"aider not installed: {get_spec('aider').install_hint()}")


@pytest.fixture
def planted(tmp_path, monkeypatch):
    """A hostile user environment: a HOME with agent configs, agent variables, proxies to a tripwire."""
    home = tmp_path / "user-home"
    (home / ".config" / "opencode").mkdir(parents=True)
    deny = {"permission": {"edit": "deny", "bash": "deny"}, "model": "anthropic/claude-sonnet-4",
            "provider": {"localagentbench": {"options": {"baseURL": "http://127.0.0.1:1/v1"}}}}
    (home / ".config" / "opencode" / "opencode.json").write_text(json.dumps(deny))
    (home / "opencode-user.json").write_text(json.dumps(deny))
    (home / ".aider.conf.yml").write_text("model: gpt-4o\nedit-format: whole\nauto-commits: true\n"
                                          "openai-api-base: http://127.0.0.1:1/v1\nauto-test: true\n"
                                          "test-cmd: touch PWNED_BY_HOME_CONFIG\n")
    (home / ".env").write_text("OLLAMA_API_BASE=http://127.0.0.1:1\nOPENAI_API_BASE=http://127.0.0.1:1/v1\n")
    trip = Tripwire()
    proxy = f"http://127.0.0.1:{trip.port}"
    monkeypatch.setenv("HOME", str(home))
    monkeypatch.setenv("XDG_CONFIG_HOME", str(home / ".config"))
    monkeypatch.setenv("OPENCODE_CONFIG", str(home / "opencode-user.json"))
    monkeypatch.setenv("AIDER_EDIT_FORMAT", "whole")
    monkeypatch.setenv("AIDER_AUTO_COMMITS", "true")
    monkeypatch.setenv("OLLAMA_API_BASE", "http://127.0.0.1:1")
    for var in ("HTTP_PROXY", "HTTPS_PROXY", "ALL_PROXY", "http_proxy", "https_proxy", "all_proxy"):
        monkeypatch.setenv(var, proxy)
    monkeypatch.delenv("NO_PROXY", raising=False)
    monkeypatch.delenv("no_proxy", raising=False)
    yield trip
    trip.close()


# ---------------------------------------------------------------------------------------------
# opencode


@need_opencode
def test_opencode_fixes_greeting_with_native_tools(tmp_path, planted):
    work = make_repo(tmp_path, "calib-greeting")
    done, sig, reqs, inv = drive(opencode, tmp_path, work, SCRIPTS / "opencode-calib.yaml",
                                 "ollama/opencode-calib-greeting", task=task("calib-greeting"),
                                 label="opencode greeting")
    assert done.exit_code == 0 and not done.timed_out
    assert oracle_passes(work)
    assert "farewell" in (work / "greeter" / "messages.py").read_text()
    assert sig.turns == len(chat(reqs)) == 3
    assert sig.tool_calls == issued_calls(reqs) == 2
    assert sig.failed_tool_calls == 0
    assert (sig.tokens_in, sig.tokens_out) == reported(reqs)
    assert sig.tokens_reasoning == 0 and sig.tokens_cache_read == 0
    assert sig.infra_error is None and sig.agent_error is None
    assert [e["name"] for e in sig.events if e["type"] == "tool_call"] == ["read", "edit"]
    # the prompt arrived verbatim (stdin), the network tools were not offered, streaming with usage
    first = chat(reqs)[0]
    assert "webfetch" not in first["tools"] and "edit" in first["tools"]
    assert first["stream"] is True and first["include_usage"] is True
    assert_loopback_only(reqs, planted)
    assert git(["rev-list", "--count", "HEAD"], work).strip() == "1"


@need_opencode
@need_bwrap
def test_opencode_runs_inside_the_sandbox(tmp_path):
    work = make_repo(tmp_path, "calib-greeting", hostile_repo_files=False)
    done, sig, reqs, inv = drive(opencode, tmp_path, work, SCRIPTS / "opencode-calib.yaml",
                                 "ollama/opencode-calib-greeting", task=task("calib-greeting"), sandboxed=True,
                                 label="opencode greeting (bwrap sandbox)")
    assert done.exit_code == 0, (tmp_path / "run" / "agent.stderr.log").read_text()[-2000:]
    assert oracle_passes(work)
    assert sig.tool_calls == 2 and (sig.tokens_in, sig.tokens_out) == reported(reqs)


@need_opencode
def test_opencode_counts_the_failing_edit(tmp_path, planted):
    work = make_repo(tmp_path, "calib-greeting")
    done, sig, reqs, _ = drive(opencode, tmp_path, work, SCRIPTS / "opencode-calib.yaml",
                               "ollama/opencode-calib-greeting-retry", task=task("calib-greeting"),
                               label="opencode greeting-retry")
    assert oracle_passes(work)
    assert (work / "CHANGES.md").read_text() == "- greet() ends with an exclamation mark.\n"
    assert sig.tool_calls == issued_calls(reqs) == 4
    assert sig.failed_tool_calls == 1
    failed = [e for e in sig.events if e["type"] == "tool_call" and e["status"] == "error"]
    assert failed[0]["name"] == "edit" and "oldString" in failed[0]["output"]
    assert (sig.tokens_in, sig.tokens_out) == reported(reqs)
    assert sig.turns == 5
    assert_loopback_only(reqs, planted)


@need_opencode
def test_opencode_write_tool_through_base_url(tmp_path, planted):
    work = make_repo(tmp_path, "calib-add")
    done, sig, reqs, inv = drive(opencode, tmp_path, work, SCRIPTS / "opencode-calib.yaml",
                                 "opencode-calib-add", task=task("calib-add"), base_url=True,
                                 label="opencode add (base-url)")
    assert oracle_passes(work)
    assert (sig.tokens_in, sig.tokens_out) == (9000 + 9200, 120 + 9) == reported(reqs)
    assert sig.tool_calls == 1 and sig.failed_tool_calls == 0
    assert all(r["path"] == "/v1/chat/completions" for r in chat(reqs))


@need_opencode
def test_opencode_invalid_arguments_are_a_failed_call(tmp_path, planted):
    work = make_repo(tmp_path, "calib-greeting", hostile_repo_files=False)
    done, sig, reqs, _ = drive(opencode, tmp_path, work, SCRIPTS / "opencode-calib.yaml",
                               "ollama/opencode-bad-arguments", label="opencode bad-arguments")
    assert sig.tool_calls == issued_calls(reqs) == 1
    assert sig.failed_tool_calls == 1
    ev = [e for e in sig.events if e["type"] == "tool_call"][0]
    assert ev.get("invalid") is True and "JSON" in ev["output"]


@need_opencode
def test_opencode_reasoning_and_cached_tokens(tmp_path):
    """opencode splits usage (input without cache reads, output without reasoning); the adapter recombines it."""
    work = make_repo(tmp_path, "calib-greeting", hostile_repo_files=False)
    script = {"models": {"thinker": {"turns": [{"content": "The answer.", "reasoning": "Let me think about greet().",
              "usage": {"prompt_tokens": 500, "completion_tokens": 40, "reasoning_tokens": 25,
                        "cached_tokens": 100}}]}}}
    done, sig, reqs, _ = drive(opencode, tmp_path, work, script, "ollama/thinker", label="opencode reasoning")
    assert (sig.tokens_in, sig.tokens_out) == reported(reqs) == (500, 40)
    assert (sig.tokens_reasoning, sig.tokens_cache_read) == (25, 100)
    assert sig.extra["opencode_tokens"] == {"input": 400, "output": 15}
    assert {"type": "text", "text": "Let me think about greet().", "reasoning": True} == \
        {k: v for k, v in sig.events[1].items() if k != "t"}


@need_opencode
def test_opencode_step_limit_is_only_advisory(tmp_path):
    """max_turns -> agent.build.steps; opencode 1.18.33 tells the model to stop but still runs its calls."""
    work = make_repo(tmp_path, "calib-greeting", hostile_repo_files=False)
    script = {"models": {"m": {"turns": [
        {"tool_calls": [{"name": "read", "arguments": {"filePath": "README.md"}}]},
        {"tool_calls": [{"name": "read", "arguments": {"filePath": "README.md"}}]},
        {"content": "stopping"}]}}}
    done, sig, reqs, inv = drive(opencode, tmp_path, work, script, "ollama/m", max_turns=1, label="opencode steps=1")
    cfg = json.loads(inv.env["OPENCODE_CONFIG_CONTENT"])
    assert cfg["agent"] == {"build": {"steps": 1}}
    assert sig.tool_calls == 2 and sig.turns == 3   # not enforced: both calls ran


@need_opencode
def test_opencode_server_down_is_infra_error(tmp_path, planted):
    work = make_repo(tmp_path, "calib-greeting", hostile_repo_files=False)
    dead = socket.socket()
    dead.bind(("127.0.0.1", 0))
    port = dead.getsockname()[1]
    dead.close()
    done, sig, reqs, _ = drive(opencode, tmp_path, work, SCRIPTS / "opencode-calib.yaml",
                               "ollama/opencode-calib-greeting", ollama_host=f"127.0.0.1:{port}", timeout=15,
                               label="opencode server down (15s timeout)")
    assert done.timed_out          # opencode retries forever
    assert sig.infra_error and "unreachable" in sig.infra_error and str(port) in sig.infra_error
    assert sig.turns == 0 and sig.tokens_in is None
    assert planted.hits == []


@need_opencode
def test_opencode_server_error_500_is_infra_error(tmp_path):
    work = make_repo(tmp_path, "calib-greeting", hostile_repo_files=False)
    # Long enough for a second attempt after opencode's first backoff even on a loaded machine.
    done, sig, reqs, _ = drive(opencode, tmp_path, work, SCRIPTS / "canary.yaml", "ollama/canary-500", timeout=30,
                               label="opencode 500 (30s timeout)")
    assert done.timed_out
    assert sig.infra_error and sig.infra_error.startswith("model server error")
    assert len([r for r in reqs if r.get("status") == 500]) >= 2   # it retried


@need_opencode
def test_opencode_unknown_model_is_infra_error(tmp_path):
    work = make_repo(tmp_path, "calib-greeting", hostile_repo_files=False)
    done, sig, reqs, _ = drive(opencode, tmp_path, work, SCRIPTS / "canary.yaml", "ollama/no-such-model", timeout=60,
                               label="opencode unknown model")
    assert done.exit_code == 1 and not done.timed_out
    assert sig.infra_error and "not found" in sig.infra_error


@need_opencode
def test_opencode_hanging_model_is_killed(tmp_path):
    work = make_repo(tmp_path, "calib-greeting", hostile_repo_files=False)
    t0 = time.monotonic()
    done, sig, reqs, _ = drive(opencode, tmp_path, work, SCRIPTS / "canary.yaml", "ollama/canary-hang", timeout=12,
                               label="opencode hang (12s timeout)")
    assert done.timed_out and time.monotonic() - t0 < 40
    assert done.escaped_processes == 0
    assert any(r.get("event") == "hang_end" for r in reqs), "the server never saw the client go away"
    assert sig.infra_error is None


# ---------------------------------------------------------------------------------------------
# aider


@need_aider
def test_aider_fixes_greeting_with_a_diff_block(tmp_path, planted):
    work = make_repo(tmp_path, "calib-greeting")
    done, sig, reqs, inv = drive(aider, tmp_path, work, SCRIPTS / "aider-calib.yaml", "ollama/aider-calib-greeting",
                                 task=task("calib-greeting"), label="aider greeting (ollama_chat)")
    assert done.exit_code == 0 and not done.timed_out
    assert oracle_passes(work)
    assert sig.turns == len(chat(reqs)) == 1
    assert sig.tool_calls == 1 and sig.failed_tool_calls == 0
    assert (sig.tokens_in, sig.tokens_out) == reported(reqs)     # exact, from the analytics log
    assert sig.extra["token_source"] == "analytics-log"
    assert sig.extra["applied_files"] == ["greeter/messages.py"]
    r = chat(reqs)[0]
    assert r["path"] == "/api/chat" and r["stream"] is False and r["options"]["num_ctx"] == 32768
    assert_loopback_only(reqs, planted)
    # planted configs: no commit, no test command run, diff format (not whole), our server
    assert git(["rev-list", "--count", "HEAD"], work).strip() == "1"
    assert not list(work.glob("PWNED*"))
    assert not (work / ".aider.chat.history.md").exists() and not (work / ".aider.input.history").exists()
    assert "--read" in inv.argv and "tests/test_messages.py" in inv.argv


@need_aider
@need_bwrap
def test_aider_runs_inside_the_sandbox(tmp_path):
    work = make_repo(tmp_path, "calib-greeting", hostile_repo_files=False)
    done, sig, reqs, inv = drive(aider, tmp_path, work, SCRIPTS / "aider-calib.yaml", "ollama/aider-calib-greeting",
                                 task=task("calib-greeting"), sandboxed=True, label="aider greeting (bwrap sandbox)")
    assert done.exit_code == 0, (tmp_path / "run" / "agent.stderr.log").read_text()[-2000:]
    assert oracle_passes(work)
    assert sig.tool_calls == 1 and (sig.tokens_in, sig.tokens_out) == reported(reqs)


@need_aider
def test_aider_counts_the_failed_block_and_retries(tmp_path, planted):
    work = make_repo(tmp_path, "calib-greeting")
    done, sig, reqs, _ = drive(aider, tmp_path, work, SCRIPTS / "aider-calib.yaml", "ollama/aider-calib-greeting-retry",
                               task=task("calib-greeting"), label="aider greeting-retry (ollama_chat)")
    assert oracle_passes(work)
    assert sig.turns == 2 and sig.tool_calls == 2 and sig.failed_tool_calls == 1
    assert (sig.tokens_in, sig.tokens_out) == (1234 + 2345, 45 + 61) == reported(reqs)
    assert [e["status"] for e in sig.events if e["type"] == "tool_call"] == ["error", "ok"]
    assert_loopback_only(reqs, planted)


@need_aider
def test_aider_openai_prefix_through_base_url(tmp_path, planted):
    work = make_repo(tmp_path, "calib-add")
    done, sig, reqs, inv = drive(aider, tmp_path, work, SCRIPTS / "aider-calib.yaml", "aider-calib-add",
                                 task=task("calib-add"), base_url=True, label="aider add (openai/, base-url)")
    assert oracle_passes(work)
    assert "openai/aider-calib-add" in inv.argv
    assert all(r["path"] == "/v1/chat/completions" for r in chat(reqs))
    assert (sig.tokens_in, sig.tokens_out) == reported(reqs)
    assert sig.tool_calls == 1 and sig.failed_tool_calls == 0
    assert_loopback_only(reqs, planted)


@need_aider
def test_aider_gives_up_after_three_reflections(tmp_path):
    work = make_repo(tmp_path, "calib-greeting", hostile_repo_files=False)
    done, sig, reqs, _ = drive(aider, tmp_path, work, SCRIPTS / "aider-calib.yaml", "ollama/aider-stubborn",
                               label="aider stubborn (4 calls)")
    assert sig.turns == 4 and sig.tool_calls == 4 and sig.failed_tool_calls == 4
    assert sig.extra["reflections_exhausted"] is True
    assert (sig.tokens_in, sig.tokens_out) == (4 * 999, 4 * 12)
    assert not oracle_passes(work)


@need_aider
def test_aider_server_down_is_infra_error(tmp_path, planted):
    work = make_repo(tmp_path, "calib-greeting", hostile_repo_files=False)
    dead = socket.socket()
    dead.bind(("127.0.0.1", 0))
    port = dead.getsockname()[1]
    dead.close()
    done, sig, reqs, _ = drive(aider, tmp_path, work, SCRIPTS / "aider-calib.yaml", "ollama/aider-calib-greeting",
                               ollama_host=f"127.0.0.1:{port}", timeout=20, label="aider server down (20s timeout)")
    assert sig.turns == 0 and sig.tokens_in is None
    assert sig.infra_error and "unreachable" in sig.infra_error and str(port) in sig.infra_error
    assert planted.hits == []


@need_aider
def test_aider_unknown_model_on_openai_path_is_infra_error(tmp_path):
    work = make_repo(tmp_path, "calib-greeting", hostile_repo_files=False)
    done, sig, reqs, _ = drive(aider, tmp_path, work, SCRIPTS / "aider-calib.yaml", "no-such-model", base_url=True,
                               timeout=60, label="aider unknown model (openai/)")
    assert done.exit_code == 0 and not done.timed_out
    assert sig.infra_error and "NotFoundError" in sig.infra_error


@need_aider
def test_aider_hanging_model_is_killed(tmp_path):
    work = make_repo(tmp_path, "calib-greeting", hostile_repo_files=False)
    done, sig, reqs, _ = drive(aider, tmp_path, work, SCRIPTS / "canary.yaml", "ollama/canary-hang", timeout=12,
                               label="aider hang (12s timeout)")
    assert done.timed_out and done.escaped_processes == 0
    assert any(r.get("event") == "hang_end" for r in reqs)


# ---------------------------------------------------------------------------------------------
# Through the harness, as a user runs it: tokens and calls measured by the model proxy


@pytest.mark.parametrize("agent, task_id", [
    pytest.param("opencode", "calib-greeting", marks=need_opencode),
    pytest.param("opencode", "calib-add", marks=need_opencode),
    pytest.param("aider", "calib-greeting", marks=need_aider),
    pytest.param("aider", "calib-add", marks=need_aider),
])
def test_tokens_and_calls_come_from_the_proxy_equal_to_the_servers_usage(tmp_path, agent, task_id):
    run = run_through_harness(tmp_path, agent, f"ollama/{agent}-{task_id}", task_id,
                              script=SCRIPTS / f"{agent}-calib.yaml")
    assert run.proc.returncode == 0, run.stderr_tail()
    record, calls, served = run.record, run.calls, run.agent_requests
    chats = chat(served)
    assert record["success"] is True and record["outcome"] == "passed"
    assert all(r["usage_reported"] for r in chats), "every answer carried its usage, so the proxy saw it all"
    measured, figures = record["model_calls"], record["agent"]
    assert figures["tokens_source"] == "proxy"
    assert (figures["tokens_in"], figures["tokens_out"]) == reported(served)
    assert measured["calls"] == figures["model_calls"] == len(chats)
    assert measured["tool_calls"] == issued_calls(served)
    assert measured["errors"] == 0 and measured["upstream"].startswith("http://127.0.0.1:")
    assert "other_model_called" not in record["flags"], record["flag_details"]
    # the agent's own figures beside them (opencode's events, aider's analytics log say the same here)
    said = figures["agent_reported"]
    assert (said["tokens_in"], said["tokens_out"]) == reported(served)
    # every call the server answered is in the run's calls file, with the server's usage, in order
    model_calls = [c for c in calls if c["protocol"] != "other"]
    assert [c["usage"]["prompt_tokens"] for c in model_calls] == [r["usage"]["prompt_tokens"] for r in chats]
    assert [c["usage"]["completion_tokens"] for c in model_calls] == [r["usage"]["completion_tokens"] for r in chats]
    assert 0 < figures["model_s"] <= figures["wall_s"]


@need_aider
def test_aider_against_a_dead_server_is_stopped_early_as_an_infrastructure_error(tmp_path):
    """aider retries a refused connection with back-off for minutes; through the harness the proxy's evidence
    (calls in a row it could not deliver) ends the run early, booked as the server's failure."""
    run = run_through_harness(tmp_path, "aider", "ollama/fake", "calib-greeting", script=SCRIPTS / "aider-calib.yaml",
                              args=["--timeout", "240", "--stop-after-infra-errors", "1"], server_down=True)
    assert run.proc.returncode == 3, run.stderr_tail()
    dead = run.url.removeprefix("http://")
    assert run.agent["stopped"] and not run.agent["timed_out"] and dead in run.agent["infra_error"]
    assert run.record["outcome"] == "infra_error"
