"""The mini-swe-agent adapter without the real CLI: its command line, environment and config file, and parse() on
trajectories the real mini 2.4.6 wrote (tests/agents/data/mini-swe-agent/, see its README), plus damaged ones.

The figures checked come from the fakellm script the trajectories were made with
(bench/fakellm_scripts/mini-swe-agent-calib.yaml) and from what the scripted server logged, not from the files.
"""
from __future__ import annotations

import json
import os
from pathlib import Path

import pytest

from bench import agents
from bench.agents import mini_swe_agent as mini
from bench.agents.base import AgentContext, ProcessResult, read_json_file

DATA = Path(__file__).parent / "data" / "mini-swe-agent"
GREETING_TASK = "greet(\"Ada\") in greeter/messages.py returns"   # how the calib-greeting prompt starts


def stub_mini(tmp_path: Path, version: str = "2.4.6") -> Path:
    """A stand-in `mini` whose shebang names a stand-in Python that prints `version` (what the metadata says)."""
    bindir = tmp_path / "venv" / "bin"
    bindir.mkdir(parents=True)
    python = bindir / "python3"
    python.write_text(f"#!/bin/sh\necho '{version}'\n")
    python.chmod(0o755)
    binary = bindir / "mini"
    binary.write_text(f"#!{python}\nraise SystemExit(0)\n")
    binary.chmod(0o755)
    return binary


@pytest.fixture
def binary(tmp_path, monkeypatch):
    for k in list(os.environ):
        if k.startswith(("MSWEA_", "LITELLM_", "OPENAI_", "LOCALAGENTBENCH_")) or k == "OLLAMA_HOST":
            monkeypatch.delenv(k, raising=False)
    found = stub_mini(tmp_path)
    monkeypatch.setenv("LOCALAGENTBENCH_MINI_BIN", str(found))
    return found


def context(tmp_path: Path, model: str = "ollama/qwen3:8b", max_turns: int | None = 30, base_url: str | None = None,
            model_url: str | None = None) -> AgentContext:
    work, scratch, run_dir = tmp_path / "work", tmp_path / "scratch", tmp_path / "run"
    for d in (work, scratch, run_dir):
        d.mkdir(exist_ok=True)
    prompt_file = run_dir / "prompt.txt"
    prompt_file.write_text('Fix "x" in pkg/mod.py.\nThanks!\n')
    return AgentContext(task={"id": "t", "category": "bugfix"}, workdir=work, prompt=prompt_file.read_text(),
                        prompt_file=prompt_file, model=model, timeout_s=60, max_turns=max_turns, scratch_dir=scratch,
                        run_dir=run_dir, base_url=base_url, model_url=model_url)


# ---------------------------------------------------------------------------------------------
# registry, version, preflight


def test_registered_with_its_pinned_venv_install():
    assert "mini-swe-agent" in agents.names()
    spec = agents.get_spec("mini-swe-agent")
    assert spec.needs_model and not spec.model_as_typed and spec.binary == "mini"
    assert spec.pinned_version == "2.4.6" and spec.locations == ("mini-swe-agent-venv/bin/mini",)
    recipe = spec.install.recipe("mini-swe-agent")
    assert recipe["steps"][-1]["argv"] == [".agents/mini-swe-agent-venv/bin/pip", "install", "-q",
                                           "mini-swe-agent==2.4.6"]
    # mini has no --version: the install check asks the venv's Python for the package's version
    assert recipe["check"][:3] == [".agents/mini-swe-agent-venv/bin/python", "-I", "-c"]
    assert "'mini-swe-agent'" in recipe["check"][3]


def test_version_is_the_package_metadata_read_by_minis_own_python(binary):
    assert mini.version({}) == "2.4.6"


def test_version_is_none_without_the_binary(tmp_path, monkeypatch):
    monkeypatch.setenv("LOCALAGENTBENCH_MINI_BIN", str(tmp_path / "missing"))
    assert mini.version({}) is None


def test_start_check_runs_help_configured_and_silent(binary):
    what, argv, ro = mini.start_check({})
    assert argv == ["env", "MSWEA_CONFIGURED=true", "MSWEA_SILENT_STARTUP=1", str(binary), "--help"]
    assert str(binary) in what and any(binary.is_relative_to(p) or p == binary for p in ro)


# ---------------------------------------------------------------------------------------------
# invocation


def test_invocation_command_line_env_and_config(tmp_path, binary):
    ctx = context(tmp_path, model_url="http://127.0.0.1:4321/r/abc")
    inv = mini.invocation(ctx)
    scratch = ctx.scratch_dir
    # mini starts in the scratch dir: a `mini.yaml` in the task repo (its cwd otherwise) would replace the packaged one
    assert inv.argv == ["env", "-C", str(scratch), str(binary), "-y", "--exit-immediately",
                        "-m", "openai/qwen3:8b", "-c", "mini.yaml", "-c", str(scratch / "run.yaml"),
                        "-o", str(scratch / "traj.json")]
    assert inv.stdin is None      # /dev/null: with no task mini would prompt on stdin
    assert inv.env["HOME"] == str(scratch / "home") and Path(inv.env["HOME"]).is_dir()
    assert inv.env["MSWEA_GLOBAL_CONFIG_DIR"] == str(scratch / "mswea") and (scratch / "mswea").is_dir()
    assert inv.env["LITELLM_LOCAL_MODEL_COST_MAP"] == "True"      # else it fetches a cost map from GitHub
    assert inv.env["LITELLM_MODE"] == "PRODUCTION"                # else litellm loads a .env above its install dir
    assert inv.env["MSWEA_CONFIGURED"] == "true" and inv.env["MSWEA_MODEL_RETRY_STOP_AFTER_ATTEMPT"] == "1"
    assert "127.0.0.1" in inv.env["NO_PROXY"].split(",")
    # the agent's shell inherits mini's environment: no key, no base URL there
    assert not any(k.startswith("OPENAI_") for k in inv.env)
    config = json.loads((scratch / "run.yaml").read_text())   # JSON is YAML; the name must end in .yaml
    assert config == {
        "run": {"task": 'Fix "x" in pkg/mod.py.\nThanks!\n'},
        "agent": {"step_limit": 30, "cost_limit": 0},
        "environment": {"cwd": str(ctx.workdir)},
        "model": {"model_kwargs": {"api_base": "http://127.0.0.1:4321/r/abc/v1", "api_key": "localagentbench",
                                   "max_retries": 2}},
    }


def test_no_max_turns_is_no_step_limit_and_base_url_models_go_as_named(tmp_path, binary):
    ctx = context(tmp_path, model="qwen2.5-coder:7b", max_turns=None, base_url="http://127.0.0.1:8080/v1")
    inv = mini.invocation(ctx)
    assert inv.argv[inv.argv.index("-m") + 1] == "openai/qwen2.5-coder:7b"
    config = json.loads((ctx.scratch_dir / "run.yaml").read_text())
    assert config["agent"]["step_limit"] == 0       # 0 is mini's "no limit"
    assert config["model"]["model_kwargs"]["api_base"] == "http://127.0.0.1:8080/v1"


def test_a_users_mini_litellm_and_openai_variables_are_unset(tmp_path, binary, monkeypatch):
    hostile = {"MSWEA_MODEL_NAME": "anthropic/claude", "MSWEA_MINI_CONFIG_PATH": "/tmp/evil.yaml",
               "MSWEA_CONFIG_DIR": "/tmp", "MSWEA_GLOBAL_CONFIG_DIR": "/tmp/user-cfg", "LITELLM_LOG": "DEBUG",
               "LITELLM_MODE": "DEV", "OPENAI_API_BASE": "http://127.0.0.1:1/v1", "OPENAI_API_KEY": "sk-user"}
    for k, v in hostile.items():
        monkeypatch.setenv(k, v)
    inv = mini.invocation(context(tmp_path))
    unset = {inv.argv[i + 1] for i, a in enumerate(inv.argv[:inv.argv.index("-C")]) if a == "-u"}
    assert inv.argv[0] == "env"
    # what the adapter sets itself it overrides; everything else of those families is unset
    assert unset == {"MSWEA_MODEL_NAME", "MSWEA_MINI_CONFIG_PATH", "MSWEA_CONFIG_DIR", "LITELLM_LOG",
                     "OPENAI_API_BASE", "OPENAI_API_KEY"}
    assert inv.env["MSWEA_GLOBAL_CONFIG_DIR"] != "/tmp/user-cfg" and inv.env["LITELLM_MODE"] == "PRODUCTION"


# ---------------------------------------------------------------------------------------------
# parse: the real trajectories


def parsed(tmp_path: Path, name: str | None, *, exit_code: int | None = 0, timed_out: bool = False,
           stderr: str = "", traj_text: str | None = None):
    ctx = context(tmp_path)
    if name is not None:
        (ctx.scratch_dir / "traj.json").write_bytes((DATA / f"{name}.traj.json").read_bytes())
    if traj_text is not None:
        (ctx.scratch_dir / "traj.json").write_text(traj_text)
    out, err = ctx.run_dir / "agent.stdout.log", ctx.run_dir / "agent.stderr.log"
    out.write_text("")
    err.write_text(stderr)
    return mini.parse(ctx, ProcessResult(exit_code, timed_out, 9.0, out, err))


def calls(sig) -> list[dict]:
    return [e for e in sig.events if e["type"] == "tool_call"]


def test_greeting_four_bash_calls_submitted(tmp_path):
    sig = parsed(tmp_path, "greeting")
    # the script: 4 replies, each one bash call; the server logged 843+1018+1140+1220 / 18+55+20+33 tokens
    assert (sig.turns, sig.tool_calls, sig.failed_tool_calls) == (4, 4, 0)
    assert (sig.tokens_in, sig.tokens_out) == (843 + 1018 + 1140 + 1220, 18 + 55 + 20 + 33)
    assert [e["input"] for e in calls(sig)] == [
        "cat greeter/messages.py",
        "sed -i 's/return f\"Hello, {_clean(name)}\\.\"/return f\"Hello, {_clean(name)}!\"/' greeter/messages.py"
        " && grep -n 'Hello' greeter/messages.py",
        "python -m unittest discover -s tests -t . -q",
        "echo COMPLETE_TASK_AND_SUBMIT_FINAL_OUTPUT"]
    assert all(e["name"] == "bash" and e["status"] == "ok" for e in calls(sig))
    assert all(isinstance(e["duration_s"], float) and e["duration_s"] >= 0 for e in calls(sig))
    assert 'return f"Hello, {_clean(name)}."' in calls(sig)[0]["output"]
    assert [e["index"] for e in sig.events if e["type"] == "turn"] == [0, 1, 2, 3]
    texts = [e["text"] for e in sig.events if e["type"] == "text"]
    assert texts[0] == "Let me look at greet() first."
    assert texts[-1] == "greet() now ends with an exclamation mark; farewell() is unchanged."   # the final message
    assert sig.infra_error is None and sig.agent_error is None
    assert sig.extra["exit_status"] == "Submitted" and sig.extra["api_calls"] == 4
    assert sig.extra["mini_version"] == "2.4.6" and "stopped" not in sig.extra
    assert not [e for e in sig.events if e["type"] == "error"]
    # events are ordered: a turn, its text, its call
    assert [e["type"] for e in sig.events[:3]] == ["turn", "text", "tool_call"]


def test_the_failing_command_is_a_failed_call_with_its_exit_code(tmp_path):
    sig = parsed(tmp_path, "retry")
    assert (sig.turns, sig.tool_calls, sig.failed_tool_calls) == (4, 4, 1)
    first = calls(sig)[0]
    assert first["input"] == "sed -n 1,40p greeter/message.py" and first["status"] == "error"
    assert first["exit_code"] == 2 and "No such file" in first["output"]
    assert [e["status"] for e in calls(sig)] == ["error", "ok", "ok", "ok"]
    assert (sig.tokens_in, sig.tokens_out) == (3810, 114)    # what the scripted server logged
    assert sig.agent_error is None


def test_calib_add_scripted_usage(tmp_path):
    sig = parsed(tmp_path, "add")
    assert (sig.tokens_in, sig.tokens_out) == (9000 + 9200, 120 + 9)
    assert (sig.turns, sig.tool_calls, sig.failed_tool_calls) == (2, 2, 0)
    assert calls(sig)[0]["input"].startswith("cat > calc/arith.py <<'EOF'")
    assert [e["tokens_in"] for e in sig.events if e["type"] == "turn"] == [9000, 9200]


def test_a_text_only_model_is_three_turns_no_calls_and_no_agent_error(tmp_path):
    sig = parsed(tmp_path, "textonly")
    assert (sig.turns, sig.tool_calls, sig.failed_tool_calls) == (3, 0, 0)
    assert sig.extra["stopped"] == "format_errors" and sig.extra["exit_status"] == "RepeatedFormatError"
    assert sig.agent_error is None and sig.infra_error is None   # a completed run that failed: the model's doing
    errors = [e["message"] for e in sig.events if e["type"] == "error"]
    assert sum("No tool calls found" in m for m in errors) == 3
    assert errors[-1].startswith("exit_status RepeatedFormatError")
    # the rejected replies' text is kept, and their usage counted
    assert len([e for e in sig.events if e["type"] == "text"]) == 3
    assert sig.tokens_in and sig.tokens_out


def test_the_step_limit_is_max_turns(tmp_path):
    sig = parsed(tmp_path, "steplimit")
    assert (sig.turns, sig.tool_calls) == (1, 1)
    assert sig.extra["stopped"] == "max_turns" and sig.agent_error is None


def test_server_down_is_an_infra_claim_with_the_cause(tmp_path):
    sig = parsed(tmp_path, "down", exit_code=1)
    assert sig.infra_error.startswith("model server: litellm.InternalServerError")
    assert "Connection error" in sig.infra_error
    assert (sig.turns, sig.tool_calls, sig.tokens_in, sig.tokens_out) == (0, 0, None, None)
    assert sig.agent_error is None


def test_no_trajectory_after_a_crash_is_an_agent_error_with_the_exception(tmp_path):
    stderr = (DATA / "no-config.stderr.log").read_text()
    sig = parsed(tmp_path, None, exit_code=1, stderr=stderr)
    assert sig.agent_error.startswith("mini-swe-agent ended without a trajectory: FileNotFoundError: Could not find "
                                      "config file for")
    assert sig.infra_error is None and sig.turns is None and sig.tool_calls is None


def test_no_trajectory_and_no_exception_gives_the_exit_code(tmp_path):
    sig = parsed(tmp_path, None, exit_code=3, stderr="Warning: Input is not a terminal (fd=0).\n")
    assert sig.agent_error == "mini-swe-agent ended without a trajectory: exit code 3"


@pytest.mark.parametrize("exit_code, timed_out", [(None, True), (-15, False), (-9, False)])
def test_no_trajectory_after_the_harness_ended_the_run_claims_nothing(tmp_path, exit_code, timed_out):
    """A timeout, or the harness stopping mini (SIGTERM) after calls the proxy could not deliver."""
    sig = parsed(tmp_path, None, exit_code=exit_code, timed_out=timed_out,
                 stderr="Warning: Input is not a terminal (fd=0).\n")
    assert sig.agent_error is None and sig.infra_error is None and sig.events == []
    assert sig.turns is None and sig.tokens_in is None


def test_a_run_cut_short_keeps_the_steps_it_finished(tmp_path):
    """The trajectory is rewritten after every step: a killed run leaves no exit message and may leave a call
    whose result never came."""
    traj = json.loads((DATA / "greeting.traj.json").read_text())
    traj["messages"] = traj["messages"][:5]        # system, task, reply 1, its result, reply 2 (no result)
    traj["info"]["exit_status"] = ""
    sig = parsed(tmp_path, None, exit_code=None, timed_out=True, traj_text=json.dumps(traj))
    assert (sig.turns, sig.tool_calls, sig.failed_tool_calls) == (2, 2, 1)
    assert [e["status"] for e in calls(sig)] == ["ok", "error"]
    assert sig.agent_error is None and sig.infra_error is None


# ---------------------------------------------------------------------------------------------
# parse: untrusted files


@pytest.mark.parametrize("text", ["", "not json", '{"messages": [', "[1, 2, 3]", "null", '"a string"',
                                  "[" * 100000 + "]" * 100000])
def test_junk_or_truncated_trajectories_give_no_counts_and_no_crash(tmp_path, text):
    sig = parsed(tmp_path, None, exit_code=0, traj_text=text)
    assert sig.turns is None and sig.tool_calls is None and sig.agent_error is None


def test_a_truncated_real_trajectory_is_ignored(tmp_path):
    text = (DATA / "greeting.traj.json").read_text()
    sig = parsed(tmp_path, None, exit_code=0, traj_text=text[: len(text) // 2])
    assert sig.turns is None and sig.events == []


def test_junk_messages_inside_a_trajectory_are_skipped(tmp_path):
    traj = {"info": {"exit_status": ["x"], "model_stats": {"api_calls": "many"}, "mini_version": {"a": 1}},
            "messages": [None, 7, "text", {"role": "assistant", "content": 5, "extra": "nope"},
                         {"role": "assistant", "content": "ok", "extra": {
                             "timestamp": "soon", "actions": [None, {"command": ["ls"], "tool_call_id": 3}],
                             "response": {"usage": {"prompt_tokens": -1, "completion_tokens": True}}}},
                         {"role": "tool", "tool_call_id": 3, "extra": {"returncode": "0", "timestamp": None}},
                         {"role": "user", "extra": {"response": "not a dict"}},
                         {"role": "tool", "tool_call_id": "unknown"}]}
    sig = parsed(tmp_path, None, traj_text=json.dumps(traj))
    assert sig.turns == 3 and sig.tool_calls == 1
    assert sig.failed_tool_calls == 1         # return code "0" is not 0
    assert sig.tokens_in is None and sig.tokens_out is None     # a turn without usable usage: no total
    assert sig.extra["api_calls"] is None and sig.extra["exit_status"] is None
    assert sig.agent_error is None


def test_an_unknown_exit_status_is_an_agent_error(tmp_path):
    traj = json.loads((DATA / "greeting.traj.json").read_text())
    traj["info"]["exit_status"] = "RuntimeError"
    traj["messages"][-1] = {"role": "exit", "content": "boom", "extra": {"exit_status": "RuntimeError"}}
    sig = parsed(tmp_path, None, exit_code=1, traj_text=json.dumps(traj))
    assert sig.agent_error == "RuntimeError: boom" and sig.infra_error is None


def test_a_planted_symlink_is_not_followed(tmp_path):
    ctx = context(tmp_path)
    (ctx.scratch_dir / "traj.json").symlink_to(DATA / "greeting.traj.json")
    out = ctx.run_dir / "o.log"
    out.write_text("")
    sig = mini.parse(ctx, ProcessResult(0, False, 1.0, out, out))
    assert sig.turns is None and sig.events == []


def test_read_json_file_is_capped_and_regular_files_only(tmp_path):
    f = tmp_path / "t.json"
    f.write_text(json.dumps({"a": "x" * 100}))
    assert read_json_file(f) == {"a": "x" * 100}
    assert read_json_file(f, limit=50) is None            # cut at the cap: not read at all
    assert read_json_file(tmp_path / "missing.json") is None
    os.mkfifo(tmp_path / "fifo")
    assert read_json_file(tmp_path / "fifo") is None      # a FIFO would block a plain open()
    (tmp_path / "link").symlink_to(f)
    assert read_json_file(tmp_path / "link") is None


def test_doctor_shows_the_version_mini_has_no_flag_for(binary):
    from bench.models import doctor

    [line] = [c for c in doctor.check_agents() if c["name"] == "mini-swe-agent"]
    assert line["status"] == "ok" and line["message"] == f"2.4.6, the pinned version ({binary})"
