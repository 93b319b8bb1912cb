"""The Claude Code adapter without the real CLI: its command line and environment, and parse() on stream-json the
real claude 2.1.332 printed (tests/agents/data/claude-code/, captured through `python -m bench run` against
bench/fakellm_scripts/claude-code-calib.yaml; served.json holds what the scripted server logged it answered
for each, the independent figures the parse is checked against).
"""
from __future__ import annotations

import json
import os
from pathlib import Path

import pytest

from bench import agents
from bench.agents import claude_code
from bench.agents.base import AgentContext, ProcessResult
from bench.exec.sandbox import binary_mounts

DATA = Path(__file__).parent / "data" / "claude-code"
SERVED = json.loads((DATA / "served.json").read_text())
ROUTE = "http://127.0.0.1:40123/r/0123abcd"


@pytest.fixture
def claude_bin(tmp_path, monkeypatch):
    """A stub `claude` in place of the real one, and a caller environment with no agent variables."""
    for k in list(os.environ):
        if k.startswith(claude_code.SCRUBBED_PREFIXES) or k.startswith("LOCALAGENTBENCH_"):
            monkeypatch.delenv(k, raising=False)
    p = tmp_path / "bin" / "claude"
    p.parent.mkdir()
    p.write_text("#!/bin/sh\necho '2.1.332 (Claude Code)'\n")
    p.chmod(0o755)
    monkeypatch.setenv("LOCALAGENTBENCH_CLAUDE_BIN", str(p))
    return p


def context(tmp_path: Path, *, max_turns: int | None = 30, options: dict | None = None,
            model: str = "ollama/qwen3:8b") -> AgentContext:
    work, scratch, run_dir = tmp_path / "work", tmp_path / "scratch", tmp_path / "run"
    for d in (work, scratch, run_dir):
        d.mkdir(exist_ok=True)
    prompt_file = run_dir / "prompt.txt"
    prompt_file.write_text('Fix "x" in pkg/mod.py.\nThanks!\n')
    return AgentContext(task={"id": "t", "category": "calib"}, workdir=work, prompt=prompt_file.read_text(),
                        prompt_file=prompt_file, model=model, timeout_s=60, max_turns=max_turns,
                        scratch_dir=scratch, run_dir=run_dir, options=options or {}, model_url=ROUTE)


def result(tmp_path: Path, stdout: str | bytes | Path, *, exit_code: int | None = 0, timed_out: bool = False,
           stderr: str = "") -> ProcessResult:
    out, err = tmp_path / "agent.stdout.log", tmp_path / "agent.stderr.log"
    if isinstance(stdout, Path):
        stdout = stdout.read_bytes()
    out.write_bytes(stdout.encode() if isinstance(stdout, str) else stdout)
    err.write_text(stderr)
    return ProcessResult(exit_code, timed_out, 1.0, out, err)


def parse_capture(tmp_path: Path, name: str, **kw) -> claude_code.AgentSignals:
    return claude_code.parse(context(tmp_path), result(tmp_path, DATA / f"{name}.jsonl", **kw))


def served_tokens(name: str) -> tuple[int, int]:
    calls = SERVED[name]
    return sum(c["usage"]["prompt_tokens"] for c in calls), sum(c["usage"]["completion_tokens"] for c in calls)


def served_calls(name: str) -> list[str]:
    return [t for c in SERVED[name] for t in c["tool_calls"]]


# ---------------------------------------------------------------------------------------------
# registry and invocation


def test_registered_with_its_install_recipe_and_version(claude_bin):
    assert "claude-code" in agents.names()
    spec = agents.get_spec("claude-code")
    assert spec.needs_model and not spec.model_as_typed
    assert spec.binary == "claude" and spec.install.requirement == "@anthropic-ai/claude-code@2.1.332"
    assert spec.locations == ("node_modules/.bin/claude",)
    assert claude_code.version({}) == "2.1.332 (Claude Code)"


def test_invocation_headless_at_the_proxy_route_with_every_tier_on_the_model(tmp_path, claude_bin):
    ctx = context(tmp_path)
    inv = claude_code.invocation(ctx)
    assert inv.argv == [str(claude_bin), "-p", "--output-format", "stream-json", "--verbose", "--permission-mode",
                        "bypassPermissions", "--max-turns", "30", "--model", "qwen3:8b"]
    assert inv.stdin == ctx.prompt.encode()     # the prompt on stdin, which run_agent closes after writing
    env = inv.env
    assert env["ANTHROPIC_BASE_URL"] == ROUTE   # the route's root: Claude appends /v1/messages itself
    models = {k: v for k, v in env.items() if k.endswith("_MODEL")}
    assert set(models) == set(claude_code.MODEL_VARS) and set(models.values()) == {"qwen3:8b"}
    assert len(models) == 11 and env["CLAUDE_CODE_SUBAGENT_MODEL_FORCE"] == "1"
    assert env["CLAUDE_CODE_ATTRIBUTION_HEADER"] == "0"
    for quiet in ("CLAUDE_CODE_DISABLE_NONESSENTIAL_TRAFFIC", "DISABLE_TELEMETRY", "DISABLE_AUTOUPDATER",
                  "DISABLE_ERROR_REPORTING", "IS_SANDBOX"):
        assert env[quiet] == "1"
    assert env["ANTHROPIC_API_KEY"] == "" and env["ANTHROPIC_AUTH_TOKEN"]
    assert (env["CLAUDE_CODE_MAX_CONTEXT_TOKENS"], env["CLAUDE_CODE_MAX_OUTPUT_TOKENS"]) == ("32768", "4096")
    assert "127.0.0.1" in env["NO_PROXY"]
    # its own HOME, config and XDG directories, made in the run's scratch dir
    dirs = ("CLAUDE_CONFIG_DIR", "XDG_CONFIG_HOME", "XDG_DATA_HOME", "XDG_CACHE_HOME", "XDG_STATE_HOME",
            "XDG_RUNTIME_DIR", "CLAUDE_CODE_TMPDIR")
    for key in ("HOME", *dirs):
        assert Path(env[key]).is_relative_to(ctx.scratch_dir), key
    for key in dirs:
        assert Path(env[key]).is_dir(), key
    assert inv.ro_paths == binary_mounts(claude_bin)   # what the sandbox must show of the install


@pytest.mark.parametrize("options, window, output", [
    ({"context_length": 65536}, "65536", "4096"),
    ({"num_ctx": 8192}, "8192", "2048"),
    ({"context_length": 2048}, "2048", "1024"),
])
def test_context_window_and_output_budget_follow_the_runs_context_length(tmp_path, claude_bin, options, window,
                                                                          output):
    env = claude_code.invocation(context(tmp_path, options=options)).env
    assert (env["CLAUDE_CODE_MAX_CONTEXT_TOKENS"], env["CLAUDE_CODE_MAX_OUTPUT_TOKENS"]) == (window, output)


def test_max_turns_default_when_the_task_names_none(tmp_path, claude_bin):
    argv = claude_code.invocation(context(tmp_path, max_turns=None)).argv
    assert argv[argv.index("--max-turns") + 1] == str(claude_code.DEFAULT_MAX_TURNS)


def test_a_users_claude_and_anthropic_variables_are_scrubbed_or_overridden(tmp_path, claude_bin, monkeypatch):
    hostile = {"ANTHROPIC_BASE_URL": "https://api.anthropic.com", "ANTHROPIC_API_KEY": "sk-real",
               "ANTHROPIC_MODEL": "claude-opus-4", "CLAUDE_CODE_USE_BEDROCK": "1", "CLAUDE_CONFIG_DIR": "/root/.claude",
               "CLAUDECODE": "1", "DISABLE_PROMPT_CACHING": "1", "MCP_TIMEOUT": "1", "BASH_ENV": "/tmp/evil.sh",
               "MAX_THINKING_TOKENS": "99999", "ANTHROPIC_CUSTOM_HEADERS": "x-evil: 1"}
    for k, v in hostile.items():
        monkeypatch.setenv(k, v)
    inv = claude_code.invocation(context(tmp_path))
    cut = inv.argv.index(str(claude_bin))
    prefix = inv.argv[:cut]
    assert prefix[0] == "env"
    dropped = {prefix[i + 1] for i, a in enumerate(prefix) if a == "-u"}
    assert dropped == {"CLAUDE_CODE_USE_BEDROCK", "CLAUDECODE", "DISABLE_PROMPT_CACHING", "MCP_TIMEOUT", "BASH_ENV",
                       "MAX_THINKING_TOKENS", "ANTHROPIC_CUSTOM_HEADERS"}
    # the rest the adapter sets itself, and run_agent lays its variables over the caller's
    assert inv.env["ANTHROPIC_BASE_URL"] == ROUTE and inv.env["ANTHROPIC_API_KEY"] == ""
    assert inv.env["ANTHROPIC_MODEL"] == "qwen3:8b" and inv.env["CLAUDE_CONFIG_DIR"] != "/root/.claude"


# ---------------------------------------------------------------------------------------------
# parse: what the real CLI printed


def test_parse_a_fix_with_one_failing_edit(tmp_path):
    sig = parse_capture(tmp_path, "greeting-retry")
    calls = [e for e in sig.events if e["type"] == "tool_call"]
    assert [e["name"] for e in calls] == served_calls("greeting-retry") == ["Read", "Edit", "Edit"]
    assert [e["status"] for e in calls] == ["ok", "error", "ok"]     # the script's second call edits text not there
    assert (sig.tool_calls, sig.failed_tool_calls) == (3, 1)
    assert "String to replace not found" in calls[1]["output"]
    assert all(e["duration_s"] is not None and e["duration_s"] >= 0 for e in calls)
    assert sig.turns == len(SERVED["greeting-retry"]) == 4
    assert (sig.tokens_in, sig.tokens_out) == served_tokens("greeting-retry")
    assert sig.tokens_cache_read == 0
    assert sig.infra_error is None and sig.agent_error is None
    assert sig.extra["final_message"] == "Fixed greet()."          # the script's last turn
    assert sig.extra["subtype"] == "success" and sig.extra["claude_code_version"] == "2.1.332"
    assert [e["type"] for e in sig.events].count("turn") == 4
    assert all("_t" not in e for e in sig.events)


def test_parse_write_and_bash(tmp_path):
    sig = parse_capture(tmp_path, "add")
    calls = [e for e in sig.events if e["type"] == "tool_call"]
    assert [e["name"] for e in calls] == served_calls("add") == ["Read", "Write", "Bash"]
    assert [e["status"] for e in calls] == ["ok"] * 3 and calls[2]["output"] == "5"   # python -m calc add 2 3
    assert "return a + b" in calls[1]["input"]
    assert (sig.tokens_in, sig.tokens_out) == served_tokens("add")
    assert sig.turns == 4


def test_parse_a_text_only_answer(tmp_path):
    sig = parse_capture(tmp_path, "text-only")
    assert (sig.turns, sig.tool_calls, sig.failed_tool_calls) == (1, 0, 0)
    assert sig.extra["final_message"] == "You should change the period in greet() to an exclamation mark."
    assert (sig.tokens_in, sig.tokens_out) == served_tokens("text-only")
    assert sig.infra_error is None and sig.agent_error is None


def test_parse_server_down_is_an_infrastructure_error_not_a_turn(tmp_path):
    sig = parse_capture(tmp_path, "server-down", exit_code=1)
    assert SERVED["server-down"] == []
    assert sig.turns == 0 and sig.tool_calls == 0           # the "<synthetic>" API-error message is no turn
    assert sig.infra_error and "502" in sig.infra_error and "unreachable" in sig.infra_error
    assert sig.agent_error is None
    assert sig.extra["subtype"] == "success" and sig.extra["api_retries"] == 1    # subtype lies; is_error does not
    assert [e["type"] for e in sig.events] == ["error", "error"]


def test_parse_max_turns(tmp_path):
    sig = parse_capture(tmp_path, "max-turns", exit_code=1)
    assert sig.extra["stopped"] == "max_turns" and sig.extra["subtype"] == "error_max_turns"
    assert sig.agent_error is None and sig.infra_error is None, "the task's turn limit is not the agent's error"
    assert [e["message"] for e in sig.events if e["type"] == "error"] == ["Reached maximum number of turns (2)"]
    assert sig.tool_calls == len(served_calls("max-turns")) == 2 and sig.turns == 2
    assert (sig.tokens_in, sig.tokens_out) == served_tokens("max-turns")


def test_parse_a_run_killed_while_waiting_for_the_model(tmp_path):
    sig = parse_capture(tmp_path, "hang", exit_code=None, timed_out=True)
    assert (sig.turns, sig.tool_calls) == (0, 0)
    assert sig.tokens_in is None and sig.infra_error is None and sig.agent_error is None
    assert sig.extra["model"] == "claude-code-hang"


def test_parse_a_subagent_counts_its_tokens_and_marks_its_events(tmp_path):
    """The Agent tool starts a subagent in the background; its completion notice starts one more main turn and
    a second `result` event. Its requests are in the session's modelUsage, not in either result's usage."""
    sig = parse_capture(tmp_path, "subagent")
    assert (sig.tokens_in, sig.tokens_out) == served_tokens("subagent")
    assert sig.turns == len(SERVED["subagent"]) == 4
    assert [e["name"] for e in sig.events if e["type"] == "tool_call"] == served_calls("subagent") == ["Agent"]
    sub = [e for e in sig.events if e.get("subagent")]
    assert [e["type"] for e in sub] == ["turn", "text"] and "looked around" in sub[1]["text"]
    assert sig.extra["final_message"] == "Done."       # the script's final reply, after the notice


def test_model_usage_sums_every_model_with_its_cache(tmp_path):
    final = {"type": "result", "subtype": "success", "is_error": False, "result": "ok",
             "usage": {"input_tokens": 1, "output_tokens": 1},
             "modelUsage": {"a": {"inputTokens": 100, "cacheReadInputTokens": 900, "cacheCreationInputTokens": 50,
                                  "outputTokens": 7},
                            "b": {"inputTokens": 10, "outputTokens": 3}, "junk": "x"}}
    sig = claude_code.parse(context(tmp_path), result(tmp_path, json.dumps(final)))
    assert (sig.tokens_in, sig.tokens_out, sig.tokens_cache_read) == (1060, 10, 900)


# ---------------------------------------------------------------------------------------------
# parse: untrusted output


def test_junk_lines_change_nothing(tmp_path):
    lines = (DATA / "greeting-retry.jsonl").read_text().splitlines()
    junk = ["", "not json", "[1, 2]", '"a string"', "{", '{"type": "assistant", "message": "text"}',
            '{"type": "assistant", "message": {"id": 7, "content": "a string"}}',
            '{"type": "user", "message": {"content": [{"type": "tool_result", "tool_use_id": "nobody"}]}}',
            '{"type": "assistant", "message": {"id": "msg_x", "content": [1, null, {"type": "tool_use"}]}}',
            "[" * 100000]
    mixed = [x for pair in zip(lines, junk, strict=False) for x in pair] + lines[len(junk):]
    clean = parse_capture(tmp_path, "greeting-retry")
    sig = claude_code.parse(context(tmp_path), result(tmp_path, "\n".join(mixed)))
    # the junk assistant events with ids are turns of their own, and the bare tool_use an unanswered call
    assert sig.turns == clean.turns + 2
    assert sig.tool_calls == clean.tool_calls + 1 and sig.failed_tool_calls == clean.failed_tool_calls + 1
    assert (sig.tokens_in, sig.tokens_out) == (clean.tokens_in, clean.tokens_out)


def test_bad_usage_values_are_dropped_with_a_problem(tmp_path):
    final = {"type": "result", "subtype": "success", "is_error": False, "result": "ok",
             "usage": {"input_tokens": "12", "output_tokens": -1, "cache_read_input_tokens": True}}
    sig = claude_code.parse(context(tmp_path), result(tmp_path, json.dumps(final)))
    assert sig.tokens_in is None and sig.tokens_out is None
    assert len(sig.problems) == 3


def test_cache_reads_and_writes_count_as_input(tmp_path):
    final = {"type": "result", "subtype": "success", "is_error": False, "result": "ok",
             "usage": {"input_tokens": 100, "cache_read_input_tokens": 900, "cache_creation_input_tokens": 50,
                       "output_tokens": 7}}
    sig = claude_code.parse(context(tmp_path), result(tmp_path, json.dumps(final)))
    assert (sig.tokens_in, sig.tokens_out, sig.tokens_cache_read) == (1050, 7, 900)


def test_output_cut_inside_a_tool_call(tmp_path):
    lines = (DATA / "greeting-retry.jsonl").read_text().splitlines()
    first_call = next(i for i, ln in enumerate(lines) if '"tool_use"' in ln)
    text = "\n".join(lines[:first_call + 1]) + "\n" + lines[first_call + 1][:200]   # cut mid-line
    sig = claude_code.parse(context(tmp_path), result(tmp_path, text, exit_code=None, timed_out=True))
    assert (sig.turns, sig.tool_calls, sig.failed_tool_calls) == (1, 1, 1)
    assert sig.tokens_in is None and sig.infra_error is None and sig.agent_error is None


def test_no_output_and_a_failed_exit_is_a_start_failure(tmp_path):
    stderr = '[claude-code:unrecognized_model] {"model":"m"}\nError: Input must be provided\n'
    sig = claude_code.parse(context(tmp_path), result(tmp_path, "", exit_code=1, stderr=stderr))
    assert sig.infra_error == "claude failed to start: Error: Input must be provided"
    crashed = (DATA / "hang.jsonl").read_text()   # it started (init printed), then died without a result
    sig = claude_code.parse(context(tmp_path), result(tmp_path, crashed, exit_code=134, stderr="Aborted\n"))
    assert sig.agent_error == "claude ended without a result: Aborted" and sig.infra_error is None


def test_the_reason_is_the_last_stderr_line_however_long_the_stderr(tmp_path):
    noise = "".join(f"debug line {i}\n" for i in range(20_000))    # ~300 KiB before the reason
    sig = claude_code.parse(context(tmp_path), result(tmp_path, "", exit_code=1,
                                                      stderr=noise + "Error: bad option --frobnicate\n"))
    assert sig.infra_error == "claude failed to start: Error: bad option --frobnicate"


def test_errors_are_judged_by_is_error_and_the_status(tmp_path):
    def final(**kw):
        e = {"type": "result", "subtype": "success", "is_error": True, "usage": {}, **kw}
        return claude_code.parse(context(tmp_path), result(tmp_path, json.dumps(e), exit_code=1))
    assert final(api_error_status=503, result="API Error: 503 loading").infra_error
    assert final(result="Failed to authenticate. API Error: 403 the model proxy passes model calls only").infra_error
    sig = final(result="Autocompact is thrashing: the context refilled to the limit")
    assert sig.agent_error.startswith("Autocompact is thrashing") and sig.infra_error is None
    sig = final(subtype="error_during_execution", errors=["boom", 3])
    assert sig.agent_error == "boom; 3"
