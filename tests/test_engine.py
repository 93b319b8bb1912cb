"""evaluate (`localagentbench run`): jobs, retries, Ctrl-C, SIGKILL + --resume, shards merged by score."""
from __future__ import annotations

import json
import os
import shutil
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from bench import cli, engine, score, validate
from bench.common.errors import UserError
from bench.common.records import read_records
from conftest import REPO, add_task

SLOW_AGENT = "sleep 0.4; date +%s%N"


@pytest.fixture
def ten(tmp_path: Path) -> Path:
    """A suite of ten small tasks."""
    root = tmp_path / "ten"
    for i in range(10):
        add_task(root, f"t{i}", f"m{i}", buggy=f"def f():\n    return {i}\n", fixed=f"def f():\n    return {i + 1}\n",
                 visible_test=f"import unittest\nfrom m{i} import f\n\nclass T(unittest.TestCase):\n"
                              f"    def test_f(self):\n        self.assertEqual(f(), {i + 1})\n")
    return root


def _spawn(*args: str) -> subprocess.Popen:
    return subprocess.Popen([sys.executable, "-m", "bench", "run", *args], cwd=REPO, stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE, text=True, env={**os.environ, "PYTHONPATH": str(REPO)},
                            start_new_session=True, preexec_fn=_as_from_a_terminal)


def _as_from_a_terminal() -> None:
    """Ctrl-C reaches the run as it does from a terminal: a shell that started this test suite in the
    background leaves SIGINT ignored, and a Python started that way never turns it into KeyboardInterrupt."""
    signal.signal(signal.SIGINT, signal.SIG_DFL)


def _graded(out: Path) -> list[Path]:
    found = []
    for path in out.glob("runs/*/*/run.json"):
        try:
            if json.loads(path.read_text())["stage"] == "graded":
                found.append(path)
        except (ValueError, OSError):
            pass
    return found


def _wait_for(out: Path, n: int, proc: subprocess.Popen, limit_s: float = 120) -> None:
    deadline = time.monotonic() + limit_s
    while len(_graded(out)) < n:
        assert proc.poll() is None, proc.communicate()
        assert time.monotonic() < deadline, "the run made no progress"
        time.sleep(0.05)


@pytest.mark.slow
def test_sigkill_halfway_then_resume_reruns_nothing_finished(ten, tmp_path):
    out = tmp_path / "o"
    args = ["--agent", "command", "--agent-cmd", SLOW_AGENT, "--tasks", str(ten / "tasks"), "--out", str(out)]
    proc = _spawn(*args)
    _wait_for(out, 4, proc)
    os.killpg(proc.pid, signal.SIGKILL)
    proc.wait()
    finished = {p.parent: (p.parent / "agent.stdout.log").read_text() for p in _graded(out)}
    assert 4 <= len(finished) < 10
    assert not (out / "summary.json").exists()
    done = subprocess.run([sys.executable, "-m", "bench", "run", *args, "--resume"], cwd=REPO, capture_output=True,
                          text=True, env={**os.environ, "PYTHONPATH": str(REPO)}, timeout=300)
    assert done.returncode == 0, done.stderr
    assert f"{len(finished)} already done" in done.stderr
    for run_dir, stdout in finished.items():
        assert (run_dir / "agent.stdout.log").read_text() == stdout, f"{run_dir} was re-run"
    summary = json.loads((out / "summary.json").read_text())
    assert summary["groups"][0]["n_runs"] == 10 and summary["incomplete"] == [] and summary["duplicates"] == []
    assert len({r["run_id"] for r in summary["runs"]}) == 1


def test_ctrl_c_keeps_finished_runs_and_scores_them(ten, tmp_path):
    out = tmp_path / "o"
    proc = _spawn("--agent", "command", "--agent-cmd", "sleep 2", "--tasks", str(ten / "tasks"), "--out", str(out))
    _wait_for(out, 2, proc)
    time.sleep(0.8)  # the third run is now in its 2 s agent phase
    os.killpg(proc.pid, signal.SIGINT)
    stdout, stderr = proc.communicate(timeout=60)
    assert proc.returncode == 130, stderr
    assert "Traceback" not in stderr and "a shard not given" not in stderr, stderr
    assert "interrupted (Ctrl-C)" in stderr and stderr.rstrip().endswith("plus --resume"), stderr
    summary = json.loads((out / "summary.json").read_text())
    assert summary["groups"][0]["n_runs"] >= 2
    assert [i["stage"] for i in summary["incomplete"]] == ["interrupted"]
    assert json.loads(stdout)["summary"].endswith("summary.json")


def test_a_corrupt_run_json_is_rerun_not_scored(ten, tmp_path, capsys):
    out = tmp_path / "o"
    base = ["run", "--agent", "oracle", "--tasks", str(ten / "tasks"), "--task", "t1", "--task", "t2",
            "--out", str(out)]
    assert cli.main(base) == 0
    broken = out / "runs" / "t1" / "0" / "run.json"
    broken.write_text(broken.read_text()[:100])
    kept = (out / "runs" / "t2" / "0" / "run.json").read_text()
    assert cli.main([*base, "--resume"]) == 0
    assert json.loads(broken.read_text())["outcome"] == "passed"
    assert (out / "runs" / "t2" / "0" / "run.json").read_text() == kept
    assert "1 already done" in capsys.readouterr().err


def test_resume_refuses_different_arguments(ten, tmp_path, capsys):
    out = tmp_path / "o"
    assert cli.main(["run", "--agent", "oracle", "--tasks", str(ten / "tasks"), "--task", "t1", "--out", str(out)]) == 0
    assert cli.main(["run", "--agent", "nop", "--tasks", str(ten / "tasks"), "--task", "t1", "--out", str(out),
                     "--resume"]) == 2
    assert "was run with agent 'oracle', not 'nop'" in capsys.readouterr().err
    assert cli.main(["run", "--agent", "oracle", "--tasks", str(ten / "tasks"), "--out", str(tmp_path / "new"),
                     "--resume"]) == 2
    assert "not a run bundle" in capsys.readouterr().err


def test_jobs_run_concurrently_and_are_recorded(ten, tmp_path, capsys):
    out = tmp_path / "o"
    assert cli.main(["run", "--agent", "oracle", "--tasks", str(ten / "tasks"), "--out", str(out), "--jobs", "3"]) == 0
    summary = json.loads((out / "summary.json").read_text())
    assert summary["groups"][0]["passes"] == 10
    assert {r["sandbox"]["jobs"] for r in summary["runs"]} == {3}
    assert json.loads((out / "run-config.json").read_text())["jobs"] == 3
    assert summary["groups"][0]["jobs"] == [3]
    from bench import render
    paths = render.render(summary, out)
    assert "concurrency --jobs 3" in Path(paths["report"]).read_text(), "the report records the concurrency used"


def test_infra_errors_are_retried_with_backoff_and_agent_failures_never(ten, tmp_path, monkeypatch, capsys):
    tasks, _ = validate.validate([str(ten / "tasks")], ["t1"])
    # The first attempt's adapter reports the model server unreachable, and the harness's own health check
    # agrees (nothing listens on the port): an infra error, retried; the second attempt fails honestly.
    import socket

    from bench.agents import command
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        monkeypatch.setenv("OLLAMA_HOST", f"127.0.0.1:{sock.getsockname()[1]}")
    real_parse, calls = command.parse, []

    def parse_claiming_infra_once(ctx, result):
        signals = real_parse(ctx, result)
        calls.append(1)
        if len(calls) == 1:
            signals.infra_error = "model server unreachable"
        return signals

    monkeypatch.setattr(command, "parse", parse_claiming_infra_once)
    spec = engine.build_spec("command", "ollama/m", {"agent_cmd": "echo tried"}, sandbox_requested="none")
    summary, _ = engine.evaluate(tasks, spec, engine.Plan(out=tmp_path / "o", retries=2, backoff_s=0.01))
    run = summary["runs"][0]
    assert run["outcome"] == "failed" and summary["groups"][0]["infra_errors"] == 0
    err = capsys.readouterr().err
    assert "retry 1/2" in err and "after 2 attempts" in err
    summary, _ = engine.evaluate(tasks, engine.build_spec("command", None, {"agent_cmd": "exit 3"}),
                                 engine.Plan(out=tmp_path / "p", retries=2, backoff_s=0.01))
    assert summary["runs"][0]["outcome"] == "agent_error"
    assert "retry" not in capsys.readouterr().err


def test_shards_partition_the_grid_and_merge(ten, tmp_path, capsys):
    tasks, _ = validate.validate([str(ten / "tasks")])
    cells = engine.isolate.plan(tasks, 3)
    shards = [engine.shard_grid(cells, (k, 4)) for k in range(1, 5)]
    keys = [(t["id"], r) for shard in shards for t, r in shard]
    assert sorted(keys) == sorted((t["id"], r) for t, r in cells) and len(set(keys)) == len(keys)
    assert [len(s) for s in shards] == [8, 8, 7, 7]
    outs = []
    for k in (1, 2):
        out = tmp_path / f"s{k}"
        assert cli.main(["run", "--agent", "oracle", "--tasks", str(ten / "tasks"), "--repeat", "2",
                         "--shard", f"{k}/2", "--run-id", "sharded", "--out", str(out)]) == 0
        outs.append(str(out))
    merged = score.score(read_records(outs))
    assert merged["groups"][0]["n_runs"] == 20 and merged["duplicates"] == []
    assert merged["groups"][0]["pass_at_k"] == {"1": 1.0, "2": 1.0}
    again = score.score(read_records([outs[0], outs[0], outs[1]]))
    assert len(again["duplicates"]) == 10


@pytest.mark.slow
def test_shards_moved_elsewhere_merge_and_report_with_their_logs(ten, tmp_path, capsys, snapshot_cache):
    """Shards come back as CI artifacts or copies off a cluster node: somewhere other than where they ran."""
    for k in (1, 2):
        assert cli.main(["run", "--agent", "oracle", "--tasks", str(ten / "tasks"), "--shard", f"{k}/2",
                         "--run-id", "moved", "--out", str(tmp_path / "ran" / f"s{k}")]) == 0
    (tmp_path / "ran").rename(tmp_path / "fetched")
    shards = [str(tmp_path / "fetched" / f"s{k}") for k in (1, 2)]
    assert score.main([*shards, "--out", str(tmp_path / "merged.json")]) == 0
    merged = json.loads((tmp_path / "merged.json").read_text())
    assert merged["groups"][0]["n_runs"] == 10
    for run in merged["runs"]:
        run_dir = Path(run["paths"]["run_dir"])
        assert run_dir.is_relative_to(tmp_path / "fetched") and (run_dir / "patch.diff").stat().st_size > 0
        assert Path(run["paths"]["snapshot"]).is_relative_to(snapshot_cache), \
            "a fixture's snapshot is not in the bundle"
    assert cli.main(["report", "--results", str(tmp_path / "merged.json"), "--out", str(tmp_path / "report")]) == 0
    pages = list((tmp_path / "report" / "runs").glob("*.html"))
    assert len(pages) == 10 and all("diff --git" in page.read_text() for page in pages)


def test_a_moved_bundle_rebases_its_own_snapshot_paths_and_leaves_cached_ones(tmp_path, snapshot_cache):
    old = tmp_path / "ran" / "bundle"
    run = {"paths": {"run_dir": str(old / "runs" / "git-task" / "0"),
                     "snapshot": str(old / "snapshots" / "git-task" / "tree"),
                     "base_git": str(snapshot_cache / "snapshots" / "v1" / "fix-x" / "tree" / ".git")}}
    new_run_dir = tmp_path / "fetched" / "bundle" / "runs" / "git-task" / "0"
    new_run_dir.mkdir(parents=True)
    (new_run_dir / "run.json").write_text(json.dumps(run))
    [read] = read_records([str(new_run_dir / "run.json")])
    assert read["paths"]["run_dir"] == str(new_run_dir)
    assert read["paths"]["snapshot"] == str(tmp_path / "fetched" / "bundle" / "snapshots" / "git-task" / "tree")
    assert read["paths"]["base_git"] == run["paths"]["base_git"], "a path outside the bundle is not moved"


@pytest.mark.parametrize("text", ["3", "0/2", "3/2", "a/b"])
def test_bad_shard(text):
    with pytest.raises(UserError, match="--shard"):
        engine.parse_shard(text)


def test_runs_record_model_metadata_and_an_untimed_warm_up(ten, tmp_path, monkeypatch, capsys):
    from bench import fakellm

    with fakellm.serve(REPO / "bench" / "fakellm_scripts" / "canary.yaml") as server:
        monkeypatch.setenv("OLLAMA_HOST", server.url)
        assert cli.main(["run", "--agent", "command", "--agent-cmd", "true", "--model", "ollama/canary-pass",
                         "--tasks", str(ten / "tasks"), "--task", "t1", "--task", "t2",
                         "--out", str(tmp_path / "o")]) == 0
        warm_ups = [r for r in server.chat_requests()]
    summary = json.loads((tmp_path / "o" / "summary.json").read_text())
    for run in summary["runs"]:
        assert run["model"]["id"] == "ollama/canary-pass"
        assert run["model"]["load_s"] == 0.05, "the load time the server reported for the warm-up"
    assert summary["groups"][0]["load_s"] == 0.05
    assert len(warm_ups) == 1, "one warm-up per evaluation, not per task"
    config = json.loads((tmp_path / "o" / "run-config.json").read_text())
    assert config["model_info"]["load_s"] == 0.05


@pytest.mark.parametrize("jobs", [1, 3])
def test_a_run_the_harness_raises_on_is_recorded_counted_and_the_rest_go_on(ten, tmp_path, monkeypatch, jobs):
    """The same with one worker or several: the run is booked agent_error (flag harness_exception), it stays
    in n, every other run is graded and the summary is written."""
    tasks, _ = validate.validate([str(ten / "tasks")])
    real_grade = engine.oracle.grade_one

    def grade_one(record, ahead=None, started=None):
        if record["task_id"] == "t3":
            if ahead:
                ahead.discard()
            raise RuntimeError("grading blew up")
        return real_grade(record, ahead, started)

    monkeypatch.setattr(engine.oracle, "grade_one", grade_one)
    summary, interrupted = engine.evaluate(tasks, engine.build_spec("oracle", None, sandbox_requested="none"),
                                           engine.Plan(out=tmp_path / "o", jobs=jobs))
    assert not interrupted
    by_task = {run["task_id"]: run for run in summary["runs"]}
    assert len(by_task) == 10
    assert by_task["t3"]["outcome"] == "agent_error" and "harness_exception" in by_task["t3"]["flags"]
    assert all(by_task[f"t{i}"]["outcome"] == "passed" for i in range(10) if i != 3)
    group = summary["groups"][0]
    assert group["n_scored_runs"] == 10 and group["passes"] == 9 and group["pass_at_1"] == pytest.approx(0.9)
    assert (tmp_path / "o" / "summary.json").is_file()


def test_an_omitted_shard_and_a_deleted_run_are_reported_missing_through_the_cli(ten, tmp_path):
    outs = {}
    for k in (1, 2):
        outs[k] = tmp_path / f"shard-{k}"
        assert cli.main(["run", "--agent", "oracle", "--tasks", str(ten / "tasks"), "--shard", f"{k}/2",
                         "--run-id", "split", "--out", str(outs[k])]) == 0
    config = json.loads((outs[1] / "run-config.json").read_text())
    assert sorted(map(tuple, config["grid"])) == sorted((f"t{i}", 0) for i in range(10)), "the whole grid, every shard"
    shard_2_cells = sorted((run.parent.name, int(run.name)) for run in (outs[2] / "runs").glob("*/*"))
    done = subprocess.run([sys.executable, "-m", "bench.score", str(outs[1]), "--out", str(tmp_path / "s.json")],
                          cwd=REPO, capture_output=True, text=True, env={**os.environ, "PYTHONPATH": str(REPO)})
    assert done.returncode == 0, done.stderr
    summary = json.loads((tmp_path / "s.json").read_text())
    assert sorted((m["task_id"], m["rep"]) for m in summary["missing"]) == shard_2_cells and len(shard_2_cells) == 5
    group = summary["groups"][0]
    assert (group["pass_at_1"], group["pass_at_1_strict"], group["left_out"]["missing"]) == (1.0, 0.5, 5)
    assert "5 run(s) the grid planned are missing" in done.stderr and "strict pass@1 0.500" in done.stderr
    shutil.rmtree(outs[2] / "runs" / shard_2_cells[0][0])
    assert score.main([str(outs[1]), str(outs[2]), "--out", str(tmp_path / "both.json")]) == 0
    both = json.loads((tmp_path / "both.json").read_text())
    assert [(m["task_id"], m["rep"]) for m in both["missing"]] == [shard_2_cells[0]]
    assert both["groups"][0]["pass_at_1_strict"] == 0.9 and both["groups"][0]["complete"] is False


def test_consecutive_infrastructure_errors_stop_the_run_and_resume_runs_them_again(ten, tmp_path, monkeypatch, capsys):
    import socket

    from bench.agents import command
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        monkeypatch.setenv("OLLAMA_HOST", f"127.0.0.1:{sock.getsockname()[1]}")  # nothing listens: the check agrees
    real_parse = command.parse

    def parse_claiming_infra(ctx, result):
        signals = real_parse(ctx, result)
        signals.infra_error = "model server unreachable"
        return signals

    monkeypatch.setattr(command, "parse", parse_claiming_infra)
    out = tmp_path / "o"
    args = ["run", "--agent", "command", "--agent-cmd", "true", "--model", "ollama/m", "--tasks", str(ten / "tasks"),
            "--out", str(out), "--sandbox", "none"]
    assert cli.main(args) == 3
    err = capsys.readouterr().err
    assert "error: stopped after 3 infrastructure errors in a row" in err and err.rstrip().endswith("plus --resume")
    assert "a shard not given" not in err
    assert ("warning: 7 run(s) the grid planned are not run (the run was stopped after 3 infrastructure errors in "
            "a row; `--resume` runs them)") in err
    assert len(list(out.glob("runs/*/*/run.json"))) == 3, "no run starts after the third"
    summary = json.loads((out / "summary.json").read_text())
    group = summary["groups"][0]
    assert group["pass_at_1"] is None and group["pass_at_1_strict"] == 0.0
    assert group["left_out"] == {"infra_error": 3, "incomplete": 0, "missing": 7, "total": 10}
    monkeypatch.setattr(command, "parse", real_parse)
    assert cli.main([*args, "--resume"]) == 0, "the server is back: every run, the three errors included, is run"
    summary = json.loads((out / "summary.json").read_text())
    assert summary["groups"][0]["n_scored_runs"] == 10 and summary["groups"][0]["infra_errors"] == 0


def test_a_run_with_no_scored_run_exits_non_zero_with_one_line(ten, tmp_path, monkeypatch, capsys):
    from bench.agents import command
    real_parse = command.parse

    def parse_claiming_infra(ctx, result):
        signals = real_parse(ctx, result)
        signals.infra_error = "model server unreachable"
        return signals

    monkeypatch.setenv("OLLAMA_HOST", "127.0.0.1:9")
    monkeypatch.setattr(command, "parse", parse_claiming_infra)
    assert cli.main(["run", "--agent", "command", "--agent-cmd", "true", "--model", "ollama/m", "--tasks",
                     str(ten / "tasks"), "--task", "t1", "--task", "t2", "--out", str(tmp_path / "o")]) == 3
    err = capsys.readouterr().err
    assert "pass@1 n/a over 0 scored run(s)" in err
    assert "error: no run was scored" in err


def test_a_test_runner_grading_cannot_import_stops_the_run_before_anything_is_written(ten, tmp_path, capsys):
    task = ten / "tasks" / "t3.yaml"
    task.write_text(task.read_text().replace("python -m unittest discover -s tests -t . -q",
                                             "python -m lab_no_such_runner_xyz -q"))
    out = tmp_path / "o"
    assert cli.main(["run", "--agent", "oracle", "--tasks", str(ten / "tasks"), "--out", str(out)]) == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert err == [f"error: lab_no_such_runner_xyz not importable by {sys.executable}, which grades task(s) t3; "
                   f"install it ({sys.executable} -m pip install lab_no_such_runner_xyz); nothing was run"]
    assert not out.exists() or not any(out.iterdir())
