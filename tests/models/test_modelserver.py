"""bench.models.modelserver: where a model is served, what the server says about it, and the warm-up that
keeps model load time out of the first task. Real HTTP against the scripted server on 127.0.0.1."""
from __future__ import annotations

import socket

import pytest

from bench import fakellm
from bench.common.errors import UserError
from bench.models import modelserver as ms
from conftest import REPO

CANARY = REPO / "bench" / "fakellm_scripts" / "canary.yaml"


@pytest.fixture(scope="module")
def fake():
    with fakellm.serve(CANARY) as server:
        yield server


@pytest.mark.parametrize("value,url", [
    (None, "http://127.0.0.1:11434"),
    ("", "http://127.0.0.1:11434"),
    ("127.0.0.1:11500", "http://127.0.0.1:11500"),
    ("localhost", "http://localhost:11434"),
    ("0.0.0.0", "http://127.0.0.1:11434"),
    ("0.0.0.0:8080", "http://127.0.0.1:8080"),
    ("http://127.0.0.1:9000/", "http://127.0.0.1:9000"),
    ("https://ollama.example.invalid", "https://ollama.example.invalid:443"),
    ("[::1]:11434", "http://[::1]:11434"),
])
def test_ollama_host_forms(value, url):
    assert ms.ollama_host({} if value is None else {"OLLAMA_HOST": value}) == url


@pytest.mark.parametrize("value", ["127.0.0.1:port", "ftp://127.0.0.1:1"])
def test_a_bad_ollama_host_is_a_user_error(value):
    with pytest.raises(UserError, match="OLLAMA_HOST"):
        ms.resolve("ollama/qwen3:8b", env={"OLLAMA_HOST": value})


def test_models_resolve_as_the_agents_name_them():
    env = {"OLLAMA_HOST": "127.0.0.1:5"}
    ep = ms.resolve("ollama/qwen3:8b", env=env)
    assert (ep.kind, ep.api_root, ep.model, ep.spec, ep.chat_url) == (
        "ollama", "http://127.0.0.1:5", "qwen3:8b", "ollama/qwen3:8b", "http://127.0.0.1:5/api/chat")
    ep = ms.resolve("openai/smollm2", "http://127.0.0.1:8080/v1/")
    assert (ep.kind, ep.api_root, ep.model, ep.chat_url) == ("openai", "http://127.0.0.1:8080/v1", "smollm2",
                                                             "http://127.0.0.1:8080/v1/chat/completions")
    assert ep.ollama_root == "http://127.0.0.1:8080"
    assert ms.resolve("coder", "http://127.0.0.1:8080/api").ollama_root is None, "no /v1: where Ollama is, unknown"
    assert ms.resolve("Qwen/Qwen3-8B", "http://127.0.0.1:8000/v1").model == "Qwen/Qwen3-8B", "a server's own model id"
    assert ms.resolve("ollama/qwen3:8b", "127.0.0.1:11434/v1").api_root == "http://127.0.0.1:11434/v1"
    with pytest.raises(UserError, match="--base-url"):
        ms.resolve("anthropic/claude", env=env)
    with pytest.raises(UserError, match="--model"):
        ms.resolve("none")


def test_the_probe_and_the_agents_resolve_alike():
    from bench.models import servers

    for model, base in (("ollama/qwen3:8b", None), ("openai/smollm2", "http://127.0.0.1:8080/v1")):
        target, ep = servers.resolve_model(model, base, {}), ms.resolve(model, base, {})
        assert ep == target, "one type, one rule: the client checks more, and resolves the same"


def test_model_info_over_the_native_api(fake):
    info = ms.model_info("ollama/canary-text", env={"OLLAMA_HOST": fake.url})
    assert info["server"] == {"kind": "ollama", "url": fake.url, "version": fakellm.OLLAMA_VERSION, "ollama": True}
    assert (info["parameter_size"], info["quantization"], info["family"]) == ("7.6B", "Q4_K_M", "qwen2")
    assert info["context_length"] == 32768 and info["size"] == 4683087332 and len(info["digest"]) == 64
    assert info["capabilities"] == ["completion", "insert"] and "error" not in info


def test_model_info_never_raises_for_a_server_problem():
    sock = socket.socket()
    sock.bind(("127.0.0.1", 0))
    port = sock.getsockname()[1]
    sock.close()
    info = ms.model_info("openai/x", f"http://127.0.0.1:{port}/v1")
    assert info["server"]["kind"] == "openai" and "error" in info


def test_warm_up_reports_load_time_apart(fake):
    native = ms.warm_up("ollama/canary-pass", env={"OLLAMA_HOST": fake.url})
    assert native["error"] is None and native["load_source"] == "server" and native["load_s"] == 0.05
    v1 = ms.warm_up("openai/canary-pass", f"{fake.url}/v1")
    assert v1["error"] is None and v1["load_source"] == "wall" and v1["load_s"] >= 0
    chats = [r for r in fake.requests if r.get("turn") is not None]
    assert chats and all(r["status"] == 200 for r in chats)


def test_warm_up_passes_the_agents_options_so_ollama_does_not_reload(fake):
    ms.warm_up("ollama/canary-pass", options={"num_ctx": 16384}, env={"OLLAMA_HOST": fake.url})
    last = [r for r in fake.requests if r.get("api") == "ollama" and r.get("options")][-1]
    assert last["options"] == {"num_ctx": 16384, "num_predict": 1}


def test_gather_model_is_the_run_records_model_section(fake):
    section = ms.gather_model("ollama/canary-pass", env={"OLLAMA_HOST": fake.url})
    assert section["id"] == "ollama/canary-pass" and section["load_s"] == 0.05
    assert section["quantization"] == "Q4_K_M" and section["warm_up"]["load_source"] == "server"
    failed = ms.gather_model("ollama/canary-500", env={"OLLAMA_HOST": fake.url})
    assert failed["load_s"] is None and "500" in failed["warm_up"]["error"]
    odd = ms.gather_model("anthropic/claude", env={"OLLAMA_HOST": fake.url})
    assert odd["id"] == "anthropic/claude" and odd["load_s"] is None and "error" in odd


def test_a_proxy_in_the_environment_does_not_capture_loopback_requests(fake, monkeypatch):
    monkeypatch.setenv("HTTP_PROXY", "http://127.0.0.1:9")   # a dead proxy: using it would fail
    monkeypatch.setenv("http_proxy", "http://127.0.0.1:9")
    monkeypatch.delenv("NO_PROXY", raising=False)
    monkeypatch.delenv("no_proxy", raising=False)
    assert ms.request_json("GET", f"{fake.url}/api/version")["version"] == fakellm.OLLAMA_VERSION
