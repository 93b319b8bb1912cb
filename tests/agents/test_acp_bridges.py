"""The ACP registry entries gemini-acp, claude-code-acp and codex-acp: the command lines and environments they build
(each reuses the non-ACP adapter's own builder), and where their versions come from. No real CLI is needed: a stub
executable stands in for each binary ($LOCALAGENTBENCH_<NAME>_BIN). The real CLIs run end to end in
tests/agents/test_real_acp_bridges.py."""
from __future__ import annotations

import json
import os
from pathlib import Path

import pytest

from bench.agents import acp, claude_code, claude_code_acp, codex, codex_acp, gemini_acp
from bench.agents.base import AgentContext, Install


@pytest.fixture
def stubs(tmp_path, monkeypatch):
    for k in list(os.environ):
        if k.startswith(("GEMINI_", "GOOGLE_", "ANTHROPIC_", "CODEX_", "OPENAI_", "LOCALAGENTBENCH_")):
            monkeypatch.delenv(k, raising=False)
    for name in ("gemini", "claude-code-acp", "codex-acp"):
        p = tmp_path / "bin" / name
        p.parent.mkdir(parents=True, exist_ok=True)
        p.write_text("#!/bin/sh\necho 1.0\n")
        p.chmod(0o755)
        monkeypatch.setenv(f"LOCALAGENTBENCH_{name.upper().replace('-', '_')}_BIN", str(p))
    return monkeypatch


def context(tmp_path: Path) -> AgentContext:
    work, scratch, run_dir = tmp_path / "work", tmp_path / "scratch", tmp_path / "run"
    for d in (work, scratch, run_dir):
        d.mkdir(exist_ok=True)
    (run_dir / "prompt.txt").write_text("Fix it.\n")
    return AgentContext(task={"id": "t", "category": "bugfix"}, workdir=work, prompt="Fix it.\n",
                        prompt_file=run_dir / "prompt.txt", model="ollama/qwen3:8b", timeout_s=100, max_turns=12,
                        scratch_dir=scratch, run_dir=run_dir, base_url=None, options={})


def agent_argv(argv: list[str]) -> list[str]:
    """The agent's own command line: what acp_client.py starts after `--`."""
    assert str(acp.CLIENT) in argv
    return argv[argv.index("--") + 1:]


def test_gemini_acp_points_the_gemini_api_at_the_proxy_with_its_own_settings(tmp_path, stubs):
    stubs.setenv("GEMINI_API_KEY", "the-users-key")
    stubs.setenv("GOOGLE_GEMINI_BASE_URL", "http://127.0.0.1:1")
    stubs.setenv("GOOGLE_CLOUD_PROJECT", "users-project")
    ctx = context(tmp_path)
    inv = gemini_acp.invocation(ctx)
    assert agent_argv(inv.argv)[1:] == ["--acp", "--approval-mode", "yolo", "--model", "qwen3:8b"]
    # the user's variables are unset before the client starts; the adapter's own are set
    assert inv.argv[0] == "env"
    unset = {inv.argv[i + 1] for i, a in enumerate(inv.argv) if a == "-u"}
    assert "GOOGLE_CLOUD_PROJECT" in unset and "GEMINI_API_KEY" not in unset
    target = ctx.model_target()
    assert inv.env["GOOGLE_GEMINI_BASE_URL"] == target.root
    assert inv.env["GEMINI_API_KEY"] == "localagentbench"
    system = json.loads(Path(inv.env["GEMINI_CLI_SYSTEM_SETTINGS_PATH"]).read_text())
    assert system["security"]["auth"]["selectedType"] == "gemini-api-key"
    assert system["telemetry"]["enabled"] is False and system["privacy"]["usageStatisticsEnabled"] is False
    # the helper calls' built-in aliases (loop detection, compression, web fetch, ...) name the run's model
    aliases = system["modelConfigs"]["customAliases"]
    assert {"loop-detection-double-check", "gemini-3-flash-base", "chat-compression-default",
            "classifier"} <= set(aliases)
    assert {a["modelConfig"]["model"] for a in aliases.values()} == {"qwen3:8b"}
    # it assumes a 1M-token window for a model it does not know: compression at 70% of the run's 32k instead
    assert system["model"]["compressionThreshold"] * 1048576 == pytest.approx(0.7 * 32768, abs=1)
    assert Path(inv.env["HOME"]).is_relative_to(ctx.scratch_dir) and inv.env["GEMINI_CLI_HOME"] == inv.env["HOME"]
    assert inv.max_model_calls == 12 and inv.stdin == b"Fix it.\n"


def test_claude_code_acp_runs_with_claude_codes_own_environment(tmp_path, stubs):
    stubs.setenv("ANTHROPIC_BASE_URL", "http://127.0.0.1:1")
    ctx = context(tmp_path)
    inv = claude_code_acp.invocation(ctx)
    assert agent_argv(inv.argv)[1:] == []
    assert inv.env == claude_code.environment(ctx)
    assert inv.env["ANTHROPIC_BASE_URL"] == ctx.model_target().root and inv.env["ANTHROPIC_MODEL"] == "qwen3:8b"
    assert inv.env["CLAUDE_CODE_SUBAGENT_MODEL"] == "qwen3:8b"


def test_codex_acp_gets_the_codex_agents_provider_and_overrides(tmp_path, stubs):
    stubs.setenv("OPENAI_BASE_URL", "http://127.0.0.1:1/v1")
    stubs.setenv("CODEX_HOME", "/tmp/users-codex")
    ctx = context(tmp_path)
    inv = codex_acp.invocation(ctx)
    args = agent_argv(inv.argv)[1:]
    overrides = [args[i + 1] for i in range(0, len(args), 2)]
    assert all(args[i] == "-c" for i in range(0, len(args), 2))
    assert overrides[:len(codex.config_overrides(ctx))] == codex.config_overrides(ctx)
    assert f'model_providers.localagentbench.base_url="{ctx.model_target().openai_base}"' in overrides
    assert 'model="qwen3:8b"' in overrides and 'approval_policy="never"' in overrides
    assert inv.env == codex.environment(ctx)
    unset = {inv.argv[i + 1] for i, a in enumerate(inv.argv) if a == "-u"}
    assert {"OPENAI_BASE_URL"} <= unset and "CODEX_HOME" not in unset   # the run's own CODEX_HOME is set


def test_bridge_versions_come_from_package_json_and_never_through_a_link(tmp_path):
    install = Install.npm("@zed-industries/codex-acp", "0.16.0", binary="codex-acp", metadata_version=True)
    pkg = tmp_path / "node_modules" / "@zed-industries" / "codex-acp"
    pkg.mkdir(parents=True)
    (pkg / "package.json").write_text(json.dumps({"name": "x", "version": "0.16.0"}))
    assert install.installed_version(tmp_path) == "0.16.0"
    assert install.check() == ["python3", "-I", "-c", "import json; print(json.load(open("
                               "'.agents/node_modules/@zed-industries/codex-acp/package.json'))['version'])"]
    (pkg / "package.json").unlink()
    secret = tmp_path / "secret.json"
    secret.write_text(json.dumps({"version": "leaked"}))
    (pkg / "package.json").symlink_to(secret)
    assert install.installed_version(tmp_path) is None
    (pkg / "package.json").unlink()
    (pkg / "package.json").write_text("[1, 2]")
    assert install.installed_version(tmp_path) is None
