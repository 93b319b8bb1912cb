"""`localagentbench run` as a user types it: the model server down before the first run, the default agent,
`--task` past a broken file elsewhere in the suite, an unknown `--task`, and why runs of a stopped run are missing."""
from __future__ import annotations

import json
import socket
from pathlib import Path

import pytest

from bench import cli, fakellm
from conftest import REPO, run_cli

CANARY = REPO / "bench" / "fakellm_scripts" / "canary.yaml"


def closed_port() -> int:
    """A port on 127.0.0.1 that nothing listens on once this returns: connecting to it is refused."""
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


@pytest.fixture
def opencode(tmp_path, monkeypatch) -> Path:
    """A stand-in opencode binary: it prints its version, and leaves a mark each time a run starts it."""
    marks = tmp_path / "opencode-runs"
    stub = tmp_path / "bin" / "opencode"
    stub.parent.mkdir()
    stub.write_text(f'#!/bin/sh\nif [ "$1" = "--version" ]; then echo 1.18.33; exit 0; fi\necho "$@" >> {marks}\n')
    stub.chmod(0o755)
    monkeypatch.setenv("LOCALAGENTBENCH_OPENCODE_BIN", str(stub))
    return marks


def _runs(out: Path) -> list[Path]:
    return sorted(out.glob("runs/*/*/run.json"))


@pytest.mark.parametrize("only", [[], ["calib-hello"]])
def test_a_model_server_that_is_down_stops_before_the_first_run_with_one_line(suite, tmp_path, opencode, only,
                                                                              monkeypatch):
    """`python -m bench run --agent opencode --model qwen3:8b` with nothing listening at OLLAMA_HOST: the harness's
    own warm-up is refused, so no run starts (none of the three the old streak rule spent), the one stderr line
    names the server, the fix and --resume, and exits non-zero; the bundle is there for --resume to continue."""
    port = closed_port()
    out = tmp_path / "out dir"
    args = ["run", "--agent", "opencode", "--model", "qwen3:8b", "--tasks", str(suite / "tasks"), "--out", str(out)]
    for task_id in only:
        args += ["--task", task_id]
    env_port = f"127.0.0.1:{port}"
    monkeypatch.setenv("OLLAMA_HOST", env_port)
    done = run_cli(*args)
    assert done.returncode == 3, done.stderr
    lines = done.stderr.splitlines()
    assert len(lines) == 1, done.stderr
    line = lines[0]
    assert line.startswith(f"error: the model server at http://{env_port} (Connection refused) cannot be reached")
    assert "`ollama serve`" in line and "OLLAMA_HOST" in line and line.endswith("--resume"), line
    assert "no run was scored" not in line and "Traceback" not in done.stderr
    assert _runs(out) == [] and not opencode.exists(), "no run may start against a server that refused the warm-up"
    config = json.loads((out / "run-config.json").read_text())
    planned = len(config["grid"])
    assert planned == (len(only) or len(list((suite / "tasks").glob("*.yaml"))))
    summary = json.loads((out / "summary.json").read_text())
    assert len(summary["missing"]) == planned
    assert not any("a shard not given" in w for w in summary["warnings"]), summary["warnings"]
    assert any("could not be reached" in w and "--resume" in w for w in summary["warnings"]), summary["warnings"]
    assert json.loads(done.stdout)["results"] == str(out.resolve())


def test_the_resume_hint_names_the_default_results_path_and_resume_then_runs(suite, tmp_path, opencode, monkeypatch,
                                                                             capsys):
    """Without --out the hint names results/<run id>, the folder the run wrote; with the server up, that
    --resume runs every planned run."""
    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("OLLAMA_HOST", f"127.0.0.1:{closed_port()}")
    args = ["run", "--model", "canary-pass", "--tasks", str(suite / "tasks"), "--task", "fix-add", "--sandbox", "none"]
    assert cli.main(args) == 3
    err = capsys.readouterr().err
    (made,) = (tmp_path / "results").iterdir()
    assert err.count("\n") == 1 and err.rstrip().endswith(f"--out results/{made.name} --resume"), err
    with fakellm.serve(CANARY) as server:
        monkeypatch.setenv("OLLAMA_HOST", server.url)
        cli.main([*args, "--out", f"results/{made.name}", "--resume"])
    records = [json.loads(p.read_text()) for p in _runs(made)]
    assert [(r["task_id"], r["agent"]["name"]) for r in records] == [("fix-add", "opencode")]
    assert opencode.exists(), "the agent ran once the server was up"


def test_run_without_agent_evaluates_the_default_agent_opencode(suite, tmp_path, opencode, monkeypatch, capsys):
    """`run --task ID --keep-workdir` (no --agent): the documented default agent, opencode, runs the task."""
    with fakellm.serve(CANARY) as server:
        monkeypatch.setenv("OLLAMA_HOST", server.url)
        cli.main(["run", "--task", "fix-add", "--keep-workdir", "--model", "canary-pass", "--tasks",
                  str(suite / "tasks"), "--out", str(tmp_path / "o"), "--sandbox", "none"])
    err = capsys.readouterr().err
    assert "required" not in err, err
    (record,) = [json.loads(p.read_text()) for p in _runs(tmp_path / "o")]
    assert record["agent"]["name"] == "opencode" and record["agent"]["version"] == "1.18.33"
    assert opencode.read_text().strip(), "the stand-in opencode was started for the run"


def test_the_original_spelling_runs_with_the_default_agent_and_model_and_says_where_the_workdir_is(
        suite, tmp_path, opencode, monkeypatch, capsys):
    """`run --task ID --keep-workdir`, nothing else the original spelling names: opencode on qwen3:8b (the
    defaults, the model said on stderr), and the kept workdir's path printed for the run."""
    with fakellm.serve({"models": {"qwen3:8b": {"turns": ["done"]}}}) as server:
        monkeypatch.setenv("OLLAMA_HOST", server.url)
        code = cli.main(["run", "--task", "fix-add", "--keep-workdir", "--tasks", str(suite / "tasks"),
                         "--out", str(tmp_path / "o"), "--sandbox", "none"])
    err = capsys.readouterr().err
    assert code in (0, 1) and "required" not in err, err
    assert "--model not given: qwen3:8b (the default)" in err, err
    (record,) = [json.loads(p.read_text()) for p in _runs(tmp_path / "o")]
    assert (record["agent"]["name"], record["model"]["id"]) == ("opencode", "ollama/qwen3:8b")
    (kept,) = [line for line in err.splitlines() if line.startswith("kept workdir: fix-add rep 0: ")]
    assert kept.split(": ", 2)[2] == record["paths"]["workdir"] and Path(record["paths"]["workdir"]).is_dir()


BROKEN = {
    "bad YAML": ("zz-broken.yaml", "id: [unclosed\n", "line "),
    "unknown field": ("zz-broken.yaml", None, "bogus_field: unknown field"),
    "a symlink to nowhere": ("zz-broken.yaml", "->", "(file)"),
}


def _break(tasks: Path, how: str) -> Path:
    name, text, _ = BROKEN[how]
    path = tasks / name
    if text == "->":
        path.symlink_to(tasks / "no such file.yaml")
    elif text is None:   # a valid task copied, then one field it may not have
        path.write_text((tasks / "fix-add.yaml").read_text().replace("id: fix-add", "id: zz-broken")
                        + "bogus_field: 1\n")
    else:
        path.write_text(text)
    return path


@pytest.mark.parametrize("how", sorted(BROKEN))
def test_a_broken_task_file_elsewhere_does_not_stop_the_task_asked_for(suite, tmp_path, capsys, how):
    broken = _break(suite / "tasks", how)
    out = tmp_path / "o"
    code = cli.main(["run", "--agent", "oracle", "--tasks", str(suite / "tasks"), "--task", "fix-add",
                     "--out", str(out), "--sandbox", "none"])
    err = capsys.readouterr().err
    assert code == 0, err
    warnings = [line for line in err.splitlines() if str(broken) in line]
    assert len(warnings) == 1 and warnings[0].startswith(f"warning: {broken}: "), err
    assert "not asked for, not run" in warnings[0]
    assert [p.parent.parent.name for p in _runs(out)] == ["fix-add"]
    # Asked for, the broken file is the error: file and field named, nothing run.
    code = cli.main(["run", "--agent", "oracle", "--tasks", str(suite / "tasks"), "--task", "zz-broken",
                     "--out", str(tmp_path / "p")])
    err = capsys.readouterr().err
    assert code == 2 and f"{broken}: {BROKEN[how][2]}" in err and "Traceback" not in err, err
    assert not (tmp_path / "p").exists()
    # The whole suite still refuses to half-run.
    assert cli.main(["run", "--agent", "oracle", "--tasks", str(suite / "tasks"), "--out", str(tmp_path / "q")]) == 2
    assert not (tmp_path / "q").exists()


def test_a_file_that_claims_the_asked_id_under_another_name_is_the_asked_tasks_error(suite, tmp_path, capsys):
    (suite / "tasks" / "other name.yaml").write_text((suite / "tasks" / "fix-add.yaml").read_text())
    code = cli.main(["run", "--agent", "oracle", "--tasks", str(suite / "tasks"), "--task", "fix-add",
                     "--out", str(tmp_path / "o")])
    err = capsys.readouterr().err
    assert code == 2 and "other name.yaml: id: 'fix-add' does not match the file name" in err, err


@pytest.mark.parametrize("typed, near", [("fix-ad", "fix-add"), ("zzzz", None)])
def test_an_unknown_task_is_named_with_the_tasks_dir_and_near_ids(suite, tmp_path, capsys, typed, near):
    code = cli.main(["run", "--agent", "oracle", "--tasks", str(suite / "tasks"), "--task", typed,
                     "--out", str(tmp_path / "o")])
    err = capsys.readouterr().err
    assert code == 2 and err.count("\n") == 1, err
    assert f"no task named {typed} in {suite / 'tasks'}" in err and "problem(s) in the task files" not in err
    assert (f"did you mean {near}" in err) if near else ("did you mean" not in err), err
    assert not (tmp_path / "o").exists()


@pytest.mark.parametrize("run_id", ["../elsewhere", "a b/c", "..", ".hidden", ""])
def test_a_run_id_that_is_not_one_path_component_is_refused_before_anything_is_written(suite, tmp_path, capsys,
                                                                                        monkeypatch, run_id):
    """`--run-id ../elsewhere` wrote the bundle beside results/ (its default folder is results/<run id>), and
    `a b/c` nested it; the id is refused in one line naming the flag and what an id holds, nothing written."""
    here = tmp_path / "here"
    here.mkdir()
    monkeypatch.chdir(here)
    assert cli.main(["run", "--agent", "nop", "--tasks", str(suite / "tasks"), "--task", "fix-add",
                     "--run-id", run_id]) == 2
    err = capsys.readouterr().err.strip()
    assert len(err.splitlines()) == 1 and "argument --run-id:" in err and "is not a run id" in err, err
    assert sorted(p.name for p in tmp_path.iterdir()) == ["here", "suite"] and not list(here.iterdir())
