"""Messages that point the way out: each names what is wrong as the user typed it and the command that fixes it.

- `--out` (`--results`) naming a file, or under a file, says so, not "not writable";
- a record of another kind piped to a stage names what it is, which stage wrote it, and which to run first;
- a suite that is not there names `--tasks DIR` (and `check --help` describes it);
- `doctor --probe` with the server down prints the failure and its fix, not the figures of an exchange that
  never happened.

Each goes through the CLI as typed: in-process (cli.main / the stage's main) and as a real subprocess.
"""
from __future__ import annotations

import json
import os
import shutil
import socket
import subprocess
import sys
from pathlib import Path

import pytest

from bench import cli, fakellm, isolate, oracle, render, run_agent, score
from conftest import REPO, jsonl, run_cli

CANARY = REPO / "bench" / "fakellm_scripts" / "canary.yaml"


def one_error(err: str) -> str:
    """The single 'error: ...' line of a refused command (and nothing else on stderr)."""
    lines = err.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("error: ") and "Traceback" not in err, err
    return lines[0]


def in_dir(cwd: Path, *args: str, stdin: str | None = None) -> subprocess.CompletedProcess:
    """`python -m ARGS` from `cwd`, the harness importable as an installed package would be."""
    return subprocess.run([sys.executable, "-m", *args], cwd=cwd, input=stdin, capture_output=True, text=True,
                          timeout=300, env={**os.environ, "PYTHONPATH": str(REPO)})


# --- --out naming a file --------------------------------------------------------------------------------------


@pytest.fixture
def summary(suite, tmp_path) -> Path:
    """A finished run's summary.json (the nop agent, one task)."""
    out = tmp_path / "done"
    assert cli.main(["run", "--agent", "nop", "--tasks", str(suite / "tasks"), "--task", "fix-add",
                     "--out", str(out)]) == 0
    return out / "summary.json"


def test_run_out_naming_a_file_says_it_is_a_file(suite, tmp_path, capsys):
    target = tmp_path / "a file é.txt"
    target.write_text("mine")
    run = ["run", "--agent", "nop", "--tasks", str(suite / "tasks"), "--task", "fix-add", "--out", str(target)]
    assert cli.main(run) == 2
    line = one_error(capsys.readouterr().err)
    assert line == (f"error: {target}: --out names a file; it should be a directory (created if missing): "
                    "pass a directory's path")
    assert target.read_text() == "mine", "the file is left as it was"
    done = run_cli(*run)
    assert done.returncode == 2 and one_error(done.stderr) == line


def test_run_out_under_a_file_names_the_file_in_the_way(suite, tmp_path, capsys):
    blocker = tmp_path / "blocker"
    blocker.write_text("a file")
    assert cli.main(["run", "--agent", "nop", "--tasks", str(suite / "tasks"), "--task", "fix-add",
                     "--out", str(blocker / "deeper" / "out")]) == 2
    line = one_error(capsys.readouterr().err)
    assert f": {blocker} is a file where a directory belongs; pass a --out whose parents are directories" in line
    assert "not writable" not in line


def test_run_out_naming_a_broken_link_says_so(suite, tmp_path, capsys):
    link = tmp_path / "link"
    link.symlink_to(tmp_path / "nowhere")
    assert cli.main(["run", "--agent", "nop", "--tasks", str(suite / "tasks"), "--out", str(link)]) == 2
    assert "--out names a link to nothing" in one_error(capsys.readouterr().err)
    assert not (tmp_path / "nowhere").exists(), "the link is not followed into a new directory"


def test_report_render_and_isolate_name_their_own_option(summary, suite, tmp_path, capsys):
    target = tmp_path / "taken"
    target.write_text("")
    assert cli.main(["report", "--results", str(summary), "--out", str(target)]) == 2
    assert f"{target}: --out names a file" in one_error(capsys.readouterr().err)
    assert render.main([str(summary), "--out", str(target)]) == 2
    assert f"{target}: --out names a file" in one_error(capsys.readouterr().err)
    tasks = run_cli(str(suite / "tasks"), "--task", "fix-add", module="bench.validate").stdout
    done = in_dir(tmp_path, "bench.isolate", "-", "--results", str(target), stdin=tasks)
    assert done.returncode == 2 and f"{target}: --results names a file" in one_error(done.stderr)


def test_a_writable_out_leaves_no_probe_file_and_never_writes_through_a_name_in_it(suite, tmp_path):
    out = tmp_path / "o"
    out.mkdir()
    victim = tmp_path / "victim"
    victim.write_text("keep")
    (out / ".write-test").symlink_to(victim)   # the name the old check wrote through
    done = run_cli("run", "--agent", "nop", "--tasks", str(suite / "tasks"), "--task", "fix-add", "--out", str(out))
    assert done.returncode == 0, done.stderr
    assert victim.read_text() == "keep"
    assert not [p.name for p in out.iterdir() if p.name.startswith(".write-test-")]


# --- a record of another kind ---------------------------------------------------------------------------------


@pytest.fixture
def task_records(suite) -> str:
    """validate's output for fix-add, as a pipe carries it."""
    done = run_cli(str(suite / "tasks"), "--task", "fix-add", module="bench.validate")
    assert done.returncode == 0, done.stderr
    return done.stdout


TASK_WHERE_RUN = "error: task fix-add: this is a task record (validate's output), not a run record; run isolate first"


@pytest.mark.parametrize("module,args", [("bench.oracle", []), ("bench.score", []),
                                         ("bench.run_agent", ["--agent", "nop"])])
def test_a_task_record_piped_to_a_later_stage_says_run_isolate_first(task_records, tmp_path, module, args):
    done = in_dir(tmp_path, module, "-", *args, stdin=task_records)
    assert done.returncode == 2 and done.stdout == ""
    assert one_error(done.stderr) == TASK_WHERE_RUN
    assert "schema" not in done.stderr and "required property" not in done.stderr


@pytest.mark.parametrize("main,args", [(oracle.main, []), (score.main, []), (run_agent.main, ["--agent", "nop"])])
def test_a_task_record_file_given_to_a_later_stage_in_process(task_records, tmp_path, capsys, main, args):
    records = tmp_path / "tasks.jsonl"
    records.write_text(task_records)
    assert main([str(records), *args]) == 2
    assert one_error(capsys.readouterr().err) == TASK_WHERE_RUN


def test_a_run_record_piped_to_isolate_asks_for_task_records(task_records, tmp_path, capsys):
    isolated = in_dir(tmp_path, "bench.isolate", "-", "--results", str(tmp_path / "r"), stdin=task_records)
    assert isolated.returncode == 0, isolated.stderr
    again = tmp_path / "isolated.jsonl"
    again.write_text(isolated.stdout)
    assert isolate.main([str(again), "--results", str(tmp_path / "r2")]) == 2
    assert one_error(capsys.readouterr().err) == ("error: run fix-add/0: this is a run record (isolate's output), "
                                                  "not a task record; pass a task record (validate's output)")
    assert not (tmp_path / "r2" / "runs").exists()


def test_a_graded_run_given_where_a_summary_belongs_says_run_score_first(summary, tmp_path, capsys):
    run = json.loads(next(summary.parent.glob("runs/*/*/run.json")).read_text())
    fake = tmp_path / "summary.json"
    fake.write_text(json.dumps(run))
    assert render.main([str(fake), "--out", str(tmp_path / "site")]) == 2
    line = one_error(capsys.readouterr().err)
    assert line.endswith("this is a run record (oracle's output), not a summary; run score first"), line


def test_the_same_kind_with_a_bad_field_still_names_the_field(task_records, tmp_path):
    isolated = in_dir(tmp_path, "bench.isolate", "-", "--results", str(tmp_path / "r"), stdin=task_records)
    bad = [{**record, "rep": "zero"} for record in jsonl(isolated.stdout)]
    done = in_dir(tmp_path, "bench.run_agent", "-", "--agent", "nop", stdin="\n".join(map(json.dumps, bad)))
    assert done.returncode == 2 and "rep: 'zero' is not of type 'integer'" in one_error(done.stderr)


@pytest.mark.parametrize("record,says", [
    ({"schema": ["localagentbench/task@1"], "id": "a"}, "'run_id' is a required property"),
    ({"schema": "localagentbench/task@1", "id": "a\nerror: forged"}, "this is a task record"),
    ({"schema": "localagentbench/probe@1"}, "this is a probe record (doctor --probe's output), not a run record; "
                                            "pass a run record (isolate's output)"),
])
def test_a_hostile_schema_tag_or_name_is_still_one_line(tmp_path, record, says):
    done = in_dir(tmp_path, "bench.oracle", "-", stdin=json.dumps(record) + "\n")
    assert done.returncode == 2 and says in one_error(done.stderr)
    assert "forged" not in done.stderr


# --- a suite that is not here ---------------------------------------------------------------------------------


@pytest.mark.parametrize("command", [["check"], ["list-tasks"], ["run", "--agent", "nop"], ["verify"]])
def test_outside_a_checkout_the_error_names_tasks_dir(tmp_path, monkeypatch, capsys, command):
    monkeypatch.chdir(tmp_path)
    assert cli.main(command) == 2
    line = one_error(capsys.readouterr().err)
    assert line == (f"error: tasks: no such task file or directory (looked in {tmp_path}); "
                    "pass --tasks DIR, the suite's tasks/ directory"), line


def test_outside_a_checkout_as_typed(tmp_path):
    done = in_dir(tmp_path, "bench", "check")
    assert done.returncode == 2 and "pass --tasks DIR" in one_error(done.stderr)
    empty = tmp_path / "empty"
    empty.mkdir()
    done = in_dir(tmp_path, "bench", "check", "--tasks", "empty")
    assert done.returncode == 2 and one_error(done.stderr) == \
        "error: empty: no task files (*.yaml) found; add tasks or pass --tasks DIR, the suite's tasks/ directory"


def test_the_validate_stage_keeps_its_positional_spelling(tmp_path):
    done = in_dir(tmp_path, "bench.validate")
    assert done.returncode == 2 and one_error(done.stderr).endswith("; pass the tasks/ directory")


@pytest.mark.parametrize("command", ["check", "list-tasks"])
def test_check_help_describes_tasks(command, capsys):
    with pytest.raises(SystemExit):
        cli.main([command, "--help"])
    text = " ".join(capsys.readouterr().out.split())
    assert "--tasks DIR the suite's tasks directory" in text and "default: tasks, relative to the current" in text


# --- doctor --probe with the server down ----------------------------------------------------------------------


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def test_doctor_probe_with_the_server_down_prints_the_failure_and_fix_only(tmp_path, monkeypatch, capsys):
    monkeypatch.setenv("OLLAMA_HOST", f"127.0.0.1:{free_port()}")
    assert cli.main(["doctor", "--probe", "qwen3:8b"]) == 1
    lines = capsys.readouterr().out.splitlines()
    probe = next(i for i, line in enumerate(lines) if line.startswith("fail  probe"))
    assert "error_unreachable" in lines[probe] and "-> fix: start Ollama" in lines[probe], lines[probe]
    assert lines[probe + 1:] == [lines[-1]] and lines[-1].startswith("fail  doctor"), lines[probe:]
    assert not any("not asked" in line or "protocol" in line for line in lines)
    done = in_dir(tmp_path, "bench", "doctor", "--probe", "qwen3:8b", "--json")
    record = json.loads(done.stdout)
    assert done.returncode == 1 and "not asked" not in done.stderr
    assert all("not asked" in p["detail"] for p in record["probe"]["protocols"].values()), "the record keeps them"


def test_doctor_probe_that_reached_the_model_still_prints_its_figures(monkeypatch, capsys):
    with fakellm.serve(CANARY) as server:
        monkeypatch.setenv("OLLAMA_HOST", server.url)
        assert cli.main(["doctor", "--probe", "canary-pass", "--context-tokens", "0"]) in (0, 1)
    out = capsys.readouterr().out
    assert "ollama/canary-pass: pass" in out
    assert sum(line.split()[:1] == ["protocol"] for line in out.splitlines()) == 4, out


# --- the commands a message suggests exist for how the harness was installed ----------------------------------


@pytest.fixture(scope="module")
def as_installed(tmp_path_factory) -> Path:
    """The package as a wheel lays it out: bench/ (its links to schemas/ and site-template/ resolved, as the wheel
    carries them) and localagentbench/ in a site directory with no noxfile.py beside them."""
    site = tmp_path_factory.mktemp("site-packages")
    for package in ("bench", "localagentbench"):
        shutil.copytree(REPO / package, site / package, symlinks=False, ignore=shutil.ignore_patterns("__pycache__"))
    assert not (site / "noxfile.py").exists()
    return site


def installed_env(site: Path, home: Path, **extra: str) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if not k.startswith(("LOCALAGENTBENCH_", "XDG_"))}
    return {**env, "PYTHONPATH": str(site), "HOME": str(home), "PATH": "/usr/bin:/bin", **extra}


def console_scripts() -> set[str]:
    try:
        import tomllib
    except ImportError:  # Python 3.10
        import tomli as tomllib
    return set(tomllib.loads((REPO / "pyproject.toml").read_text())["project"]["scripts"])


def test_an_installed_harness_suggests_the_console_script_not_nox(as_installed, tmp_path):
    home = tmp_path / "home"
    env = installed_env(as_installed, home, OLLAMA_HOST=f"127.0.0.1:{free_port()}")
    done = subprocess.run([sys.executable, "-m", "bench", "doctor"], cwd=tmp_path, capture_output=True, text=True,
                          timeout=300, env=env)
    # The interpreter's own path may hold "nox" (CI runs the tests from .nox/tests); what is suggested may not.
    advice = [line.split("-> fix:", 1)[1] for line in done.stdout.splitlines() if "-> fix:" in line]
    assert advice and not any("nox" in a for a in advice) and "nox -s" not in done.stdout + done.stderr, done.stdout
    agents_dir = home / ".local" / "share" / "localagentbench" / ".agents"
    assert "fail  agents         no agent CLI found" in done.stdout
    assert "-> fix: localagentbench install-agents" in done.stdout and f"{agents_dir}/" in done.stdout, done.stdout
    run = subprocess.run([sys.executable, "-m", "bench", "run", "--agent", "opencode", "--model", "qwen3:8b",
                          "--tasks", str(REPO / "tasks"), "--out", str(tmp_path / "o")], cwd=tmp_path,
                         capture_output=True, text=True, timeout=300, env=env)
    assert run.returncode == 2 and "install it with `localagentbench install-agents` or `npm install " in run.stderr
    assert "nox" not in run.stderr, run.stderr
    # What is suggested exists: the console script pyproject declares, with that subcommand.
    script, subcommand = "localagentbench install-agents".split()
    assert script in console_scripts() and subcommand in cli.PASSTHROUGH


def test_a_checkout_still_suggests_its_nox_session(tmp_path):
    from bench.agents import binaries, get_spec, names
    missing = {binaries.env_var(spec.binary): str(tmp_path / "missing")
               for spec in map(get_spec, names()) if spec.binary}
    done = subprocess.run([sys.executable, "-m", "bench", "doctor"], cwd=tmp_path, capture_output=True, text=True,
                          timeout=300, env={**os.environ, "PYTHONPATH": str(REPO), "OLLAMA_HOST": "127.0.0.1:9",
                                            **missing})
    assert "no agent CLI found: only oracle, nop, mock, command can run  -> fix: nox -s install-agents" \
        in done.stdout, done.stdout


def fake_agents(agents_dir: Path, version_of: dict[str, str]) -> None:
    """Each registered CLI where install-agents puts it, printing its pinned version."""
    from bench.agents import get_spec, names
    for name in names():
        spec = get_spec(name)
        if spec.install is None:
            continue
        python = [f"{spec.install.venv}/bin/python"] if spec.install.venv else []
        for rel in (spec.install.location, *python):
            path = agents_dir / rel
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_text(f"#!/bin/sh\necho '{version_of.get(name, spec.pinned_version)}'\n")
            path.chmod(0o755)
        if spec.install.kind == "npm" and spec.install.metadata_version:   # its version read from package.json
            package = agents_dir / "node_modules" / spec.install.package / "package.json"
            package.parent.mkdir(parents=True, exist_ok=True)
            package.write_text(json.dumps({"name": spec.install.package,
                                           "version": version_of.get(name, spec.pinned_version)}))


def test_install_agents_installed_runs_each_check_where_doctor_looks(as_installed, tmp_path):
    home = tmp_path / "home dir é"
    data = home / "data"
    env = installed_env(as_installed, home, XDG_DATA_HOME=str(data), OLLAMA_HOST=f"127.0.0.1:{free_port()}")
    dry = subprocess.run([sys.executable, "-m", "bench", "install-agents", "--dry-run"], cwd=tmp_path,
                         capture_output=True, text=True, timeout=300, env=env)
    assert dry.returncode == 0 and "would run (in .agents): npm install" in dry.stderr, dry.stderr
    assert f"install-agents: under {data / 'localagentbench'} (" in dry.stderr
    assert not (data / "localagentbench").exists(), "a dry run creates nothing"
    fake_agents(data / "localagentbench" / ".agents", {})
    done = subprocess.run([sys.executable, "-m", "bench", "install-agents"], cwd=tmp_path, capture_output=True,
                          text=True, timeout=300, env=env)
    assert done.returncode == 0, done.stderr
    assert "npm install" not in done.stderr and "--version" in done.stderr, "installed ones are only checked"
    doctor = subprocess.run([sys.executable, "-m", "bench", "doctor"], cwd=tmp_path, capture_output=True, text=True,
                            timeout=300, env=env)
    assert "ok    opencode" in doctor.stdout and "the pinned version" in doctor.stdout, doctor.stdout


def test_install_agents_names_the_command_that_failed(as_installed, tmp_path):
    data = tmp_path / "data"
    env = installed_env(as_installed, tmp_path, XDG_DATA_HOME=str(data))
    fake_agents(data / "localagentbench" / ".agents", {})
    broken = data / "localagentbench" / ".agents" / "node_modules" / ".bin" / "opencode"
    broken.write_text("#!/bin/sh\nexit 3\n")
    done = subprocess.run([sys.executable, "-m", "bench", "install-agents"], cwd=tmp_path, capture_output=True,
                          text=True, timeout=300, env=env)
    assert done.returncode == 2
    assert done.stderr.strip().splitlines()[-1] == (
        f"error: `.agents/node_modules/.bin/opencode --version` (in {data / 'localagentbench'}) exited 3; "
        "fix what it printed above and run install-agents again")
