"""Works as documented: every spelling the README and the design use reaches the same thing.

- a bare Ollama tag (`qwen3:8b`) is `ollama/qwen3:8b` for `run`, `nox -s eval`, `doctor --probe` and `compare`,
  and the run record names the canonical model;
- `python -m localagentbench` is the console script;
- `localagentbench verify --tasks DIR` works like `run --tasks DIR`;
- every subcommand's usage says `localagentbench X` when reached that way.

Each goes through the CLI as a user types it: in-process (cli.main) and as a real subprocess, against the
scripted model server (bench/fakellm) and a stub agent binary; nothing under test is mocked.
"""
from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from bench import cli, fakellm, verify
from bench.common.errors import UserError
from bench.models import servers
from conftest import REPO, jsonl
from noxfile_module import load_noxfile

CANARY = REPO / "bench" / "fakellm_scripts" / "canary.yaml"
SUBCOMMANDS = sorted(next(a for a in cli.build_parser()._actions if a.dest == "command").choices)


def py_module(module: str, *args: str, cwd: Path, env: dict[str, str] | None = None) -> subprocess.CompletedProcess:
    """`python -m MODULE ARGS` as a real subprocess from `cwd`, the repo on PYTHONPATH (as an installed package)."""
    return subprocess.run([sys.executable, "-m", module, *args], cwd=cwd, capture_output=True, text=True, timeout=600,
                          env={**os.environ, "PYTHONPATH": str(REPO), **(env or {})})


@pytest.fixture(scope="module")
def fake():
    """The scripted model server's canary personas (`canary-pass` is a pulled Ollama model)."""
    with fakellm.serve(CANARY) as server:
        yield server


@pytest.fixture
def model_env(fake, tmp_path, monkeypatch) -> dict[str, str]:
    """OLLAMA_HOST at the scripted server and a stub aider binary (it changes nothing, so runs fail, scored)."""
    stub = tmp_path / "bin" / "aider"
    stub.parent.mkdir()
    stub.write_text("#!/bin/sh\necho 'aider 0.86.2'\n")
    stub.chmod(0o755)
    env = {"OLLAMA_HOST": fake.url, "LOCALAGENTBENCH_AIDER_BIN": str(stub)}
    for name, value in env.items():
        monkeypatch.setenv(name, value)
    return env


# --- the rule -------------------------------------------------------------------------------------------------


@pytest.mark.parametrize("spec, base_url, canonical", [
    ("qwen3:8b", None, "ollama/qwen3:8b"),
    ("  qwen3:8b ", None, "ollama/qwen3:8b"),
    ("llama3", None, "ollama/llama3"),
    ("qwen2.5-coder:14b-instruct-q4_K_M", None, "ollama/qwen2.5-coder:14b-instruct-q4_K_M"),
    ("ollama/qwen3:8b", None, "ollama/qwen3:8b"),
    ("ollama/user/model:tag", None, "ollama/user/model:tag"),
    ("openai/coder", None, "openai/coder"),
    ("anthropic/claude", None, "anthropic/claude"),
    ("coder", "http://127.0.0.1:8080/v1", "coder"),              # a server's own model id stays as given
    ("qwen3:8b", "http://127.0.0.1:11434/v1", "qwen3:8b"),
    ("Qwen/Qwen3-8B", "http://127.0.0.1:8000/v1", "Qwen/Qwen3-8B"),
    ("none", None, "none"),
    (None, None, None),
])
def test_one_rule_names_every_model(spec, base_url, canonical):
    assert servers.canonical_model(spec, base_url) == canonical


def test_the_adapters_and_the_model_server_share_the_rule():
    from bench.models import modelserver

    env = {"OLLAMA_HOST": "127.0.0.1:5"}
    for spelling in ("qwen3:8b", "ollama/qwen3:8b"):
        target, ep = servers.resolve_model(spelling, None, env), modelserver.resolve(spelling, None, env)
        assert (target.spec, target.model, target.root) == ("ollama/qwen3:8b", "qwen3:8b", "http://127.0.0.1:5")
        assert ep == target and (ep.kind, ep.api_root) == ("ollama", "http://127.0.0.1:5")


def test_the_command_agent_gets_its_model_as_typed():
    assert servers.model_for_agent("command", "gpt-4o") == "gpt-4o"
    assert servers.model_for_agent("aider", "qwen3:8b") == "ollama/qwen3:8b"
    assert servers.model_for_agent("opencode", "qwen3:8b", "http://127.0.0.1:8080/v1") == "qwen3:8b"


@pytest.mark.parametrize("spec, option", [("http://127.0.0.1:11434", "--model"), ("http://127.0.0.1:11434", "--probe"),
                                          ("anthropic/claude", "--probe")])
def test_a_name_that_cannot_be_placed_names_the_option_typed(spec, option):
    with pytest.raises(UserError) as caught:
        servers.resolve_model(spec, None, {}, option)
    message = str(caught.value)
    assert message.startswith(f"{option} {spec!r}: ") and "\n" not in message and "--base-url" in message
    assert (option == "--model") == ("--model" in message)


# --- run and compare ------------------------------------------------------------------------------------------


def _records(out: Path) -> list[dict]:
    return [json.loads(p.read_text()) for p in sorted(out.glob("runs/*/*/run.json"))]


def test_run_records_a_bare_tag_as_the_canonical_model_and_compare_sees_one_model(suite, tmp_path, model_env, capsys):
    common = ["--agent", "aider", "--tasks", str(suite / "tasks"), "--task", "fix-add", "--sandbox", "none"]
    assert cli.main(["run", "--model", "canary-pass", *common, "--out", str(tmp_path / "bare")]) == 0
    assert cli.main(["run", "--model", "ollama/canary-pass", *common, "--out", str(tmp_path / "full")]) == 0
    for out in ("bare", "full"):
        records = _records(tmp_path / out)
        assert [r["model"]["id"] for r in records] == ["ollama/canary-pass"]
        model = records[0]["model"]
        assert model["served_as"] == "canary-pass" and model.get("digest"), model
        summary = json.loads((tmp_path / out / "summary.json").read_text())
        assert [g["model"] for g in summary["groups"]] == ["ollama/canary-pass"]
    capsys.readouterr()
    assert cli.main(["compare", "--base", str(tmp_path / "bare"), "--other", str(tmp_path / "full"), "--json",
                     "--no-html"]) == 0
    comparison = json.loads(capsys.readouterr().out)
    assert comparison["base"]["model"] == comparison["other"]["model"] == "ollama/canary-pass"
    assert not [d for d in comparison["differences"] if "model" in json.dumps(d)], comparison["differences"]


def test_run_with_a_bare_tag_as_a_subprocess(suite, tmp_path, model_env):
    done = py_module("localagentbench", "run", "--agent", "aider", "--model", "canary-pass", "--tasks",
                     str(suite / "tasks"), "--task", "fix-add", "--sandbox", "none", "--out", str(tmp_path / "r"),
                     cwd=tmp_path, env=model_env)
    assert done.returncode == 0, done.stderr
    assert "aider x ollama/canary-pass:" in done.stderr and "name an Ollama model" not in done.stderr
    assert [r["model"]["id"] for r in _records(tmp_path / "r")] == ["ollama/canary-pass"]


def test_run_refuses_a_url_as_a_model_in_one_line(suite, tmp_path, model_env):
    done = py_module("localagentbench", "run", "--agent", "aider", "--model", "http://127.0.0.1:11434",
                     "--tasks", str(suite / "tasks"), "--out", str(tmp_path / "r"), cwd=tmp_path, env=model_env)
    assert done.returncode == 2 and done.stderr.count("\n") == 1, done.stderr
    assert done.stderr.startswith("error: --model 'http://127.0.0.1:11434': ") and "--base-url" in done.stderr
    assert not (tmp_path / "r").exists()


# --- nox -s eval -- MODEL AGENT -------------------------------------------------------------------------------


def test_nox_eval_maps_model_agent_to_run():
    eval_run_args = load_noxfile().eval_run_args
    assert eval_run_args([]) == ["run", "--agent", "mock", "--report"]
    assert eval_run_args(["qwen3:8b", "aider"]) == ["run", "--model", "qwen3:8b", "--agent", "aider", "--report"]
    assert eval_run_args(["qwen3:8b", "aider", "--repeat", "5"])[-2:] == ["--repeat", "5"]
    assert eval_run_args(["qwen3:8b", "aider", "--attempts", "2"])[-2:] == ["--attempts", "2"]
    assert eval_run_args(["--agent", "aider", "--model", "qwen3:8b"]) == [
        "run", "--agent", "aider", "--model", "qwen3:8b", "--report"]
    for bad in (["qwen3:8b"], ["qwen3:8b", "--repeat", "5"]):
        with pytest.raises(ValueError, match="MODEL AGENT"):
            eval_run_args(bad)


@pytest.mark.skipif(shutil.which("nox") is None, reason="nox is not installed")
def test_nox_eval_with_a_bare_tag_runs_the_headline_command(suite, tmp_path, model_env):
    # `localagentbench` on PATH is this tree's CLI; --no-venv so the session uses it instead of installing
    bindir = tmp_path / "cli"
    bindir.mkdir()
    (bindir / "localagentbench").write_text(f'#!/bin/sh\nexec "{sys.executable}" -m localagentbench "$@"\n')
    (bindir / "localagentbench").chmod(0o755)
    env = {**os.environ, **model_env, "PYTHONPATH": str(REPO), "PATH": f"{bindir}{os.pathsep}{os.environ['PATH']}"}
    done = subprocess.run(["nox", "--no-venv", "-f", str(REPO / "noxfile.py"), "-s", "eval", "--", "canary-pass",
                           "aider", "--tasks", str(suite / "tasks"), "--task", "fix-add", "--sandbox", "none",
                           "--out", str(tmp_path / "e")], cwd=tmp_path, env=env, capture_output=True, text=True,
                          timeout=600)
    assert done.returncode == 0, done.stdout + done.stderr
    assert [r["model"]["id"] for r in _records(tmp_path / "e")] == ["ollama/canary-pass"]
    assert (tmp_path / "e" / "report.md").is_file(), "the eval session writes the report"


# --- doctor --probe -------------------------------------------------------------------------------------------


def test_doctor_probes_a_bare_tag(model_env, capsys):
    assert cli.main(["doctor", "--probe", "canary-pass", "--json", "--context-tokens", "0"]) == 0
    record = json.loads(capsys.readouterr().out)
    assert record["probe"]["model"] == "ollama/canary-pass" and record["probe"]["class"] == "pass"
    assert any(c["name"] == "probe" and c["message"].startswith("ollama/canary-pass: pass") for c in record["checks"])


def test_doctor_probes_a_bare_tag_as_a_subprocess(tmp_path, model_env):
    done = py_module("localagentbench", "doctor", "--probe", "canary-text", "--context-tokens", "0", cwd=tmp_path,
                     env=model_env)
    assert done.returncode == 1 and "ollama/canary-text: fail_text_shaped" in done.stdout, done.stdout + done.stderr


@pytest.mark.parametrize("spec", ["http://127.0.0.1:11434", "anthropic/claude"])
def test_a_bad_probe_name_is_one_line_naming_probe(tmp_path, model_env, spec, capsys):
    assert cli.main(["doctor", "--probe", spec]) == 2
    err = capsys.readouterr().err
    assert err.startswith(f"error: --probe {spec!r}: ") and err.count("\n") == 1 and "--model" not in err, err
    done = py_module("localagentbench", "doctor", "--probe", spec, cwd=tmp_path, env=model_env)
    assert done.returncode == 2 and done.stderr == err, done.stderr


# --- python -m localagentbench --------------------------------------------------------------------------------


def test_python_dash_m_localagentbench_is_the_console_script(suite, tmp_path, capsys):
    import localagentbench

    assert cli.main(["list-tasks", "--tasks", str(suite / "tasks"), "--json"]) == 0
    in_process = capsys.readouterr().out
    assert localagentbench.main(["list-tasks", "--tasks", str(suite / "tasks"), "--json"]) == 0
    assert capsys.readouterr().out == in_process
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    done = py_module("localagentbench", "list-tasks", "--tasks", str(suite / "tasks"), "--json", cwd=elsewhere)
    assert done.returncode == 0 and done.stdout == in_process, done.stderr
    assert {t["id"] for t in jsonl(done.stdout)} == {"fix-add", "calib-hello", "fix-max"}
    helped = py_module("localagentbench", "--help", cwd=elsewhere)
    assert helped.returncode == 0 and helped.stdout.startswith("usage: localagentbench ")
    bad = py_module("localagentbench", "no-such-command", cwd=elsewhere)
    assert bad.returncode == 2 and bad.stderr.startswith("error: localagentbench: ") and "Traceback" not in bad.stderr


# --- verify --tasks -------------------------------------------------------------------------------------------


def test_verify_takes_tasks_like_every_other_command(suite, tmp_path, capsys):
    for form in (["--tasks", str(suite / "tasks")], [str(suite / "tasks")]):
        assert cli.main(["verify", *form, "--task", "fix-add", "--times", "1", "--sandbox", "none"]) == 0
        report = json.loads(capsys.readouterr().out)
        assert [t["task_id"] for t in report["tasks"]] == ["fix-add"] and report["ok"]
    done = py_module("localagentbench", "verify", "--tasks", str(suite / "tasks"), "--task", "calib-hello",
                     "--times", "1", "--sandbox", "none", cwd=tmp_path)
    assert done.returncode == 0, done.stderr
    assert [t["task_id"] for t in json.loads(done.stdout)["tasks"]] == ["calib-hello"]
    assert "unrecognized arguments" not in done.stderr


def test_verify_with_no_tasks_dir_reads_tasks_here(suite, capsys, monkeypatch):
    monkeypatch.chdir(suite)
    assert cli.main(["verify", "--task", "calib-hello", "--times", "1", "--sandbox", "none"]) == 0
    assert [t["task_id"] for t in json.loads(capsys.readouterr().out)["tasks"]] == ["calib-hello"]


# --- usage says localagentbench X -----------------------------------------------------------------------------


@pytest.mark.parametrize("command", SUBCOMMANDS)
def test_every_subcommand_help_says_localagentbench(command, capsys):
    with pytest.raises(SystemExit) as exited:
        cli.main([command, "--help"])
    assert exited.value.code == 0
    out = capsys.readouterr().out
    assert out.startswith(f"usage: localagentbench {command} ") and "python -m bench" not in out.split("\n\n")[0]


@pytest.mark.slow
def test_every_subcommand_help_as_a_subprocess(tmp_path):
    for command in SUBCOMMANDS:
        done = py_module("localagentbench", command, "--help", cwd=tmp_path)
        assert done.returncode == 0 and done.stdout.startswith(f"usage: localagentbench {command} "), (command, done)


def test_usage_errors_name_the_command_typed_and_a_stage_run_directly_keeps_its_own(tmp_path, capsys):
    assert cli.main(["verify", "--bogus"]) == 2
    assert capsys.readouterr().err == ("error: localagentbench verify: unrecognized arguments: --bogus "
                                       "(see localagentbench verify --help)\n")
    assert verify.main(["--bogus"]) == 2, "a stage called directly after the umbrella CLI keeps its own name"
    assert "python -m bench.verify: unrecognized arguments" in capsys.readouterr().err
    done = py_module("bench.verify", "--help", cwd=tmp_path)
    assert done.returncode == 0 and done.stdout.startswith("usage: python -m bench.verify ")
