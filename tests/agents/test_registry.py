"""The agent registry is the only list of agents: what each agent declares (SPEC) is all run_agent, doctor, the
install-agents session and servers know of it, and a plugin registered through the entry-point group
`localagentbench.agents` (tests/data/agent_plugin, installed with real pip) runs, is listed, and cannot break
or shadow the built-ins."""
from __future__ import annotations

import importlib.util
import json
import os
import shlex
import shutil
import subprocess
import sys
import types
from importlib import metadata
from pathlib import Path

import pytest

from bench import agents, run_agent
from bench.agents import binaries, install
from bench.agents.base import AgentSignals, AgentSpec, Install, Invocation
from bench.common.errors import UserError
from bench.models import doctor, modelserver, servers
from conftest import REPO, build_suite

PLUGIN_SRC = REPO / "tests" / "data" / "agent_plugin"

# What `nox -s install-agents` ran before the recipes were declarations: it must stay exactly this.
INSTALL_COMMANDS = [
    (".agents", ["npm", "install", "--no-audit", "--no-fund", "--loglevel=error", "opencode-ai@1.18.33"]),
    (".", ["python3", "-m", "venv", ".agents/aider-venv"]),
    (".", [".agents/aider-venv/bin/pip", "install", "-q", "aider-chat==0.86.2"]),
    (".agents", ["npm", "install", "--no-audit", "--no-fund", "--loglevel=error", "@anthropic-ai/claude-code@2.1.332"]),
    (".agents", ["npm", "install", "--no-audit", "--no-fund", "--loglevel=error", "@openai/codex@0.171.0"]),
    (".agents", ["npm", "install", "--no-audit", "--no-fund", "--loglevel=error", "@qwen-code/qwen-code@0.24.4"]),
    (".", ["python3", "-m", "venv", ".agents/mini-swe-agent-venv"]),
    (".", [".agents/mini-swe-agent-venv/bin/pip", "install", "-q", "mini-swe-agent==2.4.6"]),
    (".agents", ["npm", "install", "--no-audit", "--no-fund", "--loglevel=error", "@google/gemini-cli@0.61.0"]),
    (".agents", ["npm", "install", "--no-audit", "--no-fund", "--loglevel=error",
                 "@zed-industries/claude-code-acp@0.16.2"]),
    (".agents", ["npm", "install", "--no-audit", "--no-fund", "--loglevel=error", "@zed-industries/codex-acp@0.16.0"]),
    (".", [".agents/node_modules/.bin/opencode", "--version"]),
    (".", [".agents/aider-venv/bin/aider", "--version"]),
    (".", [".agents/node_modules/.bin/claude", "--version"]),
    (".", [".agents/node_modules/.bin/codex", "--version"]),
    (".", [".agents/node_modules/.bin/qwen", "--version"]),
    # mini has no --version: its venv's Python prints the package's version
    (".", [".agents/mini-swe-agent-venv/bin/python", "-I", "-c",
           "import importlib.metadata as m; print(m.version('mini-swe-agent'))"]),
    (".", [".agents/node_modules/.bin/gemini", "--version"]),
    # the ACP bridges start serving on --version: their package.json says the version
    (".", ["python3", "-I", "-c", "import json; print(json.load(open("
           "'.agents/node_modules/@zed-industries/claude-code-acp/package.json'))['version'])"]),
    (".", ["python3", "-I", "-c", "import json; print(json.load(open("
           "'.agents/node_modules/@zed-industries/codex-acp/package.json'))['version'])"]),
]
CHECKS = 9   # the --version lines at the end of INSTALL_COMMANDS


@pytest.fixture
def plugins(monkeypatch):
    """Set the entry points the registry sees: plugins(("name", "module"), ...)."""
    def use(*pairs: tuple[str, str]) -> None:
        eps = [metadata.EntryPoint(name, value, agents.ENTRY_POINT_GROUP) for name, value in pairs]
        monkeypatch.setattr(agents, "_plugin_entry_points", lambda: eps)
        agents.registry.cache_clear()

    yield use
    agents.registry.cache_clear()


def fake_adapter(monkeypatch, name: str, spec: AgentSpec) -> str:
    """A module `name` in sys.modules that follows the adapter contract with `spec`; returns its name."""
    module = types.ModuleType(name)
    module.SPEC = spec
    module.check = lambda opts: None
    # as the built-in adapters do: the binary's --version when it declares one (doctor shows what version() says)
    module.version = lambda opts: (binaries.run_version(found) if (found := spec.find_binary()) else None) \
        if spec.binary else "7.7.7"
    module.invocation = lambda ctx: Invocation(argv=["true"])
    module.parse = lambda ctx, result: AgentSignals()
    monkeypatch.setitem(sys.modules, name, module)
    return name


# --- the registry itself ------------------------------------------------------------------------------------


def test_every_builtin_loads_and_declares_itself():
    assert agents.names()[:len(agents.BUILTIN)] == list(agents.BUILTIN)
    for name in agents.BUILTIN:
        adapter = agents.get_adapter(name)
        assert adapter.__name__ == agents.BUILTIN[name] and isinstance(adapter.SPEC, AgentSpec)
        spec = adapter.SPEC
        # a pinned version comes with a binary; the built-ins without a CLI pin none and install nothing
        assert (spec.pinned_version is None) == (spec.binary is None) == (spec.install is None), name


def test_declarations_of_the_shipped_clis():
    oc, ai, cmd = agents.get_spec("opencode"), agents.get_spec("aider"), agents.get_spec("command")
    assert (oc.binary, oc.locations, oc.pinned_version) == ("opencode", ("node_modules/.bin/opencode",), "1.18.33")
    assert (ai.binary, ai.locations, ai.pinned_version) == ("aider", ("aider-venv/bin/aider",), "0.86.2")
    assert oc.needs_model and ai.needs_model and cmd.needs_model and cmd.model_as_typed and not oc.model_as_typed
    assert not any(agents.get_spec(n).needs_model for n in ("oracle", "nop", "mock"))
    assert ai.warmup({}) == {"num_ctx": 32768} and ai.warmup({"context_length": 8192}) == {"num_ctx": 8192}
    assert oc.warmup({"context_length": 8192}) is None
    with pytest.raises(ValueError, match="pinned"):
        AgentSpec(pinned_version="1", install=Install.npm("x", "2", binary="x"))


def test_unknown_agent_is_one_line_listing_the_known_ones():
    with pytest.raises(UserError) as e:
        agents.get_adapter("nosuch")
    assert str(e.value) == f"--agent: unknown agent 'nosuch'; choose one of {', '.join(sorted(agents.names()))}"


def test_the_install_recipes_are_todays_commands_exactly():
    """`python -m bench.agents --install-recipes` (what the noxfile runs, with the standard library only: -S) and
    the installer's plan from it (what `localagentbench install-agents` and `nox -s install-agents` run)."""
    done = subprocess.run([sys.executable, "-S", "-m", "bench.agents", "--install-recipes"], cwd=REPO,
                          capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    recipes = json.loads(done.stdout)
    assert [r["agent"] for r in recipes] == ["opencode", "aider", "claude-code", "codex", "qwen-code", "mini-swe-agent",
                                             "gemini-acp", "claude-code-acp", "codex-acp"]
    plan = install.install_plan
    assert plan(recipes, exists=lambda p: False) == INSTALL_COMMANDS
    installed = {".agents/node_modules/.bin/opencode"}
    assert plan(recipes, exists=installed.__contains__) == INSTALL_COMMANDS[1:]
    assert plan(recipes, exists=lambda p: True) == INSTALL_COMMANDS[-CHECKS:]


@pytest.mark.skipif(shutil.which("nox") is None, reason="nox is not installed")
def test_nox_install_agents_dry_run_lists_the_same_commands():
    done = subprocess.run(["nox", "-f", str(REPO / "noxfile.py"), "-s", "install-agents", "--", "--dry-run"],
                          cwd=REPO, capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stdout + done.stderr
    output = (done.stdout + done.stderr).splitlines()
    listed = [line.split("would run ", 1)[1] for line in output if "would run " in line]
    expected = [f"(in {cwd}): {shlex.join(argv)}" for cwd, argv in INSTALL_COMMANDS]
    if (REPO / ".agents").exists():  # installed already: only the missing ones, then the version checks
        assert listed[-2:] == expected[-2:]
    else:
        assert listed == expected



# --- the registry is the only list ------------------------------------------------------------------------


def test_model_metadata_and_warm_up_follow_the_declarations(monkeypatch):
    """Every registered agent that needs a model gets the model section and its declared warm-up; no other does."""
    calls = []
    monkeypatch.setattr(modelserver, "gather_model", lambda model, base_url=None, options=None:
                        calls.append((model, options)) or {"id": model})
    for name in agents.names():
        spec = agents.get_spec(name)
        calls.clear()
        section = run_agent.gather_model(name, "ollama/m", {"context_length": 4096})
        if spec.needs_model:
            # the warm-up carries the run's window (--num-ctx), or Ollama would load the model again for the calls
            warmup = {**(spec.warmup({"context_length": 4096}) or {}), "num_ctx": 4096}
            assert section["id"] == "ollama/m" and section["serving"]["context_window"] == 4096, name
            assert calls == [("ollama/m", warmup)], name
        else:
            assert section is None and calls == [], name


def test_a_new_agent_is_one_registry_line(monkeypatch, plugins, tmp_path):
    """An agent known only by its declaration: warmed up with its options, listed by doctor with its pin, its
    install recipe in the noxfile's plan, its binary found where it declares, its --model resolved."""
    install = Install.npm("fake-cli", "9.9.9", binary="fakecli")
    plugins(("fake", fake_adapter(monkeypatch, "lab_fake_adapter", AgentSpec(
        needs_model=True, install=install, warmup_options={"num_ctx": 2048}))))
    calls = []
    monkeypatch.setattr(modelserver, "gather_model", lambda model, base_url=None, options=None:
                        calls.append(options) or {"id": model})
    section = run_agent.gather_model("fake", "ollama/m", {})
    assert section["id"] == "ollama/m" and calls == [{"num_ctx": 2048}]
    health = []
    monkeypatch.setattr(modelserver, "health_problem", lambda model, base_url=None: health.append(model) or "down")
    signals = AgentSignals(infra_error="cannot connect")
    run_agent.confirm_infra_error(signals, "fake", "ollama/m", {})
    assert health == ["ollama/m"] and signals.infra_error.startswith("down")
    assert servers.model_for_agent("fake", "qwen3:8b") == "ollama/qwen3:8b"
    assert [r["agent"] for r in agents.install_recipes()] == ["opencode", "aider", "claude-code", "codex", "qwen-code",
                                                             "mini-swe-agent", "gemini-acp", "claude-code-acp",
                                                             "codex-acp", "fake"]
    assert agents.install_recipes()[-1]["steps"] == [{"cwd": ".agents", "argv": [
        "npm", "install", "--no-audit", "--no-fund", "--loglevel=error", "fake-cli@9.9.9"]}]
    assert doctor.pinned()["fake"] == "9.9.9"
    assert binaries.declared_locations("fakecli") == ("node_modules/.bin/fakecli",)
    binary = tmp_path / "node_modules" / ".bin" / "fakecli"
    binary.parent.mkdir(parents=True)
    binary.write_text("#!/bin/sh\necho 'fakecli 9.9.9'\n")
    binary.chmod(0o755)
    monkeypatch.setattr(binaries, "AGENTS_DIR", tmp_path)
    monkeypatch.delenv("LOCALAGENTBENCH_FAKECLI_BIN", raising=False)
    (line,) = [c for c in doctor.check_agents() if c["name"] == "fake"]
    assert line["status"] == "ok" and line["message"] == f"9.9.9, the pinned version ({binary})"


def test_doctor_lists_exactly_the_registry(plugins, monkeypatch):
    plugins(("typed", fake_adapter(monkeypatch, "lab_typed_adapter", AgentSpec(needs_model=True,
                                                                                 model_as_typed=True))))
    listed = [c["name"] for c in doctor.check_agents() if c["name"] not in ("agents", "plugin")]
    assert listed == agents.names() == [*agents.BUILTIN, "typed"]
    assert servers.model_for_agent("typed", "qwen3:8b") == "qwen3:8b", "declared: the model goes as typed"


# --- plugins, in process ---------------------------------------------------------------------------------


def test_a_plugin_cannot_take_a_builtin_name(plugins, monkeypatch):
    plugins(("nop", fake_adapter(monkeypatch, "lab_shadow_adapter", AgentSpec())))
    assert agents.get_adapter("nop").__name__ == "bench.agents.nop"
    (line,) = agents.problems()
    assert line == ("agent plugin 'nop' (lab_shadow_adapter, from an unknown distribution) ignored: "
                    "'nop' is a built-in agent's name; register it under another")


def test_a_broken_plugin_is_one_line_and_breaks_nothing_else(plugins, monkeypatch):
    plugins(("broken", "lab_no_such_module_anywhere"), ("bad-value", "pkg.mod:attr"), ("bad name", "x"),
            ("ok", fake_adapter(monkeypatch, "lab_ok_adapter", AgentSpec())))
    with pytest.raises(UserError) as e:
        agents.get_adapter("broken")
    assert str(e.value) == ("agent plugin 'broken' (module lab_no_such_module_anywhere, from an unknown distribution) "
                            "cannot be loaded: ModuleNotFoundError: No module named 'lab_no_such_module_anywhere'")
    loaded, problems = agents.load_all()
    assert list(loaded) == [*agents.BUILTIN, "ok"]
    assert len(problems) == 3 and all("\n" not in p for p in problems)
    assert [p.split(" (")[0] for p in problems] == ["agent plugin 'bad-value'", "agent plugin 'bad name'",
                                                    "agent plugin 'broken'"]
    checks = doctor.check_agents()
    assert [c["message"] for c in checks if c["name"] == "plugin"] == problems


def test_a_module_that_is_not_an_adapter_is_refused(plugins, monkeypatch):
    module = types.ModuleType("lab_half_adapter")
    module.check = lambda opts: None
    monkeypatch.setitem(sys.modules, "lab_half_adapter", module)
    plugins(("half", "lab_half_adapter"))
    with pytest.raises(UserError, match=r"is not an adapter: no version, invocation, parse function"):
        agents.get_adapter("half")


# --- a real plugin, installed with pip ---------------------------------------------------------------------


def _pip_install(src: Path, target: Path) -> None:
    """pip install --target, offline where this setuptools can build a wheel by itself (else with isolation)."""
    try:
        import setuptools
        major, minor = (int(x) for x in setuptools.__version__.split(".")[:2])
        offline = (major, minor) >= (70, 1) or importlib.util.find_spec("wheel") is not None
    except ImportError:
        offline = False
    cmd = [sys.executable, "-m", "pip", "install", "-q", "--no-deps", "--target", str(target), str(src)]
    if offline:
        cmd.insert(5, "--no-build-isolation")
    done = subprocess.run(cmd, capture_output=True, text=True, timeout=300)
    if done.returncode != 0 and not offline and "Could not find a version" in done.stderr:
        pytest.skip("building the plugin needs setuptools from an index, which is not reachable")
    assert done.returncode == 0, done.stdout + done.stderr


@pytest.fixture(scope="module")
def plugin_env(tmp_path_factory) -> dict[str, str]:
    """The environment of a subprocess that sees tests/data/agent_plugin installed (PYTHONPATH first)."""
    base = tmp_path_factory.mktemp("plugin")
    src = base / "src"
    shutil.copytree(PLUGIN_SRC, src)  # pip builds in the source tree: not in the checkout
    _pip_install(src, base / "site")
    assert list((base / "site").glob("lab_hello_agent-*.dist-info"))
    return {**os.environ, "PYTHONPATH": os.pathsep.join([str(base / "site"), str(REPO)]),
            "OLLAMA_HOST": "127.0.0.1:9"}


def _bench(env: dict[str, str], *args: str) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "bench.cli", *args], cwd=REPO, env=env, capture_output=True,
                          text=True, timeout=600)


def test_an_installed_plugin_runs_to_a_scored_record(plugin_env, tmp_path):
    suite = build_suite(tmp_path / "suite")
    out = tmp_path / "results"
    done = _bench(plugin_env, "run", "--agent", "hello", "--tasks", str(suite / "tasks"), "--task", "calib-hello",
                  "--sandbox", "none", "--out", str(out))
    assert done.returncode == 0, done.stderr
    (run,) = json.loads((out / "summary.json").read_text())["runs"]
    assert run["task_id"] == "calib-hello" and run["outcome"] == "failed"
    record = json.loads((out / "runs" / "calib-hello" / "0" / "run.json").read_text())
    assert record["agent"]["name"] == "hello" and record["agent"]["version"] == "hello-0.1.0"
    assert record["agent"]["files_changed"] == ["HELLO_FROM_PLUGIN.txt"] and record["agent"]["turns"] == 1
    warnings = [line for line in done.stderr.splitlines() if "agent plugin" in line]
    assert warnings == ["warning: agent plugin 'nop' (hello_agent, from lab-hello-agent) ignored: 'nop' is a "
                        "built-in agent's name; register it under another"]


def test_doctor_lists_the_plugin_and_one_line_per_refused_one(plugin_env, tmp_path):
    done = _bench(plugin_env, "doctor", "--json", "--tasks", str(tmp_path / "none"))
    checks = json.loads(done.stdout)["checks"]
    names = [c["name"] for c in checks]
    assert names[names.index("oracle"):names.index("hello") + 1] == [*agents.BUILTIN, "hello"]
    (hello,) = [c for c in checks if c["name"] == "hello"]
    assert hello["status"] == "ok" and hello["message"] == "hello-0.1.0 (plugin from lab-hello-agent)"
    (nop,) = [c for c in checks if c["name"] == "nop"]
    assert nop["message"].endswith("(built in)")
    refused = sorted(c["message"] for c in checks if c["name"] == "plugin")
    assert len(refused) == 2
    assert refused[0].startswith("agent plugin 'broken' (module broken_agent, from lab-hello-agent) cannot be loaded: "
                                 "ModuleNotFoundError: No module named 'localagentbench_no_such_dependency'")
    assert refused[1].startswith("agent plugin 'nop' (hello_agent, from lab-hello-agent) ignored")


def test_running_the_broken_plugin_is_one_line(plugin_env, tmp_path):
    suite = build_suite(tmp_path / "suite")
    done = _bench(plugin_env, "run", "--agent", "broken", "--tasks", str(suite / "tasks"), "--sandbox", "none",
                  "--out", str(tmp_path / "r"))
    assert done.returncode == 2 and "Traceback" not in done.stderr
    assert done.stderr.strip().splitlines()[-1] == (
        "error: agent plugin 'broken' (module broken_agent, from lab-hello-agent) cannot be loaded: "
        "ModuleNotFoundError: No module named 'localagentbench_no_such_dependency'")
    assert not (tmp_path / "r").exists()
