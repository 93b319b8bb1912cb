"""`run --num-ctx N` through the CLI against the scripted server: the window reaches the server on every call of
every built-in agent and of the command agent, in every protocol they speak (Ollama's native API with
options.num_ctx, whatever the agent sent), each agent is told it, the run record carries the serving facts, and a
llama.cpp or vLLM server whose window differs is refused in one line before any run.

    pytest -m integration tests/agents/test_num_ctx.py
"""
from __future__ import annotations

import json
import subprocess
import sys
import textwrap

import pytest
from real_cli import REPO, SCRIPTS, need_agent, run_through_harness

from bench import fakellm

pytestmark = pytest.mark.integration
WINDOW = 65536   # above every calib script's prompts: an agent told a small window compacts first

# A command agent speaking every protocol the proxy serves, one call each, and saying what it was told.
AGENT = textwrap.dedent('''
    import json, os, sys, urllib.request
    url, model = os.environ["LOCALAGENTBENCH_MODEL_URL"], sys.argv[1]
    told = os.environ.get("LOCALAGENTBENCH_CONTEXT_LENGTH", "none")
    user = [{"role": "user", "content": "window " + told}]
    def call(path, body):
        req = urllib.request.Request(url + path, data=json.dumps(body).encode(), method="POST",
                                     headers={"Content-Type": "application/json", "x-api-key": "x"})
        with urllib.request.urlopen(req, timeout=30) as resp:
            resp.read()
            return resp.status
    statuses = [
        call("/v1/chat/completions", {"model": model, "messages": user}),
        call("/v1/chat/completions", {"model": model, "messages": user, "stream": True}),
        call("/v1/responses", {"model": model, "input": "window " + told}),
        call("/v1/messages", {"model": model, "max_tokens": 64, "messages": user}),
        call("/api/chat", {"model": model, "messages": user, "options": {"num_ctx": 131072}}),
        call("/api/generate", {"model": model, "prompt": "window " + told, "stream": False}),
    ]
    sys.exit(0 if statuses == [200] * 6 else 3)
''')
COMMAND_SCRIPT = {"models": {"coder": {"context_length": 131072, "turns": ["ok"] * 6}}}


def _model_requests(run) -> list[dict]:
    """What the server answered as model calls (the harness's own warm-up left out)."""
    return [r for r in run.agent_requests if "turn" in r]


def _assert_served_with_window(run, window: int) -> None:
    served = _model_requests(run)
    assert served, run.stderr_tail()
    assert {r["api"] for r in served} <= {"ollama", "generate"}, [r["api"] for r in served]
    assert [r["options"]["num_ctx"] for r in served] == [window] * len(served)
    facts = run.record["model"]["serving"]
    assert facts["context_window"] == window and facts["context_source"] == "--num-ctx"
    assert facts["server"] == "ollama" and facts["digest"] and facts["quantization"] and facts["family"]
    assert run.record["options"]["context_length"] == window


def test_the_command_agent_gets_the_window_in_every_protocol(tmp_path):
    script = tmp_path / "agent" / "agent.py"
    script.parent.mkdir()
    script.write_text(AGENT)
    run = run_through_harness(tmp_path, "command", "ollama/coder", "calib-greeting", script=COMMAND_SCRIPT,
                              log_bodies=True, args=["--agent-cmd", f"{sys.executable} {script} coder",
                                                     "--sandbox-ro", str(script.parent), "--num-ctx", str(WINDOW)])
    assert run.record is not None, run.stderr_tail()
    assert run.record["agent"]["exit_code"] == 0, run.stderr_tail()
    _assert_served_with_window(run, WINDOW)
    assert run.record["model_calls"]["protocols"] == {"openai_chat": 2, "openai_responses": 1,
                                                      "anthropic_messages": 1, "ollama_chat": 1,
                                                      "ollama_generate": 1}
    # the agent was told the window (its prompts say what LOCALAGENTBENCH_CONTEXT_LENGTH held)
    bodies = json.dumps([r["body"] for r in _model_requests(run)])
    assert f"window {WINDOW}" in bodies and "window none" not in bodies


@pytest.mark.parametrize("agent", [
    pytest.param("opencode", marks=need_agent("opencode")),
    pytest.param("aider", marks=need_agent("aider")),
    pytest.param("claude-code", marks=need_agent("claude-code")),
    pytest.param("codex", marks=need_agent("codex")),
    pytest.param("qwen-code", marks=need_agent("qwen-code")),
    pytest.param("mini-swe-agent", marks=need_agent("mini-swe-agent")),
])
def test_every_builtin_agent_is_served_with_the_window(tmp_path, agent):
    run = run_through_harness(tmp_path, agent, f"ollama/{agent}-calib-greeting", "calib-greeting",
                              script=SCRIPTS / f"{agent}-calib.yaml", args=["--num-ctx", str(WINDOW)])
    assert run.proc.returncode == 0, run.stderr_tail()
    assert run.record["outcome"] == "passed", run.stderr_tail()
    _assert_served_with_window(run, WINDOW)


@pytest.mark.parametrize(("flavor", "fix"), [("llama.cpp", "--ctx-size 4096"), ("vllm", "--max-model-len 4096")])
def test_a_server_with_another_fixed_window_is_refused_in_one_line(tmp_path, flavor, fix):
    script = {"server": {"flavor": flavor}, **COMMAND_SCRIPT}
    with fakellm.serve(script) as srv:
        run = run_through_harness(tmp_path, "command", "coder", "calib-greeting", script=script, server=srv,
                                  chat_only=True, args=["--agent-cmd", "true", "--num-ctx", "4096"])
        same = run_through_harness(tmp_path, "command", "coder", "calib-greeting", script=script, server=srv,
                                   chat_only=True, args=["--agent-cmd", "true", "--num-ctx", "131072"])
    lines = run.proc.stderr.strip().splitlines()
    assert run.proc.returncode == 2 and len(lines) == 1, run.proc.stderr
    assert "131072" in lines[0] and fix in lines[0] and "Traceback" not in run.proc.stderr
    assert run.record is None   # refused before any run
    assert same.proc.returncode == 0, same.stderr_tail()
    facts = same.record["model"]["serving"]
    assert facts["server"] == flavor and facts["context_window"] == 131072 and facts["context_source"] == "--num-ctx"


def test_compare_flags_a_context_difference_and_the_summary_warns_of_truncation(tmp_path):
    """Two evaluations of the same command agent and model, one with --num-ctx 300 (the agent's long prompt is
    cut: its calls are truncated) and one with 8192: `compare` names the window among the differences, and the
    first evaluation's summary shows the truncated share with a warning line."""
    script = tmp_path / "agent" / "agent.py"
    script.parent.mkdir()
    script.write_text(AGENT.replace('"window " + told', '"window " + told + " pad" * 2000'))
    outs = {}
    with fakellm.serve(COMMAND_SCRIPT) as srv:
        for window in (300, WINDOW):
            run = run_through_harness(tmp_path, "command", "ollama/coder", "calib-greeting", script=COMMAND_SCRIPT,
                                      server=srv, args=["--agent-cmd", f"{sys.executable} {script} coder",
                                                        "--sandbox-ro", str(script.parent), "--num-ctx", str(window)])
            assert run.record is not None, run.stderr_tail()
            outs[window] = run
    short, wide = outs[300], outs[WINDOW]
    assert short.record["model_calls"]["context_truncated"] == 6 and short.record["model_calls"]["truncated_share"] == 1
    assert wide.record["model_calls"]["context_truncated"] == 0
    assert "model call(s) truncated by the context window" in short.proc.stderr
    summary = json.loads((short.out / "summary.json").read_text())
    group = summary["groups"][0]
    assert group["serving"]["context_window"] == [300] and group["model_calls"]["truncated_share"] == 1
    assert any("6 of 6 model call(s) (100.0%) were truncated" in w for w in summary["warnings"])
    done = subprocess.run([sys.executable, "-m", "bench", "compare", "--base", str(wide.out), "--other",
                           str(short.out), "--json", "--no-html"], cwd=REPO, capture_output=True, text=True,
                          timeout=120)
    assert done.returncode == 0, done.stderr
    diffs = {d["setting"]: d for d in json.loads(done.stdout)["differences"]}
    assert diffs["context_window"]["base"] == [WINDOW] and diffs["context_window"]["other"] == [300]
    markdown = subprocess.run([sys.executable, "-m", "bench", "compare", "--base", str(wide.out), "--other",
                               str(short.out), "--no-html"], cwd=REPO, capture_output=True, text=True, timeout=120)
    assert "context window (--num-ctx)" in markdown.stdout
