"""isolate: fresh workdirs with one commit, git tasks at their ref, run directories never overwritten."""
from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from bench import isolate, validate
from bench.common import schema
from bench.common.errors import UserError
from bench.exec.git import git
from conftest import REPO, agent_spec, jsonl, run_cli, write


def _tasks(suite: Path, *ids: str) -> list[dict]:
    records, problems = validate.validate([str(suite / "tasks")], list(ids))
    assert not problems, problems
    return records


def _log(workdir: Path) -> list[str]:
    return git("log", "--format=%s", cwd=workdir).stdout.decode().split()


def test_fixture_task_gets_a_one_commit_workdir_and_a_snapshot(suite, tmp_path, snapshot_cache):
    write(suite / "fixtures" / "fix-add" / "__pycache__" / "calc.cpython-311.pyc", "junk")
    record = isolate.isolate_one(_tasks(suite, "fix-add")[0], tmp_path / "res", "r1", 0)
    workdir = Path(record["paths"]["workdir"])
    assert (workdir / "calc.py").read_text() == (suite / "fixtures" / "fix-add" / "calc.py").read_text()
    assert not (workdir / "__pycache__").exists()
    assert _log(workdir) == ["task"]
    assert git("status", "--porcelain", cwd=workdir).stdout == b""
    run_dir = tmp_path / "res" / "runs" / "fix-add" / "0"
    assert Path(record["paths"]["run_dir"]) == run_dir.resolve()
    base_git = Path(record["paths"]["base_git"])
    assert base_git.parent.parent.parent == snapshot_cache / "snapshots" / f"v{isolate.SNAPSHOT_LAYOUT}"
    assert base_git.parent.parent.name.startswith("fix-add-") and base_git == Path(record["paths"]["snapshot"]) / ".git"
    assert not (tmp_path / "res" / "snapshots").exists(), "a fixture's snapshot is cached, not copied into each bundle"
    assert (Path(record["paths"]["base_git"]) / "HEAD").exists()
    assert not str(workdir).startswith(str(tmp_path / "res")), "the workdir must not live inside the results"
    on_disk = json.loads((run_dir / "run.json").read_text())
    schema.check(on_disk, "run")
    assert on_disk["stage"] == "isolated" and on_disk["base_commit"] == record["base_commit"]


def _git_source(tmp_path: Path) -> Path:
    src = tmp_path / "src"
    write(src / "app.py", "VERSION = 1\n")
    env_git = lambda *a: git(*a, cwd=src)  # noqa: E731
    env_git("init", "-q", "-b", "main")
    env_git("add", "-A")
    env_git("commit", "-qm", "first")
    env_git("tag", "v1")
    (src / "app.py").write_text("VERSION = 2  # the answer lives in later history\n")
    env_git("commit", "-qam", "second")
    return src


@pytest.mark.parametrize("style", ["path", "file-url", "bundle"])
def test_git_task_is_cloned_at_its_ref_with_history_squashed(suite, tmp_path, style, snapshot_cache):
    src = _git_source(suite / "repos")  # local repositories live inside the suite, like fixtures
    if style == "path":
        url = "repos/src"
    elif style == "file-url":
        url = "file://repos/src"
    else:
        bundle = suite / "fixtures" / "app.bundle"
        git("bundle", "create", str(bundle), "--all", cwd=src)
        url = "fixtures/app.bundle"
    task_file = suite / "tasks" / "fix-max.yaml"
    task_file.write_text(task_file.read_text().replace(
        "type: fixture\n  path: fixtures/fix-max", f"type: git\n  url: {url}\n  ref: v1"))
    record = isolate.isolate_one(_tasks(suite, "fix-max")[0], tmp_path / "res", "r1", 0)
    workdir = Path(record["paths"]["workdir"])
    assert (workdir / "app.py").read_text() == "VERSION = 1\n"
    assert _log(workdir) == ["task"], "later commits (which may hold the answer) must be invisible"
    assert "second" not in git("log", "--all", "--format=%s", cwd=workdir).stdout.decode()
    # The task digest pins the commit the ref resolved to, so every git task's snapshot is cached under it.
    assert Path(record["paths"]["snapshot"]).is_relative_to(snapshot_cache)
    assert not (tmp_path / "res" / "snapshots").exists()


def test_unknown_git_ref_is_a_clear_error(suite, tmp_path):
    _git_source(suite / "repos")
    task_file = suite / "tasks" / "fix-max.yaml"
    task_file.write_text(task_file.read_text().replace(
        "type: fixture\n  path: fixtures/fix-max", "type: git\n  url: repos/src\n  ref: v9"))
    with pytest.raises(UserError, match="repo.ref: 'v9' is not a commit in repos/src"):
        isolate.isolate_one(_tasks(suite, "fix-max")[0], tmp_path / "res", "r1", 0)


def test_repeat_yields_k_runs_and_existing_runs_are_never_overwritten(suite, tmp_path):
    tasks = _tasks(suite, "fix-add", "fix-max")
    records = list(isolate.isolate(tasks, tmp_path / "res", "r1", repeat=3))
    assert [(r["task_id"], r["rep"]) for r in records] == [
        ("fix-add", 0), ("fix-add", 1), ("fix-add", 2), ("fix-max", 0), ("fix-max", 1), ("fix-max", 2)]
    run_json = tmp_path / "res" / "runs" / "fix-add" / "0" / "run.json"
    before = run_json.read_text()
    with pytest.raises(UserError, match="a run already exists"):
        isolate.isolate_one(tasks[0], tmp_path / "res", "r1", 0)
    assert run_json.read_text() == before


def test_unwritable_results_path(suite, tmp_path, capsys):
    blocker = tmp_path / "file"
    blocker.write_text("not a directory")
    tasks_jsonl = tmp_path / "tasks.jsonl"
    tasks_jsonl.write_text("\n".join(json.dumps(t) for t in _tasks(suite)) + "\n")
    assert isolate.main([str(tasks_jsonl), "--results", str(blocker / "res")]) == 2
    err = capsys.readouterr().err
    assert f"{blocker} is a file where a directory belongs; pass a --results" in err and "Traceback" not in err


def test_isolate_reads_validate_from_a_real_pipe(suite, tmp_path):
    tasks = run_cli(str(suite / "tasks"), module="bench.validate")
    assert tasks.returncode == 0, tasks.stderr
    done = run_cli("-", "--results", str(tmp_path / "res"), "--run-id", "piped", "--repeat", "2",
                   module="bench.isolate", stdin=tasks.stdout)
    assert done.returncode == 0, done.stderr
    records = jsonl(done.stdout)
    assert len(records) == 6 and {r["run_id"] for r in records} == {"piped"}
    for record in records:
        schema.check(record, "run")
        subprocess.run(["rm", "-rf", record["paths"]["workdir"]], check=True)


def test_repetitions_share_one_snapshot_and_a_new_digest_rebuilds_it(suite, tmp_path):
    task = _tasks(suite, "fix-add")[0]
    first = isolate.isolate_one(task, tmp_path / "res", "r1", 0)
    second = isolate.isolate_one(task, tmp_path / "res", "r1", 1)
    assert first["paths"]["base_git"] == second["paths"]["base_git"]
    assert first["base_commit"] == second["base_commit"]
    assert first["paths"]["workdir"] != second["paths"]["workdir"]
    (Path(first["paths"]["workdir"]) / "calc.py").write_text("changed by an agent\n")
    assert (Path(second["paths"]["workdir"]) / "calc.py").read_text().startswith("def add")
    (suite / "fixtures" / "fix-add" / "calc.py").write_text("def add(a, b):\n    return a * b\n")
    changed = _tasks(suite, "fix-add")[0]
    third = isolate.isolate_one(changed, tmp_path / "res", "r1", 2)
    assert (Path(third["paths"]["workdir"]) / "calc.py").read_text().endswith("a * b\n")
    assert third["base_commit"] != first["base_commit"]


def test_a_runs_diff_never_writes_into_the_snapshot(suite, tmp_path):
    from bench import run_agent

    task = _tasks(suite, "fix-add")[0]
    record = isolate.isolate_one(task, tmp_path / "res", "r1", 0)
    objects = Path(record["paths"]["base_git"]) / "objects"
    before = sorted(p.relative_to(objects) for p in objects.rglob("*") if p.is_file())
    cmd = "echo secret-answer-from-rep-0 > answer.txt"
    done = run_agent.run_agent_one(record, agent_spec("command", {"agent_cmd": cmd}))
    assert "secret-answer-from-rep-0" in (Path(done["paths"]["run_dir"]) / "patch.diff").read_text()
    after = sorted(p.relative_to(objects) for p in objects.rglob("*") if p.is_file())
    assert after == before, "a later repetition copies the snapshot: it must not carry an earlier run's blobs"


def test_later_bundles_reuse_the_cached_snapshot_and_a_mode_change_makes_a_new_one(suite, tmp_path):
    task = _tasks(suite, "fix-add")[0]
    first = isolate.isolate_one(task, tmp_path / "b1", "r1", 0)
    tree = Path(first["paths"]["snapshot"])
    built = (tree / ".git" / "HEAD").stat().st_ino
    second = isolate.isolate_one(_tasks(suite, "fix-add")[0], tmp_path / "b2", "r2", 0)
    assert second["paths"]["snapshot"] == str(tree) and (tree / ".git" / "HEAD").stat().st_ino == built
    # The task digest covers contents; an executable bit is part of the state an agent starts from too.
    (suite / "fixtures" / "fix-add" / "calc.py").chmod(0o755)
    third = isolate.isolate_one(_tasks(suite, "fix-add")[0], tmp_path / "b3", "r3", 0)
    assert third["paths"]["snapshot"] != str(tree)
    assert (Path(third["paths"]["workdir"]) / "calc.py").stat().st_mode & 0o111
    assert third["base_commit"] != first["base_commit"], "git records the mode, so the commit differs"


def test_another_harness_version_or_git_builds_its_own_snapshot(suite, tmp_path, monkeypatch):
    import bench

    task = _tasks(suite, "fix-add")[0]
    first = Path(isolate.isolate_one(task, tmp_path / "b1", "r1", 0)["paths"]["snapshot"])
    monkeypatch.setattr(bench, "__version__", bench.__version__ + ".post1")
    second = Path(isolate.isolate_one(task, tmp_path / "b2", "r2", 0)["paths"]["snapshot"])
    monkeypatch.setattr(isolate.git, "version", lambda: "git version 99.0")
    third = Path(isolate.isolate_one(task, tmp_path / "b3", "r3", 0)["paths"]["snapshot"])
    assert len({first, second, third}) == 3 and all((p / ".git" / "HEAD").is_file() for p in (first, second, third))
    monkeypatch.undo()
    assert Path(isolate.isolate_one(task, tmp_path / "b4", "r4", 0)["paths"]["snapshot"]) == first


def test_a_snapshot_another_process_lands_first_is_the_one_used(suite, tmp_path, monkeypatch):
    """Two shards on one node build the same snapshot at once: the loser keeps the winner's, whole."""
    monkeypatch.setenv("LOCALAGENTBENCH_CACHE", str(tmp_path / "cache"))  # empty: this process must build
    task = _tasks(suite, "fix-add")[0]
    real_commit = isolate.init_single_commit
    landed = []

    def commit_while_another_process_lands(tree: Path) -> None:
        real_commit(tree)
        code = ("import sys, json; from pathlib import Path; from bench import isolate; "
                "print(isolate.snapshot(json.loads(sys.argv[1]), Path(sys.argv[2])))")
        done = subprocess.run([sys.executable, "-c", code, json.dumps(task), str(tmp_path / "other")],
                              capture_output=True, text=True, check=True, cwd=REPO)
        landed.append(done.stdout.strip())

    monkeypatch.setattr(isolate, "init_single_commit", commit_while_another_process_lands)
    record = isolate.isolate_one(task, tmp_path / "res", "r1", 0)
    assert landed and record["paths"]["snapshot"] == str(Path(landed[0]) / "tree")
    leftovers = [p.name for p in Path(landed[0]).parent.iterdir() if p.name.startswith(".")]
    assert leftovers == [], "the copy that lost the race is deleted"
    workdir = Path(record["paths"]["workdir"])
    assert (workdir / "calc.py").is_file() and _log(workdir) == ["task"]


def test_an_unwritable_cache_is_a_one_line_error_naming_the_variable(suite, tmp_path, monkeypatch):
    blocker = write(tmp_path / "not-a-dir", "a file where the cache should be\n")
    monkeypatch.setenv("LOCALAGENTBENCH_CACHE", str(blocker))
    done = run_cli("run", "--agent", "oracle", "--tasks", str(suite / "tasks"), "--task", "fix-add",
                   "--out", str(tmp_path / "out"), "--sandbox", "none")
    assert done.returncode == 2, done.stderr
    assert "LOCALAGENTBENCH_CACHE" in done.stderr and str(blocker) in done.stderr and "Traceback" not in done.stderr


def test_temporary_trees_go_where_the_variables_say_else_to_a_roomy_tmpfs(suite, tmp_path, monkeypatch):
    from bench.common import paths

    monkeypatch.delenv("LOCALAGENTBENCH_TMPDIR", raising=False)
    monkeypatch.delenv("TMPDIR", raising=False)
    assert paths.temp_root() in (paths.SHM_DIR, __import__("tempfile").gettempdir())
    monkeypatch.setenv("TMPDIR", str(tmp_path / "tmpdir"))
    assert paths.temp_root() == str(tmp_path / "tmpdir")
    ours = tmp_path / "ours"
    ours.mkdir()
    monkeypatch.setenv("LOCALAGENTBENCH_TMPDIR", str(ours))
    assert paths.temp_root() == str(ours), "the harness's own variable wins over TMPDIR"
    out = tmp_path / "out"
    done = run_cli("run", "--agent", "oracle", "--tasks", str(suite / "tasks"), "--task", "fix-add", "--out", str(out),
                   "--sandbox", "none", "--keep-workdir")
    assert done.returncode == 0, done.stderr
    record = json.loads((out / "runs" / "fix-add" / "0" / "run.json").read_text())
    assert record["success"] and record["sandbox"]["temp_root"] == str(ours)
    assert Path(record["paths"]["workdir"]).parent.parent == ours


@pytest.mark.parametrize("mounts, usable", [
    ("tmpfs /dev/shm tmpfs rw,nosuid,nodev,size=24683584k 0 0\n", True),
    ("tmpfs /dev/shm tmpfs rw,nosuid,nodev,noexec,relatime 0 0\n", False),  # scripts in a task could not run
    ("/dev/vda /dev/shm ext4 rw,relatime 0 0\n", False),
    ("tmpfs /dev/shm tmpfs rw 0 0\n/dev/vda /dev/shm ext4 rw 0 0\n", False),  # mounted over: the last one counts
    ("tmpfs /run tmpfs rw 0 0\n", False),
])
def test_dev_shm_is_used_only_as_a_tmpfs_that_runs_programs(mounts, usable):
    from bench.common import paths

    assert paths.is_exec_tmpfs(mounts, "/dev/shm") is usable


def test_the_tree_keeps_its_name_for_the_agent_and_in_every_grading_copy(tmp_path):
    """A build may read its directory's name (Exercism's CMakeLists.txt names the program after it): the agent's
    workdir and both grading copies are named after the fixture directory, and the harness's directory around
    the workdir goes with it."""
    from attack_helpers import bench as run_bench
    from conftest import build_suite
    root = build_suite(tmp_path / "suite")
    task_file = root / "tasks" / "fix-add.yaml"
    named = 'test "$(basename "$PWD")" = fix-add && '
    text = task_file.read_text()
    visible = "python -m unittest discover -s tests -t . -q"
    text = text.replace(f"    - {visible}", f"    - {named}{visible}", 1)
    text = text.replace("  command:\n    - python -m unittest discover -s heldout_tests",
                        f"  command:\n    - {named}python -m unittest discover -s heldout_tests", 1)
    assert text.count(named) == 2
    task_file.write_text(text)
    done = run_bench(tmp_path, root, 'basename "$PWD" > seen.txt; printf "def add(a, b):\\n    return a + b\\n" '
                     "> calc.py")
    record = done.graded("fix-add")
    assert record["outcome"] == "passed", (record["outcome"], record["flags"], record["oracle"], record["heldout"])
    assert "+fix-add" in done.file("patch.diff").read_text()
    assert not any(p.name.startswith("labw-") for p in (tmp_path / "trees").iterdir()), "a workdir was left behind"


def test_a_tree_name_is_one_plain_path_component_or_repo():
    from bench.common.paths import tree_name
    assert tree_name({"repo": {"type": "fixture", "path": "/s/fixtures/word-count"}}) == "word-count"
    assert tree_name({"repo": {"type": "git", "url": "https://example.org/a/b.git"}}) == "b"
    assert tree_name({"repo": {"type": "git", "url": "file:///srv/repos/my.lib/"}}) == "my.lib"
    for bad in ("", "/", "/s/..", "/s/-rf", "/s/a b", "/s/x\n", "/s/é", "/s/" + "a" * 101):
        assert tree_name({"repo": {"type": "fixture", "path": bad}}) == "repo", bad
