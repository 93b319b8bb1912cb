"""The tool-call canary against the scripted server's personas, over Ollama's native API and an
OpenAI-compatible --base-url: every class is produced and classified, and only `pass` exits 0."""
from __future__ import annotations

import json
import os
import socket
import subprocess
import sys
import time

import pytest

from bench import fakellm
from bench.common import schema
from bench.models import probe
from bench.models.modelserver import ServerError
from conftest import REPO

CANARY = REPO / "bench" / "fakellm_scripts" / "canary.yaml"

EXPECTED = {
    "canary-pass": "pass",
    "canary-text": "fail_text_shaped",
    "canary-text-tags": "fail_text_shaped",
    "canary-nocall": "fail_no_call",
    "canary-badargs": "fail_bad_arguments",
    "canary-truncating": "fail_context",
    "canary-500": "error_server",
    "canary-not-pulled": "error_not_found",
}


def run_cli(*args: str, env: dict[str, str]) -> subprocess.CompletedProcess:
    """`python -m bench ARGS` as a real subprocess, with extra environment."""
    return subprocess.run([sys.executable, "-m", "bench", *args], cwd=REPO, capture_output=True, text=True,
                          timeout=300, env={**os.environ, "PYTHONPATH": str(REPO), **env})


@pytest.fixture(scope="module")
def fake():
    """The canary personas, served on 127.0.0.1 for the whole module (request bodies logged)."""
    with fakellm.serve(CANARY, log_bodies=True) as server:
        yield server


def chats_since(fake, before: int, count: int) -> list[dict]:
    """The answered chat requests logged since `before`; the server logs after replying, so wait for `count`."""
    for _ in range(100):
        chats = [r for r in fake.requests[before:] if r.get("turn") is not None and r.get("status") == 200]
        if len(chats) >= count:
            return chats
        time.sleep(0.05)
    return chats


def run_probe(fake, name: str, api: str, **kw) -> dict:
    """Probe `name` over the native Ollama API ($OLLAMA_HOST) or the OpenAI-compatible one (--base-url)."""
    if api == "ollama":
        record = probe.probe(f"ollama/{name}", env={"OLLAMA_HOST": fake.url}, **kw)
    else:
        record = probe.probe(f"openai/{name}", f"{fake.url}/v1", **kw)
    schema.check(record, "probe", where=name)
    return record


@pytest.mark.parametrize("api", ["ollama", "openai"])
@pytest.mark.parametrize("name", sorted(EXPECTED))
def test_each_persona_gets_its_class(fake, name, api):
    record = run_probe(fake, name, api)
    assert record["class"] == EXPECTED[name], record["reason"]
    assert record["passed"] is (EXPECTED[name] == "pass")
    assert record["api"] == api
    assert (record["fix"] is None) is (EXPECTED[name] == "pass")


@pytest.mark.parametrize("api", ["ollama", "openai"])
def test_pass_sends_the_tool_result_back_in_each_api_dialect(fake, api):
    before = len(fake.requests)
    record = run_probe(fake, "canary-pass", api)
    # the canary's three, then the protocol checks' requests, one per wire protocol (straight to the server)
    chats = chats_since(fake, before, 7)
    assert [c["last_role"] for c in chats[:3]] == ["user", "tool", "user"], "tool call, follow-up, context check"
    assert sorted(c["path"] for c in chats[3:]) == ["/api/chat", "/v1/chat/completions", "/v1/messages",
                                                    "/v1/responses"]
    tool_msg = chats[1]["body"]["messages"][-1]
    if api == "ollama":
        assert tool_msg["tool_name"] == "read_file" and "tool_call_id" not in tool_msg
        assert isinstance(chats[1]["body"]["messages"][-2]["tool_calls"][0]["function"]["arguments"], dict)
    else:
        call = chats[1]["body"]["messages"][-2]["tool_calls"][0]
        assert tool_msg["tool_call_id"] == call["id"] and isinstance(call["function"]["arguments"], str)
    assert record["tool_call"]["problems"] == [] and record["tool_call"]["arguments"]["path"]
    assert [s["step"] for s in record["steps"]] == ["tool_call", "follow_up", "context"]
    assert record["context"]["checked"] and record["context"]["truncated"] is False
    assert record["context"]["sent_estimate"] > 4000, "the context check is a long prompt"
    assert chats[2]["body"]["stream"] is False and "tools" not in chats[2]["body"]


def test_ollama_can_be_probed_through_its_v1_api_as_opencode_uses_it(fake):
    record = probe.probe("ollama/canary-pass", api="openai", env={"OLLAMA_HOST": fake.url})
    assert record["class"] == "pass" and record["api"] == "openai"
    assert record["endpoint"] == f"{fake.url}/v1/chat/completions"


def test_probe_records_the_model_metadata(fake):
    native = run_probe(fake, "canary-pass", "ollama")["model_info"]
    assert native["parameter_size"] == "8.2B" and native["quantization"] == "Q4_K_M"
    assert native["context_length"] == 40960 and len(native["digest"]) == 64
    assert native["server"] == {"kind": "ollama", "url": fake.url, "version": fakellm.OLLAMA_VERSION, "ollama": True}
    # Ollama behind its /v1 URL: the native API still tells the details the OpenAI one lacks.
    via_v1 = run_probe(fake, "canary-pass", "openai")["model_info"]
    assert via_v1["digest"] == native["digest"] and via_v1["server"]["kind"] == "openai"


def test_truncation_is_reported_with_the_setting_that_fixes_it(fake):
    record = run_probe(fake, "canary-truncating", "ollama")
    assert record["context"]["evaluated"] == 256 and record["context"]["truncated"] is True
    assert "OLLAMA_CONTEXT_LENGTH" in record["fix"] and "num_ctx" in record["fix"]
    assert "fail_no_call" in record["reason"], "the tool exchange's own verdict is kept in the reason"


def test_not_found_says_how_to_pull(fake):
    record = run_probe(fake, "qwen3:8b", "ollama")
    assert record["class"] == "error_not_found" and record["fix"] == "ollama pull qwen3:8b"


def test_a_hanging_server_is_a_timeout_within_the_budget(fake):
    before = len(fake.requests)
    record = run_probe(fake, "canary-hang", "ollama", budget_s=1.5)
    assert record["class"] == "error_timeout" and "--timeout" in record["fix"]
    hung = [r for r in fake.requests[before:] if r.get("event") == "hang_start"]
    assert len(hung) == 1, "one request, no retries past the budget"


@pytest.mark.parametrize("api", ["ollama", "openai"])
def test_a_closed_port_is_unreachable(api):
    sock = socket.socket()
    sock.bind(("127.0.0.1", 0))
    port = sock.getsockname()[1]
    sock.close()
    if api == "ollama":
        record = probe.probe("ollama/qwen3:8b", env={"OLLAMA_HOST": f"127.0.0.1:{port}"})
    else:
        record = probe.probe("openai/x", f"http://127.0.0.1:{port}/v1")
    schema.check(record, "probe")
    assert record["class"] == "error_unreachable"
    assert ("ollama serve" if api == "ollama" else "--base-url") in record["fix"]


def test_a_call_whose_result_is_ignored_fails_the_followup():
    script = {"models": {"forgetful": {"turns": [
        {"tool_calls": [{"name": "read_file", "arguments": {"path": "notes/secret.txt"}}]},
        "I could not find a code word."]}}}
    with fakellm.serve(script) as server:
        record = probe.probe("ollama/forgetful", env={"OLLAMA_HOST": server.url})
    assert record["class"] == "fail_followup"
    assert record["tool_call"]["path_as_asked"] is True


def test_a_window_smaller_than_the_model_limit_is_what_the_check_measures():
    script = {"models": {"small": {"persona": "native_tools", "context_length": 2048}}}
    with fakellm.serve(script) as server:
        record = probe.probe("ollama/small", env={"OLLAMA_HOST": server.url})
    assert record["class"] == "pass"
    assert record["context"]["sent_estimate"] <= 2048, "never more than the model itself can hold"


@pytest.mark.parametrize("text", [
    '{"name": "read_file", "arguments": {"path": "notes/secret.txt"}}',
    'Sure!\n```json\n{"name": "read_file", "parameters": {"path": "notes/secret.txt"}}\n```',
    '<tool_call>\n{"name": "read_file", "arguments": {"path": "x"}}\n</tool_call>',
    '[TOOL_CALLS] [{"name": "read_file", "arguments": {"path": "x"}}]',
    '<|python_tag|>read_file.call(path="x")',
    'read_file(path="notes/secret.txt")',
    '{"function": {"name": "read_file"}}',
])
def test_tool_call_shaped_text_is_recognized(text):
    assert probe.text_shaped(text)


@pytest.mark.parametrize("text", [
    "I will use the read_file tool to read notes/secret.txt, but I cannot access files.",
    "The code word is unknown. {not json}",
    '{"answer": "the file is empty"}',
    "",
])
def test_plain_answers_are_not_tool_shaped(text):
    assert not probe.text_shaped(text)


@pytest.mark.parametrize("status,body,cls", [
    (400, {"error": "registry.ollama.ai/library/gemma:2b does not support tools"}, "fail_no_call"),
    (400, {"error": {"message": "Requested tokens (9000) exceed context window of 8192"}}, "fail_context"),
    (404, {"error": "model 'x' not found"}, "error_not_found"),
    (404, {"detail": "Not Found"}, "error_unreachable"),
    (500, {"error": "CUDA error: out of memory"}, "error_server"),
])
def test_server_errors_map_to_classes(status, body, cls):
    assert probe._error_class(ServerError("http", "HTTP", status, body)) == cls


def test_arguments_are_checked_against_the_tool_schema():
    assert probe.check_call({"name": "read_file", "arguments": '{"path": "a.txt"}'}) == ({"path": "a.txt"}, [])
    assert probe.check_call({"name": "read_file", "arguments": {"path": 3}})[1]
    assert probe.check_call({"name": "read_file", "arguments": {"path": "a", "mode": "r"}})[1]
    assert probe.check_call({"name": "write_file", "arguments": {"path": "a"}})[1]
    assert probe.check_call({"name": "read_file", "arguments": "{'path': 'a'}"})[0] is None


def test_cli_exit_code_is_zero_only_on_pass(fake, tmp_path):
    # doctor also needs an agent CLI to call the machine ready; a stub stands in where none is installed
    stub = tmp_path / "aider"
    stub.write_text("#!/bin/sh\necho 'aider 0.86.2'\n")
    stub.chmod(0o755)
    env = {"OLLAMA_HOST": fake.url, "LOCALAGENTBENCH_AIDER_BIN": str(stub)}
    ok = run_cli("doctor", "--probe", "ollama/canary-pass", "--json", env=env)
    assert ok.returncode == 0, ok.stderr
    record = json.loads(ok.stdout)
    schema.check(record, "doctor")
    schema.check(record["probe"], "probe")
    assert record["probe"]["class"] == "pass"
    for name in ("canary-nocall", "canary-text"):
        done = run_cli("doctor", "--probe", f"ollama/{name}", env=env)
        assert done.returncode == 1 and f"ollama/{name}: fail_" in done.stdout
    missing = run_cli("doctor", "--probe", "ollama/qwen3:8b", env=env)
    assert missing.returncode == 1 and "ollama pull qwen3:8b" in missing.stdout


def test_cli_probe_over_base_url(fake):
    done = run_cli("doctor", "--probe", "openai/canary-badargs", "--base-url", f"{fake.url}/v1", "--json",
                   env={"OLLAMA_HOST": "127.0.0.1:9"})
    record = json.loads(done.stdout)
    assert done.returncode == 1 and record["probe"]["class"] == "fail_bad_arguments"
    assert record["probe"]["endpoint"] == f"{fake.url}/v1/chat/completions"


def test_cli_bad_input_is_one_line(fake):
    done = run_cli("doctor", "--probe", "ollama/canary-pass", "--timeout", "0", env={"OLLAMA_HOST": fake.url})
    assert done.returncode == 2 and done.stderr.count("\n") == 1 and "Traceback" not in done.stderr
    done = run_cli("doctor", "--probe", "anthropic/claude", env={"OLLAMA_HOST": fake.url})
    assert done.returncode == 2 and "--base-url" in done.stderr and "Traceback" not in done.stderr


@pytest.mark.parametrize("api", ["auto", "openai"])
def test_doctor_probe_with_num_ctx_serves_every_call_with_that_window(fake, api):
    """`doctor --probe MODEL --num-ctx N` through the CLI: every probe call reaches Ollama's native API with
    options.num_ctx N (its /v1 calls too, as a run's are), and the record carries the serving facts."""
    before = len(fake.requests)
    done = run_cli("doctor", "--probe", "ollama/canary-pass", "--num-ctx", "12288", "--api", api, "--json",
                   "--tasks", str(REPO / "tasks"), env={"OLLAMA_HOST": fake.url})
    assert done.stdout.strip(), done.stderr[-2000:]
    record = json.loads(done.stdout)["probe"]
    assert record["class"] == "pass", done.stderr
    # every call through the proxy (the protocol checks ask the server straight, not through it)
    windowed = [r for r in fake.requests[before:] if r.get("turn") is not None and r["api"] == "ollama"
                and (r.get("options") or {}).get("num_ctx") == 12288]
    assert len(windowed) == record["model_calls"]["calls"] >= 2
    assert record["serving"]["context_window"] == 12288 and record["serving"]["server"] == "ollama"


def test_doctor_probe_refuses_a_window_a_llama_cpp_server_does_not_have(tmp_path):
    with fakellm.serve({"server": {"flavor": "llama.cpp"}, "models": {"coder": {"context_length": 4096}}}) as srv:
        done = run_cli("doctor", "--probe", "coder", "--base-url", srv.url + "/v1", "--num-ctx", "8192",
                       "--tasks", str(REPO / "tasks"), env={})
    assert done.returncode == 2 and len(done.stderr.strip().splitlines()) == 1, done.stderr
    assert "--ctx-size 8192" in done.stderr and "4096" in done.stderr
