"""Binary discovery, model-server resolution, and the command lines / configs the opencode and aider adapters build.

No real CLI is needed: a stub executable stands in for the binary ($LOCALAGENTBENCH_<NAME>_BIN).
"""
from __future__ import annotations

import json
import os
from pathlib import Path

import pytest

from bench.agents import aider, binaries, opencode
from bench.agents.base import AgentContext
from bench.common.errors import UserError
from bench.exec import sandbox
from bench.models import servers


def stub(tmp_path: Path, name: str, version_line: str) -> Path:
    p = tmp_path / "bin" / name
    p.parent.mkdir(parents=True, exist_ok=True)
    p.write_text(f"#!/bin/sh\necho '{version_line}'\n")
    p.chmod(0o755)
    return p


@pytest.fixture
def clean_env(monkeypatch):
    for k in list(os.environ):
        if k.startswith(("OPENCODE_", "AIDER_", "LOCALAGENTBENCH_")) or k in ("OLLAMA_HOST", "npm_config_offline"):
            monkeypatch.delenv(k, raising=False)
    return monkeypatch


def context(tmp_path: Path, model: str = "ollama/qwen3:8b", base_url: str | None = None, max_turns: int | None = 30,
            category: str = "bugfix", options: dict | None = None) -> AgentContext:
    work = tmp_path / "work"
    (work / "pkg").mkdir(parents=True, exist_ok=True)
    (work / "tests").mkdir(exist_ok=True)
    (work / "pkg" / "mod.py").write_text("x = 1\n")
    (work / "README.md").write_text("# readme\n")
    (work / "tests" / "test_mod.py").write_text("import pkg\n")
    (work / "conftest.py").write_text("")
    (work / ".hidden").write_text("secret\n")
    (work / "blob.bin").write_bytes(b"\0\1\2")
    (work / "pkg" / "__pycache__").mkdir(exist_ok=True)
    (work / "pkg" / "__pycache__" / "mod.cpython-311.pyc").write_bytes(b"\0")
    scratch, run_dir = tmp_path / "scratch", tmp_path / "run"
    scratch.mkdir(exist_ok=True)
    run_dir.mkdir(exist_ok=True)
    prompt_file = run_dir / "prompt.txt"
    prompt_file.write_text('Fix "x" in pkg/mod.py.\nThanks!\n')
    return AgentContext(task={"id": "t", "category": category}, workdir=work, prompt=prompt_file.read_text(),
                        prompt_file=prompt_file, model=model, timeout_s=60, max_turns=max_turns, scratch_dir=scratch,
                        run_dir=run_dir, base_url=base_url, options=options or {})


# ---------------------------------------------------------------------------------------------
# binaries


def test_find_binary_order(tmp_path, clean_env):
    agents = tmp_path / "agents"
    local = agents / "node_modules" / ".bin" / "opencode"
    local.parent.mkdir(parents=True)
    local.write_text("#!/bin/sh\n")
    local.chmod(0o755)
    on_path = stub(tmp_path, "opencode", "path")
    env = {"PATH": str(on_path.parent)}
    assert binaries.find_binary("opencode", env, agents_dir=agents) == local
    assert binaries.find_binary("opencode", env, agents_dir=tmp_path / "none") == on_path
    explicit = stub(tmp_path / "x", "oc", "explicit")
    found = binaries.find_binary("opencode", {**env, "LOCALAGENTBENCH_OPENCODE_BIN": str(explicit)}, agents)
    assert found == explicit.resolve()
    assert binaries.find_binary("opencode", {"PATH": ""}, agents_dir=tmp_path / "none") is None
    # an explicit variable that points nowhere is not silently replaced by another binary
    assert binaries.find_binary("opencode", {**env, "LOCALAGENTBENCH_OPENCODE_BIN": "/no/such"}, agents) is None


def test_check_names_where_it_looked_and_how_to_install(clean_env, monkeypatch, tmp_path):
    monkeypatch.setattr(binaries, "AGENTS_DIR", tmp_path / "none")
    monkeypatch.setenv("PATH", str(tmp_path))
    with pytest.raises(UserError) as e:
        opencode.check({})
    assert str(e.value) == ("opencode: binary not found (looked in $LOCALAGENTBENCH_OPENCODE_BIN, .agents/, PATH); "
                            "install it with `nox -s install-agents` or `npm install opencode-ai@1.18.33`")
    with pytest.raises(UserError) as e:
        aider.check({})
    assert str(e.value).startswith("aider: binary not found (looked in $LOCALAGENTBENCH_AIDER_BIN, .agents/, PATH)")
    assert "\n" not in str(e.value)


def test_versions_and_pins(tmp_path, clean_env):
    clean_env.setenv("LOCALAGENTBENCH_OPENCODE_BIN", str(stub(tmp_path, "opencode", "1.18.33")))
    clean_env.setenv("LOCALAGENTBENCH_AIDER_BIN", str(stub(tmp_path, "aider", "aider 0.86.2")))
    assert opencode.version({}) == opencode.PINNED_VERSION == "1.18.33"
    assert aider.version({}) == aider.PINNED_VERSION == "0.86.2"
    assert "opencode-ai@1.18.33" in opencode.INSTALL_HINT and "aider-chat==0.86.2" in aider.INSTALL_HINT


def test_binary_mounts_for_npm_and_venv(tmp_path):
    # A project install (`nox -s install-agents`): the platform package lies beside opencode-ai, so the whole tree.
    pkg = tmp_path / "node_modules" / "opencode-ai"
    (pkg / "bin").mkdir(parents=True)
    (pkg / "bin" / "opencode.exe").write_text("")
    (pkg / "package.json").write_text(json.dumps({"optionalDependencies": {"opencode-linux-x64": "1.18.33"}}))
    (tmp_path / "node_modules" / "opencode-linux-x64").mkdir()
    bin_link = tmp_path / "node_modules" / ".bin" / "opencode"
    bin_link.parent.mkdir()
    bin_link.symlink_to("../opencode-ai/bin/opencode.exe")
    assert sandbox.binary_mounts(bin_link) == [tmp_path / "node_modules"]
    # `npm install -g`: the dependencies inside the package, so the package alone.
    (tmp_path / "node_modules" / "opencode-linux-x64").rmdir()
    (pkg / "node_modules" / "opencode-linux-x64").mkdir(parents=True)
    assert sandbox.binary_mounts(bin_link) == [bin_link, pkg]
    venv = tmp_path / "venv"
    (venv / "bin").mkdir(parents=True)
    (venv / "bin" / "aider").write_text("")
    (venv / "pyvenv.cfg").write_text("home = /usr/local/python3.11/bin\n")   # a base Python every sandbox shows
    assert sandbox.binary_mounts(venv / "bin" / "aider") == [venv]


# ---------------------------------------------------------------------------------------------
# servers


@pytest.mark.parametrize("value,url", [
    (None, "http://127.0.0.1:11434"),
    ("", "http://127.0.0.1:11434"),
    ("gpu-box:11500", "http://gpu-box:11500"),
    ("0.0.0.0", "http://127.0.0.1:11434"),
    ("http://10.1.2.3", "http://10.1.2.3:11434"),
    ("https://ollama.example/", "https://ollama.example:443"),
    ("127.0.0.1:9999/", "http://127.0.0.1:9999"),
])
def test_ollama_host(value, url):
    assert servers.normalize_ollama_host(value) == url


def test_resolve_model():
    t = servers.resolve_model("ollama/qwen3:8b", env={"OLLAMA_HOST": "box:1234"})
    assert (t.kind, t.model, t.root, t.openai_base) == ("ollama", "qwen3:8b", "http://box:1234", "http://box:1234/v1")
    t = servers.resolve_model("ollama/hf.co/org/model:Q4", env={})
    assert t.model == "hf.co/org/model:Q4" and t.root == "http://127.0.0.1:11434"
    t = servers.resolve_model("qwen2.5-coder-7b", base_url="http://127.0.0.1:8080/v1/")
    assert (t.kind, t.model, t.root, t.openai_base) == ("openai", "qwen2.5-coder-7b", "http://127.0.0.1:8080",
                                                        "http://127.0.0.1:8080/v1")
    assert servers.resolve_model("ollama/qwen3:8b", base_url="localhost:11434/v1").openai_base == "http://localhost:11434/v1"
    assert servers.resolve_model("openai/gpt-x", base_url="http://h/v1").model == "gpt-x"
    t = servers.resolve_model("qwen3:8b", env={"OLLAMA_HOST": "box:1234"})   # a bare tag is ollama/<tag>
    assert (t.spec, t.kind, t.model, t.root) == ("ollama/qwen3:8b", "ollama", "qwen3:8b", "http://box:1234")
    for bad in ("none", "", "ollama/", "anthropic/claude", "http://127.0.0.1:11434"):
        with pytest.raises(UserError):
            servers.resolve_model(bad, env={})


# ---------------------------------------------------------------------------------------------
# opencode


def test_opencode_invocation(tmp_path, clean_env):
    clean_env.setenv("LOCALAGENTBENCH_OPENCODE_BIN", str(stub(tmp_path, "opencode", "1.18.33")))
    clean_env.setenv("OLLAMA_HOST", "127.0.0.1:4000")
    ctx = context(tmp_path, max_turns=12)
    inv = opencode.invocation(ctx)
    assert inv.argv[1:] == ["run", "--format", "json", "--title", "localagentbench", "-m", "localagentbench/qwen3:8b",
                            "--dir", str(ctx.workdir), "--print-logs", "--log-level", "INFO", "--thinking"]
    assert inv.stdin == ctx.prompt.encode()            # verbatim, not as a (re-quoted) argument
    home = ctx.scratch_dir / "home"
    assert inv.env["HOME"] == str(home)
    for var in ("XDG_CONFIG_HOME", "XDG_DATA_HOME", "XDG_CACHE_HOME", "XDG_STATE_HOME"):
        assert inv.env[var].startswith(str(home)) and Path(inv.env[var]).is_dir()
    for var in ("OPENCODE_DISABLE_MODELS_FETCH", "OPENCODE_DISABLE_AUTOUPDATE", "OPENCODE_DISABLE_LSP_DOWNLOAD",
                "OPENCODE_DISABLE_PROJECT_CONFIG"):
        assert inv.env[var] == "1"
    assert inv.env["npm_config_offline"] == "true"
    assert "127.0.0.1" in inv.env["NO_PROXY"].split(",")
    cfg = json.loads(inv.env["OPENCODE_CONFIG_CONTENT"])
    prov = cfg["provider"]["localagentbench"]
    assert prov["npm"] == "@ai-sdk/openai-compatible"
    assert prov["options"]["baseURL"] == "http://127.0.0.1:4000/v1"
    assert prov["models"]["qwen3:8b"]["tool_call"] is True
    assert prov["models"]["qwen3:8b"]["limit"] == {"context": 32768, "output": 8192}
    assert cfg["autoupdate"] is False and cfg["share"] == "disabled"
    assert cfg["model"] == cfg["small_model"] == "localagentbench/qwen3:8b"
    assert cfg["enabled_providers"] == ["localagentbench"]
    assert cfg["permission"]["*"] == "allow" and cfg["permission"]["webfetch"] == "deny"
    assert cfg["agent"] == {"build": {"steps": 12}}
    assert inv.ro_paths


def test_opencode_base_url_context_and_no_steps(tmp_path, clean_env):
    clean_env.setenv("LOCALAGENTBENCH_OPENCODE_BIN", str(stub(tmp_path, "opencode", "1.18.33")))
    ctx = context(tmp_path, model="my-model", base_url="http://127.0.0.1:8080/v1", max_turns=None,
                  options={"context_length": 8192})
    cfg = json.loads(opencode.invocation(ctx).env["OPENCODE_CONFIG_CONTENT"])
    m = cfg["provider"]["localagentbench"]
    assert m["options"]["baseURL"] == "http://127.0.0.1:8080/v1"
    assert m["models"]["my-model"]["limit"] == {"context": 8192, "output": 2048}
    assert "agent" not in cfg


def test_opencode_scrubs_the_users_opencode_variables(tmp_path, clean_env):
    clean_env.setenv("LOCALAGENTBENCH_OPENCODE_BIN", str(stub(tmp_path, "opencode", "1.18.33")))
    clean_env.setenv("OPENCODE_CONFIG", "/home/user/my-opencode.json")
    clean_env.setenv("OPENCODE_CONFIG_DIR", "/home/user/.oc")
    inv = opencode.invocation(context(tmp_path))
    assert inv.argv[:5] == ["env", "-u", "OPENCODE_CONFIG", "-u", "OPENCODE_CONFIG_DIR"]
    assert "OPENCODE_CONFIG_CONTENT" in inv.env      # ours is set, not removed


# ---------------------------------------------------------------------------------------------
# aider


def test_aider_invocation_ollama(tmp_path, clean_env):
    clean_env.setenv("LOCALAGENTBENCH_AIDER_BIN", str(stub(tmp_path, "aider", "aider 0.86.2")))
    clean_env.setenv("OLLAMA_HOST", "127.0.0.1:4000")
    ctx = context(tmp_path)
    inv = aider.invocation(ctx)
    argv = inv.argv
    assert argv[1:3] == ["--model", "ollama_chat/qwen3:8b"] and "--openai-api-base" not in argv
    for flag in ("--yes-always", "--no-auto-commits", "--no-dirty-commits", "--no-gitignore", "--no-check-update",
                 "--analytics-disable", "--no-show-model-warnings", "--no-show-release-notes", "--no-stream",
                 "--no-pretty", "--no-fancy-input", "--no-detect-urls", "--no-auto-test"):
        assert flag in argv
    def value(flag):
        return argv[argv.index(flag) + 1]
    assert value("--edit-format") == "diff" and value("--map-tokens") == "0"
    assert value("--message-file") == str(ctx.prompt_file)
    for flag in ("--config", "--env-file", "--model-settings-file", "--model-metadata-file", "--analytics-log",
                 "--input-history-file", "--chat-history-file"):
        assert value(flag).startswith(str(ctx.scratch_dir)), flag
    settings = json.loads(Path(value("--model-settings-file")).read_text())
    assert settings == [{"name": "ollama_chat/qwen3:8b", "edit_format": "diff", "use_repo_map": False,
                         "extra_params": {"num_ctx": 32768}}]
    meta = json.loads(Path(value("--model-metadata-file")).read_text())
    assert meta["ollama_chat/qwen3:8b"]["max_input_tokens"] == 32768
    assert Path(value("--env-file")).read_text() == "OLLAMA_API_BASE=http://127.0.0.1:4000\n"
    assert inv.env["OLLAMA_API_BASE"] == "http://127.0.0.1:4000"
    assert inv.env["HOME"] == str(ctx.scratch_dir / "home") and inv.env["LITELLM_LOCAL_MODEL_COST_MAP"] == "True"
    assert inv.env["COLUMNS"] == "4096"
    assert inv.stdin is None
    # files: source editable, tests read-only; hidden, binary and cache files left out
    edits = [argv[i + 1] for i, a in enumerate(argv) if a == "--file"]
    reads = [argv[i + 1] for i, a in enumerate(argv) if a == "--read"]
    assert edits == ["README.md", "pkg/mod.py"]
    assert reads == ["conftest.py", "tests/test_mod.py"]


def test_aider_invocation_openai_and_test_tasks(tmp_path, clean_env):
    clean_env.setenv("LOCALAGENTBENCH_AIDER_BIN", str(stub(tmp_path, "aider", "aider 0.86.2")))
    clean_env.setenv("AIDER_MODEL", "gpt-4o")
    clean_env.setenv("AIDER_AUTO_COMMITS", "true")
    ctx = context(tmp_path, model="coder", base_url="http://127.0.0.1:8080/v1", category="test")
    inv = aider.invocation(ctx)
    assert inv.argv[:5] == ["env", "-u", "AIDER_AUTO_COMMITS", "-u", "AIDER_MODEL"]
    argv = inv.argv[5:]
    assert argv[1:5] == ["--model", "openai/coder", "--openai-api-base", "http://127.0.0.1:8080/v1"]
    assert inv.env["OPENAI_API_KEY"] and inv.env["OPENAI_API_BASE"] == "http://127.0.0.1:8080/v1"
    settings = json.loads(Path(argv[argv.index("--model-settings-file") + 1]).read_text())
    assert "extra_params" not in settings[0]           # num_ctx is an Ollama option only
    edits = [argv[i + 1] for i, a in enumerate(argv) if a == "--file"]
    assert "tests/test_mod.py" in edits and "--read" not in argv   # a test-writing task edits tests


def test_aider_file_options(tmp_path, clean_env):
    clean_env.setenv("LOCALAGENTBENCH_AIDER_BIN", str(stub(tmp_path, "aider", "aider 0.86.2")))
    argv = aider.invocation(context(tmp_path, options={"aider_files": "none"})).argv
    assert "--file" not in argv and "--read" not in argv
    options = {"aider_files": ["pkg/mod.py"], "aider_edit_format": "whole"}
    argv = aider.invocation(context(tmp_path, options=options)).argv
    assert argv[argv.index("--file") + 1] == "pkg/mod.py" and argv[argv.index("--edit-format") + 1] == "whole"


def test_is_test_path():
    assert aider.is_test_path("tests/x.py") and aider.is_test_path("a/tests/helpers.py")
    assert aider.is_test_path("test_a.py") and aider.is_test_path("pkg/a_test.py") and aider.is_test_path("conftest.py")
    assert not aider.is_test_path("pkg/testing.py") and not aider.is_test_path("contest.py")
    assert aider.is_test_path("src/a.test.js", "javascript") and not aider.is_test_path("src/a.js", "javascript")


def test_aider_gets_read_only_the_tests_grading_protects_and_none_of_the_ignored_paths(tmp_path):
    from bench.common import rules

    ctx = context(tmp_path)
    for rel in ("test_dir/x.py", "pkg/a_test.py", "pkg/testing.py", "legacy.pyc", "sub/.pytest_cache/v/x",
                ".ruff_cache/x", "node_modules/a.js"):
        (ctx.workdir / rel).parent.mkdir(parents=True, exist_ok=True)
        (ctx.workdir / rel).write_text("x = 1\n")
    edit, read = aider.choose_files(ctx)
    assert sorted(read) == ["conftest.py", "pkg/a_test.py", "tests/test_mod.py"]
    assert "test_dir/x.py" in edit and "pkg/testing.py" in edit, "not tests to grading, so not to aider"
    assert [f for f in edit + read if rules.is_test_path(f)] == read
    assert not [f for f in edit + read if "cache" in f or f.startswith("node_modules")]


def test_registered():
    from bench.agents import get_adapter

    assert get_adapter("opencode") is opencode and get_adapter("aider") is aider


@pytest.mark.parametrize("value,words", [("127.0.0.1:port", "no valid port"), ("ftp://example:21", "scheme 'ftp'")])
def test_a_bad_ollama_host_is_one_clear_error(value, words):
    from bench.common.errors import UserError
    from bench.models.servers import normalize_ollama_host

    with pytest.raises(UserError, match=words):
        normalize_ollama_host(value)
